/* The final check of the one lattice the reader settles on: the lattice model (evidence.c's
 * vz_lattice_probs on vz_point_patches) reads how likely each of its points is to be a board's
 * point at its cell size. A lattice over a cell off at one corner (a board turned on the table)
 * can pass every check by the lines and the stones, yet toward that corner its points lie
 * between the board's: they read unlikely together in one part of the lattice while another
 * part reads surely. Right lattices the model reads surely somewhere do not show such a part;
 * where it reads no part surely (coloured lamps, makes it was not trained on) it is not asked.
 * Where the part reads sure short of that (a steep view), the lattice is read again with each
 * corner moved a cell in: a right lattice reads worse so, one a line past the board at a corner
 * far better.
 * The lattice's outer lines are read against its points too: two lines at one side over the
 * table, or one there while the board's edge line lies just beyond the other side (a lattice a
 * line off, which the faint lines of a dim webcam frame and the stones alone let pass).
 * Thresholds and their measures: FINAL_ in params.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "vision_int.h"

/* The lines beyond each side that lines_beyond reads. */
#define BEYOND_LINES 2

/* The side of the block of points judged together: a third of the lattice, at least 3. */
static int block_side(int n)
{
    const int k = (n + 2) / 3;
    return k < 3 ? 3 : k;
}

/* The statistics of the probabilities p (n x n, row by row) of a lattice's points. */
static void fit_stats(vz_fit *out, const float *p, int n)
{
    const int k = block_side(n);
    int unlikely = 0, sure = 0;
    for (int i = 0; i < n * n; i++) {
        unlikely += p[i] < VZ_EVIDENCE_SURE;
        sure += p[i] >= FINAL_SURE_POINT;
    }
    out->unlikely_share = (double)unlikely / (n * n);
    out->sure_share = (double)sure / (n * n);
    out->block_unlikely = out->block_sure = 0;
    out->block[0] = out->block[1] = 0;
    for (int y0 = 0; y0 + k <= n; y0++)
        for (int x0 = 0; x0 + k <= n; x0++) {
            int u = 0, s = 0;
            for (int y = y0; y < y0 + k; y++)
                for (int x = x0; x < x0 + k; x++) {
                    u += p[y * n + x] < VZ_EVIDENCE_SURE;
                    s += p[y * n + x] >= FINAL_SURE_POINT;
                }
            if ((double)u / (k * k) > out->block_unlikely) {
                out->block_unlikely = (double)u / (k * k);
                out->block[0] = x0 + k / 2;
                out->block[1] = y0 + k / 2;
            }
            out->block_sure = fmax(out->block_sure, (double)s / (k * k));
        }
}

int vz_lattice_fit(vz_fit *out, float *point_prob, const vz_grid *g, const go_cv_image *work)
{
    const int n = g->size;
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    uint8_t *patches = malloc(patch * (size_t)n * n);
    float *prob = malloc(sizeof(float) * 2 * (size_t)n * n);
    float *p = point_prob ? point_prob : malloc(sizeof(float) * (size_t)n * n);
    int rc = patches && prob && p ? 0 : go_error_set(GO_ENOMEM, "lattice fit");
    if (rc == 0)
        rc = vz_point_patches(patches, g->h, n, work);
    if (rc == 0)
        rc = vz_lattice_probs(prob, patches, n * n);
    if (rc == 0) {
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                double x, y;
                float q = prob[2 * (j * n + i) + 1];
                /* a point beyond the photo tells nothing */
                if (vz_apply(g->h, i, j, &x, &y) < 0 || x < 0 || y < 0 || x >= work->width ||
                    y >= work->height)
                    q = 1;
                p[j * n + i] = q;
            }
        fit_stats(out, p, n);
    }
    free(patches);
    free(prob);
    if (p != point_prob)
        free(p);
    return rc;
}

/* The lattice model's mean probability over the points of g moved (dx, dy) cells. */
static int model_mean(double *out, const vz_grid *g, const go_cv_image *work, double dx, double dy)
{
    vz_grid m = *g;
    vz_lattice_move(m.h, g->h, dx, dy);
    vz_fit f;
    float p[GO_MAX_SIZE * GO_MAX_SIZE];
    int rc = vz_lattice_fit(&f, p, &m, work);
    if (rc < 0)
        return rc;
    double sum = 0;
    for (int i = 0; i < g->size * g->size; i++)
        sum += p[i];
    *out = sum / (g->size * g->size);
    return 0;
}

int vz_lattice_on_off(double *on, double off[3], const vz_grid *g, const go_cv_image *work)
{
    static const double moves[3][2] = {{0.5, 0.5}, {0.5, 0}, {0, 0.5}};
    int rc = model_mean(on, g, work, 0, 0);
    for (int k = 0; k < 3 && rc == 0; k++)
        rc = model_mean(&off[k], g, work, moves[k][0], moves[k][1]);
    return rc;
}

/* Lattice g with corner c (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left) moved d
 * cells along the lattice's columns (axis 0) or rows (axis 1), into out. */
static int corner_moved(vz_grid *out, const vz_grid *g, int c, int axis, double d)
{
    const int m = g->size - 1;
    double at[4][2];
    for (int q = 0; q < 4; q++) {
        double u = q == 1 || q == 2 ? m : 0, v = q >= 2 ? m : 0;
        if (q == c && axis == 0) /* inward */
            u += u > 0 ? -d : d;
        else if (q == c)
            v += v > 0 ? -d : d;
        if (vz_apply(g->h, u, v, &at[q][0], &at[q][1]) < 0)
            return -1;
    }
    *out = *g;
    return vz_lattice_through(out, at, g->size, m);
}

/* A lattice's probabilities as one digit a point (tenths), row by row, ending a debug line. */
static void debug_map(const float *p, int n)
{
    fputc(' ', stderr);
    for (int i = 0; i < n * n; i++)
        fputc('0' + (int)fmin(9, floor(p[i] * 10)), stderr);
    fputc('\n', stderr);
}

/* GOREF_VISION_DEBUG: the statistics and probabilities of lattices made wrong from g (a line off
 * each way, each corner moved 1 and 1.5 cells inward along each family), one line each: how the
 * thresholds were measured on boards read right. */
static void debug_wrong(const vz_grid *g, const go_cv_image *work)
{
    float p[GO_MAX_SIZE * GO_MAX_SIZE];
    static const int moves[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    vz_fit f;
    for (int k = 0; k < 4; k++) {
        vz_grid m = *g;
        vz_lattice_move(m.h, g->h, moves[k][0], moves[k][1]);
        if (vz_lattice_fit(&f, p, &m, work) == 0) {
            fprintf(stderr, "final-wrong line %d,%d: %.3f %.3f %.3f", moves[k][0], moves[k][1],
                    f.unlikely_share, f.block_unlikely, f.block_sure);
            debug_map(p, g->size);
        }
    }
    for (int c = 0; c < 4; c++)
        for (int axis = 0; axis < 2; axis++)
            for (int s = 0; s < 2; s++) {
                vz_grid m;
                const double d = s ? 1.5 : 1.0;
                if (corner_moved(&m, g, c, axis, d) == 0 && vz_lattice_fit(&f, p, &m, work) == 0) {
                    fprintf(stderr, "final-wrong corner %d axis %d %.1f: %.3f %.3f %.3f", c, axis,
                            d, f.unlikely_share, f.block_unlikely, f.block_sure);
                    debug_map(p, g->size);
                }
            }
}

/* The mean of p (the probabilities of g's points, row by row) over the points of the line d
 * lines in from side `side` (0 first row, 1 last column, 2 last row, 3 first column) that lie in
 * the photo, or -1 where under half of them do: a line half beyond the photo says nothing. */
static double line_mean(const float *p, const vz_grid *g, const go_cv_image *work, int side, int d)
{
    const int n = g->size;
    double sum = 0;
    int seen = 0;
    for (int k = 0; k < n; k++) {
        const int line = side == 0 || side == 3 ? d : n - 1 - d;
        const int x = side == 1 || side == 3 ? line : k;
        const int y = side == 1 || side == 3 ? k : line;
        double px, py;
        if (vz_apply(g->h, x, y, &px, &py) < 0 || px < 0 || py < 0 || px >= work->width ||
            py >= work->height)
            continue;
        sum += p[y * n + x];
        seen++;
    }
    return 2 * seen >= n ? sum / seen : -1;
}

/* The side (0 first row, 1 last column, 2 last row, 3 first column) whose two outermost lines
 * of points both read far less likely than the lattice's points (each line's mean under
 * FINAL_EDGE_SHARE of their median, that median at least FINAL_EDGE_MEDIAN; a line half beyond
 * the photo says nothing), or -1. The model reads a board's edge points as points: such a
 * lattice runs two lines past the board's edge, over the table, and the board's last lines lie
 * beyond its other end (a lattice the stones alone vouch for can sit whole cells off where the
 * stones beyond its other end lie in the dark). */
static int blank_side(const float *p, double median, const vz_grid *g, const go_cv_image *work)
{
    const int n = g->size;
    int found = -1;
    double least = 1;
    for (int side = 0; side < 4; side++) {
        double most = 0; /* the likelier of the two lines */
        for (int d = 0; d < 2; d++) {
            const double mean = line_mean(p, g, work, side, d);
            most = fmax(most, mean >= 0 ? mean : 1);
        }
        least = fmin(least, most / fmax(median, 1e-9));
        if (most < FINAL_EDGE_SHARE * median && median >= FINAL_EDGE_MEDIAN && found < 0)
            found = side;
    }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "final edges: %dx%d, the least line by the median %.3f, median %.2f, side %d\n", n,
                n, least, median, found);
    return found;
}

/* Into share[c][d], the line of points d + 1 lines beyond side c of lattice g (0 first row, 1 last
 * column, 2 last row, 3 first column): the mean probability of its points that lie in the photo
 * by `median` (the median of the lattice's own points), 0 where under half of them do (a line
 * half beyond the photo says nothing). One warp of the ring, one batch of the model, for the
 * edge checks that read past the lattice (board_beyond, a line off). 0, or a negative go_err. */
static int lines_beyond(double share[4][BEYOND_LINES], double median, const vz_grid *g,
                        const go_cv_image *work)
{
    const int n = g->size, m = n + 2 * BEYOND_LINES;
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3, count = 4 * BEYOND_LINES * n;
    uint8_t *ring = malloc(patch * (size_t)m * m), *line = malloc(patch * count);
    float *prob = malloc(sizeof(float) * 2 * count);
    int rc = ring && line && prob ? 0 : go_error_set(GO_ENOMEM, "lattice fit");
    if (rc == 0)
        rc = vz_point_patches_ring(ring, g->h, n, BEYOND_LINES, work);
    /* the points of the lines beyond each side, d + 1 lines out, point (x, y) of the lattice at
     * (x + BEYOND_LINES, y + BEYOND_LINES) of the ring's */
    int at[4][BEYOND_LINES][GO_MAX_SIZE][2];
    for (int side = 0; side < 4 && rc == 0; side++)
        for (int d = 0; d < BEYOND_LINES; d++)
            for (int k = 0; k < n; k++) {
                const int x = side == 1 ? n + d : side == 3 ? -1 - d : k;
                const int y = side == 2 ? n + d : side == 0 ? -1 - d : k;
                at[side][d][k][0] = x;
                at[side][d][k][1] = y;
                memcpy(line + patch * (((size_t)side * BEYOND_LINES + d) * n + k),
                       ring + patch * ((size_t)(y + BEYOND_LINES) * m + x + BEYOND_LINES), patch);
            }
    if (rc == 0)
        rc = vz_lattice_probs(prob, line, (int)count);
    for (int c = 0; c < 4 && rc == 0; c++)
        for (int d = 0; d < BEYOND_LINES; d++) {
            double sum = 0;
            int seen = 0;
            for (int k = 0; k < n; k++) {
                double px, py;
                if (vz_apply(g->h, at[c][d][k][0], at[c][d][k][1], &px, &py) < 0 || px < 0 ||
                    py < 0 || px >= work->width || py >= work->height)
                    continue;
                sum += prob[2 * ((c * BEYOND_LINES + d) * n + k) + 1];
                seen++;
            }
            share[c][d] = 2 * seen >= n ? sum / seen / fmax(median, 1e-9) : 0;
        }
    free(ring);
    free(line);
    free(prob);
    return rc;
}

/* Whether the board goes on past two sides of an n x n lattice, by the shares of the lines
 * beyond it (lines_beyond): the two lines of points beyond one side both read at least
 * FINAL_BEYOND_SURE of the median of the lattice's own points, and beyond another side at least
 * FINAL_BEYOND_SHARE. Asked of lattices under 19 lines whose median is at least
 * FINAL_EDGE_MEDIAN (beyond_asked: a model unsure everywhere says nothing). The model reads the
 * table beyond a board's edge as no board's points (the line just beyond can read as points where
 * the edge stones lean over it, the next one hardly): such a lattice is a part of a larger board
 * (a 13x13 window on a 19x19 whose stones past its edges lie dark under a coloured lamp). */
static int beyond_asked(int n, double median)
{
    return n < 19 && median >= FINAL_EDGE_MEDIAN; /* the reader finds boards of 19 lines at most */
}

static int board_beyond(double share[4][BEYOND_LINES], int n, double median)
{
    double side[4]; /* the lesser line's */
    for (int c = 0; c < 4; c++) {
        side[c] = 1e9;
        for (int d = 0; d < BEYOND_LINES; d++)
            side[c] = fmin(side[c], share[c][d]);
    }
    int best = 0, next = -1;
    for (int c = 1; c < 4; c++)
        if (side[c] > side[best])
            best = c;
    for (int c = 0; c < 4; c++)
        if (c != best && (next < 0 || side[c] > side[next]))
            next = c;
    const int beyond = side[best] >= FINAL_BEYOND_SURE && side[next] >= FINAL_BEYOND_SHARE;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "final beyond: %dx%d median %.3f sides %.3f %.3f %.3f %.3f next %.3f %.3f %.3f "
                "%.3f -> %d\n",
                n, n, median, share[0][0], share[1][0], share[2][0], share[3][0], share[0][1],
                share[1][1], share[2][1], share[3][1], beyond);
    return beyond;
}

/* Into *corner, the corner (0 top-left .. 3 bottom-left, as corner_moved) of lattice g (its fit
 * f) that lies a line past the board, or -1: where one block of its points reads unlikely and
 * another fairly surely (FINAL_CORNER_GATE, FINAL_CORNER_SURE), the lattice is read again with each
 * corner moved a cell inward along each of its two lines, and a move that leaves at least
 * FINAL_CORNER_GAIN of all the points fewer unlikely finds the corner (a steep view's far corner
 * fitted on the board's rim, the rest on its points). A right lattice reads more of its points
 * unlikely with any corner moved. 0, or a negative go_err. */
static int corner_off(int *corner, const vz_fit *f, const vz_grid *g, const go_cv_image *work)
{
    *corner = -1;
    if (f->block_unlikely < FINAL_CORNER_GATE || f->block_sure < FINAL_CORNER_SURE)
        return 0;
    float q[GO_MAX_SIZE * GO_MAX_SIZE];
    int found = -1;
    double gain = 0;
    for (int c = 0; c < 4; c++)
        for (int a = 0; a < 2; a++) {
            vz_grid m;
            vz_fit mf;
            if (corner_moved(&m, g, c, a, 1.0) < 0)
                continue;
            const int rc = vz_lattice_fit(&mf, q, &m, work);
            if (rc < 0)
                return rc;
            if (getenv("GOREF_VISION_DEBUG"))
                fprintf(stderr, "final corner %d axis %d: %.3f of the points unlikely, %.3f read\n",
                        c, a, mf.unlikely_share, f->unlikely_share);
            if (f->unlikely_share - mf.unlikely_share > gain) {
                gain = f->unlikely_share - mf.unlikely_share;
                found = c;
            }
        }
    if (gain >= FINAL_CORNER_GAIN)
        *corner = found;
    return 0;
}

/* The side (as blank_side's) whose outermost line of points reads least likely, *share that
 * line's mean probability by the median (1 where no side has half its points in the photo). */
static int least_outer(double *share, const float *p, double median, const vz_grid *g,
                       const go_cv_image *work)
{
    int least = -1;
    *share = 1;
    for (int side = 0; side < 4; side++) {
        const double mean = line_mean(p, g, work, side, 0);
        if (mean < 0)
            continue;
        const double s = mean / fmax(median, 1e-9);
        if (s < *share) {
            *share = s;
            least = side;
        }
    }
    return least;
}

int vz_final_check(const vz_grid *g, const go_cv_image *work)
{
    vz_fit f;
    float p[GO_MAX_SIZE * GO_MAX_SIZE];
    int rc = vz_lattice_fit(&f, p, g, work);
    if (rc < 0)
        return rc;
    if (getenv("GOREF_VISION_DEBUG")) {
        fprintf(stderr, "final: %d %.3f %.3f %.3f at %d,%d", g->size, f.unlikely_share,
                f.block_unlikely, f.block_sure, f.block[0], f.block[1]);
        debug_map(p, g->size);
        debug_wrong(g, work);
    }
    /* the median of the points' probabilities, which the edge checks measure lines against */
    double v[GO_MAX_SIZE * GO_MAX_SIZE];
    for (int i = 0; i < g->size * g->size; i++)
        v[i] = p[i];
    const double median = vz_median(v, g->size * g->size);
    /* the outermost line least likely, for the line-off check below: the lines beyond the
     * lattice are read where the board_beyond check asks them or that line is blank (or for the
     * debug output) */
    const int debug = getenv("GOREF_VISION_DEBUG") != NULL;
    double outer, share[4][BEYOND_LINES] = {{0}};
    const int off = least_outer(&outer, p, median, g, work);
    const int off_asked = off >= 0 && median >= FINAL_OFF_MEDIAN;
    if ((beyond_asked(g->size, median) || (off_asked && (outer < FINAL_OFF_OUTER || debug))) &&
        (rc = lines_beyond(share, median, g, work)) < 0)
        return rc;
    if (beyond_asked(g->size, median) && board_beyond(share, g->size, median))
        return go_error_set(GO_ENOBOARD,
                            "no board: the board goes on past two sides of the grid (not a %dx%d "
                            "board, or the grid did not fit)",
                            g->size, g->size);
    const int side = blank_side(p, median, g, work);
    if (side >= 0)
        return go_error_set(GO_ENOBOARD, "no board: the grid did not fit (two of its outer lines "
                                         "lie off the board, on the table)");
    /* one outermost line over the table and the board's own line beyond the other side: the
     * lattice sits a line off the board's */
    const double past = off >= 0 ? share[(off + 2) % 4][0] : 0;
    if (debug)
        fprintf(stderr,
                "final line off: median %.3f, outer line %.3f of it (side %d), beyond "
                "the other side %.3f\n",
                median, outer, off, past);
    if (off_asked && outer < FINAL_OFF_OUTER && past >= FINAL_OFF_BEYOND)
        return go_error_set(GO_ENOBOARD, "no board: the grid did not fit (it sits a line off the "
                                         "board's: one outer line lies off the board, and the "
                                         "board's line lies beyond the other side)");
    if (f.block_sure >= FINAL_BLOCK_SURE && f.block_unlikely >= FINAL_BLOCK_UNLIKELY)
        return go_error_set(GO_ENOBOARD,
                            "no board: the lattice does not fit the board everywhere (%.0f%% of "
                            "its points around column %d, row %d do not look like a board's "
                            "points, where %.0f%% of another part's surely do)",
                            100 * f.block_unlikely, f.block[0] + 1, f.block[1] + 1,
                            100 * f.block_sure);
    int corner;
    rc = corner_off(&corner, &f, g, work);
    if (rc < 0)
        return rc;
    if (corner >= 0) {
        static const char *const name[4] = {"top left", "top right", "bottom right", "bottom left"};
        return go_error_set(
            GO_ENOBOARD,
            "no board: the grid did not fit (near its %s corner it lies a line off the "
            "board's lines)",
            name[corner]);
    }
    return 0;
}
