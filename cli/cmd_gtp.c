/* `goref gtp`: the GTP v2 engine on stdin/stdout, for GoGui, Sabaki, GNU Go's twogtp and the
 * cross-check. Options choose the superko reading and genmove's seed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "gtp.h"

#ifndef GOREF_VERSION
#define GOREF_VERSION "0.0.0"
#endif

static int usage(void)
{
    fprintf(stderr, "usage: goref gtp [--positional-superko | --superko positional|situational]"
                    " [--seed N] [--boardsize N]\n");
    return 2;
}

static int parse_number(unsigned long long *out, const char *s, unsigned long long max)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || errno == ERANGE || v > max)
        return -1;
    *out = v;
    return 0;
}

int cmd_gtp(int argc, char **argv)
{
    go_gtp_options opts = GO_GTP_OPTIONS_INIT;
    opts.engine_version = GOREF_VERSION;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned long long v;
        if (strcmp(a, "--positional-superko") == 0) {
            opts.superko = GO_SUPERKO_POSITIONAL;
        } else if (strcmp(a, "--superko") == 0 && next) {
            if (strcmp(next, "positional") == 0)
                opts.superko = GO_SUPERKO_POSITIONAL;
            else if (strcmp(next, "situational") == 0)
                opts.superko = GO_SUPERKO_SITUATIONAL;
            else
                return usage();
            i++;
        } else if (strcmp(a, "--seed") == 0 && parse_number(&v, next, ~0ULL) == 0) {
            opts.seed = v;
            i++;
        } else if (strcmp(a, "--boardsize") == 0 && parse_number(&v, next, 25) == 0 && v >= 2) {
            opts.board_size = (int)v;
            i++;
        } else {
            return usage();
        }
    }
    go_gtp *engine;
    int rc = go_gtp_new(&engine, &opts);
    if (rc) {
        fprintf(stderr, "goref gtp: %s\n", go_strerror(rc));
        return 2;
    }
    rc = go_gtp_run(engine, stdin, stdout);
    go_gtp_free(engine);
    if (rc) {
        fprintf(stderr, "goref gtp: %s: %s\n", go_strerror(rc), go_error_last());
        return 2;
    }
    return 0;
}
