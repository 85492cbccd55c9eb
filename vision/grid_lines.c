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

/* Hough transform with real non-maximum suppression (OpenCV's keeps whole clouds of
 * near-identical lines around each thick line, which crowds out the weaker family).
 * theta in [0, pi) in 0.5 degree steps, rho in 1 pixel steps. */
static int hough(hline *out, int max, int *out_count, const go_cv_image *bin, int threshold)
{
    enum { NT = 360 };
    const int W = bin->width, H = bin->height;
    const int R = (int)ceil(hypot(W, H)) + 1, NR = 2 * R + 2;
    int *acc = calloc((size_t)NT * NR, sizeof *acc);
    hline *cand = NULL;
    float ct[NT], st[NT];
    int rc = 0, nc = 0, cap = 20000;
    if (!acc)
        return go_error_set(GO_ENOMEM, "Hough accumulator");
    for (int t = 0; t < NT; t++) {
        ct[t] = (float)cos(t * PI / NT);
        st[t] = (float)sin(t * PI / NT);
    }
    int bin_at[NT], frac_at[NT];
    for (int y = 0; y < H; y++) {
        const uint8_t *row = bin->pixels + (size_t)y * W;
        for (int x = 0; x < W; x++) {
            if (!row[x])
                continue;
            /* Each vote is split between the two nearest rho bins: rounding instead makes
             * dense pixel areas peak at 45 and 135 degrees (pixel diagonals alias). */
            for (int t = 0; t < NT; t++) { /* vectorised: the bins of every angle */
                float rf = x * ct[t] + y * st[t] + (float)R;
                int r = (int)rf;
                bin_at[t] = t * NR + r;
                frac_at[t] = (int)((rf - (float)r) * 16.0f);
            }
            for (int t = 0; t < NT; t++) { /* then the votes, scattered */
                acc[bin_at[t]] += 16 - frac_at[t];
                acc[bin_at[t] + 1] += frac_at[t];
            }
        }
    }
    cand = malloc(sizeof *cand * (size_t)cap);
    if (!cand) {
        rc = go_error_set(GO_ENOMEM, "Hough lines");
        goto done;
    }
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
done:
    free(acc);
    free(cand);
    return rc;
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
    for (int k = 0; k < 2; k++) {
        vz_line_reading_free(&c->gray[k]);
        for (int j = 0; j < 4; j++)
            vz_grid_prefix_free(c->prefix[k][j]);
    }
    free(c);
}

int vz_read_lines(line_reading *L, const go_cv_image *bgr, int light_weighted)
{
    go_cv_image gray = {0};
    const int W = bgr->width, H = bgr->height;
    const double S = (W > H ? W : H) / 2.0;
    int rc = light_weighted ? vz_gray(&gray, bgr) : go_cv_gray(&gray, bgr);
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
    if ((rc = hough(L->raw, MAX_LINES, &L->nl, &L->bin, (int)(S / LINE_VOTES) * 16)) < 0)
        goto done;
    if (L->nl < LINES_FEW &&
        (rc = hough(L->raw, MAX_LINES, &L->nl, &L->bin, (int)(S / LINE_VOTES_SMALL) * 16)) < 0)
        goto done;
    L->built = 1;
done:
    go_cv_image_free(&gray);
    if (rc < 0)
        vz_line_reading_free(L);
    return rc;
}
