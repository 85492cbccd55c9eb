/* The HTTP server core through real sockets: health, the page, the JSON error shape, routing,
 * body and header limits, path traversal, multipart parsing, hostile bytes, and that the
 * server is still healthy (and its database intact) after all of it. */
#define _XOPEN_SOURCE 700
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <sqlite3.h>

#include "go/error.h"
#include "http_int.h"
#include "test_http_util.h"
#include "testutil.h"

static th_server server;

static int setup(void **state)
{
    (void)state;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.max_body = 256 * 1024; /* small, so the over-cap cases stay fast */
    opts.timeout_s = 2;
    th_start(&server, &opts);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    th_stop(&server);
    return 0;
}

static void assert_healthy(void)
{
    th_resp r;
    assert_int_equal(th_call(&r, server.port, "GET", "/healthz", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "\"status\":\"ok\""));
    th_free(&r);
}

/* The one error shape: a JSON object with a string "error" and a string "message". */
static void assert_error_shape(const th_resp *r, const char *code)
{
    json_error_t jerr;
    json_t *j = json_loads(r->body, 0, &jerr);
    if (!j)
        fail_msg("not JSON (%d): %s", r->status, r->body);
    assert_true(json_is_string(json_object_get(j, "error")));
    assert_true(json_is_string(json_object_get(j, "message")));
    if (code && strcmp(json_string_value(json_object_get(j, "error")), code) != 0)
        fail_msg("error %s, expected %s", json_string_value(json_object_get(j, "error")), code);
    json_decref(j);
}

static void test_http_core__healthz_and_page(void **state)
{
    (void)state;
    th_resp r;
    char buf[256];
    assert_healthy();
    assert_int_equal(th_call(&r, server.port, "GET", "/", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    assert_non_null(th_header(&r, "Content-Type", buf, sizeof buf));
    assert_non_null(strstr(buf, "text/html"));
    assert_non_null(th_header(&r, "Content-Security-Policy", buf, sizeof buf));
    assert_non_null(strstr(r.body, "<html"));
    th_free(&r);
    /* Every embedded file is served with its type; an unknown file is a JSON 404. */
    for (size_t i = 0; i < http_assets_count; i++) {
        assert_int_equal(th_call(&r, server.port, "GET", http_assets[i].path, NULL, NULL, NULL, 0),
                         0);
        assert_int_equal(r.status, 200);
        assert_int_equal(r.body_len, http_assets[i].len);
        th_free(&r);
    }
    assert_int_equal(th_call(&r, server.port, "GET", "/nothere.js", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 404);
    assert_error_shape(&r, "not_found");
    th_free(&r);
    /* The config names the reader's side, to which the page scales a photo before uploading. */
    assert_int_equal(th_call(&r, server.port, "GET", "/api/config", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    snprintf(buf, sizeof buf, "\"photo_side\":%d", HTTP_PHOTO_READER_SIDE);
    assert_non_null(strstr(r.body, buf));
    th_free(&r);
}

static void test_http_core__routing_errors(void **state)
{
    (void)state;
    th_resp r;
    assert_int_equal(th_call(&r, server.port, "GET", "/api/nope", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 404);
    assert_error_shape(&r, "not_found");
    th_free(&r);
    assert_int_equal(th_call(&r, server.port, "DELETE", "/api/login", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 405);
    assert_error_shape(&r, "method");
    th_free(&r);
    assert_int_equal(th_call(&r, server.port, "POST", "/index.html", NULL, "text/plain", "x", 1),
                     0);
    assert_int_equal(r.status, 405);
    th_free(&r);
}

static void test_http_core__error_table(void **state)
{
    (void)state;
    const char *code;
    assert_int_equal(http_status_of(GO_EPARSE, &code), 400);
    assert_string_equal(code, "parse");
    assert_int_equal(http_status_of(GO_EAUTH, &code), 401);
    assert_int_equal(http_status_of(GO_EPERM, &code), 403);
    assert_int_equal(http_status_of(GO_ENOTFOUND, &code), 404);
    assert_int_equal(http_status_of(GO_ECONFLICT, &code), 409);
    assert_int_equal(http_status_of(GO_ETOOBIG, &code), 413);
    assert_int_equal(http_status_of(GO_ENOBOARD, &code), 422);
    assert_int_equal(http_status_of(GO_EBUSY, &code), 503);
    assert_int_equal(http_status_of(GO_EDB, &code), 500);
    assert_int_equal(http_status_of(-999, &code), 500);
    assert_string_equal(code, "internal");
    /* Every code of error.h has a row: none falls through to the default. */
    for (int e = GO_EINVAL; e >= GO_EINTERNAL; e--) {
        http_status_of(e, &code);
        if (e != GO_EINTERNAL && strcmp(code, "internal") == 0)
            fail_msg("go_err %d has no row in the status table", e);
    }
}

static void test_http_core__path_traversal(void **state)
{
    (void)state;
    static const char *const paths[] = {
        "/../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fetc%2fpasswd",
        "//etc/passwd",
        "/index.html/../../etc/passwd",
        "/.%2e/.%2e/etc/passwd",
        "/..\\..\\etc\\passwd",
        "/~root/.bashrc",
        "/.git/config",
    };
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        char req[512];
        th_resp r;
        int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                         paths[i]);
        assert_int_equal(th_raw(&r, server.port, req, (size_t)n, 5000), 0);
        if (r.status == 200 || strstr(r.body, "root:"))
            fail_msg("%s answered %d", paths[i], r.status);
        assert_true(r.status >= 400 && r.status < 500);
        th_free(&r);
    }
    /* MHD decodes %00 to a NUL that ends the path: "/" is the page, nothing else. */
    const char *nul = "GET /%00/../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    th_resp r;
    assert_int_equal(th_raw(&r, server.port, nul, strlen(nul), 5000), 0);
    assert_null(strstr(r.body, "root:"));
    th_free(&r);
    assert_healthy();
}

static void test_http_core__body_caps(void **state)
{
    (void)state;
    th_resp r;
    char buf[64];
    /* Announced too big: refused before the body is read. */
    const char *req = "POST /api/count HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      "Content-Length: 999999999999\r\n\r\n{";
    assert_int_equal(th_raw(&r, server.port, req, strlen(req), 5000), 0);
    assert_int_equal(r.status, 413);
    assert_error_shape(&r, "too_big");
    th_free(&r);
    /* Chunked past the cap: drained, then 413 (the body is never held whole). */
    size_t chunk = 16 * 1024;
    size_t chunks = 6; /* 96 KB > the 64 KB cap of a JSON body */
    char *big = malloc(chunks * (chunk + 32) + 256);
    assert_non_null(big);
    size_t n = (size_t)snprintf(big, 256,
                                "POST /api/count HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                "Content-Type: application/json\r\n"
                                "Transfer-Encoding: chunked\r\n\r\n");
    for (size_t i = 0; i < chunks; i++) {
        n += (size_t)snprintf(big + n, 32, "%zx\r\n", chunk);
        memset(big + n, 'a', chunk);
        n += chunk;
        memcpy(big + n, "\r\n", 2);
        n += 2;
    }
    memcpy(big + n, "0\r\n\r\n", 5);
    n += 5;
    assert_int_equal(th_raw(&r, server.port, big, n, 10000), 0);
    assert_int_equal(r.status, 413);
    assert_error_shape(&r, "too_big");
    th_free(&r);
    free(big);
    /* A body announced longer than sent: the connection times out, the server lives. */
    req = "POST /api/count HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          "Content-Length: 100\r\n\r\n{\"board\":";
    assert_int_equal(th_raw(&r, server.port, req, strlen(req), 300), 0);
    th_free(&r);
    (void)buf;
    assert_healthy();
}

/* Bodies held at once are bounded across connections: while one upload holds most of the
 * budget, a second is answered 503 with Retry-After; the first still completes. */
static void test_http_core__upload_budget(void **state)
{
    (void)state;
    th_server small;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.max_body = 256 * 1024;
    opts.max_json = 256 * 1024; /* JSON bodies as large as uploads, to fill the budget */
    opts.max_buffered = 300 * 1024;
    th_start(&small, &opts);
    size_t len = 200 * 1024;
    char *body = malloc(len);
    assert_non_null(body);
    memset(body, ' ', len);
    body[0] = '{';
    body[len - 1] = '}';
    /* A: headers and all but the last byte, then wait. */
    char head[256];
    int hn = snprintf(head, sizeof head,
                      "POST /api/count HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                      "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                      len);
    int a = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)small.port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(a, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(send(a, head, (size_t)hn, MSG_NOSIGNAL), hn);
    size_t sent = 0;
    while (sent < len - 1) {
        ssize_t n = send(a, body + sent, len - 1 - sent, MSG_NOSIGNAL);
        assert_true(n > 0);
        sent += (size_t)n;
    }
    /* Wait until the server holds A's body (reported by /healthz). */
    th_resp r;
    long long held = 0;
    for (int i = 0; i < 500 && held < (long long)len - 1; i++) {
        assert_int_equal(th_call(&r, small.port, "GET", "/healthz", NULL, NULL, NULL, 0), 0);
        const char *b = strstr(r.body, "\"buffered_bytes\":");
        held = b ? strtoll(b + 17, NULL, 10) : 0;
        th_free(&r);
        struct timespec tick = {0, 5 * 1000 * 1000};
        nanosleep(&tick, NULL);
    }
    assert_true(held >= (long long)len - 1);
    int status = 0;
    for (int i = 0; i < 100 && status != 503; i++) {
        assert_int_equal(
            th_call(&r, small.port, "POST", "/api/count", NULL, "application/json", body, len), 0);
        status = r.status;
        if (status == 503) {
            char retry[16];
            assert_non_null(th_header(&r, "Retry-After", retry, sizeof retry));
            assert_non_null(strstr(r.body, "\"error\":\"busy\""));
        }
        th_free(&r);
        struct timespec tick = {0, 10 * 1000 * 1000};
        nanosleep(&tick, NULL);
    }
    assert_int_equal(status, 503);
    /* A finishes and gets a real answer (its JSON lacks a board: 400). */
    assert_int_equal(send(a, body + len - 1, 1, MSG_NOSIGNAL), 1);
    char reply[512];
    ssize_t got = recv(a, reply, sizeof reply - 1, 0);
    assert_true(got > 12);
    reply[got] = '\0';
    assert_non_null(strstr(reply, " 400 "));
    close(a);
    free(body);
    th_stop(&small);
}

static void test_http_core__huge_headers(void **state)
{
    (void)state;
    size_t size = 200 * 1024;
    char *req = malloc(size + 256);
    assert_non_null(req);
    size_t n = (size_t)snprintf(req, 256, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Junk: ");
    memset(req + n, 'j', size);
    n += size;
    memcpy(req + n, "\r\n\r\n", 4);
    n += 4;
    th_resp r;
    assert_int_equal(th_raw(&r, server.port, req, n, 5000), 0);
    /* libmicrohttpd answers 431 itself, with its own small HTML page: 0.9.x has no hook to
     * replace it (server/README.md, "Answers libmicrohttpd gives itself"). The status is
     * what a client can rely on. */
    assert_int_equal(r.status, 431);
    th_free(&r);
    /* Many header lines rather than one long one. */
    n = (size_t)snprintf(req, 256, "GET /healthz HTTP/1.1\r\nHost: x\r\n");
    while (n + 32 < size)
        n += (size_t)snprintf(req + n, 32, "X-A%zu: b\r\n", n);
    memcpy(req + n, "\r\n", 2);
    n += 2;
    assert_int_equal(th_raw(&r, server.port, req, n, 5000), 0);
    assert_int_equal(r.status, 431);
    th_free(&r);
    /* A request line longer than the connection's memory: 414, also libmicrohttpd's own. */
    n = (size_t)snprintf(req, 256, "GET /");
    memset(req + n, 'a', 70000);
    n += 70000;
    n += (size_t)snprintf(req + n, 256, " HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_int_equal(th_raw(&r, server.port, req, n, 5000), 0);
    assert_int_equal(r.status, 414);
    th_free(&r);
    /* Another major HTTP version: 505, libmicrohttpd's own. A later 1.x is served as 1.1,
     * as RFC 9112 section 2.6 asks. */
    static const struct {
        const char *version;
        int status;
    } versions[] = {{"HTTP/9.9", 505}, {"HTTP/2.0", 505}, {"HTTP/1.2", 200}};
    for (int i = 0; i < 3; i++) {
        n = (size_t)snprintf(req, 256, "GET /healthz %s\r\nHost: x\r\nConnection: close\r\n\r\n",
                             versions[i].version);
        assert_int_equal(th_raw(&r, server.port, req, n, 5000), 0);
        if (r.status != versions[i].status)
            fail_msg("%s answered %d", versions[i].version, r.status);
        th_free(&r);
    }
    free(req);
    assert_healthy();
}

static void test_http_core__bad_json_and_type(void **state)
{
    (void)state;
    th_resp r;
    static const char *const bodies[] = {
        "",
        "{",
        "[1,2]",
        "null",
        "{\"board\":}",
        "{\"a\":1,\"a\":2}",
        "\xff\xfe{}",
        "{\"board\":\"\\u0000\"}",
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        assert_int_equal(th_call(&r, server.port, "POST", "/api/login", NULL, "application/json",
                                 bodies[i], strlen(bodies[i])),
                         0);
        if (r.status != 400)
            fail_msg("body %zu answered %d %s", i, r.status, r.body);
        assert_error_shape(&r, NULL);
        th_free(&r);
    }
    assert_int_equal(th_call(&r, server.port, "POST", "/api/login", NULL, "text/plain", "{}", 2),
                     0);
    assert_int_equal(r.status, 415);
    assert_error_shape(&r, "content_type");
    th_free(&r);
    assert_int_equal(th_call(&r, server.port, "POST", "/api/login", NULL, NULL, "{}", 2), 0);
    assert_int_equal(r.status, 415);
    th_free(&r);
}

static void test_http_core__multipart(void **state)
{
    (void)state;
    http_part parts[HTTP_MAX_PARTS];
    int n;
    const char *ct = "multipart/form-data; boundary=----xyz";
    const char *body = "------xyz\r\n"
                       "Content-Disposition: form-data; name=\"size\"\r\n\r\n"
                       "19\r\n"
                       "------xyz\r\n"
                       "Content-Disposition: form-data; name=\"photo\"; filename=\"b.jpg\"\r\n"
                       "Content-Type: image/jpeg\r\n\r\n"
                       "\xff\xd8\r\n--not-the-boundary\xff\xd9\r\n"
                       "------xyz--\r\n";
    assert_int_equal(http_multipart_parse(parts, &n, HTTP_MAX_PARTS, ct, body, strlen(body)), 0);
    assert_int_equal(n, 2);
    assert_string_equal(parts[0].name, "size");
    assert_int_equal(parts[0].len, 2);
    assert_memory_equal(parts[0].data, "19", 2);
    assert_string_equal(parts[1].name, "photo");
    assert_string_equal(parts[1].filename, "b.jpg");
    assert_string_equal(parts[1].content_type, "image/jpeg");
    assert_int_equal(parts[1].len, 24);
    /* Every truncation of the body is refused, never read as a shorter part. */
    for (size_t cut = 0; cut < strlen(body) - strlen("--\r\n"); cut++) {
        int rc = http_multipart_parse(parts, &n, HTTP_MAX_PARTS, ct, body, cut);
        if (rc == 0)
            fail_msg("truncated at %zu accepted", cut);
        assert_true(rc == GO_EPARSE);
    }
    assert_int_equal(
        http_multipart_parse(parts, &n, HTTP_MAX_PARTS, "multipart/form-data", body, strlen(body)),
        GO_EPARSE);
    assert_int_equal(
        http_multipart_parse(parts, &n, HTTP_MAX_PARTS, "application/json", body, strlen(body)),
        GO_EINVAL);
    const char *noname = "--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--";
    assert_int_equal(http_multipart_parse(parts, &n, HTTP_MAX_PARTS,
                                          "multipart/form-data; boundary=b", noname,
                                          strlen(noname)),
                     GO_EPARSE);
    /* More parts than the caller has room for. */
    char many[2048];
    size_t len = 0;
    for (int i = 0; i < HTTP_MAX_PARTS + 1; i++)
        len +=
            (size_t)snprintf(many + len, sizeof many - len,
                             "--b\r\nContent-Disposition: form-data; name=\"f%d\"\r\n\r\nv\r\n", i);
    len += (size_t)snprintf(many + len, sizeof many - len, "--b--\r\n");
    assert_int_equal(http_multipart_parse(parts, &n, HTTP_MAX_PARTS,
                                          "multipart/form-data; boundary=b", many, len),
                     GO_ETOOBIG);
}

static void test_http_core__hostile_requests(void **state)
{
    (void)state;
    go_rng rng;
    go_rng_seed(&rng, 42);
    static const char *const starts[] = {
        "GET / HTTP/1.1\r\n",
        "POST /api/count HTTP/1.1\r\n",
        "GARBAGE\r\n\r\n",
        "GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n",
        "\r\n\r\n\r\n",
        "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
        "POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "GET /api/club/members HTTP/1.1\r\nHost: x\r\nCookie: goref_session=';DROP TABLE x\r\n\r\n",
        "POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Content-Length: 2\r\n\r\n{}",
    };
    char req[1024];
    for (int i = 0; i < 300; i++) {
        size_t n = (size_t)snprintf(req, sizeof req, "%s",
                                    starts[go_rng_below(&rng, sizeof starts / sizeof starts[0])]);
        size_t extra = go_rng_below(&rng, 200);
        for (size_t k = 0; k < extra && n < sizeof req - 1; k++)
            req[n++] = (char)(go_rng_below(&rng, 3) ? 32 + go_rng_below(&rng, 95)
                                                    : go_rng_below(&rng, 256));
        th_resp r;
        assert_int_equal(th_raw_eof(&r, server.port, req, n, 50), 0);
        /* 505 is libmicrohttpd's own answer to HTTP/9.9: a refusal, not a failure. */
        if (r.status >= 500 && r.status != 503 && r.status != 505)
            fail_msg("hostile request %d got %d: %s", i, r.status, r.body);
        th_free(&r);
    }
    assert_healthy();
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open_v2(server.db, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "ok");
    sqlite3_finalize(st);
    sqlite3_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_http_core__healthz_and_page),
        cmocka_unit_test(test_http_core__routing_errors),
        cmocka_unit_test(test_http_core__error_table),
        cmocka_unit_test(test_http_core__path_traversal),
        cmocka_unit_test(test_http_core__body_caps),
        cmocka_unit_test(test_http_core__upload_budget),
        cmocka_unit_test(test_http_core__huge_headers),
        cmocka_unit_test(test_http_core__bad_json_and_type),
        cmocka_unit_test(test_http_core__multipart),
        cmocka_unit_test(test_http_core__hostile_requests),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
