/* Regression over the real photos of ../shared/data/photos (slow): every photo is read or
 * refused without a crash, and the accuracy measured by bench_vision does not fall below
 * what goref reaches today, nor the silently wrong readings rise above today's count. These floors
 * are the CURRENT level: at or over goref's bars in points (99.5%) and in photos perfect
 * (90%, 125 of 138); see `make bench-vision` for the table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "go/vision.h"
#include "synth.h"
#include "testutil.h"
#include "vision_int.h"

/* The level the photos read at: 99.82% of points (refusals count as wrong), 125 of 138 photos
 * perfect, none refused, no reading silently wrong (a wrong size or under 90% of the points
 * right, returned as a success). The ceiling on silent readings also holds the refusal of
 * readings with more than 15% of their points unsure and the colour balance: without them the
 * green-stone photos read about 43% right each and are returned. What each photo depends on is
 * told by the cases below and in vision/README.md. */
#define FLOOR_POINTS_PERMILLE 997
#define FLOOR_PERFECT 125
#define CEILING_SILENT 0

static void test_vision_photos__accuracy_floor(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    char *manifest = NULL;
    size_t mlen = 0;
    if (tu_read_file(tu_data_path("photos/MANIFEST.tsv"), &manifest, &mlen) != 0)
        TU_SKIP("no photos/MANIFEST.tsv");
    long correct = 0, total = 0;
    int photos = 0, perfect = 0, refused = 0, silent = 0;
    char *line = strchr(manifest, '\n');
    while (line && line[1]) {
        line++;
        char *next = strchr(line, '\n');
        if (next)
            *next = 0;
        char *f[3] = {line, NULL, NULL};
        for (int k = 1; k < 3; k++) {
            char *tab = strchr(f[k - 1], '\t');
            assert_non_null(tab);
            *tab = 0;
            f[k] = tab + 1;
        }
        char *tab = strchr(f[2], '\t');
        if (tab)
            *tab = 0;
        char ip[1024], bp[1024];
        snprintf(ip, sizeof ip, "photos/%s", f[1]);
        snprintf(bp, sizeof bp, "photos/%s", f[2]);
        char *label = NULL;
        size_t llen = 0;
        static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
        int n = 0;
        assert_int_equal(tu_read_file(tu_data_path(bp), &label, &llen), 0);
        assert_int_equal(go_board_text_points(truth, &n, label, llen), 0);
        free(label);
        static go_vision_result r;
        int rc = go_vision_scan_file(&r, tu_data_path(ip), NULL);
        /* a refusal must be a refusal with a reason, never another kind of failure */
        if (rc != 0) {
            assert_int_equal(rc, GO_ENOBOARD);
            assert_true(strlen(go_error_last()) > 0);
            refused++;
        } else if (r.size == n) {
            int ok = go_vision_match(&r, truth, n, NULL);
            correct += ok;
            perfect += ok == n * n;
            silent += ok * 10 < 9 * n * n;
        } else {
            silent++;
        }
        total += n * n;
        photos++;
        line = next;
    }
    free(manifest);
    printf("vision photos: %d photos, %.2f%% points, %d perfect, %d refused, %d silently "
           "wrong\n",
           photos, 100.0 * correct / total, perfect, refused, silent);
    assert_true(photos >= 100);
    assert_true(correct * 1000 >= FLOOR_POINTS_PERMILLE * total);
    assert_true(perfect >= FLOOR_PERFECT);
    assert_true(silent <= CEILING_SILENT);
}

/* Green-tinted stones (the goban-watcher game2 series) with the grid's corners placed by a
 * person, as a teacher does in the web page when the grid is not found: the pale stones are
 * darker than the wood, and the reading by the points' own clusters reads the board (345 of
 * 361 on 2026-11-30, 342 before its points settled onto their stones; the fixed rule refused
 * it, 142 black and 48 white read). Corners measured by eye on the photo, to about a third
 * of a cell. */
/* The grid corners of 2_jwerth_greenstones_2 placed by hand, in the photo's pixels. */
static const double GREEN_CORNERS[4][2] = {{125.5, 72.5}, {627.5, 54.3}, {735, 578}, {27, 598}};

/* The photo's path (base with its image extension) into ip and its true position (base.board)
 * into truth and *n; -1 when the label cannot be read. */
static int load_truth(char *ip, size_t ipsize, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int *n,
                      const char *base)
{
    char bp[512];
    /* the image beside the label, under the extension it was published with */
    static const char *const exts[] = {".jpg", ".JPEG", ".jpeg", ".png"};
    for (size_t k = 0; k < sizeof exts / sizeof *exts; k++) {
        snprintf(ip, ipsize, "%s%s", base, exts[k]);
        if (access(tu_data_path(ip), R_OK) == 0)
            break;
    }
    snprintf(bp, sizeof bp, "%s.board", base);
    char *label = NULL;
    size_t llen = 0;
    if (tu_read_file(tu_data_path(bp), &label, &llen) != 0)
        return -1;
    assert_int_equal(go_board_text_points(truth, n, label, llen), 0);
    free(label);
    return 0;
}

/* Scans the photo base (under the data folder; skipped when missing), which must be read, into
 * r, its label into truth and *n and the symmetry it matches under into *sym; returns the points
 * read right. */
static int read_photo(const char *base, go_vision_result *r,
                      uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int *n, int *sym)
{
    char ip[512];
    if (load_truth(ip, sizeof ip, truth, n, base) != 0)
        TU_SKIP("no %s", base);
    int rc = go_vision_scan_file(r, tu_data_path(ip), NULL);
    if (rc != 0)
        fprintf(stderr, "%s refused: %s\n", base, go_error_last());
    assert_int_equal(rc, 0);
    assert_int_equal(r->size, *n);
    int ok = go_vision_match(r, truth, *n, sym);
    printf("%s: %d of %d points\n", base, ok, *n * *n);
    return ok;
}

/* read_photo's points read right, and their number in *total. */
static int photo_points(const char *base, int *total)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    int n = 0, ok = read_photo(base, &r, truth, &n, NULL);
    *total = n * n;
    return ok;
}

/* Each photo of bases (under the data folder; the test skips when the data is missing) reads
 * every point right. */
static void read_right(const char *const *bases, size_t count)
{
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    for (size_t k = 0; k < count; k++) {
        int total, ok = photo_points(bases[k], &total);
        assert_int_equal(ok, total);
    }
}

/* Whether point (x, y) of reading r is among those listed for a person's look. */
static int marked_for_a_look(const go_vision_result *r, int x, int y)
{
    for (int k = 0; k < r->uncertain_count; k++)
        if (r->uncertain[k] == go_point_at(x, y))
            return 1;
    return 0;
}

static void test_vision_photos__green_stones_with_corners_placed(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    const char *base = "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_2";
    char ip[512];
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    int n = 0;
    if (load_truth(ip, sizeof ip, truth, &n, base) != 0)
        TU_SKIP("no %s", base);
    go_vision_options opt = GO_VISION_OPTIONS_INIT;
    opt.size = 19;
    opt.have_corners = 1;
    memcpy(opt.corners, GREEN_CORNERS, sizeof GREEN_CORNERS);
    static go_vision_result r;
    int rc = go_vision_scan_file(&r, tu_data_path(ip), &opt);
    if (rc != 0)
        fprintf(stderr, "refused: %s\n", go_error_last());
    assert_int_equal(rc, 0);
    int ok = go_vision_match(&r, truth, n, NULL);
    printf("green stones, corners placed: %d of %d points\n", ok, n * n);
    assert_true(ok >= 345);
}

/* The green-stone photos read without help: the lines lead the finder onto the crevices
 * between the leaning stones, off in perspective and scale (refused by the check), and the
 * stones refit the lattice neighbourhood by neighbourhood (vz_stones_fit). Under white light
 * the fixed rule reads it with 83 points unsure, and under a green lamp 35 stones in groups
 * without liberty: the clusters read both (358 and 356 of 361 on 2026-11-30). Stones near the
 * board's edges lie up to a quarter of a cell off that lattice; since each point's square
 * settles onto the stone beside it (vision/classify.c), both read 360. The last point holds a
 * pale stone left 0.45 cell off it, toward the next point: read as a stone off its point, both
 * read every point. */
static void test_vision_photos__green_stones_found_by_the_stones(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    const char *bases[2] = {"photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_2",
                            "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_green_2"};
    for (int k = 0; k < 2; k++) {
        int total;
        const int ok = photo_points(bases[k], &total);
        assert_int_equal(ok, total);
    }
}

/* Pale stones the fixed rule reads as wood hide the lines through their points as domes do, which
 * tells them from wood off the lattice's lines (flat): the reading is refused as the lattice's
 * fault only then, and read again by the clusters here. 2_jwerth_greenstones_green_1's first
 * reading has 14 points read empty dipping -6.9 across the lines (lines 7.4 and 9.3); by the
 * clusters it reads every point. 2_jwerth_greenstones_violet_1's, 98 points at -6.0 (lines 4.6
 * and 8.5): by the clusters it reads 341 of 361, as before the lattice was asked of the empty
 * points. */
static void test_vision_photos__pale_stones_read_as_wood_read_again(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    int total;
    const int green =
        photo_points("photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_green_1", &total);
    assert_int_equal(green, total);
    const int violet =
        photo_points("photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_violet_1", &total);
    assert_true(violet >= 341);
}

/* Pale stones the reading takes for wood, whose lines they hide as domes do, are marked for a
 * person's look (classify.c, mark_hidden_empties): under a pink lamp, 2_jwerth_greenstones_pink_1
 * reads 11 stones in its lit corner as empty, and none of them was marked; now 9 are, and no point
 * read right. */
static void test_vision_photos__pale_stones_read_as_wood_are_marked(void **state)
{
    (void)state;
    char ip[512];
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    int n = 0, sym = 0;
    if (!tu_have_data() ||
        load_truth(ip, sizeof ip, truth, &n,
                   "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_pink_1") != 0)
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    assert_int_equal(go_vision_scan_file(&r, tu_data_path(ip), NULL), 0);
    assert_int_equal(r.size, n);
    go_vision_match(&r, truth, n, &sym);
    int missed = 0, marked = 0, marked_right = 0;
    for (int k = 0; k < r.uncertain_count; k++) {
        const int x = go_point_x(r.uncertain[k]), y = go_point_y(r.uncertain[k]);
        int tx, ty;
        go_vision_symmetry(sym, n, x, y, &tx, &ty);
        if (r.color[y][x] == GO_EMPTY && truth[ty][tx] != GO_EMPTY)
            marked++;
        else if (r.color[y][x] == truth[ty][tx])
            marked_right++;
    }
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int tx, ty;
            go_vision_symmetry(sym, n, x, y, &tx, &ty);
            missed += r.color[y][x] == GO_EMPTY && truth[ty][tx] != GO_EMPTY;
        }
    printf("pink_1: %d stones read empty, %d of them marked; %d marks on points read right\n",
           missed, marked, marked_right);
    assert_true(marked * 4 >= missed * 3);
    assert_true(marked_right <= 2);
}

/* Smolendawid's Gomrade 11 under a low light: each stone casts a long shadow on the wood, and the
 * rule read 10 of them as black stones (lightness 34 to 56% of the board's, lines showing at 0.05
 * to 0.42 of their typical dip, as on a black stone they may). Its 6 black stones are at 0 to 12%:
 * the points read black fall apart in lightness (classify.c, blacks_apart), and the lighter group,
 * showing the lines, is read empty and marked for a look. Every point reads right, the 10 marked.
 */
static void test_vision_photos__shadows_apart_from_the_black_stones(void **state)
{
    (void)state;
    char ip[512];
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    int n = 0;
    if (!tu_have_data() ||
        load_truth(ip, sizeof ip, truth, &n, "photos/smolendawid__Gomrade/1/11") != 0)
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    assert_int_equal(go_vision_scan_file(&r, tu_data_path(ip), NULL), 0);
    assert_int_equal(r.size, n);
    int sym = 0;
    assert_int_equal(go_vision_match(&r, truth, n, &sym), n * n);
    int marked_empty = 0;
    for (int k = 0; k < r.uncertain_count; k++)
        marked_empty += r.color[go_point_y(r.uncertain[k])][go_point_x(r.uncertain[k])] == GO_EMPTY;
    assert_true(marked_empty >= 10);
}

/* A crowded board under a cyan lamp: the printed lines show only between the stones, too
 * faint on the median to check a lattice by (4.1 to 5.2), but the stones confirm the lattice
 * fitted to them and the points clear of stones show plain wood halfway (vision/lattice.c);
 * the clusters then find the board by its lines, not by the colour of the crevices the
 * board's model was first fitted to, and fit the model again to the empty points
 * (vision/classify.c). Both photos were refused; with the clusters the other way round they
 * read 136 and 135 of 361. The pale stones on the lamp's side, as light as the wood there,
 * still read empty. */
static void test_vision_photos__crowded_board_under_a_cyan_lamp(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    static const char *const bases[] = {
        "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_cyan_1",
        "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_cyan_2"};
    for (size_t k = 0; k < sizeof bases / sizeof *bases; k++) {
        int total, ok = photo_points(bases[k], &total);
        assert_true(ok >= 340);
    }
}

/* A lattice one line off, moved back onto the board's lines: 3_jwerth_blue_1, a sparse 19x19
 * seen steeply under a blue lamp, was found with its columns one line toward the far side
 * (the board's line beyond one end, nothing under the lattice's last column) and refused by
 * every look. The check now moves such a lattice a line back and checks it again; the photo
 * reads point for point. 3_jwerth_green_2, blurred by the camera's motion, was refused: its
 * lattices fitted to the stones sat a line off in both families, its lines too faint to judge
 * them by but not to tell which way they were off. Moved a line along both, the right lattice
 * is judged (the stones confirm it) and the photo reads point for point. */
static void test_vision_photos__lattice_a_line_off_is_moved_back(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    int total;
    int ok = photo_points("photos/romangoempire__goban-watcher/3/3_jwerth_blue_1", &total);
    assert_int_equal(ok, total);
    ok = photo_points("photos/romangoempire__goban-watcher/3/3_jwerth_green_2", &total);
    assert_int_equal(ok, total);
}

/* Lines too faint in luminance, judged in the gray weighted by the lamp's colour with the
 * stones' word: 3_jwerth_cyan_2 and 3_jwerth_pink_1 (sparse 19x19 boards under a cyan and a
 * pink lamp) were refused by every look, their lines too faint to check. cyan_2 reads at the
 * third scale, where the lines' veto, judging from a typical dip of 2.6, had taken 20 black
 * stones off; it no longer judges from lines that faint. pink_1 keeps six wrong points, glare
 * on its lit edge read white. */
static void test_vision_photos__faint_lines_judged_in_the_lamps_gray(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    int total;
    int ok = photo_points("photos/romangoempire__goban-watcher/3/3_jwerth_cyan_2", &total);
    assert_int_equal(ok, total);
    ok = photo_points("photos/romangoempire__goban-watcher/3/3_jwerth_pink_1", &total);
    assert_true(ok >= total - 6);
}

/* Scans the photo base turned by quarter_turns quarter turns clockwise, resized to a longer side
 * of long_side pixels when long_side > 0 (as bench_vision's --sizes: area averaging down,
 * bilinear up), and saved again (OpenCV, JPEG quality 92, in memory), as a phone that drops the
 * orientation tag or a photo shared on gives it. It must be read right but for at most `slack`
 * points, or refused: never a wrong board returned. With must_read, a refusal fails too.
 * scan_variant makes the copy and reads it (its label into truth, n; the photo's size as
 * decoded into width, height), returning go_vision_scan's code. */
/* The photo at base decoded whole into img, its label into truth, n (skipped when missing). */
static void decode_photo(go_cv_image *img, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int *n,
                         const char *base)
{
    char ip[512];
    if (load_truth(ip, sizeof ip, truth, n, base) != 0)
        TU_SKIP("no %s", base);
    char *data = NULL;
    size_t len = 0;
    assert_int_equal(tu_read_file(tu_data_path(ip), &data, &len), 0);
    assert_int_equal(go_cv_decode(img, data, len, 1), 0);
    free(data);
}

static int scan_variant(go_vision_result *r, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int *n,
                        int *width, int *height, const char *base, int quarter_turns, int long_side)
{
    go_cv_image img = {0};
    decode_photo(&img, truth, n, base);
    uint8_t *jpeg = NULL;
    size_t jlen = 0;
    assert_int_equal(synth_photo_variant(&jpeg, &jlen, &img, quarter_turns, long_side, 92), 0);
    if (long_side == 0) { /* turned, not resized: the sides swap with a quarter turn */
        go_image_format fmt;
        int tw, th;
        assert_int_equal(go_vision_probe(&fmt, &tw, &th, jpeg, jlen), 0);
        assert_int_equal(tw, quarter_turns % 2 ? img.height : img.width);
    }
    *width = img.width;
    *height = img.height;
    go_cv_image_free(&img);
    const int rc = go_vision_scan(r, jpeg, jlen, NULL);
    free(jpeg);
    return rc;
}

static void variant_photo(const char *base, int quarter_turns, int long_side, int slack,
                          int must_read)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    int n = 0, w, h;
    const int rc = scan_variant(&r, truth, &n, &w, &h, base, quarter_turns, long_side);
    if (rc != 0) {
        fprintf(stderr, "%s turned %d degrees, long side %d: refused: %s\n", base,
                90 * quarter_turns, long_side, go_error_last());
        assert_int_equal(rc, GO_ENOBOARD);
        assert_false(must_read);
        return;
    }
    int ok = r.size == n ? go_vision_match(&r, truth, n, NULL) : 0;
    printf("%s turned %d degrees, long side %d: size %d, %d of %d points\n", base,
           90 * quarter_turns, long_side, r.size, ok, n * n);
    assert_int_equal(r.size, n);
    assert_true(ok >= n * n - slack);
}

static void turned_photo(const char *base, int quarter_turns, int slack, int must_read)
{
    variant_photo(base, quarter_turns, 0, slack, must_read);
}

/* 3_jwerth_pink_2 and 3_jwerth_pink_1 enlarged to 1,200 pixels (from 1,032): under the pink lamp
 * their lines are too faint for every look but the lattices fitted to the stones and judged as
 * under a dim lamp, and those ran a row (pink_1: a row and a column) off the board onto its dark
 * front face, whose points read as black stones end to end: refused. Moved a line in from that
 * edge they read 357 and 355 of 361 (as published: 352 and 355). */
static void test_vision_photos__lattice_off_the_edge_is_moved_in(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    variant_photo("photos/romangoempire__goban-watcher/3/3_jwerth_pink_2", 0, 1200, 9, 1);
    variant_photo("photos/romangoempire__goban-watcher/3/3_jwerth_pink_1", 0, 1200, 6, 1);
}

/* imago's t2_007, a plain 19x19 board seen from one side, enlarged to 1,200 pixels (from 640):
 * its far columns show up to twenty times fainter than its near ones, three fall under the
 * finder's clear-line test, and every look took 13x13 and was refused, the board's lines going
 * on past the lattice's edge. Once every other way is refused, the looks so refused are fitted
 * at the larger sizes: it reads every point as a 19x19. */
static void test_vision_photos__faint_far_columns_read_at_the_full_size(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    variant_photo("photos/tomasmcz__imago-tests/t2/t2_007", 0, 1200, 0, 1);
}

/* 3_jwerth_green_1 turned a quarter turn anticlockwise (ImageMagick, quality 92) was returned
 * as a 13x13 board over one part of its crowded 19x19, the far lines too faint beyond the
 * lattice's ends and the stones beyond it under the limit of the time (0.41 of the typical
 * line); the limit is lower now. */
static void test_vision_photos__turned_photo_reads_its_whole_board(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    turned_photo("photos/romangoempire__goban-watcher/3/3_jwerth_green_1", 3, 4, 1);
}

/* 3_jwerth_green_2 is blurred by the camera's motion. Turned upside down, the lattice fitted to
 * the stones ran two rows off the board onto the dark table, read as two rows of black stones
 * end to end, and the reading was returned: 170 of 361 right. It was refused after that; since
 * a refused photo is read turned back half round (read_turned), it reads 361 of 361. Either is
 * right; a reading returned wrong is not. */
static void test_vision_photos__blurred_photo_upside_down_not_misread(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    turned_photo("photos/romangoempire__goban-watcher/3/3_jwerth_green_2", 2, 4, 0);
}

/* 3_jwerth_pink_1 saved again at quality 92, not turned: under the pink lamp the second pass of
 * the grid finder, which sees only the board the first found, lost lines of the 19x19 and chose
 * 13x13 there, and the photo was refused (as published it reads 355 of 361). The second pass
 * may no longer choose a smaller board than the first. */
static void test_vision_photos__saved_again_keeps_its_size(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    turned_photo("photos/romangoempire__goban-watcher/3/3_jwerth_pink_1", 0, 8, 1);
}

/* 2_jwerth_greenstones_2 turned half round: the fixed rule's reading passed its checks with 7
 * stones without liberty and pale stones and bare wood read white at full confidence (334 of
 * 361). As taken, the same reading is too unsure and the clusters read it. From more than one
 * stone without liberty in a hundred points the clusters read it again: all 361. */
static void test_vision_photos__green_stones_turned_read_by_the_clusters(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    turned_photo("photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_2", 2, 2, 1);
}

/* 2_jwerth_greenstones_blue_1 saved again at quality 92, not turned: its lines under the blue
 * lamp showed 2.3 through the wood's cluster, too faint to tell the board from the black
 * stones, whose cluster lay nearest the board's model (fitted to the crevices); the reading with
 * the black stones for the board, 137 of 361 right, passed every check and was returned. Such
 * clusters no longer read; a later lattice reads the photo (355 of 361). */
static void test_vision_photos__blue_lamp_saved_again_not_inverted(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    turned_photo("photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_blue_1", 0, 20, 0);
}

/* Lit wood under a coloured lamp reads empty: on 3_jwerth_violet_1 the right-hand edge of the
 * board is lit more whitely than the rest, and its points were read as white stones. The
 * printed lines show through there, faintly (a median dip of 5.4 on the points read empty,
 * under the 6 the lines' veto used to ask): the veto now applies, and three of those points
 * read empty (4 wrong points of 361, was 7). */
static void test_vision_photos__lit_edge_under_violet_light(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    int total;
    int ok = photo_points("photos/romangoempire__goban-watcher/3/3_jwerth_violet_1", &total);
    assert_true(ok >= total - 4);
}

/* Lit wood on the near edge under the blue lamp stays empty: 3_jwerth_blue_1 turned a quarter
 * turn and saved again shows its lines at a typical dip of 4.4, and a lit edge point's half lines
 * fall under the veto's 0.2 of that (0.9 grey levels) by noise. Taken for a stone's hidden half,
 * they kept the point white as a stone off its point, which the rule for light over the edge now
 * spares: 360 of 361. A hidden half is judged only where 0.2 of the typical dip is a dip. */
static void test_vision_photos__lit_edge_under_a_blue_lamp_turned(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    turned_photo("photos/romangoempire__goban-watcher/3/3_jwerth_blue_1", 1, 0, 1);
}

/* Gomrade 11 turned half round (and saved again): the reading's shift, searched for the most
 * decisive reading, went 0.3 cell toward the camera, onto the stones' rims and shadows; its black
 * stones came out as light as their shadows, the two no longer fell apart, and 14 shadows were
 * read black. The shift is now searched away from the camera only (classify.c, SHIFT_NEAR): every
 * point reads right, as upright. */
static void test_vision_photos__shadows_apart_turned_half_round(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    turned_photo("photos/smolendawid__Gomrade/1/11", 2, 0, 1);
}

/* Glare on the wood between stones reads empty: on IMG_8397 and IMG_8398 (a crowded board
 * under a ceiling lamp) two lit points each read white. A white stone hides the lines through
 * its point; these points show 0.41 to 0.43 of the lines' typical dip, and a white stone on
 * its point at most 0.29 (every photo read): the veto for white now starts at 0.35, and
 * both photos read right. */
static void test_vision_photos__glare_between_stones_reads_empty(void **state)
{
    (void)state;
    static const char *const bases[] = {"photos/romangoempire__goban-watcher/8/IMG_8397",
                                        "photos/romangoempire__goban-watcher/8/IMG_8398"};
    read_right(bases, sizeof bases / sizeof *bases);
}

/* A flash blown out on the wood: on 20241201_174516 a flash's glare covers a dozen points near the
 * board's near edge. The lines' veto took off the half where the lines still show; four points
 * at its heart are clipped white in every channel (0.6 to 0.99 of their discs), their lines gone,
 * and read white, as did two in its fringe showing the lines at 0.30 of the typical dip, a hair
 * over a white stone's most. The square centres beside those four are clipped too, where a white
 * stone's rim shades the wood: they read empty, and their fringe with them. The photo reads
 * right (355 of 361 before). */
static void test_vision_photos__glare_blown_out_reads_empty(void **state)
{
    (void)state;
    static const char *const bases[] = {"photos/romangoempire__goban-watcher/3/20241201_174516"};
    read_right(bases, sizeof bases / sizeof *bases);
}

/* An empty edge is not white stones under a violet lamp: on the green-stone photos the lattice
 * fitted to the stones lies up to a fifth of a cell outside the board's far and left edge lines,
 * their lines then showed nowhere along those edges, and there the white stones take the wood's
 * lightness and colour: twenty empty edge points of each photo read white, sure of most. The edge
 * line is sought a little inward of the lattice's, both edge lines at a corner: each photo now
 * reads at least 360 of 361, the empty corner where those two edges meet reads empty (it read
 * white, marked, while only the edge points sought their line inward), and every point read wrong
 * is marked for a look. */
static void test_vision_photos__empty_edge_under_violet_light(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    static const char *const bases[] = {
        "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_violet_1",
        "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_violet_2"};
    for (size_t b = 0; b < sizeof bases / sizeof *bases; b++) {
        static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
        static go_vision_result r;
        int n = 0, sym = 0;
        const int ok = read_photo(bases[b], &r, truth, &n, &sym);
        assert_true(ok >= n * n - 1);
        int cx, cy; /* the photo's top left corner, on the labelled board */
        go_vision_symmetry(sym, n, 0, 0, &cx, &cy);
        assert_int_equal(truth[cy][cx], GO_EMPTY);
        assert_int_equal(r.color[0][0], GO_EMPTY);
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int tx, ty;
                go_vision_symmetry(sym, n, x, y, &tx, &ty);
                if (r.color[y][x] != truth[ty][tx])
                    assert_true(marked_for_a_look(&r, x, y));
            }
    }
}

/* One stone read on two points is marked when it cannot be merged: in goban-watcher's Bad
 * lighting a black stone lies half way between (0,17) and (1,17), and both points read black.
 * The two stones' centres meet between the points, but the lines beyond them, which would tell
 * one stone from two side by side, are hidden there; the reading keeps both points black, and
 * before it was sure of each (a silently wrong point). Both now need a person's look. */
static void test_vision_photos__stone_on_two_points_is_marked(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    int n = 0;
    read_photo("photos/romangoempire__goban-watcher/10/Bad lighting", &r, truth, &n, NULL);
    assert_int_equal(r.size, 19);
    /* the label gives the stone to (1,17) */
    assert_int_equal(truth[17][1], GO_BLACK);
    assert_int_equal(truth[17][0], GO_EMPTY);
    for (int x = 0; x < 2; x++) {
        assert_int_equal(r.color[17][x], GO_BLACK);
        assert_true(marked_for_a_look(&r, x, 17));
    }
}

/* A hand over the board's edge is not white stones: in t3_003 two fingers over the left edge,
 * in t3_005 a hand over a corner read as three white stones at full confidence. What lies
 * beyond the edge line there is as light as the point and of its colour (1.8 to 4.7 apart; a
 * white stone on an edge point has wood beyond it, 6.6 apart or more): both photos read right. */
static void test_vision_photos__hand_over_the_edge_reads_empty(void **state)
{
    (void)state;
    static const char *const bases[] = {"photos/tomasmcz__imago-tests/t3/t3_003",
                                        "photos/tomasmcz__imago-tests/t3/t3_005"};
    read_right(bases, sizeof bases / sizeof *bases);
}

/* Faint lines do not take a black stone off: under a cyan lamp (3_jwerth_cyan_1, the lines'
 * typical dip 5.1) a black stone's own dip of 2.4 reached the lines' veto share and the stone
 * was read empty, the photo's one error. A black stone is taken off from a dip of 3 only; the
 * photo reads right. Read on a lattice a little off the stones' centres (fitted to the stones
 * and moved a line along both families), two black stones at 15% and 29% of the board's
 * lightness showed the wood's edge beside them as a line and were taken off: a point that dark
 * keeps its stone. */
static void test_vision_photos__faint_lines_keep_a_black_stone(void **state)
{
    (void)state;
    static const char *const bases[] = {"photos/romangoempire__goban-watcher/3/3_jwerth_cyan_1"};
    read_right(bases, 1);
}

/* The photo at path (under the data folder) as a scan works on it: decoded and scaled so that
 * its longer side is 1000 pixels (the photos used here are larger); the four corners given in
 * the photo's pixels go to work_corners in the work image's. -1 when the photo is missing. */
static int work_image(go_cv_image *work, double work_corners[4][2], const char *path,
                      const double corners[4][2])
{
    uint8_t *data = NULL;
    size_t len = 0;
    if (go_vision_read_file(&data, &len, tu_data_path(path), GO_VISION_MAX_BYTES) < 0)
        return -1;
    go_cv_image img = {0};
    assert_int_equal(go_cv_decode(&img, data, len, 1), 0);
    free(data);
    int longest = img.width > img.height ? img.width : img.height;
    assert_true(longest > 1000);
    const double s = 1000.0 / longest;
    assert_int_equal(
        go_cv_resize(work, &img, (int)lround(img.width * s), (int)lround(img.height * s)), 0);
    go_cv_image_free(&img);
    for (int c = 0; c < 4; c++) {
        work_corners[c][0] = corners[c][0] * s;
        work_corners[c][1] = corners[c][1] * s;
    }
    return 0;
}

/* The check passes lattice g on the work image (the reason is printed when it does not). */
static void check_passes(vz_grid *g, const go_cv_image *work)
{
    int rc = vz_check_lattice(g, work);
    if (rc != 0)
        fprintf(stderr, "refused: %s\n", go_error_last());
    assert_int_equal(rc, 0);
}

/* The check refuses the lattice of `size` lines through the four corners (photo pixels) of the
 * photo at path, for a reason that contains why. */
static void check_refuses(const char *path, const double photo[4][2], int size, const char *why)
{
    go_cv_image work = {0};
    double corners[4][2];
    if (work_image(&work, corners, path, photo) < 0)
        TU_SKIP("no %s", path);
    vz_grid g;
    assert_int_equal(vz_lattice_through(&g, corners, size, size - 1), 0);
    assert_int_equal(vz_check_lattice(&g, &work), GO_ENOBOARD);
    assert_non_null(strstr(go_error_last(), why));
    go_cv_image_free(&work);
}

/* The check refuses a lattice that covers only part of the board on the far side, where the
 * board's lines are thin: on 3_jwerth_cyan_2 (a 19x19 under cyan light) a 13x13 lattice over
 * the board's near corner has lines beyond its far ends at 0.37 and 0.22 of the typical line
 * (the far lines are that faint), with the other family's lines crossing the gaps beyond. A
 * reading whose channel weights were changed fitted this lattice and returned it as a 13x13
 * board. Corners in the photo's pixels. */
static void test_vision_photos__part_of_the_board_on_the_far_side(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    const double photo[4][2] = {
        {119.923, 172.217}, {497.287, 177.313}, {499.411, 571.257}, {32.099, 554.180}};
    check_refuses("photos/romangoempire__goban-watcher/3/3_jwerth_cyan_2.jpg", photo, 13,
                  "continue past");
}

/* The check refuses a 13x13 lattice over one corner of a 19x19 whose lines are clear: t1_009
 * resized to 800 pixels (ImageMagick) was read so, its rows drifting off the board's toward the
 * board's middle, so that the line beyond that end fell between the printed ones (0.8 of a
 * typical 47) while the columns crossed the gap beyond it at 0.93 of the typical gap. Returned
 * as a 13x13 board. Corners of that reading, in the photo's pixels. */
static void test_vision_photos__part_of_a_clearly_lined_board(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    const double photo[4][2] = {{476.7, 647.2}, {1177.6, 593.0}, {1283.6, 1304.6}, {628.5, 1390.6}};
    check_refuses("photos/tomasmcz__imago-tests/t1/t1_009.jpg", photo, 13, "continue past");
}

/* The check passes the right lattice of a crowded board whose stones touch: on
 * 2_jwerth_greenstones_2 the crevices between stones darken the halfway lines more than the
 * printed lines show through the crowd (1.22 of them), and the stones alone do not settle it.
 * Halfway between points that both lines show through, the wood is plain (0.04 of the line).
 * The lattice is the one a person's corners give, as on the web page. */
static void test_vision_photos__crowded_board_passes_between_clear_points(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    go_cv_image work = {0};
    double corners[4][2];
    if (work_image(&work, corners,
                   "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_2.jpg",
                   GREEN_CORNERS) < 0)
        TU_SKIP("no 2_jwerth_greenstones_2");
    vz_grid g;
    assert_int_equal(vz_grid_from_corners(&g, &work, corners, 19), 0);
    assert_int_equal(vz_refine_lattice(&g, &work), 0);
    check_passes(&g, &work);
    go_cv_image_free(&work);
}

/* The check refuses the lattice the finder fits to 2_jwerth_greenstones_blue_1 (touching
 * green-tinted stones under blue light): its lines line up with the crevices between the
 * stones, it passes every other rule and reads about half the points, and only the stones'
 * colours used to refuse it. Halfway between the points both its lines show through, the
 * image is brighter than beside (-0.19 of the line), where wood shows nothing. */
static void test_vision_photos__lattice_on_the_crevices_is_refused(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    const double photo[4][2] = {{649.4, 51.9}, {757.2, 584.9}, {38.2, 596.7}, {130.2, 66.3}};
    check_refuses("photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_blue_1.jpg", photo,
                  19, "stones' edges");
}

/* The lattice fitted to the stones of 2_jwerth_greenstones_blue_1 (touching green-tinted
 * stones under a blue lamp) is right, but the luminance keeps a tenth of the blue light: its
 * lines dip 2.1 and 3.0, under the floor at which faint lines are judged, and the stones are
 * 7.3 gray levels more even on its points than half a cell off in the least third (a ratio of
 * 1.58), under the 8 asked. Judged as under a dim lamp (vz_grid.dim) it passes: the floor is
 * 1.5 and the stones' gain 6. Corners in the photo's pixels. */
static void test_vision_photos__lattice_judged_as_under_a_dim_lamp(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    const double photo[4][2] = {{632.1, 44.1}, {735.9, 567.4}, {15.3, 580.4}, {117.1, 60.6}};
    const char *path = "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_blue_1.jpg";
    go_cv_image work = {0};
    double corners[4][2];
    if (work_image(&work, corners, path, photo) < 0)
        TU_SKIP("no %s", path);
    vz_grid g;
    assert_int_equal(vz_lattice_through(&g, corners, 19, 18), 0);
    assert_int_equal(vz_check_lattice(&g, &work), GO_ENOBOARD);
    assert_non_null(strstr(go_error_last(), "too faint"));
    assert_int_equal(vz_lattice_through(&g, corners, 19, 18), 0);
    g.dim = 1;
    check_passes(&g, &work);
    go_cv_image_free(&work);
}

/* The green-stone photos under blue, pink and violet lamps: their lattices fitted to the stones are
 * judged as under a dim lamp, and the clusters seed the board by its lines (under the blue lamp the
 * board's model, fitted to the crevices, has the dark stones' colour; under the violet one the
 * seeds split the black stones in two). Measured: 355, 358, 349, 342, 340 and 339 of 361; the pale
 * stones on the lamp's side, as light as the board there, and the edge points of the far side,
 * where the lines do not show, are the errors left. */
static void test_vision_photos__crowded_board_under_dim_lamps(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    static const char *const lamps[] = {"blue_1", "blue_2",   "pink_1",
                                        "pink_2", "violet_1", "violet_2"};
    for (size_t k = 0; k < sizeof lamps / sizeof *lamps; k++) {
        char base[256];
        snprintf(base, sizeof base, "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_%s",
                 lamps[k]);
        int total, ok = photo_points(base, &total);
        assert_true(ok >= 335);
    }
}

/* The pale stones in the crowded corner nearest the camera, under the blue lamp: the board's
 * surface fitted to the empty points bent 10% above the wood there, where it has few to
 * follow, and the stones, a little lighter than the wood, read empty (355 and 358 of 361).
 * Taken against the wood near them they read (359 and 360; one stone left lies 0.45 of a cell
 * off its point). */
static void test_vision_photos__pale_stones_against_the_wood_near_them(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    int total;
    int ok =
        photo_points("photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_blue_1", &total);
    assert_true(ok >= total - 2);
    ok = photo_points("photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_blue_2", &total);
    assert_true(ok >= total - 1);
}

/* A stone overhanging the board's edge: on 2_jwerth_greenstones_green_1 the pale stone of
 * (1,18), on the first line nearest the camera, lies 0.4 of a cell toward (2,18) and 0.2 beyond
 * the line, and its point read empty. Two rules of the search for stones off their points kept
 * it out: centres were sought no further than 0.15 beyond the outermost lines, and an offset
 * this much along the view was taken for the body of the next stone that way, though none
 * stands beyond the edge. The photo reads right. */
static void test_vision_photos__stone_overhanging_the_edge(void **state)
{
    (void)state;
    static const char *const bases[] = {
        "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_green_1"};
    read_right(bases, sizeof bases / sizeof *bases);
}

/* A stone pushed against its neighbour: at the near edge of 2_jwerth_greenstones_blue_2 the pale
 * stone of (1,18) lies half a cell toward (2,18), whose stone is itself a third of a cell off, and
 * its point read empty. The search for stones off their points found it, but its centre, read
 * from the most even square, came out 0.81 from its neighbour's, inside the 0.9 kept for the edge
 * of a neighbour's stone; two stones side by side lie a cell apart, and their centres come out up
 * to 0.2 closer. The photo reads right. */
static void test_vision_photos__stone_pushed_against_its_neighbour(void **state)
{
    (void)state;
    static const char *const bases[] = {
        "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_blue_2"};
    read_right(bases, sizeof bases / sizeof *bases);
}

/* Wood read white under a faint lamp: on 3_jwerth_pink_1 the pink lamp leaves the lines too faint
 * for their veto (a typical dip of 1.9), and six points of wood, three of them on the lit right
 * edge, read white by their colour (87 to 102% of the board's lightness, as light as this
 * photo's white stones from 79). A white stone is a dome, lighter at its top than along the lines
 * at its rim; those points are flat (dips of 0.1 to 1.8), and now read empty, marked for a look.
 * The photo reads right (355 of 361 before). */
static void test_vision_photos__flat_white_under_a_faint_lamp_reads_empty(void **state)
{
    (void)state;
    static const char *const bases[] = {"photos/romangoempire__goban-watcher/3/3_jwerth_pink_1"};
    read_right(bases, sizeof bases / sizeof *bases);
}

/* 2_jwerth_greenstones_blue_2 turned half round (quality 92) was refused: under the blue lamp
 * its lattice fitted to the stones came out a row off, and the right lattice beside it too faint
 * to judge in one third of the board, where upright both are right. Every look refused, the
 * photo is turned back half a turn and read by every look again: it reads as upright (360 of
 * 361), the board the right way round for the photo as given (row 1 its top) and the corners
 * on the turned photo's own grid, the upright photo's turned with it. */
static void test_vision_photos__refused_photo_read_turned_half_round(void **state)
{
    (void)state;
    const char *base = "photos/romangoempire__goban-watcher/2/2_jwerth_greenstones_blue_2";
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result up, turned;
    int n = 0, w, h;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    assert_int_equal(scan_variant(&up, truth, &n, &w, &h, base, 0, 0), 0);
    const int rc = scan_variant(&turned, truth, &n, &w, &h, base, 2, 0);
    if (rc != 0)
        fprintf(stderr, "turned half round: %s\n", go_error_last());
    assert_int_equal(rc, 0);
    assert_int_equal(turned.size, n);
    int sym;
    const int ok = go_vision_match(&turned, truth, n, &sym);
    printf("%s turned half round: %d of %d points\n", base, ok, n * n);
    assert_true(ok >= n * n - 1);
    assert_int_equal(sym, 3); /* both axes flipped: half a turn */
    for (int c = 0; c < 4; c++) {
        const double *u = up.corners[(c + 2) % 4];
        assert_true(fabs(turned.corners[c][0] - (w - 1 - u[0])) < 3.0);
        assert_true(fabs(turned.corners[c][1] - (h - 1 - u[1])) < 3.0);
    }
}

/* A board small in the photo, as from a step back: the photo set in a canvas twice its size (the
 * rest its border's colour). Tengen-Go's 13x13 at move 12 (a 1,920-pixel frame, so the canvas is
 * 3,840 wide) and game7 of goban-watcher were refused by every look at every scale ("the line
 * families imply an impossible view": lines of the photo's edge and the board's lines mixed). Read
 * in the part of the photo the board fills, from the photo as decoded, both read point for point,
 * their corners where the photo's own reading puts them, moved with it. */
static void test_vision_photos__board_small_in_a_larger_photo(void **state)
{
    (void)state;
    static const char *const bases[2] = {
        "photos/OliverBenz__Tengen-Go/game_simple/size_13/move_12",
        "photos/romangoempire__goban-watcher/7/game7",
    };
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result own, small;
    if (!tu_have_data())
        TU_SKIP("no shared data folder at %s", tu_data_path(""));
    for (int b = 0; b < 2; b++) {
        int n = 0, w, h;
        assert_int_equal(scan_variant(&own, truth, &n, &w, &h, bases[b], 0, 0), 0);
        go_cv_image img = {0};
        decode_photo(&img, truth, &n, bases[b]);
        uint8_t *jpeg = NULL;
        size_t jlen = 0;
        assert_int_equal(synth_photo_padded(&jpeg, &jlen, &img, 2.0, 0.3, 0.6, 92), 0);
        const double x0 = (int)(0.3 * (2 * img.width - img.width)),
                     y0 = (int)(0.6 * (2 * img.height - img.height));
        go_cv_image_free(&img);
        const int rc = go_vision_scan(&small, jpeg, jlen, NULL);
        free(jpeg);
        if (rc != 0)
            fprintf(stderr, "%s small in the photo: %s\n", bases[b], go_error_last());
        assert_int_equal(rc, 0);
        assert_int_equal(small.size, n);
        const int ok = go_vision_match(&small, truth, n, NULL);
        printf("%s small in the photo: %d of %d points\n", bases[b], ok, n * n);
        assert_int_equal(ok, n * n);
        for (int c = 0; c < 4; c++) {
            assert_true(fabs(small.corners[c][0] - (own.corners[c][0] + x0)) < 3.0);
            assert_true(fabs(small.corners[c][1] - (own.corners[c][1] + y0)) < 3.0);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_photos__accuracy_floor),
        cmocka_unit_test(test_vision_photos__green_stones_with_corners_placed),
        cmocka_unit_test(test_vision_photos__green_stones_found_by_the_stones),
        cmocka_unit_test(test_vision_photos__pale_stones_read_as_wood_read_again),
        cmocka_unit_test(test_vision_photos__pale_stones_read_as_wood_are_marked),
        cmocka_unit_test(test_vision_photos__part_of_the_board_on_the_far_side),
        cmocka_unit_test(test_vision_photos__part_of_a_clearly_lined_board),
        cmocka_unit_test(test_vision_photos__crowded_board_passes_between_clear_points),
        cmocka_unit_test(test_vision_photos__lattice_on_the_crevices_is_refused),
        cmocka_unit_test(test_vision_photos__crowded_board_under_a_cyan_lamp),
        cmocka_unit_test(test_vision_photos__lattice_a_line_off_is_moved_back),
        cmocka_unit_test(test_vision_photos__faint_lines_judged_in_the_lamps_gray),
        cmocka_unit_test(test_vision_photos__faint_far_columns_read_at_the_full_size),
        cmocka_unit_test(test_vision_photos__turned_photo_reads_its_whole_board),
        cmocka_unit_test(test_vision_photos__blurred_photo_upside_down_not_misread),
        cmocka_unit_test(test_vision_photos__saved_again_keeps_its_size),
        cmocka_unit_test(test_vision_photos__lattice_off_the_edge_is_moved_in),
        cmocka_unit_test(test_vision_photos__green_stones_turned_read_by_the_clusters),
        cmocka_unit_test(test_vision_photos__lit_edge_under_violet_light),
        cmocka_unit_test(test_vision_photos__lit_edge_under_a_blue_lamp_turned),
        cmocka_unit_test(test_vision_photos__glare_between_stones_reads_empty),
        cmocka_unit_test(test_vision_photos__glare_blown_out_reads_empty),
        cmocka_unit_test(test_vision_photos__hand_over_the_edge_reads_empty),
        cmocka_unit_test(test_vision_photos__stone_on_two_points_is_marked),
        cmocka_unit_test(test_vision_photos__empty_edge_under_violet_light),
        cmocka_unit_test(test_vision_photos__faint_lines_keep_a_black_stone),
        cmocka_unit_test(test_vision_photos__lattice_judged_as_under_a_dim_lamp),
        cmocka_unit_test(test_vision_photos__crowded_board_under_dim_lamps),
        cmocka_unit_test(test_vision_photos__blue_lamp_saved_again_not_inverted),
        cmocka_unit_test(test_vision_photos__pale_stones_against_the_wood_near_them),
        cmocka_unit_test(test_vision_photos__stone_overhanging_the_edge),
        cmocka_unit_test(test_vision_photos__stone_pushed_against_its_neighbour),
        cmocka_unit_test(test_vision_photos__refused_photo_read_turned_half_round),
        cmocka_unit_test(test_vision_photos__board_small_in_a_larger_photo),
        cmocka_unit_test(test_vision_photos__flat_white_under_a_faint_lamp_reads_empty),
        cmocka_unit_test(test_vision_photos__shadows_apart_from_the_black_stones),
        cmocka_unit_test(test_vision_photos__shadows_apart_turned_half_round),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
