/* Exports: any club table as stored and the tables for people as go_club_table values (the
 * front ends print them through adapters/), TRF of an event (FIDE's report format with our
 * 2/1/0 points declared by `XXS W=2 D=1`). */
#include <stdlib.h>
#include <string.h>

#include "club_int.h"

/* Table name -> a constant query. User text only selects among these. */
static const struct {
    const char *name, *sql;
} exports[] = {
    {"members", "SELECT * FROM members ORDER BY id"},
    {"status_history", "SELECT * FROM status_history ORDER BY id"},
    {"dues", "SELECT * FROM dues ORDER BY id"},
    {"schedule", "SELECT * FROM schedule ORDER BY id"},
    {"activities", "SELECT * FROM activities ORDER BY id"},
    {"checkins", "SELECT * FROM checkins ORDER BY id"},
    {"items", "SELECT * FROM items ORDER BY id"},
    {"stocktakes", "SELECT * FROM stocktakes ORDER BY id"},
    {"loans", "SELECT * FROM loans ORDER BY id"},
    {"games", "SELECT * FROM games ORDER BY id"},
    {"events", "SELECT * FROM events ORDER BY id"},
    {"teams", "SELECT * FROM teams ORDER BY id"},
    {"entries", "SELECT * FROM entries ORDER BY event_id, seed"},
    {"settings", "SELECT * FROM settings ORDER BY key"},
};

int go_club_export_table(go_club *club, go_club_table **out, const char *table)
{
    for (size_t i = 0; i < sizeof exports / sizeof exports[0]; i++) {
        if (!table || strcmp(table, exports[i].name) != 0)
            continue;
        sqlite3_stmt *st = NULL;
        int rc = db_prepare(club, &st, exports[i].sql);
        if (rc)
            return rc;
        rc = table_from_stmt(out, st);
        sqlite3_finalize(st);
        return rc;
    }
    return go_error_set(
        GO_EINVAL,
        "unknown table '%.40s' (members, status_history, dues, schedule, activities,"
        " checkins, items, stocktakes, loans, games, events, teams, entries, settings)",
        table ? table : "");
}

/* Tables for people (go_club_sheet_table): names beside ids, ranks as 5k/1d, yuan, komi in
 * stones. adapters/club_csv.c holds their headers, one per column in this order. */
static const struct {
    const char *name, *sql;
} sheets[] = {
    {"members",
     "SELECT id, number, name, grade, contact, CASE WHEN rank < 0 THEN (-rank) || 'k' WHEN rank > "
     "0 THEN rank || 'd' ELSE '' END, join_date, status, status_since FROM members ORDER BY id"},
    {"status_history",
     "SELECT m.number, m.name, h.date, h.from_status, h.to_status, h.rule, h.reason, h.recorded_at "
     "FROM status_history h JOIN members m ON m.id = h.member_id ORDER BY h.date, h.id"},
    {"dues",
     "SELECT m.number, m.name, d.school_year, printf('%d.%02d', d.amount_fen / 100, d.amount_fen % "
     "100), d.paid_on FROM dues d JOIN members m ON m.id = d.member_id ORDER BY d.school_year, "
     "m.number"},
    {"activities",
     "SELECT a.date, a.start_time, a.title, CASE a.cancelled WHEN 0 THEN '' ELSE 'cancelled' END, "
     "(SELECT count(*) FROM checkins c WHERE c.activity_id = a.id) FROM activities a ORDER BY "
     "a.date"},
    {"checkins",
     "SELECT a.date, m.number, m.name, c.at, CASE c.credit WHEN 2 THEN 'full' ELSE 'half' END FROM "
     "checkins c JOIN members m ON m.id = c.member_id JOIN activities a ON a.id = c.activity_id "
     "ORDER BY a.date, m.number"},
    {"leaves",
     "SELECT m.number, m.name, l.from_date, l.to_date, l.reason FROM leaves l JOIN members m ON "
     "m.id = l.member_id ORDER BY l.from_date, m.number"},
    {"items",
     "SELECT id, name, kind, CASE board_size WHEN 0 THEN '' ELSE board_size END, count, "
     "printf('%d.%02d', price_fen / 100, price_fen % 100), location, condition, last_seen FROM "
     "items ORDER BY id"},
    {"stocktakes",
     "SELECT s.date, i.name, s.expected, s.counted, s.counted - s.expected, s.note FROM stocktakes "
     "s JOIN items i ON i.id = s.item_id ORDER BY s.date, i.id"},
    {"loans",
     "SELECT l.id, i.name, l.quantity, m.number, m.name, l.approver, l.out_date, l.due_date, "
     "l.returned_date, l.return_condition, printf('%d.%02d', l.charge_fen / 100, l.charge_fen % "
     "100) FROM loans l JOIN items i ON i.id = l.item_id JOIN members m ON m.id = l.member_id "
     "ORDER BY l.id"},
    {"games",
     "SELECT g.id, g.date, e.name, g.round, g.board, b.name, CASE WHEN b.rank < 0 THEN (-b.rank) "
     "|| 'k' WHEN b.rank > 0 THEN b.rank || 'd' ELSE '' END, w.name, CASE WHEN w.id IS NULL THEN "
     "'' ELSE CASE WHEN w.rank < 0 THEN (-w.rank) || 'k' WHEN w.rank > 0 THEN w.rank || 'd' ELSE "
     "'' END END, g.handicap, printf('%g', g.komi_quarters / 4.0), CASE g.winner WHEN 'B' THEN "
     "'Black' WHEN 'W' THEN 'White' WHEN 'D' THEN 'draw' WHEN 'N' THEN 'both lose' ELSE '' END, "
     "g.by, CASE WHEN g.by = 'count' THEN printf('%g', g.margin_quarters / 4.0) ELSE '' END, "
     "g.referee FROM games g JOIN members b ON b.id = g.black_id LEFT JOIN members w ON w.id = "
     "g.white_id LEFT JOIN events e ON e.id = g.event_id ORDER BY g.date, g.id"},
    {"events",
     "SELECT e.id, e.name, e.kind, e.rounds, e.cycles, e.date, CASE e.boards WHEN 0 THEN '' ELSE "
     "e.boards END, (SELECT count(*) FROM entries n WHERE n.event_id = e.id) FROM events e ORDER "
     "BY e.id"},
    {"entries",
     "SELECT e.name, n.seed, m.number, m.name, CASE WHEN m.rank < 0 THEN (-m.rank) || 'k' WHEN "
     "m.rank > 0 THEN m.rank || 'd' ELSE '' END, t.name, CASE n.board WHEN 0 THEN '' ELSE n.board "
     "END, n.withdrawn_after FROM entries n JOIN events e ON e.id = n.event_id JOIN members m ON "
     "m.id = n.member_id LEFT JOIN teams t ON t.id = n.team_id ORDER BY n.event_id, n.seed"},
};

int go_club_sheet_table(go_club *club, go_club_table **out, const char *table)
{
    for (size_t i = 0; i < sizeof sheets / sizeof sheets[0]; i++) {
        if (!table || strcmp(table, sheets[i].name) != 0)
            continue;
        sqlite3_stmt *st = NULL;
        int rc = db_prepare(club, &st, sheets[i].sql);
        if (rc)
            return rc;
        rc = table_from_stmt(out, st);
        sqlite3_finalize(st);
        return rc;
    }
    return go_error_set(GO_EINVAL,
                        "unknown table '%.40s' (members, status_history, dues, activities,"
                        " checkins, leaves, items, stocktakes, loans, games, events, entries)",
                        table ? table : "");
}

/* The rating a rank stands for in the TRF (which has no kyu and dan): 100 a step, 25k = 100
 * .. 1k = 2500, 1d = 2600 .. 7d = 3200; 0 for an unknown rank. */
int go_rank_rating(int rank)
{
    return rank < 0 ? 2600 + 100 * rank : rank > 0 ? 2500 + 100 * rank : 0;
}

typedef struct trf_order {
    int rank, seed, index;
} trf_order;

/* start numbers: the higher rank first, then the earlier entry (unknown ranks last) */
static int cmp_trf_order(const void *a, const void *b)
{
    const trf_order *x = a, *y = b;
    int rx = x->rank ? x->rank : -100, ry = y->rank ? y->rank : -100;
    if (rx != ry)
        return ry - rx;
    return x->seed != y->seed ? x->seed - y->seed : x->index - y->index;
}

int go_club_export_trf(go_club *club, FILE *out, int64_t event)
{
    ev_data ev;
    go_xtable xt;
    int rc = ev_load(club, &ev, event);
    if (rc)
        return rc;
    if ((rc = ev_xtable(&xt, &ev)) != 0) {
        ev_clear(&ev);
        return rc;
    }
    size_t n = ev.nentries;
    double *points = calloc(n + 1, sizeof *points), *sb = calloc(n + 1, sizeof *sb);
    trf_order *order = calloc(n + 1, sizeof *order);
    go_trf_player *players = calloc(n + 1, sizeof *players);
    go_trf_team *teams = calloc(ev.nteams + 1, sizeof *teams);
    int *team_starts = calloc(n + 1, sizeof *team_starts),
        *team_boards = calloc(n + 1, sizeof *team_boards);
    go_standing *s = NULL;
    size_t ns = 0;
    if (!points || !sb || !order || !players || !teams || !team_starts || !team_boards) {
        rc = go_error_set(GO_ENOMEM, "TRF");
        goto done;
    }
    go_xtable_tiebreaks(&xt, GO_UNPLAYED_AS_SCORED, points, sb, NULL);
    for (size_t i = 0; i < n; i++) {
        players[i] = (go_trf_player){ev.entries[i].name, 0, go_rank_rating(ev.entries[i].rank),
                                     points[i],          0, ev.entries[i].withdrawn_after};
        order[i] = (trf_order){ev.entries[i].rank, ev.entries[i].seed, (int)i};
    }
    qsort(order, n, sizeof *order, cmp_trf_order);
    for (size_t k = 0; k < n; k++)
        players[order[k].index].start = (int)k + 1;
    if (!ev_is_team(ev.kind) && go_club_event_standings(club, &s, &ns, event) == 0)
        for (size_t k = 0; k < ns; k++)
            for (size_t i = 0; i < n; i++)
                if (ev.entries[i].member == s[k].member)
                    players[i].rank = s[k].place;
    /* Team records: the team's players by board. */
    size_t used = 0;
    for (size_t t = 0; ev_is_team(ev.kind) && t < ev.nteams; t++) {
        teams[t] = (go_trf_team){ev.teams[t].name, team_starts + used, team_boards + used, 0};
        for (int b = 1; b <= ev.boards; b++)
            for (size_t i = 0; i < n; i++)
                if (ev.entries[i].team == ev.teams[t].id && ev.entries[i].board == b && used < n) {
                    team_starts[used] = players[i].start;
                    team_boards[used++] = b;
                    teams[t].nplayers++;
                }
    }
    go_trf_event trf = {ev.name,
                        ev.date,
                        ev.kind == GO_EVENT_SWISS         ? "Swiss (积分编排制)"
                        : ev.kind == GO_EVENT_ROUND_ROBIN ? "Round robin (Berger)"
                                                          : go_event_kind_name(ev.kind),
                        &xt,
                        players,
                        teams,
                        ev_is_team(ev.kind) ? ev.nteams : 0};
    rc = go_trf_write(out, &trf);
done:
    free(points);
    free(sb);
    free(order);
    free(players);
    free(teams);
    free(team_starts);
    free(team_boards);
    free(s);
    go_xtable_clear(&xt);
    ev_clear(&ev);
    return rc;
}
