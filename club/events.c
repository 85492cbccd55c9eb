/* Events (Article 27): round robin with Berger tables, Swiss (积分编排制) pairing that avoids
 * repeat games and balances colours, knockout brackets, matches of several games, and team
 * round robins with a fixed board order. Pairings are stored as pending games. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club_int.h"
#include "stmt.h"

int go_club_event_add(go_club *club, int64_t *out_id, const char *name, go_event_kind kind,
                      int rounds, const char *date, int boards)
{
    int rc;
    if ((rc = check_name("event name", name)) != 0)
        return rc;
    if ((unsigned)kind > GO_EVENT_TEAM_SWISS)
        return go_error_set(GO_EINVAL, "unknown event kind");
    if (date && *date && (rc = check_date("event date", date)) != 0)
        return rc;
    if ((kind == GO_EVENT_SWISS || kind == GO_EVENT_TEAM_SWISS) && (rounds < 1 || rounds > 30))
        return go_error_set(GO_EINVAL, "a Swiss event needs 1..30 rounds, not %d", rounds);
    if (kind == GO_EVENT_MATCH && (rounds < 1 || rounds > 15))
        return go_error_set(GO_EINVAL, "a match is 1..15 games (best of 3, 5, 7 ...), not %d",
                            rounds);
    if (ev_is_team(kind) && (boards < 1 || boards > 10))
        return go_error_set(GO_EINVAL, "a team event needs 1..10 boards, not %d", boards);
    if (rounds < 0 || rounds > 1000)
        return go_error_set(GO_EINVAL, "rounds out of range");
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = db_prepare(club, &st,
                         "INSERT INTO events(name, kind, rounds, date, boards)"
                         " VALUES (?1, ?2, ?3, ifnull(?4, date('now')), ?5)")) == 0) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, go_event_kind_name(kind), -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 3, rounds);
        bind_text_or_null(st, 4, date);
        sqlite3_bind_int(st, 5, ev_is_team(kind) ? boards : 0);
        if ((rc = db_step_done(club, st, "event")) == 0 && out_id)
            *out_id = sqlite3_last_insert_rowid(club->db);
    }
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_event_list(go_club *club, go_club_table **out)
{
    return db_list(club, out, "event list",
                   "SELECT e.id, e.name, e.kind, e.rounds, e.date, e.boards,"
                   " (SELECT count(*) FROM entries n WHERE n.event_id = e.id) AS players,"
                   " (SELECT max(round) FROM games g WHERE g.event_id = e.id) AS paired_rounds"
                   " FROM events e ORDER BY e.id",
                   NULL);
}

/* Sets one column of an event that is not paired yet (cycles, the colour lot). */
static int set_before_pairing(go_club *club, int64_t event, const char *sql, int value,
                              const char *text)
{
    ev_data ev;
    sqlite3_stmt *st = NULL;
    int rc;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = ev_load(club, &ev, event)) != 0)
        return tx_end(club, rc);
    if (ev.ngames > 0) {
        rc = go_error_set(GO_ECONFLICT, "%s is already paired", ev.name);
        goto done;
    }
    if ((rc = db_prepare(club, &st, sql)) != 0)
        goto done;
    sqlite3_bind_int64(st, 1, event);
    if (text)
        sqlite3_bind_text(st, 2, text, -1, SQLITE_STATIC);
    else
        sqlite3_bind_int(st, 2, value);
    rc = db_step_done(club, st, "event");
done:
    sqlite3_finalize(st);
    ev_clear(&ev);
    return tx_end(club, rc);
}

int go_club_event_set_cycles(go_club *club, int64_t event, int cycles)
{
    if (cycles != 1 && cycles != 2)
        return go_error_set(GO_EINVAL, "cycles: %d (1 a single round robin, 2 a double one)",
                            cycles);
    return set_before_pairing(club, event, "UPDATE events SET cycles = ?2 WHERE id = ?1", cycles,
                              NULL);
}

int go_club_event_set_draw(go_club *club, int64_t event, char higher_colour)
{
    if (higher_colour != 'B' && higher_colour != 'W')
        return go_error_set(GO_EINVAL, "the draw gives the higher player Black (B) or White (W)");
    const char *text = higher_colour == 'B' ? "B" : "W";
    return set_before_pairing(club, event, "UPDATE events SET first_colour = ?2 WHERE id = ?1", 0,
                              text);
}

int go_club_event_enter(go_club *club, int64_t event, int64_t member, const char *team, int board)
{
    int rc;
    ev_data ev;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = ev_load(club, &ev, event)) != 0)
        return tx_end(club, rc);
    go_member m;
    if ((rc = go_club_member_get(club, &m, member)) != 0)
        goto done;
    if (ev_entry_index(&ev, member) >= 0) {
        rc = go_error_set(GO_EEXISTS, "%s is already entered in %s", m.name, ev.name);
        goto done;
    }
    if (ev.ngames > 0 && ev.kind != GO_EVENT_SWISS && ev.kind != GO_EVENT_TEAM_SWISS) {
        rc = go_error_set(GO_ECONFLICT, "%s is already paired; entries are closed", ev.name);
        goto done;
    }
    if (ev.kind == GO_EVENT_MATCH && ev.nentries >= 2) {
        rc = go_error_set(GO_ECONFLICT, "a match is between two players");
        goto done;
    }
    int64_t team_id = 0;
    if (ev_is_team(ev.kind)) {
        if ((rc = check_name("team name", team)) != 0)
            goto done;
        if (board < 1 || board > ev.boards) {
            rc = go_error_set(GO_EINVAL, "board %d: this event has boards 1..%d", board, ev.boards);
            goto done;
        }
        if ((rc = db_stmt(club, &st, "event enter",
                          "INSERT INTO teams(event_id, name) VALUES (?1, ?2)"
                          " ON CONFLICT(event_id, name) DO NOTHING",
                          "ls", (int64_t)event, team)) != 0)
            goto done;
        if ((rc = db_step_done(club, st, "team")) != 0)
            goto done;
        sqlite3_finalize(st);
        if ((rc = db_stmt(club, &st, "event enter",
                          "SELECT id FROM teams WHERE event_id = ?1 AND name = ?2", "ls",
                          (int64_t)event, team)) != 0)
            goto done;
        if (sqlite3_step(st) == SQLITE_ROW)
            team_id = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        st = NULL;
        for (size_t i = 0; i < ev.nentries; i++)
            if (ev.entries[i].team == team_id && ev.entries[i].board == board) {
                rc = go_error_set(GO_EEXISTS, "team %s already has a player on board %d", team,
                                  board);
                goto done;
            }
    } else if (team && *team) {
        rc = go_error_set(GO_EINVAL, "teams belong to team events");
        goto done;
    }
    if ((rc = db_stmt(club, &st, "event enter",
                      "INSERT INTO entries(event_id, member_id, seed, team_id, board)"
                      " VALUES (?1, ?2, (SELECT ifnull(max(seed), 0) + 1 FROM entries"
                      " WHERE event_id = ?1), ?3, ?4)",
                      "ll", (int64_t)event, (int64_t)member)) != 0)
        goto done;
    if (team_id)
        sqlite3_bind_int64(st, 3, team_id);
    sqlite3_bind_int(st, 4, ev_is_team(ev.kind) ? board : 0);
    rc = db_step_done(club, st, "entry");
done:
    sqlite3_finalize(st);
    ev_clear(&ev);
    return tx_end(club, rc);
}

int go_club_event_withdraw(go_club *club, int64_t event, int64_t member, int after_round)
{
    int rc;
    ev_data ev;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = ev_load(club, &ev, event)) != 0)
        return tx_end(club, rc);
    int idx = ev_entry_index(&ev, member);
    if (idx < 0) {
        rc = go_error_set(GO_ENOTFOUND, "member %lld is not entered in %s", (long long)member,
                          ev.name);
        goto done;
    }
    if (ev.entries[idx].withdrawn_after) {
        rc = go_error_set(GO_ECONFLICT, "member %lld already withdrew", (long long)member);
        goto done;
    }
    if (after_round < 0 || (ev.rounds && after_round > ev.rounds)) {
        rc = go_error_set(GO_EINVAL, "round %d out of range", after_round);
        goto done;
    }
    if (after_round == 0) {
        /* Article 29 section 1: before the start the player is removed and the draw done
         * again: pairings without any result yet are dropped with the lot, so the next
         * pairing draws anew without him. Once a game has a result, the event has started. */
        for (size_t i = 0; i < ev.ngames; i++)
            if (ev.games[i].by != GO_BY_PENDING && ev.games[i].by != GO_BY_BYE) {
                rc = go_error_set(GO_ECONFLICT,
                                  "%s has started (game %lld has a result): give"
                                  " the round after which the player withdrew",
                                  ev.name, (long long)ev.games[i].id);
                goto done;
            }
        if (ev.ngames > 0) {
            if ((rc = db_stmt(club, &st, "event withdraw", "DELETE FROM games WHERE event_id = ?1",
                              "l", (int64_t)event)) != 0)
                goto done;
            if ((rc = db_step_done(club, st, "new draw")) != 0)
                goto done;
            sqlite3_finalize(st);
            if ((rc = db_stmt(club, &st, "event withdraw",
                              "UPDATE events SET first_colour = NULL WHERE id = ?1", "l",
                              (int64_t)event)) != 0)
                goto done;
            if ((rc = db_step_done(club, st, "new draw")) != 0)
                goto done;
            sqlite3_finalize(st);
            st = NULL;
        }
        if ((rc = db_stmt(club, &st, "event withdraw",
                          "DELETE FROM entries WHERE event_id = ?1 AND member_id = ?2", NULL)) != 0)
            goto done;
    } else {
        if ((rc = db_prepare(club, &st,
                             "UPDATE entries SET withdrawn_after = ?3 WHERE event_id = ?1"
                             " AND member_id = ?2")) != 0)
            goto done;
        sqlite3_bind_int(st, 3, after_round);
    }
    sqlite3_bind_int64(st, 1, event);
    sqlite3_bind_int64(st, 2, member);
    rc = db_step_done(club, st, "withdraw");
done:
    sqlite3_finalize(st);
    ev_clear(&ev);
    return tx_end(club, rc);
}

/* ---- pairing ---- */

typedef struct pair {
    int black, white; /* entry indices (team indices for team events); white -1: bye */
} pair;

/* Round 1 (Swiss, team Swiss, knockout): the higher player of board 1 takes the colour the lot
 * gave (first_colour, 'B' or 'W'), and the colours alternate down the boards. rank: smaller
 * is higher (NULL: the index). Byes are left as they are. */
static void orient_round_one(go_pairing *pairs, size_t n, const int *rank, char first_colour)
{
    size_t board = 0;
    for (size_t k = 0; k < n; k++) {
        int a = pairs[k].first, b = pairs[k].second;
        if (b < 0)
            continue;
        int ra = rank ? rank[a] : a, rb = rank ? rank[b] : b;
        int higher = ra <= rb ? a : b, lower = ra <= rb ? b : a;
        bool higher_black = (board % 2 == 0) == (first_colour != 'W');
        pairs[k] = higher_black ? (go_pairing){higher, lower} : (go_pairing){lower, higher};
        board++;
    }
}

static int insert_pairs(go_club *club, const ev_data *ev, int round, const pair *pairs, size_t n)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(club, &st,
                        "INSERT INTO games(date, black_id, white_id, winner, by, event_id, round,"
                        " board, komi_quarters) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 15)");
    for (size_t i = 0; i < n && rc == 0; i++) {
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        sqlite3_bind_text(st, 1, ev->date, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, ev->entries[pairs[i].black].member);
        if (pairs[i].white >= 0) {
            sqlite3_bind_int64(st, 3, ev->entries[pairs[i].white].member);
            /* Article 29: a game of a player who has left is the opponent's forfeit win from
             * the start, so nobody has to type it before the next round. */
            bool b_gone = ev_gone(ev, pairs[i].black, round),
                 w_gone = ev_gone(ev, pairs[i].white, round);
            if (b_gone || w_gone) {
                sqlite3_bind_text(st, 4,
                                  b_gone && w_gone ? "N"
                                  : b_gone         ? "W"
                                                   : "B",
                                  -1, SQLITE_STATIC);
                sqlite3_bind_text(st, 5, "forfeit", -1, SQLITE_STATIC);
            } else {
                sqlite3_bind_text(st, 5, "pending", -1, SQLITE_STATIC);
            }
        } else {
            sqlite3_bind_text(st, 4, "B", -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 5, "bye", -1, SQLITE_STATIC);
        }
        sqlite3_bind_int64(st, 6, ev->id);
        sqlite3_bind_int(st, 7, round);
        sqlite3_bind_int(st, 8, (int)i + 1);
        rc = db_step_done(club, st, "pairing");
    }
    sqlite3_finalize(st);
    return rc;
}

/* Berger table round r (1-based) for n players (n even; index n-1 is the bye when the real
 * count is odd): FIDE's tables, player i meets j when i + j - 2 == r - 1 (mod n - 1) and the
 * last player meets i when 2i - 2 == r - 1 (mod n - 1). Indices are 0-based here. */
static size_t berger_round(pair *out, int n, int r)
{
    size_t k = 0;
    int m = n - 1, i0 = 0;
    while ((2 * i0) % m != (r - 1) % m)
        i0++;
    /* Board 1: the last player, who takes the first move in even rounds. */
    out[k++] = r % 2 == 0 ? (pair){n - 1, i0} : (pair){i0, n - 1};
    /* Then outwards round the circle from i0, as the printed tables list them. */
    for (int d = 1; d < n / 2; d++) {
        int i = (i0 + d) % m, j = (i0 - d + m) % m;
        int lo = i < j ? i : j, hi = i < j ? j : i;
        /* an odd sum of numbers: the lower number first, else the higher */
        out[k++] = (lo + hi) % 2 == 1 ? (pair){lo, hi} : (pair){hi, lo};
    }
    return k;
}

static int pair_round_robin(go_club *club, ev_data *ev, int *out_round, size_t nplayers,
                            const int *players)
{
    int n = (int)nplayers + (int)(nplayers % 2);
    pair *tbl = malloc(((size_t)n / 2 + 1) * sizeof *tbl);
    pair *pairs = malloc(((size_t)n / 2 + 1) * sizeof *pairs);
    int rc = 0;
    if (!tbl || !pairs) {
        rc = go_error_set(GO_ENOMEM, "pairings");
        goto done;
    }
    /* The lot gives the first number's colour in round 1; a second cycle swaps every colour. */
    bool flip = ev->first_colour == 'W';
    for (int cycle = 0; cycle < ev->cycles && rc == 0; cycle++)
        for (int r = 1; r <= n - 1 && rc == 0; r++) {
            size_t k = berger_round(tbl, n, r), np = 0;
            for (size_t i = 0; i < k; i++) {
                bool bye_b = tbl[i].black >= (int)nplayers, bye_w = tbl[i].white >= (int)nplayers;
                if (bye_b || bye_w) /* the odd player sits out: no game, no points */
                    continue;
                int b = players[tbl[i].black], w = players[tbl[i].white];
                pairs[np++] = flip != (cycle == 1) ? (pair){w, b} : (pair){b, w};
            }
            rc = insert_pairs(club, ev, cycle * (n - 1) + r, pairs, np);
        }
    *out_round = 1;
done:
    free(tbl);
    free(pairs);
    return rc;
}

/* lineup[t * boards + b] = the entry on board b + 1 of team t; every board must be filled. */
static int team_lineup(const ev_data *ev, int **out)
{
    int nt = (int)ev->nteams;
    int *lineup = malloc(((size_t)nt * (size_t)ev->boards + 1) * sizeof *lineup);
    if (!lineup)
        return go_error_set(GO_ENOMEM, "pairings");
    for (int t = 0; t < nt * ev->boards; t++)
        lineup[t] = -1;
    for (size_t i = 0; i < ev->nentries; i++)
        for (int t = 0; t < nt; t++)
            if (ev->teams[t].id == ev->entries[i].team && ev->entries[i].board >= 1 &&
                ev->entries[i].board <= ev->boards)
                lineup[t * ev->boards + ev->entries[i].board - 1] = (int)i;
    for (int t = 0; t < nt; t++)
        for (int b = 0; b < ev->boards; b++)
            if (lineup[t * ev->boards + b] < 0) {
                free(lineup);
                return go_error_set(GO_EINVAL, "team %s has nobody on board %d", ev->teams[t].name,
                                    b + 1);
            }
    *out = lineup;
    return 0;
}

static int pair_team(go_club *club, ev_data *ev, int *out_round)
{
    int nt = (int)ev->nteams, n = nt + nt % 2, rc = 0;
    if (nt < 2)
        return go_error_set(GO_EINVAL, "a team event needs at least two teams");
    /* Every team fields every board. */
    int *lineup = NULL;
    pair *tbl = malloc(((size_t)n / 2 + 1) * sizeof *tbl);
    pair *pairs = malloc(((size_t)n / 2 + 1) * (size_t)ev->boards * sizeof *pairs);
    if (!tbl || !pairs) {
        rc = go_error_set(GO_ENOMEM, "pairings");
        goto done;
    }
    if ((rc = team_lineup(ev, &lineup)) != 0)
        goto done;
    bool flip = ev->first_colour == 'W';
    for (int cycle = 0; cycle < ev->cycles && rc == 0; cycle++)
        for (int r = 1; r <= n - 1 && rc == 0; r++) {
            size_t k = berger_round(tbl, n, r), np = 0;
            for (size_t i = 0; i < k; i++) {
                if (tbl[i].black >= nt || tbl[i].white >= nt)
                    continue;
                for (int b = 0; b < ev->boards; b++) {
                    /* Colours alternate down the boards so neither team has all the blacks. */
                    int a = lineup[tbl[i].black * ev->boards + b],
                        c = lineup[tbl[i].white * ev->boards + b];
                    bool swap = (b % 2 == 1) != (flip != (cycle == 1));
                    pairs[np++] = swap ? (pair){c, a} : (pair){a, c};
                }
            }
            rc = insert_pairs(club, ev, cycle * (n - 1) + r, pairs, np);
        }
    *out_round = 1;
done:
    free(lineup);
    free(tbl);
    free(pairs);
    return rc;
}

/* Team Swiss (Article 28 二.2): the teams are paired by the Dutch system (dutch.c) on a
 * team cross table: a match is won, drawn or lost by game points, its colour is the first
 * board's colour, and a bye of the team is its first board's bye. The team taking Black on
 * board 1 takes Black on the odd boards. No repeat match: refused with GO_ECONFLICT when
 * every pairing would need one. */
static int pair_team_swiss(go_club *club, ev_data *ev, int *out_round, int next)
{
    int nt = (int)ev->nteams, rc = 0, R = 0;
    if (nt < 2)
        return go_error_set(GO_EINVAL, "a team event needs at least two teams");
    int *lineup = NULL, *team_of = malloc((ev->nentries + 1) * sizeof *team_of);
    bool *team_absent = NULL;
    pair *pairs = malloc(((size_t)nt / 2 + 1) * (size_t)ev->boards * sizeof *pairs + sizeof *pairs);
    go_xtable xt = {0}, tt = {0};
    double *gp = NULL;
    go_pairing *gpair = NULL;
    size_t ngp = 0;
    if (!team_of || !pairs) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    if ((rc = team_lineup(ev, &lineup)) != 0 || (rc = ev_xtable(&xt, ev)) != 0)
        goto done;
    R = xt.nrounds;
    for (size_t i = 0; i < ev->nentries; i++) {
        team_of[i] = -1;
        for (int t = 0; t < nt; t++)
            if (ev->teams[t].id == ev->entries[i].team)
                team_of[i] = t;
    }
    gp = calloc((size_t)nt * (size_t)R + 1, sizeof *gp);
    tt = (go_xtable){nt, R, malloc(((size_t)nt * (size_t)R + 1) * sizeof *tt.games), 2, 1, 0, NULL};
    if (!gp || !tt.games) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    for (size_t i = 0; i < ev->nentries; i++)
        for (int r = 0; r < R && team_of[i] >= 0; r++) {
            const go_xt_game *g = &xt.games[i * (size_t)R + (size_t)r];
            if (g->opponent >= 0 && g->result != ' ')
                gp[(size_t)team_of[i] * (size_t)R + (size_t)r] +=
                    go_xtable_points_of(&xt, g->result);
        }
    for (int t = 0; t < nt; t++)
        for (int r = 0; r < R; r++) {
            const go_xt_game *g = &xt.games[(size_t)lineup[t * ev->boards] * (size_t)R + (size_t)r];
            go_xt_game *out = &tt.games[(size_t)t * (size_t)R + (size_t)r];
            *out = (go_xt_game){-1, ' ', ' '};
            if (g->opponent < 0) {
                if (g->result == 'U')
                    *out = (go_xt_game){-1, '-', 'U'};
                continue;
            }
            int o = team_of[g->opponent];
            if (o < 0)
                continue;
            char res = ' ';
            if (g->result != ' ') {
                double mine = gp[(size_t)t * (size_t)R + (size_t)r],
                       theirs = gp[(size_t)o * (size_t)R + (size_t)r];
                res = mine > theirs + 1e-9 ? '1' : mine < theirs - 1e-9 ? '0' : '=';
            }
            *out = (go_xt_game){o, g->color, res};
        }
    /* A team whose every player has left is not paired any more. */
    team_absent = calloc((size_t)nt + 1, sizeof *team_absent);
    if (!team_absent) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    for (int t = 0; t < nt; t++) {
        team_absent[t] = true;
        for (int bd = 0; bd < ev->boards; bd++)
            if (!ev->entries[lineup[t * ev->boards + bd]].withdrawn_after)
                team_absent[t] = false;
    }
    go_dutch_options opt = GO_DUTCH_OPTIONS_INIT;
    opt.rounds_total = ev->rounds;
    opt.first_color = 'b';
    opt.absent = team_absent;
    opt.forfeit_is_game = true;
    if ((rc = go_dutch_pair(&gpair, &ngp, &tt, next - 1, &opt)) != 0) {
        if (rc == GO_ECONFLICT) {
            char why[256];
            snprintf(why, sizeof why, "%s", go_error_last());
            rc = go_error_set(GO_ECONFLICT, "%s round %d (teams): %s", ev->name, next, why);
        }
        goto done;
    }
    size_t np = 0;
    if (next == 1)
        orient_round_one(gpair, ngp, NULL, ev->first_colour);
    for (size_t k = 0; k < ngp; k++) {
        int a = gpair[k].first, b = gpair[k].second;
        for (int bd = 0; bd < ev->boards; bd++) {
            int x = lineup[a * ev->boards + bd];
            if (b < 0) {
                pairs[np++] = (pair){x, -1};
                continue;
            }
            int y = lineup[b * ev->boards + bd];
            pairs[np++] = bd % 2 == 0 ? (pair){x, y} : (pair){y, x};
        }
    }
    rc = insert_pairs(club, ev, next, pairs, np);
    *out_round = next;
done:
    free(lineup);
    free(team_of);
    free(team_absent);
    free(pairs);
    free(gp);
    free(gpair);
    go_xtable_clear(&xt);
    free(tt.games);
    return rc;
}

/* 积分编排制: the Dutch system (dutch.c) on the event's cross table. Score groups are the
 * 2/1/0 points; within a group the higher rank (then the earlier entry) comes first; Black
 * moves first, so Black plays the role of the Dutch system's first colour. A withdrawn player
 * (Article 29 section 3) is not paired. When no pairing avoids a repeat game (or a second
 * bye), the round is refused with GO_ECONFLICT rather than paired badly. */
typedef struct entry_key {
    int rank, seed, index;
} entry_key;

/* higher rank first, then the earlier entry (keys carried along: no shared state) */
static int cmp_entry_rank(const void *a, const void *b)
{
    const entry_key *x = a, *y = b;
    if (x->rank != y->rank)
        return y->rank - x->rank;
    return x->seed != y->seed ? x->seed - y->seed : x->index - y->index;
}

static int pair_swiss(go_club *club, ev_data *ev, int *out_round, int next)
{
    int rc = 0;
    size_t ne = ev->nentries;
    go_xtable xt = {0};
    go_pairing *gp = NULL;
    size_t ngp = 0;
    int *rank = malloc((ne + 1) * sizeof *rank);
    bool *absent = calloc(ne + 1, sizeof *absent);
    pair *pairs = malloc((ne / 2 + 2) * sizeof *pairs);
    if (!rank || !absent || !pairs) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    if ((rc = ev_xtable(&xt, ev)) != 0)
        goto done;
    for (size_t i = 0; i < ne; i++)
        absent[i] = ev->entries[i].withdrawn_after != 0;
    entry_key *keys = malloc((ne + 1) * sizeof *keys);
    if (!keys) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    for (size_t i = 0; i < ne; i++)
        keys[i] = (entry_key){ev->entries[i].rank, ev->entries[i].seed, (int)i};
    qsort(keys, ne, sizeof *keys, cmp_entry_rank);
    for (size_t k = 0; k < ne; k++)
        rank[keys[k].index] = (int)k;
    free(keys);
    go_dutch_options opt = GO_DUTCH_OPTIONS_INIT;
    opt.rounds_total = ev->rounds;
    opt.first_color = 'b';
    opt.rank = rank;
    opt.absent = absent;
    opt.forfeit_is_game = true; /* a forfeited game was still a pairing: no second one */
    if ((rc = go_dutch_pair(&gp, &ngp, &xt, next - 1, &opt)) != 0) {
        if (rc == GO_ECONFLICT) {
            char why[256];
            snprintf(why, sizeof why, "%s", go_error_last());
            rc = go_error_set(GO_ECONFLICT, "%s round %d: %s", ev->name, next, why);
        }
        goto done;
    }
    if (next == 1)
        orient_round_one(gp, ngp, rank, ev->first_colour);
    for (size_t k = 0; k < ngp; k++)
        pairs[k] = (pair){gp[k].first, gp[k].second};
    rc = insert_pairs(club, ev, next, pairs, ngp);
    *out_round = next;
done:
    free(rank);
    free(absent);
    free(pairs);
    free(gp);
    go_xtable_clear(&xt);
    return rc;
}

static int pair_knockout(go_club *club, ev_data *ev, int *out_round, int next)
{
    int rc = 0;
    size_t ne = ev->nentries;
    int *alive = malloc((ne + 1) * sizeof *alive);
    pair *pairs = malloc((ne + 1) * sizeof *pairs);
    int *order = NULL;
    size_t na = 0, np = 0;
    if (!alive || !pairs) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    if (next == 1) {
        /* Seeded bracket: 1 v 8, 4 v 5, 2 v 7, 3 v 6 ... so the top seeds meet last. */
        size_t size = 1;
        while (size < ne)
            size *= 2;
        order = malloc(size * sizeof *order);
        if (!order) {
            rc = go_error_set(GO_ENOMEM, "pairing");
            goto done;
        }
        order[0] = 1;
        size_t len = 1;
        if (size > 1) {
            order[1] = 2;
            len = 2;
        }
        while (len < size) {
            int *tmp = malloc(2 * len * sizeof *tmp);
            if (!tmp) {
                rc = go_error_set(GO_ENOMEM, "pairing");
                goto done;
            }
            for (size_t i = 0; i < len; i++) {
                tmp[2 * i] = order[i];
                tmp[2 * i + 1] = (int)(2 * len + 1) - order[i];
            }
            memcpy(order, tmp, 2 * len * sizeof *tmp);
            free(tmp);
            len *= 2;
        }
        /* entries are sorted by seed in ev_load for individual events; the higher seed's
         * colour comes from the lot and alternates down the boards */
        for (size_t i = 0; i + 1 < size; i += 2) {
            int a = order[i] - 1, b = order[i + 1] - 1;
            if ((size_t)a < ne && (size_t)b < ne) {
                bool higher_black = (np % 2 == 0) == (ev->first_colour != 'W');
                int hi = a < b ? a : b, lo = a < b ? b : a;
                pairs[np++] = higher_black ? (pair){hi, lo} : (pair){lo, hi};
            } else if ((size_t)a < ne)
                pairs[np++] = (pair){a, -1};
            else if ((size_t)b < ne)
                pairs[np++] = (pair){b, -1};
        }
    } else {
        /* Winners of the previous round, in board order, meet in pairs. */
        for (size_t g = 0; g < ev->ngames; g++) {
            const ev_game *gm = &ev->games[g];
            if (gm->round != next - 1)
                continue;
            if (gm->winner == 'D') {
                rc = go_error_set(GO_ECONFLICT,
                                  "board %d of round %d is a draw: a knockout"
                                  " needs a winner (replay it)",
                                  gm->board, gm->round);
                goto done;
            }
            if (gm->winner == 'B' || gm->white < 0)
                alive[na++] = gm->black;
            else if (gm->winner == 'W')
                alive[na++] = gm->white;
        }
        if (na < 2) {
            rc = go_error_set(GO_ECONFLICT, "the knockout is over");
            goto done;
        }
        for (size_t i = 0; i < na; i += 2)
            pairs[np++] = i + 1 < na ? (pair){alive[i], alive[i + 1]} : (pair){alive[i], -1};
    }
    rc = insert_pairs(club, ev, next, pairs, np);
    *out_round = next;
done:
    free(alive);
    free(pairs);
    free(order);
    return rc;
}

int go_club_event_pair(go_club *club, int *out_round, int64_t event)
{
    int rc;
    ev_data ev;
    *out_round = 0;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = ev_load(club, &ev, event)) != 0)
        return tx_end(club, rc);
    int last = 0;
    for (size_t i = 0; i < ev.ngames; i++)
        if (ev.games[i].round > last)
            last = ev.games[i].round;
    for (size_t i = 0; i < ev.ngames; i++)
        if (ev.games[i].round == last && ev.games[i].by == GO_BY_PENDING &&
            (ev.kind == GO_EVENT_SWISS || ev.kind == GO_EVENT_KNOCKOUT ||
             ev.kind == GO_EVENT_TEAM_SWISS) &&
            /* a game of a player who has left counts as the opponent's forfeit win */
            !ev_gone(&ev, ev.games[i].black, ev.games[i].round) &&
            !(ev.games[i].white >= 0 && ev_gone(&ev, ev.games[i].white, ev.games[i].round))) {
            rc = go_error_set(GO_ECONFLICT, "round %d still has games without a result (game %lld)",
                              last, (long long)ev.games[i].id);
            goto done;
        }
    if (ev.kind != GO_EVENT_SWISS && ev.kind != GO_EVENT_KNOCKOUT &&
        ev.kind != GO_EVENT_TEAM_SWISS && last > 0) {
        rc = go_error_set(GO_ECONFLICT, "%s is already paired (all rounds)", ev.name);
        goto done;
    }
    size_t active = 0;
    int *players = malloc((ev.nentries + 1) * sizeof *players);
    if (!players) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    for (size_t i = 0; i < ev.nentries; i++)
        if (!ev.entries[i].withdrawn_after)
            players[active++] = (int)i;
    if (active < 2 && !ev_is_team(ev.kind)) {
        free(players);
        rc = go_error_set(GO_EINVAL, "%s needs at least two players", ev.name);
        goto done;
    }
    if (last == 0 && ev.first_colour == 0) {
        /* The lot for round 1's colours, drawn once and kept with the event. */
        unsigned char coin = 0;
        sqlite3_randomness(1, &coin);
        ev.first_colour = coin & 1 ? 'W' : 'B';
        sqlite3_stmt *st = NULL;
        if ((rc = db_prepare(club, &st, "UPDATE events SET first_colour = ?2 WHERE id = ?1")) ==
            0) {
            sqlite3_bind_int64(st, 1, event);
            sqlite3_bind_text(st, 2, ev.first_colour == 'W' ? "W" : "B", -1, SQLITE_STATIC);
            rc = db_step_done(club, st, "draw");
        }
        sqlite3_finalize(st);
        if (rc) {
            free(players);
            goto done;
        }
    }
    switch (ev.kind) {
    case GO_EVENT_ROUND_ROBIN: {
        /* the number of rounds follows from the number of players and the cycles */
        int per_cycle = (int)(active - 1 + active % 2), total = per_cycle * ev.cycles;
        if (ev.rounds > 0 && ev.rounds != total) {
            rc = go_error_set(GO_EINVAL,
                              "%s: %zu players play %d rounds in a single round robin and %d in"
                              " a double one, not %d (give the cycles: --cycles 2 for a double"
                              " round robin)",
                              ev.name, active, per_cycle, 2 * per_cycle, ev.rounds);
            break;
        }
        rc = pair_round_robin(club, &ev, out_round, active, players);
        if (rc == 0) {
            sqlite3_stmt *st = NULL;
            if ((rc = db_prepare(club, &st, "UPDATE events SET rounds = ?2 WHERE id = ?1")) == 0) {
                sqlite3_bind_int64(st, 1, event);
                sqlite3_bind_int(st, 2, total);
                rc = db_step_done(club, st, "rounds");
            }
            sqlite3_finalize(st);
        }
        break;
    }
    case GO_EVENT_SWISS:
        if (last >= ev.rounds)
            rc = go_error_set(GO_ECONFLICT, "all %d rounds of %s are paired", ev.rounds, ev.name);
        else
            rc = pair_swiss(club, &ev, out_round, last + 1);
        break;
    case GO_EVENT_KNOCKOUT:
        rc = pair_knockout(club, &ev, out_round, last + 1);
        break;
    case GO_EVENT_MATCH: {
        pair *pairs = malloc(sizeof *pairs);
        if (!pairs) {
            rc = go_error_set(GO_ENOMEM, "pairing");
            break;
        }
        for (int r = 1; r <= ev.rounds && rc == 0; r++) {
            /* game 1's colours by the lot, then they alternate from game to game */
            bool first_black = (r % 2 == 1) == (ev.first_colour != 'W');
            pairs[0] =
                first_black ? (pair){players[0], players[1]} : (pair){players[1], players[0]};
            rc = insert_pairs(club, &ev, r, pairs, 1);
        }
        free(pairs);
        *out_round = 1;
        break;
    }
    case GO_EVENT_TEAM:
        rc = pair_team(club, &ev, out_round);
        break;
    case GO_EVENT_TEAM_SWISS:
        if (last >= ev.rounds)
            rc = go_error_set(GO_ECONFLICT, "all %d rounds of %s are paired", ev.rounds, ev.name);
        else
            rc = pair_team_swiss(club, &ev, out_round, last + 1);
        break;
    }
    free(players);
done:
    ev_clear(&ev);
    return tx_end(club, rc);
}

int go_club_event_pairings(go_club *club, go_club_table **out, int64_t event, int round)
{
    ev_data ev;
    int rc = ev_load(club, &ev, event);
    if (rc)
        return rc;
    ev_clear(&ev);
    return db_list(club, out, "event pairings",
                   "SELECT g.round, g.board, g.id AS game, g.black_id AS black,"
                   " b.name AS black_name, g.white_id AS white, w.name AS white_name,"
                   " CASE WHEN g.by = 'bye' THEN 'bye' WHEN g.by = 'pending' THEN ''"
                   " WHEN g.winner = 'D' THEN '1-1' WHEN g.winner = 'N' THEN '0-0'"
                   " WHEN g.winner = 'B' THEN '2-0' ELSE '0-2' END AS result, g.by"
                   " FROM games g JOIN members b ON b.id = g.black_id"
                   " LEFT JOIN members w ON w.id = g.white_id"
                   " WHERE g.event_id = ?1 AND (?2 <= 0 OR g.round = ?2)"
                   " ORDER BY g.round, g.board",
                   "li", (int64_t)event, (int)round);
}
