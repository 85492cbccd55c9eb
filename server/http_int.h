/* Internals of the HTTP service shared by its files: the server state, one request as the
 * handlers see it, the reply helpers (one JSON error shape), the route flags checked centrally
 * (auth, role, CSRF, content type) and the entry points of each concern. */
#ifndef GOREF_HTTP_INT_H
#define GOREF_HTTP_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include <jansson.h>
#include <microhttpd.h>

/* The long side, in pixels, of the work image the reader reads a photo at: a PNG is reduced
 * toward it (http_photo.c), the page scales a photo to it before uploading (/api/config's
 * photo_side). */
#define HTTP_PHOTO_READER_SIDE 1000
#include <sqlite3.h>

#include "http.h"

#define HTTP_DEFAULT_MAX_BODY (25u * 1024u * 1024u)
/* Every body but a photo upload's is a small JSON object: parsing one costs many times its
 * size, so it is capped far below the upload cap. */
#define HTTP_DEFAULT_MAX_JSON (64u * 1024u)
#define HTTP_DEFAULT_HEADER_TIMEOUT_S 30u
#define HTTP_DEFAULT_BODY_MIN_RATE 2048u
#define HTTP_DEFAULT_MAX_PER_IP 250u
#define HTTP_DEFAULT_HEAVY_MEMORY ((size_t)512 * 1024 * 1024)
#define HTTP_PHOTO_MEMORY_MARGIN ((size_t)16 * 1024 * 1024)
#define HTTP_TOKEN_HEX 64 /* 32 random bytes as hex */
/* By default the bodies held at once by all connections together may reach 16 of the largest
 * size: a crowd of large uploads gets 503 instead of taking the machine's memory. */
#define HTTP_BUFFERED_PER_BODY 16

/* Roles as bits, so that a route lists who may call it. */
enum {
    ROLE_ADMIN = 1,
    ROLE_SECRETARY = 2,
    ROLE_TEACHER = 4,
    ROLE_REFEREE = 8,
    ROLE_ANY = 15,
};

typedef struct http_auth http_auth; /* http_auth.c */

/* Where a connection is in its current request, for the deadline watch (http_server.c). */
enum http_phase {
    PHASE_HEADERS, /* waiting for a request line and headers (also between requests) */
    PHASE_BODY,    /* headers in, body arriving */
    PHASE_HANDLED, /* the body is complete: handling, or sending the reply */
};

/* One TCP connection (MHD's socket context), on the server's list while it is open. */
typedef struct http_conn {
    struct http_conn *prev, *next;
    int fd;
    enum http_phase phase;
    struct timespec phase_start; /* CLOCK_MONOTONIC */
    size_t body_bytes;           /* of the current request */
    const char *cut;             /* why the deadline watch closed it, or NULL */
    long long cut_received;      /* bytes the peer had sent when it was cut (-1: unknown) */
    bool seen_request;           /* a request line arrived on it */
} http_conn;

struct go_http {
    go_http_options opts;
    char bind[64];
    char db_path[1024];
    char web_dir[4096]; /* canonical, or "" for the embedded files */
    char hosts[1024];   /* the allowed Host names, or "" for any */
    struct MHD_Daemon *daemon;
    unsigned port;
    unsigned ncores;
    http_auth *auth;
    atomic_int in_flight;   /* requests between first call and completion */
    atomic_int heavy_now;   /* scans and suggestions running */
    atomic_int jobs;        /* worker threads not yet finished (stop waits for them) */
    atomic_size_t buffered; /* bytes held in request bodies right now, across connections */
    atomic_size_t decoding; /* of opts.heavy_memory, reserved by photos being read or drawn */
    atomic_bool stopping;
    void *club;   /* go_club handle when the club module is built (http_club.c) */
    void *vision; /* overlay store when the vision module is built (http_vision.c) */
    pthread_mutex_t club_lock;
    /* Open connections and the thread that closes those missing their deadlines. */
    pthread_mutex_t conn_lock;
    http_conn *conns;
    pthread_t watch_thread;
    bool watch_running;
    atomic_bool watch_stop;
    FILE *log; /* the access log: stderr, a file of our own, or NULL when quiet */
    bool log_owned;
};

typedef struct http_user {
    long long id;
    char name[128];
    int role; /* one ROLE_ bit */
    char csrf[HTTP_TOKEN_HEX + 1];
    char session_hash[HTTP_TOKEN_HEX + 1];
} http_user;

#define HTTP_MAX_EXTRA_HEADERS 4

typedef struct http_req {
    go_http *srv;
    struct MHD_Connection *conn;
    http_conn *cs; /* the connection's state, NULL when unknown */
    bool started;  /* the access handler has seen it (method and url are set) */
    const char *method;
    const char *url;    /* path only; MHD strips the query */
    char raw_uri[384];  /* as sent, control characters escaped, for the access log */
    bool nul_in_path;   /* the path as sent holds %00 */
    struct timespec t0; /* CLOCK_MONOTONIC when the request line arrived */
    struct timespec wall0;
    size_t max_body; /* the cap for this request's body: an upload's or a JSON body's */
    size_t reply_bytes;
    char error_code[32]; /* the "error" of an error reply, for the access log */
    char client_ip[64];
    char *body; /* NUL-terminated, body_len bytes */
    size_t body_len, body_cap;
    size_t discarded; /* bytes dropped after the cap was passed */
    bool too_big;
    bool over_budget; /* all bodies together would pass HTTP_BODY_BUDGET: answer 503 */
    bool counted;     /* in_flight was incremented */
    bool have_user;
    http_user user;
    /* Heavy work runs on a worker thread while MHD keeps the connection suspended, so a scan
     * never stalls the other connections of its polling thread. */
    void (*job)(struct http_req *r);
    bool job_heavy; /* the job holds a heavy slot, released when it ends */
    /* What the handler parsed and checked before the job was queued (freed with the request
     * by job_ctx_free, whether or not the job ran). */
    void *job_ctx;
    void (*job_ctx_free)(void *ctx);
    atomic_bool job_done;
    /* Work a job leaves for after its reply is sent (the overlay PNG): it runs on the same
     * worker after the slot is released, and owns after_ctx (never the request). */
    void (*after)(void *ctx);
    void *after_ctx;
    /* The reply being built. */
    int status;
    struct MHD_Response *resp;
    char extra_name[HTTP_MAX_EXTRA_HEADERS][32];
    char extra_value[HTTP_MAX_EXTRA_HEADERS][256];
    int nextra;
} http_req;

/* -------------------------------------------------------------------- replies (http_json.c) */

/* Status and error code for a go_err, from one table. */
int http_status_of(int err, const char **out_code);
/* Queues body (copied) with a status and content type. */
void http_reply(http_req *r, int status, const char *content_type, const void *body, size_t len);
/* Serialises and frees j (compact UTF-8). */
void http_reply_json(http_req *r, int status, json_t *j);
/* Takes a malloc'd JSON text. */
void http_reply_json_text(http_req *r, int status, char *text);
/* { "error": code, "message": text, "message_zh": the code's Chinese text } with status. */
void http_reply_error(http_req *r, int status, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The same with a Chinese text of the caller's (NULL: the code's). */
void http_reply_error_zh(http_req *r, int status, const char *code, const char *zh, const char *fmt,
                         ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* The Chinese text of an error name: the service's own names (csrf, method, ...) and those of
 * go_adapters' table; NULL for a name neither knows. */
const char *http_error_zh(const char *code);
/* The names the service answers that no go_err maps to, NULL-terminated (for the tests). */
extern const char *const http_own_error_codes[];
/* The error shape for a go_err, message from go_error_last() or go_strerror(). */
void http_reply_goerr(http_req *r, int err);
/* Adds a header to the reply to come (Set-Cookie, Retry-After...). */
void http_reply_header(http_req *r, const char *name, const char *value);

/* Parses the body as a JSON object (400 replied and NULL returned when it is not one). */
json_t *http_body_json(http_req *r);
/* Optional members with type checks: 0 when absent (out untouched) or fine; otherwise a
 * 400 is replied and -1 returned. */
int http_json_string(http_req *r, json_t *obj, const char *key, const char **out, size_t max);
int http_json_int(http_req *r, json_t *obj, const char *key, long long *out, long long lo,
                  long long hi);
int http_json_bool(http_req *r, json_t *obj, const char *key, bool *out);
const char *http_header(http_req *r, const char *name);
const char *http_query(http_req *r, const char *name);
/* True when the content type's media type (before ';') equals want, case-insensitive. */
bool http_content_type_is(const char *content_type, const char *want);

/* ----------------------------------------------------------------------- auth (http_auth.c) */

int http_auth_open(http_auth **out, const char *db_path, const go_http_options *opts);
void http_auth_close(http_auth *a);
int http_auth_count(http_auth *a);
/* Fills r->user from the session cookie when it names a live session. */
void http_auth_identify(http_req *r);
const char *http_role_name(int role);
int http_role_parse(const char *name);

void http_api_login(http_req *r);
void http_api_logout(http_req *r);
void http_api_me(http_req *r);
void http_api_users_list(http_req *r);
void http_api_users_create(http_req *r);
void http_api_users_update(http_req *r); /* POST /api/users/{id} */
void http_api_users_delete(http_req *r); /* DELETE /api/users/{id} */
void http_api_password(http_req *r);     /* POST /api/me/password */

/* ---------------------------------------------------------------- static (http_static.c) */

void http_static_get(http_req *r);
/* A page goref draws (the printable club pages): 200 with the page's security headers (the same
 * Content-Security-Policy, its inline style allowed by hash, and X-Frame-Options). */
void http_reply_html(http_req *r, const char *page, size_t len);

/* The files of web/, embedded at build time (http_assets.c, generated by http_embed.cmake):
 * the only files the server gives out unless --web-dir is set. */
typedef struct http_asset {
    const char *path; /* "/index.html" */
    const char *mime;
    const unsigned char *data;
    size_t len;
} http_asset;
extern const http_asset http_assets[];
extern const size_t http_assets_count;

/* ------------------------------------------------------------ multipart (http_multipart.c) */

typedef struct http_part {
    char name[64];
    char filename[256];
    char content_type[128];
    const char *data; /* into the body */
    size_t len;
} http_part;
#define HTTP_MAX_PARTS 16
/* Splits a multipart/form-data body; parts point into body. GO_EPARSE with a detail when the
 * body is malformed or truncated. */
int http_multipart_parse(http_part *out, int *out_n, int max, const char *content_type,
                         const char *body, size_t len);

/* --------------------------------------------------------------- endpoints of the modules */

/* A slot for CPU-heavy work (scan, suggestion) or a 503 with Retry-After already replied. */
bool http_heavy_enter(http_req *r);
void http_heavy_leave(http_req *r);
/* Reserves bytes of the memory budget of heavy work (opts.heavy_memory): false, with nothing
 * reserved, when they do not fit beside what is reserved now. */
bool http_memory_reserve(go_http *srv, size_t bytes);
/* Gives back what http_memory_reserve took; 0 bytes is a no-op. */
void http_memory_release(go_http *srv, size_t bytes);
/* Heavy handlers check the request first (a bad one gets its 4xx without waiting for or
 * holding a slot), then queue the work with this: ctx (freed with the request by free_ctx,
 * also when no slot is free) is what they parsed; job runs on a worker thread in a heavy
 * slot. False when every slot is taken (503 replied). */
bool http_heavy_job(http_req *r, void (*job)(http_req *r), void *ctx, void (*free_ctx)(void *));

void http_api_count(http_req *r);        /* http_score.c */
void http_api_suggest_dead(http_req *r); /* http_score.c */
void http_api_scan(http_req *r);         /* http_vision.c */
void http_api_score(http_req *r);        /* http_vision.c */
void http_api_overlay(http_req *r);      /* http_vision.c: GET /api/overlay/{id} */
void http_api_club(http_req *r);         /* http_club.c: every /api/club/... route */
int http_vision_open(go_http *srv);
void http_vision_close(go_http *srv);
int http_club_open(go_http *srv);
void http_club_close(go_http *srv);

#endif
