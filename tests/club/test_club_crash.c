/* Reliability: writer processes killed with SIGKILL at random moments hundreds of
 * times; the file always passes PRAGMA integrity_check, every command acknowledged (after its
 * commit) is in it, and no command is half there. Two processes writing at once both succeed. */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>

#include "testutil.h"
#include "club_fixture.h"
#include "go/club_attendance.h"
#include "go/club_games.h"
#include "go/club_export.h"

#define KILLS 300

static char path[512];

/* One command = one transaction: a member, their check-in and a game, then the ack. */
static void writer(int ack_fd, int tag)
{
    go_club *c = NULL;
    if (go_club_open(&c, path) != 0)
        _exit(3);
    for (int k = 0;; k++) {
        char number[32], name[64];
        snprintf(number, sizeof number, "w%d-%d", tag, k);
        snprintf(name, sizeof name, "写入者 %d-%d", tag, k);
        if (go_club_begin(c) != 0)
            _exit(4);
        go_member m = {0};
        snprintf(m.number, sizeof m.number, "%s", number);
        snprintf(m.name, sizeof m.name, "%s", name);
        snprintf(m.join_date, sizeof m.join_date, "2026-09-01");
        int rc = go_club_member_add(c, &m);
        if (rc == 0)
            rc = go_club_checkin(c, NULL, m.id, "2026-09-02T16:40");
        go_game_record g = GO_GAME_RECORD_INIT;
        snprintf(g.date, sizeof g.date, "2026-09-02");
        g.black = m.id;
        g.white = 1;
        g.winner = 'B';
        g.by = GO_BY_RESIGN;
        if (rc == 0)
            rc = go_club_result_add(c, &g);
        if (rc != 0) {
            go_club_rollback(c);
            _exit(5);
        }
        if (go_club_commit(c) != 0)
            _exit(6);
        /* acknowledged only after the commit returned */
        char line[48];
        int n = snprintf(line, sizeof line, "%s\n", number);
        if (write(ack_fd, line, (size_t)n) != n)
            _exit(7);
    }
}

static int setup(void **state)
{
    club_tmp_path(path, sizeof path, "crash");
    go_club *c = NULL;
    if (go_club_open(&c, path) != 0)
        return -1;
    int n;
    if (!club_add_member(c, "host", "主人", "2026-09-01") ||
        go_club_schedule_set(c, 3, "16:30", "2026-09-01") != 0 ||
        go_club_schedule_generate(c, &n, "2026-09-01", "2026-09-30") != 0)
        return -1;
    *state = c;
    return 0;
}

static int teardown(void **state)
{
    go_club_free(*state);
    club_tmp_remove(path);
    return 0;
}

static int count_rows(go_club *c, const char *table)
{
    go_club_table *t = NULL;
    if (go_club_export_table(c, &t, table) != 0)
        return -1;
    int rows = t->nrows;
    go_club_table_free(t);
    return rows;
}

static void test_club_crash__sigkill_never_loses_acknowledged_commands(void **state)
{
    go_club *c = *state;
    srand((unsigned)time(NULL));
    int acked = 0, killed_mid = 0;
    char *seen = calloc(1, 1 << 20);
    size_t seen_len = 0;
    for (int iter = 0; iter < KILLS; iter++) {
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(fds[0]);
            writer(fds[1], iter);
        }
        close(fds[1]);
        /* Half the time kill it at a random moment from its start (opening, migrating);
         * otherwise wait for its first acknowledgement, then kill it 0-8 ms later, in the
         * middle of its steady stream of transactions. */
        if (iter % 2) {
            struct pollfd pfd = {fds[0], POLLIN, 0};
            if (poll(&pfd, 1, 5000) == 1) {
                char buf[4096];
                ssize_t r = read(fds[0], buf, sizeof buf);
                if (r > 0 && seen_len + (size_t)r < (1 << 20)) {
                    memcpy(seen + seen_len, buf, (size_t)r);
                    seen_len += (size_t)r;
                }
            }
            struct timespec ts = {0, (long)(rand() % 8000) * 1000L};
            nanosleep(&ts, NULL);
        } else {
            struct timespec ts = {0, (long)(rand() % 30000) * 1000L};
            nanosleep(&ts, NULL);
        }
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        if (WIFSIGNALED(status))
            killed_mid++;
        else
            fail_msg("writer exited by itself with status %d", WEXITSTATUS(status));
        char buf[4096];
        ssize_t r;
        while ((r = read(fds[0], buf, sizeof buf)) > 0 && seen_len + (size_t)r < (1 << 20)) {
            memcpy(seen + seen_len, buf, (size_t)r);
            seen_len += (size_t)r;
        }
        close(fds[0]);
        if (iter % 50 == 49)
            assert_int_equal(go_club_check(c), 0);
    }
    assert_int_equal(go_club_check(c), 0);
    /* every acknowledged member is there, with its check-in and its game */
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_list(c, &t, -1), 0);
    for (char *p = seen, *e; p < seen + seen_len; p = e + 1) {
        e = memchr(p, '\n', (size_t)(seen + seen_len - p));
        if (!e)
            break;
        *e = '\0';
        bool found = false;
        for (int row = 0; row < t->nrows && !found; row++)
            found = strcmp(go_club_cell(t, row, 1), p) == 0;
        if (!found)
            fail_msg("acknowledged member %s is missing", p);
        acked++;
    }
    int members = t->nrows - 1; /* minus the host */
    go_club_table_free(t);
    /* atomic commands: as many check-ins and games as members, never a part of one */
    assert_int_equal(count_rows(c, "checkins"), members);
    assert_int_equal(count_rows(c, "games"), members);
    assert_true(members >= acked);
    fprintf(stderr, "crash test: %d kills, %d acknowledged commands, %d committed\n", killed_mid,
            acked, members);
    assert_true(acked >= KILLS / 2); /* every second writer acknowledged at least once */
    free(seen);
}

static void test_club_crash__two_writers_at_once_both_succeed(void **state)
{
    go_club *c = *state;
    pid_t pids[2];
    for (int w = 0; w < 2; w++) {
        pids[w] = fork();
        assert_true(pids[w] >= 0);
        if (pids[w] == 0) {
            go_club *cc = NULL;
            if (go_club_open(&cc, path) != 0)
                _exit(3);
            for (int k = 0; k < 150; k++) {
                char num[32], name[32];
                snprintf(num, sizeof num, "p%d-%d", w, k);
                snprintf(name, sizeof name, "并发%d-%d", w, k);
                if (!club_add_member(cc, num, name, "2026-09-01"))
                    _exit(4);
            }
            go_club_free(cc);
            _exit(0);
        }
    }
    for (int w = 0; w < 2; w++) {
        int status = 0;
        waitpid(pids[w], &status, 0);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
    }
    assert_int_equal(count_rows(c, "members"), 1 + 300);
    assert_int_equal(go_club_check(c), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_crash__sigkill_never_loses_acknowledged_commands,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_crash__two_writers_at_once_both_succeed, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
