/* The dead-stone suggestion of a final position (light playouts, never killing what Benson's
 * algorithm proves alive, seki recognised) and Benson's unconditional life. */
#ifndef GO_DEAD_H
#define GO_DEAD_H

#include <stdbool.h>
#include <stdint.h>

#include "go/score.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum go_status {
    GO_STATUS_ALIVE = 0,
    GO_STATUS_DEAD = 1,
    GO_STATUS_SEKI = 2,
} go_status;

#define GO_SUGGEST_OPTIONS_VERSION 1
typedef struct go_suggest_options {
    int version;   /* GO_SUGGEST_OPTIONS_VERSION */
    int playouts;  /* light playouts; 0 = automatic by board size (fits 100 ms on 19x19) */
    uint64_t seed; /* the same seed gives the same answer */
} go_suggest_options;
#define GO_SUGGEST_OPTIONS_INIT                                                                    \
    {                                                                                              \
        GO_SUGGEST_OPTIONS_VERSION, 0, 1                                                           \
    }

typedef struct go_group_status {
    go_point id; /* go_board_group_id of the group (one of its stones) */
    go_color color;
    int stones;
    go_status status;
    int confidence;     /* 500..1000 per mille: how sure the status is */
    int owned_permille; /* share of (playout, stone) pairs where the group's colour kept it;
                         * the status itself is decided on the group's liberties, see suggest.c */
    bool benson_alive;  /* unconditionally alive (Benson): never suggested dead */
    bool waits;         /* dead in the playouts, but an open border reaches it: left alive until the
                         * game ends (only on boards with open borders) */
} go_group_status;

/* Single-stone groups can fill about two thirds of a legal board (each needs one liberty),
 * so the bound is the number of points, not half of it. */
#define GO_MAX_GROUPS (GO_MAX_SIZE * GO_MAX_SIZE)
typedef struct go_dead_suggestion {
    int size;
    int ngroups;
    go_group_status groups[GO_MAX_GROUPS];
    int ndead;
    go_point dead[GO_MAX_SIZE * GO_MAX_SIZE]; /* every stone of every dead group */
    int nseki;
    go_point seki[GO_MAX_SIZE * GO_MAX_SIZE]; /* every stone of every seki group */
    /* Per go_point: permille of playouts in which Black owned the point at the end
     * (0..1000; only meaningful on points of the board). */
    int16_t black_owned[GO_POINTS];
    int playouts; /* playouts actually run */
    /* Empty points of open borders (regions bordered by both colours, not all dame) once the
     * suggested dead are lifted. Above 0 the game is not finished: only groups dead whatever
     * the borders do are suggested, and the nwaiting groups marked waits are left for the end. */
    int open_points;
    int nwaiting;
} go_dead_suggestion;

/* Suggests the dead groups and the seki groups of a final position b, to_move to play next
 * (GO_BLACK when unknown). opts may be NULL. Deterministic for opts->seed. */
int go_score_suggest_dead(go_dead_suggestion *out, const go_board *b, go_color to_move,
                          const go_suggest_options *opts);

/* Groups whose suggested status is below this confidence (per mille) are the doubtful ones
 * that go_score_alternatives takes the other way; statuses settled by shape get 800. */
#define GO_SUGGEST_DOUBTFUL_BELOW 800

/* The groups of s whose status is doubtful (confidence below GO_SUGGEST_DOUBTFUL_BELOW, not
 * unconditionally alive), as their id points into out (room for GO_MAX_GROUPS); returns how
 * many. */
int go_suggestion_doubtful_groups(go_point *out, const go_dead_suggestion *s);

/* Status of the stone at p in a suggestion; GO_STATUS_ALIVE for empty points. */
go_status go_suggestion_status_at(const go_dead_suggestion *s, const go_board *b, go_point p);

/* Benson's unconditional life: sets alive[p] = true for every stone of colour c that no sequence
 * of opponent moves can capture, even if c always passes. alive is indexed by go_point and has
 * GO_POINTS entries. Returns the number of such stones. */
int go_score_benson(bool *alive, const go_board *b, go_color c);

#ifdef __cplusplus
}
#endif

#endif
