/* Synthetic board photos (see synth.h): rendered pixel by pixel through the inverse
 * homography, in board coordinates measured in cells (lines 2.2 across, 2.35 down, so cells
 * are not square, as on real boards), then degraded like a phone photo. */
#include "synth.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cv_shim.h"
#include "go/board.h"
#include "go/error.h"

#define ASPECT (2.35 / 2.2) /* line spacing down / across */
#define MARGIN 0.7          /* board wood beyond the outer lines, in cells */

static double rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (double)(*s >> 11) / 9007199254740992.0;
}

void synth_position(uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], int size, double density,
                    uint64_t seed)
{
    uint64_t s = seed * 2654435761u + 88172645463325252ull;
    memset(color, 0, sizeof(uint8_t) * GO_MAX_SIZE * GO_MAX_SIZE);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (rnd(&s) < density)
                color[y][x] = rnd(&s) < 0.5 ? GO_BLACK : GO_WHITE;
}

void synth_legal_position(uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], int size, double density,
                          uint64_t seed)
{
    synth_position(color, size, density, seed);
    /* groups without a liberty cannot be on a board: take them off until none is left */
    for (int changed = 1; changed;) {
        changed = 0;
        static uint8_t seen[GO_MAX_SIZE][GO_MAX_SIZE];
        memset(seen, 0, sizeof seen);
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                if (color[y][x] == GO_EMPTY || seen[y][x])
                    continue;
                int stack[GO_MAX_SIZE * GO_MAX_SIZE], group[GO_MAX_SIZE * GO_MAX_SIZE];
                int top = 0, ng = 0, libs = 0;
                stack[top++] = y * GO_MAX_SIZE + x;
                seen[y][x] = 1;
                while (top > 0) {
                    int q = stack[--top], qy = q / GO_MAX_SIZE, qx = q % GO_MAX_SIZE;
                    group[ng++] = q;
                    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
                    for (int k = 0; k < 4; k++) {
                        int nx = qx + dx[k], ny = qy + dy[k];
                        if (nx < 0 || ny < 0 || nx >= size || ny >= size)
                            continue;
                        if (color[ny][nx] == GO_EMPTY)
                            libs++;
                        else if (color[ny][nx] == color[y][x] && !seen[ny][nx]) {
                            seen[ny][nx] = 1;
                            stack[top++] = ny * GO_MAX_SIZE + nx;
                        }
                    }
                }
                if (!libs) {
                    for (int k = 0; k < ng; k++)
                        color[group[k] / GO_MAX_SIZE][group[k] % GO_MAX_SIZE] = GO_EMPTY;
                    changed = 1;
                }
            }
    }
}

int synth_best_match(uint8_t a[GO_MAX_SIZE][GO_MAX_SIZE], uint8_t b[GO_MAX_SIZE][GO_MAX_SIZE],
                     int n)
{
    int best = 0;
    for (int s = 0; s < 8; s++) {
        int ok = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int tx = (s & 1) ? n - 1 - x : x, ty = (s & 2) ? n - 1 - y : y;
                if (s & 4) {
                    int t = tx;
                    tx = ty;
                    ty = t;
                }
                ok += a[y][x] == b[ty][tx];
            }
        if (ok > best)
            best = ok;
    }
    return best;
}

static double clamp01(double v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* How much of lattice point (lx, ly) the stones' shadows cover (0..1): each stone's disc swept
 * from its point to p->shadow beyond it, in cells (down scaled by ASPECT, as the stones are). */
#define SHADOW_SOFT 0.12 /* the shadow's soft edge, cells */
static double shadow_cover(const synth_params *p, uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE],
                           double lx, double ly)
{
    const int n = p->size, reach = 1 + (int)ceil(fmax(fabs(p->shadow[0]), fabs(p->shadow[1])));
    const int ix = (int)lround(lx), iy = (int)lround(ly);
    const double rad = p->stone_radius > 0 ? p->stone_radius : 0.46;
    const double vx = p->shadow[0], vy = p->shadow[1] * ASPECT, vv = vx * vx + vy * vy;
    double cover = 0;
    for (int ny = iy - reach; ny <= iy + reach; ny++)
        for (int nx = ix - reach; nx <= ix + reach; nx++) {
            if (nx < 0 || ny < 0 || nx >= n || ny >= n || color[ny][nx] == GO_EMPTY)
                continue;
            const double *nd = p->nudge ? p->nudge[ny][nx] : NULL;
            const double dx = lx - nx - (nd ? nd[0] : 0),
                         dy = (ly - ny - (nd ? nd[1] : 0)) * ASPECT;
            /* the nearest point of the segment from the stone's point to its shadow's end */
            const double t = vv > 0 ? fmax(0, fmin(1, (dx * vx + dy * vy) / vv)) : 0;
            const double d = hypot(dx - t * vx, dy - t * vy);
            cover = fmax(cover, clamp01((rad - d) / SHADOW_SOFT + 0.5));
        }
    return cover;
}

/* An integer hash to [0, 1), for patterns that must not draw from the render's stream. */
static double hash01(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= c * 0x165667B19E3779F9ull;
    h ^= h >> 31;
    h *= 0xD6E8FEB86659FD93ull;
    h ^= h >> 32;
    return (double)(h >> 11) / 9007199254740992.0;
}

/* What lies around the board (synth_params' cloth, bowls and phone), drawn from their own
 * stream so that a scene without them renders as before. */
typedef struct scene {
    double bowl[2][3]; /* centre x, y and radius, pixels */
    double phone[5];   /* centre x, y, half length, half width, angle */
    double screen_bgr[3];
} scene;

static void scene_draw(scene *sc, const synth_params *p)
{
    uint64_t s = p->seed * 0xD1B54A32D192ED03ull + 17;
    const double W = p->width, H = p->height;
    for (int k = 0; k < 2; k++) {
        /* near one of the photo's sides, so mostly beside the board */
        const int side = (int)(rnd(&s) * 4);
        const double along = rnd(&s), r = p->bowl_px / 2;
        sc->bowl[k][0] = side < 2 ? along * W : (side == 2 ? r * 0.6 : W - r * 0.6);
        sc->bowl[k][1] = side >= 2 ? along * H : (side == 0 ? r * 0.6 : H - r * 0.6);
        sc->bowl[k][2] = r;
    }
    sc->phone[0] = (rnd(&s) < 0.5 ? 0.1 : 0.9) * W;
    sc->phone[1] = (0.2 + 0.6 * rnd(&s)) * H;
    sc->phone[2] = 0.16 * (W < H ? W : H);
    sc->phone[3] = sc->phone[2] * 0.48;
    sc->phone[4] = rnd(&s) * 3.14159265358979;
    for (int c = 0; c < 3; c++)
        sc->screen_bgr[c] = 120 + 135 * rnd(&s);
}

/* The table at (x, y) under whatever lies on it; b, g, r hold the plain table on entry. */
static void scene_table(double *b, double *g, double *r, const synth_params *p, const scene *sc,
                        double x, double y)
{
    if (p->cloth_check > 0) {
        const double t = p->cloth_turn * 3.14159265358979 / 180;
        const double u = x * cos(t) + y * sin(t), v = -x * sin(t) + y * cos(t);
        const int bands =
            ((long)floor(u / p->cloth_check) & 1) + ((long)floor(v / p->cloth_check) & 1);
        const double share = bands * 0.5; /* gingham: white, a band, two bands crossing */
        *b = 232 + (p->cloth_bgr[0] - 232) * share;
        *g = 232 + (p->cloth_bgr[1] - 232) * share;
        *r = 232 + (p->cloth_bgr[2] - 232) * share;
    }
    for (int k = 0; k < p->bowls && k < 2; k++) {
        const double dx = x - sc->bowl[k][0], dy = y - sc->bowl[k][1], R = sc->bowl[k][2];
        const double d = hypot(dx, dy);
        if (d > R)
            continue;
        if (d > 0.82 * R) { /* the rim, lit from above */
            const double lit = 0.7 + 0.3 * (1 - fabs(d / R - 0.91) / 0.09);
            *b = 40 * lit;
            *g = 75 * lit;
            *r = 120 * lit;
            continue;
        }
        /* heaped stones: one to a cell of a stone's size, jittered, black or white */
        const double sp = R / 3.2;
        const long cx = (long)floor(x / sp), cy = (long)floor(y / sp);
        *b = *g = *r = 25; /* the gaps between them */
        for (long ny = cy - 1; ny <= cy + 1; ny++)
            for (long nx = cx - 1; nx <= cx + 1; nx++) {
                const double jx = (nx + 0.5 + 0.3 * (hash01(nx, ny, 1) - 0.5)) * sp,
                             jy = (ny + 0.5 + 0.3 * (hash01(nx, ny, 2) - 0.5)) * sp;
                const double dd = hypot(x - jx, y - jy) / (0.55 * sp);
                if (dd >= 1)
                    continue;
                const int white = hash01(nx, ny, (uint64_t)k + 3) < 0.5;
                const double tone =
                    (white ? 225 : 35) * (1 - 0.2 * dd) + (white ? 0 : 35 * (1 - dd));
                *b = *g = *r = tone;
            }
    }
    if (p->phone) {
        const double c = cos(sc->phone[4]), s = sin(sc->phone[4]);
        const double u = (x - sc->phone[0]) * c + (y - sc->phone[1]) * s,
                     v = -(x - sc->phone[0]) * s + (y - sc->phone[1]) * c;
        if (fabs(u) < sc->phone[2] && fabs(v) < sc->phone[3]) {
            const int screen = fabs(u) < sc->phone[2] * 0.86 && fabs(v) < sc->phone[3] * 0.82;
            *b = screen ? sc->screen_bgr[0] : 18;
            *g = screen ? sc->screen_bgr[1] : 18;
            *r = screen ? sc->screen_bgr[2] : 20;
        }
    }
}

/* The board's wood at lattice point (lx, ly) for the makes other than plain wood. */
static void board_make(double *b, double *g, double *r, const synth_params *p, double lx, double ly)
{
    if (p->board_style == SYNTH_BOARD_BAMBOO) { /* strips 1.6 cells wide, seams between them */
        const double at = (lx + 1) / 1.6;
        const long strip = (long)floor(at);
        const double tone =
            14 * (hash01((uint64_t)strip, p->seed, 5) - 0.5) + 3 * sin(ly * 23 + strip * 1.7);
        const double seam = fabs(at - strip - 0.5) > 0.485 ? 0.78 : 1;
        *b = (128 + tone) * seam;
        *g = (182 + tone) * seam;
        *r = (214 + tone) * seam;
    } else if (p->board_style == SYNTH_BOARD_VINYL) { /* flat and pale */
        *b = 178;
        *g = 208;
        *r = 226;
    }
}

/* A stone of the given make: its colour before the light, from its plain shade and the offset
 * (dx, dy) of the pixel from its centre in cells. */
static void stone_make(double *sb, double *sg, double *sr, int make, int black, double shade,
                       double dx, double dy)
{
    const double spot = clamp01(1 - hypot(dx + 0.15, dy + 0.15) / 0.2);
    if (make == SYNTH_STONES_GLASS) { /* glossy: a sharp highlight on both colours */
        const double hl = 90 * clamp01(1 - hypot(dx + 0.17, dy + 0.17) / 0.1);
        *sb = (black ? 52 : 218 * shade) + hl;
        *sg = (black ? 48 : 224 * shade) + hl;
        *sr = (black ? 44 : 222 * shade) + hl;
    } else if (make == SYNTH_STONES_SLATE) { /* matte slate, striped shell */
        const double stripe = 7 * sin((dx * 0.4 + dy) * 40);
        *sb = black ? 48 + 6 * spot : (226 + stripe) * shade;
        *sg = black ? 48 + 6 * spot : (232 + stripe) * shade;
        *sr = black ? 50 + 6 * spot : (234 + stripe) * shade;
    } else { /* yunzi: cream whites, blacks green at the rim */
        const double rim = clamp01((hypot(dx, dy) - 0.3) / 0.2);
        *sb = black ? 30 + 20 * spot : 196 * shade;
        *sg = black ? 34 + 22 * rim + 20 * spot : 220 * shade;
        *sr = black ? 30 + 20 * spot : 230 * shade;
    }
}

int synth_render(uint8_t **out, size_t *out_len, const synth_params *p,
                 uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], double out_corners[4][2])
{
    uint64_t s = p->seed * 0x9E3779B97F4A7C15ull + 1;
    const int W = p->width, H = p->height, n = p->size;
    go_cv_image img = {0}, blurred = {0};
    int rc;
    /* Board plane: x in cells across, y in cells down (scaled by ASPECT). Its outline with
     * the margin maps to a rotated, tilted quadrilateral in the image. */
    double bw = n - 1 + 2 * MARGIN, bh = (n - 1 + 2 * MARGIN) * ASPECT;
    double side = (p->board_share > 0 ? p->board_share : 0.8) * (W < H ? W : H);
    /* the board's centre: the room left either way is measured for its outline turned
     * anyhow (its half diagonal) */
    const double reach = side / 2 * sqrt(2.0);
    const double ox = W / 2.0 + p->board_at[0] * fmax(W / 2.0 - reach, 0),
                 oy = H / 2.0 + p->board_at[1] * fmax(H / 2.0 - reach, 0);
    double half_w = side / 2 * (bw > bh ? 1 : bw / bh), half_h = side / 2 * (bh > bw ? 1 : bh / bw);
    const double sq = p->squash > 0 ? p->squash : 1;
    double quad[4][2] = {{-half_w * (1 - p->tilt), -sq * half_h * (1 - p->tilt * 0.5)},
                         {half_w * (1 - p->tilt), -sq * half_h * (1 - p->tilt * 0.5)},
                         {half_w, sq * half_h},
                         {-half_w, sq * half_h}};
    double a = p->rotate_deg * 3.14159265358979 / 180;
    double src[8], dst[8];
    for (int c = 0; c < 4; c++) {
        double x = quad[c][0] * (1 + 0.03 * (rnd(&s) - 0.5)),
               y = quad[c][1] * (1 + 0.03 * (rnd(&s) - 0.5));
        dst[2 * c] = ox + x * cos(a) - y * sin(a);
        dst[2 * c + 1] = oy + x * sin(a) + y * cos(a);
        src[2 * c] = (c == 1 || c == 2) ? bw : 0;
        src[2 * c + 1] = (c >= 2) ? bh : 0;
    }
    if (p->turn_deg != 0) {
        /* the table's plane (the quad's rectangle before the view) onto the photo; the board
         * turned in that plane, made smaller to keep its turned outline inside the rectangle */
        const double t = p->turn_deg * 3.14159265358979 / 180, c = fabs(cos(t)), sn = fabs(sin(t));
        const double fit = 1 / (c + sn * fmax(half_w / half_h, half_h / half_w));
        double table[8], view[9];
        for (int k = 0; k < 4; k++) {
            table[2 * k] = (k == 1 || k == 2) ? half_w : -half_w;
            table[2 * k + 1] = k >= 2 ? half_h : -half_h;
        }
        if ((rc = go_cv_find_homography(view, table, dst, 4, 0, 0)) < 0)
            return rc;
        for (int k = 0; k < 4; k++) {
            const double x = fit * (table[2 * k] * cos(t) - table[2 * k + 1] * sin(t)),
                         y = fit * (table[2 * k] * sin(t) + table[2 * k + 1] * cos(t));
            const double w = view[6] * x + view[7] * y + view[8];
            dst[2 * k] = (view[0] * x + view[1] * y + view[2]) / w;
            dst[2 * k + 1] = (view[3] * x + view[4] * y + view[5]) / w;
        }
    }
    double hm[9], inv[9];
    if ((rc = go_cv_find_homography(hm, dst, src, 4, 0, 0)) < 0) /* image -> board plane */
        return rc;
    if ((rc = go_cv_find_homography(inv, src, dst, 4, 0, 0)) < 0)
        return rc;
    for (int c = 0; c < 4; c++) {
        double bx = MARGIN + ((c == 1 || c == 2) ? n - 1 : 0);
        double by = (MARGIN + (c >= 2 ? n - 1 : 0)) * ASPECT;
        double w = inv[6] * bx + inv[7] * by + inv[8];
        out_corners[c][0] = (inv[0] * bx + inv[1] * by + inv[2]) / w;
        out_corners[c][1] = (inv[3] * bx + inv[4] * by + inv[5]) / w;
    }
    /* The stones lean away from the camera: toward the board's far edge, or on a board turned
     * on the table, toward the view's far side, across the board's own axes. */
    const double turn = p->turn_deg * 3.14159265358979 / 180;
    const double lean_x = p->lean * sin(turn), lean_y = p->lean * cos(turn);
    if ((rc = go_cv_image_alloc(&img, W, H, 3)) < 0)
        return rc;
    /* pixels per cell near the centre, for line width and anti-aliasing */
    double ppc = side / (n - 1 + 2 * MARGIN);
    double glare_x = W * (0.3 + 0.4 * rnd(&s)), glare_y = H * (0.3 + 0.4 * rnd(&s));
    if (p->glare_at[0] > 0 || p->glare_at[1] > 0) { /* drawn all the same: the rest as before */
        glare_x = W * p->glare_at[0];
        glare_y = H * p->glare_at[1];
    }
    const int lit = p->lamp_bgr[0] > 0 || p->lamp_bgr[1] > 0 || p->lamp_bgr[2] > 0;
    scene sc;
    scene_draw(&sc, p);
    /* clutter: a few rectangles of other colours beside the board */
    double clutter[4][7];
    for (int k = 0; k < 4; k++) {
        clutter[k][0] = rnd(&s) * W;
        clutter[k][1] = rnd(&s) * H;
        clutter[k][2] = 10 + rnd(&s) * W / 6;
        clutter[k][3] = 10 + rnd(&s) * H / 6;
        clutter[k][4] = rnd(&s) * 255;
        clutter[k][5] = rnd(&s) * 255;
        clutter[k][6] = rnd(&s) * 255;
    }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double w = hm[6] * x + hm[7] * y + hm[8];
            double bx = (hm[0] * x + hm[1] * y + hm[2]) / w,
                   by = (hm[3] * x + hm[4] * y + hm[5]) / w;
            double b = 90, g = 80, r = 70; /* table */
            for (int k = 0; k < 4; k++)
                if (fabs(x - clutter[k][0]) < clutter[k][2] &&
                    fabs(y - clutter[k][1]) < clutter[k][3]) {
                    b = clutter[k][4];
                    g = clutter[k][5];
                    r = clutter[k][6];
                }
            scene_table(&b, &g, &r, p, &sc, x, y);
            if (bx >= 0 && bx <= bw && by >= 0 && by <= bh) {
                double lx = bx - MARGIN, ly = by / ASPECT - MARGIN; /* lattice coordinates */
                const int own_wood = p->wood_bgr[0] > 0 || p->wood_bgr[1] > 0 || p->wood_bgr[2] > 0;
                double grain = (p->grain > 0 ? p->grain : 6) * sin(ly * 7.0 + sin(lx * 1.3) * 2);
                b = (own_wood ? p->wood_bgr[0] : 105) + grain;
                g = (own_wood ? p->wood_bgr[1] : 170) + grain;
                r = (own_wood ? p->wood_bgr[2] : 215) + grain;
                if (p->board_style != SYNTH_BOARD_WOOD)
                    board_make(&b, &g, &r, p, lx, ly);
                /* lines: distance to the nearest line inside the grid, in pixels */
                double half = 0.55 / ppc > 0.035 ? 0.55 / ppc : 0.035;
                double ink = 0;
                int ix = (int)lround(lx), iy = (int)lround(ly);
                if (ix >= 0 && ix < n && ly > -half && ly < n - 1 + half)
                    ink = fmax(ink, clamp01((half - fabs(lx - ix)) * ppc + 0.5));
                if (iy >= 0 && iy < n && lx > -half && lx < n - 1 + half)
                    ink = fmax(ink, clamp01((half - fabs(ly - iy)) * ppc + 0.5));
                const int own_ink = p->line_bgr[0] > 0 || p->line_bgr[1] > 0 || p->line_bgr[2] > 0;
                b += ((own_ink ? p->line_bgr[0] : 35) - b) * ink;
                g += ((own_ink ? p->line_bgr[1] : 35) - g) * ink;
                r += ((own_ink ? p->line_bgr[2] : 35) - r) * ink;
                if (p->shadow_dark > 0) {
                    const double dark = p->shadow_dark * shadow_cover(p, color, lx, ly);
                    b *= 1 - dark;
                    g *= 1 - dark;
                    r *= 1 - dark;
                }
                /* stones: radius 0.46 cell (across) by default, slightly shaded; with a
                 * radius of their own they may overlap, the nearest one on top */
                double rad = p->stone_radius > 0 ? p->stone_radius : 0.46, sdist = 1e9;
                int sx = -1, sy = -1;
                for (int ny = iy - 1; ny <= iy + 1; ny++)
                    for (int nx = ix - 1; nx <= ix + 1; nx++) {
                        if (nx < 0 || ny < 0 || nx >= n || ny >= n || color[ny][nx] == GO_EMPTY)
                            continue;
                        if (p->stone_radius <= 0 && !p->nudge && (nx != ix || ny != iy))
                            continue;
                        const double *nd = p->nudge ? p->nudge[ny][nx] : NULL;
                        double ddx = lx - nx - (nd ? nd[0] : 0) + lean_x,
                               ddy = (ly - ny - (nd ? nd[1] : 0) + lean_y) * ASPECT;
                        double dd = sqrt(ddx * ddx + ddy * ddy);
                        if (dd < rad + 1.0 / ppc && dd < sdist) {
                            sdist = dd;
                            sx = nx;
                            sy = ny;
                        }
                    }
                if (sx >= 0) {
                    ix = sx;
                    iy = sy;
                    const double *nd = p->nudge ? p->nudge[iy][ix] : NULL;
                    double dx = lx - ix - (nd ? nd[0] : 0) + lean_x,
                           dy = (ly - iy - (nd ? nd[1] : 0) + lean_y) * ASPECT;
                    double d = sqrt(dx * dx + dy * dy);
                    double cover = clamp01((rad - d) * ppc + 0.5);
                    double shade = 1 - 0.25 * clamp01((dx + dy) / 0.6 + 0.5) * d / rad;
                    double sb, sg, sr;
                    if (p->stone_style != SYNTH_STONES_PLAIN) {
                        stone_make(&sb, &sg, &sr, p->stone_style, color[iy][ix] == GO_BLACK, shade,
                                   dx, dy);
                    } else if (p->tinted) {
                        const double *c = color[iy][ix] == GO_BLACK ? p->black_bgr : p->white_bgr;
                        double hl = 40 * clamp01(1 - hypot(dx + 0.15, dy + 0.15) / 0.2);
                        if (p->dome > 0 && color[iy][ix] == GO_WHITE) {
                            shade *= 1 - p->dome * (d / rad) * (d / rad);
                            hl += 60 * clamp01(1 - hypot(dx + 0.05, dy + 0.05) / 0.08);
                        }
                        sb = c[0] * shade + hl;
                        sg = c[1] * shade + hl;
                        sr = c[2] * shade + hl;
                    } else if (color[iy][ix] == GO_BLACK) {
                        sb = sg = sr = 28 + 40 * clamp01(1 - hypot(dx + 0.15, dy + 0.15) / 0.2);
                    } else {
                        sb = 238 * shade;
                        sg = 240 * shade;
                        sr = 236 * shade;
                    }
                    b += (sb - b) * cover;
                    g += (sg - g) * cover;
                    r += (sr - r) * cover;
                }
            }
            if (p->sleeve > 0) { /* over everything, the board's edge and the table */
                double lx = bx - MARGIN, ly = by / ASPECT - MARGIN, rad = p->sleeve / 2;
                double ex = lx - (p->sleeve_reach - rad), ey = ly - p->sleeve_row;
                if (fabs(ey) < rad && (ex <= 0 || hypot(ex, ey) < rad)) {
                    b = 236;
                    g = 238;
                    r = 240;
                }
            }
            double light = 1 - p->gradient * ((double)x / W * 0.7 + (double)y / H * 0.3);
            if (p->lamp_falloff > 0) { /* off the board too: the lamp lights the table alike */
                const double t = fmax(0, (bx - MARGIN) / ((n - 1) / 2.0) - 1);
                light *= 1 - p->lamp_falloff * fmin(t * t, 1.5);
            }
            double gl = p->glare *
                        exp(-(pow(x - glare_x, 2) + pow(y - glare_y, 2)) / (2 * pow(W / 12.0, 2)));
            double nz = p->noise * (rnd(&s) - 0.5) * 2;
            if (p->exposure > 0) { /* a dim room: less light, and the camera's gain shows */
                light *= p->exposure;
                gl *= p->exposure;
                nz *= 1 + 2 * (1 - p->exposure);
            }
            if (lit) { /* the lamp's colour, on the glare too */
                b *= p->lamp_bgr[0];
                g *= p->lamp_bgr[1];
                r *= p->lamp_bgr[2];
            }
            uint8_t *px = img.pixels + ((size_t)y * W + x) * 3;
            px[0] = (uint8_t)fmin(255, fmax(0, b * light + gl * (lit ? p->lamp_bgr[0] : 1) + nz));
            px[1] = (uint8_t)fmin(255, fmax(0, g * light + gl * (lit ? p->lamp_bgr[1] : 1) + nz));
            px[2] = (uint8_t)fmin(255, fmax(0, r * light + gl * (lit ? p->lamp_bgr[2] : 1) + nz));
        }
    if (p->blur_sigma > 0) {
        if ((rc = go_cv_blur(&blurred, &img, p->blur_sigma)) < 0)
            goto done;
        go_cv_image_free(&img);
        img = blurred;
        blurred.pixels = NULL;
    }
    rc = go_cv_encode_jpeg(out, out_len, &img, p->jpeg_quality ? p->jpeg_quality : 85);
done:
    go_cv_image_free(&img);
    go_cv_image_free(&blurred);
    return rc;
}

void synth_bench_board(synth_params *p, double *density, int size, uint64_t seed)
{
    uint64_t st = seed;
#define RND()                                                                                      \
    ((double)((st = st * 6364136223846793005ull + 1442695040888963407ull) >> 11) /                 \
     9007199254740992.0)
    synth_params q = {.width = 1000, .height = 750, .size = size, .jpeg_quality = 85, .seed = seed};
    q.rotate_deg = RND() * 360;
    q.tilt = RND() * 0.35;
    q.gradient = RND() * 0.4;
    q.glare = RND() < 0.3 ? RND() * 80 : 0;
    q.blur_sigma = RND() * 1.2;
    q.noise = RND() * 8;
    q.jpeg_quality = 60 + (int)(RND() * 35);
    *density = 0.5 + RND() * 0.4;
#undef RND
    /* real stones touch (22.5 mm on lines 22 mm apart) and, seen at an angle, lean toward the
     * far edge: up to a quarter of a cell at the steepest tilt */
    q.stone_radius = 0.51;
    q.lean = 0.7 * q.tilt;
    *p = q;
}

/* A saturated lamp's light: the lamp's other channels at a few per cent (a blue LED strip, a
 * violet aquarium lamp). */
static const double saturated_lamp[2][3] = {{1, 0.1, 0.01}, {1, 0.04, 0.3}};

/* The print's ink halfway to the wood: a worn or pale print. */
static void pale_ink(synth_params *p)
{
    static const double wood[3] = {105, 170, 215};
    for (int c = 0; c < 3; c++)
        p->line_bgr[c] = 35 + 0.5 * (wood[c] - 35);
}

/* The stones' lean seen from lower, the depth squashed to p->squash. */
static double lean_from_low(const synth_params *p)
{
    return 0.2 * sqrt(1 - p->squash * p->squash) / p->squash;
}

/* The exact pinhole view of a board of width 1 and depth ASPECT from deg degrees above the
 * table, the camera dist board widths away and held level: the far edge (dist - half) / (dist +
 * half) as wide as the near one, the depth over the near edge's width s * ASPECT * dist / (dist
 * + half); synth_render's trapezoid gives this depth times squash * (1 - tilt / 4). The stones'
 * bodies reach toward the far edge by half a stone's height (0.2 cell) times the cotangent. */
static void pinhole_view(synth_params *p, double deg, double dist)
{
    const double view = deg * 3.14159265358979 / 180, s = sin(view), c = cos(view),
                 half = 0.5 * ASPECT * c;
    p->tilt = 2 * half / (dist + half);
    p->squash = s * dist / (dist + half) / (1 - p->tilt / 4);
    p->lean = 0.2 * c / s;
}

void synth_bench_board_low(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    synth_bench_board(p, density, size, seed);
    p->squash = 0.55 + 0.01 * (k % 11);
    p->lean = lean_from_low(p);
}

void synth_bench_board_scene(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    synth_bench_board(p, density, size, seed);
    uint64_t st = seed * 0x9E3779B97F4A7C15ull + 29; /* apart from synth_bench_board's draws */
#define RND()                                                                                      \
    ((double)((st = st * 6364136223846793005ull + 1442695040888963407ull) >> 11) /                 \
     9007199254740992.0)
    static const double cloths[4][3] = {{60, 40, 200}, {170, 90, 40}, {60, 140, 60}, {40, 40, 40}};
    p->board_share = 0.5 + 0.25 * RND();
    for (int c = 0; c < 2; c++)
        p->board_at[c] = 2 * RND() - 1;
    if (k % 2 == 0) { /* every other board on a gingham cloth, checks of a cell's size or so */
        const double cell = p->board_share * 750 / (size + 0.4);
        p->cloth_check = cell * (0.5 + 1.5 * RND());
        p->cloth_turn = 90 * RND();
        for (int c = 0; c < 3; c++)
            p->cloth_bgr[c] = cloths[(k / 2) % 4][c];
    }
    p->bowls = (k / 3) % 3;
    p->bowl_px = 750 * (0.18 + 0.1 * RND());
    p->phone = k % 5 == 1;
    if (k % 4 == 3)
        p->exposure = 0.35 + 0.25 * RND();
    p->board_style = (k / 2) % 3;
    p->stone_style = (k + 1) % 4;
#undef RND
}

void synth_bench_board_small(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    synth_bench_board(p, density, size, seed);
    p->board_share = 0.35 + 0.015 * (k % 11);
    /* where the board lies: from the seed, apart from the draws of synth_bench_board */
    uint64_t st = seed * 0x9E3779B97F4A7C15ull + 7;
    for (int c = 0; c < 2; c++) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        p->board_at[c] = 2.0 * (double)(st >> 11) / 9007199254740992.0 - 1;
    }
}

void synth_bench_board_shadowed(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    synth_bench_board(p, density, size, seed);
    /* the light's direction: from the seed, apart from the draws of synth_bench_board */
    uint64_t st = seed * 0x9E3779B97F4A7C15ull + 13;
    st = st * 6364136223846793005ull + 1442695040888963407ull;
    const double a = 6.283185307179586 * (double)(st >> 11) / 9007199254740992.0;
    const double len = 0.3 + 0.07 * (k % 11);
    p->shadow[0] = len * cos(a);
    p->shadow[1] = len * sin(a);
    p->shadow_dark = 0.35 + 0.03 * ((k * 7) % 11);
}

/* A generator apart from synth_bench_board's draws, for the rows' own choices. */
static double row_rnd(uint64_t *st)
{
    *st = *st * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*st >> 11) / 9007199254740992.0;
}

void synth_bench_board_turned(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    synth_bench_board(p, density, size, seed);
    uint64_t st = seed * 0x9E3779B97F4A7C15ull + 31;
    p->turn_deg = (15 + 1.5 * (k % 11)) * (k % 2 ? -1 : 1);
    p->rotate_deg = 10 * row_rnd(&st) - 5;
    p->tilt = 0.15 + 0.2 * row_rnd(&st);
    p->lean = 0.7 * p->tilt;
}

void synth_bench_board_cloth(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    static const double cloths[4][3] = {{60, 40, 200}, {170, 90, 40}, {60, 140, 60}, {40, 40, 40}};
    synth_bench_board(p, density, size, seed);
    uint64_t st = seed * 0x9E3779B97F4A7C15ull + 37;
    p->board_share = 0.5 + 0.2 * row_rnd(&st);
    for (int c = 0; c < 2; c++)
        p->board_at[c] = 2 * row_rnd(&st) - 1;
    const double cell = p->board_share * p->height / (size + 0.4);
    p->cloth_check = cell * (0.6 + 0.08 * (k % 11));
    p->cloth_turn = p->rotate_deg + 16 * row_rnd(&st) - 8;
    for (int c = 0; c < 3; c++)
        p->cloth_bgr[c] = cloths[k % 4][c];
}

void synth_bench_board_blue(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    synth_bench_board(p, density, size, seed);
    *density = 0.75 + 0.015 * (k % 11);
    for (int c = 0; c < 3; c++)
        p->lamp_bgr[c] = saturated_lamp[k % 2][c];
    pale_ink(p);
}

void synth_bench_board_webcam(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    synth_bench_board(p, density, size, seed);
    uint64_t st = seed * 0x9E3779B97F4A7C15ull + 41;
    p->width = 640;
    p->height = 480;
    p->board_share = 0.75 + 0.02 * (k % 11);
    p->blur_sigma = 0.8 + row_rnd(&st);
    p->noise = 6 + 8 * row_rnd(&st);
    p->jpeg_quality = 35 + (int)(25 * row_rnd(&st));
}

void synth_bench_board_steep(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    synth_bench_board(p, density, size, seed);
    uint64_t st = seed * 0x9E3779B97F4A7C15ull + 43;
    pinhole_view(p, 35 + 1.5 * (k % 11), 1 + 1.5 * row_rnd(&st));
    if (k % 3 == 1)
        p->turn_deg = (15 + 1.5 * ((k * 7) % 11)) * (k % 2 ? -1 : 1);
    if (k % 3 == 2)
        *density = 0.2 + 0.15 * row_rnd(&st);
}

void synth_bench_board_mixed(synth_params *p, double *density, double *hurried, int size,
                             uint64_t seed)
{
    static const double cloths[4][3] = {{60, 40, 200}, {170, 90, 40}, {60, 140, 60}, {40, 40, 40}};
    static const double whites[2][3] = {{150, 225, 195}, {120, 185, 215}};
    synth_bench_board(p, density, size, seed);
    uint64_t st = seed * 0x9E3779B97F4A7C15ull + 47;
    /* the frame: a phone's photo or (one in five) a webcam's, the board filling it or not */
    if (row_rnd(&st) < 0.2) {
        p->width = 640;
        p->height = 480;
    }
    p->board_share = row_rnd(&st) < 0.3 ? 0 : 0.35 + 0.6 * row_rnd(&st);
    for (int c = 0; c < 2; c++)
        p->board_at[c] = 2 * row_rnd(&st) - 1;
    /* the view: tilted only, from lower (squashed), or a pinhole view from 35-50 degrees; a third
     * of the boards turned on the table */
    const double view = row_rnd(&st);
    p->rotate_deg = 360 * row_rnd(&st);
    p->tilt = 0.35 * row_rnd(&st);
    p->lean = 0.7 * p->tilt;
    if (view < 1.0 / 3) {
        p->squash = 0.55 + 0.1 * row_rnd(&st);
        p->lean = lean_from_low(p);
    } else if (view < 2.0 / 3) {
        const double deg = 35 + 15 * row_rnd(&st), dist = 1 + 1.5 * row_rnd(&st);
        pinhole_view(p, deg, dist);
    }
    if (row_rnd(&st) < 1.0 / 3)
        p->turn_deg = (15 + 15 * row_rnd(&st)) * (row_rnd(&st) < 0.5 ? -1 : 1);
    /* the light: white, one of the coloured lamps or a saturated blue or violet one, falling off
     * to one side or not; the room dim or not; glare anywhere */
    const double lamp = row_rnd(&st);
    if (lamp < 0.5) {
        const int which = (int)(SYNTH_LAMPS * row_rnd(&st)) % SYNTH_LAMPS;
        synth_params lit;
        double d;
        synth_bench_board_lit(&lit, &d, size, seed, which);
        for (int c = 0; c < 3; c++)
            p->lamp_bgr[c] = lit.lamp_bgr[c];
    } else if (lamp < 0.65)
        for (int c = 0; c < 3; c++)
            p->lamp_bgr[c] = saturated_lamp[row_rnd(&st) < 0.5][c];
    if (row_rnd(&st) < 0.3)
        p->lamp_falloff = 0.4 + 0.2 * row_rnd(&st);
    if (row_rnd(&st) < 0.25)
        p->exposure = 0.35 + 0.25 * row_rnd(&st);
    p->gradient = 0.4 * row_rnd(&st);
    p->glare = row_rnd(&st) < 0.3 ? 80 * row_rnd(&st) : 0;
    for (int c = 0; c < 2; c++)
        p->glare_at[c] = 0.1 + 0.8 * row_rnd(&st);
    if (row_rnd(&st) < 0.25) {
        const double a = 6.283185307179586 * row_rnd(&st), len = 0.3 + 0.7 * row_rnd(&st);
        p->shadow[0] = len * cos(a);
        p->shadow[1] = len * sin(a);
        p->shadow_dark = 0.35 + 0.3 * row_rnd(&st);
    }
    /* the camera */
    p->blur_sigma = 1.8 * row_rnd(&st);
    p->noise = 14 * row_rnd(&st);
    p->jpeg_quality = 35 + (int)(60 * row_rnd(&st));
    /* the makes: board, stones (pale tinted ones at times), the print faint at times */
    p->board_style = (int)(3 * row_rnd(&st)) % 3;
    p->stone_style = (int)(4 * row_rnd(&st)) % 4;
    if (row_rnd(&st) < 0.2) {
        const int w = row_rnd(&st) < 0.5;
        p->tinted = 1;
        for (int c = 0; c < 3; c++) {
            p->black_bgr[c] = c == 1 ? 60 : 35;
            p->white_bgr[c] = whites[w][c];
        }
    }
    if (row_rnd(&st) < 0.2)
        pale_ink(p);
    /* the table: a gingham cloth at any angle or near the board's, bowls, a phone */
    if (row_rnd(&st) < 0.5) {
        const double share = p->board_share > 0 ? p->board_share : 0.8,
                     cell = share * p->height / (size + 0.4);
        p->cloth_check = cell * (0.5 + 1.5 * row_rnd(&st));
        p->cloth_turn =
            row_rnd(&st) < 0.5 ? 90 * row_rnd(&st) : p->rotate_deg + 16 * row_rnd(&st) - 8;
        const int k = (int)(4 * row_rnd(&st)) % 4;
        for (int c = 0; c < 3; c++)
            p->cloth_bgr[c] = cloths[k][c];
    }
    p->bowls = (int)(3 * row_rnd(&st)) % 3;
    p->bowl_px = p->height * (0.18 + 0.1 * row_rnd(&st));
    p->phone = row_rnd(&st) < 0.2;
    /* the position: sparse to crowded; a quarter of them put down by hurried hands */
    *density = 0.05 + 0.85 * row_rnd(&st);
    *hurried = row_rnd(&st) < 0.25 ? 0.06 + 0.1 * row_rnd(&st) : 0;
}

void synth_hurried_nudges(double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2],
                          uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], int size, double spread,
                          uint64_t seed)
{
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 11;
    memset(nudge, 0, sizeof(double) * GO_MAX_SIZE * GO_MAX_SIZE * 2);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (color[y][x] != GO_EMPTY)
                for (int c = 0; c < 2; c++) { /* Box-Muller */
                    const double u = fmax(rnd(&s), 1e-12), v = rnd(&s);
                    nudge[y][x][c] = spread * sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
                }
    /* stones pressed together push each other apart, a few rounds */
    for (int round = 0; round < 20; round++) {
        int moved = 0;
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                if (color[y][x] == GO_EMPTY)
                    continue;
                for (int c = 0; c < 2; c++)
                    nudge[y][x][c] = fmax(-SYNTH_NUDGE_MAX, fmin(SYNTH_NUDGE_MAX, nudge[y][x][c]));
                /* the neighbours after this one in the board's order, so each pair once */
                static const int nb[4][2] = {{1, 0}, {-1, 1}, {0, 1}, {1, 1}};
                for (int q = 0; q < 4; q++) {
                    const int nx = x + nb[q][0], ny = y + nb[q][1];
                    if (nx < 0 || nx >= size || ny >= size || color[ny][nx] == GO_EMPTY)
                        continue;
                    const double dx = nx + nudge[ny][nx][0] - x - nudge[y][x][0],
                                 dy = (ny + nudge[ny][nx][1] - y - nudge[y][x][1]) * ASPECT,
                                 d = hypot(dx, dy);
                    if (d >= SYNTH_PRESSED || d <= 0)
                        continue;
                    const double push = 0.5 * (SYNTH_PRESSED - d) / d;
                    nudge[y][x][0] -= push * dx;
                    nudge[y][x][1] -= push * dy / ASPECT;
                    nudge[ny][nx][0] += push * dx;
                    nudge[ny][nx][1] += push * dy / ASPECT;
                    moved = 1;
                }
            }
        if (!moved)
            break;
    }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            for (int c = 0; c < 2; c++) {
                /* on the first line, no further out than a stone can rest on the margin */
                const int at = c ? y : x;
                const double lo = at == 0 ? -SYNTH_NUDGE_OUT : -SYNTH_NUDGE_MAX,
                             hi = at == size - 1 ? SYNTH_NUDGE_OUT : SYNTH_NUDGE_MAX;
                nudge[y][x][c] = fmax(lo, fmin(hi, nudge[y][x][c]));
            }
}

double synth_bench_hurried_spread(int k)
{
    return 0.06 + 0.01 * (k % 11);
}

void synth_bench_board_lit(synth_params *p, double *density, int size, uint64_t seed, int lamp)
{
    /* Each channel's mean over photos of one sparse board under the lamp, against its mean
     * under white light, scaled so that the strongest is 1 (the camera exposes for it). */
    static const double lamps[SYNTH_LAMPS][3] = {
        {0.79, 0.02, 1}, /* pink */
        {1, 0.25, 0.01}, /* blue */
        {0.3, 1, 0.86},  /* green */
        {1, 0.79, 0.02}, /* cyan */
        {1, 0.1, 0.29},  /* violet */
        {0.62, 0.75, 1}, /* yellow */
        {0.21, 0.25, 1}, /* orange */
    };
    synth_bench_board(p, density, size, seed);
    for (int c = 0; c < 3; c++)
        p->lamp_bgr[c] = lamps[((lamp % SYNTH_LAMPS) + SYNTH_LAMPS) % SYNTH_LAMPS][c];
}

void synth_bench_board_pale(synth_params *p, double *density, int size, uint64_t seed, int k)
{
    /* the lamps of the coloured-light photos whose pale stones fade where the light falls off:
     * cyan, green, pink (synth_bench_board_lit's order) */
    static const int lamps[3] = {3, 2, 0};
    /* pale white stones: green-tinted, and nearly the wood's own colour */
    static const double whites[2][3] = {{150, 225, 195}, {120, 185, 215}};
    synth_bench_board_lit(p, density, size, seed, lamps[k % 3]);
    *density = 0.75 + 0.015 * (k % 11);
    p->lamp_falloff = 0.4 + 0.05 * (k % 5);
    p->tinted = 1;
    for (int c = 0; c < 3; c++) {
        p->black_bgr[c] = c == 1 ? 60 : 35;
        p->white_bgr[c] = whites[(k / 3) % 2][c];
    }
}

int synth_photo_variant(uint8_t **jpeg, size_t *len, const go_cv_image *img, int quarter_turns,
                        int long_side, int quality)
{
    go_cv_image turned = {0}, sized = {0};
    const go_cv_image *out = &turned;
    int rc = go_cv_turn(&turned, img, quarter_turns);
    if (rc == 0 && long_side > 0) {
        const int longest = turned.width > turned.height ? turned.width : turned.height;
        const double k = (double)long_side / longest;
        const int w = (int)(turned.width * k + 0.5), h = (int)(turned.height * k + 0.5);
        rc = go_cv_resize(&sized, &turned, w < 1 ? 1 : w, h < 1 ? 1 : h);
        out = &sized;
    }
    if (rc == 0)
        rc = go_cv_encode_jpeg(jpeg, len, out, quality);
    go_cv_image_free(&turned);
    go_cv_image_free(&sized);
    return rc;
}

int synth_photo_padded(uint8_t **jpeg, size_t *len, const go_cv_image *img, double factor,
                       double at_x, double at_y, int quality)
{
    const int w = img->width, h = img->height, ch = img->channels;
    const int W = (int)(w * factor), H = (int)(h * factor);
    if (ch != 3 || W < w || H < h)
        return go_error_set(GO_EINVAL, "padding a %dx%d image of %d channels by %.2f", w, h, ch,
                            factor);
    /* the border's mean colour */
    double sum[3] = {0, 0, 0};
    long count = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (y > 0 && y < h - 1 && x > 0 && x < w - 1)
                continue; /* inside */
            const uint8_t *p = img->pixels + ((size_t)y * w + x) * 3;
            for (int c = 0; c < 3; c++)
                sum[c] += p[c];
            count++;
        }
    go_cv_image big = {0};
    int rc = go_cv_image_alloc(&big, W, H, 3);
    if (rc < 0)
        return rc;
    const int x0 = (int)(at_x * (W - w)), y0 = (int)(at_y * (H - h));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint8_t *d = big.pixels + ((size_t)y * W + x) * 3;
            const int sx = x - x0, sy = y - y0;
            if (sx >= 0 && sy >= 0 && sx < w && sy < h)
                memcpy(d, img->pixels + ((size_t)sy * w + sx) * 3, 3);
            else
                for (int c = 0; c < 3; c++)
                    d[c] = (uint8_t)(sum[c] / count + 0.5);
        }
    rc = go_cv_encode_jpeg(jpeg, len, &big, quality);
    go_cv_image_free(&big);
    return rc;
}

int synth_one_coloured_crowd(uint8_t **jpeg, size_t *len, double corners[4][2])
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    synth_params p = {.width = 640, .height = 480, .size = 19, .jpeg_quality = 85, .seed = 51};
    p.tilt = 0.1;
    synth_position(truth, 19, 0.45, p.seed);
    int stones = 0;
    for (int y = 0; y < 19; y++)
        for (int x = 0; x < 19; x++)
            if (truth[y][x] != GO_EMPTY)
                truth[y][x] = ++stones % 8 ? GO_BLACK : GO_WHITE;
    return synth_render(jpeg, len, &p, truth, corners);
}

double synth_corners_off(double got[4][2], double truth[4][2])
{
    double worst = 0;
    for (int c = 0; c < 4; c++) {
        double nearest = 1e9;
        for (int k = 0; k < 4; k++)
            nearest = fmin(nearest, hypot(got[c][0] - truth[k][0], got[c][1] - truth[k][1]));
        worst = fmax(worst, nearest);
    }
    return worst;
}
