/* The service against bloated, slow and ambiguous requests, through real sockets on a server
 * started fresh on loopback: the JSON body cap, the header deadline and the body rate floor, the
 * per-address connection bound, Content-Length framing, %00 in a path, the Host allow-list, the
 * access log, the database file's permissions, and message_zh on every error. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "go/error.h"
#include "http_int.h"
#include "json_error.h"
#include "test_http_util.h"
#include "testutil.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int connect_to(unsigned port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    return fd;
}

static void send_all(int fd, const char *text)
{
    size_t n = strlen(text);
    assert_int_equal(send(fd, text, n, MSG_NOSIGNAL), (ssize_t)n);
}

/* True when the server has closed fd (end of stream or reset) within wait_ms; bytes it sends
 * before closing are read and dropped. */
static bool closed_within(int fd, int wait_ms)
{
    double until = now_s() + wait_ms / 1000.0;
    char buf[4096];
    for (;;) {
        int left = (int)((until - now_s()) * 1000.0);
        if (left <= 0)
            return false;
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, left) <= 0)
            continue;
        ssize_t n = recv(fd, buf, sizeof buf, 0);
        if (n <= 0)
            return true;
    }
}

/* A body's error reply: its "error", and a "message_zh" that is Chinese (holds a CJK
 * character: three UTF-8 bytes from 0xE4 to 0xE9). */
static void assert_error_zh(const th_resp *r, int status, const char *code)
{
    if (r->status != status)
        fail_msg("status %d, expected %d: %s", r->status, status, r->body);
    json_error_t jerr;
    json_t *j = json_loads(r->body, 0, &jerr);
    if (!j)
        fail_msg("not JSON: %s", r->body);
    const char *error = json_string_value(json_object_get(j, "error"));
    const char *message = json_string_value(json_object_get(j, "message"));
    const char *zh = json_string_value(json_object_get(j, "message_zh"));
    assert_non_null(error);
    assert_non_null(message);
    assert_non_null(zh);
    if (code && strcmp(error, code) != 0)
        fail_msg("error %s, expected %s", error, code);
    bool cjk = false;
    for (const unsigned char *p = (const unsigned char *)zh; *p; p++)
        if (*p >= 0xe4 && *p <= 0xe9)
            cjk = true;
    if (!cjk)
        fail_msg("message_zh is not Chinese: %s", zh);
    json_decref(j);
}

static char *json_of_size(size_t size)
{
    char *body = malloc(size + 1);
    assert_non_null(body);
    const char *head = "{\"board\":[\"...\",\"...\",\"...\"],\"pad\":\"";
    size_t h = strlen(head);
    memcpy(body, head, h);
    memset(body + h, 'x', size - h - 2);
    memcpy(body + size - 2, "\"}", 3);
    return body;
}

static void test_http_limits__json_body_capped(void **state)
{
    (void)state;
    th_server s;
    th_start(&s, NULL); /* the default caps */
    assert_int_equal(s.srv->opts.max_json, 64 * 1024);
    assert_int_equal(s.srv->opts.max_body, 25 * 1024 * 1024);
    /* 100 KB announced: refused before a byte of it is read. */
    char *body = json_of_size(100 * 1024);
    th_resp r;
    assert_int_equal(
        th_call(&r, s.port, "POST", "/api/count", NULL, "application/json", body, strlen(body)), 0);
    assert_error_zh(&r, 413, "too_big");
    th_free(&r);
    /* The same body chunked, with no length announced: drained, then 413. */
    size_t len = strlen(body);
    char *req = malloc(len + 512);
    assert_non_null(req);
    int n = snprintf(req, 512,
                     "POST /api/count HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n%zx\r\n",
                     len);
    memcpy(req + n, body, len);
    memcpy(req + n + len, "\r\n0\r\n\r\n", 7);
    assert_int_equal(th_raw(&r, s.port, req, (size_t)n + len + 7, 10000), 0);
    assert_error_zh(&r, 413, "too_big");
    th_free(&r);
    free(req);
    /* Under the cap the same request is counted. */
    char *fits = json_of_size(60 * 1024);
    assert_int_equal(
        th_call(&r, s.port, "POST", "/api/count", NULL, "application/json", fits, strlen(fits)), 0);
    assert_int_equal(r.status, 200);
    th_free(&r);
    free(fits);
    free(body);
    th_stop(&s);
}

static void test_http_limits__deadline_defaults(void **state)
{
    (void)state;
    th_server s;
    th_start(&s, NULL);
    assert_int_equal(s.srv->opts.header_timeout_s, 30);
    assert_int_equal(s.srv->opts.timeout_s, 30);
    assert_true(s.srv->opts.body_min_rate > 0);
    assert_true(s.srv->opts.max_per_ip > 0 && s.srv->opts.max_per_ip < 1000);
    th_stop(&s);
}

/* One header every 3 s keeps an idle timeout from ever firing; the header deadline (5 s here,
 * 30 s by default) cuts the connection all the same, and the server serves others meanwhile. */
static void test_http_limits__drip_fed_headers_cut(void **state)
{
    (void)state;
    th_server s;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.header_timeout_s = 5;
    th_start(&s, &opts);
    int fd = connect_to(s.port);
    double t0 = now_s();
    send_all(fd, "GET / HTTP/1.1\r\n");
    bool cut = false;
    for (int i = 0; i < 6 && !cut; i++) {
        if (closed_within(fd, 3000)) {
            cut = true;
            break;
        }
        char line[64];
        snprintf(line, sizeof line, "X-Drip-%d: %d\r\n", i, i);
        if (send(fd, line, strlen(line), MSG_NOSIGNAL) < 0)
            cut = true;
    }
    double took = now_s() - t0;
    close(fd);
    if (!cut)
        fail_msg("a drip-fed request was not cut in %.1f s", took);
    if (took < 4.5 || took > 8.0)
        fail_msg("cut after %.1f s, expected about 5 s", took);
    th_resp r;
    assert_int_equal(th_call(&r, s.port, "GET", "/healthz", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    th_free(&r);
    th_stop(&s);
}

/* A body trickling in below the rate floor is cut once the grace (the header deadline) is over;
 * one arriving at a normal pace on a slow line is not. */
static void test_http_limits__slow_body_cut(void **state)
{
    (void)state;
    th_server s;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.header_timeout_s = 2;
    opts.body_min_rate = 1000;
    th_start(&s, &opts);
    int fd = connect_to(s.port);
    send_all(fd, "POST /api/count HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 "Content-Length: 60000\r\n\r\n{");
    double t0 = now_s();
    bool cut = false;
    while (!cut && now_s() - t0 < 10) {
        if (closed_within(fd, 500))
            cut = true;
        else if (send(fd, "          ", 10, MSG_NOSIGNAL) < 0) /* 20 bytes a second */
            cut = true;
    }
    double took = now_s() - t0;
    close(fd);
    if (!cut || took < 1.5 || took > 5.0)
        fail_msg("a body at 20 bytes a second: cut %d after %.1f s", cut, took);
    /* 3 KB a second for 3 s passes the 1000 bytes a second floor. */
    fd = connect_to(s.port);
    char *body = json_of_size(9000);
    char head[256];
    snprintf(head, sizeof head,
             "POST /api/count HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
             "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
             strlen(body));
    send_all(fd, head);
    struct timespec step = {0, 500 * 1000 * 1000};
    for (size_t off = 0; off < 9000; off += 1500) {
        assert_int_equal(send(fd, body + off, 1500, MSG_NOSIGNAL), 1500);
        nanosleep(&step, NULL);
    }
    char reply[512] = "";
    ssize_t got = recv(fd, reply, sizeof reply - 1, 0);
    assert_true(got > 12);
    reply[got] = '\0';
    if (strncmp(reply, "HTTP/1.1 200", 12) != 0)
        fail_msg("a body at 3 KB a second: %s", reply);
    close(fd);
    free(body);
    th_stop(&s);
}

/* One address holds at most max_per_ip connections; a connection over the bound is closed at
 * once, and one is accepted again when another ends. */
static void test_http_limits__per_address_bound(void **state)
{
    (void)state;
    th_server s;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.max_per_ip = 3;
    th_start(&s, &opts);
    int held[3];
    for (int i = 0; i < 3; i++)
        held[i] = connect_to(s.port);
    int over = connect_to(s.port);
    send_all(over, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    char buf[256];
    ssize_t n = recv(over, buf, sizeof buf, 0);
    assert_true(n <= 0); /* closed without an answer */
    close(over);
    close(held[0]);
    th_resp r;
    int status = 0;
    for (int tries = 0; tries < 50 && status != 200; tries++) {
        if (th_call(&r, s.port, "GET", "/healthz", NULL, NULL, NULL, 0) == 0) {
            status = r.status;
            th_free(&r);
        }
        if (status != 200) {
            struct timespec t = {0, 20 * 1000 * 1000};
            nanosleep(&t, NULL);
        }
    }
    assert_int_equal(status, 200);
    close(held[1]);
    close(held[2]);
    th_stop(&s);
}

static void test_http_limits__content_length_framing(void **state)
{
    (void)state;
    th_server s;
    th_start(&s, NULL);
    static const char *const bad[] = {
        "Content-Length: 5\r\nContent-Length: 6\r\n",
        "Content-Length: 5x\r\n",
        "Content-Length: -5\r\n",
        "Content-Length: 0x5\r\n",
        "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char req[512];
        int n = snprintf(req, sizeof req,
                         "POST /api/nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                         "Content-Type: application/json\r\n%s\r\n{\"a\":1}",
                         bad[i]);
        th_resp r;
        assert_int_equal(th_raw_eof(&r, s.port, req, (size_t)n, 5000), 0);
        /* 400 before routing: the path does not exist, yet the answer is not 404. */
        if (r.status != 400)
            fail_msg("%s answered %d: %s", bad[i], r.status, r.body);
        /* libmicrohttpd refuses a length it cannot parse itself, with its own small page;
         * goref answers the rest, in its error shape. */
        char type[64];
        if (th_header(&r, "Content-Type", type, sizeof type) && strstr(type, "json"))
            assert_error_zh(&r, 400, "invalid");
        th_free(&r);
    }
    /* The same length twice is one length: served. */
    const char *same = "POST /api/count HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                       "Content-Type: application/json\r\nContent-Length: 29\r\n"
                       "Content-Length: 29\r\n\r\n{\"board\":[\"...\",\"...\",\"...\"]}";
    th_resp r;
    assert_int_equal(th_raw(&r, s.port, same, strlen(same), 5000), 0);
    assert_int_equal(r.status, 200);
    th_free(&r);
    th_stop(&s);
}

static void test_http_limits__nul_in_path(void **state)
{
    (void)state;
    th_server s;
    th_start(&s, NULL);
    static const char *const paths[] = {"/%00/../../etc/passwd", "/api/count%00.html",
                                        "/index.html%00", "/api/me%00"};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        char req[256];
        int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                         paths[i]);
        th_resp r;
        assert_int_equal(th_raw(&r, s.port, req, (size_t)n, 5000), 0);
        assert_error_zh(&r, 400, "invalid");
        th_free(&r);
    }
    /* In the query, %00 is the handler's business: the page is served. */
    th_resp r;
    assert_int_equal(th_call(&r, s.port, "GET", "/?x=%00", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    th_free(&r);
    th_stop(&s);
}

static void test_http_limits__allowed_hosts(void **state)
{
    (void)state;
    th_server s;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.hosts = "goref.example, 127.0.0.1";
    th_start(&s, &opts);
    static const struct {
        const char *host;
        int status;
    } cases[] = {
        {"goref.example", 200}, {"GOREF.example:8080", 200}, {"127.0.0.1:80", 200},
        {"evil.example", 421},  {"goref.example.evil", 421}, {"", 421},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char req[256];
        int n = snprintf(req, sizeof req,
                         "GET /healthz HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n",
                         cases[i].host);
        th_resp r;
        assert_int_equal(th_raw(&r, s.port, req, (size_t)n, 5000), 0);
        if (r.status != cases[i].status)
            fail_msg("Host: %s answered %d", cases[i].host, r.status);
        if (cases[i].status != 200)
            assert_error_zh(&r, cases[i].status, "host");
        th_free(&r);
    }
    th_stop(&s);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *text = calloc(1, 1 << 20);
    assert_non_null(text);
    size_t n = fread(text, 1, (1 << 20) - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* The line of the access log holding needle; fails when none does. */
static const char *log_line(const char *log, const char *needle, char *line, size_t size)
{
    const char *at = strstr(log, needle);
    if (!at)
        fail_msg("no access-log line holds %s in:\n%s", needle, log);
    const char *start = at;
    while (start > log && start[-1] != '\n')
        start--;
    size_t n = strcspn(start, "\n");
    assert_true(n < size);
    memcpy(line, start, n);
    line[n] = '\0';
    return line;
}

static bool iso_timestamp(const char *line)
{
    /* 2026-12-05T08:39:17.123Z */
    static const char shape[] = "dddd-dd-ddTdd:dd:dd.dddZ ";
    for (size_t i = 0; shape[i]; i++) {
        char c = line[i];
        if (shape[i] == 'd' ? !(c >= '0' && c <= '9') : c != shape[i])
            return false;
    }
    return true;
}

static void test_http_limits__access_log(void **state)
{
    (void)state;
    char path[] = "/tmp/goref-access-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    th_server s;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.access_log = path;
    opts.header_timeout_s = 2;
    th_start(&s, &opts);
    th_session admin;
    th_login(&admin, s.port, "admin", TH_PASSWORD);
    th_resp r;
    assert_int_equal(th_call(&r, s.port, "GET", "/api/me", admin.cookie, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    th_free(&r);
    assert_int_equal(th_call(&r, s.port, "GET", "/api/nope", NULL, NULL, NULL, 0), 0);
    th_free(&r);
    /* Control characters in the path are escaped, never written raw. */
    const char *esc = "GET /a\x1b[31mred%0a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    assert_int_equal(th_raw(&r, s.port, esc, strlen(esc), 5000), 0);
    th_free(&r);
    /* libmicrohttpd's own answer (431: headers over the connection's memory). */
    size_t big = 80 * 1024;
    char *huge = malloc(big + 128);
    assert_non_null(huge);
    int n = snprintf(huge, 128, "GET /huge HTTP/1.1\r\nHost: x\r\nX-Big: ");
    memset(huge + n, 'a', big);
    memcpy(huge + n + big, "\r\n\r\n", 4);
    assert_int_equal(th_raw(&r, s.port, huge, (size_t)n + big + 4, 5000), 0);
    th_free(&r);
    free(huge);
    /* A request that never completes: cut at the header deadline. */
    int c = connect_to(s.port);
    send_all(c, "GET /never HTTP/1.1\r\nHost: x\r\n");
    /* Half a request line, and a connection that sends nothing (a browser's spare one): both
     * cut, only the first logged. */
    int half = connect_to(s.port);
    send_all(half, "GET /hal");
    int spare = connect_to(s.port);
    assert_true(closed_within(c, 6000));
    assert_true(closed_within(half, 2000));
    assert_true(closed_within(spare, 2000));
    close(c);
    close(half);
    close(spare);
    th_stop(&s); /* every line is written by now */

    char *log = read_file(path);
    char line[1024];
    log_line(log, "\"GET /api/me\"", line, sizeof line);
    assert_true(iso_timestamp(line));
    assert_non_null(strstr(line, " 200 "));
    assert_non_null(strstr(line, "user=admin"));
    assert_non_null(strstr(line, "ms "));
    log_line(log, "\"GET /api/nope\"", line, sizeof line);
    assert_true(iso_timestamp(line));
    assert_non_null(strstr(line, " 404 "));
    assert_non_null(strstr(line, "user=- error=not_found"));
    log_line(log, "\"POST /api/login\"", line, sizeof line);
    assert_non_null(strstr(line, " 200 "));
    log_line(log, "/a\\x1b[31mred%0a", line, sizeof line);
    assert_null(strchr(log, '\x1b'));
    /* libmicrohttpd answered before goref saw the method: "-" stands for it. */
    log_line(log, " /huge\"", line, sizeof line);
    assert_true(iso_timestamp(line));
    assert_non_null(strstr(line, "\" 431 "));
    log_line(log, " /never\"", line, sizeof line);
    assert_true(iso_timestamp(line));
    assert_non_null(strstr(line, " - 0 "));
    assert_non_null(strstr(line, "end=header_deadline"));
    log_line(log, "\"- -\" - 0 ", line, sizeof line);
    assert_non_null(strstr(line, "end=header_deadline"));
    const char *first = strstr(log, "\"- -\"");
    if (strstr(first + 1, "\"- -\""))
        fail_msg("a connection that sent nothing was logged:\n%s", log);
    /* Every line begins with a timestamp. */
    for (const char *p = log; *p; p = strchr(p, '\n') + 1) {
        if (!iso_timestamp(p))
            fail_msg("a line without a timestamp: %.80s", p);
        if (!strchr(p, '\n'))
            break;
    }
    free(log);
    unlink(path);
}

/* The database and its WAL files are the service's alone: passwords hashes and sessions. */
static void test_http_limits__database_private(void **state)
{
    (void)state;
    th_server s;
    mode_t old = umask(022); /* the usual umask, which would leave them readable by all */
    th_start(&s, NULL);
    th_session admin;
    th_login(&admin, s.port, "admin", TH_PASSWORD); /* writes a session: the WAL exists */
    static const char *const suffixes[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char path[400];
        struct stat st;
        snprintf(path, sizeof path, "%s%s", s.db, suffixes[i]);
        if (stat(path, &st) != 0)
            fail_msg("%s: %s", path, strerror(errno));
        if (st.st_mode & 077)
            fail_msg("%s has mode %o", path, (unsigned)(st.st_mode & 0777));
    }
    th_stop(&s);
    umask(old);
}

/* Every error code the service can answer carries an English message and a Chinese one: each
 * go_err of error.h (through go_adapters' table) and each of the service's own names. */
static void test_http_limits__every_error_has_zh(void **state)
{
    (void)state;
    int codes = 0;
    for (int e = GO_EINVAL; e >= GO_EINTERNAL; e--) {
        const char *name = go_json_error_name(e);
        const char *zh = go_json_error_zh(e);
        assert_non_null(zh);
        assert_ptr_equal(http_error_zh(name), go_json_error_zh_by_name(name));
        assert_string_equal(http_error_zh(name), zh);
        bool cjk = false;
        for (const unsigned char *p = (const unsigned char *)zh; *p; p++)
            cjk |= *p >= 0xe4 && *p <= 0xe9;
        if (!cjk || strcmp(go_strerror(e), "") == 0)
            fail_msg("go_err %d (%s): no Chinese or no English text", e, name);
        codes++;
    }
    assert_true(codes >= 25);
    for (int i = 0; http_own_error_codes[i]; i++) {
        const char *zh = http_error_zh(http_own_error_codes[i]);
        if (!zh)
            fail_msg("%s has no Chinese text", http_own_error_codes[i]);
        assert_null(go_json_error_zh_by_name(http_own_error_codes[i]));
    }
    assert_null(http_error_zh("no_such_code"));
}

/* A malformed request, answered by the service, in both languages. */
static void test_http_limits__malformed_request_in_chinese(void **state)
{
    (void)state;
    th_server s;
    th_start(&s, NULL);
    th_resp r;
    assert_int_equal(
        th_call(&r, s.port, "POST", "/api/count", NULL, "application/json", "{\"board\":", 9), 0);
    assert_error_zh(&r, 400, "parse");
    th_free(&r);
    assert_int_equal(th_call(&r, s.port, "POST", "/api/count", NULL, "text/plain", "x", 1), 0);
    assert_error_zh(&r, 415, "content_type");
    th_free(&r);
    assert_int_equal(th_call(&r, s.port, "POST", "/api/login", NULL, "application/json",
                             "{\"name\":\"admin\",\"password\":\"wrong password\"}", 44),
                     0);
    assert_error_zh(&r, 401, "auth");
    assert_non_null(strstr(r.body, "用户名或密码错误"));
    th_free(&r);
    assert_int_equal(th_call(&r, s.port, "GET", "/api/users", NULL, NULL, NULL, 0), 0);
    assert_error_zh(&r, 401, "auth");
    th_free(&r);
    th_stop(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_http_limits__json_body_capped),
        cmocka_unit_test(test_http_limits__deadline_defaults),
        cmocka_unit_test(test_http_limits__drip_fed_headers_cut),
        cmocka_unit_test(test_http_limits__slow_body_cut),
        cmocka_unit_test(test_http_limits__per_address_bound),
        cmocka_unit_test(test_http_limits__content_length_framing),
        cmocka_unit_test(test_http_limits__nul_in_path),
        cmocka_unit_test(test_http_limits__allowed_hosts),
        cmocka_unit_test(test_http_limits__access_log),
        cmocka_unit_test(test_http_limits__database_private),
        cmocka_unit_test(test_http_limits__every_error_has_zh),
        cmocka_unit_test(test_http_limits__malformed_request_in_chinese),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
