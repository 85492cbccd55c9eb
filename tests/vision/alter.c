/* Photos altered as another room or camera would have taken them (see synth.h): a coloured lamp,
 * a dim room, a webcam, the board turned in the frame or seen from lower. Each alteration acts on
 * the light or the geometry only, so the board's position stays the same point for point, and is
 * fixed by its seed: no randomness at run time. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cv_shim.h"
#include "go/error.h"
#include "synth.h"

const char *const synth_alter_name[SYNTH_ALTERATIONS] = {
    "blue lamp",    "violet lamp",         "pink lamp",      "dim room",
    "webcam frame", "turned in the frame", "seen from lower"};

/* A photo longer than this is first brought down to it (area averaging): the reader decodes to
 * about 1,000 px anyway, and a 12 MP photo turned whole would cost seconds for nothing. */
#define ALTER_LONG_MAX 2000

/* The lamps' light in each channel (B, G, R) relative to white light, in linear light, and the
 * exposure the camera sets for it (a saturated lamp gives less light in all; the camera opens up,
 * and the lamp's own channel clips first). Saturated blue and violet (LED strips, the stage lights
 * of a club's evening), and a warm pink (a bedside lamp's shade). */
static const double lamp_bgr[3][3] = {{1.0, 0.30, 0.10}, {1.0, 0.22, 0.55}, {0.50, 0.38, 1.0}};
#define LAMP_EXPOSURE 1.35
/* Highlights above this linear level roll off smoothly toward white, as a camera's tone curve
 * does: a white stone's top stays brighter than the wood without clipping flat. */
#define LAMP_KNEE 0.7
/* A dim room: a quarter of the light, sensor noise of this SD (grey levels) in each channel and a
 * shared part across them (a phone's luminance noise), then JPEG at a phone's low-light quality. */
#define DIM_LIGHT 0.25
#define DIM_NOISE_CHANNEL 4.0
#define DIM_NOISE_SHARED 3.0
#define DIM_QUALITY 75
/* A webcam frame: 640 px long, its lens and the motion softening it, JPEG 70. */
#define WEBCAM_LONG 640
#define WEBCAM_BLUR 1.0
#define WEBCAM_QUALITY 70
/* The board turned in the frame: 20 to 30 degrees either way; seen from lower: the photo's depth
 * squashed to 0.65-0.75 and its top edge narrowed to 0.8-0.9 of its width (a far edge further
 * away), both about the bottom edge. */
#define TURN_MIN_DEG 20.0
#define TURN_SPAN_DEG 10.0
#define LOW_DEPTH_MIN 0.65
#define LOW_NARROW_MIN 0.8
/* What the uncovered parts of the frame show: a table, one of a dark walnut or a grey laminate
 * (B, G, R), with a fine grain of this SD. Neither black nor the board's own wood. */
static const double table_bgr[2][3] = {{48, 66, 92}, {142, 146, 150}};
#define TABLE_GRAIN 4.0
/* The JPEG quality an altered photo is saved at where the alteration asks no other. */
#define ALTER_QUALITY 90

static double rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (double)(*s >> 11) / 9007199254740992.0;
}

/* A standard normal draw (Box-Muller). */
static double normal(uint64_t *s)
{
    const double u = rnd(s) + 1e-12, v = rnd(s);
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

static double to_linear(double v)
{
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double to_srgb(double v)
{
    if (v <= 0)
        return 0;
    if (v >= 1)
        return 1;
    return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

static uint8_t byte_of(double v)
{
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v + 0.5);
}

/* The coloured lamp k on img, in place: each channel's linear light times the lamp's, the
 * highlights rolled off above LAMP_KNEE. Multiplying in linear light keeps each channel's ratios
 * (stone to wood, line to wood) as a real lamp does. */
static void light_lamp(go_cv_image *img, int k)
{
    double curve[3][256];
    for (int c = 0; c < 3; c++)
        for (int v = 0; v < 256; v++) {
            double l = to_linear(v / 255.0) * lamp_bgr[k][c] * LAMP_EXPOSURE;
            if (l > LAMP_KNEE)
                l = LAMP_KNEE + (1 - LAMP_KNEE) * (1 - exp(-(l - LAMP_KNEE) / (1 - LAMP_KNEE)));
            curve[c][v] = 255 * to_srgb(l);
        }
    const size_t n = (size_t)img->width * img->height;
    for (size_t i = 0; i < n; i++)
        for (int c = 0; c < 3; c++)
            img->pixels[3 * i + c] = byte_of(curve[c][img->pixels[3 * i + c]]);
}

/* A dim room on img, in place: DIM_LIGHT of the light, then the sensor's noise. */
static void light_dim(go_cv_image *img, uint64_t *s)
{
    double curve[256];
    for (int v = 0; v < 256; v++)
        curve[v] = 255 * to_srgb(to_linear(v / 255.0) * DIM_LIGHT);
    const size_t n = (size_t)img->width * img->height;
    for (size_t i = 0; i < n; i++) {
        const double shared = DIM_NOISE_SHARED * normal(s);
        for (int c = 0; c < 3; c++) {
            uint8_t *p = &img->pixels[3 * i + c];
            *p = byte_of(curve[*p] + shared + DIM_NOISE_CHANNEL * normal(s));
        }
    }
}

/* Solves the 8 unknowns of the homography taking the four points from[] to to[] (x, y pairs) by
 * Gaussian elimination; h[8] = 1. */
static int homography4(double h[9], const double from[4][2], const double to[4][2])
{
    double a[8][9];
    for (int i = 0; i < 4; i++) {
        const double x = from[i][0], y = from[i][1], u = to[i][0], v = to[i][1];
        const double r0[9] = {x, y, 1, 0, 0, 0, -u * x, -u * y, u};
        const double r1[9] = {0, 0, 0, x, y, 1, -v * x, -v * y, v};
        memcpy(a[2 * i], r0, sizeof r0);
        memcpy(a[2 * i + 1], r1, sizeof r1);
    }
    for (int col = 0; col < 8; col++) {
        int best = col;
        for (int r = col + 1; r < 8; r++)
            if (fabs(a[r][col]) > fabs(a[best][col]))
                best = r;
        if (fabs(a[best][col]) < 1e-12)
            return go_error_set(GO_EINVAL, "four points in a line: no homography");
        for (int c = 0; c < 9; c++) {
            const double t = a[col][c];
            a[col][c] = a[best][c];
            a[best][c] = t;
        }
        for (int r = 0; r < 8; r++) {
            if (r == col)
                continue;
            const double f = a[r][col] / a[col][col];
            for (int c = col; c < 9; c++)
                a[r][c] -= f * a[col][c];
        }
    }
    for (int i = 0; i < 8; i++)
        h[i] = a[i][8] / a[i][i];
    h[8] = 1;
    return 0;
}

/* out (width x height) drawn from in through the homography back (out's pixel -> in's),
 * bilinear; where it falls outside in, the table (table_bgr[table] with its grain). */
static int warp_on_table(go_cv_image *out, const go_cv_image *in, const double back[9], int width,
                         int height, int table, uint64_t *s)
{
    int rc = go_cv_image_alloc(out, width, height, 3);
    if (rc < 0)
        return rc;
    const int w = in->width, h = in->height;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            uint8_t *d = out->pixels + ((size_t)y * width + x) * 3;
            const double z = back[6] * x + back[7] * y + back[8];
            const double sx = (back[0] * x + back[1] * y + back[2]) / z,
                         sy = (back[3] * x + back[4] * y + back[5]) / z;
            if (!(sx >= 0 && sy >= 0 && sx <= w - 1 && sy <= h - 1)) {
                const double grain = TABLE_GRAIN * normal(s);
                for (int c = 0; c < 3; c++)
                    d[c] = byte_of(table_bgr[table][c] + grain);
                continue;
            }
            const int x0 = (int)sx, y0 = (int)sy;
            const int x1 = x0 + 1 < w ? x0 + 1 : x0, y1 = y0 + 1 < h ? y0 + 1 : y0;
            const double fx = sx - x0, fy = sy - y0;
            const uint8_t *p00 = in->pixels + ((size_t)y0 * w + x0) * 3,
                          *p01 = in->pixels + ((size_t)y0 * w + x1) * 3,
                          *p10 = in->pixels + ((size_t)y1 * w + x0) * 3,
                          *p11 = in->pixels + ((size_t)y1 * w + x1) * 3;
            for (int c = 0; c < 3; c++)
                d[c] = byte_of((p00[c] * (1 - fx) + p01[c] * fx) * (1 - fy) +
                               (p10[c] * (1 - fx) + p11[c] * fx) * fy);
        }
    return 0;
}

/* img turned by deg degrees about its centre on a canvas holding all of it (the corners it
 * uncovers show the table). */
static int turn_in_frame(go_cv_image *out, const go_cv_image *img, double deg, int table,
                         uint64_t *s, double forward[9])
{
    const double a = deg * 3.141592653589793 / 180, c = cos(a), sn = sin(a);
    const double w = img->width, h = img->height;
    const int W = (int)ceil(w * fabs(c) + h * fabs(sn)), H = (int)ceil(w * fabs(sn) + h * fabs(c));
    /* out (X, Y) -> in: turned back by -deg about the canvases' centres */
    const double cx = (W - 1) / 2.0, cy = (H - 1) / 2.0, icx = (w - 1) / 2.0, icy = (h - 1) / 2.0;
    const double back[9] = {c,   sn, icx - c * cx - sn * cy, -sn, c, icy + sn * cx - c * cy, 0.0,
                            0.0, 1.0};
    const double fwd[9] = {c,   -sn, cx - c * icx + sn * icy, sn, c, cy - sn * icx - c * icy, 0.0,
                           0.0, 1.0};
    memcpy(forward, fwd, sizeof fwd);
    return warp_on_table(out, img, back, W, H, table, s);
}

/* img as seen from lower: its depth squashed by depth and its top narrowed by narrow, about the
 * bottom edge, on a canvas of its size (the strip it uncovers shows the table). */
static int seen_lower(go_cv_image *out, const go_cv_image *img, double depth, double narrow,
                      int table, uint64_t *s, double forward[9])
{
    const double w = img->width - 1, h = img->height - 1, top = h * (1 - depth),
                 inset = w * (1 - narrow) / 2;
    const double photo[4][2] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
    const double seen[4][2] = {{inset, top}, {w - inset, top}, {w, h}, {0, h}};
    double back[9];
    int rc = homography4(back, seen, photo);
    if (rc == 0)
        rc = homography4(forward, photo, seen);
    if (rc < 0)
        return rc;
    return warp_on_table(out, img, back, img->width, img->height, table, s);
}

/* c = a * b, 3x3 row-major. */
static void mat3_mul(double c[9], const double a[9], const double b[9])
{
    double t[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            t[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
    memcpy(c, t, sizeof t);
}

int synth_photo_altered(uint8_t **jpeg, size_t *len, const go_cv_image *img, int alteration,
                        uint64_t seed, double out_h[9])
{
    if (alteration < 0 || alteration >= SYNTH_ALTERATIONS || img->channels != 3)
        return go_error_set(GO_EINVAL, "alteration %d of a %d-channel image", alteration,
                            img->channels);
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull + (uint64_t)alteration;
    if (s == 0)
        s = 1;
    go_cv_image work = {0}, shaped = {0};
    const int longest = img->width > img->height ? img->width : img->height;
    const int target = alteration == SYNTH_ALTER_WEBCAM ? WEBCAM_LONG : ALTER_LONG_MAX;
    const double k = longest > target ? (double)target / longest : 1.0;
    const int w = (int)(img->width * k + 0.5), h = (int)(img->height * k + 0.5);
    int rc = go_cv_resize(&work, img, w < 1 ? 1 : w, h < 1 ? 1 : h);
    int quality = ALTER_QUALITY;
    const int table = (int)(rnd(&s) * 2);
    /* img's pixels to the altered photo's: the scale, then the view's own */
    const double scale[9] = {(double)w / img->width, 0, 0, 0, (double)h / img->height, 0, 0, 0, 1};
    double view[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    if (rc < 0)
        goto done;
    switch (alteration) {
    case SYNTH_ALTER_BLUE:
    case SYNTH_ALTER_VIOLET:
    case SYNTH_ALTER_PINK:
        light_lamp(&work, alteration - SYNTH_ALTER_BLUE);
        break;
    case SYNTH_ALTER_DIM:
        light_dim(&work, &s);
        quality = DIM_QUALITY;
        break;
    case SYNTH_ALTER_WEBCAM:
        rc = go_cv_blur(&shaped, &work, WEBCAM_BLUR);
        quality = WEBCAM_QUALITY;
        break;
    case SYNTH_ALTER_TURNED: {
        const double deg = TURN_MIN_DEG + TURN_SPAN_DEG * rnd(&s);
        rc = turn_in_frame(&shaped, &work, rnd(&s) < 0.5 ? -deg : deg, table, &s, view);
        break;
    }
    default: { /* SYNTH_ALTER_LOW */
        const double depth = LOW_DEPTH_MIN + 0.1 * rnd(&s), narrow = LOW_NARROW_MIN + 0.1 * rnd(&s);
        rc = seen_lower(&shaped, &work, depth, narrow, table, &s, view);
        break;
    }
    }
    if (rc == 0)
        rc = go_cv_encode_jpeg(jpeg, len, shaped.pixels ? &shaped : &work, quality);
    if (rc == 0 && out_h)
        mat3_mul(out_h, view, scale);
done:
    go_cv_image_free(&work);
    go_cv_image_free(&shaped);
    return rc;
}

int synth_render_altered(uint8_t **jpeg, size_t *len, const synth_params *p,
                         uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], double out_corners[4][2],
                         int alteration, uint64_t seed, double out_h[9])
{
    uint8_t *plain = NULL;
    size_t plain_len = 0;
    go_cv_image img = {0};
    int rc = synth_render(&plain, &plain_len, p, color, out_corners);
    if (rc == 0)
        rc = go_cv_decode(&img, plain, plain_len, 1);
    free(plain);
    if (rc == 0)
        rc = synth_photo_altered(jpeg, len, &img, alteration, seed, out_h);
    go_cv_image_free(&img);
    return rc;
}
