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
static int libs_after(const groups *g, const uint8_t *col, int size, go_point p, uint8_t c)
{
    uint8_t other = (uint8_t)(3 - c);
    uint16_t joined[4];
    int nj = 0;
    for (int d = 0; d < 4; d++) {
        go_point r = p + dir4[d];
        if (col[r] == other && g->libs[g->id[r]] == 1)
            return -1;
        if (col[r] == c) {
            uint16_t id = g->id[r];
            int dup = 0;
            for (int k = 0; k < nj; k++)
                dup |= joined[k] == id;
            if (!dup)
                joined[nj++] = id;
        }
    }
    /* Distinct empty points next to p or to a joined group. Joined groups are small in the
     * positions this runs on (a seki neighbourhood), so scanning the board is acceptable. */
    uint8_t mark[GO_POINTS];
    memset(mark, 0, sizeof mark);
    int libs = 0;
    mark[p] = 1;
    for (int d = 0; d < 4; d++) {
        go_point r = p + dir4[d];
        if (col[r] == GO_EMPTY && !mark[r]) {
            mark[r] = 1;
            libs++;
        }
    }
    if (nj == 0)
        return libs;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point q = go_point_at(x, y);
            if (col[q] != c)
                continue;
            int in = 0;
            for (int k = 0; k < nj; k++)
                in |= g->id[q] == joined[k];
            if (!in)
                continue;
            for (int d = 0; d < 4; d++) {
                go_point r = q + dir4[d];
                if (col[r] == GO_EMPTY && !mark[r]) {
                    mark[r] = 1;
                    libs++;
                }
            }
        }
    return libs;
}

int score_seki_find(bool *out, const uint8_t *col, int size)
{
    memset(out, 0, GO_POINTS * sizeof *out);
    static _Thread_local groups g;
    int labelled = 0, found = 0;
    uint8_t seki_label[GO_POINTS];
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (col[p] != GO_EMPTY)
                continue;
            int seen = 0;
            for (int d = 0; d < 4; d++) {
                uint8_t c = col[p + dir4[d]];
                if (c == GO_BLACK || c == GO_WHITE)
                    seen |= c;
            }
            if (seen != (GO_BLACK | GO_WHITE))
                continue; /* not between both colours */
            if (!labelled) {
                label_groups(&g, col, size);
                memset(seki_label, 0, sizeof seki_label);
                labelled = 1;
            }
            int black_libs = libs_after(&g, col, size, p, GO_BLACK);
            int white_libs = libs_after(&g, col, size, p, GO_WHITE);
            if (black_libs != 0 && black_libs != 1)
                continue; /* Black can fill it safely (or capture): plain dame */
            if (white_libs != 0 && white_libs != 1)
                continue;
            for (int d = 0; d < 4; d++) {
                go_point r = p + dir4[d];
                if (col[r] == GO_BLACK || col[r] == GO_WHITE)
                    seki_label[g.id[r]] = 1;
            }
            found = 1;
        }
    if (!found)
        return 0;
    int n = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if ((col[p] == GO_BLACK || col[p] == GO_WHITE) && seki_label[g.id[p]]) {
                out[p] = true;
                n++;
            }
        }
    return n;
}
