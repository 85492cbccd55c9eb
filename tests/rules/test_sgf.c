/* SGF on small hand-written records: tree and escapes, compressed point lists, variations
 * round trip, passes, setup and handicap, komi quirks, charsets, errors with their place,
 * limits (deep nesting, node cap), and building a record from a game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../rules/sgf_int.h"
#include "go/sgf.h"
#include "testutil.h"

static go_sgf *parse_ok(const char *text)
{
    go_sgf *sgf = NULL;
    int rc = go_sgf_parse(&sgf, text, strlen(text), NULL);
    if (rc)
        fprintf(stderr, "parse failed: %s\n", go_error_last());
    assert_int_equal(rc, 0);
    return sgf;
}

static int parse_err(const char *text, size_t len)
{
    go_sgf *sgf = NULL;
    int rc = go_sgf_parse(&sgf, text, len, NULL);
    assert_null(sgf);
    return rc;
}

static go_game *replay_ok(const go_sgf *sgf)
{
    go_game *g = NULL;
    int rc = go_sgf_replay(&g, NULL, sgf, 0, NULL);
    if (rc)
        fprintf(stderr, "replay failed: %s\n", go_error_last());
    assert_int_equal(rc, 0);
    return g;
}

static void assert_board(const go_game *g, const char *diagram)
{
    go_board want;
    tu_board(&want, diagram);
    char a[1024], b[1024];
    go_board_to_text(a, sizeof a, go_game_board(g));
    go_board_to_text(b, sizeof b, &want);
    assert_string_equal(a, b);
}

static void test_sgf__tree_properties_and_children(void **state)
{
    (void)state;
    go_sgf *sgf = parse_ok("junk (x) before\n(;FF[4]GM[1]SZ[9]PB[Black]PW[White]\n"
                           ";B[ee];W[ce](;B[cc])(;B[gg];W[gc]))(;GN[second])trailing ---");
    assert_int_equal(go_sgf_game_count(sgf), 2);
    const go_sgf_node *root = go_sgf_game(sgf, 0);
    assert_string_equal(go_sgf_node_get(root, "PB"), "Black");
    assert_int_equal(go_sgf_node_prop_count(root), 5);
    assert_string_equal(go_sgf_node_prop_id(root, 2), "SZ");
    assert_int_equal(go_sgf_node_offset(root), 17);
    assert_null(go_sgf_node_get(root, "KM"));
    const go_sgf_node *w = go_sgf_node_child(go_sgf_node_child(root, 0), 0);
    assert_string_equal(go_sgf_node_get(w, "W"), "ce");
    assert_int_equal(go_sgf_node_child_count(w), 2);
    assert_string_equal(go_sgf_node_get(go_sgf_node_child(w, 1), "B"), "gg");
    assert_ptr_equal(go_sgf_node_parent(go_sgf_node_child(w, 1)), w);
    assert_null(go_sgf_node_child(w, 2));
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 1), "GN"), "second");
    assert_null(go_sgf_game(sgf, 2));
    go_sgf_free(sgf);
}

static void test_sgf__escapes_and_odd_identifiers(void **state)
{
    (void)state;
    /* "\]" and "\\" unescape, a "\" before a line break is a soft break, other escapes drop
     * the backslash, "[" needs no escape; lower-case letters of FF[1]-style ids are dropped;
     * a repeated identifier in one node merges its values. */
    go_sgf *sgf = parse_ok("(;C[a \\] b \\\\ c\\\nd \\e [x\\]]CoPyright[me]AB[aa]AW[cc]AB[bb]"
                           "PB[Bret; (test) \"q\"]AN[x\\:y])");
    const go_sgf_node *root = go_sgf_game(sgf, 0);
    assert_string_equal(go_sgf_node_get(root, "C"), "a ] b \\ cd e [x]");
    assert_string_equal(go_sgf_node_get(root, "CP"), "me");
    assert_string_equal(go_sgf_node_get(root, "PB"), "Bret; (test) \"q\"");
    assert_string_equal(go_sgf_node_get(root, "AN"), "x:y");
    go_point pts[4];
    assert_int_equal(go_sgf_node_points(pts, 4, root, "AB", 19), 2);
    assert_int_equal(pts[1], go_point_at(1, 1));
    go_sgf_free(sgf);
}

static void test_sgf__compressed_point_lists(void **state)
{
    (void)state;
    go_sgf *sgf = parse_ok("(;SZ[5]AB[aa:cb][ee]AW[ed:dc]AE[])");
    const go_sgf_node *root = go_sgf_game(sgf, 0);
    go_point pts[16];
    assert_int_equal(go_sgf_node_points(pts, 16, root, "AB", 5), 7);
    assert_int_equal(go_sgf_node_points(NULL, 0, root, "AB", 5), 7);
    assert_int_equal(go_sgf_node_points(pts, 16, root, "AW", 5), 4); /* corners in any order */
    assert_int_equal(go_sgf_node_points(pts, 16, root, "AE", 5), 0);
    assert_int_equal(go_sgf_node_points(pts, 16, root, "AB", 4), GO_EPARSE); /* ee off 4x4 */
    go_game *g = replay_ok(sgf);
    assert_board(g, "XXX..\n"
                    "XXX..\n"
                    "...OO\n"
                    "...OO\n"
                    "....X\n");
    go_game_free(g);
    go_sgf_free(sgf);
}

static void test_sgf__variations_round_trip(void **state)
{
    (void)state;
    const char *text = "(;FF[4]SZ[9]C[say \\]hi\\\\]\n"
                       "(;B[ee];W[ce]\n(;B[cc])\n(;B[gg]\n(;W[gc])\n(;W[cg])))\n"
                       "(;B[dd]))\n(;SZ[5];B[cc])\n";
    go_sgf *sgf = parse_ok(text);
    char *out;
    size_t len;
    assert_int_equal(go_sgf_write(&out, &len, sgf), 0);
    assert_int_equal(strlen(out), len);
    assert_string_equal(out, text);
    go_sgf *again = parse_ok(out);
    char *out2;
    assert_int_equal(go_sgf_write(&out2, NULL, again), 0);
    assert_string_equal(out, out2);
    free(out);
    free(out2);
    go_sgf_free(again);
    go_sgf_free(sgf);
}

static void test_sgf__passes_empty_and_tt(void **state)
{
    (void)state;
    go_sgf *sgf = parse_ok("(;SZ[19];B[dd];W[];B[pp];W[tt])");
    go_game *g = replay_ok(sgf);
    assert_int_equal(go_game_move_count(g), 4);
    assert_int_equal(go_game_move(g, 1).point, GO_PASS);
    assert_int_equal(go_game_move(g, 2).point, go_point_at(15, 15));
    assert_int_equal(go_game_move(g, 3).point, GO_PASS);
    go_game_free(g);
    go_sgf_free(sgf);
    /* On boards over 19, "tt" is the point t,t. */
    sgf = parse_ok("(;SZ[25];B[tt])");
    g = replay_ok(sgf);
    assert_int_equal(go_game_move(g, 0).point, go_point_at(19, 19));
    go_game_free(g);
    go_sgf_free(sgf);
    /* Passes after the game ended by two passes are accepted (three-pass records). */
    sgf = parse_ok("(;SZ[9];B[];W[];B[])");
    size_t moves;
    assert_int_equal(go_sgf_replay(&g, &moves, sgf, 0, NULL), 0);
    assert_int_equal(moves, 3);
    go_game_free(g);
    go_sgf_free(sgf);
    /* And so is play that goes on after two passes: the game resumes. */
    sgf = parse_ok("(;SZ[9];B[];W[];B[aa];W[ii])");
    g = replay_ok(sgf);
    assert_int_equal(go_game_move_count(g), 4);
    assert_false(go_game_over(g));
    assert_int_equal(go_board_at(go_game_board(g), go_point_at(0, 0)), GO_BLACK);
    assert_int_equal(go_board_at(go_game_board(g), go_point_at(8, 8)), GO_WHITE);
    go_game_free(g);
    go_sgf_free(sgf);
}

static void test_sgf__setup_and_player_to_move(void **state)
{
    (void)state;
    go_sgf *sgf = parse_ok("(;SZ[5]AB[bb][cc]AW[dd]PL[W];W[bc];AE[bb]AB[ee];B[ab])");
    go_game *g = replay_ok(sgf);
    assert_board(g, ".....\n"
                    "X....\n"
                    ".OX..\n"
                    "...O.\n"
                    "....X\n");
    go_game_free(g);
    go_sgf_free(sgf);
}

static void test_sgf__setup_lists_longer_than_the_board(void **state)
{
    (void)state;
    /* 700 repeats of one point, then another: the list is longer than the board has points. */
    char text[4096] = "(;SZ[5]AB";
    size_t len = strlen(text);
    for (int i = 0; i < 700; i++) {
        memcpy(text + len, "[aa]", 4);
        len += 4;
    }
    memcpy(text + len, "[bb])", 6);
    go_sgf *sgf = parse_ok(text);
    go_game *g = replay_ok(sgf);
    assert_int_equal(go_board_stone_count(go_game_board(g), GO_BLACK), 2);
    assert_int_equal(go_board_at(go_game_board(g), go_point_at(1, 1)), GO_BLACK);
    go_game_free(g);
    go_sgf_free(sgf);
}

static void test_sgf__handicap(void **state)
{
    (void)state;
    go_sgf *sgf = parse_ok("(;SZ[9]HA[2]AB[cc][gg];W[ee])");
    go_game *g = replay_ok(sgf);
    assert_int_equal(go_game_handicap(g), 2);
    assert_int_equal(go_board_stone_count(go_game_board(g), GO_BLACK), 2);
    go_game_free(g);
    go_sgf_free(sgf);
    /* Fox: HA[2] with the stones in the first move node; HA without stones invents none. */
    sgf = parse_ok("(;SZ[9]HA[2];AB[cc][gg];W[ee])");
    g = replay_ok(sgf);
    assert_int_equal(go_board_stone_count(go_game_board(g), GO_BLACK), 2);
    go_game_free(g);
    go_sgf_free(sgf);
    sgf = parse_ok("(;SZ[9]HA[3];B[ee])");
    g = replay_ok(sgf);
    assert_int_equal(go_game_handicap(g), 0);
    assert_int_equal(go_board_stone_count(go_game_board(g), GO_BLACK), 1);
    go_game_free(g);
    go_sgf_free(sgf);
}

static void test_sgf__game_info_and_komi_quirks(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        double komi;
        go_sgf_komi_source source;
    } cases[] = {
        {"(;KM[6.5])", 6.5, GO_SGF_KOMI_KM},
        {"(;KM[11])", 11, GO_SGF_KOMI_KM}, /* OGS: an ordinary big komi */
        {"(;KM[-1.5])", -1.5, GO_SGF_KOMI_KM},
        {"(;KM[7.500000])", 7.5, GO_SGF_KOMI_KM},
        {"(;RU[Chinese]KM[375])", 7.5, GO_SGF_KOMI_FOX}, /* 3.75 stones */
        {"(;RU[Chinese]KM[325])", 6.5, GO_SGF_KOMI_FOX},
        {"(;RU[Japanese]KM[650])", 6.5, GO_SGF_KOMI_FOX},
        {"(;RU[Japanese]KM[750])", 7.5, GO_SGF_KOMI_FOX},
        {"(;KM[0]HA[1])", 0, GO_SGF_KOMI_KM},
        {"(;KO[7.5])", 7.5, GO_SGF_KOMI_KO},
        {"(;KO[\xe9\xbb\x92\x36\xe7\x9b\xae\xe5\x8d\x8a])", 6.5, GO_SGF_KOMI_KO}, /* 黒6目半 */
        {"(;PB[x])", 0, GO_SGF_KOMI_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        go_sgf *sgf = parse_ok(cases[i].text);
        go_sgf_game_info info;
        assert_int_equal(go_sgf_info(&info, sgf, 0), 0);
        if (info.komi != cases[i].komi || info.komi_source != cases[i].source)
            fail_msg("%s: komi %g source %d", cases[i].text, info.komi, info.komi_source);
        go_sgf_free(sgf);
    }
    go_sgf *sgf = parse_ok("(;GM[1]SZ[13]HA[7.5]RE[W+0.5]PB[a]PW[b]BR[3d]WR[5k]DT[2024-01-02]"
                           "EV[club]RO[2]PC[here]RU[Chinese])");
    go_sgf_game_info info;
    assert_int_equal(go_sgf_info(&info, sgf, 0), 0);
    assert_int_equal(info.size, 13);
    assert_int_equal(info.handicap, 0); /* HA[7.5] is the komi repeated, not stones */
    assert_string_equal(info.result, "W+0.5");
    assert_string_equal(info.white_rank, "5k");
    assert_string_equal(info.place, "here");
    assert_string_equal(info.charset, "UTF-8");
    assert_int_equal(go_sgf_info(&info, sgf, 1), GO_EINVAL);
    go_sgf_free(sgf);
}

static void test_sgf__refuses_boards_and_games_it_cannot_play(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int code;
        const char *says;
    } cases[] = {
        {"(;SZ[19:13])", GO_EUNSUPPORTED, "rectangular"},
        {"(;SZ[27])", GO_ERANGE, "27"},
        {"(;SZ[1])", GO_ERANGE, "2..25"},
        {"(;SZ[big])", GO_EPARSE, "SZ[big]"},
        {"(;GM[3])", GO_EUNSUPPORTED, "GM[3]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        go_sgf *sgf = parse_ok(cases[i].text);
        go_game *g = (go_game *)&g;
        assert_int_equal(go_sgf_replay(&g, NULL, sgf, 0, NULL), cases[i].code);
        assert_null(g);
        assert_non_null(strstr(go_error_last(), cases[i].says));
        go_sgf_free(sgf);
    }
    go_sgf *sgf = parse_ok("(;GM[]SZ[];B[ss])"); /* empty GM and SZ read as absent: 19x19 */
    go_game *g19 = replay_ok(sgf);
    assert_int_equal(go_game_size(g19), 19);
    go_game_free(g19);
    go_sgf_free(sgf);
    sgf = parse_ok("(;SZ[9:9];B[aa])"); /* a square written as cols:rows is fine */
    go_game *g = replay_ok(sgf);
    assert_int_equal(go_game_size(g), 9);
    go_game_free(g);
    go_sgf_free(sgf);
}

static void test_sgf__syntax_errors_name_the_byte(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *says;
    } cases[] = {
        {"(;FF[4]C[never closed", "SGF byte 8: the value of C"},
        {"(;FF[4];B[aa]]", "SGF byte 13: unexpected ']'"},
        {"(;FF[4];B[aa]", "SGF byte 13: end of input inside the game tree opened at byte 0"},
        {"(;FF[4]C", "SGF byte 8: expected '[' after property C"},
        {"no tree here", "SGF byte 12: no game tree"},
        {"", "no game tree"},
        {"(;C[x (=6 [points])];B[aa];W[bb])", "SGF byte 20: node outside any game tree"},
        {"(;cc[x])", "SGF byte 2: property identifier without an upper-case letter"},
        {"(;ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ[x])", "longer than"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(parse_err(cases[i].text, strlen(cases[i].text)), GO_EPARSE);
        if (!strstr(go_error_last(), cases[i].says))
            fail_msg("%s: got \"%s\", want \"%s\"", cases[i].text, go_error_last(), cases[i].says);
    }
    /* Offsets are in the original bytes even after decoding: the GBK name before the bad
     * ']' is 4 bytes, 2 characters, 6 UTF-8 bytes. */
    const char gbk[] = "(;CA[GBK]PB[\xb9\xc5\xc1\xa6]]";
    assert_int_equal(parse_err(gbk, sizeof gbk - 1), GO_EPARSE);
    assert_non_null(strstr(go_error_last(), "SGF byte 17: unexpected ']'"));
    const char gbk_open[] = "(;CA[GBK]PB[\xb9\xc5\xc1\xa6]";
    assert_int_equal(parse_err(gbk_open, sizeof gbk_open - 1), GO_EPARSE);
    assert_non_null(strstr(go_error_last(), "SGF byte 17: end of input"));
}

static void test_sgf__illegal_moves_name_the_move(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int code;
        const char *says;
    } cases[] = {
        {"(;SZ[9];B[ee];W[ee])", GO_EOCCUPIED, "move 2 W[ee] (SGF byte 13)"},
        /* White at aa has no liberty and captures nothing. */
        {"(;SZ[9];B[ba];W[];B[ab];W[aa])", GO_ESUICIDE, "move 4 W[aa]"},
        {"(;SZ[5]AB[ba][ab][bc]AW[ca][db][cc][cb]"
         ";B[zz])",
         GO_EPARSE, "move 1 B[zz]"},
        /* Simple ko: White plays bb, Black takes it at cb, White retakes at once. */
        {"(;SZ[5]AB[ba][ab][bc]AW[ca][db][cc];W[bb];B[cb];W[bb])", GO_EKO, "move 3 W[bb]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        go_sgf *sgf = parse_ok(cases[i].text);
        go_game *g;
        int rc = go_sgf_replay(&g, NULL, sgf, 0, NULL);
        if (rc != cases[i].code || !strstr(go_error_last(), cases[i].says))
            fail_msg("%s: got %d \"%s\", want %d \"%s\"", cases[i].text, rc, go_error_last(),
                     cases[i].code, cases[i].says);
        assert_null(g);
        go_sgf_free(sgf);
    }
    /* keep_partial returns the game before the bad move. */
    go_sgf *sgf = parse_ok("(;SZ[9];B[ee];W[dd];B[ee];W[cc])");
    go_sgf_replay_options opts = GO_SGF_REPLAY_OPTIONS_INIT;
    opts.keep_partial = true;
    go_game *g;
    size_t moves;
    assert_int_equal(go_sgf_replay(&g, &moves, sgf, 0, &opts), GO_EOCCUPIED);
    assert_non_null(g);
    assert_int_equal(moves, 2);
    assert_int_equal(go_game_move_count(g), 2);
    go_game_free(g);
    /* max_moves stops early without error. */
    opts.keep_partial = false;
    opts.max_moves = 1;
    assert_int_equal(go_sgf_replay(&g, &moves, sgf, 0, &opts), 0);
    assert_int_equal(go_game_move_count(g), 1);
    go_game_free(g);
    go_sgf_free(sgf);
}

static void test_sgf__charsets_decoded_before_tokenising(void **state)
{
    (void)state;
    /* CA after PB: found before decoding PB. */
    const char gb[] = "(;PB[\xb9\xc5\xc1\xa6]CA[gb2312]PW[\xbf\xc2\xbd\xe0])";
    go_sgf *sgf;
    assert_int_equal(go_sgf_parse(&sgf, gb, sizeof gb - 1, NULL), 0);
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PB"), "古力");
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PW"), "柯洁");
    assert_string_equal(go_sgf_charset(sgf), "GB18030");
    assert_false(go_sgf_charset_guessed(sgf));
    go_sgf_free(sgf);
    /* Shift_JIS without CA: ソ is 83 5C, whose second byte is '\'. */
    const char sjis[] = "(;PB[\x90\x5c\xe1\xc1\x83\x5c]PW[\x82\xa8\x82\xcd\x82\xe6\x82\xa4];B[aa])";
    assert_int_equal(go_sgf_parse(&sgf, sjis, sizeof sjis - 1, NULL), 0);
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PB"), "申眞ソ");
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PW"), "おはよう");
    assert_string_equal(go_sgf_charset(sgf), "CP932");
    assert_true(go_sgf_charset_guessed(sgf));
    go_sgf_free(sgf);
    /* UTF-16LE with a BOM, and UTF-16BE without. */
    const char le[] = "\xff\xfe(\0;\0P\0B\0[\0\xe4\x53\x9b\x52]\0)\0";
    assert_int_equal(go_sgf_parse(&sgf, le, sizeof le - 1, NULL), 0);
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PB"), "古力");
    go_sgf_free(sgf);
    const char be[] = "\0(\0;\0P\0B\0[\0x\0]\0)";
    assert_int_equal(go_sgf_parse(&sgf, be, sizeof be - 1, NULL), 0);
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PB"), "x");
    assert_string_equal(go_sgf_charset(sgf), "UTF-16BE");
    go_sgf_free(sgf);
    /* A lying CA: UTF-8 bytes under CA[MS_KANJI] stay UTF-8. */
    sgf = parse_ok("(;CA[MS_KANJI]PB[井山])");
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PB"), "井山");
    go_sgf_free(sgf);
    /* Latin-1 without CA, and undecodable bytes replaced, never refused. */
    const char latin[] = "(;C[Libert\xe9, \xe9galit\xe9])";
    assert_int_equal(go_sgf_parse(&sgf, latin, sizeof latin - 1, NULL), 0);
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "C"), "Liberté, égalité");
    go_sgf_free(sgf);
    const char bad[] = "(;CA[UTF-8]PB[\xe4\xbd\xa0\xe5\x9b]PW[ok])";
    assert_int_equal(go_sgf_parse(&sgf, bad, sizeof bad - 1, NULL), 0);
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PB"), "你\xef\xbf\xbd\xef\xbf\xbd");
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PW"), "ok");
    assert_int_equal(go_sgf_replacements(sgf), 2);
    go_sgf_free(sgf);
    /* Bytes the scorer reads as GBK (two common hanzi) whose last character would swallow
     * the ']': the record falls back to the byte-level (Latin-1) reading rather than fail. */
    const char swallow[] = "(;PB[\xb9\xc5\xc1\xa6]C[\xe9])";
    assert_int_equal(go_sgf_parse(&sgf, swallow, sizeof swallow - 1, NULL), 0);
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "C"), "é");
    assert_string_equal(go_sgf_charset(sgf), "CP1252");
    assert_true(go_sgf_charset_guessed(sgf));
    go_sgf_free(sgf);
    /* A real syntax error is still reported as found in the first reading. */
    const char broken[] = "(;PB[\xb9\xc5\xc1\xa6]C[x]]";
    assert_int_equal(go_sgf_parse(&sgf, broken, sizeof broken - 1, NULL), GO_EPARSE);
    assert_non_null(strstr(go_error_last(), "SGF byte 14: unexpected ']'"));
    /* A collection whose trees declare different charsets: each tree is decoded by itself,
     * and the byte offsets of its nodes stay those of the whole input. */
    const char mixed[] = "(;CA[GBK]PB[\xb9\xc5\xc1\xa6])\n(;CA[Shift_JIS]PB[\x83\x5c];B[aa])";
    assert_int_equal(go_sgf_parse(&sgf, mixed, sizeof mixed - 1, NULL), 0);
    assert_int_equal(go_sgf_game_count(sgf), 2);
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PB"), "古力");
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 1), "PB"), "ソ");
    assert_int_equal(go_sgf_node_offset(go_sgf_game(sgf, 1)), 20);
    assert_int_equal(go_sgf_node_offset(go_sgf_node_child(go_sgf_game(sgf, 1), 0)), 40);
    go_sgf_game_info info;
    assert_int_equal(go_sgf_info(&info, sgf, 1), 0);
    assert_string_equal(info.charset, "CP932");
    go_sgf_free(sgf);
    /* Forced charset and fallback options. */
    go_sgf_options opts = GO_SGF_OPTIONS_INIT;
    opts.charset = "Big5";
    const char big5[] = "(;PB[\xa7\x64])"; /* 吳 in Big5 */
    assert_int_equal(go_sgf_parse(&sgf, big5, sizeof big5 - 1, &opts), 0);
    assert_string_equal(go_sgf_node_get(go_sgf_game(sgf, 0), "PB"), "吳");
    go_sgf_free(sgf);
    opts.charset = "no-such-charset";
    assert_int_equal(go_sgf_parse(&sgf, big5, sizeof big5 - 1, &opts), GO_EINVAL);
    opts.version = 99;
    assert_int_equal(go_sgf_parse(&sgf, big5, sizeof big5 - 1, &opts), GO_EINVAL);
}

static void test_sgf__charset_names(void **state)
{
    (void)state;
    static const char *pairs[][2] = {
        {"GBK", "GB18030"},         {"gb2312", "GB18030"},      {"EUC-CN", "GB18030"},
        {"Shift-JIS", "CP932"},     {"MS_KANJI", "CP932"},      {"Shift_JIS", "CP932"},
        {"utf8", "UTF-8"},          {"UTF16LE", "UTF-16LE"},    {"Big5", "BIG5-HKSCS"},
        {"EUC-KR", "CP949"},        {"ISO-8859-1", "CP1252"},   {"ISO-8859-15", "ISO-8859-15"},
        {"macintosh", "MACINTOSH"}, {"Windows-1251", "CP1251"},
    };
    char out[48];
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        assert_true(sgf_charset_resolve(out, sizeof out, pairs[i][0]));
        assert_string_equal(out, pairs[i][1]);
    }
    assert_false(sgf_charset_resolve(out, sizeof out, "foo"));
    assert_false(sgf_charset_resolve(out, sizeof out, ""));
}

static void test_sgf__deep_nesting_uses_no_recursion(void **state)
{
    (void)state;
    /* 100,000 nested variations: a recursive parser or writer would overflow the stack. */
    size_t depth = 100000;
    size_t cap = depth * 12 + 16, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (size_t i = 0; i < depth; i++) {
        const char *node = i % 2 ? "(;W[bb]" : "(;B[aa]";
        memcpy(text + len, node, 7);
        len += 7;
    }
    memset(text + len, ')', depth);
    len += depth;
    go_sgf *sgf;
    assert_int_equal(go_sgf_parse(&sgf, text, len, NULL), 0);
    const go_sgf_node *n = go_sgf_game(sgf, 0);
    size_t count = 1;
    while (go_sgf_node_child_count(n)) {
        n = go_sgf_node_child(n, 0);
        count++;
    }
    assert_int_equal(count, depth);
    char *out;
    assert_int_equal(go_sgf_write(&out, NULL, sgf), 0);
    free(out);
    go_sgf_free(sgf);
    /* The node cap. */
    go_sgf_options opts = GO_SGF_OPTIONS_INIT;
    opts.max_nodes = 1000;
    assert_int_equal(go_sgf_parse(&sgf, text, len, &opts), GO_ETOOBIG);
    free(text);
}

static void test_sgf__random_bytes_never_crash(void **state)
{
    (void)state;
    /* A cheap in-suite fuzz: mutations of a small record (the real fuzzing is libFuzzer's). */
    const char *seed = "(;GM[1]SZ[9]CA[GBK]AB[aa:cc]PL[W];W[ee](;B[]C[x\\]y])(;B[tt]))";
    size_t n = strlen(seed);
    char buf[128];
    go_rng rng;
    go_rng_seed(&rng, 42);
    for (int iter = 0; iter < 5000; iter++) {
        memcpy(buf, seed, n);
        int edits = 1 + (int)go_rng_below(&rng, 4);
        for (int e = 0; e < edits; e++)
            buf[go_rng_below(&rng, (uint32_t)n)] = (char)go_rng_below(&rng, 256);
        size_t len = go_rng_below(&rng, (uint32_t)n + 1);
        go_sgf *sgf;
        if (go_sgf_parse(&sgf, buf, len, NULL) != 0)
            continue;
        go_game *g;
        if (go_sgf_replay(&g, NULL, sgf, 0, NULL) == 0)
            go_game_free(g);
        char *out;
        if (go_sgf_write(&out, NULL, sgf) == 0)
            free(out);
        go_sgf_free(sgf);
    }
}

static void test_sgf__from_game_round_trip(void **state)
{
    (void)state;
    go_game *g;
    assert_int_equal(go_game_new(&g, 9, GO_SUPERKO_SITUATIONAL), 0);
    assert_int_equal(go_game_handicap_fixed(g, 2), 0);
    assert_int_equal(go_game_play(g, GO_WHITE, go_point_at(4, 4)), 0);
    assert_int_equal(go_game_play(g, GO_BLACK, GO_PASS), 0);
    assert_int_equal(go_game_play(g, GO_WHITE, go_point_at(2, 2)), 0);
    go_sgf_game_info info = GO_SGF_GAME_INFO_INIT;
    info.komi = 0.5;
    info.black = "Ana";
    info.white = "Bo]b";
    go_sgf *sgf;
    assert_int_equal(go_sgf_from_game(&sgf, g, &info), 0);
    char *text;
    assert_int_equal(go_sgf_write(&text, NULL, sgf), 0);
    assert_non_null(strstr(text, "PW[Bo\\]b]"));
    assert_non_null(strstr(text, "HA[2]"));
    assert_non_null(strstr(text, "KM[0.5]"));
    assert_non_null(strstr(text, ";B[]"));
    go_sgf *back = parse_ok(text);
    go_game *g2 = replay_ok(back);
    assert_int_equal(go_game_handicap(g2), 2);
    assert_int_equal(go_game_move_count(g2), 3);
    assert_int_equal(go_board_hash(go_game_board(g2)), go_board_hash(go_game_board(g)));
    go_sgf_game_info back_info;
    assert_int_equal(go_sgf_info(&back_info, back, 0), 0);
    assert_string_equal(back_info.white, "Bo]b");
    assert_true(back_info.komi == 0.5);
    free(text);
    go_game_free(g2);
    go_sgf_free(back);
    go_sgf_free(sgf);
    go_game_free(g);
}

static void test_sgf__building_and_editing(void **state)
{
    (void)state;
    go_sgf *sgf;
    assert_int_equal(go_sgf_new(&sgf), 0);
    go_sgf_node *root, *a, *b;
    assert_int_equal(go_sgf_node_add(&root, sgf, NULL), 0);
    assert_int_equal(go_sgf_node_set(sgf, root, "SZ", "9"), 0);
    assert_int_equal(go_sgf_node_set(sgf, root, "SZ", "13"), 0);
    assert_int_equal(go_sgf_node_add_value(sgf, root, "AB", "aa"), 0);
    assert_int_equal(go_sgf_node_add_value(sgf, root, "AB", "bb"), 0);
    assert_int_equal(go_sgf_node_set(sgf, root, "C", "gone"), 0);
    assert_int_equal(go_sgf_node_set(sgf, root, "C", NULL), 0);
    assert_int_equal(go_sgf_node_add(&a, sgf, root), 0);
    assert_int_equal(go_sgf_node_add(&b, sgf, root), 0);
    assert_int_equal(go_sgf_node_add_value(sgf, a, "B", "cc"), 0);
    assert_int_equal(go_sgf_node_add_value(sgf, b, "B", "dd"), 0);
    char *text;
    assert_int_equal(go_sgf_write(&text, NULL, sgf), 0);
    assert_string_equal(text, "(;SZ[13]AB[aa][bb]\n(;B[cc])\n(;B[dd]))\n");
    free(text);
    go_sgf_free(sgf);
    go_sgf_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sgf__tree_properties_and_children),
        cmocka_unit_test(test_sgf__escapes_and_odd_identifiers),
        cmocka_unit_test(test_sgf__compressed_point_lists),
        cmocka_unit_test(test_sgf__variations_round_trip),
        cmocka_unit_test(test_sgf__passes_empty_and_tt),
        cmocka_unit_test(test_sgf__setup_and_player_to_move),
        cmocka_unit_test(test_sgf__setup_lists_longer_than_the_board),
        cmocka_unit_test(test_sgf__handicap),
        cmocka_unit_test(test_sgf__game_info_and_komi_quirks),
        cmocka_unit_test(test_sgf__refuses_boards_and_games_it_cannot_play),
        cmocka_unit_test(test_sgf__syntax_errors_name_the_byte),
        cmocka_unit_test(test_sgf__illegal_moves_name_the_move),
        cmocka_unit_test(test_sgf__charsets_decoded_before_tokenising),
        cmocka_unit_test(test_sgf__charset_names),
        cmocka_unit_test(test_sgf__deep_nesting_uses_no_recursion),
        cmocka_unit_test(test_sgf__random_bytes_never_crash),
        cmocka_unit_test(test_sgf__from_game_round_trip),
        cmocka_unit_test(test_sgf__building_and_editing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
