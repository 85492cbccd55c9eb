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

static int usage(void)
{
    fprintf(stderr, "usage: goref scan PHOTO [--size N [--corners x,y,x,y,x,y,x,y]] [--json]\n"
                    "                  [--overlay OUT.png] [--sgf OUT.sgf]\n");
    return 2;
}

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
    bool json = false;
    scan_cli_options opt;
    scan_cli_options_init(&opt);
    for (int i = 1; i < argc; i++) {
        int taken = scan_cli_parse_option(&opt, argc, argv, &i);
        if (taken < 0)
            return fail(json, taken);
        if (taken)
            continue;
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if ((argv[i][0] == '-' && argv[i][1]) || photo)
            return usage();
        else
            photo = argv[i];
    }
    if (!photo)
        return usage();
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
