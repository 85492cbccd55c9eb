/* Vision on the bench's harder views, drawn by the same renderer: boards seen from lower over the
 * board than any photo here, boards small in the photo, stones put down by hurried hands,
 * stones casting their shadows under a low light, crowds under a saturated lamp and dim rooms.
 * Each board is one the bench's rows ("seen from low", "small in the photo", "hurried hands", or
 * its plain boards) read wrong or refused before a change, or by a change tried on the way; it
 * must read point for point. A suite of its own: these scans run the long ways (every look, the
 * part of the photo, the smaller scales), minutes under valgrind. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cv_shim.h"
#include "go/vision.h"
#include "synth.h"
#include "synth_cases.h"
#include "testutil.h"

/* Reads boards of one of the bench's rows (board: synth_bench_board_low or _small, or
 * plain_board; hurried: every stone put down off its point as on the row "hurried hands") point
 * for point. */
typedef void (*bench_board_fn)(synth_params *p, double *density, int size, uint64_t seed, int k);
static void plain_board(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    (void)k;
    synth_bench_board(p, density, size, seed);
}

/* The bench's board k of size n in its row drawn from seed base `base` (--seeds), its settings
 * into p and its position into truth, rendered into *jpeg (malloc'd). */
static void render_row_board(uint8_t **jpeg, size_t *len, synth_params *p,
                             uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], bench_board_fn board,
                             uint64_t base, int n, int k)
{
    const int si = n == 9 ? 0 : n == 13 ? 1 : 2;
    const uint64_t seed = base + (uint64_t)k * 7 + (uint64_t)si; /* as the bench */
    double density, corners[4][2];
    board(p, &density, n, seed, k);
    synth_legal_position(truth, n, density, seed);
    assert_int_equal(synth_render(jpeg, len, p, truth, corners), 0);
}

/* The bench's board k of size n, its row drawn from seed base `base`, is read at its own size
 * (nine points in ten right at least) or refused, never read at another size. */
static void row_board_never_at_another_size(bench_board_fn board, uint64_t base, int n, int k)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    synth_params p;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    render_row_board(&jpeg, &len, &p, truth, board, base, n, k);
    const int rc = go_vision_scan(&r, jpeg, len, NULL);
    free(jpeg);
    if (rc == 0) {
        if (r.size != n)
            fprintf(stderr, "%dx%d board %d read as a %dx%d\n", n, n, k, r.size, r.size);
        assert_int_equal(r.size, n);
        assert_true(synth_best_match(r.color, truth, n) * 10 >= 9 * n * n);
    } else {
        assert_int_equal(rc, GO_ENOBOARD);
    }
}

static void row_boards_read_right(bench_board_fn board, int hurried, const char *row,
                                  const int (*boards)[2], int count)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2];
    static go_vision_result r;
    for (int b = 0; b < count; b++) {
        const int n = boards[b][0], k = boards[b][1];
        const int si = n == 9 ? 0 : n == 13 ? 1 : 2;
        const uint64_t seed = 1000 + (uint64_t)k * 7 + (uint64_t)si; /* as the bench */
        synth_params p;
        double density;
        board(&p, &density, n, seed, k);
        synth_legal_position(truth, n, density, seed);
        if (hurried) { /* as the bench's row */
            synth_hurried_nudges(nudge, truth, n, synth_bench_hurried_spread(k), seed);
            p.nudge = (const double(*)[GO_MAX_SIZE][2])nudge;
        }
        uint8_t *jpeg = NULL;
        size_t len = 0;
        double corners[4][2];
        assert_int_equal(synth_render(&jpeg, &len, &p, truth, corners), 0);
        char what[96];
        snprintf(what, sizeof what, "%dx%d board %d %s", n, n, k, row);
        scan_reads_right(&r, jpeg, len, truth, n, what);
    }
}

/* Boards seen from lower over the board than any photo here (the bench's row "seen from low"):
 * a stone's body leans about half its height times the view's cotangent, 0.3 of a cell on
 * these. The lean found sat at the end of the 0.35 the checks followed, which they take
 * for a lattice off the stones: 9x9 boards 0 and 1 and 13x13 board 11 of the row were refused.
 * From a view this low the checks follow the lean to 0.45, and the three read point for point. */
static void test_vision_views__seen_from_low_stones_lean_further(void **state)
{
    (void)state;
    static const int boards[3][2] = {{9, 0}, {9, 1}, {13, 11}};
    row_boards_read_right(synth_bench_board_low, 0, "seen from low", boards, 3);
}

/* Seen from low through a long lens (from farther off), the cells shrink little toward the far
 * edge while the view squashes them: the checks took the lean's direction from the shrinking
 * alone and, under a tenth across the board, followed no lean at all, so the stones sat 0.3 of
 * a cell off their points and the lattices, right to a tenth of a pixel, were refused (9x9
 * board 4, 13x13 board 8 and 19x19 board 3 of the bench's row). */
static void test_vision_views__seen_from_low_without_perspective(void **state)
{
    (void)state;
    static const int boards[3][2] = {{9, 4}, {13, 8}, {19, 3}};
    row_boards_read_right(synth_bench_board_low, 0, "seen from low", boards, 3);
}

/* Seen from low, a cell's depth shrinks by the sine of the view's height: after the affine
 * rectification the cells were 1.65 times as long one way as the other (9x9 board 12 of the
 * bench's row), past the 1.6 the finder allowed, and it read the lines across the view at half
 * their spacing: a lattice over half the board, refused as too faint to check (this board, 13x13
 * board 0 and 19x19 board 11). From 35 degrees, the lowest view goref reads, cells are up to
 * 1.86 times as long; the three read point for point. */
static void test_vision_views__seen_from_low_cells_deeper_than_wide(void **state)
{
    (void)state;
    static const int boards[3][2] = {{9, 12}, {13, 0}, {19, 11}};
    row_boards_read_right(synth_bench_board_low, 0, "seen from low", boards, 3);
}

/* ... yet cells that long are as often a plain board read at twice the spacing across: the
 * first reading of the bench's 13x13 board 104 is a 9x9 at twice the spacing one way (1.86),
 * that of its 9x9 board 29 a 9x9 that runs past the board's lines (1.77). Taken as they stood,
 * both were refused; judged among the readings at the other spacings, both read point for point
 * as before. */
static void test_vision_views__long_cells_of_a_plain_board_are_judged_among_others(void **state)
{
    (void)state;
    static const int boards[2][2] = {{13, 104}, {9, 29}};
    row_boards_read_right(plain_board, 0, "plain", boards, 2);
}

/* Boards small in the photo (the bench's row "small in the photo", 0.35 to 0.5 of its shorter
 * side): the lines seen, the kernels and the checks are measured against the whole photo, and
 * every look at every scale refused these (two 19x19 boards: its lines too faint, or showing as
 * much between its lines as on them; a 13x13: the board's lines between its lines). Read in
 * the part of the photo the stones and lines fill, as a photo of its own, they read point for
 * point. */
static void test_vision_views__small_in_the_photo_read_in_its_part(void **state)
{
    (void)state;
    static const int boards[3][2] = {{19, 0}, {19, 6}, {13, 2}};
    row_boards_read_right(synth_bench_board_small, 0, "small in the photo", boards, 3);
}

/* A crowded 9x9 board small in the photo shows its lines only in short pieces between the
 * stones: in plain luminance 9 lines reached a tenth of the photo's longer side (board 56 of the
 * bench's row), and a look on them returned a grid over part of the board, 38 of 81 points
 * right, as read. With fewer than 20 such lines, lines from a sixteenth of it are taken, and the
 * board reads point for point. */
static void test_vision_views__small_board_lines_in_short_pieces(void **state)
{
    (void)state;
    static const int boards[1][2] = {{9, 56}};
    row_boards_read_right(synth_bench_board_small, 0, "small in the photo", boards, 1);
}

/* Stones put down by hurried hands (the bench's row "hurried hands": each stone off its point by
 * 0.06 to 0.16 cell each way, pressed against its neighbours). A white stone a fifth of a cell
 * off leaves the line bare beyond its rim on the far side, and the lines through its point showed
 * 0.35 to 0.7 of the typical dip: the veto took it for lit wood and read the point empty (9x9
 * board 14 read 78 of 81, 13x13 board 30 163 of 169, 19x19 board 7 356 of 361). The half of a
 * line under the stone shows nothing: the veto now keeps such a stone, marked off its point. */
static void test_vision_views__stones_put_down_by_hurried_hands(void **state)
{
    (void)state;
    static const int boards[3][2] = {{9, 14}, {13, 30}, {19, 7}};
    row_boards_read_right(plain_board, 1, "hurried hands", boards, 3);
}

/* A white stone put down off its point toward the board's edge lies over the edge line: the
 * margin beyond it is the stone, as light as its top. The veto kept it (half a line through its
 * point hidden), marked off its point, but the rule for light over the edge took the light beyond
 * for lit wood and read the point empty (9x9 board 42 of the bench's row 80 of 81, 13x13 board
 * 94 168 of 169, 19x19 board 39 360 of 361). A stone kept off its point is left to it now. */
static void test_vision_views__hurried_stone_over_the_edge_stays(void **state)
{
    (void)state;
    static const int boards[3][2] = {{9, 42}, {13, 94}, {19, 39}};
    row_boards_read_right(plain_board, 1, "hurried hands", boards, 3);
}

/* A lattice right at one side of the board and off the lines at the other passes the lattice's
 * check where the part on the lines shows them clearly; its empty points, on flat wood, show
 * none. 13x13 board 16 small in the photo was returned read 108 of 169 (rows 28 to 35 on its
 * first four lines, -6 to 8 on its last five), and 9x9 board 128 of the plain row, read on a
 * lattice beside the printed lines (the stones' leaning tops taken for the points), 80 of 81.
 * Refused as the lattice's fault, each is read by another look, point for point. */
/* Boards under a low light from one side (the bench's row "low light's shadows"): each stone's
 * shadow darkens the wood beside it to a black stone's share of the light, and the rule read it
 * black; the lines show through the shade, as through no stone. 9x9 board 15 (its shadows taking
 * 0.53 of the light) and 13x13 board 86 were read silently wrong (64 of 81, 150 of 169), and 13x13
 * board 75 had five white stones read black by the clusters, which took the shade for the board. */
static void test_vision_views__shade_with_the_lines_through_is_wood(void **state)
{
    (void)state;
    static const int boards[3][2] = {{9, 15}, {13, 86}, {13, 75}};
    row_boards_read_right(synth_bench_board_shadowed, 0, "low light's shadows", boards, 3);
}

/* Under a low light from one side, the shadows of two stones side by side fall on the points
 * beyond them and leave a strip of lit wood between: halfway between two clear points, a lattice
 * on the lines sees a ridge brighter than beside, as a lattice among the stones does. 19x19
 * boards 18 and 29 of the bench's row were refused for it by every look (their true corners show
 * the ridge too); the stones confirm these lattices, and they read point for point. */
static void test_vision_views__lit_wood_between_two_shadows_is_no_ridge(void **state)
{
    (void)state;
    static const int boards[2][2] = {{19, 18}, {19, 29}};
    row_boards_read_right(synth_bench_board_shadowed, 0, "low light's shadows", boards, 2);
}

/* A shadow takes as much of the lines' dip as of the wood's light: where a shadow leaves the wood
 * 40 to 50% of the board's lightness, the lines show through it at about that share of their
 * typical dip, under the share asked of a black stone lit as the board. 13x13 board 9 of the
 * bench's row read six shadows black (163 of 169). Judged against their own lightness, the two
 * inside the board are wood; the lighter black points left then stand apart from the stones
 * (blacks_apart), and the four on the edge are read empty too, marked for a look. */
static void test_vision_views__lines_through_shade_dim_with_it(void **state)
{
    (void)state;
    static const int boards[1][2] = {{13, 9}};
    row_boards_read_right(synth_bench_board_shadowed, 0, "low light's shadows", boards, 1);
}

/* ... and on the board's edge, where the veto judged a point read black only from 40% of the
 * board's lightness: shadows there at 35 to 40% stayed black, each sure. 9x9 board 86 of the
 * bench's row read three such shadows black (78 of 81), 19x19 board 31 five (356 of 361); judged
 * from 35% with the shade's own share, both read point for point. */
static void test_vision_views__shade_on_the_edge_is_wood(void **state)
{
    (void)state;
    static const int boards[2][2] = {{9, 86}, {19, 31}};
    row_boards_read_right(synth_bench_board_shadowed, 0, "low light's shadows", boards, 2);
}

/* Crowded boards under a saturated blue or violet lamp with pale lines (the bench's row "blue
 * lamp, pale lines"): in the lamp's gray the stones are four times as even on the points as half a
 * cell off, but the crowd leaves fewer clear points than the check asks and its crevices darken
 * the halfway lines more than the pale lines show. 13x13 boards 1 and 2 and 9x9 board 5 were
 * refused as too faint on their right lattices; settled by the stones, they read point for
 * point. */
static void test_vision_views__crowd_under_a_blue_lamp_settled_by_the_stones(void **state)
{
    (void)state;
    static const int boards[3][2] = {{13, 1}, {13, 2}, {9, 5}};
    row_boards_read_right(synth_bench_board_blue, 0, "blue lamp, pale lines", boards, 3);
}

/* A 9x9 in a dim room (the bench's row "other rooms and makes", board 31: the light at a third to
 * a half, the camera's noise grown): the noise on the dark table passes for lines, every look took
 * a 19x19 over the table around the board and refused it as too faint; fitted as a 9x9 its lattice
 * passes, and its stones sit on the points by a ratio of 3.3 (a gain of only 9.5 grey levels). */
static void test_vision_views__dim_room_9x9_at_its_own_size(void **state)
{
    (void)state;
    static const int boards[1][2] = {{9, 31}};
    row_boards_read_right(synth_bench_board_scene, 0, "other rooms and makes", boards, 1);
}

static void test_vision_views__empty_points_off_the_lines_refuse_the_lattice(void **state)
{
    (void)state;
    static const int small[1][2] = {{13, 16}}, plain[1][2] = {{9, 128}};
    row_boards_read_right(synth_bench_board_small, 0, "small in the photo", small, 1);
    row_boards_read_right(plain_board, 0, "plain", plain, 1);
}

/* A 9x9 board a little over half the height of a wide (16:9) frame, its far edge 0.56 narrower
 * than its near one and its depth squashed to 0.6, photographed again from lower (alter.c): read
 * in the part of the photo it fills, the vanishing line of its lines lies 1.2 of that part's half
 * side from its centre, as from a view of 35 degrees through a phone's lens, and must not be
 * taken for an impossible view. The board reads point for point. */
static void test_vision_views__steep_view_of_a_board_in_a_wide_frame(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    const int n = 9;
    const uint64_t seed = 1000 + 8 * 7; /* as the bench's board 8 */
    synth_params p;
    double density;
    synth_bench_board(&p, &density, n, seed);
    p.width = 1000;
    p.height = 563;
    p.board_share = 0.57;
    p.tilt = 0.56;
    p.squash = 0.6;
    synth_legal_position(truth, n, 0.1, seed);
    uint8_t *low = NULL;
    size_t low_len = 0;
    double corners[4][2];
    assert_int_equal(
        synth_render_altered(&low, &low_len, &p, truth, corners, SYNTH_ALTER_LOW, seed, NULL), 0);
    scan_reads_right(&r, low, low_len, truth, n, "9x9 board in a wide frame seen from low");
}

/* Seen from 38 degrees by a camera a board's side or so off (the bench's row "seen from 35-50
 * deg", 13x13 board 2 at seeds 600000: sparse, the far rows squashed to a third of the near
 * ones' depth): a 9x9 lattice over part of the board passed every check by the lines and the
 * stones, and the learned check then doubted 47 of its 81 points. A steep view is read at its
 * own size or refused, never read at another. */
static void test_vision_views__steep_view_never_read_at_another_size(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    const int n = 13, k = 2;
    const uint64_t seed = 600000 + (uint64_t)k * 7 + 1; /* as the bench at --seeds 600000 */
    synth_params p;
    double density;
    synth_bench_board_steep(&p, &density, n, seed, k);
    synth_legal_position(truth, n, density, seed);
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    assert_int_equal(synth_render(&jpeg, &len, &p, truth, corners), 0);
    const int rc = go_vision_scan(&r, jpeg, len, NULL);
    free(jpeg);
    if (rc == 0) {
        assert_int_equal(r.size, n);
        assert_true(synth_best_match(r.color, truth, n) * 10 >= 9 * n * n);
    } else {
        assert_int_equal(rc, GO_ENOBOARD);
    }
}

/* Boards drawn for this test, 9x9 and 13x13, crowded, seen from 35 to 41 degrees by a phone held
 * a board's side or a little more from the board's middle while the board fills 0.8 of the frame
 * (the pinhole view synth_bench_board_steep draws, through a wider angle than a phone's main lens
 * spans across the whole frame): the far edge about half as wide as the near one, the far
 * family's vanishing point nearer the photo's centre than the usual looks take, or the horizon.
 * The usual looks take a wrong consensus of lines or refuse the view; the steep looks take it,
 * and each board reads point for point. */
static void test_vision_views__steep_view_from_close(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    /* size, view (degrees above the table), the camera's distance from the board's middle (board
     * sides) */
    static const double boards[][3] = {{9, 35, 1.2}, {9, 37, 1.1}, {9, 39, 1.1}, {13, 41, 1.0}};
    const double aspect = 2.35 / 2.2; /* the renderer's line spacing down over across */
    const uint64_t seed = 5167;
    for (size_t b = 0; b < sizeof boards / sizeof *boards; b++) {
        const int n = (int)boards[b][0];
        const double view = boards[b][1] * 3.14159265358979 / 180, dist = boards[b][2],
                     half = 0.5 * aspect * cos(view);
        synth_params p;
        double density;
        synth_bench_board(&p, &density, n, seed);
        /* as synth_bench_board_steep: the trapezoid of the view, the stones' lean */
        p.tilt = 2 * half / (dist + half);
        p.squash = sin(view) * dist / (dist + half) / (1 - p.tilt / 4);
        p.lean = 0.2 * cos(view) / sin(view);
        synth_legal_position(truth, n, 0.6, seed);
        uint8_t *jpeg = NULL;
        size_t len = 0;
        double corners[4][2];
        assert_int_equal(synth_render(&jpeg, &len, &p, truth, corners), 0);
        char what[80];
        snprintf(what, sizeof what, "%dx%d seen from %.0f degrees, %.1f sides away", n, n,
                 boards[b][1], dist);
        scan_reads_right(&r, jpeg, len, truth, n, what);
    }
}

/* A crowded 19x19 under a saturated blue lamp, its lines pale (the bench's row "blue lamp, pale
 * lines", board 8 at seeds 600000): a 13x13 lattice over part of it passed every check and was
 * read with 7 of its 169 points marked. The line of points beyond one of its ends holds half its
 * typical line in stone, 1.46 a point, with 0.78 as much on its own edge line beside it: the
 * board goes on there, and the lattice is refused. The board is read as a 19x19 or refused. */
static void test_vision_views__crowd_under_a_blue_lamp_not_read_smaller(void **state)
{
    (void)state;
    row_board_never_at_another_size(synth_bench_board_blue, 600000, 19, 8);
}

/* Seen from 35-50 degrees (the bench's row "seen from 35-50 deg", sparse 9x9 board 5 at seeds
 * 500000): at the far end the edge stones' tops lean over the line of points beyond, 0.7 of the
 * typical line, but a seventh of the edge line's own stone; that is no board going on past the
 * end, and the board reads point for point. */
static void test_vision_views__steep_view_edge_stones_lean_over_the_line_beyond(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    synth_params p;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    render_row_board(&jpeg, &len, &p, truth, synth_bench_board_steep, 500000, 9, 5);
    scan_reads_right(&r, jpeg, len, truth, 9, "steep 9x9 board 5");
}

/* A crowded board drawn for this test under a low light from one side, each stone's shadow
 * reaching most of a cell beyond it (direction `angle` in degrees on the board, darkness dark):
 * size n, position from seed, its settings into p and its position into truth. */
static void long_shadows_board(synth_params *p, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int n,
                               uint64_t seed, double angle, double dark)
{
    synth_params q = {.width = 1000, .height = 750, .size = n, .jpeg_quality = 85, .seed = seed};
    q.rotate_deg = 6;
    q.tilt = 0.1;
    q.gradient = 0.1;
    q.blur_sigma = 0.6;
    q.noise = 3;
    q.stone_radius = 0.51;
    q.lean = 0.07;
    q.shadow[0] = 0.95 * cos(angle * 3.14159265358979 / 180);
    q.shadow[1] = 0.95 * sin(angle * 3.14159265358979 / 180);
    q.shadow_dark = dark;
    *p = q;
    synth_legal_position(truth, n, 0.85, seed);
}

/* Under a low light from one side each stone's shadow falls across the wood halfway to the next
 * point, and the crevices between touching stones lie in it: on a crowded board whose shadows
 * run along one family of lines, the halfway lines across them show as much as the printed lines
 * or more, and few points are clear enough to judge the wood between. The stones confirm the true
 * lattices of these boards (two 9x9, two 13x13, the light from each side in turn) by far in both
 * families; they settle the phase, and the lattices pass the check, while the same lattices
 * moved half a cell along both families, onto the crevices and shadows, are refused. */
static void test_vision_views__long_shadows_settled_by_the_stones(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static const struct {
        int n;
        uint64_t seed;
        double angle;
    } boards[] = {{9, 11, 0}, {9, 13, 180}, {13, 16, 90}, {13, 18, 270}};
    for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++) {
        synth_params p;
        go_cv_image img = {0};
        vz_grid g = {0};
        long_shadows_board(&p, truth, boards[k].n, boards[k].seed, boards[k].angle, 0.6);
        render_true_lattice(&img, &g, &p, truth, NULL);
        int stones[2] = {0, 0};
        assert_int_equal(vz_phase_confirms(stones, &g, &img), 0);
        assert_int_equal(stones[0], 2); /* confirmed by far: the case the stones settle */
        assert_int_equal(stones[1], 2);
        const int rc = vz_check_lattice(&g, &img);
        if (rc != 0)
            fprintf(stderr, "%dx%d, light from %.0f deg: %s\n", boards[k].n, boards[k].n,
                    boards[k].angle, go_error_last());
        assert_int_equal(rc, 0);
        vz_grid half = g;
        vz_lattice_move(half.h, g.h, 0.5, 0.5);
        assert_int_equal(vz_check_lattice(&half, &img), GO_ENOBOARD);
        go_cv_image_free(&img);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_views__seen_from_low_stones_lean_further),
        cmocka_unit_test(test_vision_views__seen_from_low_without_perspective),
        cmocka_unit_test(test_vision_views__seen_from_low_cells_deeper_than_wide),
        cmocka_unit_test(test_vision_views__steep_view_of_a_board_in_a_wide_frame),
        cmocka_unit_test(test_vision_views__steep_view_never_read_at_another_size),
        cmocka_unit_test(test_vision_views__long_cells_of_a_plain_board_are_judged_among_others),
        cmocka_unit_test(test_vision_views__small_in_the_photo_read_in_its_part),
        cmocka_unit_test(test_vision_views__small_board_lines_in_short_pieces),
        cmocka_unit_test(test_vision_views__stones_put_down_by_hurried_hands),
        cmocka_unit_test(test_vision_views__hurried_stone_over_the_edge_stays),
        cmocka_unit_test(test_vision_views__shade_with_the_lines_through_is_wood),
        cmocka_unit_test(test_vision_views__long_shadows_settled_by_the_stones),
        cmocka_unit_test(test_vision_views__lit_wood_between_two_shadows_is_no_ridge),
        cmocka_unit_test(test_vision_views__lines_through_shade_dim_with_it),
        cmocka_unit_test(test_vision_views__shade_on_the_edge_is_wood),
        cmocka_unit_test(test_vision_views__empty_points_off_the_lines_refuse_the_lattice),
        cmocka_unit_test(test_vision_views__crowd_under_a_blue_lamp_settled_by_the_stones),
        cmocka_unit_test(test_vision_views__dim_room_9x9_at_its_own_size),
        cmocka_unit_test(test_vision_views__crowd_under_a_blue_lamp_not_read_smaller),
        cmocka_unit_test(test_vision_views__steep_view_edge_stones_lean_over_the_line_beyond),
        cmocka_unit_test(test_vision_views__steep_view_from_close),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
