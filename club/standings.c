/* Standings (Article 28): 2/1/0 points, the Sonneborn-Berger style first tie-break (beaten
 * opponents' points plus half the drawn ones'), fewer warnings, shared places; the Swiss total
 * of section 2; withdrawals (Article 29); team match points. The tie-break engine works on a
 * plain cross table, so the TRF peer fixtures run through the same code. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "club_int.h"

int go_xtable_outcome(char r)
{
    switch (r) {
    case '1':
    case '+':
    case 'W':
    case 'F':
    case 'U':
        return 2;
    case '=':
    case 'D':
    case 'H':
        return 1;
    default:
        return 0;
    }
}

double go_xtable_points_of(const go_xtable *t, char r)
{
    int o = go_xtable_outcome(r);
    return o == 2 ? t->win : o == 1 ? t->draw : t->loss;
}

static bool played(char r)
{
    return r == '1' || r == '=' || r == '0' || r == 'W' || r == 'D' || r == 'L';
}

/* Voluntary unplayed round (FIDE C.07 2023, Art. 16): requested byes, forfeit losses, absence. */
static bool vur(char r)
{
    return r == 'H' || r == 'Z' || r == '-' || r == ' ' || r == 0;
}

/* The share of the opponent's score a result earns in SB: 1 win, 1/2 draw, 0 loss. */
static double sb_factor(const go_xtable *t, char r)
{
    double p = go_xtable_points_of(t, r);
    if (t->win <= 0)
        return 0;
    return p >= t->win ? 1.0 : p >= t->draw && t->draw > t->loss ? 0.5 : 0.0;
}

int go_xtable_tiebreaks(const go_xtable *t, go_unplayed_mode mode, double *points, double *sb,
                        double *swiss_total)
{
    int n = t->nplayers, R = t->nrounds;
    double *opp_score = calloc((size_t)n + 1, sizeof *opp_score);
    if (!opp_score)
        return go_error_set(GO_ENOMEM, "tie-breaks");
    int rounds_done = 0, first_pending = R;
    for (int i = 0; i < n; i++) {
        points[i] = 0;
        for (int r = 0; r < R; r++) {
            const go_xt_game *g = &t->games[(size_t)i * (size_t)R + (size_t)r];
            points[i] += go_xtable_points_of(t, g->result);
            if (g->result != ' ' && g->result != 0 && r + 1 > rounds_done)
                rounds_done = r + 1;
            if (g->opponent >= 0 && g->result == ' ' && r < first_pending)
                first_pending = r; /* paired, no result yet: that round is not done */
        }
    }
    if (rounds_done > first_pending)
        rounds_done = first_pending;
    /* The score each player counts for in the opponents' tie-breaks. */
    for (int i = 0; i < n; i++) {
        opp_score[i] = points[i];
        if (mode == GO_UNPLAYED_FIDE_2023) {
            /* Rounds after a withdrawal (the trailing voluntary unplayed rounds) count as draws. */
            for (int r = R - 1; r >= 0; r--) {
                char c = t->games[(size_t)i * (size_t)R + (size_t)r].result;
                if (!vur(c))
                    break;
                opp_score[i] += t->draw - go_xtable_points_of(t, c);
            }
        } else if (t->withdrawn_after && t->withdrawn_after[i] > 0) {
            /* Article 29 section 3: A = points / rounds taken part in, at most a draw, times the
             * finished rounds after leaving. A bye before leaving is a round taken part in (its
             * points are in the sum), not a missing game. */
            int left = t->withdrawn_after[i], taken = 0;
            for (int r = 0; r < left && r < R; r++) {
                char c = t->games[(size_t)i * (size_t)R + (size_t)r].result;
                if (c != ' ' && c != 0)
                    taken++;
            }
            double a = taken > 0 ? points[i] / taken : 0;
            if (a > t->draw)
                a = t->draw;
            int missing = 0; /* finished rounds after leaving with no game (no forfeit) */
            for (int r = left; r < rounds_done && r < R; r++) {
                char c = t->games[(size_t)i * (size_t)R + (size_t)r].result;
                if (c == ' ' || c == 0)
                    missing++;
            }
            if (taken > 0 && missing > 0)
                opp_score[i] += a * missing;
        }
    }
    double top = 0;
    for (int i = 0; i < n; i++)
        if (points[i] > top)
            top = points[i];
    for (int i = 0; i < n; i++) {
        double s = 0, opp_sum = 0;
        for (int r = 0; r < R; r++) {
            const go_xt_game *g = &t->games[(size_t)i * (size_t)R + (size_t)r];
            if (mode == GO_UNPLAYED_FIDE_2023 && !played(g->result)) {
                /* Own unplayed round: a virtual opponent with the player's own final score. */
                s += sb_factor(t, g->result) * points[i];
                continue;
            }
            bool done = r < rounds_done; /* the Swiss total counts finished rounds only */
            if (g->opponent < 0 || g->opponent >= n) {
                /* A bye has no opponent: count it as an average one (half the top score),
                 * so the Swiss total neither gains nor loses by it. */
                if (done && (g->result == 'U' || g->result == 'F' || g->result == 'H'))
                    opp_sum += top / 2;
                continue;
            }
            s += sb_factor(t, g->result) * opp_score[g->opponent];
            if (done && g->result != ' ')
                opp_sum += opp_score[g->opponent];
        }
        sb[i] = s;
        if (swiss_total) {
            /* Article 28 section 2: total = points + (opponents' points / (1/2 of the highest
             * score) - rounds). "最高积分" is read as the highest score in the event. */
            swiss_total[i] = top > 0 ? points[i] + (opp_sum / (top / 2) - rounds_done) : points[i];
        }
    }
    free(opp_score);
    return 0;
}

void go_xtable_clear(go_xtable *t)
{
    if (!t)
        return;
    free(t->games);
    free(t->withdrawn_after);
    memset(t, 0, sizeof *t);
}

/* The games a withdrawn player played before leaving (Article 29 section 2's 已赛局数): what
 * was entered for the rounds after he left (a forfeit typed by hand) does not count, so the
 * standings are the same whether or not it was entered. */
static int entry_played(const ev_data *ev, int who)
{
    int n = 0, last = ev->entries[who].withdrawn_after;
    for (size_t g = 0; g < ev->ngames; g++) {
        const ev_game *gm = &ev->games[g];
        if ((gm->black == who || gm->white == who) && gm->white >= 0 && gm->by != GO_BY_PENDING &&
            gm->by != GO_BY_FORFEIT && (!last || gm->round <= last))
            n++;
    }
    return n;
}

int ev_xtable(go_xtable *out, const ev_data *ev)
{
    memset(out, 0, sizeof *out);
    int n = (int)ev->nentries, R = 0;
    for (size_t g = 0; g < ev->ngames; g++)
        if (ev->games[g].round > R)
            R = ev->games[g].round;
    if (ev->rounds > R && ev->kind != GO_EVENT_KNOCKOUT)
        R = ev->rounds;
    if (R < 1)
        R = 1;
    out->nplayers = n;
    out->nrounds = R;
    out->win = 2;
    out->draw = 1;
    out->loss = 0;
    out->games = malloc(((size_t)n * (size_t)R + 1) * sizeof *out->games);
    out->withdrawn_after = calloc((size_t)n + 1, sizeof *out->withdrawn_after);
    if (!out->games || !out->withdrawn_after) {
        go_xtable_clear(out);
        return go_error_set(GO_ENOMEM, "cross table");
    }
    for (size_t k = 0; k < (size_t)n * (size_t)R; k++)
        out->games[k] = (go_xt_game){-1, '-', ' '};
    /* Article 29 section 2 (round robin): a player who withdrew before playing half the rounds
     * has every result voided; otherwise the games left count as the opponents' wins. Section
     * 4 (matches, teams): the games left count as the opponents' wins. */
    bool *void_player = calloc((size_t)n + 1, sizeof *void_player);
    if (!void_player) {
        go_xtable_clear(out);
        return go_error_set(GO_ENOMEM, "cross table");
    }
    for (int i = 0; i < n; i++) {
        out->withdrawn_after[i] = ev->entries[i].withdrawn_after;
        if (ev->entries[i].withdrawn_after && ev->kind == GO_EVENT_ROUND_ROBIN &&
            2 * entry_played(ev, i) < R)
            void_player[i] = true;
    }
    for (size_t g = 0; g < ev->ngames; g++) {
        const ev_game *gm = &ev->games[g];
        int r = gm->round - 1;
        if (r < 0 || r >= R)
            continue;
        go_xt_game *b = &out->games[(size_t)gm->black * (size_t)R + (size_t)r];
        if (gm->white < 0) {
            *b = (go_xt_game){-1, '-', 'U'};
            continue;
        }
        go_xt_game *w = &out->games[(size_t)gm->white * (size_t)R + (size_t)r];
        if (void_player[gm->black] || void_player[gm->white])
            continue;
        char rb = ' ', rw = ' ';
        char winner = gm->winner;
        go_result_by by = gm->by;
        if (by == GO_BY_PENDING) {
            int wb = ev->entries[gm->black].withdrawn_after,
                ww = ev->entries[gm->white].withdrawn_after;
            bool b_gone = wb && gm->round > wb, w_gone = ww && gm->round > ww;
            if (ev->kind != GO_EVENT_SWISS && (b_gone || w_gone)) {
                winner = b_gone && w_gone ? 'N' : b_gone ? 'W' : 'B';
                by = GO_BY_FORFEIT;
            }
        }
        if (by == GO_BY_PENDING) {
            /* not played yet */
        } else if (by == GO_BY_FORFEIT) {
            rb = winner == 'B' ? '+' : '-';
            rw = winner == 'W' ? '+' : '-';
        } else if (winner == 'D') {
            rb = rw = '=';
        } else if (winner == 'N') {
            rb = rw = '0';
        } else {
            rb = winner == 'B' ? '1' : '0';
            rw = winner == 'W' ? '1' : '0';
        }
        *b = (go_xt_game){gm->white, 'b', rb};
        *w = (go_xt_game){gm->black, 'w', rw};
    }
    free(void_player);
    return 0;
}

static bool sort_team_swiss; /* team Swiss: the Article 28 二.2 total first */

static int cmp_standing(const go_standing *a, const go_standing *b, go_event_kind kind)
{
    const double eps = 1e-9;
    if (kind == GO_EVENT_TEAM) {
        if (sort_team_swiss && fabs(a->swiss_total - b->swiss_total) > eps)
            return a->swiss_total > b->swiss_total ? -1 : 1;
        if (fabs(a->points - b->points) > eps)
            return a->points > b->points ? -1 : 1;
        if (fabs(a->game_points - b->game_points) > eps)
            return a->game_points > b->game_points ? -1 : 1;
        return 0; /* board by board: compared by the caller */
    }
    if (kind == GO_EVENT_SWISS) {
        /* compared as printed (two decimals): 3.333 and 3.334 both show 3.33 and tie */
        long long x = llround(a->swiss_total * 100), y = llround(b->swiss_total * 100);
        if (x != y)
            return x > y ? -1 : 1;
    } else {
        if (fabs(a->points - b->points) > eps)
            return a->points > b->points ? -1 : 1;
        if (fabs(a->tiebreak_sb - b->tiebreak_sb) > eps)
            return a->tiebreak_sb > b->tiebreak_sb ? -1 : 1;
    }
    if (a->warnings != b->warnings)
        return a->warnings < b->warnings ? -1 : 1;
    return 0;
}

static go_event_kind sort_kind;
static const double *sort_boards; /* team events: game points per board, nboards per team */
static int sort_nboards;
static int cmp_standing_q(const void *a, const void *b)
{
    const go_standing *x = a, *y = b;
    int c = cmp_standing(x, y, sort_kind);
    if (c == 0 && sort_kind == GO_EVENT_TEAM && sort_boards) {
        /* Article 28 二.1: then the first board's game points, then the next boards. */
        for (int k = 0; k < sort_nboards && c == 0; k++) {
            double bx = sort_boards[x->member * sort_nboards + k];
            double by = sort_boards[y->member * sort_nboards + k];
            if (fabs(bx - by) > 1e-9)
                c = bx > by ? -1 : 1;
        }
    }
    if (c == 0)
        c = strcmp(x->name, y->name) < 0 ? -1 : strcmp(x->name, y->name) > 0;
    return c;
}

int ev_team_scores(const ev_data *ev, const go_xtable *xt, double *match_points, unsigned char *met)
{
    size_t nt = ev->nteams;
    int R = xt->nrounds;
    double *gp = calloc(nt * (size_t)R + 1, sizeof *gp);
    int *opp = malloc((nt * (size_t)R + 1) * sizeof *opp);
    unsigned char *bye = calloc(nt * (size_t)R + 1, 1);
    int *team_of = malloc((ev->nentries + 1) * sizeof *team_of);
    if (!gp || !opp || !bye || !team_of) {
        free(gp);
        free(opp);
        free(bye);
        free(team_of);
        return go_error_set(GO_ENOMEM, "team scores");
    }
    for (size_t k = 0; k < nt * (size_t)R; k++)
        opp[k] = -1;
    for (size_t i = 0; i < ev->nentries; i++) {
        team_of[i] = -1;
        for (size_t t = 0; t < nt; t++)
            if (ev->teams[t].id == ev->entries[i].team)
                team_of[i] = (int)t;
    }
    for (size_t i = 0; i < ev->nentries; i++) {
        int t = team_of[i];
        if (t < 0)
            continue;
        for (int r = 0; r < R; r++) {
            const go_xt_game *g = &xt->games[i * (size_t)R + (size_t)r];
            if (g->result == 'U' && g->opponent < 0)
                bye[(size_t)t * (size_t)R + (size_t)r] = 1;
            if (g->result == ' ' || g->opponent < 0)
                continue;
            gp[(size_t)t * (size_t)R + (size_t)r] += go_xtable_points_of(xt, g->result);
            opp[(size_t)t * (size_t)R + (size_t)r] = team_of[g->opponent];
        }
    }
    for (size_t t = 0; t < nt; t++) {
        match_points[t] = 0;
        for (int r = 0; r < R; r++) {
            size_t k = t * (size_t)R + (size_t)r;
            int o = opp[k];
            if (o < 0) {
                if (bye[k])
                    match_points[t] += 2;
                continue;
            }
            if (met)
                met[t * nt + (size_t)o] = met[(size_t)o * nt + t] = 1;
            double mine = gp[k], theirs = gp[(size_t)o * (size_t)R + (size_t)r];
            match_points[t] += mine > theirs + 1e-9 ? 2 : fabs(mine - theirs) <= 1e-9 ? 1 : 0;
        }
    }
    free(gp);
    free(opp);
    free(bye);
    free(team_of);
    return 0;
}

static int team_standings(go_standing **out, size_t *out_count, const ev_data *ev,
                          const go_xtable *xt)
{
    size_t nt = ev->nteams;
    int B = ev->boards > 0 ? ev->boards : 1, R = xt->nrounds;
    go_standing *s = calloc(nt + 1, sizeof *s);
    double *boards = calloc(nt * (size_t)B + 1, sizeof *boards);
    double *gp = calloc(nt * (size_t)R + 1, sizeof *gp);   /* game points per team per round */
    int *opp = malloc((nt * (size_t)R + 1) * sizeof *opp); /* opposing team per round */
    if (!s || !boards || !gp || !opp) {
        free(s);
        free(boards);
        free(gp);
        free(opp);
        return go_error_set(GO_ENOMEM, "standings");
    }
    for (size_t k = 0; k < nt * (size_t)R; k++)
        opp[k] = -1;
    int *team_of = malloc((ev->nentries + 1) * sizeof *team_of);
    if (!team_of) {
        free(s);
        free(boards);
        free(gp);
        free(opp);
        return go_error_set(GO_ENOMEM, "standings");
    }
    for (size_t i = 0; i < ev->nentries; i++) {
        team_of[i] = -1;
        for (size_t t = 0; t < nt; t++)
            if (ev->teams[t].id == ev->entries[i].team)
                team_of[i] = (int)t;
    }
    for (size_t t = 0; t < nt; t++) {
        s[t].member = (int64_t)t; /* index while sorting; the team id is set afterwards */
        snprintf(s[t].name, sizeof s[t].name, "%s", ev->teams[t].name);
    }
    for (size_t i = 0; i < ev->nentries; i++) {
        int t = team_of[i];
        if (t < 0)
            continue;
        for (int r = 0; r < R; r++) {
            const go_xt_game *g = &xt->games[i * (size_t)R + (size_t)r];
            if (g->result == ' ' || g->opponent < 0)
                continue;
            double p = go_xtable_points_of(xt, g->result);
            gp[(size_t)t * (size_t)R + (size_t)r] += p;
            opp[(size_t)t * (size_t)R + (size_t)r] = team_of[g->opponent];
            s[t].game_points += p;
            int b = ev->entries[i].board;
            if (b >= 1 && b <= B)
                boards[(size_t)t * (size_t)B + (size_t)b - 1] += p;
            if (g->result == '1' || g->result == '+')
                s[t].wins++;
        }
    }
    for (size_t t = 0; t < nt; t++)
        for (int r = 0; r < R; r++) {
            int o = opp[t * (size_t)R + (size_t)r];
            if (o < 0)
                continue;
            double mine = gp[t * (size_t)R + (size_t)r],
                   theirs = gp[(size_t)o * (size_t)R + (size_t)r];
            s[t].played++;
            /* match points: more game points 2, equal 1, fewer 0 */
            if (mine > theirs + 1e-9) {
                s[t].points += 2;
            } else if (fabs(mine - theirs) <= 1e-9) {
                s[t].points += 1;
                s[t].draws++;
            } else {
                s[t].losses++;
            }
        }
    for (size_t t = 0; t < nt; t++) {
        s[t].wins = s[t].played - s[t].draws - s[t].losses;
        s[t].swiss_total = s[t].points;
    }
    sort_team_swiss = false;
    if (ev->kind == GO_EVENT_TEAM_SWISS) {
        /* Article 28 二.2: total = match points + (the opponents' match points / (1/2 of the
         * highest) - rounds); a bye round is a match won against an average opponent. */
        double *mp = calloc(nt + 1, sizeof *mp);
        if (!mp || ev_team_scores(ev, xt, mp, NULL) != 0) {
            free(mp);
            free(s);
            free(boards);
            free(gp);
            free(opp);
            free(team_of);
            return go_error_set(GO_ENOMEM, "standings");
        }
        double top = 0;
        int rounds_done = 0;
        for (size_t t = 0; t < nt; t++) {
            s[t].points = mp[t];
            if (mp[t] > top)
                top = mp[t];
            for (int r = 0; r < R; r++)
                if ((opp[t * (size_t)R + (size_t)r] >= 0 || gp[t * (size_t)R + (size_t)r] > 0) &&
                    r + 1 > rounds_done)
                    rounds_done = r + 1;
        }
        for (size_t t = 0; t < nt; t++) {
            double sum = 0;
            int rounds_with_opp = 0;
            for (int r = 0; r < rounds_done; r++) {
                int o = opp[t * (size_t)R + (size_t)r];
                if (o >= 0) {
                    sum += mp[o];
                    rounds_with_opp++;
                }
            }
            sum += (rounds_done - rounds_with_opp) * top / 2; /* byes */
            s[t].swiss_total = top > 0 ? mp[t] + (sum / (top / 2) - rounds_done) : mp[t];
        }
        free(mp);
        sort_team_swiss = true;
    }
    sort_kind = GO_EVENT_TEAM;
    sort_boards = boards;
    sort_nboards = B;
    qsort(s, nt, sizeof *s, cmp_standing_q);
    /* places: equal on every criterion (names aside) share the place */
    for (size_t k = 0; k < nt; k++) {
        s[k].place = (int)k + 1;
        if (k > 0) {
            go_standing a = s[k - 1], b = s[k];
            snprintf(a.name, sizeof a.name, "%s", "");
            snprintf(b.name, sizeof b.name, "%s", "");
            if (cmp_standing_q(&a, &b) == 0) {
                s[k].place = s[k - 1].place;
                s[k].shared = s[k - 1].shared = true;
            }
        }
    }
    for (size_t k = 0; k < nt; k++)
        s[k].member = ev->teams[s[k].member].id;
    sort_boards = NULL;
    free(boards);
    free(gp);
    free(opp);
    free(team_of);
    *out = s;
    *out_count = nt;
    return 0;
}

/* Article 28 D on computed standings: a shared place whose players all have a recorded
 * play-off or lot is split in that order. */
static int apply_tiebreaks(go_club *club, go_standing *s, size_t n, int64_t event)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(club, &st,
                        "SELECT rank, method FROM tiebreaks WHERE event_id = ?1 AND"
                        " member_id = ?2");
    if (rc)
        return rc;
    for (size_t k = 0; k < n;) {
        size_t end = k + 1;
        while (end < n && s[end].shared && s[end].place == s[k].place)
            end++;
        bool all = s[k].shared && end - k > 1;
        int ranks[64];
        char method[64][8];
        for (size_t i = k; all && i < end; i++) {
            if (i - k >= 64) {
                all = false;
                break;
            }
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, event);
            sqlite3_bind_int64(st, 2, s[i].member);
            if (sqlite3_step(st) != SQLITE_ROW) {
                all = false;
                break;
            }
            ranks[i - k] = sqlite3_column_int(st, 0);
            snprintf(method[i - k], sizeof method[0], "%s", sqlite3_column_text(st, 1));
        }
        if (all) {
            /* a small insertion sort of the group by its recorded order */
            for (size_t i = k + 1; i < end; i++)
                for (size_t j = i; j > k && ranks[j - k] < ranks[j - 1 - k]; j--) {
                    go_standing tmp = s[j];
                    s[j] = s[j - 1];
                    s[j - 1] = tmp;
                    int r = ranks[j - k];
                    ranks[j - k] = ranks[j - 1 - k];
                    ranks[j - 1 - k] = r;
                    char m[8];
                    memcpy(m, method[j - k], sizeof m);
                    memcpy(method[j - k], method[j - 1 - k], sizeof m);
                    memcpy(method[j - 1 - k], m, sizeof m);
                }
            for (size_t i = k; i < end; i++) {
                s[i].place = s[k].place + (int)(i - k);
                s[i].shared = false;
                memcpy(s[i].decided, method[i - k], sizeof s[i].decided);
            }
        }
        k = end;
    }
    sqlite3_finalize(st);
    return 0;
}

int go_club_event_tiebreak(go_club *club, int64_t event, const char *method, const int64_t *order,
                           size_t n)
{
    bool lot = method && strcmp(method, "lot") == 0;
    if (!lot && !(method && strcmp(method, "playoff") == 0))
        return go_error_set(GO_EINVAL, "a tie is broken by lot or by play-off");
    if (!lot && (!order || n < 2))
        return go_error_set(GO_EINVAL, "a play-off orders two players or more, the winner first");
    go_standing *s = NULL;
    size_t ns = 0;
    sqlite3_stmt *st = NULL;
    ev_data ev;
    int rc = tx_begin(club);
    if (rc)
        return rc;
    if ((rc = ev_load(club, &ev, event)) != 0)
        goto done;
    bool team = ev_is_team(ev.kind);
    ev_clear(&ev);
    if (team) {
        rc = go_error_set(GO_EINVAL, "team places are decided board by board (Article 28 二)");
        goto done;
    }
    if ((rc = go_club_event_standings(club, &s, &ns, event)) != 0)
        goto done;
    if ((rc = db_prepare(club, &st,
                         "INSERT INTO tiebreaks(event_id, member_id, rank, method)"
                         " VALUES (?1, ?2, ?3, ?4)")) != 0)
        goto done;
    int recorded = 0;
    if (lot) {
        for (size_t k = 0; k < ns && rc == 0;) {
            size_t end = k + 1;
            while (end < ns && s[end].shared && s[end].place == s[k].place)
                end++;
            if (s[k].shared && end - k > 1) {
                /* a random order of the group (Fisher-Yates on sqlite's randomness) */
                for (size_t i = end - 1; i > k; i--) {
                    unsigned r = 0;
                    sqlite3_randomness(sizeof r, &r);
                    size_t j = k + r % (i - k + 1);
                    go_standing tmp = s[i];
                    s[i] = s[j];
                    s[j] = tmp;
                }
                for (size_t i = k; i < end && rc == 0; i++) {
                    sqlite3_reset(st);
                    sqlite3_bind_int64(st, 1, event);
                    sqlite3_bind_int64(st, 2, s[i].member);
                    sqlite3_bind_int(st, 3, (int)(i - k) + 1);
                    sqlite3_bind_text(st, 4, "lot", -1, SQLITE_STATIC);
                    rc = db_step_done(club, st, "tie-break");
                }
                recorded++;
            }
            k = end;
        }
        if (rc == 0 && recorded == 0)
            rc = go_error_set(GO_EINVAL, "no shared place to draw");
    } else {
        int place = -1;
        for (size_t i = 0; i < n && rc == 0; i++) {
            size_t k = 0;
            while (k < ns && s[k].member != order[i])
                k++;
            if (k == ns || !s[k].shared || (place >= 0 && s[k].place != place)) {
                rc = go_error_set(GO_EINVAL, "member %lld does not share the place of the others",
                                  (long long)order[i]);
                break;
            }
            place = s[k].place;
        }
        size_t group = 0;
        for (size_t k = 0; rc == 0 && k < ns; k++)
            group += s[k].place == place;
        if (rc == 0 && group != n)
            rc = go_error_set(GO_EINVAL,
                              "%zu players share place %d: the play-off orders all of"
                              " them",
                              group, place);
        for (size_t i = 0; i < n && rc == 0; i++) {
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, event);
            sqlite3_bind_int64(st, 2, order[i]);
            sqlite3_bind_int(st, 3, (int)i + 1);
            sqlite3_bind_text(st, 4, "playoff", -1, SQLITE_STATIC);
            rc = db_step_done(club, st, "tie-break");
        }
    }
    if (rc == GO_ECONFLICT)
        rc = go_error_set(GO_EEXISTS, "that tie is already decided");
done:
    sqlite3_finalize(st);
    free(s);
    return tx_end(club, rc);
}

int go_club_event_standings(go_club *club, go_standing **out, size_t *out_count, int64_t event)
{
    *out = NULL;
    *out_count = 0;
    ev_data ev;
    go_xtable xt;
    int rc = ev_load(club, &ev, event);
    if (rc)
        return rc;
    if ((rc = ev_xtable(&xt, &ev)) != 0) {
        ev_clear(&ev);
        return rc;
    }
    if (ev_is_team(ev.kind)) {
        rc = team_standings(out, out_count, &ev, &xt);
        go_xtable_clear(&xt);
        ev_clear(&ev);
        return rc;
    }
    size_t n = ev.nentries;
    go_standing *s = calloc(n + 1, sizeof *s);
    double *points = calloc(n + 1, sizeof *points), *sb = calloc(n + 1, sizeof *sb),
           *total = calloc(n + 1, sizeof *total);
    if (!s || !points || !sb || !total) {
        rc = go_error_set(GO_ENOMEM, "standings");
        goto done;
    }
    if ((rc = go_xtable_tiebreaks(&xt, GO_UNPLAYED_AS_SCORED, points, sb, total)) != 0)
        goto done;
    for (size_t i = 0; i < n; i++) {
        s[i].member = ev.entries[i].member;
        memcpy(s[i].name, ev.entries[i].name, sizeof s[i].name);
        s[i].points = points[i];
        s[i].tiebreak_sb = sb[i];
        s[i].swiss_total = ev.kind == GO_EVENT_SWISS ? total[i] : points[i];
        s[i].game_points = points[i];
        s[i].withdrawn = ev.entries[i].withdrawn_after != 0;
        for (int r = 0; r < xt.nrounds; r++) {
            char c = xt.games[i * (size_t)xt.nrounds + (size_t)r].result;
            if (c == ' ')
                continue;
            if (c == '1' || c == '+' || c == 'U')
                s[i].wins++;
            else if (c == '=')
                s[i].draws++;
            else
                s[i].losses++;
            if (c != 'U')
                s[i].played++;
        }
    }
    /* Article 28 B: warnings over the whole event. */
    for (size_t g = 0; g < ev.ngames; g++) {
        const ev_game *gm = &ev.games[g];
        s[gm->black].warnings += gm->warnings_black;
        if (gm->white >= 0)
            s[gm->white].warnings += gm->warnings_white;
    }
    if (ev.kind == GO_EVENT_KNOCKOUT) {
        /* Knockout: the further a player got, the better; the winner of the last round first. */
        for (size_t i = 0; i < n; i++) {
            int reached = 0;
            for (size_t g = 0; g < ev.ngames; g++)
                if (ev.games[g].black == (int)i || ev.games[g].white == (int)i)
                    if (ev.games[g].round > reached)
                        reached = ev.games[g].round;
            s[i].swiss_total = reached * 4 + s[i].points;
            s[i].tiebreak_sb = 0;
        }
        sort_kind = GO_EVENT_SWISS; /* sort by swiss_total, then warnings */
    } else {
        sort_kind = ev.kind == GO_EVENT_SWISS ? GO_EVENT_SWISS : GO_EVENT_ROUND_ROBIN;
    }
    qsort(s, n, sizeof *s, cmp_standing_q);
    for (size_t k = 0; k < n; k++) {
        s[k].place = (int)k + 1;
        /* Article 28 C: equal on points and every tie-break -> the place is shared. */
        if (k > 0 && cmp_standing(&s[k - 1], &s[k], sort_kind) == 0) {
            s[k].place = s[k - 1].place;
            s[k].shared = s[k - 1].shared = true;
        }
    }
    if ((rc = apply_tiebreaks(club, s, n, event)) != 0)
        goto done;
    if (ev.kind == GO_EVENT_KNOCKOUT)
        for (size_t k = 0; k < n; k++)
            s[k].swiss_total = s[k].points;
    *out = s;
    *out_count = n;
    s = NULL;
done:
    free(s);
    free(points);
    free(sb);
    free(total);
    go_xtable_clear(&xt);
    ev_clear(&ev);
    return rc;
}

/* ---- TRF reader ---- */

static int field_int(const char *line, size_t len, size_t from, size_t to, int *out)
{
    /* columns are 1-based inclusive */
    char buf[16];
    size_t k = 0;
    for (size_t c = from; c <= to && c <= len && k < sizeof buf - 1; c++)
        if (line[c - 1] != ' ')
            buf[k++] = line[c - 1];
    buf[k] = '\0';
    if (k == 0) {
        *out = 0;
        return 0;
    }
    char *end;
    long v = strtol(buf, &end, 10);
    if (*end)
        return -1;
    *out = (int)v;
    return 0;
}

/* A TRF line counted in characters: *norm holds one byte per character (a non-ASCII
 * character becomes '?'), byte_of[k] the byte offset in line of character k (k = 0..nchars).
 * Both are malloc'd. Returns the number of characters, or -1 when out of memory. */
static long char_columns(char **norm, size_t **byte_of, const char *line, size_t len)
{
    *norm = malloc(len + 1);
    *byte_of = malloc((len + 2) * sizeof **byte_of);
    if (!*norm || !*byte_of) {
        free(*norm);
        free(*byte_of);
        *norm = NULL;
        *byte_of = NULL;
        return -1;
    }
    size_t n = 0, i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)line[i];
        size_t step = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (i + step > len)
            step = len - i;
        (*byte_of)[n] = i;
        (*norm)[n++] = c < 0x80 ? (char)c : '?';
        i += step;
    }
    (*byte_of)[n] = len;
    (*norm)[n] = '\0';
    return (long)n;
}

int go_trf_read(go_xtable *out, char ***names, const char *text, size_t len)
{
    memset(out, 0, sizeof *out);
    if (names)
        *names = NULL;
    /* First pass: the largest start number and the number of rounds. */
    int maxno = 0, rounds = 0, xxr = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *e = p;
        while (e < end && *e != '\n' && *e != '\r')
            e++;
        size_t l = (size_t)(e - p);
        if (l >= 8 && strncmp(p, "001", 3) == 0) {
            int no;
            if (field_int(p, l, 5, 8, &no) != 0 || no <= 0 || no > 100000)
                return go_error_set(GO_EPARSE, "TRF: bad start number in '%.40s'", p);
            if (no > maxno)
                maxno = no;
            size_t chars = 0; /* the line's length in characters: columns count them */
            for (size_t k = 0; k < l; k++)
                chars += ((unsigned char)p[k] & 0xC0) != 0x80;
            if (chars >= 92) {
                int r = (int)((chars - 92) / 10) + 1;
                if (r > rounds)
                    rounds = r;
            }
        } else if (l >= 5 && (strncmp(p, "XXR", 3) == 0 || strncmp(p, "142", 3) == 0)) {
            field_int(p, l, 5, l, &xxr);
        }
        p = e;
        while (p < end && (*p == '\n' || *p == '\r'))
            p++;
    }
    if (maxno == 0)
        return go_error_set(GO_EPARSE, "TRF: no player (001) line");
    if (xxr > rounds)
        rounds = xxr;
    if (rounds < 1)
        rounds = 1;
    out->nplayers = maxno;
    out->nrounds = rounds;
    out->win = 1;
    out->draw = 0.5;
    out->loss = 0;
    out->games = malloc((size_t)maxno * (size_t)rounds * sizeof *out->games);
    if (!out->games)
        return go_error_set(GO_ENOMEM, "TRF");
    /* A round missing from the line is blank (colour ' '): the pairing reader tells it from
     * an entered "0000 - Z", which takes part in counting the rounds played. */
    for (size_t k = 0; k < (size_t)maxno * (size_t)rounds; k++)
        out->games[k] = (go_xt_game){-1, ' ', ' '};
    if (names) {
        *names = calloc((size_t)maxno + 1, sizeof **names);
        if (!*names) {
            go_xtable_clear(out);
            return go_error_set(GO_ENOMEM, "TRF");
        }
    }
    p = text;
    while (p < end) {
        const char *e = p;
        while (e < end && *e != '\n' && *e != '\r')
            e++;
        size_t raw_len = (size_t)(e - p);
        if (raw_len >= 8 && strncmp(p, "001", 3) == 0) {
            /* Columns are characters: a name in UTF-8 takes 33 characters, not bytes. */
            const char *raw = p;
            char *norm = NULL;
            size_t *byte_of = NULL;
            long nchars = char_columns(&norm, &byte_of, raw, raw_len);
            if (nchars < 0) {
                go_xtable_clear(out);
                return go_error_set(GO_ENOMEM, "TRF");
            }
            const char *line_p = norm;
            size_t l = (size_t)nchars;
            int no = 0;
            field_int(line_p, l, 5, 8, &no);
            if (names && l >= 15) {
                size_t a = 14, b = l < 47 ? l : 47;
                while (b > a && line_p[b - 1] == ' ')
                    b--;
                size_t from = byte_of[a], to = byte_of[b];
                char *nm = malloc(to - from + 1);
                if (nm) {
                    memcpy(nm, raw + from, to - from);
                    nm[to - from] = '\0';
                }
                (*names)[no - 1] = nm;
            }
            free(byte_of);
            for (int r = 0; r < rounds; r++) {
                size_t c0 = 92 + 10 * (size_t)r; /* 1-based column of the opponent field */
                if (c0 > l)
                    break;
                int opp;
                if (field_int(line_p, l, c0, c0 + 3, &opp) != 0 || opp < 0 || opp > maxno) {
                    free(norm);
                    go_xtable_clear(out);
                    return go_error_set(GO_EPARSE, "TRF: player %d round %d: bad opponent", no,
                                        r + 1);
                }
                char color = c0 + 5 <= l ? line_p[c0 + 4] : ' ';
                char res = c0 + 7 <= l ? line_p[c0 + 6] : ' ';
                if (!strchr("10=+-WDLHFUZ ", res) || res == 0) {
                    free(norm);
                    go_xtable_clear(out);
                    return go_error_set(GO_EPARSE, "TRF: player %d round %d: result '%c'", no,
                                        r + 1, res);
                }
                out->games[(size_t)(no - 1) * (size_t)rounds + (size_t)r] =
                    (go_xt_game){opp > 0 ? opp - 1 : -1, color, res};
            }
            free(norm);
        }
        p = e;
        while (p < end && (*p == '\n' || *p == '\r'))
            p++;
    }
    return 0;
}
