/* Reference copy of swiss/dutch.c as of commit 44c80ab: every matching over all the players
 * still unpaired (the full formulation), each started from the previous one's duals as they
 * were. test_swiss_dutch_fast.c compiles it under other names on the frozen reference solver
 * (mwm_reference.c) and requires the library's pairings (the active-part matchings with
 * their optimality proof) to be the same. Frozen: do not edit to follow the library; it is
 * the yardstick.
 */
/* Swiss pairing by the FIDE Dutch system (C.04.3, the 2025 rules), in the formulation of
 * bbpPairings: every quality criterion becomes a field of one big edge weight, and the round
 * is paired bracket by bracket with maximum-weight matchings over all players still unpaired,
 * so that the absolute criteria (no repeat, colours, one bye to an eligible player) and the
 * completion of the whole round are never traded for a better bracket. Also reads a TRF file
 * and pairs its next round (the JaVaFo output format). */
#include <stdlib.h>
#include <string.h>

#include "go/swiss.h"
#include "../../swiss/matching.h"

enum { C_FIRST = 0, C_SECOND = 1, C_NONE = 2 }; /* first = the first move (White in chess) */
enum { S_LOSS = 0, S_DRAW = 1, S_WIN = 2 };
enum { F_DOWN, F_UP, F_NONE };

typedef struct dmatch {
    int opp; /* player index; the player's own index when there was no opponent */
    unsigned char color, score;
    bool played, participated;
} dmatch;

typedef struct dplayer {
    int id, rank;
    int score; /* units: a win 2, a draw 1 */
    dmatch *m; /* rounds_played entries */
    int nm;    /* entries recorded (may exceed the rounds played: a pre-entered bye) */
    int pref, repeated, imbalance, played_games;
    bool strong, present;
} dplayer;

typedef struct dctx {
    dplayer *pl;
    int np, played_rounds, expected_rounds;
    bool *forbidden; /* np * np */
    int K;           /* words per weight */
    int sg_bits, sg_shift, *sg_shifts, max_score;
    int bye_score;
    bool single_df_bye;
    int *played_rank; /* by played games */
    uint64_t *tmp;
} dctx;

static bool abs_imbalance(const dplayer *p)
{
    return p->imbalance > 1;
}
static bool abs_pref(const dplayer *p)
{
    return abs_imbalance(p) || p->repeated != C_NONE;
}
static int invert(int c)
{
    return c == C_FIRST ? C_SECOND : c == C_SECOND ? C_FIRST : C_NONE;
}
static int match_points(const dmatch *m)
{
    return m->score == S_WIN ? 2 : m->score == S_DRAW ? 1 : 0;
}
static int score_back(const dctx *c, const dplayer *p, int back)
{
    int s = p->score;
    for (int r = c->played_rounds - 1; back > 0; r--, back--)
        s -= match_points(&p->m[r]);
    return s;
}
static bool eligible_bye(const dplayer *p)
{
    for (int r = 0; r < p->nm; r++)
        if (!p->m[r].played && match_points(&p->m[r]) >= 2)
            return false;
    return true;
}
static int bits_for(int v)
{
    int b = 0;
    while (v > 0) {
        b++;
        v >>= 1;
    }
    return b;
}

static bool compatible(const dctx *c, int a, int b)
{
    const dplayer *x = &c->pl[a], *y = &c->pl[b];
    if (c->forbidden[(size_t)a * (size_t)c->np + (size_t)b])
        return false;
    int top = c->played_rounds * 2 >> 1; /* more than half the points: a top scorer */
    return !abs_pref(x) || !abs_pref(y) || x->pref != y->pref ||
           (c->played_rounds >= c->expected_rounds - 1 && (x->score > top || y->score > top));
}

static int get_float(const dctx *c, const dplayer *p, int back)
{
    const dmatch *m = &p->m[c->played_rounds - back];
    if (!m->played && match_points(m) > 0)
        return F_DOWN;
    int ps = score_back(c, p, back), os = score_back(c, &c->pl[m->opp], back);
    return ps > os ? F_DOWN : ps < os ? F_UP : F_NONE;
}

/* ---- weights: K words, least significant first ---- */
static void w_shl(uint64_t *w, int K, int s)
{
    while (s >= 64) {
        memmove(w + 1, w, (size_t)(K - 1) * sizeof *w);
        w[0] = 0;
        s -= 64;
    }
    if (s == 0)
        return;
    for (int i = K - 1; i > 0; i--)
        w[i] = (w[i] << s) | (w[i - 1] >> (64 - s));
    w[0] <<= s;
}
static void w_add_bit(uint64_t *w, int K, int bit, uint64_t v) /* w += v << bit, v small */
{
    int i = bit / 64, s = bit % 64;
    uint64_t lo = s ? v << s : v, hi = s ? v >> (64 - s) : 0;
    uint64_t carry = 0;
    for (int k = i; k < K; k++) {
        uint64_t add = k == i ? lo : k == i + 1 ? hi : 0;
        uint64_t t = w[k] + add;
        uint64_t c1 = t < w[k];
        uint64_t t2 = t + carry;
        carry = c1 | (t2 < t);
        w[k] = t2;
        if (!carry && k > i + 1)
            break;
    }
}
static void w_sub_small(uint64_t *w, int K, uint64_t v)
{
    for (int k = 0; k < K && v; k++) {
        uint64_t t = w[k] - v;
        v = w[k] < v ? 1 : 0;
        w[k] = t;
    }
}
static bool w_zero(const uint64_t *w, int K)
{
    for (int i = 0; i < K; i++)
        if (w[i])
            return false;
    return true;
}

static void color_bits(const dctx *c, uint64_t *r, const dplayer *p, const dplayer *o, bool cur)
{
    int K = c->K, b = c->sg_bits;
    w_shl(r, K, b);
    if (cur && (!abs_imbalance(p) || !abs_imbalance(o) || p->pref != o->pref))
        w_add_bit(r, K, 0, 1);
    w_shl(r, K, b);
    if (cur && (!abs_pref(p) || !abs_pref(o) || p->pref != o->pref ||
                (p->imbalance == o->imbalance
                     ? p->repeated == C_NONE || p->repeated != o->repeated
                     : (p->imbalance > o->imbalance ? o : p)->repeated != invert(p->pref))))
        w_add_bit(r, K, 0, 1);
    w_shl(r, K, b);
    if (cur && (p->pref != o->pref || p->pref == C_NONE || o->pref == C_NONE))
        w_add_bit(r, K, 0, 1);
    w_shl(r, K, b);
    if (cur && ((!p->strong && !abs_pref(p)) || (!o->strong && !abs_pref(o)) ||
                (abs_pref(p) && abs_pref(o)) || p->pref != o->pref))
        w_add_bit(r, K, 0, 1);
}

static bool bye_candidate(const dctx *c, const dplayer *p)
{
    return eligible_bye(p) && p->score <= c->bye_score;
}

/* The edge weight of higher (earlier in the order) against lower; in_cur: lower belongs to
 * the bracket being paired, in_next: to the next score group. 0 when they may not meet. */
static void edge_weight(const dctx *c, uint64_t *r, int hi, int lo, bool in_cur, bool in_next)
{
    int K = c->K, b = c->sg_bits, sh = c->sg_shift;
    const dplayer *H = &c->pl[hi], *L = &c->pl[lo];
    memset(r, 0, (size_t)K * sizeof *r);
    if (!compatible(c, hi, lo))
        return;
    /* completion of the round, and the bye only to a candidate */
    w_add_bit(r, K, 0, 1u + !bye_candidate(c, H) + !bye_candidate(c, L));
    /* the most pairs in the bracket, then the highest scores paired in it */
    w_shl(r, K, b);
    if (in_cur)
        w_add_bit(r, K, 0, 1);
    w_shl(r, K, sh);
    if (in_cur)
        w_add_bit(r, K, c->sg_shifts[H->score], 1);
    /* the same for the next bracket (so the downfloaters can be paired there) */
    w_shl(r, K, b);
    if (in_next)
        w_add_bit(r, K, 0, 1);
    w_shl(r, K, sh);
    if (in_next)
        w_add_bit(r, K, c->sg_shifts[H->score], 1);
    /* C9: the fewest unplayed games for the bye assignee */
    w_shl(r, K, b);
    if (c->single_df_bye) {
        if (H->score == c->bye_score)
            w_add_bit(r, K, 0, (uint64_t)c->played_rank[H->played_games]);
        if (L->score == c->bye_score)
            w_add_bit(r, K, 0, (uint64_t)c->played_rank[L->played_games]);
    }
    color_bits(c, r, L, H, in_cur);
    int hs = H->score, ls = L->score;
    for (int back = 1; back <= 2; back++) {
        if (c->played_rounds < back)
            break;
        /* repeated downfloaters, then repeated upfloaters */
        w_shl(r, K, b);
        if (in_cur) {
            w_add_bit(r, K, 0, get_float(c, L, back) == F_DOWN);
            w_add_bit(r, K, 0, hs <= ls && get_float(c, H, back) == F_DOWN);
        }
        w_shl(r, K, b);
        if (in_cur)
            w_add_bit(r, K, 0, !(hs > ls && get_float(c, L, back) == F_UP));
    }
    for (int back = 1; back <= 2; back++) {
        if (c->played_rounds < back)
            break;
        /* the scores of repeated downfloaters, then of the opponents of repeated upfloaters */
        w_shl(r, K, sh);
        if (in_cur) {
            w_add_bit(r, K, c->sg_shifts[ls], get_float(c, L, back) == F_DOWN);
            w_add_bit(r, K, c->sg_shifts[hs], get_float(c, H, back) == F_DOWN);
        }
        w_shl(r, K, sh);
        if (in_cur && !(get_float(c, L, back) == F_UP && hs > ls))
            w_add_bit(r, K, c->sg_shifts[hs], 1);
    }
    /* room for the bracket's own ordering (exchanges, transpositions) */
    w_shl(r, K, 3 * b + 1);
}

/* ---- colours ---- */
static void first_difference(const dplayer *a, const dplayer *b, int *ca, int *cb)
{
    int i = a->nm - 1, j = b->nm - 1;
    while (i >= 0 && !a->m[i].played)
        i--;
    while (j >= 0 && !b->m[j].played)
        j--;
    while (i >= 0 && j >= 0 && a->m[i].color == b->m[j].color) {
        i--;
        j--;
        while (i >= 0 && !a->m[i].played)
            i--;
        while (j >= 0 && !b->m[j].played)
            j--;
    }
    *ca = i >= 0 ? a->m[i].color : C_NONE;
    *cb = j >= 0 ? b->m[j].color : C_NONE;
}

static int neutral_color(const dplayer *p, const dplayer *o)
{
    if (p->pref != o->pref || p->pref == C_NONE || o->pref == C_NONE) {
        if (p->pref != C_NONE)
            return p->pref;
        if (o->pref != C_NONE)
            return invert(o->pref);
        return C_NONE;
    }
    if (abs_pref(p) && (p->imbalance > o->imbalance || !abs_pref(o)))
        return p->pref;
    if (abs_pref(o) && (o->imbalance > p->imbalance || !abs_pref(p)))
        return invert(o->pref);
    if (p->strong && !o->strong)
        return p->pref;
    if (o->strong && !p->strong)
        return invert(o->pref);
    int pc, oc;
    first_difference(p, o, &pc, &oc);
    return pc != C_NONE && oc != C_NONE ? oc : C_NONE;
}

/* true when a comes after b in the pairing order */
static bool ranks_below(const dplayer *a, const dplayer *b)
{
    return a->score != b->score ? a->score < b->score : a->rank > b->rank;
}

static int choose_color(const dplayer *p, const dplayer *o, int initial)
{
    int r = neutral_color(p, o);
    if (r != C_NONE)
        return r;
    if (p->pref == C_NONE) {
        if (ranks_below(p, o))
            return o->rank & 1 ? initial : invert(initial);
        return p->rank & 1 ? invert(initial) : initial;
    }
    return ranks_below(p, o) ? invert(o->pref) : p->pref;
}

/* ---- the pairing ---- */

typedef struct dstate {
    dctx *c;
    int N;
    int *S; /* sorted player indices; vertex v = S position */
    go_mwm g;
    int *mate;
    uint64_t *base; /* bracket weights: base[(L * N + s) * K] */
    uint64_t *w;    /* scratch weight */
    uint64_t *maxw;
    int *fixed_mate; /* finalized pairs (-1: open): left out of later matchings */
    int *idx, *submate;
    uint64_t *scratch; /* room for a compacted graph */
    size_t scratch_words;
    /* the last solution (partner, N = the dummy, -1 none) and its duals, to start from */
    bool warm;
    int *wmate, *wm2;
    uint64_t *wy, *wy2;
} dstate;

#define BASE(st, L, s)                                                                             \
    ((st)->base + (((size_t)(L) * (size_t)(st)->N + (size_t)(s)) * (size_t)(st)->c->K))

/* Finalized pairs have one edge each, to each other: every maximum matching keeps them, so
 * the matching is computed on the open vertices only (the graph shrinks bracket by bracket).
 * extra > 0 shifts every weight up by that many bits and adds lex[] fields (see below). */
static int solve_ex(dstate *st, int extra, const int *lex_v, const int *lex_o,
                    const uint64_t *lex_add, const int *lex_shift, int nlex)
{
    int K = st->c->K, a = 0;
    int K2 = extra ? K + (extra + 63) / 64 + 1 : K;
    for (int v = 0; v < st->N; v++)
        if (st->fixed_mate[v] < 0)
            st->idx[a++] = v;
    /* An odd count gets a dummy vertex joined to everyone (the bye): the round is known to be
     * completable, so the matching sought is perfect, and a perfect matching can start from
     * the previous one and its duals (go_mwm_solve_perfect). Every real edge gains 1 so the
     * dummy's edges (1) exist; a perfect matching's total only shifts by a constant. */
    int n2 = a + (a & 1);
    size_t need = (size_t)n2 * (size_t)n2 * (size_t)K2 + 1;
    if (need > st->scratch_words) {
        uint64_t *bigger = realloc(st->scratch, need * sizeof *bigger);
        if (!bigger)
            return go_error_set(GO_ENOMEM, "pairing");
        st->scratch = bigger;
        st->scratch_words = need;
    }
    go_mwm sub = {n2, K2, st->scratch};
    int *pos = st->submate; /* vertex -> compact index */
    for (int v = 0; v < st->N; v++)
        pos[v] = -1;
    for (int i = 0; i < a; i++)
        pos[st->idx[i]] = i;
    /* one triangle is built, the other copied (the weights are symmetric) */
    for (int i = 0; i < n2; i++) {
        memset(go_mwm_at(&sub, i, i), 0, (size_t)K2 * sizeof(uint64_t));
        for (int j = i + 1; j < n2; j++) {
            uint64_t *dst = go_mwm_at(&sub, i, j);
            if (j == a) {
                memset(dst, 0, (size_t)K2 * sizeof *dst);
                dst[0] = 1;
                continue;
            }
            memcpy(dst, go_mwm_at(&st->g, st->idx[i], st->idx[j]), (size_t)K * sizeof *dst);
            if (K2 > K)
                memset(dst + K, 0, (size_t)(K2 - K) * sizeof *dst);
            if (extra)
                w_shl(dst, K2, extra);
        }
    }
    for (int k = 0; k < nlex; k++) {
        int i = pos[lex_v[k]], j = pos[lex_o[k]];
        if (i < 0 || j < 0)
            continue;
        w_add_bit(go_mwm_at(&sub, i < j ? i : j, i < j ? j : i), K2, lex_shift[k], lex_add[k]);
    }
    for (int i = 0; i < n2; i++)
        for (int j = i + 1; j < n2; j++) {
            uint64_t *dst = go_mwm_at(&sub, i, j);
            if (j < a && !w_zero(dst, K2))
                w_add_bit(dst, K2, 0, 1);
            memcpy(go_mwm_at(&sub, j, i), dst, (size_t)K2 * sizeof *dst);
        }
    /* the previous solution, in compact indices (the dummy is index a) */
    int *m2 = st->wm2;
    uint64_t *y2 = st->wy2;
    bool warm = st->warm;
    for (int i = 0; i < a && warm; i++) {
        int v = st->idx[i], u = st->wmate[v];
        m2[i] = u == st->N ? (n2 > a ? a : -1) : u >= 0 ? pos[u] : -1;
        uint64_t *y = y2 + (size_t)i * (size_t)K2;
        const uint64_t *old = st->wy + (size_t)v * (size_t)K;
        uint64_t fill = (old[K - 1] >> 63) ? ~(uint64_t)0 : 0; /* sign extension */
        for (int q = 0; q < K2; q++)
            y[q] = q < K ? old[q] : fill;
        if (extra)
            w_shl(y, K2, extra);
    }
    if (warm && n2 > a) {
        m2[a] = -1;
        for (int i = 0; i < a; i++)
            if (m2[i] == a)
                m2[a] = i;
        memset(y2 + (size_t)a * (size_t)K2, 0, (size_t)K2 * sizeof *y2);
    }
    int rc = go_mwm_solve_perfect(&sub, m2, y2, warm);
    if (rc)
        return rc;
    for (int v = 0; v < st->N; v++)
        if (st->fixed_mate[v] >= 0)
            st->mate[v] = st->fixed_mate[v];
    for (int i = 0; i < a; i++) {
        int m = m2[i];
        st->mate[st->idx[i]] = m == a || m == i ? st->idx[i] : st->idx[m];
    }
    if (!extra) { /* keep this solution as the next one's start (not the lex-scaled one) */
        for (int i = 0; i < a; i++) {
            int v = st->idx[i], m = m2[i];
            st->wmate[v] = m == a ? st->N : m == i ? -1 : st->idx[m];
            memcpy(st->wy + (size_t)v * (size_t)K, y2 + (size_t)i * (size_t)K2,
                   (size_t)K * sizeof *y2);
        }
        st->warm = true;
    }
    return 0;
}

static int solve(dstate *st)
{
    return solve_ex(st, 0, NULL, NULL, NULL, NULL, 0);
}

static void set_edge(dstate *st, int v1, int v2, const uint64_t *w)
{
    go_mwm_set(&st->g, v1, v2, w);
}

static void finalize_pair(dstate *st, int v0, int v1)
{
    st->fixed_mate[v0] = v1;
    st->fixed_mate[v1] = v0;
    int K = st->c->K;
    memset(st->w, 0, (size_t)K * sizeof *st->w);
    for (int u = 0; u < st->N; u++) {
        if (u != v0)
            set_edge(st, v0, u, u == v1 ? st->maxw : st->w);
        if (u != v1)
            set_edge(st, v1, u, u == v0 ? st->maxw : st->w);
    }
}

/* base weight with the remainder's ordering bits: fewest exchanges, then the smallest
 * difference of the exchanged pairing numbers */
static void ewc(dstate *st, uint64_t *out, int s, int L, int s_rem, int rem_pairs)
{
    int K = st->c->K;
    memcpy(out, BASE(st, L, s), (size_t)K * sizeof *out);
    if (w_zero(out, K))
        return;
    if (s_rem < rem_pairs)
        w_add_bit(out, K, 2 * st->c->sg_bits + 1, 1);
    w_sub_small(out, K, 2u * (uint64_t)s_rem);
}

static bool in_range(int x, int lo, int hi)
{
    return x >= lo && x < hi;
}

static int dutch_run(dctx *c, int *S, int N, int *partner /* by player index, -1 bye */)
{
    int rc = 0, K = c->K;
    dstate st = {c,    N,    S, {0, 0, NULL}, NULL, NULL, NULL, NULL, NULL, NULL,
                 NULL, NULL, 0, false,        NULL, NULL, NULL, NULL};
    int Kmax = K + ((N + 1) * bits_for(N + 1) + 63) / 64 + 2; /* the widest lex weights */
    st.wmate = malloc(((size_t)N + 2) * sizeof *st.wmate);
    st.wm2 = malloc(((size_t)N + 2) * sizeof *st.wm2);
    st.wy = calloc(((size_t)N + 2) * (size_t)K, sizeof *st.wy);
    st.wy2 = calloc(((size_t)N + 2) * (size_t)Kmax, sizeof *st.wy2);
    st.fixed_mate = malloc(((size_t)N + 1) * sizeof *st.fixed_mate);
    st.idx = malloc(((size_t)N + 1) * sizeof *st.idx);
    st.submate = malloc(((size_t)N + 1) * sizeof *st.submate);
    int *lex_v = malloc(((size_t)N * (size_t)N / 2 + 1) * sizeof *lex_v);
    int *lex_o = malloc(((size_t)N * (size_t)N / 2 + 1) * sizeof *lex_o);
    int *lex_shift = malloc(((size_t)N * (size_t)N / 2 + 1) * sizeof *lex_shift);
    uint64_t *lex_add = malloc(((size_t)N * (size_t)N / 2 + 1) * sizeof *lex_add);
    int *higher = malloc(((size_t)N + 1) * sizeof *higher);
    int *V = malloc(((size_t)N + 1) * sizeof *V), *newV = malloc(((size_t)N + 1) * sizeof *newV);
    int *rem = malloc(((size_t)N + 1) * sizeof *rem);
    bool *matched = calloc((size_t)N + 1, sizeof *matched);
    st.mate = malloc(((size_t)N + 1) * sizeof *st.mate);
    st.base = calloc((size_t)N * (size_t)N * (size_t)K + 1, sizeof *st.base);
    st.w = calloc((size_t)K, sizeof *st.w);
    st.maxw = calloc((size_t)K, sizeof *st.maxw);
    if (!V || !newV || !rem || !matched || !st.mate || !st.base || !st.w || !st.maxw ||
        !st.fixed_mate || !st.idx || !st.submate || !lex_v || !lex_o || !lex_shift || !lex_add ||
        !higher || !st.wmate || !st.wm2 || !st.wy || !st.wy2) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    for (int v = 0; v < N; v++)
        st.fixed_mate[v] = -1;
    if ((rc = go_mwm_init(&st.g, N, K)) != 0)
        goto done;
    /* any weight above every edge weight marks a finished pair */
    w_add_bit(st.maxw, K, 64 * (K - 1) - 2, 1);
    /* 1. Can the round be paired at all, and which score must the bye assignee have? */
    for (int v = 0; v < N; v++)
        for (int u = 0; u < v; u++) {
            uint64_t *w = st.w;
            memset(w, 0, (size_t)K * sizeof *w);
            int pv = S[v], pu = S[u];
            if (N & 1) {
                if (compatible(c, pv, pu)) {
                    w_add_bit(w, K, 0, 1u + !eligible_bye(&c->pl[pv]) + !eligible_bye(&c->pl[pu]));
                    w_shl(w, K, c->sg_shift);
                    w_add_bit(w, K, 0,
                              (uint64_t)c->sg_shifts[c->pl[pv].score] +
                                  (uint64_t)c->sg_shifts[c->pl[pu].score]);
                    w_shl(w, K, c->sg_bits);
                    w_add_bit(w, K, 0, c->pl[pv].score >= c->pl[S[0]].score);
                }
            } else {
                c->bye_score = 0;
                c->single_df_bye = false;
                edge_weight(c, w, pu, pv, false, false);
            }
            set_edge(&st, v, u, w);
        }
    if ((rc = solve(&st)) != 0)
        goto done;
    int unmatched = 0;
    for (int v = 0; v < N; v++)
        if (st.mate[v] == v)
            unmatched++;
    if (unmatched > 1) {
        rc = go_error_set(GO_ECONFLICT,
                          "no pairing of round %d avoids every repeat game and colour rule"
                          " (%d of %d players left unpaired)",
                          c->played_rounds + 1, unmatched, N);
        goto done;
    }
    c->single_df_bye = false;
    if (N & 1) {
        for (int v = 0; v < N; v++)
            if (st.mate[v] == v) {
                c->bye_score = c->pl[S[v]].score;
                break;
            }
        for (int v = 0; v < N; v++)
            for (int u = 0; u < v; u++) {
                edge_weight(c, st.w, S[u], S[v], false, false);
                set_edge(&st, v, u, st.w);
            }
        int top = c->pl[S[0]].score;
        if (c->bye_score >= top) {
            c->single_df_bye = true;
            for (int v = 0; v < N && c->pl[S[v]].score >= top; v++)
                if (c->pl[S[st.mate[v]]].score < top) {
                    c->single_df_bye = false;
                    break;
                }
        }
        /* C9: among the players with the bye assignee's score, fewer games played ranks
         * higher as someone to pair, so the bye goes to one who played more */
        int maxg = c->played_rounds + 1;
        for (int g = 0; g <= maxg; g++)
            c->played_rank[g] = 0;
        int rank = 0;
        for (int g = maxg; g >= 0; g--) {
            bool any = false;
            for (int v = 0; v < N; v++)
                if (c->pl[S[v]].score == c->bye_score && c->pl[S[v]].played_games == g) {
                    rank++;
                    any = true;
                }
            if (any)
                c->played_rank[g] = rank - 1;
        }
    } else {
        c->bye_score = 0;
    }

    /* 2. Bracket by bracket. */
    int nP = 0, next = 0;
    while (next < N && c->pl[S[next]].score >= c->pl[S[0]].score) {
        V[nP++] = next;
        next++;
    }
    int sg_begin = 0, sg_begin_v = 0;
    while (nP > 1 || next < N) {
        int next_sg = nP;
        int next_sg_v = sg_begin_v + (next_sg - sg_begin);
        int group_start = next;
        while (next < N && c->pl[S[next]].score >= c->pl[S[group_start]].score) {
            V[nP++] = next;
            next++;
        }
        for (int L = sg_begin; L < nP; L++)
            for (int s = 0; s < L; s++) {
                uint64_t *w = BASE(&st, L, s);
                edge_weight(c, w, S[V[s]], S[V[L]], L < next_sg, L >= next_sg);
                set_edge(&st, V[L], V[s], w);
            }
        if ((rc = solve(&st)) != 0)
            goto done;
        int *mate = st.mate;

        /* moved-down players to pair in this bracket: the highest scores first */
        int md_score = 0, md_left = 0, md_matched_left = 0;
        for (int pi = 0; pi < sg_begin; pi++) {
            int pv = V[pi];
            if (pi == 0 || c->pl[S[pv]].score < md_score) {
                md_score = c->pl[S[pv]].score;
                md_left = md_matched_left = 0;
                for (int q = pi; q < nP && c->pl[S[V[q]]].score >= md_score; q++) {
                    md_left++;
                    if (in_range(mate[V[q]], sg_begin_v, next_sg_v))
                        md_matched_left++;
                }
            }
            if (!md_matched_left)
                continue;
            if (md_left <= md_matched_left) {
                matched[pv] = true;
                continue;
            }
            md_left--;
            if (!in_range(mate[pv], sg_begin_v, next_sg_v)) {
                for (int o = sg_begin; o < next_sg; o++) {
                    memcpy(st.w, BASE(&st, o, pi), (size_t)K * sizeof *st.w);
                    if (!w_zero(st.w, K)) {
                        w_add_bit(st.w, K, 0, 1);
                        set_edge(&st, pv, V[o], st.w);
                    }
                }
                if ((rc = solve(&st)) != 0)
                    goto done;
            }
            if (in_range(mate[pv], sg_begin_v, next_sg_v)) {
                matched[pv] = true;
                md_matched_left--;
                for (int o = sg_begin; o < next_sg; o++) {
                    memcpy(st.w, BASE(&st, o, pi), (size_t)K * sizeof *st.w);
                    if (!w_zero(st.w, K)) {
                        w_add_bit(st.w, K, 0, (uint64_t)(next_sg - sg_begin) + 1);
                        set_edge(&st, pv, V[o], st.w);
                    }
                }
            }
        }
        /* their opponents: the highest resident that still allows the best pairing */
        for (int pi = 0; pi < sg_begin; pi++) {
            int pv = V[pi];
            if (!matched[pv])
                continue;
            uint64_t addend = (uint64_t)nP;
            for (int o = next_sg - 1; o >= sg_begin; o--) {
                if (matched[V[o]])
                    continue;
                memcpy(st.w, BASE(&st, o, pi), (size_t)K * sizeof *st.w);
                if (!w_zero(st.w, K)) {
                    w_add_bit(st.w, K, 0, addend);
                    set_edge(&st, pv, V[o], st.w);
                    addend++;
                }
            }
            if ((rc = solve(&st)) != 0)
                goto done;
            int mv = mate[pv];
            matched[mv] = true;
            finalize_pair(&st, pv, mv);
        }

        /* the remainder: S1 = the first rem_pairs, S2 the others */
        int nrem = 0, rem_pairs = 0;
        for (int pi = sg_begin; pi < next_sg; pi++) {
            int pv = V[pi];
            if (mate[pv] < sg_begin_v)
                continue;
            rem[nrem++] = pi;
            if (mate[pv] < pv)
                rem_pairs++;
        }
        int first_end = rem_pairs; /* position in rem */
        for (int oi = 0; oi < nrem; oi++)
            for (int si = 0; si < oi; si++) {
                ewc(&st, st.w, rem[si], rem[oi], si, rem_pairs);
                set_edge(&st, V[rem[si]], V[rem[oi]], st.w);
            }
        if ((rc = solve(&st)) != 0)
            goto done;
        int exchanges = 0;
        for (int ri = 0; ri < first_end && ri < nrem; ri++) {
            int pv = V[rem[ri]];
            exchanges += mate[pv] <= pv || mate[pv] >= next_sg_v;
        }
        /* lower players of S1 to exchange, from the bottom of S1 up */
        int left = exchanges;
        for (int ri = first_end; ri > 0 && left;) {
            int oi0 = ri;
            ri--;
            int pv = V[rem[ri]];
            if (mate[pv] > pv && mate[pv] < next_sg_v) {
                for (int oi = oi0; oi < nrem; oi++) {
                    ewc(&st, st.w, rem[ri], rem[oi], ri, rem_pairs);
                    if (!w_zero(st.w, K)) {
                        w_sub_small(st.w, K, 1);
                        set_edge(&st, pv, V[rem[oi]], st.w);
                    }
                }
                if ((rc = solve(&st)) != 0)
                    goto done;
            }
            bool exchange = mate[pv] <= pv || mate[pv] >= next_sg_v;
            left -= exchange;
            for (int oi = ri + 1; oi < nrem; oi++) {
                if (exchange)
                    memset(BASE(&st, rem[oi], rem[ri]), 0, (size_t)K * sizeof(uint64_t));
                ewc(&st, st.w, rem[ri], rem[oi], ri, rem_pairs);
                set_edge(&st, pv, V[rem[oi]], st.w);
            }
        }
        /* higher players of S2 to exchange, from the top of S2 down */
        left = exchanges;
        int rem_index = rem_pairs;
        for (int ri = first_end; ri < nrem && left > 1; ri++) {
            int pv = V[rem[ri]];
            bool already = mate[pv] > pv && mate[pv] < next_sg_v;
            if (!already) {
                for (int oi = ri + 1; oi < nrem; oi++) {
                    ewc(&st, st.w, rem[ri], rem[oi], rem_index, rem_pairs);
                    if (!w_zero(st.w, K)) {
                        w_add_bit(st.w, K, 0, 1);
                        set_edge(&st, pv, V[rem[oi]], st.w);
                    }
                }
                if ((rc = solve(&st)) != 0)
                    goto done;
            }
            bool exchange = mate[pv] > pv && mate[pv] < next_sg_v;
            if (exchange) {
                left--;
                memset(st.w, 0, (size_t)K * sizeof *st.w);
                for (int oi = 0; oi < ri; oi++) {
                    memset(BASE(&st, rem[ri], rem[oi]), 0, (size_t)K * sizeof(uint64_t));
                    set_edge(&st, pv, V[rem[oi]], st.w);
                }
                for (int o = next_sg; o < nP; o++) {
                    memset(BASE(&st, o, rem[ri]), 0, (size_t)K * sizeof(uint64_t));
                    set_edge(&st, pv, V[o], st.w);
                }
            }
            if (!already)
                for (int oi = ri + 1; oi < nrem; oi++) {
                    ewc(&st, st.w, rem[ri], rem[oi], rem_index, rem_pairs);
                    set_edge(&st, pv, V[rem[oi]], st.w);
                }
            rem_index++;
        }
        /* who plays as a higher player is now fixed */
        for (int ri = 0; ri < nrem; ri++) {
            int pv = V[rem[ri]];
            for (int oi = ri + 1; oi < nrem; oi++) {
                int ov = V[rem[oi]];
                if (mate[pv] <= pv || mate[pv] >= next_sg_v ||
                    (mate[ov] > ov && mate[ov] < next_sg_v))
                    memset(BASE(&st, rem[oi], rem[ri]), 0, (size_t)K * sizeof(uint64_t));
                set_edge(&st, pv, ov, BASE(&st, rem[oi], rem[ri]));
            }
        }
        /* Each higher player takes the highest opponent that keeps the pairing optimal, the
         * first higher player first. bbpPairings runs one matching per higher player; the
         * same lexicographic choice is one matching whose weights carry, below every other
         * criterion, one field per higher player (the first one most significant) holding the
         * rank of the chosen opponent. */
        {
            int nh = 0, nlex = 0;
            for (int ri = 0; ri < nrem; ri++) {
                int pv = V[rem[ri]];
                if (mate[pv] > pv && mate[pv] < next_sg_v)
                    higher[nh++] = ri;
            }
            int fb = bits_for(nrem + 1);
            for (int t = 0; t < nh; t++) {
                int pi = rem[higher[t]], pv = V[pi];
                uint64_t addend = 0;
                for (int oi = nrem - 1; oi >= 0; oi--) {
                    int o = rem[oi], ov = V[o];
                    if (o <= pi || matched[ov])
                        continue;
                    if (!w_zero(BASE(&st, o, pi), K)) {
                        set_edge(&st, pv, ov, BASE(&st, o, pi));
                        lex_v[nlex] = pv;
                        lex_o[nlex] = ov;
                        lex_add[nlex] = addend;
                        lex_shift[nlex] = (nh - 1 - t) * fb;
                        nlex++;
                    }
                    addend++;
                }
            }
            if (nh > 0) {
                if ((rc = solve_ex(&st, nh * fb, lex_v, lex_o, lex_add, lex_shift, nlex)) != 0)
                    goto done;
                for (int t = 0; t < nh; t++) {
                    int pv = V[rem[higher[t]]], mv = mate[pv];
                    if (!(mv > pv && mv < next_sg_v) || matched[mv])
                        continue;
                    matched[pv] = matched[mv] = true;
                    finalize_pair(&st, pv, mv);
                }
            }
        }

        /* the next bracket: the unpaired (downfloaters) and the next score group */
        int nnew = 0;
        sg_begin = 0;
        c->single_df_bye =
            (N & 1) && group_start < N && c->bye_score == c->pl[S[group_start]].score;
        for (int pi = 0; pi < nP; pi++) {
            int pv = V[pi];
            if (pi < next_sg && matched[pv]) {
                partner[S[pv]] = S[mate[pv]];
                partner[S[mate[pv]]] = S[pv];
            } else {
                newV[nnew++] = pv;
                if (pi < next_sg)
                    sg_begin++;
                if (c->pl[S[mate[pv]]].score < c->bye_score)
                    c->single_df_bye = false;
            }
        }
        memcpy(V, newV, (size_t)nnew * sizeof *V);
        nP = nnew;
        sg_begin_v = next_sg_v;
    }
done:
    go_mwm_clear(&st.g);
    free(V);
    free(newV);
    free(rem);
    free(matched);
    free(st.mate);
    free(st.base);
    free(st.w);
    free(st.maxw);
    free(st.fixed_mate);
    free(st.idx);
    free(st.submate);
    free(st.scratch);
    free(st.wmate);
    free(st.wm2);
    free(st.wy);
    free(st.wy2);
    free(lex_v);
    free(lex_o);
    free(lex_shift);
    free(lex_add);
    free(higher);
    return rc;
}

/* Sort keys carried with the index: no file-level state, so two threads (the service pairs
 * events of different connections at once) never share a comparator context. */
typedef struct order_key {
    int score, rank, index;
} order_key;

static int cmp_order(const void *a, const void *b)
{
    const order_key *x = a, *y = b;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    return x->rank != y->rank ? (x->rank < y->rank ? -1 : 1) : x->index - y->index;
}

static int code_score(char r)
{
    switch (r) {
    case '1':
    case '+':
    case 'W':
    case 'F':
    case 'U':
        return S_WIN;
    case '=':
    case 'D':
    case 'H':
        return S_DRAW;
    default:
        return S_LOSS;
    }
}

int go_dutch_pair(go_pairing **out, size_t *out_count, const go_xtable *t, int rounds_played,
                  const go_dutch_options *opt)
{
    *out = NULL;
    *out_count = 0;
    int n = t->nplayers, rc = 0;
    /* The matchings are dense (n x n weights of many words): beyond this a round takes
     * minutes and gigabytes; refuse rather than thrash. */
    if (n > GO_DUTCH_MAX_PLAYERS)
        return go_error_set(GO_ETOOBIG, "%d players: the Dutch pairing handles at most %d", n,
                            GO_DUTCH_MAX_PLAYERS);
    if (rounds_played < 0 || rounds_played > t->nrounds)
        return go_error_set(GO_EINVAL, "rounds played %d out of 0..%d", rounds_played, t->nrounds);
    dctx c;
    memset(&c, 0, sizeof c);
    c.np = n;
    c.played_rounds = rounds_played;
    c.expected_rounds = opt && opt->rounds_total > 0 ? opt->rounds_total : rounds_played + 2;
    char first = opt && opt->first_color ? opt->first_color : 'w';
    c.pl = calloc((size_t)n + 1, sizeof *c.pl);
    c.forbidden = calloc((size_t)n * (size_t)n + 1, 1);
    dmatch *all = calloc((size_t)n * (size_t)t->nrounds + 1, sizeof *all);
    int *S = malloc(((size_t)n + 1) * sizeof *S),
        *partner = malloc(((size_t)n + 1) * sizeof *partner);
    go_pairing *pairs = malloc(((size_t)n / 2 + 2) * sizeof *pairs);
    c.played_rank = calloc((size_t)t->nrounds + 3, sizeof *c.played_rank);
    c.sg_shifts = calloc(2 * (size_t)t->nrounds + 3, sizeof *c.sg_shifts);
    if (!c.pl || !c.forbidden || !all || !S || !partner || !pairs || !c.played_rank ||
        !c.sg_shifts) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    int N = 0;
    for (int i = 0; i < n; i++) {
        dplayer *p = &c.pl[i];
        p->id = i;
        p->rank = opt && opt->rank ? opt->rank[i] : i;
        p->m = all + (size_t)i * (size_t)t->nrounds;
        p->present = !(opt && opt->absent && opt->absent[i]);
        p->nm = rounds_played;
        for (int r = 0; r < t->nrounds; r++) {
            const go_xt_game *g = &t->games[(size_t)i * (size_t)t->nrounds + (size_t)r];
            dmatch *m = &p->m[r];
            if (r >= rounds_played) {
                /* a bye or absence entered ahead (TRF "0000 - Z"): counts for eligibility */
                if (g->result != ' ' && g->result != 0)
                    p->nm = r + 1;
            }
            bool has_opp = g->opponent >= 0 && g->opponent < n && g->opponent != i;
            m->opp = has_opp ? g->opponent : i;
            m->color = !has_opp ? C_NONE : g->color == first ? C_FIRST : C_SECOND;
            m->score = (unsigned char)code_score(g->result);
            m->played = has_opp && strchr("10=WDL", g->result) && g->result;
            m->participated = has_opp || g->result == 'U' || g->result == '+';
            if (has_opp && (m->played || (opt && opt->forfeit_is_game && g->result != ' ')))
                c.forbidden[(size_t)i * (size_t)n + (size_t)g->opponent] =
                    c.forbidden[(size_t)g->opponent * (size_t)n + (size_t)i] = 1;
        }
        for (int r = 0; r < rounds_played; r++)
            p->score += match_points(&p->m[r]);
        /* colour preference from the games played (C.04.1 and the Dutch A.6) */
        int whites = 0, blacks = 0, consecutive = 0;
        p->repeated = C_NONE;
        for (int r = 0; r < p->nm; r++) {
            const dmatch *m = &p->m[r];
            if (!m->played)
                continue;
            p->played_games++;
            if (m->color == C_FIRST)
                whites++;
            else
                blacks++;
            if (!consecutive || m->color != p->repeated)
                consecutive = 1;
            else
                consecutive++;
            p->repeated = m->color;
        }
        int lower = whites > blacks ? C_SECOND : C_FIRST;
        p->imbalance = whites > blacks ? whites - blacks : blacks - whites;
        p->pref = p->imbalance > 1   ? lower
                  : consecutive > 1  ? invert(p->repeated)
                  : p->imbalance > 0 ? lower
                  : consecutive      ? invert(p->repeated)
                                     : C_NONE;
        if (consecutive <= 1)
            p->repeated = C_NONE;
        p->strong = !abs_pref(p) && p->imbalance;
        if (p->present && p->nm <= rounds_played)
            S[N++] = i;
    }
    order_key *keys = malloc(((size_t)N + 1) * sizeof *keys);
    if (!keys) {
        rc = go_error_set(GO_ENOMEM, "pairing");
        goto done;
    }
    for (int k = 0; k < N; k++)
        keys[k] = (order_key){c.pl[S[k]].score, c.pl[S[k]].rank, S[k]};
    qsort(keys, (size_t)N, sizeof *keys, cmp_order);
    for (int k = 0; k < N; k++)
        S[k] = keys[k].index;
    free(keys);
    /* score-group shifts, from the lowest score up, and the widest group */
    int maxg = 0;
    for (int a = N - 1; a >= 0;) {
        int b = a, sc = c.pl[S[a]].score;
        while (b >= 0 && c.pl[S[b]].score == sc)
            b--;
        int cnt = a - b;
        c.sg_shifts[sc] = c.sg_shift;
        c.sg_shift += bits_for(cnt);
        if (cnt > maxg)
            maxg = cnt;
        a = b;
    }
    c.sg_bits = bits_for(maxg);
    if (c.sg_bits < 1)
        c.sg_bits = 1;
    int bits = 2 + 3 * c.sg_bits + 2 * c.sg_shift + 4 * c.sg_bits + 3 * c.sg_bits + 1;
    for (int back = 1; back <= 2; back++)
        if (rounds_played >= back)
            bits += 2 * c.sg_bits + 2 * c.sg_shift;
    c.K = (bits + 16) / 64 + 2;
    for (int i = 0; i < n; i++)
        partner[i] = -2;
    if (N >= 2 && (rc = dutch_run(&c, S, N, partner)) != 0)
        goto done;
    for (int k = 0; k < N; k++)
        if (partner[S[k]] < 0 && !eligible_bye(&c.pl[S[k]])) {
            /* the only complete pairings give a second bye: an absolute criterion */
            rc = go_error_set(GO_ECONFLICT,
                              "round %d cannot be paired without a second bye for player %d",
                              rounds_played + 1, S[k] + 1);
            goto done;
        }
    /* the first colour of the first round, inferred from the table as bbpPairings does */
    int initial = C_NONE, min_round = -1;
    for (int r = 0; r < rounds_played && min_round < 0; r++)
        for (int i = 0; i < n; i++)
            if (c.pl[i].m[r].color != C_NONE) {
                min_round = r;
                break;
            }
    if (min_round >= 0) {
        int *by_rank = malloc(((size_t)n + 1) * sizeof *by_rank);
        if (!by_rank) {
            rc = go_error_set(GO_ENOMEM, "pairing");
            goto done;
        }
        for (int i = 0; i < n; i++)
            by_rank[i] = i;
        for (int a = 1; a < n; a++) /* insertion sort by rank: n is small */
            for (int b = a; b > 0 && c.pl[by_rank[b]].rank < c.pl[by_rank[b - 1]].rank; b--) {
                int tmp = by_rank[b];
                by_rank[b] = by_rank[b - 1];
                by_rank[b - 1] = tmp;
            }
        int count = 0;
        for (int k = 0; k < n && initial == C_NONE; k++) {
            const dplayer *p = &c.pl[by_rank[k]];
            bool took_part = false;
            for (int r = 0; r <= min_round; r++)
                if (p->m[r].participated)
                    took_part = true;
            if (!took_part)
                continue;
            initial = count & 1 ? invert(p->m[min_round].color) : p->m[min_round].color;
            count++;
        }
        free(by_rank);
    }
    size_t np = 0;
    for (int k = 0; k < N; k++) {
        int i = S[k], j = partner[i];
        if (j < 0) {
            pairs[np++] = (go_pairing){i, -1};
        } else if (i < j) {
            int ci = choose_color(&c.pl[i], &c.pl[j], initial);
            pairs[np++] = ci == C_FIRST ? (go_pairing){i, j} : (go_pairing){j, i};
        }
    }
    /* published order: byes last, then the higher player's score, the lower player's score,
     * and the higher player's pairing number */
    for (size_t a = 1; a < np; a++)
        for (size_t b = a; b > 0; b--) {
            go_pairing *x = &pairs[b - 1], *y = &pairs[b];
            const dplayer *xh, *xl, *yh, *yl;
            bool xb = x->second < 0, yb = y->second < 0;
            xh = xb || !ranks_below(&c.pl[x->first], &c.pl[x->second]) ? &c.pl[x->first]
                                                                       : &c.pl[x->second];
            xl = xb ? xh : xh == &c.pl[x->first] ? &c.pl[x->second] : &c.pl[x->first];
            yh = yb || !ranks_below(&c.pl[y->first], &c.pl[y->second]) ? &c.pl[y->first]
                                                                       : &c.pl[y->second];
            yl = yb ? yh : yh == &c.pl[y->first] ? &c.pl[y->second] : &c.pl[y->first];
            bool y_first = !yb && xb;
            if (xb == yb) {
                if (yh->score != xh->score)
                    y_first = yh->score > xh->score;
                else if (yl->score != xl->score)
                    y_first = yl->score > xl->score;
                else
                    y_first = yh->rank < xh->rank;
            }
            if (!y_first)
                break;
            go_pairing tmp = *x;
            *x = *y;
            *y = tmp;
        }
    *out = pairs;
    *out_count = np;
    pairs = NULL;
done:
    free(c.pl);
    free(c.forbidden);
    free(all);
    free(S);
    free(partner);
    free(pairs);
    free(c.played_rank);
    free(c.sg_shifts);
    return rc;
}

void go_pairing_write(FILE *out, const go_pairing *pairs, size_t n)
{
    fprintf(out, "%zu\n", n);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%d %d\n", pairs[i].first + 1, pairs[i].second >= 0 ? pairs[i].second + 1 : 0);
}

int go_trf_pair(go_pairing **out, size_t *out_count, const char *text, size_t len)
{
    go_xtable t;
    int rc = go_trf_read(&t, NULL, text, len);
    if (rc)
        return rc;
    /* XXR (JaVaFo) or 142 (TRF-25): the rounds the event will have */
    int xxr = 0;
    for (const char *p = text, *end = text + len; p < end;) {
        const char *e = p;
        while (e < end && *e != '\n' && *e != '\r')
            e++;
        if (e - p > 4 && (strncmp(p, "XXR ", 4) == 0 || strncmp(p, "142 ", 4) == 0)) {
            char buf[16];
            size_t l = (size_t)(e - p - 4) < sizeof buf - 1 ? (size_t)(e - p - 4) : sizeof buf - 1;
            memcpy(buf, p + 4, l);
            buf[l] = '\0';
            char *stop;
            long v = strtol(buf, &stop, 10);
            if (v > 0 && v < 1000)
                xxr = (int)v;
        }
        p = e;
        while (p < end && (*p == '\n' || *p == '\r'))
            p++;
    }
    /* Rounds played, as bbpPairings counts them: every round up to a player's last entry
     * that took part in a pairing, and every round before any later entry (a bye entered
     * ahead for the next round does not make that round played). */
    int played = 0;
    bool *absent = calloc((size_t)t.nplayers + 1, sizeof *absent);
    if (!absent) {
        go_xtable_clear(&t);
        return go_error_set(GO_ENOMEM, "pairing");
    }
    for (int i = 0; i < t.nplayers; i++)
        for (int r = 0; r < t.nrounds; r++) {
            const go_xt_game *g = &t.games[(size_t)i * (size_t)t.nrounds + (size_t)r];
            bool entry = g->opponent >= 0 || g->color == 'w' || g->color == 'b' ||
                         g->color == '-' || (g->result != ' ' && g->result != 0);
            if (!entry)
                continue;
            if (r > played)
                played = r;
            bool took_part = g->opponent >= 0 || g->result == 'U' || g->result == '+';
            if (took_part && r + 1 > played)
                played = r + 1;
        }
    for (int i = 0; i < t.nplayers; i++)
        for (int r = played; r < t.nrounds; r++) {
            const go_xt_game *g = &t.games[(size_t)i * (size_t)t.nrounds + (size_t)r];
            if (g->opponent >= 0 || g->color == '-' || (g->result != ' ' && g->result != 0))
                absent[i] = true; /* already has an entry for the round to pair */
        }
    go_dutch_options opt = GO_DUTCH_OPTIONS_INIT;
    opt.rounds_total = xxr ? xxr : t.nrounds;
    opt.first_color = 'w';
    opt.absent = absent;
    rc = go_dutch_pair(out, out_count, &t, played, &opt);
    free(absent);
    go_xtable_clear(&t);
    return rc;
}
