/* The Dutch pairing's fallback against its fast path: swiss/dutch.c compiled again here with
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

#include "go/swiss.h"

int full_dutch_pair(go_pairing **out, size_t *out_count, const go_xtable *t, int rounds_played,
                    const go_dutch_options *opt);

#define GO_DUTCH_TEST_FULL 1
#define go_dutch_pair full_dutch_pair
#include "../../swiss/dutch.c"
#undef go_dutch_pair

#define DUTCH_EVENTS_SEED 0x6A09E667F3BCC909ull
#include "dutch_events.h"

static void test_full__same_pairs(void **state)
{
    (void)state;
    int events = 0, rounds = 0, refused = 0;
    for (int e = 0; e < 30; e++) { /* crowded */
        int n = 4 + (int)(frnd() % 9), want = n - 1 - (int)(frnd() % 2);
        int got = compare_event(full_dutch_pair, "fallback", n, want, 15, e & 1, 2);
        rounds += got;
        refused += got < want;
        events++;
    }
    for (int e = 0; e < 20; e++, events++) /* ordinary, odd and even */
        rounds += compare_event(full_dutch_pair, "fallback", 10 + (int)(frnd() % 30),
                                3 + (int)(frnd() % 8), 5, e & 1, 2);
    rounds += compare_event(full_dutch_pair, "fallback", 71, 4, 3, true, 3); /* bigger, odd */
    events++;
    /* larger fields, most players below the brackets being paired: the active part and its
     * proof do the work (odd and even, late rounds, byes, absences, a few forfeits) */
    for (int e = 0; e < 4; e++, events++)
        rounds += compare_event(full_dutch_pair, "fallback", 60 + (int)(frnd() % 70),
                                6 + (int)(frnd() % 3), 2, e & 1, 3);
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
