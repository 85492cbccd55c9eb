/* Internals shared by the scoring sources: colour arrays with the dead stones removed, the
 * structural seki check, and the last step of a count. Not installed, not for other modules. */
#ifndef GO_SCORE_INT_H
#define GO_SCORE_INT_H

#include "go/alternatives.h"
#include "go/dead.h"
#include "go/score.h"

/* col[p] = colour of p once the groups at dead[] are removed (GO_OFFBOARD off the board). */
int score_remove_dead(uint8_t *col, const go_board *b, const go_point *dead, int ndead);
/* The same, also writing the colours before the removal to orig. */
int score_remove_dead_keep(uint8_t *col, uint8_t *orig, const go_board *b, const go_point *dead,
                           int ndead);
/* Seki stones on a colour array (see go_score_seki); returns their number. */
int score_seki_find(bool *out, const uint8_t *col, int size);
/* Totals, margin, winner and verdicts from the point counts already in c. */
void score_count_finish(go_count *c, const go_count_options *opts);

#endif
