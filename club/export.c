/* Exports and printing: CSV of any club table, TRF of an event (FIDE's report format with our
 * 2/1/0 points declared by `XXS W=2 D=1`), aligned text tables, and printable HTML pages (A4
 * and a large projector view) for standings and pairings. */
#include <stdlib.h>
#include <string.h>

#include "club_int.h"

/* Table name -> a constant query. User text only selects among these. */
static const struct {
    const char *name, *sql;
} exports[] = {
    {"members", "SELECT * FROM members ORDER BY id"},
    {"status_history", "SELECT * FROM status_history ORDER BY id"},
    {"dues", "SELECT * FROM dues ORDER BY id"},
    {"schedule", "SELECT * FROM schedule ORDER BY id"},
    {"activities", "SELECT * FROM activities ORDER BY id"},
    {"checkins", "SELECT * FROM checkins ORDER BY id"},
    {"items", "SELECT * FROM items ORDER BY id"},
    {"stocktakes", "SELECT * FROM stocktakes ORDER BY id"},
    {"loans", "SELECT * FROM loans ORDER BY id"},
    {"games", "SELECT * FROM games ORDER BY id"},
    {"events", "SELECT * FROM events ORDER BY id"},
    {"teams", "SELECT * FROM teams ORDER BY id"},
    {"entries", "SELECT * FROM entries ORDER BY event_id, seed"},
    {"settings", "SELECT * FROM settings ORDER BY key"},
};

static void csv_cell(FILE *out, const char *s)
{
    if (!s)
        return;
    bool quote = strpbrk(s, ",\"\r\n") != NULL || s[0] == ' ';
    /* A leading = + - @ makes spreadsheets run a formula: prefix a quote (OWASP advice). */
    bool formula =
        s[0] == '=' || s[0] == '+' || s[0] == '@' || (s[0] == '-' && !(s[1] >= '0' && s[1] <= '9'));
    if (quote || formula)
        fputc('"', out);
    if (formula)
        fputc('\'', out);
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            fputc('"', out);
        fputc(*p, out);
    }
    if (quote || formula)
        fputc('"', out);
}

void go_club_table_csv(FILE *out, const go_club_table *t)
{
    for (int c = 0; c < t->ncols; c++) {
        if (c)
            fputc(',', out);
        csv_cell(out, t->names[c]);
    }
    fputs("\r\n", out);
    for (int r = 0; r < t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++) {
            if (c)
                fputc(',', out);
            csv_cell(out, go_club_cell(t, r, c));
        }
        fputs("\r\n", out);
    }
}

int go_club_export_csv(go_club *club, FILE *out, const char *table)
{
    for (size_t i = 0; i < sizeof exports / sizeof exports[0]; i++) {
        if (!table || strcmp(table, exports[i].name) != 0)
            continue;
        sqlite3_stmt *st = NULL;
        go_club_table *t = NULL;
        int rc = db_prepare(club, &st, exports[i].sql);
        if (rc)
            return rc;
        rc = table_from_stmt(&t, st);
        sqlite3_finalize(st);
        if (rc)
            return rc;
        go_club_table_csv(out, t);
        go_club_table_free(t);
        return ferror(out) ? go_error_set(GO_EIO, "write error") : 0;
    }
    return go_error_set(
        GO_EINVAL,
        "unknown table '%.40s' (members, status_history, dues, schedule, activities,"
        " checkins, items, stocktakes, loans, games, events, teams, entries, settings)",
        table ? table : "");
}

/* Copies s into a fixed-width TRF field (bytes; names are UTF-8 and may be wider). */
static void trf_field(char *line, size_t col, size_t width, const char *s)
{
    size_t n = strlen(s);
    if (n > width) {
        n = width;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(line + col - 1, s, n);
}

int go_club_export_trf(go_club *club, FILE *out, int64_t event)
{
    ev_data ev;
    go_xtable xt;
    int rc = ev_load(club, &ev, event);
    if (rc)
        return rc;
    if ((rc = ev_xtable(&xt, &ev)) != 0) {
        ev_clear(&ev);
        return rc;
    }
    size_t n = ev.nentries;
    int R = xt.nrounds;
    double *points = calloc(n + 1, sizeof *points), *sb = calloc(n + 1, sizeof *sb);
    int *rank = calloc(n + 1, sizeof *rank);
    go_standing *s = NULL;
    size_t ns = 0;
    char *line = malloc(100 + 10 * (size_t)R + 1);
    if (!points || !sb || !rank || !line) {
        rc = go_error_set(GO_ENOMEM, "TRF");
        goto done;
    }
    go_xtable_tiebreaks(&xt, GO_UNPLAYED_AS_SCORED, points, sb, NULL);
    if (!ev_is_team(ev.kind) && go_club_event_standings(club, &s, &ns, event) == 0)
        for (size_t k = 0; k < ns; k++)
            for (size_t i = 0; i < n; i++)
                if (ev.entries[i].member == s[k].member)
                    rank[i] = s[k].place;
    /* Only ASCII-safe header text; names are written as stored (UTF-8). */
    fprintf(out, "012 %s\n", ev.name);
    if (ev.date[0])
        fprintf(out, "042 %s\n", ev.date);
    fprintf(out, "062 %zu\n", n);
    fprintf(out, "092 %s\n",
            ev.kind == GO_EVENT_SWISS         ? "Swiss (积分编排制)"
            : ev.kind == GO_EVENT_ROUND_ROBIN ? "Round robin (Berger)"
                                              : go_event_kind_name(ev.kind));
    fprintf(out, "XXR %d\n", R);
    /* Our points: 2 a win, 1 a draw (Article 28); pairing checkers read this line. */
    fprintf(out, "XXS W=2 D=1\n");
    for (size_t i = 0; i < n; i++) {
        size_t width = 91 + 10 * (size_t)R;
        memset(line, ' ', width);
        line[width] = '\0';
        char buf[48];
        memcpy(line, "001", 3);
        snprintf(buf, sizeof buf, "%4zu", i + 1);
        trf_field(line, 5, 4, buf);
        trf_field(line, 15, 33, ev.entries[i].name);
        snprintf(buf, sizeof buf, "%4.1f", points[i]);
        trf_field(line, 81, 4, buf);
        snprintf(buf, sizeof buf, "%4d", rank[i] ? rank[i] : (int)i + 1);
        trf_field(line, 86, 4, buf);
        for (int r = 0; r < R; r++) {
            const go_xt_game *g = &xt.games[i * (size_t)R + (size_t)r];
            size_t c0 = 92 + 10 * (size_t)r;
            if (g->result == ' ' && g->opponent < 0)
                continue;
            snprintf(buf, sizeof buf, "%4d", g->opponent >= 0 ? g->opponent + 1 : 0);
            trf_field(line, c0, 4, buf);
            line[c0 + 4] = g->opponent >= 0 ? g->color : '-';
            line[c0 + 6] = g->result;
        }
        size_t end = width;
        while (end > 0 && line[end - 1] == ' ')
            end--;
        line[end] = '\0';
        fprintf(out, "%s\n", line);
    }
    if (ferror(out))
        rc = go_error_set(GO_EIO, "write error");
done:
    free(points);
    free(sb);
    free(rank);
    free(line);
    free(s);
    go_xtable_clear(&xt);
    ev_clear(&ev);
    return rc;
}

/* Display width: CJK and other wide characters take two cells. */
static int text_width(const char *s)
{
    int w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp;
        int len = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
        if (len == 1)
            cp = *p;
        else {
            cp = *p & (0xFF >> (len + 1));
            for (int i = 1; i < len && p[i]; i++)
                cp = (cp << 6) | (p[i] & 0x3F);
        }
        for (int i = 0; i < len && *p; i++)
            p++;
        w += (cp >= 0x1100 && (cp <= 0x115F || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                               (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                               (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                               (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD)))
                 ? 2
                 : 1;
    }
    return w;
}

void go_club_table_text(FILE *out, const go_club_table *t)
{
    int *w = calloc((size_t)t->ncols + 1, sizeof *w);
    if (!w)
        return;
    for (int c = 0; c < t->ncols; c++) {
        w[c] = text_width(t->names[c]);
        for (int r = 0; r < t->nrows; r++) {
            const char *s = go_club_cell(t, r, c);
            int k = text_width(s ? s : "");
            if (k > w[c])
                w[c] = k;
        }
        if (w[c] > 40)
            w[c] = 40;
    }
    for (int r = -1; r < t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++) {
            const char *s = r < 0 ? t->names[c] : go_club_cell(t, r, c);
            if (!s)
                s = "";
            int pad = w[c] - text_width(s);
            bool right = r >= 0 && t->types[c] != GO_COL_TEXT;
            if (right)
                for (int k = 0; k < pad; k++)
                    fputc(' ', out);
            fputs(s, out);
            if (!right && c + 1 < t->ncols)
                for (int k = 0; k < pad; k++)
                    fputc(' ', out);
            if (c + 1 < t->ncols)
                fputs("  ", out);
        }
        fputc('\n', out);
        if (r < 0) {
            for (int c = 0; c < t->ncols; c++) {
                for (int k = 0; k < w[c]; k++)
                    fputc('-', out);
                if (c + 1 < t->ncols)
                    fputs("  ", out);
            }
            fputc('\n', out);
        }
    }
    free(w);
}

static char *fmt(const char *f, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, f, v);
    char *s = malloc(strlen(buf) + 1);
    if (s)
        memcpy(s, buf, strlen(buf) + 1);
    return s;
}

int go_club_standings_table(go_club_table **out, const go_standing *s, size_t n, bool swiss)
{
    static const char *const cols[] = {"place",       "member",      "name",     "points",
                                       "tiebreak_sb", "swiss_total", "warnings", "played",
                                       "won",         "drawn",       "lost",     "note"};
    static const go_club_coltype types[] = {GO_COL_TEXT, GO_COL_INT,  GO_COL_TEXT, GO_COL_REAL,
                                            GO_COL_REAL, GO_COL_REAL, GO_COL_INT,  GO_COL_INT,
                                            GO_COL_INT,  GO_COL_INT,  GO_COL_INT,  GO_COL_TEXT};
    (void)swiss;
    int nc = 12;
    go_club_table *t = calloc(1, sizeof *t);
    if (!t)
        return go_error_set(GO_ENOMEM, "table");
    t->ncols = nc;
    t->nrows = (int)n;
    t->names = calloc((size_t)nc, sizeof *t->names);
    t->types = calloc((size_t)nc, sizeof *t->types);
    t->cells = calloc((size_t)nc * (n + 1), sizeof *t->cells);
    if (!t->names || !t->types || !t->cells) {
        go_club_table_free(t);
        return go_error_set(GO_ENOMEM, "table");
    }
    for (int c = 0; c < nc; c++) {
        size_t l = strlen(cols[c]);
        t->names[c] = malloc(l + 1);
        if (t->names[c])
            memcpy(t->names[c], cols[c], l + 1);
        t->types[c] = types[c];
    }
    for (size_t r = 0; r < n; r++) {
        char **row = &t->cells[r * (size_t)nc];
        char place[16];
        snprintf(place, sizeof place, "%d%s", s[r].place, s[r].shared ? "=" : "");
        row[0] = malloc(strlen(place) + 1);
        if (row[0])
            memcpy(row[0], place, strlen(place) + 1);
        row[1] = fmt("%.0f", (double)s[r].member);
        row[2] = malloc(strlen(s[r].name) + 1);
        if (row[2])
            memcpy(row[2], s[r].name, strlen(s[r].name) + 1);
        row[3] = fmt("%g", s[r].points);
        row[4] = fmt("%g", s[r].tiebreak_sb);
        row[5] = fmt("%.2f", s[r].swiss_total);
        row[6] = fmt("%.0f", (double)s[r].warnings);
        row[7] = fmt("%.0f", (double)s[r].played);
        row[8] = fmt("%.0f", (double)s[r].wins);
        row[9] = fmt("%.0f", (double)s[r].draws);
        row[10] = fmt("%.0f", (double)s[r].losses);
        const char *note = s[r].withdrawn ? "withdrew" : "";
        row[11] = malloc(strlen(note) + 1);
        if (row[11])
            memcpy(row[11], note, strlen(note) + 1);
    }
    *out = t;
    return 0;
}

static void html_text(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '&':
            fputs("&amp;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&#39;", out);
            break;
        default:
            fputc(*s, out);
        }
    }
}

void go_club_table_html(FILE *out, const go_club_table *t, const char *title, bool projector)
{
    fputs("<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">\n<title>", out);
    html_text(out, title);
    fputs(
        "</title>\n<style>\n"
        "@page { size: A4; margin: 12mm; }\n"
        "body { font-family: \"Noto Sans CJK SC\", \"Microsoft YaHei\", sans-serif; margin: 0; }\n"
        "h1 { font-size: 16pt; margin: 0 0 4mm 0; }\n"
        "table { border-collapse: collapse; width: 100%; font-size: 10pt; }\n"
        "th, td { border: 1px solid #444; padding: 1mm 2mm; }\n"
        "th { background: #eee; } td.n { text-align: right; }\n"
        "tr:nth-child(even) td { background: #f7f7f7; }\n"
        "thead { display: table-header-group; } tr { page-break-inside: avoid; }\n",
        out);
    if (projector)
        /* Read from the back of the room: large type, high contrast, no print margins. */
        fputs("body { background: #000; color: #fff; padding: 2vw; }\n"
              "h1 { font-size: 5vw; } table { font-size: 2.6vw; }\n"
              "th { background: #333; color: #fff; } th, td { border-color: #888; }\n"
              "tr:nth-child(even) td { background: #1a1a1a; }\n",
              out);
    fputs("</style>\n</head>\n<body>\n<h1>", out);
    html_text(out, title);
    fputs("</h1>\n<table>\n<thead><tr>", out);
    for (int c = 0; c < t->ncols; c++) {
        fputs("<th>", out);
        html_text(out, t->names[c]);
        fputs("</th>", out);
    }
    fputs("</tr></thead>\n<tbody>\n", out);
    for (int r = 0; r < t->nrows; r++) {
        fputs("<tr>", out);
        for (int c = 0; c < t->ncols; c++) {
            fputs(t->types[c] == GO_COL_TEXT ? "<td>" : "<td class=\"n\">", out);
            html_text(out, go_club_cell(t, r, c));
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody>\n</table>\n</body>\n</html>\n", out);
}
