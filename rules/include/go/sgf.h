/* SGF FF[4] game records: parse a collection into a tree (variations kept), write it back,
 * read the game information, replay the main line into a go_game, and build a record from a
 * game (GTP printsgf). Every value in the tree is UTF-8: the bytes are decoded from their
 * charset (CA, BOM, or detection) before tokenising, because in Shift_JIS and Big5 the second
 * byte of a character can be 0x5C '\'. */
#ifndef GO_SGF_H
#define GO_SGF_H

#include <stdbool.h>
#include <stddef.h>

#include "go/board.h"
#include "go/error.h"
#include "go/game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A parsed collection: one or more game trees. Opaque; owns every node and string in it. */
typedef struct go_sgf go_sgf;
/* A node of a game tree: properties (identifier + values) and children (child 0 is the main
 * line, the others are variations). Owned by its go_sgf. */
typedef struct go_sgf_node go_sgf_node;

/* ------------------------------------------------------------------------------------------
 * Parsing
 *
 * Charset, in this order: a BOM (UTF-8, UTF-16LE/BE); options.charset when set; the first CA
 * of the file (found before any value is decoded, wherever it stands in the root); UTF-16
 * without BOM (NUL bytes next to ASCII); valid UTF-8 is UTF-8; otherwise the likeliest of
 * GB18030, Big5, Shift_JIS and ISO-8859-1 by a plausibility score (options.fallback_charset
 * overrides the guess). A CA whose charset iconv does not know, or which the bytes contradict
 * (a "UTF-8" record that is not valid UTF-8 but decodes cleanly as a legacy charset) falls back
 * to the same guess. Bytes that do not decode become U+FFFD: a record is never refused for its
 * charset; and when a multi-byte reading fails to parse (a character swallowed a ']'), the
 * byte-level Latin-1 reading is used if it parses. In a collection whose trees declare different
 * CAs, each tree is decoded from its own bytes by itself (go_sgf_game_info.charset names each
 * tree's). Spellings: GBK, GB2312, EUC-CN, GB18030, Big5, Shift_JIS, Shift-JIS, SJIS, MS_KANJI,
 * EUC-KR, ISO-2022-JP, UTF-8, UTF8, UTF16LE, UTF-16BE, macintosh, Windows-1252...
 *
 * Syntax. Text before the first "(;" and after the last tree is ignored. Property identifiers
 * keep only their upper-case letters (FF[1]-style "CoPyright" -> "CP"); a repeated identifier
 * in one node has its values merged (AB[dd]AW[cc]AB[ff]). Nesting depth is unbounded in the
 * input but the parser uses no recursion (300-level Fox records parse); a tree is capped at
 * options.max_nodes nodes (GO_ETOOBIG). Errors are GO_EPARSE with go_error_last() naming the
 * byte offset in the original input: "SGF byte 1842: expected ']' to close the value of C".
 * ------------------------------------------------------------------------------------------ */

#define GO_SGF_OPTIONS_VERSION 1

typedef struct go_sgf_options {
    unsigned version;             /* GO_SGF_OPTIONS_VERSION */
    const char *charset;          /* decode with this charset (iconv name or SGF spelling),
                                     ignoring CA and detection; NULL: automatic */
    const char *fallback_charset; /* charset for records without a usable CA that are not
                                     UTF-8; NULL: guess among GB18030, Big5, Shift_JIS, Latin-1 */
    size_t max_nodes;             /* cap on nodes in the whole collection; 0: 4,000,000 */
} go_sgf_options;

#define GO_SGF_OPTIONS_INIT                                                                        \
    {                                                                                              \
        GO_SGF_OPTIONS_VERSION, NULL, NULL, 0                                                      \
    }

/* Parse len bytes (need not be NUL-terminated). opts may be NULL for the defaults.
 * *out belongs to the caller (go_sgf_free). GO_EPARSE (no game tree, unbalanced brackets or
 * parentheses, value not closed), GO_ETOOBIG, GO_ENOMEM, GO_EINVAL (bad options version). */
int go_sgf_parse(go_sgf **out, const char *bytes, size_t len, const go_sgf_options *opts);
/* Read a whole file (at most 64 MiB) and parse it. GO_EIO when it cannot be read. */
int go_sgf_load(go_sgf **out, const char *path, const go_sgf_options *opts);
/* An empty collection, to build with go_sgf_node_add. */
int go_sgf_new(go_sgf **out);
void go_sgf_free(go_sgf *sgf);

/* The charset the bytes were decoded from ("UTF-8", "GB18030", "SHIFT_JIS"...; iconv's name),
 * whether it was guessed (no usable CA), and how many bytes became U+FFFD. Borrowed. */
const char *go_sgf_charset(const go_sgf *sgf);
bool go_sgf_charset_guessed(const go_sgf *sgf);
size_t go_sgf_replacements(const go_sgf *sgf);

/* ------------------------------------------------------------------------------------------
 * The tree. Getters return borrowed pointers valid until go_sgf_free. Values are UTF-8 and
 * NUL-terminated, with SGF escapes removed ("\]" -> "]", "\\" -> "\", an escaped line break
 * dropped). Point values stay as written ("aa", "aa:cc", "" for a pass).
 * ------------------------------------------------------------------------------------------ */

size_t go_sgf_game_count(const go_sgf *sgf);
/* Root node of game i (0-based), NULL when out of range. */
const go_sgf_node *go_sgf_game(const go_sgf *sgf, size_t i);

const go_sgf_node *go_sgf_node_parent(const go_sgf_node *node);
size_t go_sgf_node_child_count(const go_sgf_node *node);
/* Child i; child 0 continues the main line. NULL when out of range. */
const go_sgf_node *go_sgf_node_child(const go_sgf_node *node, size_t i);
/* Byte offset in the original input of the ';' opening this node (0 for built nodes). */
size_t go_sgf_node_offset(const go_sgf_node *node);

size_t go_sgf_node_prop_count(const go_sgf_node *node);
/* Identifier of property i ("B", "AB", "C"...), NULL when out of range. */
const char *go_sgf_node_prop_id(const go_sgf_node *node, size_t i);
size_t go_sgf_node_value_count(const go_sgf_node *node, size_t prop);
const char *go_sgf_node_value(const go_sgf_node *node, size_t prop, size_t v);
/* First value of property id in this node, or NULL when the node has no such property. */
const char *go_sgf_node_get(const go_sgf_node *node, const char *id);

/* Points of a point-list property (AB, AW, AE, markup) with compressed lists ("aa:cc", a
 * rectangle) expanded, for a board of the given size. Writes at most max points to out and
 * returns how many the property holds (call with max 0 to count), or a negative go_err:
 * GO_EPARSE for a value that is not a point of this board (go_error_last() says which).
 * Passes ("" and "tt" on boards up to 19) are skipped. 0 when the node lacks the property. */
int go_sgf_node_points(go_point *out, size_t max, const go_sgf_node *node, const char *id,
                       int size);

/* Building and editing. parent NULL starts a new game tree at the end of the collection.
 * *out is borrowed (owned by sgf). */
int go_sgf_node_add(go_sgf_node **out, go_sgf *sgf, go_sgf_node *parent);
/* Append value (UTF-8, unescaped; copied) to property id of node, creating the property. */
int go_sgf_node_add_value(go_sgf *sgf, go_sgf_node *node, const char *id, const char *value);
/* Replace every value of property id with one value; value NULL removes the property. */
int go_sgf_node_set(go_sgf *sgf, go_sgf_node *node, const char *id, const char *value);

/* ------------------------------------------------------------------------------------------
 * Writing: FF[4] text, UTF-8, every tree and variation kept, "]" and "\" escaped (values
 * are stored unescaped, so a "\:" inside a composed value is written back as ":"). A root's CA
 * is written as CA[UTF-8] since values are UTF-8.
 * *out is malloc'd, NUL-terminated, and belongs to the caller (free()).
 * ------------------------------------------------------------------------------------------ */
int go_sgf_write(char **out, size_t *out_len, const go_sgf *sgf);

/* ------------------------------------------------------------------------------------------
 * Game information of one game tree (root node properties). Strings are borrowed from the
 * go_sgf (NULL when absent).
 *
 * Komi. KM in points, with two quirks:
 *  - Fox (野狐) stores KM in hundredths: KM[375] means 3.75 stones = 7.5 points under Chinese
 *    rules (Fox counts Chinese komi in stones), KM[650] means 6.5 points otherwise. Heuristic:
 *    an integer KM of 50 or more whose absolute value is a multiple of 25 is Fox's; it is read
 *    as KM/100, doubled when RU names Chinese rules and KM/100 < 5 (3.75 -> 7.5). No real
 *    komi is 50 points or more, so ordinary records (KM[6.5], KM[11], KM[0]) are untouched.
 *  - Nihon Ki-in style KO[7.5] (or KO[黒6目半], "6 and a half moku") when KM is absent.
 * ------------------------------------------------------------------------------------------ */

typedef enum go_sgf_komi_source {
    GO_SGF_KOMI_NONE = 0, /* no komi given: komi is 0 */
    GO_SGF_KOMI_KM = 1,   /* KM as written */
    GO_SGF_KOMI_FOX = 2,  /* KM read with the Fox hundredths rule */
    GO_SGF_KOMI_KO = 3,   /* KO[] (Nihon Ki-in) */
} go_sgf_komi_source;

typedef struct go_sgf_game_info {
    int size;    /* SZ; 19 when absent */
    double komi; /* points, after the quirks above */
    go_sgf_komi_source komi_source;
    int handicap;           /* HA when 2..9+ (HA[0]/HA[1] and nonsense like HA[7.5] read as 0) */
    const char *rules;      /* RU */
    const char *result;     /* RE, free text as written ("B+R", "W+0.5", "黑胜半目") */
    const char *black;      /* PB */
    const char *white;      /* PW */
    const char *black_rank; /* BR */
    const char *white_rank; /* WR */
    const char *date;       /* DT */
    const char *event;      /* EV */
    const char *round;      /* RO */
    const char *place;      /* PC */
    const char *game_name;  /* GN */
    const char *comment;    /* GC (game comment) */
    const char *charset;    /* charset the record was decoded from (see go_sgf_charset) */
} go_sgf_game_info;

/* Zero strings, size 19, komi 0. */
#define GO_SGF_GAME_INFO_INIT                                                                      \
    {                                                                                              \
        19, 0.0, GO_SGF_KOMI_NONE, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,  \
            NULL, NULL, NULL                                                                       \
    }

/* Fill *out from game i. GO_EINVAL (no such game), GO_EUNSUPPORTED (GM other than 1 (Go),
 * rectangular SZ[19:13]), GO_ERANGE (SZ outside 2..25), GO_EPARSE (SZ not a number). */
int go_sgf_info(go_sgf_game_info *out, const go_sgf *sgf, size_t game);

/* ------------------------------------------------------------------------------------------
 * Replay of the main line (child 0 at every node) into a go_game under the Chinese rules.
 * Per node, in order: setup AB/AW/AE (compressed lists expanded; in the root, HA[n] with
 * exactly n AB stones and nothing else is placed as a free handicap so that
 * go_game_handicap() counts it), then PL, then the move B[]/W[] ("" and "tt" on boards up to
 * 19 are passes). HA without stones places nothing (Fox writes HA[1], HA[2] with the stones
 * in the first move node). Moves need not alternate (the record decides). More passes after
 * two passes are accepted (3-, 4-pass records); a stone after two passes is refused with
 * GO_EGAMEOVER, since go_game cannot resume play after a dispute.
 *
 * Errors name the place: GO_EOCCUPIED, GO_ESUICIDE, GO_EKO, GO_ESUPERKO, GO_EOFFBOARD (with
 * "move 23 B[eg] (SGF byte 812): ..."), GO_EPARSE for a coordinate that is not one
 * ("move 5 B[zz]"), GO_EILLEGAL for setup that leaves a group without liberties, plus the
 * errors of go_sgf_info.
 * ------------------------------------------------------------------------------------------ */

#define GO_SGF_REPLAY_OPTIONS_VERSION 1

typedef struct go_sgf_replay_options {
    unsigned version;   /* GO_SGF_REPLAY_OPTIONS_VERSION */
    go_superko superko; /* GO_SUPERKO_SITUATIONAL (default) or GO_SUPERKO_POSITIONAL */
    bool keep_partial;  /* on an illegal move, still return the game as it stood before
                           that move in *out (the caller frees it) */
    size_t max_moves;   /* stop after this many moves (0: the whole main line) */
} go_sgf_replay_options;

#define GO_SGF_REPLAY_OPTIONS_INIT                                                                 \
    {                                                                                              \
        GO_SGF_REPLAY_OPTIONS_VERSION, GO_SUPERKO_SITUATIONAL, false, 0                            \
    }

/* Replay game i's main line. *out belongs to the caller (go_game_free); it is NULL on error
 * unless opts->keep_partial and the error came from a move or setup (see above).
 * If moves_out is not NULL it receives the number of moves (passes included) replayed. */
int go_sgf_replay(go_game **out, size_t *moves_out, const go_sgf *sgf, size_t game,
                  const go_sgf_replay_options *opts);

/* ------------------------------------------------------------------------------------------
 * A record from a game (GTP printsgf): one game tree with FF[4] GM[1] CA[UTF-8] AP SZ, KM,
 * HA and the other fields of info that are set (info may be NULL), the position before the
 * first move as AB/AW (handicap stones included), then one node per move (passes as B[]).
 * Setup stones placed after the first move are not recorded.
 * *out belongs to the caller (go_sgf_free).
 * ------------------------------------------------------------------------------------------ */
int go_sgf_from_game(go_sgf **out, const go_game *game, const go_sgf_game_info *info);

#ifdef __cplusplus
}
#endif

#endif
