/* JSON of a photo reading (see json_scan.h): one builder for `goref scan --json` and the
 * service's /api/scan and /api/score. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "json_scan.h"

static json_t *gtp_points(const go_point *points, int n, int size)
{
    json_t *list = json_array();
    char buf[8];
    for (int i = 0; list && i < n; i++)
        json_array_append_new(list, json_string(go_point_to_gtp(buf, sizeof buf, points[i], size)));
    return list;
}

static double tenth(double ms)
{
    return round(ms * 10.0) / 10.0;
}

/* The four corners of res into the array corners, as [x, y] to a tenth of a pixel. */
static void corners_json(json_t *corners, const go_vision_result *res)
{
    for (int c = 0; corners && c < 4; c++)
        json_array_append_new(corners, json_pack("[f,f]", round(res->corners[c][0] * 10.0) / 10.0,
                                                 round(res->corners[c][1] * 10.0) / 10.0));
}

/* The name of the reader that gave a reading's colours, in the scan's JSON. */
static const char *reader_name(go_vision_reader reader)
{
    return reader == GO_VISION_READ_CLASSIFIER ? "classifier"
           : reader == GO_VISION_READ_CLUSTERS ? "clusters"
                                               : "rule";
}

/* The fields of `goref scan --json` (cmd_scan.c): size, board, confidence, uncertain, corners,
 * timing_ms; plus off_point (the stones found off their points, among the uncertain ones), the
 * image size the corners refer to, the point classifier's model that read it, and the reader
 * that gave the colours (reader: "rule", "clusters", or "classifier" when it read alone). */
json_t *go_json_scan(const go_vision_result *res)
{
    int n = res->size;
    go_point off[GO_MAX_SIZE * GO_MAX_SIZE];
    const int offs = go_vision_off_points(res, off);
    json_t *board = json_array(), *conf = json_array(), *corners = json_array();
    for (int y = 0; y < n; y++) {
        char row[GO_MAX_SIZE + 1];
        json_t *crow = json_array();
        for (int x = 0; x < n; x++) {
            row[x] = res->color[y][x] == GO_BLACK ? 'X' : res->color[y][x] == GO_WHITE ? 'O' : '.';
            json_array_append_new(crow, json_real(round(res->confidence[y][x] * 100.0) / 100.0));
        }
        row[n] = '\0';
        json_array_append_new(board, json_string(row));
        json_array_append_new(conf, crow);
    }
    corners_json(corners, res);
    return json_pack(
        "{s:i,s:o,s:o,s:o,s:o,s:o,s:{s:f,s:f,s:f,s:f},s:i,s:i,s:s,s:s,s:s}", "size", n, "board",
        board, "confidence", conf, "uncertain", gtp_points(res->uncertain, res->uncertain_count, n),
        "off_point", gtp_points(off, offs, n), "corners", corners, "timing_ms", "decode",
        tenth(res->ms_decode), "detect", tenth(res->ms_detect), "classify", tenth(res->ms_classify),
        "total", tenth(res->ms_total), "image_width", res->image_width, "image_height",
        res->image_height, "model", go_vision_model_name(), "lattice_model",
        go_vision_lattice_model_name(), "reader", reader_name(res->reader));
}

json_t *go_json_refusal(const go_vision_result *res, const char *error_name, const char *message)
{
    json_t *corners = json_array();
    corners_json(corners, res);
    return json_pack("{s:s,s:s,s:b,s:i,s:o,s:i,s:i}", "error", error_name, "message", message,
                     "refused", 1, "size", res->size, "corners", corners, "image_width",
                     res->image_width, "image_height", res->image_height);
}

int go_scan_doubtful_points(go_point *out, const go_vision_result *res)
{
    bool seen[GO_POINTS] = {false};
    go_point off[GO_MAX_SIZE * GO_MAX_SIZE];
    int n = 0, noff = go_vision_off_points(res, off);
    for (int i = 0; i < res->uncertain_count + noff; i++) {
        go_point p = i < res->uncertain_count ? res->uncertain[i] : off[i - res->uncertain_count];
        if (!seen[p]) {
            seen[p] = true;
            out[n++] = p;
        }
    }
    return n;
}

bool go_scan_reader_warning(go_count_warning *out, const go_vision_result *res)
{
    if (res->reader != GO_VISION_READ_CLASSIFIER)
        return false;
    snprintf(out->code, sizeof out->code, "classifier_only");
    snprintf(out->message_zh, sizeof out->message_zh,
             "棋盘仅由识别模型单独读出（最后手段）：请逐一核对标记的点");
    snprintf(out->message_en, sizeof out->message_en,
             "Read by the point classifier alone (a last resort): check the marked points");
    return true;
}
