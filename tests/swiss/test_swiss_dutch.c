/* The Dutch Swiss pairing (swiss/dutch.c): bbpPairings' own test cases byte for byte, the
 * absolute criteria on many simulated events (no repeat, colours, one bye to an eligible
 * player), and refusal when no pairing without a repeat exists. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "go/swiss.h"
#include "testutil.h"

#define BBP "tournaments/BieremaBoyzProgramming__bbpPairings/test/tests/"

/* Pairs X.input and returns the JaVaFo text (malloc'd) or NULL when the data is missing. */
static char *pair_file(const char *name, int *rc_out)
{
    char rel[256];
    snprintf(rel, sizeof rel, BBP "%s.input", name);
    char *trf = NULL;
    size_t len = 0;
    if (tu_read_file(tu_data_path(rel), &trf, &len) != 0)
        return NULL;
    go_pairing *p = NULL;
    size_t n = 0;
    *rc_out = go_trf_pair(&p, &n, trf, len);
    free(trf);
    if (*rc_out)
        return NULL;
    char *text = NULL;
    size_t tlen = 0;
    FILE *mem = open_memstream(&text, &tlen);
    assert_non_null(mem);
    go_pairing_write(mem, p, n);
    fclose(mem);
    free(p);
    return text;
}

static char *expected_of(const char *name)
{
    char rel[256];
    snprintf(rel, sizeof rel, BBP "%s.output.expected", name);
    char *text = NULL;
    size_t len = 0;
    if (tu_read_file(tu_data_path(rel), &text, &len) != 0)
        return NULL;
    return text;
}

static void check_case(const char *name)
{
    if (!tu_have_data())
        TU_SKIP("shared data folder missing: bbpPairings case %s not checked", name);
    char *want = expected_of(name);
    if (!want)
        TU_SKIP("%s.output.expected missing", name);
    int rc = 0;
    char *got = pair_file(name, &rc);
    if (!got)
        fail_msg("%s: pairing failed with %d (%s)", name, rc, go_error_last());
    if (strcmp(got, want) != 0)
        fail_msg("%s differs from bbpPairings:\n--- ours\n%s--- bbpPairings\n%s", name, got, want);
    free(got);
    free(want);
}

static void test_dutch__bbp_c5(void **state)
{
    (void)state;
    check_case("dutch_2025_C5"); /* minimise the bye assignee's score */
}

static void test_dutch__bbp_c9(void **state)
{
    (void)state;
    check_case("dutch_2025_C9"); /* minimise the bye assignee's unplayed games */
}

static void test_dutch__bbp_issue_7(void **state)
{
    (void)state;
    check_case("issue_7"); /* 60 players, round 15, bare CR line ends */
}

/* ---- simulated events: the absolute criteria round after round ---- */

static uint64_t rs = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

typedef struct sim {
    go_xtable t;
    int n, rounds;
} sim;

static go_xt_game *cell(sim *s, int i, int r)
{
    return &s->t.games[(size_t)i * (size_t)s->rounds + (size_t)r];
}

/* Checks the pairing of round r (0-based) and writes random results into the table. */
static void play_round(sim *s, int r, const go_pairing *p, size_t np, const bool *absent)
{
    int *seen = calloc((size_t)s->n, sizeof *seen);
    int byes = 0;
    assert_non_null(seen);
    for (size_t k = 0; k < np; k++) {
        int a = p[k].first, b = p[k].second;
        assert_true(a >= 0 && a < s->n);
        assert_false(absent && absent[a]);
        seen[a]++;
        if (b < 0) {
            byes++;
            for (int q = 0; q < r; q++) /* never a second bye */
                assert_true(cell(s, a, q)->result != 'U');
            *cell(s, a, r) = (go_xt_game){-1, '-', 'U'};
            continue;
        }
        assert_true(b >= 0 && b < s->n && b != a);
        assert_false(absent && absent[b]);
        seen[b]++;
        for (int q = 0; q < r; q++) /* no repeat game */
            assert_int_not_equal(cell(s, a, q)->opponent, b);
        int x = (int)(rnd() % 10);
        char ra = x < 4 ? '1' : x < 8 ? '0' : '=';
        char rb = ra == '1' ? '0' : ra == '0' ? '1' : '=';
        *cell(s, a, r) = (go_xt_game){b, 'w', ra};
        *cell(s, b, r) = (go_xt_game){a, 'b', rb};
    }
    assert_true(byes <= 1);
    for (int i = 0; i < s->n; i++)
        assert_int_equal(seen[i], absent && absent[i] ? 0 : 1);
    free(seen);
}

/* Colour rule after round r: |whites - blacks| <= 2 and never three in a row, except for a
 * player with more than half the points in the last round (C.04.3 A.7 / C3). */
static void check_colours(sim *s, int played)
{
    for (int i = 0; i < s->n; i++) {
        int diff = 0, run = 0;
        char last = 0;
        double pts = 0;
        for (int q = 0; q < played; q++) {
            const go_xt_game *g = cell(s, i, q);
            pts += go_xtable_points_of(&s->t, g->result);
            if (g->opponent < 0 || g->result == ' ')
                continue;
            diff += g->color == 'w' ? 1 : -1;
            run = g->color == last ? run + 1 : 1;
            last = g->color;
        }
        bool last_round = played == s->rounds;
        if (last_round)
            continue; /* top scorers may break it in the last round; checked before */
        if (diff > 2 || diff < -2 || run > 2)
            fail_msg("player %d after round %d: colour difference %d, %d in a row", i + 1, played,
                     diff, run);
    }
}

static void simulate(int n, int rounds, bool with_absence)
{
    sim s = {{0}, n, rounds};
    s.t.nplayers = n;
    s.t.nrounds = rounds;
    s.t.win = 1;
    s.t.draw = 0.5;
    s.t.loss = 0;
    s.t.games = malloc((size_t)n * (size_t)rounds * sizeof *s.t.games);
    bool *absent = calloc((size_t)n, sizeof *absent);
    assert_non_null(s.t.games);
    assert_non_null(absent);
    for (size_t k = 0; k < (size_t)n * (size_t)rounds; k++)
        s.t.games[k] = (go_xt_game){-1, ' ', ' '};
    for (int r = 0; r < rounds; r++) {
        memset(absent, 0, (size_t)n * sizeof *absent);
        if (with_absence && r > 0 && r + 1 < rounds) {
            int a = (int)(rnd() % (uint64_t)n);
            absent[a] = true;
        }
        go_dutch_options opt = GO_DUTCH_OPTIONS_INIT;
        opt.rounds_total = rounds;
        opt.absent = absent;
        go_pairing *p = NULL;
        size_t np = 0;
        int rc = go_dutch_pair(&p, &np, &s.t, r, &opt);
        if (rc != 0)
            fail_msg("%d players, round %d: %s", n, r + 1, go_error_last());
        for (int i = 0; i < n; i++)
            if (absent[i])
                *cell(&s, i, r) = (go_xt_game){-1, '-', 'Z'};
        play_round(&s, r, p, np, absent);
        check_colours(&s, r + 1);
        free(p);
    }
    free(absent);
    free(s.t.games);
}

static void test_dutch__simulated_events(void **state)
{
    (void)state;
    /* even and odd fields, with absences (zero-point byes) on the way */
    simulate(10, 5, false);
    simulate(11, 5, false);
    simulate(16, 7, true);
    simulate(25, 9, true);
    simulate(40, 9, false);
}

/* Four players after a full round robin (three rounds): every pairing repeats a game. */
static void test_dutch__refuses_repeat(void **state)
{
    (void)state;
    static const char trf[] =
        "012 Exhausted\n"
        "001    1      A                                 1000                             3.0    1"
        "     2 w 1     3 b 1     4 w 1\n"
        "001    2      B                                 1000                             2.0    2"
        "     1 b 0     4 w 1     3 b 1\n"
        "001    3      C                                 1000                             1.0    3"
        "     4 b 1     1 w 0     2 w 0\n"
        "001    4      D                                 1000                             0.0    4"
        "     3 w 0     2 b 0     1 b 0\n"
        "XXR 4\n";
    go_pairing *p = NULL;
    size_t n = 0;
    assert_int_equal(go_trf_pair(&p, &n, trf, sizeof trf - 1), GO_ECONFLICT);
    assert_null(p);
    assert_non_null(strstr(go_error_last(), "repeat"));
}

/* Three players: X met Y (round 1) and Z (round 2) and had the bye in round 3; Y and Z were
 * absent when they could have met. Round 4: the only pairing without a repeat is Y v Z with a
 * second bye for X, which the rules forbid: refused. */
static void test_dutch__refuses_second_bye(void **state)
{
    (void)state;
    static const char trf[] =
        "012 Three\n"
        "001    1      X                                 1000                             3.0    1"
        "     2 w 1     3 b 1  0000 - U\n"
        "001    2      Y                                 1000                             0.0    2"
        "     1 b 0  0000 - Z  0000 - Z\n"
        "001    3      Z                                 1000                             0.0    3"
        "  0000 - Z     1 w 0  0000 - Z\n"
        "XXR 5\n";
    go_pairing *p = NULL;
    size_t n = 0;
    assert_int_equal(go_trf_pair(&p, &n, trf, sizeof trf - 1), GO_ECONFLICT);
    assert_null(p);
    assert_non_null(strstr(go_error_last(), "second bye"));
}

/* Two players with the same absolute colour preference (White twice running) may not meet
 * before the last round: the pairing goes around them. */
static void test_dutch__colour_rule(void **state)
{
    (void)state;
    static const char trf[] =
        "012 Colours\n"
        "001    1      A                                 1000                             2.0    1"
        "     3 w 1     4 w 1\n"
        "001    2      B                                 1000                             2.0    2"
        "     4 b 1     3 w 1\n"
        "001    3      C                                 1000                             0.0    3"
        "     1 b 0     2 b 0\n"
        "001    4      D                                 1000                             0.0    4"
        "     2 w 0     1 b 0\n"
        "XXR 5\n";
    go_pairing *p = NULL;
    size_t n = 0;
    assert_int_equal(go_trf_pair(&p, &n, trf, sizeof trf - 1), 0);
    /* 1 (WW) may meet 2 (BW): 1 must take Black; 3 (BB) v 4: 3 takes White */
    assert_int_equal(n, 2);
    assert_int_equal(p[0].first, 1);  /* player 2 white */
    assert_int_equal(p[0].second, 0); /* player 1 black */
    assert_int_equal(p[1].first, 2);
    assert_int_equal(p[1].second, 3);
    free(p);
}

/* Damaged TRF files (bytes of issue_7 replaced at random, lines cut short) are refused or
 * paired; never a crash (the suite runs under ASan), and a pairing that is returned still
 * pairs every player at most once with at most one bye. */
static void test_dutch__damaged_trf(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("shared data folder missing: damaged TRF inputs not run");
    char *trf = NULL;
    size_t len = 0;
    assert_int_equal(tu_read_file(tu_data_path(BBP "issue_7.input"), &trf, &len), 0);
    char *copy = malloc(len + 1);
    assert_non_null(copy);
    static const char junk[] = " 0123456789wbWDL=+-HFUZ\r\n";
    int refused = 0, paired = 0;
    for (int iter = 0; iter < 25; iter++) {
        memcpy(copy, trf, len);
        size_t n = len;
        int edits = 1 + (int)(rnd() % 6);
        for (int e = 0; e < edits; e++)
            copy[rnd() % n] = junk[rnd() % (sizeof junk - 1)];
        if (iter % 5 == 0)
            n = rnd() % len; /* cut short */
        go_pairing *p = NULL;
        size_t np = 0;
        int rc = go_trf_pair(&p, &np, copy, n);
        if (rc) {
            refused++;
            assert_null(p);
            continue;
        }
        paired++;
        int seen[100] = {0}, byes = 0;
        for (size_t k = 0; k < np; k++) {
            assert_true(p[k].first >= 0 && p[k].first < 100);
            seen[p[k].first]++;
            if (p[k].second < 0)
                byes++;
            else
                seen[p[k].second]++;
        }
        assert_true(byes <= 1);
        for (int i = 0; i < 100; i++)
            assert_true(seen[i] <= 1);
        free(p);
    }
    printf("damaged TRF: %d refused, %d paired\n", refused, paired);
    assert_int_equal(refused + paired, 25);
    free(copy);
    free(trf);
}

/* Beyond GO_DUTCH_MAX_PLAYERS the pairing is refused, not attempted. */
static void test_dutch__too_many_players(void **state)
{
    (void)state;
    go_xtable t = {GO_DUTCH_MAX_PLAYERS + 1, 1, NULL, 1, 0.5, 0, NULL};
    t.games = calloc((size_t)t.nplayers, sizeof *t.games);
    assert_non_null(t.games);
    go_pairing *p = NULL;
    size_t n = 0;
    assert_int_equal(go_dutch_pair(&p, &n, &t, 0, NULL), GO_ETOOBIG);
    free(t.games);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dutch__bbp_c5),
        cmocka_unit_test(test_dutch__bbp_c9),
        cmocka_unit_test(test_dutch__bbp_issue_7),
        cmocka_unit_test(test_dutch__simulated_events),
        cmocka_unit_test(test_dutch__refuses_repeat),
        cmocka_unit_test(test_dutch__refuses_second_bye),
        cmocka_unit_test(test_dutch__colour_rule),
        cmocka_unit_test(test_dutch__damaged_trf),
        cmocka_unit_test(test_dutch__too_many_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
