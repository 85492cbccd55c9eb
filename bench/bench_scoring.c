/* make bench-scoring: counts per second on 19x19 finished positions, dead-stone suggestion
 * latency (median, p95) over the GNU Go corpus, and agreement with GNU Go 3.8 (dead set,
 * winner, margin), the time to recount a position's doubtful readings (go_score_alternatives).
 * `bench_scoring -v` also lists every game where goref and GNU Go differ;
 * `--dir DIR` reads any folder of games made by the corpus's generate.py (a held-out set, or
 * the cut positions of truncated/),
 * `--half odd|even` keeps the games with odd or even numbers (a tuning / held-out split). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "bench.h"
#include "go/board.h"
#include "go/dead.h"
#include "go/alternatives.h"
#include "go/score.h"

#define MAX_GAMES 4000

typedef struct game {
    char id[16];
    go_board board;
    go_color to_move;
    int komi_quarters;
    int handicap;
    int ndead;
    go_point dead[GO_MAX_SIZE * GO_MAX_SIZE];
    int gnugo_w_minus_b_halves; /* final_score in half points, White positive */
    int split_w_minus_b_halves; /* derived_split_rule margin, White positive */
    int neutral;
} game;

/* Loads games/gNNNN (prefix 'g') or truncated/tNNNN (prefix 't') from dir. */
static int load_game(game *g, const char *dir, char prefix, int number)
{
    char path[4096];
    size_t len;
    snprintf(g->id, sizeof g->id, "%c%04d", prefix, number);
    memset(&g->board, 0, sizeof g->board);
    if (snprintf(path, sizeof path, "%s/%s.board.txt", dir, g->id) >= (int)sizeof path)
        return -1;
    char *text = bench_read_text(path, &len);
    if (!text)
        return -1;
    int rc = go_board_from_text(&g->board, text, len);
    free(text);
    if (rc != 0)
        return -1;
    if (snprintf(path, sizeof path, "%s/%s.json", dir, g->id) >= (int)sizeof path)
        return -1;
    json_error_t err;
    json_t *root = json_load_file(path, 0, &err);
    if (!root)
        return -1;
    int size = go_board_size(&g->board);
    const char *to_move = json_string_value(json_object_get(root, "to_move"));
    g->to_move = to_move && strcmp(to_move, "white") == 0 ? GO_WHITE : GO_BLACK;
    go_score_komi_parse_points(&g->komi_quarters, json_string_value(json_object_get(root, "komi")));
    g->handicap = (int)json_integer_value(json_object_get(root, "handicap"));
    json_t *gnugo = json_object_get(root, "gnugo");
    g->gnugo_w_minus_b_halves =
        (int)(json_number_value(json_object_get(gnugo, "final_score_white_minus_black")) * 2.0 +
              (json_number_value(json_object_get(gnugo, "final_score_white_minus_black")) >= 0
                   ? 0.25
                   : -0.25));
    json_t *split = json_object_get(root, "derived_split_rule");
    double sm = json_number_value(json_object_get(split, "margin_white_minus_black"));
    g->split_w_minus_b_halves = (int)(sm * 2.0 + (sm >= 0 ? 0.25 : -0.25));
    g->neutral = (int)json_integer_value(json_object_get(split, "neutral"));
    g->ndead = 0;
    size_t i, j;
    json_t *grp, *pt;
    json_array_foreach(json_object_get(gnugo, "dead"), i, grp)
    {
        json_array_foreach(grp, j, pt)
        {
            go_point p;
            if (go_point_from_gtp(&p, json_string_value(pt), size) == 0)
                g->dead[g->ndead++] = p;
        }
    }
    json_decref(root);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Same set of dead stones? */
static int same_dead(const game *g, const go_dead_suggestion *s)
{
    if (g->ndead != s->ndead)
        return 0;
    bool mark[GO_POINTS] = {0};
    for (int i = 0; i < g->ndead; i++)
        mark[g->dead[i]] = true;
    for (int i = 0; i < s->ndead; i++)
        if (!mark[s->dead[i]])
            return 0;
    return 1;
}

static void print_board_diff(const game *g, const go_dead_suggestion *s)
{
    int size = go_board_size(&g->board);
    bool gd[GO_POINTS] = {0}, sd[GO_POINTS] = {0};
    for (int i = 0; i < g->ndead; i++)
        gd[g->dead[i]] = true;
    for (int i = 0; i < s->ndead; i++)
        sd[s->dead[i]] = true;
    printf("    GNU Go dead lowercase | goref dead marked * | seki +\n");
    for (int y = 0; y < size; y++) {
        printf("    %2d ", size - y);
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            go_color c = go_board_at(&g->board, p);
            char ch = go_color_char(c);
            if (gd[p])
                ch = (char)(ch == 'X' ? 'x' : 'o');
            go_status st = go_suggestion_status_at(s, &g->board, p);
            printf("%c%c", ch, sd[p] ? '*' : st == GO_STATUS_SEKI ? '+' : ' ');
        }
        printf("   ");
        for (int x = 0; x < size; x++) {
            int own = s->black_owned[go_point_at(x, y)];
            printf("%c", own >= 800 ? 'B' : own >= 500 ? 'b' : own > 200 ? 'w' : 'W');
        }
        printf("\n");
    }
    for (int i = 0; i < s->ngroups; i++) {
        const go_group_status *gs = &s->groups[i];
        char name[8];
        go_point_to_gtp(name, sizeof name, gs->id, size);
        bool gnugo_dead = gd[gs->id];
        bool ours = gs->status == GO_STATUS_DEAD;
        if (gnugo_dead != ours)
            printf("    group %s (%c, %d stones): gnugo %s, goref %s kept %d permille%s\n", name,
                   go_color_char(gs->color), gs->stones, gnugo_dead ? "dead" : "alive",
                   ours                           ? "dead"
                   : gs->status == GO_STATUS_SEKI ? "seki"
                                                  : "alive",
                   gs->owned_permille, gs->benson_alive ? " (Benson)" : "");
    }
}

/* The finished-board check with GNU Go's dead stones: finished games should count as
 * finished, the positions cut at 70-80% of a game as not finished. */
static void finished_check(const game *games, int ngames, int verbose)
{
    static game cut[MAX_GAMES];
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/gnugo/truncated", GOREF_DATA_DIR);
    int ncut = 0;
    for (int i = 1; i <= 300 && ncut < MAX_GAMES; i++)
        if (load_game(&cut[ncut], dir, 't', i) == 0)
            ncut++;
    static go_count c;
    int finished = 0, finished_neutral = 0, open_cut = 0;
    double t0 = bench_cpu_s();
    for (int pass = 0; pass < 2; pass++) {
        const game *set = pass ? cut : games;
        int n = pass ? ncut : ngames;
        for (int i = 0; i < n; i++) {
            const game *g = &set[i];
            go_count_options o = GO_COUNT_OPTIONS_INIT;
            o.komi_quarters = g->komi_quarters;
            o.handicap = g->handicap;
            go_score_count(&c, &g->board, g->dead, g->ndead, &o);
            if (pass == 0) {
                finished += c.finished;
                finished_neutral += !c.finished && g->neutral > 0;
            } else {
                open_cut += !c.finished;
            }
            if (verbose && c.finished == (pass == 1))
                printf("%s: %s (%d open points, GNU Go's split rule: %d neutral)\n", g->id,
                       c.finished ? "finished" : "not finished", c.open_count, g->neutral);
        }
    }
    double us = (bench_cpu_s() - t0) * 1e6 / (ngames + ncut);
    printf("| finished games counted as finished (GNU Go's dead) | %d/%d = %.1f%%; of the %d "
           "others, %d have open points by GNU Go's split rule too | >= 97%% | %s |\n",
           finished, ngames, 100.0 * finished / ngames, ngames - finished, finished_neutral,
           finished * 100 >= 97 * ngames ? "met" : "MISSED");
    if (ncut > 0)
        printf("| positions cut at 70-80%% counted as not finished (GNU Go's dead) | %d/%d = "
               "%.1f%% | >= 95%% | %s |\n",
               open_cut, ncut, 100.0 * open_cut / ncut,
               open_cut * 100 >= 95 * ncut ? "met" : "MISSED");
    printf("| (count with the finished check, mean over those %d positions) | %.2f us | | |\n",
           ngames + ncut, us);
}

/* What the doubtful readings could change, as `goref score` asks it: on each 19x19 finished
 * position (GNU Go's dead), 20 doubtful points drawn at random (fixed seed) each read the two
 * other ways, and 5 groups (every fifth stone group in board order, dead ones among them) each
 * taken the other way: up to 45 recounts per position. */
static void alternatives_bench(const game *games, int ngames)
{
    static go_alternatives alt;
    go_rng rng;
    go_rng_seed(&rng, 20);
    long calls = 0, recounts = 0, decisive = 0, with_decisive = 0;
    double t = 0;
    int n19 = 0;
    for (int i = 0; i < ngames; i++) {
        const game *g = &games[i];
        if (go_board_size(&g->board) != 19)
            continue;
        n19++;
        go_point points[20], groups[5];
        for (int k = 0; k < 20; k++)
            points[k] = go_point_at((int)go_rng_below(&rng, 19), (int)go_rng_below(&rng, 19));
        bool seen[GO_POINTS] = {false};
        int ngroups = 0, nth = 0;
        for (int y = 0; y < 19 && ngroups < 5; y++)
            for (int x = 0; x < 19 && ngroups < 5; x++) {
                go_point p = go_point_at(x, y);
                if (go_board_at(&g->board, p) == GO_EMPTY)
                    continue;
                go_point id = go_board_group_id(&g->board, p);
                if (seen[id])
                    continue;
                seen[id] = true;
                if (nth++ % 5 == 0)
                    groups[ngroups++] = id;
            }
        go_count_options o = GO_COUNT_OPTIONS_INIT;
        o.komi_quarters = g->komi_quarters;
        o.handicap = g->handicap;
        double t0 = bench_cpu_s();
        int rounds = 0;
        do {
            go_score_alternatives(&alt, &g->board, g->dead, g->ndead, points, 20, groups, ngroups,
                                  &o);
            rounds++;
        } while (bench_cpu_s() - t0 < 0.01);
        t += bench_cpu_s() - t0;
        calls += rounds;
        recounts += alt.recounts;
        decisive += alt.ndecisive;
        with_decisive += alt.ndecisive > 0;
    }
    if (calls == 0)
        return;
    printf("| alternatives, 19x19: 20 doubtful points + 5 groups (%d positions, %.1f recounts "
           "each) | %.1f us per position | < 1 ms | %s |\n",
           n19, (double)recounts / n19, t * 1e6 / calls, t * 1e3 / calls < 1.0 ? "met" : "MISSED");
    printf("| (positions with a decisive reading among those random ones / readings) | %ld / %ld "
           "| | |\n",
           with_decisive, decisive);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

/* The positions gNNNN.board.txt (finished games) and tNNNN.board.txt (cut positions, the
 * corpus's truncated/) in dir, sorted, as N (g) or CUT + N (t); returns how many. */
#define CUT 100000
static int list_games(int *numbers, int max, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < max) {
        char *end;
        if (e->d_name[0] != 'g' && e->d_name[0] != 't')
            continue;
        long number = strtol(e->d_name + 1, &end, 10);
        if (end != e->d_name + 1 && strcmp(end, ".board.txt") == 0 && number > 0 && number < CUT)
            numbers[n++] = (int)number + (e->d_name[0] == 't' ? CUT : 0);
    }
    closedir(d);
    qsort(numbers, (size_t)n, sizeof *numbers, cmp_int);
    return n;
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_scoring [-v | -d | -o | -c ROUNDS] [--seed N] [--dir DIR] "
                    "[--half odd|even]\n");
}

int main(int argc, char **argv)
{
    int verbose = 0, dump = 0, own_dump = 0, rounds = 0, counting_only = 0, half = 0;
    uint64_t seed = 1;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/gnugo/games", GOREF_DATA_DIR);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (strcmp(a, "-v") == 0)
            verbose = 1;
        else if (strcmp(a, "-d") == 0)
            dump = 1;
        else if (strcmp(a, "-o") == 0)
            own_dump = 1;
        else if (strcmp(a, "-c") == 0 && value) {
            /* A fixed number of counting rounds (for instruction counts under callgrind). */
            long r = strtol(value, &end, 10);
            if (*end != '\0' || r < 1 || r > 1000000) {
                fprintf(stderr, "bench_scoring: -c takes a number of rounds, not '%s'\n", value);
                return 2;
            }
            rounds = (int)r;
            counting_only = 1;
            i++;
        } else if (strcmp(a, "--seed") == 0 && value) {
            unsigned long long v = strtoull(value, &end, 10);
            if (*end != '\0' || value[0] == '-') {
                fprintf(stderr, "bench_scoring: --seed takes a number, not '%s'\n", value);
                return 2;
            }
            seed = v;
            i++;
        } else if (strcmp(a, "--dir") == 0 && value) {
            /* A corpus root holds its finished games in games/. */
            char sub[4096];
            DIR *d;
            if (snprintf(sub, sizeof sub, "%s/games", value) < (int)sizeof sub &&
                (d = opendir(sub)) != NULL) {
                closedir(d);
                snprintf(dir, sizeof dir, "%s", sub);
            } else
                snprintf(dir, sizeof dir, "%s", value);
            i++;
        } else if (strcmp(a, "--half") == 0 && value &&
                   (strcmp(value, "odd") == 0 || strcmp(value, "even") == 0)) {
            half = value[0] == 'o' ? 1 : 2;
            i++;
        } else {
            usage();
            return 2;
        }
    }
    static int numbers[MAX_GAMES];
    int nnumbers = list_games(numbers, MAX_GAMES, dir);
    game *games = calloc(MAX_GAMES, sizeof *games);
    if (!games) {
        fprintf(stderr, "bench_scoring: out of memory\n");
        return 1;
    }
    int ngames = 0;
    for (int i = 0; i < nnumbers && ngames < MAX_GAMES; i++) {
        if (half && numbers[i] % CUT % 2 != (half == 1))
            continue;
        char prefix = numbers[i] >= CUT ? 't' : 'g';
        int number = numbers[i] % CUT;
        if (load_game(&games[ngames], dir, prefix, number) == 0)
            ngames++;
        else
            fprintf(stderr, "bench_scoring: skipped %c%04d in %s (unreadable)\n", prefix, number,
                    dir);
    }
    if (ngames == 0) {
        printf("no corpus at %s: nothing to measure\n", dir);
        free(games);
        return 1;
    }
    printf("goref scoring benchmark (%d GNU Go positions from %s%s)\n", ngames, dir,
           half == 1   ? ", odd numbers"
           : half == 2 ? ", even numbers"
                       : "");
    printf("times are CPU time of the benchmark thread (one core); default suggestion options, "
           "seed %llu\n\n",
           (unsigned long long)seed);
    printf("| measure | value | target | |\n|---|---|---|---|\n");

    /* 1. Counts per second on 19x19 finished positions, GNU Go's dead lists. */
    {
        int idx[MAX_GAMES], n19 = 0;
        for (int i = 0; i < ngames; i++)
            if (go_board_size(&games[i].board) == 19)
                idx[n19++] = i;
        go_count c;
        long counts = 0;
        long sink = 0;
        double t0 = bench_cpu_s(), t;
        do {
            for (int k = 0; k < n19; k++) {
                const game *g = &games[idx[k]];
                go_count_options o = GO_COUNT_OPTIONS_INIT;
                o.komi_quarters = g->komi_quarters;
                o.handicap = g->handicap;
                go_score_count(&c, &g->board, g->dead, g->ndead, &o);
                sink += c.margin_quarters;
            }
            counts += n19;
            t = bench_cpu_s() - t0;
        } while (rounds > 0 ? counts < (long)rounds * n19 : t < 1.0);
        double rate = (double)counts / t;
        printf("| counts/s, 19x19 finished (%d positions, one core) | %.0f | >= 500000 | %s |\n",
               n19, rate, rate >= 500000 ? "met" : "MISSED");
        if (sink == 42)
            printf("\n");
    }

    if (counting_only) {
        free(games);
        return 0; /* counting only (for profiling) */
    }

    alternatives_bench(games, ngames);
    finished_check(games, ngames, verbose);

    /* 2. Suggestion latency and agreement. */
    static double lat[MAX_GAMES], lat19[MAX_GAMES], lat_wall[MAX_GAMES];
    int n19 = 0;
    int same_set = 0, same_winner = 0, margin_ok = 0, margin_explained = 0;
    /* Dead stones: suggested, suggested and in GNU Go's list, in GNU Go's list; positions the
     * suggestion finds open borders in, and where it leaves groups waiting. */
    long ours_dead = 0, both_dead = 0, gnugo_dead = 0;
    int with_open = 0, with_waiting = 0, subset = 0;
    double lat_by_size[26] = {0};
    int n_by_size[26] = {0};
    static go_dead_suggestion s;
    for (int i = 0; i < ngames; i++) {
        const game *g = &games[i];
        go_suggest_options so = GO_SUGGEST_OPTIONS_INIT;
        so.seed = seed;
        double t0 = bench_cpu_s(), w0 = bench_wall_s();
        go_score_suggest_dead(&s, &g->board, g->to_move, &so);
        lat[i] = (bench_cpu_s() - t0) * 1000.0;
        lat_wall[i] = (bench_wall_s() - w0) * 1000.0;
        int size = go_board_size(&g->board);
        if (size == 19)
            lat19[n19++] = lat[i];
        lat_by_size[size] += lat[i];
        n_by_size[size]++;

        go_count_options o = GO_COUNT_OPTIONS_INIT;
        o.komi_quarters = g->komi_quarters;
        o.handicap = g->handicap;
        go_count ours, with_gnugo_dead;
        go_score_count(&ours, &g->board, s.dead, s.ndead, &o);
        go_score_count(&with_gnugo_dead, &g->board, g->dead, g->ndead, &o);
        int set_ok = same_dead(g, &s);
        if (own_dump) {
            /* One line per game: id, size, then per point (row-major from the top) the
             * colour, GNU Go dead flag, goref status and Black ownership per mille. */
            bool gd[GO_POINTS] = {0};
            for (int k = 0; k < g->ndead; k++)
                gd[g->dead[k]] = true;
            printf("O %s %d", g->id, size);
            for (int y = 0; y < size; y++)
                for (int x = 0; x < size; x++) {
                    go_point p = go_point_at(x, y);
                    printf(" %c%d%d%d", go_color_char(go_board_at(&g->board, p)), gd[p],
                           (int)go_suggestion_status_at(&s, &g->board, p), s.black_owned[p]);
                }
            printf("\n");
        }
        if (dump) {
            bool gd[GO_POINTS] = {0};
            for (int k = 0; k < g->ndead; k++)
                gd[g->dead[k]] = true;
            for (int k = 0; k < s.ngroups; k++) {
                const go_group_status *gs = &s.groups[k];
                /* Mean ownership by the group's colour over its liberties and the empty points
                 * two steps away. */
                go_point st[GO_MAX_SIZE * GO_MAX_SIZE];
                int n = go_board_group(&g->board, gs->id, st, GO_MAX_SIZE * GO_MAX_SIZE);
                bool m[GO_POINTS] = {0};
                long sum = 0;
                int cnt = 0;
                static const int d4[4] = {-GO_STRIDE, 1, GO_STRIDE, -1};
                for (int a = 0; a < n; a++)
                    for (int d = 0; d < 4; d++) {
                        go_point q = st[a] + d4[d];
                        if (go_board_at(&g->board, q) == GO_EMPTY && !m[q]) {
                            m[q] = true;
                            int own = s.black_owned[q];
                            sum += gs->color == GO_BLACK ? own : 1000 - own;
                            cnt++;
                        }
                    }
                printf("D %s %d %c %d %d %d %d %d %d\n", g->id, size, go_color_char(gs->color),
                       gs->stones, gs->owned_permille, cnt ? (int)(sum / cnt) : -1,
                       go_board_liberties(&g->board, gs->id), gs->benson_alive, gd[gs->id]);
            }
        }
        same_set += set_ok;
        {
            bool gd[GO_POINTS] = {0};
            int hits = 0;
            for (int k = 0; k < g->ndead; k++)
                gd[g->dead[k]] = true;
            for (int k = 0; k < s.ndead; k++)
                hits += gd[s.dead[k]];
            ours_dead += s.ndead;
            both_dead += hits;
            gnugo_dead += g->ndead;
            subset += hits == s.ndead;
            with_open += s.open_points > 0;
            with_waiting += s.nwaiting > 0;
        }
        int gw = g->gnugo_w_minus_b_halves > 0   ? GO_WHITE
                 : g->gnugo_w_minus_b_halves < 0 ? GO_BLACK
                                                 : GO_EMPTY;
        int win_ok = (int)ours.winner == gw;
        same_winner += win_ok;
        /* Margin in half points, White positive, like GNU Go's. */
        int our_halves = -with_gnugo_dead.margin_quarters;
        int m_ok = our_halves == g->gnugo_w_minus_b_halves;
        margin_ok += m_ok;
        if (!m_ok &&
            (g->neutral > 0 || with_gnugo_dead.seki_black + with_gnugo_dead.seki_white > 0))
            margin_explained++;
        if (verbose && (!set_ok || !win_ok || !m_ok)) {
            char r[16];
            printf("\n%s %dx%d komi %d/4 handicap %d: dead set %s, winner %s (goref %s, GNU Go "
                   "%+.1f W), "
                   "margin with GNU Go's dead %s (goref %+.1f W, GNU Go %+.1f W, neutral %d)\n",
                   g->id, size, size, g->komi_quarters, g->handicap, set_ok ? "same" : "DIFFERS",
                   win_ok ? "same" : "DIFFERS", go_count_gtp_result(r, sizeof r, &ours),
                   g->gnugo_w_minus_b_halves / 2.0, m_ok ? "same" : "DIFFERS", our_halves / 2.0,
                   g->gnugo_w_minus_b_halves / 2.0, g->neutral);
            if (!set_ok)
                print_board_diff(g, &s);
        }
    }
    double sorted[MAX_GAMES];
    memcpy(sorted, lat, sizeof(double) * (size_t)ngames);
    qsort(sorted, (size_t)ngames, sizeof(double), cmp_double);
    double median = sorted[ngames / 2], p95 = sorted[(ngames * 95) / 100];
    if (verbose)
        printf("\n| measure | value | target | |\n|---|---|---|---|\n");
    for (int size = 2; size <= 25; size++)
        if (n_by_size[size])
            printf("| suggestion mean latency %dx%d (%d games) | %.1f ms | | |\n", size, size,
                   n_by_size[size], lat_by_size[size] / n_by_size[size]);
    printf("| suggestion latency median (all sizes) | %.1f ms | < 50 ms | %s |\n", median,
           median < 50 ? "met" : "MISSED");
    printf("| suggestion latency p95 (all sizes) | %.1f ms | < 100 ms | %s |\n", p95,
           p95 < 100 ? "met" : "MISSED");
    qsort(lat19, (size_t)n19, sizeof(double), cmp_double);
    if (n19 > 0)
        printf("| suggestion latency 19x19: median / p95 / max | %.1f / %.1f / %.1f ms | < 100 ms "
               "| %s |\n",
               lat19[n19 / 2], lat19[(n19 * 95) / 100], lat19[n19 - 1],
               lat19[n19 - 1] < 100 ? "met" : "MISSED");
    memcpy(sorted, lat_wall, sizeof(double) * (size_t)ngames);
    qsort(sorted, (size_t)ngames, sizeof(double), cmp_double);
    printf("| (wall clock, shared machine: median / p95) | %.1f / %.1f ms | | |\n",
           sorted[ngames / 2], sorted[(ngames * 95) / 100]);
    printf("| same dead set as GNU Go | %d/%d = %.1f%% | >= 97%% | %s |\n", same_set, ngames,
           100.0 * same_set / ngames, same_set * 100 >= 97 * ngames ? "met" : "MISSED");
    printf("| same winner as GNU Go final_score | %d/%d = %.1f%% | >= 99%% | %s |\n", same_winner,
           ngames, 100.0 * same_winner / ngames,
           same_winner * 100 >= 99 * ngames ? "met" : "MISSED");
    printf(
        "| same margin as GNU Go (its dead list) | %d/%d; %d others have seki or open dame | | |\n",
        margin_ok, ngames, margin_explained);
    printf("| suggested dead stones GNU Go also lists dead | %ld/%ld = %.1f%% (of GNU Go's %ld: "
           "%.1f%%) | | |\n",
           both_dead, ours_dead, ours_dead ? 100.0 * both_dead / ours_dead : 100.0, gnugo_dead,
           gnugo_dead ? 100.0 * both_dead / gnugo_dead : 100.0);
    printf("| positions whose suggested dead are all in GNU Go's list | %d/%d | | |\n", subset,
           ngames);
    printf("| positions with open borders after the suggestion / with groups left waiting | %d / "
           "%d of %d | | |\n",
           with_open, with_waiting, ngames);
    free(games);
    return 0;
}
