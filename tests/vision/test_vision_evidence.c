/* A lattice's evidence from the lattice model (vision/evidence.c) on rendered boards: the true
 * lattice's points read as points, one line off it points back, half a cell off it reads as no
 * point, and points off the photo tell nothing; and the judgement of a lattice that passed its
 * check (vz_lattice_judge): a lattice one line off the board is moved back, one fitted to a
 * checked cloth beside the board is refused, the true one stands; and another lattice model
 * read from a file. The boards are drawn with seeds the benchmark does not draw. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "go/vision.h"
#include "synth.h"
#include "synth_cases.h"
#include "testutil.h"
#include "vision_int.h"

/* A rendered board (bench board of `size` lines, or its "scene" variant with scene set), its
 * decoded image into *img and its true lattice into *g. */
static void render_bench_board(go_cv_image *img, vz_grid *g, int size, uint64_t seed, int scene)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    synth_params p;
    double density;
    if (scene)
        synth_bench_board_scene(&p, &density, size, seed, (int)(seed % 97));
    else
        synth_bench_board(&p, &density, size, seed);
    synth_legal_position(truth, size, density, seed);
    render_true_lattice(img, g, &p, truth, NULL);
}

/* The largest distance, in cells of a, between a's four corners and b's. */
static double corners_apart(const vz_grid *a, const vz_grid *b)
{
    const int m = a->size - 1;
    double far = 0, ax, ay, bx, by, nx, ny;
    assert_int_equal(vz_apply(a->h, 0, 0, &ax, &ay), 0);
    assert_int_equal(vz_apply(a->h, 1, 0, &nx, &ny), 0);
    const double cell = hypot(nx - ax, ny - ay);
    for (int c = 0; c < 4; c++) {
        const int i = c == 1 || c == 2 ? m : 0, j = c >= 2 ? m : 0;
        assert_int_equal(vz_apply(a->h, i, j, &ax, &ay), 0);
        assert_int_equal(vz_apply(b->h, i, j, &bx, &by), 0);
        far = fmax(far, hypot(bx - ax, by - ay));
    }
    return far / cell;
}

/* Boards of each size, plain and in other rooms (cloths, bowls, dim light, bamboo and vinyl):
 * the true lattice's own window reads surest, and the true lattice moved a line along either
 * family, either way, has the evidence's window moved back onto the board. */
static void test_vision_evidence__one_line_off_points_back(void **state)
{
    (void)state;
    static const int sizes[3] = {9, 13, 19};
    static const int moves[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int k = 0; k < 6; k++) {
        go_cv_image img = {0};
        vz_grid truth, g;
        const int size = sizes[k % 3];
        render_bench_board(&img, &truth, size, 610000 + (uint64_t)k, k >= 3);
        vz_evidence e;
        assert_int_equal(vz_lattice_evidence(&e, &truth, &img), 0);
        assert_int_equal(e.shift[0], 0);
        assert_int_equal(e.shift[1], 0);
        assert_true(e.shift_gain == 0);
        for (int q = 0; q < 4; q++) {
            g = truth;
            vz_lattice_move(g.h, g.h, moves[q][0], moves[q][1]);
            assert_true(corners_apart(&truth, &g) > 0.9);
            assert_int_equal(vz_lattice_evidence(&e, &g, &img), 0);
            if (e.shift[0] != -moves[q][0] || e.shift[1] != -moves[q][1])
                fprintf(stderr, "board %d (%dx%d) moved (%d, %d): window (%d, %d)\n", k, size, size,
                        moves[q][0], moves[q][1], e.shift[0], e.shift[1]);
            assert_int_equal(e.shift[0], -moves[q][0]);
            assert_int_equal(e.shift[1], -moves[q][1]);
            assert_true(e.shift_gain > 0);
            vz_lattice_move(g.h, g.h, e.shift[0], e.shift[1]);
            assert_true(corners_apart(&truth, &g) < 0.01);
        }
        go_cv_image_free(&img);
    }
}

/* The true lattice moved half a cell along both families puts the squares between the points
 * under the model: its points read as no points, the true lattice's as points. */
static void test_vision_evidence__between_the_points_reads_less_surely(void **state)
{
    (void)state;
    static const int sizes[3] = {9, 13, 19};
    for (int k = 0; k < 3; k++) {
        go_cv_image img = {0};
        vz_grid g;
        render_bench_board(&img, &g, sizes[k], 620000 + (uint64_t)k, 0);
        vz_evidence on, off;
        assert_int_equal(vz_lattice_evidence(&on, &g, &img), 0);
        vz_lattice_move(g.h, g.h, 0.5, 0.5);
        assert_int_equal(vz_lattice_evidence(&off, &g, &img), 0);
        if (on.sure < 0.9 || off.sure > 0.2)
            fprintf(stderr, "board %d (%dx%d): %.3f likely on the points, %.3f between them\n", k,
                    sizes[k], sizes[k], on.sure, off.sure);
        assert_true(on.sure >= 0.9);
        assert_true(on.unsure <= 0.05 * sizes[k] * sizes[k]);
        assert_true(off.sure <= 0.2);
        assert_true(off.unsure >= 0.8 * sizes[k] * sizes[k]);
        go_cv_image_free(&img);
    }
}

/* Points beyond the photo tell nothing (the warp repeats the photo's border there): a lattice
 * moved two board widths along both families, off the photo, has every point counted as likely
 * a point as not, and none of its windows reads likelier than another. */
static void test_vision_evidence__points_off_the_photo_tell_nothing(void **state)
{
    (void)state;
    go_cv_image img = {0};
    vz_grid g;
    render_bench_board(&img, &g, 9, 630000, 0);
    vz_lattice_move(g.h, g.h, 18, 18);
    double x, y;
    assert_int_equal(vz_apply(g.h, 0, 0, &x, &y), 0);
    assert_true(x < -1 || y < -1 || x > img.width || y > img.height);
    vz_evidence e;
    assert_int_equal(vz_lattice_evidence(&e, &g, &img), 0);
    assert_float_equal(e.sure, 0.5, 1e-9);
    assert_int_equal(e.unsure, 0);
    assert_true(e.shift_gain == 0);
    go_cv_image_free(&img);
}

/* A 9x9 in a room with a gingham cloth whose checks are the board's cells, the board at the
 * photo's right and the cloth's free to the left of it: its image into *img, the true lattice
 * into *g and, into *cloth, a 9x9 lattice through the cloth's crossings (where its bands meet)
 * left of the board: the lattice a line finder can take when the cloth holds more line than the
 * board. */
static void render_on_cloth(go_cv_image *img, vz_grid *g, vz_grid *cloth, uint64_t seed)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    synth_params p;
    double density;
    synth_bench_board_scene(&p, &density, 9, seed, 0);
    p.board_share = 0.42;
    p.board_at[0] = 1;
    p.board_at[1] = 0;
    p.rotate_deg = 4;
    const double cell = p.board_share * p.height / 8.4;
    p.cloth_check = cell;
    p.cloth_turn = 4;
    p.cloth_bgr[0] = 60;
    p.cloth_bgr[1] = 40;
    p.cloth_bgr[2] = 200;
    synth_legal_position(truth, 9, density, seed);
    render_true_lattice(img, g, &p, truth, NULL);
    /* the cloth's crossings: (u, v) = (k, l) checks, turned back by cloth_turn; the lattice's
     * first point a check in from the photo's left and a third of the way down */
    const double t = p.cloth_turn * 3.14159265358979 / 180, c = p.cloth_check;
    double at[4][2];
    const int k0 = 1, l0 = (int)(p.height / 3.0 / c);
    for (int q = 0; q < 4; q++) {
        const double u = (k0 + (q == 1 || q == 2 ? 8 : 0)) * c, v = (l0 + (q >= 2 ? 8 : 0)) * c;
        at[q][0] = u * cos(t) - v * sin(t);
        at[q][1] = u * sin(t) + v * cos(t);
    }
    assert_int_equal(vz_lattice_through(cloth, at, 9, 8), 0);
}

/* The true lattice stands as it is; moved a line along either family, either way, it is moved
 * back onto the board or refused, never kept where it lies. */
static void test_vision_evidence__judge_moves_a_lattice_one_line_off_back(void **state)
{
    (void)state;
    static const int moves[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int k = 0; k < 4; k++) {
        go_cv_image img = {0};
        vz_grid truth, cloth, g;
        const int size = k < 2 ? 9 : 13;
        if (k == 0)
            render_on_cloth(&img, &truth, &cloth, 640000);
        else
            render_bench_board(&img, &truth, size, 640000 + (uint64_t)k, k % 2);
        g = truth;
        int rc = vz_lattice_judge(&g, &img, NULL);
        if (rc != 0)
            fprintf(stderr, "board %d: the true lattice refused: %s\n", k, go_error_last());
        assert_int_equal(rc, 0);
        assert_true(corners_apart(&truth, &g) < 0.01);
        for (int q = 0; q < 4; q++) {
            g = truth;
            vz_lattice_move(g.h, g.h, moves[q][0], moves[q][1]);
            rc = vz_lattice_judge(&g, &img, NULL);
            if (rc != GO_ENOBOARD && corners_apart(&truth, &g) >= 0.01) {
                vz_evidence e;
                assert_int_equal(vz_lattice_evidence(&e, &g, &img), 0);
                fprintf(stderr,
                        "board %d moved (%d, %d): kept %.2f cells off; %.3f likely, the lines "
                        "beyond %.2f %.2f %.2f %.2f, its edges %.2f %.2f %.2f %.2f\n",
                        k, moves[q][0], moves[q][1], corners_apart(&truth, &g), e.sure,
                        e.beyond_line[0], e.beyond_line[1], e.beyond_line[2], e.beyond_line[3],
                        e.edge_line[0], e.edge_line[1], e.edge_line[2], e.edge_line[3]);
            }
            assert_true(rc == GO_ENOBOARD || (rc == 0 && corners_apart(&truth, &g) < 0.01));
        }
        go_cv_image_free(&img);
    }
}

/* A lattice through a checked cloth's crossings beside the board, of the board's own cell, is
 * refused: the cloth's crossings are no board's points. */
static void test_vision_evidence__judge_refuses_a_lattice_on_a_cloth(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) {
        go_cv_image img = {0};
        vz_grid truth, cloth;
        render_on_cloth(&img, &truth, &cloth, 650000 + (uint64_t)k);
        double x, y;
        for (int c = 0; c < 4; c++) { /* the cloth's lattice lies in the photo, off the board */
            assert_int_equal(vz_apply(cloth.h, c == 1 || c == 2 ? 8 : 0, c >= 2 ? 8 : 0, &x, &y),
                             0);
            assert_true(x >= 0 && y >= 0 && x < img.width && y < img.height);
            double bx, by;
            assert_int_equal(vz_apply(truth.h, 0, 0, &bx, &by), 0);
            assert_true(x < bx);
        }
        vz_grid g = cloth;
        const int rc = vz_lattice_judge(&g, &img, NULL);
        if (rc != GO_ENOBOARD)
            fprintf(stderr, "cloth %d: not refused (%d)\n", k, rc);
        assert_int_equal(rc, GO_ENOBOARD);
        g = truth;
        assert_int_equal(vz_lattice_judge(&g, &img, NULL), 0);
        go_cv_image_free(&img);
    }
}

/* A copy of the file at src in a fresh temporary file, whose path goes to path (a mkstemp
 * template). */
static void copy_to_temp(char *path, const char *src)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fopen(src, "rb");
    assert_non_null(f);
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        assert_int_equal(write(fd, buf, got), (ssize_t)got);
    fclose(f);
    close(fd);
}

/* Another lattice model is read from a file and named by it; a file that is no network, and the
 * point classifier's (three answers a patch where the lattice model gives two), are refused with
 * GO_EINVAL saying so, and the model in use stays; NULL goes back to the built-in one, which
 * reads the true lattice as the file's copy of it did. */
static void test_vision_evidence__model_file_chosen_and_refused(void **state)
{
    (void)state;
    char name[128];
    snprintf(name, sizeof name, "%s", go_vision_lattice_model_name());
    assert_true(strncmp(name, "lattice-", 8) == 0);

    assert_int_equal(vz_lattice_use_model_file("/nonexistent/lattice.onnx"), GO_EIO);
    assert_string_equal(go_vision_lattice_model_name(), name);

    char bad[] = "/tmp/goref-lattice-XXXXXX";
    int fd = mkstemp(bad);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "not a network at all", 20), 20);
    close(fd);
    assert_int_equal(vz_lattice_use_model_file(bad), GO_EINVAL);
    assert_non_null(strstr(go_error_last(), "is not a lattice model"));
    assert_string_equal(go_vision_lattice_model_name(), name);
    unlink(bad);

    char points[] = "/tmp/goref-lattice-XXXXXX";
    copy_to_temp(points, GOREF_SOURCE_DIR "/vision/model/points.onnx");
    assert_int_equal(vz_lattice_use_model_file(points), GO_EINVAL);
    assert_string_equal(go_vision_lattice_model_name(), name);
    unlink(points);

    go_cv_image img = {0};
    vz_grid g;
    vz_evidence built_in, from_file;
    render_bench_board(&img, &g, 9, 700311, 0);
    assert_int_equal(vz_lattice_evidence(&built_in, &g, &img), 0);

    char good[] = "/tmp/goref-lattice-XXXXXX";
    copy_to_temp(good, GOREF_SOURCE_DIR "/vision/model/lattice.onnx");
    assert_int_equal(vz_lattice_use_model_file(good), 0);
    assert_string_equal(go_vision_lattice_model_name(), strrchr(good, '/') + 1);
    unlink(good);
    assert_int_equal(vz_lattice_evidence(&from_file, &g, &img), 0);
    assert_true(from_file.sure > 0.5);
    assert_true(fabs(from_file.sure - built_in.sure) < 1e-9);

    assert_int_equal(vz_lattice_use_model_file(NULL), 0);
    assert_string_equal(go_vision_lattice_model_name(), name);
    go_cv_image_free(&img);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_evidence__one_line_off_points_back),
        cmocka_unit_test(test_vision_evidence__between_the_points_reads_less_surely),
        cmocka_unit_test(test_vision_evidence__points_off_the_photo_tell_nothing),
        cmocka_unit_test(test_vision_evidence__judge_moves_a_lattice_one_line_off_back),
        cmocka_unit_test(test_vision_evidence__judge_refuses_a_lattice_on_a_cloth),
        cmocka_unit_test(test_vision_evidence__model_file_chosen_and_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
