/* Photos for the reader at the size it works at (http_photo.c): a large PNG decoded row by row
 * and averaged down as vision does a JPEG, the reading mapped back to the photo's pixels, and
 * the memory a photo's reading takes, estimated from its header. */
#ifndef GOREF_HTTP_PHOTO_H
#define GOREF_HTTP_PHOTO_H

#include <stddef.h>
#include <stdint.h>

#include "go/vision.h"

typedef struct http_photo {
    uint8_t *png; /* the reduced photo as a PNG, or NULL: read the photo as it is */
    size_t png_len;
    int width, height;       /* the photo's */
    double scale_x, scale_y; /* photo pixels per reduced pixel */
} http_photo;

/* Bytes reading the photo in data takes (decoded pixels twice over, a margin): a JPEG at the
 * size vision decodes it, a PNG that http_photo_reduce reduces at that size, other images
 * whole. 0 when data is not an image. */
size_t http_photo_memory(const void *data, size_t len);

/* *out gets a reduced copy of a non-interlaced PNG without EXIF at least 2000 pixels long, or
 * no copy (out->png NULL) for any other photo. GO_ENOMEM, GO_EIMAGE for a damaged PNG. Free
 * with http_photo_free. */
int http_photo_reduce(http_photo *out, const void *data, size_t len);
/* The corners a person placed, from the photo's pixels into the reduced copy's. */
void http_photo_map_options(const http_photo *p, go_vision_options *opt);
/* A reading (or a refusal's lattice) of the reduced copy, into the photo's pixels. */
void http_photo_map_result(const http_photo *p, go_vision_result *res);
void http_photo_free(http_photo *p);

/* rgb (width x height x 3, rows top down) as a PNG; *out malloc'd. */
int http_png_encode(uint8_t **out, size_t *out_len, const uint8_t *rgb, int width, int height);

#endif
