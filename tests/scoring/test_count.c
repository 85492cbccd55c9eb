/* The count (数子法, Article 9): totals, par, komi, shared points, handicap give-back, verdicts
 * and the JSON contract. Positions are diagrams (X black, O white, . empty; row 1 = top) or,
 * for exact totals on 19x19, a "split" board: Black owns the left part of every row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "go/score.h"
#include "json_count.h"
#include "testutil.h"

static go_point gtp(const char *v, int size)
{
    go_point p;
    if (go_point_from_gtp(&p, v, size) != 0)
        fail_msg("bad vertex %s", v);
    return p;
}

/* Builds a size x size board where, in row y, Black owns the points x < split[y]: a Black stone
 * at split[y]-1, a White stone at split[y] (or split[y]+1 when dame[y], leaving one empty point
 * between them), everything else empty. Splits must change by at most one between rows. */
static void split_board(go_board *b, int size, const int *split, const int *dame)
{
    assert_int_equal(go_board_init(b, size), 0);
    for (int y = 0; y < size; y++) {
        int s = split[y];
        assert_int_equal(go_board_place(b, GO_BLACK, go_point_at(s - 1, y)), 0);
        assert_int_equal(go_board_place(b, GO_WHITE, go_point_at(s + (dame && dame[y]), y)), 0);
    }
}

/* Splits that give Black `area` points on 19x19 (rows of 10 then rows of 9, plus one row of
 * 9 + extra when needed). */
static void split_for_area(int *split, int area)
{
    int tens = area - 19 * 9; /* each row gives 9, tens rows give one more */
    assert_true(tens >= 0 && tens <= 19);
    for (int y = 0; y < 19; y++)
        split[y] = y < tens ? 10 : 9;
}

static go_count count_of(const go_board *b, int komi_quarters, const go_point *dead, int ndead)
{
    go_count_options o = GO_COUNT_OPTIONS_INIT;
    o.komi_quarters = komi_quarters;
    go_count c;
    assert_int_equal(go_score_count(&c, b, dead, ndead, &o), 0);
    return c;
}

static void test_count__seed_worked_example_black_185_wins_by_three_quarters(void **state)
{
    (void)state;
    /* The rules' introduction: "黑185子为赢，白177子为赢"; with today's komi of 3 3/4 Black
     * needs more than 180 1/2 + 3 3/4 = 184 1/4. */
    int split[19];
    go_board b;
    split_for_area(split, 185);
    split_board(&b, 19, split, NULL);
    go_count c = count_of(&b, 15, NULL, 0);
    assert_int_equal(c.black_stones + c.black_territory, 185);
    assert_int_equal(c.white_stones + c.white_territory, 176);
    assert_int_equal(c.shared, 0);
    assert_int_equal(c.par_quarters, 722); /* 180 1/2 */
    assert_int_equal(c.required_black_quarters, 737);
    assert_int_equal(c.margin_quarters, 3);
    assert_int_equal(c.winner, GO_BLACK);
    assert_string_equal(c.verdict_zh, "黑胜3/4子");
    assert_string_equal(c.verdict_en, "Black wins by 3/4 stone (1.5 points)");
    assert_string_equal(c.check_zh, "黑方需 184又1/4 子以上，实有 185 子");
    char r[16];
    assert_string_equal(go_count_gtp_result(r, sizeof r, &c), "B+1.5");
}

static void test_count__seed_worked_example_white_177_wins_by_a_quarter(void **state)
{
    (void)state;
    int split[19];
    go_board b;
    split_for_area(split, 184);
    split_board(&b, 19, split, NULL);
    go_count c = count_of(&b, 15, NULL, 0);
    assert_int_equal(c.white_total_quarters, 177 * 4);
    assert_int_equal(c.margin_quarters, -1);
    assert_int_equal(c.winner, GO_WHITE);
    assert_string_equal(c.verdict_zh, "白胜1/4子");
    assert_string_equal(c.verdict_en, "White wins by 1/4 stone (0.5 points)");
    char r[16];
    assert_string_equal(go_count_gtp_result(r, sizeof r, &c), "W+0.5");
}

static void test_count__rules_1988_komi_two_and_three_quarters(void **state)
{
    (void)state;
    /* 《中国围棋竞赛规则》(1988) 第十一条: 2 3/4 stones. Black 184 then needs more than
     * 183 1/4: wins by 3/4. */
    assert_int_equal(go_score_rules_komi(GO_RULES_1988), 11);
    assert_int_equal(go_score_rules_komi(GO_RULES_2002), 15);
    go_rules_preset r;
    assert_int_equal(go_score_rules_parse(&r, "1988"), 0);
    assert_int_equal(r, GO_RULES_1988);
    assert_int_equal(go_score_rules_parse(&r, "1999"), GO_EINVAL);
    int split[19];
    go_board b;
    split_for_area(split, 184);
    split_board(&b, 19, split, NULL);
    go_count c = count_of(&b, go_score_rules_komi(GO_RULES_1988), NULL, 0);
    assert_int_equal(c.margin_quarters, 3);
    assert_string_equal(c.verdict_zh, "黑胜3/4子");
}

static void test_count__white_wins_by_two_and_a_quarter(void **state)
{
    (void)state;
    int split[19];
    go_board b;
    split_for_area(split, 182);
    split_board(&b, 19, split, NULL);
    go_count c = count_of(&b, 15, NULL, 0);
    assert_int_equal(c.margin_quarters, -9); /* 182 - 184 1/4 */
    assert_string_equal(c.verdict_zh, "白胜2又1/4子");
    assert_string_equal(c.verdict_en, "White wins by 2 1/4 stones (4.5 points)");
}

static void test_count__draw_by_count_equals_par(void **state)
{
    (void)state;
    /* Article 9 without komi: 180 + one shared dame point = 180 1/2 each, equal to par. */
    int split[19], dame[19] = {0};
    go_board b;
    split_for_area(split, 180);
    dame[0] = 1;
    split_board(&b, 19, split, dame);
    go_count c = count_of(&b, 0, NULL, 0);
    assert_int_equal(c.shared, 1);
    assert_int_equal(c.black_total_quarters, 722);
    assert_int_equal(c.white_total_quarters, 722);
    assert_int_equal(c.margin_quarters, 0);
    assert_int_equal(c.winner, GO_EMPTY);
    assert_string_equal(c.verdict_zh, "和棋");
    assert_string_equal(c.verdict_en, "Draw");
    char r[16];
    assert_string_equal(go_count_gtp_result(r, sizeof r, &c), "0");
    /* With komi 3 1/2 Black draws with 184. */
    split_for_area(split, 184);
    split_board(&b, 19, split, NULL);
    c = count_of(&b, 14, NULL, 0);
    assert_int_equal(c.margin_quarters, 0);
    assert_string_equal(c.verdict_zh, "和棋");
}

static void test_count__dame_left_open_is_split_half_and_half(void **state)
{
    (void)state;
    go_board b;
    /* Column D is open between the walls: 7 dame, 3 1/2 stones to each side. */
    tu_board(&b, "size 7\n"
                 "..X.O..\n"
                 "..X.O..\n"
                 "..X.O..\n"
                 "..X.O..\n"
                 "..X.O..\n"
                 "..X.O..\n"
                 "..X.O..\n");
    go_count c = count_of(&b, 0, NULL, 0);
    assert_int_equal(c.shared, 7);
    assert_int_equal(c.black_stones, 7);
    assert_int_equal(c.black_territory, 14);
    assert_int_equal(c.black_total_quarters, 4 * 21 + 2 * 7);
    assert_int_equal(c.white_total_quarters, 4 * 21 + 2 * 7);
    assert_int_equal(c.margin_quarters, 0);
    assert_int_equal(c.owner[gtp("D4", 7)], GO_OWN_SHARED);
    assert_int_equal(c.owner[gtp("A4", 7)], GO_OWN_BLACK_AREA);
    assert_int_equal(c.owner[gtp("G4", 7)], GO_OWN_WHITE_AREA);
    /* Every dame touches both colours: the game is over, the verdict final. */
    assert_true(c.finished);
    assert_int_equal(c.open_count, 0);
    assert_int_equal(c.nwarnings, 0);
    assert_string_equal(c.verdict_zh, "和棋");
}

/* The open points of c as "A1 B2 ..." in board order (top row first). */
static const char *open_names(const go_count *c)
{
    static char text[2048];
    size_t len = 0;
    text[0] = '\0';
    for (int y = 0; y < c->size; y++)
        for (int x = 0; x < c->size; x++)
            if (c->open[go_point_at(x, y)]) {
                char name[8];
                go_point_to_gtp(name, sizeof name, go_point_at(x, y), c->size);
                len +=
                    (size_t)snprintf(text + len, sizeof text - len, "%s%s", len ? " " : "", name);
            }
    return text;
}

static void test_count__a_bent_dame_line_is_finished(void **state)
{
    (void)state;
    go_board b;
    /* The border turns a corner: D7 D6 D5 and E4 F4 G4 each touch both colours. */
    tu_board(&b, "size 7\n"
                 "..X.O..\n"
                 "..X.O..\n"
                 "..X.OOO\n"
                 "..XX...\n"
                 "...XXXX\n"
                 ".......\n"
                 ".......\n");
    go_count c = count_of(&b, 0, NULL, 0);
    assert_int_equal(c.owner[gtp("D5", 7)], GO_OWN_SHARED);
    assert_int_equal(c.owner[gtp("F4", 7)], GO_OWN_SHARED);
    assert_int_equal(c.shared, 6);
    assert_true(c.finished);
    assert_string_equal(open_names(&c), "");
    /* Without White's E5 the point E5 touches White only: the whole region from D7 to G4 is
     * an open border (whoever plays E5 first gains). */
    go_board_init(&b, 7);
    tu_board(&b, "size 7\n"
                 "..X.O..\n"
                 "..X.O..\n"
                 "..X..OO\n"
                 "..XX...\n"
                 "...XXXX\n"
                 ".......\n"
                 ".......\n");
    c = count_of(&b, 0, NULL, 0);
    assert_false(c.finished);
    assert_string_equal(open_names(&c), "D7 D6 D5 E5 E4 F4 G4");
}

static void test_count__an_open_border_is_not_finished(void **state)
{
    (void)state;
    go_board b;
    /* Two columns between the walls: C and D touch one colour each. Nobody has closed the
     * border, so the count is provisional and says which points are open. */
    tu_board(&b, "size 6\n"
                 ".X..O.\n"
                 ".X..O.\n"
                 ".X..O.\n"
                 ".X..O.\n"
                 ".X..O.\n"
                 ".X..O.\n");
    go_count c = count_of(&b, 0, NULL, 0);
    assert_false(c.finished);
    assert_false(c.no_game);
    assert_int_equal(c.open_count, 12);
    assert_true(c.open[gtp("C3", 6)] && c.open[gtp("D3", 6)]);
    assert_false(c.open[gtp("A3", 6)] || c.open[gtp("F3", 6)] || c.open[gtp("B3", 6)]);
    assert_int_equal(c.nwarnings, 1);
    assert_string_equal(c.warnings[0].code, "not_finished");
    assert_string_equal(c.warnings[0].message_zh, "棋局未终局：12 个空点未定");
    assert_string_equal(c.warnings[0].message_en, "Not finished: 12 open points");
    assert_string_equal(c.verdict_zh, "暂定：和棋");
    assert_string_equal(c.verdict_en, "Provisional: Draw");
    /* Closing one column settles the other as dame. */
    for (int y = 0; y < 6; y++)
        assert_int_equal(go_board_place(&b, GO_BLACK, go_point_at(2, y)), 0);
    c = count_of(&b, 0, NULL, 0);
    assert_true(c.finished);
    assert_int_equal(c.shared, 6);
}

static void test_count__a_one_point_gap_leaves_the_border_open(void **state)
{
    (void)state;
    go_board b;
    /* Black's wall has a hole at C4: both areas meet through it, one region bordered by both
     * in which most points touch a single colour. Only C4 is a point between the colours. */
    tu_board(&b, "size 7\n"
                 "...XO..\n"
                 "...XO..\n"
                 "...XO..\n"
                 "....O..\n"
                 "...XO..\n"
                 "...XO..\n"
                 "...XO..\n");
    go_count c = count_of(&b, 15, NULL, 0);
    assert_false(c.finished);
    assert_int_equal(c.open_count, 22); /* columns A..D: 4 * 7 - 6 Black stones */
    assert_true(c.open[gtp("D4", 7)] && c.open[gtp("A1", 7)]);
    assert_false(c.open[gtp("F4", 7)]);
    assert_string_equal(c.verdict_zh, "暂定：白胜11又1/4子"); /* 6 + 22/2 against 21 + 22/2 */
    /* Filling the hole finishes the game and the verdict stands alone. */
    assert_int_equal(go_board_place(&b, GO_BLACK, gtp("D4", 7)), 0);
    c = count_of(&b, 15, NULL, 0);
    assert_true(c.finished);
    assert_string_equal(c.verdict_zh, "白胜1/4子"); /* 28 of 49 against 24 1/2 + 3 3/4 */
}

static void test_count__dead_stones_left_on_the_board_leave_it_open(void **state)
{
    (void)state;
    go_board b;
    /* A White stone inside Black's area, not marked dead: its region is bordered by both
     * colours and most of it touches one; marked dead, the area is Black's and the game over. */
    tu_board(&b, "size 5\n"
                 ".....\n"
                 ".O...\n"
                 ".....\n"
                 "XXXXX\n"
                 "OOOO.\n");
    go_count c = count_of(&b, 0, NULL, 0);
    assert_false(c.finished);
    assert_int_equal(c.open_count, 14);
    go_point dead[] = {gtp("B4", 5)};
    c = count_of(&b, 0, dead, 1);
    assert_true(c.finished);
    assert_int_equal(c.open_count, 0);
}

static void test_count__unusual_komi_is_a_warning(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, "size 5\n"
                 "..XO.\n"
                 "..XO.\n"
                 "..XO.\n"
                 "..XO.\n"
                 "..XO.\n");
    /* 7 1/2 stones: the 7.5 points of the 2002 rules typed as stones. */
    go_count c = count_of(&b, 30, NULL, 0);
    assert_true(c.finished);
    assert_int_equal(c.nwarnings, 1);
    assert_string_equal(c.warnings[0].code, "komi_unusual");
    assert_string_equal(c.warnings[0].message_zh, "贴7又1/2子（15目）不常见，请确认");
    assert_string_equal(c.warnings[0].message_en,
                        "Unusual komi: 7 1/2 stones (15 points); please confirm");
    assert_int_equal(count_of(&b, 20, NULL, 0).nwarnings, 0); /* 5 stones: still usual */
    assert_int_equal(count_of(&b, -20, NULL, 0).nwarnings, 0);
    assert_int_equal(count_of(&b, 21, NULL, 0).nwarnings, 1);
    assert_int_equal(count_of(&b, -21, NULL, 0).nwarnings, 1);
    assert_true(go_score_komi_unusual(30));
    assert_false(go_score_komi_unusual(15));
}

static void test_count__dead_stones_inside_territory_go_to_the_owner(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, "size 7\n"
                 ".....XO\n"
                 ".O...XO\n"
                 ".....XO\n"
                 "....XXO\n"
                 "XXXXXOO\n"
                 "OOOOOO.\n"
                 ".......\n");
    /* The White stone at B6 is dead: removed, its point counts for Black. */
    go_point dead[] = {gtp("B6", 7)};
    go_count c = count_of(&b, 0, dead, 1);
    assert_int_equal(c.white_dead, 1);
    assert_int_equal(c.owner[gtp("B6", 7)], GO_OWN_WHITE_DEAD);
    assert_int_equal(c.black_stones, 10);
    assert_int_equal(c.black_territory, 19); /* 18 empty points + the dead stone's point */
    assert_int_equal(c.white_stones + c.white_territory, 20);
    assert_int_equal(c.shared, 0);
    /* Not marked dead, the same stone makes the whole region shared (bordered by both). */
    c = count_of(&b, 0, NULL, 0);
    assert_int_equal(c.white_dead, 0);
    assert_int_equal(c.shared, 18);
    assert_int_equal(c.owner[gtp("A7", 7)], GO_OWN_SHARED);
}

static void test_count__dead_group_in_a_corner(void **state)
{
    (void)state;
    go_board b;
    /* Black's three stones in the corner (A1 B1 A2) live nowhere: White's area. */
    tu_board(&b, "size 6\n"
                 "..X.O.\n"
                 "..X.O.\n"
                 "XXX.O.\n"
                 "OOOOO.\n"
                 "X.....\n"
                 "XX....\n");
    go_point dead[] = {gtp("A2", 6), gtp("B1", 6)}; /* both points name the same group */
    go_count c = count_of(&b, 0, dead, 2);
    assert_int_equal(c.black_dead, 3);
    assert_int_equal(c.owner[gtp("A1", 6)], GO_OWN_BLACK_DEAD);
    assert_int_equal(c.owner[gtp("C1", 6)], GO_OWN_WHITE_AREA);
    assert_int_equal(c.black_stones, 5);
    assert_int_equal(c.black_territory, 4); /* A5 B5 A6 B6 */
    /* D4..D6 lie between Black's C and White's E: shared. */
    assert_int_equal(c.shared, 3);
    assert_int_equal(c.white_territory, 16); /* F3..F6, rows 1-2 with the dead stones */
    assert_int_equal(c.black_total_quarters + c.white_total_quarters, 36 * 4);
}

static void test_count__empty_board_and_one_colour_on_every_size(void **state)
{
    (void)state;
    for (int size = GO_MIN_SIZE; size <= GO_MAX_SIZE; size++) {
        go_board b;
        assert_int_equal(go_board_init(&b, size), 0);
        go_count c = count_of(&b, 0, NULL, 0);
        /* The empty board: every point shared, each side exactly par: a draw without komi. */
        assert_int_equal(c.size, size);
        assert_int_equal(c.shared, size * size);
        assert_int_equal(c.par_quarters, 2 * size * size);
        assert_int_equal(c.black_total_quarters, c.par_quarters);
        assert_int_equal(c.margin_quarters, 0);
        /* ...but an empty board is no game: no verdict, whatever the komi. */
        c = count_of(&b, 15, NULL, 0);
        assert_int_equal(c.margin_quarters, -15);
        assert_true(c.no_game);
        assert_false(c.finished);
        assert_int_equal(c.winner, GO_EMPTY);
        assert_string_equal(c.verdict_zh, "无法判定胜负");
        assert_string_equal(c.verdict_en, "No verdict");
        assert_string_equal(c.check_zh, "");
        assert_int_equal(c.nwarnings, 1);
        assert_string_equal(c.warnings[0].code, "no_game");
        assert_string_equal(c.warnings[0].message_en, "Empty board: there is no game to count");
        /* One Black stone: the whole board is Black's, and still no game. */
        assert_int_equal(go_board_place(&b, GO_BLACK, go_point_at(size / 2, size / 2)), 0);
        c = count_of(&b, 0, NULL, 0);
        assert_true(c.no_game);
        assert_int_equal(c.winner, GO_EMPTY);
        assert_string_equal(c.warnings[0].message_zh, "棋盘上只有黑子：没有对局，不判胜负");
        assert_int_equal(c.black_stones, 1);
        assert_int_equal(c.black_territory, size * size - 1);
        assert_int_equal(c.white_total_quarters, 0);
        assert_int_equal(c.margin_quarters, 2 * size * size);
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++)
                assert_true(c.owner[go_point_at(x, y)] == GO_OWN_BLACK_AREA ||
                            c.owner[go_point_at(x, y)] == GO_OWN_BLACK_STONE);
    }
    /* 19x19: par 180 1/2, 13x13: 84 1/2, 9x9: 40 1/2. */
    go_board b;
    go_board_init(&b, 13);
    assert_int_equal(count_of(&b, 0, NULL, 0).par_quarters, 338);
    go_board_init(&b, 9);
    assert_int_equal(count_of(&b, 0, NULL, 0).par_quarters, 162);
}

static void test_count__handicap_gives_back_half_a_stone_per_stone(void **state)
{
    (void)state;
    int split[19];
    go_board b;
    split_for_area(split, 183);
    split_board(&b, 19, split, NULL);
    go_count_options o = GO_COUNT_OPTIONS_INIT;
    o.komi_quarters = 0;
    o.handicap = 4; /* gives back 2 stones: Black needs more than 182 1/2 */
    go_count c;
    assert_int_equal(go_score_count(&c, &b, NULL, 0, &o), 0);
    assert_int_equal(c.giveback_quarters, 8);
    assert_int_equal(c.required_black_quarters, 730);
    assert_int_equal(c.margin_quarters, 2);
    assert_string_equal(c.verdict_zh, "黑胜1/2子");
    assert_string_equal(c.verdict_en, "Black wins by 1/2 stone (1 point)");
    /* The setting: no give-back, then a full stone per handicap stone. */
    o.giveback_quarters_per_stone = 0;
    assert_int_equal(go_score_count(&c, &b, NULL, 0, &o), 0);
    assert_int_equal(c.margin_quarters, 10);
    o.giveback_quarters_per_stone = 4;
    assert_int_equal(go_score_count(&c, &b, NULL, 0, &o), 0);
    assert_int_equal(c.margin_quarters, -6);
    /* GNU Go's probe (README): 9x9, fixed_handicap 2, komi 0.5 -> W+1.5 where the board alone
     * is B+0.5: the give-back of 2 handicap stones is 1 stone = 2 points. */
    o.giveback_quarters_per_stone = 2;
    o.handicap = 2;
    o.komi_quarters = 1;
    go_board nine;
    int nine_split[9] = {5, 5, 5, 5, 5, 4, 4, 4, 4}; /* Black 41, White 40 */
    split_board(&nine, 9, nine_split, NULL);
    o.handicap = 0;
    assert_int_equal(go_score_count(&c, &nine, NULL, 0, &o), 0);
    char r[16];
    assert_string_equal(go_count_gtp_result(r, sizeof r, &c), "B+0.5");
    o.handicap = 2;
    assert_int_equal(go_score_count(&c, &nine, NULL, 0, &o), 0);
    assert_string_equal(go_count_gtp_result(r, sizeof r, &c), "W+1.5");
}

static void test_count__seki_eye_and_liberties(void **state)
{
    (void)state;
    /* GNU Go game g0066 (9x9), a seki in the lower left: White's A6 group (eye A3) and the
     * White stone A2 against Black's B2 B1 C1; A1 and D1 are liberties neither side can
     * fill. Article 9: the seki liberties are shared, A3 (bordered only by White) is
     * White's. GNU Go 3.8 counts A3 for nobody (the seki-eye bug in its README). */
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
    go_count c = count_of(&b, 1, NULL, 0);
    assert_int_equal(c.owner[gtp("A1", 9)], GO_OWN_SHARED);
    assert_int_equal(c.owner[gtp("D1", 9)], GO_OWN_SHARED);
    assert_int_equal(c.owner[gtp("A3", 9)], GO_OWN_WHITE_AREA);
    assert_int_equal(c.shared, 2);
    assert_true(c.seki_white > 0);
    assert_true(c.seki_black > 0);
    bool seki[GO_POINTS];
    assert_true(go_score_seki(seki, &b, NULL, 0) > 0);
    assert_true(seki[gtp("B1", 9)]);
    assert_true(seki[gtp("A2", 9)]);
    assert_true(seki[gtp("E1", 9)]);
    assert_false(seki[gtp("J1", 9)] || seki[gtp("D9", 9)]);
    /* Black 41 + 1, White 38 + 1 of 81: B+2.5 with komi 0.5 (GNU Go: B+3.5). */
    char r[16];
    assert_string_equal(go_count_gtp_result(r, sizeof r, &c), "B+2.5");
    /* Both seki liberties touch both colours: the game is over. */
    assert_true(c.finished);
    assert_int_equal(c.open_count, 0);
}

static void test_count__a_capturing_race_is_not_a_seki(void **state)
{
    (void)state;
    /* White's two stones (C3 C2... here B2 B3) share A1..: Black can fill safely, so no seki. */
    go_board b;
    tu_board(&b, "size 5\n"
                 ".....\n"
                 "XXXX.\n"
                 "XOOX.\n"
                 ".OOX.\n"
                 "..XX.\n");
    bool seki[GO_POINTS];
    assert_int_equal(go_score_seki(seki, &b, NULL, 0), 0);
}

static void test_count__komi_parsing_is_exact(void **state)
{
    (void)state;
    int q;
    assert_int_equal(go_score_komi_parse_stones(&q, "3.75"), 0);
    assert_int_equal(q, 15);
    assert_int_equal(go_score_komi_parse_stones(&q, "2 3/4"), 0);
    assert_int_equal(q, 11);
    assert_int_equal(go_score_komi_parse_stones(&q, "2又3/4"), 0);
    assert_int_equal(q, 11);
    assert_int_equal(go_score_komi_parse_stones(&q, "3/4"), 0);
    assert_int_equal(q, 3);
    assert_int_equal(go_score_komi_parse_stones(&q, "-0.25"), 0);
    assert_int_equal(q, -1);
    assert_int_equal(go_score_komi_parse_stones(&q, "0"), 0);
    assert_int_equal(q, 0);
    /* The page's own notation and the other ways a referee writes 3 3/4. */
    static const char *const three_and_three_quarters[] = {"3¾",      "3 ¾",    "3 3/4", "3+3/4",
                                                           "3 + 3/4", "3又3/4", "3.75",  " 3¾ "};
    for (size_t i = 0; i < sizeof three_and_three_quarters / sizeof three_and_three_quarters[0];
         i++) {
        q = 0;
        assert_int_equal(go_score_komi_parse_stones(&q, three_and_three_quarters[i]), 0);
        assert_int_equal(q, 15);
    }
    assert_int_equal(go_score_komi_parse_stones(&q, "2½"), 0);
    assert_int_equal(q, 10);
    assert_int_equal(go_score_komi_parse_stones(&q, "¼"), 0);
    assert_int_equal(q, 1);
    assert_int_equal(go_score_komi_parse_stones(&q, "-¾"), 0);
    assert_int_equal(q, -3);
    assert_int_equal(go_score_komi_parse_stones(&q, "3+"), GO_EPARSE);
    assert_int_equal(go_score_komi_parse_stones(&q, "+"), GO_EPARSE);
    assert_int_equal(go_score_komi_parse_stones(&q, "3¾¾"), GO_EPARSE);
    assert_int_equal(go_score_komi_parse_stones(&q, "3.5¾"), GO_EPARSE);
    assert_int_equal(go_score_komi_parse_stones(&q, "3\xc2"), GO_EPARSE);
    assert_int_equal(go_score_komi_parse_points(&q, "7½"), 0);
    assert_int_equal(q, 15);
    assert_int_equal(go_score_komi_parse_stones(&q, "3.7"), GO_ERANGE);
    assert_int_equal(go_score_komi_parse_stones(&q, "3.125"), GO_ERANGE);
    assert_int_equal(go_score_komi_parse_stones(&q, "abc"), GO_EPARSE);
    assert_int_equal(go_score_komi_parse_stones(&q, ""), GO_EPARSE);
    assert_int_equal(go_score_komi_parse_stones(&q, "3.75x"), GO_EPARSE);
    assert_int_equal(go_score_komi_parse_stones(&q, "1/0"), GO_EPARSE);
    assert_int_equal(go_score_komi_parse_stones(&q, "99999999999"), GO_ERANGE);
    assert_int_equal(go_score_komi_parse_points(&q, "7.5"), 0);
    assert_int_equal(q, 15);
    assert_int_equal(go_score_komi_parse_points(&q, "6.5"), 0);
    assert_int_equal(q, 13);
    assert_int_equal(go_score_komi_parse_points(&q, "0.5"), 0);
    assert_int_equal(q, 1);
    assert_int_equal(go_score_komi_parse_points(&q, "7.25"), GO_ERANGE);
    char buf[24];
    assert_string_equal(go_score_format_quarters(buf, sizeof buf, 737, false), "184又1/4");
    assert_string_equal(go_score_format_quarters(buf, sizeof buf, 737, true), "184 1/4");
    assert_string_equal(go_score_format_quarters(buf, sizeof buf, 2, false), "1/2");
    assert_string_equal(go_score_format_quarters(buf, sizeof buf, -9, false), "-2又1/4");
    assert_string_equal(go_score_format_quarters(buf, sizeof buf, 740, false), "185");
    assert_string_equal(go_score_format_quarters(buf, sizeof buf, 0, false), "0");
}

static void test_count__bad_input_is_refused(void **state)
{
    (void)state;
    go_board b;
    go_board_init(&b, 9);
    go_count c;
    go_point off = go_point_at(9, 0);
    assert_int_equal(go_score_count(&c, &b, &off, 1, NULL), GO_EINVAL);
    go_count_options o = GO_COUNT_OPTIONS_INIT;
    o.version = 99;
    assert_int_equal(go_score_count(&c, &b, NULL, 0, &o), GO_EINVAL);
    o = (go_count_options)GO_COUNT_OPTIONS_INIT;
    o.handicap = -1;
    assert_int_equal(go_score_count(&c, &b, NULL, 0, &o), GO_ERANGE);
    assert_int_equal(go_score_count(&c, &b, NULL, 1, NULL), GO_EINVAL);
    /* An empty point in the dead list is ignored. */
    go_point empty = go_point_at(4, 4);
    assert_int_equal(go_score_count(&c, &b, &empty, 1, NULL), 0);
}

static void test_count__json_contract(void **state)
{
    (void)state;
    int split[19];
    go_board b;
    split_for_area(split, 185);
    split_board(&b, 19, split, NULL);
    assert_int_equal(go_board_place(&b, GO_WHITE, gtp("B2", 19)), 0);
    go_point dead[] = {gtp("B2", 19)};
    go_count c = count_of(&b, 15, dead, 1);
    char *text = NULL;
    assert_int_equal(go_count_to_json(&text, &c, dead, 1, NULL, 0), 0);
    json_error_t err;
    json_t *root = json_loads(text, 0, &err);
    assert_non_null(root);
    assert_int_equal(json_integer_value(json_object_get(root, "size")), 19);
    assert_true(json_number_value(json_object_get(root, "komi_stones")) == 3.75);
    assert_true(json_number_value(json_object_get(root, "par")) == 180.5);
    json_t *black = json_object_get(root, "black");
    assert_int_equal(json_integer_value(json_object_get(black, "stones")), 19);
    assert_int_equal(json_integer_value(json_object_get(black, "territory")), 166);
    assert_true(json_number_value(json_object_get(black, "total")) == 185.0);
    assert_true(json_number_value(json_object_get(root, "margin_stones")) == 0.75);
    assert_true(json_number_value(json_object_get(root, "margin_points")) == 1.5);
    assert_string_equal(json_string_value(json_object_get(root, "winner")), "B");
    assert_string_equal(json_string_value(json_object_get(root, "verdict_zh")), "黑胜3/4子");
    assert_string_equal(json_string_value(json_object_get(root, "verdict_en")),
                        "Black wins by 3/4 stone (1.5 points)");
    json_t *dead_json = json_object_get(root, "dead");
    assert_int_equal(json_array_size(dead_json), 1);
    assert_string_equal(json_string_value(json_array_get(dead_json, 0)), "B2");
    assert_int_equal(json_array_size(json_object_get(root, "seki")), 0);
    json_t *rows = json_object_get(root, "ownership");
    assert_int_equal(json_array_size(rows), 19);
    /* Row 1 of the array is the top row; B2 is row 18 (index 17), column B. */
    assert_string_equal(json_string_value(json_array_get(rows, 0)), "bbbbbbbbbXOwwwwwwww");
    assert_int_equal(json_string_value(json_array_get(rows, 17))[1], 'o');
    assert_true(json_is_true(json_object_get(root, "finished")));
    assert_int_equal(json_array_size(json_object_get(root, "open_points")), 0);
    assert_int_equal(json_array_size(json_object_get(root, "warnings")), 0);
    json_decref(root);
    free(text);
}

/* The JSON of b counted with komi_quarters and no dead stones. */
static json_t *count_json_of(const go_board *b, int komi_quarters)
{
    go_count c = count_of(b, komi_quarters, NULL, 0);
    char *text = NULL;
    assert_int_equal(go_count_to_json(&text, &c, NULL, 0, NULL, 0), 0);
    json_t *root = json_loads(text, 0, NULL);
    assert_non_null(root);
    free(text);
    return root;
}

static void test_count__json_says_open_points_and_warnings(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, "size 5\n"
                 "X..O.\n"
                 "X..O.\n"
                 "XX.O.\n"
                 ".X.O.\n"
                 ".X.O.\n");
    json_t *root = count_json_of(&b, 30);
    assert_true(json_is_false(json_object_get(root, "finished")));
    json_t *open = json_object_get(root, "open_points");
    /* B5 C5 B4 C4 touch one colour; C3 C2 C1 both: one region, all of it open. */
    assert_int_equal(json_array_size(open), 7);
    assert_string_equal(json_string_value(json_array_get(open, 0)), "B5");
    assert_string_equal(json_string_value(json_array_get(open, 6)), "C1");
    json_t *w = json_object_get(root, "warnings");
    assert_int_equal(json_array_size(w), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(w, 0), "code")),
                        "not_finished");
    assert_string_equal(json_string_value(json_object_get(json_array_get(w, 0), "message_en")),
                        "Not finished: 7 open points");
    assert_string_equal(json_string_value(json_object_get(json_array_get(w, 1), "code")),
                        "komi_unusual");
    assert_non_null(json_object_get(json_array_get(w, 1), "message_zh"));
    assert_string_equal(json_string_value(json_object_get(root, "winner")), "W");
    json_decref(root);
    /* No game: no winner, no margin, no GTP result; the warning says why. */
    go_board_init(&b, 9);
    root = count_json_of(&b, 15);
    assert_null(json_object_get(root, "winner"));
    assert_null(json_object_get(root, "margin_stones"));
    assert_null(json_object_get(root, "margin_quarters"));
    assert_null(json_object_get(root, "gtp_result"));
    assert_true(json_is_false(json_object_get(root, "finished")));
    w = json_object_get(root, "warnings");
    assert_int_equal(json_array_size(w), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(w, 0), "code")),
                        "no_game");
    assert_string_equal(json_string_value(json_object_get(root, "verdict_en")), "No verdict");
    json_decref(root);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count__seed_worked_example_black_185_wins_by_three_quarters),
        cmocka_unit_test(test_count__seed_worked_example_white_177_wins_by_a_quarter),
        cmocka_unit_test(test_count__rules_1988_komi_two_and_three_quarters),
        cmocka_unit_test(test_count__white_wins_by_two_and_a_quarter),
        cmocka_unit_test(test_count__draw_by_count_equals_par),
        cmocka_unit_test(test_count__dame_left_open_is_split_half_and_half),
        cmocka_unit_test(test_count__dead_stones_inside_territory_go_to_the_owner),
        cmocka_unit_test(test_count__dead_group_in_a_corner),
        cmocka_unit_test(test_count__empty_board_and_one_colour_on_every_size),
        cmocka_unit_test(test_count__handicap_gives_back_half_a_stone_per_stone),
        cmocka_unit_test(test_count__seki_eye_and_liberties),
        cmocka_unit_test(test_count__a_capturing_race_is_not_a_seki),
        cmocka_unit_test(test_count__komi_parsing_is_exact),
        cmocka_unit_test(test_count__bad_input_is_refused),
        cmocka_unit_test(test_count__json_contract),
        cmocka_unit_test(test_count__a_bent_dame_line_is_finished),
        cmocka_unit_test(test_count__an_open_border_is_not_finished),
        cmocka_unit_test(test_count__a_one_point_gap_leaves_the_border_open),
        cmocka_unit_test(test_count__dead_stones_left_on_the_board_leave_it_open),
        cmocka_unit_test(test_count__unusual_komi_is_a_warning),
        cmocka_unit_test(test_count__json_says_open_points_and_warnings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
