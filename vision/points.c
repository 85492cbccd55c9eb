/* The learned point classifier: each point of the lattice seen as a small patch of the board with
 * the perspective taken out, and a small convolutional network (vision/model/, trained by
 * `make model`) telling empty, black and white apart with a probability. It checks the colour
 * rule's reading: a point it reads otherwise is marked for a person's look, and so is a point read
 * empty that it is unsure of, a lone stone on the edge unlike the other stones in tint, and a stone
 * far from its colour's tint that the classifier gives some chance of being wood. A point read
 * empty whose lines a white stone's dome hides, and that it reads white, is read white, marked;
 * a black reading it is sure is wood is read empty, marked. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_slot.h"
#include "params.h"
#include "vision_int.h"

/* The built-in model (generated from vision/model/points.onnx at build time). */
extern const unsigned char vz_points_model[];
extern const size_t vz_points_model_len;
extern const char vz_points_model_name[];

static vz_model_slot points_model = {.builtin = vz_points_model,
                                     .builtin_len = &vz_points_model_len,
                                     .builtin_name = vz_points_model_name,
                                     .kind = "a point classifier",
                                     .classes = 3};

const char *go_vision_model_name(void)
{
    return vz_model_slot_name(&points_model);
}

int go_vision_use_model_file(const char *path)
{
    return vz_model_slot_use_file(&points_model, path);
}

/* The board's mean in each channel over the lattice's points and the squares between them:
 * the patches are scaled by it, so that the network sees every light as a white one of one
 * brightness (a lamp's colour and the exposure come out; the contrast between wood and stones
 * stays). */
static void board_means(double mean[3], const go_cv_image *b, int inset)
{
    double s[3] = {0, 0, 0};
    long cnt = 0;
    for (int y = inset; y < b->height - inset; y++) {
        const uint8_t *row = b->pixels + (size_t)y * b->width * 3;
        for (int x = inset; x < b->width - inset; x++) {
            for (int c = 0; c < 3; c++)
                s[c] += row[x * 3 + c];
            cnt++;
        }
    }
    for (int c = 0; c < 3; c++)
        mean[c] = cnt ? s[c] / cnt : 128;
}

int vz_point_patches(uint8_t *out, const double h[9], int n, const go_cv_image *bgr)
{
    return vz_point_patches_ring(out, h, n, 0, bgr);
}

int vz_point_patches_ring(uint8_t *out, const double h_in[9], int n_in, int ring,
                          const go_cv_image *bgr)
{
    /* The patches of one lattice are cut once a scan: the final check (the lattice model) and
     * the point classifier read the same patches of the lattice read on. Kept as an image of
     * the patches one under another, which is their layout in out. */
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    const int count = (n_in + 2 * ring) * (n_in + 2 * ring);
    go_cv_image kept = {0};
    int rc = go_cv_kept_find(&kept, bgr, GO_CV_KEPT_PATCHES, h_in, n_in, ring);
    if (rc < 0)
        return rc;
    if (rc > 0) {
        memcpy(out, kept.pixels, patch * (size_t)count);
        go_cv_image_free(&kept);
        return 0;
    }
    /* The board is warped at VZ_PATCH_OVERSAMPLE times the patch's scale and then averaged
     * down: warping straight to a few pixels a cell would sample a large board's lines
     * and stones' edges at random. Lattice (i, j) lands at the centre of patch (i, j). */
    double h[9];
    vz_lattice_move(h, h_in, -ring, -ring);
    const int n = n_in + 2 * ring;
    const int os = VZ_PATCH_OVERSAMPLE, cell = VZ_PATCH_CELL * os;
    const double half = VZ_PATCH_SIDE * os / 2.0 - 0.5;
    const int side = VZ_PATCH_CELL * (n - 1) + VZ_PATCH_SIDE;
    const double a_inv[9] = {1.0 / cell, 0, -half / cell, 0, 1.0 / cell, -half / cell, 0, 0, 1};
    double m[9];
    vz_mat3_mul(m, h, a_inv);
    go_cv_image big = {0}, board = {0};
    /* not kept: the patches are */
    rc = go_cv_warp_unkept(&big, bgr, m, side * os, side * os, 1);
    if (rc == 0)
        rc = go_cv_resize(&board, &big, side, side);
    go_cv_image_free(&big);
    if (rc < 0)
        return rc;
    double mean[3];
    /* the board's own points only: the ring beyond may hold the table */
    board_means(mean, &board, VZ_PATCH_SIDE / 2 - VZ_PATCH_CELL / 2 + ring * VZ_PATCH_CELL);
    double gain[3];
    for (int c = 0; c < 3; c++)
        gain[c] = VZ_PATCH_MEAN / (mean[c] > 8 ? mean[c] : 8);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            uint8_t *p = out + ((size_t)j * n + i) * patch;
            for (int y = 0; y < VZ_PATCH_SIDE; y++) {
                const uint8_t *row =
                    board.pixels + ((size_t)(j * VZ_PATCH_CELL + y) * side + i * VZ_PATCH_CELL) * 3;
                for (int x = 0; x < VZ_PATCH_SIDE * 3; x++) {
                    double v = row[x] * gain[x % 3];
                    *p++ = (uint8_t)(v > 255 ? 255 : v + 0.5);
                }
            }
        }
    go_cv_image_free(&board);
    const go_cv_image cut = {VZ_PATCH_SIDE, VZ_PATCH_SIDE * count, 3, out};
    go_cv_kept_keep(bgr, GO_CV_KEPT_PATCHES, h_in, n_in, ring, &cut);
    return 0;
}

int vz_point_probs(float *out, const uint8_t *patches, int count)
{
    return vz_model_slot_run(&points_model, out, patches, count);
}

/* The colour of the point of a patch: the mean of each channel over a disc 0.6 of a cell across
 * at its centre (inside any stone there), in the patch's scaling (the board's mean in each
 * channel made one level, so that a lamp's colour is out). */
static void patch_centre(const uint8_t *patch, double out[3])
{
    const double c = VZ_PATCH_SIDE / 2.0 - 0.5, rad = 0.3 * VZ_PATCH_CELL;
    double sum[3] = {0, 0, 0};
    int m = 0;
    for (int y = 0; y < VZ_PATCH_SIDE; y++)
        for (int x = 0; x < VZ_PATCH_SIDE; x++)
            if ((x - c) * (x - c) + (y - c) * (y - c) <= rad * rad) {
                for (int k = 0; k < 3; k++)
                    sum[k] += patch[((size_t)y * VZ_PATCH_SIDE + x) * 3 + k];
                m++;
            }
    for (int k = 0; k < 3; k++)
        out[k] = sum[k] / m;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The tint of each stone of colour in r (blue and red over green at its patch's centre), into
 * tint; its colour's median tint and robust spread (1.4826 times the median absolute deviation
 * of each of the two, their hypotenuse, at least LONE_EDGE_SD_FLOOR) into median and *sd.
 * Returns the stones of that colour. */
static int colour_tints(double tint[][2], double median[2], double *sd, const go_vision_result *r,
                        const uint8_t *patches, int colour)
{
    const int n = r->size;
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    double sorted[GO_MAX_SIZE * GO_MAX_SIZE], spread[2];
    int m = 0;
    for (int k = 0; k < n * n; k++) {
        if (r->color[k / n][k % n] != colour)
            continue;
        double c[3];
        patch_centre(patches + (size_t)k * patch, c);
        tint[k][0] = c[0] - c[1];
        tint[k][1] = c[2] - c[1];
        m++;
    }
    if (m == 0)
        return 0;
    for (int a = 0; a < 2; a++) {
        int q = 0;
        for (int k = 0; k < n * n; k++)
            if (r->color[k / n][k % n] == colour)
                sorted[q++] = tint[k][a];
        qsort(sorted, (size_t)q, sizeof *sorted, cmp_double);
        median[a] = sorted[q / 2];
        for (int i = 0; i < q; i++)
            sorted[i] = fabs(sorted[i] - median[a]);
        qsort(sorted, (size_t)q, sizeof *sorted, cmp_double);
        spread[a] = 1.4826 * sorted[q / 2]; /* a normal spread's standard deviation */
    }
    *sd = fmax(hypot(spread[0], spread[1]), LONE_EDGE_SD_FLOOR);
    return m;
}

void vz_points_mark_lone_edge(go_vision_result *r, const uint8_t *patches)
{
    const int n = r->size;
    double tint[GO_MAX_SIZE * GO_MAX_SIZE][2];
    for (int colour = GO_BLACK; colour <= GO_WHITE; colour++) {
        double median[2], sd;
        if (colour_tints(tint, median, &sd, r, patches, colour) < LONE_EDGE_STONES)
            continue;
        for (int k = 0; k < n * n; k++) {
            const int y = k / n, x = k % n;
            if (r->color[y][x] != colour || (x > 0 && y > 0 && x < n - 1 && y < n - 1))
                continue;
            int alone = 1;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    const int qx = x + dx, qy = y + dy;
                    if ((dx || dy) && qx >= 0 && qy >= 0 && qx < n && qy < n &&
                        r->color[qy][qx] != GO_EMPTY)
                        alone = 0;
                }
            const double apart = hypot(tint[k][0] - median[0], tint[k][1] - median[1]);
            if (alone && apart > LONE_EDGE_APART * sd)
                r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
        }
    }
}

void vz_points_mark_stone_tint(go_vision_result *r, const uint8_t *patches, const float *prob)
{
    const int n = r->size;
    double tint[GO_MAX_SIZE * GO_MAX_SIZE][2];
    for (int colour = GO_BLACK; colour <= GO_WHITE; colour++) {
        double median[2], sd;
        if (colour_tints(tint, median, &sd, r, patches, colour) < STONE_TINT_STONES)
            continue;
        for (int k = 0; k < n * n; k++) {
            const int y = k / n, x = k % n;
            if (r->color[y][x] != colour || prob[3 * (size_t)k] < STONE_TINT_EMPTY)
                continue;
            const double apart = hypot(tint[k][0] - median[0], tint[k][1] - median[1]);
            if (apart > STONE_TINT_APART * sd)
                r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
        }
    }
}

/* The classes of the network's output, in the order of its probabilities. */
static const int class_of[3] = {GO_EMPTY, GO_BLACK, GO_WHITE};

/* The index of the likeliest class of one point's probabilities p. */
static int likeliest(const float *p)
{
    int best = p[1] > p[0] ? 1 : 0;
    return p[2] > p[best] ? 2 : best;
}

int vz_points_black_wood(go_vision_result *r, const uint8_t *patches, const float *prob)
{
    const int n = r->size;
    double tint[GO_MAX_SIZE * GO_MAX_SIZE][2], median[2], sd;
    if (colour_tints(tint, median, &sd, r, patches, GO_BLACK) == 0)
        return 0;
    /* the black readings it is sure are wood and that keep a tint apart from the black stones' */
    int wood[GO_MAX_SIZE * GO_MAX_SIZE], nwood = 0, others = 0, black = 0;
    for (int k = 0; k < n * n; k++) {
        const int y = k / n, x = k % n;
        const float *p = prob + 3 * (size_t)k;
        if (r->color[y][x] != GO_BLACK || r->off_point[y][x])
            continue;
        const double apart = hypot(tint[k][0] - median[0], tint[k][1] - median[1]);
        if (p[0] >= BLACK_WOOD && apart >= BLACK_WOOD_APART * sd) {
            wood[nwood++] = k;
        } else {
            others++;
            black += likeliest(p) == 1;
        }
    }
    /* a classifier that takes many of the black stones for something else does not know this
     * set's stones, and its word on one of them weighs no more */
    if (nwood == 0 || black < BLACK_WOOD_KNOWN * others)
        return 0;
    for (int i = 0; i < nwood; i++) {
        const int y = wood[i] / n, x = wood[i] % n;
        r->color[y][x] = GO_EMPTY;
        r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
    }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "point classifier: %d black readings read as wood\n", nwood);
    return nwood;
}

void vz_points_mark(go_vision_result *r, const float *prob)
{
    const int n = r->size;
    int disagree = 0;
    for (int k = 0; k < n * n; k++) {
        const int y = k / n, x = k % n;
        if (class_of[likeliest(prob + 3 * (size_t)k)] != r->color[y][x]) {
            disagree++;
            if (!r->off_point[y][x]) /* a stone off its point is marked already */
                r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
        }
    }
    /* A point read empty that the network gives under POINTS_SURE of being empty is marked: a
     * stone taken for wood (pale stones on a coloured lamp's side of the board, a stone half off
     * its point) is what both readers miss together, and the network is unsure of it where the
     * rule is not (vision/params.h) */
    for (int k = 0; k < n * n; k++) {
        const int y = k / n, x = k % n;
        if (r->color[y][x] == GO_EMPTY && prob[3 * (size_t)k] < POINTS_SURE)
            r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
    }
    /* A black reading beside one stone only, that the network gives some chance of being wood,
     * may be that stone's shadow (SHADE_EMPTY: vision/params.h) */
    for (int k = 0; k < n * n; k++) {
        const int y = k / n, x = k % n;
        if (r->color[y][x] != GO_BLACK || prob[3 * (size_t)k] <= SHADE_EMPTY)
            continue;
        int beside = 0;
        for (int s = 0; s < 4; s++) {
            const int qx = x + vz_step4[s][0], qy = y + vz_step4[s][1];
            beside += qx >= 0 && qy >= 0 && qx < n && qy < n && r->color[qy][qx] != GO_EMPTY;
        }
        if (beside == 1)
            r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
    }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "point classifier: differs from the rule at %d points\n", disagree);
}

/* The glint on the top of a stone at lattice point (i, j) in lab (vz_warp_lab at CELL pixels a
 * cell, one cell's margin): the whitest pixel within GLINT_RADIUS of a cell over the median within
 * GLINT_AROUND (whiteness: L less the chroma). */
static double top_glint(const go_cv_image *lab, int i, int j)
{
    const int R = (int)(GLINT_AROUND * CELL), cx = (i + 1) * CELL, cy = (j + 1) * CELL;
    double v[(2 * (int)(GLINT_AROUND * CELL) + 1) * (2 * (int)(GLINT_AROUND * CELL) + 1)];
    double top = -1e9;
    int m = 0;
    for (int dy = -R; dy <= R; dy++)
        for (int dx = -R; dx <= R; dx++) {
            const int x = cx + dx, y = cy + dy;
            const double d = hypot(dx, dy);
            if (d > R || x < 0 || y < 0 || x >= lab->width || y >= lab->height)
                continue;
            const uint8_t *p = lab->pixels + ((size_t)y * lab->width + x) * 3;
            const double w = p[0] - hypot(p[1] - 128.0, p[2] - 128.0);
            v[m++] = w;
            if (d <= GLINT_RADIUS * CELL && w > top)
                top = w;
        }
    return m ? top - vz_median(v, m) : 0;
}

void vz_points_read_hidden(go_vision_result *r, const float *prob, const vz_grid *g,
                           const go_cv_image *work)
{
    const int n = r->size;
    double v[GO_MAX_SIZE * GO_MAX_SIZE];
    int m = 0;
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_EMPTY)
            v[m++] = r->line_dip[k / n][k % n];
    const double typical = m ? vz_median(v, m) : 0;
    if (m < VETO_MIN_EMPTY || typical < VETO_MIN_DIP)
        return;
    go_cv_image warped = {0}, lab = {0}; /* warped when a glint is looked for */
    int warp_tried = 0;
    for (int k = 0; k < n * n; k++) {
        const int y = k / n, x = k % n;
        const float *p = prob + 3 * (size_t)k;
        const double dip = r->line_dip[y][x];
        if (r->color[y][x] != GO_EMPTY || p[0] > HIDDEN_WOOD_MAX || p[2] < p[1])
            continue;
        /* the lines hidden as a white stone's dome hides them, as mark_hidden_empties judges */
        const int hidden = dip < -MARK_HIDDEN_SHARE * typical && dip < -MARK_HIDDEN_MIN;
        /* where the lines are too faint to tell, only below the typical and with a glint */
        if (!hidden && (typical >= FAINT_LINES || dip >= typical))
            continue;
        /* a white stone there has a liberty: wood among black stones, whose shadows hide its
         * lines, is no stone */
        int liberty = 0;
        for (int s = 0; s < 4; s++) {
            const int qx = x + vz_step4[s][0], qy = y + vz_step4[s][1];
            liberty += qx >= 0 && qy >= 0 && qx < n && qy < n && r->color[qy][qx] != GO_BLACK;
        }
        if (!liberty)
            continue;
        if (!hidden) {
            if (!warp_tried++ && vz_warp_lab(&warped, &lab, g, work, CELL, 1) < 0)
                go_error_clear();
            const double top = lab.pixels ? top_glint(&lab, x, y) : 0;
            if (getenv("GOREF_VISION_DEBUG"))
                fprintf(stderr, "faint lines at %d %d: dip %.1f of typical %.1f, glint %.1f\n", x,
                        y, dip, typical, top);
            if (top < GLINT_MIN)
                continue;
        }
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr,
                    "hidden white %d %d%s: dip %.1f of typical %.1f, classifier %.3f %.3f %.3f\n",
                    x, y, hidden ? "" : " (glint)", dip, typical, p[0], p[1], p[2]);
        r->color[y][x] = GO_WHITE;
        r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
    }
    go_cv_image_free(&warped);
    go_cv_image_free(&lab);
}

/* 1 when GOREF_VISION_POINTS=rule in the environment: the classifier is not asked. */
static int classifier_off(void)
{
    const char *env = getenv("GOREF_VISION_POINTS");
    return env && strcmp(env, "rule") == 0;
}

/* The patches of g's n x n points in work and the classifier's probabilities for them, into
 * *patches and *prob (allocated here; the caller frees both, on an error too). */
static int points_probs(uint8_t **patches, float **prob, const vz_grid *g, int n,
                        const go_cv_image *work)
{
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    *patches = malloc(patch * (size_t)n * n);
    *prob = malloc(sizeof(float) * 3 * (size_t)n * n);
    int rc = *patches && *prob ? 0 : go_error_set(GO_ENOMEM, "point patches");
    if (rc == 0)
        rc = vz_point_patches(*patches, g->h, n, work);
    if (rc == 0)
        rc = vz_point_probs(*prob, *patches, n * n);
    return rc;
}

int vz_points_read(go_vision_result *r, const vz_grid *g, const go_cv_image *work, double *sure)
{
    *sure = 0;
    if (classifier_off())
        return go_error_set(GO_ENOBOARD, "no board: the point classifier is turned off");
    const int n = r->size;
    uint8_t *patches;
    float *prob;
    const int rc = points_probs(&patches, &prob, g, n, work);
    if (rc == 0) {
        int sure_count = 0;
        for (int k = 0; k < n * n; k++) {
            const float *p = prob + 3 * (size_t)k;
            const int best = likeliest(p), y = k / n, x = k % n;
            if (class_of[best] != r->color[y][x])
                r->off_point[y][x] = 0; /* the classifier reads the point itself */
            r->color[y][x] = (unsigned char)class_of[best];
            r->confidence[y][x] = p[best] >= BY_CLASSIFIER_MARK ? p[best] : VZ_POINTS_DOUBT;
            sure_count += p[best] >= POINTS_SURE;
        }
        *sure = (double)sure_count / (n * n);
    }
    free(patches);
    free(prob);
    return rc;
}

int vz_points_check(go_vision_result *r, const vz_grid *g, const go_cv_image *work)
{
    if (classifier_off())
        return 0;
    uint8_t *patches;
    float *prob;
    const int rc = points_probs(&patches, &prob, g, r->size, work);
    if (rc == 0) {
        vz_points_read_hidden(r, prob, g, work);
        vz_points_black_wood(r, patches, prob);
        vz_points_mark_lone_edge(r, patches);
        vz_points_mark_stone_tint(r, patches, prob);
        vz_points_mark(r, prob);
    }
    free(patches);
    free(prob);
    return rc;
}
