/* Counting endpoints: POST /api/count (a position and the agreed dead stones -> the same JSON
 * as `goref count --json`, built by the scoring library's go_count_to_json, with its finished
 * flag, open points and warnings; a board with no game is answered 200 with no winner and the
 * no_game warning, as the CLI prints it) and
 * POST /api/suggest-dead (a position -> dead and seki groups with confidences; this JSON is
 * the service's own, since the scoring module has no builder for suggestions). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/error.h"
#include "go/dead.h"
#include "go/score.h"
#include "http_int.h"
#include "http_score.h"
#include "json_count.h"

int http_board_from_json(http_req *r, go_board *out, json_t *body)
{
    json_t *rows = json_object_get(body, "board");
    if (!json_is_array(rows)) {
        http_reply_error(r, 400, "invalid", "'board' must be an array of N strings of . X O");
        return -1;
    }
    size_t n = json_array_size(rows);
    if (n < GO_MIN_SIZE || n > GO_MAX_SIZE) {
        http_reply_error(r, 400, "range", "'board' has %zu rows; a board has %d to %d", n,
                         GO_MIN_SIZE, GO_MAX_SIZE);
        return -1;
    }
    char text[16 + GO_MAX_SIZE * (GO_MAX_SIZE + 1)];
    size_t len = (size_t)snprintf(text, sizeof text, "size %zu\n", n);
    for (size_t y = 0; y < n; y++) {
        json_t *row = json_array_get(rows, y);
        const char *s = json_string_value(row);
        if (!s || json_string_length(row) != n) {
            http_reply_error(r, 400, "invalid", "board row %zu must be a string of %zu characters",
                             y + 1, n);
            return -1;
        }
        for (size_t x = 0; x < n; x++) {
            if (s[x] != '.' && s[x] != 'X' && s[x] != 'O') {
                http_reply_error(r, 400, "invalid", "board row %zu column %zu: use '.', 'X' or 'O'",
                                 y + 1, x + 1);
                return -1;
            }
            text[len++] = s[x];
        }
        text[len++] = '\n';
    }
    text[len] = '\0';
    int err = go_board_from_text(out, text, len);
    if (err) {
        http_reply_goerr(r, err);
        return -1;
    }
    return 0;
}

/* Quarters of a stone from a JSON number of stones (3.75) or a text ("3 3/4"). */
static int komi_from_json(http_req *r, json_t *v, const char *key, int *out)
{
    if (json_is_string(v)) {
        int err = strcmp(key, "komi_points") == 0
                      ? go_score_komi_parse_points(out, json_string_value(v))
                      : go_score_komi_parse_stones(out, json_string_value(v));
        if (err) {
            http_reply_goerr(r, err);
            return -1;
        }
        return 0;
    }
    if (!json_is_number(v)) {
        http_reply_error(r, 400, "invalid", "'%s' must be a number or a text", key);
        return -1;
    }
    double quarters = json_number_value(v) * (strcmp(key, "komi_points") == 0 ? 2.0 : 4.0);
    if (!isfinite(quarters) || fabs(quarters) > 4000.0 || quarters != floor(quarters)) {
        http_reply_error(r, 400, "range", "'%s' must be a multiple of %s within +-1000 stones", key,
                         strcmp(key, "komi_points") == 0 ? "1/2" : "1/4");
        return -1;
    }
    *out = (int)quarters;
    return 0;
}

int http_count_options_from_json(http_req *r, go_count_options *out, json_t *body)
{
    go_count_options opts = GO_COUNT_OPTIONS_INIT;
    const char *rules_text = NULL;
    long long handicap = 0;
    if (http_json_string(r, body, "rules", &rules_text, 32) ||
        http_json_int(r, body, "handicap", &handicap, 0, 25))
        return -1;
    if (rules_text) {
        go_rules_preset preset;
        if (go_score_rules_parse(&preset, rules_text) != 0) {
            http_reply_error(r, 400, "invalid", "'rules' must be \"2002\" or \"1988\"");
            return -1;
        }
        opts.komi_quarters = go_score_rules_komi(preset);
    }
    /* Exactly one unit: a komi of 7.5 means 7 1/2 stones or 3 3/4, and only the key says. */
    json_t *stones = json_object_get(body, "komi_stones");
    json_t *points = json_object_get(body, "komi_points");
    bool has_stones = stones && !json_is_null(stones), has_points = points && !json_is_null(points);
    if (has_stones && has_points) {
        http_reply_error(
            r, 400, "invalid",
            "give 'komi_stones' or 'komi_points', not both (3.75 stones = 7.5 points)");
        return -1;
    }
    if (has_stones && komi_from_json(r, stones, "komi_stones", &opts.komi_quarters))
        return -1;
    if (has_points && komi_from_json(r, points, "komi_points", &opts.komi_quarters))
        return -1;
    opts.handicap = (int)handicap;
    *out = opts;
    return 0;
}

int http_dead_from_json(http_req *r, go_point *out, int *out_n, const go_board *b, json_t *body)
{
    json_t *list = json_object_get(body, "dead");
    *out_n = 0;
    if (!list || json_is_null(list))
        return 0;
    int size = go_board_size(b);
    if (!json_is_array(list) || json_array_size(list) > (size_t)(size * size)) {
        http_reply_error(r, 400, "invalid",
                         "'dead' must be an array of at most %d points such "
                         "as \"D4\"",
                         size * size);
        return -1;
    }
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v)
    {
        go_point p;
        const char *s = json_string_value(v);
        if (!s || json_string_length(v) > 8 || go_point_from_gtp(&p, s, size) != 0 ||
            p == GO_PASS) {
            http_reply_error(r, 400, "invalid", "dead[%zu] is not a point of a %dx%d board", i,
                             size, size);
            return -1;
        }
        out[(*out_n)++] = p;
    }
    return 0;
}

/* Every stone of the groups marked dead, in board order, so the reply lists what was removed
 * whichever stone of a group the client named. */
int http_dead_stones(go_point *out, const go_board *b, const go_point *marks, int nmarks)
{
    bool dead[GO_POINTS] = {false};
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    for (int i = 0; i < nmarks; i++) {
        if (!go_board_on(b, marks[i]) || go_board_at(b, marks[i]) == GO_EMPTY)
            continue;
        int n = go_board_group(b, marks[i], stones, GO_MAX_SIZE * GO_MAX_SIZE);
        for (int k = 0; k < n; k++)
            dead[stones[k]] = true;
    }
    int n = 0;
    for (go_point p = 0; p < GO_POINTS; p++)
        if (dead[p])
            out[n++] = p;
    return n;
}

/* Seki stones as `goref count --json` lists them when the dead stones are given: the scoring
 * module's structural check with the dead groups removed, in board order. */
static int seki_points(go_point *out, int *out_n, const go_board *b, const go_point *marks,
                       int nmarks)
{
    bool seki[GO_POINTS] = {false};
    int rc = go_score_seki(seki, b, marks, nmarks);
    *out_n = 0;
    if (rc < 0)
        return rc;
    int size = go_board_size(b);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (seki[go_point_at(x, y)])
                out[(*out_n)++] = go_point_at(x, y);
    return 0;
}

void http_api_count(http_req *r)
{
    go_board board;
    go_count_options opts;
    go_point marks[GO_MAX_SIZE * GO_MAX_SIZE], dead[GO_MAX_SIZE * GO_MAX_SIZE];
    go_point seki[GO_MAX_SIZE * GO_MAX_SIZE];
    int nmarks = 0, nseki = 0;
    go_count *count = NULL;
    char *text = NULL;
    json_t *body = http_body_json(r);
    if (!body)
        return;
    if (http_board_from_json(r, &board, body) || http_count_options_from_json(r, &opts, body) ||
        http_dead_from_json(r, marks, &nmarks, &board, body))
        goto done;
    count = malloc(sizeof *count);
    if (!count) {
        http_reply_goerr(r, GO_ENOMEM);
        goto done;
    }
    int err = go_score_count(count, &board, marks, nmarks, &opts);
    if (!err)
        err = seki_points(seki, &nseki, &board, marks, nmarks);
    if (!err) {
        int ndead = http_dead_stones(dead, &board, marks, nmarks);
        err = go_count_to_json(&text, count, dead, ndead, seki, nseki);
    }
    if (err) {
        http_reply_goerr(r, err);
        goto done;
    }
    http_reply_json_text(r, 200, text);
done:
    free(count);
    json_decref(body);
}

static json_t *gtp_list(const go_point *points, int n, int size)
{
    json_t *list = json_array();
    char buf[8];
    for (int i = 0; list && i < n; i++)
        json_array_append_new(list, json_string(go_point_to_gtp(buf, sizeof buf, points[i], size)));
    return list;
}

json_t *http_suggestion_json(const go_dead_suggestion *s, const go_board *b)
{
    static const char *const status_names[] = {"alive", "dead", "seki"};
    int size = go_board_size(b);
    json_t *groups = json_array();
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    char buf[8];
    for (int i = 0; groups && i < s->ngroups; i++) {
        const go_group_status *g = &s->groups[i];
        int n = go_board_group(b, g->id, stones, GO_MAX_SIZE * GO_MAX_SIZE);
        json_t *item =
            json_pack("{s:s,s:s,s:i,s:o,s:s,s:f,s:f,s:b,s:b}", "id",
                      go_point_to_gtp(buf, sizeof buf, g->id, size), "color",
                      g->color == GO_BLACK ? "B" : "W", "size", g->stones, "stones",
                      gtp_list(stones, n, size), "status",
                      status_names[g->status >= 0 && g->status <= 2 ? g->status : 0], "confidence",
                      g->confidence / 1000.0, "owned", g->owned_permille / 1000.0, "benson_alive",
                      g->benson_alive, "waits", g->waits);
        json_array_append_new(groups, item);
    }
    return json_pack("{s:i,s:i,s:o,s:o,s:o,s:i,s:i}", "size", size, "playouts", s->playouts,
                     "groups", groups, "dead", gtp_list(s->dead, s->ndead, size), "seki",
                     gtp_list(s->seki, s->nseki, size), "open_points", s->open_points, "waiting",
                     s->nwaiting);
}

int http_to_move_parse(http_req *r, go_color *out, const char *text)
{
    if (strcmp(text, "B") == 0 || strcmp(text, "b") == 0)
        *out = GO_BLACK;
    else if (strcmp(text, "W") == 0 || strcmp(text, "w") == 0)
        *out = GO_WHITE;
    else {
        http_reply_error(r, 400, "invalid", "'to_move' must be \"B\" or \"W\"");
        return -1;
    }
    return 0;
}

/* A suggestion request once checked: the position and the options. */
typedef struct suggest_job {
    go_board board;
    go_color to_move;
    go_suggest_options opts;
} suggest_job;

static void suggest_run(http_req *r)
{
    suggest_job *job = r->job_ctx;
    go_dead_suggestion *s = malloc(sizeof *s);
    if (!s) {
        http_reply_goerr(r, GO_ENOMEM);
        return;
    }
    int err = go_score_suggest_dead(s, &job->board, job->to_move, &job->opts);
    if (err)
        http_reply_goerr(r, err);
    else
        http_reply_json(r, 200, http_suggestion_json(s, &job->board));
    free(s);
}

/* Checked here on the polling thread; the playouts run on a worker in a heavy slot. */
void http_api_suggest_dead(http_req *r)
{
    const char *to_move_text = NULL;
    long long playouts = 0, seed = 1;
    suggest_job *job = NULL;
    json_t *body = http_body_json(r);
    if (!body)
        return;
    job = malloc(sizeof *job);
    if (!job) {
        http_reply_goerr(r, GO_ENOMEM);
        goto done;
    }
    if (http_board_from_json(r, &job->board, body) ||
        http_json_string(r, body, "to_move", &to_move_text, 8) ||
        http_json_int(r, body, "playouts", &playouts, 0, 20000) ||
        http_json_int(r, body, "seed", &seed, 0, (long long)1 << 53))
        goto done;
    job->to_move = GO_BLACK;
    if (to_move_text && http_to_move_parse(r, &job->to_move, to_move_text))
        goto done;
    job->opts = (go_suggest_options)GO_SUGGEST_OPTIONS_INIT;
    job->opts.playouts = (int)playouts;
    job->opts.seed = (uint64_t)seed;
    http_heavy_job(r, suggest_run, job, free);
    job = NULL; /* the request owns it now */
done:
    free(job);
    json_decref(body);
}
