/* Chinese area counting (数子法, 《中国围棋竞赛规则》第九条): komi, the count, its JSON and
 * sheet. The dead-stone suggestion is go/dead.h, the recount of doubtful readings
 * go/alternatives.h. Every result is a plain value struct (no heap, no library types) so that the
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
 * (see go_score_komi_unusual), "decisive_points" (added by go_count_warn_decisive), and where the
 * position comes from a photo, what its reading adds ("classifier_only": the service's, not the
 * count's). */
typedef struct go_count_warning {
    char code[16];
    char message_zh[96];
    char message_en[128];
} go_count_warning;
#define GO_COUNT_MAX_WARNINGS 5

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
    int nwarnings; /* in the order no_game, not_finished, komi_unusual, decisive_points, then
                    * the source's (classifier_only) */
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

#ifdef __cplusplus
}
#endif

#endif
