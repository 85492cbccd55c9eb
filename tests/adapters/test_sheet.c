/* The printed count sheet: an A5 PNG (decoded here with libpng) whose board shows the position,
 * whose Chinese text is drawn with real glyphs (compared with Pango drawing the same text), with
 * the warnings block, the players line, the same bytes on every render, and clear errors.
 * Run as `test_sheet no-font` under a fontconfig setup without a CJK font, it checks that the
 * sheet refuses to print instead of drawing boxes. */
#include <png.h>
#include <pango/pangocairo.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sheet.h"
#include "sheet_int.h"
#include "testutil.h"

/* Black holds the left five columns, White the rest; a dead White stone at B7 in Black's area
 * and a dead Black stone at H3 in White's; F9 and F1 are dame. Black wins by 1 3/4 stones. */
static const char *POSITION = "size 9\n"
                              "....X.O..\n"
                              "....XO...\n"
                              ".O..XO...\n"
                              "....XO...\n"
                              "....XO...\n"
                              "....XO...\n"
                              "....XO.X.\n"
                              "....XO...\n"
                              "....X.O..\n";

typedef struct image {
    int w, h;
    png_uint_32 res_x, res_y;
    int unit;
    uint8_t *rgb;
} image;

static void decode(image *img, const unsigned char *data, size_t len)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    assert_true(png_image_begin_read_from_memory(&pi, data, len));
    pi.format = PNG_FORMAT_RGB;
    img->w = (int)pi.width;
    img->h = (int)pi.height;
    img->rgb = malloc(PNG_IMAGE_SIZE(pi));
    assert_non_null(img->rgb);
    assert_true(png_image_finish_read(&pi, NULL, img->rgb, 0, NULL));
    /* The print resolution, with the low-level reader (the simplified one does not give it). */
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    assert_non_null(info);
    FILE *f = fmemopen((void *)data, len, "rb");
    assert_non_null(f);
    png_init_io(png, f);
    png_read_info(png, info);
    img->res_x = img->res_y = 0;
    img->unit = -1;
    png_get_pHYs(png, info, &img->res_x, &img->res_y, &img->unit);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(f);
}

static const uint8_t *px(const image *img, int x, int y)
{
    assert_true(x >= 0 && y >= 0 && x < img->w && y < img->h);
    return img->rgb + ((size_t)y * (size_t)img->w + (size_t)x) * 3;
}

static int luma(const uint8_t *p)
{
    return (p[0] * 3 + p[1] * 6 + p[2]) / 10;
}

static bool is_red(const uint8_t *p)
{
    return p[0] > 150 && p[1] < 90 && p[2] < 90;
}

static go_count count_position(go_board *b)
{
    tu_board(b, POSITION);
    go_point dead[2];
    assert_int_equal(go_point_from_gtp(&dead[0], "B7", 9), 0);
    assert_int_equal(go_point_from_gtp(&dead[1], "H3", 9), 0);
    go_count c;
    assert_int_equal(go_score_count(&c, b, dead, 2, NULL), 0);
    return c;
}

static void render(image *img, sheet_geometry *g, const go_count *c, const go_sheet_info *info,
                   const sheet_warning *w, int nw)
{
    unsigned char *data = NULL;
    size_t len = 0;
    int rc = sheet_png(&data, &len, g, c, info, w, nw);
    if (rc)
        fail_msg("sheet_png: %s (%s)", go_strerror(rc), go_error_last());
    decode(img, data, len);
    free(data);
}

static void test_sheet__a5_page_with_its_print_resolution(void **state)
{
    (void)state;
    go_board b;
    go_count c = count_position(&b);
    unsigned char *data = NULL;
    size_t len = 0;
    assert_int_equal(go_count_png(&data, &len, &c), 0);
    image img;
    decode(&img, data, len);
    /* 148 x 210 mm at 8 pixels per mm. */
    assert_int_equal(img.w, 1184);
    assert_int_equal(img.h, 1680);
    assert_int_equal(img.unit, PNG_RESOLUTION_METER);
    assert_int_equal(img.res_x, 8000);
    assert_int_equal(img.res_y, 8000);
    free(img.rgb);
    free(data);
}

/* Every point of the diagram against the count: a stone's colour a quarter cell right of its
 * centre and a tenth below (clear of the grid lines, the territory marks and the red cross),
 * the mark at the centre. */
static void check_board(const image *img, const sheet_geometry *g, const go_count *c)
{
    int dx = g->cell / 4, dy = g->cell / 10;
    for (int y = 0; y < c->size; y++)
        for (int x = 0; x < c->size; x++) {
            int cx = g->first_x + x * g->cell, cy = g->first_y + y * g->cell;
            const uint8_t *side = px(img, cx + dx, cy + dy), *mid = px(img, cx, cy);
            char name[8];
            go_point_to_gtp(name, sizeof name, go_point_at(x, y), c->size);
            go_owner o = (go_owner)c->owner[go_point_at(x, y)];
            bool black_stone = o == GO_OWN_BLACK_STONE || o == GO_OWN_BLACK_DEAD;
            bool white_stone = o == GO_OWN_WHITE_STONE || o == GO_OWN_WHITE_DEAD;
            if (black_stone && luma(side) > 60)
                fail_msg("%s: no Black stone drawn (luma %d)", name, luma(side));
            if (white_stone && luma(side) < 230)
                fail_msg("%s: no White stone drawn (luma %d)", name, luma(side));
            if (!black_stone && !white_stone &&
                (abs(side[0] - 222) > 8 || abs(side[1] - 184) > 8 || abs(side[2] - 110) > 8))
                fail_msg("%s: a stone where the board is empty (%d,%d,%d)", name, side[0], side[1],
                         side[2]);
            if ((o == GO_OWN_BLACK_DEAD || o == GO_OWN_WHITE_DEAD) && !is_red(mid))
                fail_msg("%s: dead stone not crossed out", name);
            if (o == GO_OWN_BLACK_AREA && luma(mid) > 60)
                fail_msg("%s: Black's point not marked", name);
            if (o == GO_OWN_WHITE_AREA && luma(mid) < 230)
                fail_msg("%s: White's point not marked", name);
            if (o == GO_OWN_SHARED && (luma(mid) < 110 || luma(mid) > 170))
                fail_msg("%s: shared point not marked grey (luma %d)", name, luma(mid));
        }
}

static void test_sheet__board_shows_the_position(void **state)
{
    (void)state;
    go_board b;
    go_count c = count_position(&b);
    assert_int_equal(c.black_dead, 1);
    assert_int_equal(c.white_dead, 1);
    assert_int_equal(c.shared, 2);
    assert_int_equal(c.margin_quarters, 7);
    image img;
    sheet_geometry g;
    render(&img, &g, &c, NULL, NULL, 0);
    assert_true(g.cell >= 40);
    check_board(&img, &g, &c);
    free(img.rgb);

    /* A full 19x19 game's worth of stones: a ladder of alternating rows. */
    tu_board(&b, "size 19\n"
                 "XXXXXXXXXXXXXXXXXXX\n...................\nOOOOOOOOOOOOOOOOOOO\n"
                 "...................\nXXXXXXXXXXXXXXXXXXX\n...................\n"
                 "OOOOOOOOOOOOOOOOOOO\n...................\nXXXXXXXXXX.........\n"
                 "..........OOOOOOOOO\n...................\nX.X.X.X.X.X.X.X.X.X\n"
                 ".O.O.O.O.O.O.O.O.O.\n...................\nXXXXXXX............\n"
                 ".......OOOOOOOOOOOO\n...................\nOOOOOOOOOOOOOOOOOOO\n"
                 "...................\n");
    assert_int_equal(go_score_count(&c, &b, NULL, 0, NULL), 0);
    render(&img, &g, &c, NULL, NULL, 0);
    assert_true(g.cell >= 36);
    check_board(&img, &g, &c);
    free(img.rgb);
}

/* Pango draws text with the sheet's font and rendering options on a white strip. */
static uint8_t *pango_strip(const char *s, int px, bool bold, int w, int h)
{
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *ctx = pango_font_map_create_context(map);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(ctx, fo);
    pango_cairo_update_context(cr, ctx);
    PangoLayout *layout = pango_layout_new(ctx);
    PangoFontDescription *font = pango_font_description_from_string("WenQuanYi Micro Hei");
    pango_font_description_set_absolute_size(font, px * PANGO_SCALE);
    pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_width(layout, w * PANGO_SCALE);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(layout, s, -1);
    assert_int_equal(pango_layout_get_unknown_glyphs_count(layout), 0);
    cairo_set_source_rgb(cr, 0.12, 0.12, 0.12);
    pango_cairo_show_layout(cr, layout);
    cairo_surface_flush(surface);
    uint8_t *rgb = malloc((size_t)w * (size_t)h * 3);
    assert_non_null(rgb);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t v = *(const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride +
                                                           (size_t)x * 4);
            uint8_t *to = rgb + ((size_t)y * (size_t)w + (size_t)x) * 3;
            to[0] = (uint8_t)(v >> 16);
            to[1] = (uint8_t)(v >> 8);
            to[2] = (uint8_t)v;
        }
    pango_font_description_free(font);
    g_object_unref(layout);
    g_object_unref(ctx);
    g_object_unref(map);
    cairo_font_options_destroy(fo);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return rgb;
}

/* How many pixels of the box differ from the strip by more than a rounding step, and how many
 * of the box's pixels are ink. */
static void compare_box(const image *img, const sheet_box *box, const uint8_t *strip, int *differ,
                        int *ink)
{
    *differ = *ink = 0;
    for (int y = 0; y < box->h; y++)
        for (int x = 0; x < box->w; x++) {
            const uint8_t *a = px(img, box->x + x, box->y + y);
            const uint8_t *e = strip + ((size_t)y * (size_t)box->w + (size_t)x) * 3;
            if (abs(a[0] - e[0]) > 2 || abs(a[1] - e[1]) > 2 || abs(a[2] - e[2]) > 2)
                (*differ)++;
            if (luma(a) < 128)
                (*ink)++;
        }
}

static void test_sheet__chinese_verdict_and_check_drawn_with_real_glyphs(void **state)
{
    (void)state;
    go_board b;
    go_count c = count_position(&b);
    /* The count's own words, which the sheet prints as they are. */
    assert_non_null(strstr(c.verdict_zh, "黑胜"));
    assert_non_null(strstr(c.check_zh, "黑方需"));
    assert_int_equal(sheet_missing_glyphs(c.verdict_zh), 0);
    assert_int_equal(sheet_missing_glyphs(c.check_zh), 0);
    assert_int_equal(sheet_missing_glyphs("棋局未终局：3 个空点未定"), 0);
    /* A character of the Private Use Area has a glyph in no font: Pango reports it. */
    assert_int_equal(sheet_missing_glyphs("黑\xee\x80\x80"), 1);

    image img;
    sheet_geometry g;
    render(&img, &g, &c, NULL, NULL, 0);
    struct {
        const char *text;
        const sheet_box *box;
        int px;
        bool bold;
    } lines[] = {{c.verdict_zh, &g.verdict_zh, 60, true}, {c.check_zh, &g.check_zh, 30, false}};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        const sheet_box *box = lines[i].box;
        assert_true(box->w > 0 && box->h > 0);
        uint8_t *same = pango_strip(lines[i].text, lines[i].px, lines[i].bold, box->w, box->h);
        int differ, ink;
        compare_box(&img, box, same, &differ, &ink);
        free(same);
        assert_true(ink > 200); /* something is written there */
        if (differ != 0)
            fail_msg("%s: %d pixels differ from Pango's own drawing", lines[i].text, differ);
        /* and it is that text: the other side's verdict differs in its first character. */
        char other[128];
        snprintf(other, sizeof other, "白%s", lines[i].text + strlen("黑"));
        uint8_t *different = pango_strip(other, lines[i].px, lines[i].bold, box->w, box->h);
        compare_box(&img, box, different, &differ, &ink);
        free(different);
        assert_true(differ > 50);
    }
    free(img.rgb);
}

static void test_sheet__same_bytes_every_time(void **state)
{
    (void)state;
    go_board b;
    go_count c = count_position(&b);
    go_sheet_info info = GO_SHEET_INFO_INIT;
    info.black = "张三";
    info.white = "李四";
    unsigned char *one = NULL, *two = NULL;
    size_t len_one = 0, len_two = 0;
    assert_int_equal(go_count_sheet_png(&one, &len_one, &c, &info), 0);
    assert_int_equal(go_count_sheet_png(&two, &len_two, &c, &info), 0);
    assert_int_equal(len_one, len_two);
    assert_memory_equal(one, two, len_one);
    free(two);
    free(one);
}

typedef struct thread_job {
    const go_count *c;
    unsigned char *data;
    size_t len;
    int rc;
} thread_job;

static void *render_job(void *arg)
{
    thread_job *job = arg;
    job->rc = go_count_png(&job->data, &job->len, job->c);
    return NULL;
}

static void test_sheet__threads_draw_the_same_sheet(void **state)
{
    (void)state;
    go_board b;
    go_count c = count_position(&b);
    thread_job jobs[3];
    pthread_t threads[3];
    for (int i = 0; i < 3; i++) {
        jobs[i] = (thread_job){&c, NULL, 0, -1};
        assert_int_equal(pthread_create(&threads[i], NULL, render_job, &jobs[i]), 0);
    }
    for (int i = 0; i < 3; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(jobs[i].rc, 0);
        assert_int_equal(jobs[i].len, jobs[0].len);
        assert_memory_equal(jobs[i].data, jobs[0].data, jobs[0].len);
    }
    for (int i = 0; i < 3; i++)
        free(jobs[i].data);
}

static int red_pixels(const image *img, const sheet_box *box)
{
    int n = 0;
    for (int y = box->y; y < box->y + box->h; y++)
        for (int x = box->x; x < box->x + box->w; x++)
            n += is_red(px(img, x, y));
    return n;
}

static void test_sheet__warnings_block_above_the_verdict(void **state)
{
    (void)state;
    go_board b;
    go_count c = count_position(&b);
    image plain, one, two;
    sheet_geometry g0, g1, g2;
    render(&plain, &g0, &c, NULL, NULL, 0);
    assert_int_equal(g0.warnings.h, 0);

    sheet_warning w[2] = {
        {"棋局未终局：3 个空点未定", "Not finished: 3 open points"},
        {"贴子不寻常：贴 6 子", "Unusual komi: 6 stones"},
    };
    render(&one, &g1, &c, NULL, w, 1);
    render(&two, &g2, &c, NULL, w, 2);
    assert_true(g1.warnings.h > 0);
    assert_true(g2.warnings.h > g1.warnings.h);
    /* Above the verdict, which moves down to make room, and the board shrinks to stay on the page.
     */
    assert_true(g1.warnings.y + g1.warnings.h <= g1.verdict_zh.y);
    assert_true(g1.verdict_zh.y > g0.verdict_zh.y);
    assert_true(g2.verdict_zh.y > g1.verdict_zh.y);
    assert_true(g2.cell < g0.cell);
    /* Red text (and the red bar) in the block, more of it with two warnings. */
    int red1 = red_pixels(&one, &g1.warnings), red2 = red_pixels(&two, &g2.warnings);
    assert_true(red1 > 1000);
    assert_true(red2 > red1 + 1000);
    /* The same sheet's board still shows the position. */
    check_board(&two, &g2, &c);

    /* Only one language is fine; no text at all is not. */
    sheet_warning zh_only = {"双方可能有争议的点", NULL};
    free(one.rgb);
    render(&one, &g1, &c, NULL, &zh_only, 1);
    assert_true(g1.warnings.h > 0);
    sheet_warning empty = {"", NULL};
    unsigned char *data = NULL;
    size_t len = 0;
    assert_int_equal(sheet_png(&data, &len, NULL, &c, NULL, &empty, 1), GO_EINVAL);
    assert_int_equal(sheet_png(&data, &len, NULL, &c, NULL, NULL, 2), GO_EINVAL);
    /* A warning with a character no font has fails the sheet, naming the text. */
    sheet_warning tofu = {"未定\xee\x80\x80", "open"};
    assert_int_equal(sheet_png(&data, &len, NULL, &c, NULL, &tofu, 1), GO_EUNSUPPORTED);
    assert_non_null(strstr(go_error_last(), "未定"));
    /* So many warnings that the board would not fit on the page. */
    sheet_warning many[12];
    for (int i = 0; i < 12; i++)
        many[i] = w[i % 2];
    assert_int_equal(sheet_png(&data, &len, NULL, &c, NULL, many, 12), GO_ETOOBIG);
    assert_null(data);
    free(plain.rgb);
    free(one.rgb);
    free(two.rgb);
}

/* Red in the top rows of a sheet drawn by go_count_png (the warnings block sits above the
 * verdict; the board's red crosses are far below). */
static int red_on_top(const go_count *c, int rows)
{
    unsigned char *data = NULL;
    size_t len = 0;
    assert_int_equal(go_count_png(&data, &len, c), 0);
    image img;
    decode(&img, data, len);
    free(data);
    int n = 0;
    for (int y = 0; y < rows && y < img.h; y++)
        for (int x = 0; x < img.w; x++)
            n += is_red(px(&img, x, y));
    free(img.rgb);
    return n;
}

/* The public sheet prints the count's own warnings: a board with open borders gets the red
 * not-finished block above its verdict; a finished one has none. */
static void test_sheet__count_warnings_printed(void **state)
{
    (void)state;
    go_board b;
    go_count finished = count_position(&b);
    assert_true(finished.finished);
    assert_int_equal(finished.nwarnings, 0);
    tu_board(&b, "size 9\n"
                 ".........\n"
                 "..X......\n"
                 ".........\n"
                 ".........\n"
                 "....X....\n"
                 ".........\n"
                 "......O..\n"
                 ".........\n"
                 ".........\n");
    go_count open;
    assert_int_equal(go_score_count(&open, &b, NULL, 0, NULL), 0);
    assert_false(open.finished);
    assert_true(open.nwarnings >= 1);
    assert_string_equal(open.warnings[0].code, "not_finished");
    const int rows = 420; /* title, players and warnings; the verdict's first line */
    assert_int_equal(red_on_top(&finished, rows), 0);
    assert_true(red_on_top(&open, rows) > 500);
}

static void test_sheet__players_date_and_event(void **state)
{
    (void)state;
    go_board b;
    go_count c = count_position(&b);
    image none, some;
    sheet_geometry g0, g1;
    render(&none, &g0, &c, NULL, NULL, 0);
    assert_int_equal(g0.players.h, 0);
    go_sheet_info info = GO_SHEET_INFO_INIT;
    render(&some, &g1, &c, &info, NULL, 0); /* nothing known: no line */
    assert_int_equal(g1.players.h, 0);
    free(some.rgb);

    info.black = "柯洁";
    info.white = "Lee Sedol";
    info.date = "2024-05-18";
    info.event = "市少儿围棋赛 第3轮";
    render(&some, &g1, &c, &info, NULL, 0);
    assert_true(g1.players.h > 0);
    int ink = 0;
    for (int y = g1.players.y; y < g1.players.y + g1.players.h; y++)
        for (int x = g1.players.x; x < g1.players.x + g1.players.w; x++)
            ink += luma(px(&some, x, y)) < 128;
    assert_true(ink > 500);
    assert_true(g1.verdict_zh.y > g0.verdict_zh.y);
    free(none.rgb);
    free(some.rgb);

    unsigned char *data = NULL;
    size_t len = 0;
    info.white = "\xff\xfe";
    assert_int_equal(go_count_sheet_png(&data, &len, &c, &info), GO_ECHARSET);
    assert_non_null(strstr(go_error_last(), "White"));
    char long_name[400];
    memset(long_name, 'a', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    info.white = long_name;
    assert_int_equal(go_count_sheet_png(&data, &len, &c, &info), GO_ETOOBIG);
    info.white = "李四";
    info.version = 99;
    assert_int_equal(go_count_sheet_png(&data, &len, &c, &info), GO_EINVAL);
    assert_null(data);
}

static void test_sheet__bad_count_and_bad_path(void **state)
{
    (void)state;
    go_board b;
    go_count c = count_position(&b);
    unsigned char *data = NULL;
    size_t len = 0;
    go_count bad = c;
    bad.size = 0;
    assert_int_equal(go_count_png(&data, &len, &bad), GO_EINVAL);
    bad = c;
    memset(bad.verdict_zh, 'x', sizeof bad.verdict_zh); /* no terminator */
    assert_int_equal(go_count_png(&data, &len, &bad), GO_EINVAL);
    assert_null(data);

    char path[] = "/tmp/goref_sheet_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(go_count_write_png(path, &c), 0);
    char *file = NULL;
    size_t file_len = 0;
    assert_int_equal(tu_read_file(path, &file, &file_len), 0);
    assert_int_equal(go_count_png(&data, &len, &c), 0);
    assert_int_equal(file_len, len);
    assert_memory_equal(file, data, len);
    unlink(path);
    free(file);
    free(data);
    assert_int_equal(go_count_write_png("/nonexistent-dir/sheet.png", &c), GO_EIO);
    assert_non_null(strstr(go_error_last(), "/nonexistent-dir/sheet.png"));
}

/* Under a fontconfig setup that has no CJK font (FONTCONFIG_FILE, set by CTest). */
static void test_sheet__no_cjk_font_refuses_to_draw_boxes(void **state)
{
    (void)state;
    go_board b;
    go_count c = count_position(&b);
    assert_true(sheet_missing_glyphs("黑胜") > 0);
    unsigned char *data = NULL;
    size_t len = 0;
    assert_int_equal(go_count_png(&data, &len, &c), GO_EUNSUPPORTED);
    assert_null(data);
    assert_non_null(strstr(go_error_last(), "fonts-wqy-microhei"));
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "no-font") == 0) {
        const struct CMUnitTest no_font[] = {
            cmocka_unit_test(test_sheet__no_cjk_font_refuses_to_draw_boxes),
        };
        return cmocka_run_group_tests(no_font, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sheet__a5_page_with_its_print_resolution),
        cmocka_unit_test(test_sheet__board_shows_the_position),
        cmocka_unit_test(test_sheet__chinese_verdict_and_check_drawn_with_real_glyphs),
        cmocka_unit_test(test_sheet__same_bytes_every_time),
        cmocka_unit_test(test_sheet__threads_draw_the_same_sheet),
        cmocka_unit_test(test_sheet__warnings_block_above_the_verdict),
        cmocka_unit_test(test_sheet__count_warnings_printed),
        cmocka_unit_test(test_sheet__players_date_and_event),
        cmocka_unit_test(test_sheet__bad_count_and_bad_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
