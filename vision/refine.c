/* Refinement of the whole lattice homography against the printed lines. The grid finder and
 * the per-axis refit leave the lattice right to within a fraction of a cell, but a perspective
 * a little off (a low camera angle, a board edge taken for a line) puts the near rows a third
 * of a cell off while the far ones fit, and a third of a cell ruins the reading there. Each
 * visible piece of a printed line, found near where the lattice expects it, is evidence; the
 * correction of the lattice coordinates that best puts every piece on its line is a
 * homography, fitted by linear least squares with robust reweighting. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vision_int.h"
#include "params.h"

typedef struct piece {
    double u, v; /* observed position in the current lattice's coordinates */
    int k;       /* the line it belongs to */
    int rows;    /* 1: a row line (v = k), 0: a column line (u = k) */
    double w;    /* evidence weight */
} piece;

/* Finds the thin dark line across pixel position `at` (along the family's normal) near
 * `expect`, averaged over the line's length around `along`. Returns the dip and the sub-pixel
 * position in *pos, or 0 when nothing thin and dark is there. */
static double find_piece(const go_cv_image *gray, int rows, double expect, double along,
                         double *pos)
{
    const int R = (int)ceil(SEARCH * RCELL) + 3, L = (int)(ALONG * RCELL);
    const int W = gray->width, H = gray->height;
    double prof[2 * 16 + 1];
    int c0 = (int)lround(expect), a0 = (int)lround(along);
    if (R > 16)
        return 0;
    for (int d = -R; d <= R; d++) {
        double s = 0;
        int m = 0;
        for (int t = -L; t <= L; t++) {
            int x = rows ? a0 + t : c0 + d, y = rows ? c0 + d : a0 + t;
            if (x < 0 || y < 0 || x >= W || y >= H)
                continue;
            s += gray->pixels[(size_t)y * W + x];
            m++;
        }
        if (m == 0)
            return 0;
        prof[d + R] = s / m;
    }
    /* darker than both sides two pixels away (an edge, a step, is not a line), and the two
     * sides alike: beside a stone's dark rim one side is the stone */
    const int S = (int)ceil(SEARCH * RCELL);
    double best = 0;
    int arg = 0;
    for (int c = -S; c <= S; c++) {
        double a = prof[c - 2 + R], b = prof[c + 2 + R], v = (a < b ? a : b) - prof[c + R];
        if (fabs(a - b) > v)
            continue;
        if (v > best) {
            best = v;
            arg = c;
        }
    }
    if (best <= 0)
        return 0;
    /* the minimum between pixels: a parabola through the darkest pixel and its neighbours */
    double ym = prof[arg - 1 + R], y0 = prof[arg + R], yp = prof[arg + 1 + R];
    double den = ym - 2 * y0 + yp, off = 0;
    if (den > 1e-9)
        off = 0.5 * (ym - yp) / den;
    if (off < -0.5 || off > 0.5)
        off = 0;
    *pos = c0 + arg + off;
    return best;
}

/* Residual (cells) of piece p under the correction g (old lattice -> new lattice). */
static double residual(const double g[9], const piece *p)
{
    double x, y;
    if (vz_apply(g, p->u, p->v, &x, &y) < 0)
        return 1e9;
    return (p->rows ? y : x) - p->k;
}

/* Fits the correction g (g[8] = 1) that puts every piece on its line, weighted: a piece on
 * column line k gives g1.q - k g3.q = 0 with q = (u, v, 1), linear in g. A weak pull toward
 * the identity keeps the fit determined where the pieces are few. */
static int fit_correction(double g[9], const piece *pc, const double *w, int m)
{
    double a[8][9];
    memset(a, 0, sizeof a);
    for (int i = 0; i < m; i++) {
        if (w[i] <= 0)
            continue;
        const piece *p = &pc[i];
        double row[8] = {0}, rhs = p->k;
        int o = p->rows ? 3 : 0; /* g21 g22 g23 for rows, g11 g12 g13 for columns */
        row[o] = p->u;
        row[o + 1] = p->v;
        row[o + 2] = 1;
        row[6] = -p->k * p->u;
        row[7] = -p->k * p->v;
        for (int r = 0; r < 8; r++) {
            for (int c = 0; c < 8; c++)
                a[r][c] += w[i] * row[r] * row[c];
            a[r][8] += w[i] * row[r] * rhs;
        }
    }
    const double id[8] = {1, 0, 0, 0, 1, 0, 0, 0};
    for (int r = 0; r < 8; r++) {
        double lam = r >= 6 ? 1e3 : 1.0; /* the projective terms move far corners most */
        a[r][r] += lam;
        a[r][8] += lam * id[r];
    }
    if (vz_solve_augmented(&a[0][0], 8) < 0)
        return -1;
    for (int r = 0; r < 8; r++)
        g[r] = a[r][8];
    g[8] = 1;
    return 0;
}

static int refine_once(vz_grid *g, const go_cv_image *bgr, int *out_used)
{
    const int n = g->size, per = 4;
    go_cv_image gray = {0};
    piece *pc = NULL;
    double *w = NULL, *tmp = NULL;
    const char *why = NULL; /* why a correction is not taken, for the debug log */
    int rc = vz_warp_gray(&gray, g, bgr, RCELL, RMARGIN, 1);
    if (rc < 0)
        goto done;
    const int cap = 2 * n * (n - 1) * per;
    pc = malloc(sizeof *pc * (size_t)cap);
    w = malloc(sizeof *w * (size_t)cap);
    tmp = malloc(sizeof *tmp * (size_t)cap);
    if (!pc || !w || !tmp) {
        rc = go_error_set(GO_ENOMEM, "lattice refinement");
        goto done;
    }
    int m = 0;
    for (int rows = 0; rows < 2; rows++)
        for (int k = 0; k < n; k++)
            for (int s = 0; s < (n - 1) * per; s++) {
                double t = (s + 0.5) / per; /* along the line, in cells */
                double expect = (k + RMARGIN) * RCELL, along = (t + RMARGIN) * RCELL, pos;
                double dip = find_piece(&gray, rows, expect, along, &pos);
                if (dip < PIECE_MIN)
                    continue;
                double across = pos / RCELL - RMARGIN;
                pc[m] = (piece){rows ? t : across, rows ? across : t, k, rows, dip};
                m++;
            }
    *out_used = 0;
    why = "too few pieces of line";
    if (m < MIN_PIECES)
        goto done;
    /* only clear pieces: a share of the typical clear one */
    for (int i = 0; i < m; i++)
        tmp[i] = pc[i].w;
    qsort(tmp, (size_t)m, sizeof *tmp, vz_cmp_double);
    double typ = tmp[m * 3 / 4], floor_w = PIECE_SHARE * typ;
    double corr[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    int used = 0;
    for (int it = 0; it < 6; it++) {
        used = 0;
        for (int i = 0; i < m; i++) {
            double r = residual(corr, &pc[i]) / RES_SCALE;
            double cap_w = pc[i].w < typ ? pc[i].w : typ;
            /* Tukey's biweight: far pieces (a crevice, a stone's rim) weigh nothing */
            double tk = fabs(r) * RES_SCALE < RES_CUT ? 1 - pow(r * RES_SCALE / RES_CUT, 2) : 0;
            w[i] = pc[i].w >= floor_w ? cap_w * tk * tk : 0;
            used += w[i] > 0;
        }
        why = "too few pieces of line near their lines";
        if (used < MIN_PIECES)
            goto done;
        why = "the fit is not determined";
        if (fit_correction(corr, pc, w, m) < 0)
            goto done;
    }
    why = "the correction would move a corner too far";
    /* The correction moves the lattice points by at most MAX_MOVE cells, or it is not taken. */
    for (int j = 0; j < n; j += n - 1)
        for (int i = 0; i < n; i += n - 1) {
            double x, y;
            if (vz_apply(corr, i, j, &x, &y) < 0 || hypot(x - i, y - j) > MAX_MOVE)
                goto done;
        }
    double inv[9], h[9];
    why = "the correction is singular";
    if (vz_mat3_inv(inv, corr) < 0)
        goto done;
    vz_mat3_mul(h, g->h, inv);
    memcpy(g->h, h, sizeof h);
    *out_used = used;
    why = NULL;
    if (getenv("GOREF_VISION_DEBUG")) {
        fprintf(stderr, "refine: %d pieces, %d used, typical dip %.1f, correction", m, used, typ);
        for (int i = 0; i < 9; i++)
            fprintf(stderr, " %.4f", corr[i]);
        fprintf(stderr, "\n");
    }
done:
    if (why && rc == 0 && getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "refine: not taken (%s)\n", why);
    free(pc);
    free(w);
    free(tmp);
    go_cv_image_free(&gray);
    return rc;
}

int vz_refine_lattice(vz_grid *g, const go_cv_image *bgr)
{
    for (int pass = 0; pass < 2; pass++) {
        int used = 0, rc = refine_once(g, bgr, &used);
        if (rc < 0)
            return rc;
        if (!used)
            break;
    }
    return 0;
}
