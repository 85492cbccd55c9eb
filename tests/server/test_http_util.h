/* A small HTTP/1.1 client over loopback sockets for the API tests, and a server fixture: a
 * fresh database in a temporary folder, one account per role, a server on an ephemeral port. */
#ifndef GOREF_TEST_HTTP_UTIL_H
#define GOREF_TEST_HTTP_UTIL_H

#include <stddef.h>

#include "http.h"

typedef struct th_resp {
    int status; /* 0 when the server sent nothing parseable */
    char *head; /* status line and headers, NUL-terminated */
    char *body; /* NUL-terminated */
    size_t body_len;
} th_resp;

/* Sends raw bytes, then reads until the server closes (at most timeout_ms). 0 or -1. */
int th_raw(th_resp *out, unsigned port, const void *req, size_t len, int timeout_ms);
/* The same, closing the sending side after the request: the server sees the end at once
 * instead of waiting for bytes that will never come. */
int th_raw_eof(th_resp *out, unsigned port, const void *req, size_t len, int timeout_ms);
/* One request with Connection: close. extra: more header lines, each ending in \r\n, or NULL. */
int th_call(th_resp *out, unsigned port, const char *method, const char *path, const char *extra,
            const char *content_type, const void *body, size_t len);
/* Value of a header (first match, case-insensitive) copied to buf; NULL when absent. */
const char *th_header(const th_resp *r, const char *name, char *buf, size_t size);
void th_free(th_resp *r);

typedef struct th_server {
    char dir[256];
    char db[300];
    go_http *srv;
    unsigned port;
} th_server;

#define TH_PASSWORD "correct horse 42"

/* Starts a server on a new database holding admin, secretary, teacher and referee accounts
 * (named after their roles, password TH_PASSWORD). opts may be NULL; port, db_path and the
 * password cost are set here, and the access log is off unless opts names a file. */
void th_start(th_server *s, const go_http_options *opts);
void th_stop(th_server *s);

typedef struct th_session {
    char cookie[256]; /* "Cookie: goref_session=...\r\n" */
    char csrf[80];
    char both[400]; /* cookie line and "X-CSRF-Token: ...\r\n" */
} th_session;
/* Signs in; fails the test unless the server answers 200. */
void th_login(th_session *out, unsigned port, const char *name, const char *password);

#endif
