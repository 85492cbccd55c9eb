/* goref scan PHOTO [--size N [--corners ...]] [--json] [--overlay OUT.png] [--sgf OUT.sgf]: the
 * vision front end. Prints the position read from a photo (text, or JSON with the fields
 * built by json_scan.c like the service's /api/scan); errors exit 2, as JSON { "error": ...,
 * "message": ... } with --json; a refusal that found a lattice gives its corners too. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "json_scan.h"
#include "scan_cli.h"

static const cli_option scan_options[] = {
    {"json", NULL, "the reading as JSON"},
    {NULL, NULL, NULL},
};

static const cli_spec spec = {
    "scan",
    "PHOTO",
    "Reads the position from a photo of a board: the stones as text (X black, O white),\n"
    "the points read with doubt, the stones off their points.",
    {scan_cli_option_table, scan_options},
    "scan board.jpg --json",
};

static int fail(bool json, int code)
{
    return cli_fail("scan", json, code, scan_cli_error_name(code));
}

static char point_char(const go_vision_result *r, int x, int y)
{
    return r->color[y][x] == GO_BLACK ? 'X' : r->color[y][x] == GO_WHITE ? 'O' : '.';
}

static void print_text(const go_vision_result *r)
{
    int n = r->size;
    printf("size %d\n", n);
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++)
            putchar(point_char(r, x, y));
        putchar('\n');
    }
    go_count_warning alone; /* the words the count's warning says, as goref score prints them */
    if (go_scan_reader_warning(&alone, r))
        printf("%s / %s\n", alone.message_zh, alone.message_en);
    if (r->uncertain_count > 0) {
        printf("uncertain:");
        for (int i = 0; i < r->uncertain_count; i++) {
            char buf[8];
            printf(" %s", go_point_to_gtp(buf, sizeof buf, r->uncertain[i], n));
        }
        putchar('\n');
    }
    go_point off[GO_MAX_SIZE * GO_MAX_SIZE];
    const int offs = go_vision_off_points(r, off);
    for (int i = 0; i < offs; i++) {
        char buf[8];
        printf("%s %s", i ? "" : "off their points:", go_point_to_gtp(buf, sizeof buf, off[i], n));
    }
    if (offs)
        putchar('\n');
}

int cmd_scan(int argc, char **argv)
{
    const char *photo = NULL;
    scan_cli_options opt;
    scan_cli_options_init(&opt);
    cli_args a;
    int prc = cli_parse(&a, &spec, argc, argv, 1);
    bool json = prc == 0 && cli_flag(&a, "json");
    for (int i = 0; prc == 0 && i < a.nopt; i++) {
        int taken = scan_cli_take(&opt, a.opt[i]->name, a.val[i]);
        prc = taken < 0 ? taken : 0;
    }
    if (prc == 0 && a.help) {
        cli_help(stdout, &spec);
        return 0;
    }
    if (prc == 0 && a.npos > 1)
        prc = go_error_set(GO_EINVAL, "more than one PHOTO (%s, %s)", a.pos[0], a.pos[1]);
    if (prc == 0 && a.npos == 0)
        prc = go_error_set(GO_EINVAL, "no PHOTO given");
    if (prc)
        return fail(json, prc);
    photo = a.pos[0];
    static go_vision_result res;
    int rc = scan_cli_run(&res, photo, &opt);
    if (rc == GO_ENOBOARD && res.size > 0)
        return scan_cli_refused("scan", json, &res);
    if (rc < 0)
        return fail(json, rc);
    if (!json) {
        print_text(&res);
        return 0;
    }
    json_t *j = go_json_scan(&res);
    rc = j ? cli_print_json(j, 10) : GO_ENOMEM;
    json_decref(j);
    return rc ? fail(json, rc) : 0;
}
