/* goref vision: from a photo of a physical Go board to the position on it. Decodes the photo
 * (JPEG, PNG, WebP; EXIF orientation applied), finds the playing grid, reads every
 * intersection as black, white or empty with a confidence, and checks the reading against the
 * rules. When no board can be found it refuses with a reason (GO_ENOBOARD); it never returns
 * a guess as a success. */
#ifndef GO_VISION_H
#define GO_VISION_H

#include <stddef.h>
#include <stdint.h>

#include "go/board.h"
#include "go/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits checked on the image header before anything is decoded (decompression bombs). */
#define GO_VISION_MAX_PIXELS (60u * 1000u * 1000u)
#define GO_VISION_MAX_BYTES (40u * 1024u * 1024u)

typedef struct go_vision_options {
    int version; /* GO_VISION_OPTIONS_VERSION */
    int size;    /* 9, 13, 19 (or any 5..25) when known; 0 to detect 9, 13 or 19 */
    /* Nonzero: the grid's outer corners are given (a person dragged them into place) in
     * displayed-image pixels, top-left, top-right, bottom-right, bottom-left as in
     * go_vision_result.corners; size must then be given too. The lines seen in the photo
     * still correct them by up to a cell. */
    int have_corners;
    double corners[4][2];
} go_vision_options;
#define GO_VISION_OPTIONS_VERSION 2
#define GO_VISION_OPTIONS_INIT                                                                     \
    {                                                                                              \
        GO_VISION_OPTIONS_VERSION, 0, 0,                                                           \
        {                                                                                          \
            {0, 0}, {0, 0}, {0, 0},                                                                \
            {                                                                                      \
                0, 0                                                                               \
            }                                                                                      \
        }                                                                                          \
    }

/* Image formats recognised from their first bytes. */
typedef enum go_image_format {
    GO_IMAGE_UNKNOWN = 0,
    GO_IMAGE_JPEG,
    GO_IMAGE_PNG,
    GO_IMAGE_WEBP
} go_image_format;

/* Reads the format and the stored pixel dimensions from the header only (no decoding).
 * GO_EIMAGE when the bytes are not a JPEG, PNG or WebP image or the header is damaged. */
int go_vision_probe(go_image_format *out, int *out_width, int *out_height, const void *data,
                    size_t len);

/* Which reader gave a reading's colours. */
typedef enum go_vision_reader {
    /* the colour rule against the local board colour, then colour models fitted to the photo;
     * the point classifier reads every point again and marks where it disagrees */
    GO_VISION_READ_RULE = 0,
    /* the clusters the points form (stone colours the rule does not know); checked alike */
    GO_VISION_READ_CLUSTERS,
    /* the point classifier alone, a last resort where the others read one colour or the lines
     * are too faint to check the lattice: no second reader checks it, and its points under 0.99
     * are marked */
    GO_VISION_READ_CLASSIFIER
} go_vision_reader;

/* One reading of a photo (a plain value; about 15 kB). Points index [y][x]: y = row from the
 * top of the photo as displayed, x = column from the left. */
typedef struct go_vision_result {
    int size;
    /* What was read at each point: GO_EMPTY, GO_BLACK or GO_WHITE. */
    uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE];
    /* Confidence of that reading, 0..1. */
    float confidence[GO_MAX_SIZE][GO_MAX_SIZE];
    /* 1 where the stone was found off its point (placed between points, nearest this one):
     * such points are also among the uncertain ones. */
    uint8_t off_point[GO_MAX_SIZE][GO_MAX_SIZE];
    /* The reading as a board. Stones of a group without liberty (impossible on a finished
     * board) are left off it and listed in uncertain[]. */
    go_board board;
    /* Points that need a person's look (low confidence or rule conflict), as go_point. */
    int uncertain_count;
    go_point uncertain[GO_MAX_SIZE * GO_MAX_SIZE];
    /* Number of stones in groups with no liberty (a rule conflict), 0 normally. */
    int dead_without_liberty;
    /* How the board's lines show through each point where the grid puts it: the dip of the
     * weaker of the two lines across it, in gray levels (wood shows them, a few levels; a stone
     * hides them, about 0 or below). */
    double line_dip[GO_MAX_SIZE][GO_MAX_SIZE];
    /* The grid's outer corners in displayed-image pixels: top-left, top-right, bottom-right,
     * bottom-left (as they appear in the photo). */
    double corners[4][2];
    /* Lattice (x, y in 0..size-1) -> displayed-image pixels, row-major 3x3. */
    double homography[9];
    int image_width, image_height; /* displayed image (after EXIF orientation) */
    /* Milliseconds per stage, wall clock (CLOCK_MONOTONIC): on a busy machine they include the
     * time other work held the core; benchmarks report the thread's CPU time beside them. */
    double ms_decode, ms_detect, ms_classify, ms_total;
    go_vision_reader reader; /* which reader gave the colours */
} go_vision_result;

/* Reads the photo in data (len bytes). *out is filled on success. Errors: GO_EIMAGE (not an
 * image, damaged), GO_ETOOBIG (over the pixel or byte limit), GO_ENOBOARD (no board found; the
 * reason in go_error_last()), GO_ENOMEM, GO_EINTERNAL. opt may be NULL (defaults). On
 * GO_ENOBOARD, out->corners and the image size hold where a person placing the corners can
 * start: the board's outline as the corner model sees it, else the first lattice the checks
 * refused; out->size is that lattice's size, else the size asked for, else 19 (0 when neither
 * an outline nor a lattice was found); every other field is zero. On other errors *out is zeroed.
 */
int go_vision_scan(go_vision_result *out, const void *data, size_t len,
                   const go_vision_options *opt);

/* Same, reading the file at path (GO_EIO when it cannot be read, GO_ETOOBIG over 40 MB). */
int go_vision_scan_file(go_vision_result *out, const char *path, const go_vision_options *opt);

/* Makes sure the reader can run: a program that loads it on demand (the goref binary loads
 * goref-vision.so, beside itself, on the first photo) loads it now. 0, or GO_EINTERNAL with the
 * reason in go_error_last(). Every entry point above loads it too when needed; this lets a
 * server find a missing module at start instead of at the first photo. */
int go_vision_ready(void);

/* Writes a PNG of the photo (scaled to at most 1600 px on its long side) with the fitted grid,
 * a colour-coded mark on each stone read and a ring on each uncertain point. */
int go_vision_write_overlay(const char *png_path, const void *data, size_t len,
                            const go_vision_result *r);

/* The points of r whose stones were found off their points (r->off_point), row by row, into
 * out (room for GO_MAX_SIZE * GO_MAX_SIZE); returns how many. */
int go_vision_off_points(const go_vision_result *r, go_point *out);

/* The point classifier's model: its file's name and the first 12 hex digits of its SHA-256
 * for the built-in one, the file's name for one read by go_vision_use_model_file. */
const char *go_vision_model_name(void);

/* The lattice model's (it judges each lattice found by whether its points look like a board's
 * points), named as go_vision_model_name names the point classifier's. */
const char *go_vision_lattice_model_name(void);

/* The corner model's (it finds a refused photo's board outline, where a person's corners start),
 * named as the others. */
const char *go_vision_corner_model_name(void);

/* Reads the points of every later scan with the model in the ONNX file at path instead of the
 * built-in one; NULL goes back to the built-in one. For benchmarks that measure a model
 * trained without the photos they read. Not to be called while a scan runs. */
int go_vision_use_model_file(const char *path);

/* Reads a whole file into a malloc'd buffer (*out, caller frees), refusing files over max
 * bytes with GO_ETOOBIG. */
int go_vision_read_file(uint8_t **out, size_t *out_len, const char *path, size_t max);

/* A photo has no true "up", so a reading is compared with a label under the 8 symmetries of
 * the square. go_vision_symmetry maps point (x, y) of the reading to (*tx, *ty) of the label
 * under symmetry s (0..7: bit 0 mirrors x, bit 1 mirrors y, bit 2 swaps the axes). */
void go_vision_symmetry(int s, int n, int x, int y, int *tx, int *ty);
/* Number of the n x n points of r->color equal to truth under the best symmetry; that
 * symmetry goes to *sym_out when it is not NULL. */
int go_vision_match(const go_vision_result *r, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int n,
                    int *sym_out);

#ifdef __cplusplus
}
#endif

#endif
