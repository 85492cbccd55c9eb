/* A lattice's evidence from the lattice model (vision/model/lattice.onnx, trained by `make model`):
 * a small network that tells whether a patch of the board, cut as the point classifier's are
 * (vz_point_patches), is centred on a point of the lattice at its cell size (a crossing or a
 * stone on it) or not: half a cell off, beyond the board's edge, on the table or a cloth, at
 * twice the cell. It runs on every point of a lattice and on the line of points just beyond
 * each of its ends, in one batch: how likely its points are to be points, each end's line and
 * the line beyond it, and the window within the ring most likely its points and the ring's rest
 * not. vz_lattice_judge judges by it the lattices that pass their check (vision.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_slot.h"
#include "params.h"
#include "vision_int.h"

/* The built-in lattice model (generated from vision/model/lattice.onnx at build time). */
extern const unsigned char vz_lattice_model[];
extern const size_t vz_lattice_model_len;
extern const char vz_lattice_model_name[];

/* Its generations are counted apart from the point classifier's (the high bit set), so that
 * the two never share a network. */
static vz_model_slot lattice_model = {.builtin = vz_lattice_model,
                                      .builtin_len = &vz_lattice_model_len,
                                      .builtin_name = vz_lattice_model_name,
                                      .kind = "a lattice model",
                                      .classes = 2,
                                      .generation_bit = 0x80000000u};

const char *go_vision_lattice_model_name(void)
{
    return vz_model_slot_name(&lattice_model);
}

int vz_lattice_use_model_file(const char *path)
{
    return vz_model_slot_use_file(&lattice_model, path);
}

int vz_lattice_probs(float *out, const uint8_t *patches, int count)
{
    return vz_model_slot_run(&lattice_model, out, patches, count);
}

/* A point beyond the photo (the warp repeats the photo's border pixels there) tells nothing:
 * as likely a point as not. */
#define UNKNOWN_POINT 0.5
/* The least probability counted, so that one point read surely wrong does not outweigh a line. */
#define POINT_FLOOR 1e-3

int vz_lattice_evidence(vz_evidence *out, const vz_grid *g, const go_cv_image *work)
{
    const int n = g->size, m = n + 2;
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    uint8_t *patches = malloc(patch * (size_t)m * m);
    float *prob = malloc(sizeof(float) * 2 * (size_t)m * m);
    double *on = malloc(sizeof(double) * 2 * (size_t)m * m);
    int rc = patches && prob && on ? 0 : go_error_set(GO_ENOMEM, "lattice evidence");
    if (rc == 0)
        rc = vz_point_patches_ring(patches, g->h, n, 1, work);
    if (rc == 0)
        rc = vz_lattice_probs(prob, patches, m * m);
    if (rc < 0)
        goto done;
    /* on, off: the log of each point's probability of being a point and of not being one,
     * lattice point (i - 1, j - 1) at j * m + i */
    double *off = on + (size_t)m * m, all_off = 0, sure = 0;
    int unsure = 0;
    for (int j = 0; j < m; j++)
        for (int i = 0; i < m; i++) {
            double p = prob[2 * ((size_t)j * m + i) + 1], x, y;
            if (vz_apply(g->h, i - 1, j - 1, &x, &y) < 0 || x < 0 || y < 0 || x >= work->width ||
                y >= work->height)
                p = UNKNOWN_POINT;
            on[j * m + i] = log(fmax(p, POINT_FLOOR));
            off[j * m + i] = log(fmax(1 - p, POINT_FLOOR));
            all_off += off[j * m + i];
            if (i >= 1 && j >= 1 && i <= n && j <= n) {
                sure += p;
                unsure += p < VZ_EVIDENCE_SURE;
            }
        }
    out->sure = sure / (n * n);
    out->unsure = unsure;
    /* each window of n x n points within the ring: its points as points, the rest of the ring
     * as none */
    double best = -1e300, here = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            double s = all_off;
            for (int j = 1 + dy; j <= n + dy; j++)
                for (int i = 1 + dx; i <= n + dx; i++)
                    s += on[j * m + i] - off[j * m + i];
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
    /* the lines beyond the lattice's ends, by their mean probability of being points: the
     * likeliest and the second likeliest */
    out->beyond = out->beyond_next = 0;
    for (int side = 0; side < 4; side++) {
        double s = 0, edge = 0;
        for (int k = 1; k <= n; k++) {
            const int i = side == 1 ? m - 1 : side == 3 ? 0 : k;
            const int j = side == 0 ? 0 : side == 2 ? m - 1 : k;
            const int ei = side == 1 ? m - 2 : side == 3 ? 1 : k;
            const int ej = side == 0 ? 1 : side == 2 ? m - 2 : k;
            s += exp(on[j * m + i]);
            edge += exp(on[ej * m + ei]);
        }
        s /= n;
        out->beyond_line[side] = s;
        out->edge_line[side] = edge / n;
        if (s > out->beyond) {
            out->beyond_next = out->beyond;
            out->beyond = s;
        } else if (s > out->beyond_next) {
            out->beyond_next = s;
        }
    }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "evidence: points %.3f likely, %d unlikely; window (%d, %d) likelier by %.2f; "
                "the likeliest lines beyond %.3f, %.3f\n",
                out->sure, out->unsure, out->shift[0], out->shift[1], out->shift_gain, out->beyond,
                out->beyond_next);
done:
    free(patches);
    free(prob);
    free(on);
    return rc;
}

/* The lattice model's judgement of a lattice that passed its check: its points must look like
 * a board's points, not half a cell off, the wood beyond the board's edge or a cloth beside the
 * board.
 * - One line off: where the line of points beyond one end reads as points (EVIDENCE_LINE_IN on
 *   average) and the lattice's own line at the other end clearly less (by EVIDENCE_LINE_GAP),
 *   along one family or both, the lattice is moved a line that way; the moved lattice must pass
 *   the check and read likelier, or the lattice is refused. (The lines beyond both ends of a
 *   right lattice can read as points: a rendered 9x9's stones lean over its edges.) A single log
 * likelihood over the windows moved the right lattices of boards the model had not seen (a photo's
 * outermost row half hidden reads as no points), and diagonally where one family only was off.
 * - No board: a lattice whose points read less likely than EVIDENCE_MIN on average.
 * Not in the cascade unless GOREF_VISION_LATTICE=on (vision.c): held out it changed no photo's
 * reading nor the rendered scenes', and refused a rendered 13x13 under a cyan lamp whose right
 * lattice read 0.32 against 0.46 half a cell off. Values and their measures: params.h. */
int vz_lattice_judge(vz_grid *g, const go_cv_image *work, vz_evidence *out)
{
    const int debug = getenv("GOREF_VISION_DEBUG") != NULL;
    vz_evidence e, moved;
    int rc = vz_lattice_evidence(&e, g, work);
    if (rc < 0)
        return rc;
        /* the ends: 0 first row, 1 last column, 2 last row, 3 first column; toward end `to`, the
         * line beyond it reads as points and the lattice's own line at the other end clearly less
         */
#define LINE_OFF(to)                                                                               \
    (e.beyond_line[to] >= EVIDENCE_LINE_IN &&                                                      \
     e.edge_line[((to) + 2) % 4] <= e.beyond_line[to] - EVIDENCE_LINE_GAP)
    const int out_x = LINE_OFF(1) - LINE_OFF(3), out_y = LINE_OFF(2) - LINE_OFF(0);
#undef LINE_OFF
    if (out_x || out_y) {
        vz_grid m = *g;
        vz_lattice_move(m.h, m.h, out_x, out_y);
        if ((rc = vz_check_lattice(&m, work)) == 0)
            rc = vz_lattice_evidence(&moved, &m, work);
        if (rc < 0 && rc != GO_ENOBOARD)
            return rc;
        if (debug)
            fprintf(stderr, "evidence: a line off (%d, %d): moved, %s, %.3f likely where %.3f\n",
                    out_x, out_y, rc == 0 ? "passes" : go_error_last(), rc == 0 ? moved.sure : 0,
                    e.sure);
        if (rc != 0 || moved.sure <= e.sure)
            return go_error_set(GO_ENOBOARD, "no board: the board's points go on a line past the "
                                             "lattice's end, and moved there it does not fit");
        *g = m;
        e = moved;
    }
    if (e.sure < EVIDENCE_MIN)
        return go_error_set(GO_ENOBOARD,
                            "no board: the lattice's points do not look like a board's points "
                            "(%.2f likely, %.2f asked)",
                            e.sure, EVIDENCE_MIN);
    if (out)
        *out = e;
    return 0;
}
