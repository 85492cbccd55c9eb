/* bench_vision: reads every photo of ../shared/data/photos (MANIFEST.tsv), compares the
 * reading with its .board label under the 8 symmetries of the square, and prints tables by
 * source, board size and group, then overall: intersections correct, photos perfect, refusals
 * (counted as wrong), silent points (wrong and not marked for a look), marks for a look, and
 * median / p95 milliseconds with the decode, detect and classify shares. One OpenCV thread.
 * The photos are read three ways:
 *   as built     the built-in models, trained on every photo here and synthetic boards;
 *   held out     each photo read by the models of its fold (vision/model/folds/: the point
 *                classifier fold*.onnx, the lattice model lattice_fold*.onnx), trained
 *                without the photos of that fold: the groups of photos (one physical board,
 *                one lamp series) are dealt to PHOTO_SET_FOLDS folds (bench/photo_set.c), so
 *                a photo is read by a model that saw neither it nor its group. This is the
 *                figure to judge a change by;
 *   rule alone   without the classifier (GOREF_VISION_POINTS=rule), the colour rule's reading.
 * Then the same for synthetic crowded boards of 9, 13 and 19 lines (tests/vision/synth.c), the
 * finished games of the sizes the photos lack, under white light, (half as many) under the
 * coloured lamps of the coloured-light photos, and (a third as many each) seen from lower over
 * the board than the photos are, small in the photo, with every stone put down off its point by
 * a hurried hand, and under a low light's shadows; rooms and makes no photo here shows; then the
 * board turned on the table, on a cloth checked at its angle, crowded under a saturated blue or
 * violet lamp with pale lines, as a webcam frame, crowded with pale stones under a lamp falling
 * off to one side, and seen from 35 to 50 degrees above the table (crowded, sparse, some turned
 * on the table). With --turns, every photo is read again
 * turned a quarter turn at a time (saved again as JPEG at quality 92), with --sizes resized to a
 * long side of 800, 1,200 and 4,000 pixels (quality 92) and to 1,600 at quality 70; each by the
 * models of its fold (as held out), with the silent points and marks of those readings.
 * --alter reads only the photos as they are and then altered as no photo here was taken
 * (synth_photo_altered: a saturated blue, a violet and a pink lamp, a dim room, a webcam frame,
 * the board turned 20-30 degrees in the frame, seen from lower; fixed seeds), a row each, by the
 * models of each photo's fold; --save DIR writes the altered photos there. --alter2 does the
 * same with two alterations laid one over the other (a lamp or a dim room, then a webcam or a
 * view), harder than --alter: failures to develop on in the folds one may look at.
 * Usage: bench_vision [-v] (each photo and synthetic board not read perfectly; -vv every
 * synthetic board, with what was drawn for the mixed row: breakdowns by board, lamp, room)
 * [--overlay DIR] [--only SUBSTRING] [--turns] [--sizes] [--alter]
 * [--alter2]
 * [--models DIR] (the fold models; default vision/model/folds) [--disputed FILE] (points whose
 * published label the photo contradicts, set aside in a second table; default
 * bench/disputed_truth.tsv) [--no-rule] [--synthetic N]
 * (N boards a size; 0 skips them) [--seeds BASE] (the first synthetic board's seed, default
 * 1000, whose boards the reader was looked at on; another base reads boards nobody has seen) [--row
 * NAME] (that synthetic row alone, no photos: plain, lamps, low, small, hurried, shadows, scene,
 * turned, cloth, blue, webcam, pale or steep; or mixed, a row only this option reads: as many
 * boards as the plain row, each drawing every parameter of the rows at random over their ranges,
 * synth_bench_board_mixed, a combination no row draws) [--save DIR] (each synthetic board read is
 * written there as <size>-<row>-<seed>.jpg, to look at) [--dump FILE] (every reading written there
 * in full, times left out: a change meant to keep the readings can be diffed against it) [--folds
 * DIGITS] (only the photos of those folds, e.g. 01: develop on some groups, measure on the others)
 * [--wrong FILE] (a line for every wrong point of a synthetic board: truth, reading, the colour
 * rule's reading alone, the classifier's probabilities through the true lattice, the lamp's light
 * there)
 * [--grid-diag] (a diagnostic: each refused synthetic board's grid finder stages run again
 * against its true lines, grid_diag.c; the first stage where they drop out, and a table by row)
 * [--candidates] (with -v: each refusal's lattices against the true one, and with --alter or
 * --alter2 a count a variant of the refusals whose true lattice was judged and refused against
 * those never proposed; --candidates-all lists them all) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "cv_shim.h"
#include "go/board.h"
#include "go/vision.h"
#include "grid_diag.h"
#include "photo_set.h"
#include "photo_verdict.h"
#include "synth.h"
#include "vision_int.h"

#define MAX_PHOTOS PHOTO_SET_MAX

/* One photo read one way. */
typedef struct photo_row {
    int correct, total, refused, perfect, wrong_size;
    /* the same with the photo's disputed truth points (bench/disputed_truth.tsv) set aside: left
     * out of the points counted, right or wrong */
    int aside_correct, aside_total, aside_perfect, aside_wrong_marked;
    int silent;       /* returned as a success, yet a wrong size or under 90% of the points right */
    int wrong_marked; /* of the wrong points of a reading of the right size, those marked for a look
                       */
    int marks;        /* the points of such a reading marked for a look, right or wrong */
    double ms_total, ms_decode, ms_detect, ms_classify, ms_cpu, ms_wall;
    unsigned warps, warps_reused; /* the scan's warps, and those answered from its cache */
} photo_row;

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double pct(double *v, int n, double q)
{
    if (n == 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    int i = (int)ceil(q * n) - 1;
    if (i < 0)
        i = 0;
    if (i >= n)
        i = n - 1;
    return v[i];
}

/* Points of the photos whose published label the photo contradicts (bench/disputed_truth.tsv,
 * with the evidence for each): the figures are given against the published labels and again with
 * these points set aside. */
#define MAX_DISPUTED 256
typedef struct disputed_point {
    char image[512];
    int x, y; /* column and row of the .board file */
} disputed_point;
static disputed_point disputed[MAX_DISPUTED];
static int disputed_count;

/* Reads the disputed points from path (tab-separated: image, x, y, published, seen, evidence;
 * '#' starts a comment line). A missing file means none; a malformed line is an error. */
static int read_disputed(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[4096];
    int lineno = 0, rc = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *tab1 = strchr(line, '\t'), *end = NULL;
        long x = -1, y = -1;
        if (tab1) {
            x = strtol(tab1 + 1, &end, 10);
            if (end && *end == '\t')
                y = strtol(end + 1, &end, 10);
        }
        if (!tab1 || !end || *end != '\t' || x < 0 || y < 0 || x >= GO_MAX_SIZE ||
            y >= GO_MAX_SIZE || tab1 - line >= (long)sizeof disputed[0].image ||
            disputed_count >= MAX_DISPUTED) {
            fprintf(stderr,
                    "bench_vision: %s line %d: expected image, x, y, published, seen, "
                    "evidence (tab-separated)\n",
                    path, lineno);
            rc = -1;
            break;
        }
        disputed_point *d = &disputed[disputed_count++];
        snprintf(d->image, sizeof d->image, "%.*s", (int)(tab1 - line), line);
        d->x = (int)x;
        d->y = (int)y;
    }
    fclose(f);
    return rc;
}

/* Whether point (x, y) of the label of photo image is disputed. */
static int is_disputed(const char *image, int x, int y)
{
    for (int k = 0; k < disputed_count; k++)
        if (disputed[k].x == x && disputed[k].y == y && strcmp(disputed[k].image, image) == 0)
            return 1;
    return 0;
}

/* Whether point (x, y) of reading res is among those marked for a person's look. */
static int marked_at(const go_vision_result *res, int x, int y)
{
    for (int k = 0; k < res->uncertain_count; k++)
        if (res->uncertain[k] == go_point_at(x, y))
            return 1;
    return 0;
}

/* The points of reading res (of size n) wrong against truth under symmetry sym, and of them
 * those marked for a look into *marked. */
static int wrong_points(const go_vision_result *res, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int n,
                        int sym, int *marked)
{
    int wrong = 0;
    *marked = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int tx, ty;
            go_vision_symmetry(sym, n, x, y, &tx, &ty);
            if (res->color[y][x] != truth[ty][tx]) {
                wrong++;
                *marked += marked_at(res, x, y);
            }
        }
    return wrong;
}

/* Crowded synthetic boards (a finished game covers half the points or more, a legal position)
 * of touching, leaning stones at a random rotation, tilt, light gradient, glare, blur, noise
 * and JPEG quality: a table per size of points correct, boards perfect, refused, wrong size
 * and silently wrong, the wrong points of the boards read and how many of them were marked
 * for a look, and the marks in all (right points marked cost a teacher a glance too). */
/* The rows of the synthetic table: the bench boards, under the coloured lamps in turn, and seen
 * from lower over the board than any photo here. goref reads photos taken from 35 degrees above the
 * board and higher; the middle cell's shorter side over its longer is 0.81 or more on the real
 * photos, 0.78 or more on the plain boards, and 0.63 to 0.75 on these (their depth squashed to
 * 0.55-0.65 before the perspective). Last, the board small in the photo and off its centre, as from
 * a step back: its side 0.35 to 0.5 of the photo's shorter one (0.8 on the other rows; on the real
 * photos the board fills most of the frame). And the plain boards with every stone put down by a
 * hurried hand, as on a children's board: off its point by 0.06 to 0.16 cell each way (by board),
 * pressed against its neighbours (synth_hurried_nudges). And the plain boards under a low light
 * from one side: each stone's shadow on the wood 0.3 to 1.0 cell beyond it, taking 35 to 65% of the
 * light (synth_bench_board_shadowed; photos under a lamp low at one side show such shadows). Last,
 * crowded boards of pale stones (green-tinted, or nearly the wood's colour) under a cyan, green or
 * pink lamp whose light falls off toward one side (synth_bench_board_pale), and views from 35 to 50
 * degrees (synth_bench_board_steep). */
enum {
    PLAIN,
    LIT,
    LOW,
    SMALL,
    HURRIED,
    SHADOWS,
    SCENE,
    TURNED,
    CLOTH,
    BLUE,
    WEBCAM,
    PALE,
    STEEP,
    MIXED, /* not in the default run: only --row mixed */
    ROWS
};
static const char *const row_name[ROWS] = {"plain",   "lamps", "low",    "small", "hurried",
                                           "shadows", "scene", "turned", "cloth", "blue",
                                           "webcam",  "pale",  "steep",  "mixed"};
static int row_only = -1; /* --row: the one row read, or -1 for all */
/* --seeds: the first synthetic board's seed. The reader's numbers were chosen looking at the
 * default's boards; another base draws boards nobody has looked at. The classifier's training
 * boards are drawn from SEEDS_TRAINING up, so a base must stay below it. */
#define SEEDS_DEFAULT 1000
#define SEEDS_TRAINING 1000000
static uint64_t seed_base = SEEDS_DEFAULT;
static const char *save_dir = NULL; /* --save: where the synthetic boards are written */
static FILE *dump_file = NULL;      /* --dump: every reading in full, times left out */
/* --wrong: a line for every wrong point of a synthetic board read at its size, with what the
 * colour rule alone read there (the board scanned again with GOREF_VISION_POINTS=rule) and the
 * classifier's probabilities through the true lattice: which reader to blame */
static FILE *wrong_file = NULL;
/* --grid-diag: each refused synthetic board's grid finder stages against its true lines
 * (grid_diag.c, a diagnostic), and a count of the boards by the stage the true lines reach */
static int grid_diag_on = 0;
static int grid_diag_count[ROWS][GD_STAGES + 1];

/* --candidates (with -v): every lattice a refused scan judged (vz_observe_lattice), against the
 * true one: whether the right lattice was ever proposed, by which attempt, and why it was
 * refused; or, none being within half a cell, the nearest. The truth stays in the bench. */
#define MAX_SEEN 400
typedef struct seen_lattice {
    char stage[96], reason[112];
    int size;
    double corners[4][2];
} seen_lattice;
static seen_lattice seen_l[MAX_SEEN];
static int n_seen, candidates = 0;

static void on_lattice(const char *stage, int size, const double corners[4][2], const char *reason)
{
    if (n_seen >= MAX_SEEN)
        return;
    seen_lattice *e = &seen_l[n_seen++];
    snprintf(e->stage, sizeof e->stage, "%s", stage);
    snprintf(e->reason, sizeof e->reason, "%s", reason ? reason : "passed");
    e->size = size;
    memcpy(e->corners, corners, sizeof e->corners);
}

/* The lattices seen since the last scan began, against truth (n lines, corners in the photo's
 * pixels): a line of the -v output. TRUE when one lay within half a cell (the first such), else
 * NONE with the nearest of the right size. Returns 1 for TRUE, 0 for NONE (or not asked). */
static int print_candidates(int n, double truth[4][2])
{
    if (!candidates)
        return 0;
    const double cell = hypot(truth[1][0] - truth[0][0], truth[1][1] - truth[0][1]) / (n - 1);
    int best = -1, right = 0;
    double best_off = 1e9;
    for (int k = 0; k < n_seen; k++) {
        if (seen_l[k].size != n)
            continue;
        right++;
        const double off = synth_corners_off(seen_l[k].corners, truth) / cell;
        if (off < 0.5) {
            printf("    candidates: TRUE at \"%s\" (%.2f cells): %s\n", seen_l[k].stage, off,
                   seen_l[k].reason);
            for (int j = k + 1; j < n_seen; j++)
                if (seen_l[j].size == n && synth_corners_off(seen_l[j].corners, truth) / cell < 0.5)
                    printf("      also \"%s\" (%.2f): %s\n", seen_l[j].stage,
                           synth_corners_off(seen_l[j].corners, truth) / cell, seen_l[j].reason);
            return 1;
        }
        if (off < best_off) {
            best_off = off;
            best = k;
        }
    }
    if (candidates > 1)
        for (int k = 0; k < n_seen; k++)
            printf("      %-36s %2d %6.2f cells: %s\n", seen_l[k].stage, seen_l[k].size,
                   seen_l[k].size == n ? synth_corners_off(seen_l[k].corners, truth) / cell : -1,
                   seen_l[k].reason);
    if (best < 0)
        printf("    candidates: NONE of %d lattices of size %d\n", n_seen, n);
    else
        printf("    candidates: NONE of %d (%d of size %d); nearest \"%s\" %.2f cells: %s\n",
               n_seen, right, n, seen_l[best].stage, best_off, seen_l[best].reason);
    return 0;
}

/* Writes the reading of one scan (rc its return) to the --dump file: the refusal's reason or
 * the points, confidences, marks and lattice, all a change meant to keep the readings keeps. */
static void dump_reading(const char *what, int rc, const go_vision_result *res)
{
    FILE *f = dump_file;
    if (!f)
        return;
    fprintf(f, "== %s rc %d size %d image %dx%d\n", what, rc, res->size, res->image_width,
            res->image_height);
    if (rc < 0)
        fprintf(f, "reason %s\n", go_error_last());
    fprintf(f, "corners");
    for (int k = 0; k < 4; k++)
        fprintf(f, " %.17g,%.17g", res->corners[k][0], res->corners[k][1]);
    fprintf(f, "\nhomography");
    for (int k = 0; k < 9; k++)
        fprintf(f, " %.17g", res->homography[k]);
    fprintf(f, "\n");
    const int n = res->size > 0 && res->size <= GO_MAX_SIZE ? res->size : 0;
    for (int y = 0; y < n && rc >= 0; y++) {
        for (int x = 0; x < n; x++)
            fprintf(f, "%c%c", ".XO?"[res->color[y][x] & 3], res -> off_point[y][x] ? '*' : ' ');
        for (int x = 0; x < n; x++)
            fprintf(f, " %.9g", res->confidence[y][x]);
        fprintf(f, "\n");
    }
    if (rc >= 0) {
        fprintf(f, "uncertain %d:", res->uncertain_count);
        for (int k = 0; k < res->uncertain_count; k++)
            fprintf(f, " %d", (int)res->uncertain[k]);
        fprintf(f, "\ndead_without_liberty %d\n", res->dead_without_liberty);
    }
}
static const char *const row_kind[ROWS] = {"",
                                           ", coloured lamps",
                                           ", seen from low",
                                           ", small in the photo",
                                           ", hurried hands",
                                           ", low light's shadows",
                                           ", other rooms and makes",
                                           ", turned on the table",
                                           ", cloth at its angle",
                                           ", blue lamp, pale lines",
                                           ", webcam frames",
                                           ", pale stones, lamp falling off",
                                           ", seen from 35-50 deg",
                                           ", all drawn at random"};

/* The classifier's reading of the rendered board jpeg through its true lattice (corners): the
 * points it reads right, or -1 when it cannot run. Apart from the finder: a board refused or
 * read wrong with this high had its lattice to blame, not its colours. */
static int classifier_on_true_lattice(const uint8_t *jpeg, size_t len, int n, double corners[4][2],
                                      uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], float *probs_out)
{
    go_cv_image img = {0};
    vz_grid g;
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    uint8_t *patches = malloc(patch * (size_t)n * n);
    float *prob = malloc(sizeof(float) * 3 * (size_t)n * n);
    int right = -1;
    if (patches && prob && go_cv_decode(&img, jpeg, len, 1) == 0 &&
        vz_lattice_through(&g, corners, n, n - 1) == 0 &&
        vz_point_patches(patches, g.h, n, &img) == 0 && vz_point_probs(prob, patches, n * n) == 0) {
        static const uint8_t colour[3] = {GO_EMPTY, GO_BLACK, GO_WHITE};
        right = 0;
        for (int k = 0; k < n * n; k++) {
            const float *q = prob + 3 * k;
            int best = q[1] > q[0] ? 1 : 0;
            if (q[2] > q[best])
                best = 2;
            right += colour[best] == truth[k / n][k % n];
        }
        if (probs_out)
            memcpy(probs_out, prob, sizeof(float) * 3 * (size_t)n * n);
    }
    free(patches);
    free(prob);
    go_cv_image_free(&img);
    return right;
}

/* One row of the synthetic table: count bench boards of one size, of the kind asked. */
static void synthetic_row(int size, int si, int count, int kind, int verbose)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2];
    static go_vision_result res;
    long correct = 0, total = 0, wrong = 0, marked = 0, marks = 0, learned = 0, learned_of = 0;
    int perfect = 0, refused = 0, wsize = 0, silent = 0, nt = 0;
    if (row_only >= 0 && kind != row_only)
        return;
    /* the refusals' CPU ms of this thread, and the slowest one's wall clock ms */
    double *refusal_ms = malloc(sizeof(double) * (size_t)(count > 0 ? count : 1)), slowest_cpu = 0,
           slowest_wall = 0;
    unsigned long warps = 0, warps_reused = 0;
    if (!refusal_ms)
        return;
    double *ms = malloc(sizeof(double) * (size_t)(count > 0 ? count : 1));
    if (!ms) {
        free(refusal_ms);
        return;
    }
    for (int i = 0; i < count; i++) {
        uint64_t seed = seed_base + (uint64_t)i * 7 + (uint64_t)si;
        synth_params p;
        double density, hurried = 0;
        if (kind == LIT)
            synth_bench_board_lit(&p, &density, size, seed, i);
        else if (kind == LOW)
            synth_bench_board_low(&p, &density, size, seed, i);
        else if (kind == SMALL)
            synth_bench_board_small(&p, &density, size, seed, i);
        else if (kind == SHADOWS)
            synth_bench_board_shadowed(&p, &density, size, seed, i);
        else if (kind == SCENE)
            synth_bench_board_scene(&p, &density, size, seed, i);
        else if (kind == TURNED)
            synth_bench_board_turned(&p, &density, size, seed, i);
        else if (kind == CLOTH)
            synth_bench_board_cloth(&p, &density, size, seed, i);
        else if (kind == BLUE)
            synth_bench_board_blue(&p, &density, size, seed, i);
        else if (kind == WEBCAM)
            synth_bench_board_webcam(&p, &density, size, seed, i);
        else if (kind == PALE)
            synth_bench_board_pale(&p, &density, size, seed, i);
        else if (kind == STEEP)
            synth_bench_board_steep(&p, &density, size, seed, i);
        else if (kind == MIXED)
            synth_bench_board_mixed(&p, &density, &hurried, size, seed);
        else
            synth_bench_board(&p, &density, size, seed);
        uint8_t *jpeg = NULL;
        size_t len = 0;
        double corners[4][2];
        synth_legal_position(truth, p.size, density, seed);
        if (kind == HURRIED)
            hurried = synth_bench_hurried_spread(i);
        if (hurried > 0) {
            synth_hurried_nudges(nudge, truth, p.size, hurried, seed);
            p.nudge = (const double(*)[GO_MAX_SIZE][2])nudge;
        }
        if (synth_render(&jpeg, &len, &p, truth, corners) < 0)
            continue;
        if (save_dir) {
            char path[512];
            snprintf(path, sizeof path, "%s/%d-%s-%llu.jpg", save_dir, size, row_name[kind],
                     (unsigned long long)seed);
            FILE *f = fopen(path, "wb");
            if (!f || fwrite(jpeg, 1, len, f) != len)
                fprintf(stderr, "bench_vision: cannot write %s\n", path);
            if (f)
                fclose(f);
        }
        char scene[320] = "";
        if (kind == SCENE || kind == MIXED) { /* what the -v lines say of the room */
            static const char *const boards[] = {"wood", "bamboo", "vinyl"},
                                     *stones[] = {"plain", "glass", "slate", "yunzi"};
            snprintf(scene, sizeof scene, " [%s board, %s stones, cloth %s%.0f deg off%s%s]",
                     boards[p.board_style], stones[p.stone_style], p.cloth_check > 0 ? "" : "none ",
                     fabs(fmod(p.cloth_turn - p.rotate_deg + 3600, 90.0)),
                     p.exposure > 0 ? ", dim" : "", p.bowls ? ", bowls" : "");
        }
        if (kind == MIXED) {                     /* and the rest of what was drawn */
            const size_t at = strlen(scene) - 1; /* over the closing bracket */
            snprintf(scene + at, sizeof scene - at,
                     ", %dx%d share %.2f, tilt %.2f squash %.2f turn %.0f, lamp %.2f,%.2f,%.2f "
                     "falloff %.2f, tinted %d, pale ink %d, shadow %.2f, glare %.0f, blur %.1f "
                     "noise %.0f q%d, density %.2f, hurried %.2f]",
                     p.width, p.height, p.board_share, p.tilt, p.squash, p.turn_deg, p.lamp_bgr[0],
                     p.lamp_bgr[1], p.lamp_bgr[2], p.lamp_falloff, p.tinted, p.line_bgr[0] > 0,
                     hypot(p.shadow[0], p.shadow[1]), p.glare, p.blur_sigma, p.noise,
                     p.jpeg_quality, density, hurried);
        }
        const double cpu0 = bench_cpu_s(), wall0 = bench_wall_s();
        n_seen = 0;
        int n = p.size, rc = go_vision_scan(&res, jpeg, len, NULL);
        const double cpu_ms = (bench_cpu_s() - cpu0) * 1000,
                     wall_ms = (bench_wall_s() - wall0) * 1000;
        unsigned scan_warps, scan_reused;
        go_cv_warp_cache_counts(&scan_warps, &scan_reused);
        warps += scan_warps;
        warps_reused += scan_reused;
        if (dump_file) {
            char what[96];
            snprintf(what, sizeof what, "synthetic %d %s seed %llu", n, row_name[kind],
                     (unsigned long long)seed);
            dump_reading(what, rc, &res);
        }
        static float true_prob[3 * GO_MAX_SIZE * GO_MAX_SIZE];
        const int on_true = classifier_on_true_lattice(jpeg, len, n, corners, truth, true_prob);
        /* --wrong: the colour rule's reading alone, indexed by the truth's points */
        static go_vision_result rule_res;
        static char rule_at[GO_MAX_SIZE][GO_MAX_SIZE];
        if (wrong_file && rc >= 0 && res.size == n) {
            memset(rule_at, '-', sizeof rule_at);
            setenv("GOREF_VISION_POINTS", "rule", 1);
            const int rule_rc = go_vision_scan(&rule_res, jpeg, len, NULL);
            unsetenv("GOREF_VISION_POINTS");
            int rsym = 0;
            if (rule_rc >= 0 && rule_res.size == n) {
                go_vision_match(&rule_res, truth, n, &rsym);
                for (int y = 0; y < n; y++)
                    for (int x = 0; x < n; x++) {
                        int tx, ty;
                        go_vision_symmetry(rsym, n, x, y, &tx, &ty);
                        rule_at[ty][tx] = ".XO?"[rule_res.color[y][x] & 3];
                    }
            } else
                go_error_clear();
        }
        if (on_true >= 0) {
            learned += on_true;
            learned_of += n * n;
        }
        total += n * n;
        if (rc < 0) {
            refusal_ms[refused++] = cpu_ms;
            if (cpu_ms > slowest_cpu) {
                slowest_cpu = cpu_ms;
                slowest_wall = wall_ms;
            }
            if (verbose) {
                /* the first lattice the looks refused, against the true one: right and refused
                 * (the check's fault) or wrong (the candidates') */
                char first[128] = "";
                const double off =
                    synth_corners_off(res.corners, corners) /
                    (hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) / (n - 1));
                if (res.size > 0)
                    snprintf(first, sizeof first,
                             " (first lattice refused: %dx%d, %.1f cells off; its corners %.1f "
                             "cells from the board's)",
                             res.size, res.size, res.size == n ? off : -1.0, off);
                printf("synthetic %d%s seed %llu%s: refused in %.0f ms CPU: %s%s\n", n,
                       row_kind[kind], (unsigned long long)seed, scene, cpu_ms, go_error_last(),
                       first);
                print_candidates(n, corners);
            }
            if (grid_diag_on) {
                static char detail[16384];
                const int stage = grid_diag(jpeg, len, n, corners, detail, sizeof detail);
                grid_diag_count[kind][stage < 0 ? GD_STAGES : stage]++;
                printf("grid-diag %d%s seed %llu: %s\n%s", n, row_kind[kind],
                       (unsigned long long)seed,
                       stage < 0 ? "not run" : grid_diag_stage_name[stage], detail);
            }
            free(jpeg);
            continue;
        }
        free(jpeg);
        ms[nt++] = res.ms_total;
        if (res.size != n) {
            wsize++;
            silent++;
            if (verbose)
                printf("synthetic %d%s seed %llu%s: read as %dx%d\n", n, row_kind[kind],
                       (unsigned long long)seed, kind == MIXED ? scene : "", res.size, res.size);
            continue;
        }
        int sym = 0, m = 0;
        const int ok = go_vision_match(&res, truth, n, &sym);
        const int w = wrong_points(&res, truth, n, sym, &m);
        for (int y = 0; wrong_file && y < n; y++)
            for (int x = 0; x < n; x++) {
                int tx, ty;
                go_vision_symmetry(sym, n, x, y, &tx, &ty);
                if (res.color[y][x] == truth[ty][tx])
                    continue;
                /* the lamp's light at the point's column (synth.h: lamp_falloff), its stone
                 * neighbours by colour, its distance from the nearest edge */
                const double t = fmax(0, tx / ((n - 1) / 2.0) - 1);
                const double light = 1 - p.lamp_falloff * fmin(t * t, 1.5);
                int nb[3] = {0, 0, 0};
                for (int s = 0; s < 4; s++) {
                    const int qx = tx + vz_step4[s][0], qy = ty + vz_step4[s][1];
                    if (qx >= 0 && qy >= 0 && qx < n && qy < n)
                        nb[truth[qy][qx]]++;
                }
                const int edge = (int)fmin(fmin(tx, ty), fmin(n - 1 - tx, n - 1 - ty));
                const float *q = true_prob + 3 * ((size_t)ty * n + tx);
                fprintf(wrong_file,
                        "%s\t%d\t%llu\t%d\t%d\t%d\t%.2f\t%c\t%c\t%c\t%d\t%.3f\t%.3f\t%.3f\t"
                        "%.3f\t%dX%dO\n",
                        row_name[kind], n, (unsigned long long)seed, tx, ty, edge, light,
                        ".XO"[truth[ty][tx]], ".XO?"[res.color[y][x] & 3], rule_at[ty][tx],
                        marked_at(&res, x, y), q[0], q[1], q[2], res.confidence[y][x], nb[1],
                        nb[2]);
            }
        wrong += w;
        marked += m;
        if (verbose && w > m) {
            printf("synthetic %d%s seed %llu silent:", n, row_kind[kind], (unsigned long long)seed);
            for (int y = 0; y < n; y++)
                for (int x = 0; x < n; x++) {
                    int tx, ty;
                    go_vision_symmetry(sym, n, x, y, &tx, &ty);
                    if (res.color[y][x] != truth[ty][tx] && !marked_at(&res, x, y))
                        printf(" (%d,%d) read %c is %c", x, y, ".XO"[res.color[y][x]],
                               ".XO"[truth[ty][tx]]);
                }
            printf("\n");
        }
        marks += res.uncertain_count;
        correct += ok;
        perfect += ok == n * n;
        silent += ok * 10 < 9 * n * n;
        if (verbose > 1 || (verbose && ok != n * n))
            printf("synthetic %d%s seed %llu%s: %d/%d points (lattice %.2f cells off)\n", n,
                   row_kind[kind], (unsigned long long)seed, kind == MIXED ? scene : "", ok, n * n,
                   synth_corners_off(res.corners, corners) /
                       (hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) /
                        (n - 1)));
    }
    char label[64];
    snprintf(label, sizeof label, "%dx%d%s", size, size, row_kind[kind]);
    const long read = total - (long)(refused + wsize) * size * size; /* points of boards read */
    printf("%-30s %6d %9.2f%% %5d/%-3d %8d %6d %6d %7.1f %7ld %7ld %7ld %9.2f%% %8ld %7.1f%% "
           "%6.2f%% %6.0f %6.0f %6.0f %5.1f%%\n",
           label, count, total ? 100.0 * correct / total : 0, perfect, count, refused, wsize,
           silent, pct(ms, nt, 0.5), wrong, marked, marks,
           learned_of ? 100.0 * learned / learned_of : 0, wrong - marked,
           wrong ? 100.0 * marked / wrong : 100.0, read > 0 ? 100.0 * marks / read : 0,
           pct(refusal_ms, refused, 0.5), slowest_cpu, slowest_wall,
           warps ? 100.0 * warps_reused / warps : 0);
    free(ms);
    free(refusal_ms);
}

static void synthetic_table(int per_size, int verbose)
{
    if (per_size <= 0)
        return; /* --synthetic 0 */
    static const int sizes[3] = {9, 13, 19};
    /* refusals: the median and the slowest in this thread's CPU ms, the slowest one's wall clock
     * ms; reused: the share of the scans' warps answered from the scan's own cache */
    printf("\n%-30s %6s %10s %9s %8s %6s %6s %7s %7s %7s %7s %10s %8s %8s %7s %6s %6s %6s %6s\n",
           "synthetic crowded boards", "boards", "points%", "perfect", "refused", "size?", "silent",
           "med ms", "wrong", "marked", "marks", "cnn@true", "silentpt", "caught%", "marks%",
           "ref.md", "refmax", "wall", "reused");
    for (int si = 0; si < 3; si++)
        synthetic_row(sizes[si], si, per_size, PLAIN, verbose);
    /* the same boards under the lamps of the coloured-light photos, half as many */
    for (int si = 0; si < 3; si++)
        synthetic_row(sizes[si], si, per_size / 2, LIT, verbose);
    /* ... and seen from lower over the board, a third as many */
    for (int si = 0; si < 3; si++)
        synthetic_row(sizes[si], si, per_size / 3, LOW, verbose);
    /* ... and small in the photo, a third as many */
    for (int si = 0; si < 3; si++)
        synthetic_row(sizes[si], si, per_size / 3, SMALL, verbose);
    /* ... and with every stone put down by a hurried hand, a third as many */
    for (int si = 0; si < 3; si++)
        synthetic_row(sizes[si], si, per_size / 3, HURRIED, verbose);
    /* ... and under a low light from one side, each stone casting its shadow on the wood */
    for (int si = 0; si < 3; si++)
        synthetic_row(sizes[si], si, per_size / 3, SHADOWS, verbose);
    /* ... and in rooms and of makes the photos here do not show: a gingham cloth, bowls and a
     * phone beside the board, a dim room, bamboo and vinyl boards, glass, slate and yunzi stones
     * (synth_bench_board_scene), as many as the plain boards */
    for (int si = 0; si < 3; si++)
        synthetic_row(sizes[si], si, per_size, SCENE, verbose);
    /* ... and, a third as many each, the cases the scene row leaves to chance: the board turned
     * on the table, a cloth's checks at the board's angle and period, a crowd under a saturated
     * blue or violet lamp with pale lines, webcam frames, pale stones under a lamp falling off,
     * views from 35-50 degrees
     * (synth_bench_board_turned and after) */
    for (int kind = TURNED; kind <= STEEP; kind++)
        for (int si = 0; si < 3; si++)
            synthetic_row(sizes[si], si, per_size / 3, kind, verbose);
    /* --row mixed alone: as many as the plain boards, every parameter drawn at random */
    for (int si = 0; si < 3 && row_only == MIXED; si++)
        synthetic_row(sizes[si], si, per_size, MIXED, verbose);
    if (grid_diag_on) { /* the refusals by the furthest stage the true lines reached */
        printf("\n%-10s", "grid-diag");
        for (int s = 0; s < GD_STAGES; s++)
            printf(" %9s", grid_diag_stage_name[s]);
        printf(" %9s\n", "not run");
        for (int kind = 0; kind < ROWS; kind++) {
            int any = 0;
            for (int s = 0; s <= GD_STAGES; s++)
                any += grid_diag_count[kind][s];
            if (!any)
                continue;
            printf("%-10s", row_name[kind]);
            for (int s = 0; s <= GD_STAGES; s++)
                printf(" %9d", grid_diag_count[kind][s]);
            printf("\n");
        }
    }
}

/* One way to give the photos again: turned by quarter_turns clockwise and, when long_side > 0,
 * resized to that longer side (OpenCV: area averaging down, bilinear up); then saved again as
 * JPEG at that quality. */
typedef struct photo_variant {
    const char *label; /* the table's row */
    const char *tag;   /* the -v line's start */
    int quarter_turns, long_side, quality;
    /* ALTER_AS_IS: the photo's own bytes; 0..SYNTH_ALTERATIONS-1: the photo altered so
     * (synth_photo_altered); ALTER_NONE: turned and resized as above */
    int alteration;
    /* ALTER_NONE, or a second alteration laid over the first's photo (decoded again) */
    int then;
} photo_variant;
#define ALTER_NONE (-1)
#define ALTER_AS_IS (-2)

#define MAX_VARIANTS 8

/* A seed of the photo's name (FNV-1a): each photo altered its own way, the same on every run. */
static uint64_t name_seed(const char *name)
{
    uint64_t h = 1469598103934665603ull;
    for (; *name; name++)
        h = (h ^ (uint8_t)*name) * 1099511628211ull;
    return h;
}

/* The photo decoded (img; its own bytes data, len), given again as v says, as the JPEG bytes a
 * scan would receive; an altered one written to --save's folder too. */
static int variant_jpeg(uint8_t **jpeg, size_t *jlen, const go_cv_image *img, const uint8_t *data,
                        size_t len, const char *image, const photo_variant *v, double h[9])
{
    static const double same[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    memcpy(h, same, sizeof same);
    if (v->alteration == ALTER_AS_IS) {
        if (!(*jpeg = malloc(len)))
            return GO_ENOMEM;
        memcpy(*jpeg, data, len);
        *jlen = len;
        return 0;
    }
    if (v->alteration == ALTER_NONE)
        return synth_photo_variant(jpeg, jlen, img, v->quarter_turns, v->long_side, v->quality);
    int rc = synth_photo_altered(jpeg, jlen, img, v->alteration, name_seed(image), h);
    if (rc == 0 && v->then != ALTER_NONE) {
        go_cv_image first = {0};
        uint8_t *second = NULL;
        size_t second_len = 0;
        double h2[9];
        rc = go_cv_decode(&first, *jpeg, *jlen, 1);
        if (rc == 0)
            rc = synth_photo_altered(&second, &second_len, &first, v->then, name_seed(image) + 1,
                                     h2);
        go_cv_image_free(&first);
        free(*jpeg);
        *jpeg = second;
        *jlen = second_len;
        if (rc == 0)
            vz_mat3_mul(h, h2, h);
    }
    if (rc == 0 && save_dir) {
        char path[1400], name[600];
        snprintf(name, sizeof name, "%s", image);
        for (char *q = name; *q; q++)
            if (*q == '/' || *q == ' ')
                *q = '_';
        snprintf(path, sizeof path, "%s/%s-%s.jpg", save_dir, v->tag, name);
        for (char *q = path + strlen(save_dir) + 1; *q; q++)
            if (*q == ' ')
                *q = '_';
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(*jpeg, 1, *jlen, f) != *jlen)
            fprintf(stderr, "bench_vision: cannot write %s\n", path);
        if (f)
            fclose(f);
    }
    return rc;
}

/* Every photo read again in each variant of v: as a phone that drops the orientation tag, a
 * photo shared on or one taken at another resolution gives it. A photo has no true "up" nor
 * size: each variant should read as the photo does. A row per variant, then how many photos
 * read perfectly in all of them and how many were returned silently wrong in any. */
/* Loads the fold models of fold k from models (point classifier and lattice model), or the
 * built-in ones when k < 0. 0, or -1 with the reason printed. */
static int use_fold_models(const char *models, int k)
{
    char path[1200];
    if (k < 0) {
        go_vision_use_model_file(NULL);
        vz_lattice_use_model_file(NULL);
        return 0;
    }
    snprintf(path, sizeof path, "%s/fold%d.onnx", models, k);
    if (go_vision_use_model_file(path) < 0) {
        fprintf(stderr, "bench_vision: %s: %s\n", path, go_error_last());
        return -1;
    }
    snprintf(path, sizeof path, "%s/lattice_fold%d.onnx", models, k);
    if (vz_lattice_use_model_file(path) < 0) {
        fprintf(stderr, "bench_vision: %s: %s\n", path, go_error_last());
        return -1;
    }
    return 0;
}

/* The wrong points of reading res against truth under symmetry sym, into *wrong, those marked
 * into *marked; and the same with the disputed points of photo image left out. */
static void count_wrong(const go_vision_result *res, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int n,
                        int sym, const char *image, long counts[4])
{
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int tx, ty;
            go_vision_symmetry(sym, n, x, y, &tx, &ty);
            if (res->color[y][x] == truth[ty][tx])
                continue;
            const int m = marked_at(res, x, y), aside = is_disputed(image, tx, ty);
            counts[0]++;
            counts[1] += m;
            counts[2] += !aside;
            counts[3] += !aside && m;
        }
}

static void variant_table(const photo_entry *rows, int nrows, const char *root, int verbose,
                          const char *title, const photo_variant *v, int nv, const char *models)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result res;
    static double ms[MAX_VARIANTS][MAX_PHOTOS];
    long correct[MAX_VARIANTS] = {0}, total = 0;
    int perfect[MAX_VARIANTS] = {0}, refused[MAX_VARIANTS] = {0}, silent[MAX_VARIANTS] = {0},
        nt[MAX_VARIANTS] = {0};
    /* per variant: wrong points of the readings of the right size, of them marked, the same
     * with the disputed points left out; and those readings' points and marks */
    long wrong[MAX_VARIANTS][4] = {{0}}, read[MAX_VARIANTS] = {0}, marks[MAX_VARIANTS] = {0};
    int all_perfect = 0, any_silent = 0, photos = 0;
    /* --candidates: refusals whose lattices judged held the true one ([1]) or did not ([0]) */
    int proposed[MAX_VARIANTS][2] = {{0}};
    const int passes = models ? PHOTO_SET_FOLDS : 1;
    /* each photo's reading in each variant, for the referee's verdict on the variants (kept:
     * 1 read, -1 refused, 0 not read) */
    photo_reading *readings = calloc((size_t)nrows * nv, sizeof *readings);
    signed char *kept = calloc((size_t)nrows * nv, 1);
    if (!readings || !kept) {
        fprintf(stderr, "%s: out of memory\n", title);
        free(readings);
        free(kept);
        return;
    }
    for (int i = 0; i < nrows * passes; i++) {
        const photo_entry *r = &rows[i % nrows];
        if (models && i % nrows == 0 && use_fold_models(models, i / nrows) < 0)
            break;
        if (models && r->fold != i / nrows)
            continue;
        int n = 0;
        char ip[1200];
        snprintf(ip, sizeof ip, "%s/%s", root, r->image);
        uint8_t *data = NULL;
        size_t len = 0;
        go_cv_image img = {0};
        if (photo_set_label(root, r, truth, &n) < 0 ||
            go_vision_read_file(&data, &len, ip, GO_VISION_MAX_BYTES) < 0 ||
            go_cv_decode(&img, data, len, 1) < 0) {
            fprintf(stderr, "%s: cannot read %s: %s\n", title, r->image, go_error_last());
            free(data);
            continue;
        }
        photos++;
        total += n * n;
        int perfect_all = 1, silent_any = 0, own_read = 0;
        double own[4][2] = {{0}}; /* the photo's own lattice, where read perfectly as it is */
        for (int q = 0; q < nv; q++) {
            uint8_t *jpeg = NULL;
            size_t jlen = 0;
            double h[9]; /* the photo's pixels to the variant's */
            int rc = variant_jpeg(&jpeg, &jlen, &img, data, len, r->image, &v[q], h);
            n_seen = 0;
            if (rc == 0) {
                rc = go_vision_scan(&res, jpeg, jlen, NULL);
                if (dump_file) {
                    char what[1400];
                    snprintf(what, sizeof what, "%s %s", v[q].tag, r->image);
                    dump_reading(what, rc, &res);
                }
            }
            free(jpeg);
            int ok = 0;
            kept[(size_t)(i % nrows) * nv + q] = rc < 0 ? -1 : 1;
            photo_reading_of(&readings[(size_t)(i % nrows) * nv + q], rc < 0 ? NULL : &res);
            if (rc < 0) {
                refused[q]++;
                perfect_all = 0;
                if (verbose) {
                    /* the first lattice refused against the photo's own, carried into the
                     * variant: right and refused (the checks' fault) or wrong (the candidates') */
                    char first[128] = "";
                    if (own_read && res.size > 0) {
                        double carried[4][2];
                        for (int c = 0; c < 4; c++) {
                            const double *p = own[c], z = h[6] * p[0] + h[7] * p[1] + h[8];
                            carried[c][0] = (h[0] * p[0] + h[1] * p[1] + h[2]) / z;
                            carried[c][1] = (h[3] * p[0] + h[4] * p[1] + h[5]) / z;
                        }
                        const double cell =
                            hypot(carried[1][0] - carried[0][0], carried[1][1] - carried[0][1]) /
                            (n - 1);
                        snprintf(first, sizeof first,
                                 " (first lattice refused: %dx%d, its corners %.1f cells from the "
                                 "board's)",
                                 res.size, res.size,
                                 synth_corners_off(res.corners, carried) / cell);
                    } else if (res.size > 0 && res.size != n) {
                        snprintf(first, sizeof first, " (first lattice refused: %dx%d)", res.size,
                                 res.size);
                    }
                    printf("%s %-60s refused: %s%s\n", v[q].tag, r->image, go_error_last(), first);
                    if (own_read) {
                        double carried[4][2];
                        for (int c = 0; c < 4; c++) {
                            const double *p = own[c], z = h[6] * p[0] + h[7] * p[1] + h[8];
                            carried[c][0] = (h[0] * p[0] + h[1] * p[1] + h[2]) / z;
                            carried[c][1] = (h[3] * p[0] + h[4] * p[1] + h[5]) / z;
                        }
                        if (candidates)
                            proposed[q][print_candidates(n, carried)]++;
                    }
                }
                continue;
            }
            ms[q][nt[q]++] = res.ms_total;
            int sym = 0;
            if (res.size == n) {
                ok = go_vision_match(&res, truth, n, &sym);
                count_wrong(&res, truth, n, sym, r->image, wrong[q]);
                read[q] += n * n;
                marks[q] += res.uncertain_count;
            }
            /* (for --candidates, a reading nearly right will do) */
            if (v[q].alteration == ALTER_AS_IS &&
                (ok == n * n || (candidates && ok * 10 >= 9 * n * n))) {
                memcpy(own, res.corners, sizeof own);
                own_read = 1;
            }
            correct[q] += ok;
            perfect[q] += ok == n * n;
            perfect_all &= ok == n * n;
            silent[q] += ok * 10 < 9 * n * n;
            silent_any |= ok * 10 < 9 * n * n;
            if (verbose && ok != n * n) {
                printf("%s %-60s size %2d/%2d %3d/%3d", v[q].tag, r->image, res.size, n, ok, n * n);
                /* the wrong points, in the label's columns and rows: SILENT where unmarked */
                for (int y = 0; y < n && res.size == n; y++)
                    for (int x = 0; x < n; x++) {
                        int tx, ty;
                        go_vision_symmetry(sym, n, x, y, &tx, &ty);
                        if (res.color[y][x] != truth[ty][tx])
                            printf(" %s(%d,%d) read %c is %c%s",
                                   marked_at(&res, x, y) ? "" : "SILENT ", tx, ty,
                                   ".XO"[res.color[y][x]], ".XO"[truth[ty][tx]],
                                   is_disputed(r->image, tx, ty) ? " DISPUTED" : "");
                    }
                printf("\n");
            }
        }
        go_cv_image_free(&img);
        free(data);
        all_perfect += perfect_all;
        any_silent += silent_any;
    }
    if (models)
        use_fold_models(models, -1);
    printf("\n%s, %s\n", title,
           models ? "each photo read by the models of its fold" : "the built-in models");
    printf("%-30s %6s %10s %9s %8s %6s %7s %8s %8s %7s %8s\n", "", "photos", "points%", "perfect",
           "refused", "silent", "med ms", "silentpt", "aside", "marks%", "caught%");
    for (int q = 0; q < nv; q++)
        printf("%-30s %6d %9.2f%% %5d/%-3d %8d %6d %7.1f %8ld %8ld %6.2f%% %7.1f%%\n", v[q].label,
               photos, total ? 100.0 * correct[q] / total : 0, perfect[q], photos, refused[q],
               silent[q], pct(ms[q], nt[q], 0.5), wrong[q][0] - wrong[q][1],
               wrong[q][2] - wrong[q][3], read[q] ? 100.0 * marks[q] / read[q] : 0,
               wrong[q][2] ? 100.0 * wrong[q][3] / wrong[q][2] : 100.0);
    printf("silentpt: wrong points not marked for a look; aside: the same with the disputed truth "
           "points set aside, and caught%% the share of the wrong points marked then\n");
    printf("perfect in all %d: %d of %d photos; silently wrong in any: %d\n", nv, all_perfect,
           photos, any_silent);
    if (candidates && verbose) {
        /* whose fault the refusals of photos read right as they are were */
        printf("refusals of photos read as they are, by the lattices judged: the true one among "
               "them (refused by the checks) / never proposed (the candidates')\n");
        for (int q = 0; q < nv; q++)
            printf("%-30s %5d / %d\n", v[q].label, proposed[q][1], proposed[q][0]);
    }
    for (int q = 0; q < nv; q++) {
        char heading[256];
        for (int p = 0; p < nrows; p++)
            if (kept[(size_t)p * nv + q])
                photo_verdict_keep(&rows[p], &readings[(size_t)p * nv + q]);
        snprintf(heading, sizeof heading, "%s, %s", v[q].label,
                 models ? "each photo read by the models of its fold" : "the built-in models");
        photo_verdict_table(rows, nrows, root, heading);
    }
    free(readings);
    free(kept);
}

/* The photos turned a quarter turn at a time; turn 0 is the photo decoded and saved again. */
static const photo_variant turns_v[] = {
    {"turned 0 degrees clockwise", "turn   0", 0, 0, 92, ALTER_NONE, ALTER_NONE},
    {"turned 90 degrees clockwise", "turn  90", 1, 0, 92, ALTER_NONE, ALTER_NONE},
    {"turned 180 degrees clockwise", "turn 180", 2, 0, 92, ALTER_NONE, ALTER_NONE},
    {"turned 270 degrees clockwise", "turn 270", 3, 0, 92, ALTER_NONE, ALTER_NONE},
};
/* The photos at other resolutions: a small phone picture, a common upload size, a photo larger
 * than most here (they are 640 to 4,080 pixels long); and as a messaging app passes a photo on,
 * 1,600 pixels long at quality 70. */
static const photo_variant sizes_v[] = {
    {"long side 800 px", "size  800", 0, 800, 92, ALTER_NONE, ALTER_NONE},
    {"long side 1200 px", "size 1200", 0, 1200, 92, ALTER_NONE, ALTER_NONE},
    {"long side 4000 px", "size 4000", 0, 4000, 92, ALTER_NONE, ALTER_NONE},
    {"1600 px at quality 70", "sent 1600", 0, 1600, 70, ALTER_NONE, ALTER_NONE},
};

/* The photos as another room or camera would have taken them (synth_photo_altered), after the
 * photos as they are: under lamps, light and lenses no photo here was taken in. */
static const photo_variant alter_v[] = {
    {"as they are", "as is", 0, 0, 0, ALTER_AS_IS, ALTER_NONE},
    {"saturated blue lamp", "blue", 0, 0, 0, SYNTH_ALTER_BLUE, ALTER_NONE},
    {"violet lamp", "violet", 0, 0, 0, SYNTH_ALTER_VIOLET, ALTER_NONE},
    {"pink lamp", "pink", 0, 0, 0, SYNTH_ALTER_PINK, ALTER_NONE},
    {"dim room, noise, JPEG 75", "dim", 0, 0, 0, SYNTH_ALTER_DIM, ALTER_NONE},
    {"webcam: 640 px, blur, JPEG 70", "webcam", 0, 0, 0, SYNTH_ALTER_WEBCAM, ALTER_NONE},
    {"turned 20-30 deg in the frame", "turned", 0, 0, 0, SYNTH_ALTER_TURNED, ALTER_NONE},
    {"seen from lower", "lower", 0, 0, 0, SYNTH_ALTER_LOW, ALTER_NONE},
};
/* Two of those at once, a lamp or a room and then a camera or a view: harder than any photo here
 * alone, for development (the single alterations are the figures to report). */
static const photo_variant alter2_v[] = {
    {"as they are", "as is", 0, 0, 0, ALTER_AS_IS, ALTER_NONE},
    {"blue lamp, dim room", "blue+dim", 0, 0, 0, SYNTH_ALTER_BLUE, SYNTH_ALTER_DIM},
    {"blue lamp, seen from lower", "blue+lower", 0, 0, 0, SYNTH_ALTER_BLUE, SYNTH_ALTER_LOW},
    {"violet lamp, webcam", "violet+webcam", 0, 0, 0, SYNTH_ALTER_VIOLET, SYNTH_ALTER_WEBCAM},
    {"violet lamp, turned", "violet+turned", 0, 0, 0, SYNTH_ALTER_VIOLET, SYNTH_ALTER_TURNED},
    {"pink lamp, seen from lower", "pink+lower", 0, 0, 0, SYNTH_ALTER_PINK, SYNTH_ALTER_LOW},
    {"dim room, webcam", "dim+webcam", 0, 0, 0, SYNTH_ALTER_DIM, SYNTH_ALTER_WEBCAM},
    {"webcam, turned", "webcam+turned", 0, 0, 0, SYNTH_ALTER_WEBCAM, SYNTH_ALTER_TURNED},
};

/* How the photos are read in one pass. */
enum { AS_BUILT, HELD_OUT, RULE_ALONE, PASSES };
static const char *const pass_title[PASSES] = {
    "as built (model trained on every photo)",
    "held out (each photo read by the models of its fold)",
    "rule alone (no learned classifier)",
};

/* Reads photo e as the pass has set the reader up, into *r; -v prints the reading and its wrong
 * points (when few; SILENT where unmarked, DISPUTED where the label is disputed); --overlay draws
 * it. */
static void read_photo(photo_row *r, const photo_entry *e, const char *root, int verbose,
                       const char *overlay_dir)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result res;
    char ip[1200];
    int lsize = 0;
    memset(r, 0, sizeof *r);
    snprintf(ip, sizeof ip, "%s/%s", root, e->image);
    if (photo_set_label(root, e, truth, &lsize) < 0) {
        fprintf(stderr, "bench_vision: bad label %s/%s\n", root, e->board);
        exit(1);
    }
    r->total = lsize * lsize;
    r->aside_total = r->total;
    for (int k = 0; k < disputed_count; k++)
        r->aside_total -= strcmp(disputed[k].image, e->image) == 0;
    uint8_t *data = NULL;
    size_t len = 0;
    int rc = go_vision_read_file(&data, &len, ip, GO_VISION_MAX_BYTES);
    double cpu0 = 1e3 * bench_cpu_s(), wall0 = 1e3 * bench_wall_s();
    if (rc == 0) {
        rc = go_vision_scan(&res, data, len, NULL);
        go_cv_warp_cache_counts(&r->warps, &r->warps_reused);
    }
    r->ms_cpu = 1e3 * bench_cpu_s() - cpu0;
    r->ms_wall = 1e3 * bench_wall_s() - wall0;
    photo_reading reading;
    photo_reading_of(&reading, rc < 0 ? NULL : &res);
    photo_verdict_keep(e, &reading);
    if (dump_file && data) {
        char what[1400];
        snprintf(what, sizeof what, "photo %s%s", e->image,
                 getenv("GOREF_VISION_POINTS") ? " (rule)" : "");
        dump_reading(what, rc, &res);
    }
    if (rc < 0) {
        r->refused = 1;
        if (verbose)
            printf("REFUSED %-60s %s: %s\n", e->image, go_strerror(rc), go_error_last());
        free(data);
        return;
    }
    r->ms_total = res.ms_total;
    r->ms_decode = res.ms_decode;
    r->ms_detect = res.ms_detect;
    r->ms_classify = res.ms_classify;
    if (res.size != lsize) {
        r->wrong_size = 1;
        r->silent = 1;
    } else {
        int n = lsize, best_sym = 0;
        int best = go_vision_match(&res, truth, n, &best_sym);
        if (verbose && best < n * n && best >= n * n - 20) {
            printf("    wrong:");
            for (int y = 0; y < n; y++)
                for (int x = 0; x < n; x++) {
                    int tx, ty;
                    go_vision_symmetry(best_sym, n, x, y, &tx, &ty);
                    if (res.color[y][x] != truth[ty][tx])
                        printf(" (%d,%d) read %c is %c conf %.2f%s%s", x, y, ".XO"[res.color[y][x]],
                               ".XO"[truth[ty][tx]], res.confidence[y][x],
                               marked_at(&res, x, y) ? "" : " SILENT",
                               is_disputed(e->image, tx, ty) ? " DISPUTED" : "");
                }
            printf("\n");
        }
        wrong_points(&res, truth, n, best_sym, &r->wrong_marked);
        r->marks = res.uncertain_count;
        r->correct = best;
        r->perfect = best == n * n;
        r->silent = best * 10 < 9 * n * n;
        /* the disputed points left out, under the symmetry the published label chose */
        r->aside_correct = best;
        r->aside_wrong_marked = r->wrong_marked;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int tx, ty;
                go_vision_symmetry(best_sym, n, x, y, &tx, &ty);
                if (!is_disputed(e->image, tx, ty))
                    continue;
                if (res.color[y][x] == truth[ty][tx])
                    r->aside_correct--;
                else
                    r->aside_wrong_marked -= marked_at(&res, x, y);
            }
        r->aside_perfect = r->aside_correct == r->aside_total;
    }
    if (verbose)
        printf("%-64s size %2d/%2d  %3d/%3d  %6.1f ms  uncertain %3d no-liberty %3d\n", e->image,
               res.size, lsize, r->correct, r->total, res.ms_total, res.uncertain_count,
               res.dead_without_liberty);
    if (overlay_dir) {
        char op[1400], name[600];
        snprintf(name, sizeof name, "%s", e->image);
        for (char *q = name; *q; q++)
            if (*q == '/' || *q == ' ')
                *q = '_';
        snprintf(op, sizeof op, "%s/%s.png", overlay_dir, name);
        go_vision_write_overlay(op, data, len, &res);
    }
    free(data);
}

/* The row of a table by `by` (0 source, 1 size, 2 group, 3 fold, 4 overall) that photo e
 * belongs to; buf holds the name when it is made. */
static const char *row_key(const photo_entry *e, int by, char *buf, size_t cap)
{
    if (by == 0)
        return e->source;
    if (by == 1) {
        snprintf(buf, cap, "%dx%d", e->size, e->size);
        return buf;
    }
    if (by == 2)
        return e->group;
    if (by == 3) {
        snprintf(buf, cap, "fold %d", e->fold);
        return buf;
    }
    return "OVERALL";
}

/* A table of one pass: a row per source, per size, per group and per fold, then overall. Silent
 * points are wrong points not marked for a look (their share is of the points of the photos read,
 * refusals not counted); marks are the points marked for a look, right or wrong, as a share of the
 * same. With aside, the disputed truth points are left out (a row per source and per fold, then
 * overall). */
static void pass_table(const photo_entry *rows, const photo_row *res, int nrows, int pass,
                       int aside)
{
    if (aside && disputed_count == 0)
        return;
    if (aside)
        printf("\n%s, the %d disputed truth points (bench/disputed_truth.tsv) set aside\n",
               pass_title[pass], disputed_count);
    else
        printf("\n%s\n", pass_title[pass]);
    printf("%-44s %6s %9s %9s %7s %6s %8s %7s %7s %7s %8s %8s\n", "", "photos", "points%",
           "perfect", "refused", "size?", "silentpt", "silent%", "marks%", "caught%", "med ms",
           "p95 ms");
    static const char *const by_name[5] = {"by source", "by size", "by group", "by fold", NULL};
    for (int by = 0; by < 5; by++) {
        if (aside && (by == 1 || by == 2))
            continue;
        if (by_name[by])
            printf("  %s\n", by_name[by]);
        static char seen[MAX_PHOTOS][160];
        int nseen = 0;
        for (int i = 0; i < nrows; i++) {
            char kb[64], kb2[64];
            const char *key = row_key(&rows[i], by, kb, sizeof kb);
            int done = 0;
            for (int k = 0; k < nseen; k++)
                done |= strcmp(seen[k], key) == 0;
            if (done)
                continue;
            snprintf(seen[nseen++], sizeof seen[0], "%.150s", key);
            long correct = 0, total = 0, read = 0, wrong = 0, marked = 0, marks = 0;
            int photos = 0, perfect = 0, refused = 0, wsize = 0, nt = 0;
            static double tt[MAX_PHOTOS];
            for (int j = i; j < nrows; j++) {
                if (strcmp(row_key(&rows[j], by, kb2, sizeof kb2), key) != 0)
                    continue;
                const photo_row *r = &res[j];
                const int rc = aside ? r->aside_correct : r->correct,
                          rt = aside ? r->aside_total : r->total;
                photos++;
                correct += rc;
                total += rt;
                perfect += aside ? r->aside_perfect : r->perfect;
                refused += r->refused;
                wsize += r->wrong_size;
                if (!r->refused)
                    tt[nt++] = r->ms_total;
                if (!r->refused && !r->wrong_size) {
                    read += rt;
                    wrong += rt - rc;
                    marked += aside ? r->aside_wrong_marked : r->wrong_marked;
                    marks += r->marks;
                }
            }
            printf("%s%-42.42s %6d %8.2f%% %5d/%-3d %7d %6d %8ld %6.2f%% %6.2f%% %6.1f%% %8.1f "
                   "%8.1f\n",
                   by == 4 ? "" : "  ", key, photos, total ? 100.0 * correct / total : 0, perfect,
                   photos, refused, wsize, wrong - marked,
                   read ? 100.0 * (wrong - marked) / read : 0, read ? 100.0 * marks / read : 0,
                   wrong ? 100.0 * marked / wrong : 100.0, pct(tt, nt, 0.5), pct(tt, nt, 0.95));
            if (nseen >= MAX_PHOTOS)
                break;
        }
    }
}

/* Times of a pass, and the refusals' own: a refusal keeps a person waiting too. */
static void pass_times(const photo_row *res, int nrows)
{
    static double tt[MAX_PHOTOS], td[MAX_PHOTOS], tdt[MAX_PHOTOS], tc[MAX_PHOTOS], tcpu[MAX_PHOTOS],
        tr[MAX_PHOTOS], all[MAX_PHOTOS];
    int nt = 0, nr = 0;
    double slowest_refusal_wall = 0, slowest_refusal_cpu = 0;
    unsigned long warps = 0, reused = 0;
    for (int i = 0; i < nrows; i++) {
        all[i] = res[i].ms_cpu;
        warps += res[i].warps;
        reused += res[i].warps_reused;
        if (res[i].refused) {
            tr[nr++] = res[i].ms_cpu;
            if (res[i].ms_cpu > slowest_refusal_cpu) {
                slowest_refusal_cpu = res[i].ms_cpu;
                slowest_refusal_wall = res[i].ms_wall;
            }
            continue;
        }
        tt[nt] = res[i].ms_total;
        td[nt] = res[i].ms_decode;
        tdt[nt] = res[i].ms_detect;
        tc[nt] = res[i].ms_classify;
        tcpu[nt] = res[i].ms_cpu;
        nt++;
    }
    printf("times of the photos read (ms): median %.1f, p95 %.1f, max %.1f; median decode %.1f, "
           "detect %.1f, classify %.1f; this thread's CPU median %.1f, p95 %.1f, max %.1f\n",
           pct(tt, nt, 0.5), pct(tt, nt, 0.95), pct(tt, nt, 1.0), pct(td, nt, 0.5),
           pct(tdt, nt, 0.5), pct(tc, nt, 0.5), pct(tcpu, nt, 0.5), pct(tcpu, nt, 0.95),
           pct(tcpu, nt, 1.0));
    if (nr)
        printf(
            "refusals: %d, CPU median %.1f ms, max %.1f ms (wall clock %.1f ms); every photo: CPU "
            "median %.1f ms, p95 %.1f ms\n",
            nr, pct(tr, nr, 0.5), pct(tr, nr, 1.0), slowest_refusal_wall, pct(all, nrows, 0.5),
            pct(all, nrows, 0.95));
    printf("warps: %lu, %.1f%% of them reused within their scan\n", warps,
           warps ? 100.0 * reused / warps : 0);
}

static int file_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

int main(int argc, char **argv)
{
    const char *root = GOREF_DATA_DIR "/photos";
    const char *overlay_dir = NULL, *only = NULL, *models = GOREF_SOURCE_DIR "/vision/model/folds",
               *disputed_path = GOREF_SOURCE_DIR "/bench/disputed_truth.tsv";
    const char *folds = NULL;
    int verbose = 0, synthetic = 40, turns = 0, sizes = 0, rule = 1, alter = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            verbose = 1;
        else if (strcmp(argv[i], "-vv") == 0)
            verbose = 2;
        else if (strcmp(argv[i], "--overlay") == 0 && i + 1 < argc)
            overlay_dir = argv[++i];
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--models") == 0 && i + 1 < argc)
            models = argv[++i];
        else if (strcmp(argv[i], "--disputed") == 0 && i + 1 < argc)
            disputed_path = argv[++i];
        else if (strcmp(argv[i], "--no-rule") == 0)
            rule = 0;
        else if (strcmp(argv[i], "--turns") == 0)
            turns = 1;
        else if (strcmp(argv[i], "--sizes") == 0)
            sizes = 1;
        else if (strcmp(argv[i], "--alter") == 0)
            alter = 1;
        else if (strcmp(argv[i], "--alter2") == 0)
            alter = 2;
        else if (strcmp(argv[i], "--candidates") == 0 || strcmp(argv[i], "--candidates-all") == 0) {
            candidates = argv[i][12] ? 2 : 1;
            vz_observe_lattice = on_lattice;
        } else if (strcmp(argv[i], "--folds") == 0 && i + 1 < argc) {
            folds = argv[++i];
            if (!*folds || strspn(folds, "0123456789") != strlen(folds)) {
                fprintf(stderr, "bench_vision: --folds takes fold digits (e.g. 01), not \"%s\"\n",
                        folds);
                return 2;
            }
        } else if (strcmp(argv[i], "--save") == 0 && i + 1 < argc)
            save_dir = argv[++i];
        else if (strcmp(argv[i], "--dump") == 0 && i + 1 < argc) {
            if (!(dump_file = fopen(argv[++i], "w"))) {
                fprintf(stderr, "bench_vision: cannot write %s\n", argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--wrong") == 0 && i + 1 < argc) {
            if (!(wrong_file = fopen(argv[++i], "w"))) {
                fprintf(stderr, "bench_vision: cannot write %s\n", argv[i]);
                return 2;
            }
            fprintf(wrong_file, "row\tsize\tseed\tx\ty\tedge\tlight\ttruth\tread\trule\tmarked\t"
                                "cnn_empty\tcnn_black\tcnn_white\tconfidence\tneighbours\n");
        } else if (strcmp(argv[i], "--seeds") == 0 && i + 1 < argc) {
            char *end;
            const long long b = strtoll(argv[++i], &end, 10);
            if (*end || b < 0 || b >= SEEDS_TRAINING - 1000) {
                fprintf(stderr,
                        "bench_vision: --seeds takes a whole number below %d (the classifier's "
                        "training boards are drawn from %d up), not \"%s\"\n",
                        SEEDS_TRAINING - 1000, SEEDS_TRAINING, argv[i]);
                return 2;
            }
            seed_base = (uint64_t)b;
        } else if (strcmp(argv[i], "--grid-diag") == 0)
            grid_diag_on = 1;
        else if (strcmp(argv[i], "--synthetic") == 0 && i + 1 < argc)
            synthetic = (int)strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--row") == 0 && i + 1 < argc) {
            const char *name = argv[++i];
            row_only = -1; /* the last --row names the row */
            for (int k = 0; k < (int)(sizeof row_name / sizeof *row_name); k++)
                if (strcmp(name, row_name[k]) == 0)
                    row_only = k;
            if (row_only < 0) {
                fprintf(stderr,
                        "bench_vision: no synthetic row \"%s\" (plain, lamps, low, small, "
                        "hurried, shadows, scene, turned, cloth, blue, webcam, pale, steep, "
                        "mixed)\n",
                        name);
                return 2;
            }
        } else {
            fprintf(stderr, "bench_vision: unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (read_disputed(disputed_path) < 0)
        return 2;
    go_cv_set_threads(1);
    printf("point classifier: %s, lattice model: %s\n", go_vision_model_name(),
           go_vision_lattice_model_name());
    if (row_only >= 0) { /* one synthetic row, no photos */
        synthetic_table(synthetic, verbose);
        return 0;
    }
    static photo_entry rows[MAX_PHOTOS];
    int nrows = photo_set_read(rows, MAX_PHOTOS, root, only);
    if (nrows < 0) {
        printf("bench_vision: SKIP the photos: no manifest at %s/MANIFEST.tsv\n", root);
        synthetic_table(synthetic, verbose);
        return 0;
    }
    /* the folds are dealt over the whole manifest, whatever --only keeps */
    {
        static photo_entry all[MAX_PHOTOS];
        const int nall = photo_set_read(all, MAX_PHOTOS, root, NULL);
        photo_set_folds(all, nall, PHOTO_SET_FOLDS);
        for (int i = 0; i < nrows; i++)
            for (int k = 0; k < nall; k++)
                if (strcmp(all[k].image, rows[i].image) == 0)
                    rows[i].fold = all[k].fold;
    }
    if (folds) { /* only the photos of the folds named */
        int kept = 0;
        for (int i = 0; i < nrows; i++)
            if (strchr(folds, '0' + rows[i].fold))
                rows[kept++] = rows[i];
        nrows = kept;
        printf("photos of folds %s only: %d\n", folds, nrows);
    }
    if (alter) { /* the altered photos alone, by the models of their folds */
        char path[1200];
        int have = 1;
        for (int k = 0; k < PHOTO_SET_FOLDS; k++) {
            snprintf(path, sizeof path, "%s/fold%d.onnx", models, k);
            have &= file_exists(path);
            snprintf(path, sizeof path, "%s/lattice_fold%d.onnx", models, k);
            have &= file_exists(path);
        }
        if (alter == 2)
            variant_table(rows, nrows, root, verbose, "photos altered twice (development)",
                          alter2_v, (int)(sizeof alter2_v / sizeof *alter2_v),
                          have ? models : NULL);
        else
            variant_table(rows, nrows, root, verbose,
                          "photos altered (lamps, dim room, webcam, views)", alter_v,
                          (int)(sizeof alter_v / sizeof *alter_v), have ? models : NULL);
        return 0;
    }
    static photo_row res[PASSES][MAX_PHOTOS];
    /* as built */
    if (verbose)
        printf("\n-- %s\n", pass_title[AS_BUILT]);
    for (int i = 0; i < nrows; i++)
        read_photo(&res[AS_BUILT][i], &rows[i], root, verbose, overlay_dir);
    pass_table(rows, res[AS_BUILT], nrows, AS_BUILT, 0);
    pass_table(rows, res[AS_BUILT], nrows, AS_BUILT, 1);
    pass_times(res[AS_BUILT], nrows);
    photo_verdict_table(rows, nrows, root, pass_title[AS_BUILT]);
    /* held out: each fold's photos by the model trained without them */
    char path[1200];
    int have_folds = 1;
    for (int k = 0; k < PHOTO_SET_FOLDS; k++) {
        snprintf(path, sizeof path, "%s/fold%d.onnx", models, k);
        have_folds &= file_exists(path);
        snprintf(path, sizeof path, "%s/lattice_fold%d.onnx", models, k);
        have_folds &= file_exists(path);
    }
    if (!have_folds) {
        printf("\nSKIPPED the held-out figures: no fold models at %s (make model makes them)\n",
               models);
    } else {
        if (verbose)
            printf("\n-- %s\n", pass_title[HELD_OUT]);
        for (int k = 0; k < PHOTO_SET_FOLDS; k++) {
            if (use_fold_models(models, k) < 0)
                return 1;
            for (int i = 0; i < nrows; i++)
                if (rows[i].fold == k)
                    read_photo(&res[HELD_OUT][i], &rows[i], root, verbose, NULL);
        }
        use_fold_models(models, -1);
        pass_table(rows, res[HELD_OUT], nrows, HELD_OUT, 0);
        pass_table(rows, res[HELD_OUT], nrows, HELD_OUT, 1);
        pass_times(res[HELD_OUT], nrows);
        photo_verdict_table(rows, nrows, root, pass_title[HELD_OUT]);
    }
    if (rule) {
        if (verbose)
            printf("\n-- %s\n", pass_title[RULE_ALONE]);
        setenv("GOREF_VISION_POINTS", "rule", 1);
        for (int i = 0; i < nrows; i++)
            read_photo(&res[RULE_ALONE][i], &rows[i], root, verbose, NULL);
        unsetenv("GOREF_VISION_POINTS");
        pass_table(rows, res[RULE_ALONE], nrows, RULE_ALONE, 0);
        pass_table(rows, res[RULE_ALONE], nrows, RULE_ALONE, 1);
        pass_times(res[RULE_ALONE], nrows);
    }
    printf("\nbars: >= 99.5%% points and >= 90%% photos perfect (refusals count as wrong); silent "
           "points (wrong, not marked for a look) <= 0.1%% of the points read;\n"
           "marks <= 3%% of the points read, catching >= 90%% of the wrong points; median <= 200 "
           "ms and p95 <= 500 ms on one core; a refusal within 1.5 s. size? = read\n"
           "at a wrong size. Judge a change by the held-out figures.\n");
    if (turns)
        variant_table(rows, nrows, root, verbose, "photos turned, saved at q92", turns_v,
                      (int)(sizeof turns_v / sizeof *turns_v), have_folds ? models : NULL);
    if (sizes)
        variant_table(rows, nrows, root, verbose, "photos resized, saved again", sizes_v,
                      (int)(sizeof sizes_v / sizeof *sizes_v), have_folds ? models : NULL);
    if (!only)
        synthetic_table(synthetic, verbose);
    return 0;
}
