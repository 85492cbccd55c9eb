/* The Go board: stones, groups with pseudo-liberty counts, simple ko, Zobrist hash, and light
 * random playouts. A go_board is a fixed-size value (no heap): copy it by assignment to explore
 * (the scoring module runs thousands of playouts from one position that way).
 * Whole-game concerns (superko, history, undo, handicap, end of game) live in go/game.h. */
#ifndef GO_BOARD_H
#define GO_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "go/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GO_MIN_SIZE 2
#define GO_MAX_SIZE 25
/* Points are indices into a padded 1-D array of fixed stride: one off-board ring around every
 * board size, so neighbours are p-1, p+1, p-GO_STRIDE, p+GO_STRIDE without bounds checks. */
#define GO_STRIDE (GO_MAX_SIZE + 2)
#define GO_POINTS (GO_STRIDE * GO_STRIDE)

typedef enum go_color { GO_EMPTY = 0, GO_BLACK = 1, GO_WHITE = 2, GO_OFFBOARD = 3 } go_color;

/* A point on the board, or one of the two special values below. */
typedef int go_point;
#define GO_PASS 0       /* index 0 is always off the board */
#define GO_NOPOINT (-1) /* "no point": no ko, not found */

/* x = column from the left, y = row from the top, both 0-based (SGF's orientation). */
static inline go_point go_point_at(int x, int y)
{
    return (y + 1) * GO_STRIDE + x + 1;
}
static inline int go_point_x(go_point p)
{
    return p % GO_STRIDE - 1;
}
static inline int go_point_y(go_point p)
{
    return p / GO_STRIDE - 1;
}
static inline go_color go_color_other(go_color c)
{
    return (go_color)(3 - c);
}

/* Fields are private to board.c: read them through the functions below. The struct is public
 * only so that a board can live on the stack and be copied. */
typedef struct go_board {
    int size;
    go_point ko; /* point where ko_color may not play next, or GO_NOPOINT */
    go_color ko_color;
    int empty_count;
    int captures[3]; /* stones captured by GO_BLACK / GO_WHITE */
    uint64_t hash;   /* Zobrist hash of the stones only */
    uint8_t color[GO_POINTS];
    uint16_t group[GO_POINTS];  /* root point of the stone's group; 0 on empty points */
    uint16_t next[GO_POINTS];   /* next stone of the same group (a ring) */
    uint16_t libs[GO_POINTS];   /* at the root: pseudo-liberties (stone-empty adjacencies) */
    uint16_t stones[GO_POINTS]; /* at the root: number of stones */
    uint16_t empty[GO_POINTS];  /* the empty points, in no particular order */
    uint16_t empty_index[GO_POINTS];
} go_board;

/* Empty board of size x size. GO_ERANGE unless GO_MIN_SIZE <= size <= GO_MAX_SIZE. */
int go_board_init(go_board *b, int size);

int go_board_size(const go_board *b);
/* Colour at p; GO_OFFBOARD outside the board. Inline: counting reads every point. */
static inline go_color go_board_at(const go_board *b, go_point p)
{
    return (unsigned)p < (unsigned)GO_POINTS ? (go_color)b->color[p] : GO_OFFBOARD;
}
/* The colours of all GO_POINTS points, indexed by go_point (GO_OFFBOARD off the board);
 * borrowed, valid while b is. For loops that read the whole board at once. */
static inline const uint8_t *go_board_colors(const go_board *b)
{
    return b->color;
}
/* True when p is a point of this board (not a pass, not off the board). */
bool go_board_on(const go_board *b, go_point p);

/* 0 when c may play p under the rules a single board can know: occupied (GO_EOCCUPIED),
 * off the board (GO_EOFFBOARD), suicide without capture (GO_ESUICIDE), simple ko (GO_EKO).
 * GO_PASS is always legal. Superko needs the history: go_game_check in go/game.h. */
int go_board_check(const go_board *b, go_color c, go_point p);

/* Play c at p (or pass): place, remove opponent groups left without liberties, keep the ko.
 * Returns the error of go_board_check and changes nothing if the move is illegal. */
int go_board_play(go_board *b, go_color c, go_point p);

/* Setup (SGF AB/AW/AE): put a stone of colour c on p, or clear p with GO_EMPTY, with no
 * captures. Refused with GO_EILLEGAL, changing nothing, if it would leave a group with no
 * liberty. Clears the ko. */
int go_board_place(go_board *b, go_color c, go_point p);

/* Zobrist hash of the stones on the board (side to move not included). */
uint64_t go_board_hash(const go_board *b);
/* Hash the board would have after c plays the legal move p (p != GO_PASS). */
uint64_t go_board_hash_after(const go_board *b, go_color c, go_point p);
/* The Zobrist key of one stone; exposed so that callers can hash side to move or variants. */
uint64_t go_zobrist(go_point p, go_color c);

/* The 8 symmetries of the square board, t in 0..GO_SYMMETRIES-1: bit 2 swaps x and y, then
 * bit 0 mirrors x and bit 1 mirrors y; 0 is the identity. go_point_transform maps an on-board
 * point of a size x size board (other values are returned unchanged). */
#define GO_SYMMETRIES 8
go_point go_point_transform(go_point p, int size, int t);
/* out = b turned by symmetry t: stones, ko (mapped) and captures. The groups and the empty-point
 * list are rebuilt from the stones, so random playouts from out depend on the position alone,
 * not on the moves that reached it. */
void go_board_transform(go_board *out, const go_board *b, int t);

go_point go_board_ko(const go_board *b);
int go_board_captures(const go_board *b, go_color by);
int go_board_empty_count(const go_board *b);
int go_board_stone_count(const go_board *b, go_color c);

/* Number of real (distinct) liberties of the group at p; 0 on an empty point. */
int go_board_liberties(const go_board *b, go_point p);
/* Stones of the group at p written to out (at most max); returns the group's size. */
int go_board_group(const go_board *b, go_point p, go_point *out, int max);
/* Root point identifying the group at p (equal for stones of one group), 0 when empty. */
go_point go_board_group_id(const go_board *b, go_point p);

/* True when p is an empty point whose four neighbours are c or the edge and that is not a
 * false eye by its diagonals: the point a light playout never fills. */
bool go_board_is_eye(const go_board *b, go_color c, go_point p);

/* Deterministic pseudo-random numbers (xoshiro-style, seeded by splitmix64). */
typedef struct go_rng {
    uint64_t s[4];
} go_rng;
void go_rng_seed(go_rng *rng, uint64_t seed);
uint64_t go_rng_next(go_rng *rng);
/* Uniform in [0, n), n > 0. */
uint32_t go_rng_below(go_rng *rng, uint32_t n);

/* Light playout move: a uniformly random legal move of c that does not fill c's own eye,
 * played on b; GO_PASS when there is none. */
go_point go_board_play_random(go_board *b, go_color c, go_rng *rng);

/* Light random playout from b with to_move to play, until two consecutive passes or
 * max_moves moves; returns the number of moves (passes included). Simple ko only. */
int go_board_playout(go_board *b, go_color to_move, go_rng *rng, int max_moves);

/* Coordinates. GTP: column letter A-Z skipping I, then the row counted from the bottom
 * ("D4", "Q16", case-insensitive; "pass"). SGF: two letters, column then row from the top
 * ("dd"); "" is a pass, and "tt" too on boards up to 19. */
int go_point_from_gtp(go_point *out, const char *text, int size);
/* Writes "D4" or "pass"; buf needs 4 bytes. Returns buf. */
char *go_point_to_gtp(char *buf, size_t buf_size, go_point p, int size);
int go_point_from_sgf(go_point *out, const char *text, size_t len, int size);
/* Writes "dd", or "" for a pass; buf needs 3 bytes. Returns buf. */
char *go_point_to_sgf(char *buf, size_t buf_size, go_point p);

/* Character of a colour in diagrams: 'X' black, 'O' white, '.' empty. */
char go_color_char(go_color c);

/* Board text, the format of the photo labels and `goref count` input: an optional first line
 * `size N`, then N rows top to bottom of N characters '.', 'X', 'O' (also '+' and '-' for
 * empty, 'x'/'#' black, 'o'/'@' white); spaces between characters and blank lines are ignored.
 * Without a size line the size is the number of rows. Stones are placed as setup, so a group
 * with no liberty is refused (GO_EILLEGAL) with the point named in go_error_last(). */
int go_board_from_text(go_board *out, const char *text, size_t len);
/* The same text read into points only, out[y][x] = GO_EMPTY, GO_BLACK or GO_WHITE, with no rule
 * applied: a label of a real photo may show a group without liberty. *out_size gets the size. */
int go_board_text_points(uint8_t out[GO_MAX_SIZE][GO_MAX_SIZE], int *out_size, const char *text,
                         size_t len);
/* Writes `size N` and N rows, each ending in '\n'. Returns the length written (excluding the
 * NUL) or GO_ETOOBIG when buf_size is too small (needs 9 + size * (size + 1) + 1 bytes). */
int go_board_to_text(char *buf, size_t buf_size, const go_board *b);

#ifdef __cplusplus
}
#endif

#endif
