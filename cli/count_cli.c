/* The count options and the count itself (see count_cli.h), shared by `goref count` and
 * `goref score`: the option parser, the run (rules, komi, handicap, dead stones given or
 * suggested, seki, PNG), the referee's count sheet and the count JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "count_cli.h"
#include "go/dead.h"
#include "json_count.h"
#include "sheet.h"

void count_cli_options_init(count_cli_options *out)
{
    memset(out, 0, sizeof *out);
    out->seed = 1;
    out->command = "count";
}

void count_cli_record_init(count_cli_record *out)
{
    memset(out, 0, sizeof *out);
    out->to_move = GO_BLACK;
}

const cli_option count_cli_option_table[] = {
    {"dead", "D4,Q16", "the dead stones (GTP points), as the players agreed"},
    {"suggest-dead", NULL, "suggest the dead stones instead"},
    {"komi", "STONES", "komi in stones (3.75, 3¾, 3 3/4)"},
    {"komi-points", "POINTS", "komi in points (7.5)"},
    {"rules", "2002|1988", "the rules preset (komi 3 3/4 or 2 3/4 stones)"},
    {"handicap", "N", "handicap stones (Black gives back half a stone each)"},
    {"json", NULL, "the count as JSON"},
    {"png", "OUT.png", "draw the counted board"},
    {"seed", "N", "seed of the dead-stone suggestion"},
    {"playouts", "N", "playouts of the dead-stone suggestion"},
    {NULL, NULL, NULL},
};

int count_cli_take(count_cli_options *o, const char *name, const char *value)
{
    const char **slot = NULL;
    if (strcmp(name, "json") == 0) {
        o->json = true;
        return 1;
    }
    if (strcmp(name, "suggest-dead") == 0) {
        o->suggest = true;
        return 1;
    }
    if (strcmp(name, "dead") == 0)
        slot = &o->dead;
    else if (strcmp(name, "komi") == 0)
        slot = &o->komi_stones;
    else if (strcmp(name, "komi-points") == 0)
        slot = &o->komi_points;
    else if (strcmp(name, "rules") == 0)
        slot = &o->rules;
    else if (strcmp(name, "handicap") == 0)
        slot = &o->handicap;
    else if (strcmp(name, "png") == 0)
        slot = &o->png;
    bool seed = strcmp(name, "seed") == 0;
    if (!slot && !seed && strcmp(name, "playouts") != 0)
        return 0;
    if (slot) {
        *slot = value;
        return 1;
    }
    int v = 0;
    int rc = cli_parse_int(&v, value, seed ? 0 : 1, seed ? 2147483647 : 1000000,
                           seed ? "--seed" : "--playouts");
    if (rc)
        return rc;
    if (seed)
        o->seed = (uint64_t)v;
    else
        o->playouts = v;
    return 1;
}

int count_cli_check(const count_cli_options *o)
{
    if (o->komi_stones && o->komi_points)
        return go_error_set(GO_EINVAL, "give --komi or --komi-points, not both");
    if (o->dead && o->suggest)
        return go_error_set(GO_EINVAL, "give --dead or --suggest-dead, not both");
    return 0;
}

const char *count_cli_error_name(int code)
{
    switch (code) {
    case GO_EPARSE:
        return "parse";
    case GO_EIO:
        return "io";
    case GO_ERANGE:
        return "out_of_range";
    case GO_ENOMEM:
        return "out_of_memory";
    case GO_EINVAL:
        return "invalid_argument";
    case GO_EUNSUPPORTED:
        return "unsupported";
    default:
        return code == GO_EILLEGAL || code == GO_ESUICIDE || code == GO_EKO ||
                       code == GO_ESUPERKO || code == GO_EOCCUPIED
                   ? "illegal_record"
                   : "internal";
    }
}

static int parse_dead(go_point *out, int *n, const char *list, int size)
{
    *n = 0;
    const char *s = list;
    while (*s) {
        char vertex[8];
        size_t k = 0;
        while (*s == ',' || *s == ' ')
            s++;
        while (*s && *s != ',' && *s != ' ') {
            if (k + 1 >= sizeof vertex)
                return go_error_set(GO_EPARSE, "--dead: bad point near '%s'", s);
            vertex[k++] = *s++;
        }
        vertex[k] = '\0';
        if (k == 0)
            break;
        go_point p;
        int rc = go_point_from_gtp(&p, vertex, size);
        if (rc || p == GO_PASS)
            return go_error_set(GO_EPARSE, "--dead: '%s' is not a point of a %dx%d board", vertex,
                                size, size);
        if (*n >= GO_MAX_SIZE * GO_MAX_SIZE)
            return go_error_set(GO_ETOOBIG, "--dead: too many points");
        out[(*n)++] = p;
    }
    return 0;
}

static const char *status_name(go_status status)
{
    return status == GO_STATUS_DEAD ? "dead" : status == GO_STATUS_SEKI ? "seki" : "alive";
}

static const char *color_word(go_color c)
{
    return c == GO_BLACK ? "black" : c == GO_WHITE ? "white" : "empty";
}

/* The readings that change the result, before anything else on the sheet. */
static void print_decisive(const go_alternatives *a, int size)
{
    char gtp[8];
    int shown = a->ndecisive < GO_MAX_DECISIVE ? a->ndecisive : GO_MAX_DECISIVE;
    printf("DECISIVE: %d other reading%s of the doubtful points and groups change%s the result;\n"
           "check %s on the board first:\n",
           a->ndecisive, a->ndecisive == 1 ? "" : "s", a->ndecisive == 1 ? "s" : "",
           a->ndecisive == 1 ? "it" : "them");
    for (int i = 0; i < shown; i++) {
        const go_alternative *d = &a->decisive[i];
        go_point_to_gtp(gtp, sizeof gtp, d->at, size);
        if (d->kind == GO_ALT_POINT)
            printf("  %-4s read %s; as %s: ", gtp, color_word(d->read), color_word(d->other));
        else
            printf("  group at %-4s (%d %s stone%s) %s; %s: ", gtp, d->stones, color_word(d->color),
                   d->stones == 1 ? "" : "s", d->dead ? "dead" : "alive",
                   d->dead ? "alive" : "dead");
        printf("%s / %s\n", d->verdict_zh, d->verdict_en);
    }
    if (a->ndecisive > shown)
        printf("  ... and %d more\n", a->ndecisive - shown);
    printf("\n");
}

static void print_sheet(const go_count *c, const go_dead_suggestion *s, const go_point *dead,
                        int ndead, const bool *seki, const go_alternatives *a)
{
    int size = c->size;
    char gtp[8];
    if (a && a->ndecisive > 0)
        print_decisive(a, size);
    printf("    ");
    for (int x = 0; x < size; x++) {
        go_point_to_gtp(gtp, sizeof gtp, go_point_at(x, size - 1), size);
        printf(" %c", gtp[0]);
    }
    printf("\n");
    for (int y = 0; y < size; y++) {
        printf(" %2d ", size - y);
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            char ch = go_owner_char((go_owner)c->owner[p]);
            /* Territory as + (Black) and - ... keep the JSON letters: readers learn one set. */
            printf(" %c", seki[p] ? (ch == 'X' ? '#' : '@') : ch);
        }
        printf(" %2d\n", size - y);
    }
    printf("    X O alive, x o dead (removed), b w territory, - shared, # @ in seki\n\n");
    /* The warnings come before the numbers: a referee reads them first. */
    for (int i = 0; i < c->nwarnings; i++)
        printf("%s / %s\n", c->warnings[i].message_zh, c->warnings[i].message_en);
    if (c->open_count > 0) {
        printf("Open points:");
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++)
                if (c->open[go_point_at(x, y)])
                    printf(" %s", go_point_to_gtp(gtp, sizeof gtp, go_point_at(x, y), size));
        printf("\n");
    }
    if (c->nwarnings > 0)
        printf("\n");
    char q[24], q2[24], q3[24];
    printf("Black: %d stones + %d territory + %s (half the shared) = %s\n", c->black_stones,
           c->black_territory, go_score_format_quarters(q, sizeof q, 2 * c->shared, true),
           go_score_format_quarters(q2, sizeof q2, c->black_total_quarters, true));
    printf("White: %d stones + %d territory + %s (half the shared) = %s\n", c->white_stones,
           c->white_territory, go_score_format_quarters(q, sizeof q, 2 * c->shared, true),
           go_score_format_quarters(q2, sizeof q2, c->white_total_quarters, true));
    printf("Dead removed: %d Black, %d White", c->black_dead, c->white_dead);
    if (ndead > 0) {
        printf(" (");
        for (int i = 0; i < ndead; i++)
            printf("%s%s", i ? "," : "", go_point_to_gtp(gtp, sizeof gtp, dead[i], size));
        printf(")");
    }
    printf("\n");
    char q4[24];
    printf("Par %s + komi %s + handicap give-back %s: Black needs more than %s\n",
           go_score_format_quarters(q, sizeof q, c->par_quarters, true),
           go_score_format_quarters(q2, sizeof q2, c->komi_quarters, true),
           go_score_format_quarters(q3, sizeof q3, c->giveback_quarters, true),
           go_score_format_quarters(q4, sizeof q4, c->required_black_quarters, true));
    printf("%s\n%s\n", c->check_zh, c->check_en);
    go_count_gtp_result(gtp, sizeof gtp, c);
    printf("%s  /  %s  (%s)\n", c->verdict_zh, c->verdict_en, gtp);
    if (s) {
        printf("\nSuggested statuses (%d playouts):\n", s->playouts);
        for (int i = 0; i < s->ngroups; i++) {
            const go_group_status *g = &s->groups[i];
            if (g->status == GO_STATUS_ALIVE && g->confidence >= 800)
                continue; /* list what a teacher should look at */
            printf("  %c group at %-4s %3d stone%s  %-5s  confidence %3d%%%s\n",
                   go_color_char(g->color), go_point_to_gtp(gtp, sizeof gtp, g->id, size),
                   g->stones, g->stones == 1 ? " " : "s", status_name(g->status),
                   g->confidence / 10, g->benson_alive ? " (unconditionally alive)" : "");
        }
    }
}

/* go_count_to_json's contract, plus the suggestion's groups when there is one. */
static int count_json(json_t **out, const go_count *c, const go_dead_suggestion *s,
                      const go_point *dead, int ndead, const go_point *seki, int nseki,
                      const go_alternatives *a)
{
    char *text = NULL;
    json_t *root = NULL;
    int rc = go_count_to_json(&text, c, dead, ndead, seki, nseki);
    if (rc)
        goto done;
    json_error_t err;
    root = json_loads(text, JSON_DECODE_ANY, &err);
    if (!root) {
        rc = go_error_set(GO_EINTERNAL, "count JSON does not parse back");
        goto done;
    }
    if (s) {
        json_t *groups = json_array();
        if (!groups) {
            rc = GO_ENOMEM;
            goto done;
        }
        for (int i = 0; i < s->ngroups; i++) {
            const go_group_status *g = &s->groups[i];
            char gtp[8];
            go_point_to_gtp(gtp, sizeof gtp, g->id, c->size);
            json_array_append_new(
                groups, json_pack("{s:s, s:s, s:i, s:s, s:f, s:b, s:b}", "at", gtp, "color",
                                  g->color == GO_BLACK ? "B" : "W", "stones", g->stones, "status",
                                  status_name(g->status), "confidence", g->confidence / 1000.0,
                                  "unconditional", g->benson_alive, "waits", g->waits));
        }
        json_object_set_new(root, "suggestion",
                            json_pack("{s:i, s:o, s:i}", "playouts", s->playouts, "groups", groups,
                                      "waiting", s->nwaiting));
    }
    if (a) {
        free(text);
        text = NULL;
        rc = go_alternatives_to_json(&text, a, c->size);
        if (rc)
            goto done;
        json_t *decisive = json_loads(text, 0, &err);
        if (!decisive || json_object_set_new(root, "decisive", decisive) != 0) {
            rc = go_error_set(GO_EINTERNAL, "alternatives JSON does not parse back");
            goto done;
        }
    }
    *out = root;
    root = NULL;
done:
    free(text);
    json_decref(root);
    return rc;
}

/* The count options' komi and handicap over what the record says. */
static int resolve_options(go_count_options *out, const count_cli_options *o,
                           const count_cli_record *rec, int size)
{
    go_count_options opts = GO_COUNT_OPTIONS_INIT;
    go_rules_preset preset = GO_RULES_2002;
    int rc = 0;
    if (o->rules) {
        rc = go_score_rules_parse(&preset, o->rules);
        if (rc)
            return rc;
    } else if (rec->rules && strstr(rec->rules, "1988")) {
        preset = GO_RULES_1988;
    }
    opts.komi_quarters = go_score_rules_komi(preset);
    if (o->komi_stones)
        rc = go_score_komi_parse_stones(&opts.komi_quarters, o->komi_stones);
    else if (o->komi_points)
        rc = go_score_komi_parse_points(&opts.komi_quarters, o->komi_points);
    else if (rec->has_komi && !o->rules)
        opts.komi_quarters = rec->komi_quarters;
    if (rc)
        return rc;
    opts.handicap = rec->handicap;
    if (o->handicap) {
        rc = cli_parse_int(&opts.handicap, o->handicap, 0, size * size, "--handicap");
        if (rc)
            return rc;
    }
    *out = opts;
    return 0;
}

int count_cli_run(json_t **out, bool *no_game, const count_cli_options *o, const go_board *b,
                  const count_cli_record *rec)
{
    *no_game = false;
    go_dead_suggestion *s = NULL;
    go_point *dead = NULL, *seki_points = NULL;
    bool *seki = NULL;
    int size = go_board_size(b);
    *out = NULL;
    go_count_options opts;
    int rc = resolve_options(&opts, o, rec, size);
    if (rc)
        goto done;
    dead = calloc(GO_MAX_SIZE * GO_MAX_SIZE, sizeof *dead);
    seki_points = calloc(GO_MAX_SIZE * GO_MAX_SIZE, sizeof *seki_points);
    seki = calloc(GO_POINTS, sizeof *seki);
    if (!dead || !seki_points || !seki) {
        rc = GO_ENOMEM;
        goto done;
    }
    int ndead = 0, nseki = 0;
    if (o->dead) {
        rc = parse_dead(dead, &ndead, o->dead, size);
        if (rc)
            goto done;
    } else if (o->suggest) {
        s = malloc(sizeof *s);
        if (!s) {
            rc = GO_ENOMEM;
            goto done;
        }
        go_suggest_options so = GO_SUGGEST_OPTIONS_INIT;
        so.seed = o->seed;
        so.playouts = o->playouts;
        rc = go_score_suggest_dead(s, b, rec->to_move, &so);
        if (rc)
            goto done;
        memcpy(dead, s->dead, sizeof(go_point) * (size_t)s->ndead);
        ndead = s->ndead;
    }
    go_count c;
    rc = go_score_count(&c, b, dead, ndead, &opts);
    if (rc)
        goto done;
    if (o->alternatives) {
        go_point groups[GO_MAX_GROUPS];
        int ngroups = s ? go_suggestion_doubtful_groups(groups, s) : 0;
        rc = go_score_alternatives(o->alternatives, b, dead, ndead, o->doubtful, o->ndoubtful,
                                   groups, ngroups, &opts);
        if (rc)
            goto done;
        go_count_warn_decisive(&c, o->alternatives);
    }
    if (o->source_warning && c.nwarnings < GO_COUNT_MAX_WARNINGS)
        c.warnings[c.nwarnings++] = *o->source_warning;
    /* Seki: the suggestion's when there is one, else the structural check on the count. */
    if (s) {
        for (int i = 0; i < s->nseki; i++)
            seki[s->seki[i]] = true;
    } else {
        rc = go_score_seki(seki, b, dead, ndead);
        if (rc < 0)
            goto done;
        rc = 0;
    }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (seki[go_point_at(x, y)])
                seki_points[nseki++] = go_point_at(x, y);
    /* Dead stones in the output are every stone removed, not just the points given. */
    int nremoved = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_owner own = (go_owner)c.owner[go_point_at(x, y)];
            if (own == GO_OWN_BLACK_DEAD || own == GO_OWN_WHITE_DEAD)
                dead[nremoved++] = go_point_at(x, y);
        }
    ndead = nremoved;
    if (o->png) {
        go_sheet_info sheet = GO_SHEET_INFO_INIT;
        sheet.black = rec->black;
        sheet.white = rec->white;
        sheet.date = rec->date;
        sheet.event = rec->event;
        rc = go_count_sheet_write_png(o->png, &c, &sheet);
        if (rc)
            goto done;
    }
    *no_game = c.no_game;
    if (o->json)
        rc = count_json(out, &c, s, dead, ndead, seki_points, nseki, o->alternatives);
    else if (c.no_game)
        fprintf(stderr, "goref %s: %s / %s\n", o->command, c.warnings[0].message_zh,
                c.warnings[0].message_en);
    else
        print_sheet(&c, s, dead, ndead, seki, o->alternatives);
done:
    free(s);
    free(dead);
    free(seki_points);
    free(seki);
    return rc;
}
