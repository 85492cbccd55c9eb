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
/* Local reading (read.c): can the group at target live when first plays first, moving only on
 * the empty points it lives by (its liberties and the closed empty regions they lie in, at most
 * SCORE_READ_MAX_POINTS) and passing? UNKNOWN when the question is not local (too many points,
 * a neighbouring string short of liberties elsewhere) or the search passes max_nodes; *nodes
 * says how many it searched. */
#define SCORE_READ_MAX_POINTS 10
typedef enum score_read_result {
    SCORE_READ_UNKNOWN = 0,
    SCORE_READ_LIVES,   /* makes two eyes whatever the other side does */
    SCORE_READ_DIES,    /* captured whatever its side does */
    SCORE_READ_NEITHER, /* neither proven: a seki, a ko, or the search's horizon */
} score_read_result;
score_read_result score_read_group(const go_board *b, go_point target, go_color first,
                                   int max_nodes, int *nodes);
/* Capture races (race.c): does the string at target stand when first plays first, both sides
 * moving only on its liberties and on those of the enemy strings next to it with three
 * liberties or fewer? It stands when it reaches SCORE_RACE_SAFE_LIBS liberties or both sides
 * pass; UNKNOWN past max_nodes or SCORE_RACE_DEPTH moves. *nodes says how many it searched. */
#define SCORE_RACE_SAFE_LIBS 5
#define SCORE_RACE_DEPTH 12
typedef enum score_race_result {
    SCORE_RACE_UNKNOWN = 0,
    SCORE_RACE_STANDS,   /* never captured, whatever the other side does */
    SCORE_RACE_CAPTURED, /* captured, whatever its side does */
} score_race_result;
score_race_result score_race_string(const go_board *b, go_point target, go_color first,
                                    int max_nodes, int *nodes);
/* A liberty of the string at target where its colour connects out: after playing it the
 * string has SCORE_RACE_SAFE_LIBS liberties or more (the most such); GO_NOPOINT when none. */
go_point score_race_connect_out(const go_board *b, go_point target);
/* Totals, margin, winner and verdicts from the point counts already in c. */
void score_count_finish(go_count *c, const go_count_options *opts);

#endif
