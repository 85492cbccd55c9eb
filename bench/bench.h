/* Clocks shared by the benchmarks. Rates are rated on the calling thread's CPU time (one
 * core), so other jobs on the machine do not count; wall time is printed beside it. */
#ifndef GO_BENCH_H
#define GO_BENCH_H

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

#endif
