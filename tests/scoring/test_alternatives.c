/* What the doubtful readings could change (go_score_alternatives): a point read the other
 * ways and a group taken the other way, recounted one at a time; which ones change the winner,
 * the warning that names them and their JSON. Positions are diagrams (X black, O white,
 * . empty; row 1 = top, so the top row is 5 on a 5x5 board). */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "go/alternatives.h"
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

static go_count_options komi(int quarters)
{
    go_count_options o = GO_COUNT_OPTIONS_INIT;
    o.komi_quarters = quarters;
    return o;
}

/* The decisive reading of the point at v read as other, or NULL. */
static const go_alternative *point_reading(const go_alternatives *a, const char *v, go_color other,
                                           int size)
{
    for (int i = 0; i < a->ndecisive && i < GO_MAX_DECISIVE; i++)
        if (a->decisive[i].kind == GO_ALT_POINT && a->decisive[i].at == gtp(v, size) &&
            a->decisive[i].other == other)
            return &a->decisive[i];
    return NULL;
}

/* Black's wall C3 decides a half-stone game (komi -2 stones: Black needs more than 10 1/2):
 * read White, Black has 10 and loses; read empty, C3 is shared and it is a draw. */
static const char *const wall = "size 5\n"
                                ".XO..\n"
                                ".XO..\n"
                                ".XXO.\n"
                                ".XO..\n"
                                ".XO..\n";

static void test_alternatives__a_wall_stone_read_the_other_ways_changes_the_winner(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, wall);
    go_count_options o = komi(-8);
    go_count c;
    assert_int_equal(go_score_count(&c, &b, NULL, 0, &o), 0);
    assert_int_equal(c.winner, GO_BLACK);
    assert_int_equal(c.margin_quarters, 2);

    go_point doubtful[] = {gtp("C3", 5)};
    go_alternatives a;
    assert_int_equal(go_score_alternatives(&a, &b, NULL, 0, doubtful, 1, NULL, 0, &o), 0);
    assert_int_equal(a.points, 1);
    assert_int_equal(a.recounts, 2);
    assert_int_equal(a.ndecisive, 2);
    const go_alternative *white = point_reading(&a, "C3", GO_WHITE, 5);
    assert_non_null(white);
    assert_int_equal(white->read, GO_BLACK);
    assert_int_equal(white->winner, GO_WHITE);
    assert_int_equal(white->margin_quarters, -2);
    assert_string_equal(white->verdict_zh, "白胜1/2子");
    const go_alternative *empty = point_reading(&a, "C3", GO_EMPTY, 5);
    assert_non_null(empty);
    assert_int_equal(empty->winner, GO_EMPTY);
    assert_false(empty->no_game);
    assert_string_equal(empty->verdict_zh, "和棋");
}

static void test_alternatives__a_point_inside_territory_changes_nothing(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, wall);
    go_count_options o = komi(-8);
    /* A White stone read at A1 stands alone in Black's area: dead, the count is the same; a
     * Black one is Black's own area. Same for a White stone on E5 read Black. */
    go_point doubtful[] = {gtp("A1", 5), gtp("E5", 5), gtp("A1", 5)};
    go_alternatives a;
    assert_int_equal(go_score_alternatives(&a, &b, NULL, 0, doubtful, 3, NULL, 0, &o), 0);
    assert_int_equal(a.points, 2); /* A1 twice is looked at once */
    assert_int_equal(a.recounts, 4);
    assert_int_equal(a.ndecisive, 0);
    go_count c;
    assert_int_equal(go_score_count(&c, &b, NULL, 0, &o), 0);
    go_count_warn_decisive(&c, &a);
    assert_int_equal(c.nwarnings, 0);
}

/* White's area holds a dead Black stone at E3; Black needs more than 10 1/4 and has 10. */
static const char *const dead_inside = "size 5\n"
                                       ".XO..\n"
                                       ".XO..\n"
                                       ".XO.X\n"
                                       ".XO..\n"
                                       ".XO..\n";

static void test_alternatives__a_dead_stone_taken_alive_changes_the_winner(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, dead_inside);
    go_count_options o = komi(-9);
    go_point dead[] = {gtp("E3", 5)};
    go_count c;
    assert_int_equal(go_score_count(&c, &b, dead, 1, &o), 0);
    assert_int_equal(c.winner, GO_WHITE);
    assert_true(c.finished);

    /* E3 alive: White's side is an open border, Black wins. The Black wall taken dead leaves
     * White the winner: not decisive. */
    go_point groups[] = {gtp("E3", 5), gtp("B1", 5), gtp("B5", 5)};
    go_alternatives a;
    assert_int_equal(go_score_alternatives(&a, &b, dead, 1, NULL, 0, groups, 3, &o), 0);
    assert_int_equal(a.groups, 2); /* B1 and B5 name one group */
    assert_int_equal(a.recounts, 2);
    assert_int_equal(a.ndecisive, 1);
    const go_alternative *g = &a.decisive[0];
    assert_int_equal(g->kind, GO_ALT_GROUP);
    assert_int_equal(g->at, gtp("E3", 5));
    assert_int_equal(g->color, GO_BLACK);
    assert_int_equal(g->stones, 1);
    assert_true(g->dead);
    assert_int_equal(g->winner, GO_BLACK);
    assert_false(g->finished);
}

static void test_alternatives__a_stone_joining_dead_stones_is_dead(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, dead_inside);
    go_count_options o = komi(-9);
    go_point dead[] = {gtp("E3", 5)};
    /* D3 read Black joins the dead E3 only: dead with it, no change. Read White it joins the
     * living wall. */
    go_point doubtful[] = {gtp("D3", 5)};
    go_alternatives a;
    assert_int_equal(go_score_alternatives(&a, &b, dead, 1, doubtful, 1, NULL, 0, &o), 0);
    assert_int_equal(a.recounts, 2);
    assert_int_equal(a.ndecisive, 0);
    /* E3 read empty: the dead stone was never there, White keeps the same area. */
    go_point e3[] = {gtp("E3", 5)};
    assert_int_equal(go_score_alternatives(&a, &b, dead, 1, e3, 1, NULL, 0, &o), 0);
    assert_int_equal(a.ndecisive, 0);
}

static void test_alternatives__a_reading_without_liberty_is_impossible(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, "size 5\n"
                 "X.O..\n"
                 "OXO..\n"
                 ".XO..\n"
                 ".XO..\n"
                 ".XO..\n");
    /* B5 read White takes A5's last liberty. */
    go_point doubtful[] = {gtp("B5", 5)};
    go_alternatives a;
    go_count_options o = komi(0);
    assert_int_equal(go_score_alternatives(&a, &b, NULL, 0, doubtful, 1, NULL, 0, &o), 0);
    assert_int_equal(a.impossible, 1);
    assert_int_equal(a.recounts, 1);
}

static void test_alternatives__bad_points_are_refused(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, wall);
    go_alternatives a;
    go_point off[] = {go_point_at(7, 1)};
    assert_int_equal(go_score_alternatives(&a, &b, NULL, 0, off, 1, NULL, 0, NULL), GO_EINVAL);
    go_point pass[] = {GO_PASS};
    assert_int_equal(go_score_alternatives(&a, &b, NULL, 0, pass, 1, NULL, 0, NULL), GO_EINVAL);
    go_point empty[] = {gtp("A1", 5)};
    assert_int_equal(go_score_alternatives(&a, &b, NULL, 0, NULL, 0, empty, 1, NULL), GO_EINVAL);
}

static void test_alternatives__warning_and_json_name_the_decisive_places(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, wall);
    go_count_options o = komi(-8);
    go_point doubtful[] = {gtp("C3", 5), gtp("A1", 5)};
    go_point groups[] = {gtp("C5", 5)};
    go_alternatives a;
    assert_int_equal(go_score_alternatives(&a, &b, NULL, 0, doubtful, 2, groups, 1, &o), 0);
    /* C3 two ways; White's C5-C4 taken dead gives Black more. */
    assert_int_equal(a.ndecisive, 2);
    go_count c;
    assert_int_equal(go_score_count(&c, &b, NULL, 0, &o), 0);
    int before = c.nwarnings;
    go_count_warn_decisive(&c, &a);
    assert_int_equal(c.nwarnings, before + 1);
    const go_count_warning *w = &c.warnings[c.nwarnings - 1];
    assert_string_equal(w->code, "decisive_points");
    assert_string_equal(w->message_zh, "1 处存疑可改变胜负，请先核对：C3");
    assert_string_equal(w->message_en, "1 doubtful place could change the winner; check first: C3");

    char *text = NULL;
    assert_int_equal(go_alternatives_to_json(&text, &a, 5), 0);
    json_error_t err;
    json_t *root = json_loads(text, 0, &err);
    assert_non_null(root);
    assert_int_equal(json_integer_value(json_object_get(root, "points_checked")), 2);
    assert_int_equal(json_integer_value(json_object_get(root, "groups_checked")), 1);
    assert_int_equal(json_integer_value(json_object_get(root, "recounts")), 5);
    assert_int_equal(json_integer_value(json_object_get(root, "total")), 2);
    json_t *items = json_object_get(root, "items");
    assert_int_equal(json_array_size(items), 2);
    json_t *first = json_array_get(items, 0);
    assert_string_equal(json_string_value(json_object_get(first, "kind")), "point");
    assert_string_equal(json_string_value(json_object_get(first, "at")), "C3");
    assert_string_equal(json_string_value(json_object_get(first, "read")), "black");
    assert_string_equal(json_string_value(json_object_get(first, "other")), "empty");
    assert_string_equal(json_string_value(json_object_get(first, "winner")), "draw");
    assert_true(json_real_value(json_object_get(first, "margin_stones")) == 0.0);
    assert_string_equal(json_string_value(json_object_get(first, "verdict_en")), "Draw");
    json_t *second = json_array_get(items, 1);
    assert_string_equal(json_string_value(json_object_get(second, "other")), "white");
    assert_string_equal(json_string_value(json_object_get(second, "winner")), "W");
    assert_true(json_real_value(json_object_get(second, "margin_stones")) == -0.5);
    json_decref(root);
    free(text);
}

static void test_alternatives__a_dead_group_in_json_and_warning(void **state)
{
    (void)state;
    go_board b;
    tu_board(&b, dead_inside);
    go_count_options o = komi(-9);
    go_point dead[] = {gtp("E3", 5)};
    go_point groups[] = {gtp("E3", 5)};
    go_alternatives a;
    assert_int_equal(go_score_alternatives(&a, &b, dead, 1, NULL, 0, groups, 1, &o), 0);
    char *text = NULL;
    assert_int_equal(go_alternatives_to_json(&text, &a, 5), 0);
    json_t *root = json_loads(text, 0, NULL);
    json_t *g = json_array_get(json_object_get(root, "items"), 0);
    assert_string_equal(json_string_value(json_object_get(g, "kind")), "group");
    assert_string_equal(json_string_value(json_object_get(g, "color")), "B");
    assert_int_equal(json_integer_value(json_object_get(g, "stones")), 1);
    assert_string_equal(json_string_value(json_object_get(g, "read")), "dead");
    assert_string_equal(json_string_value(json_object_get(g, "other")), "alive");
    assert_false(json_boolean_value(json_object_get(g, "finished")));
    json_decref(root);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alternatives__a_wall_stone_read_the_other_ways_changes_the_winner),
        cmocka_unit_test(test_alternatives__a_point_inside_territory_changes_nothing),
        cmocka_unit_test(test_alternatives__a_dead_stone_taken_alive_changes_the_winner),
        cmocka_unit_test(test_alternatives__a_stone_joining_dead_stones_is_dead),
        cmocka_unit_test(test_alternatives__a_reading_without_liberty_is_impossible),
        cmocka_unit_test(test_alternatives__bad_points_are_refused),
        cmocka_unit_test(test_alternatives__warning_and_json_name_the_decisive_places),
        cmocka_unit_test(test_alternatives__a_dead_group_in_json_and_warning),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
