/* The GNU Go cross-check: GNU Go 3.8 (--chinese-rules --positional-superko) plays both sides
 * at levels 0..3 after a few random opening moves, and goref's GTP engine (in-process, run
 * with positional superko to match) follows every move. After each move both engines'
 * list_stones must agree, every GNU Go move must be legal for goref, and probes (ko
 * recaptures, suicides, occupied points, superko repeats, random legal moves then undo) must
 * be refused or accepted by both alike. Usage: test_gtp_gnugo [9|13|19|cases]... (all when
 * none). GNU Go missing is a failure: scripts/deps.sh installs it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <time.h>

#include "go/game.h"
#include "gtp.h"
#include "gtp_peer.h"
#include "testutil.h"

#define TIMEOUT_MS 60000

static const char *gnugo_path(void)
{
    const char *env = getenv("GOREF_GNUGO");
    return env && *env ? env : "/usr/games/gnugo";
}

typedef struct stats {
    int games, handicap_games, moves, gnugo_moves, opening_moves, passes;
    int capture_moves, stones_captured, ko_captures, ko_fights, ko_retakes, max_game_moves;
    int ends_two_passes, ends_resign, ends_cap;
    int probe_ko, probe_suicide, probe_occupied, probe_superko, probe_legal;
    double seconds, started, cpu_self, cpu_gnugo;
} stats;

/* One side-by-side session: GNU Go in a child process, goref in-process. */
typedef struct duo {
    gtp_peer gnugo;
    go_gtp *goref;
    int size;
    go_rng rng;
    char record[16384]; /* the moves so far, for failure messages */
    size_t record_len;
} duo;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void note(duo *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(d->record + d->record_len, sizeof d->record - d->record_len, fmt, ap);
    va_end(ap);
    if (n > 0 && d->record_len + (size_t)n < sizeof d->record)
        d->record_len += (size_t)n;
}

static void start_gnugo(duo *d)
{
    char *argv[] = {(char *)gnugo_path(),   "--mode", "gtp", "--chinese-rules",
                    "--positional-superko", NULL};
    if (gtp_peer_start(&d->gnugo, argv) != 0)
        fail_msg("GNU Go is required for this test (scripts/deps.sh installs the Debian package "
                 "gnugo; set GOREF_GNUGO to another path): %s",
                 d->gnugo.error);
}

/* GNU Go's answer; fails the test if GNU Go hangs, dies or answers garbage. */
static const char *ask_gnugo(duo *d, bool *ok, const char *fmt, ...)
{
    char command[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(command, sizeof command, fmt, ap);
    va_end(ap);
    const char *text;
    if (gtp_peer_ask(&d->gnugo, command, TIMEOUT_MS, ok, &text) != 0)
        fail_msg("GNU Go: %s\nmoves so far:%s", d->gnugo.error, d->record);
    return text;
}

static const char *ask_goref(duo *d, bool *ok, const char *fmt, ...)
{
    char command[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(command, sizeof command, fmt, ap);
    va_end(ap);
    const char *response;
    assert_int_equal(go_gtp_exec(d->goref, &response, command, strlen(command)), 0);
    if (response[0] != '=' && response[0] != '?')
        fail_msg("goref: malformed answer to '%s': '%s'", command, response);
    *ok = response[0] == '=';
    return response + 2;
}

/* Vertices of a list_stones answer (either engine) marked in a board-indexed array. */
static void parse_points(bool *marks, const char *text, int size, const char *who)
{
    memset(marks, 0, GO_POINTS * sizeof *marks);
    char vertex[16];
    while (*text) {
        while (*text == ' ' || *text == '\n')
            text++;
        size_t n = 0;
        while (text[n] && text[n] != ' ' && text[n] != '\n')
            n++;
        if (n == 0)
            break;
        if (n >= sizeof vertex)
            fail_msg("%s: bad vertex in '%s'", who, text);
        memcpy(vertex, text, n);
        vertex[n] = '\0';
        go_point p;
        if (go_point_from_gtp(&p, vertex, size) != 0 || p == GO_PASS)
            fail_msg("%s: bad vertex '%s'", who, vertex);
        marks[p] = true;
        text += n;
    }
}

static void compare_stones(duo *d, const char *when)
{
    static const char *colors[2] = {"black", "white"};
    for (int c = 0; c < 2; c++) {
        bool ok1, ok2;
        static bool from_gnugo[GO_POINTS], from_goref[GO_POINTS];
        char gnugo_text[4096];
        snprintf(gnugo_text, sizeof gnugo_text, "%s",
                 ask_gnugo(d, &ok1, "list_stones %s", colors[c]));
        const char *goref_text = ask_goref(d, &ok2, "list_stones %s", colors[c]);
        assert_true(ok1 && ok2);
        parse_points(from_gnugo, gnugo_text, d->size, "GNU Go");
        parse_points(from_goref, goref_text, d->size, "goref");
        if (memcmp(from_gnugo, from_goref, sizeof from_gnugo) != 0) {
            const char *board;
            bool ok;
            board = ask_goref(d, &ok, "showboard");
            fail_msg("%s stones differ %s\nGNU Go: %s\ngoref:  %s\ngoref board:%s\nmoves:%s",
                     colors[c], when, gnugo_text, goref_text, board, d->record);
        }
    }
}

/* Plays `color vertex` on both engines and checks they agree on accepting it; when both
 * accept and undo_after is set, takes it back on both. Returns whether it was accepted. */
static bool probe(duo *d, go_color color, go_point p, bool undo_after, const char *kind)
{
    char vertex[8];
    go_point_to_gtp(vertex, sizeof vertex, p, d->size);
    const char *name = color == GO_BLACK ? "black" : "white";
    bool gnugo_ok, goref_ok;
    ask_gnugo(d, &gnugo_ok, "play %s %s", name, vertex);
    ask_goref(d, &goref_ok, "play %s %s", name, vertex);
    if (gnugo_ok != goref_ok) {
        bool ok;
        const char *board = ask_goref(d, &ok, "showboard");
        fail_msg("%s probe 'play %s %s': GNU Go %s it, goref %s it\ngoref board:%s\nmoves:%s", kind,
                 name, vertex, gnugo_ok ? "accepts" : "refuses", goref_ok ? "accepts" : "refuses",
                 board, d->record);
    }
    if (gnugo_ok && undo_after) {
        compare_stones(d, "after a probe");
        bool ok1, ok2;
        ask_gnugo(d, &ok1, "undo");
        ask_goref(d, &ok2, "undo");
        if (!ok1 || !ok2)
            fail_msg("undo after the probe %s %s: GNU Go %d goref %d", name, vertex, ok1, ok2);
        compare_stones(d, "after undoing a probe");
    }
    return gnugo_ok;
}

/* The probes of one position, color to move: a ko recapture when there is one, up to two
 * suicide points per colour, every superko point, an occupied point, and every few moves a
 * random legal move (played on both, compared, undone on both). */
static void probe_position(duo *d, go_color to_move, int move_number, stats *st)
{
    const go_game *g = go_gtp_game(d->goref);
    const go_board *b = go_game_board(g);
    go_point ko = go_board_ko(b);
    if (ko != GO_NOPOINT && go_board_check(b, to_move, ko) == GO_EKO) {
        assert_false(probe(d, to_move, ko, false, "ko"));
        st->probe_ko++;
    }
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        go_point suicides[GO_MAX_SIZE * GO_MAX_SIZE], superkos[GO_MAX_SIZE * GO_MAX_SIZE];
        int ns = 0, nk = 0;
        for (int y = 0; y < d->size; y++)
            for (int x = 0; x < d->size; x++) {
                go_point p = go_point_at(x, y);
                if (go_board_at(b, p) != GO_EMPTY)
                    continue;
                int rc = go_game_check(g, (go_color)c, p);
                if (rc == GO_ESUICIDE)
                    suicides[ns++] = p;
                else if (rc == GO_ESUPERKO)
                    superkos[nk++] = p;
            }
        for (int i = 0; i < 2 && ns > 0; i++) {
            int k = (int)go_rng_below(&d->rng, (uint32_t)ns);
            assert_false(probe(d, (go_color)c, suicides[k], false, "suicide"));
            suicides[k] = suicides[--ns];
            st->probe_suicide++;
        }
        for (int i = 0; i < nk; i++) {
            assert_false(probe(d, (go_color)c, superkos[i], false, "superko"));
            st->probe_superko++;
        }
    }
    go_error_clear();
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE], legal[GO_MAX_SIZE * GO_MAX_SIZE];
    int nstones = 0, nlegal = 0;
    for (int y = 0; y < d->size; y++)
        for (int x = 0; x < d->size; x++) {
            go_point p = go_point_at(x, y);
            if (go_board_at(b, p) != GO_EMPTY)
                stones[nstones++] = p;
            else if (go_game_check(g, to_move, p) == 0)
                legal[nlegal++] = p;
        }
    go_error_clear();
    if (nstones > 0) {
        go_color c = go_rng_below(&d->rng, 2) ? GO_BLACK : GO_WHITE;
        assert_false(
            probe(d, c, stones[go_rng_below(&d->rng, (uint32_t)nstones)], false, "occupied"));
        st->probe_occupied++;
    }
    if (nlegal > 0 && move_number % 3 == 0) {
        assert_true(
            probe(d, to_move, legal[go_rng_below(&d->rng, (uint32_t)nlegal)], true, "legal"));
        st->probe_legal++;
    }
}

/* Parses a GNU Go move answer: a vertex, "PASS" or "resign". */
static int parse_move(duo *d, const char *text, go_point *p)
{
    if (strcasecmp(text, "resign") == 0)
        return 1;
    if (go_point_from_gtp(p, text, d->size) != 0)
        fail_msg("GNU Go answered genmove with '%s'", text);
    return 0;
}

static void play_game(duo *d, int game, int level, int opening_max, int plan_random_percent,
                      int cap, stats *st)
{
    bool ok, ok2;
    uint64_t seed = 1000003u * (uint64_t)game + (uint64_t)d->size;
    go_rng_seed(&d->rng, seed);
    d->record_len = 0;
    d->record[0] = '\0';
    note(d, " [%dx%d game %d, level %d]", d->size, d->size, game, level);
    ask_gnugo(d, &ok, "boardsize %d", d->size);
    ask_gnugo(d, &ok2, "clear_board");
    assert_true(ok && ok2);
    ask_gnugo(d, &ok, "level %d", level);
    ask_gnugo(d, &ok2, "set_random_seed %llu", (unsigned long long)seed);
    assert_true(ok && ok2);
    ask_goref(d, &ok, "boardsize %d", d->size);
    ask_goref(d, &ok2, "set_random_seed %llu", (unsigned long long)seed);
    assert_true(ok && ok2);

    go_color to_move = GO_BLACK;
    if (game % 8 == 5) {
        /* Handicap: both must place the same stones. */
        int n = 2 + (int)go_rng_below(&d->rng, 8); /* 2..9: the sizes here are odd */
        char theirs[512];
        snprintf(theirs, sizeof theirs, "%s", ask_gnugo(d, &ok, "fixed_handicap %d", n));
        const char *ours = ask_goref(d, &ok2, "fixed_handicap %d", n);
        if (!ok || !ok2)
            fail_msg("fixed_handicap %d: GNU Go '%s', goref '%s'", n, theirs, ours);
        static bool a[GO_POINTS], b[GO_POINTS];
        parse_points(a, theirs, d->size, "GNU Go");
        parse_points(b, ours, d->size, "goref");
        if (memcmp(a, b, sizeof a) != 0)
            fail_msg("fixed_handicap %d differs: GNU Go '%s', goref '%s'", n, theirs, ours);
        note(d, " handicap %d", n);
        to_move = GO_WHITE;
        st->handicap_games++;
        compare_stones(d, "after the handicap");
    }

    int opening = (int)go_rng_below(&d->rng, (uint32_t)opening_max);
    int passes = 0, moves = 0;
    int ko_keys[64][2], nkeys = 0;
    bool fight_counted = false;
    int fight_stage = 0, fights = 0; /* 3, 2: random threat and answer; 1: the retake */
    go_point fight_point = GO_NOPOINT;
    go_color fighter = GO_EMPTY;
    for (;;) {
        const char *name = to_move == GO_BLACK ? "black" : "white";
        go_point p;
        int captured_before = go_board_captures(go_game_board(go_gtp_game(d->goref)), to_move);
        bool retake = fight_stage == 1 && to_move == fighter &&
                      go_game_check(go_gtp_game(d->goref), to_move, fight_point) == 0;
        go_error_clear();
        if (fight_stage == 1 && to_move == fighter && !retake)
            fight_stage = 0; /* the ko was settled meanwhile */
        if (retake) {
            /* The ko fight's retake after a threat and an answer: legal again for goref, so
             * GNU Go must accept it too. */
            char vertex[8];
            go_point_to_gtp(vertex, sizeof vertex, fight_point, d->size);
            ask_gnugo(d, &ok, "play %s %s", name, vertex);
            ask_goref(d, &ok2, "play %s %s", name, vertex);
            if (!ok || !ok2)
                fail_msg("ko retake %s %s: GNU Go %d goref %d\nmoves:%s", name, vertex, ok, ok2,
                         d->record);
            p = fight_point;
            st->ko_retakes++;
            fight_stage = 0;
        } else if (moves < opening || fight_stage > 1 ||
                   go_rng_below(&d->rng, 100) < (unsigned)plan_random_percent) {
            /* A random move from goref (the opening, and now and then later, which leaves
             * weak stones to capture and kos to fight); GNU Go must accept it. */
            char vertex[16];
            snprintf(vertex, sizeof vertex, "%s", ask_goref(d, &ok, "genmove %s", name));
            vertex[strcspn(vertex, "\n")] = '\0';
            assert_true(ok);
            ask_gnugo(d, &ok, "play %s %s", name, vertex);
            if (!ok)
                fail_msg("GNU Go refuses goref's random move %s %s\nmoves:%s", name, vertex,
                         d->record);
            assert_int_equal(go_point_from_gtp(&p, vertex, d->size), 0);
            st->opening_moves++;
            if (fight_stage > 1)
                fight_stage--; /* a threat, or the answer to it */
        } else {
            char vertex[16];
            snprintf(vertex, sizeof vertex, "%s", ask_gnugo(d, &ok, "genmove %s", name));
            assert_true(ok);
            if (parse_move(d, vertex, &p)) {
                note(d, " %s-resigns", name);
                st->ends_resign++;
                break;
            }
            ask_goref(d, &ok, "play %s %s", name, vertex);
            if (!ok)
                fail_msg("GNU Go's move %s %s is illegal for goref\nmoves:%s", name, vertex,
                         d->record);
            st->gnugo_moves++;
        }
        char vertex[8];
        note(d, " %c:%s", name[0], go_point_to_gtp(vertex, sizeof vertex, p, d->size));
        moves++;
        st->moves++;
        const go_board *b = go_game_board(go_gtp_game(d->goref));
        int captured = go_board_captures(b, to_move) - captured_before;
        if (captured > 0) {
            st->capture_moves++;
            st->stones_captured += captured;
        }
        /* A ko capture leaves a ko point; the same ko taken again later is a ko fight. */
        go_point ko = go_board_ko(b);
        if (ko != GO_NOPOINT && p != GO_PASS) {
            st->ko_captures++;
            int lo = p < ko ? p : ko, hi = p < ko ? ko : p;
            bool seen = false;
            for (int i = 0; i < nkeys; i++)
                seen = seen || (ko_keys[i][0] == lo && ko_keys[i][1] == hi);
            if (seen && !fight_counted) {
                st->ko_fights++;
                fight_counted = true; /* one per game: count games with a ko fight */
            }
            /* Now and then, make it a fight: the side that may not retake plays a random
             * "threat", the other a random answer, then the retake (GNU Go alone would
             * mostly settle the ko at once). */
            if (fight_stage == 0 && fights < 8 && go_rng_below(&d->rng, 100) < 60) {
                fight_stage = 3;
                fight_point = ko;
                fighter = go_color_other(to_move);
                fights++;
            }
            if (!seen && nkeys < 64) {
                ko_keys[nkeys][0] = lo;
                ko_keys[nkeys][1] = hi;
                nkeys++;
            }
        }
        passes = p == GO_PASS ? passes + 1 : 0;
        st->passes += p == GO_PASS;
        compare_stones(d, "after a move");
        if (passes == 2) {
            st->ends_two_passes++;
            break;
        }
        if (moves >= cap) {
            st->ends_cap++;
            break;
        }
        to_move = go_color_other(to_move);
        probe_position(d, to_move, moves, st);
    }
    if (moves > st->max_game_moves)
        st->max_game_moves = moves;
    st->games++;
    if (getenv("GOREF_GNUGO_VERBOSE")) {
        printf("%dx%d game %d level %d: %d moves, %d kos, %.1f s so far\n", d->size, d->size, game,
               level, moves, nkeys, now_seconds() - st->started);
        fflush(stdout);
    }
}

static void print_stats(const char *title, const stats *st)
{
    printf(
        "\n== GNU Go cross-check %s ==\n"
        "games %d (handicap %d), moves %d (GNU Go %d, random %d, passes %d), "
        "longest game %d\n"
        "endings: two passes %d, resignation %d, move cap %d\n"
        "captures: %d moves capturing %d stones; ko captures %d (%d retakes after a threat); "
        "games with a ko fight %d\n"
        "probes agreed: ko recapture %d, suicide %d, superko %d, occupied %d, legal+undo %d\n"
        "time %.1f s wall; cpu %.1f s in this process (goref and the checks), %.1f s in GNU Go\n",
        title, st->games, st->handicap_games, st->moves, st->gnugo_moves, st->opening_moves,
        st->passes, st->max_game_moves, st->ends_two_passes, st->ends_resign, st->ends_cap,
        st->capture_moves, st->stones_captured, st->ko_captures, st->ko_retakes, st->ko_fights,
        st->probe_ko, st->probe_suicide, st->probe_superko, st->probe_occupied, st->probe_legal,
        st->seconds, st->cpu_self, st->cpu_gnugo);
    fflush(stdout);
}

static void open_duo(duo *d, int size)
{
    memset(d, 0, sizeof *d);
    d->size = size;
    start_gnugo(d);
    go_gtp_options opts = GO_GTP_OPTIONS_INIT;
    opts.superko = GO_SUPERKO_POSITIONAL; /* GNU Go runs with --positional-superko */
    opts.board_size = size;
    assert_int_equal(go_gtp_new(&d->goref, &opts), 0);
}

static void close_duo(duo *d)
{
    gtp_peer_stop(&d->gnugo);
    go_gtp_free(d->goref);
}

typedef struct size_plan {
    int size, games;
    int levels[4], nlevels; /* GNU Go levels, cycled over the games */
    int opening_max;        /* random opening moves: 0..opening_max - 1 */
    int random_percent;     /* chance that a later move is random too */
    int move_cap;           /* a game stops there if GNU Go has not passed twice */
    /* minimums the games must reach, so that the check cannot pass on trivial games */
    int min_capture_moves, min_ko_captures, min_ko_fights, min_ko_probes;
} size_plan;

static void run_size(const size_plan *plan)
{
    duo d;
    stats st = {0};
    open_duo(&d, plan->size);
    double t0 = now_seconds();
    st.started = t0;
    for (int game = 0; game < plan->games; game++)
        play_game(&d, game, plan->levels[game % plan->nlevels], plan->opening_max,
                  plan->random_percent, plan->move_cap, &st);
    st.seconds = now_seconds() - t0;
    close_duo(&d); /* waits for GNU Go, so its CPU time is in RUSAGE_CHILDREN */
    struct rusage self, children;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &children);
    st.cpu_self = self.ru_utime.tv_sec + self.ru_stime.tv_sec +
                  (self.ru_utime.tv_usec + self.ru_stime.tv_usec) / 1e6;
    st.cpu_gnugo = children.ru_utime.tv_sec + children.ru_stime.tv_sec +
                   (children.ru_utime.tv_usec + children.ru_stime.tv_usec) / 1e6;
    char title[32];
    snprintf(title, sizeof title, "%dx%d", plan->size, plan->size);
    print_stats(title, &st);
    assert_int_equal(st.games, plan->games);
    assert_true(st.capture_moves >= plan->min_capture_moves);
    assert_true(st.ko_captures >= plan->min_ko_captures);
    assert_true(st.ko_fights >= plan->min_ko_fights);
    assert_true(st.probe_ko >= plan->min_ko_probes);
    assert_true(st.probe_suicide > 0);
    assert_true(st.probe_occupied > 0);
    assert_true(st.probe_legal > 0);
}

static void test_gtp_gnugo__9x9(void **state)
{
    (void)state;
    static const size_plan plan = {.size = 9,
                                   .games = 176,
                                   .levels = {0, 1, 2, 3},
                                   .nlevels = 4,
                                   .opening_max = 12,
                                   .random_percent = 10,
                                   .move_cap = 250,
                                   .min_capture_moves = 250,
                                   .min_ko_captures = 90,
                                   .min_ko_fights = 12,
                                   .min_ko_probes = 90};
    run_size(&plan);
}

static void test_gtp_gnugo__13x13(void **state)
{
    (void)state;
    static const size_plan plan = {.size = 13,
                                   .games = 20,
                                   .levels = {0, 1},
                                   .nlevels = 2,
                                   .opening_max = 40,
                                   .random_percent = 25,
                                   .move_cap = 350,
                                   .min_capture_moves = 80,
                                   .min_ko_captures = 12,
                                   .min_ko_fights = 2,
                                   .min_ko_probes = 12};
    run_size(&plan);
}

static void test_gtp_gnugo__19x19(void **state)
{
    (void)state;
    static const size_plan plan = {.size = 19,
                                   .games = 4,
                                   .levels = {0},
                                   .nlevels = 1,
                                   .opening_max = 100,
                                   .random_percent = 40,
                                   .move_cap = 220,
                                   .min_capture_moves = 12,
                                   .min_ko_captures = 3,
                                   .min_ko_fights = 1,
                                   .min_ko_probes = 3};
    run_size(&plan);
}

/* Hand-made positions fed to both engines: the refusals must match, including superko.
 *   . X O . .
 *   X O . O .     Black C4 takes B4 (a ko). After Black passes, White B4 is no longer an
 *   . X O . .     immediate recapture but recreates an earlier position: positional superko.
 *   . . . . .
 *   . . . . .     */
static void test_gtp_gnugo__cases(void **state)
{
    (void)state;
    /* '!' marks a move both must refuse, '*' one refused for superko. */
    static const char *scripts[][24] = {
        /* Simple ko, then superko after a pass (both readings refuse). */
        {"play black B5", "play white C5", "play black A4", "play white B4", "play white D4",
         "play black B3", "play white C3", "play black E1", "play white E2", "play black C4",
         "!play white B4", "play black pass", "*play white B4", "play white D5", NULL},
        /* Positional only: the repeated stones had White to move before, Black now. */
        {"play black B5", "play white C5", "play black A4", "play white B4", "play white D4",
         "play black B3", "play white C3", "play black E1", "play black C4", "play black pass",
         "*play white B4", NULL},
        /* Suicide of one stone, then the same point without liberties but capturing: legal.
         * A group suicide: Black E4 would join D5-E5 into a group without liberties. */
        {"play black B5", "play black A4", "!play white A5", "play white C5", "play white B4",
         "play white A3", "play black A2", "play white B3", "play black pass", "play white A5",
         "play black D5", "play black E5", "play white C4", "play white D4", "play white E3",
         "!play black E4", NULL},
        /* Occupied points, passes, moves after two passes. */
        {"play black C3", "!play white C3", "!play black C3", "play white pass", "play black pass",
         "play white D4", "!play black D4", NULL},
    };
    duo d;
    open_duo(&d, 5);
    int refusals = 0, superko = 0;
    for (size_t s = 0; s < sizeof scripts / sizeof scripts[0]; s++) {
        bool ok1, ok2;
        ask_gnugo(&d, &ok1, "boardsize 5");
        ask_gnugo(&d, &ok2, "clear_board");
        ask_goref(&d, &ok1, "boardsize 5");
        d.record_len = 0;
        note(&d, " [script %zu]", s);
        for (size_t i = 0; scripts[s][i]; i++) {
            const char *line = scripts[s][i];
            bool expect_refusal = line[0] == '!' || line[0] == '*';
            superko += line[0] == '*';
            if (expect_refusal)
                line++;
            const char *theirs = ask_gnugo(&d, &ok1, "%s", line);
            (void)theirs;
            ask_goref(&d, &ok2, "%s", line);
            note(&d, " %s", line);
            if (ok1 != ok2)
                fail_msg("'%s': GNU Go %s, goref %s\nmoves:%s", line, ok1 ? "accepts" : "refuses",
                         ok2 ? "accepts" : "refuses", d.record);
            if (ok1 == expect_refusal)
                fail_msg("'%s': both %s it, the script expected otherwise\nmoves:%s", line,
                         ok1 ? "accept" : "refuse", d.record);
            refusals += expect_refusal;
            compare_stones(&d, line);
        }
    }
    close_duo(&d);
    printf("hand-made cases: %d refusals agreed (%d of them superko)\n", refusals, superko);
}

int main(int argc, char **argv)
{
    struct CMUnitTest all[] = {
        cmocka_unit_test(test_gtp_gnugo__cases),
        cmocka_unit_test(test_gtp_gnugo__9x9),
        cmocka_unit_test(test_gtp_gnugo__13x13),
        cmocka_unit_test(test_gtp_gnugo__19x19),
    };
    static const char *names[] = {"cases", "9", "13", "19"};
    struct CMUnitTest chosen[4];
    size_t n = 0;
    for (size_t i = 0; i < 4; i++) {
        bool want = argc < 2;
        for (int a = 1; a < argc; a++)
            want = want || strcmp(argv[a], names[i]) == 0;
        if (want)
            chosen[n++] = all[i];
    }
    if (n == 0) {
        fprintf(stderr, "usage: %s [cases|9|13|19]...\n", argv[0]);
        return 2;
    }
    return _cmocka_run_group_tests("test_gtp_gnugo", chosen, n, NULL, NULL);
}
