/* The JSON of a count and of the doubtful readings' recounts, shared by `goref count`,
 * `goref score`, /api/count and /api/score so that both front ends print the same fields. */
#ifndef GOREF_JSON_COUNT_H
#define GOREF_JSON_COUNT_H

#include "go/alternatives.h"
#include "go/score.h"

/* The JSON contract of `goref count --json` (see adapters/README.md): size,
 * komi_stones, par, black{stones,territory,total}, white{...}, shared, margin_stones,
 * margin_points, winner, verdict_zh, verdict_en, dead, seki, ownership, plus check_zh/check_en,
 * finished, open_points (GTP names) and warnings [{code, message_zh, message_en}]. With no game
 * there is no winner, margin or gtp_result. dead/seki are GTP points of the stones; dead may be
 * NULL. *out is malloc'd, caller frees. */
int go_count_to_json(char **out, const go_count *c, const go_point *dead, int ndead,
                     const go_point *seki, int nseki);

/* The JSON of a: { "points_checked", "groups_checked", "recounts", "impossible", "total",
 * "items": [...] } (see adapters/README.md); size is the board's. *out is malloc'd, caller frees.
 */
int go_alternatives_to_json(char **out, const go_alternatives *a, int size);

#endif
