/* The board's part of the photo found by its colour (vision/region.c, vz_board_region), and the
 * boards it lets the reader read: a board on a gingham cloth laid at the board's angle, whose
 * checks hold more line than the board. Boards of the bench's row "cloth at its angle", drawn by
 * the same renderer; a cloth alone, drawn here. */
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

/* Board k of size n of the bench's cloth row, or of its scene row (rooms, boxes and phones
 * beside the board) with `scene`, drawn from the bench's seeds from `base` (its default 1000, or
 * another base of --seeds), rendered: its JPEG, the position and the true outer corners. */
static void bench_board_from(uint8_t **jpeg, size_t *len, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE],
                             double corners[4][2], int n, int k, int scene, uint64_t base)
{
    const int si = n == 9 ? 0 : n == 13 ? 1 : 2;
    const uint64_t seed = base + (uint64_t)k * 7 + (uint64_t)si; /* as the bench */
    synth_params p;
    double density;
    if (scene)
        synth_bench_board_scene(&p, &density, n, seed, k);
    else
        synth_bench_board_cloth(&p, &density, n, seed, k);
    synth_legal_position(truth, n, density, seed);
    assert_int_equal(synth_render(jpeg, len, &p, truth, corners), 0);
}

static void bench_board(uint8_t **jpeg, size_t *len, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE],
                        double corners[4][2], int n, int k, int scene)
{
    bench_board_from(jpeg, len, truth, corners, n, k, scene, 1000);
}

static void cloth_board(uint8_t **jpeg, size_t *len, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE],
                        double corners[4][2], int n, int k)
{
    bench_board(jpeg, len, truth, corners, n, k, 0);
}

/* Reads boards k of size n of the cloth row point for point, the lattice's corners returned
 * within a third of a cell of the true ones (the photo's size kept through every reading). */
static void cloth_boards_read_right(const int (*boards)[2], int count)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    for (int b = 0; b < count; b++) {
        const int n = boards[b][0];
        uint8_t *jpeg = NULL;
        size_t len = 0;
        double corners[4][2];
        cloth_board(&jpeg, &len, truth, corners, n, boards[b][1]);
        char what[64];
        snprintf(what, sizeof what, "%dx%d board %d on a cloth", n, n, boards[b][1]);
        scan_reads_right(&r, jpeg, len, truth, n, what);
        assert_int_equal(r.image_width, 1000);
        assert_int_equal(r.image_height, 750);
        const double cell =
            hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) / (n - 1);
        assert_true(synth_corners_off(r.corners, corners) < cell / 3);
    }
}

/* The scene row's 9x9 board k from the seeds of base: the board's part by colour holds its four
 * corners, and the photo reads point for point. */
static void part_holds_board_read_right(int k, uint64_t base, const char *what)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    bench_board_from(&jpeg, &len, truth, corners, 9, k, 1, base);
    go_cv_image img = {0}, part = {0};
    assert_int_equal(go_cv_decode(&img, jpeg, len, 1), 0);
    int box[4];
    assert_int_equal(vz_board_region(&part, box, &img), 0);
    for (int c = 0; c < 4; c++) {
        assert_true(corners[c][0] > box[0] && corners[c][0] < box[0] + box[2]);
        assert_true(corners[c][1] > box[1] && corners[c][1] < box[1] + box[3]);
    }
    go_cv_image_free(&part);
    go_cv_image_free(&img);
    scan_reads_right(&r, jpeg, len, truth, 9, what);
}

/* Boards every look refused on the cloth: the 9x9 board 11 and the 13x13 board 0 (each look's
 * lattice a 19x19 over the cloth), and the 19x19 board 4 (its own lattice, refused for the
 * cloth's checks beyond its edge read as stones past it). In the part of the photo the wood
 * marks they read point for point. */
static void test_vision_region__boards_on_a_cloth_at_their_angle_read(void **state)
{
    (void)state;
    static const int boards[3][2] = {{9, 11}, {13, 0}, {19, 4}};
    cloth_boards_read_right(boards, 3);
}

/* The 9x9 board 10 of the row: the looks with the first grid's lines taken out settle on a
 * lattice a cell off that passes every check but the final one. Refused there, the part by
 * colour is read and its lattice passes. */
static void
test_vision_region__a_lattice_the_final_check_refuses_is_read_again_in_the_part(void **state)
{
    (void)state;
    static const int boards[1][2] = {{9, 10}};
    cloth_boards_read_right(boards, 1);
}

/* Boards a third of the photo or less, turned on a cloth at their angle: in their part as it is
 * the finder sees lines one way only, or too faint to check (its kernels and checks are
 * measured against the photo's size, and the part is a third of it); the part enlarged to the
 * work size reads point for point: the 9x9 boards 0 and 1 and the 13x13 board 3. */
static void test_vision_region__a_small_part_is_read_enlarged(void **state)
{
    (void)state;
    static const int boards[3][2] = {{9, 0}, {9, 1}, {13, 3}};
    cloth_boards_read_right(boards, 3);
}

/* A plain box beside the board (the scene row's 9x9 board 29: an orange box, a slate-grey
 * table) is more compact than the board's wood, whose hull the stones notch; but it is of one
 * colour through, and the board's part is the wood's, which holds the board: read point for
 * point. */
static void test_vision_region__a_plain_box_beside_the_board_is_not_its_part(void **state)
{
    (void)state;
    part_holds_board_read_right(29, 1000, "9x9 board 29 of the scene row");
}

/* The part found holds the whole board, and beyond the board the cloth is painted one plain
 * colour: the part's corners are of one colour, and no check of the cloth is left there. */
static void test_vision_region__the_part_holds_the_board_and_the_cloth_is_painted_out(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    cloth_board(&jpeg, &len, truth, corners, 9, 0);
    go_cv_image img = {0}, part = {0};
    assert_int_equal(go_cv_decode(&img, jpeg, len, 1), 0);
    free(jpeg);
    int box[4];
    assert_int_equal(vz_board_region(&part, box, &img), 0);
    assert_int_equal(part.width, box[2]);
    assert_int_equal(part.height, box[3]);
    for (int c = 0; c < 4; c++) {
        assert_true(corners[c][0] > box[0] && corners[c][0] < box[0] + box[2]);
        assert_true(corners[c][1] > box[1] && corners[c][1] < box[1] + box[3]);
    }
    /* a board filling half the photo's height: the part is no larger than the photo's middle */
    assert_true((double)box[2] * box[3] < 0.7 * img.width * img.height);
    const uint8_t *first = part.pixels;
    const size_t row = (size_t)part.width * 3;
    const uint8_t *at[3] = {part.pixels + row - 3, part.pixels + (part.height - 1) * row,
                            part.pixels + part.height * row - 3};
    for (int k = 0; k < 3; k++)
        assert_memory_equal(at[k], first, 3);
    go_cv_image_free(&part);
    go_cv_image_free(&img);
}

/* A 13x13 board on a red gingham cloth turned 45 degrees to it, bowls beside it (the scene
 * row's board 24 from the seeds of 700000): the cloth's squares, even in tone, pass for stones
 * on a 19x19 lattice judged as under a dim lamp, and that lattice passes every check on the
 * lines. A quarter of its points lie over half a cell beyond the photo's frame: refused for it,
 * the board's own lattice is found, and the board reads point for point at its size. */
static void test_vision_region__a_lattice_running_past_the_photo_is_refused(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    bench_board_from(&jpeg, &len, truth, corners, 13, 24, 1, 700000);
    scan_reads_right(&r, jpeg, len, truth, 13, "13x13 board 24 of the scene row, seeds 700000");
}

/* A 9x9 on a blue gingham cloth (the scene row's board 18 from the seeds of 700000): the lamp's
 * fall-off splits the wood into a light and a darker colour of one hue, and neither alone holds
 * the board; judged as one, they mark a part that holds the whole board, and the board reads
 * point for point there (every look at the whole photo settles on the cloth). */
static void test_vision_region__a_wood_split_by_the_light_is_one_part(void **state)
{
    (void)state;
    part_holds_board_read_right(18, 700000, "9x9 board 18 of the scene row, seeds 700000");
}

/* A gingham cloth alone, its checks of a board's cell, turned: no colour of it crowds into one
 * piece, so no part is found, and the photo is refused. */
static void test_vision_region__a_cloth_alone_is_no_board(void **state)
{
    (void)state;
    go_cv_image img = {0};
    assert_int_equal(go_cv_image_alloc(&img, 1000, 750, 3), 0);
    const double t = 0.3, check = 48;
    for (int y = 0; y < img.height; y++)
        for (int x = 0; x < img.width; x++) {
            const double u = x * cos(t) + y * sin(t), v = -x * sin(t) + y * cos(t);
            const int bands = ((long)floor(u / check) & 1) + ((long)floor(v / check) & 1);
            static const uint8_t tone[3][3] = {{232, 232, 232}, {146, 136, 216}, {60, 40, 200}};
            memcpy(img.pixels + ((size_t)y * img.width + x) * 3, tone[bands], 3);
        }
    go_cv_image part = {0};
    int box[4];
    assert_int_equal(vz_board_region(&part, box, &img), 1);
    uint8_t *jpeg = NULL;
    size_t len = 0;
    assert_int_equal(go_cv_encode_jpeg(&jpeg, &len, &img, 90), 0);
    go_cv_image_free(&img);
    static go_vision_result r;
    assert_int_equal(go_vision_scan(&r, jpeg, len, NULL), GO_ENOBOARD);
    free(jpeg);
}

/* A board at the photo's right beside a black-and-white gingham cloth, square to it (rendered
 * from seed as the bench's boards, rotated rot degrees, tilted tilt), its checks `share` of the
 * board's cell: the photo into *img, the true lattice into *truth and, into *cloth, a lattice of
 * the board's size over the cloth at its left whose points sit on the middles of the checks,
 * a check a cell: the lattice a fit to the stones settles on when the cloth's squares pass for
 * stones. */
static void render_beside_gingham(go_cv_image *img, vz_grid *truth, vz_grid *cloth, int n,
                                  uint64_t seed, double rot, double tilt, double share)
{
    static uint8_t position[GO_MAX_SIZE][GO_MAX_SIZE];
    synth_params p;
    double density, corners[4][2];
    synth_bench_board(&p, &density, n, seed);
    p.board_share = 0.35;
    p.board_at[0] = 1;
    p.board_at[1] = 0;
    p.rotate_deg = rot;
    p.tilt = tilt;
    p.cloth_check = share * p.board_share * p.height / (n + 0.4);
    p.cloth_turn = rot;
    for (int c = 0; c < 3; c++)
        p.cloth_bgr[c] = 40;
    synth_legal_position(position, n, density, seed);
    uint8_t *jpeg = NULL;
    size_t len = 0;
    assert_int_equal(synth_render(&jpeg, &len, &p, position, corners), 0);
    assert_int_equal(go_cv_decode(img, jpeg, len, 1), 0);
    free(jpeg);
    memset(truth, 0, sizeof *truth);
    assert_int_equal(vz_lattice_through(truth, corners, n, n - 1), 0);
    /* check (k, l)'s middle at ((k + 0.5) c, (l + 0.5) c) turned by the cloth's angle, from the
     * second check in from the photo's left, the lattice in the middle of the photo's height */
    const double t = p.cloth_turn * 3.14159265358979 / 180, c = p.cloth_check;
    const int l0 = (int)((p.height - (n + 1) * c) / 2 / c);
    double at[4][2];
    for (int q = 0; q < 4; q++) {
        const double u = (1.5 + (q == 1 || q == 2 ? n - 1 : 0)) * c,
                     v = (l0 + 0.5 + (q >= 2 ? n - 1 : 0)) * c;
        at[q][0] = u * cos(t) - v * sin(t);
        at[q][1] = u * sin(t) + v * cos(t);
    }
    memset(cloth, 0, sizeof *cloth);
    assert_int_equal(vz_lattice_through(cloth, at, n, n - 1), 0);
}

/* The cloth's lattice beside a 19x19 and a 9x9: judged as under a dim lamp it passes the check
 * of the lines, its squares read as stones sit on its points by far (the stones' gain), and the
 * lattice model passes it; its stones are refused as a cloth's squares, the true lattice's are
 * not. */
static void test_vision_region__a_gingham_squares_are_not_stones(void **state)
{
    (void)state;
    static go_vision_result r;
    static const struct {
        int n;
        uint64_t seed;
        double rot, tilt, share;
    } boards[2] = {{19, 770000, -6, 0, 0.7}, {9, 770007, 0, 0.15, 0.7}};
    for (int b = 0; b < 2; b++) {
        go_cv_image img = {0};
        vz_grid truth, cloth;
        render_beside_gingham(&img, &truth, &cloth, boards[b].n, boards[b].seed, boards[b].rot,
                              boards[b].tilt, boards[b].share);
        for (int c = 0; c < 4; c++) { /* the cloth's lattice lies in the photo, off the board */
            double x, y, bx, by;
            const int n = boards[b].n - 1;
            assert_int_equal(vz_apply(cloth.h, c == 1 || c == 2 ? n : 0, c >= 2 ? n : 0, &x, &y),
                             0);
            assert_int_equal(vz_apply(truth.h, 0, 0, &bx, &by), 0);
            assert_true(x >= 0 && y >= 0 && x < bx && y < img.height);
        }
        vz_grid g = cloth;
        g.dim = 1;
        assert_int_equal(vz_check_lattice(&g, &img), 0);
        memset(&r, 0, sizeof r);
        r.size = g.size;
        assert_int_equal(vz_classify(&r, &img, &g, 0, NULL), 0);
        double gain, ratio, rel;
        int count;
        assert_int_equal(vz_stones_on_points(&gain, &ratio, &rel, &count, &r, &g, &img, 0), 0);
        assert_true(count >= STONES_MIN && gain >= STONES_GAIN);
        assert_int_equal(vz_final_check(&g, &img), 0);
        assert_int_equal(vz_stones_like_cloth(&r, &g, &img), 1);
        memset(&r, 0, sizeof r);
        r.size = truth.size;
        assert_int_equal(vz_classify(&r, &img, &truth, 0, NULL), 0);
        assert_int_equal(vz_stones_like_cloth(&r, &truth, &img), 0);
        go_cv_image_free(&img);
    }
}

/* Sparse boards (5 to 17 stones) of the cloth row's make, seen from lower (the far edge 0.7 of
 * the near one, the depth squashed to 0.7): every look at the whole photo settles on the cloth
 * or refuses, and in the board's part too few stones sit on its lattice to judge it by them; the
 * lattice model reads its empty points as a board's points and half a cell off as none, and the
 * boards read point for point. */
static void test_vision_region__sparse_boards_seen_from_lower_read_in_their_part(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    static const int boards[3][2] = {{9, 0}, {13, 0}, {19, 1}};
    for (int b = 0; b < 3; b++) {
        const int n = boards[b][0], k = boards[b][1], si = n == 9 ? 0 : n == 13 ? 1 : 2;
        const uint64_t seed = 1000 + (uint64_t)k * 7 + (uint64_t)si;
        synth_params p;
        double density, corners[4][2];
        synth_bench_board_cloth(&p, &density, n, seed, k);
        p.tilt = 0.3;
        p.squash = 0.7;
        synth_legal_position(truth, n, 0.04 + 0.01 * k, seed);
        uint8_t *jpeg = NULL;
        size_t len = 0;
        assert_int_equal(synth_render(&jpeg, &len, &p, truth, corners), 0);
        int stones = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                stones += truth[y][x] != 0;
        assert_true(stones < STONES_MIN);
        char what[64];
        snprintf(what, sizeof what, "sparse %dx%d board on a cloth, seen from lower", n, n);
        scan_reads_right(&r, jpeg, len, truth, n, what);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_region__boards_on_a_cloth_at_their_angle_read),
        cmocka_unit_test(
            test_vision_region__a_lattice_the_final_check_refuses_is_read_again_in_the_part),
        cmocka_unit_test(test_vision_region__a_small_part_is_read_enlarged),
        cmocka_unit_test(test_vision_region__a_plain_box_beside_the_board_is_not_its_part),
        cmocka_unit_test(test_vision_region__the_part_holds_the_board_and_the_cloth_is_painted_out),
        cmocka_unit_test(test_vision_region__a_lattice_running_past_the_photo_is_refused),
        cmocka_unit_test(test_vision_region__a_wood_split_by_the_light_is_one_part),
        cmocka_unit_test(test_vision_region__a_cloth_alone_is_no_board),
        cmocka_unit_test(test_vision_region__a_gingham_squares_are_not_stones),
        cmocka_unit_test(test_vision_region__sparse_boards_seen_from_lower_read_in_their_part),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
