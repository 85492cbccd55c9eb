/* goref: the command-line entry point. Dispatches to one subcommand per module front end. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
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

static int cmd_version(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    printf("goref %s\npoint classifier: %s\n", GOREF_VERSION, go_vision_model_name());
    return 0;
}

static int cmd_help(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    printf("usage: goref COMMAND [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        printf("  %-10s %s\n", commands[i].name, commands[i].summary);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        cmd_help(0, NULL);
        return 2;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "goref: unknown command '%s' (see 'goref help')\n", argv[1]);
    return 2;
}
