/* The learned point classifier (vision/points.c): the patches of a lattice, the built-in
 * model's reading of them, and choosing another model file. The boards are drawn with seeds that
 * neither the training data (vision_patches) nor the benchmark draws. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "go/vision.h"
#include "synth.h"
#include "synth_cases.h"
#include "testutil.h"
#include "params.h"
#include "vision_int.h"

#define PATCH_BYTES ((size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3)

/* The classifier's reading of every point of a rendered board through its true lattice: the
 * number of points read right into *right (out of size * size) and, when sure_empty is given,
 * the number of the truth's stones it is sure are empty (POINTS_SURE) into *sure_empty. */
static void read_true_lattice(int *right, int *sure_empty, const synth_params *p,
                              uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE])
{
    const int n = p->size;
    go_cv_image img = {0};
    vz_grid g;
    render_true_lattice(&img, &g, p, truth, NULL);
    uint8_t *patches = malloc(PATCH_BYTES * (size_t)n * n);
    float *prob = malloc(sizeof(float) * 3 * (size_t)n * n);
    assert_non_null(patches);
    assert_non_null(prob);
    assert_int_equal(vz_point_patches(patches, g.h, n, &img), 0);
    assert_int_equal(vz_point_probs(prob, patches, n * n), 0);
    static const uint8_t colour[3] = {GO_EMPTY, GO_BLACK, GO_WHITE};
    *right = 0;
    if (sure_empty)
        *sure_empty = 0;
    for (int k = 0; k < n * n; k++) {
        const float *q = prob + 3 * k;
        assert_true(q[0] >= 0 && q[1] >= 0 && q[2] >= 0);
        assert_float_equal(q[0] + q[1] + q[2], 1.0, 1e-4);
        int best = q[1] > q[0] ? 1 : 0;
        if (q[2] > q[best])
            best = 2;
        *right += colour[best] == truth[k / n][k % n];
        if (sure_empty && truth[k / n][k % n] != GO_EMPTY)
            *sure_empty += q[0] >= POINTS_SURE;
    }
    free(patches);
    free(prob);
    go_cv_image_free(&img);
}

/* Crowded boards of each size, plain and under a coloured lamp, read through their true
 * lattices: the built-in model reads at least 99% of their points right. */
static void test_vision_points__built_in_model_reads_unseen_boards(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static const int sizes[3] = {9, 13, 19};
    long right = 0, total = 0;
    for (int k = 0; k < 6; k++) {
        synth_params p;
        double density;
        const uint64_t seed = 500000 + (uint64_t)k;
        if (k < 3)
            synth_bench_board(&p, &density, sizes[k], seed);
        else
            synth_bench_board_lit(&p, &density, sizes[k - 3], seed, k);
        synth_legal_position(truth, p.size, density, seed);
        int ok = 0;
        read_true_lattice(&ok, NULL, &p, truth);
        if (ok < p.size * p.size)
            fprintf(stderr, "board %d (%dx%d): %d of %d points\n", k, p.size, p.size, ok,
                    p.size * p.size);
        right += ok;
        total += p.size * p.size;
    }
    assert_true(right >= 0.99 * total);
}

/* Crowded boards under a pink lamp (green nearly dark, the light falling off across the board)
 * with pale stones of nearly the wood's colour and dark brown ones, read through their true
 * lattices: such a stone differs from the wood by its shading and the lines it hides. The
 * classifier reads at least 97% of all points right, and it is sure a point is empty
 * (POINTS_SURE, where nothing marks it) at under 1% of the stones. */
static void test_vision_points__pale_stones_under_a_pink_lamp(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static const int sizes[3] = {9, 13, 19};
    int right = 0, total = 0, stones = 0, sure_empty = 0;
    for (int k = 0; k < 3; k++) {
        const uint64_t seed = 500300 + (uint64_t)k;
        synth_params p;
        double density;
        synth_bench_board_lit(&p, &density, sizes[k], seed, 0);
        p.tinted = 1;
        static const double dark[3] = {30, 38, 52},
                            pale[3] = {107, 171, 216}; /* the wood: 105 170 215 */
        for (int c = 0; c < 3; c++) {
            p.black_bgr[c] = dark[c];
            p.white_bgr[c] = pale[c];
        }
        p.gradient = 0.3;
        synth_legal_position(truth, p.size, density, seed);
        const int n = p.size;
        int ok = 0, missed = 0;
        read_true_lattice(&ok, &missed, &p, truth);
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                stones += truth[y][x] != GO_EMPTY;
        fprintf(stderr,
                "pink lamp, pale stones, %dx%d: %d of %d points right, %d stones sure empty\n", n,
                n, ok, n * n, missed);
        right += ok;
        total += n * n;
        sure_empty += missed;
    }
    assert_true(right >= 0.97 * total);
    assert_true(sure_empty < 0.01 * stones);
}

/* A lattice half a cell off puts the squares between four points under the classifier, which
 * it never reads as a game would: most such "points" are read empty or unsure, so a reading
 * through a lattice that far off is far from the truth. */
static void test_vision_points__half_cell_off_reads_wrong(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    synth_params p;
    double density;
    synth_bench_board(&p, &density, 13, 500100);
    synth_legal_position(truth, 13, density, 500100);
    go_cv_image img = {0};
    vz_grid g;
    render_true_lattice(&img, &g, &p, truth, NULL);
    vz_lattice_move(g.h, g.h, 0.5, 0.5);
    uint8_t *patches = malloc(PATCH_BYTES * 169);
    float *prob = malloc(sizeof(float) * 3 * 169);
    assert_non_null(patches);
    assert_non_null(prob);
    assert_int_equal(vz_point_patches(patches, g.h, 13, &img), 0);
    assert_int_equal(vz_point_probs(prob, patches, 169), 0);
    int right = 0;
    for (int k = 0; k < 169; k++) {
        const float *q = prob + 3 * k;
        int best = q[1] > q[0] ? 1 : 0;
        if (q[2] > q[best])
            best = 2;
        right += (best == 0 ? GO_EMPTY : best == 1 ? GO_BLACK : GO_WHITE) == truth[k / 13][k % 13];
    }
    assert_true(right < 0.8 * 169);
    free(patches);
    free(prob);
    go_cv_image_free(&img);
}

/* A 9x9 of the benchmark's mixed row (every nuisance drawn at random) whose lines are too faint
 * to check its lattice by: refused without the classifier, read point for point when the
 * classifier reads the faint lattice alone, the lattice model vouching for it. */
static void test_vision_points__faint_lattice_read_by_the_classifier(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    render_mixed_board(&jpeg, &len, truth, corners, 9, 1007);
    assert_int_equal(setenv("GOREF_VISION_POINTS", "rule", 1), 0);
    const int rc = go_vision_scan(&r, jpeg, len, NULL);
    assert_int_equal(unsetenv("GOREF_VISION_POINTS"), 0);
    assert_int_equal(rc, GO_ENOBOARD);
    assert_non_null(strstr(go_error_last(), "too faint"));
    scan_reads_right(&r, jpeg, len, truth, 9, "a faint lattice read by the classifier");
    assert_int_equal(r.reader, GO_VISION_READ_CLASSIFIER);
}

/* A 9x9 of the same row whose lines are too faint, where the classifier is sure of a lattice that
 * is not the board's (read on it, 24 of 81 points would be right): the lattice model refuses that
 * lattice, and the board is refused or read right, never read wrong. */
static void test_vision_points__faint_wrong_lattice_not_read(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    render_mixed_board(&jpeg, &len, truth, corners, 9, 1098);
    const int rc = go_vision_scan(&r, jpeg, len, NULL);
    free(jpeg);
    if (rc == GO_ENOBOARD)
        return; /* refused: the teacher is asked for another photo */
    assert_int_equal(rc, 0);
    assert_int_equal(r.size, 9);
    assert_int_equal(synth_best_match(r.color, truth, 9), 81);
}

/* Another model is read from a file and named by it; a file that is no network is refused with
 * GO_EINVAL and the model in use stays; NULL goes back to the built-in one. */
static void test_vision_points__model_file_chosen_and_refused(void **state)
{
    (void)state;
    const char *built_in = go_vision_model_name();
    assert_non_null(built_in);
    assert_true(strncmp(built_in, "points-", 7) == 0);
    char name[128];
    snprintf(name, sizeof name, "%s", built_in);

    assert_int_equal(go_vision_use_model_file("/nonexistent/model.onnx"), GO_EIO);
    assert_string_equal(go_vision_model_name(), name);

    char bad[] = "/tmp/goref-points-XXXXXX";
    int fd = mkstemp(bad);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "not a network at all", 20), 20);
    close(fd);
    assert_int_equal(go_vision_use_model_file(bad), GO_EINVAL);
    assert_string_equal(go_vision_model_name(), name);
    unlink(bad);

    char good[] = "/tmp/goref-points-XXXXXX";
    fd = mkstemp(good);
    assert_true(fd >= 0);
    FILE *f = fopen(GOREF_SOURCE_DIR "/vision/model/points.onnx", "rb");
    assert_non_null(f);
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        assert_int_equal(write(fd, buf, got), (ssize_t)got);
    fclose(f);
    close(fd);
    assert_int_equal(go_vision_use_model_file(good), 0);
    assert_string_equal(go_vision_model_name(), strrchr(good, '/') + 1);
    unlink(good);

    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    synth_params p;
    double density;
    synth_bench_board(&p, &density, 9, 500200);
    synth_legal_position(truth, 9, density, 500200);
    int ok = 0;
    read_true_lattice(&ok, NULL, &p, truth);
    assert_true(ok >= 79);

    assert_int_equal(go_vision_use_model_file(NULL), 0);
    assert_string_equal(go_vision_model_name(), name);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_points__built_in_model_reads_unseen_boards),
        cmocka_unit_test(test_vision_points__pale_stones_under_a_pink_lamp),
        cmocka_unit_test(test_vision_points__half_cell_off_reads_wrong),
        cmocka_unit_test(test_vision_points__model_file_chosen_and_refused),
        cmocka_unit_test(test_vision_points__faint_lattice_read_by_the_classifier),
        cmocka_unit_test(test_vision_points__faint_wrong_lattice_not_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
