/* Reference copy of swiss/matching.c as of commit 7591a8f (the solver before the scan used
 * comparison keys and the graph's own rows): test_swiss_dutch_fast.c compiles it under other
 * names and checks that the optimised solver takes the same steps (same matching, same duals)
 * and that the Dutch pairing it drives is unchanged. Frozen: do not edit to follow the
 * library; it is the yardstick. */
/* Maximum-weight matching on a general graph: Edmonds' blossom algorithm in the primal-dual
 * form of Galil (1986), with the stage structure described by Van Rantwijk's mwmatching notes.
 * Weights are fixed-width unsigned multi-word integers: only add, subtract, compare and halve
 * are needed, and with the slack defined as u_i + u_j - 2 w_ij every quantity stays a
 * non-negative integer (S-S slacks are even), so no fractions and no signs appear. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "go/error.h"
#include "../../swiss/matching.h"

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
    uint64_t *w2;       /* m numbers: twice the edge weight */
    int *adj, *adj_off; /* CSR: remote endpoints p of the edges at each vertex */
    int *mate;          /* remote endpoint or -1 */
    int *label, *labelend, *inblossom, *parent, *base, *bestedge;
    int **childs, **endps, *nchild; /* blossom children and the endpoints linking them */
    int **bestlist, *nbest;         /* a blossom's least-slack edges to other S-blossoms */
    int *unused, nunused;
    uint64_t *dual; /* 2n numbers */
    bool *allowedge;
    int *queue, nqueue;
    int *leaves, *bestto; /* scratch */
    uint64_t *tmp, *tmp2, *delta;
} mw;

#define DUAL(s, b) ((s)->dual + (size_t)(b) * (size_t)(s)->k)
#define W2(s, e) ((s)->w2 + (size_t)(e) * (size_t)(s)->k)

/* slack of edge e into out: u_i + u_j - 2 w, in one pass over the words (the hot spot) */
static void slack(const mw *s, int e, uint64_t *out)
{
    const uint64_t *a = DUAL(s, s->ev[2 * e]), *b = DUAL(s, s->ev[2 * e + 1]), *w = W2(s, e);
    uint64_t carry = 0, borrow = 0;
    for (int i = 0; i < s->k; i++) {
        uint64_t x = a[i] + b[i];
        uint64_t c1 = x < a[i];
        uint64_t y = x + carry;
        carry = c1 | (y < x);
        uint64_t z = y - w[i];
        uint64_t b1 = y < w[i];
        out[i] = z - borrow;
        borrow = b1 | (z < borrow);
    }
}

static int slack_cmp(mw *s, int e, int f)
{
    slack(s, e, s->tmp);
    slack(s, f, s->tmp2);
    return big_cmp(s->tmp, s->tmp2, s->k);
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
                if (bj != b && s->label[bj] == 1 &&
                    (bestto[bj] == -1 || slack_cmp(s, ed, bestto[bj]) < 0))
                    bestto[bj] = ed;
            }
        }
        s->nbest[sub] = -1;
        s->bestedge[sub] = -1;
    }
    int nb = 0;
    for (int i = 0; i < 2 * n; i++)
        if (bestto[i] != -1)
            s->bestlist[b][nb++] = bestto[i];
    s->nbest[b] = nb;
    s->bestedge[b] = -1;
    for (int i = 0; i < nb; i++)
        if (s->bestedge[b] == -1 || slack_cmp(s, s->bestlist[b][i], s->bestedge[b]) < 0)
            s->bestedge[b] = s->bestlist[b][i];
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
            s->allowedge[s->endps[b][cyc(s, b, j - endptrick)] / 2] = true;
            j += jstep;
            p = s->endps[b][cyc(s, b, j - endptrick)] ^ endptrick;
            s->allowedge[p / 2] = true;
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
    free(s->w2);
    free(s->adj);
    free(s->adj_off);
    free(s->mate);
    free(s->label);
    free(s->labelend);
    free(s->inblossom);
    free(s->parent);
    free(s->base);
    free(s->bestedge);
    if (s->childs)
        for (int b = 0; b < 2 * s->n; b++) {
            free(s->childs[b]);
            free(s->endps[b]);
            free(s->bestlist[b]);
        }
    free(s->childs);
    free(s->endps);
    free(s->bestlist);
    free(s->nchild);
    free(s->nbest);
    free(s->unused);
    free(s->dual);
    free(s->allowedge);
    free(s->queue);
    free(s->leaves);
    free(s->bestto);
    free(s->tmp);
    free(s->tmp2);
    free(s->delta);
}

/* perfect: the maximum-cardinality variant (no dual step of the first kind, duals of any
 * sign), which may start from earlier duals y_io and an earlier matching mate_in (warm). */
static int solve_core(const go_mwm *g, int *mate_out, uint64_t *y_io, const int *mate_in,
                      bool perfect)
{
    mw st, *s = &st;
    memset(s, 0, sizeof st);
    int n = g->n, k = g->words, rc = 0;
    /* Words above the heaviest edge's top word stay zero except for one carry word: work on
     * the ones in use only (the Dutch weights reserve headroom for their widest case). */
    int top = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            const uint64_t *wt = go_mwm_at(g, i, j);
            for (int q = k - 1; q > top; q--)
                if (wt[q]) {
                    top = q;
                    break;
                }
        }
    int used = top + 2 < k && !y_io ? top + 2 : k;
    s->n = n;
    s->k = used;
    k = used;
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
        return 0;
    }
    size_t N2 = 2 * (size_t)n;
    s->m = (int)m;
    s->ev = malloc(2 * m * sizeof *s->ev);
    s->w2 = malloc(m * (size_t)k * sizeof *s->w2);
    s->adj = malloc(2 * m * sizeof *s->adj);
    s->adj_off = calloc((size_t)n + 1, sizeof *s->adj_off);
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
    s->allowedge = malloc(m * sizeof(bool));
    s->queue = malloc((N2 + m + 8) * sizeof(int)); /* n labels + one per allowed edge */
    s->leaves = malloc((N2 + 1) * sizeof(int));
    s->bestto = malloc(N2 * sizeof(int));
    s->tmp = malloc((size_t)k * sizeof(uint64_t));
    s->tmp2 = malloc((size_t)k * sizeof(uint64_t));
    s->delta = malloc((size_t)k * sizeof(uint64_t));
    if (!s->ev || !s->w2 || !s->adj || !s->adj_off || !s->mate || !s->label || !s->labelend ||
        !s->inblossom || !s->parent || !s->base || !s->bestedge || !s->childs || !s->endps ||
        !s->bestlist || !s->nchild || !s->nbest || !s->unused || !s->dual || !s->allowedge ||
        !s->queue || !s->leaves || !s->bestto || !s->tmp || !s->tmp2 || !s->delta) {
        rc = go_error_set(GO_ENOMEM, "matching");
        goto done;
    }
    for (int b = n; b < 2 * n; b++) {
        s->childs[b] = malloc(((size_t)n + 1) * sizeof(int));
        s->endps[b] = malloc(((size_t)n + 1) * sizeof(int));
        s->bestlist[b] = malloc(N2 * sizeof(int));
        if (!s->childs[b] || !s->endps[b] || !s->bestlist[b]) {
            rc = go_error_set(GO_ENOMEM, "matching");
            goto done;
        }
    }
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
            big_add(W2(s, e), wt, wt, s->k);
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
            s->adj[fill[i]++] = (int)(2 * q + 1); /* remote endpoint j */
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
    if (y_io && mate_in) {
        /* Warm start: the earlier duals, raised where an edge is now infeasible (one pass:
         * raising a dual only adds slack elsewhere); the earlier pairs that are still tight;
         * the free vertices made even so that slacks between two S-vertices stay even. */
        for (int v = 0; v < n; v++)
            memcpy(DUAL(s, v), y_io + (size_t)v * (size_t)k, (size_t)k * sizeof *y_io);
        for (int v = 0; v < n; v++)
            for (int a = s->adj_off[v]; a < s->adj_off[v + 1]; a++) {
                int e = s->adj[a] / 2, u = s->ev[s->adj[a]];
                big_sub(s->tmp, W2(s, e), DUAL(s, u), k); /* 2w - y_u */
                if (big_cmp_signed(s->tmp, DUAL(s, v), k) > 0)
                    memcpy(DUAL(s, v), s->tmp, (size_t)k * sizeof *s->tmp);
            }
        /* An earlier pair whose edge got slack keeps its place when its duals can come down
         * by that slack without making another of their edges infeasible (duals of matched
         * vertices have no sign constraint here). */
        uint64_t *room = malloc((size_t)k * sizeof *room);
        if (!room) {
            rc = go_error_set(GO_ENOMEM, "matching");
            goto done;
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
                    if (s->ev[s->adj[a]] == other)
                        continue;
                    slack(s, s->adj[a] / 2, s->tmp2);
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
    }
    /* Python pops from the end of range(n, 2n): the first new blossom is 2n-1. Order does not
     * matter for correctness; keep a stack. */

    uint64_t *delta = malloc((size_t)k * sizeof *delta), *d = malloc((size_t)k * sizeof *d);
    if (!delta || !d) {
        free(delta);
        free(d);
        rc = go_error_set(GO_ENOMEM, "matching");
        goto done;
    }
    for (int stage = 0; stage < n; stage++) {
        for (int b = 0; b < 2 * n; b++) {
            s->label[b] = 0;
            s->bestedge[b] = -1;
            if (b >= n)
                s->nbest[b] = -1;
        }
        memset(s->allowedge, 0, m * sizeof(bool));
        s->nqueue = 0;
        for (int v = 0; v < n; v++)
            if (s->mate[v] == -1 && s->label[s->inblossom[v]] == 0)
                assign_label(s, v, 1, -1);
        bool augmented = false;
        for (;;) {
            while (s->nqueue > 0 && !augmented) {
                int v = s->queue[--s->nqueue];
                for (int a = s->adj_off[v]; a < s->adj_off[v + 1]; a++) {
                    int p = s->adj[a], ed = p / 2, w = s->ev[p];
                    if (s->inblossom[v] == s->inblossom[w])
                        continue;
                    bool kslack_zero = false;
                    if (!s->allowedge[ed]) {
                        slack(s, ed, s->tmp);
                        kslack_zero = big_zero(s->tmp, k);
                        if (kslack_zero)
                            s->allowedge[ed] = true;
                    }
                    if (s->allowedge[ed]) {
                        if (s->label[s->inblossom[w]] == 0) {
                            assign_label(s, w, 2, p ^ 1);
                        } else if (s->label[s->inblossom[w]] == 1) {
                            int bse = scan_blossom(s, v, w);
                            if (bse >= 0) {
                                add_blossom(s, bse, ed);
                            } else {
                                augment_matching(s, ed);
                                augmented = true;
                                break;
                            }
                        } else if (s->label[w] == 0) {
                            s->label[w] = 2;
                            s->labelend[w] = p ^ 1;
                        }
                    } else if (s->label[s->inblossom[w]] == 1) {
                        int b = s->inblossom[v];
                        if (s->bestedge[b] == -1 || slack_cmp(s, ed, s->bestedge[b]) < 0)
                            s->bestedge[b] = ed;
                    } else if (s->label[w] == 0) {
                        if (s->bestedge[w] == -1 || slack_cmp(s, ed, s->bestedge[w]) < 0)
                            s->bestedge[w] = ed;
                    }
                }
            }
            if (augmented)
                break;
            /* The dual step: the least of the four kinds of slack. */
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
                break; /* perfect mode: no augmenting path is left anywhere */
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
                break;
            if (deltatype == 2) {
                s->allowedge[deltaedge] = true;
                int i = s->ev[2 * deltaedge], j = s->ev[2 * deltaedge + 1];
                if (s->label[s->inblossom[i]] == 0)
                    i = j;
                s->queue[s->nqueue++] = i;
            } else if (deltatype == 3) {
                s->allowedge[deltaedge] = true;
                s->queue[s->nqueue++] = s->ev[2 * deltaedge];
            } else {
                expand_blossom(s, deltablossom, false);
            }
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
    for (int v = 0; v < n; v++)
        mate_out[v] = s->mate[v] >= 0 ? s->ev[s->mate[v]] : v;
    if (y_io)
        for (int v = 0; v < n; v++)
            memcpy(y_io + (size_t)v * (size_t)k, DUAL(s, v), (size_t)k * sizeof *y_io);
done:
    mw_free(s);
    return rc;
}

int go_mwm_solve(const go_mwm *g, int *mate_out)
{
    return solve_core(g, mate_out, NULL, NULL, false);
}

int go_mwm_solve_perfect(const go_mwm *g, int *mate, uint64_t *y, bool warm)
{
    int *in = NULL;
    if (warm) {
        in = malloc(((size_t)g->n + 1) * sizeof *in);
        if (!in)
            return go_error_set(GO_ENOMEM, "matching");
        memcpy(in, mate, (size_t)g->n * sizeof *in);
    }
    int rc = solve_core(g, mate, y, in, true);
    free(in);
    return rc;
}
