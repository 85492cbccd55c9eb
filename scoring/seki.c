/* Structural seki check (双活): a shared empty point that neither colour can fill without
 * leaving its own stones in atari is a liberty both sides must leave open, and the groups
 * around it live together. Works on a colour array so that the count can run it after the
 * dead stones are removed. */
#include <string.h>

#include "score_int.h"

static const int dir4[4] = {-GO_STRIDE, 1, GO_STRIDE, -1};

typedef struct groups {
    uint16_t id[GO_POINTS];   /* group label (1-based) per stone, 0 elsewhere */
    uint16_t libs[GO_POINTS]; /* distinct liberties per label */
    int n;
} groups;

static void label_groups(groups *g, const uint8_t *col, int size)
{
    uint16_t stack[GO_POINTS];
    uint16_t lib_mark[GO_POINTS];
    memset(g->id, 0, sizeof g->id);
    memset(lib_mark, 0, sizeof lib_mark);
    g->n = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            uint8_t c = col[p];
            if ((c != GO_BLACK && c != GO_WHITE) || g->id[p])
                continue;
            uint16_t label = (uint16_t)++g->n;
            int sp = 0, libs = 0;
            stack[sp++] = (uint16_t)p;
            g->id[p] = label;
            while (sp > 0) {
                go_point q = stack[--sp];
                for (int d = 0; d < 4; d++) {
                    go_point r = q + dir4[d];
                    if (col[r] == c && !g->id[r]) {
                        g->id[r] = label;
                        stack[sp++] = (uint16_t)r;
                    } else if (col[r] == GO_EMPTY && lib_mark[r] != label) {
                        lib_mark[r] = label;
                        libs++;
                    }
                }
            }
            g->libs[label] = (uint16_t)libs;
        }
}

/* Liberties c would have at p after playing there (p itself excluded), or -1 when the move
 * captures (then filling p is a real option, not a seki liberty). */
/* Liberties of the stones of colour c connected to start (start itself, if empty, counts as
 * occupied by c), counting at most limit: the walks stop as soon as the answer is known, so
 * a dame next to a big living group costs a few steps. Generation stamps avoid clearing marks
 * on every call. */
static int libs_upto(const uint8_t *col, go_point start, uint8_t c, int limit)
{
    static _Thread_local uint32_t stamp[GO_POINTS], generation;
    if (++generation == 0) {
        memset(stamp, 0, sizeof stamp);
        generation = 1;
    }
    uint32_t gen = generation;
    uint16_t stack[GO_POINTS];
    int sp = 0, libs = 0;
    stamp[start] = gen;
    stack[sp++] = (uint16_t)start;
    while (sp > 0) {
        go_point q = stack[--sp];
        for (int d = 0; d < 4; d++) {
            go_point r = q + dir4[d];
            if (stamp[r] == gen)
                continue;
            if (col[r] == GO_EMPTY) {
                stamp[r] = gen;
                if (++libs >= limit)
                    return libs;
            } else if (col[r] == c) {
                stamp[r] = gen;
                stack[sp++] = (uint16_t)r;
            }
        }
    }
    return libs;
}

/* Can c fill p safely: it keeps two liberties, or it captures a neighbour? */
static bool fillable_by(const uint8_t *col, go_point p, uint8_t c)
{
    if (libs_upto(col, p, c, 2) >= 2)
        return true;
    uint8_t other = (uint8_t)(3 - c);
    for (int d = 0; d < 4; d++) {
        go_point r = p + dir4[d];
        /* The neighbour's only liberty is p: its walk finds p and nothing else. */
        if (col[r] == other && libs_upto(col, r, other, 2) == 1)
            return true;
    }
    return false;
}

/* Empty point next to both colours? */
static bool between_both(const uint8_t *col, go_point p)
{
    int seen = 0;
    for (int d = 0; d < 4; d++) {
        uint8_t c = col[p + dir4[d]];
        if (c == GO_BLACK || c == GO_WHITE)
            seen |= c;
    }
    return seen == (GO_BLACK | GO_WHITE);
}

/* Neither colour can fill p: each would be left in atari or have no liberty, and neither
 * captures by playing there. */
static bool unfillable(const uint8_t *col, go_point p)
{
    return !fillable_by(col, p, GO_BLACK) && !fillable_by(col, p, GO_WHITE);
}

/* Is there a shared point, fillable by someone, that is a liberty of both groups? */
static bool race_open(const groups *g, const uint8_t *col, int size, const uint8_t *shared,
                      uint16_t black, uint16_t white)
{
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point q = go_point_at(x, y);
            if (shared[q] != 1)
                continue;
            bool touches_black = false, touches_white = false;
            for (int d = 0; d < 4; d++) {
                go_point r = q + dir4[d];
                touches_black |= col[r] == GO_BLACK && g->id[r] == black;
                touches_white |= col[r] == GO_WHITE && g->id[r] == white;
            }
            if (touches_black && touches_white)
                return true;
        }
    return false;
}

int score_seki_find(bool *out, const uint8_t *col, int size)
{
    memset(out, 0, GO_POINTS * sizeof *out);
    static _Thread_local groups g;
    int found = 0;
    /* 0 = not a shared point, 1 = shared and fillable by someone, 2 = shared, unfillable. */
    uint8_t shared[GO_POINTS];
    memset(shared, 0, sizeof shared);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (col[p] != GO_EMPTY || !between_both(col, p))
                continue;
            shared[p] = unfillable(col, p) ? 2 : 1;
            found |= shared[p] == 2;
        }
    if (!found)
        return 0;
    /* Group labels only now: most positions have no unfillable point. */
    label_groups(&g, col, size);
    /* A Black group and a White group around an unfillable point live together unless some
     * other liberty of both can be filled safely: then one side can still close the race (a
     * capturing race, not a seki). */
    uint8_t keep[GO_POINTS];
    memset(keep, 0, sizeof keep);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (shared[p] != 2)
                continue;
            for (int d = 0; d < 4; d++) {
                go_point bp = p + dir4[d];
                if (col[bp] != GO_BLACK)
                    continue;
                for (int e = 0; e < 4; e++) {
                    go_point wp = p + dir4[e];
                    if (col[wp] != GO_WHITE)
                        continue;
                    if (race_open(&g, col, size, shared, g.id[bp], g.id[wp]))
                        continue;
                    keep[g.id[bp]] = 1;
                    keep[g.id[wp]] = 1;
                }
            }
        }
    int n = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if ((col[p] == GO_BLACK || col[p] == GO_WHITE) && keep[g.id[p]]) {
                out[p] = true;
                n++;
            }
        }
    return n;
}
