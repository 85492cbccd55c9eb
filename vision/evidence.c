/* A lattice's evidence from the point classifier: the network (points.c) run on every point of
 * the lattice and on the lines of points just beyond its four ends, in one batch, and how surely
 * each reads as a stone or an empty crossing. Measured, and not used by the reader's cascade:
 * - rendered boards (the bench's plain, lamps, small and scene boards): true lattices read 0.97
 *   to 1.00 on average, the same half a cell off 0.76 to 0.92 (9x9 scenes); of 1,800 true
 *   lattices moved a line along a family, 1,783 had their surest window point back;
 * - the photos (held out): lattices read right showed 0.90 to 1.00, and the same half a cell off
 *   within 0.01 of them on crowded boards (the squares between four stones read surely as
 *   stones); moving each lattice that passed its checks to its surest window took the perfect
 *   photos from 125 to 110 of 138 (5 refused, silent points from 0.03% to 0.32%): the wood beyond
 *   a board's edge reads surely as empty;
 * - lattices fitted to a checked cloth beside the board read up to 0.97 (empty crossings).
 * The network was trained on points only; a class for "no point" (patches half a cell off and
 * beyond the edge) is what judging lattices by it needs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "vision_int.h"

/* A point beyond the photo (the warp repeats the photo's border pixels there) tells nothing:
 * it counts as a point the classifier cannot read, as sure of each class as of the others. */
#define UNKNOWN_SURE (1.0 / 3.0)
/* The least probability counted, so that one point read surely wrong does not outweigh a line. */
#define SURE_FLOOR 1e-3

int vz_lattice_evidence(vz_evidence *out, const vz_grid *g, const go_cv_image *work)
{
    const int n = g->size, m = n + 2;
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    uint8_t *patches = malloc(patch * (size_t)m * m);
    float *prob = malloc(sizeof(float) * 3 * (size_t)m * m);
    double *v = malloc(sizeof(double) * (size_t)m * m);
    int rc = patches && prob && v ? 0 : go_error_set(GO_ENOMEM, "lattice evidence");
    if (rc == 0)
        rc = vz_point_patches_ring(patches, g->h, n, 1, work);
    if (rc == 0)
        rc = vz_point_probs(prob, patches, m * m);
    if (rc < 0)
        goto done;
    /* v: the log of each point's surest probability, lattice point (i - 1, j - 1) at j * m + i */
    double sure = 0;
    int unsure = 0;
    for (int j = 0; j < m; j++)
        for (int i = 0; i < m; i++) {
            const float *q = prob + 3 * ((size_t)j * m + i);
            double top = fmax(q[0], fmax(q[1], q[2])), x, y;
            if (vz_apply(g->h, i - 1, j - 1, &x, &y) < 0 || x < 0 || y < 0 || x >= work->width ||
                y >= work->height)
                top = UNKNOWN_SURE;
            v[j * m + i] = log(fmax(top, SURE_FLOOR));
            if (i >= 1 && j >= 1 && i <= n && j <= n) {
                sure += top;
                unsure += top < VZ_EVIDENCE_SURE;
            }
        }
    out->sure = sure / (n * n);
    out->unsure = unsure;
    /* each window of n x n points within the ring, by the sum of v over it */
    double best = -1e300, here = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            double s = 0;
            for (int j = 1 + dy; j <= n + dy; j++)
                for (int i = 1 + dx; i <= n + dx; i++)
                    s += v[j * m + i];
            if (dx == 0 && dy == 0)
                here = s;
            if (s > best + 1e-9) {
                best = s;
                out->shift[0] = dx;
                out->shift[1] = dy;
            }
        }
    out->shift_gain = best - here;
    if (out->shift_gain <= 1e-9) {
        out->shift[0] = out->shift[1] = 0;
        out->shift_gain = 0;
    }
    /* the lines beyond the lattice's ends, by their mean surest probability: the surest and
     * the second surest */
    out->beyond = out->beyond_next = 0;
    for (int side = 0; side < 4; side++) {
        double s = 0;
        for (int k = 1; k <= n; k++) {
            const int i = side == 1 ? m - 1 : side == 3 ? 0 : k;
            const int j = side == 0 ? 0 : side == 2 ? m - 1 : k;
            s += exp(v[j * m + i]);
        }
        s /= n;
        if (s > out->beyond) {
            out->beyond_next = out->beyond;
            out->beyond = s;
        } else if (s > out->beyond_next) {
            out->beyond_next = s;
        }
    }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "evidence: points %.3f sure, %d unsure; window (%d, %d) surer by %.2f; the "
                "surest lines beyond %.3f, %.3f\n",
                out->sure, out->unsure, out->shift[0], out->shift[1], out->shift_gain, out->beyond,
                out->beyond_next);
done:
    free(patches);
    free(prob);
    free(v);
    return rc;
}
