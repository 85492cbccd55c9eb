/* Random Swiss events on which two Dutch pairing paths are compared round by round
 * (test_swiss_dutch_full: the fast path against the fallback). Included once per test file,
 * which first defines DUTCH_EVENTS_SEED; the file's other random draws share the same stream. */
#ifndef GO_TEST_DUTCH_EVENTS_H
#define GO_TEST_DUTCH_EVENTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "go/swiss.h"

static uint64_t fs = DUTCH_EVENTS_SEED;
static uint64_t frnd(void)
{
    fs ^= fs << 13;
    fs ^= fs >> 7;
    fs ^= fs << 17;
    return fs;
}

typedef int (*dutch_pair_fn)(go_pairing **out, size_t *out_count, const go_xtable *t,
                             int rounds_played, const go_dutch_options *opt);

static go_xt_game *at(go_xtable *t, int i, int r)
{
    return &t->games[(size_t)i * (size_t)t->nrounds + (size_t)r];
}

/* Plays an event of n players over `rounds` rounds, pairing each round by both `base`
 * (called `base_name` in messages) and the library's go_dutch_pair, and requiring the same
 * answer; forfeits (counted as meetings) on forfeit_pct of the games, and one absentee in
 * one round of `absence_every` when absences. Returns the rounds paired (fewer when a round
 * cannot be paired: both must refuse it). */
static int compare_event(dutch_pair_fn base, const char *base_name, int n, int rounds,
                         int forfeit_pct, bool absences, int absence_every)
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
        if (absences && r > 0 && frnd() % (uint64_t)absence_every == 0)
            absent[frnd() % (uint64_t)n] = true;
        go_dutch_options opt = GO_DUTCH_OPTIONS_INIT;
        opt.rounds_total = rounds;
        opt.absent = absent;
        opt.forfeit_is_game = true;
        opt.first_color = frnd() & 1 ? 'w' : 'b';
        go_pairing *p1 = NULL, *p2 = NULL;
        size_t n1 = 0, n2 = 0;
        int rc1 = base(&p1, &n1, &t, r, &opt);
        int rc2 = go_dutch_pair(&p2, &n2, &t, r, &opt);
        if (rc1 != rc2)
            fail_msg("%d players, round %d: the %s returns %d, the library %d", n, r + 1, base_name,
                     rc1, rc2);
        if (rc1) {
            free(p1);
            free(p2);
            break;
        }
        assert_int_equal(n1, n2);
        for (size_t k = 0; k < n1; k++)
            if (p1[k].first != p2[k].first || p1[k].second != p2[k].second)
                fail_msg("%d players, round %d, board %zu: %d-%d by the %s, %d-%d by the library",
                         n, r + 1, k + 1, p1[k].first + 1, p1[k].second + 1, base_name,
                         p2[k].first + 1, p2[k].second + 1);
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

#endif
