/* goref count FILE [--dead D4,Q16] [--suggest-dead] [--komi STONES | --komi-points POINTS]
 *   [--rules 2002|1988] [--handicap N] [--json] [--png OUT.png] [--seed N] [--playouts N]
 * The referee's count: FILE is an SGF record (final position of its main line;
 * KM, HA, RU read unless overridden) or a board text file. Prints the count sheet, or the JSON
 * contract of go_count_to_json; errors exit 2 (JSON { "error", "message" } with --json). A board
 * with no game (empty, or one colour only) gets no verdict and exits 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "count_cli.h"
#include "json_count.h"
#include "go/file.h"
#include "go/sgf.h"

static const cli_spec spec = {
    "count",
    "FILE",
    "The referee's count. FILE: an SGF record (its final position) or a board text file\n"
    "('size N' then N rows of . X O). Komi defaults to the record's KM, else the rules preset\n"
    "(2002: 3 3/4 stones, 1988: 2 3/4). In a handicap game Black gives back half a stone per\n"
    "handicap stone (GNU Go and the Chinese rules). A count with open borders is provisional;\n"
    "a board without stones of both colours gets no verdict (exit status 1).",
    {count_cli_option_table},
    "count game.sgf --dead D4,Q16 --komi 3.75",
};

static int fail(const count_cli_options *o, int code)
{
    return cli_fail("count", o->json, code, count_cli_error_name(code));
}

static int parse_args(const char **file, count_cli_options *o, bool *help, int argc, char **argv)
{
    count_cli_options_init(o);
    *file = NULL;
    cli_args a;
    int rc = cli_parse(&a, &spec, argc, argv, 1);
    for (int i = 0; rc == 0 && i < a.nopt; i++) {
        int taken = count_cli_take(o, a.opt[i]->name, a.val[i]);
        rc = taken < 0 ? taken : 0;
    }
    if (rc)
        return rc;
    *help = a.help;
    if (a.help)
        return 0;
    if (a.npos > 1)
        return go_error_set(GO_EINVAL, "more than one FILE (%s, %s)", a.pos[0], a.pos[1]);
    if (!a.npos)
        return go_error_set(GO_EINVAL, "no FILE given");
    *file = a.pos[0];
    return count_cli_check(o);
}

static bool looks_like_sgf(const char *text, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '(')
            return true;
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c < 0x80)
            return false;
    }
    return false;
}

/* Loads the position (and, for SGF, KM/HA/RU/to-move). *sgf_out keeps RU alive. */
static int load_position(go_board *out, count_cli_record *info, go_sgf **sgf_out, const char *path)
{
    char *text = NULL;
    size_t len = 0;
    go_game *game = NULL;
    count_cli_record_init(info);
    int rc = go_read_file(&text, &len, path, 64u << 20);
    if (rc)
        goto done;
    if (!looks_like_sgf(text, len)) {
        rc = go_board_from_text(out, text, len);
        goto done;
    }
    rc = go_sgf_parse(sgf_out, text, len, NULL);
    if (rc)
        goto done;
    go_sgf_game_info gi = GO_SGF_GAME_INFO_INIT;
    rc = go_sgf_info(&gi, *sgf_out, 0);
    if (rc)
        goto done;
    rc = go_sgf_replay(&game, NULL, *sgf_out, 0, NULL);
    if (rc)
        goto done;
    *out = *go_game_board(game);
    info->to_move = go_game_to_move(game);
    info->handicap = gi.handicap > 0 ? gi.handicap : go_game_handicap(game);
    info->rules = gi.rules;
    info->black = gi.black;
    info->white = gi.white;
    info->date = gi.date;
    info->event = gi.event;
    if (gi.komi_source != GO_SGF_KOMI_NONE) {
        /* The record's komi is in points; go through text so the check stays exact. */
        char komi_text[32];
        snprintf(komi_text, sizeof komi_text, "%.6f", gi.komi);
        rc = go_score_komi_parse_points(&info->komi_quarters, komi_text);
        if (rc)
            goto done;
        info->has_komi = true;
    }
done:
    go_game_free(game);
    free(text);
    return rc;
}

int cmd_count(int argc, char **argv)
{
    const char *file;
    count_cli_options o;
    go_sgf *sgf = NULL;
    json_t *json = NULL;
    bool help = false;
    int rc = parse_args(&file, &o, &help, argc, argv);
    if (rc)
        return fail(&o, rc);
    if (help) {
        cli_help(stdout, &spec);
        return 0;
    }
    go_board b;
    count_cli_record info;
    rc = load_position(&b, &info, &sgf, file);
    if (rc)
        goto done;
    bool no_game = false;
    rc = count_cli_run(&json, &no_game, &o, &b, &info);
    if (rc == 0 && json)
        rc = cli_print_json(json, 17);
done:
    json_decref(json);
    go_sgf_free(sgf);
    return rc ? fail(&o, rc) : no_game ? COUNT_CLI_NO_GAME : 0;
}
