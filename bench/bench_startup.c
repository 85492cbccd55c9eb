/* bench_startup: how long a goref command takes as a whole process, start-up included. Each
 * command runs RUNS times (after one unmeasured run that warms the page cache); the table gives
 * the median and 95th percentile wall time, the median CPU time (user + system, from wait4) and
 * the largest resident size. The commands that read no photo and print no sheet load neither
 * OpenCV nor Pango (cli/README.md); `scan` and `count --png` show what those modules cost.
 * Usage: bench_startup GOREF_BINARY [PHOTO] [--runs N] */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

extern char **environ;

typedef struct sample {
    double wall_ms, cpu_ms, rss_mb;
} sample;

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs argv once with stdout and stderr to /dev/null. 0, or -1 when it did not exit with 0. */
static int run_once(char *const argv[], sample *s)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    double t0 = bench_wall_s();
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid)
        return -1;
    s->wall_ms = (bench_wall_s() - t0) * 1e3;
    s->cpu_ms = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
                (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
    s->rss_mb = (double)ru.ru_maxrss / 1024.0;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static void row(const char *label, char *const argv[], int runs)
{
    double wall[runs], cpu[runs], rss = 0;
    sample s;
    if (run_once(argv, &s) < 0) {
        printf("%-34s FAILED (%s did not exit with 0)\n", label, argv[1]);
        return;
    }
    for (int i = 0; i < runs; i++) {
        if (run_once(argv, &s) < 0) {
            printf("%-34s FAILED on run %d\n", label, i + 1);
            return;
        }
        wall[i] = s.wall_ms;
        cpu[i] = s.cpu_ms;
        if (s.rss_mb > rss)
            rss = s.rss_mb;
    }
    qsort(wall, (size_t)runs, sizeof wall[0], by_double);
    qsort(cpu, (size_t)runs, sizeof cpu[0], by_double);
    printf("%-34s %8.1f %8.1f %8.1f %8.1f\n", label, wall[runs / 2], wall[(runs * 95) / 100],
           cpu[runs / 2], rss);
}

int main(int argc, char **argv)
{
    const char *goref = NULL, *photo = NULL;
    int runs = 40;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!goref)
            goref = argv[i];
        else
            photo = argv[i];
    }
    if (!goref || runs < 1 || runs > 10000) {
        fprintf(stderr, "usage: bench_startup GOREF_BINARY [PHOTO] [--runs N]\n");
        return 2;
    }
    char dir[] = "/tmp/goref_bench_startup_XXXXXX";
    if (!mkdtemp(dir)) {
        perror("bench_startup: mkdtemp");
        return 1;
    }
    char sgf[64], png[64];
    snprintf(sgf, sizeof sgf, "%s/game.sgf", dir);
    snprintf(png, sizeof png, "%s/sheet.png", dir);
    FILE *f = fopen(sgf, "w");
    if (!f) {
        perror("bench_startup: game.sgf");
        return 1;
    }
    /* a small finished 9x9 game: Black's wall on the fifth column, White's on the sixth */
    fputs("(;GM[1]FF[4]SZ[9]KM[7.5];B[ea];W[fa];B[eb];W[fb];B[ec];W[fc];B[ed];W[fd];B[ee];W[fe]"
          ";B[ef];W[ff];B[eg];W[fg];B[eh];W[fh];B[ei];W[fi])\n",
          f);
    fclose(f);

    printf("goref as a whole process, %d runs each (ms; CPU = user + system)\n", runs);
    printf("%-34s %8s %8s %8s %8s\n", "command", "median", "p95", "CPU med", "max MB");
    char *version[] = {(char *)goref, "version", NULL};
    row("goref version", version, runs);
    char *count[] = {(char *)goref, "count", sgf, NULL};
    row("goref count (9x9)", count, runs);
    char *count_json[] = {(char *)goref, "count", sgf, "--json", NULL};
    row("goref count --json (9x9)", count_json, runs);
    char *club[] = {(char *)goref, "club", "help", NULL};
    row("goref club help", club, runs);
    char *sheet[] = {(char *)goref, "count", sgf, "--png", png, NULL};
    row("goref count --png (loads the sheet)", sheet, runs < 10 ? runs : 10);
    if (photo) {
        char *scan[] = {(char *)goref, "scan", (char *)photo, NULL};
        row("goref scan (loads the reader)", scan, runs < 10 ? runs : 10);
    } else {
        printf("goref scan: SKIPPED, no photo given\n");
    }
    unlink(sgf);
    unlink(png);
    rmdir(dir);
    return 0;
}
