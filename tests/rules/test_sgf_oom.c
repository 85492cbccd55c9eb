/* SGF under allocation failure: malloc, calloc and realloc of our code (linked with
 * -Wl,--wrap) fail at the Nth call for every N until the operation succeeds; each failure must
 * come back as GO_ENOMEM (or the caller's error) with nothing leaked (ASan checks) and no crash.
 * iconv's own allocations inside glibc are not wrapped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/sgf.h"
#include "testutil.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

static long fail_at = -1; /* fail the call with this index; -1: never */
static long calls;

static bool should_fail(void)
{
    return fail_at >= 0 && calls++ == fail_at;
}

void *__wrap_malloc(size_t n)
{
    return should_fail() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return should_fail() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    return should_fail() ? NULL : __real_realloc(p, n);
}

/* Parse, read the info, replay, write and rebuild from the game: 0 when all succeeded. */
static int pipeline(const char *text, size_t len)
{
    go_sgf *sgf = NULL, *rebuilt = NULL;
    go_game *g = NULL;
    char *out = NULL;
    go_sgf_game_info info;
    int rc = go_sgf_parse(&sgf, text, len, NULL);
    if (!rc)
        rc = go_sgf_info(&info, sgf, 0);
    if (!rc)
        rc = go_sgf_replay(&g, NULL, sgf, 0, NULL);
    if (!rc)
        rc = go_sgf_write(&out, NULL, sgf);
    if (!rc)
        rc = go_sgf_from_game(&rebuilt, g, &info);
    free(out);
    go_sgf_free(rebuilt);
    go_game_free(g);
    go_sgf_free(sgf);
    return rc;
}

static void run_until_success(const char *text, size_t len)
{
    long n;
    for (n = 0; n < 100000; n++) {
        calls = 0;
        fail_at = n;
        int rc = pipeline(text, len);
        fail_at = -1;
        if (rc == 0 && calls <= n)
            break; /* no call was failed: done */
        /* A failure is either reported as GO_ENOMEM or absorbed by a fallback (a mixed
         * collection keeps its first reading of a tree), never another error. */
        if (rc != 0 && rc != GO_ENOMEM)
            fail_msg("allocation %ld failed: got %d (%s)", n, rc, go_error_last());
    }
    printf("%ld allocation failures injected, each handled\n", n);
    assert_true(n > 5);
    assert_true(n < 100000);
}

static void test_sgf_oom__utf8_record_with_variations(void **state)
{
    (void)state;
    const char *text = "(;FF[4]GM[1]SZ[9]KM[6.5]HA[2]AB[cc][gg]PB[a\\]b]C[long comment]"
                       ";W[ee];B[dd](;W[cd];B[];W[])(;W[ff]C[x]))(;SZ[5];B[aa])";
    run_until_success(text, strlen(text));
}

static void test_sgf_oom__legacy_charsets_and_mixed_trees(void **state)
{
    (void)state;
    const char text[] = "(;CA[GBK]PB[\xb9\xc5\xc1\xa6];B[dd];W[pp])\n"
                        "(;CA[Shift_JIS]PB[\x83\x5c];B[aa])";
    run_until_success(text, sizeof text - 1);
    const char guessed[] = "(;PB[\xb9\xc5\xc1\xa6]C[\xc0\xd6]AB[aa:bb];B[cc])";
    run_until_success(guessed, sizeof guessed - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sgf_oom__utf8_record_with_variations),
        cmocka_unit_test(test_sgf_oom__legacy_charsets_and_mixed_trees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
