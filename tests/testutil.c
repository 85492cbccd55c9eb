/* Shared test helpers; see testutil.h. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

const char *tu_data_path(const char *relative)
{
    static _Thread_local char path[4096];
    snprintf(path, sizeof path, "%s/%s", GOREF_DATA_DIR, relative);
    return path;
}

const char *tu_photo(const char *role)
{
    static char rows[32][2][600];
    static int nrows = -1;
    if (nrows < 0) {
        FILE *f = fopen(GOREF_SERVICE_PHOTOS, "r");
        if (!f)
            fail_msg("cannot read %s", GOREF_SERVICE_PHOTOS);
        char line[600];
        nrows = 0;
        while (fgets(line, sizeof line, f) && nrows < 32) {
            line[strcspn(line, "\r\n")] = '\0';
            char *tab = strchr(line, '\t');
            if (line[0] == '#' || !tab || strncmp(line, "role\t", 5) == 0)
                continue;
            *tab = '\0';
            snprintf(rows[nrows][0], sizeof rows[nrows][0], "%s", line);
            snprintf(rows[nrows][1], sizeof rows[nrows][1], "%s", tab + 1);
            nrows++;
        }
        fclose(f);
    }
    for (int i = 0; i < nrows; i++)
        if (strcmp(rows[i][0], role) == 0)
            return rows[i][1];
    fail_msg("no photo plays the role %s in %s", role, GOREF_SERVICE_PHOTOS);
    return NULL;
}

int tu_have_data(void)
{
    struct stat st;
    return stat(GOREF_DATA_DIR, &st) == 0 && S_ISDIR(st.st_mode);
}

int tu_read_file(const char *path, char **out, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        fclose(f);
        return -1;
    }
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap * 2 + 1);
            if (!bigger) {
                free(buf);
                fclose(f);
                return -1;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(buf);
        return -1;
    }
    buf[n] = '\0';
    *out = buf;
    if (len)
        *len = n;
    return 0;
}

void tu_board(go_board *b, const char *diagram)
{
    int rc = go_board_from_text(b, diagram, strlen(diagram));
    if (rc != 0)
        fail_msg("bad diagram: %s (%s)", go_strerror(rc), go_error_last());
}

/* Appends what fd has to *buf (growing it); false at end of file or on error. */
static bool drain(int fd, char **buf, size_t *len, size_t *cap)
{
    if (*len + 4096 + 1 > *cap) {
        *cap = (*cap + 4096 + 1) * 2;
        *buf = realloc(*buf, *cap);
        assert_non_null(*buf);
    }
    ssize_t n = read(fd, *buf + *len, *cap - *len - 1);
    if (n <= 0)
        return false;
    *len += (size_t)n;
    return true;
}

/* Starts argv[0] with argv, stdout and stderr into pipes, and reads both to their ends. */
static tu_run run_program(const char *const *argv)
{
    int out_fds[2], err_fds[2];
    assert_int_equal(pipe(out_fds), 0);
    assert_int_equal(pipe(err_fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(out_fds[1], 1);
        dup2(err_fds[1], 2);
        close(out_fds[0]);
        close(err_fds[0]);
        close(out_fds[1]);
        close(err_fds[1]);
        execv(argv[0], (char *const *)argv);
        fprintf(stderr, "cannot start %s\n", argv[0]);
        _exit(127);
    }
    close(out_fds[1]);
    close(err_fds[1]);
    tu_run r = {-1, NULL, NULL};
    size_t out_len = 0, out_cap = 0, err_len = 0, err_cap = 0;
    struct pollfd fds[2] = {{out_fds[0], POLLIN, 0}, {err_fds[0], POLLIN, 0}};
    int open_fds = 2;
    while (open_fds > 0) {
        if (poll(fds, 2, -1) < 0)
            continue;
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            bool more = i == 0 ? drain(fds[i].fd, &r.out, &out_len, &out_cap)
                               : drain(fds[i].fd, &r.err, &err_len, &err_cap);
            if (!more) {
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
            }
        }
    }
    if (!r.out)
        r.out = calloc(1, 1);
    else
        r.out[out_len] = '\0';
    if (!r.err)
        r.err = calloc(1, 1);
    else
        r.err[err_len] = '\0';
    assert_true(r.out && r.err);
    int status = 0;
    assert_true(waitpid(pid, &status, 0) == pid);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

static const char *goref_path(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/goref", GOREF_BINARY_DIR);
    return path;
}

tu_run tu_goref(const char *const *args)
{
    const char *argv[128] = {goref_path()};
    int n = 1;
    for (; args[n - 1]; n++) {
        assert_true(n < 127);
        argv[n] = args[n - 1];
    }
    argv[n] = NULL;
    return run_program(argv);
}

tu_run tu_goref_sh(const char *prefix, const char *line)
{
    size_t size = strlen(prefix) + strlen(goref_path()) + strlen(line) + 8;
    char *command = malloc(size);
    assert_non_null(command);
    snprintf(command, size, "%s %s %s", prefix, goref_path(), line);
    const char *argv[] = {"/bin/sh", "-c", command, NULL};
    tu_run r = run_program(argv);
    free(command);
    return r;
}

void tu_run_free(tu_run *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}
