/* Standings for people, as a table for the text, HTML and CSV printers: `goref club event
 * standings` and the server's printable standings. */
#ifndef GOREF_CLUB_STANDINGS_H
#define GOREF_CLUB_STANDINGS_H

#include <stddef.h>

#include "go/club.h"
#include "go/club_events.h"

/* Only the columns of the event's system (round robin: points, SB; Swiss: points and the
 * total with two decimals; knockout: games won and lost; match: won, drawn, lost; team: match
 * and game points, and the team Swiss total), a shared place as "2=", how a tie was decided;
 * headers in Chinese (lang "zh" or NULL) or English ("en"), else GO_EINVAL. *out belongs to
 * the caller (go_club_table_free). */
int go_standings_sheet(go_club_table **out, const go_standing *s, size_t n, go_event_kind kind,
                       const char *lang);

#endif
