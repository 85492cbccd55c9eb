/* util: reading a whole file up to a limit (go/file.h), loading a module on demand
 * (go/module.h), checked integers and today's date (go/parse.h). */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "go/error.h"
#include "go/file.h"
#include "go/module.h"
#include "go/parse.h"
#include "testutil.h"

static char dir[] = "/tmp/goref_util_XXXXXX";

static const char *path_in(const char *name)
{
    static char path[200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static void write_bytes(const char *path, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    for (size_t i = 0; i < n; i++)
        fputc('a' + (int)(i % 26), f);
    fclose(f);
}

/* A file of exactly the limit is read whole, NUL-terminated; one byte more is refused. */
static void reads_up_to_the_limit(void **state)
{
    (void)state;
    const size_t sizes[] = {0, 1, 65535, 65536, 65537, 200000};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k];
        write_bytes(path_in("f"), n);
        char *buf;
        size_t len;
        assert_int_equal(go_read_file(&buf, &len, path_in("f"), n), 0);
        assert_int_equal(len, n);
        assert_int_equal(buf[len], '\0');
        for (size_t i = 0; i < n; i++)
            if (buf[i] != 'a' + (int)(i % 26))
                fail_msg("byte %zu of %zu differs", i, n);
        free(buf);
        if (n > 0) {
            assert_int_equal(go_read_file(&buf, &len, path_in("f"), n - 1), GO_ETOOBIG);
            assert_null(buf);
            assert_non_null(strstr(go_error_last(), "larger than"));
        }
    }
    unlink(path_in("f"));
}

static void names_a_missing_file_and_why(void **state)
{
    (void)state;
    char *buf = (char *)1;
    size_t len = 7;
    assert_int_equal(go_read_file(&buf, &len, path_in("none"), 100), GO_EIO);
    assert_null(buf);
    assert_int_equal(len, 0);
    assert_non_null(strstr(go_error_last(), path_in("none")));
    assert_non_null(strstr(go_error_last(), "No such file"));
    /* a folder opens but cannot be read */
    assert_int_equal(go_read_file(&buf, &len, dir, 100), GO_EIO);
    assert_null(buf);
}

static void *feed(void *arg)
{
    FILE *f = fopen((const char *)arg, "wb");
    if (f) {
        for (int i = 0; i < 100000; i++)
            fputc('x', f);
        fclose(f);
    }
    return NULL;
}

/* A pipe has no size to ask for: it is read to its end. */
static void reads_a_pipe(void **state)
{
    (void)state;
    assert_int_equal(mkfifo(path_in("fifo"), 0600), 0);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, feed, (void *)path_in("fifo")), 0);
    char *buf;
    size_t len;
    assert_int_equal(go_read_file(&buf, &len, path_in("fifo"), 1u << 20), 0);
    pthread_join(t, NULL);
    assert_int_equal(len, 100000);
    assert_int_equal(buf[0], 'x');
    assert_int_equal(buf[len - 1], 'x');
    free(buf);
    unlink(path_in("fifo"));
}

/* A module is loaded once, on the first symbol asked for; a missing one says which file. */
static void loads_a_module_on_demand(void **state)
{
    (void)state;
    static go_module maths = GO_MODULE_INIT("libm-not-beside-the-test.so", "GOREF_TEST_MODULE");
    assert_int_equal(setenv("GOREF_TEST_MODULE", "libm.so.6", 1), 0);
    assert_null(go_module_loaded_symbol(&maths, "cos"));
    double (*cosine)(double) = (double (*)(double))(uintptr_t)go_module_symbol(&maths, "cos");
    assert_non_null(cosine);
    assert_true(cosine(0.0) == 1.0);
    assert_non_null(go_module_loaded_symbol(&maths, "cos"));
    assert_null(go_module_symbol(&maths, "no_such_function_here"));
    assert_non_null(strstr(go_module_why(&maths), "has no no_such_function_here"));

    static go_module none = GO_MODULE_INIT("goref-none.so", NULL);
    assert_null(go_module_symbol(&none, "anything"));
    assert_non_null(strstr(go_module_why(&none), "goref-none.so could not be loaded"));
    /* tried once: asking again does not retry and still fails */
    assert_null(go_module_symbol(&none, "anything"));
    assert_null(go_module_loaded_symbol(&none, "anything"));
}

/* Integers: the whole text or nothing, inside the range or GO_ERANGE. */
static void parses_whole_integers_only(void **state)
{
    (void)state;
    long v = 7;
    assert_int_equal(go_parse_long(&v, "19", 5, 25), 0);
    assert_int_equal(v, 19);
    assert_int_equal(go_parse_long(&v, "-3", -5, 5), 0);
    assert_int_equal(v, -3);
    assert_int_equal(go_parse_long(&v, "+4", 0, 5), 0);
    assert_int_equal(v, 4);
    const char *not_integers[] = {"",    " 9", "9 ", "9x",  "0x10", "1e3",
                                  "9.0", "-",  "+",  "--1", NULL};
    for (int i = 0; not_integers[i]; i++) {
        v = 7;
        assert_int_equal(go_parse_long(&v, not_integers[i], -100, 100), GO_EINVAL);
        assert_int_equal(v, 7);
    }
    assert_int_equal(go_parse_long(&v, NULL, 0, 1), GO_EINVAL);
    assert_int_equal(go_parse_long(&v, "26", 5, 25), GO_ERANGE);
    assert_int_equal(go_parse_long(&v, "4", 5, 25), GO_ERANGE);
    assert_int_equal(go_parse_long(&v, "99999999999999999999999", 0, 10), GO_ERANGE);
    assert_int_equal(v, 7);

    unsigned long long u = 0;
    assert_int_equal(go_parse_ulong(&u, "18446744073709551615", ~0ULL), 0);
    assert_true(u == ~0ULL);
    assert_int_equal(go_parse_ulong(&u, "18446744073709551616", ~0ULL), GO_ERANGE);
    assert_int_equal(go_parse_ulong(&u, "-1", ~0ULL), GO_EINVAL);
    assert_int_equal(go_parse_ulong(&u, "+1", ~0ULL), GO_EINVAL);
    assert_int_equal(go_parse_ulong(&u, "26", 25), GO_ERANGE);
}

/* Today's date and minute in the local time zone, in the forms the club log stores. */
static void today_is_the_local_date(void **state)
{
    (void)state;
    char day[11], minute[17], expected[11];
    time_t before = time(NULL);
    go_today(day);
    go_now_minute(minute);
    struct tm tm;
    localtime_r(&before, &tm);
    strftime(expected, sizeof expected, "%Y-%m-%d", &tm);
    if (strcmp(day, expected) != 0) { /* midnight passed between the two readings */
        time_t after = time(NULL);
        localtime_r(&after, &tm);
        strftime(expected, sizeof expected, "%Y-%m-%d", &tm);
    }
    assert_string_equal(day, expected);
    assert_int_equal(strlen(minute), 16);
    assert_true(minute[10] == 'T' && minute[13] == ':');
    assert_memory_equal(minute, day, 10);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    rmdir(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_up_to_the_limit),
        cmocka_unit_test(names_a_missing_file_and_why),
        cmocka_unit_test(reads_a_pipe),
        cmocka_unit_test(loads_a_module_on_demand),
        cmocka_unit_test(parses_whole_integers_only),
        cmocka_unit_test(today_is_the_local_date),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
