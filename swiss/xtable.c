/* The cross table: players' games round by round, with TRF's result codes, and the points a
 * code is worth. Plain values: the club's events and TRF files both become one. */
#include <stdlib.h>
#include <string.h>

#include "go/swiss.h"

int go_xtable_outcome(char r)
{
    switch (r) {
    case '1':
    case '+':
    case 'W':
    case 'F':
    case 'U':
        return 2;
    case '=':
    case 'D':
    case 'H':
        return 1;
    default:
        return 0;
    }
}

double go_xtable_points_of(const go_xtable *t, char r)
{
    int o = go_xtable_outcome(r);
    return o == 2 ? t->win : o == 1 ? t->draw : t->loss;
}

void go_xtable_clear(go_xtable *t)
{
    if (!t)
        return;
    free(t->games);
    free(t->withdrawn_after);
    memset(t, 0, sizeof *t);
}
