/* Error codes to text, and the thread-local detail of the last error. */
#include <stdarg.h>
#include <stdio.h>

#include "go/error.h"

static _Thread_local char last_detail[512];

const char *go_strerror(int code)
{
    switch (code) {
    case GO_OK:
        return "success";
    case GO_EINVAL:
        return "invalid argument";
    case GO_ENOMEM:
        return "out of memory";
    case GO_EOFFBOARD:
        return "point is off the board";
    case GO_EOCCUPIED:
        return "point is occupied";
    case GO_ESUICIDE:
        return "suicide is not allowed";
    case GO_EKO:
        return "ko: the stone cannot be retaken at once";
    case GO_ESUPERKO:
        return "superko: the move repeats an earlier whole-board position";
    case GO_EGAMEOVER:
        return "the game is over";
    case GO_EPARSE:
        return "syntax error";
    case GO_EUNSUPPORTED:
        return "not supported";
    case GO_ERANGE:
        return "value out of range";
    case GO_EIO:
        return "input/output error";
    case GO_ENOBOARD:
        return "no board found";
    case GO_EIMAGE:
        return "not a usable image";
    case GO_EDB:
        return "database error";
    case GO_ENOTFOUND:
        return "not found";
    case GO_EEXISTS:
        return "already exists";
    case GO_ETOOBIG:
        return "too large";
    case GO_ECHARSET:
        return "text cannot be decoded";
    case GO_EAUTH:
        return "authentication required";
    case GO_EPERM:
        return "permission denied";
    case GO_EBUSY:
        return "busy, try again";
    case GO_ECONFLICT:
        return "conflicts with the stored state";
    case GO_EILLEGAL:
        return "illegal";
    case GO_EINTERNAL:
        return "internal error";
    default:
        return "unknown error";
    }
}

const char *go_error_last(void)
{
    return last_detail;
}

int go_error_set(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_detail, sizeof last_detail, fmt, ap);
    va_end(ap);
    return code;
}

void go_error_clear(void)
{
    last_detail[0] = '\0';
}
