/* Small projective geometry for vision/: 3x3 products, inverse, point mapping, a small linear
 * solver, the board seen through a lattice, clock; and the sorting and box sums the stages
 * share. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <stdatomic.h>
#endif

#include "vision_int.h"

const int vz_step4[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

void vz_lattice_move(double out[9], const double h[9], double dx, double dy)
{
    const double t[9] = {1, 0, dx, 0, 1, dy, 0, 0, 1};
    vz_mat3_mul(out, h, t);
}

void vz_mat3_mul(double out[9], const double a[9], const double b[9])
{
    double r[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j];
    for (int i = 0; i < 9; i++)
        out[i] = r[i];
}

int vz_mat3_inv(double out[9], const double m[9])
{
    double c0 = m[4] * m[8] - m[5] * m[7];
    double c1 = m[5] * m[6] - m[3] * m[8];
    double c2 = m[3] * m[7] - m[4] * m[6];
    double det = m[0] * c0 + m[1] * c1 + m[2] * c2;
    if (fabs(det) < 1e-300)
        return -1;
    double r[9] = {c0, m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                   c1, m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                   c2, m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]};
    for (int i = 0; i < 9; i++)
        out[i] = r[i] / det;
    return 0;
}

int vz_apply(const double h[9], double x, double y, double *ox, double *oy)
{
    double w = h[6] * x + h[7] * y + h[8];
    if (fabs(w) < 1e-12)
        return -1;
    *ox = (h[0] * x + h[1] * y + h[2]) / w;
    *oy = (h[3] * x + h[4] * y + h[5]) / w;
    return 0;
}

double vz_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int vz_solve_augmented(double *a, int n)
{
    const int w = n + 1;
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * w + c]) > fabs(a[piv * w + c]))
                piv = r;
        if (fabs(a[piv * w + c]) < 1e-12)
            return -1;
        if (piv != c)
            for (int k = 0; k < w; k++) {
                double t = a[c * w + k];
                a[c * w + k] = a[piv * w + k];
                a[piv * w + k] = t;
            }
        for (int r = 0; r < n; r++) {
            if (r == c)
                continue;
            double f = a[r * w + c] / a[c * w + c];
            for (int k = c; k < w; k++)
                a[r * w + k] -= f * a[c * w + k];
        }
    }
    for (int r = 0; r < n; r++)
        a[r * w + n] /= a[r * w + r];
    return 0;
}

/* The map of a lattice warp (warped pixel -> photo) and the warp's side. */
static int lattice_warp_map(double m[9], const vz_grid *g, int cell, int margin)
{
    const double s_inv[9] = {1.0 / cell, 0, -margin, 0, 1.0 / cell, -margin, 0, 0, 1};
    vz_mat3_mul(m, g->h, s_inv);
    return (g->size - 1 + 2 * margin) * cell + 1;
}

int vz_warp_lattice(go_cv_image *out, const vz_grid *g, const go_cv_image *bgr, int cell,
                    int margin)
{
    double m[9];
    const int side = lattice_warp_map(m, g, cell, margin);
    return go_cv_warp(out, bgr, m, side, side, 1);
}

int vz_warp_gray(go_cv_image *out, const vz_grid *g, const go_cv_image *bgr, int cell, int margin,
                 int light_weighted)
{
    /* the gray is kept within the scan, not the colour warp it comes from: the check, the
     * phase and the refinement of one lattice ask for the same gray again and again, the same
     * colour warp seldom (and keeping a warp costs the fresh memory the next one takes) */
    const int kind = light_weighted ? GO_CV_KEPT_LIGHT_GRAY : GO_CV_KEPT_GRAY;
    int rc = go_cv_kept_find(out, bgr, kind, g->h, cell, margin);
    if (rc != 0)
        return rc < 0 ? rc : 0;
    double m[9];
    const int side = lattice_warp_map(m, g, cell, margin);
    go_cv_image warped = {0};
    rc = go_cv_warp_unkept(&warped, bgr, m, side, side, 1);
    if (rc == 0)
        rc = light_weighted ? vz_gray(out, &warped) : go_cv_gray(out, &warped);
    go_cv_image_free(&warped);
    if (rc == 0)
        go_cv_kept_keep(bgr, kind, g->h, cell, margin, out);
    return rc;
}

int vz_warp_lab(go_cv_image *warped, go_cv_image *lab, const vz_grid *g, const go_cv_image *bgr,
                int cell, int margin)
{
    /* a lattice refused after its reading is often read again by a later look, and the Lab
     * conversion costs more than the warp */
    int rc = vz_warp_lattice(warped, g, bgr, cell, margin);
    if (rc < 0)
        return rc;
    rc = go_cv_kept_find(lab, bgr, GO_CV_KEPT_LAB, g->h, cell, margin);
    if (rc != 0)
        return rc < 0 ? rc : 0;
    rc = go_cv_lab(lab, warped);
    if (rc == 0)
        go_cv_kept_keep(bgr, GO_CV_KEPT_LAB, g->h, cell, margin, lab);
    return rc;
}

int vz_lattice_through(vz_grid *out, double corners[4][2], int size, double span)
{
    const double src[8] = {0, 0, span, 0, span, span, 0, span};
    double dst[8];
    for (int c = 0; c < 4; c++) {
        dst[2 * c] = corners[c][0];
        dst[2 * c + 1] = corners[c][1];
    }
    memset(out, 0, sizeof *out);
    out->size = size;
    if (go_cv_find_homography(out->h, src, dst, 4, 0, 0) < 0)
        return go_error_set(GO_EINVAL, "the four corners do not form a quadrilateral");
    return 0;
}

int vz_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double vz_median(double *v, int m)
{
    qsort(v, (size_t)m, sizeof *v, vz_cmp_double);
    return m ? v[m / 2] : 0;
}

/* The box sums' blocks given back within a scan on this thread, for the next build: a scan
 * builds the sums of the same few images' sizes over and over. */
#define BOX_POOL 6
static _Thread_local struct {
    double *block;
    size_t capacity;
} box_pool[BOX_POOL];
static _Thread_local int scans_open;

/* The heap a scan grows is kept for the next scan. By default glibc gives each large block
 * freed back to the system and maps a fresh one for the next (its thresholds adapt to the
 * sizes seen), so a scan, which frees and takes its warps and tables again and again, takes
 * thousands of page faults, each page cleared anew: about 7,500 in a 19x19 refusal, 30 with
 * the heap kept. Set once for the process and every thread's heap: up to
 * HEAP_TRIM_THRESHOLD of free heap stays with the process. */
#ifdef __GLIBC__
#define HEAP_MMAP_THRESHOLD (32 << 20) /* glibc's largest; blocks above it are mapped */
#define HEAP_TRIM_THRESHOLD (128 << 20)
static atomic_int heap_kept;
static void keep_heap(void)
{
    if (atomic_exchange(&heap_kept, 1) == 0) {
        mallopt(M_MMAP_THRESHOLD, HEAP_MMAP_THRESHOLD);
        mallopt(M_TRIM_THRESHOLD, HEAP_TRIM_THRESHOLD);
    }
}
#else
static void keep_heap(void) {}
#endif

void vz_scan_begin(void)
{
    keep_heap();
    scans_open++;
    go_cv_warp_cache_begin();
}

void vz_scan_end(void)
{
    go_cv_warp_cache_end();
    if (scans_open == 0 || --scans_open > 0)
        return;
    for (int k = 0; k < BOX_POOL; k++) {
        free(box_pool[k].block);
        box_pool[k].block = NULL;
        box_pool[k].capacity = 0;
    }
}

void vz_box_sums_free(vz_box_sums *t)
{
    if (t->s && scans_open > 0)
        for (int k = 0; k < BOX_POOL; k++)
            if (!box_pool[k].block) {
                box_pool[k].block = t->s;
                box_pool[k].capacity = t->capacity;
                t->s = NULL;
                break;
            }
    free(t->s); /* s2 lies in the same block */
    t->s = t->s2 = NULL;
    t->capacity = 0;
}

/* A block of at least need doubles: the smallest pooled one that holds them, or a fresh one. */
static double *box_block(size_t need, size_t *capacity)
{
    int best = -1;
    for (int k = 0; k < BOX_POOL; k++)
        if (box_pool[k].block && box_pool[k].capacity >= need &&
            (best < 0 || box_pool[k].capacity < box_pool[best].capacity))
            best = k;
    if (best >= 0) {
        double *block = box_pool[best].block;
        *capacity = box_pool[best].capacity;
        box_pool[best].block = NULL;
        box_pool[best].capacity = 0;
        return block;
    }
    *capacity = need;
    return malloc(need * sizeof(double));
}

int vz_box_sums_build(vz_box_sums *out, const uint8_t *pixels, int w, int h, int channels,
                      int channel)
{
    const size_t W1 = (size_t)w + 1, cells = W1 * ((size_t)h + 1);
    out->w = w;
    out->h = h;
    /* both tables in one block, not zeroed: every entry but the first row and column is
     * written below (zeroing megabytes only to write them again cost as much as the sums) */
    out->s = box_block(2 * cells, &out->capacity);
    out->s2 = out->s ? out->s + cells : NULL;
    if (!out->s)
        return go_error_set(GO_ENOMEM, "box sums");
    for (size_t x = 0; x < W1; x++)
        out->s[x] = out->s2[x] = 0;
    for (int y = 0; y < h; y++) {
        const uint8_t *p = pixels + (size_t)y * w * channels + channel;
        double *s = out->s + (size_t)(y + 1) * W1, *s2 = out->s2 + (size_t)(y + 1) * W1;
        const double *up = s - W1, *up2 = s2 - W1;
        double row = 0, row2 = 0;
        s[0] = s2[0] = 0;
        for (int x = 0; x < w; x++) {
            const double v = p[(size_t)x * channels];
            row += v;
            row2 += v * v;
            s[x + 1] = up[x + 1] + row;
            s2[x + 1] = up2[x + 1] + row2;
        }
    }
    return 0;
}

/* Sum of table s (of a w-wide image's integral) over the box [x0, x1) x [y0, y1). */
static double box_sum(const double *s, int w, int x0, int y0, int x1, int y1)
{
    const size_t W1 = (size_t)w + 1;
    return s[y1 * W1 + x1] - s[y0 * W1 + x1] - s[y1 * W1 + x0] + s[y0 * W1 + x0];
}

double vz_box_mean(const vz_box_sums *t, int x0, int y0, int x1, int y1)
{
    if (x0 < 0 || y0 < 0 || x1 > t->w || y1 > t->h)
        return -1;
    return box_sum(t->s, t->w, x0, y0, x1, y1) / ((double)(x1 - x0) * (y1 - y0));
}

double vz_box_spread(const vz_box_sums *t, int x0, int y0, int x1, int y1)
{
    if (x0 < 0 || y0 < 0 || x1 > t->w || y1 > t->h)
        return -1;
    const double a = (double)(x1 - x0) * (y1 - y0);
    const double mu = box_sum(t->s, t->w, x0, y0, x1, y1) / a,
                 var = box_sum(t->s2, t->w, x0, y0, x1, y1) / a - mu * mu;
    return var > 0 ? sqrt(var) : 0;
}

/* Image scale (square root of the homography's area ratio) at lattice point (x, y). */
static double scale_at(const vz_grid *g, double x, double y)
{
    double x0, y0, x1, y1, x2, y2;
    if (vz_apply(g->h, x, y, &x0, &y0) || vz_apply(g->h, x + 1, y, &x1, &y1) ||
        vz_apply(g->h, x, y + 1, &x2, &y2))
        return 0;
    return sqrt(fabs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)));
}

double vz_far_direction(double out[2], const vz_grid *g)
{
    double e = g->size - 1, c = e / 2, mid = scale_at(g, c, c);
    double gx = scale_at(g, e, c) - scale_at(g, 0, c), gy = scale_at(g, c, e) - scale_at(g, c, 0);
    double len = hypot(gx, gy);
    out[0] = len > 0 ? -gx / len : 0;
    out[1] = len > 0 ? -gy / len : 0;
    return mid > 0 ? len / mid : 0;
}

double vz_foreshortening(const vz_grid *g)
{
    const double c = (g->size - 1) / 2.0;
    double x0, y0, x1, y1, x2, y2;
    if (vz_apply(g->h, c, c, &x0, &y0) || vz_apply(g->h, c + 1, c, &x1, &y1) ||
        vz_apply(g->h, c, c + 1, &x2, &y2))
        return 1;
    /* the cell's 2x2 map [a b; p q]: its singular values from its norm and determinant */
    const double a = x1 - x0, b = x2 - x0, p = y1 - y0, q = y2 - y0;
    const double f = 0.5 * (a * a + b * b + p * p + q * q), det = fabs(a * q - b * p);
    const double disc = sqrt(fmax(f * f - det * det, 0));
    const double big = sqrt(f + disc), small = sqrt(fmax(f - disc, 0));
    return big > 0 ? small / big : 1;
}
