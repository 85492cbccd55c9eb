/* The board: placing stones, captures, suicide and simple ko, incremental groups with
 * pseudo-liberties, Zobrist hashing and light random playouts. No heap allocation.
 *
 * Pseudo-liberties count (stone, empty neighbour) adjacencies of a group rather than distinct
 * empty points. They are cheap to keep exactly and are zero exactly when the group has no
 * liberty, which is all that capture, suicide and legality need: a neighbour group g with k
 * stones next to p keeps a liberty other than p iff libs[g] - k > 0. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "board_int.h"

static const int dir4[4] = {-GO_STRIDE, 1, GO_STRIDE, -1};
static const int diag4[4] = {-GO_STRIDE - 1, -GO_STRIDE + 1, GO_STRIDE - 1, GO_STRIDE + 1};

static uint64_t splitmix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* The keys are a pure function of (point, colour), so every process has the same ones; they
 * are tabled once at load time because play and capture look them up on every stone. */
static uint64_t zobrist_table[GO_POINTS][3];

__attribute__((constructor)) static void zobrist_init(void)
{
    for (int p = 0; p < GO_POINTS; p++)
        for (int c = 0; c < 3; c++)
            zobrist_table[p][c] = splitmix64(((uint64_t)p << 2) | (uint64_t)c);
}

uint64_t go_zobrist(go_point p, go_color c)
{
    assert(p >= 0 && p < GO_POINTS && c >= GO_EMPTY && c <= GO_WHITE);
    return zobrist_table[p][c];
}

static bool is_stone(uint8_t c)
{
    return c == GO_BLACK || c == GO_WHITE;
}

static void empty_remove(go_board *b, go_point p)
{
    int i = b->empty_index[p];
    int last = b->empty[--b->empty_count];
    b->empty[i] = (uint16_t)last;
    b->empty_index[last] = (uint16_t)i;
}

static void empty_add(go_board *b, go_point p)
{
    b->empty_index[p] = (uint16_t)b->empty_count;
    b->empty[b->empty_count++] = (uint16_t)p;
}

int go_board_init(go_board *b, int size)
{
    assert(b);
    if (size < GO_MIN_SIZE || size > GO_MAX_SIZE)
        return go_error_set(GO_ERANGE, "board size %d is outside %d..%d", size, GO_MIN_SIZE,
                            GO_MAX_SIZE);
    memset(b, 0, sizeof *b);
    b->size = size;
    b->ko = GO_NOPOINT;
    memset(b->color, GO_OFFBOARD, sizeof b->color);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            b->color[p] = GO_EMPTY;
            empty_add(b, p);
        }
    return 0;
}

int go_board_size(const go_board *b)
{
    return b->size;
}

bool go_board_on(const go_board *b, go_point p)
{
    return p > 0 && p < GO_POINTS && b->color[p] != GO_OFFBOARD;
}

uint64_t go_board_hash(const go_board *b)
{
    return b->hash;
}

go_point go_board_ko(const go_board *b)
{
    return b->ko;
}

int go_board_captures(const go_board *b, go_color by)
{
    assert(by == GO_BLACK || by == GO_WHITE);
    return b->captures[by];
}

int go_board_empty_count(const go_board *b)
{
    return b->empty_count;
}

int go_board_stone_count(const go_board *b, go_color c)
{
    int n = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            n += b->color[go_point_at(x, y)] == c;
    return n;
}

go_point go_board_group_id(const go_board *b, go_point p)
{
    if (!go_board_on(b, p) || !is_stone(b->color[p]))
        return 0;
    return b->group[p];
}

/* Number of p's neighbours that belong to the group with root g. */
static int adjacency(const go_board *b, go_point p, int g)
{
    int k = 0;
    for (int d = 0; d < 4; d++)
        k += b->group[p + dir4[d]] == g && is_stone(b->color[p + dir4[d]]);
    return k;
}

/* Legality without the error detail (the hot path of playouts). Neighbour colours and groups
 * are read once; a group's adjacency to p is counted by comparing the four group ids. */
static int check_fast(const go_board *b, go_color c, go_point p)
{
    if (b->color[p] != GO_EMPTY)
        return b->color[p] == GO_OFFBOARD ? GO_EOFFBOARD : GO_EOCCUPIED;
    if (p == b->ko && c == b->ko_color)
        return GO_EKO;
    uint8_t col[4];
    int grp[4];
    for (int d = 0; d < 4; d++) {
        go_point q = p + dir4[d];
        col[d] = b->color[q];
        if (col[d] == GO_EMPTY)
            return 0;
        grp[d] = is_stone(col[d]) ? b->group[q] : -1 - d; /* distinct for edges */
    }
    for (int d = 0; d < 4; d++) {
        if (!is_stone(col[d]))
            continue;
        int k = (grp[0] == grp[d]) + (grp[1] == grp[d]) + (grp[2] == grp[d]) + (grp[3] == grp[d]);
        int rest = b->libs[grp[d]] - k;
        if (col[d] == c ? rest > 0 : rest == 0)
            return 0; /* joins a group that keeps another liberty, or captures */
    }
    return GO_ESUICIDE;
}

int go_board_check(const go_board *b, go_color c, go_point p)
{
    assert(c == GO_BLACK || c == GO_WHITE);
    if (p == GO_PASS)
        return 0;
    if (p <= 0 || p >= GO_POINTS)
        return go_error_set(GO_EOFFBOARD, "point %d is off the board", p);
    int rc = check_fast(b, c, p);
    if (rc) {
        char name[8];
        go_point_to_gtp(name, sizeof name, p, b->size);
        go_error_set(rc, "%s at %s: %s", c == GO_BLACK ? "black" : "white",
                     rc == GO_EOFFBOARD ? "?" : name, go_strerror(rc));
    }
    return rc;
}

uint64_t go_board_hash_after(const go_board *b, go_color c, go_point p)
{
    uint64_t h = b->hash ^ go_zobrist(p, c);
    int seen[4], nseen = 0;
    go_color other = go_color_other(c);
    for (int d = 0; d < 4; d++) {
        go_point q = p + dir4[d];
        if (b->color[q] != other)
            continue;
        int g = b->group[q];
        bool dup = false;
        for (int i = 0; i < nseen; i++)
            dup |= seen[i] == g;
        if (dup)
            continue;
        seen[nseen++] = g;
        if (b->libs[g] - adjacency(b, p, g) == 0) {
            go_point s = g;
            do {
                h ^= go_zobrist(s, other);
                s = b->next[s];
            } while (s != g);
        }
    }
    return h;
}

/* Relabel the smaller group into the larger; returns the surviving root. */
static int merge(go_board *b, int a, int g)
{
    if (b->stones[a] < b->stones[g]) {
        int t = a;
        a = g;
        g = t;
    }
    go_point s = g;
    do {
        b->group[s] = (uint16_t)a;
        s = b->next[s];
    } while (s != g);
    uint16_t t = b->next[a];
    b->next[a] = b->next[g];
    b->next[g] = t;
    b->libs[a] = (uint16_t)(b->libs[a] + b->libs[g]);
    b->stones[a] = (uint16_t)(b->stones[a] + b->stones[g]);
    return a;
}

/* Remove the group rooted at g; returns the number of stones removed. */
static int capture(go_board *b, int g)
{
    uint8_t col = b->color[g];
    int n = 0;
    go_point s = g;
    do {
        b->color[s] = GO_EMPTY;
        b->hash ^= go_zobrist(s, (go_color)col);
        empty_add(b, s);
        n++;
        s = b->next[s];
    } while (s != g);
    /* Second pass, once every stone is gone: each neighbouring stone gains the adjacency. */
    s = g;
    do {
        for (int d = 0; d < 4; d++) {
            go_point q = s + dir4[d];
            if (is_stone(b->color[q]))
                b->libs[b->group[q]]++;
        }
        go_point nx = b->next[s];
        b->group[s] = 0;
        s = nx;
    } while (s != g);
    return n;
}

/* Play a move already known to be legal. */
static void play_unchecked(go_board *b, go_color c, go_point p)
{
    go_color other = go_color_other(c);
    b->color[p] = (uint8_t)c;
    b->hash ^= go_zobrist(p, c);
    empty_remove(b, p);
    b->group[p] = (uint16_t)p;
    b->next[p] = (uint16_t)p;
    b->stones[p] = 1;
    int libs = 0, root = p, enemies = 0;
    for (int d = 0; d < 4; d++) {
        go_point q = p + dir4[d];
        uint8_t col = b->color[q];
        if (col == GO_EMPTY) {
            libs++;
        } else if (col == c) {
            b->libs[b->group[q]]--;
        } else if (col == other) {
            b->libs[b->group[q]]--;
            enemies = 1;
        }
    }
    b->libs[p] = (uint16_t)libs;
    for (int d = 0; d < 4; d++) {
        go_point q = p + dir4[d];
        if (b->color[q] == c && b->group[q] != root)
            root = merge(b, root, b->group[q]);
    }
    int captured = 0;
    go_point last_captured = GO_NOPOINT;
    if (enemies)
        for (int d = 0; d < 4; d++) {
            go_point q = p + dir4[d];
            if (b->color[q] == other && b->libs[b->group[q]] == 0) {
                captured += capture(b, b->group[q]);
                last_captured = q;
            }
        }
    if (captured == 0) {
        b->ko = GO_NOPOINT;
        return;
    }
    b->captures[c] += captured;
    if (captured == 1 && b->stones[root] == 1 && b->libs[root] == 1) {
        b->ko = last_captured;
        b->ko_color = other;
    } else {
        b->ko = GO_NOPOINT;
    }
}

int go_board_play(go_board *b, go_color c, go_point p)
{
    int rc = go_board_check(b, c, p);
    if (rc)
        return rc;
    if (p == GO_PASS) {
        b->ko = GO_NOPOINT;
        return 0;
    }
    play_unchecked(b, c, p);
    return 0;
}

/* Recompute groups, liberties, the empty list and the hash from the colours alone. */
static void rebuild(go_board *b)
{
    b->empty_count = 0;
    b->hash = 0;
    for (int i = 0; i < GO_POINTS; i++) {
        b->group[i] = 0;
        b->next[i] = 0;
        b->libs[i] = 0;
        b->stones[i] = 0;
    }
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            go_point p = go_point_at(x, y);
            if (b->color[p] == GO_EMPTY) {
                empty_add(b, p);
                continue;
            }
            b->hash ^= go_zobrist(p, (go_color)b->color[p]);
            b->group[p] = (uint16_t)p;
            b->next[p] = (uint16_t)p;
            b->stones[p] = 1;
            for (int d = 0; d < 4; d++)
                b->libs[p] += b->color[p + dir4[d]] == GO_EMPTY;
        }
    /* Join neighbours scanning right and down, so every adjacency is seen once. */
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            go_point p = go_point_at(x, y);
            if (!is_stone(b->color[p]))
                continue;
            for (int d = 1; d <= 2; d++) {
                go_point q = p + dir4[d];
                if (b->color[q] == b->color[p] && b->group[q] != b->group[p])
                    merge(b, b->group[p], b->group[q]);
            }
        }
}

static go_point zero_liberty_stone(const go_board *b)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            go_point p = go_point_at(x, y);
            if (is_stone(b->color[p]) && b->libs[b->group[p]] == 0)
                return p;
        }
    return GO_NOPOINT;
}

int board_rebuild(go_board *b)
{
    rebuild(b);
    go_point dead = zero_liberty_stone(b);
    if (dead == GO_NOPOINT)
        return 0;
    char name[8];
    return go_error_set(GO_EILLEGAL, "the group at %s has no liberty",
                        go_point_to_gtp(name, sizeof name, dead, b->size));
}

int go_board_place(go_board *b, go_color c, go_point p)
{
    assert(c == GO_EMPTY || c == GO_BLACK || c == GO_WHITE);
    if (!go_board_on(b, p))
        return go_error_set(GO_EOFFBOARD, "setup point %d is off the board", p);
    uint8_t before = b->color[p];
    b->ko = GO_NOPOINT;
    if (before == c)
        return 0;
    b->color[p] = (uint8_t)c;
    if (board_rebuild(b) != 0) {
        char at[8], why[200];
        snprintf(why, sizeof why, "%s", go_error_last());
        b->color[p] = before;
        rebuild(b);
        return go_error_set(GO_EILLEGAL, "setup at %s: %s",
                            go_point_to_gtp(at, sizeof at, p, b->size), why);
    }
    return 0;
}

go_point go_point_transform(go_point p, int size, int t)
{
    assert(t >= 0 && t < GO_SYMMETRIES);
    int x = go_point_x(p), y = go_point_y(p);
    if (p <= 0 || p >= GO_POINTS || x < 0 || y < 0 || x >= size || y >= size)
        return p;
    if (t & 4) {
        int swap = x;
        x = y;
        y = swap;
    }
    if (t & 1)
        x = size - 1 - x;
    if (t & 2)
        y = size - 1 - y;
    return go_point_at(x, y);
}

void go_board_transform(go_board *out, const go_board *b, int t)
{
    assert(out != b);
    go_point ko = b->ko == GO_NOPOINT ? GO_NOPOINT : go_point_transform(b->ko, b->size, t);
    go_color ko_color = b->ko_color;
    int captures[3] = {b->captures[0], b->captures[1], b->captures[2]};
    go_board_init(out, b->size);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            go_point p = go_point_at(x, y);
            out->color[go_point_transform(p, b->size, t)] = b->color[p];
        }
    /* The same stones turned: every group keeps a liberty, so the rebuild cannot fail. */
    rebuild(out);
    out->ko = ko;
    out->ko_color = ko_color;
    memcpy(out->captures, captures, sizeof captures);
}

int go_board_liberties(const go_board *b, go_point p)
{
    if (!go_board_on(b, p) || !is_stone(b->color[p]))
        return 0;
    uint8_t seen[GO_POINTS];
    memset(seen, 0, sizeof seen);
    int g = b->group[p], n = 0;
    go_point s = g;
    do {
        for (int d = 0; d < 4; d++) {
            go_point q = s + dir4[d];
            if (b->color[q] == GO_EMPTY && !seen[q]) {
                seen[q] = 1;
                n++;
            }
        }
        s = b->next[s];
    } while (s != g);
    return n;
}

int go_board_group(const go_board *b, go_point p, go_point *out, int max)
{
    if (!go_board_on(b, p) || !is_stone(b->color[p]))
        return 0;
    int g = b->group[p], n = 0;
    go_point s = g;
    do {
        if (n < max)
            out[n] = s;
        n++;
        s = b->next[s];
    } while (s != g);
    return n;
}

bool go_board_is_eye(const go_board *b, go_color c, go_point p)
{
    if (b->color[p] != GO_EMPTY)
        return false;
    for (int d = 0; d < 4; d++) {
        uint8_t col = b->color[p + dir4[d]];
        if (col != c && col != GO_OFFBOARD)
            return false;
    }
    int enemy = 0, edge = 0;
    go_color other = go_color_other(c);
    for (int d = 0; d < 4; d++) {
        uint8_t col = b->color[p + diag4[d]];
        if (col == GO_OFFBOARD)
            edge = 1;
        else if (col == other)
            enemy++;
    }
    return enemy + edge < 2;
}

/* xoshiro256** seeded through splitmix64. */
void go_rng_seed(go_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        seed = splitmix64(seed);
        rng->s[i] = seed;
    }
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t go_rng_next(go_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t go_rng_below(go_rng *rng, uint32_t n)
{
    assert(n > 0);
    /* Lemire's multiply-shift; the bias for n <= 625 is below 2^-22, irrelevant here. */
    return (uint32_t)(((go_rng_next(rng) >> 32) * (uint64_t)n) >> 32);
}

/* A candidate for a light playout: legal for c and not c's own eye. Most points have an
 * empty neighbour, which settles both questions at once. */
static bool playout_candidate(const go_board *b, go_color c, go_point p)
{
    uint8_t n0 = b->color[p - GO_STRIDE], n1 = b->color[p + 1], n2 = b->color[p + GO_STRIDE],
            n3 = b->color[p - 1];
    if (n0 == GO_EMPTY || n1 == GO_EMPTY || n2 == GO_EMPTY || n3 == GO_EMPTY)
        return !(p == b->ko && c == b->ko_color);
    return !go_board_is_eye(b, c, p) && check_fast(b, c, p) == 0;
}

go_point go_board_play_random(go_board *b, go_color c, go_rng *rng)
{
    int n = b->empty_count;
    if (n > 0) {
        int start = (int)go_rng_below(rng, (uint32_t)n);
        for (int i = 0; i < n; i++) {
            int j = start + i;
            go_point p = b->empty[j < n ? j : j - n];
            if (!playout_candidate(b, c, p))
                continue;
            play_unchecked(b, c, p);
            return p;
        }
    }
    b->ko = GO_NOPOINT;
    return GO_PASS;
}

int go_board_playout(go_board *b, go_color to_move, go_rng *rng, int max_moves)
{
    int moves = 0, passes = 0;
    while (passes < 2 && moves < max_moves) {
        go_point p = go_board_play_random(b, to_move, rng);
        passes = p == GO_PASS ? passes + 1 : 0;
        to_move = go_color_other(to_move);
        moves++;
    }
    return moves;
}

char go_color_char(go_color c)
{
    switch (c) {
    case GO_BLACK:
        return 'X';
    case GO_WHITE:
        return 'O';
    case GO_EMPTY:
        return '.';
    default:
        return ' ';
    }
}
