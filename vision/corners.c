/* The corner look: a small fully convolutional network (model/corners.onnx) maps the work image,
 * scaled to CORNER_IN_W x CORNER_IN_H, to a heat map of the board's lattice corners (the outermost
 * lines' crossings) at 1/CORNER_STRIDE of that; its four strongest separated peaks, ordered round
 * their centre, are the corners of a lattice of each size. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "go/error.h"
#include "params.h"
#include "vision_int.h"

int vz_corner_input(go_cv_image *out, double scale[2], const go_cv_image *bgr)
{
    if (bgr->width < 1 || bgr->height < 1 || bgr->channels != 3)
        return go_error_set(GO_EINVAL, "corner input: not a colour image");
    const double s = fmin((double)CORNER_IN_W / bgr->width, (double)CORNER_IN_H / bgr->height);
    int w = (int)lround(bgr->width * s), h = (int)lround(bgr->height * s);
    w = w < 1 ? 1 : w > CORNER_IN_W ? CORNER_IN_W : w;
    h = h < 1 ? 1 : h > CORNER_IN_H ? CORNER_IN_H : h;
    go_cv_image small = {0};
    int rc = go_cv_resize(&small, bgr, w, h);
    if (rc == 0)
        rc = go_cv_image_alloc(out, CORNER_IN_W, CORNER_IN_H, 3);
    if (rc == 0)
        for (int y = 0; y < h; y++)
            memcpy(out->pixels + (size_t)y * CORNER_IN_W * 3, small.pixels + (size_t)y * w * 3,
                   (size_t)w * 3);
    go_cv_image_free(&small);
    /* the scale each way as resized: a pixel centre x of bgr lies at (x + 0.5) scale - 0.5 */
    scale[0] = (double)w / bgr->width;
    scale[1] = (double)h / bgr->height;
    return rc;
}
