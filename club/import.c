/* Members from a CSV file (member import): a header row naming the columns in English or
 * Chinese, then one member a row; every bad row is named with its line, and a file with any
 * bad row imports nothing. */
#include <stdlib.h>
#include <string.h>

#include "club_int.h"

enum { COL_NUMBER, COL_NAME, COL_CLASS, COL_CONTACT, COL_RANK, COL_JOINED, NCOLS };

static const char *const headers[NCOLS][3] = {
    {"number", "会员号", "编号"},    {"name", "姓名", "名字"},   {"class", "班级", "年级"},
    {"contact", "联系方式", "电话"}, {"rank", "段级位", "棋力"}, {"joined", "入会日期", "入会"},
};

/* One CSV field (RFC 4180) from *p, ending at a comma or the end of the line; *eol set at the
 * end of a line. The field is copied into out (size bytes; longer is an error). */
static int csv_field(char *out, size_t size, const char **p, const char *end, bool *eol, int *line)
{
    size_t n = 0;
    const char *s = *p;
    bool quoted = s < end && *s == '"';
    if (quoted)
        s++;
    for (;;) {
        if (s >= end) {
            if (quoted)
                return go_error_set(GO_EPARSE, "line %d: a quoted field is not closed", *line);
            *eol = true;
            break;
        }
        char ch = *s;
        if (quoted && ch == '"') {
            if (s + 1 < end && s[1] == '"') {
                s++;
            } else {
                quoted = false;
                s++;
                continue;
            }
        } else if (!quoted && (ch == ',' || ch == '\n' || ch == '\r')) {
            if (ch == ',') {
                s++;
            } else {
                if (ch == '\r' && s + 1 < end && s[1] == '\n')
                    s++;
                s++;
                *eol = true;
            }
            break;
        } else if (ch == '\n') {
            (*line)++; /* a line break inside quotes */
        }
        if (n + 1 >= size)
            return go_error_set(GO_EINVAL, "line %d: a field longer than %zu bytes", *line,
                                size - 1);
        out[n++] = *s++;
    }
    out[n] = '\0';
    *p = s;
    return 0;
}

static void trim(char *s)
{
    size_t n = strlen(s), a = 0;
    while (a < n && (s[a] == ' ' || s[a] == '\t'))
        a++;
    while (n > a && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    memmove(s, s + a, n - a);
    s[n - a] = '\0';
}

/* Appends a line to the report (grows it). */
static int report_add(char **report, size_t *len, int line, const char *msg)
{
    char buf[600];
    int k = snprintf(buf, sizeof buf, "line %d: %s\n", line, msg);
    if (k < 0)
        return GO_EINVAL;
    size_t add = (size_t)k < sizeof buf ? (size_t)k : sizeof buf - 1;
    char *r = realloc(*report, *len + add + 1);
    if (!r)
        return go_error_set(GO_ENOMEM, "import report");
    memcpy(r + *len, buf, add);
    *len += add;
    r[*len] = '\0';
    *report = r;
    return 0;
}

int go_club_member_import(go_club *club, int *out_added, char **out_report, const char *csv,
                          size_t len, bool dry_run)
{
    *out_added = 0;
    *out_report = NULL;
    const char *p = csv, *end = csv + len;
    if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3; /* Excel's BOM */
    int col_of[16], ncols = 0, line = 1, rc = 0, bad = 0, added = 0;
    size_t report_len = 0;
    char field[GO_CLUB_TEXT_MAX + 1];
    bool eol = false, have[NCOLS] = {false};
    while (!eol && ncols < 16) {
        if ((rc = csv_field(field, sizeof field, &p, end, &eol, &line)) != 0)
            return rc;
        trim(field);
        int which = -1;
        for (int c = 0; c < NCOLS && which < 0; c++)
            for (int k = 0; k < 3; k++)
                if (strcmp(field, headers[c][k]) == 0)
                    which = c;
        if (which < 0 && field[0])
            return go_error_set(GO_EINVAL,
                                "line 1: unknown column '%.40s' (number, name, class, contact,"
                                " rank, joined; or 会员号, 姓名, 班级, 联系方式, 段级位, 入会日期)",
                                field);
        if (which >= 0 && have[which])
            return go_error_set(GO_EINVAL, "line 1: column '%.40s' given twice", field);
        if (which >= 0)
            have[which] = true;
        col_of[ncols++] = which;
    }
    if (!have[COL_NUMBER] || !have[COL_NAME])
        return go_error_set(GO_EINVAL, "line 1: the header needs the columns number and name"
                                       " (会员号, 姓名)");
    if ((rc = tx_begin(club)) != 0)
        return rc;
    while (p < end && rc == 0) {
        line++;
        int row_line = line;
        go_member m;
        memset(&m, 0, sizeof m);
        char joined[64] = "", rank[64] = "";
        bool blank = true, too_many = false, too_long = false;
        eol = false;
        for (int k = 0; !eol && rc == 0; k++) {
            if ((rc = csv_field(field, sizeof field, &p, end, &eol, &line)) != 0)
                break;
            trim(field);
            if (field[0])
                blank = false;
            if (k >= ncols) {
                too_many = too_many || field[0];
                continue;
            }
            char *dst = NULL;
            size_t size = 0;
            switch (col_of[k]) {
            case COL_NUMBER:
                dst = m.number, size = sizeof m.number;
                break;
            case COL_NAME:
                dst = m.name, size = sizeof m.name;
                break;
            case COL_CLASS:
                dst = m.grade, size = sizeof m.grade;
                break;
            case COL_CONTACT:
                dst = m.contact, size = sizeof m.contact;
                break;
            case COL_RANK:
                dst = rank, size = sizeof rank;
                break;
            case COL_JOINED:
                dst = joined, size = sizeof joined;
                break;
            default:
                break;
            }
            if (dst && strlen(field) >= size) {
                too_long = true;
                dst = NULL;
            }
            if (dst)
                memcpy(dst, field, strlen(field) + 1);
        }
        if (rc || blank)
            continue;
        const char *why = NULL;
        char msg[512];
        if (too_many)
            why = "more fields than the header names";
        else if (too_long)
            why = "a field is too long";
        else if (rank[0] && go_rank_parse(&m.rank, rank) != 0)
            snprintf(msg, sizeof msg, "%s", go_error_last()), why = msg;
        else if (!joined[0])
            why = "no join date";
        if (!why) {
            snprintf(m.join_date, sizeof m.join_date, "%.10s", joined);
            if (strlen(joined) != 10)
                why = "the join date is not YYYY-MM-DD";
            else if (go_club_member_add(club, &m) != 0)
                snprintf(msg, sizeof msg, "%s", go_error_last()), why = msg;
            else
                added++;
        }
        if (why) {
            bad++;
            rc = report_add(out_report, &report_len, row_line, why);
        }
    }
    if (rc == 0 && bad)
        rc = go_error_set(GO_EINVAL, "%d bad row%s: nothing imported", bad, bad == 1 ? "" : "s");
    /* A dry run checks every row inside the transaction and undoes it. */
    if (rc == 0 && dry_run) {
        tx_end(club, GO_ECONFLICT);
        go_error_clear();
        *out_added = added;
        return 0;
    }
    rc = tx_end(club, rc);
    if (rc == 0)
        *out_added = added;
    return rc;
}
