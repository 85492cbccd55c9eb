/* The warps a scan keeps (vision/cv_shim.cpp): within a scan a warp asked again is answered with
 * the same pixels as the first, and only then; an image freed takes what was kept of it along,
 * so an image made later at the same address is warped afresh; outside a scan nothing is kept.
 * The grays of vz_warp_gray, the Lab images of vz_warp_lab and the patches of vz_point_patches
 * are kept the same way. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cv_shim.h"
#include "testutil.h"
#include "vision_int.h"

#define W 160
#define H 120

/* A BGR image whose pixels depend on (x, y) and seed, so that two seeds warp differently. */
static void pattern(go_cv_image *img, int seed)
{
    assert_int_equal(go_cv_image_alloc(img, W, H, 3), 0);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 3; c++)
                img->pixels[((size_t)y * W + x) * 3 + c] =
                    (uint8_t)((x * (3 + c) + y * (5 + seed) + 40 * c + 17 * seed) & 255);
}

/* A homography turning and tilting the image a little (destination -> source). */
static const double tilt[9] = {0.9, 0.12, 6.5, -0.08, 0.95, 4.25, 0.0004, -0.0003, 1};

static void assert_same_image(const go_cv_image *a, const go_cv_image *b)
{
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    assert_int_equal(a->channels, b->channels);
    assert_memory_equal(a->pixels, b->pixels, (size_t)a->width * a->height * a->channels);
}

static void assert_counts(unsigned warps, unsigned reused)
{
    unsigned w = 0, r = 0;
    go_cv_warp_cache_counts(&w, &r);
    assert_int_equal(w, warps);
    assert_int_equal(r, reused);
}

/* Within a scan the second warp of the same image by the same homography and size is a copy of
 * the first (and equal to a warp done afresh); another size or a homography one ulp away is
 * warped again. */
static void test_vision_warp_cache__repeat_within_scan_is_reused(void **state)
{
    (void)state;
    go_cv_image img = {0}, fresh = {0}, first = {0}, again = {0}, other = {0};
    pattern(&img, 1);
    assert_int_equal(go_cv_warp(&fresh, &img, tilt, 100, 90, 1), 0);

    go_cv_warp_cache_begin();
    assert_counts(0, 0);
    assert_int_equal(go_cv_warp(&first, &img, tilt, 100, 90, 1), 0);
    assert_int_equal(go_cv_warp(&again, &img, tilt, 100, 90, 1), 0);
    assert_counts(2, 1);
    assert_true(again.pixels != first.pixels); /* a copy the caller owns */
    assert_same_image(&first, &fresh);
    assert_same_image(&again, &fresh);

    assert_int_equal(go_cv_warp(&other, &img, tilt, 100, 91, 1), 0);
    go_cv_image_free(&other);
    double near[9];
    memcpy(near, tilt, sizeof near);
    near[2] = nextafter(near[2], 10.0);
    assert_int_equal(go_cv_warp(&other, &img, near, 100, 90, 1), 0);
    assert_int_equal(go_cv_warp(&again, &img, tilt, 100, 90, 0), 0); /* the other direction */
    assert_counts(5, 1);
    go_cv_warp_cache_end();

    /* outside a scan nothing is kept or counted */
    assert_int_equal(go_cv_warp(&again, &img, tilt, 100, 90, 1), 0);
    assert_same_image(&again, &fresh);
    assert_counts(5, 1);
    go_cv_image_free(&img);
    go_cv_image_free(&fresh);
    go_cv_image_free(&first);
    go_cv_image_free(&again);
    go_cv_image_free(&other);
}

/* An image freed within a scan takes its warps along: another image of the same size (the
 * allocator may well give it the same address) warps to its own pixels. */
static void test_vision_warp_cache__freed_image_is_forgotten(void **state)
{
    (void)state;
    go_cv_image a = {0}, b = {0}, want = {0}, got = {0};
    pattern(&b, 2);
    assert_int_equal(go_cv_warp(&want, &b, tilt, 100, 90, 1), 0);
    go_cv_image_free(&b);

    go_cv_warp_cache_begin();
    for (int round = 0; round < 4; round++) {
        pattern(&a, 1);
        assert_int_equal(go_cv_warp(&got, &a, tilt, 100, 90, 1), 0);
        go_cv_image_free(&a);
        pattern(&b, 2);
        assert_int_equal(go_cv_warp(&got, &b, tilt, 100, 90, 1), 0);
        assert_same_image(&got, &want);
        go_cv_image_free(&b);
    }
    assert_counts(8, 0);
    go_cv_warp_cache_end();
    go_cv_image_free(&want);
    go_cv_image_free(&got);
}

/* Scans nest: the inner end keeps what was kept; the outermost end lets all of it go. */
static void test_vision_warp_cache__scans_nest(void **state)
{
    (void)state;
    go_cv_image img = {0}, out = {0};
    pattern(&img, 3);
    go_cv_warp_cache_begin();
    assert_int_equal(go_cv_warp(&out, &img, tilt, 64, 64, 1), 0);
    go_cv_warp_cache_begin();
    go_cv_warp_cache_end();
    assert_int_equal(go_cv_warp(&out, &img, tilt, 64, 64, 1), 0);
    assert_counts(2, 1);
    go_cv_warp_cache_end();
    go_cv_warp_cache_begin(); /* a new scan starts counting and keeping afresh */
    assert_int_equal(go_cv_warp(&out, &img, tilt, 64, 64, 1), 0);
    assert_counts(1, 0);
    go_cv_warp_cache_end();
    go_cv_image_free(&img);
    go_cv_image_free(&out);
}

/* The grays of a lattice (vz_warp_gray) are kept, each weighting apart (not the colour warp they
 * come from): plain luminance and the light-weighted gray of the same lattice differ, and each
 * asked again is its first. */
static void test_vision_warp_cache__lattice_grays_kept_apart(void **state)
{
    (void)state;
    go_cv_image img = {0}, plain = {0}, light = {0}, out = {0};
    pattern(&img, 4);
    vz_grid g;
    double corners[4][2] = {{20, 15}, {140, 18}, {135, 110}, {25, 104}};
    assert_int_equal(vz_lattice_through(&g, corners, 9, 8), 0);
    assert_int_equal(vz_warp_gray(&plain, &g, &img, 12, 1, 0), 0);
    assert_int_equal(vz_warp_gray(&light, &g, &img, 12, 1, 1), 0);
    assert_int_equal(plain.channels, 1);
    assert_true(memcmp(plain.pixels, light.pixels, (size_t)plain.width * plain.height) != 0);

    /* out is freed before each: vz_gray, like go_cv_image_alloc, fills an empty image */
    go_cv_warp_cache_begin();
    assert_int_equal(vz_warp_gray(&out, &g, &img, 12, 1, 0), 0);
    assert_same_image(&out, &plain);
    go_cv_image_free(&out);
    assert_int_equal(vz_warp_gray(&out, &g, &img, 12, 1, 1), 0); /* its colour warp not kept */
    assert_same_image(&out, &light);
    go_cv_image_free(&out);
    assert_counts(2, 0);
    assert_int_equal(vz_warp_gray(&out, &g, &img, 12, 1, 0), 0);
    assert_same_image(&out, &plain);
    go_cv_image_free(&out);
    assert_int_equal(vz_warp_gray(&out, &g, &img, 12, 1, 1), 0);
    assert_same_image(&out, &light);
    assert_counts(4, 2);
    go_cv_warp_cache_end();
    go_cv_image_free(&img);
    go_cv_image_free(&plain);
    go_cv_image_free(&light);
    go_cv_image_free(&out);
}

/* The Lab image of a lattice's warp (vz_warp_lab) asked again within a scan is the first one's,
 * the same as converting afresh; its warp comes along each time. */
static void test_vision_warp_cache__lattice_lab_kept(void **state)
{
    (void)state;
    go_cv_image img = {0}, warped = {0}, lab = {0}, want_warp = {0}, want_lab = {0};
    pattern(&img, 5);
    vz_grid g;
    double corners[4][2] = {{18, 12}, {142, 20}, {133, 108}, {22, 100}};
    assert_int_equal(vz_lattice_through(&g, corners, 9, 8), 0);
    assert_int_equal(vz_warp_lattice(&want_warp, &g, &img, 12, 1), 0);
    assert_int_equal(go_cv_lab(&want_lab, &want_warp), 0);

    go_cv_warp_cache_begin();
    for (int round = 0; round < 2; round++) {
        assert_int_equal(vz_warp_lab(&warped, &lab, &g, &img, 12, 1), 0);
        assert_same_image(&warped, &want_warp);
        assert_same_image(&lab, &want_lab);
        lab.pixels[0] ^= 0xff; /* the caller's copy: changing it changes nothing kept */
    }
    assert_counts(3, 2); /* the warp, then the warp and the Lab answered the second time */
    go_cv_warp_cache_end();
    go_cv_image_free(&img);
    go_cv_image_free(&warped);
    go_cv_image_free(&lab);
    go_cv_image_free(&want_warp);
    go_cv_image_free(&want_lab);
}

/* The patches of a lattice (vz_point_patches_ring) are cut once a scan: asked again for the same
 * lattice and ring, the same bytes as cut outside a scan; another ring is cut afresh. */
static void test_vision_warp_cache__point_patches_kept(void **state)
{
    (void)state;
    go_cv_image img = {0};
    pattern(&img, 6);
    vz_grid g;
    double corners[4][2] = {{30, 20}, {130, 24}, {126, 100}, {34, 96}};
    assert_int_equal(vz_lattice_through(&g, corners, 9, 8), 0);
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    uint8_t *want = malloc(patch * 81), *got = malloc(patch * 81);
    uint8_t *ring_want = malloc(patch * 121), *ring_got = malloc(patch * 121);
    assert_non_null(want);
    assert_non_null(got);
    assert_non_null(ring_want);
    assert_non_null(ring_got);
    assert_int_equal(vz_point_patches(want, g.h, 9, &img), 0);
    assert_int_equal(vz_point_patches_ring(ring_want, g.h, 9, 1, &img), 0);

    go_cv_warp_cache_begin();
    for (int round = 0; round < 2; round++) {
        memset(got, 0, patch * 81);
        assert_int_equal(vz_point_patches(got, g.h, 9, &img), 0);
        assert_memory_equal(got, want, patch * 81);
    }
    unsigned warps = 0, reused = 0;
    go_cv_warp_cache_counts(&warps, &reused);
    assert_int_equal(reused, 1);
    assert_int_equal(vz_point_patches_ring(ring_got, g.h, 9, 1, &img), 0);
    assert_memory_equal(ring_got, ring_want, patch * 121);
    go_cv_warp_cache_counts(&warps, &reused);
    assert_int_equal(reused, 1);
    go_cv_warp_cache_end();
    free(want);
    free(got);
    free(ring_want);
    free(ring_got);
    go_cv_image_free(&img);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vision_warp_cache__repeat_within_scan_is_reused),
        cmocka_unit_test(test_vision_warp_cache__freed_image_is_forgotten),
        cmocka_unit_test(test_vision_warp_cache__scans_nest),
        cmocka_unit_test(test_vision_warp_cache__lattice_grays_kept_apart),
        cmocka_unit_test(test_vision_warp_cache__lattice_lab_kept),
        cmocka_unit_test(test_vision_warp_cache__point_patches_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
