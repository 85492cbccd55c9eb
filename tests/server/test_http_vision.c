/* The photo endpoints through the API: a real photo from ../shared/data/photos/ scanned and
 * scored over multipart, the overlay served as PNG, and every kind of bad upload (no photo,
 * not an image, wrong content type, truncated multipart, bad size) refused with a 4xx; corners a
 * person placed (the re-fit) good and bad; bad requests answered while every scan slot is busy. */
#define _XOPEN_SOURCE 700 /* nanosleep */
#include <math.h>
#include <pthread.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "go/vision.h"
#include "cv_shim.h"
#include "http_int.h"
#include "http_photo.h"
#include "synth.h"
#include "synth_cases.h"
#include "test_http_util.h"
#include "testutil.h"

static th_server server;

/* A small real photo (640x480 webcam frame of a 19x19 board) keeps the ASan build fast. */
#define PHOTO tu_photo("scan_19x19")
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

/* A multipart body with text fields (name, value pairs; NULL-terminated) and a photo field. */
static char *form_fields(size_t *out_len, const char *const *fields, const void *photo,
                         size_t photo_len)
{
    char head[4096];
    size_t n = 0;
    for (int i = 0; fields && fields[i]; i += 2)
        n += (size_t)snprintf(head + n, sizeof head - n,
                              "--" BOUNDARY "\r\nContent-Disposition: form-data; name=\"%s\""
                              "\r\n\r\n%s\r\n",
                              fields[i], fields[i + 1]);
    assert_true(n < sizeof head - 200);
    n += (size_t)snprintf(head + n, sizeof head - n,
                          "--" BOUNDARY "\r\nContent-Disposition: form-data; name=\"photo\"; "
                          "filename=\"board.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n");
    const char *tail = "\r\n--" BOUNDARY "--\r\n";
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
    return th_call(r, server.port, "POST", path, NULL, "multipart/form-data; boundary=" BOUNDARY,
                   body, len);
}

/* The count's `decisive`: the scan's doubtful points and the suggestion's unsure groups were
 * each read the other ways; every item changes the count's result and is of the documented
 * shape; the decisive_points warning comes with any item. */
static void assert_decisive(json_t *count, json_t *scan, json_t *suggestion)
{
    json_t *d = json_object_get(count, "decisive");
    assert_true(json_is_object(d));
    size_t unsure = 0;
    json_t *groups = json_object_get(suggestion, "groups");
    for (size_t i = 0; i < json_array_size(groups); i++) {
        json_t *g = json_array_get(groups, i);
        unsure += json_number_value(json_object_get(g, "confidence")) < 0.8 &&
                  !json_is_true(json_object_get(g, "benson_alive"));
    }
    assert_int_equal(json_integer_value(json_object_get(d, "groups_checked")), unsure);
    /* off_point stones are among the uncertain points: looked at once. */
    size_t points = json_array_size(json_object_get(scan, "uncertain"));
    assert_int_equal(json_integer_value(json_object_get(d, "points_checked")), points);
    assert_int_equal(json_integer_value(json_object_get(d, "recounts")) +
                         json_integer_value(json_object_get(d, "impossible")),
                     2 * points + unsure);
    json_t *items = json_object_get(d, "items");
    assert_true(json_is_array(items));
    assert_int_equal(json_array_size(items), json_integer_value(json_object_get(d, "total")));
    const char *winner = json_string_value(json_object_get(count, "winner"));
    for (size_t i = 0; i < json_array_size(items); i++) {
        json_t *item = json_array_get(items, i);
        const char *kind = json_string_value(json_object_get(item, "kind"));
        const char *read = json_string_value(json_object_get(item, "read"));
        const char *other = json_string_value(json_object_get(item, "other"));
        assert_non_null(json_string_value(json_object_get(item, "at")));
        assert_true(read && other && strcmp(read, other) != 0);
        if (strcmp(kind, "group") == 0)
            assert_true(json_integer_value(json_object_get(item, "stones")) > 0);
        else
            assert_string_equal(kind, "point");
        bool no_game = json_is_true(json_object_get(item, "no_game"));
        const char *w = json_string_value(json_object_get(item, "winner"));
        assert_true(no_game ? w == NULL : w && (!winner || strcmp(w, winner) != 0));
        assert_non_null(json_string_value(json_object_get(item, "verdict_zh")));
    }
    json_t *warnings = json_object_get(count, "warnings");
    bool warned = false;
    for (size_t i = 0; i < json_array_size(warnings); i++)
        warned |= strcmp(json_string_value(json_object_get(json_array_get(warnings, i), "code")),
                         "decisive_points") == 0;
    assert_true(warned == (json_array_size(items) > 0));
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
        assert_string_equal(json_string_value(json_object_get(j, "model")), go_vision_model_name());
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
        assert_decisive(count, json_object_get(j, "scan"), json_object_get(j, "suggestion"));
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

    assert_int_equal(
        th_call(&r, server.port, "POST", "/api/scan", NULL, "application/json", "{}", 2), 0);
    assert_int_equal(r.status, 415);
    th_free(&r);
    assert_int_equal(
        th_call(&r, server.port, "POST", "/api/scan", NULL, "multipart/form-data", "x", 1), 0);
    assert_int_equal(r.status, 400);
    th_free(&r);

    assert_int_equal(
        th_call(&r, server.port, "GET", "/api/overlay/../../etc/passwd", NULL, NULL, NULL, 0), 0);
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

/* Uploads the photo with the fields; returns the parsed JSON reply (the caller frees) and the
 * status in *status. */
static json_t *upload_fields(int *status, const char *path, const char *const *fields,
                             const char *photo, size_t photo_len)
{
    size_t len;
    char *body = form_fields(&len, fields, photo, photo_len);
    th_resp r;
    assert_int_equal(upload(&r, path, body, len), 0);
    free(body);
    *status = r.status;
    json_t *j = json_loads(r.body, 0, NULL);
    if (!j)
        fail_msg("%s answered %d with no JSON: %s", path, r.status, r.body);
    th_free(&r);
    return j;
}

static double corner(json_t *scan, int c, int k)
{
    return json_number_value(
        json_array_get(json_array_get(json_object_get(scan, "corners"), c), k));
}

static int same_points(json_t *a, json_t *b)
{
    int same = 0;
    for (size_t y = 0; y < json_array_size(a); y++) {
        const char *ra = json_string_value(json_array_get(a, y));
        const char *rb = json_string_value(json_array_get(b, y));
        for (size_t x = 0; ra && rb && ra[x] && rb[x]; x++)
            same += ra[x] == rb[x];
    }
    return same;
}

/* Corners a person placed: the detected ones read the same board again; one corner dragged
 * four cells in is kept there (the photo's lines correct by a cell at most) and the board is
 * read through the new grid, on /api/scan and /api/score alike. */
static void test_http_vision__corners_refit(void **state)
{
    (void)state;
    char *photo = NULL;
    size_t photo_len;
    int status;
    if (!tu_have_data() || tu_read_file(tu_data_path(PHOTO), &photo, &photo_len) != 0)
        TU_SKIP("the shared photo %s is not here", PHOTO);
    const char *detect[] = {"size", "19", NULL};
    json_t *seen = upload_fields(&status, "/api/scan", detect, photo, photo_len);
    if (status != 200) {
        json_decref(seen);
        free(photo);
        TU_SKIP("vision did not read %s (%d): no detected corners to start from", PHOTO, status);
    }
    double c[4][2];
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 2; k++)
            c[i][k] = corner(seen, i, k);
    double cell = hypot(c[1][0] - c[0][0], c[1][1] - c[0][1]) / 18.0;
    char text[256];
    snprintf(text, sizeof text, "[[%.1f,%.1f],[%.1f,%.1f],[%.1f,%.1f],[%.1f,%.1f]]", c[0][0],
             c[0][1], c[1][0], c[1][1], c[2][0], c[2][1], c[3][0], c[3][1]);
    const char *same[] = {"size", "19", "corners", text, NULL};
    json_t *again = upload_fields(&status, "/api/scan", same, photo, photo_len);
    assert_int_equal(status, 200);
    for (int i = 0; i < 4; i++)
        assert_true(hypot(corner(again, i, 0) - c[i][0], corner(again, i, 1) - c[i][1]) <
                    0.3 * cell);
    assert_true(same_points(json_object_get(again, "board"), json_object_get(seen, "board")) >=
                355);

    /* Drag the top-left corner four cells along the diagonal, into the board. */
    double tl[2] = {c[0][0] + 4 * (c[2][0] - c[0][0]) / 18.0,
                    c[0][1] + 4 * (c[2][1] - c[0][1]) / 18.0};
    snprintf(text, sizeof text, "[[%.1f,%.1f],[%.1f,%.1f],[%.1f,%.1f],[%.1f,%.1f]]", tl[0], tl[1],
             c[1][0], c[1][1], c[2][0], c[2][1], c[3][0], c[3][1]);
    const char *dragged[] = {"size", "19", "corners", text, NULL};
    json_t *moved = upload_fields(&status, "/api/scan", dragged, photo, photo_len);
    assert_int_equal(status, 200);
    assert_true(hypot(corner(moved, 0, 0) - tl[0], corner(moved, 0, 1) - tl[1]) < 1.0 * cell);
    assert_true(hypot(corner(moved, 0, 0) - c[0][0], corner(moved, 0, 1) - c[0][1]) > 3.0 * cell);
    int kept = same_points(json_object_get(moved, "board"), json_object_get(seen, "board"));
    if (kept == 361)
        fail_msg("a grid four cells off read the same board");
    /* The re-fit again, naming the kept photo instead of uploading it. */
    const char *photo_id = json_string_value(json_object_get(seen, "photo_id"));
    assert_non_null(photo_id);
    assert_int_equal(strlen(photo_id), 32);
    {
        char body[2048];
        int n =
            snprintf(body, sizeof body,
                     "--" BOUNDARY "\r\nContent-Disposition: form-data; name=\"size\"\r\n\r\n19"
                     "\r\n--" BOUNDARY "\r\nContent-Disposition: form-data; name=\"corners\"\r\n"
                     "\r\n%s\r\n--" BOUNDARY "\r\nContent-Disposition: form-data; "
                     "name=\"photo_id\"\r\n\r\n%s\r\n--" BOUNDARY "--\r\n",
                     text, photo_id);
        th_resp r;
        assert_int_equal(upload(&r, "/api/scan", body, (size_t)n), 0);
        assert_int_equal(r.status, 200);
        json_t *by_id = json_loads(r.body, 0, NULL);
        assert_true(json_equal(json_object_get(by_id, "board"), json_object_get(moved, "board")));
        assert_true(
            json_equal(json_object_get(by_id, "corners"), json_object_get(moved, "corners")));
        json_decref(by_id);
        th_free(&r);
        /* an id no scan gave, a malformed one, and both a photo and an id */
        static const char *const ids[] = {"0123456789abcdef0123456789abcdef", "../../etc/passwd",
                                          "0123456789ABCDEF0123456789ABCDEF"};
        static const int want[] = {404, 400, 400};
        for (int i = 0; i < 3; i++) {
            n = snprintf(body, sizeof body,
                         "--" BOUNDARY "\r\nContent-Disposition: form-data; name=\"photo_id\"\r\n"
                         "\r\n%s\r\n--" BOUNDARY "--\r\n",
                         ids[i]);
            assert_int_equal(upload(&r, "/api/score", body, (size_t)n), 0);
            if (r.status != want[i])
                fail_msg("photo_id %s answered %d: %s", ids[i], r.status, r.body);
            th_free(&r);
        }
        const char *both[] = {"photo_id", photo_id, NULL};
        int status;
        json_t *j = upload_fields(&status, "/api/scan", both, photo, photo_len);
        assert_int_equal(status, 400);
        assert_non_null(strstr(json_string_value(json_object_get(j, "message")), "not both"));
        json_decref(j);
    }
    /* /api/score takes the same corners and counts the board read through them. */
    json_t *scored = upload_fields(&status, "/api/score", dragged, photo, photo_len);
    assert_int_equal(status, 200);
    json_t *scan = json_object_get(scored, "scan");
    assert_true(json_equal(json_object_get(scan, "board"), json_object_get(moved, "board")));
    assert_true(json_is_string(json_object_get(json_object_get(scored, "count"), "verdict_zh")));
    json_decref(scored);
    json_decref(moved);
    json_decref(again);
    json_decref(seen);
    free(photo);
}

/* Every bad corners field is a 400 with the error shape, on both endpoints. */
static void test_http_vision__corners_refused(void **state)
{
    (void)state;
    char *photo = NULL;
    size_t photo_len;
    int status;
    if (!tu_have_data() || tu_read_file(tu_data_path(PHOTO), &photo, &photo_len) != 0)
        TU_SKIP("the shared photo %s is not here", PHOTO);
    static const struct {
        const char *size, *corners, *code, *says;
    } cases[] = {
        {"0", "[[100,50],[500,40],[600,450],[20,450]]", "invalid", "size"},
        {"19", "[[100,50],[500,40],[600,450]]", "invalid", "top-left"},
        {"19", "[[100,50],[500,40],[600,450],[20]]", "invalid", "top-left"},
        {"19", "[[100,50],[500,40],[600,450],[20,\"450\"]]", "invalid", "top-left"},
        {"19", "{\"tl\":[1,2]}", "invalid", "top-left"},
        {"19", "100,50,500,40,600,450,20,450", "invalid", "top-left"},
        {"19", "[[1e300,50],[500,40],[600,450],[20,450]]", "range", "corner 1"},
        /* vision's checks: on the photo, and a real quadrilateral */
        {"19", "[[-9000,50],[500,40],[600,450],[20,450]]", "invalid", "outside"},
        {"19", "[[10,10],[200,10],[400,10],[600,10]]", "invalid", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int e = 0; e < 2; e++) {
            const char *path = e ? "/api/score" : "/api/scan";
            const char *fields[] = {"size", cases[i].size, "corners", cases[i].corners, NULL};
            json_t *j = upload_fields(&status, path, fields, photo, photo_len);
            const char *code = json_string_value(json_object_get(j, "error"));
            const char *message = json_string_value(json_object_get(j, "message"));
            if (status != 400 || !code || strcmp(code, cases[i].code) != 0 || !message ||
                (cases[i].says && !strstr(message, cases[i].says)))
                fail_msg("corners case %zu on %s: %d %s %s", i, path, status, code ? code : "-",
                         message ? message : "-");
            json_decref(j);
        }
    }
    /* to_move for the suggestion of /api/score: B or W */
    const char *bad_move[] = {"to_move", "X", NULL};
    json_t *j = upload_fields(&status, "/api/score", bad_move, photo, photo_len);
    assert_int_equal(status, 400);
    assert_non_null(strstr(json_string_value(json_object_get(j, "message")), "to_move"));
    json_decref(j);
    const char *white[] = {"size", "19", "to_move", "W", NULL};
    j = upload_fields(&status, "/api/score", white, photo, photo_len);
    assert_true(status == 200 || status == 422);
    json_decref(j);
    free(photo);
}

/* No board: the 422 carries the lattice the reader refused (refused, size, corners in the
 * photo's pixels, the image size), where the page starts a person's corners. A crowd nearly all
 * black is refused for its reading, on a lattice found right. */
static void test_http_vision__refusal_carries_the_refused_lattice(void **state)
{
    (void)state;
    uint8_t *jpeg = NULL;
    size_t jlen = 0;
    double corners[4][2];
    assert_int_equal(synth_one_coloured_crowd(&jpeg, &jlen, corners), 0);
    for (int e = 0; e < 2; e++) {
        int status;
        const char *fields[] = {NULL};
        json_t *j =
            upload_fields(&status, e ? "/api/score" : "/api/scan", fields, (char *)jpeg, jlen);
        assert_int_equal(status, 422);
        assert_string_equal(json_string_value(json_object_get(j, "error")), "no_board");
        assert_non_null(strstr(json_string_value(json_object_get(j, "message_zh")), "棋盘"));
        assert_true(json_is_true(json_object_get(j, "refused")));
        assert_int_equal(json_integer_value(json_object_get(j, "size")), 19);
        assert_int_equal(json_integer_value(json_object_get(j, "image_width")), 640);
        assert_int_equal(json_integer_value(json_object_get(j, "image_height")), 480);
        json_t *c = json_object_get(j, "corners");
        assert_int_equal(json_array_size(c), 4);
        double got[4][2];
        for (size_t k = 0; k < 4; k++)
            for (size_t v = 0; v < 2; v++)
                got[k][v] = json_number_value(json_array_get(json_array_get(c, k), v));
        assert_true(synth_corners_off(got, corners) < 5);
        json_decref(j);
    }
    free(jpeg);
}

/* A board whose lines are too faint to check any lattice, read by the point classifier alone (a
 * mixed-row 9x9 of the bench, as test_vision_points reads it): /api/score names the reader in
 * the scan and adds the classifier_only warning to the count, which the page and the sheet show
 * like the others; /api/scan names the reader too. */
static void test_http_vision__reading_by_the_classifier_alone_is_a_warning(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    uint8_t *jpeg = NULL;
    size_t jlen = 0;
    double corners[4][2];
    render_mixed_board(&jpeg, &jlen, truth, corners, 9, 1007);
    int status;
    const char *fields[] = {NULL};
    json_t *j = upload_fields(&status, "/api/score", fields, (char *)jpeg, jlen);
    free(jpeg);
    assert_int_equal(status, 200);
    json_t *scan = json_object_get(j, "scan"), *count = json_object_get(j, "count");
    assert_string_equal(json_string_value(json_object_get(scan, "reader")), "classifier");
    json_t *warnings = json_object_get(count, "warnings"), *item, *found = NULL;
    size_t i;
    json_array_foreach(warnings, i, item)
    {
        if (strcmp(json_string_value(json_object_get(item, "code")), "classifier_only") == 0)
            found = item;
    }
    assert_non_null(found);
    assert_non_null(strstr(json_string_value(json_object_get(found, "message_zh")), "识别模型"));
    assert_non_null(
        strstr(json_string_value(json_object_get(found, "message_en")), "point classifier alone"));
    json_decref(j);
}

/* A scan that holds the only heavy slot of a server (run on its own thread). */
typedef struct busy_scan {
    unsigned port;
    const char *body;
    size_t len;
    int status;
} busy_scan;

static void *busy_scan_main(void *arg)
{
    busy_scan *b = arg;
    th_resp r;
    b->status = th_call(&r, b->port, "POST", "/api/scan", NULL,
                        "multipart/form-data; boundary=" BOUNDARY, b->body, b->len) == 0
                    ? r.status
                    : -1;
    th_free(&r);
    return NULL;
}

static int heavy_running(unsigned port)
{
    th_resp r;
    assert_int_equal(th_call(&r, port, "GET", "/healthz", NULL, NULL, NULL, 0), 0);
    json_t *j = json_loads(r.body, 0, NULL);
    int n = (int)json_integer_value(json_object_get(j, "heavy_running"));
    json_decref(j);
    th_free(&r);
    return n;
}

/* A bad request to a heavy endpoint is answered 4xx even while every heavy slot is busy: the
 * form or body is checked before a slot is taken, so it neither waits for one nor holds one. */
static void test_http_vision__bad_request_needs_no_slot(void **state)
{
    (void)state;
#define BIG_PHOTO tu_photo("large_photo")
    char *photo = NULL;
    size_t photo_len, len;
    if (!tu_have_data() || tu_read_file(tu_data_path(BIG_PHOTO), &photo, &photo_len) != 0)
        TU_SKIP("the shared photo %s is not here", BIG_PHOTO);
    th_server one;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.max_heavy = 1;
    th_start(&one, &opts);
    char *body = form(&len, "19", photo, photo_len, true);
    static const char bad_corners[] = "--" BOUNDARY "\r\nContent-Disposition: form-data; "
                                      "name=\"corners\"\r\n\r\n[[1,2]]\r\n--" BOUNDARY "--\r\n";
    bool checked = false;
    for (int attempt = 0; attempt < 3 && !checked; attempt++) {
        busy_scan b = {one.port, body, len, 0};
        pthread_t thread;
        assert_int_equal(pthread_create(&thread, NULL, busy_scan_main, &b), 0);
        struct timespec tick = {0, 1000 * 1000};
        for (int i = 0; i < 2000 && heavy_running(one.port) == 0 && b.status == 0; i++)
            nanosleep(&tick, NULL);
        th_resp r;
        int got[4] = {0};
        assert_int_equal(th_call(&r, one.port, "POST", "/api/scan", NULL,
                                 "multipart/form-data; boundary=" BOUNDARY, bad_corners,
                                 strlen(bad_corners)),
                         0);
        got[1] = r.status;
        th_free(&r);
        assert_int_equal(th_call(&r, one.port, "POST", "/api/suggest-dead", NULL,
                                 "application/json", "{\"board\":[\"..\"]}", 15),
                         0);
        got[2] = r.status;
        th_free(&r);
        /* a good request at the same moment finds the slot taken */
        const char *good = "{\"board\":[\".....\",\".....\",\"..X..\",\".....\",\".....\"]}";
        assert_int_equal(th_call(&r, one.port, "POST", "/api/suggest-dead", NULL,
                                 "application/json", good, strlen(good)),
                         0);
        got[3] = r.status;
        th_free(&r);
        bool still_busy = heavy_running(one.port) == 1;
        pthread_join(thread, NULL);
        assert_true(b.status == 200 || b.status == 422);
        if (!still_busy) {
            fprintf(stderr, "NOTE: the scan ended before the checks did (attempt %d); again\n",
                    attempt + 1);
            continue;
        }
        if (got[1] != 400 || got[2] != 400 || got[3] != 503)
            fail_msg("with the slot busy: bad corners %d, bad board %d, good request %d", got[1],
                     got[2], got[3]);
        checked = true;
    }
    free(body);
    free(photo);
    th_stop(&one);
    if (!checked)
        TU_SKIP("the scan of %s never outlasted three requests: slot order not checked", BIG_PHOTO);
}

/* Heavy work has a memory budget, estimated from each photo's header before it is decoded: a
 * photo that alone would pass it is refused 413 (without a slot, nor a byte decoded), and one
 * that finds it spent by others gets 503 busy with Retry-After until they end. */
static void test_http_vision__memory_budget(void **state)
{
    (void)state;
    th_server s;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.heavy_memory = 64u << 20;
    th_start(&s, &opts);
    /* A PNG header that claims 8000x6000 pixels of colour, interlaced, so it must be decoded
     * whole: 288 MB. */
    unsigned char png[64] =
        "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x1f\x40\0\0\x17\x70\x08\x02\0\0\x01";
    size_t len;
    char *body = form(&len, NULL, png, sizeof png, true);
    th_resp r;
    assert_int_equal(th_call(&r, s.port, "POST", "/api/scan", NULL,
                             "multipart/form-data; boundary=" BOUNDARY, body, len),
                     0);
    if (r.status != 413 || !strstr(r.body, "\"too_big\"") || !strstr(r.body, "message_zh"))
        fail_msg("a 48 MP PNG under a 64 MB budget: %d %s", r.status, r.body);
    th_free(&r);
    free(body);
    /* Not interlaced, it is read row by row at 1000x750: within the budget (and refused only
     * when its missing rows are reached). */
    png[28] = 0;
    body = form(&len, NULL, png, sizeof png, true);
    assert_int_equal(th_call(&r, s.port, "POST", "/api/scan", NULL,
                             "multipart/form-data; boundary=" BOUNDARY, body, len),
                     0);
    if (r.status != 422 || !strstr(r.body, "\"image\""))
        fail_msg("a truncated 48 MP PNG read row by row: %d %s", r.status, r.body);
    th_free(&r);
    free(body);
    char *photo = NULL;
    size_t photo_len;
    if (!tu_have_data() || tu_read_file(tu_data_path(PHOTO), &photo, &photo_len) != 0) {
        th_stop(&s);
        TU_SKIP("the shared photo %s is not here", PHOTO);
    }
    body = form(&len, "19", photo, photo_len, true);
    /* Others hold the whole budget: a small photo waits its turn. The request before gives its
     * share back when the server has finished with it, which may be just after its reply. */
    bool all = false;
    const struct timespec step = {0, 10 * 1000 * 1000};
    for (int i = 0; i < 500 && !(all = http_memory_reserve(s.srv, opts.heavy_memory)); i++)
        nanosleep(&step, NULL);
    assert_true(all);
    assert_int_equal(th_call(&r, s.port, "POST", "/api/scan", NULL,
                             "multipart/form-data; boundary=" BOUNDARY, body, len),
                     0);
    assert_int_equal(r.status, 503);
    char retry[16];
    assert_non_null(th_header(&r, "Retry-After", retry, sizeof retry));
    th_free(&r);
    http_memory_release(s.srv, opts.heavy_memory);
    assert_int_equal(th_call(&r, s.port, "POST", "/api/scan", NULL,
                             "multipart/form-data; boundary=" BOUNDARY, body, len),
                     0);
    assert_int_equal(r.status, 200);
    th_free(&r);
    /* Once the overlay is drawn, the budget is whole again. */
    struct timespec tick = {0, 20 * 1000 * 1000};
    for (int i = 0; i < 500 && atomic_load(&s.srv->decoding) != 0; i++)
        nanosleep(&tick, NULL);
    assert_int_equal(atomic_load(&s.srv->decoding), 0);
    free(body);
    free(photo);
    th_stop(&s);
}

/* A large PNG is read at the size the reader works at, as vision reads a JPEG: a 1200x900
 * board photo blown up 4 times into a 4800x3600 PNG (lossless) reads exactly as the photo
 * itself, with the corners and the image size in the PNG's own pixels. */
static void test_http_vision__large_png_read_reduced(void **state)
{
    (void)state;
    synth_params p = {.width = 1200,
                      .height = 900,
                      .size = 13,
                      .rotate_deg = 4,
                      .tilt = 0.1,
                      .gradient = 0.1,
                      .noise = 2,
                      .jpeg_quality = 90,
                      .seed = 7};
    uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    uint8_t *jpeg = NULL;
    size_t jlen = 0;
    double corners[4][2];
    synth_position(truth, 13, 0.3, 7);
    assert_int_equal(synth_render(&jpeg, &jlen, &p, truth, corners), 0);
    go_cv_image img = {0};
    assert_int_equal(go_cv_decode(&img, jpeg, jlen, 1), 0);
    assert_int_equal(img.width, 1200);
    const int k = 4, w = img.width * k, h = img.height * k;
    uint8_t *rgb = malloc((size_t)w * (size_t)h * 3);
    assert_non_null(rgb);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t *bgr =
                img.pixels + ((size_t)(y / k) * (size_t)img.width + (size_t)(x / k)) * 3;
            uint8_t *o = rgb + ((size_t)y * (size_t)w + (size_t)x) * 3;
            o[0] = bgr[2], o[1] = bgr[1], o[2] = bgr[0];
        }
    go_cv_image_free(&img);
    uint8_t *png = NULL;
    size_t plen = 0;
    assert_int_equal(http_png_encode(&png, &plen, rgb, w, h), 0);
    free(rgb);
    const char *fields[] = {"size", "13", NULL};
    int status;
    json_t *small = upload_fields(&status, "/api/scan", fields, (char *)jpeg, jlen);
    assert_int_equal(status, 200);
    json_t *big = upload_fields(&status, "/api/scan", fields, (char *)png, plen);
    if (status != 200)
        fail_msg("the 4800x3600 PNG: %d", status);
    assert_int_equal(json_integer_value(json_object_get(big, "image_width")), w);
    assert_int_equal(json_integer_value(json_object_get(big, "image_height")), h);
    assert_true(json_equal(json_object_get(big, "board"), json_object_get(small, "board")));
    for (int c = 0; c < 4; c++)
        for (int v = 0; v < 2; v++)
            /* the JSON gives corners to 0.1 pixel: k times one rounding, plus the other */
            if (fabs(corner(big, c, v) - k * corner(small, c, v)) > 0.05 * (k + 1) + 1e-9)
                fail_msg("corner %d: %.2f, expected %.2f", c, corner(big, c, v),
                         k * corner(small, c, v));
    /* A re-fit through those corners, in the PNG's pixels, reads the same board again. */
    char text[256];
    int n = snprintf(text, sizeof text, "[[%.1f,%.1f],[%.1f,%.1f],[%.1f,%.1f],[%.1f,%.1f]]",
                     corner(big, 0, 0), corner(big, 0, 1), corner(big, 1, 0), corner(big, 1, 1),
                     corner(big, 2, 0), corner(big, 2, 1), corner(big, 3, 0), corner(big, 3, 1));
    assert_true(n > 0 && (size_t)n < sizeof text);
    const char *refit[] = {"size", "13", "corners", text, NULL};
    json_t *again = upload_fields(&status, "/api/scan", refit, (char *)png, plen);
    assert_int_equal(status, 200);
    assert_true(json_equal(json_object_get(again, "board"), json_object_get(big, "board")));
    for (int c = 0; c < 4; c++)
        assert_true(fabs(corner(again, c, 0) - corner(big, c, 0)) < 2 * k);
    json_decref(again);
    json_decref(big);
    json_decref(small);
    free(png);
    free(jpeg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_http_vision__scan_real_photo),
        cmocka_unit_test(test_http_vision__bad_uploads),
        cmocka_unit_test(test_http_vision__corners_refit),
        cmocka_unit_test(test_http_vision__corners_refused),
        cmocka_unit_test(test_http_vision__refusal_carries_the_refused_lattice),
        cmocka_unit_test(test_http_vision__reading_by_the_classifier_alone_is_a_warning),
        cmocka_unit_test(test_http_vision__bad_request_needs_no_slot),
        cmocka_unit_test(test_http_vision__memory_budget),
        cmocka_unit_test(test_http_vision__large_png_read_reduced),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
