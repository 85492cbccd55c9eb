/* Internals shared by the club sources: the handle, transaction and statement helpers, text
 * validation. Not installed; only the club sources include it. */
#ifndef GO_CLUB_INT_H
#define GO_CLUB_INT_H

#include <sqlite3.h>

#include "go/club.h"
#include "go/club_attendance.h"
#include "go/club_equipment.h"
#include "go/club_events.h"
#include "go/club_export.h"
#include "go/club_games.h"
#include "go/club_members.h"
#include "go/swiss.h"

struct go_club {
    sqlite3 *db;
    int tx_depth;     /* nesting of tx_begin; 0 = autocommit */
    bool outer;       /* a go_club_begin transaction is open */
    char actor[129];  /* who makes the changes (go_club_set_actor), for the change log */
    char reason[513]; /* why (go_club_set_reason), for the change log */
};

/* Starts a write transaction (BEGIN IMMEDIATE) or, inside one, a savepoint. */
int tx_begin(go_club *c);
/* Commits (rc == 0) or rolls back this level; returns rc, or the commit error. */
int tx_end(go_club *c, int rc);

/* Prepares sql (a constant: never built from user text). GO_EDB with the message. */
int db_prepare(go_club *c, sqlite3_stmt **out, const char *sql);
int db_exec(go_club *c, const char *sql);
int db_error(go_club *c, const char *what);
/* Runs a prepared statement to SQLITE_DONE. */
int db_step_done(go_club *c, sqlite3_stmt *st, const char *what);
/* Binds text or NULL when s is NULL or "". */
void bind_text_or_null(sqlite3_stmt *st, int i, const char *s);
/* Copies a column's text into a fixed buffer (truncating at a character boundary). */
void col_copy(char *dst, size_t size, sqlite3_stmt *st, int col);

/* Runs a query and collects every row into a table. */
int table_from_stmt(go_club_table **out, sqlite3_stmt *st);

/* Text validation: valid UTF-8, no control characters (tab allowed in free text), length
 * limits; what names the field in the message. */
int check_name(const char *what, const char *s);
int check_text(const char *what, const char *s, size_t max_bytes, bool required);
int check_date(const char *what, const char *s);
int check_datetime(const char *what, const char *s);

int member_exists(go_club *c, int64_t id);
/* One row of the change log: what ("result", "dues", "status", "checkin", "loan", ...), the
 * row it is about, the member, the old and new values as text (NULL: none) and why (NULL:
 * the handle's reason). */
int log_change(go_club *c, const char *what, int64_t ref, int64_t member, const char *old,
               const char *new_value, const char *why);
int64_t setting_int(go_club *c, const char *key, int64_t dflt);

#endif

/* ---- an event loaded from the database (event_data.c), for events.c, standings.c, export.c ----
 */
typedef struct ev_entry {
    int64_t member;
    char name[4 * GO_CLUB_NAME_MAX + 1];
    int rank, seed, board;
    int64_t team;
    int withdrawn_after; /* 0: still playing */
} ev_entry;
typedef struct ev_game {
    int64_t id;
    int round, board;
    int black, white; /* entry indices; white -1 for a bye */
    char winner;      /* 'B' 'W' 'D' 'N' or 0 pending */
    go_result_by by;
    int warnings_black, warnings_white;
} ev_game;
typedef struct ev_team {
    int64_t id;
    char name[4 * GO_CLUB_NAME_MAX + 1];
} ev_team;
typedef struct ev_data {
    int64_t id;
    char name[4 * GO_CLUB_NAME_MAX + 1];
    char date[11];
    go_event_kind kind;
    int rounds, boards;
    int cycles;        /* round robins: 1 single, 2 double */
    char first_colour; /* round 1, board 1: the higher player's colour 'B' 'W', 0 not drawn */
    ev_entry *entries;
    size_t nentries;
    ev_game *games;
    size_t ngames;
    ev_team *teams;
    size_t nteams;
} ev_data;
static inline bool ev_is_team(go_event_kind k)
{
    return k == GO_EVENT_TEAM || k == GO_EVENT_TEAM_SWISS;
}
int ev_load(go_club *c, ev_data *out, int64_t event);
/* The index of a member's entry, or -1. */
int ev_entry_index(const ev_data *ev, int64_t member);
/* Team events: match points per team (2 win, 1 draw, 0 loss by game points; a bye round is a
 * win) and which teams met (nteams x nteams). */
int ev_team_scores(const ev_data *ev, const go_xtable *xt, double *match_points,
                   unsigned char *met);
void ev_clear(ev_data *ev);
/* True when entry has left the event (Article 29) before round. */
bool ev_gone(const ev_data *ev, int entry, int round);
/* The individual cross table of an event (2/1/0), with Article 29 applied. */
int ev_xtable(go_xtable *out, const ev_data *ev);
