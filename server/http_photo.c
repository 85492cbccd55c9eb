/* Large PNG photos read at the size the reader works at: vision decodes a JPEG at 1/2 to 1/8 of
 * its size, but a PNG whole, so that a small file of many pixels (59 MP of one colour is 188 KB)
 * cost hundreds of MB to read. Here a PNG is decoded one row at a time and averaged down by the
 * factor vision uses for a JPEG, then re-encoded (losslessly) for the reader; the reading's
 * pixel coordinates are mapped back to the photo's. */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "go/error.h"
#include "http_int.h"
#include "http_photo.h"

/* The reader's work image is 1000 pixels on its long side; like vision for a JPEG, a photo is
 * halved while it stays at least twice that, at most three times. */
#define READER_SIDE HTTP_PHOTO_READER_SIDE
#define MAX_REDUCE 8

typedef struct mem_src {
    const uint8_t *data;
    size_t len, off;
} mem_src;

static void mem_read(png_structp png, png_bytep out, png_size_t n)
{
    mem_src *m = png_get_io_ptr(png);
    if (n > m->len - m->off)
        png_error(png, "truncated PNG");
    memcpy(out, m->data + m->off, n);
    m->off += n;
}

typedef struct mem_dst {
    uint8_t *data;
    size_t len, cap;
    bool failed;
} mem_dst;

static void mem_write(png_structp png, png_bytep in, png_size_t n)
{
    mem_dst *m = png_get_io_ptr(png);
    if (m->failed)
        return;
    if (n > m->cap - m->len) {
        size_t cap = m->cap ? m->cap : 65536;
        while (cap - m->len < n)
            cap *= 2;
        uint8_t *grown = realloc(m->data, cap);
        if (!grown) {
            m->failed = true;
            png_error(png, "out of memory");
        }
        m->data = grown;
        m->cap = cap;
    }
    memcpy(m->data + m->len, in, n);
    m->len += n;
}

static void mem_flush(png_structp png)
{
    (void)png;
}

static void quiet_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* libpng prints its errors on stderr by default; the error reply says enough. */
static void quiet_error(png_structp png, png_const_charp msg)
{
    (void)msg;
    png_longjmp(png, 1);
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* 1 when data is a PNG this file reads at a reduced size: not interlaced (rows would need the
 * whole image) and with no eXIf chunk (its orientation would be lost in the re-encoding), and
 * at least twice the reader's side; the factor in *out_reduce. */
static int reduce_of(int *out_reduce, int *out_width, int *out_height, const uint8_t *data,
                     size_t len)
{
    *out_reduce = 1;
    if (len < 33 || memcmp(data, "\x89PNG\r\n\x1a\n", 8) != 0 || memcmp(data + 12, "IHDR", 4) != 0)
        return 0;
    uint32_t width = be32(data + 16), height = be32(data + 20);
    if (width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu ||
        data[28] != 0 /* interlace method */)
        return 0;
    for (size_t off = 8; off + 12 <= len;) {
        uint32_t n = be32(data + off);
        if (memcmp(data + off + 4, "eXIf", 4) == 0)
            return 0;
        if (memcmp(data + off + 4, "IEND", 4) == 0 || n > len - off - 12)
            break;
        off += 12 + (size_t)n;
    }
    uint32_t longest = width > height ? width : height;
    int reduce = 1;
    while (reduce < MAX_REDUCE && longest / (uint32_t)(reduce * 2) >= READER_SIDE)
        reduce *= 2;
    *out_reduce = reduce;
    *out_width = (int)width;
    *out_height = (int)height;
    return reduce > 1;
}

size_t http_photo_memory(const void *data, size_t len)
{
    go_image_format fmt;
    int width, height, reduce;
    if (go_vision_probe(&fmt, &width, &height, data, len) != 0 || width <= 0 || height <= 0)
        return 0;
    int longest = width > height ? width : height;
    size_t pixels = (size_t)width * (size_t)height;
    if (fmt == GO_IMAGE_JPEG) {
        reduce = 1;
        while (reduce < MAX_REDUCE && longest / (reduce * 2) >= READER_SIDE)
            reduce *= 2;
        pixels = (size_t)((width + reduce - 1) / reduce) * (size_t)((height + reduce - 1) / reduce);
    } else if (reduce_of(&reduce, &width, &height, data, len)) {
        /* the reduced image, its PNG, vision's decode and work copy, and one row of the photo */
        pixels = (size_t)(width / reduce) * (size_t)(height / reduce) * 2 + (size_t)width;
    }
    return 2 * 3 * pixels + HTTP_PHOTO_MEMORY_MARGIN;
}

int http_png_encode(uint8_t **out, size_t *out_len, const uint8_t *rgb, int width, int height)
{
    *out = NULL;
    *out_len = 0;
    mem_dst dst = {0};
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, quiet_error, quiet_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return go_error_set(GO_ENOMEM, "no memory for a PNG encoder");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(dst.data);
        return dst.failed ? go_error_set(GO_ENOMEM, "no memory for the reduced photo")
                          : go_error_set(GO_EINTERNAL, "the reduced photo could not be encoded");
    }
    png_set_write_fn(png, &dst, mem_write, mem_flush);
    png_set_compression_level(png, 1); /* read once, right away: speed over size */
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++)
        png_write_row(png, (png_const_bytep)(rgb + (size_t)y * (size_t)width * 3));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = dst.data;
    *out_len = dst.len;
    return 0;
}

/* The rows of the PNG averaged in reduce x reduce boxes into rgb (width / reduce by height /
 * reduce; the last reduce - 1 columns and rows at most are left out). */
static int decode_reduced(uint8_t *rgb, uint32_t *sums, uint8_t *row, const uint8_t *data,
                          size_t len, int width, int height, int reduce)
{
    mem_src src = {data, len, 0};
    png_structp png =
        png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, quiet_error, quiet_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return go_error_set(GO_ENOMEM, "no memory for a PNG decoder");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return go_error_set(GO_EIMAGE, "the PNG data could not be decoded");
    }
    png_set_read_fn(png, &src, mem_read);
    png_read_info(png, info);
    /* As vision reads colour: 8 bits, three channels, alpha dropped. */
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_strip_alpha(png);
    png_set_gray_to_rgb(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 3 ||
        png_get_image_width(png, info) != (png_uint_32)width ||
        png_get_image_height(png, info) != (png_uint_32)height)
        png_error(png, "unexpected row layout");
    int out_w = width / reduce, out_h = height / reduce;
    size_t sum_n = (size_t)out_w * 3;
    memset(sums, 0, sum_n * sizeof *sums);
    for (int y = 0; y < out_h * reduce; y++) {
        png_read_row(png, row, NULL);
        for (int x = 0; x < out_w * reduce; x++)
            for (int c = 0; c < 3; c++)
                sums[(size_t)(x / reduce) * 3 + (size_t)c] += row[(size_t)x * 3 + (size_t)c];
        if ((y + 1) % reduce == 0) {
            uint8_t *out = rgb + (size_t)(y / reduce) * sum_n;
            unsigned area = (unsigned)(reduce * reduce);
            for (size_t i = 0; i < sum_n; i++)
                out[i] = (uint8_t)((sums[i] + area / 2) / area);
            memset(sums, 0, sum_n * sizeof *sums);
        }
    }
    /* The rows left out are not read: the PNG's end is not checked, as vision would not. */
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int http_photo_reduce(http_photo *out, const void *data, size_t len)
{
    memset(out, 0, sizeof *out);
    out->scale_x = out->scale_y = 1.0;
    int reduce, width, height;
    if (!reduce_of(&reduce, &width, &height, data, len))
        return 0;
    int out_w = width / reduce, out_h = height / reduce;
    uint8_t *rgb = malloc((size_t)out_w * (size_t)out_h * 3);
    uint32_t *sums = malloc((size_t)out_w * 3 * sizeof *sums);
    uint8_t *row = malloc((size_t)width * 3);
    int err = 0;
    if (!rgb || !sums || !row)
        err = go_error_set(GO_ENOMEM, "no memory to read the photo at %dx%d", out_w, out_h);
    if (!err)
        err = decode_reduced(rgb, sums, row, data, len, width, height, reduce);
    free(row);
    free(sums);
    if (!err)
        err = http_png_encode(&out->png, &out->png_len, rgb, out_w, out_h);
    free(rgb);
    if (err)
        return err;
    out->width = width;
    out->height = height;
    out->scale_x = (double)width / out_w;
    out->scale_y = (double)height / out_h;
    return 0;
}

void http_photo_map_options(const http_photo *p, go_vision_options *opt)
{
    if (!p->png || !opt->have_corners)
        return;
    for (int c = 0; c < 4; c++) {
        opt->corners[c][0] /= p->scale_x;
        opt->corners[c][1] /= p->scale_y;
    }
}

void http_photo_map_result(const http_photo *p, go_vision_result *res)
{
    if (!p->png || res->image_width <= 0)
        return;
    for (int c = 0; c < 4; c++) {
        res->corners[c][0] *= p->scale_x;
        res->corners[c][1] *= p->scale_y;
    }
    /* lattice -> pixels: the rows giving x and y scale with them */
    for (int k = 0; k < 3; k++) {
        res->homography[k] *= p->scale_x;
        res->homography[3 + k] *= p->scale_y;
    }
    res->image_width = p->width;
    res->image_height = p->height;
}

void http_photo_free(http_photo *p)
{
    if (!p)
        return;
    free(p->png);
    p->png = NULL;
}
