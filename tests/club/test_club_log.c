/* Corrections leave a trail: a result already entered, a recorded payment, a status, a
 * check-in, a loan and a dues record change or go only with a reason, and the change log keeps
 * who, when, the old and the new value and why. A backup is restored only after a check. */
#include <stdlib.h>

#include <sqlite3.h>

#include "testutil.h"
#include "club_fixture.h"
#include "go/club_attendance.h"
#include "go/club_equipment.h"
#include "go/club_games.h"

static char path[512], other[600];

static int setup(void **state)
{
    club_tmp_path(path, sizeof path, "log");
    snprintf(other, sizeof other, "%s.backup", path);
    unlink(other);
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
    club_tmp_remove(other);
    return 0;
}

/* The change log's rows of one kind. */
static go_club_table *log_of(go_club *c, const char *what)
{
    go_club_table *t = NULL;
    assert_int_equal(go_club_log_list(c, &t, what, 0), 0);
    return t;
}

static void test_club_log__result_corrected_with_a_reason(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "甲", "2026-09-01");
    int64_t b = club_add_member(c, "2", "乙", "2026-09-01");
    assert_int_equal(go_club_set_actor(c, "李老师"), 0);
    go_game_record r = GO_GAME_RECORD_INIT;
    snprintf(r.date, sizeof r.date, "2026-09-09");
    r.black = a;
    r.white = b;
    r.winner = 'B';
    r.by = GO_BY_COUNT;
    r.margin_quarters = 11;
    assert_int_equal(go_club_result_add(c, &r), 0);
    go_game_record fix = GO_GAME_RECORD_INIT;
    fix.id = r.id;
    fix.winner = 'W';
    fix.by = GO_BY_RESIGN;
    assert_int_equal(go_club_result_add(c, &fix), GO_ECONFLICT);
    assert_non_null(strstr(go_error_last(), "B count 2.75"));
    assert_int_equal(go_club_set_reason(c, "记错了黑白"), 0);
    assert_int_equal(go_club_result_add(c, &fix), 0);
    go_club_table *t = log_of(c, "result");
    assert_int_equal(t->nrows, 2);
    /* at, who, what, ref, member, name, old, new, why */
    assert_string_equal(go_club_cell(t, 1, 1), "李老师");
    assert_string_equal(go_club_cell(t, 1, 6), "B count 2.75");
    assert_string_equal(go_club_cell(t, 1, 7), "W resign");
    assert_string_equal(go_club_cell(t, 1, 8), "记错了黑白");
    assert_int_equal(strlen(go_club_cell(t, 1, 0)), 19); /* YYYY-MM-DDTHH:MM:SS */
    go_club_table_free(t);
}

static void test_club_log__dues_status_and_deletions(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "甲", "2026-09-01");
    assert_int_equal(go_club_dues_set(c, a, "2026-2027", 5000, NULL), 0);
    assert_int_equal(go_club_dues_set(c, a, "2026-2027", 5000, "2026-09-10"), 0); /* paid */
    assert_int_equal(go_club_dues_set(c, a, "2026-2027", 4000, "2026-09-10"), GO_ECONFLICT);
    assert_int_equal(go_club_dues_set(c, a, "2026-2027", 5000, "2026-09-11"), GO_ECONFLICT);
    assert_int_equal(go_club_dues_delete(c, a, "2026-2027"), GO_EINVAL); /* no reason */
    assert_int_equal(go_club_set_reason(c, "减免"), 0);
    assert_int_equal(go_club_dues_set(c, a, "2026-2027", 4000, "2026-09-10"), 0);
    go_club_table *t = log_of(c, "dues");
    assert_int_equal(t->nrows, 3);
    assert_null(go_club_cell(t, 0, 6));
    assert_string_equal(go_club_cell(t, 2, 6), "50.00 paid 2026-09-10");
    assert_string_equal(go_club_cell(t, 2, 7), "40.00 paid 2026-09-10");
    assert_string_equal(go_club_cell(t, 2, 8), "减免");
    go_club_table_free(t);
    assert_int_equal(go_club_dues_delete(c, a, "2026-2027"), 0);
    assert_int_equal(go_club_dues_delete(c, a, "2026-2027"), GO_ENOTFOUND);
    assert_int_equal(go_club_member_set_status(c, a, GO_MEMBER_LEFT, "2026-10-01", NULL, "转学"),
                     0);
    t = log_of(c, "status");
    assert_int_equal(t->nrows, 1);
    assert_string_equal(go_club_cell(t, 0, 6), "active");
    assert_string_equal(go_club_cell(t, 0, 7), "left");
    assert_string_equal(go_club_cell(t, 0, 8), "转学");
    go_club_table_free(t);
    /* a check-in and a loan entered by mistake */
    int64_t b = club_add_member(c, "2", "乙", "2026-09-01");
    assert_int_equal(go_club_schedule_set(c, 3, "16:30", "2026-09-01"), 0);
    assert_int_equal(go_club_checkin(c, NULL, b, "2026-09-02T16:40"), 0);
    assert_int_equal(go_club_checkin_delete(c, b, "2026-09-02"), 0);
    assert_int_equal(go_club_checkin_delete(c, b, "2026-09-02"), GO_ENOTFOUND);
    go_item it = {0};
    snprintf(it.name, sizeof it.name, "棋钟");
    snprintf(it.kind, sizeof it.kind, "clock");
    it.count = 2;
    assert_int_equal(go_club_item_add(c, &it), 0);
    int64_t loan = 0, charge = 0;
    assert_int_equal(go_club_loan_out(c, &loan, it.id, 1, b, "李老师", "2026-09-02", "2026-09-09"),
                     0);
    assert_int_equal(go_club_loan_delete(c, loan), 0);
    assert_int_equal(go_club_loan_out(c, &loan, it.id, 1, b, "李老师", "2026-09-02", "2026-09-09"),
                     0);
    assert_int_equal(go_club_loan_return(c, &charge, loan, "good", "2026-09-09"), 0);
    assert_int_equal(go_club_loan_delete(c, loan), GO_ECONFLICT);
    t = log_of(c, NULL);
    int deletions = 0;
    for (int k = 0; k < t->nrows; k++)
        deletions += go_club_cell(t, k, 7) == NULL;
    assert_int_equal(deletions, 3); /* dues, check-in, loan */
    go_club_table_free(t);
}

static void test_club_log__restore_checks_the_file(void **state)
{
    go_club *c = *state;
    club_add_member(c, "1", "甲", "2026-09-01");
    assert_int_equal(go_club_backup(c, other), 0);
    club_add_member(c, "2", "乙", "2026-09-01");
    assert_int_equal(go_club_restore(c, other), 0);
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_list(c, &t, -1), 0);
    assert_int_equal(t->nrows, 1);
    go_club_table_free(t);
    /* not a goref file, a newer one, not a database at all */
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(other, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(go_club_restore(c, other), GO_EUNSUPPORTED);
    club_tmp_remove(other);
    assert_int_equal(sqlite3_open(other, &db), SQLITE_OK);
    assert_int_equal(
        sqlite3_exec(db, "CREATE TABLE x(y); PRAGMA user_version = 3", NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(go_club_restore(c, other), GO_EINVAL);
    club_tmp_remove(other);
    FILE *f = fopen(other, "w");
    assert_non_null(f);
    fputs("not a database, only text that is long enough to have a header...", f);
    fclose(f);
    assert_int_not_equal(go_club_restore(c, other), 0);
    assert_int_equal(go_club_restore(c, "/nonexistent/x.db"), GO_EIO);
    assert_int_equal(go_club_member_list(c, &t, -1), 0); /* still the restored content */
    assert_int_equal(t->nrows, 1);
    go_club_table_free(t);
}

/* A file of schema 4 gains the change log when opened. */
static void test_club_log__schema_4_file_gains_the_log(void **state)
{
    go_club_free(*state);
    *state = NULL;
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "DROP TABLE tiebreaks; DROP TABLE change_log; ALTER TABLE loans "
                                  "DROP COLUMN charge_paid_on; PRAGMA user_version = 4",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    go_club *c = NULL;
    assert_int_equal(go_club_open(&c, path), 0);
    *state = c;
    int64_t a = club_add_member(c, "1", "甲", "2026-09-01");
    assert_int_equal(go_club_dues_set(c, a, "2026-2027", 5000, NULL), 0);
    go_club_table *t = log_of(c, "dues");
    assert_int_equal(t->nrows, 1);
    assert_string_equal(go_club_cell(t, 0, 1), "unknown");
    go_club_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_log__result_corrected_with_a_reason, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_log__dues_status_and_deletions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_log__restore_checks_the_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_log__schema_4_file_gains_the_log, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
