/* The referee's count (数子法): removes the agreed dead groups, assigns every empty region, and
 * computes totals, margin and verdict in exact quarter stones. No heap: one flood fill over the
 * board per call, which is what lets the benchmark count a 19x19 position in about a microsecond.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "go/score.h"
#include "score_int.h"

static const int dir4[4] = {-GO_STRIDE, 1, GO_STRIDE, -1};

char go_owner_char(go_owner o)
{
    static const char chars[] = "?XOxobw-";
    return (unsigned)o < sizeof chars - 1 ? chars[o] : '?';
}

int go_score_rules_komi(go_rules_preset rules)
{
    return rules == GO_RULES_1988 ? 11 : 15;
}

int go_score_rules_parse(go_rules_preset *out, const char *text)
{
    if (strcmp(text, "2002") == 0 || strcmp(text, "chinese") == 0 || strcmp(text, "Chinese") == 0)
        *out = GO_RULES_2002;
    else if (strcmp(text, "1988") == 0)
        *out = GO_RULES_1988;
    else
        return go_error_set(GO_EINVAL, "unknown rules '%s' (2002 or 1988)", text);
    return 0;
}

/* A bounded string builder: the count writes four sentences per call, and snprintf's format
 * parsing was a visible share of the counting benchmark. Truncates silently at the end. */
typedef struct sbuf {
    char *buf;
    size_t size, len;
} sbuf;

static void sb_init(sbuf *sb, char *buf, size_t size)
{
    sb->buf = buf;
    sb->size = size;
    sb->len = 0;
    if (size)
        buf[0] = '\0';
}

static void sb_str(sbuf *sb, const char *s)
{
    if (sb->size == 0)
        return;
    size_t n = strlen(s), room = sb->size - 1 - sb->len;
    if (n > room)
        n = room;
    memcpy(sb->buf + sb->len, s, n);
    sb->len += n;
    sb->buf[sb->len] = '\0';
}

static void sb_int(sbuf *sb, long long v)
{
    char digits[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        digits[n++] = '-';
    /* Written in place, most significant first (no temporary string, no strlen). */
    while (n > 0 && sb->len + 1 < sb->size)
        sb->buf[sb->len++] = digits[--n];
    if (sb->size)
        sb->buf[sb->len] = '\0';
}

/* "N", "N又a/b" or "a/b" (ascii: "N a/b") for a quarter amount. */
static void sb_quarters(sbuf *sb, int quarters, bool ascii)
{
    static const char *fracs[4] = {"", "1/4", "1/2", "3/4"};
    if (quarters < 0) {
        sb_str(sb, "-");
        quarters = -quarters;
    }
    int whole = quarters / 4, frac = quarters % 4;
    if (frac == 0 || whole != 0)
        sb_int(sb, whole);
    if (frac != 0) {
        if (whole != 0)
            sb_str(sb, ascii ? " " : "又");
        sb_str(sb, fracs[frac]);
    }
}

/* A quarter amount in points (one point = 2 quarters): "1.5", "7", "-0.5". */
static void sb_points(sbuf *sb, int quarters)
{
    if (quarters < 0) {
        sb_str(sb, "-");
        quarters = -quarters;
    }
    sb_int(sb, quarters / 2);
    if (quarters % 2)
        sb_str(sb, ".5");
}

char *go_score_format_quarters(char *buf, size_t buf_size, int quarters, bool ascii)
{
    sbuf sb;
    sb_init(&sb, buf, buf_size);
    sb_quarters(&sb, quarters, ascii);
    return buf;
}

int score_remove_dead(uint8_t *col, const go_board *b, const go_point *dead, int ndead)
{
    uint8_t orig[GO_POINTS];
    return score_remove_dead_keep(col, orig, b, dead, ndead);
}

int score_remove_dead_keep(uint8_t *col, uint8_t *orig, const go_board *b, const go_point *dead,
                           int ndead)
{
    int size = go_board_size(b);
    /* Only the ring around the board needs GO_OFFBOARD (the floods never go further). */
    size_t used = (size_t)go_point_at(size, size) + 1; /* through the bottom-right corner */
    memset(orig, GO_OFFBOARD, used);
    memset(col, GO_OFFBOARD, used);
    for (int y = 0; y < size; y++) {
        go_point row = go_point_at(0, y);
        for (int x = 0; x < size; x++) {
            uint8_t c = (uint8_t)go_board_at(b, row + x);
            orig[row + x] = c;
            col[row + x] = c;
        }
    }
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    for (int i = 0; i < ndead; i++) {
        go_point p = dead[i];
        if (!go_board_on(b, p))
            return go_error_set(GO_EINVAL, "dead stone %d is not on the %dx%d board", p, size,
                                size);
        if (col[p] != GO_BLACK && col[p] != GO_WHITE)
            continue; /* empty, or a group already removed */
        int n = go_board_group(b, p, stones, GO_MAX_SIZE * GO_MAX_SIZE);
        for (int k = 0; k < n; k++)
            col[stones[k]] = GO_EMPTY;
    }
    return 0;
}

int go_score_seki(bool *out, const go_board *b, const go_point *dead, int ndead)
{
    uint8_t col[GO_POINTS], orig[GO_POINTS];
    int rc = score_remove_dead_keep(col, orig, b, dead, ndead);
    if (rc != 0)
        return rc;
    return score_seki_find(out, col, go_board_size(b));
}

static void write_verdicts(go_count *c)
{
    int m = c->margin_quarters < 0 ? -c->margin_quarters : c->margin_quarters;
    sbuf zh, en;
    sb_init(&zh, c->verdict_zh, sizeof c->verdict_zh);
    sb_init(&en, c->verdict_en, sizeof c->verdict_en);
    if (c->no_game) {
        sb_str(&zh, "无法判定胜负");
        sb_str(&en, "No verdict");
        c->check_zh[0] = c->check_en[0] = '\0';
        return;
    }
    if (!c->finished) {
        sb_str(&zh, "暂定：");
        sb_str(&en, "Provisional: ");
    }
    if (m == 0) {
        sb_str(&zh, "和棋");
        sb_str(&en, "Draw");
    } else {
        bool black = c->margin_quarters > 0;
        sb_str(&zh, black ? "黑胜" : "白胜");
        sb_quarters(&zh, m, false);
        sb_str(&zh, "子");
        /* "3/4 stone", "1 stone", "2 1/4 stones"; "1 point" only for exactly one point. */
        sb_str(&en, black ? "Black wins by " : "White wins by ");
        sb_quarters(&en, m, true);
        sb_str(&en, m > 4 ? " stones (" : " stone (");
        sb_points(&en, m);
        sb_str(&en, m == 2 ? " point)" : " points)");
    }
    sbuf ck;
    sb_init(&ck, c->check_zh, sizeof c->check_zh);
    sb_str(&ck, "黑方需 ");
    sb_quarters(&ck, c->required_black_quarters, false);
    sb_str(&ck, " 子以上，实有 ");
    sb_quarters(&ck, c->black_total_quarters, false);
    sb_str(&ck, " 子");
    sb_init(&ck, c->check_en, sizeof c->check_en);
    sb_str(&ck, "Black needs more than ");
    sb_quarters(&ck, c->required_black_quarters, true);
    sb_str(&ck, " stones and has ");
    sb_quarters(&ck, c->black_total_quarters, true);
}

bool go_score_komi_unusual(int komi_quarters)
{
    return komi_quarters > 20 || komi_quarters < -20;
}

static go_count_warning *add_warning(go_count *c, const char *code)
{
    assert(c->nwarnings < GO_COUNT_MAX_WARNINGS);
    go_count_warning *w = &c->warnings[c->nwarnings++];
    sbuf sb;
    sb_init(&sb, w->code, sizeof w->code);
    sb_str(&sb, code);
    return w;
}

/* The warnings, in a fixed order: whether there is a game, whether it is over, the komi. */
static void write_warnings(go_count *c, int black_on_board, int white_on_board)
{
    sbuf zh, en;
    c->nwarnings = 0;
    if (c->no_game) {
        go_count_warning *w = add_warning(c, "no_game");
        sb_init(&zh, w->message_zh, sizeof w->message_zh);
        sb_init(&en, w->message_en, sizeof w->message_en);
        if (black_on_board + white_on_board == 0) {
            sb_str(&zh, "空棋盘：没有对局，不判胜负");
            sb_str(&en, "Empty board: there is no game to count");
        } else {
            sb_str(&zh, black_on_board ? "棋盘上只有黑子" : "棋盘上只有白子");
            sb_str(&zh, "：没有对局，不判胜负");
            sb_str(&en, black_on_board ? "Only Black stones" : "Only White stones");
            sb_str(&en, " on the board: there is no game to count");
        }
    } else if (!c->finished) {
        go_count_warning *w = add_warning(c, "not_finished");
        sb_init(&zh, w->message_zh, sizeof w->message_zh);
        sb_init(&en, w->message_en, sizeof w->message_en);
        sb_str(&zh, "棋局未终局：");
        sb_int(&zh, c->open_count);
        sb_str(&zh, " 个空点未定");
        sb_str(&en, "Not finished: ");
        sb_int(&en, c->open_count);
        sb_str(&en, c->open_count == 1 ? " open point" : " open points");
    }
    if (go_score_komi_unusual(c->komi_quarters)) {
        go_count_warning *w = add_warning(c, "komi_unusual");
        sb_init(&zh, w->message_zh, sizeof w->message_zh);
        sb_init(&en, w->message_en, sizeof w->message_en);
        sb_str(&zh, "贴");
        sb_quarters(&zh, c->komi_quarters, false);
        sb_str(&zh, "子（");
        sb_points(&zh, c->komi_quarters);
        sb_str(&zh, "目）不常见，请确认");
        sb_str(&en, "Unusual komi: ");
        sb_quarters(&en, c->komi_quarters, true);
        sb_str(&en, " stones (");
        sb_points(&en, c->komi_quarters);
        sb_str(&en, " points); please confirm");
    }
}

void score_count_finish(go_count *c, const go_count_options *opts)
{
    c->black_total_quarters = 4 * (c->black_stones + c->black_territory) + 2 * c->shared;
    c->white_total_quarters = 4 * (c->white_stones + c->white_territory) + 2 * c->shared;
    c->par_quarters = c->size * c->size * 2;
    c->komi_quarters = opts->komi_quarters;
    c->handicap = opts->handicap;
    c->giveback_quarters =
        opts->handicap > 0 ? opts->handicap * opts->giveback_quarters_per_stone : 0;
    c->required_black_quarters = c->par_quarters + c->komi_quarters + c->giveback_quarters;
    c->margin_quarters = c->black_total_quarters - c->required_black_quarters;
    c->winner = c->margin_quarters > 0 ? GO_BLACK : c->margin_quarters < 0 ? GO_WHITE : GO_EMPTY;
    if (c->no_game)
        c->winner = GO_EMPTY;
    write_verdicts(c);
}

int go_score_count(go_count *out, const go_board *b, const go_point *dead, int ndead,
                   const go_count_options *opts)
{
    static const go_count_options defaults = GO_COUNT_OPTIONS_INIT;
    if (!opts)
        opts = &defaults;
    if (opts->version != GO_COUNT_OPTIONS_VERSION)
        return go_error_set(GO_EINVAL, "go_count_options version %d (expected %d)", opts->version,
                            GO_COUNT_OPTIONS_VERSION);
    if (opts->handicap < 0 || opts->handicap > GO_MAX_SIZE * GO_MAX_SIZE)
        return go_error_set(GO_ERANGE, "handicap %d", opts->handicap);
    if (ndead < 0 || (ndead > 0 && !dead))
        return go_error_set(GO_EINVAL, "dead list of %d points", ndead);

    int size = go_board_size(b);
    for (int i = 0; i < ndead; i++)
        if (!go_board_on(b, dead[i]))
            return go_error_set(GO_EINVAL, "dead stone %d is not on the %dx%d board", dead[i], size,
                                size);
    /* Every field of *out is written below except the owner map's points off the board and
     * the seki counts: clearing only those saves a third of a 19x19 count's stores. */
    memset(out->owner, 0, sizeof out->owner);
    out->seki_black = out->seki_white = 0;
    out->size = size;
    /* One pass, counters in locals (stores to the uint8_t owner map may alias anything, so
     * struct counters would be reloaded after each). Visited empty points are marked in the
     * private copy col with VISITED, which saves a separate "seen" map. */
    enum { VISITED = 4 };
    static const uint8_t border_bit[5] = {0, GO_BLACK, GO_WHITE, 0, 0};
    static const uint8_t visit[5] = {VISITED, GO_BLACK, GO_WHITE, GO_OFFBOARD, VISITED};
    uint16_t region[GO_POINTS];
    uint8_t col[GO_POINTS], orig[GO_POINTS];
    uint8_t *owner = out->owner;
    int black_stones = 0, white_stones = 0, black_terr = 0, white_terr = 0, shared = 0;
    int black_dead = 0, white_dead = 0;
    /* Read the board once, as whole rows: the board's colours are the stone owners
     * (GO_OWN_BLACK_STONE == GO_BLACK) and its ring is GO_OFFBOARD. Reading point by point
     * through go_board_at, with a stone histogram in memory, was a third of a count. */
    _Static_assert(GO_OWN_BLACK_STONE == (int)GO_BLACK && GO_OWN_WHITE_STONE == (int)GO_WHITE &&
                       GO_OWN_OFF == (int)GO_EMPTY,
                   "stone owners are the stone colours");
    const uint8_t *color = go_board_colors(b);
    size_t used = (size_t)go_point_at(size, size) + 1; /* through the bottom-right ring */
    memcpy(col, color, used);
    int black_on_board = 0, white_on_board = 0;
    for (size_t p = 0; p < used; p++) {
        black_on_board += color[p] == GO_BLACK;
        white_on_board += color[p] == GO_WHITE;
    }
    /* The empty points are listed as they are read (branch-free) so the flood pass below
     * visits only them; dead stones' points are appended when they are removed. */
    uint16_t empties[GO_MAX_SIZE * GO_MAX_SIZE];
    int nempty = 0;
    for (int y = 0; y < size; y++) {
        go_point row = go_point_at(0, y);
        memcpy(owner + row, color + row, (size_t)size);
        for (go_point p = row; p < row + size; p++) {
            empties[nempty] = (uint16_t)p;
            nempty += color[p] == GO_EMPTY;
        }
    }
    black_stones = black_on_board;
    white_stones = white_on_board;
    /* Shared regions with a point that does not touch both colours: candidates for an open
     * border, settled below once the seki stones are known. Their points are listed in
     * doubtful[], region r at doubtful[doubtful_start[r] .. doubtful_start[r + 1]). */
    uint16_t doubtful[GO_MAX_SIZE * GO_MAX_SIZE];
    uint16_t doubtful_start[GO_MAX_SIZE * GO_MAX_SIZE + 1];
    int ndoubtful = 0, ndoubtful_regions = 0;
    doubtful_start[0] = 0;
    /* Remove the dead groups (their points are counted with their regions below). */
    go_point members[GO_MAX_SIZE * GO_MAX_SIZE];
    for (int i = 0; i < ndead; i++) {
        go_point p = dead[i];
        uint8_t c = col[p];
        if (c != GO_BLACK && c != GO_WHITE)
            continue; /* empty, or a group already removed */
        int n = go_board_group(b, p, members, GO_MAX_SIZE * GO_MAX_SIZE);
        for (int k = 0; k < n; k++) {
            col[members[k]] = GO_EMPTY;
            empties[nempty++] = (uint16_t)members[k];
        }
        *(c == GO_BLACK ? &black_stones : &white_stones) -= n;
    }
    for (int e = 0; e < nempty; e++) {
        {
            go_point p = empties[e];
            if (col[p] != GO_EMPTY)
                continue; /* visited already */
            /* Flood the empty region breadth first, with region[] as the queue; note which
             * colours border it. A stack made each pop wait for the previous point's
             * neighbours to be read (its top depends on them); the queue's head does not. */
            int head = 0, n = 0, borders = 0;
            region[n++] = (uint16_t)p;
            col[p] = VISITED;
            while (head < n) {
                go_point q = region[head++];
                /* Branch-free: append every neighbour, keep it only if it was empty. */
                for (int d = 0; d < 4; d++) {
                    go_point r = q + dir4[d];
                    uint8_t rc2 = col[r];
                    col[r] = visit[rc2];
                    borders |= border_bit[rc2];
                    region[n] = (uint16_t)r;
                    n += rc2 == GO_EMPTY;
                }
            }
            uint8_t area = borders == GO_BLACK   ? GO_OWN_BLACK_AREA
                           : borders == GO_WHITE ? GO_OWN_WHITE_AREA
                                                 : GO_OWN_SHARED;
            if (area == GO_OWN_BLACK_AREA)
                black_terr += n;
            else if (area == GO_OWN_WHITE_AREA)
                white_terr += n;
            else
                shared += n;
            if (area == GO_OWN_SHARED) {
                /* Stones kept their colour in col; empty points read as VISITED (no bit). */
                bool lone = false;
                for (int i = 0; i < n && !lone; i++) {
                    go_point q = region[i];
                    int touches = 0;
                    for (int d = 0; d < 4; d++)
                        touches |= border_bit[col[q + dir4[d]]];
                    lone = touches != (GO_BLACK | GO_WHITE);
                }
                if (lone) {
                    memcpy(doubtful + ndoubtful, region, (size_t)n * sizeof region[0]);
                    ndoubtful += n;
                    doubtful_start[++ndoubtful_regions] = (uint16_t)ndoubtful;
                }
            }
            for (int i = 0; i < n; i++) {
                go_point q = region[i];
                uint8_t c0 = color[q]; /* as on the board: the dead are still there */
                if (c0 == GO_EMPTY) {
                    owner[q] = area;
                } else if (c0 == GO_BLACK) {
                    owner[q] = GO_OWN_BLACK_DEAD;
                    black_dead++;
                } else {
                    owner[q] = GO_OWN_WHITE_DEAD;
                    white_dead++;
                }
            }
        }
    }
    out->black_stones = black_stones;
    out->white_stones = white_stones;
    out->black_territory = black_terr;
    out->white_territory = white_terr;
    out->shared = shared;
    out->black_dead = black_dead;
    out->white_dead = white_dead;
    /* A seki needs shared points; most finished positions have none, so skip the check. */
    bool seki[GO_POINTS];
    int nseki_stones = 0;
    if (shared > 0) { /* col holds VISITED marks now: rebuild it from the board */
        score_remove_dead_keep(col, orig, b, dead, ndead);
        nseki_stones = score_seki_find(seki, col, size);
    }
    if (nseki_stones > 0)
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                go_point p = go_point_at(x, y);
                if (seki[p])
                    *(col[p] == GO_BLACK ? &out->seki_black : &out->seki_white) += 1;
            }
    /* Open borders: a doubtful region is settled only if each point that does not touch both
     * colours touches a stone in seki (the shared liberties of a seki). */
    memset(out->open, 0, sizeof out->open);
    int open_count = 0;
    for (int r = 0; r < ndoubtful_regions; r++) {
        int from = doubtful_start[r], to = doubtful_start[r + 1];
        bool open = false;
        for (int i = from; i < to && !open; i++) {
            go_point q = doubtful[i];
            int touches = 0;
            bool by_seki = false;
            for (int d = 0; d < 4; d++) {
                go_point n = q + dir4[d];
                touches |= border_bit[col[n]];
                by_seki |=
                    nseki_stones > 0 && (col[n] == GO_BLACK || col[n] == GO_WHITE) && seki[n];
            }
            open = touches != (GO_BLACK | GO_WHITE) && !by_seki;
        }
        if (!open)
            continue;
        for (int i = from; i < to; i++)
            out->open[doubtful[i]] = 1;
        open_count += to - from;
    }
    out->open_count = open_count;
    out->no_game = black_on_board == 0 || white_on_board == 0;
    out->finished = !out->no_game && open_count == 0;
    score_count_finish(out, opts);
    write_warnings(out, black_on_board, white_on_board);
    return 0;
}

char *go_count_gtp_result(char *buf, size_t buf_size, const go_count *c)
{
    sbuf sb;
    sb_init(&sb, buf, buf_size);
    if (c->margin_quarters == 0) {
        sb_str(&sb, "0");
        return buf;
    }
    sb_str(&sb, c->margin_quarters > 0 ? "B+" : "W+");
    sb_points(&sb, c->margin_quarters < 0 ? -c->margin_quarters : c->margin_quarters);
    return buf;
}

/* Quarters of the Latin-1 vulgar fraction at s ("¼" "½" "¾", two bytes in UTF-8), else 0. */
static int vulgar_quarters(const char *s)
{
    if ((unsigned char)s[0] != 0xC2)
        return 0;
    switch ((unsigned char)s[1]) {
    case 0xBC:
        return 1;
    case 0xBD:
        return 2;
    case 0xBE:
        return 3;
    default:
        return 0;
    }
}

/* Parses "[-]W[.DDD]" or "[-]W a/b" / "[-]W又a/b" / "[-]a/b" exactly and returns the amount times
 * unit (4 for stones -> quarters, 2 for points -> quarters); GO_ERANGE when not a whole number
 * of units. No floating point: "3.75" is 375/100. */
static int parse_amount(int *out, const char *text, long long unit, const char *what)
{
    if (!text)
        return go_error_set(GO_EPARSE, "no %s given", what);
    const char *s = text;
    while (*s == ' ')
        s++;
    int neg = 0;
    if (*s == '-' || *s == '+') {
        neg = *s == '-';
        s++;
    }
    long long whole = 0, num = 0, den = 1;
    int digits = 0;
    while (*s >= '0' && *s <= '9') {
        whole = whole * 10 + (*s++ - '0');
        if (++digits > 9)
            return go_error_set(GO_ERANGE, "%s '%s' is too large", what, text);
    }
    if (*s == '.') {
        s++;
        int frac_digits = 0;
        while (*s >= '0' && *s <= '9') {
            if (++frac_digits > 6)
                return go_error_set(GO_ERANGE, "%s '%s' has too many decimals", what, text);
            num = num * 10 + (*s++ - '0');
            den *= 10;
        }
        if (frac_digits == 0 && digits == 0)
            return go_error_set(GO_EPARSE, "%s '%s' is not a number", what, text);
    } else if (*s == '/' && digits > 0) {
        /* A bare fraction: "3/4". */
        s++;
        long long bden = 0;
        int bd = 0;
        while (*s >= '0' && *s <= '9' && bd < 6) {
            bden = bden * 10 + (*s++ - '0');
            bd++;
        }
        if (bd == 0 || bden == 0)
            return go_error_set(GO_EPARSE, "%s '%s': bad fraction", what, text);
        num = whole;
        whole = 0;
        den = bden;
    } else {
        /* Optional fraction after the whole part: "3 3/4", "3+3/4", "3又3/4", "3¾". */
        const char *f = s;
        if (strncmp(f, "又", strlen("又")) == 0) {
            f += strlen("又");
        } else {
            while (*f == ' ')
                f++;
            if (*f == '+' && digits > 0) {
                f++;
                while (*f == ' ')
                    f++;
            }
        }
        long long a = 0, bden = 0;
        int ad = 0, bd = 0;
        const char *g = f;
        int vulgar = vulgar_quarters(g);
        while (!vulgar && *g >= '0' && *g <= '9' && ad < 6) {
            a = a * 10 + (*g++ - '0');
            ad++;
        }
        if (vulgar) {
            num = vulgar;
            den = 4;
            s = g + 2;
        } else if (ad > 0 && *g == '/') {
            g++;
            while (*g >= '0' && *g <= '9' && bd < 6) {
                bden = bden * 10 + (*g++ - '0');
                bd++;
            }
            if (bd == 0 || bden == 0)
                return go_error_set(GO_EPARSE, "%s '%s': bad fraction", what, text);
            if (digits > 0 && f == s)
                return go_error_set(GO_EPARSE, "%s '%s' is not a number", what, text);
            num = a;
            den = bden;
            s = g;
        } else if (digits == 0) {
            return go_error_set(GO_EPARSE, "%s '%s' is not a number", what, text);
        }
    }
    while (*s == ' ')
        s++;
    if (*s != '\0')
        return go_error_set(GO_EPARSE, "%s '%s' is not a number", what, text);
    long long scaled = whole * unit * den + num * unit;
    if (scaled % den != 0)
        return go_error_set(GO_ERANGE, "%s '%s' is not a multiple of 1/%lld", what, text, unit);
    long long units = scaled / den;
    if (units > 4000)
        return go_error_set(GO_ERANGE, "%s '%s' is out of range", what, text);
    *out = (int)(neg ? -units : units);
    return 0;
}

int go_score_komi_parse_stones(int *out_quarters, const char *text)
{
    return parse_amount(out_quarters, text, 4, "komi in stones");
}

int go_score_komi_parse_points(int *out_quarters, const char *text)
{
    /* Points are halves of stones: one point = 2 quarters; accept only whole or half points. */
    int halves;
    int rc = parse_amount(&halves, text, 2, "komi in points");
    if (rc != 0)
        return rc;
    *out_quarters = halves; /* n half-points = n/2 points = n/4 stones = n quarters */
    return 0;
}
