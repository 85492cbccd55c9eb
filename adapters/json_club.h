/* JSON of the club's values, shared by `goref club --json` (cmd_club.c) and the HTTP service
 * (http_club.c) so that both print the same fields: a go_club_table as an array of objects
 * (typed by its column types) and standings as an array of places. */
#ifndef GOREF_JSON_CLUB_H
#define GOREF_JSON_CLUB_H

#include <stddef.h>

#include <jansson.h>

#include "go/club.h"
#include "go/club_events.h"

/* [{ column: value, ... }, ...]; cells are numbers for GO_COL_INT/GO_COL_REAL, strings, or
 * null. New reference (NULL when out of memory). */
json_t *go_json_club_table(const go_club_table *t);

/* [{ "place", "member", "name", "points", "tiebreak_sb", "swiss_total", "warnings", "shared",
 * "withdrawn", "played", "wins", "draws", "losses" }, ...]. New reference. */
json_t *go_json_standings(const go_standing *s, size_t n);

/* What a count JSON (`goref count --json`, /api/count, /api/score) tells the club log beyond
 * winner and margin: *finished = 1 or 0 from its "finished" flag (-1 when it has none). A count
 * whose warnings say there is no game is no result: GO_EINVAL with a message to show. */
int go_json_count_for_log(int *finished, const json_t *count);

#endif
