/* The counting endpoints through the API: POST /api/count on positions whose count a reader
 * can check by hand, its options (komi as number or text, rules, handicap), bad positions, and
 * POST /api/suggest-dead (structure, an obviously dead stone, bounds, busy answers). */
#define _XOPEN_SOURCE 700 /* mkdtemp, popen */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "test_http_util.h"
#include "testutil.h"

static th_server server;

static int setup(void **state)
{
    (void)state;
    go_http_options opts = GO_HTTP_OPTIONS_INIT;
    opts.max_heavy = 1;
    th_start(&server, &opts);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    th_stop(&server);
    return 0;
}

static json_t *post(const char *path, const char *body, int want_status)
{
    th_resp r;
    assert_int_equal(
        th_call(&r, server.port, "POST", path, NULL, "application/json", body, strlen(body)), 0);
    if (r.status != want_status)
        fail_msg("%s answered %d, expected %d: %s", path, r.status, want_status, r.body);
    json_error_t jerr;
    json_t *j = json_loads(r.body, 0, &jerr);
    if (!j)
        fail_msg("not JSON: %s", r.body);
    th_free(&r);
    return j;
}

static double num(json_t *j, const char *a, const char *b)
{
    json_t *v = json_object_get(j, a);
    if (b)
        v = json_object_get(v, b);
    assert_true(json_is_number(v));
    return json_number_value(v);
}

static const char *str(json_t *j, const char *key)
{
    json_t *v = json_object_get(j, key);
    assert_true(json_is_string(v));
    return json_string_value(v);
}

/* Black owns the first column (5 stones + 5 points = 10), White the rest (5 + 10 = 15);
 * par 12 1/2, komi 3 3/4: Black needs more than 16 1/4 and has 10, White wins by 6 1/4. */
#define WALLS "[\".XO..\",\".XO..\",\".XO..\",\".XO..\",\".XO..\"]"

static void test_http_score__count(void **state)
{
    (void)state;
    json_t *j = post("/api/count", "{\"board\":" WALLS "}", 200);
    assert_int_equal((int)num(j, "size", NULL), 5);
    assert_true(num(j, "black", "total") == 10.0);
    assert_true(num(j, "white", "total") == 15.0);
    assert_true(num(j, "par", NULL) == 12.5);
    assert_true(num(j, "komi_stones", NULL) == 3.75);
    assert_true(num(j, "margin_stones", NULL) == -6.25);
    assert_string_equal(str(j, "winner"), "W");
    assert_string_equal(str(j, "verdict_zh"), "白胜6又1/4子");
    json_t *own = json_object_get(j, "ownership");
    assert_int_equal(json_array_size(own), 5);
    assert_string_equal(json_string_value(json_array_get(own, 0)), "bXOww");
    json_decref(j);
}

static void test_http_score__count_dead_and_options(void **state)
{
    (void)state;
    /* A White stone at A3 inside Black's column, agreed dead: its point is Black's. */
    const char *board = "[\".XO..\",\".XO..\",\"OXO..\",\".XO..\",\".XO..\"]";
    char body[512];
    snprintf(body, sizeof body, "{\"board\":%s,\"dead\":[\"a3\"],\"komi_stones\":0}", board);
    json_t *j = post("/api/count", body, 200);
    assert_true(num(j, "black", "total") == 10.0);
    assert_true(num(j, "margin_stones", NULL) == -2.5);
    assert_string_equal(str(j, "verdict_zh"), "白胜2又1/2子");
    json_t *dead = json_object_get(j, "dead");
    assert_int_equal(json_array_size(dead), 1);
    assert_string_equal(json_string_value(json_array_get(dead, 0)), "A3");
    assert_int_equal(json_string_value(json_array_get(json_object_get(j, "ownership"), 2))[0], 'o');
    json_decref(j);
    /* Without the dead mark the stone lives and the column is shared. */
    snprintf(body, sizeof body, "{\"board\":%s,\"komi_stones\":\"3 3/4\"}", board);
    j = post("/api/count", body, 200);
    assert_true(num(j, "komi_stones", NULL) == 3.75);
    assert_true(num(j, "black", "total") < 10.0);
    json_decref(j);
    /* The 1988 rules give komi 2 3/4; an explicit komi wins over the preset. */
    j = post("/api/count", "{\"board\":" WALLS ",\"rules\":\"1988\"}", 200);
    assert_true(num(j, "komi_stones", NULL) == 2.75);
    json_decref(j);
    j = post("/api/count", "{\"board\":" WALLS ",\"rules\":\"1988\",\"komi_stones\":1.25}", 200);
    assert_true(num(j, "komi_stones", NULL) == 1.25);
    json_decref(j);
    j = post("/api/count", "{\"board\":" WALLS ",\"komi_points\":7.5}", 200);
    assert_true(num(j, "komi_stones", NULL) == 3.75);
    json_decref(j);
}

/* The API answers with the same JSON as `goref count --json` on the same position. */
static const char *warning_code(json_t *j, size_t i)
{
    return json_string_value(
        json_object_get(json_array_get(json_object_get(j, "warnings"), i), "code"));
}

static void test_http_score__count_finished_no_game_and_komi_units(void **state)
{
    (void)state;
    /* The walls are closed: finished, no warning. */
    json_t *j = post("/api/count", "{\"board\":" WALLS "}", 200);
    assert_true(json_is_true(json_object_get(j, "finished")));
    assert_int_equal(json_array_size(json_object_get(j, "open_points")), 0);
    assert_int_equal(json_array_size(json_object_get(j, "warnings")), 0);
    json_decref(j);
    /* Two empty columns between the walls: open, and the verdict provisional. */
    j = post("/api/count", "{\"board\":[\"X..O.\",\"X..O.\",\"X..O.\",\"X..O.\",\"X..O.\"]}", 200);
    assert_true(json_is_false(json_object_get(j, "finished")));
    json_t *open = json_object_get(j, "open_points");
    assert_int_equal(json_array_size(open), 10);
    assert_string_equal(json_string_value(json_array_get(open, 0)), "B5");
    assert_string_equal(warning_code(j, 0), "not_finished");
    assert_non_null(strstr(str(j, "verdict_en"), "Provisional"));
    json_decref(j);
    /* An empty board: no winner, no result, the no_game warning. */
    j = post("/api/count", "{\"board\":[\".....\",\".....\",\".....\",\".....\",\".....\"]}", 200);
    assert_null(json_object_get(j, "winner"));
    assert_null(json_object_get(j, "margin_stones"));
    assert_string_equal(warning_code(j, 0), "no_game");
    assert_string_equal(str(j, "verdict_en"), "No verdict");
    json_decref(j);
    /* Komi in the page's notation, and 7.5 as stones: counted, with komi_unusual. */
    j = post("/api/count", "{\"board\":" WALLS ",\"komi_stones\":\"3¾\"}", 200);
    assert_true(num(j, "komi_stones", NULL) == 3.75);
    json_decref(j);
    j = post("/api/count", "{\"board\":" WALLS ",\"komi_stones\":\"7.5\"}", 200);
    assert_true(num(j, "komi_stones", NULL) == 7.5);
    assert_string_equal(warning_code(j, 0), "komi_unusual");
    json_decref(j);
    /* Both units: the project's one error shape. */
    j = post("/api/count", "{\"board\":" WALLS ",\"komi_stones\":3.75,\"komi_points\":7.5}", 400);
    assert_string_equal(str(j, "error"), "invalid");
    assert_non_null(strstr(str(j, "message"), "not both"));
    json_decref(j);
}

static void test_http_score__count_same_as_cli(void **state)
{
    (void)state;
    char dir[] = "/tmp/goref-count-XXXXXX", path[128], cmd[512];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/b.txt", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("size 5\n.XO..\n.XO..\nOXO..\n.XO..\n.XO..\n", f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "count %s --dead A3 --komi 2.5 --json", path);
    tu_run r = tu_goref_sh("", cmd);
    unlink(path);
    rmdir(dir);
    if (r.status != 0)
        fail_msg("goref count failed (%d): %s%s", r.status, r.out, r.err);
    json_t *cli = json_loads(r.out, 0, NULL);
    tu_run_free(&r);
    assert_non_null(cli);
    json_t *api = post("/api/count",
                       "{\"board\":[\".XO..\",\".XO..\",\"OXO..\",\".XO..\",\".XO..\"],"
                       "\"dead\":[\"A3\"],\"komi_stones\":2.5}",
                       200);
    if (!json_equal(cli, api)) {
        char *a = json_dumps(cli, JSON_COMPACT), *b = json_dumps(api, JSON_COMPACT);
        fail_msg("CLI and API differ:\n%s\n%s", a, b);
    }
    json_decref(cli);
    json_decref(api);
}

static void test_http_score__count_bad_input(void **state)
{
    (void)state;
    static const struct {
        const char *body;
        int status;
    } cases[] = {
        {"{}", 400},
        {"{\"board\":\"..\"}", 400},
        {"{\"board\":[\".\"]}", 400},
        {"{\"board\":[\"...\",\"..\",\"...\"]}", 400},
        {"{\"board\":[\"..\",\".Z\"]}", 400},
        {"{\"board\":[\"..\",[1]]}", 400},
        {"{\"board\":[\"XO\",\"O.\"]}", 422}, /* the Black stone has no liberty */
        {"{\"board\":" WALLS ",\"dead\":[\"Z99\"]}", 400},
        {"{\"board\":" WALLS ",\"dead\":\"A1\"}", 400},
        {"{\"board\":" WALLS ",\"dead\":[\"pass\"]}", 400},
        {"{\"board\":" WALLS ",\"komi_stones\":3.3}", 400},
        {"{\"board\":" WALLS ",\"komi_stones\":1e300}", 400},
        {"{\"board\":" WALLS ",\"komi_stones\":\"lots\"}", 400},
        {"{\"board\":" WALLS ",\"komi_stones\":true}", 400},
        {"{\"board\":" WALLS ",\"komi_stones\":3.75,\"komi_points\":7.5}", 400},
        {"{\"board\":" WALLS ",\"komi_stones\":\"3¾\",\"komi_points\":\"7.5\"}", 400},
        {"{\"board\":" WALLS ",\"rules\":\"japanese\"}", 400},
        {"{\"board\":" WALLS ",\"handicap\":99}", 400},
        {"{\"board\":" WALLS ",\"handicap\":1.5}", 400},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *j = post("/api/count", cases[i].body, cases[i].status);
        assert_true(json_is_string(json_object_get(j, "error")));
        assert_true(json_is_string(json_object_get(j, "message")));
        json_decref(j);
    }
    /* 26 rows: one more than the largest board. */
    char body[2048] = "{\"board\":[";
    for (int i = 0; i < 26; i++)
        strcat(body, i ? ",\"..........................\"" : "\"..........................\"");
    strcat(body, "]}");
    json_decref(post("/api/count", body, 400));
}

/* Black's wall and White's wall split the board; a lone Black stone sits deep in White's
 * area, where it cannot live. */
#define SPLIT                                                                                      \
    "[\".........\",\".........\",\".........\",\"XXXXXXXXX\",\"OOOOOOOOO\",\".........\","        \
    "\"....X....\",\".........\",\".........\"]"

static void test_http_score__suggest_dead(void **state)
{
    (void)state;
    json_t *j = post("/api/suggest-dead", "{\"board\":" SPLIT ",\"seed\":7}", 200);
    assert_int_equal((int)num(j, "size", NULL), 9);
    assert_true(num(j, "playouts", NULL) > 0);
    json_t *groups = json_object_get(j, "groups");
    assert_int_equal(json_array_size(groups), 3);
    size_t i;
    json_t *g;
    json_array_foreach(groups, i, g)
    {
        const char *status = str(g, "status");
        assert_true(strcmp(status, "alive") == 0 || strcmp(status, "dead") == 0 ||
                    strcmp(status, "seki") == 0);
        double c = num(g, "confidence", NULL);
        assert_true(c >= 0.5 && c <= 1.0);
        assert_int_equal(json_array_size(json_object_get(g, "stones")),
                         (size_t)num(g, "size", NULL));
    }
    json_t *dead = json_object_get(j, "dead");
    assert_int_equal(json_array_size(dead), 1);
    assert_string_equal(json_string_value(json_array_get(dead, 0)), "E3");
    json_decref(j);

    json_decref(post("/api/suggest-dead", "{\"board\":" SPLIT ",\"to_move\":\"Q\"}", 400));
    json_decref(post("/api/suggest-dead", "{\"board\":" SPLIT ",\"playouts\":1000000000}", 400));
    json_decref(post("/api/suggest-dead", "{\"board\":" SPLIT ",\"seed\":-1}", 400));
}

/* Mutated count bodies (bytes flipped, cut, duplicated): each gets a 2xx or 4xx, never a 5xx
 * or silence, and the server stays healthy. */
static void test_http_score__mutated_bodies(void **state)
{
    (void)state;
    const char *seed = "{\"board\":" WALLS ",\"dead\":[\"A3\"],\"komi_stones\":\"3 3/4\","
                       "\"rules\":\"2002\",\"handicap\":0}";
    static const char alphabet[] = "{}[]\",:.-0123456789eE\\u XOtrufalsn\x00\xff\xc3";
    size_t seed_len = strlen(seed);
    char body[1024];
    go_rng rng;
    go_rng_seed(&rng, 2026);
    for (int i = 0; i < 400; i++) {
        size_t len = seed_len;
        memcpy(body, seed, len);
        int edits = 1 + (int)go_rng_below(&rng, 4);
        for (int e = 0; e < edits; e++) {
            size_t at = go_rng_below(&rng, (uint32_t)len);
            switch (go_rng_below(&rng, 3)) {
            case 0: /* replace a byte */
                body[at] = alphabet[go_rng_below(&rng, sizeof alphabet - 1)];
                break;
            case 1: /* cut */
                len = at;
                break;
            default: /* duplicate a slice */
                if (len + 40 < sizeof body) {
                    size_t n = go_rng_below(&rng, 40);
                    if (at + n > len)
                        n = len - at;
                    memmove(body + at + n, body + at, len - at);
                    len += n;
                }
            }
            if (len == 0)
                break;
        }
        th_resp r;
        assert_int_equal(
            th_call(&r, server.port, "POST", "/api/count", NULL, "application/json", body, len), 0);
        if (r.status < 200 || r.status >= 500)
            fail_msg("mutated body %d answered %d: %.*s", i, r.status, (int)len, body);
        th_free(&r);
    }
    th_resp r;
    assert_int_equal(th_call(&r, server.port, "GET", "/healthz", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    th_free(&r);
}

static void *suggest_thread(void *arg)
{
    int *status = arg;
    const char *body = "{\"board\":" SPLIT ",\"playouts\":3000}";
    th_resp r;
    if (th_call(&r, server.port, "POST", "/api/suggest-dead", NULL, "application/json", body,
                strlen(body)) == 0) {
        char retry[16];
        *status = r.status;
        if (r.status == 503 && !th_header(&r, "Retry-After", retry, sizeof retry))
            *status = -503;
        th_free(&r);
    }
    return NULL;
}

/* With one heavy slot, concurrent suggestions are each answered: 200, or 503 with a
 * Retry-After; never a hang or a 500. */
static void test_http_score__heavy_bounded(void **state)
{
    (void)state;
    pthread_t threads[6];
    int status[6] = {0};
    for (int i = 0; i < 6; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, suggest_thread, &status[i]), 0);
    int ok = 0;
    for (int i = 0; i < 6; i++) {
        pthread_join(threads[i], NULL);
        if (status[i] != 200 && status[i] != 503)
            fail_msg("concurrent suggestion %d answered %d", i, status[i]);
        ok += status[i] == 200;
    }
    assert_true(ok >= 1);
    th_resp r;
    assert_int_equal(th_call(&r, server.port, "GET", "/healthz", NULL, NULL, NULL, 0), 0);
    assert_non_null(strstr(r.body, "\"heavy_running\":0"));
    th_free(&r);
}

static int slow_status;
static void *slow_request(void *arg)
{
    (void)arg;
    const char *body = "{\"board\":" SPLIT ",\"playouts\":5000}";
    char req[1024];
    int n = snprintf(req, sizeof req,
                     "POST /api/suggest-dead HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                     strlen(body), body);
    th_resp r;
    /* A long timeout: on a loaded machine under ASan the suggestion can take seconds. */
    if (th_raw(&r, server.port, req, (size_t)n, 120000) == 0) {
        slow_status = r.status;
        if (r.status == 200 && !strstr(r.body, "\"groups\""))
            slow_status = -1; /* a reply cut short */
        th_free(&r);
    }
    return NULL;
}

/* Stopping the server lets a request in flight finish with its whole reply. Runs last: it
 * stops the group's server (teardown then has nothing to stop). */
static void test_http_score__stop_finishes_in_flight(void **state)
{
    (void)state;
    pthread_t t;
    slow_status = 0;
    assert_int_equal(pthread_create(&t, NULL, slow_request, NULL), 0);
    th_resp r;
    bool seen_running = false;
    /* wait until the suggestion runs: up to 20 s, since under valgrind beside other suites the
     * request thread can take seconds to reach it (1 s was too short once) */
    for (int i = 0; i < 4000 && !seen_running; i++) {
        assert_int_equal(th_call(&r, server.port, "GET", "/healthz", NULL, NULL, NULL, 0), 0);
        seen_running = strstr(r.body, "\"heavy_running\":1") != NULL;
        th_free(&r);
        if (seen_running)
            break;
        struct timespec tick = {0, 5 * 1000 * 1000};
        nanosleep(&tick, NULL);
    }
    if (!seen_running)
        fail_msg("the suggestion never showed as running (its request: status %d)", slow_status);
    go_http_stop(server.srv, 30000);
    server.srv = NULL;
    pthread_join(t, NULL);
    assert_int_equal(slow_status, 200);
    /* And nothing listens any more. */
    if (th_call(&r, server.port, "GET", "/healthz", NULL, NULL, NULL, 0) == 0) {
        assert_int_equal(r.status, 0);
        th_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_http_score__count),
        cmocka_unit_test(test_http_score__count_dead_and_options),
        cmocka_unit_test(test_http_score__count_finished_no_game_and_komi_units),
        cmocka_unit_test(test_http_score__count_same_as_cli),
        cmocka_unit_test(test_http_score__count_bad_input),
        cmocka_unit_test(test_http_score__mutated_bodies),
        cmocka_unit_test(test_http_score__suggest_dead),
        cmocka_unit_test(test_http_score__heavy_bounded),
        cmocka_unit_test(test_http_score__stop_finishes_in_flight),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
