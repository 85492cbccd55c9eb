/* Line evidence on the rectified board, and the check that the fitted lattice ends where the
 * board's lines end. The grid finder picks its window of lines from periodic profiles; on a
 * crowded board seen at an angle the board's own edge or a row of stone crevices can pass for
 * the outermost line, and the lattice then sits one line off. Printed lines are thin, so a
 * thin dark dip across a lattice line, between the crossings, shows the line is there; the
 * rows just beyond the outermost lines must show none. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vision_int.h"
#include "params.h"

double vz_line_dip(const uint8_t *pixels, int width, int height, int channels, int cx, int cy,
                   int vert, int cell)
{
    return vz_line_dip_side(pixels, width, height, channels, cx, cy, vert, cell, 0);
}

double vz_line_dip_side(const uint8_t *pixels, int width, int height, int channels, int cx, int cy,
                        int vert, int cell, int side)
{
    return vz_line_dip_reach(pixels, width, height, channels, cx, cy, vert, cell, side, 2);
}

double vz_line_dip_reach(const uint8_t *pixels, int width, int height, int channels, int cx, int cy,
                         int vert, int cell, int side, int reach)
{
    if (reach < 2)
        reach = 2;
    if (reach > DIP_REACH_MAX)
        reach = DIP_REACH_MAX;
    const int R = 4 + reach, T = (int)(0.4 * cell), GAP = (int)(0.12 * cell);
    /* the stretches of the profile's rows summed: either side of the crossing line itself,
     * one side only when asked, within the image; summed in integers (exact, as the sums of
     * whole grey levels in doubles were) */
    int from[2] = {-T, GAP > 0 ? GAP : 1}, to[2] = {-GAP, T};
    if (side > 0 && from[0] < 0)
        from[0] = 0;
    if (side < 0 && to[1] > 0)
        to[1] = 0;
    const int along = vert ? height : width, across = vert ? width : height;
    const int base = vert ? cy : cx;
    for (int k = 0; k < 2; k++) {
        if (base + from[k] < 0)
            from[k] = -base;
        if (base + to[k] >= along)
            to[k] = along - 1 - base;
    }
    const ptrdiff_t step = (ptrdiff_t)(vert ? width : 1) * channels;
    double prof[2 * (4 + DIP_REACH_MAX) + 1];
    for (int d = -R; d <= R; d++) {
        const int x0 = vert ? cx + d : cx, y0 = vert ? cy : cy + d;
        long s = 0;
        int m = 0;
        if ((vert ? x0 : y0) >= 0 && (vert ? x0 : y0) < across)
            for (int k = 0; k < 2; k++) {
                if (to[k] < from[k])
                    continue;
                const uint8_t *p =
                    pixels + (((ptrdiff_t)y0 * width + x0) * channels + (ptrdiff_t)from[k] * step);
                for (int t = 0; t <= to[k] - from[k]; t++)
                    s += p[t * step];
                m += to[k] - from[k] + 1;
            }
        prof[d + R] = m ? (double)s / m : 0;
    }
    /* darker than each side `reach` pixels away, within three pixels of the expected place (the
     * fit is not exact); broad shading across a stone does not respond */
    double best = -1e9;
    for (int c = -3; c <= 3; c++) {
        const double a = prof[c - reach + R], b = prof[c + reach + R];
        double lo = a < b ? a : b;
        double v = lo - prof[c + R]; /* both sides: an edge (a step) is not a line */
        if (v > best)
            best = v;
    }
    return best;
}

/* The board seen through lattice g as a gray image of LCELL pixels a cell with LMARGIN cells
 * around: warp pixel (X, Y) <- lattice (X / LCELL - LMARGIN, Y / LCELL - LMARGIN). Plain
 * luminance, or with light_weighted the gray weighted by the light's colour (vz_gray). */
static int warp_gray(go_cv_image *out, const vz_grid *g, const go_cv_image *bgr, int light_weighted)
{
    return vz_warp_gray(out, g, bgr, LCELL, LMARGIN, light_weighted);
}

/* The side of lattice g's middle cell in the photo, in pixels (the root of its area). */
static double cell_px(const vz_grid *g)
{
    const double c = (g->size - 1) / 2.0;
    double x0, y0, x1, y1, x2, y2;
    if (vz_apply(g->h, c, c, &x0, &y0) || vz_apply(g->h, c + 1, c, &x1, &y1) ||
        vz_apply(g->h, c, c + 1, &x2, &y2))
        return 0;
    return sqrt(fabs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)));
}

/* How far beside a line its dip is measured, in warp pixels (LCELL a cell) where the photo's cell
 * spans `cell` pixels: two of the photo's pixels, two warp pixels at least (cells over 13.3 px)
 * and DIP_REACH_MAX at most. */
static int dip_reach(double cell)
{
    const int r = cell > 0 ? (int)(2 * LCELL / cell) : 2;
    return r < 2 ? 2 : r > DIP_REACH_MAX ? DIP_REACH_MAX : r;
}

/* Mean of the upper half of v[0..m) (sorts v): stones hide a line at many places; where it
 * shows, it shows clearly. */
static double upper_half_mean(double *v, int m)
{
    qsort(v, (size_t)m, sizeof *v, vz_cmp_double);
    double s = 0;
    int c = 0;
    for (int i = m / 2; i < m; i++, c++)
        s += v[i];
    return c ? s / c : 0;
}

/* Evidence of lattice line k of one family (rows when rows is nonzero): the mean of the
 * upper half of the dips measured across it at each cell of its length (stones hide it at
 * many places; where it shows, it shows clearly). With `half`, the same halfway between lines
 * k and k + 1, where a well-fitted lattice has no printed line (only crevices between stones). */
static double line_evidence(const go_cv_image *gray, int n, int k, int rows, int half, int reach)
{
    double v[GO_MAX_SIZE];
    int m = 0;
    for (int i = 0; i < n; i++) {
        int lx = rows ? i : k, ly = rows ? k : i;
        int cx = (lx + LMARGIN) * LCELL + (half && !rows ? LCELL / 2 : 0);
        int cy = (ly + LMARGIN) * LCELL + (half && rows ? LCELL / 2 : 0);
        /* across a row line the profile runs vertically */
        v[m++] = vz_line_dip_reach(gray->pixels, gray->width, gray->height, 1, cx, cy, rows ? 0 : 1,
                                   LCELL, 0, reach);
    }
    return upper_half_mean(v, m);
}

/* Evidence that the lines of the other family cross the gap between lines k and k + 1 of
 * this family: dips across each of those lines at the middle of the gap. Beyond the
 * outermost line the lines of the other family stop. */
static double gap_evidence(const go_cv_image *gray, int n, int k, int rows, int reach)
{
    double v[GO_MAX_SIZE];
    int m = 0;
    for (int i = 0; i < n; i++) {
        /* rows: the gap between rows k and k + 1, crossed by the column lines */
        int cx = rows ? (i + LMARGIN) * LCELL : (k + LMARGIN) * LCELL + LCELL / 2;
        int cy = rows ? (k + LMARGIN) * LCELL + LCELL / 2 : (i + LMARGIN) * LCELL;
        v[m++] = vz_line_dip_reach(gray->pixels, gray->width, gray->height, 1, cx, cy, rows ? 1 : 0,
                                   LCELL, 0, reach);
    }
    return upper_half_mean(v, m);
}

/* Whether both lines show through lattice point (lx, ly), shifted by (sx, sy) warp pixels, by
 * CLEAR_CROSS of their typical dips (typ[0] for the family of rows, typ[1] for the other): no
 * stone lies there. */
static int point_clear(const go_cv_image *gray, int lx, int ly, int sx, int sy, int rows,
                       const double typ[2], int reach)
{
    int cx = (lx + LMARGIN) * LCELL + sx, cy = (ly + LMARGIN) * LCELL + sy;
    double own = vz_line_dip_reach(gray->pixels, gray->width, gray->height, 1, cx, cy, rows ? 0 : 1,
                                   LCELL, 0, reach);
    double cross = vz_line_dip_reach(gray->pixels, gray->width, gray->height, 1, cx, cy,
                                     rows ? 1 : 0, LCELL, 0, reach);
    return own >= CLEAR_CROSS * typ[0] && cross >= CLEAR_CROSS * typ[1];
}

/* Line evidence of one family (rows when nonzero) halfway between its lines, taken only
 * between two points clear of stones (point_clear), the lattice shifted by (sx, sy) warp pixels.
 * Between two stones the crevice darkens the halfway line as a printed line would; between two
 * empty points a well-fitted lattice has plain wood there. The median goes to *mid; returns the
 * number of places read. */
static int clear_midway_at(double *mid, const go_cv_image *gray, int n, int rows,
                           const double typ[2], int sx, int sy, int reach)
{
    double w[GO_MAX_SIZE * GO_MAX_SIZE];
    int mw = 0;
    for (int k = 0; k + 1 < n; k++)
        for (int i = 0; i < n; i++) {
            int lx = rows ? i : k, ly = rows ? k : i, nx = rows ? lx : lx + 1,
                ny = rows ? ly + 1 : ly;
            if (!point_clear(gray, lx, ly, sx, sy, rows, typ, reach) ||
                !point_clear(gray, nx, ny, sx, sy, rows, typ, reach))
                continue;
            int cx = (lx + LMARGIN) * LCELL + (rows ? 0 : LCELL / 2) + sx;
            int cy = (ly + LMARGIN) * LCELL + (rows ? LCELL / 2 : 0) + sy;
            w[mw++] = vz_line_dip(gray->pixels, gray->width, gray->height, 1, cx, cy, rows ? 0 : 1,
                                  LCELL);
        }
    *mid = vz_median(w, mw);
    return mw;
}

static int clear_midway(double *mid, const go_cv_image *gray, int n, int rows, const double typ[2],
                        int reach)
{
    return clear_midway_at(mid, gray, n, rows, typ, 0, 0, reach);
}

/* Whether the points clear of stones tell the lattice's phase: in both families, from
 * PHASE_CLEAR_MIN places between two clear points (clear_midway), the wood halfway under
 * MID_SHARE of the lines (a noisy photo's dips read a little over plain wood's), and
 * PHASE_CLEAR_SHARE times as many as on the lattice moved half a cell along either family or
 * both. Faint lines show through the empty points of the lattice on them, and only crevices
 * between stones make crossings half a cell off. */
static int clear_phase(const go_cv_image *gray, int n, const double line_typ[2], int reach)
{
    const int H = LCELL / 2, sx[3] = {H, 0, H}, sy[3] = {0, H, H};
    for (int f = 0; f < 2; f++) {
        const double typ[2] = {line_typ[f], line_typ[1 - f]};
        double mid, other;
        const int here = clear_midway(&mid, gray, n, f, typ, reach);
        int most = 0;
        for (int k = 0; k < 3; k++) {
            const int c = clear_midway_at(&other, gray, n, f, typ, sx[k], sy[k], reach);
            most = c > most ? c : most;
        }
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr,
                    "clear phase f=%d: %d places (mid %.1f of line %.1f), %d half a cell off\n", f,
                    here, mid, line_typ[f], most);
        if (here < PHASE_CLEAR_MIN || here < PHASE_CLEAR_SHARE * most ||
            mid > MID_SHARE * line_typ[f])
            return 0;
    }
    return 1;
}

/* Whether the gaps g[0..m) (inside the lattice) start (dir 1) or end (dir -1) with a run of
 * gaps no line crosses: two or more followed within two gaps by a clearly crossed one, or
 * four or more. typ is the median gap evidence. */
static int dead_end(const double *g, int m, int dir, double typ, int *out_run)
{
    int run = 0;
    *out_run = 0;
    while (run < m && g[dir > 0 ? run : m - 1 - run] < 0.2 * typ)
        run++;
    *out_run = run;
    if (run >= 4 && run < m)
        return 1;
    if (run < 2)
        return 0;
    for (int k = run; k < run + 2 && k < m; k++)
        if (g[dir > 0 ? k : m - 1 - k] >= 0.5 * typ)
            return 1;
    return 0;
}

/* The upper quartile of v[0..m - 1] (reordered). */
static double upper_quartile(double *v, int m)
{
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            const double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return v[(3 * (m - 1)) / 4];
}

/* How many of family f's lines, from one end (high: the end at line n - 1) inward, show neither
 * their line nor the other family's lines crossing their gap: each under BLANK_END_SHARE of the
 * upper quartile of the lattice's lines and gaps (blank wood or table has no lines; an upper
 * quartile stays with the board's lines when a third of the lattice lies off it). */
static int blank_end(const double *ef, const double *gf, int n, int high)
{
    double lines[GO_MAX_SIZE], gaps[GO_MAX_SIZE];
    for (int k = 0; k < n; k++)
        lines[k] = ef[k + 1];
    for (int k = 0; k < n - 1; k++)
        gaps[k] = gf[k + 1];
    const double line_ref = BLANK_END_SHARE * upper_quartile(lines, n),
                 gap_ref = BLANK_END_SHARE * upper_quartile(gaps, n - 1);
    int run = 0;
    for (; run < n - 1; run++) {
        const int k = high ? n - 1 - run : run;  /* the line */
        const int gk = high ? n - 2 - run : run; /* the gap inward of it */
        if (ef[k + 1] >= line_ref || gf[gk + 1] >= gap_ref)
            break;
    }
    return run;
}

#define TOO_FAINT                                                                                  \
    "no board: the grid lines are too faint to check the fit (more light, less colour cast, or "   \
    "a closer photo)"

/* Whether one family's lines, ef[0..n + 1] (from the line before the lattice to the line after
 * it) and its gaps gf[0..n] (likewise) with typical values typ and gt, show the lattice a line
 * off the board's: the board's line beyond one end and none on the lattice's line at the
 * other; or the other family's lines crossing beyond one end while nothing crosses the
 * lattice's last gap at the other (it lies on the margin there). */
static int line_off(const double *ef, const double *gf, int n, double typ, double gt)
{
    const double before = ef[0], first = ef[1], last = ef[n], after = ef[n + 1];
    const int lines_seen = typ >= MEASURABLE, gaps_seen = gt >= MEASURABLE;
    const int crossed_before = gaps_seen && gf[0] > BEYOND_CROSSED * gt;
    const int crossed_after = gaps_seen && gf[n] > BEYOND_CROSSED * gt;
    return (lines_seen && ((before > 0.5 * typ && last < 0.25 * typ && before > 2 * last) ||
                           (after > 0.5 * typ && first < 0.25 * typ && after > 2 * first))) ||
           (crossed_before && gf[n - 1] < GAP_DEAD * gt) ||
           (crossed_after && gf[1] < GAP_DEAD * gt);
}

/* What one check learnt besides its verdict. */
typedef struct check_state {
    int stones[2];          /* the stones' word on the lattice (vz_phase_confirms) ... */
    int stones_asked;       /* ... once asked, for both grays */
    double stones_off[2];   /* ... the least uneven third half a cell off, in luminance ... */
    double stones_ratio[2]; /* ... the least ratio of a third's spreads off and on, in luminance */
    int lamp_asked;         /* ... and once asked in the lamp's gray (ask_stones) */
    int off;                /* families (bit 0: columns, bit 1: rows) seen one line off */
    int too_faint;          /* refused because the lines are too faint to judge */
    int past;               /* refused because the board's lines go on past the lattice's ends */
    double stone_lines[2][GO_MAX_SIZE + 2]; /* vz_stones_by_line, once asked */
    int stone_lines_asked;
    /* the dips on the lines and across the points measured two of the photo's pixels beside
     * them (dip_reach); halfway between the lines, two warp pixels beside still (farther, the
     * sides would reach the lines' blur) */
    int wide;
} check_state;

/* Whether stones cover the last `run` lines of family f at one end (high: the end at line n - 1)
 * and not the line of points beyond it: those lines' gaps show nothing because rows of stones
 * lie on them, not because the lattice runs off the board (a lattice past the board's edge has
 * bare margin on its outer points, and a stone on none of them). */
static int stones_cover_end(check_state *st, const vz_grid *g, const go_cv_image *bgr, int f,
                            int run, int high, int *rc)
{
    const int n = g->size;
    if (!st->stone_lines_asked) {
        if ((*rc = vz_stones_by_line(st->stone_lines, g, bgr)) < 0)
            return 0;
        st->stone_lines_asked = 1;
    }
    const double *line = st->stone_lines[f];
    double typ[GO_MAX_SIZE];
    memcpy(typ, &line[1], sizeof(double) * (size_t)n);
    const double median = vz_median(typ, n);
    const double beyond = line[high ? n + 1 : 0];
    if (getenv("GOREF_VISION_DEBUG")) {
        fprintf(stderr, "dead end f=%d %s run %d: stone lines", f, high ? "high" : "low", run);
        for (int k = -1; k <= n; k++)
            fprintf(stderr, " %.0f", line[k + 1]);
        fprintf(stderr, " (median %.0f)\n", median);
    }
    if (median <= 0 || beyond >= COVER_BEYOND * median)
        return 0;
    const double need = fmax(COVER_SHARE * median, COVER_POINTS * n * STONES_GAIN);
    for (int j = 0; j <= run && j < n; j++)
        if (line[(high ? n - 1 - j : j) + 1] < need)
            return 0;
    return 1;
}

/* The stones' word on lattice g into st, asked once; with light_weighted, asked once more with
 * the tones in the lamp's gray (vz_gray), and that word kept when stronger for each family whose
 * points half a cell off show less than STONES_DIM_OFF in luminance in a third. Under a
 * saturated lamp the luminance keeps a tenth of the light, and the stones' contrast with it: the
 * gain asked in every third (CONFIRM_GAIN, STRONG_CONFIRM_GAIN, grey levels against ratios of
 * noise) cannot show there, while in the lamp's gray the same ratios hold with the gains. Asked so
 * only by the check in the lamp's gray, which luminance found too faint. */
static int ask_stones(check_state *st, const vz_grid *g, const go_cv_image *bgr, int light_weighted)
{
    int rc = 0;
    if (!st->stones_asked &&
        (rc = vz_phase_ratios(st->stones, st->stones_off, st->stones_ratio, g, bgr, 0)) == 0)
        st->stones_asked = 1;
    if (rc == 0 && light_weighted && !st->lamp_asked) {
        int dim = 0, lamp[2];
        for (int f = 0; f < 2; f++)
            dim |= st->stones_off[f] < STONES_DIM_OFF && st->stones[f] < 2;
        if (!dim) /* the lamp's word would change nothing */
            st->lamp_asked = 1;
        else if ((rc = vz_phase_confirms_in(lamp, NULL, g, bgr, 1)) == 0) {
            st->lamp_asked = 1;
            for (int f = 0; f < 2; f++)
                if (st->stones_off[f] < STONES_DIM_OFF && lamp[f] > st->stones[f])
                    st->stones[f] = lamp[f];
        }
    }
    return rc;
}

/* With GOREF_VISION_DEBUG, what a second check of a lattice (named by what) came to. */
static void debug_outcome(const char *what, int rc)
{
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "%s: %s\n", what,
                rc == 0             ? "passes"
                : rc == GO_ENOBOARD ? go_error_last()
                                    : "error");
}

/* Whether the stones' word (both families confirmed by far: STRONG_CONFIRM_RATIO) settles the
 * lattice's phase where its lines show as much halfway between them as on them. In the lamp's
 * gray a saturated lamp lifts the crevices between crowded stones to lines (the check asked
 * there when luminance finds the lines too faint). In luminance under a low light from one side
 * the stones' shadows do the same: each stone's shadow falls across the wood halfway to the next
 * point and the crevices between touching stones lie in it, so on a crowded board the halfway
 * lines dip one and a half to two times the printed ones while few points are clear to judge
 * the wood between (rendered boards under a low side light, right lattices: 1.5 to 2.0 halfway,
 * the stones three to five times as uneven half a cell off as on the points in every third of
 * both families). A lattice half a cell off shows the stones as even off as on it, one at twice
 * the spacing finds the board's other points half a cell off, and one a line off is left to the
 * tests of its ends. */
static int stones_settle_halfway(const int stones[2])
{
    return stones[0] == 2 && stones[1] == 2;
}

/* vz_check_lattice on g as it is, in luminance or (light_weighted) in vz_gray. */
static int check_in(const vz_grid *g, const go_cv_image *bgr, int light_weighted, check_state *st)
{
    const int n = g->size;
    st->off = 0;
    st->too_faint = 0;
    go_cv_image gray = {0};
    int rc = warp_gray(&gray, g, bgr, light_weighted);
    if (rc < 0)
        goto done;
    double e[2][GO_MAX_SIZE + 2], gap[2][GO_MAX_SIZE + 1], line_typ[2], gap_typ[2], mid_typ[2];
    const double cell = cell_px(g);
    const int reach = st->wide ? dip_reach(cell) : 2;
    for (int rows = 0; rows < 2; rows++) {
        double tmp[GO_MAX_SIZE + 2];
        for (int k = -1; k <= n; k++)
            e[rows][k + 1] = line_evidence(&gray, n, k, rows, 0, reach);
        for (int k = -1; k < n; k++)
            gap[rows][k + 1] = gap_evidence(&gray, n, k, rows, reach);
        for (int k = 1; k < n - 1; k++)
            tmp[k - 1] = e[rows][k + 1];
        line_typ[rows] = vz_median(tmp, n - 2);
        for (int k = 0; k < n - 1; k++)
            tmp[k] = gap[rows][k + 1];
        gap_typ[rows] = vz_median(tmp, n - 1);
        for (int k = 0; k < n - 1; k++)
            tmp[k] = line_evidence(&gray, n, k, rows, 1, 2);
        mid_typ[rows] = vz_median(tmp, n - 1);
        if (getenv("GOREF_VISION_DEBUG")) {
            fprintf(stderr,
                    "lattice check rows=%d line typ %.1f gap typ %.1f mid typ %.1f\n  lines:", rows,
                    line_typ[rows], gap_typ[rows], mid_typ[rows]);
            for (int k = -1; k <= n; k++)
                fprintf(stderr, " %.1f", e[rows][k + 1]);
            fprintf(stderr, "\n  gaps:");
            for (int k = -1; k < n; k++)
                fprintf(stderr, " %.1f", gap[rows][k + 1]);
            fprintf(stderr, "\n");
        }
    }
    /* The grid must be checked against the lines before its reading is trusted: when the
     * printed lines cannot be made out (coloured light, blur, a photo too small), the fit
     * is a guess, and a guess is refused, not returned. */
    const double weaker = fmin(line_typ[0], line_typ[1]);
    /* On a small photo the printed lines are a pixel or less wide, and the camera's blur spreads
     * their dip: the floor falls with the cell's size in the photo (SOFT_CELL), to no lower than
     * MEASURABLE, where the wood halfway between the lines is plain in both families. */
    double checkable = CHECKABLE;
    if (cell < SOFT_CELL && mid_typ[0] <= SOFT_MID_SHARE * line_typ[0] &&
        mid_typ[1] <= SOFT_MID_SHARE * line_typ[1])
        checkable = fmax(MEASURABLE, CHECKABLE * cell / SOFT_CELL);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "lattice check: cell %.1f px, lines checkable from %.1f\n", cell,
                checkable);
    /* A family too faint to measure is faint whatever the other shows: none of its own tests
     * (its ends, its midway lines) can run. A synthetic 13x13's lattice fitted to the stones and
     * moved a line passed on its rows alone (19.3, the columns 3.3) and read 69 of 169. */
    const int faint = weaker < checkable &&
                      (fmax(line_typ[0], line_typ[1]) < 3 * checkable || weaker < MEASURABLE);
    const int *stones = st->stones;
    if (faint) {
        /* lines faint because stones cover most of them: the stones must confirm the lattice,
         * and points clear of stones (below) must show the lines */
        const double stones_floor = g->dim || light_weighted ? DIM_FAINT_FLOOR : FAINT_FLOOR;
        if (weaker >= stones_floor && (rc = ask_stones(st, g, bgr, light_weighted)) < 0)
            goto done;
        int confirmed = st->stones_asked && stones[0] && stones[1];
        if (!confirmed && g->dim && !light_weighted && st->stones_asked &&
            fmin(st->stones_ratio[0], st->stones_ratio[1]) >= NEAR_CONFIRM_RATIO &&
            clear_phase(&gray, n, line_typ, reach)) {
            for (int f = 0; f < 2; f++)
                if (!st->stones[f])
                    st->stones[f] = 1;
            confirmed = 1;
        }
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "faint lines: the stones confirm %d\n", confirmed);
        if (!confirmed) {
            st->too_faint = 1;
            /* The lines may be too faint to judge the lattice by, yet tell that it sits a
             * line off (lines beyond one end, none on the lattice's line at the other) */
            for (int f = 0; f < 2; f++)
                if (line_off(e[f], gap[f], n, line_typ[f], gap_typ[f]))
                    st->off |= 1 << f;
            rc = go_error_set(GO_ENOBOARD, "%s", TOO_FAINT);
            goto done;
        }
    }
    /* In the lamp's gray, lines under FAINT_FLOOR that the stones confirm stand only when both
     * families show their lines no fainter than halfway between them (MID_SHARE_STONES), even
     * where the stones settle the phase: the tests of the wood halfway need measurable lines,
     * and a lattice whose lines are that faint and darker halfway does not sit on the board's
     * (a crowded 13x13 under a blue lamp: 4.8 and 2.5 on the lines, 11.2 and 9.8 halfway, its
     * stones even by far, read 13 points wrong). */
    if (faint && light_weighted && !g->dim && weaker < FAINT_FLOOR)
        for (int f = 0; f < 2; f++)
            if (mid_typ[f] > MID_SHARE_STONES * line_typ[f]) {
                st->too_faint = 1;
                rc = go_error_set(GO_ENOBOARD, "%s", TOO_FAINT);
                goto done;
            }
    /* Faint lines judged by the stones' word: a run of BLANK_END_RUN lines at one end with no
     * line of either family is no board (the table beyond a smaller board, its stones confirming
     * the points they do cover), unless stones cover those lines. */
    if (faint)
        for (int f = 0; f < 2; f++)
            for (int high = 0; high < 2; high++) {
                const int run = blank_end(e[f], gap[f], n, high);
                if (getenv("GOREF_VISION_DEBUG"))
                    fprintf(stderr, "blank end f=%d %s: %d lines\n", f, high ? "high" : "low", run);
                if (run < BLANK_END_RUN || stones_cover_end(st, g, bgr, f, run - 1, high, &rc)) {
                    if (rc < 0)
                        goto done;
                    continue;
                }
                rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (it runs past "
                                               "the board's lines on one side)");
                goto done;
            }
    /* Halfway between points clear of stones (clear_midway) a lattice on the lines has plain
     * wood: a line there means the lattice sits between the board's lines. A bright ridge
     * there is no printed board either (on the green-stone photos the clear points of such
     * lattices fell among the stones). */
    double clear_mid[2];
    int clear_places[2];
    /* Faint lines the stones confirm by far (asked above, once) need neither clear places nor
     * plain wood halfway: the stones settle the phase (STRONG_CONFIRM_RATIO). So in the lamp's
     * gray, asked only when the luminance found the lines too faint: there a saturated lamp's
     * channel lifts the pale lines over CHECKABLE, and the crevices between crowded stones with
     * them (the halfway lines darker than the lines, few points clear); the stones are asked there
     * when the halfway lines would refuse (below). */
    const int settled = faint && stones[0] == 2 && stones[1] == 2;
    for (int f = 0; f < 2; f++) {
        double typ[2] = {line_typ[f], line_typ[1 - f]};
        clear_places[f] = clear_midway(&clear_mid[f], &gray, n, f, typ, reach);
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "clear midway f=%d: %d places, mid %.1f of line %.1f\n", f,
                    clear_places[f], clear_mid[f], line_typ[f]);
        if (faint && clear_places[f] < CLEAR_MIN && !settled) {
            st->too_faint = 1;
            rc = go_error_set(GO_ENOBOARD, "%s", TOO_FAINT);
            goto done;
        }
        if (line_typ[f] < MEASURABLE || clear_places[f] < CLEAR_MIN)
            continue;
        if (clear_mid[f] > CLEAR_MID_SHARE * line_typ[f]) {
            rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (the board's lines "
                                           "show between its lines)");
            goto done;
        }
        if (clear_mid[f] < -(st->wide ? CLEAR_RIDGE_WIDE : CLEAR_RIDGE) * line_typ[f]) {
            /* asked of the stones only when the ridge alone would refuse */
            if ((rc = ask_stones(st, g, bgr, light_weighted)) < 0)
                goto done;
            if (stones[0] && stones[1])
                continue;
            rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (it follows the "
                                           "stones' edges, not the board's lines)");
            goto done;
        }
    }
    /* On the printed lines the lattice sees them clearly more than halfway between them, where
     * only crevices between stones darken the wood (measured: at most 0.59 of the line
     * evidence on the photos read right, 0.62 to 1.5 on grids half a cell off or stretched by
     * a line). When the two are alike the lattice does not sit on the lines. */
    for (int f = 0; f < 2 && !settled; f++)
        if (line_typ[f] >= MEASURABLE && mid_typ[f] > MID_SHARE * line_typ[f]) {
            /* asked of the stones only when the lines alone would refuse */
            if ((rc = ask_stones(st, g, bgr, light_weighted)) < 0)
                goto done;
            if (stones_settle_halfway(stones))
                break;
            int within = stones[0] && stones[1];
            for (int h = 0; h < 2; h++)
                within &= line_typ[h] < MEASURABLE || mid_typ[h] <= MID_SHARE_STONES * line_typ[h];
            if (within)
                break;
            /* or, where the stones do not settle it, by the wood between clear points */
            if (clear_places[f] >= CLEAR_MIN)
                continue;
            rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (the lines show as "
                                           "much between its lines as on them)");
            goto done;
        }
    /* One family of lines and nothing across it: stripes (wood grain, a mat), not a grid. */
    for (int f = 0; f < 2; f++)
        if (line_typ[f] >= 2 * MEASURABLE && line_typ[1 - f] < 0.15 * line_typ[f]) {
            rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (lines run one way "
                                           "only)");
            goto done;
        }
    /* Measured wide, every line of the lattice shows and the other family's lines cross every
     * gap inside it (WIDE_SHOWN of their typical dips): the dip's reach is wide, and a lattice a
     * little off the board's lines in places still finds them; its lines off the board or
     * between the board's, and the crossings between them, show nothing (webcam frames of
     * tilted boards: a 13x13's lattice with four gaps in a row crossed by nothing, 1.5 cells
     * off at a corner; a 9x9's with three of its lines on none, 2 cells off) */
    if (st->wide)
        for (int f = 0; f < 2; f++)
            for (int k = 0; k < n; k++)
                if (e[f][k + 1] < WIDE_SHOWN * line_typ[f] ||
                    (k > 0 && gap[f][k] < WIDE_SHOWN * gap_typ[f])) {
                    rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (one of its "
                                                   "lines or the gaps between them shows no line)");
                    goto done;
                }
    for (int f = 0; f < 2; f++) {
        const double *ef = e[f], *gf = gap[f];
        double typ = line_typ[f];
        /* The lattice's ends against the board's: lines beyond them (before, after) and the
         * other family's lines crossing the gaps beyond them (gf[0], gf[n]) or the lattice's
         * last gaps (gf[1], gf[n - 1]). */
        const double gt = gap_typ[f], before = ef[0], first = ef[1], last = ef[n],
                     after = ef[n + 1];
        const int lines_seen = typ >= MEASURABLE, gaps_seen = gt >= MEASURABLE;
        const int crossed_before = gaps_seen && gf[0] > BEYOND_CROSSED * gt;
        const int crossed_after = gaps_seen && gf[n] > BEYOND_CROSSED * gt;
        /* lines beyond both ends; or, for a board whose outermost lines are hidden under rows
         * of stones, the other family's lines crossing beyond both ends */
        const int past_both = (lines_seen && before > 0.6 * typ && after > 0.6 * typ) ||
                              (crossed_before && crossed_after);
        /* a line, and the other family's lines crossing to it, beyond one end: the board goes
         * on there (a larger board, or the lattice in one corner of it) */
        /* Seen steeply, the far lines are thin: a line beyond the far end is judged against the
         * lattice's own lines at that end when they are fainter than the typical one. */
        const double near_first = 0.5 * (ef[1] + ef[2]), near_last = 0.5 * (ef[n] + ef[n - 1]);
        const double lim_before = BEYOND_LINE * fmax(fmin(typ, near_first), BEYOND_FLOOR * typ);
        const double lim_after = BEYOND_LINE * fmax(fmin(typ, near_last), BEYOND_FLOOR * typ);
        /* where the lines are clear, the other family's lines crossing the gap beyond an end as
         * strongly as inside: the board goes on there, whatever the line beyond shows (a lattice
         * whose spacing drifts puts that line between the board's) */
        const int goes_on = typ >= BEYOND_CLEAR && gaps_seen &&
                            (gf[0] > BEYOND_GOES_ON * gt || gf[n] > BEYOND_GOES_ON * gt);
        const int past_one = goes_on || (lines_seen && ((before > lim_before && crossed_before) ||
                                                        (after > lim_after && crossed_after)));
        const int one_off = line_off(ef, gf, n, typ, gt);
        /* the lattice's outermost line shows nothing, nor do the other family's lines reach it:
         * it lies off the board (a board's edge line is printed, and the lines end on it) */
        int off_low = lines_seen && gaps_seen && first < END_DEAD * typ && gf[1] < END_DEAD * gt;
        int off_high =
            lines_seen && gaps_seen && last < END_DEAD * typ && gf[n - 1] < END_DEAD * gt;
        if (past_one || one_off)
            st->off |= 1 << f;
        if (past_both || past_one) {
            st->past = 1;
            rc = go_error_set(GO_ENOBOARD,
                              "no board: the grid lines continue past %s (not a %dx%d board, "
                              "or the grid did not fit)",
                              past_both ? "both fitted edges" : "a fitted edge", n, n);
            goto done;
        }
        if (one_off) {
            rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (it sits a line off "
                                           "the board's lines)");
            goto done;
        }
        /* (unless stones cover that line, below) */
        if (off_low && stones_cover_end(st, g, bgr, f, 0, 0, &rc))
            off_low = 0;
        if (off_high && stones_cover_end(st, g, bgr, f, 0, 1, &rc))
            off_high = 0;
        if (rc < 0)
            goto done;
        if (off_low || off_high) {
            rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (it runs past the "
                                           "board's lines on one side)");
            goto done;
        }
        /* Three lines in a row show nothing while the other family's lines cross the gaps
         * around them: the lattice's lines there fall between the board's (at an end: a smaller
         * lattice inside a larger board; in the middle: a lattice whose spacing or perspective
         * is off there, which the median evidence of its lines hides). */
        if (typ >= MEASURABLE && gap_typ[f] >= MEASURABLE && n >= 7) {
            for (int k = 0; k + 2 < n; k++) {
                int dead = 0, crossed = 0;
                for (int j = k; j < k + 4 && j < n; j++)
                    dead += ef[j + 1] < 0.25 * typ && dead == j - k;
                for (int j = k - 1; j <= k + 2; j++)
                    crossed += j >= 0 && j < n - 1 && gf[j + 1] >= 0.5 * gap_typ[f];
                /* four in a row inside the lattice whatever the gaps show (at the far end the
                 * lines of a board seen steeply fade out) */
                int inside = k > 0 && k + 4 < n;
                if ((dead >= 3 && crossed >= 2) || (dead >= 4 && inside)) {
                    rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (three of its "
                                                   "lines in a row fall between the board's "
                                                   "lines)");
                    goto done;
                }
            }
        }
        /* The other family's lines cross every gap of a well-fitted lattice. A run of empty
         * gaps at one end, next to gaps the lines do cross, or a long run, means the lattice
         * runs off the board there. (Seen steeply, the far gaps fade smoothly instead: the
         * lines get thin.) */
        if (gaps_seen && n >= 7) {
            int lo_run, hi_run;
            int lo_end = dead_end(gf + 1, n - 1, 1, gt, &lo_run),
                hi_end = dead_end(gf + 1, n - 1, -1, gt, &hi_run);
            if (lo_end && stones_cover_end(st, g, bgr, f, lo_run, 0, &rc))
                lo_end = 0;
            if (hi_end && stones_cover_end(st, g, bgr, f, hi_run, 1, &rc))
                hi_end = 0;
            if (rc < 0)
                goto done;
            if (lo_end || hi_end) {
                rc = go_error_set(GO_ENOBOARD, "no board: the grid did not fit (it runs past "
                                               "the board's lines on one side)");
                goto done;
            }
        }
    }
done:
    go_cv_image_free(&gray);
    return rc;
}

/* Where the printed lines are too faint in luminance to judge by, the check is made in the gray
 * weighted by the light's colour (vz_gray), in which a coloured lamp keeps the lines' contrast;
 * a lattice it passes stands only when the stones confirm it in both families as well. That
 * gray alone is no judge: it lifts the board's bevel and the crevices between stones to lines,
 * and the check in it passed grids a line off (refusals on the photos became silently wrong
 * readings when it judged every lattice). With the stones' word, sparse boards under cyan and
 * pink lamps and synthetic boards under coloured lamps read; without it, a board under a pink
 * lamp was read on a lattice a column off over a third of the board, its stones there
 * unconfirmed. */
static int check(const vz_grid *g, const go_cv_image *bgr, int *off, int *past)
{
    check_state st = {0};
    int rc = check_in(g, bgr, 0, &st);
    const int faint = rc == GO_ENOBOARD && st.too_faint;
    *off = st.off;
    if (past)
        *past = (st.past ? VZ_REFUSED_PAST : 0) |
                (rc == GO_ENOBOARD && st.too_faint ? VZ_REFUSED_FAINT : 0);
    if (rc == GO_ENOBOARD && st.too_faint) {
        rc = check_in(g, bgr, 1, &st);
        *off |= st.off;
        if (rc == 0 && (rc = ask_stones(&st, g, bgr, 1)) == 0 && (!st.stones[0] || !st.stones[1]))
            rc = GO_ENOBOARD;
        debug_outcome("in the light-weighted gray", rc);
        /* the reason given stays the luminance's: its advice is what helps */
        if (rc == GO_ENOBOARD)
            go_error_set(GO_ENOBOARD, "%s", TOO_FAINT);
    }
    /* Too faint in luminance on cells of under 13 px in the photo (dip_reach): the check again in
     * luminance, the lines' dips measured two of the photo's pixels beside them. The warp
     * enlarges such cells, and a line the camera blurred over a third of the cell dips about as
     * much two warp pixels away as on it: the dip measured so is a quarter of the line's (webcam
     * frames of a 13x13 a third of the frame high, cells of 8-10 px: 3 to 4 where measured wide
     * 10 to 20). */
    if (rc == GO_ENOBOARD && faint && dip_reach(cell_px(g)) > 2) {
        check_state wide = {.wide = 1};
        rc = check_in(g, bgr, 0, &wide);
        debug_outcome("measured wide", rc);
        if (rc == GO_ENOBOARD)
            go_error_set(GO_ENOBOARD, "%s", TOO_FAINT);
    }
    return rc;
}

/* Lattice g moved by dx columns and dy rows, checked; *off gets the families the check saw a
 * line off. */
static int check_moved(vz_grid *g, const vz_grid *was, const go_cv_image *bgr, int dx, int dy,
                       int *off)
{
    vz_lattice_move(g->h, was->h, dx, dy);
    int rc = check(g, bgr, off, NULL);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "moved by %+d columns %+d rows: %s\n", dx, dy,
                rc == 0 ? "passes" : go_error_last());
    return rc;
}

int vz_check_lattice(vz_grid *g, const go_cv_image *bgr)
{
    return vz_check_lattice_past(g, bgr, NULL);
}

int vz_check_lattice_past(vz_grid *g, const go_cv_image *bgr, int *past)
{
    int off;
    int rc = check(g, bgr, &off, past);
    if (rc != GO_ENOBOARD || !off)
        return rc;
    /* A lattice one line off along a family: moved a line either way along it; and when the
     * lattice so moved shows the other family a line off as well (or the first check saw both
     * off), moved a line either way along that one too. With both off, the moves along both
     * come with the columns' moves; the rows are then moved alone. */
    char why[256];
    snprintf(why, sizeof why, "%s", go_error_last());
    const vz_grid was = *g;
    for (int f = 0; f < 2; f++) {
        if (!(off >> f & 1))
            continue;
        for (int d = -1; d <= 1; d += 2) {
            int off2;
            rc = check_moved(g, &was, bgr, f == 0 ? d : 0, f == 1 ? d : 0, &off2);
            if (rc != GO_ENOBOARD)
                return rc;
            if ((f == 1 && (off & 1)) || !((off | off2) >> (1 - f) & 1))
                continue;
            for (int d2 = -1; d2 <= 1; d2 += 2) {
                rc = check_moved(g, &was, bgr, f == 0 ? d : d2, f == 1 ? d : d2, &off2);
                if (rc != GO_ENOBOARD)
                    return rc;
            }
        }
    }
    *g = was;
    return go_error_set(GO_ENOBOARD, "%s", why);
}

int vz_empties_on_lines(int *domes, const vz_grid *g, const go_cv_image *bgr,
                        const go_vision_result *r)
{
    const int n = g->size;
    go_cv_image gray = {0};
    *domes = 0;
    int rc = warp_gray(&gray, g, bgr, 0);
    if (rc < 0)
        return rc;
    double tmp[GO_MAX_SIZE * GO_MAX_SIZE], typ[2];
    for (int rows = 0; rows < 2; rows++) {
        for (int k = 1; k < n - 1; k++)
            tmp[k - 1] = line_evidence(&gray, n, k, rows, 0, 2);
        typ[rows] = vz_median(tmp, n - 2);
    }
    int m = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (r->color[y][x] != GO_EMPTY)
                continue;
            /* on an edge, the line across it runs inward only */
            const int cx = (x + LMARGIN) * LCELL, cy = (y + LMARGIN) * LCELL;
            const int sv = y == 0 ? 1 : y == n - 1 ? -1 : 0, sh = x == 0 ? 1 : x == n - 1 ? -1 : 0;
            const double dv =
                vz_line_dip_side(gray.pixels, gray.width, gray.height, 1, cx, cy, 1, LCELL, sv);
            const double dh =
                vz_line_dip_side(gray.pixels, gray.width, gray.height, 1, cx, cy, 0, LCELL, sh);
            tmp[m++] = fmin(dv, dh);
        }
    go_cv_image_free(&gray);
    const double weaker = fmin(typ[0], typ[1]), med = m ? vz_median(tmp, m) : 0;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "empties on lines: %d empty points, median dip %.1f, lines %.1f %.1f\n", m,
                med, typ[0], typ[1]);
    if (m < EMPTIES_MIN || weaker < MEASURABLE || med >= EMPTIES_ON_LINES * weaker)
        return 0;
    *domes = med < -EMPTIES_DOMES * weaker;
    if (*domes)
        return go_error_set(GO_ENOBOARD, "no board: the points read empty look like white "
                                         "stones (they hide the board's lines as a dome does)");
    return go_error_set(GO_ENOBOARD, "no board: the grid did not fit (the points read empty do "
                                     "not show the board's lines)");
}

/* Profile across one family of lines on the warped gray image: at each pixel position across
 * the family (X for the columns, Y for the rows), the summed thin-line response within the
 * lattice's span along it. */
static void family_profile(double *out, const go_cv_image *gray, int n, int rows)
{
    const int W = gray->width, lo = LMARGIN * LCELL, hi = (LMARGIN + n - 1) * LCELL;
    for (int p = 0; p < W; p++) {
        double s = 0;
        for (int q = lo; q <= hi; q++) {
            int x = rows ? q : p, y = rows ? p : q;
            int xa = rows ? x : x - 2, ya = rows ? y - 2 : y;
            int xb = rows ? x : x + 2, yb = rows ? y + 2 : y;
            if (xa < 0 || ya < 0 || xb >= W || yb >= gray->height)
                continue;
            int c = gray->pixels[(size_t)y * W + x];
            int a = gray->pixels[(size_t)ya * W + xa], b = gray->pixels[(size_t)yb * W + xb];
            int v = (a < b ? a : b) - c;
            if (v > 0)
                s += v;
        }
        out[p] = s;
    }
    /* a little smoothing: the sought positions fall between pixels */
    double prev = out[0];
    for (int p = 1; p + 1 < W; p++) {
        double cur = out[p];
        out[p] = 0.25 * prev + 0.5 * cur + 0.25 * out[p + 1];
        prev = cur;
    }
}

static double profile_at(const double *prof, int len, double pos)
{
    if (pos < 0 || pos > len - 1)
        return 0;
    int i = (int)pos;
    double f = pos - i;
    return i + 1 < len ? prof[i] * (1 - f) + prof[i + 1] * f : prof[i];
}

/* Refits along each axis; with whole, the shift stays within WINDOW_SLACK of a whole cell. */
static int refit(vz_grid *g, const go_cv_image *bgr, int whole)
{
    const int n = g->size, side = (n - 1 + 2 * LMARGIN) * LCELL + 1;
    go_cv_image gray = {0};
    double *prof = NULL;
    int rc = warp_gray(&gray, g, bgr, 0);
    if (rc < 0)
        goto done;
    prof = malloc(sizeof(double) * (size_t)side);
    if (!prof) {
        rc = go_error_set(GO_ENOMEM, "line profile");
        goto done;
    }
    double fa[2] = {0, 0}, fb[2] = {1, 1};
    const double reach = REFIT_SHIFT + (whole ? WINDOW_SLACK : 0);
    for (int rows = 0; rows < 2; rows++) {
        family_profile(prof, &gray, n, rows);
        double base = 0, best = -1, ba = 0, bb = 1;
        for (int k = 0; k < n; k++)
            base += profile_at(prof, side, (k + LMARGIN) * LCELL);
        for (double b = 1 - REFIT_SCALE; b <= 1 + REFIT_SCALE + 1e-9; b += 0.004)
            for (double a = -reach; a <= reach + 1e-9; a += 0.025) {
                if (whole && fabs(a - round(a)) > WINDOW_SLACK + 1e-9)
                    continue;
                double sum = 0;
                for (int k = 0; k < n; k++)
                    sum += profile_at(prof, side, (a + b * k + LMARGIN) * LCELL);
                if (sum > best) {
                    best = sum;
                    ba = a;
                    bb = b;
                }
            }
        if (getenv("GOREF_VISION_DEBUG")) {
            fprintf(stderr, "refit%s rows=%d: base %.0f best %.0f at a %.3f b %.4f\n",
                    whole ? " window" : "", rows, base, best, ba, bb);
            fprintf(stderr, "  profile at lines -1..n:");
            for (int k = -1; k <= n; k++)
                fprintf(stderr, " %.0f", profile_at(prof, side, (k + LMARGIN) * LCELL));
            fprintf(stderr, "\n");
        }
        /* Move only for a clearly better fit: the lines add up markedly more there. A move by
         * whole cells changes two lines of n: half a typical line more is clear enough. */
        if (whole ? best > base + 0.5 * base / n : best > REFIT_GAIN * base) {
            fa[rows] = ba;
            fb[rows] = bb;
        }
    }
    /* new lattice (x, y) -> old (fa0 + fb0 x, fa1 + fb1 y) */
    const double t[9] = {fb[0], 0, fa[0], 0, fb[1], fa[1], 0, 0, 1};
    double h[9];
    vz_mat3_mul(h, g->h, t);
    memcpy(g->h, h, sizeof h);
done:
    free(prof);
    go_cv_image_free(&gray);
    return rc;
}

int vz_refit_lattice(vz_grid *g, const go_cv_image *bgr)
{
    return refit(g, bgr, 0);
}

int vz_refit_window(vz_grid *g, const go_cv_image *bgr)
{
    return refit(g, bgr, 1);
}
