/* Exports and printing of result tables: CSV as stored, CSV for people, text tables padded
 * by display width, printable HTML. */
#ifndef GO_CLUB_EXPORT_H
#define GO_CLUB_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "go/club.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CSV (RFC 4180) of one table by name, its columns as stored (ids, fen, quarters): members,
 * status_history, dues, activities, checkins, items, stocktakes, loans, games, events,
 * entries. For people, see go_club_export_sheet. */
int go_club_export_csv(go_club *club, FILE *out, const char *table);
void go_club_table_csv(FILE *out, const go_club_table *t);
/* A table for people and spreadsheets (Excel on Chinese Windows): UTF-8 with a BOM, CRLF,
 * names beside ids, ranks as 5k/1d, money in yuan, komi in stones, dates as text; headers in
 * Chinese (lang "zh" or NULL) or English ("en"). Tables: members, status_history, dues,
 * activities, checkins, leaves, items, stocktakes, loans, games, events, entries. */
int go_club_export_sheet(go_club *club, FILE *out, const char *table, const char *lang);
/* Display columns of UTF-8 text in a terminal: East Asian Wide and Fullwidth characters
 * (汉字, kana, Hangul, fullwidth forms, 。，) take two, combining marks none, others one. */
int go_club_text_width(const char *utf8);
/* Plain text with columns aligned by display width (CJK two cells; cells wider than 40
 * columns are cut at a character boundary and end in '~'). */
void go_club_table_text(FILE *out, const go_club_table *t);
/* A printable HTML page (A4 print style, and a large projector view when projector). */
void go_club_table_html(FILE *out, const go_club_table *t, const char *title, bool projector);

#ifdef __cplusplus
}
#endif

#endif
