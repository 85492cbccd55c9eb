/* The corner model: a small fully convolutional network (model/corners.onnx) maps the work image,
 * scaled to CORNER_IN_W x CORNER_IN_H, to a heat map of the board's lattice corners (the outermost
 * lines' crossings) at 1/CORNER_STRIDE of that; its four strongest separated peaks, ordered round
 * their centre from the one nearest the top left, are the board's outline, where a person's corners
 * start on a refused photo. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/error.h"
#include "params.h"
#include "vision_int.h"

int vz_corner_input(go_cv_image *out, double scale[2], const go_cv_image *bgr)
{
    if (bgr->width < 1 || bgr->height < 1 || bgr->channels != 3)
        return go_error_set(GO_EINVAL, "corner input: not a colour image");
    const double s = fmin((double)CORNER_IN_W / bgr->width, (double)CORNER_IN_H / bgr->height);
    int w = (int)lround(bgr->width * s), h = (int)lround(bgr->height * s);
    w = w < 1 ? 1 : w > CORNER_IN_W ? CORNER_IN_W : w;
    h = h < 1 ? 1 : h > CORNER_IN_H ? CORNER_IN_H : h;
    go_cv_image small = {0};
    int rc = go_cv_resize(&small, bgr, w, h);
    if (rc == 0)
        rc = go_cv_image_alloc(out, CORNER_IN_W, CORNER_IN_H, 3);
    if (rc == 0)
        for (int y = 0; y < h; y++)
            memcpy(out->pixels + (size_t)y * CORNER_IN_W * 3, small.pixels + (size_t)y * w * 3,
                   (size_t)w * 3);
    go_cv_image_free(&small);
    /* the scale each way as resized: a pixel centre x of bgr lies at (x + 0.5) scale - 0.5 */
    scale[0] = (double)w / bgr->width;
    scale[1] = (double)h / bgr->height;
    return rc;
}

extern const unsigned char vz_corners_model[];
extern const size_t vz_corners_model_len;

/* or'd into the generation the corner model's network is kept under, apart from the slots' */
#define CORNER_GENERATION 0x40000000u

typedef struct peak {
    int x, y;
    double v;
} peak;

static int by_value(const void *a, const void *b)
{
    const double x = ((const peak *)a)->v, y = ((const peak *)b)->v;
    /* ties in the map's order, so that the peaks taken never depend on the sort's */
    if (x != y)
        return x < y ? 1 : -1;
    const peak *p = a, *q = b;
    return p->y != q->y ? p->y - q->y : p->x - q->x;
}

/* The offset (-0.5..0.5) of the top of the parabola through a, c, b at -1, 0, 1 (c the largest). */
static double vertex(double a, double c, double b)
{
    const double den = a - 2 * c + b;
    if (den >= 0)
        return 0;
    const double d = 0.5 * (a - b) / den;
    return d < -0.5 ? -0.5 : d > 0.5 ? 0.5 : d;
}

int vz_corner_proposal(double corners[4][2], const go_cv_image *bgr)
{
    enum { MW = CORNER_IN_W / CORNER_STRIDE, MH = CORNER_IN_H / CORNER_STRIDE };
    static _Thread_local float map[MH * MW];
    static _Thread_local peak order[MH * MW];
    go_cv_image in = {0};
    double scale[2];
    int rc = vz_corner_input(&in, scale, bgr);
    if (rc == 0)
        rc = go_cv_net_map(vz_corners_model, vz_corners_model_len, CORNER_GENERATION, &in, map, MW,
                           MH);
    go_cv_image_free(&in);
    if (rc < 0)
        return rc;
    /* the logit a peak must reach: CORNER_PEAK_MIN as a probability */
    const double least = log(CORNER_PEAK_MIN / (1 - CORNER_PEAK_MIN));
    int n = 0;
    for (int y = 0; y < MH; y++)
        for (int x = 0; x < MW; x++)
            if (map[y * MW + x] >= least)
                order[n++] = (peak){x, y, map[y * MW + x]};
    qsort(order, (size_t)n, sizeof *order, by_value);
    peak got[4];
    int found = 0;
    for (int k = 0; k < n && found < 4; k++) {
        int apart = 1;
        for (int j = 0; j < found && apart; j++)
            apart = abs(order[k].x - got[j].x) >= CORNER_PEAK_APART ||
                    abs(order[k].y - got[j].y) >= CORNER_PEAK_APART;
        if (apart)
            got[found++] = order[k];
    }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "corner model: %d peaks over %.2f\n", found, CORNER_PEAK_MIN);
    if (found < 4)
        return 0;
    double cx = 0, cy = 0, at[4][2], angle[4];
    for (int k = 0; k < 4; k++) {
        const int x = got[k].x, y = got[k].y;
        const float *m = map + y * MW;
        const double dx = x > 0 && x < MW - 1 ? vertex(m[x - 1], m[x], m[x + 1]) : 0;
        const double dy = y > 0 && y < MH - 1 ? vertex(m[x - MW], m[x], m[x + MW]) : 0;
        /* map pixel (x, y) stands for the input's point (4 x + 1.5, 4 y + 1.5) */
        const double ix = (x + dx) * CORNER_STRIDE + 0.5 * (CORNER_STRIDE - 1);
        const double iy = (y + dy) * CORNER_STRIDE + 0.5 * (CORNER_STRIDE - 1);
        at[k][0] = (ix + 0.5) / scale[0] - 0.5;
        at[k][1] = (iy + 0.5) / scale[1] - 0.5;
        cx += at[k][0] / 4;
        cy += at[k][1] / 4;
    }
    for (int k = 0; k < 4; k++)
        angle[k] = atan2(at[k][1] - cy, at[k][0] - cx);
    /* round the centre by angle: a quadrilateral's corners in turn */
    int idx[4] = {0, 1, 2, 3};
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && angle[idx[j]] < angle[idx[j - 1]]; j--) {
            const int t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
    /* from the corner nearest the top left, as a lattice's corners go */
    int first = 0;
    for (int k = 1; k < 4; k++)
        if (at[idx[k]][0] + at[idx[k]][1] < at[idx[first]][0] + at[idx[first]][1])
            first = k;
    for (int k = 0; k < 4; k++) {
        corners[k][0] = at[idx[(first + k) % 4]][0];
        corners[k][1] = at[idx[(first + k) % 4]][1];
    }
    /* a quadrilateral, convex: the turns at its corners all one way */
    int sign = 0;
    for (int k = 0; k < 4; k++) {
        const double *a = corners[k], *b = corners[(k + 1) % 4], *c = corners[(k + 2) % 4];
        const double cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
        const int s = cross > 0 ? 1 : cross < 0 ? -1 : 0;
        if (s == 0 || (sign && s != sign))
            return 0;
        sign = s;
    }
    return 1;
}
