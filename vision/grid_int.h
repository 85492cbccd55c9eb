/* Inside the candidates stage (stage 2): what its files share. The stage reads a work image and
 * proposes lattices; its steps, each in its own file:
 *   grid_lines.c     the thin-line response, its threshold and the straight lines through it
 *                    (Hough), kept per gray in the line cache for the looks that follow;
 *   grid_families.c  the lines' two families, their vanishing points and the affine
 *                    rectification that makes each family parallel and evenly spaced;
 *   grid_axis.c      each family's periodic profile: spacing, phase, the candidate readings of
 *                    each axis and the window of 9, 13 or 19 lines;
 *   grid.c           a look from end to end, and the lattice assembled from the window and
 *                    refined against the lines.
 * Private to these files. */
#ifndef GO_VISION_GRID_INT_H
#define GO_VISION_GRID_INT_H

#include <stddef.h>
#include <stdint.h>

#include "vision_int.h"

/* The most straight lines a look keeps (the strongest). */
#define MAX_LINES 800

/* not every C library defines M_PI under -std=c11 */
#define PI 3.14159265358979323846

/* A straight line as the families see it. */
typedef struct line3 {
    double l[3]; /* normalized homogeneous line in normalized image coordinates */
    double rho, theta;
    double votes;
    int family;
} line3;

/* A straight line of the Hough transform: rho in pixels, theta in radians, its votes. */
typedef struct hline {
    float rho, theta, votes;
} hline;

/* One axis read: the lattice lines of one family along its periodic profile. */
typedef struct axis_fit {
    double spacing, origin; /* line k at origin + k * spacing (profile bins) */
    int kmin, kmax;         /* lattice indices inside the profile */
    double strength[256];   /* indexed k - kmin */
    double pos[256];
    double periodicity;
    /* cover[k - kmin]: mass of the OTHER family's line pixels between lines k and k+1. The
     * crossing lines stop at the outermost grid line, so this is what tells the last grid
     * line from a board edge or a table line one spacing beyond it. */
    double cover[256];
    int has_cover;
    int parity_doubled; /* the spacing was doubled because every other line was weak */
    int tripled;        /* a candidate read at three times the first reading's spacing */
} axis_fit;

/* A pixel of line (above the black-hat threshold) in the affine-rectified frame: its place
 * (u, v), the same in profile bins from 1 (ub, vb), and its weight, the black-hat response over
 * the rectification's w (a far line covers fewer pixels per unit of board length). Computed once a
 * look for the profile passes and every coverage the candidates ask. */
typedef struct rect_pixel {
    double u, v, ub, vb, wt;
} rect_pixel;

/* What the finder reads in one work image through one gray: the thin-line response
 * (black-hat), its threshold, the pixels of line above it and the straight lines through them
 * (the Hough transform, most of a look's time). */
typedef struct line_reading {
    int built;
    go_cv_image bh, bin;
    int t, nl;
    hline *raw;
} line_reading;

/* The most candidates per axis find_prefix keeps: the first reading, twice and three times its
 * spacing at each phase, its half, near the other axis's spacing and, across a low view, deeper. */
#define AXIS_CANDIDATES 9

/* What a look finds before it chooses a size (find_prefix): the same for the looks that differ
 * only in the spacing they ask (VZ_LOOK_DOUBLED) or the size (size_hint), so kept in the cache
 * for them. */
typedef struct grid_prefix {
    int rc;           /* 0, or the GO_ENOBOARD the look ends with */
    char reason[256]; /* that refusal's reason */
    double va[3], vb[3], linf[3], na[2], nb2[2];
    double umin, vmin, bwu, bwv;
    double ulo, uhi, vlo, vhi; /* the first pass's span of the board */
    int nl, p1, nbu, nbv;
    axis_fit fu, fv; /* the first reading, its covers against each other */
    axis_fit cu[AXIS_CANDIDATES], cv[AXIS_CANDIDATES];
    int nu, nv, aspect0, unusual;
    int steeper; /* VZ_LOOK_STEEP: the families found a view the other looks do not take */
    double su0, sv0;
    /* each pair's covers (compute_cover of cu[a] and cv[b]), where the pair's aspect allows
     * (has_pair nonzero); a pair with a reading at three times the spacing only once a look at
     * a multiple asked (grid_axis.c, fill_pair_covers) */
    int has_pair[AXIS_CANDIDATES][AXIS_CANDIDATES];
    double pair_u[AXIS_CANDIDATES][AXIS_CANDIDATES][256],
        pair_v[AXIS_CANDIDATES][AXIS_CANDIDATES][256];
    /* the pixels of line in the rectified frame (vz_rect_pixels), px[0..npx), for the looks
     * that share this prefix (NULL when rc is a refusal); freed with it */
    rect_pixel *px;
    size_t npx;
} grid_prefix;

/* The kinds of prefix a look can ask, by its flags past VZ_LOOK_DOUBLED (how >> 2). */
#define VZ_PREFIX_KINDS 8

/* A window's lattice and that lattice refined against the lines of one gray (refine_grid). */
typedef struct refined_lattice {
    int size;
    double from[9], to[9];
} refined_lattice;
/* The most refinements kept per gray: a refused 19x19 asks for about 25 in all. */
#define REFINED_KEPT 32

/* The grays a look reads its lines in: plain luminance, vz_gray, vz_gray_lines. */
#define VZ_GRAYS 3
/* The gray of a look's flags: 0 plain luminance, 1 vz_gray (VZ_LOOK_LIGHT_WEIGHTED), 2
 * vz_gray_lines (VZ_LOOK_LINE_GRAY). */
static inline int vz_gray_kind(unsigned how)
{
    return (how & VZ_LOOK_LINE_GRAY) ? 2 : (how & VZ_LOOK_LIGHT_WEIGHTED) != 0;
}

/* The line readings of the grays, and what the looks found on them. */
struct vz_line_cache {
    line_reading gray[VZ_GRAYS];
    /* by gray, and by VZ_LOOK_OTHER_DIRECTION, VZ_LOOK_SECOND_GRID and VZ_LOOK_STEEP (how >> 2) */
    grid_prefix *prefix[VZ_GRAYS][VZ_PREFIX_KINDS];
    /* by gray, the window lattices refined so far: looks that differ in the spacing or size
     * asked often arrive at the same window, and its refinement (a RANSAC fit) is among the
     * costliest steps of a look */
    refined_lattice refined[VZ_GRAYS][REFINED_KEPT];
    int nrefined[VZ_GRAYS];
};

/* The window a look settles on: n lines each way from line au of the columns' reading and line av
 * of the rows', and its score (choose_size). */
typedef struct grid_window {
    int n, au, av;
    double score;
} grid_window;

/* ---- grid_lines.c ---- */

/* Threshold of the line response bh: a high percentile, at least 8. */
int vz_bh_threshold(const go_cv_image *bh);
/* Reads the lines of the BGR work image through one gray (gray as vz_gray_kind gives it) into L;
 * a negative go_err when out of memory. */
int vz_read_lines(line_reading *L, const go_cv_image *bgr, int gray);
void vz_line_reading_free(line_reading *L);
void vz_grid_prefix_free(grid_prefix *gp); /* no-op on NULL; frees its pixels too */

/* ---- grid_families.c ---- */

/* out = a x b: the line through two points, or the point where two lines meet. */
void vz_cross3(double out[3], const double a[3], const double b[3]);
/* The lines of L (a W x H work image) into families, vanishing points, the rectification and the
 * board's span in gp, as `how` looks (VZ_LOOK_OTHER_DIRECTION, VZ_LOOK_SECOND_GRID). GO_ENOBOARD
 * with the reason when the lines hold no grid. */
int vz_grid_families(grid_prefix *gp, const line_reading *L, int W, int H, unsigned how);

/* ---- grid_axis.c ---- */

/* The pixels of line of bin (their response in bh) in gp's rectified frame, in the photo's
 * order, into *out (malloc'd; the caller frees) and their count into *count. */
int vz_rect_pixels(rect_pixel **out, size_t *count, const go_cv_image *bh, const go_cv_image *bin,
                   const grid_prefix *gp);
/* After the families: the pixels of line in the rectified frame into *px_out and *npx_out (the
 * caller frees them, also on an error), the first reading of each axis and the candidate
 * readings with their covers, in gp. GO_ENOBOARD with the reason when the lines are not evenly
 * spaced. */
int vz_grid_axes(grid_prefix *gp, const line_reading *L, rect_pixel **px_out, size_t *npx_out);
/* The window (size, first lines, score) into *w and the axes' readings it lies on into *fu, *fv,
 * from gp and its pixels of line px[0..npx); size_hint 0 asks for 9, 13 or 19; doubled asks for
 * twice the spacing on both axes (the covers of gp's pairs at three times the spacing are then
 * computed into gp, once). GO_ENOBOARD with the reason when no window fits. */
int vz_grid_window(axis_fit *fu, axis_fit *fv, grid_window *w, grid_prefix *gp,
                   const rect_pixel *px, size_t npx, int size_hint, int doubled);

#endif
