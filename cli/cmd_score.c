/* goref score PHOTO [--size N] [--overlay OUT.png] [--sgf OUT.sgf] [count options]: the main
 * job from the command line: read the photo, suggest the dead stones (or take
 * --dead) and count. Text: a short summary of the reading, the points a person must look at,
 * then the count sheet. --json: { "scan": the fields of `goref scan --json`, "count": those
 * of `goref count --json` }. Errors exit 2 (JSON { "error", "message" } with --json). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "count_cli.h"
#include "json_scan.h"
#include "scan_cli.h"

static const cli_spec spec = {
    "score",
    "PHOTO",
    "Reads the board from the photo, suggests the dead stones (unless --dead lists them)\n"
    "and counts (Chinese area counting). Points read with doubt are listed: look at\n"
    "them on the board before trusting the count. A photo without stones of both\n"
    "colours gets no verdict (exit status 1).",
    {scan_cli_option_table, count_cli_option_table},
    "score board.jpg --komi 3.75",
};

/* Vision's names for what only the photo can cause, the count's for the rest. */
static const char *error_name(int code)
{
    return code == GO_EIMAGE || code == GO_ETOOBIG || code == GO_ENOBOARD
               ? scan_cli_error_name(code)
               : count_cli_error_name(code);
}

static int fail(const count_cli_options *o, int code)
{
    return cli_fail("score", o->json, code, error_name(code));
}

static int parse_args(const char **photo, scan_cli_options *scan, count_cli_options *count,
                      bool *help, int argc, char **argv)
{
    *photo = NULL;
    scan_cli_options_init(scan);
    count_cli_options_init(count);
    cli_args a;
    int rc = cli_parse(&a, &spec, argc, argv, 1);
    for (int i = 0; rc == 0 && i < a.nopt; i++) {
        int taken = scan_cli_take(scan, a.opt[i]->name, a.val[i]);
        if (taken == 0)
            taken = count_cli_take(count, a.opt[i]->name, a.val[i]);
        rc = taken < 0 ? taken : 0;
    }
    if (rc)
        return rc;
    *help = a.help;
    if (a.help)
        return 0;
    if (a.npos > 1)
        return go_error_set(GO_EINVAL, "more than one PHOTO (%s, %s)", a.pos[0], a.pos[1]);
    if (!a.npos)
        return go_error_set(GO_EINVAL, "no PHOTO given");
    *photo = a.pos[0];
    if ((rc = count_cli_check(count)) != 0)
        return rc;
    /* A photo carries no statuses: the suggestion stands in for the players' agreement. */
    count->suggest = count->dead == NULL;
    return 0;
}

static void print_points(const go_point *points, int n, int size)
{
    char gtp[8];
    for (int i = 0; i < n; i++)
        printf("%s%s", i ? " " : "", go_point_to_gtp(gtp, sizeof gtp, points[i], size));
}

/* The doubtful points, those whose other reading changes the result first (marked '!'). */
static void print_doubtful(const go_point *points, int n, const go_alternatives *a, int size)
{
    char gtp[8];
    bool decisive[GO_POINTS] = {false};
    int shown = a->ndecisive < GO_MAX_DECISIVE ? a->ndecisive : GO_MAX_DECISIVE, k = 0;
    for (int i = 0; i < shown; i++)
        if (a->decisive[i].kind == GO_ALT_POINT)
            decisive[a->decisive[i].at] = true;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++)
            if (decisive[points[i]] == (pass == 0))
                printf("%s%s%s", k++ ? " " : "", go_point_to_gtp(gtp, sizeof gtp, points[i], size),
                       pass == 0 ? "!" : "");
}

static void print_summary(const go_vision_result *r)
{
    int black = 0, white = 0;
    for (int y = 0; y < r->size; y++)
        for (int x = 0; x < r->size; x++) {
            black += r->color[y][x] == GO_BLACK;
            white += r->color[y][x] == GO_WHITE;
        }
    printf("Photo: %dx%d board, %d black and %d white stones read (%.0f ms: decode %.0f, detect "
           "%.0f, classify %.0f)\n",
           r->size, r->size, black, white, r->ms_total, r->ms_decode, r->ms_detect, r->ms_classify);
    if (r->dead_without_liberty > 0)
        printf("%d stone%s in groups without a liberty (impossible on a finished board) left off "
               "the count.\n",
               r->dead_without_liberty, r->dead_without_liberty == 1 ? "" : "s");
    if (r->uncertain_count > 0) {
        printf("LOOK AT THE BOARD: %d point%s read with doubt: ", r->uncertain_count,
               r->uncertain_count == 1 ? "" : "s");
        print_points(r->uncertain, r->uncertain_count, r->size);
        printf("\nCheck %s on the board before trusting the count below.\n",
               r->uncertain_count == 1 ? "it" : "them");
    } else {
        printf("Every point read with confidence.\n");
    }
    printf("\n");
}

int cmd_score(int argc, char **argv)
{
    const char *photo;
    scan_cli_options scan;
    count_cli_options count;
    json_t *count_j = NULL, *root = NULL;
    static go_vision_result res;
    static go_alternatives alternatives;
    bool no_game = false;
    bool help = false;
    int rc = parse_args(&photo, &scan, &count, &help, argc, argv);
    if (rc)
        return fail(&count, rc);
    if (help) {
        cli_help(stdout, &spec);
        return 0;
    }
    rc = scan_cli_run(&res, photo, &scan);
    if (rc == GO_ENOBOARD && res.size > 0)
        return scan_cli_refused("score", count.json, &res);
    if (rc)
        goto done;
    if (!count.json)
        print_summary(&res);
    /* res.board is the reading without groups that have no liberty (listed as uncertain). */
    count_cli_record rec;
    count_cli_record_init(&rec);
    count.command = "score";
    go_point doubtful[GO_MAX_SIZE * GO_MAX_SIZE];
    count.doubtful = doubtful;
    count.ndoubtful = go_scan_doubtful_points(doubtful, &res);
    count.alternatives = &alternatives;
    go_count_warning read_alone;
    if (go_scan_reader_warning(&read_alone, &res))
        count.source_warning = &read_alone;
    rc = count_cli_run(&count_j, &no_game, &count, &res.board, &rec);
    if (rc)
        goto done;
    if (!count.json) {
        if (count.ndoubtful > 0 && !no_game) {
            printf("\nUNCERTAIN: this count assumes the reading at ");
            print_doubtful(doubtful, count.ndoubtful, &alternatives, res.size);
            printf("; look at %s.\n", count.ndoubtful == 1 ? "that point" : "those points");
        }
        goto done;
    }
    root = json_pack("{s:o, s:O}", "scan", go_json_scan(&res), "count", count_j);
    /* Ten significant digits keep every count value (quarters of a stone) exact and print
     * the reading's rounded confidences as they are. */
    rc = root ? cli_print_json(root, 10) : GO_ENOMEM;
done:
    json_decref(root);
    json_decref(count_j);
    return rc ? fail(&count, rc) : no_game ? COUNT_CLI_NO_GAME : 0;
}
