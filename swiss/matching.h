/* Maximum-weight matching on a general graph (Edmonds' blossom algorithm, primal-dual, O(n^3)),
 * with weights that are unsigned integers of a fixed number of 64-bit words: the Dutch pairing
 * packs a dozen lexicographic criteria into one weight, far beyond 64 bits. Internal to swiss/. */
#ifndef GO_SWISS_MATCHING_H
#define GO_SWISS_MATCHING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A weight is `words` uint64_t, least significant word first. */
typedef struct go_mwm {
    int n, words;
    uint64_t *w; /* n * n * words, symmetric; all zero = no edge */
} go_mwm;

/* Allocates an n-vertex graph without edges whose weights hold `words` words. Room for the
 * algorithm's doubled duals is the caller's business: keep the top word's high bits clear. */
int go_mwm_init(go_mwm *g, int n, int words);
void go_mwm_clear(go_mwm *g);
static inline uint64_t *go_mwm_at(const go_mwm *g, int i, int j)
{
    return g->w + ((size_t)i * (size_t)g->n + (size_t)j) * (size_t)g->words;
}
/* Sets the weight of edge i-j (both directions) from `words` words. */
void go_mwm_set(go_mwm *g, int i, int j, const uint64_t *weight);
/* Small weight helper for tests: one word value. */
void go_mwm_set_u64(go_mwm *g, int i, int j, uint64_t weight);

/* A matching of maximum total weight (not necessarily of maximum cardinality: give every edge
 * a large common term for that). mate[v] = partner or v itself when unmatched. */
int go_mwm_solve(const go_mwm *g, int *mate);

/* The final duals without folding, for a caller that extends the optimality proof beyond the
 * graph (dutch.c): y (n * words, two's complement) the vertex duals, parent[x] (2n entries)
 * the innermost blossom holding vertex or blossom x (n .. 2n-1) or -1, z (2n * words) the
 * blossoms' duals, at index b. Caller-allocated. With them every edge inside the graph has
 * y_u + y_v + 2 (z of the blossoms holding both) >= 2 w, with equality on the matching. */
typedef struct go_mwm_proof {
    uint64_t *y;
    int *parent;
    uint64_t *z;
} go_mwm_proof;

/* The heaviest perfect matching, able to start from an earlier solution: with warm, mate[]
 * (partner or -1) and y[] (n * words duals, two's complement) from an earlier call on a graph
 * whose weights changed are the starting point; the pairs still tight (or made tight by
 * lowering their duals) are kept, so a local change costs a few augmentations instead of a
 * full run. The graph must have a perfect matching (the Dutch pairing adds a dummy vertex for
 * the bye and knows the round is completable); without one the result is a maximum matching
 * but, after a warm start, not necessarily the heaviest. Without warm, y is only written. On
 * return mate[v] is the partner or v, and y vertex duals feasible for every edge (the final
 * blossoms' duals folded into their vertices: the start for the next call). Duals are
 * doubled: an edge's slack is y_u + y_v - 2 w. proof (NULL or see above) receives the
 * unfolded duals. changed (NULL: all) marks the vertices whose edges may have changed weight
 * or whose y may have fallen since the call that returned y: the start checks only their
 * edges for feasibility (the others still have the duals that call made feasible). */
int go_mwm_solve_perfect(const go_mwm *g, int *mate, uint64_t *y, go_mwm_proof *proof,
                         const bool *changed, bool warm);

#endif
