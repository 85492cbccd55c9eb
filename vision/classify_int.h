/* Shared by the classifier's files (classify.c, stray.c): the warp's scale, the features read
 * at each point and the board's colour model. Private to vision/. */
#ifndef GOREF_VISION_CLASSIFY_INT_H
#define GOREF_VISION_CLASSIFY_INT_H

#include "vision_int.h"

/* Pixels a cell of the lattice image the classifier reads (CIE Lab). */
#define CELL 20
/* Features of a point: lightness / local board lightness (%), a and b minus the board's, and
 * the weaker line dip through it. */
#define NF 4
/* The lines judge only from this many empty points; VETO_MIN_DIP is the faintest median dip
 * of theirs at which the lines show at all (the clusters and the stray pass ask multiples of
 * it; the lines' veto in classify.c asks more, and says why). */
#define VETO_MIN_EMPTY 10
#define VETO_MIN_DIP 2.5
/* Half the side (pixels of the warp) of the square judged: about the sampling disc's radius. */
#define SETTLE_HALF 6

/* The board's colour (L, a, b) as three quadratic surfaces over the lattice. */
typedef struct board_model {
    double L[6], a[6], b[6];
} board_model;

/* The board's colour predicted at lattice point (i, j) of an n-line board. */
void vz_board_at(const board_model *bm, int n, double i, double j, double out[3]);

/* Stones off their points (stray.c): reads r again where a stone lies between points, marking
 * such stones off_point; lab is the lattice image, off each point's reading offset and f its
 * features. 0, or a negative go_err. */
int vz_stray_stones(go_vision_result *r, const go_cv_image *lab, const board_model *bm,
                    const vz_grid *g, double (*off)[2], double f[][NF]);

#endif
