/* Cases shared by the synthetic vision suites: boards rendered by synth.h, read through the
 * whole pipeline and checked with cmocka (a failed check ends the test). */
#ifndef GO_TEST_SYNTH_CASES_H
#define GO_TEST_SYNTH_CASES_H

#include <stddef.h>
#include <stdint.h>

#include "go/vision.h"
#include "synth.h"
#include "vision_int.h"

/* A 480x360 photo of a size x size board seen from above in even light, drawn with `seed`. */
synth_params base(int size, uint64_t seed);

/* A random position of the given density on p's board, rendered as a JPEG (*jpeg is
 * malloc'd); corners receives the true grid corners. */
void render_board(uint8_t **jpeg, size_t *len, const synth_params *p, double density,
                  uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], double corners[4][2]);

/* Renders the position truth on p's board and decodes the photo into *img (the caller frees it
 * with go_cv_image_free), with the lattice of its true grid (p->size lines) in *g; the true grid
 * corners into corners unless it is NULL. */
void render_true_lattice(go_cv_image *img, vz_grid *g, const synth_params *p,
                         uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], double corners[4][2]);

/* The farthest of the four true corners from the nearest corner that reading r reports
 * (pixels): a board has no "up", so the reported corners may come in any order. */
double corner_error(const go_vision_result *r, double corners[4][2]);

/* Renders a random position of the given density on p's board and reads it: the size right,
 * at least min_correct_permille of the points (under the 8 symmetries), every corner within
 * 0.3 of a cell. GOREF_SYNTH_DUMP=DIR writes the photo and the overlay there. */
void check_case(const synth_params *p, double density, int min_correct_permille);

/* The board of the benchmark's row drawn with every nuisance at random (synth_bench_board_mixed)
 * of size n and seed, its stones (truth) nudged off their points as that row nudges them,
 * rendered as a JPEG (*jpeg is malloc'd); corners receives the true grid corners. */
void render_mixed_board(uint8_t **jpeg, size_t *len, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE],
                        double corners[4][2], int n, uint64_t seed);

/* Board `seed` of the bench's synthetic table (synth_bench_board), under coloured lamp `lamp`
 * (synth_bench_board_lit) unless it is negative, read by the whole pipeline into r; its
 * position in truth. Returns go_vision_scan's code. */
int scan_lit_board(go_vision_result *r, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int size,
                   uint64_t seed, int lamp);
int scan_bench_board(go_vision_result *r, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int size,
                     uint64_t seed);

/* Reads the photo jpeg (its len bytes; freed here) by the whole pipeline into r and asserts it
 * is read point for point against truth at size n; what names the board when it is refused. */
void scan_reads_right(go_vision_result *r, uint8_t *jpeg, size_t len,
                      uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int n, const char *what);

#endif
