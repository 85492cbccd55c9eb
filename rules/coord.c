/* Coordinates: GTP vertices ("D4", "pass") and SGF points ("dd", "", "tt"). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "go/board.h"

static const char gtp_letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

int go_point_from_gtp(go_point *out, const char *text, int size)
{
    if (!text)
        return go_error_set(GO_EPARSE, "missing vertex");
    if (strcasecmp(text, "pass") == 0) {
        *out = GO_PASS;
        return 0;
    }
    char letter = (char)toupper((unsigned char)text[0]);
    const char *at = letter ? strchr(gtp_letters, letter) : NULL;
    if (!at || !isdigit((unsigned char)text[1]))
        return go_error_set(GO_EPARSE, "'%.16s' is not a vertex (like D4 or pass)", text);
    int row = 0;
    const char *s = text + 1;
    while (isdigit((unsigned char)*s) && row < 1000)
        row = row * 10 + (*s++ - '0');
    if (*s != '\0')
        return go_error_set(GO_EPARSE, "'%.16s' is not a vertex (like D4 or pass)", text);
    int x = (int)(at - gtp_letters);
    if (x >= size || row < 1 || row > size)
        return go_error_set(GO_EOFFBOARD, "vertex %.16s is off the %dx%d board", text, size, size);
    *out = go_point_at(x, size - row);
    return 0;
}

char *go_point_to_gtp(char *buf, size_t buf_size, go_point p, int size)
{
    if (p == GO_PASS)
        snprintf(buf, buf_size, "pass");
    else
        snprintf(buf, buf_size, "%c%d", gtp_letters[go_point_x(p)], size - go_point_y(p));
    return buf;
}

int go_point_from_sgf(go_point *out, const char *text, size_t len, int size)
{
    if (len == 0 || (len == 2 && size <= 19 && text[0] == 't' && text[1] == 't')) {
        *out = GO_PASS;
        return 0;
    }
    if (len != 2 || !islower((unsigned char)text[0]) || !islower((unsigned char)text[1]))
        return go_error_set(GO_EPARSE, "'%.*s' is not an SGF point (two letters a-z)",
                            (int)(len > 8 ? 8 : len), text);
    int x = text[0] - 'a', y = text[1] - 'a';
    if (x >= size || y >= size)
        return go_error_set(GO_EOFFBOARD, "SGF point '%.2s' is off the %dx%d board", text, size,
                            size);
    *out = go_point_at(x, y);
    return 0;
}

char *go_point_to_sgf(char *buf, size_t buf_size, go_point p)
{
    if (p == GO_PASS)
        snprintf(buf, buf_size, "%s", "");
    else
        snprintf(buf, buf_size, "%c%c", 'a' + go_point_x(p), 'a' + go_point_y(p));
    return buf;
}
