/* The final check of the lattice a reading settled on (vz_final_check): on rendered boards the
 * true lattice stands, and the true lattice with one corner moved more than a cell along one of
 * its lines (as a board turned on the table can leave it, passing every other check) is refused,
 * and so is the true lattice moved one or two lines past an edge, a steep view's lattice with
 * one corner a line past the board, and a smaller lattice over a part of the board. The boards
 * are drawn with seeds the benchmark does not draw. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/vision.h"
#include "params.h"
#include "synth.h"
#include "synth_cases.h"
#include "testutil.h"
#include "vision_int.h"

/* A rendered bench board of `size` lines: its decoded image into *img, its true lattice into *g. */
static void render_bench_board(go_cv_image *img, vz_grid *g, int size, uint64_t seed)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    synth_params p;
    double density;
    synth_bench_board(&p, &density, size, seed);
    synth_legal_position(truth, size, density, seed);
    render_true_lattice(img, g, &p, truth, NULL);
}

/* Lattice g with its first corner (the point (0, 0)) moved d cells along its first row, the
 * other three where they are, into *out. */
static void first_corner_moved(vz_grid *out, const vz_grid *g, double d)
{
    const int m = g->size - 1;
    double at[4][2];
    for (int q = 0; q < 4; q++) {
        const double u = (q == 1 || q == 2 ? m : 0) + (q == 0 ? d : 0), v = q >= 2 ? m : 0;
        assert_int_equal(vz_apply(g->h, u, v, &at[q][0], &at[q][1]), 0);
    }
    *out = *g;
    assert_int_equal(vz_lattice_through(out, at, g->size, m), 0);
}

static void test_vision_final__a_corner_over_a_cell_off_is_refused(void **state)
{
    (void)state;
    static const int sizes[3] = {9, 13, 19};
    for (int k = 0; k < 3; k++) {
        go_cv_image img = {0};
        vz_grid truth, g;
        render_bench_board(&img, &truth, sizes[k], 670000 + (uint64_t)k);
        vz_fit f;
        assert_int_equal(vz_lattice_fit(&f, NULL, &truth, &img), 0);
        if (vz_final_check(&truth, &img) != 0 || f.block_sure < FINAL_BLOCK_SURE)
            fprintf(stderr, "board %d (%dx%d), true lattice: %.2f of a block sure, %.2f unlikely\n",
                    k, sizes[k], sizes[k], f.block_sure, f.block_unlikely);
        /* the model reads this board surely: the check applies */
        assert_true(f.block_sure >= FINAL_BLOCK_SURE);
        assert_int_equal(vz_final_check(&truth, &img), 0);
        first_corner_moved(&g, &truth, 1.2);
        assert_int_equal(vz_lattice_fit(&f, NULL, &g, &img), 0);
        const int rc = vz_final_check(&g, &img);
        if (rc != GO_ENOBOARD)
            fprintf(stderr, "board %d (%dx%d), a corner 1.2 cells off: %.2f sure, %.2f unlikely\n",
                    k, sizes[k], sizes[k], f.block_sure, f.block_unlikely);
        assert_int_equal(rc, GO_ENOBOARD);
        assert_non_null(strstr(go_error_last(), "does not fit the board everywhere"));
        go_cv_image_free(&img);
    }
}

/* On three rendered boards (9x9, 13x13, 19x19, drawn from seed up), the true lattice stands and
 * the true lattice moved `lines` lines each way is refused, where `reason` is not NULL with it
 * in its reason. */
static void assert_moved_refused(int lines, uint64_t seed, const char *reason)
{
    static const int sizes[3] = {9, 13, 19};
    const int moves[4][2] = {{lines, 0}, {-lines, 0}, {0, lines}, {0, -lines}};
    for (int k = 0; k < 3; k++) {
        go_cv_image img = {0};
        vz_grid truth, g;
        render_bench_board(&img, &truth, sizes[k], seed + (uint64_t)k);
        assert_int_equal(vz_final_check(&truth, &img), 0);
        for (int m = 0; m < 4; m++) {
            g = truth;
            vz_lattice_move(g.h, truth.h, moves[m][0], moves[m][1]);
            const int rc = vz_final_check(&g, &img);
            if (rc != GO_ENOBOARD)
                fprintf(stderr, "board %d (%dx%d) moved %d,%d: not refused\n", k, sizes[k],
                        sizes[k], moves[m][0], moves[m][1]);
            assert_int_equal(rc, GO_ENOBOARD);
            if (reason)
                assert_non_null(strstr(go_error_last(), reason));
        }
        go_cv_image_free(&img);
    }
}

/* A lattice two lines past one edge of the board, its other lines on the board's points: the
 * two lines over the table read as no points, and it is refused whichever way it was moved,
 * whether or not the model reads any block of it surely. */
static void test_vision_final__two_lines_past_an_edge_are_refused(void **state)
{
    (void)state;
    assert_moved_refused(2, 671000, "outer lines");
}

/* The true lattice moved one line past each edge of the board: its outermost line on that side
 * lies on the table and reads as no points, while the board's own edge line, just beyond its
 * other side, reads as points; it is refused whichever way it was moved, and the true lattice
 * stands. */
static void test_vision_final__a_line_off_is_refused(void **state)
{
    (void)state;
    assert_moved_refused(1, 673000, NULL);
}

/* The lattice of `size` lines over the part of lattice g from its point (x0, y0), into *out. */
static void window_of(vz_grid *out, const vz_grid *g, int size, int x0, int y0)
{
    const int m = size - 1;
    double at[4][2];
    for (int q = 0; q < 4; q++)
        assert_int_equal(vz_apply(g->h, x0 + (q == 1 || q == 2 ? m : 0), y0 + (q >= 2 ? m : 0),
                                  &at[q][0], &at[q][1]),
                         0);
    *out = *g;
    assert_int_equal(vz_lattice_through(out, at, size, m), 0);
}

/* A 13x13 or 9x9 lattice over a part of a larger board, sharing one of its corners or in its
 * middle: the board goes on past two of its sides or more, and it is refused, while the board's
 * own lattice stands. */
static void test_vision_final__a_part_of_a_larger_board_is_refused(void **state)
{
    (void)state;
    static const int boards[2] = {19, 13};
    /* each window leaves two lines or more of the board past two of its sides */
    for (int k = 0; k < 2; k++) {
        go_cv_image img = {0};
        vz_grid truth, g;
        const int n = boards[k];
        render_bench_board(&img, &truth, n, 672000 + (uint64_t)k);
        assert_int_equal(vz_final_check(&truth, &img), 0);
        for (int size = 9; size <= 13 && size < n; size += 4) {
            const int at[3][2] = {{0, 0}, {n - size, n - size}, {(n - size) / 2, (n - size) / 2}};
            for (int w = 0; w < 3; w++) {
                window_of(&g, &truth, size, at[w][0], at[w][1]);
                const int rc = vz_final_check(&g, &img);
                if (rc != GO_ENOBOARD)
                    fprintf(stderr, "board %dx%d, a %dx%d from %d,%d: not refused\n", n, n, size,
                            size, at[w][0], at[w][1]);
                assert_int_equal(rc, GO_ENOBOARD);
                assert_non_null(strstr(go_error_last(), "goes on past"));
            }
        }
        go_cv_image_free(&img);
    }
}

/* A steep view of a crowded 19x19 (synth_bench_board_steep, its board kth of the kind): its
 * decoded image into *img, its true lattice into *g. */
static void render_steep_board(go_cv_image *img, vz_grid *g, uint64_t seed, int k)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    synth_params p;
    double density;
    synth_bench_board_steep(&p, &density, 19, seed, k);
    synth_legal_position(truth, 19, density, seed);
    render_true_lattice(img, g, &p, truth, NULL);
}

/* A steep view's far corner put a line past the board, on its rim, the rest of the lattice on
 * the board's points: the model reads a part of such a lattice unlikely but, the view being
 * steep, no other block of it surely enough for the block measure. The lattice with that corner
 * moved back a cell reads far more likely, and the lattice is refused; the true one stands. */
static void test_vision_final__a_corner_a_line_past_the_board_is_refused(void **state)
{
    (void)state;
    int by_corner = 0;
    for (int k = 0; k < 6; k++) {
        go_cv_image img = {0};
        vz_grid truth, g;
        render_steep_board(&img, &truth, 680000 + 7 * (uint64_t)k, k);
        assert_int_equal(vz_final_check(&truth, &img), 0);
        first_corner_moved(&g, &truth, -1.0);
        vz_fit f;
        assert_int_equal(vz_lattice_fit(&f, NULL, &g, &img), 0);
        const int rc = vz_final_check(&g, &img);
        if (rc != GO_ENOBOARD)
            fprintf(stderr,
                    "board %d, a corner a line past the board: %.2f of a block sure, "
                    "%.2f unlikely, %.2f of all points unlikely\n",
                    k, f.block_sure, f.block_unlikely, f.unlikely_share);
        assert_int_equal(rc, GO_ENOBOARD);
        by_corner += strstr(go_error_last(), "top left corner") != NULL;
        go_cv_image_free(&img);
    }
    /* most of them for the moved corner, not by the block measure */
    assert_true(by_corner >= 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_final__a_corner_over_a_cell_off_is_refused),
        cmocka_unit_test(test_vision_final__two_lines_past_an_edge_are_refused),
        cmocka_unit_test(test_vision_final__a_corner_a_line_past_the_board_is_refused),
        cmocka_unit_test(test_vision_final__a_line_off_is_refused),
        cmocka_unit_test(test_vision_final__a_part_of_a_larger_board_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
