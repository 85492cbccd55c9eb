/* The parts of go/vision.h that need no image library: reading a photo's file (and scanning
 * one through go_vision_scan), and the helpers on a result (stones off their points, the symmetries
 * of the square). They sit in every program that calls the reader, including the goref binary,
 * which loads the reader itself (OpenCV) only for the first photo. */
#include <stdlib.h>

#include "go/file.h"
#include "go/vision.h"

/* The built-in corner model's name (generated from vision/model/corners.onnx at build time). */
extern const char vz_corners_model_name[];

const char *go_vision_corner_model_name(void)
{
    return vz_corners_model_name;
}

int go_vision_read_file(uint8_t **out, size_t *out_len, const char *path, size_t max)
{
    char *buf;
    int rc = go_read_file(&buf, out_len, path, max);
    *out = (uint8_t *)buf;
    return rc;
}

int go_vision_scan_file(go_vision_result *out, const char *path, const go_vision_options *opt)
{
    uint8_t *data = NULL;
    size_t len = 0;
    int rc = go_vision_read_file(&data, &len, path, GO_VISION_MAX_BYTES);
    if (rc < 0)
        return rc;
    rc = go_vision_scan(out, data, len, opt);
    free(data);
    return rc;
}

int go_vision_off_points(const go_vision_result *r, go_point *out)
{
    int m = 0;
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++)
            if (r->off_point[y][x])
                out[m++] = go_point_at(x, y);
    return m;
}

void go_vision_symmetry(int s, int n, int x, int y, int *tx, int *ty)
{
    int a = (s & 1) ? n - 1 - x : x, b = (s & 2) ? n - 1 - y : y;
    *tx = (s & 4) ? b : a;
    *ty = (s & 4) ? a : b;
}

int go_vision_match(const go_vision_result *r, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int n,
                    int *sym_out)
{
    int best = -1, best_sym = 0;
    for (int s = 0; s < 8; s++) {
        int ok = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int tx, ty;
                go_vision_symmetry(s, n, x, y, &tx, &ty);
                ok += r->color[y][x] == truth[ty][tx];
            }
        if (ok > best) {
            best = ok;
            best_sym = s;
        }
    }
    if (sym_out)
        *sym_out = best_sym;
    return best;
}
