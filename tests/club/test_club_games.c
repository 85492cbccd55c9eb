/* Games and results: every way a game ends, margins in quarter stones, Article 25 (two
 * warnings lose the game), photo hash, refusals. */
#include <stdlib.h>

#include "testutil.h"
#include "club_fixture.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_games__results_and_margins, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_games__two_warnings_lose_the_game, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_games__photo_hash, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
