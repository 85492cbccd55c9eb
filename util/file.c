/* go/file.h: a whole file into memory, up to a limit. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/error.h"
#include "go/file.h"

int go_read_file(char **out, size_t *out_len, const char *path, size_t max)
{
    *out = NULL;
    *out_len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return go_error_set(GO_EIO, "cannot open %s: %s", path, strerror(errno));
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int rc = 0;
    for (;;) {
        if (len == cap) {
            if (cap > max) {
                rc = go_error_set(GO_ETOOBIG, "%s is larger than %zu bytes", path, max);
                goto done;
            }
            /* one byte past max shows a file over the limit; one more for the NUL */
            size_t want = cap ? cap * 2 : 65536;
            if (want > max + 1)
                want = max + 1;
            if (want <= cap)
                want = cap + 1;
            char *b = realloc(buf, want + 1);
            if (!b) {
                rc = go_error_set(GO_ENOMEM, "reading %s", path);
                goto done;
            }
            buf = b;
            cap = want;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f))
                rc = go_error_set(GO_EIO, "cannot read %s: %s", path, strerror(errno));
            break;
        }
    }
    if (!rc && len > max)
        rc = go_error_set(GO_ETOOBIG, "%s is larger than %zu bytes", path, max);
    if (!rc) {
        buf[len] = '\0';
        *out = buf;
        *out_len = len;
        buf = NULL;
    }
done:
    free(buf);
    fclose(f);
    return rc;
}
