/* The club endpoints through the API: who may do what (every role), a club day from members
 * to check-in, a loan out and back, an event from entries to standings, and bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "test_http_util.h"
#include "testutil.h"

static th_server server;
static th_session admin, secretary, teacher, referee;

static int setup(void **state)
{
    (void)state;
    th_start(&server, NULL);
    th_login(&admin, server.port, "admin", TH_PASSWORD);
    th_login(&secretary, server.port, "secretary", TH_PASSWORD);
    th_login(&teacher, server.port, "teacher", TH_PASSWORD);
    th_login(&referee, server.port, "referee", TH_PASSWORD);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    th_stop(&server);
    return 0;
}

/* One call; returns the parsed reply (caller frees) and checks the status. */
static json_t *api(const th_session *s, const char *method, const char *path, const char *body,
                   int want)
{
    th_resp r;
    assert_int_equal(th_call(&r, server.port, method, path, s ? s->both : NULL,
                             body ? "application/json" : NULL, body, body ? strlen(body) : 0),
                     0);
    if (r.status != want)
        fail_msg("%s %s answered %d, expected %d: %s", method, path, r.status, want, r.body);
    json_t *j = json_loads(r.body, 0, NULL);
    th_free(&r);
    return j;
}

static long long id_of(json_t *j, const char *obj)
{
    json_t *o = obj ? json_object_get(j, obj) : j;
    json_t *id = json_object_get(o, "id");
    assert_true(json_is_integer(id));
    long long v = json_integer_value(id);
    json_decref(j);
    return v;
}

static void day_text(char out[11], int offset_days)
{
    time_t t = time(NULL) + (time_t)offset_days * 86400;
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(out, 11, "%Y-%m-%d", &tm);
}

static void test_http_club__roles(void **state)
{
    (void)state;
    const char *m = "{\"number\":\"R1\",\"name\":\"Role test\"}";
    json_decref(api(NULL, "GET", "/api/club/members", NULL, 401));
    json_decref(api(NULL, "POST", "/api/club/members", m, 401));
    json_decref(api(&referee, "POST", "/api/club/members", m, 403));
    json_decref(api(&teacher, "POST", "/api/club/members", m, 403));
    json_decref(api(&referee, "POST", "/api/club/items", "{\"name\":\"clock\"}", 403));
    json_decref(api(&referee, "POST", "/api/club/checkins", "{\"member\":1}", 403));
    json_decref(api(&referee, "POST", "/api/club/events", "{\"name\":\"x\"}", 403));
    json_decref(api(&teacher, "POST", "/api/club/events", "{\"name\":\"x\"}", 403));
    long long id = id_of(api(&secretary, "POST", "/api/club/members", m, 201), "member");
    assert_true(id > 0);
    /* Everyone signed in may read. */
    json_decref(api(&referee, "GET", "/api/club/members", NULL, 200));
    json_decref(api(&teacher, "GET", "/api/club/items", NULL, 200));
    /* A write without the CSRF token is refused even for an admin. */
    th_resp r;
    assert_int_equal(th_call(&r, server.port, "POST", "/api/club/members", admin.cookie,
                             "application/json", m, strlen(m)),
                     0);
    assert_int_equal(r.status, 403);
    th_free(&r);
}

static void test_http_club__club_day(void **state)
{
    (void)state;
    char body[512], today[11], path[128];
    day_text(today, 0);
    long long a = id_of(api(&secretary, "POST", "/api/club/members",
                            "{\"number\":\"C1\",\"name\":\"张小明\",\"rank\":\"10k\",\"grade\":\"三年级\"}",
                            201),
                        "member");
    long long b = id_of(api(&admin, "POST", "/api/club/members",
                            "{\"number\":\"C2\",\"name\":\"李小红\",\"rank\":\"1d\"}", 201),
                        "member");
    json_decref(api(&secretary, "POST", "/api/club/members", "{\"number\":\"C2\",\"name\":\"dup\"}",
                    409));
    json_decref(api(&secretary, "POST", "/api/club/members", "{\"number\":\"C3\"}", 400));
    json_t *list = api(&teacher, "GET", "/api/club/members?status=active", NULL, 200);
    assert_true(json_array_size(json_object_get(list, "members")) >= 2);
    json_decref(list);
    json_decref(api(&teacher, "GET", "/api/club/members?status=sleeping", NULL, 400));

    /* Today's activity, then a check-in by a teacher. */
    snprintf(body, sizeof body, "{\"start\":\"%sT00:00\",\"title\":\"练习\"}", today);
    json_decref(api(&secretary, "POST", "/api/club/activities", body, 200));
    snprintf(body, sizeof body, "{\"member\":%lld}", a);
    json_t *j = api(&teacher, "POST", "/api/club/checkins", body, 200);
    assert_true(json_is_true(json_object_get(j, "ok")));
    json_decref(j);
    json_decref(api(&teacher, "POST", "/api/club/checkins", "{\"member\":99999}", 404));
    j = api(&referee, "GET", "/api/club/checkins", NULL, 200);
    json_t *rows = json_object_get(j, "checkins");
    assert_int_equal(json_array_size(rows), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(rows, 0), "name")),
                        "张小明");
    json_decref(j);

    /* A loan out and back, approved by the signed-in account. */
    long long item = id_of(api(&secretary, "POST", "/api/club/items",
                               "{\"name\":\"19路棋盘\",\"kind\":\"board\",\"board_size\":19,"
                               "\"count\":2,\"price_fen\":8000}",
                               201),
                           NULL);
    char due[11];
    day_text(due, 7);
    snprintf(body, sizeof body, "{\"item\":%lld,\"member\":%lld,\"due\":\"%s\"}", item, b, due);
    long long loan = id_of(api(&teacher, "POST", "/api/club/loans", body, 201), NULL);
    j = api(&teacher, "GET", "/api/club/loans?open=1", NULL, 200);
    assert_int_equal(json_array_size(json_object_get(j, "loans")), 1);
    json_t *first = json_array_get(json_object_get(j, "loans"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "approver")), "teacher");
    json_decref(j);
    snprintf(path, sizeof path, "/api/club/loans/%lld/return", loan);
    j = api(&teacher, "POST", path, "{\"condition\":\"damaged\"}", 200);
    assert_int_equal(json_integer_value(json_object_get(j, "charge_fen")), 8000);
    json_decref(j);
    j = api(&teacher, "GET", "/api/club/loans?open=1", NULL, 200);
    assert_int_equal(json_array_size(json_object_get(j, "loans")), 0);
    json_decref(j);
    json_decref(api(&teacher, "POST", path, "{\"condition\":\"good\"}", 409));
    json_decref(api(&teacher, "GET", "/api/club/overdue", NULL, 200));

    /* Member page: details, status history and games. */
    snprintf(path, sizeof path, "/api/club/members/%lld", a);
    j = api(&referee, "GET", path, NULL, 200);
    assert_string_equal(json_string_value(json_object_get(json_object_get(j, "member"), "rank")),
                        "10k");
    json_decref(j);
    json_decref(api(&referee, "GET", "/api/club/members/424242", NULL, 404));
    json_decref(api(&referee, "GET", "/api/club/members/abc", NULL, 404));
}

static void test_http_club__event_to_standings(void **state)
{
    (void)state;
    char body[256], path[128];
    long long p[3];
    for (int i = 0; i < 3; i++) {
        snprintf(body, sizeof body, "{\"number\":\"E%d\",\"name\":\"Player %d\"}", i, i);
        p[i] = id_of(api(&secretary, "POST", "/api/club/members", body, 201), "member");
    }
    json_decref(api(&secretary, "POST", "/api/club/events", "{\"name\":\"x\",\"kind\":\"bogus\"}",
                    400));
    long long ev = id_of(api(&secretary, "POST", "/api/club/events",
                             "{\"name\":\"秋季循环赛\",\"kind\":\"roundrobin\"}", 201),
                         NULL);
    snprintf(path, sizeof path, "/api/club/events/%lld/enter", ev);
    for (int i = 0; i < 3; i++) {
        snprintf(body, sizeof body, "{\"member\":%lld}", p[i]);
        json_decref(api(&secretary, "POST", path, body, 200));
    }
    snprintf(path, sizeof path, "/api/club/events/%lld/pair", ev);
    json_decref(api(&teacher, "POST", path, NULL, 200));
    snprintf(path, sizeof path, "/api/club/events/%lld/pairings", ev);
    json_t *j = api(&referee, "GET", path, NULL, 200);
    json_t *games = json_object_get(j, "pairings");
    assert_true(json_array_size(games) >= 3);
    /* The referee enters every real game as a Black win by count, with a count object as the
     * page sends it. */
    size_t i;
    json_t *g;
    int entered = 0;
    json_array_foreach(games, i, g)
    {
        json_t *white = json_object_get(g, "white");
        json_t *id = json_object_get(g, "game");
        if (!json_is_integer(id) || !json_is_integer(white) || json_integer_value(white) == 0)
            continue;
        char rpath[128];
        snprintf(rpath, sizeof rpath, "/api/club/results/%lld", (long long)json_integer_value(id));
        json_t *res = api(&referee, "POST", rpath,
                          "{\"winner\":\"B\",\"count\":{\"winner\":\"B\",\"margin_quarters\":3,"
                          "\"komi_stones\":3.75,\"dead\":[\"A1\"]}}",
                          201);
        assert_string_equal(json_string_value(json_object_get(res, "by")), "count");
        json_decref(res);
        entered++;
    }
    json_decref(j);
    if (entered == 0)
        fail_msg("no pairing carried game and player ids: %s", "see the pairings table columns");
    snprintf(path, sizeof path, "/api/club/events/%lld/standings", ev);
    j = api(&referee, "GET", path, NULL, 200);
    json_t *st = json_object_get(j, "standings");
    assert_int_equal(json_array_size(st), 3);
    double total = 0;
    json_array_foreach(st, i, g)
    {
        assert_true(json_is_integer(json_object_get(g, "place")));
        total += json_number_value(json_object_get(g, "points"));
    }
    assert_true(total == 2.0 * entered); /* 2 points per decided game */
    json_decref(j);
    snprintf(path, sizeof path, "/api/club/events/%lld/standings.html", ev);
    th_resp r;
    assert_int_equal(th_call(&r, server.port, "GET", path, referee.cookie, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "<table"));
    th_free(&r);
    json_decref(api(&referee, "GET", "/api/club/events/999/standings", NULL, 404));
    json_decref(api(&referee, "GET", "/api/club/nothing", NULL, 404));
    json_decref(api(&referee, "DELETE", "/api/club/members", NULL, 405));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_http_club__roles),
        cmocka_unit_test(test_http_club__club_day),
        cmocka_unit_test(test_http_club__event_to_standings),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
