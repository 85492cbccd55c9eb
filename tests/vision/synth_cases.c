/* Cases shared by the synthetic vision suites: render a board, read it through the whole
 * pipeline or through its true lattice, check it with cmocka. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "synth_cases.h"
#include "testutil.h"

void render_board(uint8_t **jpeg, size_t *len, const synth_params *p, double density,
                  uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], double corners[4][2])
{
    synth_position(truth, p->size, density, p->seed);
    assert_int_equal(synth_render(jpeg, len, p, truth, corners), 0);
}

void render_true_lattice(go_cv_image *img, vz_grid *g, const synth_params *p,
                         uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], double corners[4][2])
{
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double at[4][2];
    assert_int_equal(synth_render(&jpeg, &len, p, truth, at), 0);
    assert_int_equal(go_cv_decode(img, jpeg, len, 1), 0);
    assert_int_equal(vz_lattice_through(g, at, p->size, p->size - 1), 0);
    free(jpeg);
    if (corners)
        memcpy(corners, at, sizeof at);
}

double corner_error(const go_vision_result *r, double corners[4][2])
{
    double worst = 0;
    for (int c = 0; c < 4; c++) {
        double best = 1e9;
        for (int k = 0; k < 4; k++)
            best = fmin(best,
                        hypot(r->corners[k][0] - corners[c][0], r->corners[k][1] - corners[c][1]));
        worst = fmax(worst, best);
    }
    return worst;
}

void check_case(const synth_params *p, double density, int min_correct_permille)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    render_board(&jpeg, &len, p, density, truth, corners);
    int rc = go_vision_scan(&r, jpeg, len, NULL);
    if (rc != 0)
        fprintf(stderr, "scan failed: %s: %s\n", go_strerror(rc), go_error_last());
    if (getenv("GOREF_SYNTH_DUMP")) { /* a look at the rendering and the reading */
        char path[256];
        snprintf(path, sizeof path, "%s/synth_%d_%llu.jpg", getenv("GOREF_SYNTH_DUMP"), p->size,
                 (unsigned long long)p->seed);
        FILE *f = fopen(path, "wb");
        if (f) {
            fwrite(jpeg, 1, len, f);
            fclose(f);
        }
        snprintf(path, sizeof path, "%s/synth_%d_%llu_overlay.png", getenv("GOREF_SYNTH_DUMP"),
                 p->size, (unsigned long long)p->seed);
        if (rc == 0)
            go_vision_write_overlay(path, jpeg, len, &r);
    }
    assert_int_equal(rc, 0);
    assert_int_equal(r.size, p->size);
    int n = p->size, ok = synth_best_match(r.color, truth, n);
    if (ok != n * n)
        fprintf(stderr, "size %d seed %llu: %d/%d points\n", n, (unsigned long long)p->seed, ok,
                n * n);
    assert_true(ok * 1000 >= min_correct_permille * n * n);
    /* every true corner is near one reported corner (any order: a board has no "up") */
    double cell = hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) / (n - 1);
    assert_true(corner_error(&r, corners) < 0.3 * cell);
    assert_true(r.ms_total >= r.ms_detect);
    free(jpeg);
}

synth_params base(int size, uint64_t seed)
{
    synth_params p = {.width = 480, .height = 360, .size = size, .jpeg_quality = 85, .seed = seed};
    return p;
}

void render_mixed_board(uint8_t **jpeg, size_t *len, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE],
                        double corners[4][2], int n, uint64_t seed)
{
    static double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2];
    synth_params p;
    double density, hurried;
    synth_bench_board_mixed(&p, &density, &hurried, n, seed);
    synth_legal_position(truth, n, density, seed);
    if (hurried > 0) {
        synth_hurried_nudges(nudge, truth, n, hurried, seed);
        p.nudge = (const double(*)[GO_MAX_SIZE][2])nudge;
    }
    assert_int_equal(synth_render(jpeg, len, &p, truth, corners), 0);
}

int scan_lit_board(go_vision_result *r, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int size,
                   uint64_t seed, int lamp)
{
    synth_params p;
    double density;
    if (lamp >= 0)
        synth_bench_board_lit(&p, &density, size, seed, lamp);
    else
        synth_bench_board(&p, &density, size, seed);
    synth_legal_position(truth, size, density, seed);
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    assert_int_equal(synth_render(&jpeg, &len, &p, truth, corners), 0);
    int rc = go_vision_scan(r, jpeg, len, NULL);
    free(jpeg);
    return rc;
}

int scan_bench_board(go_vision_result *r, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int size,
                     uint64_t seed)
{
    return scan_lit_board(r, truth, size, seed, -1);
}

void scan_reads_right(go_vision_result *r, uint8_t *jpeg, size_t len,
                      uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int n, const char *what)
{
    go_image_format fmt;
    int width = 0, height = 0;
    assert_int_equal(go_vision_probe(&fmt, &width, &height, jpeg, len), 0);
    const int rc = go_vision_scan(r, jpeg, len, NULL);
    free(jpeg);
    if (rc != 0)
        fprintf(stderr, "%s: %s\n", what, go_error_last());
    assert_int_equal(rc, 0);
    assert_int_equal(r->size, n);
    assert_int_equal(synth_best_match(r->color, truth, n), n * n);
    /* the lattice returned is in the photo's pixels, whichever way it was found */
    assert_int_equal(r->image_width, width);
    assert_int_equal(r->image_height, height);
    for (int c = 0; c < 4; c++) {
        assert_true(r->corners[c][0] > -0.1 * width && r->corners[c][0] < 1.1 * width);
        assert_true(r->corners[c][1] > -0.1 * height && r->corners[c][1] < 1.1 * height);
    }
}
