/* The HTTP server core: libmicrohttpd daemon with a thread pool and connection limits, the life
 * of one request (body capped before it is buffered), the route table with its central checks
 * (sign-in, role, CSRF token, method), the bound on heavy work, and a clean stop. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stddef.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <linux/tcp.h> /* struct tcp_info with tcpi_bytes_received (glibc's lacks it) */

#include <sodium.h>

#include "go/error.h"
#include "http_int.h"

enum {
    R_PUBLIC = 1,    /* no account needed */
    R_OPEN_SCAN = 2, /* no account needed when --open-scan is on */
    R_NOCSRF = 4,    /* a write that cannot carry a token yet (sign-in) */
    R_PREFIX = 8,    /* path is a prefix (an id follows) */
    /* CPU-heavy routes (scan, score, suggest-dead) have no flag: their handlers check the
     * request on the polling thread and only then take a slot (http_heavy_job), so a bad
     * request is answered 4xx even when every slot is busy, and never holds one. */
    R_WORKER = 32, /* may wait (for an overlay being drawn): runs on a worker, no slot */
};

typedef struct route {
    const char *method; /* NULL: any method, the handler decides */
    const char *path;
    int roles;
    int flags;
    void (*fn)(http_req *r);
} route;

static void api_healthz(http_req *r);
static void api_config(http_req *r);
#if !defined(GOREF_HAVE_SCORING) || !defined(GOREF_HAVE_VISION) || !defined(GOREF_HAVE_CLUB)
#define HTTP_NOT_BUILT 1
static void not_built(http_req *r);
#endif

#ifndef GOREF_HAVE_SCORING
#define http_api_count not_built
#define http_api_suggest_dead not_built
#endif
#ifndef GOREF_HAVE_VISION
#define http_api_scan not_built
#define http_api_score not_built
#define http_api_overlay not_built
#endif
#ifndef GOREF_HAVE_CLUB
#define http_api_club not_built
#endif

#ifdef HTTP_NOT_BUILT
#define not_built_fn not_built
#else
#define not_built_fn NULL
#endif

static const route routes[] = {
    {"GET", "/healthz", 0, R_PUBLIC, api_healthz},
    {"GET", "/api/config", 0, R_PUBLIC, api_config},
    {"POST", "/api/login", 0, R_PUBLIC | R_NOCSRF, http_api_login},
    {"POST", "/api/logout", ROLE_ANY, 0, http_api_logout},
    {"GET", "/api/me", ROLE_ANY, 0, http_api_me},
    {"POST", "/api/me/password", ROLE_ANY, 0, http_api_password},
    {"GET", "/api/users", ROLE_ADMIN, 0, http_api_users_list},
    {"POST", "/api/users", ROLE_ADMIN, 0, http_api_users_create},
    {"POST", "/api/users/", ROLE_ADMIN, R_PREFIX, http_api_users_update},
    {"DELETE", "/api/users/", ROLE_ADMIN, R_PREFIX, http_api_users_delete},
    {"POST", "/api/count", ROLE_ANY, R_OPEN_SCAN, http_api_count},
    {"POST", "/api/suggest-dead", ROLE_ANY, R_OPEN_SCAN, http_api_suggest_dead},
    {"POST", "/api/scan", ROLE_ANY, R_OPEN_SCAN, http_api_scan},
    {"POST", "/api/score", ROLE_ANY, R_OPEN_SCAN, http_api_score},
    {"GET", "/api/overlay/", ROLE_ANY, R_OPEN_SCAN | R_PREFIX | R_WORKER, http_api_overlay},
    /* Club routes check the role per action themselves (http_club.c); here: signed in. */
    {NULL, "/api/club/", ROLE_ANY, R_PREFIX, http_api_club},
};

static void api_healthz(http_req *r)
{
    json_t *j = json_pack("{s:s,s:i,s:I,s:I,s:i}", "status", "ok", "heavy_running",
                          atomic_load(&r->srv->heavy_now), "buffered_bytes",
                          (json_int_t)atomic_load(&r->srv->buffered), "decode_reserved_bytes",
                          (json_int_t)atomic_load(&r->srv->decoding), "requests_in_flight",
                          atomic_load(&r->srv->in_flight));
    http_reply_json(r, 200, j);
}

static void api_config(http_req *r)
{
    json_t *j = json_pack("{s:s,s:b,s:{s:b,s:b,s:b},s:i}", "version",
#ifdef GOREF_VERSION
                          GOREF_VERSION,
#else
                          "0.0.0",
#endif
                          "open_scan", r->srv->opts.open_scan, "modules", "scoring",
#ifdef GOREF_HAVE_SCORING
                          1,
#else
                          0,
#endif
                          "vision",
#ifdef GOREF_HAVE_VISION
                          1,
#else
                          0,
#endif
                          "club",
#ifdef GOREF_HAVE_CLUB
                          1,
#else
                          0,
#endif
                          "max_body", (int)r->srv->opts.max_body);
    /* the long side the page scales a photo to before uploading it */
    if (j)
        json_object_set_new(j, "photo_side", json_integer(HTTP_PHOTO_READER_SIDE));
    http_reply_json(r, 200, j);
}

#ifdef HTTP_NOT_BUILT
static void not_built(http_req *r)
{
    http_reply_error(r, 501, "not_built", "this goref was built without the module behind %s",
                     r->url);
}
#endif

static bool is_write(const char *method)
{
    return strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0 &&
           strcmp(method, "OPTIONS") != 0;
}

static bool path_matches(const route *rt, const char *url)
{
    if (rt->flags & R_PREFIX) {
        size_t n = strlen(rt->path);
        return strncmp(url, rt->path, n) == 0 && url[n] != '\0';
    }
    return strcmp(url, rt->path) == 0;
}

static bool method_matches(const route *rt, const char *method)
{
    if (!rt->method)
        return true;
    if (strcmp(rt->method, method) == 0)
        return true;
    return strcmp(method, "HEAD") == 0 && strcmp(rt->method, "GET") == 0;
}

/* Sign-in, role and CSRF checks for every route, so that no handler can forget them. */
static bool allowed(http_req *r, const route *rt)
{
    http_auth_identify(r);
    bool open = (rt->flags & R_PUBLIC) || ((rt->flags & R_OPEN_SCAN) && r->srv->opts.open_scan);
    if (!open) {
        if (!r->have_user) {
            http_reply_error_zh(r, 401, "auth", "请先登录", "sign in first");
            return false;
        }
        if (!(r->user.role & rt->roles)) {
            http_reply_error(r, 403, "forbidden", "a %s may not do this",
                             http_role_name(r->user.role));
            return false;
        }
    }
    /* A signed-in browser sends its cookie on every request, so every write it makes must
     * prove it comes from our page. Anonymous open-scan writes carry no authority. */
    if (is_write(r->method) && !(rt->flags & R_NOCSRF) && r->have_user) {
        const char *token = http_header(r, "X-CSRF-Token");
        if (!token || strlen(token) != HTTP_TOKEN_HEX ||
            sodium_memcmp(token, r->user.csrf, HTTP_TOKEN_HEX) != 0) {
            http_reply_error(r, 403, "csrf", "missing or wrong X-CSRF-Token header");
            return false;
        }
    }
    return true;
}

static void dispatch(http_req *r)
{
    if (strncmp(r->url, "/api/", 5) != 0 && strcmp(r->url, "/healthz") != 0) {
        if (strcmp(r->method, "GET") != 0 && strcmp(r->method, "HEAD") != 0) {
            http_reply_header(r, "Allow", "GET, HEAD");
            http_reply_error(r, 405, "method", "method %s not allowed here", r->method);
            return;
        }
        http_static_get(r);
        return;
    }
    bool path_found = false;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        const route *rt = &routes[i];
        if (!path_matches(rt, r->url))
            continue;
        path_found = true;
        if (!method_matches(rt, r->method))
            continue;
        if (!allowed(r, rt))
            return;
        if ((rt->flags & R_WORKER) && rt->fn != not_built_fn) {
            r->job = rt->fn;
            return;
        }
        rt->fn(r);
        return;
    }
    if (path_found) {
        http_reply_error(r, 405, "method", "method %s not allowed on %s", r->method, r->url);
        return;
    }
    http_reply_error(r, 404, "not_found", "no such endpoint");
}

static void client_address(http_req *r)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    snprintf(r->client_ip, sizeof r->client_ip, "?");
    if (!ci || !ci->client_addr)
        return;
    const struct sockaddr *sa = ci->client_addr;
    if (sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, r->client_ip,
                  sizeof r->client_ip);
    else if (sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr,
                  r->client_ip, sizeof r->client_ip);
}

/* Behind a reverse proxy every request comes from the proxy's address: the client is the last
 * address of X-Forwarded-For, the one the proxy itself appended (earlier ones are whatever the
 * client sent). Only a literal IP address is taken. */
static void proxied_address(http_req *r)
{
    const char *xff = http_header(r, "X-Forwarded-For");
    if (!xff)
        return;
    const char *last = strrchr(xff, ',');
    last = last ? last + 1 : xff;
    while (*last == ' ' || *last == '\t')
        last++;
    char addr[64];
    size_t n = strcspn(last, " \t");
    if (n == 0 || n >= sizeof addr)
        return;
    memcpy(addr, last, n);
    addr[n] = '\0';
    unsigned char bin[sizeof(struct in6_addr)];
    if (inet_pton(AF_INET, addr, bin) == 1 || inet_pton(AF_INET6, addr, bin) == 1)
        snprintf(r->client_ip, sizeof r->client_ip, "%s", addr);
}

/* ------------------------------------------------------------------ connections and deadlines */

static struct timespec now_mono(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t;
}

static double seconds_since(struct timespec t0)
{
    struct timespec t = now_mono();
    return (double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) / 1e9;
}

static void set_phase(http_req *r, enum http_phase phase)
{
    if (!r->cs)
        return;
    pthread_mutex_lock(&r->srv->conn_lock);
    r->cs->phase = phase;
    r->cs->phase_start = now_mono();
    r->cs->body_bytes = 0;
    pthread_mutex_unlock(&r->srv->conn_lock);
}

/* The status of libmicrohttpd's own answer (431, 414, 505, 400) on this thread, read from the
 * message it logs when it sends one: its API gives no other way to learn it. The connection
 * that answer closes is handled on the same thread, and takes it for its access-log line. */
static _Thread_local int mhd_own_status;

static void mhd_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    char text[512];
    vsnprintf(text, sizeof text, fmt, ap);
    const char *at = strstr(text, "HTTP response code is ");
    if (at) {
        int status = (int)strtol(at + strlen("HTTP response code is "), NULL, 10);
        if (status >= 100 && status <= 599)
            mhd_own_status = status;
    }
}

static void log_cut_connection(go_http *srv, struct MHD_Connection *conn, const http_conn *c);

/* Bytes the peer has sent on fd, from the kernel (-1 when it cannot tell). */
static long long bytes_received(int fd)
{
    struct tcp_info info;
    socklen_t len = sizeof info;
    memset(&info, 0, sizeof info);
    if (fd < 0 || getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0 ||
        len < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received)
        return -1;
    return (long long)info.tcpi_bytes_received;
}

static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
    go_http *srv = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        http_conn *c = calloc(1, sizeof *c);
        if (!c)
            return; /* served without deadlines, as before the watch existed */
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        c->fd = ci ? (int)ci->connect_fd : -1;
        c->phase = PHASE_HEADERS;
        c->phase_start = now_mono();
        pthread_mutex_lock(&srv->conn_lock);
        c->next = srv->conns;
        if (srv->conns)
            srv->conns->prev = c;
        srv->conns = c;
        pthread_mutex_unlock(&srv->conn_lock);
        *socket_context = c;
        return;
    }
    http_conn *c = *socket_context;
    if (!c)
        return;
    /* MHD closes the socket after this returns: once off the list, the watch cannot touch a
     * descriptor that may be reused. */
    pthread_mutex_lock(&srv->conn_lock);
    if (c->prev)
        c->prev->next = c->next;
    else
        srv->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    pthread_mutex_unlock(&srv->conn_lock);
    /* A connection closed before any request line is a request only if it sent something:
     * a browser opens spare connections it may never use. */
    if (!c->seen_request && (mhd_own_status || (c->cut && c->cut_received != 0)))
        log_cut_connection(srv, conn, c);
    free(c);
    *socket_context = NULL;
}

/* Closes (shutdown: MHD then sees the end and cleans up) every connection whose request line
 * and headers are late, or whose body arrives slower than the floor; a handled request, which
 * may be waiting for a worker or sending its reply, is left to MHD's idle timeout. */
static void *watch_main(void *arg)
{
    go_http *srv = arg;
    double header_s = srv->opts.header_timeout_s;
    struct timespec tick = {0, 200 * 1000 * 1000};
    while (!atomic_load(&srv->watch_stop)) {
        nanosleep(&tick, NULL);
        pthread_mutex_lock(&srv->conn_lock);
        for (http_conn *c = srv->conns; c; c = c->next) {
            if (c->cut || c->fd < 0)
                continue;
            double age = seconds_since(c->phase_start);
            if (c->phase == PHASE_HEADERS && age > header_s)
                c->cut = "header_deadline";
            else if (c->phase == PHASE_BODY && age > header_s &&
                     (double)c->body_bytes < age * srv->opts.body_min_rate)
                c->cut = "body_too_slow";
            if (c->cut) {
                /* asked now, while the descriptor is surely this connection's */
                c->cut_received = bytes_received(c->fd);
                shutdown(c->fd, SHUT_RDWR);
            }
        }
        pthread_mutex_unlock(&srv->conn_lock);
    }
    return NULL;
}

/* ---------------------------------------------------------------------------- access log */

/* The request as sent, bytes outside printable ASCII and the quote and backslash escaped, so
 * that a path cannot forge a log line or a terminal sequence. */
static void escape_for_log(char *out, size_t size, const char *in)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)in; *p && o + 5 < size; p++) {
        if (*p < 0x20 || *p >= 0x7f || *p == '"' || *p == '\\')
            o += (size_t)snprintf(out + o, size - o, "\\x%02x", *p);
        else
            out[o++] = (char)*p;
    }
    out[o] = '\0';
}

static const char *termination_name(enum MHD_RequestTerminationCode toe)
{
    switch (toe) {
    case MHD_REQUEST_TERMINATED_COMPLETED_OK:
        return "ok";
    case MHD_REQUEST_TERMINATED_WITH_ERROR:
        return "error";
    case MHD_REQUEST_TERMINATED_TIMEOUT_REACHED:
        return "idle_timeout";
    case MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN:
        return "shutdown";
    case MHD_REQUEST_TERMINATED_READ_ERROR:
        return "read_error";
    case MHD_REQUEST_TERMINATED_CLIENT_ABORT:
        return "client_abort";
    }
    return "other";
}

/* One line per request, when it ends: ISO-8601 UTC time it began, client, request as sent,
 * status (- when goref never answered: libmicrohttpd's own answers, requests cut or abandoned
 * before complete), reply body bytes, duration, user, the error name of a 4xx/5xx and how the
 * request ended. */
static void log_request(http_req *r, enum MHD_RequestTerminationCode toe)
{
    FILE *log = r->srv->log;
    if (!log)
        return;
    char when[40], user[160], status[8];
    struct tm tm;
    gmtime_r(&r->wall0.tv_sec, &tm);
    size_t n = strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(when + n, sizeof when - n, ".%03ldZ", r->wall0.tv_nsec / 1000000);
    if (r->have_user)
        escape_for_log(user, sizeof user, r->user.name);
    else
        snprintf(user, sizeof user, "-");
    int code = r->status;
    if (!code && mhd_own_status) {
        code = mhd_own_status;
        mhd_own_status = 0;
    }
    if (code)
        snprintf(status, sizeof status, "%d", code);
    else
        snprintf(status, sizeof status, "-");
    const char *end = r->cs && r->cs->cut ? r->cs->cut : termination_name(toe);
    fprintf(log, "%s %s \"%s %s\" %s %zu %.0fms user=%s error=%s end=%s\n", when, r->client_ip,
            r->started ? r->method : "-", r->raw_uri, status, r->reply_bytes,
            seconds_since(r->t0) * 1000.0, user, r->error_code[0] ? r->error_code : "-", end);
}

/* A connection closed before any request line arrived, by the watch or by libmicrohttpd's own
 * answer (414: a request line too long): logged like a request. */
static void log_cut_connection(go_http *srv, struct MHD_Connection *conn, const http_conn *c)
{
    http_req r;
    memset(&r, 0, sizeof r);
    r.srv = srv;
    r.conn = conn;
    r.cs = (http_conn *)c;
    r.t0 = c->phase_start;
    clock_gettime(CLOCK_REALTIME, &r.wall0);
    r.wall0.tv_sec -= (time_t)seconds_since(c->phase_start);
    snprintf(r.raw_uri, sizeof r.raw_uri, "-");
    client_address(&r);
    log_request(&r, MHD_REQUEST_TERMINATED_WITH_ERROR);
}

/* The request line has arrived: the request's state is made here, before libmicrohttpd reads
 * the headers, so that a request it refuses itself, or that never completes, is still logged
 * (on_completed). */

static void *on_uri(void *cls, const char *uri, struct MHD_Connection *conn)
{
    go_http *srv = cls;
    http_req *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->srv = srv;
    r->conn = conn;
    r->t0 = now_mono();
    clock_gettime(CLOCK_REALTIME, &r->wall0);
    escape_for_log(r->raw_uri, sizeof r->raw_uri, uri);
    /* MHD decodes %00 to a NUL that silently ends the path: refuse it instead. */
    size_t path_len = strcspn(uri, "?");
    for (size_t i = 0; i + 2 < path_len; i++)
        if (uri[i] == '%' && uri[i + 1] == '0' && uri[i + 2] == '0')
            r->nul_in_path = true;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    r->cs = ci ? ci->socket_context : NULL;
    if (r->cs) {
        pthread_mutex_lock(&srv->conn_lock);
        r->cs->seen_request = true;
        pthread_mutex_unlock(&srv->conn_lock);
    }
    client_address(r);
    r->counted = true;
    atomic_fetch_add(&srv->in_flight, 1);
    return r;
}

typedef struct length_headers {
    int count;
    bool malformed, differ;
    unsigned long long value;
} length_headers;

static enum MHD_Result each_length(void *cls, enum MHD_ValueKind kind, const char *key,
                                   const char *value)
{
    length_headers *l = cls;
    (void)kind;
    if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) != 0)
        return MHD_YES;
    const char *p = value ? value : "";
    while (*p == ' ' || *p == '\t')
        p++;
    size_t digits = strspn(p, "0123456789");
    const char *rest = p + digits;
    while (*rest == ' ' || *rest == '\t')
        rest++;
    unsigned long long v = 0;
    if (digits == 0 || digits > 19 || *rest) {
        l->malformed = true;
    } else {
        for (size_t i = 0; i < digits; i++)
            v = v * 10 + (unsigned)(p[i] - '0');
    }
    if (l->count > 0 && v != l->value)
        l->differ = true;
    l->value = v;
    l->count++;
    return MHD_YES;
}

/* The framing of the body must be unambiguous before anything reads it: two different
 * Content-Length headers, one that is not a number, or one beside Transfer-Encoding could
 * make goref and a proxy in front of it see different requests. False with a 400 replied. */
static bool framing_ok(http_req *r, unsigned long long *out_length, bool *out_has_length)
{
    length_headers l = {0};
    MHD_get_connection_values(r->conn, MHD_HEADER_KIND, each_length, &l);
    *out_has_length = l.count > 0;
    *out_length = l.value;
    if (l.malformed) {
        http_reply_error_zh(r, 400, "invalid", "请求头 Content-Length 不是数字",
                            "the Content-Length header is not a number");
        return false;
    }
    if (l.differ) {
        http_reply_error_zh(r, 400, "invalid", "请求里有两个不同的 Content-Length",
                            "conflicting Content-Length headers");
        return false;
    }
    if (l.count && http_header(r, MHD_HTTP_HEADER_TRANSFER_ENCODING)) {
        http_reply_error_zh(r, 400, "invalid", "请求同时有 Content-Length 和 Transfer-Encoding",
                            "both Content-Length and Transfer-Encoding");
        return false;
    }
    return true;
}

/* --host: the Host header must name one of the allowed hosts (a port after it is ignored), so
 * that a web page on another name that resolves to this server (DNS rebinding) is refused. */
static bool host_allowed(http_req *r)
{
    const char *allowed = r->srv->opts.hosts;
    if (!allowed || !*allowed)
        return true;
    const char *host = http_header(r, MHD_HTTP_HEADER_HOST);
    if (!host)
        return false;
    size_t n;
    if (host[0] == '[') {
        const char *close = strchr(host, ']');
        n = close ? (size_t)(close - host) + 1 : strlen(host);
    } else {
        n = strcspn(host, ":");
    }
    for (const char *p = allowed; *p;) {
        size_t m = strcspn(p, ",");
        const char *name = p;
        size_t len = m;
        while (len && *name == ' ')
            name++, len--;
        while (len && name[len - 1] == ' ')
            len--;
        if (len == n && strncasecmp(name, host, n) == 0)
            return true;
        p += m;
        if (*p == ',')
            p++;
    }
    return false;
}

/* The cap for this request's body: a photo upload's, or the far smaller one of everything else. */
static size_t body_cap_for(http_req *r)
{
    const char *type = http_header(r, MHD_HTTP_HEADER_CONTENT_TYPE);
    bool upload = http_content_type_is(type, "multipart/form-data") &&
                  (strcmp(r->url, "/api/scan") == 0 || strcmp(r->url, "/api/score") == 0);
    return upload ? r->srv->opts.max_body : r->srv->opts.max_json;
}

static int append_body(http_req *r, const char *data, size_t n)
{
    size_t max = r->max_body;
    if (r->cs) {
        pthread_mutex_lock(&r->srv->conn_lock);
        r->cs->body_bytes += n;
        pthread_mutex_unlock(&r->srv->conn_lock);
    }
    if (r->too_big || r->over_budget || r->body_len + n > max) {
        if (!r->over_budget)
            r->too_big = true;
        r->discarded += n;
        /* Draining a chunked body that never ends would tie up a thread: after twice the
         * cap, drop the connection instead of answering. */
        return r->discarded > 2 * max ? -1 : 0;
    }
    if (r->body_len + n + 1 > r->body_cap) {
        size_t cap = r->body_cap ? r->body_cap : 16384;
        while (cap < r->body_len + n + 1)
            cap *= 2;
        if (cap > max + 1)
            cap = max + 1;
        size_t more = cap - r->body_cap;
        if (atomic_fetch_add(&r->srv->buffered, more) + more > r->srv->opts.max_buffered) {
            atomic_fetch_sub(&r->srv->buffered, more);
            r->over_budget = true;
            r->discarded += n;
            return 0;
        }
        char *grown = realloc(r->body, cap);
        if (!grown) {
            atomic_fetch_sub(&r->srv->buffered, more);
            return -1;
        }
        r->body = grown;
        r->body_cap = cap;
    }
    memcpy(r->body + r->body_len, data, n);
    r->body_len += n;
    r->body[r->body_len] = '\0';
    return 0;
}

static enum MHD_Result queue(http_req *r)
{
    if (!r->resp)
        http_reply_error(r, 500, "internal", "no reply was built");
    if (!r->resp)
        return MHD_NO;
    enum MHD_Result ret = MHD_queue_response(r->conn, (unsigned)r->status, r->resp);
    MHD_destroy_response(r->resp);
    r->resp = NULL;
    return ret;
}

static void *job_main(void *arg)
{
    http_req *r = arg;
    go_http *srv = r->srv;
    r->job(r);
    /* Once resumed, MHD may finish and free r at any moment: keep what comes after. */
    bool heavy = r->job_heavy;
    void (*after)(void *) = r->after;
    void *after_ctx = r->after_ctx;
    /* The slot is free before the client reads the reply, so that its next request finds it
     * free; work after the reply is bounded by its owner (overlays: http_vision.c). */
    if (heavy)
        atomic_fetch_sub(&srv->heavy_now, 1);
    atomic_store(&r->job_done, true);
    MHD_resume_connection(r->conn);
    if (after)
        after(after_ctx);
    atomic_fetch_sub(&srv->jobs, 1);
    return NULL;
}

/* Suspends the connection and runs r->job on a new thread (heavy jobs are bounded by the
 * slots; waiting ones by the connections). False, with a 503 replied, when no thread could be
 * started. */
static bool start_job(http_req *r)
{
    pthread_t thread;
    pthread_attr_t attr;
    atomic_fetch_add(&r->srv->jobs, 1);
    MHD_suspend_connection(r->conn);
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&thread, &attr, job_main, r);
    pthread_attr_destroy(&attr);
    if (rc == 0)
        return true;
    MHD_resume_connection(r->conn);
    atomic_fetch_sub(&r->srv->jobs, 1);
    if (r->job_heavy)
        http_heavy_leave(r);
    r->job = NULL;
    http_reply_error(r, 503, "busy", "cannot start a worker; try again");
    return false;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_data_size, void **con_cls)
{
    go_http *srv = cls;
    http_req *r = *con_cls;
    (void)version;
    if (!r) { /* the request line callback could not allocate */
        r = calloc(1, sizeof *r);
        if (!r)
            return MHD_NO;
        r->srv = srv;
        r->conn = conn;
        r->t0 = now_mono();
        clock_gettime(CLOCK_REALTIME, &r->wall0);
        escape_for_log(r->raw_uri, sizeof r->raw_uri, url);
        client_address(r);
        r->counted = true;
        atomic_fetch_add(&srv->in_flight, 1);
        *con_cls = r;
    }
    if (!r->started) {
        r->started = true;
        r->method = method;
        r->url = url;
        r->max_body = body_cap_for(r);
        if (srv->opts.trust_proxy)
            proxied_address(r);
        set_phase(r, PHASE_BODY);
        unsigned long long length = 0;
        bool has_length = false;
        if (atomic_load(&srv->stopping)) {
            http_reply_header(r, "Connection", "close");
            http_reply_error(r, 503, "stopping", "the server is shutting down");
            return queue(r);
        }
        if (!framing_ok(r, &length, &has_length))
            return queue(r);
        if (r->nul_in_path) {
            http_reply_error_zh(r, 400, "invalid", "网址里不能有 %00", "%%00 in the path");
            return queue(r);
        }
        if (!host_allowed(r)) {
            http_reply_error(r, 421, "host", "this server does not answer for that Host header");
            return queue(r);
        }
        /* Refuse an announced oversized body before reading a byte of it. */
        if (has_length && length > r->max_body) {
            http_reply_error(r, 413, "too_big", "request body over %zu bytes", r->max_body);
            return queue(r);
        }
        return MHD_YES;
    }
    if (*upload_data_size) {
        if (append_body(r, upload_data, *upload_data_size) != 0)
            return MHD_NO;
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (atomic_load(&r->job_done))
        return queue(r); /* resumed: the worker built the reply */
    set_phase(r, PHASE_HANDLED);
    if (r->too_big) {
        http_reply_error(r, 413, "too_big", "request body over %zu bytes", r->max_body);
    } else if (r->over_budget) {
        http_reply_header(r, "Retry-After", "2");
        http_reply_error(r, 503, "busy", "too many uploads at once; try again in a moment");
    } else {
        dispatch(r);
    }
    if (r->job && start_job(r))
        return MHD_YES;
    return queue(r);
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    go_http *srv = cls;
    http_req *r = *con_cls;
    (void)conn;
    if (!r)
        return;
    log_request(r, toe);
    set_phase(r, PHASE_HEADERS); /* the next request on this connection */
    if (r->resp)
        MHD_destroy_response(r->resp);
    if (r->job_ctx_free)
        r->job_ctx_free(r->job_ctx);
    free(r->body);
    atomic_fetch_sub(&srv->buffered, r->body_cap);
    if (r->counted)
        atomic_fetch_sub(&srv->in_flight, 1);
    free(r);
    *con_cls = NULL;
}

static unsigned count_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 && n < 1024 ? (unsigned)n : 1;
}

int go_http_start(go_http **out, const go_http_options *opts_in)
{
    int err = 0;
    go_http *srv = NULL;
    go_http_options defaults = GO_HTTP_OPTIONS_INIT;
    const go_http_options *o = opts_in ? opts_in : &defaults;
    *out = NULL;
    if (o->version != GO_HTTP_OPTIONS_VERSION)
        return go_error_set(GO_EINVAL, "go_http_options version %d", o->version);
    if (sodium_init() < 0)
        return go_error_set(GO_EINTERNAL, "libsodium did not initialise");
    srv = calloc(1, sizeof *srv);
    if (!srv)
        return GO_ENOMEM;
    pthread_mutex_init(&srv->club_lock, NULL);
    pthread_mutex_init(&srv->conn_lock, NULL);
    srv->opts = *o;
    srv->ncores = count_cores();
    snprintf(srv->bind, sizeof srv->bind, "%s", o->bind ? o->bind : "127.0.0.1");
    snprintf(srv->db_path, sizeof srv->db_path, "%s", o->db_path ? o->db_path : "goref.db");
    srv->opts.bind = srv->bind;
    srv->opts.db_path = srv->db_path;
    if (!srv->opts.threads)
        srv->opts.threads = srv->ncores + 2 < 4 ? 4 : srv->ncores + 2;
    if (!srv->opts.max_heavy)
        srv->opts.max_heavy = srv->ncores;
    if (!srv->opts.max_body)
        srv->opts.max_body = HTTP_DEFAULT_MAX_BODY;
    if (!srv->opts.max_buffered)
        srv->opts.max_buffered = HTTP_BUFFERED_PER_BODY * srv->opts.max_body;
    if (!srv->opts.timeout_s)
        srv->opts.timeout_s = 30;
    if (!srv->opts.max_json)
        srv->opts.max_json = HTTP_DEFAULT_MAX_JSON;
    if (srv->opts.max_json > srv->opts.max_body)
        srv->opts.max_json = srv->opts.max_body;
    if (!srv->opts.header_timeout_s)
        srv->opts.header_timeout_s = HTTP_DEFAULT_HEADER_TIMEOUT_S;
    if (!srv->opts.body_min_rate)
        srv->opts.body_min_rate = HTTP_DEFAULT_BODY_MIN_RATE;
    if (!srv->opts.max_per_ip)
        srv->opts.max_per_ip = HTTP_DEFAULT_MAX_PER_IP;
    if (!srv->opts.heavy_memory)
        srv->opts.heavy_memory = HTTP_DEFAULT_HEAVY_MEMORY;
    srv->opts.hosts = NULL; /* the caller's text may not outlive the start: copied below */
    if (o->hosts && *o->hosts) {
        if (strlen(o->hosts) >= sizeof srv->hosts) {
            err = go_error_set(GO_ERANGE, "--host list longer than %zu bytes", sizeof srv->hosts);
            goto done;
        }
        snprintf(srv->hosts, sizeof srv->hosts, "%s", o->hosts);
        srv->opts.hosts = srv->hosts;
    }
    srv->opts.access_log = NULL;
    if (o->quiet) {
        srv->log = NULL;
    } else if (o->access_log) {
        srv->log = fopen(o->access_log, "a");
        if (!srv->log) {
            err = go_error_set(GO_EIO, "access log %s: %s", o->access_log, strerror(errno));
            goto done;
        }
        srv->log_owned = true;
        setvbuf(srv->log, NULL, _IOLBF, 0);
    } else {
        srv->log = stderr;
    }
    if (!srv->opts.session_ttl_s)
        srv->opts.session_ttl_s = 12 * 3600;
    if (o->web_dir) {
        char *canon = realpath(o->web_dir, NULL);
        if (!canon) {
            err = go_error_set(GO_EIO, "web folder %s: %s", o->web_dir, strerror(errno));
            goto done;
        }
        snprintf(srv->web_dir, sizeof srv->web_dir, "%s", canon);
        free(canon);
    }
    srv->opts.web_dir = srv->web_dir[0] ? srv->web_dir : NULL;

    err = http_auth_open(&srv->auth, srv->db_path, &srv->opts);
    if (err)
        goto done;
#ifdef GOREF_HAVE_CLUB
    err = http_club_open(srv);
    if (err)
        goto done;
#endif
#ifdef GOREF_HAVE_VISION
    err = http_vision_open(srv);
    if (err)
        goto done;
#endif

    struct sockaddr_in sa4;
    struct sockaddr_in6 sa6;
    struct sockaddr *sa;
    unsigned int flags =
        MHD_USE_ERROR_LOG | MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME;
    memset(&sa4, 0, sizeof sa4);
    memset(&sa6, 0, sizeof sa6);
    if (inet_pton(AF_INET, srv->bind, &sa4.sin_addr) == 1) {
        sa4.sin_family = AF_INET;
        sa4.sin_port = htons((uint16_t)o->port);
        sa = (struct sockaddr *)&sa4;
    } else if (inet_pton(AF_INET6, srv->bind, &sa6.sin6_addr) == 1) {
        sa6.sin6_family = AF_INET6;
        sa6.sin6_port = htons((uint16_t)o->port);
        sa = (struct sockaddr *)&sa6;
        flags |= MHD_USE_IPv6;
    } else {
        err = go_error_set(GO_EINVAL, "--bind %s is not an IP address", srv->bind);
        goto done;
    }
    if (o->port > 65535) {
        err = go_error_set(GO_ERANGE, "port %u out of range", o->port);
        goto done;
    }
    srv->daemon = MHD_start_daemon(
        flags, (uint16_t)o->port, NULL, NULL, on_request, srv,
        /* First, or libmicrohttpd prints on stderr before it applies it. */
        MHD_OPTION_EXTERNAL_LOGGER, mhd_log, srv, MHD_OPTION_SOCK_ADDR, sa,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)srv->opts.threads, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned int)srv->opts.timeout_s,
        /* The per-connection pool holds the request line and headers: this is the cap on
         * header size (MHD answers 431 beyond it) and the read buffer for bodies. */
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024), MHD_OPTION_CONNECTION_LIMIT,
        (unsigned int)1000,
        /* libmicrohttpd keeps a half-closed incomplete request until a deadline ends it, so
         * the per-address bound stays well above what one burst of bad requests (bench-service:
         * 166) or a classroom behind one NAT address holds, and below the 1000 of all. */
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int)srv->opts.max_per_ip,
        MHD_OPTION_URI_LOG_CALLBACK, on_uri, srv, MHD_OPTION_NOTIFY_CONNECTION, on_connection, srv,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv, MHD_OPTION_LISTENING_ADDRESS_REUSE,
        (unsigned int)1, MHD_OPTION_END);
    if (!srv->daemon) {
        err = go_error_set(GO_EIO, "cannot listen on %s port %u (in use, or not allowed)",
                           srv->bind, o->port);
        goto done;
    }
    if (pthread_create(&srv->watch_thread, NULL, watch_main, srv) != 0) {
        err = go_error_set(GO_EINTERNAL, "cannot start the deadline thread");
        goto done;
    }
    srv->watch_running = true;
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
    srv->port = info ? info->port : o->port;
    *out = srv;
    srv = NULL;
done:
    if (srv)
        go_http_stop(srv, 0);
    return err;
}

int go_http_account_count(go_http *srv)
{
    return http_auth_count(srv->auth);
}

unsigned go_http_port(const go_http *srv)
{
    return srv->port;
}

void go_http_stop(go_http *srv, int grace_ms)
{
    if (!srv)
        return;
    atomic_store(&srv->stopping, true);
    if (srv->daemon) {
        MHD_socket listen_fd = MHD_quiesce_daemon(srv->daemon);
        /* New connections are refused now; requests already being served finish. */
        struct timespec tick = {0, 10 * 1000 * 1000};
        for (int waited = 0; waited < grace_ms && atomic_load(&srv->in_flight) > 0; waited += 10)
            nanosleep(&tick, NULL);
        /* Workers hold suspended connections and their requests: MHD may only stop once
         * every one has finished and resumed (scans end on their own in seconds). */
        while (atomic_load(&srv->jobs) > 0)
            nanosleep(&tick, NULL);
        MHD_stop_daemon(srv->daemon);
        if (listen_fd != MHD_INVALID_SOCKET)
            close(listen_fd);
    }
    if (srv->watch_running) {
        atomic_store(&srv->watch_stop, true);
        pthread_join(srv->watch_thread, NULL);
    }
    if (srv->log_owned)
        fclose(srv->log);
#ifdef GOREF_HAVE_CLUB
    http_club_close(srv);
#endif
#ifdef GOREF_HAVE_VISION
    http_vision_close(srv);
#endif
    http_auth_close(srv->auth);
    pthread_mutex_destroy(&srv->club_lock);
    pthread_mutex_destroy(&srv->conn_lock);
    free(srv);
}
