/* Image sniffing: the format and stored dimensions from the header bytes alone, so that the
 * pixel limit is enforced before any decoder allocates (a 100 kB JPEG can claim 65535^2). */
#include <string.h>

#include "go/vision.h"

static unsigned be16(const uint8_t *p)
{
    return (unsigned)p[0] << 8 | p[1];
}
static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static uint32_t le24(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}

/* Walks the JPEG marker segments up to the first start-of-frame. */
static int probe_jpeg(int *w, int *h, const uint8_t *d, size_t len)
{
    size_t i = 2;
    while (i + 4 <= len) {
        if (d[i] != 0xFF)
            return go_error_set(GO_EIMAGE, "JPEG: bad marker at byte %zu", i);
        uint8_t m = d[i + 1];
        if (m == 0xFF) { /* fill byte */
            i++;
            continue;
        }
        if (m == 0xD8 || m == 0x01 || (m >= 0xD0 && m <= 0xD7)) {
            i += 2;
            continue;
        }
        if (m == 0xD9 || m == 0xDA)
            break;
        unsigned seg = be16(d + i + 2);
        if (seg < 2)
            return go_error_set(GO_EIMAGE, "JPEG: bad segment length at byte %zu", i);
        int is_sof = m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC;
        if (is_sof) {
            if (i + 9 > len)
                break;
            *h = (int)be16(d + i + 5);
            *w = (int)be16(d + i + 7);
            if (*w <= 0 || *h <= 0)
                return go_error_set(GO_EIMAGE, "JPEG: zero dimension (%dx%d)", *w, *h);
            return 0;
        }
        i += 2 + seg;
    }
    return go_error_set(GO_EIMAGE, "JPEG: no frame header");
}

static int probe_webp(int *w, int *h, const uint8_t *d, size_t len)
{
    if (len < 30)
        return go_error_set(GO_EIMAGE, "WebP: truncated header");
    const uint8_t *c = d + 12;
    if (memcmp(c, "VP8 ", 4) == 0) {
        /* frame tag (3) + start code 9d 01 2a + 14-bit width/height */
        if (c[11] != 0x9d || c[12] != 0x01 || c[13] != 0x2a)
            return go_error_set(GO_EIMAGE, "WebP: bad VP8 start code");
        *w = (int)((c[14] | c[15] << 8) & 0x3fff);
        *h = (int)((c[16] | c[17] << 8) & 0x3fff);
    } else if (memcmp(c, "VP8L", 4) == 0) {
        if (c[8] != 0x2f)
            return go_error_set(GO_EIMAGE, "WebP: bad VP8L signature");
        uint32_t b =
            (uint32_t)c[9] | (uint32_t)c[10] << 8 | (uint32_t)c[11] << 16 | (uint32_t)c[12] << 24;
        *w = (int)(b & 0x3fff) + 1;
        *h = (int)((b >> 14) & 0x3fff) + 1;
    } else if (memcmp(c, "VP8X", 4) == 0) {
        *w = (int)le24(c + 12) + 1;
        *h = (int)le24(c + 15) + 1;
    } else {
        return go_error_set(GO_EIMAGE, "WebP: unknown chunk");
    }
    if (*w <= 0 || *h <= 0)
        return go_error_set(GO_EIMAGE, "WebP: zero dimension");
    return 0;
}

int go_vision_probe(go_image_format *out, int *out_width, int *out_height, const void *data,
                    size_t len)
{
    const uint8_t *d = data;
    int w = 0, h = 0, rc;
    *out = GO_IMAGE_UNKNOWN;
    if (!d || len < 12)
        return go_error_set(GO_EIMAGE, "not an image (%zu bytes)", len);
    if (d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF) {
        rc = probe_jpeg(&w, &h, d, len);
        *out = GO_IMAGE_JPEG;
    } else if (len >= 24 && memcmp(d, "\x89PNG\r\n\x1a\n", 8) == 0) {
        if (memcmp(d + 12, "IHDR", 4) != 0)
            return go_error_set(GO_EIMAGE, "PNG: first chunk is not IHDR");
        uint32_t pw = be32(d + 16), ph = be32(d + 20);
        if (pw == 0 || ph == 0 || pw > 0x7fffffffu || ph > 0x7fffffffu)
            return go_error_set(GO_EIMAGE, "PNG: bad dimensions");
        w = (int)pw;
        h = (int)ph;
        rc = 0;
        *out = GO_IMAGE_PNG;
    } else if (memcmp(d, "RIFF", 4) == 0 && memcmp(d + 8, "WEBP", 4) == 0) {
        rc = probe_webp(&w, &h, d, len);
        *out = GO_IMAGE_WEBP;
    } else {
        return go_error_set(GO_EIMAGE, "not a JPEG, PNG or WebP image");
    }
    if (rc < 0)
        return rc;
    *out_width = w;
    *out_height = h;
    return 0;
}
