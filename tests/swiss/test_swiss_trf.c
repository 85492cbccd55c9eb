/* TRF out (go_trf_write) and back in (go_trf_read): the 001 columns at their places, names
 * counted in characters, the rounds after a withdrawal as zero-point byes, team records, and
 * a clear refusal of start numbers that are not 1..n once each. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "go/swiss.h"

/* Three players, two rounds, 2/1/0 points. Round 1: A (index 0) beats C with White, B has the
 * bye. Round 2: B and C draw, B with White; A has left after round 1. */
static void three_players(go_xtable *t, go_xt_game *games)
{
    const go_xt_game g[3][2] = {
        {{2, 'w', '1'}, {-1, ' ', ' '}},
        {{-1, '-', 'U'}, {2, 'w', '='}},
        {{0, 'b', '0'}, {1, 'b', '='}},
    };
    memcpy(games, g, sizeof g);
    *t = (go_xtable){3, 2, games, 2, 1, 0, NULL};
}

static char *write_text(const go_trf_event *ev, int *rc)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_non_null(mem);
    *rc = go_trf_write(mem, ev);
    fclose(mem);
    return text;
}

static void test_trf__columns_withdrawal_and_teams(void **state)
{
    (void)state;
    go_xt_game games[6];
    go_xtable t;
    three_players(&t, games);
    /* start numbers: B 1, A 2, C 3 */
    const go_trf_player players[3] = {
        {"Ann", 2, 2600, 2.0, 1, 1},
        {"欧阳", 1, 0, 3.0, 2, 0},
        {"Cy", 3, 100, 1.0, 3, 0},
    };
    const int starts[] = {1, 2}, boards[] = {1, 2};
    const go_trf_team team = {"Team", starts, boards, 2};
    const go_trf_event ev = {"Cup", "2026-10-01", "Swiss", &t, players, &team, 1};
    int rc;
    char *text = write_text(&ev, &rc);
    assert_int_equal(rc, 0);
    /* the 001 lines: start (5-8), name (15-47, counted in characters: 欧阳 is two), rating
     * (49-52), points (81-84), rank (86-89), then per round the opponent (92-95), colour (97)
     * and result (99); Ann's round 2 after leaving is a zero-point bye */
    const char *want = "012 Cup\n"
                       "042 2026-10-01\n"
                       "062 3\n"
                       "092 Swiss\n"
                       "XXR 2\n"
                       "XXS W=2 D=1\n"
                       "BBW  2.0\n"
                       "BBD  1.0\n"
                       "001    1      欧阳                                                         "
                       "        3.0    2  0000 - U     3 w =\n"
                       "001    2      Ann                               2600                       "
                       "      2.0    1     3 w 1  0000 - Z\n"
                       "001    3      Cy                                 100                       "
                       "      1.0    3     2 b 0     1 b =\n"
                       "013 Team                               1    2\n";
    assert_string_equal(text, want);

    /* back in: the same games (start number order: B A C), FIDE points, the names */
    go_xtable back;
    char **names = NULL;
    assert_int_equal(go_trf_read(&back, &names, text, strlen(text)), 0);
    assert_int_equal(back.nplayers, 3);
    assert_int_equal(back.nrounds, 2);
    assert_string_equal(names[0], "欧阳");
    assert_string_equal(names[1], "Ann");
    assert_string_equal(names[2], "Cy");
    const int idx_of_start[3] = {1, 0, 2}; /* start s+1 -> our index */
    for (int s = 0; s < 3; s++)
        for (int r = 0; r < 2; r++) {
            const go_xt_game *g = &back.games[s * 2 + r], *o = &games[idx_of_start[s] * 2 + r];
            if (o->opponent < 0 && o->result == ' ') { /* Ann's round after leaving */
                assert_int_equal(g->result, 'Z');
                continue;
            }
            assert_int_equal(g->result, o->result);
            assert_int_equal(g->color, o->color);
            int want_opp = o->opponent < 0 ? -1 : players[o->opponent].start - 1;
            assert_int_equal(g->opponent, want_opp);
        }
    for (int i = 0; i < 3; i++)
        free(names[i]);
    free(names);
    go_xtable_clear(&back);
    free(text);
}

static void test_trf__start_numbers_refused(void **state)
{
    (void)state;
    go_xt_game games[6];
    go_xtable t;
    three_players(&t, games);
    go_trf_player players[3] = {{"A", 1, 0, 0, 0, 0}, {"B", 1, 0, 0, 0, 0}, {"C", 3, 0, 0, 0, 0}};
    const go_trf_event ev = {"Cup", NULL, "Swiss", &t, players, NULL, 0};
    int rc;
    free(write_text(&ev, &rc));
    assert_int_equal(rc, GO_EINVAL);
    assert_non_null(strstr(go_error_last(), "start number"));
    players[1].start = 4;
    free(write_text(&ev, &rc));
    assert_int_equal(rc, GO_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trf__columns_withdrawal_and_teams),
        cmocka_unit_test(test_trf__start_numbers_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
