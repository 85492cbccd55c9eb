/* Text tables for the wall: Chinese names take two terminal columns per character, so the
 * columns are padded by display width, not by bytes or code points. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "go/club.h"
#include "club_text.h"

static void test_text__widths(void **state)
{
    (void)state;
    assert_int_equal(go_text_width(""), 0);
    assert_int_equal(go_text_width("abc"), 3);
    assert_int_equal(go_text_width("张三"), 4);      /* CJK ideographs */
    assert_int_equal(go_text_width("李小龙 Li"), 9); /* mixed */
    assert_int_equal(go_text_width("三年级二班"), 10);
    assert_int_equal(go_text_width("ＡＢ"), 4);         /* fullwidth Latin */
    assert_int_equal(go_text_width("。，、"), 6);       /* CJK punctuation */
    assert_int_equal(go_text_width("\xe3\x80\x80"), 2); /* ideographic space U+3000 */
    assert_int_equal(go_text_width("かな카나"), 8);     /* kana, Hangul */
    assert_int_equal(go_text_width("𠀀"), 2);           /* U+20000, plane 2 */
    assert_int_equal(go_text_width("e\xcc\x81"), 1);    /* e + combining acute */
    assert_int_equal(go_text_width("Ü½"), 2);           /* Latin-1: narrow */
    assert_int_equal(go_text_width("🏆"), 2);            /* emoji U+1F3C6 */
}

/* Display width of the text between byte offsets [0, end) of a line. */
static int width_upto(const char *line, const char *end)
{
    char buf[512];
    size_t n = (size_t)(end - line);
    memcpy(buf, line, n);
    buf[n] = '\0';
    return go_text_width(buf);
}

static void test_text__table_aligned_by_display_width(void **state)
{
    (void)state;
    const char *names[] = {"place", "name", "points"};
    go_club_coltype types[] = {GO_COL_TEXT, GO_COL_TEXT, GO_COL_REAL};
    const char *rows[][3] = {
        {"1", "欧阳娜娜", "14"},
        {"2", "Li Wei", "12"},
        {"3", "张三", "9"},
        {"4", "王小明ABC", "7"},
        {"5", "x", "0"},
        {"6", "一二三四五六七八九十一二三四五六七八九十一二三", "0"}, /* 46 columns: cut */
    };
    go_club_table t;
    t.ncols = 3;
    t.nrows = 6;
    t.names = (char **)names;
    t.types = types;
    char *cells[18];
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 3; c++)
            cells[r * 3 + c] = (char *)rows[r][c];
    t.cells = cells;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_non_null(mem);
    go_text_club_table(mem, &t);
    fclose(mem);
    /* the long name was cut to 39 columns plus the mark, at a character boundary */
    assert_non_null(strstr(text, "一二三四五六七八九十一二三四五六七八九~"));
    /* Every line: the points column starts at the same display column, and every line has
     * the same display width (right-aligned numbers end together). */
    int start = -1, total = -1, lines = 0;
    for (char *line = text, *nl; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
        *nl = '\0';
        if (lines == 1) { /* the rule under the header */
            lines++;
            continue;
        }
        /* the third column begins after the second run of two spaces after column 2 */
        const char *sep1 = strstr(line, "  ");
        assert_non_null(sep1);
        const char *p = sep1;
        while (*p == ' ')
            p++;
        /* skip the name (it may contain single spaces) to its padding */
        const char *sep2 = strstr(p, "  ");
        assert_non_null(sep2);
        int w = go_text_width(line);
        if (total < 0)
            total = w;
        if (w != total)
            fail_msg("line %d is %d columns wide, the header %d: '%s'", lines, w, total, line);
        int name_col = width_upto(line, p);
        if (start < 0)
            start = name_col;
        assert_int_equal(name_col, start);
        lines++;
    }
    assert_int_equal(lines, 8);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text__widths),
        cmocka_unit_test(test_text__table_aligned_by_display_width),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
