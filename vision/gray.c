/* The gray image the line stages read. A printed line darkens every channel in proportion to
 * the light in it, so the channels are weighted by their mean over the image (a projection
 * onto the light's colour): under a white lamp this is close to the usual luminance, and
 * under a pink or blue one the lines keep the contrast of the lit channels instead of
 * drowning in a dark channel's noise. */
#include "vision_int.h"

int vz_gray(go_cv_image *out, const go_cv_image *bgr)
{
    if (bgr->channels != 3)
        return go_cv_gray(out, bgr);
    const size_t n = (size_t)bgr->width * bgr->height;
    double sum[3] = {0, 0, 0};
    /* every 7th pixel is plenty for three means */
    for (size_t i = 0; i < n; i += 7)
        for (int c = 0; c < 3; c++)
            sum[c] += bgr->pixels[3 * i + c];
    double tot = sum[0] + sum[1] + sum[2];
    if (tot < 1.0 * (double)(n / 7 + 1)) /* a black image: any weights will do */
        return go_cv_gray(out, bgr);
    int rc = go_cv_image_alloc(out, bgr->width, bgr->height, 1);
    if (rc < 0)
        return rc;
    /* weights in 1/65536 units; they sum to 65536, so the result stays within 0..255 */
    unsigned w[3];
    w[0] = (unsigned)(65536.0 * sum[0] / tot);
    w[1] = (unsigned)(65536.0 * sum[1] / tot);
    w[2] = 65536u - w[0] - w[1];
    const uint8_t *p = bgr->pixels;
    for (size_t i = 0; i < n; i++, p += 3)
        out->pixels[i] = (uint8_t)((w[0] * p[0] + w[1] * p[1] + w[2] * p[2] + 32768u) >> 16);
    return 0;
}
