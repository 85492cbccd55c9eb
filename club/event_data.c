/* An event as loaded from the database (its kind, entries, games, teams), and the cross table
 * made from it with Article 29 applied: what pairing (events.c), standings (standings.c) and
 * the TRF export (export.c) all read. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "club_int.h"
#include "stmt.h"

static const char *const kind_names[] = {"roundrobin", "swiss", "knockout",
                                         "match",      "team",  "teamswiss"};

const char *go_event_kind_name(go_event_kind k)
{
    return (unsigned)k < 6 ? kind_names[k] : "?";
}

int go_event_kind_parse(go_event_kind *out, const char *text)
{
    for (int i = 0; i < 6; i++)
        if (text && strcmp(text, kind_names[i]) == 0) {
            *out = (go_event_kind)i;
            return 0;
        }
    return go_error_set(GO_EINVAL,
                        "unknown event kind '%.32s' (roundrobin, swiss, knockout, match, team,"
                        " teamswiss)",
                        text ? text : "");
}

void ev_clear(ev_data *ev)
{
    free(ev->entries);
    free(ev->games);
    free(ev->teams);
    memset(ev, 0, sizeof *ev);
}

int ev_entry_index(const ev_data *ev, int64_t member)
{
    for (size_t i = 0; i < ev->nentries; i++)
        if (ev->entries[i].member == member)
            return (int)i;
    return -1;
}

int ev_load(go_club *c, ev_data *ev, int64_t event)
{
    memset(ev, 0, sizeof *ev);
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(c, &st,
                        "SELECT name, kind, rounds, date, boards, cycles, ifnull(first_colour, '')"
                        " FROM events WHERE id = ?1");
    if (rc)
        return rc;
    sqlite3_bind_int64(st, 1, event);
    if (sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_ENOTFOUND, "no event with id %lld", (long long)event);
        goto done;
    }
    ev->id = event;
    col_copy(ev->name, sizeof ev->name, st, 0);
    go_event_kind_parse(&ev->kind, (const char *)sqlite3_column_text(st, 1));
    ev->rounds = sqlite3_column_int(st, 2);
    col_copy(ev->date, sizeof ev->date, st, 3);
    ev->boards = sqlite3_column_int(st, 4);
    ev->cycles = sqlite3_column_int(st, 5);
    ev->first_colour = (char)sqlite3_column_text(st, 6)[0];
    sqlite3_finalize(st);
    st = NULL;

    size_t cap = 0;
    if ((rc =
             db_prepare(c, &st,
                        "SELECT n.member_id, m.name, m.rank, n.seed, ifnull(n.team_id, 0), n.board,"
                        " ifnull(n.withdrawn_after, 0) FROM entries n JOIN members m"
                        " ON m.id = n.member_id WHERE n.event_id = ?1 ORDER BY n.team_id, n.board,"
                        " n.seed")) != 0)
        goto done;
    sqlite3_bind_int64(st, 1, event);
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (ev->nentries == cap) {
            cap = cap ? cap * 2 : 64;
            ev_entry *e = realloc(ev->entries, cap * sizeof *e);
            if (!e) {
                rc = go_error_set(GO_ENOMEM, "entries");
                goto done;
            }
            ev->entries = e;
        }
        ev_entry *e = &ev->entries[ev->nentries++];
        e->member = sqlite3_column_int64(st, 0);
        col_copy(e->name, sizeof e->name, st, 1);
        e->rank = sqlite3_column_int(st, 2);
        e->seed = sqlite3_column_int(st, 3);
        e->team = sqlite3_column_int64(st, 4);
        e->board = sqlite3_column_int(st, 5);
        e->withdrawn_after = sqlite3_column_int(st, 6);
    }
    sqlite3_finalize(st);
    st = NULL;

    if ((rc = db_stmt(c, &st, "ev load",
                      "SELECT id, name FROM teams WHERE event_id = ?1 ORDER BY id", "l",
                      (int64_t)event)) != 0)
        goto done;
    cap = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (ev->nteams == cap) {
            cap = cap ? cap * 2 : 16;
            ev_team *t = realloc(ev->teams, cap * sizeof *t);
            if (!t) {
                rc = go_error_set(GO_ENOMEM, "teams");
                goto done;
            }
            ev->teams = t;
        }
        ev->teams[ev->nteams].id = sqlite3_column_int64(st, 0);
        col_copy(ev->teams[ev->nteams].name, sizeof ev->teams[0].name, st, 1);
        ev->nteams++;
    }
    sqlite3_finalize(st);
    st = NULL;

    if ((rc = db_stmt(c, &st, "ev load",
                      "SELECT id, round, ifnull(board, 0), black_id, ifnull(white_id, 0),"
                      " ifnull(winner, ''), by, warnings_black, warnings_white FROM games"
                      " WHERE event_id = ?1 ORDER BY round, board, id",
                      "l", (int64_t)event)) != 0)
        goto done;
    cap = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (ev->ngames == cap) {
            cap = cap ? cap * 2 : 256;
            ev_game *g = realloc(ev->games, cap * sizeof *g);
            if (!g) {
                rc = go_error_set(GO_ENOMEM, "games");
                goto done;
            }
            ev->games = g;
        }
        ev_game *g = &ev->games[ev->ngames];
        g->id = sqlite3_column_int64(st, 0);
        g->round = sqlite3_column_int(st, 1);
        g->board = sqlite3_column_int(st, 2);
        g->black = ev_entry_index(ev, sqlite3_column_int64(st, 3));
        int64_t w = sqlite3_column_int64(st, 4);
        g->white = w ? ev_entry_index(ev, w) : -1;
        const char *win = (const char *)sqlite3_column_text(st, 5);
        g->winner = win ? win[0] : 0;
        go_result_by_parse(&g->by, (const char *)sqlite3_column_text(st, 6));
        g->warnings_black = sqlite3_column_int(st, 7);
        g->warnings_white = sqlite3_column_int(st, 8);
        if (g->black < 0 || (w && g->white < 0))
            continue; /* a game of someone removed from the event: not part of it any more */
        ev->ngames++;
    }
    go_error_clear();
done:
    sqlite3_finalize(st);
    if (rc)
        ev_clear(ev);
    return rc;
}

bool ev_gone(const ev_data *ev, int entry, int round)
{
    int after = ev->entries[entry].withdrawn_after;
    return after > 0 && round > after;
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
