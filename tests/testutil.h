/* Helpers shared by the cmocka suites: reading files, locating ../shared/data, building boards
 * from ASCII diagrams, and skipping loudly when a precondition (data, a peer program) is absent. */
#ifndef GO_TESTUTIL_H
#define GO_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "go/board.h"

/* Absolute path of a file under the shared data folder, in a static buffer per call site
 * pattern: the result is valid until the next call on this thread. */
const char *tu_data_path(const char *relative);
/* The photo (relative to the shared data folder) that plays `role` in the service tests, from
 * tests/data/service_photos.tsv; fails the test when the file or the role is missing. */
const char *tu_photo(const char *role);
/* True when the shared data folder exists. */
int tu_have_data(void);
/* Reads a whole file; *out is malloc'd and NUL-terminated (caller frees). 0 or -1. */
int tu_read_file(const char *path, char **out, size_t *len);
/* What a goref process printed and how it ended. */
typedef struct tu_run {
    int status; /* exit code, or -1 when it did not exit normally */
    char *out;  /* stdout, NUL-terminated (malloc'd) */
    char *err;  /* stderr, NUL-terminated (malloc'd) */
} tu_run;
/* Runs the built goref with ARGS (NULL-terminated, the program not included) and no shell;
 * stdout and stderr are read whole, both at once, so neither can fill and block the other.
 * Fails the test when goref cannot be started. */
tu_run tu_goref(const char *const *args);
/* Runs `PREFIX goref LINE` through /bin/sh: PREFIX sets variables or wraps the program
 * ("LD_DEBUG=files", "timeout 60"; may be ""), LINE may quote and redirect. */
tu_run tu_goref_sh(const char *prefix, const char *line);
void tu_run_free(tu_run *r);
/* Builds a board from a diagram of rows ('.', 'X', 'O'); fails the test on error. */
void tu_board(go_board *b, const char *diagram);
/* Prints a loud SKIP line naming the reason, then skips the test. */
#define TU_SKIP(...)                                                                               \
    do {                                                                                           \
        fprintf(stderr, "SKIP %s: ", __func__);                                                    \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fprintf(stderr, "\n");                                                                     \
        skip();                                                                                    \
    } while (0)

#endif
