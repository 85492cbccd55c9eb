/* Standings for people: the columns each system ranks by, headed in Chinese or English, a
 * shared place as "2=" and how a tie was decided, as a table the text, HTML and CSV printers
 * take. */
#include "club_standings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_team(go_event_kind kind)
{
    return kind == GO_EVENT_TEAM || kind == GO_EVENT_TEAM_SWISS;
}

/* The columns of a standings sheet: what each system ranks by, and nothing else. */
enum sheet_col {
    SC_PLACE,
    SC_NAME,
    SC_POINTS,
    SC_SB,
    SC_TOTAL,
    SC_MATCH_POINTS,
    SC_GAME_POINTS,
    SC_WARNINGS,
    SC_PLAYED,
    SC_WON,
    SC_DRAWN,
    SC_LOST,
    SC_NOTE,
    SC_END
};
static const char *const sheet_en[] = {"place",        "name",        "points",   "SB",     "total",
                                       "match points", "game points", "warnings", "played", "won",
                                       "drawn",        "lost",        "note"};
static const char *const sheet_zh[] = {"名次", "姓名", "积分", "对手分", "总分", "场分", "局分",
                                       "警告", "局数", "胜",   "和",     "负",   "备注"};

int go_standings_sheet(go_club_table **out, const go_standing *s, size_t n, go_event_kind kind,
                       const char *lang)
{
    static const enum sheet_col rr[] = {SC_PLACE,    SC_NAME,   SC_POINTS, SC_SB,
                                        SC_WARNINGS, SC_PLAYED, SC_WON,    SC_DRAWN,
                                        SC_LOST,     SC_NOTE,   SC_END};
    static const enum sheet_col swiss[] = {SC_PLACE,    SC_NAME,   SC_POINTS, SC_TOTAL,
                                           SC_WARNINGS, SC_PLAYED, SC_WON,    SC_DRAWN,
                                           SC_LOST,     SC_NOTE,   SC_END};
    static const enum sheet_col ko[] = {SC_PLACE, SC_NAME, SC_PLAYED, SC_WON,
                                        SC_LOST,  SC_NOTE, SC_END};
    static const enum sheet_col match[] = {SC_PLACE, SC_NAME, SC_POINTS, SC_WON,
                                           SC_DRAWN, SC_LOST, SC_END};
    static const enum sheet_col team[] = {SC_PLACE,       SC_NAME,   SC_MATCH_POINTS,
                                          SC_GAME_POINTS, SC_PLAYED, SC_END};
    static const enum sheet_col team_swiss[] = {
        SC_PLACE, SC_NAME, SC_MATCH_POINTS, SC_TOTAL, SC_GAME_POINTS, SC_PLAYED, SC_END};
    bool en = lang && strcmp(lang, "en") == 0;
    if (lang && !en && strcmp(lang, "zh") != 0)
        return go_error_set(GO_EINVAL, "language '%.10s': zh or en", lang);
    const enum sheet_col *cols = kind == GO_EVENT_SWISS        ? swiss
                                 : kind == GO_EVENT_KNOCKOUT   ? ko
                                 : kind == GO_EVENT_MATCH      ? match
                                 : kind == GO_EVENT_TEAM       ? team
                                 : kind == GO_EVENT_TEAM_SWISS ? team_swiss
                                                               : rr;
    int nc = 0;
    while (cols[nc] != SC_END)
        nc++;
    go_club_table *t = calloc(1, sizeof *t);
    if (!t)
        return go_error_set(GO_ENOMEM, "table");
    t->names = calloc((size_t)nc, sizeof *t->names);
    t->types = calloc((size_t)nc, sizeof *t->types);
    t->cells = calloc((size_t)nc * (n + 1), sizeof *t->cells);
    if (!t->names || !t->types || !t->cells) {
        go_club_table_free(t);
        return go_error_set(GO_ENOMEM, "table");
    }
    t->ncols = nc;
    t->nrows = (int)n;
    bool ok = true;
    for (int c = 0; c < nc; c++) {
        const char *name = cols[c] == SC_NAME && is_team(kind) ? (en ? "team" : "队名")
                           : en                                ? sheet_en[cols[c]]
                                                               : sheet_zh[cols[c]];
        t->names[c] = malloc(strlen(name) + 1);
        if (t->names[c])
            memcpy(t->names[c], name, strlen(name) + 1);
        ok = ok && t->names[c];
        t->types[c] = cols[c] == SC_NAME || cols[c] == SC_PLACE || cols[c] == SC_NOTE ? GO_COL_TEXT
                                                                                      : GO_COL_REAL;
    }
    for (size_t r = 0; r < n; r++) {
        char **row = &t->cells[r * (size_t)nc];
        for (int c = 0; c < nc; c++) {
            char buf[4 * GO_CLUB_NAME_MAX + 16];
            switch (cols[c]) {
            case SC_PLACE: /* a shared place: 2= (Article 28 C) */
                snprintf(buf, sizeof buf, "%d%s", s[r].place, s[r].shared ? "=" : "");
                break;
            case SC_NAME:
                snprintf(buf, sizeof buf, "%s", s[r].name);
                break;
            case SC_POINTS:
            case SC_MATCH_POINTS:
                snprintf(buf, sizeof buf, "%g", s[r].points);
                break;
            case SC_SB:
                snprintf(buf, sizeof buf, "%g", s[r].tiebreak_sb);
                break;
            case SC_TOTAL: /* printed with two decimals, compared as printed */
                snprintf(buf, sizeof buf, "%.2f", s[r].swiss_total);
                break;
            case SC_GAME_POINTS:
                snprintf(buf, sizeof buf, "%g", s[r].game_points);
                break;
            case SC_WARNINGS:
                snprintf(buf, sizeof buf, "%d", s[r].warnings);
                break;
            case SC_PLAYED:
                snprintf(buf, sizeof buf, "%d", s[r].played);
                break;
            case SC_WON:
                snprintf(buf, sizeof buf, "%d", s[r].wins);
                break;
            case SC_DRAWN:
                snprintf(buf, sizeof buf, "%d", s[r].draws);
                break;
            case SC_LOST:
                snprintf(buf, sizeof buf, "%d", s[r].losses);
                break;
            default: {
                const char *note = s[r].withdrawn                     ? (en ? "withdrew" : "退赛")
                                   : strcmp(s[r].decided, "lot") == 0 ? (en ? "by lot" : "抽签")
                                   : s[r].decided[0] ? (en ? "by play-off" : "加赛")
                                                     : "";
                snprintf(buf, sizeof buf, "%s", note);
            }
            }
            row[c] = malloc(strlen(buf) + 1);
            if (row[c])
                memcpy(row[c], buf, strlen(buf) + 1);
            ok = ok && row[c];
        }
    }
    if (!ok) {
        go_club_table_free(t);
        return go_error_set(GO_ENOMEM, "table");
    }
    *out = t;
    return 0;
}
