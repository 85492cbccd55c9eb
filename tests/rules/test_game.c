/* Game: superko (situational and positional), simple ko vs longer cycles, passes, resignation,
 * undo, handicap and setup. */
#include <string.h>

#include "go/game.h"
#include "testutil.h"

static go_point at(int x, int y)
{
    return go_point_at(x, y);
}

/* Two kos side by side: at A (left) Black can take a white stone; at B (right) White can take
 * a black stone.
 *   . X O . . . X O .
 *   X O . O . X . X O
 *   . X O . . . X O .   */
static go_game *two_kos(go_superko rule)
{
    go_game *g;
    assert_int_equal(go_game_new(&g, 9, rule), 0);
    const char *rows[3] = {".XO...XO.", "XO.O.X.XO", ".XO...XO."};
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 9; x++) {
            char ch = rows[y][x];
            if (ch != '.')
                assert_int_equal(go_game_setup(g, ch == 'X' ? GO_BLACK : GO_WHITE, at(x, y)), 0);
        }
    return g;
}

static void play_cycle_start(go_game *g)
{
    assert_int_equal(go_game_play(g, GO_BLACK, at(2, 1)), 0); /* B takes ko A */
    assert_int_equal(go_game_check(g, GO_WHITE, at(1, 1)), GO_EKO);
    assert_int_equal(go_game_play(g, GO_WHITE, at(6, 1)), 0); /* W takes ko B */
    assert_int_equal(go_game_check(g, GO_BLACK, at(7, 1)), GO_EKO);
    assert_int_equal(go_game_play(g, GO_BLACK, GO_PASS), 0);
    assert_int_equal(go_game_play(g, GO_WHITE, at(1, 1)), 0); /* W retakes ko A */
}

static void test_game__positional_superko_forbids_the_same_stones(void **state)
{
    (void)state;
    go_game *g = two_kos(GO_SUPERKO_POSITIONAL);
    play_cycle_start(g);
    /* Black retaking ko B recreates the starting stones (with White to move, not Black). */
    assert_int_equal(go_game_play(g, GO_BLACK, at(7, 1)), GO_ESUPERKO);
    assert_int_equal(go_board_at(go_game_board(g), at(7, 1)), GO_EMPTY);
    go_game_free(g);
}

static void test_game__situational_superko_forbids_the_same_situation(void **state)
{
    (void)state;
    go_game *g = two_kos(GO_SUPERKO_SITUATIONAL);
    play_cycle_start(g);
    /* Same stones as the start but White to move: a new situation, allowed. */
    assert_int_equal(go_game_play(g, GO_BLACK, at(7, 1)), 0);
    assert_int_equal(go_game_play(g, GO_WHITE, GO_PASS), 0);
    /* Now Black to move on the starting stones; taking ko A again would give White the
     * situation White faced after move 1. Not a simple ko (the pass cleared it): superko. */
    assert_int_equal(go_game_check(g, GO_BLACK, at(2, 1)), GO_ESUPERKO);
    go_game_free(g);
}

static void test_game__two_passes_end_the_game(void **state)
{
    (void)state;
    go_game *g;
    assert_int_equal(go_game_new(&g, 9, GO_SUPERKO_SITUATIONAL), 0);
    assert_int_equal(go_game_play(g, GO_BLACK, at(4, 4)), 0);
    assert_int_equal(go_game_play(g, GO_WHITE, GO_PASS), 0);
    assert_false(go_game_over(g));
    assert_int_equal(go_game_play(g, GO_BLACK, at(3, 3)), 0);
    assert_int_equal(go_game_play(g, GO_WHITE, GO_PASS), 0);
    assert_int_equal(go_game_play(g, GO_BLACK, GO_PASS), 0);
    assert_true(go_game_over(g));
    assert_int_equal(go_game_play(g, GO_WHITE, at(0, 0)), GO_EGAMEOVER);
    /* Play may resume after the passes (and undoing the resumption ends the game again). */
    assert_int_equal(go_game_resume(g), 0);
    assert_false(go_game_over(g));
    assert_int_equal(go_game_play(g, GO_WHITE, at(0, 0)), 0);
    assert_int_equal(go_game_undo(g), 0);
    assert_true(go_game_over(g));
    assert_int_equal(go_board_at(go_game_board(g), at(0, 0)), GO_EMPTY);
    assert_int_equal(go_game_resume(g), 0);
    assert_int_equal(go_game_resume(g), GO_EINVAL);
    assert_int_equal(go_game_undo(g), 0); /* the bare resumption */
    assert_true(go_game_over(g));
    /* Undo reopens it. */
    assert_int_equal(go_game_undo(g), 0);
    assert_false(go_game_over(g));
    assert_int_equal(go_game_to_move(g), GO_BLACK);
    assert_int_equal(go_game_move_count(g), 4);
    go_game_free(g);
}

static void test_game__resignation_ends_the_game(void **state)
{
    (void)state;
    go_game *g;
    assert_int_equal(go_game_new(&g, 13, GO_SUPERKO_SITUATIONAL), 0);
    assert_int_equal(go_game_resign(g, GO_WHITE), 0);
    assert_true(go_game_over(g));
    assert_int_equal(go_game_resigned(g), GO_WHITE);
    assert_int_equal(go_game_play(g, GO_BLACK, at(0, 0)), GO_EGAMEOVER);
    go_game_free(g);
}

static void test_game__undo_restores_captured_stones(void **state)
{
    (void)state;
    go_game *g = two_kos(GO_SUPERKO_SITUATIONAL);
    uint64_t before = go_board_hash(go_game_board(g));
    assert_int_equal(go_game_play(g, GO_BLACK, at(2, 1)), 0);
    assert_int_equal(go_board_at(go_game_board(g), at(1, 1)), GO_EMPTY);
    assert_int_equal(go_game_undo(g), 0);
    assert_int_equal(go_board_at(go_game_board(g), at(1, 1)), GO_WHITE);
    assert_true(go_board_hash(go_game_board(g)) == before);
    assert_int_equal(go_game_to_move(g), GO_BLACK);
    /* Undo all the way, then once more: nothing left. */
    while (go_game_undo(g) == 0)
        ;
    assert_int_equal(go_board_stone_count(go_game_board(g), GO_BLACK), 0);
    assert_int_equal(go_game_undo(g), GO_EINVAL);
    go_game_free(g);
}

static void test_game__undo_matches_replay_in_random_games(void **state)
{
    (void)state;
    go_rng rng;
    go_rng_seed(&rng, 5);
    go_game *g;
    assert_int_equal(go_game_new(&g, 9, GO_SUPERKO_SITUATIONAL), 0);
    uint64_t hashes[200];
    int n = 0;
    go_color c = GO_BLACK;
    while (n < 200 && !go_game_over(g)) {
        hashes[n++] = go_board_hash(go_game_board(g));
        go_board probe = *go_game_board(g);
        go_point p = go_board_play_random(&probe, c, &rng);
        if (go_game_play(g, c, p) != 0)
            assert_int_equal(go_game_play(g, c, GO_PASS), 0);
        c = go_color_other(c);
    }
    while (n > 0) {
        assert_int_equal(go_game_undo(g), 0);
        assert_true(go_board_hash(go_game_board(g)) == hashes[--n]);
    }
    go_game_free(g);
}

static void test_game__fixed_handicap_matches_gtp(void **state)
{
    (void)state;
    /* The vertices GNU Go 3.8 answers to fixed_handicap, as sets. */
    struct {
        int size, n;
        const char *expect;
    } cases[] = {
        {19, 2, "Q16 D4"},
        {19, 9, "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"},
        {19, 5, "D16 Q16 K10 D4 Q4"},
        {19, 6, "D16 Q16 D10 Q10 D4 Q4"},
        {19, 7, "D16 Q16 D10 K10 Q10 D4 Q4"},
        {13, 8, "D10 G10 K10 D7 K7 D4 G4 K4"},
        {9, 3, "C7 G7 C3"},
        {9, 9, "C7 E7 G7 C5 E5 G5 C3 E3 G3"},
        {8, 4, "C6 F6 C3 F3"},
        {7, 2, "E5 C3"},
        {10, 4, "C8 H8 C3 H3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        go_point pts[9];
        assert_int_equal(go_handicap_points(pts, cases[i].size, cases[i].n), 0);
        for (int k = 0; k < cases[i].n; k++) {
            char name[8];
            go_point_to_gtp(name, sizeof name, pts[k], cases[i].size);
            assert_non_null(strstr(cases[i].expect, name));
        }
    }
    go_point pts[9];
    assert_int_equal(go_handicap_points(pts, 10, 5), GO_ERANGE);
    assert_int_equal(go_handicap_points(pts, 7, 5), GO_ERANGE);
    assert_int_equal(go_handicap_points(pts, 6, 2), GO_ERANGE);
    assert_int_equal(go_handicap_points(pts, 19, 10), GO_ERANGE);
    assert_int_equal(go_handicap_points(pts, 19, 1), GO_ERANGE);

    go_game *g;
    assert_int_equal(go_game_new(&g, 19, GO_SUPERKO_SITUATIONAL), 0);
    assert_int_equal(go_game_handicap_fixed(g, 4), 0);
    assert_int_equal(go_game_handicap(g), 4);
    assert_int_equal(go_game_to_move(g), GO_WHITE);
    assert_int_equal(go_board_stone_count(go_game_board(g), GO_BLACK), 4);
    /* Only on an empty board. */
    assert_int_equal(go_game_handicap_fixed(g, 2), GO_EILLEGAL);
    go_game_free(g);
}

static void test_game__free_handicap_refuses_repeats(void **state)
{
    (void)state;
    go_game *g;
    assert_int_equal(go_game_new(&g, 9, GO_SUPERKO_SITUATIONAL), 0);
    go_point pts[3] = {at(2, 2), at(6, 6), at(2, 2)};
    assert_int_equal(go_game_handicap_free(g, pts, 3), GO_EILLEGAL);
    assert_int_equal(go_board_stone_count(go_game_board(g), GO_BLACK), 0);
    assert_int_equal(go_game_handicap_free(g, pts, 2), 0);
    assert_int_equal(go_game_handicap(g), 2);
    go_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game__positional_superko_forbids_the_same_stones),
        cmocka_unit_test(test_game__situational_superko_forbids_the_same_situation),
        cmocka_unit_test(test_game__two_passes_end_the_game),
        cmocka_unit_test(test_game__resignation_ends_the_game),
        cmocka_unit_test(test_game__undo_restores_captured_stones),
        cmocka_unit_test(test_game__undo_matches_replay_in_random_games),
        cmocka_unit_test(test_game__fixed_handicap_matches_gtp),
        cmocka_unit_test(test_game__free_handicap_refuses_repeats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
