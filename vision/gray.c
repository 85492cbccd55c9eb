/* The gray image the line stages read. A printed line darkens every channel in proportion to
 * the light in it, so the channels are weighted by their mean over the image (a projection
 * onto the light's colour): under a white lamp this is close to the usual luminance, and
 * under a pink or blue one the lines keep the contrast of the lit channels instead of
 * drowning in a dark channel's noise. */
#include <math.h>

#include "params.h"
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

/* The gray for the lines alone: vz_gray with every tone above the middle of the photo's typical
 * tone cut down to it. Under a saturated lamp the black-hat response of the white stones' rims and
 * of the crevices between touching white stones (dark only against the stones' bright tops) is
 * stronger than the pale printed lines', and a crowd's stones then hold more line than the board;
 * cut to the wood's tone, the stones' tops are flat and their rims and crevices shallow, while a
 * line printed on the wood keeps its whole depth. The ceiling is the median of the photo's middle
 * half each way (LINE_GRAY_CEILING), where the board lies and its wood shows between the stones. */
int vz_gray_lines(go_cv_image *out, const go_cv_image *bgr)
{
    int rc = vz_gray(out, bgr);
    if (rc < 0)
        return rc;
    const int W = out->width, H = out->height;
    size_t hist[256] = {0}, n = 0;
    for (int y = H / 4; y < H - H / 4; y++)
        for (int x = W / 4; x < W - W / 4; x++, n++)
            hist[out->pixels[(size_t)y * W + x]]++;
    if (n == 0)
        return 0;
    int ceiling = 0;
    for (size_t acc = 0; ceiling < 255 && (acc += hist[ceiling]) < (size_t)(LINE_GRAY_CEILING * n);)
        ceiling++;
    const uint8_t c = (uint8_t)ceiling;
    for (size_t i = 0, all = (size_t)W * H; i < all; i++)
        if (out->pixels[i] > c)
            out->pixels[i] = c;
    return 0;
}

int vz_light_saturated(const go_cv_image *bgr)
{
    if (bgr->channels != 3)
        return 0;
    const size_t n = (size_t)bgr->width * bgr->height;
    double sum[3] = {0, 0, 0};
    for (size_t i = 0; i < n; i += 7)
        for (int c = 0; c < 3; c++)
            sum[c] += bgr->pixels[3 * i + c];
    const double lo = fmin(sum[0], fmin(sum[1], sum[2])), hi = fmax(sum[0], fmax(sum[1], sum[2]));
    return hi > 0 && lo < LINE_GRAY_SATURATED * hi;
}
