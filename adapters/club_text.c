/* Club tables as plain text for a terminal: columns aligned by display width, where East Asian
 * Wide and Fullwidth characters take two columns and combining marks none. */
#include "club_text.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15's EastAsianWidth.txt, merged
 * where adjacent: these take two terminal cells (Hanzi, kana, Hangul, fullwidth forms, the
 * ideographic space and punctuation 。，、, most emoji). */
typedef struct urange {
    uint32_t lo, hi;
} urange;
static const urange wide[] = {
    {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},
    {0x23F0, 0x23F0},   {0x23F3, 0x23F3},   {0x25FD, 0x25FE},   {0x2614, 0x2615},
    {0x2648, 0x2653},   {0x267F, 0x267F},   {0x2693, 0x2693},   {0x26A1, 0x26A1},
    {0x26AA, 0x26AB},   {0x26BD, 0x26BE},   {0x26C4, 0x26C5},   {0x26CE, 0x26CE},
    {0x26D4, 0x26D4},   {0x26EA, 0x26EA},   {0x26F2, 0x26F3},   {0x26F5, 0x26F5},
    {0x26FA, 0x26FA},   {0x26FD, 0x26FD},   {0x2705, 0x2705},   {0x270A, 0x270B},
    {0x2728, 0x2728},   {0x274C, 0x274C},   {0x274E, 0x274E},   {0x2753, 0x2755},
    {0x2757, 0x2757},   {0x2795, 0x2797},   {0x27B0, 0x27B0},   {0x27BF, 0x27BF},
    {0x2B1B, 0x2B1C},   {0x2B50, 0x2B50},   {0x2B55, 0x2B55},   {0x2E80, 0x2E99},
    {0x2E9B, 0x2EF3},   {0x2F00, 0x2FD5},   {0x2FF0, 0x2FFF},   {0x3000, 0x303E},
    {0x3041, 0x3096},   {0x3099, 0x30FF},   {0x3105, 0x312F},   {0x3131, 0x318E},
    {0x3190, 0x31E3},   {0x31EF, 0x321E},   {0x3220, 0x3247},   {0x3250, 0x4DBF},
    {0x4E00, 0xA48C},   {0xA490, 0xA4C6},   {0xA960, 0xA97C},   {0xAC00, 0xD7A3},
    {0xF900, 0xFAFF},   {0xFE10, 0xFE19},   {0xFE30, 0xFE52},   {0xFE54, 0xFE66},
    {0xFE68, 0xFE6B},   {0xFF01, 0xFF60},   {0xFFE0, 0xFFE6},   {0x16FE0, 0x16FE4},
    {0x16FF0, 0x16FF1}, {0x17000, 0x187F7}, {0x18800, 0x18CD5}, {0x18D00, 0x18D08},
    {0x1AFF0, 0x1AFFE}, {0x1B000, 0x1B122}, {0x1B132, 0x1B132}, {0x1B150, 0x1B152},
    {0x1B155, 0x1B155}, {0x1B164, 0x1B167}, {0x1B170, 0x1B2FB}, {0x1F004, 0x1F004},
    {0x1F0CF, 0x1F0CF}, {0x1F18E, 0x1F18E}, {0x1F191, 0x1F19A}, {0x1F200, 0x1F202},
    {0x1F210, 0x1F23B}, {0x1F240, 0x1F248}, {0x1F250, 0x1F251}, {0x1F260, 0x1F265},
    {0x1F300, 0x1F320}, {0x1F32D, 0x1F335}, {0x1F337, 0x1F37C}, {0x1F37E, 0x1F393},
    {0x1F3A0, 0x1F3CA}, {0x1F3CF, 0x1F3D3}, {0x1F3E0, 0x1F3F0}, {0x1F3F4, 0x1F3F4},
    {0x1F3F8, 0x1F43E}, {0x1F440, 0x1F440}, {0x1F442, 0x1F4FC}, {0x1F4FF, 0x1F53D},
    {0x1F54B, 0x1F54E}, {0x1F550, 0x1F567}, {0x1F57A, 0x1F57A}, {0x1F595, 0x1F596},
    {0x1F5A4, 0x1F5A4}, {0x1F5FB, 0x1F64F}, {0x1F680, 0x1F6C5}, {0x1F6CC, 0x1F6CC},
    {0x1F6D0, 0x1F6D2}, {0x1F6D5, 0x1F6D7}, {0x1F6DC, 0x1F6DF}, {0x1F6EB, 0x1F6EC},
    {0x1F6F4, 0x1F6FC}, {0x1F7E0, 0x1F7EB}, {0x1F7F0, 0x1F7F0}, {0x1F90C, 0x1F93A},
    {0x1F93C, 0x1F945}, {0x1F947, 0x1F9FF}, {0x1FA70, 0x1FA7C}, {0x1FA80, 0x1FA88},
    {0x1FA90, 0x1FABD}, {0x1FABF, 0x1FAC5}, {0x1FACE, 0x1FADB}, {0x1FAE0, 0x1FAE8},
    {0x1FAF0, 0x1FAF8}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

/* Marks drawn on the previous character, and invisible format characters: no cell. */
static const urange zero[] = {
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x0610, 0x061A},
    {0x064B, 0x065F}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x200B, 0x200F},
    {0x202A, 0x202E}, {0x2060, 0x2064}, {0x20D0, 0x20FF}, {0x3099, 0x309A},
    {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0xFEFF, 0xFEFF}, {0xE0100, 0xE01EF},
};

static bool in_ranges(uint32_t cp, const urange *r, size_t n)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < r[mid].lo)
            hi = mid;
        else if (cp > r[mid].hi)
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

/* Decodes one UTF-8 sequence (input is validated on entry; a stray byte counts as one). */
static const unsigned char *next_cp(const unsigned char *p, uint32_t *cp)
{
    int len = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
    if (len == 1 || *p < 0xC0) {
        *cp = *p;
        return p + 1;
    }
    uint32_t v = *p & (0xFFu >> (len + 1));
    int i = 1;
    for (; i < len && (p[i] & 0xC0) == 0x80; i++)
        v = (v << 6) | (p[i] & 0x3F);
    *cp = v;
    return p + i;
}

static int cp_width(uint32_t cp)
{
    if (in_ranges(cp, zero, sizeof zero / sizeof zero[0]))
        return 0;
    return in_ranges(cp, wide, sizeof wide / sizeof wide[0]) ? 2 : 1;
}

int go_text_width(const char *s)
{
    int w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        uint32_t cp;
        p = next_cp(p, &cp);
        w += cp_width(cp);
    }
    return w;
}

/* Bytes of s that fit in `cols` display columns (whole characters only); *used the columns. */
static size_t fit_bytes(const char *s, int cols, int *used)
{
    const unsigned char *p = (const unsigned char *)s;
    int w = 0;
    while (*p) {
        uint32_t cp;
        const unsigned char *q = next_cp(p, &cp);
        int cw = cp_width(cp);
        if (w + cw > cols)
            break;
        w += cw;
        p = q;
    }
    *used = w;
    return (size_t)(p - (const unsigned char *)s);
}

#define TEXT_COL_MAX 40 /* wider cells are cut, marked with '~', so the columns stay aligned */

void go_text_club_table(FILE *out, const go_club_table *t)
{
    int *w = calloc((size_t)t->ncols + 1, sizeof *w);
    if (!w)
        return;
    for (int c = 0; c < t->ncols; c++) {
        w[c] = go_text_width(t->names[c]);
        for (int r = 0; r < t->nrows; r++) {
            const char *s = go_club_cell(t, r, c);
            int k = go_text_width(s ? s : "");
            if (k > w[c])
                w[c] = k;
        }
        if (w[c] > TEXT_COL_MAX)
            w[c] = TEXT_COL_MAX;
    }
    for (int r = -1; r < t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++) {
            const char *s = r < 0 ? t->names[c] : go_club_cell(t, r, c);
            if (!s)
                s = "";
            int width = go_text_width(s), used = width;
            size_t bytes = strlen(s);
            bool cut = width > w[c];
            if (cut) /* keep one column for the mark */
                bytes = fit_bytes(s, w[c] - 1, &used);
            int pad = w[c] - used - (cut ? 1 : 0);
            bool right = r >= 0 && t->types[c] != GO_COL_TEXT;
            if (right)
                for (int k = 0; k < pad; k++)
                    fputc(' ', out);
            fwrite(s, 1, bytes, out);
            if (cut)
                fputc('~', out);
            if (!right && c + 1 < t->ncols)
                for (int k = 0; k < pad; k++)
                    fputc(' ', out);
            if (c + 1 < t->ncols)
                fputs("  ", out);
        }
        fputc('\n', out);
        if (r < 0) {
            for (int c = 0; c < t->ncols; c++) {
                for (int k = 0; k < w[c]; k++)
                    fputc('-', out);
                if (c + 1 < t->ncols)
                    fputs("  ", out);
            }
            fputc('\n', out);
        }
    }
    free(w);
}
