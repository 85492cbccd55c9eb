/* make bench-rules: light random playouts per second from the empty board (one thread), and
 * game replay/undo cost. SGF parse throughput is added by the SGF reader. */
#include <stdio.h>
#include <time.h>

#include "bench.h"
#include "go/board.h"
#include "go/file.h"
#include "go/game.h"

/* Rated on the thread's CPU time (one core), so other jobs on the machine do not count;
 * the wall-clock rate is printed beside it. */
static void playouts(int size, double seconds, double target)
{
    go_board empty, b;
    go_board_init(&empty, size);
    go_rng rng;
    go_rng_seed(&rng, 42);
    long n = 0, moves = 0;
    double t0 = bench_wall_s(), c0 = bench_cpu_s(), t;
    do {
        for (int i = 0; i < 100; i++) {
            b = empty;
            moves += go_board_playout(&b, GO_BLACK, &rng, 3 * size * size);
        }
        n += 100;
        t = bench_wall_s() - t0;
    } while (t < seconds);
    double rate = (double)n / (bench_cpu_s() - c0);
    char goal[32] = "";
    if (target > 0)
        snprintf(goal, sizeof goal, ">= %.0f /s %s", target, rate >= target ? "met" : "MISSED");
    printf(
        "| playouts %2dx%-2d       | %10.0f /s | CPU time, one thread (wall %.0f /s); %.1f moves "
        "each | %s |\n",
        size, size, rate, (double)n / t, (double)moves / (double)n, goal);
}

static void undo_cost(void)
{
    go_game *g;
    go_game_new(&g, 19, GO_SUPERKO_SITUATIONAL);
    go_rng rng;
    go_rng_seed(&rng, 3);
    go_color c = GO_BLACK;
    for (int i = 0; i < 250; i++) {
        go_board probe = *go_game_board(g);
        go_point p = go_board_play_random(&probe, c, &rng);
        if (go_game_play(g, c, p) != 0)
            go_game_play(g, c, GO_PASS);
        c = go_color_other(c);
    }
    size_t moves = go_game_move_count(g);
    double t0 = bench_wall_s();
    int n = 0;
    while (go_game_undo(g) == 0)
        n++;
    double t = bench_wall_s() - t0;
    printf("| undo, 19x19 game      | %10.1f us each (replay of %zu moves, %d undos) |\n",
           t / n * 1e6, moves, n);
    go_game_free(g);
}

/* ---- SGF throughput (appended by the SGF reader) ------------------------------------------
 * Parse + replay of the main line of every record in the shared games/ collection, held in
 * memory, repeated for about two seconds: MB/s of SGF bytes. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "go/sgf.h"

typedef struct sgf_file {
    char *bytes;
    size_t len;
} sgf_file;

static void sgf_collect(const char *dir, sgf_file **files, size_t *n, size_t *cap)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            sgf_collect(path, files, n, cap);
            continue;
        }
        size_t l = strlen(e->d_name);
        if (l < 4 || (strcmp(e->d_name + l - 4, ".sgf") && strcmp(e->d_name + l - 4, ".SGF")))
            continue;
        char *buf = NULL;
        size_t got = 0;
        if (go_read_file(&buf, &got, path, (size_t)64 << 20) != 0)
            continue;
        if (*n == *cap) {
            *cap = *cap ? *cap * 2 : 256;
            *files = realloc(*files, *cap * sizeof **files);
        }
        (*files)[(*n)++] = (sgf_file){buf, got};
    }
    closedir(d);
}

static void sgf_throughput(void)
{
    sgf_file *files = NULL;
    size_t n = 0, cap = 0, bytes = 0;
    sgf_collect(GOREF_DATA_DIR "/sgf/games", &files, &n, &cap);
    for (size_t i = 0; i < n; i++)
        bytes += files[i].len;
    if (n == 0) {
        printf("| SGF parse + replay    | SKIPPED: no records in %s/sgf/games |\n", GOREF_DATA_DIR);
        return;
    }
    double rate[2], cpu_rate[2];
    size_t bad = 0;
    for (int replay = 0; replay < 2; replay++) {
        long rounds = 0;
        double t0 = bench_wall_s(), t, c0 = bench_cpu_s();
        do {
            for (size_t i = 0; i < n; i++) {
                go_sgf *sgf;
                if (go_sgf_parse(&sgf, files[i].bytes, files[i].len, NULL) != 0) {
                    bad++;
                    continue;
                }
                go_game *g;
                if (replay && go_sgf_replay(&g, NULL, sgf, 0, NULL) == 0)
                    go_game_free(g);
                go_sgf_free(sgf);
            }
            rounds++;
            t = bench_wall_s() - t0;
        } while (t < 2.0);
        rate[replay] = (double)bytes * (double)rounds / t / 1e6;
        cpu_rate[replay] = (double)bytes * (double)rounds / (bench_cpu_s() - c0) / 1e6;
    }
    /* CPU time as well as wall clock: on a shared machine the wall-clock rate measures the
     * other jobs as much as the parser. */
    printf(
        "| SGF parse + replay    | %10.1f MB/s | CPU time (wall %.1f MB/s); %zu records, %.2f MB "
        "(games/); parse only %.1f MB/s CPU (wall %.1f)%s |\n",
        cpu_rate[1], rate[1], n, (double)bytes / 1e6, cpu_rate[0], rate[0],
        bad ? "; SOME FAILED TO PARSE" : "");
    for (size_t i = 0; i < n; i++)
        free(files[i].bytes);
    free(files);
}

int main(void)
{
    printf("| what                  | figure |\n|---|---|\n");
    playouts(9, 2.0, 100000);
    playouts(13, 1.0, 0);
    playouts(19, 2.0, 20000);
    undo_cost();
    sgf_throughput();
    return 0;
}
