/* Storage and members: migrations, WAL, validation of names, dates and hostile text, status
 * history, dues, ranks, backup. */
#include <sqlite3.h>
#include <stdlib.h>

#include "testutil.h"
#include "club_fixture.h"
#include "go/club_games.h"
#include "club_csv.h"
#include "club_html.h"
#include "go/club_export.h"

static char path[512];

static int setup(void **state)
{
    club_tmp_path(path, sizeof path, "members");
    go_club *c = NULL;
    if (go_club_open(&c, path) != 0)
        return -1;
    *state = c;
    return 0;
}

static int teardown(void **state)
{
    go_club_free(*state);
    club_tmp_remove(path);
    return 0;
}

static void test_club_members__schema_versioned_and_reopens(void **state)
{
    go_club_free(*state);
    *state = NULL;
    go_club *c = NULL;
    assert_int_equal(go_club_open(&c, path), 0); /* second open: no migration to redo */
    *state = c;
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_list(c, &t, -1), 0);
    assert_int_equal(t->nrows, 0);
    go_club_table_free(t);
    assert_int_equal(go_club_check(c), 0);
}

static void test_club_members__add_show_edit(void **state)
{
    go_club *c = *state;
    go_member m = {0};
    snprintf(m.number, sizeof m.number, "2026001");
    snprintf(m.name, sizeof m.name, "王小明");
    snprintf(m.grade, sizeof m.grade, "三年级二班");
    snprintf(m.join_date, sizeof m.join_date, "2026-09-01");
    assert_int_equal(go_rank_parse(&m.rank, "15级"), 0);
    assert_int_equal(go_club_member_add(c, &m), 0);
    assert_true(m.id > 0);
    go_member got;
    assert_int_equal(go_club_member_get(c, &got, m.id), 0);
    assert_string_equal(got.name, "王小明");
    assert_int_equal(got.rank, -15);
    assert_int_equal(got.status, GO_MEMBER_ACTIVE);
    snprintf(got.name, sizeof got.name, "王晓明");
    assert_int_equal(go_rank_parse(&got.rank, "1段"), 0);
    assert_int_equal(go_club_member_edit(c, &got), 0);
    go_member again;
    assert_int_equal(go_club_member_get(c, &again, m.id), 0);
    assert_string_equal(again.name, "王晓明");
    assert_int_equal(again.rank, 1);
    /* the number is unique */
    go_member dup = m;
    snprintf(dup.name, sizeof dup.name, "李四");
    assert_int_equal(go_club_member_add(c, &dup), GO_EEXISTS);
    assert_int_equal(go_club_member_get(c, &got, 9999), GO_ENOTFOUND);
}

static void test_club_members__refuses_bad_input(void **state)
{
    go_club *c = *state;
    go_member m = {0};
    snprintf(m.number, sizeof m.number, "1");
    snprintf(m.join_date, sizeof m.join_date, "2026-09-01");
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL); /* empty name */
    snprintf(m.name, sizeof m.name, "   ");
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL);
    snprintf(m.name, sizeof m.name, "bad\xC3(utf8");
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL);
    assert_non_null(strstr(go_error_last(), "UTF-8"));
    snprintf(m.name, sizeof m.name, "overlong \xC0\xAF");
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL);
    snprintf(m.name, sizeof m.name, "bell\a");
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL);
    assert_non_null(strstr(go_error_last(), "control"));
    memset(m.name, 'x', 100);
    m.name[100] = '\0';
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL);
    assert_non_null(strstr(go_error_last(), "too long"));
    snprintf(m.name, sizeof m.name, "张三");
    snprintf(m.join_date, sizeof m.join_date, "2026-02-30");
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL);
    assert_non_null(strstr(go_error_last(), "2026-02"));
    snprintf(m.join_date, sizeof m.join_date, "2026-13-01");
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL);
    snprintf(m.join_date, sizeof m.join_date, "2024-02-29"); /* leap day is fine */
    assert_int_equal(go_club_member_add(c, &m), 0);
    int rank;
    assert_int_equal(go_rank_parse(&rank, "26k"), GO_EINVAL);
    assert_int_equal(go_rank_parse(&rank, "8d"), GO_EINVAL);
    assert_int_equal(go_rank_parse(&rank, "业余5段"), 0);
    assert_int_equal(rank, 5);
    assert_true(go_rank_has_certificate(-10));
    assert_false(go_rank_has_certificate(-3));
}

static void test_club_members__hostile_text_is_stored_verbatim(void **state)
{
    go_club *c = *state;
    const char *names[] = {"Robert'); DROP TABLE members;--", "\"quoted\" 'name'",
                           "O'Brien; SELECT * FROM sqlite_master", "<script>alert(1)</script>"};
    for (int i = 0; i < 4; i++) {
        char num[16];
        snprintf(num, sizeof num, "h%d", i);
        int64_t id = club_add_member(c, num, names[i], "2026-09-01");
        assert_true(id > 0);
        go_member got;
        assert_int_equal(go_club_member_get(c, &got, id), 0);
        assert_string_equal(got.name, names[i]);
    }
    /* As long as the struct holds: refused by length, not truncated. (The CLI refuses a
     * 10,000-character argument before it reaches the struct: see test_club_cli.) */
    go_member m = {0};
    snprintf(m.number, sizeof m.number, "big");
    memset(m.name, 'A', sizeof m.name - 1);
    snprintf(m.join_date, sizeof m.join_date, "2026-09-01");
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL);
    snprintf(m.name, sizeof m.name, "ok");
    m.contact[0] = '\x1b'; /* terminal escape */
    snprintf(m.contact + 1, sizeof m.contact - 1, "[2J");
    assert_int_equal(go_club_member_add(c, &m), GO_EINVAL);
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_list(c, &t, -1), 0);
    assert_int_equal(t->nrows, 4);
    go_club_table_free(t);
    assert_int_equal(go_club_check(c), 0);
}

static void test_club_members__status_history_and_dues(void **state)
{
    go_club *c = *state;
    int64_t id = club_add_member(c, "7", "李雷", "2026-09-01");
    assert_int_equal(go_club_member_set_status(c, id, GO_MEMBER_LEFT, "2026-08-01", NULL, "moved"),
                     GO_EINVAL); /* before joining */
    assert_int_equal(go_club_member_set_status(c, id, GO_MEMBER_LEFT, "2026-12-01", NULL,
                                               "moved to another school"),
                     0);
    assert_int_equal(go_club_member_set_status(c, id, GO_MEMBER_LEFT, "2026-12-02", NULL, "x"),
                     GO_ECONFLICT);
    assert_int_equal(
        go_club_member_set_status(c, id, GO_MEMBER_ACTIVE, "2027-03-01", NULL, "came back"), 0);
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_history(c, &t, id), 0);
    assert_int_equal(t->nrows, 3);
    assert_string_equal(go_club_cell(t, 1, 2), "left");
    assert_string_equal(go_club_cell(t, 1, 4), "moved to another school");
    go_club_table_free(t);
    assert_int_equal(go_club_dues_set(c, id, "2026-2027", 5000, NULL), 0);
    assert_int_equal(go_club_dues_set(c, id, "2026-2028", 5000, NULL), GO_EINVAL);
    assert_int_equal(go_club_dues_set(c, 999, "2026-2027", 5000, NULL), GO_ENOTFOUND);
    assert_int_equal(go_club_dues_list(c, &t, 0, true), 0);
    assert_int_equal(t->nrows, 1);
    assert_string_equal(go_club_cell(t, 0, 3), "50.00");
    go_club_table_free(t);
    assert_int_equal(go_club_dues_set(c, id, "2026-2027", 5000, "2026-09-10"), 0);
    assert_int_equal(go_club_dues_list(c, &t, 0, true), 0);
    assert_int_equal(t->nrows, 0);
    go_club_table_free(t);
}

static void test_club_members__one_command_one_transaction(void **state)
{
    go_club *c = *state;
    assert_int_equal(go_club_begin(c), 0);
    int64_t a = club_add_member(c, "t1", "甲", "2026-09-01");
    assert_true(a > 0);
    go_club_rollback(c);
    go_member m;
    assert_int_equal(go_club_member_get(c, &m, a), GO_ENOTFOUND);
    /* a failing step inside a command leaves nothing behind */
    assert_int_equal(go_club_begin(c), 0);
    int64_t b = club_add_member(c, "t2", "乙", "2026-09-01");
    assert_true(b > 0);
    assert_int_equal(go_club_commit(c), 0);
    assert_int_equal(go_club_member_get(c, &m, b), 0);
}

static void test_club_members__backup(void **state)
{
    go_club *c = *state;
    club_add_member(c, "b1", "备份", "2026-09-01");
    char bpath[600];
    snprintf(bpath, sizeof bpath, "%s.bak", path);
    unlink(bpath);
    assert_int_equal(go_club_backup(c, bpath), 0);
    go_club *b = NULL;
    assert_int_equal(go_club_open(&b, bpath), 0);
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_list(b, &t, -1), 0);
    assert_int_equal(t->nrows, 1);
    assert_string_equal(go_club_cell(t, 0, 2), "备份");
    go_club_table_free(t);
    go_club_free(b);
    club_tmp_remove(bpath);
}

static void test_club_members__forward_migration_and_newer_schema(void **state)
{
    go_club_free(*state);
    *state = NULL;
    /* Pretend the file is still at schema 1: drop what migrations 2 to 5 add. */
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(
        sqlite3_exec(db,
                     "DROP TABLE tiebreaks; DROP TABLE change_log; ALTER TABLE loans DROP COLUMN "
                     "charge_paid_on; DROP TABLE leaves; ALTER TABLE "
                     "events DROP COLUMN cycles;"
                     " ALTER TABLE events DROP COLUMN first_colour;"
                     " DROP INDEX checkins_credit; ALTER TABLE games DROP COLUMN finished;"
                     " PRAGMA user_version = 1",
                     NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);
    go_club *c = NULL;
    assert_int_equal(go_club_open(&c, path), 0);
    go_club_free(c);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT (SELECT user_version FROM pragma_user_version),"
                                        " (SELECT count(*) FROM sqlite_master WHERE name ="
                                        " 'checkins_credit')",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), GO_CLUB_SCHEMA_VERSION);
    assert_int_equal(sqlite3_column_int(st, 1), 1);
    sqlite3_finalize(st);
    /* a file from a newer goref is refused, not downgraded */
    assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(go_club_open(&c, path), GO_EUNSUPPORTED);
    assert_null(c);
    assert_non_null(strstr(go_error_last(), "newer"));
    /* teardown frees NULL */
}

static void test_club_members__csv_and_html_are_safe(void **state)
{
    go_club *c = *state;
    club_add_member(c, "1", "=HYPERLINK(\"http://x\")", "2026-09-01");
    club_add_member(c, "2", "逗号,和\"引号\"", "2026-09-01");
    club_add_member(c, "3", "<script>alert(1)</script>", "2026-09-01");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(go_csv_club_export(f, c, "members"), 0);
    assert_int_equal(go_csv_club_export(f, c, "members; DROP TABLE members"), GO_EINVAL);
    fclose(f);
    assert_non_null(strstr(buf, "\"'=HYPERLINK(\"\"http://x\"\")\""));
    assert_non_null(strstr(buf, "\"逗号,和\"\"引号\"\"\""));
    free(buf);
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_list(c, &t, -1), 0);
    f = open_memstream(&buf, &len);
    go_html_club_table(f, t, "名单 <b>", true, NULL);
    fclose(f);
    assert_null(strstr(buf, "<script>"));
    assert_non_null(strstr(buf, "&lt;script&gt;"));
    assert_non_null(strstr(buf, "名单 &lt;b&gt;"));
    assert_non_null(strstr(buf, "@page { size: A4"));
    free(buf);
    go_club_table_free(t);
}

/* A member named by id or by member number; a text that is one member's id and another's
 * number is refused with the way to say which. */
static void test_club_members__found_by_number_or_id(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "2026001", "甲", "2026-09-01");
    int64_t b = club_add_member(c, "1", "乙", "2026-09-01"); /* number 1, id 2 */
    int64_t id = 0;
    assert_int_equal(go_club_member_find(c, &id, "2026001"), 0);
    assert_int_equal(id, a);
    assert_int_equal(go_club_member_find(c, &id, "2"), 0); /* id 2, no member numbered 2 */
    assert_int_equal(id, b);
    assert_int_equal(go_club_member_find(c, &id, "1"), GO_ECONFLICT); /* id of 甲, number of 乙 */
    assert_non_null(strstr(go_error_last(), "id:1"));
    assert_int_equal(go_club_member_find(c, &id, "id:1"), 0);
    assert_int_equal(id, a);
    assert_int_equal(go_club_member_find(c, &id, "no:1"), 0);
    assert_int_equal(id, b);
    assert_int_equal(go_club_member_find(c, &id, "99"), GO_ENOTFOUND);
    assert_int_equal(go_club_member_find(c, &id, "id:x"), GO_EINVAL);
}

/* Who owes for a year: unpaid records and active members with no record at all. */
static void test_club_members__unpaid_includes_members_without_a_record(void **state)
{
    go_club *c = *state;
    int64_t paid = club_add_member(c, "1", "已缴", "2026-09-01");
    int64_t owes = club_add_member(c, "2", "欠缴", "2026-09-01");
    int64_t none = club_add_member(c, "3", "无记录", "2026-09-01");
    int64_t late = club_add_member(c, "4", "明年入会", "2027-09-15");
    int64_t left = club_add_member(c, "5", "已离开", "2026-09-01");
    assert_int_equal(go_club_dues_set(c, paid, "2026-2027", 5000, "2026-09-10"), 0);
    assert_int_equal(go_club_dues_set(c, owes, "2026-2027", 5000, NULL), 0);
    assert_int_equal(go_club_member_set_status(c, left, GO_MEMBER_LEFT, "2026-09-20", NULL, "转学"),
                     0);
    go_club_table *t = NULL;
    assert_int_equal(go_club_dues_unpaid(c, &t, "2026-2027"), 0);
    assert_int_equal(t->nrows, 2);
    assert_int_equal(strtoll(go_club_cell(t, 0, 0), NULL, 10), owes);
    assert_string_equal(go_club_cell(t, 0, 5), "unpaid");
    assert_string_equal(go_club_cell(t, 0, 4), "50.00");
    assert_int_equal(strtoll(go_club_cell(t, 1, 0), NULL, 10), none);
    assert_string_equal(go_club_cell(t, 1, 5), "no record");
    assert_null(go_club_cell(t, 1, 4));
    go_club_table_free(t);
    (void)late;
    assert_int_equal(go_club_dues_unpaid(c, &t, "2026-2028"), GO_EINVAL);
}

/* The export for a spreadsheet: BOM, Chinese headers, names, ranks as 5k, yuan, komi in
 * stones; English headers on request. */
static void test_club_members__sheet_export_for_excel(void **state)
{
    go_club *c = *state;
    go_member m = {0};
    snprintf(m.number, sizeof m.number, "2026001");
    snprintf(m.name, sizeof m.name, "王小明");
    snprintf(m.join_date, sizeof m.join_date, "2026-09-01");
    m.rank = -5;
    assert_int_equal(go_club_member_add(c, &m), 0);
    int64_t w = club_add_member(c, "2026002", "李白", "2026-09-01");
    assert_int_equal(go_club_dues_set(c, m.id, "2026-2027", 4550, "2026-09-10"), 0);
    go_game_record r = GO_GAME_RECORD_INIT;
    snprintf(r.date, sizeof r.date, "2026-09-09");
    r.black = m.id;
    r.white = w;
    r.winner = 'B';
    r.by = GO_BY_COUNT;
    r.margin_quarters = 11;
    assert_int_equal(go_club_result_add(c, &r), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(go_csv_club_sheet(f, c, "members", NULL), 0);
    fclose(f);
    assert_memory_equal(buf, "\xEF\xBB\xBF", 3);
    assert_non_null(strstr(buf, "姓名"));
    assert_non_null(strstr(buf, "王小明"));
    assert_non_null(strstr(buf, ",5k,"));
    free(buf);
    f = open_memstream(&buf, &len);
    assert_int_equal(go_csv_club_sheet(f, c, "dues", "en"), 0);
    fclose(f);
    assert_non_null(strstr(buf, "amount (yuan)"));
    assert_non_null(strstr(buf, "王小明,2026-2027,45.50,2026-09-10"));
    free(buf);
    f = open_memstream(&buf, &len);
    assert_int_equal(go_csv_club_sheet(f, c, "games", "zh"), 0);
    fclose(f);
    assert_non_null(strstr(buf, "贴子(子)"));
    assert_non_null(strstr(buf, "王小明,5k,李白,,0,3.75,Black,count,2.75"));
    free(buf);
    f = open_memstream(&buf, &len);
    assert_int_equal(go_csv_club_sheet(f, c, "settings", NULL), GO_EINVAL);
    assert_int_equal(go_csv_club_sheet(f, c, "members", "fr"), GO_EINVAL);
    fclose(f);
    free(buf);
}

/* A CSV of members (Excel's BOM, Chinese headers, quoted fields): every bad row is named
 * with its line and then nothing is imported; a dry run writes nothing. */
static void test_club_members__import_names_each_bad_row(void **state)
{
    go_club *c = *state;
    club_add_member(c, "2026001", "老会员", "2026-09-01");
    const char *bad_csv = "\xEF\xBB\xBF会员号,姓名,班级,段级位,入会日期\r\n"
                          "2026002,王小明,三年级二班,15k,2026-09-01\r\n"
                          "2026001,重号,三年级二班,15k,2026-09-01\r\n"
                          "2026003,\"李, 四\",二班,30k,2026-09-01\r\n"
                          "2026004,赵五,二班,,2026-02-30\r\n"
                          "2026005,钱六,二班,1d,\r\n";
    int added = -1;
    char *report = NULL;
    assert_int_equal(go_club_member_import(c, &added, &report, bad_csv, strlen(bad_csv), false),
                     GO_EINVAL);
    assert_non_null(report);
    assert_null(strstr(report, "line 2:"));
    assert_non_null(strstr(report, "line 3: member number 2026001 is already used"));
    assert_non_null(strstr(report, "line 4:"));
    assert_non_null(strstr(report, "line 5:"));
    assert_non_null(strstr(report, "line 6: no join date"));
    free(report);
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_list(c, &t, -1), 0);
    assert_int_equal(t->nrows, 1); /* nothing imported */
    go_club_table_free(t);
    const char *good = "number,name,class,contact,rank,joined\n"
                       "2026002,王小明,三年级二班,\"电话 1, 2\",15k,2026-09-01\n"
                       "2026003,\"李\"\"四\"\"\",二班,,1d,2026-09-02\n\n";
    assert_int_equal(go_club_member_import(c, &added, &report, good, strlen(good), true), 0);
    assert_int_equal(added, 2);
    assert_null(report);
    assert_int_equal(go_club_member_list(c, &t, -1), 0);
    assert_int_equal(t->nrows, 1); /* a dry run writes nothing */
    go_club_table_free(t);
    assert_int_equal(go_club_member_import(c, &added, &report, good, strlen(good), false), 0);
    assert_int_equal(added, 2);
    int64_t id = 0;
    assert_int_equal(go_club_member_find(c, &id, "2026003"), 0);
    go_member m;
    assert_int_equal(go_club_member_get(c, &m, id), 0);
    assert_string_equal(m.name, "李\"四\"");
    assert_int_equal(m.rank, 1);
    const char *no_header = "王小明,2026-09-01\n";
    assert_int_equal(go_club_member_import(c, &added, &report, no_header, strlen(no_header), false),
                     GO_EINVAL);
    free(report);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_members__schema_versioned_and_reopens, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_members__add_show_edit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_members__refuses_bad_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_members__hostile_text_is_stored_verbatim, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_members__status_history_and_dues, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_members__one_command_one_transaction, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_members__backup, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_members__forward_migration_and_newer_schema,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_members__csv_and_html_are_safe, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_members__found_by_number_or_id, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_members__import_names_each_bad_row, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_members__unpaid_includes_members_without_a_record,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_members__sheet_export_for_excel, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
