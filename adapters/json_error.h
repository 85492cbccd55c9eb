/* The one table from go_err to the error name that every JSON error of goref carries: the
 * HTTP service's { "error", "message" } and `goref club --json`'s, so that a client reads the
 * same name for the same failure whichever door it used. The HTTP status each error answers
 * with sits in the same row, so that the name and the status cannot drift apart. */
#ifndef GOREF_JSON_ERROR_H
#define GOREF_JSON_ERROR_H

/* "invalid", "not_found", "conflict", ...; "internal" for a code the table does not know. */
const char *go_json_error_name(int err);

/* The error's message for a Chinese reader (UTF-8, never NULL): what the HTTP service sends
 * as "message_zh" beside the English "message" when it has no more precise Chinese text. */
const char *go_json_error_zh(int err);
/* The same by error name ("invalid", "busy", ...); NULL for a name the table does not know. */
const char *go_json_error_zh_by_name(const char *name);

/* The HTTP status the service answers err with (400, 404, 409, 422, 500, 503, ...); 500 for a
 * code the table does not know. */
int go_json_error_status(int err);

#endif
