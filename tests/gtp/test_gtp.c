/* The GTP engine in-process: preprocessing and ids, the error answers of the standard, every
 * command, genmove's promises (legal, no own-eye filling, deterministic per seed), bad input
 * through go_gtp_run, and the `goref gtp` binary itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/game.h"
#include "gtp.h"
#include "testutil.h"

static go_gtp *engine(go_superko rule, uint64_t seed)
{
    go_gtp_options opts = GO_GTP_OPTIONS_INIT;
    opts.superko = rule;
    opts.seed = seed;
    opts.engine_version = "9.9.9";
    go_gtp *e;
    assert_int_equal(go_gtp_new(&e, &opts), 0);
    return e;
}

static const char *gtp(go_gtp *e, const char *line)
{
    const char *out;
    assert_int_equal(go_gtp_exec(e, &out, line, strlen(line)), 0);
    return out;
}

/* Runs a line and checks the whole response. */
#define EXPECT(e, line, response) assert_string_equal(gtp(e, line), response)
#define OK(e, line) EXPECT(e, line, "= \n\n")

/* Plays a diagram's stones with `play` commands, row by row ('X' black, 'O' white); the
 * diagram must have no captures. Returns the colour of the last stone played. */
static void play_diagram(go_gtp *e, const char *rows[], int size)
{
    char line[64];
    snprintf(line, sizeof line, "boardsize %d", size);
    OK(e, line);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            char ch = rows[y][x];
            if (ch == '.')
                continue;
            char vertex[8];
            go_point_to_gtp(vertex, sizeof vertex, go_point_at(x, y), size);
            snprintf(line, sizeof line, "play %s %s", ch == 'X' ? "black" : "white", vertex);
            OK(e, line);
        }
}

static void test_gtp__preprocessing_and_ids(void **state)
{
    (void)state;
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    EXPECT(e, "protocol_version", "= 2\n\n");
    EXPECT(e, "12 protocol_version\n", "=12 2\n\n");
    EXPECT(e, "\t7\tname\r\n", "=7 goref\n\n");      /* HT is a space, CR is dropped */
    EXPECT(e, "\001ver\033si\177on", "= 9.9.9\n\n"); /* control characters removed */
    EXPECT(e, "", "");                               /* empty line: no answer */
    EXPECT(e, "   \t ", "");                         /* white space only */
    EXPECT(e, "# a comment", "");
    EXPECT(e, "3 name # trailing comment", "=3 goref\n\n");
    EXPECT(e, "44 # only an id survives the comment", "?44 syntax error\n\n");
    EXPECT(e, "frobnicate", "? unknown command\n\n");
    EXPECT(e, "5 frobnicate now", "?5 unknown command\n\n");
    EXPECT(e, "NAME", "? unknown command\n\n");     /* command names are case sensitive */
    EXPECT(e, "12x name", "? unknown command\n\n"); /* not an id: the command is "12x" */
    /* NUL bytes in the middle of a line are control characters too. */
    const char with_nul[] = "na\0me";
    const char *out;
    assert_int_equal(go_gtp_exec(e, &out, with_nul, sizeof with_nul - 1), 0);
    assert_string_equal(out, "= goref\n\n");
    /* The first LF ends the command. */
    EXPECT(e, "name\nversion", "= goref\n\n");
    go_gtp_free(e);
}

static void test_gtp__administrative_commands(void **state)
{
    (void)state;
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    EXPECT(e, "known_command play", "= true\n\n");
    EXPECT(e, "known_command list_stones", "= true\n\n");
    EXPECT(e, "known_command frobnicate", "= false\n\n");
    EXPECT(e, "known_command", "? syntax error\n\n");
    EXPECT(e, "name extra", "? syntax error\n\n");
    char *list = strdup(gtp(e, "list_commands")); /* the answer is only borrowed */
    const char *required[] = {"protocol_version",
                              "name",
                              "version",
                              "known_command",
                              "list_commands",
                              "quit",
                              "boardsize",
                              "clear_board",
                              "komi",
                              "play",
                              "undo",
                              "genmove",
                              "fixed_handicap",
                              "place_free_handicap",
                              "set_free_handicap",
                              "showboard",
                              "list_stones",
                              "final_score",
                              "final_status_list"};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        char needle[64];
        snprintf(needle, sizeof needle, "\n%s\n", required[i]);
        size_t list_len = strlen(list);
        char *copy = malloc(list_len + 1);
        copy[0] = '\n';
        memcpy(copy + 1, list + 2, list_len - 1); /* "= " dropped, a LF put in front */
        assert_non_null(strstr(copy, needle));
        free(copy);
        /* Every listed command is known. */
        char known[80];
        snprintf(known, sizeof known, "known_command %s", required[i]);
        EXPECT(e, known, "= true\n\n");
    }
    /* A multi-line answer has no empty line inside: only the final blank line. */
    assert_null(strstr(list, "\n\n\n"));
    assert_ptr_equal(strstr(list, "\n\n"), list + strlen(list) - 2);
    free(list);
    assert_false(go_gtp_quit_requested(e));
    EXPECT(e, "9 quit", "=9 \n\n");
    assert_true(go_gtp_quit_requested(e));
    go_gtp_free(e);
}

static void test_gtp__boardsize_clear_board_komi(void **state)
{
    (void)state;
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    EXPECT(e, "boardsize 1", "? unacceptable size\n\n");
    EXPECT(e, "boardsize 26", "? unacceptable size\n\n");
    EXPECT(e, "boardsize -9", "? unacceptable size\n\n");
    EXPECT(e, "boardsize 99999999999999999999999999", "? unacceptable size\n\n");
    EXPECT(e, "boardsize nine", "? syntax error\n\n");
    EXPECT(e, "boardsize 9.0", "? syntax error\n\n");
    EXPECT(e, "boardsize", "? syntax error\n\n");
    OK(e, "boardsize 13");
    assert_int_equal(go_game_size(go_gtp_game(e)), 13);
    OK(e, "play b N13");
    EXPECT(e, "list_stones black", "= N13\n\n");
    OK(e, "boardsize 9");
    EXPECT(e, "list_stones black", "= \n\n");      /* boardsize empties the board */
    EXPECT(e, "play b N13", "? syntax error\n\n"); /* off the 9x9 board */
    OK(e, "play b E5");
    OK(e, "clear_board");
    EXPECT(e, "list_stones black", "= \n\n");
    EXPECT(e, "undo", "? cannot undo\n\n"); /* clear_board forgets the history */
    OK(e, "komi 6.5");
    OK(e, "komi -3");
    OK(e, "komi 0");
    EXPECT(e, "komi six", "? syntax error\n\n");
    EXPECT(e, "komi nan", "? syntax error\n\n");
    EXPECT(e, "komi 1e999", "? syntax error\n\n");
    EXPECT(e, "komi", "? syntax error\n\n");
    go_gtp_free(e);
}

/* Occupied, suicide, simple ko, and superko: situational by default, positional on request.
 *   . X O . .
 *   X O . O .     Black C4 takes the white stone at B4 (a ko).
 *   . X O . .
 *   . . . . .
 *   . . . . .     */
static const char *ko_rows[] = {".XO..", "XO.O.", ".XO..", ".....", "....."};

/* Occupied and suicide.
 *   . X . . .
 *   X . . . .     White A5 has no liberty and captures nothing. */
static void test_gtp__play_refuses_illegal_moves(void **state)
{
    (void)state;
    static const char *rows[] = {".X...", "X....", ".....", ".....", "....."};
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    play_diagram(e, rows, 5);
    EXPECT(e, "play white B5", "? illegal move\n\n"); /* occupied */
    EXPECT(e, "play white A5", "? illegal move\n\n"); /* suicide */
    EXPECT(e, "list_stones white", "= \n\n");         /* nothing changed */
    OK(e, "play black A5");                           /* filling its own eye is legal */
    EXPECT(e, "list_stones black", "= A5 B5 A4\n\n");
    go_gtp_free(e);
}

static void test_gtp__ko_and_superko(void **state)
{
    (void)state;
    for (int rule = 0; rule < 2; rule++) {
        go_gtp *e = engine(rule ? GO_SUPERKO_POSITIONAL : GO_SUPERKO_SITUATIONAL, 1);
        if (rule)
            EXPECT(e, "goref-superko", "= positional\n\n");
        else
            EXPECT(e, "goref-superko", "= situational\n\n");
        play_diagram(e, ko_rows, 5); /* the last stone played is White's C3 */
        OK(e, "play black E1");
        OK(e, "play white E2"); /* position S0, Black to move */
        OK(e, "play black C4"); /* takes the ko */
        EXPECT(e, "list_stones white", "= C5 D4 C3 E2\n\n");
        EXPECT(e, "play white B4", "? illegal move\n\n"); /* immediate recapture: ko */
        OK(e, "play black pass");
        /* The ko is no longer "immediate", but W B4 recreates the stones before Black C4.
         * Then it was Black to move (after White E2); after W B4 it is Black to move again:
         * the same situation too, so both readings refuse. */
        EXPECT(e, "play white B4", "? illegal move\n\n");
        go_gtp_free(e);
    }
    /* Positional only: the earlier position had White to move. GTP lets Black play twice. */
    for (int rule = 0; rule < 2; rule++) {
        go_gtp *e = engine(rule ? GO_SUPERKO_POSITIONAL : GO_SUPERKO_SITUATIONAL, 1);
        play_diagram(e, ko_rows, 5);
        OK(e, "play black E1");   /* position S0, White to move */
        OK(e, "play black C4");   /* Black again: takes the ko, White to move */
        OK(e, "play black pass"); /* clears the simple ko; White to move */
        /* W B4 recreates S0's stones with Black to move; S0 had White to move. */
        if (rule)
            EXPECT(e, "play white B4", "? illegal move\n\n");
        else
            OK(e, "play white B4");
        go_gtp_free(e);
    }
}

static void test_gtp__undo(void **state)
{
    (void)state;
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    OK(e, "boardsize 9");
    EXPECT(e, "undo", "? cannot undo\n\n");
    OK(e, "play b E5");
    OK(e, "play w pass");
    OK(e, "play b D4");
    OK(e, "undo");
    OK(e, "undo");
    EXPECT(e, "list_stones black", "= E5\n\n");
    OK(e, "undo");
    EXPECT(e, "list_stones black", "= \n\n");
    EXPECT(e, "undo", "? cannot undo\n\n");
    /* Handicap stones are not moves: undo cannot take them back. */
    EXPECT(e, "fixed_handicap 2", "= G7 C3\n\n");
    EXPECT(e, "undo", "? cannot undo\n\n");
    OK(e, "play w E5");
    OK(e, "undo");
    EXPECT(e, "undo", "? cannot undo\n\n");
    EXPECT(e, "list_stones black", "= G7 C3\n\n");
    EXPECT(e, "undo extra", "? syntax error\n\n");
    go_gtp_free(e);
}

/* Under GTP the controller ends the game: moves after two passes are accepted and undone
 * one by one like any other. */
static void test_gtp__moves_after_two_passes(void **state)
{
    (void)state;
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    OK(e, "boardsize 9");
    OK(e, "play b E5");
    OK(e, "play w pass");
    OK(e, "play b pass");
    EXPECT(e, "play w E5", "? illegal move\n\n"); /* still refused for the right reason */
    OK(e, "play w D4");
    EXPECT(e, "list_stones white", "= D4\n\n");
    OK(e, "undo"); /* D4 */
    OK(e, "undo"); /* Black's pass */
    OK(e, "undo"); /* White's pass */
    OK(e, "undo"); /* E5 */
    EXPECT(e, "list_stones black", "= \n\n");
    EXPECT(e, "undo", "? cannot undo\n\n");
    OK(e, "play b pass");
    OK(e, "play w pass");
    const char *move = gtp(e, "genmove b");
    assert_true(strcmp(move, "= pass\n\n") != 0); /* genmove plays on too */
    go_gtp_free(e);
}

static void test_gtp__play_syntax(void **state)
{
    (void)state;
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    OK(e, "boardsize 19");
    EXPECT(e, "play", "? syntax error\n\n");
    EXPECT(e, "play b", "? syntax error\n\n");
    EXPECT(e, "play red D4", "? syntax error\n\n");
    EXPECT(e, "play b D4 E5", "? syntax error\n\n");
    EXPECT(e, "play b I5", "? syntax error\n\n"); /* no I column */
    EXPECT(e, "play b D0", "? syntax error\n\n");
    EXPECT(e, "play b D20", "? syntax error\n\n");
    EXPECT(e, "play b U1", "? syntax error\n\n");
    EXPECT(e, "play b D99999999999999999999", "? syntax error\n\n");
    EXPECT(e, "play b 44", "? syntax error\n\n");
    OK(e, "play B d4"); /* case-insensitive colour and vertex */
    OK(e, "play WHITE q16");
    OK(e, "play w PASS");
    EXPECT(e, "list_stones b", "= D4\n\n");
    EXPECT(e, "list_stones WHITE", "= Q16\n\n");
    EXPECT(e, "list_stones", "? syntax error\n\n");
    EXPECT(e, "list_stones purple", "? syntax error\n\n");
    go_gtp_free(e);
}

static void test_gtp__handicap(void **state)
{
    (void)state;
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    OK(e, "boardsize 19");
    EXPECT(e, "fixed_handicap 1", "? invalid number of stones\n\n");
    EXPECT(e, "fixed_handicap 10", "? invalid number of stones\n\n");
    EXPECT(e, "fixed_handicap 99999999999999999999", "? invalid number of stones\n\n");
    EXPECT(e, "fixed_handicap two", "? syntax error\n\n");
    EXPECT(e, "fixed_handicap 9", "= Q16 D4 D16 Q4 D10 Q10 K16 K4 K10\n\n");
    EXPECT(e, "fixed_handicap 2", "? board not empty\n\n");
    EXPECT(e, "set_free_handicap A1 B1", "? board not empty\n\n");
    EXPECT(e, "place_free_handicap 2", "? board not empty\n\n");
    OK(e, "boardsize 13");
    EXPECT(e, "fixed_handicap 5", "= K10 D4 D10 K4 G7\n\n");
    OK(e, "boardsize 9");
    EXPECT(e, "fixed_handicap 3", "= G7 C3 C7\n\n");
    EXPECT(e, "list_stones black", "= C7 G7 C3\n\n");
    /* An empty board with a history (two passes) still takes a handicap. */
    OK(e, "clear_board");
    OK(e, "play b pass");
    EXPECT(e, "fixed_handicap 2", "= G7 C3\n\n");

    OK(e, "clear_board");
    EXPECT(e, "set_free_handicap A1", "? bad vertex list\n\n");
    EXPECT(e, "set_free_handicap A1 A1", "? bad vertex list\n\n");
    EXPECT(e, "set_free_handicap A1 pass", "? bad vertex list\n\n");
    EXPECT(e, "set_free_handicap A1 Z9", "? syntax error\n\n");
    EXPECT(e, "set_free_handicap A1 B2 xyz", "? syntax error\n\n");
    EXPECT(e, "list_stones black", "= \n\n"); /* refusals leave nothing behind */
    OK(e, "set_free_handicap A1 B2 J9");
    EXPECT(e, "list_stones black", "= J9 B2 A1\n\n");
    EXPECT(e, "undo", "? cannot undo\n\n");
    go_gtp_free(e);

    e = engine(GO_SUPERKO_SITUATIONAL, 1);
    OK(e, "boardsize 2");
    EXPECT(e, "set_free_handicap A1 B1 A2 B2", "? bad vertex list\n\n"); /* whole board */
    EXPECT(e, "place_free_handicap 4", "? invalid number of stones\n\n");
    EXPECT(e, "place_free_handicap 1", "? invalid number of stones\n\n");
    assert_int_equal(gtp(e, "place_free_handicap 3")[0], '=');
    assert_int_equal(go_board_stone_count(go_game_board(go_gtp_game(e)), GO_BLACK), 3);
    go_gtp_free(e);

    /* place_free_handicap: the fixed points when they exist, then more points, all distinct
     * and answered in the order placed. */
    e = engine(GO_SUPERKO_SITUATIONAL, 7);
    OK(e, "boardsize 9");
    EXPECT(e, "place_free_handicap 4", "= G7 C3 C7 G3\n\n");
    OK(e, "clear_board");
    const char *answer = gtp(e, "place_free_handicap 20");
    int count = 0;
    for (const char *s = answer + 1; *s; s++)
        count += *s == ' ' && s[1] != '\n';
    assert_int_equal(count, 20);
    assert_int_equal(go_board_stone_count(go_game_board(go_gtp_game(e)), GO_BLACK), 20);
    go_gtp_free(e);
}

static void test_gtp__genmove(void **state)
{
    (void)state;
    /* Same seed, same moves; and every generated move was legal (it was played). */
    char first[2][4096];
    for (int run = 0; run < 2; run++) {
        go_gtp *e = engine(GO_SUPERKO_POSITIONAL, 42);
        OK(e, "boardsize 9");
        first[run][0] = '\0';
        for (int i = 0; i < 60; i++) {
            const char *move = gtp(e, i % 2 ? "genmove white" : "genmove black");
            assert_true(move[0] == '=');
            strncat(first[run], move, sizeof first[run] - strlen(first[run]) - 1);
        }
        go_gtp_free(e);
    }
    assert_string_equal(first[0], first[1]);
    go_gtp *e = engine(GO_SUPERKO_POSITIONAL, 43);
    OK(e, "boardsize 9");
    char other[4096] = "";
    for (int i = 0; i < 60; i++)
        strncat(other, gtp(e, i % 2 ? "genmove white" : "genmove black"),
                sizeof other - strlen(other) - 1);
    assert_string_not_equal(first[0], other);
    OK(e, "set_random_seed 42");
    EXPECT(e, "get_random_seed", "= 42\n\n");
    EXPECT(e, "set_random_seed -1", "? syntax error\n\n");
    /* reg_genmove answers the move genmove would play, and plays nothing. */
    OK(e, "clear_board");
    OK(e, "set_random_seed 9");
    char reg[64];
    snprintf(reg, sizeof reg, "%s", gtp(e, "reg_genmove black"));
    EXPECT(e, "list_stones black", "= \n\n");
    OK(e, "set_random_seed 9");
    EXPECT(e, "genmove black", reg);
    EXPECT(e, "genmove", "? syntax error\n\n");
    EXPECT(e, "genmove purple", "? syntax error\n\n");
    go_gtp_free(e);

    /* Black has only its own eyes left: genmove passes; White may still play (a move
     * into Black's eye is suicide, so White passes too). */
    static const char *eyes[] = {".X.X.", "XXXXX", "XXXXX", "X.X.X", "XXXXX"};
    e = engine(GO_SUPERKO_SITUATIONAL, 1);
    play_diagram(e, eyes, 5);
    EXPECT(e, "genmove b", "= pass\n\n");
    EXPECT(e, "genmove w", "= pass\n\n");
    go_gtp_free(e);

    /* The only non-eye point for White is a superko violation: genmove must not pick it.
     * Ko position, Black took the ko and passed: W B4 is the only move that is not
     * suicide... fill the rest of the board so nothing else is legal. */
    static const char *ko_full[] = {"XXO.O", "XO.OO", "XXOOO", "XXXXX", "X.X.X"};
    e = engine(GO_SUPERKO_POSITIONAL, 1);
    play_diagram(e, ko_full, 5);
    OK(e, "play black C4"); /* takes B4 */
    EXPECT(e, "list_stones white", "= C5 E5 D4 E4 C3 D3 E3\n\n");
    OK(e, "play black pass");
    for (int i = 0; i < 20; i++) {
        const char *move = gtp(e, "genmove white");
        assert_string_not_equal(move, "= B4\n\n");
        OK(e, "undo");
    }
    go_gtp_free(e);
}

static void test_gtp__showboard(void **state)
{
    (void)state;
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    OK(e, "boardsize 3");
    OK(e, "play b A1");
    OK(e, "play w B2");
    EXPECT(e, "showboard",
           "= \n"
           "   A B C\n"
           " 3 . . . 3\n"
           " 2 . O . 2     WHITE (O) has captured 0 stones\n"
           " 1 X . . 1     BLACK (X) has captured 0 stones\n"
           "   A B C\n\n");
    go_gtp_free(e);
}

/* Final score and status: a 5x5 game split down the C|D line, a dead white stone at A1.
 *   . . X O .
 *   . . X O .
 *   . . X O .
 *   . . X O .
 *   O . X O .     Black 15 points (A1's stone is dead), White 10: B+5 before komi. */
static void test_gtp__final_score_and_status(void **state)
{
    (void)state;
    static const char *rows[] = {"..XO.", "..XO.", "..XO.", "..XO.", "O.XO."};
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    play_diagram(e, rows, 5);
    OK(e, "komi 0.5");
    EXPECT(e, "final_score", "= B+4.5\n\n");
    OK(e, "komi 5");
    EXPECT(e, "final_score", "= 0\n\n");
    OK(e, "komi 7.5");
    EXPECT(e, "final_score", "= W+2.5\n\n");
    EXPECT(e, "final_status_list dead", "= A1\n\n");
    EXPECT(e, "final_status_list alive", "= C5 C4 C3 C2 C1\nD5 D4 D3 D2 D1\n\n");
    EXPECT(e, "final_status_list seki", "= \n\n");
    EXPECT(e, "final_status_list", "? syntax error\n\n");
    EXPECT(e, "final_status_list undead", "? syntax error\n\n");
    go_gtp_free(e);
}

/* loadsgf and printsgf: a small record written here, loaded whole and up to a move number,
 * printed back and loaded again. */
static void test_gtp__loadsgf_printsgf(void **state)
{
    (void)state;
    char path[] = "/tmp/goref-gtp-sgf-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    /* 5x5, komi 0.5, one setup stone, then: W A5 (aa), B B5 (ba), W E1 (ee), B A4 (ab)
     * capturing A5, W pass. */
    fputs("(;FF[4]GM[1]SZ[5]KM[0.5]AB[cc];W[aa];B[ba];W[ee];B[ab];W[])", f);
    fclose(f);
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    char line[128];
    snprintf(line, sizeof line, "loadsgf %s", path);
    EXPECT(e, line, "= black\n\n"); /* after W's pass, Black to move */
    assert_int_equal(go_game_size(go_gtp_game(e)), 5);
    EXPECT(e, "list_stones black", "= B5 A4 C3\n\n");
    EXPECT(e, "list_stones white", "= E1\n\n");
    EXPECT(e, "showboard",
           "= \n"
           "   A B C D E\n"
           " 5 . X . . . 5\n"
           " 4 X . . . . 4\n"
           " 3 . . X . . 3\n"
           " 2 . . . . . 2     WHITE (O) has captured 0 stones\n"
           " 1 . . . . O 1     BLACK (X) has captured 1 stones\n"
           "   A B C D E\n\n");
    EXPECT(e, "final_score", "= B+24.5\n\n"); /* komi 0.5 from KM; W E1 dead: B owns all 25 */
    OK(e, "undo"); /* the loaded moves can be undone: W's pass, then B A4 */
    OK(e, "undo");
    EXPECT(e, "list_stones white", "= A5 E1\n\n");
    snprintf(line, sizeof line, "loadsgf %s 4", path); /* the position before move 4 */
    EXPECT(e, line, "= black\n\n");
    EXPECT(e, "list_stones black", "= B5 C3\n\n");
    EXPECT(e, "list_stones white", "= A5 E1\n\n");
    snprintf(line, sizeof line, "loadsgf %s 1", path); /* setup only */
    EXPECT(e, line, "= white\n\n");
    EXPECT(e, "list_stones black", "= C3\n\n");
    EXPECT(e, "undo", "? cannot undo\n\n");
    OK(e, "play w A5");
    EXPECT(e, "printsgf",
           "= (;FF[4]GM[1]CA[UTF-8]AP[goref]RU[Chinese]SZ[5]KM[0.5]AB[cc]PL[W];W[aa])\n\n");
    /* Into a file, then back. */
    OK(e, "play b B5");
    snprintf(line, sizeof line, "printsgf %s", path);
    OK(e, line);
    OK(e, "clear_board");
    snprintf(line, sizeof line, "loadsgf %s", path);
    EXPECT(e, line, "= white\n\n");
    EXPECT(e, "list_stones black", "= B5 C3\n\n");
    EXPECT(e, "list_stones white", "= A5\n\n");
    remove(path);
    /* Failures leave the game alone. */
    EXPECT(e, line, "? cannot load file\n\n");
    EXPECT(e, "loadsgf", "? syntax error\n\n");
    EXPECT(e, "loadsgf a b c", "? syntax error\n\n");
    snprintf(line, sizeof line, "loadsgf %s x", path);
    EXPECT(e, line, "? syntax error\n\n");
    EXPECT(e, "printsgf /nonexistent-dir/x.sgf", "? cannot save file\n\n");
    EXPECT(e, "list_stones white", "= A5\n\n");
    /* An illegal record (W plays on B's stone) is refused whole. */
    snprintf(path, sizeof path, "/tmp/goref-gtp-sgf-XXXXXX");
    fd = mkstemp(path);
    assert_true(fd >= 0);
    f = fdopen(fd, "w");
    fputs("(;SZ[9];B[aa];W[aa])", f);
    fclose(f);
    snprintf(line, sizeof line, "loadsgf %s", path);
    EXPECT(e, line, "? cannot load file\n\n");
    remove(path);
    EXPECT(e, "list_stones white", "= A5\n\n");
    go_gtp_free(e);
}

/* go_gtp_run: binary junk, a line over the limit, huge numbers, a last line without LF. */
static void test_gtp__run_survives_bad_input(void **state)
{
    (void)state;
    size_t junk_len = 3 * GO_GTP_MAX_LINE;
    char *input = malloc(junk_len + 256);
    size_t n = 0;
    n += (size_t)snprintf(input + n, 64, "1 name\n");
    for (size_t i = 0; i < 2000; i++) /* binary junk, no LF */
        input[n++] = (char)((i * 7919 + 13) % 256 == '\n' ? 'x' : (i * 7919 + 13) % 256);
    input[n++] = '\n';
    n += (size_t)snprintf(input + n, 64, "2 play b ");
    for (size_t i = 0; i < GO_GTP_MAX_LINE + 100; i++) /* a line too long */
        input[n++] = 'A';
    input[n++] = '\n';
    n += (size_t)snprintf(input + n, 128,
                          "3 boardsize 18446744073709551617\n"
                          "4 komi 1e400\n5 version"); /* EOF mid-line */
    FILE *in = fmemopen(input, n, "r");
    char *output = NULL;
    size_t output_len = 0;
    FILE *out = open_memstream(&output, &output_len);
    assert_non_null(in);
    assert_non_null(out);
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 1);
    assert_int_equal(go_gtp_run(e, in, out), 0);
    fclose(in);
    fclose(out);
    assert_string_equal(output, "=1 goref\n\n"
                                "? unknown command\n\n"
                                "?2 line too long\n\n"
                                "?3 unacceptable size\n\n"
                                "?4 syntax error\n\n"
                                "=5 9.9.9\n\n");
    free(output);
    free(input);
    go_gtp_free(e);
}

/* Checks one response's shape: '=' or '?', an optional id, and exactly one blank line, at
 * the end. */
static void assert_well_formed(const char *response)
{
    size_t len = strlen(response);
    if (len == 0)
        return; /* an ignored line */
    assert_true(response[0] == '=' || response[0] == '?');
    assert_true(len >= 3);
    assert_string_equal(response + len - 2, "\n\n");
    assert_ptr_equal(strstr(response, "\n\n"), response + len - 2);
}

/* Thousands of random lines, command-like and not: every one gets a well-formed answer and
 * the engine keeps working (ASan and UBSan watch the memory). */
static void test_gtp__random_lines_never_break_it(void **state)
{
    (void)state;
    static const char *names[] = {"protocol_version",
                                  "name",
                                  "version",
                                  "known_command",
                                  "list_commands",
                                  "boardsize",
                                  "clear_board",
                                  "komi",
                                  "play",
                                  "undo",
                                  "genmove",
                                  "fixed_handicap",
                                  "place_free_handicap",
                                  "set_free_handicap",
                                  "showboard",
                                  "list_stones",
                                  "loadsgf",
                                  "set_random_seed",
                                  "goref-superko",
                                  "time_settings",
                                  "time_left",
                                  "play",
                                  "play",
                                  "genmove",
                                  "undo",
                                  "frobnicate",
                                  "12",
                                  "",
                                  "#"};
    static const char *args[] = {"b",
                                 "w",
                                 "black",
                                 "white",
                                 "B",
                                 "A1",
                                 "a1",
                                 "T19",
                                 "J9",
                                 "E5",
                                 "Z99",
                                 "I5",
                                 "pass",
                                 "0",
                                 "1",
                                 "-1",
                                 "2",
                                 "3",
                                 "5",
                                 "9",
                                 "13",
                                 "19",
                                 "25",
                                 "26",
                                 "99999999999999999999",
                                 "3.5",
                                 "nan",
                                 "inf",
                                 "-0",
                                 "#",
                                 "\t",
                                 "/nonexistent/x.sgf",
                                 "\xff\xfe",
                                 "positional",
                                 "situational",
                                 "alive",
                                 "dead",
                                 "seki",
                                 "\x01",
                                 "1e999",
                                 "+7"};
    go_rng rng;
    go_rng_seed(&rng, 2024);
    go_gtp *e = engine(GO_SUPERKO_SITUATIONAL, 5);
    OK(e, "boardsize 9");
    char line[512];
    for (int i = 0; i < 20000; i++) {
        size_t n = 0;
        if (go_rng_below(&rng, 20) == 0) {
            /* raw bytes */
            size_t len = go_rng_below(&rng, 200);
            for (size_t k = 0; k < len; k++)
                line[n++] = (char)go_rng_below(&rng, 256);
        } else {
            if (go_rng_below(&rng, 4) == 0)
                n += (size_t)snprintf(line + n, 32, "%u ", go_rng_below(&rng, 100000));
            n += (size_t)snprintf(line + n, 64, "%s",
                                  names[go_rng_below(&rng, sizeof names / sizeof names[0])]);
            int nargs = (int)go_rng_below(&rng, 4);
            for (int k = 0; k < nargs && n < 400; k++)
                n += (size_t)snprintf(line + n, 64, " %s",
                                      args[go_rng_below(&rng, sizeof args / sizeof args[0])]);
        }
        const char *out;
        assert_int_equal(go_gtp_exec(e, &out, line, n), 0);
        assert_well_formed(out);
    }
    /* Still a working engine. */
    OK(e, "boardsize 5");
    OK(e, "play b C3");
    EXPECT(e, "list_stones black", "= C3\n\n");
    go_gtp_free(e);
}

/* The binary: a session through a pipe, ending with quit (later lines are not read). */
static void test_gtp__binary_session(void **state)
{
    (void)state;
    char script[] = "/tmp/goref-gtp-test-XXXXXX";
    int fd = mkstemp(script);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("1 boardsize 9\n2 play b E5\n3 list_stones black\n4 play w E5\n"
          "\x01\x02\xff\xfe junk\n5 quit\n6 name\n",
          f);
    fclose(f);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s/goref gtp --positional-superko --seed 3 < %s", GOREF_BINARY_DIR,
             script);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char out[1024];
    size_t len = fread(out, 1, sizeof out - 1, p);
    out[len] = '\0';
    int status = pclose(p);
    remove(script);
    assert_string_equal(out, "=1 \n\n=2 \n\n=3 E5\n\n?4 illegal move\n\n? unknown command\n\n"
                             "=5 \n\n");
    assert_int_equal(status, 0);
    snprintf(cmd, sizeof cmd, "%s/goref gtp --bogus </dev/null 2>/dev/null", GOREF_BINARY_DIR);
    p = popen(cmd, "r");
    assert_int_not_equal(pclose(p), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gtp__preprocessing_and_ids),
        cmocka_unit_test(test_gtp__administrative_commands),
        cmocka_unit_test(test_gtp__boardsize_clear_board_komi),
        cmocka_unit_test(test_gtp__play_refuses_illegal_moves),
        cmocka_unit_test(test_gtp__ko_and_superko),
        cmocka_unit_test(test_gtp__undo),
        cmocka_unit_test(test_gtp__moves_after_two_passes),
        cmocka_unit_test(test_gtp__play_syntax),
        cmocka_unit_test(test_gtp__handicap),
        cmocka_unit_test(test_gtp__genmove),
        cmocka_unit_test(test_gtp__showboard),
        cmocka_unit_test(test_gtp__final_score_and_status),
        cmocka_unit_test(test_gtp__loadsgf_printsgf),
        cmocka_unit_test(test_gtp__run_survives_bad_input),
        cmocka_unit_test(test_gtp__random_lines_never_break_it),
        cmocka_unit_test(test_gtp__binary_session),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
