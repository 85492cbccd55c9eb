/* Internals of vision/: the stages the pipeline chains (grid detection, classification,
 * drawing) and the small geometry they share. Not installed; C11 only. */
#ifndef GO_VISION_INT_H
#define GO_VISION_INT_H

#include "cv_shim.h"
#include "go/vision.h"

/* 3x3 row-major homographies. */
void vz_mat3_mul(double out[9], const double a[9], const double b[9]);
int vz_mat3_inv(double out[9], const double m[9]);
/* Applies h to (x, y); returns 0, or -1 when the point maps to infinity. */
int vz_apply(const double h[9], double x, double y, double *ox, double *oy);

/* A fitted grid in work-image pixels: lattice (x, y) in 0..size-1 -> pixels. */
typedef struct vz_grid {
    int size;
    double h[9];
    double score; /* fit quality, for logging */
} vz_grid;

/* Finds the playing grid in a BGR work image. size_hint 0 detects 9/13/19. GO_ENOBOARD with
 * the reason when nothing fits. */
int vz_find_grid(vz_grid *out, const go_cv_image *bgr, int size_hint);

/* The grid through four corners given in work-image pixels (top-left, top-right,
 * bottom-right, bottom-left), refined against the lines in the image. GO_EINVAL when the
 * corners do not form a quadrilateral. */
int vz_grid_from_corners(vz_grid *out, const go_cv_image *bgr, double corners[4][2],
                         int size);

/* Classifies each intersection of grid g in the BGR work image into r->color/confidence. */
int vz_classify(go_vision_result *r, const go_cv_image *bgr, const vz_grid *g);

/* Monotonic milliseconds. */
double vz_now_ms(void);

#endif
