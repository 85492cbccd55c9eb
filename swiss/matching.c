/* Maximum-weight matching on a general graph: Edmonds' blossom algorithm in the primal-dual
 * form of Galil (1986), with the stage structure described by Van Rantwijk's mwmatching notes.
 * Weights are fixed-width unsigned multi-word integers: only add, subtract, compare and halve
 * are needed, and with the slack defined as u_i + u_j - 2 w_ij every quantity stays a
 * non-negative integer (S-S slacks are even), so no fractions and no signs appear. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "go/error.h"
#include "matching.h"

int go_mwm_init(go_mwm *g, int n, int words)
{
    g->n = n;
    g->words = words;
    g->w = calloc((size_t)n * (size_t)n * (size_t)words + 1, sizeof *g->w);
    return g->w ? 0 : go_error_set(GO_ENOMEM, "matching graph");
}

void go_mwm_clear(go_mwm *g)
{
    free(g->w);
    g->w = NULL;
    g->n = 0;
}

void go_mwm_set(go_mwm *g, int i, int j, const uint64_t *weight)
{
    memcpy(go_mwm_at(g, i, j), weight, (size_t)g->words * sizeof *weight);
    memcpy(go_mwm_at(g, j, i), weight, (size_t)g->words * sizeof *weight);
}

void go_mwm_set_u64(go_mwm *g, int i, int j, uint64_t weight)
{
    uint64_t *a = go_mwm_at(g, i, j), *b = go_mwm_at(g, j, i);
    memset(a, 0, (size_t)g->words * sizeof *a);
    memset(b, 0, (size_t)g->words * sizeof *b);
    a[0] = b[0] = weight;
}

/* ---- multi-word unsigned arithmetic (K words, least significant first) ---- */

static void big_add(uint64_t *r, const uint64_t *a, const uint64_t *b, int k)
{
    uint64_t carry = 0;
    for (int i = 0; i < k; i++) {
        uint64_t s = a[i] + b[i];
        uint64_t c1 = s < a[i];
        uint64_t t = s + carry;
        carry = c1 | (t < s);
        r[i] = t;
    }
}

static void big_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, int k)
{
    uint64_t borrow = 0;
    for (int i = 0; i < k; i++) {
        uint64_t d = a[i] - b[i];
        uint64_t b1 = a[i] < b[i];
        uint64_t t = d - borrow;
        borrow = b1 | (d < borrow);
        r[i] = t;
    }
}

static int big_cmp(const uint64_t *a, const uint64_t *b, int k)
{
    for (int i = k - 1; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* Two's complement comparison: warm-started duals of a perfect matching may be negative. */
static int big_cmp_signed(const uint64_t *a, const uint64_t *b, int k)
{
    int64_t x = (int64_t)a[k - 1], y = (int64_t)b[k - 1];
    if (x != y)
        return x < y ? -1 : 1;
    for (int i = k - 2; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static bool big_zero(const uint64_t *a, int k)
{
    for (int i = 0; i < k; i++)
        if (a[i])
            return false;
    return true;
}

static void big_shr1(uint64_t *r, const uint64_t *a, int k)
{
    for (int i = 0; i < k; i++)
        r[i] = (a[i] >> 1) | (i + 1 < k ? a[i + 1] << 63 : 0);
}

/* ---- the solver state ---- */

typedef struct mw {
    int n, m, k;        /* vertices, edges, words per number */
    int *ev;            /* 2m endpoints: edge e = ev[2e], ev[2e+1] */
    int *adj, *adj_off; /* CSR: remote endpoints p of the edges at each vertex */
    int *adjv;          /* the remote vertex ev[adj[a]], read in order by the scans */
    int *mate;          /* remote endpoint or -1 */
    int *label, *labelend, *inblossom, *parent, *base, *bestedge;
    int **childs, **endps, *nchild; /* blossom children and the endpoints linking them */
    int **bestlist, *nbest;         /* a blossom's least-slack edges to other S-blossoms */
    int *blossom_room;              /* one block behind childs[], endps[] and bestlist[] */
    int *unused, nunused;
    uint64_t *dual; /* 2n numbers */
    /* edge e is allowed (tight, or known usable) in this stage when allowed[e] == stamp: a new
     * stage clears them all by taking the next stamp instead of a pass over the m edges */
    int *allowed, stamp;
    int *queue, nqueue;
    int *leaves, *bestto; /* scratch */
    uint64_t *tmp, *tmp2, *delta;
    /* Comparison keys of the bestedge[] entries, 2n numbers, so that a candidate edge is
     * compared with the current best without recomputing the best's slack: within a stage an
     * S-vertex's dual only falls by each dual step, so with dsum the steps' sum so far, an edge
     * from S-vertex v to a non-S vertex w has slack - y_w + dsum = y_v + dsum - 2w constant
     * (one key per w), and an edge between two S-blossoms has slack + 2 dsum constant. Equal
     * keys mean equal slacks, so every choice (ties included) is the one the slacks give. */
    uint64_t *bkey, *dsum, *key, *cv;
    uint64_t *bestsl; /* 2n numbers: add_blossom's least slack to each S-blossom */
    /* the graph's own weights (row-major, gk words each): a vertex's edges are scanned along
     * its row, in memory order, rather than through the edge array */
    const uint64_t *gw;
    int gk;
} mw;

#define DUAL(s, b) ((s)->dual + (size_t)(b) * (size_t)(s)->k)

/* out = a + b - 2w, 2w read from w shifted by one bit: the slack of an edge from its
 * endpoints' duals and the graph's own weight (the hot spot) */
static void slack3(uint64_t *out, const uint64_t *a, const uint64_t *b, const uint64_t *w, int k)
{
    uint64_t carry = 0, borrow = 0, prev = 0;
    for (int i = 0; i < k; i++) {
        uint64_t w2 = (w[i] << 1) | (prev >> 63);
        prev = w[i];
        uint64_t x = a[i] + b[i];
        uint64_t c1 = x < a[i];
        uint64_t y = x + carry;
        carry = c1 | (y < x);
        uint64_t z = y - w2;
        uint64_t b1 = y < w2;
        out[i] = z - borrow;
        borrow = b1 | (z < borrow);
    }
}

/* out = a + b + c - 2w (the key of an edge between two S-blossoms: a = y_v + dsum, b = y_w,
 * c = dsum) */
static void slack4(uint64_t *out, const uint64_t *a, const uint64_t *b, const uint64_t *c,
                   const uint64_t *w, int k)
{
    uint64_t carry = 0, borrow = 0, prev = 0;
    for (int i = 0; i < k; i++) {
        uint64_t w2 = (w[i] << 1) | (prev >> 63);
        prev = w[i];
        uint64_t x = a[i] + b[i];
        uint64_t c1 = x < a[i];
        uint64_t x2 = x + c[i];
        uint64_t c2 = x2 < x;
        uint64_t y = x2 + carry;
        carry = c1 + c2 + (y < x2);
        uint64_t z = y - w2;
        uint64_t b1 = y < w2;
        out[i] = z - borrow;
        borrow = b1 | (z < borrow);
    }
}

/* out = a - 2w (the key of an edge from an S-vertex to a non-S vertex, a = y_v + dsum) */
static void sub_twice(uint64_t *out, const uint64_t *a, const uint64_t *w, int k)
{
    uint64_t borrow = 0, prev = 0;
    for (int i = 0; i < k; i++) {
        uint64_t w2 = (w[i] << 1) | (prev >> 63);
        prev = w[i];
        uint64_t z = a[i] - w2;
        uint64_t b1 = a[i] < w2;
        out[i] = z - borrow;
        borrow = b1 | (z < borrow);
    }
}

/* out = 2w - a */
static void twice_sub(uint64_t *out, const uint64_t *w, const uint64_t *a, int k)
{
    uint64_t borrow = 0, prev = 0;
    for (int i = 0; i < k; i++) {
        uint64_t w2 = (w[i] << 1) | (prev >> 63);
        prev = w[i];
        uint64_t z = w2 - a[i];
        uint64_t b1 = w2 < a[i];
        out[i] = z - borrow;
        borrow = b1 | (z < borrow);
    }
}

/* Whether y_v + y_w - 2w can be zero: its low word must be (no carry comes in there), and
 * every other word must be within 1 of zero (the carry from below is -1, 0 or 1). The top
 * words are the weights' headroom, so the test runs from the top down: a slack's highest
 * nonzero word is usually found within a few words. */
static bool maybe_tight(const uint64_t *yv, const uint64_t *yw, const uint64_t *w, int k)
{
    if (yv[0] + yw[0] - (w[0] << 1) != 0)
        return false;
    for (int i = k - 1; i > 0; i--)
        if (yv[i] + yw[i] - ((w[i] << 1) | (w[i - 1] >> 63)) + 1 > 2)
            return false;
    return true;
}

/* the weight of edge i-j in the graph */
static const uint64_t *wt_of(const mw *s, int i, int j)
{
    return s->gw + ((size_t)i * (size_t)s->n + (size_t)j) * (size_t)s->gk;
}

/* slack of edge e into out: u_i + u_j - 2 w */
static void slack(const mw *s, int e, uint64_t *out)
{
    int i = s->ev[2 * e], j = s->ev[2 * e + 1];
    slack3(out, DUAL(s, i), DUAL(s, j), wt_of(s, i, j), s->k);
}

/* key of an edge with this slack between two S-blossoms (see bkey) */
static void key_ss(const mw *s, const uint64_t *sl, uint64_t *out)
{
    big_add(out, sl, s->dsum, s->k);
    big_add(out, out, s->dsum, s->k);
}

/* Appends the vertices of blossom b to out; returns the new count. */
static int leaves_of(const mw *s, int b, int *out, int cnt)
{
    if (b < s->n) {
        out[cnt++] = b;
        return cnt;
    }
    for (int i = 0; i < s->nchild[b]; i++)
        cnt = leaves_of(s, s->childs[b][i], out, cnt);
    return cnt;
}

static void assign_label(mw *s, int w, int t, int p)
{
    for (;;) {
        int b = s->inblossom[w];
        s->label[w] = s->label[b] = t;
        s->labelend[w] = s->labelend[b] = p;
        s->bestedge[w] = s->bestedge[b] = -1;
        if (t == 1) {
            int cnt = leaves_of(s, b, s->leaves, 0);
            for (int i = 0; i < cnt; i++)
                s->queue[s->nqueue++] = s->leaves[i];
            return;
        }
        int bs = s->base[b];
        int mp = s->mate[bs];
        w = s->ev[mp];
        t = 1;
        p = mp ^ 1;
    }
}

/* Trace back from v and w to find a new blossom's base, or -1 for an augmenting path. */
static int scan_blossom(mw *s, int v, int w)
{
    int path_len = 0, result = -1;
    int *path = s->leaves; /* blossoms marked on the way */
    while (v != -1 || w != -1) {
        int b = s->inblossom[v];
        if (s->label[b] & 4) {
            result = s->base[b];
            break;
        }
        path[path_len++] = b;
        s->label[b] = 5;
        if (s->labelend[b] == -1) {
            v = -1;
        } else {
            v = s->ev[s->labelend[b]];
            b = s->inblossom[v];
            v = s->ev[s->labelend[b]];
        }
        if (w != -1) {
            int t = v;
            v = w;
            w = t;
        }
    }
    for (int i = 0; i < path_len; i++)
        s->label[path[i]] = 1;
    return result;
}

static void add_blossom(mw *s, int bse, int e)
{
    int n = s->n, k = s->k;
    int v = s->ev[2 * e], w = s->ev[2 * e + 1];
    int bb = s->inblossom[bse], bv = s->inblossom[v], bw = s->inblossom[w];
    int b = s->unused[--s->nunused];
    s->base[b] = bse;
    s->parent[b] = -1;
    s->parent[bb] = b;
    int *path = s->childs[b], *endps = s->endps[b];
    int np = 0, ne = 0;
    while (bv != bb) {
        s->parent[bv] = b;
        path[np++] = bv;
        endps[ne++] = s->labelend[bv];
        v = s->ev[s->labelend[bv]];
        bv = s->inblossom[v];
    }
    path[np++] = bb;
    for (int i = 0; i < np / 2; i++) {
        int t = path[i];
        path[i] = path[np - 1 - i];
        path[np - 1 - i] = t;
    }
    for (int i = 0; i < ne / 2; i++) {
        int t = endps[i];
        endps[i] = endps[ne - 1 - i];
        endps[ne - 1 - i] = t;
    }
    endps[ne++] = 2 * e;
    while (bw != bb) {
        s->parent[bw] = b;
        path[np++] = bw;
        endps[ne++] = s->labelend[bw] ^ 1;
        w = s->ev[s->labelend[bw]];
        bw = s->inblossom[w];
    }
    s->nchild[b] = np;
    s->label[b] = 1;
    s->labelend[b] = s->labelend[bb];
    memset(DUAL(s, b), 0, (size_t)k * sizeof(uint64_t));
    int cnt = leaves_of(s, b, s->leaves, 0);
    for (int i = 0; i < cnt; i++) {
        int x = s->leaves[i];
        if (s->label[s->inblossom[x]] == 2)
            s->queue[s->nqueue++] = x;
        s->inblossom[x] = b;
    }
    int *bestto = s->bestto;
    for (int i = 0; i < 2 * n; i++)
        bestto[i] = -1;
    for (int c = 0; c < np; c++) {
        int sub = path[c];
        /* Edges to consider: the sub-blossom's own least-slack list, or every edge at its
         * vertices when it has none. */
        int lcnt = 0;
        if (!s->bestlist[sub] || s->nbest[sub] < 0)
            lcnt = leaves_of(s, sub, s->leaves, 0);
        int nlists = s->nbest[sub] >= 0 && s->bestlist[sub] ? 1 : lcnt;
        for (int li = 0; li < nlists; li++) {
            const int *list;
            int len;
            int tmp_edges_from = -1;
            if (s->nbest[sub] >= 0 && s->bestlist[sub]) {
                list = s->bestlist[sub];
                len = s->nbest[sub];
            } else {
                tmp_edges_from = s->leaves[li];
                list = s->adj + s->adj_off[tmp_edges_from];
                len = s->adj_off[tmp_edges_from + 1] - s->adj_off[tmp_edges_from];
            }
            for (int q = 0; q < len; q++) {
                int ed = tmp_edges_from >= 0 ? list[q] / 2 : list[q];
                int i = s->ev[2 * ed], j = s->ev[2 * ed + 1];
                if (s->inblossom[j] == b) {
                    int t = i;
                    i = j;
                    j = t;
                }
                int bj = s->inblossom[j];
                if (bj == b || s->label[bj] != 1)
                    continue;
                uint64_t *sl = s->bestsl + (size_t)bj * (size_t)k;
                slack3(s->tmp, DUAL(s, i), DUAL(s, j), wt_of(s, i, j), k);
                if (bestto[bj] == -1 || big_cmp(s->tmp, sl, k) < 0) {
                    bestto[bj] = ed;
                    memcpy(sl, s->tmp, (size_t)k * sizeof *sl);
                }
            }
        }
        s->nbest[sub] = -1;
        s->bestedge[sub] = -1;
    }
    int nb = 0, best = -1;
    s->bestedge[b] = -1;
    for (int i = 0; i < 2 * n; i++)
        if (bestto[i] != -1) {
            s->bestlist[b][nb++] = bestto[i];
            if (best == -1 || big_cmp(s->bestsl + (size_t)i * (size_t)k,
                                      s->bestsl + (size_t)best * (size_t)k, k) < 0)
                best = i;
        }
    s->nbest[b] = nb;
    if (best != -1) {
        s->bestedge[b] = bestto[best];
        key_ss(s, s->bestsl + (size_t)best * (size_t)k, s->bkey + (size_t)b * (size_t)k);
    }
}

static int child_index(const mw *s, int b, int t)
{
    for (int i = 0; i < s->nchild[b]; i++)
        if (s->childs[b][i] == t)
            return i;
    return -1;
}

/* Python-style index into a blossom's cyclic lists (j may be negative). */
static int cyc(const mw *s, int b, int j)
{
    int len = s->nchild[b];
    return j < 0 ? j + len : j;
}

static void expand_blossom(mw *s, int b, bool endstage)
{
    int n = s->n;
    for (int c = 0; c < s->nchild[b]; c++) {
        int sub = s->childs[b][c];
        s->parent[sub] = -1;
        if (sub < n) {
            s->inblossom[sub] = sub;
        } else if (endstage && big_zero(DUAL(s, sub), s->k)) {
            expand_blossom(s, sub, endstage);
        } else {
            int cnt = leaves_of(s, sub, s->leaves, 0);
            for (int i = 0; i < cnt; i++)
                s->inblossom[s->leaves[i]] = sub;
        }
    }
    if (!endstage && s->label[b] == 2) {
        int entrychild = s->inblossom[s->ev[s->labelend[b] ^ 1]];
        int j = child_index(s, b, entrychild), jstep, endptrick;
        if (j & 1) {
            j -= s->nchild[b];
            jstep = 1;
            endptrick = 0;
        } else {
            jstep = -1;
            endptrick = 1;
        }
        int p = s->labelend[b];
        while (j != 0) {
            s->label[s->ev[p ^ 1]] = 0;
            s->label[s->ev[s->endps[b][cyc(s, b, j - endptrick)] ^ endptrick ^ 1]] = 0;
            assign_label(s, s->ev[p ^ 1], 2, p);
            s->allowed[s->endps[b][cyc(s, b, j - endptrick)] / 2] = s->stamp;
            j += jstep;
            p = s->endps[b][cyc(s, b, j - endptrick)] ^ endptrick;
            s->allowed[p / 2] = s->stamp;
            j += jstep;
        }
        int bv = s->childs[b][cyc(s, b, j)];
        s->label[s->ev[p ^ 1]] = s->label[bv] = 2;
        s->labelend[s->ev[p ^ 1]] = s->labelend[bv] = p;
        s->bestedge[bv] = -1;
        j += jstep;
        while (s->childs[b][cyc(s, b, j)] != entrychild) {
            bv = s->childs[b][cyc(s, b, j)];
            if (s->label[bv] == 1) {
                j += jstep;
                continue;
            }
            int cnt = leaves_of(s, bv, s->leaves, 0), v = -1;
            for (int i = 0; i < cnt; i++)
                if (s->label[s->leaves[i]] != 0) {
                    v = s->leaves[i];
                    break;
                }
            if (v >= 0) {
                s->label[v] = 0;
                s->label[s->ev[s->mate[s->base[bv]]]] = 0;
                assign_label(s, v, 2, s->labelend[v]);
            }
            j += jstep;
        }
    }
    s->label[b] = s->labelend[b] = -1;
    s->nchild[b] = 0;
    s->base[b] = -1;
    s->nbest[b] = -1;
    s->bestedge[b] = -1;
    s->unused[s->nunused++] = b;
}

static void rotate(int *a, int len, int i)
{
    /* a[i:] + a[:i], in place by three reversals */
    for (int x = 0, y = i - 1; x < y; x++, y--) {
        int t = a[x];
        a[x] = a[y];
        a[y] = t;
    }
    for (int x = i, y = len - 1; x < y; x++, y--) {
        int t = a[x];
        a[x] = a[y];
        a[y] = t;
    }
    for (int x = 0, y = len - 1; x < y; x++, y--) {
        int t = a[x];
        a[x] = a[y];
        a[y] = t;
    }
}

static void augment_blossom(mw *s, int b, int v)
{
    int n = s->n;
    int t = v;
    while (s->parent[t] != b)
        t = s->parent[t];
    if (t >= n)
        augment_blossom(s, t, v);
    int i = child_index(s, b, t), j = i, jstep, endptrick;
    if (i & 1) {
        j -= s->nchild[b];
        jstep = 1;
        endptrick = 0;
    } else {
        jstep = -1;
        endptrick = 1;
    }
    while (j != 0) {
        j += jstep;
        t = s->childs[b][cyc(s, b, j)];
        int p = s->endps[b][cyc(s, b, j - endptrick)] ^ endptrick;
        if (t >= n)
            augment_blossom(s, t, s->ev[p]);
        j += jstep;
        t = s->childs[b][cyc(s, b, j)];
        if (t >= n)
            augment_blossom(s, t, s->ev[p ^ 1]);
        s->mate[s->ev[p]] = p ^ 1;
        s->mate[s->ev[p ^ 1]] = p;
    }
    rotate(s->childs[b], s->nchild[b], i);
    rotate(s->endps[b], s->nchild[b], i);
    s->base[b] = s->base[s->childs[b][0]];
}

static void augment_matching(mw *s, int e)
{
    int n = s->n;
    for (int side = 0; side < 2; side++) {
        int sv = s->ev[2 * e + side], p = 2 * e + 1 - side;
        for (;;) {
            int bs = s->inblossom[sv];
            if (bs >= n)
                augment_blossom(s, bs, sv);
            s->mate[sv] = p;
            if (s->labelend[bs] == -1)
                break;
            int t = s->ev[s->labelend[bs]];
            int bt = s->inblossom[t];
            sv = s->ev[s->labelend[bt]];
            int j = s->ev[s->labelend[bt] ^ 1];
            if (bt >= n)
                augment_blossom(s, bt, j);
            s->mate[j] = s->labelend[bt];
            p = s->labelend[bt] ^ 1;
        }
    }
}

static void mw_free(mw *s)
{
    free(s->ev);
    free(s->adj);
    free(s->adj_off);
    free(s->adjv);
    free(s->mate);
    free(s->label);
    free(s->labelend);
    free(s->inblossom);
    free(s->parent);
    free(s->base);
    free(s->bestedge);
    free(s->blossom_room);
    free(s->childs);
    free(s->endps);
    free(s->bestlist);
    free(s->nchild);
    free(s->nbest);
    free(s->unused);
    free(s->dual);
    free(s->allowed);
    free(s->queue);
    free(s->leaves);
    free(s->bestto);
    free(s->tmp);
    free(s->tmp2);
    free(s->delta);
    free(s->bkey);
    free(s->dsum);
    free(s->key);
    free(s->cv);
    free(s->bestsl);
}

/* perfect: the maximum-cardinality variant (no dual step of the first kind, duals of any
 * sign), which may start from earlier duals y_io and an earlier matching mate_in (warm). */
/* Words above the heaviest edge's top word stay zero except for one carry word: the words
 * to work on (the Dutch weights reserve headroom for their widest case). */
static int used_words(const go_mwm *g, const uint64_t *y_io)
{
    int n = g->n, k = g->words;
    int top = 0;
    for (int i = 0; i < n && !y_io; i++) /* the perfect form keeps every word of its duals */
        for (int j = i + 1; j < n; j++) {
            const uint64_t *wt = go_mwm_at(g, i, j);
            for (int q = k - 1; q > top; q--)
                if (wt[q]) {
                    top = q;
                    break;
                }
        }
    return top + 2 < k && !y_io ? top + 2 : k;
}

/* The solver's arrays for n vertices and m edges, and room for every possible blossom in one
 * allocation (most of it is never touched). */
static int mw_alloc(mw *s, const go_mwm *g, size_t m)
{
    int n = s->n, k = s->k;
    size_t N2 = 2 * (size_t)n;
    s->m = (int)m;
    s->ev = malloc(2 * m * sizeof *s->ev);
    s->adj = malloc(2 * m * sizeof *s->adj);
    s->adj_off = calloc((size_t)n + 1, sizeof *s->adj_off);
    s->adjv = malloc(2 * m * sizeof *s->adjv);
    s->mate = malloc((size_t)n * sizeof *s->mate);
    s->label = malloc(N2 * sizeof(int));
    s->labelend = malloc(N2 * sizeof(int));
    s->inblossom = malloc((size_t)n * sizeof(int));
    s->parent = malloc(N2 * sizeof(int));
    s->base = malloc(N2 * sizeof(int));
    s->bestedge = malloc(N2 * sizeof(int));
    s->childs = calloc(N2, sizeof(int *));
    s->endps = calloc(N2, sizeof(int *));
    s->bestlist = calloc(N2, sizeof(int *));
    s->nchild = calloc(N2, sizeof(int));
    s->nbest = malloc(N2 * sizeof(int));
    s->unused = malloc((size_t)n * sizeof(int));
    s->dual = calloc(N2 * (size_t)k, sizeof(uint64_t));
    s->allowed = calloc(m, sizeof(int));
    s->queue = malloc((N2 + m + 8) * sizeof(int)); /* n labels + one per allowed edge */
    s->leaves = malloc((N2 + 1) * sizeof(int));
    s->bestto = malloc(N2 * sizeof(int));
    s->tmp = malloc((size_t)k * sizeof(uint64_t));
    s->tmp2 = malloc((size_t)k * sizeof(uint64_t));
    s->delta = malloc((size_t)k * sizeof(uint64_t));
    s->bkey = malloc(N2 * (size_t)k * sizeof(uint64_t));
    s->dsum = malloc((size_t)k * sizeof(uint64_t));
    s->key = malloc((size_t)k * sizeof(uint64_t));
    s->cv = malloc((size_t)k * sizeof(uint64_t));
    s->bestsl = malloc(N2 * (size_t)k * sizeof(uint64_t));
    s->gw = g->w;
    s->gk = g->words;
    if (!s->bkey || !s->dsum || !s->key || !s->cv || !s->bestsl || !s->adjv || !s->ev || !s->adj ||
        !s->adj_off || !s->mate || !s->label || !s->labelend || !s->inblossom || !s->parent ||
        !s->base || !s->bestedge || !s->childs || !s->endps || !s->bestlist || !s->nchild ||
        !s->nbest || !s->unused || !s->dual || !s->allowed || !s->queue || !s->leaves ||
        !s->bestto || !s->tmp || !s->tmp2 || !s->delta) {
        return go_error_set(GO_ENOMEM, "matching");
    }
    size_t per_blossom = 2 * ((size_t)n + 1) + N2;
    s->blossom_room = malloc((size_t)n * per_blossom * sizeof(int));
    if (!s->blossom_room) {
        return go_error_set(GO_ENOMEM, "matching");
    }
    for (int b = n; b < 2 * n; b++) {
        int *room = s->blossom_room + (size_t)(b - n) * per_blossom;
        s->childs[b] = room;
        s->endps[b] = room + n + 1;
        s->bestlist[b] = room + 2 * ((size_t)n + 1);
    }
    return 0;
}

/* The edges (an array and, per vertex, a CSR list), every vertex dual at the largest weight,
 * no blossom, nothing matched. */
static void mw_build(mw *s, const go_mwm *g)
{
    int n = s->n, k = s->k;
    size_t m = (size_t)s->m;
    uint64_t *maxw = s->delta; /* the largest weight: every vertex dual starts there */
    memset(maxw, 0, (size_t)k * sizeof *maxw);
    size_t e = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            const uint64_t *wt = go_mwm_at(g, i, j);
            if (big_zero(wt, k))
                continue;
            s->ev[2 * e] = i;
            s->ev[2 * e + 1] = j;
            if (big_cmp(wt, maxw, s->k) > 0)
                memcpy(maxw, wt, (size_t)s->k * sizeof *maxw);
            s->adj_off[i + 1]++;
            s->adj_off[j + 1]++;
            e++;
        }
    for (int v = 0; v < n; v++)
        s->adj_off[v + 1] += s->adj_off[v];
    {
        int *fill = s->bestto; /* scratch cursor per vertex */
        for (int v = 0; v < n; v++)
            fill[v] = s->adj_off[v];
        for (size_t q = 0; q < m; q++) {
            int i = s->ev[2 * q], j = s->ev[2 * q + 1];
            s->adjv[fill[i]] = j;
            s->adj[fill[i]++] = (int)(2 * q + 1); /* remote endpoint j */
            s->adjv[fill[j]] = i;
            s->adj[fill[j]++] = (int)(2 * q);
        }
    }
    for (int v = 0; v < n; v++) {
        s->mate[v] = -1;
        s->inblossom[v] = v;
        s->base[v] = v;
        memcpy(DUAL(s, v), maxw, (size_t)k * sizeof *maxw);
    }
    for (int b = 0; b < 2 * n; b++) {
        s->parent[b] = -1;
        s->labelend[b] = -1;
        s->nbest[b] = -1;
        if (b >= n)
            s->base[b] = -1;
    }
    s->nunused = 0;
    for (int b = 2 * n - 1; b >= n; b--)
        s->unused[s->nunused++] = b;
}

/* Warm start: the earlier duals, raised where an edge is now infeasible (one pass: raising a
 * dual only adds slack elsewhere); the earlier pairs that are still tight; the free vertices
 * made even so that slacks between two S-vertices stay even. */
static int warm_start(mw *s, const uint64_t *y_io, const int *mate_in, const bool *changed)
{
    int n = s->n, k = s->k;
    for (int v = 0; v < n; v++)
        memcpy(DUAL(s, v), y_io + (size_t)v * (size_t)k, (size_t)k * sizeof *y_io);
    for (int v = 0; v < n; v++)
        for (int a = s->adj_off[v]; a < s->adj_off[v + 1] && (!changed || changed[v]); a++) {
            int u = s->adjv[a];
            twice_sub(s->tmp, wt_of(s, v, u), DUAL(s, u), k); /* 2w - y_u */
            if (big_cmp_signed(s->tmp, DUAL(s, v), k) > 0)
                memcpy(DUAL(s, v), s->tmp, (size_t)k * sizeof *s->tmp);
        }
    /* An earlier pair whose edge got slack keeps its place when its duals can come down
     * by that slack without making another of their edges infeasible (duals of matched
     * vertices have no sign constraint here). */
    uint64_t *room = malloc((size_t)k * sizeof *room);
    if (!room) {
        return go_error_set(GO_ENOMEM, "matching");
    }
    for (int v = 0; v < n; v++) {
        int u = mate_in[v];
        if (u <= v || u >= n || mate_in[u] != v)
            continue;
        int pe = -1;
        for (int a = s->adj_off[v]; a < s->adj_off[v + 1]; a++)
            if (s->ev[s->adj[a]] == u) {
                pe = s->adj[a];
                break;
            }
        if (pe < 0)
            continue; /* the edge is gone */
        slack(s, pe / 2, s->tmp);
        for (int side = 0; side < 2 && !big_zero(s->tmp, k); side++) {
            int x = side ? u : v, other = side ? v : u;
            /* room: the least slack of x's other edges, capped by what is needed */
            memcpy(room, s->tmp, (size_t)k * sizeof *room);
            for (int a = s->adj_off[x]; a < s->adj_off[x + 1]; a++) {
                int y = s->adjv[a];
                if (y == other)
                    continue;
                slack3(s->tmp2, DUAL(s, x), DUAL(s, y), wt_of(s, x, y), k);
                if (big_cmp(s->tmp2, room, k) < 0)
                    memcpy(room, s->tmp2, (size_t)k * sizeof *room);
            }
            big_sub(DUAL(s, x), DUAL(s, x), room, k);
            big_sub(s->tmp, s->tmp, room, k);
        }
        if (big_zero(s->tmp, k)) {
            s->mate[v] = pe;
            s->mate[u] = pe ^ 1;
        }
    }
    free(room);
    for (int v = 0; v < n; v++)
        if (s->mate[v] == -1 && (DUAL(s, v)[0] & 1)) {
            uint64_t *y = DUAL(s, v);
            for (int q = 0; q < k && ++y[q] == 0; q++) { /* + 1 with the carry */
            }
        }
    return 0;
}

/* Grows the alternating trees from the queued S-vertices along allowed (tight) edges: labels,
 * new blossoms, and the best edges for the dual step. True when an augmenting path was found
 * (and the matching augmented). */
static bool scan_queue(mw *s)
{
    int n = s->n, k = s->k;
    while (s->nqueue > 0) {
        int v = s->queue[--s->nqueue];
        const uint64_t *yv = DUAL(s, v);
        const uint64_t *row = s->gw + (size_t)v * (size_t)n * (size_t)s->gk;
        big_add(s->cv, yv, s->dsum, k); /* v is an S-vertex: y_v + dsum is constant */
        for (int a = s->adj_off[v]; a < s->adj_off[v + 1]; a++) {
            int p = s->adj[a], ed = p / 2, w = s->adjv[a];
            if (s->inblossom[v] == s->inblossom[w])
                continue;
            const uint64_t *wt = row + (size_t)w * (size_t)s->gk, *yw = DUAL(s, w);
            if (s->allowed[ed] != s->stamp && maybe_tight(yv, yw, wt, k)) {
                slack3(s->tmp, yv, yw, wt, k);
                if (big_zero(s->tmp, k))
                    s->allowed[ed] = s->stamp;
            }
            if (s->allowed[ed] == s->stamp) {
                if (s->label[s->inblossom[w]] == 0) {
                    assign_label(s, w, 2, p ^ 1);
                } else if (s->label[s->inblossom[w]] == 1) {
                    int bse = scan_blossom(s, v, w);
                    if (bse >= 0) {
                        add_blossom(s, bse, ed);
                    } else {
                        augment_matching(s, ed);
                        return true;
                    }
                } else if (s->label[w] == 0) {
                    s->label[w] = 2;
                    s->labelend[w] = p ^ 1;
                }
            } else if (s->label[s->inblossom[w]] == 1) {
                int b = s->inblossom[v];
                uint64_t *bk = s->bkey + (size_t)b * (size_t)k;
                slack4(s->key, s->cv, yw, s->dsum, wt, k); /* slack + 2 dsum */
                if (s->bestedge[b] == -1 || big_cmp_signed(s->key, bk, k) < 0) {
                    s->bestedge[b] = ed;
                    memcpy(bk, s->key, (size_t)k * sizeof *bk);
                }
            } else if (s->label[w] == 0) {
                uint64_t *bk = s->bkey + (size_t)w * (size_t)k;
                sub_twice(s->key, s->cv, wt, k);
                if (s->bestedge[w] == -1 || big_cmp_signed(s->key, bk, k) < 0) {
                    s->bestedge[w] = ed;
                    memcpy(bk, s->key, (size_t)k * sizeof *bk);
                }
            }
        }
    }
    return false;
}

/* The dual step: the least of the four kinds of slack, applied to every dual, then the edge
 * it makes tight queued or the blossom it empties expanded. False when the stage is over (no
 * augmenting path left, or in the maximum-weight form a vertex dual reached zero). */
static bool dual_step(mw *s, bool perfect, uint64_t *delta, uint64_t *d)
{
    int n = s->n, k = s->k;
    int deltatype = perfect ? -1 : 1, deltaedge = -1, deltablossom = -1;
    if (!perfect) {
        memcpy(delta, DUAL(s, 0), (size_t)k * sizeof *delta);
        for (int v = 1; v < n; v++)
            if (big_cmp(DUAL(s, v), delta, k) < 0)
                memcpy(delta, DUAL(s, v), (size_t)k * sizeof *delta);
    }
    for (int v = 0; v < n; v++)
        if (s->label[s->inblossom[v]] == 0 && s->bestedge[v] != -1) {
            slack(s, s->bestedge[v], d);
            if (deltatype == -1 || big_cmp(d, delta, k) < 0) {
                memcpy(delta, d, (size_t)k * sizeof *d);
                deltatype = 2;
                deltaedge = s->bestedge[v];
            }
        }
    for (int b = 0; b < 2 * n; b++)
        if (s->parent[b] == -1 && s->label[b] == 1 && s->bestedge[b] != -1 &&
            (b < n || s->base[b] >= 0)) {
            slack(s, s->bestedge[b], d);
            big_shr1(d, d, k);
            if (deltatype == -1 || big_cmp(d, delta, k) < 0) {
                memcpy(delta, d, (size_t)k * sizeof *d);
                deltatype = 3;
                deltaedge = s->bestedge[b];
            }
        }
    for (int b = n; b < 2 * n; b++)
        if (s->base[b] >= 0 && s->parent[b] == -1 && s->label[b] == 2 &&
            (deltatype == -1 || big_cmp(DUAL(s, b), delta, k) < 0)) {
            memcpy(delta, DUAL(s, b), (size_t)k * sizeof *delta);
            deltatype = 4;
            deltablossom = b;
        }
    if (deltatype == -1)
        return false; /* perfect mode: no augmenting path is left anywhere */
    big_add(s->dsum, s->dsum, delta, k);
    for (int v = 0; v < n; v++) {
        int l = s->label[s->inblossom[v]];
        if (l == 1)
            big_sub(DUAL(s, v), DUAL(s, v), delta, k);
        else if (l == 2)
            big_add(DUAL(s, v), DUAL(s, v), delta, k);
    }
    for (int b = n; b < 2 * n; b++)
        if (s->base[b] >= 0 && s->parent[b] == -1) {
            if (s->label[b] == 1)
                big_add(DUAL(s, b), DUAL(s, b), delta, k);
            else if (s->label[b] == 2)
                big_sub(DUAL(s, b), DUAL(s, b), delta, k);
        }
    if (deltatype == 1)
        return false;
    if (deltatype == 2) {
        s->allowed[deltaedge] = s->stamp;
        int i = s->ev[2 * deltaedge], j = s->ev[2 * deltaedge + 1];
        if (s->label[s->inblossom[i]] == 0)
            i = j;
        s->queue[s->nqueue++] = i;
    } else if (deltatype == 3) {
        s->allowed[deltaedge] = s->stamp;
        s->queue[s->nqueue++] = s->ev[2 * deltaedge];
    } else {
        expand_blossom(s, deltablossom, false);
    }
    return true;
}

/* The stages: each augments the matching by one path, or ends the search. */
static int run_stages(mw *s, bool perfect)
{
    int n = s->n, k = s->k;
    uint64_t *delta = malloc((size_t)k * sizeof *delta), *d = malloc((size_t)k * sizeof *d);
    if (!delta || !d) {
        free(delta);
        free(d);
        return go_error_set(GO_ENOMEM, "matching");
    }
    for (int stage = 0; stage < n; stage++) {
        for (int b = 0; b < 2 * n; b++) {
            s->label[b] = 0;
            s->bestedge[b] = -1;
            if (b >= n)
                s->nbest[b] = -1;
        }
        s->stamp = stage + 1;
        memset(s->dsum, 0, (size_t)k * sizeof *s->dsum);
        s->nqueue = 0;
        for (int v = 0; v < n; v++)
            if (s->mate[v] == -1 && s->label[s->inblossom[v]] == 0)
                assign_label(s, v, 1, -1);
        bool augmented = false;
        for (;;) {
            if (scan_queue(s)) {
                augmented = true;
                break;
            }
            if (!dual_step(s, perfect, delta, d))
                break;
        }
        if (!augmented)
            break;
        for (int b = n; b < 2 * n; b++)
            if (s->parent[b] == -1 && s->base[b] >= 0 && s->label[b] == 1 &&
                big_zero(DUAL(s, b), k))
                expand_blossom(s, b, true);
    }
    free(delta);
    free(d);
    return 0;
}

/* Hands back the matching, the proof (the raw duals and blossoms) and the duals to start
 * from next time. */
static void write_results(mw *s, int *mate_out, uint64_t *y_io, go_mwm_proof *proof)
{
    int n = s->n, k = s->k;
    for (int v = 0; v < n; v++)
        mate_out[v] = s->mate[v] >= 0 ? s->ev[s->mate[v]] : v;
    if (proof) {
        for (int v = 0; v < n; v++)
            memcpy(proof->y + (size_t)v * (size_t)k, DUAL(s, v), (size_t)k * sizeof *proof->y);
        for (int x = 0; x < 2 * n; x++) {
            bool live = x < n || s->base[x] >= 0;
            proof->parent[x] = live ? s->parent[x] : -1;
            if (x >= n)
                memcpy(proof->z + (size_t)x * (size_t)k, DUAL(s, x), (size_t)k * sizeof *proof->z);
        }
    }
    if (y_io) {
        /* The blossoms are not handed back, so their duals go into their vertices': z_B added
         * to each vertex of B keeps every edge inside B exactly as tight as before (both ends
         * gain z_B, the edge loses the 2 z_B it had from B) and only adds slack to the edges
         * leaving B. Without this, the next warm start saw every edge inside a blossom with a
         * positive dual as infeasible, raised those duals and dropped nearly every pair. */
        for (int b = n; b < 2 * n; b++) {
            if (s->base[b] < 0 || big_zero(DUAL(s, b), k))
                continue;
            int cnt = leaves_of(s, b, s->leaves, 0);
            for (int i = 0; i < cnt; i++)
                big_add(DUAL(s, s->leaves[i]), DUAL(s, s->leaves[i]), DUAL(s, b), k);
        }
        for (int v = 0; v < n; v++)
            memcpy(y_io + (size_t)v * (size_t)k, DUAL(s, v), (size_t)k * sizeof *y_io);
    }
}

static int solve_core(const go_mwm *g, int *mate_out, uint64_t *y_io, go_mwm_proof *proof,
                      const bool *changed, const int *mate_in, bool perfect)
{
    mw st, *s = &st;
    memset(s, 0, sizeof st);
    int n = g->n, k = used_words(g, y_io), rc = 0;
    s->n = n;
    s->k = k;
    for (int v = 0; v < n; v++)
        mate_out[v] = v;
    if (n < 2)
        return 0;
    size_t m = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (!big_zero(go_mwm_at(g, i, j), k))
                m++;
    if (m == 0) {
        if (y_io && !mate_in)
            memset(y_io, 0, (size_t)n * (size_t)k * sizeof *y_io);
        if (y_io && proof) {
            memcpy(proof->y, y_io, (size_t)n * (size_t)k * sizeof *proof->y);
            for (int x = 0; x < 2 * n; x++)
                proof->parent[x] = -1;
        }
        return 0;
    }
    s->m = (int)m;
    if ((rc = mw_alloc(s, g, m)) != 0)
        goto done;
    mw_build(s, g);
    if (y_io && mate_in && (rc = warm_start(s, y_io, mate_in, changed)) != 0)
        goto done;
    if ((rc = run_stages(s, perfect)) != 0)
        goto done;
    write_results(s, mate_out, y_io, proof);
done:
    mw_free(s);
    return rc;
}

int go_mwm_solve(const go_mwm *g, int *mate_out)
{
    return solve_core(g, mate_out, NULL, NULL, NULL, NULL, false);
}

int go_mwm_solve_perfect(const go_mwm *g, int *mate, uint64_t *y, go_mwm_proof *proof,
                         const bool *changed, bool warm)
{
    int *in = NULL;
    if (warm) {
        in = malloc(((size_t)g->n + 1) * sizeof *in);
        if (!in)
            return go_error_set(GO_ENOMEM, "matching");
        memcpy(in, mate, (size_t)g->n * sizeof *in);
    }
    int rc = solve_core(g, mate, y, proof, changed, in, true);
    free(in);
    return rc;
}
