/* Intersection classification: the board is warped to a square lattice image in CIE Lab; the
 * local board colour is a smooth surface fitted (with outlier trimming) to the centres of the
 * squares, which no well-placed stone covers; each intersection is then black, white or empty
 * by its lightness and colour relative to that local board colour, never a global threshold. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify_int.h"

/* A Lab image and, optionally, each row's running sums of each channel, with which a row's
 * run of pixels sums in two look-ups: the rule's shift search asks for tens of thousands of
 * discs a lattice. */
typedef struct disc_image {
    const go_cv_image *lab;
    /* row y, channel c: at ((size_t)y * 3 + c) * (width + 1) + x the sum of the first x pixels */
    int32_t *rows;
} disc_image;

static int disc_rows_build(disc_image *d, const go_cv_image *lab)
{
    const size_t w1 = (size_t)lab->width + 1;
    d->lab = lab;
    d->rows = malloc(sizeof(int32_t) * w1 * 3 * (size_t)lab->height);
    if (!d->rows)
        return go_error_set(GO_ENOMEM, "disc sums");
    for (int y = 0; y < lab->height; y++) {
        const uint8_t *p = lab->pixels + (size_t)y * lab->width * 3;
        for (int c = 0; c < 3; c++) {
            int32_t *row = d->rows + ((size_t)y * 3 + c) * w1, sum = 0;
            row[0] = 0;
            for (int x = 0; x < lab->width; x++)
                row[x + 1] = sum += p[(size_t)x * 3 + c];
        }
    }
    return 0;
}

/* Whether pixel x of a row dy2 (squared) from the centre lies outside the disc: the one test
 * that says which pixels a disc holds. */
static int outside(int x, double cxp, double dy2, double r2)
{
    return (x - cxp) * (x - cxp) + dy2 > r2;
}

/* The mean Lab colour of the pixels within rad of (cxp, cyp). A row's pixels within the disc
 * are one run about the pixel nearest the centre (the test grows each way from cxp, rounding
 * included), found from the circle's chord and the test at its ends; summed in integers, the
 * same pixels and the same exact sums as testing every pixel of the square. */
static void disc_mean_of(const disc_image *d, double cxp, double cyp, double rad, double out[3])
{
    const go_cv_image *lab = d->lab;
    const int x0 = (int)floor(cxp - rad), x1 = (int)ceil(cxp + rad);
    const int y0 = (int)floor(cyp - rad), y1 = (int)ceil(cyp + rad);
    const double r2 = rad * rad;
    const size_t w1 = (size_t)lab->width + 1;
    long s[3] = {0, 0, 0};
    long n = 0;
    /* the pixel of a row the test passes most easily: the one just below cxp or just above */
    int m = (int)floor(cxp);
    if (m + 1 <= x1 && (m + 1 - cxp) * (m + 1 - cxp) < (m - cxp) * (m - cxp))
        m++;
    for (int y = y0 < 0 ? 0 : y0; y <= y1 && y < lab->height; y++) {
        const double dy2 = (y - cyp) * (y - cyp);
        if (m < x0 || m > x1 || outside(m, cxp, dy2, r2))
            continue;
        /* the chord's ends, within a pixel (the tests below settle them) */
        const double half = dy2 < r2 ? sqrt(r2 - dy2) : 0;
        int a = (int)(cxp - half), b = (int)(cxp + half);
        a = a < x0 ? x0 : a > m ? m : a;
        b = b > x1 ? x1 : b < m ? m : b;
        if (outside(a, cxp, dy2, r2))
            while (outside(a, cxp, dy2, r2))
                a++;
        else
            while (a > x0 && !outside(a - 1, cxp, dy2, r2))
                a--;
        if (outside(b, cxp, dy2, r2))
            while (outside(b, cxp, dy2, r2))
                b--;
        else
            while (b < x1 && !outside(b + 1, cxp, dy2, r2))
                b++;
        if (a < 0)
            a = 0;
        if (b >= lab->width)
            b = lab->width - 1;
        if (b < a)
            continue;
        if (d->rows) {
            for (int c = 0; c < 3; c++) {
                const int32_t *row = d->rows + ((size_t)y * 3 + c) * w1;
                s[c] += row[b + 1] - row[a];
            }
        } else {
            const uint8_t *p = lab->pixels + ((size_t)y * lab->width + a) * 3;
            for (int x = a; x <= b; x++, p += 3) {
                s[0] += p[0];
                s[1] += p[1];
                s[2] += p[2];
            }
        }
        n += b - a + 1;
    }
    for (int k = 0; k < 3; k++)
        out[k] = n ? (double)s[k] / n : 0;
}

static void disc_mean(const go_cv_image *lab, double cxp, double cyp, double rad, double out[3])
{
    const disc_image d = {lab, NULL};
    disc_mean_of(&d, cxp, cyp, rad, out);
}

/* Least-squares quadratic surface through the samples marked in use, pulled a little toward a
 * flat one so that few samples cannot bend it wildly; -1 when it is not determined. */
static int fit_surface(double coef[6], const double *sx, const double *sy, const double *v,
                       const unsigned char *use, int ns)
{
    double A[6][7];
    memset(A, 0, sizeof A);
    int used = 0;
    for (int i = 0; i < ns; i++) {
        if (!use[i])
            continue;
        double bs[6];
        vz_surface_basis(sx[i], sy[i], bs);
        for (int p = 0; p < 6; p++) {
            for (int q = 0; q < 6; q++)
                A[p][q] += bs[p] * bs[q];
            A[p][6] += bs[p] * v[i];
        }
        used++;
    }
    for (int p = 1; p < 6; p++)
        A[p][p] += 2.0;
    if (used < 6 || vz_solve_augmented(&A[0][0], 6) < 0)
        return -1;
    for (int p = 0; p < 6; p++)
        coef[p] = A[p][6];
    return 0;
}

/* Reads point (i, j) sampled at lattice offset (dx, dy): returns the signed margin of the
 * decision (positive for a stone, negative for empty) and the colour in *out when not NULL. */
static double point_margin(const disc_image *lab, const board_model *bm, double wbias, int n, int i,
                           int j, double dx, double dy, go_color *out)
{
    double c3[3], bc[3];
    disc_mean_of(lab, (i + 1 + dx) * CELL, (j + 1 + dy) * CELL, 0.3 * CELL, c3);
    vz_board_at(bm, n, i, j, bc);
    double Lb = bc[0], ab_a = bc[1], ab_b = bc[2];
    double rel = c3[0] / Lb;
    double chroma = hypot(c3[1] - ab_a, c3[2] - ab_b);
    double bchroma = hypot(ab_a - 128, ab_b - 128);
    double pchroma = hypot(c3[1] - 128, c3[2] - 128);
    /* Scores: black is much darker than the board; white is lighter or, under the board's
     * warm cast, clearly less coloured. */
    double sblack = (0.62 - rel) * 8;
    double swhite = (rel - 1.08) * 10 + (bchroma - pchroma - 8) * 0.08;
    if (swhite < (rel - 0.8) * 4 + (chroma - 18) * 0.08 && rel > 0.8)
        swhite = (rel - 0.8) * 4 + (chroma - 18) * 0.08;
    swhite -= wbias;
    go_color c = GO_EMPTY;
    double margin;
    if (sblack > 0 && sblack >= swhite) {
        c = GO_BLACK;
        margin = sblack;
    } else if (swhite > 0) {
        c = GO_WHITE;
        margin = swhite;
    } else {
        margin = sblack > swhite ? sblack : swhite; /* negative: how clearly empty */
    }
    if (out)
        *out = c;
    return margin;
}

/* Per-photo class models. The fixed rule above reads most photos, but stones and boards come
 * in many colours and lights (green-tinted stones, coloured lamps): its reading seeds one
 * Gaussian per class (lightness relative to the local board, and colour relative to the
 * board's), fitted to this photo, and every point is read again by the likelihood under the
 * three models, a few rounds. A class with too few points keeps the rule's reading: two
 * stones cannot define a colour. */
/* Prior covariance the fitted one is shrunk toward (weight EM_PRIOR_N points): a class of a
 * few points stays broad rather than collapsing onto them. */
static const double em_prior_var[NF] = EM_PRIOR_VAR;

/* Inverts the NF x NF matrix m (Gauss-Jordan with pivoting) and gives its log-determinant;
 * -1 when it is singular or not positive definite. */
static int invert_nf(double out[NF][NF], double m_in[NF][NF], double *logdet)
{
    double a[NF][2 * NF];
    for (int r = 0; r < NF; r++)
        for (int c = 0; c < 2 * NF; c++)
            a[r][c] = c < NF ? m_in[r][c] : (c - NF == r);
    double ld = 0;
    for (int c = 0; c < NF; c++) {
        int piv = c;
        for (int r = c + 1; r < NF; r++)
            if (fabs(a[r][c]) > fabs(a[piv][c]))
                piv = r;
        if (fabs(a[piv][c]) < 1e-12)
            return -1;
        if (piv != c)
            for (int k = 0; k < 2 * NF; k++) {
                double t = a[c][k];
                a[c][k] = a[piv][k];
                a[piv][k] = t;
            }
        ld += log(fabs(a[c][c]));
        double d = a[c][c];
        for (int k = 0; k < 2 * NF; k++)
            a[c][k] /= d;
        for (int r = 0; r < NF; r++) {
            if (r == c)
                continue;
            double f = a[r][c];
            for (int k = 0; k < 2 * NF; k++)
                a[r][k] -= f * a[c][k];
        }
    }
    for (int r = 0; r < NF; r++)
        for (int c = 0; c < NF; c++)
            out[r][c] = a[r][c + NF];
    *logdet = ld;
    return 0;
}

/* The median line dip over the points r reads empty (their count into *count): how clearly the
 * lines show on this photo's wood. */
static double empty_points_dip(const go_vision_result *r, double f[][NF], int n, int *count)
{
    double v[GO_MAX_SIZE * GO_MAX_SIZE];
    int m = 0;
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_EMPTY)
            v[m++] = f[k][3];
    *count = m;
    return m ? vz_median(v, m) : 0;
}

static void refine_by_models(go_vision_result *r, double f[][NF], int n, int clusters)
{
    const int np = n * n;
    int empties = 0;
    const int keep_hidden =
        clusters && empty_points_dip(r, f, n, &empties) >= VETO_JUDGE && empties >= VETO_MIN_EMPTY;
    for (int round = 0; round < EM_ROUNDS; round++) {
        double mean[3][NF], icov[3][NF][NF], logw[3];
        int valid[3], count[3] = {0, 0, 0};
        for (int k = 0; k < np; k++)
            count[r->color[k / n][k % n]]++;
        for (int c = 0; c < 3; c++) {
            valid[c] = count[c] >= EM_MIN_POINTS;
            if (!valid[c])
                continue;
            double sum[NF] = {0}, cov[NF][NF];
            memset(cov, 0, sizeof cov);
            for (int k = 0; k < np; k++)
                if (r->color[k / n][k % n] == c)
                    for (int p = 0; p < NF; p++)
                        sum[p] += f[k][p];
            for (int p = 0; p < NF; p++)
                mean[c][p] = sum[p] / count[c];
            for (int k = 0; k < np; k++)
                if (r->color[k / n][k % n] == c)
                    for (int p = 0; p < NF; p++)
                        for (int q = 0; q < NF; q++)
                            cov[p][q] += (f[k][p] - mean[c][p]) * (f[k][q] - mean[c][q]);
            for (int p = 0; p < NF; p++) {
                cov[p][p] += EM_PRIOR_N * em_prior_var[p];
                for (int q = 0; q < NF; q++)
                    cov[p][q] /= count[c] + EM_PRIOR_N;
            }
            double logdet;
            if (invert_nf(icov[c], cov, &logdet) < 0) {
                valid[c] = 0;
                continue;
            }
            logw[c] = log((double)count[c] / np) - 0.5 * logdet;
        }
        int nvalid = valid[0] + valid[1] + valid[2], changed = 0;
        if (nvalid < 2)
            return;
        for (int k = 0; k < np; k++) {
            int y = k / n, x = k % n, cur = r->color[y][x];
            if (!valid[cur])
                continue; /* a rare class keeps its points */
            double ll[3], best = -1e300, tot = 0;
            int arg = cur;
            for (int c = 0; c < 3; c++) {
                ll[c] = -1e300;
                if (!valid[c])
                    continue;
                double d[NF], q = 0;
                for (int p = 0; p < NF; p++)
                    d[p] = f[k][p] - mean[c][p];
                for (int p = 0; p < NF; p++)
                    for (int u = 0; u < NF; u++)
                        q += d[p] * icov[c][p][u] * d[u];
                ll[c] = logw[c] - 0.5 * q;
                if (ll[c] > best) {
                    best = ll[c];
                    arg = c;
                }
            }
            for (int c = 0; c < 3; c++)
                if (valid[c])
                    tot += exp(ll[c] - best);
            if (keep_hidden && arg == GO_EMPTY && f[k][3] < EM_KEEP_HIDDEN) {
                arg = cur; /* kept, with the models' doubt */
                tot /= exp(ll[cur] - best);
            }
            changed += arg != cur;
            r->color[y][x] = (uint8_t)arg;
            r->confidence[y][x] = (float)(1.0 / tot);
        }
        if (!changed)
            break;
    }
}

/* The dip of the less clear half of point (i, j)'s lines in the warp lab, each half taken from the
 * point outward; on an edge, the line across it runs inward only. */
static double weaker_half(const go_cv_image *lab, int n, int i, int j)
{
    const int x = (i + 1) * CELL, y = (j + 1) * CELL;
    double weaker = 1e300;
    for (int vert = 0; vert < 2; vert++) {
        const int at = vert ? j : i, inward = at == 0 ? 1 : at == n - 1 ? -1 : 0;
        for (int side = -1; side <= 1; side += 2)
            if (!inward || side == inward)
                weaker = fmin(weaker, vz_line_dip_side(lab->pixels, lab->width, lab->height, 3, x,
                                                       y, vert, CELL, side));
    }
    return weaker;
}

/* A stone hides the lines through its point: where both show as clearly as they do on the
 * typical empty point of this photo (typical: the median dip of the m points read empty), the
 * point is empty whatever its colour (a bright edge of the board, glare on the wood). Only when
 * the lines are clear enough to judge. A stone put down off its point (a hurried hand, a child's
 * move) leaves the line beyond its rim bare on the far side: a fifth of a cell off, a white stone
 * shows 0.35 to 0.7 of the typical dip, as lit wood does, yet the half of a line under it shows
 * nothing. Where one half of a line through the point shows under VETO_HALF of the typical dip,
 * a stone lies there, off its point: the point keeps its colour and is marked off its point, for
 * a look. Glare and lit wood show the line on both sides. Only where that share is itself a dip
 * (VETO_HALF of the typical at least VETO_MIN_DIP): under a blue lamp a turned photo's faint
 * lines (a typical dip of 4.4) let a lit edge point's half lines fall under a grey level by
 * noise. Measured on the readings returned for the photos: the points the veto takes off, all
 * empty, show 0.29 or more on each half (the least: a flash's glare); of the stones the whole
 * lines would take off, nearly all show 0.17 or less. On the bench's boards of hurried hands the
 * white stones the whole lines took off show 0.13 at the most. */
static void veto_by_lines(go_vision_result *r, double f[][NF], const go_cv_image *lab, int n,
                          double typical, int m)
{
    if (m < VETO_MIN_EMPTY)
        return;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "veto: typical dip %.1f of %d empty points%s\n", typical, m,
                typical < VETO_JUDGE ? " (too faint: no veto)" : "");
    if (typical < VETO_JUDGE)
        return;
    const int debug = getenv("GOREF_VISION_DEBUG") != NULL;
    /* a hidden half means something only where its share of the typical dip is itself a dip */
    const int half_judged = VETO_HALF * typical >= VETO_MIN_DIP;
    /* the least lightness a black point is judged from, inside the board and on its edge */
    const double dark_inside = typical >= VETO_SHADE_LINES ? VETO_SHADE_DARK : VETO_BLACK_DARK;
    const double dark_edge = typical >= VETO_SHADE_LINES ? VETO_SHADE_EDGE_DARK : VETO_BLACK_DARK;
    for (int k = 0; k < n * n; k++) {
        const int c = r->color[k / n][k % n], i = k % n, j = k / n;
        /* shade is judged on the board's edge only from a lighter point: there a stone's point
         * has its lines on one side only, and they show beside the stone's rim */
        const int inside = i > 0 && j > 0 && i < n - 1 && j < n - 1;
        if (debug && c != GO_EMPTY && f[k][3] >= 0.25 * typical)
            fprintf(stderr, "lines through stone %d %d: %c dip %.2f (%.2f of typical) relL %.0f\n",
                    i, j, ".XO"[c], f[k][3], f[k][3] / typical, f[k][0]);
        double share = c == GO_WHITE ? VETO_SHARE_WHITE : VETO_SHARE;
        if (c == GO_BLACK && typical >= VETO_SHADE_LINES) /* the shade's own share */
            share = fmax(VETO_SHADE_FLOOR, fmin(share, VETO_SHADE_CONTRAST * f[k][0] / 100));
        if (c == GO_EMPTY || f[k][3] < share * typical ||
            (c == GO_BLACK &&
             (f[k][3] < VETO_BLACK_FLOOR || f[k][0] < (inside ? dark_inside : dark_edge))))
            continue;
        if (half_judged && weaker_half(lab, n, i, j) < VETO_HALF * typical) {
            r->off_point[j][i] = 1; /* a stone off its point: read there, a look */
            r->confidence[j][i] = 0.5f;
            continue;
        }
        r->color[j][i] = GO_EMPTY;
        /* a conflict of colour and lines, a look; shade with the lines through it is none */
        r->confidence[j][i] = c == GO_BLACK && f[k][0] < VETO_BLACK_DARK ? VETO_SHADE_CONF : 0.5f;
    }
}

/* Where the lines are too faint for the veto above (under a pink lamp the luminance keeps a tenth
 * of the light), a white stone still shows as a dome: lighter at its top than along the lines
 * through its rim, its lines' dip below 0. Wood the lamp lights unevenly, read white by its colour,
 * is flat. A point the fixed rule reads white whose dip is above FLAT_WHITE_DIP is read empty and
 * marked for a look. Measured over the photos whose lines are too faint to veto (typical dips 1.2
 * to 3.0): the points read white that are wood show 0.1 to 1.8; of the white stones read white,
 * only a few show 0 or more (pale stones overhanging the near edge of crowded boards under a pink
 * lamp, mostly read by the clusters, which this rule leaves alone; one left is read empty and
 * marked). Where the lines do not show at all (a typical dip under FLAT_WHITE_LINES) a point's
 * dip is noise and the edge's shade: a synthetic 9x9 whose lines showed 0.4 lost a white corner
 * stone at 3.4. */
static void flat_whites(go_vision_result *r, double f[][NF], int n, double typical, int m)
{
    if (m < VETO_MIN_EMPTY || typical >= VETO_JUDGE || typical < FLAT_WHITE_LINES)
        return; /* too few to tell, the veto judged, or no lines to tell by */
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_WHITE && f[k][3] > FLAT_WHITE_DIP) {
            if (getenv("GOREF_VISION_DEBUG"))
                fprintf(stderr, "flat white %d %d: dip %.2f of typical %.2f, relL %.0f\n", k % n,
                        k / n, f[k][3], typical, f[k][0]);
            r->color[k / n][k % n] = GO_EMPTY;
            r->confidence[k / n][k % n] = 0.5f; /* a conflict of colour and shape: a look */
        }
}

/* Light reaching over the board's edge. A white stone on an edge point is a dome, lighter at
 * its top than along its rim (the lines' dip across it negative), and it ends at the edge: the
 * margin beyond the edge line is the board's wood. Light falling on the board's lit edge, or a
 * finger or a sleeve reaching over it, is flat and goes on outward. An edge point read white
 * whose lines' dip is flat (OVER_EDGE_FLAT or more), and whose square centres beyond the edge
 * line are as light as it (within OVER_EDGE_OUTER, % of the board's lightness) and lighter
 * than the board by OVER_EDGE_LIT (wood lit, or not wood), is read empty, for a person's look.
 * Measured over the photos read: most edge points read white that were empty are caught (edges
 * lit by a coloured lamp or a low light from one side, 119 to 154 beyond; a fingertip, 125),
 * none of the white stones on edge points: those whose outer squares are as light show a dip of
 * -2.4 or less (the lit edge of crowded boards under coloured lamps), and those as flat have
 * outer squares 13 or more below them. Synthetic stones are flatter discs: under a pink lamp,
 * edge stones with margins of 106 to 113 beyond them stay, but glare on a board's edge (117 to
 * 129 beyond) may take stones off, marked for a look.
 * A hand is also the same stuff on both sides of the edge line, whatever its lightness and its
 * dip: where the outer squares are as light as the point and of its colour (a and b within
 * OVER_EDGE_SAME of the point's), and the squares a cell further out as light and nearly so
 * (within twice that), the point is read empty for a look. Measured over the photos: fingers and
 * a hand over the edge (domes or not lit enough for the rule above: dips down to -5.4, 105 to 120
 * beyond) are 1.7 to 4.7 apart in colour from the outer squares, 2.8 to 6.1 from those further
 * out; white stones on edge points with a margin as light are 6.6 apart (a lit margin) and more:
 * the margin is wood. Large synthetic stones fill a narrow margin (a 9x9 of the bench, 1.8 and
 * 2.5 apart) but the table a cell out is dark. Not in the clusters' reading: the stones it reads
 * (unusual colours, coloured lamps) need not be lighter than the wood nor domes. Nor on a stone
 * the veto kept off its point (half of a line through it hidden, where light shows both): put
 * down toward the edge, its body is what lies beyond the edge line, as light as its top. */

static void over_edge(go_vision_result *r, const go_cv_image *lab, const board_model *bm,
                      double f[][NF], int n)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            const int ox = i == 0 ? -1 : i == n - 1 ? 1 : 0;
            const int oy = j == 0 ? -1 : j == n - 1 ? 1 : 0;
            const double *fk = f[j * n + i];
            if ((!ox && !oy) || r->color[j][i] != GO_WHITE || r->off_point[j][i])
                continue; /* off its point: the veto saw a half line hidden, a stone there */
            double bc[3], c[3], outer[2] = {0, 0}, oa[2] = {0, 0}, ob[2] = {0, 0};
            int m = 0;
            vz_board_at(bm, n, i, j, bc);
            /* the two square centres beyond each edge the point lies on, and a cell further */
            for (int e = 0; e < 2; e++) {
                const int dx = e == 0 ? ox : 0, dy = e == 0 ? 0 : oy;
                if (!dx && !dy)
                    continue;
                for (int s = -1; s <= 1; s += 2) {
                    for (int far = 0; far < 2; far++) {
                        const double out = far ? 1.0 : 0.5;
                        disc_mean(lab, (i + 1 + out * dx + (dy ? 0.5 * s : 0)) * CELL,
                                  (j + 1 + out * dy + (dx ? 0.5 * s : 0)) * CELL,
                                  OVER_EDGE_DISC * CELL, c);
                        outer[far] += 100.0 * c[0] / bc[0];
                        oa[far] += c[1] - bc[1];
                        ob[far] += c[2] - bc[2];
                    }
                    m++;
                }
            }
            double apart[2];
            for (int k = 0; k < 2; k++) {
                outer[k] /= m;
                apart[k] = hypot(oa[k] / m - fk[1], ob[k] / m - fk[2]);
            }
            if (getenv("GOREF_VISION_DEBUG"))
                fprintf(
                    stderr,
                    "edge white %d %d: L %.1f outer %.1f %.1f dip %.1f, colour %.1f %.1f beyond\n",
                    i, j, fk[0], outer[0], outer[1], fk[3], apart[0], apart[1]);
            const int lit = fk[3] >= OVER_EDGE_FLAT && outer[0] >= OVER_EDGE_LIT;
            /* a hand goes on a cell beyond the edge line; a stone that fills a narrow margin
             * does not */
            const int hand = apart[0] <= OVER_EDGE_SAME && outer[1] >= fk[0] + OVER_EDGE_OUTER &&
                             apart[1] <= 2 * OVER_EDGE_SAME;
            if (outer[0] >= fk[0] + OVER_EDGE_OUTER && (lit || hand)) {
                r->color[j][i] = GO_EMPTY;
                r->confidence[j][i] = 0.5f; /* a look: read white, like what lies beyond */
            }
        }
}

/* Glare off the wood. A lamp or a flash mirrored in the board's varnish blows the photo out,
 * every channel clipped (GLARE_CLIP or more), over a patch wider than a stone, and the rule reads
 * the patch white. A white stone's top may be clipped as well, but not the wood around it: a
 * stone, even one pushed off its point, covers one of the square centres beside its point at
 * most. A point read white whose disc is clipped over GLARE_POINT of it, with GLARE_SQUARES of
 * the square centres beside it clipped over GLARE_SQUARE of their own discs, is glare: read empty
 * and marked for a look (the photo shows nothing there). Around the clipped patch the glare washes
 * the lines out, short of clipping: there a point read white beside a point of glare whose lines
 * show (GLARE_FRINGE of the typical dip) is its fringe, read empty and marked, where the lines
 * judge (VETO_JUDGE). Measured over the photos read (every reading; the lines and the photo as the
 * classifier sees them): a flash's glare clips points over 0.76 to 0.96 of their discs, each with
 * two square centres beside it wholly clipped, and its fringe shows the lines at 0.27 to 0.31 of
 * the typical dip (white stones on their points show up to 0.29, as the veto's bound says); white
 * stones clipped over half their discs (0.52 to 0.79, a lamp's highlights) have none of the square
 * centres beside them clipped at all. On the bench's boards of hurried hands, glare on white
 * stones pushed off their points clipped one square centre beside a point (0.71 of it), never
 * two. */

/* The level from which each channel of the warp counts as clipped: as far under the channel's
 * own top (its GLARE_TOP quantile) as GLARE_CLIP is under 255. Under white light a glare reaches
 * 255 in every channel; under a coloured lamp it is the lamp's colour at full exposure, and the
 * channels the lamp gives little light never reach 255, glare or not. */
static void clip_levels(int level[3], const go_cv_image *bgr)
{
    const size_t count = (size_t)bgr->width * bgr->height;
    for (int c = 0; c < 3; c++) {
        size_t hist[256] = {0};
        for (size_t k = 0; k < count; k++)
            hist[bgr->pixels[3 * k + c]]++;
        size_t above = 0;
        int top = 255;
        while (top > 0 && (above += hist[top]) < (size_t)((1.0 - GLARE_TOP) * count))
            top--;
        level[c] = top - (255 - GLARE_CLIP);
    }
}

/* The share of the warp's pixels within rad of (cx, cy) clipped in every channel (at level). */
static double clipped_share(const go_cv_image *bgr, const int level[3], double cx, double cy,
                            double rad)
{
    int clipped = 0, all = 0;
    for (int y = (int)floor(cy - rad); y <= (int)ceil(cy + rad); y++)
        for (int x = (int)floor(cx - rad); x <= (int)ceil(cx + rad); x++) {
            if (x < 0 || y < 0 || x >= bgr->width || y >= bgr->height ||
                (x - cx) * (x - cx) + (y - cy) * (y - cy) > rad * rad)
                continue;
            const uint8_t *p = bgr->pixels + ((size_t)y * bgr->width + x) * 3;
            clipped += p[0] >= level[0] && p[1] >= level[1] && p[2] >= level[2];
            all++;
        }
    return all ? (double)clipped / all : 0;
}

static void glare_on_wood(go_vision_result *r, double f[][NF], const go_cv_image *bgr,
                          double (*off)[2], int n, double typical, int m)
{
    unsigned char glare[GO_MAX_SIZE * GO_MAX_SIZE] = {0};
    int any = 0, level[3];
    clip_levels(level, bgr);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "clipped from %d %d %d\n", level[0], level[1], level[2]);
    for (int k = 0; k < n * n; k++) {
        const int i = k % n, j = k / n;
        if (r->color[j][i] != GO_WHITE)
            continue;
        const double x = (i + 1 + off[k][0]) * CELL, y = (j + 1 + off[k][1]) * CELL;
        const double share = clipped_share(bgr, level, x, y, 0.3 * CELL);
        if (share < GLARE_POINT)
            continue;
        double sq[4];
        int beside = 0;
        for (int q = 0; q < 4; q++) {
            sq[q] = clipped_share(bgr, level, (i + 1 + (q & 1 ? 0.5 : -0.5)) * CELL,
                                  (j + 1 + (q & 2 ? 0.5 : -0.5)) * CELL, 0.12 * CELL);
            beside += sq[q] >= GLARE_SQUARE;
        }
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "clipped %d %d: %.2f of the point, beside %.2f %.2f %.2f %.2f\n", i, j,
                    share, sq[0], sq[1], sq[2], sq[3]);
        if (beside >= GLARE_SQUARES)
            glare[k] = any = 1;
    }
    if (!any)
        return;
    const int fringe = m >= VETO_MIN_EMPTY && typical >= VETO_JUDGE;
    for (int k = 0; k < n * n; k++) {
        const int i = k % n, j = k / n;
        int near = 0;
        if (fringe && !glare[k] && r->color[j][i] == GO_WHITE && f[k][3] >= GLARE_FRINGE * typical)
            near = (i > 0 && glare[k - 1]) || (i + 1 < n && glare[k + 1]) ||
                   (j > 0 && glare[k - n]) || (j + 1 < n && glare[k + n]);
        if (!glare[k] && !near)
            continue;
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "glare %d %d%s: dip %.1f of typical %.1f\n", i, j,
                    near ? " (fringe)" : "", f[k][3], typical);
        r->color[j][i] = GO_EMPTY;
        r->confidence[j][i] = 0.5f; /* the photo shows nothing there: a look */
        r->off_point[j][i] = 0;
    }
}

/* One set's black stones under one light are alike in lightness. Where the points the fixed rule
 * reads black fall into two groups BLACKS_APART or more apart in lightness (the largest gap between
 * them, sorted), the darker of BLACKS_MIN or more, and the lighter group shows the lines (its
 * median dip BLACKS_LINES of the typical or more, where black stones' is about 0), the lighter
 * group is not that set's stones but something darker than the wood, as a long shadow under a low
 * light: each of its points whose lines show at all (a dip above 0; a stone's dome hides them) is
 * read empty and marked for a look. Only where the lines show on the empty points (a typical dip
 * from VETO_MIN_DIP). Under a low light from one side, black stones at 0 to 12% of the board's
 * lightness and shadows at 34 to 56% showing the lines at 0.05 to 0.42 of their typical dip (as a
 * black stone's may, so the veto cannot judge them one by one) fall apart so. Over the other
 * photos the largest gap in the readings returned is 16 at most (under a single black stone above
 * it): the margin is thin. Without the lines asked, a plain synthetic 9x9 of the bench lost a
 * black stone under glare (23 above the others, its dip 0.01 of the typical). */
static void blacks_apart(go_vision_result *r, double f[][NF], int n, double typical, int m)
{
    double v[GO_MAX_SIZE * GO_MAX_SIZE];
    int nb = 0;
    if (m < VETO_MIN_EMPTY || typical < VETO_MIN_DIP)
        return;
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_BLACK)
            v[nb++] = f[k][0];
    qsort(v, (size_t)nb, sizeof *v, vz_cmp_double);
    double gap = 0, from = 0;
    for (int i = BLACKS_MIN - 1; i + 1 < nb; i++)
        if (v[i + 1] - v[i] > gap) {
            gap = v[i + 1] - v[i];
            from = v[i + 1];
        }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "blacks: %d, the largest gap %.0f, from %.0f\n", nb, gap, from);
    if (gap < BLACKS_APART)
        return;
    /* ... and only when the lighter group shows the lines, as a whole: not a set's stones */
    double d[GO_MAX_SIZE * GO_MAX_SIZE];
    int nd = 0;
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_BLACK && f[k][0] >= from)
            d[nd++] = f[k][3];
    const double lines = vz_median(d, nd);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "blacks: %d of them lighter, their lines %.1f of %.1f\n", nd, lines,
                typical);
    if (lines < BLACKS_LINES * typical)
        return;
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_BLACK && f[k][0] >= from && f[k][3] > 0) {
            if (getenv("GOREF_VISION_DEBUG"))
                fprintf(stderr, "black apart %d %d: L %.0f (a gap of %.0f) dip %.1f\n", k % n,
                        k / n, f[k][0], gap, f[k][3]);
            r->color[k / n][k % n] = GO_EMPTY;
            r->confidence[k / n][k % n] = 0.5f;
        }
}

/* The converse of the veto, as a mark: a point read empty whose lines are hidden as a white
 * stone's dome hides them (its dip below zero by MARK_HIDDEN_SHARE of the typical empty point's and
 * by MARK_HIDDEN_MIN grey levels) may be a pale stone taken for wood; it stays empty (lit wood and
 * the board's own marks hide the lines too: read so, it loses more than it finds) and is marked for
 * a person's look: most of the pale stones in the lit corner of crowded boards under cyan and pink
 * lamps are, at the cost of a few marks on points read right. The synthetic stones are flat discs:
 * no mark more on the bench's boards. Only where the lines show on empty points (a typical dip from
 * VETO_MIN_DIP). */
static void mark_hidden_empties(go_vision_result *r, double f[][NF], int n, double typical, int m)
{
    if (m < VETO_MIN_EMPTY || typical < VETO_MIN_DIP)
        return;
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_EMPTY && f[k][3] < -MARK_HIDDEN_SHARE * typical &&
            f[k][3] < -MARK_HIDDEN_MIN && r->confidence[k / n][k % n] > 0.5f)
            r->confidence[k / n][k % n] = 0.5f; /* lines and colour disagree: a look */
}

/* The median of each of the two colour features (a, b against the board) over the points read
 * colour whose lines show from min_dip, into med; their robust
 * spread (1.4826 times the median absolute deviation of each, their hypotenuse) into *sd. Returns
 * the points counted. */
static int colour_of(double med[2], double *sd, const go_vision_result *r, double f[][NF], int n,
                     int colour, double min_dip)
{
    double v[2][GO_MAX_SIZE * GO_MAX_SIZE];
    int m = 0;
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == colour && f[k][3] >= min_dip) {
            v[0][m] = f[k][1];
            v[1][m] = f[k][2];
            m++;
        }
    if (m == 0)
        return 0;
    double spread[2];
    for (int a = 0; a < 2; a++) {
        med[a] = vz_median(v[a], m);
        for (int i = 0; i < m; i++)
            v[a][i] = fabs(v[a][i] - med[a]);
        spread[a] = 1.4826 * vz_median(v[a], m);
    }
    *sd = hypot(spread[0], spread[1]);
    return m;
}

/* The wood at point k as the empty points around it whose lines show (min_dip) say: a plane
 * through their lightness and colour (f's first three features) over the board, fitted to those
 * within PALE_REACH cells (PALE_NEAR of them at least), weighted by their distance (PALE_SPREAD
 * cells a Gaussian's sigma), its slopes pulled a little toward flat (PALE_FLAT), taken at the
 * point, into out; 0 when too few, else their count. A plane follows the light's fall-off to the
 * board's edge, where the nearest wood lies all on the lit side: their median there is lighter
 * than the wood at the edge, and of its colour further on the lit side. */
static int wood_near(double out[3], const go_vision_result *r, double f[][NF], int n, int k,
                     double min_dip)
{
    const int i = k % n, j = k / n, reach = (int)PALE_REACH;
    double A[3][3 + 3];
    memset(A, 0, sizeof A);
    int m = 0;
    for (int b = j - reach; b <= j + reach; b++)
        for (int a = i - reach; a <= i + reach; a++) {
            const int e = b * n + a;
            if (a < 0 || b < 0 || a >= n || b >= n || e == k || r->color[b][a] != GO_EMPTY ||
                f[e][3] < min_dip || hypot(a - i, b - j) > PALE_REACH)
                continue;
            const double bs[3] = {1, a - i, b - j}, w = exp(-0.5 * (bs[1] * bs[1] + bs[2] * bs[2]) /
                                                            (PALE_SPREAD * PALE_SPREAD));
            for (int p = 0; p < 3; p++) {
                for (int q = 0; q < 3; q++)
                    A[p][q] += w * bs[p] * bs[q];
                for (int c = 0; c < 3; c++)
                    A[p][3 + c] += w * bs[p] * f[e][c];
            }
            m++;
        }
    if (m < PALE_NEAR)
        return 0;
    for (int c = 0; c < 3; c++) {
        double S[3][4];
        for (int p = 0; p < 3; p++) {
            for (int q = 0; q < 3; q++)
                S[p][q] = A[p][q] + (p == q && p > 0 ? PALE_FLAT : 0);
            S[p][3] = A[p][3 + c];
        }
        if (vz_solve_augmented(&S[0][0], 3) < 0)
            return 0;
        out[c] = S[0][3];
    }
    return m;
}

/* Whether a point of colour (da, db) against the board lies on the white stones' side of the way
 * (wx, wy) from the wood's colour (wa, wb): PALE_ALONG of it or more, within PALE_ACROSS of it
 * sideways, PALE_WOOD_SDS of the wood's spread sd or more from the wood's colour. */
static int on_whites_way(double da, double db, double wa, double wb, double wx, double wy,
                         double sd, double *along, double *across)
{
    const double px = da - wa, py = db - wb, way2 = wx * wx + wy * wy;
    *along = (px * wx + py * wy) / way2;
    *across = fabs(px * wy - py * wx) / way2;
    return *along >= PALE_ALONG && *across <= PALE_ACROSS && hypot(px, py) >= PALE_WOOD_SDS * sd;
}

/* Pale white stones where a lamp's light falls off. Toward the side of the board the lamp leaves
 * dim, a white stone takes the lightness the wood has in the lamp's full light: against the
 * board's fitted colour it reads as wood. Its colour stays the white stones' (the lamp's own,
 * against the wood's), and it hides the lines through its point as every stone does. A point read
 * empty whose lines are hidden (dip under PALE_HIDDEN of the typical empty point's), whose colour
 * (a, b) lies on the white stones' side of the way from the wood's (the empty points whose lines
 * show) to the white stones' (PALE_ALONG of the way or more, within PALE_ACROSS of it sideways),
 * far from the wood's colour by its spread (PALE_WOOD_SDS), lighter than halfway from the black
 * stones to the wood and not lighter than the white stones (glare in the lamp's colour is), is
 * read white and marked for a look; a point read empty and marked already (glare on the wood)
 * keeps it. Only where the lines judge (VETO_JUDGE) and the two colours stand apart (PALE_APART
 * spreads of each). On the bench's crowded 19x19 boards drawn with a lamp falling off to half
 * its light at one side, it reads most such stones and leaves fewer unmarked.
 * Where the light falls off further, the wood there darkens and changes colour with it (Lab's a
 * and b shrink with the light; the fitted surfaces, pulled by a crowd of stones, do not follow),
 * and against the wood's colour over the board the pale stones there lie off the way, or short
 * of it. A point not of the white stones' colour so is judged again against the wood near it
 * (wood_near: a plane through the empty points around whose lines show, taken at the point),
 * the way and the spread shrunk as that wood is dimmer than the wood's median (PALE_DIM_MIN at
 * least), and lighter than halfway from the black stones to that wood. On the bench's row of
 * pale stones (bench_vision --row pale) the 19x19 boards lost 35 white stones to the wood, 2 of
 * them unmarked; so judged, none; no photo of folds 0 to 2 reads differently. */
static void pale_whites(go_vision_result *r, double f[][NF], int n, double typical, int m)
{
    if (m < VETO_MIN_EMPTY || typical < VETO_JUDGE)
        return;
    double wood[2], white[2], sd_wood, sd_white;
    if (colour_of(wood, &sd_wood, r, f, n, GO_EMPTY, PALE_WOOD_LINES * typical) < VETO_MIN_EMPTY ||
        colour_of(white, &sd_white, r, f, n, GO_WHITE, -1e9) < PALE_MIN_WHITES)
        return;
    sd_wood = fmax(sd_wood, PALE_SD_FLOOR);
    sd_white = fmax(sd_white, PALE_SD_FLOOR);
    const double wx = white[0] - wood[0], wy = white[1] - wood[1], way = hypot(wx, wy);
    const int debug = getenv("GOREF_VISION_DEBUG") != NULL;
    if (debug)
        fprintf(stderr, "pale whites: wood %.1f %.1f (sd %.1f), white %.1f %.1f (sd %.1f)\n",
                wood[0], wood[1], sd_wood, white[0], white[1], sd_white);
    if (way < PALE_APART * sd_wood || way < PALE_APART * sd_white)
        return;
    /* the lightness of the wood and of the black stones read */
    double lv[GO_MAX_SIZE * GO_MAX_SIZE];
    int q = 0, qb = 0;
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_EMPTY && f[k][3] >= PALE_WOOD_LINES * typical)
            lv[q++] = f[k][0];
    const double wood_l = vz_median(lv, q);
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_BLACK)
            lv[qb++] = f[k][0];
    const double black_l = qb ? vz_median(lv, qb) : 0, floor_l = 0.5 * (black_l + wood_l);
    int qw = 0;
    for (int k = 0; k < n * n; k++)
        if (r->color[k / n][k % n] == GO_WHITE)
            lv[qw++] = f[k][0];
    const double white_l = vz_median(lv, qw);
    for (int k = 0; k < n * n; k++) {
        const int i = k % n, j = k / n;
        /* pale: under the white stones' lightness (glare in the lamp's colour is over it), and
         * not read empty with doubt already (glare on the wood) */
        if (r->color[j][i] != GO_EMPTY || r->confidence[j][i] <= 0.5f ||
            f[k][3] >= PALE_HIDDEN * typical || f[k][0] < floor_l || f[k][0] > white_l)
            continue;
        double along, across, near[3] = {0, 0, 0};
        int local = 0;
        if (!on_whites_way(f[k][1], f[k][2], wood[0], wood[1], wx, wy, sd_wood, &along, &across)) {
            /* the wood near it, where the lamp's light has changed the wood's colour too */
            if (!wood_near(near, r, f, n, k, PALE_WOOD_LINES * typical) ||
                f[k][0] < 0.5 * (black_l + near[0]))
                continue;
            /* colours in Lab shrink with the light: the way and the spread, as the wood's
             * lightness there against the board's */
            const double dim = fmax(PALE_DIM_MIN, fmin(1, near[0] / wood_l));
            if (!on_whites_way(f[k][1], f[k][2], near[1], near[2], dim * wx, dim * wy,
                               dim * sd_wood, &along, &across))
                continue;
            local = 1;
        }
        if (debug)
            fprintf(stderr,
                    "pale white %d %d%s: relL %.0f da %.1f db %.1f dip %.1f along %.2f "
                    "across %.2f\n",
                    i, j, local ? " (wood near it)" : "", f[k][0], f[k][1], f[k][2], f[k][3], along,
                    across);
        r->color[j][i] = GO_WHITE;
        r->confidence[j][i] = 0.5f; /* read by colour and lines against lightness: a look */
    }
}

/* The second reading, for stones the fixed rule cannot tell apart (green-tinted sets, a
 * coloured lamp): the points fall into three clusters of their own (k-means on the features,
 * each scaled by its prior spread), seeded by the darkest points, the points most like the
 * board, and the points least like either. The cluster nearest the board's colour is empty,
 * the darker of the other two black. 1 when the two stone clusters are not clearly apart in
 * lightness or the lighter one not clearly apart from the board (one colour split in two, a
 * one-coloured crowd or uneven light, must not pass for two), or when the lines show through
 * the lighter one; a negative go_err on failure. r is written only when it returns 0. */
static const double cluster_scale[NF] = CLUSTER_SCALE;

static double cluster_dist2(const double *a, const double *b)
{
    double d = 0;
    for (int p = 0; p < NF; p++) {
        double t = (a[p] - b[p]) / cluster_scale[p];
        d += t * t;
    }
    return d;
}

/* Mean of the points whose key is among the lowest share of keys, into c; tmp holds np. */
static void mean_of_lowest(double c[NF], double f[][NF], const double *key, double *tmp, int np,
                           double share)
{
    memcpy(tmp, key, sizeof *tmp * (size_t)np);
    qsort(tmp, (size_t)np, sizeof *tmp, vz_cmp_double);
    const double lim = tmp[(int)(share * (np - 1))];
    int m = 0;
    memset(c, 0, sizeof(double) * NF);
    for (int k = 0; k < np; k++)
        if (key[k] <= lim) {
            for (int p = 0; p < NF; p++)
                c[p] += f[k][p];
            m++;
        }
    for (int p = 0; p < NF; p++)
        c[p] /= m ? m : 1;
}

/* The two clusters other than the board's (e): *b the darker (black), *w the other. */
static void stones_around(double c[3][NF], int e, int *b, int *w)
{
    *b = (e + 1) % 3;
    *w = (e + 2) % 3;
    if (c[*w][0] < c[*b][0]) {
        const int t = *b;
        *b = *w;
        *w = t;
    }
}

static int reading_by_clusters(go_vision_result *r, double f[][NF], int n)
{
    const int np = n * n;
    /* calloc: GCC cannot tell that every key is written before it is read */
    double c[3][NF], *key = calloc((size_t)np * 2, sizeof *key), *tmp = NULL;
    int *lab = malloc(sizeof *lab * (size_t)np), rc = 1;
    if (!key || !lab) {
        rc = go_error_set(GO_ENOMEM, "point clusters");
        goto done;
    }
    tmp = key + np;
    const double board[NF] = {100, 0, 0, 0};
    for (int k = 0; k < np; k++)
        key[k] = f[k][0];
    mean_of_lowest(c[0], f, key, tmp, np, 0.15); /* the darkest: black */
    for (int k = 0; k < np; k++) {
        double t[NF] = {f[k][0], f[k][1], f[k][2], board[3]};
        key[k] = cluster_dist2(t, board); /* colour like the board's, whatever the lines */
    }
    mean_of_lowest(c[1], f, key, tmp, np, 0.15); /* the most board-like: empty */
    {
        /* ... or, where the lines show clearly, the points they show through most */
        double by_lines[NF];
        for (int k = 0; k < np; k++)
            key[k] = -f[k][3];
        mean_of_lowest(by_lines, f, key, tmp, np, 0.15);
        if (by_lines[3] >= CLUSTER_SEED_DIP)
            memcpy(c[1], by_lines, sizeof by_lines);
    }
    /* the least like either among the points lighter than halfway between them: white */
    const double halfway = 0.5 * (c[0][0] + c[1][0]);
    for (int k = 0; k < np; k++)
        key[k] =
            f[k][0] < halfway ? 0 : -fmin(cluster_dist2(f[k], c[0]), cluster_dist2(f[k], c[1]));
    mean_of_lowest(c[2], f, key, tmp, np, 0.1);
    for (int round = 0; round < CLUSTER_ROUNDS; round++) {
        int count[3] = {0, 0, 0};
        double sum[3][NF];
        memset(sum, 0, sizeof sum);
        for (int k = 0; k < np; k++) {
            int best = 0;
            for (int q = 1; q < 3; q++)
                if (cluster_dist2(f[k], c[q]) < cluster_dist2(f[k], c[best]))
                    best = q;
            lab[k] = best;
            count[best]++;
            for (int p = 0; p < NF; p++)
                sum[best][p] += f[k][p];
        }
        for (int q = 0; q < 3; q++)
            if (count[q])
                for (int p = 0; p < NF; p++)
                    c[q][p] = sum[q][p] / count[q];
    }
    /* which cluster is which, by the centres */
    int e = 0;
    for (int q = 1; q < 3; q++) {
        double tq[NF] = {c[q][0], c[q][1], c[q][2], board[3]};
        double te[NF] = {c[e][0], c[e][1], c[e][2], board[3]};
        if (cluster_dist2(tq, board) < cluster_dist2(te, board))
            e = q;
    }
    int b, w;
    stones_around(c, e, &b, &w);
    /* A stone hides the lines through its point: when they show clearly through the lighter
     * stones' cluster and not through the board's, the two are the other way round (white
     * stones that take the wood's colour under an orange lamp, the wood between them darker
     * by its lines). Measured on the bench's lit rows (150 boards a size): 18, 19 and 21 more
     * boards read right, two fewer silently wrong; no photo read differently. */
    if (c[w][3] >= CLUSTER_SWAP_DIP && c[e][3] < CLUSTER_LINES * c[w][3]) {
        int t = e;
        e = w;
        w = t;
    }
    /* ... and when they show through the darker stones' cluster (CLUSTER_BOARD_DIP) and through
     * neither other, that one is the board, the darker of the other two black. On a crowded
     * board the board's model is fitted to the dim crevices between stones, and under a cyan
     * lamp the dark green stones are nearer their colour than the lit wood is: the green-stone
     * photos under it, their faint lines passed (lattice.c), read 136 and 135 of 361 the other
     * way round (silently wrong), 342 and 345 this way. No other photo nor synthetic board of
     * the bench reads differently. */
    else if (c[b][3] >= CLUSTER_BOARD_DIP && c[e][3] < CLUSTER_LINES * c[b][3] &&
             c[w][3] < CLUSTER_LINES * c[b][3]) {
        e = b;
        stones_around(c, e, &b, &w);
    }
    /* ... and the board is never the darkest of the three: black stones are. When the cluster
     * nearest the board's model is, the board is the cluster the lines show through, when they
     * show there (VETO_MIN_DIP) clearly more than through the other two (CLUSTER_DARK_APART);
     * when they do not tell, the clusters do not read (crowded green-tinted stones under a blue
     * lamp, saved again: its lines showed faintly through the wood's cluster, and the reading
     * taken with the black stones for the board, mostly wrong, passed every other check). */
    else if (c[e][0] < c[b][0]) {
        const int s = c[w][3] > c[b][3] ? w : b, o = s == w ? b : w;
        if (c[s][3] < VETO_MIN_DIP || c[s][3] - fmax(c[e][3], c[o][3]) < CLUSTER_DARK_APART) {
            if (getenv("GOREF_VISION_DEBUG"))
                fprintf(stderr,
                        "clusters: the darkest lies nearest the board's model and the "
                        "lines do not tell the board (%.1f)\n",
                        c[s][3]);
            goto done;
        }
        e = s;
        stones_around(c, e, &b, &w);
    }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "clusters: black L %.0f a %.0f b %.0f dip %.1f, white L %.0f a %.0f b %.0f "
                "dip %.1f, empty L %.0f a %.0f b %.0f dip %.1f\n",
                c[b][0], c[b][1], c[b][2], c[b][3], c[w][0], c[w][1], c[w][2], c[w][3], c[e][0],
                c[e][1], c[e][2], c[e][3]);
    if (c[w][0] - c[b][0] < CLUSTER_MIN_DL ||
        cluster_dist2(c[w], c[e]) < CLUSTER_MIN_APART * CLUSTER_MIN_APART)
        goto done;
    /* A stone hides the lines through its point: where the lines show on the empty points,
     * they must not show on the lighter cluster's (light or dim wood is not a stone). */
    {
        double *v = key; /* reused: the line dips of one cluster at a time */
        int me = 0, mw = 0;
        for (int k = 0; k < np; k++)
            if (lab[k] == e)
                v[me++] = f[k][3];
        qsort(v, (size_t)me, sizeof *v, vz_cmp_double);
        double typical = me ? v[me * 3 / 4] : 0;
        for (int k = 0; k < np; k++)
            if (lab[k] == w)
                v[mw++] = f[k][3];
        qsort(v, (size_t)mw, sizeof *v, vz_cmp_double);
        if (typical >= VETO_MIN_DIP && mw && v[mw / 2] >= CLUSTER_LINES * typical)
            goto done;
    }
    for (int k = 0; k < np; k++) {
        r->color[k / n][k % n] = (uint8_t)(lab[k] == e   ? GO_EMPTY
                                           : lab[k] == b ? GO_BLACK
                                                         : GO_WHITE);
        r->confidence[k / n][k % n] = 0.9f;
    }
    rc = 0;
done:
    free(key);
    free(lab);
    return rc;
}

/* On a crowded board the square centres the board's model was fitted to are mostly the dim
 * crevices between stones. Once the clusters have found the empty points (the board, where
 * the lines show), the model is fitted again to them (REFIT_MIN_EMPTY or more), the features
 * taken against it, and the points clustered again; the second reading stands when it holds.
 * It reads crowded boards under coloured lamps a little better, and hardly any other photo or
 * synthetic board differently.
 * Returns 0, or a negative go_err. */
/* The surface fitted to the empty points follows the lamp's light across the board but not into
 * a corner crowded with stones, where it has few empty points to follow and bends away from the
 * wood. Each point's lightness g[k][0] (% of the surface) is taken again against the wood near
 * it: the median lightness of the LOCAL_NEAR nearest points read empty (other than itself)
 * within LOCAL_REACH cells whose lines show (LOCAL_DIP: a stone read empty hides them), when
 * there are LOCAL_MIN of them. Its colour stays against the surface: under a violet lamp the
 * white stones differ from the wood in colour by little more than the wood varies from place
 * to place, and taken against the wood near them crowded boards read many points fewer. So the
 * pale stones in a crowded corner nearest the camera, where the surface came out 10% brighter
 * than the wood, read; no other photo and none of the bench's synthetic boards reads
 * differently. */
static void local_board(double g[][NF], const go_vision_result *r, int n)
{
    enum { MAXP = GO_MAX_SIZE * GO_MAX_SIZE };
    const int np = n * n;
    double wood[MAXP];
    for (int k = 0; k < np; k++) {
        const int i = k % n, j = k / n;
        int m = 0;
        double v[LOCAL_NEAR], dist[LOCAL_NEAR];
        /* the nearest LOCAL_NEAR, kept in order of distance (the square around the point, in
         * the board's order) */
        const int reach = (int)LOCAL_REACH;
        for (int b = j - reach; b <= j + reach; b++)
            for (int a = i - reach; a <= i + reach; a++) {
                const int e = b * n + a;
                if (a < 0 || b < 0 || a >= n || b >= n || e == k || r->color[b][a] != GO_EMPTY ||
                    g[e][3] < LOCAL_DIP)
                    continue;
                const double d = hypot(a - i, b - j);
                if (d > LOCAL_REACH || (m == LOCAL_NEAR && d >= dist[m - 1]))
                    continue;
                int at = m < LOCAL_NEAR ? m++ : LOCAL_NEAR - 1;
                for (; at > 0 && dist[at - 1] > d; at--) {
                    dist[at] = dist[at - 1];
                    v[at] = v[at - 1];
                }
                dist[at] = d;
                v[at] = g[e][0];
            }
        wood[k] = m >= LOCAL_MIN ? vz_median(v, m) : 100.0;
    }
    for (int k = 0; k < np; k++)
        g[k][0] = 100.0 * g[k][0] / wood[k];
}

/* The board's model is not fitted again when the points read empty are in shade: one fitted to
 * them under REFIT_SHADE of the first one's lightness (fitted to the square centres' lighter
 * quarter, the wood) is fitted to the shadows the stones cast under a low light from one side, and
 * against it the lit wood and the white stones come out two to three times the board's lightness,
 * where the white stones split between the black cluster and the white: 19x19 boards of the bench's
 * row under such light were returned with up to 32 white stones read black, sure of each. The first
 * clusters' reading then stands (the shade and the lit wood both show the lines, and cluster
 * together as the board). On the photos, refitted boards come out 0.98 to 2.0 times as light,
 * but for one look refused either way. */
static int board_from_empty(go_vision_result *r, double f[][NF], board_model *bm, int n)
{
    enum { MAXP = GO_MAX_SIZE * GO_MAX_SIZE };
    const int np = n * n;
    double sx[MAXP], sy[MAXP], sL[MAXP], sa[MAXP], sb[MAXP], g[MAXP][NF];
    unsigned char use[MAXP];
    int m = 0;
    for (int k = 0; k < np; k++) {
        double bc[3];
        vz_board_at(bm, n, k % n, k / n, bc);
        sx[k] = (double)(k % n) / n;
        sy[k] = (double)(k / n) / n;
        sL[k] = f[k][0] * bc[0] / 100.0;
        sa[k] = f[k][1] + bc[1];
        sb[k] = f[k][2] + bc[2];
        use[k] = r->color[k / n][k % n] == GO_EMPTY;
        m += use[k];
    }
    board_model nb;
    if (m < REFIT_MIN_EMPTY || fit_surface(nb.L, sx, sy, sL, use, np) < 0 ||
        fit_surface(nb.a, sx, sy, sa, use, np) < 0 || fit_surface(nb.b, sx, sy, sb, use, np) < 0)
        return 0;
    if (nb.L[0] < REFIT_SHADE * bm->L[0]) {
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "board from %d empty points: L %.1f (was %.1f): in shade, kept\n", m,
                    nb.L[0], bm->L[0]);
        return 0;
    }
    for (int k = 0; k < np; k++) {
        double bc[3];
        vz_board_at(&nb, n, k % n, k / n, bc);
        g[k][0] = 100.0 * sL[k] / bc[0];
        g[k][1] = sa[k] - bc[1];
        g[k][2] = sb[k] - bc[2];
        g[k][3] = f[k][3];
    }
    local_board(g, r, n);
    /* reading_by_clusters writes r only when it reads: otherwise the first reading stands */
    int rc = reading_by_clusters(r, g, n);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "board from %d empty points: L %.1f (was %.1f); clusters again %s\n", m,
                nb.L[0], bm->L[0], rc == 0 ? "hold" : "fail");
    if (rc == 0) {
        *bm = nb;
        memcpy(f, g, sizeof(double[NF]) * (size_t)np);
    }
    return rc < 0 ? rc : 0;
}

/* White stones are lighter than the empty points, or else clearly of another colour: on every
 * photo read, the points read white averaged at least 9 points (% of the local board's
 * lightness) above the points read empty. Under a lamp that gives white stones the wood's
 * colour (synthetic boards under an orange lamp) the readings came out inverted, the stones
 * read empty and the empty points white, 16 to 27 below, with the two classes' colours (a, b)
 * 3.9 to 8.7 apart, and were returned. (The clusters now tell the wood by its lines and read
 * those boards; this stays the guard where the lines do not show.) Pale green stones under warm
 * light are darker than the wood too, but of another colour (82% against 98%, colours 18.9
 * apart). */
static int whites_lighter(const go_vision_result *r, double f[][NF], int n)
{
    double sum[3][3] = {{0}};
    int cnt[3] = {0, 0, 0};
    for (int k = 0; k < n * n; k++) {
        int c = r->color[k / n][k % n];
        for (int p = 0; p < 3; p++)
            sum[c][p] += f[k][p];
        cnt[c]++;
    }
    if (cnt[GO_WHITE] < INVERTED_MIN || cnt[GO_EMPTY] < INVERTED_MIN)
        return 0;
    double mw[3], me[3];
    for (int p = 0; p < 3; p++) {
        mw[p] = sum[GO_WHITE][p] / cnt[GO_WHITE];
        me[p] = sum[GO_EMPTY][p] / cnt[GO_EMPTY];
    }
    double apart = hypot(mw[1] - me[1], mw[2] - me[2]);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "whites %.0f%%, empty points %.0f%% of the board; colours %.1f apart\n",
                mw[0], me[0], apart);
    if (mw[0] < me[0] - INVERTED_BY && apart < INVERTED_COLOUR)
        return go_error_set(GO_ENOBOARD,
                            "no board: the stones read as white are darker than "
                            "the empty points (%.0f%% and %.0f%% of the board's "
                            "lightness): try whiter light",
                            mw[0], me[0]);
    return 0;
}

/* A stone placed off its point, or a lattice a little off near the board's edge, puts the stone
 * up to a quarter of a cell from where the lattice says, and the disc read there takes in the
 * wood or a neighbour beside it. In the reading by the clusters (stones of unusual colours,
 * coloured lamps: the readings with the least margin to spare) each point's square settles
 * where the lightness under it is most even (a stone, or the plain wood between lines) within
 * SETTLE_REACH, against a pull of SETTLE_PULL (lightness units a squared cell) toward where it
 * started; the lattice's own error there is the median of its SETTLE_NEAR neighbourhood's
 * settling (smooth across the board, as a lattice's error is); and each point settles again
 * from that, SETTLE_FINE at most. A point keeps the neighbourhood's offset when it reads more
 * clearly there: settling must not take a stone off its point onto the plain wood beside it.
 * Measured: five of the six green-stone photos read 360 of 361 (355-358 before), no photo
 * fewer; under coloured lamps (bench, 150 synthetic boards a size) three readings silently
 * wrong were read (80 of 81) or refused, and two read right were refused. The fixed rule's
 * reading is not settled: it decides whether the clusters are asked at all, and settled, it
 * read a green-stone photo through placed corners balanced and wrong (309 of 361) where the
 * clusters read 342 (345 settled). */

/* Where point (i, j)'s square is most even, within reach pixels of offset (dx, dy) (lattice
 * units), pulled toward it: the offset into out. */
static void settle_one(const vz_box_sums *ss, int i, int j, double dx, double dy, int reach,
                       double out[2])
{
    const int cx = (int)lround((i + 1 + dx) * CELL), cy = (int)lround((j + 1 + dy) * CELL);
    double best = 1e300;
    out[0] = dx;
    out[1] = dy;
    for (int oy = -reach; oy <= reach; oy++)
        for (int ox = -reach; ox <= reach; ox++) {
            const double spread =
                vz_box_spread(ss, cx + ox - SETTLE_HALF, cy + oy - SETTLE_HALF,
                              cx + ox + SETTLE_HALF + 1, cy + oy + SETTLE_HALF + 1);
            if (spread < 0)
                continue;
            const double u = (double)(cx + ox) / CELL - (i + 1 + dx);
            const double v = (double)(cy + oy) / CELL - (j + 1 + dy);
            const double cost = spread + SETTLE_PULL * (u * u + v * v);
            if (cost < best) {
                best = cost;
                out[0] = (double)(cx + ox) / CELL - (i + 1);
                out[1] = (double)(cy + oy) / CELL - (j + 1);
            }
        }
}

/* Each point k = j * n + i of the warp lab settles from the lattice's offset (dx, dy): its
 * neighbourhood's offset into near[k], its own into off[k] (lattice units). */
static int settle_points(double (*off)[2], double (*near)[2], const go_cv_image *lab, int n,
                         double dx, double dy)
{
    vz_box_sums ss = {0};
    double(*alone)[2] = malloc(sizeof(double[2]) * (size_t)n * n);
    int rc = alone ? vz_box_sums_build(&ss, lab->pixels, lab->width, lab->height, 3, 0)
                   : go_error_set(GO_ENOMEM, "settling the points");
    if (rc < 0)
        goto done;
    for (int k = 0; k < n * n; k++)
        settle_one(&ss, k % n, k / n, dx, dy, (int)lround(SETTLE_REACH * CELL), alone[k]);
    for (int k = 0; k < n * n; k++) {
        const int i = k % n, j = k / n;
        for (int c = 0; c < 2; c++) {
            double v[(2 * SETTLE_NEAR + 1) * (2 * SETTLE_NEAR + 1)];
            int m = 0;
            for (int b = j - SETTLE_NEAR; b <= j + SETTLE_NEAR; b++)
                for (int a = i - SETTLE_NEAR; a <= i + SETTLE_NEAR; a++)
                    if (a >= 0 && b >= 0 && a < n && b < n)
                        v[m++] = alone[b * n + a][c];
            near[k][c] = vz_median(v, m);
        }
        settle_one(&ss, i, j, near[k][0], near[k][1], (int)lround(SETTLE_FINE * CELL), off[k]);
    }
done:
    vz_box_sums_free(&ss);
    free(alone);
    return rc;
}

/* The reading's shift is searched only away from the camera, or across the view, where the view
 * is tilted (VZ_TILTED): toward the camera there is nothing a stone's body could be. Searched
 * freely, the shift follows whatever reads most decisively: a board under a low light from one
 * side, turned half round, was read a third of a cell toward the camera, onto the stones' rims
 * and shadows, and its shadows came out as dark as its black stones. On the photos as published
 * every shift chosen lies away from the camera or across the view (its share toward the camera
 * at most 0.01, under SHIFT_NEAR). */
/* In the clusters' reading an edge point's own edge line (a corner's two) is sought up to
 * EDGE_LINE_INWARD warp pixels (a fifth of a cell) inward of where the lattice puts it, as well
 * as there. That reading comes on crowded boards under coloured lamps, where the lattice is
 * fitted to the stones, and its outermost lines can lie 0.15 to 0.2 of a cell outside the
 * board's own, at the end of the dip's reach (3 pixels, 0.15 of a cell): the edge line then
 * shows nowhere along an empty edge, and under a violet lamp, whose white stones take the wood's
 * lightness and colour, the lines are what tells them apart, so the empty edge read white from
 * end to end. A stone on the edge point hides its edge line a fifth of a cell inward as well.
 * Sought outward too, a line-like dip showed at a black stone on the near edge of crowded
 * boards, which was read empty. The fixed rule's readings keep the lattice's place: sought
 * inward there too, a white stone was read on an empty edge point. A corner's two edge lines
 * are both sought inward: else an empty corner where two edges off the board's lines meet reads
 * white. */

int vz_classify(go_vision_result *r, const go_cv_image *bgr, const vz_grid *g, int clusters,
                double *dips)
{
    const int n = g->size;
    go_cv_image warped = {0}, lab = {0};
    disc_image discs = {&lab, NULL};
    int rc = 0;
    memset(r->off_point, 0, sizeof r->off_point);
    /* warp pixel (X, Y) <- lattice ((X / CELL) - 1, (Y / CELL) - 1) <- image via g->h */
    if ((rc = vz_warp_lab(&warped, &lab, g, bgr, CELL, 1)) < 0 ||
        (rc = disc_rows_build(&discs, &lab)) < 0)
        goto done;

    /* Board colour samples at the square centres (margins included). */
    int ns = 0, cap = (n + 1) * (n + 1);
    double *sx = malloc(sizeof(double) * 6 * (size_t)cap);
    if (!sx) {
        rc = go_error_set(GO_ENOMEM, "board samples");
        goto done;
    }
    double *sy = sx + cap, *sL = sy + cap, *sa = sL + cap, *sb = sa + cap, *res = sb + cap;
    for (int j = -1; j < n; j++)
        for (int i = -1; i < n; i++) {
            double c3[3];
            disc_mean(&lab, (i + 1.5) * CELL, (j + 1.5) * CELL, 0.15 * CELL, c3);
            sx[ns] = (i + 0.5) / n;
            sy[ns] = (j + 0.5) / n;
            sL[ns] = c3[0];
            sa[ns] = c3[1];
            sb[ns] = c3[2];
            ns++;
        }
    unsigned char *use = malloc((size_t)ns);
    if (!use) {
        free(sx);
        rc = go_error_set(GO_ENOMEM, "board samples");
        goto done;
    }
    /* Start from the samples near the median lightness (stones are the outliers). */
    {
        for (int i = 0; i < ns; i++)
            res[i] = sL[i];
        qsort(res, (size_t)ns, sizeof *res, vz_cmp_double);
        double med = res[(int)(ns * BOARD_PCT)];
        for (int i = 0; i < ns; i++)
            use[i] = fabs(sL[i] - med) < START_WIN;
    }
    board_model bm = {{0}, {0}, {0}};
    for (int iter = 0; iter < 4; iter++) {
        if (fit_surface(bm.L, sx, sy, sL, use, ns) < 0)
            break;
        const double *coef = bm.L;
        int k = 0;
        for (int i = 0; i < ns; i++) {
            double bs[6], pred = 0;
            vz_surface_basis(sx[i], sy[i], bs);
            for (int p = 0; p < 6; p++)
                pred += coef[p] * bs[p];
            res[k++] = fabs(sL[i] - pred);
        }
        double tmp_med;
        {
            double *copy = malloc(sizeof(double) * (size_t)ns);
            if (!copy)
                break;
            int m = 0;
            for (int i = 0; i < ns; i++)
                if (use[i])
                    copy[m++] = res[i];
            tmp_med = vz_median(copy, m);
            free(copy);
        }
        double lim = TRIM_K * tmp_med + 4;
        for (int i = 0; i < ns; i++)
            use[i] = res[i] < lim;
    }
    /* The board's colour varies as its lightness does (a lamp's cast on one side): a and b
     * get surfaces of their own through the same samples, or a flat mean when too few. */
    {
        double ma = 0, mb = 0;
        int k = 0;
        for (int i = 0; i < ns; i++)
            if (use[i]) {
                ma += sa[i];
                mb += sb[i];
                k++;
            }
        bm.a[0] = k ? ma / k : 128;
        bm.b[0] = k ? mb / k : 128;
        if (fit_surface(bm.a, sx, sy, sa, use, ns) < 0 ||
            fit_surface(bm.b, sx, sy, sb, use, ns) < 0) {
            memset(bm.a, 0, sizeof bm.a);
            memset(bm.b, 0, sizeof bm.b);
            bm.a[0] = k ? ma / k : 128;
            bm.b[0] = k ? mb / k : 128;
        }
    }
    free(use);
    free(sx);

    /* White must clear its threshold by a margin: a bright empty corner or glare on the
     * wood is the common false white, and a missed white is rarer (measured on the photos). */
    const double wbias = 0.5;
    /* Stones stand up to 1 cm: seen at an angle, a stone's body lies off its intersection,
     * away from the camera. The sampling lattice is shifted by the offset (a fraction of a
     * cell, searched) that makes the readings most decisive; photos from above keep 0. Where
     * the view is tilted (VZ_TILTED), never toward the camera (SHIFT_NEAR): see there. */
    double best_total = -1, sx_best = 0, sy_best = 0, far[2];
    const int tilted = vz_far_direction(far, g) >= VZ_TILTED;
    for (int a = -3; a <= 3; a++)
        for (int b = -3; b <= 3; b++) {
            double dx = 0.1 * a, dy = 0.1 * b, total = 0;
            if (tilted && dx * far[0] + dy * far[1] < -SHIFT_NEAR)
                continue;
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++) {
                    double m = fabs(point_margin(&discs, &bm, wbias, n, i, j, dx, dy, NULL));
                    total += m < 1.5 ? m : 1.5;
                }
            /* no shift unless a shift is clearly more decisive */
            total *= 1.0 - 0.2 * (fabs(dx) + fabs(dy));
            if (total > best_total) {
                best_total = total;
                sx_best = dx;
                sy_best = dy;
            }
        }
    /* where each point is read (lattice units): the lattice's offset, or settled (clusters) */
    double(*off)[2] = malloc(sizeof(double[2]) * (size_t)n * n * 2);
    if (!off) {
        rc = go_error_set(GO_ENOMEM, "point offsets");
        goto done;
    }
    double(*near)[2] = off + (size_t)n * n;
    if (clusters && (rc = settle_points(off, near, &lab, n, sx_best, sy_best)) < 0) {
        free(off);
        goto done;
    }
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            double *o = off[j * n + i], *b = near[j * n + i];
            if (!clusters) {
                o[0] = sx_best;
                o[1] = sy_best;
            }
            go_color c, c0;
            double margin = point_margin(&discs, &bm, wbias, n, i, j, o[0], o[1], &c);
            if (clusters) { /* the neighbourhood's offset when it reads more clearly */
                const double m0 = point_margin(&discs, &bm, wbias, n, i, j, b[0], b[1], &c0);
                if (fabs(m0) > fabs(margin)) {
                    margin = m0;
                    c = c0;
                    o[0] = b[0];
                    o[1] = b[1];
                }
            }
            if (margin < 0)
                margin = -margin;
            r->color[j][i] = (uint8_t)c;
            r->confidence[j][i] = (float)(1.0 / (1.0 + exp(-3.0 * margin)));
        }
    {
        double(*f)[NF] = malloc(sizeof(double[NF]) * (size_t)n * n);
        if (!f) {
            free(off);
            rc = go_error_set(GO_ENOMEM, "point features");
            goto done;
        }
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                double c3[3], bc[3];
                disc_mean(&lab, (i + 1 + off[j * n + i][0]) * CELL,
                          (j + 1 + off[j * n + i][1]) * CELL, 0.3 * CELL, c3);
                vz_board_at(&bm, n, i, j, bc);
                f[j * n + i][0] = 100.0 * c3[0] / bc[0];
                f[j * n + i][1] = c3[1] - bc[1];
                f[j * n + i][2] = c3[2] - bc[2];
                /* the lines through the point, where they show: the weaker of the two */
                /* on an edge the line across it runs inward only */
                int sv = j == 0 ? 1 : j == n - 1 ? -1 : 0, sh = i == 0 ? 1 : i == n - 1 ? -1 : 0;
                double dv = vz_line_dip_side(lab.pixels, lab.width, lab.height, 3, (i + 1) * CELL,
                                             (j + 1) * CELL, 1, CELL, sv);
                double dh = vz_line_dip_side(lab.pixels, lab.width, lab.height, 3, (i + 1) * CELL,
                                             (j + 1) * CELL, 0, CELL, sh);
                r->line_dip[j][i] = fmin(dv, dh);
                if (clusters && (sv || sh)) /* the edge lines, sought a little inward too */
                    for (int o = 2; o <= EDGE_LINE_INWARD; o += 2) {
                        if (sv)
                            dh = fmax(dh, vz_line_dip_side(lab.pixels, lab.width, lab.height, 3,
                                                           (i + 1) * CELL, (j + 1) * CELL + o * sv,
                                                           0, CELL, sh));
                        if (sh)
                            dv = fmax(dv, vz_line_dip_side(lab.pixels, lab.width, lab.height, 3,
                                                           (i + 1) * CELL + o * sh, (j + 1) * CELL,
                                                           1, CELL, sv));
                    }
                f[j * n + i][3] = dv < dh ? dv : dh;
                if (dips)
                    dips[j * n + i] = f[j * n + i][3];
            }
        if (getenv("GOREF_VISION_DEBUG")) {
            fprintf(stderr, "classify shift %.1f %.1f board L %.1f a %.1f b %.1f\n", sx_best,
                    sy_best, bm.L[0], bm.a[0], bm.b[0]);
            for (int k = 0; k < n * n; k++)
                fprintf(stderr,
                        "pt %d %d rule %c relL %.0f da %.0f db %.0f dip %.1f at %.2f %.2f\n", k % n,
                        k / n, ".XO"[r->color[k / n][k % n]], f[k][0], f[k][1], f[k][2], f[k][3],
                        off[k][0], off[k][1]);
        }
        if (clusters && (rc = reading_by_clusters(r, f, n)) != 0) {
            free(f);
            free(off);
            if (rc > 0)
                rc = go_error_set(GO_ENOBOARD, "no board: the points do not fall into stones of "
                                               "two colours and the board");
            goto done;
        }
        if (clusters && (rc = board_from_empty(r, f, &bm, n)) < 0) {
            free(f);
            free(off);
            goto done;
        }
        refine_by_models(r, f, n, clusters);
        /* how clearly the lines show on the points read empty: the veto acts only from a dip at
         * which flat_whites does not, so one measure serves both */
        int empties;
        const double typical = empty_points_dip(r, f, n, &empties);
        veto_by_lines(r, f, &lab, n, typical, empties);
        glare_on_wood(r, f, &warped, off, n, typical, empties);
        pale_whites(r, f, n, typical, empties);
        if (!clusters) {
            flat_whites(r, f, n, typical, empties);
            over_edge(r, &lab, &bm, f, n);
            blacks_apart(r, f, n, typical, empties);
        }
        rc = whites_lighter(r, f, n);
        if (rc == 0)
            rc = vz_stray_stones(r, &lab, &bm, g, off, f);
        if (rc == 0)
            mark_hidden_empties(r, f, n, typical, empties);
        free(f);
        free(off);
    }
done:
    free(discs.rows);
    go_cv_image_free(&warped);
    go_cv_image_free(&lab);
    return rc;
}
