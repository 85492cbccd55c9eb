/* Shared by the classifier's files (classify.c, stray.c): the features read at each point and
 * the board's colour model (the warp's scale and the tuned numbers are in params.h). Private to
 * vision/. */
#ifndef GOREF_VISION_CLASSIFY_INT_H
#define GOREF_VISION_CLASSIFY_INT_H

#include "params.h"
#include "vision_int.h"

/* Features of a point: lightness / local board lightness (%), a and b minus the board's, and
 * the weaker line dip through it. */
#define NF 4

/* The board's colour (L, a, b) as three quadratic surfaces over the lattice. */
typedef struct board_model {
    double L[6], a[6], b[6];
} board_model;

/* The quadratic basis (1, x, y, x^2, xy, y^2) of the board's colour surfaces. */
static inline void vz_surface_basis(double x, double y, double out[6])
{
    out[0] = 1;
    out[1] = x;
    out[2] = y;
    out[3] = x * x;
    out[4] = x * y;
    out[5] = y * y;
}

/* The board's colour predicted at lattice point (i, j) of an n-line board. Here rather than in
 * classify.c so that stray.c, which classify.c calls, does not call back into it. */
static inline void vz_board_at(const board_model *bm, int n, double i, double j, double out[3])
{
    double bs[6];
    vz_surface_basis(i / n, j / n, bs);
    out[0] = out[1] = out[2] = 0;
    for (int p = 0; p < 6; p++) {
        out[0] += bm->L[p] * bs[p];
        out[1] += bm->a[p] * bs[p];
        out[2] += bm->b[p] * bs[p];
    }
    if (out[0] < 20)
        out[0] = 20;
}

/* Stones off their points (stray.c): reads r again where a stone lies between points, marking
 * such stones off_point; lab is the lattice image, off each point's reading offset and f its
 * features. 0, or a negative go_err. */
int vz_stray_stones(go_vision_result *r, const go_cv_image *lab, const board_model *bm,
                    const vz_grid *g, double (*off)[2], double f[][NF]);

#endif
