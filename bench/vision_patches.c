/* vision_patches: the point classifier's training data (`make model`). Writes every point of
 * synthetic boards (tests/vision/synth.c, drawn with seeds the benchmark never draws, over woods,
 * lamps of every hue, stones of nearly the wood's colour, turned boards, low views and webcam
 * frames) and of the real photos of ../shared/data/photos on their lattices (stored, or found
 * by the reader where it reads a photo 97% right or better: the lattice is the right one, and
 * the points take their labels, not the reading) as the patch the classifier sees
 * (vz_point_patches), with its label and, for a photo, its fold (photo_set_folds). Points
 * beyond the photo's frame are left out (their patch shows the border, not the point).
 * Usage: vision_patches OUT.bin [--synthetic N] (boards of each size; 0 for none)
 * [--pale N] (the classifier's hard cases of pale stones on a lamp's dim side, pale_board,
 * boards of each size; 0, the default, for none)
 * [--no-photos] [--lattice] (the lattice model's data instead, below)
 * [--mixed N] (boards of each size drawn with every nuisance at random, as the bench's mixed
 * row draws them (synth_bench_board_mixed: any make of board and stone, dim rooms, glare,
 * cloths, bowls, hurried hands), seeds from MIXED_SEEDS; 0, the default, for none)
 * [--altered N] (the point classifier's data: each photo again altered N ways, a lamp, a dim
 * room, a webcam, a view (synth_photo_altered), drawn per photo with seeds the bench does not use)
 * [--lattices FILE] (each photo cut on its lattice stored in FILE, a photo with none left
 * out, so that the data do not follow the reader as it changes; without it, on the lattice
 * the reader finds now)
 * or: vision_patches --write-lattices FILE (no patches: the reader's lattices of the photos it
 * reads 97% right or better, as --lattices reads them)
 * or: vision_patches --corners N OUT.bin [--no-photos] [--lattices FILE] (the corner model's data,
 * below)
 * With --lattice, the data of the lattice model ("is this patch centred on a point of this
 * cell size"): label 1 at a board's true points (a share of them), 0 for the lattice moved half
 * a cell (along either family and both), the points one and two cells beyond the board's edge,
 * the lattice moved a whole board off onto the table or cloth, and the lattice at twice its
 * cell; the flags byte says which (LAT_ kinds). The same synthetic boards, as many again in
 * rooms with cloths, bowls and dim light (synth_bench_board_scene), and the photos by fold.
 * The file: "GRPTCH01", uint32 count, uint32 side; then per point uint8 label (0 empty, 1
 * black, 2 white), int8 fold (-1 synthetic), uint8 board size, uint8 flags (1: the stone lies
 * off its point), side * side * 3 bytes (HWC, BGR). Little-endian.
 * With --corners, the corner model's data (corners.c): N synthetic boards of each size, drawn
 * from every row's generator (half of them every nuisance at random, synth_bench_board_mixed)
 * with seeds the bench never draws, and the photos of folds 0-2 on their stored lattices (fold 3
 * is left out, unread), each as the model's input (vz_corner_input of the work image) with the
 * four corners of its true lattice in the input's pixels. The file: "GRCRNR01", uint32 count,
 * uint32 width, uint32 height; then per image int8 fold (-1 synthetic), uint8 board size, two
 * zero bytes, 8 float32 (the corners (0,0), (n-1,0), (n-1,n-1), (0,n-1) as x, y), width * height
 * * 3 bytes (HWC, BGR). Little-endian. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/vision.h"
#include "params.h"
#include "photo_set.h"
#include "synth.h"
#include "vision_int.h"

static long written, per_label[3];

static int put_u32(FILE *f, uint32_t v)
{
    const uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return fwrite(b, 1, 4, f) == 4 ? 0 : -1;
}

/* Every point of lattice h over bgr, labelled by truth (through symmetry sym of the reading's
 * points onto the label's, as go_vision_match finds it). */
static int write_points(FILE *f, const go_cv_image *bgr, const double h[9], int n,
                        uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int sym, int fold,
                        const double (*nudge)[GO_MAX_SIZE][2])
{
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    uint8_t *p = malloc(patch * (size_t)n * n);
    if (!p)
        return -1;
    int rc = vz_point_patches(p, h, n, bgr);
    for (int y = 0; rc == 0 && y < n; y++)
        for (int x = 0; x < n; x++) {
            double px, py; /* a point beyond the photo's frame shows the border, not its stone */
            if (vz_apply(h, x, y, &px, &py) < 0 || px < 0 || py < 0 || px >= bgr->width ||
                py >= bgr->height)
                continue;
            int tx, ty;
            go_vision_symmetry(sym, n, x, y, &tx, &ty);
            const uint8_t c = truth[ty][tx];
            const uint8_t label = c == GO_BLACK ? 1 : c == GO_WHITE ? 2 : 0;
            uint8_t flags = 0;
            if (nudge && c != GO_EMPTY && hypot(nudge[y][x][0], nudge[y][x][1]) > 0.2)
                flags = 1;
            const uint8_t head[4] = {label, (uint8_t)(int8_t)fold, (uint8_t)n, flags};
            if (fwrite(head, 1, 4, f) != 4 ||
                fwrite(p + ((size_t)y * n + x) * patch, 1, patch, f) != patch) {
                rc = -1;
                break;
            }
            written++;
            per_label[label]++;
        }
    free(p);
    return rc;
}

static double rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*s >> 11) / 9007199254740992.0;
}

/* The lattice data's kinds of patch (the flags byte): on a point, and the "no point" kinds. */
enum { LAT_POINT, LAT_HALF, LAT_BEYOND, LAT_SCENERY, LAT_SCALE, LAT_KINDS };
/* Patches a board gives of each kind, about: a board of any size weighs alike, and the points
 * make about a third of the data. */
static const double lat_per_board[LAT_KINDS] = {60, 60, 30, 20, 20};
static long lat_per_kind[LAT_KINDS];

/* The patches of lattice h (n x n points and `ring` lines of points around them, as
 * vz_point_patches_ring cuts them) whose centre lies in the photo, each kept with probability
 * `keep`, labelled as `kind`; with `outside_only`, the lattice's own points are left out. */
static int write_lattice_kind(FILE *f, const go_cv_image *bgr, const double h[9], int n, int ring,
                              int outside_only, int kind, double keep, int fold, uint64_t *s)
{
    const size_t patch = (size_t)VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3;
    const int m = n + 2 * ring;
    uint8_t *p = malloc(patch * (size_t)m * m);
    if (!p)
        return -1;
    int rc = vz_point_patches_ring(p, h, n, ring, bgr);
    for (int j = 0; rc == 0 && j < m; j++)
        for (int i = 0; i < m; i++) {
            const int inside = i >= ring && j >= ring && i < n + ring && j < n + ring;
            double x, y;
            if ((outside_only && inside) || rnd(s) >= keep ||
                vz_apply(h, i - ring, j - ring, &x, &y) < 0 || x < 0 || y < 0 || x >= bgr->width ||
                y >= bgr->height)
                continue;
            const uint8_t head[4] = {kind == LAT_POINT, (uint8_t)(int8_t)fold, (uint8_t)n,
                                     (uint8_t)kind};
            if (fwrite(head, 1, 4, f) != 4 ||
                fwrite(p + ((size_t)j * m + i) * patch, 1, patch, f) != patch) {
                rc = -1;
                break;
            }
            written++;
            per_label[kind == LAT_POINT]++;
            lat_per_kind[kind]++;
        }
    free(p);
    return rc;
}

/* The lattice data of one board whose true lattice is h (n x n): its points, the lattice half a
 * cell off, the rings beyond its edges, the lattice moved a board's width off (the table, a
 * cloth), and the lattice at twice its cell about its centre. */
static int write_lattice(FILE *f, const go_cv_image *bgr, const double h[9], int n, int fold,
                         uint64_t seed)
{
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 11;
    const double pts = (double)n * n;
    int rc =
        write_lattice_kind(f, bgr, h, n, 0, 0, LAT_POINT, lat_per_board[LAT_POINT] / pts, fold, &s);
    static const double half[3][2] = {{0.5, 0}, {0, 0.5}, {0.5, 0.5}};
    for (int k = 0; rc == 0 && k < 3; k++) {
        double g[9];
        vz_lattice_move(g, h, half[k][0], half[k][1]);
        rc = write_lattice_kind(f, bgr, g, n, 1, 0, LAT_HALF,
                                lat_per_board[LAT_HALF] / 3 / ((n + 2.0) * (n + 2)), fold, &s);
    }
    if (rc == 0)
        rc = write_lattice_kind(f, bgr, h, n, 2, 1, LAT_BEYOND,
                                lat_per_board[LAT_BEYOND] / (8.0 * n + 16), fold, &s);
    static const int away[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int k = 0; rc == 0 && k < 4; k++) {
        double g[9];
        vz_lattice_move(g, h, away[k][0] * n, away[k][1] * n);
        rc = write_lattice_kind(f, bgr, g, n, 0, 0, LAT_SCENERY,
                                lat_per_board[LAT_SCENERY] / 2 / pts, fold, &s);
    }
    /* lattice point (i, j) at the true lattice's c + 2 ((i, j) - c), c its centre: on the
     * board's points, every other one, but with the board's cells half the lattice's. (At half
     * the cell, the points on the board's would look as the board's own do: the patch shows a
     * cell each way, its neighbours' lines at its very edge.) */
    if (rc == 0) {
        const double c = (n - 1) / 2.0;
        const double t[9] = {2, 0, -c, 0, 2, -c, 0, 0, 1};
        double g[9];
        vz_mat3_mul(g, h, t);
        rc = write_lattice_kind(f, bgr, g, n, 0, 0, LAT_SCALE, lat_per_board[LAT_SCALE] / pts, fold,
                                &s);
    }
    return rc;
}

/* Stones of nearly the board's own colour, as some sets are: pale, greenish or yellowish white
 * stones within a fifth of the wood's level in each channel, and dark brown or grey-black ones.
 * Under a lamp that darkens one channel (pink, blue, violet) such stones differ from the wood
 * only by their shading and the lines they hide, which is what the classifier must learn. */
static void stones_like_the_wood(synth_params *p, uint64_t *s)
{
    static const double kaya[3] = {105, 170, 215}; /* synth.c's wood when none is given */
    const int own = p->wood_bgr[0] > 0 || p->wood_bgr[1] > 0 || p->wood_bgr[2] > 0;
    const double *wood = own ? p->wood_bgr : kaya;
    const double lift = 0.9 + 0.3 * rnd(s);
    const int tint = (int)(rnd(s) * 3); /* 0 the wood's hue, 1 greenish, 2 yellowish white */
    static const double tint_of[3][3] = {{1, 1, 1}, {1.08, 1.15, 0.9}, {0.85, 1.05, 1.05}};
    p->tinted = 1;
    for (int c = 0; c < 3; c++)
        p->white_bgr[c] = fmin(245, wood[c] * lift * tint_of[tint][c] * (0.95 + 0.1 * rnd(s)));
    const double dark = 15 + 45 * rnd(s), brown = rnd(s);
    p->black_bgr[0] = dark;
    p->black_bgr[1] = dark * (1 + 0.4 * brown);
    p->black_bgr[2] = dark * (1 + 0.9 * brown);
}

/* Board p rendered with the stones of truth (moved by nudge, or NULL), through its true lattice:
 * the lattice model's records (lattice nonzero, their draws seeded by lattice_seed) or the point
 * classifier's. */
static int render_and_write(FILE *f, const synth_params *p, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE],
                            const double (*nudge)[GO_MAX_SIZE][2], int lattice,
                            uint64_t lattice_seed)
{
    const int size = p->size;
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    go_cv_image img = {0};
    vz_grid g;
    int rc = synth_render(&jpeg, &len, p, truth, corners);
    if (rc == 0)
        rc = go_cv_decode(&img, jpeg, len, 1);
    if (rc == 0)
        rc = vz_lattice_through(&g, corners, size, size - 1);
    if (rc == 0)
        rc = lattice ? write_lattice(f, &img, g.h, size, -1, lattice_seed)
                     : write_points(f, &img, g.h, size, truth, 0, -1, nudge);
    free(jpeg);
    go_cv_image_free(&img);
    return rc;
}

/* One synthetic board of size `size`, number i: one of the benchmark's kinds of board (plain,
 * under a lamp, seen from low, small in the photo, shadows, hurried hands, turned on the table,
 * crowded under a saturated blue or violet lamp, a webcam frame) by i, hurried hands twice as
 * often in the classifier's data, then varied further:
 * another wood and its grain, ink, a lamp of any colour or one of the photos' lamps, tinted
 * stones or stones of nearly the wood's colour, a sparse game. */
static int synthetic_board(FILE *f, int size, int si, int i, int lattice)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2];
    const uint64_t seed = 1000000 + (uint64_t)i * 7 + (uint64_t)si;
    uint64_t s = seed * 0x2545F4914F6CDD1Dull + 7;
    synth_params p;
    double density;
    /* the lattice data keeps its six kinds (its model is trained on them as they were); the
     * classifier's draws hurried hands twice in ten boards, so that stones off their points
     * are at least as common in its data as among the six kinds */
    const int k = lattice ? i % 6 : i % 10;
    const int kind = k == 9 ? 5 : k;
    if (lattice == 2) /* a room with a cloth, bowls, dim light, another board or stones */
        synth_bench_board_scene(&p, &density, size, seed + 1000000, i);
    else if (kind == 1)
        synth_bench_board_lit(&p, &density, size, seed, i);
    else if (kind == 2)
        synth_bench_board_low(&p, &density, size, seed, i);
    else if (kind == 3)
        synth_bench_board_small(&p, &density, size, seed, i);
    else if (kind == 4)
        synth_bench_board_shadowed(&p, &density, size, seed, i);
    else if (kind == 6)
        synth_bench_board_turned(&p, &density, size, seed, i);
    else if (kind == 7)
        synth_bench_board_blue(&p, &density, size, seed, i);
    else if (kind == 8)
        synth_bench_board_webcam(&p, &density, size, seed, i);
    else
        synth_bench_board(&p, &density, size, seed);
    const int lamp_kind = kind == 1 || kind == 7;
    if (rnd(&s) < 0.6) { /* another wood: pale to dark, yellow to red, or a grey slab */
        const double light = 0.45 + 0.6 * rnd(&s), red = rnd(&s);
        if (rnd(&s) < 0.15) {
            const double gr = 90 + 120 * rnd(&s);
            p.wood_bgr[0] = gr;
            p.wood_bgr[1] = gr * (0.95 + 0.1 * rnd(&s));
            p.wood_bgr[2] = gr * (0.95 + 0.1 * rnd(&s));
        } else {
            p.wood_bgr[0] = fmin(250, (70 + 80 * rnd(&s)) * light);
            p.wood_bgr[1] = fmin(250, (150 + 40 * rnd(&s)) * light);
            p.wood_bgr[2] = fmin(250, (190 + 50 * red) * light);
        }
        p.grain = 1 + 16 * rnd(&s);
    }
    if (rnd(&s) < 0.3) {
        const double ink = 10 + 90 * rnd(&s);
        p.line_bgr[0] = p.line_bgr[1] = p.line_bgr[2] = ink;
    }
    if (!lamp_kind && rnd(&s) < 0.25) /* a lamp of any colour */
        for (int c = 0; c < 3; c++)
            p.lamp_bgr[c] = 0.15 + 0.85 * rnd(&s);
    if (!lattice && !lamp_kind && rnd(&s) < 0.2) { /* one of the photos' lamps, its hue moved */
        synth_params q;
        double d;
        synth_bench_board_lit(&q, &d, size, seed, (int)(rnd(&s) * SYNTH_LAMPS));
        for (int c = 0; c < 3; c++)
            p.lamp_bgr[c] = fmax(0.01, fmin(1, q.lamp_bgr[c] * (0.75 + 0.5 * rnd(&s))));
    }
    /* stones of nearly the wood's colour, the light falling off across the board */
    if (!lattice && rnd(&s) < 0.25) {
        stones_like_the_wood(&p, &s);
        p.gradient = fmax(p.gradient, 0.4 * rnd(&s));
    } else if (rnd(&s) < 0.12) { /* stones of unusual colours */
        p.tinted = 1;
        const double hue[3] = {rnd(&s), rnd(&s), rnd(&s)};
        for (int c = 0; c < 3; c++) {
            p.black_bgr[c] = 20 + 60 * hue[c];
            p.white_bgr[c] = 170 + 80 * hue[(c + 1) % 3];
        }
    }
    if (rnd(&s) < 0.3) /* a game cut short, or a child's sparse one */
        density = 0.1 + 0.35 * rnd(&s);
    synth_legal_position(truth, p.size, density, seed);
    const double(*nd)[GO_MAX_SIZE][2] = NULL;
    if (kind == 5) {
        synth_hurried_nudges(nudge, truth, p.size, synth_bench_hurried_spread(i), seed);
        p.nudge = nd = (const double(*)[GO_MAX_SIZE][2])nudge;
    }
    return render_and_write(f, &p, truth, nd, lattice, seed + 7919u * (uint64_t)lattice);
}

/* Boards drawn with every nuisance at random (synth_bench_board_mixed), as the bench's mixed
 * row draws them, the stones put down by hurried hands where the draw says so: the makes of board
 * and stone, rooms and lights no other kind of board here combines. Seeds from MIXED_SEEDS, past
 * every base the bench takes (under 1000000) and the other training boards' ranges. */
#define MIXED_SEEDS 3000000
static int mixed_board(FILE *f, int size, int si, int i, int lattice)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2];
    const uint64_t seed = MIXED_SEEDS + (uint64_t)i * 7 + (uint64_t)si;
    synth_params p;
    double density, hurried;
    synth_bench_board_mixed(&p, &density, &hurried, size, seed);
    synth_legal_position(truth, p.size, density, seed);
    const double(*nd)[GO_MAX_SIZE][2] = NULL;
    if (hurried > 0) {
        synth_hurried_nudges(nudge, truth, p.size, hurried, seed);
        p.nudge = nd = (const double(*)[GO_MAX_SIZE][2])nudge;
    }
    return render_and_write(f, &p, truth, nd, lattice, seed + 7919u * 3);
}

/* The hard cases of pale stones on a lamp's dim side: boards of the bench's pale kind
 * (synth_bench_board_pale: crowded, pale white and dark green-grey stones under a coloured lamp
 * whose light falls off toward one side), varied: the lamp one of the photos' with its hue moved
 * or another colour, a steeper or gentler fall-off, the whites' colour moved or nearly the wood's,
 * the blacks lighter or browner, domed whites, another density. On the dim side pale whites
 * come close to the lit wood's level and the blacks to the dim wood's, which the classifier sees
 * too rarely among the other boards. Seeds from PALE_SEEDS, a range no benchmark base draws. */
#define PALE_SEEDS 300000
static int pale_board(FILE *f, int size, int si, int i)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    const uint64_t seed = PALE_SEEDS + (uint64_t)i * 7 + (uint64_t)si;
    uint64_t s = seed * 0x2545F4914F6CDD1Dull + 13;
    synth_params p;
    double density;
    synth_bench_board_pale(&p, &density, size, seed, i);
    const double r = rnd(&s);
    if (r < 0.35) { /* one of the photos' lamps, its hue moved */
        synth_params q;
        double d;
        synth_bench_board_lit(&q, &d, size, seed, (int)(rnd(&s) * SYNTH_LAMPS));
        for (int c = 0; c < 3; c++)
            p.lamp_bgr[c] = fmax(0.01, fmin(1, q.lamp_bgr[c] * (0.75 + 0.5 * rnd(&s))));
    } else if (r < 0.5) { /* a lamp of any colour */
        for (int c = 0; c < 3; c++)
            p.lamp_bgr[c] = 0.15 + 0.85 * rnd(&s);
    }
    p.lamp_falloff = 0.3 + 0.45 * rnd(&s);
    if (rnd(&s) < 0.3) {
        stones_like_the_wood(&p, &s);
    } else {
        for (int c = 0; c < 3; c++)
            p.white_bgr[c] = fmin(245, p.white_bgr[c] * (0.85 + 0.25 * rnd(&s)));
        const double dark = 20 + 50 * rnd(&s), green = 0.3 + 0.6 * rnd(&s), brown = rnd(&s);
        p.black_bgr[0] = dark;
        p.black_bgr[1] = dark * (1 + green * (1 - brown));
        p.black_bgr[2] = dark * (1 + 0.9 * brown);
    }
    if (rnd(&s) < 0.5)
        p.dome = 0.5 * rnd(&s);
    density = 0.45 + 0.45 * rnd(&s);
    synth_legal_position(truth, p.size, density, seed);
    return render_and_write(f, &p, truth, NULL, 0, 0);
}

/* The photo decoded as the reader decodes it (vz_decode_work), and its displayed size
 * (vz_shown_size), as go_vision_scan gives it. */
static int work_image(go_cv_image *work, int *shown_w, int *shown_h, const uint8_t *data,
                      size_t len)
{
    go_image_format fmt;
    int w, h, rc;
    go_cv_image img = {0};
    if ((rc = go_vision_probe(&fmt, &w, &h, data, len)) == 0)
        rc = vz_decode_work(&img, work, data, len, fmt, w, h);
    go_cv_image_free(&img);
    if (rc == 0)
        vz_shown_size(shown_w, shown_h, work, w, h);
    return rc;
}

/* The lattice shown (in the displayed photo's pixels, shown_w x shown_h) in the work image's
 * pixels, into out (which may be shown). */
static void lattice_to_work(double out[9], const double shown[9], const go_cv_image *work,
                            int shown_w, int shown_h)
{
    const double sx = (double)work->width / shown_w, sy = (double)work->height / shown_h;
    const double s[9] = {sx, 0, 0, 0, sy, 0, 0, 0, 1};
    vz_mat3_mul(out, s, shown);
}

/* A photo's lattice as the data take it: the lattice corners (0, 0), (n - 1, 0),
 * (n - 1, n - 1), (0, n - 1) in the displayed photo's pixels, and the symmetry of those points
 * onto the label's. */
typedef struct stored_lattice {
    char image[512];
    int size, sym;
    double corners[4][2];
} stored_lattice;

/* Reads a lattices file (as --write-lattices writes it; lines starting '#' are comments) into
 * *out (malloc'd). Returns how many, or -1 with a message. */
static int read_lattices(stored_lattice **out, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    stored_lattice *v = NULL;
    int n = 0, cap = 0, line_no = 0;
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        line_no++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            stored_lattice *grown = realloc(v, (size_t)cap * sizeof *v);
            if (!grown) {
                free(v);
                fclose(f);
                return -1;
            }
            v = grown;
        }
        stored_lattice *e = &v[n];
        double(*c)[2] = e->corners;
        if (sscanf(line, "%511[^\t]\t%d\t%d\t%lf\t%lf\t%lf\t%lf\t%lf\t%lf\t%lf\t%lf", e->image,
                   &e->size, &e->sym, &c[0][0], &c[0][1], &c[1][0], &c[1][1], &c[2][0], &c[2][1],
                   &c[3][0], &c[3][1]) != 11 ||
            e->size < 2 || e->size > GO_MAX_SIZE || e->sym < 0 || e->sym > 7) {
            fprintf(stderr, "%s:%d: not image, size, symmetry and 8 corner coordinates\n", path,
                    line_no);
            free(v);
            fclose(f);
            return -1;
        }
        n++;
    }
    fclose(f);
    *out = v;
    return n;
}

static const stored_lattice *find_lattice(const stored_lattice *v, int n, const char *image)
{
    for (int i = 0; i < n; i++)
        if (strcmp(v[i].image, image) == 0)
            return &v[i];
    return NULL;
}

/* How the photos are taken into the data. */
typedef struct photo_options {
    int lattice; /* the lattice model's data, not the point classifier's */
    /* each photo's lattice, or NULL for the one the reader finds */
    const stored_lattice *stored;
    int nstored;
    /* not NULL: no patches; the reader's lattices are written here, as read_lattices reads them */
    FILE *record;
    int altered; /* the point classifier's data: each photo again, altered this many ways */
} photo_options;

/* The ways synth_photo_altered knows, shuffled by the generator *s (advanced), so that each
 * photo draws its own without repeating. */
static void alteration_order(int order[SYNTH_ALTERATIONS], uint64_t *s)
{
    for (int k = 0; k < SYNTH_ALTERATIONS; k++)
        order[k] = k;
    for (int k = SYNTH_ALTERATIONS - 1; k > 0; k--) {
        const int j = (int)(rnd(s) * (k + 1)), t = order[k];
        order[k] = order[j];
        order[j] = t;
    }
}

/* Photo i (displayed pixels in img, its lattice h_shown in them) altered `count` of the ways
 * synth_photo_altered knows, drawn without repeating by the photo's index (seeds the bench's
 * --alter does not use), each cut on the lattice carried through the alteration. */
static int write_altered(FILE *f, const go_cv_image *img, const double h_shown[9], int n,
                         uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE], int sym, int fold, int i,
                         int count)
{
    int order[SYNTH_ALTERATIONS];
    uint64_t s = 9100000 + 7919u * (uint64_t)i;
    alteration_order(order, &s);
    int rc = 0;
    for (int k = 0; rc == 0 && k < count && k < SYNTH_ALTERATIONS; k++) {
        uint8_t *jpeg = NULL;
        size_t len = 0;
        double view[9], h[9];
        int shown_w, shown_h;
        go_cv_image work = {0};
        rc = synth_photo_altered(&jpeg, &len, img, order[k], s + (uint64_t)k, view);
        if (rc == 0)
            rc = work_image(&work, &shown_w, &shown_h, jpeg, len);
        if (rc == 0) {
            vz_mat3_mul(h, view, h_shown);
            lattice_to_work(h, h, &work, shown_w, shown_h);
            rc = write_points(f, &work, h, n, truth, sym, fold, NULL);
        }
        go_cv_image_free(&work);
        free(jpeg);
    }
    return rc;
}

/* The photos' patches, each cut on its stored lattice or on the lattice the reader finds (o). */
static void photos(FILE *f, const char *root, const photo_options *o)
{
    const int lattice = o->lattice, nstored = o->nstored;
    const stored_lattice *lattices = o->stored;
    FILE *record = o->record;
    static photo_entry rows[PHOTO_SET_MAX];
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static go_vision_result res;
    int n = photo_set_read(rows, PHOTO_SET_MAX, root, NULL), used = 0, skipped = 0;
    if (n < 0) {
        printf("vision_patches: no photos at %s: synthetic boards only\n", root);
        return;
    }
    photo_set_folds(rows, n, PHOTO_SET_FOLDS);
    for (int i = 0; i < n; i++) {
        char path[1200];
        int size = 0, sym = 0, ok = 0, shown_w = 0, shown_h = 0;
        uint8_t *data = NULL;
        size_t len = 0;
        double h[9], shown[9]; /* the lattice in the work image's and the displayed pixels */
        go_cv_image work = {0};
        snprintf(path, sizeof path, "%s/%s", root, rows[i].image);
        const stored_lattice *st = lattices ? find_lattice(lattices, nstored, rows[i].image) : NULL;
        int rc = photo_set_label(root, &rows[i], truth, &size);
        if (rc == 0 && lattices && (!st || st->size != size))
            rc = -1; /* no stored lattice: left out, the data do not depend on the reader */
        if (rc == 0)
            rc = go_vision_read_file(&data, &len, path, GO_VISION_MAX_BYTES);
        if (rc == 0 && !lattices)
            rc = go_vision_scan(&res, data, len, NULL);
        if (rc == 0 && work_image(&work, &shown_w, &shown_h, data, len) == 0) {
            if (st) {
                double c[4][2];
                vz_grid g;
                memcpy(c, st->corners, sizeof c);
                sym = st->sym;
                ok = vz_lattice_through(&g, c, size, size - 1) == 0;
                memcpy(shown, g.h, sizeof shown);
            } else {
                ok = res.size == size &&
                     go_vision_match(&res, truth, size, &sym) >= 0.97 * size * size;
                memcpy(shown, res.homography, sizeof shown);
            }
            if (ok)
                lattice_to_work(h, shown, &work, shown_w, shown_h);
        }
        if (ok && record) {
            double c[4][2];
            const double at[4][2] = {{0, 0}, {size - 1, 0}, {size - 1, size - 1}, {0, size - 1}};
            for (int k = 0; k < 4 && ok; k++)
                ok = vz_apply(shown, at[k][0], at[k][1], &c[k][0], &c[k][1]) == 0;
            if (ok &&
                fprintf(record, "%s\t%d\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\n",
                        rows[i].image, size, sym, c[0][0], c[0][1], c[1][0], c[1][1], c[2][0],
                        c[2][1], c[3][0], c[3][1]) < 0)
                ok = 0;
        } else if (ok) {
            ok = (lattice ? write_lattice(f, &work, h, size, rows[i].fold, 5000000 + (uint64_t)i)
                          : write_points(f, &work, h, size, truth, sym, rows[i].fold, NULL)) == 0;
            go_cv_image shown_img = {0};
            if (ok && !lattice && o->altered > 0) {
                ok = go_cv_decode(&shown_img, data, len, 1) == 0 &&
                     write_altered(f, &shown_img, shown, size, truth, sym, rows[i].fold, i,
                                   o->altered) == 0;
                go_cv_image_free(&shown_img);
            }
        }
        if (ok)
            used++;
        else
            skipped++;
        go_cv_image_free(&work);
        free(data);
    }
    printf("vision_patches: %d photos used, %d left out (%s)\n", used, skipped,
           lattices ? "no stored lattice, or not read" : "refused, or read under 97%");
}

/* The corner data of one image: bgr as the model's input, with the corners of lattice h (n x n,
 * in bgr's pixels) in the input's. */
static int write_corner_record(FILE *f, const go_cv_image *bgr, const double h[9], int n, int fold)
{
    go_cv_image in = {0};
    double scale[2];
    int rc = vz_corner_input(&in, scale, bgr);
    float c[8];
    const int at[4][2] = {{0, 0}, {n - 1, 0}, {n - 1, n - 1}, {0, n - 1}};
    for (int k = 0; rc == 0 && k < 4; k++) {
        double x, y;
        if ((rc = vz_apply(h, at[k][0], at[k][1], &x, &y)) < 0)
            break;
        c[2 * k] = (float)((x + 0.5) * scale[0] - 0.5);
        c[2 * k + 1] = (float)((y + 0.5) * scale[1] - 0.5);
    }
    const uint8_t head[4] = {(uint8_t)(int8_t)fold, (uint8_t)n, 0, 0};
    const size_t px = (size_t)CORNER_IN_W * CORNER_IN_H * 3;
    if (rc == 0 && (fwrite(head, 1, 4, f) != 4 || fwrite(c, sizeof(float), 8, f) != 8 ||
                    fwrite(in.pixels, 1, px, f) != px))
        rc = -1;
    if (rc == 0)
        written++;
    go_cv_image_free(&in);
    return rc;
}

/* Synthetic board i of size `size` for the corner data: every nuisance at random
 * (synth_bench_board_mixed, stones put down by hurried hands where it says) in half of them,
 * the other half each of the rows' generators in turn. */
static int corner_board(FILE *f, int size, int si, int i)
{
    static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
    static double nudge[GO_MAX_SIZE][GO_MAX_SIZE][2];
    const uint64_t seed = 5000000 + (uint64_t)i * 7 + (uint64_t)si;
    synth_params p;
    double density, hurried = 0;
    const int kind = i % 2 == 0 ? -1 : (i / 2) % 13;
    if (kind < 0)
        synth_bench_board_mixed(&p, &density, &hurried, size, seed);
    else if (kind == 0)
        synth_bench_board(&p, &density, size, seed);
    else if (kind == 1)
        synth_bench_board_lit(&p, &density, size, seed, i);
    else if (kind == 2)
        synth_bench_board_low(&p, &density, size, seed, i);
    else if (kind == 3)
        synth_bench_board_small(&p, &density, size, seed, i);
    else if (kind == 4)
        synth_bench_board_shadowed(&p, &density, size, seed, i);
    else if (kind == 5 || kind == 12)
        synth_bench_board_scene(&p, &density, size, seed, i);
    else if (kind == 6)
        synth_bench_board_turned(&p, &density, size, seed, i);
    else if (kind == 7 || kind == 11)
        synth_bench_board_cloth(&p, &density, size, seed, i);
    else if (kind == 8)
        synth_bench_board_blue(&p, &density, size, seed, i);
    else if (kind == 9)
        synth_bench_board_webcam(&p, &density, size, seed, i);
    else
        synth_bench_board_steep(&p, &density, size, seed, i);
    synth_legal_position(truth, p.size, density, seed);
    if (hurried > 0) {
        synth_hurried_nudges(nudge, truth, p.size, hurried, seed);
        p.nudge = (const double(*)[GO_MAX_SIZE][2])nudge;
    }
    uint8_t *jpeg = NULL;
    size_t len = 0;
    double corners[4][2];
    go_cv_image work = {0};
    int shown_w, shown_h;
    vz_grid g;
    int rc = synth_render(&jpeg, &len, &p, truth, corners);
    if (rc == 0)
        rc = work_image(&work, &shown_w, &shown_h, jpeg, len);
    if (rc == 0)
        rc = vz_lattice_through(&g, corners, size, size - 1);
    if (rc == 0) {
        double h[9];
        lattice_to_work(h, g.h, &work, shown_w, shown_h);
        rc = write_corner_record(f, &work, h, size, -1);
    }
    free(jpeg);
    go_cv_image_free(&work);
    return rc;
}

/* The photos of folds 0-2 with a stored lattice (fold 3 left out unread), each as it is and
 * altered `altered` ways (synth_photo_altered, seeds the bench's --alter does not use). */
static void corner_photos(FILE *f, const char *root, const stored_lattice *lattices, int nstored,
                          int altered)
{
    static photo_entry rows[PHOTO_SET_MAX];
    int n = photo_set_read(rows, PHOTO_SET_MAX, root, NULL), used = 0;
    if (n < 0) {
        printf("vision_patches: no photos at %s: synthetic boards only\n", root);
        return;
    }
    photo_set_folds(rows, n, PHOTO_SET_FOLDS);
    for (int i = 0; i < n; i++) {
        if (rows[i].fold > 2)
            continue;
        const stored_lattice *st = find_lattice(lattices, nstored, rows[i].image);
        if (!st)
            continue;
        char path[1200];
        snprintf(path, sizeof path, "%s/%s", root, rows[i].image);
        uint8_t *data = NULL;
        size_t len = 0;
        int shown_w, shown_h, ok = 0;
        double c[4][2], h[9];
        vz_grid g;
        go_cv_image work = {0}, shown_img = {0};
        memcpy(c, st->corners, sizeof c);
        if (go_vision_read_file(&data, &len, path, GO_VISION_MAX_BYTES) == 0 &&
            work_image(&work, &shown_w, &shown_h, data, len) == 0 &&
            vz_lattice_through(&g, c, st->size, st->size - 1) == 0) {
            lattice_to_work(h, g.h, &work, shown_w, shown_h);
            ok = write_corner_record(f, &work, h, st->size, rows[i].fold) == 0;
        }
        if (ok && altered > 0 && go_cv_decode(&shown_img, data, len, 1) == 0) {
            int order[SYNTH_ALTERATIONS];
            uint64_t s = 9300000 + 7919u * (uint64_t)i;
            alteration_order(order, &s);
            for (int k = 0; k < altered && k < SYNTH_ALTERATIONS; k++) {
                uint8_t *jpeg = NULL;
                size_t jlen = 0;
                double view[9], ha[9];
                int aw, ah;
                go_cv_image aw_img = {0};
                if (synth_photo_altered(&jpeg, &jlen, &shown_img, order[k], s + (uint64_t)k,
                                        view) == 0 &&
                    work_image(&aw_img, &aw, &ah, jpeg, jlen) == 0) {
                    vz_mat3_mul(ha, view, g.h);
                    lattice_to_work(ha, ha, &aw_img, aw, ah);
                    write_corner_record(f, &aw_img, ha, st->size, rows[i].fold);
                }
                go_cv_image_free(&aw_img);
                free(jpeg);
            }
        }
        used += ok;
        go_cv_image_free(&shown_img);
        go_cv_image_free(&work);
        free(data);
    }
    printf("vision_patches: %d photos of folds 0-2 used\n", used);
}

/* The corner data (--corners): n synthetic boards of each size, then the photos. */
static int corner_data(const char *out, int n, int with_photos, const stored_lattice *stored,
                       int nstored, int altered)
{
    FILE *f = fopen(out, "wb");
    if (!f) {
        perror(out);
        return 1;
    }
    fwrite("GRCRNR01", 1, 8, f);
    put_u32(f, 0); /* the count, written last */
    put_u32(f, CORNER_IN_W);
    put_u32(f, CORNER_IN_H);
    static const int sizes[3] = {9, 13, 19};
    for (int i = 0; i < n; i++)
        for (int si = 0; si < 3; si++)
            if (corner_board(f, sizes[si], si, i) < 0)
                fprintf(stderr, "vision_patches: corners %d board %d: %s\n", sizes[si], i,
                        go_error_last());
    printf("vision_patches: %ld synthetic boards\n", written);
    if (with_photos && stored)
        corner_photos(f, GOREF_DATA_DIR "/photos", stored, nstored, altered);
    if (fseek(f, 8, SEEK_SET) != 0 || put_u32(f, (uint32_t)written) < 0 || fclose(f) != 0) {
        perror(out);
        return 1;
    }
    printf("vision_patches: %ld images to %s\n", written, out);
    return 0;
}

int main(int argc, char **argv)
{
    const char *out = NULL, *lattices_path = NULL, *record_path = NULL;
    int synthetic = 200, pale = 0, mixed = 0, with_photos = 1, lattice = 0, altered = 0,
        corners = -1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--synthetic") == 0 && i + 1 < argc)
            synthetic = atoi(argv[++i]);
        else if (strcmp(argv[i], "--pale") == 0 && i + 1 < argc)
            pale = atoi(argv[++i]);
        else if (strcmp(argv[i], "--mixed") == 0 && i + 1 < argc)
            mixed = atoi(argv[++i]);
        else if (strcmp(argv[i], "--no-photos") == 0)
            with_photos = 0;
        else if (strcmp(argv[i], "--corners") == 0 && i + 1 < argc)
            corners = atoi(argv[++i]);
        else if (strcmp(argv[i], "--lattice") == 0)
            lattice = 1;
        else if (strcmp(argv[i], "--altered") == 0 && i + 1 < argc)
            altered = atoi(argv[++i]);
        else if (strcmp(argv[i], "--lattices") == 0 && i + 1 < argc)
            lattices_path = argv[++i];
        else if (strcmp(argv[i], "--write-lattices") == 0 && i + 1 < argc)
            record_path = argv[++i];
        else if (argv[i][0] != '-' && !out)
            out = argv[i];
        else {
            fprintf(stderr, "vision_patches: unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (!out && !record_path) {
        fprintf(stderr, "usage: vision_patches OUT.bin [--synthetic N] [--pale N] [--mixed N] "
                        "[--no-photos] "
                        "[--lattice] [--altered N] [--lattices FILE]\n"
                        "       vision_patches --write-lattices FILE\n"
                        "       vision_patches --corners N OUT.bin [--no-photos] [--altered N] "
                        "[--lattices FILE]\n");
        return 2;
    }
    /* the lattice is the rule's reader's: the data must not depend on the model it trains (the
     * lattice model judges no lattice unless GOREF_VISION_LATTICE=on) */
    setenv("GOREF_VISION_POINTS", "rule", 1);
    go_cv_set_threads(1);
    if (record_path) { /* written whole beside the file, then put in its place */
        char tmp[1100];
        snprintf(tmp, sizeof tmp, "%s.part", record_path);
        FILE *r = fopen(tmp, "w");
        if (!r) {
            perror(tmp);
            return 1;
        }
        fprintf(r, "# The shared photos' lattices for the models' data (vision_patches "
                   "--lattices):\n# image, size, symmetry of the lattice's points onto the "
                   "label's (go_vision_symmetry),\n# then the lattice points (0,0), (n-1,0), "
                   "(n-1,n-1), (0,n-1) in the displayed photo's pixels.\n# Written by "
                   "vision_patches --write-lattices: the reader's lattice where it reads a photo "
                   "97%% right or better.\n");
        const photo_options o = {.record = r};
        photos(NULL, GOREF_DATA_DIR "/photos", &o);
        const int write_failed = ferror(r);
        if (fclose(r) != 0 || write_failed || rename(tmp, record_path) != 0) {
            perror(record_path);
            remove(tmp);
            return 1;
        }
        return 0;
    }
    stored_lattice *stored = NULL;
    int nstored = 0;
    if (lattices_path && (nstored = read_lattices(&stored, lattices_path)) < 0)
        return 1;
    if (corners >= 0) {
        const int rc = corner_data(out, corners, with_photos, stored, nstored, altered);
        free(stored);
        return rc;
    }
    FILE *f = fopen(out, "wb");
    if (!f) {
        perror(out);
        free(stored);
        return 1;
    }
    fwrite("GRPTCH01", 1, 8, f);
    put_u32(f, 0); /* the count, written last */
    put_u32(f, VZ_PATCH_SIDE);
    static const int sizes[3] = {9, 13, 19};
    /* the lattice data: each board plain and, as many again, in a room with clutter */
    for (int pass = lattice ? 1 : 0; pass <= 2 * lattice; pass++)
        for (int si = 0; si < 3; si++)
            for (int i = 0; i < synthetic; i++)
                if (synthetic_board(f, sizes[si], si, i, pass) < 0)
                    fprintf(stderr, "vision_patches: synthetic %d board %d: %s\n", sizes[si], i,
                            go_error_last());
    for (int si = 0; !lattice && si < 3; si++)
        for (int i = 0; i < pale; i++)
            if (pale_board(f, sizes[si], si, i) < 0)
                fprintf(stderr, "vision_patches: pale %d board %d: %s\n", sizes[si], i,
                        go_error_last());
    for (int si = 0; si < 3; si++)
        for (int i = 0; i < mixed; i++)
            if (mixed_board(f, sizes[si], si, i, lattice) < 0)
                fprintf(stderr, "vision_patches: mixed %d board %d: %s\n", sizes[si], i,
                        go_error_last());
    printf("vision_patches: %ld synthetic points\n", written);
    if (with_photos)
        photos(f, GOREF_DATA_DIR "/photos",
               &(photo_options){
                   .lattice = lattice, .stored = stored, .nstored = nstored, .altered = altered});
    free(stored);
    if (fseek(f, 8, SEEK_SET) != 0 || put_u32(f, (uint32_t)written) < 0 || fclose(f) != 0) {
        perror(out);
        return 1;
    }
    if (lattice)
        printf("vision_patches: %ld patches (%ld on points; no point: %ld half a cell off, %ld "
               "beyond the edge, %ld scenery, %ld at another cell) to %s\n",
               written, lat_per_kind[LAT_POINT], lat_per_kind[LAT_HALF], lat_per_kind[LAT_BEYOND],
               lat_per_kind[LAT_SCENERY], lat_per_kind[LAT_SCALE], out);
    else
        printf("vision_patches: %ld points (%ld empty, %ld black, %ld white) to %s\n", written,
               per_label[0], per_label[1], per_label[2], out);
    return 0;
}
