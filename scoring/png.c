/* The count sheet as a PNG (libpng): a board drawing with stones, dead stones crossed out,
 * territory marks and the counts and verdict beside it, for showing the players. Text uses a
 * built-in 5x7 bitmap font (ASCII capitals, digits, a few signs), so no font files are needed. */
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score_int.h"

typedef struct canvas {
    int w, h;
    uint8_t *rgb; /* w * h * 3 */
} canvas;

typedef struct rgb {
    uint8_t r, g, b;
} rgb;

static const rgb WOOD = {222, 184, 110}, INK = {30, 30, 30}, PAPER = {250, 250, 245},
                 RED = {200, 30, 30}, GREY = {140, 140, 140}, PANEL = {245, 240, 228};

static void put(canvas *cv, int x, int y, rgb c)
{
    if (x < 0 || y < 0 || x >= cv->w || y >= cv->h)
        return;
    uint8_t *p = cv->rgb + ((size_t)y * (size_t)cv->w + (size_t)x) * 3;
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
}

static void rect(canvas *cv, int x0, int y0, int x1, int y1, rgb c)
{
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            put(cv, x, y, c);
}

static void disc(canvas *cv, int cx, int cy, int r, rgb fill, rgb edge)
{
    for (int y = -r; y <= r; y++)
        for (int x = -r; x <= r; x++) {
            int d2 = x * x + y * y;
            if (d2 <= r * r)
                put(cv, cx + x, cy + y, d2 >= (r - 1) * (r - 1) ? edge : fill);
        }
}

static void cross(canvas *cv, int cx, int cy, int r, rgb c)
{
    for (int t = -r; t <= r; t++)
        for (int k = -1; k <= 1; k++) {
            put(cv, cx + t + k, cy + t, c);
            put(cv, cx + t + k, cy - t, c);
        }
}

/* 5x7 glyphs, rows top to bottom, bit 4 = leftmost column. */
static const char GLYPH_CHARS[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+-./:()";
static const uint8_t GLYPHS[][7] = {
    {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}, {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E},
    {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}, {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E},
    {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}, {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E},
    {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}, {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08},
    {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}, {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C},
    {0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11}, {0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E},
    {0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E}, {0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C},
    {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F}, {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10},
    {0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F}, {0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11},
    {0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}, {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C},
    {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11}, {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F},
    {0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11}, {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11},
    {0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, {0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10},
    {0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D}, {0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11},
    {0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E}, {0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04},
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, {0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04},
    {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A}, {0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11},
    {0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04}, {0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F},
    {0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00}, {0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00},
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C}, {0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00},
    {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00}, {0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02},
    {0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08},
};

/* Draws text at (x, y) (top left), each font pixel scale x scale; returns the end x. */
static int text(canvas *cv, int x, int y, const char *s, int scale, rgb c)
{
    for (; *s; s++) {
        char ch = *s >= 'a' && *s <= 'z' ? (char)(*s - 'a' + 'A') : *s;
        const char *at = ch == ' ' ? NULL : strchr(GLYPH_CHARS, ch);
        if (at && *at) {
            const uint8_t *g = GLYPHS[at - GLYPH_CHARS];
            for (int row = 0; row < 7; row++)
                for (int col = 0; col < 5; col++)
                    if (g[row] & (0x10 >> col))
                        rect(cv, x + col * scale, y + row * scale, x + col * scale + scale - 1,
                             y + row * scale + scale - 1, c);
        }
        x += 6 * scale;
    }
    return x;
}

typedef struct membuf {
    unsigned char *data;
    size_t len, cap;
    int failed;
} membuf;

static void write_mem(png_structp png, png_bytep data, png_size_t len)
{
    membuf *m = png_get_io_ptr(png);
    if (m->failed)
        return;
    if (m->len + len > m->cap) {
        size_t cap = m->cap ? m->cap : 8192;
        while (cap < m->len + len)
            cap *= 2;
        unsigned char *bigger = realloc(m->data, cap);
        if (!bigger) {
            m->failed = 1;
            png_error(png, "out of memory");
        }
        m->data = bigger;
        m->cap = cap;
    }
    memcpy(m->data + m->len, data, len);
    m->len += len;
}

static void flush_mem(png_structp png)
{
    (void)png;
}

static int encode(unsigned char **out, size_t *out_len, const canvas *cv)
{
    /* The buffer lives on the heap and the pointers below are not changed after setjmp, so
     * the values seen after a longjmp from libpng are well defined. */
    membuf *m = calloc(1, sizeof *m);
    if (!m)
        return go_error_set(GO_ENOMEM, "libpng: no memory");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        free(m);
        return go_error_set(GO_ENOMEM, "libpng: cannot create the writer");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        int failed = m->failed;
        free(m->data);
        free(m);
        return go_error_set(failed ? GO_ENOMEM : GO_EINTERNAL, "libpng: encoding failed");
    }
    png_set_write_fn(png, m, write_mem, flush_mem);
    png_set_IHDR(png, info, (png_uint_32)cv->w, (png_uint_32)cv->h, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < cv->h; y++)
        png_write_row(png, cv->rgb + (size_t)y * (size_t)cv->w * 3);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = m->data;
    *out_len = m->len;
    free(m);
    return 0;
}

int go_count_png(unsigned char **out, size_t *out_len, const go_count *c)
{
    const int cell = 28, border = 34, panel = 300, scale = 2, line = 22;
    int size = c->size;
    int board_px = 2 * border + (size - 1) * cell;
    canvas cv;
    cv.w = board_px + panel;
    cv.h = board_px > 17 * line + 2 * border ? board_px : 17 * line + 2 * border;
    cv.rgb = malloc((size_t)cv.w * (size_t)cv.h * 3);
    if (!cv.rgb)
        return go_error_set(GO_ENOMEM, "count PNG of %dx%d pixels", cv.w, cv.h);
    rect(&cv, 0, 0, cv.w - 1, cv.h - 1, PANEL);
    rect(&cv, 0, 0, board_px - 1, board_px - 1, WOOD);

    /* Grid and coordinates. */
    for (int i = 0; i < size; i++) {
        int at = border + i * cell;
        rect(&cv, border, at, border + (size - 1) * cell, at, INK);
        rect(&cv, at, border, at, border + (size - 1) * cell, INK);
        char label[16];
        go_point_to_gtp(label, sizeof label, go_point_at(i, 0), size);
        label[1] = '\0';
        text(&cv, at - 2, 6, label, 1, INK);
        text(&cv, at - 2, board_px - 14, label, 1, INK);
        snprintf(label, sizeof label, "%d", size - i);
        text(&cv, 4, at - 3, label, 1, INK);
        text(&cv, board_px - 16, at - 3, label, 1, INK);
    }

    /* Points: territory marks first, stones over them. */
    int r = cell / 2 - 1;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            int cx = border + x * cell, cy = border + y * cell;
            go_owner o = (go_owner)c->owner[go_point_at(x, y)];
            int m = cell / 5;
            switch (o) {
            case GO_OWN_BLACK_STONE:
                disc(&cv, cx, cy, r, INK, INK);
                break;
            case GO_OWN_WHITE_STONE:
                disc(&cv, cx, cy, r, PAPER, INK);
                break;
            case GO_OWN_BLACK_DEAD:
                disc(&cv, cx, cy, r, INK, INK);
                rect(&cv, cx - m, cy - m, cx + m, cy + m, PAPER); /* White's point now */
                cross(&cv, cx, cy, r - 2, RED);
                break;
            case GO_OWN_WHITE_DEAD:
                disc(&cv, cx, cy, r, PAPER, INK);
                rect(&cv, cx - m, cy - m, cx + m, cy + m, INK); /* Black's point now */
                cross(&cv, cx, cy, r - 2, RED);
                break;
            case GO_OWN_BLACK_AREA:
                rect(&cv, cx - m, cy - m, cx + m, cy + m, INK);
                break;
            case GO_OWN_WHITE_AREA:
                rect(&cv, cx - m, cy - m, cx + m, cy + m, PAPER);
                rect(&cv, cx - m, cy - m, cx + m, cy - m, GREY);
                rect(&cv, cx - m, cy + m, cx + m, cy + m, GREY);
                break;
            case GO_OWN_SHARED:
                rect(&cv, cx - m, cy - 1, cx + m, cy + 1, GREY);
                break;
            default:
                break;
            }
        }

    /* The counts beside the board. */
    char buf[64], q[24], q2[24];
    int px = board_px + 16, py = border;
    text(&cv, px, py, "BLACK", scale, INK), py += line;
    snprintf(buf, sizeof buf, "STONES %d", c->black_stones);
    text(&cv, px, py, buf, scale, INK), py += line;
    snprintf(buf, sizeof buf, "AREA %d", c->black_territory);
    text(&cv, px, py, buf, scale, INK), py += line;
    snprintf(buf, sizeof buf, "TOTAL %s",
             go_score_format_quarters(q, sizeof q, c->black_total_quarters, true));
    text(&cv, px, py, buf, scale, INK), py += line + line / 2;
    text(&cv, px, py, "WHITE", scale, INK), py += line;
    snprintf(buf, sizeof buf, "STONES %d", c->white_stones);
    text(&cv, px, py, buf, scale, INK), py += line;
    snprintf(buf, sizeof buf, "AREA %d", c->white_territory);
    text(&cv, px, py, buf, scale, INK), py += line;
    snprintf(buf, sizeof buf, "TOTAL %s",
             go_score_format_quarters(q, sizeof q, c->white_total_quarters, true));
    text(&cv, px, py, buf, scale, INK), py += line + line / 2;
    snprintf(buf, sizeof buf, "SHARED %d", c->shared);
    text(&cv, px, py, buf, scale, INK), py += line;
    snprintf(buf, sizeof buf, "PAR %s",
             go_score_format_quarters(q, sizeof q, c->par_quarters, true));
    text(&cv, px, py, buf, scale, INK), py += line;
    snprintf(buf, sizeof buf, "KOMI %s",
             go_score_format_quarters(q, sizeof q, c->komi_quarters, true));
    text(&cv, px, py, buf, scale, INK), py += line;
    if (c->giveback_quarters) {
        snprintf(buf, sizeof buf, "HANDICAP %s",
                 go_score_format_quarters(q, sizeof q, c->giveback_quarters, true));
        text(&cv, px, py, buf, scale, INK), py += line;
    }
    snprintf(buf, sizeof buf, "B NEEDS %s+",
             go_score_format_quarters(q, sizeof q, c->required_black_quarters, true));
    text(&cv, px, py, buf, scale, INK), py += line + line / 2;
    int m = c->margin_quarters < 0 ? -c->margin_quarters : c->margin_quarters;
    if (m == 0) {
        text(&cv, px, py, "DRAW", scale, RED);
    } else {
        snprintf(buf, sizeof buf, "%s WINS BY", c->margin_quarters > 0 ? "BLACK" : "WHITE");
        text(&cv, px, py, buf, scale, RED), py += line;
        go_count_gtp_result(q2, sizeof q2, c);
        snprintf(buf, sizeof buf, "%s (%s)", go_score_format_quarters(q, sizeof q, m, true), q2);
        text(&cv, px, py, buf, scale, RED);
    }
    int rc = encode(out, out_len, &cv);
    free(cv.rgb);
    return rc;
}

int go_count_write_png(const char *path, const go_count *c)
{
    unsigned char *data = NULL;
    size_t len = 0;
    int rc = go_count_png(&data, &len, c);
    if (rc)
        return rc;
    FILE *f = fopen(path, "wb");
    if (!f) {
        rc = go_error_set(GO_EIO, "cannot create %s", path);
        goto done;
    }
    if (fwrite(data, 1, len, f) != len)
        rc = go_error_set(GO_EIO, "cannot write %s", path);
    if (fclose(f) != 0 && rc == 0)
        rc = go_error_set(GO_EIO, "cannot write %s", path);
done:
    free(data);
    return rc;
}
