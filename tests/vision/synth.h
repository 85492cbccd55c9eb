/* Synthetic board photos for the vision tests: a board of a given size and position drawn
 * through a perspective homography with wood colour, light gradient, glare, blur, noise and
 * JPEG compression, so each stage can be tested without real photos. */
#ifndef GO_TEST_SYNTH_H
#define GO_TEST_SYNTH_H

#include <stddef.h>
#include <stdint.h>

#include "go/board.h"

typedef struct synth_params {
    int width, height; /* image size */
    int size;          /* 9, 13, 19 */
    double rotate_deg; /* in-plane rotation */
    /* Nonzero: the board turned this many degrees on the table before the view's perspective
     * (tilt, squash), as a board lying askew in front of the camera: its two families of lines
     * then run to vanishing points off the photo's axes. Scaled down to stay in the frame. */
    double turn_deg;
    double tilt; /* 0 (from above) .. 0.35 (steep): far edge shrinks by this share */
    /* Nonzero: the board's depth (near to far edge) scaled by this factor on top of tilt's, as
     * from lower over the board (0.55-0.65 leaves the middle cell 0.63-0.75 as deep as wide,
     * against 0.78 and more from tilt alone); 0 or 1: as tilt leaves it. */
    double squash;
    /* Nonzero: the board's side over the image's shorter one (0: 0.8, the board filling most of
     * the photo), and its centre moved off the image's by board_at (x, y) of the room left
     * either way (-1..1). */
    double board_share, board_at[2];
    double gradient;    /* light falloff across the image, 0..0.5 */
    double glare;       /* peak of a bright spot, 0..120 (more blows the wood out) */
    double glare_at[2]; /* nonzero: where it peaks, as shares of the photo's width and height */
    double blur_sigma;  /* Gaussian blur, pixels */
    double noise;       /* uniform noise amplitude, grey levels */
    int jpeg_quality;   /* 0 = PNG-free raw BGR is not an option: always JPEG, 40..95 */
    uint64_t seed;
    /* Nonzero: stones of these colours (B, G, R) instead of black and white, e.g. the
     * green-tinted sets some clubs use. */
    int tinted;
    double black_bgr[3], white_bgr[3];
    /* Nonzero: stones of this radius in cells across (real stones, 22.5 mm on lines 22 mm
     * apart, touch: 0.51), drawn over their neighbours where they overlap, and shifted by
     * `lean` cells toward the far edge (a stone's top seen at an angle). 0: flat discs of
     * radius 0.46 on their points. */
    double stone_radius, lean;
    /* Nonzero: a coloured lamp, the light in each channel (B, G, R; 1 = as under white light),
     * e.g. {0.55, 0.08, 1} for a pink one. */
    double lamp_bgr[3];
    /* Nonzero: the lamp's light falls off toward the board's right side (its last column, as
     * drawn before any rotation): over the right half of the board the light takes a share
     * lamp_falloff * t * t away, t running from 0 at the middle column to 1 at the last (and
     * on beyond it), as a lamp hung over one side of a board leaves the other side dim. */
    double lamp_falloff;
    /* Nonzero (0..1): the tinted white stones are glossy domes, as real ones are: their light
     * falls off from the top toward the rim all around (by dome times the square of the share
     * of the radius out) and a small sharp glint lies near the top, so that the line's place
     * through a stone's point is lighter than on either side of it. 0: flat discs. */
    double dome;
    /* Non-NULL: each stone drawn nudge[y][x] cells (x, y; at most half a cell each way)
     * off its point, as a hurried hand leaves it. */
    const double (*nudge)[GO_MAX_SIZE][2];
    /* Nonzero width (cells): a flat white sleeve reaching from beyond the board's left side
     * over its left edge line, across the rows sleeve_row +- sleeve / 2, its rounded end
     * sleeve_reach cells inside the edge line. */
    double sleeve, sleeve_row, sleeve_reach;
    /* Nonzero: low light casts each stone's shadow on the wood: the stone's disc swept from its
     * point (its nudge included) to `shadow` cells (x, y) beyond it, with a soft edge, taking
     * shadow_dark (0..1) of the light there. Stones are drawn over the shadows. */
    double shadow[2], shadow_dark;
    /* Nonzero: the board's wood (B, G, R) instead of a light kaya-like yellow, with grain of
     * this amplitude (grey levels; 0 keeps 6), and printed lines of line_bgr (0: near black). */
    double wood_bgr[3], grain, line_bgr[3];
    /* What lies around the board and what it is made of, as in rooms the photos here do not show.
     * cloth_check > 0: a gingham tablecloth under the board, checks of that many pixels turned
     * cloth_turn degrees, its bands of cloth_bgr (B, G, R) over white: a grid beside the grid.
     * bowls (0..2): bowls heaped with stones of both colours on the table, each bowl_px across.
     * phone: a phone lying on the table, its screen lit. exposure > 0: the light's level (a dim
     * room: 0.35-0.6; the camera's noise grows as it falls). */
    double cloth_check, cloth_turn, cloth_bgr[3];
    int bowls;
    double bowl_px;
    int phone;
    double exposure;
    /* The board's make (SYNTH_BOARD_*) and the stones' (SYNTH_STONES_*); 0 keeps the wooden board
     * and the plain stones above. */
    int board_style, stone_style;
} synth_params;

enum { SYNTH_BOARD_WOOD, SYNTH_BOARD_BAMBOO, SYNTH_BOARD_VINYL };
enum { SYNTH_STONES_PLAIN, SYNTH_STONES_GLASS, SYNTH_STONES_SLATE, SYNTH_STONES_YUNZI };

/* Renders the board; color[y][x] (GO_EMPTY/GO_BLACK/GO_WHITE) gives the stones. *out is a
 * malloc'd JPEG (caller frees). out_corners receives the four grid corners in pixels. */
int synth_render(uint8_t **out, size_t *out_len, const synth_params *p,
                 uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], double out_corners[4][2]);

/* Fills color with a random position of the given stone density (0..1). */
void synth_position(uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], int size, double density,
                    uint64_t seed);

/* The same with every group that has no liberty taken off, as on a real board (a random
 * crowd has such groups, and the reading flags them for a look). */
void synth_legal_position(uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], int size, double density,
                          uint64_t seed);

/* The crowded board the bench's synthetic table (bench_vision --synthetic) draws for this size
 * and seed: a 1000x750 photo at a random rotation, tilt, light gradient, glare, blur, noise and
 * JPEG quality, of touching stones leaning away from the camera, and the density of its legal
 * position (0.5 to 0.9) in *density. */
void synth_bench_board(synth_params *p, double *density, int size, uint64_t seed);

/* The same board under coloured lamp `lamp` (0..SYNTH_LAMPS-1: pink, blue, green, cyan, violet,
 * yellow, orange, the colours of the coloured-light photos in ../shared/data/photos). */
#define SYNTH_LAMPS 7
void synth_bench_board_lit(synth_params *p, double *density, int size, uint64_t seed, int lamp);

/* The same board seen from lower over it (goref reads views from 35 degrees up; the real photos
 * here are from about 50 or higher): its depth squashed to 0.55-0.65 (by k), the stones' bodies
 * reaching toward the far edge by half a stone's height (0.2 cell) times the view's cotangent. */
void synth_bench_board_low(synth_params *p, double *density, int size, uint64_t seed, int k);

/* The same board small in the photo, as from a step back: its side 0.35-0.5 of the photo's
 * shorter one (by k), off the photo's centre. */
void synth_bench_board_small(synth_params *p, double *density, int size, uint64_t seed, int k);

/* The same board under a low light from one side, as by a window or a single lamp: each stone's
 * shadow reaches 0.3-1.0 cell beyond it (by k) in a direction drawn from the seed, taking 35-65%
 * of the light (by k). */
void synth_bench_board_shadowed(synth_params *p, double *density, int size, uint64_t seed, int k);

/* The same board in a room nobody here photographed, drawn from the seed by k: a gingham
 * tablecloth, bowls of stones and a phone beside the board, a dim room, a bamboo or vinyl board,
 * glass, slate-and-shell or yunzi stones, the board 0.5-0.75 of the photo's shorter side. */
void synth_bench_board_scene(synth_params *p, double *density, int size, uint64_t seed, int k);

/* The same board turned 15-30 degrees on the table (by k, either way) and seen at a tilt of 0.15
 * to 0.35 by a camera held level (turned -5..5 degrees): the lines' vanishing points off the
 * photo's axes, as a board left askew in front of a phone. */
void synth_bench_board_turned(synth_params *p, double *density, int size, uint64_t seed, int k);

/* The same board 0.5-0.7 of the photo's shorter side on a gingham cloth whose checks (0.6-1.4 of
 * a cell, by k) run within 8 degrees of the board's lines: a grid beside the grid at nearly its
 * angle and period. */
void synth_bench_board_cloth(synth_params *p, double *density, int size, uint64_t seed, int k);

/* The same board crowded (three quarters of the points or more) under a saturated blue or violet
 * lamp (by k), its printed lines faint (ink half as dark as the wood's own contrast allows). */
void synth_bench_board_blue(synth_params *p, double *density, int size, uint64_t seed, int k);

/* The same board as a webcam frame: 640x480, the board 0.75-0.95 of its height, blurred
 * (sigma 0.8-1.8 px), noisy and compressed hard (JPEG quality 35-60). */
void synth_bench_board_webcam(synth_params *p, double *density, int size, uint64_t seed, int k);

/* The same board crowded (three quarters of the points or more) under a cyan, green or pink lamp
 * (by k) whose light falls off toward one side (lamp_falloff 0.4-0.6), its stones tinted: dark
 * green-grey and pale, the pale ones green-tinted or nearly the wood's colour (by k). */
void synth_bench_board_pale(synth_params *p, double *density, int size, uint64_t seed, int k);
/* The same board photographed from 35 to 50 degrees above the table (by k), the camera 1 to 2.5
 * board sides away and held level: the exact pinhole view's trapezoid (tilt, squash), the stones'
 * bodies reaching toward the far edge by half a stone's height (0.2 cell) times the view's
 * cotangent. A third of the boards turned 15-30 degrees on the table, a third sparse (a fifth to
 * a third of the points), the rest as crowded as synth_bench_board's; rotated in the frame as
 * those are. */
void synth_bench_board_steep(synth_params *p, double *density, int size, uint64_t seed, int k);

/* A board drawing every one of the rows' parameters at random from the seed over the ranges the
 * rows use them: a phone's or a webcam's frame, the board 0.35-0.95 of the photo's shorter side
 * or filling it, any view (tilted, from lower, 35-50 degrees up, turned on the table or not), white
 * light or a coloured or saturated lamp, falling off to one side or not, a dim room, glare,
 * shadows, blur, noise, JPEG 35-95, any board and stone make, pale tinted stones, faint lines, a
 * gingham cloth, bowls and a phone, a position of 5 to 90% of the points. *hurried: 0, or the
 * spread for synth_hurried_nudges (a quarter of the boards). */
void synth_bench_board_mixed(synth_params *p, double *density, double *hurried, int size,
                             uint64_t seed);

/* Stones put down by hurried hands, as on a children's board: each stone of the position
 * `color` off its point by a random amount (normal, `spread` cells each way, seeded), then pushed
 * apart from its neighbours as real stones push each other (centres at least SYNTH_PRESSED cells
 * apart), at most SYNTH_NUDGE_MAX cells off each way, and on the first line at most
 * SYNTH_NUDGE_OUT toward the board's edge (the margin beyond the edge line is 0.7 cell: further
 * out, a stone hangs over the edge of the board). For synth_params.nudge. */
#define SYNTH_PRESSED 0.95
#define SYNTH_NUDGE_MAX 0.4
#define SYNTH_NUDGE_OUT 0.25
void synth_hurried_nudges(double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2],
                          uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], int size, double spread,
                          uint64_t seed);

/* The spread of the bench's row of stones put down by hurried hands for its board k: 0.06 to
 * 0.16 cell. */
double synth_bench_hurried_spread(int k);

/* A crowded 19x19 board nearly all black (one stone in eight white), 640x480, a little tilted:
 * read right but refused as one-coloured, on a lattice found right. The JPEG into *jpeg
 * (malloc'd), its true corners into corners. 0 or a negative go_err. */
int synth_one_coloured_crowd(uint8_t **jpeg, size_t *len, double corners[4][2]);

/* How far the corners got lie from the corners truth, in pixels: the largest distance of a
 * corner got to its nearest true one (the order is free: a photo has no true up). */
double synth_corners_off(double got[4][2], double truth[4][2]);

/* Number of points equal under the best of the 8 symmetries of the square. */
int synth_best_match(uint8_t a[GO_MAX_SIZE][GO_MAX_SIZE], uint8_t b[GO_MAX_SIZE][GO_MAX_SIZE],
                     int size);

/* The photo img given again as a phone or an app would: turned by quarter_turns clockwise, resized
 * to a longer side of long_side pixels when long_side > 0 (OpenCV: area averaging down, bilinear
 * up), saved as JPEG at quality. *jpeg is malloc'd. 0 or a negative go_err. */
struct go_cv_image;
int synth_photo_variant(uint8_t **jpeg, size_t *len, const struct go_cv_image *img,
                        int quarter_turns, int long_side, int quality);

/* The photo img as another room or camera would have taken it (alter.c), for the bench's altered
 * photos: a saturated blue, a violet or a warm pink lamp (each channel's light multiplied, the
 * highlights rolled off), a dim room (a quarter of the light, sensor noise, JPEG 75), a webcam
 * frame (640 px long, blurred, JPEG 70), the board turned 20-30 degrees in the frame (the corners
 * uncovered showing a table) or seen from lower (the depth squashed, the far edge narrowed). The
 * position stays the same point for point. Photos over 2,000 px long are first brought down to
 * it. Fixed by seed. *jpeg is malloc'd; out_h, when not NULL, receives the homography taking
 * img's pixels to the altered photo's. 0 or a negative go_err. */
enum {
    SYNTH_ALTER_BLUE,
    SYNTH_ALTER_VIOLET,
    SYNTH_ALTER_PINK,
    SYNTH_ALTER_DIM,
    SYNTH_ALTER_WEBCAM,
    SYNTH_ALTER_TURNED,
    SYNTH_ALTER_LOW,
    SYNTH_ALTERATIONS
};
extern const char *const synth_alter_name[SYNTH_ALTERATIONS];
int synth_photo_altered(uint8_t **jpeg, size_t *len, const struct go_cv_image *img, int alteration,
                        uint64_t seed, double out_h[9]);
/* A board rendered from p and color (synth_render: its corners into out_corners), then altered
 * (synth_photo_altered, out_h as there). *jpeg is malloc'd. 0 or a negative go_err. */
int synth_render_altered(uint8_t **jpeg, size_t *len, const synth_params *p,
                         uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE], double out_corners[4][2],
                         int alteration, uint64_t seed, double out_h[9]);

/* The photo img set in a canvas `factor` times its size, as a photo from a step back: at (at_x,
 * at_y) of the room left each way (0..1), the rest filled with the mean colour of img's outermost
 * pixels; saved as JPEG at quality. *jpeg is malloc'd. 0 or a negative go_err. */
int synth_photo_padded(uint8_t **jpeg, size_t *len, const struct go_cv_image *img, double factor,
                       double at_x, double at_y, int quality);

#endif
