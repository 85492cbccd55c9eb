/* Swiss pairing by the FIDE Dutch system (C.04.3, the 2025 rules), in the formulation of
 * bbpPairings: every quality criterion becomes a field of one big edge weight, and the round
 * is paired bracket by bracket with maximum-weight matchings over all players still unpaired,
 * so that the absolute criteria (no repeat, colours, one bye to an eligible player) and the
 * completion of the whole round are never traded for a better bracket. Also reads a TRF file
 * and pairs its next round (the JaVaFo output format). */
#include <stdlib.h>
#include <string.h>

#include "go/swiss.h"
#include "matching.h"

/* test_swiss_dutch_full compiles this file with 1: the fallback (every weight stored, every
 * matching over all open players) is then taken in every round. */
#ifndef GO_DUTCH_TEST_FULL
#define GO_DUTCH_TEST_FULL 0
#endif

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
    int top_shift; /* the bit at which edge_weight puts the completion field */
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

static void color_bits(const dctx *c, uint64_t *r, int *pos, const dplayer *p, const dplayer *o,
                       bool cur)
{
    int K = c->K, b = c->sg_bits;
    *pos -= b;
    if (cur && (!abs_imbalance(p) || !abs_imbalance(o) || p->pref != o->pref))
        w_add_bit(r, K, *pos, 1);
    *pos -= b;
    if (cur && (!abs_pref(p) || !abs_pref(o) || p->pref != o->pref ||
                (p->imbalance == o->imbalance
                     ? p->repeated == C_NONE || p->repeated != o->repeated
                     : (p->imbalance > o->imbalance ? o : p)->repeated != invert(p->pref))))
        w_add_bit(r, K, *pos, 1);
    *pos -= b;
    if (cur && (p->pref != o->pref || p->pref == C_NONE || o->pref == C_NONE))
        w_add_bit(r, K, *pos, 1);
    *pos -= b;
    if (cur && ((!p->strong && !abs_pref(p)) || (!o->strong && !abs_pref(o)) ||
                (abs_pref(p) && abs_pref(o)) || p->pref != o->pref))
        w_add_bit(r, K, *pos, 1);
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
    /* each field is added at its final bit: pos runs down from the top field's */
    int pos = c->top_shift;
    /* completion of the round, and the bye only to a candidate */
    w_add_bit(r, K, pos, 1u + !bye_candidate(c, H) + !bye_candidate(c, L));
    /* the most pairs in the bracket, then the highest scores paired in it */
    pos -= b;
    if (in_cur)
        w_add_bit(r, K, pos, 1);
    pos -= sh;
    if (in_cur)
        w_add_bit(r, K, pos + c->sg_shifts[H->score], 1);
    /* the same for the next bracket (so the downfloaters can be paired there) */
    pos -= b;
    if (in_next)
        w_add_bit(r, K, pos, 1);
    pos -= sh;
    if (in_next)
        w_add_bit(r, K, pos + c->sg_shifts[H->score], 1);
    /* C9: the fewest unplayed games for the bye assignee */
    pos -= b;
    if (c->single_df_bye) {
        if (H->score == c->bye_score)
            w_add_bit(r, K, pos, (uint64_t)c->played_rank[H->played_games]);
        if (L->score == c->bye_score)
            w_add_bit(r, K, pos, (uint64_t)c->played_rank[L->played_games]);
    }
    color_bits(c, r, &pos, L, H, in_cur);
    int hs = H->score, ls = L->score;
    for (int back = 1; back <= 2; back++) {
        if (c->played_rounds < back)
            break;
        /* repeated downfloaters, then repeated upfloaters */
        pos -= b;
        if (in_cur) {
            w_add_bit(r, K, pos, get_float(c, L, back) == F_DOWN);
            w_add_bit(r, K, pos, hs <= ls && get_float(c, H, back) == F_DOWN);
        }
        pos -= b;
        if (in_cur)
            w_add_bit(r, K, pos, !(hs > ls && get_float(c, L, back) == F_UP));
    }
    for (int back = 1; back <= 2; back++) {
        if (c->played_rounds < back)
            break;
        /* the scores of repeated downfloaters, then of the opponents of repeated upfloaters */
        pos -= sh;
        if (in_cur) {
            w_add_bit(r, K, pos + c->sg_shifts[ls], get_float(c, L, back) == F_DOWN);
            w_add_bit(r, K, pos + c->sg_shifts[hs], get_float(c, H, back) == F_DOWN);
        }
        pos -= sh;
        if (in_cur && !(get_float(c, L, back) == F_UP && hs > ls))
            w_add_bit(r, K, pos + c->sg_shifts[hs], 1);
    }
    /* below pos, 3 b + 1 bits of room for the bracket's own ordering (exchanges,
     * transpositions): pos is 3 b + 1 here */
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
    /* Only the edges the driver set are stored (gset); every other edge still has its first
     * weight, which a formula gives (gmode: 0 the odd field's bye weights, 1 the completion
     * weights): the round's first matching needs no n^2 writes, and no more of g is touched
     * than the brackets' blocks. */
    unsigned char *gset;
    int gmode;
    int *fixed_mate; /* finalized pairs (-1: open): left out of later matchings */
    int *submate;
    uint64_t *scratch; /* room for a compacted graph */
    size_t scratch_words;
    /* the last solution (partner, N = the dummy, -1 none) and its duals, to start from */
    bool warm;
    int *wmate, *wm2;
    uint64_t *wy, *wy2;
    /* the active part (see solve_ex): players from `lower` on are below the brackets */
    int lower, nact, *act, *tm; /* tm: this matching's partners by vertex, N = the dummy */
    bool *active, full;         /* full: every open vertex is active in every matching */
    uint64_t *ty, *yraw, *w2, *w3, *marg, *bz;
    int *bpar; /* the last matching's blossoms: parent (2 (nact + 1) entries) and duals bz */
    bool *viol;
    /* dirty: the vertices whose edges were set since the last plain matching was kept (the
     * next start checks only their edges, and those of the lower players, the dummy and the
     * lex fields' ends); chg: the same by compact index for one matching */
    bool *dirty, *chg;
    long activations; /* how often a matching had to take in more lower players */
    /* the brackets' work arrays: V the bracket's vertices by position, newV the next one's,
     * rem the remainder, matched the players paired for good, higher the remainder's higher
     * players, lex_* one lex field per edge of a higher player */
    int *V, *newV, *rem, *higher, *lex_v, *lex_o, *lex_shift;
    uint64_t *lex_add;
    bool *matched;
} dstate;

#define BASE(st, L, s)                                                                             \
    ((st)->base + (((size_t)(L) * (size_t)(st)->N + (size_t)(s)) * (size_t)(st)->c->K))

/* The doubled dual that makes every edge of the completion stage tight: there an edge between
 * two compatible players weighs 2^T (1 + nb(h) + nb(l)) + 1 (nb: not a bye candidate; the + 1
 * is solve_ex's), so 2 w = pot(h) + pot(l) with pot(v) = 2^T (1 + 2 nb(v)) + 1; scaled by
 * 2^extra like the weights of a lex matching. */
static void potential(const dstate *st, uint64_t *out, int v, int K2, int extra)
{
    const dctx *c = st->c;
    memset(out, 0, (size_t)K2 * sizeof *out);
    w_add_bit(out, K2, c->top_shift, 1u + 2u * !bye_candidate(c, &c->pl[st->S[v]]));
    w_add_bit(out, K2, 0, 1);
    if (extra)
        w_shl(out, K2, extra);
}

/* The first weight of edge a-b (vertices), by formula (see gmode). */
static void first_weight(const dstate *st, uint64_t *w, int a, int b)
{
    const dctx *c = st->c;
    int K = c->K, v = a > b ? a : b, u = a > b ? b : a, pv = st->S[v], pu = st->S[u];
    memset(w, 0, (size_t)K * sizeof *w);
    if (a == b || !compatible(c, pv, pu))
        return;
    if (st->gmode) { /* edge_weight(pu, pv, false, false) with C9 off */
        w_add_bit(w, K, c->top_shift,
                  1u + !bye_candidate(c, &c->pl[pv]) + !bye_candidate(c, &c->pl[pu]));
        return;
    }
    /* the odd field's first matching: pair everyone if possible, the bye to an eligible
     * player of the lowest score */
    w_add_bit(w, K, 0, 1u + !eligible_bye(&c->pl[pv]) + !eligible_bye(&c->pl[pu]));
    w_shl(w, K, c->sg_shift);
    w_add_bit(w, K, 0,
              (uint64_t)c->sg_shifts[c->pl[pv].score] + (uint64_t)c->sg_shifts[c->pl[pu].score]);
    w_shl(w, K, c->sg_bits);
    w_add_bit(w, K, 0, c->pl[pv].score >= c->pl[st->S[0]].score);
}

/* The weight of edge a-b into w. */
static void edge_into(const dstate *st, uint64_t *w, int a, int b)
{
    int r = a > b ? a : b, q = a > b ? b : a;
    if (st->gset[(size_t)r * (size_t)st->N + (size_t)q])
        memcpy(w, go_mwm_at(&st->g, r, q), (size_t)st->c->K * sizeof *w);
    else
        first_weight(st, w, a, b);
}

static bool edge_exists(const dstate *st, int a, int b)
{
    int r = a > b ? a : b, q = a > b ? b : a;
    if (st->gset[(size_t)r * (size_t)st->N + (size_t)q])
        return !w_zero(go_mwm_at(&st->g, r, q), st->c->K);
    return a != b && compatible(st->c, st->S[a], st->S[b]);
}

/* Whether the first weights are what edge_weight gives and what the potentials say,
 * 2 (w + 1) = pot(u) + pot(v) (or 0), on a sample of pairs (every neighbour in the order and
 * about one pair in 61): a guard against the formulas drifting apart. */
static bool potentials_hold(dstate *st)
{
    int K = st->c->K, N = st->N;
    uint64_t *w = st->ty, *f = st->ty + K, *two = st->w2, *sum = st->w3, *pu = st->ty + 2 * K,
             *pv = st->ty + 3 * K; /* ty is free until the next solve */
    for (int v = 0; v < N; v++)
        for (int u = 0; u < v; u++) {
            if ((u + 7 * v) % 61 != 0 && v - u != 1)
                continue;
            edge_into(st, w, u, v);
            bool c9 = st->c->single_df_bye; /* off when these weights were set */
            st->c->single_df_bye = false;
            edge_weight(st->c, f, st->S[u], st->S[v], false, false);
            st->c->single_df_bye = c9;
            if (memcmp(f, w, (size_t)K * sizeof *f) != 0)
                return false;
            if (w_zero(w, K))
                continue;
            potential(st, pu, u, K, 0);
            potential(st, pv, v, K, 0);
            memcpy(two, w, (size_t)K * sizeof *two);
            w_add_bit(two, K, 0, 1);
            w_shl(two, K, 1);
            uint64_t carry = 0;
            for (int q = 0; q < K; q++) { /* sum = pu + pv */
                uint64_t x = pu[q] + pv[q], c1 = x < pu[q];
                sum[q] = x + carry;
                carry = c1 | (sum[q] < x);
            }
            if (memcmp(sum, two, (size_t)K * sizeof *sum) != 0)
                return false;
        }
    return true;
}

static void w_sub(uint64_t *a, const uint64_t *b, int K) /* a -= b */
{
    uint64_t borrow = 0;
    for (int q = 0; q < K; q++) {
        uint64_t d = a[q] - b[q], b1 = a[q] < b[q];
        a[q] = d - borrow;
        borrow = b1 | (d < borrow);
    }
}

/* If the formula ever disagreed with edge_weight: every weight stored the slow way, and
 * every matching computed whole. */
static void store_first_weights(dstate *st)
{
    bool c9 = st->c->single_df_bye; /* off when these weights were set */
    st->c->single_df_bye = false;
    for (int r = 0; r < st->N; r++)
        for (int q = 0; q < st->N; q++)
            if (q < r) {
                edge_weight(st->c, go_mwm_at(&st->g, r, q), st->S[q], st->S[r], false, false);
                st->gset[(size_t)r * (size_t)st->N + (size_t)q] = 1;
            }
    st->c->single_df_bye = c9;
}

static int w_cmp_signed(const uint64_t *a, const uint64_t *b, int K)
{
    int64_t x = (int64_t)a[K - 1], y = (int64_t)b[K - 1];
    if (x != y)
        return x < y ? -1 : 1;
    for (int i = K - 2; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* One matching of the active vertices (st->act, st->nact, and the dummy when the open count is
 * odd) from the start in st->tm / st->ty, which receive the result; raw duals into st->yraw. */
static int solve_active(dstate *st, int extra, const int *lex_v, const int *lex_o,
                        const uint64_t *lex_add, const int *lex_shift, int nlex, bool dummy,
                        bool warm, int lower)
{
    int K = st->c->K, K2 = extra ? K + (extra + 63) / 64 + 1 : K, N = st->N, a = st->nact;
    int n2 = a + dummy;
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
    for (int v = 0; v <= N; v++)
        pos[v] = -1;
    for (int i = 0; i < a; i++)
        pos[st->act[i]] = i;
    if (dummy)
        pos[N] = a;
    /* One triangle is built, the other copied (the weights are symmetric). Every real edge
     * gains 1 so the dummy's edges (2^extra) exist; a perfect matching's total only shifts by
     * a constant. The 1 is added before the lex matchings' shift, so that their weights are
     * the plain ones times 2^extra plus the lex fields: the plain duals times 2^extra are then
     * a start at which every earlier pair is still tight. */
    for (int i = 0; i < n2; i++) {
        memset(go_mwm_at(&sub, i, i), 0, (size_t)K2 * sizeof(uint64_t));
        for (int j = i + 1; j < n2; j++) {
            uint64_t *dst = go_mwm_at(&sub, i, j);
            if (j == a) {
                memset(dst, 0, (size_t)K2 * sizeof *dst);
                w_add_bit(dst, K2, extra, 1);
                continue;
            }
            edge_into(st, dst, st->act[i], st->act[j]);
            if (K2 > K)
                memset(dst + K, 0, (size_t)(K2 - K) * sizeof *dst);
            if (!w_zero(dst, K))
                w_add_bit(dst, K2, 0, 1);
            if (extra)
                w_shl(dst, K2, extra);
        }
    }
    for (int i = 0; i < n2; i++)
        st->chg[i] = i == a || st->dirty[st->act[i]] || st->act[i] >= lower;
    for (int k = 0; k < nlex; k++) {
        int i = pos[lex_v[k]], j = pos[lex_o[k]];
        if (i < 0 || j < 0 || i >= a || j >= a)
            continue;
        st->chg[i] = st->chg[j] = true;
        w_add_bit(go_mwm_at(&sub, i < j ? i : j, i < j ? j : i), K2, lex_shift[k], lex_add[k]);
    }
    for (int i = 0; i < n2; i++)
        for (int j = i + 1; j < n2; j++)
            memcpy(go_mwm_at(&sub, j, i), go_mwm_at(&sub, i, j), (size_t)K2 * sizeof(uint64_t));
    int *m2 = st->wm2;
    uint64_t *y2 = st->wy2;
    for (int i = 0; i < n2 && warm; i++) {
        int v = i < a ? st->act[i] : N, u = st->tm[v];
        m2[i] = u >= 0 && pos[u] >= 0 ? pos[u] : -1;
        memcpy(y2 + (size_t)i * (size_t)K2, st->ty + (size_t)v * (size_t)K2,
               (size_t)K2 * sizeof *y2);
    }
    go_mwm_proof proof = {st->yraw, st->bpar, st->bz};
    int rc = go_mwm_solve_perfect(&sub, m2, y2, &proof, st->chg, warm);
    if (rc)
        return rc;
    for (int i = 0; i < n2; i++) {
        int v = i < a ? st->act[i] : N, m = m2[i];
        st->tm[v] = m == i ? -1 : m < a ? st->act[m] : N;
        memcpy(st->ty + (size_t)v * (size_t)K2, y2 + (size_t)i * (size_t)K2,
               (size_t)K2 * sizeof *y2);
    }
    return 0;
}

/* Whether x (N: the dummy) has an edge to an open inactive lower vertex. */
static bool inactive_nb(const dstate *st, int x, int lower)
{
    for (int v = lower; v < st->N; v++)
        if (!st->active[v] && st->fixed_mate[v] < 0 && (x == st->N || edge_exists(st, x, v)))
            return true;
    return false;
}

/* The proof with the inactive vertices inside a blossom H of the active matching (and so in
 * every blossom above H, chain C): their duals become pot - Z_C (Z_C: the duals of C), so the
 * edges among them stay tight and the blossoms of C stay full (their pairs join them); an edge
 * from active x to an inactive vertex then has slack margin(x) - Z_C + 2 Z(C above x). Tried
 * with H each blossom above the worst violator. margin, violators: st->marg, st->viol. */
static bool proof_in_blossom(dstate *st, int K2, bool dummy, int lower)
{
    int a = st->nact, n2 = a + dummy, worst = -1;
    for (int i = 0; i < n2; i++) {
        if (!st->viol[i])
            continue;
        int x = i < a ? st->act[i] : st->N;
        if (st->tm[x] < 0)
            return false; /* unmatched: no dual can help */
        if (worst < 0 || w_cmp_signed(st->marg + (size_t)i * (size_t)K2,
                                      st->marg + (size_t)worst * (size_t)K2, K2) < 0)
            worst = i;
    }
    if (worst < 0)
        return false;
    uint64_t *val = st->w2, *zc = st->w3;
    for (int h = st->bpar[worst]; h >= 0; h = st->bpar[h]) {
        memset(zc, 0, (size_t)K2 * sizeof *zc);
        for (int b = h; b >= 0; b = st->bpar[b]) {
            uint64_t carry = 0;
            const uint64_t *z = st->bz + (size_t)b * (size_t)K2;
            for (int q = 0; q < K2; q++) {
                uint64_t t = zc[q] + z[q], c1 = t < zc[q];
                zc[q] = t + carry;
                carry = c1 | (zc[q] < t);
            }
        }
        bool ok = true;
        for (int i = 0; i < n2 && ok; i++) {
            int x = i < a ? st->act[i] : st->N;
            /* val = margin - Z_C + 2 Z(C above x) */
            memcpy(val, st->marg + (size_t)i * (size_t)K2, (size_t)K2 * sizeof *val);
            w_sub(val, zc, K2);
            int top_in_c = -1;
            for (int b = st->bpar[i]; b >= 0; b = st->bpar[b])
                for (int c = h; c >= 0 && top_in_c < 0; c = st->bpar[c])
                    if (c == b)
                        top_in_c = b;
            for (int b = top_in_c; b >= 0; b = st->bpar[b]) {
                const uint64_t *z = st->bz + (size_t)b * (size_t)K2;
                for (int rep = 0; rep < 2; rep++) {
                    uint64_t carry = 0;
                    for (int q = 0; q < K2; q++) {
                        uint64_t t = val[q] + z[q], c1 = t < val[q];
                        val[q] = t + carry;
                        carry = c1 | (val[q] < t);
                    }
                }
            }
            if ((int64_t)val[K2 - 1] < 0 && (st->viol[i] || inactive_nb(st, x, lower)))
                ok = false;
        }
        if (ok)
            return true;
    }
    return false;
}

/* Finalized pairs have one edge each, to each other: every maximum matching keeps them, so
 * the matching is computed on the open vertices only (the graph shrinks bracket by bracket).
 * extra > 0 shifts every weight up by that many bits and adds lex[] fields (see below).
 *
 * The players below the brackets being paired (vertices from st->lower on, "lower" here) have
 * edges of the completion stage only, to each other and to everyone above: 2 w = pot(u) +
 * pot(v) for each compatible pair (edge_weight with in_cur and in_next false, the bye score
 * fixed, C9 off; the driver never sets another weight on such an edge). So the matching is
 * computed on the active vertices only: the open players above, the dummy, and the lower
 * players the previous solution paired with them; the other lower players (inactive) keep
 * their previous pairs among themselves. That is exact, not a heuristic: give each inactive
 * vertex the dual pot(v). Its pairs stay tight, every edge between two inactive vertices is
 * tight, and the solver's duals on the active part (blossoms all inside it) are feasible
 * there; an edge from active x to inactive v has slack yraw(x) + pot(v) - 2 w = yraw(x) -
 * pot(x) (2^(extra+1) - pot(v) for the dummy's). When no such slack is negative the combined
 * duals are feasible for the whole graph and complementary to the combined matching, which is
 * therefore a heaviest perfect matching of the whole graph (LP duality): the same optimum
 * value the full matching reaches, and any property the driver decides by "does some optimum
 * have it" (the only way it reads a matching) comes out the same. When a slack is negative,
 * a few inactive neighbours of the offending vertex are activated with their partners
 * (doubling each time) and the matching is recomputed from where it stood, at worst until
 * every vertex is active, which is the full matching. */
static int solve_ex(dstate *st, int extra, const int *lex_v, const int *lex_o,
                    const uint64_t *lex_add, const int *lex_shift, int nlex)
{
    int K = st->c->K, N = st->N, rc = 0;
    int K2 = extra ? K + (extra + 63) / 64 + 1 : K;
    bool warm = st->warm;
    int open = 0;
    for (int v = 0; v < N; v++)
        open += st->fixed_mate[v] < 0;
    bool dummy = open & 1;
    /* the start: the last plain solution, scaled like this matching's weights */
    for (int v = 0; v <= N && warm; v++) {
        if (v < N && st->fixed_mate[v] >= 0)
            continue;
        st->tm[v] = v < N ? st->wmate[v] : -1;
        uint64_t *y = st->ty + (size_t)v * (size_t)K2;
        if (v == N) {
            memset(y, 0, (size_t)K2 * sizeof *y);
            continue;
        }
        const uint64_t *old = st->wy + (size_t)v * (size_t)K;
        uint64_t fill = (old[K - 1] >> 63) ? ~(uint64_t)0 : 0; /* sign extension */
        for (int q = 0; q < K2; q++)
            y[q] = q < K ? old[q] : fill;
        if (extra)
            w_shl(y, K2, extra);
    }
    if (warm && dummy)
        for (int v = 0; v < N; v++)
            if (st->fixed_mate[v] < 0 && st->tm[v] == N)
                st->tm[N] = v;
    /* Active: everything open above st->lower, the dummy, and the lower players without a
     * lower partner. A lower player whose partner is above is first re-paired below if it
     * can be (with another such player, or by taking over a lower pair whose other half
     * pairs with a third one): the pair above was only the start of this matching, and a
     * lower player left alone in the active part, where its lower peers are missing, would
     * see its dual fall below its potential and fail the proof. Who ends up with whom below
     * changes nothing: every pairing of the lower players among themselves weighs the same. */
    bool *act = st->active;
    int lower = warm && !st->full ? st->lower : N;
    int *freev = st->act, nfree = 0; /* st->act is rebuilt below */
    for (int v = lower; v < N; v++) {
        if (st->fixed_mate[v] >= 0)
            continue;
        int u = st->tm[v];
        if (u >= lower && u < N && st->tm[u] == v)
            continue;
        if (u >= 0 && u < lower && st->tm[u] == v)
            st->tm[u] = -1;
        if (u != N || st->tm[N] != v)
            st->tm[v] = -1;
        if (st->tm[v] < 0)
            freev[nfree++] = v;
    }
    for (int i = 0; i < nfree; i++) {
        int x = freev[i];
        for (int j = i + 1; j < nfree && st->tm[x] < 0; j++) {
            int y = freev[j];
            if (st->tm[y] < 0 && edge_exists(st, x, y)) {
                st->tm[x] = y;
                st->tm[y] = x;
            }
        }
        for (int l = lower; l < N && st->tm[x] < 0; l++) {
            int l2 = st->tm[l];
            if (l2 < lower || l2 >= N || !edge_exists(st, x, l))
                continue;
            for (int j = i + 1; j < nfree; j++) {
                int y = freev[j];
                if (st->tm[y] < 0 && y != l && edge_exists(st, l2, y)) {
                    st->tm[x] = l;
                    st->tm[l] = x;
                    st->tm[l2] = y;
                    st->tm[y] = l2;
                    break;
                }
            }
        }
    }
    for (int v = 0; v < N; v++) {
        act[v] = false;
        if (st->fixed_mate[v] < 0)
            act[v] = v < lower || st->tm[v] < lower || st->tm[v] >= N;
    }
    int quota = 4;
    uint64_t *pv = st->w2, *need = st->w3;
    for (int iter = 0;; iter++) {
        st->nact = 0;
        for (int v = 0; v < N; v++)
            if (act[v])
                st->act[st->nact++] = v;
        /* The lower players start from their potentials, the inactive ones (the proof
         * needs it) and the active ones too: a lower player left without its partner above
         * then pairs with another at no dual change, instead of drifting below its
         * potential (which would fail the proof below without anything better to offer). */
        for (int v = lower; v < N; v++)
            if (st->fixed_mate[v] < 0)
                potential(st, st->ty + (size_t)v * (size_t)K2, v, K2, extra);
        if ((rc = solve_active(st, extra, lex_v, lex_o, lex_add, lex_shift, nlex, dummy,
                               warm || iter > 0, lower)) != 0)
            return rc;
        /* the certificate: no negative slack on an edge from an active to an inactive vertex */
        bool any_inactive = false, cand_inactive = false;
        for (int v = lower; v < N; v++)
            if (!act[v] && st->fixed_mate[v] < 0) {
                any_inactive = true;
                if (bye_candidate(st->c, &st->c->pl[st->S[v]]))
                    cand_inactive = true;
            }
        if (!any_inactive)
            break;
        /* margin(x) = yraw(x) - pot(x): the least slack of x's edges to inactive vertices,
         * when it has any (for the dummy 2^(extra+1) - the least inactive potential) */
        int nv = 0, x0 = -1;
        for (int i = 0; i <= st->nact; i++) {
            int x = i < st->nact ? st->act[i] : N;
            if (x == N && !dummy)
                continue;
            uint64_t *m = st->marg + (size_t)i * (size_t)K2;
            if (x < N) {
                potential(st, need, x, K2, extra);
            } else {
                int probe = -1;
                for (int v = lower; v < N && probe < 0; v++)
                    if (!act[v] && st->fixed_mate[v] < 0 &&
                        (!cand_inactive || bye_candidate(st->c, &st->c->pl[st->S[v]])))
                        probe = v;
                potential(st, pv, probe, K2, extra);
                memset(need, 0, (size_t)K2 * sizeof *need);
                w_add_bit(need, K2, extra + 1, 1);
                w_sub(need, pv, K2);
            }
            memcpy(m, st->yraw + (size_t)i * (size_t)K2, (size_t)K2 * sizeof *m);
            w_sub(m, need, K2);
            st->viol[i] = st->tm[x] < 0 || ((int64_t)m[K2 - 1] < 0 && inactive_nb(st, x, lower));
            if (st->viol[i]) {
                nv++;
                x0 = i;
            }
        }
        if (!nv)
            break;
        if (proof_in_blossom(st, K2, dummy, lower))
            break;
        if (nv == 1 && st->tm[x0 < st->nact ? st->act[x0] : N] >= 0) {
            /* One vertex x0 short by z: put the inactive vertices and x0 in one odd set with
             * dual z (inactive duals pot - z). The set's edges stay tight (x0's edges to it
             * just), it is full (the inactive pairs inside, x0 paired outside), and every
             * other active vertex needs margin >= z towards the inactive ones. */
            memset(need, 0, (size_t)K2 * sizeof *need);
            w_sub(need, st->marg + (size_t)x0 * (size_t)K2, K2); /* z */
            bool ok = true;
            for (int i = 0; i <= st->nact && ok; i++) {
                int x = i < st->nact ? st->act[i] : N;
                if (i == x0 || (x == N && !dummy))
                    continue;
                if (w_cmp_signed(st->marg + (size_t)i * (size_t)K2, need, K2) < 0 &&
                    inactive_nb(st, x, lower))
                    ok = false;
            }
            if (ok)
                break;
        }
        /* Activate a few inactive pairs next to the violators (any will do: they all look
         * alike to the active part), twice as many each round. */
        int added = 0;
        for (int i = 0; i <= st->nact && added < quota; i++) {
            int x = i < st->nact ? st->act[i] : N;
            if ((x == N && !dummy) || !st->viol[i])
                continue;
            for (int v = lower, got = 0; v < N && !got; v++) {
                if (act[v] || st->fixed_mate[v] >= 0)
                    continue;
                if (x < N ? !edge_exists(st, x, v)
                          : cand_inactive && !bye_candidate(st->c, &st->c->pl[st->S[v]]))
                    continue;
                act[v] = true;
                if (st->tm[v] >= 0 && st->tm[v] < N)
                    act[st->tm[v]] = true;
                got = 1;
                added++;
            }
        }
        if (!added) /* an unmatched vertex without inactive neighbours: everyone joins */
            for (int v = lower; v < N; v++)
                act[v] = st->fixed_mate[v] < 0;
        quota *= 2;
        st->activations++;
    }
    for (int v = 0; v < N; v++) {
        if (st->fixed_mate[v] >= 0) {
            st->mate[v] = st->fixed_mate[v];
            continue;
        }
        int m = st->tm[v];
        st->mate[v] = m < 0 || m >= N ? v : m;
    }
    if (!extra) { /* keep this solution as the next one's start (not the lex-scaled one) */
        for (int v = 0; v < N; v++) {
            if (st->fixed_mate[v] >= 0)
                continue;
            st->wmate[v] = st->tm[v];
            st->dirty[v] = false;
            memcpy(st->wy + (size_t)v * (size_t)K, st->ty + (size_t)v * (size_t)K2,
                   (size_t)K * sizeof *st->wy);
        }
        st->warm = true;
    }
    return 0;
}

/* A start for the first matching (can the round be paired, and the bye's score): greedy
 * pairs, and duals that make most edges tight. Every edge there weighs f(u) + f(v) + 1, and
 * for an odd field also 1 more when both are top scorers (see dutch_run); the dual
 * 2 f(v) + 1 (+ 1 for a top scorer) is feasible for every edge and tight for most, so the
 * greedy pairs are kept and only the players they leave out cost augmentations. Any start
 * gives the same optimum: this only saves the cold start's n/2 stages. */
static void phase1_start(dstate *st)
{
    const dctx *c = st->c;
    int K = c->K, N = st->N, b = c->sg_bits;
    for (int v = 0; v < N; v++) {
        const dplayer *p = &c->pl[st->S[v]];
        uint64_t *y = st->wy + (size_t)v * (size_t)K;
        if (!(N & 1)) {
            potential(st, y, v, K, 0);
        } else {
            memset(y, 0, (size_t)K * sizeof *y);
            w_add_bit(y, K, c->sg_shift + b, 1u + 2u * !eligible_bye(p));
            w_add_bit(y, K, b + 1, (uint64_t)c->sg_shifts[p->score]);
            w_add_bit(y, K, 0, 1u + (p->score >= c->pl[st->S[0]].score));
        }
        st->wmate[v] = -1;
    }
    int last = -1;
    for (int v = 0; v < N; v++) {
        if (st->wmate[v] >= 0)
            continue;
        for (int u = v + 1; u < N && st->wmate[v] < 0; u++)
            if (st->wmate[u] < 0 && edge_exists(st, v, u)) {
                st->wmate[v] = u;
                st->wmate[u] = v;
            }
        if (st->wmate[v] < 0)
            last = v;
    }
    if ((N & 1) && last >= 0)
        st->wmate[last] = N; /* the dummy: the bye */
    st->warm = true;
}

static int solve(dstate *st)
{
    return solve_ex(st, 0, NULL, NULL, NULL, NULL, 0);
}

/* Stored weights live in one triangle: row max(v1, v2), column min(v1, v2). */
static void set_edge(dstate *st, int v1, int v2, const uint64_t *w)
{
    int r = v1 > v2 ? v1 : v2, q = v1 > v2 ? v2 : v1;
    memcpy(go_mwm_at(&st->g, r, q), w, (size_t)st->c->K * sizeof *w);
    st->gset[(size_t)r * (size_t)st->N + (size_t)q] = 1;
    st->dirty[r] = st->dirty[q] = true;
}

/* A finalized pair is out of every later matching (solve_ex takes open vertices only), so its
 * edges need no weights any more. */
static void finalize_pair(dstate *st, int v0, int v1)
{
    st->fixed_mate[v0] = v1;
    st->fixed_mate[v1] = v0;
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

/* The bracket being paired: positions in V (the open players, carried down first) */
typedef struct dbracket {
    int nP;                   /* players in the bracket */
    int next;                 /* the first position of S not yet in a bracket */
    int sg_begin, sg_begin_v; /* the resident score group's start in V, and as a vertex */
    int next_sg, next_sg_v;   /* the next score group's start in V, and as a vertex */
    int group_start;          /* the next score group's first position in S */
    int nrem, rem_pairs;      /* the remainder (rem[]) and its pairs: S1 = the first rem_pairs */
    int exchanges;            /* players of S1 that the best remainder pairing exchanges */
} dbracket;

/* The driver's working memory, all of it at once (run_free releases what was had). */
static int run_alloc(dstate *st)
{
    int K = st->c->K, N = st->N;
    int Kmax = K + ((N + 1) * bits_for(N + 1) + 63) / 64 + 2; /* the widest lex weights */
    st->wmate = malloc(((size_t)N + 2) * sizeof *st->wmate);
    st->wm2 = malloc(((size_t)N + 2) * sizeof *st->wm2);
    st->wy = calloc(((size_t)N + 2) * (size_t)K, sizeof *st->wy);
    st->wy2 = calloc(((size_t)N + 2) * (size_t)Kmax, sizeof *st->wy2);
    st->fixed_mate = malloc(((size_t)N + 1) * sizeof *st->fixed_mate);
    st->act = malloc(((size_t)N + 1) * sizeof *st->act);
    st->submate = malloc(((size_t)N + 2) * sizeof *st->submate);
    st->tm = malloc(((size_t)N + 2) * sizeof *st->tm);
    st->active = calloc((size_t)N + 1, sizeof *st->active);
    st->ty = calloc(((size_t)N + 2) * (size_t)Kmax, sizeof *st->ty);
    st->yraw = calloc(((size_t)N + 2) * (size_t)Kmax, sizeof *st->yraw);
    st->w2 = calloc((size_t)Kmax, sizeof *st->w2);
    st->w3 = calloc((size_t)Kmax, sizeof *st->w3);
    st->marg = calloc(((size_t)N + 2) * (size_t)Kmax, sizeof *st->marg);
    st->bz = calloc(2 * ((size_t)N + 2) * (size_t)Kmax, sizeof *st->bz);
    st->bpar = calloc(2 * ((size_t)N + 2), sizeof *st->bpar);
    st->dirty = malloc(((size_t)N + 2) * sizeof *st->dirty);
    st->chg = malloc(((size_t)N + 2) * sizeof *st->chg);
    st->viol = calloc((size_t)N + 2, sizeof *st->viol);
    st->lex_v = malloc(((size_t)N * (size_t)N / 2 + 1) * sizeof *st->lex_v);
    st->lex_o = malloc(((size_t)N * (size_t)N / 2 + 1) * sizeof *st->lex_o);
    st->lex_shift = malloc(((size_t)N * (size_t)N / 2 + 1) * sizeof *st->lex_shift);
    st->lex_add = malloc(((size_t)N * (size_t)N / 2 + 1) * sizeof *st->lex_add);
    st->higher = malloc(((size_t)N + 1) * sizeof *st->higher);
    st->V = malloc(((size_t)N + 1) * sizeof *st->V);
    st->newV = malloc(((size_t)N + 1) * sizeof *st->newV);
    st->rem = malloc(((size_t)N + 1) * sizeof *st->rem);
    st->matched = calloc((size_t)N + 1, sizeof *st->matched);
    st->mate = malloc(((size_t)N + 1) * sizeof *st->mate);
    st->base = calloc((size_t)N * (size_t)N * (size_t)K + 1, sizeof *st->base);
    st->w = calloc((size_t)K, sizeof *st->w);
    st->gset = calloc((size_t)N * (size_t)N + 1, 1);
    if (!st->V || !st->newV || !st->rem || !st->matched || !st->mate || !st->base || !st->w ||
        !st->gset || !st->fixed_mate || !st->act || !st->submate || !st->lex_v || !st->lex_o ||
        !st->lex_shift || !st->lex_add || !st->higher || !st->wmate || !st->wm2 || !st->wy ||
        !st->wy2 || !st->tm || !st->active || !st->ty || !st->yraw || !st->w2 || !st->w3 ||
        !st->marg || !st->viol || !st->bz || !st->bpar || !st->dirty || !st->chg) {
        return go_error_set(GO_ENOMEM, "pairing");
    }
    for (int v = 0; v < N; v++) {
        st->fixed_mate[v] = -1;
        st->dirty[v] = true;
    }
    return go_mwm_init(&st->g, N, K);
}

static void run_free(dstate *st)
{
    go_mwm_clear(&st->g);
    free(st->V);
    free(st->newV);
    free(st->rem);
    free(st->matched);
    free(st->mate);
    free(st->base);
    free(st->w);
    free(st->gset);
    free(st->fixed_mate);
    free(st->act);
    free(st->submate);
    free(st->tm);
    free(st->active);
    free(st->ty);
    free(st->yraw);
    free(st->w2);
    free(st->w3);
    free(st->marg);
    free(st->bz);
    free(st->bpar);
    free(st->dirty);
    free(st->chg);
    free(st->viol);
    free(st->scratch);
    free(st->wmate);
    free(st->wm2);
    free(st->wy);
    free(st->wy2);
    free(st->lex_v);
    free(st->lex_o);
    free(st->lex_shift);
    free(st->lex_add);
    free(st->higher);
}

/* The completion stage: can the round be paired at all, and which score must the bye assignee
 * have? Then every edge gets the completion weights the brackets start from. */
static int pair_completion(dstate *st)
{
    dctx *c = st->c;
    int K = c->K, N = st->N, rc = 0;
    int *S = st->S;
    /* 1. Can the round be paired at all, and which score must the bye assignee have? (The
     * weights are first_weight's, by formula.) */
    if (!(N & 1)) {
        c->bye_score = 0;
        c->single_df_bye = false;
    }
    st->gmode = !(N & 1);
    /* An even field's first matching already has the completion weights: the potentials'
     * proof works there too, with every player "below" (only those the greedy start leaves
     * unpaired are matched by the solver). An odd field's has the bye's weights: whole. */
    if (!(N & 1) && (st->full = !potentials_hold(st) || GO_DUTCH_TEST_FULL))
        store_first_weights(st);
    phase1_start(st);
    st->lower = N & 1 ? N : 0;
    if ((rc = solve(st)) != 0)
        return rc;
    st->lower = N;
    int unmatched = 0;
    for (int v = 0; v < N; v++)
        if (st->mate[v] == v)
            unmatched++;
    if (unmatched > 1) {
        rc = go_error_set(GO_ECONFLICT,
                          "no pairing of round %d avoids every repeat game and colour rule"
                          " (%d of %d players left unpaired)",
                          c->played_rounds + 1, unmatched, N);
        return rc;
    }
    c->single_df_bye = false;
    if (N & 1) {
        for (int v = 0; v < N; v++)
            if (st->mate[v] == v) {
                c->bye_score = c->pl[S[v]].score;
                break;
            }
        st->gmode = 1; /* the completion weights, with the bye's score now known */
        int top = c->pl[S[0]].score;
        if (c->bye_score >= top) {
            c->single_df_bye = true;
            for (int v = 0; v < N && c->pl[S[v]].score >= top; v++)
                if (c->pl[S[st->mate[v]]].score < top) {
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

    /* Every edge now has the completion stage's weight (solve_ex counts on it for the players
     * below the brackets): checked once, and if the formula for their duals ever disagreed
     * with edge_weight, every matching would simply be computed whole. */
    if ((N & 1) && (st->full = !potentials_hold(st) || GO_DUTCH_TEST_FULL))
        store_first_weights(st);
    for (int v = 0; v < N && !st->full; v++) /* the bracket matchings start from them */
        potential(st, st->wy + (size_t)v * (size_t)K, v, K, 0);
    for (int v = 0; v < N; v++) /* new weights (odd field) or new duals: check every edge */
        st->dirty[v] = true;
    return rc;
}

/* Opens the next bracket: the next score group joins the players carried down, their edges
 * get the bracket's weights, and the matching is computed. */
static int bracket_open(dstate *st, dbracket *b)
{
    dctx *c = st->c;
    int N = st->N, rc = 0;
    int *S = st->S;
    b->next_sg = b->nP;
    b->next_sg_v = b->sg_begin_v + (b->next_sg - b->sg_begin);
    b->group_start = b->next;
    while (b->next < N && c->pl[S[b->next]].score >= c->pl[S[b->group_start]].score) {
        st->V[b->nP++] = b->next;
        b->next++;
    }
    st->lower = b->next;
    for (int L = b->sg_begin; L < b->nP; L++)
        for (int s = 0; s < L; s++) {
            uint64_t *w = BASE(st, L, s);
            edge_weight(c, w, S[st->V[s]], S[st->V[L]], L < b->next_sg, L >= b->next_sg);
            set_edge(st, st->V[L], st->V[s], w);
        }
    if ((rc = solve(st)) != 0)
        return rc;
    return rc;
}

static int bracket_moved_down(dstate *st, dbracket *b)
{
    dctx *c = st->c;
    int K = c->K, rc = 0;
    int *S = st->S;
    int *mate = st->mate;
    /* moved-down players to pair in this bracket: the highest scores first */
    int md_score = 0, md_left = 0, md_matched_left = 0;
    for (int pi = 0; pi < b->sg_begin; pi++) {
        int pv = st->V[pi];
        if (pi == 0 || c->pl[S[pv]].score < md_score) {
            md_score = c->pl[S[pv]].score;
            md_left = md_matched_left = 0;
            for (int q = pi; q < b->nP && c->pl[S[st->V[q]]].score >= md_score; q++) {
                md_left++;
                if (in_range(mate[st->V[q]], b->sg_begin_v, b->next_sg_v))
                    md_matched_left++;
            }
        }
        if (!md_matched_left)
            continue;
        if (md_left <= md_matched_left) {
            st->matched[pv] = true;
            continue;
        }
        md_left--;
        if (!in_range(mate[pv], b->sg_begin_v, b->next_sg_v)) {
            for (int o = b->sg_begin; o < b->next_sg; o++) {
                memcpy(st->w, BASE(st, o, pi), (size_t)K * sizeof *st->w);
                if (!w_zero(st->w, K)) {
                    w_add_bit(st->w, K, 0, 1);
                    set_edge(st, pv, st->V[o], st->w);
                }
            }
            if ((rc = solve(st)) != 0)
                return rc;
        }
        if (in_range(mate[pv], b->sg_begin_v, b->next_sg_v)) {
            st->matched[pv] = true;
            md_matched_left--;
            for (int o = b->sg_begin; o < b->next_sg; o++) {
                memcpy(st->w, BASE(st, o, pi), (size_t)K * sizeof *st->w);
                if (!w_zero(st->w, K)) {
                    w_add_bit(st->w, K, 0, (uint64_t)(b->next_sg - b->sg_begin) + 1);
                    set_edge(st, pv, st->V[o], st->w);
                }
            }
        }
    }
    return rc;
}

static int bracket_md_opponents(dstate *st, dbracket *b)
{
    dctx *c = st->c;
    int K = c->K, rc = 0;
    int *mate = st->mate;
    /* their opponents: the highest resident that still allows the best pairing */
    for (int pi = 0; pi < b->sg_begin; pi++) {
        int pv = st->V[pi];
        if (!st->matched[pv])
            continue;
        uint64_t addend = (uint64_t)b->nP;
        for (int o = b->next_sg - 1; o >= b->sg_begin; o--) {
            if (st->matched[st->V[o]])
                continue;
            memcpy(st->w, BASE(st, o, pi), (size_t)K * sizeof *st->w);
            if (!w_zero(st->w, K)) {
                w_add_bit(st->w, K, 0, addend);
                set_edge(st, pv, st->V[o], st->w);
                addend++;
            }
        }
        if ((rc = solve(st)) != 0)
            return rc;
        int mv = mate[pv];
        st->matched[mv] = true;
        finalize_pair(st, pv, mv);
    }
    return rc;
}

static int bracket_remainder(dstate *st, dbracket *b)
{
    int rc = 0;
    int *mate = st->mate;
    /* the remainder: S1 = the first rem_pairs, S2 the others */
    b->nrem = 0, b->rem_pairs = 0;
    for (int pi = b->sg_begin; pi < b->next_sg; pi++) {
        int pv = st->V[pi];
        if (mate[pv] < b->sg_begin_v)
            continue;
        st->rem[b->nrem++] = pi;
        if (mate[pv] < pv)
            b->rem_pairs++;
    }
    for (int oi = 0; oi < b->nrem; oi++)
        for (int si = 0; si < oi; si++) {
            ewc(st, st->w, st->rem[si], st->rem[oi], si, b->rem_pairs);
            set_edge(st, st->V[st->rem[si]], st->V[st->rem[oi]], st->w);
        }
    if ((rc = solve(st)) != 0)
        return rc;
    b->exchanges = 0;
    for (int ri = 0; ri < b->rem_pairs && ri < b->nrem; ri++) {
        int pv = st->V[st->rem[ri]];
        b->exchanges += mate[pv] <= pv || mate[pv] >= b->next_sg_v;
    }
    return rc;
}

static int bracket_exchange_s1(dstate *st, dbracket *b)
{
    dctx *c = st->c;
    int K = c->K, rc = 0;
    int *mate = st->mate;
    /* lower players of S1 to exchange, from the bottom of S1 up */
    int left = b->exchanges, first_end = b->rem_pairs; /* position in rem */
    for (int ri = first_end; ri > 0 && left;) {
        int oi0 = ri;
        ri--;
        int pv = st->V[st->rem[ri]];
        if (mate[pv] > pv && mate[pv] < b->next_sg_v) {
            for (int oi = oi0; oi < b->nrem; oi++) {
                ewc(st, st->w, st->rem[ri], st->rem[oi], ri, b->rem_pairs);
                if (!w_zero(st->w, K)) {
                    w_sub_small(st->w, K, 1);
                    set_edge(st, pv, st->V[st->rem[oi]], st->w);
                }
            }
            if ((rc = solve(st)) != 0)
                return rc;
        }
        bool exchange = mate[pv] <= pv || mate[pv] >= b->next_sg_v;
        left -= exchange;
        for (int oi = ri + 1; oi < b->nrem; oi++) {
            if (exchange)
                memset(BASE(st, st->rem[oi], st->rem[ri]), 0, (size_t)K * sizeof(uint64_t));
            ewc(st, st->w, st->rem[ri], st->rem[oi], ri, b->rem_pairs);
            set_edge(st, pv, st->V[st->rem[oi]], st->w);
        }
    }
    return rc;
}

static int bracket_exchange_s2(dstate *st, dbracket *b)
{
    dctx *c = st->c;
    int K = c->K, rc = 0;
    int *mate = st->mate;
    /* higher players of S2 to exchange, from the top of S2 down */
    int left = b->exchanges, rem_index = b->rem_pairs; /* S2 starts after S1's pairs */
    for (int ri = b->rem_pairs; ri < b->nrem && left > 1; ri++) {
        int pv = st->V[st->rem[ri]];
        bool already = mate[pv] > pv && mate[pv] < b->next_sg_v;
        if (!already) {
            for (int oi = ri + 1; oi < b->nrem; oi++) {
                ewc(st, st->w, st->rem[ri], st->rem[oi], rem_index, b->rem_pairs);
                if (!w_zero(st->w, K)) {
                    w_add_bit(st->w, K, 0, 1);
                    set_edge(st, pv, st->V[st->rem[oi]], st->w);
                }
            }
            if ((rc = solve(st)) != 0)
                return rc;
        }
        bool exchange = mate[pv] > pv && mate[pv] < b->next_sg_v;
        if (exchange) {
            left--;
            memset(st->w, 0, (size_t)K * sizeof *st->w);
            for (int oi = 0; oi < ri; oi++) {
                memset(BASE(st, st->rem[ri], st->rem[oi]), 0, (size_t)K * sizeof(uint64_t));
                set_edge(st, pv, st->V[st->rem[oi]], st->w);
            }
            for (int o = b->next_sg; o < b->nP; o++) {
                memset(BASE(st, o, st->rem[ri]), 0, (size_t)K * sizeof(uint64_t));
                set_edge(st, pv, st->V[o], st->w);
            }
        }
        if (!already)
            for (int oi = ri + 1; oi < b->nrem; oi++) {
                ewc(st, st->w, st->rem[ri], st->rem[oi], rem_index, b->rem_pairs);
                set_edge(st, pv, st->V[st->rem[oi]], st->w);
            }
        rem_index++;
    }
    return rc;
}

static void bracket_fix_higher(dstate *st, dbracket *b)
{
    dctx *c = st->c;
    int K = c->K;
    int *mate = st->mate;
    /* who plays as a higher player is now fixed */
    for (int ri = 0; ri < b->nrem; ri++) {
        int pv = st->V[st->rem[ri]];
        for (int oi = ri + 1; oi < b->nrem; oi++) {
            int ov = st->V[st->rem[oi]];
            if (mate[pv] <= pv || mate[pv] >= b->next_sg_v ||
                (mate[ov] > ov && mate[ov] < b->next_sg_v))
                memset(BASE(st, st->rem[oi], st->rem[ri]), 0, (size_t)K * sizeof(uint64_t));
            set_edge(st, pv, ov, BASE(st, st->rem[oi], st->rem[ri]));
        }
    }
}

static int bracket_lex(dstate *st, dbracket *b)
{
    dctx *c = st->c;
    int K = c->K, rc = 0;
    int *mate = st->mate;
    /* Each higher player takes the highest opponent that keeps the pairing optimal, the
     * first higher player first. bbpPairings runs one matching per higher player; the
     * same lexicographic choice is one matching whose weights carry, below every other
     * criterion, one field per higher player (the first one most significant) holding the
     * rank of the chosen opponent. */
    int nh = 0, nlex = 0;
    for (int ri = 0; ri < b->nrem; ri++) {
        int pv = st->V[st->rem[ri]];
        if (mate[pv] > pv && mate[pv] < b->next_sg_v)
            st->higher[nh++] = ri;
    }
    /* Each field just wide enough for its player's largest rank (at least one bit):
     * the fields below one hold less than its lowest bit, so the order is the same as
     * with equal widths, and the weights are words narrower. newV is free here. */
    int *width = st->newV, extra = 0;
    for (int t = nh - 1; t >= 0; t--) {
        int pi = st->rem[st->higher[t]], cnt = 0;
        for (int oi = 0; oi < b->nrem; oi++)
            cnt += st->rem[oi] > pi && !st->matched[st->V[st->rem[oi]]];
        width[t] = cnt > 1 ? bits_for(cnt - 1) : 1;
        extra += width[t];
    }
    for (int t = 0, below = extra; t < nh; t++) {
        int pi = st->rem[st->higher[t]], pv = st->V[pi];
        uint64_t addend = 0;
        below -= width[t];
        for (int oi = b->nrem - 1; oi >= 0; oi--) {
            int o = st->rem[oi], ov = st->V[o];
            if (o <= pi || st->matched[ov])
                continue;
            if (!w_zero(BASE(st, o, pi), K)) {
                set_edge(st, pv, ov, BASE(st, o, pi));
                st->lex_v[nlex] = pv;
                st->lex_o[nlex] = ov;
                st->lex_add[nlex] = addend;
                st->lex_shift[nlex] = below;
                nlex++;
            }
            addend++;
        }
    }
    if (nh > 0) {
        if ((rc = solve_ex(st, extra, st->lex_v, st->lex_o, st->lex_add, st->lex_shift, nlex)) != 0)
            return rc;
        for (int t = 0; t < nh; t++) {
            int pv = st->V[st->rem[st->higher[t]]], mv = mate[pv];
            if (!(mv > pv && mv < b->next_sg_v) || st->matched[mv])
                continue;
            st->matched[pv] = st->matched[mv] = true;
            finalize_pair(st, pv, mv);
        }
    }
    return rc;
}

static void bracket_close(dstate *st, dbracket *b, int *partner)
{
    dctx *c = st->c;
    int N = st->N;
    int *S = st->S;
    int *mate = st->mate;
    /* the next bracket: the unpaired (downfloaters) and the next score group */
    int nnew = 0;
    b->sg_begin = 0;
    c->single_df_bye =
        (N & 1) && b->group_start < N && c->bye_score == c->pl[S[b->group_start]].score;
    for (int pi = 0; pi < b->nP; pi++) {
        int pv = st->V[pi];
        if (pi < b->next_sg && st->matched[pv]) {
            partner[S[pv]] = S[mate[pv]];
            partner[S[mate[pv]]] = S[pv];
        } else {
            st->newV[nnew++] = pv;
            if (pi < b->next_sg)
                b->sg_begin++;
            if (c->pl[S[mate[pv]]].score < c->bye_score)
                c->single_df_bye = false;
        }
    }
    memcpy(st->V, st->newV, (size_t)nnew * sizeof *st->V);
    b->nP = nnew;
    b->sg_begin_v = b->next_sg_v;
}

/* The brackets from the top score down, each paired by the Dutch rules' order of criteria:
 * its moved-down players and their opponents, the remainder with its exchanges, then every
 * higher player's opponent; what is left floats down into the next. */
static int pair_brackets(dstate *st, int *partner)
{
    dctx *c = st->c;
    int N = st->N, rc = 0;
    int *S = st->S;
    dbracket bracket = {0}, *b = &bracket;
    b->nP = 0, b->next = 0;
    while (b->next < N && c->pl[S[b->next]].score >= c->pl[S[0]].score) {
        st->V[b->nP++] = b->next;
        b->next++;
    }
    b->sg_begin = 0, b->sg_begin_v = 0;
    while (b->nP > 1 || b->next < N) {
        if ((rc = bracket_open(st, b)) != 0 || (rc = bracket_moved_down(st, b)) != 0 ||
            (rc = bracket_md_opponents(st, b)) != 0 || (rc = bracket_remainder(st, b)) != 0 ||
            (rc = bracket_exchange_s1(st, b)) != 0 || (rc = bracket_exchange_s2(st, b)) != 0)
            return rc;
        bracket_fix_higher(st, b);
        if ((rc = bracket_lex(st, b)) != 0)
            return rc;
        bracket_close(st, b, partner);
    }
    return 0;
}

static int dutch_run(dctx *c, int *S, int N, int *partner /* by player index, -1 bye */)
{
    dstate st;
    memset(&st, 0, sizeof st);
    st.c = c;
    st.N = N;
    st.S = S;
    st.lower = N; /* no player is below a bracket until the brackets start */
    int rc = run_alloc(&st);
    if (rc == 0)
        rc = pair_completion(&st);
    if (rc == 0)
        rc = pair_brackets(&st, partner);
    run_free(&st);
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
            /* S_WIN, S_DRAW and S_LOSS are the outcome's 2, 1 and 0 */
            m->score = (unsigned char)go_xtable_outcome(g->result);
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
    c.top_shift = bits - 2; /* every field edge_weight shifts in after the top one */
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
