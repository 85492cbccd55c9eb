/* The HTTP server core: libmicrohttpd daemon with a thread pool and connection limits, the life
 * of one request (body capped before it is buffered), the route table with its central checks
 * (sign-in, role, CSRF token, method), the bound on heavy work, and a clean stop. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

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
    json_t *j = json_pack("{s:s,s:i,s:I,s:i}", "status", "ok", "heavy_running",
                          atomic_load(&r->srv->heavy_now), "buffered_bytes",
                          (json_int_t)atomic_load(&r->srv->buffered), "requests_in_flight",
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
    http_reply_json(r, 200, j);
}

#ifdef HTTP_NOT_BUILT
static void not_built(http_req *r)
{
    http_reply_error(r, 501, "not_built", "this goref was built without the module behind %s",
                     r->url);
}
#endif

bool http_heavy_enter(http_req *r)
{
    int now = atomic_fetch_add(&r->srv->heavy_now, 1);
    if (now >= (int)r->srv->opts.max_heavy) {
        atomic_fetch_sub(&r->srv->heavy_now, 1);
        http_reply_header(r, "Retry-After", "1");
        http_reply_error(r, 503, "busy",
                         "%u heavy jobs (scans, pairings) are running; try again in a second",
                         r->srv->opts.max_heavy);
        return false;
    }
    return true;
}

void http_heavy_leave(http_req *r)
{
    atomic_fetch_sub(&r->srv->heavy_now, 1);
}

bool http_heavy_job(http_req *r, void (*job)(http_req *r), void *ctx, void (*free_ctx)(void *))
{
    r->job_ctx = ctx;
    r->job_ctx_free = free_ctx;
    if (!http_heavy_enter(r))
        return false;
    r->job = job; /* on_request hands it to a worker */
    r->job_heavy = true;
    return true;
}

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
            http_reply_error(r, 401, "auth", "sign in first");
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

static int append_body(http_req *r, const char *data, size_t n)
{
    size_t max = r->srv->opts.max_body;
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
    if (!r->srv->opts.quiet)
        fprintf(stderr, "%s %s %s %d\n", r->client_ip, r->method, r->url, r->status);
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
    if (!r) {
        r = calloc(1, sizeof *r);
        if (!r)
            return MHD_NO;
        r->srv = srv;
        r->conn = conn;
        r->method = method;
        r->url = url;
        r->counted = true;
        atomic_fetch_add(&srv->in_flight, 1);
        *con_cls = r;
        client_address(r);
        if (atomic_load(&srv->stopping)) {
            http_reply_header(r, "Connection", "close");
            http_reply_error(r, 503, "stopping", "the server is shutting down");
            return queue(r);
        }
        /* Refuse an announced oversized body before reading a byte of it. */
        const char *length = http_header(r, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length) {
            char *end;
            errno = 0;
            unsigned long long n = strtoull(length, &end, 10);
            if (errno || end == length || n > srv->opts.max_body) {
                http_reply_error(r, 413, "too_big", "request body over %zu bytes",
                                 srv->opts.max_body);
                return queue(r);
            }
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
    if (r->too_big) {
        http_reply_error(r, 413, "too_big", "request body over %zu bytes", srv->opts.max_body);
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
    (void)toe;
    if (!r)
        return;
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
    unsigned int flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME;
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
        flags, (uint16_t)o->port, NULL, NULL, on_request, srv, MHD_OPTION_SOCK_ADDR, sa,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)srv->opts.threads, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned int)srv->opts.timeout_s,
        /* The per-connection pool holds the request line and headers: this is the cap on
         * header size (MHD answers 431 beyond it) and the read buffer for bodies. */
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024), MHD_OPTION_CONNECTION_LIMIT,
        (unsigned int)1000,
        /* No per-address limit: libmicrohttpd keeps a half-closed incomplete request until the
         * idle timeout, so a limit of 128 let one burst of bad requests lock its own address
         * (and a classroom behind one NAT address) out for 30 s; bench-service showed it. */
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv, MHD_OPTION_LISTENING_ADDRESS_REUSE,
        (unsigned int)1, MHD_OPTION_END);
    if (!srv->daemon) {
        err = go_error_set(GO_EIO, "cannot listen on %s port %u (in use, or not allowed)",
                           srv->bind, o->port);
        goto done;
    }
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
#ifdef GOREF_HAVE_CLUB
    http_club_close(srv);
#endif
#ifdef GOREF_HAVE_VISION
    http_vision_close(srv);
#endif
    http_auth_close(srv->auth);
    pthread_mutex_destroy(&srv->club_lock);
    free(srv);
}
