/* The Swiss pairing against references written from the definitions, as
 * tests/rules/test_reference.c does for the rules.
 *
 * The matching: on random tie-heavy graphs with multi-word weights (2 to 40 vertices, cold and
 * after random changes, warm), the duals go_mwm_solve_perfect returns as its proof must be an
 * LP certificate of optimality: every edge feasible (y_u + y_v + 2 z of the blossoms holding
 * both >= 2 w), every matched edge tight, every blossom's z non-negative and every blossom with
 * z > 0 full ((|B| - 1) / 2 of its edges matched). By LP duality no perfect matching weighs
 * more, whatever the graph's size; on graphs of up to 12 vertices the weight is also compared
 * with the best over every perfect matching.
 *
 * The Dutch pairing: tiny events (3 to 9 players, forfeits, absences, byes) are played round
 * by round, and every round's result is checked against every complete pairing of the round
 * (C.04.3, the 2025 rules): the absolute criteria (C1 no second meeting, a forfeit included;
 * C2 no bye to a player who already scored a win without playing; C3 no two players with the
 * same absolute colour preference), the refusal exactly when no pairing meets them (C4), the
 * most pairs inside the top score group (C6 in the first bracket), and the bye to a player of
 * the lowest score any legal pairing allows (C5). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../swiss/matching.h"
#include "go/swiss.h"

static uint64_t rs = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

/* ---- multi-word arithmetic (two's complement, least significant word first) ---- */

enum { MAXW = 6 };

static void add_w(uint64_t *a, const uint64_t *b, int words)
{
    uint64_t carry = 0;
    for (int q = 0; q < words; q++) {
        uint64_t s = a[q] + b[q], c1 = s < a[q];
        a[q] = s + carry;
        carry = c1 | (a[q] < s);
    }
}

static int cmp_signed(const uint64_t *a, const uint64_t *b, int words)
{
    int64_t x = (int64_t)a[words - 1], y = (int64_t)b[words - 1];
    if (x != y)
        return x < y ? -1 : 1;
    for (int q = words - 2; q >= 0; q--)
        if (a[q] != b[q])
            return a[q] < b[q] ? -1 : 1;
    return 0;
}

static bool is_zero(const uint64_t *a, int words)
{
    for (int q = 0; q < words; q++)
        if (a[q])
            return false;
    return true;
}

/* A weight like the Dutch ones: a few fields from small sets, so that many edges tie; the top
 * word's high bits clear (room for the doubled duals). */
static void random_weight(uint64_t *w, int words)
{
    for (int q = 0; q < words; q++) {
        uint64_t r = rnd();
        w[q] = (r & 3) == 0 ? 0 : (r >> 8) % 4 << ((r >> 16) % 60);
    }
    w[words - 1] >>= 6;
}

/* ---- the matching's certificate ---- */

/* Every blossom holding vertex v: anc[b] = true for b in n..2n-1. */
static void blossoms_of(const go_mwm_proof *p, int n, int v, bool *anc)
{
    memset(anc, 0, 2 * (size_t)n * sizeof *anc);
    for (int x = p->parent[v]; x >= 0; x = p->parent[x]) {
        assert_true(x >= n && x < 2 * n);
        anc[x] = true;
    }
}

static void check_certificate(const go_mwm *g, const int *mate, const go_mwm_proof *p,
                              const char *what, int iter)
{
    int n = g->n, words = g->words;
    bool *au = calloc(2 * (size_t)n, sizeof *au), *av = calloc(2 * (size_t)n, sizeof *av);
    int *inside = calloc(2 * (size_t)n, sizeof *inside),
        *size = calloc(2 * (size_t)n, sizeof *size);
    assert_true(au && av && inside && size);
    for (int v = 0; v < n; v++) {
        assert_true(mate[v] >= 0 && mate[v] < n && mate[v] != v && mate[mate[v]] == v);
        blossoms_of(p, n, v, au);
        for (int b = n; b < 2 * n; b++)
            size[b] += au[b];
    }
    uint64_t zero[MAXW] = {0};
    for (int b = n; b < 2 * n; b++)
        if (cmp_signed(p->z + (size_t)b * (size_t)words, zero, words) < 0)
            fail_msg("%s %d: blossom %d has a negative dual", what, iter, b);
    for (int u = 0; u < n; u++) {
        blossoms_of(p, n, u, au);
        for (int v = u + 1; v < n; v++) {
            const uint64_t *w = go_mwm_at(g, u, v);
            bool matched = mate[u] == v;
            if (is_zero(w, words) && !matched)
                continue; /* no edge */
            blossoms_of(p, n, v, av);
            uint64_t lhs[MAXW] = {0}, rhs[MAXW] = {0};
            add_w(lhs, p->y + (size_t)u * (size_t)words, words);
            add_w(lhs, p->y + (size_t)v * (size_t)words, words);
            for (int b = n; b < 2 * n; b++)
                if (au[b] && av[b]) {
                    add_w(lhs, p->z + (size_t)b * (size_t)words, words);
                    add_w(lhs, p->z + (size_t)b * (size_t)words, words);
                    if (matched)
                        inside[b]++;
                }
            add_w(rhs, w, words);
            add_w(rhs, w, words);
            int c = cmp_signed(lhs, rhs, words);
            if (c < 0)
                fail_msg("%s %d: edge %d-%d infeasible for the duals", what, iter, u, v);
            if (matched && c != 0)
                fail_msg("%s %d: matched edge %d-%d not tight", what, iter, u, v);
        }
    }
    for (int b = n; b < 2 * n; b++)
        if (size[b] > 0 && !is_zero(p->z + (size_t)b * (size_t)words, words) &&
            2 * inside[b] != size[b] - 1)
            fail_msg("%s %d: blossom %d with a positive dual holds %d vertices but %d matched "
                     "edges",
                     what, iter, b, size[b], inside[b]);
    free(au);
    free(av);
    free(inside);
    free(size);
}

/* The best weight over every perfect matching (n <= 12), or false when there is none. */
static bool brute_perfect(const go_mwm *g, int mask, uint64_t *best)
{
    int n = g->n, words = g->words, v = 0;
    while (v < n && (mask >> v & 1))
        v++;
    if (v == n) {
        memset(best, 0, (size_t)words * sizeof *best);
        return true;
    }
    bool any = false;
    for (int u = v + 1; u < n; u++) {
        if (mask >> u & 1 || is_zero(go_mwm_at(g, v, u), words))
            continue;
        uint64_t t[MAXW];
        if (!brute_perfect(g, mask | 1 << v | 1 << u, t))
            continue;
        add_w(t, go_mwm_at(g, v, u), words);
        if (!any || cmp_signed(t, best, words) > 0)
            memcpy(best, t, (size_t)words * sizeof *t);
        any = true;
    }
    return any;
}

static void check_weight(const go_mwm *g, const int *mate, const char *what, int iter)
{
    uint64_t best[MAXW], got[MAXW] = {0};
    assert_true(brute_perfect(g, 0, best));
    for (int v = 0; v < g->n; v++)
        if (mate[v] > v)
            add_w(got, go_mwm_at(g, v, mate[v]), g->words);
    if (cmp_signed(got, best, g->words) != 0)
        fail_msg("%s %d: the matching weighs less than the best perfect matching", what, iter);
}

static void test_reference__matching_certificate(void **state)
{
    (void)state;
    int checked = 0, brute_checked = 0;
    for (int iter = 0; iter < 250; iter++) {
        int n = 2 * (1 + (int)(rnd() % 20)), words = 2 + (int)(rnd() % 4);
        go_mwm g;
        assert_int_equal(go_mwm_init(&g, n, words), 0);
        uint64_t w[MAXW];
        int *mate = malloc((size_t)n * sizeof *mate);
        uint64_t *y = calloc((size_t)n * (size_t)words, sizeof *y);
        uint64_t *raw = calloc((size_t)n * (size_t)words, sizeof *raw);
        uint64_t *z = calloc(2 * (size_t)n * (size_t)words, sizeof *z);
        int *parent = calloc(2 * (size_t)n, sizeof *parent);
        assert_true(mate && y && raw && z && parent);
        go_mwm_proof proof = {raw, parent, z};
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++) {
                random_weight(w, words);
                if (rnd() % 4 == 0 && j != (i ^ 1)) /* sometimes no edge; 2k-2k+1 always */
                    memset(w, 0, sizeof w);
                else if (is_zero(w, words))
                    w[0] = 1;
                go_mwm_set(&g, i, j, w);
            }
        bool warm = false;
        for (int step = 0; step < 5; step++) {
            assert_int_equal(go_mwm_solve_perfect(&g, mate, y, &proof, NULL, warm), 0);
            check_certificate(&g, mate, &proof, warm ? "warm" : "cold", iter);
            checked++;
            if (n <= 12) {
                check_weight(&g, mate, warm ? "warm" : "cold", iter);
                brute_checked++;
            }
            warm = true;
            /* change a few edges, up or down, keeping 2k-2k+1 */
            int changes = 1 + (int)(rnd() % (uint64_t)(n * 2));
            for (int c = 0; c < changes; c++) {
                int i = (int)(rnd() % (uint64_t)n), j = (int)(rnd() % (uint64_t)n);
                if (i == j)
                    continue;
                random_weight(w, words);
                if (is_zero(w, words) && j == (i ^ 1))
                    w[0] = 1;
                go_mwm_set(&g, i, j, w);
            }
        }
        go_mwm_clear(&g);
        free(mate);
        free(y);
        free(raw);
        free(z);
        free(parent);
    }
    print_message("%d matchings proven optimal by their duals, %d also by brute force\n", checked,
                  brute_checked);
    assert_int_equal(checked, 250 * 5);
}

/* ---- the Dutch pairing, tiny events ---- */

enum { MAXP = 10 };

typedef struct tiny {
    int n, rounds;
    go_xt_game g[MAXP][16];
} tiny;

static bool played(const go_xt_game *g)
{
    return g->opponent >= 0 && g->result && strchr("10=WDL", g->result);
}

/* C1 (club events: a forfeit is a meeting too). */
static bool met(const tiny *t, int r, int a, int b)
{
    for (int k = 0; k < r; k++)
        if (t->g[a][k].opponent == b)
            return true;
    return false;
}

/* C2: a player who already scored a win without playing (a pairing-allocated or full-point
 * bye, a forfeit win) gets no bye. */
static bool bye_allowed(const tiny *t, int r, int a)
{
    for (int k = 0; k < r; k++)
        if (t->g[a][k].result && strchr("UF+", t->g[a][k].result))
            return false;
    return true;
}

/* C.04.1 A.6: the colour difference over played games and the last two played colours. The
 * absolute preference: a difference beyond 1, or the same colour twice running. Returns 'w' or
 * 'b' for an absolute preference, 0 otherwise. */
static char absolute_pref(const tiny *t, int r, int a)
{
    int diff = 0;
    char last = 0, before = 0;
    for (int k = 0; k < r; k++) {
        const go_xt_game *g = &t->g[a][k];
        if (!played(g))
            continue;
        diff += g->color == 'w' ? 1 : -1;
        before = last;
        last = g->color;
    }
    if (diff > 1)
        return 'b';
    if (diff < -1)
        return 'w';
    if (last && last == before)
        return last == 'w' ? 'b' : 'w';
    return 0;
}

static int score(const tiny *t, int r, int a)
{
    int s = 0;
    for (int k = 0; k < r; k++)
        s += go_xtable_outcome(t->g[a][k].result);
    return s;
}

static bool legal_pair(const tiny *t, int r, int a, int b)
{
    if (met(t, r, a, b))
        return false;
    char pa = absolute_pref(t, r, a), pb = absolute_pref(t, r, b);
    return !(pa && pa == pb);
}

typedef struct brute {
    const tiny *t;
    int r, np, present[MAXP];
    int partner[MAXP]; /* by index into present; -1 the bye, -2 open */
    int top;           /* the top score */
    int legal;         /* complete legal pairings seen */
    int best_top_pairs;
    int lowest_bye_score;
} brute;

static void enumerate(brute *b, bool bye_used)
{
    int i = 0;
    while (i < b->np && b->partner[i] != -2)
        i++;
    if (i == b->np) {
        b->legal++;
        int top_pairs = 0, bye_score = 1 << 20;
        for (int k = 0; k < b->np; k++) {
            int a = b->present[k];
            if (b->partner[k] == -1)
                bye_score = score(b->t, b->r, a);
            else if (b->partner[k] > k && score(b->t, b->r, a) == b->top &&
                     score(b->t, b->r, b->present[b->partner[k]]) == b->top)
                top_pairs++;
        }
        if (top_pairs > b->best_top_pairs)
            b->best_top_pairs = top_pairs;
        if (bye_score < b->lowest_bye_score)
            b->lowest_bye_score = bye_score;
        return;
    }
    int a = b->present[i];
    if (!bye_used && b->np % 2 && bye_allowed(b->t, b->r, a)) {
        b->partner[i] = -1;
        enumerate(b, true);
        b->partner[i] = -2;
    }
    for (int j = i + 1; j < b->np; j++) {
        if (b->partner[j] != -2 || !legal_pair(b->t, b->r, a, b->present[j]))
            continue;
        b->partner[i] = j;
        b->partner[j] = i;
        enumerate(b, bye_used);
        b->partner[i] = b->partner[j] = -2;
    }
}

/* Pairs round r of t (absent[] out), checks it against every complete pairing, and records
 * the round with random results. Returns false when the round was (rightly) refused. */
static bool pair_and_check(tiny *t, int r, const bool *absent, int *checks)
{
    go_xt_game flat[MAXP * 16];
    for (int a = 0; a < t->n; a++)
        for (int k = 0; k < t->rounds; k++)
            flat[a * t->rounds + k] = k < r ? t->g[a][k] : (go_xt_game){-1, ' ', ' '};
    go_xtable xt = {t->n, t->rounds, flat, 2, 1, 0, NULL};
    go_dutch_options opt = GO_DUTCH_OPTIONS_INIT;
    opt.absent = absent;
    opt.forfeit_is_game = true;
    go_pairing *p = NULL;
    size_t np = 0;
    int rc = go_dutch_pair(&p, &np, &xt, r, &opt);

    brute b = {.t = t, .r = r, .best_top_pairs = -1, .lowest_bye_score = 1 << 20};
    for (int a = 0; a < t->n; a++)
        if (!absent[a]) {
            int s = score(t, r, a);
            if (b.np == 0 || s > b.top)
                b.top = s;
            b.partner[b.np] = -2;
            b.present[b.np++] = a;
        }
    enumerate(&b, false);
    if (b.legal == 0) {
        assert_int_equal(rc, GO_ECONFLICT); /* C4: nothing meets the absolute criteria */
        free(p);
        (*checks)++;
        return false;
    }
    if (rc != 0)
        fail_msg("%d players, round %d: refused (%s) but %d legal pairings exist", b.np, r + 1,
                 go_error_last(), b.legal);
    /* the library's pairing: everyone present once, legal, and as good as the best */
    int seen[MAXP] = {0}, top_pairs = 0, byes = 0;
    for (size_t k = 0; k < np; k++) {
        int x = p[k].first, y = p[k].second;
        assert_true(x >= 0 && x < t->n && !absent[x]);
        seen[x]++;
        if (y < 0) {
            byes++;
            assert_true(bye_allowed(t, r, x));
            if (score(t, r, x) != b.lowest_bye_score)
                fail_msg("%d players, round %d: the bye to a player on %d, a legal pairing "
                         "gives it to one on %d",
                         b.np, r + 1, score(t, r, x), b.lowest_bye_score);
            continue;
        }
        assert_true(y < t->n && !absent[y]);
        seen[y]++;
        if (!legal_pair(t, r, x, y))
            fail_msg("%d players, round %d: %d-%d breaks C1 or C3", b.np, r + 1, x + 1, y + 1);
        top_pairs += score(t, r, x) == b.top && score(t, r, y) == b.top;
    }
    for (int a = 0; a < t->n; a++)
        assert_int_equal(seen[a], absent[a] ? 0 : 1);
    assert_int_equal(byes, b.np % 2);
    if (b.np % 2 == 0 && top_pairs != b.best_top_pairs)
        fail_msg("%d players, round %d: %d pairs inside the top score group, a legal pairing "
                 "has %d",
                 b.np, r + 1, top_pairs, b.best_top_pairs);
    (*checks)++;
    /* play the round: the first player has White */
    for (int a = 0; a < t->n; a++)
        if (absent[a])
            t->g[a][r] = (go_xt_game){-1, '-', 'Z'};
    for (size_t k = 0; k < np; k++) {
        int x = p[k].first, y = p[k].second;
        if (y < 0) {
            t->g[x][r] = (go_xt_game){-1, '-', 'U'};
            continue;
        }
        uint64_t v = rnd() % 20;
        char rx = v < 2 ? '+' : v < 3 ? '-' : v < 10 ? '1' : v < 17 ? '0' : '=';
        char ry = rx == '+' ? '-' : rx == '-' ? '+' : rx == '1' ? '0' : rx == '0' ? '1' : '=';
        t->g[x][r] = (go_xt_game){y, 'w', rx};
        t->g[y][r] = (go_xt_game){x, 'b', ry};
    }
    free(p);
    return true;
}

static void test_reference__dutch_tiny_events(void **state)
{
    (void)state;
    int checks = 0, refused = 0, with_bye = 0;
    for (int e = 0; e < 300; e++) {
        tiny t;
        memset(&t, 0, sizeof t);
        t.n = 3 + (int)(rnd() % 7);
        t.rounds = t.n + 1;
        for (int r = 0; r < t.rounds; r++) {
            bool absent[MAXP] = {false};
            if (r > 0 && rnd() % 3 == 0)
                absent[rnd() % (uint64_t)t.n] = true;
            int present = 0;
            for (int a = 0; a < t.n; a++)
                present += !absent[a];
            if (!pair_and_check(&t, r, absent, &checks)) {
                refused++;
                break;
            }
            with_bye += present % 2;
        }
    }
    print_message("%d rounds checked against every complete pairing (%d with a bye), %d events "
                  "ended in a round no pairing could complete\n",
                  checks, with_bye, refused);
    assert_true(refused > 0);
    assert_true(with_bye > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference__matching_certificate),
        cmocka_unit_test(test_reference__dutch_tiny_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
