/* One option parser for every goref command: each command describes its options in a table
 * (name, whether it takes a value, help text); the parser refuses what the table does not
 * hold, naming it and the nearest known option, and every command answers --help. */
#ifndef GOREF_OPTS_H
#define GOREF_OPTS_H

#include <stdbool.h>
#include <stdio.h>

#define CLI_MAX_ARGS 128

typedef struct cli_option {
    const char *name;  /* without the dashes: "rank" for --rank */
    const char *value; /* the value's placeholder ("N", "FILE"); NULL for a flag */
    const char *help;
} cli_option;

/* A command: the options come from up to four tables, each ended by {NULL, NULL, NULL}. */
typedef struct cli_spec {
    const char *command;  /* "count", "club member add" */
    const char *operands; /* "FILE", "MEMBER YEAR AMOUNT", "" */
    const char *summary;  /* one or two lines: what the command does */
    const cli_option *options[4];
    const char *example; /* one command line, without "goref " */
} cli_spec;

typedef struct cli_args {
    int npos;
    const char *pos[CLI_MAX_ARGS];
    int nopt;
    const cli_option *opt[CLI_MAX_ARGS]; /* the table row each option matched */
    const char *val[CLI_MAX_ARGS];       /* its value; NULL for a flag */
    bool help;                           /* --help or -h was given */
} cli_args;

/* Parses argv[first..argc) against spec: `--name VALUE`, `--name=VALUE`, flags, `--` (the rest
 * are operands), `-h`/`--help`. An option the tables do not hold, a flag given a value or an
 * option without its value is GO_EINVAL with a message that names it (and the nearest known
 * option). Operands are kept in order; a word starting with '-' is an operand only when it is
 * "-" or a negative number. */
int cli_parse(cli_args *out, const cli_spec *spec, int argc, char *const *argv, int first);

/* The last value given for option name ("1" for a flag), NULL when not given. */
const char *cli_value(const cli_args *a, const char *name);
bool cli_flag(const cli_args *a, const char *name);
/* Operand i, NULL when there are fewer. */
const char *cli_operand(const cli_args *a, int i);

/* The help of a command: usage, summary, the options with their help, one example. */
void cli_help(FILE *out, const cli_spec *spec);

/* The known word nearest to word (edit distance, at most a third of its length and never more
 * than 3), NULL when none is near. words ends with NULL. */
const char *cli_nearest(const char *word, const char *const *words);

#endif
