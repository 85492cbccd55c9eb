/* Stones off their points, after the classifier's reading (classify.c): a stone left between
 * two points, or one stone read on two. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify_int.h"

/* Stones off their points. A stone placed far off its point (a hurried move, a nudged stone)
 * lies between two points: the disc read at its point holds as much wood as stone, and the
 * settling reaches a quarter of a cell only. After the reading, where the lines show
 * (STRAY_LINES) and a colour has STRAY_MIN_CLASS stones to learn its look from:
 * - around a point read empty, the most even square STRAY_MIN..STRAY_MAX from it and within
 *   STRAY_ON_LINE of one of its lines, coloured as this photo's stones of a colour are, is a
 *   stone of its own when it is as even as those stones are at their centres, hides the
 *   point's line there, lies STRAY_APART from every stone's centre (stones do not overlap) and
 *   across the view (seen at an angle a stone's body reaches toward the far edge and fills the
 *   gap to the next stone, as along a column of black stones; toward the board's edge no stone
 *   stands to reach in), and no other empty point is nearer;
 * - two stones read side by side across the view whose centres meet between the points,
 *   neither point's square coloured as the colour's stones are, and the line showing beyond
 *   each point (a black stone half on each point darkens both discs), are one stone, of the
 *   point nearer its centre; where the line beyond does not show, they may be two stones side
 *   by side as well, and both are kept, marked for a look (a black stone half way between two
 *   points, its lines beyond hidden, was read on both points, sure of each).
 * The stone is read at its point, marked off_point and left for a person's look. What each
 * bound keeps out: shadows on the wood (under a low light their lines still show at 0.3 of
 * their dip), glare and hands (much more even than stones, under STRAY_EVEN_LOW), the edge of a
 * neighbour's stone (within STRAY_APART of its centre, which is sought in the stone's colour: by
 * the least spread alone it fell on the wood beside a small stone), and two real stones whose
 * centres drew together (on synthetic 19x19 boards up to 0.32 apart and 2.2 to 3.0 spreads off,
 * as one stone read on two points is, 0.1 apart and 3.0 to 5.9 off; but the lines beyond them
 * are hidden, -3.9 to -0.3, where one stone's show at the typical dip or more).
 * The square is sought STRAY_MIN..STRAY_MAX from where the point was read, which the settling may
 * have moved a quarter of a cell; the stone must also lie within STRAY_MAX of the point itself:
 * 0.8 off, it is the neighbouring point's stone (under a coloured lamp, synthetic 13x13 boards
 * found squares 0.8 off empty points and 0.2 from the stones beside them, and read three). With
 * that bound, a stone's centre STRAY_APART from another's: two stones side by side lie a cell
 * apart, and their centres, read from the most even squares, come out up to 0.2 closer (a pale
 * stone pushed half a cell off its point at a board's near edge came out 0.81 from its
 * neighbour's, and was kept out at 0.9). */

/* The colours of the points read black, white and empty in one photo. */
typedef struct class_model {
    const vz_box_sums *ss; /* L, a, b of the warp */
    const board_model *bm;
    int n, count[3];
    double mean[3][3], sd[3][3];
} class_model;

/* Lightness (% of the board's at point (i, j)), a and b relative to the board's, and the
 * lightness's spread, over the square of side 2 * SETTLE_HALF + 1 at warp pixel (x, y); -1
 * when the square leaves the warp. */
static int box_features(const class_model *cm, int i, int j, int x, int y, double out[4])
{
    const int x0 = x - SETTLE_HALF, y0 = y - SETTLE_HALF, x1 = x + SETTLE_HALF + 1,
              y1 = y + SETTLE_HALF + 1;
    double bc[3], m[3];
    for (int c = 0; c < 3; c++)
        if ((m[c] = vz_box_mean(&cm->ss[c], x0, y0, x1, y1)) < 0)
            return -1;
    vz_board_at(cm->bm, cm->n, i, j, bc);
    out[0] = 100.0 * m[0] / bc[0];
    out[1] = m[1] - bc[1];
    out[2] = m[2] - bc[2];
    out[3] = vz_box_spread(&cm->ss[0], x0, y0, x1, y1);
    return 0;
}

/* The class (GO_BLACK, GO_WHITE, GO_EMPTY) whose colours features f are nearest, or -1 when
 * not within STRAY_WITHIN of it. */
static int nearest_class(const class_model *cm, const double f[4])
{
    double best = STRAY_WITHIN * STRAY_WITHIN;
    int near = -1;
    for (int c = 0; c < 3; c++) {
        if (cm->count[c] < STRAY_MIN_CLASS)
            continue;
        double d = 0;
        for (int p = 0; p < 3; p++) {
            const double z = (f[p] - cm->mean[c][p]) / cm->sd[c][p];
            d += z * z;
        }
        if (d < best) {
            best = d;
            near = c;
        }
    }
    return near;
}

/* The most even square of a stone's colour (`want`, or either when GO_EMPTY) between rmin and
 * rmax cells from warp pixel (bx, by), read against point (i, j)'s board, and when on_line > 0
 * within on_line of one of the point's lines: its place in lattice units into at, its spread
 * into *spread; returns the colour, or GO_EMPTY when none. */
static int stone_near(const class_model *cm, int i, int j, double bx, double by, double rmin,
                      double rmax, double on_line, int want, double at[2], double *spread)
{
    const int reach = (int)ceil(rmax * CELL / STRAY_STEP) * STRAY_STEP, n = cm->n;
    const int cx = (int)lround(bx), cy = (int)lround(by);
    int colour = GO_EMPTY;
    *spread = 1e300;
    for (int oy = -reach; oy <= reach; oy += STRAY_STEP)
        for (int ox = -reach; ox <= reach; ox += STRAY_STEP) {
            const int x = cx + ox, y = cy + oy;
            const double u = (double)x / CELL - 1, v = (double)y / CELL - 1,
                         d = hypot(ox, oy) / CELL;
            if (d < rmin || d > rmax || hypot(u - i, v - j) < rmin || u < -STRAY_EDGE ||
                v < -STRAY_EDGE || u > n - 1 + STRAY_EDGE || v > n - 1 + STRAY_EDGE ||
                (on_line > 0 && fabs(u - i) >= on_line && fabs(v - j) >= on_line))
                continue;
            /* the most even first: its colour only when it would be the best so far */
            const double sp = vz_box_spread(&cm->ss[0], x - SETTLE_HALF, y - SETTLE_HALF,
                                            x + SETTLE_HALF + 1, y + SETTLE_HALF + 1);
            double f[4];
            if (sp < 0 || sp >= *spread || box_features(cm, i, j, x, y, f) < 0)
                continue;
            const int c = nearest_class(cm, f);
            if (c < 0 || c == GO_EMPTY || (want != GO_EMPTY && c != want))
                continue;
            *spread = sp;
            colour = c;
            at[0] = u;
            at[1] = v;
        }
    return colour;
}

int vz_stray_stones(go_vision_result *r, const go_cv_image *lab, const board_model *bm,
                    const vz_grid *g, double (*off)[2], double f[][NF])
{
    const int n = g->size;
    /* the lines must show to tell a stone from wood between them */
    double lines;
    {
        double v[GO_MAX_SIZE * GO_MAX_SIZE];
        int m = 0;
        for (int k = 0; k < n * n; k++)
            if (r->color[k / n][k % n] == GO_EMPTY)
                v[m++] = f[k][3];
        if (m < VETO_MIN_EMPTY || (lines = vz_median(v, m)) < STRAY_LINES)
            return 0;
    }
    vz_box_sums ss[3] = {{0}};
    class_model cm = {.ss = ss, .bm = bm, .n = n};
    double(*centre)[2] = malloc(sizeof(double[2]) * (size_t)n * n);
    double *spreads = malloc(sizeof(double) * (size_t)n * n);
    unsigned char *has = calloc((size_t)n * n, 1);
    int rc = centre && spreads && has ? 0 : go_error_set(GO_ENOMEM, "stray stones");
    for (int c = 0; c < 3 && rc == 0; c++)
        rc = vz_box_sums_build(&ss[c], lab->pixels, lab->width, lab->height, 3, c);
    if (rc < 0)
        goto done;
    /* each colour's features at the points read so */
    for (int k = 0; k < n * n; k++) {
        const int i = k % n, j = k / n, c = r->color[j][i];
        double x[4];
        if (box_features(&cm, i, j, (int)lround((i + 1 + off[k][0]) * CELL),
                         (int)lround((j + 1 + off[k][1]) * CELL), x) < 0)
            continue;
        for (int p = 0; p < 3; p++) {
            cm.mean[c][p] += x[p];
            cm.sd[c][p] += x[p] * x[p];
        }
        cm.count[c]++;
    }
    if (cm.count[GO_EMPTY] < STRAY_MIN_CLASS)
        goto done;
    for (int c = 0; c < 3; c++)
        for (int p = 0; p < 3 && cm.count[c] > 0; p++) {
            cm.mean[c][p] /= cm.count[c];
            const double var = cm.sd[c][p] / cm.count[c] - cm.mean[c][p] * cm.mean[c][p];
            cm.sd[c][p] = fmax(var > 0 ? sqrt(var) : 0, STRAY_SD_FLOOR);
        }
    /* the stones' centres (has[k]: point k has a stone), and how even each colour's stones are
     * there */
    double typ_spread[3] = {0, 0, 0}, low_spread[3] = {0, 0, 0};
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        int m = 0;
        for (int k = 0; k < n * n; k++) {
            const int i = k % n, j = k / n;
            if (r->color[j][i] != c)
                continue;
            double spread;
            has[k] = 1;
            if (stone_near(&cm, i, j, (i + 1 + off[k][0]) * CELL, (j + 1 + off[k][1]) * CELL, 0,
                           STRAY_CENTRE, 0, c, centre[k], &spread) == GO_EMPTY) {
                centre[k][0] = i + off[k][0];
                centre[k][1] = j + off[k][1];
            } else {
                spreads[m++] = spread;
            }
        }
        if (m >= STRAY_MIN_CLASS) {
            qsort(spreads, (size_t)m, sizeof *spreads, vz_cmp_double);
            typ_spread[c] = STRAY_EVEN_BY * spreads[(int)(STRAY_EVEN * (m - 1))];
            low_spread[c] = STRAY_EVEN_LOW * spreads[(m - 1) / 2];
        }
    }
    /* Seen at an angle, stones' bodies reach toward the far edge and fill the gap between two
     * stones there: off their points only across that way. */
    double far[2];
    const int tilted = vz_far_direction(far, g) >= VZ_TILTED;
    /* A stone off its point toward a neighbour can darken both points' discs: two stones read
     * side by side with one centre between them, and neither point's disc coloured as the
     * stones are, are one stone, of the point nearer it. */
    for (int k = 0; k < n * n; k++)
        for (int d = 0; d < 2 && has[k]; d++) {
            const int i = k % n, j = k / n, q = d ? k + n : k + 1;
            if ((d ? j + 1 >= n : i + 1 >= n) || !has[q] ||
                (tilted && STRAY_ACROSS * fabs(far[d]) > fabs(far[1 - d])) ||
                r->color[q / n][q % n] != r->color[j][i] ||
                hypot(centre[k][0] - centre[q][0], centre[k][1] - centre[q][1]) >= STRAY_ONE)
                continue;
            const int c = r->color[j][i];
            const double mx = 0.5 * (i + q % n), my = 0.5 * (j + q / n);
            double fk[4], fq[4];
            if (hypot(0.5 * (centre[k][0] + centre[q][0]) - mx,
                      0.5 * (centre[k][1] + centre[q][1]) - my) >= STRAY_ONE_MID ||
                box_features(&cm, i, j, (int)lround((i + 1 + off[k][0]) * CELL),
                             (int)lround((j + 1 + off[k][1]) * CELL), fk) < 0 ||
                box_features(&cm, q % n, q / n, (int)lround((q % n + 1 + off[q][0]) * CELL),
                             (int)lround((q / n + 1 + off[q][1]) * CELL), fq) < 0)
                continue;
            const double zk = fabs(fk[0] - cm.mean[c][0]) / cm.sd[c][0],
                         zq = fabs(fq[0] - cm.mean[c][0]) / cm.sd[c][0];
            if (zk < STRAY_HALF || zq < STRAY_HALF)
                continue;
            /* the line shows beyond each point, away from the other (but off the board's edge):
             * no stone covers it there, as two stones side by side would */
            const int edge_k = d ? j == 0 : i == 0, edge_q = d ? q / n == n - 1 : q % n == n - 1;
            if ((!edge_k &&
                 vz_line_dip_side(lab->pixels, lab->width, lab->height, 3, (i + 1) * CELL,
                                  (j + 1) * CELL, d, CELL, -1) < STRAY_SEEN * lines) ||
                (!edge_q &&
                 vz_line_dip_side(lab->pixels, lab->width, lab->height, 3, (q % n + 1) * CELL,
                                  (q / n + 1) * CELL, d, CELL, 1) < STRAY_SEEN * lines)) {
                /* two stones side by side, or one whose lines beyond are hidden there: both
                 * kept, for a person's look */
                r->confidence[j][i] = fminf(r->confidence[j][i], 0.5f);
                r->confidence[q / n][q % n] = fminf(r->confidence[q / n][q % n], 0.5f);
                continue;
            }
            const double dk = hypot(centre[k][0] - i, centre[k][1] - j),
                         dq = hypot(centre[q][0] - q % n, centre[q][1] - q / n);
            const int gone = dk > dq ? k : q, kept = gone == k ? q : k;
            if (getenv("GOREF_VISION_DEBUG"))
                fprintf(stderr, "one stone at %d %d and %d %d: read at %d %d (%.1f and %.1f off)\n",
                        i, j, q % n, q / n, kept % n, kept / n, zk, zq);
            r->color[gone / n][gone % n] = GO_EMPTY;
            r->confidence[gone / n][gone % n] = 0.5f;
            has[gone] = 0;
            r->off_point[kept / n][kept % n] = 1;
            r->confidence[kept / n][kept % n] = 0.5f;
        }
    for (int k = 0; k < n * n; k++) {
        const int i = k % n, j = k / n;
        if (r->color[j][i] != GO_EMPTY)
            continue;
        double at[2], spread;
        const int colour =
            stone_near(&cm, i, j, (i + 1 + off[k][0]) * CELL, (j + 1 + off[k][1]) * CELL, STRAY_MIN,
                       STRAY_MAX, STRAY_ON_LINE, GO_EMPTY, at, &spread);
        if (colour == GO_EMPTY)
            continue;
        int clear = spread <= typ_spread[colour] && spread >= low_spread[colour], hit = -1;
        double apart = 1e300;
        for (int s = 0; s < n * n; s++) {
            const double d = has[s] ? hypot(centre[s][0] - at[0], centre[s][1] - at[1]) : 1e300;
            if (d < apart) {
                apart = d;
                hit = s;
            }
        }
        clear &= apart >= STRAY_APART;
        /* the stone hides the point's line it lies on */
        double dip = 1e300;
        if (fabs(at[1] - j) < STRAY_ON_LINE)
            dip = vz_line_dip(lab->pixels, lab->width, lab->height, 3,
                              (int)lround((at[0] + 1) * CELL), (j + 1) * CELL, 0, CELL);
        if (fabs(at[0] - i) < STRAY_ON_LINE)
            dip = fmin(dip, vz_line_dip(lab->pixels, lab->width, lab->height, 3, (i + 1) * CELL,
                                        (int)lround((at[1] + 1) * CELL), 1, CELL));
        clear &= dip < STRAY_HIDDEN * lines;
        /* across the view, where a stone's body does not reach, unless it lies toward the
         * board's edge: no stone stands beyond it to reach in */
        const double along = (at[0] - i) * far[0] + (at[1] - j) * far[1];
        const int ni = i + (int)lround(along < 0 ? -far[0] : far[0]),
                  nj = j + (int)lround(along < 0 ? -far[1] : far[1]);
        const int reached = ni >= 0 && nj >= 0 && ni < n && nj < n;
        clear &= !tilted || !reached ||
                 STRAY_ACROSS * fabs(along) <= fabs((at[0] - i) * far[1] - (at[1] - j) * far[0]);
        const double mine = hypot(at[0] - i, at[1] - j);
        clear &= mine <= STRAY_MAX;
        for (int q = 0; q < n * n && clear; q++)
            if (q != k && r->color[q / n][q % n] == GO_EMPTY)
                clear = hypot(at[0] - q % n, at[1] - q / n) >= mine;
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr,
                    "stray %c at %d %d: %.2f %.2f spread %.1f (stones %.1f low %.1f) dip %.1f of "
                    "%.1f apart %.2f along %.2f%s%s %.2f %.2f\n",
                    ".XO"[colour], i, j, at[0] - i, at[1] - j, spread, typ_spread[colour],
                    low_spread[colour], dip, lines, apart, along,
                    reached ? "" : " (toward the edge)", clear ? ": read" : "",
                    hit >= 0 ? centre[hit][0] : -1, hit >= 0 ? centre[hit][1] : -1);
        if (!clear)
            continue;
        r->color[j][i] = (uint8_t)colour;
        r->confidence[j][i] = 0.5f; /* read off its point: a person's look */
        r->off_point[j][i] = 1;
        /* found STRAY_MIN or more off its point, a stone lies nearly between two points and may
         * be the other one's: that point gets a look too */
        {
            const int along_x = fabs(at[0] - i) >= fabs(at[1] - j);
            const double lean = along_x ? at[0] - i : at[1] - j;
            const int oi = i + (along_x ? (lean > 0 ? 1 : -1) : 0),
                      oj = j + (along_x ? 0 : (lean > 0 ? 1 : -1));
            if (oi >= 0 && oj >= 0 && oi < n && oj < n && r->color[oj][oi] == GO_EMPTY)
                r->confidence[oj][oi] = fminf(r->confidence[oj][oi], 0.5f);
        }
        centre[k][0] = at[0];
        centre[k][1] = at[1];
        has[k] = 1;
    }
done:
    for (int c = 0; c < 3; c++)
        vz_box_sums_free(&ss[c]);
    free(centre);
    free(spreads);
    free(has);
    return rc;
}
