/* Shared test helpers; see testutil.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"

const char *tu_data_path(const char *relative)
{
    static _Thread_local char path[4096];
    snprintf(path, sizeof path, "%s/%s", GOREF_DATA_DIR, relative);
    return path;
}

int tu_have_data(void)
{
    struct stat st;
    return stat(GOREF_DATA_DIR, &st) == 0 && S_ISDIR(st.st_mode);
}

int tu_read_file(const char *path, char **out, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        fclose(f);
        return -1;
    }
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap * 2 + 1);
            if (!bigger) {
                free(buf);
                fclose(f);
                return -1;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(buf);
        return -1;
    }
    buf[n] = '\0';
    *out = buf;
    if (len)
        *len = n;
    return 0;
}

void tu_board(go_board *b, const char *diagram)
{
    int rc = go_board_from_text(b, diagram, strlen(diagram));
    if (rc != 0)
        fail_msg("bad diagram: %s (%s)", go_strerror(rc), go_error_last());
}
