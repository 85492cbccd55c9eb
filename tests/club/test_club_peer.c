/* Checked against a peer: Sonneborn-Berger from our tie-break engine on the TRF fixtures of
 * TieBreakServer (Held's FIDE exercises), compared with the values published in its TSVs;
 * the same numbers doubled on the Chinese 2/1/0 scale; our TRF export read back. */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"
#include "club_fixture.h"
#include "go/club_games.h"
#include "go/club_events.h"
#include "go/swiss.h"

#define TB "tournaments/OttoMilvang__TieBreakServer/"

/* Reads the expected TSV: value of column `col` for start number no, or NAN when empty. */
static double tsv_value(const char *tsv, int no, const char *col)
{
    const char *line = tsv;
    int idx = -1, k = 0;
    /* header */
    const char *p = line;
    while (*p && *p != '\n') {
        const char *e = p;
        while (*e && *e != '\t' && *e != '\n')
            e++;
        if ((size_t)(e - p) == strlen(col) && strncmp(p, col, (size_t)(e - p)) == 0)
            idx = k;
        k++;
        p = *e == '\t' ? e + 1 : e;
    }
    if (idx < 0)
        return NAN;
    while (*p) {
        if (*p == '\n')
            p++;
        const char *fields[64];
        int nf = 0;
        const char *q = p;
        fields[nf++] = q;
        while (*q && *q != '\n') {
            if (*q == '\t' && nf < 64)
                fields[nf++] = q + 1;
            q++;
        }
        if (nf > idx && strtol(fields[1], NULL, 10) == no) {
            const char *v = fields[idx];
            if (*v == '\t' || *v == '\n' || !*v)
                return NAN;
            return strtod(v, NULL);
        }
        p = q;
    }
    return NAN;
}

static void check_fixture(const char *trf_name, const char *tsv_name, int expect_players)
{
    if (!tu_have_data())
        TU_SKIP("shared data folder missing: cannot check against the published tie-breaks");
    char *trf = NULL, *tsv = NULL;
    size_t len = 0, tlen = 0;
    char trf_path[1024], tsv_path[1024];
    snprintf(trf_path, sizeof trf_path, "%s", tu_data_path(trf_name));
    snprintf(tsv_path, sizeof tsv_path, "%s", tu_data_path(tsv_name));
    assert_int_equal(tu_read_file(trf_path, &trf, &len), 0);
    assert_int_equal(tu_read_file(tsv_path, &tsv, &tlen), 0);
    go_xtable t;
    char **names = NULL;
    assert_int_equal(go_trf_read(&t, &names, trf, len), 0);
    assert_int_equal(t.nplayers, expect_players);
    double points[64], sb[64], points2[64], sb2[64];
    assert_int_equal(go_xtable_tiebreaks(&t, GO_UNPLAYED_FIDE_2023, points, sb, NULL), 0);
    int checked = 0;
    for (int i = 0; i < t.nplayers; i++) {
        double want_pts = tsv_value(tsv, i + 1, "points");
        double want_sb = tsv_value(tsv, i + 1, "sonneborn_berger");
        assert_false(isnan(want_pts));
        assert_true(fabs(points[i] - want_pts) < 1e-9);
        if (isnan(want_sb))
            continue;
        if (fabs(sb[i] - want_sb) > 1e-9)
            fail_msg("%s #%d %s: SB %.2f, published %.2f", trf_name, i + 1, names[i], sb[i],
                     want_sb);
        checked++;
    }
    assert_int_equal(checked, expect_players);
    /* Chinese scale (Article 28: win 2, draw 1): every value doubles (the README's note). */
    t.win = 2;
    t.draw = 1;
    assert_int_equal(go_xtable_tiebreaks(&t, GO_UNPLAYED_FIDE_2023, points2, sb2, NULL), 0);
    for (int i = 0; i < t.nplayers; i++) {
        assert_true(fabs(points2[i] - 2 * points[i]) < 1e-9);
        assert_true(fabs(sb2[i] - 2 * sb[i]) < 1e-9);
    }
    for (int i = 0; i < t.nplayers; i++)
        free(names[i]);
    free(names);
    go_xtable_clear(&t);
    free(trf);
    free(tsv);
}

static void test_club_peer__sb_held_swiss_5(void **state)
{
    (void)state;
    check_fixture(TB "tests/fixtures/held_swiss_5.trf", TB "expected/held_swiss_5.tsv", 16);
}

static void test_club_peer__sb_held_round_robin(void **state)
{
    (void)state;
    check_fixture(TB "tests/fixtures/held_round_robin.trf", TB "expected/held_round_robin.tsv", 6);
    /* In this round robin the published SB is the plain sum: our club mode agrees too. */
    char *trf = NULL, *tsv = NULL;
    size_t len, tlen;
    char p1[1024], p2[1024];
    snprintf(p1, sizeof p1, "%s", tu_data_path(TB "tests/fixtures/held_round_robin.trf"));
    snprintf(p2, sizeof p2, "%s", tu_data_path(TB "expected/held_round_robin.tsv"));
    assert_int_equal(tu_read_file(p1, &trf, &len), 0);
    assert_int_equal(tu_read_file(p2, &tsv, &tlen), 0);
    go_xtable t;
    assert_int_equal(go_trf_read(&t, NULL, trf, len), 0);
    double points[8], sb[8];
    assert_int_equal(go_xtable_tiebreaks(&t, GO_UNPLAYED_AS_SCORED, points, sb, NULL), 0);
    for (int i = 0; i < 6; i++)
        assert_true(fabs(sb[i] - tsv_value(tsv, i + 1, "sonneborn_berger")) < 1e-9);
    go_xtable_clear(&t);
    free(trf);
    free(tsv);
}

static void test_club_peer__trf_reader_accepts_cr_line_ends(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("shared data folder missing");
    char *trf = NULL;
    size_t len;
    char p[1024];
    snprintf(
        p, sizeof p, "%s",
        tu_data_path("tournaments/BieremaBoyzProgramming__bbpPairings/test/tests/issue_7.input"));
    assert_int_equal(tu_read_file(p, &trf, &len), 0);
    go_xtable t;
    assert_int_equal(go_trf_read(&t, NULL, trf, len), 0);
    assert_int_equal(t.nplayers, 60);
    assert_true(t.nrounds >= 14);
    /* every played game appears from both sides with opposite results */
    for (int i = 0; i < t.nplayers; i++)
        for (int r = 0; r < 14; r++) {
            go_xt_game g = t.games[i * t.nrounds + r];
            if (g.opponent < 0 || !strchr("10=", g.result))
                continue;
            go_xt_game h = t.games[g.opponent * t.nrounds + r];
            assert_int_equal(h.opponent, i);
            char want = g.result == '1' ? '0' : g.result == '0' ? '1' : '=';
            assert_int_equal(h.result, want);
        }
    go_xtable_clear(&t);
    free(trf);
    assert_int_equal(go_trf_read(&t, NULL, "012 nothing\n", 12), GO_EPARSE);
}

static void test_club_peer__trf_export_round_trip(void **state)
{
    (void)state;
    char path[512];
    club_tmp_path(path, sizeof path, "peer");
    go_club *c = NULL;
    assert_int_equal(go_club_open(&c, path), 0);
    int64_t ev = 0, ids[6];
    const char *names[] = {"陈一", "王二", "张三", "李四", "赵五", "O'Neil, \"Pat\""};
    for (int i = 0; i < 6; i++) {
        char num[8];
        snprintf(num, sizeof num, "%d", i + 1);
        ids[i] = club_add_member(c, num, names[i], "2026-09-01");
    }
    assert_int_equal(
        go_club_event_add(c, &ev, "秋季循环赛", GO_EVENT_ROUND_ROBIN, 0, "2026-10-01", 0), 0);
    for (int i = 0; i < 6; i++)
        assert_int_equal(go_club_event_enter(c, ev, ids[i], NULL, 0), 0);
    int round;
    assert_int_equal(go_club_event_pair(c, &round, ev), 0);
    go_club_table *p = NULL;
    assert_int_equal(go_club_event_pairings(c, &p, ev, 0), 0);
    assert_int_equal(p->nrows, 15);
    for (int k = 0; k < p->nrows; k++) {
        go_game_record r = GO_GAME_RECORD_INIT;
        r.id = strtol(go_club_cell(p, k, 2), NULL, 10);
        r.by = k % 5 == 0 ? GO_BY_DRAW : GO_BY_RESIGN;
        r.winner = k % 5 == 0 ? 'D' : (k % 3 ? 'B' : 'W');
        assert_int_equal(go_club_result_add(c, &r), 0);
    }
    go_club_table_free(p);
    char *buf = NULL;
    size_t blen = 0;
    FILE *f = open_memstream(&buf, &blen);
    assert_int_equal(go_club_export_trf(c, f, ev), 0);
    fclose(f);
    assert_non_null(strstr(buf, "XXS W=2 D=1"));
    if (getenv("CLUB_DEBUG"))
        fputs(buf, stderr);
    go_xtable t;
    char **tn = NULL;
    assert_int_equal(go_trf_read(&t, &tn, buf, blen), 0);
    assert_int_equal(t.nplayers, 6);
    assert_int_equal(t.nrounds, 5);
    t.win = 2;
    t.draw = 1;
    double pts[6], sb[6];
    assert_int_equal(go_xtable_tiebreaks(&t, GO_UNPLAYED_AS_SCORED, pts, sb, NULL), 0);
    go_standing *s = NULL;
    size_t n = 0;
    assert_int_equal(go_club_event_standings(c, &s, &n, ev), 0);
    assert_int_equal(n, 6);
    for (size_t k = 0; k < n; k++) {
        int i = -1;
        for (int j = 0; j < 6; j++)
            if (ids[j] == s[k].member)
                i = j; /* start numbers follow the entry order */
        assert_true(i >= 0);
        assert_true(fabs(pts[i] - s[k].points) < 1e-9);
        assert_true(fabs(sb[i] - s[k].tiebreak_sb) < 1e-9);
        assert_int_equal(strncmp(tn[i], names[i], strlen(names[i])), 0);
    }
    free(s);
    for (int i = 0; i < 6; i++)
        free(tn[i]);
    free(tn);
    go_xtable_clear(&t);
    free(buf);
    go_club_free(c);
    club_tmp_remove(path);
}

static void test_club_peer__trf_reader_survives_mutations(void **state)
{
    (void)state;
    if (!tu_have_data())
        TU_SKIP("shared data folder missing");
    char *trf = NULL;
    size_t len;
    char p[1024];
    snprintf(p, sizeof p, "%s", tu_data_path(TB "tests/fixtures/held_swiss_5.trf"));
    assert_int_equal(tu_read_file(p, &trf, &len), 0);
    char *buf = malloc(len + 64);
    uint32_t seed = 12345;
    int parsed = 0;
    for (int iter = 0; iter < 3000; iter++) {
        memcpy(buf, trf, len);
        size_t n = len;
        for (int k = 0; k < 1 + iter % 8; k++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % n;
            seed = seed * 1103515245u + 12345u;
            switch (seed % 4) {
            case 0:
                buf[at] = (char)(seed >> 16);
                break; /* any byte */
            case 1:
                buf[at] = "0123456789 -+=\r\n"[(seed >> 16) % 15];
                break;
            case 2:
                n = at;
                break; /* truncate */
            default:
                buf[at] = '\0';
                break; /* embedded NUL */
            }
        }
        go_xtable t;
        if (go_trf_read(&t, NULL, buf, n) == 0) {
            double pts[64], sb[64];
            if (t.nplayers <= 64) {
                for (int i = 0; i < t.nplayers * t.nrounds; i++)
                    assert_true(t.games[i].opponent < t.nplayers);
                assert_int_equal(go_xtable_tiebreaks(&t, GO_UNPLAYED_FIDE_2023, pts, sb, NULL), 0);
            }
            go_xtable_clear(&t);
            parsed++;
        }
    }
    assert_true(parsed > 0);
    free(buf);
    free(trf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_club_peer__sb_held_swiss_5),
        cmocka_unit_test(test_club_peer__sb_held_round_robin),
        cmocka_unit_test(test_club_peer__trf_reader_accepts_cr_line_ends),
        cmocka_unit_test(test_club_peer__trf_export_round_trip),
        cmocka_unit_test(test_club_peer__trf_reader_survives_mutations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
