/* make bench-scoring: counts per second on 19x19 finished positions, dead-stone suggestion
 * latency (median, p95) over the GNU Go corpus, and agreement with GNU Go 3.8 (dead set,
 * winner, margin), the time to recount a position's doubtful readings (go_score_alternatives).
 * `bench_scoring -v` also lists every game where goref and GNU Go differ;
 * `--dir DIR` reads any folder of games made by the corpus's generate.py instead of the shared
 * corpus (or the cut positions of truncated/),
 * `--heldout DIR[:DIR...]` (or the environment's GOREF_HELDOUT) adds held-out games made by
 * generate.py with other master seeds: the agreement table then has the shared corpus's
 * figures (fitted: the suggestion was tuned on it) and the held-out ones (measured) side by side,
 * `--diagrams` prints only the games where the dead sets or the winners differ, as markdown with
 * board diagrams (scoring/DIFFERENCES.md),
 * `--half odd|even` keeps the games with odd or even numbers (a tuning / held-out split).
 * A game is *finished* when GNU Go's own dead list, lifted, leaves no open border (goref's
 * `finished` on the count with GNU Go's dead stones): its dead set is a verdict on the board the
 * players left. GNU Go plays the others out before it lists the dead, so neither list is one
 * there. Every agreement figure is given on all games and on the finished ones. The finished-board
 * check runs on the shared corpus and its truncated/ positions and, with --heldout, again on
 * the held-out games and their folders' truncated/ positions. */
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
    char id[80]; /* gNNNN / tNNNN; a held-out game's also names its folder: "heldout/g0005" */
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
            printf("    group %s (%c, %d stones): gnugo %s, goref %s kept %d permille, "
                   "confidence %d%s%s\n",
                   name, go_color_char(gs->color), gs->stones, gnugo_dead ? "dead" : "alive",
                   ours                           ? "dead"
                   : gs->status == GO_STATUS_SEKI ? "seki"
                                                  : "alive",
                   gs->owned_permille, gs->confidence, gs->benson_alive ? " (Benson)" : "",
                   gs->waits ? " (waits: open borders)" : "");
    }
}

/* The finished-board check with GNU Go's dead stones: finished games should count as
 * finished, the positions cut at 70-80% of a game (cut, from a truncated/ folder) as not
 * finished. label names the set in the table's rows. */
static void finished_check(const game *games, int ngames, const game *cut, int ncut,
                           const char *label, int verbose)
{
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
    printf("| %s: finished games counted as finished (GNU Go's dead) | %d/%d = %.1f%%; of the "
           "%d others, %d have open points by GNU Go's split rule too | >= 97%% | %s |\n",
           label, finished, ngames, 100.0 * finished / ngames, ngames - finished, finished_neutral,
           finished * 100 >= 97 * ngames ? "met" : "MISSED");
    if (ncut > 0)
        printf("| %s: positions cut at 70-80%% counted as not finished (GNU Go's dead) | %d/%d "
               "= %.1f%% | >= 95%% | %s |\n",
               label, open_cut, ncut, 100.0 * open_cut / ncut,
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

/* -d: one line per group: game, size, colour, stones, share kept, mean ownership of its
 * liberties by its colour, liberties, Benson-alive, GNU Go dead, its first stone (GTP), goref's
 * status (0 alive, 1 dead, 2 seki) and confidence. */
static void dump_groups(const game *g, const go_dead_suggestion *s)
{
    int size = go_board_size(&g->board);
    bool gd[GO_POINTS] = {0};
    for (int k = 0; k < g->ndead; k++)
        gd[g->dead[k]] = true;
    for (int k = 0; k < s->ngroups; k++) {
        const go_group_status *gs = &s->groups[k];
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
                    int own = s->black_owned[q];
                    sum += gs->color == GO_BLACK ? own : 1000 - own;
                    cnt++;
                }
            }
        char name[8];
        go_point_to_gtp(name, sizeof name, gs->id, size);
        printf("D %s %d %c %d %d %d %d %d %d %s %d %d\n", g->id, size, go_color_char(gs->color),
               gs->stones, gs->owned_permille, cnt ? (int)(sum / cnt) : -1,
               go_board_liberties(&g->board, gs->id), gs->benson_alive, gd[gs->id], name,
               (int)gs->status, gs->confidence);
    }
}

/* What the suggestion gives on one set of games, against GNU Go. */
typedef struct agreement {
    int ngames, same_set, same_winner, margin_ok, margin_explained;
    /* The same on the finished games only (see the top of the file). */
    int fin_games, fin_same_set, fin_same_winner;
    long fin_ours_dead, fin_both_dead, fin_gnugo_dead;
    /* Dead stones: suggested, suggested and in GNU Go's list, in GNU Go's list; positions whose
     * suggested dead are all GNU Go's; positions with open borders, with groups left waiting. */
    long ours_dead, both_dead, gnugo_dead;
    int subset, with_open, with_waiting;
    double lat_by_size[26];
    int n_by_size[26];
    double median, p95, wall_median, wall_p95; /* ms */
    int n19;
    double median19, p95_19, max19;
} agreement;

/* A board diagram in GTP coordinates for a markdown file: X O stones, x o the stones GNU Go
 * lists dead, ! after a stone whose status goref gives otherwise (dead where GNU Go says
 * alive, alive or seki where GNU Go says dead), + after a stone goref puts in seki. */
static void print_diagram(const game *g, const go_dead_suggestion *s)
{
    int size = go_board_size(&g->board);
    bool gd[GO_POINTS] = {0};
    for (int i = 0; i < g->ndead; i++)
        gd[g->dead[i]] = true;
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    printf("```\n");
    for (int y = 0; y < size; y++) {
        printf("%2d ", size - y);
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            go_color c = go_board_at(&g->board, p);
            char ch = go_color_char(c);
            if (gd[p])
                ch = (char)(ch == 'X' ? 'x' : 'o');
            go_status st = go_suggestion_status_at(s, &g->board, p);
            char mark = ' ';
            if (c != GO_EMPTY && gd[p] != (st == GO_STATUS_DEAD))
                mark = '!';
            else if (c != GO_EMPTY && st == GO_STATUS_SEKI)
                mark = '+';
            printf(x + 1 < size || mark != ' ' ? "%c%c" : "%c", ch, mark);
        }
        printf("\n");
    }
    printf("  ");
    for (int x = 0; x < size; x++)
        printf(" %c", letters[x]);
    printf("\n```\n");
}

/* Runs the suggestion on every game and compares it with GNU Go. -v prints the games that
 * differ; --diagrams prints them as markdown sections with board diagrams. */
static void agree(agreement *a, const game *games, int ngames, uint64_t seed, int verbose, int dump,
                  int own_dump, int diagrams)
{
    static double lat[MAX_GAMES], lat19[MAX_GAMES], lat_wall[MAX_GAMES], sorted[MAX_GAMES];
    static go_dead_suggestion s;
    memset(a, 0, sizeof *a);
    a->ngames = ngames;
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
            lat19[a->n19++] = lat[i];
        a->lat_by_size[size] += lat[i];
        a->n_by_size[size]++;

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
        if (dump)
            dump_groups(g, &s);
        a->same_set += set_ok;
        {
            bool gd[GO_POINTS] = {0};
            int hits = 0;
            for (int k = 0; k < g->ndead; k++)
                gd[g->dead[k]] = true;
            for (int k = 0; k < s.ndead; k++)
                hits += gd[s.dead[k]];
            a->ours_dead += s.ndead;
            a->both_dead += hits;
            a->gnugo_dead += g->ndead;
            a->subset += hits == s.ndead;
            a->with_open += s.open_points > 0;
            a->with_waiting += s.nwaiting > 0;
            if (with_gnugo_dead.finished) {
                a->fin_ours_dead += s.ndead;
                a->fin_both_dead += hits;
                a->fin_gnugo_dead += g->ndead;
            }
        }
        int gw = g->gnugo_w_minus_b_halves > 0   ? GO_WHITE
                 : g->gnugo_w_minus_b_halves < 0 ? GO_BLACK
                                                 : GO_EMPTY;
        int win_ok = (int)ours.winner == gw;
        a->same_winner += win_ok;
        if (with_gnugo_dead.finished) {
            a->fin_games++;
            a->fin_same_set += set_ok;
            a->fin_same_winner += win_ok;
        }
        /* Margin in half points, White positive, like GNU Go's. */
        int our_halves = -with_gnugo_dead.margin_quarters;
        int m_ok = our_halves == g->gnugo_w_minus_b_halves;
        a->margin_ok += m_ok;
        if (!m_ok &&
            (g->neutral > 0 || with_gnugo_dead.seki_black + with_gnugo_dead.seki_white > 0))
            a->margin_explained++;
        char r[16];
        if (diagrams && (!set_ok || !win_ok)) {
            printf("\n### %s (%dx%d, komi %.1f, handicap %d)\n\nDead set %s, winner %s: goref "
                   "%s with its own dead stones, GNU Go %s%.1f; with GNU Go's dead stones goref "
                   "counts %s%.1f%s.\n\n",
                   g->id, size, size, g->komi_quarters / 2.0, g->handicap,
                   set_ok ? "the same" : "differs", win_ok ? "the same" : "differs",
                   go_count_gtp_result(r, sizeof r, &ours),
                   g->gnugo_w_minus_b_halves > 0   ? "W+"
                   : g->gnugo_w_minus_b_halves < 0 ? "B+"
                                                   : "",
                   abs(g->gnugo_w_minus_b_halves) / 2.0,
                   our_halves > 0   ? "W+"
                   : our_halves < 0 ? "B+"
                                    : "",
                   abs(our_halves) / 2.0,
                   with_gnugo_dead.finished ? "" : " (open borders: not finished)");
            print_diagram(g, &s);
            for (int k = 0; k < s.ngroups; k++) {
                const go_group_status *gs = &s.groups[k];
                bool gnugo_dead = false;
                for (int d = 0; d < g->ndead && !gnugo_dead; d++)
                    gnugo_dead = go_board_group_id(&g->board, g->dead[d]) == gs->id;
                if (gnugo_dead == (gs->status == GO_STATUS_DEAD))
                    continue;
                char name[8];
                go_point_to_gtp(name, sizeof name, gs->id, size);
                printf("\n- %s (%s, %d stone%s): GNU Go %s, goref %s (the playouts keep it %d per "
                       "mille%s)",
                       name, gs->color == GO_BLACK ? "Black" : "White", gs->stones,
                       gs->stones == 1 ? "" : "s", gnugo_dead ? "dead" : "alive",
                       gs->status == GO_STATUS_DEAD   ? "dead"
                       : gs->status == GO_STATUS_SEKI ? "seki"
                       : gs->waits                    ? "alive, waiting"
                                                      : "alive",
                       gs->owned_permille, gs->benson_alive ? "; Benson-alive" : "");
            }
            printf("\n");
        }
        if (verbose && (!set_ok || !win_ok || !m_ok)) {
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
    memcpy(sorted, lat, sizeof(double) * (size_t)ngames);
    qsort(sorted, (size_t)ngames, sizeof(double), cmp_double);
    a->median = sorted[ngames / 2];
    a->p95 = sorted[(ngames * 95) / 100];
    qsort(lat19, (size_t)a->n19, sizeof(double), cmp_double);
    if (a->n19 > 0) {
        a->median19 = lat19[a->n19 / 2];
        a->p95_19 = lat19[(a->n19 * 95) / 100];
        a->max19 = lat19[a->n19 - 1];
    }
    memcpy(sorted, lat_wall, sizeof(double) * (size_t)ngames);
    qsort(sorted, (size_t)ngames, sizeof(double), cmp_double);
    a->wall_median = sorted[ngames / 2];
    a->wall_p95 = sorted[(ngames * 95) / 100];
}

/* A row of the agreement table: the shared corpus's figure, the held-out one (when there is a
 * held-out set), the target, and whether each figure meets it. */
static void agreement_row(const char *measure, const char *fitted, const char *measured,
                          const char *target, int fitted_met, int measured_met)
{
    const char *verdict = fitted_met < 0 ? "" : fitted_met ? "met" : "MISSED";
    printf("| %s | %s |", measure, fitted);
    if (measured)
        printf(" %s |", measured);
    if (measured && measured_met >= 0 && target[0])
        printf(" %s | %s / %s |\n", target, verdict, measured_met ? "met" : "MISSED");
    else
        printf(" %s | %s |\n", target, verdict);
}

#define RATIO(buf, x, n) snprintf(buf, sizeof buf, "%d/%d = %.1f%%", (x), (n), 100.0 * (x) / (n))

/* One line under a --diagrams section: the agreement on all its games and on the finished ones. */
static void agreement_summary(const agreement *a)
{
    printf("\nIn all: the same dead set on %d of %d games and the same winner on %d; on the %d "
           "finished ones (GNU Go's dead list, lifted, leaves no open border), the same dead set "
           "on %d and the same winner on %d; %ld of the %ld stones suggested dead there are in "
           "GNU Go's list.\n",
           a->same_set, a->ngames, a->same_winner, a->fin_games, a->fin_same_set,
           a->fin_same_winner, a->fin_both_dead, a->fin_ours_dead);
}

static void agreement_table(const agreement *f, const agreement *m)
{
    char a[96], b[96];
    printf("\n| measure | shared corpus (fitted) |%s target | |\n|---|---|%s---|---|\n",
           m ? " held-out games (measured) |" : "", m ? "---|" : "");
    for (int size = 2; size <= 25; size++) {
        if (!f->n_by_size[size] && !(m && m->n_by_size[size]))
            continue;
        char measure[64];
        snprintf(measure, sizeof measure, "suggestion mean latency %dx%d (games)", size, size);
        if (f->n_by_size[size])
            snprintf(a, sizeof a, "%.1f ms (%d)", f->lat_by_size[size] / f->n_by_size[size],
                     f->n_by_size[size]);
        else
            snprintf(a, sizeof a, "-");
        if (m && m->n_by_size[size])
            snprintf(b, sizeof b, "%.1f ms (%d)", m->lat_by_size[size] / m->n_by_size[size],
                     m->n_by_size[size]);
        else
            snprintf(b, sizeof b, "-");

        agreement_row(measure, a, m ? b : NULL, "", -1, -1);
    }
    snprintf(a, sizeof a, "%.1f ms", f->median);
    if (m)
        snprintf(b, sizeof b, "%.1f ms", m->median);
    agreement_row("suggestion latency median (all sizes)", a, m ? b : NULL, "< 50 ms",
                  f->median < 50, m && m->median < 50);
    snprintf(a, sizeof a, "%.1f ms", f->p95);
    if (m)
        snprintf(b, sizeof b, "%.1f ms", m->p95);
    agreement_row("suggestion latency p95 (all sizes)", a, m ? b : NULL, "< 100 ms", f->p95 < 100,
                  m && m->p95 < 100);
    /* A set without 19x19 games has no figure here ("-"), and nothing to miss. */
    if (f->n19)
        snprintf(a, sizeof a, "%.1f / %.1f / %.1f ms", f->median19, f->p95_19, f->max19);
    else
        snprintf(a, sizeof a, "-");
    if (m && m->n19)
        snprintf(b, sizeof b, "%.1f / %.1f / %.1f ms", m->median19, m->p95_19, m->max19);
    else if (m)
        snprintf(b, sizeof b, "-");
    agreement_row("suggestion latency 19x19: median / p95 / max", a, m ? b : NULL, "< 100 ms",
                  f->max19 < 100, m && m->max19 < 100);
    snprintf(a, sizeof a, "%.1f / %.1f ms", f->wall_median, f->wall_p95);
    if (m)
        snprintf(b, sizeof b, "%.1f / %.1f ms", m->wall_median, m->wall_p95);
    agreement_row("(wall clock, shared machine: median / p95)", a, m ? b : NULL, "", -1, -1);
    RATIO(a, f->same_set, f->ngames);
    if (m)
        RATIO(b, m->same_set, m->ngames);
    agreement_row("same dead set as GNU Go", a, m ? b : NULL, ">= 97%",
                  f->same_set * 100 >= 97 * f->ngames, m && m->same_set * 100 >= 97 * m->ngames);
    RATIO(a, f->same_winner, f->ngames);
    if (m)
        RATIO(b, m->same_winner, m->ngames);
    agreement_row("same winner as GNU Go final_score", a, m ? b : NULL, ">= 99%",
                  f->same_winner * 100 >= 99 * f->ngames,
                  m && m->same_winner * 100 >= 99 * m->ngames);
    snprintf(a, sizeof a, "%d/%d; %d others have seki or open dame", f->margin_ok, f->ngames,
             f->margin_explained);
    if (m)
        snprintf(b, sizeof b, "%d/%d; %d others have seki or open dame", m->margin_ok, m->ngames,
                 m->margin_explained);
    agreement_row("same margin as GNU Go (its dead list)", a, m ? b : NULL, "", -1, -1);
    snprintf(a, sizeof a, "%ld/%ld = %.1f%% (of GNU Go's %ld: %.1f%%)", f->both_dead, f->ours_dead,
             f->ours_dead ? 100.0 * f->both_dead / f->ours_dead : 100.0, f->gnugo_dead,
             f->gnugo_dead ? 100.0 * f->both_dead / f->gnugo_dead : 100.0);
    if (m)
        snprintf(b, sizeof b, "%ld/%ld = %.1f%% (of GNU Go's %ld: %.1f%%)", m->both_dead,
                 m->ours_dead, m->ours_dead ? 100.0 * m->both_dead / m->ours_dead : 100.0,
                 m->gnugo_dead, m->gnugo_dead ? 100.0 * m->both_dead / m->gnugo_dead : 100.0);
    agreement_row("suggested dead stones GNU Go also lists dead", a, m ? b : NULL, "100%",
                  f->both_dead == f->ours_dead, m && m->both_dead == m->ours_dead);
    RATIO(a, f->fin_games, f->ngames);
    if (m)
        RATIO(b, m->fin_games, m->ngames);
    agreement_row("finished games: GNU Go's dead list, lifted, leaves no open border", a,
                  m ? b : NULL, "", -1, -1);
    RATIO(a, f->fin_same_set, f->fin_games);
    if (m)
        RATIO(b, m->fin_same_set, m->fin_games);
    agreement_row("same dead set as GNU Go, finished games", a, m ? b : NULL, ">= 99%",
                  f->fin_same_set * 100 >= 99 * f->fin_games,
                  m && m->fin_same_set * 100 >= 99 * m->fin_games);
    RATIO(a, f->fin_same_winner, f->fin_games);
    if (m)
        RATIO(b, m->fin_same_winner, m->fin_games);
    agreement_row("same winner as GNU Go final_score, finished games", a, m ? b : NULL, "100%",
                  f->fin_same_winner == f->fin_games, m && m->fin_same_winner == m->fin_games);
    snprintf(a, sizeof a, "%ld/%ld (of GNU Go's %ld)", f->fin_both_dead, f->fin_ours_dead,
             f->fin_gnugo_dead);
    if (m)
        snprintf(b, sizeof b, "%ld/%ld (of GNU Go's %ld)", m->fin_both_dead, m->fin_ours_dead,
                 m->fin_gnugo_dead);
    agreement_row("suggested dead stones GNU Go also lists dead, finished games", a, m ? b : NULL,
                  "100%", f->fin_both_dead == f->fin_ours_dead,
                  m && m->fin_both_dead == m->fin_ours_dead);
    snprintf(a, sizeof a, "%d/%d", f->subset, f->ngames);
    if (m)
        snprintf(b, sizeof b, "%d/%d", m->subset, m->ngames);
    agreement_row("positions whose suggested dead are all in GNU Go's list", a, m ? b : NULL, "",
                  -1, -1);
    snprintf(a, sizeof a, "%d / %d of %d", f->with_open, f->with_waiting, f->ngames);
    if (m)
        snprintf(b, sizeof b, "%d / %d of %d", m->with_open, m->with_waiting, m->ngames);
    agreement_row("positions with open borders after the suggestion / with groups left waiting", a,
                  m ? b : NULL, "", -1, -1);
}

/* Loads the games of dir (a corpus root with games/, or a folder of games) into games (at
 * most max), keeping odd or even numbers when half is 1 or 2; returns how many. */
static int load_dir(game *games, int max, const char *root, int half)
{
    char sub[4096];
    const char *dir = root;
    DIR *d;
    if (snprintf(sub, sizeof sub, "%s/games", root) < (int)sizeof sub &&
        (d = opendir(sub)) != NULL) {
        closedir(d);
        dir = sub;
    }
    static int numbers[MAX_GAMES];
    int nnumbers = list_games(numbers, MAX_GAMES, dir), n = 0;
    for (int i = 0; i < nnumbers && n < max; i++) {
        if (half && numbers[i] % CUT % 2 != (half == 1))
            continue;
        char prefix = numbers[i] >= CUT ? 't' : 'g';
        int number = numbers[i] % CUT;
        if (load_game(&games[n], dir, prefix, number) == 0)
            n++;
        else
            fprintf(stderr, "bench_scoring: skipped %c%04d in %s (unreadable)\n", prefix, number,
                    dir);
    }
    return n;
}

/* The games of every folder in a colon-separated list, each id prefixed with its folder's
 * name (held-out folders number their games from g0001 each). */
static int load_dirs(game *games, int max, const char *list, int half)
{
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    for (char *dir = buf, *next; dir && *dir; dir = next) {
        next = strchr(dir, ':');
        if (next)
            *next++ = '\0';
        int loaded = load_dir(games + n, max - n, dir, half);
        size_t len = strlen(dir);
        while (len > 1 && dir[len - 1] == '/')
            dir[--len] = '\0';
        const char *name = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
        for (int i = n; i < n + loaded; i++) {
            char id[sizeof games[i].id];
            snprintf(id, sizeof id, "%.60s/%.18s", name, games[i].id);
            memcpy(games[i].id, id, sizeof id);
        }
        n += loaded;
    }
    return n;
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_scoring [-v | -d | -o | -c ROUNDS | --diagrams] [--seed N] "
                    "[--dir DIR] [--half odd|even] [--heldout DIR[:DIR...]]\n");
}

int main(int argc, char **argv)
{
    int verbose = 0, dump = 0, own_dump = 0, rounds = 0, counting_only = 0, half = 0;
    int diagrams = 0;
    uint64_t seed = 1;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/gnugo/games", GOREF_DATA_DIR);
    const char *heldout = getenv("GOREF_HELDOUT");
    if (heldout && !*heldout)
        heldout = NULL;
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
        else if (strcmp(a, "--diagrams") == 0)
            diagrams = 1;
        else if (strcmp(a, "--heldout") == 0 && value) {
            heldout = *value ? value : NULL;
            i++;
        } else if (strcmp(a, "-c") == 0 && value) {
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
    game *games = calloc(MAX_GAMES, sizeof *games), *held = calloc(MAX_GAMES, sizeof *held);
    if (!games || !held) {
        fprintf(stderr, "bench_scoring: out of memory\n");
        free(games);
        free(held);
        return 1;
    }
    int ngames = load_dir(games, MAX_GAMES, dir, half);
    if (ngames == 0) {
        printf("no corpus at %s: nothing to measure\n", dir);
        free(games);
        free(held);
        return 1;
    }
    if (diagrams) {
        /* Only the games where goref and GNU Go differ, as markdown (scoring/DIFFERENCES.md). */
        printf("## shared corpus (%d games)\n", ngames);
        agreement fitted_only;
        agree(&fitted_only, games, ngames, seed, 0, 0, 0, 1);
        agreement_summary(&fitted_only);
        if (heldout) {
            int nheld = load_dirs(held, MAX_GAMES, heldout, 0);
            printf("\n## held-out games (%d)\n", nheld);
            agree(&fitted_only, held, nheld, seed, 0, 0, 0, 1);
            agreement_summary(&fitted_only);
        }
        free(games);
        free(held);
        return 0;
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
        free(held);
        return 0; /* counting only (for profiling) */
    }

    alternatives_bench(games, ngames);
    {
        /* The cut positions: the shared corpus's truncated/, and each held-out folder's. */
        static game cut[MAX_GAMES];
        char dir[4096], list[8192] = "";
        snprintf(dir, sizeof dir, "%s/gnugo/truncated", GOREF_DATA_DIR);
        finished_check(games, ngames, cut, load_dir(cut, MAX_GAMES, dir, 0), "shared corpus",
                       verbose);
        int nheld = heldout ? load_dirs(held, MAX_GAMES, heldout, 0) : 0;
        if (nheld > 0) {
            char buf[4096];
            snprintf(buf, sizeof buf, "%s", heldout);
            for (char *d = buf, *next; d && *d; d = next) {
                next = strchr(d, ':');
                if (next)
                    *next++ = '\0';
                size_t used = strlen(list);
                snprintf(list + used, sizeof list - used, "%s%s/truncated", used ? ":" : "", d);
            }
            finished_check(held, nheld, cut, load_dirs(cut, MAX_GAMES, list, 0), "held out",
                           verbose);
        }
    }

    /* 2. Suggestion latency and agreement, on the shared corpus and on the held-out games. */
    static agreement fitted, measured;
    agree(&fitted, games, ngames, seed, verbose, dump, own_dump, 0);
    int nheld = heldout ? load_dirs(held, MAX_GAMES, heldout, 0) : 0;
    if (heldout && nheld == 0)
        printf("\nno held-out games at %s\n", heldout);
    if (nheld > 0) {
        if (verbose)
            printf("\n-- held-out games (%s)\n", heldout);
        agree(&measured, held, nheld, seed, verbose, dump, own_dump, 0);
        printf("\nheld-out: %d games from %s\n", nheld, heldout);
    }
    agreement_table(&fitted, nheld > 0 ? &measured : NULL);
    free(games);
    free(held);
    return 0;
}
