/* Club endpoints under /api/club/: members (edit, status, dues), check-in, activities and the
 * weekly schedule, the charter rules (preview, apply, rewards), items, stocktakes and loans,
 * results, events with entries, withdrawals, pairings and standings (JSON, and printable HTML),
 * and any table of the club log as CSV. One go_club handle
 * serialised by a mutex (the club library asks for one handle per thread). Roles per action
 * are in the route table below. Tables and standings become JSON through json_club.c, which
 * `goref club --json` can share. */
#define _XOPEN_SOURCE 700 /* open_memstream, localtime_r */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "go/club.h"
#include "go/club_members.h"
#include "go/club_attendance.h"
#include "go/club_equipment.h"
#include "go/club_games.h"
#include "go/club_events.h"
#include "go/club_export.h"
#include "go/error.h"
#include "go/parse.h"
#include "club_csv.h"
#include "club_html.h"
#include "club_standings.h"
#include "http_int.h"
#include "json_club.h"

int http_club_open(go_http *srv)
{
    go_club *club = NULL;
    int err = go_club_open(&club, srv->db_path);
    if (err)
        return err;
    srv->club = club;
    return 0;
}

void http_club_close(go_http *srv)
{
    go_club_free(srv->club);
    srv->club = NULL;
}

/* ------------------------------------------------------------------------- JSON helpers */

typedef struct club_call {
    http_req *r;
    go_club *club;
    long long id;       /* the {id} of the path, 0 when none */
    const char *action; /* the path's last part after the resource (and id), or NULL */
    json_t *body;       /* writes: the JSON object */
} club_call;

static int need_int(club_call *c, const char *key, long long *out, long long lo, long long hi)
{
    if (!json_object_get(c->body, key)) {
        http_reply_error(c->r, 400, "invalid", "give '%s'", key);
        return -1;
    }
    return http_json_int(c->r, c->body, key, out, lo, hi);
}

static int need_string(club_call *c, const char *key, const char **out, size_t max)
{
    *out = NULL;
    if (http_json_string(c->r, c->body, key, out, max))
        return -1;
    if (!*out) {
        http_reply_error(c->r, 400, "invalid", "give '%s'", key);
        return -1;
    }
    return 0;
}

/* t is read after err is computed: callers pass &t, since the order in which a call's
 * arguments are evaluated is unspecified. */
static void reply_table(club_call *c, int err, go_club_table **tp, const char *key)
{
    go_club_table *t = *tp;
    if (err) {
        go_club_table_free(t);
        http_reply_goerr(c->r, err);
        return;
    }
    json_t *j = json_object();
    json_object_set_new(j, key, go_json_club_table(t));
    go_club_table_free(t);
    http_reply_json(c->r, 200, j);
}

static void reply_ok(club_call *c, int err, json_t *j)
{
    if (err) {
        json_decref(j);
        http_reply_goerr(c->r, err);
        return;
    }
    http_reply_json(c->r, 200, j ? j : json_pack("{s:b}", "ok", 1));
}

/* ---------------------------------------------------------------------------- members */

static json_t *member_json(const go_member *m)
{
    char rank[16];
    go_rank_format(rank, m->rank);
    return json_pack("{s:I,s:s,s:s,s:s,s:s,s:s,s:i,s:s,s:s}", "id", (json_int_t)m->id, "number",
                     m->number, "name", m->name, "grade", m->grade, "contact", m->contact, "rank",
                     rank, "rank_value", m->rank, "join_date", m->join_date, "status",
                     go_member_status_name(m->status));
}

static int member_from_body(club_call *c, go_member *m, bool all_required)
{
    const char *number = NULL, *name = NULL, *grade = NULL, *contact = NULL, *rank = NULL,
               *join = NULL;
    if (http_json_string(c->r, c->body, "number", &number, 32) ||
        http_json_string(c->r, c->body, "name", &name, 4 * GO_CLUB_NAME_MAX) ||
        http_json_string(c->r, c->body, "grade", &grade, 64) ||
        http_json_string(c->r, c->body, "contact", &contact, GO_CLUB_TEXT_MAX) ||
        http_json_string(c->r, c->body, "rank", &rank, 32) ||
        http_json_string(c->r, c->body, "join_date", &join, 10))
        return -1;
    if (all_required && (!number || !name)) {
        http_reply_error(c->r, 400, "invalid", "give 'number' and 'name'");
        return -1;
    }
    if (number)
        snprintf(m->number, sizeof m->number, "%s", number);
    if (name)
        snprintf(m->name, sizeof m->name, "%s", name);
    if (grade)
        snprintf(m->grade, sizeof m->grade, "%s", grade);
    if (contact)
        snprintf(m->contact, sizeof m->contact, "%s", contact);
    if (join)
        snprintf(m->join_date, sizeof m->join_date, "%s", join);
    if (rank && rank[0]) {
        int err = go_rank_parse(&m->rank, rank);
        if (err) {
            http_reply_goerr(c->r, err);
            return -1;
        }
    }
    return 0;
}

static void members_list(club_call *c)
{
    go_club_table *t = NULL;
    int status = -1;
    const char *q = http_query(c->r, "status");
    if (q && *q && strcmp(q, "all") != 0) {
        go_member_status s;
        if (go_member_status_parse(&s, q) != 0) {
            http_reply_error(c->r, 400, "invalid", "unknown status '%s'", q);
            return;
        }
        status = (int)s;
    }
    reply_table(c, go_club_member_list(c->club, &t, status), &t, "members");
}

static void members_add(club_call *c)
{
    go_member m;
    memset(&m, 0, sizeof m);
    go_today(m.join_date);
    if (member_from_body(c, &m, true))
        return;
    int err = go_club_member_add(c->club, &m);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    http_reply_json(c->r, 201, json_pack("{s:o}", "member", member_json(&m)));
}

static void member_show(club_call *c)
{
    go_member m;
    go_club_table *history = NULL, *games = NULL;
    int err = go_club_member_get(c->club, &m, c->id);
    if (!err)
        err = go_club_member_history(c->club, &history, c->id);
    if (!err)
        err = go_club_game_list(c->club, &games, c->id, 0);
    if (err) {
        go_club_table_free(history);
        http_reply_goerr(c->r, err);
        return;
    }
    json_t *j = json_pack("{s:o,s:o,s:o}", "member", member_json(&m), "history",
                          go_json_club_table(history), "games", go_json_club_table(games));
    go_club_table_free(history);
    go_club_table_free(games);
    http_reply_json(c->r, 200, j);
}

static void member_edit(club_call *c)
{
    go_member m;
    int err = go_club_member_get(c->club, &m, c->id);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    if (member_from_body(c, &m, false))
        return;
    err = go_club_member_edit(c->club, &m);
    reply_ok(c, err, err ? NULL : json_pack("{s:o}", "member", member_json(&m)));
}

static void member_status(club_call *c)
{
    const char *status = NULL, *date = NULL, *reason = NULL;
    char day[11];
    go_member_status to;
    if (need_string(c, "status", &status, 16) ||
        http_json_string(c->r, c->body, "date", &date, 10) ||
        http_json_string(c->r, c->body, "reason", &reason, GO_CLUB_TEXT_MAX))
        return;
    if (go_member_status_parse(&to, status) != 0) {
        http_reply_error(c->r, 400, "invalid", "status: active, withdrawn, revoked or left");
        return;
    }
    go_today(day);
    reply_ok(c,
             go_club_member_set_status(c->club, c->id, to, date ? date : day, NULL,
                                       reason ? reason : ""),
             NULL);
}

/* ----------------------------------------------------------------- attendance, activities */

static void checkins_list(club_call *c)
{
    char day[11];
    go_today(day);
    const char *from = http_query(c->r, "from"), *to = http_query(c->r, "to");
    go_club_table *t = NULL;
    reply_table(c, go_club_checkin_list(c->club, &t, 0, from ? from : day, to ? to : day), &t,
                "checkins");
}

static void checkins_add(club_call *c)
{
    long long member = 0;
    const char *at = NULL;
    char now[17];
    bool half = false;
    if (need_int(c, "member", &member, 1, INT64_MAX) ||
        http_json_string(c->r, c->body, "at", &at, 16))
        return;
    go_now_minute(now);
    int err = go_club_checkin(c->club, &half, member, at ? at : now);
    reply_ok(c, err,
             err ? NULL
                 : json_pack("{s:b,s:I,s:s,s:b}", "ok", 1, "member", (json_int_t)member, "at",
                             at ? at : now, "half", half));
}

static void activities_list(club_call *c)
{
    char day[11];
    go_today(day);
    const char *from = http_query(c->r, "from"), *to = http_query(c->r, "to");
    go_club_table *t = NULL;
    reply_table(c, go_club_activity_list(c->club, &t, from ? from : day, to ? to : day), &t,
                "activities");
}

static void activities_add(club_call *c)
{
    const char *start = NULL, *title = NULL;
    int64_t id = 0;
    if (need_string(c, "start", &start, 16) ||
        http_json_string(c->r, c->body, "title", &title, GO_CLUB_TEXT_MAX))
        return;
    int err = go_club_activity_add(c->club, &id, start, title ? title : "");
    reply_ok(c, err, err ? NULL : json_pack("{s:I}", "id", (json_int_t)id));
}

static void schedule_set(club_call *c)
{
    long long weekday = 0;
    const char *start = NULL, *from = NULL;
    char day[11];
    go_today(day);
    if (need_int(c, "weekday", &weekday, 1, 7) || need_string(c, "start", &start, 5) ||
        http_json_string(c->r, c->body, "from", &from, 10))
        return;
    reply_ok(c, go_club_schedule_set(c->club, (int)weekday, start, from ? from : day), NULL);
}

/* ---------------------------------------------------------------------- items and loans */

static void items_list(club_call *c)
{
    go_club_table *t = NULL;
    reply_table(c, go_club_item_list(c->club, &t), &t, "items");
}

static void items_add(club_call *c)
{
    go_item it;
    const char *name = NULL, *kind = NULL, *location = NULL, *condition = NULL;
    long long size = 0, count = 1, price = 0;
    memset(&it, 0, sizeof it);
    if (need_string(c, "name", &name, 4 * GO_CLUB_NAME_MAX) ||
        http_json_string(c->r, c->body, "kind", &kind, 32) ||
        http_json_string(c->r, c->body, "location", &location, 128) ||
        http_json_string(c->r, c->body, "condition", &condition, 32) ||
        http_json_int(c->r, c->body, "board_size", &size, 0, 25) ||
        http_json_int(c->r, c->body, "count", &count, 0, 100000) ||
        http_json_int(c->r, c->body, "price_fen", &price, 0, 100000000))
        return;
    snprintf(it.name, sizeof it.name, "%s", name);
    snprintf(it.kind, sizeof it.kind, "%s", kind ? kind : "other");
    snprintf(it.location, sizeof it.location, "%s", location ? location : "");
    snprintf(it.condition, sizeof it.condition, "%s", condition ? condition : "good");
    it.board_size = (int)size;
    it.count = (int)count;
    it.price_fen = price;
    int err = go_club_item_add(c->club, &it);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    http_reply_json(c->r, 201, json_pack("{s:I}", "id", (json_int_t)it.id));
}

static void loans_list(club_call *c)
{
    go_club_table *t = NULL;
    const char *open = http_query(c->r, "open");
    reply_table(c, go_club_loan_list(c->club, &t, open && strcmp(open, "0") != 0), &t, "loans");
}

static void loans_overdue(club_call *c)
{
    char day[11];
    go_today(day);
    const char *as_of = http_query(c->r, "as_of");
    go_club_table *t = NULL;
    reply_table(c, go_club_loan_overdue(c->club, &t, as_of ? as_of : day), &t, "loans");
}

static void loans_out(club_call *c)
{
    long long item = 0, member = 0, quantity = 1;
    const char *date = NULL, *due = NULL;
    char day[11];
    int64_t id = 0;
    go_today(day);
    if (need_int(c, "item", &item, 1, INT64_MAX) || need_int(c, "member", &member, 1, INT64_MAX) ||
        http_json_int(c->r, c->body, "quantity", &quantity, 1, 1000) ||
        http_json_string(c->r, c->body, "date", &date, 10) ||
        http_json_string(c->r, c->body, "due", &due, 10))
        return;
    /* The approver is the signed-in account, not a field the client could forge. */
    int err = go_club_loan_out(c->club, &id, item, (int)quantity, member, c->r->user.name,
                               date ? date : day, due);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    http_reply_json(c->r, 201, json_pack("{s:I}", "id", (json_int_t)id));
}

static void loans_return(club_call *c)
{
    const char *condition = NULL, *date = NULL;
    char day[11];
    int64_t charge = 0;
    go_today(day);
    if (http_json_string(c->r, c->body, "condition", &condition, 16) ||
        http_json_string(c->r, c->body, "date", &date, 10))
        return;
    int err = go_club_loan_return(c->club, &charge, c->id, condition ? condition : "good",
                                  date ? date : day);
    reply_ok(c, err,
             err ? NULL : json_pack("{s:b,s:I}", "ok", 1, "charge_fen", (json_int_t)charge));
}

/* ------------------------------------------------------------------------------ results */

static void games_list(club_call *c)
{
    const char *m = http_query(c->r, "member"), *e = http_query(c->r, "event");
    go_club_table *t = NULL;
    reply_table(
        c,
        go_club_game_list(c->club, &t, m ? strtoll(m, NULL, 10) : 0, e ? strtoll(e, NULL, 10) : 0),
        &t, "games");
}

static int quarters_from(club_call *c, const char *key, int *out)
{
    json_t *v = json_object_get(c->body, key);
    if (!v || json_is_null(v))
        return 0;
    double q = json_is_number(v) ? json_number_value(v) * 4.0 : NAN;
    if (!isfinite(q) || q != floor(q) || fabs(q) > 4000) {
        http_reply_error(c->r, 400, "range", "'%s' must be a number of stones in quarters", key);
        return -1;
    }
    *out = (int)q;
    return 0;
}

static void results_add(club_call *c)
{
    go_game_record rec = GO_GAME_RECORD_INIT;
    long long black = 0, white = 0, handicap = 0, event = 0, round = 0, board = 0, wb = 0, ww = 0;
    const char *winner = NULL, *by = NULL, *date = NULL, *rules = NULL, *sha = NULL;
    char *position = NULL, *dead = NULL, *count_json = NULL;
    char day[11];
    go_today(day);
    /* A paired game (results/{id}) knows its players; a friendly game needs them. */
    if ((c->id ? http_json_int(c->r, c->body, "black", &black, 1, INT64_MAX)
               : need_int(c, "black", &black, 1, INT64_MAX)) ||
        http_json_int(c->r, c->body, "white", &white, 0, INT64_MAX) ||
        http_json_int(c->r, c->body, "handicap", &handicap, 0, 25) ||
        http_json_int(c->r, c->body, "event", &event, 0, INT64_MAX) ||
        http_json_int(c->r, c->body, "round", &round, 0, 1000) ||
        http_json_int(c->r, c->body, "board", &board, 0, 1000) ||
        http_json_int(c->r, c->body, "warnings_black", &wb, 0, 10) ||
        http_json_int(c->r, c->body, "warnings_white", &ww, 0, 10) ||
        http_json_string(c->r, c->body, "winner", &winner, 8) ||
        http_json_string(c->r, c->body, "by", &by, 16) ||
        http_json_string(c->r, c->body, "date", &date, 10) ||
        http_json_string(c->r, c->body, "rules", &rules, 16) ||
        http_json_string(c->r, c->body, "photo_sha256", &sha, 64) ||
        quarters_from(c, "komi_stones", &rec.komi_quarters) ||
        quarters_from(c, "margin_stones", &rec.margin_quarters))
        return;
    if (winner && !(strcmp(winner, "B") == 0 || strcmp(winner, "W") == 0 ||
                    strcmp(winner, "D") == 0 || strcmp(winner, "draw") == 0)) {
        http_reply_error(c->r, 400, "invalid", "'winner' must be \"B\", \"W\" or \"draw\"");
        return;
    }
    if (by && go_result_by_parse(&rec.by, by) != 0) {
        http_reply_error(c->r, 400, "invalid", "unknown 'by' %s", by);
        return;
    }
    /* A count object from /api/count or /api/score: keep it, and take the winner and margin
     * from it unless the body says otherwise. */
    json_t *count = json_object_get(c->body, "count");
    if (count && json_is_object(count)) {
        go_game_record counted = GO_GAME_RECORD_INIT;
        int err = go_json_count_result(&counted, count);
        if (err) {
            http_reply_goerr(c->r, err);
            return;
        }
        count_json = json_dumps(count, JSON_COMPACT | JSON_PRESERVE_ORDER);
        dead = counted.dead;
        rec.finished = counted.finished;
        if (!winner && counted.winner)
            winner = counted.winner == 'D' ? "draw" : counted.winner == 'B' ? "B" : "W";
        if (!json_object_get(c->body, "margin_stones"))
            rec.margin_quarters = counted.margin_quarters;
        if (!by && counted.winner)
            rec.by = counted.by;
        if (!json_object_get(c->body, "komi_stones"))
            rec.komi_quarters = counted.komi_quarters;
    }
    json_t *pos = json_object_get(c->body, "position");
    if (json_is_array(pos) && json_array_size(pos) >= 2 && json_array_size(pos) <= 25) {
        size_t n = json_array_size(pos), i, len;
        json_t *v;
        position = malloc(16 + n * 27);
        len = position ? (size_t)snprintf(position, 16, "size %zu\n", n) : 0;
        json_array_foreach(pos, i,
                           v) if (position && json_is_string(v) && json_string_length(v) == n)
        {
            len += (size_t)snprintf(position + len, 27, "%s\n", json_string_value(v));
        }
    }
    rec.winner = !winner ? 0 : winner[0] == 'd' ? 'D' : winner[0];
    if (rec.by == GO_BY_PENDING && rec.winner)
        rec.by = rec.winner == 'D' ? GO_BY_DRAW : GO_BY_COUNT;
    rec.black = black;
    rec.white = white;
    rec.handicap = (int)handicap;
    rec.event = event;
    rec.round = (int)round;
    rec.board = (int)board;
    rec.warnings_black = (int)wb;
    rec.warnings_white = (int)ww;
    rec.position = position;
    rec.dead = dead;
    rec.count_json = count_json;
    snprintf(rec.date, sizeof rec.date, "%s", date ? date : day);
    snprintf(rec.referee, sizeof rec.referee, "%s", c->r->user.name);
    if (rules)
        snprintf(rec.rules, sizeof rec.rules, "%s", rules);
    if (sha)
        snprintf(rec.photo_sha256, sizeof rec.photo_sha256, "%s", sha);
    rec.id = c->id; /* POST /api/club/results/{id}: the result of a paired game */
    int err = go_club_result_add(c->club, &rec);
    free(position);
    free(dead);
    free(count_json);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    http_reply_json(
        c->r, 201,
        json_pack("{s:I,s:s}", "id", (json_int_t)rec.id, "by", go_result_by_name(rec.by)));
}

/* ------------------------------------------------------------------------------- events */

static void events_list(club_call *c)
{
    go_club_table *t = NULL;
    reply_table(c, go_club_event_list(c->club, &t), &t, "events");
}

static void events_add(club_call *c)
{
    const char *name = NULL, *kind_text = NULL, *date = NULL;
    long long rounds = 0, boards = 0;
    go_event_kind kind = GO_EVENT_ROUND_ROBIN;
    int64_t id = 0;
    char day[11];
    go_today(day);
    if (need_string(c, "name", &name, 4 * GO_CLUB_NAME_MAX) ||
        http_json_string(c->r, c->body, "kind", &kind_text, 32) ||
        http_json_string(c->r, c->body, "date", &date, 10) ||
        http_json_int(c->r, c->body, "rounds", &rounds, 0, 100) ||
        http_json_int(c->r, c->body, "boards", &boards, 0, 50))
        return;
    if (kind_text && go_event_kind_parse(&kind, kind_text) != 0) {
        http_reply_error(c->r, 400, "invalid", "unknown event kind '%s'", kind_text);
        return;
    }
    int err =
        go_club_event_add(c->club, &id, name, kind, (int)rounds, date ? date : day, (int)boards);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    http_reply_json(c->r, 201, json_pack("{s:I}", "id", (json_int_t)id));
}

static void event_enter(club_call *c)
{
    long long member = 0, board = 0;
    const char *team = NULL;
    if (need_int(c, "member", &member, 1, INT64_MAX) ||
        http_json_string(c->r, c->body, "team", &team, 4 * GO_CLUB_NAME_MAX) ||
        http_json_int(c->r, c->body, "board", &board, 0, 50))
        return;
    reply_ok(c, go_club_event_enter(c->club, c->id, member, team, (int)board), NULL);
}

/* The Dutch pairing of a large Swiss runs seconds of CPU: it takes a heavy slot like a scan,
 * so a few clicks on "pair" cannot take every core (503 with Retry-After when all are busy). */
static void event_pair(club_call *c)
{
    int round = 0;
    if (!http_heavy_enter(c->r))
        return;
    int err = go_club_event_pair(c->club, &round, c->id);
    http_heavy_leave(c->r);
    reply_ok(c, err, err ? NULL : json_pack("{s:i}", "round", round));
}

static void event_pairings(club_call *c)
{
    const char *q = http_query(c->r, "round");
    go_club_table *t = NULL;
    reply_table(c, go_club_event_pairings(c->club, &t, c->id, q ? (int)strtol(q, NULL, 10) : 0), &t,
                "pairings");
}

/* A printed sheet's language: English on ?lang=en, else Chinese. */
static bool sheet_in_english(club_call *c)
{
    const char *lang = http_query(c->r, "lang");
    return lang && strcmp(lang, "en") == 0;
}

/* The name and system of event c->id, for a printed sheet's title and columns. */
static int event_name_kind(club_call *c, char *name, size_t size, go_event_kind *kind)
{
    go_club_table *t = NULL;
    int err = go_club_event_list(c->club, &t);
    if (err)
        return err;
    int id_col = -1, name_col = -1, kind_col = -1;
    for (int i = 0; i < t->ncols; i++) {
        if (strcmp(t->names[i], "id") == 0)
            id_col = i;
        else if (strcmp(t->names[i], "name") == 0)
            name_col = i;
        else if (strcmp(t->names[i], "kind") == 0)
            kind_col = i;
    }
    err = go_error_set(GO_ENOTFOUND, "no event %lld", (long long)c->id);
    for (int y = 0; id_col >= 0 && name_col >= 0 && kind_col >= 0 && y < t->nrows; y++) {
        const char *id = go_club_cell(t, y, id_col);
        if (!id || strtoll(id, NULL, 10) != c->id)
            continue;
        const char *n = go_club_cell(t, y, name_col), *k = go_club_cell(t, y, kind_col);
        snprintf(name, size, "%s", n ? n : "");
        err =
            k && go_event_kind_parse(kind, k) == 0
                ? 0
                : go_error_set(GO_EINTERNAL, "event %lld has an unknown system", (long long)c->id);
        break;
    }
    go_club_table_free(t);
    return err;
}

static void event_standings(club_call *c, bool html)
{
    go_standing *s = NULL;
    size_t n = 0;
    int err = go_club_event_standings(c->club, &s, &n, c->id);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    if (!html) {
        http_reply_json(c->r, 200,
                        json_pack("{s:I,s:o}", "event", (json_int_t)c->id, "standings",
                                  go_json_standings(s, n)));
        free(s);
        return;
    }
    /* The printable page (A4; ?projector=1 for the wall): the columns of the event's own
     * system, headed in the page's language (?lang=en, else Chinese). */
    go_club_table *t = NULL;
    char *page = NULL, name[4 * GO_CLUB_NAME_MAX + 1], title[4 * GO_CLUB_NAME_MAX + 96];
    size_t len = 0;
    go_event_kind kind = GO_EVENT_ROUND_ROBIN;
    bool en = sheet_in_english(c);
    err = event_name_kind(c, name, sizeof name, &kind);
    if (!err)
        err = go_standings_sheet(&t, s, n, kind, en ? "en" : "zh");
    free(s);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    snprintf(title, sizeof title, en ? "%s: standings" : "%s 成绩表", name);
    FILE *f = open_memstream(&page, &len);
    if (!f) {
        go_club_table_free(t);
        http_reply_goerr(c->r, GO_ENOMEM);
        return;
    }
    const char *projector = http_query(c->r, "projector");
    go_html_club_table(f, t, title, projector && strcmp(projector, "0") != 0, en ? "en" : "zh");
    fclose(f);
    go_club_table_free(t);
    http_reply_html(c->r, page, len);
    free(page);
}

/* --------------------------------------------------------------- dues, schedule, charter */

static void dues_list(club_call *c)
{
    const char *m = http_query(c->r, "member"), *unpaid = http_query(c->r, "unpaid");
    long long member = 0;
    if (m && *m) {
        char *end;
        member = strtoll(m, &end, 10);
        if (*end || member <= 0) {
            http_reply_error(c->r, 400, "invalid", "'member' must be a member id");
            return;
        }
    }
    go_club_table *t = NULL;
    reply_table(c, go_club_dues_list(c->club, &t, member, unpaid && strcmp(unpaid, "0") != 0), &t,
                "dues");
}

static void dues_set(club_call *c)
{
    long long member = 0, amount = 0;
    const char *year = NULL, *paid = NULL;
    if (need_int(c, "member", &member, 1, INT64_MAX) || need_string(c, "school_year", &year, 9) ||
        need_int(c, "amount_fen", &amount, 0, 100000000) ||
        http_json_string(c->r, c->body, "paid_on", &paid, 10))
        return;
    reply_ok(c, go_club_dues_set(c->club, member, year, amount, paid && *paid ? paid : NULL), NULL);
}

static void schedule_generate(club_call *c)
{
    const char *from = NULL, *to = NULL;
    int count = 0;
    if (need_string(c, "from", &from, 10) || need_string(c, "to", &to, 10))
        return;
    int err = go_club_schedule_generate(c->club, &count, from, to);
    reply_ok(c, err, err ? NULL : json_pack("{s:b,s:i}", "ok", 1, "created", count));
}

static void activities_cancel(club_call *c)
{
    const char *date = NULL;
    if (need_string(c, "date", &date, 10))
        return;
    reply_ok(c, go_club_activity_cancel(c->club, date), NULL);
}

static json_t *rules_json(const go_club_rules *r)
{
    return json_pack("{s:b,s:i,s:b,s:i,s:i,s:b}", "withdraw", r->withdraw_enabled, "withdraw_weeks",
                     r->withdraw_weeks, "revoke", r->revoke_enabled, "revoke_missed",
                     r->revoke_missed, "late_minutes", r->late_minutes, "reward",
                     r->reward_enabled);
}

static void rules_show(club_call *c)
{
    go_club_rules r;
    int err = go_club_rules_get(c->club, &r);
    reply_ok(c, err, err ? NULL : json_pack("{s:o}", "rules", rules_json(&r)));
}

/* Changes only the settings the body names (the same names rules_show prints). */
static void rules_set(club_call *c)
{
    go_club_rules r;
    long long weeks = -1, missed = -1, late = -1;
    int err = go_club_rules_get(c->club, &r);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    if (http_json_bool(c->r, c->body, "withdraw", &r.withdraw_enabled) ||
        http_json_bool(c->r, c->body, "revoke", &r.revoke_enabled) ||
        http_json_bool(c->r, c->body, "reward", &r.reward_enabled) ||
        http_json_int(c->r, c->body, "withdraw_weeks", &weeks, 1, 52) ||
        http_json_int(c->r, c->body, "revoke_missed", &missed, 1, 1000) ||
        http_json_int(c->r, c->body, "late_minutes", &late, 1, 600))
        return;
    if (weeks > 0)
        r.withdraw_weeks = (int)weeks;
    if (missed > 0)
        r.revoke_missed = (int)missed;
    if (late > 0)
        r.late_minutes = (int)late;
    err = go_club_rules_set(c->club, &r);
    reply_ok(c, err, err ? NULL : json_pack("{s:o}", "rules", rules_json(&r)));
}

/* The charter applied as of a date: with "dry_run" (the default, so that a stray call
 * changes nothing) the changes it would make; with "dry_run": false they are written. */
static void rules_apply(club_call *c)
{
    const char *as_of = NULL;
    bool dry_run = true;
    char day[11];
    go_today(day);
    if (http_json_string(c->r, c->body, "as_of", &as_of, 10) ||
        http_json_bool(c->r, c->body, "dry_run", &dry_run))
        return;
    go_rule_change *chg = NULL;
    size_t n = 0;
    int err = go_club_rules_apply(c->club, &chg, &n, as_of ? as_of : day, dry_run);
    if (err) {
        free(chg);
        http_reply_goerr(c->r, err);
        return;
    }
    json_t *list = json_array();
    for (size_t i = 0; list && i < n; i++)
        json_array_append_new(list, json_pack("{s:I,s:s,s:s,s:s,s:s,s:s,s:s}", "member",
                                              (json_int_t)chg[i].member, "name", chg[i].name,
                                              "from", go_member_status_name(chg[i].from), "to",
                                              go_member_status_name(chg[i].to), "rule", chg[i].rule,
                                              "date", chg[i].date, "reason", chg[i].reason));
    free(chg);
    http_reply_json(c->r, 200,
                    json_pack("{s:b,s:s,s:o}", "dry_run", dry_run, "as_of", as_of ? as_of : day,
                              "changes", list));
}

static void rules_reward(club_call *c)
{
    char day[11], start[11];
    go_today(day);
    const char *from = http_query(c->r, "from"), *to = http_query(c->r, "to");
    if (!to)
        to = day;
    if (!from) {
        /* 出勤率100%以及无迟到 over the school year so far (from 1 September). */
        int year = (int)strtol(to, NULL, 10);
        int month = strlen(to) >= 7 ? (int)strtol(to + 5, NULL, 10) : 9;
        snprintf(start, sizeof start, "%04d-09-01", month >= 9 ? year : year - 1);
        from = start;
    }
    go_club_table *t = NULL;
    reply_table(c, go_club_rules_reward(c->club, &t, from, to), &t, "reward");
}

/* ----------------------------------------------------------------- stocktake, withdrawals */

static void stocktake_report(club_call *c)
{
    go_club_table *t = NULL;
    reply_table(c, go_club_stocktake_report(c->club, &t), &t, "stocktake");
}

static void stocktake_add(club_call *c)
{
    long long item = 0, counted = 0;
    const char *date = NULL, *note = NULL;
    char day[11];
    go_today(day);
    if (need_int(c, "item", &item, 1, INT64_MAX) || need_int(c, "counted", &counted, 0, 100000) ||
        http_json_string(c->r, c->body, "date", &date, 10) ||
        http_json_string(c->r, c->body, "note", &note, GO_CLUB_TEXT_MAX))
        return;
    reply_ok(c, go_club_stocktake(c->club, item, (int)counted, date ? date : day, note ? note : ""),
             NULL);
}

static void event_withdraw(club_call *c)
{
    long long member = 0, after = 0;
    if (need_int(c, "member", &member, 1, INT64_MAX) ||
        http_json_int(c->r, c->body, "after_round", &after, 0, 1000))
        return;
    reply_ok(c, go_club_event_withdraw(c->club, c->id, member, (int)after), NULL);
}

static void event_pairings_html(club_call *c)
{
    const char *q = http_query(c->r, "round");
    int round = q ? (int)strtol(q, NULL, 10) : 0;
    go_club_table *t = NULL;
    int err = go_club_event_pairings(c->club, &t, c->id, round);
    if (err) {
        http_reply_goerr(c->r, err);
        return;
    }
    /* The pairing sheet for the wall: round, board and the two names (ids stay off paper),
     * under the event's name, headed in the page's language. */
    static const char *const keep[] = {"round", "board", "black_name", "white_name", "result"};
    static const char *const heads_zh[] = {"轮次", "台号", "黑方", "白方", "结果"};
    static const char *const heads_en[] = {"Round", "Board", "Black", "White", "Result"};
    bool en = sheet_in_english(c);
    const char *const *heads = en ? heads_en : heads_zh;
    char name[4 * GO_CLUB_NAME_MAX + 1];
    go_event_kind kind;
    err = event_name_kind(c, name, sizeof name, &kind);
    if (err) {
        go_club_table_free(t);
        http_reply_goerr(c->r, err);
        return;
    }
    go_club_table sheet = {0, t->nrows, NULL, NULL, NULL};
    char *names[5];
    go_club_coltype types[5];
    int cols[5];
    for (int k = 0; k < 5; k++) {
        cols[k] = -1;
        for (int i = 0; i < t->ncols; i++)
            if (strcmp(t->names[i], keep[k]) == 0)
                cols[k] = i;
        if (cols[k] < 0)
            continue;
        names[sheet.ncols] = (char *)heads[k];
        types[sheet.ncols] = t->types[cols[k]];
        cols[sheet.ncols++] = cols[k];
    }
    sheet.names = names;
    sheet.types = types;
    sheet.cells = t->nrows ? calloc((size_t)t->nrows * (size_t)sheet.ncols, sizeof(char *)) : NULL;
    if (t->nrows && !sheet.cells) {
        go_club_table_free(t);
        http_reply_goerr(c->r, GO_ENOMEM);
        return;
    }
    for (int y = 0; y < t->nrows; y++)
        for (int k = 0; k < sheet.ncols; k++)
            sheet.cells[(size_t)y * (size_t)sheet.ncols + (size_t)k] =
                (char *)go_club_cell(t, y, cols[k]);
    char *page = NULL, title[4 * GO_CLUB_NAME_MAX + 96];
    size_t len = 0;
    FILE *f = open_memstream(&page, &len);
    if (f) {
        if (round > 0)
            snprintf(title, sizeof title, en ? "%s: pairings, round %d" : "%s 对阵表 · 第 %d 轮",
                     name, round);
        else
            snprintf(title, sizeof title, en ? "%s: pairings" : "%s 对阵表", name);
        const char *projector = http_query(c->r, "projector");
        go_html_club_table(f, &sheet, title, projector && strcmp(projector, "0") != 0,
                           en ? "en" : "zh");
        fclose(f);
    }
    free(sheet.cells);
    go_club_table_free(t);
    if (!f) {
        http_reply_goerr(c->r, GO_ENOMEM);
        return;
    }
    http_reply_html(c->r, page, len);
    free(page);
}

/* ------------------------------------------------------------------------------ export */

/* GET /api/club/export/{table}.csv: one table of the club log as CSV (RFC 4180) for people
 * and spreadsheets (go_csv_club_sheet: UTF-8 with a BOM for Excel, names, ranks as 5k,
 * yuan, Chinese headers; ?lang=en for English ones), or with ?raw=1 the columns as stored
 * (go_csv_club_export: ids, quarters), for programs. The table names are the club module's
 * (members, dues, checkins, loans...). */
static void export_csv(club_call *c)
{
    char table[32];
    size_t n = strlen(c->action);
    if (n < 5 || n - 4 >= sizeof table || strcmp(c->action + n - 4, ".csv") != 0) {
        http_reply_error(c->r, 404, "not_found", "ask for /api/club/export/TABLE.csv");
        return;
    }
    memcpy(table, c->action, n - 4);
    table[n - 4] = '\0';
    for (size_t i = 0; table[i]; i++)
        if (!((table[i] >= 'a' && table[i] <= 'z') || table[i] == '_')) {
            http_reply_error(c->r, 400, "invalid", "a table name is lower-case letters and '_'");
            return;
        }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        http_reply_goerr(c->r, GO_ENOMEM);
        return;
    }
    const char *raw = http_query(c->r, "raw"), *lang = http_query(c->r, "lang");
    if (lang && strcmp(lang, "zh") != 0 && strcmp(lang, "en") != 0) {
        fclose(f);
        free(text);
        http_reply_error(c->r, 400, "invalid", "lang is zh or en");
        return;
    }
    int err = raw && strcmp(raw, "1") == 0 ? go_csv_club_export(f, c->club, table)
                                           : go_csv_club_sheet(f, c->club, table, lang);
    fclose(f);
    if (err) {
        free(text);
        http_reply_goerr(c->r, err);
        return;
    }
    char disposition[96];
    snprintf(disposition, sizeof disposition, "attachment; filename=\"goref-%s.csv\"", table);
    http_reply_header(c->r, "Content-Disposition", disposition);
    http_reply(c->r, 200, "text/csv; charset=utf-8", text, len);
    free(text);
}

/* ------------------------------------------------------------------------------ routing */

enum {
    W_ALL = ROLE_ANY,
    W_SEC = ROLE_ADMIN | ROLE_SECRETARY,
    W_DESK = ROLE_ADMIN | ROLE_SECRETARY | ROLE_TEACHER,
};

typedef struct club_route {
    const char *method;
    const char *resource;
    int id;             /* 0 no id, 1 an id */
    const char *action; /* after the id, or NULL */
    int roles;
    void (*fn)(club_call *c);
} club_route;

static void standings_json_fn(club_call *c)
{
    event_standings(c, false);
}

static void standings_html_fn(club_call *c)
{
    event_standings(c, true);
}

static const club_route club_routes[] = {
    {"GET", "members", 0, NULL, W_ALL, members_list},
    {"POST", "members", 0, NULL, W_SEC, members_add},
    {"GET", "members", 1, NULL, W_ALL, member_show},
    {"POST", "members", 1, NULL, W_SEC, member_edit},
    {"POST", "members", 1, "status", W_SEC, member_status},
    {"GET", "checkins", 0, NULL, W_ALL, checkins_list},
    {"POST", "checkins", 0, NULL, W_DESK, checkins_add},
    {"GET", "activities", 0, NULL, W_ALL, activities_list},
    {"POST", "activities", 0, NULL, W_DESK, activities_add},
    {"POST", "activities", 0, "cancel", W_SEC, activities_cancel},
    {"POST", "schedule", 0, NULL, W_SEC, schedule_set},
    {"POST", "schedule", 0, "generate", W_SEC, schedule_generate},
    {"GET", "dues", 0, NULL, W_SEC, dues_list},
    {"POST", "dues", 0, NULL, W_SEC, dues_set},
    {"GET", "rules", 0, NULL, W_ALL, rules_show},
    {"POST", "rules", 0, NULL, W_SEC, rules_set},
    {"POST", "rules", 0, "apply", W_SEC, rules_apply},
    {"GET", "rules", 0, "reward", W_ALL, rules_reward},
    {"GET", "stocktake", 0, NULL, W_ALL, stocktake_report},
    {"POST", "stocktake", 0, NULL, W_DESK, stocktake_add},
    {"GET", "items", 0, NULL, W_ALL, items_list},
    {"POST", "items", 0, NULL, W_SEC, items_add},
    {"GET", "loans", 0, NULL, W_ALL, loans_list},
    {"GET", "overdue", 0, NULL, W_ALL, loans_overdue},
    {"POST", "loans", 0, NULL, W_DESK, loans_out},
    {"POST", "loans", 1, "return", W_DESK, loans_return},
    {"GET", "games", 0, NULL, W_ALL, games_list},
    {"POST", "results", 0, NULL, W_ALL, results_add},
    {"POST", "results", 1, NULL, W_ALL, results_add},
    {"GET", "events", 0, NULL, W_ALL, events_list},
    {"POST", "events", 0, NULL, W_SEC, events_add},
    {"POST", "events", 1, "enter", W_SEC, event_enter},
    {"POST", "events", 1, "pair", W_DESK, event_pair},
    {"POST", "events", 1, "withdraw", W_SEC, event_withdraw},
    {"GET", "events", 1, "pairings.html", W_ALL, event_pairings_html},
    {"GET", "export", 0, "*", W_SEC, export_csv}, /* any action: {table}.csv */
    {"GET", "events", 1, "pairings", W_ALL, event_pairings},
    {"GET", "events", 1, "standings", W_ALL, standings_json_fn},
    {"GET", "events", 1, "standings.html", W_ALL, standings_html_fn},
};

void http_api_club(http_req *r)
{
    char path[256], *seg[4] = {NULL};
    int nseg = 0;
    const char *rest = r->url + strlen("/api/club/");
    if (strlen(rest) >= sizeof path) {
        http_reply_error(r, 404, "not_found", "no such club endpoint");
        return;
    }
    snprintf(path, sizeof path, "%s", rest);
    for (char *p = path; *p && nseg < 4;) {
        seg[nseg++] = p;
        char *slash = strchr(p, '/');
        if (!slash)
            break;
        *slash = '\0';
        p = slash + 1;
    }
    club_call c = {r, r->srv->club, 0, NULL, NULL};
    bool has_id = false;
    const char *action = nseg >= 3 ? seg[2] : NULL;
    /* resource/{id}[/action], or resource/action for what concerns the whole club
     * (rules/apply, schedule/generate): an action starts with a letter. */
    if (nseg == 2 && seg[1][0] >= 'a' && seg[1][0] <= 'z') {
        action = seg[1];
    } else if (nseg >= 2 && seg[1][0]) {
        char *end;
        c.id = strtoll(seg[1], &end, 10);
        if (*end || c.id <= 0) {
            http_reply_error(r, 404, "not_found", "'%s' is not an id", seg[1]);
            return;
        }
        has_id = true;
    }
    const club_route *found = NULL;
    bool path_found = false;
    for (size_t i = 0; seg[0] && i < sizeof club_routes / sizeof club_routes[0]; i++) {
        const club_route *rt = &club_routes[i];
        if (strcmp(rt->resource, seg[0]) != 0 || rt->id != (int)has_id ||
            (rt->action == NULL) != (action == NULL) ||
            (action && strcmp(rt->action, "*") != 0 && strcmp(rt->action, action) != 0) || nseg > 3)
            continue;
        path_found = true;
        if (strcmp(rt->method, r->method) == 0 ||
            (strcmp(r->method, "HEAD") == 0 && strcmp(rt->method, "GET") == 0)) {
            found = rt;
            break;
        }
    }
    if (!found) {
        if (path_found)
            http_reply_error(r, 405, "method", "method %s not allowed on %s", r->method, r->url);
        else
            http_reply_error(r, 404, "not_found", "no such club endpoint");
        return;
    }
    if (!(r->user.role & found->roles)) {
        http_reply_error(r, 403, "forbidden", "a %s may not do this", http_role_name(r->user.role));
        return;
    }
    if (strcmp(found->method, "POST") == 0) {
        c.body = r->body_len ? http_body_json(r) : json_object();
        if (!c.body)
            return;
    }
    c.action = action;
    pthread_mutex_lock(&r->srv->club_lock);
    found->fn(&c);
    pthread_mutex_unlock(&r->srv->club_lock);
    json_decref(c.body);
}
