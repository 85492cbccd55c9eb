/* The JSON contract of a count (`goref count --json`, the service, the club log): built with
 * jansson here so that callers only see plain C values. Numbers in stones are written from the
 * exact quarters (jansson reals of multiples of 1/4 are exact in binary). */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json_count.h"

static json_t *points_array(const go_point *pts, int n, int size)
{
    json_t *arr = json_array();
    if (!arr)
        return NULL;
    for (int i = 0; i < n; i++) {
        char name[8];
        go_point_to_gtp(name, sizeof name, pts[i], size);
        if (json_array_append_new(arr, json_string(name)) != 0) {
            json_decref(arr);
            return NULL;
        }
    }
    return arr;
}

static json_t *side(int stones, int territory, int total_quarters, int shared)
{
    return json_pack("{s:i, s:i, s:f, s:f}", "stones", stones, "territory", territory, "total",
                     total_quarters / 4.0, "shared", shared / 2.0);
}

/* The open points in board order, top row first, as GTP names. */
static json_t *open_points(const go_count *c)
{
    json_t *arr = json_array();
    for (int y = 0; arr && y < c->size; y++)
        for (int x = 0; x < c->size; x++) {
            go_point p = go_point_at(x, y);
            char name[8];
            if (c->open[p] &&
                json_array_append_new(
                    arr, json_string(go_point_to_gtp(name, sizeof name, p, c->size))) != 0) {
                json_decref(arr);
                return NULL;
            }
        }
    return arr;
}

static json_t *warnings(const go_count *c)
{
    json_t *arr = json_array();
    for (int i = 0; arr && i < c->nwarnings; i++) {
        const go_count_warning *w = &c->warnings[i];
        if (json_array_append_new(arr, json_pack("{s:s, s:s, s:s}", "code", w->code, "message_zh",
                                                 w->message_zh, "message_en", w->message_en)) !=
            0) {
            json_decref(arr);
            return NULL;
        }
    }
    return arr;
}

int go_count_to_json(char **out, const go_count *c, const go_point *dead, int ndead,
                     const go_point *seki, int nseki)
{
    int rc = GO_ENOMEM;
    char *text = NULL;
    char winner[8];
    snprintf(winner, sizeof winner, "%s",
             c->winner == GO_BLACK   ? "B"
             : c->winner == GO_WHITE ? "W"
                                     : "draw");
    json_t *rows = json_array();
    json_t *root = NULL;
    if (!rows)
        goto done;
    for (int y = 0; y < c->size; y++) {
        char row[GO_MAX_SIZE + 1];
        for (int x = 0; x < c->size; x++)
            row[x] = go_owner_char((go_owner)c->owner[go_point_at(x, y)]);
        row[c->size] = '\0';
        if (json_array_append_new(rows, json_string(row)) != 0)
            goto done;
    }
    char gtp[16];
    go_count_gtp_result(gtp, sizeof gtp, c);
    root = json_pack(
        "{s:i, s:f, s:i, s:f, s:i, s:f, s:o, s:o, s:i, s:f, s:f, s:s, s:s, s:s, "
        "s:s, s:s, s:s, s:f, s:o, s:o, s:O}",
        "size", c->size, "komi_stones", c->komi_quarters / 4.0, "handicap", c->handicap,
        "giveback_stones", c->giveback_quarters / 4.0, "par_quarters", c->par_quarters, "par",
        c->par_quarters / 4.0, "black",
        side(c->black_stones, c->black_territory, c->black_total_quarters, c->shared), "white",
        side(c->white_stones, c->white_territory, c->white_total_quarters, c->shared), "shared",
        c->shared, "margin_stones", c->margin_quarters / 4.0, "margin_points",
        c->margin_quarters / 2.0, "winner", winner, "verdict_zh", c->verdict_zh, "verdict_en",
        c->verdict_en, "check_zh", c->check_zh, "check_en", c->check_en, "gtp_result", gtp,
        "required_black_stones", c->required_black_quarters / 4.0, "dead",
        points_array(dead, dead ? ndead : 0, c->size), "seki",
        points_array(seki, seki ? nseki : 0, c->size), "ownership", rows);
    if (!root)
        goto done;
    if (json_object_set_new(root, "margin_quarters", json_integer(c->margin_quarters)) != 0)
        goto done;
    if (c->no_game) {
        /* No game, no result: nothing a club log or a GTP peer could take for one. */
        static const char *const result_keys[] = {"winner", "margin_stones", "margin_points",
                                                  "margin_quarters", "gtp_result"};
        for (size_t i = 0; i < sizeof result_keys / sizeof result_keys[0]; i++)
            json_object_del(root, result_keys[i]);
    }
    if (json_object_set_new(root, "finished", json_boolean(c->finished)) != 0 ||
        json_object_set_new(root, "open_points", open_points(c)) != 0 ||
        json_object_set_new(root, "warnings", warnings(c)) != 0)
        goto done;
    text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    if (!text)
        goto done;
    *out = text;
    rc = 0;
done:
    json_decref(root);
    json_decref(rows);
    if (rc != 0)
        go_error_set(rc, "building the count JSON");
    return rc;
}

static const char *color_name(go_color c)
{
    return c == GO_BLACK ? "black" : c == GO_WHITE ? "white" : "empty";
}

static json_t *alternative(const go_alternative *a, int size)
{
    char at[8];
    go_point_to_gtp(at, sizeof at, a->at, size);
    json_t *item =
        a->kind == GO_ALT_POINT
            ? json_pack("{s:s, s:s, s:s, s:s}", "kind", "point", "at", at, "read",
                        color_name(a->read), "other", color_name(a->other))
            : json_pack("{s:s, s:s, s:s, s:i, s:s, s:s}", "kind", "group", "at", at, "color",
                        a->color == GO_BLACK ? "B" : "W", "stones", a->stones, "read",
                        a->dead ? "dead" : "alive", "other", a->dead ? "alive" : "dead");
    if (!item)
        return NULL;
    json_t *result = a->no_game              ? json_null()
                     : a->winner == GO_BLACK ? json_string("B")
                     : a->winner == GO_WHITE ? json_string("W")
                                             : json_string("draw");
    json_t *margin = a->no_game ? json_null() : json_real(a->margin_quarters / 4.0);
    if (json_object_set_new(item, "winner", result) != 0 ||
        json_object_set_new(item, "margin_stones", margin) != 0 ||
        json_object_set_new(item, "no_game", json_boolean(a->no_game)) != 0 ||
        json_object_set_new(item, "finished", json_boolean(a->finished)) != 0 ||
        json_object_set_new(item, "verdict_zh", json_string(a->verdict_zh)) != 0 ||
        json_object_set_new(item, "verdict_en", json_string(a->verdict_en)) != 0) {
        json_decref(item);
        return NULL;
    }
    return item;
}

int go_alternatives_to_json(char **out, const go_alternatives *a, int size)
{
    int rc = GO_ENOMEM;
    json_t *items = json_array(), *root = NULL;
    int shown = a->ndecisive < GO_MAX_DECISIVE ? a->ndecisive : GO_MAX_DECISIVE;
    for (int i = 0; items && i < shown; i++)
        if (json_array_append_new(items, alternative(&a->decisive[i], size)) != 0)
            goto done;
    root = json_pack("{s:i, s:i, s:i, s:i, s:i, s:O}", "points_checked", a->points,
                     "groups_checked", a->groups, "recounts", a->recounts, "impossible",
                     a->impossible, "total", a->ndecisive, "items", items);
    if (!root)
        goto done;
    *out = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    rc = *out ? 0 : GO_ENOMEM;
done:
    json_decref(root);
    json_decref(items);
    if (rc != 0)
        go_error_set(rc, "building the alternatives JSON");
    return rc;
}
