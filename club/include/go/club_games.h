/* Games and results: how a game was decided, the record of a game (Article 25 applied when
 * it is entered), listings, the SHA-256 of a photo of the final position. */
#ifndef GO_CLUB_GAMES_H
#define GO_CLUB_GAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "go/club.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum go_result_by {
    GO_BY_PENDING = 0, /* paired, not played yet */
    GO_BY_COUNT,       /* 数子: margin in quarter stones */
    GO_BY_RESIGN,
    GO_BY_TIME,
    GO_BY_FORFEIT,
    GO_BY_WARNINGS, /* Article 25: two warnings in one game lose it */
    GO_BY_DRAW,     /* jigo, triple ko... */
    GO_BY_BYE       /* no opponent this round */
} go_result_by;
const char *go_result_by_name(go_result_by by);
int go_result_by_parse(go_result_by *out, const char *text);

typedef struct go_game_record {
    int64_t id;
    char date[11];
    int64_t black, white; /* member ids; white 0 for a bye */
    int handicap;
    int komi_quarters; /* default 15 = 3 3/4 stones (today's Chinese rules; 1988: 11) */
    char rules[17];    /* "chinese" */
    char winner;       /* 'B', 'W', 'D' draw, 'N' both lose, 0 unknown */
    go_result_by by;
    int margin_quarters; /* by count: the margin in quarters of a stone */
    char referee[4 * GO_CLUB_NAME_MAX + 1];
    int warnings_black, warnings_white;
    char *position;        /* optional board text (owned by the caller when adding) */
    char *dead;            /* optional dead stone list */
    char *count_json;      /* optional count as `goref count --json` printed it */
    char photo_sha256[65]; /* lower-case hex or "" */
    int64_t event;         /* 0: a friendly game */
    int round, board;
    int finished; /* the count's finished flag: 1 finished, 0 not (a provisional count), -1
                   * unknown (no count, or stored before the flag existed) */
} go_game_record;
#define GO_GAME_RECORD_INIT                                                                        \
    {                                                                                              \
        0, "", 0, 0, 0, 15, "chinese", 0, GO_BY_PENDING, 0, "", 0, 0, NULL, NULL, NULL, "", 0, 0,  \
            0, -1                                                                                  \
    }

/* Adds a game (or, when rec->id > 0, enters the result of that paired game). Applies Article
 * 25: a player with two warnings loses, whatever was entered. Changing a result already
 * entered is a correction: GO_ECONFLICT unless go_club_set_reason gave why. Every result goes
 * to the change log. */
int go_club_result_add(go_club *club, go_game_record *rec);
int go_club_game_list(go_club *club, go_club_table **out, int64_t member, int64_t event);
/* Lower-case hex SHA-256 of a buffer (for the photo of the final position), by libsodium. */
void go_sha256_hex(char out[65], const void *data, size_t len);

#ifdef __cplusplus
}
#endif

#endif
