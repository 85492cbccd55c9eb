/* `goref count` end to end: board text and SGF input, the JSON contract, the
 * rules presets and komi options, --dead and --suggest-dead, --png, and errors (exit 2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "testutil.h"

/* Runs `goref count ARGS` and returns its stdout (with its stderr after it when
 * with_stderr; malloc'd) and exit status. */
static char *run_with(int *status, const char *args, bool with_stderr)
{
    char line[2048];
    snprintf(line, sizeof line, "count %s", args);
    tu_run r = tu_goref_sh("", line);
    *status = r.status;
    if (!with_stderr) {
        free(r.err);
        return r.out;
    }
    size_t n = strlen(r.out), m = strlen(r.err);
    char *both = realloc(r.out, n + m + 1);
    assert_non_null(both);
    memcpy(both + n, r.err, m + 1);
    free(r.err);
    return both;
}

static char *run(int *status, const char *args)
{
    return run_with(status, args, false);
}

static json_t *run_json(int *status, const char *args)
{
    char *out = run(status, args);
    json_error_t err;
    json_t *root = json_loads(out, 0, &err);
    if (!root)
        fail_msg("not JSON (%s): %s", err.text, out);
    free(out);
    return root;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int setup(void **state)
{
    (void)state;
    char path[4096];
    snprintf(path, sizeof path, "%s/goref", GOREF_BINARY_DIR);
    if (access(path, X_OK) != 0) {
        fprintf(stderr, "SKIP test_count_cli: no goref binary at %s\n", path);
        return -1;
    }
    return 0;
}

static void test_count_cli__board_text_json_and_presets(void **state)
{
    (void)state;
    char path[] = "/tmp/goref_count_cli_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    /* 7x7: Black owns columns A-C (21), White E-G (21), column D shared (7 dame). */
    write_file(path, "size 7\n..X.O..\n..X.O..\n..X.O..\n..X.O..\n..X.O..\n..X.O..\n..X.O..\n");
    char args[512];
    int status;
    snprintf(args, sizeof args, "%s --json --komi 0", path);
    json_t *root = run_json(&status, args);
    assert_int_equal(status, 0);
    assert_int_equal(json_integer_value(json_object_get(root, "size")), 7);
    assert_int_equal(json_integer_value(json_object_get(root, "shared")), 7);
    assert_true(json_number_value(json_object_get(json_object_get(root, "black"), "total")) ==
                24.5);
    assert_true(json_number_value(json_object_get(root, "par")) == 24.5);
    assert_string_equal(json_string_value(json_object_get(root, "winner")), "draw");
    assert_string_equal(json_string_value(json_object_get(root, "verdict_zh")), "和棋");
    assert_string_equal(json_string_value(json_array_get(json_object_get(root, "ownership"), 0)),
                        "bbX-Oww");
    json_decref(root);
    /* Defaults: rules 2002 = komi 3 3/4; 1988 = 2 3/4; points. */
    snprintf(args, sizeof args, "%s --json", path);
    root = run_json(&status, args);
    assert_true(json_number_value(json_object_get(root, "komi_stones")) == 3.75);
    assert_string_equal(json_string_value(json_object_get(root, "verdict_zh")), "白胜3又3/4子");
    json_decref(root);
    snprintf(args, sizeof args, "%s --json --rules 1988", path);
    root = run_json(&status, args);
    assert_true(json_number_value(json_object_get(root, "komi_stones")) == 2.75);
    json_decref(root);
    snprintf(args, sizeof args, "%s --json --komi-points 6.5", path);
    root = run_json(&status, args);
    assert_true(json_number_value(json_object_get(root, "margin_points")) == -6.5);
    assert_string_equal(json_string_value(json_object_get(root, "winner")), "W");
    json_decref(root);
    /* Handicap give-back: 2 stones -> Black gives back 1. */
    snprintf(args, sizeof args, "%s --json --komi 0 --handicap 2", path);
    root = run_json(&status, args);
    assert_true(json_number_value(json_object_get(root, "margin_stones")) == -1.0);
    json_decref(root);
    /* Text sheet: the verdict and the one-colour check are printed. */
    snprintf(args, sizeof args, "%s", path);
    char *out = run(&status, args);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "黑方需 28又1/4 子以上，实有 24又1/2 子"));
    assert_non_null(strstr(out, "白胜3又3/4子"));
    free(out);
    /* Errors: exit 2, JSON error object with --json. */
    snprintf(args, sizeof args, "%s --json --komi 3.3", path);
    root = run_json(&status, args);
    assert_int_equal(status, 2);
    assert_string_equal(json_string_value(json_object_get(root, "error")), "out_of_range");
    json_decref(root);
    snprintf(args, sizeof args, "%s --dead Z9", path);
    free(run(&status, args));
    assert_int_equal(status, 2);
    free(run(&status, "/nonexistent/board.txt"));
    assert_int_equal(status, 2);
    unlink(path);
}

static void test_count_cli__sgf_dead_suggest_and_png(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", GOREF_DATA_DIR);
    /* GNU Go game g0001 (9x9, KM 7.5): GNU Go calls B2 dead and scores W+8.5. */
    char args[4096];
    int status;
    const char *sgf = tu_data_path("gnugo/games/g0001.sgf");
    snprintf(args, sizeof args, "%s --json --dead B2", sgf);
    json_t *root = run_json(&status, args);
    assert_int_equal(status, 0);
    assert_true(json_number_value(json_object_get(root, "komi_stones")) == 3.75);
    assert_true(json_number_value(json_object_get(root, "margin_points")) == -8.5);
    assert_string_equal(json_string_value(json_array_get(json_object_get(root, "dead"), 0)), "B2");
    json_decref(root);
    char png[] = "/tmp/goref_count_png_XXXXXX";
    int fd = mkstemp(png);
    assert_true(fd >= 0);
    close(fd);
    snprintf(args, sizeof args, "%s --json --suggest-dead --playouts 300 --png %s", sgf, png);
    root = run_json(&status, args);
    assert_int_equal(status, 0);
    json_t *dead = json_object_get(root, "dead");
    assert_int_equal(json_array_size(dead), 1);
    assert_string_equal(json_string_value(json_array_get(dead, 0)), "B2");
    assert_string_equal(json_string_value(json_object_get(root, "verdict_en")),
                        "White wins by 4 1/4 stones (8.5 points)");
    assert_true(json_array_size(json_object_get(json_object_get(root, "suggestion"), "groups")) >
                0);
    json_decref(root);
    FILE *f = fopen(png, "rb");
    assert_non_null(f);
    unsigned char magic[8] = {0};
    assert_int_equal(fread(magic, 1, 8, f), 8);
    fclose(f);
    assert_memory_equal(magic, "\x89PNG\r\n\x1a\n", 8);
    unlink(png);
}

/* A temporary board file holding text; path must be a mkstemp template. */
static void temp_board(char *path, const char *text)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_file(path, text);
}

static const char *warning_code(const json_t *root, size_t i)
{
    return json_string_value(
        json_object_get(json_array_get(json_object_get(root, "warnings"), i), "code"));
}

static void test_count_cli__no_game_gets_no_verdict(void **state)
{
    (void)state;
    char path[] = "/tmp/goref_count_cli_XXXXXX";
    temp_board(path, "size 5\n.....\n.....\n.....\n.....\n.....\n");
    char args[512];
    int status;
    /* Text: nothing on stdout, the reason on stderr, exit status 1. */
    snprintf(args, sizeof args, "%s", path);
    char *out = run(&status, args);
    assert_int_equal(status, 1);
    assert_string_equal(out, "");
    free(out);
    out = run_with(&status, args, true);
    assert_non_null(
        strstr(out, "空棋盘：没有对局，不判胜负 / Empty board: there is no game to count"));
    assert_null(strstr(out, "白胜"));
    assert_null(strstr(out, "wins"));
    free(out);
    /* JSON: the count without a winner, margin or result, and the warning; exit status 1. */
    snprintf(args, sizeof args, "%s --json", path);
    json_t *root = run_json(&status, args);
    assert_int_equal(status, 1);
    assert_null(json_object_get(root, "winner"));
    assert_null(json_object_get(root, "margin_stones"));
    assert_null(json_object_get(root, "gtp_result"));
    assert_string_equal(warning_code(root, 0), "no_game");
    assert_true(json_is_false(json_object_get(root, "finished")));
    json_decref(root);
    /* Stones of one colour only: no game either. */
    write_file(path, "size 5\n.....\n.O...\n.....\n...O.\n.....\n");
    snprintf(args, sizeof args, "%s", path);
    out = run_with(&status, args, true);
    assert_int_equal(status, 1);
    assert_non_null(strstr(out, "棋盘上只有白子"));
    free(out);
    unlink(path);
}

static void test_count_cli__open_border_is_provisional(void **state)
{
    (void)state;
    char path[] = "/tmp/goref_count_cli_XXXXXX";
    temp_board(path, "size 6\n.X..O.\n.X..O.\n.X..O.\n.X..O.\n.X..O.\n.X..O.\n");
    char args[512];
    int status;
    snprintf(args, sizeof args, "%s", path);
    char *out = run(&status, args);
    assert_int_equal(status, 0);
    /* The warning comes above the numbers, and the verdict says it is provisional. */
    char *warning = strstr(out, "棋局未终局：12 个空点未定 / Not finished: 12 open points");
    char *numbers = strstr(out, "Black: 6 stones");
    assert_non_null(warning);
    assert_non_null(numbers);
    assert_true(warning < numbers);
    assert_non_null(strstr(out, "Open points: C6 D6 C5 D5"));
    assert_non_null(strstr(out, "暂定：白胜3又3/4子  /  Provisional: White wins by 3 3/4 stones"));
    free(out);
    snprintf(args, sizeof args, "%s --json", path);
    json_t *root = run_json(&status, args);
    assert_int_equal(status, 0);
    assert_true(json_is_false(json_object_get(root, "finished")));
    json_t *open = json_object_get(root, "open_points");
    assert_int_equal(json_array_size(open), 12);
    assert_string_equal(json_string_value(json_array_get(open, 0)), "C6");
    assert_string_equal(warning_code(root, 0), "not_finished");
    assert_string_equal(json_string_value(json_object_get(root, "winner")), "W");
    json_decref(root);
    unlink(path);
}

/* On an unfinished board the suggestion's JSON says which groups wait for the game to end: a
 * lone white stone in the open between black stones is dead in the playouts, but an open border
 * reaches it, so it is left alive and marked waiting. */
static void test_count_cli__suggestion_leaves_groups_waiting(void **state)
{
    (void)state;
    char path[] = "/tmp/goref_count_cli_XXXXXX";
    temp_board(path, "size 9\n.........\n..X......\n.........\n....O....\n....X....\n"
                     ".........\n......O..\n.........\n.........\n");
    char args[512];
    int status;
    snprintf(args, sizeof args, "%s --json --suggest-dead --playouts 2000", path);
    json_t *root = run_json(&status, args);
    assert_int_equal(status, 0);
    assert_true(json_is_false(json_object_get(root, "finished")));
    json_t *sug = json_object_get(root, "suggestion"), *groups = json_object_get(sug, "groups");
    int waiting = 0;
    for (size_t i = 0; i < json_array_size(groups); i++) {
        json_t *g = json_array_get(groups, i);
        assert_true(json_is_boolean(json_object_get(g, "waits")));
        if (json_is_true(json_object_get(g, "waits"))) {
            waiting++;
            assert_string_equal(json_string_value(json_object_get(g, "status")), "alive");
        }
    }
    assert_true(waiting >= 1);
    assert_int_equal(json_integer_value(json_object_get(sug, "waiting")), waiting);
    assert_int_equal(json_array_size(json_object_get(root, "dead")), 0);
    json_decref(root);
    unlink(path);
}

static void test_count_cli__komi_units(void **state)
{
    (void)state;
    char path[] = "/tmp/goref_count_cli_XXXXXX";
    temp_board(path, "size 7\n..X.O..\n..X.O..\n..X.O..\n..X.O..\n..X.O..\n..X.O..\n..X.O..\n");
    static const char *const komi_3_3_4[] = {"'3¾'", "'3 3/4'", "3.75", "3+3/4",
                                             "--komi-points 7.5"};
    for (size_t i = 0; i < sizeof komi_3_3_4 / sizeof komi_3_3_4[0]; i++) {
        char args[512];
        int status;
        snprintf(args, sizeof args, "%s --json %s%s", path,
                 strncmp(komi_3_3_4[i], "--", 2) == 0 ? "" : "--komi ", komi_3_3_4[i]);
        json_t *root = run_json(&status, args);
        assert_int_equal(status, 0);
        assert_true(json_number_value(json_object_get(root, "komi_stones")) == 3.75);
        assert_int_equal(json_array_size(json_object_get(root, "warnings")), 0);
        json_decref(root);
    }
    /* 7.5 given as stones: counted as asked, with a warning to confirm. */
    char args[512];
    int status;
    snprintf(args, sizeof args, "%s --json --komi 7.5", path);
    json_t *root = run_json(&status, args);
    assert_int_equal(status, 0);
    assert_true(json_number_value(json_object_get(root, "komi_stones")) == 7.5);
    assert_string_equal(warning_code(root, 0), "komi_unusual");
    json_decref(root);
    snprintf(args, sizeof args, "%s --komi 7.5", path);
    char *out = run(&status, args);
    assert_non_null(strstr(out, "Unusual komi: 7 1/2 stones (15 points); please confirm"));
    free(out);
    /* Both units at once: refused. */
    snprintf(args, sizeof args, "%s --json --komi 3.75 --komi-points 7.5", path);
    root = run_json(&status, args);
    assert_int_equal(status, 2);
    assert_string_equal(json_string_value(json_object_get(root, "error")), "invalid_argument");
    json_decref(root);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count_cli__no_game_gets_no_verdict),
        cmocka_unit_test(test_count_cli__open_border_is_provisional),
        cmocka_unit_test(test_count_cli__suggestion_leaves_groups_waiting),
        cmocka_unit_test(test_count_cli__komi_units),
        cmocka_unit_test(test_count_cli__board_text_json_and_presets),
        cmocka_unit_test(test_count_cli__sgf_dead_suggest_and_png),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
