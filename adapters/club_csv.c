/* Club tables as CSV (RFC 4180, CRLF): a table as stored, for programs, and a table for people
 * and spreadsheets (Excel on Chinese Windows), with a BOM and headers in Chinese or English. */
#include "club_csv.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

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

void go_csv_club_table(FILE *out, const go_club_table *t)
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

int go_csv_club_export(FILE *out, go_club *club, const char *table)
{
    go_club_table *t = NULL;
    int rc = go_club_export_table(club, &t, table);
    if (rc)
        return rc;
    go_csv_club_table(out, t);
    go_club_table_free(t);
    return ferror(out) ? go_error_set(GO_EIO, "write error") : 0;
}

/* The headers of go_club_sheet_table's tables, one per column in the query's order: English
 * and Chinese, comma-separated. */
static const struct {
    const char *name, *en, *zh;
} headers[] = {
    {"members", "id,number,name,class,contact,rank,joined,status,status since",
     "编号,会员号,姓名,班级,联系方式,段级位,入会日期,状态,状态起始日"},
    {"status_history", "number,name,date,from,to,rule,reason,recorded at",
     "会员号,姓名,日期,原状态,新状态,规则,原因,记录时间"},
    {"dues", "number,name,school year,amount (yuan),paid on", "会员号,姓名,学年,金额(元),缴费日期"},
    {"activities", "date,start,title,cancelled,present", "日期,开始时间,内容,取消,出勤人数"},
    {"checkins", "date,number,name,checked in at,attendance", "日期,会员号,姓名,签到时间,出勤"},
    {"leaves", "number,name,from,to,reason", "会员号,姓名,开始日期,结束日期,原因"},
    {"items", "id,name,kind,board size,count,price (yuan),location,condition,last seen",
     "编号,名称,类别,路数,数量,单价(元),存放位置,状况,最近清点"},
    {"stocktakes", "date,item,expected,counted,difference,note", "日期,物品,应有,实有,差额,备注"},
    {"loans", "loan,item,quantity,number,name,approved by,out,due,returned,condition,charge (yuan)",
     "借用编号,物品,数量,会员号,姓名,批准人,借出日期,应还日期,归还日期,归还状况,赔偿(元)"},
    {"games",
     "game,date,event,round,board,black,black rank,white,white rank,handicap,komi "
     "(stones),winner,by,margin (stones),referee",
     "对局编号,日期,比赛,轮次,台次,黑方,黑方段级位,白方,白方段级位,让子,贴子(子),胜方,方式,"
     "胜负子数,裁判"},
    {"events", "event,name,kind,rounds,cycles,date,boards,players",
     "比赛编号,名称,赛制,轮数,循环数,日期,台数,人数"},
    {"entries", "event,entry,number,name,rank,team,board,withdrew after round",
     "比赛,报名序号,会员号,姓名,段级位,队名,台次,退赛轮次"},
};

int go_csv_club_sheet(FILE *out, go_club *club, const char *table, const char *lang)
{
    bool en = lang && strcmp(lang, "en") == 0;
    if (lang && !en && strcmp(lang, "zh") != 0)
        return go_error_set(GO_EINVAL, "language '%.10s': zh or en", lang);
    go_club_table *t = NULL;
    int rc = go_club_sheet_table(club, &t, table);
    if (rc)
        return rc;
    const char *h = NULL;
    for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++)
        if (strcmp(table, headers[i].name) == 0)
            h = en ? headers[i].en : headers[i].zh;
    assert(h); /* every table go_club_sheet_table knows has its headers here */
    /* The headers replace the query's column names, one per column. */
    for (int c = 0; h && c < t->ncols && *h; c++) {
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
    go_csv_club_table(out, t);
    go_club_table_free(t);
    return ferror(out) ? go_error_set(GO_EIO, "write error") : 0;
}
