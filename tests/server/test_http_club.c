/* The club endpoints through the API: who may do what (every role), a club day from members
 * to check-in, a loan out and back, an event from entries to standings, the secretary's pages
 * (member edit and status, dues, schedule, the charter's preview and apply, stocktake, event
 * withdrawals, the printable pairing sheet), and bad input. */
#define _XOPEN_SOURCE 700 /* localtime_r, strptime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#include <jansson.h>

#include <sodium.h>

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

/* A printable page sends the page's security headers: its Content-Security-Policy (the one of
 * GET /, with the page's inline style allowed by its SHA-256 and nothing inline besides) and
 * X-Frame-Options. */
static void assert_page_headers(const th_resp *r)
{
    char csp[512], page_csp[512], frame[64];
    th_resp page;
    assert_int_equal(th_call(&page, server.port, "GET", "/", NULL, NULL, NULL, 0), 0);
    assert_non_null(th_header(&page, "Content-Security-Policy", page_csp, sizeof page_csp));
    th_free(&page);
    assert_non_null(th_header(r, "Content-Security-Policy", csp, sizeof csp));
    assert_int_equal(strncmp(csp, page_csp, strlen(page_csp)), 0);
    assert_null(strstr(csp, "unsafe-inline"));
    assert_non_null(th_header(r, "X-Frame-Options", frame, sizeof frame));
    assert_string_equal(frame, "DENY");
    const char *open = strstr(r->body, "<style>");
    assert_non_null(open);
    open += strlen("<style>");
    const char *close = strstr(open, "</style>");
    assert_non_null(close);
    unsigned char digest[crypto_hash_sha256_BYTES];
    char b64[64], want[128];
    crypto_hash_sha256(digest, (const unsigned char *)open, (unsigned long long)(close - open));
    sodium_bin2base64(b64, sizeof b64, digest, sizeof digest, sodium_base64_VARIANT_ORIGINAL);
    snprintf(want, sizeof want, "style-src 'self' 'sha256-%s'", b64);
    if (!strstr(csp, want))
        fail_msg("%s not in %s", want, csp);
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
    long long a = id_of(
        api(&secretary, "POST", "/api/club/members",
            "{\"number\":\"C1\",\"name\":\"张小明\",\"rank\":\"10k\",\"grade\":\"三年级\"}", 201),
        "member");
    long long b = id_of(api(&admin, "POST", "/api/club/members",
                            "{\"number\":\"C2\",\"name\":\"李小红\",\"rank\":\"1d\"}", 201),
                        "member");
    json_decref(
        api(&secretary, "POST", "/api/club/members", "{\"number\":\"C2\",\"name\":\"dup\"}", 409));
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
    json_decref(
        api(&secretary, "POST", "/api/club/events", "{\"name\":\"x\",\"kind\":\"bogus\"}", 400));
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
    /* the event's name, the round robin's own columns headed in Chinese, a phone's width */
    assert_non_null(strstr(r.body, "<h1>秋季循环赛 成绩表</h1>"));
    assert_non_null(strstr(r.body, "<th>名次</th>"));
    assert_null(strstr(r.body, "<th>place</th>"));
    assert_non_null(strstr(r.body, "<html lang=\"zh\">"));
    assert_non_null(strstr(r.body, "name=\"viewport\""));
    assert_page_headers(&r);
    th_free(&r);
    snprintf(path, sizeof path, "/api/club/events/%lld/standings.html?lang=en", ev);
    assert_int_equal(th_call(&r, server.port, "GET", path, referee.cookie, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "<h1>秋季循环赛: standings</h1>"));
    assert_non_null(strstr(r.body, "<th>place</th>"));
    assert_non_null(strstr(r.body, "<html lang=\"en\">"));
    th_free(&r);
    json_decref(api(&referee, "GET", "/api/club/events/999/standings", NULL, 404));
    json_decref(api(&referee, "GET", "/api/club/nothing", NULL, 404));
    json_decref(api(&referee, "DELETE", "/api/club/members", NULL, 405));
}

static long long add_member(const char *number, const char *name, const char *join)
{
    char body[256];
    snprintf(body, sizeof body, "{\"number\":\"%s\",\"name\":\"%s\",\"join_date\":\"%s\"}", number,
             name, join);
    return id_of(api(&secretary, "POST", "/api/club/members", body, 201), "member");
}

static const char *member_status(long long id)
{
    static char status[32];
    char path[64];
    snprintf(path, sizeof path, "/api/club/members/%lld", id);
    json_t *j = api(&referee, "GET", path, NULL, 200);
    snprintf(status, sizeof status, "%s",
             json_string_value(json_object_get(json_object_get(j, "member"), "status")));
    json_decref(j);
    return status;
}

/* Member edit and status change: the secretary's, with the reason in the history. */
static void test_http_club__count_results_keep_the_finished_flag(void **state)
{
    (void)state;
    char body[512];
    long long a = id_of(api(&secretary, "POST", "/api/club/members",
                            "{\"number\":\"F1\",\"name\":\"终局甲\"}", 201),
                        "member");
    long long b = id_of(api(&secretary, "POST", "/api/club/members",
                            "{\"number\":\"F2\",\"name\":\"终局乙\"}", 201),
                        "member");
    /* A count of an empty board, as /api/count answers it: no game, nothing saved. */
    json_t *empty = api(&referee, "POST", "/api/count",
                        "{\"board\":[\".....\",\".....\",\".....\",\".....\",\".....\"]}", 200);
    char *count = json_dumps(empty, JSON_COMPACT);
    json_decref(empty);
    char big[8192];
    snprintf(big, sizeof big, "{\"black\":%lld,\"white\":%lld,\"count\":%s}", a, b, count);
    free(count);
    json_t *err = api(&referee, "POST", "/api/club/results", big, 400);
    assert_string_equal(json_string_value(json_object_get(err, "error")), "invalid");
    assert_non_null(strstr(json_string_value(json_object_get(err, "message")), "no game"));
    json_decref(err);
    /* A provisional count is saved with its flag; the game list shows it. */
    json_t *open = api(&referee, "POST", "/api/count",
                       "{\"board\":[\"X..O.\",\"X..O.\",\"X..O.\",\"X..O.\",\"X..O.\"]}", 200);
    assert_true(json_is_false(json_object_get(open, "finished")));
    count = json_dumps(open, JSON_COMPACT);
    json_decref(open);
    snprintf(big, sizeof big, "{\"black\":%lld,\"white\":%lld,\"count\":%s}", a, b, count);
    free(count);
    json_decref(api(&referee, "POST", "/api/club/results", big, 201));
    snprintf(body, sizeof body, "/api/club/games?member=%lld", a);
    json_t *games = api(&referee, "GET", body, NULL, 200);
    json_t *list = json_object_get(games, "games");
    assert_int_equal(json_array_size(list), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(list, 0), "finished")), 0);
    json_decref(games);
}

/* One count saved from the command line (`result add --count-json`) and from the page (POST
 * /api/club/results with the count) gives the same row: winner, how, margin, komi, finished.
 * A won game with a dead stone, and a drawn one (stored as a draw, not as a count). */
static void test_http_club__count_saved_the_same_from_both_front_ends(void **state)
{
    (void)state;
    long long a = id_of(api(&secretary, "POST", "/api/club/members",
                            "{\"number\":\"S1\",\"name\":\"同数甲\"}", 201),
                        "member");
    long long b = id_of(api(&secretary, "POST", "/api/club/members",
                            "{\"number\":\"S2\",\"name\":\"同数乙\"}", 201),
                        "member");
    const struct {
        const char *count_body, *by;
        double komi;
    } cases[] = {
        {"{\"board\":[\".XO..\",\".XO..\",\"OXO..\",\".XO..\",\".XO..\"],\"dead\":[\"A3\"],"
         "\"komi_stones\":2.5}",
         "count", 2.5},
        {"{\"board\":[\"XX.OO\",\"XX.OO\",\"XX.OO\",\"XX.OO\",\"XX.OO\"],\"komi_stones\":0}",
         "draw", 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        json_t *count = api(&referee, "POST", "/api/count", cases[k].count_body, 200);
        char *text = json_dumps(count, JSON_COMPACT);
        json_decref(count);
        char file[600], big[16384], line[1400];
        snprintf(file, sizeof file, "%s.count.json", server.db);
        FILE *f = fopen(file, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
        snprintf(big, sizeof big, "{\"black\":%lld,\"white\":%lld,\"count\":%s}", a, b, text);
        free(text);
        json_decref(api(&referee, "POST", "/api/club/results", big, 201));
        snprintf(line, sizeof line,
                 "club --db '%s' result add --black S1 --white S2 --count-json '%s'", server.db,
                 file);
        tu_run r = tu_goref_sh("", line);
        unlink(file);
        if (r.status != 0)
            fail_msg("goref %s: exit %d: %s", line, r.status, r.err);
        tu_run_free(&r);
        snprintf(line, sizeof line, "/api/club/games?member=%lld", a);
        json_t *games = api(&referee, "GET", line, NULL, 200);
        json_t *list = json_object_get(games, "games");
        assert_int_equal(json_array_size(list), 2 * (k + 1));
        json_t *web = json_array_get(list, 2 * k), *cli = json_array_get(list, 2 * k + 1);
        const char *fields[] = {"winner", "by", "margin", "komi", "finished"};
        for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
            if (!json_object_get(web, fields[i]) ||
                !json_equal(json_object_get(web, fields[i]), json_object_get(cli, fields[i])))
                fail_msg("'%s' differs between the page's row and the command line's (case %zu)",
                         fields[i], k);
        assert_string_equal(json_string_value(json_object_get(web, "by")), cases[k].by);
        assert_true(json_number_value(json_object_get(web, "komi")) == cases[k].komi);
        json_decref(games);
    }
}

static void test_http_club__member_edit_and_status(void **state)
{
    (void)state;
    char path[96], day[11];
    day_text(day, 0);
    long long id = add_member("ME1", "王五", day);
    snprintf(path, sizeof path, "/api/club/members/%lld", id);
    json_decref(api(&referee, "POST", path, "{\"grade\":\"四年级\"}", 403));
    json_decref(api(&teacher, "POST", path, "{\"grade\":\"四年级\"}", 403));
    json_t *j = api(&secretary, "POST", path, "{\"grade\":\"四年级\",\"rank\":\"5k\"}", 200);
    json_t *m = json_object_get(j, "member");
    assert_string_equal(json_string_value(json_object_get(m, "grade")), "四年级");
    assert_string_equal(json_string_value(json_object_get(m, "rank")), "5k");
    assert_string_equal(json_string_value(json_object_get(m, "name")), "王五"); /* untouched */
    json_decref(j);
    json_decref(api(&secretary, "POST", path, "{\"rank\":\"99 dan\"}", 400));
    json_decref(api(&secretary, "POST", path, "{\"grade\":7}", 400));
    json_decref(api(&secretary, "POST", "/api/club/members/987654", "{\"grade\":\"x\"}", 404));

    snprintf(path, sizeof path, "/api/club/members/%lld/status", id);
    json_decref(api(&teacher, "POST", path, "{\"status\":\"left\"}", 403));
    json_decref(api(&secretary, "POST", path, "{\"status\":\"asleep\"}", 400));
    json_decref(api(&secretary, "POST", path, "{}", 400));
    json_decref(
        api(&secretary, "POST", path, "{\"status\":\"left\",\"date\":\"2026-02-30\"}", 400));
    json_decref(api(&secretary, "POST", path,
                    "{\"status\":\"left\",\"reason\":\"转学 moved school\"}", 200));
    assert_string_equal(member_status(id), "left");
    snprintf(path, sizeof path, "/api/club/members/%lld", id);
    j = api(&referee, "GET", path, NULL, 200);
    json_t *history = json_object_get(j, "history");
    assert_true(json_array_size(history) >= 1);
    char *text = json_dumps(history, 0);
    assert_non_null(strstr(text, "转学 moved school"));
    free(text);
    json_decref(j);
}

/* Dues: secretaries and admins only (money), unpaid listed until paid. */
static void test_http_club__dues(void **state)
{
    (void)state;
    char body[256], day[11], path[96];
    day_text(day, 0);
    long long id = add_member("DU1", "赵六", day);
    snprintf(body, sizeof body,
             "{\"member\":%lld,\"school_year\":\"2026-2027\",\"amount_fen\":30000}", id);
    json_decref(api(&teacher, "POST", "/api/club/dues", body, 403));
    json_decref(api(&referee, "POST", "/api/club/dues", body, 403));
    json_decref(api(&teacher, "GET", "/api/club/dues", NULL, 403));
    json_decref(api(NULL, "GET", "/api/club/dues", NULL, 401));
    json_decref(api(&secretary, "POST", "/api/club/dues", body, 200));
    snprintf(path, sizeof path, "/api/club/dues?member=%lld&unpaid=1", id);
    json_t *j = api(&admin, "GET", path, NULL, 200);
    assert_int_equal(json_array_size(json_object_get(j, "dues")), 1);
    json_decref(j);
    snprintf(
        body, sizeof body,
        "{\"member\":%lld,\"school_year\":\"2026-2027\",\"amount_fen\":30000,\"paid_on\":\"%s\"}",
        id, day);
    json_decref(api(&admin, "POST", "/api/club/dues", body, 200));
    j = api(&secretary, "GET", path, NULL, 200);
    assert_int_equal(json_array_size(json_object_get(j, "dues")), 0);
    json_decref(j);
    snprintf(path, sizeof path, "/api/club/dues?member=%lld", id);
    j = api(&secretary, "GET", path, NULL, 200);
    assert_int_equal(json_array_size(json_object_get(j, "dues")), 1);
    json_decref(j);
    /* bad input */
    json_decref(api(&secretary, "GET", "/api/club/dues?member=abc", NULL, 400));
    snprintf(body, sizeof body, "{\"member\":%lld,\"amount_fen\":100}", id);
    json_decref(api(&secretary, "POST", "/api/club/dues", body, 400));
    snprintf(body, sizeof body, "{\"member\":%lld,\"school_year\":\"2026-2027\",\"amount_fen\":-1}",
             id);
    json_decref(api(&secretary, "POST", "/api/club/dues", body, 400));
    snprintf(
        body, sizeof body,
        "{\"member\":%lld,\"school_year\":\"2026-2027\",\"amount_fen\":1,\"paid_on\":\"soon\"}",
        id);
    json_decref(api(&secretary, "POST", "/api/club/dues", body, 400));
    json_decref(api(&secretary, "POST", "/api/club/dues",
                    "{\"member\":987654,\"school_year\":\"2026-2027\",\"amount_fen\":1}", 404));
}

/* The weekly schedule, its activities, and the charter: preview (changes nothing), apply
 * (writes the changes with their reasons), and the reward list. */
static void test_http_club__schedule_and_rules(void **state)
{
    (void)state;
    char body[256], from[11], to[11], path[128];
    day_text(from, -70);
    day_text(to, -1);
    json_decref(
        api(&teacher, "POST", "/api/club/schedule", "{\"weekday\":3,\"start\":\"16:00\"}", 403));
    json_decref(
        api(&secretary, "POST", "/api/club/schedule", "{\"weekday\":8,\"start\":\"16:00\"}", 400));
    json_decref(api(&secretary, "POST", "/api/club/schedule", "{\"weekday\":3}", 400));
    snprintf(body, sizeof body, "{\"weekday\":3,\"start\":\"16:00\",\"from\":\"%s\"}", from);
    json_decref(api(&secretary, "POST", "/api/club/schedule", body, 200));
    snprintf(body, sizeof body, "{\"from\":\"%s\",\"to\":\"%s\"}", from, to);
    json_decref(api(&teacher, "POST", "/api/club/schedule/generate", body, 403));
    json_t *j = api(&secretary, "POST", "/api/club/schedule/generate", body, 200);
    int created = (int)json_integer_value(json_object_get(j, "created"));
    assert_true(created >= 9 && created <= 11); /* one Wednesday a week for ten weeks */
    json_decref(j);
    json_decref(
        api(&secretary, "POST", "/api/club/schedule/generate", "{\"from\":\"2026-01-01\"}", 400));
    snprintf(body, sizeof body, "{\"from\":\"%s\",\"to\":\"%s\"}", to, from);
    json_decref(api(&secretary, "POST", "/api/club/schedule/generate", body, 400));
    snprintf(path, sizeof path, "/api/club/activities?from=%s&to=%s", from, to);
    j = api(&referee, "GET", path, NULL, 200);
    json_t *acts = json_object_get(j, "activities");
    assert_int_equal((int)json_array_size(acts), created);
    /* cancel the first one */
    const char *first = json_string_value(json_object_get(json_array_get(acts, 0), "date"));
    assert_non_null(first);
    snprintf(body, sizeof body, "{\"date\":\"%.10s\"}", first);
    json_decref(api(&referee, "POST", "/api/club/activities/cancel", body, 403));
    json_decref(api(&secretary, "POST", "/api/club/activities/cancel", body, 200));
    json_decref(j);
    json_decref(
        api(&secretary, "POST", "/api/club/activities/cancel", "{\"date\":\"1999-01-01\"}", 404));

    /* The charter settings. */
    j = api(&referee, "GET", "/api/club/rules", NULL, 200);
    assert_true(json_is_integer(json_object_get(json_object_get(j, "rules"), "withdraw_weeks")));
    json_decref(j);
    json_decref(api(&teacher, "POST", "/api/club/rules", "{\"late_minutes\":20}", 403));
    json_decref(api(&secretary, "POST", "/api/club/rules", "{\"late_minutes\":0}", 400));
    json_decref(api(&secretary, "POST", "/api/club/rules", "{\"withdraw\":\"yes\"}", 400));
    j = api(&secretary, "POST", "/api/club/rules", "{\"late_minutes\":20,\"withdraw\":true}", 200);
    assert_int_equal(
        json_integer_value(json_object_get(json_object_get(j, "rules"), "late_minutes")), 20);
    json_decref(j);
    json_decref(api(&secretary, "POST", "/api/club/rules", "{\"late_minutes\":30}", 200));

    /* A member who joined ten weeks ago and never came: the preview lists the change and
     * writes nothing; apply writes it; a second preview has nothing left for them. */
    long long absent = add_member("RA1", "缺席", from);
    json_decref(api(&teacher, "POST", "/api/club/rules/apply", "{}", 403));
    json_decref(api(&referee, "POST", "/api/club/rules/apply", "{\"dry_run\":false}", 403));
    json_decref(
        api(&secretary, "POST", "/api/club/rules/apply", "{\"as_of\":\"2026-13-01\"}", 400));
    json_decref(api(&secretary, "POST", "/api/club/rules/apply", "{\"dry_run\":\"no\"}", 400));
    json_decref(api(&secretary, "GET", "/api/club/rules/apply", NULL, 405));
    j = api(&secretary, "POST", "/api/club/rules/apply", "{}", 200);
    assert_true(json_is_true(json_object_get(j, "dry_run")));
    json_t *chg;
    size_t i;
    bool listed = false;
    json_array_foreach(json_object_get(j, "changes"), i, chg)
    {
        if (json_integer_value(json_object_get(chg, "member")) != absent)
            continue;
        listed = true;
        assert_string_equal(json_string_value(json_object_get(chg, "from")), "active");
        assert_true(strlen(json_string_value(json_object_get(chg, "reason"))) > 0);
    }
    assert_true(listed);
    json_decref(j);
    assert_string_equal(member_status(absent), "active");
    j = api(&admin, "POST", "/api/club/rules/apply", "{\"dry_run\":false}", 200);
    assert_true(json_is_false(json_object_get(j, "dry_run")));
    json_decref(j);
    assert_true(strcmp(member_status(absent), "active") != 0);
    j = api(&secretary, "POST", "/api/club/rules/apply", "{\"dry_run\":true}", 200);
    json_array_foreach(json_object_get(j, "changes"), i, chg)
        assert_true(json_integer_value(json_object_get(chg, "member")) != absent);
    json_decref(j);

    j = api(&teacher, "GET", "/api/club/rules/reward", NULL, 200);
    assert_true(json_is_array(json_object_get(j, "reward")));
    json_decref(j);
    json_decref(api(&teacher, "GET", "/api/club/rules/reward?from=nope", NULL, 400));
    json_decref(api(&teacher, "GET", "/api/club/rules/bogus", NULL, 404));
    json_decref(api(&teacher, "POST", "/api/club/members/status", "{}", 404));
}

/* Stocktake: counted against what should be there (count less what is out on loan). */
static void test_http_club__stocktake(void **state)
{
    (void)state;
    char body[256], day[11];
    day_text(day, 0);
    long long item = id_of(api(&secretary, "POST", "/api/club/items",
                               "{\"name\":\"棋钟\",\"kind\":\"clock\",\"count\":5}", 201),
                           NULL);
    snprintf(body, sizeof body, "{\"item\":%lld,\"counted\":4,\"note\":\"柜子里\"}", item);
    json_decref(api(&referee, "POST", "/api/club/stocktake", body, 403));
    json_decref(api(NULL, "POST", "/api/club/stocktake", body, 401));
    json_decref(api(&teacher, "POST", "/api/club/stocktake", body, 200));
    json_t *j = api(&referee, "GET", "/api/club/stocktake", NULL, 200);
    json_t *row, *mine = NULL;
    size_t i;
    json_array_foreach(json_object_get(j, "stocktake"), i, row)
    {
        json_t *v = json_object_get(row, "item");
        if (!v)
            v = json_object_get(row, "id");
        if (json_integer_value(v) == item)
            mine = row;
    }
    if (!mine) {
        char *text = json_dumps(j, 0);
        fail_msg("item %lld missing from the stocktake report: %s", item, text);
    }
    char *text = json_dumps(mine, 0);
    assert_non_null(strstr(text, "4"));
    free(text);
    json_decref(j);
    snprintf(body, sizeof body, "{\"item\":%lld,\"counted\":-1}", item);
    json_decref(api(&teacher, "POST", "/api/club/stocktake", body, 400));
    snprintf(body, sizeof body, "{\"item\":%lld}", item);
    json_decref(api(&teacher, "POST", "/api/club/stocktake", body, 400));
    json_decref(
        api(&teacher, "POST", "/api/club/stocktake", "{\"item\":987654,\"counted\":1}", 404));
    snprintf(body, sizeof body, "{\"item\":%lld,\"counted\":1,\"date\":\"yesterday\"}", item);
    json_decref(api(&teacher, "POST", "/api/club/stocktake", body, 400));
}

/* A withdrawal from an event and the printable pairing sheet. */
static void test_http_club__withdraw_and_pairing_sheet(void **state)
{
    (void)state;
    char body[256], path[128], day[11];
    day_text(day, 0);
    long long p[4];
    for (int i = 0; i < 4; i++) {
        char number[16], name[32];
        snprintf(number, sizeof number, "W%d", i);
        snprintf(name, sizeof name, "选手%d", i);
        p[i] = add_member(number, name, day);
    }
    long long ev = id_of(api(&secretary, "POST", "/api/club/events",
                             "{\"name\":\"冬季积分赛\",\"kind\":\"swiss\",\"rounds\":3}", 201),
                         NULL);
    snprintf(path, sizeof path, "/api/club/events/%lld/enter", ev);
    for (int i = 0; i < 4; i++) {
        snprintf(body, sizeof body, "{\"member\":%lld}", p[i]);
        json_decref(api(&secretary, "POST", path, body, 200));
    }
    snprintf(path, sizeof path, "/api/club/events/%lld/pair", ev);
    json_decref(api(&teacher, "POST", path, NULL, 200));
    snprintf(path, sizeof path, "/api/club/events/%lld/pairings.html?round=1", ev);
    th_resp r;
    assert_int_equal(th_call(&r, server.port, "GET", path, referee.cookie, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "<table"));
    assert_non_null(strstr(r.body, "选手0"));
    assert_non_null(strstr(r.body, "选手3"));
    assert_non_null(strstr(r.body, "<h1>冬季积分赛 对阵表 · 第 1 轮</h1>"));
    assert_non_null(strstr(r.body, "<th>黑方</th>"));
    assert_null(strstr(r.body, "Black"));
    char ctype[128];
    assert_non_null(strstr(th_header(&r, "Content-Type", ctype, sizeof ctype), "text/html"));
    assert_page_headers(&r);
    th_free(&r);
    json_decref(api(&referee, "GET", "/api/club/events/987654/pairings.html", NULL, 404));
    assert_int_equal(th_call(&r, server.port, "GET", path, NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 401);
    th_free(&r);

    snprintf(path, sizeof path, "/api/club/events/%lld/withdraw", ev);
    snprintf(body, sizeof body, "{\"member\":%lld,\"after_round\":1}", p[3]);
    json_decref(api(&teacher, "POST", path, body, 403));
    json_decref(api(&referee, "POST", path, body, 403));
    json_decref(api(&secretary, "POST", path, "{}", 400));
    json_decref(api(&secretary, "POST", path, "{\"member\":987654}", 404));
    json_decref(api(&secretary, "POST", path, body, 200));
    json_decref(api(&secretary, "POST", path, body, 409)); /* already withdrew */
    snprintf(path, sizeof path, "/api/club/events/%lld/standings", ev);
    json_t *j = api(&referee, "GET", path, NULL, 200);
    json_t *row;
    size_t i;
    bool seen = false;
    json_array_foreach(json_object_get(j, "standings"), i, row)
    {
        if (json_integer_value(json_object_get(row, "member")) == p[3]) {
            seen = true;
            assert_true(json_is_true(json_object_get(row, "withdrawn")));
        }
    }
    assert_true(seen);
    json_decref(j);
}

/* Every endpoint the secretary's pages added, under every role: signed out 401, a role the
 * route does not list 403, a listed role past the role check (its answer then depends on the
 * body: an empty one is 400 for a write that needs fields), and no write without the CSRF
 * token. */
static void test_http_club__role_matrix(void **state)
{
    (void)state;
    enum { A = 1, S = 2, T = 4, R = 8 };
    static const struct {
        const char *method, *path, *body;
        int allowed;
    } routes[] = {
        {"GET", "/api/club/dues", NULL, A | S},
        {"POST", "/api/club/dues", "{}", A | S},
        {"POST", "/api/club/schedule/generate", "{}", A | S},
        {"POST", "/api/club/activities/cancel", "{}", A | S},
        {"GET", "/api/club/rules", NULL, A | S | T | R},
        {"POST", "/api/club/rules", "{\"late_minutes\":0}", A | S},
        {"POST", "/api/club/rules/apply", "{\"as_of\":\"bad\"}", A | S},
        {"GET", "/api/club/rules/reward", NULL, A | S | T | R},
        {"GET", "/api/club/stocktake", NULL, A | S | T | R},
        {"POST", "/api/club/stocktake", "{}", A | S | T},
        {"POST", "/api/club/events/1/withdraw", "{}", A | S},
        {"GET", "/api/club/events/987654/pairings.html", NULL, A | S | T | R},
        {"POST", "/api/club/members/1", "{\"rank\":\"nonsense\"}", A | S},
        {"POST", "/api/club/members/1/status", "{}", A | S},
    };
    const th_session *who[4] = {&admin, &secretary, &teacher, &referee};
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        th_resp r;
        const char *ct = routes[i].body ? "application/json" : NULL;
        size_t len = routes[i].body ? strlen(routes[i].body) : 0;
        assert_int_equal(th_call(&r, server.port, routes[i].method, routes[i].path, NULL, ct,
                                 routes[i].body, len),
                         0);
        if (r.status != 401)
            fail_msg("%s %s without a session: %d", routes[i].method, routes[i].path, r.status);
        th_free(&r);
        for (int k = 0; k < 4; k++) {
            assert_int_equal(th_call(&r, server.port, routes[i].method, routes[i].path,
                                     who[k]->both, ct, routes[i].body, len),
                             0);
            bool allowed = (routes[i].allowed >> k) & 1;
            if (allowed ? (r.status == 401 || r.status == 403) : r.status != 403)
                fail_msg("%s %s as role %d: %d %s", routes[i].method, routes[i].path, k, r.status,
                         r.body);
            if (allowed && strcmp(routes[i].method, "GET") != 0 && r.status != 400)
                fail_msg("%s %s with %s: %d, not 400", routes[i].method, routes[i].path,
                         routes[i].body, r.status);
            th_free(&r);
            if (strcmp(routes[i].method, "POST") == 0 && allowed) {
                /* the same write with the cookie but no token */
                assert_int_equal(th_call(&r, server.port, "POST", routes[i].path, who[k]->cookie,
                                         ct, routes[i].body, len),
                                 0);
                if (r.status != 403 || !strstr(r.body, "\"csrf\""))
                    fail_msg("POST %s without the CSRF token: %d %s", routes[i].path, r.status,
                             r.body);
                th_free(&r);
            }
        }
    }
}

/* CSV export: secretaries and admins only (contacts, dues), a table of the club log each. */
static void test_http_club__export_csv(void **state)
{
    (void)state;
    char day[11];
    day_text(day, 0);
    add_member("CSV1", "导出, \\\"引号\\\"", day); /* JSON-escaped quotes */
    th_resp r;
    const th_session *denied[] = {&teacher, &referee};
    for (int k = 0; k < 2; k++) {
        assert_int_equal(th_call(&r, server.port, "GET", "/api/club/export/members.csv",
                                 denied[k]->cookie, NULL, NULL, 0),
                         0);
        assert_int_equal(r.status, 403);
        th_free(&r);
    }
    assert_int_equal(
        th_call(&r, server.port, "GET", "/api/club/export/members.csv", NULL, NULL, NULL, 0), 0);
    assert_int_equal(r.status, 401);
    th_free(&r);
    assert_int_equal(th_call(&r, server.port, "GET", "/api/club/export/members.csv",
                             secretary.cookie, NULL, NULL, 0),
                     0);
    assert_int_equal(r.status, 200);
    char value[128];
    assert_non_null(strstr(th_header(&r, "Content-Type", value, sizeof value), "text/csv"));
    assert_non_null(
        strstr(th_header(&r, "Content-Disposition", value, sizeof value), "goref-members.csv"));
    /* for people: a BOM for Excel, Chinese headers; RFC 4180: the comma and the quotes of the
     * name are quoted */
    assert_memory_equal(r.body, "\xef\xbb\xbf", 3);
    assert_non_null(strstr(r.body, "\"导出, \"\"引号\"\"\""));
    assert_non_null(strstr(r.body, "姓名"));
    th_free(&r);
    assert_int_equal(th_call(&r, server.port, "GET", "/api/club/export/members.csv?lang=en",
                             secretary.cookie, NULL, NULL, 0),
                     0);
    assert_int_equal(r.status, 200);
    assert_memory_equal(r.body, "\xef\xbb\xbf", 3);
    assert_null(strstr(r.body, "姓名"));
    th_free(&r);
    /* for programs: the columns as stored, no BOM */
    assert_int_equal(th_call(&r, server.port, "GET", "/api/club/export/members.csv?raw=1",
                             secretary.cookie, NULL, NULL, 0),
                     0);
    assert_int_equal(r.status, 200);
    assert_int_not_equal(memcmp(r.body, "\xef\xbb\xbf", 3), 0);
    assert_non_null(strstr(r.body, "\"导出, \"\"引号\"\"\""));
    assert_non_null(strstr(r.body, "number"));
    th_free(&r);
    assert_int_equal(th_call(&r, server.port, "GET", "/api/club/export/members.csv?lang=fr",
                             secretary.cookie, NULL, NULL, 0),
                     0);
    assert_int_equal(r.status, 400);
    th_free(&r);
    static const struct {
        const char *path;
        int status;
    } bad[] = {
        {"/api/club/export/nothing.csv", 400},   {"/api/club/export/members", 404},
        {"/api/club/export/Members.csv", 404},   {"/api/club/export/../x.csv", 404},
        {"/api/club/export/mem-bers.csv", 400},  {"/api/club/export/.csv", 404},
        {"/api/club/export/members.csv/x", 404},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(th_call(&r, server.port, "GET", bad[i].path, admin.cookie, NULL, NULL, 0),
                         0);
        if (r.status != bad[i].status)
            fail_msg("%s answered %d, expected %d: %s", bad[i].path, r.status, bad[i].status,
                     r.body);
        th_free(&r);
    }
    json_decref(api(&admin, "POST", "/api/club/export/members.csv", "{}", 405));
}

/* `goref club --json` and the service name an error alike (one table, go_adapters'): the same
 * unknown member and the same refused name, through both doors. */
static void test_http_club__cli_errors_match_the_service(void **state)
{
    (void)state;
    static const struct {
        const char *cli_args, *method, *path, *body;
    } cases[] = {
        {"member show 987654", "GET", "/api/club/members/987654", NULL},
        {"member add --number Z1 --name ''", "POST", "/api/club/members",
         "{\"number\":\"Z1\",\"name\":\"\"}"},
        {"loan return 987654", "POST", "/api/club/loans/987654/return", "{}"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char line[1024];
        snprintf(line, sizeof line, "club --db '%s' %s --json", server.db, cases[i].cli_args);
        tu_run r = tu_goref_sh("", line);
        const char *out = r.out;
        assert_int_equal(r.status, 2);
        json_t *cli = json_loads(out, 0, NULL);
        if (!json_is_string(json_object_get(cli, "error")))
            fail_msg("`goref club %s --json` printed no string error: %s", cases[i].cli_args, out);
        json_t *web = api(&secretary, cases[i].method, cases[i].path, cases[i].body,
                          strcmp(cases[i].method, "GET") == 0 || i == 2 ? 404 : 400);
        assert_string_equal(json_string_value(json_object_get(cli, "error")),
                            json_string_value(json_object_get(web, "error")));
        assert_true(strlen(json_string_value(json_object_get(cli, "message"))) > 0);
        json_decref(cli);
        json_decref(web);
        tu_run_free(&r);
    }
}

/* The club's refusals a desk meets most are said in Chinese in full, not only by their code:
 * a check-in with no activity that day says to start it, a taken member number and a rank
 * written wrong say so (a fresh server: no schedule makes an activity on that day). */
static void test_http_club__errors_in_chinese(void **state)
{
    (void)state;
    th_server s;
    th_start(&s, NULL);
    th_session desk;
    th_login(&desk, s.port, "secretary", TH_PASSWORD);
    static const struct {
        const char *path, *body;
        int status;
        const char *zh;
    } cases[] = {
        {"/api/club/members", "{\"number\":\"Z1\",\"name\":\"王一\",\"join_date\":\"2030-01-01\"}",
         201, NULL},
        {"/api/club/members", "{\"number\":\"Z1\",\"name\":\"王二\"}", 409, "会员编号"},
        {"/api/club/members", "{\"number\":\"Z3\",\"name\":\"王三\",\"rank\":\"99z\"}", 400,
         "段级位"},
        {"/api/club/checkins", "{\"member\":1,\"at\":\"2031-01-07T10:00\"}", 404, "开始今天的活动"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        th_resp r;
        assert_int_equal(th_call(&r, s.port, "POST", cases[i].path, desk.both, "application/json",
                                 cases[i].body, strlen(cases[i].body)),
                         0);
        if (r.status != cases[i].status)
            fail_msg("%s %s: %d %s", cases[i].path, cases[i].body, r.status, r.body);
        if (cases[i].zh) {
            json_t *j = json_loads(r.body, 0, NULL);
            const char *zh = json_string_value(json_object_get(j, "message_zh"));
            if (!zh || !strstr(zh, cases[i].zh))
                fail_msg("%s: message_zh %s lacks %s", cases[i].body, zh ? zh : "(none)",
                         cases[i].zh);
            assert_non_null(json_string_value(json_object_get(j, "message")));
            json_decref(j);
        }
        th_free(&r);
    }
    th_stop(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_http_club__errors_in_chinese),
        cmocka_unit_test(test_http_club__roles),
        cmocka_unit_test(test_http_club__club_day),
        cmocka_unit_test(test_http_club__event_to_standings),
        cmocka_unit_test(test_http_club__count_results_keep_the_finished_flag),
        cmocka_unit_test(test_http_club__count_saved_the_same_from_both_front_ends),
        cmocka_unit_test(test_http_club__member_edit_and_status),
        cmocka_unit_test(test_http_club__dues),
        cmocka_unit_test(test_http_club__schedule_and_rules),
        cmocka_unit_test(test_http_club__stocktake),
        cmocka_unit_test(test_http_club__withdraw_and_pairing_sheet),
        cmocka_unit_test(test_http_club__cli_errors_match_the_service),
        cmocka_unit_test(test_http_club__role_matrix),
        cmocka_unit_test(test_http_club__export_csv),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
