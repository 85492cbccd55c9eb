/* The commands of `goref club` as tables: each command and verb with its operands and its
 * options, for the one option parser (opts.h), its refusals and its --help. */
#ifndef GOREF_CLUB_SPECS_H
#define GOREF_CLUB_SPECS_H

#include <stdbool.h>
#include <stddef.h>

#include "opts.h"

typedef struct club_verb {
    const char *command;  /* "member" */
    const char *verb;     /* "add"; "" when the command takes its operands directly */
    int min_ops, max_ops; /* operands after the command and the verb; max -1: any number */
    bool writes;          /* runs in one write transaction */
    cli_spec spec;        /* options: the verb's own, then --db and --json (and --html) */
} club_verb;

extern const club_verb club_verbs[];
extern const size_t club_nverbs;

/* The verb of `goref club COMMAND WORD`: (command, word) when there is one, else the
 * command's verbless form (then WORD is its first operand). NULL when command is unknown or
 * has neither. */
const club_verb *club_verb_find(const char *command, const char *word, bool *word_is_verb);

/* Whether --name takes a value in any club command: 1 a value, 0 a flag, -1 unknown. */
int club_option_kind(const char *name, size_t len);

/* `goref club --help`: one usage line per verb. command NULL: all of them. */
void club_usage(FILE *out, const char *command);

/* The commands' names (NULL-terminated), for suggestions. */
extern const char *const club_command_names[];

#endif
