/* The OpenCV boundary: the only C++ in goref (cv_shim.cpp) behind a C interface. Plain pixel
 * buffers and numbers cross it; every OpenCV or C++ exception becomes a go_err whose detail
 * (go_error_last) carries the exception's message. Internal to vision/. */
#ifndef GO_CV_SHIM_H
#define GO_CV_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An 8-bit image, rows contiguous (stride = width * channels). 3 channels are BGR.
 * pixels is malloc'd; release with go_cv_image_free (a zeroed struct is a valid empty image). */
typedef struct go_cv_image {
    int width, height, channels;
    uint8_t *pixels;
} go_cv_image;

void go_cv_image_free(go_cv_image *img);
/* Allocates a zeroed image; GO_ENOMEM on failure. */
int go_cv_image_alloc(go_cv_image *out, int width, int height, int channels);

/* Limit OpenCV's worker threads (1 = honest one-core timing). */
void go_cv_set_threads(int threads);

/* Decode JPEG/PNG/WebP bytes into BGR, applying the EXIF orientation, decoded at 1/reduce
 * scale (reduce is 1, 2, 4 or 8; JPEG scales in the DCT, which is what makes it fast).
 * GO_EIMAGE when the bytes do not decode. */
int go_cv_decode(go_cv_image *out, const void *data, size_t len, int reduce);

/* Resize with area averaging (downscale) or linear interpolation (upscale). */
int go_cv_resize(go_cv_image *out, const go_cv_image *in, int width, int height);

/* Turn by quarter_turns quarter turns clockwise (any integer; 0 copies). */
int go_cv_turn(go_cv_image *out, const go_cv_image *in, int quarter_turns);

/* BGR -> 1-channel luminance. */
int go_cv_gray(go_cv_image *out, const go_cv_image *in);
/* BGR -> 3-channel CIE L*a*b* (8-bit OpenCV scaling: L 0..255, a/b offset by 128). */
int go_cv_lab(go_cv_image *out, const go_cv_image *in);

/* Morphological black-hat (closing minus image) with a square kernel of side ksize: the thin
 * dark lines of the grid light up, large dark stones do not. */
int go_cv_blackhat(go_cv_image *out, const go_cv_image *gray, int ksize);

/* Gaussian blur with sigma (kernel chosen by OpenCV). */
int go_cv_blur(go_cv_image *out, const go_cv_image *in, double sigma);

/* Warp in (any channels) by the 3x3 row-major homography h (destination -> source when
 * inverse is nonzero, else source -> destination) into a width x height image. */
int go_cv_warp(go_cv_image *out, const go_cv_image *in, const double h[9], int width, int height,
               int inverse);

/* go_cv_warp without keeping its result within a scan (nor answering from what was kept): for a
 * warp its caller keeps in another form, where keeping both would only take memory. */
int go_cv_warp_unkept(go_cv_image *out, const go_cv_image *in, const double h[9], int width,
                      int height, int inverse);

/* Within a scan on this thread (begin ... end; they nest), go_cv_warp keeps its results and
 * answers a warp asked again (the same image, homography and size) with a copy of the first
 * one's pixels; go_cv_image_free drops what was kept of the image it frees, and the outermost
 * end all of it. Outside a scan every warp is done afresh. */
void go_cv_warp_cache_begin(void);
void go_cv_warp_cache_end(void);
/* The warps asked since the outermost begin on this thread, and of them those answered from
 * what was kept (the benchmark's figures). */
void go_cv_warp_cache_counts(unsigned *out_warps, unsigned *out_reused);

/* The same keeping for what a caller derives from an image within a scan: `kind` (one of these)
 * tells the derivations apart, key[9], a and b their parameters (exactly). go_cv_kept_find
 * gives a copy of what was kept into out and returns 1, or returns 0 when nothing is (or outside
 * a scan), or a negative go_err; go_cv_kept_keep keeps a copy of result (nothing outside a scan
 * or when out of memory). A find that answers counts as a warp reused. */
enum {
    GO_CV_KEPT_GRAY = 16,
    GO_CV_KEPT_LIGHT_GRAY = 17,
    GO_CV_KEPT_LAB = 18,
    GO_CV_KEPT_PATCHES = 19,
};
int go_cv_kept_find(go_cv_image *out, const go_cv_image *in, int kind, const double key[9], int a,
                    int b);
void go_cv_kept_keep(const go_cv_image *in, int kind, const double key[9], int a, int b,
                     const go_cv_image *result);

/* Homography mapping src[i] to dst[i] (n >= 4 point pairs, x,y interleaved). With ransac
 * nonzero, outliers beyond reproj pixels are rejected. GO_EINVAL when no model is found. */
int go_cv_find_homography(double out[9], const double *src, const double *dst, int n, int ransac,
                          double reproj);

/* Encode as JPEG at quality q (tests: JPEG artefacts on synthetic boards). *out is malloc'd. */
int go_cv_encode_jpeg(uint8_t **out, size_t *out_len, const go_cv_image *img, int quality);

/* Runs a classifier network (ONNX bytes, model[0..model_len)) on n patches of side x side x 3
 * bytes each (HWC, BGR), each cropped to its centre crop x crop and scaled to 0..1, into
 * out[n * classes] (the network's outputs, classes per patch). Each network is read once per
 * thread and kept (a few per thread) while its model and generation stay the same (a
 * cv::dnn::Net may not run on two threads at once). GO_EINVAL when the bytes are no network or it
 * answers other than n x classes. */
int go_cv_net_run(const void *model, size_t model_len, unsigned generation, const uint8_t *patches,
                  int n, int side, int crop, float *out, int classes);

/* Runs a fully convolutional network (ONNX bytes, kept as go_cv_net_run keeps them) on the whole
 * of img (3 channels, BGR, scaled to 0..1, CHW) into out[out_h * out_w], its one-channel map.
 * GO_EINVAL when the bytes are no network or it answers other than such a map. */
int go_cv_net_map(const void *model, size_t model_len, unsigned generation, const go_cv_image *img,
                  float *out, int out_w, int out_h);

#ifdef __cplusplus
}
#endif

#endif
