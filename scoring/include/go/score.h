/* Chinese area counting (数子法, 《中国围棋竞赛规则》第九条) and dead-stone
 * suggestions. Every result is a plain value struct (no heap, no library types) so that the
 * club log can store a go_count and the GTP engine can answer final_score / final_status_list.
 *
 * Units. All stone arithmetic is exact, in QUARTERS OF A STONE (komi 3 3/4 = 15 quarters; one
 * point of the Japanese/GTP "points" scale is half a stone = 2 quarters). Never compare floats.
 *
 * The count (go_score_count): remove the agreed dead groups; every empty region bordered only by
 * Black is Black's, only by White is White's; a region bordered by both (dame, seki liberties) is
 * shared, each side getting half of each point (双方活棋之间的空点各得一半; and by
 * 《中国围棋竞赛规则》第二十一条 points still open when both sides declare the end are treated as
 * seki). Par (归本数) is half the board (180 1/2 on 19x19). Black needs more than par + komi +
 * handicap give-back; a margin of exactly zero is a draw (和). The rules' introduction gives
 * 黑185子为赢, 白177子为赢; with komi 3 3/4: Black 185 wins by 3/4, White 177 (Black 184) wins
 * by 1/4.
 *
 * Handicap give-back. In a handicap game Black gives back half the handicap count in stones
 * (中国围棋竞赛规则 2002, 让子棋: 黑方贴还让子数的一半). GNU Go 3.8 does the same with
 * --chinese-rules: its score adds N points (= N/2 stones) for N handicap stones (see
 * ../shared/data/gnugo/README.md). The amount is a setting: giveback_quarters_per_stone. */
#ifndef GO_SCORE_H
#define GO_SCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "go/board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- komi and rules presets */

typedef enum go_rules_preset {
    GO_RULES_2002 = 0, /* today's Chinese rules: komi 3 3/4 stones (7.5 points); the default */
    GO_RULES_1988 = 1, /* 《中国围棋竞赛规则》(1988) 第十一条: komi 2 3/4 stones */
} go_rules_preset;

/* Komi of a preset, in quarter stones (15 or 11). */
int go_score_rules_komi(go_rules_preset rules);
/* "2002" / "1988" (also "chinese" = 2002). GO_EINVAL otherwise. */
int go_score_rules_parse(go_rules_preset *out, const char *text);

/* Komi text in stones ("3.75", "3", "-0.25", "3 3/4", "3+3/4", "2又3/4", "3¾", "½") to quarters;
 * GO_ERANGE when not a multiple of 1/4 or beyond +-1000 stones, GO_EPARSE when not a number. */
int go_score_komi_parse_stones(int *out_quarters, const char *text);
/* Komi text in points ("7.5", "6.5", "0") to quarters (1 point = 2 quarters); GO_ERANGE when not
 * a multiple of 1/2. */
int go_score_komi_parse_points(int *out_quarters, const char *text);

/* A komi a referee should confirm before counting: over 5 stones either way (7.5 typed as
 * stones where points were meant gives 7 1/2). */
bool go_score_komi_unusual(int komi_quarters);

/* Writes a quarter amount the way a Chinese referee says it: "184又1/4", "3/4", "2又1/2", "185",
 * "0"; negative amounts get a leading '-'. ascii=true writes "184 1/4" instead of "184又1/4".
 * Returns buf (needs 24 bytes). */
char *go_score_format_quarters(char *buf, size_t buf_size, int quarters, bool ascii);

/* ---------------------------------------------------------------------------- the count */

/* What a point is after the count. Indexed by go_point in go_count.owner. */
typedef enum go_owner {
    GO_OWN_OFF = 0,         /* not a point of this board */
    GO_OWN_BLACK_STONE = 1, /* alive Black stone, 'X' */
    GO_OWN_WHITE_STONE = 2, /* alive White stone, 'O' */
    GO_OWN_BLACK_DEAD = 3,  /* dead Black stone, removed; its point counts for the region, 'x' */
    GO_OWN_WHITE_DEAD = 4,  /* dead White stone, 'o' */
    GO_OWN_BLACK_AREA = 5,  /* empty point of Black's, 'b' */
    GO_OWN_WHITE_AREA = 6,  /* empty point of White's, 'w' */
    GO_OWN_SHARED = 7,      /* empty point bordered by both (or by no stone): half each, '-' */
} go_owner;

/* Character of go_owner in the JSON `ownership` rows and count sheets ("?XOxobw-"). */
char go_owner_char(go_owner o);

#define GO_COUNT_OPTIONS_VERSION 1
typedef struct go_count_options {
    int version;                     /* GO_COUNT_OPTIONS_VERSION */
    int komi_quarters;               /* komi Black gives, in quarter stones; default 15 */
    int handicap;                    /* handicap stones (0 or 2..), default 0 */
    int giveback_quarters_per_stone; /* give-back per handicap stone; default 2 (half a stone) */
} go_count_options;
#define GO_COUNT_OPTIONS_INIT                                                                      \
    {                                                                                              \
        GO_COUNT_OPTIONS_VERSION, 15, 0, 2                                                         \
    }

/* A warning of the count, as data: a stable code for programs and the sentence in both
 * languages for people. Codes: "no_game" (no stones, or stones of one colour only: there is no
 * verdict), "not_finished" (open points left: the verdict is provisional), "komi_unusual"
 * (see go_score_komi_unusual), "decisive_points" (added by go_count_warn_decisive). */
typedef struct go_count_warning {
    char code[16];
    char message_zh[96];
    char message_en[128];
} go_count_warning;
#define GO_COUNT_MAX_WARNINGS 4

/* The referee's count. Totals in quarters are exact; the point totals are whole numbers.
 *
 * Finished or not. After the dead stones are lifted, an empty region bordered by both colours
 * is settled when every point of it touches both colours (dame) or, where a point does not,
 * it touches a stone in seki (the seki's shared liberties). Any other such region is an open
 * border: its points are open, the game is not finished and the verdict is provisional. A
 * finished game with its dame left unfilled is finished; a position whose frameworks still
 * meet across empty points is not. */
typedef struct go_count {
    int size;
    uint8_t owner[GO_POINTS]; /* go_owner per go_point */
    /* Points on the board after the dead stones are removed. A dead stone's point counts as
     * territory of whoever owns its region (usually the opponent), so that
     * stones + territory + shared = size * size. */
    int black_stones, white_stones;       /* alive stones on the board */
    int black_territory, white_territory; /* empty points (incl. removed dead stones) owned */
    int black_dead, white_dead;           /* dead stones removed, by their colour */
    int shared;                           /* empty points split half and half */
    int seki_black, seki_white;           /* alive stones in seki (structural check; info only) */
    /* Totals in quarter stones: 4 * (stones + territory) + 2 * shared. */
    int black_total_quarters, white_total_quarters;
    int par_quarters;      /* size * size * 2, i.e. half the board */
    int komi_quarters;     /* as given */
    int handicap;          /* as given */
    int giveback_quarters; /* handicap * giveback_quarters_per_stone (0 without handicap) */
    /* What Black must exceed: par + komi + give-back. Black's margin = total - required. */
    int required_black_quarters;
    int margin_quarters;  /* Black's margin: > 0 Black wins, < 0 White wins, 0 draw */
    go_color winner;      /* GO_BLACK, GO_WHITE, or GO_EMPTY for a draw */
    char verdict_zh[64];  /* "黑胜3/4子", "白胜2又1/4子", "和棋" */
    char verdict_en[128]; /* "Black wins by 3/4 stone (1.5 points)", "Draw" */
    char check_zh[128];   /* "黑方需 184又1/4 子以上，实有 185 子" */
    char check_en[128];   /* "Black needs more than 184 1/4 stones and has 185" */
    /* No verdict: no stones, or stones of one colour only on the board as given. winner is
     * GO_EMPTY, the verdicts say there is none and the checks are empty; the totals and the
     * margin are still the arithmetic of the board. */
    bool no_game;
    bool finished;           /* a game whose every region is settled (false when no_game) */
    int open_count;          /* open points (empty points and lifted dead stones of them) */
    uint8_t open[GO_POINTS]; /* 1 on each open point, indexed by go_point */
    int nwarnings;           /* in the order no_game, not_finished, komi_unusual, decisive_points */
    go_count_warning warnings[GO_COUNT_MAX_WARNINGS];
} go_count;

/* Counts b with the groups at dead[0..ndead) removed (each point marks its whole group; empty
 * points and duplicates are ignored; GO_EINVAL for a point off the board). opts may be NULL for
 * the defaults. Needs no heap; safe to call from many threads. */
int go_score_count(go_count *out, const go_board *b, const go_point *dead, int ndead,
                   const go_count_options *opts);

/* Structural seki check on b with the dead groups removed: out[p] = true (out has GO_POINTS
 * entries, indexed by go_point) for every stone of a group next to a shared empty point that
 * neither side can fill without putting its own stones in atari (and without capturing).
 * Returns the number of such stones, or a negative go_err. */
int go_score_seki(bool *out, const go_board *b, const go_point *dead, int ndead);

/* GTP final_score answer in points: "B+1.5", "W+0.5" or "0". Returns buf (needs 16 bytes). */
char *go_count_gtp_result(char *buf, size_t buf_size, const go_count *c);

/* The JSON contract of `goref count --json` (see scoring/README.md): size,
 * komi_stones, par, black{stones,territory,total}, white{...}, shared, margin_stones,
 * margin_points, winner, verdict_zh, verdict_en, dead, seki, ownership, plus check_zh/check_en,
 * finished, open_points (GTP names) and warnings [{code, message_zh, message_en}]. With no game
 * there is no winner, margin or gtp_result. dead/seki are GTP points of the stones; dead may be
 * NULL. *out is malloc'd, caller frees. */
int go_count_to_json(char **out, const go_count *c, const go_point *dead, int ndead,
                     const go_point *seki, int nseki);

/* The printed count sheet (go/sheet.h) without players, date or event: go_count_png writes it
 * to memory (*out malloc'd, caller frees), go_count_write_png to a file (GO_EIO). */
int go_count_png(unsigned char **out, size_t *out_len, const go_count *c);
int go_count_write_png(const char *path, const go_count *c);

/* ------------------------------------------------- what the doubtful readings could change */

/* One other reading of the position, counted. A point: the colour it was read as and the
 * other colour it could be (GO_EMPTY, GO_BLACK, GO_WHITE). A group: its colour, its stones and
 * whether the count took it dead; the other reading takes it the other way. */
typedef enum go_alt_kind {
    GO_ALT_POINT = 0,
    GO_ALT_GROUP = 1,
} go_alt_kind;

typedef struct go_alternative {
    go_alt_kind kind;
    go_point at;          /* the point, or the group's stone named by the caller */
    go_color read, other; /* a point: as read, and the other reading */
    go_color color;       /* a group: its colour */
    int stones;           /* a group: its stones */
    bool dead;            /* a group: dead in the count (the other reading: alive) */
    /* The count under the other reading. */
    bool no_game, finished;
    go_color winner; /* GO_BLACK, GO_WHITE, GO_EMPTY (draw, or no game) */
    int margin_quarters;
    char verdict_zh[64];
    char verdict_en[128];
} go_alternative;

#define GO_MAX_DECISIVE 64
typedef struct go_alternatives {
    int points;     /* distinct doubtful points looked at */
    int groups;     /* distinct doubtful groups looked at */
    int recounts;   /* other readings counted */
    int impossible; /* other readings of a point not counted: they leave a group no liberty */
    int ndecisive;  /* other readings that change the result (may exceed GO_MAX_DECISIVE) */
    go_alternative decisive[GO_MAX_DECISIVE]; /* the first ones: points first, then groups */
} go_alternatives;

/* Recounts b (dead groups marked by dead[0..ndead), as for go_score_count) under each other
 * reading of the doubtful points and groups, one at a time, and keeps those that change the
 * result: another winner, a draw, or a game where there was none or the reverse.
 *
 * A point p at points[i] is read each of the two other ways. A reading that leaves a group
 * with no liberty cannot be a finished board and is skipped (out->impossible). The dead
 * stones keep their status; a stone that takes p's place is dead when it joins only dead
 * stones of its colour or, standing alone, lies in the opponent's area of the count, and
 * alive otherwise; a stone read away from a dead group leaves the rest of it dead.
 * A group marked by any stone at groups[i] is taken the other way: alive if the count has it
 * dead, dead otherwise (a seki group too). Duplicate points and groups are looked at once.
 *
 * GO_EINVAL for a point off the board or a group point with no stone. opts as for
 * go_score_count. Needs no heap; *out is about 14 kB. */
int go_score_alternatives(go_alternatives *out, const go_board *b, const go_point *dead, int ndead,
                          const go_point *points, int npoints, const go_point *groups, int ngroups,
                          const go_count_options *opts);

/* Appends the warning "decisive_points" to c (when a has decisive readings and c has room),
 * naming the places whose other reading changes the result. */
void go_count_warn_decisive(go_count *c, const go_alternatives *a);

/* The JSON of a: { "points_checked", "groups_checked", "recounts", "impossible", "total",
 * "items": [...] } (see scoring/README.md); size is the board's. *out is malloc'd, caller frees. */
int go_alternatives_to_json(char **out, const go_alternatives *a, int size);

/* --------------------------------------------------------------- dead-stone suggestion */

typedef enum go_status {
    GO_STATUS_ALIVE = 0,
    GO_STATUS_DEAD = 1,
    GO_STATUS_SEKI = 2,
} go_status;

#define GO_SUGGEST_OPTIONS_VERSION 1
typedef struct go_suggest_options {
    int version;   /* GO_SUGGEST_OPTIONS_VERSION */
    int playouts;  /* light playouts; 0 = automatic by board size (fits 100 ms on 19x19) */
    uint64_t seed; /* the same seed gives the same answer */
} go_suggest_options;
#define GO_SUGGEST_OPTIONS_INIT                                                                    \
    {                                                                                              \
        GO_SUGGEST_OPTIONS_VERSION, 0, 1                                                           \
    }

typedef struct go_group_status {
    go_point id; /* go_board_group_id of the group (one of its stones) */
    go_color color;
    int stones;
    go_status status;
    int confidence;     /* 500..1000 per mille: how sure the status is */
    int owned_permille; /* share of (playout, stone) pairs where the group's colour kept it;
                         * the status itself is decided on the group's liberties, see suggest.c */
    bool benson_alive;  /* unconditionally alive (Benson): never suggested dead */
    bool waits;         /* dead in the playouts, but an open border reaches it: left alive until the
                         * game ends (only on boards with open borders) */
} go_group_status;

/* Single-stone groups can fill about two thirds of a legal board (each needs one liberty),
 * so the bound is the number of points, not half of it. */
#define GO_MAX_GROUPS (GO_MAX_SIZE * GO_MAX_SIZE)
typedef struct go_dead_suggestion {
    int size;
    int ngroups;
    go_group_status groups[GO_MAX_GROUPS];
    int ndead;
    go_point dead[GO_MAX_SIZE * GO_MAX_SIZE]; /* every stone of every dead group */
    int nseki;
    go_point seki[GO_MAX_SIZE * GO_MAX_SIZE]; /* every stone of every seki group */
    /* Per go_point: permille of playouts in which Black owned the point at the end
     * (0..1000; only meaningful on points of the board). */
    int16_t black_owned[GO_POINTS];
    int playouts; /* playouts actually run */
    /* Empty points of open borders (regions bordered by both colours, not all dame) once the
     * suggested dead are lifted. Above 0 the game is not finished: only groups dead whatever
     * the borders do are suggested, and the nwaiting groups marked waits are left for the end. */
    int open_points;
    int nwaiting;
} go_dead_suggestion;

/* Suggests the dead groups and the seki groups of a final position b, to_move to play next
 * (GO_BLACK when unknown). opts may be NULL. Deterministic for opts->seed. */
int go_score_suggest_dead(go_dead_suggestion *out, const go_board *b, go_color to_move,
                          const go_suggest_options *opts);

/* Groups whose suggested status is below this confidence (per mille) are the doubtful ones
 * that go_score_alternatives takes the other way; statuses settled by shape get 800. */
#define GO_SUGGEST_DOUBTFUL_BELOW 800

/* The groups of s whose status is doubtful (confidence below GO_SUGGEST_DOUBTFUL_BELOW, not
 * unconditionally alive), as their id points into out (room for GO_MAX_GROUPS); returns how
 * many. */
int go_suggestion_doubtful_groups(go_point *out, const go_dead_suggestion *s);

/* Status of the stone at p in a suggestion; GO_STATUS_ALIVE for empty points. */
go_status go_suggestion_status_at(const go_dead_suggestion *s, const go_board *b, go_point p);

/* Benson's unconditional life: sets alive[p] = true for every stone of colour c that no sequence
 * of opponent moves can capture, even if c always passes. alive is indexed by go_point and has
 * GO_POINTS entries. Returns the number of such stones. */
int go_score_benson(bool *alive, const go_board *b, go_color c);

#ifdef __cplusplus
}
#endif

#endif
