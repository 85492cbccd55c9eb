/* A GTP engine in a child process (GNU Go, or the goref binary), driven over two pipes with a
 * timeout on every answer, so that a hung or dead peer fails a test instead of hanging it. */
#ifndef GTP_PEER_H
#define GTP_PEER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct gtp_peer {
    pid_t pid;
    int to_child;   /* the child's stdin */
    int from_child; /* the child's stdout */
    char *buf;      /* bytes read and not yet consumed */
    size_t len, cap;
    char error[256]; /* why the last call failed */
} gtp_peer;

/* Starts argv[0] (a path) with argv. 0, or -1 with peer->error set (e.g. not executable). */
int gtp_peer_start(gtp_peer *peer, char *const argv[]);

/* Sends one command line (without LF) and waits at most timeout_ms for the answer.
 * On 0, *ok is true for '=' and false for '?', and *text points to the answer text without
 * the status, id and trailing blank line (borrowed, valid until the next call).
 * -1 with peer->error set on timeout, end of file or a malformed answer. */
int gtp_peer_ask(gtp_peer *peer, const char *command, int timeout_ms, bool *ok, const char **text);

/* Sends quit, waits a little, then kills the child if it is still there. Safe to call on a
 * peer that failed to start. */
void gtp_peer_stop(gtp_peer *peer);

#endif
