/* Dead-stone suggestion: Benson's unconditional life, Monte-Carlo ownership, seki, confidence
 * and determinism. Diagrams: X black, O white, . empty; row 1 of the diagram is the top. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/dead.h"
#include "go/score.h"
#include "testutil.h"

static go_point gtp(const char *v, int size)
{
    go_point p;
    if (go_point_from_gtp(&p, v, size) != 0)
        fail_msg("bad vertex %s", v);
    return p;
}

static const go_group_status *group_at(const go_dead_suggestion *s, const go_board *b,
                                       const char *v)
{
    go_point id = go_board_group_id(b, gtp(v, go_board_size(b)));
    for (int i = 0; i < s->ngroups; i++)
        if (s->groups[i].id == id)
            return &s->groups[i];
    fail_msg("no group at %s", v);
    return NULL;
}

static void test_suggest__benson_two_eyes_alive_one_eye_not(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, "size 7\n"
                 ".X.X...\n"
                 "XXXX...\n"
                 ".......\n"
                 "...OOOO\n"
                 "...O.O.\n"
                 "...OOOO\n"
                 ".......\n");
    bool alive[GO_POINTS];
    /* Black: two eyes (A7, C7), each all liberties of the one chain. */
    assert_int_equal(go_score_benson(alive, &b, GO_BLACK), 6);
    assert_true(alive[gtp("A6", 7)]);
    /* White: one chain of 10 stones with two eyes, E3 and G3 (G3 closed by the edge). */
    assert_int_equal(go_score_benson(alive, &b, GO_WHITE), 10);
    /* One eye is not enough. */
    tu_board(&b, "size 7\n"
                 ".X.....\n"
                 "XX.....\n"
                 ".......\n"
                 ".......\n"
                 ".......\n"
                 ".......\n"
                 ".......\n");
    assert_int_equal(go_score_benson(alive, &b, GO_BLACK), 0);
    /* The empty board: nothing. */
    go_board_init(&b, 9);
    assert_int_equal(go_score_benson(alive, &b, GO_WHITE), 0);
}

static void test_suggest__dead_stone_inside_territory(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, "size 9\n"
                 "....XO...\n"
                 "....XO...\n"
                 ".O..XO...\n"
                 "....XO.X.\n"
                 "....XO...\n"
                 "....XO...\n"
                 "....XO...\n"
                 "....XO...\n"
                 "....XO...\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
    assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, &o), 0);
    const go_group_status *w = group_at(s, &b, "B7");
    print_message("B7: confidence %d, stones kept %d\n", w->confidence, w->owned_permille);
    assert_int_equal(w->status, GO_STATUS_DEAD);
    /* Light playouts are weak here: the one-stone walls can be captured from inside in a
     * random playout, so only about 60% of playouts end with B7 and its liberties Black's. */
    assert_true(w->confidence >= 580);
    const go_group_status *x = group_at(s, &b, "H6");
    assert_int_equal(x->status, GO_STATUS_DEAD);
    assert_int_equal(group_at(s, &b, "E5")->status, GO_STATUS_ALIVE);
    assert_int_equal(group_at(s, &b, "F5")->status, GO_STATUS_ALIVE);
    assert_int_equal(s->ndead, 2);
    assert_int_equal(s->nseki, 0);
    assert_int_equal(go_suggestion_status_at(s, &b, gtp("B7", 9)), GO_STATUS_DEAD);
    assert_int_equal(go_suggestion_status_at(s, &b, gtp("A1", 9)), GO_STATUS_ALIVE);
    /* The suggestion feeds the count directly. */
    go_count c;
    go_count_options co = GO_COUNT_OPTIONS_INIT;
    co.komi_quarters = 0;
    assert_int_equal(go_score_count(&c, &b, s->dead, s->ndead, &co), 0);
    assert_int_equal(c.black_stones + c.black_territory, 45);
    assert_int_equal(c.white_stones + c.white_territory, 36);
    free(s);
}

static void test_suggest__benson_alive_is_never_dead(void **state)
{
    (void)state;
    /* A small Black group with two eyes deep in White's area: playouts may go either way,
     * Benson says it cannot be captured. */
    go_board b;
    tu_board(&b, "size 9\n"
                 ".........\n"
                 ".........\n"
                 ".........\n"
                 "OOOOOOOOO\n"
                 ".........\n"
                 ".........\n"
                 "XXX......\n"
                 "X.XXX....\n"
                 "XXX.X....\n");
    bool alive[GO_POINTS];
    assert_true(go_score_benson(alive, &b, GO_BLACK) > 0);
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    assert_int_equal(go_score_suggest_dead(s, &b, GO_WHITE, NULL), 0);
    const go_group_status *g = group_at(s, &b, "A1");
    assert_true(g->benson_alive);
    assert_int_equal(g->status, GO_STATUS_ALIVE);
    assert_int_equal(g->confidence, 1000);
    free(s);
}

static void test_suggest__deterministic_for_a_seed(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, "size 9\n"
                 "..X.XO.O.\n"
                 ".XXXXOO..\n"
                 "XX.O.XO..\n"
                 "..XXXXOO.\n"
                 "XXOOOXXOO\n"
                 "OO.O.OXX.\n"
                 ".OO.OOX.X\n"
                 "..O.OXX..\n"
                 ".O.OOX...\n");
    go_dead_suggestion *a = malloc(sizeof *a), *c = malloc(sizeof *c);
    assert_non_null(a);
    assert_non_null(c);
    go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
    o.seed = 7;
    o.playouts = 300;
    assert_int_equal(go_score_suggest_dead(a, &b, GO_BLACK, &o), 0);
    assert_int_equal(go_score_suggest_dead(c, &b, GO_BLACK, &o), 0);
    assert_int_equal(a->playouts, 300);
    assert_memory_equal(a, c, sizeof *a);
    /* A different seed changes the ownership counts (not necessarily the verdict). */
    o.seed = 8;
    assert_int_equal(go_score_suggest_dead(c, &b, GO_BLACK, &o), 0);
    assert_memory_not_equal(a->black_owned, c->black_owned, sizeof a->black_owned);
    o.version = 0;
    assert_int_equal(go_score_suggest_dead(c, &b, GO_BLACK, &o), GO_EINVAL);
    free(a);
    free(c);
}

static void test_suggest__seki_is_recognised(void **state)
{
    (void)state;
    /* GNU Go game g0066: the lower-left seki (see test_count). Light playouts kill one side
     * about half of the time; the structure keeps both alive, as GNU Go's seki list does. */
    go_board b;
    tu_board(&b, "size 9\n"
                 "...XXO...\n"
                 "...XOO.O.\n"
                 "XX.XXXO..\n"
                 "OXXOXO.O.\n"
                 "OXXOXOOOO\n"
                 "OOXOXXXOX\n"
                 ".OOOX..XX\n"
                 "OXOOOXX..\n"
                 ".XX.OOX..\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, NULL), 0);
    assert_int_equal(group_at(s, &b, "A6")->status, GO_STATUS_SEKI);
    assert_int_equal(group_at(s, &b, "A2")->status, GO_STATUS_SEKI);
    assert_int_equal(group_at(s, &b, "B1")->status, GO_STATUS_SEKI);
    assert_int_equal(s->ndead, 0);
    assert_int_equal(s->nseki, 15 + 1 + 3);
    free(s);
}

static void test_suggest__gnugo_wrong_open_border_stones_are_alive(void **state)
{
    (void)state;
    /* GNU Go game g0238 (13x13, final position after two passes). GNU Go 3.8 lists F3 G3
     * dead: its final_status_list first plays the game out (README: "final_score is the
     * score after GNU Go plays the game out"), and in that finish White gets to attack
     * them. On the board the players left, F3 G3 touch only Black's open lower side (H3,
     * F2, G2, no White stone there) and White's wall F4 G4 E3 has no liberty below: the
     * stones are part of Black's living lower side. goref keeps them alive. */
    go_board b;
    tu_board(&b, "size 13\n"
                 ".....XOOO....\n"
                 "XX...XXXOXXX.\n"
                 "OX.XXXOOOOOO.\n"
                 "OXXOOXXXOXXO.\n"
                 "OOOOXX.XXXXO.\n"
                 "...OXXXOOXO..\n"
                 "....OXOXOO.O.\n"
                 "..O.OOOXO.XOO\n"
                 "OOO...OXXOOOX\n"
                 "XOXOOOOXXXOXX\n"
                 "XXXXOXX...XX.\n"
                 "....X........\n"
                 ".............\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, NULL), 0);
    assert_int_equal(group_at(s, &b, "F3")->status, GO_STATUS_ALIVE);
    free(s);
}

static void test_suggest__stone_inside_a_dead_group_is_alive(void **state)
{
    (void)state;
    /* GNU Go game g0154 (13x13). White's C12 group (12 stones) is dead inside Black's upper
     * left, and Black's E11 sits inside it: once the dead White stones are lifted, E11 is a
     * Black stone in Black's area. Playouts alone lose it with its captors (about 48% kept);
     * a dead group needs a living enemy next to it. GNU Go agrees: E11 alive. */
    go_board b;
    tu_board(&b, "size 13\n"
                 "..X.O.OX.....\n"
                 ".XOOOOX.X..XX\n"
                 ".XOOXO.X.XXOX\n"
                 "XXXO.OX.XXOOX\n"
                 "..OO....XO.OX\n"
                 "X....XXXOO.OX\n"
                 "..O..XOO..O.O\n"
                 ".XO.XO...O.O.\n"
                 ".X..XO...OX..\n"
                 "..XXXOOO.OX..\n"
                 ".OOOOXXOOXXX.\n"
                 ".XXXX.XOOOXO.\n"
                 "......XXOOO.O\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, NULL), 0);
    assert_int_equal(group_at(s, &b, "C12")->status, GO_STATUS_DEAD);
    assert_int_equal(group_at(s, &b, "E11")->status, GO_STATUS_ALIVE);
    free(s);
}

static void test_suggest__approachable_seki_is_a_race(void **state)
{
    (void)state;
    /* A 19x19 GNU Go self-play game, final position. White's B11 group (A10-E10, B11, C11)
     * and Black's B9 group share A9, which neither can fill: the shape of a seki. But White
     * has an outside liberty, D11, that Black fills safely (it joins E11), while Black's own
     * outside liberty F9 is an eye White cannot enter. Black fills D11 and captures: White's
     * group is dead and Black's alive, as GNU Go says. */
    go_board b;
    tu_board(&b, "size 19\n"
                 "....XXO............\n"
                 "....XOO.....O..OOOO\n"
                 "..X..XOO..O...OOXXO\n"
                 ".....XO.....XOXX..X\n"
                 ".....XO...O.OOX.X.X\n"
                 "......XOO..OXX.XX..\n"
                 "...XX.XXOOOX..XOOXX\n"
                 "XXX..XOOOXOX.XXOOXX\n"
                 "XOO.XOOXXXXXXXXOOOX\n"
                 "OOOOOXX.XOOOOXXXOXX\n"
                 ".XXXX.XXXO.OXOXXOOX\n"
                 "XXOOXXOOXXXXXOOOOOO\n"
                 "XOO.OOOOXOXXXOO.X..\n"
                 "XO.OOXOXOOXOOOXO...\n"
                 "XXOOXXOXXOOOOXXO...\n"
                 "OOOXXXX..XXOXXOO...\n"
                 "..OOXOXX..XX.XXOO..\n"
                 "...OXOOX.X...X.XOO.\n"
                 "...OOOOOX.....XXXO.\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, NULL), 0);
    assert_int_equal(group_at(s, &b, "B11")->status, GO_STATUS_DEAD);
    assert_int_equal(group_at(s, &b, "B9")->status, GO_STATUS_ALIVE);
    assert_int_equal(s->nseki, 0);
    free(s);
}

static void test_suggest__open_border_leaves_its_dead_waiting(void **state)
{
    (void)state;
    /* Not finished: F6 G6 are open (White's right side reaches Black's wall there). White's
     * B8 sits in Black's closed left side: dead whatever happens at F6. Black's J8 is in
     * White's right side, but that side is open: it waits for the game to end. */
    go_board b;
    tu_board(&b, "size 11\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 ".O.XXOO.X..\n"
                 "...XXOO....\n"
                 "...XX......\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 "...XXOO....\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, NULL), 0);
    assert_true(s->open_points > 0);
    assert_int_equal(group_at(s, &b, "B8")->status, GO_STATUS_DEAD);
    assert_false(group_at(s, &b, "B8")->waits);
    const go_group_status *j8 = group_at(s, &b, "J8");
    assert_int_equal(j8->status, GO_STATUS_ALIVE);
    assert_true(j8->waits);
    assert_int_equal(s->nwaiting, 1);
    assert_int_equal(s->ndead, 1);
    /* Closed at F6 G6, the board is finished and J8 is dead. */
    assert_int_equal(go_board_place(&b, GO_WHITE, gtp("F6", 11)), 0);
    assert_int_equal(go_board_place(&b, GO_WHITE, gtp("G6", 11)), 0);
    assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, NULL), 0);
    assert_int_equal(s->open_points, 0);
    assert_int_equal(s->nwaiting, 0);
    assert_int_equal(group_at(s, &b, "J8")->status, GO_STATUS_DEAD);
    assert_false(group_at(s, &b, "J8")->waits);
    assert_int_equal(s->ndead, 2);
    free(s);
}

static void test_suggest__wall_taken_for_dead_stands_first(void **state)
{
    (void)state;
    /* A finished game (GNU Go: B+56.5, dead G6, J6 K6 K5, G4, J4 and R5 R4). The playouts
     * take Black's J8 J7 K7, a part of the wall around White's scattered G6 J6 G4 J4, for
     * dead; lifted, it opens Black's lower left to White's centre. The wall stands first
     * (it reaches Black's living stones through empty points), the lower left closes, and the
     * scattered White stones inside it are dead: no border is open, nothing waits. */
    go_board b;
    tu_board(&b, "size 19\n"
                 "XXO..........OOX...\n"
                 "XOOO.........OX.X..\n"
                 "XXXO.....O...OX....\n"
                 "..XXOO.......OOX...\n"
                 "...XXO.......OXX...\n"
                 "...XOO......O.OX...\n"
                 "...XO......OOOOX...\n"
                 "..XOOOO..OOXOXXXX..\n"
                 "..XXOOXOOOXXX.XOXXX\n"
                 "..XOOXXO.OOOX.XOOOX\n"
                 ".XOOOX.XO.OX.XXXXOX\n"
                 "..XXX.X.XOOXXOOOOOX\n"
                 "........XXOOXO..OXX\n"
                 "...X..O.OOXXXOO.OOX\n"
                 ".........O.X.XO.X.O\n"
                 "...X..O.O....XOOXO.\n"
                 "....X...X.X.X.XXOO.\n"
                 "......X......XXO.O.\n"
                 ".............XOOO..\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, NULL), 0);
    assert_int_equal(s->open_points, 0);
    assert_int_equal(s->nwaiting, 0);
    assert_int_equal(group_at(s, &b, "J8")->status, GO_STATUS_ALIVE);
    static const char *const dead[] = {"G6", "J6", "G4", "J4", "R5"};
    for (size_t i = 0; i < sizeof dead / sizeof *dead; i++)
        assert_int_equal(group_at(s, &b, dead[i])->status, GO_STATUS_DEAD);
    assert_int_equal(s->ndead, 8);
    free(s);
}

/* The suggestion on b and on b turned by symmetry t agree point for point: every stone's status,
 * confidence and waits, and the ownership of every point. */
static void assert_same_when_turned(const go_board *b, const go_suggest_options *o)
{
    go_dead_suggestion *a = malloc(sizeof *a), *turned = malloc(sizeof *turned);
    assert_non_null(a);
    assert_non_null(turned);
    int size = go_board_size(b);
    assert_int_equal(go_score_suggest_dead(a, b, GO_BLACK, o), 0);
    for (int t = 1; t < GO_SYMMETRIES; t++) {
        go_board tb;
        go_board_transform(&tb, b, t);
        assert_int_equal(go_score_suggest_dead(turned, &tb, GO_BLACK, o), 0);
        assert_int_equal(turned->ngroups, a->ngroups);
        assert_int_equal(turned->ndead, a->ndead);
        assert_int_equal(turned->nseki, a->nseki);
        assert_int_equal(turned->open_points, a->open_points);
        assert_int_equal(turned->nwaiting, a->nwaiting);
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                go_point p = go_point_at(x, y), q = go_point_transform(p, size, t);
                if (a->black_owned[p] != turned->black_owned[q])
                    fail_msg("symmetry %d: ownership at (%d,%d) %d, turned %d", t, x, y,
                             a->black_owned[p], turned->black_owned[q]);
                if (go_board_at(b, p) == GO_EMPTY)
                    continue;
                const go_group_status *g = NULL, *h = NULL;
                for (int i = 0; i < a->ngroups; i++) {
                    if (a->groups[i].id == go_board_group_id(b, p))
                        g = &a->groups[i];
                    if (turned->groups[i].id == go_board_group_id(&tb, q))
                        h = &turned->groups[i];
                }
                assert_non_null(g);
                assert_non_null(h);
                if (g->status != h->status || g->confidence != h->confidence ||
                    g->waits != h->waits)
                    fail_msg("symmetry %d: stone (%d,%d) status %d/%d confidence %d/%d waits "
                             "%d/%d",
                             t, x, y, g->status, h->status, g->confidence, h->confidence, g->waits,
                             h->waits);
            }
    }
    free(a);
    free(turned);
}

static void test_suggest__critical_eye_space_goes_to_the_side_to_move(void **state)
{
    (void)state;
    /* Black's corner (A4, with D1) has seven empty points and no outside liberty: it makes two
     * eyes when Black plays first (C2), and White playing first kills it (C1, a ko Black has no
     * threat for). Light playouts fill that eye space at random from both sides and keep the
     * group at a coin flip whoever is to move; the local reading settles it by the side to
     * move, as play would go on from a finished board, and marks it doubtful. */
    go_board b;
    tu_board(&b, "size 9\n"
                 "......OX.\n"
                 "......OX.\n"
                 "......OX.\n"
                 "......OX.\n"
                 "OOOOOOOX.\n"
                 "XOXOXOOX.\n"
                 "XXXXXOOX.\n"
                 "....XOOX.\n"
                 "...XOOOX.\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    for (int seed = 1; seed <= 3; seed++) {
        go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
        o.seed = (uint64_t)seed;
        assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, &o), 0);
        assert_int_equal(group_at(s, &b, "A4")->status, GO_STATUS_ALIVE);
        assert_int_equal(group_at(s, &b, "D1")->status, GO_STATUS_ALIVE);
        assert_true(group_at(s, &b, "A4")->confidence < GO_SUGGEST_DOUBTFUL_BELOW);
        assert_int_equal(go_score_suggest_dead(s, &b, GO_WHITE, &o), 0);
        assert_int_equal(group_at(s, &b, "A4")->status, GO_STATUS_DEAD);
        assert_int_equal(group_at(s, &b, "D1")->status, GO_STATUS_DEAD);
        assert_true(group_at(s, &b, "A4")->confidence < GO_SUGGEST_DOUBTFUL_BELOW);
        /* White's wall and Black's right side are not in question. */
        assert_int_equal(group_at(s, &b, "A5")->status, GO_STATUS_ALIVE);
        assert_int_equal(group_at(s, &b, "H9")->status, GO_STATUS_ALIVE);
    }
    free(s);
}

static void test_suggest__lone_stone_in_a_small_eye_space_is_dead(void **state)
{
    (void)state;
    /* White's J8 sits in Black's upper-right corner, five points in all (G9 H9 J9 H8 J8):
     * too small for two eyes. Black's wall is short of liberties (G8's string has G9 and H8,
     * D9's C9 and G9), so light playouts lose the corner about as often as they keep it, and
     * J8 with it; with White to move they keep J8 in a third of the seeds. Without J8 the
     * corner lives, so J8 is dead and the wall alive, for every seed. */
    go_board b;
    tu_board(&b, "size 9\n"
                 "...XXX...\n"
                 ".XXOOOX.O\n"
                 "XOOO.OXXX\n"
                 ".XXO..OXX\n"
                 "..XXO.OOX\n"
                 "..XOO..OO\n"
                 "..XO.O...\n"
                 "..XO.....\n"
                 "..XO.....\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    for (int seed = 1; seed <= 10; seed++) {
        go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
        o.seed = (uint64_t)seed;
        assert_int_equal(go_score_suggest_dead(s, &b, GO_WHITE, &o), 0);
        assert_int_equal(group_at(s, &b, "J8")->status, GO_STATUS_DEAD);
        assert_int_equal(group_at(s, &b, "G8")->status, GO_STATUS_ALIVE);
        assert_int_equal(group_at(s, &b, "D9")->status, GO_STATUS_ALIVE);
        assert_int_equal(s->ndead, 1);
        assert_int_equal(s->open_points, 0);
    }
    free(s);
}

static void test_suggest__scattered_stones_in_a_territory_are_dead(void **state)
{
    (void)state;
    /* White's left side, closed by its walls on rows 12 and 5, holds six scattered Black groups
     * (H11, B10, F10, A9, B8, D8; B9 is their only eye) and White's own weak A7 and C7. Light
     * playouts keep the Black stones going against each other near a coin flip and lose all
     * of them in some seeds only. The enclosure is White's in most playouts, the Black stones
     * have one eye, and White's walls live once they are lifted: all six are dead, for every
     * seed, and no White stone. */
    go_board b;
    tu_board(&b, "size 13\n"
                 ".............\n"
                 "OOOOOOOOOOOOO\n"
                 ".OOOOOOXO..O.\n"
                 ".XXO.X.XXO.O.\n"
                 "X.X..X.X.OOOO\n"
                 ".X.X.X.OOO...\n"
                 "OXO....O.....\n"
                 "OO..O.O.O....\n"
                 "XOOOXOOOOOOOO\n"
                 "XXXXXXXXXXXXX\n"
                 ".............\n"
                 ".............\n"
                 ".............\n");
    static const char *const scattered[] = {"H11", "B10", "F10", "A9", "B8", "D8"};
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    for (int seed = 1; seed <= 20; seed++) {
        go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
        o.seed = (uint64_t)seed;
        assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, &o), 0);
        for (size_t k = 0; k < sizeof scattered / sizeof *scattered; k++)
            assert_int_equal(group_at(s, &b, scattered[k])->status, GO_STATUS_DEAD);
        assert_int_equal(s->ndead, 14);
        assert_int_equal(group_at(s, &b, "A7")->status, GO_STATUS_ALIVE);
        assert_int_equal(group_at(s, &b, "C7")->status, GO_STATUS_ALIVE);
    }
    free(s);
}

static void test_suggest__stone_on_the_vital_point_is_not_taken_up(void **state)
{
    (void)state;
    /* Black's corner has a bulky five (A1 B1 C1 A2 B2) with White's B2 on its vital point,
     * inside White's wall. The space is small, but B2 is no lone dead stone: it kills the
     * corner. With White to move the corner is dead and B2 alive. */
    go_board b;
    tu_board(&b, "size 9\n"
                 ".........\n"
                 ".........\n"
                 ".........\n"
                 "....O....\n"
                 ".........\n"
                 "OOOOO....\n"
                 "XXXXO....\n"
                 ".OXXO....\n"
                 "...XO....\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    for (int seed = 1; seed <= 3; seed++) {
        go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
        o.seed = (uint64_t)seed;
        assert_int_equal(go_score_suggest_dead(s, &b, GO_WHITE, &o), 0);
        assert_int_equal(group_at(s, &b, "A3")->status, GO_STATUS_DEAD);
        assert_int_equal(group_at(s, &b, "B2")->status, GO_STATUS_ALIVE);
    }
    free(s);
}

static void test_suggest__cut_string_that_connects_out_is_not_captured(void **state)
{
    (void)state;
    /* Black's stones in the upper left (C17 with D16, G17, E15) share their liberties with a
     * White string cut into them (F14, three liberties: F15 G15 H15). White connects it out at
     * H15, where a Black stone would be self-atari, so Black cannot capture it and the stones
     * around it have no way to live. Light playouts answer no atari: they lose the White
     * string in about half of the runs and keep Black's stones alive on its liberties. The
     * race reading connects it out and plays again, and Black's stones are dead. */
    go_board b;
    tu_board(&b, "size 19\n"
                 ".........OOXX......\n"
                 "OX..XOOOXXOOX..XOXX\n"
                 "..XXXOXO..OX...XXOX\n"
                 ".OOX.XXO.OOXXXXXOOO\n"
                 ".OXOX...OXXOXOXO...\n"
                 ".O.OXOOOXXOOOOO.OO.\n"
                 "...OOXOXXXO..O.OXOO\n"
                 "..OXXXXOXOOO...OXXO\n"
                 "..OX....XXXO.OOXX.X\n"
                 "...OXX....XXOOOOX..\n"
                 "..OOOX......XXOXX..\n"
                 "..OXX...X.....X....\n"
                 "..OOX.XX.O.........\n"
                 "..OXXXOX....XXXXX..\n"
                 "..OXXOOOXXXXOOOOX..\n"
                 "..OXXXOOOOXOO..OXX.\n"
                 ".OOXXO...OO..OOOOX.\n"
                 "..XOXO.........OXX.\n"
                 "...OO.........OXX..\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    /* The groups GNU Go lists dead: nothing else may be suggested dead. */
    static const char *may_die[] = {"B18", "C17", "G17", "E15", "C15",
                                    "J18", "C2",  "R18", "H12", "K7"};
    for (int seed = 1; seed <= 2; seed++)
        for (int side = 0; side < 2; side++) {
            go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
            o.seed = (uint64_t)seed;
            assert_int_equal(go_score_suggest_dead(s, &b, side ? GO_WHITE : GO_BLACK, &o), 0);
            assert_int_equal(group_at(s, &b, "F14")->status, GO_STATUS_ALIVE);
            assert_int_equal(group_at(s, &b, "C17")->status, GO_STATUS_DEAD);
            assert_int_equal(group_at(s, &b, "G17")->status, GO_STATUS_DEAD);
            assert_int_equal(group_at(s, &b, "E15")->status, GO_STATUS_DEAD);
            for (int i = 0; i < s->ngroups; i++) {
                if (s->groups[i].status != GO_STATUS_DEAD)
                    continue;
                bool listed = false;
                for (size_t k = 0; k < sizeof may_die / sizeof *may_die && !listed; k++)
                    listed = group_at(s, &b, may_die[k])->id == s->groups[i].id;
                assert_true(listed);
            }
        }
    free(s);
}

static void test_suggest__same_when_the_board_is_turned(void **state)
{
    (void)state;
    /* A photo may show the board turned or mirrored: the position is the same, and so must be
     * the dead stones. Few playouts make the seed's noise large enough to show. */
    go_board b;
    /* Default options on a board with close calls, which the seed's noise can settle one way
     * or the other. */
    tu_board(&b, "size 9\n"
                 "OOXXX..OO\n"
                 "O.X.OO.OX\n"
                 "XXOO..O..\n"
                 "X.XOXOX..\n"
                 "OOXXO.OXX\n"
                 "OOOXO.X.X\n"
                 "X.OO.X.XX\n"
                 "O.XXXXXO.\n"
                 "OO.XO.OXX\n");
    assert_same_when_turned(&b, NULL);
    tu_board(&b, "size 9\n"
                 "..X.XO.O.\n"
                 ".XXXXOO..\n"
                 "XX.O.XO..\n"
                 "..XXXXOO.\n"
                 "XXOOOXXOO\n"
                 "OO.O.OXX.\n"
                 ".OO.OOX.X\n"
                 "..O.OXX..\n"
                 ".O.OOX...\n");
    go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
    o.playouts = 60;
    for (o.seed = 1; o.seed <= 4; o.seed++)
        assert_same_when_turned(&b, &o);
    /* A board that is its own mirror image: mirrored groups get the same status. */
    tu_board(&b, "size 9\n"
                 "OOXXXXXOO\n"
                 "O.X.O.X.O\n"
                 "XXOO.OOXX\n"
                 "X.XOXOX.X\n"
                 "OO.X.X.OO\n"
                 "OO.X.X.OO\n"
                 "X.OO.OO.X\n"
                 "O.XXXXX.O\n"
                 "OO.X.X.OO\n");
    assert_same_when_turned(&b, NULL);
    /* Open borders: the waiting groups too (F6 G6 open, J8 waits). */
    tu_board(&b, "size 11\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 ".O.XXOO.X..\n"
                 "...XXOO....\n"
                 "...XX......\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 "...XXOO....\n"
                 "...XXOO....\n");
    assert_same_when_turned(&b, NULL);
}

static void test_suggest__every_size_and_many_groups(void **state)
{
    (void)state;
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
    o.playouts = 20;
    for (int size = GO_MIN_SIZE; size <= GO_MAX_SIZE; size++) {
        go_board b;
        go_board_init(&b, size);
        assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, &o), 0);
        assert_int_equal(s->ngroups, 0);
        /* One stone of each colour. */
        go_board_place(&b, GO_BLACK, go_point_at(0, 0));
        if (size > 2)
            go_board_place(&b, GO_WHITE, go_point_at(size - 1, size - 1));
        assert_int_equal(go_score_suggest_dead(s, &b, GO_WHITE, &o), 0);
        assert_int_equal(s->ngroups, size > 2 ? 2 : 1);
    }
    /* 25x25 full of single stones: every third point empty, X and O alternating on the
     * others, so no two stones of one colour touch: more groups than half the points. */
    go_board b;
    go_board_init(&b, 25);
    int stones = 0;
    for (int y = 0; y < 25; y++)
        for (int x = 0; x < 25; x++) {
            if ((x + y) % 3 == 0)
                continue;
            go_color c = (x + y) % 3 == 1 ? GO_BLACK : GO_WHITE;
            if (go_board_place(&b, c, go_point_at(x, y)) == 0)
                stones++;
        }
    assert_true(stones > (25 * 25 + 1) / 2);
    assert_int_equal(go_score_suggest_dead(s, &b, GO_BLACK, &o), 0);
    assert_int_equal(s->ngroups, stones);
    free(s);
}

static void test_suggest__stone_against_a_string_that_connects_out_is_no_seki(void **state)
{
    (void)state;
    /* Black's lone E8 and White's F9 string (F9 F8 F7 G7) share their two liberties, E9 and
     * E7, and have no other: the look of a close race between two groups, where Black can
     * fill E9 safely and White E7, which would make it a seki. But White's E7 joins its
     * living left side: White's string is no group short of liberties, and Black's stone,
     * with two liberties and no eye, is dead, with D9 and C8 in White's corner (GNU Go 3.8:
     * `dragon_status E8` dead, `owl_defend E8` 0, `final_status_list dead` C8 D9 E8). */
    go_board b;
    tu_board(&b, "size 9\n"
                 "...X.OXX.\n"
                 "..XOXOX.X\n"
                 "...O.OOXX\n"
                 "...OOXX..\n"
                 "...OX....\n"
                 "...OX....\n"
                 "...OX....\n"
                 "...OX....\n"
                 "...OX....\n");
    go_dead_suggestion *s = malloc(sizeof *s);
    assert_non_null(s);
    for (int seed = 1; seed <= 4; seed++)
        for (int side = 0; side < 2; side++) {
            go_suggest_options o = GO_SUGGEST_OPTIONS_INIT;
            o.seed = (uint64_t)seed;
            assert_int_equal(go_score_suggest_dead(s, &b, side ? GO_WHITE : GO_BLACK, &o), 0);
            assert_int_equal(group_at(s, &b, "E8")->status, GO_STATUS_DEAD);
            assert_int_equal(group_at(s, &b, "D9")->status, GO_STATUS_DEAD);
            assert_int_equal(group_at(s, &b, "C8")->status, GO_STATUS_DEAD);
            assert_int_equal(group_at(s, &b, "F9")->status, GO_STATUS_ALIVE);
            assert_int_equal(s->nseki, 0);
            assert_int_equal(s->ndead, 3);
            assert_int_equal(s->open_points, 0);
        }
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_suggest__benson_two_eyes_alive_one_eye_not),
        cmocka_unit_test(test_suggest__dead_stone_inside_territory),
        cmocka_unit_test(test_suggest__benson_alive_is_never_dead),
        cmocka_unit_test(test_suggest__deterministic_for_a_seed),
        cmocka_unit_test(test_suggest__seki_is_recognised),
        cmocka_unit_test(test_suggest__gnugo_wrong_open_border_stones_are_alive),
        cmocka_unit_test(test_suggest__stone_inside_a_dead_group_is_alive),
        cmocka_unit_test(test_suggest__approachable_seki_is_a_race),
        cmocka_unit_test(test_suggest__open_border_leaves_its_dead_waiting),
        cmocka_unit_test(test_suggest__wall_taken_for_dead_stands_first),
        cmocka_unit_test(test_suggest__every_size_and_many_groups),
        cmocka_unit_test(test_suggest__critical_eye_space_goes_to_the_side_to_move),
        cmocka_unit_test(test_suggest__same_when_the_board_is_turned),
        cmocka_unit_test(test_suggest__cut_string_that_connects_out_is_not_captured),
        cmocka_unit_test(test_suggest__lone_stone_in_a_small_eye_space_is_dead),
        cmocka_unit_test(test_suggest__stone_on_the_vital_point_is_not_taken_up),
        cmocka_unit_test(test_suggest__scattered_stones_in_a_territory_are_dead),
        cmocka_unit_test(test_suggest__stone_against_a_string_that_connects_out_is_no_seki),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
