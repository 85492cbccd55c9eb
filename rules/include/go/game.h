/* A game under the Chinese rules: the board plus its history, whole-board repetition
 * (superko), passes, resignation, handicap, setup and undo.
 *
 * Superko. The Chinese rules forbid a move that makes the opponent face a whole-board
 * position that occurred before (禁止全局同形再现). "Face" includes who is to move, so the
 * default, GO_SUPERKO_SITUATIONAL, forbids recreating an earlier (stones, player to move) pair.
 * GO_SUPERKO_POSITIONAL forbids recreating any earlier arrangement of stones, whoever is to
 * move (the stricter reading GNU Go uses with --positional-superko). A simple ko recapture is
 * reported as GO_EKO, any longer cycle as GO_ESUPERKO. */
#ifndef GO_GAME_H
#define GO_GAME_H

#include "go/board.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum go_superko {
    GO_SUPERKO_SITUATIONAL = 0,
    GO_SUPERKO_POSITIONAL = 1,
} go_superko;

typedef struct go_move {
    go_color color;
    go_point point; /* GO_PASS for a pass */
} go_move;

typedef struct go_game go_game;

/* New game on an empty size x size board, Black to move. *out belongs to the caller
 * (go_game_free). GO_ERANGE for a size outside 2..25, GO_ENOMEM. */
int go_game_new(go_game **out, int size, go_superko rule);
void go_game_free(go_game *g);
/* Back to an empty board of the given size (history, handicap and result cleared). */
int go_game_reset(go_game *g, int size);
/* Independent copy. */
int go_game_clone(go_game **out, const go_game *g);

/* 0 when c may play p now; otherwise the reason (GO_EOCCUPIED, GO_ESUICIDE, GO_EKO,
 * GO_ESUPERKO, GO_EOFFBOARD, GO_EGAMEOVER). Any colour may move: the record decides order. */
int go_game_check(const go_game *g, go_color c, go_point p);
/* Play (or pass with GO_PASS). On error nothing changes and go_error_last() says why. */
int go_game_play(go_game *g, go_color c, go_point p);
/* c resigns: the game is over. */
int go_game_resign(go_game *g, go_color c);
/* Play resumes after two passes (a record that goes on, or players who disagree about the
 * end and continue, as Article 21 allows): the passes no longer end the game. GO_EINVAL unless
 * the game ended by two passes. */
int go_game_resume(go_game *g);
/* Take back the last history entry (move, pass, resignation or setup stone); taking back the
 * first move after go_game_resume takes the resumption back too.
 * GO_EINVAL when there is nothing to undo. */
int go_game_undo(go_game *g);

/* Setup stones (SGF AB/AW/AE): c on p, or clear p with GO_EMPTY. Allowed at any time. */
int go_game_setup(go_game *g, go_color c, go_point p);
/* Who moves next; the record may override it (SGF PL). */
go_color go_game_to_move(const go_game *g);
void go_game_set_to_move(go_game *g, go_color c);

/* Handicap. The fixed points are those of GTP's fixed_handicap (and GNU Go): 2..9 stones on
 * odd boards of size 9+, 2..4 on even boards and on 7x7 and 8x8, star points on the 4th line
 * from 13x13 up and on the 3rd line below. Writes n points to out; GO_ERANGE otherwise. */
int go_handicap_points(go_point *out, int size, int n);
/* Place the fixed handicap on an empty board: Black's stones, then White to move. */
int go_game_handicap_fixed(go_game *g, int n);
/* Place a free handicap of n >= 2 stones at the given points on an empty board. */
int go_game_handicap_free(go_game *g, const go_point *points, int n);
/* Number of handicap stones placed (0 for an even game). */
int go_game_handicap(const go_game *g);

const go_board *go_game_board(const go_game *g);
int go_game_size(const go_game *g);
go_superko go_game_superko_rule(const go_game *g);

/* Moves and passes played so far (setup stones are not moves). */
size_t go_game_move_count(const go_game *g);
go_move go_game_move(const go_game *g, size_t i);
/* The last move, or {GO_EMPTY, GO_NOPOINT} when none. */
go_move go_game_last_move(const go_game *g);

/* The game is over after two consecutive passes or a resignation. */
bool go_game_over(const go_game *g);
/* The colour that resigned, or GO_EMPTY. */
go_color go_game_resigned(const go_game *g);

#ifdef __cplusplus
}
#endif

#endif
