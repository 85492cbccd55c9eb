/* Games and results: every way a game ends, margins in quarter stones, Article 25 (two
 * warnings lose the game), photo hash, refusals. */
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "testutil.h"
#include "club_fixture.h"
#include "go/club_games.h"

static char path[512];
static int64_t a, b;

static int setup(void **state)
{
    club_tmp_path(path, sizeof path, "games");
    go_club *c = NULL;
    if (go_club_open(&c, path) != 0)
        return -1;
    a = club_add_member(c, "1", "黑方", "2026-09-01");
    b = club_add_member(c, "2", "白方", "2026-09-01");
    *state = c;
    return 0;
}

static int teardown(void **state)
{
    go_club_free(*state);
    club_tmp_remove(path);
    return 0;
}

static go_game_record game(const char *winner, go_result_by by, int margin_q)
{
    go_game_record r = GO_GAME_RECORD_INIT;
    snprintf(r.date, sizeof r.date, "2026-09-09");
    r.black = a;
    r.white = b;
    r.winner = winner[0];
    r.by = by;
    r.margin_quarters = margin_q;
    return r;
}

static void test_club_games__results_and_margins(void **state)
{
    go_club *c = *state;
    go_game_record r = game("B", GO_BY_COUNT, 11); /* B+2 3/4 */
    assert_int_equal(go_club_result_add(c, &r), 0);
    r = game("W", GO_BY_RESIGN, 0);
    assert_int_equal(go_club_result_add(c, &r), 0);
    r = game("D", GO_BY_DRAW, 0);
    assert_int_equal(go_club_result_add(c, &r), 0);
    r = game("B", GO_BY_COUNT, 0);
    assert_int_equal(go_club_result_add(c, &r), GO_EINVAL); /* a count win needs a margin */
    r = game("X", GO_BY_TIME, 0);
    assert_int_equal(go_club_result_add(c, &r), GO_EINVAL);
    r = game("B", GO_BY_TIME, 0);
    r.white = a;
    assert_int_equal(go_club_result_add(c, &r), GO_EINVAL); /* against oneself */
    r = game("B", GO_BY_TIME, 0);
    r.white = 99;
    assert_int_equal(go_club_result_add(c, &r), GO_ENOTFOUND);
    go_club_table *t = NULL;
    assert_int_equal(go_club_game_list(c, &t, a, 0), 0);
    assert_int_equal(t->nrows, 3);
    assert_string_equal(go_club_cell(t, 0, 13), "2.75");
    assert_string_equal(go_club_cell(t, 0, 10), "3.75");
    go_club_table_free(t);
}

static void test_club_games__two_warnings_lose_the_game(void **state)
{
    go_club *c = *state;
    go_game_record r = game("B", GO_BY_COUNT, 6);
    r.warnings_black = 2;
    assert_int_equal(go_club_result_add(c, &r), 0);
    assert_int_equal(r.winner, 'W');
    assert_int_equal(r.by, GO_BY_WARNINGS);
    r = game("W", GO_BY_RESIGN, 0);
    r.warnings_black = 1;
    r.warnings_white = 1; /* one each: the result stands */
    assert_int_equal(go_club_result_add(c, &r), 0);
    assert_int_equal(r.winner, 'W');
    r = game("W", GO_BY_RESIGN, 0);
    r.warnings_black = 2;
    r.warnings_white = 3;
    assert_int_equal(go_club_result_add(c, &r), 0);
    assert_int_equal(r.winner, 'N'); /* both lose */
}

static void test_club_games__photo_hash(void **state)
{
    go_club *c = *state;
    char hex[65];
    go_sha256_hex(hex, "abc", 3);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    go_sha256_hex(hex, "", 0);
    assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const char *m56 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    go_sha256_hex(hex, m56, strlen(m56));
    assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    go_game_record r = game("B", GO_BY_RESIGN, 0);
    snprintf(r.photo_sha256, sizeof r.photo_sha256, "%s", hex);
    r.position = "size 9\n.........\n";
    r.count_json = "{\"winner\":\"B\"}";
    assert_int_equal(go_club_result_add(c, &r), 0);
    r = game("B", GO_BY_RESIGN, 0);
    snprintf(r.photo_sha256, sizeof r.photo_sha256, "not-a-hash");
    assert_int_equal(go_club_result_add(c, &r), GO_EINVAL);
}

static void test_club_games__finished_flag_survives_an_older_file(void **state)
{
    go_club *c = *state;
    go_game_record r = game("W", GO_BY_COUNT, 9);
    r.finished = 0;
    assert_int_equal(go_club_result_add(c, &r), 0);
    r = game("B", GO_BY_COUNT, 3);
    r.finished = 1;
    assert_int_equal(go_club_result_add(c, &r), 0);
    r = game("B", GO_BY_RESIGN, 0); /* no count: not known */
    assert_int_equal(go_club_result_add(c, &r), 0);
    r = game("B", GO_BY_COUNT, 3);
    r.finished = 2;
    assert_int_equal(go_club_result_add(c, &r), GO_EINVAL);
    go_club_table *t = NULL;
    assert_int_equal(go_club_game_list(c, &t, a, 0), 0);
    assert_int_equal(t->nrows, 3);
    int col = -1;
    for (int i = 0; i < t->ncols; i++)
        if (strcmp(t->names[i], "finished") == 0)
            col = i;
    assert_true(col >= 0);
    assert_string_equal(go_club_cell(t, 0, col), "0");
    assert_string_equal(go_club_cell(t, 1, col), "1");
    assert_null(go_club_cell(t, 2, col));
    go_club_table_free(t);
}

static void test_club_games__schema_2_file_gains_the_column(void **state)
{
    (void)state;
    /* A file as the previous goref left it: games without the finished column. */
    char old[512];
    club_tmp_path(old, sizeof old, "games-v2");
    go_club *c = NULL;
    assert_int_equal(go_club_open(&c, old), 0);
    int64_t x = club_add_member(c, "1", "甲", "2026-09-01");
    int64_t y = club_add_member(c, "2", "乙", "2026-09-01");
    go_club_free(c);
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(old, &db), SQLITE_OK);
    char sql[512];
    snprintf(sql, sizeof sql,
             "DROP TABLE tiebreaks; DROP TABLE change_log; ALTER TABLE loans DROP COLUMN "
             "charge_paid_on; DROP TABLE leaves; ALTER TABLE events "
             "DROP COLUMN cycles;"
             "ALTER TABLE events DROP COLUMN first_colour;"
             "ALTER TABLE games DROP COLUMN finished; PRAGMA user_version = 2;"
             "INSERT INTO games(date, black_id, white_id, winner, by, margin_quarters)"
             " VALUES ('2026-09-02', %lld, %lld, 'B', 'count', 7)",
             (long long)x, (long long)y);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    /* Opened by this goref: migrated, the old game kept with the flag unknown. */
    assert_int_equal(go_club_open(&c, old), 0);
    go_game_record r = GO_GAME_RECORD_INIT;
    snprintf(r.date, sizeof r.date, "2026-09-09");
    r.black = x;
    r.white = y;
    r.winner = 'W';
    r.by = GO_BY_COUNT;
    r.margin_quarters = 5;
    r.finished = 0;
    assert_int_equal(go_club_result_add(c, &r), 0);
    go_club_table *t = NULL;
    assert_int_equal(go_club_game_list(c, &t, x, 0), 0);
    assert_int_equal(t->nrows, 2);
    int col = t->ncols - 1;
    assert_string_equal(t->names[col], "finished");
    assert_null(go_club_cell(t, 0, col));
    assert_string_equal(go_club_cell(t, 1, col), "0");
    go_club_table_free(t);
    go_club_free(c);
    club_tmp_remove(old);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_games__results_and_margins, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_games__two_warnings_lose_the_game, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_games__photo_hash, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_games__finished_flag_survives_an_older_file,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_games__schema_2_file_gains_the_column, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
