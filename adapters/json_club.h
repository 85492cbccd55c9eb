/* JSON of the club's values, shared by `goref club --json` (cmd_club.c) and the HTTP service
 * (http_club.c) so that both print the same fields: a go_club_table as an array of objects
 * (typed by its column types) and standings as an array of places. */
#ifndef GOREF_JSON_CLUB_H
#define GOREF_JSON_CLUB_H

#include <stddef.h>

#include <jansson.h>

#include "go/club.h"
#include "go/club_events.h"
#include "go/club_games.h"

/* [{ column: value, ... }, ...]; cells are numbers for GO_COL_INT/GO_COL_REAL, strings, or
 * null. New reference (NULL when out of memory). */
json_t *go_json_club_table(const go_club_table *t);

/* [{ "place", "member", "name", "points", "tiebreak_sb", "swiss_total", "warnings", "shared",
 * "withdrawn", "played", "wins", "draws", "losses" }, ...]. New reference. */
json_t *go_json_standings(const go_standing *s, size_t n);

/* A count JSON (`goref count --json`, /api/count, /api/score) as a game result, the one way
 * both front ends read it: winner ('B', 'W', 'D' for a draw; 0 when the count names none),
 * by (count or draw), margin_quarters (from "margin_quarters", else "margin_stones"),
 * komi_quarters (from "komi_stones"), finished (1, 0, or -1 when the count has no flag) and
 * dead (the count's dead stones as GTP points separated by spaces, malloc'd, NULL when none:
 * the caller frees it). A count whose warnings say there is no game is no result: GO_EINVAL
 * with a message to show; GO_EPARSE for a winner or margin of the wrong kind. */
int go_json_count_result(go_game_record *r, const json_t *count);

#endif
