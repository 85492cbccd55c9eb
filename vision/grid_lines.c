/* Stage 2, candidates: the straight lines. In: a BGR work image and a gray (plain luminance or
 * weighted by the light's colour). Out: the thin-line response (black-hat), its threshold, the
 * pixels of line above it and the strongest straight lines through them (a Hough transform with
 * real non-maximum suppression), kept per gray in the line cache (vz_line_cache), with what the
 * looks built on them found (grid_prefix), for the looks that follow on the same image. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid_int.h"
#include "params.h"

static int cmp_votes(const void *a, const void *b)
{
    float x = ((const hline *)a)->votes, y = ((const hline *)b)->votes;
    return (x < y) - (x > y);
}

/* The Hough accumulator of bin: theta in [0, pi) in HOUGH_NT steps of 0.5 degree, rho in 1
 * pixel steps (R the largest |rho|), in 16ths of a vote, into *acc_out (HOUGH_NT rows of
 * 2 R + 2; malloc'd, the caller frees). Also built for AVX (picked at load time where the
 * processor has it): eight pixels' bins at once; the same operations (no fused multiply-add), so
 * the same votes. */
enum { HOUGH_NT = 360 };
/* The votes of one angle are scattered into this many copies of its row, pixel by pixel in
 * turn, then summed: neighbouring pixels of a line fall into the same bins, and each add would
 * otherwise wait for the one before it to reach memory. Integer sums in any order: the same
 * votes. */
enum { HOUGH_LANES = 4 };
_Static_assert(HOUGH_LANES == 4, "hough_votes names its four lanes l0 to l3");
__attribute__((target_clones("avx", "default"))) static int hough_votes(int **acc_out, int *R_out,
                                                                        const go_cv_image *bin)
{
    enum { NT = HOUGH_NT };
    const int W = bin->width, H = bin->height;
    const int R = (int)ceil(hypot(W, H)) + 1, NR = 2 * R + 2;
    size_t n = 0;
    for (size_t i = 0, all = (size_t)W * H; i < all; i++)
        n += bin->pixels[i] != 0;
    const size_t room = n ? n : 1;
    int *acc = calloc((size_t)NT * NR, sizeof *acc);
    int *lane = calloc((size_t)HOUGH_LANES * NR, sizeof *lane);
    float *fx = malloc(sizeof *fx * room), *fy = malloc(sizeof *fy * room);
    int *at = malloc(sizeof *at * room), *frac = malloc(sizeof *frac * room);
    int rc = 0;
    if (!acc || !lane || !fx || !fy || !at || !frac) {
        free(acc);
        rc = go_error_set(GO_ENOMEM, "Hough accumulator");
        goto done;
    }
    n = 0;
    for (int y = 0; y < H; y++) {
        const uint8_t *row = bin->pixels + (size_t)y * W;
        for (int x = 0; x < W; x++)
            if (row[x]) {
                fx[n] = (float)x;
                fy[n] = (float)y;
                n++;
            }
    }
    /* Angle by angle, so that the votes land in one row of the accumulator at a time (it stays
     * in the cache). Each vote is split between the two nearest rho bins: rounding instead makes
     * dense pixel areas peak at 45 and 135 degrees (pixel diagonals alias). */
    for (int t = 0; t < NT; t++) {
        const float ct = (float)cos(t * PI / NT), st = (float)sin(t * PI / NT);
        int *a = acc + (size_t)t * NR;
        for (size_t k = 0; k < n; k++) { /* vectorised: the bins of every pixel */
            float rf = fx[k] * ct + fy[k] * st + (float)R;
            int r = (int)rf;
            at[k] = r;
            frac[k] = (int)((rf - (float)r) * 16.0f);
        }
        /* then the votes, scattered, pixel k into lane k % HOUGH_LANES, the lanes summed into
         * the row (and cleared for the next angle) */
        int *l0 = lane, *l1 = lane + NR, *l2 = lane + 2 * NR, *l3 = lane + 3 * NR;
        size_t k = 0;
        for (; k + HOUGH_LANES <= n; k += HOUGH_LANES) {
            l0[at[k]] += 16 - frac[k];
            l0[at[k] + 1] += frac[k];
            l1[at[k + 1]] += 16 - frac[k + 1];
            l1[at[k + 1] + 1] += frac[k + 1];
            l2[at[k + 2]] += 16 - frac[k + 2];
            l2[at[k + 2] + 1] += frac[k + 2];
            l3[at[k + 3]] += 16 - frac[k + 3];
            l3[at[k + 3] + 1] += frac[k + 3];
        }
        for (; k < n; k++) {
            l0[at[k]] += 16 - frac[k];
            l0[at[k] + 1] += frac[k];
        }
        for (int r = 0; r < NR; r++) {
            a[r] = l0[r] + l1[r] + l2[r] + l3[r];
            l0[r] = l1[r] = l2[r] = l3[r] = 0;
        }
    }
    *acc_out = acc;
    *R_out = R;
done:
    free(lane);
    free(fx);
    free(fy);
    free(at);
    free(frac);
    return rc;
}

/* The lines of the accumulator acc (hough_votes, with R) with at least threshold 16ths of a vote,
 * by real non-maximum suppression (OpenCV's keeps whole clouds of near-identical lines around
 * each thick line, which crowds out the weaker family): the max strongest into out, their count
 * into *out_count. */
static int hough_lines(hline *out, int max, int *out_count, const int *acc, int R, int threshold)
{
    enum { NT = HOUGH_NT };
    const int NR = 2 * R + 2;
    int nc = 0, cap = 20000;
    hline *cand = malloc(sizeof *cand * (size_t)cap);
    if (!cand)
        return go_error_set(GO_ENOMEM, "Hough lines");
    for (int t = 0; t < NT; t++)
        for (int r = 0; r < NR; r++) {
            int v = acc[t * NR + r];
            if (v < threshold)
                continue;
            int is_max = 1;
            for (int dt = -4; dt <= 4 && is_max; dt++) {
                int tt = t + dt, rr0 = r;
                if (tt < 0) { /* theta wraps to pi with rho negated */
                    tt += NT;
                    rr0 = 2 * R - r;
                } else if (tt >= NT) {
                    tt -= NT;
                    rr0 = 2 * R - r;
                }
                for (int dr = -6; dr <= 6; dr++) {
                    int rr = rr0 + dr;
                    if (rr < 0 || rr >= NR || (dt == 0 && dr == 0))
                        continue;
                    int w = acc[tt * NR + rr];
                    /* ties broken by position so a plateau keeps one line */
                    if (w > v || (w == v && (tt * NR + rr) < (t * NR + r))) {
                        is_max = 0;
                        break;
                    }
                }
            }
            if (!is_max || nc >= cap)
                continue;
            cand[nc].rho = (float)(r - R);
            cand[nc].theta = (float)(t * PI / NT);
            cand[nc].votes = (float)v / 16.0f;
            nc++;
        }
    qsort(cand, (size_t)nc, sizeof *cand, cmp_votes);
    *out_count = nc < max ? nc : max;
    for (int i = 0; i < *out_count; i++)
        out[i] = cand[i];
    free(cand);
    return 0;
}

/* Threshold of the line response: a high percentile of the black-hat image (grid lines cover
 * a small share of the board), at least 8. */
int vz_bh_threshold(const go_cv_image *bh)
{
    size_t hist[256] = {0}, n = (size_t)bh->width * bh->height, acc = 0;
    for (size_t i = 0; i < n; i++)
        hist[bh->pixels[i]]++;
    int t = 255;
    while (t > 0 && acc + hist[t] < n / 12)
        acc += hist[t--];
    return t < 8 ? 8 : t;
}

void vz_line_reading_free(line_reading *L)
{
    go_cv_image_free(&L->bh);
    go_cv_image_free(&L->bin);
    free(L->raw);
    memset(L, 0, sizeof *L);
}

void vz_grid_prefix_free(grid_prefix *gp)
{
    if (gp)
        free(gp->px);
    free(gp);
}

vz_line_cache *vz_line_cache_new(void)
{
    return calloc(1, sizeof(vz_line_cache));
}

void vz_line_cache_free(vz_line_cache *c)
{
    if (!c)
        return;
    for (int k = 0; k < VZ_GRAYS; k++) {
        vz_line_reading_free(&c->gray[k]);
        for (int j = 0; j < VZ_PREFIX_KINDS; j++)
            vz_grid_prefix_free(c->prefix[k][j]);
    }
    free(c);
}

int vz_read_lines(line_reading *L, const go_cv_image *bgr, int kind)
{
    go_cv_image gray = {0};
    int *acc = NULL, R = 0;
    const int W = bgr->width, H = bgr->height;
    const double S = (W > H ? W : H) / 2.0;
    int rc = kind == 2 ? vz_gray_lines(&gray, bgr)
             : kind    ? vz_gray(&gray, bgr)
                       : go_cv_gray(&gray, bgr);
    if (rc < 0 || (rc = go_cv_blackhat(&L->bh, &gray, LINE_KERNEL)) < 0)
        goto done;
    L->t = vz_bh_threshold(&L->bh);
    if ((rc = go_cv_image_alloc(&L->bin, W, H, 1)) < 0)
        goto done;
    for (size_t i = 0, n = (size_t)W * H; i < n; i++)
        L->bin.pixels[i] = L->bh.pixels[i] > L->t ? 255 : 0;
    if (!(L->raw = malloc(sizeof(hline) * MAX_LINES))) {
        rc = go_error_set(GO_ENOMEM, "grid lines");
        goto done;
    }
    /* the accumulator once, its lines at the usual length, then shorter if too few */
    if ((rc = hough_votes(&acc, &R, &L->bin)) < 0 ||
        (rc = hough_lines(L->raw, MAX_LINES, &L->nl, acc, R, (int)(S / LINE_VOTES) * 16)) < 0)
        goto done;
    if (L->nl < LINES_FEW &&
        (rc = hough_lines(L->raw, MAX_LINES, &L->nl, acc, R, (int)(S / LINE_VOTES_SMALL) * 16)) < 0)
        goto done;
    L->built = 1;
done:
    free(acc);
    go_cv_image_free(&gray);
    if (rc < 0)
        vz_line_reading_free(L);
    return rc;
}
