/* The club log: members, attendance and the charter rules, equipment and loans, games and
 * results, events with pairings, standings and tie-breaks, exports; all in one SQLite file.
 * Every function returns 0 or a negative go_err with a detail in go_error_last(). */
#ifndef GO_CLUB_H
#define GO_CLUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "go/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An open club database. Not shared between threads; open one per thread or process. */
typedef struct go_club go_club;

#define GO_CLUB_SCHEMA_VERSION 5
#define GO_CLUB_NAME_MAX 64  /* code points in a name */
#define GO_CLUB_TEXT_MAX 512 /* bytes in a free-text field (contact, notes, reasons) */

/* Opens (creating if needed) the database at path, applies pending migrations, turns on WAL,
 * foreign keys and a busy timeout. *out belongs to the caller (go_club_free). */
int go_club_open(go_club **out, const char *path);
void go_club_free(go_club *club);

/* One command = one transaction. begin takes the write lock at once (BEGIN IMMEDIATE) so two
 * writers queue on the busy timeout instead of failing; every library function that writes
 * also works alone (it then opens its own transaction). */
int go_club_begin(go_club *club);
int go_club_commit(go_club *club);
void go_club_rollback(go_club *club);

/* Online backup of the whole database to a new file (sqlite3_backup). */
int go_club_backup(go_club *club, const char *path);
/* PRAGMA integrity_check: 0 when "ok", GO_EDB with the first complaint otherwise. */
int go_club_check(go_club *club);
/* Replaces the database's content with a backup after checking it: a goref club file (its
 * tables there, its schema no newer than this goref's), integrity ok. Migrates it when older.
 * Not inside go_club_begin. */
int go_club_restore(go_club *club, const char *path);

/* ---- Dates: ISO text, validated (2026-02-30 is refused). ---- */
/* Days since 1970-01-01 of "YYYY-MM-DD" (or the date part of "YYYY-MM-DDTHH:MM"). */
int go_club_date_parse(int32_t *out_day, const char *text);
/* Day number and minutes since midnight of "YYYY-MM-DDTHH:MM" (or a bare date: 00:00). */
int go_club_datetime_parse(int32_t *out_day, int *out_minute, const char *text);
void go_club_date_format(char out[11], int32_t day);
/* 1 = Monday .. 7 = Sunday. */
int go_club_weekday(int32_t day);

/* ---- Generic result tables (listings, CSV): every cell is text or NULL. ---- */
typedef enum go_club_coltype { GO_COL_TEXT, GO_COL_INT, GO_COL_REAL } go_club_coltype;
typedef struct go_club_table {
    int ncols, nrows;
    char **names;           /* ncols column names */
    go_club_coltype *types; /* how a JSON writer should print the column */
    char **cells;           /* nrows * ncols, row-major; NULL for SQL NULL */
} go_club_table;
void go_club_table_free(go_club_table *t);
static inline const char *go_club_cell(const go_club_table *t, int row, int col)
{
    return t->cells[(size_t)row * (size_t)t->ncols + (size_t)col];
}

/* ---- The change log: every change to results, dues and statuses, every deletion ---- */
/* Who makes this handle's changes (a name; "" unknown) and why (kept until set again). */
int go_club_set_actor(go_club *club, const char *who);
int go_club_set_reason(go_club *club, const char *why);
/* at, who, what, ref, member, name, old, new, why; what NULL: all; member <= 0: all. */
int go_club_log_list(go_club *club, go_club_table **out, const char *what, int64_t member);

/* ---- Members ---- */
typedef enum go_member_status {
    GO_MEMBER_ACTIVE = 0,
    GO_MEMBER_WITHDRAWN, /* 自动退出: no check-in for N consecutive weeks, or on request */
    GO_MEMBER_REVOKED,   /* 取消会员资格: too many missed activities */
    GO_MEMBER_LEFT       /* left the school or the club */
} go_member_status;
const char *go_member_status_name(go_member_status s);
int go_member_status_parse(go_member_status *out, const char *text);

/* Chinese amateur ranks (《中国围棋业余段位级位制》): -25 = 25 kyu .. -1 = 1 kyu, 1 = 1 dan .. 7 =
 * 7 dan, 0 = unknown. Accepts "5k", "5 kyu", "5级", "1d", "1 dan", "1段", "业余1段". */
int go_rank_parse(int *out, const char *text);
void go_rank_format(char out[16], int rank);
/* The rating a rank stands for in a TRF file (no kyu or dan there): 100 a step, 25k = 100 ..
 * 1k = 2500, 1d = 2600 .. 7d = 3200; 0 for an unknown rank. */
int go_rank_rating(int rank);
/* True for the ranks that have a printed certificate: 1, 2, 5, 10, 15, 20, 25 kyu and dans. */
bool go_rank_has_certificate(int rank);

typedef struct go_member {
    int64_t id;
    char number[33]; /* member number, unique */
    char name[4 * GO_CLUB_NAME_MAX + 1];
    char grade[65]; /* class or grade, e.g. 三年级二班 */
    char contact[GO_CLUB_TEXT_MAX + 1];
    int rank; /* see go_rank_parse */
    char join_date[11];
    go_member_status status;
} go_member;

/* Adds a member; number and name required, join_date "" = error. Sets out->id. */
int go_club_member_add(go_club *club, go_member *member);
int go_club_member_get(go_club *club, go_member *out, int64_t id);
/* Rewrites name/number/grade/contact/rank/join date (not the status: see below). */
int go_club_member_edit(go_club *club, const go_member *member);
/* Changes the status on date with a reason; recorded in the history (rule = NULL: by hand). */
int go_club_member_set_status(go_club *club, int64_t id, go_member_status to, const char *date,
                              const char *rule, const char *reason);
/* status < 0: all. */
int go_club_member_list(go_club *club, go_club_table **out, int status);
int go_club_member_history(go_club *club, go_club_table **out, int64_t id);
/* Dues for a school year ("2026-2027"); amount in fen (1/100 yuan); paid_on may be NULL. */
int go_club_dues_set(go_club *club, int64_t member, const char *school_year, int64_t amount_fen,
                     const char *paid_on);
/* member <= 0: all members; unpaid_only lists dues without paid_on. */
int go_club_dues_list(go_club *club, go_club_table **out, int64_t member, bool unpaid_only);
/* Who owes for a school year: member, number, name, school_year, amount, state ("unpaid": a
 * record without a payment; "no record": an active member who joined before the year ended),
 * class, contact (the reminder list). */
int go_club_dues_unpaid(go_club *club, go_club_table **out, const char *school_year);
/* Per school year: records, paid (count and yuan), unpaid (count and yuan). */
int go_club_dues_totals(go_club *club, go_club_table **out);
/* Deletes a dues record (go_club_set_reason first: it is logged). Changing a recorded amount
 * or payment date with go_club_dues_set also needs the reason. */
int go_club_dues_delete(go_club *club, int64_t member, const char *school_year);
/* Members from CSV text (a BOM allowed): a header row naming the columns number, name,
 * class, contact, rank, joined (or 会员号, 姓名, 班级, 联系方式, 段级位, 入会日期; number, name
 * and a join date are required), then a member a row. Every bad row is named with its line in
 * *out_report (malloc'd, caller frees; NULL when none) and then nothing is imported
 * (GO_EINVAL). dry_run checks every row and writes nothing. *out_added: members added (or
 * that would be). */
int go_club_member_import(go_club *club, int *out_added, char **out_report, const char *csv,
                          size_t len, bool dry_run);
/* The member named by text: a member number or an id ("id:12" or "no:2026001" to say which).
 * GO_ECONFLICT when a bare text is one member's id and another's number. */
int go_club_member_find(go_club *club, int64_t *out_id, const char *text);

/* ---- Activities, check-ins, charter rules ---- */
/* The weekly default: weekday (1 Monday .. 7 Sunday) and start "HH:MM" from a date on. */
int go_club_schedule_set(go_club *club, int weekday, const char *start_hhmm, const char *from);
/* Creates the scheduled activities between from and to (inclusive); *out_count new ones. */
int go_club_schedule_generate(go_club *club, int *out_count, const char *from, const char *to);
/* One activity at "YYYY-MM-DDTHH:MM"; *out_id its id (the existing one when the day has one at
 * that time). GO_EEXISTS when the day has one at another time or a cancelled one (see move and
 * restore). */
int go_club_activity_add(go_club *club, int64_t *out_id, const char *start, const char *title);
int go_club_activity_cancel(go_club *club, const char *date);
/* Moves the activity of date to start "YYYY-MM-DDTHH:MM" (another time, or another day that has
 * none). GO_ENOTFOUND without one, GO_EEXISTS when the new day has one. */
int go_club_activity_move(go_club *club, const char *date, const char *start);
/* Un-cancels the activity of date. GO_ECONFLICT when it is not cancelled. */
int go_club_activity_restore(go_club *club, const char *date);
int go_club_activity_list(go_club *club, go_club_table **out, const char *from, const char *to);

/* Check-in of a member at "YYYY-MM-DDTHH:MM" to the activity of that day (created from the
 * schedule when the day is a scheduled weekday). *out_half = true when 30+ minutes late. */
int go_club_checkin(go_club *club, bool *out_half, int64_t member, const char *at);
int go_club_checkin_list(go_club *club, go_club_table **out, int64_t member, const char *from,
                         const char *to);
/* Deletes a member's check-in of a day (go_club_set_reason first: it is logged). */
int go_club_checkin_delete(go_club *club, int64_t member, const char *date);

/* Excused leave (请假) from..to inclusive: its activities are neither misses nor weeks without
 * a check-in for the charter rules. */
int go_club_leave_add(go_club *club, int64_t *out_id, int64_t member, const char *from,
                      const char *to, const char *reason);
/* member <= 0: every leave. */
int go_club_leave_list(go_club *club, go_club_table **out, int64_t member);

/* The charter rules, stored per club (table settings) with these defaults. */
typedef struct go_club_rules {
    bool withdraw_enabled; /* 连续三周没有登记 -> withdrawn */
    int withdraw_weeks;    /* 3 */
    bool revoke_enabled;   /* 累计三次不参与 -> revoked */
    int revoke_missed;     /* 3 (a half attendance misses half an activity) */
    int late_minutes;      /* 30: arriving this late or later is half an attendance */
    bool reward_enabled;   /* full attendance, never late -> listed for the reward */
} go_club_rules;
int go_club_rules_get(go_club *club, go_club_rules *out);
int go_club_rules_set(go_club *club, const go_club_rules *rules);

typedef struct go_rule_change {
    int64_t member;
    char name[4 * GO_CLUB_NAME_MAX + 1];
    go_member_status from, to;
    char rule[24]; /* "withdraw_weeks" or "revoke_missed" */
    char date[11]; /* when the rule was broken */
    char reason[256];
} go_rule_change;
/* Applies the charter to every active member as of a date, or a date and time
 * ("YYYY-MM-DDTHH:MM": an activity of that day not started by then is not missed yet). Without
 * dry_run each change is
 * written with its reason into the status history. *out (malloc'd, caller frees) may be NULL
 * when there are no changes. */
int go_club_rules_apply(go_club *club, go_rule_change **out, size_t *out_count, const char *as_of,
                        bool dry_run);
/* The attendance grid of a period (a month, a term; at most 400 activities): one row per
 * member (number, name), one column per activity ("MM-DD": ✓ present, 迟 late, 假 on leave,
 * ✗ missed, empty before joining), then attended (late = half), possible (activities as a
 * member, not on leave) and the rate. */
int go_club_attendance_report(go_club *club, go_club_table **out, const char *from, const char *to);
/* Members with full attendance and no late arrival between from and to (reward list). */
int go_club_rules_reward(go_club *club, go_club_table **out, const char *from, const char *to);

/* ---- Equipment ---- */
typedef struct go_item {
    int64_t id;
    char name[4 * GO_CLUB_NAME_MAX + 1];
    char kind[33];  /* board, stones, clock, book, other */
    int board_size; /* 9, 13, 19 for boards, else 0 */
    int count;
    int64_t price_fen;
    char location[129];
    char condition[33]; /* good, worn, damaged */
} go_item;
int go_club_item_add(go_club *club, go_item *item);
int go_club_item_list(go_club *club, go_club_table **out);
/* Records a count on date: expected = count minus what is on loan. */
int go_club_stocktake(go_club *club, int64_t item, int counted, const char *date, const char *note);
/* The last count of every item, with the difference and when the item was last seen. */
int go_club_stocktake_report(go_club *club, go_club_table **out);
/* due NULL = the next activity after the loan date. */
int go_club_loan_out(go_club *club, int64_t *out_id, int64_t item, int quantity, int64_t member,
                     const char *approver, const char *date, const char *due);
/* condition: "good", "worn", "damaged" or "lost"; damaged/lost are charged at the price. */
int go_club_loan_return(go_club *club, int64_t *out_charge_fen, int64_t loan, const char *condition,
                        const char *date);
int go_club_loan_list(go_club *club, go_club_table **out, bool open_only);
/* Returns quantity of a loan (all or part: the part becomes a loan of its own, returned, whose
 * id is *out_returned; the rest stays out), as go_club_loan_return. */
int go_club_loan_return_part(go_club *club, int64_t *out_charge_fen, int64_t *out_returned,
                             int64_t loan, int quantity, const char *condition, const char *date);
/* The compensation of a loan returned damaged or lost, paid on date (logged). */
int go_club_loan_charge_paid(go_club *club, int64_t loan, const char *date);
/* Compensation owed: loan, member, name, contact, item, quantity, condition, returned,
 * charge (yuan), for every charge not paid. */
int go_club_loan_owed(go_club *club, go_club_table **out);
/* Deletes a loan entered by mistake, not returned (go_club_set_reason first: it is logged). */
int go_club_loan_delete(go_club *club, int64_t loan);
int go_club_loan_overdue(go_club *club, go_club_table **out, const char *as_of);

/* ---- Games and results ---- */
typedef enum go_result_by {
    GO_BY_PENDING = 0, /* paired, not played yet */
    GO_BY_COUNT,       /* 数子: margin in quarter stones */
    GO_BY_RESIGN,
    GO_BY_TIME,
    GO_BY_FORFEIT,
    GO_BY_WARNINGS, /* Article 25: two warnings in one game lose it */
    GO_BY_DRAW,     /* jigo, triple ko... */
    GO_BY_BYE       /* no opponent this round */
} go_result_by;
const char *go_result_by_name(go_result_by by);
int go_result_by_parse(go_result_by *out, const char *text);

typedef struct go_game_record {
    int64_t id;
    char date[11];
    int64_t black, white; /* member ids; white 0 for a bye */
    int handicap;
    int komi_quarters; /* default 15 = 3 3/4 stones (today's Chinese rules; 1988: 11) */
    char rules[17];    /* "chinese" */
    char winner;       /* 'B', 'W', 'D' draw, 'N' both lose, 0 unknown */
    go_result_by by;
    int margin_quarters; /* by count: the margin in quarters of a stone */
    char referee[4 * GO_CLUB_NAME_MAX + 1];
    int warnings_black, warnings_white;
    char *position;        /* optional board text (owned by the caller when adding) */
    char *dead;            /* optional dead stone list */
    char *count_json;      /* optional count as `goref count --json` printed it */
    char photo_sha256[65]; /* lower-case hex or "" */
    int64_t event;         /* 0: a friendly game */
    int round, board;
    int finished; /* the count's finished flag: 1 finished, 0 not (a provisional count), -1
                   * unknown (no count, or stored before the flag existed) */
} go_game_record;
#define GO_GAME_RECORD_INIT                                                                        \
    {                                                                                              \
        0, "", 0, 0, 0, 15, "chinese", 0, GO_BY_PENDING, 0, "", 0, 0, NULL, NULL, NULL, "", 0, 0,  \
            0, -1                                                                                  \
    }

/* Adds a game (or, when rec->id > 0, enters the result of that paired game). Applies Article
 * 25: a player with two warnings loses, whatever was entered. Changing a result already
 * entered is a correction: GO_ECONFLICT unless go_club_set_reason gave why. Every result goes
 * to the change log. */
int go_club_result_add(go_club *club, go_game_record *rec);
int go_club_game_list(go_club *club, go_club_table **out, int64_t member, int64_t event);
/* Lower-case hex SHA-256 of a buffer (for the photo of the final position), by libsodium. */
void go_sha256_hex(char out[65], const void *data, size_t len);

/* ---- Events, pairings, standings ---- */
typedef enum go_event_kind {
    GO_EVENT_ROUND_ROBIN = 0, /* 循环制, Berger tables */
    GO_EVENT_SWISS,           /* 积分编排制 */
    GO_EVENT_KNOCKOUT,        /* 淘汰制 */
    GO_EVENT_MATCH,           /* 多局决胜制: two players, best of N */
    GO_EVENT_TEAM,            /* team round robin, fixed board order, match points */
    GO_EVENT_TEAM_SWISS       /* team Swiss (Article 28 二.2): match points and the team total */
} go_event_kind;
const char *go_event_kind_name(go_event_kind k);
int go_event_kind_parse(go_event_kind *out, const char *text);

int go_club_event_add(go_club *club, int64_t *out_id, const char *name, go_event_kind kind,
                      int rounds, const char *date, int boards);
int go_club_event_list(go_club *club, go_club_table **out);
/* Round robins (individual or team): 1 a single cycle, 2 a double one (Article 27 二: every
 * pair meets twice, the second time with the colours swapped). GO_ECONFLICT once paired. */
int go_club_event_set_cycles(go_club *club, int64_t event, int cycles);
/* The draw for round 1's colours: 'B' or 'W' is the colour of the higher player (team) on
 * board 1, the next boards alternate. Without it the lot is drawn when round 1 is paired and
 * stored. GO_ECONFLICT once paired. */
int go_club_event_set_draw(go_club *club, int64_t event, char higher_colour);
/* Enters a member; team events name the team and the board (1 = first board). */
int go_club_event_enter(go_club *club, int64_t event, int64_t member, const char *team, int board);
/* Article 29: the member leaves after round. 0 = before the start (section 1): the entry is
 * removed and, when the event is paired but no game has a result, the pairings and the colour
 * lot are dropped for a new draw (pair again); GO_ECONFLICT once a game has a result. */
int go_club_event_withdraw(go_club *club, int64_t event, int64_t member, int after_round);
/* Pairs the next round (Swiss, knockout) or the whole schedule (round robin, match, team).
 * *out_round is the first round created. Refuses while the previous round has no results. */
int go_club_event_pair(go_club *club, int *out_round, int64_t event);
/* The pairings of a round (0 = all): round, board, black, white, result. */
int go_club_event_pairings(go_club *club, go_club_table **out, int64_t event, int round);

typedef struct go_standing {
    int place;
    bool shared;    /* the place is shared (Article 28 C) */
    int64_t member; /* or the team id in team events */
    char name[4 * GO_CLUB_NAME_MAX + 1];
    double points;      /* 2 win, 1 draw, 0 loss (match points in team events) */
    double tiebreak_sb; /* Article 28 A: beaten opponents' points + half the drawn ones' */
    double swiss_total; /* Article 28 section 2 (Swiss events; else = points) */
    double game_points; /* team events: sum of the boards' game points */
    int warnings;       /* Article 28 B */
    int played, wins, draws, losses;
    bool withdrawn;
    char decided[8]; /* Article 28 D: "lot" or "playoff" when a tie was broken so, else "" */
} go_standing;
/* Standings after the results entered so far, in place order. *out malloc'd (caller frees). */
int go_club_event_standings(go_club *club, go_standing **out, size_t *out_count, int64_t event);
/* Article 28 D: places that may not be shared are decided by a play-off or by lot, and
 * recorded so. method "lot": every shared place of the standings now is drawn (order NULL).
 * method "playoff": order lists one shared place's players, the play-off's winner first.
 * GO_EINVAL when they are not tied; GO_EEXISTS when a tie of theirs is already decided. */
int go_club_event_tiebreak(go_club *club, int64_t event, const char *method, const int64_t *order,
                           size_t n);

/* ---- Pure tie-break engine over a cross table (used by standings and the peer checks) ---- */
/* Result codes are TRF's: '1' '=' '0' played; '+' '-' forfeit win/loss; 'H' half bye, 'F' full
 * bye, 'U' pairing bye, 'Z' zero bye, ' ' not paired. */
typedef struct go_xt_game {
    int opponent; /* index into players, -1 none */
    char color;   /* 'w', 'b', '-' */
    char result;
} go_xt_game;
typedef struct go_xtable {
    int nplayers, nrounds;
    go_xt_game *games;      /* nplayers * nrounds */
    double win, draw, loss; /* points of a game (2/1/0 or 1/0.5/0) */
    int *withdrawn_after;   /* optional: per player, round after which they withdrew (0 none) */
} go_xtable;
typedef enum go_unplayed_mode {
    GO_UNPLAYED_AS_SCORED = 0, /* plain sums; withdrawals as Article 29 section 3 (Swiss) */
    GO_UNPLAYED_FIDE_2023 /* FIDE C.07 (2023) Art. 16: virtual opponents, trailing VURs as draws */
} go_unplayed_mode;
/* points[i] and sb[i] for every player; out arrays of nplayers doubles supplied by the caller.
 * swiss_total may be NULL. */
int go_xtable_tiebreaks(const go_xtable *t, go_unplayed_mode mode, double *points, double *sb,
                        double *swiss_total);
double go_xtable_points_of(const go_xtable *t, char result);

/* Reads a TRF-16/TRF-25 tournament (CR, LF or CRLF); fills a cross table with FIDE points
 * (win 1 draw 0.5) and start numbers in order (player i = start number i+1). names (optional)
 * receives malloc'd strings the caller frees with free() then free(names). */
int go_trf_read(go_xtable *out, char ***names, const char *text, size_t len);
void go_xtable_clear(go_xtable *t);

/* ---- Swiss pairing: the FIDE Dutch system (C.04.3, 2025 rules, as bbpPairings implements it) ----
 * Absolute criteria: no repeat game, no player with a colour difference beyond 2 or the same
 * colour three times running (except top scorers in the last round), at most one bye and
 * never to a player who already had one. Then the quality criteria in the Dutch order: score
 * brackets, downfloaters' scores (C5: the bye assignee's score), C9 (the bye assignee's
 * unplayed games), colour preferences, repeated floaters, then the transpositions and
 * exchanges of the bracket. */
typedef struct go_pairing {
    int first;  /* the player with the first move: White in chess, Black in Go */
    int second; /* -1: the pairing-allocated bye of `first` */
} go_pairing;
typedef struct go_dutch_options {
    int rounds_total;     /* the event's rounds (the last round relaxes colours); 0: unknown */
    char first_color;     /* the colour letter of the first mover in the table: 'w' or 'b' */
    const int *rank;      /* optional pairing numbers (smaller = higher); default the index */
    const bool *absent;   /* optional: players not to be paired this round */
    bool forfeit_is_game; /* a forfeited game also forbids a second meeting */
} go_dutch_options;
#define GO_DUTCH_OPTIONS_INIT                                                                      \
    {                                                                                              \
        0, 'w', NULL, NULL, false                                                                  \
    }
#define GO_DUTCH_MAX_PLAYERS 1000
/* Pairs round rounds_played + 1 of a cross table. *out (malloc'd, caller frees) lists the
 * pairs in the published order (bye last). GO_ECONFLICT when no pairing meets the absolute
 * criteria (every complete pairing repeats a game, breaks the colour rule or gives a second
 * bye). */
int go_dutch_pair(go_pairing **out, size_t *out_count, const go_xtable *t, int rounds_played,
                  const go_dutch_options *opt);
/* Reads a TRF (go_trf_read; XXR or 142 gives the total rounds) and pairs its next round the
 * way bbpPairings --dutch -p does: players with an entry for that round already are absent. */
int go_trf_pair(go_pairing **out, size_t *out_count, const char *text, size_t len);
/* JaVaFo's format: the number of pairs, then "first second" per line (1-based), 0 = bye. */
void go_pairing_write(FILE *out, const go_pairing *pairs, size_t n);

/* ---- Exports and printing ---- */
/* CSV (RFC 4180) of one table by name, its columns as stored (ids, fen, quarters): members,
 * status_history, dues, activities, checkins, items, stocktakes, loans, games, events,
 * entries. For people, see go_club_export_sheet. */
int go_club_export_csv(go_club *club, FILE *out, const char *table);
void go_club_table_csv(FILE *out, const go_club_table *t);
/* A table for people and spreadsheets (Excel on Chinese Windows): UTF-8 with a BOM, CRLF,
 * names beside ids, ranks as 5k/1d, money in yuan, komi in stones, dates as text; headers in
 * Chinese (lang "zh" or NULL) or English ("en"). Tables: members, status_history, dues,
 * activities, checkins, leaves, items, stocktakes, loans, games, events, entries. */
int go_club_export_sheet(go_club *club, FILE *out, const char *table, const char *lang);
/* TRF of an event, with `XXS W=2 D=1` (our 2/1/0 points): start numbers by rank (then entry),
 * ranks as ratings (go_rank_rating), the rounds after a withdrawal as zero-point byes, team
 * records (013); columns count characters (a name in Hanzi is 33 characters, not bytes). */
int go_club_export_trf(go_club *club, FILE *out, int64_t event);
/* Display columns of UTF-8 text in a terminal: East Asian Wide and Fullwidth characters
 * (汉字, kana, Hangul, fullwidth forms, 。，) take two, combining marks none, others one. */
int go_club_text_width(const char *utf8);
/* Plain text with columns aligned by display width (CJK two cells; cells wider than 40
 * columns are cut at a character boundary and end in '~'). */
void go_club_table_text(FILE *out, const go_club_table *t);
int go_club_standings_table(go_club_table **out, const go_standing *s, size_t n, bool swiss);
/* Standings for people: only the columns of the event's system (round robin: points, SB;
 * Swiss: points and the total with two decimals; knockout: games won and lost; match: won,
 * drawn, lost; team: match and game points, and the team Swiss total), a shared place as
 * "2=", how a tie was decided; headers in Chinese (lang "zh" or NULL) or English ("en"). */
int go_club_standings_sheet(go_club_table **out, const go_standing *s, size_t n, go_event_kind kind,
                            const char *lang);
/* A printable HTML page (A4 print style, and a large projector view when projector). */
void go_club_table_html(FILE *out, const go_club_table *t, const char *title, bool projector);

#ifdef __cplusplus
}
#endif

#endif
