/* The GTP v2 engine: line preprocessing, ids, the command table and each command's answer.
 * The state is one go_game plus what GTP adds (komi, the genmove generator, how many moves
 * `undo` may take back). Every input line gets exactly one answer; nothing here exits. */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "go/dead.h"
#include "go/score.h"
#include "go/sgf.h"
#include "gtp.h"

#define MAX_ARGS 1024 /* a 25x25 set_free_handicap needs 624 vertices */

typedef struct buf {
    char *data;
    size_t len, cap;
    bool failed; /* an allocation failed: the text is truncated */
} buf;

struct go_gtp {
    go_game *game;
    go_superko superko;
    double komi;
    uint64_t seed;
    go_rng rng;
    size_t undoable; /* moves played through GTP (play, genmove, loadsgf) that undo may take */
    bool quit;
    const char *engine_version;
    buf line;     /* the preprocessed line; argv points into it */
    buf result;   /* the command's answer text, without "=id " and the blank line */
    buf response; /* the complete response handed to the caller */
};

/* --- growable text ------------------------------------------------------------------- */

static bool buf_reserve(buf *b, size_t extra)
{
    if (b->failed)
        return false;
    if (b->len + extra + 1 <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d) {
        b->failed = true;
        return false;
    }
    b->data = d;
    b->cap = cap;
    return true;
}

static void buf_reset(buf *b)
{
    b->len = 0;
    b->failed = false;
    if (b->data)
        b->data[0] = '\0';
}

static void buf_add(buf *b, const char *s, size_t n)
{
    if (!buf_reserve(b, n))
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void buf_puts(buf *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

static void buf_printf(buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void buf_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !buf_reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* --- answers --------------------------------------------------------------------------- */

/* Handlers return true on success with the answer in e->result, false with the error
 * message there. */
static bool fail(go_gtp *e, const char *message)
{
    buf_reset(&e->result);
    buf_puts(&e->result, message);
    return false;
}

/* --- argument parsing ------------------------------------------------------------------ */

typedef enum num_parse { NUM_OK, NUM_SYNTAX, NUM_RANGE } num_parse;

/* A decimal integer (optional sign, digits only). Values beyond int are NUM_RANGE: "huge"
 * is a number, just not an acceptable one. */
static num_parse parse_int(int *out, const char *s)
{
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    if (!*p)
        return NUM_SYNTAX;
    for (const char *q = p; *q; q++)
        if (!isdigit((unsigned char)*q))
            return NUM_SYNTAX;
    errno = 0;
    long v = strtol(s, NULL, 10);
    if (errno == ERANGE || v < INT_MIN || v > INT_MAX)
        return NUM_RANGE;
    *out = (int)v;
    return NUM_OK;
}

static bool parse_float(double *out, const char *s)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno == ERANGE || !isfinite(v))
        return false;
    *out = v;
    return true;
}

static bool parse_color(go_color *out, const char *s)
{
    if (strcasecmp(s, "b") == 0 || strcasecmp(s, "black") == 0)
        *out = GO_BLACK;
    else if (strcasecmp(s, "w") == 0 || strcasecmp(s, "white") == 0)
        *out = GO_WHITE;
    else
        return false;
    return true;
}

/* A vertex of the current board or pass. Off-board vertices count as syntax errors, as in
 * GNU Go (the reference implementation decides where the specification is silent). */
static bool parse_vertex(go_gtp *e, go_point *out, const char *s)
{
    int rc = go_point_from_gtp(out, s, go_game_size(e->game));
    go_error_clear();
    return rc == 0;
}

static const char *vertex_name(char *name, size_t size, go_gtp *e, go_point p)
{
    return go_point_to_gtp(name, size, p, go_game_size(e->game));
}

/* --- game helpers ---------------------------------------------------------------------- */

static int reset_game(go_gtp *e, int size)
{
    int rc = go_game_reset(e->game, size);
    if (rc == 0)
        e->undoable = 0;
    return rc;
}

static bool board_empty(go_gtp *e)
{
    const go_board *b = go_game_board(e->game);
    return go_board_stone_count(b, GO_BLACK) + go_board_stone_count(b, GO_WHITE) == 0;
}

/* go_game ends the game after two consecutive passes, but under GTP the controller decides
 * when a game ends (GNU Go accepts moves after two passes). So a move after two passes first
 * resumes the game (go_game_resume: one history entry, same position, passes kept in the
 * record); reclose() takes the resumption back when the move is refused. */
static bool reopen(go_gtp *e)
{
    if (!go_game_over(e->game) || go_game_resigned(e->game) != GO_EMPTY)
        return false;
    return go_game_resume(e->game) == 0;
}

static void reclose(go_gtp *e, bool resumed)
{
    if (resumed)
        go_game_undo(e->game);
}

static int play_move(go_gtp *e, go_color c, go_point p)
{
    bool resumed = reopen(e);
    int rc = go_game_play(e->game, c, p);
    if (rc) {
        reclose(e, resumed);
        return rc;
    }
    e->undoable++;
    return 0;
}

/* genmove's choice: a random legal move that does not fill c's own eye, the light playouts'
 * choice (go_board_play_random on a copy), but legal under superko too: a few draws that way
 * (cheap), then a uniform draw among all the candidates that pass go_game_check. */
static go_point choose_move(go_gtp *e, go_color c)
{
    const go_board *board = go_game_board(e->game);
    for (int tries = 0; tries < 16; tries++) {
        go_board scratch = *board;
        go_point p = go_board_play_random(&scratch, c, &e->rng);
        if (p == GO_PASS)
            return GO_PASS;
        if (go_game_check(e->game, c, p) == 0)
            return p;
    }
    go_point candidates[GO_MAX_SIZE * GO_MAX_SIZE];
    size_t n = 0;
    int size = go_board_size(board);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (go_board_at(board, p) == GO_EMPTY && !go_board_is_eye(board, c, p) &&
                go_game_check(e->game, c, p) == 0)
                candidates[n++] = p;
        }
    go_error_clear();
    return n ? candidates[go_rng_below(&e->rng, (uint32_t)n)] : GO_PASS;
}

/* --- commands -------------------------------------------------------------------------- */

typedef bool (*handler)(go_gtp *e, int argc, char **argv);
typedef struct command {
    const char *name;
    handler run;
} command;

static const command *find_command(const char *name);
static void list_commands(buf *out);

static bool no_args(go_gtp *e, int argc)
{
    return argc == 0 || fail(e, "syntax error");
}

static bool gtp_protocol_version(go_gtp *e, int argc, char **argv)
{
    (void)argv;
    if (!no_args(e, argc))
        return false;
    buf_puts(&e->result, "2");
    return true;
}

static bool gtp_name(go_gtp *e, int argc, char **argv)
{
    (void)argv;
    if (!no_args(e, argc))
        return false;
    buf_puts(&e->result, "goref");
    return true;
}

static bool gtp_version(go_gtp *e, int argc, char **argv)
{
    (void)argv;
    if (!no_args(e, argc))
        return false;
    buf_puts(&e->result, e->engine_version);
    return true;
}

static bool gtp_known_command(go_gtp *e, int argc, char **argv)
{
    if (argc != 1)
        return fail(e, "syntax error");
    buf_puts(&e->result, find_command(argv[0]) ? "true" : "false");
    return true;
}

static bool gtp_list_commands(go_gtp *e, int argc, char **argv)
{
    (void)argv;
    if (!no_args(e, argc))
        return false;
    list_commands(&e->result);
    return true;
}

static bool gtp_quit(go_gtp *e, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    e->quit = true; /* arguments or not, the controller wants us gone */
    return true;
}

static bool gtp_boardsize(go_gtp *e, int argc, char **argv)
{
    int size = 0;
    if (argc != 1)
        return fail(e, "syntax error");
    num_parse np = parse_int(&size, argv[0]);
    if (np == NUM_SYNTAX)
        return fail(e, "syntax error");
    if (np == NUM_RANGE || size < GO_MIN_SIZE || size > GO_MAX_SIZE)
        return fail(e, "unacceptable size");
    if (reset_game(e, size) != 0)
        return fail(e, "unacceptable size");
    return true;
}

static bool gtp_clear_board(go_gtp *e, int argc, char **argv)
{
    (void)argv;
    if (!no_args(e, argc))
        return false;
    reset_game(e, go_game_size(e->game));
    return true;
}

static bool gtp_komi(go_gtp *e, int argc, char **argv)
{
    double komi;
    if (argc != 1 || !parse_float(&komi, argv[0]))
        return fail(e, "syntax error");
    e->komi = komi;
    return true;
}

static bool gtp_play(go_gtp *e, int argc, char **argv)
{
    go_color c;
    go_point p;
    if (argc != 2 || !parse_color(&c, argv[0]) || !parse_vertex(e, &p, argv[1]))
        return fail(e, "syntax error");
    if (play_move(e, c, p) != 0) {
        go_error_clear();
        return fail(e, "illegal move");
    }
    return true;
}

static bool gtp_genmove(go_gtp *e, int argc, char **argv)
{
    go_color c;
    if (argc != 1 || !parse_color(&c, argv[0]))
        return fail(e, "syntax error");
    bool resumed = reopen(e);
    go_point p = choose_move(e, c);
    if (go_game_play(e->game, c, p) != 0) { /* cannot happen: choose_move checked it */
        reclose(e, resumed);
        return fail(e, "internal error: generated an illegal move");
    }
    e->undoable++;
    char name[8];
    buf_puts(&e->result, vertex_name(name, sizeof name, e, p));
    return true;
}

/* reg_genmove (the standard's regression command): genmove's choice, not played. */
static bool gtp_reg_genmove(go_gtp *e, int argc, char **argv)
{
    go_color c;
    if (argc != 1 || !parse_color(&c, argv[0]))
        return fail(e, "syntax error");
    bool resumed = reopen(e);
    go_point p = choose_move(e, c);
    reclose(e, resumed);
    char name[8];
    buf_puts(&e->result, vertex_name(name, sizeof name, e, p));
    return true;
}

static bool gtp_undo(go_gtp *e, int argc, char **argv)
{
    (void)argv;
    if (!no_args(e, argc))
        return false;
    if (e->undoable == 0 || go_game_undo(e->game) != 0)
        return fail(e, "cannot undo");
    e->undoable--;
    return true;
}

/* Handicap stones go on an empty board. A board that is empty but has history (passes,
 * captures that emptied it) is cleared first: handicap stones are not moves. */
static bool handicap_board_ready(go_gtp *e)
{
    if (!board_empty(e))
        return false;
    reset_game(e, go_game_size(e->game));
    return true;
}

/* Board order, top row first, as list_stones and GNU Go write them. */
static void sort_points(go_point *points, int n)
{
    for (int i = 1; i < n; i++) {
        go_point p = points[i];
        int j = i;
        for (; j > 0 && points[j - 1] > p; j--)
            points[j] = points[j - 1];
        points[j] = p;
    }
}

static void list_points(go_gtp *e, const go_point *points, int n)
{
    char name[8];
    for (int i = 0; i < n; i++) {
        if (i)
            buf_puts(&e->result, " ");
        buf_puts(&e->result, vertex_name(name, sizeof name, e, points[i]));
    }
}

static bool gtp_fixed_handicap(go_gtp *e, int argc, char **argv)
{
    int n = 0;
    go_point points[9];
    if (argc != 1)
        return fail(e, "syntax error");
    num_parse np = parse_int(&n, argv[0]);
    if (np == NUM_SYNTAX)
        return fail(e, "syntax error");
    if (np == NUM_RANGE || go_handicap_points(points, go_game_size(e->game), n) != 0) {
        go_error_clear();
        return fail(e, "invalid number of stones");
    }
    if (!handicap_board_ready(e))
        return fail(e, "board not empty");
    if (go_game_handicap_fixed(e->game, n) != 0) {
        go_error_clear();
        return fail(e, "invalid number of stones");
    }
    list_points(e, points, n);
    return true;
}

/* The engine's own placement: the fixed points while they exist for this size, then random
 * empty points off the first line (any placement is allowed; more than the fixed ones only
 * happens on request). At most size*size - 1 stones, so White always has a move. */
static bool gtp_place_free_handicap(go_gtp *e, int argc, char **argv)
{
    int n = 0;
    if (argc != 1)
        return fail(e, "syntax error");
    num_parse np = parse_int(&n, argv[0]);
    if (np == NUM_SYNTAX)
        return fail(e, "syntax error");
    int size = go_game_size(e->game), area = size * size;
    if (np == NUM_RANGE || n < 2 || n >= area)
        return fail(e, "invalid number of stones");
    if (!handicap_board_ready(e))
        return fail(e, "board not empty");
    go_point points[GO_MAX_SIZE * GO_MAX_SIZE];
    int k = 0, fixed = n < 9 ? n : 9;
    while (fixed >= 2 && go_handicap_points(points, size, fixed) != 0)
        fixed--;
    go_error_clear();
    if (fixed >= 2)
        k = fixed;
    bool used[GO_POINTS] = {false};
    for (int i = 0; i < k; i++)
        used[points[i]] = true;
    /* Remaining stones: random interior points first, then any point. */
    for (int pass = 0; pass < 2 && k < n; pass++) {
        int margin = pass == 0 && size >= 5 ? 1 : 0;
        go_point pool[GO_MAX_SIZE * GO_MAX_SIZE];
        int m = 0;
        for (int y = margin; y < size - margin; y++)
            for (int x = margin; x < size - margin; x++)
                if (!used[go_point_at(x, y)])
                    pool[m++] = go_point_at(x, y);
        while (k < n && m > 0) {
            int i = (int)go_rng_below(&e->rng, (uint32_t)m);
            points[k++] = pool[i];
            used[pool[i]] = true;
            pool[i] = pool[--m];
        }
    }
    if (go_game_handicap_free(e->game, points, k) != 0) {
        go_error_clear();
        reset_game(e, size);
        return fail(e, "invalid number of stones");
    }
    list_points(e, points, k);
    return true;
}

static bool gtp_set_free_handicap(go_gtp *e, int argc, char **argv)
{
    go_point points[MAX_ARGS + 2];
    int size = go_game_size(e->game);
    for (int i = 0; i < argc; i++)
        if (!parse_vertex(e, &points[i], argv[i]))
            return fail(e, "syntax error");
    if (!board_empty(e))
        return fail(e, "board not empty");
    if (argc < 2 || argc >= size * size)
        return fail(e, "bad vertex list");
    bool used[GO_POINTS] = {false};
    for (int i = 0; i < argc; i++) {
        if (points[i] == GO_PASS || used[points[i]])
            return fail(e, "bad vertex list");
        used[points[i]] = true;
    }
    handicap_board_ready(e);
    if (go_game_handicap_free(e->game, points, argc) != 0) {
        go_error_clear();
        reset_game(e, size);
        return fail(e, "bad vertex list");
    }
    return true;
}

static bool gtp_showboard(go_gtp *e, int argc, char **argv)
{
    (void)argv;
    if (!no_args(e, argc))
        return false;
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    const go_board *b = go_game_board(e->game);
    int size = go_board_size(b);
    buf *r = &e->result;
    buf_puts(r, "\n  ");
    for (int x = 0; x < size; x++)
        buf_printf(r, " %c", letters[x]);
    for (int y = 0; y < size; y++) {
        int row = size - y;
        buf_printf(r, "\n%2d", row);
        for (int x = 0; x < size; x++)
            buf_printf(r, " %c", go_color_char(go_board_at(b, go_point_at(x, y))));
        buf_printf(r, " %d", row);
        if (y == size - 2 || (size < 2 && y == 0))
            buf_printf(r, "     WHITE (O) has captured %d stones", go_board_captures(b, GO_WHITE));
        if (y == size - 1)
            buf_printf(r, "     BLACK (X) has captured %d stones", go_board_captures(b, GO_BLACK));
    }
    buf_puts(r, "\n  ");
    for (int x = 0; x < size; x++)
        buf_printf(r, " %c", letters[x]);
    return true;
}

/* Stones of one colour, row by row from the top like GNU Go's list_stones. */
static bool gtp_list_stones(go_gtp *e, int argc, char **argv)
{
    go_color c;
    if (argc != 1 || !parse_color(&c, argv[0]))
        return fail(e, "syntax error");
    const go_board *b = go_game_board(e->game);
    int size = go_board_size(b), n = 0;
    char name[8];
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (go_board_at(b, p) != c)
                continue;
            if (n++)
                buf_puts(&e->result, " ");
            buf_puts(&e->result, vertex_name(name, sizeof name, e, p));
        }
    return true;
}

/* GNU Go's extension, so that controllers scripted for it work unchanged. */
static bool gtp_set_random_seed(go_gtp *e, int argc, char **argv)
{
    char *end;
    if (argc != 1 || !isdigit((unsigned char)argv[0][0]))
        return fail(e, "syntax error");
    errno = 0;
    unsigned long long seed = strtoull(argv[0], &end, 10);
    if (*end || errno == ERANGE)
        return fail(e, "syntax error");
    e->seed = seed;
    go_rng_seed(&e->rng, seed);
    return true;
}

static bool gtp_get_random_seed(go_gtp *e, int argc, char **argv)
{
    (void)argv;
    if (!no_args(e, argc))
        return false;
    buf_printf(&e->result, "%llu", (unsigned long long)e->seed);
    return true;
}

/* goref-superko [positional|situational]: answers the rule in force; with an argument,
 * switches to it. go_game fixes its rule at creation, so switching starts a new game on an
 * empty board of the same size (say so in controllers: send it before the first move). */
static bool gtp_goref_superko(go_gtp *e, int argc, char **argv)
{
    if (argc > 1)
        return fail(e, "syntax error");
    if (argc == 1) {
        go_superko rule;
        if (strcmp(argv[0], "positional") == 0)
            rule = GO_SUPERKO_POSITIONAL;
        else if (strcmp(argv[0], "situational") == 0)
            rule = GO_SUPERKO_SITUATIONAL;
        else
            return fail(e, "syntax error");
        go_game *fresh;
        if (go_game_new(&fresh, go_game_size(e->game), rule) != 0) {
            go_error_clear();
            return fail(e, "out of memory");
        }
        go_game_free(e->game);
        e->game = fresh;
        e->superko = rule;
        e->undoable = 0;
    }
    buf_puts(&e->result, e->superko == GO_SUPERKO_POSITIONAL ? "positional" : "situational");
    return true;
}

/* Tournament commands: goref keeps no clock, but accepting them keeps controllers that
 * always send them (GoGui, kgsGtp) happy. */
static bool gtp_time_settings(go_gtp *e, int argc, char **argv)
{
    int v;
    if (argc != 3)
        return fail(e, "syntax error");
    for (int i = 0; i < 3; i++)
        if (parse_int(&v, argv[i]) != NUM_OK || v < 0)
            return fail(e, "syntax error");
    return true;
}

static bool gtp_time_left(go_gtp *e, int argc, char **argv)
{
    go_color c;
    int v;
    if (argc != 3 || !parse_color(&c, argv[0]))
        return fail(e, "syntax error");
    for (int i = 1; i < 3; i++)
        if (parse_int(&v, argv[i]) != NUM_OK || v < 0)
            return fail(e, "syntax error");
    return true;
}

/* loadsgf file [move_number]: the first game of the file, replayed up to the position before
 * move_number (the whole main line without it), with its size and komi; answers the colour
 * to move like GNU Go. The loaded moves can be undone. A record with an illegal move is
 * refused whole ("cannot load file"), leaving the current game as it was. */
static bool gtp_loadsgf(go_gtp *e, int argc, char **argv)
{
    int move_number = 0;
    if (argc < 1 || argc > 2)
        return fail(e, "syntax error");
    if (argc == 2 && (parse_int(&move_number, argv[1]) != NUM_OK || move_number < 1))
        return fail(e, "syntax error");
    go_sgf *sgf = NULL;
    go_game *game = NULL;
    go_sgf_game_info info;
    go_sgf_replay_options opts = GO_SGF_REPLAY_OPTIONS_INIT;
    opts.superko = e->superko;
    /* max_moves 0 means the whole line, so "before move 1" replays one move and undoes it. */
    opts.max_moves = move_number > 1 ? (size_t)move_number - 1 : (size_t)move_number;
    if (go_sgf_load(&sgf, argv[0], NULL) != 0 || go_sgf_info(&info, sgf, 0) != 0 ||
        go_sgf_replay(&game, NULL, sgf, 0, &opts) != 0) {
        go_error_clear();
        go_sgf_free(sgf);
        return fail(e, "cannot load file");
    }
    go_sgf_free(sgf);
    if (move_number == 1 && go_game_move_count(game) > 0) {
        go_color first = go_game_move(game, 0).color; /* who plays move 1 is to move */
        while (go_game_move_count(game) > 0 && go_game_undo(game) == 0)
            ;
        go_game_set_to_move(game, first);
    }
    go_game_free(e->game);
    e->game = game;
    e->komi = info.komi;
    e->undoable = go_game_move_count(game);
    buf_puts(&e->result, go_game_to_move(game) == GO_BLACK ? "black" : "white");
    return true;
}

/* printsgf [file]: the game as an SGF record, into the file (empty answer) or as the answer.
 * An answer must not contain an empty line, so line breaks are never doubled. */
static bool gtp_printsgf(go_gtp *e, int argc, char **argv)
{
    if (argc > 1)
        return fail(e, "syntax error");
    go_sgf_game_info info = GO_SGF_GAME_INFO_INIT;
    info.size = go_game_size(e->game);
    info.komi = e->komi;
    info.handicap = go_game_handicap(e->game);
    info.rules = "Chinese";
    go_sgf *sgf = NULL;
    char *text = NULL;
    size_t len = 0;
    bool ok = false;
    if (go_sgf_from_game(&sgf, e->game, &info) != 0 || go_sgf_write(&text, &len, sgf) != 0) {
        go_error_clear();
        fail(e, "cannot write the record");
        goto done;
    }
    if (argc == 1) {
        FILE *f = fopen(argv[0], "wb");
        bool written = f && fwrite(text, 1, len, f) == len;
        if (f && fclose(f) != 0)
            written = false;
        if (!written) {
            fail(e, "cannot save file");
            goto done;
        }
    } else {
        while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
            len--;
        for (size_t i = 0; i < len; i++) {
            if (text[i] == '\r')
                continue;
            if (text[i] == '\n' &&
                (e->result.len == 0 || e->result.data[e->result.len - 1] == '\n'))
                continue;
            buf_add(&e->result, &text[i], 1);
        }
    }
    ok = true;
done:
    free(text);
    go_sgf_free(sgf);
    return ok;
}

/* The dead-stone suggestion of the scoring module on the current position. */
static int suggest(go_gtp *e, go_dead_suggestion *out)
{
    go_suggest_options opts = GO_SUGGEST_OPTIONS_INIT;
    opts.seed = e->seed;
    return go_score_suggest_dead(out, go_game_board(e->game), go_game_to_move(e->game), &opts);
}

/* final_score: Chinese area count of the position with the suggested dead stones removed,
 * komi in points as given by `komi` (rounded to the half point the count works in), handicap
 * give-back as GNU Go's --chinese-rules. Answers "B+1.5", "W+0.5" or "0". */
static bool gtp_final_score(go_gtp *e, int argc, char **argv)
{
    (void)argv;
    if (!no_args(e, argc))
        return false;
    go_dead_suggestion *s = malloc(sizeof *s);
    go_count *count = malloc(sizeof *count);
    bool ok = false;
    if (!s || !count) {
        fail(e, "out of memory");
        goto done;
    }
    go_count_options opts = GO_COUNT_OPTIONS_INIT;
    opts.komi_quarters = (int)lround(e->komi * 2.0);
    opts.handicap = go_game_handicap(e->game);
    if (suggest(e, s) != 0 ||
        go_score_count(count, go_game_board(e->game), s->dead, s->ndead, &opts) != 0) {
        go_error_clear();
        fail(e, "cannot score");
        goto done;
    }
    char text[16];
    buf_puts(&e->result, go_count_gtp_result(text, sizeof text, count));
    ok = true;
done:
    free(s);
    free(count);
    return ok;
}

/* final_status_list alive|dead|seki: the stones with that status by the suggestion, one group
 * per line (GNU Go's layout). */
static bool gtp_final_status_list(go_gtp *e, int argc, char **argv)
{
    go_status wanted;
    if (argc != 1)
        return fail(e, "syntax error");
    if (strcmp(argv[0], "alive") == 0)
        wanted = GO_STATUS_ALIVE;
    else if (strcmp(argv[0], "dead") == 0)
        wanted = GO_STATUS_DEAD;
    else if (strcmp(argv[0], "seki") == 0)
        wanted = GO_STATUS_SEKI;
    else
        return fail(e, "syntax error");
    go_dead_suggestion *s = malloc(sizeof *s);
    if (!s)
        return fail(e, "out of memory");
    if (suggest(e, s) != 0) {
        go_error_clear();
        free(s);
        return fail(e, "cannot score");
    }
    const go_board *b = go_game_board(e->game);
    int lines = 0;
    for (int i = 0; i < s->ngroups; i++) {
        if (s->groups[i].status != wanted)
            continue;
        go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
        int n = go_board_group(b, s->groups[i].id, stones, GO_MAX_SIZE * GO_MAX_SIZE);
        sort_points(stones, n);
        if (lines++)
            buf_puts(&e->result, "\n");
        list_points(e, stones, n);
    }
    free(s);
    return true;
}

static const command commands[] = {
    {"boardsize", gtp_boardsize},
    {"clear_board", gtp_clear_board},
    {"final_score", gtp_final_score},
    {"final_status_list", gtp_final_status_list},
    {"fixed_handicap", gtp_fixed_handicap},
    {"genmove", gtp_genmove},
    {"get_random_seed", gtp_get_random_seed},
    {"goref-superko", gtp_goref_superko},
    {"known_command", gtp_known_command},
    {"komi", gtp_komi},
    {"list_commands", gtp_list_commands},
    {"list_stones", gtp_list_stones},
    {"loadsgf", gtp_loadsgf},
    {"name", gtp_name},
    {"place_free_handicap", gtp_place_free_handicap},
    {"play", gtp_play},
    {"printsgf", gtp_printsgf},
    {"protocol_version", gtp_protocol_version},
    {"quit", gtp_quit},
    {"reg_genmove", gtp_reg_genmove},
    {"set_free_handicap", gtp_set_free_handicap},
    {"set_random_seed", gtp_set_random_seed},
    {"showboard", gtp_showboard},
    {"time_left", gtp_time_left},
    {"time_settings", gtp_time_settings},
    {"undo", gtp_undo},
    {"version", gtp_version},
};

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void list_commands(buf *out)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (i)
            buf_puts(out, "\n");
        buf_puts(out, commands[i].name);
    }
}

/* --- the engine ------------------------------------------------------------------------ */

int go_gtp_new(go_gtp **out, const go_gtp_options *opts)
{
    static const go_gtp_options defaults = GO_GTP_OPTIONS_INIT;
    assert(out);
    *out = NULL;
    if (!opts)
        opts = &defaults;
    assert(opts->version == GO_GTP_OPTIONS_VERSION);
    go_gtp *e = calloc(1, sizeof *e);
    if (!e)
        return go_error_set(GO_ENOMEM, "gtp: out of memory");
    int rc = go_game_new(&e->game, opts->board_size, opts->superko);
    if (rc) {
        free(e);
        return rc;
    }
    e->superko = opts->superko;
    e->seed = opts->seed;
    go_rng_seed(&e->rng, opts->seed);
    e->engine_version = opts->engine_version ? opts->engine_version : "0";
    *out = e;
    return 0;
}

void go_gtp_free(go_gtp *e)
{
    if (!e)
        return;
    go_game_free(e->game);
    free(e->line.data);
    free(e->result.data);
    free(e->response.data);
    free(e);
}

bool go_gtp_quit_requested(const go_gtp *e)
{
    return e->quit;
}

const go_game *go_gtp_game(const go_gtp *e)
{
    return e->game;
}

/* GTP's preprocessing: drop control characters but HT and LF, HT becomes a space, '#'
 * starts a comment. LF ends the line (a caller that passes several gets the first). */
static void preprocess(buf *out, const char *line, size_t len)
{
    buf_reset(out);
    buf_reserve(out, len);
    for (size_t i = 0; i < len && !out->failed; i++) {
        unsigned char ch = (unsigned char)line[i];
        if (ch == '\n' || ch == '#')
            break;
        if (ch == '\t')
            ch = ' ';
        else if (ch < 32 || ch == 127)
            continue;
        out->data[out->len++] = (char)ch;
    }
    if (out->data)
        out->data[out->len] = '\0';
}

static void respond(go_gtp *e, bool ok, const char *id)
{
    buf_reset(&e->response);
    buf_puts(&e->response, ok ? "=" : "?");
    buf_puts(&e->response, id);
    buf_puts(&e->response, " ");
    buf_add(&e->response, e->result.data ? e->result.data : "", e->result.len);
    buf_puts(&e->response, "\n\n");
}

/* Split, find the id and the command, run it. A line too long to read whole still gets an
 * answer (with its id if the kept start shows one), so a controller stays in step. */
static int exec_line(go_gtp *e, const char **out, const char *line, size_t len, bool too_long)
{
    char *storage[MAX_ARGS + 2], **argv = storage;
    preprocess(&e->line, line, len);
    buf_reset(&e->result);
    buf_reset(&e->response);
    if (e->line.failed)
        return go_error_set(GO_ENOMEM, "gtp: out of memory");
    int argc = 0;
    bool too_many = false;
    char *s = e->line.data ? e->line.data : (char *)"";
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        if (argc == MAX_ARGS + 2) {
            too_many = true;
            break;
        }
        argv[argc++] = s;
        while (*s && *s != ' ')
            s++;
        if (*s)
            *s++ = '\0';
    }
    *out = "";
    if (argc == 0 && !too_long)
        return 0; /* empty, white space or comment only: no answer */
    const char *id = "";
    if (argc > 0 && isdigit((unsigned char)argv[0][0])) {
        bool digits = true;
        for (const char *q = argv[0]; *q; q++)
            digits = digits && isdigit((unsigned char)*q);
        if (digits) {
            id = argv[0];
            argv++;
            argc--;
        }
    }
    bool ok;
    if (too_long)
        ok = fail(e, "line too long");
    else if (argc == 0)
        ok = fail(e, "syntax error"); /* an id alone */
    else if (too_many)
        ok = fail(e, "syntax error");
    else {
        const command *cmd = find_command(argv[0]);
        ok = cmd ? cmd->run(e, argc - 1, argv + 1) : fail(e, "unknown command");
    }
    respond(e, ok, id);
    if (e->result.failed || e->response.failed) {
        buf_reset(&e->response);
        buf_printf(&e->response, "?%s out of memory\n\n", id);
    }
    *out = e->response.data ? e->response.data : "";
    return 0;
}

int go_gtp_exec(go_gtp *e, const char **out, const char *line, size_t len)
{
    assert(e && out);
    return exec_line(e, out, line, len, false);
}

int go_gtp_run(go_gtp *e, FILE *in, FILE *out)
{
    char *line = malloc(GO_GTP_MAX_LINE);
    if (!line)
        return go_error_set(GO_ENOMEM, "gtp: out of memory");
    int rc = 0;
    while (!e->quit) {
        size_t len = 0;
        bool too_long = false, eof = false;
        for (;;) {
            int ch = getc(in);
            if (ch == EOF) {
                eof = true;
                break;
            }
            if (ch == '\n')
                break;
            if (len < GO_GTP_MAX_LINE)
                line[len++] = (char)ch;
            else
                too_long = true;
        }
        if (eof && len == 0 && !too_long)
            break;
        const char *response;
        if ((rc = exec_line(e, &response, line, len, too_long)))
            break;
        if (*response && (fputs(response, out) == EOF || fflush(out) == EOF)) {
            rc = go_error_set(GO_EIO, "gtp: cannot write the response");
            break;
        }
        if (eof)
            break;
    }
    free(line);
    return rc;
}
