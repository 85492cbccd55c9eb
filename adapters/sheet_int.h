/* Internals of the count sheet (sheet.c): the renderer with a list of warnings and the geometry
 * of what it drew, for the front ends' adapters and for the tests. Not installed. */
#ifndef GO_SHEET_INT_H
#define GO_SHEET_INT_H

#include "sheet.h"

/* One warning as the sheet prints it: the Chinese line above the English one. Borrowed. */
typedef struct sheet_warning {
    const char *message_zh;
    const char *message_en;
} sheet_warning;

typedef struct sheet_box {
    int x, y, w, h; /* pixels; w = h = 0 when nothing was drawn */
} sheet_box;

/* Where the parts of a sheet landed. */
typedef struct sheet_geometry {
    int width, height;    /* of the page */
    int first_x, first_y; /* centre of the top-left point of the board */
    int cell;             /* distance between two lines of the board */
    sheet_box verdict_zh; /* the Chinese verdict's line */
    sheet_box check_zh;   /* the 黑方需…子以上，实有…子 line */
    sheet_box warnings;   /* the warnings block */
    sheet_box players;    /* the players line, then the date and event line */
} sheet_geometry;

/* The sheet of c (see go_count_sheet_png) with warnings[0..nwarnings) printed in red above the
 * verdict, in that order; warnings may be NULL when nwarnings is 0. geom (may be NULL) gets
 * where things were drawn. */
int sheet_png(unsigned char **out, size_t *out_len, sheet_geometry *geom, const go_count *c,
              const go_sheet_info *info, const sheet_warning *warnings, int nwarnings);

/* How many characters of text the sheet's fonts cannot draw (0 when all can), or a negative
 * go_err. Loads the fonts if no sheet has yet. */
int sheet_missing_glyphs(const char *text);

#endif
