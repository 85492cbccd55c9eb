/* Photo endpoints: POST /api/scan (multipart `photo`, or the `photo_id` of a recent scan;
 * optional `size` and `corners`) -> the fields of `goref scan --json` plus overlay_url and
 * photo_id; POST /api/score (also `to_move` and the count
 * options) -> scan, suggested dead groups and the count in one call, the count with what
 * the doubtful readings could change (`decisive`); GET /api/overlay/{id}.png.
 * Forms are checked first; the scans then hold a heavy slot (bounded by the cores).
 * The scan fields come from json_scan.c, which `goref scan --json` can share. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "go/error.h"
#include "go/dead.h"
#include "go/alternatives.h"
#include "go/parse.h"
#include "go/score.h"
#include "go/vision.h"
#include "http_int.h"
#include "http_photo.h"
#include "http_score.h"
#include "json_count.h"
#include "json_scan.h"

#define OVERLAY_KEEP 64 /* overlays kept on disk; older ones are deleted */
/* The photos of the last scans are kept too, so that a re-fit (corners dragged on the page)
 * names the photo by its id instead of uploading it again over a school's Wi-Fi. Fewer than
 * the overlays: a photo may be 25 MB. */
#define PHOTO_KEEP 16
#define OVERLAY_ID_HEX 32

typedef struct overlay_store {
    char dir[512];
    pthread_mutex_t lock;
    pthread_cond_t drawn; /* an overlay left the pending state */
    char ids[OVERLAY_KEEP][OVERLAY_ID_HEX + 1];
    bool pending[OVERLAY_KEEP]; /* reserved, being drawn after the scan's reply */
    int next;
    atomic_int drawing; /* overlays being drawn: at most 2 per heavy slot, else none is made */
} overlay_store;

int http_vision_open(go_http *srv)
{
    overlay_store *o = calloc(1, sizeof *o);
    if (!o)
        return GO_ENOMEM;
    const char *tmp = getenv("TMPDIR");
    snprintf(o->dir, sizeof o->dir, "%s/goref-overlays-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(o->dir)) {
        int err = go_error_set(GO_EIO, "overlay folder %s: %s", o->dir, strerror(errno));
        free(o);
        return err;
    }
    pthread_mutex_init(&o->lock, NULL);
    pthread_cond_init(&o->drawn, NULL);
    srv->vision = o;
    return 0;
}

static void overlay_path(char *out, size_t size, const overlay_store *o, const char *id)
{
    snprintf(out, size, "%s/%s.png", o->dir, id);
}

static void photo_path(char *out, size_t size, const overlay_store *o, const char *id)
{
    snprintf(out, size, "%s/%s.photo", o->dir, id);
}

void http_vision_close(go_http *srv)
{
    overlay_store *o = srv->vision;
    if (!o)
        return;
    char path[600];
    for (int i = 0; i < OVERLAY_KEEP; i++)
        if (o->ids[i][0]) {
            overlay_path(path, sizeof path, o, o->ids[i]);
            unlink(path);
            photo_path(path, sizeof path, o, o->ids[i]);
            unlink(path);
        }
    rmdir(o->dir);
    pthread_cond_destroy(&o->drawn);
    pthread_mutex_destroy(&o->lock);
    free(o);
    srv->vision = NULL;
}

/* Reserves a fresh random id (so one client cannot guess another's) in the ring, pending until
 * overlay_draw has written it; the oldest overlay goes when the ring is full. */
static void overlay_reserve(overlay_store *o, char out[OVERLAY_ID_HEX + 1])
{
    unsigned char raw[OVERLAY_ID_HEX / 2];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(out, OVERLAY_ID_HEX + 1, raw, sizeof raw);
    pthread_mutex_lock(&o->lock);
    char old[600];
    if (o->ids[o->next][0]) {
        overlay_path(old, sizeof old, o, o->ids[o->next]);
        unlink(old);
        photo_path(old, sizeof old, o, o->ids[o->next]);
        unlink(old);
    }
    int aged = (o->next + OVERLAY_KEEP - PHOTO_KEEP) % OVERLAY_KEEP;
    if (o->ids[aged][0]) {
        photo_path(old, sizeof old, o, o->ids[aged]);
        unlink(old);
    }
    snprintf(o->ids[o->next], sizeof o->ids[0], "%s", out);
    o->pending[o->next] = true;
    o->next = (o->next + 1) % OVERLAY_KEEP;
    pthread_mutex_unlock(&o->lock);
}

/* What the overlay needs once the scan's reply is gone: copies, never the request. */
typedef struct overlay_job {
    overlay_store *store;
    go_http *srv;
    size_t reserved; /* of the decode budget, released once drawn */
    char id[OVERLAY_ID_HEX + 1];
    uint8_t *photo; /* as sent, kept for a re-fit by photo_id */
    size_t len;
    go_vision_result res;
    /* The reduced copy the reading was made from, drawn instead of the photo (with the
     * reading in its pixels), or NULL. */
    uint8_t *drawn;
    size_t drawn_len;
    go_vision_result drawn_res;
} overlay_job;

/* Runs after the reply (http_req.after): drawing the overlay costs more than the scan, so the
 * verdict does not wait for it; GET /api/overlay/{id} waits instead. */
static void overlay_draw(void *ctx)
{
    overlay_job *job = ctx;
    overlay_store *o = job->store;
    char path[600];
    /* The photo first (for a re-fit by photo_id), written whole under a temporary name so
     * that a reader never sees half of it. */
    char tmp[620];
    photo_path(path, sizeof path, o, job->id);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    bool kept = f && fwrite(job->photo, 1, job->len, f) == job->len;
    if (f && fclose(f) != 0)
        kept = false;
    if (!kept || rename(tmp, path) != 0)
        unlink(tmp); /* a re-fit by id then answers 404 and the page uploads the photo */
    overlay_path(path, sizeof path, o, job->id);
    int drawn = job->drawn
                    ? go_vision_write_overlay(path, job->drawn, job->drawn_len, &job->drawn_res)
                    : go_vision_write_overlay(path, job->photo, job->len, &job->res);
    if (drawn != 0)
        unlink(path); /* the GET then answers 404 */
    pthread_mutex_lock(&o->lock);
    for (int i = 0; i < OVERLAY_KEEP; i++)
        if (strcmp(o->ids[i], job->id) == 0)
            o->pending[i] = false;
    pthread_cond_broadcast(&o->drawn);
    pthread_mutex_unlock(&o->lock);
    atomic_fetch_sub(&o->drawing, 1);
    http_memory_release(job->srv, job->reserved);
    free(job->photo);
    free(job->drawn);
    free(job);
}

/* Waits (at most 30 s) while the overlay id is still being drawn. */
static void overlay_wait(overlay_store *o, const char *id)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 30;
    pthread_mutex_lock(&o->lock);
    for (;;) {
        bool pending = false;
        for (int i = 0; i < OVERLAY_KEEP; i++)
            if (o->pending[i] && strcmp(o->ids[i], id) == 0)
                pending = true;
        if (!pending || pthread_cond_timedwait(&o->drawn, &o->lock, &until) != 0)
            break;
    }
    pthread_mutex_unlock(&o->lock);
}

/* id is OVERLAY_ID_HEX lower-case hex digits. */
static bool is_id(const char *text, size_t len)
{
    if (len != OVERLAY_ID_HEX)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'a' && text[i] <= 'f')))
            return false;
    return true;
}

/* The photo kept for id (waiting while it is still being written): *out malloc'd. GO_ENOTFOUND
 * when it is no longer kept. */
static int kept_photo(uint8_t **out, size_t *out_len, overlay_store *o, const char *id)
{
    char path[600];
    overlay_wait(o, id);
    photo_path(path, sizeof path, o, id);
    int err = go_vision_read_file(out, out_len, path, GO_VISION_MAX_BYTES);
    if (err == GO_EIO)
        return go_error_set(GO_ENOTFOUND,
                            "the photo is no longer kept (the last %d are): send "
                            "it again",
                            PHOTO_KEEP);
    return err;
}

void http_api_overlay(http_req *r)
{
    overlay_store *o = r->srv->vision;
    const char *name = r->url + strlen("/api/overlay/");
    char id[OVERLAY_ID_HEX + 1], path[600];
    size_t n = strlen(name);
    if (n != OVERLAY_ID_HEX + 4 || strcmp(name + OVERLAY_ID_HEX, ".png") != 0)
        goto missing;
    for (size_t i = 0; i < OVERLAY_ID_HEX; i++)
        if (!((name[i] >= '0' && name[i] <= '9') || (name[i] >= 'a' && name[i] <= 'f')))
            goto missing;
    memcpy(id, name, OVERLAY_ID_HEX);
    id[OVERLAY_ID_HEX] = '\0';
    overlay_wait(o, id); /* this handler runs on a worker thread (R_WORKER): it may wait */
    overlay_path(path, sizeof path, o, id);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        goto missing;
    struct stat st;
    char *data = NULL;
    size_t got = 0;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size < 64 * 1024 * 1024 &&
        (data = malloc((size_t)st.st_size + 1)) != NULL) {
        while (got < (size_t)st.st_size) {
            ssize_t k = read(fd, data + got, (size_t)st.st_size - got);
            if (k <= 0)
                break;
            got += (size_t)k;
        }
    }
    close(fd);
    if (!data || got != (size_t)st.st_size) {
        free(data);
        goto missing;
    }
    http_reply_header(r, "Cache-Control", "private, max-age=3600");
    http_reply(r, 200, "image/png", data, got);
    free(data);
    return;
missing:
    http_reply_error(r, 404, "not_found", "no such overlay (they are kept for the last %d scans)",
                     OVERLAY_KEEP);
}

/* Multipart body -> the photo and the text fields the endpoints know, checked before a heavy
 * slot is taken. Points into the request's body, which outlives the job. */
typedef struct photo_form {
    go_http *srv;
    size_t reserved; /* of the decode budget, held by the scan */
    const char *photo;
    size_t photo_len;
    char photo_id[OVERLAY_ID_HEX + 1]; /* "" or a kept photo to read instead of an upload */
    uint8_t *kept;                     /* that photo, read by the job */
    go_vision_options vision;          /* size, and the corners a person placed */
    go_color to_move;                  /* for the dead-stone suggestion of /api/score */
    go_count_options count;            /* /api/score */
    json_t *fields;                    /* komi_stones, rules, handicap as a JSON object */
} photo_form;

static void photo_form_free(void *ctx)
{
    photo_form *f = ctx;
    if (!f)
        return;
    http_memory_release(f->srv, f->reserved);
    json_decref(f->fields);
    free(f->kept);
    free(f);
}

#define CORNERS_SHAPE                                                                              \
    "'corners' must be [[x,y],[x,y],[x,y],[x,y]]: the grid's outer corners in photo pixels, "      \
    "top-left, top-right, bottom-right, bottom-left"

/* The corners field: JSON text of four [x, y] pairs (pixels of the photo as displayed, after
 * its EXIF orientation). Whether they lie on the photo is vision's check (it knows the size). */
static int parse_corners(http_req *r, go_vision_options *out, const char *text, size_t len)
{
    json_error_t jerr;
    json_t *j = json_loadb(text, len, JSON_DECODE_ANY, &jerr);
    int rc = -1;
    if (!json_is_array(j) || json_array_size(j) != 4) {
        http_reply_error(r, 400, "invalid", CORNERS_SHAPE);
        goto done;
    }
    for (size_t c = 0; c < 4; c++) {
        json_t *pt = json_array_get(j, c);
        if (!json_is_array(pt) || json_array_size(pt) != 2 ||
            !json_is_number(json_array_get(pt, 0)) || !json_is_number(json_array_get(pt, 1))) {
            http_reply_error(r, 400, "invalid", CORNERS_SHAPE);
            goto done;
        }
        for (size_t k = 0; k < 2; k++) {
            double v = json_number_value(json_array_get(pt, k));
            if (!isfinite(v) || fabs(v) > 100000.0) {
                http_reply_error(r, 400, "range", "corner %zu: %g is not a pixel of a photo", c + 1,
                                 v);
                goto done;
            }
            out->corners[c][k] = v;
        }
    }
    out->have_corners = 1;
    rc = 0;
done:
    json_decref(j);
    return rc;
}

static int read_form(http_req *r, photo_form *out)
{
    http_part parts[HTTP_MAX_PARTS];
    int n = 0;
    out->vision = (go_vision_options)GO_VISION_OPTIONS_INIT;
    out->to_move = GO_BLACK;
    const char *ct = http_header(r, MHD_HTTP_HEADER_CONTENT_TYPE);
    if (!http_content_type_is(ct, "multipart/form-data")) {
        http_reply_error(r, 415, "content_type",
                         "send the photo as multipart/form-data in a field named 'photo'");
        return -1;
    }
    int err =
        http_multipart_parse(parts, &n, HTTP_MAX_PARTS, ct, r->body ? r->body : "", r->body_len);
    if (err) {
        http_reply_goerr(r, err);
        return -1;
    }
    out->fields = json_object();
    if (!out->fields) {
        http_reply_goerr(r, GO_ENOMEM);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        const http_part *p = &parts[i];
        if (strcmp(p->name, "photo") == 0) {
            out->photo = p->data;
            out->photo_len = p->len;
            continue;
        }
        char text[256];
        if (p->len >= sizeof text || memchr(p->data, '\0', p->len)) {
            http_reply_error(r, 400, "invalid", "field '%s' is too long", p->name);
            return -1;
        }
        memcpy(text, p->data, p->len);
        text[p->len] = '\0';
        if (strcmp(p->name, "size") == 0) {
            long v = 0;
            bool detect = text[0] == '\0' || strcmp(text, "auto") == 0;
            if (!detect && (go_parse_long(&v, text, 0, GO_MAX_SIZE) != 0 || (v != 0 && v < 5))) {
                http_reply_error(r, 400, "range", "'size' must be 0 (detect) or 5 to %d",
                                 GO_MAX_SIZE);
                return -1;
            }
            out->vision.size = (int)v;
        } else if (strcmp(p->name, "corners") == 0) {
            if (text[0] && parse_corners(r, &out->vision, text, p->len))
                return -1;
        } else if (strcmp(p->name, "photo_id") == 0) {
            if (!is_id(text, p->len)) {
                http_reply_error(r, 400, "invalid",
                                 "'photo_id' is the %d hex digits a scan returned", OVERLAY_ID_HEX);
                return -1;
            }
            memcpy(out->photo_id, text, p->len + 1);
        } else if (strcmp(p->name, "to_move") == 0) {
            if (text[0] && http_to_move_parse(r, &out->to_move, text))
                return -1;
        } else if (strcmp(p->name, "handicap") == 0) {
            long v = 0;
            if (go_parse_long(&v, text, 0, 25) != 0) {
                http_reply_error(r, 400, "range", "'handicap' must be 0 to 25");
                return -1;
            }
            json_object_set_new(out->fields, "handicap", json_integer(v));
        } else if (strcmp(p->name, "komi_stones") == 0 || strcmp(p->name, "komi_points") == 0 ||
                   strcmp(p->name, "rules") == 0) {
            json_t *s = json_string(text);
            if (!s) {
                http_reply_error(r, 400, "charset", "field '%s' is not UTF-8", p->name);
                return -1;
            }
            json_object_set_new(out->fields, p->name, s);
        }
    }
    if (out->vision.have_corners && out->vision.size == 0) {
        http_reply_error(r, 400, "invalid",
                         "'corners' need 'size': the board size the corners frame");
        return -1;
    }
    if (out->photo && out->photo_id[0]) {
        http_reply_error(r, 400, "invalid", "send 'photo' or 'photo_id', not both");
        return -1;
    }
    if ((!out->photo || out->photo_len == 0) && !out->photo_id[0]) {
        http_reply_error(r, 400, "invalid", "no photo: send the image in a field named 'photo'");
        return -1;
    }
    return 0;
}

/* Checks the form on the polling thread and queues job in a heavy slot (see http_heavy_job). */
static void queue_photo_job(http_req *r, void (*job)(http_req *r), bool score)
{
    photo_form *form = calloc(1, sizeof *form);
    if (!form) {
        http_reply_goerr(r, GO_ENOMEM);
        return;
    }
    form->srv = r->srv;
    if (read_form(r, form) ||
        (score && http_count_options_from_json(r, &form->count, form->fields))) {
        photo_form_free(form);
        return;
    }
    /* A photo too large to decode within the whole budget is refused before it takes a slot. */
    size_t need = form->photo ? http_photo_memory(form->photo, form->photo_len) : 0;
    if (need > r->srv->opts.heavy_memory) {
        http_reply_error_zh(r, 413, "too_big", "照片像素太多，无法读取：请用手机相机的普通尺寸",
                            "decoding this photo would take about %zu MB; the limit is %zu MB",
                            need >> 20, r->srv->opts.heavy_memory >> 20);
        photo_form_free(form);
        return;
    }
    http_heavy_job(r, job, form, photo_form_free);
}

/* No board: the error, with where the reader saw the board (`refused`: true, `size`,
 * `corners` in the photo's pixels as displayed), so that the page starts a person's corners
 * there rather than from nothing. */
static void reply_refused(http_req *r, const go_vision_result *res)
{
    const char *code;
    const int status = http_status_of(GO_ENOBOARD, &code);
    json_t *j = go_json_refusal(res, code, go_error_last());
    if (!j) {
        http_reply_goerr(r, GO_ENOBOARD);
        return;
    }
    json_object_set_new(j, "message_zh", json_string(http_error_zh(code)));
    snprintf(r->error_code, sizeof r->error_code, "%s", code);
    http_reply_json(r, status, j);
}

/* Scans the form's photo (on the worker, in the heavy slot); on success *out is malloc'd and
 * the overlay id set (or "" when there is no memory to draw it: the reading still stands). */
static int scan(http_req *r, go_vision_result **out, char overlay_id[OVERLAY_ID_HEX + 1],
                photo_form *form)
{
    *out = NULL;
    overlay_id[0] = '\0';
    if (form->photo_id[0]) {
        size_t len = 0;
        int err = kept_photo(&form->kept, &len, r->srv->vision, form->photo_id);
        if (err) {
            http_reply_goerr(r, err);
            return -1;
        }
        form->photo = (const char *)form->kept;
        form->photo_len = len;
    }
    /* Heavy slots bound the CPU; the decode budget bounds the memory: a few huge photos at
     * once must not take the machine's memory. */
    size_t need = http_photo_memory(form->photo, form->photo_len);
    if (need > r->srv->opts.heavy_memory) {
        http_reply_error_zh(r, 413, "too_big", "照片像素太多，无法读取：请用手机相机的普通尺寸",
                            "decoding this photo would take about %zu MB; the limit is %zu MB",
                            need >> 20, r->srv->opts.heavy_memory >> 20);
        return -1;
    }
    if (!http_memory_reserve(r->srv, need)) {
        http_reply_header(r, "Retry-After", "2");
        http_reply_error_zh(r, 503, "busy", "服务器正在读取其他大照片，请稍后再试",
                            "other large photos are being read; try again in a moment");
        return -1;
    }
    form->reserved = need;
    go_vision_result *res = malloc(sizeof *res);
    http_photo small;
    int err = res ? http_photo_reduce(&small, form->photo, form->photo_len) : GO_ENOMEM;
    if (err) {
        http_reply_goerr(r, err);
        free(res);
        return -1;
    }
    go_vision_options vopt = form->vision;
    http_photo_map_options(&small, &vopt);
    err = small.png ? go_vision_scan(res, small.png, small.png_len, &vopt)
                    : go_vision_scan(res, form->photo, form->photo_len, &vopt);
    go_vision_result in_small = *res; /* the overlay is drawn on the reduced copy */
    http_photo_map_result(&small, res);
    if (err) {
        if (err == GO_ENOBOARD && res->size > 0)
            reply_refused(r, res);
        else
            http_reply_goerr(r, err);
        http_photo_free(&small);
        free(res);
        return -1;
    }
    /* The overlay is drawn after the reply, from copies (the body goes with the request).
     * Under a crowd of scans the overlays would fall behind: then the reply has none. */
    overlay_store *o = r->srv->vision;
    if (atomic_fetch_add(&o->drawing, 1) >= 2 * (int)r->srv->opts.max_heavy) {
        atomic_fetch_sub(&o->drawing, 1);
        http_photo_free(&small);
        *out = res;
        return 0;
    }
    overlay_job *job = malloc(sizeof *job);
    uint8_t *photo = job ? malloc(form->photo_len) : NULL;
    if (job && photo) {
        memcpy(photo, form->photo, form->photo_len);
        job->store = r->srv->vision;
        job->srv = r->srv;
        job->reserved = form->reserved; /* drawing decodes the photo again */
        form->reserved = 0;
        job->photo = photo;
        job->len = form->photo_len;
        job->res = *res;
        job->drawn = small.png; /* the job owns the reduced copy now */
        job->drawn_len = small.png_len;
        job->drawn_res = in_small;
        small.png = NULL;
        overlay_reserve(job->store, job->id);
        snprintf(overlay_id, OVERLAY_ID_HEX + 1, "%s", job->id);
        r->after = overlay_draw;
        r->after_ctx = job;
    } else {
        atomic_fetch_sub(&o->drawing, 1);
        free(job);
        free(photo);
    }
    http_photo_free(&small);
    *out = res;
    return 0;
}

/* overlay_url, and photo_id: the id a re-fit sends instead of the photo (the same id; null
 * when nothing was kept, under a crowd of scans). */
static void set_overlay_url(json_t *j, const char *id)
{
    char url[64];
    snprintf(url, sizeof url, "/api/overlay/%s.png", id);
    json_object_set_new(j, "overlay_url", id[0] ? json_string(url) : json_null());
    json_object_set_new(j, "photo_id", id[0] ? json_string(id) : json_null());
}

static void scan_run(http_req *r)
{
    photo_form *form = r->job_ctx;
    go_vision_result *res = NULL;
    char overlay_id[OVERLAY_ID_HEX + 1];
    if (scan(r, &res, overlay_id, form))
        return;
    json_t *j = go_json_scan(res);
    if (j)
        set_overlay_url(j, overlay_id);
    http_reply_json(r, 200, j);
    free(res);
}

void http_api_scan(http_req *r)
{
    queue_photo_job(r, scan_run, false);
}

static void score_run(http_req *r)
{
    photo_form *form = r->job_ctx;
    go_vision_result *res = NULL;
    go_dead_suggestion *sug = NULL;
    go_count *count = NULL;
    go_alternatives *alt = NULL;
    char overlay_id[OVERLAY_ID_HEX + 1], *count_text = NULL, *alt_text = NULL;
    if (scan(r, &res, overlay_id, form))
        goto done;
    sug = malloc(sizeof *sug);
    count = malloc(sizeof *count);
    alt = malloc(sizeof *alt);
    if (!sug || !count || !alt) {
        http_reply_goerr(r, GO_ENOMEM);
        goto done;
    }
    go_suggest_options sopts = GO_SUGGEST_OPTIONS_INIT;
    int err = go_score_suggest_dead(sug, &res->board, form->to_move, &sopts);
    if (!err)
        err = go_score_count(count, &res->board, sug->dead, sug->ndead, &form->count);
    /* What the doubtful points and groups could change, as `goref score` says it. */
    if (!err) {
        go_point points[GO_MAX_SIZE * GO_MAX_SIZE], groups[GO_MAX_GROUPS];
        int npoints = go_scan_doubtful_points(points, res);
        int ngroups = go_suggestion_doubtful_groups(groups, sug);
        err = go_score_alternatives(alt, &res->board, sug->dead, sug->ndead, points, npoints,
                                    groups, ngroups, &form->count);
    }
    if (!err) {
        go_count_warn_decisive(count, alt);
        if (count->nwarnings < GO_COUNT_MAX_WARNINGS &&
            go_scan_reader_warning(&count->warnings[count->nwarnings], res))
            count->nwarnings++;
        err = go_count_to_json(&count_text, count, sug->dead, sug->ndead, sug->seki, sug->nseki);
    }
    if (!err)
        err = go_alternatives_to_json(&alt_text, alt, res->size);
    if (err) {
        http_reply_goerr(r, err);
        goto done;
    }
    json_t *scan_j = go_json_scan(res);
    if (scan_j)
        set_overlay_url(scan_j, overlay_id);
    json_t *count_j = json_loads(count_text, 0, NULL);
    if (count_j)
        json_object_set_new(count_j, "decisive", json_loads(alt_text, 0, NULL));
    json_t *j = json_pack("{s:o,s:o,s:o}", "scan", scan_j, "suggestion",
                          http_suggestion_json(sug, &res->board), "count", count_j);
    http_reply_json(r, 200, j);
done:
    free(alt_text);
    free(alt);
    free(count_text);
    free(count);
    free(sug);
    free(res);
}

void http_api_score(http_req *r)
{
    queue_photo_job(r, score_run, true);
}
