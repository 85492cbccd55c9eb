/* gtp_peer: fork+exec with a pipe each way, poll() for every read so that no answer is waited
 * for longer than the caller allows. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gtp_peer.h"

/* Children still running when the test exits (a failed assertion jumps past
 * gtp_peer_stop) are killed, so that a hung peer never outlives its test. */
static pid_t running[16];

static void kill_running(void)
{
    for (size_t i = 0; i < sizeof running / sizeof running[0]; i++)
        if (running[i] > 0) {
            kill(running[i], SIGKILL);
            waitpid(running[i], NULL, 0);
            running[i] = 0;
        }
}

static void track(pid_t pid, pid_t replace)
{
    static bool registered;
    if (!registered) {
        atexit(kill_running);
        registered = true;
    }
    for (size_t i = 0; i < sizeof running / sizeof running[0]; i++)
        if (running[i] == replace) {
            running[i] = pid;
            return;
        }
}

int gtp_peer_start(gtp_peer *peer, char *const argv[])
{
    memset(peer, 0, sizeof *peer);
    peer->pid = -1;
    peer->to_child = peer->from_child = -1;
    if (access(argv[0], X_OK) != 0) {
        snprintf(peer->error, sizeof peer->error, "%s is not executable: %s", argv[0],
                 strerror(errno));
        return -1;
    }
    /* A peer that dies must give EPIPE on write, not kill the test. */
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2];
    if (pipe(in) != 0)
        goto fail;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        goto fail;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        goto fail;
    }
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    peer->pid = pid;
    track(pid, 0);
    peer->to_child = in[1];
    peer->from_child = out[0];
    return 0;
fail:
    snprintf(peer->error, sizeof peer->error, "cannot start %s: %s", argv[0], strerror(errno));
    return -1;
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static int write_all(gtp_peer *peer, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(peer->to_child, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(peer->error, sizeof peer->error, "write to peer: %s", strerror(errno));
            return -1;
        }
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

int gtp_peer_ask(gtp_peer *peer, const char *command, int timeout_ms, bool *ok, const char **text)
{
    if (peer->pid <= 0) {
        snprintf(peer->error, sizeof peer->error, "peer not running");
        return -1;
    }
    peer->len = 0;
    if (write_all(peer, command, strlen(command)) != 0 || write_all(peer, "\n", 1) != 0)
        return -1;
    long deadline = now_ms() + timeout_ms;
    for (;;) {
        /* An answer ends with an empty line. */
        char *end = NULL;
        for (size_t i = 0; i + 1 < peer->len; i++)
            if (peer->buf[i] == '\n' && peer->buf[i + 1] == '\n') {
                end = peer->buf + i;
                break;
            }
        if (end) {
            *end = '\0';
            char *s = peer->buf;
            if (*s != '=' && *s != '?') {
                snprintf(peer->error, sizeof peer->error, "malformed answer to '%s': '%.80s'",
                         command, s);
                return -1;
            }
            *ok = *s == '=';
            s++;
            while (*s >= '0' && *s <= '9')
                s++;
            if (*s == ' ')
                s++;
            *text = s;
            return 0;
        }
        long left = deadline - now_ms();
        if (left <= 0) {
            snprintf(peer->error, sizeof peer->error, "no answer to '%s' within %d ms", command,
                     timeout_ms);
            return -1;
        }
        struct pollfd pfd = {.fd = peer->from_child, .events = POLLIN};
        int r = poll(&pfd, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            continue; /* the deadline check above reports the timeout */
        if (peer->len + 4096 + 1 > peer->cap) {
            size_t cap = peer->cap ? peer->cap * 2 : 8192;
            char *b = realloc(peer->buf, cap);
            if (!b) {
                snprintf(peer->error, sizeof peer->error, "out of memory");
                return -1;
            }
            peer->buf = b;
            peer->cap = cap;
        }
        ssize_t n = read(peer->from_child, peer->buf + peer->len, 4096);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(peer->error, sizeof peer->error, "peer closed its output after '%s'", command);
            return -1;
        }
        peer->len += (size_t)n;
    }
}

void gtp_peer_stop(gtp_peer *peer)
{
    if (peer->pid > 0) {
        track(0, peer->pid);
        bool ok;
        const char *text;
        gtp_peer_ask(peer, "quit", 2000, &ok, &text);
        close(peer->to_child);
        close(peer->from_child);
        int status;
        struct timespec pause = {0, 20 * 1000 * 1000};
        for (int i = 0; i < 100 && waitpid(peer->pid, &status, WNOHANG) == 0; i++)
            nanosleep(&pause, NULL);
        if (waitpid(peer->pid, &status, WNOHANG) == 0) {
            kill(peer->pid, SIGKILL);
            waitpid(peer->pid, &status, 0);
        }
    }
    free(peer->buf);
    peer->buf = NULL;
    peer->pid = -1;
}
