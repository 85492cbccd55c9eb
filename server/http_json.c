/* Replies of the HTTP service: go_err to HTTP status and error code (go_adapters' one table), the
 * one JSON error shape { "error": CODE, "message": TEXT, "message_zh": TEXT }, and typed access
 * to JSON bodies so that each handler refuses bad input the same way. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "go/error.h"
#include "http_int.h"
#include "json_error.h"

/* The table itself is go_adapters' (adapters/json_error.c), shared with `goref club --json`. */
int http_status_of(int err, const char **out_code)
{
    if (out_code)
        *out_code = go_json_error_name(err);
    return go_json_error_status(err);
}

/* The names only the service answers, with their Chinese texts; the rest are go_adapters'. */
/* clang-format off */
static const struct {
    const char *code;
    const char *zh;
} own_errors[] = {
    {"csrf", "页面已过期：请刷新页面后再试"},
    {"content_type", "请求的内容类型不对"},
    {"method", "不支持这种请求方式"},
    {"not_built", "这个版本的 goref 没有这项功能"},
    {"stopping", "服务器正在关闭，请稍后再试"},
    {"rate_limited", "尝试次数太多，请稍等再试"},
    {"host", "不接受这个网址的主机名"},
};
/* clang-format on */

const char *const http_own_error_codes[] = {
    "csrf", "content_type", "method", "not_built", "stopping", "rate_limited", "host", NULL,
};

const char *http_error_zh(const char *code)
{
    for (size_t i = 0; i < sizeof own_errors / sizeof own_errors[0]; i++)
        if (strcmp(own_errors[i].code, code) == 0)
            return own_errors[i].zh;
    return go_json_error_zh_by_name(code);
}

void http_reply_header(http_req *r, const char *name, const char *value)
{
    if (r->nextra >= HTTP_MAX_EXTRA_HEADERS)
        return;
    snprintf(r->extra_name[r->nextra], sizeof r->extra_name[0], "%s", name);
    snprintf(r->extra_value[r->nextra], sizeof r->extra_value[0], "%s", value);
    r->nextra++;
}

void http_reply(http_req *r, int status, const char *content_type, const void *body, size_t len)
{
    if (r->resp) /* first reply wins: a handler never answers twice */
        return;
    struct MHD_Response *resp =
        MHD_create_response_from_buffer(len, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (!resp)
        return; /* the server answers 500 */
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    for (int i = 0; i < r->nextra; i++)
        MHD_add_response_header(resp, r->extra_name[i], r->extra_value[i]);
    r->resp = resp;
    r->status = status;
    r->reply_bytes = len;
}

void http_reply_json_text(http_req *r, int status, char *text)
{
    if (!text) {
        http_reply_error(r, 503, "no_memory", "out of memory");
        return;
    }
    http_reply(r, status, "application/json; charset=utf-8", text, strlen(text));
    free(text);
}

void http_reply_json(http_req *r, int status, json_t *j)
{
    char *text = j ? json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(6)) : NULL;
    json_decref(j);
    http_reply_json_text(r, status, text);
}

static void reply_error_v(http_req *r, int status, const char *code, const char *zh,
                          const char *fmt, va_list ap)
{
    char message[512];
    vsnprintf(message, sizeof message, fmt, ap);
    if (!zh)
        zh = http_error_zh(code);
    /* Every name the service answers has a Chinese text: a new one goes into a table. */
    assert(zh);
    if (!zh)
        zh = "请求失败";
    snprintf(r->error_code, sizeof r->error_code, "%s", code);
    /* json_pack with "s" refuses invalid UTF-8: a message quoting client bytes could hold
     * some, so fall back to a fixed text rather than failing the error reply itself. */
    json_t *j = json_pack("{s:s,s:s,s:s}", "error", code, "message", message, "message_zh", zh);
    if (!j)
        j = json_pack("{s:s,s:s,s:s}", "error", code, "message", "invalid text in request",
                      "message_zh", zh);
    http_reply_json(r, status, j);
}

void http_reply_error(http_req *r, int status, const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    reply_error_v(r, status, code, NULL, fmt, ap);
    va_end(ap);
}

void http_reply_error_zh(http_req *r, int status, const char *code, const char *zh, const char *fmt,
                         ...)
{
    va_list ap;
    va_start(ap, fmt);
    reply_error_v(r, status, code, zh, fmt, ap);
    va_end(ap);
}

/* The libraries' details that a Chinese reader needs in more words than the code's: what to do
 * next at the desk. Matched by a phrase of go_error_last() (the libraries speak English); the
 * club tests check each still matches. */
/* clang-format off */
static const struct {
    int err;
    const char *phrase;
    const char *zh;
} detail_zh[] = {
    {GO_ENOTFOUND, "no activity on", "这天没有活动：请先点“开始今天的活动”，再签到"},
    {GO_ECONFLICT, "was cancelled", "这天的活动已取消"},
    {GO_EEXISTS, "already checked in", "这位会员今天已经签到了"},
    {GO_EINVAL, "before member", "签到日期早于这位会员的入会日期"},
    {GO_EEXISTS, "member number", "这个会员编号已被其他会员使用"},
    {GO_EINVAL, "is not an amateur rank", "段级位的写法不对：请写如 5级、1段（或 5k、1d）"},
    {GO_EINVAL, "empty rank", "段级位不能为空"},
    {GO_EINVAL, "is not a date", "日期的写法不对：请写成 2025-09-01"},
    {GO_EINVAL, "is not a possible date", "没有这一天：请检查日期"},
    {GO_EEXISTS, "is already entered", "这位会员已经报名了"},
    {GO_EINVAL, "needs at least two players", "至少要两人报名才能编排"},
    {GO_ECONFLICT, "already returned", "这件器材已经归还了"},
};
/* clang-format on */

static const char *detail_in_chinese(int err, const char *detail)
{
    for (size_t i = 0; detail && i < sizeof detail_zh / sizeof detail_zh[0]; i++)
        if (detail_zh[i].err == err && strstr(detail, detail_zh[i].phrase))
            return detail_zh[i].zh;
    return NULL;
}

void http_reply_goerr(http_req *r, int err)
{
    const char *code;
    int status = http_status_of(err, &code);
    const char *detail = go_error_last();
    if (status == 503) /* headers join the reply when it is built: add them first */
        http_reply_header(r, "Retry-After", "1");
    const char *zh = detail_in_chinese(err, detail);
    http_reply_error_zh(r, status, code, zh ? zh : go_json_error_zh(err), "%s",
                        detail && detail[0] ? detail : go_strerror(err));
}

const char *http_header(http_req *r, const char *name)
{
    return MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, name);
}

const char *http_query(http_req *r, const char *name)
{
    return MHD_lookup_connection_value(r->conn, MHD_GET_ARGUMENT_KIND, name);
}

bool http_content_type_is(const char *content_type, const char *want)
{
    if (!content_type)
        return false;
    while (*content_type == ' ')
        content_type++;
    size_t n = strlen(want);
    if (strncasecmp(content_type, want, n) != 0)
        return false;
    char next = content_type[n];
    return next == '\0' || next == ';' || next == ' ';
}

json_t *http_body_json(http_req *r)
{
    if (!http_content_type_is(http_header(r, MHD_HTTP_HEADER_CONTENT_TYPE), "application/json")) {
        http_reply_error(r, 415, "content_type", "expected Content-Type: application/json");
        return NULL;
    }
    json_error_t jerr;
    json_t *j = json_loadb(r->body ? r->body : "", r->body_len, JSON_REJECT_DUPLICATES, &jerr);
    if (!j) {
        http_reply_error(r, 400, "parse", "bad JSON at line %d column %d: %s", jerr.line,
                         jerr.column, jerr.text);
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        http_reply_error(r, 400, "parse", "the body must be a JSON object");
        return NULL;
    }
    return j;
}

int http_json_string(http_req *r, json_t *obj, const char *key, const char **out, size_t max)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v)) {
        http_reply_error(r, 400, "invalid", "'%s' must be a string", key);
        return -1;
    }
    if (json_string_length(v) > max || strlen(json_string_value(v)) != json_string_length(v)) {
        http_reply_error(r, 400, "invalid", "'%s' is too long or holds a NUL", key);
        return -1;
    }
    *out = json_string_value(v);
    return 0;
}

int http_json_int(http_req *r, json_t *obj, const char *key, long long *out, long long lo,
                  long long hi)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_integer(v)) {
        http_reply_error(r, 400, "invalid", "'%s' must be an integer", key);
        return -1;
    }
    long long n = json_integer_value(v);
    if (n < lo || n > hi) {
        http_reply_error(r, 400, "range", "'%s' must be between %lld and %lld", key, lo, hi);
        return -1;
    }
    *out = n;
    return 0;
}

int http_json_bool(http_req *r, json_t *obj, const char *key, bool *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_boolean(v)) {
        http_reply_error(r, 400, "invalid", "'%s' must be true or false", key);
        return -1;
    }
    *out = json_is_true(v);
    return 0;
}
