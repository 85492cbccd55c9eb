/* Internals of vision/: the stages the pipeline chains (grid detection, classification,
 * drawing) and the small geometry they share. Not installed; C11 only. */
#ifndef GO_VISION_INT_H
#define GO_VISION_INT_H

#include "cv_shim.h"
#include "go/vision.h"

/* The four neighbours of a point or a block, as (dx, dy) steps (geom.c). */
extern const int vz_step4[4][2];

/* 3x3 row-major homographies. */
void vz_mat3_mul(double out[9], const double a[9], const double b[9]); /* out may be a or b */
/* The lattice h moved by dx columns and dy rows: its point (i, j) is h's (i + dx, j + dy). out
 * may be h. */
void vz_lattice_move(double out[9], const double h[9], double dx, double dy);
int vz_mat3_inv(double out[9], const double m[9]);
/* Applies h to (x, y); returns 0, or -1 when the point maps to infinity. */
int vz_apply(const double h[9], double x, double y, double *ox, double *oy);
/* Solves the n x n system in the row-major augmented matrix a (n rows of n + 1) by Gauss-Jordan
 * elimination with partial pivoting: the solution ends in the last column. -1 if singular. */
int vz_solve_augmented(double *a, int n);

/* qsort's comparison of doubles, ascending. */
int vz_cmp_double(const void *a, const void *b);
/* The median of v[0..m) (sorts v); 0 when m is 0. */
double vz_median(double *v, int m);

/* Integral images of one channel of an image and of its square: the tone's spread over any
 * box in constant time. */
typedef struct vz_box_sums {
    int w, h;
    double *s, *s2;  /* one block (s2 within it) */
    size_t capacity; /* the block's doubles */
} vz_box_sums;
/* Sums of channel `channel` of the w x h image of `channels` interleaved channels; a negative
 * go_err when out of memory. */
int vz_box_sums_build(vz_box_sums *out, const uint8_t *pixels, int w, int h, int channels,
                      int channel);
void vz_box_sums_free(vz_box_sums *t);
/* Mean tone over the box [x0, x1) x [y0, y1); -1 when it leaves the image. */
double vz_box_mean(const vz_box_sums *t, int x0, int y0, int x1, int y1);
/* Standard deviation of the tone over the box [x0, x1) x [y0, y1); -1 when it leaves the image. */
double vz_box_spread(const vz_box_sums *t, int x0, int y0, int x1, int y1);

/* A fitted grid in work-image pixels: lattice (x, y) in 0..size-1 -> pixels. */
typedef struct vz_grid {
    int size;
    double h[9];
    double score; /* fit quality, for logging */
    /* judged as a crowded board under a dim or coloured lamp (a lattice fitted to the stones
     * once its own check failed, vision.c): the lines' and the stones' contrasts asked are
     * lower (DIM_ in lattice.c, phase.c, vision.c) */
    int dim;
    /* placed by a person (go_vision_options.corners): the checks of a lattice the photo gave
     * (vz_check_lattice, vz_empties_on_lines) do not judge it */
    int placed;
} vz_grid;

/* An observer of every lattice a scan judges (the bench's instrument: which attempt proposed
 * the right lattice and why it was refused; NULL in the reader): stage names the attempt,
 * corners the lattice's outer corners in the displayed photo's pixels (top-left, top-right,
 * bottom-right, bottom-left of the lattice as found), reason the refusal (NULL: it passed). */
typedef void (*vz_lattice_observer)(const char *stage, int size, const double corners[4][2],
                                    const char *reason);
extern vz_lattice_observer vz_observe_lattice;

/* The direction on the lattice (unit, into out) in which the board recedes from the camera:
 * where its cells grow smaller in the photo. Returns how much the cell size changes across
 * the board as a share of the middle's (0 for a photo from straight above). */
double vz_far_direction(double out[2], const vz_grid *g);
/* A view is tilted, its far direction meaningful, where the cells change size across the board
 * by this share or more (a photo from nearly straight above changes less): the stones' lean,
 * the reading's shift and the stray stones' bounds follow the direction only then. */
#define VZ_TILTED 0.1

/* How foreshortened the board's middle cell is in the photo: its shorter axis over its longer
 * (the singular values of the lattice's map there). About the sine of the camera's height over
 * the board: 0.81 or more on the real photos here, 0.57 from 35 degrees. */
double vz_foreshortening(const vz_grid *g);

/* The board seen through lattice g, square: `cell` pixels a cell and `margin` cells around,
 * warped pixel (X, Y) <- lattice (X / cell - margin, Y / cell - margin). */
int vz_warp_lattice(go_cv_image *out, const vz_grid *g, const go_cv_image *bgr, int cell,
                    int margin);

/* How vz_find_grid looks: lines in vz_gray instead of plain luminance; the reading at twice
 * the line spacing found on both axes (on a crowded board the crevices between stones can
 * halve the period); the lines of the strongest direction 25 to 65 degrees off the dominant
 * one (the diagonal rows of stones on a crowded board can outvote the grid's lines); the second
 * grid of lines in the photo, with the lines through the first grid's two vanishing points
 * taken out (a checked cloth, tiles or a mat around the board can hold more line than the board).
 */
enum {
    VZ_LOOK_LIGHT_WEIGHTED = 1,
    VZ_LOOK_DOUBLED = 2,
    VZ_LOOK_OTHER_DIRECTION = 4,
    VZ_LOOK_SECOND_GRID = 8,
    /* the vanishing points and line of a steeper view than a phone's main lens gives from 35
     * degrees (VP_OUTSIDE_STEEP, VIEW_MAX_STEEP in params.h) */
    VZ_LOOK_STEEP = 16,
    /* the lines in vz_gray_lines (tones above the wood's cut), instead of vz_gray */
    VZ_LOOK_LINE_GRAY = 32,
};

/* vz_warp_lattice, then gray: plain luminance, or vz_gray when light_weighted. */
int vz_warp_gray(go_cv_image *out, const vz_grid *g, const go_cv_image *bgr, int cell, int margin,
                 int light_weighted);
/* vz_warp_lattice into warped and its CIE Lab into lab (go_cv_lab), the Lab kept within the
 * scan for the same lattice asked again. */
int vz_warp_lab(go_cv_image *warped, go_cv_image *lab, const vz_grid *g, const go_cv_image *bgr,
                int cell, int margin);

/* The lattice of `size` lines whose points (0, 0), (span, 0), (span, span), (0, span) are the
 * four corners given in pixels (top-left, top-right, bottom-right, bottom-left); no fitting.
 * GO_EINVAL when they do not form a quadrilateral. */
int vz_lattice_through(vz_grid *out, double corners[4][2], int size, double span);

/* What the finder reads in one work image through each gray (the thin-line response and the
 * straight lines through it), built by the first look that needs it and shared by the others:
 * the looks that differ only in how they read the lines cost the Hough transform once, and those
 * that differ only in the spacing or the size they ask (VZ_LOOK_DOUBLED, size_hint) share the
 * line families, vanishing points and candidate spacings as well. */
typedef struct vz_line_cache vz_line_cache;
vz_line_cache *vz_line_cache_new(void); /* NULL when out of memory */
void vz_line_cache_free(vz_line_cache *c);

/* Finds the playing grid in a BGR work image, looking as `how` says (VZ_LOOK_ flags).
 * size_hint 0 detects 9/13/19. GO_ENOBOARD with the reason when nothing fits. cache (NULL for
 * none) holds what earlier looks read in this same image. */
int vz_find_grid(vz_grid *out, const go_cv_image *bgr, int size_hint, unsigned how,
                 vz_line_cache *cache);

/* After vz_find_grid looked as `how` (with VZ_LOOK_STEEP) through cache: 1 when its families
 * found a steeper view than the other looks take, 0 when the look only repeated theirs. */
int vz_steeper_view(const vz_line_cache *cache, unsigned how);

/* The grid through four corners given in work-image pixels (top-left, top-right,
 * bottom-right, bottom-left), refined against the lines in the image. GO_EINVAL when the
 * corners do not form a quadrilateral. */
int vz_grid_from_corners(vz_grid *out, const go_cv_image *bgr, double corners[4][2], int size);

/* Of a sweep from (x, y) along (nx, ny), at offsets from -range to range, the part [*lo, *hi] that
 * can fall on an image of width x height pixels, a pixel's margin either side; 0 when none can.
 * A lattice fitted near its view's vanishing line has cells there many times the photo's size: the
 * lines sought a share of a cell either side of such a point (grid.c) would take seconds to walk
 * off the photo. */
int vz_sweep_on_image(double *lo, double *hi, int width, int height, double x, double y, double nx,
                      double ny, double range);

/* Depth of a thin dark line crossing (cx, cy) in the first channel of an image with cells of
 * cell pixels: across the line (vertical line when vert), averaged along it beside the
 * crossing, darker than both sides two pixels away. In pixel-value units; about 0 where a
 * stone or plain wood is. */
double vz_line_dip(const uint8_t *pixels, int width, int height, int channels, int cx, int cy,
                   int vert, int cell);
/* The same on one side of the crossing only (side > 0: along the positive direction, < 0:
 * the negative one, 0: both): at the board's edge a line runs on one side of the point. */
double vz_line_dip_side(const uint8_t *pixels, int width, int height, int channels, int cx, int cy,
                        int vert, int cell, int side);
/* The same with the sides `reach` pixels away (2 above; at most DIP_REACH_MAX): a line blurred
 * over more pixels than the image's cell shows it needs them. */
double vz_line_dip_reach(const uint8_t *pixels, int width, int height, int channels, int cx, int cy,
                         int vert, int cell, int side, int reach);

/* Refits the lattice along each axis (shift and scale) to where the board's thin printed
 * lines add up most, when that is clearly better than where it is: the finder can take the
 * board's edge for its outermost line or be off in scale on a crowded board. */
int vz_refit_lattice(vz_grid *g, const go_cv_image *bgr);
/* The same, moving the lattice only by whole cells (and a little scale): after the stones
 * have set its phase, the lines choose the window. */
int vz_refit_window(vz_grid *g, const go_cv_image *bgr);

/* Moves the lattice by a fraction of a cell when the stones say its points sit between them
 * (on a crowded board the crevices between stones pass for printed lines). 1 when it moved,
 * 0 when it did not, or a negative go_err. */
int vz_phase_lattice(vz_grid *g, const go_cv_image *bgr);

/* Refits the lattice to the stones' tops: each neighbourhood of points is set in phase on its
 * own (where its stones' tops are most even), and the lattice is refitted to those phases; then
 * it moves by whole cells while the line of points beyond one end holds more stones than the
 * line at the other end. For a crowded board whose lattice is off by an error that changes
 * across it, which no single shift mends. The lattice ends on the stones' tops (a lean off the
 * printed points, which the reading searches). */
int vz_stones_fit(vz_grid *g, const go_cv_image *bgr);

/* The stone evidence of each line of points from -1 to n: line[0][k + 1] along column k,
 * line[1][k + 1] along row k (gray levels summed over its points; the lattice taken on the
 * stones' lean). */
int vz_stones_by_line(double line[2][GO_MAX_SIZE + 2], const vz_grid *g, const go_cv_image *bgr);

/* 1 when the stones of reading r on lattice g are a checked cloth's squares rather than stones
 * (CLOTH_ in params.h): their tops far more even than the squares half a cell off, and their
 * corners (diagonally off the point, where a round stone has ended) of their own tone; 0 when
 * not or too few to tell, or a negative go_err. */
int vz_stones_like_cloth(const go_vision_result *r, const vz_grid *g, const go_cv_image *bgr);

/* How much stone the lines of points just beyond the lattice's ends hold: the most of the
 * four ends as a share of the lattice's typical line in its family (*out), that end's own
 * sum of stone evidence (*out_most, gray levels over its points) and, unless out_edge is NULL,
 * the sum on the lattice's edge line beside it (*out_edge). */
int vz_stones_beyond(double *out, double *out_most, double *out_edge, const vz_grid *g,
                     const go_cv_image *bgr);

/* Whether the stones confirm the lattice's columns (out[0]) and rows (out[1]): in each third
 * of the board, its points are clearly more even in tone than the points half a cell off (1),
 * or so by far (2: STRONG_CONFIRM_RATIO and STRONG_CONFIRM_GAIN in every third). */
int vz_phase_confirms(int out[2], const vz_grid *g, const go_cv_image *bgr);
/* The same, the tones read in the gray weighted by the light's colour (vz_gray) when
 * light_weighted is nonzero; off_least (unless NULL) gets, per family, the least of the thirds'
 * mean spreads half a cell off. */
int vz_phase_confirms_in(int out[2], double off_least[2], const vz_grid *g, const go_cv_image *bgr,
                         int light_weighted);
/* The same; ratio_least (unless NULL) gets, per family, the least of the thirds' ratios of the
 * mean spreads half a cell off to those on the points (0 when the stones sit farther off the
 * points than a stone leans). */
int vz_phase_ratios(int out[2], double off_least[2], double ratio_least[2], const vz_grid *g,
                    const go_cv_image *bgr, int light_weighted);

/* How much more even in tone the stones of reading r are at their points (after the lean)
 * than half a cell off, on average (*out_gain) and as the ratio of the mean spreads off and on
 * (*out_ratio), over *out_count stones: a reading whose
 * stones do not sit on the lattice's points is not a reading of the board. The tone is the
 * luminance, or with light_weighted the gray weighted by the light's colour (vz_gray). */
/* *out_rel (unless NULL) gets the gain as a share of the stones' contrast to the wood (the mean
 * difference of tone between a stone's square and the median square of the points read empty):
 * a lamp or a dim room that scales the photo's contrast scales the gain with it, not this share.
 * 0 with too few empty points to tell the wood. */
int vz_stones_on_points(double *out_gain, double *out_ratio, double *out_rel, int *out_count,
                        const go_vision_result *r, const vz_grid *g, const go_cv_image *bgr,
                        int light_weighted);

/* Refines the whole lattice homography so that the pieces of printed line seen near their
 * expected places lie on their lines (perspective included, which the per-axis refit cannot
 * change). Leaves g as it was when the lines are too few or the correction too large. */
int vz_refine_lattice(vz_grid *g, const go_cv_image *bgr);

/* Checks that the fitted lattice matches the board's lines where they can be seen: both
 * families present, the other family's lines crossing every gap, no line continuing past the
 * outermost ones; where the lines are faint, the stones must confirm it. GO_ENOBOARD with the
 * reason when it does not; 0 when it does. A lattice refused as one line off along a family
 * (the board's line beyond one of its ends) is checked again moved a line along it, either
 * way, and along the other family too when that one shows a line off as well; g takes the
 * first that passes, or stays as it was. */
int vz_check_lattice(vz_grid *g, const go_cv_image *bgr);
/* vz_check_lattice, and *past (unless NULL) set to why g as given was refused: VZ_REFUSED_PAST
 * when the board's lines go on past one of its ends or both (a larger board, or the lattice over
 * a part of it), VZ_REFUSED_FAINT when its lines were too faint to check; 0 for neither. */
#define VZ_REFUSED_PAST 1
#define VZ_REFUSED_FAINT 2
int vz_check_lattice_past(vz_grid *g, const go_cv_image *bgr, int *past);

/* Whether the points read empty in r show the lattice's lines through them, as every point the
 * lattice puts on the board's lines and no stone covers does: GO_ENOBOARD with the reason when
 * they do not, *domes set when they hide them as white stones do (pale stones read as wood)
 * rather than lying flat (the lattice off the lines over part of the board); 0 when they show
 * them or when there is too little to judge by. */
int vz_empties_on_lines(int *domes, const vz_grid *g, const go_cv_image *bgr,
                        const go_vision_result *r);

/* Classifies each intersection of grid g in the BGR work image into r->color/confidence: by a
 * fixed rule relative to the local board colour, refined by per-photo colour models; with
 * `clusters`, seeded instead by the three clusters the points form (stones of unusual
 * colours), GO_ENOBOARD when they do not form three. Each point's line dip where the lattice
 * puts it goes to r->line_dip. With dips, the dip the reading judged by goes to dips[j * n + i]
 * (with clusters, an edge point's edge line is sought a little inward as well). */
int vz_classify(go_vision_result *r, const go_cv_image *bgr, const vz_grid *g, int clusters,
                double *dips);

/* Gray for the line stages: channels weighted by their mean (the light's colour), so that a
 * coloured lamp does not wash the printed lines out. */
int vz_gray(go_cv_image *out, const go_cv_image *bgr);
/* vz_gray with the tones above the wood's cut to it (gray.c): the gray a third line reading looks
 * in, where the white stones' rims and crevices outvote pale printed lines. */
int vz_gray_lines(go_cv_image *out, const go_cv_image *bgr);
/* 1 when the BGR image is lit by a saturated lamp: its weakest channel's mean under
 * LINE_GRAY_SATURATED of its strongest's (params.h); 0 otherwise. */
int vz_light_saturated(const go_cv_image *bgr);

/* The learned point classifier (points.c). A point's patch is the board with the perspective
 * taken out, VZ_PATCH_CELL pixels a cell, VZ_PATCH_SIDE pixels square and centred on the point
 * (its stone and the near halves of its neighbours); the network sees its centre VZ_PATCH_CROP
 * square (training moves the crop within the patch: a lattice a little off). The channels are
 * scaled so that the board's mean is VZ_PATCH_MEAN in each. */
#define VZ_PATCH_CELL 12
#define VZ_PATCH_SIDE 28
#define VZ_PATCH_CROP 24
#define VZ_PATCH_OVERSAMPLE 3
#define VZ_PATCH_MEAN 110.0
/* The patches of the n x n points of lattice h (lattice -> pixels of bgr), row by row, into out
 * (n * n * VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3 bytes, HWC, BGR). */
int vz_point_patches(uint8_t *out, const double h[9], int n, const go_cv_image *bgr);
/* The same for lattice h's points and `ring` lines of points beyond each of its ends: the
 * (n + 2 ring)^2 patches of points (-ring..n - 1 + ring) in each family, row by row; the
 * channels scaled by the mean over h's own points, as vz_point_patches scales them. */
int vz_point_patches_ring(uint8_t *out, const double h[9], int n, int ring, const go_cv_image *bgr);
/* The classifier's probabilities of empty, black and white for count patches, into
 * out[count * 3]. */
int vz_point_probs(float *out, const uint8_t *patches, int count);
/* Reads every point of r (read through grid g in work) again with the classifier; where it
 * doubts r's reading (vz_points_mark), the point's confidence falls to VZ_POINTS_DOUBT, so that
 * the rules' check lists it for a person's look. The colours stay the rule's (on the photos, the
 * classifier trained without a photo's group reads fewer points right than the rule does, while
 * its disagreement catches most of the rule's wrong points: vision/README.md), but for a point
 * read empty whose lines a white stone's dome hides and that the classifier reads white
 * (vz_points_read_hidden): white, marked; and a black reading the classifier is sure is wood
 * (vz_points_black_wood): empty, marked. A stone found off
 * its point is marked already. GOREF_VISION_POINTS=rule in the environment leaves the reading as
 * the rule made it (the benchmark compares the two). */
#define VZ_POINTS_DOUBT 0.5f
int vz_points_check(go_vision_result *r, const vz_grid *g, const go_cv_image *work);
/* Reads every point of r (through grid g in work) by the classifier alone: its likeliest class;
 * its probability as the confidence, VZ_POINTS_DOUBT under BY_CLASSIFIER_MARK. *sure gets the share
 * of points read at POINTS_SURE or more. For readings the colour rule and the clusters cannot give
 * (read_by_classifier in vision.c). */
int vz_points_read(go_vision_result *r, const vz_grid *g, const go_cv_image *work, double *sure);
/* The marks vz_points_check sets from the classifier's probabilities prob (empty, black, white
 * for each point, row by row) against r's reading: where it reads another colour, at a point
 * read empty that it gives little probability of being empty (POINTS_SURE: params.h), and at a
 * black reading beside one stone only that it gives some chance of being empty (a shadow:
 * SHADE_EMPTY). */
void vz_points_mark(go_vision_result *r, const float *prob);
/* A black reading of r that prob gives at least BLACK_WOOD of being empty, not off its point, and
 * whose tint in its patch (vz_point_patches, row by row) lies BLACK_WOOD_APART robust spreads or
 * more from the black readings', read empty and marked, where prob reads at least
 * BLACK_WOOD_KNOWN of r's other black readings black (params.h). Gives how many were so read. */
int vz_points_black_wood(go_vision_result *r, const uint8_t *patches, const float *prob);
/* A point r reads empty whose lines are hidden as a dome hides them (r->line_dip), that prob
 * gives little chance of being wood and more of being white than black, where a white stone
 * would have a liberty, read white and marked (HIDDEN_WOOD_MAX: params.h). Where the lines show
 * too faintly to tell (FAINT_LINES), one whose top holds a glint in the BGR work image through
 * grid g (GLINT_MIN) is read so too. */
void vz_points_read_hidden(go_vision_result *r, const float *prob, const vz_grid *g,
                           const go_cv_image *work);
/* The marks it sets from the points' patches (vz_point_patches, row by row): a lone stone on the
 * first line whose tint is far from its colour's stones' (LONE_EDGE_: params.h). */
void vz_points_mark_lone_edge(go_vision_result *r, const uint8_t *patches);
/* ... and from the patches with the probabilities: a stone whose tint is far from its colour's
 * stones' and that the classifier gives some chance of being empty (STONE_TINT_: params.h). */
void vz_points_mark_stone_tint(go_vision_result *r, const uint8_t *patches, const float *prob);

/* A lattice's evidence from the lattice model (evidence.c): how likely its points are to be
 * points of a board at its cell size (not half a cell off, beyond the board's edge, on the
 * table, at another cell), each end's line and the line beyond it, and the window a line over
 * (within the ring beyond) most likely its points. */
#define VZ_EVIDENCE_SURE 0.5 /* a point less likely a point than this is unlikely */
typedef struct vz_evidence {
    double sure;        /* the mean probability of being a point over the lattice's points */
    int unsure;         /* its points less likely than VZ_EVIDENCE_SURE */
    int shift[2];       /* the likeliest window (columns, rows; -1..1) */
    double shift_gain;  /* by how much (log likelihood: its points as points, the ring as none) */
    double beyond;      /* the likeliest line of points just beyond an end: its mean probability */
    double beyond_next; /* the second likeliest such line */
    /* each end's line of points just beyond the lattice and its own outermost line there: their
     * mean probability, the ends in the order first row, last column, last row, first column */
    double beyond_line[4], edge_line[4];
} vz_evidence;
/* Runs the lattice model on lattice g's points and the ring of points around them (one batch)
 * in work; 0 with *out filled, or a negative go_err. */
int vz_lattice_evidence(vz_evidence *out, const vz_grid *g, const go_cv_image *work);
/* Judges lattice g, which passed its check, by its evidence: moved a line where the points
 * beyond one end look like the board's and its own line at the other end does not, refused
 * (GO_ENOBOARD) where its points do not look like a board's; 0 with g as judged and its evidence
 * in *out (unless NULL), or a negative go_err. */
int vz_lattice_judge(vz_grid *g, const go_cv_image *work, vz_evidence *out);
/* The lattice model's probabilities (no point, point) of count patches as vz_point_patches cuts
 * them, into out[2 * count]. */
int vz_lattice_probs(float *out, const uint8_t *patches, int count);
/* How well a lattice fits the board everywhere, by the lattice model's probability of each of its
 * points being a board's point (final_check.c), over all its points and over each square block of
 * them a third of the lattice a side. Points beyond the photo count as likely. */
typedef struct vz_fit {
    double unlikely_share; /* the share of its points under VZ_EVIDENCE_SURE */
    double sure_share;     /* ... at least FINAL_SURE_POINT */
    double block_unlikely; /* the largest share of one block's points under VZ_EVIDENCE_SURE */
    double block_sure;     /* the largest share of one block's points at least FINAL_SURE_POINT */
    int block[2];          /* the centre (column, row) of the block most unlikely */
} vz_fit;
/* Fills *out for lattice g in work (and point_prob[n * n], row by row, unless NULL); 0 or a
 * negative go_err. */
int vz_lattice_fit(vz_fit *out, float *point_prob, const vz_grid *g, const go_cv_image *work);
/* The lattice model's mean over g's points as points into *on, and over them moved half a cell
 * along both families, the columns and the rows into off[0..2]: a lattice on the board's points
 * reads high on them and low off them. 0 or a negative go_err. */
int vz_lattice_on_off(double *on, double off[3], const vz_grid *g, const go_cv_image *work);
/* The final check of the one lattice g the reading settled on (FINAL_ in params.h): 0, or
 * GO_ENOBOARD where its points read unlikely beyond what right lattices show. */
int vz_final_check(const vz_grid *g, const go_cv_image *work);
/* Judges lattices with the model in the ONNX file at path instead of the built-in one; NULL goes
 * back to it. For the benchmark's held-out figures; not while a scan runs. */
int vz_lattice_use_model_file(const char *path);

/* The work image's longer side: enough pixels for a 19x19 grid seen at an angle, few enough
 * for one core. */
#define WORK_SIDE 1000
/* The photo (format fmt, width x height stored) decoded into *img, JPEGs reduced in the DCT
 * while they stay at least WORK_SIDE long, and the work image into *work: img scaled to a longer
 * side of WORK_SIDE, or img's own pixels (img left empty) when it is no longer. */
int vz_decode_work(go_cv_image *img, go_cv_image *work, const void *data, size_t len,
                   go_image_format fmt, int width, int height);
/* The corner model's input (corners.c): bgr resized to fit CORNER_IN_W x CORNER_IN_H, at its
 * top-left, the rest black, into out (allocated); a pixel centre x of bgr lies at
 * (x + 0.5) scale[0] - 0.5 of out (y alike by scale[1]). */
int vz_corner_input(go_cv_image *out, double scale[2], const go_cv_image *bgr);
/* The corner model's outline (corners.c): the four corners of the board's lattice in bgr's pixels,
 * round the quadrilateral from the one nearest the top left (as a lattice's go), from the corner
 * model's four strongest separated peaks.
 * 1 when found, 0 when the map holds fewer than four (CORNER_PEAK_MIN), or a negative go_err. */
int vz_corner_proposal(double corners[4][2], const go_cv_image *bgr);

/* The displayed size of a photo stored width x height whose work image is work: the stored
 * size, turned where the decoder applied a quarter-turn (the EXIF orientation). */
void vz_shown_size(int *shown_w, int *shown_h, const go_cv_image *work, int width, int height);

/* The bounds of one scan on this thread (they nest): within them the warps and grays asked
 * again are reused (go_cv_warp_cache_begin) and the box sums' blocks freed are kept for the next
 * ones (their megabytes, taken afresh each time, cost more in page faults than the sums). */
void vz_scan_begin(void);
void vz_scan_end(void);
/* The work the last scan on this thread spent looking for the board (WORK_, params.h). */
int vz_scan_work(void);

/* Monotonic milliseconds. */
double vz_now_ms(void);

/* Where the board lies, from its colour (region.c): the photo's colours clustered, the one that
 * crowds into one compact piece of the photo taken as the board's. *out gets the part of work
 * around that piece (x, y, width, height in *box), everything outside it painted the mean colour
 * of what lay there. 0, 1 when no colour makes such a piece, or a negative go_err. */
int vz_board_region(go_cv_image *out, int box[4], const go_cv_image *work);

#endif
