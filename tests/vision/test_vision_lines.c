/* The dip profile across a lattice line (vz_line_dip_side, vision/lattice.c): a thin dark line
 * near the expected place shows by how much it is darker than each side; the crossing line's
 * own gap and the side not asked are left out, and so is what lies beyond the image. Checked on
 * drawn lines and against the profile's definition, pixel by pixel, on random images. And a
 * sweep across the lines cut to the image (vz_sweep_on_image, grid.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vision_int.h"

#define W 61
#define H 47

/* The definition: for each offset d across the line, the mean of the pixels along it within
 * 0.4 of a cell, leaving out the gap of 0.12 of a cell at the crossing and the side not asked
 * and whatever lies off the image; then the largest dip below both neighbours two away, within
 * three pixels of the place. */
static double dip_by_definition(const uint8_t *px, int w, int h, int ch, int cx, int cy, int vert,
                                int cell, int side)
{
    const int R = 6, T = (int)(0.4 * cell), GAP = (int)(0.12 * cell);
    double prof[13];
    for (int d = -R; d <= R; d++) {
        double s = 0;
        int m = 0;
        for (int t = -T; t <= T; t++) {
            if ((t > -GAP && t < GAP) || (side > 0 && t < 0) || (side < 0 && t > 0))
                continue;
            const int x = vert ? cx + d : cx + t, y = vert ? cy + t : cy + d;
            if (x < 0 || y < 0 || x >= w || y >= h)
                continue;
            s += px[((size_t)y * w + x) * ch];
            m++;
        }
        prof[d + R] = m ? s / m : 0;
    }
    double best = -1e9;
    for (int c = -3; c <= 3; c++) {
        const double lo = prof[c - 2 + R] < prof[c + 2 + R] ? prof[c - 2 + R] : prof[c + 2 + R];
        if (lo - prof[c + R] > best)
            best = lo - prof[c + R];
    }
    return best;
}

/* A light board with a dark line one pixel wide across rows [y0, y1] at column x. */
static void board_with_line(uint8_t *px, int x, int y0, int y1)
{
    memset(px, 200, (size_t)W * H);
    for (int y = y0; y <= y1; y++)
        px[(size_t)y * W + x] = 100;
}

/* A vertical line a pixel beside the expected place dips by its full darkness; only below the
 * crossing, it shows on that side alone; only within the crossing's gap, not at all. */
static void test_vision_lines__dip_of_a_drawn_line(void **state)
{
    (void)state;
    static uint8_t px[W * H];
    const int cx = 30, cy = 23, cell = 20; /* reach 8 along the line, gap 2 */
    board_with_line(px, cx + 1, 0, H - 1);
    assert_float_equal(vz_line_dip_side(px, W, H, 1, cx, cy, 1, cell, 0), 100, 1e-12);
    assert_float_equal(vz_line_dip_side(px, W, H, 1, cx, cy, 1, cell, -1), 100, 1e-12);
    /* a horizontal profile does not see a vertical line */
    assert_float_equal(vz_line_dip_side(px, W, H, 1, cx, cy, 0, cell, 0), 0, 1e-12);

    board_with_line(px, cx + 1, cy + 2, H - 1); /* below the crossing's gap only */
    assert_float_equal(vz_line_dip_side(px, W, H, 1, cx, cy, 1, cell, 1), 100, 1e-12);
    assert_float_equal(vz_line_dip_side(px, W, H, 1, cx, cy, 1, cell, -1), 0, 1e-12);
    assert_float_equal(vz_line_dip_side(px, W, H, 1, cx, cy, 1, cell, 0), 50, 1e-12);

    board_with_line(px, cx + 1, cy - 1, cy + 1); /* within the gap: the crossing line itself */
    assert_float_equal(vz_line_dip_side(px, W, H, 1, cx, cy, 1, cell, 0), 0, 1e-12);
}

/* On random images of one and three channels, at centres on, near and off the image, every
 * cell size (cells under 9 pixels have no gap) and each side: the profile's definition, to the
 * bit. */
static void test_vision_lines__dip_matches_its_definition(void **state)
{
    (void)state;
    uint8_t *px = malloc((size_t)W * H * 3);
    assert_non_null(px);
    unsigned seed = 12345;
    for (int i = 0; i < W * H * 3; i++) {
        seed = seed * 1103515245u + 12345u;
        px[i] = (uint8_t)(seed >> 16);
    }
    for (int k = 0; k < 40000; k++) {
        seed = seed * 1103515245u + 12345u;
        const unsigned r = seed >> 8;
        const int ch = k % 2 ? 3 : 1, vert = (r >> 1) & 1, side = (int)((r >> 2) % 3) - 1;
        const int cell = 1 + (int)((r >> 4) % 40);
        const int cx = (int)((r >> 10) % (W + 30)) - 15, cy = (int)(k % (H + 30)) - 15;
        const double got = vz_line_dip_side(px, W, H, ch, cx, cy, vert, cell, side);
        const double want = dip_by_definition(px, W, H, ch, cx, cy, vert, cell, side);
        assert_memory_equal(&got, &want, sizeof got);
    }
    free(px);
}

/* Where a point of a sweep lies on the image's pixels as the refinement reads them (grid.c's
 * bh_at: the pixel and its neighbours right and below). */
static int on_image(double x, double y, int w, int h)
{
    return x >= 0 && y >= 0 && x < w - 1 && y < h - 1;
}

/* A sweep many times the photo's size (a lattice near its view's vanishing line) is cut to the
 * photo: every step that falls on the image lies in the part kept, and that part is about the
 * photo's width long; a sweep wholly off the photo is none. */
static void test_vision_lines__sweep_cut_to_the_image(void **state)
{
    (void)state;
    double lo, hi;
    assert_int_equal(vz_sweep_on_image(&lo, &hi, 1000, 750, 500, 300, 1, 0, 1e9), 1);
    assert_true(lo <= -500 && lo >= -502 && hi >= 498 && hi <= 500);
    assert_int_equal(vz_sweep_on_image(&lo, &hi, 1000, 750, 500, 300, 0.6, 0.8, 20), 1);
    assert_true(lo == -20 && hi == 20); /* inside: as asked */
    assert_int_equal(vz_sweep_on_image(&lo, &hi, 1000, 750, 500, -300, 1, 0, 1e9), 0);
    assert_int_equal(vz_sweep_on_image(&lo, &hi, 1000, 750, 3e6, 2e6, 0.6, 0.8, 1e5), 0);
    unsigned seed = 777;
    for (int k = 0; k < 3000; k++) {
        double v[5];
        for (int i = 0; i < 5; i++) {
            seed = seed * 1103515245u + 12345u;
            v[i] = (seed >> 8) / 16777216.0;
        }
        const int w = 40 + (int)(v[0] * 300), h = 30 + (int)(v[1] * 200);
        const double x = -400 + v[2] * 1000, y = -400 + v[3] * 800, a = v[4] * 6.283185307179586;
        const double nx = k % 7 ? cos(a) : 0, ny = k % 7 ? sin(a) : 1, range = 1 + k % 900;
        const int any = vz_sweep_on_image(&lo, &hi, w, h, x, y, nx, ny, range);
        for (double t = -range; t <= range; t += 0.5)
            if (on_image(x + t * nx, y + t * ny, w, h)) {
                assert_int_equal(any, 1);
                assert_true(t >= lo && t <= hi);
            }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_lines__dip_of_a_drawn_line),
        cmocka_unit_test(test_vision_lines__dip_matches_its_definition),
        cmocka_unit_test(test_vision_lines__sweep_cut_to_the_image),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
