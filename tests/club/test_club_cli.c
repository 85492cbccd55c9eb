/* goref club end to end: hostile text through the command line (quotes, SQL fragments,
 * 10,000-character names, control characters, invalid UTF-8) is stored verbatim or refused
 * with a message and exit status 2; JSON listings; a result from `goref count --json`. */
#include <stdlib.h>
#include <fcntl.h>
#include <sys/wait.h>

#include "testutil.h"
#include "club_fixture.h"
#include "go/swiss.h"

static char path[512];
static char goref[600];

static int setup(void **state)
{
    (void)state;
    club_tmp_path(path, sizeof path, "cli");
    snprintf(goref, sizeof goref, "%s/goref", GOREF_BINARY_DIR);
    return access(goref, X_OK) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    club_tmp_remove(path);
    return 0;
}

/* Runs goref club --db path ARGS...; output (stdout) into out; returns the exit status. */
static int run(char *out, size_t out_size, const char *const *args)
{
    const char *argv[64] = {"club", "--db", path};
    int n = 3;
    for (int i = 0; args[i]; i++) {
        assert_true(n < 63);
        argv[n++] = args[i];
    }
    argv[n] = NULL;
    tu_run r = tu_goref(argv);
    snprintf(out, out_size, "%s", r.out);
    int status = r.status;
    tu_run_free(&r);
    return status;
}

static void test_club_cli__hostile_text(void **state)
{
    (void)state;
    static char out[1 << 16];
    const char *stored[] = {"Robert'); DROP TABLE members;--",
                            "\"双引号\" 'single' `back`",
                            "1 OR 1=1; --",
                            "<img src=x onerror=alert(1)>",
                            "%s%n%x",
                            "名字\t带制表"};
    for (int i = 0; i < 6; i++) {
        char num[8];
        snprintf(num, sizeof num, "%d", i + 1);
        const char *args[] = {"member",   "add", "--name", stored[i],
                              "--number", num,   "--json", NULL};
        int status = run(out, sizeof out, args);
        if (i == 5) { /* a tab in a name is a control character: refused */
            assert_int_equal(status, 2);
            assert_non_null(strstr(out, "\"error\""));
            continue;
        }
        assert_int_equal(status, 0);
    }
    char *huge = malloc(10001);
    memset(huge, 'N', 10000);
    huge[10000] = '\0';
    const char *refused[][2] = {{huge, "too long"},         {"bell\a", "control"},
                                {"bad \xff\xfe", "UTF-8"},  {"", "empty"},
                                {"esc \x1b[2J", "control"}, {"nul\xc0\x80", "UTF-8"}};
    for (int i = 0; i < 6; i++) {
        const char *args[] = {"member",   "add", "--name", refused[i][0],
                              "--number", "x",   "--json", NULL};
        assert_int_equal(run(out, sizeof out, args), 2);
        if (!strstr(out, refused[i][1]))
            fail_msg("refusal %d: message '%s' does not say '%s'", i, out, refused[i][1]);
    }
    free(huge);
    const char *list[] = {"member", "list", "--json", NULL};
    assert_int_equal(run(out, sizeof out, list), 0);
    go_club *c = NULL;
    assert_int_equal(go_club_open(&c, path), 0);
    for (int i = 0; i < 5; i++) {
        go_member m;
        assert_int_equal(go_club_member_get(c, &m, i + 1), 0);
        assert_string_equal(m.name, stored[i]);
    }
    go_member m;
    assert_int_equal(go_club_member_get(c, &m, 6), GO_ENOTFOUND);
    assert_int_equal(go_club_check(c), 0);
    go_club_free(c);
    const char *check[] = {"check", NULL};
    assert_int_equal(run(out, sizeof out, check), 0);
}

static void test_club_cli__result_from_count_json(void **state)
{
    (void)state;
    static char out[1 << 14];
    const char *a1[] = {"member", "add", "--name", "黑", "--number", "1", NULL};
    const char *a2[] = {"member", "add", "--name", "白", "--number", "2", NULL};
    assert_int_equal(run(out, sizeof out, a1), 0);
    assert_int_equal(run(out, sizeof out, a2), 0);
    char jpath[600];
    snprintf(jpath, sizeof jpath, "%s.count.json", path);
    FILE *f = fopen(jpath, "w");
    assert_non_null(f);
    fputs("{\"size\": 19, \"komi_stones\": 3.75, \"par\": 180.5, \"black\": {\"stones\": 150,"
          " \"territory\": 35, \"total\": 185}, \"white\": {\"stones\": 140, \"territory\": 36,"
          " \"total\": 176}, \"shared\": 0, \"margin_stones\": 0.75, \"margin_points\": 1.5,"
          " \"winner\": \"B\", \"verdict_zh\": \"黑胜3/4子\", \"verdict_en\": \"Black wins by 3/4"
          " stone\", \"dead\": [\"D4\"], \"seki\": [], \"ownership\": []}",
          f);
    fclose(f);
    const char *add[] = {"result", "add",        "--black",      "1",   "--white", "2",
                         "--date", "2026-09-09", "--count-json", jpath, "--json",  NULL};
    assert_int_equal(run(out, sizeof out, add), 0);
    assert_non_null(strstr(out, "\"margin_stones\": 0.75"));
    const char *games[] = {"game", "list", "--json", NULL};
    assert_int_equal(run(out, sizeof out, games), 0);
    assert_non_null(strstr(out, "\"by\": \"count\""));
    assert_non_null(strstr(out, "\"margin\": 0.75"));
    const char *bad[] = {"result", "add",          "--black", "1", "--white",
                         "2",      "--count-json", path,      NULL};
    assert_int_equal(run(out, sizeof out, bad), 2); /* not JSON */
    /* A provisional count keeps its flag in the log. */
    f = fopen(jpath, "w");
    assert_non_null(f);
    fputs("{\"size\": 9, \"komi_stones\": 3.75, \"margin_stones\": 2.25, \"winner\": \"W\","
          " \"finished\": false, \"open_points\": [\"E5\"], \"warnings\": [{\"code\":"
          " \"not_finished\", \"message_zh\": \"棋局未终局：1 个空点未定\", \"message_en\":"
          " \"Not finished: 1 open point\"}]}",
          f);
    fclose(f);
    assert_int_equal(run(out, sizeof out, add), 0);
    assert_int_equal(run(out, sizeof out, games), 0);
    assert_non_null(strstr(out, "\"finished\": 0"));
    /* A count with no game is no result: refused with the reason. */
    f = fopen(jpath, "w");
    assert_non_null(f);
    fputs("{\"size\": 9, \"komi_stones\": 3.75, \"finished\": false, \"warnings\": [{\"code\":"
          " \"no_game\", \"message_zh\": \"空棋盘：没有对局，不判胜负\", \"message_en\": \"Empty"
          " board: there is no game to count\"}]}",
          f);
    fclose(f);
    assert_int_equal(run(out, sizeof out, add), 2);
    assert_non_null(strstr(out, "no game"));
    unlink(jpath);
}

static void test_club_cli__event_standings_json_and_html(void **state)
{
    (void)state;
    static char out[1 << 16];
    for (int i = 1; i <= 4; i++) {
        char num[8], name[16];
        snprintf(num, sizeof num, "%d", i);
        snprintf(name, sizeof name, "选手%d", i);
        const char *add[] = {"member", "add", "--name", name, "--number", num, NULL};
        assert_int_equal(run(out, sizeof out, add), 0);
    }
    const char *ev[] = {"event",      "add",    "循环赛",     "--kind",
                        "roundrobin", "--date", "2026-10-01", NULL};
    assert_int_equal(run(out, sizeof out, ev), 0);
    const char *enter[] = {"event", "enter", "1", "1", "2", "3", "4", NULL};
    assert_int_equal(run(out, sizeof out, enter), 0);
    const char *pair[] = {"event", "pair", "1", "--json", NULL};
    assert_int_equal(run(out, sizeof out, pair), 0);
    assert_non_null(strstr(out, "\"game\": 6"));
    /* the lower member number wins every game */
    static char pairs[1 << 16];
    const char *show[] = {"event", "pairings", "1", "--json", NULL};
    assert_int_equal(run(pairs, sizeof pairs, show), 0);
    const char *b = pairs;
    for (int g = 1; g <= 6; g++) {
        b = strstr(b, "\"game\": ");
        assert_non_null(b);
        long id = strtol(b + 8, NULL, 10);
        const char *black = strstr(b, "\"black\": "), *white = strstr(b, "\"white\": ");
        long bl = strtol(black + 9, NULL, 10), wh = strtol(white + 9, NULL, 10);
        char ids[16];
        snprintf(ids, sizeof ids, "%ld", id);
        const char *res[] = {"result", "add",    "--game", ids, "--winner", bl < wh ? "B" : "W",
                             "--by",   "resign", NULL};
        assert_int_equal(run(out, sizeof out, res), 0);
        b++;
    }
    const char *st[] = {"event", "standings", "1", "--json", NULL};
    assert_int_equal(run(out, sizeof out, st), 0);
    /* [{ "place": 1, "member": 1, ... "points": 6, "tiebreak_sb": ..., "shared": false }, ...] */
    assert_non_null(strstr(out, "\"place\": 1,\n    \"member\": 1,"));
    assert_non_null(strstr(out, "\"points\": 6.0"));
    assert_non_null(strstr(out, "\"tiebreak_sb\": 6.0")); /* beat 4 + 2 + 0 */
    assert_non_null(strstr(out, "\"shared\": false"));
    char html[600];
    snprintf(html, sizeof html, "%s.html", path);
    const char *page[] = {"event", "standings", "1", "--html", html, "--projector", NULL};
    assert_int_equal(run(out, sizeof out, page), 0);
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(tu_read_file(html, &text, &len), 0);
    assert_non_null(strstr(text, "<h1>循环赛 - standings</h1>"));
    assert_non_null(strstr(text, "选手1"));
    free(text);
    unlink(html);
    const char *trf[] = {"event", "trf", "1", NULL};
    assert_int_equal(run(out, sizeof out, trf), 0);
    assert_non_null(strstr(out, "XXS W=2 D=1"));
    go_xtable t;
    assert_int_equal(go_trf_read(&t, NULL, out, strlen(out)), 0);
    assert_int_equal(t.nplayers, 4);
    go_xtable_clear(&t);
}

/* goref club trf pair FILE prints bbpPairings' expected output byte for byte (issue_7: 60
 * players, round 15); a missing file exits 2. */
static void test_club_cli__trf_pair(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("shared data folder missing: goref club trf pair not run");
    const char *in =
        tu_data_path("tournaments/BieremaBoyzProgramming__bbpPairings/test/tests/issue_7.input");
    char input[1024];
    snprintf(input, sizeof input, "%s", in);
    char *want = NULL;
    size_t wlen = 0;
    assert_int_equal(
        tu_read_file(tu_data_path("tournaments/BieremaBoyzProgramming__bbpPairings/test/tests/"
                                  "issue_7.output.expected"),
                     &want, &wlen),
        0);
    static char out[8192];
    const char *args[] = {"trf", "pair", input, NULL};
    assert_int_equal(run(out, sizeof out, args), 0);
    assert_string_equal(out, want);
    free(want);
    const char *missing[] = {"trf", "pair", "/nonexistent/x.trf", NULL};
    assert_int_equal(run(out, sizeof out, missing), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_cli__hostile_text, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_cli__trf_pair, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_cli__result_from_count_json, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_cli__event_standings_json_and_html, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
