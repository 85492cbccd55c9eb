/* goref: the command-line entry point. Dispatches to one subcommand per module front end. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "go/error.h"
#include "opts.h"
#include "go/vision.h"

#ifndef GOREF_VERSION
#define GOREF_VERSION "0.0.0"
#endif

static int cmd_version(int argc, char **argv);
static int cmd_help(int argc, char **argv);

static const goref_command commands[] = {
    {"version", "print the version", cmd_version},
    {"help", "list the commands", cmd_help},
    {"gtp", "speak GTP v2 on stdin/stdout (GoGui, Sabaki, GNU Go twogtp)", cmd_gtp},
    {"serve", "run the HTTP service and the web page (phone, browser)", cmd_serve},
    {"scan", "read the position from a photo of a board (vision)", cmd_scan},
    {"club", "the club log: members, attendance, equipment, games, events (SQLite)", cmd_club},
    {"count", "count a final position (Chinese area counting, dead stones)", cmd_count},
    {"score", "read a photo of a finished board, suggest the dead stones and count", cmd_score},
    {"sgf", "read a game record, replay its main line, print the final position", cmd_sgf},
};

static const cli_option no_options[] = {{NULL, NULL, NULL}};
static const cli_spec version_spec = {
    "version", "", "Prints the version and the point classifier's name.", {no_options}, "version"};
static const cli_spec help_spec = {"help", "", "Lists the commands.", {no_options}, "help"};

/* A command without options: --help answers, anything else is refused. */
static int no_option_command(const cli_spec *spec, int argc, char **argv, bool *help)
{
    cli_args a;
    *help = false;
    if (cli_parse(&a, spec, argc, argv, 1) != 0) {
        fprintf(stderr, "goref %s: %s\n", spec->command, go_error_last());
        return 2;
    }
    if (a.help) {
        cli_help(stdout, spec);
        *help = true;
        return 0;
    }
    if (a.npos > 0) {
        fprintf(stderr, "goref %s: unexpected operand '%s'\n", spec->command, a.pos[0]);
        return 2;
    }
    return 0;
}

static int cmd_version(int argc, char **argv)
{
    bool help;
    int rc = no_option_command(&version_spec, argc, argv, &help);
    if (rc || help)
        return rc;
    printf("goref %s\npoint classifier: %s\nlattice model: %s\ncorner model: %s\n", GOREF_VERSION,
           go_vision_model_name(), go_vision_lattice_model_name(), go_vision_corner_model_name());
    return 0;
}

static void list_commands(FILE *out)
{
    fprintf(out, "usage: goref COMMAND [ARGS]   (goref COMMAND --help: its options and an"
                 " example)\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nexample:\n  goref count game.sgf --komi 3.75\n");
}

static int cmd_help(int argc, char **argv)
{
    bool help;
    int rc = no_option_command(&help_spec, argc, argv, &help);
    if (rc || help)
        return rc;
    list_commands(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        list_commands(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        list_commands(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0)
        return cmd_version(1, argv);
    const char *names[sizeof commands / sizeof commands[0] + 1];
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
        names[i] = commands[i].name;
    }
    names[sizeof commands / sizeof commands[0]] = NULL;
    const char *near = cli_nearest(argv[1], names);
    if (near)
        fprintf(stderr, "goref: unknown command '%s' (did you mean '%s'?)\n", argv[1], near);
    else
        fprintf(stderr, "goref: unknown command '%s' (see 'goref --help')\n", argv[1]);
    return 2;
}
