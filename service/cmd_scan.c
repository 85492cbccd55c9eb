/* goref scan PHOTO [--size N] [--json] [--overlay OUT.png] [--sgf OUT.sgf]: the vision front
 * end. Prints the position read from a photo (text, or JSON with the fields of issue 4 §3);
 * errors exit 2, as JSON { "error": ..., "message": ... } with --json. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "go/sgf.h"
#include "go/vision.h"

static int usage(void)
{
    fprintf(stderr, "usage: goref scan PHOTO [--size N] [--json] [--overlay OUT.png] "
                    "[--sgf OUT.sgf]\n");
    return 2;
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* Short machine name of an error code for the JSON "error" field. */
static const char *error_name(int code)
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

static int fail(int json, int code)
{
    const char *detail = go_error_last();
    const char *msg = detail[0] ? detail : go_strerror(code);
    if (json) {
        printf("{ \"error\": ");
        json_string(stdout, error_name(code));
        printf(", \"message\": ");
        json_string(stdout, msg);
        printf(" }\n");
    } else {
        fprintf(stderr, "goref scan: %s\n", msg);
    }
    return 2;
}

static char point_char(const go_vision_result *r, int x, int y)
{
    return r->color[y][x] == GO_BLACK ? 'X' : r->color[y][x] == GO_WHITE ? 'O' : '.';
}

static void print_json(const go_vision_result *r)
{
    int n = r->size;
    printf("{\n  \"size\": %d,\n  \"board\": [\n", n);
    for (int y = 0; y < n; y++) {
        printf("    \"");
        for (int x = 0; x < n; x++)
            putchar(point_char(r, x, y));
        printf("\"%s\n", y + 1 < n ? "," : "");
    }
    printf("  ],\n  \"confidence\": [\n");
    for (int y = 0; y < n; y++) {
        printf("    [");
        for (int x = 0; x < n; x++)
            printf("%s%.2f", x ? ", " : "", r->confidence[y][x]);
        printf("]%s\n", y + 1 < n ? "," : "");
    }
    printf("  ],\n  \"uncertain\": [");
    for (int i = 0; i < r->uncertain_count; i++) {
        char buf[8];
        go_point_to_gtp(buf, sizeof buf, r->uncertain[i], n);
        printf("%s\"%s\"", i ? ", " : "", buf);
    }
    printf("],\n  \"corners\": [");
    for (int c = 0; c < 4; c++)
        printf("%s[%.1f, %.1f]", c ? ", " : "", r->corners[c][0], r->corners[c][1]);
    printf("],\n  \"timing_ms\": { \"decode\": %.1f, \"detect\": %.1f, \"classify\": %.1f, "
           "\"total\": %.1f }\n}\n",
           r->ms_decode, r->ms_detect, r->ms_classify, r->ms_total);
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

int cmd_scan(int argc, char **argv)
{
    const char *photo = NULL, *overlay = NULL, *sgf_path = NULL;
    int json = 0, rc;
    go_vision_options opt = GO_VISION_OPTIONS_INIT;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            char *end;
            errno = 0;
            long n = strtol(argv[++i], &end, 10);
            if (errno || *end || n < 5 || n > GO_MAX_SIZE) {
                go_error_set(GO_ERANGE, "--size must be 9, 13, 19 (or 5..%d), not '%s'",
                             GO_MAX_SIZE, argv[i]);
                return fail(json, GO_ERANGE);
            }
            opt.size = (int)n;
        } else if (strcmp(argv[i], "--overlay") == 0 && i + 1 < argc) {
            overlay = argv[++i];
        } else if (strcmp(argv[i], "--sgf") == 0 && i + 1 < argc) {
            sgf_path = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage();
        } else if (!photo) {
            photo = argv[i];
        } else {
            return usage();
        }
    }
    if (!photo)
        return usage();
    uint8_t *data = NULL;
    size_t len = 0;
    static go_vision_result res;
    if ((rc = go_vision_read_file(&data, &len, photo, GO_VISION_MAX_BYTES)) < 0)
        return fail(json, rc);
    rc = go_vision_scan(&res, data, len, &opt);
    if (rc == 0 && overlay)
        rc = go_vision_write_overlay(overlay, data, len, &res);
    free(data);
    if (rc == 0 && sgf_path)
        rc = write_sgf(sgf_path, &res);
    if (rc < 0)
        return fail(json, rc);
    if (json)
        print_json(&res);
    else
        print_text(&res);
    return 0;
}
