/* Stage 2, candidates: the periodic profile of each axis, its spacing and the window. In: the
 * look's grid_prefix after the families (grid_families.c) and the pixels of line. Out: each
 * family's profile across its lines in the rectified frame, read for its period and phase (a
 * spectrum over a geometric range of periods, then least squares on the peaks); the candidate
 * readings of each axis (at twice the spacing, at half, near the other axis's), the covers of
 * the crossing lines between them; and the window of 9, 13 or 19 lines each way that the best
 * pairing of readings holds (vz_grid_window), read again within its own span. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid_int.h"
#include "params.h"

/* Peak position (sub-bin) and strength above the local floor near bin c within +-rad bins. */
static void peak_near(const double *prof, int nb, double c, double rad, double *pos,
                      double *strength)
{
    int lo = (int)floor(c - rad), hi = (int)ceil(c + rad);
    if (lo < 1)
        lo = 1;
    if (hi > nb - 2)
        hi = nb - 2;
    int best = -1;
    for (int b = lo; b <= hi; b++)
        if (best < 0 || prof[b] > prof[best])
            best = b;
    if (best < 0) {
        *pos = c;
        *strength = 0;
        return;
    }
    double y0 = prof[best - 1], y1 = prof[best], y2 = prof[best + 1];
    double den = y0 - 2 * y1 + y2;
    double off = (fabs(den) > 1e-12) ? 0.5 * (y0 - y2) / den : 0;
    if (off > 0.5)
        off = 0.5;
    if (off < -0.5)
        off = -0.5;
    *pos = best + off;
    /* floor: the lowest value between this and the neighbouring line positions */
    int flo = (int)floor(c - 2 * rad), fhi = (int)ceil(c + 2 * rad);
    if (flo < 0)
        flo = 0;
    if (fhi > nb - 1)
        fhi = nb - 1;
    double mn = y1;
    for (int b = flo; b <= fhi; b++)
        if (prof[b] < mn)
            mn = prof[b];
    *strength = y1 - mn;
}

/* Strength and position of the profile's peak at every lattice position k. */
static void measure_axis(axis_fit *out, const double *prof, int nb, double d, double origin)
{
    for (int k = out->kmin; k <= out->kmax; k++) {
        double pos, st;
        peak_near(prof, nb, origin + k * d, 0.25 * d, &pos, &st);
        /* A peak well off the lattice (a board edge 0.6 cell beyond the last line, a shadow)
         * is not a grid line. */
        double dev = fabs(pos - (origin + k * d)) / d;
        if (dev > 0.15)
            st *= dev > 0.3 ? 0 : (0.3 - dev) / 0.15;
        out->pos[k - out->kmin] = pos;
        out->strength[k - out->kmin] = st;
    }
    out->spacing = d;
    out->origin = origin;
}

/* fit_axis's periods side by side, and its ring of buffers of the profile high-passed at a
 * half period (more than the FIT_CHAINS a group of periods can ask). */
#define FIT_CHAINS 4
#define FIT_HALVES 8

/* Finds the period and phase of the line profile; spacing limited to [dmin, dmax] bins. Also
 * built for AVX (picked at load time where the processor has it): the four chains of periods
 * side by side then fit one register; the same operations in the same order (no fused
 * multiply-add), so the same result. */
__attribute__((target_clones("avx", "default"))) static int
fit_axis(axis_fit *out, const double *prof, int nb, double dmin, double dmax)
{
    double total = 0;
    for (int b = 0; b < nb; b++)
        total += prof[b];
    if (total <= 0)
        return -1;
    /* Spectral magnitude for periods on a geometric grid. For each period d the profile is
     * first high-passed by subtracting its moving average over d: that keeps the component
     * of period d whole but removes the long-period bulk of a board's line mass, which would
     * otherwise outscore the grid's own period. */
    int nd = 0;
    double ds[600], fs[600];
    double *cum = malloc(sizeof(double) * (size_t)(nb + 1));
    if (!cum)
        return -1;
    cum[0] = 0;
    for (int b = 0; b < nb; b++)
        cum[b + 1] = cum[b] + prof[b];
    /* The periods FIT_CHAINS at a time: each one's phasor turns by a chain of products that
     * waits on the last, and chains side by side keep the processor busy (the same arithmetic,
     * the same result, in a fraction of the time). The high-passed profile depends on the
     * period only through half of it, which neighbouring periods share: it is made once for
     * each half (the periods rise, so each half is met in one run) in a ring of FIT_HALVES
     * buffers, more than one group of periods can fill. */
    double dl[600];
    for (double d = dmin; d <= dmax && nd < 600; d *= 1.004)
        dl[nd++] = d;
    double *hpbuf = malloc(sizeof(double) * (FIT_HALVES + FIT_CHAINS) * (size_t)(nb > 0 ? nb : 1));
    int tag[FIT_HALVES], last = 0;
    if (!hpbuf) {
        free(cum);
        return -1;
    }
    double *hp4 = hpbuf + (size_t)FIT_HALVES * (size_t)(nb > 0 ? nb : 1);
    for (int k = 0; k < FIT_HALVES; k++)
        tag[k] = -1;
    for (int i = 0; i < nd; i += FIT_CHAINS) {
        const int m = i + FIT_CHAINS <= nd ? FIT_CHAINS : nd - i;
        const double *hpq[FIT_CHAINS];
        double cr[FIT_CHAINS], sr[FIT_CHAINS], c[FIT_CHAINS], sn[FIT_CHAINS], re[FIT_CHAINS],
            im[FIT_CHAINS], mass[FIT_CHAINS];
        for (int q = 0; q < FIT_CHAINS; q++) {
            const double d = dl[i + (q < m ? q : 0)], w = 2 * PI / d;
            int half = (int)(d / 2);
            if (half < 1)
                half = 1;
            if (tag[last] != half) { /* a new half: the next buffer in the ring */
                last = (last + 1) % FIT_HALVES;
                double *hp = hpbuf + (size_t)last * (size_t)nb;
                for (int b = 0; b < nb; b++) {
                    int lo = b - half < 0 ? 0 : b - half,
                        hi = b + half + 1 > nb ? nb : b + half + 1;
                    hp[b] = prof[b] - (cum[hi] - cum[lo]) / (hi - lo);
                }
                tag[last] = half;
            }
            const double *hp = hpbuf + (size_t)last * (size_t)nb;
            hpq[q] = hp;
            cr[q] = cos(w);
            sr[q] = sin(w);
            c[q] = 1;
            sn[q] = re[q] = im[q] = mass[q] = 0;
        }
        /* the group's high-passed profiles side by side, their negative parts set to zero
         * (adding zero changes nothing, and no branch waits on an unpredictable sign) */
        for (int b = 0; b < nb; b++)
            for (int q = 0; q < FIT_CHAINS; q++)
                hp4[FIT_CHAINS * b + q] = hpq[q][b] > 0 ? hpq[q][b] : 0;
        for (int b = 0; b < nb; b++) {
            const double *hp = hp4 + (size_t)FIT_CHAINS * b;
            double nc[FIT_CHAINS];
            for (int q = 0; q < FIT_CHAINS; q++) {
                re[q] += hp[q] * c[q];
                im[q] += hp[q] * sn[q];
                mass[q] += hp[q];
                nc[q] = c[q] * cr[q] - sn[q] * sr[q];
                sn[q] = sn[q] * cr[q] + c[q] * sr[q];
            }
            for (int q = 0; q < FIT_CHAINS; q++)
                c[q] = nc[q];
        }
        for (int q = 0; q < m; q++) {
            ds[i + q] = dl[i + q];
            fs[i + q] = mass[q] > 0 ? hypot(re[q], im[q]) / (total + mass[q]) : 0;
        }
    }
    free(hpbuf);
    free(cum);
    if (nd < 3)
        return -1;
    double fmax = 0;
    for (int i = 0; i < nd; i++)
        if (fs[i] > fmax)
            fmax = fs[i];
    /* The strongest period; its half (stone gaps half-way between lines) is caught below by
     * the parity check, and the high-pass keeps longer periods down. */
    int pick = -1;
    for (int i = 0; i < nd; i++)
        if (fs[i] == fmax) {
            pick = i;
            break;
        }
    if (pick < 0)
        return -1;
    double d = ds[pick];
    double re = 0, im = 0, w = 2 * PI / d;
    for (int b = 0; b < nb; b++) {
        re += prof[b] * cos(w * b);
        im += prof[b] * sin(w * b);
    }
    double origin = atan2(im, re) / w;
    if (origin < 0)
        origin += d;
    /* Refine spacing and origin by least squares on the strong peaks (two passes). */
    for (int pass = 0; pass < 2; pass++) {
        int kmin = (int)ceil((0 - origin) / d), kmax = (int)floor((nb - 1 - origin) / d);
        if (kmax - kmin + 1 > 256)
            kmax = kmin + 255;
        double sw = 0, sk = 0, sp = 0, skk = 0, skp = 0, smax = 0;
        for (int k = kmin; k <= kmax; k++) {
            double pos, st;
            peak_near(prof, nb, origin + k * d, 0.25 * d, &pos, &st);
            out->pos[k - kmin] = pos;
            out->strength[k - kmin] = st;
            if (st > smax)
                smax = st;
        }
        for (int k = kmin; k <= kmax; k++) {
            double st = out->strength[k - kmin];
            if (st < 0.3 * smax)
                continue;
            double pos = out->pos[k - kmin];
            sw += st;
            sk += st * k;
            sp += st * pos;
            skk += st * k * k;
            skp += st * k * pos;
        }
        double den = sw * skk - sk * sk;
        if (sw > 0 && fabs(den) > 1e-9) {
            double nd2 = (sw * skp - sk * sp) / den;
            double no = (sp - nd2 * sk) / sw;
            if (nd2 > 0.8 * d && nd2 < 1.25 * d) {
                d = nd2;
                origin = no;
            }
        }
        out->kmin = kmin;
        out->kmax = kmax;
    }
    measure_axis(out, prof, nb, d, origin);
    /* Half the true period fits too when stone gaps line up half-way between the lines:
     * then every other lattice line is weak. Keep the strong parity at twice the spacing. */
    {
        double even = 0, odd = 0;
        int ne = 0, no = 0;
        for (int k = out->kmin; k <= out->kmax; k++) {
            double st = out->strength[k - out->kmin];
            if (((k % 2) + 2) % 2 == 0) {
                even += st;
                ne++;
            } else {
                odd += st;
                no++;
            }
        }
        even = ne ? even / ne : 0;
        odd = no ? odd / no : 0;
        double lo = even < odd ? even : odd, hi = even < odd ? odd : even;
        out->parity_doubled = 0;
        out->tripled = 0;
        if (hi > 0 && lo < 0.45 * hi && 2 * d <= dmax * 1.5) {
            out->parity_doubled = 1;
            origin += (odd > even) ? d : 0;
            d *= 2;
            int kmin = (int)ceil((0 - origin) / d), kmax = (int)floor((nb - 1 - origin) / d);
            if (kmax - kmin + 1 > 256)
                kmax = kmin + 255;
            out->kmin = kmin;
            out->kmax = kmax;
            measure_axis(out, prof, nb, d, origin);
        }
    }
    out->periodicity = fs[pick];
    return 0;
}

/* Lines of the window [start, start + n) clearly present: above 0.15 of the 5th strongest. */
static int strong_in(const axis_fit *f, int start, int n)
{
    int count = f->kmax - f->kmin + 1;
    double top[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < count; i++) {
        double v = f->strength[i];
        for (int t = 0; t < 5; t++)
            if (v > top[t]) {
                double tmp = top[t];
                top[t] = v;
                v = tmp;
            }
    }
    double tau = STRONG_LINE * top[4];
    int strong = 0;
    for (int k = start; k < start + n; k++) {
        int i = k - f->kmin;
        if (i >= 0 && i < count && f->strength[i] >= tau)
            strong++;
    }
    return strong;
}

/* Best window of n consecutive lines: strong inside, nothing just outside. */
static double best_window(const axis_fit *f, int n, int *out_start)
{
    int count = f->kmax - f->kmin + 1;
    double best = -1e300;
    *out_start = f->kmin;
    if (count < n)
        return best;
    double smax = 0;
    for (int i = 0; i < count; i++)
        if (f->strength[i] > smax)
            smax = f->strength[i];
    if (smax <= 0)
        return best;
    double cmax = 0;
    for (int i = 0; i < count; i++)
        if (f->cover[i] > cmax)
            cmax = f->cover[i];
    for (int a = 0; a + n <= count; a++) {
        double in = 0, weakest = 1e300;
        for (int i = a; i < a + n; i++) {
            double s = f->strength[i] / smax;
            in += s;
            if (s < weakest)
                weakest = s;
        }
        in /= n;
        double left = a > 0 ? f->strength[a - 1] / smax : 0;
        double right = a + n < count ? f->strength[a + n] / smax : 0;
        /* The outermost grid lines are long and unbroken by stones on most of their length. */
        double edges = 0.5 * (f->strength[a] + f->strength[a + n - 1]) / smax;
        double score = in + 0.3 * edges + 0.3 * weakest - 0.8 * (left > right ? left : right);
        if (f->has_cover && cmax > 0) {
            /* relative to the window's own typical coverage (median), so that a bright table
             * texture elsewhere does not set the scale */
            double tmp[256];
            int m = 0;
            for (int i = a; i < a + n - 1; i++)
                tmp[m++] = f->cover[i];
            double med = vz_median(tmp, m);
            if (med > 0) {
                double cl = a > 0 ? f->cover[a - 1] / med : 0;
                double cr = a + n - 1 < count ? f->cover[a + n - 1] / med : 0;
                double first = f->cover[a] / med, last = f->cover[a + n - 2] / med;
                double ends = first < last ? first : last;
                if (ends > 1)
                    ends = 1;
                double out = cl > cr ? cl : cr;
                if (out > 1)
                    out = 1;
                score += 1.5 * (ends - out);
            }
        }
        if (score > best) {
            best = score;
            *out_start = f->kmin + a;
        }
    }
    return best;
}

/* Crossing-line coverage between consecutive lattice lines of each axis. */
static void compute_cover(axis_fit *fu, axis_fit *fv, const rect_pixel *px, size_t np)
{
    memset(fu->cover, 0, sizeof fu->cover);
    memset(fv->cover, 0, sizeof fv->cover);
    fu->has_cover = fv->has_cover = 1;
    for (size_t k = 0; k < np; k++) {
        const rect_pixel *p = &px[k];
        double qu = (p->ub - fu->origin) / fu->spacing, qv = (p->vb - fv->origin) / fv->spacing;
        double ku = floor(qu), kv = floor(qv), fu_ = qu - ku, fv_ = qv - kv;
        /* between two u-lines, on a v-line: a piece of a crossing line */
        if (fu_ > 0.25 && fu_ < 0.75 && (fv_ < 0.12 || fv_ > 0.88)) {
            int i = (int)ku - fu->kmin;
            if (i >= 0 && i < 256)
                fu->cover[i] += p->wt;
        }
        if (fv_ > 0.25 && fv_ < 0.75 && (fu_ < 0.12 || fu_ > 0.88)) {
            int i = (int)kv - fv->kmin;
            if (i >= 0 && i < 256)
                fv->cover[i] += p->wt;
        }
    }
}

/* Where profile bin q falls against axis f, as compute_cover asks: COVER_BETWEEN two lines,
 * COVER_ON one, and (the gap's index + 1) times COVER_INDEX while the gap is one of f's 256. */
enum { COVER_BETWEEN = 1, COVER_ON = 2, COVER_INDEX = 4 };
static int32_t cover_place(double q, const axis_fit *f)
{
    double qa = (q - f->origin) / f->spacing, ka = floor(qa), fa = qa - ka;
    int32_t place = 0;
    if (fa < 0.12 || fa > 0.88)
        place |= COVER_ON;
    if (fa > 0.25 && fa < 0.75) {
        int i = (int)ka - f->kmin;
        place |= COVER_BETWEEN;
        if (i >= 0 && i < 256)
            place += (i + 1) * COVER_INDEX;
    }
    return place;
}

/* Size and windows for the fitted axes: the largest candidate whose best windows on both
 * axes hold (almost) only clear lines; otherwise the best-scoring window. Returns the score
 * (-1e300 when nothing fits). */
static double choose_size(const axis_fit *fu, const axis_fit *fv, const int *sizes, int nsizes,
                          int *out_n, int *out_au, int *out_av, int *out_clear)
{
    double best = -1e300;
    int bn = 0, bau = 0, bav = 0, pref_hit = 0;
    for (int pref = 1; pref >= 0 && bn == 0; pref--)
        for (int i = 0; i < nsizes; i++) {
            int au, av;
            double su = best_window(fu, sizes[i], &au), sv = best_window(fv, sizes[i], &av);
            if (pref && (strong_in(fu, au, sizes[i]) < sizes[i] - SIZE_SLACK ||
                         strong_in(fv, av, sizes[i]) < sizes[i] - SIZE_SLACK))
                continue;
            double s = su + sv;
            if (pref) { /* sizes are in decreasing order: the first that qualifies wins */
                pref_hit = 1;
                best = s;
                bn = sizes[i];
                bau = au;
                bav = av;
                break;
            }
            if (s > best) {
                best = s;
                bn = sizes[i];
                bau = au;
                bav = av;
            }
        }
    *out_clear = pref_hit;
    *out_n = bn;
    *out_au = bau;
    *out_av = bav;
    return bn ? best : -1e300;
}

/* f's profile measured at spacing d from origin, lines kmin..kmax (f's periodicity kept). */
static void axis_at(axis_fit *out, const axis_fit *f, const double *prof, int nb, double d,
                    double origin, int kmin, int kmax)
{
    memset(out, 0, sizeof *out);
    out->kmin = kmin;
    out->kmax = kmax;
    measure_axis(out, prof, nb, d, origin);
    out->periodicity = f->periodicity;
}

/* The same profile read at `times` (2 or 3) its spacing: every other or every third line of f,
 * from line `phase`. Readings at three times are marked (paired only in the looks at a multiple).
 */
static int multiple_axis(axis_fit *out, const axis_fit *f, const double *prof, int nb, int times,
                         int phase)
{
    double d = times * f->spacing, origin = f->origin + phase * f->spacing;
    int kmin = (int)ceil((0 - origin) / d), kmax = (int)floor((nb - 1 - origin) / d);
    if (kmax - kmin + 1 > 256)
        kmax = kmin + 255;
    if (kmax - kmin + 1 < 5)
        return -1;
    axis_at(out, f, prof, nb, d, origin, kmin, kmax);
    out->tripled = times == 3;
    return 0;
}

/* The axis at half the spacing of f (whose spacing the parity rule doubled): the lines it took
 * for stone gaps, back. -1 when it holds too many lines to be a board's. */
static int halved_axis(axis_fit *out, const axis_fit *f, const double *prof, int nb)
{
    double d = 0.5 * f->spacing, origin = fmod(f->origin, d);
    int kmin = (int)ceil((0 - origin) / d), kmax = (int)floor((nb - 1 - origin) / d);
    if (kmax - kmin + 1 > 256)
        return -1;
    axis_at(out, f, prof, nb, d, origin, kmin, kmax);
    return 0;
}

/* How much of the rectified frame an n x n window of spacings su and sv spans. */
static double window_extent(int n, double su, double sv)
{
    return (n - 1) * su * (n - 1) * sv;
}

/* The pixels of line of bin (their response in bh) in the rectified frame, in the photo's order,
 * into *out (malloc'd; the caller frees) and their count into *count. */
int vz_rect_pixels(rect_pixel **out, size_t *count, const go_cv_image *bh, const go_cv_image *bin,
                   const grid_prefix *gp)
{
    const int W = bin->width, H = bin->height;
    const double cx = W / 2.0, cy = H / 2.0, S = (W > H ? W : H) / 2.0;
    size_t npx = 0;
    for (size_t k = 0, all = (size_t)W * H; k < all; k++)
        npx += bin->pixels[k] != 0;
    rect_pixel *px = malloc(sizeof *px * (npx ? npx : 1));
    if (!px)
        return go_error_set(GO_ENOMEM, "line pixels");
    npx = 0;
    for (int y = 0; y < H; y++) {
        const uint8_t *row = bh->pixels + (size_t)y * W, *brow = bin->pixels + (size_t)y * W;
        double yn = (y - cy) / S;
        for (int x = 0; x < W; x++) {
            if (!brow[x])
                continue;
            double xn = (x - cx) / S;
            double w = 1 + gp->linf[0] * xn + gp->linf[1] * yn;
            if (w < 0.2)
                continue;
            double xr = xn / w, yr = yn / w;
            rect_pixel *p = &px[npx++];
            p->u = gp->na[0] * xr + gp->na[1] * yr;
            p->v = gp->nb2[0] * xr + gp->nb2[1] * yr;
            p->ub = (p->u - gp->umin) / gp->bwu + 1;
            p->vb = (p->v - gp->vmin) / gp->bwv + 1;
            p->wt = row[x] / w;
        }
    }
    *out = px;
    *count = npx;
    return 0;
}

/* The profile of each family from the pixels px[0..npx) within the span (ulo..uhi, vlo..vhi)
 * of the other, into pu (nbu bins) and pv (nbv). */
static void family_profiles(double *pu, double *pv, const rect_pixel *px, size_t npx,
                            const grid_prefix *gp, double ulo, double uhi, double vlo, double vhi)
{
    memset(pu, 0, sizeof *pu * (size_t)gp->nbu);
    memset(pv, 0, sizeof *pv * (size_t)gp->nbv);
    for (size_t k = 0; k < npx; k++) {
        const rect_pixel *p = &px[k];
        const int bu = (int)p->ub, bv = (int)p->vb;
        if (bu >= 0 && bu < gp->nbu && p->v >= vlo && p->v <= vhi)
            pu[bu] += p->wt;
        if (bv >= 0 && bv < gp->nbv && p->u >= ulo && p->u <= uhi)
            pv[bv] += p->wt;
    }
}

static void debug_axes(const grid_prefix *gp, const axis_fit *fu, const axis_fit *fv)
{
    fprintf(stderr, "lines %d p1 %d va %.3f %.3f %.3f vb %.3f %.3f %.3f linf %.3f %.3f\n", gp->nl,
            gp->p1, gp->va[0], gp->va[1], gp->va[2], gp->vb[0], gp->vb[1], gp->vb[2], gp->linf[0],
            gp->linf[1]);
    const axis_fit *fa[2] = {fu, fv};
    for (int a = 0; a < 2; a++) {
        fprintf(stderr, "axis %d spacing %.1f origin %.1f per %.3f k %d..%d:", a, fa[a]->spacing,
                fa[a]->origin, fa[a]->periodicity, fa[a]->kmin, fa[a]->kmax);
        for (int k = fa[a]->kmin; k <= fa[a]->kmax; k++)
            fprintf(stderr, " %.0f", fa[a]->strength[k - fa[a]->kmin]);
        fprintf(stderr, "\n  cover:");
        for (int k = fa[a]->kmin; k <= fa[a]->kmax; k++)
            fprintf(stderr, " %.0f", fa[a]->cover[k - fa[a]->kmin]);
        fprintf(stderr, "\n");
    }
}

/* After the families, first: the first reading of each axis (gp->fu, gp->fv): the profiles pu and
 * pv (room for gp->nbu and gp->nbv bins) of the pixels of line px[0..npx) within the board's span,
 * their period and phase, the crossing lines' cover. GO_ENOBOARD when a profile is not periodic. */
static int first_reading(grid_prefix *gp, double *pu, double *pv, const rect_pixel *px, size_t npx)
{
    const int nbu = gp->nbu, nbv = gp->nbv;
    const double bwu = gp->bwu, bwv = gp->bwv;
    family_profiles(pu, pv, px, npx, gp, gp->ulo, gp->uhi, gp->vlo, gp->vhi);
    /* A board's cell spans CELL_MIN to CELL_MAX of the larger image side. */
    axis_fit *fu = &gp->fu, *fv = &gp->fv;
    if (fit_axis(fu, pu, nbu, CELL_MIN / bwu, CELL_MAX / bwu) < 0 ||
        fit_axis(fv, pv, nbv, CELL_MIN / bwv, CELL_MAX / bwv) < 0)
        return go_error_set(GO_ENOBOARD, "no board: the lines are not evenly spaced");
    compute_cover(fu, fv, px, npx);
    if (getenv("GOREF_VISION_DEBUG"))
        debug_axes(gp, fu, fv);
    return 0;
}

/* Then the candidate readings of each axis (gp->cu[0..nu), gp->cv[0..nv)) from the first
 * reading and the profiles pu, pv, and whether the first reading's aspect is usual
 * (gp->aspect0) or one of the pairs (gp->unusual). */
static void axis_candidates(grid_prefix *gp, const double *pu, const double *pv)
{
    const int nbu = gp->nbu, nbv = gp->nbv;
    const double bwu = gp->bwu, bwv = gp->bwv;
    const axis_fit *fu = &gp->fu, *fv = &gp->fv;
    /* Two kinds of wrong period. Stone edges and the crevices between rows of stones make
     * lines half-way between the grid lines, strongly on a crowded board seen at an
     * angle: the profile then has half the true period with both parities strong. And
     * rows of stones hide lines so that a multiple of the period wins. Each axis is
     * therefore also read at twice its spacing (both parities) and, when the two axes
     * disagree, near the other's spacing: after the affine rectification a cell is
     * roughly as long as it is wide. */
    axis_fit *cu = gp->cu, *cv = gp->cv;
    int nu = 1, nv = 1;
    cu[0] = *fu;
    cv[0] = *fv;
    /* The lines of a crowded board under a saturated lamp show between the stones only, and the
     * stones' rims and crevices put dark lines at thirds of a cell as well: an axis's profile can
     * then lock onto a third of the period, and the two axes need not lock onto the same
     * fraction. Each axis is also read at three times its spacing (each phase); those readings
     * are paired only in the looks at a multiple of the spacing (pair_readings). */
    for (int times = 2; times <= 3; times++)
        for (int ph = 0; ph < times; ph++) {
            if (times * fu->spacing <= CELL_MAX / bwu &&
                multiple_axis(&cu[nu], fu, pu, nbu, times, ph) == 0)
                nu++;
            if (times * fv->spacing <= CELL_MAX / bwv &&
                multiple_axis(&cv[nv], fv, pv, nbv, times, ph) == 0)
                nv++;
        }
    /* An axis whose spacing the parity rule doubled is read at its first spacing too:
     * rows of stones can hide every other line of a family as the stone gaps of a
     * crowded board put weak lines halfway between (synthetic bench, 300 a size and
     * 150 under the lamps: 9x9 287 -> 293 perfect, 13x13 297 -> 299, lit 9x9 141 ->
     * 144, lit 13x13 145 -> 147, all from refusals; the photos unchanged). */
    if (fu->parity_doubled && halved_axis(&cu[nu], fu, pu, nbu) == 0)
        nu++;
    if (fv->parity_doubled && halved_axis(&cv[nv], fv, pv, nbv) == 0)
        nv++;
    const double su0 = fu->spacing * bwu, sv0 = fv->spacing * bwv;
    /* aspect0: the first reading stands unless beaten; unusual: it is one of the pairs */
    gp->aspect0 = su0 <= ASPECT_USUAL * sv0 && sv0 <= ASPECT_USUAL * su0;
    gp->unusual = !gp->aspect0 && su0 <= ASPECT_MAX * sv0 && sv0 <= ASPECT_MAX * su0;
    gp->su0 = su0;
    gp->sv0 = sv0;
    if (!gp->aspect0) {
        if (fit_axis(&cu[nu], pu, nbu, ASPECT_LO * sv0 / bwu, ASPECT_HI * sv0 / bwu) == 0)
            nu++;
        if (fit_axis(&cv[nv], pv, nbv, ASPECT_LO * su0 / bwv, ASPECT_HI * su0 / bwv) == 0)
            nv++;
        /* A low view squashes the cells' depth, the spacing across the rows, which run toward
         * the farther vanishing point: where that axis read the longer spacing, its own is
         * also sought down to ASPECT_DEEP of the other's. */
        const double da = hypot(gp->va[0], gp->va[1]) * fabs(gp->vb[2]),
                     db = hypot(gp->vb[0], gp->vb[1]) * fabs(gp->va[2]);
        if (da >= db && su0 > sv0 &&
            fit_axis(&cu[nu], pu, nbu, ASPECT_DEEP * sv0 / bwu, ASPECT_LO * sv0 / bwu) == 0)
            nu++;
        if (db > da && sv0 > su0 &&
            fit_axis(&cv[nv], pv, nbv, ASPECT_DEEP * su0 / bwv, ASPECT_LO * su0 / bwv) == 0)
            nv++;
    }
    gp->nu = nu;
    gp->nv = nv;
}

/* The covers of the pairs of candidate readings marked `mark` in gp->has_pair (1: neither at three
 * times the spacing, 2: one so), from the pixels of line px[0..npx), into gp->pair_u and pair_v;
 * those pairs are marked PAIR_COVERED after. Where each pixel falls against each candidate of
 * such a pair first (cover_place), then each pair's sums from that: compute_cover's sums, in the
 * same order. A negative go_err when out of memory. */
enum { PAIR_PLAIN = 1, PAIR_TRIPLED = 2, PAIR_COVERED = 4 };
static int fill_pair_covers(grid_prefix *gp, int mark, const rect_pixel *px, size_t npx)
{
    const axis_fit *cu = gp->cu, *cv = gp->cv;
    const int nu = gp->nu, nv = gp->nv;
    int used[2 * AXIS_CANDIDATES] = {0}, any = 0;
    for (int a = 0; a < nu; a++)
        for (int b = 0; b < nv; b++)
            if (gp->has_pair[a][b] == mark)
                any = used[a] = used[nu + b] = 1;
    if (!any)
        return 0;
    int32_t *where = malloc(sizeof *where * (size_t)(nu + nv) * (npx ? npx : 1));
    if (!where)
        return go_error_set(GO_ENOMEM, "line pixels");
    for (int a = 0; a < nu + nv; a++) {
        const axis_fit *f = a < nu ? &cu[a] : &cv[a - nu];
        int32_t *wa = where + (size_t)a * npx;
        for (size_t k = 0; k < npx && used[a]; k++)
            wa[k] = cover_place(a < nu ? px[k].ub : px[k].vb, f);
    }
    for (int a = 0; a < nu; a++)
        for (int b = 0; b < nv; b++) {
            if (gp->has_pair[a][b] != mark)
                continue;
            double *cov_u = gp->pair_u[a][b], *cov_v = gp->pair_v[a][b];
            const int32_t *wu = where + (size_t)a * npx, *wv = where + (size_t)(nu + b) * npx;
            memset(cov_u, 0, sizeof gp->pair_u[a][b]);
            memset(cov_v, 0, sizeof gp->pair_v[a][b]);
            for (size_t k = 0; k < npx; k++) {
                if ((wu[k] & COVER_BETWEEN) && (wv[k] & COVER_ON) && wu[k] >= COVER_INDEX)
                    cov_u[wu[k] / COVER_INDEX - 1] += px[k].wt;
                if ((wv[k] & COVER_BETWEEN) && (wu[k] & COVER_ON) && wv[k] >= COVER_INDEX)
                    cov_v[wv[k] / COVER_INDEX - 1] += px[k].wt;
            }
            gp->has_pair[a][b] = mark | PAIR_COVERED;
        }
    free(where);
    return 0;
}

/* Then the covers of each pair of candidate readings (gp->pair_u, pair_v, has_pair) from the
 * pixels of line px[0..npx). A pair with a reading at three times the spacing is only marked
 * (PAIR_TRIPLED): the looks at a multiple, which alone pair such readings, have its covers
 * computed (vz_grid_window). A negative go_err when out of memory. */
static int pair_covers(grid_prefix *gp, const rect_pixel *px, size_t npx)
{
    const axis_fit *cu = gp->cu, *cv = gp->cv;
    const int nu = gp->nu, nv = gp->nv;
    const double bwu = gp->bwu, bwv = gp->bwv;
    for (int a = 0; a < nu; a++)
        for (int b = 0; b < nv; b++) {
            double su = cu[a].spacing * bwu, sv = cv[b].spacing * bwv;
            if ((a == 0 && b == 0) || su > ASPECT_MAX * sv || sv > ASPECT_MAX * su)
                continue;
            if (!cu[a].tripled && !cv[b].tripled)
                gp->has_pair[a][b] = PAIR_PLAIN;
            else if (a > 0 && b > 0) /* only the looks at a multiple pair these, off the first */
                gp->has_pair[a][b] = PAIR_TRIPLED;
        }
    return fill_pair_covers(gp, PAIR_PLAIN, px, npx);
}

/* The window, first step, after the size is first chosen on the first reading (*w, clear when that
 * window holds only clear lines): each other pairing of the candidate readings of the two axes
 * (find_prefix) is sized too, and the best pairing taken into *fu, *fv and *w. With doubled,
 * only pairings at twice the spacing on both axes count (GO_ENOBOARD when there is none); their
 * covers are computed before (fill_pair_covers). pair is room for two axis_fit. */
static int pair_readings(axis_fit *fu, axis_fit *fv, grid_window *w, int clear,
                         const grid_prefix *gp, const int *sizes, int nsizes, int doubled,
                         axis_fit *pair)
{
    const axis_fit *cu = gp->cu, *cv = gp->cv;
    const int nu = gp->nu, nv = gp->nv, aspect0 = gp->aspect0, unusual = gp->unusual;
    const double su0 = gp->su0, sv0 = gp->sv0, bwu = gp->bwu, bwv = gp->bwv;
    const int bn = w->n;
    if (getenv("GOREF_VISION_DEBUG")) {
        fprintf(stderr, "candidates (aspect0 %d, first size %d clear %d):", aspect0, bn, clear);
        for (int a = 0; a < nu; a++)
            fprintf(stderr, " u%d %.1f", a, cu[a].spacing * bwu / bwv);
        for (int b = 0; b < nv; b++)
            fprintf(stderr, " v%d %.1f", b, cv[b].spacing);
        fprintf(stderr, "\n");
    }
    int pick_a = 0, pick_b = 0, pick_clear = clear;
    double pick_s = w->score, pick_ext = unusual && bn ? window_extent(bn, su0, sv0) : 0;
    int pick_n = bn, pick_au = w->au, pick_av = w->av;
    for (int a = 0; a < nu; a++)
        for (int b = 0; b < nv; b++) {
            if (!gp->has_pair[a][b])
                continue; /* the first reading, or an aspect past ASPECT_MAX */
            /* a reading at three times the spacing only where a multiple is asked: as a first
             * look's alternative it outscored the right 19x19 of an unusual first reading */
            if (!doubled && (cu[a].tripled || cv[b].tripled))
                continue;
            if (doubled && (a == 0 || b == 0))
                continue; /* asked for a multiple of the spacing on both axes */
            double su = cu[a].spacing * bwu, sv = cv[b].spacing * bwv;
            int n2, au2, av2, clear2;
            pair[0] = cu[a];
            pair[1] = cv[b];
            memcpy(pair[0].cover, gp->pair_u[a][b], sizeof pair[0].cover);
            memcpy(pair[1].cover, gp->pair_v[a][b], sizeof pair[1].cover);
            pair[0].has_cover = pair[1].has_cover = 1;
            double s2 = choose_size(&pair[0], &pair[1], sizes, nsizes, &n2, &au2, &av2, &clear2);
            if (getenv("GOREF_VISION_DEBUG"))
                fprintf(stderr, "alt u%d v%d: size %d clear %d score %.3f\n", a, b, n2, clear2, s2);
            if (!n2)
                continue;
            const double ext2 = window_extent(n2, su, sv);
            int better;
            if (doubled) { /* asked for the doubled spacing on both axes */
                better = (pick_a == 0 && pick_b == 0) || clear2 > pick_clear ||
                         (clear2 == pick_clear && (n2 > pick_n || (n2 == pick_n && s2 > pick_s)));
            } else if (aspect0) /* the first reading stands unless a clear one of its size beats
                                   it */
                better = clear && clear2 && n2 == bn && s2 > pick_s;
            else if (pick_a == 0 && pick_b == 0 && !unusual)
                better = 1;
            else {
                /* as for one reading: a clear window first, then the largest (unless it reads
                 * clearly worse), then the widest, then the best */
                const int wider = ext2 > EXTENT_CLEAR * pick_ext,
                          narrower = pick_ext > EXTENT_CLEAR * ext2;
                int won;
                if (n2 != pick_n)
                    won = n2 > pick_n ? s2 > pick_s - SMALLER_BY : s2 > pick_s + SMALLER_BY;
                else if (wider || narrower)
                    won = wider ? s2 > pick_s - EXTENT_SCORE : s2 > pick_s + EXTENT_SCORE;
                else
                    won = s2 > pick_s;
                better = clear2 > pick_clear || (clear2 == pick_clear && won);
            }
            if (better) {
                pick_ext = ext2;
                pick_a = a;
                pick_b = b;
                pick_clear = clear2;
                pick_s = s2;
                pick_n = n2;
                pick_au = au2;
                pick_av = av2;
            }
        }
    if (doubled && !(pick_a && pick_b))
        return go_error_set(GO_ENOBOARD, "no board: no reading at twice the spacing");
    if (pick_a || pick_b) {
        *fu = cu[pick_a];
        *fv = cv[pick_b];
        memcpy(fu->cover, gp->pair_u[pick_a][pick_b], sizeof fu->cover);
        memcpy(fv->cover, gp->pair_v[pick_a][pick_b], sizeof fv->cover);
        fu->has_cover = fv->has_cover = 1;
        w->score = pick_s;
        w->n = pick_n;
        w->au = pick_au;
        w->av = pick_av;
    }
    return 0;
}

/* Why no window was found on the readings fu, fv when the smallest size asked is need. */
static int no_window(const axis_fit *fu, const axis_fit *fv, int need)
{
    const int found_u = fu->kmax - fu->kmin + 1, found_v = fv->kmax - fv->kmin + 1;
    if (found_u < need || found_v < need)
        return go_error_set(GO_ENOBOARD,
                            "no board: too few grid lines (%d x %d found, %d x %d needed)", found_u,
                            found_v, need, need);
    return go_error_set(GO_ENOBOARD,
                        "no board: the grid lines found (%d x %d) are too faint to fit a board to",
                        found_u, found_v);
}

/* The window, second step: the span of the rectified frame the window w covers, with WINDOW_MARGIN
 * of margin (the second pass's profiles are read there only), into ulo, uhi, vlo, vhi. */
static void window_span(double *ulo, double *uhi, double *vlo, double *vhi, const grid_prefix *gp,
                        const axis_fit *fu, const axis_fit *fv, const grid_window *w)
{
    const double umin = gp->umin, vmin = gp->vmin, bwu = gp->bwu, bwv = gp->bwv;
    const int bn = w->n, bau = w->au, bav = w->av;
    double u0 = umin + (fu->origin + (bau - WINDOW_MARGIN) * fu->spacing - 1) * bwu;
    double u1 = umin + (fu->origin + (bau + bn - 1 + WINDOW_MARGIN) * fu->spacing - 1) * bwu;
    double v0 = vmin + (fv->origin + (bav - WINDOW_MARGIN) * fv->spacing - 1) * bwv;
    double v1 = vmin + (fv->origin + (bav + bn - 1 + WINDOW_MARGIN) * fv->spacing - 1) * bwv;
    *ulo = u0 < u1 ? u0 : u1;
    *uhi = u0 < u1 ? u1 : u0;
    *vlo = v0 < v1 ? v0 : v1;
    *vhi = v0 < v1 ? v1 : v0;
}

/* The window of a look (its size, first lines and score) into *w, with the readings of the two
 * axes it lies on into *fu and *fv: the size and window chosen on the first reading, then on the
 * best pairing of candidate readings (pair_readings), then again from the profiles of the
 * window's span only (window_span), keeping the spacing. px[0..npx) are the look's pixels of
 * line; size_hint 0 asks for 9, 13 or 19; doubled asks for twice the spacing on both axes.
 * GO_ENOBOARD with the reason when no window fits. */
int vz_grid_window(axis_fit *fu, axis_fit *fv, grid_window *w, grid_prefix *gp,
                   const rect_pixel *px, size_t npx, int size_hint, int doubled)
{
    double *pu = NULL, *pv = NULL;
    axis_fit *pair = NULL;
    int rc = 0;
    const int nbu = gp->nbu, nbv = gp->nbv;
    double ulo = gp->ulo, uhi = gp->uhi, vlo = gp->vlo, vhi = gp->vhi;
    pu = calloc((size_t)nbu, sizeof *pu);
    pv = calloc((size_t)nbv, sizeof *pv);
    pair = malloc(sizeof *pair * 2);
    if (!pu || !pv || !pair) {
        rc = go_error_set(GO_ENOMEM, "profiles");
        goto done;
    }
    *fu = gp->fu;
    *fv = gp->fv;
    *w = (grid_window){0, 0, 0, -1e300};
    for (int pass = 0; pass < 2; pass++) {
        int sizes[3] = {19, 13, 9}, nsizes = 3;
        if (size_hint > 0) {
            sizes[0] = size_hint;
            nsizes = 1;
        } else if (pass == 1) {
            /* The second pass sees only the board the first found, and may find it larger (its
             * far lines, faint in the whole photo's profile, stand out there, as in a photo
             * turned a quarter turn) but not smaller: under a faint coloured lamp the restricted
             * profile can lose lines of a 19x19, which would then be read as 13x13 there and
             * refused. */
            while (nsizes > 1 && sizes[nsizes - 1] < w->n)
                nsizes--;
        }
        int clear = 0;
        if (pass == 1) { /* the board is known now: keep its spacing, refine the rest */
            family_profiles(pu, pv, px, npx, gp, ulo, uhi, vlo, vhi);
            if (fit_axis(fu, pu, nbu, SPACING_KEEP_LO * fu->spacing,
                         SPACING_KEEP_HI * fu->spacing) < 0 ||
                fit_axis(fv, pv, nbv, SPACING_KEEP_LO * fv->spacing,
                         SPACING_KEEP_HI * fv->spacing) < 0) {
                rc = go_error_set(GO_ENOBOARD, "no board: the lines are not evenly spaced");
                goto done;
            }
            compute_cover(fu, fv, px, npx);
            if (getenv("GOREF_VISION_DEBUG"))
                debug_axes(gp, fu, fv);
        }
        w->score = choose_size(fu, fv, sizes, nsizes, &w->n, &w->au, &w->av, &clear);
        /* the covers of the pairs with a reading at three times the spacing, once for the
         * looks at a multiple that share gp */
        if (pass == 0 && doubled && (rc = fill_pair_covers(gp, PAIR_TRIPLED, px, npx)) < 0)
            goto done;
        if (pass == 0 &&
            (rc = pair_readings(fu, fv, w, clear, gp, sizes, nsizes, doubled, pair)) < 0)
            goto done;
        if (w->n == 0 || w->score < -1e299) {
            /* the smallest board asked for needs that many lines each way */
            rc = no_window(fu, fv, sizes[nsizes - 1]);
            goto done;
        }
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "pass %d: size %d window u %d.. v %d..\n", pass, w->n, w->au, w->av);
        window_span(&ulo, &uhi, &vlo, &vhi, gp, fu, fv, w);
    }
done:
    free(pu);
    free(pv);
    free(pair);
    return rc;
}

/* The part of a look after the families: the pixels of line in the rectified frame into *px_out
 * and *npx_out (the caller frees them, also on an error), the first reading of each axis and the
 * candidate readings with their covers, in gp. GO_ENOBOARD with the reason when the lines are not
 * evenly spaced. */
int vz_grid_axes(grid_prefix *gp, const line_reading *L, rect_pixel **px_out, size_t *npx_out)
{
    double *pu = calloc((size_t)gp->nbu, sizeof *pu), *pv = calloc((size_t)gp->nbv, sizeof *pv);
    int rc = 0;
    *px_out = NULL;
    *npx_out = 0;
    if (!pu || !pv) {
        rc = go_error_set(GO_ENOMEM, "profiles");
        goto done;
    }
    if ((rc = vz_rect_pixels(px_out, npx_out, &L->bh, &L->bin, gp)) < 0 ||
        (rc = first_reading(gp, pu, pv, *px_out, *npx_out)) < 0)
        goto done;
    axis_candidates(gp, pu, pv);
    rc = pair_covers(gp, *px_out, *npx_out);
done:
    free(pu);
    free(pv);
    return rc;
}
