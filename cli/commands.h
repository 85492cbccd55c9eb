/* The goref subcommands. Each takes the arguments after its name (argv[0] is the command
 * name) and returns the process exit status: 0 success, 1 a negative answer (e.g. an illegal
 * record), 2 bad input or an error (with a message on stderr, or JSON with --json). */
#ifndef GOREF_COMMANDS_H
#define GOREF_COMMANDS_H

typedef struct goref_command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} goref_command;

/* cli/cmd_gtp.c: the GTP v2 engine on stdin/stdout. */
int cmd_gtp(int argc, char **argv);
/* cli/cmd_serve.c: the HTTP service and the web page. */
int cmd_serve(int argc, char **argv);
/* cli/cmd_scan.c: photo -> position (vision). */
int cmd_scan(int argc, char **argv);
/* cli/cmd_club.c: the club log (club/). */
int cmd_club(int argc, char **argv);
/* cli/cmd_count.c: the referee's count (scoring). */
int cmd_count(int argc, char **argv);
/* cli/cmd_sgf.c: read an SGF record and replay its main line. */
int cmd_sgf(int argc, char **argv);
/* cli/cmd_score.c: photo -> reading -> dead stones -> count. */
int cmd_score(int argc, char **argv);

#endif
