/* The count options and the count itself, shared by `goref count` (a record or board file)
 * and `goref score` (a photo): one parser for --dead --suggest-dead --komi --komi-points
 * --rules --handicap --json --png --seed --playouts, one run (suggestion, count, seki, PNG),
 * one count sheet and one count JSON (go_count_to_json plus the suggestion). */
#ifndef GOREF_COUNT_CLI_H
#define GOREF_COUNT_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "go/alternatives.h"
#include "go/score.h"
#include "json_count.h"
#include "opts.h"

/* The options' usage lines, for a command's usage text. */
#define COUNT_CLI_USAGE                                                                            \
    "[--dead D4,Q16] [--suggest-dead] [--komi STONES | --komi-points POINTS]\n"                    \
    "       [--rules 2002|1988] [--handicap N] [--json] [--png OUT.png] [--seed N] [--playouts N]"

typedef struct count_cli_options {
    const char *dead; /* GTP points of the dead stones, as given */
    bool suggest;
    const char *komi_stones;
    const char *komi_points;
    const char *rules;
    const char *handicap;
    bool json;
    const char *png;
    uint64_t seed;
    int playouts;
    const char *command; /* "count" or "score", for messages */
    /* What the doubtful readings could change: when alternatives is set, the points at
     * doubtful[0..ndoubtful) are read the other ways and the suggestion's doubtful groups (if
     * suggested) taken the other way (go_score_alternatives); the result is written to
     * *alternatives, the count gets the decisive_points warning, the JSON gets "decisive"
     * and the sheet lists the decisive readings first. Borrowed. */
    const go_point *doubtful;
    int ndoubtful;
    go_alternatives *alternatives;
    /* A warning the position's source adds after the count's own (a photo read by the point
     * classifier alone), or NULL. Borrowed. */
    const go_count_warning *source_warning;
} count_cli_options;

/* What the position's source says besides the stones (an SGF's KM, HA, RU, player to move, and
 * PB, PW, DT, EV for the printed sheet). */
typedef struct count_cli_record {
    bool has_komi;
    int komi_quarters;
    int handicap;
    const char *rules; /* RU, borrowed; NULL if none */
    go_color to_move;
    const char *black, *white, *date, *event; /* borrowed; NULL if none */
} count_cli_record;

/* Defaults: no option given, seed 1. */
void count_cli_options_init(count_cli_options *out);

/* The record of a bare position: nothing known, Black to move. */
void count_cli_record_init(count_cli_record *out);

/* The count options' table (cli_parse), and the taking of one: 1 when name is a count option
 * (its value stored), 0 when it is not, a negative go_err for a bad value. */
extern const cli_option count_cli_option_table[];
int count_cli_take(count_cli_options *o, const char *name, const char *value);

/* The combinations that make no sense (--komi with --komi-points, --dead with --suggest-dead). */
int count_cli_check(const count_cli_options *o);

/* Counts b under the options and the record: --dead or --suggest-dead, the rules preset and
 * komi, the handicap give-back, --png. With o->json, *out is the count's JSON (the contract of
 * go_count_to_json, plus "suggestion" when suggested; new reference) and nothing is printed;
 * otherwise the count sheet is printed on stdout and *out stays NULL. The sheet shows the
 * count's warnings above the numbers. When the board holds no game (*no_game set), there is
 * no verdict: the text mode prints no sheet, only the reason on stderr, and the command
 * exits COUNT_CLI_NO_GAME. */
int count_cli_run(json_t **out, bool *no_game, const count_cli_options *o, const go_board *b,
                  const count_cli_record *rec);

/* Exit status of `goref count` / `goref score` when there is no game to count. */
#define COUNT_CLI_NO_GAME 1

/* The JSON "error" name of a counting error. */
const char *count_cli_error_name(int code);

#endif
