/* Small helpers shared by the goref subcommands' front ends (see cli.h): one error shape and
 * one way to print JSON, so that scan, count and score answer alike. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "go/error.h"
#include "go/parse.h"

int cli_fail(const char *command, bool json, int code, const char *error_name)
{
    const char *detail = go_error_last();
    const char *msg = detail[0] ? detail : go_strerror(code);
    if (json) {
        json_t *err =
            json_pack("{s:s, s:s, s:i}", "error", error_name, "message", msg, "detail", code);
        char *text = err ? json_dumps(err, JSON_PRESERVE_ORDER) : NULL;
        printf("%s\n", text ? text : "{\"error\": \"internal\"}");
        free(text);
        json_decref(err);
    } else {
        fprintf(stderr, "goref %s: %s\n", command, msg);
    }
    return 2;
}

int cli_print_json(const json_t *j, int precision)
{
    char *text =
        json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(precision));
    if (!text)
        return GO_ENOMEM;
    printf("%s\n", text);
    free(text);
    return 0;
}

int cli_take_operand(const char **out, const char *arg, const char *what)
{
    if (arg[0] == '-' && arg[1] != '\0')
        return go_error_set(GO_EINVAL, "unknown option %s", arg);
    if (*out)
        return go_error_set(GO_EINVAL, "more than one %s (%s, %s)", what, *out, arg);
    *out = arg;
    return 0;
}

int cli_parse_int(int *out, const char *text, int lo, int hi, const char *what)
{
    long v = 0;
    if (go_parse_long(&v, text, lo, hi) != 0)
        return go_error_set(GO_ERANGE, "%s '%s' (expected %d..%d)", what, text, lo, hi);
    *out = (int)v;
    return 0;
}
