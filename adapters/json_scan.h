/* JSON of a photo reading, shared by `goref scan --json` (cmd_scan.c) and the HTTP service
 * (/api/scan, /api/score) so that both print the same fields. */
#ifndef GOREF_JSON_SCAN_H
#define GOREF_JSON_SCAN_H

#include <jansson.h>

#include "go/score.h"
#include "go/vision.h"

/* { "size", "board": N strings of . X O (row 1 = top of the photo as displayed),
 *   "confidence": N arrays of 0..1 (2 decimals), "uncertain": GTP points,
 *   "corners": four [x, y] (1 decimal; top-left, top-right, bottom-right, bottom-left),
 *   "timing_ms": { decode, detect, classify, total }, "image_width", "image_height" }.
 * New reference (NULL when out of memory). */
json_t *go_json_scan(const go_vision_result *res);

/* A refusal with corners for a person to start from (go_vision_scan's GO_ENOBOARD with
 * res->size > 0: the board's outline seen, or the first lattice refused):
 * { "error": error_name, "message", "refused": true, "size", "corners" (as above),
 *   "image_width", "image_height" }, where a person's corners can start. New reference (NULL
 * when out of memory or the message is not UTF-8). */
json_t *go_json_refusal(const go_vision_result *res, const char *error_name, const char *message);

/* The points of res a person should look at before trusting a count: the uncertain ones, then
 * the stones found off their points not already among them. Writes them into out (room for
 * GO_MAX_SIZE * GO_MAX_SIZE) and returns how many. */
int go_scan_doubtful_points(go_point *out, const go_vision_result *res);

/* The warning a count of res carries for the way it was read: "classifier_only" when the point
 * classifier read its colours alone (a last resort, where the lines are too faint to check the
 * lattice or the colour rule reads one colour only), so that the sheets and the page say it
 * beside the verdict. Writes it into *out and returns true; false (out untouched) when the
 * colour rule or the clusters read it. */
bool go_scan_reader_warning(go_count_warning *out, const go_vision_result *res);

#endif
