/* Local life-and-death reading for the dead-stone suggestion: a small exhaustive search over
 * the few empty points a group's life depends on (its liberties and the closed empty regions
 * they belong to), where light playouts are least reliable: both sides fill a private eye
 * space at random, so a group with a big eye often dies in them, and a group in a tight
 * enclosure often escapes. The search proves a result or gives up; it never guesses. */
#include <string.h>

#include "score_int.h"

static const int dir4[4] = {-GO_STRIDE, 1, GO_STRIDE, -1};

/* Positions already searched: the few local points take few colourings, and move orders
 * repeat them. A result is reused when it was proven (+1 or -1) or searched at least as deep. */
#define TABLE_SIZE 4096
typedef struct table_entry {
    uint64_t key;
    int8_t value;
    int8_t depth;
    bool used;
} table_entry;

typedef struct reader {
    go_color defender;
    go_point target;
    go_point moves[SCORE_READ_MAX_POINTS];
    int nmoves;
    int nodes, max_nodes;
    bool gave_up;
    table_entry table[TABLE_SIZE];
} reader;

/* Two of the local points are eyes of the defender (every neighbour its stone or the edge, not
 * false by the diagonals): it lives, whatever the other side does. */
static bool has_two_eyes(const reader *r, const go_board *b)
{
    int eyes = 0;
    for (int i = 0; i < r->nmoves && eyes < 2; i++)
        eyes += go_board_is_eye(b, r->defender, r->moves[i]);
    return eyes >= 2;
}

/* +1: the target lives (two eyes); -1: captured; 0: neither within the horizon (both passed:
 * a seki or a ko; or the depth ran out). The defender maximises. */
static int search(reader *r, const go_board *b, go_color to_move, int passes, int depth)
{
    if (go_board_at(b, r->target) != r->defender)
        return -1;
    if (has_two_eyes(r, b))
        return 1;
    if (passes >= 2 || depth == 0)
        return 0;
    uint64_t key = go_board_hash(b) ^ (to_move == GO_WHITE ? 0x9e3779b97f4a7c15ULL : 0) ^
                   ((uint64_t)passes << 62) ^
                   (uint64_t)(go_board_ko(b) + 1) * 0xff51afd7ed558ccdULL;
    table_entry *e = &r->table[key % TABLE_SIZE];
    if (e->used && e->key == key && (e->value != 0 || e->depth >= depth))
        return e->value;
    if (++r->nodes > r->max_nodes) {
        r->gave_up = true;
        return 0;
    }
    bool maximise = to_move == r->defender;
    int best = maximise ? -2 : 2;
    for (int i = 0; i <= r->nmoves; i++) {
        go_board next = *b;
        if (i < r->nmoves) {
            go_point p = r->moves[i];
            if (go_board_at(b, p) != GO_EMPTY || go_board_play(&next, to_move, p) != 0)
                continue;
        } else if (go_board_play(&next, to_move, GO_PASS) != 0) {
            continue;
        }
        int v =
            search(r, &next, go_color_other(to_move), i < r->nmoves ? 0 : passes + 1, depth - 1);
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

/* The empty points the group at target lives by: its liberties and the empty regions they
 * belong to, all of them; 0 when there are more than SCORE_READ_MAX_POINTS (an open group or a
 * large territory: not a local question). Central points first (the vital point of an eye
 * space is tried first by both sides). */
static int local_points(go_point *out, const go_board *b, go_point target)
{
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    static _Thread_local uint8_t seen[GO_POINTS];
    memset(seen, 0, sizeof seen);
    int nstones = go_board_group(b, target, stones, GO_MAX_SIZE * GO_MAX_SIZE), n = 0;
    for (int k = 0; k < nstones; k++)
        for (int d = 0; d < 4; d++) {
            go_point q = stones[k] + dir4[d];
            if (go_board_at(b, q) != GO_EMPTY || seen[q])
                continue;
            if (n >= SCORE_READ_MAX_POINTS)
                return 0;
            seen[q] = 1;
            out[n++] = q;
            for (int head = n - 1; head < n; head++)
                for (int e = 0; e < 4; e++) {
                    go_point r = out[head] + dir4[e];
                    if (go_board_at(b, r) != GO_EMPTY || seen[r])
                        continue;
                    if (n >= SCORE_READ_MAX_POINTS)
                        return 0;
                    seen[r] = 1;
                    out[n++] = r;
                }
        }
    int empties[SCORE_READ_MAX_POINTS];
    for (int i = 0; i < n; i++) {
        empties[i] = 0;
        for (int d = 0; d < 4; d++)
            empties[i] += go_board_at(b, out[i] + dir4[d]) == GO_EMPTY;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && empties[j] > empties[j - 1]; j--) {
            int e = empties[j];
            empties[j] = empties[j - 1];
            empties[j - 1] = e;
            go_point p = out[j];
            out[j] = out[j - 1];
            out[j - 1] = p;
        }
    return n;
}

/* Every string next to the local points or to the group, of either colour, is either inside
 * the question (all its liberties among the points) or well outside it (at least three
 * liberties elsewhere): a string with one or two liberties outside could be attacked or saved
 * by a move the search does not see. */
static bool question_is_local(const go_board *b, go_point target, const go_point *points,
                              int npoints)
{
    static _Thread_local uint8_t local[GO_POINTS], checked[GO_POINTS];
    memset(local, 0, sizeof local);
    memset(checked, 0, sizeof checked);
    for (int i = 0; i < npoints; i++)
        local[points[i]] = 1;
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    go_point around[4 * SCORE_READ_MAX_POINTS + 4 * GO_MAX_SIZE * GO_MAX_SIZE];
    int naround = 0;
    int ntarget = go_board_group(b, target, stones, GO_MAX_SIZE * GO_MAX_SIZE);
    for (int k = 0; k < ntarget; k++)
        for (int d = 0; d < 4; d++)
            around[naround++] = stones[k] + dir4[d];
    for (int i = 0; i < npoints; i++)
        for (int d = 0; d < 4; d++)
            around[naround++] = points[i] + dir4[d];
    for (int a = 0; a < naround; a++) {
        go_point s = around[a];
        go_color c = go_board_at(b, s);
        if ((c != GO_BLACK && c != GO_WHITE) || checked[go_board_group_id(b, s)])
            continue;
        checked[go_board_group_id(b, s)] = 1;
        static _Thread_local uint8_t lib_seen[GO_POINTS];
        memset(lib_seen, 0, sizeof lib_seen);
        int n = go_board_group(b, s, stones, GO_MAX_SIZE * GO_MAX_SIZE), outside = 0;
        for (int k = 0; k < n; k++)
            for (int d = 0; d < 4; d++) {
                go_point q = stones[k] + dir4[d];
                if (go_board_at(b, q) != GO_EMPTY || local[q] || lib_seen[q])
                    continue;
                lib_seen[q] = 1;
                outside++;
            }
        if (outside > 0 && outside < 3)
            return false;
    }
    return true;
}

score_read_result score_read_group(const go_board *b, go_point target, go_color first,
                                   int max_nodes, int *nodes)
{
    *nodes = 0;
    go_color defender = go_board_at(b, target);
    if (defender != GO_BLACK && defender != GO_WHITE)
        return SCORE_READ_UNKNOWN;
    static _Thread_local reader r;
    memset(&r, 0, sizeof r);
    r.defender = defender;
    r.target = target;
    r.max_nodes = max_nodes;
    r.nmoves = local_points(r.moves, b, target);
    if (r.nmoves == 0 || !question_is_local(b, target, r.moves, r.nmoves))
        return SCORE_READ_UNKNOWN;
    int v = search(&r, b, first, 0, 2 * r.nmoves + 4);
    *nodes = r.nodes;
    if (r.gave_up)
        return SCORE_READ_UNKNOWN;
    return v > 0 ? SCORE_READ_LIVES : v < 0 ? SCORE_READ_DIES : SCORE_READ_NEITHER;
}
