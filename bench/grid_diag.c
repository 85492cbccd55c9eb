/* bench_vision --grid-diag: the grid finder's stages against the true lines of a rendered board
 * (grid_diag.h). Each look of the scan's first round (the two grays; the dominant direction, the
 * other direction, the second grid) is run again stage by stage on the work image at its size:
 *   families  the lines' families and vanishing points: the true lines mapped into the rectified
 *             frame must be straight along their axis (skew: how far a line's ends lie apart
 *             across it, in spacings) and evenly spaced (uneven: the largest residual of their
 *             places against an arithmetic progression, in spacings);
 *   spacing   some candidate reading of each axis has the true spacing (within 8%) and every
 *             true line within 0.2 spacing of one of its lines;
 *   window    the window chosen (any size, and the true size asked; plain or doubled) holds the
 *             true lines and no others;
 *   lattice   the look's lattice (vz_find_grid, then the refit, refinement and phase the scan
 *             applies) within half a cell of the true one;
 * and the check's verdict on it. Diagnostic only: the numbers here judge nothing. */
#include "grid_diag.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cv_shim.h"
#include "go/vision.h"
#include "grid_int.h"
#include "vision_int.h"

const char *const grid_diag_stage_name[GD_STAGES] = {"families", "spacing", "window", "lattice",
                                                     "found"};

/* The true lines of one family in the look's rectified frame, along one axis. */
typedef struct true_axis {
    double pos[GO_MAX_SIZE]; /* each line's mean place in profile bins */
    double spacing;          /* |slope| of the progression, bins */
    double a, b;             /* pos[k] ~ a + b k */
    double skew, uneven;     /* in spacings */
} true_axis;

/* (x, y) in work pixels into the rectified frame's profile bins (ub, vb); -1 behind the view. */
static int to_bins(const grid_prefix *gp, int W, int H, double x, double y, double *ub, double *vb)
{
    const double cx = W / 2.0, cy = H / 2.0, S = (W > H ? W : H) / 2.0;
    const double xn = (x - cx) / S, yn = (y - cy) / S;
    const double w = 1 + gp->linf[0] * xn + gp->linf[1] * yn;
    if (w < 0.05)
        return -1;
    const double xr = xn / w, yr = yn / w;
    const double u = gp->na[0] * xr + gp->na[1] * yr, v = gp->nb2[0] * xr + gp->nb2[1] * yr;
    *ub = (u - gp->umin) / gp->bwu + 1;
    *vb = (v - gp->vmin) / gp->bwv + 1;
    return 0;
}

/* The lines of true lattice family fam (0: x = k, 1: y = k) along axis `axis` (0: u, 1: v). */
static int true_lines(true_axis *t, const grid_prefix *gp, const vz_grid *truth, int W, int H,
                      int fam, int axis)
{
    const int n = truth->size;
    double sk = 0, skk = 0, sp = 0, skp = 0, spread[GO_MAX_SIZE] = {0};
    for (int k = 0; k < n; k++) {
        double lo = 1e300, hi = -1e300, sum = 0;
        for (int s = 0; s <= 4; s++) {
            const double along = (n - 1) * s / 4.0;
            double x, y, ub, vb;
            if (vz_apply(truth->h, fam ? along : k, fam ? k : along, &x, &y) ||
                to_bins(gp, W, H, x, y, &ub, &vb))
                return -1;
            const double q = axis ? vb : ub;
            lo = q < lo ? q : lo;
            hi = q > hi ? q : hi;
            sum += q;
        }
        t->pos[k] = sum / 5;
        spread[k] = hi - lo;
        sk += k;
        skk += (double)k * k;
        sp += t->pos[k];
        skp += k * t->pos[k];
    }
    const double den = n * skk - sk * sk;
    t->b = (n * skp - sk * sp) / den;
    t->a = (sp - t->b * sk) / n;
    t->spacing = fabs(t->b);
    t->skew = t->uneven = 0;
    for (int k = 0; k < n && t->spacing > 0; k++) {
        t->skew = fmax(t->skew, spread[k] / t->spacing);
        t->uneven = fmax(t->uneven, fabs(t->pos[k] - t->a - t->b * k) / t->spacing);
    }
    return t->spacing > 0 ? 0 : -1;
}

/* Whether axis reading f holds the true lines t (n of them): its spacing within 8% of theirs and
 * each within 0.2 spacing of one of its lines. */
static int reading_holds(const axis_fit *f, const true_axis *t, int n)
{
    if (f->spacing <= 0 || fabs(f->spacing - t->spacing) > 0.08 * t->spacing)
        return 0;
    for (int k = 0; k < n; k++) {
        const double q = (t->pos[k] - f->origin) / f->spacing;
        if (fabs(q - floor(q + 0.5)) > 0.2)
            return 0;
    }
    return 1;
}

/* Whether the window of n lines from line `first` of reading f is the true lines t. */
static int window_holds(const axis_fit *f, int first, int wn, const true_axis *t, int n)
{
    if (wn != n || !reading_holds(f, t, n))
        return 0;
    const double lo = f->origin + first * f->spacing, hi = lo + (wn - 1) * f->spacing;
    const double tlo = fmin(t->pos[0], t->pos[n - 1]), thi = fmax(t->pos[0], t->pos[n - 1]);
    return fabs(lo - tlo) < 0.3 * f->spacing && fabs(hi - thi) < 0.3 * f->spacing;
}

/* The corners of lattice g against those of truth (the same size), in true cells: the worst
 * corner's distance to the nearest true corner, over the middle cell's side. 99 for another
 * size. */
static double cells_off(const vz_grid *g, const vz_grid *truth)
{
    if (g->size != truth->size)
        return 99;
    const int m = truth->size - 1;
    double got[4][2], want[4][2], ax, ay, bx, by;
    for (int c = 0; c < 4; c++) {
        const int i = (c == 1 || c == 2) ? m : 0, j = c >= 2 ? m : 0;
        if (vz_apply(g->h, i, j, &got[c][0], &got[c][1]) ||
            vz_apply(truth->h, i, j, &want[c][0], &want[c][1]))
            return 99;
    }
    vz_apply(truth->h, m / 2, m / 2, &ax, &ay);
    vz_apply(truth->h, m / 2 + 1, m / 2, &bx, &by);
    const double cell = hypot(bx - ax, by - ay);
    double worst = 0;
    for (int c = 0; c < 4; c++) {
        double nearest = 1e300;
        for (int k = 0; k < 4; k++)
            nearest = fmin(nearest, hypot(got[c][0] - want[k][0], got[c][1] - want[k][1]));
        worst = fmax(worst, nearest);
    }
    return cell > 0 ? worst / cell : 99;
}

/* The angle (degrees) at which the true lattice lines of family fam (0: x = k, 1: y = k) miss the
 * vanishing point v (normalized frame, as grid_families.c): the largest over its lines. */
static double vp_miss(const vz_grid *truth, int W, int H, int fam, const double v[3])
{
    const double cx = W / 2.0, cy = H / 2.0, S = (W > H ? W : H) / 2.0;
    const int n = truth->size;
    double worst = 0;
    for (int k = 0; k < n; k++) {
        double x0, y0, x1, y1;
        vz_apply(truth->h, fam ? 0 : k, fam ? k : 0, &x0, &y0);
        vz_apply(truth->h, fam ? n - 1 : k, fam ? k : n - 1, &x1, &y1);
        x0 = (x0 - cx) / S, y0 = (y0 - cy) / S, x1 = (x1 - cx) / S, y1 = (y1 - cy) / S;
        const double mx = (x0 + x1) / 2, my = (y0 + y1) / 2, dx = x1 - x0, dy = y1 - y0;
        double tx, ty;
        if (fabs(v[2]) < 1e-9) {
            tx = v[0];
            ty = v[1];
        } else {
            tx = v[0] / v[2] - mx;
            ty = v[1] / v[2] - my;
        }
        const double c = fabs(dx * tx + dy * ty) / (hypot(dx, dy) * hypot(tx, ty) + 1e-300);
        worst = fmax(worst, acos(c > 1 ? 1 : c) * 180 / PI);
    }
    return worst;
}

/* The true vanishing line as rectify() tests it: |linf| with linf[2] = 1. */
static double true_view(const vz_grid *truth, int W, int H)
{
    const double cx = W / 2.0, cy = H / 2.0, S = (W > H ? W : H) / 2.0;
    const double T[9] = {1 / S, 0, -cx / S, 0, 1 / S, -cy / S, 0, 0, 1};
    double hn[9], l[3];
    vz_mat3_mul(hn, T, truth->h);
    const double a[3] = {hn[0], hn[3], hn[6]}, b[3] = {hn[1], hn[4], hn[7]};
    vz_cross3(l, a, b);
    return fabs(l[2]) > 1e-12 ? hypot(l[0] / l[2], l[1] / l[2]) : 1e9;
}

/* The nearer of the true vanishing points' distances from the photo's centre, as fit_vp tests
 * them (half the longer side). */
static double true_vp_near(const vz_grid *truth, int W, int H)
{
    const double cx = W / 2.0, cy = H / 2.0, S = (W > H ? W : H) / 2.0;
    const double T[9] = {1 / S, 0, -cx / S, 0, 1 / S, -cy / S, 0, 0, 1};
    double hn[9];
    vz_mat3_mul(hn, T, truth->h);
    double near = 1e9;
    for (int c = 0; c < 2; c++)
        if (fabs(hn[6 + c]) > 1e-12)
            near = fmin(near, hypot(hn[c] / hn[6 + c], hn[3 + c] / hn[6 + c]));
    return near;
}

/* One look `how` on work against truth: its stage, and a line of detail appended to detail. */
static int diag_look(const go_cv_image *work, const vz_grid *truth, unsigned how, line_reading *L,
                     char *detail, size_t cap)
{
    const int n = truth->size, W = work->width, H = work->height;
    size_t used = strlen(detail);
    char *out = detail + used;
    const size_t room = cap > used ? cap - used : 0;
    grid_prefix *gp = calloc(1, sizeof *gp);
    rect_pixel *px = NULL;
    size_t npx = 0;
    int stage = GD_FAMILIES;
    if (!gp)
        return -1;
    int rc = vz_grid_families(gp, L, W, H, how);
    if (rc < 0) {
        snprintf(out, room, "  look %u: families refused (true view %.2f, vp %.2f): %s\n", how,
                 true_view(truth, W, H), true_vp_near(truth, W, H), go_error_last());
        go_error_clear();
        goto done;
    }
    /* which true family lies along u: the pairing whose lines run straightest */
    true_axis t[2][2]; /* [family][axis] */
    for (int f = 0; f < 2; f++)
        for (int a = 0; a < 2; a++)
            if (true_lines(&t[f][a], gp, truth, W, H, f, a) < 0) {
                snprintf(out, room, "  look %u: true lines behind the rectified view\n", how);
                goto done;
            }
    const int fu_fam = t[0][0].skew + t[1][1].skew <= t[1][0].skew + t[0][1].skew ? 0 : 1;
    const true_axis *tu = &t[fu_fam][0], *tv = &t[1 - fu_fam][1];
    const double skew = fmax(tu->skew, tv->skew), uneven = fmax(tu->uneven, tv->uneven);
    int pos =
        snprintf(out, room,
                 "  look %u: %d lines, view %.2f (true %.2f, vp %.2f), vp miss %.1f/%.1f deg, skew "
                 "%.2f/%.2f uneven %.2f/%.2f, true spacing %.1f/%.1f bins",
                 how, gp->nl, hypot(gp->linf[0], gp->linf[1]), true_view(truth, W, H),
                 true_vp_near(truth, W, H), vp_miss(truth, W, H, fu_fam, gp->va),
                 vp_miss(truth, W, H, 1 - fu_fam, gp->vb), tu->skew, tv->skew, tu->uneven,
                 tv->uneven, tu->spacing, tv->spacing);
#define MORE(...)                                                                                  \
    do {                                                                                           \
        if (pos >= 0 && (size_t)pos < room)                                                        \
            pos += snprintf(out + pos, room - (size_t)pos, __VA_ARGS__);                           \
    } while (0)
    if (skew > 0.3 || uneven > 0.2) {
        MORE(": families skew the true lines\n");
        goto done;
    }
    stage = GD_SPACING;
    if ((rc = vz_grid_axes(gp, L, &px, &npx)) < 0) {
        MORE(": axes refused: %s\n", go_error_last());
        go_error_clear();
        goto done;
    }
    int hu = 0, hv = 0;
    MORE(", first %.1f/%.1f, candidates u", gp->fu.spacing, gp->fv.spacing);
    for (int a = 0; a < gp->nu; a++) {
        const int h = reading_holds(&gp->cu[a], tu, n);
        hu |= h;
        MORE(" %.1f%s", gp->cu[a].spacing, h ? "*" : "");
    }
    MORE(" v");
    for (int b = 0; b < gp->nv; b++) {
        const int h = reading_holds(&gp->cv[b], tv, n);
        hv |= h;
        MORE(" %.1f%s", gp->cv[b].spacing, h ? "*" : "");
    }
    if (!hu || !hv) {
        MORE(": no true reading\n");
        goto done;
    }
    stage = GD_WINDOW;
    /* the windows a look can take: any size or the true size asked, plain or doubled */
    int win_ok = 0;
    static const int hints[2] = {0, 1};
    for (int hi = 0; hi < 2; hi++)
        for (int dbl = 0; dbl < 2; dbl++) {
            axis_fit fu, fv;
            grid_window w;
            if (vz_grid_window(&fu, &fv, &w, gp, px, npx, hints[hi] ? n : 0, dbl) < 0) {
                go_error_clear();
                MORE(", win%s%s -", hi ? "@n" : "", dbl ? "x2" : "");
                continue;
            }
            const int ok =
                window_holds(&fu, w.au, w.n, tu, n) && window_holds(&fv, w.av, w.n, tv, n);
            MORE(", win%s%s %d %.1f/%.1f%s", hi ? "@n" : "", dbl ? "x2" : "", w.n, fu.spacing,
                 fv.spacing, ok ? "*" : "");
            win_ok |= ok;
        }
    if (!win_ok) {
        MORE(": no true window\n");
        goto done;
    }
    stage = GD_LATTICE;
    double best = 99;
    int passed = 0;
    for (int hi = 0; hi < 2; hi++)
        for (int dbl = 0; dbl < 2; dbl++) {
            vz_grid g;
            if (vz_find_grid(&g, work, hints[hi] ? n : 0, how | (dbl ? VZ_LOOK_DOUBLED : 0), NULL) <
                0) {
                go_error_clear();
                continue;
            }
            const double off0 = cells_off(&g, truth);
            int r2 = vz_refit_lattice(&g, work);
            if (r2 >= 0)
                r2 = vz_refine_lattice(&g, work);
            if (r2 >= 0)
                r2 = vz_phase_lattice(&g, work);
            if (r2 == 1 && (r2 = vz_refit_window(&g, work)) >= 0)
                r2 = vz_refine_lattice(&g, work);
            const double off = r2 >= 0 ? cells_off(&g, truth) : 99;
            const int pass = r2 >= 0 && vz_check_lattice(&g, work) == 0;
            go_error_clear();
            MORE(", lattice%s%s %.2f->%.2f%s", hi ? "@n" : "", dbl ? "x2" : "", off0, off,
                 pass ? " passes" : "");
            best = fmin(best, off);
            passed |= pass && off < 0.5;
        }
    if (best < 0.5)
        stage = GD_FOUND;
    MORE("%s\n", passed ? ": true lattice passes its check" : "");
#undef MORE
done:
    free(px);
    free(gp);
    return stage;
}

int grid_diag(const uint8_t *jpeg, size_t len, int n, double corners[4][2], char *detail,
              size_t cap)
{
    go_image_format fmt;
    int sw, sh, best = -1;
    go_cv_image img = {0}, work = {0};
    detail[0] = 0;
    if (go_vision_probe(&fmt, &sw, &sh, jpeg, len) < 0 ||
        vz_decode_work(&img, &work, jpeg, len, fmt, sw, sh) < 0) {
        go_error_clear();
        goto done;
    }
    double wc[4][2];
    for (int c = 0; c < 4; c++) {
        wc[c][0] = corners[c][0] * work.width / sw;
        wc[c][1] = corners[c][1] * work.height / sh;
    }
    vz_grid truth;
    if (vz_lattice_through(&truth, wc, n, n - 1) < 0)
        goto done;
    static const unsigned looks[] = {VZ_LOOK_LIGHT_WEIGHTED,
                                     0,
                                     VZ_LOOK_LIGHT_WEIGHTED | VZ_LOOK_OTHER_DIRECTION,
                                     VZ_LOOK_OTHER_DIRECTION,
                                     VZ_LOOK_LIGHT_WEIGHTED | VZ_LOOK_SECOND_GRID,
                                     VZ_LOOK_SECOND_GRID,
                                     VZ_LOOK_LIGHT_WEIGHTED | VZ_LOOK_STEEP,
                                     VZ_LOOK_STEEP};
    line_reading L[2];
    memset(L, 0, sizeof L);
    vz_scan_begin();
    for (int k = 0; k < (int)(sizeof looks / sizeof *looks); k++) {
        const int lw = (looks[k] & VZ_LOOK_LIGHT_WEIGHTED) != 0;
        if (!L[lw].built && vz_read_lines(&L[lw], &work, lw) < 0) {
            go_error_clear();
            continue;
        }
        const int s = diag_look(&work, &truth, looks[k], &L[lw], detail, cap);
        best = s > best ? s : best;
    }
    vz_scan_end();
    vz_line_reading_free(&L[0]);
    vz_line_reading_free(&L[1]);
done:
    go_cv_image_free(&img);
    go_cv_image_free(&work);
    return best;
}
