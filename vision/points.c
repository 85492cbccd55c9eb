/* The learned point classifier: each point of the lattice seen as a small patch of the board with
 * the perspective taken out, and a small convolutional network (vision/model/, trained by
 * `make model`) telling empty, black and white apart with a probability. It checks the colour
 * rule's reading: a point it reads otherwise is marked for a person's look, and on a board where
 * it does so more than once, a point read empty beside such a point that it is unsure of too. */
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
    int rc = go_cv_warp(&big, bgr, m, side * os, side * os, 1);
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
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
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
    return 0;
}

int vz_point_probs(float *out, const uint8_t *patches, int count)
{
    return vz_model_slot_run(&points_model, out, patches, count);
}

void vz_points_mark(go_vision_result *r, const float *prob)
{
    const int n = r->size;
    /* the classes of the network's output, in the order of its probabilities */
    static const int class_of[3] = {GO_EMPTY, GO_BLACK, GO_WHITE};
    unsigned char differs[GO_MAX_SIZE * GO_MAX_SIZE] = {0};
    int disagree = 0;
    for (int k = 0; k < n * n; k++) {
        const float *p = prob + 3 * (size_t)k;
        int best = p[1] > p[0] ? 1 : 0;
        if (p[2] > p[best])
            best = 2;
        const int y = k / n, x = k % n;
        if (class_of[best] != r->color[y][x]) {
            differs[k] = 1;
            disagree++;
            if (!r->off_point[y][x]) /* a stone off its point is marked already */
                r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
        }
    }
    /* On a board where the two readers differ at POINTS_DOUBTFUL_BOARD points or more, the
     * reading is in doubt around those points: a point read empty beside one of them (the eight
     * around it) that the network gives under POINTS_SURE of being empty is marked too: a stone
     * taken for wood (vision/params.h) */
    if (disagree >= POINTS_DOUBTFUL_BOARD)
        for (int k = 0; k < n * n; k++) {
            const int y = k / n, x = k % n;
            if (r->color[y][x] != GO_EMPTY || prob[3 * (size_t)k] >= POINTS_SURE)
                continue;
            int beside = 0;
            for (int dy = -1; dy <= 1 && !beside; dy++)
                for (int dx = -1; dx <= 1 && !beside; dx++) {
                    const int qx = x + dx, qy = y + dy;
                    beside = (dx || dy) && qx >= 0 && qy >= 0 && qx < n && qy < n &&
                             differs[qy * n + qx];
                }
            if (beside)
                r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
        }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "point classifier: differs from the rule at %d points%s\n", disagree,
                disagree >= POINTS_DOUBTFUL_BOARD ? " (a doubtful board)" : "");
}

int vz_points_check(go_vision_result *r, const vz_grid *g, const go_cv_image *work)
{
    const char *env = getenv("GOREF_VISION_POINTS");
    if (env && strcmp(env, "rule") == 0)
        return 0;
    const int n = r->size;
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    uint8_t *patches = malloc(patch * (size_t)n * n);
    float *prob = malloc(sizeof(float) * 3 * (size_t)n * n);
    int rc = patches && prob ? 0 : go_error_set(GO_ENOMEM, "point patches");
    if (rc == 0)
        rc = vz_point_patches(patches, g->h, n, work);
    if (rc == 0)
        rc = vz_point_probs(prob, patches, n * n);
    free(patches);
    if (rc < 0) {
        free(prob);
        return rc;
    }
    vz_points_mark(r, prob);
    free(prob);
    return 0;
}
