/* The marks for a person's look (go_vision_result.uncertain): which points the learned check
 * marks from the classifier's probabilities (vz_points_mark) and from the points' patches
 * (vz_points_mark_lone_edge, vz_points_mark_stone_tint), and, on rendered boards, the kinds of
 * miss a reader makes: pale stones under a pink lamp, a stone put down between two points, a
 * board turned in the frame. Each is read right or marked. A black reading the classifier is sure
 * is wood is read empty (vz_points_black_wood), a white one is not. A reading with two edges
 * mostly in doubt is of a lattice a line off: refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cv_shim.h"
#include "go/vision.h"
#include "synth.h"
#include "synth_cases.h"
#include "testutil.h"
#include "vision_int.h"

/* A reading of the board drawn in rows (X black, O white, . empty), every point sure. */
static void reading_of(go_vision_result *r, const char *const *rows, int n)
{
    memset(r, 0, sizeof *r);
    r->size = n;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            const char c = rows[y][x];
            r->color[y][x] = c == 'X' ? GO_BLACK : c == 'O' ? GO_WHITE : GO_EMPTY;
            r->confidence[y][x] = 1.0f;
        }
}

/* The classifier's probabilities (empty, black, white) for point (x, y) of an n-line board. */
static void prob_at(float *prob, int n, int x, int y, float empty, float black, float white)
{
    float *p = prob + 3 * ((size_t)y * n + x);
    p[0] = empty;
    p[1] = black;
    p[2] = white;
}

/* The classifier sure of every point as r reads it. */
static void sure_of_reading(float *prob, const go_vision_result *r)
{
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            const int c = r->color[y][x];
            prob_at(prob, r->size, x, y, c == GO_EMPTY ? 0.98f : 0.01f,
                    c == GO_BLACK ? 0.98f : 0.01f, c == GO_WHITE ? 0.98f : 0.01f);
        }
}

static int marked(const go_vision_result *r, int x, int y)
{
    return r->confidence[y][x] <= VZ_POINTS_DOUBT;
}

static int marks(const go_vision_result *r)
{
    int m = 0;
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++)
            m += marked(r, x, y);
    return m;
}

static const char *const crowd[9] = {
    "..XO.....", /* */
    ".XXOO.O..", /* */
    "XXOO.O...", /* */
    ".XO.OXO..", /* */
    ".XXOXX.O.", /* */
    "..XOOX.O.", /* */
    ".XXXOX.O.", /* */
    "..XOOXO..", /* */
    "...X.XO..", /* */
};

/* Where the classifier agrees with the reading everywhere, a stone it is less sure of (a pale
 * stone it gives 0.3 of being wood) costs no look: what both readers call a stone is seldom
 * wood. */
static void test_vision_flags__agreeing_board_spends_no_look(void **state)
{
    (void)state;
    static go_vision_result r;
    float prob[9 * 9 * 3];
    reading_of(&r, crowd, 9);
    sure_of_reading(prob, &r);
    prob_at(prob, 9, 7, 4, 0.3f, 0.0f, 0.7f);
    vz_points_mark(&r, prob);
    assert_int_equal(marks(&r), 0);
}

/* One point read otherwise by the classifier is marked, and only that one. */
static void test_vision_flags__one_difference_marks_one_point(void **state)
{
    (void)state;
    static go_vision_result r;
    float prob[9 * 9 * 3];
    reading_of(&r, crowd, 9);
    sure_of_reading(prob, &r);
    prob_at(prob, 9, 7, 4, 0.3f, 0.0f, 0.7f);
    prob_at(prob, 9, 8, 8, 0.1f, 0.0f, 0.9f); /* read empty, white to the classifier */
    vz_points_mark(&r, prob);
    assert_true(marked(&r, 8, 8));
    assert_int_equal(marks(&r), 1);
}

/* A black reading beside one stone only, that the classifier gives some chance of being wood, is
 * marked: the shadow a stone casts to one side is as dark as a black stone. Not the same doubt on
 * a black stone alone or beside two, nor a white reading, nor a black stone beside one stone that
 * the classifier is sure of; the colours stay the rule's. */
static void test_vision_flags__shadow_beside_a_stone_is_marked(void **state)
{
    (void)state;
    static const char *const sparse[9] = {
        ".........", /* */
        "..OX.....", /* (3, 1): black beside one stone */
        ".........", /* */
        "....X....", /* (4, 3): black alone */
        ".........", /* */
        "...XXX...", /* (4, 5): black beside two */
        ".........", /* */
        ".....OO..", /* (6, 7): white beside one */
        "..XO.....", /* (2, 8): black beside one, the classifier sure */
    };
    static go_vision_result r;
    float prob[9 * 9 * 3];
    reading_of(&r, sparse, 9);
    sure_of_reading(prob, &r);
    prob_at(prob, 9, 3, 1, 0.15f, 0.85f, 0.0f);
    prob_at(prob, 9, 4, 3, 0.15f, 0.85f, 0.0f);
    prob_at(prob, 9, 4, 5, 0.15f, 0.85f, 0.0f);
    prob_at(prob, 9, 6, 7, 0.15f, 0.0f, 0.85f);
    prob_at(prob, 9, 2, 8, 0.005f, 0.995f, 0.0f);
    vz_points_mark(&r, prob);
    assert_true(marked(&r, 3, 1));
    assert_int_equal(marks(&r), 1);
    assert_int_equal(r.color[1][3], GO_BLACK);
}

/* A point read empty that the classifier gives under 0.9 of being empty is marked wherever it
 * lies (a stone taken for wood by both readers: the classifier is the less sure one), near the
 * points the readers differ on or far from them; not one it gives 0.95, nor a stone it is as
 * unsure of, nor the points it is sure of. The colours stay the rule's. */
static void test_vision_flags__unsure_empty_points_are_marked(void **state)
{
    (void)state;
    static go_vision_result r;
    float prob[9 * 9 * 3];
    reading_of(&r, crowd, 9);
    sure_of_reading(prob, &r);
    prob_at(prob, 9, 8, 7, 0.2f, 0.0f, 0.8f);   /* read empty: white to the classifier */
    prob_at(prob, 9, 8, 5, 0.68f, 0.0f, 0.32f); /* read empty beside it: unsure */
    prob_at(prob, 9, 8, 8, 0.95f, 0.0f, 0.05f); /* read empty beside it: sure enough */
    prob_at(prob, 9, 0, 0, 0.7f, 0.0f, 0.3f);   /* read empty far from it: unsure */
    prob_at(prob, 9, 7, 5, 0.3f, 0.0f, 0.7f);   /* read white beside it: unsure */
    vz_points_mark(&r, prob);
    assert_true(marked(&r, 8, 7));
    assert_true(marked(&r, 8, 5));
    assert_true(marked(&r, 0, 0));
    assert_false(marked(&r, 8, 8));
    assert_false(marked(&r, 7, 5));
    assert_int_equal(marks(&r), 3);
    assert_int_equal(r.color[7][8], GO_EMPTY);
}

/* Patches of uniform colour (B, G, R) for each point of reading r: stones white or black with a
 * little variation from point to point, the wood between them. */
static void uniform_patches(uint8_t *patches, const go_vision_result *r)
{
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    for (int k = 0; k < r->size * r->size; k++) {
        const int c = r->color[k / r->size][k % r->size], wobble = (k * 7) % 5 - 2;
        const int level = c == GO_WHITE ? 200 : c == GO_BLACK ? 40 : 110;
        for (size_t i = 0; i < patch; i++)
            patches[(size_t)k * patch + i] = (uint8_t)(level + wobble);
    }
}

/* The crowd read as it is, every point sure to the classifier, its patches uniform. */
static void sure_crowd(go_vision_result *r, uint8_t *patches, float *prob)
{
    reading_of(r, crowd, 9);
    uniform_patches(patches, r);
    sure_of_reading(prob, r);
}

/* Sets point (x, y)'s patch to colour (B, G, R). */
static void tint_patch(uint8_t *patches, int n, int x, int y, int b, int g, int red)
{
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    uint8_t *p = patches + ((size_t)y * n + x) * patch;
    for (size_t i = 0; i < patch; i += 3) {
        p[i] = (uint8_t)b;
        p[i + 1] = (uint8_t)g;
        p[i + 2] = (uint8_t)red;
    }
}

static const char *const sparse[9] = {
    "...OX....", /* */
    "..XO.....", /* */
    "..OX..O..", /* */
    ".....X...", /* */
    "O..XO...O", /* */
    "...OX....", /* */
    "....X.O..", /* */
    "..O...X..", /* */
    "....O...X", /* */
};

/* A hand reaching over the board's edge is read as a lone stone there: a white reading on the
 * first line with no stone around it, as warm as skin against the neutral stones, is marked (the
 * left edge's). A lone white stone on the edge as neutral as the others is not (the right
 * edge's), nor as warm a one beside a stone (the top edge's), nor the stones in the middle. */
static void test_vision_flags__lone_edge_stone_unlike_the_stones_is_marked(void **state)
{
    (void)state;
    static go_vision_result r;
    static uint8_t patches[9 * 9 * VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3];
    reading_of(&r, sparse, 9);
    uniform_patches(patches, &r);
    tint_patch(patches, 9, 0, 4, 170, 190, 230); /* skin: red over green over blue */
    tint_patch(patches, 9, 3, 0, 170, 190, 230);
    vz_points_mark_lone_edge(&r, patches);
    assert_true(marked(&r, 0, 4));
    assert_false(marked(&r, 8, 4));
    assert_int_equal(marks(&r), 1);
    /* the same photo with its hand as neutral as the stones: no mark */
    reading_of(&r, sparse, 9);
    uniform_patches(patches, &r);
    vz_points_mark_lone_edge(&r, patches);
    assert_int_equal(marks(&r), 0);
}

/* Wood between two stones that lean toward its point, read as a stone by the rule and by the
 * classifier together (0.94 black), keeps the wood's tint: a stone far from its colour's tint
 * that the classifier gives some chance of being empty is marked, black or white. A stone as
 * far off in tint that the classifier is sure of (glare, shade on a real stone) is not, nor one
 * of its colour's tint that it is unsure of (the classifier's own marks are vz_points_mark's). */
static void test_vision_flags__stone_with_the_woods_tint_is_marked(void **state)
{
    (void)state;
    static go_vision_result r;
    static uint8_t patches[9 * 9 * VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3];
    float prob[9 * 9 * 3];
    sure_crowd(&r, patches, prob);
    tint_patch(patches, 9, 1, 3, 80, 72, 99); /* wood between dark stones, read black */
    prob_at(prob, 9, 1, 3, 0.06f, 0.94f, 0.0f);
    tint_patch(patches, 9, 4, 3, 150, 140, 185); /* wood, read white */
    prob_at(prob, 9, 4, 3, 0.1f, 0.0f, 0.9f);
    tint_patch(patches, 9, 5, 4, 80, 72, 99); /* a black stone under a warm glare */
    prob_at(prob, 9, 5, 4, 0.005f, 0.995f, 0.0f);
    prob_at(prob, 9, 2, 4, 0.4f, 0.6f, 0.0f); /* a black stone of the stones' tint, unsure */
    /* the classifier alone marks none of them */
    vz_points_mark(&r, prob);
    assert_int_equal(marks(&r), 0);
    vz_points_mark_stone_tint(&r, patches, prob);
    assert_true(marked(&r, 1, 3));
    assert_true(marked(&r, 4, 3));
    assert_false(marked(&r, 5, 4));
    assert_false(marked(&r, 2, 4));
    assert_int_equal(marks(&r), 2);
    assert_int_equal(r.color[3][1], GO_BLACK);
}

/* Whether point (x, y) of reading r is in its list of points needing a look. */
static int listed(const go_vision_result *r, int x, int y)
{
    for (int k = 0; k < r->uncertain_count; k++)
        if (r->uncertain[k] == go_point_at(x, y))
            return 1;
    return 0;
}

/* A board of the bench's kind, half as crowded, with up to three stones put down half a cell
 * off their points toward an empty point, in rows 1, 4, 7, ...: the stone lies between the two
 * points. Every point read wrong must be among those listed for a look. On these boards such
 * stones are read at the other point, the stone's own point left empty. */
static void test_vision_flags__stone_between_two_points_is_marked(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2];
    static go_vision_result r;
    static const int boards[3][2] = {{13, 4}, {19, 5}, {19, 11}}; /* size, board */
    int between = 0, wrong = 0;
    for (int b = 0; b < 3; b++) {
        const int n = boards[b][0], k = boards[b][1];
        const uint64_t seed = 900000 + (uint64_t)k;
        synth_params p;
        double density;
        synth_bench_board(&p, &density, n, seed);
        synth_legal_position(truth, n, density * 0.5, seed);
        memset(nudge, 0, sizeof nudge);
        int put = 0;
        for (int y = 1; y < n - 1 && put < 3; y += 3)
            for (int x = 1; x < n - 2 && put < 3; x++)
                if (truth[y][x] != GO_EMPTY && truth[y][x + 1] == GO_EMPTY &&
                    truth[y][x + 2] == GO_EMPTY && truth[y - 1][x + 1] == GO_EMPTY &&
                    truth[y + 1][x + 1] == GO_EMPTY && (x * 7 + y * 3 + k) % 4 == 0) {
                    nudge[y][x][0] = 0.5;
                    put++;
                    x += 3;
                }
        between += put;
        p.nudge = (const double(*)[GO_MAX_SIZE][2])nudge;
        uint8_t *jpeg = NULL;
        size_t len = 0;
        double corners[4][2];
        assert_int_equal(synth_render(&jpeg, &len, &p, truth, corners), 0);
        assert_int_equal(go_vision_scan(&r, jpeg, len, NULL), 0);
        free(jpeg);
        assert_int_equal(r.size, n);
        int sym = 0;
        go_vision_match(&r, truth, n, &sym);
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int tx, ty;
                go_vision_symmetry(sym, n, x, y, &tx, &ty);
                if (r.color[y][x] == truth[ty][tx])
                    continue;
                wrong++;
                if (!listed(&r, x, y))
                    fprintf(stderr, "board %d (%dx%d): point %d %d read wrong, unmarked\n", k, n, n,
                            x, y);
                assert_true(listed(&r, x, y));
            }
    }
    fprintf(stderr, "%d stones between two points, %d points read wrong, all marked\n", between,
            wrong);
    assert_true(between > 0);
}

/* Reading r as truth has it (size n), every point sure. */
static void reading_from(go_vision_result *r, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int n)
{
    memset(r, 0, sizeof *r);
    r->size = n;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            r->color[y][x] = truth[y][x];
            r->confidence[y][x] = 1.0f;
        }
}

/* Renders p with the stones of truth and runs the learned check (vz_points_check) on reading r
 * through the board's true lattice, as the reader runs it on the lattice it found, with the
 * lines' dips through the points that the classification measures there (r->line_dip). */
static void check_on_true_lattice(go_vision_result *r, const synth_params *p,
                                  uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE])
{
    static go_vision_result classified;
    go_cv_image img = {0};
    vz_grid g;
    render_true_lattice(&img, &g, p, truth, NULL);
    classified = *r;
    const int rc = vz_classify(&classified, &img, &g, 0, NULL);
    assert_true(rc == 0 || rc == GO_ENOBOARD);
    memcpy(r->line_dip, classified.line_dip, sizeof r->line_dip);
    assert_int_equal(vz_points_check(r, &g, &img), 0);
    go_cv_image_free(&img);
}

/* Renders p with the stones of truth, reads it, and asserts that every point read wrong is
 * listed for a look (a refusal is no silent reading either). Returns the points read wrong. */
static int read_right_or_marked(const synth_params *p, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE],
                                const char *what)
{
    static go_vision_result r;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    assert_int_equal(synth_render(&jpeg, &len, p, truth, corners), 0);
    const int rc = go_vision_scan(&r, jpeg, len, NULL);
    free(jpeg);
    if (rc < 0) {
        fprintf(stderr, "%s: refused: %s\n", what, go_error_last());
        return 0;
    }
    const int n = p->size;
    assert_int_equal(r.size, n);
    int sym = 0, wrong = 0;
    go_vision_match(&r, truth, n, &sym);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int tx, ty;
            go_vision_symmetry(sym, n, x, y, &tx, &ty);
            if (r.color[y][x] == truth[ty][tx])
                continue;
            wrong++;
            if (!listed(&r, x, y))
                fprintf(stderr, "%s: point %d %d read wrong, unmarked\n", what, x, y);
            assert_true(listed(&r, x, y));
        }
    fprintf(stderr, "%s: %d points read wrong, %d marked of %d\n", what, wrong, r.uncertain_count,
            n * n);
    return wrong;
}

/* Crowded boards under a pink lamp (the lamp of the photos, green nearly dark) with pale stones
 * of nearly the wood's colour, the lamp's light falling off across the board: the classifier
 * takes many of them for wood. Each point is read right or marked, on 9x9, 13x13 and 19x19. */
static void test_vision_flags__pale_stones_under_a_pink_lamp(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static const int sizes[3] = {9, 13, 19};
    for (int k = 0; k < 3; k++) {
        const uint64_t seed = 5000 + (uint64_t)k;
        synth_params p;
        double density;
        synth_bench_board_lit(&p, &density, sizes[k], seed, 0);
        p.tinted = 1;
        static const double dark[3] = {30, 30, 35},
                            pale[3] = {107, 171, 216}; /* wood 105 170 215 */
        for (int c = 0; c < 3; c++) {
            p.black_bgr[c] = dark[c];
            p.white_bgr[c] = pale[c];
        }
        p.gradient = 0.3;
        synth_legal_position(truth, sizes[k], density, seed);
        char what[64];
        snprintf(what, sizeof what, "pink lamp, pale stones, %dx%d", sizes[k], sizes[k]);
        read_right_or_marked(&p, truth, what);
    }
}

/* Board k of the bench's 19x19 row of pale stones (bench_vision --row pale), its white stones
 * glossy domes of the given depth (lighter at the top, a glint, darker toward the rim) and its
 * printed lines faint, as under a coloured lamp: read with every white stone of the five columns
 * on the lamp's dim side taken for wood, as the colour rule takes such stones, and checked by the
 * learned check on the true lattice. A stone read white again must be marked; every other point
 * must read as it was. Gives how many were taken and how many read white again. */
static void pale_domes_read_back(int k, double dome, int *taken, int *back)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    static const double wood[3] = {105, 170, 215};
    const int n = 19;
    const uint64_t seed = 1000 + (uint64_t)k * 7 + 2; /* the bench's 19x19 seeds */
    synth_params p;
    double density;
    synth_bench_board_pale(&p, &density, n, seed, k);
    p.dome = dome;
    for (int c = 0; c < 3; c++) /* the ink a fifth of the way from the wood */
        p.line_bgr[c] = 35 + 0.8 * (wood[c] - 35);
    synth_legal_position(truth, n, density, seed);
    reading_from(&r, truth, n);
    *taken = *back = 0;
    for (int y = 0; y < n; y++)
        for (int x = n - 5; x < n; x++)
            if (truth[y][x] == GO_WHITE) {
                r.color[y][x] = GO_EMPTY;
                ++*taken;
            }
    check_on_true_lattice(&r, &p, truth);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            const int was_taken = x >= n - 5 && truth[y][x] == GO_WHITE;
            if (was_taken && r.color[y][x] == GO_WHITE) {
                assert_true(marked(&r, x, y));
                ++*back;
            } else {
                assert_int_equal(r.color[y][x], was_taken ? GO_EMPTY : truth[y][x]);
            }
        }
    fprintf(stderr,
            "pale row board %d, domes %.2f deep on faint lines: %d of %d white stones "
            "read again\n",
            (int)seed, dome, *back, *taken);
}

/* Deep domes hide the faint lines: on each of three boards the learned check reads some of the
 * stones taken for wood white again, and half of them in all. */
static void test_vision_flags__pale_domes_hiding_the_lines_are_read_white(void **state)
{
    (void)state;
    const int k_of[3] = {1, 3, 4};
    int taken = 0, back = 0;
    for (int i = 0; i < 3; i++) {
        int board_taken, board_back;
        pale_domes_read_back(k_of[i], 0.35, &board_taken, &board_back);
        assert_true(board_back > 0);
        taken += board_taken;
        back += board_back;
    }
    assert_true(2 * back >= taken);
}

/* Shallower domes (their light falls off less toward the rim) on the same faint lines: a dome
 * hides lines that faint no more than a stone's shadow does, and the dips through the stones
 * taken for wood read about as the wood's. Their tops' glints tell them: on each board more than
 * half of them are read white again. */
static void test_vision_flags__pale_domes_on_faint_lines_read_white_by_their_glint(void **state)
{
    (void)state;
    const int k_of[2] = {3, 5};
    for (int i = 0; i < 2; i++) {
        int taken, back;
        pale_domes_read_back(k_of[i], 0.2, &taken, &back);
        assert_true(2 * back > taken);
    }
}

/* Webcam frames (640x480) that cut a corner of a 19x19 board off: the points the frame cuts
 * through read as border pixels, and each one read wrong is marked. The boards are two of the
 * bench's webcam row (bench_vision --row webcam) whose corners lie beyond the frame. */
static void test_vision_flags__points_the_frame_cuts_are_marked(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static const int k_of[2] = {8, 10};
    for (int i = 0; i < 2; i++) {
        const uint64_t seed = 1000 + (uint64_t)k_of[i] * 7 + 2; /* the bench's 19x19 seeds */
        synth_params p;
        double density, corners[4][2];
        synth_bench_board_webcam(&p, &density, 19, seed, k_of[i]);
        synth_legal_position(truth, 19, density, seed);
        uint8_t *jpeg = NULL;
        size_t len = 0;
        assert_int_equal(synth_render(&jpeg, &len, &p, truth, corners), 0);
        free(jpeg);
        int out = 0; /* the frame cuts the board: a corner point beyond the photo */
        for (int c = 0; c < 4; c++)
            out += corners[c][0] < 0 || corners[c][1] < 0 || corners[c][0] >= p.width ||
                   corners[c][1] >= p.height;
        assert_true(out > 0);
        char what[64];
        snprintf(what, sizeof what, "webcam frame cutting a corner, seed %llu",
                 (unsigned long long)seed);
        read_right_or_marked(&p, truth, what);
    }
}

/* Boards with up to three stones put down half a cell off their points, between two empty
 * points, read with the stone dropped (both points empty, as a reader that misses it reads
 * them): at least one of the two points is marked, so a person looking finds the stone. Three
 * sizes, and the 13x13 and 19x19 also turned 25 degrees in the frame. */
static void test_vision_flags__stone_dropped_between_two_points_is_marked(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2];
    static go_vision_result r;
    int between = 0;
    for (int b = 0; b < 5; b++) {
        const int n = b == 0 ? 9 : b % 2 ? 13 : 19;
        const uint64_t seed = 7000 + (uint64_t)b;
        synth_params p;
        double density;
        synth_bench_board(&p, &density, n, seed);
        if (b >= 3)
            p.rotate_deg = 25;
        synth_legal_position(truth, n, density * 0.5, seed);
        memset(nudge, 0, sizeof nudge);
        int put = 0, at[3][2];
        for (int y = 1; y < n - 1 && put < 3; y += 3)
            for (int x = 1; x < n - 2 && put < 3; x++)
                if (truth[y][x] != GO_EMPTY && truth[y][x + 1] == GO_EMPTY &&
                    truth[y][x + 2] == GO_EMPTY && truth[y - 1][x + 1] == GO_EMPTY &&
                    truth[y + 1][x + 1] == GO_EMPTY) {
                    nudge[y][x][0] = 0.5;
                    at[put][0] = x;
                    at[put][1] = y;
                    put++;
                    x += 3;
                }
        p.nudge = (const double(*)[GO_MAX_SIZE][2])nudge;
        reading_from(&r, truth, n);
        for (int k = 0; k < put; k++)
            r.color[at[k][1]][at[k][0]] = GO_EMPTY;
        check_on_true_lattice(&r, &p, truth);
        for (int k = 0; k < put; k++) {
            const int x = at[k][0], y = at[k][1];
            if (!marked(&r, x, y) && !marked(&r, x + 1, y))
                fprintf(stderr, "board %d (%dx%d): stone between %d %d and %d %d unmarked\n", b, n,
                        n, x, y, x + 1, y);
            assert_true(marked(&r, x, y) || marked(&r, x + 1, y));
        }
        between += put;
    }
    fprintf(stderr, "%d stones dropped between two points, each marked\n", between);
    assert_true(between >= 6);
}

/* Boards turned 25 degrees in the frame (the turn of a photo that missed the board's axes), read
 * with one point misread of each kind: a black stone read white, a white one read black, a stone
 * read as wood, wood read black. Each misread point is marked; the board read whole is read
 * right or marked. */
static void test_vision_flags__turned_board_misread_point_is_marked(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    static const int sizes[3] = {9, 13, 19};
    for (int k = 0; k < 3; k++) {
        const int n = sizes[k];
        const uint64_t seed = 7100 + (uint64_t)k;
        synth_params p;
        double density;
        synth_bench_board(&p, &density, n, seed);
        p.rotate_deg = 25;
        synth_legal_position(truth, n, density, seed);
        /* the first point of each kind in reading order, from the second row on */
        int found[4][2] = {{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}};
        static const uint8_t is[4] = {GO_BLACK, GO_WHITE, GO_BLACK, GO_EMPTY},
                             read_as[4] = {GO_WHITE, GO_BLACK, GO_EMPTY, GO_BLACK};
        for (int y = 1; y < n - 1; y++)
            for (int x = 1; x < n - 1; x++)
                for (int m = 0; m < 4; m++)
                    if (found[m][0] < 0 && truth[y][x] == is[m] &&
                        (m != 2 || found[0][0] != x || found[0][1] != y)) {
                        found[m][0] = x;
                        found[m][1] = y;
                        break;
                    }
        reading_from(&r, truth, n);
        for (int m = 0; m < 4; m++) {
            assert_true(found[m][0] >= 0);
            r.color[found[m][1]][found[m][0]] = read_as[m];
        }
        check_on_true_lattice(&r, &p, truth);
        for (int m = 0; m < 4; m++)
            assert_true(marked(&r, found[m][0], found[m][1]));
        char what[64];
        snprintf(what, sizeof what, "turned 25 degrees, %dx%d", n, n);
        read_right_or_marked(&p, truth, what);
    }
}

/* The bench's crowded 19x19 board of this seed, half as crowded, read as its true position except
 * at the first `extra` empty points (row by row, off the edge) with no stone among their eight
 * neighbours, which the reading takes for stones of colour `as` (as the colour rule takes a
 * stone's shadow, a lamp's dark tint or a stain in the wood), and checked by the learned check on
 * the true lattice. Gives how many of those points read empty, and how many true stones read
 * otherwise. */
static void false_stones_checked(uint64_t seed, int as, int extra, int *emptied, int *stones_lost)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    const int n = 19;
    synth_params p;
    double density;
    synth_bench_board(&p, &density, n, seed);
    synth_legal_position(truth, n, density * 0.5, seed);
    reading_from(&r, truth, n);
    int taken[GO_MAX_SIZE * GO_MAX_SIZE], ntaken = 0;
    for (int k = 0; k < n * n && ntaken < extra; k++) {
        const int y = k / n, x = k % n;
        int alone = truth[y][x] == GO_EMPTY;
        for (int dy = -1; dy <= 1 && alone; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                const int qx = x + dx, qy = y + dy;
                if (qx >= 0 && qy >= 0 && qx < n && qy < n && truth[qy][qx] != GO_EMPTY)
                    alone = 0;
            }
        if (alone && x > 0 && y > 0 && x < n - 1 && y < n - 1) {
            r.color[y][x] = (unsigned char)as;
            taken[ntaken++] = k;
        }
    }
    assert_int_equal(ntaken, extra);
    check_on_true_lattice(&r, &p, truth);
    *emptied = *stones_lost = 0;
    for (int i = 0; i < ntaken; i++) {
        const int y = taken[i] / n, x = taken[i] % n;
        assert_true(marked(&r, x, y));
        *emptied += r.color[y][x] == GO_EMPTY;
    }
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (truth[y][x] != GO_EMPTY && r.color[y][x] != truth[y][x])
                ++*stones_lost;
    fprintf(stderr, "seed %d, %d false %s stones: %d read empty, %d true stones read otherwise\n",
            (int)seed, extra, as == GO_BLACK ? "black" : "white", *emptied, *stones_lost);
}

/* On rendered boards, false stones on bare points far from any stone (the colour rule's reading
 * of a shadow or a dark stain): the black ones are read empty by the learned check, the white ones
 * keep the rule's colour (marked, as each of them is), and no true stone changes. */
static void test_vision_flags__false_black_on_bare_wood_read_empty(void **state)
{
    (void)state;
    for (uint64_t seed = 1002; seed <= 1016; seed += 7) {
        int emptied, lost;
        false_stones_checked(seed, GO_BLACK, 4, &emptied, &lost);
        assert_int_equal(emptied, 4);
        assert_int_equal(lost, 0);
        false_stones_checked(seed, GO_WHITE, 4, &emptied, &lost);
        assert_int_equal(emptied, 0);
        assert_int_equal(lost, 0);
    }
}

/* The classifier's wood against the rule's black, by its probabilities and the points' tints: a
 * black reading it gives 0.95 of being empty, with the wood's warm tint, is read empty and marked;
 * one it gives 0.85 stays black (marked, as it reads it otherwise); one it gives 0.95 but of the
 * black stones' own tint (a stone of a make it was not trained on) stays black; a white one it
 * gives 0.97 of being empty stays white. */
static void test_vision_flags__black_the_classifier_is_sure_is_wood_read_empty(void **state)
{
    (void)state;
    static go_vision_result r;
    static uint8_t patches[9 * 9 * VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3];
    float prob[9 * 9 * 3];
    sure_crowd(&r, patches, prob);
    tint_patch(patches, 9, 2, 0, 80, 72, 99); /* black (2, 0): the wood's tint */
    prob_at(prob, 9, 2, 0, 0.95f, 0.05f, 0.0f);
    tint_patch(patches, 9, 1, 1, 80, 72, 99); /* black (1, 1) */
    prob_at(prob, 9, 1, 1, 0.85f, 0.15f, 0.0f);
    prob_at(prob, 9, 2, 1, 0.95f, 0.05f, 0.0f);  /* black (2, 1), the stones' tint */
    tint_patch(patches, 9, 3, 0, 150, 140, 185); /* white (3, 0) */
    prob_at(prob, 9, 3, 0, 0.97f, 0.0f, 0.03f);
    assert_int_equal(vz_points_black_wood(&r, patches, prob), 1);
    assert_int_equal(r.color[0][2], GO_EMPTY);
    assert_true(marked(&r, 2, 0));
    assert_int_equal(r.color[1][1], GO_BLACK);
    assert_int_equal(r.color[1][2], GO_BLACK);
    assert_int_equal(r.color[0][3], GO_WHITE);
    vz_points_mark(&r, prob);
    assert_true(marked(&r, 1, 1));
    assert_true(marked(&r, 2, 1));
    assert_true(marked(&r, 3, 0));
}

/* A classifier that reads more than a tenth of the other black stones as something else does not
 * know this board's black stones: its wood does not overrule the rule's black anywhere. The crowd
 * has 21 black readings: with 3 of the 20 others read as wood under 0.9, the one it is sure of
 * stays black; with 2, 18 of 20 read black is enough. */
static void test_vision_flags__classifier_unsure_of_black_stones_overrules_none(void **state)
{
    (void)state;
    static go_vision_result r;
    static uint8_t patches[9 * 9 * VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3];
    float prob[9 * 9 * 3];
    sure_crowd(&r, patches, prob);
    tint_patch(patches, 9, 2, 0, 80, 72, 99);
    prob_at(prob, 9, 2, 0, 0.95f, 0.05f, 0.0f);
    prob_at(prob, 9, 1, 1, 0.6f, 0.4f, 0.0f);
    prob_at(prob, 9, 2, 1, 0.6f, 0.4f, 0.0f);
    prob_at(prob, 9, 0, 2, 0.6f, 0.4f, 0.0f);
    assert_int_equal(vz_points_black_wood(&r, patches, prob), 0);
    assert_int_equal(r.color[0][2], GO_BLACK);
    prob_at(prob, 9, 0, 2, 0.02f, 0.98f, 0.0f);
    assert_int_equal(vz_points_black_wood(&r, patches, prob), 1);
    assert_int_equal(r.color[0][2], GO_EMPTY);
}

/* A 9x9 of the mixed row whose lattice the looks settle a line off (35 of 81 points right on it),
 * both its ends read mostly in doubt: refused, with that lattice handed back for a person's
 * corners; read at all, it is read right. */
static void test_vision_flags__two_edges_in_doubt_refuse_the_reading(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    render_mixed_board(&jpeg, &len, truth, corners, 9, 500175);
    const int rc = go_vision_scan(&r, jpeg, len, NULL);
    free(jpeg);
    if (rc == 0) {
        assert_int_equal(r.size, 9);
        assert_int_equal(synth_best_match(r.color, truth, 9), 81);
        return;
    }
    assert_int_equal(rc, GO_ENOBOARD);
    assert_non_null(strstr(go_error_last(), "two edges"));
    assert_int_equal(r.size, 9); /* the lattice refused, where a person's corners start */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_flags__agreeing_board_spends_no_look),
        cmocka_unit_test(test_vision_flags__one_difference_marks_one_point),
        cmocka_unit_test(test_vision_flags__unsure_empty_points_are_marked),
        cmocka_unit_test(test_vision_flags__shadow_beside_a_stone_is_marked),
        cmocka_unit_test(test_vision_flags__lone_edge_stone_unlike_the_stones_is_marked),
        cmocka_unit_test(test_vision_flags__stone_with_the_woods_tint_is_marked),
        cmocka_unit_test(test_vision_flags__stone_between_two_points_is_marked),
        cmocka_unit_test(test_vision_flags__pale_stones_under_a_pink_lamp),
        cmocka_unit_test(test_vision_flags__pale_domes_hiding_the_lines_are_read_white),
        cmocka_unit_test(test_vision_flags__pale_domes_on_faint_lines_read_white_by_their_glint),
        cmocka_unit_test(test_vision_flags__stone_dropped_between_two_points_is_marked),
        cmocka_unit_test(test_vision_flags__turned_board_misread_point_is_marked),
        cmocka_unit_test(test_vision_flags__points_the_frame_cuts_are_marked),
        cmocka_unit_test(test_vision_flags__two_edges_in_doubt_refuse_the_reading),
        cmocka_unit_test(test_vision_flags__false_black_on_bare_wood_read_empty),
        cmocka_unit_test(test_vision_flags__black_the_classifier_is_sure_is_wood_read_empty),
        cmocka_unit_test(test_vision_flags__classifier_unsure_of_black_stones_overrules_none),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
