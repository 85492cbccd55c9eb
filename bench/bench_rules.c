/* make bench-rules: light random playouts per second from the empty board (one thread), and
 * game replay/undo cost. SGF parse throughput is added by the SGF reader. */
#include <stdio.h>
#include <time.h>

#include "go/board.h"
#include "go/game.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void playouts(int size, double seconds, double target)
{
    go_board empty, b;
    go_board_init(&empty, size);
    go_rng rng;
    go_rng_seed(&rng, 42);
    long n = 0, moves = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < 100; i++) {
            b = empty;
            moves += go_board_playout(&b, GO_BLACK, &rng, 3 * size * size);
        }
        n += 100;
        t = now() - t0;
    } while (t < seconds);
    printf("| playouts %2dx%-2d       | %10.0f /s | %6.1f moves each | target %6.0f /s | %s |\n",
           size, size, (double)n / t, (double)moves / (double)n, target,
           (double)n / t >= target ? "met" : "MISSED");
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
    double t0 = now();
    int n = 0;
    while (go_game_undo(g) == 0)
        n++;
    double t = now() - t0;
    printf("| undo, 19x19 game      | %10.1f us each (replay of %zu moves, %d undos) |\n",
           t / n * 1e6, moves, n);
    go_game_free(g);
}

int main(void)
{
    printf("| what                  | figure |\n|---|---|\n");
    playouts(9, 2.0, 100000);
    playouts(13, 1.0, 0);
    playouts(19, 2.0, 20000);
    undo_cost();
    return 0;
}
