/* What the doubtful readings of a photo could change: the position recounted under each other
 * reading of its doubtful points and groups, keeping those that change the result. */
#ifndef GO_ALTERNATIVES_H
#define GO_ALTERNATIVES_H

#include <stdbool.h>

#include "go/score.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One other reading of the position, counted. A point: the colour it was read as and the
 * other colour it could be (GO_EMPTY, GO_BLACK, GO_WHITE). A group: its colour, its stones and
 * whether the count took it dead; the other reading takes it the other way. */
typedef enum go_alt_kind {
    GO_ALT_POINT = 0,
    GO_ALT_GROUP = 1,
} go_alt_kind;

typedef struct go_alternative {
    go_alt_kind kind;
    go_point at;          /* the point, or the group's stone named by the caller */
    go_color read, other; /* a point: as read, and the other reading */
    go_color color;       /* a group: its colour */
    int stones;           /* a group: its stones */
    bool dead;            /* a group: dead in the count (the other reading: alive) */
    /* The count under the other reading. */
    bool no_game, finished;
    go_color winner; /* GO_BLACK, GO_WHITE, GO_EMPTY (draw, or no game) */
    int margin_quarters;
    char verdict_zh[64];
    char verdict_en[128];
} go_alternative;

#define GO_MAX_DECISIVE 64
typedef struct go_alternatives {
    int points;     /* distinct doubtful points looked at */
    int groups;     /* distinct doubtful groups looked at */
    int recounts;   /* other readings counted */
    int impossible; /* other readings of a point not counted: they leave a group no liberty */
    int ndecisive;  /* other readings that change the result (may exceed GO_MAX_DECISIVE) */
    go_alternative decisive[GO_MAX_DECISIVE]; /* the first ones: points first, then groups */
} go_alternatives;

/* Recounts b (dead groups marked by dead[0..ndead), as for go_score_count) under each other
 * reading of the doubtful points and groups, one at a time, and keeps those that change the
 * result: another winner, a draw, or a game where there was none or the reverse.
 *
 * A point p at points[i] is read each of the two other ways. A reading that leaves a group
 * with no liberty cannot be a finished board and is skipped (out->impossible). The dead
 * stones keep their status; a stone that takes p's place is dead when it joins only dead
 * stones of its colour or, standing alone, lies in the opponent's area of the count, and
 * alive otherwise; a stone read away from a dead group leaves the rest of it dead.
 * A group marked by any stone at groups[i] is taken the other way: alive if the count has it
 * dead, dead otherwise (a seki group too). Duplicate points and groups are looked at once.
 *
 * GO_EINVAL for a point off the board or a group point with no stone. opts as for
 * go_score_count. Needs no heap; *out is about 14 kB. */
int go_score_alternatives(go_alternatives *out, const go_board *b, const go_point *dead, int ndead,
                          const go_point *points, int npoints, const go_point *groups, int ngroups,
                          const go_count_options *opts);

/* Appends the warning "decisive_points" to c (when a has decisive readings and c has room),
 * naming the places whose other reading changes the result. */
void go_count_warn_decisive(go_count *c, const go_alternatives *a);

#ifdef __cplusplus
}
#endif

#endif
