/* Small helpers shared by the goref subcommands' front ends: the one JSON error shape
 * { "error", "message", "detail" } with exit status 2, printing a JSON reply, integer options. */
#ifndef GOREF_CLI_H
#define GOREF_CLI_H

#include <stdbool.h>

#include <jansson.h>

/* Reports code (detail from go_error_last(), else go_strerror): with json a JSON error object
 * on stdout whose "error" is error_name, else "goref COMMAND: message" on stderr. Returns 2,
 * the exit status of bad input or an error. */
int cli_fail(const char *command, bool json, int code, const char *error_name);

/* Prints j on stdout (indented, keys in insertion order, reals with `precision` significant
 * digits) and a newline. Does not take j. GO_ENOMEM when it cannot be serialised. */
int cli_print_json(const json_t *j, int precision);

/* A word that no option took: the command's one operand (FILE, PHOTO) into *out, named `what`
 * in the errors (an unknown option, a second operand): GO_EINVAL. */
int cli_take_operand(const char **out, const char *arg, const char *what);

/* *out = text as a decimal integer in lo..hi; GO_ERANGE naming `what` otherwise. */
int cli_parse_int(int *out, const char *text, int lo, int hi, const char *what);

#endif
