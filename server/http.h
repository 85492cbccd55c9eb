/* The goref HTTP service: start and stop the server (libmicrohttpd, thread pool) and create
 * accounts from the command line. Used by `goref serve` (cmd_serve.c) and by the API tests,
 * which start a server in-process on an ephemeral loopback port. Internals are in http_int.h. */
#ifndef GOREF_HTTP_H
#define GOREF_HTTP_H

#include <stdbool.h>
#include <stddef.h>

typedef struct go_http go_http;

#define GO_HTTP_OPTIONS_VERSION 1
typedef struct go_http_options {
    int version;         /* GO_HTTP_OPTIONS_VERSION */
    const char *bind;    /* IPv4 or IPv6 literal; default "127.0.0.1" */
    unsigned port;       /* 0 = an ephemeral port (read it with go_http_port) */
    const char *db_path; /* SQLite file shared with the club module; default "goref.db" */
    const char *web_dir; /* serve web/ from this folder instead of the embedded copy */
    bool open_scan;      /* scanning and counting without an account (default on) */
    bool secure_cookies; /* add `Secure` to cookies (behind TLS) */
    unsigned threads;    /* request threads; 0 = cores + 2, at least 4 */
    unsigned max_heavy;  /* scans / dead-stone suggestions at once; 0 = cores */
    size_t max_body;     /* request body cap in bytes; 0 = 25 MB */
    unsigned timeout_s;  /* idle connection timeout; 0 = 30 s */
    int session_ttl_s;   /* session lifetime; 0 = 12 hours */
    /* Argon2id cost; 0 = libsodium's INTERACTIVE. Tests lower it to run fast. */
    unsigned long long pwhash_ops;
    size_t pwhash_mem;
    bool quiet;          /* no access log at all */
    size_t max_buffered; /* all request bodies held at once; 0 = 16 x max_body */
    size_t max_json;     /* cap on every body but a photo upload's; 0 = 64 KB */
    /* A request's line and headers must arrive within this many seconds of the connection
     * opening (or of its previous reply); 0 = 30 s. */
    unsigned header_timeout_s;
    /* Once a body has been arriving for header_timeout_s, its average rate must stay at least
     * this many bytes a second; 0 = 2048. */
    unsigned body_min_rate;
    unsigned max_per_ip;    /* connections one client address may hold; 0 = 250 */
    bool trust_proxy;       /* the client address is the last of X-Forwarded-For */
    const char *hosts;      /* Host header names allowed (comma-separated); NULL = any */
    const char *access_log; /* append the access log to this file; NULL = stderr */
    /* Memory the photos being read or drawn may take together, estimated from each photo's
     * pixels before it is decoded; 0 = 512 MB. A photo that would need more is refused (413),
     * one that finds the budget spent gets 503 busy. */
    size_t heavy_memory;
} go_http_options;
#define GO_HTTP_OPTIONS_INIT                                                                       \
    {                                                                                              \
        GO_HTTP_OPTIONS_VERSION, "127.0.0.1", 8080, "goref.db", NULL, true, false, 0, 0, 0, 0, 0,  \
            0, 0, false, 0, 0, 0, 0, 0, false, NULL, NULL, 0                                       \
    }

/* Opens the database (creating the service's tables), binds, and starts serving in background
 * threads. *out belongs to the caller, who ends it with go_http_stop. */
int go_http_start(go_http **out, const go_http_options *opts);

/* The port the server listens on (useful with port 0). */
unsigned go_http_port(const go_http *srv);

/* Stops accepting, lets the requests in flight finish (up to grace_ms), stops the threads and
 * closes the database. NULL is a no-op. */
void go_http_stop(go_http *srv, int grace_ms);

/* Number of accounts in the database (0 on a first run: no one can use the club pages yet). */
int go_http_account_count(go_http *srv);

/* Adds an account (role "admin", "secretary", "teacher" or "referee") to the database at
 * db_path, creating the service's tables if needed; the same cost options as the server.
 * GO_EEXISTS when the name is taken, GO_EINVAL for a bad name, password or role. */
int go_http_user_create(const char *db_path, const char *name, const char *password,
                        const char *role, const go_http_options *opts);

#endif
