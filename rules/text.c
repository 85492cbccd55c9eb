/* Board text: the `size N` + rows format of photo labels, test diagrams and `goref count`. */
#include <stdio.h>
#include <string.h>

#include "board_int.h"

static int cell_color(char ch, go_color *out)
{
    switch (ch) {
    case '.':
    case '+':
    case '-':
        *out = GO_EMPTY;
        return 1;
    case 'X':
    case 'x':
    case '#':
        *out = GO_BLACK;
        return 1;
    case 'O':
    case 'o':
    case '@':
        *out = GO_WHITE;
        return 1;
    default:
        return 0;
    }
}

int go_board_text_points(uint8_t out[GO_MAX_SIZE][GO_MAX_SIZE], int *out_size, const char *text,
                         size_t len)
{
    size_t pos = 0;
    int size = 0;
    /* Skip leading blank lines, then an optional "size N" line. */
    while (pos < len && (text[pos] == '\n' || text[pos] == '\r' || text[pos] == ' '))
        pos++;
    if (len - pos >= 5 && strncmp(text + pos, "size", 4) == 0) {
        pos += 4;
        while (pos < len && text[pos] == ' ')
            pos++;
        while (pos < len && text[pos] >= '0' && text[pos] <= '9' && size < 1000)
            size = size * 10 + (text[pos++] - '0');
        while (pos < len && (text[pos] == ' ' || text[pos] == '\r'))
            pos++;
        if (pos < len && text[pos] != '\n')
            return go_error_set(GO_EPARSE, "board text: bad size line");
        if (size < GO_MIN_SIZE || size > GO_MAX_SIZE)
            return go_error_set(GO_ERANGE, "board text: size %d is outside %d..%d", size,
                                GO_MIN_SIZE, GO_MAX_SIZE);
    }
    /* Collect rows of cells. */
    static const int max_cells = GO_MAX_SIZE * GO_MAX_SIZE;
    go_color cells[GO_MAX_SIZE * GO_MAX_SIZE];
    int rows = 0, ncells = 0, row_len = 0, width = 0;
    for (; pos <= len; pos++) {
        char ch = pos < len ? text[pos] : '\n';
        go_color c;
        if (ch == '\n') {
            if (row_len > 0) {
                if (width == 0)
                    width = row_len;
                else if (row_len != width)
                    return go_error_set(GO_EPARSE, "board text: row %d has %d points, not %d",
                                        rows + 1, row_len, width);
                rows++;
            }
            row_len = 0;
        } else if (ch == ' ' || ch == '\r' || ch == '\t') {
            continue;
        } else if (cell_color(ch, &c)) {
            if (ncells >= max_cells || row_len >= GO_MAX_SIZE)
                return go_error_set(GO_ERANGE, "board text: more than %d points in a row",
                                    GO_MAX_SIZE);
            cells[ncells++] = c;
            row_len++;
        } else {
            return go_error_set(GO_EPARSE, "board text: unexpected character '%c' in row %d", ch,
                                rows + 1);
        }
    }
    if (size == 0)
        size = rows;
    if (rows != size || width != size)
        return go_error_set(GO_EPARSE, "board text: expected %d rows of %d points, found %d rows",
                            size, size, rows);
    memset(out, 0, sizeof(uint8_t[GO_MAX_SIZE][GO_MAX_SIZE]));
    for (int i = 0; i < ncells; i++)
        out[i / size][i % size] = (uint8_t)cells[i];
    *out_size = size;
    return 0;
}

int go_board_from_text(go_board *out, const char *text, size_t len)
{
    uint8_t pts[GO_MAX_SIZE][GO_MAX_SIZE];
    int size = 0;
    int rc = go_board_text_points(pts, &size, text, len);
    if (rc)
        return rc;
    go_board b;
    if ((rc = go_board_init(&b, size)) != 0)
        return rc;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            b.color[go_point_at(x, y)] = pts[y][x];
    if ((rc = board_rebuild(&b)) != 0)
        return rc;
    *out = b;
    return 0;
}

int go_board_to_text(char *buf, size_t buf_size, const go_board *b)
{
    size_t need =
        (size_t)snprintf(NULL, 0, "size %d\n", b->size) + (size_t)(b->size * (b->size + 1)) + 1;
    if (buf_size < need)
        return GO_ETOOBIG;
    int n = snprintf(buf, buf_size, "size %d\n", b->size);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++)
            buf[n++] = go_color_char((go_color)b->color[go_point_at(x, y)]);
        buf[n++] = '\n';
    }
    buf[n] = '\0';
    return n;
}
