/* go_err -> error name and HTTP status (see json_error.h): one table for the service
 * (http_json.c) and the CLI (`goref club --json`). */
#include <stddef.h>

#include "go/error.h"
#include "json_error.h"

/* One row per code, in error.h's order (append-only like the codes). */
/* clang-format off */
static const struct {
    int err;
    int status;
    const char *name;
} err_table[] = {
    {GO_EINVAL, 400, "invalid"},
    {GO_ENOMEM, 503, "no_memory"},
    {GO_EOFFBOARD, 400, "off_board"},
    {GO_EOCCUPIED, 409, "occupied"},
    {GO_ESUICIDE, 422, "suicide"},
    {GO_EKO, 422, "ko"},
    {GO_ESUPERKO, 422, "superko"},
    {GO_EGAMEOVER, 409, "game_over"},
    {GO_EPARSE, 400, "parse"},
    {GO_EUNSUPPORTED, 422, "unsupported"},
    {GO_ERANGE, 400, "range"},
    {GO_EIO, 500, "io"},
    {GO_ENOBOARD, 422, "no_board"},
    {GO_EIMAGE, 422, "image"},
    {GO_EDB, 500, "database"},
    {GO_ENOTFOUND, 404, "not_found"},
    {GO_EEXISTS, 409, "exists"},
    {GO_ETOOBIG, 413, "too_big"},
    {GO_ECHARSET, 400, "charset"},
    {GO_EAUTH, 401, "auth"},
    {GO_EPERM, 403, "forbidden"},
    {GO_EBUSY, 503, "busy"},
    {GO_ECONFLICT, 409, "conflict"},
    {GO_EILLEGAL, 422, "illegal"},
    {GO_EINTERNAL, 500, "internal"},
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

int go_json_error_status(int err)
{
    int i = row_of(err);
    return i < 0 ? 500 : err_table[i].status;
}
