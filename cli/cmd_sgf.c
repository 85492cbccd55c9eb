/* `goref sgf FILE [--json] [--positional] [--charset NAME]`: read a game record, replay its
 * main line under the Chinese rules and print the game information and the final position
 * (board text), or the error with its place. Exit 0 legal record, 1 illegal move in the
 * record (the position before it is still printed), 2 unreadable or unsupported input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "go/game.h"
#include "go/sgf.h"

static void json_string(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\r')
            fputs("\\r", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void json_error(int code, const char *detail)
{
    printf("{\"error\": %d, \"message\": ", code);
    json_string(stdout, go_strerror(code));
    printf(", \"detail\": ");
    json_string(stdout, detail);
    printf("}\n");
}

static int usage(void)
{
    fprintf(stderr, "usage: goref sgf FILE [--json] [--positional] [--charset NAME] [--game N]\n");
    return 2;
}

int cmd_sgf(int argc, char **argv)
{
    const char *path = NULL;
    bool json = false;
    go_sgf_options opts = GO_SGF_OPTIONS_INIT;
    go_sgf_replay_options ropts = GO_SGF_REPLAY_OPTIONS_INIT;
    ropts.keep_partial = true;
    long game_no = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (strcmp(argv[i], "--positional") == 0)
            ropts.superko = GO_SUPERKO_POSITIONAL;
        else if (strcmp(argv[i], "--charset") == 0 && i + 1 < argc)
            opts.charset = argv[++i];
        else if (strcmp(argv[i], "--game") == 0 && i + 1 < argc) {
            char *end;
            game_no = strtol(argv[++i], &end, 10);
            if (*end || game_no < 1)
                return usage();
        } else if (argv[i][0] == '-' || path)
            return usage();
        else
            path = argv[i];
    }
    if (!path)
        return usage();

    go_sgf *sgf = NULL;
    go_game *game = NULL;
    int status = 2;
    int rc = go_sgf_load(&sgf, path, &opts);
    go_sgf_game_info info;
    if (!rc)
        rc = go_sgf_info(&info, sgf, (size_t)game_no - 1);
    if (rc) {
        if (json)
            json_error(rc, go_error_last());
        else
            fprintf(stderr, "goref sgf: %s: %s: %s\n", path, go_strerror(rc), go_error_last());
        goto done;
    }
    size_t moves = 0;
    rc = go_sgf_replay(&game, &moves, sgf, (size_t)game_no - 1, &ropts);
    char replay_error[512] = "";
    if (rc)
        snprintf(replay_error, sizeof replay_error, "%s", go_error_last());
    if (!game) { /* not a move error: nothing to show */
        if (json)
            json_error(rc, replay_error);
        else
            fprintf(stderr, "goref sgf: %s: %s: %s\n", path, go_strerror(rc), replay_error);
        goto done;
    }
    status = rc ? 1 : 0;
    char board[GO_MAX_SIZE * (GO_MAX_SIZE + 1) + 16];
    go_board_to_text(board, sizeof board, go_game_board(game));
    const char *keys[] = {"black", "white", "black_rank", "white_rank", "result",   "rules",
                          "date",  "event", "round",      "place",      "game_name"};
    const char *vals[] = {info.black,  info.white, info.black_rank, info.white_rank,
                          info.result, info.rules, info.date,       info.event,
                          info.round,  info.place, info.game_name};
    if (json) {
        printf("{\"file\": ");
        json_string(stdout, path);
        printf(", \"games\": %zu, \"game\": %ld, \"charset\": ", go_sgf_game_count(sgf), game_no);
        json_string(stdout, info.charset);
        printf(", \"charset_guessed\": %s, \"replacements\": %zu, \"size\": %d, \"komi\": %g, "
               "\"handicap\": %d",
               go_sgf_charset_guessed(sgf) ? "true" : "false", go_sgf_replacements(sgf), info.size,
               info.komi, go_game_handicap(game));
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
            printf(", \"%s\": ", keys[i]);
            json_string(stdout, vals[i]);
        }
        printf(", \"moves\": %zu, \"captures\": {\"black\": %d, \"white\": %d}, \"legal\": %s",
               moves, go_board_captures(go_game_board(game), GO_BLACK),
               go_board_captures(go_game_board(game), GO_WHITE), rc ? "false" : "true");
        if (rc) {
            printf(", \"error\": %d, \"message\": ", rc);
            json_string(stdout, go_strerror(rc));
            printf(", \"detail\": ");
            json_string(stdout, replay_error);
        }
        printf(", \"board\": ");
        json_string(stdout, board);
        printf("}\n");
    } else {
        printf("file: %s\ngames: %zu (showing game %ld)\ncharset: %s%s", path,
               go_sgf_game_count(sgf), game_no, info.charset,
               go_sgf_charset_guessed(sgf) ? " (guessed)" : "");
        if (go_sgf_replacements(sgf))
            printf(", %zu undecodable bytes replaced", go_sgf_replacements(sgf));
        printf("\nsize: %d\nkomi: %g\nhandicap: %d\n", info.size, info.komi,
               go_game_handicap(game));
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
            if (vals[i])
                printf("%s: %s\n", keys[i], vals[i]);
        printf("moves: %zu\ncaptures: black %d, white %d\n", moves,
               go_board_captures(go_game_board(game), GO_BLACK),
               go_board_captures(go_game_board(game), GO_WHITE));
        if (rc)
            printf("illegal: %s: %s\nposition before the illegal move:\n", go_strerror(rc),
                   replay_error);
        fputs(board, stdout);
        if (rc)
            fprintf(stderr, "goref sgf: %s: %s\n", path, replay_error);
    }
done:
    go_game_free(game);
    go_sgf_free(sgf);
    return status;
}
