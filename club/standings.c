/* Standings (Article 28): 2/1/0 points, the Sonneborn-Berger style first tie-break (beaten
 * opponents' points plus half the drawn ones'), fewer warnings, shared places; the Swiss total
 * of section 2; withdrawals (Article 29); team match points. The tie-break engine works on a
 * plain cross table, so the TRF peer fixtures run through the same code. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "club_int.h"
#include "stmt.h"

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
    if ((rc = db_stmt(club, &st, "event tiebreak",
                      "INSERT INTO tiebreaks(event_id, member_id, rank, method)"
                      " VALUES (?1, ?2, ?3, ?4)",
                      NULL)) != 0)
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
