/* The corner model (vision/corners.c): its input, its four corners on rendered boards drawn with
 * every nuisance at random from seeds neither its data nor the bench draw, and a refused board's
 * corners, where a person starts placing them: the board's outline where the first lattice
 * refused lies elsewhere, that lattice where it agrees with the outline. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cv_shim.h"
#include "go/vision.h"
#include "params.h"
#include "synth.h"
#include "synth_cases.h"
#include "testutil.h"
#include "vision_int.h"

/* A photo scaled to fit the model's input sits at its top-left, the rest black, and a pixel maps
 * by the scales returned. */
static void test_vision_corners__input_fits_the_photo_at_its_top_left(void **state)
{
    (void)state;
    static const int sizes[2][2] = {{1000, 750}, {750, 1000}};
    for (int k = 0; k < 2; k++) {
        go_cv_image img = {0}, in = {0};
        assert_int_equal(go_cv_image_alloc(&img, sizes[k][0], sizes[k][1], 3), 0);
        memset(img.pixels, 200, (size_t)img.width * img.height * 3);
        double scale[2];
        assert_int_equal(vz_corner_input(&in, scale, &img), 0);
        assert_int_equal(in.width, CORNER_IN_W);
        assert_int_equal(in.height, CORNER_IN_H);
        const int w = (int)lround(img.width * scale[0]), h = (int)lround(img.height * scale[1]);
        assert_int_equal(h, CORNER_IN_H);
        assert_int_equal(w, k == 0 ? CORNER_IN_W : 144);
        assert_int_equal(in.pixels[((size_t)(h - 1) * CORNER_IN_W + w - 1) * 3], 200);
        if (w < CORNER_IN_W)
            assert_int_equal(in.pixels[((size_t)(h - 1) * CORNER_IN_W + w) * 3], 0);
        go_cv_image_free(&in);
        go_cv_image_free(&img);
    }
}

/* The seed of board k of size n of the row drawn with every nuisance at random, from base, as
 * the bench numbers them. */
static uint64_t mixed_seed(uint64_t base, int n, int k)
{
    return base + (uint64_t)k * 7 + (uint64_t)(n == 9 ? 0 : n == 13 ? 1 : 2);
}

/* The corners proposed on CORNER_TEST_BOARDS boards of each size lie within a cell of the true
 * ones on half of them or more (a start for a person's corners, dragged the rest of the way). */
#define CORNER_TEST_BOARDS 4
static void test_vision_corners__proposed_near_the_true_corners(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static const int sizes[3] = {9, 13, 19};
    int near = 0, all = 0;
    for (int s = 0; s < 3; s++)
        for (int k = 0; k < CORNER_TEST_BOARDS; k++) {
            const int n = sizes[s];
            uint8_t *jpeg = NULL;
            size_t len = 0;
            double corners[4][2], got[4][2];
            /* seed base 7,000,000: neither the corner data's 5,000,000 nor any of the bench's */
            render_mixed_board(&jpeg, &len, truth, corners, n, mixed_seed(7000000, n, k));
            go_cv_image img = {0};
            assert_int_equal(go_cv_decode(&img, jpeg, len, 1), 0);
            const int rc = vz_corner_proposal(got, &img);
            assert_true(rc >= 0);
            const double cell =
                hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) / (n - 1);
            const double off = rc == 1 ? synth_corners_off(got, corners) / cell : -1;
            printf("%dx%d board %d: %s %.2f cell\n", n, n, k, rc == 1 ? "corners off" : "none",
                   off);
            near += rc == 1 && off < 1;
            all++;
            go_cv_image_free(&img);
            free(jpeg);
        }
    assert_true(near >= all / 2);
}

/* A 9x9 of the mixed row every look refuses, the first lattice refused far from the board (a
 * cloth's): the refusal's corners are the board's, within a cell of its true corners, round from
 * the top left as a lattice's. (A lattice that agrees with the outline stays: a crowd refused for
 * its colours keeps its lattice to a fifth of a cell, test_vision_colour.) */
static void test_vision_corners__refusal_starts_on_the_board(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    render_mixed_board(&jpeg, &len, truth, corners, 9, mixed_seed(1000, 9, 38));
    const int rc = go_vision_scan(&r, jpeg, len, NULL);
    free(jpeg);
    if (rc == 0) { /* read at all, read right */
        assert_int_equal(r.size, 9);
        assert_int_equal(synth_best_match(r.color, truth, 9), 81);
        return;
    }
    assert_int_equal(rc, GO_ENOBOARD);
    assert_true(r.size > 0);
    const double cell = hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) / 8;
    printf("refused 9x9: its corners %.2f cells from the board's\n",
           synth_corners_off(r.corners, corners) / cell);
    assert_true(synth_corners_off(r.corners, corners) < cell);
    /* the corners go round from the top left, as a lattice's do */
    for (int k = 1; k < 4; k++)
        assert_true(r.corners[0][0] + r.corners[0][1] <= r.corners[k][0] + r.corners[k][1]);
    const double turn = (r.corners[1][0] - r.corners[0][0]) * (r.corners[2][1] - r.corners[1][1]) -
                        (r.corners[1][1] - r.corners[0][1]) * (r.corners[2][0] - r.corners[1][0]);
    assert_true(turn > 0);
}

/* Corners a person placed that give no reading are not replaced by the corner model's outline:
 * a 9x9's corners placed on the cloth beside it (at the photo's top left) are refused with no
 * corners of the reader's (size 0), and the page keeps the person's own where they were. */
static void test_vision_corners__placed_corners_are_not_replaced(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    render_mixed_board(&jpeg, &len, truth, corners, 9, mixed_seed(1000, 9, 38));
    go_vision_options opt = GO_VISION_OPTIONS_INIT;
    opt.size = 9;
    opt.have_corners = 1;
    static const double placed[4][2] = {{40, 40}, {240, 40}, {240, 240}, {40, 240}};
    memcpy(opt.corners, placed, sizeof placed);
    const int rc = go_vision_scan(&r, jpeg, len, &opt);
    free(jpeg);
    assert_int_equal(rc, GO_ENOBOARD);
    assert_int_equal(r.size, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_corners__input_fits_the_photo_at_its_top_left),
        cmocka_unit_test(test_vision_corners__proposed_near_the_true_corners),
        cmocka_unit_test(test_vision_corners__refusal_starts_on_the_board),
        cmocka_unit_test(test_vision_corners__placed_corners_are_not_replaced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
