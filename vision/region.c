/* Where the board lies in the photo, found from its colour rather than its lines: the photo's
 * colours in a few clusters, and the one whose pixels crowd into one compact piece (the wood, or
 * the stones) marks the board; everything outside that piece is painted one plain colour, so that
 * a cloth or a room around the board no longer lends the grid finder its lines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vision_int.h"
#include "params.h"

/* k-means on the small image's Lab pixels, from seeds drawn k-means++ style by a fixed generator
 * (the same photo gives the same clusters). Chroma counts REGION_CHROMA times lightness: a lamp's
 * fall-off changes the wood's lightness across the board, not its hue. */
static double colour_distance(const double *c, const uint8_t *p)
{
    const double dl = c[0] - p[0], da = c[1] - p[1], db = c[2] - p[2];
    return dl * dl + REGION_CHROMA * (da * da + db * db);
}

static void cluster_colours(uint8_t *label, double centre[REGION_COLOURS][3],
                            const go_cv_image *lab)
{
    const int n = lab->width * lab->height;
    double sum[REGION_COLOURS][4];
    unsigned long long state = 0x9e3779b97f4a7c15ULL;
    double *d = malloc(sizeof(double) * (size_t)n);
    if (!d) {
        memset(label, 0, (size_t)n);
        memset(centre, 0, sizeof(double) * 3 * REGION_COLOURS);
        return;
    }
    for (int i = 0; i < n; i++)
        d[i] = 1e300;
    int pick = n / 2;
    for (int c = 0; c < REGION_COLOURS; c++) {
        const uint8_t *p = lab->pixels + (size_t)pick * 3;
        for (int j = 0; j < 3; j++)
            centre[c][j] = p[j];
        double total = 0;
        for (int i = 0; i < n; i++) {
            const double e = colour_distance(centre[c], lab->pixels + (size_t)i * 3);
            d[i] = e < d[i] ? e : d[i];
            total += d[i];
        }
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        double u = (double)(state >> 11) / 9007199254740992.0 * total;
        pick = n - 1;
        for (int i = 0; i < n; i++)
            if ((u -= d[i]) <= 0) {
                pick = i;
                break;
            }
    }
    free(d);
    for (int round = 0; round < REGION_ROUNDS; round++) {
        memset(sum, 0, sizeof sum);
        for (int i = 0; i < n; i++) {
            const uint8_t *p = lab->pixels + (size_t)i * 3;
            int best = 0;
            double bd = 1e300;
            for (int c = 0; c < REGION_COLOURS; c++) {
                const double e = colour_distance(centre[c], p);
                if (e < bd) {
                    bd = e;
                    best = c;
                }
            }
            label[i] = (uint8_t)best;
            for (int j = 0; j < 3; j++)
                sum[best][j] += p[j];
            sum[best][3] += 1;
        }
        for (int c = 0; c < REGION_COLOURS; c++)
            if (sum[c][3] > 0)
                for (int j = 0; j < 3; j++)
                    centre[c][j] = sum[c][j] / sum[c][3];
    }
}

static double cross(const double *o, const double *a, const double *b)
{
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

static int cmp_point(const void *a, const void *b)
{
    const double *p = a, *q = b;
    return p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : p[1] < q[1] ? -1 : p[1] > q[1];
}

/* The convex hull of the n points pts (x, y pairs; sorted in place) into hull, counter-clockwise
 * in image coordinates' sense of cross(); returns its vertex count (hull holds n + 1 pairs). */
static int convex_hull(double *hull, double *pts, int n)
{
    qsort(pts, (size_t)n, sizeof(double) * 2, cmp_point);
    int m = 0;
    for (int pass = 0; pass < 2; pass++) {
        const int start = m;
        for (int k = 0; k < n; k++) {
            const double *p = pts + 2 * (pass ? n - 1 - k : k);
            while (m >= start + 2 && cross(hull + 2 * (m - 2), hull + 2 * (m - 1), p) <= 0)
                m--;
            hull[2 * m] = p[0];
            hull[2 * m + 1] = p[1];
            m++;
        }
        m--; /* the last point is the next pass's first */
    }
    return m;
}

static double hull_area(const double *hull, int m)
{
    double a = 0;
    for (int k = 0; k < m; k++) {
        const double *p = hull + 2 * k, *q = hull + 2 * ((k + 1) % m);
        a += p[0] * q[1] - q[0] * p[1];
    }
    return fabs(a) / 2;
}

static int inside_hull(const double *hull, int m, double x, double y)
{
    const double p[2] = {x, y};
    for (int k = 0; k < m; k++)
        if (cross(hull + 2 * k, hull + 2 * ((k + 1) % m), p) < 0)
            return 0;
    return 1;
}

/* A row of blocks x0..x1 at y, as the four outer corners of its end blocks, appended to pts
 * (n points so far); the new count. */
static int row_ends(double *pts, int n, int x0, int x1, int y)
{
    const double c[4][2] = {{x0, y}, {x0, y + 1}, {x1 + 1, y}, {x1 + 1, y + 1}};
    memcpy(pts + 2 * n, c, sizeof c);
    return n + 4;
}

/* One colour's piece: the blocks holding REGION_SHARE of that colour or more, the largest piece of
 * them joined through their 8 neighbours, its holes filled (the stones on the wood, the wood
 * between the stones). Its hull (block units) goes to hull, *m its vertices; returns the piece's
 * blocks. */
static int colour_piece(double *hull, int *m, const float *share, int bw, int bh, int *mark,
                        int *stack, double *pts)
{
    const int nb = bw * bh;
    int best_tag = 0, best_count = 0, tag = 0;
    for (int k = 0; k < nb; k++)
        mark[k] = share[k] >= REGION_SHARE ? -1 : 0;
    for (int k = 0; k < nb; k++) {
        if (mark[k] != -1)
            continue;
        int top = 0, count = 0;
        mark[k] = ++tag;
        stack[top++] = k;
        while (top > 0) {
            const int c = stack[--top], cx = c % bw, cy = c / bw;
            count++;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    const int nx = cx + dx, ny = cy + dy, q = ny * bw + nx;
                    if (nx >= 0 && ny >= 0 && nx < bw && ny < bh && mark[q] == -1) {
                        mark[q] = tag;
                        stack[top++] = q;
                    }
                }
        }
        if (count > best_count) {
            best_count = count;
            best_tag = tag;
        }
    }
    *m = 0;
    if (best_count == 0)
        return 0;
    /* holes: what the outside (reached from the frame through blocks not of the piece) misses */
    int top = 0, outside = 0;
    for (int k = 0; k < nb; k++) {
        const int x = k % bw, y = k / bw;
        mark[k] = mark[k] == best_tag ? 1 : 0;
        if ((x == 0 || y == 0 || x == bw - 1 || y == bh - 1) && mark[k] == 0) {
            mark[k] = 2;
            stack[top++] = k;
        }
    }
    while (top > 0) {
        const int c = stack[--top], cx = c % bw, cy = c / bw;
        outside++;
        for (int s = 0; s < 4; s++) {
            const int nx = cx + vz_step4[s][0], ny = cy + vz_step4[s][1], q = ny * bw + nx;
            if (nx >= 0 && ny >= 0 && nx < bw && ny < bh && mark[q] == 0) {
                mark[q] = 2;
                stack[top++] = q;
            }
        }
    }
    /* the piece's outer block corners, a row's two ends each */
    int n = 0;
    for (int y = 0; y < bh; y++) {
        int x0 = -1, x1 = -1;
        for (int x = 0; x < bw; x++)
            if (mark[y * bw + x] == 1) {
                x0 = x0 < 0 ? x : x0;
                x1 = x;
            }
        if (x0 < 0)
            continue;
        n = row_ends(pts, n, x0, x1, y);
    }
    *m = convex_hull(hull, pts, n);
    return nb - outside;
}

int vz_board_region(go_cv_image *out, int box[4], const go_cv_image *work)
{
    go_cv_image small = {0}, lab = {0};
    uint8_t *label = NULL;
    float *share = NULL;
    int *mark = NULL, *stack = NULL;
    double *pts = NULL, *hull = NULL, *best_hull = NULL;
    int rc, best_m = 0, best_set = 0;
    const int longest = work->width > work->height ? work->width : work->height;
    const double q = longest > REGION_SIDE ? (double)REGION_SIDE / longest : 1;
    const int sw = (int)lround(work->width * q), sh = (int)lround(work->height * q);
    const int bw = sw / REGION_BLOCK, bh = sh / REGION_BLOCK, nb = bw * bh;
    if (bw < 4 || bh < 4)
        return 1;
    if ((rc = go_cv_resize(&small, work, sw, sh)) < 0 || (rc = go_cv_lab(&lab, &small)) < 0)
        goto done;
    label = malloc((size_t)sw * sh);
    share = malloc(sizeof(float) * (size_t)nb * (REGION_COLOURS + 1));
    mark = malloc(sizeof(int) * (size_t)nb);
    stack = malloc(sizeof(int) * (size_t)nb);
    pts = malloc(sizeof(double) * (size_t)sh * 8);
    hull = malloc(sizeof(double) * ((size_t)sh * 8 + 2));
    best_hull = malloc(sizeof(double) * ((size_t)sh * 8 + 2));
    if (!label || !share || !mark || !stack || !pts || !hull || !best_hull) {
        rc = go_error_set(GO_ENOMEM, "board region");
        goto done;
    }
    double centre[REGION_COLOURS][3];
    cluster_colours(label, centre, &lab);
    memset(share, 0, sizeof(float) * (size_t)nb * REGION_COLOURS);
    long total[REGION_COLOURS] = {0};
    for (int y = 0; y < bh * REGION_BLOCK; y++)
        for (int x = 0; x < bw * REGION_BLOCK; x++) {
            const int c = label[y * sw + x];
            share[c * nb + (y / REGION_BLOCK) * bw + x / REGION_BLOCK] += 1.0f;
            total[c]++;
        }
    for (int k = 0; k < nb * REGION_COLOURS; k++)
        share[k] /= REGION_BLOCK * REGION_BLOCK;
    /* the sets of colours a board's wood may be: each colour alone, and each tinted colour with
     * the tinted colours of nearly its hue (REGION_HUE_NEAR): a lamp's fall-off across the wood
     * splits it by lightness into two clusters of one hue, neither holding the whole board */
    unsigned sets[2 * REGION_COLOURS];
    int nsets = 0;
    for (int c = 0; c < REGION_COLOURS; c++)
        sets[nsets++] = 1u << c;
    for (int c = 0; c < REGION_COLOURS; c++) {
        if (hypot(centre[c][1] - 128, centre[c][2] - 128) < REGION_TINT)
            continue;
        unsigned set = 0;
        for (int e = 0; e < REGION_COLOURS; e++)
            if (hypot(centre[e][1] - 128, centre[e][2] - 128) >= REGION_TINT &&
                hypot(centre[e][1] - centre[c][1], centre[e][2] - centre[c][2]) < REGION_HUE_NEAR)
                set |= 1u << e;
        int known = 0;
        for (int k = 0; k < nsets; k++)
            known |= sets[k] == set;
        if (!known)
            sets[nsets++] = set;
    }
    /* each set's piece, judged: a board's share of the photo, compact, holding most of its
     * colours' pixels, and marked inside by other colours (stones, lines); the likeliest (most
     * of its colours in it, then most compact) is taken */
    double best_score = 0, best_part = 0, best_solid = 0, best_held = 0;
    float *set_share = share + (size_t)nb * REGION_COLOURS;
    for (int k = 0; k < nsets; k++) {
        const unsigned set = sets[k];
        long set_total = 0;
        for (int b = 0; b < nb; b++)
            set_share[b] = 0;
        for (int c = 0; c < REGION_COLOURS; c++)
            if (set & (1u << c)) {
                set_total += total[c];
                for (int b = 0; b < nb; b++)
                    set_share[b] += share[(size_t)c * nb + b];
            }
        int m;
        const int blocks = colour_piece(hull, &m, set_share, bw, bh, mark, stack, pts);
        if (m < 3 || set_total == 0)
            continue;
        const double area = hull_area(hull, m), part = area / nb, solid = blocks / area;
        double hx = 0, hy = 0;
        for (int k = 0; k < m; k++) {
            hx += hull[2 * k] / m;
            hy += hull[2 * k + 1] / m;
        }
        long in = 0, core = 0, other = 0;
        for (int y = 0; y < bh * REGION_BLOCK; y++)
            for (int x = 0; x < bw * REGION_BLOCK; x++) {
                const double u = (x + 0.5) / REGION_BLOCK, v = (y + 0.5) / REGION_BLOCK;
                const int of_set = (set >> label[y * sw + x]) & 1u;
                if (of_set && inside_hull(hull, m, u, v))
                    in++;
                /* the pixel in the hull shrunk about its centre to REGION_CORE of its size */
                if (inside_hull(hull, m, hx + (u - hx) / REGION_CORE,
                                hy + (v - hy) / REGION_CORE)) {
                    core++;
                    other += !of_set;
                }
            }
        const double held = (double)in / set_total, score = held * solid;
        const double marked = core > 0 ? (double)other / core : 0;
        int first = 0;
        while (!((set >> first) & 1u))
            first++;
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr,
                    "region colours %#x (Lab of the first %.0f %.0f %.0f): %.2f of the photo, %.2f "
                    "solid, holds %.2f of them, %.2f of its core other colours\n",
                    set, centre[first][0], centre[first][1], centre[first][2], part, solid, held,
                    marked);
        if (part < REGION_LEAST || part > REGION_MOST || solid < REGION_SOLID ||
            held < REGION_HELD || marked < REGION_MARKED || score <= best_score)
            continue;
        best_score = score;
        best_part = part;
        best_solid = solid;
        best_held = held;
        best_m = m;
        best_set = set;
        memcpy(best_hull, hull, sizeof(double) * 2 * (size_t)m);
    }
    if (best_m == 0) {
        rc = 1;
        goto done;
    }
    /* the piece's edge to the pixel: the hull of its colour's pixels within the blocks' hull
     * grown by a block, each among REGION_NEIGHBOURS of its 8 neighbours of that colour (a lone
     * pixel of the colour on a cloth's edge is the JPEG's) */
    {
        double cx = 0, cy = 0;
        for (int k = 0; k < best_m; k++) {
            cx += best_hull[2 * k] / best_m;
            cy += best_hull[2 * k + 1] / best_m;
        }
        const double rx = cx * REGION_BLOCK, ry = cy * REGION_BLOCK;
        int n = 0;
        for (int y = 1; y < sh - 1; y++) {
            int x0 = -1, x1 = -1;
            for (int x = 1; x < sw - 1; x++) {
                if (!((best_set >> label[y * sw + x]) & 1u))
                    continue;
                int same = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        same += (dx || dy) && ((best_set >> label[(y + dy) * sw + x + dx]) & 1u);
                /* the point pulled a block toward the centre must lie in the blocks' hull */
                const double px = x + 0.5, py = y + 0.5, d = hypot(px - rx, py - ry);
                const double pull = d > REGION_BLOCK ? (d - REGION_BLOCK) / d : 0;
                if (same < REGION_NEIGHBOURS ||
                    !inside_hull(best_hull, best_m, (rx + (px - rx) * pull) / REGION_BLOCK,
                                 (ry + (py - ry) * pull) / REGION_BLOCK))
                    continue;
                x0 = x0 < 0 ? x : x0;
                x1 = x;
            }
            if (x0 < 0)
                continue;
            n = row_ends(pts, n, x0, x1, y);
        }
        if (n < 12) {
            rc = 1;
            goto done;
        }
        best_m = convex_hull(best_hull, pts, n);
    }
    /* the hull in work's pixels, grown about its centre; the box around it grown again */
    double cx = 0, cy = 0, x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (int k = 0; k < best_m; k++) {
        cx += best_hull[2 * k] / best_m;
        cy += best_hull[2 * k + 1] / best_m;
    }
    const double to_work = 1 / q;
    for (int k = 0; k < best_m; k++) {
        double *p = best_hull + 2 * k;
        p[0] = (cx + (p[0] - cx) * (1 + REGION_GROW)) * to_work;
        p[1] = (cy + (p[1] - cy) * (1 + REGION_GROW)) * to_work;
        x0 = fmin(x0, p[0]);
        y0 = fmin(y0, p[1]);
        x1 = fmax(x1, p[0]);
        y1 = fmax(y1, p[1]);
    }
    const double gx = REGION_MARGIN * (x1 - x0), gy = REGION_MARGIN * (y1 - y0);
    const int bx0 = (int)fmax(floor(x0 - gx), 0), by0 = (int)fmax(floor(y0 - gy), 0);
    const int bx1 = (int)fmin(ceil(x1 + gx), work->width),
              by1 = (int)fmin(ceil(y1 + gy), work->height);
    if (bx1 - bx0 < 16 || by1 - by0 < 16) {
        rc = 1;
        goto done;
    }
    if ((rc = go_cv_image_alloc(out, bx1 - bx0, by1 - by0, work->channels)) < 0)
        goto done;
    /* the crop, and the mean colour of what lies outside the hull in it, which then fills it */
    double fill[4] = {0, 0, 0, 0};
    long outside = 0;
    const int ch = work->channels;
    for (int y = by0; y < by1; y++) {
        const uint8_t *src = work->pixels + ((size_t)y * work->width + bx0) * ch;
        uint8_t *dst = out->pixels + (size_t)(y - by0) * out->width * ch;
        memcpy(dst, src, (size_t)(bx1 - bx0) * ch);
        for (int x = bx0; x < bx1; x++)
            if (!inside_hull(best_hull, best_m, x + 0.5, y + 0.5)) {
                for (int j = 0; j < ch; j++)
                    fill[j] += src[(x - bx0) * ch + j];
                outside++;
            }
    }
    if (outside > 0)
        for (int y = by0; y < by1; y++) {
            uint8_t *dst = out->pixels + (size_t)(y - by0) * out->width * ch;
            for (int x = bx0; x < bx1; x++)
                if (!inside_hull(best_hull, best_m, x + 0.5, y + 0.5))
                    for (int j = 0; j < ch; j++)
                        dst[(x - bx0) * ch + j] = (uint8_t)lround(fill[j] / outside);
        }
    box[0] = bx0;
    box[1] = by0;
    box[2] = bx1 - bx0;
    box[3] = by1 - by0;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "region: box %d %d %d %d of %dx%d, %d corners (%.2f of the photo, %.2f solid, "
                "holds %.2f)\n",
                bx0, by0, box[2], box[3], work->width, work->height, best_m, best_part, best_solid,
                best_held);
    rc = 0;
done:
    go_cv_image_free(&small);
    go_cv_image_free(&lab);
    free(label);
    free(share);
    free(mark);
    free(stack);
    free(pts);
    free(hull);
    free(best_hull);
    return rc;
}
