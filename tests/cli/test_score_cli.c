/* `goref score` end to end: a real photo read, its dead stones suggested and
 * counted. The count must be exactly `goref count --suggest-dead` on the board the scan
 * returned; points read with doubt must reach the text and the JSON; bad input exits 2
 * with the JSON error; a reading by the point classifier alone is one of the count's warnings.
 * The reading's accuracy itself is vision's (tests/vision). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "synth.h"
#include "synth_cases.h"
#include "testutil.h"

/* Two frames of one 13x13 game (tests/data/service_photos.tsv): one reads cleanly, the other
 * (at this writing) has one point flagged for a person's look. */
#define PHOTO_CLEAN tu_photo("read_clean")
#define PHOTO_FLAGGED tu_photo("read_marked")
/* a pale stone left 0.45 cell off its point, toward the next one (B1 as read) */
#define PHOTO_OFF_POINT tu_photo("stone_off_point")
/* a reading with doubtful points or groups whose other reading changes the winner */
#define PHOTO_DECISIVE tu_photo("decisive_reading")

static char tmp_dir[] = "/tmp/goref_score_cli_XXXXXX";
static char tmp_path[4][4200];

/* Runs `goref COMMAND ARGS` (stderr dropped); returns the exit status and the output
 * (malloc'd, NUL-terminated). */
static char *run(int *status, const char *command, const char *args)
{
    size_t size = strlen(command) + strlen(args) + 2;
    char *line = malloc(size);
    assert_non_null(line);
    snprintf(line, size, "%s %s", command, args);
    tu_run r = tu_goref_sh("", line);
    free(line);
    *status = r.status;
    free(r.err);
    return r.out;
}

static json_t *run_json(int *status, const char *command, const char *args)
{
    char *out = run(status, command, args);
    json_error_t err;
    json_t *root = json_loads(out, 0, &err);
    if (!root)
        fail_msg("goref %s %s: not JSON (%s): %.400s", command, args, err.text, out);
    free(out);
    return root;
}

static int setup(void **state)
{
    (void)state;
    char path[4096];
    snprintf(path, sizeof path, "%s/goref", GOREF_BINARY_DIR);
    if (access(path, X_OK) != 0 || !mkdtemp(tmp_dir)) {
        fprintf(stderr, "SKIP test_score_cli: no goref binary at %s or no temporary folder\n",
                path);
        return -1;
    }
    const char *names[4] = {"board.txt", "overlay.png", "reading.sgf", "photo.jpg"};
    for (int i = 0; i < 4; i++)
        snprintf(tmp_path[i], sizeof tmp_path[i], "%s/%s", tmp_dir, names[i]);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++)
        unlink(tmp_path[i]);
    rmdir(tmp_dir);
    return 0;
}

/* Writes a rendered photo (freed) to the temporary photo.jpg, tmp_path[3]. */
static void write_photo(uint8_t *jpeg, size_t len)
{
    FILE *f = fopen(tmp_path[3], "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(jpeg, 1, len, f), len);
    fclose(f);
    free(jpeg);
}

/* The count's warning of that code, or NULL. */
static json_t *warning_of(const json_t *count, const char *code)
{
    json_t *w = json_object_get(count, "warnings"), *item;
    size_t i;
    json_array_foreach(w, i, item)
    {
        if (strcmp(json_string_value(json_object_get(item, "code")), code) == 0)
            return item;
    }
    return NULL;
}

static void assert_scan_fields(const json_t *scan, int size)
{
    assert_int_equal(json_integer_value(json_object_get(scan, "size")), size);
    json_t *board = json_object_get(scan, "board"), *conf = json_object_get(scan, "confidence");
    assert_int_equal(json_array_size(board), size);
    assert_int_equal(json_array_size(conf), size);
    for (int y = 0; y < size; y++) {
        const char *row = json_string_value(json_array_get(board, (size_t)y));
        assert_non_null(row);
        assert_int_equal(strlen(row), size);
        assert_int_equal(strspn(row, ".XO"), size);
        json_t *crow = json_array_get(conf, (size_t)y);
        assert_int_equal(json_array_size(crow), size);
        for (int x = 0; x < size; x++) {
            double c = json_number_value(json_array_get(crow, (size_t)x));
            assert_true(c >= 0.0 && c <= 1.0);
        }
    }
    assert_true(json_is_array(json_object_get(scan, "uncertain")));
    assert_true(json_is_array(json_object_get(scan, "off_point")));
    const char *reader = json_string_value(json_object_get(scan, "reader"));
    assert_non_null(reader);
    assert_true(strcmp(reader, "rule") == 0 || strcmp(reader, "clusters") == 0 ||
                strcmp(reader, "classifier") == 0);
    json_t *corners = json_object_get(scan, "corners");
    assert_int_equal(json_array_size(corners), 4);
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(json_array_size(json_array_get(corners, i)), 2);
    json_t *timing = json_object_get(scan, "timing_ms");
    const char *stages[] = {"decode", "detect", "classify", "total"};
    for (int i = 0; i < 4; i++)
        assert_true(json_is_number(json_object_get(timing, stages[i])));
}

static void test_score_cli__count_is_goref_count_of_the_reading(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", GOREF_DATA_DIR);
    char args[16384];
    int status;
    snprintf(args, sizeof args, "'%s' --json --overlay %s --sgf %s", tu_data_path(PHOTO_CLEAN),
             tmp_path[1], tmp_path[2]);
    json_t *root = run_json(&status, "score", args);
    assert_int_equal(status, 0);
    assert_int_equal(json_object_size(root), 2);
    json_t *scan = json_object_get(root, "scan"), *count = json_object_get(root, "count");
    assert_scan_fields(scan, 13);
    if (json_array_size(json_object_get(scan, "uncertain")) > 0)
        TU_SKIP("%s no longer reads without doubt: the count leaves off liberty-less groups, so "
                "it is not comparable with `goref count` on the board as read",
                PHOTO_CLEAN);
    /* The overlay and the SGF of the reading were written. */
    char *data = NULL;
    size_t len = 0;
    assert_int_equal(tu_read_file(tmp_path[1], &data, &len), 0);
    assert_true(len > 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0);
    free(data);
    assert_int_equal(tu_read_file(tmp_path[2], &data, &len), 0);
    assert_non_null(strstr(data, "SZ[13]"));
    free(data);

    /* The same board through `goref count`: the dead stones suggested (same default seed),
     * the same count, field for field. */
    FILE *f = fopen(tmp_path[0], "w");
    assert_non_null(f);
    fprintf(f, "size 13\n");
    for (size_t y = 0; y < 13; y++)
        fprintf(f, "%s\n", json_string_value(json_array_get(json_object_get(scan, "board"), y)));
    fclose(f);
    snprintf(args, sizeof args, "%s --suggest-dead --json", tmp_path[0]);
    json_t *expected = run_json(&status, "count", args);
    assert_int_equal(status, 0);
    assert_non_null(json_object_get(count, "suggestion"));
    assert_non_null(json_object_get(count, "winner"));
    /* Only `goref score` asks what the doubtful groups could change: its "decisive" and the
     * warning that goes with it are its own. */
    assert_true(json_is_object(json_object_get(count, "decisive")));
    json_object_del(count, "decisive");
    /* read by the rule or the clusters: the count says nothing of the reader */
    assert_string_not_equal(json_string_value(json_object_get(scan, "reader")), "classifier");
    assert_null(warning_of(count, "classifier_only"));
    json_t *warnings = json_object_get(count, "warnings");
    size_t last = json_array_size(warnings);
    if (last > 0 &&
        strcmp(json_string_value(json_object_get(json_array_get(warnings, last - 1), "code")),
               "decisive_points") == 0)
        json_array_remove(warnings, last - 1);
    if (!json_equal(count, expected)) {
        char *a = json_dumps(count, JSON_COMPACT), *b = json_dumps(expected, JSON_COMPACT);
        fail_msg("score's count differs from goref count:\n%s\n%s", a, b);
    }
    /* --dead replaces the suggestion: nothing suggested, nothing removed. */
    snprintf(args, sizeof args, "'%s' --json --dead '' --komi 0", tu_data_path(PHOTO_CLEAN));
    json_decref(root);
    root = run_json(&status, "score", args);
    assert_int_equal(status, 0);
    count = json_object_get(root, "count");
    assert_null(json_object_get(count, "suggestion"));
    assert_int_equal(json_array_size(json_object_get(count, "dead")), 0);
    assert_true(json_number_value(json_object_get(count, "komi_stones")) == 0.0);
    json_decref(expected);
    json_decref(root);
}

static void test_score_cli__points_in_doubt_are_shown(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", GOREF_DATA_DIR);
    char args[8192];
    int status;
    snprintf(args, sizeof args, "'%s' --json", tu_data_path(PHOTO_FLAGGED));
    json_t *root = run_json(&status, "score", args);
    assert_int_equal(status, 0);
    json_t *scan = json_object_get(root, "scan"), *count = json_object_get(root, "count");
    assert_scan_fields(scan, 13);
    snprintf(args, sizeof args, "'%s'", tu_data_path(PHOTO_FLAGGED));
    char *text = run(&status, "score", args);
    assert_int_equal(status, 0);
    assert_non_null(strstr(text, "Photo: 13x13 board"));
    /* The count sheet follows, with the same verdict as the JSON. */
    assert_non_null(strstr(text, json_string_value(json_object_get(count, "verdict_en"))));
    json_t *uncertain = json_object_get(scan, "uncertain");
    if (json_array_size(uncertain) == 0) {
        assert_non_null(strstr(text, "Every point read with confidence"));
        assert_null(strstr(text, "UNCERTAIN"));
    } else {
        assert_non_null(strstr(text, "LOOK AT THE BOARD"));
        assert_non_null(strstr(text, "UNCERTAIN"));
        const char *look = strstr(text, "read with doubt: ");
        assert_non_null(look);
        for (size_t i = 0; i < json_array_size(uncertain); i++) {
            const char *point = json_string_value(json_array_get(uncertain, i));
            const char *at = strstr(look, point);
            assert_true(at && at < strchr(look, '\n'));
        }
    }
    free(text);
    json_decref(root);
}

/* The result of reading again: the winner or no game of a count or a decisive item. */
static const char *result_of(const json_t *j)
{
    return json_is_true(json_object_get(j, "no_game"))
               ? "no game"
               : json_string_value(json_object_get(j, "winner"));
}

/* `decisive` in the count: what was checked (the scan's doubtful points, the suggestion's
 * unsure groups) and items that each name a doubtful place and change the result, listed first
 * on the text sheet and named by the decisive_points warning. */
static void test_score_cli__decisive_readings_are_listed_first(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", GOREF_DATA_DIR);
    char args[8192];
    int status;
    snprintf(args, sizeof args, "'%s' --json", tu_data_path(PHOTO_DECISIVE));
    json_t *root = run_json(&status, "score", args);
    assert_int_equal(status, 0);
    json_t *scan = json_object_get(root, "scan"), *count = json_object_get(root, "count");
    json_t *decisive = json_object_get(count, "decisive");
    assert_true(json_is_object(decisive));
    /* Every doubtful point and every unsure group was looked at. */
    size_t unsure = 0;
    json_t *groups = json_object_get(json_object_get(count, "suggestion"), "groups");
    for (size_t i = 0; i < json_array_size(groups); i++) {
        json_t *g = json_array_get(groups, i);
        unsure += json_number_value(json_object_get(g, "confidence")) < 0.8 &&
                  !json_is_true(json_object_get(g, "unconditional"));
    }
    assert_int_equal(json_integer_value(json_object_get(decisive, "groups_checked")), unsure);
    assert_int_equal(json_integer_value(json_object_get(decisive, "points_checked")),
                     json_array_size(json_object_get(scan, "uncertain")));
    json_int_t recounts = json_integer_value(json_object_get(decisive, "recounts")),
               impossible = json_integer_value(json_object_get(decisive, "impossible"));
    assert_int_equal(recounts + impossible,
                     2 * json_array_size(json_object_get(scan, "uncertain")) + unsure);
    json_t *items = json_object_get(decisive, "items");
    assert_int_equal(json_array_size(items),
                     json_integer_value(json_object_get(decisive, "total")));
    /* the photo is chosen for its readings that change the winner (service_photos.tsv) */
    assert_true(json_array_size(items) > 0);
    char *text = NULL;
    snprintf(args, sizeof args, "'%s'", tu_data_path(PHOTO_DECISIVE));
    text = run(&status, "score", args);
    assert_int_equal(status, 0);
    const char *block = strstr(text, "DECISIVE: "), *board = strstr(text, "     A B C");
    assert_true(block && board && block < board);
    for (size_t i = 0; i < json_array_size(items); i++) {
        json_t *item = json_array_get(items, i);
        const char *kind = json_string_value(json_object_get(item, "kind"));
        assert_true(strcmp(kind, "point") == 0 || strcmp(kind, "group") == 0);
        const char *at = json_string_value(json_object_get(item, "at"));
        assert_non_null(at);
        /* Another result than the count's. */
        assert_true(strcmp(result_of(item), result_of(count)) != 0);
        const char *verdict = json_string_value(json_object_get(item, "verdict_en"));
        const char *line = strstr(block, verdict);
        assert_true(line && line < board);
        assert_true(json_is_boolean(json_object_get(item, "finished")));
    }
    /* The warning names the first place. */
    json_t *warnings = json_object_get(count, "warnings");
    json_t *last = json_array_get(warnings, json_array_size(warnings) - 1);
    assert_string_equal(json_string_value(json_object_get(last, "code")), "decisive_points");
    const char *first_at = json_string_value(json_object_get(json_array_get(items, 0), "at"));
    assert_non_null(strstr(json_string_value(json_object_get(last, "message_en")), first_at));
    assert_non_null(strstr(text, json_string_value(json_object_get(last, "message_zh"))));
    free(text);
    json_decref(root);
}

/* A stone found off its point is named in the scan's JSON (off_point), among the points for a
 * look, and in the text. */
static void test_score_cli__stone_off_its_point_is_named(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", GOREF_DATA_DIR);
    char args[8192];
    int status;
    snprintf(args, sizeof args, "'%s' --json", tu_data_path(PHOTO_OFF_POINT));
    json_t *root = run_json(&status, "scan", args);
    assert_int_equal(status, 0);
    assert_scan_fields(root, 19);
    json_t *off = json_object_get(root, "off_point"),
           *uncertain = json_object_get(root, "uncertain");
    assert_int_equal(json_array_size(off), 1);
    const char *point = json_string_value(json_array_get(off, 0));
    assert_string_equal(point, "B1");
    int listed = 0;
    for (size_t i = 0; i < json_array_size(uncertain); i++)
        listed += strcmp(json_string_value(json_array_get(uncertain, i)), point) == 0;
    assert_int_equal(listed, 1);
    json_decref(root);
    snprintf(args, sizeof args, "'%s'", tu_data_path(PHOTO_OFF_POINT));
    char *text = run(&status, "scan", args);
    assert_int_equal(status, 0);
    assert_non_null(strstr(text, "off their points: B1\n"));
    free(text);
}

static void expect_error(const char *args, const char *error)
{
    int status;
    json_t *root = run_json(&status, "score", args);
    assert_int_equal(status, 2);
    assert_string_equal(json_string_value(json_object_get(root, "error")), error);
    const char *message = json_string_value(json_object_get(root, "message"));
    assert_true(message && message[0]);
    json_decref(root);
}

static void test_score_cli__bad_input_exits_2_with_json_error(void **state)
{
    (void)state;
    char args[8192];
    FILE *f = fopen(tmp_path[0], "w");
    assert_non_null(f);
    fputs("size 9\nthis is not a photo\n", f);
    fclose(f);
    snprintf(args, sizeof args, "%s --json", tmp_path[0]);
    expect_error(args, "not_an_image");
    snprintf(args, sizeof args, "%s/missing.jpg --json", tmp_dir);
    expect_error(args, "io");
    expect_error("--json", "invalid_argument");
    snprintf(args, sizeof args, "%s --json --dead D4 --suggest-dead", tmp_path[0]);
    expect_error(args, "invalid_argument");
    /* A table without a board (a degenerate 2-line "board", as in test_vision_synth). */
    synth_params p = {.width = 320, .height = 240, .size = 2, .jpeg_quality = 85, .seed = 7};
    static uint8_t none[GO_MAX_SIZE][GO_MAX_SIZE];
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    assert_int_equal(synth_render(&jpeg, &len, &p, none, corners), 0);
    write_photo(jpeg, len);
    snprintf(args, sizeof args, "%s --json", tmp_path[3]);
    expect_error(args, "no_board");
    /* --corners: 8 numbers, and only with --size (the board they frame). */
    snprintf(args, sizeof args, "%s --json --size 9 --corners 1,2,3", tmp_path[3]);
    expect_error(args, "invalid_argument");
    snprintf(args, sizeof args, "%s --json --size 9 --corners 1,2,3,4,5,6,7,8,9", tmp_path[3]);
    expect_error(args, "invalid_argument");
    snprintf(args, sizeof args, "%s --json --size 9 --corners 1,2,3,x,5,6,7,8", tmp_path[3]);
    expect_error(args, "invalid_argument");
    snprintf(args, sizeof args, "%s --json --corners 40,30,280,30,280,210,40,210", tmp_path[3]);
    expect_error(args, "invalid_argument");
    snprintf(args, sizeof args, "%s --json --size 9 --corners -9000,30,280,30,280,210,40,210",
             tmp_path[3]);
    expect_error(args, "invalid_argument");
    /* Corners a person placed replace detection: the table without a board is read through
     * them (as an empty 9x9), where detection refused it. */
    snprintf(args, sizeof args, "%s --json --size 9 --corners 40,30,280,30,280,210,40,210",
             tmp_path[3]);
    int placed_status;
    json_t *placed = run_json(&placed_status, "score", args);
    assert_int_equal(placed_status, 0);
    json_t *placed_scan = json_object_get(placed, "scan");
    assert_int_equal(json_integer_value(json_object_get(placed_scan, "size")), 9);
    double x0 = json_number_value(
        json_array_get(json_array_get(json_object_get(placed_scan, "corners"), 0), 0));
    assert_true(x0 > 30 && x0 < 50);
    json_decref(placed);
    /* Without --json: exit 2, nothing on stdout (the reason goes to stderr). */
    int status;
    char *out = run(&status, "score", tmp_path[3]);
    assert_int_equal(status, 2);
    assert_string_equal(out, "");
    free(out);
}

/* `goref scan --json` and `goref score --json` on a board refused for its reading (a crowd nearly
 * all black): the error, with the lattice refused (size and corners, as --corners takes them). */
static void test_score_cli__scan_refusal_gives_the_refused_lattice(void **state)
{
    (void)state;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    assert_int_equal(synth_one_coloured_crowd(&jpeg, &len, corners), 0);
    write_photo(jpeg, len);
    char args[8192];
    snprintf(args, sizeof args, "%s --json", tmp_path[3]);
    for (int e = 0; e < 2; e++) {
        int status;
        json_t *root = run_json(&status, e ? "score" : "scan", args);
        assert_int_equal(status, 2);
        assert_string_equal(json_string_value(json_object_get(root, "error")), "no_board");
        assert_true(json_is_true(json_object_get(root, "refused")));
        assert_int_equal(json_integer_value(json_object_get(root, "size")), 19);
        json_t *c = json_object_get(root, "corners");
        assert_int_equal(json_array_size(c), 4);
        double got[4][2];
        for (size_t k = 0; k < 4; k++)
            for (size_t v = 0; v < 2; v++)
                got[k][v] = json_number_value(json_array_get(json_array_get(c, k), v));
        assert_true(synth_corners_off(got, corners) < 5);
        json_decref(root);
    }
}

/* A board whose lines are too faint to check any lattice, read by the point classifier alone
 * (a mixed-row 9x9 of the bench, as test_vision_points reads it): `goref score` says so among
 * the count's warnings, in the JSON and on the text sheet, so that a referee knows no second
 * reader checked the colours. */
static void test_score_cli__reading_by_the_classifier_alone_is_a_warning(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    render_mixed_board(&jpeg, &len, truth, corners, 9, 1007);
    write_photo(jpeg, len);
    char args[8192];
    snprintf(args, sizeof args, "%s --json", tmp_path[3]);
    int status;
    json_t *root = run_json(&status, "score", args);
    assert_int_equal(status, 0);
    json_t *scan = json_object_get(root, "scan"), *count = json_object_get(root, "count");
    assert_string_equal(json_string_value(json_object_get(scan, "reader")), "classifier");
    json_t *w = warning_of(count, "classifier_only");
    assert_non_null(w);
    assert_non_null(strstr(json_string_value(json_object_get(w, "message_zh")), "识别模型"));
    assert_non_null(
        strstr(json_string_value(json_object_get(w, "message_en")), "point classifier alone"));
    json_decref(root);
    char *out = run(&status, "score", tmp_path[3]);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "Read by the point classifier alone"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_score_cli__count_is_goref_count_of_the_reading),
        cmocka_unit_test(test_score_cli__points_in_doubt_are_shown),
        cmocka_unit_test(test_score_cli__decisive_readings_are_listed_first),
        cmocka_unit_test(test_score_cli__stone_off_its_point_is_named),
        cmocka_unit_test(test_score_cli__bad_input_exits_2_with_json_error),
        cmocka_unit_test(test_score_cli__scan_refusal_gives_the_refused_lattice),
        cmocka_unit_test(test_score_cli__reading_by_the_classifier_alone_is_a_warning),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
