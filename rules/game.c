/* A game: the board plus the history that superko, undo and the end of the game need.
 * Undo replays the history from the empty board: a replay of a 300-move game costs a few
 * microseconds, and it keeps the board's incremental structures free of undo bookkeeping.
 * Playouts never undo: they copy the board. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "go/game.h"

typedef enum entry_kind {
    ENTRY_MOVE,
    ENTRY_SETUP,
    ENTRY_HANDICAP,
    ENTRY_RESIGN,
    ENTRY_PLAYER,
    ENTRY_RESUME,
} entry_kind;

typedef struct entry {
    uint8_t kind;
    uint8_t color;
    int16_t point;
} entry;

/* A position that has occurred: the stones' hash and who was to move. */
typedef struct seen_position {
    uint64_t hash;
    uint8_t to_move;
} seen_position;

struct go_game {
    go_board board;
    go_superko rule;
    go_color to_move;
    go_color resigned;
    int passes;   /* consecutive passes at the end of the history */
    int handicap; /* handicap stones placed */
    size_t moves; /* entries of kind ENTRY_MOVE */
    entry *hist;
    size_t len, cap;
    seen_position *seen; /* seen[i] = position after i entries; len + 1 of them */
    size_t seen_cap;
};

static int grow(go_game *g)
{
    if (g->len + 1 < g->cap && g->len + 2 <= g->seen_cap)
        return 0;
    size_t cap = g->cap ? g->cap * 2 : 64;
    entry *h = realloc(g->hist, cap * sizeof *h);
    if (!h)
        return go_error_set(GO_ENOMEM, "game history: out of memory");
    g->hist = h;
    seen_position *s = realloc(g->seen, (cap + 1) * sizeof *s);
    if (!s)
        return go_error_set(GO_ENOMEM, "game history: out of memory");
    g->seen = s;
    g->cap = cap;
    g->seen_cap = cap + 1;
    return 0;
}

static void push(go_game *g, entry_kind kind, go_color c, go_point p)
{
    g->hist[g->len++] = (entry){.kind = (uint8_t)kind, .color = (uint8_t)c, .point = (int16_t)p};
    g->seen[g->len] = (seen_position){.hash = g->board.hash, .to_move = (uint8_t)g->to_move};
}

int go_game_reset(go_game *g, int size)
{
    go_board fresh;
    int rc = go_board_init(&fresh, size);
    if (rc)
        return rc;
    g->board = fresh;
    g->to_move = GO_BLACK;
    g->resigned = GO_EMPTY;
    g->passes = 0;
    g->handicap = 0;
    g->moves = 0;
    g->len = 0;
    g->seen[0] = (seen_position){.hash = g->board.hash, .to_move = GO_BLACK};
    return 0;
}

int go_game_new(go_game **out, int size, go_superko rule)
{
    assert(out);
    *out = NULL;
    go_game *g = calloc(1, sizeof *g);
    if (!g)
        return go_error_set(GO_ENOMEM, "game: out of memory");
    g->rule = rule;
    int rc = grow(g);
    if (rc == 0)
        rc = go_game_reset(g, size);
    if (rc) {
        go_game_free(g);
        return rc;
    }
    *out = g;
    return 0;
}

void go_game_free(go_game *g)
{
    if (!g)
        return;
    free(g->hist);
    free(g->seen);
    free(g);
}

int go_game_clone(go_game **out, const go_game *g)
{
    go_game *c = calloc(1, sizeof *c);
    if (!c)
        return go_error_set(GO_ENOMEM, "game: out of memory");
    *c = *g;
    c->hist = malloc(g->cap * sizeof *c->hist);
    c->seen = malloc(g->seen_cap * sizeof *c->seen);
    if (!c->hist || !c->seen) {
        free(c->hist);
        free(c->seen);
        free(c);
        return go_error_set(GO_ENOMEM, "game: out of memory");
    }
    memcpy(c->hist, g->hist, g->len * sizeof *c->hist);
    memcpy(c->seen, g->seen, (g->len + 1) * sizeof *c->seen);
    *out = c;
    return 0;
}

bool go_game_over(const go_game *g)
{
    return g->passes >= 2 || g->resigned != GO_EMPTY;
}

int go_game_check(const go_game *g, go_color c, go_point p)
{
    assert(c == GO_BLACK || c == GO_WHITE);
    if (go_game_over(g))
        return go_error_set(GO_EGAMEOVER, "the game is over (%s)",
                            g->resigned != GO_EMPTY ? "resignation" : "two passes");
    int rc = go_board_check(&g->board, c, p);
    if (rc || p == GO_PASS)
        return rc;
    uint64_t h = go_board_hash_after(&g->board, c, p);
    go_color next = go_color_other(c);
    for (size_t i = 0; i <= g->len; i++) {
        const seen_position *s = &g->seen[i];
        if (s->hash == h && (g->rule == GO_SUPERKO_POSITIONAL || s->to_move == next)) {
            char name[8];
            go_point_to_gtp(name, sizeof name, p, g->board.size);
            return go_error_set(GO_ESUPERKO,
                                "%s at %s repeats the whole-board position after entry %zu",
                                c == GO_BLACK ? "black" : "white", name, i);
        }
    }
    return 0;
}

int go_game_play(go_game *g, go_color c, go_point p)
{
    int rc = go_game_check(g, c, p);
    if (rc)
        return rc;
    if ((rc = grow(g)))
        return rc;
    rc = go_board_play(&g->board, c, p);
    assert(rc == 0);
    g->passes = p == GO_PASS ? g->passes + 1 : 0;
    g->to_move = go_color_other(c);
    g->moves++;
    push(g, ENTRY_MOVE, c, p);
    return 0;
}

int go_game_resign(go_game *g, go_color c)
{
    assert(c == GO_BLACK || c == GO_WHITE);
    if (go_game_over(g))
        return go_error_set(GO_EGAMEOVER, "the game is already over");
    int rc = grow(g);
    if (rc)
        return rc;
    g->resigned = c;
    push(g, ENTRY_RESIGN, c, GO_NOPOINT);
    return 0;
}

int go_game_setup(go_game *g, go_color c, go_point p)
{
    int rc = grow(g);
    if (rc)
        return rc;
    if ((rc = go_board_place(&g->board, c, p)))
        return rc;
    push(g, ENTRY_SETUP, c, p);
    return 0;
}

int go_game_resume(go_game *g)
{
    if (g->passes < 2 || g->resigned != GO_EMPTY)
        return go_error_set(GO_EINVAL, "only a game ended by two passes can resume");
    int rc = grow(g);
    if (rc)
        return rc;
    g->passes = 0;
    push(g, ENTRY_RESUME, GO_EMPTY, GO_NOPOINT);
    return 0;
}

go_color go_game_to_move(const go_game *g)
{
    return g->to_move;
}

void go_game_set_to_move(go_game *g, go_color c)
{
    assert(c == GO_BLACK || c == GO_WHITE);
    if (grow(g) != 0) {
        g->to_move = c; /* still honour it; only undo of it is lost */
        return;
    }
    g->to_move = c;
    push(g, ENTRY_PLAYER, c, GO_NOPOINT);
}

/* Replay the first n entries on an empty board. */
static void replay(go_game *g, size_t n)
{
    go_board_init(&g->board, g->board.size);
    g->to_move = GO_BLACK;
    g->resigned = GO_EMPTY;
    g->passes = 0;
    g->handicap = 0;
    g->moves = 0;
    for (size_t i = 0; i < n; i++) {
        const entry *e = &g->hist[i];
        go_color c = (go_color)e->color;
        switch ((entry_kind)e->kind) {
        case ENTRY_MOVE:
            go_board_play(&g->board, c, e->point);
            g->passes = e->point == GO_PASS ? g->passes + 1 : 0;
            g->to_move = go_color_other(c);
            g->moves++;
            break;
        case ENTRY_SETUP:
            go_board_place(&g->board, c, e->point);
            break;
        case ENTRY_HANDICAP:
            go_board_place(&g->board, GO_BLACK, e->point);
            g->handicap++;
            g->to_move = GO_WHITE;
            break;
        case ENTRY_RESIGN:
            g->resigned = c;
            break;
        case ENTRY_PLAYER:
            g->to_move = c;
            break;
        case ENTRY_RESUME:
            g->passes = 0;
            break;
        }
    }
    g->len = n;
}

int go_game_undo(go_game *g)
{
    if (g->len == 0)
        return go_error_set(GO_EINVAL, "nothing to undo");
    size_t n = g->len - 1;
    /* Taking back the first move after a resumption takes the resumption too: the game is
     * back where it was, ended by two passes. */
    if (n > 0 && g->hist[n - 1].kind == ENTRY_RESUME)
        n--;
    replay(g, n);
    return 0;
}

int go_handicap_points(go_point *out, int size, int n)
{
    int max = size < 7 ? 0 : (size % 2 == 0 || size == 7) ? 4 : 9;
    if (n < 2 || n > max)
        return go_error_set(GO_ERANGE,
                            "a fixed handicap of %d stones is not defined on %dx%d "
                            "(2..%d)",
                            n, size, size, max);
    int lo = size >= 13 ? 3 : 2, hi = size - 1 - lo, mid = size / 2;
    /* GTP order: the corners first, then the centre (odd n), then the side points. */
    go_point ur = go_point_at(hi, lo), ll = go_point_at(lo, hi), ul = go_point_at(lo, lo),
             lr = go_point_at(hi, hi), centre = go_point_at(mid, mid), left = go_point_at(lo, mid),
             right = go_point_at(hi, mid), top = go_point_at(mid, lo),
             bottom = go_point_at(mid, hi);
    int k = 0;
    out[k++] = ur;
    out[k++] = ll;
    if (n >= 3)
        out[k++] = ul;
    if (n >= 4)
        out[k++] = lr;
    if (n >= 6) {
        out[k++] = left;
        out[k++] = right;
    }
    if (n >= 8) {
        out[k++] = top;
        out[k++] = bottom;
    }
    if (n % 2 == 1 && n >= 5)
        out[k++] = centre;
    assert(k == n);
    return 0;
}

static int place_handicap(go_game *g, const go_point *points, int n)
{
    if (g->len != 0 ||
        go_board_stone_count(&g->board, GO_BLACK) + go_board_stone_count(&g->board, GO_WHITE) != 0)
        return go_error_set(GO_EILLEGAL, "handicap stones go on an empty board");
    if (n < 2 || n >= g->board.size * g->board.size)
        return go_error_set(GO_ERANGE, "handicap of %d stones", n);
    for (int i = 0; i < n; i++) {
        if (!go_board_on(&g->board, points[i]) || points[i] == GO_PASS) {
            replay(g, 0);
            return go_error_set(GO_EOFFBOARD, "handicap stone %d is off the board", i + 1);
        }
        if (go_board_at(&g->board, points[i]) != GO_EMPTY) {
            replay(g, 0);
            return go_error_set(GO_EILLEGAL, "handicap stone %d repeats a point", i + 1);
        }
        int rc = grow(g);
        if (rc == 0)
            rc = go_board_place(&g->board, GO_BLACK, points[i]);
        if (rc) {
            replay(g, 0);
            return rc;
        }
        g->handicap++;
        g->to_move = GO_WHITE;
        push(g, ENTRY_HANDICAP, GO_BLACK, points[i]);
    }
    return 0;
}

int go_game_handicap_fixed(go_game *g, int n)
{
    go_point pts[9];
    int rc = go_handicap_points(pts, g->board.size, n);
    if (rc)
        return rc;
    return place_handicap(g, pts, n);
}

int go_game_handicap_free(go_game *g, const go_point *points, int n)
{
    return place_handicap(g, points, n);
}

int go_game_handicap(const go_game *g)
{
    return g->handicap;
}

const go_board *go_game_board(const go_game *g)
{
    return &g->board;
}

int go_game_size(const go_game *g)
{
    return g->board.size;
}

go_superko go_game_superko_rule(const go_game *g)
{
    return g->rule;
}

size_t go_game_move_count(const go_game *g)
{
    return g->moves;
}

go_move go_game_move(const go_game *g, size_t i)
{
    for (size_t k = 0; k < g->len; k++) {
        if (g->hist[k].kind != ENTRY_MOVE)
            continue;
        if (i-- == 0)
            return (go_move){(go_color)g->hist[k].color, g->hist[k].point};
    }
    return (go_move){GO_EMPTY, GO_NOPOINT};
}

go_move go_game_last_move(const go_game *g)
{
    for (size_t k = g->len; k-- > 0;)
        if (g->hist[k].kind == ENTRY_MOVE)
            return (go_move){(go_color)g->hist[k].color, g->hist[k].point};
    return (go_move){GO_EMPTY, GO_NOPOINT};
}

go_color go_game_resigned(const go_game *g)
{
    return g->resigned;
}
