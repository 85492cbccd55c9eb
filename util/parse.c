/* go/parse.h: checked integers and today's date. */
#define _POSIX_C_SOURCE 200809L /* localtime_r */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "go/error.h"
#include "go/parse.h"

int go_parse_long(long *out, const char *text, long lo, long hi)
{
    if (!text)
        return GO_EINVAL;
    const char *digits = text + (text[0] == '-' || text[0] == '+');
    if (!isdigit((unsigned char)digits[0]))
        return GO_EINVAL;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (*end)
        return GO_EINVAL;
    if (errno == ERANGE || v < lo || v > hi)
        return GO_ERANGE;
    *out = v;
    return 0;
}

int go_parse_ulong(unsigned long long *out, const char *text, unsigned long long max)
{
    if (!text || !isdigit((unsigned char)text[0]))
        return GO_EINVAL;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end)
        return GO_EINVAL;
    if (errno == ERANGE || v > max)
        return GO_ERANGE;
    *out = v;
    return 0;
}

static void local_now(char *out, size_t size, const char *format)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(out, size, format, &tm);
}

void go_today(char out[11])
{
    local_now(out, 11, "%Y-%m-%d");
}

void go_now_minute(char out[17])
{
    local_now(out, 17, "%Y-%m-%dT%H:%M");
}
