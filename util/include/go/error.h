/* goref error codes, shared by every module.
 * Functions return 0 on success or a negative go_err; the thread-local detail of the
 * last error ("SGF byte 1842: unterminated property value") is read with go_error_last().
 * Codes are appended, never renumbered: tools and the service map them by value. */
#ifndef GO_ERROR_H
#define GO_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum go_err {
    GO_OK = 0,
    GO_EINVAL = -1,        /* bad argument or input that makes no sense */
    GO_ENOMEM = -2,        /* allocation failed */
    GO_EOFFBOARD = -3,     /* point outside the board */
    GO_EOCCUPIED = -4,     /* point already holds a stone */
    GO_ESUICIDE = -5,      /* move leaves its own group without liberties (禁着点) */
    GO_EKO = -6,           /* immediate recapture of a simple ko */
    GO_ESUPERKO = -7,      /* repeats an earlier whole-board position (全局同形再现) */
    GO_EGAMEOVER = -8,     /* the game has ended (two passes or resignation) */
    GO_EPARSE = -9,        /* syntax error in a text format (SGF, GTP, JSON, board text) */
    GO_EUNSUPPORTED = -10, /* valid but outside what goref handles (e.g. SZ[19:13], GM[3]) */
    GO_ERANGE = -11,       /* number out of range (board size, komi, handicap) */
    GO_EIO = -12,          /* file or stream error */
    GO_ENOBOARD = -13,     /* no board found in a photo */
    GO_EIMAGE = -14,       /* not a decodable image, or too large */
    GO_EDB = -15,          /* database error */
    GO_ENOTFOUND = -16,    /* unknown member, item, game, event... */
    GO_EEXISTS = -17,      /* already exists */
    GO_ETOOBIG = -18,      /* input larger than allowed */
    GO_ECHARSET = -19,     /* text cannot be decoded */
    GO_EAUTH = -20,        /* not signed in, or wrong password */
    GO_EPERM = -21,        /* signed in but the role may not do this */
    GO_EBUSY = -22,        /* too many requests at once */
    GO_ECONFLICT = -23,    /* the request contradicts stored state (e.g. item already on loan) */
    GO_EILLEGAL = -24,     /* illegal move of another kind (wrong player, setup conflict) */
    GO_EINTERNAL = -25,    /* a bug or a library failure that should not happen */
} go_err;

/* Static English text for a code; never NULL. */
const char *go_strerror(int code);

/* Detail of the last error set on this thread, or "" when none. Borrowed; valid until the
 * next go_error_set on this thread. */
const char *go_error_last(void);

/* Record the detail of an error and return code, so callers can write
 * `return go_error_set(GO_EPARSE, "SGF byte %zu: ...", off);` */
int go_error_set(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Forget the detail (used when an error is handled and recovered from). */
void go_error_clear(void);

#ifdef __cplusplus
}
#endif

#endif
