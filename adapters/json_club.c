/* JSON of club tables and standings (see json_club.h): one builder for the CLI and the
 * service, so that `goref club ... --json` and /api/club/... answer with the same fields. */
#include <math.h>
#include <stdio.h>
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

/* The count's dead stones ("dead": ["D4", ...]) as "D4 Q16"; NULL when there are none. */
static char *dead_list(const json_t *count)
{
    const json_t *list = json_object_get(count, "dead");
    size_t n = json_array_size(list), i, len = 0;
    if (n == 0)
        return NULL;
    char *out = malloc(n * 5 + 1);
    json_t *v;
    if (!out)
        return NULL;
    out[0] = '\0';
    json_array_foreach(list, i, v)
    {
        const char *p = json_string_value(v);
        if (p && strlen(p) >= 2 && strlen(p) <= 3)
            len += (size_t)snprintf(out + len, 5, "%s%s", len ? " " : "", p);
    }
    if (len == 0) {
        free(out);
        return NULL;
    }
    return out;
}

int go_json_count_result(go_game_record *r, const json_t *count)
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
    r->finished = json_is_boolean(f) ? json_is_true(f) : -1;
    json_t *winner = json_object_get(count, "winner");
    const char *wv = json_string_value(winner);
    if (winner &&
        !(wv && (strcmp(wv, "B") == 0 || strcmp(wv, "W") == 0 || strcmp(wv, "draw") == 0)))
        return go_error_set(GO_EPARSE, "count JSON: \"winner\" must be \"B\", \"W\" or \"draw\"");
    r->winner = !wv ? 0 : strcmp(wv, "draw") == 0 ? 'D' : wv[0];
    if (r->winner)
        r->by = r->winner == 'D' ? GO_BY_DRAW : GO_BY_COUNT;
    json_t *quarters = json_object_get(count, "margin_quarters");
    json_t *stones = json_object_get(count, "margin_stones");
    double q = json_is_integer(quarters) ? (double)json_integer_value(quarters)
               : json_is_number(stones)  ? json_number_value(stones) * 4.0
                                         : 0.0;
    if (fabs(q) > 4.0 * 625 || q != floor(q))
        return go_error_set(GO_EPARSE, "count JSON: the margin is not a whole number of quarters");
    r->margin_quarters = r->winner == 'B' || r->winner == 'W' ? (int)fabs(q) : 0;
    json_t *komi = json_object_get(count, "komi_stones");
    if (json_is_number(komi))
        r->komi_quarters = (int)lround(json_number_value(komi) * 4.0);
    r->dead = dead_list(count);
    return 0;
}
