/* Events: Berger tables, round-robin standings with the Article 28 tie-breaks and shared
 * places, Article 29 withdrawals, Swiss pairing (no repeats, colours balanced, byes), the
 * Swiss total, knockout brackets, matches and team match points. */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"
#include "club_fixture.h"
#include "go/club_games.h"
#include "go/club_events.h"
#include "go/swiss.h"

static char path[512];
static int64_t ids[64];

static int setup(void **state)
{
    go_club *c = club_open_with_players(path, sizeof path, "events", ids, 40);
    if (!c)
        return -1;
    *state = c;
    return 0;
}

static int teardown(void **state)
{
    go_club_free(*state);
    club_tmp_remove(path);
    return 0;
}

static int64_t make_event(go_club *c, go_event_kind kind, int rounds, int players)
{
    int64_t ev = 0;
    assert_int_equal(go_club_event_add(c, &ev, "测试赛", kind, rounds, "2026-10-01", 0), 0);
    /* the lot fixed: the higher player (the first number) takes Black on board 1 */
    assert_int_equal(go_club_event_set_draw(c, ev, 'B'), 0);
    for (int i = 0; i < players; i++)
        assert_int_equal(go_club_event_enter(c, ev, ids[i], NULL, 0), 0);
    return ev;
}

/* Enters results for every pending game of a round with a rule on the seeds. */
static void play_round(go_club *c, int64_t ev, int round, char (*decide)(int64_t b, int64_t w))
{
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, round), 0);
    for (int k = 0; k < p->nrows; k++) {
        if (strcmp(go_club_cell(p, k, 8), "pending") != 0)
            continue;
        go_game_record r = GO_GAME_RECORD_INIT;
        r.id = strtol(go_club_cell(p, k, 2), NULL, 10);
        int64_t b = strtol(go_club_cell(p, k, 3), NULL, 10),
                w = strtol(go_club_cell(p, k, 5), NULL, 10);
        r.winner = decide(b, w);
        r.by = r.winner == 'D' ? GO_BY_DRAW : GO_BY_RESIGN;
        assert_int_equal(go_club_result_add(c, &r), 0);
    }
    go_club_table_free(p);
}

static char lower_id_wins(int64_t b, int64_t w)
{
    return b < w ? 'B' : 'W';
}

static void test_club_events__berger_tables(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 4);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    /* FIDE Berger table for 4: 1-4 2-3 / 4-3 1-2 / 2-4 3-1 */
    int want[6][2] = {{1, 4}, {2, 3}, {4, 3}, {1, 2}, {2, 4}, {3, 1}};
    assert_int_equal(p->nrows, 6);
    for (int k = 0; k < 6; k++) {
        assert_int_equal(strtol(go_club_cell(p, k, 3), NULL, 10), ids[want[k][0] - 1]);
        assert_int_equal(strtol(go_club_cell(p, k, 5), NULL, 10), ids[want[k][1] - 1]);
    }
    go_club_table_free(p);
    assert_int_equal(go_club_event_pair(c, &round, ev), GO_ECONFLICT);
    /* FIDE's table for 6: 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1 */
    int64_t ev6 = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 6);
    assert_int_equal(go_club_event_pair(c, &round, ev6), 0);
    assert_int_equal(go_club_event_pairings(c, &p, ev6, 0), 0);
    int want6[15][2] = {{1, 6}, {2, 5}, {3, 4}, {6, 4}, {5, 3}, {1, 2}, {2, 6}, {3, 1},
                        {4, 5}, {6, 5}, {1, 4}, {2, 3}, {3, 6}, {4, 2}, {5, 1}};
    assert_int_equal(p->nrows, 15);
    for (int k = 0; k < 15; k++) {
        assert_int_equal(strtol(go_club_cell(p, k, 3), NULL, 10), ids[want6[k][0] - 1]);
        assert_int_equal(strtol(go_club_cell(p, k, 5), NULL, 10), ids[want6[k][1] - 1]);
    }
    go_club_table_free(p);
    /* 7 players: 7 rounds, everyone meets everyone once, one sits out each round */
    int64_t ev7 = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 7);
    assert_int_equal(go_club_event_pair(c, &round, ev7), 0);
    assert_int_equal(go_club_event_pairings(c, &p, ev7, 0), 0);
    assert_int_equal(p->nrows, 21);
    int met[8][8] = {{0}};
    for (int k = 0; k < p->nrows; k++) {
        int a = (int)strtol(go_club_cell(p, k, 3), NULL, 10),
            b = (int)strtol(go_club_cell(p, k, 5), NULL, 10);
        met[a - ids[0]][b - ids[0]]++;
        met[b - ids[0]][a - ids[0]]++;
    }
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++)
            assert_int_equal(met[i][j], i == j ? 0 : 1);
    go_club_table_free(p);
}

static char rr_results(int64_t b, int64_t w)
{
    /* 1 beats all; 2, 3, 4 beat each other in a circle; 5 and 6 draw; 5, 6 lose to 2-4 */
    int x = (int)(b - ids[0]) + 1, y = (int)(w - ids[0]) + 1;
    if (x == 1)
        return 'B';
    if (y == 1)
        return 'W';
    if ((x == 5 && y == 6) || (x == 6 && y == 5))
        return 'D';
    if (x >= 5)
        return 'W';
    if (y >= 5)
        return 'B';
    /* circle 2>3>4>2 */
    if ((x == 2 && y == 3) || (x == 3 && y == 4) || (x == 4 && y == 2))
        return 'B';
    return 'W';
}

static void test_club_events__round_robin_tiebreaks_and_shared_place(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 6);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    for (int r = 1; r <= 5; r++)
        play_round(c, ev, r, rr_results);
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    assert_int_equal(n, 6);
    assert_int_equal(s[0].member, ids[0]);
    assert_true(fabs(s[0].points - 10) < 1e-9);
    /* 1's SB: beat everyone: 6 + 6 + 6 + 1 + 1 = 20 */
    assert_true(fabs(s[0].tiebreak_sb - 20) < 1e-9);
    /* 2, 3, 4: 6 points, SB = one of the others (6) + 5 (1) + 6 (1) = 8 each: shared place 2 */
    for (int k = 1; k <= 3; k++) {
        assert_true(fabs(s[k].points - 6) < 1e-9);
        assert_true(fabs(s[k].tiebreak_sb - 8) < 1e-9);
        assert_int_equal(s[k].place, 2);
        assert_true(s[k].shared);
    }
    assert_int_equal(s[4].place, 5);
    assert_true(s[4].shared);
    free(s);
}

static void test_club_events__warnings_break_ties(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 6);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    for (int r = 1; r <= 5; r++)
        play_round(c, ev, r, rr_results);
    /* a friendly-game warning elsewhere does not count; one inside the event does */
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 1), 0);
    (void)p;
    go_club_table_free(p);
    /* add a warning to player 3 by re-entering one of its games with the same result (a
     * correction: it needs the reason) */
    assert_int_equal(go_club_set_reason(c, "the referee's warning was left off"), 0);
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    for (int k = 0; k < p->nrows; k++) {
        int64_t b = strtol(go_club_cell(p, k, 3), NULL, 10),
                w = strtol(go_club_cell(p, k, 5), NULL, 10);
        if (b == ids[2] || w == ids[2]) {
            go_game_record r = GO_GAME_RECORD_INIT;
            r.id = strtol(go_club_cell(p, k, 2), NULL, 10);
            r.winner = rr_results(b, w);
            r.by = r.winner == 'D' ? GO_BY_DRAW : GO_BY_RESIGN;
            if (b == ids[2])
                r.warnings_black = 1;
            else
                r.warnings_white = 1;
            assert_int_equal(go_club_result_add(c, &r), 0);
            break;
        }
    }
    go_club_table_free(p);
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    assert_int_equal(s[3].member, ids[2]); /* 3 drops to fourth */
    assert_int_equal(s[3].place, 4);
    assert_false(s[3].shared);
    assert_int_equal(s[1].place, 2);
    assert_true(s[1].shared);
    free(s);
}

static void test_club_events__withdrawal_article_29(void **state)
{
    go_club *c = *state;
    /* 6 players, 5 rounds: #6 leaves after 2 rounds (less than half): results voided */
    int64_t ev = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 6);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    play_round(c, ev, 1, lower_id_wins);
    play_round(c, ev, 2, lower_id_wins);
    assert_int_equal(go_club_event_withdraw(c, ev, ids[5], 2), 0);
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    double total = 0;
    for (size_t k = 0; k < n; k++) {
        total += s[k].points;
        if (s[k].member == ids[5]) {
            assert_true(s[k].withdrawn);
            assert_true(fabs(s[k].points) < 1e-9);
        }
    }
    /* rounds 1-2: 6 games, 2 involved #6 -> 4 games = 8 points */
    assert_true(fabs(total - 8) < 1e-9);
    free(s);
    /* another event: #6 leaves after 3 of 5 rounds: the rest count as the opponents' wins */
    int64_t ev2 = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 6);
    assert_int_equal(go_club_event_pair(c, &round, ev2), 0);
    for (int r = 1; r <= 3; r++)
        play_round(c, ev2, r, lower_id_wins);
    assert_int_equal(go_club_event_withdraw(c, ev2, ids[5], 3), 0);
    assert_int_equal(go_club_event_standings(c, &s, &n, ev2), 0);
    total = 0;
    for (size_t k = 0; k < n; k++)
        total += s[k].points;
    assert_true(fabs(total - 9 * 2 - 2 * 2) < 1e-9); /* 9 games played + 2 forfeits */
    free(s);
    assert_int_equal(go_club_event_withdraw(c, ev2, ids[5], 3), GO_ECONFLICT);
    assert_int_equal(go_club_event_withdraw(c, ev2, ids[30], 3), GO_ENOTFOUND);
}

static char random_result(int64_t b, int64_t w)
{
    unsigned h = (unsigned)(b * 7919 + w * 104729);
    h ^= h >> 7;
    return h % 7 == 0 ? 'D' : h % 2 ? 'B' : 'W';
}

static void test_club_events__swiss_no_repeats_colours_balanced(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_SWISS, 7, 21);
    int round;
    for (int r = 1; r <= 7; r++) {
        assert_int_equal(go_club_event_pair(c, &round, ev), 0);
        assert_int_equal(round, r);
        if (r == 1)
            assert_int_equal(go_club_event_pair(c, &round, ev), GO_ECONFLICT); /* results first */
        play_round(c, ev, r, random_result);
    }
    assert_int_equal(go_club_event_pair(c, &round, ev), GO_ECONFLICT); /* all rounds paired */
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    int met[21][21] = {{0}}, diff[21] = {0}, byes[21] = {0};
    for (int k = 0; k < p->nrows; k++) {
        int a = (int)(strtol(go_club_cell(p, k, 3), NULL, 10) - ids[0]);
        if (!go_club_cell(p, k, 5)) {
            byes[a]++;
            continue;
        }
        int b = (int)(strtol(go_club_cell(p, k, 5), NULL, 10) - ids[0]);
        met[a][b]++;
        met[b][a]++;
        diff[a]++;
        diff[b]--;
    }
    for (int i = 0; i < 21; i++) {
        assert_true(byes[i] <= 1);
        assert_true(abs(diff[i]) <= 2);
        for (int j = 0; j < 21; j++)
            assert_true(met[i][j] <= 1);
    }
    go_club_table_free(p);
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    for (size_t k = 1; k < n; k++)
        assert_true(s[k - 1].swiss_total >= s[k].swiss_total - 1e-9);
    free(s);
}

static void test_club_events__knockout(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_KNOCKOUT, 0, 6);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 1), 0);
    assert_int_equal(p->nrows, 4); /* 1 and 2 have byes in a bracket of 8 */
    go_club_table_free(p);
    play_round(c, ev, 1, lower_id_wins);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    assert_int_equal(round, 2);
    play_round(c, ev, 2, lower_id_wins);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    play_round(c, ev, 3, lower_id_wins);
    assert_int_equal(go_club_event_pair(c, &round, ev), GO_ECONFLICT);
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    assert_int_equal(s[0].member, ids[0]);
    assert_int_equal(s[1].member, ids[1]);
    free(s);
}

static void test_club_events__team_match_points(void **state)
{
    go_club *c = *state;
    int64_t ev = 0;
    assert_int_equal(go_club_event_add(c, &ev, "团体赛", GO_EVENT_TEAM, 0, "2026-10-01", 3), 0);
    const char *teams[] = {"一班", "二班", "三班"};
    for (int t = 0; t < 3; t++)
        for (int b = 1; b <= 3; b++)
            assert_int_equal(go_club_event_enter(c, ev, ids[t * 3 + b - 1], teams[t], b), 0);
    assert_int_equal(go_club_event_enter(c, ev, ids[20], teams[0], 1), GO_EEXISTS);
    assert_int_equal(go_club_event_enter(c, ev, ids[20], teams[0], 4), GO_EINVAL);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    assert_int_equal(p->nrows, 9); /* 3 matches of 3 boards */
    go_club_table_free(p);
    for (int r = 1; r <= 3; r++)
        play_round(c, ev, r, lower_id_wins); /* team 1 beats 2 and 3 on every board */
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    assert_int_equal(n, 3);
    assert_string_equal(s[0].name, "一班");
    assert_true(fabs(s[0].points - 4) < 1e-9);
    assert_true(fabs(s[0].game_points - 12) < 1e-9);
    assert_string_equal(s[1].name, "二班");
    assert_true(fabs(s[1].points - 2) < 1e-9);
    assert_true(fabs(s[2].points) < 1e-9);
    free(s);
}

static void test_club_events__match_best_of(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_MATCH, 3, 2);
    assert_int_equal(go_club_event_enter(c, ev, ids[5], NULL, 0), GO_ECONFLICT);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    assert_int_equal(p->nrows, 3);
    /* colours alternate */
    assert_string_equal(go_club_cell(p, 0, 3), go_club_cell(p, 1, 5));
    go_club_table_free(p);
}

static void test_club_events__swiss_withdrawal_article_29(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_SWISS, 4, 8);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    play_round(c, ev, 1, lower_id_wins);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    play_round(c, ev, 2, lower_id_wins);
    /* player 1 (two wins, 4 points) leaves after round 2 */
    assert_int_equal(go_club_event_withdraw(c, ev, ids[0], 2), 0);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 3), 0);
    assert_int_equal(p->nrows, 4); /* 7 players: 3 games and a bye */
    for (int k = 0; k < p->nrows; k++) {
        assert_int_not_equal(strtol(go_club_cell(p, k, 3), NULL, 10), ids[0]);
        if (go_club_cell(p, k, 5))
            assert_int_not_equal(strtol(go_club_cell(p, k, 5), NULL, 10), ids[0]);
    }
    go_club_table_free(p);
    play_round(c, ev, 3, lower_id_wins);
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    /* Player 1's results stand (4 points) and he is listed as withdrawn. */
    for (size_t k = 0; k < n; k++)
        if (s[k].member == ids[0]) {
            assert_true(s[k].withdrawn);
            assert_true(fabs(s[k].points - 4) < 1e-9);
        }
    free(s);
    /* Section 3 on a small cross table: player 0 scores a win and a draw (3 points in 2 games)
     * and leaves; for his opponents he counts 3 + A x 1 unplayed round, A = 3/2 capped at 1
     * (a draw): 4. Player 1 drew with him: SB = 4 / 2 = 2 (2.25 without the cap). */
    go_xt_game g[2 * 3] = {
        {1, 'b', '1'}, {1, 'w', '='}, {-1, '-', ' '}, {0, 'w', '0'}, {0, 'b', '='}, {-1, '-', 'U'},
    };
    int withdrawn[2] = {2, 0};
    go_xtable t = {2, 3, g, 2, 1, 0, withdrawn};
    double pts[2], sb[2];
    assert_int_equal(go_xtable_tiebreaks(&t, GO_UNPLAYED_AS_SCORED, pts, sb, NULL), 0);
    assert_true(fabs(pts[0] - 3) < 1e-9);
    assert_true(fabs(sb[1] - 2) < 1e-9);
    t.withdrawn_after = NULL; /* without Article 29: his plain 3 points */
    assert_int_equal(go_xtable_tiebreaks(&t, GO_UNPLAYED_AS_SCORED, pts, sb, NULL), 0);
    assert_true(fabs(sb[1] - 1.5) < 1e-9);
}

static void test_club_events__swiss_60_players_no_repeats(void **state)
{
    go_club *c = *state;
    for (int i = 40; i < 60; i++) {
        char num[8], name[16];
        snprintf(num, sizeof num, "%d", i + 1);
        snprintf(name, sizeof name, "加%02d", i + 1);
        ids[i] = club_add_member(c, num, name, "2026-09-01");
    }
    int64_t ev = make_event(c, GO_EVENT_SWISS, 9, 60);
    int round;
    for (int r = 1; r <= 9; r++) {
        assert_int_equal(go_club_event_pair(c, &round, ev), 0);
        play_round(c, ev, r, random_result);
    }
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    assert_int_equal(p->nrows, 9 * 30);
    static int met[60][60];
    memset(met, 0, sizeof met);
    int blacks[60] = {0};
    for (int k = 0; k < p->nrows; k++) {
        int a = (int)(strtol(go_club_cell(p, k, 3), NULL, 10) - ids[0]);
        int b = (int)(strtol(go_club_cell(p, k, 5), NULL, 10) - ids[0]);
        assert_int_equal(met[a][b], 0);
        met[a][b] = met[b][a] = 1;
        blacks[a]++;
    }
    for (int i = 0; i < 60; i++)
        assert_true(blacks[i] >= 3 && blacks[i] <= 6); /* 9 games: colours within 4-5 +-1 */
    go_club_table_free(p);
}

/* Four players, a Swiss of four rounds: after three rounds everyone has met everyone, so
 * round 4 has no pairing without a repeat. It is refused (GO_ECONFLICT, saying why) and
 * nothing is written; before, the heuristic paired a repeat game silently. */
static void test_club_events__swiss_refuses_repeat(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_SWISS, 4, 4);
    int round;
    for (int r = 1; r <= 3; r++) {
        assert_int_equal(go_club_event_pair(c, &round, ev), 0);
        play_round(c, ev, r, lower_id_wins);
    }
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    int met[4][4] = {{0}};
    for (int k = 0; k < p->nrows; k++) {
        int a = (int)(strtol(go_club_cell(p, k, 3), NULL, 10) - ids[0]);
        int b = (int)(strtol(go_club_cell(p, k, 5), NULL, 10) - ids[0]);
        met[a][b] = met[b][a] = 1;
    }
    go_club_table_free(p);
    for (int i = 0; i < 4; i++) /* the three rounds were a full round robin */
        for (int j = 0; j < 4; j++)
            assert_int_equal(met[i][j], i != j);
    assert_int_equal(go_club_event_pair(c, &round, ev), GO_ECONFLICT);
    assert_non_null(strstr(go_error_last(), "repeat"));
    assert_int_equal(go_club_event_pairings(c, &p, ev, 4), 0);
    assert_int_equal(p->nrows, 0); /* the refused round left nothing behind */
    go_club_table_free(p);
}

/* Colours in Go: Black moves first, so a player with more Blacks is owed White. Two rounds of
 * six players: everyone who had Black in round 1 and White in round 2 (or the reverse) is
 * balanced; nobody has the same colour three times in three rounds. */
static void test_club_events__swiss_black_first(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_SWISS, 3, 6);
    int round;
    for (int r = 1; r <= 3; r++) {
        assert_int_equal(go_club_event_pair(c, &round, ev), 0);
        play_round(c, ev, r, lower_id_wins);
    }
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    int blacks[6] = {0};
    for (int k = 0; k < p->nrows; k++)
        blacks[strtol(go_club_cell(p, k, 3), NULL, 10) - ids[0]]++;
    for (int i = 0; i < 6; i++)
        assert_true(blacks[i] == 1 || blacks[i] == 2);
    go_club_table_free(p);
}

/* A Swiss exported as TRF and paired from the file (go_trf_pair, as bbpPairings would read
 * it: BBW/BBD give our 2/1/0 points) gets the same next round as the event itself: the
 * export carries everything the pairing needs (results, colours, byes, the rounds). */
static void test_club_events__swiss_trf_round_trip(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_SWISS, 7, 15); /* odd: a bye every round */
    int round;
    for (int r = 1; r <= 4; r++) {
        assert_int_equal(go_club_event_pair(c, &round, ev), 0);
        play_round(c, ev, r, random_result);
    }
    char *trf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&trf, &len);
    assert_non_null(mem);
    assert_int_equal(go_club_export_trf(c, mem, ev), 0);
    fclose(mem);
    assert_non_null(strstr(trf, "BBW  2.0"));
    assert_non_null(strstr(trf, "0000 - U")); /* the byes */
    go_pairing *p = NULL;
    size_t np = 0;
    assert_int_equal(go_trf_pair(&p, &np, trf, len), 0);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    assert_int_equal(round, 5);
    go_club_table *t = NULL;
    assert_int_equal(go_club_event_pairings(c, &t, ev, 5), 0);
    assert_int_equal((size_t)t->nrows, np);
    /* TRF start number i+1 = the i-th entry = ids[i]; the file's 'w' is Go's White */
    for (size_t k = 0; k < np; k++) {
        int64_t white = p[k].second >= 0 ? ids[p[k].first] : 0;
        int64_t black = p[k].second >= 0 ? ids[p[k].second] : ids[p[k].first];
        bool found = false;
        for (int r = 0; r < t->nrows; r++) {
            int64_t b = strtol(go_club_cell(t, r, 3), NULL, 10);
            int64_t w = go_club_cell(t, r, 5) ? strtol(go_club_cell(t, r, 5), NULL, 10) : 0;
            if (b == black && w == white)
                found = true;
        }
        if (!found)
            fail_msg("the file's pair %lld (white) - %lld (black) is not in the event's round 5",
                     (long long)white, (long long)black);
    }
    go_club_table_free(t);
    free(p);
    free(trf);
}

/* Two teams, a team Swiss of two rounds: the second round could only repeat the first match,
 * so it is refused instead of paired again. */
static void test_club_events__team_swiss_refuses_repeat(void **state)
{
    go_club *c = *state;
    int64_t ev = 0;
    assert_int_equal(go_club_event_add(c, &ev, "两队对抗", GO_EVENT_TEAM_SWISS, 2, "2026-10-01", 2),
                     0);
    const char *teams[] = {"东队", "西队"};
    for (int t = 0; t < 2; t++)
        for (int b = 1; b <= 2; b++)
            assert_int_equal(go_club_event_enter(c, ev, ids[t * 2 + b - 1], teams[t], b), 0);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    play_round(c, ev, 1, lower_id_wins);
    assert_int_equal(go_club_event_pair(c, &round, ev), GO_ECONFLICT);
    assert_non_null(strstr(go_error_last(), "repeat"));
}

static void test_club_events__team_swiss(void **state)
{
    go_club *c = *state;
    int64_t ev = 0;
    assert_int_equal(
        go_club_event_add(c, &ev, "团体积分赛", GO_EVENT_TEAM_SWISS, 3, "2026-10-01", 2), 0);
    const char *teams[] = {"甲队", "乙队", "丙队", "丁队", "戊队"};
    for (int t = 0; t < 5; t++)
        for (int b = 1; b <= 2; b++)
            assert_int_equal(go_club_event_enter(c, ev, ids[t * 2 + b - 1], teams[t], b), 0);
    int round;
    int met[5][5] = {{0}}, byes[5] = {0};
    for (int r = 1; r <= 3; r++) {
        assert_int_equal(go_club_event_pair(c, &round, ev), 0);
        go_club_table *p = NULL;
        assert_int_equal(go_club_event_pairings(c, &p, ev, r), 0);
        assert_int_equal(p->nrows, 6); /* two matches of two boards, one team with a bye */
        for (int k = 0; k < p->nrows; k++) {
            int a = (int)(strtol(go_club_cell(p, k, 3), NULL, 10) - ids[0]) / 2;
            if (!go_club_cell(p, k, 5)) {
                byes[a]++;
                continue;
            }
            int b = (int)(strtol(go_club_cell(p, k, 5), NULL, 10) - ids[0]) / 2;
            assert_int_not_equal(a, b);
            met[a][b]++;
            met[b][a]++;
        }
        go_club_table_free(p);
        play_round(c, ev, r, lower_id_wins); /* the team listed first wins every board */
    }
    assert_int_equal(go_club_event_pair(c, &round, ev), GO_ECONFLICT);
    for (int a = 0; a < 5; a++) {
        assert_true(byes[a] <= 2 * 1); /* at most one bye round (two boards) */
        for (int b = 0; b < 5; b++)
            assert_true(met[a][b] == 0 || met[a][b] == 2); /* once, on both boards */
    }
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    assert_int_equal(n, 5);
    assert_string_equal(s[0].name, "甲队");
    assert_true(fabs(s[0].points - 6) < 1e-9); /* three match wins (or two and a bye) */
    double total = 0;
    for (size_t k = 0; k < n; k++) {
        total += s[k].points;
        if (k)
            assert_true(s[k - 1].swiss_total >= s[k].swiss_total - 1e-9);
    }
    assert_true(fabs(total - 3 * (2 * 2 + 2)) < 1e-9); /* per round: two matches + one bye */
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_events__berger_tables, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__round_robin_tiebreaks_and_shared_place,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__warnings_break_ties, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__withdrawal_article_29, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__swiss_no_repeats_colours_balanced, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_events__knockout, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__team_match_points, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__match_best_of, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__swiss_withdrawal_article_29, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_events__swiss_60_players_no_repeats, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_events__swiss_refuses_repeat, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__swiss_black_first, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__swiss_trf_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_events__team_swiss_refuses_repeat, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_events__team_swiss, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
