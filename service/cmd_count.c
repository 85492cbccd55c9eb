/* goref count FILE [--dead D4,Q16] [--suggest-dead] [--komi STONES | --komi-points POINTS]
 *   [--rules 2002|1988] [--handicap N] [--json] [--png OUT.png] [--seed N] [--playouts N]
 * The referee's count (issue 3 §3): FILE is an SGF record (final position of its main line;
 * KM, HA, RU read unless overridden) or a board text file. Prints the count sheet, or the JSON
 * contract of go_count_to_json; errors exit 2 (JSON { "error", "message" } with --json). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "commands.h"
#include "go/score.h"
#include "go/sgf.h"

typedef struct count_args {
    const char *file;
    const char *dead;
    bool suggest;
    const char *komi_stones;
    const char *komi_points;
    const char *rules;
    const char *handicap;
    bool json;
    const char *png;
    uint64_t seed;
    int playouts;
} count_args;

static int usage(void)
{
    fprintf(stderr,
            "usage: goref count FILE [--dead D4,Q16] [--suggest-dead] [--komi STONES | "
            "--komi-points POINTS]\n"
            "                  [--rules 2002|1988] [--handicap N] [--json] [--png OUT.png]\n"
            "                  [--seed N] [--playouts N]\n"
            "FILE: an SGF record (its final position) or a board text file ('size N' then N rows\n"
            "of . X O). Komi defaults to the record's KM, else the rules preset (2002: 3 3/4\n"
            "stones, 1988: 2 3/4). In a handicap game Black gives back half a stone per handicap\n"
            "stone (GNU Go and the Chinese rules).\n");
    return 2;
}

static const char *error_name(int code)
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

static int fail(const count_args *a, int code)
{
    const char *detail = go_error_last();
    const char *msg = detail[0] ? detail : go_strerror(code);
    if (a->json) {
        json_t *err =
            json_pack("{s:s, s:s, s:i}", "error", error_name(code), "message", msg, "detail", code);
        char *text = err ? json_dumps(err, JSON_PRESERVE_ORDER) : NULL;
        printf("%s\n", text ? text : "{\"error\": \"internal\"}");
        free(text);
        json_decref(err);
    } else {
        fprintf(stderr, "goref count: %s\n", msg);
    }
    return 2;
}

static int parse_int(int *out, const char *text, int lo, int hi, const char *what)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < lo || v > hi)
        return go_error_set(GO_ERANGE, "%s '%s' (expected %d..%d)", what, text, lo, hi);
    *out = (int)v;
    return 0;
}

static int parse_args(count_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char **slot = NULL;
        if (strcmp(arg, "--json") == 0) {
            a->json = true;
            continue;
        }
        if (strcmp(arg, "--suggest-dead") == 0) {
            a->suggest = true;
            continue;
        }
        if (strcmp(arg, "--dead") == 0)
            slot = &a->dead;
        else if (strcmp(arg, "--komi") == 0)
            slot = &a->komi_stones;
        else if (strcmp(arg, "--komi-points") == 0)
            slot = &a->komi_points;
        else if (strcmp(arg, "--rules") == 0)
            slot = &a->rules;
        else if (strcmp(arg, "--handicap") == 0)
            slot = &a->handicap;
        else if (strcmp(arg, "--png") == 0)
            slot = &a->png;
        if (slot) {
            if (i + 1 >= argc)
                return go_error_set(GO_EINVAL, "%s needs a value", arg);
            *slot = argv[++i];
            continue;
        }
        if (strcmp(arg, "--seed") == 0 || strcmp(arg, "--playouts") == 0) {
            if (i + 1 >= argc)
                return go_error_set(GO_EINVAL, "%s needs a value", arg);
            int v = 0;
            int rc = parse_int(&v, argv[++i], arg[2] == 's' ? 0 : 1,
                               arg[2] == 's' ? 2147483647 : 1000000, arg);
            if (rc)
                return rc;
            if (arg[2] == 's')
                a->seed = (uint64_t)v;
            else
                a->playouts = v;
            continue;
        }
        if (arg[0] == '-' && arg[1] != '\0')
            return go_error_set(GO_EINVAL, "unknown option %s", arg);
        if (a->file)
            return go_error_set(GO_EINVAL, "more than one FILE (%s, %s)", a->file, arg);
        a->file = arg;
    }
    if (!a->file)
        return go_error_set(GO_EINVAL, "no FILE given");
    if (a->komi_stones && a->komi_points)
        return go_error_set(GO_EINVAL, "give --komi or --komi-points, not both");
    if (a->dead && a->suggest)
        return go_error_set(GO_EINVAL, "give --dead or --suggest-dead, not both");
    return 0;
}

/* What the input file says besides the position. */
typedef struct record_info {
    bool has_komi;
    int komi_quarters;
    int handicap;
    const char *rules; /* RU, borrowed from the sgf */
    go_color to_move;
} record_info;

static int read_file(char **out, size_t *len, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return go_error_set(GO_EIO, "cannot open %s: %s", path, strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    int rc = 0;
    if (!buf) {
        rc = GO_ENOMEM;
        goto done;
    }
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            if (cap >= (64u << 20)) {
                rc = go_error_set(GO_ETOOBIG, "%s is larger than 64 MiB", path);
                goto done;
            }
            char *bigger = realloc(buf, cap * 2 + 1);
            if (!bigger) {
                rc = GO_ENOMEM;
                goto done;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    if (ferror(f)) {
        rc = go_error_set(GO_EIO, "cannot read %s", path);
        goto done;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    buf = NULL;
done:
    free(buf);
    fclose(f);
    return rc;
}

static bool looks_like_sgf(const char *text, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '(')
            return true;
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c < 0x80)
            return false;
    }
    return false;
}

/* Loads the position (and, for SGF, KM/HA/RU/to-move). *sgf_out keeps RU alive. */
static int load_position(go_board *out, record_info *info, go_sgf **sgf_out, const char *path)
{
    char *text = NULL;
    size_t len = 0;
    go_game *game = NULL;
    memset(info, 0, sizeof *info);
    info->to_move = GO_BLACK;
    int rc = read_file(&text, &len, path);
    if (rc)
        goto done;
    if (!looks_like_sgf(text, len)) {
        rc = go_board_from_text(out, text, len);
        goto done;
    }
    rc = go_sgf_parse(sgf_out, text, len, NULL);
    if (rc)
        goto done;
    go_sgf_game_info gi = GO_SGF_GAME_INFO_INIT;
    rc = go_sgf_info(&gi, *sgf_out, 0);
    if (rc)
        goto done;
    rc = go_sgf_replay(&game, NULL, *sgf_out, 0, NULL);
    if (rc)
        goto done;
    *out = *go_game_board(game);
    info->to_move = go_game_to_move(game);
    info->handicap = gi.handicap > 0 ? gi.handicap : go_game_handicap(game);
    info->rules = gi.rules;
    if (gi.komi_source != GO_SGF_KOMI_NONE) {
        /* The record's komi is in points; go through text so the check stays exact. */
        char komi_text[32];
        snprintf(komi_text, sizeof komi_text, "%.6f", gi.komi);
        rc = go_score_komi_parse_points(&info->komi_quarters, komi_text);
        if (rc)
            goto done;
        info->has_komi = true;
    }
done:
    go_game_free(game);
    free(text);
    return rc;
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

static void print_sheet(const go_count *c, const go_dead_suggestion *s, const go_board *b,
                        const go_point *dead, int ndead, const bool *seki)
{
    int size = c->size;
    char gtp[8];
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
                   g->stones, g->stones == 1 ? " " : "s",
                   g->status == GO_STATUS_DEAD   ? "dead"
                   : g->status == GO_STATUS_SEKI ? "seki"
                                                 : "alive",
                   g->confidence / 10, g->benson_alive ? " (unconditionally alive)" : "");
        }
    }
    (void)b;
}

static int print_json(const go_count *c, const go_dead_suggestion *s, const go_point *dead,
                      int ndead, const go_point *seki, int nseki)
{
    char *text = NULL, *out = NULL;
    json_t *root = NULL;
    int rc = go_count_to_json(&text, c, dead, ndead, seki, nseki);
    if (rc)
        goto done;
    if (!s) {
        printf("%s\n", text);
        goto done;
    }
    json_error_t err;
    root = json_loads(text, JSON_DECODE_ANY, &err);
    json_t *groups = json_array();
    if (!root || !groups) {
        json_decref(groups);
        rc = go_error_set(GO_EINTERNAL, "count JSON does not parse back");
        goto done;
    }
    for (int i = 0; i < s->ngroups; i++) {
        const go_group_status *g = &s->groups[i];
        char gtp[8];
        go_point_to_gtp(gtp, sizeof gtp, g->id, c->size);
        json_array_append_new(groups, json_pack("{s:s, s:s, s:i, s:s, s:f, s:b}", "at", gtp,
                                                "color", g->color == GO_BLACK ? "B" : "W", "stones",
                                                g->stones, "status",
                                                g->status == GO_STATUS_DEAD   ? "dead"
                                                : g->status == GO_STATUS_SEKI ? "seki"
                                                                              : "alive",
                                                "confidence", g->confidence / 1000.0,
                                                "unconditional", g->benson_alive));
    }
    json_object_set_new(root, "suggestion",
                        json_pack("{s:i, s:o}", "playouts", s->playouts, "groups", groups));
    out = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    if (!out) {
        rc = GO_ENOMEM;
        goto done;
    }
    printf("%s\n", out);
done:
    free(out);
    free(text);
    json_decref(root);
    return rc;
}

int cmd_count(int argc, char **argv)
{
    count_args a;
    go_sgf *sgf = NULL;
    go_dead_suggestion *s = NULL;
    go_point *dead = NULL, *seki_points = NULL;
    bool *seki = NULL;
    int status = 2;
    int rc = parse_args(&a, argc, argv);
    if (rc) {
        if (!a.json)
            usage();
        return fail(&a, rc);
    }
    go_board b;
    record_info info;
    rc = load_position(&b, &info, &sgf, a.file);
    if (rc)
        goto done;
    int size = go_board_size(&b);

    go_count_options o = GO_COUNT_OPTIONS_INIT;
    go_rules_preset preset = GO_RULES_2002;
    if (a.rules) {
        rc = go_score_rules_parse(&preset, a.rules);
        if (rc)
            goto done;
    } else if (info.rules && strstr(info.rules, "1988")) {
        preset = GO_RULES_1988;
    }
    o.komi_quarters = go_score_rules_komi(preset);
    if (a.komi_stones)
        rc = go_score_komi_parse_stones(&o.komi_quarters, a.komi_stones);
    else if (a.komi_points)
        rc = go_score_komi_parse_points(&o.komi_quarters, a.komi_points);
    else if (info.has_komi && !a.rules)
        o.komi_quarters = info.komi_quarters;
    if (rc)
        goto done;
    o.handicap = info.handicap;
    if (a.handicap) {
        rc = parse_int(&o.handicap, a.handicap, 0, size * size, "--handicap");
        if (rc)
            goto done;
    }

    dead = calloc(GO_MAX_SIZE * GO_MAX_SIZE, sizeof *dead);
    seki_points = calloc(GO_MAX_SIZE * GO_MAX_SIZE, sizeof *seki_points);
    seki = calloc(GO_POINTS, sizeof *seki);
    if (!dead || !seki_points || !seki) {
        rc = GO_ENOMEM;
        goto done;
    }
    int ndead = 0, nseki = 0;
    if (a.dead) {
        rc = parse_dead(dead, &ndead, a.dead, size);
        if (rc)
            goto done;
    } else if (a.suggest) {
        s = malloc(sizeof *s);
        if (!s) {
            rc = GO_ENOMEM;
            goto done;
        }
        go_suggest_options so = GO_SUGGEST_OPTIONS_INIT;
        so.seed = a.seed;
        so.playouts = a.playouts;
        rc = go_score_suggest_dead(s, &b, info.to_move, &so);
        if (rc)
            goto done;
        memcpy(dead, s->dead, sizeof(go_point) * (size_t)s->ndead);
        ndead = s->ndead;
    }
    go_count c;
    rc = go_score_count(&c, &b, dead, ndead, &o);
    if (rc)
        goto done;
    /* Seki: the suggestion's when there is one, else the structural check on the count. */
    if (s) {
        for (int i = 0; i < s->nseki; i++)
            seki[s->seki[i]] = true;
    } else {
        rc = go_score_seki(seki, &b, dead, ndead);
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
    if (a.png) {
        rc = go_count_write_png(a.png, &c);
        if (rc)
            goto done;
    }
    if (a.json)
        rc = print_json(&c, s, dead, ndead, seki_points, nseki);
    else
        print_sheet(&c, s, &b, dead, ndead, seki);
    if (rc)
        goto done;
    status = 0;
done:
    if (rc)
        status = fail(&a, rc);
    free(s);
    free(dead);
    free(seki_points);
    free(seki);
    go_sgf_free(sgf);
    return status;
}
