/* Board: placing, captures, suicide, simple ko, liberties, eyes, hashing, coordinates, board
 * text and playouts. Positions are drawn as diagrams: X black, O white, . empty; row 1 = top. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

static go_point gtp(const char *v, int size)
{
    go_point p;
    int rc = go_point_from_gtp(&p, v, size);
    if (rc)
        fail_msg("bad vertex %s", v);
    return p;
}

static void test_board__empty_board_has_all_points_empty(void **state)
{
    (void)state;
    for (int size = GO_MIN_SIZE; size <= GO_MAX_SIZE; size++) {
        go_board b;
        assert_int_equal(go_board_init(&b, size), 0);
        assert_int_equal(go_board_empty_count(&b), size * size);
        assert_int_equal(go_board_at(&b, go_point_at(0, 0)), GO_EMPTY);
        assert_int_equal(go_board_at(&b, go_point_at(size - 1, size - 1)), GO_EMPTY);
        assert_int_equal(go_board_at(&b, go_point_at(size, 0)), GO_OFFBOARD);
        assert_int_equal(go_board_at(&b, go_point_at(0, size)), GO_OFFBOARD);
    }
    go_board b;
    assert_int_equal(go_board_init(&b, 1), GO_ERANGE);
    assert_int_equal(go_board_init(&b, 26), GO_ERANGE);
}

static void test_board__capture_removes_group_and_counts(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, ".....\n"
                 ".XX..\n"
                 "XOO..\n"
                 ".XX..\n"
                 ".....\n");
    /* White's two stones at B3 C3 have one liberty left, D3. */
    assert_int_equal(go_board_liberties(&b, gtp("B3", 5)), 1);
    assert_int_equal(go_board_play(&b, GO_BLACK, gtp("D3", 5)), 0);
    assert_int_equal(go_board_at(&b, gtp("B3", 5)), GO_EMPTY);
    assert_int_equal(go_board_at(&b, gtp("C3", 5)), GO_EMPTY);
    assert_int_equal(go_board_captures(&b, GO_BLACK), 2);
    assert_int_equal(go_board_liberties(&b, gtp("A3", 5)), 3);
}

static void test_board__suicide_is_refused_unless_it_captures(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, ".X...\n"
                 "X....\n"
                 ".....\n"
                 ".....\n"
                 ".....\n");
    /* A5 is surrounded by Black: White may not play there. */
    go_board before = b;
    assert_int_equal(go_board_play(&b, GO_WHITE, gtp("A5", 5)), GO_ESUICIDE);
    assert_memory_equal(&b, &before, sizeof b);
    /* Black filling its own last liberty of a group is suicide too. */
    tu_board(&b, ".XO..\n"
                 "XO...\n"
                 "O....\n"
                 ".....\n"
                 ".....\n");
    assert_int_equal(go_board_check(&b, GO_BLACK, gtp("A5", 5)), GO_ESUICIDE);
    /* But a move with no liberty of its own that captures is legal. */
    tu_board(&b, ".XO..\n"
                 "XO...\n"
                 "O....\n"
                 ".....\n"
                 ".....\n");
    assert_int_equal(go_board_play(&b, GO_WHITE, gtp("A5", 5)), 0);
    assert_int_equal(go_board_at(&b, gtp("B5", 5)), GO_EMPTY);
    assert_int_equal(go_board_at(&b, gtp("A4", 5)), GO_EMPTY);
    assert_int_equal(go_board_captures(&b, GO_WHITE), 2);
}

static void test_board__multi_stone_suicide_is_refused(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, "OOOO.\n"
                 "OXXO.\n"
                 "OX.O.\n"
                 "OOOO.\n"
                 ".....\n");
    assert_int_equal(go_board_check(&b, GO_BLACK, gtp("C3", 5)), GO_ESUICIDE);
    assert_int_equal(go_board_check(&b, GO_WHITE, gtp("C3", 5)), 0);
}

static void test_board__simple_ko_recapture_is_refused_once(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, ".XO..\n"
                 "X.XO.\n"
                 ".XO..\n"
                 ".....\n"
                 ".....\n");
    /* White takes the ko at B4, capturing C4. */
    assert_int_equal(go_board_play(&b, GO_WHITE, gtp("B4", 5)), 0);
    assert_int_equal(go_board_at(&b, gtp("C4", 5)), GO_EMPTY);
    assert_int_equal(go_board_ko(&b), gtp("C4", 5));
    /* Black may not retake at once. */
    assert_int_equal(go_board_check(&b, GO_BLACK, gtp("C4", 5)), GO_EKO);
    /* After a move elsewhere (a ko threat and its answer) the ko may be retaken. */
    assert_int_equal(go_board_play(&b, GO_BLACK, gtp("E1", 5)), 0);
    assert_int_equal(go_board_play(&b, GO_WHITE, gtp("D1", 5)), 0);
    assert_int_equal(go_board_play(&b, GO_BLACK, gtp("C4", 5)), 0);
    assert_int_equal(go_board_at(&b, gtp("B4", 5)), GO_EMPTY);
}

static void test_board__snapback_is_not_ko(void **state)
{
    (void)state;
    go_board b;
    /* White's stone at B5 is a throw-in: Black captures it at C5, which leaves the five black
     * stones with the single liberty B5, and White takes them back at once (a snapback). That
     * recapture takes five stones, so it is not a ko. */
    tu_board(&b, "XO.O.\n"
                 "XXXO.\n"
                 "OOO..\n"
                 ".....\n"
                 ".....\n");
    assert_int_equal(go_board_play(&b, GO_BLACK, gtp("C5", 5)), 0);
    assert_int_equal(go_board_at(&b, gtp("B5", 5)), GO_EMPTY);
    assert_int_equal(go_board_liberties(&b, gtp("C5", 5)), 1);
    assert_int_equal(go_board_ko(&b), GO_NOPOINT);
    assert_int_equal(go_board_play(&b, GO_WHITE, gtp("B5", 5)), 0);
    assert_int_equal(go_board_at(&b, gtp("C5", 5)), GO_EMPTY);
    assert_int_equal(go_board_at(&b, gtp("A5", 5)), GO_EMPTY);
    assert_int_equal(go_board_captures(&b, GO_WHITE), 5);
}

static void test_board__occupied_and_off_board_are_refused(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, "..XO.\n"
                 ".....\n"
                 ".....\n"
                 ".....\n"
                 ".....\n");
    assert_int_equal(go_board_check(&b, GO_BLACK, gtp("C5", 5)), GO_EOCCUPIED);
    assert_int_equal(go_board_check(&b, GO_WHITE, gtp("D5", 5)), GO_EOCCUPIED);
    assert_int_equal(go_board_check(&b, GO_BLACK, go_point_at(7, 0)), GO_EOFFBOARD);
    assert_int_equal(go_board_check(&b, GO_BLACK, go_point_at(0, 5)), GO_EOFFBOARD);
    assert_int_equal(go_board_check(&b, GO_BLACK, GO_POINTS + 3), GO_EOFFBOARD);
    assert_int_equal(go_board_check(&b, GO_BLACK, GO_PASS), 0);
}

static void test_board__pseudo_liberties_track_real_liberties(void **state)
{
    (void)state;
    /* Random games: after every move the zero/non-zero state of liberties and the real
     * liberty counts agree with a slow recount from the colours. */
    go_rng rng;
    go_rng_seed(&rng, 7);
    for (int game = 0; game < 30; game++) {
        go_board b;
        go_board_init(&b, game % 2 ? 9 : 13);
        go_color c = GO_BLACK;
        for (int m = 0; m < 250; m++) {
            go_board_play_random(&b, c, &rng);
            c = go_color_other(c);
            for (int y = 0; y < b.size; y++)
                for (int x = 0; x < b.size; x++) {
                    go_point p = go_point_at(x, y);
                    if (go_board_at(&b, p) == GO_EMPTY)
                        continue;
                    assert_true(go_board_liberties(&b, p) > 0);
                }
            go_board copy = b;
            char text[800];
            go_board_to_text(text, sizeof text, &b);
            go_board rebuilt;
            tu_board(&rebuilt, text);
            assert_true(go_board_hash(&rebuilt) == go_board_hash(&copy));
        }
    }
}

static void test_board__eyes(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, ".X.X.\n"
                 "XX.XX\n"
                 "XXXX.\n"
                 "...XX\n"
                 "O..X.\n");
    assert_true(go_board_is_eye(&b, GO_BLACK, gtp("A5", 5)));
    assert_true(go_board_is_eye(&b, GO_BLACK, gtp("E3", 5)));
    assert_true(go_board_is_eye(&b, GO_BLACK, gtp("E1", 5)));
    assert_false(go_board_is_eye(&b, GO_WHITE, gtp("A5", 5)));
    assert_false(go_board_is_eye(&b, GO_BLACK, gtp("C5", 5))); /* C4 is empty */
    /* A false eye: two enemy diagonals in the middle. */
    tu_board(&b, ".....\n"
                 ".OXO.\n"
                 ".X.X.\n"
                 ".OXO.\n"
                 ".....\n");
    assert_false(go_board_is_eye(&b, GO_BLACK, gtp("C3", 5)));
}

static void test_board__hash_after_matches_play(void **state)
{
    (void)state;
    go_rng rng;
    go_rng_seed(&rng, 11);
    go_board b;
    go_board_init(&b, 9);
    go_color c = GO_BLACK;
    for (int m = 0; m < 400; m++) {
        go_board probe = b;
        go_point p = go_board_play_random(&probe, c, &rng);
        if (p != GO_PASS)
            assert_true(go_board_hash_after(&b, c, p) == go_board_hash(&probe));
        b = probe;
        c = go_color_other(c);
    }
}

static void test_board__coordinates_round_trip(void **state)
{
    (void)state;
    char buf[8];
    go_point p;
    assert_int_equal(go_point_from_gtp(&p, "D4", 19), 0);
    assert_int_equal(go_point_x(p), 3);
    assert_int_equal(go_point_y(p), 15);
    assert_string_equal(go_point_to_sgf(buf, sizeof buf, p), "dp");
    assert_int_equal(go_point_from_gtp(&p, "j1", 19), 0); /* I is skipped */
    assert_int_equal(go_point_x(p), 8);
    assert_string_equal(go_point_to_gtp(buf, sizeof buf, p, 19), "J1");
    assert_int_equal(go_point_from_gtp(&p, "I5", 19), GO_EPARSE);
    assert_int_equal(go_point_from_gtp(&p, "T20", 19), GO_EOFFBOARD);
    assert_int_equal(go_point_from_gtp(&p, "K10", 9), GO_EOFFBOARD);
    assert_int_equal(go_point_from_gtp(&p, "PASS", 9), 0);
    assert_int_equal(p, GO_PASS);
    assert_int_equal(go_point_from_sgf(&p, "tt", 2, 19), 0);
    assert_int_equal(p, GO_PASS);
    assert_int_equal(go_point_from_sgf(&p, "tt", 2, 21), 0);
    assert_int_not_equal(p, GO_PASS);
    assert_int_equal(go_point_from_sgf(&p, "", 0, 21), 0);
    assert_int_equal(p, GO_PASS);
    assert_int_equal(go_point_from_sgf(&p, "zz", 2, 19), GO_EOFFBOARD);
    assert_int_equal(go_point_from_sgf(&p, "a", 1, 19), GO_EPARSE);
    /* Every point of every size survives both round trips. */
    for (int size = 2; size <= 25; size++)
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                go_point q = go_point_at(x, y), back;
                go_point_to_gtp(buf, sizeof buf, q, size);
                assert_int_equal(go_point_from_gtp(&back, buf, size), 0);
                assert_int_equal(back, q);
                go_point_to_sgf(buf, sizeof buf, q);
                assert_int_equal(go_point_from_sgf(&back, buf, 2, size), 0);
                assert_int_equal(back, q);
            }
}

static void test_board__text_rejects_bad_input(void **state)
{
    (void)state;
    go_board b;
    const char *dead = "size 3\nX..\n...\n...\n";
    assert_int_equal(go_board_from_text(&b, dead, strlen(dead)), 0);
    const char *no_libs = "XO.\nO..\n...\n";
    assert_int_equal(go_board_from_text(&b, no_libs, strlen(no_libs)), GO_EILLEGAL);
    assert_non_null(strstr(go_error_last(), "A3"));
    const char *ragged = "...\n..\n...\n";
    assert_int_equal(go_board_from_text(&b, ragged, strlen(ragged)), GO_EPARSE);
    const char *junk = "..?\n...\n...\n";
    assert_int_equal(go_board_from_text(&b, junk, strlen(junk)), GO_EPARSE);
    const char *big = "size 26\n";
    assert_int_equal(go_board_from_text(&b, big, strlen(big)), GO_ERANGE);
    const char *mismatch = "size 4\n...\n...\n...\n";
    assert_int_equal(go_board_from_text(&b, mismatch, strlen(mismatch)), GO_EPARSE);
}

/* A photo's label is read as points, with no rule: a group without liberty stays, where the
 * board reader refuses it; the format's errors are the same. */
static void test_board__text_points_keep_what_the_rules_refuse(void **state)
{
    (void)state;
    uint8_t pts[GO_MAX_SIZE][GO_MAX_SIZE];
    int size = 0;
    const char *no_libs = "XO.\nO..\n..x\n";
    assert_int_equal(go_board_text_points(pts, &size, no_libs, strlen(no_libs)), 0);
    assert_int_equal(size, 3);
    assert_int_equal(pts[0][0], GO_BLACK);
    assert_int_equal(pts[0][1], GO_WHITE);
    assert_int_equal(pts[1][0], GO_WHITE);
    assert_int_equal(pts[2][2], GO_BLACK);
    assert_int_equal(pts[1][1], GO_EMPTY);
    const char *ragged = "...\n..\n...\n";
    assert_int_equal(go_board_text_points(pts, &size, ragged, strlen(ragged)), GO_EPARSE);
}

static void test_board__playout_ends_with_only_eyes_left(void **state)
{
    (void)state;
    go_rng rng;
    go_rng_seed(&rng, 1234);
    for (int i = 0; i < 50; i++) {
        go_board b;
        go_board_init(&b, 9);
        int moves = go_board_playout(&b, GO_BLACK, &rng, 1000);
        assert_true(moves < 1000);
        /* Two passes: neither side has a legal non-eye move. */
        for (int k = 0; k < go_board_empty_count(&b); k++) {
            go_point p = b.empty[k];
            for (go_color c = GO_BLACK; c <= GO_WHITE; c++)
                assert_true(go_board_is_eye(&b, c, p) || go_board_check(&b, c, p) != 0);
        }
    }
}

static void test_board__playout_is_deterministic_for_a_seed(void **state)
{
    (void)state;
    go_board a, b;
    go_rng ra, rb;
    go_board_init(&a, 19);
    go_board_init(&b, 19);
    go_rng_seed(&ra, 99);
    go_rng_seed(&rb, 99);
    go_board_playout(&a, GO_BLACK, &ra, 2000);
    go_board_playout(&b, GO_BLACK, &rb, 2000);
    assert_true(go_board_hash(&a) == go_board_hash(&b));
    go_rng_seed(&rb, 100);
    go_board_init(&b, 19);
    go_board_playout(&b, GO_BLACK, &rb, 2000);
    assert_true(go_board_hash(&a) != go_board_hash(&b));
}

static void test_board__transform_turns_stones_and_ko(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, ".XO..\n"
                 "X.XO.\n"
                 ".XO..\n"
                 ".....\n"
                 ".....\n");
    assert_int_equal(go_board_play(&b, GO_WHITE, gtp("B4", 5)), 0);
    int seen[GO_SYMMETRIES][5 * 5];
    for (int t = 0; t < GO_SYMMETRIES; t++) {
        go_board tb;
        go_board_transform(&tb, &b, t);
        /* A bijection of the board's points carrying every stone and the ko with it. */
        memset(seen[t], 0, sizeof seen[t]);
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 5; x++) {
                go_point p = go_point_at(x, y), q = go_point_transform(p, 5, t);
                assert_true(go_board_on(&tb, q));
                seen[t][go_point_y(q) * 5 + go_point_x(q)]++;
                assert_int_equal(go_board_at(&tb, q), go_board_at(&b, p));
            }
        for (int i = 0; i < 5 * 5; i++)
            assert_int_equal(seen[t][i], 1);
        assert_int_equal(go_board_ko(&tb), go_point_transform(gtp("C4", 5), 5, t));
        assert_int_equal(go_board_check(&tb, GO_BLACK, go_board_ko(&tb)), GO_EKO);
        assert_int_equal(go_board_hash(&tb) == go_board_hash(&b), t == 0);
        assert_int_equal(go_board_captures(&tb, GO_WHITE), 1);
    }
    /* The eight are different maps: the corner A5 lands on each corner twice (once per
     * mirror of the diagonal through it). */
    int corners[GO_POINTS] = {0};
    for (int t = 0; t < GO_SYMMETRIES; t++)
        corners[go_point_transform(go_point_at(0, 0), 5, t)]++;
    assert_int_equal(corners[go_point_at(0, 0)], 2);
    assert_int_equal(corners[go_point_at(4, 0)], 2);
    assert_int_equal(corners[go_point_at(0, 4)], 2);
    assert_int_equal(corners[go_point_at(4, 4)], 2);
    assert_int_equal(go_point_transform(gtp("C4", 5), 5, 4), gtp("B3", 5));
    assert_int_equal(go_point_transform(GO_PASS, 5, 3), GO_PASS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board__empty_board_has_all_points_empty),
        cmocka_unit_test(test_board__capture_removes_group_and_counts),
        cmocka_unit_test(test_board__suicide_is_refused_unless_it_captures),
        cmocka_unit_test(test_board__multi_stone_suicide_is_refused),
        cmocka_unit_test(test_board__simple_ko_recapture_is_refused_once),
        cmocka_unit_test(test_board__snapback_is_not_ko),
        cmocka_unit_test(test_board__occupied_and_off_board_are_refused),
        cmocka_unit_test(test_board__pseudo_liberties_track_real_liberties),
        cmocka_unit_test(test_board__eyes),
        cmocka_unit_test(test_board__hash_after_matches_play),
        cmocka_unit_test(test_board__coordinates_round_trip),
        cmocka_unit_test(test_board__text_rejects_bad_input),
        cmocka_unit_test(test_board__text_points_keep_what_the_rules_refuse),
        cmocka_unit_test(test_board__playout_ends_with_only_eyes_left),
        cmocka_unit_test(test_board__playout_is_deterministic_for_a_seed),
        cmocka_unit_test(test_board__transform_turns_stones_and_ko),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
