/* Differential test: the incremental board against a naive reference written here from the
 * rules' text (flood-fill liberties, capture, suicide, and simple ko as "the move recreates the
 * position before the opponent's last move"). Random games on every size 2..25 pick from ALL
 * empty points, so suicides, ko recaptures and eye fills are exercised too. */
#include <string.h>

#include "testutil.h"

typedef struct ref_board {
    int size;
    uint8_t c[GO_MAX_SIZE][GO_MAX_SIZE];
} ref_board;

static int flood(const ref_board *r, int x, int y, uint8_t seen[GO_MAX_SIZE][GO_MAX_SIZE])
{
    /* Returns the number of liberties of the group at (x, y); marks its stones in seen. */
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    int stack[GO_MAX_SIZE * GO_MAX_SIZE][2], top = 0, libs = 0;
    uint8_t lib_seen[GO_MAX_SIZE][GO_MAX_SIZE];
    memset(lib_seen, 0, sizeof lib_seen);
    uint8_t color = r->c[y][x];
    seen[y][x] = 1;
    stack[top][0] = x;
    stack[top++][1] = y;
    while (top > 0) {
        top--;
        int sx = stack[top][0], sy = stack[top][1];
        for (int d = 0; d < 4; d++) {
            int nx = sx + dx[d], ny = sy + dy[d];
            if (nx < 0 || ny < 0 || nx >= r->size || ny >= r->size)
                continue;
            if (r->c[ny][nx] == GO_EMPTY && !lib_seen[ny][nx]) {
                lib_seen[ny][nx] = 1;
                libs++;
            } else if (r->c[ny][nx] == color && !seen[ny][nx]) {
                seen[ny][nx] = 1;
                stack[top][0] = nx;
                stack[top++][1] = ny;
            }
        }
    }
    return libs;
}

static int remove_dead(ref_board *r, uint8_t color)
{
    int removed = 0;
    uint8_t done[GO_MAX_SIZE][GO_MAX_SIZE];
    memset(done, 0, sizeof done);
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            if (r->c[y][x] != color || done[y][x])
                continue;
            uint8_t group[GO_MAX_SIZE][GO_MAX_SIZE];
            memset(group, 0, sizeof group);
            int libs = flood(r, x, y, group);
            for (int gy = 0; gy < r->size; gy++)
                for (int gx = 0; gx < r->size; gx++)
                    if (group[gy][gx]) {
                        done[gy][gx] = 1;
                        if (libs == 0) {
                            r->c[gy][gx] = GO_EMPTY;
                            removed++;
                        }
                    }
        }
    return removed;
}

/* Plays on a copy; returns 0 and the new position, or the reason it is illegal. */
static int ref_play(ref_board *out, const ref_board *r, const ref_board *two_plies_ago, go_color c,
                    int x, int y)
{
    if (r->c[y][x] != GO_EMPTY)
        return GO_EOCCUPIED;
    ref_board n = *r;
    n.c[y][x] = (uint8_t)c;
    int captured = remove_dead(&n, (uint8_t)go_color_other(c));
    if (captured == 0) {
        uint8_t group[GO_MAX_SIZE][GO_MAX_SIZE];
        memset(group, 0, sizeof group);
        if (flood(&n, x, y, group) == 0)
            return GO_ESUICIDE;
    }
    if (two_plies_ago && memcmp(&n, two_plies_ago, sizeof n) == 0)
        return GO_EKO;
    *out = n;
    return 0;
}

static void assert_same(const go_board *b, const ref_board *r)
{
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++)
            if (go_board_at(b, go_point_at(x, y)) != r->c[y][x])
                fail_msg("boards differ at x=%d y=%d on %dx%d", x, y, r->size, r->size);
}

static void test_reference__random_games_agree_on_every_size(void **state)
{
    (void)state;
    go_rng rng;
    go_rng_seed(&rng, 20261129);
    long illegal[8] = {0}, moves = 0, captures = 0;
    for (int size = GO_MIN_SIZE; size <= GO_MAX_SIZE; size++) {
        int games = size <= 9 ? 40 : size <= 13 ? 12 : 4;
        for (int g = 0; g < games; g++) {
            go_board b;
            go_board_init(&b, size);
            ref_board cur, prev;
            memset(&cur, 0, sizeof cur);
            cur.size = size;
            prev = cur;
            int have_history = 0;
            go_color c = GO_BLACK;
            for (int m = 0; m < 3 * size * size; m++) {
                /* Mostly empty points (so games go on), sometimes any point. */
                go_point p;
                if (go_rng_below(&rng, 5) > 0 && go_board_empty_count(&b) > 0)
                    p = b.empty[go_rng_below(&rng, (uint32_t)go_board_empty_count(&b))];
                else
                    p = go_point_at((int)go_rng_below(&rng, (uint32_t)size),
                                    (int)go_rng_below(&rng, (uint32_t)size));
                int x = go_point_x(p), y = go_point_y(p);
                ref_board next;
                int want = ref_play(&next, &cur, have_history ? &prev : NULL, c, x, y);
                int got = go_board_check(&b, c, p);
                if (want != got)
                    fail_msg("%dx%d move %d at x=%d y=%d: reference %d, board %d", size, size, m, x,
                             y, want, got);
                if (got != 0) {
                    illegal[-got]++;
                    continue;
                }
                int before = go_board_captures(&b, c);
                assert_int_equal(go_board_play(&b, c, p), 0);
                captures += go_board_captures(&b, c) > before;
                prev = cur;
                cur = next;
                have_history = 1;
                assert_same(&b, &cur);
                moves++;
                c = go_color_other(c);
            }
        }
    }
    /* The games really went through each kind of refusal. */
    print_message("reference: %ld moves, %ld captures, %ld occupied, %ld suicide, %ld ko\n", moves,
                  captures, illegal[-GO_EOCCUPIED], illegal[-GO_ESUICIDE], illegal[-GO_EKO]);
    assert_true(captures > 1000);
    assert_true(illegal[-GO_ESUICIDE] > 100);
    assert_true(illegal[-GO_EOCCUPIED] > 1000);
    assert_true(illegal[-GO_EKO] > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference__random_games_agree_on_every_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
