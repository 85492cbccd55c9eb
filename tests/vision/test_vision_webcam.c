/* Vision on webcam frames: a board rendered sharp, then given as a webcam gives it (640 px long,
 * blurred, JPEG 70; alter.c). Its printed lines are then about a pixel wide and the blur spreads
 * their dip, while the lattice found still sits on them: the board must read point for point. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cv_shim.h"
#include "go/vision.h"
#include "synth.h"
#include "synth_cases.h"
#include "testutil.h"

/* A 13x13 filling board_share of a 1280x720 photo's height, a little tilted and soft, with
 * stones at the given density, in a webcam frame, read point for point. */
static void webcam_13_reads_right(double board_share, double density, const char *what)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    synth_params p = {.width = 1280,
                      .height = 720,
                      .size = 13,
                      .tilt = 0.12,
                      .board_share = board_share,
                      .blur_sigma = 0.6,
                      .jpeg_quality = 92,
                      .seed = 1};
    synth_legal_position(truth, p.size, density, p.seed);
    uint8_t *frame = NULL;
    size_t frame_len = 0;
    double corners[4][2];
    assert_int_equal(synth_render_altered(&frame, &frame_len, &p, truth, corners,
                                          SYNTH_ALTER_WEBCAM, p.seed, NULL),
                     0);
    scan_reads_right(&r, frame, frame_len, truth, p.size, what);
}

/* A sparse 13x13 a third of the photo's height across, a little tilted and soft, in a webcam
 * frame: its cells about 9 px, its lines dipping under the floor asked of sharp lines (CHECKABLE)
 * with plain wood halfway between them. It was refused as too faint to check. */
static void test_vision_webcam__small_soft_lines_read(void **state)
{
    (void)state;
    webcam_13_reads_right(0.36, 0.08, "webcam frame");
}

/* The same a little smaller, a third of the frame's height with its margins: cells of 7-8 px,
 * over which the blur spreads each line's dip across a third of the cell. Two pixels of the
 * check's warp beside a line then lie within a pixel of it in the photo, where the line still
 * darkens the wood: its dip measured there is 3 to 5 grey levels, under what any lattice is judged
 * by; two of the photo's pixels beside it, 11 to 19. Its lattices were refused as too faint. */
static void test_vision_webcam__eight_pixel_cells_read(void **state)
{
    (void)state;
    webcam_13_reads_right(0.33, 0.15, "webcam frame, 8 px cells");
}

/* A crowded 19x19 under a green lamp, seen from lower (its depth squashed), in a webcam frame:
 * at the frame's 640 px its far lines are too thin and short for the finder, which proposes a
 * 13x13 or a lattice cells off, and every look's was refused; enlarged to the work size, the
 * first look's lattice fitted to the stones reads every point. */
static void test_vision_webcam__small_frame_crowd_read_enlarged(void **state)
{
    (void)state;
    static const double green[3] = {0.3, 1, 0.86}; /* synth_bench_board_lit's green lamp */
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    synth_params p;
    double density;
    synth_bench_board_low(&p, &density, 19, 2, 2);
    for (int c = 0; c < 3; c++)
        p.lamp_bgr[c] = green[c];
    synth_legal_position(truth, p.size, density, 2);
    uint8_t *frame = NULL;
    size_t frame_len = 0;
    double corners[4][2];
    assert_int_equal(
        synth_render_altered(&frame, &frame_len, &p, truth, corners, SYNTH_ALTER_WEBCAM, 2, NULL),
        0);
    scan_reads_right(&r, frame, frame_len, truth, p.size, "crowded 19x19 in a webcam frame");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_webcam__small_soft_lines_read),
        cmocka_unit_test(test_vision_webcam__eight_pixel_cells_read),
        cmocka_unit_test(test_vision_webcam__small_frame_crowd_read_enlarged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
