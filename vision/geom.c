/* Small projective geometry for vision/: 3x3 products, inverse, point mapping, a small linear
 * solver, the board seen through a lattice, clock. */
#include <math.h>
#include <string.h>
#include <time.h>

#include "vision_int.h"

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
    double r[9] = {c0,
                   m[2] * m[7] - m[1] * m[8],
                   m[1] * m[5] - m[2] * m[4],
                   c1,
                   m[0] * m[8] - m[2] * m[6],
                   m[2] * m[3] - m[0] * m[5],
                   c2,
                   m[1] * m[6] - m[0] * m[7],
                   m[0] * m[4] - m[1] * m[3]};
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

int vz_warp_lattice(go_cv_image *out, const vz_grid *g, const go_cv_image *bgr, int cell,
                    int margin)
{
    const int side = (g->size - 1 + 2 * margin) * cell + 1;
    const double s_inv[9] = {1.0 / cell, 0, -margin, 0, 1.0 / cell, -margin, 0, 0, 1};
    double m[9];
    vz_mat3_mul(m, g->h, s_inv);
    return go_cv_warp(out, bgr, m, side, side, 1);
}

int vz_warp_gray(go_cv_image *out, const vz_grid *g, const go_cv_image *bgr, int cell, int margin,
                 int light_weighted)
{
    go_cv_image warped = {0};
    int rc = vz_warp_lattice(&warped, g, bgr, cell, margin);
    if (rc == 0)
        rc = light_weighted ? vz_gray(out, &warped) : go_cv_gray(out, &warped);
    go_cv_image_free(&warped);
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
