/* Clocks shared by the benchmarks. Rates are rated on the calling thread's CPU time (one
 * core), so other jobs on the machine do not count; wall time is printed beside it. */
#ifndef GO_BENCH_H
#define GO_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Seconds on the monotonic wall clock. */
static inline double bench_wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds of CPU time this thread has run. */
static inline double bench_cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The whole file at path, NUL-terminated (malloc'd, caller frees; its length in *len), or NULL
 * when it cannot be read. */
static inline char *bench_read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

#endif
