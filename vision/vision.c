/* The vision pipeline: limits -> decode (scaled in the JPEG DCT when the photo is large) ->
 * grid -> corner order as displayed -> classification -> rule check -> result. Owns
 * go_vision_scan; the overlay is overlay.c, the plain helpers on results result.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vision_int.h"
#include "params.h"

/* Detection and classification run on an image of about this long side: enough pixels for a
 * 19x19 grid seen at an angle, few enough for one core. */
/* When no look reads the board at the work size, the first SECOND_LOOKS looks are tried again
 * on the work image at each of second_scale in turn: a blurred or noisy photo's thin lines and
 * the stones' edges come out otherwise at another scale. At 0.85 a 12-megapixel photo of a
 * crowded bamboo board under a poor light reads, where 1 and 0.7 refuse it (re-encoded, or
 * resized by another filter, it reads at the work size: its lattice fit is on a knife's edge);
 * a board under a cyan lamp refused at 0.85 still reads at 0.7. With 0.7 alone, more synthetic
 * crowded boards read perfectly, none silently wrong (all six looks again read about as many,
 * for refusals a third slower). Costs time only on photos refused at the work size, and
 * little, since the looks share their line reading (vz_line_cache). */
#define SECOND_SCALES 2
static const double second_scale[SECOND_SCALES] = {0.85, 0.7};
#define SECOND_LOOKS 2

/* The scale that takes image im to the work size when its longer side is under
 * SMALL_PHOTO_SHARE of it (params.h); 0 for a photo not so small. */
static double enlarged_scale(const go_cv_image *im)
{
    const int longest = im->width > im->height ? im->width : im->height;
    return longest > 0 && longest < SMALL_PHOTO_SHARE * WORK_SIDE ? (double)WORK_SIDE / longest : 0;
}

/* The work this thread's scan has spent looking for the board, in the steps of WORK_ (params.h):
 * past WORK_BUDGET no further attempt starts. Counted, not timed, so that the attempts made, and
 * the reading, are the same on every machine and run. */
static _Thread_local int work_spent;
/* The classifier's reading of a board the rule reads as one colour (read_by_classifier), or of a
 * lattice refused as too faint (read_faint_lattice), is a last resort: the first pass of a scan
 * only notes that one would pass (classifier_would); a scan refused with such a note is run
 * again, and that pass takes the first (classifier_takes). */
static _Thread_local int classifier_takes, classifier_would;

vz_lattice_observer vz_observe_lattice;
/* For the observer: the pixels of the image being read to the displayed photo's, and where in
 * the order of attempts the scan is. */
static _Thread_local double observe_to_photo[9];
static _Thread_local const char *observe_where = "";

/* Lattice g, judged at stage with the refusal reason (NULL: it passed), told to the observer. */
static void observe(const char *stage, const vz_grid *g, const char *reason)
{
    if (!vz_observe_lattice || g->size < 2)
        return;
    char name[200];
    snprintf(name, sizeof name, "%s%s", observe_where, stage);
    const int n = g->size - 1, cx[4] = {0, n, n, 0}, cy[4] = {0, 0, n, n};
    double c[4][2];
    for (int k = 0; k < 4; k++) {
        double x, y;
        vz_apply(g->h, cx[k], cy[k], &x, &y);
        vz_apply(observe_to_photo, x, y, &c[k][0], &c[k][1]);
    }
    vz_observe_lattice(name, g->size, (const double(*)[2])c, reason);
}

static void work_add(int steps)
{
    work_spent += steps;
}

/* 1 when the budget is spent: the attempt about to start is not made. */
static int work_over(void)
{
    return work_spent >= WORK_BUDGET;
}

int vz_scan_work(void)
{
    return work_spent;
}

/* The refusal of an attempt the budget leaves out (the scan reports the first look's reason). */
static int work_refused(void)
{
    return go_error_set(GO_ENOBOARD, "no board: the work a scan may spend is spent");
}

/* Reorders the grid so lattice (0,0) is the top-left corner as displayed and x runs to the
 * right: the eight symmetries of the lattice are tried and the one whose corners best match
 * (top-left, top-right, bottom-right, bottom-left) by position wins. */
static void orient_grid(vz_grid *g)
{
    int n = g->size - 1;
    double best = -1e300, bh[9];
    memcpy(bh, g->h, sizeof bh);
    for (int s = 0; s < 8; s++) {
        /* lattice symmetry T: (x, y) -> (x', y') */
        double t[9];
        int swap = s & 4, fx = s & 1, fy = s & 2;
        double a = swap ? 0 : (fx ? -1 : 1), b = swap ? (fx ? -1 : 1) : 0;
        double c = swap ? (fy ? -1 : 1) : 0, d = swap ? 0 : (fy ? -1 : 1);
        t[0] = a;
        t[1] = b;
        t[2] = (a + b < 0) ? n : 0;
        t[3] = c;
        t[4] = d;
        t[5] = (c + d < 0) ? n : 0;
        t[6] = 0;
        t[7] = 0;
        t[8] = 1;
        double h[9];
        vz_mat3_mul(h, g->h, t);
        double x0, y0, x1, y1, x3, y3;
        if (vz_apply(h, 0, 0, &x0, &y0) || vz_apply(h, n, 0, &x1, &y1) ||
            vz_apply(h, 0, n, &x3, &y3))
            continue;
        /* x axis should point right, y axis down, top-left should be the most top-left */
        double score = (x1 - x0) + (y3 - y0) - 0.01 * (x0 + y0);
        if (score > best) {
            best = score;
            memcpy(bh, h, sizeof bh);
        }
    }
    memcpy(g->h, bh, sizeof bh);
}

/* One look for the grid: found, refitted, refined, set in phase by the stones and checked.
 * The looks, in turn: lines in the gray weighted by the light's colour, in plain luminance,
 * the same two at twice the line spacing found, and the same two in the strongest direction
 * off the dominant one. The weighted gray finds the lines under a coloured lamp or in poor
 * light (photos in such light read perfectly with it, and are refused without), but under some
 * lamps it lifts the board's bevel to a line; plain luminance then reads boards under blue and
 * violet lamps. On a crowded board the crevices between stones can halve the period the finder
 * sees, and the diagonal rows of stones can outvote the grid's lines. Last, the same two with
 * the first grid's lines taken out: a checked cloth around a board small in the photo holds
 * more line than the board (bench scene rows, 60 boards a size: 145 of 180 read perfectly
 * without these two looks, 158 with them, none silently wrong either way). Apart, tried after
 * these (read_steep): the two grays taking vanishing points and a horizon nearer the photo's
 * centre than the others do (VZ_LOOK_STEEP): a board seen from 35-40 degrees by a phone held
 * about its side away has its far family's vanishing point 0.8-0.95 of the photo's half side from
 * the centre, and the others then take a wrong consensus or refuse the view. */
static const unsigned looks[] = {
    VZ_LOOK_LIGHT_WEIGHTED,
    0,
    VZ_LOOK_LIGHT_WEIGHTED | VZ_LOOK_DOUBLED,
    VZ_LOOK_DOUBLED,
    VZ_LOOK_LIGHT_WEIGHTED | VZ_LOOK_OTHER_DIRECTION,
    VZ_LOOK_OTHER_DIRECTION,
    VZ_LOOK_LIGHT_WEIGHTED | VZ_LOOK_SECOND_GRID,
    VZ_LOOK_SECOND_GRID,
    VZ_LOOK_LIGHT_WEIGHTED | VZ_LOOK_STEEP,
    VZ_LOOK_STEEP,
    VZ_LOOK_LINE_GRAY,
    VZ_LOOK_LINE_GRAY | VZ_LOOK_DOUBLED,
};
#define LOOKS_ALL ((int)(sizeof looks / sizeof looks[0]))
/* The steep looks, then the line gray's, are tried on their own (read_steep, read_line_gray);
 * LOOKS are the others. */
#define STEEP_LOOKS 2
#define LINE_GRAY_LOOKS 2
#define LOOKS (LOOKS_ALL - STEEP_LOOKS - LINE_GRAY_LOOKS)
/* The looks tried again on the photo turned half round: all but the second-grid ones, which
 * cost a refused 19x19 0.6 s of CPU more there (about half its refusal) and read 3 more of the
 * bench's 180 scene boards. */
#define LOOKS_AGAIN (LOOKS - 2)

/* The lattice of one look, of size `size` (0: the finder's choice), fitted and refined. */
static int fit_look(vz_grid *g, const go_cv_image *work, int size, int look, vz_line_cache *cache)
{
    int rc = vz_find_grid(g, work, size, looks[look], cache);
    /* a steep look that finds no steeper view than the other looks' ends there, at no cost */
    if (!(looks[look] & VZ_LOOK_STEEP) || vz_steeper_view(cache, looks[look]))
        work_add(WORK_LOOK);
    if (rc < 0 || (rc = vz_refit_lattice(g, work)) < 0 || (rc = vz_refine_lattice(g, work)) < 0 ||
        (rc = vz_phase_lattice(g, work)) < 0)
        return rc;
    /* moved by the stones: the lines choose the window and refine it again */
    if (rc == 1 && ((rc = vz_refit_window(g, work)) < 0 || (rc = vz_refine_lattice(g, work)) < 0))
        return rc;
    return 0;
}

/* One look; *fitted gets the lattice before its check (size 0 when none was found), *past
 * gets why the check refused it (VZ_REFUSED_PAST, VZ_REFUSED_FAINT; 0 for neither). */
static int detect_look(vz_grid *g, vz_grid *fitted, int *past, const go_cv_image *work,
                       int size_hint, int look, vz_line_cache *cache)
{
    int rc;
    fitted->size = 0;
    *past = 0;
    if ((rc = fit_look(g, work, size_hint, look, cache)) < 0)
        return rc;
    *fitted = *g;
    return vz_check_lattice_past(g, work, past);
}

/* Look `look` fitted as a board of `size` lines and checked: 0 when the lattice passes. */
static int look_at_size(vz_grid *g, int size, const go_cv_image *work, int look,
                        vz_line_cache *cache)
{
    int rc = fit_look(g, work, size, look, cache);
    if (rc == 0)
        rc = vz_check_lattice(g, work);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "look %d as %dx%d: %s\n", look, size, size,
                rc == 0 ? "passes" : go_error_last());
    return rc;
}

/* A look whose lattice of size `than` was refused because the board's lines go on past its
 * ends, fitted at each larger size in turn: the first lattice that passes its check, or
 * GO_ENOBOARD. The finder takes the largest size whose window on each axis holds all but two of
 * its lines clearly, against the photo's fifth-strongest line. A plain board photographed from
 * one side can show its far columns five to twenty times fainter than its near ones, and the
 * test then falls a line short of 19 and takes 13 (16 of 19 clear, refused by every look as a
 * 13x13 whose lines go on past its edge; read as 19x19 it reads every point). Tried only once
 * every look and its fits have been refused: tried at once, on a board under a cyan lamp
 * resized to 800 pixels the first look's lattice fitted as 19x19 passed a little off where its
 * fit to the stones, refused as 13x13, reads every point. */
static int larger_look(vz_grid *g, int than, const go_cv_image *work, int look,
                       vz_line_cache *cache)
{
    static const int sizes[] = {9, 13, 19};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        if (work_over())
            return work_refused();
        int rc = sizes[k] > than ? look_at_size(g, sizes[k], work, look, cache) : GO_ENOBOARD;
        if (rc != GO_ENOBOARD)
            return rc;
    }
    return GO_ENOBOARD;
}

/* A look whose lattice of size `than` was refused as too faint to check, fitted at each smaller
 * size in turn: the first lattice that passes its check, or GO_ENOBOARD. The finder takes the
 * largest size whose window holds all but two of its lines clearly against the photo's
 * fifth-strongest line; a dim room's noise on the table, or a crowd's crevices around a small
 * board, can hold that much, and the lattice then spans the table around a 9x9 whose own lines
 * stand out in its middle (rendered dim rooms: a 19x19 lattice over a 9x9, its 9 middle lines 3
 * to 6 times the others). Asked for the smaller size, the finder takes the best window of it.
 * Tried last, once the larger sizes are refused too: a part of a larger board must still pass
 * every test of its ends and hold no stones beyond them. */
static int smaller_look(vz_grid *g, int than, const go_cv_image *work, int look,
                        vz_line_cache *cache)
{
    static const int sizes[] = {13, 9};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        if (work_over())
            return work_refused();
        int rc = sizes[k] < than ? look_at_size(g, sizes[k], work, look, cache) : GO_ENOBOARD;
        if (rc != GO_ENOBOARD)
            return rc;
    }
    return GO_ENOBOARD;
}

/* Whether the lattice model judges each lattice that passes its check (vz_lattice_judge):
 * only with GOREF_VISION_LATTICE=on. Held out it changed no photo's reading nor the rendered
 * scenes' and cost about 20 ms a photo (vision/README.md). */
static int lattice_judged(void)
{
    const char *env = getenv("GOREF_VISION_LATTICE");
    return env && strcmp(env, "on") == 0;
}

/* The stones must lie inside the lattice: where the line of points just beyond one of its
 * ends holds much stone against the lattice's typical line (STONES_BEYOND_SHARE, params.h) and
 * at least STONES_BEYOND_MIN a point, the board goes on past that end; from STONES_BEYOND_FEW a
 * point, so it does where that stone is not the edge stones' tops leaning over the line beyond
 * (less than STONES_BEYOND_LEAN of the edge line's own). The points are taken a stone's lean
 * away from the camera: at the far end of a steep photo the tops of the edge stones lean over
 * the line beyond. */

static int stones_inside(const vz_grid *g, const go_cv_image *work)
{
    double share, most, edge;
    int rc = vz_stones_beyond(&share, &most, &edge, g, work);
    if (rc < 0)
        return rc;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "stones inside: %.2f of the typical line beyond an end (%.0f; %.0f on the edge "
                "line)\n",
                share, most, edge);
    if (share >= STONES_BEYOND_SHARE &&
        (most >= STONES_BEYOND_MIN * g->size ||
         (most >= STONES_BEYOND_FEW * g->size && most >= STONES_BEYOND_LEAN * edge)))
        return go_error_set(GO_ENOBOARD,
                            "no board: the stones continue past a fitted edge (not a %dx%d "
                            "board, or the grid did not fit)",
                            g->size, g->size);
    return 0;
}

/* A photo of a board holds the board: a lattice whose points lie beyond the photo's frame, more
 * than PHOTO_OUT_MARGIN of a cell out, in a share over PHOTO_OUT_SHARE (params.h), spans more
 * than the photo shows (a checked cloth's squares or a room's tiles read as a larger board around
 * a smaller one); its points out there cannot be read, and it is refused. The cell is measured at
 * each point as the larger step to a neighbouring point. */
static int lattice_in_photo(const vz_grid *g, const go_cv_image *work)
{
    const int n = g->size;
    int out = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double px, py, qx, qy, cell = 0;
            if (vz_apply(g->h, x, y, &px, &py) < 0) {
                out++;
                continue;
            }
            for (int k = 0; k < 4; k++)
                if (vz_apply(g->h, x + vz_step4[k][0], y + vz_step4[k][1], &qx, &qy) == 0)
                    cell = fmax(cell, hypot(qx - px, qy - py));
            const double m = PHOTO_OUT_MARGIN * cell;
            out += px < -m || py < -m || px > work->width - 1 + m || py > work->height - 1 + m;
        }
    const double share = (double)out / (n * n);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "lattice in the photo: %.3f of its points beyond the frame\n", share);
    if (share > PHOTO_OUT_SHARE)
        return go_error_set(GO_ENOBOARD,
                            "no board: %.0f%% of the %dx%d lattice's points lie beyond the "
                            "photo's frame (the grid did not fit, or the whole board is not in "
                            "the photo)",
                            100 * share, n, n);
    return 0;
}

/* The looks whose lattices are fitted again to the stones' tops when they do not read the
 * board: on a crowded board seen at a low angle the crevices between leaning stones mislead the
 * lines in perspective and scale, not only in phase (the green-stone series), and no single
 * shift mends that. The fits come right after those looks, before the other looks: no photo
 * and no synthetic board of the bench reads differently for the order (the green-stone photos,
 * which read through the fits, went through four failing looks first), and the photos' p95
 * time went from 533 to 326 ms. */
#define STONE_LOOKS 2

/* A game puts the two colours on the board in nearly equal numbers (PLAUSIBLE_, params.h): a
 * reading with far fewer of one colour is stones of one colour read as the other, and is refused
 * rather than returned. */

/* The stones read of each colour; returns the smaller count and the larger in *hi. */
static int fewer_colour(const go_vision_result *r, int *black, int *white, int *hi)
{
    int count[3] = {0, 0, 0};
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++)
            count[r->color[y][x]]++;
    *black = count[GO_BLACK];
    *white = count[GO_WHITE];
    *hi = *black > *white ? *black : *white;
    return *black < *white ? *black : *white;
}

static int plausible_stones(const go_vision_result *r)
{
    int b, w, hi, lo = fewer_colour(r, &b, &w, &hi);
    if ((b + w >= PLAUSIBLE_MIN_STONES && lo < PLAUSIBLE_MIN_SHARE * hi) ||
        (b + w >= PLAUSIBLE_FEW_STONES && lo < PLAUSIBLE_FEW_SHARE * hi))
        return go_error_set(GO_ENOBOARD,
                            "no board: the stones could not be told apart (%d black and %d white "
                            "read; a game has both in similar numbers): try more even, whiter "
                            "light",
                            b, w);
    return 0;
}

/* A board's outermost lines are where a game has fewest stones: of 300 finished GNU Go games
 * (9x9 to 19x19) and the 138 labelled photos, no edge line holds one colour on more than 8 of
 * its points in 10. A lattice that runs a line off the board onto a dark table, a lid or the
 * board's shadowed front face reads that line as black stones end to end (a motion-blurred
 * photo turned upside down: two rows on the table read black and the reading returned). Every
 * point of an edge line read as the same colour refuses a grid the looks found (read_moved_in
 * tries it a line inward first, and *out_side says which edge); a grid whose corners a person
 * placed stands (a table read through them is what the person asked for). */
static int edge_of_one_colour(const go_vision_result *r, int *out_side)
{
    static const char *const names[4] = {"top", "right", "bottom", "left"};
    const int n = r->size, last = n - 1;
    /* each edge from its first point (x0, y0) along (dx, dy) */
    const int x0[4] = {0, last, 0, 0}, y0[4] = {0, 0, last, 0};
    const int dx[4] = {1, 0, 1, 0}, dy[4] = {0, 1, 0, 1};
    for (int side = 0; side < 4; side++) {
        const int c = r->color[y0[side]][x0[side]];
        int k = 1;
        while (k < n && r->color[y0[side] + k * dy[side]][x0[side] + k * dx[side]] == c)
            k++;
        if (c != GO_EMPTY && k == n) {
            if (out_side)
                *out_side = side;
            return go_error_set(GO_ENOBOARD,
                                "no board: the grid did not fit (every point of its %s edge "
                                "reads as a %s stone: it runs off the board there)",
                                names[side], c == GO_BLACK ? "black" : "white");
        }
    }
    return 0;
}

/* The stones read must sit on the grid's points: a stone's top is even in tone, while the
 * square half a cell off holds its edge. Judged by the mean over the stones read of the spread
 * half a cell off minus the spread on the point (the gain), from STONES_MIN stones: STONES_GAIN
 * in luminance, else STONES_GAIN_LIT in the gray weighted by the light's colour (a coloured lamp
 * leaves little in the luminance), or by the ratio of the spreads where the contrast is gone:
 * STRONG_CONFIRM_RATIO for any lattice, DIM_STONES_RATIO for one judged as under a dim lamp
 * (vz_grid.dim, read_by_looks); or in either gray by the gain as a share of the stones' contrast
 * to the wood (STONES_REL, with a ratio of STONES_REL_RATIO), which a lamp, a dim room or a flat
 * camera leaves as it is while they take grey levels off the gain. The numbers and their
 * reasons are in params.h. */

/* 1 when the stones of reading r sit on g's points (or are too few to tell), 0 when not. With
 * by_share, also by STONES_REL: only for the reading returned, not to choose between two
 * readings (pale stones' small contrast to the wood makes a large share of a small gain). When
 * 0, rel_both (unless NULL) gets the gains as shares of the stones' contrast in luminance and in
 * the light-weighted gray, and *count_out the stones counted, all measured by then
 * (model_places_stones asks them next, for the same reading and lattice). */
static int stones_sit(const go_vision_result *r, const vz_grid *g, const go_cv_image *work,
                      int by_share, double rel_both[2], int *count_out)
{
    double gain, ratio, rel, rel_lit;
    int count, rc = vz_stones_on_points(&gain, &ratio, &rel, &count, r, g, work, 0);
    if (rc < 0)
        return rc;
    if (count < STONES_MIN || gain >= STONES_GAIN || ratio >= STRONG_CONFIRM_RATIO ||
        (g->dim && ratio >= DIM_STONES_RATIO) ||
        (by_share && rel >= STONES_REL && ratio >= STONES_REL_RATIO))
        return 1;
    if ((rc = vz_stones_on_points(&gain, &ratio, &rel_lit, &count, r, g, work, 1)) < 0)
        return rc;
    if (gain >= STONES_GAIN_LIT || (by_share && rel_lit >= STONES_REL && ratio >= STONES_REL_RATIO))
        return 1;
    if (rel_both) {
        rel_both[0] = rel;
        rel_both[1] = rel_lit;
        *count_out = count;
    }
    return 0;
}

/* Where the stones' gain falls a little short of STONES_REL (a small frame's blur spreads their
 * edges into the square on the point), the lattice model tells a lattice on the points from one
 * half a cell off: 1 when it reads g's points as points (STONES_MODEL_ON) and g moved half a cell
 * along either family or both as none (STONES_MODEL_OFF), 0 when not, or a negative go_err. The
 * gains as shares (luminance, light-weighted) and the count of stones are stones_sit's. */
static int model_places_stones(const vz_grid *g, const go_cv_image *work, const double share[2],
                               int count)
{
    const double rel = share[0], rel_lit = share[1];
    int rc = 0;
    if (count < STONES_MIN || fmax(rel, rel_lit) < STONES_MODEL_REL)
        return 0;
    double on, off[3];
    if ((rc = vz_lattice_on_off(&on, off, g, work)) < 0)
        return rc;
    const double most_off = fmax(off[0], fmax(off[1], off[2]));
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "stones on points by the lattice model: share %.3f %.3f, on %.3f, half a "
                "cell off %.3f %.3f %.3f\n",
                rel, rel_lit, on, off[0], off[1], off[2]);
    return on >= STONES_MODEL_ON && most_off <= STONES_MODEL_OFF;
}

static int stones_on_points(const go_vision_result *r, const vz_grid *g, const go_cv_image *work)
{
    double share[2];
    int count, rc = stones_sit(r, g, work, 1, share, &count);
    if (rc == 0)
        rc = model_places_stones(g, work, share, count);
    if (rc < 0)
        return rc;
    if (!rc)
        return go_error_set(GO_ENOBOARD, "no board: the stones read do not sit on the grid's "
                                         "points (the grid did not fit)");
    return 0;
}

/* The stones read must be stones: a lattice fitted to a checked cloth beside the board (its
 * cell the checks') can pass the lines' check, the stones' and the lattice model's, its squares
 * read as stones; they are far more even than a stone's top and square, not round
 * (vz_stones_like_cloth). */
static int stones_not_cloth(const go_vision_result *r, const vz_grid *g, const go_cv_image *work)
{
    const int rc = vz_stones_like_cloth(r, g, work);
    if (rc <= 0)
        return rc;
    return go_error_set(GO_ENOBOARD, "no board: the stones read are a checked cloth's squares, "
                                     "not stones (the grid did not fit)");
}

/* Stones of colours the fixed rule does not know (a pale green darker than the wood, a
 * coloured lamp) come out as one colour and empty points. When the reading has stones of one
 * colour far more than of the other, the points are read again by the clusters they form
 * (vz_classify with clusters), and that reading is taken when it has both colours as a game
 * does and its stones sit on the points. Otherwise the first reading stands (a teacher's
 * set-up of one colour), or is refused by plausible_stones. From CLUSTERS_MIN_STONES stones.
 * Returns 1 when the clusters' reading was taken, 0 when the first stands, or a negative go_err. */
/* The clusters' reading is also taken with fewer of one colour (down to what plausible_stones
 * lets through) when the lines say its stones are stones: the points it reads as stones where
 * the first reading saw wood (CLUSTERS_MIN_STONES of them at least) hide the lines through them,
 * their median dip under HIDDEN_SHARE of the points both readings call empty, and those show
 * the lines clearly (HIDDEN_CLEAR, as their median). A one-coloured set-up keeps its reading: its
 * wood shows the lines. */

/* 1 when the points `again` reads as stones and r as empty hide their lines (dips, per point),
 * as stones do, where the points both read empty show them. */
static int new_stones_hide_lines(const go_vision_result *r, const go_vision_result *again,
                                 const double *dips)
{
    const int n = r->size;
    double hidden[GO_MAX_SIZE * GO_MAX_SIZE], wood[GO_MAX_SIZE * GO_MAX_SIZE];
    int nh = 0, nw = 0;
    for (int k = 0; k < n * n; k++) {
        if (r->color[k / n][k % n] != GO_EMPTY)
            continue;
        if (again->color[k / n][k % n] != GO_EMPTY)
            hidden[nh++] = dips[k];
        else
            wood[nw++] = dips[k];
    }
    if (nh < CLUSTERS_MIN_STONES || nw < CLUSTERS_MIN_STONES)
        return 0;
    const double typical = vz_median(wood, nw), new_stones = vz_median(hidden, nh);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "the clusters' new stones: %d, lines %.1f where the wood's show %.1f\n", nh,
                new_stones, typical);
    return typical >= HIDDEN_CLEAR && new_stones < HIDDEN_SHARE * typical;
}

static int read_by_clusters(go_vision_result *r, const vz_grid *g, const go_cv_image *work)
{
    int b, w, hi, lo = fewer_colour(r, &b, &w, &hi);
    if (b + w < CLUSTERS_MIN_STONES || lo >= PLAUSIBLE_MIN_SHARE * hi)
        return 0;
    go_vision_result *again = malloc(sizeof *again);
    double *dips = malloc(sizeof(double) * (size_t)r->size * r->size);
    if (!again || !dips) {
        free(again);
        free(dips);
        return go_error_set(GO_ENOMEM, "second reading");
    }
    *again = *r;
    int rc = vz_classify(again, work, g, 1, dips), taken = 0;
    if (rc == 0) {
        lo = fewer_colour(again, &b, &w, &hi);
        const int both = lo >= PLAUSIBLE_MIN_SHARE * hi ||
                         (b + w < PLAUSIBLE_MIN_STONES && lo >= PLAUSIBLE_FEW_SHARE * hi &&
                          new_stones_hide_lines(r, again, dips));
        if (both && (rc = stones_sit(again, g, work, 0, NULL, NULL)) == 1) {
            *r = *again;
            taken = 1;
        }
    }
    free(again);
    free(dips);
    /* no three clusters, or not a game's: the first reading stands */
    return rc < 0 && rc != GO_ENOBOARD ? rc : taken;
}

static void rule_check(go_vision_result *r)
{
    int n = r->size;
    go_board_init(&r->board, n);
    r->uncertain_count = 0;
    r->dead_without_liberty = 0;
    /* Place every stone that keeps all groups alive; a stone whose group would have no
     * liberty is a rule conflict (impossible on a finished board) and needs a look. */
    go_board raw;
    go_board_init(&raw, n);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (r->color[y][x] != GO_EMPTY)
                raw.color[go_point_at(x, y)] = r->color[y][x];
    unsigned char conflict[GO_MAX_SIZE][GO_MAX_SIZE];
    memset(conflict, 0, sizeof conflict);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (r->color[y][x] == GO_EMPTY)
                continue;
            /* flood the group in the raw reading, looking for one liberty */
            int stack[GO_MAX_SIZE * GO_MAX_SIZE], top = 0, libs = 0;
            unsigned char seen[GO_MAX_SIZE][GO_MAX_SIZE];
            memset(seen, 0, sizeof seen);
            stack[top++] = y * GO_MAX_SIZE + x;
            seen[y][x] = 1;
            while (top > 0 && !libs) {
                int p = stack[--top], py = p / GO_MAX_SIZE, px = p % GO_MAX_SIZE;
                for (int k = 0; k < 4; k++) {
                    int qx = px + vz_step4[k][0], qy = py + vz_step4[k][1];
                    if (qx < 0 || qy < 0 || qx >= n || qy >= n || seen[qy][qx])
                        continue;
                    if (r->color[qy][qx] == GO_EMPTY) {
                        libs = 1;
                        break;
                    }
                    if (r->color[qy][qx] == r->color[y][x]) {
                        seen[qy][qx] = 1;
                        stack[top++] = qy * GO_MAX_SIZE + qx;
                    }
                }
            }
            if (!libs)
                conflict[y][x] = 1;
        }
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (conflict[y][x]) {
                r->dead_without_liberty++;
            } else if (r->color[y][x] != GO_EMPTY) {
                if (go_board_place(&r->board, (go_color)r->color[y][x], go_point_at(x, y)) < 0)
                    conflict[y][x] = 1;
            }
            if (conflict[y][x] || r->confidence[y][x] < 0.6f)
                r->uncertain[r->uncertain_count++] = go_point_at(x, y);
        }
    go_error_clear();
}

/* Marks each point of r whose stone the photo's frame cuts, or leaves out (BEYOND_PHOTO_MARGIN):
 * its reading is a guess from border pixels whatever either reader says. The cell is measured at
 * the point, as the larger step to a neighbouring point. */
static void mark_beyond_photo(go_vision_result *r, const vz_grid *g, const go_cv_image *work)
{
    const int n = r->size;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double px, py, qx, qy, cell = 0;
            if (vz_apply(g->h, x, y, &px, &py) < 0) {
                r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
                continue;
            }
            for (int k = 0; k < 4; k++)
                if (vz_apply(g->h, x + vz_step4[k][0], y + vz_step4[k][1], &qx, &qy) == 0)
                    cell = fmax(cell, hypot(qx - px, qy - py));
            const double m = BEYOND_PHOTO_MARGIN * cell;
            if (px < m || py < m || px > work->width - 1 - m || py > work->height - 1 - m)
                r->confidence[y][x] = fminf(r->confidence[y][x], VZ_POINTS_DOUBT);
        }
}

/* How many of the lattice's four edge lines have more than EDGE_DOUBT_SHARE of their points
 * listed for a look in r. */
static int doubtful_edges(const go_vision_result *r)
{
    const int n = r->size;
    int count[4] = {0, 0, 0, 0}, edges = 0;
    for (int k = 0; k < r->uncertain_count; k++) {
        const int x = go_point_x(r->uncertain[k]), y = go_point_y(r->uncertain[k]);
        count[0] += y == 0;
        count[1] += y == n - 1;
        count[2] += x == 0;
        count[3] += x == n - 1;
    }
    for (int e = 0; e < 4; e++)
        edges += count[e] > EDGE_DOUBT_SHARE * n;
    return edges;
}

/* The checks that a reading is of a board: colour balance, stones on the points, its empty
 * points on the lines (vz_empties_on_lines) and its stones no cloth's squares (stones_not_cloth;
 * neither asked of a grid a person placed, which the lattice's checks do not judge), groups with
 * liberties (a conflict needs a look), and few unsure points. *mendable is set when the reading
 * failed on what a reading by the clusters may mend: too many unsure points, or empty points that
 * hide the lines as white stones do (the fixed rule reads pale stones as wood: on crowded boards
 * under coloured lamps the points read empty can dip well below zero across the lines, where the
 * lines show 4.6 to 9.3; read by the clusters, they show the lines). Empty points on flat wood off
 * the lines are the lattice's fault, which no reading mends. */
static int check_reading(go_vision_result *r, int *mendable, const vz_grid *g,
                         const go_cv_image *work)
{
    int rc;
    *mendable = 0;
    if ((rc = plausible_stones(r)) < 0 || (rc = stones_on_points(r, g, work)) < 0)
        return rc;
    if (!g->placed && ((rc = vz_empties_on_lines(mendable, g, work, r)) < 0 ||
                       (rc = stones_not_cloth(r, g, work)) < 0))
        return rc;
    rule_check(r);
    /* A reading that needs a person's look at more than one point in UNSURE_SHARE is a guess. */
    if (r->uncertain_count > UNSURE_SHARE * g->size * g->size) {
        *mendable = 1;
        return go_error_set(GO_ENOBOARD,
                            "no board: the reading is too unsure (%d of %d points need a look): "
                            "a closer, steadier photo from higher above the board",
                            r->uncertain_count, g->size * g->size);
    }
    return 0;
}

/* The end of a reading by the classifier alone (read_by_classifier, read_faint_lattice): again,
 * read on lattice g with rc so far and sure of `sure` of its points, is checked (check_reading)
 * when sure of `need`, and taken into r in the scan's second pass, or noted in the first
 * (classifier_would). again is freed. Returns 1 when taken, 0 when the refusal stands (its
 * message `first` restored), or a negative go_err; `what` names the reading for the debug
 * line. */
static int classifier_verdict(go_vision_result *r, go_vision_result *again, const vz_grid *g,
                              const go_cv_image *work, int rc, double sure, double need,
                              const char *first, const char *what)
{
    int taken = 0, mendable;
    if (rc == 0 && sure >= need) {
        rc = check_reading(again, &mendable, g, work);
        if (rc == 0 && classifier_takes) {
            *r = *again;
            r->reader = GO_VISION_READ_CLASSIFIER;
            taken = 1;
        } else if (rc == 0) {
            classifier_would = 1;
        }
    }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "%s: sure of %.3f of the points (%s)\n", what, sure,
                taken                     ? "taken"
                : rc == 0 && sure >= need ? "passes: taken if nothing else reads"
                : rc == 0                 ? "not sure enough"
                                          : go_error_last());
    free(again);
    if (rc < 0 && rc != GO_ENOBOARD)
        return rc;
    if (!taken)
        go_error_set(GO_ENOBOARD, "%s", first);
    return taken;
}

/* The classifier's reading, for stones the colour rule and the clusters read as one colour only
 * (white stones near the wood's colour under a lamp of its hue, pale stones on pale wood, a dim
 * board read as black stones). r (refused by plausible_stones) is read again by the classifier
 * alone (vz_points_read); that reading is taken when the classifier is sure of at least
 * BY_CLASSIFIER_SURE of the points and it passes the checks a reading passes (check_reading: both
 * colours as a game has them, stones on the points, few unsure). Its points read under
 * BY_CLASSIFIER_MARK are marked. Returns 1 when taken, 0 when r's refusal stands (its message
 * kept), or a negative go_err. */
static int read_by_classifier(go_vision_result *r, const vz_grid *g, const go_cv_image *work)
{
    /* the first pass asks only whether one would pass: once noted, the rest is known */
    if (classifier_would && !classifier_takes)
        return 0;
    char first[256];
    snprintf(first, sizeof first, "%s", go_error_last());
    go_vision_result *again = malloc(sizeof *again);
    if (!again)
        return go_error_set(GO_ENOMEM, "second reading");
    *again = *r;
    double sure;
    const int rc = vz_points_read(again, g, work, &sure);
    return classifier_verdict(r, again, g, work, rc, sure, BY_CLASSIFIER_SURE, first,
                              "read by the classifier");
}

/* A lattice refused only because its lines are too faint to check (VZ_REFUSED_FAINT), read by
 * the classifier alone, as a last resort like read_by_classifier: under a dim or saturated lamp,
 * on a dark or pale-printed board, the lines' contrast is gone where the stones' and the wood's
 * still show. Nothing of the lines vouches for the lattice, so the lattice model does
 * (vz_lattice_judge: its points must look like a board's, none a line off; and no window of its
 * size likelier: under a blue lamp, crowds of green stones were read surely, half their points
 * wrong, on lattices the judge passed), the stones lie inside it and it within the photo; the
 * classifier must be sure (POINTS_SURE) of at least FAINT_SURE of the points, and the reading pass
 * check_reading. Its points read under BY_CLASSIFIER_MARK are marked. Taken (1, with *g the lattice
 * as judged and oriented) only in the scan's second pass; the first notes that it would pass
 * (classifier_would). 0 when the refusal stands (its message kept), or a negative go_err. */
static int read_faint_lattice(go_vision_result *r, vz_grid *g, const go_cv_image *work)
{
    if (classifier_would && !classifier_takes)
        return 0;
    char first[256];
    snprintf(first, sizeof first, "%s", go_error_last());
    const double t = vz_now_ms();
    vz_grid m = *g;
    go_vision_result *again = malloc(sizeof *again);
    if (!again)
        return go_error_set(GO_ENOMEM, "second reading");
    *again = *r;
    double sure = 0;
    int rc = stones_inside(&m, work);
    if (rc == 0)
        rc = lattice_in_photo(&m, work);
    vz_evidence e;
    if (rc == 0 && (rc = vz_lattice_judge(&m, work, &e)) == 0 && (e.shift[0] || e.shift[1]))
        rc = go_error_set(GO_ENOBOARD,
                          "no board: the lattice model finds the points likelier "
                          "a line over (%+d, %+d)",
                          e.shift[0], e.shift[1]);
    if (rc == 0) {
        orient_grid(&m);
        again->size = m.size;
        /* the classifier's sureness first: most faint lattices of a refused photo stop there, and
         * the reading by the rule that the classifier's overwrites is not made for them */
        rc = vz_points_read(again, &m, work, &sure);
    }
    if (rc == 0 && sure >= FAINT_SURE && (rc = vz_classify(again, work, &m, 0, NULL)) == 0)
        rc = vz_points_read(again, &m, work, &sure);
    rc = classifier_verdict(r, again, &m, work, rc, sure, FAINT_SURE, first,
                            "faint lattice read by the classifier");
    if (rc == 1) {
        r->ms_classify = vz_now_ms() - t;
        *g = m;
    }
    return rc;
}

/* Reads the board through grid g (oriented): classification, then check_reading. A reading
 * by the fixed rule that fails on what the clusters may mend (check_reading), or passes with more
 * than RETRY_SHARE of its points in groups without liberty (impossible on a finished board), and
 * at least RETRY_MIN such stones (params.h), is read again by the clusters the points form; that
 * reading is taken when it passes the same checks with fewer points unsure. Stones of unusual
 * colours in both colours (pale and dark green) can come out balanced but unsure: many points
 * unsure, or many stones without liberty. Unsure points alone do not call for it when the
 * reading passes: the lines' veto marks glare on the wood unsure, and the clusters know no glare.
 * r->ms_classify gets its time. */
static int read_board(go_vision_result *r, const vz_grid *g, const go_cv_image *work)
{
    double t = vz_now_ms();
    int rc, mendable, by_clusters;
    work_add(WORK_READING);
    r->size = g->size;
    if ((rc = vz_classify(r, work, g, 0, NULL)) < 0 || (rc = read_by_clusters(r, g, work)) < 0)
        goto done;
    by_clusters = rc; /* the clusters' reading already: no second one */
    r->reader = by_clusters ? GO_VISION_READ_CLUSTERS : GO_VISION_READ_RULE;
    rc = check_reading(r, &mendable, g, work);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "reading%s: %d unsure, %d without liberty (%s)\n",
                by_clusters ? " by the clusters" : "", r->uncertain_count, r->dead_without_liberty,
                rc == 0 ? "passes" : go_error_last());
    if (!by_clusters && ((rc == GO_ENOBOARD && mendable) ||
                         (rc == 0 && r->dead_without_liberty > RETRY_SHARE * g->size * g->size &&
                          r->dead_without_liberty >= RETRY_MIN))) {
        char first[256];
        snprintf(first, sizeof first, "%s", go_error_last());
        go_vision_result *again = malloc(sizeof *again);
        if (!again) {
            rc = go_error_set(GO_ENOMEM, "second reading");
            goto done;
        }
        *again = *r;
        again->reader = GO_VISION_READ_CLUSTERS;
        int rc2 = vz_classify(again, work, g, 1, NULL);
        if (rc2 == 0)
            rc2 = check_reading(again, &mendable, g, work);
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr,
                    "read again by clusters: %d unsure, %d without liberty (%s); the rule's: %d "
                    "unsure, %d without liberty\n",
                    again->uncertain_count, again->dead_without_liberty,
                    rc2 == 0 ? "passes" : go_error_last(), r->uncertain_count,
                    r->dead_without_liberty);
        if (rc2 == 0 && (rc != 0 || again->uncertain_count < r->uncertain_count)) {
            *r = *again;
            rc = 0;
        } else if (rc2 < 0 && rc2 != GO_ENOBOARD) {
            rc = rc2;
        } else if (rc != 0) {
            go_error_set(GO_ENOBOARD, "%s", first);
        } else {
            go_error_clear(); /* the first reading stands */
        }
        free(again);
    }
    /* one colour read where the rule and the clusters see a game of one colour */
    if (rc == GO_ENOBOARD && plausible_stones(r) < 0) {
        rc = read_by_classifier(r, g, work);
        rc = rc == 1 ? 0 : rc == 0 ? GO_ENOBOARD : rc;
    }
done:
    r->ms_classify = vz_now_ms() - t;
    return rc;
}

/* A lattice whose edge line read as one colour end to end (edge_of_one_colour) runs a line off
 * the board there, onto its front face or the table, when the board's own outermost line on the
 * other side is empty: the stones cannot say which whole cells the lattice spans, and under a
 * coloured lamp the lines are too faint to. It is moved one line inward, away from that edge,
 * and judged and read again as the look's lattice was; moved so, it may show an edge of the other
 * family off the board too, and is moved in from that one as well. The edge's reason stands when
 * that fails. So, under a pink lamp and enlarged, a lattice fitted to the stones under a dim lamp
 * can run a row, or a row and a column, off the board's edges. */
static int read_moved_in(go_vision_result *r, vz_grid *g, const go_cv_image *work, int side)
{
    static const double di[4] = {0, -1, 0, 1}, dj[4] = {1, 0, -1, 0};
    char reason[256];
    snprintf(reason, sizeof reason, "%s", go_error_last());
    vz_grid m = *g;
    int rc = GO_ENOBOARD;
    for (int moves = 0; moves < 2; moves++) {
        const int family = side % 2;
        vz_lattice_move(m.h, m.h, di[side], dj[side]);
        side = -1;
        if ((rc = vz_check_lattice(&m, work)) == 0 && (rc = stones_inside(&m, work)) == 0) {
            orient_grid(&m);
            if ((rc = read_board(r, &m, work)) == 0)
                rc = edge_of_one_colour(r, &side);
        }
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "moved a line in: %s\n", rc == 0 ? "read" : go_error_last());
        if (side < 0 || side % 2 == family)
            break;
    }
    if (rc == 0) {
        *g = m;
        return 0;
    }
    return rc == GO_ENOBOARD ? go_error_set(GO_ENOBOARD, "%s", reason) : rc;
}

/* Lattice fitted, a look's at twice the spacing refused as too faint, fitted to the stones into
 * g and checked, like the first looks' lattices (but not judged as under a dim lamp: there a
 * crowded 13x13's such fit, its halfway lines twice as dark as its lines, passed and read 13
 * points wrong). Under a saturated lamp the lamp's gray shows the crevices of a crowd as lines:
 * the look at the spacing the lines show fits the crevices' lattice at half the board's, while
 * the look at twice it finds the board's size with its far lines a cell off, which the stones
 * mend (rendered crowded boards under blue and violet lamps). */
static int fit_faint_to_stones(vz_grid *g, const vz_grid *fitted, const go_cv_image *work)
{
    *g = *fitted;
    work_add(WORK_STONE_FIT);
    int rc = vz_stones_fit(g, work);
    return rc < 0 ? rc : vz_check_lattice(g, work);
}

/* The first looks_n looks in turn on the work image, the first STONE_LOOKS of them followed by
 * their lattices fitted to the stones, until one gives a grid that passes its check and a
 * reading of the board (0), or GO_ENOBOARD with the first look's reason, or another error.
 * With dim, the fits to the stones are then judged again as under a dim or coloured lamp
 * (vz_grid.dim), before the other looks: under blue, violet and pink lamps the luminance keeps
 * a tenth to a third of the light, and the lines' and the stones' contrasts that the checks ask
 * in gray levels are not there, while their ratios are: crowded boards under such lamps read
 * only so. Adds the time spent to r->ms_detect and the time of readings to *spent. past_size
 * (unless NULL) gets, for each look, the size its lattice was refused at because the board's
 * lines go on past its ends, or minus that size where it was refused as too faint to check (0
 * for neither); with resized RESIZED_LARGER only the first looks are tried again, at the larger
 * sizes (larger_look), with RESIZED_SMALLER the second among the first STONE_LOOKS looks, at the
 * smaller sizes (smaller_look). lines
 * (NULL for none) is what earlier looks read in this same work image, kept by the caller for
 * later looks in it. The looks before `from` are left out (read_by_looks: none). */
enum { RESIZED_NONE, RESIZED_LARGER, RESIZED_SMALLER };
static int read_by_looks_from(go_vision_result *r, vz_grid *g, const go_cv_image *work,
                              int size_hint, double *spent, int from, int looks_n, int dim,
                              int past_size[LOOKS_ALL], int resized, vz_grid *seen,
                              vz_line_cache *lines)
{
    char first[256] = "";
    int rc = GO_ENOBOARD;
    vz_grid fitted[LOOKS_ALL], stone_fits[STONE_LOOKS];
    vz_line_cache *cache = lines ? lines : vz_line_cache_new();
    if (!cache)
        return go_error_set(GO_ENOMEM, "grid lines");
    memset(fitted, 0, sizeof fitted);
    memset(stone_fits, 0, sizeof stone_fits);
    /* the first STONE_LOOKS looks, their fits to the stones (twice with dim), the other looks */
    const int early = looks_n < STONE_LOOKS ? looks_n : STONE_LOOKS;
    const int fits = (dim ? 2 : 1) * STONE_LOOKS;
    /* resized: each look past_size holds as refused for a larger board (the size refused) or as
     * too faint (minus the size), at the larger or the smaller sizes */
    const int larger = resized != RESIZED_NONE, steps = larger ? looks_n : looks_n + fits;
    for (int step = 0; step < steps; step++) {
        const int stones = !larger && step >= early && step < early + fits;
        const int again = stones && step - early >= STONE_LOOKS;
        const int look = larger || step < early ? step
                         : stones               ? (step - early) % STONE_LOOKS
                                                : step - fits;
        if (look < from)
            continue;
        if (work_over())
            break;
        double ta = vz_now_ms();
        vz_grid faint; /* a lattice refused only as too faint (faint_read -1), read (1) */
        int faint_read = 0;
        if (larger) {
            /* at the smaller sizes, the first looks only: a refusal costs each look's fits */
            if (!past_size || size_hint > 0 ||
                (resized == RESIZED_LARGER ? past_size[look] <= 0
                                           : past_size[look] >= 0 || look >= STONE_LOOKS))
                continue;
            rc = resized == RESIZED_LARGER ? larger_look(g, past_size[look], work, look, cache)
                                           : smaller_look(g, -past_size[look], work, look, cache);
        } else if (!stones) {
            int past;
            rc = detect_look(g, &fitted[look], &past, work, size_hint, look, cache);
            if (past_size)
                past_size[look] = past & VZ_REFUSED_PAST    ? fitted[look].size
                                  : past & VZ_REFUSED_FAINT ? -fitted[look].size
                                                            : 0;
            /* a look at twice the spacing, or in the line gray, refused as too faint: its
             * lattice fitted to the stones (fit_faint_to_stones) */
            if (rc == GO_ENOBOARD && (past & VZ_REFUSED_FAINT) && fitted[look].size > 0 &&
                (looks[look] & ~(VZ_LOOK_LIGHT_WEIGHTED | VZ_LOOK_LINE_GRAY | VZ_LOOK_DOUBLED)) ==
                    0 &&
                (looks[look] & (VZ_LOOK_DOUBLED | VZ_LOOK_LINE_GRAY))) {
                rc = fit_faint_to_stones(g, &fitted[look], work);
                /* the line gray's at the spacing its lines show, refused again, judged as under
                 * a dim or coloured lamp (not at twice it: fit_faint_to_stones) */
                if (rc == GO_ENOBOARD && looks[look] == VZ_LOOK_LINE_GRAY) {
                    g->dim = 1;
                    rc = vz_check_lattice(g, work);
                }
            }
            if (rc == GO_ENOBOARD && (past & VZ_REFUSED_FAINT) && fitted[look].size > 0) {
                faint = fitted[look];
                faint_read = -1;
            }
        } else if (!again) {
            /* the lattices of the first looks again, fitted to the stones */
            if (look >= looks_n || fitted[look].size == 0)
                continue;
            *g = fitted[look];
            work_add(WORK_STONE_FIT);
            if ((rc = vz_stones_fit(g, work)) == 0) {
                stone_fits[look] = *g;
                int past = 0;
                rc = vz_check_lattice_past(g, work, &past);
                if (rc == GO_ENOBOARD && (past & VZ_REFUSED_FAINT)) {
                    faint = stone_fits[look];
                    faint_read = -1;
                }
            }
        } else {
            /* ... and judged as under a dim or coloured lamp */
            if (stone_fits[look].size == 0)
                continue;
            *g = stone_fits[look];
            g->dim = 1;
            rc = vz_check_lattice(g, work);
        }
        if (rc == 0 && lattice_judged())
            rc = vz_lattice_judge(g, work, NULL);
        if (rc == 0)
            rc = stones_inside(g, work);
        if (rc == 0)
            rc = lattice_in_photo(g, work);
        double tb = vz_now_ms();
        r->ms_detect += tb - ta;
        /* a lattice refused only as too faint: read by the classifier, as a last resort (its
         * judging and reading counted as the reading's time, r->ms_classify) */
        if (rc == GO_ENOBOARD && faint_read < 0) {
            faint_read = read_faint_lattice(r, &faint, work);
            if (faint_read < 0)
                rc = faint_read;
            else if (faint_read == 1) {
                *g = faint;
                rc = 0;
            }
            *spent += vz_now_ms() - tb;
        }
        if (rc == 0 && !faint_read) {
            int side = -1;
            orient_grid(g);
            if ((rc = read_board(r, g, work)) == 0)
                rc = edge_of_one_colour(r, &side);
            if (side >= 0)
                rc = read_moved_in(r, g, work, side);
            *spent += vz_now_ms() - tb;
        }
        if (vz_observe_lattice && (stones || larger || fitted[look].size > 0)) {
            char stage[96];
            snprintf(stage, sizeof stage, "look %d%s%s%s", look, stones ? " stones" : "",
                     again ? " dim" : "",
                     !larger                     ? ""
                     : resized == RESIZED_LARGER ? " larger"
                                                 : " smaller");
            observe(stage, g, rc == 0 ? NULL : go_error_last());
        }
        if (rc != GO_ENOBOARD)
            break;
        if (seen && seen->size == 0 && !larger && (stones || fitted[look].size > 0)) {
            *seen = stones ? *g : fitted[look]; /* the first lattice refused */
            orient_grid(seen);
        }
        if (getenv("GOREF_VISION_DEBUG")) {
            fprintf(stderr, "look %d%s%s%s (%dx%d): %s\n", look,
                    stones ? " fitted to the stones" : "", again ? " as under a dim lamp" : "",
                    !larger                     ? ""
                    : resized == RESIZED_LARGER ? " at a larger size"
                                                : " at a smaller size",
                    work->width, work->height, go_error_last());
            if (stones || larger || fitted[look].size > 0) { /* the lattice this look judged, for
                                                      --corners (none when it found none) */
                fprintf(stderr, "  its corners in the work image (size %d):", g->size);
                for (int c = 0; c < 4; c++) {
                    double x, y;
                    vz_apply(g->h, c == 1 || c == 2 ? g->size - 1 : 0, c >= 2 ? g->size - 1 : 0, &x,
                             &y);
                    fprintf(stderr, "%s%.1f,%.1f", c ? "," : " ", x, y);
                }
                fprintf(stderr, "\n");
            }
        }
        if (!first[0])
            snprintf(first, sizeof first, "%s", go_error_last());
    }
    if (cache != lines)
        vz_line_cache_free(cache);
    return rc == GO_ENOBOARD ? go_error_set(GO_ENOBOARD, "%s", first) : rc;
}

/* read_by_looks_from with every look up to looks_n. */
static int read_by_looks(go_vision_result *r, vz_grid *g, const go_cv_image *work, int size_hint,
                         double *spent, int looks_n, int dim, int past_size[LOOKS_ALL], int resized,
                         vz_grid *seen, vz_line_cache *lines)
{
    return read_by_looks_from(r, g, work, size_hint, spent, 0, looks_n, dim, past_size, resized,
                              seen, lines);
}

/* The image in, whose pixels m takes to the current image's, read by the first looks_n looks
 * (read_by_looks) as a photo of its own; the grid found there, moved into the current image's
 * pixels, in *g. The observer sees the lattices tried there in the photo's pixels, their stage
 * named after `where`. */
static int read_within(go_vision_result *r, vz_grid *g, const go_cv_image *in, const double m[9],
                       const char *where, int size_hint, double *spent, int looks_n)
{
    double saved[9];
    const char *was = observe_where;
    memcpy(saved, observe_to_photo, sizeof saved);
    vz_mat3_mul(observe_to_photo, saved, m);
    observe_where = where;
    vz_grid t;
    const int rc =
        read_by_looks(r, &t, in, size_hint, spent, looks_n, 1, NULL, RESIZED_NONE, NULL, NULL);
    memcpy(observe_to_photo, saved, sizeof saved);
    observe_where = was;
    if (rc == 0) {
        *g = t;
        vz_mat3_mul(g->h, m, t.h);
    }
    return rc;
}

/* The steep looks (VZ_LOOK_STEEP) on the work image whose lines the other looks read (lines):
 * a board seen through a wider angle than a phone's main lens from 35 degrees, its far family's
 * vanishing point or its horizon nearer the photo's centre than the other looks take. Tried
 * once the other looks refused the photo at the work size; a look that finds no such view in
 * the lines costs nothing of the scan's work. */
static int read_steep(go_vision_result *r, vz_grid *g, const go_cv_image *work, int size_hint,
                      double *spent, vz_line_cache *lines)
{
    return read_by_looks_from(r, g, work, size_hint, spent, LOOKS, LOOKS + STEEP_LOOKS, 1, NULL,
                              RESIZED_NONE, NULL, lines);
}

/* The looks in the line gray (VZ_LOOK_LINE_GRAY, vz_gray_lines) on the work image whose lines
 * the other looks read (lines): under a saturated lamp the white stones' rims and the crevices
 * of a crowd outvote the pale printed lines in the other grays, and the looks there propose no
 * lattice on the board's lines (or one at another size); with the stones' tops cut to the wood's
 * tone the lines stand out. Tried once the other looks refused the photo at the work size, and only
 * under a saturated lamp (vz_light_saturated): under ordinary light the other grays show the
 * lines as well, and the looks would only take the step budget of the attempts after them (two
 * altered photos that those attempts read perfectly are refused so). */
static int read_line_gray(go_vision_result *r, vz_grid *g, const go_cv_image *work, int size_hint,
                          double *spent, vz_line_cache *lines)
{
    return read_by_looks_from(r, g, work, size_hint, spent, LOOKS + STEEP_LOOKS, LOOKS_ALL, 1, NULL,
                              RESIZED_NONE, NULL, lines);
}

/* The work image turned half a turn and read by every look (read_by_looks); the grid found
 * there and its reading are turned back onto work. The grid finder and the fits break near
 * ties one way (the order lines are chained in, the first of equal candidates, the stones fit's
 * phase kept within half a cell): on a board they barely read, the other way can be right.
 * Turned a half or three quarters, crowded boards under coloured lamps were refused where
 * upright they read (a lattice fitted to the stones a row off, the right one beside it judged
 * too faint, a third of it 0.15 of a cell off); read so, they read about as well as upright.
 * The reading made turned is kept, turned back with its lattice: read again on the photo as
 * given, it can read fewer points than the turned reading. Costs time only on a photo every
 * look refused at every scale. */
static int read_turned(go_vision_result *r, vz_grid *g, const go_cv_image *work, int size_hint,
                       double *spent)
{
    go_cv_image turned = {0};
    vz_grid t;
    if (work_over())
        return work_refused();
    int rc = go_cv_turn(&turned, work, 2);
    /* turned pixel (x, y) is work's (w - 1 - x, h - 1 - y) */
    const double to_work[9] = {-1, 0, work->width - 1, 0, -1, work->height - 1, 0, 0, 1};
    if (rc == 0)
        rc = read_within(r, &t, &turned, to_work, "turned ", size_hint, spent, LOOKS_AGAIN);
    go_cv_image_free(&turned);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "turned half a turn: %s\n", rc == 0 ? "read" : go_error_last());
    if (rc != 0)
        return rc;
    /* the lattice turned too, so that its first point stays the top-left one, and the reading
     * with it */
    const int n = t.size, m = n - 1;
    const double flip[9] = {-1, 0, m, 0, -1, m, 0, 0, 1};
    *g = t;
    vz_mat3_mul(g->h, t.h, flip);
    for (int k = 0; k < n * n / 2; k++) {
        const int x = k % n, y = k / n, tx = m - x, ty = m - y;
        const uint8_t c = r->color[y][x], o = r->off_point[y][x];
        const float f = r->confidence[y][x];
        r->color[y][x] = r->color[ty][tx];
        r->color[ty][tx] = c;
        r->off_point[y][x] = r->off_point[ty][tx];
        r->off_point[ty][tx] = o;
        r->confidence[y][x] = r->confidence[ty][tx];
        r->confidence[ty][tx] = f;
    }
    rule_check(r);
    return 0;
}

/* A board small in the photo (a step back from the table, a 9x9 on a big table) reads in its
 * part of the photo as a photo of its own: the lines' least length, the kernels and the checks
 * are all measured against the photo's size, and clutter around the board no longer counts.
 * Tried when every look refused the photo at the work size, before the smaller scales (which
 * make a small board smaller still). A lattice in steep perspective over part of a small board
 * can pass in its part with its stones on the points by 11.3, where 11 is asked; the photos set
 * in a larger canvas pass in their part at 8.5 to 29, so the bar cannot rise. The part of the
 * photo the board lies in: the photo in blocks of ZOOM_BLOCK pixels, each
 * block's gray spread; the blocks spread ZOOM_SHARE as much as the ZOOM_TOP quantile of them or
 * more, and ZOOM_SPREAD_MIN gray levels at least (the edges of stones, the lines; a plain photo
 * holds no such piece), joined to each other, the largest such piece, grown by ZOOM_GROW of its
 * size. 0 with the box (x, y, width, height) in *box; 1 when there is no such piece or it spans
 * ZOOM_MOST of the photo's area or more. */
#define ZOOM_BLOCK 16
#define ZOOM_TOP 0.95
#define ZOOM_SHARE 0.4
#define ZOOM_SPREAD_MIN 12.0
#define ZOOM_GROW 0.15
#define ZOOM_MOST 0.45
static int board_region(int box[4], const go_cv_image *work)
{
    go_cv_image gray = {0};
    int rc = go_cv_gray(&gray, work);
    if (rc < 0)
        return rc;
    const int bw = gray.width / ZOOM_BLOCK, bh = gray.height / ZOOM_BLOCK, nb = bw * bh;
    vz_box_sums sums = {0};
    double *sd = malloc(sizeof(double) * (size_t)(nb > 0 ? nb : 1) * 2);
    int *label = malloc(sizeof(int) * (size_t)(nb > 0 ? nb : 1) * 2);
    if (!sd || !label) {
        rc = go_error_set(GO_ENOMEM, "board region");
        goto done;
    }
    if (nb < 16) {
        rc = 1;
        goto done;
    }
    if ((rc = vz_box_sums_build(&sums, gray.pixels, gray.width, gray.height, 1, 0)) < 0)
        goto done;
    rc = 1; /* until a piece is found */
    double *sorted = sd + nb;
    for (int k = 0; k < nb; k++) {
        const int x = k % bw * ZOOM_BLOCK, y = k / bw * ZOOM_BLOCK;
        sd[k] = vz_box_spread(&sums, x, y, x + ZOOM_BLOCK, y + ZOOM_BLOCK);
    }
    memcpy(sorted, sd, sizeof(double) * (size_t)nb);
    qsort(sorted, (size_t)nb, sizeof *sorted, vz_cmp_double);
    const double top = sorted[(int)(ZOOM_TOP * (nb - 1))];
    const double t = fmax(ZOOM_SHARE * top, ZOOM_SPREAD_MIN);
    /* the pieces: blocks over t joined through their 8 neighbours (a flood from each; label[k]
     * marks block k taken) */
    int *stack = label + nb, best_count = 0;
    for (int k = 0; k < nb; k++)
        label[k] = 0;
    int bb[4] = {0, 0, 0, 0};
    for (int k = 0; k < nb; k++) {
        if (label[k] || sd[k] < t)
            continue;
        int top_n = 0, count = 0, x0 = bw, y0 = bh, x1 = -1, y1 = -1;
        label[k] = 1;
        stack[top_n++] = k;
        while (top_n > 0) {
            const int c = stack[--top_n], cx = c % bw, cy = c / bw;
            count++;
            x0 = cx < x0 ? cx : x0;
            x1 = cx > x1 ? cx : x1;
            y0 = cy < y0 ? cy : y0;
            y1 = cy > y1 ? cy : y1;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    const int nx = cx + dx, ny = cy + dy;
                    if (nx < 0 || ny < 0 || nx >= bw || ny >= bh)
                        continue;
                    const int q = ny * bw + nx;
                    if (!label[q] && sd[q] >= t) {
                        label[q] = 1;
                        stack[top_n++] = q;
                    }
                }
        }
        if (count > best_count) {
            best_count = count;
            bb[0] = x0;
            bb[1] = y0;
            bb[2] = x1;
            bb[3] = y1;
        }
    }
    if (best_count == 0)
        goto done;
    const double w = (bb[2] - bb[0] + 1) * ZOOM_BLOCK, h = (bb[3] - bb[1] + 1) * ZOOM_BLOCK;
    const double gx = ZOOM_GROW * w, gy = ZOOM_GROW * h;
    int x0 = (int)fmax(bb[0] * ZOOM_BLOCK - gx, 0), y0 = (int)fmax(bb[1] * ZOOM_BLOCK - gy, 0);
    int x1 = (int)fmin((bb[2] + 1) * ZOOM_BLOCK + gx, gray.width),
        y1 = (int)fmin((bb[3] + 1) * ZOOM_BLOCK + gy, gray.height);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "board region: %d blocks over %.1f, box %d %d %d %d of %dx%d\n", best_count,
                t, x0, y0, x1 - x0, y1 - y0, gray.width, gray.height);
    if ((double)(x1 - x0) * (y1 - y0) >= ZOOM_MOST * gray.width * gray.height)
        goto done;
    box[0] = x0;
    box[1] = y0;
    box[2] = x1 - x0;
    box[3] = y1 - y0;
    rc = 0;
done:
    free(sd);
    free(label);
    vz_box_sums_free(&sums);
    go_cv_image_free(&gray);
    return rc;
}

/* The part of work the board lies in (board_region), taken from the photo as decoded (src, as
 * large as work or larger: a board small in a large photo keeps its detail) at most WORK_SIDE
 * long, and read by every look as a photo of its own; the grid found there is moved back onto
 * work. */
static int read_zoomed(go_vision_result *r, vz_grid *g, const go_cv_image *work,
                       const go_cv_image *src, int size_hint, double *spent)
{
    int box[4] = {0, 0, 0, 0};
    if (work_over())
        return work_refused();
    int rc = board_region(box, work);
    if (rc != 0)
        return rc < 0 ? rc : GO_ENOBOARD;
    /* the box in src's pixels */
    const double k = (double)src->width / work->width;
    const int x0 = (int)floor(box[0] * k), y0 = (int)floor(box[1] * k);
    const int cw = (int)fmin(ceil(box[2] * k), src->width - x0),
              ch = (int)fmin(ceil(box[3] * k), src->height - y0);
    go_cv_image crop = {0}, zoom = {0};
    if ((rc = go_cv_image_alloc(&crop, cw, ch, src->channels)) < 0)
        return rc;
    for (int y = 0; y < ch; y++)
        memcpy(crop.pixels + (size_t)y * cw * src->channels,
               src->pixels + ((size_t)(y + y0) * src->width + x0) * src->channels,
               (size_t)cw * src->channels);
    const int longest = cw > ch ? cw : ch;
    const double q = longest > WORK_SIDE ? (double)WORK_SIDE / longest : 1;
    const go_cv_image *in = &crop;
    if (q < 1) {
        const int zw = (int)lround(cw * q), zh = (int)lround(ch * q);
        if ((rc = go_cv_resize(&zoom, &crop, zw < 1 ? 1 : zw, zh < 1 ? 1 : zh)) < 0)
            goto done;
        in = &zoom;
    }
    /* zoom's pixel -> crop's (1 / q) -> src's (+ x0, y0) -> work's (1 / k) */
    const double to_work[9] = {1 / (q * k), 0, x0 / k, 0, 1 / (q * k), y0 / k, 0, 0, 1};
    rc = read_within(r, g, in, to_work, "zoomed ", size_hint, spent, LOOKS);
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "zoomed in on %d %d %d %d of %dx%d: %s\n", x0, y0, cw, ch, src->width,
                src->height, rc == 0 ? "read" : go_error_last());
done:
    go_cv_image_free(&crop);
    go_cv_image_free(&zoom);
    return rc;
}

/* The board's part of the photo (part, from vz_board_region, its top-left corner at work's
 * pixel (x0, y0)) read by the first REGION_LOOKS looks as a photo of its own, enlarged zq times
 * first (1: as it is); the grid found there, in work's pixels, in *g. */
static int read_part(go_vision_result *r, vz_grid *g, const go_cv_image *part, int x0, int y0,
                     double zq, const char *where, int size_hint, double *spent)
{
    go_cv_image zoom = {0};
    const go_cv_image *in = part;
    int rc;
    if (zq != 1) {
        const int zw = (int)lround(part->width * zq), zh = (int)lround(part->height * zq);
        if ((rc = go_cv_resize(&zoom, part, zw, zh)) < 0)
            return rc;
        in = &zoom;
    }
    /* zoom's pixel -> part's (1 / zq) -> work's (+ x0, y0) */
    const double to_work[9] = {1 / zq, 0, x0, 0, 1 / zq, y0, 0, 0, 1};
    rc = read_within(r, g, in, to_work, where, size_hint, spent, REGION_LOOKS);
    go_cv_image_free(&zoom);
    return rc;
}

/* A sparse board's lattice in the board's part (read_region), too few stones to judge it by
 * (STONES_MIN): the lattice model judges its points instead, mostly empty. They must read as
 * points (SPARSE_MODEL_ON on average) and, moved half a cell along either family or both, as
 * none (SPARSE_MODEL_OFF at most): the crossings of a cloth's checks read as no board's points.
 * And no line of points just beyond an end may read nearly as likely as the lattice's own
 * (SPARSE_BEYOND_SHARE): a smaller lattice over part of a sparse board reads its points as
 * surely as the right one, but the board's lines go on past its ends. 1 when they hold, 0 when
 * not, or a negative go_err. */
static int sparse_points_hold(const vz_grid *g, const go_cv_image *work, int stones)
{
    double on, off[3];
    int rc = vz_lattice_on_off(&on, off, g, work);
    if (rc < 0)
        return rc;
    const double most_off = fmax(off[0], fmax(off[1], off[2]));
    vz_evidence e;
    if ((rc = vz_lattice_evidence(&e, g, work)) < 0)
        return rc;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr,
                "sparse board's lattice (%d stones): on %.3f, half a cell off %.3f %.3f %.3f, "
                "likeliest line beyond %.3f\n",
                stones, on, off[0], off[1], off[2], e.beyond);
    return on >= SPARSE_MODEL_ON && most_off <= SPARSE_MODEL_OFF &&
           e.beyond <= SPARSE_BEYOND_SHARE * on;
}

/* A board whose lines a cloth or the room outvotes (a checked cloth at the board's angle holds
 * more line than the board, and lines beyond the board read as stones past its edge): the part of
 * the photo its colour marks (vz_board_region), the rest painted plain, read as a photo of its
 * own (read_part); the grid found there is moved back onto work. Refused as it is, a part
 * REGION_ZOOM_LEAST times smaller than the work image or more is read again enlarged to its size:
 * the finder's kernels, least line lengths and checks are measured against the photo's size, and a
 * 9x9 or 13x13 filling a third of the photo reads only so; a 19x19 filling two thirds reads as it
 * is and not always enlarged (its lines blur), hence this order. Its reading must hold
 * STONES_MIN stones, so that the stones judged the lattice (stones_on_points), or fewer on a
 * lattice the model reads as a board's (sparse_points_hold). */
static int read_region(go_vision_result *r, vz_grid *g, const go_cv_image *work, int size_hint,
                       double *spent)
{
    go_cv_image part = {0};
    int box[4] = {0, 0, 0, 0};
    if (work_over())
        return work_refused();
    int rc = vz_board_region(&part, box, work);
    if (rc != 0)
        return rc < 0 ? rc : GO_ENOBOARD;
    vz_grid t;
    const int longest = part.width > part.height ? part.width : part.height,
              side = work->width > work->height ? work->width : work->height;
    const double zq = (double)side / longest;
    rc = read_part(r, &t, &part, box[0], box[1], 1, "region ", size_hint, spent);
    if (rc == GO_ENOBOARD && zq >= REGION_ZOOM_LEAST && !work_over()) {
        char why[256];
        snprintf(why, sizeof why, "%s", go_error_last());
        rc = read_part(r, &t, &part, box[0], box[1], zq, "region enlarged ", size_hint, spent);
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "board's part enlarged %.2f times: %s\n", zq,
                    rc == 0 ? "read" : go_error_last());
        if (rc == GO_ENOBOARD)
            go_error_set(GO_ENOBOARD, "%s", why);
    }
    go_cv_image_free(&part);
    if (rc == 0) {
        int b, w, hi;
        fewer_colour(r, &b, &w, &hi);
        if (b + w < STONES_MIN) {
            rc = sparse_points_hold(&t, work, b + w);
            if (rc == 0)
                rc = go_error_set(GO_ENOBOARD, "no board: too few stones in the board's part of "
                                               "the photo to judge its lattice, and its empty "
                                               "points do not read as a board's points");
            else if (rc > 0)
                rc = 0;
        }
        if (rc != 0)
            observe("region stones counted", &t, go_error_last());
    }
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "board's part by its colour: %s\n", rc == 0 ? "read" : go_error_last());
    if (rc != 0)
        return rc;
    *g = t;
    /* the lattice found in the painted part, the board read again in the photo as it is: at a
     * thin margin the paint can cover part of a corner's stone; where that reading fails, the
     * part's stands */
    go_vision_result *again = malloc(sizeof *again);
    if (!again)
        return go_error_set(GO_ENOMEM, "reading in the photo");
    *again = *r; /* the photo's size and times, which a reading leaves as they are */
    const double ta = vz_now_ms();
    int edge = -1, rc2 = read_board(again, g, work);
    if (rc2 == 0)
        rc2 = edge_of_one_colour(again, &edge);
    *spent += vz_now_ms() - ta;
    if (getenv("GOREF_VISION_DEBUG"))
        fprintf(stderr, "the board's part read again in the photo: %s\n",
                rc2 == 0 ? "read" : go_error_last());
    if (rc2 == 0)
        *r = *again;
    free(again);
    if (rc2 < 0 && rc2 != GO_ENOBOARD)
        return rc2;
    go_error_clear();
    return 0;
}

void vz_shown_size(int *shown_w, int *shown_h, const go_cv_image *work, int width, int height)
{
    const int turned = (work->width > work->height) != (width > height) && width != height;
    *shown_w = turned ? height : width;
    *shown_h = turned ? width : height;
}

int vz_decode_work(go_cv_image *img, go_cv_image *work, const void *data, size_t len,
                   go_image_format fmt, int width, int height)
{
    int longest = width > height ? width : height, reduce = 1, rc;
    if (fmt == GO_IMAGE_JPEG)
        while (reduce < 8 && longest / (reduce * 2) >= WORK_SIDE)
            reduce *= 2;
    if ((rc = go_cv_decode(img, data, len, reduce)) < 0)
        return rc;
    int dl = img->width > img->height ? img->width : img->height;
    if (dl <= WORK_SIDE) {
        *work = *img;
        img->pixels = NULL;
        return 0;
    }
    double s = (double)WORK_SIDE / dl;
    int ww = (int)lround(img->width * s), wh = (int)lround(img->height * s);
    return go_cv_resize(work, img, ww < 1 ? 1 : ww, wh < 1 ? 1 : wh);
}

/* The outer corners of lattice g (work-image pixels), scaled by (sx, sy) into the displayed
 * photo's pixels: top-left, top-right, bottom-right, bottom-left as g is oriented. */
static void lattice_corners(double out[4][2], const vz_grid *g, double sx, double sy)
{
    const int n = g->size - 1;
    const int cx[4] = {0, n, n, 0}, cy[4] = {0, 0, n, n};
    for (int c = 0; c < 4; c++) {
        vz_apply(g->h, cx[c], cy[c], &out[c][0], &out[c][1]);
        out[c][0] *= sx;
        out[c][1] *= sy;
    }
}

/* The lattice g refused, kept for the refusal's reply: its size and its corners in the displayed
 * photo's pixels (r's size, work's scale). */
static void keep_refused(int *size, double corners[4][2], const vz_grid *g,
                         const go_vision_result *r, const go_cv_image *work)
{
    *size = g->size;
    lattice_corners(corners, g, (double)r->image_width / work->width,
                    (double)r->image_height / work->height);
}

/* A refused photo's corners for a person to start from: the board's outline as the corner model
 * sees it in work (vz_corner_proposal), in the photo's pixels as r has them. Where the refused
 * lattice (size, corners; size 0 when none) agrees with it, each corner within OUTLINE_AGREE cells
 * of one of the outline's (the smaller cell of the two at the lattice's size), both are the board's
 * and the lattice, fitted to the lines, stays; where they disagree, or no lattice was found, the
 * outline is taken, its size the lattice's, else the one asked for, else 19. Where the model finds
 * no outline, the lattice stays. The refusal's message is kept. */
static void board_outline(int *size, double corners[4][2], const go_cv_image *work,
                          const go_vision_result *r, int size_asked)
{
    char why[256];
    snprintf(why, sizeof why, "%s", go_error_last());
    double quad[4][2];
    const int found = vz_corner_proposal(quad, work);
    go_error_set(GO_ENOBOARD, "%s", why);
    if (found != 1)
        return;
    const double sx = (double)r->image_width / work->width,
                 sy = (double)r->image_height / work->height;
    double outline[4][2];
    for (int k = 0; k < 4; k++) {
        outline[k][0] = quad[k][0] * sx;
        outline[k][1] = quad[k][1] * sy;
    }
    if (*size > 1) {
        /* a cell: the smaller of the lattice's and the outline's at the lattice's size (a
         * lattice over the whole table has cells far larger than the board's) */
        double cell[2] = {0, 0}, apart = 0;
        for (int k = 0; k < 4; k++) {
            cell[0] += hypot(corners[(k + 1) % 4][0] - corners[k][0],
                             corners[(k + 1) % 4][1] - corners[k][1]);
            cell[1] += hypot(outline[(k + 1) % 4][0] - outline[k][0],
                             outline[(k + 1) % 4][1] - outline[k][1]);
        }
        const double least = fmin(cell[0], cell[1]) / (4.0 * (*size - 1));
        for (int k = 0; k < 4; k++) {
            double nearest = INFINITY;
            for (int j = 0; j < 4; j++)
                nearest = fmin(nearest,
                               hypot(outline[k][0] - corners[j][0], outline[k][1] - corners[j][1]));
            apart = fmax(apart, nearest);
        }
        if (getenv("GOREF_VISION_DEBUG"))
            fprintf(stderr, "refused: the corner model's outline %.1f cells from the lattice's\n",
                    apart / least);
        if (apart <= OUTLINE_AGREE * least)
            return;
    }
    memcpy(corners, outline, sizeof outline);
    if (*size == 0)
        *size = size_asked > 0 ? size_asked : 19;
}

int go_vision_ready(void)
{
    return 0; /* linked in: nothing to load */
}

static int scan_once(go_vision_result *out, const void *data, size_t len,
                     const go_vision_options *opt)
{
    go_vision_options defaults = GO_VISION_OPTIONS_INIT;
    go_cv_image img = {0}, work = {0};
    int refused_size = 0; /* the first lattice the looks refused, for a refusal's reply */
    double refused_corners[4][2] = {{0}};
    go_vision_result *r = out;
    int rc = 0;
    double t0 = vz_now_ms();
    if (!opt)
        opt = &defaults;
    if (opt->size != 0 && (opt->size < 5 || opt->size > GO_MAX_SIZE))
        return go_error_set(GO_ERANGE, "board size %d (5..%d, or 0 to detect)", opt->size,
                            GO_MAX_SIZE);
    if (opt->have_corners) {
        if (opt->size == 0)
            return go_error_set(GO_EINVAL, "corners given without the board size");
        for (int c = 0; c < 4; c++)
            if (!isfinite(opt->corners[c][0]) || !isfinite(opt->corners[c][1]))
                return go_error_set(GO_EINVAL, "corner %d is not a number", c + 1);
    }
    memset(r, 0, sizeof *r);
    if (len > GO_VISION_MAX_BYTES)
        return go_error_set(GO_ETOOBIG, "image of %zu bytes; the limit is %u", len,
                            GO_VISION_MAX_BYTES);
    go_image_format fmt;
    int sw, shh;
    if ((rc = go_vision_probe(&fmt, &sw, &shh, data, len)) < 0)
        return rc;
    if ((double)sw * shh > GO_VISION_MAX_PIXELS)
        return go_error_set(GO_ETOOBIG, "image of %dx%d pixels; the limit is 60 megapixels", sw,
                            shh);
    vz_scan_begin(); /* what this scan asks for again is reused */
    work_spent = 0;
    if ((rc = vz_decode_work(&img, &work, data, len, fmt, sw, shh)) < 0)
        goto done;
    vz_shown_size(&r->image_width, &r->image_height, &work, sw, shh);
    double t1 = vz_now_ms();
    r->ms_decode = t1 - t0;
    const double to_photo[9] = {(double)r->image_width / work.width,
                                0,
                                0,
                                0,
                                (double)r->image_height / work.height,
                                0,
                                0,
                                0,
                                1};
    memcpy(observe_to_photo, to_photo, sizeof to_photo);
    observe_where = "";

    vz_grid g;
    memset(&g, 0, sizeof g);
    if (opt->have_corners) {
        double wc[4][2];
        for (int c = 0; c < 4; c++) {
            wc[c][0] = opt->corners[c][0] * work.width / r->image_width;
            wc[c][1] = opt->corners[c][1] * work.height / r->image_height;
            /* a corner may sit a little outside a tightly framed photo, not far off it */
            if (wc[c][0] < -0.25 * work.width || wc[c][0] > 1.25 * work.width ||
                wc[c][1] < -0.25 * work.height || wc[c][1] > 1.25 * work.height) {
                rc = go_error_set(GO_EINVAL, "corner %d (%.0f, %.0f) lies outside the %dx%d photo",
                                  c + 1, opt->corners[c][0], opt->corners[c][1], r->image_width,
                                  r->image_height);
                goto done;
            }
        }
        if ((rc = vz_grid_from_corners(&g, &work, wc, opt->size)) < 0 ||
            (rc = vz_refine_lattice(&g, &work)) < 0)
            goto done;
        g.placed = 1;
        orient_grid(&g);
        r->ms_detect = vz_now_ms() - t1;
        if ((rc = read_board(r, &g, &work)) < 0)
            goto done;
    } else {
        /* each look in turn until one gives a grid that passes its check and a reading of
         * the board, at the work size, then in the part of the photo a small board fills, then
         * smaller, then turned half round; the first look's reason is the one reported */
        char first[256] = "";
        double spent = 0;
        int past_size[LOOKS_ALL] = {0};
        vz_grid seen;
        memset(&seen, 0, sizeof seen);
        /* the lines read in the work image, for the looks at the larger sizes at the end */
        vz_line_cache *lines = vz_line_cache_new();
        if (!lines) {
            rc = go_error_set(GO_ENOMEM, "grid lines");
            goto done;
        }
        rc = read_by_looks(r, &g, &work, opt->size, &spent, LOOKS, 1, past_size, RESIZED_NONE,
                           &seen, lines);
        snprintf(first, sizeof first, "%s", go_error_last());
        if (seen.size > 0) { /* in the displayed photo's pixels, while work is at its size */
            keep_refused(&refused_size, refused_corners, &seen, r, &work);
        }
        /* a board seen steeper than the looks take */
        if (rc == GO_ENOBOARD)
            rc = read_steep(r, &g, &work, opt->size, &spent, lines);
        /* under a saturated lamp, pale lines a crowd's white stones outvote */
        if (rc == GO_ENOBOARD && vz_light_saturated(&work))
            rc = read_line_gray(r, &g, &work, opt->size, &spent, lines);
        /* a board small in the photo: its part of the photo, as large as decoded */
        if (rc == GO_ENOBOARD)
            rc = read_zoomed(r, &g, &work, img.pixels ? &img : &work, opt->size, &spent);
        /* a board whose surroundings outvote its lines: its part of the photo by its colour */
        int region_tried = rc == GO_ENOBOARD;
        if (region_tried)
            rc = read_region(r, &g, &work, opt->size, &spent);
        go_cv_image full = {0}; /* the work image as decoded, each scale made from it */
        for (int k = 0; rc == GO_ENOBOARD && k <= SECOND_SCALES && !work_over(); k++) {
            if (k == 0) {
                full = work;
                memset(&work, 0, sizeof work);
            }
            /* last, a photo far smaller than the work size, enlarged to it */
            const double scale = k < SECOND_SCALES ? second_scale[k] : enlarged_scale(&full);
            if (scale <= 0)
                break;
            go_cv_image_free(&work);
            int sw2 = (int)lround(full.width * scale), sh2 = (int)lround(full.height * scale);
            /* the grid found is in work's pixels */
            if ((rc = go_cv_resize(&work, &full, sw2 < 1 ? 1 : sw2, sh2 < 1 ? 1 : sh2)) < 0)
                break;
            const double scaled[9] = {(double)r->image_width / work.width,
                                      0,
                                      0,
                                      0,
                                      (double)r->image_height / work.height,
                                      0,
                                      0,
                                      0,
                                      1};
            memcpy(observe_to_photo, scaled, sizeof scaled);
            static _Thread_local char at_scale[32];
            snprintf(at_scale, sizeof at_scale, "scale %.2f ", scale);
            observe_where = at_scale;
            rc = read_by_looks(r, &g, &work, opt->size, &spent, SECOND_LOOKS, k == SECOND_SCALES,
                               NULL, RESIZED_NONE, NULL, NULL);
            observe_where = "";
        }
        if (rc == GO_ENOBOARD && full.pixels) {
            go_cv_image_free(&work);
            work = full;
            memset(&full, 0, sizeof full);
            memcpy(observe_to_photo, to_photo, sizeof to_photo);
            rc = read_turned(r, &g, &work, opt->size, &spent);
        }
        go_cv_image_free(&full);
        /* last, the looks refused as part of a larger board, at the larger sizes */
        if (rc == GO_ENOBOARD)
            rc = read_by_looks(r, &g, &work, opt->size, &spent, LOOKS, 1, past_size, RESIZED_LARGER,
                               NULL, lines);
        /* and those refused as too faint, at the smaller sizes */
        if (rc == GO_ENOBOARD)
            rc = read_by_looks(r, &g, &work, opt->size, &spent, LOOKS, 1, past_size,
                               RESIZED_SMALLER, NULL, lines);
        vz_line_cache_free(lines);
        if (rc == GO_ENOBOARD)
            rc = go_error_set(GO_ENOBOARD, "%s", first);
        if (rc < 0)
            goto done;
        r->ms_detect += spent - r->ms_classify; /* readings refused count as looking */
        /* the one lattice settled on, judged by the lattice model everywhere; refused, it is
         * the lattice a person's corners start from */
        double tf = vz_now_ms();
        rc = vz_final_check(&g, &work);
        observe("final check", &g, rc == 0 ? NULL : go_error_last());
        /* refused there, and the board's part by colour not read yet: a lattice the cloth or the
         * room lent passed every check but this one; that part is read, judged the same way */
        if (rc == GO_ENOBOARD && !region_tried) {
            char why[256];
            snprintf(why, sizeof why, "%s", go_error_last());
            const vz_grid refused = g;
            const double detect = r->ms_detect;
            int again = read_region(r, &g, &work, opt->size, &spent);
            if (again == 0)
                again = vz_final_check(&g, &work);
            r->ms_detect = detect - r->ms_classify;
            if (again == 0) {
                rc = 0;
            } else {
                g = refused;
                rc = again == GO_ENOBOARD ? go_error_set(GO_ENOBOARD, "%s", why) : again;
            }
        }
        r->ms_detect += vz_now_ms() - tf;
        if (rc == GO_ENOBOARD) {
            keep_refused(&refused_size, refused_corners, &g, r, &work);
        }
        if (rc < 0)
            goto done;
    }
    {
        /* every point read again by the learned classifier: where it differs, a look */
        double tp = vz_now_ms();
        if ((rc = vz_points_check(r, &g, &work)) < 0)
            goto done;
        mark_beyond_photo(r, &g, &work);
        rule_check(r);
        r->ms_classify += vz_now_ms() - tp;
        /* a reading the learned check doubts at a share of its points no right lattice leaves
         * (READ_DOUBT_SHARE), or with two edge lines mostly in doubt (a lattice a line off, one
         * end on the board's margin or the cloth beside it, the stones along another read half
         * off their points), is of a lattice that does not fit the board: refused, its lattice
         * where a person's corners start; a person's own corners are read as they are */
        const int doubted = r->uncertain_count > READ_DOUBT_SHARE * g.size * g.size;
        if (!g.placed && (doubted || doubtful_edges(r) >= 2)) {
            keep_refused(&refused_size, refused_corners, &g, r, &work);
            rc = doubted ? go_error_set(GO_ENOBOARD,
                                        "no board: the points read do not look like a %dx%d "
                                        "board's (%d of %d need a look; the grid did not fit): a "
                                        "photo from higher above the board",
                                        g.size, g.size, r->uncertain_count, g.size * g.size)
                         : go_error_set(GO_ENOBOARD,
                                        "no board: two edges of the %dx%d grid read mostly in "
                                        "doubt (the grid may be a line off): a photo from higher "
                                        "above the board, or place the corners",
                                        g.size, g.size);
            goto done;
        }
    }
    double scale[9] = {(double)r->image_width / work.width,
                       0,
                       0,
                       0,
                       (double)r->image_height / work.height,
                       0,
                       0,
                       0,
                       1};
    vz_mat3_mul(r->homography, scale, g.h);
    lattice_corners(r->corners, &g, scale[0], scale[4]);
    r->ms_total = vz_now_ms() - t0;
done:
    /* not for a person's corners (theirs stay), nor in the second pass, whose refusal gives way
     * to the first's (go_vision_scan) */
    if (rc == GO_ENOBOARD && work.pixels && !opt->have_corners && !classifier_takes)
        board_outline(&refused_size, refused_corners, &work, r, opt->size);
    go_cv_image_free(&img);
    go_cv_image_free(&work);
    vz_scan_end();
    if (rc < 0) {
        const int w = r->image_width, h = r->image_height;
        memset(r, 0, sizeof *r);
        if (rc == GO_ENOBOARD && refused_size > 0) { /* where a person's corners may start */
            r->size = refused_size;
            memcpy(r->corners, refused_corners, sizeof r->corners);
            r->image_width = w;
            r->image_height = h;
        }
    }
    return rc;
}

int go_vision_scan(go_vision_result *out, const void *data, size_t len,
                   const go_vision_options *opt)
{
    classifier_takes = classifier_would = 0;
    const double t0 = vz_now_ms();
    int rc = scan_once(out, data, len, opt);
    if (rc != GO_ENOBOARD || !classifier_would)
        return rc;
    /* refused, and a lattice read by the classifier alone would pass: run again, taking it */
    go_vision_result *first = malloc(sizeof *first);
    if (!first)
        return go_error_set(GO_ENOMEM, "second pass");
    *first = *out;
    char why[256];
    snprintf(why, sizeof why, "%s", go_error_last());
    classifier_takes = 1;
    const double t1 = vz_now_ms();
    rc = scan_once(out, data, len, opt);
    classifier_takes = 0;
    if (rc == 0) { /* the first pass counts as looking */
        out->ms_detect += t1 - t0;
        out->ms_total += t1 - t0;
    } else if (rc == GO_ENOBOARD) { /* the first refusal, its lattice and reason */
        *out = *first;
        go_error_set(GO_ENOBOARD, "%s", why);
    }
    free(first);
    return rc;
}
