/* make bench-sheet: the time to draw a printed count sheet (go_count_sheet_png), on the finished
 * games of the GNU Go corpus counted with GNU Go's dead stones: the first sheet (which loads
 * the fonts), then every sheet after it (median, p95, max) and the PNG's size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bench.h"
#include "go/board.h"
#include "sheet.h"

#define MAX_GAMES 60

/* The count of game `number` with GNU Go's dead stones; -1 when it is not there. */
static int load_count(go_count *out, const char *dir, int number)
{
    char path[4096];
    size_t len;
    snprintf(path, sizeof path, "%s/g%04d.board.txt", dir, number);
    char *text = bench_read_text(path, &len);
    if (!text)
        return -1;
    go_board b;
    int rc = go_board_from_text(&b, text, len);
    free(text);
    if (rc)
        return -1;
    snprintf(path, sizeof path, "%s/g%04d.json", dir, number);
    json_error_t err;
    json_t *root = json_load_file(path, 0, &err);
    if (!root)
        return -1;
    static go_point dead[GO_MAX_SIZE * GO_MAX_SIZE];
    int ndead = 0;
    size_t i, j;
    json_t *grp, *pt;
    json_array_foreach(json_object_get(json_object_get(root, "gnugo"), "dead"), i, grp)
    {
        json_array_foreach(grp, j, pt)
        {
            go_point p;
            if (go_point_from_gtp(&p, json_string_value(pt), go_board_size(&b)) == 0)
                dead[ndead++] = p;
        }
    }
    json_decref(root);
    return go_score_count(out, &b, dead, ndead, NULL) ? -1 : 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(void)
{
    const char *dir = GOREF_DATA_DIR "/gnugo/games";
    static go_count counts[MAX_GAMES];
    int n = 0;
    for (int k = 1; k <= 400 && n < MAX_GAMES; k++)
        if (load_count(&counts[n], dir, k) == 0)
            n++;
    if (n == 0) {
        fprintf(stderr, "bench_sheet: no games in %s\n", dir);
        return 1;
    }
    go_sheet_info info = GO_SHEET_INFO_INIT;
    info.black = "黑方棋手";
    info.white = "White Player";
    info.date = "2024-05-18";
    static double cpu[MAX_GAMES], wall[MAX_GAMES], bytes[MAX_GAMES];
    double first_cpu = 0, first_wall = 0;
    for (int i = -1; i < n; i++) {
        const go_count *c = &counts[i < 0 ? 0 : i];
        unsigned char *png = NULL;
        size_t len = 0;
        double w0 = bench_wall_s(), c0 = bench_cpu_s();
        int rc = go_count_sheet_png(&png, &len, c, &info);
        double dc = bench_cpu_s() - c0, dw = bench_wall_s() - w0;
        free(png);
        if (rc) {
            fprintf(stderr, "bench_sheet: %s (%s)\n", go_strerror(rc), go_error_last());
            return 1;
        }
        if (i < 0) {
            first_cpu = dc;
            first_wall = dw;
        } else {
            cpu[i] = dc;
            wall[i] = dw;
            bytes[i] = (double)len;
        }
    }
    qsort(cpu, (size_t)n, sizeof cpu[0], cmp_double);
    qsort(wall, (size_t)n, sizeof wall[0], cmp_double);
    qsort(bytes, (size_t)n, sizeof bytes[0], cmp_double);
    printf("count sheet (A5, 1184x1680 px), %d games of the GNU Go corpus\n", n);
    printf("  first sheet, fonts loaded  %6.1f ms CPU  %6.1f ms wall\n", first_cpu * 1e3,
           first_wall * 1e3);
    printf("  each sheet after: median   %6.1f ms CPU  %6.1f ms wall\n", cpu[n / 2] * 1e3,
           wall[n / 2] * 1e3);
    printf("                    p95      %6.1f ms CPU  %6.1f ms wall\n", cpu[(n * 95) / 100] * 1e3,
           wall[(n * 95) / 100] * 1e3);
    printf("                    max      %6.1f ms CPU  %6.1f ms wall\n", cpu[n - 1] * 1e3,
           wall[n - 1] * 1e3);
    printf("  PNG size: median %.0f KB, max %.0f KB\n", bytes[n / 2] / 1024, bytes[n - 1] / 1024);
    return 0;
}
