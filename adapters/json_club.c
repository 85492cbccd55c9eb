/* JSON of club tables and standings (see json_club.h): one builder for the CLI and the
 * service, so that `goref club ... --json` and /api/club/... answer with the same fields. */
#include <stdlib.h>
#include <string.h>

#include "go/error.h"
#include "json_club.h"

json_t *go_json_club_table(const go_club_table *t)
{
    json_t *rows = json_array();
    for (int r = 0; rows && r < t->nrows; r++) {
        json_t *o = json_object();
        for (int c = 0; o && c < t->ncols; c++) {
            const char *cell = go_club_cell(t, r, c);
            json_t *v;
            if (!cell)
                v = json_null();
            else if (t->types[c] == GO_COL_INT)
                v = json_integer(strtoll(cell, NULL, 10));
            else if (t->types[c] == GO_COL_REAL)
                v = json_real(strtod(cell, NULL));
            else
                v = json_string(cell); /* NULL for invalid UTF-8: stored as null below */
            json_object_set_new(o, t->names[c], v ? v : json_null());
        }
        json_array_append_new(rows, o);
    }
    return rows;
}

json_t *go_json_standings(const go_standing *s, size_t n)
{
    json_t *list = json_array();
    for (size_t i = 0; list && i < n; i++)
        json_array_append_new(
            list,
            json_pack("{s:i,s:I,s:s,s:f,s:f,s:f,s:i,s:b,s:b,s:i,s:i,s:i,s:i}", "place", s[i].place,
                      "member", (json_int_t)s[i].member, "name", s[i].name, "points", s[i].points,
                      "tiebreak_sb", s[i].tiebreak_sb, "swiss_total", s[i].swiss_total, "warnings",
                      s[i].warnings, "shared", s[i].shared, "withdrawn", s[i].withdrawn, "played",
                      s[i].played, "wins", s[i].wins, "draws", s[i].draws, "losses", s[i].losses));
    for (size_t i = 0; list && i < n; i++)
        if (s[i].decided[0]) /* Article 28 D: the place was decided by lot or play-off */
            json_object_set_new(json_array_get(list, i), "decided", json_string(s[i].decided));
    return list;
}

int go_json_count_for_log(int *finished, const json_t *count)
{
    size_t i;
    json_t *w;
    json_array_foreach(json_object_get(count, "warnings"), i, w)
    {
        const char *code = json_string_value(json_object_get(w, "code"));
        if (code && strcmp(code, "no_game") == 0)
            return go_error_set(GO_EINVAL,
                                "this count has no game, so no result to save "
                                "(无对局，不能记成绩): %.200s",
                                json_string_value(json_object_get(w, "message_en"))
                                    ? json_string_value(json_object_get(w, "message_en"))
                                    : "no stones of both colours");
    }
    json_t *f = json_object_get(count, "finished");
    *finished = json_is_boolean(f) ? json_is_true(f) : -1;
    return 0;
}
