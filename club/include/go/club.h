/* The club log in one SQLite file: the handle, transactions, backup, dates, result tables and
 * the change log, which every area uses. The areas have headers of their own: club_members.h,
 * club_attendance.h, club_equipment.h, club_games.h, club_events.h, club_export.h. Every
 * function returns 0 or a negative go_err with a detail in go_error_last(). */
#ifndef GO_CLUB_H
#define GO_CLUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

#ifdef __cplusplus
}
#endif

#endif
