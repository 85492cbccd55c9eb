/* One statement from prepare to finalize: the begin/prepare/bind/step/finalize steps every
 * club source repeats, with an error on every failure path that names what the statement was
 * for ("loan list: database is locked"). Internal to club/. */
#ifndef GO_CLUB_STMT_H
#define GO_CLUB_STMT_H

#include <sqlite3.h>

#include "go/club.h"

/* Parameters ?1, ?2, ... in order, one letter each in binds (NULL or "": none):
 *   'i' int, 'l' int64_t, 'f' double,
 *   't' text (const char *; NULL or "" bind NULL), 's' text as given (NULL binds NULL),
 *   'D' a date: the first 10 bytes of the text (a date, or the date of "YYYY-MM-DDTHH:MM"). */

/* Prepares sql (a constant: never built from user text) and binds. *out is NULL on error. */
int db_stmt(go_club *c, sqlite3_stmt **out, const char *purpose, const char *sql, const char *binds,
            ...);
/* One step: 1 a row, 0 no more rows, or a negative go_err (GO_ECONFLICT for a constraint). */
int db_row(go_club *c, sqlite3_stmt *st, const char *purpose);
/* Runs a statement that returns no rows (INSERT, UPDATE, DELETE) and finalizes it. */
int db_run(go_club *c, const char *purpose, const char *sql, const char *binds, ...);
/* Runs a query and collects every row into *out (go_club_table_free). */
int db_list(go_club *c, go_club_table **out, const char *purpose, const char *sql,
            const char *binds, ...);
/* The first column of the first row as an integer; *out = dflt when there is no row. */
int db_int(go_club *c, int64_t *out, int64_t dflt, const char *purpose, const char *sql,
           const char *binds, ...);

#endif
