/* Club tables as printable HTML pages, for `goref club ... --html` and the server's printable
 * standings and pairings. */
#ifndef GOREF_CLUB_HTML_H
#define GOREF_CLUB_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "go/club.h"

/* A whole HTML page titled title (escaped), the table with numbers right-aligned: an A4
 * print style, and a large projector view when projector. lang names the page's language for
 * the browser (its fonts, line breaking and read-aloud): "en", else Chinese. */
void go_html_club_table(FILE *out, const go_club_table *t, const char *title, bool projector,
                        const char *lang);

#endif
