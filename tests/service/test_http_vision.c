/* The photo endpoints through the API: a real photo from ../shared/data/photos/ scanned and
 * scored over multipart, the overlay served as PNG, and every kind of bad upload (no photo,
 * not an image, wrong content type, truncated multipart, bad size) refused with a 4xx. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "test_http_util.h"
#include "testutil.h"

static th_server server;

/* A small real photo (640x480 webcam frame of a 19x19 board) keeps the ASan build fast. */
#define PHOTO "photos/tomasmcz__imago-tests/t2/t2_003.jpg"
#define BOUNDARY "----gorefTestBoundary7MA4YWxk"

static int setup(void **state)
{
    (void)state;
    th_start(&server, NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    th_stop(&server);
    return 0;
}

/* Builds a multipart body with an optional size field and a photo field. */
static char *form(size_t *out_len, const char *size, const void *photo, size_t photo_len,
                  bool close)
{
    char head[512];
    size_t n = 0;
    if (size)
        n += (size_t)snprintf(head + n, sizeof head - n,
                              "--" BOUNDARY "\r\nContent-Disposition: form-data; name=\"size\""
                              "\r\n\r\n%s\r\n",
                              size);
    n += (size_t)snprintf(head + n, sizeof head - n,
                          "--" BOUNDARY "\r\nContent-Disposition: form-data; name=\"photo\"; "
                          "filename=\"board.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n");
    const char *tail = close ? "\r\n--" BOUNDARY "--\r\n" : "";
    char *body = malloc(n + photo_len + strlen(tail));
    assert_non_null(body);
    memcpy(body, head, n);
    memcpy(body + n, photo, photo_len);
    memcpy(body + n + photo_len, tail, strlen(tail));
    *out_len = n + photo_len + strlen(tail);
    return body;
}

static int upload(th_resp *r, const char *path, const char *body, size_t len)
{
    return th_call(r, server.port, "POST", path, NULL,
                   "multipart/form-data; boundary=" BOUNDARY, body, len);
}

static void test_http_vision__scan_real_photo(void **state)
{
    (void)state;
    char *photo = NULL, *body;
    size_t photo_len, len;
    if (!tu_have_data() || tu_read_file(tu_data_path(PHOTO), &photo, &photo_len) != 0)
        TU_SKIP("the shared photo %s is not here", PHOTO);
    body = form(&len, "19", photo, photo_len, true);
    th_resp r;
    assert_int_equal(upload(&r, "/api/scan", body, len), 0);
    /* The reading itself is vision's business: the service must answer 200 with the scan
     * fields, or 422 when no board was found. */
    assert_true(r.status == 200 || r.status == 422);
    json_t *j = json_loads(r.body, 0, NULL);
    assert_non_null(j);
    if (r.status == 200) {
        assert_int_equal(json_integer_value(json_object_get(j, "size")), 19);
        assert_int_equal(json_array_size(json_object_get(j, "board")), 19);
        assert_int_equal(json_array_size(json_object_get(j, "confidence")), 19);
        assert_int_equal(json_array_size(json_object_get(j, "corners")), 4);
        assert_true(json_is_array(json_object_get(j, "uncertain")));
        assert_true(json_is_object(json_object_get(j, "timing_ms")));
        const char *url = json_string_value(json_object_get(j, "overlay_url"));
        assert_non_null(url);
        th_resp png;
        assert_int_equal(th_call(&png, server.port, "GET", url, NULL, NULL, NULL, 0), 0);
        assert_int_equal(png.status, 200);
        assert_true(png.body_len > 8);
        assert_memory_equal(png.body, "\x89PNG\r\n\x1a\n", 8);
        th_free(&png);
    } else {
        assert_string_equal(json_string_value(json_object_get(j, "error")), "no_board");
    }
    json_decref(j);
    th_free(&r);

    /* Score: the same photo to scan + suggestion + count in one call. */
    assert_int_equal(upload(&r, "/api/score", body, len), 0);
    assert_true(r.status == 200 || r.status == 422);
    j = json_loads(r.body, 0, NULL);
    assert_non_null(j);
    if (r.status == 200) {
        assert_true(json_is_object(json_object_get(j, "scan")));
        assert_true(json_is_object(json_object_get(j, "suggestion")));
        json_t *count = json_object_get(j, "count");
        assert_true(json_is_string(json_object_get(count, "verdict_zh")));
        assert_true(json_number_value(json_object_get(count, "komi_stones")) == 3.75);
    }
    json_decref(j);
    th_free(&r);
    free(body);
    free(photo);
}

static void test_http_vision__bad_uploads(void **state)
{
    (void)state;
    th_resp r;
    size_t len;
    char *body = form(&len, NULL, "hello", 5, true);
    assert_int_equal(upload(&r, "/api/scan", body, len), 0);
    assert_int_equal(r.status, 422);
    assert_non_null(strstr(r.body, "\"error\":\"image\""));
    th_free(&r);
    free(body);

    /* A JPEG header promising more than the bytes that follow. */
    static const unsigned char stub[] = {0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0};
    body = form(&len, NULL, stub, sizeof stub, true);
    assert_int_equal(upload(&r, "/api/scan", body, len), 0);
    if (r.status < 400 || r.status >= 500)
        fail_msg("a truncated JPEG answered %d: %s", r.status, r.body);
    th_free(&r);
    free(body);

    body = form(&len, "3", "hello", 5, true);
    assert_int_equal(upload(&r, "/api/scan", body, len), 0);
    assert_int_equal(r.status, 400);
    th_free(&r);
    free(body);

    body = form(&len, NULL, "hello", 5, false); /* truncated: no closing boundary */
    assert_int_equal(upload(&r, "/api/scan", body, len), 0);
    assert_int_equal(r.status, 400);
    assert_non_null(strstr(r.body, "\"error\":\"parse\""));
    th_free(&r);
    free(body);

    const char *no_photo = "--" BOUNDARY "\r\nContent-Disposition: form-data; name=\"size\"\r\n\r\n"
                           "19\r\n--" BOUNDARY "--\r\n";
    assert_int_equal(upload(&r, "/api/scan", no_photo, strlen(no_photo)), 0);
    assert_int_equal(r.status, 400);
    th_free(&r);

    assert_int_equal(th_call(&r, server.port, "POST", "/api/scan", NULL, "application/json", "{}", 2),
                     0);
    assert_int_equal(r.status, 415);
    th_free(&r);
    assert_int_equal(th_call(&r, server.port, "POST", "/api/scan", NULL, "multipart/form-data",
                             "x", 1),
                     0);
    assert_int_equal(r.status, 400);
    th_free(&r);

    assert_int_equal(th_call(&r, server.port, "GET", "/api/overlay/../../etc/passwd", NULL, NULL,
                             NULL, 0),
                     0);
    assert_true(r.status == 404);
    th_free(&r);
    assert_int_equal(th_call(&r, server.port, "GET",
                             "/api/overlay/0123456789abcdef0123456789abcdef.png", NULL, NULL, NULL,
                             0),
                     0);
    assert_int_equal(r.status, 404);
    th_free(&r);
    assert_int_equal(th_call(&r, server.port, "GET", "/healthz", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    th_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_http_vision__scan_real_photo),
        cmocka_unit_test(test_http_vision__bad_uploads),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
