/* The API tests' HTTP client (plain sockets on 127.0.0.1, bounded by a timeout) and the
 * in-process server fixture. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "go/error.h"
#include "test_http_util.h"
#include "testutil.h"

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* True when buf holds a whole response with a Content-Length. */
static bool complete(char *buf, size_t got)
{
    buf[got] = '\0';
    char *split = strstr(buf, "\r\n\r\n");
    if (!split)
        return false;
    for (char *h = buf; h && h < split; h = strstr(h, "\r\n")) {
        h += 2;
        if (strncasecmp(h, "Content-Length:", 15) == 0) {
            size_t want = (size_t)strtoull(h + 15, NULL, 10);
            return got - (size_t)(split + 4 - buf) >= want;
        }
    }
    return false;
}

static int raw(th_resp *out, unsigned port, const void *req, size_t len, int timeout_ms,
               bool half_close)
{
    memset(out, 0, sizeof *out);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        close(fd);
        return -1;
    }
    long long deadline = now_ms() + timeout_ms;
    size_t sent = 0;
    /* Send while also reading: a server may answer (413) before taking the whole body. */
    size_t cap = 65536, got = 0;
    char *buf = malloc(cap);
    if (!buf) {
        close(fd);
        return -1;
    }
    bool write_done = len == 0;
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0)
            break;
        struct pollfd pfd = {fd, (short)(POLLIN | (write_done ? 0 : POLLOUT)), 0};
        if (poll(&pfd, 1, (int)left) <= 0)
            break;
        if (pfd.revents & POLLIN) {
            if (got + 4096 > cap) {
                char *grown = realloc(buf, cap * 2);
                if (!grown)
                    break;
                buf = grown;
                cap *= 2;
            }
            ssize_t n = recv(fd, buf + got, cap - got - 1, 0);
            if (n <= 0)
                break;
            got += (size_t)n;
            if (complete(buf, got))
                break; /* a kept-alive connection would otherwise wait for the timeout */
        } else if (pfd.revents & POLLOUT) {
            ssize_t n = send(fd, (const char *)req + sent, len - sent, MSG_NOSIGNAL);
            if (n <= 0)
                write_done = true; /* the server closed its side: read what it said */
            else if ((sent += (size_t)n) == len)
                write_done = true;
            if (write_done && half_close)
                shutdown(fd, SHUT_WR);
        } else if (pfd.revents & (POLLERR | POLLHUP)) {
            break;
        }
    }
    close(fd);
    buf[got] = '\0';
    char *split = strstr(buf, "\r\n\r\n");
    if (strncmp(buf, "HTTP/1.", 7) == 0 && split) {
        out->status = (int)strtol(buf + 9, NULL, 10);
        *split = '\0';
        out->head = strdup(buf);
        out->body_len = got - (size_t)(split + 4 - buf);
        out->body = malloc(out->body_len + 1);
        if (out->body) {
            memcpy(out->body, split + 4, out->body_len);
            out->body[out->body_len] = '\0';
        }
    } else {
        out->head = strdup("");
        out->body = strdup("");
    }
    free(buf);
    return 0;
}

int th_raw(th_resp *out, unsigned port, const void *req, size_t len, int timeout_ms)
{
    return raw(out, port, req, len, timeout_ms, false);
}

int th_raw_eof(th_resp *out, unsigned port, const void *req, size_t len, int timeout_ms)
{
    return raw(out, port, req, len, timeout_ms, true);
}

int th_call(th_resp *out, unsigned port, const char *method, const char *path, const char *extra,
            const char *content_type, const void *body, size_t len)
{
    char head[8192];
    int n =
        snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n%s",
                 method, path, extra ? extra : "");
    if (content_type)
        n += snprintf(head + n, sizeof head - (size_t)n, "Content-Type: %s\r\n", content_type);
    if (body || strcmp(method, "POST") == 0)
        n += snprintf(head + n, sizeof head - (size_t)n, "Content-Length: %zu\r\n", len);
    n += snprintf(head + n, sizeof head - (size_t)n, "\r\n");
    char *req = malloc((size_t)n + len);
    if (!req)
        return -1;
    memcpy(req, head, (size_t)n);
    if (len)
        memcpy(req + n, body, len);
    int rc = th_raw(out, port, req, (size_t)n + len, 60000); /* ends early when complete */
    free(req);
    return rc;
}

const char *th_header(const th_resp *r, const char *name, char *buf, size_t size)
{
    size_t n = strlen(name);
    for (const char *line = r->head ? strstr(r->head, "\r\n") : NULL; line;
         line = strstr(line + 2, "\r\n")) {
        const char *h = line + 2;
        if (strncasecmp(h, name, n) == 0 && h[n] == ':') {
            const char *v = h + n + 1;
            while (*v == ' ')
                v++;
            size_t vn = strcspn(v, "\r\n");
            if (vn >= size)
                vn = size - 1;
            memcpy(buf, v, vn);
            buf[vn] = '\0';
            return buf;
        }
    }
    return NULL;
}

void th_free(th_resp *r)
{
    free(r->head);
    free(r->body);
    memset(r, 0, sizeof *r);
}

void th_start(th_server *s, const go_http_options *opts_in)
{
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    if (opts_in)
        opts = *opts_in;
    memset(s, 0, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "/tmp/goref-http-XXXXXX");
    assert_non_null(mkdtemp(s->dir));
    snprintf(s->db, sizeof s->db, "%s/club.db", s->dir);
    opts.port = 0;
    opts.bind = "127.0.0.1";
    opts.db_path = s->db;
    opts.quiet = !opts.access_log; /* a test that reads the access log names its file */
    opts.pwhash_ops = crypto_pwhash_OPSLIMIT_MIN;
    opts.pwhash_mem = crypto_pwhash_MEMLIMIT_MIN;
    static const char *const roles[] = {"admin", "secretary", "teacher", "referee"};
    for (int i = 0; i < 4; i++) {
        int err = go_http_user_create(s->db, roles[i], TH_PASSWORD, roles[i], &opts);
        if (err)
            fail_msg("creating %s: %s", roles[i], go_error_last());
    }
    int err = go_http_start(&s->srv, &opts);
    if (err)
        fail_msg("go_http_start: %s", go_error_last());
    s->port = go_http_port(s->srv);
    assert_true(s->port > 0);
}

void th_stop(th_server *s)
{
    go_http_stop(s->srv, 2000);
    s->srv = NULL;
    char path[400];
    static const char *const files[] = {"club.db", "club.db-wal", "club.db-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", s->dir, files[i]);
        unlink(path);
    }
    rmdir(s->dir);
}

void th_login(th_session *out, unsigned port, const char *name, const char *password)
{
    char body[512], cookie[200];
    th_resp r;
    snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":\"%s\"}", name, password);
    assert_int_equal(
        th_call(&r, port, "POST", "/api/login", NULL, "application/json", body, strlen(body)), 0);
    if (r.status != 200)
        fail_msg("login %s: %d %s", name, r.status, r.body);
    assert_non_null(th_header(&r, "Set-Cookie", cookie, sizeof cookie));
    size_t n = strcspn(cookie, ";");
    cookie[n] = '\0';
    snprintf(out->cookie, sizeof out->cookie, "Cookie: %s\r\n", cookie);
    const char *c = strstr(r.body, "\"csrf\":\"");
    assert_non_null(c);
    c += 8;
    size_t cn = strcspn(c, "\"");
    assert_true(cn < sizeof out->csrf);
    memcpy(out->csrf, c, cn);
    out->csrf[cn] = '\0';
    snprintf(out->both, sizeof out->both, "%sX-CSRF-Token: %s\r\n", out->cookie, out->csrf);
    th_free(&r);
}
