/* Equipment: register, stock-taking differences and last seen, loans approved and due at the
 * next activity, returns with condition, overdue, lost/damaged charged at the price. */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "club_fixture.h"
#include "go/club_attendance.h"
#include "go/club_equipment.h"

static char path[512];

static int setup(void **state)
{
    club_tmp_path(path, sizeof path, "equipment");
    go_club *c = NULL;
    if (go_club_open(&c, path) != 0)
        return -1;
    int n;
    if (go_club_schedule_set(c, 3, "16:30", "2026-09-01") != 0 ||
        go_club_schedule_generate(c, &n, "2026-09-01", "2026-10-31") != 0)
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

static int64_t add_item(go_club *c, const char *name, const char *kind, int size, int count,
                        int64_t price)
{
    go_item it = {0};
    snprintf(it.name, sizeof it.name, "%s", name);
    snprintf(it.kind, sizeof it.kind, "%s", kind);
    it.board_size = size;
    it.count = count;
    it.price_fen = price;
    snprintf(it.location, sizeof it.location, "柜子A");
    assert_int_equal(go_club_item_add(c, &it), 0);
    return it.id;
}

static void test_club_equipment__register_and_refusals(void **state)
{
    go_club *c = *state;
    add_item(c, "19路棋盘", "board", 19, 10, 4500);
    go_item bad = {0};
    snprintf(bad.name, sizeof bad.name, "棋盘");
    snprintf(bad.kind, sizeof bad.kind, "board");
    bad.board_size = 17;
    bad.count = 1;
    assert_int_equal(go_club_item_add(c, &bad), GO_EINVAL);
    snprintf(bad.kind, sizeof bad.kind, "spaceship");
    assert_int_equal(go_club_item_add(c, &bad), GO_EINVAL);
    go_club_table *t = NULL;
    assert_int_equal(go_club_item_list(c, &t), 0);
    assert_int_equal(t->nrows, 1);
    assert_string_equal(go_club_cell(t, 0, 6), "45.00");
    go_club_table_free(t);
}

static void test_club_equipment__loan_due_next_activity_and_charges(void **state)
{
    go_club *c = *state;
    int64_t m = club_add_member(c, "1", "借用人", "2026-09-01");
    int64_t clocks = add_item(c, "棋钟", "clock", 0, 2, 12000);
    int64_t loan = 0;
    assert_int_equal(go_club_loan_out(c, &loan, clocks, 1, m, "", "2026-09-03", NULL), GO_EINVAL);
    assert_int_equal(go_club_loan_out(c, &loan, clocks, 3, m, "李老师", "2026-09-03", NULL),
                     GO_ECONFLICT); /* only two */
    assert_int_equal(go_club_loan_out(c, &loan, clocks, 1, m, "李老师", "2026-09-03", NULL), 0);
    int64_t loan2 = 0;
    assert_int_equal(
        go_club_loan_out(c, &loan2, clocks, 1, m, "李老师", "2026-09-03", "2026-09-30"), 0);
    assert_int_equal(go_club_loan_out(c, NULL, clocks, 1, m, "李老师", "2026-09-03", NULL),
                     GO_ECONFLICT); /* both out */
    go_club_table *t = NULL;
    assert_int_equal(go_club_loan_list(c, &t, true), 0);
    assert_int_equal(t->nrows, 2);
    assert_string_equal(go_club_cell(t, 0, 8), "2026-09-09"); /* the next Wednesday */
    go_club_table_free(t);
    assert_int_equal(go_club_loan_overdue(c, &t, "2026-09-10"), 0);
    assert_int_equal(t->nrows, 1);
    assert_string_equal(go_club_cell(t, 0, 8), "1");
    go_club_table_free(t);
    int64_t charge = -1;
    assert_int_equal(go_club_loan_return(c, &charge, loan, "broken", "2026-09-10"), GO_EINVAL);
    assert_int_equal(go_club_loan_return(c, &charge, loan, "damaged", "2026-09-01"), GO_EINVAL);
    assert_int_equal(go_club_loan_return(c, &charge, loan, "damaged", "2026-09-10"), 0);
    assert_int_equal(charge, 12000);
    assert_int_equal(go_club_loan_return(c, &charge, loan, "good", "2026-09-10"), GO_ECONFLICT);
    assert_int_equal(go_club_loan_return(c, &charge, loan2, "lost", "2026-09-30"), 0);
    assert_int_equal(charge, 12000);
    assert_int_equal(go_club_item_list(c, &t), 0);
    assert_string_equal(go_club_cell(t, 0, 4), "1"); /* one left after the loss */
    assert_string_equal(go_club_cell(t, 0, 8), "damaged");
    go_club_table_free(t);
    assert_int_equal(go_club_loan_return(c, &charge, 999, "good", "2026-09-30"), GO_ENOTFOUND);
}

static void test_club_equipment__stocktake_lists_differences(void **state)
{
    go_club *c = *state;
    int64_t m = club_add_member(c, "1", "借用人", "2026-09-01");
    int64_t boards = add_item(c, "13路棋盘", "board", 13, 8, 3000);
    int64_t books = add_item(c, "围棋入门", "book", 0, 5, 2500);
    assert_int_equal(go_club_loan_out(c, NULL, boards, 2, m, "李老师", "2026-09-02", NULL), 0);
    assert_int_equal(go_club_stocktake(c, boards, 6, "2026-09-05", NULL), 0); /* 8 - 2 on loan */
    assert_int_equal(go_club_stocktake(c, books, 4, "2026-09-05", "one missing"), 0);
    assert_int_equal(go_club_stocktake(c, 77, 4, "2026-09-05", NULL), GO_ENOTFOUND);
    go_club_table *t = NULL;
    assert_int_equal(go_club_stocktake_report(c, &t), 0);
    assert_int_equal(t->nrows, 2);
    /* the difference comes first */
    assert_int_equal(strtol(go_club_cell(t, 0, 0), NULL, 10), books);
    assert_string_equal(go_club_cell(t, 0, 5), "-1");
    assert_string_equal(go_club_cell(t, 1, 5), "0");
    assert_string_equal(go_club_cell(t, 1, 6), "2026-09-05");
    go_club_table_free(t);
}

/* A stock-take counts what was on loan on its own date, not today. */
static void test_club_equipment__stocktake_as_of_its_date(void **state)
{
    go_club *c = *state;
    int64_t m = club_add_member(c, "1", "借用人", "2026-09-01");
    int64_t boards = add_item(c, "19路棋盘", "board", 19, 8, 3000);
    int64_t loan = 0, charge = 0;
    /* out 2 Sept, back 8 Sept: on loan on the 5th */
    assert_int_equal(go_club_loan_out(c, &loan, boards, 2, m, "李老师", "2026-09-02", NULL), 0);
    assert_int_equal(go_club_loan_return(c, &charge, loan, "good", "2026-09-08"), 0);
    /* out on the 10th: not yet on the 5th */
    assert_int_equal(go_club_loan_out(c, NULL, boards, 3, m, "李老师", "2026-09-10", NULL), 0);
    assert_int_equal(go_club_stocktake(c, boards, 6, "2026-09-05", NULL), 0);
    go_club_table *t = NULL;
    assert_int_equal(go_club_stocktake_report(c, &t), 0);
    assert_string_equal(go_club_cell(t, 0, 3), "6"); /* expected: 8 - 2 */
    assert_string_equal(go_club_cell(t, 0, 5), "0");
    go_club_table_free(t);
    /* on the 12th: 3 out */
    assert_int_equal(go_club_stocktake(c, boards, 5, "2026-09-12", NULL), 0);
    assert_int_equal(go_club_stocktake_report(c, &t), 0);
    assert_string_equal(go_club_cell(t, 0, 3), "5");
    go_club_table_free(t);
}

/* Part of a loan comes back (the rest stays out); a damaged part is charged, and the charge is
 * owed until paid. */
static void test_club_equipment__partial_return_and_compensation(void **state)
{
    go_club *c = *state;
    int64_t m = club_add_member(c, "1", "借用人", "2026-09-01");
    int64_t stones = add_item(c, "棋子", "stones", 0, 10, 2000);
    int64_t loan = 0, charge = 0, part = 0;
    assert_int_equal(go_club_loan_out(c, &loan, stones, 3, m, "李老师", "2026-09-02", "2026-09-09"),
                     0);
    assert_int_equal(go_club_loan_return_part(c, &charge, &part, loan, 4, "good", "2026-09-09"),
                     GO_EINVAL);
    assert_int_equal(go_club_loan_return_part(c, &charge, &part, loan, 1, "damaged", "2026-09-09"),
                     0);
    assert_int_not_equal(part, loan);
    assert_int_equal(charge, 2000);
    go_club_table *t = NULL;
    assert_int_equal(go_club_loan_list(c, &t, true), 0);
    assert_int_equal(t->nrows, 1); /* two still out */
    assert_string_equal(go_club_cell(t, 0, 3), "2");
    go_club_table_free(t);
    assert_int_equal(go_club_loan_owed(c, &t), 0);
    assert_int_equal(t->nrows, 1);
    assert_string_equal(go_club_cell(t, 0, 8), "20.00");
    go_club_table_free(t);
    assert_int_equal(go_club_loan_charge_paid(c, loan, "2026-09-12"), GO_ECONFLICT); /* none */
    assert_int_equal(go_club_loan_charge_paid(c, part, "2026-09-01"), GO_EINVAL);
    assert_int_equal(go_club_loan_charge_paid(c, part, "2026-09-12"), 0);
    assert_int_equal(go_club_loan_charge_paid(c, part, "2026-09-12"), GO_ECONFLICT);
    assert_int_equal(go_club_loan_owed(c, &t), 0);
    assert_int_equal(t->nrows, 0);
    go_club_table_free(t);
    assert_int_equal(go_club_loan_return_part(c, &charge, &part, loan, 2, "good", "2026-09-10"), 0);
    assert_int_equal(part, loan); /* the rest: the loan itself */
}

/* A statement that fails says what it was for: with the items table gone (renamed behind the
 * library's back), the listing, the stock-take and a loan each fail with GO_EDB or
 * GO_ENOTFOUND and a message naming the statement, never a success or a crash. */
static void test_club_equipment__failed_statement_named(void **state)
{
    go_club *c = *state;
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "PRAGMA foreign_keys=OFF; ALTER TABLE items RENAME TO gone",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    go_club_table *t = NULL;
    assert_int_equal(go_club_item_list(c, &t), GO_EDB);
    assert_null(t);
    assert_non_null(strstr(go_error_last(), "item list: "));
    assert_non_null(strstr(go_error_last(), "items"));
    assert_int_equal(go_club_stocktake_report(c, &t), GO_EDB);
    assert_non_null(strstr(go_error_last(), "stocktake report: "));
    assert_int_equal(go_club_stocktake(c, 1, 3, "2026-09-02", NULL), GO_EDB);
    assert_non_null(strstr(go_error_last(), "item count: "));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_equipment__register_and_refusals, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_equipment__loan_due_next_activity_and_charges,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_equipment__stocktake_lists_differences, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_equipment__partial_return_and_compensation, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_equipment__stocktake_as_of_its_date, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_equipment__failed_statement_named, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
