/* The overlay PNG a teacher checks at a glance: the photo (at most 1600 px), the fitted grid
 * in green, a dot on every stone read (blue for black, orange for white) and a red ring on
 * every point that needs a look. Drawn in C on the pixel buffer; written with libpng. */
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

#include "vision_int.h"

#define OVERLAY_SIDE 1600

static void put(go_cv_image *im, int x, int y, const uint8_t bgr[3])
{
    if (x < 0 || y < 0 || x >= im->width || y >= im->height)
        return;
    uint8_t *p = im->pixels + ((size_t)y * im->width + x) * 3;
    p[0] = bgr[0];
    p[1] = bgr[1];
    p[2] = bgr[2];
}

static void line(go_cv_image *im, double x0, double y0, double x1, double y1, int thick,
                 const uint8_t bgr[3])
{
    double len = hypot(x1 - x0, y1 - y0);
    int steps = (int)len + 1;
    if (steps > 20000)
        steps = 20000;
    for (int s = 0; s <= steps; s++) {
        double t = (double)s / steps;
        int x = (int)lround(x0 + t * (x1 - x0)), y = (int)lround(y0 + t * (y1 - y0));
        for (int dy = -thick / 2; dy <= thick / 2; dy++)
            for (int dx = -thick / 2; dx <= thick / 2; dx++)
                put(im, x + dx, y + dy, bgr);
    }
}

static void disc(go_cv_image *im, double cx, double cy, double r0, double r1, const uint8_t bgr[3])
{
    int x0 = (int)floor(cx - r1), x1 = (int)ceil(cx + r1);
    int y0 = (int)floor(cy - r1), y1 = (int)ceil(cy + r1);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            double d = hypot(x - cx, y - cy);
            if (d >= r0 && d <= r1)
                put(im, x, y, bgr);
        }
}

static int write_png(const char *path, const go_cv_image *im)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return go_error_set(GO_EIO, "cannot create %s", path);
    int rc = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    uint8_t *row = malloc((size_t)im->width * 3);
    if (!png || !info || !row) {
        rc = go_error_set(GO_ENOMEM, "PNG writer");
        goto done;
    }
    if (setjmp(png_jmpbuf(png))) {
        rc = go_error_set(GO_EIO, "writing PNG %s failed", path);
        goto done;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)im->width, (png_uint_32)im->height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < im->height; y++) {
        const uint8_t *src = im->pixels + (size_t)y * im->width * 3;
        for (int x = 0; x < im->width; x++) { /* BGR -> RGB */
            row[3 * x] = src[3 * x + 2];
            row[3 * x + 1] = src[3 * x + 1];
            row[3 * x + 2] = src[3 * x];
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
done:
    png_destroy_write_struct(&png, &info);
    free(row);
    if (fclose(f) != 0 && rc == 0)
        rc = go_error_set(GO_EIO, "closing %s failed", path);
    return rc;
}

int go_vision_write_overlay(const char *png_path, const void *data, size_t len,
                            const go_vision_result *r)
{
    go_cv_image img = {0}, small = {0};
    int rc;
    go_image_format fmt;
    int sw, sh;
    if ((rc = go_vision_probe(&fmt, &sw, &sh, data, len)) < 0)
        return rc;
    if ((double)sw * sh > GO_VISION_MAX_PIXELS || len > GO_VISION_MAX_BYTES)
        return go_error_set(GO_ETOOBIG, "image over the limits");
    int longest = sw > sh ? sw : sh, reduce = 1;
    if (fmt == GO_IMAGE_JPEG)
        while (reduce < 8 && longest / (reduce * 2) >= OVERLAY_SIDE)
            reduce *= 2;
    if ((rc = go_cv_decode(&img, data, len, reduce)) < 0)
        goto done;
    int dl = img.width > img.height ? img.width : img.height;
    double s = dl > OVERLAY_SIDE ? (double)OVERLAY_SIDE / dl : 1.0;
    int ow = (int)lround(img.width * s), oh = (int)lround(img.height * s);
    if ((rc = go_cv_resize(&small, &img, ow < 1 ? 1 : ow, oh < 1 ? 1 : oh)) < 0)
        goto done;
    if (r && r->size > 0 && r->image_width > 0) {
        double kx = (double)small.width / r->image_width,
               ky = (double)small.height / r->image_height;
        double sc[9] = {kx, 0, 0, 0, ky, 0, 0, 0, 1}, h[9];
        vz_mat3_mul(h, sc, r->homography);
        int n = r->size;
        const uint8_t green[3] = {0, 220, 0}, blue[3] = {255, 80, 0}, orange[3] = {0, 140, 255},
                      red[3] = {0, 0, 255}, dark[3] = {0, 0, 0}, light[3] = {255, 255, 255};
        double ax, ay, bx, by, cx, cy;
        vz_apply(h, 0, 0, &ax, &ay);
        vz_apply(h, 1, 0, &bx, &by);
        vz_apply(h, 0, 1, &cx, &cy);
        double cell = 0.5 * (hypot(bx - ax, by - ay) + hypot(cx - ax, cy - ay));
        for (int k = 0; k < n; k++) {
            double x0, y0, x1, y1;
            vz_apply(h, k, 0, &x0, &y0);
            vz_apply(h, k, n - 1, &x1, &y1);
            line(&small, x0, y0, x1, y1, 1, green);
            vz_apply(h, 0, k, &x0, &y0);
            vz_apply(h, n - 1, k, &x1, &y1);
            line(&small, x0, y0, x1, y1, 1, green);
        }
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                double px, py;
                if (vz_apply(h, x, y, &px, &py))
                    continue;
                if (r->color[y][x] == GO_BLACK) {
                    disc(&small, px, py, 0, 0.22 * cell, blue);
                    disc(&small, px, py, 0.22 * cell, 0.28 * cell, light);
                } else if (r->color[y][x] == GO_WHITE) {
                    disc(&small, px, py, 0, 0.22 * cell, orange);
                    disc(&small, px, py, 0.22 * cell, 0.28 * cell, dark);
                }
            }
        for (int i = 0; i < r->uncertain_count; i++) {
            double px, py;
            if (vz_apply(h, go_point_x(r->uncertain[i]), go_point_y(r->uncertain[i]), &px, &py))
                continue;
            disc(&small, px, py, 0.42 * cell, 0.5 * cell, red);
        }
    }
    rc = write_png(png_path, &small);
done:
    go_cv_image_free(&img);
    go_cv_image_free(&small);
    return rc;
}
