/* The Dutch pairing's fallback against its fast path: club/dutch.c compiled again here with
 * GO_DUTCH_TEST_FULL, so that every round stores every weight the slow way (edge_weight) and
 * computes every matching over all open players, as when the first weights' formula fails
 * its check. On random events (crowded ones with forfeits and refused rounds, odd fields
 * with byes and absences, a few larger ones) it must give the library's pairs and refusals:
 * the formula, the active part and its proof change nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "go/club.h"

int full_dutch_pair(go_pairing **out, size_t *out_count, const go_xtable *t, int rounds_played,
                    const go_dutch_options *opt);
int full_trf_pair(go_pairing **out, size_t *out_count, const char *text, size_t len);
void full_pairing_write(FILE *out, const go_pairing *pairs, size_t n);

#define GO_DUTCH_TEST_FULL 1
#define go_dutch_pair full_dutch_pair
#define go_trf_pair full_trf_pair
#define go_pairing_write full_pairing_write
#include "../../club/dutch.c"
#undef go_dutch_pair
#undef go_trf_pair
#undef go_pairing_write

static uint64_t fs = 0x6A09E667F3BCC909ull;
static uint64_t frnd(void)
{
    fs ^= fs << 13;
    fs ^= fs >> 7;
    fs ^= fs << 17;
    return fs;
}

static go_xt_game *at(go_xtable *t, int i, int r)
{
    return &t->games[(size_t)i * (size_t)t->nrounds + (size_t)r];
}

/* Plays n players over `rounds` rounds, pairing each with both paths; returns the rounds
 * paired (fewer when both refuse one). */
static int compare_event(int n, int rounds, int forfeit_pct, bool absences)
{
    go_xtable t = {n, rounds, calloc((size_t)n * (size_t)rounds, sizeof(go_xt_game)), 1, 0.5,
                   0, NULL};
    bool *absent = calloc((size_t)n, sizeof *absent);
    assert_true(t.games && absent);
    for (size_t k = 0; k < (size_t)n * (size_t)rounds; k++)
        t.games[k] = (go_xt_game){-1, ' ', ' '};
    int r = 0;
    for (; r < rounds; r++) {
        memset(absent, 0, (size_t)n * sizeof *absent);
        if (absences && r > 0 && frnd() % 2 == 0)
            absent[frnd() % (uint64_t)n] = true;
        go_dutch_options opt = GO_DUTCH_OPTIONS_INIT;
        opt.rounds_total = rounds;
        opt.absent = absent;
        opt.forfeit_is_game = true;
        opt.first_color = frnd() & 1 ? 'w' : 'b';
        go_pairing *p1 = NULL, *p2 = NULL;
        size_t n1 = 0, n2 = 0;
        int rc1 = full_dutch_pair(&p1, &n1, &t, r, &opt);
        int rc2 = go_dutch_pair(&p2, &n2, &t, r, &opt);
        if (rc1 != rc2)
            fail_msg("%d players, round %d: the fallback returns %d, the fast path %d", n, r + 1,
                     rc1, rc2);
        if (rc1) {
            free(p1);
            free(p2);
            break;
        }
        assert_int_equal(n1, n2);
        for (size_t k = 0; k < n1; k++)
            if (p1[k].first != p2[k].first || p1[k].second != p2[k].second)
                fail_msg("%d players, round %d, board %zu: %d-%d by the fallback, %d-%d fast", n,
                         r + 1, k + 1, p1[k].first + 1, p1[k].second + 1, p2[k].first + 1,
                         p2[k].second + 1);
        for (int i = 0; i < n; i++)
            if (absent[i])
                *at(&t, i, r) = (go_xt_game){-1, '-', 'Z'};
        for (size_t k = 0; k < n1; k++) {
            int a = p1[k].first, b = p1[k].second;
            if (b < 0) {
                *at(&t, a, r) = (go_xt_game){-1, '-', 'U'};
                continue;
            }
            uint64_t x = frnd() % 100;
            char ra, rb;
            if (x < (uint64_t)forfeit_pct) {
                ra = x & 1 ? '+' : '-';
                rb = ra == '+' ? '-' : '+';
            } else {
                x = frnd() % 10;
                ra = x < 4 ? '1' : x < 8 ? '0' : '=';
                rb = ra == '1' ? '0' : ra == '0' ? '1' : '=';
            }
            *at(&t, a, r) = (go_xt_game){b, 'w', ra};
            *at(&t, b, r) = (go_xt_game){a, 'b', rb};
        }
        free(p1);
        free(p2);
    }
    free(absent);
    free(t.games);
    return r;
}

static void test_full__same_pairs(void **state)
{
    (void)state;
    int events = 0, rounds = 0, refused = 0;
    for (int e = 0; e < 30; e++) { /* crowded */
        int n = 4 + (int)(frnd() % 9), want = n - 1 - (int)(frnd() % 2);
        int got = compare_event(n, want, 15, e & 1);
        rounds += got;
        refused += got < want;
        events++;
    }
    for (int e = 0; e < 20; e++, events++) /* ordinary, odd and even */
        rounds += compare_event(10 + (int)(frnd() % 30), 3 + (int)(frnd() % 8), 5, e & 1);
    for (int e = 0; e < 2; e++, events++) /* larger */
        rounds += compare_event(60 + (int)(frnd() % 40), 7, 2, e & 1);
    print_message("%d events, %d rounds paired the same by the fallback and the fast path; %d "
                  "crowded events ended in a round both refused\n",
                  events, rounds, refused);
    assert_true(rounds > events * 3);
    assert_true(refused > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full__same_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
