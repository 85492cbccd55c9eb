/* Capture races for the dead-stone suggestion: a small tactical search on one string short of
 * liberties, moving only on its liberties and on those of the enemy strings next to it that
 * are short of liberties too (the usual semeai moves: fill the outside and shared liberties,
 * extend, connect out, capture first). Light playouts answer no atari, so a string that
 * connects out in one move is captured in many of them; this search says when it cannot be. */
#include <string.h>

#include "score_int.h"

static const int dir4[4] = {-GO_STRIDE, 1, GO_STRIDE, -1};

#define RACE_TABLE_SIZE 1024
/* Moves considered at one node: the target's liberties and those of the enemy strings next
 * to it with at most RACE_ATTACK_LIBS liberties. */
#define RACE_MAX_MOVES 16
#define RACE_ATTACK_LIBS 3

typedef struct race_entry {
    uint64_t key;
    int8_t value;
    int8_t depth;
    bool used;
} race_entry;

typedef struct racer {
    go_color defender;
    go_point target;
    int nodes, max_nodes;
    bool gave_up;
    race_entry table[RACE_TABLE_SIZE];
} racer;

/* Distinct liberties of the string at p, at most max written to libs; returns the count (it
 * stops counting at max). */
static int string_liberties(const go_board *b, go_point p, go_point *libs, int max)
{
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    int n = go_board_group(b, p, stones, GO_MAX_SIZE * GO_MAX_SIZE), count = 0;
    for (int k = 0; k < n && count < max; k++)
        for (int d = 0; d < 4 && count < max; d++) {
            go_point q = stones[k] + dir4[d];
            if (go_board_at(b, q) != GO_EMPTY)
                continue;
            bool dup = false;
            for (int i = 0; i < count && !dup; i++)
                dup = libs[i] == q;
            if (!dup)
                libs[count++] = q;
        }
    return count;
}

static void add_move(go_point *moves, int *n, go_point p)
{
    for (int i = 0; i < *n; i++)
        if (moves[i] == p)
            return;
    if (*n < RACE_MAX_MOVES)
        moves[(*n)++] = p;
}

/* The target's liberties first, then those of the short enemy strings touching it. */
static int race_moves(const racer *r, const go_board *b, go_point *moves)
{
    go_point libs[RACE_MAX_MOVES], stones[GO_MAX_SIZE * GO_MAX_SIZE];
    int n = 0;
    int nl = string_liberties(b, r->target, libs, RACE_MAX_MOVES);
    for (int i = 0; i < nl; i++)
        add_move(moves, &n, libs[i]);
    go_color them = go_color_other(r->defender);
    int ns = go_board_group(b, r->target, stones, GO_MAX_SIZE * GO_MAX_SIZE);
    go_point done[RACE_MAX_MOVES];
    int ndone = 0;
    for (int k = 0; k < ns; k++)
        for (int d = 0; d < 4; d++) {
            go_point q = stones[k] + dir4[d];
            if (go_board_at(b, q) != them)
                continue;
            go_point id = go_board_group_id(b, q);
            bool seen = false;
            for (int i = 0; i < ndone && !seen; i++)
                seen = done[i] == id;
            if (seen || ndone >= RACE_MAX_MOVES)
                continue;
            done[ndone++] = id;
            go_point elibs[RACE_ATTACK_LIBS + 1];
            int ne = string_liberties(b, id, elibs, RACE_ATTACK_LIBS + 1);
            if (ne > RACE_ATTACK_LIBS)
                continue;
            for (int i = 0; i < ne; i++)
                add_move(moves, &n, elibs[i]);
        }
    return n;
}

/* +1: the target stands (it reached SCORE_RACE_SAFE_LIBS liberties, or both sides passed);
 * -1: captured; 0: the depth ran out. The defender maximises. */
static int race_search(racer *r, const go_board *b, go_color to_move, int passes, int depth)
{
    if (go_board_at(b, r->target) != r->defender)
        return -1;
    if (passes >= 2 || go_board_liberties(b, r->target) >= SCORE_RACE_SAFE_LIBS)
        return 1;
    if (depth == 0)
        return 0;
    uint64_t key = go_board_hash(b) ^ (to_move == GO_WHITE ? 0x9e3779b97f4a7c15ULL : 0) ^
                   ((uint64_t)passes << 62) ^
                   (uint64_t)(go_board_ko(b) + 1) * 0xff51afd7ed558ccdULL;
    race_entry *e = &r->table[key % RACE_TABLE_SIZE];
    if (e->used && e->key == key && (e->value != 0 || e->depth >= depth))
        return e->value;
    if (++r->nodes > r->max_nodes) {
        r->gave_up = true;
        return 0;
    }
    go_point moves[RACE_MAX_MOVES];
    int nmoves = race_moves(r, b, moves);
    bool maximise = to_move == r->defender;
    int best = maximise ? -2 : 2;
    for (int i = 0; i <= nmoves; i++) {
        go_board next = *b;
        go_point p = i < nmoves ? moves[i] : GO_PASS;
        if (go_board_play(&next, to_move, p) != 0)
            continue;
        int v = race_search(r, &next, go_color_other(to_move), p == GO_PASS ? passes + 1 : 0,
                            depth - 1);
        if (r->gave_up)
            return 0;
        if (maximise ? v > best : v < best)
            best = v;
        if (best == (maximise ? 1 : -1))
            break;
    }
    e->used = true;
    e->key = key;
    e->value = (int8_t)best;
    e->depth = (int8_t)depth;
    return best;
}

score_race_result score_race_string(const go_board *b, go_point target, go_color first,
                                    int max_nodes, int *nodes)
{
    *nodes = 0;
    go_color defender = go_board_at(b, target);
    if (defender != GO_BLACK && defender != GO_WHITE)
        return SCORE_RACE_UNKNOWN;
    static _Thread_local racer r;
    memset(&r, 0, sizeof r);
    r.defender = defender;
    r.target = go_board_group_id(b, target);
    r.max_nodes = max_nodes;
    int v = race_search(&r, b, first, 0, SCORE_RACE_DEPTH);
    *nodes = r.nodes;
    if (r.gave_up || v == 0)
        return SCORE_RACE_UNKNOWN;
    return v > 0 ? SCORE_RACE_STANDS : SCORE_RACE_CAPTURED;
}

go_point score_race_connect_out(const go_board *b, go_point target)
{
    go_color c = go_board_at(b, target);
    go_point libs[SCORE_RACE_SAFE_LIBS];
    int n = string_liberties(b, target, libs, SCORE_RACE_SAFE_LIBS);
    go_point best = GO_NOPOINT;
    int best_libs = 0;
    for (int i = 0; i < n; i++) {
        go_board next = *b;
        if (go_board_play(&next, c, libs[i]) != 0)
            continue;
        int after = go_board_liberties(&next, target);
        if (after >= SCORE_RACE_SAFE_LIBS && after > best_libs) {
            best = libs[i];
            best_libs = after;
        }
    }
    return best;
}
