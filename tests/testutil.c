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

const char *tu_photo(const char *role)
{
    static char rows[32][2][600];
    static int nrows = -1;
    if (nrows < 0) {
        FILE *f = fopen(GOREF_SERVICE_PHOTOS, "r");
        if (!f)
            fail_msg("cannot read %s", GOREF_SERVICE_PHOTOS);
        char line[600];
        nrows = 0;
        while (fgets(line, sizeof line, f) && nrows < 32) {
            line[strcspn(line, "\r\n")] = '\0';
            char *tab = strchr(line, '\t');
            if (line[0] == '#' || !tab || strncmp(line, "role\t", 5) == 0)
                continue;
            *tab = '\0';
            snprintf(rows[nrows][0], sizeof rows[nrows][0], "%s", line);
            snprintf(rows[nrows][1], sizeof rows[nrows][1], "%s", tab + 1);
            nrows++;
        }
        fclose(f);
    }
    for (int i = 0; i < nrows; i++)
        if (strcmp(rows[i][0], role) == 0)
            return rows[i][1];
    fail_msg("no photo plays the role %s in %s", role, GOREF_SERVICE_PHOTOS);
    return NULL;
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
