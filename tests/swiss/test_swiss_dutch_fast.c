/* The fast Dutch pairing against the reference path it replaced: a frozen copy of the old
 * driver (dutch_reference.c: every matching over all the players still unpaired) on a frozen
 * copy of the old solver (mwm_reference.c), both compiled here under other names. The solver:
 * from a cold start both give the same matching and the same duals (the library's raw duals;
 * its warm-start duals fold the blossoms' in); from a warm start, where the library starts
 * from those folded duals and may take other steps, both reach a perfect matching of the same
 * (maximum) weight, and the library's duals are feasible for every edge. The driver: the
 * library pairs each round on the active part only (proving the result optimal for the whole
 * field, or taking in more players), and must give the same pairs as the reference on random
 * events: small crowded ones where forfeits and many rounds forbid so many pairs that
 * completing the round decides the pairing (some end in a round both refuse), ordinary and
 * odd fields with byes and absences, and a few larger fields where most players are below
 * the brackets being paired. */
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

int ref_mwm_init(go_mwm *g, int n, int words);
void ref_mwm_clear(go_mwm *g);
void ref_mwm_set(go_mwm *g, int i, int j, const uint64_t *weight);
void ref_mwm_set_u64(go_mwm *g, int i, int j, uint64_t weight);
int ref_mwm_solve(const go_mwm *g, int *mate);
int ref_mwm_solve_perfect(const go_mwm *g, int *mate, uint64_t *y, bool warm);
int ref_dutch_pair(go_pairing **out, size_t *out_count, const go_xtable *t, int rounds_played,
                   const go_dutch_options *opt);
int ref_trf_pair(go_pairing **out, size_t *out_count, const char *text, size_t len);
void ref_pairing_write(FILE *out, const go_pairing *pairs, size_t n);

/* The reference path under other names: swiss/dutch.c driving the frozen solver. */
#define go_mwm_init ref_mwm_init
#define go_mwm_clear ref_mwm_clear
#define go_mwm_set ref_mwm_set
#define go_mwm_set_u64 ref_mwm_set_u64
#define go_mwm_solve ref_mwm_solve
#define go_mwm_solve_perfect ref_mwm_solve_perfect
#define go_dutch_pair ref_dutch_pair
#define go_trf_pair ref_trf_pair
#define go_pairing_write ref_pairing_write
#include "dutch_reference.c"
#include "mwm_reference.c"
#undef go_mwm_init
#undef go_mwm_clear
#undef go_mwm_set
#undef go_mwm_set_u64
#undef go_mwm_solve
#undef go_mwm_solve_perfect
#undef go_dutch_pair
#undef go_trf_pair
#undef go_pairing_write

#define DUTCH_EVENTS_SEED 0x2545F4914F6CDD1Dull
#include "dutch_events.h"

/* A weight like the Dutch ones: a few fields drawn from small sets (so that many edges tie
 * and ties must be broken the same way), the top word's high bits clear. */
static void random_weight(uint64_t *w, int words)
{
    for (int q = 0; q < words; q++) {
        uint64_t r = frnd();
        w[q] = (r & 3) == 0 ? 0 : (r >> 8) % 4 << ((r >> 16) % 60);
    }
    w[words - 1] >>= 4;
    if ((frnd() & 3) == 0) /* sometimes no edge */
        memset(w, 0, (size_t)words * sizeof *w);
}

static void check_same(int n, const int *m1, const int *m2, const uint64_t *y1, const uint64_t *y2,
                       int words, const char *what, int iter)
{
    for (int v = 0; v < n; v++)
        if (m1[v] != m2[v])
            fail_msg("%s %d: vertex %d matched to %d by the reference, %d now", what, iter, v,
                     m1[v], m2[v]);
    if (y1 && memcmp(y1, y2, (size_t)n * (size_t)words * sizeof *y1) != 0)
        fail_msg("%s %d: the duals differ", what, iter);
}

/* a += b over `words` words (two's complement) */
static void add_words(uint64_t *a, const uint64_t *b, int words)
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

/* Both warm results: the same number of pairs and, when perfect (what the pairing needs; the
 * rest is a maximum matching only), the same total weight (two maxima may differ where weights
 * tie) and duals from the library feasible for every edge: y_u + y_v >= 2 w. */
static void check_same_value(const go_mwm *g, const int *m1, const int *m2, const uint64_t *y2,
                             int iter)
{
    int n = g->n, words = g->words, p1 = 0, p2 = 0;
    uint64_t s1[8] = {0}, s2[8] = {0}, a[8], b[8];
    for (int v = 0; v < n; v++) {
        if (m1[v] > v) {
            add_words(s1, go_mwm_at(g, v, m1[v]), words);
            p1++;
        }
        if (m2[v] > v) {
            add_words(s2, go_mwm_at(g, v, m2[v]), words);
            p2++;
        }
    }
    /* without a perfect matching a warm start promises a maximum matching only */
    bool perfect = 2 * p1 == n;
    if (p1 != p2 || (perfect && memcmp(s1, s2, (size_t)words * sizeof *s1) != 0))
        fail_msg("perfect, warm %d: %d pairs by the reference, %d now, or another weight", iter, p1,
                 p2);
    for (int u = 0; u < n && perfect; u++)
        for (int v = u + 1; v < n; v++) {
            bool edge = false;
            for (int q = 0; q < words; q++)
                edge |= go_mwm_at(g, u, v)[q] != 0;
            if (!edge)
                continue;
            memcpy(a, y2 + (size_t)u * (size_t)words, (size_t)words * sizeof *a);
            add_words(a, y2 + (size_t)v * (size_t)words, words);
            memcpy(b, go_mwm_at(g, u, v), (size_t)words * sizeof *b);
            add_words(b, go_mwm_at(g, u, v), words);
            if (cmp_signed(a, b, words) < 0)
                fail_msg("perfect, warm %d: edge %d-%d infeasible for the duals", iter, u, v);
        }
}

static void test_fast__matching_same_optimum(void **state)
{
    (void)state;
    for (int iter = 0; iter < 250; iter++) {
        int n = 2 + (int)(frnd() % 40), words = 2 + (int)(frnd() % 4);
        go_mwm g;
        assert_int_equal(go_mwm_init(&g, n, words), 0);
        uint64_t *w = calloc((size_t)words, sizeof *w);
        int *m1 = malloc((size_t)n * sizeof *m1), *m2 = malloc((size_t)n * sizeof *m2);
        uint64_t *y1 = calloc((size_t)n * (size_t)words, sizeof *y1);
        uint64_t *y2 = calloc((size_t)n * (size_t)words, sizeof *y2);
        uint64_t *raw = calloc((size_t)n * (size_t)words, sizeof *raw);
        uint64_t *bz = calloc(2 * (size_t)n * (size_t)words, sizeof *bz);
        int *bpar = calloc(2 * (size_t)n, sizeof *bpar);
        assert_true(w && m1 && m2 && y1 && y2 && raw && bz && bpar);
        go_mwm_proof proof = {raw, bpar, bz};
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++) {
                random_weight(w, words);
                go_mwm_set(&g, i, j, w);
            }
        /* the maximum-weight form, then the perfect form cold and after changes */
        assert_int_equal(ref_mwm_solve(&g, m1), 0);
        assert_int_equal(go_mwm_solve(&g, m2), 0);
        check_same(n, m1, m2, NULL, NULL, words, "maximum weight", iter);
        assert_int_equal(ref_mwm_solve_perfect(&g, m1, y1, false), 0);
        assert_int_equal(go_mwm_solve_perfect(&g, m2, y2, &proof, NULL, false), 0);
        check_same(n, m1, m2, y1, raw, words, "perfect, cold", iter);
        for (int round = 0; round < 4; round++) {
            for (int v = 0; v < n; v++) { /* the perfect form's warm input: partner or -1 */
                if (m1[v] == v)
                    m1[v] = -1;
                if (m2[v] == v)
                    m2[v] = -1;
            }
            int changes = 1 + (int)(frnd() % (uint64_t)(n * 2));
            for (int c = 0; c < changes; c++) {
                int i = (int)(frnd() % (uint64_t)n), j = (int)(frnd() % (uint64_t)n);
                if (i == j)
                    continue;
                random_weight(w, words);
                go_mwm_set(&g, i, j, w);
            }
            assert_int_equal(ref_mwm_solve_perfect(&g, m1, y1, true), 0);
            assert_int_equal(go_mwm_solve_perfect(&g, m2, y2, NULL, NULL, true), 0);
            check_same_value(&g, m1, m2, y2, iter);
        }
        go_mwm_clear(&g);
        free(w);
        free(m1);
        free(m2);
        free(y1);
        free(y2);
        free(raw);
        free(bz);
        free(bpar);
    }
}

/* ---- the Dutch pairing on random events, both solvers ---- */

static void test_fast__dutch_same_pairs(void **state)
{
    (void)state;
    int events = 0, rounds = 0, refused = 0;
    /* crowded: nearly as many rounds as can be paired, forfeits forbidding more pairs */
    for (int e = 0; e < 60; e++) {
        int n = 4 + (int)(frnd() % 9), want = n - 1 - (int)(frnd() % 2);
        int got = compare_event(ref_dutch_pair, "reference", n, want, 15, e & 1, 3);
        rounds += got;
        refused += got < want;
        events++;
    }
    /* ordinary fields */
    for (int e = 0; e < 40; e++) {
        int n = 10 + (int)(frnd() % 30);
        rounds += compare_event(ref_dutch_pair, "reference", n, 3 + (int)(frnd() % 8), 5, e & 1, 3);
        events++;
    }
    rounds +=
        compare_event(ref_dutch_pair, "reference", 71, 4, 3, true, 3); /* one bigger, odd field */
    events++;
    /* larger fields, most players below the brackets being paired: the active part and its
     * proof do the work (odd and even, late rounds, byes, absences, a few forfeits) */
    for (int e = 0; e < 6; e++) {
        int n = 60 + (int)(frnd() % 70);
        rounds += compare_event(ref_dutch_pair, "reference", n, 6 + (int)(frnd() % 3), 2, e & 1, 3);
        events++;
    }
    print_message("%d events, %d rounds paired the same by both paths; %d crowded events ended "
                  "in a round both refused\n",
                  events, rounds, refused);
    assert_true(rounds > events * 3);
    assert_true(refused > 0); /* completability really was at stake */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast__matching_same_optimum),
        cmocka_unit_test(test_fast__dutch_same_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
