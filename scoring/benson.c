/* Benson's algorithm for unconditional life (Benson 1976): a set of chains of one colour that
 * each touch at least two "vital" regions (enclosed regions all of whose empty points are
 * liberties of the chain) can never be captured, even if their owner always passes. The dead
 * stone suggestion never marks such a group dead, whatever the random playouts say. */
#include <string.h>

#include "score_int.h"

static const int dir4[4] = {-GO_STRIDE, 1, GO_STRIDE, -1};

#define MAX_LABELS (GO_MAX_SIZE * GO_MAX_SIZE + 1)
#define MAX_PAIRS (4 * GO_MAX_SIZE * GO_MAX_SIZE)

typedef struct benson_state {
    uint16_t chain[GO_POINTS];  /* chain label of c's stones (1-based), 0 elsewhere */
    uint16_t region[GO_POINTS]; /* region label of the other points (1-based), 0 on c's stones */
    int nchains, nregions;
    /* Per region, the chains that border it: pairs[first[r] .. first[r]+count[r]). */
    int first[MAX_LABELS], count[MAX_LABELS], empties[MAX_LABELS];
    uint16_t pair_chain[MAX_PAIRS];
    uint16_t pair_libs[MAX_PAIRS]; /* empty points of the region next to that chain */
    bool chain_alive[MAX_LABELS], region_healthy_ok[MAX_LABELS];
} benson_state;

static int flood(uint16_t *label, const go_board *b, go_point start, uint16_t id, bool same_c,
                 go_color c, uint16_t *stack)
{
    int sp = 0, n = 0;
    stack[sp++] = (uint16_t)start;
    label[start] = id;
    while (sp > 0) {
        go_point q = stack[--sp];
        n++;
        for (int d = 0; d < 4; d++) {
            go_point r = q + dir4[d];
            go_color rc = go_board_at(b, r);
            if (rc == GO_OFFBOARD || label[r])
                continue;
            if ((rc == c) != same_c)
                continue;
            label[r] = id;
            stack[sp++] = (uint16_t)r;
        }
    }
    return n;
}

int go_score_benson(bool *alive, const go_board *b, go_color c)
{
    static _Thread_local benson_state st;
    benson_state *s = &st;
    uint16_t stack[GO_POINTS];
    int size = go_board_size(b);
    memset(alive, 0, GO_POINTS * sizeof *alive);
    memset(s->chain, 0, sizeof s->chain);
    memset(s->region, 0, sizeof s->region);
    s->nchains = s->nregions = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            go_color pc = go_board_at(b, p);
            if (pc == GO_OFFBOARD)
                continue; /* never on a valid board; keeps the label indices in range */
            if (pc == c && !s->chain[p])
                flood(s->chain, b, p, (uint16_t)++s->nchains, true, c, stack);
            else if (pc != c && !s->region[p])
                flood(s->region, b, p, (uint16_t)++s->nregions, false, c, stack);
        }
    if (s->nchains == 0)
        return 0;

    /* Pairs (region, bordering chain) with the number of the region's empty points that are
     * liberties of the chain. Regions are filled in label order so pairs stay contiguous. */
    int npairs = 0;
    memset(s->count, 0, sizeof s->count);
    memset(s->empties, 0, sizeof s->empties);
    /* Collect points per region in label order: a counting sort over the board. */
    static _Thread_local uint16_t order[GO_POINTS];
    int start[MAX_LABELS + 1];
    memset(start, 0, sizeof start);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (s->region[p])
                start[s->region[p] + 1]++;
        }
    for (int r = 1; r <= s->nregions; r++)
        start[r + 1] += start[r];
    int fill[MAX_LABELS + 1];
    memcpy(fill, start, sizeof fill);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (s->region[p])
                order[fill[s->region[p]]++] = (uint16_t)p;
        }
    for (int r = 1; r <= s->nregions; r++) {
        s->first[r] = npairs;
        for (int i = start[r]; i < start[r + 1]; i++) {
            go_point p = order[i];
            bool empty = go_board_at(b, p) == GO_EMPTY;
            if (empty)
                s->empties[r]++;
            uint16_t seen[4];
            int nseen = 0;
            for (int d = 0; d < 4; d++) {
                uint16_t ch = s->chain[p + dir4[d]];
                if (!ch)
                    continue;
                int dup = 0;
                for (int k = 0; k < nseen; k++)
                    dup |= seen[k] == ch;
                if (dup)
                    continue;
                seen[nseen++] = ch;
                int k = s->first[r];
                while (k < npairs && s->pair_chain[k] != ch)
                    k++;
                if (k == npairs) {
                    if (npairs >= MAX_PAIRS)
                        return 0; /* cannot happen: each pair needs an adjacency */
                    s->pair_chain[npairs] = ch;
                    s->pair_libs[npairs] = 0;
                    npairs++;
                    s->count[r]++;
                }
                if (empty)
                    s->pair_libs[k]++;
            }
        }
    }

    for (int ch = 1; ch <= s->nchains; ch++)
        s->chain_alive[ch] = true;
    for (int r = 1; r <= s->nregions; r++)
        s->region_healthy_ok[r] = true;
    for (bool changed = true; changed;) {
        changed = false;
        /* A chain needs two vital regions among those still standing. */
        int vital[MAX_LABELS];
        memset(vital, 0, sizeof(int) * (size_t)(s->nchains + 1));
        for (int r = 1; r <= s->nregions; r++) {
            if (!s->region_healthy_ok[r])
                continue;
            for (int k = s->first[r]; k < s->first[r] + s->count[r]; k++)
                if (s->pair_libs[k] == s->empties[r])
                    vital[s->pair_chain[k]]++;
        }
        for (int ch = 1; ch <= s->nchains; ch++)
            if (s->chain_alive[ch] && vital[ch] < 2) {
                s->chain_alive[ch] = false;
                changed = true;
            }
        /* A region bordered by a chain that fell is no longer a safe eye for anyone. */
        for (int r = 1; r <= s->nregions; r++) {
            if (!s->region_healthy_ok[r])
                continue;
            for (int k = s->first[r]; k < s->first[r] + s->count[r]; k++)
                if (!s->chain_alive[s->pair_chain[k]]) {
                    s->region_healthy_ok[r] = false;
                    changed = true;
                    break;
                }
        }
    }
    int n = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (s->chain[p] && s->chain_alive[s->chain[p]]) {
                alive[p] = true;
                n++;
            }
        }
    return n;
}
