/* The goref binary loads the photo reader (OpenCV) and the printed sheet (Pango, cairo) only for
 * the commands that need them: `goref version` and `goref count` start without either, `goref
 * scan` loads the reader, and a missing module is a clear error, not a crash. What a process
 * loads is read from the dynamic loader's own trace (LD_DEBUG=files). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

static char tmp_dir[] = "/tmp/goref_startup_XXXXXX";
static char sgf_path[4200], png_path[4200];

typedef tu_run run_out;

/* Runs `ENV goref ARGS`. */
static run_out run(const char *env, const char *args)
{
    return tu_goref_sh(env, args);
}

static void run_free(run_out *r)
{
    tu_run_free(r);
}

/* The shared objects the loader's trace says it opened that contain name. */
static int loaded(const run_out *r, const char *name)
{
    int n = 0;
    for (const char *p = r->err; (p = strstr(p, "file=")) != NULL; p += 5) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1),
                 p);
        n += strstr(line, name) != NULL;
    }
    return n;
}

static void assert_light(const run_out *r, const char *what)
{
    const char *heavy[] = {"goref-vision.so", "goref-sheet.so", "libopencv", "libpango",
                           "libcairo"};
    for (size_t i = 0; i < sizeof heavy / sizeof heavy[0]; i++)
        if (loaded(r, heavy[i]))
            fail_msg("%s loaded %s", what, heavy[i]);
    /* the trace is there at all: the check above can fail */
    assert_true(loaded(r, "libc.so") > 0);
}

static void version_loads_neither_module(void **state)
{
    (void)state;
    run_out r = run("LD_DEBUG=files", "version");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "point classifier: points-"));
    assert_non_null(strstr(r.out, "corner model: corners-"));
    assert_light(&r, "goref version");
    run_free(&r);
}

static void count_loads_neither_module(void **state)
{
    (void)state;
    char args[4400];
    snprintf(args, sizeof args, "count %s", sgf_path);
    run_out r = run("LD_DEBUG=files", args);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "B+"));
    assert_light(&r, "goref count");
    run_free(&r);
}

/* The sheet loads its module (and Pango) when asked for, and writes the PNG. */
static void sheet_loads_its_module(void **state)
{
    (void)state;
    char args[9000];
    snprintf(args, sizeof args, "count %s --png %s", sgf_path, png_path);
    unlink(png_path);
    run_out r = run("LD_DEBUG=files", args);
    assert_int_equal(r.status, 0);
    assert_true(loaded(&r, "goref-sheet.so") > 0);
    assert_true(loaded(&r, "libpango") > 0);
    assert_int_equal(loaded(&r, "goref-vision.so"), 0);
    struct stat st;
    assert_int_equal(stat(png_path, &st), 0);
    assert_true(st.st_size > 1000);
    run_free(&r);
}

/* A reading loads the reader; the model it names is the one `goref version` names unloaded. */
static void scan_loads_the_reader(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("no shared data folder: no photo to read");
    char args[4400];
    snprintf(args, sizeof args, "scan --json %s", tu_data_path(tu_photo("read_clean")));
    run_out r = run("LD_DEBUG=files", args);
    if (r.status != 0)
        fail_msg("goref %s: status %d: %.600s", args, r.status, r.err);
    assert_true(loaded(&r, "goref-vision.so") > 0);
    assert_true(loaded(&r, "libopencv_core") > 0);
    run_out v = run("", "version");
    const char *name = strstr(v.out, "point classifier: ");
    assert_non_null(name);
    name += strlen("point classifier: ");
    char model[128];
    snprintf(model, sizeof model, "\"model\": \"%.*s\"", (int)strcspn(name, "\n"), name);
    if (!strstr(r.out, model))
        fail_msg("goref scan does not name %s: %.300s", model, r.out);
    run_free(&r);
    run_free(&v);
}

/* Without its module a command says which file it could not load and exits 2; the commands
 * that need no module still work. */
static void missing_modules_are_clear_errors(void **state)
{
    (void)state;
    char args[9000];
    snprintf(args, sizeof args, "scan %s",
             tu_have_data() ? tu_data_path(tu_photo("read_clean")) : sgf_path);
    run_out r = run("GOREF_VISION_MODULE=/nonexistent/goref-vision.so", args);
    assert_int_equal(r.status, 2);
    if (!strstr(r.err, "photo reader") || !strstr(r.err, "/nonexistent/goref-vision.so"))
        fail_msg("goref %s without its reader: %.600s", args, r.err);
    run_free(&r);

    r = run("GOREF_VISION_MODULE=/nonexistent/goref-vision.so", "version");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "point classifier: points-"));
    run_free(&r);

    unlink(png_path);
    snprintf(args, sizeof args, "count %s --png %s", sgf_path, png_path);
    r = run("GOREF_SHEET_MODULE=/nonexistent/goref-sheet.so", args);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "printed sheet"));
    assert_non_null(strstr(r.err, "/nonexistent/goref-sheet.so"));
    assert_int_not_equal(access(png_path, F_OK), 0);
    run_free(&r);

    /* a server without its reader does not start */
    snprintf(args, sizeof args, "serve --port 0 --db %s/club.db", tmp_dir);
    r = run("GOREF_VISION_MODULE=/nonexistent/goref-vision.so timeout 60", args);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "photo reader"));
    snprintf(args, sizeof args, "%s/club.db", tmp_dir);
    assert_int_not_equal(access(args, F_OK), 0);
    run_free(&r);
}

static int setup(void **state)
{
    (void)state;
    char path[4096];
    snprintf(path, sizeof path, "%s/goref", GOREF_BINARY_DIR);
    if (access(path, X_OK) != 0 || !mkdtemp(tmp_dir)) {
        fprintf(stderr, "SKIP test_startup: no goref binary at %s or no temporary folder\n", path);
        return -1;
    }
    snprintf(sgf_path, sizeof sgf_path, "%s/game.sgf", tmp_dir);
    snprintf(png_path, sizeof png_path, "%s/sheet.png", tmp_dir);
    FILE *f = fopen(sgf_path, "w");
    assert_non_null(f);
    /* a finished 5x5 game: Black owns three columns, White two */
    fputs("(;GM[1]FF[4]SZ[5]KM[0];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ca];W[da];B[ce];W[de])", f);
    fclose(f);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    const char *names[] = {"game.sgf", "sheet.png", "club.db"};
    char path[4300];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", tmp_dir, names[i]);
        unlink(path);
    }
    rmdir(tmp_dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(version_loads_neither_module),
        cmocka_unit_test(count_loads_neither_module),
        cmocka_unit_test(sheet_loads_its_module),
        cmocka_unit_test(scan_loads_the_reader),
        cmocka_unit_test(missing_modules_are_clear_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
