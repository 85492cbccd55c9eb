/* go_err -> error name, HTTP status and Chinese message (see json_error.h): one table for the
 * service (http_json.c) and the CLI (`goref club --json`). */
#include <stddef.h>
#include <string.h>

#include "go/error.h"
#include "json_error.h"

/* One row per code, in error.h's order (append-only like the codes). */
/* clang-format off */
static const struct {
    int err;
    int status;
    const char *name;
    const char *zh; /* the message a Chinese reader sees when no detail is translated */
} err_table[] = {
    {GO_EINVAL, 400, "invalid", "请求的内容有误，请检查后再试"},
    {GO_ENOMEM, 503, "no_memory", "服务器内存不足，请稍后再试"},
    {GO_EOFFBOARD, 400, "off_board", "这个点不在棋盘上"},
    {GO_EOCCUPIED, 409, "occupied", "这个点上已经有棋子"},
    {GO_ESUICIDE, 422, "suicide", "这步棋是禁着点（自杀）"},
    {GO_EKO, 422, "ko", "打劫：不能立即提回"},
    {GO_ESUPERKO, 422, "superko", "全局同形再现，这步棋不允许"},
    {GO_EGAMEOVER, 409, "game_over", "对局已经结束"},
    {GO_EPARSE, 400, "parse", "无法读懂请求的内容"},
    {GO_EUNSUPPORTED, 422, "unsupported", "暂不支持这项功能"},
    {GO_ERANGE, 400, "range", "数值超出允许的范围"},
    {GO_EIO, 500, "io", "服务器读写文件出错"},
    {GO_ENOBOARD, 422, "no_board", "照片里没有找到棋盘：请让整个棋盘入镜，或拖动四个角点"},
    {GO_EIMAGE, 422, "image", "无法读取这张图片：请用 JPEG、PNG 或 WebP 照片"},
    {GO_EDB, 500, "database", "数据库出错，请稍后再试"},
    {GO_ENOTFOUND, 404, "not_found", "找不到要的内容"},
    {GO_EEXISTS, 409, "exists", "已经存在，不能重复添加"},
    {GO_ETOOBIG, 413, "too_big", "内容太大，超过了允许的大小"},
    {GO_ECHARSET, 400, "charset", "文字编码有误（需要 UTF-8）"},
    {GO_EAUTH, 401, "auth", "身份验证失败：请重新登录"},
    {GO_EPERM, 403, "forbidden", "没有权限做这件事"},
    {GO_EBUSY, 503, "busy", "服务器正忙，请稍后再试"},
    {GO_ECONFLICT, 409, "conflict", "与已有的记录冲突"},
    {GO_EILLEGAL, 422, "illegal", "这步棋不合规则"},
    {GO_EINTERNAL, 500, "internal", "服务器内部出错"},
};
/* clang-format on */

static int row_of(int err)
{
    for (size_t i = 0; i < sizeof err_table / sizeof err_table[0]; i++)
        if (err_table[i].err == err)
            return (int)i;
    return -1;
}

const char *go_json_error_name(int err)
{
    int i = row_of(err);
    return i < 0 ? "internal" : err_table[i].name;
}

const char *go_json_error_zh(int err)
{
    int i = row_of(err);
    return i < 0 ? "服务器内部出错" : err_table[i].zh;
}

const char *go_json_error_zh_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof err_table / sizeof err_table[0]; i++)
        if (strcmp(err_table[i].name, name) == 0)
            return err_table[i].zh;
    return NULL;
}

int go_json_error_status(int err)
{
    int i = row_of(err);
    return i < 0 ? 500 : err_table[i].status;
}
