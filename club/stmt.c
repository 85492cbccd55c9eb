/* One statement from prepare to finalize (stmt.h): binding by a letter per parameter, and one
 * error message per failure that names the statement's purpose. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "club_int.h"
#include "stmt.h"

static int stmt_error(go_club *c, const char *purpose, const char *step, int code)
{
    int err = code == SQLITE_CONSTRAINT ? GO_ECONFLICT : GO_EDB;
    return go_error_set(err, "%s: %s%s", purpose, step, sqlite3_errmsg(c->db));
}

static int bind_va(go_club *c, sqlite3_stmt *st, const char *purpose, const char *binds, va_list ap)
{
    for (int i = 0; binds && binds[i]; i++) {
        int p = i + 1, r;
        switch (binds[i]) {
        case 'i':
            r = sqlite3_bind_int(st, p, va_arg(ap, int));
            break;
        case 'l':
            r = sqlite3_bind_int64(st, p, va_arg(ap, int64_t));
            break;
        case 'f':
            r = sqlite3_bind_double(st, p, va_arg(ap, double));
            break;
        case 't': {
            const char *s = va_arg(ap, const char *);
            r = s && *s ? sqlite3_bind_text(st, p, s, -1, SQLITE_TRANSIENT)
                        : sqlite3_bind_null(st, p);
            break;
        }
        case 's': {
            const char *s = va_arg(ap, const char *);
            r = s ? sqlite3_bind_text(st, p, s, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, p);
            break;
        }
        case 'D': {
            const char *s = va_arg(ap, const char *);
            r = s ? sqlite3_bind_text(st, p, s, (int)strnlen(s, 10), SQLITE_TRANSIENT)
                  : sqlite3_bind_null(st, p);
            break;
        }
        default:
            return go_error_set(GO_EINTERNAL, "%s: parameter %d has the unknown kind '%c'", purpose,
                                p, binds[i]);
        }
        if (r != SQLITE_OK)
            return stmt_error(c, purpose, "binding: ", r);
    }
    return 0;
}

static int stmt_va(go_club *c, sqlite3_stmt **out, const char *purpose, const char *sql,
                   const char *binds, va_list ap)
{
    *out = NULL;
    int r = sqlite3_prepare_v2(c->db, sql, -1, out, NULL);
    if (r != SQLITE_OK) {
        sqlite3_finalize(*out);
        *out = NULL;
        return stmt_error(c, purpose, "prepare: ", r);
    }
    int rc = bind_va(c, *out, purpose, binds, ap);
    if (rc) {
        sqlite3_finalize(*out);
        *out = NULL;
    }
    return rc;
}

int db_stmt(go_club *c, sqlite3_stmt **out, const char *purpose, const char *sql, const char *binds,
            ...)
{
    va_list ap;
    va_start(ap, binds);
    int rc = stmt_va(c, out, purpose, sql, binds, ap);
    va_end(ap);
    return rc;
}

int db_row(go_club *c, sqlite3_stmt *st, const char *purpose)
{
    int r = sqlite3_step(st);
    if (r == SQLITE_ROW)
        return 1;
    if (r == SQLITE_DONE)
        return 0;
    return stmt_error(c, purpose, "", r);
}

int db_run(go_club *c, const char *purpose, const char *sql, const char *binds, ...)
{
    sqlite3_stmt *st;
    va_list ap;
    va_start(ap, binds);
    int rc = stmt_va(c, &st, purpose, sql, binds, ap);
    va_end(ap);
    if (rc == 0 && (rc = db_row(c, st, purpose)) > 0)
        rc = 0;
    sqlite3_finalize(st);
    return rc;
}

int db_list(go_club *c, go_club_table **out, const char *purpose, const char *sql,
            const char *binds, ...)
{
    sqlite3_stmt *st;
    va_list ap;
    va_start(ap, binds);
    int rc = stmt_va(c, &st, purpose, sql, binds, ap);
    va_end(ap);
    if (rc == 0 && (rc = table_from_stmt(out, st)) != 0) {
        char detail[512];
        snprintf(detail, sizeof detail, "%s", go_error_last());
        rc = go_error_set(rc, "%s: %s", purpose, detail);
    }
    sqlite3_finalize(st);
    return rc;
}

int db_int(go_club *c, int64_t *out, int64_t dflt, const char *purpose, const char *sql,
           const char *binds, ...)
{
    sqlite3_stmt *st;
    va_list ap;
    va_start(ap, binds);
    int rc = stmt_va(c, &st, purpose, sql, binds, ap);
    va_end(ap);
    if (rc == 0 && (rc = db_row(c, st, purpose)) >= 0) {
        *out = rc ? sqlite3_column_int64(st, 0) : dflt;
        rc = 0;
    }
    sqlite3_finalize(st);
    return rc;
}
