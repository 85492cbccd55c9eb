/* Results a secretary can trust: standings that do not depend on whether a withdrawn player's
 * forfeit was typed (Article 29), byes in Article 29 section 3, double round robins (Article
 * 27), round-1 colours from the draw, team withdrawals that do not block the next round. */
#include <math.h>
#include <stdlib.h>

#include <sqlite3.h>

#include "testutil.h"
#include "club_fixture.h"
#include "club_standings.h"
#include "go/club_games.h"
#include "go/club_events.h"
#include "go/swiss.h"

static char path[512];
static int64_t ids[16];

static int setup(void **state)
{
    go_club *c = club_open_with_players(path, sizeof path, "records", ids, 16);
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
    for (int i = 0; i < players; i++)
        assert_int_equal(go_club_event_enter(c, ev, ids[i], NULL, 0), 0);
    return ev;
}

static char lower_id_wins(int64_t b, int64_t w)
{
    return b < w ? 'B' : 'W';
}

/* Results for every pending game of a round, except those of `skip` and `skip2` (0: none). */
static void play_round_but2(go_club *c, int64_t ev, int round, int64_t skip, int64_t skip2)
{
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, round), 0);
    for (int k = 0; k < p->nrows; k++) {
        if (strcmp(go_club_cell(p, k, 8), "pending") != 0)
            continue;
        int64_t b = strtol(go_club_cell(p, k, 3), NULL, 10),
                w = strtol(go_club_cell(p, k, 5), NULL, 10);
        if (b == skip || w == skip || (skip2 && (b == skip2 || w == skip2)))
            continue;
        go_game_record r = GO_GAME_RECORD_INIT;
        r.id = strtol(go_club_cell(p, k, 2), NULL, 10);
        r.winner = lower_id_wins(b, w);
        r.by = GO_BY_RESIGN;
        assert_int_equal(go_club_result_add(c, &r), 0);
    }
    go_club_table_free(p);
}

static void play_round_but(go_club *c, int64_t ev, int round, int64_t skip)
{
    play_round_but2(c, ev, round, skip, 0);
}

/* The pending games of member in the event entered as the opponent's forfeit wins. */
static int enter_forfeits(go_club *c, int64_t ev, int64_t member)
{
    go_club_table *p = NULL;
    int n = 0;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    for (int k = 0; k < p->nrows; k++) {
        if (strcmp(go_club_cell(p, k, 8), "pending") != 0)
            continue;
        int64_t b = strtol(go_club_cell(p, k, 3), NULL, 10),
                w = strtol(go_club_cell(p, k, 5), NULL, 10);
        if (b != member && w != member)
            continue;
        go_game_record r = GO_GAME_RECORD_INIT;
        r.id = strtol(go_club_cell(p, k, 2), NULL, 10);
        r.winner = b == member ? 'W' : 'B';
        r.by = GO_BY_FORFEIT;
        assert_int_equal(go_club_result_add(c, &r), 0);
        n++;
    }
    go_club_table_free(p);
    return n;
}

static void assert_same_standings(const go_standing *a, const go_standing *b, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        assert_int_equal(a[k].member, b[k].member);
        assert_int_equal(a[k].place, b[k].place);
        assert_true(fabs(a[k].points - b[k].points) < 1e-9);
        assert_true(fabs(a[k].tiebreak_sb - b[k].tiebreak_sb) < 1e-9);
        assert_true(fabs(a[k].swiss_total - b[k].swiss_total) < 1e-9);
    }
}

/* Article 29 section 2: a player who leaves a 6-player round robin after 2 of 5 rounds has
 * every result voided; typing the forfeit of his unplayed games must not bring them back. */
static void test_club_records__withdrawn_forfeit_changes_nothing(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 6);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    play_round_but(c, ev, 1, 0);
    play_round_but(c, ev, 2, 0);
    assert_int_equal(go_club_event_withdraw(c, ev, ids[5], 2), 0);
    for (int r = 3; r <= 5; r++)
        play_round_but(c, ev, r, ids[5]);
    go_standing *before = NULL, *after = NULL;
    size_t n = 0, m = 0;
    assert_int_equal(go_club_event_standings(c, &before, &n, ev), 0);
    for (size_t k = 0; k < n; k++)
        if (before[k].member == ids[5])
            assert_true(fabs(before[k].points) < 1e-9);
    assert_int_equal(enter_forfeits(c, ev, ids[5]), 3);
    assert_int_equal(go_club_event_standings(c, &after, &m, ev), 0);
    assert_int_equal(n, m);
    assert_same_standings(before, after, n);
    for (size_t k = 0; k < m; k++)
        if (after[k].member == ids[5]) {
            assert_true(after[k].withdrawn);
            assert_true(fabs(after[k].points) < 1e-9);
        }
    free(before);
    free(after);
}

/* Article 29 section 3 with a bye: player 0 had the bye in round 1 (2 points), lost to player
 * 1 in round 2 and left; round 3 is the one game he did not play. For his opponents he counts
 * 2 + A x 1 with A = 2 / 2 rounds = 1: 3, so player 1's SB is 3 (the bye is no missing game). */
static void test_club_records__bye_is_not_a_missing_game(void **state)
{
    (void)state;
    go_xt_game g[2 * 3] = {
        {-1, '-', 'U'}, {1, 'b', '0'}, {-1, '-', ' '},
        {-1, '-', ' '}, {0, 'w', '1'}, {-1, '-', 'U'},
    };
    int withdrawn[2] = {2, 0};
    go_xtable t = {2, 3, g, 2, 1, 0, withdrawn};
    double pts[2], sb[2], total[2];
    assert_int_equal(go_xtable_tiebreaks(&t, GO_UNPLAYED_AS_SCORED, pts, sb, total), 0);
    assert_true(fabs(pts[0] - 2) < 1e-9);
    assert_true(fabs(sb[1] - 3) < 1e-9);
}

/* Article 27 二: a double round robin pairs every pair twice, colours swapped. */
static void test_club_records__double_round_robin(void **state)
{
    go_club *c = *state;
    /* --rounds 6 with 4 players and no cycles: never silently a single cycle */
    int64_t ev = make_event(c, GO_EVENT_ROUND_ROBIN, 6, 4);
    int round = 0;
    int rc = go_club_event_pair(c, &round, ev);
    if (rc == 0) {
        go_club_table *p = NULL;
        assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
        assert_int_equal(p->nrows, 12);
        go_club_table_free(p);
    } else {
        assert_int_equal(rc, GO_EINVAL);
        assert_non_null(strstr(go_error_last(), "cycles"));
    }
    int64_t ev2 = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 4);
    assert_int_equal(go_club_event_set_cycles(c, ev2, 2), 0);
    assert_int_equal(go_club_event_set_cycles(c, ev2, 3), GO_EINVAL);
    assert_int_equal(go_club_event_pair(c, &round, ev2), 0);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev2, 0), 0);
    assert_int_equal(p->nrows, 12); /* 6 rounds of 2 games */
    int black[4][4] = {{0}};
    for (int k = 0; k < p->nrows; k++) {
        int b = (int)(strtol(go_club_cell(p, k, 3), NULL, 10) - ids[0]),
            w = (int)(strtol(go_club_cell(p, k, 5), NULL, 10) - ids[0]);
        black[b][w]++;
    }
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            if (a != b)
                assert_int_equal(black[a][b], 1); /* each pair twice, once each with Black */
    go_club_table_free(p);
    assert_int_equal(go_club_event_set_cycles(c, ev2, 1), GO_ECONFLICT); /* already paired */
    for (int r = 1; r <= 6; r++)
        play_round_but(c, ev2, r, 0);
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev2), 0);
    assert_true(fabs(s[0].points - 12) < 1e-9); /* player 1 beats everyone twice */
    assert_int_equal(s[0].played, 6);
    free(s);
}

/* Round 1 of a Swiss: the higher player's colour on board 1 comes from the draw, then the
 * colours alternate down the boards. */
static void check_alternating(go_club *c, int64_t ev, char board1)
{
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 1), 0);
    assert_int_equal(p->nrows, 4);
    for (int k = 0; k < p->nrows; k++) {
        int64_t b = strtol(go_club_cell(p, k, 3), NULL, 10),
                w = strtol(go_club_cell(p, k, 5), NULL, 10);
        char higher_colour = b < w ? 'B' : 'W'; /* equal ranks: the earlier entry is higher */
        char want = k % 2 == 0 ? board1 : (board1 == 'B' ? 'W' : 'B');
        if (board1)
            assert_int_equal(higher_colour, want);
        else if (k > 0) {
            int64_t b0 = strtol(go_club_cell(p, k - 1, 3), NULL, 10),
                    w0 = strtol(go_club_cell(p, k - 1, 5), NULL, 10);
            assert_int_not_equal(higher_colour, b0 < w0 ? 'B' : 'W');
        }
    }
    go_club_table_free(p);
}

static void test_club_records__round_one_colours_alternate(void **state)
{
    go_club *c = *state;
    int round;
    int64_t ev = make_event(c, GO_EVENT_SWISS, 3, 8);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    check_alternating(c, ev, 0); /* whatever the lot gave */
    int64_t ev2 = make_event(c, GO_EVENT_SWISS, 3, 8);
    assert_int_equal(go_club_event_set_draw(c, ev2, 'W'), 0);
    assert_int_equal(go_club_event_set_draw(c, ev2, 'X'), GO_EINVAL);
    assert_int_equal(go_club_event_pair(c, &round, ev2), 0);
    check_alternating(c, ev2, 'W');
    assert_int_equal(go_club_event_set_draw(c, ev2, 'B'), GO_ECONFLICT); /* already paired */
    int64_t ev3 = make_event(c, GO_EVENT_SWISS, 3, 8);
    assert_int_equal(go_club_event_set_draw(c, ev3, 'B'), 0);
    assert_int_equal(go_club_event_pair(c, &round, ev3), 0);
    check_alternating(c, ev3, 'B');
}

/* A team Swiss player who withdraws: his later games are the opponents' forfeit wins, the
 * next round pairs without anyone typing them, and standings count them once. */
static void test_club_records__team_withdrawal_does_not_block(void **state)
{
    go_club *c = *state;
    int64_t ev = 0;
    assert_int_equal(go_club_event_add(c, &ev, "团体赛", GO_EVENT_TEAM_SWISS, 3, "2026-10-01", 2),
                     0);
    const char *teams[] = {"甲队", "乙队", "丙队", "丁队"};
    for (int t = 0; t < 4; t++)
        for (int b = 1; b <= 2; b++)
            assert_int_equal(go_club_event_enter(c, ev, ids[t * 2 + b - 1], teams[t], b), 0);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    play_round_but(c, ev, 1, 0);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    /* the whole of 丁队 leaves after round 1, its round-2 match already paired */
    assert_int_equal(go_club_event_withdraw(c, ev, ids[6], 1), 0);
    assert_int_equal(go_club_event_withdraw(c, ev, ids[7], 1), 0);
    play_round_but2(c, ev, 2, ids[6], ids[7]);
    go_standing *before = NULL, *after = NULL;
    size_t n = 0, m = 0;
    assert_int_equal(go_club_event_standings(c, &before, &n, ev), 0);
    assert_int_equal(enter_forfeits(c, ev, ids[6]) + enter_forfeits(c, ev, ids[7]), 2);
    assert_int_equal(go_club_event_standings(c, &after, &m, ev), 0);
    assert_int_equal(n, m);
    assert_same_standings(before, after, n);
    free(before);
    free(after);
    /* the same event again, the forfeits not typed: round 3 is paired all the same, without
     * the team that left */
    int64_t ev2 = 0;
    assert_int_equal(
        go_club_event_add(c, &ev2, "团体赛二", GO_EVENT_TEAM_SWISS, 3, "2026-10-01", 2), 0);
    for (int t = 0; t < 4; t++)
        for (int b = 1; b <= 2; b++)
            assert_int_equal(go_club_event_enter(c, ev2, ids[t * 2 + b - 1], teams[t], b), 0);
    assert_int_equal(go_club_event_pair(c, &round, ev2), 0);
    play_round_but(c, ev2, 1, 0);
    assert_int_equal(go_club_event_pair(c, &round, ev2), 0);
    assert_int_equal(go_club_event_withdraw(c, ev2, ids[6], 1), 0);
    assert_int_equal(go_club_event_withdraw(c, ev2, ids[7], 1), 0);
    play_round_but2(c, ev2, 2, ids[6], ids[7]);
    assert_int_equal(go_club_event_pair(c, &round, ev2), 0);
    assert_int_equal(round, 3);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev2, 3), 0);
    for (int k = 0; k < p->nrows; k++) {
        assert_int_not_equal(strtol(go_club_cell(p, k, 3), NULL, 10), ids[6]);
        assert_int_not_equal(strtol(go_club_cell(p, k, 3), NULL, 10), ids[7]);
    }
    go_club_table_free(p);
}

/* Article 28 D: a shared place decided by a play-off or by lot, recorded so. */
static void draw_everything(go_club *c, int64_t ev, int rounds)
{
    for (int r = 1; r <= rounds; r++) {
        go_club_table *p = NULL;
        assert_int_equal(go_club_event_pairings(c, &p, ev, r), 0);
        for (int k = 0; k < p->nrows; k++) {
            go_game_record g = GO_GAME_RECORD_INIT;
            g.id = strtol(go_club_cell(p, k, 2), NULL, 10);
            g.winner = 'D';
            g.by = GO_BY_DRAW;
            assert_int_equal(go_club_result_add(c, &g), 0);
        }
        go_club_table_free(p);
    }
}

static void test_club_records__ties_broken_by_playoff_or_lot(void **state)
{
    go_club *c = *state;
    int round;
    int64_t ev = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 4);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    draw_everything(c, ev, 3); /* everyone shares place 1 */
    int64_t wrong[] = {ids[2], ids[0]};
    assert_int_equal(go_club_event_tiebreak(c, ev, "playoff", wrong, 2), GO_EINVAL);
    int64_t stranger[] = {ids[2], ids[0], ids[1], ids[9]};
    assert_int_equal(go_club_event_tiebreak(c, ev, "playoff", stranger, 4), GO_EINVAL);
    int64_t order[] = {ids[2], ids[0], ids[3], ids[1]};
    assert_int_equal(go_club_event_tiebreak(c, ev, "coin", NULL, 0), GO_EINVAL);
    assert_int_equal(go_club_event_tiebreak(c, ev, "playoff", order, 4), 0);
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    for (size_t k = 0; k < n; k++) {
        assert_int_equal(s[k].member, order[k]);
        assert_int_equal(s[k].place, (int)k + 1);
        assert_false(s[k].shared);
        assert_string_equal(s[k].decided, "playoff");
    }
    free(s);
    assert_int_equal(go_club_event_tiebreak(c, ev, "lot", NULL, 0), GO_EINVAL); /* none left */
    int64_t ev2 = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 4);
    assert_int_equal(go_club_event_pair(c, &round, ev2), 0);
    draw_everything(c, ev2, 3);
    assert_int_equal(go_club_event_tiebreak(c, ev2, "lot", NULL, 0), 0);
    assert_int_equal(go_club_event_standings(c, &s, &n, ev2), 0);
    int seen = 0;
    for (size_t k = 0; k < n; k++) {
        assert_int_equal(s[k].place, (int)k + 1);
        assert_string_equal(s[k].decided, "lot");
        seen |= 1 << (int)(s[k].member - ids[0]);
    }
    assert_int_equal(seen, 15); /* all four, once each */
    /* the printed sheet: the round robin's columns only, how the tie was decided */
    go_club_table *t = NULL;
    assert_int_equal(go_standings_sheet(&t, s, n, GO_EVENT_ROUND_ROBIN, NULL), 0);
    assert_string_equal(t->names[0], "名次");
    bool sb = false, total = false;
    for (int k = 0; k < t->ncols; k++) {
        sb = sb || strcmp(t->names[k], "对手分") == 0;
        total = total || strcmp(t->names[k], "总分") == 0;
    }
    assert_true(sb);
    assert_false(total);
    assert_string_equal(go_club_cell(t, 0, t->ncols - 1), "抽签");
    go_club_table_free(t);
    assert_int_equal(go_standings_sheet(&t, s, n, GO_EVENT_SWISS, "en"), 0);
    sb = total = false;
    for (int k = 0; k < t->ncols; k++) {
        sb = sb || strcmp(t->names[k], "SB") == 0;
        total = total || strcmp(t->names[k], "total") == 0;
    }
    assert_false(sb);
    assert_true(total);
    assert_non_null(strchr(go_club_cell(t, 0, 3), '.')); /* 3.00: two decimals */
    go_club_table_free(t);
    assert_int_equal(go_standings_sheet(&t, s, n, GO_EVENT_SWISS, "fr"), GO_EINVAL);
    free(s);
}

/* An independent TRF reader, by characters: the 1-based columns from..to of a line decoded
 * from UTF-8, as UTF-8 again (trailing spaces dropped). */
static void trf_columns(char *out, size_t size, const char *line, int from, int to)
{
    int col = 1;
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)line; *p && *p != '\n' && col <= to;) {
        int len = *p < 0x80 ? 1 : *p >= 0xF0 ? 4 : *p >= 0xE0 ? 3 : 2;
        if (col >= from)
            for (int k = 0; k < len && n + 1 < size; k++)
                out[n++] = (char)p[k];
        p += len;
        col++;
    }
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
}

/* The TRF of an event: start numbers by rank, ranks as ratings, names in Hanzi keeping the
 * columns (counted in characters, read back by the reader above and by go_trf_read), the
 * rounds after a withdrawal as zero-point byes. */
static void test_club_records__trf_counts_characters(void **state)
{
    go_club *c = *state;
    const char *ranks[] = {"10k", "1d", "", "5k"};
    int64_t m[4];
    for (int i = 0; i < 4; i++) {
        go_member mm = {0};
        snprintf(mm.number, sizeof mm.number, "T%d", i);
        snprintf(mm.name, sizeof mm.name, "欧阳棋手%d", i);
        snprintf(mm.join_date, sizeof mm.join_date, "2026-09-01");
        if (ranks[i][0])
            assert_int_equal(go_rank_parse(&mm.rank, ranks[i]), 0);
        assert_int_equal(go_club_member_add(c, &mm), 0);
        m[i] = mm.id;
    }
    int64_t ev = 0;
    int round;
    assert_int_equal(go_club_event_add(c, &ev, "积分赛", GO_EVENT_SWISS, 3, "2026-10-01", 0), 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(go_club_event_enter(c, ev, m[i], NULL, 0), 0);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    play_round_but(c, ev, 1, 0);
    assert_int_equal(go_club_event_withdraw(c, ev, m[2], 1), 0); /* the unranked player */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(go_club_export_trf(c, f, ev), 0);
    fclose(f);
    /* start numbers: 1d, 5k, 10k, unranked */
    const int by_start[] = {1, 3, 0, 2};
    const char *rating[] = {"2600", "2100", "1600", ""};
    int seen = 0;
    for (const char *line = buf; line && *line;
         line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "001", 3) != 0)
            continue;
        char field[160];
        trf_columns(field, sizeof field, line, 5, 8);
        int no = atoi(field);
        assert_true(no >= 1 && no <= 4);
        int who = by_start[no - 1];
        char name[64];
        snprintf(name, sizeof name, "欧阳棋手%d", who);
        trf_columns(field, sizeof field, line, 15, 47);
        assert_string_equal(field, name);
        trf_columns(field, sizeof field, line, 49, 52);
        assert_string_equal(field, rating[no - 1]);
        trf_columns(field, sizeof field, line, 81, 84);
        assert_true(strcmp(field, " 2.0") == 0 || strcmp(field, "2.0") == 0 ||
                    strcmp(field, " 0.0") == 0 || strcmp(field, "0.0") == 0);
        if (who == 2) { /* round 2 and 3: absent, a zero-point bye */
            trf_columns(field, sizeof field, line, 102, 109);
            assert_string_equal(field, "0000 - Z");
            trf_columns(field, sizeof field, line, 112, 119);
            assert_string_equal(field, "0000 - Z");
        }
        seen++;
    }
    assert_int_equal(seen, 4);
    go_xtable t;
    char **names = NULL;
    assert_int_equal(go_trf_read(&t, &names, buf, len), 0);
    assert_int_equal(t.nplayers, 4);
    assert_int_equal(t.nrounds, 3);
    assert_string_equal(names[0], "欧阳棋手1");
    assert_string_equal(names[3], "欧阳棋手2");
    assert_int_equal(t.games[3 * 3 + 1].result, 'Z');
    for (int i = 0; i < 4; i++)
        free(names[i]);
    free(names);
    go_xtable_clear(&t);
    free(buf);
    assert_int_equal(go_rank_rating(-25), 100);
    assert_int_equal(go_rank_rating(7), 3200);
}

/* Article 29 section 1: a player who withdraws before the start (paired, nothing played) is
 * removed and the draw is done again; once a game has a result, that is refused. */
static void test_club_records__withdrawal_before_the_start_redraws(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_SWISS, 3, 5);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    assert_int_equal(go_club_event_withdraw(c, ev, ids[4], 0), 0);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    assert_int_equal(p->nrows, 0); /* the old draw is gone */
    go_club_table_free(p);
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    assert_int_equal(round, 1);
    assert_int_equal(go_club_event_pairings(c, &p, ev, 1), 0);
    assert_int_equal(p->nrows, 2); /* four players, no bye */
    go_club_table_free(p);
    play_round_but(c, ev, 1, 0);
    assert_int_equal(go_club_event_withdraw(c, ev, ids[3], 0), GO_ECONFLICT);
}

/* A file of schema 3 (before cycles, the colour lot and leave): opened, migrated, its event
 * kept as a single round robin that pairs as before. */
static void test_club_records__schema_3_file_is_migrated(void **state)
{
    go_club *c = *state;
    int64_t ev = make_event(c, GO_EVENT_ROUND_ROBIN, 0, 4);
    go_club_free(c);
    *state = NULL;
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "DROP TABLE tiebreaks; DROP TABLE change_log; ALTER TABLE loans "
                                  "DROP COLUMN charge_paid_on; DROP TABLE leaves;"
                                  " ALTER TABLE events DROP COLUMN cycles;"
                                  " ALTER TABLE events DROP COLUMN first_colour;"
                                  " PRAGMA user_version = 3",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(go_club_open(&c, path), 0);
    *state = c;
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    assert_int_equal(p->nrows, 6); /* one cycle */
    go_club_table_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_records__withdrawn_forfeit_changes_nothing, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_records__bye_is_not_a_missing_game, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_records__double_round_robin, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_records__round_one_colours_alternate, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_records__team_withdrawal_does_not_block, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_records__ties_broken_by_playoff_or_lot, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_records__trf_counts_characters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_records__withdrawal_before_the_start_redraws,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_records__schema_3_file_is_migrated, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
