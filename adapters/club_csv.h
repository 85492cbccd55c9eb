/* Club tables as CSV (RFC 4180, CRLF; a cell that a spreadsheet would run as a formula is
 * quoted with a leading '): `goref club export`, `goref club ... --csv` and the server's
 * /api/club/export. */
#ifndef GOREF_CLUB_CSV_H
#define GOREF_CLUB_CSV_H

#include <stdio.h>

#include "go/club.h"
#include "go/club_export.h"

/* The table's column names, then its rows; NULL cells are empty. */
void go_csv_club_table(FILE *out, const go_club_table *t);

/* A table as stored (go_club_export_table: ids, fen, quarters), for programs. GO_EINVAL for
 * an unknown table, GO_EIO when out fails. */
int go_csv_club_export(FILE *out, go_club *club, const char *table);

/* A table for people and spreadsheets (go_club_sheet_table): UTF-8 with a BOM, headers in
 * Chinese (lang "zh" or NULL) or English ("en"). GO_EINVAL for an unknown table or language,
 * GO_EIO when out fails. */
int go_csv_club_sheet(FILE *out, go_club *club, const char *table, const char *lang);

#endif
