/* The count sheet as a PNG to print on A5: cairo draws the page (board, stones, dead stones
 * crossed out, territory marks), Pango lays out the text in Chinese and English with a CJK font,
 * libpng writes the file with its print resolution. One font map for the process, made on the
 * first sheet; pages are drawn one at a time because Pango's font map is not thread-safe. */
#include <assert.h>
#include <pango/pangocairo.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet_int.h"

/* A5 portrait at 8 pixels per millimetre (203.2 dpi): 148 x 210 mm. */
enum {
    PAGE_W = 1184,
    PAGE_H = 1680,
    PX_PER_METRE = 8000,
    MARGIN = 80,        /* 10 mm left, right and top */
    MARGIN_BOTTOM = 56, /* 7 mm */
    CONTENT_W = PAGE_W - 2 * MARGIN,
    MIN_BOARD = 480,      /* below this the diagram no longer reads on paper */
    MAX_CELL = 90,        /* small boards stay at a real board's scale or below */
    MAX_INFO_BYTES = 256, /* per player, date or event string */
};

/* Families in order of preference; fontconfig falls back to any other font with the glyphs. */
static const char FONT_FAMILIES[] = "WenQuanYi Micro Hei,Noto Sans CJK SC,sans-serif";
static const char FONT_HINT[] =
    "install a CJK font (Debian: fonts-wqy-microhei, see scripts/deps.sh)";

typedef struct rgb {
    double r, g, b;
} rgb;

static const rgb WOOD = {0.87, 0.72, 0.43}, INK = {0.12, 0.12, 0.12}, PAPER = {0.98, 0.98, 0.96},
                 RED = {0.78, 0.12, 0.12}, GREY = {0.55, 0.55, 0.55}, WHITE = {1, 1, 1},
                 WARN_BG = {1.0, 0.93, 0.93}, SOFT = {0.35, 0.35, 0.35};

static pthread_once_t fonts_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t fonts_lock = PTHREAD_MUTEX_INITIALIZER;
static PangoFontMap *fonts; /* lives as long as the process */

static void fonts_init(void)
{
    fonts = pango_cairo_font_map_new();
}

/* A layout on the shared font map with fixed rendering options, so that the same sheet gives the
 * same bytes whatever the machine's fontconfig says about hinting or subpixel order. Called with
 * fonts_lock held. */
static PangoLayout *layout_new(cairo_t *cr)
{
    pthread_once(&fonts_once, fonts_init);
    if (!fonts)
        return NULL;
    PangoContext *ctx = pango_font_map_create_context(fonts);
    if (!ctx)
        return NULL;
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(ctx, fo);
    cairo_font_options_destroy(fo);
    if (cr)
        pango_cairo_update_context(cr, ctx);
    PangoLayout *layout = pango_layout_new(ctx);
    g_object_unref(ctx);
    return layout;
}

typedef struct page {
    cairo_t *cr;
    PangoLayout *layout;
    PangoFontDescription *font;
    int rc; /* the first error; drawing stops after it */
} page;

typedef enum { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT } align;
typedef enum { WRAP, ONE_LINE } flow;

/* s cut after 40 characters, for an error message. */
static const char *excerpt(char *buf, size_t size, const char *s)
{
    if (g_utf8_strlen(s, -1) <= 40) {
        snprintf(buf, size, "%s", s);
        return buf;
    }
    int bytes = (int)(g_utf8_offset_to_pointer(s, 40) - s);
    snprintf(buf, size, "%.*s...", bytes, s);
    return buf;
}

static void set_text(page *p, const char *s, int px, bool bold, int width, align a, flow f)
{
    pango_font_description_set_absolute_size(p->font, px * PANGO_SCALE);
    pango_font_description_set_weight(p->font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(p->layout, p->font);
    pango_layout_set_width(p->layout, width * PANGO_SCALE);
    pango_layout_set_alignment(p->layout, a == ALIGN_CENTER  ? PANGO_ALIGN_CENTER
                                          : a == ALIGN_RIGHT ? PANGO_ALIGN_RIGHT
                                                             : PANGO_ALIGN_LEFT);
    pango_layout_set_single_paragraph_mode(p->layout, f == ONE_LINE);
    pango_layout_set_ellipsize(p->layout,
                               f == ONE_LINE ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
    pango_layout_set_wrap(p->layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(p->layout, s, -1);
}

/* Draws s in the box of the given width whose top left is (x, y); returns the height it took.
 * A character no font has fails the page: boxes on a signed sheet would be worse than none. */
static int text(page *p, int x, int y, int width, const char *s, int px, bool bold, rgb c, align a,
                flow f)
{
    if (p->rc)
        return 0;
    set_text(p, s, px, bold, width, a, f);
    int missing = pango_layout_get_unknown_glyphs_count(p->layout);
    if (missing > 0) {
        char quoted[200];
        p->rc = go_error_set(
            GO_EUNSUPPORTED, "count sheet: no installed font can draw %d character%s of \"%s\"; %s",
            missing, missing == 1 ? "" : "s", excerpt(quoted, sizeof quoted, s), FONT_HINT);
        return 0;
    }
    cairo_set_source_rgb(p->cr, c.r, c.g, c.b);
    cairo_move_to(p->cr, x, y);
    pango_cairo_show_layout(p->cr, p->layout);
    PangoRectangle logical;
    pango_layout_get_pixel_extents(p->layout, NULL, &logical);
    return logical.height;
}

static void fill_rect(cairo_t *cr, double x, double y, double w, double h, rgb c)
{
    cairo_set_source_rgb(cr, c.r, c.g, c.b);
    cairo_rectangle(cr, x, y, w, h);
    cairo_fill(cr);
}

static void stone(cairo_t *cr, double cx, double cy, double r, bool black)
{
    cairo_new_sub_path(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * G_PI);
    cairo_set_source_rgb(cr, black ? INK.r : PAPER.r, black ? INK.g : PAPER.g,
                         black ? INK.b : PAPER.b);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, INK.r, INK.g, INK.b);
    cairo_set_line_width(cr, 2);
    cairo_stroke(cr);
}

/* A territory mark: a square of the owner's colour, outlined so White's shows on paper. */
static void mark(cairo_t *cr, double cx, double cy, double half, bool black)
{
    cairo_rectangle(cr, cx - half, cy - half, 2 * half, 2 * half);
    cairo_set_source_rgb(cr, black ? INK.r : PAPER.r, black ? INK.g : PAPER.g,
                         black ? INK.b : PAPER.b);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, INK.r, INK.g, INK.b);
    cairo_set_line_width(cr, 1.5);
    cairo_stroke(cr);
}

static void cross(cairo_t *cr, double cx, double cy, double half, double width)
{
    cairo_set_source_rgb(cr, RED.r, RED.g, RED.b);
    cairo_set_line_width(cr, width);
    cairo_move_to(cr, cx - half, cy - half);
    cairo_line_to(cr, cx + half, cy + half);
    cairo_move_to(cr, cx - half, cy + half);
    cairo_line_to(cr, cx + half, cy - half);
    cairo_stroke(cr);
}

/* The board in the square of side `side` at (x0, y0): coordinates around it as on the text
 * sheet (letters without I, row 1 at the bottom). Fills the geometry's point grid. */
static void draw_board(page *p, sheet_geometry *g, const go_count *c, int x0, int y0, int side)
{
    cairo_t *cr = p->cr;
    int size = c->size;
    /* side = (size - 1) * cell + 2 * pad, with pad = 1.1 cells for the coordinates. */
    int cell = (int)(side * 10 / ((size - 1) * 10 + 22));
    if (cell > MAX_CELL)
        cell = MAX_CELL;
    int pad = cell + cell / 10;
    int board = (size - 1) * cell + 2 * pad;
    x0 += (side - board) / 2;
    fill_rect(cr, x0, y0, board, board, WOOD);
    int fx = x0 + pad, fy = y0 + pad, last = (size - 1) * cell;
    g->first_x = fx;
    g->first_y = fy;
    g->cell = cell;

    cairo_set_source_rgb(cr, INK.r, INK.g, INK.b);
    cairo_set_line_width(cr, 2);
    for (int i = 0; i < size; i++) {
        cairo_move_to(cr, fx, fy + i * cell);
        cairo_line_to(cr, fx + last, fy + i * cell);
        cairo_move_to(cr, fx + i * cell, fy);
        cairo_line_to(cr, fx + i * cell, fy + last);
    }
    cairo_stroke(cr);

    int label_px = cell * 2 / 5;
    label_px = label_px < 12 ? 12 : label_px > 26 ? 26 : label_px;
    int away = cell * 4 / 5; /* label centre, from the outer line */
    for (int i = 0; i < size; i++) {
        char label[16];
        go_point_to_gtp(label, sizeof label, go_point_at(i, 0), size);
        label[1] = '\0';
        int lx = fx + i * cell - cell / 2;
        text(p, lx, fy - away - label_px * 2 / 3, cell, label, label_px, false, INK, ALIGN_CENTER,
             ONE_LINE);
        text(p, lx, fy + last + away - label_px * 2 / 3, cell, label, label_px, false, INK,
             ALIGN_CENTER, ONE_LINE);
        snprintf(label, sizeof label, "%d", size - i);
        int ly = fy + i * cell - label_px * 2 / 3;
        text(p, fx - away - cell / 2, ly, cell, label, label_px, false, INK, ALIGN_CENTER,
             ONE_LINE);
        text(p, fx + last + away - cell / 2, ly, cell, label, label_px, false, INK, ALIGN_CENTER,
             ONE_LINE);
    }

    double r = cell * 0.47, half = cell / 5.0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            double cx = fx + x * cell, cy = fy + y * cell;
            switch ((go_owner)c->owner[go_point_at(x, y)]) {
            case GO_OWN_BLACK_STONE:
                stone(cr, cx, cy, r, true);
                break;
            case GO_OWN_WHITE_STONE:
                stone(cr, cx, cy, r, false);
                break;
            case GO_OWN_BLACK_DEAD: /* the stone, White's point under it, crossed out */
                stone(cr, cx, cy, r, true);
                mark(cr, cx, cy, half, false);
                cross(cr, cx, cy, r * 0.7, cell / 12.0 + 1);
                break;
            case GO_OWN_WHITE_DEAD:
                stone(cr, cx, cy, r, false);
                mark(cr, cx, cy, half, true);
                cross(cr, cx, cy, r * 0.7, cell / 12.0 + 1);
                break;
            case GO_OWN_BLACK_AREA:
                mark(cr, cx, cy, half, true);
                break;
            case GO_OWN_WHITE_AREA:
                mark(cr, cx, cy, half, false);
                break;
            case GO_OWN_SHARED:
                fill_rect(cr, cx - half, cy - 2, 2 * half, 4, GREY);
                break;
            default:
                break;
            }
        }
}

/* Valid UTF-8 within `size` bytes (the count's fixed text fields). */
static bool field_ok(const char *s, size_t size)
{
    const char *end = memchr(s, '\0', size);
    return end && g_utf8_validate(s, end - s, NULL);
}

static int check_string(const char *s, const char *what)
{
    if (!s)
        return 0;
    size_t n = strlen(s);
    if (n > MAX_INFO_BYTES)
        return go_error_set(GO_ETOOBIG, "count sheet: the %s is %zu bytes, more than %d", what, n,
                            MAX_INFO_BYTES);
    if (!g_utf8_validate(s, (gssize)n, NULL))
        return go_error_set(GO_ECHARSET, "count sheet: the %s is not UTF-8", what);
    return 0;
}

static int check_input(const go_count *c, const go_sheet_info *info, const sheet_warning *w, int nw)
{
    if (c->size < GO_MIN_SIZE || c->size > GO_MAX_SIZE)
        return go_error_set(GO_EINVAL, "count sheet: board size %d is outside %d..%d", c->size,
                            GO_MIN_SIZE, GO_MAX_SIZE);
    if (!field_ok(c->verdict_zh, sizeof c->verdict_zh) ||
        !field_ok(c->verdict_en, sizeof c->verdict_en) ||
        !field_ok(c->check_zh, sizeof c->check_zh) || !field_ok(c->check_en, sizeof c->check_en))
        return go_error_set(GO_EINVAL, "count sheet: the count's verdict texts are not UTF-8 text");
    int rc = 0;
    if (info) {
        if (info->version != GO_SHEET_INFO_VERSION)
            return go_error_set(GO_EINVAL, "count sheet: info version %d, this library knows %d",
                                info->version, GO_SHEET_INFO_VERSION);
        if ((rc = check_string(info->black, "Black player's name")) ||
            (rc = check_string(info->white, "White player's name")) ||
            (rc = check_string(info->date, "date")) || (rc = check_string(info->event, "event")))
            return rc;
    }
    if (nw < 0 || (nw > 0 && !w))
        return go_error_set(GO_EINVAL, "count sheet: %d warnings without a list", nw);
    for (int i = 0; i < nw; i++) {
        if ((!w[i].message_zh || !*w[i].message_zh) && (!w[i].message_en || !*w[i].message_en))
            return go_error_set(GO_EINVAL, "count sheet: warning %d has no text", i + 1);
        if ((rc = check_string(w[i].message_zh, "warning")) ||
            (rc = check_string(w[i].message_en, "warning")))
            return rc;
    }
    return 0;
}

static bool given(const char *s)
{
    return s && *s;
}

/* The known parts of info[first], info[first + 1] with their labels on one line: the players
 * ("黑方 Black：张三    白方 White：李四") or the date and event. */
static void info_line(char *buf, size_t size, const go_sheet_info *info, int first)
{
    buf[0] = '\0';
    if (!info)
        return;
    const char *labels[4] = {"黑方 Black：", "白方 White：", "日期 Date：", "比赛 Event："};
    const char *values[4] = {info->black, info->white, info->date, info->event};
    size_t len = 0;
    for (int i = first; i < first + 2; i++)
        if (given(values[i]))
            len += (size_t)snprintf(buf + len, size - len, "%s%s%s", len ? "    " : "", labels[i],
                                    values[i]);
}

/* Everything below the board: the counts of each side, how Black's requirement is made up, and
 * the key to the marks. Returns its height; draws only when draw is true. */
static int draw_counts(page *p, const go_count *c, int y, bool draw)
{
    const int row = 36, px = 24;
    const int col_label = MARGIN, col_black = MARGIN + 520, col_white = MARGIN + 780, col_w = 240;
    char b[24], w[24], q1[24], q2[24], q3[24], q4[24], line[512];
    int y0 = y;
    if (draw) {
        text(p, col_black, y, col_w, "黑方 Black", px, true, INK, ALIGN_RIGHT, ONE_LINE);
        text(p, col_white, y, col_w, "白方 White", px, true, INK, ALIGN_RIGHT, ONE_LINE);
    }
    y += row;
    struct {
        const char *label;
        int black_quarters, white_quarters;
        bool bold;
    } rows[] = {
        {"活子 Stones on the board", 4 * c->black_stones, 4 * c->white_stones, false},
        {"空点（含提去的死子）Territory (incl. dead)", 4 * c->black_territory,
         4 * c->white_territory, false},
        {NULL, 2 * c->shared, 2 * c->shared, false},
        {"合计 Total", c->black_total_quarters, c->white_total_quarters, true},
    };
    char shared_label[96];
    snprintf(shared_label, sizeof shared_label, "公共点 %d 个各得一半 Half of %d shared", c->shared,
             c->shared);
    rows[2].label = shared_label;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (draw) {
            if (rows[i].bold)
                fill_rect(p->cr, col_label, y - 4, CONTENT_W, 2, GREY);
            text(p, col_label, y, col_black - col_label, rows[i].label, px, rows[i].bold, INK,
                 ALIGN_LEFT, ONE_LINE);
            go_score_format_quarters(b, sizeof b, rows[i].black_quarters, false);
            go_score_format_quarters(w, sizeof w, rows[i].white_quarters, false);
            text(p, col_black, y, col_w, b, px, rows[i].bold, INK, ALIGN_RIGHT, ONE_LINE);
            text(p, col_white, y, col_w, w, px, rows[i].bold, INK, ALIGN_RIGHT, ONE_LINE);
        }
        y += row;
    }
    y += 6;
    go_score_format_quarters(q1, sizeof q1, c->par_quarters, false);
    go_score_format_quarters(q2, sizeof q2, c->komi_quarters, false);
    go_score_format_quarters(q3, sizeof q3, c->giveback_quarters, false);
    go_score_format_quarters(q4, sizeof q4, c->required_black_quarters, false);
    if (c->giveback_quarters)
        snprintf(line, sizeof line,
                 "归本数 %s ＋ 贴 %s ＋ 让子贴还 %s ＝ %s 子（提去死子：黑 %d，白 %d）", q1, q2, q3,
                 q4, c->black_dead, c->white_dead);
    else
        snprintf(line, sizeof line, "归本数 %s ＋ 贴 %s ＝ %s 子（提去死子：黑 %d，白 %d）", q1, q2,
                 q4, c->black_dead, c->white_dead);
    if (draw)
        text(p, MARGIN, y, CONTENT_W, line, px - 2, false, INK, ALIGN_LEFT, ONE_LINE);
    y += row - 4;
    go_score_format_quarters(q1, sizeof q1, c->par_quarters, true);
    go_score_format_quarters(q2, sizeof q2, c->komi_quarters, true);
    go_score_format_quarters(q3, sizeof q3, c->giveback_quarters, true);
    go_score_format_quarters(q4, sizeof q4, c->required_black_quarters, true);
    if (c->giveback_quarters)
        snprintf(line, sizeof line,
                 "Par %s + komi %s + handicap give-back %s = %s stones (dead removed: %d Black, "
                 "%d White)",
                 q1, q2, q3, q4, c->black_dead, c->white_dead);
    else
        snprintf(line, sizeof line,
                 "Par %s + komi %s = %s stones (dead removed: %d Black, %d White)", q1, q2, q4,
                 c->black_dead, c->white_dead);
    if (draw)
        text(p, MARGIN, y, CONTENT_W, line, px - 4, false, SOFT, ALIGN_LEFT, ONE_LINE);
    y += row;
    if (draw)
        text(p, MARGIN, y, CONTENT_W,
             "■ 黑空 Black's area    □ 白空 White's area    ▬ 公共 Shared    × 死子（已提）Dead, "
             "removed",
             px - 4, false, SOFT, ALIGN_LEFT, ONE_LINE);
    y += row - 6;
    return y - y0;
}

static void box_of(sheet_box *b, int x, int y, int w, int h)
{
    b->x = x;
    b->y = y;
    b->w = h > 0 ? w : 0;
    b->h = h > 0 ? h : 0;
}

/* Draws the whole page on cr (PAGE_W x PAGE_H). */
static int draw_page(page *p, sheet_geometry *g, const go_count *c, const go_sheet_info *info,
                     const sheet_warning *warnings, int nwarnings)
{
    cairo_t *cr = p->cr;
    fill_rect(cr, 0, 0, PAGE_W, PAGE_H, WHITE);
    int y = MARGIN - 16;

    y += text(p, MARGIN, y, CONTENT_W, "数子计分表  Count sheet", 36, true, INK, ALIGN_LEFT,
              ONE_LINE);
    char line[2 * MAX_INFO_BYTES + 64];
    int info_y = y + 4, info_h = 0;
    for (int first = 0; first < 4; first += 2) {
        info_line(line, sizeof line, info, first);
        if (line[0])
            info_h += text(p, MARGIN, info_y + info_h, CONTENT_W, line, 24, false, INK, ALIGN_LEFT,
                           ONE_LINE);
    }
    box_of(&g->players, MARGIN, info_y, CONTENT_W, info_h);
    y = info_y + info_h;
    y += 10;
    fill_rect(cr, MARGIN, y, CONTENT_W, 2, INK);
    y += 16;

    if (nwarnings > 0) {
        /* Laid out first to size the red box behind it, then drawn over it. */
        const int pad = 12, inner = CONTENT_W - 2 * pad - 8;
        int h = pad;
        for (int pass = 0; pass < 2 && !p->rc; pass++) {
            int wy = y + pad;
            if (pass == 1) {
                fill_rect(cr, MARGIN, y, CONTENT_W, h, WARN_BG);
                fill_rect(cr, MARGIN, y, 6, h, RED);
            }
            for (int i = 0; i < nwarnings; i++) {
                const sheet_warning *w = &warnings[i];
                if (given(w->message_zh)) {
                    if (pass == 0) {
                        set_text(p, w->message_zh, 28, true, inner, ALIGN_LEFT, WRAP);
                        int lh;
                        pango_layout_get_pixel_size(p->layout, NULL, &lh);
                        wy += lh;
                    } else {
                        wy += text(p, MARGIN + pad + 8, wy, inner, w->message_zh, 28, true, RED,
                                   ALIGN_LEFT, WRAP);
                    }
                }
                if (given(w->message_en)) {
                    if (pass == 0) {
                        set_text(p, w->message_en, 22, false, inner, ALIGN_LEFT, WRAP);
                        int lh;
                        pango_layout_get_pixel_size(p->layout, NULL, &lh);
                        wy += lh;
                    } else {
                        wy += text(p, MARGIN + pad + 8, wy, inner, w->message_en, 22, false, RED,
                                   ALIGN_LEFT, WRAP);
                    }
                }
                wy += i + 1 < nwarnings ? 6 : 0;
            }
            h = wy + pad - y;
        }
        box_of(&g->warnings, MARGIN, y, CONTENT_W, h);
        y += h + 16;
    }

    int h = text(p, MARGIN, y, CONTENT_W, c->verdict_zh, 60, true, INK, ALIGN_LEFT, WRAP);
    box_of(&g->verdict_zh, MARGIN, y, CONTENT_W, h);
    y += h;
    y += text(p, MARGIN, y, CONTENT_W, c->verdict_en, 28, false, INK, ALIGN_LEFT, WRAP);
    y += 12;
    h = text(p, MARGIN, y, CONTENT_W, c->check_zh, 30, false, INK, ALIGN_LEFT, WRAP);
    box_of(&g->check_zh, MARGIN, y, CONTENT_W, h);
    y += h;
    y += text(p, MARGIN, y, CONTENT_W, c->check_en, 22, false, SOFT, ALIGN_LEFT, WRAP);
    y += 16;
    if (p->rc)
        return p->rc;

    int counts_h = draw_counts(p, c, 0, false);
    int bottom = PAGE_H - MARGIN_BOTTOM - counts_h - 16;
    int side = bottom - y < CONTENT_W ? bottom - y : CONTENT_W;
    if (side < MIN_BOARD)
        return go_error_set(GO_ETOOBIG,
                            "count sheet: %d warnings leave %d pixels for the board on an A5 page, "
                            "less than %d",
                            nwarnings, side, MIN_BOARD);
    draw_board(p, g, c, MARGIN + (CONTENT_W - side) / 2, y, side);
    draw_counts(p, c, bottom + 16, true);
    return p->rc;
}

/* Copies the cairo page into RGB rows and writes it with libpng (below). */
typedef struct membuf {
    unsigned char *data;
    size_t len, cap;
    int failed;
} membuf;

static void write_mem(png_structp png, png_bytep data, png_size_t len)
{
    membuf *m = png_get_io_ptr(png);
    if (m->failed)
        return;
    if (m->len + len > m->cap) {
        size_t cap = m->cap ? m->cap : 65536;
        while (cap < m->len + len)
            cap *= 2;
        unsigned char *bigger = realloc(m->data, cap);
        if (!bigger) {
            m->failed = 1;
            png_error(png, "out of memory");
        }
        m->data = bigger;
        m->cap = cap;
    }
    memcpy(m->data + m->len, data, len);
    m->len += len;
}

static void flush_mem(png_structp png)
{
    (void)png;
}

/* rgb is PAGE_W * PAGE_H * 3 bytes. The pHYs chunk carries the print size (A5 at 8 px/mm). */
static int encode(unsigned char **out, size_t *out_len, const uint8_t *rgb)
{
    /* The buffer lives on the heap and the pointers below are not changed after setjmp, so
     * the values seen after a longjmp from libpng are well defined. */
    membuf *m = calloc(1, sizeof *m);
    if (!m)
        return go_error_set(GO_ENOMEM, "libpng: no memory");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        free(m);
        return go_error_set(GO_ENOMEM, "libpng: cannot create the writer");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        int failed = m->failed;
        free(m->data);
        free(m);
        return go_error_set(failed ? GO_ENOMEM : GO_EINTERNAL, "libpng: encoding failed");
    }
    png_set_write_fn(png, m, write_mem, flush_mem);
    png_set_IHDR(png, info, PAGE_W, PAGE_H, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_pHYs(png, info, PX_PER_METRE, PX_PER_METRE, PNG_RESOLUTION_METER);
    /* Flat colours and text: no filter compresses smaller than libpng's adaptive choice, and
     * trying all five filters per row was most of the time of a sheet. */
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_write_info(png, info);
    for (int y = 0; y < PAGE_H; y++)
        png_write_row(png, rgb + (size_t)y * PAGE_W * 3);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = m->data;
    *out_len = m->len;
    free(m);
    return 0;
}

int sheet_png(unsigned char **out, size_t *out_len, sheet_geometry *geom, const go_count *c,
              const go_sheet_info *info, const sheet_warning *warnings, int nwarnings)
{
    int rc = check_input(c, info, warnings, nwarnings);
    if (rc)
        return rc;
    sheet_geometry g;
    memset(&g, 0, sizeof g);
    g.width = PAGE_W;
    g.height = PAGE_H;
    uint8_t *rgb = malloc((size_t)PAGE_W * PAGE_H * 3);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, PAGE_W, PAGE_H);
    cairo_t *cr = cairo_create(surface);
    page p = {cr, NULL, NULL, 0};
    bool locked = false;
    if (!rgb || cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        rc = go_error_set(GO_ENOMEM, "count sheet: no memory for a %dx%d page", PAGE_W, PAGE_H);
        goto done;
    }
    pthread_mutex_lock(&fonts_lock);
    locked = true;
    p.layout = layout_new(cr);
    p.font = pango_font_description_from_string(FONT_FAMILIES);
    if (!p.layout || !p.font) {
        rc = go_error_set(GO_EINTERNAL, "count sheet: Pango cannot make a text layout");
        goto done;
    }
    pango_font_description_set_family(p.font, FONT_FAMILIES);
    rc = draw_page(&p, &g, c, info, warnings, nwarnings);
    if (rc)
        goto done;
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        rc = go_error_set(GO_EINTERNAL, "count sheet: cairo: %s",
                          cairo_status_to_string(cairo_status(cr)));
        goto done;
    }
    pthread_mutex_unlock(&fonts_lock);
    locked = false;

    cairo_surface_flush(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < PAGE_H; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint8_t *to = rgb + (size_t)y * PAGE_W * 3;
        for (int x = 0; x < PAGE_W; x++) {
            to[3 * x] = (uint8_t)(row[x] >> 16);
            to[3 * x + 1] = (uint8_t)(row[x] >> 8);
            to[3 * x + 2] = (uint8_t)row[x];
        }
    }
    rc = encode(out, out_len, rgb);
    if (rc == 0 && geom)
        *geom = g;
done:
    if (p.layout)
        g_object_unref(p.layout);
    if (p.font)
        pango_font_description_free(p.font);
    if (locked)
        pthread_mutex_unlock(&fonts_lock);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    free(rgb);
    return rc;
}

int sheet_missing_glyphs(const char *text)
{
    assert(text);
    if (!g_utf8_validate(text, -1, NULL))
        return go_error_set(GO_ECHARSET, "count sheet: the text is not UTF-8");
    pthread_mutex_lock(&fonts_lock);
    int missing = -1;
    PangoLayout *layout = layout_new(NULL);
    PangoFontDescription *font = pango_font_description_from_string(FONT_FAMILIES);
    if (layout && font) {
        pango_font_description_set_absolute_size(font, 28 * PANGO_SCALE);
        pango_layout_set_font_description(layout, font);
        pango_layout_set_text(layout, text, -1);
        missing = pango_layout_get_unknown_glyphs_count(layout);
    }
    if (layout)
        g_object_unref(layout);
    if (font)
        pango_font_description_free(font);
    pthread_mutex_unlock(&fonts_lock);
    if (missing < 0)
        return go_error_set(GO_EINTERNAL, "count sheet: Pango cannot make a text layout");
    return missing;
}

int go_count_sheet_png(unsigned char **out, size_t *out_len, const go_count *c,
                       const go_sheet_info *info)
{
    /* the count's own warnings (no game, not finished, an unusual komi) above the verdict */
    sheet_warning w[GO_COUNT_MAX_WARNINGS];
    int nw = 0;
    for (int i = 0; c && i < c->nwarnings && i < GO_COUNT_MAX_WARNINGS; i++) {
        w[nw].message_zh = c->warnings[i].message_zh;
        w[nw++].message_en = c->warnings[i].message_en;
    }
    return sheet_png(out, out_len, NULL, c, info, w, nw);
}

int go_count_png(unsigned char **out, size_t *out_len, const go_count *c)
{
    return go_count_sheet_png(out, out_len, c, NULL);
}

int go_count_sheet_write_png(const char *path, const go_count *c, const go_sheet_info *info)
{
    unsigned char *data = NULL;
    size_t len = 0;
    int rc = go_count_sheet_png(&data, &len, c, info);
    if (rc)
        return rc;
    FILE *f = fopen(path, "wb");
    if (!f) {
        rc = go_error_set(GO_EIO, "cannot create %s", path);
        goto done;
    }
    if (fwrite(data, 1, len, f) != len)
        rc = go_error_set(GO_EIO, "cannot write %s", path);
    if (fclose(f) != 0 && rc == 0)
        rc = go_error_set(GO_EIO, "cannot write %s", path);
done:
    free(data);
    return rc;
}

int go_count_write_png(const char *path, const go_count *c)
{
    return go_count_sheet_write_png(path, c, NULL);
}
