/* The option parser every goref command uses (see opts.h): tables in, a refusal naming the
 * unknown option and its nearest known neighbour out, and the --help text from the same table. */
#include <stdlib.h>
#include <string.h>

#include "go/error.h"
#include "opts.h"

static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return (size_t)-1;
    size_t row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

const char *cli_nearest(const char *word, const char *const *words)
{
    const char *best = NULL;
    size_t best_d = (size_t)-1, len = strlen(word);
    size_t limit = len / 3 > 3 ? 3 : len / 3 < 1 ? 1 : len / 3;
    if (len >= 4 && limit < 2)
        limit = 2; /* a swapped pair ("rnak") is two edits */
    for (size_t i = 0; words[i]; i++) {
        size_t d = edit_distance(word, words[i]);
        /* a prefix of a longer name ("--qty" is no prefix, "--quant" is) is near too */
        if (len >= 3 && strncmp(words[i], word, len) == 0)
            d = 1;
        if (d < best_d) {
            best_d = d;
            best = words[i];
        }
    }
    return best_d <= limit ? best : NULL;
}

static const cli_option *find_option(const cli_spec *spec, const char *name, size_t len)
{
    for (int t = 0; t < 4 && spec->options[t]; t++)
        for (const cli_option *o = spec->options[t]; o->name; o++)
            if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
                return o;
    return NULL;
}

static int unknown_option(const cli_spec *spec, const char *arg)
{
    const char *names[CLI_MAX_ARGS + 1];
    size_t n = 0;
    for (int t = 0; t < 4 && spec->options[t]; t++)
        for (const cli_option *o = spec->options[t]; o->name && n < CLI_MAX_ARGS; o++)
            names[n++] = o->name;
    names[n] = NULL;
    while (*arg == '-')
        arg++;
    char name[80];
    size_t len = strcspn(arg, "=");
    snprintf(name, sizeof name, "%.*s", (int)(len < 60 ? len : 60), arg);
    const char *near = cli_nearest(name, names);
    if (near)
        return go_error_set(GO_EINVAL, "unknown option --%s (did you mean --%s?)", name, near);
    return go_error_set(GO_EINVAL, "unknown option --%s (see goref %s --help)", name,
                        spec->command);
}

static bool is_negative_number(const char *s)
{
    if (s[0] != '-' || !s[1])
        return false;
    for (const char *p = s + 1; *p; p++)
        if ((*p < '0' || *p > '9') && *p != '.')
            return false;
    return true;
}

int cli_parse(cli_args *out, const cli_spec *spec, int argc, char *const *argv, int first)
{
    memset(out, 0, sizeof *out);
    bool operands_only = false;
    for (int i = first; i < argc; i++) {
        const char *s = argv[i];
        if (operands_only || s[0] != '-' || strcmp(s, "-") == 0 || is_negative_number(s)) {
            if (out->npos >= CLI_MAX_ARGS)
                return go_error_set(GO_EINVAL, "too many arguments");
            out->pos[out->npos++] = s;
            continue;
        }
        if (strcmp(s, "--") == 0) {
            operands_only = true;
            continue;
        }
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            out->help = true;
            continue;
        }
        if (s[1] != '-')
            return unknown_option(spec, s);
        const char *name = s + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const cli_option *o = find_option(spec, name, len);
        if (!o)
            return unknown_option(spec, s);
        if (out->nopt >= CLI_MAX_ARGS)
            return go_error_set(GO_EINVAL, "too many options");
        const char *value = NULL;
        if (o->value) {
            if (eq)
                value = eq + 1;
            else if (i + 1 < argc)
                value = argv[++i];
            else
                return go_error_set(GO_EINVAL, "--%s needs a value (%s)", o->name, o->value);
        } else if (eq) {
            return go_error_set(GO_EINVAL, "--%s takes no value", o->name);
        }
        out->opt[out->nopt] = o;
        out->val[out->nopt++] = value;
    }
    return 0;
}

const char *cli_value(const cli_args *a, const char *name)
{
    for (int i = a->nopt - 1; i >= 0; i--)
        if (strcmp(a->opt[i]->name, name) == 0)
            return a->val[i] ? a->val[i] : "1";
    return NULL;
}

bool cli_flag(const cli_args *a, const char *name)
{
    return cli_value(a, name) != NULL;
}

const char *cli_operand(const cli_args *a, int i)
{
    return i >= 0 && i < a->npos ? a->pos[i] : NULL;
}

void cli_help(FILE *out, const cli_spec *spec)
{
    fprintf(out, "usage: goref %s%s%s%s\n", spec->command, spec->operands[0] ? " " : "",
            spec->operands, spec->options[0] && spec->options[0]->name ? " [OPTIONS]" : "");
    if (spec->summary && spec->summary[0])
        fprintf(out, "\n%s\n", spec->summary);
    fprintf(out, "\noptions:\n");
    for (int t = 0; t < 4 && spec->options[t]; t++)
        for (const cli_option *o = spec->options[t]; o->name; o++) {
            char left[64];
            snprintf(left, sizeof left, "--%s%s%s", o->name, o->value ? " " : "",
                     o->value ? o->value : "");
            fprintf(out, "  %-26s %s\n", left, o->help);
        }
    fprintf(out, "  %-26s %s\n", "--help", "this help");
    if (spec->example && spec->example[0])
        fprintf(out, "\nexample:\n  goref %s\n", spec->example);
}
