/* Shared by the club suites: a fresh database file per test in the build tree. */
#ifndef CLUB_FIXTURE_H
#define CLUB_FIXTURE_H

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "go/club.h"
#include "go/club_members.h"

static inline void club_tmp_path(char *buf, size_t size, const char *tag)
{
    snprintf(buf, size, "%s/club_%s_%ld.db", GOREF_BINARY_DIR, tag, (long)getpid());
    char side[600];
    unlink(buf);
    snprintf(side, sizeof side, "%s-wal", buf);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", buf);
    unlink(side);
}

static inline void club_tmp_remove(const char *path)
{
    char side[4200]; /* room for any path plus the suffix */
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

static inline int64_t club_add_member(go_club *c, const char *number, const char *name,
                                      const char *joined)
{
    go_member m;
    memset(&m, 0, sizeof m);
    snprintf(m.number, sizeof m.number, "%s", number);
    snprintf(m.name, sizeof m.name, "%s", name);
    snprintf(m.join_date, sizeof m.join_date, "%s", joined);
    int rc = go_club_member_add(c, &m);
    if (rc) {
        fprintf(stderr, "member_add(%s): %s %s\n", name, go_strerror(rc), go_error_last());
        return 0;
    }
    return m.id;
}

/* A fresh club log at a temporary path (named by tag) with n players 棋手01.. numbered 1..n,
 * joined 2026-09-01, their ids in ids[]. NULL when it cannot be made (the reason printed). */
static inline go_club *club_open_with_players(char *path, size_t size, const char *tag,
                                              int64_t *ids, int n)
{
    club_tmp_path(path, size, tag);
    go_club *c = NULL;
    if (go_club_open(&c, path) != 0)
        return NULL;
    for (int i = 0; i < n; i++) {
        char num[12], name[32];
        snprintf(num, sizeof num, "%d", i + 1);
        snprintf(name, sizeof name, "棋手%02d", i + 1);
        if (!(ids[i] = club_add_member(c, num, name, "2026-09-01"))) {
            go_club_free(c);
            return NULL;
        }
    }
    return c;
}

#endif
