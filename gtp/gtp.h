/* The GTP engine behind `goref gtp`: Go Text Protocol version 2 over any pair of streams, and
 * a per-line entry point so tests (and the GNU Go cross-check) can drive it in-process.
 * Rules are the Chinese rules of go/game.h; genmove is a light random move, not a player.
 *
 * Commands: the standard set (protocol_version name version known_command list_commands quit
 * boardsize clear_board komi play undo genmove reg_genmove fixed_handicap place_free_handicap
 * set_free_handicap showboard loadsgf final_score final_status_list time_settings time_left),
 * GNU Go's list_stones, printsgf, set_random_seed, get_random_seed, and goref-superko
 * [positional|situational] (switching starts a new empty board). Where the standard is
 * silent, GNU Go's behaviour decides: an off-board vertex is a syntax error, loadsgf answers
 * the colour to move, moves after two passes are accepted. A line holding only an id gets
 * `?id syntax error` (GNU Go stays silent, which would hang a controller). */
#ifndef GO_GTP_H
#define GO_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "go/game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Longest command line read by go_gtp_run; a longer one is answered `? line too long`. */
#define GO_GTP_MAX_LINE 65536

#define GO_GTP_OPTIONS_VERSION 1
typedef struct go_gtp_options {
    int version;                /* GO_GTP_OPTIONS_VERSION */
    go_superko superko;         /* situational by default; positional to match GNU Go's option */
    uint64_t seed;              /* genmove's random seed (set_random_seed changes it) */
    int board_size;             /* initial board, 19 by default */
    const char *engine_version; /* answer to `version`; borrowed, must outlive the engine */
} go_gtp_options;
#define GO_GTP_OPTIONS_INIT                                                                        \
    {                                                                                              \
        GO_GTP_OPTIONS_VERSION, GO_SUPERKO_SITUATIONAL, 0, 19, "0"                                 \
    }

typedef struct go_gtp go_gtp;

/* New engine with an empty board. opts may be NULL for the defaults. *out belongs to the
 * caller (go_gtp_free). GO_ERANGE for a board size outside 2..25, GO_ENOMEM. */
int go_gtp_new(go_gtp **out, const go_gtp_options *opts);
void go_gtp_free(go_gtp *e);

/* Execute one input line (its LF optional; len bytes, NULs allowed: they are control
 * characters and removed like the others). *out receives the complete response, id and the
 * terminating blank line included ("=12 D4\n\n"), or "" for a line that GTP ignores (empty,
 * comment only). *out is borrowed and valid until the next call on e.
 * Returns 0; a failing command is still 0 with a `?` response. Only GO_ENOMEM is an error. */
int go_gtp_exec(go_gtp *e, const char **out, const char *line, size_t len);

/* True once `quit` has been answered. */
bool go_gtp_quit_requested(const go_gtp *e);

/* The read-execute-answer loop: reads commands from in until `quit` or end of input (a last
 * line without LF is still executed), flushing every response. 0, or GO_EIO when writing
 * fails, or GO_ENOMEM. */
int go_gtp_run(go_gtp *e, FILE *in, FILE *out);

/* The current game (borrowed): for tests and the cross-check. */
const go_game *go_gtp_game(const go_gtp *e);

#ifdef __cplusplus
}
#endif

#endif
