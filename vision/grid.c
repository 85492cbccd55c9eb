/* Stage 2, candidates: a look from end to end, and the lattice it proposes. In: a BGR work
 * image, the size asked (or 9/13/19) and how to look (VZ_LOOK_ flags). Out: a lattice homography
 * (vz_grid) or GO_ENOBOARD with the reason. The steps: the lines (grid_lines.c), their families,
 * vanishing points and rectification (grid_families.c), each axis's periodic profile, spacing and
 * window (grid_axis.c); here the window's lattice, refined against the crossings seen in the
 * image. Stones hide lines but never the whole length of one, so the profiles along each family
 * still show every grid line on a finished board. Also the lattice through four placed corners. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid_int.h"
#include "params.h"

static double bh_at(const go_cv_image *bh, double x, double y)
{
    int x0 = (int)floor(x), y0 = (int)floor(y);
    if (x0 < 0 || y0 < 0 || x0 + 1 >= bh->width || y0 + 1 >= bh->height)
        return 0;
    double fx = x - x0, fy = y - y0;
    const uint8_t *p = bh->pixels + (size_t)y0 * bh->width + x0;
    return (1 - fy) * ((1 - fx) * p[0] + fx * p[1]) +
           fy * ((1 - fx) * p[bh->width] + fx * p[bh->width + 1]);
}

/* The part of a sweep that can fall on the image (vision_int.h). */
int vz_sweep_on_image(double *lo, double *hi, int width, int height, double x, double y, double nx,
                      double ny, double range)
{
    const double c[2] = {x, y}, d[2] = {nx, ny}, last[2] = {width - 1, height - 1};
    *lo = -range;
    *hi = range;
    for (int a = 0; a < 2; a++) {
        if (fabs(d[a]) < 1e-12) {
            if (c[a] < 0 || c[a] > last[a])
                return 0;
            continue;
        }
        const double t0 = -c[a] / d[a], t1 = (last[a] - c[a]) / d[a];
        *lo = fmax(*lo, fmin(t0, t1) - 1);
        *hi = fmin(*hi, fmax(t0, t1) + 1);
    }
    return *lo <= *hi;
}

/* Fits a line (a, b, c), a^2 + b^2 = 1, to points by total least squares with one round
 * of outlier rejection. Returns the number of inliers used. */
static int fit_line(double out[3], const double *px, const double *py, int n)
{
    unsigned char keep[512];
    int used = 0;
    for (int i = 0; i < n; i++)
        keep[i] = 1;
    for (int round = 0; round < 3; round++) {
        double mx = 0, my = 0;
        used = 0;
        for (int i = 0; i < n; i++)
            if (keep[i]) {
                mx += px[i];
                my += py[i];
                used++;
            }
        if (used < 5)
            return 0;
        mx /= used;
        my /= used;
        double sxx = 0, sxy = 0, syy = 0;
        for (int i = 0; i < n; i++)
            if (keep[i]) {
                sxx += (px[i] - mx) * (px[i] - mx);
                sxy += (px[i] - mx) * (py[i] - my);
                syy += (py[i] - my) * (py[i] - my);
            }
        double th = 0.5 * atan2(2 * sxy, sxx - syy); /* direction of the line */
        out[0] = -sin(th);
        out[1] = cos(th);
        out[2] = -(out[0] * mx + out[1] * my);
        for (int i = 0; i < n; i++)
            keep[i] = fabs(out[0] * px[i] + out[1] * py[i] + out[2]) < (round == 0 ? 3.0 : 1.5);
    }
    return used;
}

/* Refines the lattice homography against the grid lines seen in the black-hat image: each
 * lattice line is searched across its predicted course, fitted where it shows between the
 * stones, and the crossings of the fitted lines re-estimate the homography (RANSAC). */
static void refine_grid(vz_grid *g, const go_cv_image *bh, int thresh)
{
    const int n = g->size;
    double fitted[2][GO_MAX_SIZE][3];
    int ok[2][GO_MAX_SIZE];
    double px[512], py[512];
    for (int iter = 0; iter < 2; iter++) {
        for (int fam = 0; fam < 2; fam++)
            for (int i = 0; i < n; i++) {
                int m = 0;
                ok[fam][i] = 0;
                for (double t = 0; t <= n - 1 + 1e-9 && m < 512; t += 0.2) {
                    double lx = fam ? t : i, ly = fam ? i : t;
                    double x, y, xa, ya, xb, yb;
                    if (vz_apply(g->h, lx, ly, &x, &y) ||
                        vz_apply(g->h, fam ? lx : lx - 0.5, fam ? ly - 0.5 : ly, &xa, &ya) ||
                        vz_apply(g->h, fam ? lx : lx + 0.5, fam ? ly + 0.5 : ly, &xb, &yb))
                        continue;
                    double nx = xb - xa, ny = yb - ya, cell = hypot(nx, ny);
                    if (cell < 4 || !isfinite(cell) || !isfinite(x) || !isfinite(y))
                        continue;
                    nx /= cell;
                    ny /= cell;
                    double range = REFINE_REACH * cell, bestv = 0, bests = 0, lo, hi;
                    if (!vz_sweep_on_image(&lo, &hi, bh->width, bh->height, x, y, nx, ny, range))
                        continue;
                    /* the sweep's steps as from -range, those off the photo skipped */
                    const double skip = ceil((lo + range) / 0.5);
                    for (double sft = -range + 0.5 * fmax(skip, 0); sft <= hi; sft += 0.5) {
                        double v = bh_at(bh, x + sft * nx, y + sft * ny);
                        if (v > bestv) {
                            bestv = v;
                            bests = sft;
                        }
                    }
                    if (bestv <= thresh || fabs(bests) > range - 1)
                        continue;
                    px[m] = x + bests * nx;
                    py[m] = y + bests * ny;
                    m++;
                }
                if (m >= 8 && fit_line(fitted[fam][i], px, py, m) >= 8)
                    ok[fam][i] = 1;
            }
        double src[2 * GO_MAX_SIZE * GO_MAX_SIZE], dst[2 * GO_MAX_SIZE * GO_MAX_SIZE];
        int k = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                if (!ok[0][i] || !ok[1][j])
                    continue;
                double hp[3];
                vz_cross3(hp, fitted[0][i], fitted[1][j]);
                if (fabs(hp[2]) < 1e-12)
                    continue;
                src[2 * k] = i;
                src[2 * k + 1] = j;
                dst[2 * k] = hp[0] / hp[2];
                dst[2 * k + 1] = hp[1] / hp[2];
                k++;
            }
        if (k < 12)
            return;
        double nh[9];
        if (go_cv_find_homography(nh, src, dst, k, 1, 2.0) < 0) {
            go_error_clear();
            return;
        }
        /* Accept only a correction, not a different grid: corners move less than a cell. */
        double cx0, cy0, cx1, cy1, ax, ay, bx, by;
        vz_apply(g->h, 0, 0, &ax, &ay);
        vz_apply(g->h, 1, 0, &bx, &by);
        double cell = hypot(bx - ax, by - ay);
        int fine = 1;
        for (int c = 0; c < 4 && fine; c++) {
            int lx = (c & 1) ? n - 1 : 0, ly = (c & 2) ? n - 1 : 0;
            if (vz_apply(g->h, lx, ly, &cx0, &cy0) || vz_apply(nh, lx, ly, &cx1, &cy1) ||
                hypot(cx1 - cx0, cy1 - cy0) > REFINE_MOVE_MAX * cell)
                fine = 0;
        }
        if (!fine)
            return;
        memcpy(g->h, nh, sizeof nh);
    }
}

int vz_grid_from_corners(vz_grid *out, const go_cv_image *bgr, double corners[4][2], int size)
{
    go_cv_image gray = {0}, bh = {0};
    int rc = 0;
    if ((rc = vz_lattice_through(out, corners, size, size - 1)) < 0)
        return rc;
    /* A person's corners are close, not exact: let the lines seen in the photo correct them
     * by up to a cell, as after detection. */
    if ((rc = vz_gray(&gray, bgr)) < 0 || (rc = go_cv_blackhat(&bh, &gray, LINE_KERNEL)) < 0)
        goto done;
    refine_grid(out, &bh, vz_bh_threshold(&bh));
done:
    go_cv_image_free(&gray);
    go_cv_image_free(&bh);
    return rc;
}

/* The part of a look that does not depend on the size asked nor on VZ_LOOK_DOUBLED, in the
 * steps above: the lines, their families and vanishing points, the affine rectification, the
 * board's span, the first reading of each axis and the candidate readings with their covers. A
 * refusal on the way is kept in gp->rc and gp->reason; a negative return is another error (out
 * of memory). The pixels of line in the rectified frame are left in *px_out (the caller frees). */
static int find_prefix(grid_prefix *gp, const line_reading *L, const go_cv_image *bgr, unsigned how,
                       rect_pixel **px_out, size_t *npx_out)
{
    rect_pixel *px = NULL;
    size_t npx = 0;
    int rc = 0;
    memset(gp, 0, sizeof *gp);
    if ((rc = vz_grid_families(gp, L, bgr->width, bgr->height, how)) == 0)
        rc = vz_grid_axes(gp, L, &px, &npx);
    if (rc == GO_ENOBOARD) { /* the look's answer, kept */
        gp->rc = rc;
        snprintf(gp->reason, sizeof gp->reason, "%s", go_error_last());
        rc = 0;
    }
    if (rc < 0 || gp->rc < 0) {
        free(px);
        px = NULL;
        npx = 0;
    }
    *px_out = px;
    *npx_out = npx;
    return rc;
}

/* The lattice of window w into out (its homography, size and score): lattice (i, j) ->
 * (u, v) on the axes -> the rectified frame -> the photo (W x H). */
static int window_lattice(vz_grid *out, const grid_prefix *gp, const axis_fit *fu,
                          const axis_fit *fv, const grid_window *w, int W, int H)
{
    const double *na = gp->na, *nb2 = gp->nb2, *linf = gp->linf;
    const double umin = gp->umin, vmin = gp->vmin, bwu = gp->bwu, bwv = gp->bwv;
    const double cx = W / 2.0, cy = H / 2.0, S = (W > H ? W : H) / 2.0;
    const int bn = w->n, bau = w->au, bav = w->av;
    double src[8], dst[8];
    for (int c = 0; c < 4; c++) {
        int i = (c == 1 || c == 2) ? bn - 1 : 0, j = (c >= 2) ? bn - 1 : 0;
        double ub = fu->origin + (bau + i) * fu->spacing,
               vb_ = fv->origin + (bav + j) * fv->spacing;
        double u = umin + (ub - 1) * bwu, v = vmin + (vb_ - 1) * bwv;
        /* solve [na; nb] r = (u, v) */
        double det = na[0] * nb2[1] - na[1] * nb2[0];
        double xr = (u * nb2[1] - na[1] * v) / det, yr = (na[0] * v - nb2[0] * u) / det;
        /* invert x' / (1 + l.x') = r: x' = r / (1 - l.r) */
        double wr = 1 - linf[0] * xr - linf[1] * yr;
        if (fabs(wr) < 1e-9)
            return go_error_set(GO_ENOBOARD, "no board: grid corner at infinity");
        double xn = xr / wr, yn = yr / wr;
        src[2 * c] = i;
        src[2 * c + 1] = j;
        dst[2 * c] = xn * S + cx;
        dst[2 * c + 1] = yn * S + cy;
    }
    if (go_cv_find_homography(out->h, src, dst, 4, 0, 0) < 0)
        return go_error_set(GO_ENOBOARD, "no board: the grid corners do not form a quadrilateral");
    out->size = bn;
    out->score = w->score;
    return 0;
}

/* refine_grid of g against L's lines, or its result kept in kept[0..*nkept) when the same
 * lattice was refined before (none kept when kept is NULL); a new result is kept while there is
 * room. refine_grid depends on the lattice and the lines only, its RANSAC fit included (OpenCV
 * seeds it the same on every call), so the lattice is the same either way. */
static void refine_kept(vz_grid *g, const line_reading *L, refined_lattice *kept, int *nkept)
{
    if (!kept) {
        refine_grid(g, &L->bh, L->t);
        return;
    }
    for (int k = 0; k < *nkept; k++)
        if (kept[k].size == g->size && memcmp(kept[k].from, g->h, sizeof g->h) == 0) {
            memcpy(g->h, kept[k].to, sizeof g->h);
            return;
        }
    double from[9];
    memcpy(from, g->h, sizeof from);
    refine_grid(g, &L->bh, L->t);
    if (*nkept < REFINED_KEPT) {
        refined_lattice *r = &kept[(*nkept)++];
        r->size = g->size;
        memcpy(r->from, from, sizeof from);
        memcpy(r->to, g->h, sizeof r->to);
    }
}

int vz_steeper_view(const vz_line_cache *cache, unsigned how)
{
    const grid_prefix *gp =
        cache ? cache->prefix[vz_gray_kind(how)][(how >> 2) & (VZ_PREFIX_KINDS - 1)] : NULL;
    return gp && gp->steeper;
}

/* A look, in steps: the lines read in the gray (vz_read_lines, grid_lines.c, shared through
 * cache); their families, vanishing points and rectification (vz_grid_families) and the axes'
 * periodic readings (vz_grid_axes), together find_prefix, shared by the looks that differ only in
 * the spacing or size asked; the window (vz_grid_window); the window's lattice (window_lattice),
 * refined against the lines (refine_grid). */
int vz_find_grid(vz_grid *out, const go_cv_image *bgr, int size_hint, unsigned how,
                 vz_line_cache *cache)
{
    const int gray = vz_gray_kind(how);
    const int doubled = (how & VZ_LOOK_DOUBLED) != 0;
    /* VZ_LOOK_OTHER_DIRECTION, VZ_LOOK_SECOND_GRID, VZ_LOOK_STEEP */
    const unsigned kind = (how >> 2) & (VZ_PREFIX_KINDS - 1);
    line_reading own = {0}, *L = cache ? &cache->gray[gray] : &own;
    grid_prefix *gp = cache ? cache->prefix[gray][kind] : NULL, *own_gp = NULL;
    rect_pixel *px = NULL, *own_px = NULL;
    size_t npx = 0;
    int rc = 0;
    memset(out, 0, sizeof *out);

    if (!L->built && (rc = vz_read_lines(L, bgr, gray)) < 0)
        goto done;
    if (!gp) {
        if (!(gp = own_gp = malloc(sizeof *gp))) {
            rc = go_error_set(GO_ENOMEM, "grid lines");
            goto done;
        }
        if ((rc = find_prefix(gp, L, bgr, how, &px, &npx)) < 0) {
            own_px = px;
            goto done;
        }
        if (cache) { /* the prefix and its pixels kept for the looks that share them */
            gp->px = px;
            gp->npx = npx;
            cache->prefix[gray][kind] = gp;
            own_gp = NULL;
        } else {
            own_px = px;
        }
    } else {
        px = gp->px;
        npx = gp->npx;
    }
    if (gp->rc < 0) {
        rc = go_error_set(gp->rc, "%s", gp->reason);
        goto done;
    }
    axis_fit fu, fv;
    grid_window w;
    if ((rc = vz_grid_window(&fu, &fv, &w, gp, px, npx, size_hint, doubled)) < 0)
        goto done;
    if ((rc = window_lattice(out, gp, &fu, &fv, &w, bgr->width, bgr->height)) < 0)
        goto done;
    refine_kept(out, L, cache ? cache->refined[gray] : NULL, cache ? &cache->nrefined[gray] : NULL);
done:
    vz_line_reading_free(&own);
    vz_grid_prefix_free(own_gp);
    free(own_px);
    return rc;
}
