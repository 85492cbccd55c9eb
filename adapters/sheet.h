/* The printed count sheet: one A5 page (148 x 210 mm, 1184 x 1680 pixels at 8 pixels per mm,
 * 203.2 dpi, recorded in the PNG) with the verdict in Chinese and English, the referee's check
 * 黑方需…子以上，实有…子, the board with its dead stones and territory marked, the counts, and the
 * players, date and event when known. The text is drawn by Pango with a CJK font
 * (fonts-wqy-microhei); a text no installed font can draw fails the sheet (GO_EUNSUPPORTED)
 * instead of printing empty boxes. The fonts are loaded on the first sheet, not before. */
#ifndef GOREF_SHEET_H
#define GOREF_SHEET_H

#include <stddef.h>

#include "go/score.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GO_SHEET_INFO_VERSION 1
/* What the sheet says about the game besides the count. Strings are UTF-8, borrowed for the
 * call; NULL or "" leaves the item off. The names match the SGF game info (PB, PW, DT, EV). */
typedef struct go_sheet_info {
    int version;       /* GO_SHEET_INFO_VERSION */
    const char *black; /* Black's player */
    const char *white; /* White's player */
    const char *date;  /* as written, e.g. "2024-05-18" */
    const char *event; /* tournament or occasion */
} go_sheet_info;
#define GO_SHEET_INFO_INIT                                                                         \
    {                                                                                              \
        GO_SHEET_INFO_VERSION, NULL, NULL, NULL, NULL                                              \
    }

/* The sheet of count c as a PNG in memory (*out malloc'd, caller frees). info may be NULL (no
 * players, date or event). GO_EINVAL for a board size outside 2..GO_MAX_SIZE or an unknown
 * info version, GO_ECHARSET for a string that is not UTF-8, GO_EUNSUPPORTED when a text has
 * characters no installed font has (go_error_last() names the text and the font to install).
 * go_count_png(out, len, c) is this sheet with info NULL. Safe to call from many threads (the
 * text layout is serialised). */
int go_count_sheet_png(unsigned char **out, size_t *out_len, const go_count *c,
                       const go_sheet_info *info);
/* The same written to a file; GO_EIO when it cannot be written. */
int go_count_sheet_write_png(const char *path, const go_count *c, const go_sheet_info *info);

/* The sheet without players, date or event: go_count_png writes it to memory (*out malloc'd,
 * caller frees), go_count_write_png to a file (GO_EIO). */
int go_count_png(unsigned char **out, size_t *out_len, const go_count *c);
int go_count_write_png(const char *path, const go_count *c);

#ifdef __cplusplus
}
#endif

#endif
