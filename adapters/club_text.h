/* Club tables as plain text for a terminal (`goref club` without --json, --csv or --html). */
#ifndef GOREF_CLUB_TEXT_H
#define GOREF_CLUB_TEXT_H

#include <stdio.h>

#include "go/club.h"

/* Display columns of UTF-8 text in a terminal: East Asian Wide and Fullwidth characters
 * (汉字, kana, Hangul, fullwidth forms, 。，) take two, combining marks none, others one. */
int go_text_width(const char *utf8);

/* Plain text with columns aligned by display width (CJK two cells; cells wider than 40
 * columns are cut at a character boundary and end in '~'); numbers right-aligned. */
void go_text_club_table(FILE *out, const go_club_table *t);

#endif
