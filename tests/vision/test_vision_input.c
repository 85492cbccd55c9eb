/* Vision input handling: format sniffing from headers, the 60-megapixel and 40 MB limits
 * enforced before decoding (decompression bombs), refusal of non-images, EXIF orientation,
 * and the overlay PNG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cv_shim.h"
#include "go/vision.h"
#include "synth.h"
#include "testutil.h"

static void test_vision_input__probe_jpeg_png_webp(void **state)
{
    (void)state;
    go_cv_image img = {0};
    uint8_t *jpeg = NULL;
    size_t len = 0;
    go_image_format fmt;
    int w = 0, h = 0;
    assert_int_equal(go_cv_image_alloc(&img, 37, 21, 3), 0);
    assert_int_equal(go_cv_encode_jpeg(&jpeg, &len, &img, 80), 0);
    assert_int_equal(go_vision_probe(&fmt, &w, &h, jpeg, len), 0);
    assert_int_equal(fmt, GO_IMAGE_JPEG);
    assert_int_equal(w, 37);
    assert_int_equal(h, 21);
    free(jpeg);
    go_cv_image_free(&img);

    static const uint8_t png[33] = {0x89, 'P',  'N', 'G', '\r', '\n', 0x1a, '\n', 0,
                                    0,    0,    13,  'I', 'H',  'D',  'R',  0,    0,
                                    0x01, 0x00, 0,   0,   0x00, 0x80, 8,    2};
    assert_int_equal(go_vision_probe(&fmt, &w, &h, png, sizeof png), 0);
    assert_int_equal(fmt, GO_IMAGE_PNG);
    assert_int_equal(w, 256);
    assert_int_equal(h, 128);

    /* RIFF....WEBPVP8X: canvas 640 x 480 stored minus one, 24-bit little endian */
    uint8_t webp[40] = {'R', 'I', 'F', 'F', 32, 0, 0, 0, 'W', 'E',  'B',  'P',  'V',  'P',  '8',
                        'X', 10,  0,   0,   0,  0, 0, 0, 0,   0x7f, 0x02, 0x00, 0xdf, 0x01, 0x00};
    assert_int_equal(go_vision_probe(&fmt, &w, &h, webp, sizeof webp), 0);
    assert_int_equal(fmt, GO_IMAGE_WEBP);
    assert_int_equal(w, 640);
    assert_int_equal(h, 480);
}

static void test_vision_input__not_an_image_is_refused(void **state)
{
    (void)state;
    static go_vision_result r;
    const char *text = "size 19\n...................\n this is a board text, not a photo";
    assert_int_equal(go_vision_scan(&r, text, strlen(text), NULL), GO_EIMAGE);
    assert_true(strlen(go_error_last()) > 0);
    assert_int_equal(go_vision_scan(&r, "", 0, NULL), GO_EIMAGE);
    /* a JPEG cut after its first bytes has no frame */
    static const uint8_t cut[16] = {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0};
    assert_int_equal(go_vision_scan(&r, cut, sizeof cut, NULL), GO_EIMAGE);
}

/* Headers claiming huge images are refused before any decoder allocates. */
static void test_vision_input__bombs_refused_from_header(void **state)
{
    (void)state;
    static go_vision_result r;
    static const uint8_t png[40] = {0x89, 'P',  'N', 'G',  '\r', '\n', 0x1a, '\n', 0,
                                    0,    0,    13,  'I',  'H',  'D',  'R',  0,    0x01,
                                    0x86, 0xa0, 0,   0x01, 0x86, 0xa0, 8,    2};
    assert_int_equal(go_vision_scan(&r, png, sizeof png, NULL), GO_ETOOBIG);
    /* JPEG SOF0 claiming 60000 x 60000 */
    static const uint8_t jpg[32] = {0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11,
                                    0x08, 0xEA, 0x60, 0xEA, 0x60, 0x03};
    assert_int_equal(go_vision_scan(&r, jpg, sizeof jpg, NULL), GO_ETOOBIG);
    assert_non_null(strstr(go_error_last(), "60 megapixels"));
}

static void test_vision_input__file_limits(void **state)
{
    (void)state;
    static go_vision_result r;
    char path[] = "/tmp/goref_vision_bigXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    /* a sparse 41 MB file: refused by size before it is read */
    assert_int_equal(ftruncate(fd, 41L * 1024 * 1024), 0);
    close(fd);
    assert_int_equal(go_vision_scan_file(&r, path, NULL), GO_ETOOBIG);
    unlink(path);
    assert_int_equal(go_vision_scan_file(&r, "/nonexistent/photo.jpg", NULL), GO_EIO);
}

/* Inserts an EXIF APP1 segment with the given orientation after the JPEG's SOI marker. */
static uint8_t *with_orientation(const uint8_t *jpeg, size_t len, int orientation, size_t *out_len)
{
    static const uint8_t app1_head[] = {0xFF, 0xE1, 0x00, 0x22, 'E',  'x', 'i', 'f', 0,    0,
                                        'I',  'I',  0x2A, 0x00, 0x08, 0,   0,   0,   0x01, 0x00,
                                        0x12, 0x01, 0x03, 0x00, 0x01, 0,   0,   0};
    uint8_t *out = malloc(len + 36);
    assert_non_null(out);
    memcpy(out, jpeg, 2);
    size_t k = 2;
    memcpy(out + k, app1_head, sizeof app1_head);
    k += sizeof app1_head;
    out[k++] = (uint8_t)orientation;
    out[k++] = 0;
    out[k++] = 0;
    out[k++] = 0; /* value padding */
    out[k++] = 0;
    out[k++] = 0;
    out[k++] = 0;
    out[k++] = 0; /* next IFD */
    memcpy(out + k, jpeg + 2, len - 2);
    *out_len = k + len - 2;
    return out;
}

/* With EXIF orientation 6 the photo is displayed turned a quarter: the result describes the
 * displayed image (its size swaps) and still reads the position. */
static void test_vision_input__exif_orientation_applied(void **state)
{
    (void)state;
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result r;
    synth_params p = {.width = 480,
                      .height = 360,
                      .size = 9,
                      .rotate_deg = 10,
                      .tilt = 0.1,
                      .gradient = 0.1,
                      .noise = 3,
                      .jpeg_quality = 85,
                      .seed = 11};
    uint8_t *jpeg = NULL;
    size_t len = 0, rlen = 0;
    double corners[4][2];
    synth_position(truth, 9, 0.3, 11);
    assert_int_equal(synth_render(&jpeg, &len, &p, truth, corners), 0);
    uint8_t *rotated = with_orientation(jpeg, len, 6, &rlen);
    assert_int_equal(go_vision_scan(&r, rotated, rlen, NULL), 0);
    assert_int_equal(r.image_width, 360);
    assert_int_equal(r.image_height, 480);
    assert_int_equal(synth_best_match(r.color, truth, 9), 81);
    for (int c = 0; c < 4; c++) {
        assert_true(r.corners[c][0] >= 0 && r.corners[c][0] <= 360);
        assert_true(r.corners[c][1] >= 0 && r.corners[c][1] <= 480);
    }
    /* the overlay is a PNG */
    char path[] = "/tmp/goref_vision_overlayXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(go_vision_write_overlay(path, rotated, rlen, &r), 0);
    char *png = NULL;
    size_t plen = 0;
    assert_int_equal(tu_read_file(path, &png, &plen), 0);
    assert_true(plen > 8 && memcmp(png, "\x89PNG", 4) == 0);
    free(png);
    unlink(path);
    free(rotated);
    free(jpeg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_input__probe_jpeg_png_webp),
        cmocka_unit_test(test_vision_input__not_an_image_is_refused),
        cmocka_unit_test(test_vision_input__bombs_refused_from_header),
        cmocka_unit_test(test_vision_input__file_limits),
        cmocka_unit_test(test_vision_input__exif_orientation_applied),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
