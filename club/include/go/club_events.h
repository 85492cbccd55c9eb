/* Events: entries, withdrawals (Article 29), pairing every system (Berger, Swiss, knockout,
 * match, team round robin, team Swiss), standings and tie-breaks (Article 28). The Swiss
 * pairing itself and the cross table are go/swiss.h. */
#ifndef GO_CLUB_EVENTS_H
#define GO_CLUB_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "go/club.h"
#include "go/swiss.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum go_event_kind {
    GO_EVENT_ROUND_ROBIN = 0, /* 循环制, Berger tables */
    GO_EVENT_SWISS,           /* 积分编排制 */
    GO_EVENT_KNOCKOUT,        /* 淘汰制 */
    GO_EVENT_MATCH,           /* 多局决胜制: two players, best of N */
    GO_EVENT_TEAM,            /* team round robin, fixed board order, match points */
    GO_EVENT_TEAM_SWISS       /* team Swiss (Article 28 二.2): match points and the team total */
} go_event_kind;
const char *go_event_kind_name(go_event_kind k);
int go_event_kind_parse(go_event_kind *out, const char *text);

int go_club_event_add(go_club *club, int64_t *out_id, const char *name, go_event_kind kind,
                      int rounds, const char *date, int boards);
int go_club_event_list(go_club *club, go_club_table **out);
/* Round robins (individual or team): 1 a single cycle, 2 a double one (Article 27 二: every
 * pair meets twice, the second time with the colours swapped). GO_ECONFLICT once paired. */
int go_club_event_set_cycles(go_club *club, int64_t event, int cycles);
/* The draw for round 1's colours: 'B' or 'W' is the colour of the higher player (team) on
 * board 1, the next boards alternate. Without it the lot is drawn when round 1 is paired and
 * stored. GO_ECONFLICT once paired. */
int go_club_event_set_draw(go_club *club, int64_t event, char higher_colour);
/* Enters a member; team events name the team and the board (1 = first board). */
int go_club_event_enter(go_club *club, int64_t event, int64_t member, const char *team, int board);
/* Article 29: the member leaves after round. 0 = before the start (section 1): the entry is
 * removed and, when the event is paired but no game has a result, the pairings and the colour
 * lot are dropped for a new draw (pair again); GO_ECONFLICT once a game has a result. */
int go_club_event_withdraw(go_club *club, int64_t event, int64_t member, int after_round);
/* Pairs the next round (Swiss, knockout) or the whole schedule (round robin, match, team).
 * *out_round is the first round created. Refuses while the previous round has no results. */
int go_club_event_pair(go_club *club, int *out_round, int64_t event);
/* The pairings of a round (0 = all): round, board, black, white, result. */
int go_club_event_pairings(go_club *club, go_club_table **out, int64_t event, int round);

typedef struct go_standing {
    int place;
    bool shared;    /* the place is shared (Article 28 C) */
    int64_t member; /* or the team id in team events */
    char name[4 * GO_CLUB_NAME_MAX + 1];
    double points;      /* 2 win, 1 draw, 0 loss (match points in team events) */
    double tiebreak_sb; /* Article 28 A: beaten opponents' points + half the drawn ones' */
    double swiss_total; /* Article 28 section 2 (Swiss events; else = points) */
    double game_points; /* team events: sum of the boards' game points */
    int warnings;       /* Article 28 B */
    int played, wins, draws, losses;
    bool withdrawn;
    char decided[8]; /* Article 28 D: "lot" or "playoff" when a tie was broken so, else "" */
} go_standing;
/* Standings after the results entered so far, in place order. *out malloc'd (caller frees). */
int go_club_event_standings(go_club *club, go_standing **out, size_t *out_count, int64_t event);
/* Article 28 D: places that may not be shared are decided by a play-off or by lot, and
 * recorded so. method "lot": every shared place of the standings now is drawn (order NULL).
 * method "playoff": order lists one shared place's players, the play-off's winner first.
 * GO_EINVAL when they are not tied; GO_EEXISTS when a tie of theirs is already decided. */
int go_club_event_tiebreak(go_club *club, int64_t event, const char *method, const int64_t *order,
                           size_t n);

/* ---- The tie-break engine over a cross table (used by the standings and the peer checks) ---- */
typedef enum go_unplayed_mode {
    GO_UNPLAYED_AS_SCORED = 0, /* plain sums; withdrawals as Article 29 section 3 (Swiss) */
    GO_UNPLAYED_FIDE_2023 /* FIDE C.07 (2023) Art. 16: virtual opponents, trailing VURs as draws */
} go_unplayed_mode;
/* points[i] and sb[i] for every player; out arrays of nplayers doubles supplied by the caller.
 * swiss_total may be NULL. */
int go_xtable_tiebreaks(const go_xtable *t, go_unplayed_mode mode, double *points, double *sb,
                        double *swiss_total);

/* ---- The event for other programs ---- */
/* TRF of an event, with `XXS W=2 D=1` (our 2/1/0 points): start numbers by rank (then entry),
 * ranks as ratings (go_rank_rating), the rounds after a withdrawal as zero-point byes, team
 * records (013); columns count characters (a name in Hanzi is 33 characters, not bytes). */
int go_club_export_trf(go_club *club, FILE *out, int64_t event);

#ifdef __cplusplus
}
#endif

#endif
