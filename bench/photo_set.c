#include "photo_set.h"

#include "go/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_text(const char *path)
{
    char *text = NULL;
    size_t len = 0;
    return go_read_file(&text, &len, path, (size_t)16 << 20) == 0 ? text : NULL;
}

int photo_set_read(photo_entry *rows, int max, const char *root, const char *only)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/MANIFEST.tsv", root);
    char *text = read_text(path);
    if (!text)
        return -1;
    int n = 0, col_group = -1, first = 1;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        char *f[16] = {0};
        int nf = 0;
        for (char *c = line; c && nf < 16;) {
            f[nf++] = c;
            c = strchr(c, '\t');
            if (c)
                *c++ = 0;
        }
        if (first) { /* the header names the columns; the group's may move */
            first = 0;
            for (int k = 0; k < nf; k++)
                if (strcmp(f[k], "group") == 0)
                    col_group = k;
            continue;
        }
        if (nf < 4 || n >= max || (only && !strstr(f[1], only)))
            continue;
        photo_entry *e = &rows[n++];
        memset(e, 0, sizeof *e);
        snprintf(e->source, sizeof e->source, "%s", f[0]);
        snprintf(e->image, sizeof e->image, "%s", f[1]);
        snprintf(e->board, sizeof e->board, "%s", f[2]);
        e->size = atoi(f[3]);
        /* without a group column each photo is a group of its own */
        snprintf(e->group, sizeof e->group, "%s",
                 col_group >= 0 && col_group < nf ? f[col_group] : f[1]);
    }
    free(text);
    return n;
}

typedef struct group_count {
    const char *name;
    int photos;
} group_count;

static int by_size_then_name(const void *a, const void *b)
{
    const group_count *x = a, *y = b;
    if (x->photos != y->photos)
        return y->photos - x->photos;
    return strcmp(x->name, y->name);
}

void photo_set_folds(photo_entry *rows, int n, int folds)
{
    static group_count g[PHOTO_SET_MAX];
    int ng = 0;
    for (int i = 0; i < n; i++) {
        int k = 0;
        while (k < ng && strcmp(g[k].name, rows[i].group) != 0)
            k++;
        if (k == ng)
            g[ng++] = (group_count){rows[i].group, 0};
        g[k].photos++;
    }
    qsort(g, (size_t)ng, sizeof *g, by_size_then_name);
    int load[64] = {0};
    if (folds > 64)
        folds = 64;
    for (int k = 0; k < ng; k++) {
        int best = 0;
        for (int f = 1; f < folds; f++)
            if (load[f] < load[best])
                best = f;
        load[best] += g[k].photos;
        for (int i = 0; i < n; i++)
            if (strcmp(rows[i].group, g[k].name) == 0)
                rows[i].fold = best;
    }
}

int photo_set_label(const char *root, const photo_entry *e, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE],
                    int *size)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", root, e->board);
    memset(truth, 0, GO_MAX_SIZE * GO_MAX_SIZE);
    char *text = read_text(path);
    if (!text)
        return -1;
    /* a label may hold a group without liberty (a real photo): points, no rules */
    int rc = go_board_text_points(truth, size, text, strlen(text));
    free(text);
    return rc;
}
