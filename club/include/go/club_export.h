/* Exports: a club table as stored and the tables for people, as go_club_table values; the
 * front ends print them as CSV, text or HTML through adapters/. */
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

/* A table by name, its columns as stored (ids, fen, quarters): members, status_history, dues,
 * schedule, activities, checkins, items, stocktakes, loans, games, events, teams, entries,
 * settings. *out belongs to the caller (go_club_table_free). GO_EINVAL for another name. */
int go_club_export_table(go_club *club, go_club_table **out, const char *table);
/* A table for people: names beside ids, ranks as 5k/1d, money in yuan, komi and margins in
 * stones, dates as text; one column per header of adapters/club_csv.c, which names them.
 * Tables: members, status_history, dues, activities, checkins, leaves, items, stocktakes,
 * loans, games, events, entries. *out belongs to the caller. GO_EINVAL for another name. */
int go_club_sheet_table(go_club *club, go_club_table **out, const char *table);

#ifdef __cplusplus
}
#endif

#endif
