/* goref club: the club log from the command line. Parses arguments, calls the club library
 * (one transaction per command), prints plain tables, JSON (--json, via jansson) or HTML.
 * Only translation lives here; the rules of the club are in club/. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "club_csv.h"
#include "club_html.h"
#include "club_specs.h"
#include "club_standings.h"
#include "club_text.h"
#include "commands.h"
#include "go/club.h"
#include "go/club_members.h"
#include "go/club_attendance.h"
#include "go/club_equipment.h"
#include "go/club_games.h"
#include "go/club_events.h"
#include "go/club_export.h"
#include "go/file.h"
#include "go/parse.h"
#include "go/swiss.h"
#include "json_club.h"
#include "json_error.h"
#include "opts.h"

/* Where a command writes its answer. A write command's answer is held in memory until its
 * transaction commits, so nothing reports success for a change that is not stored. */
static FILE *answer_stream;
#define ANSWER (answer_stream ? answer_stream : stdout)

#define MAX_ARGS 64
#define ARG_MAX_BYTES 4096

typedef struct args {
    const char *pos[MAX_ARGS];
    int npos;
    const char *key[MAX_ARGS];
    const char *val[MAX_ARGS];
    int nopt;
    bool json;
    const char *db; /* the database's path */
} args;

static const char *opt(const args *a, const char *name)
{
    for (int i = a->nopt - 1; i >= 0; i--)
        if (strcmp(a->key[i], name) == 0)
            return a->val[i] ? a->val[i] : "1";
    return NULL;
}

static bool flag(const args *a, const char *name)
{
    return opt(a, name) != NULL;
}

static int fail(const args *a, int code)
{
    if (a && a->json) {
        /* The service's shape and names (go_adapters' table): the error's name, the message
         * (the detail when there is one), and the code as `detail` like cli_fail's. */
        const char *detail = go_error_last();
        json_t *e = json_pack("{s:s, s:s, s:i}", "error", go_json_error_name(code), "message",
                              detail && detail[0] ? detail : go_strerror(code), "detail", code);
        char *s = json_dumps(e, JSON_ENSURE_ASCII);
        if (s)
            fprintf(ANSWER, "%s\n", s);
        free(s);
        json_decref(e);
    } else {
        fprintf(stderr, "goref club: %s%s%s\n", go_strerror(code), *go_error_last() ? ": " : "",
                go_error_last());
    }
    return 2;
}

static int usage_error(const args *a, const char *fmt, const char *what)
{
    go_error_set(GO_EINVAL, fmt, what ? what : "");
    return fail(a, GO_EINVAL);
}

/* Copies an argument into a fixed field, refusing what does not fit (never truncates). */
static int copy_field(char *dst, size_t size, const char *src, const char *what)
{
    if (!src) {
        dst[0] = '\0';
        return 0;
    }
    size_t n = strlen(src);
    if (n >= size)
        return go_error_set(GO_EINVAL, "%s is too long (%zu bytes, at most %zu)", what, n,
                            size - 1);
    memcpy(dst, src, n + 1);
    return 0;
}

static int parse_id(int64_t *out, const char *s, const char *what)
{
    *out = 0; /* defined on every path, so callers never read garbage */
    char *end;
    errno = 0;
    long long v = s ? strtoll(s, &end, 10) : 0;
    if (!s || !*s || *end || errno || v <= 0)
        return go_error_set(GO_EINVAL, "%s: '%.40s' is not an id (a positive number)", what,
                            s ? s : "");
    *out = v;
    return 0;
}

static int parse_int(int *out, const char *s, const char *what, int lo, int hi)
{
    *out = 0; /* defined on every path, so callers never read garbage */
    long v = 0;
    if (go_parse_long(&v, s, lo, hi) != 0)
        return go_error_set(GO_EINVAL, "%s: '%.40s' is not a number in %d..%d", what, s ? s : "",
                            lo, hi);
    *out = (int)v;
    return 0;
}

/* "45", "45.5", "45.50" yuan -> fen: decimal digits and at most two after the point (no
 * hexadecimal, exponents, signs or infinities). */
static int parse_money(int64_t *out, const char *s, const char *what)
{
    *out = 0; /* defined on every path, so callers never read garbage */
    int64_t yuan = 0, fen = 0;
    int digits = 0, decimals = -1;
    for (const char *p = s; p && *p; p++) {
        if (*p == '.' && decimals < 0 && digits > 0) {
            decimals = 0;
        } else if (*p >= '0' && *p <= '9' && decimals < 0 && digits < 7) {
            yuan = yuan * 10 + (*p - '0');
            digits++;
        } else if (*p >= '0' && *p <= '9' && decimals >= 0 && decimals < 2) {
            fen = fen * 10 + (*p - '0');
            decimals++;
        } else {
            digits = 0;
            break;
        }
    }
    if (digits == 0 || decimals == 0)
        return go_error_set(GO_EINVAL, "%s: '%.40s' is not an amount (yuan, e.g. 45 or 45.50)",
                            what, s ? s : "");
    if (decimals == 1)
        fen *= 10;
    *out = yuan * 100 + fen;
    return 0;
}

/* A member by id or member number (go_club_member_find). */
static int find_member(go_club *c, int64_t *out, const char *text)
{
    return go_club_member_find(c, out, text);
}

/* 1..7, mon..sun (monday..sunday), 周一..周日 (星期一, 礼拜一; 日 or 天 for Sunday). */
static int parse_weekday(int *out, const char *s)
{
    static const char *const en[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
    static const char *const en_long[] = {"monday", "tuesday",  "wednesday", "thursday",
                                          "friday", "saturday", "sunday"};
    static const char *const zh[] = {"一", "二", "三", "四", "五", "六", "日"};
    *out = 0;
    if (!s)
        return go_error_set(GO_EINVAL, "no weekday given (1..7, mon..sun, 周一..周日)");
    if (s[0] >= '1' && s[0] <= '7' && !s[1]) {
        *out = s[0] - '0';
        return 0;
    }
    char lower[16];
    size_t n = strlen(s);
    for (size_t i = 0; i < n && i < sizeof lower - 1; i++)
        lower[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
    lower[n < sizeof lower - 1 ? n : sizeof lower - 1] = '\0';
    for (int d = 0; d < 7; d++)
        if (strcmp(lower, en[d]) == 0 || strcmp(lower, en_long[d]) == 0) {
            *out = d + 1;
            return 0;
        }
    static const char *const prefixes[] = {"周", "星期", "礼拜"};
    for (int p = 0; p < 3; p++) {
        size_t len = strlen(prefixes[p]);
        if (strncmp(s, prefixes[p], len) != 0)
            continue;
        for (int d = 0; d < 7; d++)
            if (strcmp(s + len, zh[d]) == 0) {
                *out = d + 1;
                return 0;
            }
        if (strcmp(s + len, "天") == 0) {
            *out = 7;
            return 0;
        }
    }
    return go_error_set(GO_EINVAL, "weekday '%.20s': 1..7, mon..sun or 周一..周日", s);
}

/* Stones as a decimal with quarters: "2.75", "3", "0.5" -> quarters. */
static int parse_quarters(int *out, const char *s, const char *what)
{
    *out = 0; /* defined on every path, so callers never read garbage */
    char *end;
    errno = 0;
    double v = s ? strtod(s, &end) : 0;
    if (!s || !*s || *end || errno || v < -100 || v > 625)
        return go_error_set(GO_EINVAL, "%s: '%.40s' is not a number of stones", what, s ? s : "");
    double q = v * 4;
    if (q - (double)(long)q != 0 && q - (double)(long)q != 0.0)
        return go_error_set(GO_EINVAL, "%s: %.40s is not a multiple of 1/4 stone", what, s);
    *out = (int)(q >= 0 ? q + 0.5 : q - 0.5);
    if ((double)*out != q)
        return go_error_set(GO_EINVAL, "%s: %.40s is not a multiple of 1/4 stone", what, s);
    return 0;
}

/* A date (or date and time) after today is refused unless --future: payments, loans, results
 * and check-ins are recorded after they happen. */
static int not_future(const args *a, const char *when, const char *what)
{
    char now[17];
    go_now_minute(now);
    size_t len = when ? strlen(when) : 0;
    if (!when || len < 10 || flag(a, "future"))
        return 0;
    if (strncmp(when, now, len < 16 ? len : 16) <= 0)
        return 0;
    return go_error_set(GO_EINVAL, "%s %.16s is in the future (now %s): --future to record it",
                        what, when, now);
}

/* Lending to or entering a member who is not active: refused, or with --force a warning. */
static int check_active(go_club *c, const args *a, int64_t member, const char *doing)
{
    go_member m;
    int rc = go_club_member_get(c, &m, member);
    if (rc || m.status == GO_MEMBER_ACTIVE)
        return rc;
    if (!flag(a, "force"))
        return go_error_set(GO_ECONFLICT, "%s (member %lld) is %s: --force to %s anyway", m.name,
                            (long long)member, go_member_status_name(m.status), doing);
    fprintf(stderr, "goref club: warning: %s (member %lld) is %s\n", m.name, (long long)member,
            go_member_status_name(m.status));
    return 0;
}

/* A whole file ("-": standard input) of at most cap bytes into *text (caller frees). */
static int read_all(char **text, const char *path, size_t *len, size_t cap)
{
    return go_read_file(text, len, strcmp(path, "-") == 0 ? "/dev/stdin" : path, cap);
}

/* ---- output ---- */

static void print_json(json_t *j)
{
    char *s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    if (s)
        fprintf(ANSWER, "%s\n", s);
    free(s);
    json_decref(j);
}

/* Prints a listing as JSON, HTML (--html FILE) or an aligned text table; frees it. */
static int show_table(const args *a, go_club_table *t, const char *title)
{
    int rc = 0;
    const char *html = opt(a, "html"), *csv = opt(a, "csv");
    if (a->json) {
        print_json(go_json_club_table(t));
    } else if (csv) {
        FILE *f = strcmp(csv, "-") == 0 ? ANSWER : fopen(csv, "w");
        if (!f) {
            go_club_table_free(t);
            go_error_set(GO_EIO, "cannot write %s", csv);
            return fail(a, GO_EIO);
        }
        fputs("\xEF\xBB\xBF", f); /* Excel reads UTF-8 with the BOM */
        go_csv_club_table(f, t);
        if (f != ANSWER && fclose(f) != 0)
            rc = fail(a, go_error_set(GO_EIO, "cannot write %s", csv));
    } else if (html) {
        FILE *f = strcmp(html, "-") == 0 ? ANSWER : fopen(html, "w");
        if (!f) {
            go_club_table_free(t);
            go_error_set(GO_EIO, "cannot write %s", html);
            return fail(a, GO_EIO);
        }
        go_html_club_table(f, t, title, flag(a, "projector"), opt(a, "lang"));
        if (f != ANSWER && fclose(f) != 0)
            rc = fail(a, go_error_set(GO_EIO, "cannot write %s", html));
    } else {
        go_text_club_table(ANSWER, t);
    }
    go_club_table_free(t);
    return rc;
}

/* Takes the address of the table: the listing call fills it while the arguments are
 * evaluated, in an order C leaves unspecified. */
static int listing(const args *a, int rc, go_club_table **t, const char *title)
{
    if (rc)
        return fail(a, rc);
    return show_table(a, *t, title);
}

static void ok(const args *a, const char *what, int64_t id)
{
    if (a->json) {
        json_t *o = json_pack("{s:b, s:s}", "ok", 1, "what", what);
        if (id)
            json_object_set_new(o, "id", json_integer(id));
        print_json(o);
    } else if (id) {
        fprintf(ANSWER, "%s %lld\n", what, (long long)id);
    } else {
        fprintf(ANSWER, "%s\n", what);
    }
}

/* ---- commands: each runs inside one transaction when it writes ---- */

static int member_fill(const args *a, go_member *m)
{
    int rc = 0;
    const char *v;
    if ((v = opt(a, "name")) && (rc = copy_field(m->name, sizeof m->name, v, "name")))
        return rc;
    if ((v = opt(a, "number")) &&
        (rc = copy_field(m->number, sizeof m->number, v, "member number")))
        return rc;
    if ((v = opt(a, "class")) && (rc = copy_field(m->grade, sizeof m->grade, v, "class")))
        return rc;
    if ((v = opt(a, "contact")) && (rc = copy_field(m->contact, sizeof m->contact, v, "contact")))
        return rc;
    if ((v = opt(a, "joined")) &&
        (rc = copy_field(m->join_date, sizeof m->join_date, v, "join date")))
        return rc;
    if ((v = opt(a, "rank")) && (rc = go_rank_parse(&m->rank, v)))
        return rc;
    return 0;
}

/* A member leaving (or withdrawn, revoked) who still holds equipment: say what. */
static void warn_open_loans(go_club *c, int64_t member)
{
    go_member m;
    go_club_table *t = NULL;
    if (go_club_member_get(c, &m, member) != 0 || m.status == GO_MEMBER_ACTIVE ||
        go_club_loan_list(c, &t, true) != 0)
        return;
    for (int r = 0; r < t->nrows; r++)
        for (int k = 0; k < t->ncols; k++)
            if (strcmp(t->names[k], "member") == 0 && go_club_cell(t, r, k) &&
                strtoll(go_club_cell(t, r, k), NULL, 10) == member)
                fprintf(stderr, "goref club: warning: %s still holds loan %s\n", m.name,
                        go_club_cell(t, r, 0));
    go_club_table_free(t);
}

static int cmd_member(go_club *c, const args *a)
{
    const char *verb = a->npos > 1 ? a->pos[1] : "";
    int rc;
    if (strcmp(verb, "add") == 0) {
        go_member m = {0};
        go_today(m.join_date);
        if ((rc = member_fill(a, &m)) || (rc = go_club_member_add(c, &m)))
            return fail(a, rc);
        ok(a, "member", m.id);
        return 0;
    }
    if (strcmp(verb, "import") == 0) {
        size_t len = 0;
        char *text = NULL;
        if ((rc = read_all(&text, a->pos[2], &len, 16u << 20)))
            return fail(a, rc);
        int added = 0;
        char *report = NULL;
        bool dry = flag(a, "dry-run");
        rc = go_club_member_import(c, &added, &report, text, len, dry);
        free(text);
        if (rc) {
            if (report && !a->json)
                fprintf(stderr, "%s", report);
            if (report && a->json)
                go_error_set(rc, "%s", report); /* the lines, in the JSON error's message */
            free(report);
            return fail(a, rc);
        }
        free(report);
        if (a->json)
            print_json(json_pack("{s:b, s:i, s:b}", "ok", 1, "added", added, "dry_run", dry));
        else
            fprintf(ANSWER, "%d member%s %s\n", added, added == 1 ? "" : "s",
                    dry ? "would be added (dry run: nothing written)" : "added");
        return 0;
    }
    if (strcmp(verb, "list") == 0) {
        int status = -1;
        go_club_table *t = NULL;
        if (opt(a, "status")) {
            go_member_status s;
            if ((rc = go_member_status_parse(&s, opt(a, "status"))))
                return fail(a, rc);
            status = (int)s;
        }
        return listing(a, go_club_member_list(c, &t, status), &t, "Members");
    }
    int64_t id = 0;
    if ((rc = find_member(c, &id, a->npos > 2 ? a->pos[2] : NULL)))
        return fail(a, rc);
    if (strcmp(verb, "show") == 0) {
        go_member m;
        go_club_table *h = NULL, *d = NULL;
        if ((rc = go_club_member_get(c, &m, id)) || (rc = go_club_member_history(c, &h, id)) ||
            (rc = go_club_dues_list(c, &d, id, false))) {
            go_club_table_free(h);
            return fail(a, rc);
        }
        char rank[16];
        go_rank_format(rank, m.rank);
        if (a->json) {
            json_t *o = json_pack("{s:I, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:b}", "id",
                                  (json_int_t)m.id, "number", m.number, "name", m.name, "class",
                                  m.grade, "contact", m.contact, "rank", rank, "joined",
                                  m.join_date, "status", go_member_status_name(m.status),
                                  "rank_certificate", go_rank_has_certificate(m.rank));
            json_object_set_new(o, "history", go_json_club_table(h));
            json_object_set_new(o, "dues", go_json_club_table(d));
            print_json(o);
        } else {
            fprintf(ANSWER,
                    "member %lld  %s  (number %s)\nclass:   %s\ncontact: %s\nrank:    %s\n"
                    "joined:  %s\nstatus:  %s\n\nhistory:\n",
                    (long long)m.id, m.name, m.number, m.grade, m.contact, rank, m.join_date,
                    go_member_status_name(m.status));
            go_text_club_table(ANSWER, h);
            fprintf(ANSWER, "\ndues:\n");
            go_text_club_table(ANSWER, d);
        }
        go_club_table_free(h);
        go_club_table_free(d);
        return 0;
    }
    if (strcmp(verb, "history") == 0) {
        go_club_table *t = NULL;
        return listing(a, go_club_member_history(c, &t, id), &t, "Status history");
    }
    if (strcmp(verb, "edit") == 0) {
        go_member m;
        if ((rc = go_club_member_get(c, &m, id)) || (rc = member_fill(a, &m)) ||
            (rc = go_club_member_edit(c, &m)))
            return fail(a, rc);
        ok(a, "member", m.id);
        return 0;
    }
    if (strcmp(verb, "status") == 0) {
        go_member_status s;
        char date[11];
        go_today(date);
        if ((rc = go_member_status_parse(&s, a->npos > 3 ? a->pos[3] : NULL)) ||
            (rc = go_club_member_set_status(c, id, s, opt(a, "date") ? opt(a, "date") : date, NULL,
                                            opt(a, "reason"))))
            return fail(a, rc);
        warn_open_loans(c, id);
        ok(a, "status", id);
        return 0;
    }
    return usage_error(
        a, "member: add | list | show ID | history ID | edit ID | status ID STATUS --reason R%s",
        "");
}

static int cmd_dues(go_club *c, const args *a)
{
    const char *verb = a->npos > 1 ? a->pos[1] : "";
    int rc;
    if (strcmp(verb, "set") == 0) {
        int64_t id, amount;
        if ((rc = find_member(c, &id, a->npos > 2 ? a->pos[2] : NULL)) ||
            (rc = parse_money(&amount, a->npos > 4 ? a->pos[4] : NULL, "amount")) ||
            (rc = not_future(a, opt(a, "paid"), "paid on")) ||
            (rc = go_club_dues_set(c, id, a->npos > 3 ? a->pos[3] : NULL, amount, opt(a, "paid"))))
            return fail(a, rc);
        ok(a, "dues", id);
        return 0;
    }
    if (strcmp(verb, "delete") == 0) {
        int64_t id = 0;
        if ((rc = find_member(c, &id, a->pos[2])) || (rc = go_club_dues_delete(c, id, a->pos[3])))
            return fail(a, rc);
        ok(a, "dues deleted", id);
        return 0;
    }
    if (strcmp(verb, "totals") == 0) {
        go_club_table *t = NULL;
        return listing(a, go_club_dues_totals(c, &t), &t, "Dues per school year");
    }
    if (strcmp(verb, "list") == 0 || strcmp(verb, "remind") == 0) {
        int64_t id = 0;
        if (opt(a, "member") && (rc = find_member(c, &id, opt(a, "member"))))
            return fail(a, rc);
        go_club_table *t = NULL;
        if (flag(a, "unpaid") || strcmp(verb, "remind") == 0) {
            char year[10];
            if (opt(a, "year")) {
                snprintf(year, sizeof year, "%.9s", opt(a, "year"));
            } else {
                /* the school year runs from September */
                char d[11];
                go_today(d);
                int y = (int)strtol(d, NULL, 10), mo = (int)strtol(d + 5, NULL, 10);
                snprintf(year, sizeof year, "%04d-%04d", mo >= 9 ? y : y - 1, mo >= 9 ? y + 1 : y);
            }
            if ((rc = go_club_dues_unpaid(c, &t, year)))
                return fail(a, rc);
            if (id > 0) /* one member's row */
                for (int r = 0; r < t->nrows; r++)
                    if (strtoll(go_club_cell(t, r, 0), NULL, 10) != id) {
                        for (int k = 0; k < t->ncols; k++)
                            free(t->cells[(size_t)r * (size_t)t->ncols + (size_t)k]);
                        memmove(&t->cells[(size_t)r * (size_t)t->ncols],
                                &t->cells[(size_t)(r + 1) * (size_t)t->ncols],
                                (size_t)(t->nrows - r - 1) * (size_t)t->ncols * sizeof *t->cells);
                        t->nrows--;
                        r--;
                    }
            return show_table(a, t,
                              strcmp(verb, "remind") == 0 ? "Dues reminder" : "Dues not paid");
        }
        if (opt(a, "year"))
            return usage_error(a, "--year goes with --unpaid%s", "");
        return listing(a, go_club_dues_list(c, &t, id, false), &t, "Dues");
    }
    return usage_error(a, "dues: set MEMBER YEAR AMOUNT [--paid DATE] | list [--unpaid]%s", "");
}

static int cmd_schedule(go_club *c, const args *a)
{
    const char *verb = a->npos > 1 ? a->pos[1] : "";
    int rc, wd;
    char date[11];
    go_today(date);
    if (strcmp(verb, "set") == 0) {
        if ((rc = parse_weekday(&wd, a->npos > 2 ? a->pos[2] : NULL)) ||
            (rc = go_club_schedule_set(c, wd, a->npos > 3 ? a->pos[3] : NULL,
                                       opt(a, "from") ? opt(a, "from") : date)))
            return fail(a, rc);
        ok(a, "schedule", 0);
        return 0;
    }
    if (strcmp(verb, "generate") == 0) {
        int n = 0;
        if ((rc = go_club_schedule_generate(c, &n, a->npos > 2 ? a->pos[2] : NULL,
                                            a->npos > 3 ? a->pos[3] : NULL)))
            return fail(a, rc);
        if (a->json)
            print_json(json_pack("{s:i}", "created", n));
        else
            fprintf(ANSWER, "%d activities created\n", n);
        return 0;
    }
    return usage_error(a, "schedule: set WEEKDAY HH:MM [--from DATE] | generate FROM TO%s", "");
}

static int cmd_activity(go_club *c, const args *a)
{
    const char *verb = a->npos > 1 ? a->pos[1] : "";
    int rc;
    if (strcmp(verb, "add") == 0) {
        int64_t id = 0;
        if ((rc = go_club_activity_add(c, &id, a->npos > 2 ? a->pos[2] : NULL, opt(a, "title"))))
            return fail(a, rc);
        ok(a, "activity", id);
        return 0;
    }
    if (strcmp(verb, "cancel") == 0) {
        if ((rc = go_club_activity_cancel(c, a->npos > 2 ? a->pos[2] : NULL)))
            return fail(a, rc);
        ok(a, "cancelled", 0);
        return 0;
    }
    if (strcmp(verb, "move") == 0) {
        if ((rc = go_club_activity_move(c, a->pos[2], a->pos[3])))
            return fail(a, rc);
        ok(a, "moved", 0);
        return 0;
    }
    if (strcmp(verb, "restore") == 0) {
        if ((rc = go_club_activity_restore(c, a->pos[2])))
            return fail(a, rc);
        ok(a, "restored", 0);
        return 0;
    }
    if (strcmp(verb, "list") == 0) {
        go_club_table *t = NULL;
        return listing(a, go_club_activity_list(c, &t, opt(a, "from"), opt(a, "to")), &t,
                       "Activities");
    }
    return usage_error(a, "activity: add DATE'T'HH:MM [--title T] | cancel DATE | list%s", "");
}

static int cmd_checkin(go_club *c, const args *a)
{
    int rc;
    if (a->npos > 1 && strcmp(a->pos[1], "delete") == 0) {
        int64_t id = 0;
        if ((rc = find_member(c, &id, a->pos[2])) ||
            (rc = go_club_checkin_delete(c, id, a->pos[3])))
            return fail(a, rc);
        ok(a, "check-in deleted", id);
        return 0;
    }
    if (a->npos > 1 && strcmp(a->pos[1], "list") == 0) {
        int64_t id = 0;
        if (opt(a, "member") && (rc = find_member(c, &id, opt(a, "member"))))
            return fail(a, rc);
        go_club_table *t = NULL;
        return listing(a, go_club_checkin_list(c, &t, id, opt(a, "from"), opt(a, "to")), &t,
                       "Check-ins");
    }
    int64_t id;
    char at[17];
    go_now_minute(at);
    bool half = false;
    if ((rc = find_member(c, &id, a->npos > 1 ? a->pos[1] : NULL)) ||
        (rc = not_future(a, opt(a, "at"), "check-in at")) ||
        (rc = go_club_checkin(c, &half, id, opt(a, "at") ? opt(a, "at") : at)))
        return fail(a, rc);
    if (a->json)
        print_json(json_pack("{s:b, s:I, s:s}", "ok", 1, "member", (json_int_t)id, "attendance",
                             half ? "half" : "full"));
    else
        fprintf(ANSWER, "checked in member %lld (%s attendance)\n", (long long)id,
                half ? "half: 30+ min late" : "full");
    return 0;
}

static int on_off(bool *out, const char *s)
{
    if (!s)
        return 0;
    if (strcmp(s, "on") == 0 || strcmp(s, "1") == 0)
        *out = true;
    else if (strcmp(s, "off") == 0 || strcmp(s, "0") == 0)
        *out = false;
    else
        return go_error_set(GO_EINVAL, "'%.20s': use on or off", s);
    return 0;
}

static int cmd_rules(go_club *c, const args *a)
{
    const char *verb = a->npos > 1 ? a->pos[1] : "";
    int rc;
    go_club_rules r;
    go_club_rules_get(c, &r);
    if (strcmp(verb, "show") == 0 || strcmp(verb, "set") == 0) {
        if (strcmp(verb, "set") == 0) {
            if ((rc = on_off(&r.withdraw_enabled, opt(a, "withdraw"))) ||
                (rc = on_off(&r.revoke_enabled, opt(a, "revoke"))) ||
                (rc = on_off(&r.reward_enabled, opt(a, "reward"))) ||
                (opt(a, "withdraw-weeks") &&
                 (rc = parse_int(&r.withdraw_weeks, opt(a, "withdraw-weeks"), "withdraw-weeks", 1,
                                 52))) ||
                (opt(a, "revoke-missed") &&
                 (rc = parse_int(&r.revoke_missed, opt(a, "revoke-missed"), "revoke-missed", 1,
                                 1000))) ||
                (opt(a, "late-minutes") && (rc = parse_int(&r.late_minutes, opt(a, "late-minutes"),
                                                           "late-minutes", 1, 600))) ||
                (rc = go_club_rules_set(c, &r)))
                return fail(a, rc);
        }
        if (a->json)
            print_json(json_pack("{s:b, s:i, s:b, s:i, s:i, s:b}", "withdraw", r.withdraw_enabled,
                                 "withdraw_weeks", r.withdraw_weeks, "revoke", r.revoke_enabled,
                                 "revoke_missed", r.revoke_missed, "late_minutes", r.late_minutes,
                                 "reward", r.reward_enabled));
        else
            fprintf(ANSWER,
                    "withdraw after %d weeks without check-in: %s\nrevoke after %d missed"
                    " activities: %s\nlate (half attendance) from %d minutes\nfull attendance"
                    " reward list: %s\n",
                    r.withdraw_weeks, r.withdraw_enabled ? "on" : "off", r.revoke_missed,
                    r.revoke_enabled ? "on" : "off", r.late_minutes,
                    r.reward_enabled ? "on" : "off");
        return 0;
    }
    if (strcmp(verb, "apply") == 0) {
        char date[17];
        go_now_minute(date); /* an activity later today is not missed yet */
        go_rule_change *chg = NULL;
        size_t n = 0;
        bool dry = flag(a, "dry-run");
        if ((rc = go_club_rules_apply(c, &chg, &n, opt(a, "as-of") ? opt(a, "as-of") : date, dry)))
            return fail(a, rc);
        if (a->json) {
            json_t *arr = json_array();
            for (size_t i = 0; i < n; i++)
                json_array_append_new(
                    arr, json_pack("{s:I, s:s, s:s, s:s, s:s, s:s, s:s}", "member",
                                   (json_int_t)chg[i].member, "name", chg[i].name, "from",
                                   go_member_status_name(chg[i].from), "to",
                                   go_member_status_name(chg[i].to), "rule", chg[i].rule, "date",
                                   chg[i].date, "reason", chg[i].reason));
            print_json(arr);
        } else {
            for (size_t i = 0; i < n; i++)
                fprintf(ANSWER, "%s member %lld %s: %s -> %s on %s (%s): %s\n",
                        dry ? "would change" : "changed", (long long)chg[i].member, chg[i].name,
                        go_member_status_name(chg[i].from), go_member_status_name(chg[i].to),
                        chg[i].date, chg[i].rule, chg[i].reason);
            fprintf(ANSWER, "%zu change%s%s\n", n, n == 1 ? "" : "s",
                    dry ? " (dry run: nothing written)" : "");
            /* A member who came back after the as-of day should not be withdrawn unseen. */
            const char *as_of = opt(a, "as-of") ? opt(a, "as-of") : date;
            for (size_t i = 0; i < n; i++) {
                go_club_table *t = NULL;
                if (go_club_checkin_list(c, &t, chg[i].member, NULL, NULL) != 0)
                    continue;
                for (int k = t->nrows - 1; k >= 0; k--)
                    if (strncmp(go_club_cell(t, k, 2), as_of, 10) > 0) {
                        fprintf(stderr,
                                "goref club: warning: %s (member %lld) checked in on %s, after"
                                " %.10s\n",
                                chg[i].name, (long long)chg[i].member, go_club_cell(t, k, 2),
                                as_of);
                        break;
                    }
                go_club_table_free(t);
            }
            if (r.reward_enabled) {
                /* 出勤率100%以及无迟到: the school year so far (from 1 September). */
                const char *as_of = opt(a, "as-of") ? opt(a, "as-of") : date;
                char from[11];
                int year = (int)strtol(as_of, NULL, 10), month = (int)strtol(as_of + 5, NULL, 10);
                snprintf(from, sizeof from, "%04d-09-01", month >= 9 ? year : year - 1);
                go_club_table *t = NULL;
                if (go_club_rules_reward(c, &t, from, as_of) == 0) {
                    fprintf(ANSWER,
                            "full attendance since %s, never late (reward list): %d member%s\n",
                            from, t->nrows, t->nrows == 1 ? "" : "s");
                    for (int k = 0; k < t->nrows; k++)
                        fprintf(ANSWER, "  %s %s\n", go_club_cell(t, k, 0), go_club_cell(t, k, 1));
                    go_club_table_free(t);
                }
            }
        }
        free(chg);
        return 0;
    }
    if (strcmp(verb, "reward") == 0) {
        go_club_table *t = NULL;
        return listing(a, go_club_rules_reward(c, &t, opt(a, "from"), opt(a, "to")), &t,
                       "Full attendance (reward)");
    }
    return usage_error(a,
                       "rules: show | set [--withdraw-weeks N ...] | apply --as-of DATE "
                       "[--dry-run] | reward --from D --to D%s",
                       "");
}

static int cmd_item(go_club *c, const args *a)
{
    const char *verb = a->npos > 1 ? a->pos[1] : "";
    int rc;
    if (strcmp(verb, "add") == 0) {
        go_item it = {0};
        it.count = 1;
        if ((rc = copy_field(it.name, sizeof it.name, opt(a, "name"), "name")) ||
            (rc = copy_field(it.kind, sizeof it.kind, opt(a, "kind") ? opt(a, "kind") : "other",
                             "kind")) ||
            (rc = copy_field(it.location, sizeof it.location, opt(a, "location"), "location")) ||
            (rc =
                 copy_field(it.condition, sizeof it.condition, opt(a, "condition"), "condition")) ||
            (opt(a, "size") && (rc = parse_int(&it.board_size, opt(a, "size"), "size", 0, 25))) ||
            (opt(a, "count") && (rc = parse_int(&it.count, opt(a, "count"), "count", 0, 100000))) ||
            (opt(a, "price") && (rc = parse_money(&it.price_fen, opt(a, "price"), "price"))) ||
            (rc = go_club_item_add(c, &it)))
            return fail(a, rc);
        ok(a, "item", it.id);
        return 0;
    }
    if (strcmp(verb, "list") == 0) {
        go_club_table *t = NULL;
        return listing(a, go_club_item_list(c, &t), &t, "Equipment");
    }
    return usage_error(a,
                       "item: add --name N --kind board|stones|clock|book|other [--size 19] "
                       "[--count N] [--price Y] | list%s",
                       "");
}

static int cmd_stocktake(go_club *c, const args *a)
{
    int rc;
    if (a->npos > 1 && strcmp(a->pos[1], "report") == 0) {
        go_club_table *t = NULL;
        return listing(a, go_club_stocktake_report(c, &t), &t, "Stock-taking");
    }
    int64_t item;
    int counted;
    char date[11];
    go_today(date);
    if ((rc = parse_id(&item, a->npos > 1 ? a->pos[1] : NULL, "item")) ||
        (rc = parse_int(&counted, a->npos > 2 ? a->pos[2] : NULL, "counted", 0, 100000)) ||
        (rc = go_club_stocktake(c, item, counted, opt(a, "date") ? opt(a, "date") : date,
                                opt(a, "note"))))
        return fail(a, rc);
    ok(a, "counted", item);
    return 0;
}

static int cmd_loan(go_club *c, const args *a)
{
    const char *verb = a->npos > 1 ? a->pos[1] : "";
    int rc;
    char date[11];
    go_today(date);
    if (strcmp(verb, "out") == 0) {
        int64_t item, member, id = 0;
        int qty = 1;
        if ((rc = parse_id(&item, a->npos > 2 ? a->pos[2] : NULL, "item")) ||
            (rc = find_member(c, &member, a->npos > 3 ? a->pos[3] : NULL)) ||
            (opt(a, "quantity") &&
             (rc = parse_int(&qty, opt(a, "quantity"), "quantity", 1, 1000))) ||
            (rc = not_future(a, opt(a, "date"), "loan date")) ||
            (rc = check_active(c, a, member, "lend")) ||
            (rc = go_club_loan_out(c, &id, item, qty, member, opt(a, "approver"),
                                   opt(a, "date") ? opt(a, "date") : date, opt(a, "due"))))
            return fail(a, rc);
        ok(a, "loan", id);
        return 0;
    }
    if (strcmp(verb, "paid") == 0) {
        int64_t loan;
        if ((rc = parse_id(&loan, a->pos[2], "loan")) ||
            (rc = not_future(a, opt(a, "date"), "paid on")) ||
            (rc = go_club_loan_charge_paid(c, loan, opt(a, "date") ? opt(a, "date") : date)))
            return fail(a, rc);
        ok(a, "compensation paid", loan);
        return 0;
    }
    if (strcmp(verb, "owed") == 0) {
        go_club_table *t = NULL;
        return listing(a, go_club_loan_owed(c, &t), &t, "Compensation owed");
    }
    if (strcmp(verb, "return") == 0) {
        int64_t loan, charge = 0, part = 0;
        int qty = 0;
        if ((rc = parse_id(&loan, a->npos > 2 ? a->pos[2] : NULL, "loan")) ||
            (opt(a, "quantity") && (rc = parse_int(&qty, opt(a, "quantity"), "quantity", 1, 1000))))
            return fail(a, rc);
        if (qty)
            rc = go_club_loan_return_part(c, &charge, &part, loan, qty,
                                          opt(a, "condition") ? opt(a, "condition") : "good",
                                          opt(a, "date") ? opt(a, "date") : date);
        else
            rc = go_club_loan_return(c, &charge, loan,
                                     opt(a, "condition") ? opt(a, "condition") : "good",
                                     opt(a, "date") ? opt(a, "date") : date);
        if (rc)
            return fail(a, rc);
        if (part && part != loan && !a->json)
            fprintf(ANSWER, "%d returned as loan %lld; the rest stays out as loan %lld\n", qty,
                    (long long)part, (long long)loan);
        if (a->json)
            print_json(json_pack("{s:b, s:I, s:f}", "ok", 1, "loan", (json_int_t)loan, "charge",
                                 charge / 100.0));
        else if (charge)
            fprintf(ANSWER, "returned loan %lld; to pay: %lld.%02lld yuan\n", (long long)loan,
                    (long long)(charge / 100), (long long)(charge % 100));
        else
            fprintf(ANSWER, "returned loan %lld\n", (long long)loan);
        return 0;
    }
    if (strcmp(verb, "delete") == 0) {
        int64_t loan;
        if ((rc = parse_id(&loan, a->pos[2], "loan")) || (rc = go_club_loan_delete(c, loan)))
            return fail(a, rc);
        ok(a, "loan deleted", loan);
        return 0;
    }
    go_club_table *t = NULL;
    if (strcmp(verb, "list") == 0)
        return listing(a, go_club_loan_list(c, &t, flag(a, "open")), &t, "Loans");
    if (strcmp(verb, "overdue") == 0)
        return listing(a, go_club_loan_overdue(c, &t, opt(a, "as-of") ? opt(a, "as-of") : date), &t,
                       "Overdue loans");
    return usage_error(a,
                       "loan: out ITEM MEMBER --approver NAME [--due DATE] | return LOAN "
                       "[--condition good|worn|damaged|lost] | list [--open] | overdue%s",
                       "");
}

/* Fills winner/by/margin from the JSON that `goref count --json` / `score --json` prints. */
/* The winner, margin, komi, finished flag and dead stones of a saved `goref count --json`. */
static int result_from_count(go_game_record *r, const char *text)
{
    json_error_t err;
    json_t *j = json_loads(text, 0, &err);
    if (!j)
        return go_error_set(GO_EPARSE, "count JSON line %d: %s", err.line, err.text);
    int rc = go_json_count_result(r, j);
    json_decref(j);
    if (!rc && !r->winner)
        rc = go_error_set(GO_EPARSE, "count JSON has no \"winner\"");
    return rc;
}

/* A result corrected after later rounds were paired: those pairings stand; say which. */
static void warn_later_rounds(go_club *c, int64_t event, int round)
{
    go_club_table *t = NULL;
    if (go_club_event_list(c, &t) != 0)
        return;
    for (int r = 0; r < t->nrows; r++) {
        const char *paired = go_club_cell(t, r, 7);
        if (strtoll(go_club_cell(t, r, 0), NULL, 10) != event || !paired)
            continue;
        int last = (int)strtol(paired, NULL, 10);
        char rounds[48];
        if (last == round + 1)
            snprintf(rounds, sizeof rounds, "round %d", last);
        else
            snprintf(rounds, sizeof rounds, "rounds %d..%d", round + 1, last);
        if (last > round)
            fprintf(stderr,
                    "goref club: warning: %s of %s %s paired before this correction; their"
                    " pairings stand\n",
                    rounds, go_club_cell(t, r, 1), last == round + 1 ? "was" : "were");
    }
    go_club_table_free(t);
}

static int cmd_result(go_club *c, const args *a)
{
    const char *verb = a->npos > 1 ? a->pos[1] : "";
    if (strcmp(verb, "add") != 0)
        return usage_error(a,
                           "result add --black M --white M --winner B|W|draw --by "
                           "count|resign|time|forfeit [--margin 2.75] | --count-json FILE%s",
                           "");
    go_game_record r = GO_GAME_RECORD_INIT;
    int rc = 0;
    char *count = NULL, *position = NULL, *photo = NULL;
    const char *v;
    go_today(r.date);
    if ((v = opt(a, "game")) && (rc = parse_id(&r.id, v, "game")))
        goto done;
    if ((v = opt(a, "black")) && (rc = find_member(c, &r.black, v)))
        goto done;
    if ((v = opt(a, "white")) && (rc = find_member(c, &r.white, v)))
        goto done;
    if (!r.id && (!r.black || !r.white)) {
        rc = go_error_set(GO_EINVAL, "give --black and --white (member ids), or --game ID");
        goto done;
    }
    if ((v = opt(a, "date")) && (rc = copy_field(r.date, sizeof r.date, v, "date")))
        goto done;
    if (!opt(a, "date") && r.id)
        r.date[0] = '\0'; /* keep the date of the pairing */
    if ((v = opt(a, "handicap")) && (rc = parse_int(&r.handicap, v, "handicap", 0, 9)))
        goto done;
    if ((v = opt(a, "komi")) && (rc = parse_quarters(&r.komi_quarters, v, "komi")))
        goto done;
    if ((v = opt(a, "rules")) && (rc = copy_field(r.rules, sizeof r.rules, v, "rules")))
        goto done;
    if ((v = opt(a, "referee")) && (rc = copy_field(r.referee, sizeof r.referee, v, "referee")))
        goto done;
    if ((v = opt(a, "warnings-black")) && (rc = parse_int(&r.warnings_black, v, "warnings", 0, 9)))
        goto done;
    if ((v = opt(a, "warnings-white")) && (rc = parse_int(&r.warnings_white, v, "warnings", 0, 9)))
        goto done;
    if ((v = opt(a, "count-json"))) {
        size_t len;
        if ((rc = read_all(&count, v, &len, 1 << 20)))
            goto done;
        if ((rc = result_from_count(&r, count)))
            goto done;
        r.count_json = count;
    }
    if ((v = opt(a, "winner"))) {
        if (strcmp(v, "B") == 0 || strcmp(v, "W") == 0)
            r.winner = v[0];
        else if (strcmp(v, "draw") == 0 || strcmp(v, "D") == 0)
            r.winner = 'D';
        else if (strcmp(v, "none") == 0 || strcmp(v, "N") == 0)
            r.winner = 'N'; /* Article 23.2: both absent, both lose */
        else {
            rc = go_error_set(GO_EINVAL, "--winner: B, W, draw or none, not '%.10s'", v);
            goto done;
        }
        if (r.winner == 'N' && !opt(a, "by"))
            r.by = GO_BY_FORFEIT;
        if (r.winner == 'D' && !opt(a, "by"))
            r.by = GO_BY_DRAW;
    }
    if ((v = opt(a, "by")) && (rc = go_result_by_parse(&r.by, v)))
        goto done;
    if (r.by == GO_BY_PENDING && !opt(a, "count-json")) {
        rc = go_error_set(GO_EINVAL, "say how the game ended: --by count|resign|time|forfeit|draw");
        goto done;
    }
    if ((v = opt(a, "margin")) && (rc = parse_quarters(&r.margin_quarters, v, "margin")))
        goto done;
    int size = 19;
    if ((v = opt(a, "size")) && (rc = parse_int(&size, v, "size", 2, 25)))
        goto done;
    if (opt(a, "margin") && (r.margin_quarters <= 0 || r.margin_quarters > 4 * size * size)) {
        /* a count's margin is at most the whole board */
        rc = go_error_set(GO_EINVAL,
                          "--margin %s: a win by count is more than 0 and at most %d"
                          " stones on a %dx%d board",
                          opt(a, "margin"), size * size, size, size);
        goto done;
    }
    if ((rc = not_future(a, opt(a, "date"), "game date")))
        goto done;
    if ((v = opt(a, "dead")) && !r.dead)
        r.dead = (char *)v;
    if ((v = opt(a, "position"))) {
        size_t len;
        if ((rc = read_all(&position, v, &len, 65536)))
            goto done;
        r.position = position;
    }
    if ((v = opt(a, "photo"))) {
        size_t len;
        if ((rc = read_all(&photo, v, &len, 64u << 20)))
            goto done;
        go_sha256_hex(r.photo_sha256, photo, len);
    } else if ((v = opt(a, "photo-sha256")) &&
               (rc = copy_field(r.photo_sha256, sizeof r.photo_sha256, v, "photo SHA-256"))) {
        goto done;
    }
    rc = go_club_result_add(c, &r);
    if (rc == 0 && opt(a, "reason") && r.event > 0)
        warn_later_rounds(c, r.event, r.round);
done:
    if (r.dead && r.dead != opt(a, "dead"))
        free(r.dead);
    free(count);
    free(position);
    free(photo);
    if (rc)
        return fail(a, rc);
    if (a->json) {
        char w[2] = {r.winner, 0};
        print_json(json_pack("{s:b, s:I, s:s, s:s, s:f}", "ok", 1, "game", (json_int_t)r.id,
                             "winner", w, "by", go_result_by_name(r.by), "margin_stones",
                             r.margin_quarters / 4.0));
    } else {
        fprintf(ANSWER, "game %lld: %s", (long long)r.id,
                r.winner == 'D'   ? "draw"
                : r.winner == 'N' ? "both lose"
                : r.winner == 'B' ? "Black wins"
                                  : "White wins");
        if (r.by == GO_BY_COUNT)
            fprintf(ANSWER, " by %g stones", r.margin_quarters / 4.0);
        else if (r.winner != 'D')
            fprintf(ANSWER, " (%s)", go_result_by_name(r.by));
        if (r.by == GO_BY_WARNINGS)
            fprintf(ANSWER, ": two warnings lose the game (Article 25)");
        fprintf(ANSWER, "\n");
    }
    return 0;
}

static int cmd_game(go_club *c, const args *a)
{
    int64_t member = 0, event = 0;
    int rc;
    if ((opt(a, "member") && (rc = find_member(c, &member, opt(a, "member")))) ||
        (opt(a, "event") && (rc = parse_id(&event, opt(a, "event"), "event"))))
        return fail(a, rc);
    go_club_table *t = NULL;
    return listing(a, go_club_game_list(c, &t, member, event), &t, "Games");
}

/* "<event name> - what" for the heading of a printed page. */
static void event_title(go_club *c, char *out, size_t size, int64_t ev, const char *what)
{
    go_club_table *t = NULL;
    snprintf(out, size, "%s", what);
    if (go_club_event_list(c, &t) != 0)
        return;
    for (int r = 0; r < t->nrows; r++)
        if (strtoll(go_club_cell(t, r, 0), NULL, 10) == ev)
            snprintf(out, size, "%s - %s", go_club_cell(t, r, 1), what);
    go_club_table_free(t);
}

/* The kind of an event (round robin when it cannot be read: the listing then says why). */
static go_event_kind event_kind(go_club *c, int64_t ev)
{
    go_event_kind kind = GO_EVENT_ROUND_ROBIN;
    go_club_table *t = NULL;
    if (go_club_event_list(c, &t) != 0)
        return kind;
    for (int r = 0; r < t->nrows; r++)
        if (strtoll(go_club_cell(t, r, 0), NULL, 10) == ev)
            go_event_kind_parse(&kind, go_club_cell(t, r, 2));
    go_club_table_free(t);
    return kind;
}

static int cmd_event(go_club *c, const args *a)
{
    const char *verb = a->npos > 1 ? a->pos[1] : "";
    int rc;
    if (strcmp(verb, "add") == 0) {
        go_event_kind kind;
        int rounds = 0, boards = 0;
        int64_t id = 0;
        if ((rc = go_event_kind_parse(&kind, opt(a, "kind") ? opt(a, "kind") : "swiss")) ||
            (opt(a, "rounds") && (rc = parse_int(&rounds, opt(a, "rounds"), "rounds", 0, 1000))) ||
            (opt(a, "boards") && (rc = parse_int(&boards, opt(a, "boards"), "boards", 0, 10))) ||
            (rc = go_club_event_add(c, &id, a->npos > 2 ? a->pos[2] : NULL, kind, rounds,
                                    opt(a, "date"), boards)))
            return fail(a, rc);
        if (opt(a, "cycles")) {
            int cycles = 0;
            if (kind != GO_EVENT_ROUND_ROBIN && kind != GO_EVENT_TEAM)
                return usage_error(a, "--cycles is for round robins (roundrobin, team)%s", "");
            if ((rc = parse_int(&cycles, opt(a, "cycles"), "cycles", 1, 2)) ||
                (rc = go_club_event_set_cycles(c, id, cycles)))
                return fail(a, rc);
        }
        if (opt(a, "draw") && (rc = go_club_event_set_draw(c, id, opt(a, "draw")[0])))
            return fail(a, rc);
        if (opt(a, "draw") && opt(a, "draw")[1])
            return usage_error(a, "--draw: B or W, not '%.10s'", opt(a, "draw"));
        ok(a, "event", id);
        return 0;
    }
    if (strcmp(verb, "list") == 0) {
        go_club_table *t = NULL;
        return listing(a, go_club_event_list(c, &t), &t, "Events");
    }
    int64_t ev;
    if ((rc = parse_id(&ev, a->npos > 2 ? a->pos[2] : NULL, "event")))
        return fail(a, rc);
    if (strcmp(verb, "enter") == 0) {
        int board = 0;
        if (opt(a, "board") && (rc = parse_int(&board, opt(a, "board"), "board", 1, 10)))
            return fail(a, rc);
        if (a->npos < 4)
            return usage_error(a, "event enter EVENT MEMBER... [--team NAME --board N]%s", "");
        for (int i = 3; i < a->npos; i++) {
            int64_t m;
            if ((rc = find_member(c, &m, a->pos[i])) || (rc = check_active(c, a, m, "enter")) ||
                (rc = go_club_event_enter(c, ev, m, opt(a, "team"), board)))
                return fail(a, rc);
        }
        ok(a, "entered", ev);
        return 0;
    }
    if (strcmp(verb, "withdraw") == 0) {
        int64_t m;
        int after = 0;
        if ((rc = find_member(c, &m, a->npos > 3 ? a->pos[3] : NULL)) ||
            (rc = parse_int(&after, opt(a, "after") ? opt(a, "after") : "0", "after (round)", 0,
                            1000)) ||
            (rc = go_club_event_withdraw(c, ev, m, after)))
            return fail(a, rc);
        ok(a, "withdrawn", m);
        go_club_table *t = NULL;
        if (after == 0 && go_club_event_pairings(c, &t, ev, 0) == 0 && t->nrows == 0 && !a->json)
            fprintf(ANSWER, "before the start: pair the event (again) for the draw\n");
        go_club_table_free(t);
        return 0;
    }
    if (strcmp(verb, "pair") == 0) {
        int round = 0;
        if ((rc = go_club_event_pair(c, &round, ev)))
            return fail(a, rc);
        go_club_table *t = NULL;
        char title[512], what[64];
        /* Round robins, matches and team round robins are paired whole: show every round. */
        bool whole = false;
        if (go_club_event_list(c, &t) == 0) {
            for (int r = 0; r < t->nrows; r++)
                if (strtoll(go_club_cell(t, r, 0), NULL, 10) == ev) {
                    const char *k = go_club_cell(t, r, 2);
                    whole = strcmp(k, "roundrobin") == 0 || strcmp(k, "match") == 0 ||
                            strcmp(k, "team") == 0;
                }
            go_club_table_free(t);
            t = NULL;
        }
        if (whole)
            round = 0;
        snprintf(what, sizeof what, round ? "pairings, round %d" : "pairings", round);
        event_title(c, title, sizeof title, ev, what);
        return listing(a, go_club_event_pairings(c, &t, ev, round), &t, title);
    }
    if (strcmp(verb, "pairings") == 0) {
        int round = 0;
        if (opt(a, "round") && (rc = parse_int(&round, opt(a, "round"), "round", 1, 1000)))
            return fail(a, rc);
        go_club_table *t = NULL;
        char title[512], what[64];
        snprintf(what, sizeof what, round ? "pairings, round %d" : "pairings", round);
        event_title(c, title, sizeof title, ev, what);
        return listing(a, go_club_event_pairings(c, &t, ev, round), &t, title);
    }
    if (strcmp(verb, "standings") == 0) {
        go_standing *s = NULL;
        size_t n = 0;
        if ((rc = go_club_event_standings(c, &s, &n, ev)))
            return fail(a, rc);
        if (a->json) {
            json_t *arr = go_json_standings(s, n);
            print_json(arr);
            free(s);
            return 0;
        }
        go_club_table *t = NULL;
        /* printed pages and spreadsheets in Chinese, the terminal in English, unless --lang */
        const char *lang = opt(a, "lang")                    ? opt(a, "lang")
                           : opt(a, "html") || opt(a, "csv") ? "zh"
                                                             : "en";
        rc = go_standings_sheet(&t, s, n, event_kind(c, ev), lang);
        free(s);
        char title[512];
        event_title(c, title, sizeof title, ev, "standings");
        return listing(a, rc, &t, title);
    }
    if (strcmp(verb, "tiebreak") == 0) {
        bool lots = flag(a, "lots");
        const char *playoff = opt(a, "playoff");
        if (lots == (playoff != NULL))
            return usage_error(a, "event tiebreak EVENT --lots | --playoff M1,M2,...%s", "");
        int64_t order[64];
        size_t n = 0;
        for (const char *p = playoff; p && *p && n < 64;) {
            char one[80];
            size_t len = strcspn(p, ",");
            snprintf(one, sizeof one, "%.*s", (int)(len < 79 ? len : 79), p);
            if ((rc = find_member(c, &order[n++], one)))
                return fail(a, rc);
            p += len + (p[len] == ',');
        }
        if ((rc = go_club_event_tiebreak(c, ev, lots ? "lot" : "playoff", lots ? NULL : order, n)))
            return fail(a, rc);
        go_standing *s = NULL;
        size_t ns = 0;
        go_club_table *t = NULL;
        if ((rc = go_club_event_standings(c, &s, &ns, ev)))
            return fail(a, rc);
        rc = go_standings_sheet(&t, s, ns, event_kind(c, ev), opt(a, "lang"));
        free(s);
        return listing(a, rc, &t, "standings");
    }
    if (strcmp(verb, "trf") == 0) {
        const char *path = opt(a, "out");
        FILE *f = path ? fopen(path, "w") : ANSWER;
        if (!f)
            return fail(a, go_error_set(GO_EIO, "cannot write %s", path));
        rc = go_club_export_trf(c, f, ev);
        if (path && fclose(f) != 0 && !rc)
            rc = go_error_set(GO_EIO, "cannot write %s", path);
        return rc ? fail(a, rc) : 0;
    }
    return usage_error(
        a,
        "event: add NAME --kind roundrobin|swiss|knockout|match|team|teamswiss [--rounds N] | "
        "list | enter | withdraw | pair | pairings | standings | trf%s",
        "");
}

static int cmd_export(go_club *c, const args *a)
{
    const char *path = opt(a, "out");
    FILE *f = path ? fopen(path, "w") : ANSWER;
    if (!f)
        return fail(a, go_error_set(GO_EIO, "cannot write %s", path));
    int rc = go_csv_club_sheet(f, c, a->npos > 1 ? a->pos[1] : NULL, opt(a, "lang"));
    if (path && fclose(f) != 0 && !rc)
        rc = go_error_set(GO_EIO, "cannot write %s", path);
    return rc ? fail(a, rc) : 0;
}

/* goref club trf pair FILE: the next round of a TRF tournament by the Dutch system, printed
 * as JaVaFo and bbpPairings print it (the number of pairs, then "white black", 0 = bye). */
static int cmd_trf(const args *a)
{
    if (a->npos < 3 || strcmp(a->pos[1], "pair") != 0)
        return usage_error(a, "trf pair FILE%s", "");
    size_t len = 0;
    char *text = NULL;
    int rc = read_all(&text, a->pos[2], &len, (size_t)64 << 20);
    if (rc)
        return fail(a, rc);
    go_pairing *pairs = NULL;
    size_t n = 0;
    rc = go_trf_pair(&pairs, &n, text, len);
    free(text);
    if (rc)
        return fail(a, rc);
    go_pairing_write(stdout, pairs, n);
    free(pairs);
    return 0;
}

static int cmd_leave(go_club *c, const args *a)
{
    int rc;
    int64_t id = 0;
    if (strcmp(a->pos[1], "list") == 0) {
        if (opt(a, "member") && (rc = find_member(c, &id, opt(a, "member"))))
            return fail(a, rc);
        go_club_table *t = NULL;
        return listing(a, go_club_leave_list(c, &t, id), &t, "Leave");
    }
    int64_t leave = 0;
    if ((rc = find_member(c, &id, a->pos[1])))
        return fail(a, rc);
    if (!opt(a, "from") || !opt(a, "to") || !opt(a, "reason"))
        return usage_error(a, "leave MEMBER --from DATE --to DATE --reason TEXT%s", "");
    if ((rc = go_club_leave_add(c, &leave, id, opt(a, "from"), opt(a, "to"), opt(a, "reason"))))
        return fail(a, rc);
    ok(a, "leave", leave);
    return 0;
}

static int cmd_backup(go_club *c, const args *a)
{
    const char *path = a->pos[1];
    FILE *exists = fopen(path, "rb");
    if (exists) {
        fclose(exists);
        if (!flag(a, "force"))
            return fail(a,
                        go_error_set(GO_EEXISTS, "%.200s exists: --force to overwrite it", path));
        if (remove(path) != 0)
            return fail(a, go_error_set(GO_EIO, "cannot replace %.200s", path));
    }
    int rc = go_club_backup(c, path);
    if (rc)
        return fail(a, rc);
    ok(a, "backup written", 0);
    return 0;
}

static int cmd_restore(go_club *c, const args *a)
{
    /* The database as it was, kept beside it before it is replaced. */
    char keep[4200], stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", &tm);
    snprintf(keep, sizeof keep, "%s.before-restore-%s", a->db, stamp);
    int rc = go_club_backup(c, keep);
    if (rc == 0)
        rc = go_club_restore(c, a->pos[1]);
    if (rc)
        return fail(a, rc);
    if (a->json)
        print_json(json_pack("{s:b, s:s, s:s}", "ok", 1, "restored", a->pos[1], "kept", keep));
    else
        fprintf(ANSWER, "restored %s (the database as it was: %s)\n", a->pos[1], keep);
    return 0;
}

static int cmd_log(go_club *c, const args *a)
{
    int64_t member = 0;
    int rc;
    if (opt(a, "member") && (rc = find_member(c, &member, opt(a, "member"))))
        return fail(a, rc);
    go_club_table *t = NULL;
    return listing(a, go_club_log_list(c, &t, opt(a, "what"), member), &t, "Change log");
}

static int cmd_attendance(go_club *c, const args *a)
{
    char from[11], to[11], title[64];
    const char *month = opt(a, "month");
    if (month && (opt(a, "from") || opt(a, "to")))
        return usage_error(a, "--month or --from/--to, not both%s", "");
    if (month) {
        int32_t day;
        char first[16];
        snprintf(first, sizeof first, "%.7s-01", month);
        if (strlen(month) != 7 || go_club_date_parse(&day, first) != 0)
            return usage_error(a, "--month: YYYY-MM, not '%.10s'", month);
        int y = (int)strtol(month, NULL, 10), m = (int)strtol(month + 5, NULL, 10);
        int32_t next;
        char next_first[32];
        snprintf(next_first, sizeof next_first, "%04d-%02d-01", m == 12 ? y + 1 : y,
                 m == 12 ? 1 : m + 1);
        go_club_date_parse(&next, next_first);
        go_club_date_format(from, day);
        go_club_date_format(to, next - 1);
        snprintf(title, sizeof title, "出勤 Attendance %.7s", month);
    } else {
        if (!opt(a, "from") || !opt(a, "to"))
            return usage_error(a, "give --month YYYY-MM, or --from DATE --to DATE%s", "");
        snprintf(from, sizeof from, "%.10s", opt(a, "from"));
        snprintf(to, sizeof to, "%.10s", opt(a, "to"));
        snprintf(title, sizeof title, "出勤 Attendance %s .. %s", from, to);
    }
    go_club_table *t = NULL;
    return listing(a, go_club_attendance_report(c, &t, from, to), &t, title);
}

static int cmd_check(go_club *c, const args *a)
{
    int rc = go_club_check(c);
    if (rc)
        return fail(a, rc);
    ok(a, "integrity ok", 0);
    return 0;
}

typedef struct club_cmd {
    const char *name;
    int (*run)(go_club *c, const args *a);
} club_cmd;

static const club_cmd club_cmds[] = {
    {"member", cmd_member},         {"dues", cmd_dues},
    {"schedule", cmd_schedule},     {"activity", cmd_activity},
    {"checkin", cmd_checkin},       {"leave", cmd_leave},
    {"rules", cmd_rules},           {"item", cmd_item},
    {"stocktake", cmd_stocktake},   {"loan", cmd_loan},
    {"result", cmd_result},         {"game", cmd_game},
    {"event", cmd_event},           {"export", cmd_export},
    {"backup", cmd_backup},         {"check", cmd_check},
    {"restore", cmd_restore},       {"log", cmd_log},
    {"attendance", cmd_attendance},
};

/* The command and verb words of argv, found before the strict parse (which needs to know
 * whose options to accept): every word that is not an option or an option's value. */
static int find_words(const char **words, int max, bool *help, bool *json, int argc, char **argv)
{
    int n = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "--") == 0)
            break;
        if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
            *help = true;
            continue;
        }
        if (s[0] == '-' && s[1] == '-') {
            size_t len = strcspn(s + 2, "=");
            if (strcmp(s + 2, "json") == 0)
                *json = true;
            if (!s[2 + len] && club_option_kind(s + 2, len) == 1)
                i++; /* its value */
            continue;
        }
        if (n < max)
            words[n++] = s;
    }
    return n;
}

static int unknown_word(const args *a, const char *what, const char *word, const char *const *known,
                        const char *see)
{
    const char *near = cli_nearest(word, known);
    if (near)
        go_error_set(GO_EINVAL, "unknown %s '%.40s' (did you mean %s?)", what, word, near);
    else
        go_error_set(GO_EINVAL, "unknown %s '%.40s' (see goref club%s%s --help)", what, word,
                     see[0] ? " " : "", see);
    return fail(a, GO_EINVAL);
}

static int check_operands(const club_verb *v, const cli_args *ca, int first)
{
    int n = ca->npos - first;
    if (n >= v->min_ops && (v->max_ops < 0 || n <= v->max_ops))
        return 0;
    const char *cmd = v->spec.command + 5; /* after "club " */
    if (n < v->min_ops)
        return go_error_set(GO_EINVAL, "goref club %s needs %s (see goref club %s --help)", cmd,
                            v->spec.operands, cmd);
    if (v->max_ops == 0)
        return go_error_set(GO_EINVAL, "goref club %s takes no operand ('%.40s' given)", cmd,
                            ca->pos[first]);
    return go_error_set(GO_EINVAL, "goref club %s takes %s; '%.40s' is one too many", cmd,
                        v->spec.operands, ca->pos[first + v->max_ops]);
}

int cmd_club(int argc, char **argv)
{
    args a;
    memset(&a, 0, sizeof a);
    const char *words[2] = {NULL, NULL};
    bool help = false;
    int nwords = find_words(words, 2, &help, &a.json, argc, argv);
    for (int i = 1; i < argc; i++)
        if (strlen(argv[i]) > ARG_MAX_BYTES) {
            go_error_set(GO_EINVAL, "argument %d is too long (%zu bytes)", i, strlen(argv[i]));
            return fail(&a, GO_EINVAL);
        }
    if (nwords == 0 || strcmp(words[0], "help") == 0) {
        bool asked = help || nwords > 0;
        club_usage(asked ? stdout : stderr, nwords > 1 ? words[1] : NULL);
        return asked ? 0 : 2;
    }
    bool word_is_verb = false;
    const club_verb *v = club_verb_find(words[0], words[1], &word_is_verb);
    if (!v) {
        bool known = false;
        const char *verbs[64];
        size_t nv = 0;
        for (size_t i = 0; i < club_nverbs; i++)
            if (strcmp(club_verbs[i].command, words[0]) == 0) {
                known = true;
                if (nv < 63)
                    verbs[nv++] = club_verbs[i].verb;
            }
        verbs[nv] = NULL;
        if (!known)
            return unknown_word(&a, "club command", words[0], club_command_names, "");
        if (help || !words[1]) {
            club_usage(help ? stdout : stderr, words[0]);
            return help ? 0 : 2;
        }
        return unknown_word(&a, "verb", words[1], verbs, words[0]);
    }
    cli_args ca;
    int rc = cli_parse(&ca, &v->spec, argc, argv, 1);
    if (rc)
        return fail(&a, rc);
    if (ca.help) {
        cli_help(stdout, &v->spec);
        return 0;
    }
    if ((rc = check_operands(v, &ca, word_is_verb ? 2 : 1)) != 0)
        return fail(&a, rc);
    for (int i = 0; i < ca.npos && i < MAX_ARGS; i++)
        a.pos[a.npos++] = ca.pos[i];
    const char *db = getenv("GOREF_DB");
    if (!db || !*db)
        db = "goref.db";
    for (int i = 0; i < ca.nopt && a.nopt < MAX_ARGS; i++) {
        if (strcmp(ca.opt[i]->name, "db") == 0) {
            db = ca.val[i];
            continue;
        }
        a.key[a.nopt] = ca.opt[i]->name;
        a.val[a.nopt++] = ca.val[i];
    }
    if (strcmp(v->command, "trf") == 0)
        return cmd_trf(&a); /* works on a file, not on the club database */
    const club_cmd *cmd = NULL;
    for (size_t i = 0; i < sizeof club_cmds / sizeof club_cmds[0]; i++)
        if (strcmp(v->command, club_cmds[i].name) == 0)
            cmd = &club_cmds[i];
    if (!cmd)
        return usage_error(&a, "club command '%.40s' has no handler", v->command);
    a.db = db;
    go_club *c = NULL;
    if ((rc = go_club_open(&c, db)))
        return fail(&a, rc);
    const char *who = opt(&a, "who");
    if (!who)
        who = getenv("GOREF_USER");
    if (!who || !*who)
        who = getenv("USER");
    if ((rc = go_club_set_actor(c, who)) || (rc = go_club_set_reason(c, opt(&a, "reason")))) {
        go_club_free(c);
        return fail(&a, rc);
    }
    /* One command, one transaction. A write's answer is held until the commit: it is shown
     * only when the change is stored (an error shows instead when the commit fails). */
    if (v->writes && (rc = go_club_begin(c))) {
        go_club_free(c);
        return fail(&a, rc);
    }
    char *held = NULL;
    size_t held_len = 0;
    if (v->writes && !(answer_stream = open_memstream(&held, &held_len))) {
        go_club_rollback(c);
        go_club_free(c);
        return fail(&a, go_error_set(GO_ENOMEM, "cannot hold the answer"));
    }
    int status = cmd->run(c, &a);
    if (v->writes) {
        fclose(answer_stream);
        answer_stream = NULL;
        if (status == 0 && (rc = go_club_commit(c))) {
            status = fail(&a, rc);
        } else {
            if (status != 0)
                go_club_rollback(c);
            fwrite(held, 1, held_len, stdout); /* the answer, or the command's own error */
        }
        free(held);
    }
    fflush(stdout);
    go_club_free(c);
    return status;
}
