/* The blossom matching (swiss/matching.c) against brute force: on small random graphs the
 * weight it finds must equal the best weight over every matching, and the result must be a
 * matching over existing edges. Multi-word weights are checked the same way. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../swiss/matching.h"

/* 128-bit totals as two words (hi, lo) for the multi-word check. */
typedef struct u128 {
    uint64_t hi, lo;
} u128;

static u128 add128(u128 a, u128 b)
{
    u128 r = {a.hi + b.hi, a.lo + b.lo};
    if (r.lo < a.lo)
        r.hi++;
    return r;
}

static int cmp128(u128 a, u128 b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    return a.lo < b.lo ? -1 : a.lo > b.lo;
}

static u128 edge128(const go_mwm *g, int i, int j)
{
    const uint64_t *w = go_mwm_at(g, i, j);
    return (u128){g->words > 1 ? w[1] : 0, w[0]};
}

static bool has_edge(const go_mwm *g, int i, int j)
{
    const uint64_t *w = go_mwm_at(g, i, j);
    for (int k = 0; k < g->words; k++)
        if (w[k])
            return true;
    return false;
}

/* Best total over all matchings, by recursion on the lowest unmatched vertex. */
static u128 brute(const go_mwm *g, bool *used, int from)
{
    int v = from;
    while (v < g->n && used[v])
        v++;
    if (v >= g->n)
        return (u128){0, 0};
    used[v] = true;
    u128 best = brute(g, used, v + 1); /* v stays single */
    for (int u = v + 1; u < g->n; u++) {
        if (used[u] || !has_edge(g, v, u))
            continue;
        used[u] = true;
        u128 t = add128(brute(g, used, v + 1), edge128(g, v, u));
        if (cmp128(t, best) > 0)
            best = t;
        used[u] = false;
    }
    used[v] = false;
    return best;
}

static u128 total_of(const go_mwm *g, const int *mate)
{
    u128 t = {0, 0};
    for (int v = 0; v < g->n; v++) {
        int u = mate[v];
        assert_true(u >= 0 && u < g->n);
        assert_int_equal(mate[u], v); /* symmetric */
        if (u > v) {
            assert_true(has_edge(g, v, u)); /* only real edges */
            t = add128(t, edge128(g, v, u));
        }
    }
    return t;
}

static uint64_t rnd_state = 88172645463325252ull;
static uint64_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return rnd_state;
}

static void run_random(int words, int graphs, int maxn)
{
    int checked = 0;
    for (int t = 0; t < graphs; t++) {
        int n = 2 + (int)(rnd() % (uint64_t)(maxn - 1));
        int density = 20 + (int)(rnd() % 81);                     /* percent of edges present */
        uint64_t range = t % 3 == 0 ? 4 : t % 3 == 1 ? 30 : 1000; /* small ranges: many ties */
        go_mwm g;
        assert_int_equal(go_mwm_init(&g, n, words), 0);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                if ((int)(rnd() % 100) >= density)
                    continue;
                uint64_t w[3] = {1 + rnd() % range, 0, 0};
                if (words > 1) {
                    /* a high word (the lexicographic top criterion) and a full low word */
                    w[1] = rnd() % 3;
                    w[0] = rnd() >> (rnd() % 2 ? 1 : 40);
                    if (!w[0] && !w[1])
                        w[0] = 1;
                }
                go_mwm_set(&g, i, j, w);
            }
        int *mate = malloc((size_t)n * sizeof *mate);
        bool used[16] = {false};
        assert_non_null(mate);
        assert_int_equal(go_mwm_solve(&g, mate), 0);
        u128 got = total_of(&g, mate), want = brute(&g, used, 0);
        if (cmp128(got, want) != 0)
            fail_msg("graph %d (n=%d, words=%d): blossom %llu:%llu, brute force %llu:%llu", t, n,
                     words, (unsigned long long)got.hi, (unsigned long long)got.lo,
                     (unsigned long long)want.hi, (unsigned long long)want.lo);
        checked++;
        free(mate);
        go_mwm_clear(&g);
    }
    assert_int_equal(checked, graphs);
}

static void test_matching__random_one_word(void **state)
{
    (void)state;
    run_random(1, 3000, 12);
}

static void test_matching__random_two_words(void **state)
{
    (void)state;
    /* words = 3 leaves the top word free for the doubled duals */
    run_random(3, 1500, 12);
}

/* A triangle 0-1-2 (weight 6 each) with pendant edges 2-3, 0-4 (5) and 1-5 (2): the best
 * matching leaves the triangle's own edges out and takes the three pendants (12), which the
 * algorithm finds only by shrinking the triangle into a blossom and expanding it again. */
static void test_matching__blossom_by_hand(void **state)
{
    (void)state;
    go_mwm g;
    assert_int_equal(go_mwm_init(&g, 6, 1), 0);
    go_mwm_set_u64(&g, 0, 1, 6);
    go_mwm_set_u64(&g, 1, 2, 6);
    go_mwm_set_u64(&g, 0, 2, 6);
    go_mwm_set_u64(&g, 2, 3, 5);
    go_mwm_set_u64(&g, 0, 4, 5);
    go_mwm_set_u64(&g, 1, 5, 2);
    int mate[6];
    assert_int_equal(go_mwm_solve(&g, mate), 0);
    assert_int_equal(total_of(&g, mate).lo, 12);
    assert_int_equal(mate[0], 4);
    assert_int_equal(mate[2], 3);
    assert_int_equal(mate[1], 5);
    go_mwm_clear(&g);
}

/* Best (cardinality, weight) over all matchings, cardinality first. */
static void brute_card(const go_mwm *g, bool *used, int from, int pairs, u128 w, int *best_pairs,
                       u128 *best_w)
{
    int v = from;
    while (v < g->n && used[v])
        v++;
    if (v >= g->n) {
        if (pairs > *best_pairs || (pairs == *best_pairs && cmp128(w, *best_w) > 0)) {
            *best_pairs = pairs;
            *best_w = w;
        }
        return;
    }
    used[v] = true;
    brute_card(g, used, v + 1, pairs, w, best_pairs, best_w);
    for (int u = v + 1; u < g->n; u++) {
        if (used[u] || !has_edge(g, v, u))
            continue;
        used[u] = true;
        brute_card(g, used, v + 1, pairs + 1, add128(w, edge128(g, v, u)), best_pairs, best_w);
        used[u] = false;
    }
    used[v] = false;
}

/* The maximum-cardinality solver, cold and warm, on graphs that have a perfect matching (the
 * Dutch pairing's case: the round is known to be completable, a dummy vertex takes the bye):
 * after random changes to a few vertices' edges (weights up or down, edges removed or added),
 * the warm start from the previous duals and pairs must reach the same optimum as brute force. */
static void test_matching__perfect_warm_against_brute_force(void **state)
{
    (void)state;
    int checked = 0;
    for (int t = 0; t < 400; t++) {
        int n = 2 * (1 + (int)(rnd() % 6)), words = 3;
        go_mwm g;
        assert_int_equal(go_mwm_init(&g, n, words), 0);
        uint64_t range = t % 2 ? 8 : 100000;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (rnd() % 100 < 60 || (i % 2 == 0 && j == i + 1)) {
                    uint64_t w[3] = {1 + rnd() % range, rnd() % 2, 0};
                    go_mwm_set(&g, i, j, w);
                }
        int mate[16];
        uint64_t y[16 * 3];
        bool warm = false;
        for (int step = 0; step < 6; step++) {
            assert_int_equal(go_mwm_solve_perfect(&g, mate, y, NULL, NULL, warm), 0);
            warm = true;
            int pairs = 0;
            u128 got = {0, 0};
            for (int v = 0; v < n; v++) {
                assert_int_equal(mate[mate[v]], v);
                if (mate[v] > v) {
                    assert_true(has_edge(&g, v, mate[v]));
                    got = add128(got, edge128(&g, v, mate[v]));
                    pairs++;
                }
            }
            bool used[16] = {false};
            int best_pairs = -1;
            u128 best_w = {0, 0};
            brute_card(&g, used, 0, 0, (u128){0, 0}, &best_pairs, &best_w);
            if (pairs != best_pairs || cmp128(got, best_w) != 0)
                fail_msg("graph %d step %d (n=%d): %d pairs weight %llu:%llu, brute force %d "
                         "pairs %llu:%llu",
                         t, step, n, pairs, (unsigned long long)got.hi, (unsigned long long)got.lo,
                         best_pairs, (unsigned long long)best_w.hi, (unsigned long long)best_w.lo);
            checked++;
            /* change the edges of one or two vertices */
            for (int c = 0; c < 1 + (int)(rnd() % 2); c++) {
                int v = (int)(rnd() % (uint64_t)n);
                for (int u = 0; u < n; u++) {
                    if (u == v || rnd() % 2)
                        continue;
                    uint64_t w[3] = {0, 0, 0};
                    if (rnd() % 4 || (v / 2 == u / 2)) /* keep a perfect matching */
                        w[0] = 1 + rnd() % range, w[1] = rnd() % 2;
                    go_mwm_set(&g, v, u, w);
                }
            }
        }
        go_mwm_clear(&g);
    }
    assert_int_equal(checked, 400 * 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matching__blossom_by_hand),
        cmocka_unit_test(test_matching__random_one_word),
        cmocka_unit_test(test_matching__random_two_words),
        cmocka_unit_test(test_matching__perfect_warm_against_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
