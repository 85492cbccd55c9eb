/* `goref gtp`: the GTP v2 engine on stdin/stdout, for GoGui, Sabaki, GNU Go's twogtp and the
 * cross-check. Options choose the superko reading and genmove's seed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "go/error.h"
#include "go/parse.h"
#include "gtp.h"
#include "opts.h"

#ifndef GOREF_VERSION
#define GOREF_VERSION "0.0.0"
#endif

static const cli_option gtp_options[] = {
    {"superko", "positional|situational", "the superko rule (default situational)"},
    {"positional-superko", NULL, "the same as --superko positional"},
    {"seed", "N", "seed of genmove"},
    {"boardsize", "N", "the board's size at the start (2..25)"},
    {NULL, NULL, NULL},
};

static const cli_spec spec = {
    "gtp",
    "",
    "Speaks GTP v2 on stdin and stdout (GoGui, Sabaki, GNU Go's twogtp).",
    {gtp_options},
    "gtp --superko positional --seed 7",
};

static int usage_error(const char *what)
{
    fprintf(stderr, "goref gtp: %s (see goref gtp --help)\n", what);
    return 2;
}

static int parse_number(unsigned long long *out, const char *s, unsigned long long max)
{
    return go_parse_ulong(out, s, max) == 0 ? 0 : -1;
}

int cmd_gtp(int argc, char **argv)
{
    go_gtp_options opts = GO_GTP_OPTIONS_INIT;
    opts.engine_version = GOREF_VERSION;
    cli_args a;
    if (cli_parse(&a, &spec, argc, argv, 1) != 0)
        return usage_error(go_error_last());
    if (a.help) {
        cli_help(stdout, &spec);
        return 0;
    }
    if (a.npos > 0)
        return usage_error("gtp takes no operand");
    for (int i = 0; i < a.nopt; i++) {
        const char *name = a.opt[i]->name, *next = a.val[i];
        unsigned long long v;
        if (strcmp(name, "positional-superko") == 0) {
            opts.superko = GO_SUPERKO_POSITIONAL;
        } else if (strcmp(name, "superko") == 0) {
            if (strcmp(next, "positional") == 0)
                opts.superko = GO_SUPERKO_POSITIONAL;
            else if (strcmp(next, "situational") == 0)
                opts.superko = GO_SUPERKO_SITUATIONAL;
            else
                return usage_error("--superko: positional or situational");
        } else if (strcmp(name, "seed") == 0) {
            if (parse_number(&v, next, ~0ULL) != 0)
                return usage_error("--seed: a number");
            opts.seed = v;
        } else if (strcmp(name, "boardsize") == 0) {
            if (parse_number(&v, next, 25) != 0 || v < 2)
                return usage_error("--boardsize: 2..25");
            opts.board_size = (int)v;
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
