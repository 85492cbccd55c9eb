/* Attendance and the charter rules: weekly schedule, check-ins (30+ minutes late = half),
 * three consecutive weeks without check-in = withdrawn, three missed activities = revoked,
 * full attendance listed for the reward, dry runs change nothing, changes carry reasons. */
#include <stdlib.h>

#include "testutil.h"
#include "club_fixture.h"
#include "go/club_attendance.h"

static char path[512];

static int setup(void **state)
{
    club_tmp_path(path, sizeof path, "attendance");
    go_club *c = NULL;
    if (go_club_open(&c, path) != 0)
        return -1;
    /* Wednesdays 16:30 from September 2026; 2026-09-02 is a Wednesday. */
    if (go_club_schedule_set(c, 3, "16:30", "2026-09-01") != 0)
        return -1;
    int n = 0;
    if (go_club_schedule_generate(c, &n, "2026-09-01", "2026-12-31") != 0 || n != 18)
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

static void test_club_attendance__weekday_and_dates(void **state)
{
    (void)state;
    int32_t d;
    assert_int_equal(go_club_date_parse(&d, "2026-09-02"), 0);
    assert_int_equal(go_club_weekday(d), 3);
    assert_int_equal(go_club_date_parse(&d, "1970-01-01"), 0);
    assert_int_equal(d, 0);
    assert_int_equal(go_club_weekday(d), 4);
    char buf[11];
    go_club_date_format(buf, 20000);
    assert_string_equal(buf, "2024-10-04");
    int m;
    assert_int_equal(go_club_datetime_parse(&d, &m, "2026-09-04T16:35"), 0);
    assert_int_equal(m, 16 * 60 + 35);
    assert_int_equal(go_club_datetime_parse(&d, &m, "2026-09-04T24:00"), GO_EINVAL);
    assert_int_equal(go_club_datetime_parse(&d, &m, "2026-09-04X16:35"), GO_EINVAL);
    assert_int_equal(go_club_date_parse(&d, "2100-02-29"), GO_EINVAL); /* not a leap year */
    assert_int_equal(go_club_date_parse(&d, "2000-02-29"), 0);
}

static void test_club_attendance__late_is_half(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "张三", "2026-09-01");
    bool half = true;
    assert_int_equal(go_club_checkin(c, &half, a, "2026-09-02T16:59"), 0);
    assert_false(half); /* 29 minutes late: still a full attendance */
    assert_int_equal(go_club_checkin(c, &half, a, "2026-09-09T17:00"), 0);
    assert_true(half); /* 30 minutes: half */
    assert_int_equal(go_club_checkin(c, &half, a, "2026-09-09T17:05"), GO_EEXISTS);
    assert_int_equal(go_club_checkin(c, &half, a, "2026-09-10T16:30"), GO_ENOTFOUND); /* Thursday */
    assert_int_equal(go_club_checkin(c, &half, a, "2026-08-26T16:30"),
                     GO_EINVAL); /* before joining */
    assert_int_equal(go_club_checkin(c, &half, 42, "2026-09-16T16:30"), GO_ENOTFOUND);
    assert_int_equal(go_club_checkin(c, &half, a, "2026-09-31T16:30"), GO_EINVAL);
    go_club_table *t = NULL;
    assert_int_equal(go_club_checkin_list(c, &t, a, NULL, NULL), 0);
    assert_int_equal(t->nrows, 2);
    assert_string_equal(go_club_cell(t, 1, 5), "half");
    go_club_table_free(t);
}

static void test_club_attendance__three_weeks_withdrawn(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "缺席生", "2026-09-01");
    int64_t b = club_add_member(c, "2", "全勤生", "2026-09-01");
    assert_int_equal(go_club_checkin(c, NULL, a, "2026-09-02T16:30"), 0);
    const char *weds[] = {"2026-09-02T16:31", "2026-09-09T16:31", "2026-09-16T16:31",
                          "2026-09-23T16:31", "2026-09-30T16:31"};
    for (int i = 0; i < 5; i++)
        assert_int_equal(go_club_checkin(c, NULL, b, weds[i]), 0);
    go_rule_change *chg = NULL;
    size_t n = 0;
    /* Two weeks missed (9th, 16th): nothing yet. */
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-20", false), 0);
    assert_int_equal(n, 0);
    free(chg);
    /* Third week (23rd): withdrawn, shown by a dry run first, which changes nothing. */
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-27", true), 0);
    assert_int_equal(n, 1);
    assert_int_equal(chg[0].member, a);
    assert_int_equal(chg[0].to, GO_MEMBER_WITHDRAWN);
    assert_string_equal(chg[0].rule, "withdraw_weeks");
    assert_string_equal(chg[0].date, "2026-09-23");
    assert_non_null(strstr(chg[0].reason, "3 consecutive weeks"));
    free(chg);
    go_member m;
    assert_int_equal(go_club_member_get(c, &m, a), 0);
    assert_int_equal(m.status, GO_MEMBER_ACTIVE);
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-27", false), 0);
    assert_int_equal(n, 1);
    free(chg);
    assert_int_equal(go_club_member_get(c, &m, a), 0);
    assert_int_equal(m.status, GO_MEMBER_WITHDRAWN);
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_history(c, &t, a), 0);
    assert_int_equal(t->nrows, 2);
    assert_string_equal(go_club_cell(t, 1, 3), "withdraw_weeks");
    assert_non_null(strstr(go_club_cell(t, 1, 4), "consecutive"));
    go_club_table_free(t);
    /* applying again finds nothing new */
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-27", false), 0);
    assert_int_equal(n, 0);
    free(chg);
    /* a withdrawn member cannot check in until set active again */
    assert_int_equal(go_club_checkin(c, NULL, a, "2026-09-30T16:30"), GO_ECONFLICT);
}

static void test_club_attendance__three_missed_revoked_half_counts(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "迟到生", "2026-09-01");
    /* Misses 9-16 and 10-07, late twice (two halves = one more missed) -> revoked on 10-21 */
    const char *at[] = {"2026-09-02T16:30", "2026-09-09T16:30", "2026-09-23T16:30",
                        "2026-09-30T17:10", "2026-10-14T16:30", "2026-10-21T17:00"};
    for (int i = 0; i < 6; i++)
        assert_int_equal(go_club_checkin(c, NULL, a, at[i]), 0);
    go_rule_change *chg = NULL;
    size_t n = 0;
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-10-20", true), 0);
    assert_int_equal(n, 0); /* 2.5 missed */
    free(chg);
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-10-25", false), 0);
    assert_int_equal(n, 1);
    assert_int_equal(chg[0].to, GO_MEMBER_REVOKED);
    assert_string_equal(chg[0].rule, "revoke_missed");
    assert_string_equal(chg[0].date, "2026-10-21");
    free(chg);
}

static void test_club_attendance__rules_are_per_club_data(void **state)
{
    go_club *c = *state;
    go_club_rules r;
    assert_int_equal(go_club_rules_get(c, &r), 0);
    assert_true(r.withdraw_enabled);
    assert_int_equal(r.withdraw_weeks, 3);
    assert_int_equal(r.revoke_missed, 3);
    assert_int_equal(r.late_minutes, 30);
    r.withdraw_enabled = false;
    r.revoke_missed = 5;
    r.late_minutes = 15;
    assert_int_equal(go_club_rules_set(c, &r), 0);
    int64_t a = club_add_member(c, "1", "王五", "2026-09-01");
    bool half = false;
    assert_int_equal(go_club_checkin(c, &half, a, "2026-09-02T16:45"), 0);
    assert_true(half); /* 15 minutes is late under this club's rule */
    go_rule_change *chg = NULL;
    size_t n = 0;
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-27", false), 0);
    assert_int_equal(n, 0); /* 3.5 missed, no withdraw rule */
    free(chg);
    r.late_minutes = 0;
    assert_int_equal(go_club_rules_set(c, &r), GO_EINVAL);
}

static void test_club_attendance__reward_lists_full_attendance(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "全勤", "2026-09-01");
    int64_t b = club_add_member(c, "2", "迟到一次", "2026-09-01");
    const char *weds[] = {"2026-09-02", "2026-09-09", "2026-09-16", "2026-09-23", "2026-09-30"};
    for (int i = 0; i < 5; i++) {
        char at[32];
        snprintf(at, sizeof at, "%sT16:20", weds[i]);
        assert_int_equal(go_club_checkin(c, NULL, a, at), 0);
        snprintf(at, sizeof at, "%sT%s", weds[i], i == 3 ? "17:01" : "16:25");
        assert_int_equal(go_club_checkin(c, NULL, b, at), 0);
    }
    go_club_table *t = NULL;
    assert_int_equal(go_club_rules_reward(c, &t, "2026-09-01", "2026-09-30"), 0);
    assert_int_equal(t->nrows, 1);
    assert_int_equal(strtol(go_club_cell(t, 0, 0), NULL, 10), a);
    assert_string_equal(go_club_cell(t, 0, 2), "5");
    go_club_table_free(t);
    (void)b;
}

static void test_club_attendance__cancelled_week_does_not_count(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "假期", "2026-09-01");
    assert_int_equal(go_club_checkin(c, NULL, a, "2026-09-02T16:30"), 0);
    assert_int_equal(go_club_activity_cancel(c, "2026-09-09"), 0);
    assert_int_equal(go_club_activity_cancel(c, "2026-09-10"), GO_ENOTFOUND);
    /* missed 16th, 23rd; 9th was cancelled -> only two weeks */
    go_rule_change *chg = NULL;
    size_t n = 0;
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-27", true), 0);
    assert_int_equal(n, 0);
    free(chg);
}

/* member edit of the join date moves the start of attendance and the history's joining row. */
static void test_club_attendance__joined_later_moves_the_start(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "新生", "2026-09-01");
    go_member m;
    assert_int_equal(go_club_member_get(c, &m, a), 0);
    snprintf(m.join_date, sizeof m.join_date, "2026-11-01");
    assert_int_equal(go_club_member_edit(c, &m), 0);
    go_rule_change *chg = NULL;
    size_t n = 0;
    /* Joined on 1 November, first activity the 4th: nothing missed by the 10th. */
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-11-10", true), 0);
    assert_int_equal(n, 0);
    free(chg);
    go_club_table *t = NULL;
    assert_int_equal(go_club_member_history(c, &t, a), 0);
    assert_int_equal(t->nrows, 1);
    assert_string_equal(go_club_cell(t, 0, 0), "2026-11-01");
    go_club_table_free(t);
    /* a join date after a later status change is refused */
    assert_int_equal(go_club_member_set_status(c, a, GO_MEMBER_LEFT, "2026-11-20", NULL, "moved"),
                     0);
    snprintf(m.join_date, sizeof m.join_date, "2026-12-01");
    assert_int_equal(go_club_member_edit(c, &m), GO_ECONFLICT);
}

/* An activity on a day that has one: the same start gives it back, another start or a
 * cancelled one is refused with the reason; an activity can be moved and un-cancelled. */
static void test_club_attendance__activity_on_a_taken_day(void **state)
{
    go_club *c = *state;
    int64_t id = 0, again = 0;
    assert_int_equal(go_club_activity_add(c, &id, "2026-09-02T16:30", NULL), 0);
    assert_int_equal(go_club_activity_add(c, &again, "2026-09-02T16:30", NULL), 0);
    assert_int_equal(again, id);
    assert_int_equal(go_club_activity_add(c, &again, "2026-09-02T18:00", NULL), GO_EEXISTS);
    assert_non_null(strstr(go_error_last(), "16:30"));
    assert_int_equal(go_club_activity_cancel(c, "2026-09-09"), 0);
    assert_int_equal(go_club_activity_add(c, &again, "2026-09-09T16:30", NULL), GO_EEXISTS);
    assert_non_null(strstr(go_error_last(), "cancelled"));
    assert_int_equal(go_club_activity_move(c, "2026-09-02", "2026-09-02T18:00"), 0);
    assert_int_equal(go_club_activity_restore(c, "2026-09-09"), 0);
    assert_int_equal(go_club_activity_restore(c, "2026-09-09"), GO_ECONFLICT);
    assert_int_equal(go_club_activity_move(c, "2026-09-03", "2026-09-03T18:00"), GO_ENOTFOUND);
    assert_int_equal(go_club_activity_move(c, "2026-09-02", "2026-09-09T18:00"), GO_EEXISTS);
    go_club_table *t = NULL;
    assert_int_equal(go_club_activity_list(c, &t, "2026-09-02", "2026-09-09"), 0);
    assert_int_equal(t->nrows, 2);
    assert_string_equal(go_club_cell(t, 0, 2), "18:00");
    assert_string_equal(go_club_cell(t, 1, 4), "0");
    go_club_table_free(t);
    /* a check-in at 18:10 of the moved activity is on time */
    int64_t a = club_add_member(c, "1", "准时生", "2026-09-01");
    bool half = true;
    assert_int_equal(go_club_checkin(c, &half, a, "2026-09-02T18:10"), 0);
    assert_false(half);
}

/* An excused leave: its activities are neither misses nor weeks without a check-in, so a
 * member away three weeks on leave is not withdrawn; without the leave he would be. */
static void test_club_attendance__leave_keeps_a_member(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "请假生", "2026-09-01");
    int64_t b = club_add_member(c, "2", "缺席生", "2026-09-01");
    assert_int_equal(go_club_checkin(c, NULL, a, "2026-09-02T16:30"), 0);
    assert_int_equal(go_club_checkin(c, NULL, b, "2026-09-02T16:30"), 0);
    int64_t leave = 0;
    assert_int_equal(go_club_leave_add(c, &leave, a, "2026-09-07", "2026-09-27", "生病"), 0);
    assert_true(leave > 0);
    assert_int_equal(go_club_leave_add(c, NULL, a, "2026-09-20", "2026-09-30", "again"),
                     GO_EEXISTS);
    assert_int_equal(go_club_leave_add(c, NULL, a, "2026-10-07", "2026-10-01", "x"), GO_EINVAL);
    assert_int_equal(go_club_leave_add(c, NULL, a, "2026-10-01", "2026-10-07", ""), GO_EINVAL);
    assert_int_equal(go_club_leave_add(c, NULL, 999, "2026-10-01", "2026-10-07", "x"),
                     GO_ENOTFOUND);
    go_rule_change *chg = NULL;
    size_t n = 0;
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-27", true), 0);
    assert_int_equal(n, 1); /* only b, away without leave for the 9th, 16th and 23rd */
    assert_int_equal(chg[0].member, b);
    free(chg);
    /* back on the 30th: the leave's weeks did not start a run; missing the 30th, 7th and
     * 14th does (three weeks after the leave) */
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-10-11", true), 0);
    for (size_t k = 0; k < n; k++)
        assert_int_not_equal(chg[k].member, a);
    free(chg);
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-10-18", true), 0);
    bool a_out = false;
    for (size_t k = 0; k < n; k++)
        a_out = a_out || chg[k].member == a;
    assert_true(a_out);
    free(chg);
    go_club_table *t = NULL;
    assert_int_equal(go_club_leave_list(c, &t, a), 0);
    assert_int_equal(t->nrows, 1);
    assert_string_equal(go_club_cell(t, 0, 5), "生病");
    go_club_table_free(t);
}

/* The monthly grid: present, late, on leave, missed, not yet a member; the rate counts a late
 * arrival as half and leaves out the activities on leave. */
static void test_club_attendance__monthly_grid(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "甲", "2026-09-01");
    int64_t b = club_add_member(c, "2", "乙", "2026-09-05");
    assert_int_equal(go_club_checkin(c, NULL, a, "2026-09-02T16:30"), 0);
    assert_int_equal(go_club_checkin(c, NULL, a, "2026-09-09T17:30"), 0); /* late */
    assert_int_equal(go_club_checkin(c, NULL, b, "2026-09-09T16:30"), 0);
    assert_int_equal(go_club_leave_add(c, NULL, b, "2026-09-14", "2026-09-27", "生病"), 0);
    go_club_table *t = NULL;
    assert_int_equal(go_club_attendance_report(c, &t, "2026-09-01", "2026-09-30"), 0);
    assert_int_equal(t->nrows, 2);
    assert_int_equal(t->ncols, 2 + 5 + 3); /* Wednesdays 2, 9, 16, 23, 30 */
    assert_string_equal(t->names[2], "09-02");
    assert_string_equal(go_club_cell(t, 0, 2), "✓");
    assert_string_equal(go_club_cell(t, 0, 3), "迟");
    assert_string_equal(go_club_cell(t, 0, 4), "✗");
    assert_string_equal(go_club_cell(t, 0, 7), "1.5");
    assert_string_equal(go_club_cell(t, 0, 8), "5");
    assert_string_equal(go_club_cell(t, 0, 9), "30%");
    assert_string_equal(go_club_cell(t, 1, 2), ""); /* not a member yet */
    assert_string_equal(go_club_cell(t, 1, 4), "假");
    assert_string_equal(go_club_cell(t, 1, 5), "假");
    assert_string_equal(go_club_cell(t, 1, 8), "2"); /* the 9th and the 30th */
    assert_string_equal(go_club_cell(t, 1, 9), "50%");
    go_club_table_free(t);
    assert_int_equal(go_club_attendance_report(c, &t, "2026-09-30", "2026-09-01"), GO_EINVAL);
}

/* As of a day and time: that day's activity, not started yet, is not missed. */
static void test_club_attendance__today_not_missed_before_it_starts(void **state)
{
    go_club *c = *state;
    int64_t a = club_add_member(c, "1", "准时生", "2026-09-01");
    assert_int_equal(go_club_checkin(c, NULL, a, "2026-09-02T16:30"), 0);
    go_rule_change *chg = NULL;
    size_t n = 0;
    /* missed the 9th and the 16th; the 23rd starts at 16:30 */
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-23T15:00", true), 0);
    assert_int_equal(n, 0);
    free(chg);
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-23T17:00", true), 0);
    assert_int_equal(n, 1); /* now the third week is missed */
    free(chg);
    assert_int_equal(go_club_rules_apply(c, &chg, &n, "2026-09-23T25:00", true), GO_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_club_attendance__weekday_and_dates),
        cmocka_unit_test_setup_teardown(test_club_attendance__late_is_half, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__three_weeks_withdrawn, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__three_missed_revoked_half_counts,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__rules_are_per_club_data, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__reward_lists_full_attendance, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__cancelled_week_does_not_count, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__joined_later_moves_the_start, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__activity_on_a_taken_day, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__monthly_grid, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__today_not_missed_before_it_starts,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_attendance__leave_keeps_a_member, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
