/* A diagnostic of the grid finder for the bench (bench_vision --grid-diag): for a rendered board
 * whose true lattice is known, the stages of the finder (grid_lines.c, grid_families.c,
 * grid_axis.c, grid.c) run again on the scan's work image and compared with the true lines,
 * before any lattice is fitted; the first stage where the true lines drop out is named. The
 * truth is read here, in the bench only: the reader never sees it. */
#ifndef GOREF_BENCH_GRID_DIAG_H
#define GOREF_BENCH_GRID_DIAG_H

#include <stddef.h>
#include <stdint.h>

/* The stages, in the order a look goes through them; the furthest any look reached with the true
 * lines is the board's. */
enum {
    GD_FAMILIES, /* the families refused, or their vanishing points leave the true lines skewed or
                    unevenly spaced after the rectification */
    GD_SPACING,  /* rectified right, but no candidate reading of an axis has the true spacing and
                    phase */
    GD_WINDOW,   /* a true reading is a candidate on both axes, but the window is another */
    GD_LATTICE,  /* the window is the true one, but the look's lattice ends off it */
    GD_FOUND,    /* a look's lattice is the true one (the check, or what follows, refused) */
    GD_STAGES
};
extern const char *const grid_diag_stage_name[GD_STAGES];

/* The stage of the board rendered as jpeg[0..len), of n lines, true corners (photo pixels, lattice
 * order (0,0), (n-1,0), (n-1,n-1), (0,n-1)); a line of detail per look into detail (size cap).
 * -1 when it cannot run. */
int grid_diag(const uint8_t *jpeg, size_t len, int n, double corners[4][2], char *detail,
              size_t cap);

#endif
