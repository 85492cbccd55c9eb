/* The lattice against the stones. On a crowded board the crevices between stones make thin
 * dark lines halfway between the printed ones, and a lattice fitted to lines alone can lock
 * half a cell off. A stone's top is even in tone, while a square halfway between stones holds
 * a crevice and the edges of up to four stones: the lattice's points of the right phase fall
 * on even squares. Printed lines are closed first, so that on an empty board both phases look
 * alike and the lines decide. Four uses: moving the lattice to its phase, fitting it to the
 * stones neighbourhood by neighbourhood, confirming it in every third of the board (the check
 * then trusts crevices less), and checking that the stones read sit on their points. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vision_int.h"
#include "params.h"

typedef vz_box_sums tone_sums; /* of the closed gray: the printed lines filled in */

static int tone_sums_build(tone_sums *out, const go_cv_image *gray)
{
    go_cv_image hat = {0}, closed = {0};
    int rc = go_cv_blackhat(&hat, gray, CLOSE_SIDE);
    if (rc == 0)
        rc = go_cv_image_alloc(&closed, gray->width, gray->height, 1);
    if (rc == 0) {
        /* closing = image + black-hat: the printed lines filled with the wood's tone */
        const size_t np = (size_t)gray->width * gray->height;
        for (size_t i = 0; i < np; i++) {
            const int v = gray->pixels[i] + hat.pixels[i];
            closed.pixels[i] = (uint8_t)(v > 255 ? 255 : v);
        }
        rc = vz_box_sums_build(out, closed.pixels, gray->width, gray->height, 1, 0);
    }
    go_cv_image_free(&hat);
    go_cv_image_free(&closed);
    return rc;
}

/* Tone sums of the board seen through lattice g: of its luminance, or with light_weighted of
 * the gray weighted by the light's colour (vz_gray). */
static int tone_sums_of(tone_sums *out, const vz_grid *g, const go_cv_image *bgr,
                        int light_weighted)
{
    go_cv_image gray = {0};
    int rc = vz_warp_gray(&gray, g, bgr, PCELL, PMARGIN, light_weighted);
    if (rc == 0)
        rc = tone_sums_build(out, &gray);
    go_cv_image_free(&gray);
    return rc;
}

/* Standard deviation of the tone in the square of half side BOX_HALF around (cx, cy); -1 when
 * the square leaves the image. */
static double tone_spread(const tone_sums *t, int cx, int cy)
{
    return vz_box_spread(t, cx - BOX_HALF, cy - BOX_HALF, cx + BOX_HALF + 1, cy + BOX_HALF + 1);
}

/* The mean tone in that square; -1 when it leaves the image. */
static double tone_mean(const tone_sums *t, int cx, int cy)
{
    return vz_box_mean(t, cx - BOX_HALF, cy - BOX_HALF, cx + BOX_HALF + 1, cy + BOX_HALF + 1);
}

/* Mean tone spread over the lattice points shifted by (dx, dy) pixels of the warp; with a
 * reading, over its stones only. */
static double phase_spread(const tone_sums *t, int n, int dx, int dy, const go_vision_result *only)
{
    double sum = 0;
    int m = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            if (only && (only->color[j][i] == GO_EMPTY || only->off_point[j][i]))
                continue;
            double v = tone_spread(t, (i + PMARGIN) * PCELL + dx, (j + PMARGIN) * PCELL + dy);
            if (v >= 0) {
                sum += v;
                m++;
            }
        }
    return m ? sum / m : 0;
}

int vz_phase_lattice(vz_grid *g, const go_cv_image *bgr)
{
    tone_sums t = {0};
    int rc = tone_sums_of(&t, g, bgr, 0);
    if (rc < 0)
        goto done;
    const int n = g->size, H = PCELL / 2;
    double here = phase_spread(&t, n, 0, 0, NULL), best = here;
    int bx = 0, by = 0;
    for (int dy = -H; dy < H; dy++)
        for (int dx = -H; dx < H; dx++) {
            double v = phase_spread(&t, n, dx, dy, NULL);
            if (v < best) {
                best = v;
                bx = dx;
                by = dy;
            }
        }
    int move = here - best >= PHASE_GAIN && here - best >= PHASE_SHARE * here;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "phase: spread here %.2f, best %.2f at %.2f %.2f%s\n", here, best,
                (double)bx / PCELL, (double)by / PCELL, move ? ": moved" : "");
    if (move) {
        /* new lattice (x, y) -> old (x + bx / PCELL, y + by / PCELL) */
        const double s[9] = {1, 0, (double)bx / PCELL, 0, 1, (double)by / PCELL, 0, 0, 1};
        double h[9];
        vz_mat3_mul(h, g->h, s);
        memcpy(g->h, h, sizeof h);
        rc = 1;
    }
done:
    vz_box_sums_free(&t);
    return rc;
}

/* The stones' tops lean off their points away from the camera: the lean (in warp pixels)
 * that makes the points (or the stones of a reading) most even, searched only that way (a
 * lean the other way, or as long as half a cell, would let a lattice half a cell off pass).
 * Returns 1 when the best lean is at the end of the range: the points then sit farther off
 * the stones than a stone leans. */
static int best_lean(int *out_dx, int *out_dy, const tone_sums *t, const vz_grid *g,
                     const go_vision_result *only)
{
    double dir[2], tilt = vz_far_direction(dir, g), least = -1;
    const int low = vz_foreshortening(g) < LEAN_LOW_VIEW;
    int steps = tilt < VZ_TILTED && !low ? 0 : low ? LEAN_MAX_LOW : LEAN_MAX, lk = 0;
    *out_dx = *out_dy = 0;
    for (int k = 0; k <= steps; k++)
        for (int side = -LEAN_SIDE; side <= LEAN_SIDE; side++) {
            int dx = (int)lround(k * dir[0] - side * dir[1]);
            int dy = (int)lround(k * dir[1] + side * dir[0]);
            double v = phase_spread(t, g->size, dx, dy, only);
            if (least < 0 || v < least) {
                least = v;
                *out_dx = dx;
                *out_dy = dy;
                lk = k;
            }
        }
    return steps > 0 && lk == steps;
}

int vz_phase_confirms(int out[2], const vz_grid *g, const go_cv_image *bgr)
{
    return vz_phase_confirms_in(out, NULL, g, bgr, 0);
}

int vz_phase_confirms_in(int out[2], double off_least[2], const vz_grid *g, const go_cv_image *bgr,
                         int light_weighted)
{
    return vz_phase_ratios(out, off_least, NULL, g, bgr, light_weighted);
}

int vz_phase_ratios(int out[2], double off_least[2], double ratio_least[2], const vz_grid *g,
                    const go_cv_image *bgr, int light_weighted)
{
    tone_sums t = {0};
    int rc = tone_sums_of(&t, g, bgr, light_weighted);
    if (rc < 0)
        goto done;
    const int n = g->size, H = PCELL / 2;
    int lx, ly, at_end = best_lean(&lx, &ly, &t, g, NULL);
    for (int f = 0; f < 2; f++) {
        double on[3] = {0, 0, 0}, off[3] = {0, 0, 0};
        int m[3] = {0, 0, 0};
        for (int k = 0; k < n; k++)
            for (int j = 0; j < n; j++) {
                int band = k < n / 3 ? 0 : (k < n - n / 3 ? 1 : 2);
                int x = ((f ? j : k) + PMARGIN) * PCELL + lx;
                int y = ((f ? k : j) + PMARGIN) * PCELL + ly;
                double a = tone_spread(&t, x, y);
                double b = tone_spread(&t, x + (f ? 0 : H), y + (f ? H : 0));
                double c = tone_spread(&t, x - (f ? 0 : H), y - (f ? H : 0));
                if (a < 0 || b < 0 || c < 0)
                    continue;
                on[band] += a;
                off[band] += 0.5 * (b + c);
                m[band]++;
            }
        out[f] = !at_end;
        for (int b = 0; b < 3; b++) {
            on[b] /= m[b] ? m[b] : 1;
            off[b] /= m[b] ? m[b] : 1;
        }
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "stones%s f=%d (lean %d %d): on %.2f %.2f %.2f off %.2f %.2f %.2f\n",
                    light_weighted ? " in the lamp's gray" : "", f, lx, ly, on[0], on[1], on[2],
                    off[0], off[1], off[2]);
        int strong = out[f];
        if (off_least)
            off_least[f] = fmin(off[0], fmin(off[1], off[2]));
        if (ratio_least) {
            ratio_least[f] = 1e9;
            for (int b = 0; b < 3; b++)
                ratio_least[f] = fmin(ratio_least[f], on[b] > 0 ? off[b] / on[b] : 1e9);
            if (at_end)
                ratio_least[f] = 0;
        }
        for (int b = 0; b < 3; b++) {
            if (off[b] - on[b] < (g->dim ? DIM_CONFIRM_GAIN : CONFIRM_GAIN) &&
                off[b] < CONFIRM_RATIO * on[b])
                out[f] = 0;
            if (off[b] - on[b] < STRONG_CONFIRM_GAIN || off[b] < STRONG_CONFIRM_RATIO * on[b])
                strong = 0;
        }
        if (out[f] && strong)
            out[f] = 2;
    }
done:
    vz_box_sums_free(&t);
    return rc;
}

/* The tone spread of the point's square at warp pixel (cx, cy) (returned) and of the four
 * squares half a cell off it (into off[]); -1 when any leaves the warp. */
static double spreads_around(double off[4], const tone_sums *t, int cx, int cy)
{
    const int H = PCELL / 2, ox[4] = {H, -H, 0, 0}, oy[4] = {0, 0, H, -H};
    double on = tone_spread(t, cx, cy);
    for (int k = 0; k < 4 && on >= 0; k++)
        if ((off[k] = tone_spread(t, cx + ox[k], cy + oy[k])) < 0)
            return -1;
    return on;
}

/* The median tone of the squares of the points reading r calls empty: the wood's (the printed
 * lines closed); -1 with fewer than STONES_WOOD_MIN of them. */
static double wood_tone(const tone_sums *t, const go_vision_result *r)
{
    double wood[GO_MAX_SIZE * GO_MAX_SIZE];
    const int n = r->size;
    int m = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (r->color[y][x] != GO_EMPTY)
                continue;
            const double v = tone_mean(t, (x + PMARGIN) * PCELL, (y + PMARGIN) * PCELL);
            if (v >= 0)
                wood[m++] = v;
        }
    return m >= STONES_WOOD_MIN ? vz_median(wood, m) : -1;
}

int vz_stones_on_points(double *out_gain, double *out_ratio, double *out_rel, int *out_count,
                        const go_vision_result *r, const vz_grid *g, const go_cv_image *bgr,
                        int light_weighted)
{
    tone_sums t = {0};
    int rc = tone_sums_of(&t, g, bgr, light_weighted);
    if (rc < 0)
        goto done;
    const int n = g->size;
    int lx, ly, at_end = best_lean(&lx, &ly, &t, g, r);
    const double wood = wood_tone(&t, r);
    double gain = 0, son = 0, soff = 0, contrast = 0;
    int count = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (r->color[y][x] == GO_EMPTY || r->off_point[y][x])
                continue; /* a stone found off its point does not sit on it */
            double around[4];
            const int cx = (x + PMARGIN) * PCELL + lx, cy = (y + PMARGIN) * PCELL + ly;
            double on = spreads_around(around, &t, cx, cy);
            if (on < 0)
                continue;
            double off = 0.25 * (around[0] + around[1] + around[2] + around[3]);
            gain += off - on;
            son += on;
            soff += off;
            contrast += fabs(tone_mean(&t, cx, cy) - wood);
            count++;
        }
    /* the stones most even only as far off as a stone may lean, or farther: they are not on
     * the points */
    *out_gain = count && !at_end ? gain / count : 0;
    *out_ratio = count && !at_end && son > 0 ? soff / son : 0;
    if (out_rel)
        *out_rel = count && !at_end && wood >= 0 && contrast > 0 ? gain / contrast : 0;
    *out_count = count;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "stones on points: %d stones, gain %.2f on %.2f off %.2f (lean %d %d%s), "
                "contrast to the wood %.1f, gain %.3f of it\n",
                count, count ? gain / count : 0, count ? son / count : 0, count ? soff / count : 0,
                lx, ly, at_end ? ", at the end of its range" : "", count ? contrast / count : 0,
                contrast > 0 ? gain / contrast : 0);
done:
    vz_box_sums_free(&t);
    return rc;
}

/* Over the stones read (at their lean, in luminance): the mean spreads half a cell off and on
 * the point, and the mean difference of the four corners' tone to the top's, as a share of the
 * top's contrast to the wood. */
int vz_stones_like_cloth(const go_vision_result *r, const vz_grid *g, const go_cv_image *bgr)
{
    tone_sums t = {0};
    int rc = tone_sums_of(&t, g, bgr, 0);
    if (rc < 0)
        goto done;
    const int n = g->size, Q = (int)lround(CLOTH_CORNER * PCELL), S = CLOTH_BOX_HALF;
    int lx, ly;
    best_lean(&lx, &ly, &t, g, r);
    const double wood = wood_tone(&t, r);
    double son = 0, soff = 0, corners = 0, contrast = 0;
    int count = 0;
    for (int y = 0; y < n && wood >= 0; y++)
        for (int x = 0; x < n; x++) {
            if (r->color[y][x] == GO_EMPTY || r->off_point[y][x])
                continue;
            double around[4];
            const int cx = (x + PMARGIN) * PCELL + lx, cy = (y + PMARGIN) * PCELL + ly;
            const double on = spreads_around(around, &t, cx, cy);
            const double top = vz_box_mean(&t, cx - S, cy - S, cx + S + 1, cy + S + 1);
            if (on < 0 || top < 0)
                continue;
            double d = 0;
            int k;
            for (k = 0; k < 4; k++) {
                const int qx = cx + (k & 1 ? Q : -Q), qy = cy + (k & 2 ? Q : -Q);
                const double c = vz_box_mean(&t, qx - S, qy - S, qx + S + 1, qy + S + 1);
                if (c < 0)
                    break;
                d += fabs(c - top);
            }
            if (k < 4)
                continue;
            son += on;
            soff += 0.25 * (around[0] + around[1] + around[2] + around[3]);
            corners += 0.25 * d;
            contrast += fabs(top - wood);
            count++;
        }
    const double ratio = son > 0 ? soff / son : 0, round = contrast > 0 ? corners / contrast : 1;
    rc = count >= STONES_MIN && ratio >= CLOTH_EVEN_RATIO && round < CLOTH_ROUND;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "stones like a cloth's squares: %d stones, spread off %.2f on %.2f (%.1f times), "
                "corners %.3f of the contrast to the wood%s\n",
                count, count ? soff / count : 0, count ? son / count : 0, ratio, round,
                rc ? ": a cloth" : "");
done:
    vz_box_sums_free(&t);
    return rc;
}

/* The stones' own lattice. Where the lattice is off by a fraction of a cell that changes
 * across the board (a perspective or scale the crevices misled), no single shift sets it in
 * phase; each neighbourhood of points is set in phase on its own, and the lattice is refitted
 * to those phases (FIELD_ in params.h). */

/* Fits the homography m (new lattice -> old lattice coordinates) to the points (i, j) ->
 * (u, v) with weights w by linear least squares: x' (g i + h j + 1) = a i + b j + c. -1 when
 * singular. */
static int fit_lattice_map(double m[9], const double *pts, int count)
{
    double a[8][9];
    memset(a, 0, sizeof a);
    for (int k = 0; k < count; k++) {
        const double *p = pts + 5 * k;
        double i = p[0], j = p[1], u = p[2], v = p[3], w = p[4];
        const double ru[8] = {i, j, 1, 0, 0, 0, -i * u, -j * u};
        const double rv[8] = {0, 0, 0, i, j, 1, -i * v, -j * v};
        for (int r = 0; r < 8; r++) {
            for (int c = 0; c < 8; c++)
                a[r][c] += w * (ru[r] * ru[c] + rv[r] * rv[c]);
            a[r][8] += w * (ru[r] * u + rv[r] * v);
        }
    }
    if (vz_solve_augmented(&a[0][0], 8) < 0)
        return -1;
    for (int r = 0; r < 8; r++)
        m[r] = a[r][8];
    m[8] = 1;
    return 0;
}

/* How much a stone's top the lattice point (x, y), moved by (lx, ly) warp pixels, looks like
 * (the points may lie one cell outside the lattice): the squares half a cell off are less even than
 * the point's, three of the four at least (beside a stone on the board's edge the wood can be even;
 * a straight edge, the board's front face, is uneven only across). */
static double stone_evidence(const tone_sums *t, int x, int y, int lx, int ly)
{
    double off[4];
    double on = spreads_around(off, t, (x + PMARGIN) * PCELL + lx, (y + PMARGIN) * PCELL + ly);
    if (on < 0)
        return 0;
    /* the second most even of the four */
    qsort(off, 4, sizeof off[0], vz_cmp_double);
    return off[1] - on;
}

/* The stones set the lattice's phase but not which whole cells it spans: on a board whose
 * outermost lines lie under stones, the lines cannot say either. All the stones lie inside the
 * board: while the line of points beyond one end of the lattice holds more stone evidence
 * than the line at the other end, the lattice moves a cell that way (at most WINDOW_STEPS). */

/* The stone evidence of each line of points from -1 to n (line[f][k + 1]), columns (f = 0)
 * and rows, summed along the lattice's n points; with `lean`, each point moved by the stones'
 * lean (a lattice on the printed points; otherwise one on the stones' tops). */
static int line_evidence(double line[2][GO_MAX_SIZE + 2], const vz_grid *g, const go_cv_image *bgr,
                         int lean)
{
    const int n = g->size;
    tone_sums t = {0};
    int rc = tone_sums_of(&t, g, bgr, 0), lx = 0, ly = 0;
    if (rc < 0)
        return rc;
    if (lean)
        best_lean(&lx, &ly, &t, g, NULL);
    memset(line, 0, sizeof(double[2][GO_MAX_SIZE + 2]));
    for (int y = -1; y <= n; y++)
        for (int x = -1; x <= n; x++) {
            if ((x < 0 || x >= n) && (y < 0 || y >= n))
                continue;
            double e = stone_evidence(&t, x, y, lx, ly);
            if (y >= 0 && y < n)
                line[0][x + 1] += e;
            if (x >= 0 && x < n)
                line[1][y + 1] += e;
        }
    vz_box_sums_free(&t);
    return 0;
}

int vz_stones_by_line(double line[2][GO_MAX_SIZE + 2], const vz_grid *g, const go_cv_image *bgr)
{
    return line_evidence(line, g, bgr, 1);
}

int vz_stones_beyond(double *out, double *out_most, double *out_edge, const vz_grid *g,
                     const go_cv_image *bgr)
{
    const int n = g->size;
    double line[2][GO_MAX_SIZE + 2], typ[GO_MAX_SIZE];
    int rc = line_evidence(line, g, bgr, 1);
    *out = *out_most = 0;
    if (out_edge)
        *out_edge = 0;
    if (rc < 0)
        return rc;
    for (int f = 0; f < 2; f++) {
        memcpy(typ, &line[f][1], sizeof(double) * (size_t)n);
        double median = vz_median(typ, n);
        if (median <= 0)
            continue;
        for (int end = 0; end < 2; end++) {
            double v = line[f][end ? n + 1 : 0];
            if (v / median > *out) {
                *out = v / median;
                *out_most = v;
                if (out_edge)
                    *out_edge = line[f][end ? n : 1];
            }
        }
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "stones beyond f=%d: %.0f and %.0f, typical line %.0f\n", f, line[f][0],
                    line[f][n + 1], median);
    }
    return 0;
}

static int stones_window(vz_grid *g, const go_cv_image *bgr)
{
    const int n = g->size;
    int rc = 0;
    for (int step = 0; step < WINDOW_STEPS; step++) {
        double line[2][GO_MAX_SIZE + 2];
        if ((rc = line_evidence(line, g, bgr, 0)) < 0)
            return rc;
        int moved = 0, shift[2] = {0, 0};
        for (int f = 0; f < 2; f++) {
            const double *l = line[f];
            if (l[n + 1] > l[1] && l[n + 1] > 0)
                shift[f] = 1;
            else if (l[0] > l[n] && l[0] > 0)
                shift[f] = -1;
            if (getenv("GOREF_VISION_DEBUG"))
                fprintf(stderr,
                        "stones window f=%d: beyond %.0f edge %.0f | edge %.0f beyond %.0f\n", f,
                        l[0], l[1], l[n], l[n + 1]);
            moved |= shift[f] != 0;
        }
        if (!moved)
            break;
        vz_lattice_move(g->h, g->h, shift[0], shift[1]);
    }
    return rc;
}

int vz_stones_fit(vz_grid *g, const go_cv_image *bgr)
{
    const int n = g->size, H = PCELL / 2, D = PCELL * PCELL;
    /* each point's tone spread at each shift within half a cell, 0 where the square leaves
     * the warp, and whether it does not */
    float *spread = malloc(sizeof(float) * (size_t)n * n * D);
    unsigned char *inside = malloc((size_t)n * n * D);
    double *pts = malloc(sizeof(double) * 5 * (size_t)n * n);
    double *off = malloc(sizeof(double) * 3 * (size_t)n * n);
    int *queue = malloc(sizeof(int) * (size_t)n * n);
    double sums[PCELL * PCELL];
    int counts[PCELL * PCELL];
    int rc = 0;
    if (!spread || !inside || !pts || !off || !queue) {
        rc = go_error_set(GO_ENOMEM, "stones fit");
        goto done;
    }
    for (int turn = 0; turn < FIELD_ROUNDS; turn++) {
        tone_sums t = {0};
        if ((rc = tone_sums_of(&t, g, bgr, 0)) < 0)
            goto done;
        for (int p = 0; p < n * n; p++)
            for (int d = 0; d < D; d++) {
                const float v = (float)tone_spread(&t, (p % n + PMARGIN) * PCELL + d % PCELL - H,
                                                   (p / n + PMARGIN) * PCELL + d / PCELL - H);
                spread[(size_t)p * D + d] = v >= 0 ? v : 0;
                inside[(size_t)p * D + d] = v >= 0;
            }
        vz_box_sums_free(&t);
        /* each neighbourhood's phase, in cells within half a cell, and how sure it is (the surest
         * is best; n >= 2, so there is one) */
        int best = 0;
        for (int p = 0; p < n * n; p++) {
            int px = p % n, py = p / n, arg = 0;
            double least = 0, mean = 0;
            /* every shift's sum over the neighbourhood at once, neighbour by neighbour (each
             * shift's sum takes its terms in the same order as one shift at a time would) */
            for (int d = 0; d < D; d++) {
                sums[d] = 0;
                counts[d] = 0;
            }
            for (int qy = py - FIELD_REACH; qy <= py + FIELD_REACH; qy++)
                for (int qx = px - FIELD_REACH; qx <= px + FIELD_REACH; qx++) {
                    if (qx < 0 || qy < 0 || qx >= n || qy >= n)
                        continue;
                    const float *v = spread + (size_t)(qy * n + qx) * D;
                    const unsigned char *in = inside + (size_t)(qy * n + qx) * D;
                    for (int d = 0; d < D; d++) { /* adding 0 where outside leaves a sum as is */
                        sums[d] += v[d];
                        counts[d] += in[d];
                    }
                }
            for (int d = 0; d < D; d++) {
                const int m = counts[d];
                const double s = m ? sums[d] / m : 1e9;
                mean += s / D;
                if (d == 0 || s < least) {
                    least = s;
                    arg = d;
                }
            }
            off[3 * p] = (double)(arg % PCELL - H) / PCELL;
            off[3 * p + 1] = (double)(arg / PCELL - H) / PCELL;
            off[3 * p + 2] = mean - least;
            if (off[3 * p + 2] > off[3 * best + 2])
                best = p;
        }
        /* unwrapped from the surest neighbourhood outward: each point takes the whole-cell
         * turn of its phase nearest its neighbour's */
        unsigned char seen[GO_MAX_SIZE * GO_MAX_SIZE];
        memset(seen, 0, sizeof seen);
        int head = 0, tail = 0;
        queue[tail++] = best;
        seen[best] = 1;
        while (head < tail) {
            int p = queue[head++], px = p % n, py = p / n;
            static const int nx[4] = {1, -1, 0, 0}, ny[4] = {0, 0, 1, -1};
            for (int k = 0; k < 4; k++) {
                int qx = px + nx[k], qy = py + ny[k], q = qy * n + qx;
                if (qx < 0 || qy < 0 || qx >= n || qy >= n || seen[q])
                    continue;
                for (int c = 0; c < 2; c++)
                    off[3 * q + c] += round(off[3 * p + c] - off[3 * q + c]);
                seen[q] = 1;
                queue[tail++] = q;
            }
        }
        int count = 0;
        for (int p = 0; p < n * n; p++) {
            if (off[3 * p + 2] < FIELD_MIN)
                continue;
            double *q = pts + 5 * count++;
            q[0] = p % n;
            q[1] = p / n;
            q[2] = q[0] + off[3 * p];
            q[3] = q[1] + off[3 * p + 1];
            q[4] = off[3 * p + 2];
        }
        if (count < 12)
            break;
        double m[9];
        for (int pass = 0; pass < 3; pass++) {
            if (fit_lattice_map(m, pts, count) < 0)
                goto done;
            /* Tukey reweighting of the residuals */
            for (int k = 0; k < count; k++) {
                double *q = pts + 5 * k, u, v;
                int p = (int)q[1] * n + (int)q[0];
                vz_apply(m, q[0], q[1], &u, &v);
                double r = hypot(u - q[2], v - q[3]) / (4.685 * FIELD_RES);
                q[4] = r < 1 ? off[3 * p + 2] * (1 - r * r) * (1 - r * r) : 0;
            }
        }
        if (getenv("GOREF_VISION_DEBUG")) {
            double cx, cy;
            vz_apply(m, (n - 1) / 2.0, (n - 1) / 2.0, &cx, &cy);
            fprintf(stderr, "stones fit turn %d: %d neighbourhoods, centre moves %.2f %.2f\n", turn,
                    count, cx - (n - 1) / 2.0, cy - (n - 1) / 2.0);
        }
        double h[9];
        vz_mat3_mul(h, g->h, m);
        memcpy(g->h, h, sizeof h);
    }
    rc = stones_window(g, bgr);
done:
    free(spread);
    free(inside);
    free(pts);
    free(off);
    free(queue);
    return rc;
}
