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

/* Tables for people (go_club_export_sheet): names beside ids, ranks as 5k/1d, yuan, komi in
 * stones; the English and the Chinese headers, comma-separated, one per column. */
static const struct {
    const char *name, *sql, *en, *zh;
} sheets[] = {
    {"members",
     "SELECT id, number, name, grade, contact, CASE WHEN rank < 0 THEN (-rank) || 'k' WHEN rank > "
     "0 THEN rank || 'd' ELSE '' END, join_date, status, status_since FROM members ORDER BY id",
     "id,number,name,class,contact,rank,joined,status,status since",
     "编号,会员号,姓名,班级,联系方式,段级位,入会日期,状态,状态起始日"},
    {"status_history",
     "SELECT m.number, m.name, h.date, h.from_status, h.to_status, h.rule, h.reason, h.recorded_at "
     "FROM status_history h JOIN members m ON m.id = h.member_id ORDER BY h.date, h.id",
     "number,name,date,from,to,rule,reason,recorded at",
     "会员号,姓名,日期,原状态,新状态,规则,原因,记录时间"},
    {"dues",
     "SELECT m.number, m.name, d.school_year, printf('%d.%02d', d.amount_fen / 100, d.amount_fen % "
     "100), d.paid_on FROM dues d JOIN members m ON m.id = d.member_id ORDER BY d.school_year, "
     "m.number",
     "number,name,school year,amount (yuan),paid on", "会员号,姓名,学年,金额(元),缴费日期"},
    {"activities",
     "SELECT a.date, a.start_time, a.title, CASE a.cancelled WHEN 0 THEN '' ELSE 'cancelled' END, "
     "(SELECT count(*) FROM checkins c WHERE c.activity_id = a.id) FROM activities a ORDER BY "
     "a.date",
     "date,start,title,cancelled,present", "日期,开始时间,内容,取消,出勤人数"},
    {"checkins",
     "SELECT a.date, m.number, m.name, c.at, CASE c.credit WHEN 2 THEN 'full' ELSE 'half' END FROM "
     "checkins c JOIN members m ON m.id = c.member_id JOIN activities a ON a.id = c.activity_id "
     "ORDER BY a.date, m.number",
     "date,number,name,checked in at,attendance", "日期,会员号,姓名,签到时间,出勤"},
    {"leaves",
     "SELECT m.number, m.name, l.from_date, l.to_date, l.reason FROM leaves l JOIN members m ON "
     "m.id = l.member_id ORDER BY l.from_date, m.number",
     "number,name,from,to,reason", "会员号,姓名,开始日期,结束日期,原因"},
    {"items",
     "SELECT id, name, kind, CASE board_size WHEN 0 THEN '' ELSE board_size END, count, "
     "printf('%d.%02d', price_fen / 100, price_fen % 100), location, condition, last_seen FROM "
     "items ORDER BY id",
     "id,name,kind,board size,count,price (yuan),location,condition,last seen",
     "编号,名称,类别,路数,数量,单价(元),存放位置,状况,最近清点"},
    {"stocktakes",
     "SELECT s.date, i.name, s.expected, s.counted, s.counted - s.expected, s.note FROM stocktakes "
     "s JOIN items i ON i.id = s.item_id ORDER BY s.date, i.id",
     "date,item,expected,counted,difference,note", "日期,物品,应有,实有,差额,备注"},
    {"loans",
     "SELECT l.id, i.name, l.quantity, m.number, m.name, l.approver, l.out_date, l.due_date, "
     "l.returned_date, l.return_condition, printf('%d.%02d', l.charge_fen / 100, l.charge_fen % "
     "100) FROM loans l JOIN items i ON i.id = l.item_id JOIN members m ON m.id = l.member_id "
     "ORDER BY l.id",
     "loan,item,quantity,number,name,approved by,out,due,returned,condition,charge (yuan)",
     "借用编号,物品,数量,会员号,姓名,批准人,借出日期,应还日期,归还日期,归还状况,赔偿(元)"},
    {"games",
     "SELECT g.id, g.date, e.name, g.round, g.board, b.name, CASE WHEN b.rank < 0 THEN (-b.rank) "
     "|| 'k' WHEN b.rank > 0 THEN b.rank || 'd' ELSE '' END, w.name, CASE WHEN w.id IS NULL THEN "
     "'' ELSE CASE WHEN w.rank < 0 THEN (-w.rank) || 'k' WHEN w.rank > 0 THEN w.rank || 'd' ELSE "
     "'' END END, g.handicap, printf('%g', g.komi_quarters / 4.0), CASE g.winner WHEN 'B' THEN "
     "'Black' WHEN 'W' THEN 'White' WHEN 'D' THEN 'draw' WHEN 'N' THEN 'both lose' ELSE '' END, "
     "g.by, CASE WHEN g.by = 'count' THEN printf('%g', g.margin_quarters / 4.0) ELSE '' END, "
     "g.referee FROM games g JOIN members b ON b.id = g.black_id LEFT JOIN members w ON w.id = "
     "g.white_id LEFT JOIN events e ON e.id = g.event_id ORDER BY g.date, g.id",
     "game,date,event,round,board,black,black rank,white,white rank,handicap,komi "
     "(stones),winner,by,margin (stones),referee",
     "对局编号,日期,比赛,轮次,台次,黑方,黑方段级位,白方,白方段级位,让子,贴子(子),胜方,方式,"
     "胜负子数,裁判"},
    {"events",
     "SELECT e.id, e.name, e.kind, e.rounds, e.cycles, e.date, CASE e.boards WHEN 0 THEN '' ELSE "
     "e.boards END, (SELECT count(*) FROM entries n WHERE n.event_id = e.id) FROM events e ORDER "
     "BY e.id",
     "event,name,kind,rounds,cycles,date,boards,players",
     "比赛编号,名称,赛制,轮数,循环数,日期,台数,人数"},
    {"entries",
     "SELECT e.name, n.seed, m.number, m.name, CASE WHEN m.rank < 0 THEN (-m.rank) || 'k' WHEN "
     "m.rank > 0 THEN m.rank || 'd' ELSE '' END, t.name, CASE n.board WHEN 0 THEN '' ELSE n.board "
     "END, n.withdrawn_after FROM entries n JOIN events e ON e.id = n.event_id JOIN members m ON "
     "m.id = n.member_id LEFT JOIN teams t ON t.id = n.team_id ORDER BY n.event_id, n.seed",
     "event,entry,number,name,rank,team,board,withdrew after round",
     "比赛,报名序号,会员号,姓名,段级位,队名,台次,退赛轮次"},
};

int go_club_export_sheet(go_club *club, FILE *out, const char *table, const char *lang)
{
    bool en = lang && strcmp(lang, "en") == 0;
    if (lang && !en && strcmp(lang, "zh") != 0)
        return go_error_set(GO_EINVAL, "language '%.10s': zh or en", lang);
    for (size_t i = 0; i < sizeof sheets / sizeof sheets[0]; i++) {
        if (!table || strcmp(table, sheets[i].name) != 0)
            continue;
        sqlite3_stmt *st = NULL;
        go_club_table *t = NULL;
        int rc = db_prepare(club, &st, sheets[i].sql);
        if (rc)
            return rc;
        rc = table_from_stmt(&t, st);
        sqlite3_finalize(st);
        if (rc)
            return rc;
        /* The headers replace the query's column names, one per column. */
        const char *h = en ? sheets[i].en : sheets[i].zh;
        for (int c = 0; c < t->ncols && *h; c++) {
            size_t len = strcspn(h, ",");
            char *name = malloc(len + 1);
            if (!name) {
                go_club_table_free(t);
                return go_error_set(GO_ENOMEM, "export");
            }
            memcpy(name, h, len);
            name[len] = '\0';
            free(t->names[c]);
            t->names[c] = name;
            h += len + (h[len] == ',');
        }
        fputs("\xEF\xBB\xBF", out); /* the BOM: Excel then reads UTF-8 */
        go_club_table_csv(out, t);
        go_club_table_free(t);
        return ferror(out) ? go_error_set(GO_EIO, "write error") : 0;
    }
    return go_error_set(GO_EINVAL,
                        "unknown table '%.40s' (members, status_history, dues, activities,"
                        " checkins, leaves, items, stocktakes, loans, games, events, entries)",
                        table ? table : "");
}

/* The rating a rank stands for in the TRF (which has no kyu and dan): 100 a step, 25k = 100
 * .. 1k = 2500, 1d = 2600 .. 7d = 3200; 0 for an unknown rank. */
int go_rank_rating(int rank)
{
    return rank < 0 ? 2600 + 100 * rank : rank > 0 ? 2500 + 100 * rank : 0;
}

typedef struct trf_order {
    int rank, seed, index;
} trf_order;

/* start numbers: the higher rank first, then the earlier entry (unknown ranks last) */
static int cmp_trf_order(const void *a, const void *b)
{
    const trf_order *x = a, *y = b;
    int rx = x->rank ? x->rank : -100, ry = y->rank ? y->rank : -100;
    if (rx != ry)
        return ry - rx;
    return x->seed != y->seed ? x->seed - y->seed : x->index - y->index;
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
    double *points = calloc(n + 1, sizeof *points), *sb = calloc(n + 1, sizeof *sb);
    trf_order *order = calloc(n + 1, sizeof *order);
    go_trf_player *players = calloc(n + 1, sizeof *players);
    go_trf_team *teams = calloc(ev.nteams + 1, sizeof *teams);
    int *team_starts = calloc(n + 1, sizeof *team_starts),
        *team_boards = calloc(n + 1, sizeof *team_boards);
    go_standing *s = NULL;
    size_t ns = 0;
    if (!points || !sb || !order || !players || !teams || !team_starts || !team_boards) {
        rc = go_error_set(GO_ENOMEM, "TRF");
        goto done;
    }
    go_xtable_tiebreaks(&xt, GO_UNPLAYED_AS_SCORED, points, sb, NULL);
    for (size_t i = 0; i < n; i++) {
        players[i] = (go_trf_player){ev.entries[i].name, 0, go_rank_rating(ev.entries[i].rank),
                                     points[i],          0, ev.entries[i].withdrawn_after};
        order[i] = (trf_order){ev.entries[i].rank, ev.entries[i].seed, (int)i};
    }
    qsort(order, n, sizeof *order, cmp_trf_order);
    for (size_t k = 0; k < n; k++)
        players[order[k].index].start = (int)k + 1;
    if (!ev_is_team(ev.kind) && go_club_event_standings(club, &s, &ns, event) == 0)
        for (size_t k = 0; k < ns; k++)
            for (size_t i = 0; i < n; i++)
                if (ev.entries[i].member == s[k].member)
                    players[i].rank = s[k].place;
    /* Team records: the team's players by board. */
    size_t used = 0;
    for (size_t t = 0; ev_is_team(ev.kind) && t < ev.nteams; t++) {
        teams[t] = (go_trf_team){ev.teams[t].name, team_starts + used, team_boards + used, 0};
        for (int b = 1; b <= ev.boards; b++)
            for (size_t i = 0; i < n; i++)
                if (ev.entries[i].team == ev.teams[t].id && ev.entries[i].board == b && used < n) {
                    team_starts[used] = players[i].start;
                    team_boards[used++] = b;
                    teams[t].nplayers++;
                }
    }
    go_trf_event trf = {ev.name,
                        ev.date,
                        ev.kind == GO_EVENT_SWISS         ? "Swiss (积分编排制)"
                        : ev.kind == GO_EVENT_ROUND_ROBIN ? "Round robin (Berger)"
                                                          : go_event_kind_name(ev.kind),
                        &xt,
                        players,
                        teams,
                        ev_is_team(ev.kind) ? ev.nteams : 0};
    rc = go_trf_write(out, &trf);
done:
    free(points);
    free(sb);
    free(order);
    free(players);
    free(teams);
    free(team_starts);
    free(team_boards);
    free(s);
    go_xtable_clear(&xt);
    ev_clear(&ev);
    return rc;
}

/* East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15's EastAsianWidth.txt, merged
 * where adjacent: these take two terminal cells (Hanzi, kana, Hangul, fullwidth forms, the
 * ideographic space and punctuation 。，、, most emoji). */
typedef struct urange {
    uint32_t lo, hi;
} urange;
static const urange wide[] = {
    {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},
    {0x23F0, 0x23F0},   {0x23F3, 0x23F3},   {0x25FD, 0x25FE},   {0x2614, 0x2615},
    {0x2648, 0x2653},   {0x267F, 0x267F},   {0x2693, 0x2693},   {0x26A1, 0x26A1},
    {0x26AA, 0x26AB},   {0x26BD, 0x26BE},   {0x26C4, 0x26C5},   {0x26CE, 0x26CE},
    {0x26D4, 0x26D4},   {0x26EA, 0x26EA},   {0x26F2, 0x26F3},   {0x26F5, 0x26F5},
    {0x26FA, 0x26FA},   {0x26FD, 0x26FD},   {0x2705, 0x2705},   {0x270A, 0x270B},
    {0x2728, 0x2728},   {0x274C, 0x274C},   {0x274E, 0x274E},   {0x2753, 0x2755},
    {0x2757, 0x2757},   {0x2795, 0x2797},   {0x27B0, 0x27B0},   {0x27BF, 0x27BF},
    {0x2B1B, 0x2B1C},   {0x2B50, 0x2B50},   {0x2B55, 0x2B55},   {0x2E80, 0x2E99},
    {0x2E9B, 0x2EF3},   {0x2F00, 0x2FD5},   {0x2FF0, 0x2FFF},   {0x3000, 0x303E},
    {0x3041, 0x3096},   {0x3099, 0x30FF},   {0x3105, 0x312F},   {0x3131, 0x318E},
    {0x3190, 0x31E3},   {0x31EF, 0x321E},   {0x3220, 0x3247},   {0x3250, 0x4DBF},
    {0x4E00, 0xA48C},   {0xA490, 0xA4C6},   {0xA960, 0xA97C},   {0xAC00, 0xD7A3},
    {0xF900, 0xFAFF},   {0xFE10, 0xFE19},   {0xFE30, 0xFE52},   {0xFE54, 0xFE66},
    {0xFE68, 0xFE6B},   {0xFF01, 0xFF60},   {0xFFE0, 0xFFE6},   {0x16FE0, 0x16FE4},
    {0x16FF0, 0x16FF1}, {0x17000, 0x187F7}, {0x18800, 0x18CD5}, {0x18D00, 0x18D08},
    {0x1AFF0, 0x1AFFE}, {0x1B000, 0x1B122}, {0x1B132, 0x1B132}, {0x1B150, 0x1B152},
    {0x1B155, 0x1B155}, {0x1B164, 0x1B167}, {0x1B170, 0x1B2FB}, {0x1F004, 0x1F004},
    {0x1F0CF, 0x1F0CF}, {0x1F18E, 0x1F18E}, {0x1F191, 0x1F19A}, {0x1F200, 0x1F202},
    {0x1F210, 0x1F23B}, {0x1F240, 0x1F248}, {0x1F250, 0x1F251}, {0x1F260, 0x1F265},
    {0x1F300, 0x1F320}, {0x1F32D, 0x1F335}, {0x1F337, 0x1F37C}, {0x1F37E, 0x1F393},
    {0x1F3A0, 0x1F3CA}, {0x1F3CF, 0x1F3D3}, {0x1F3E0, 0x1F3F0}, {0x1F3F4, 0x1F3F4},
    {0x1F3F8, 0x1F43E}, {0x1F440, 0x1F440}, {0x1F442, 0x1F4FC}, {0x1F4FF, 0x1F53D},
    {0x1F54B, 0x1F54E}, {0x1F550, 0x1F567}, {0x1F57A, 0x1F57A}, {0x1F595, 0x1F596},
    {0x1F5A4, 0x1F5A4}, {0x1F5FB, 0x1F64F}, {0x1F680, 0x1F6C5}, {0x1F6CC, 0x1F6CC},
    {0x1F6D0, 0x1F6D2}, {0x1F6D5, 0x1F6D7}, {0x1F6DC, 0x1F6DF}, {0x1F6EB, 0x1F6EC},
    {0x1F6F4, 0x1F6FC}, {0x1F7E0, 0x1F7EB}, {0x1F7F0, 0x1F7F0}, {0x1F90C, 0x1F93A},
    {0x1F93C, 0x1F945}, {0x1F947, 0x1F9FF}, {0x1FA70, 0x1FA7C}, {0x1FA80, 0x1FA88},
    {0x1FA90, 0x1FABD}, {0x1FABF, 0x1FAC5}, {0x1FACE, 0x1FADB}, {0x1FAE0, 0x1FAE8},
    {0x1FAF0, 0x1FAF8}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

/* Marks drawn on the previous character, and invisible format characters: no cell. */
static const urange zero[] = {
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x0610, 0x061A},
    {0x064B, 0x065F}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x200B, 0x200F},
    {0x202A, 0x202E}, {0x2060, 0x2064}, {0x20D0, 0x20FF}, {0x3099, 0x309A},
    {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0xFEFF, 0xFEFF}, {0xE0100, 0xE01EF},
};

static bool in_ranges(uint32_t cp, const urange *r, size_t n)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < r[mid].lo)
            hi = mid;
        else if (cp > r[mid].hi)
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

/* Decodes one UTF-8 sequence (input is validated on entry; a stray byte counts as one). */
static const unsigned char *next_cp(const unsigned char *p, uint32_t *cp)
{
    int len = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
    if (len == 1 || *p < 0xC0) {
        *cp = *p;
        return p + 1;
    }
    uint32_t v = *p & (0xFFu >> (len + 1));
    int i = 1;
    for (; i < len && (p[i] & 0xC0) == 0x80; i++)
        v = (v << 6) | (p[i] & 0x3F);
    *cp = v;
    return p + i;
}

static int cp_width(uint32_t cp)
{
    if (in_ranges(cp, zero, sizeof zero / sizeof zero[0]))
        return 0;
    return in_ranges(cp, wide, sizeof wide / sizeof wide[0]) ? 2 : 1;
}

int go_club_text_width(const char *s)
{
    int w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        uint32_t cp;
        p = next_cp(p, &cp);
        w += cp_width(cp);
    }
    return w;
}

/* Bytes of s that fit in `cols` display columns (whole characters only); *used the columns. */
static size_t fit_bytes(const char *s, int cols, int *used)
{
    const unsigned char *p = (const unsigned char *)s;
    int w = 0;
    while (*p) {
        uint32_t cp;
        const unsigned char *q = next_cp(p, &cp);
        int cw = cp_width(cp);
        if (w + cw > cols)
            break;
        w += cw;
        p = q;
    }
    *used = w;
    return (size_t)(p - (const unsigned char *)s);
}

#define TEXT_COL_MAX 40 /* wider cells are cut, marked with '~', so the columns stay aligned */

void go_club_table_text(FILE *out, const go_club_table *t)
{
    int *w = calloc((size_t)t->ncols + 1, sizeof *w);
    if (!w)
        return;
    for (int c = 0; c < t->ncols; c++) {
        w[c] = go_club_text_width(t->names[c]);
        for (int r = 0; r < t->nrows; r++) {
            const char *s = go_club_cell(t, r, c);
            int k = go_club_text_width(s ? s : "");
            if (k > w[c])
                w[c] = k;
        }
        if (w[c] > TEXT_COL_MAX)
            w[c] = TEXT_COL_MAX;
    }
    for (int r = -1; r < t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++) {
            const char *s = r < 0 ? t->names[c] : go_club_cell(t, r, c);
            if (!s)
                s = "";
            int width = go_club_text_width(s), used = width;
            size_t bytes = strlen(s);
            bool cut = width > w[c];
            if (cut) /* keep one column for the mark */
                bytes = fit_bytes(s, w[c] - 1, &used);
            int pad = w[c] - used - (cut ? 1 : 0);
            bool right = r >= 0 && t->types[c] != GO_COL_TEXT;
            if (right)
                for (int k = 0; k < pad; k++)
                    fputc(' ', out);
            fwrite(s, 1, bytes, out);
            if (cut)
                fputc('~', out);
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
        const char *note = s[r].withdrawn                     ? "withdrew"
                           : strcmp(s[r].decided, "lot") == 0 ? "by lot"
                           : s[r].decided[0]                  ? "by play-off"
                                                              : "";
        row[11] = malloc(strlen(note) + 1);
        if (row[11])
            memcpy(row[11], note, strlen(note) + 1);
    }
    *out = t;
    return 0;
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

int go_club_standings_sheet(go_club_table **out, const go_standing *s, size_t n, go_event_kind kind,
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
        const char *name = cols[c] == SC_NAME && ev_is_team(kind) ? (en ? "team" : "队名")
                           : en                                   ? sheet_en[cols[c]]
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
    fputs("<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          out);
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
        "thead { display: table-header-group; } tr { page-break-inside: avoid; }\n"
        /* on a phone's screen: the page's width, no print margins */
        "@media screen and (max-width: 600px) { body { margin: 2mm; } h1 { font-size: 14pt; }"
        " table { font-size: 11pt; } th, td { padding: 1mm; } }\n",
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
