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
#include "opts.h"

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

static const cli_option sgf_options[] = {
    {"json", NULL, "the game information and the final position as JSON"},
    {"positional", NULL, "positional superko instead of situational"},
    {"charset", "NAME", "the record's character set when it has no CA (GB18030, Big5, ...)"},
    {"game", "N", "the Nth game of a collection (1 = the first)"},
    {NULL, NULL, NULL},
};

static const cli_spec spec = {
    "sgf",
    "FILE",
    "Reads a game record, replays its main line under the Chinese rules and prints the\n"
    "game information and the final position, or the error with its place.",
    {sgf_options},
    "sgf game.sgf --json",
};

int cmd_sgf(int argc, char **argv)
{
    const char *path = NULL;
    bool json = false;
    go_sgf_options opts = GO_SGF_OPTIONS_INIT;
    go_sgf_replay_options ropts = GO_SGF_REPLAY_OPTIONS_INIT;
    ropts.keep_partial = true;
    long game_no = 1;
    cli_args a;
    int prc = cli_parse(&a, &spec, argc, argv, 1);
    if (prc == 0 && a.help) {
        cli_help(stdout, &spec);
        return 0;
    }
    json = prc == 0 && cli_flag(&a, "json");
    if (prc == 0 && cli_flag(&a, "positional"))
        ropts.superko = GO_SUPERKO_POSITIONAL;
    if (prc == 0 && cli_value(&a, "charset"))
        opts.charset = cli_value(&a, "charset");
    if (prc == 0 && cli_value(&a, "game")) {
        char *end;
        const char *g = cli_value(&a, "game");
        game_no = strtol(g, &end, 10);
        if (end == g || *end || game_no < 1)
            prc = go_error_set(GO_EINVAL, "--game: a number from 1, not '%.20s'", g);
    }
    if (prc == 0 && a.npos > 1)
        prc = go_error_set(GO_EINVAL, "more than one FILE (%s, %s)", a.pos[0], a.pos[1]);
    if (prc == 0 && a.npos == 0)
        prc = go_error_set(GO_EINVAL, "no FILE given");
    if (prc) {
        if (json)
            json_error(prc, go_error_last());
        else
            fprintf(stderr, "goref sgf: %s\n", go_error_last());
        return 2;
    }
    path = a.pos[0];

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
