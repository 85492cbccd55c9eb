/* Stage 2, candidates: the lines' two families. In: the straight lines of a work image
 * (grid_lines.c). Out, in the look's grid_prefix: the lines' two families and their vanishing
 * points (by consensus, RANSAC then least squares), the affine rectification that sends the
 * vanishing line to infinity, so that each family is parallel and evenly spaced, the bins of the
 * two profiles over the rectified photo and the span where the board can be. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid_int.h"
#include "params.h"

void vz_cross3(double out[3], const double a[3], const double b[3])
{
    double r[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    out[0] = r[0];
    out[1] = r[1];
    out[2] = r[2];
}

/* Angle (radians) between line k's direction and the direction from its foot point (nearest
 * to the origin) toward the vanishing point v. */
static double vp_angle(const line3 *k, const double v[3])
{
    double a = k->l[0], b = k->l[1], c = k->l[2];
    double fx = -a * c, fy = -b * c; /* foot of the perpendicular from origin (a^2+b^2=1) */
    double dx = -b, dy = a;
    double tx, ty;
    if (fabs(v[2]) < 1e-9) {
        tx = v[0];
        ty = v[1];
    } else {
        tx = v[0] / v[2] - fx;
        ty = v[1] / v[2] - fy;
    }
    double n = hypot(tx, ty);
    if (n < 1e-12)
        return 0;
    double cosang = fabs(dx * tx + dy * ty) / n;
    if (cosang > 1)
        cosang = 1;
    return acos(cosang);
}

/* Smallest eigenvector of a symmetric 3x3 matrix (Jacobi rotations). */
static void smallest_eigvec(double out[3], const double m_in[9])
{
    double a[9], v[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    memcpy(a, m_in, sizeof a);
    for (int sweep = 0; sweep < 30; sweep++) {
        double off = fabs(a[1]) + fabs(a[2]) + fabs(a[5]);
        if (off < 1e-15)
            break;
        for (int p = 0; p < 2; p++)
            for (int q = p + 1; q < 3; q++) {
                double apq = a[p * 3 + q];
                if (fabs(apq) < 1e-18)
                    continue;
                double app = a[p * 3 + p], aqq = a[q * 3 + q];
                double th = 0.5 * atan2(2 * apq, aqq - app);
                double c = cos(th), s = sin(th);
                for (int k = 0; k < 3; k++) { /* A = A * R */
                    double akp = a[k * 3 + p], akq = a[k * 3 + q];
                    a[k * 3 + p] = c * akp - s * akq;
                    a[k * 3 + q] = s * akp + c * akq;
                }
                for (int k = 0; k < 3; k++) { /* A = R^T * A */
                    double apk = a[p * 3 + k], aqk = a[q * 3 + k];
                    a[p * 3 + k] = c * apk - s * aqk;
                    a[q * 3 + k] = s * apk + c * aqk;
                }
                for (int k = 0; k < 3; k++) {
                    double vkp = v[k * 3 + p], vkq = v[k * 3 + q];
                    v[k * 3 + p] = c * vkp - s * vkq;
                    v[k * 3 + q] = s * vkp + c * vkq;
                }
            }
    }
    int best = 0;
    for (int i = 1; i < 3; i++)
        if (a[i * 4] < a[best * 4])
            best = i;
    for (int k = 0; k < 3; k++)
        out[k] = v[k * 3 + best];
}

/* RANSAC vanishing point of the lines of one family, outside (half the photo's longer side) from
 * its centre at least; returns the inlier vote mass. */
static double fit_vp(double vp[3], line3 *lines, int n, int family, double outside, unsigned *seed)
{
    int idx[MAX_LINES];
    int m = 0;
    for (int i = 0; i < n; i++)
        if (lines[i].family == family)
            idx[m++] = i;
    if (m < 3)
        return 0;
    const double tol = VP_TOL_DEG * PI / 180;
    double best = -1, bestv[3] = {0, 0, 1};
    for (int it = 0; it < 400; it++) {
        int i, j;
        if (it == 0) { /* always try the two strongest lines */
            i = idx[0];
            j = idx[1];
        } else {
            *seed = *seed * 1103515245u + 12345u;
            i = idx[(*seed >> 8) % (unsigned)m];
            *seed = *seed * 1103515245u + 12345u;
            j = idx[(*seed >> 8) % (unsigned)m];
        }
        if (i == j)
            continue;
        double v[3];
        vz_cross3(v, lines[i].l, lines[j].l);
        double nv = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        if (nv < 1e-12)
            continue;
        for (int k = 0; k < 3; k++)
            v[k] /= nv;
        /* A vanishing point inside the image would make the lines a fan, not a grid. */
        if (fabs(v[2]) > 1e-9 && hypot(v[0] / v[2], v[1] / v[2]) < outside)
            continue;
        double score = 0;
        for (int k = 0; k < m; k++)
            if (vp_angle(&lines[idx[k]], v) < tol)
                score += lines[idx[k]].votes;
        if (score > best) {
            best = score;
            memcpy(bestv, v, sizeof bestv);
        }
    }
    /* Least-squares refinement over the inliers; lines outside the consensus leave the family. */
    double M[9] = {0};
    double mass = 0;
    for (int k = 0; k < m; k++) {
        line3 *ln = &lines[idx[k]];
        if (vp_angle(ln, bestv) < tol) {
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 3; c++)
                    M[r * 3 + c] += ln->votes * ln->l[r] * ln->l[c];
            mass += ln->votes;
        } else {
            ln->family = -1;
        }
    }
    smallest_eigvec(vp, M);
    if (vp_angle(&lines[idx[0]], vp) > 3 * tol) /* refinement went astray */
        memcpy(vp, bestv, sizeof bestv);
    return mass;
}

/* The dominant direction of lines[0..nl): the peak of their angle histogram (degrees), each
 * line voting by its length over a 7-degree tent. */
static int dominant_direction(double ah[180], const line3 *lines, int nl)
{
    memset(ah, 0, sizeof(double) * 180);
    for (int i = 0; i < nl; i++) {
        int b = (int)(lines[i].theta * 180 / PI) % 180;
        for (int dd = -3; dd <= 3; dd++)
            ah[(b + dd + 180) % 180] += lines[i].votes * (4 - abs(dd));
    }
    int p1 = 0;
    for (int b = 1; b < 180; b++)
        if (ah[b] > ah[p1])
            p1 = b;
    return p1;
}

/* VZ_LOOK_SECOND_GRID: the first grid of lines (the dominant direction, its vanishing point,
 * the other family's near the perpendicular) taken out of lines[0..*nl), the rest kept in
 * order. GO_ENOBOARD when too few lines are left to look for a grid. */
static int drop_first_grid(line3 *lines, int *nl)
{
    double ah[180], va[3], vb[3];
    unsigned seed = 54321u;
    const int n = *nl, p1 = dominant_direction(ah, lines, n);
    for (int i = 0; i < n; i++) {
        int d1 = abs((int)(lines[i].theta * 180 / PI) % 180 - p1);
        if (d1 > 90)
            d1 = 180 - d1;
        lines[i].family = d1 <= FAMILY_BAND ? 0 : (d1 >= NEAR_PERPENDICULAR ? 1 : -1);
    }
    const double ma = fit_vp(va, lines, n, 0, VP_OUTSIDE, &seed),
                 mb = fit_vp(vb, lines, n, 1, VP_OUTSIDE, &seed);
    const double tol = FIRST_GRID_TOL * VP_TOL_DEG * PI / 180;
    int kept = 0;
    for (int i = 0; i < n; i++) {
        if ((ma > 0 && vp_angle(&lines[i], va) < tol) || (mb > 0 && vp_angle(&lines[i], vb) < tol))
            continue;
        lines[kept] = lines[i];
        lines[kept++].family = -1;
    }
    *nl = kept;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "second grid: %d of %d lines left\n", kept, n);
    if (kept < 8)
        return go_error_set(GO_ENOBOARD, "no board: no second grid of lines");
    return 0;
}

/* First: the straight lines of L into lines[0..L->nl) (room for MAX_LINES), as
 * homogeneous lines in the frame centred on the W x H photo with half its longer side as unit,
 * no family yet. */
static void lines_in_frame(line3 *lines, const line_reading *L, int W, int H)
{
    const double cx = W / 2.0, cy = H / 2.0, S = (W > H ? W : H) / 2.0;
    const int nl = L->nl;
    const hline *raw = L->raw;
    for (int i = 0; i < nl; i++) {
        double rho = raw[i].rho, th = raw[i].theta;
        line3 *ln = &lines[i];
        ln->rho = rho;
        ln->theta = th;
        ln->votes = raw[i].votes;
        ln->l[0] = cos(th);
        ln->l[1] = sin(th);
        ln->l[2] = (cx * cos(th) + cy * sin(th) - rho) / S;
        ln->family = -1;
    }
}

/* Then the direction (degrees) of the first family into *out: the dominant direction of the
 * lines, or with VZ_LOOK_OTHER_DIRECTION the strongest 25 to 65 degrees off it. GO_ENOBOARD when
 * that other direction is too weak. */
static int first_direction(int *out, const line3 *lines, int nl, unsigned how)
{
    double ah[180];
    int p1 = dominant_direction(ah, lines, nl);
    if (how & VZ_LOOK_OTHER_DIRECTION) {
        /* The strongest direction 25 to 65 degrees off the dominant one: on a crowded board
         * the diagonal rows of stones can outvote the grid's lines, which then lie about 45
         * degrees off them. */
        int alt = -1;
        for (int d = OTHER_DIRECTION_FROM; d <= OTHER_DIRECTION_TO; d++)
            for (int sgn = -1; sgn <= 1; sgn += 2) {
                int b = ((p1 + sgn * d) % 180 + 180) % 180;
                if (alt < 0 || ah[b] > ah[alt])
                    alt = b;
            }
        if (alt < 0 || ah[alt] < OTHER_DIRECTION_SHARE * ah[p1])
            return go_error_set(GO_ENOBOARD, "no board: no second direction of lines");
        p1 = alt;
    }
    *out = p1;
    return 0;
}

/* Then the two families of lines[0..nl) (lines[i].family 0, 1 or -1 for neither), the first
 * around direction p1, and their vanishing points into gp->va and gp->vb, `outside` from the
 * photo's centre at least (fit_vp). GO_ENOBOARD when the lines do not meet in two. */
static int line_families(grid_prefix *gp, line3 *lines, int nl, int p1, double outside)
{
    gp->nl = nl;
    gp->p1 = p1;
    for (int i = 0; i < nl; i++) {
        int b = (int)(lines[i].theta * 180 / PI) % 180;
        int d1 = abs(b - p1);
        if (d1 > 90)
            d1 = 180 - d1;
        lines[i].family = d1 <= FAMILY_BAND ? 0 : (d1 >= OTHER_FAMILY_MIN ? 1 : -1);
    }
    unsigned seed = 12345u;
    double *va = gp->va, *vb = gp->vb;
    double ma = fit_vp(va, lines, nl, 0, outside, &seed);
    /* The other family: the strongest consensus among the remaining lines, looked for first
     * near the perpendicular. On a sparse board the lattice's diagonals meet in points
     * through crossings only, with few votes; on a crowded one the diagonal rows of stones
     * make long straight edges, and a consensus far from the perpendicular can win unless
     * the near-perpendicular one is preferred while it has a fair share of the votes. */
    double mb = 0;
    {
        double vb_near[3], vb_any[3], m_near = 0, m_any = 0;
        int *fam = malloc(sizeof(int) * (size_t)nl);
        if (!fam)
            return go_error_set(GO_ENOMEM, "line families");
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < nl; i++) {
                int b = (int)(lines[i].theta * 180 / PI) % 180;
                int d1 = abs(b - p1);
                if (d1 > 90)
                    d1 = 180 - d1;
                if (lines[i].family != 0)
                    lines[i].family =
                        d1 >= (pass == 0 ? NEAR_PERPENDICULAR : OTHER_FAMILY_MIN) ? 1 : -1;
            }
            double *v = pass == 0 ? vb_near : vb_any;
            double m = fit_vp(v, lines, nl, 1, outside, &seed);
            if (pass == 0) {
                m_near = m;
                for (int i = 0; i < nl; i++)
                    fam[i] = lines[i].family;
            } else {
                m_any = m;
            }
        }
        if (m_near > 0 && m_near >= NEAR_SHARE * m_any) {
            memcpy(vb, vb_near, sizeof vb_near);
            mb = m_near;
            for (int i = 0; i < nl; i++)
                if (lines[i].family != 0)
                    lines[i].family = fam[i];
        } else {
            memcpy(vb, vb_any, sizeof vb_any);
            mb = m_any;
        }
        free(fam);
    }
    if (ma <= 0 || mb <= 0)
        return go_error_set(GO_ENOBOARD, "no board: grid lines do not meet in vanishing points");
    return 0;
}

/* Then the affine rectification of the W x H photo (gp->linf sends the vanishing line to
 * infinity; gp->na and gp->nb2 are the families' directions after it) and the bins of the two
 * profiles over the rectified photo (gp->umin, bwu, nbu and the same for v). GO_ENOBOARD for a
 * view no board is seen from: a vanishing line nearer the photo's centre than 1 / view_max. */
static int rectify(grid_prefix *gp, int W, int H, double view_max)
{
    const double cx = W / 2.0, cy = H / 2.0, S = (W > H ? W : H) / 2.0;
    const double *va = gp->va, *vb = gp->vb;
    /* Affine rectification: send the vanishing line to infinity. */
    double *linf = gp->linf;
    vz_cross3(linf, va, vb);
    if (fabs(linf[2]) < 1e-9)
        return go_error_set(GO_ENOBOARD, "no board: degenerate perspective");
    {
        double l2 = linf[2];
        linf[0] /= l2;
        linf[1] /= l2;
        linf[2] = 1;
    }
    /* A vanishing line through the middle of the photo is not a board seen from above. */
    if (hypot(linf[0], linf[1]) > view_max)
        return go_error_set(GO_ENOBOARD, "no board: the line families imply an impossible view");
    /* Direction of each family after rectification is its vanishing point's (x, y). */
    double da = hypot(va[0], va[1]), db = hypot(vb[0], vb[1]);
    double *na = gp->na, *nb2 = gp->nb2;
    na[0] = -va[1] / da;
    na[1] = va[0] / da;
    nb2[0] = -vb[1] / db;
    nb2[1] = vb[0] / db;
    /* rectified (xr, yr) = (x', y') / (1 + l.x'); u = na . r, v = nb . r */
    /* Profile resolution: quarter-pixel at the image centre. */
    const double binw = 0.35 / S;
    double umin = 1e300, umax = -1e300, vmin = 1e300, vmax = -1e300;
    for (int c = 0; c < 4; c++) {
        double x = (c & 1) ? 1.0 * W / S - cx / S : -cx / S;
        double y = (c & 2) ? 1.0 * H / S - cy / S : -cy / S;
        double w = 1 + linf[0] * x + linf[1] * y;
        if (w < 0.2)
            w = 0.2;
        double xr = x / w, yr = y / w;
        double u = na[0] * xr + na[1] * yr, v = nb2[0] * xr + nb2[1] * yr;
        if (u < umin)
            umin = u;
        if (u > umax)
            umax = u;
        if (v < vmin)
            vmin = v;
        if (v > vmax)
            vmax = v;
    }
    int nbu = (int)((umax - umin) / binw) + 3, nbv = (int)((vmax - vmin) / binw) + 3;
    if (nbu > 12000)
        nbu = 12000;
    if (nbv > 12000)
        nbv = 12000;
    const double bwu = (umax - umin) / (nbu - 3), bwv = (vmax - vmin) / (nbv - 3);
    gp->umin = umin;
    gp->vmin = vmin;
    gp->nbu = nbu;
    gp->nbv = nbv;
    gp->bwu = bwu;
    gp->bwv = bwv;
    return 0;
}

/* With VZ_LOOK_STEEP: whether the families' vanishing points or line are ones the other looks do
 * not take (a vanishing point nearer the centre than VP_OUTSIDE, a vanishing line nearer than
 * 1 / VIEW_MAX); else the look would only repeat theirs. */
static int steeper_view(const grid_prefix *gp)
{
    const double *v[2] = {gp->va, gp->vb};
    for (int k = 0; k < 2; k++)
        if (fabs(v[k][2]) > 1e-9 && hypot(v[k][0] / v[k][2], v[k][1] / v[k][2]) < VP_OUTSIDE)
            return 1;
    return hypot(gp->linf[0], gp->linf[1]) > VIEW_MAX;
}

/* Last: where the board can be (gp->ulo..uhi, vlo..vhi): the span of each family's lines
 * across the other family, with a margin. */
static void board_span(grid_prefix *gp, const line3 *lines, int nl)
{
    const double *linf = gp->linf, *na = gp->na, *nb2 = gp->nb2;
    /* Where the board can be: the span of each family's lines across the other family.
     * Texture (floor boards, wood grain) makes long lines of one family only; restricting
     * each profile to the span of the other family's lines keeps it out. */
    double ulo = 1e300, uhi = -1e300, vlo = 1e300, vhi = -1e300;
    for (int i = 0; i < nl; i++) {
        if (lines[i].family < 0)
            continue;
        double px_ = -lines[i].l[0] * lines[i].l[2], py = -lines[i].l[1] * lines[i].l[2];
        double w = 1 + linf[0] * px_ + linf[1] * py;
        if (w < 0.2)
            continue;
        double xr = px_ / w, yr = py / w;
        if (lines[i].family == 0) {
            double u = na[0] * xr + na[1] * yr;
            ulo = u < ulo ? u : ulo;
            uhi = u > uhi ? u : uhi;
        } else {
            double v = nb2[0] * xr + nb2[1] * yr;
            vlo = v < vlo ? v : vlo;
            vhi = v > vhi ? v : vhi;
        }
    }
    {
        double mu = SPAN_MARGIN * (uhi - ulo), mv = SPAN_MARGIN * (vhi - vlo);
        ulo -= mu;
        uhi += mu;
        vlo -= mv;
        vhi += mv;
    }
    gp->ulo = ulo;
    gp->uhi = uhi;
    gp->vlo = vlo;
    gp->vhi = vhi;
}

/* The step: the lines of L (a W x H work image) into families, vanishing points, the
 * rectification and the board's span in gp, as `how` looks (VZ_LOOK_OTHER_DIRECTION,
 * VZ_LOOK_SECOND_GRID). GO_ENOBOARD with the reason when the lines hold no grid. */
int vz_grid_families(grid_prefix *gp, const line_reading *L, int W, int H, unsigned how)
{
    int rc = 0, nl = L->nl, p1 = 0;
    const int steep = (how & VZ_LOOK_STEEP) != 0;
    line3 *lines = malloc(sizeof(line3) * MAX_LINES);
    if (!lines)
        return go_error_set(GO_ENOMEM, "grid lines");
    lines_in_frame(lines, L, W, H);
    if (nl < 8) {
        rc = go_error_set(GO_ENOBOARD, "no board: only %d straight lines in the photo", nl);
        goto done;
    }
    if ((how & VZ_LOOK_SECOND_GRID) && (rc = drop_first_grid(lines, &nl)) < 0)
        goto done;
    if ((rc = first_direction(&p1, lines, nl, how)) < 0 ||
        (rc = line_families(gp, lines, nl, p1, steep ? VP_OUTSIDE_STEEP : VP_OUTSIDE)) < 0 ||
        (rc = rectify(gp, W, H, steep ? VIEW_MAX_STEEP : VIEW_MAX)) < 0)
        goto done;
    if (steep && !(gp->steeper = steeper_view(gp))) {
        rc = go_error_set(GO_ENOBOARD, "no board: the view is no steeper than the other looks'");
        goto done;
    }
    board_span(gp, lines, nl);
done:
    free(lines);
    return rc;
}
