/* The photo side shared by `goref scan` and `goref score` (see scan_cli.h): options, reading
 * the photo, the overlay and the reading as an SGF setup position. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "go/parse.h"
#include "go/sgf.h"
#include "json_scan.h"
#include "scan_cli.h"

void scan_cli_options_init(scan_cli_options *out)
{
    memset(out, 0, sizeof *out);
    out->vision = (go_vision_options)GO_VISION_OPTIONS_INIT;
}

/* --corners x,y,x,y,x,y,x,y: the grid's outer corners in photo pixels (as displayed), top-left,
 * top-right, bottom-right, bottom-left, as `goref scan --json` prints them. */
static int parse_corners(go_vision_options *out, const char *value)
{
    const char *p = value;
    for (int k = 0; k < 8; k++) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (errno || end == p || !isfinite(v) || fabs(v) > 100000.0 ||
            (k < 7 ? *end != ',' : *end != '\0'))
            return go_error_set(GO_EINVAL,
                                "--corners takes 8 numbers x,y,x,y,x,y,x,y (top-left, top-right, "
                                "bottom-right, bottom-left in photo pixels), not '%s'",
                                value);
        out->corners[k / 2][k % 2] = v;
        p = end + 1;
    }
    out->have_corners = 1;
    return 0;
}

const cli_option scan_cli_option_table[] = {
    {"size", "N", "the board's size when corners are given (9, 13, 19)"},
    {"corners", "x,y,x,y,x,y,x,y", "the board's four corners in the photo, placed by a person"},
    {"overlay", "OUT.png", "draw what was read over the photo"},
    {"sgf", "OUT.sgf", "write the position as an SGF record"},
    {NULL, NULL, NULL},
};

int scan_cli_take(scan_cli_options *o, const char *name, const char *value)
{
    bool size = strcmp(name, "size") == 0, corners = strcmp(name, "corners") == 0;
    if (!size && !corners && strcmp(name, "overlay") != 0 && strcmp(name, "sgf") != 0)
        return 0;
    if (corners) {
        int rc = parse_corners(&o->vision, value);
        return rc < 0 ? rc : 1;
    }
    if (!size) {
        if (name[0] == 'o')
            o->overlay = value;
        else
            o->sgf = value;
        return 1;
    }
    long n = 0;
    if (go_parse_long(&n, value, 5, GO_MAX_SIZE) != 0)
        return go_error_set(GO_ERANGE, "--size must be 9, 13, 19 (or 5..%d), not '%s'", GO_MAX_SIZE,
                            value);
    o->vision.size = (int)n;
    return 1;
}

const char *scan_cli_error_name(int code)
{
    switch (code) {
    case GO_EIMAGE:
        return "not_an_image";
    case GO_ETOOBIG:
        return "too_big";
    case GO_ENOBOARD:
        return "no_board";
    case GO_EIO:
        return "io";
    case GO_ERANGE:
        return "bad_size";
    case GO_ENOMEM:
        return "out_of_memory";
    case GO_EINVAL:
        return "invalid_argument";
    default:
        return "internal";
    }
}

/* The reading as an SGF setup position (AB/AW on the root), written with the rules' writer. */
static int write_sgf(const char *path, const go_vision_result *r)
{
    go_sgf *sgf = NULL;
    go_sgf_node *root = NULL;
    char *text = NULL, num[16];
    size_t len = 0;
    int rc;
    if ((rc = go_sgf_new(&sgf)) < 0)
        goto done;
    if ((rc = go_sgf_node_add(&root, sgf, NULL)) < 0)
        goto done;
    snprintf(num, sizeof num, "%d", r->size);
    if ((rc = go_sgf_node_set(sgf, root, "FF", "4")) < 0 ||
        (rc = go_sgf_node_set(sgf, root, "GM", "1")) < 0 ||
        (rc = go_sgf_node_set(sgf, root, "SZ", num)) < 0 ||
        (rc = go_sgf_node_set(sgf, root, "GC", "read from a photo by goref scan")) < 0)
        goto done;
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            if (r->color[y][x] == GO_EMPTY)
                continue;
            char pt[4];
            go_point_to_sgf(pt, sizeof pt, go_point_at(x, y));
            if ((rc = go_sgf_node_add_value(sgf, root, r->color[y][x] == GO_BLACK ? "AB" : "AW",
                                            pt)) < 0)
                goto done;
        }
    if ((rc = go_sgf_write(&text, &len, sgf)) < 0)
        goto done;
    FILE *f = fopen(path, "wb");
    if (!f) {
        rc = go_error_set(GO_EIO, "cannot create %s", path);
        goto done;
    }
    if (fwrite(text, 1, len, f) != len) {
        fclose(f);
        rc = go_error_set(GO_EIO, "writing %s failed", path);
        goto done;
    }
    if (fclose(f) != 0)
        rc = go_error_set(GO_EIO, "closing %s failed", path);
done:
    free(text);
    go_sgf_free(sgf);
    return rc;
}

int scan_cli_run(go_vision_result *out, const char *path, const scan_cli_options *o)
{
    uint8_t *data = NULL;
    size_t len = 0;
    int rc = go_vision_read_file(&data, &len, path, GO_VISION_MAX_BYTES);
    if (rc < 0)
        goto done;
    rc = go_vision_scan(out, data, len, &o->vision);
    if (rc == 0 && o->overlay)
        rc = go_vision_write_overlay(o->overlay, data, len, out);
    if (rc == 0 && o->sgf)
        rc = write_sgf(o->sgf, out);
done:
    free(data);
    return rc;
}

int scan_cli_refused(const char *command, bool json, const go_vision_result *r)
{
    if (!json) {
        fprintf(stderr,
                "goref %s: %s\nthe board's corners seem to lie at --corners "
                "%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f: correct them and read again with "
                "--size %d --corners ...\n",
                command, go_error_last(), r->corners[0][0], r->corners[0][1], r->corners[1][0],
                r->corners[1][1], r->corners[2][0], r->corners[2][1], r->corners[3][0],
                r->corners[3][1], r->size);
        return 2;
    }
    json_t *j = go_json_refusal(r, scan_cli_error_name(GO_ENOBOARD), go_error_last());
    if (!j)
        return cli_fail(command, json, GO_ENOBOARD, scan_cli_error_name(GO_ENOBOARD));
    cli_print_json(j, 10);
    json_decref(j);
    return 2;
}
