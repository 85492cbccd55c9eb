/* goref club end to end: hostile text through the command line (quotes, SQL fragments,
 * 10,000-character names, control characters, invalid UTF-8) is stored verbatim or refused
 * with a message and exit status 2; JSON listings; a result from `goref count --json`. */
#include <stdlib.h>
#include <fcntl.h>
#include <sys/wait.h>

#include "testutil.h"
#include "club_fixture.h"

static char path[512];
static char goref[600];

static int setup(void **state)
{
    (void)state;
    club_tmp_path(path, sizeof path, "cli");
    snprintf(goref, sizeof goref, "%s/goref", GOREF_BINARY_DIR);
    return access(goref, X_OK) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    club_tmp_remove(path);
    return 0;
}

/* Runs goref club --db path ARGS...; output (stdout) into out; returns the exit status. */
static int run(char *out, size_t out_size, const char *const *args)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        const char *argv[40] = {goref, "club", "--db", path};
        int n = 4;
        for (int i = 0; args[i] && n < 38; i++)
            argv[n++] = args[i];
        argv[n] = NULL;
        dup2(fds[1], 1);
        close(fds[0]);
        int devnull = open("/dev/null", 1);
        if (devnull >= 0)
            dup2(devnull, 2);
        execv(goref, (char *const *)argv);
        _exit(127);
    }
    close(fds[1]);
    size_t len = 0;
    ssize_t r;
    while (len + 1 < out_size && (r = read(fds[0], out + len, out_size - 1 - len)) > 0)
        len += (size_t)r;
    out[len] = '\0';
    char sink[256];
    while (read(fds[0], sink, sizeof sink) > 0) {
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_club_cli__hostile_text(void **state)
{
    (void)state;
    static char out[1 << 16];
    const char *stored[] = {"Robert'); DROP TABLE members;--",
                            "\"双引号\" 'single' `back`",
                            "1 OR 1=1; --",
                            "<img src=x onerror=alert(1)>",
                            "%s%n%x",
                            "名字\t带制表"};
    for (int i = 0; i < 6; i++) {
        char num[8];
        snprintf(num, sizeof num, "%d", i + 1);
        const char *args[] = {"member",   "add", "--name", stored[i],
                              "--number", num,   "--json", NULL};
        int status = run(out, sizeof out, args);
        if (i == 5) { /* a tab in a name is a control character: refused */
            assert_int_equal(status, 2);
            assert_non_null(strstr(out, "\"error\""));
            continue;
        }
        assert_int_equal(status, 0);
    }
    char *huge = malloc(10001);
    memset(huge, 'N', 10000);
    huge[10000] = '\0';
    const char *refused[][2] = {{huge, "too long"},         {"bell\a", "control"},
                                {"bad \xff\xfe", "UTF-8"},  {"", "empty"},
                                {"esc \x1b[2J", "control"}, {"nul\xc0\x80", "UTF-8"}};
    for (int i = 0; i < 6; i++) {
        const char *args[] = {"member",   "add", "--name", refused[i][0],
                              "--number", "x",   "--json", NULL};
        assert_int_equal(run(out, sizeof out, args), 2);
        if (!strstr(out, refused[i][1]))
            fail_msg("refusal %d: message '%s' does not say '%s'", i, out, refused[i][1]);
    }
    free(huge);
    const char *list[] = {"member", "list", "--json", NULL};
    assert_int_equal(run(out, sizeof out, list), 0);
    go_club *c = NULL;
    assert_int_equal(go_club_open(&c, path), 0);
    for (int i = 0; i < 5; i++) {
        go_member m;
        assert_int_equal(go_club_member_get(c, &m, i + 1), 0);
        assert_string_equal(m.name, stored[i]);
    }
    go_member m;
    assert_int_equal(go_club_member_get(c, &m, 6), GO_ENOTFOUND);
    assert_int_equal(go_club_check(c), 0);
    go_club_free(c);
    const char *check[] = {"check", NULL};
    assert_int_equal(run(out, sizeof out, check), 0);
}

static void test_club_cli__result_from_count_json(void **state)
{
    (void)state;
    static char out[1 << 14];
    const char *a1[] = {"member", "add", "--name", "黑", "--number", "1", NULL};
    const char *a2[] = {"member", "add", "--name", "白", "--number", "2", NULL};
    assert_int_equal(run(out, sizeof out, a1), 0);
    assert_int_equal(run(out, sizeof out, a2), 0);
    char jpath[600];
    snprintf(jpath, sizeof jpath, "%s.count.json", path);
    FILE *f = fopen(jpath, "w");
    assert_non_null(f);
    fputs("{\"size\": 19, \"komi_stones\": 3.75, \"par\": 180.5, \"black\": {\"stones\": 150,"
          " \"territory\": 35, \"total\": 185}, \"white\": {\"stones\": 140, \"territory\": 36,"
          " \"total\": 176}, \"shared\": 0, \"margin_stones\": 0.75, \"margin_points\": 1.5,"
          " \"winner\": \"B\", \"verdict_zh\": \"黑胜3/4子\", \"verdict_en\": \"Black wins by 3/4"
          " stone\", \"dead\": [\"D4\"], \"seki\": [], \"ownership\": []}",
          f);
    fclose(f);
    const char *add[] = {"result", "add",        "--black",      "1",   "--white", "2",
                         "--date", "2026-09-09", "--count-json", jpath, "--json",  NULL};
    assert_int_equal(run(out, sizeof out, add), 0);
    assert_non_null(strstr(out, "\"margin_stones\": 0.75"));
    const char *games[] = {"game", "list", "--json", NULL};
    assert_int_equal(run(out, sizeof out, games), 0);
    assert_non_null(strstr(out, "\"by\": \"count\""));
    assert_non_null(strstr(out, "\"margin\": 0.75"));
    const char *bad[] = {"result", "add",          "--black", "1", "--white",
                         "2",      "--count-json", path,      NULL};
    assert_int_equal(run(out, sizeof out, bad), 2); /* not JSON */
    unlink(jpath);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_cli__hostile_text, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_cli__result_from_count_json, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
