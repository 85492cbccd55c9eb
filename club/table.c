/* Result tables (go/club.h, go_club_table): a statement's rows as text cells with their column
 * types, and freeing them. Apart from db.c so that the statement helper (stmt.c), which db.c
 * uses, does not call back into it. */
#include <stdlib.h>
#include <string.h>

#include "club_int.h"

void go_club_table_free(go_club_table *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->ncols; i++)
        free(t->names[i]);
    for (size_t i = 0; i < (size_t)t->nrows * (size_t)t->ncols; i++)
        free(t->cells[i]);
    free(t->names);
    free(t->types);
    free(t->cells);
    free(t);
}

static char *dup_text(const char *s)
{
    size_t n = strlen(s);
    char *d = malloc(n + 1);
    if (d)
        memcpy(d, s, n + 1);
    return d;
}

int table_from_stmt(go_club_table **out, sqlite3_stmt *st)
{
    *out = NULL;
    int rc = 0;
    go_club_table *t = calloc(1, sizeof *t);
    if (!t)
        return go_error_set(GO_ENOMEM, "table");
    t->ncols = sqlite3_column_count(st);
    t->names = calloc((size_t)t->ncols + 1, sizeof *t->names);
    t->types = calloc((size_t)t->ncols + 1, sizeof *t->types);
    if (!t->names || !t->types) {
        rc = go_error_set(GO_ENOMEM, "table");
        goto done;
    }
    for (int i = 0; i < t->ncols; i++) {
        const char *decl = sqlite3_column_decltype(st, i);
        t->types[i] = (decl && strstr(decl, "INT"))    ? GO_COL_INT
                      : (decl && strstr(decl, "REAL")) ? GO_COL_REAL
                                                       : GO_COL_TEXT;
        if (!(t->names[i] = dup_text(sqlite3_column_name(st, i)))) {
            rc = go_error_set(GO_ENOMEM, "table");
            goto done;
        }
    }
    size_t cap = 0;
    int r;
    while ((r = sqlite3_step(st)) == SQLITE_ROW) {
        size_t need = ((size_t)t->nrows + 1) * (size_t)t->ncols;
        if (need > cap) {
            size_t ncap = cap ? cap * 2 : 64 * (size_t)(t->ncols ? t->ncols : 1);
            while (ncap < need)
                ncap *= 2;
            char **cells = realloc(t->cells, ncap * sizeof *cells);
            if (!cells) {
                rc = go_error_set(GO_ENOMEM, "table rows");
                goto done;
            }
            t->cells = cells;
            cap = ncap;
        }
        for (int i = 0; i < t->ncols; i++) {
            int type = sqlite3_column_type(st, i);
            char **cell = &t->cells[(size_t)t->nrows * (size_t)t->ncols + (size_t)i];
            if (type == SQLITE_NULL) {
                *cell = NULL;
            } else {
                if (type == SQLITE_FLOAT)
                    t->types[i] = GO_COL_REAL;
                else if (type == SQLITE_INTEGER && t->types[i] == GO_COL_TEXT &&
                         !sqlite3_column_decltype(st, i))
                    t->types[i] = GO_COL_INT; /* expressions such as count(*) */
                *cell = dup_text((const char *)sqlite3_column_text(st, i));
                if (!*cell) {
                    for (int j = i + 1; j < t->ncols; j++)
                        t->cells[(size_t)t->nrows * (size_t)t->ncols + (size_t)j] = NULL;
                    t->nrows++;
                    rc = go_error_set(GO_ENOMEM, "table cell");
                    goto done;
                }
            }
        }
        t->nrows++;
    }
    if (r != SQLITE_DONE)
        rc = go_error_set(GO_EDB, "query: %s", sqlite3_errmsg(sqlite3_db_handle(st)));
done:
    if (rc) {
        go_club_table_free(t);
        return rc;
    }
    *out = t;
    return 0;
}
