/* Helpers of the counting endpoints that the photo endpoints (http_vision.c) reuse: reading a
 * position, count options and dead points from a JSON body, and the suggestion as JSON. Each
 * reader replies 400 and returns -1 on bad input. Needs the scoring module. */
#ifndef GOREF_HTTP_SCORE_H
#define GOREF_HTTP_SCORE_H

#include "go/dead.h"
#include "go/score.h"
#include "http_int.h"

int http_board_from_json(http_req *r, go_board *out, json_t *body);
int http_count_options_from_json(http_req *r, go_count_options *out, json_t *body);
/* out holds at least GO_MAX_SIZE * GO_MAX_SIZE points. */
int http_dead_from_json(http_req *r, go_point *out, int *out_n, const go_board *b, json_t *body);
/* Every stone of the groups at marks, in board order; returns the count. */
int http_dead_stones(go_point *out, const go_board *b, const go_point *marks, int nmarks);
/* "B"/"b" or "W"/"w" -> *out; a 400 and -1 otherwise. */
int http_to_move_parse(http_req *r, go_color *out, const char *text);
/* New reference; NULL when out of memory. */
json_t *http_suggestion_json(const go_dead_suggestion *s, const go_board *b);

#endif
