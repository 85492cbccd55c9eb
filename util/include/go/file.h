/* Reading a whole file, the one way every module does it. */
#ifndef GO_FILE_H
#define GO_FILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reads the file at path to its end into a malloc'd buffer (*out, caller frees) with a NUL
 * after the last byte, its length (without the NUL) in *out_len. Works on pipes and on files
 * that grow while read. GO_EIO when it cannot be opened or read (the detail names the file and
 * the system's reason), GO_ETOOBIG past max bytes, GO_ENOMEM. On error *out is NULL. */
int go_read_file(char **out, size_t *out_len, const char *path, size_t max);

#ifdef __cplusplus
}
#endif

#endif
