/* The Swiss pairing: a cross table of players and results as plain values, the TRF reader,
 * and the FIDE Dutch system over them. No database: the club log (club/) calls it. Every
 * function returns 0 or a negative go_err with a detail in go_error_last(). */
#ifndef GO_SWISS_H
#define GO_SWISS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "go/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The cross table ---- */
/* Result codes are TRF's: '1' '=' '0' played; '+' '-' forfeit win/loss; 'H' half bye, 'F' full
 * bye, 'U' pairing bye, 'Z' zero bye, ' ' not paired. */
typedef struct go_xt_game {
    int opponent; /* index into players, -1 none */
    char color;   /* 'w', 'b', '-' */
    char result;
} go_xt_game;
typedef struct go_xtable {
    int nplayers, nrounds;
    go_xt_game *games;      /* nplayers * nrounds */
    double win, draw, loss; /* points of a game (2/1/0 or 1/0.5/0) */
    int *withdrawn_after;   /* optional: per player, round after which they withdrew (0 none) */
} go_xtable;
double go_xtable_points_of(const go_xtable *t, char result);
/* A cross-table result code as 2 (a win, forfeit win or full-point bye), 1 (a draw or
 * half-point bye) or 0 (anything else). */
int go_xtable_outcome(char result);

/* Reads a TRF-16/TRF-25 tournament (CR, LF or CRLF); fills a cross table with FIDE points
 * (win 1 draw 0.5) and start numbers in order (player i = start number i+1). names (optional)
 * receives malloc'd strings the caller frees with free() then free(names). */
int go_trf_read(go_xtable *out, char ***names, const char *text, size_t len);
void go_xtable_clear(go_xtable *t);

/* ---- TRF out ---- */
typedef struct go_trf_player {
    const char *name;    /* UTF-8, written in 33 characters (not bytes) */
    int start;           /* start number: the players' are 1..nplayers, each once */
    int rating;          /* 0: none */
    double points;       /* the points column */
    int rank;            /* the place; 0: the start number */
    int withdrawn_after; /* > 0: the player left after this round; blank later rounds are
                          * written as zero-point byes, so a pairing program skips him */
} go_trf_player;
typedef struct go_trf_team {
    const char *name;  /* written in 32 characters */
    const int *starts; /* its players' start numbers, in board order */
    const int *board;  /* each one's board (1 = first) */
    int nplayers;
} go_trf_team;
typedef struct go_trf_event {
    const char *name, *date, *system; /* records 012, 042 (NULL or "": none), 092 */
    const go_xtable *xt;              /* the games; its win and draw points give XXS, BBW, BBD */
    const go_trf_player *players;     /* xt->nplayers, in the cross table's order */
    const go_trf_team *teams;         /* team records (013), nteams of them */
    size_t nteams;
} go_trf_event;
/* Writes the event as TRF: the header records, XXR (the cross table's rounds), then a 001
 * line per player in start-number order and the team records. GO_EINVAL when the start
 * numbers are not 1..nplayers once each, GO_EIO on a write error. */
int go_trf_write(FILE *out, const go_trf_event *ev);

/* ---- Swiss pairing: the FIDE Dutch system (C.04.3, 2025 rules, as bbpPairings implements it) ----
 * Absolute criteria: no repeat game, no player with a colour difference beyond 2 or the same
 * colour three times running (except top scorers in the last round), at most one bye and
 * never to a player who already had one. Then the quality criteria in the Dutch order: score
 * brackets, downfloaters' scores (C5: the bye assignee's score), C9 (the bye assignee's
 * unplayed games), colour preferences, repeated floaters, then the transpositions and
 * exchanges of the bracket. */
typedef struct go_pairing {
    int first;  /* the player with the first move: White in chess, Black in Go */
    int second; /* -1: the pairing-allocated bye of `first` */
} go_pairing;
typedef struct go_dutch_options {
    int rounds_total;     /* the event's rounds (the last round relaxes colours); 0: unknown */
    char first_color;     /* the colour letter of the first mover in the table: 'w' or 'b' */
    const int *rank;      /* optional pairing numbers (smaller = higher); default the index */
    const bool *absent;   /* optional: players not to be paired this round */
    bool forfeit_is_game; /* a forfeited game also forbids a second meeting */
} go_dutch_options;
#define GO_DUTCH_OPTIONS_INIT                                                                      \
    {                                                                                              \
        0, 'w', NULL, NULL, false                                                                  \
    }
#define GO_DUTCH_MAX_PLAYERS 1000
/* Pairs round rounds_played + 1 of a cross table. *out (malloc'd, caller frees) lists the
 * pairs in the published order (bye last). GO_ECONFLICT when no pairing meets the absolute
 * criteria (every complete pairing repeats a game, breaks the colour rule or gives a second
 * bye). */
int go_dutch_pair(go_pairing **out, size_t *out_count, const go_xtable *t, int rounds_played,
                  const go_dutch_options *opt);
/* Reads a TRF (go_trf_read; XXR or 142 gives the total rounds) and pairs its next round the
 * way bbpPairings --dutch -p does: players with an entry for that round already are absent. */
int go_trf_pair(go_pairing **out, size_t *out_count, const char *text, size_t len);
/* JaVaFo's format: the number of pairs, then "first second" per line (1-based), 0 = bye. */
void go_pairing_write(FILE *out, const go_pairing *pairs, size_t n);

#ifdef __cplusplus
}
#endif

#endif
