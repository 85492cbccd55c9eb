/* The photo side shared by `goref scan` and `goref score`: the options --size, --corners,
 * --overlay, --sgf, reading a photo (file -> go_vision_scan -> overlay PNG and SGF when asked) and
 * the JSON "error" names of the vision errors. The scan's JSON itself is json_scan.h's. */
#ifndef GOREF_SCAN_CLI_H
#define GOREF_SCAN_CLI_H

#include <stdbool.h>

#include "go/vision.h"
#include "opts.h"

typedef struct scan_cli_options {
    go_vision_options vision; /* .size from --size, .corners from --corners */
    const char *overlay;      /* --overlay OUT.png */
    const char *sgf;          /* --sgf OUT.sgf */
} scan_cli_options;

void scan_cli_options_init(scan_cli_options *out);

/* The photo options' table (cli_parse) and the taking of one: 1 when name is --size,
 * --corners, --overlay or --sgf (its value stored), 0 otherwise; GO_EINVAL for bad --corners
 * (8 numbers x,y,... : top-left, top-right, bottom-right, bottom-left), GO_ERANGE for a bad
 * --size. Corners without --size are refused by go_vision_scan (GO_EINVAL). */
extern const cli_option scan_cli_option_table[];
int scan_cli_take(scan_cli_options *o, const char *name, const char *value);

/* Reads the photo at path into *out, then writes the overlay and the SGF when asked. Errors:
 * GO_EIO, GO_ETOOBIG, GO_EIMAGE, GO_ENOBOARD (reason in go_error_last()), ... */
int scan_cli_run(go_vision_result *out, const char *path, const scan_cli_options *o);

/* The JSON "error" name of a photo-reading error ("no_board", "not_an_image", ...). */
const char *scan_cli_error_name(int code);

/* No board, but a lattice the checks refused (scan_cli_run's GO_ENOBOARD with r->size > 0): the
 * error with that lattice's corners, as JSON (go_json_refusal) or on stderr as the --corners
 * argument to correct and read again. Returns the exit status, 2. */
int scan_cli_refused(const char *command, bool json, const go_vision_result *r);

#endif
