/* Attendance and the charter rules (《围棋社团规章制度》, 《棋社规章制度》): the weekly schedule,
 * activities, check-ins (30+ minutes late = half an attendance), and `rules apply`: N consecutive
 * weeks without a check-in -> withdrawn, N missed activities in total -> revoked, full attendance
 * -> reward. */
#include <stdlib.h>
#include <string.h>

#include "club_int.h"
#include "stmt.h"

static int parse_hhmm(int *out, const char *s)
{
    if (!s || strlen(s) != 5 || s[2] != ':' || s[0] < '0' || s[0] > '2' || s[1] < '0' ||
        s[1] > '9' || s[3] < '0' || s[3] > '5' || s[4] < '0' || s[4] > '9')
        return go_error_set(GO_EINVAL, "'%.20s' is not a time (HH:MM)", s ? s : "");
    int h = (s[0] - '0') * 10 + (s[1] - '0');
    if (h > 23)
        return go_error_set(GO_EINVAL, "'%.20s' is not a possible time", s);
    *out = h * 60 + (s[3] - '0') * 10 + (s[4] - '0');
    return 0;
}

int go_club_schedule_set(go_club *club, int weekday, const char *start_hhmm, const char *from)
{
    int rc, minute;
    if (weekday < 1 || weekday > 7)
        return go_error_set(GO_EINVAL, "weekday %d: use 1 (Monday) .. 7 (Sunday)", weekday);
    if ((rc = parse_hhmm(&minute, start_hhmm)) != 0)
        return rc;
    if ((rc = check_date("from", from)) != 0)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = db_prepare(
             club, &st,
             "INSERT INTO schedule(weekday, start_time, from_date) VALUES (?1, ?2, ?3)")) == 0) {
        sqlite3_bind_int(st, 1, weekday);
        sqlite3_bind_text(st, 2, start_hhmm, 5, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, from, 10, SQLITE_STATIC);
        rc = db_step_done(club, st, "schedule");
    }
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

/* The schedule in force on a day: weekday and start, or GO_ENOTFOUND. */
static int schedule_on(go_club *club, int *weekday, char start[6], const char *date)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(club, &st,
                        "SELECT weekday, start_time FROM schedule WHERE from_date <= ?1"
                        " ORDER BY from_date DESC, id DESC LIMIT 1");
    if (rc)
        return rc;
    sqlite3_bind_text(st, 1, date, 10, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW) {
        *weekday = sqlite3_column_int(st, 0);
        col_copy(start, 6, st, 1);
    } else {
        rc = GO_ENOTFOUND;
    }
    sqlite3_finalize(st);
    return rc;
}

static int activity_insert(go_club *club, int64_t *out_id, const char *date, const char *start,
                           const char *title)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(club, &st,
                        "INSERT INTO activities(date, start_time, title) VALUES (?1, ?2, ?3)"
                        " ON CONFLICT(date) DO NOTHING");
    if (rc)
        return rc;
    sqlite3_bind_text(st, 1, date, 10, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, start, 5, SQLITE_STATIC);
    bind_text_or_null(st, 3, title);
    rc = db_step_done(club, st, "activity");
    sqlite3_finalize(st);
    if (rc || !out_id)
        return rc;
    if ((rc = db_stmt(club, &st, "activity insert", "SELECT id FROM activities WHERE date = ?1",
                      "D", date)) != 0)
        return rc;
    if (sqlite3_step(st) == SQLITE_ROW)
        *out_id = sqlite3_column_int64(st, 0);
    else
        rc = db_error(club, "activity");
    sqlite3_finalize(st);
    return rc;
}

int go_club_schedule_generate(go_club *club, int *out_count, const char *from, const char *to)
{
    int32_t d0, d1;
    int rc;
    *out_count = 0;
    if ((rc = go_club_date_parse(&d0, from)) != 0 || (rc = go_club_date_parse(&d1, to)) != 0)
        return rc;
    if (d1 < d0)
        return go_error_set(GO_EINVAL, "the period ends (%.10s) before it starts (%.10s)", to,
                            from);
    if (d1 - d0 > 366 * 10)
        return go_error_set(GO_EINVAL, "period longer than ten years");
    if ((rc = tx_begin(club)) != 0)
        return rc;
    int before = sqlite3_total_changes(club->db);
    for (int32_t d = d0; d <= d1 && rc == 0; d++) {
        char date[11], start[6];
        int wd;
        go_club_date_format(date, d);
        int r = schedule_on(club, &wd, start, date);
        if (r == GO_ENOTFOUND)
            continue;
        if (r) {
            rc = r;
            break;
        }
        if (wd == go_club_weekday(d))
            rc = activity_insert(club, NULL, date, start, NULL);
    }
    *out_count = sqlite3_total_changes(club->db) - before;
    return tx_end(club, rc);
}

int go_club_activity_add(go_club *club, int64_t *out_id, const char *start, const char *title)
{
    int32_t day;
    int minute, rc;
    if ((rc = go_club_datetime_parse(&day, &minute, start)) != 0)
        return rc;
    if (strlen(start) < 16)
        return go_error_set(GO_EINVAL, "give the start time: YYYY-MM-DDTHH:MM");
    if ((rc = check_text("title", title, 200, false)) != 0)
        return rc;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    char date[11];
    go_club_date_format(date, day);
    sqlite3_stmt *st = NULL;
    if ((rc = db_prepare(club, &st,
                         "SELECT start_time, cancelled FROM activities WHERE date = ?1")) != 0)
        return tx_end(club, rc);
    sqlite3_bind_text(st, 1, date, 10, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW) {
        const char *at = (const char *)sqlite3_column_text(st, 0);
        if (sqlite3_column_int(st, 1))
            rc = go_error_set(GO_EEXISTS,
                              "%s already has an activity at %s, cancelled (restore it with"
                              " `activity restore`)",
                              date, at);
        else if (strncmp(at, start + 11, 5) != 0)
            rc = go_error_set(GO_EEXISTS,
                              "%s already has an activity at %s (move it with `activity move`)",
                              date, at);
    }
    sqlite3_finalize(st);
    if (rc == 0)
        rc = activity_insert(club, out_id, date, start + 11, title);
    return tx_end(club, rc);
}

int go_club_activity_move(go_club *club, const char *date, const char *start)
{
    int32_t day;
    int minute, rc;
    if ((rc = check_date("date", date)) != 0)
        return rc;
    if ((rc = go_club_datetime_parse(&day, &minute, start)) != 0)
        return rc;
    if (strlen(start) < 16)
        return go_error_set(GO_EINVAL, "give the new start: YYYY-MM-DDTHH:MM");
    char to[11];
    go_club_date_format(to, day);
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if (strncmp(to, date, 10) != 0) {
        if ((rc = db_stmt(club, &st, "activity move", "SELECT 1 FROM activities WHERE date = ?1",
                          "D", to)) != 0)
            goto done;
        if (sqlite3_step(st) == SQLITE_ROW) {
            rc = go_error_set(GO_EEXISTS, "%s already has an activity", to);
            goto done;
        }
        sqlite3_finalize(st);
        st = NULL;
    }
    if ((rc = db_prepare(club, &st,
                         "UPDATE activities SET date = ?2, start_time = ?3 WHERE date = ?1")) != 0)
        goto done;
    sqlite3_bind_text(st, 1, date, 10, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, to, 10, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, start + 11, 5, SQLITE_STATIC);
    rc = db_step_done(club, st, "move activity");
    if (rc == 0 && sqlite3_changes(club->db) == 0)
        rc = go_error_set(GO_ENOTFOUND, "no activity on %.10s", date);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_activity_restore(go_club *club, const char *date)
{
    int rc = check_date("date", date);
    if (rc)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = db_stmt(club, &st, "activity restore",
                      "SELECT cancelled FROM activities WHERE date = ?1", "D", date)) != 0)
        goto done;
    if (sqlite3_step(st) != SQLITE_ROW)
        rc = go_error_set(GO_ENOTFOUND, "no activity on %.10s", date);
    else if (!sqlite3_column_int(st, 0))
        rc = go_error_set(GO_ECONFLICT, "the activity of %.10s is not cancelled", date);
    sqlite3_finalize(st);
    st = NULL;
    if (rc)
        goto done;
    rc = db_run(club, "restore activity", "UPDATE activities SET cancelled = 0 WHERE date = ?1",
                "D", date);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_activity_cancel(go_club *club, const char *date)
{
    int rc = check_date("date", date);
    if (rc)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = db_prepare(club, &st, "UPDATE activities SET cancelled = 1 WHERE date = ?1")) == 0) {
        sqlite3_bind_text(st, 1, date, 10, SQLITE_STATIC);
        rc = db_step_done(club, st, "cancel");
        if (rc == 0 && sqlite3_changes(club->db) == 0)
            rc = go_error_set(GO_ENOTFOUND, "no activity on %.10s", date);
    }
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_activity_list(go_club *club, go_club_table **out, const char *from, const char *to)
{
    return db_list(club, out, "activity list",
                   "SELECT a.id, a.date, a.start_time, a.title, a.cancelled,"
                   " (SELECT count(*) FROM checkins c WHERE c.activity_id = a.id) AS present"
                   " FROM activities a WHERE a.date >= ifnull(?1, '0000')"
                   " AND a.date <= ifnull(?2, '9999') ORDER BY a.date",
                   "tt", from, to);
}

int go_club_checkin(go_club *club, bool *out_half, int64_t member, const char *at)
{
    int32_t day;
    int minute, rc;
    if ((rc = go_club_datetime_parse(&day, &minute, at)) != 0)
        return rc;
    if (strlen(at) < 16)
        return go_error_set(GO_EINVAL, "give the time of the check-in: YYYY-MM-DDTHH:MM");
    char date[11];
    go_club_date_format(date, day);
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    go_member m;
    if ((rc = go_club_member_get(club, &m, member)) != 0)
        goto done;
    if (m.status != GO_MEMBER_ACTIVE) {
        rc = go_error_set(GO_ECONFLICT,
                          "member %lld (%s) is %s; set the status back to active first",
                          (long long)member, m.name, go_member_status_name(m.status));
        goto done;
    }
    if (strcmp(date, m.join_date) < 0) {
        rc = go_error_set(GO_EINVAL, "check-in on %s is before member %lld joined (%s)", date,
                          (long long)member, m.join_date);
        goto done;
    }
    int64_t activity = 0;
    char start[6] = "";
    int cancelled = 0;
    if ((rc = db_stmt(club, &st, "checkin",
                      "SELECT id, start_time, cancelled FROM activities WHERE date = ?1", "D",
                      date)) != 0)
        goto done;
    if (sqlite3_step(st) == SQLITE_ROW) {
        activity = sqlite3_column_int64(st, 0);
        col_copy(start, sizeof start, st, 1);
        cancelled = sqlite3_column_int(st, 2);
    }
    sqlite3_finalize(st);
    st = NULL;
    if (cancelled) {
        rc = go_error_set(GO_ECONFLICT, "the activity of %s was cancelled", date);
        goto done;
    }
    if (!activity) {
        int wd;
        int r = schedule_on(club, &wd, start, date);
        if (r == 0 && wd == go_club_weekday(day)) {
            if ((rc = activity_insert(club, &activity, date, start, NULL)) != 0)
                goto done;
        } else {
            rc = r && r != GO_ENOTFOUND
                     ? r
                     : go_error_set(GO_ENOTFOUND,
                                    "no activity on %s (not a scheduled day); add one with"
                                    " 'activity add'",
                                    date);
            goto done;
        }
    }
    int start_minute = 0;
    parse_hhmm(&start_minute, start);
    int late_limit = (int)setting_int(club, "late_minutes", 30);
    bool half = minute - start_minute >= late_limit;
    if ((rc = db_prepare(club, &st,
                         "INSERT INTO checkins(member_id, activity_id, at, credit)"
                         " VALUES (?1, ?2, ?3, ?4)")) != 0)
        goto done;
    sqlite3_bind_int64(st, 1, member);
    sqlite3_bind_int64(st, 2, activity);
    sqlite3_bind_text(st, 3, at, 16, SQLITE_STATIC);
    sqlite3_bind_int(st, 4, half ? 1 : 2);
    rc = db_step_done(club, st, "check-in");
    if (rc == GO_ECONFLICT)
        rc = go_error_set(GO_EEXISTS, "member %lld already checked in on %s", (long long)member,
                          date);
    if (out_half)
        *out_half = half;
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_checkin_list(go_club *club, go_club_table **out, int64_t member, const char *from,
                         const char *to)
{
    return db_list(club, out, "checkin list",
                   "SELECT c.member_id AS member, m.name, a.date, a.start_time, c.at,"
                   " CASE c.credit WHEN 2 THEN 'full' ELSE 'half' END AS attendance"
                   " FROM checkins c JOIN members m ON m.id = c.member_id"
                   " JOIN activities a ON a.id = c.activity_id"
                   " WHERE (?1 <= 0 OR c.member_id = ?1) AND a.date >= ifnull(?2, '0000')"
                   " AND a.date <= ifnull(?3, '9999') ORDER BY a.date, c.member_id",
                   "ltt", (int64_t)member, from, to);
}

int go_club_rules_get(go_club *club, go_club_rules *out)
{
    out->withdraw_enabled = setting_int(club, "withdraw_enabled", 1) != 0;
    out->withdraw_weeks = (int)setting_int(club, "withdraw_weeks", 3);
    out->revoke_enabled = setting_int(club, "revoke_enabled", 1) != 0;
    out->revoke_missed = (int)setting_int(club, "revoke_missed", 3);
    out->late_minutes = (int)setting_int(club, "late_minutes", 30);
    out->reward_enabled = setting_int(club, "reward_enabled", 1) != 0;
    return 0;
}

int go_club_rules_set(go_club *club, const go_club_rules *r)
{
    if (r->withdraw_weeks < 1 || r->withdraw_weeks > 52 || r->revoke_missed < 1 ||
        r->revoke_missed > 1000 || r->late_minutes < 1 || r->late_minutes > 600)
        return go_error_set(GO_EINVAL, "rule value out of range (weeks 1..52, missed 1..1000,"
                                       " late minutes 1..600)");
    const char *keys[] = {"withdraw_enabled", "withdraw_weeks", "revoke_enabled",
                          "revoke_missed",    "late_minutes",   "reward_enabled"};
    int values[] = {r->withdraw_enabled, r->withdraw_weeks, r->revoke_enabled,
                    r->revoke_missed,    r->late_minutes,   r->reward_enabled};
    sqlite3_stmt *st = NULL;
    int rc = tx_begin(club);
    if (rc)
        return rc;
    if ((rc = db_stmt(club, &st, "rules set",
                      "INSERT INTO settings(key, value) VALUES (?1, ?2)"
                      " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                      NULL)) != 0)
        goto done;
    for (int i = 0; i < 6 && rc == 0; i++) {
        sqlite3_reset(st);
        sqlite3_bind_text(st, 1, keys[i], -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, values[i]);
        rc = db_step_done(club, st, "settings");
    }
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

typedef struct activity_row {
    int32_t day;
    int32_t week; /* Monday-based week number */
} activity_row;

typedef struct leave_row {
    int64_t member;
    int32_t from, to;
} leave_row;

typedef struct member_row {
    int64_t id;
    int32_t since; /* day of joining or of the last return to active */
    char name[4 * GO_CLUB_NAME_MAX + 1];
} member_row;

static int32_t week_of(int32_t day)
{
    /* 1970-01-01 was a Thursday: shift so that weeks start on Monday. */
    int32_t d = day + 3;
    return d >= 0 ? d / 7 : -((-d + 6) / 7);
}

/* An activity inside an approved leave of the member. */
#define CREDIT_EXCUSED 3

/* Evaluates one member; returns 1 with *chg filled when a rule fires. credit[i] is the credit
 * (0, 1 half, 2 full, CREDIT_EXCUSED) of activity i (date order). A week whose every activity
 * fell in a leave neither counts for the withdraw rule nor breaks a run of weeks away. The first
 * rule broken decides; when both are broken on the same day the member is withdrawn (the more
 * specific description). */
static int evaluate(go_rule_change *chg, const member_row *m, const activity_row *act,
                    const unsigned char *credit, size_t nact, int32_t as_of,
                    const go_club_rules *rules)
{
    int missed_half = 0, run = 0;
    int32_t run_start = 0, last_missed = 0;
    size_t i = 0;
    while (i < nact && act[i].day < m->since)
        i++;
    while (i < nact && act[i].day <= as_of) {
        /* One week at a time; a week counts for the withdraw rule once all of it has passed. */
        int32_t week = act[i].week, revoke_day = -1, week_end = act[i].day;
        int revoke_half = 0;
        size_t j = i;
        bool seen = false, complete = true, counted = false;
        for (; j < nact && act[j].week == week; j++) {
            if (act[j].day > as_of) {
                complete = false;
                continue;
            }
            week_end = act[j].day;
            if (credit[j] == CREDIT_EXCUSED)
                continue; /* on leave: neither a miss nor a week away */
            counted = true;
            if (credit[j])
                seen = true;
            if (credit[j] < 2)
                last_missed = act[j].day;
            missed_half += 2 - credit[j];
            if (rules->revoke_enabled && revoke_day < 0 &&
                missed_half >= 2 * rules->revoke_missed) {
                revoke_day = act[j].day;
                revoke_half = missed_half;
            }
        }
        bool withdraw = false;
        if (complete && counted && rules->withdraw_enabled) {
            if (!seen) {
                if (run == 0)
                    run_start = act[i].day;
                withdraw = ++run >= rules->withdraw_weeks;
            } else {
                run = 0;
            }
        }
        if (withdraw && (revoke_day < 0 || revoke_day >= week_end)) {
            chg->to = GO_MEMBER_WITHDRAWN;
            snprintf(chg->rule, sizeof chg->rule, "withdraw_weeks");
            go_club_date_format(chg->date, week_end);
            char first[11];
            go_club_date_format(first, run_start);
            snprintf(chg->reason, sizeof chg->reason,
                     "no check-in for %d consecutive weeks (activities from %s to %s)", run, first,
                     chg->date);
            return 1;
        }
        if (revoke_day >= 0) {
            chg->to = GO_MEMBER_REVOKED;
            snprintf(chg->rule, sizeof chg->rule, "revoke_missed");
            go_club_date_format(chg->date, revoke_day);
            char since[11], last[11];
            go_club_date_format(since, m->since);
            go_club_date_format(last, last_missed);
            snprintf(chg->reason, sizeof chg->reason,
                     "%d%s activities missed since %s (last on %s; arriving %d+ min late"
                     " counts as half)",
                     revoke_half / 2, revoke_half % 2 ? ".5" : "", since, last,
                     rules->late_minutes);
            return 1;
        }
        i = j;
    }
    return 0;
}

int go_club_rules_apply(go_club *club, go_rule_change **out, size_t *out_count, const char *as_of,
                        bool dry_run)
{
    *out = NULL;
    *out_count = 0;
    int32_t as_of_day;
    int as_of_minute = 24 * 60, rc;
    if (as_of && strlen(as_of) > 10)
        rc = go_club_datetime_parse(&as_of_day, &as_of_minute, as_of);
    else
        rc = go_club_date_parse(&as_of_day, as_of);
    if (rc)
        return rc;
    go_club_rules rules;
    go_club_rules_get(club, &rules);
    activity_row *act = NULL;
    member_row *mem = NULL;
    unsigned char *credit = NULL;
    int32_t *index_of = NULL; /* activity id -> position in act */
    go_rule_change *changes = NULL;
    size_t nact = 0, cap = 0, nmem = 0, mcap = 0, nchg = 0, nleave = 0;
    leave_row *leaves = NULL;
    int64_t max_id = 0;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;

    /* Activities, including a few after as_of so that a week in progress is recognised. */
    if ((rc = db_stmt(club, &st, "rules apply",
                      "SELECT id, date, start_time FROM activities WHERE cancelled = 0"
                      " ORDER BY date",
                      NULL)) != 0)
        goto done;
    int64_t *ids = NULL;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (nact == cap) {
            cap = cap ? 2 * cap : 512;
            activity_row *a = realloc(act, cap * sizeof *a);
            int64_t *b = realloc(ids, cap * sizeof *b);
            if (a)
                act = a;
            if (b)
                ids = b;
            if (!a || !b) {
                free(ids);
                rc = go_error_set(GO_ENOMEM, "activities");
                goto done;
            }
        }
        ids[nact] = sqlite3_column_int64(st, 0);
        go_club_date_parse(&act[nact].day, (const char *)sqlite3_column_text(st, 1));
        act[nact].week = week_of(act[nact].day);
        /* An activity of the as-of day that has not started yet is not missed: it counts as
         * after the as-of day (its week stays its own, so that week is not complete). */
        const char *start = (const char *)sqlite3_column_text(st, 2);
        int start_minute = start && strlen(start) >= 5 ? (int)strtol(start, NULL, 10) * 60 +
                                                             (int)strtol(start + 3, NULL, 10)
                                                       : 0;
        if (act[nact].day == as_of_day && start_minute >= as_of_minute)
            act[nact].day = as_of_day + 1;
        if (ids[nact] > max_id)
            max_id = ids[nact];
        nact++;
    }
    sqlite3_finalize(st);
    st = NULL;
    index_of = malloc(((size_t)max_id + 1) * sizeof *index_of);
    credit = calloc(nact + 1, 1);
    if (!index_of || !credit) {
        free(ids);
        rc = go_error_set(GO_ENOMEM, "activities");
        goto done;
    }
    for (int64_t k = 0; k <= max_id; k++)
        index_of[k] = -1;
    for (size_t k = 0; k < nact; k++)
        index_of[ids[k]] = (int32_t)k;
    free(ids);

    if ((rc = db_stmt(club, &st, "rules apply",
                      "SELECT id, status_since, name FROM members WHERE status = 'active'"
                      " ORDER BY id",
                      NULL)) != 0)
        goto done;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (nmem == mcap) {
            mcap = mcap ? 2 * mcap : 256;
            member_row *m = realloc(mem, mcap * sizeof *m);
            if (!m) {
                rc = go_error_set(GO_ENOMEM, "members");
                goto done;
            }
            mem = m;
        }
        mem[nmem].id = sqlite3_column_int64(st, 0);
        go_club_date_parse(&mem[nmem].since, (const char *)sqlite3_column_text(st, 1));
        col_copy(mem[nmem].name, sizeof mem[nmem].name, st, 2);
        nmem++;
    }
    sqlite3_finalize(st);
    st = NULL;

    /* The leaves, by member, to mark the activities they cover. */
    if ((rc = db_stmt(club, &st, "rules apply",
                      "SELECT member_id, from_date, to_date FROM leaves ORDER BY member_id",
                      NULL)) != 0)
        goto done;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (nleave % 64 == 0) {
            leave_row *l = realloc(leaves, (nleave + 64) * sizeof *l);
            if (!l) {
                rc = go_error_set(GO_ENOMEM, "leaves");
                goto done;
            }
            leaves = l;
        }
        leaves[nleave].member = sqlite3_column_int64(st, 0);
        go_club_date_parse(&leaves[nleave].from, (const char *)sqlite3_column_text(st, 1));
        go_club_date_parse(&leaves[nleave].to, (const char *)sqlite3_column_text(st, 2));
        nleave++;
    }
    sqlite3_finalize(st);
    st = NULL;

    /* One pass over the covering index checkins_credit, which yields the rows grouped by
     * member without touching the table; merged with the active members (sorted by id). */
    if ((rc = db_stmt(club, &st, "rules apply",
                      "SELECT member_id, activity_id, credit FROM checkins"
                      " ORDER BY member_id",
                      NULL)) != 0)
        goto done;
    size_t *touched = malloc((nact + 1) * sizeof *touched);
    if (!touched) {
        rc = go_error_set(GO_ENOMEM, "scratch");
        goto done;
    }
    int step = sqlite3_step(st);
    size_t lk = 0;
    for (size_t k = 0; k < nmem && rc == 0; k++) {
        size_t ntouched = 0;
        while (step == SQLITE_ROW && sqlite3_column_int64(st, 0) < mem[k].id)
            step = sqlite3_step(st);
        while (step == SQLITE_ROW && sqlite3_column_int64(st, 0) == mem[k].id) {
            int64_t a = sqlite3_column_int64(st, 1);
            if (a >= 0 && a <= max_id && index_of[a] >= 0 && ntouched <= nact) {
                credit[index_of[a]] = (unsigned char)sqlite3_column_int(st, 2);
                touched[ntouched++] = (size_t)index_of[a];
            }
            step = sqlite3_step(st);
        }
        while (lk < nleave && leaves[lk].member < mem[k].id)
            lk++;
        for (size_t l = lk; l < nleave && leaves[l].member == mem[k].id; l++)
            for (size_t x = 0; x < nact && act[x].day <= leaves[l].to; x++)
                if (act[x].day >= leaves[l].from && credit[x] == 0 && ntouched <= nact) {
                    credit[x] = CREDIT_EXCUSED;
                    touched[ntouched++] = x;
                }
        go_rule_change chg;
        memset(&chg, 0, sizeof chg);
        if (evaluate(&chg, &mem[k], act, credit, nact, as_of_day, &rules)) {
            chg.member = mem[k].id;
            chg.from = GO_MEMBER_ACTIVE;
            memcpy(chg.name, mem[k].name, sizeof chg.name);
            if (nchg % 64 == 0) {
                go_rule_change *c2 = realloc(changes, (nchg + 64) * sizeof *c2);
                if (!c2)
                    rc = go_error_set(GO_ENOMEM, "changes");
                else
                    changes = c2;
            }
            if (rc == 0)
                changes[nchg++] = chg;
        }
        for (size_t t = 0; t < ntouched; t++)
            credit[touched[t]] = 0;
    }
    free(touched);
    if (rc == 0 && step != SQLITE_DONE && step != SQLITE_ROW)
        rc = db_error(club, "check-ins");
    sqlite3_finalize(st);
    st = NULL;
    if (rc)
        goto done;
    if (!dry_run && rc == 0) {
        /* Two statements prepared once for every change (the first run on an old club can
         * change thousands of members). */
        sqlite3_stmt *upd = NULL, *hist = NULL;
        if ((rc = db_prepare(club, &upd,
                             "UPDATE members SET status = ?2, status_since = ?3"
                             " WHERE id = ?1 AND status = 'active'")) == 0)
            rc = db_prepare(club, &hist,
                            "INSERT INTO status_history(member_id, date, from_status, to_status,"
                            " rule, reason) VALUES (?1, ?2, 'active', ?3, ?4, ?5)");
        for (size_t k = 0; k < nchg && rc == 0; k++) {
            const char *to = go_member_status_name(changes[k].to);
            sqlite3_reset(upd);
            sqlite3_bind_int64(upd, 1, changes[k].member);
            sqlite3_bind_text(upd, 2, to, -1, SQLITE_STATIC);
            sqlite3_bind_text(upd, 3, changes[k].date, 10, SQLITE_STATIC);
            if ((rc = db_step_done(club, upd, "status")) != 0)
                break;
            sqlite3_reset(hist);
            sqlite3_bind_int64(hist, 1, changes[k].member);
            sqlite3_bind_text(hist, 2, changes[k].date, 10, SQLITE_STATIC);
            sqlite3_bind_text(hist, 3, to, -1, SQLITE_STATIC);
            sqlite3_bind_text(hist, 4, changes[k].rule, -1, SQLITE_STATIC);
            sqlite3_bind_text(hist, 5, changes[k].reason, -1, SQLITE_STATIC);
            if ((rc = db_step_done(club, hist, "status history")) == 0)
                rc = log_change(club, "status", changes[k].member, changes[k].member, "active", to,
                                changes[k].reason);
        }
        sqlite3_finalize(upd);
        sqlite3_finalize(hist);
    }
done:
    sqlite3_finalize(st);
    free(act);
    free(mem);
    free(leaves);
    free(credit);
    free(index_of);
    rc = tx_end(club, rc);
    if (rc) {
        free(changes);
        return rc;
    }
    *out = changes;
    *out_count = nchg;
    return 0;
}

int go_club_rules_reward(go_club *club, go_club_table **out, const char *from, const char *to)
{
    int rc;
    if ((rc = check_date("from", from)) != 0 || (rc = check_date("to", to)) != 0)
        return rc;
    return db_list(club, out, "rules reward",
                   "SELECT m.id AS member, m.name, count(*) AS activities"
                   " FROM members m JOIN activities a ON a.cancelled = 0"
                   " AND a.date BETWEEN ?1 AND ?2 AND a.date >= m.join_date"
                   " LEFT JOIN checkins c ON c.member_id = m.id AND c.activity_id = a.id"
                   " WHERE m.status = 'active' GROUP BY m.id"
                   " HAVING sum(ifnull(c.credit, 0) = 2) = count(*) ORDER BY m.id",
                   "DD", from, to);
}

int go_club_leave_add(go_club *club, int64_t *out_id, int64_t member, const char *from,
                      const char *to, const char *reason)
{
    int rc;
    if ((rc = check_date("--from", from)) != 0 || (rc = check_date("--to", to)) != 0)
        return rc;
    if (strcmp(to, from) < 0)
        return go_error_set(GO_EINVAL, "the leave ends (%.10s) before it starts (%.10s)", to, from);
    if ((rc = check_text("reason", reason, GO_CLUB_TEXT_MAX, true)) != 0)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = member_exists(club, member)) != 0)
        goto done;
    if ((rc = db_stmt(club, &st, "leave add",
                      "SELECT from_date, to_date FROM leaves WHERE member_id = ?1 AND"
                      " from_date <= ?3 AND to_date >= ?2",
                      "lDD", (int64_t)member, from, to)) != 0)
        goto done;
    if (sqlite3_step(st) == SQLITE_ROW) {
        rc = go_error_set(GO_EEXISTS, "member %lld is already on leave from %s to %s",
                          (long long)member, (const char *)sqlite3_column_text(st, 0),
                          (const char *)sqlite3_column_text(st, 1));
        goto done;
    }
    sqlite3_finalize(st);
    st = NULL;
    if ((rc = db_stmt(club, &st, "leave add",
                      "INSERT INTO leaves(member_id, from_date, to_date, reason)"
                      " VALUES (?1, ?2, ?3, ?4)",
                      "lDDs", (int64_t)member, from, to, reason)) != 0)
        goto done;
    if ((rc = db_step_done(club, st, "leave")) == 0 && out_id)
        *out_id = sqlite3_last_insert_rowid(club->db);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_checkin_delete(go_club *club, int64_t member, const char *date)
{
    int rc = check_date("date", date);
    if (rc)
        return rc;
    if (!club->reason[0])
        return go_error_set(GO_EINVAL, "give the reason for deleting a check-in");
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = db_stmt(club, &st, "checkin delete",
                      "SELECT c.id, c.at, c.credit FROM checkins c JOIN activities a ON a.id ="
                      " c.activity_id WHERE c.member_id = ?1 AND a.date = ?2",
                      "lD", (int64_t)member, date)) != 0)
        goto done;
    if (sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_ENOTFOUND, "member %lld has no check-in on %.10s", (long long)member,
                          date);
        goto done;
    }
    int64_t id = sqlite3_column_int64(st, 0);
    char old[40];
    snprintf(old, sizeof old, "%s %s", (const char *)sqlite3_column_text(st, 1),
             sqlite3_column_int(st, 2) == 2 ? "full" : "half");
    sqlite3_finalize(st);
    st = NULL;
    if ((rc = db_run(club, "check-in", "DELETE FROM checkins WHERE id = ?1", "l", (int64_t)id)) ==
        0)
        rc = log_change(club, "checkin", id, member, old, NULL, NULL);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_leave_list(go_club *club, go_club_table **out, int64_t member)
{
    return db_list(club, out, "leave list",
                   "SELECT l.id, l.member_id AS member, m.name, l.from_date, l.to_date,"
                   " l.reason FROM leaves l JOIN members m ON m.id = l.member_id"
                   " WHERE (?1 <= 0 OR l.member_id = ?1) ORDER BY l.from_date, l.id",
                   "l", (int64_t)member);
}

/* One cell of the attendance grid. */
static const char *grid_mark(int credit, bool on_leave, bool member_then)
{
    if (!member_then)
        return "";
    if (credit == 2)
        return "✓";
    if (credit == 1)
        return "迟";
    return on_leave ? "假" : "✗";
}

int go_club_attendance_report(go_club *club, go_club_table **out, const char *from, const char *to)
{
    int rc;
    if ((rc = check_date("--from", from)) != 0 || (rc = check_date("--to", to)) != 0)
        return rc;
    if (strcmp(to, from) < 0)
        return go_error_set(GO_EINVAL, "the period ends (%.10s) before it starts (%.10s)", to,
                            from);
    go_club_table *acts = NULL, *mem = NULL, *t = NULL;
    sqlite3_stmt *st = NULL;
    if ((rc = db_list(club, &acts, "attendance report: activities",
                      "SELECT id, date FROM activities WHERE cancelled = 0 AND date >= ?1 AND"
                      " date <= ?2 ORDER BY date",
                      "tt", from, to)) != 0)
        return rc;
    if (acts->nrows > 400) {
        go_club_table_free(acts);
        return go_error_set(GO_EINVAL, "%d activities: give a shorter period (a month, a term)",
                            acts->nrows);
    }
    /* Members of the club during the period: joined by its end, active or changed during it. */
    if ((rc = db_list(club, &mem, "attendance report: members",
                      "SELECT id, number, name, join_date FROM members WHERE join_date <= ?2"
                      " AND (status = 'active' OR status_since >= ?1) ORDER BY number",
                      "tt", from, to)) != 0)
        goto done;
    int na = acts->nrows, nm = mem->nrows, ncols = na + 5;
    t = calloc(1, sizeof *t);
    if (!t) {
        rc = go_error_set(GO_ENOMEM, "report");
        goto done;
    }
    t->ncols = ncols;
    t->nrows = nm;
    t->names = calloc((size_t)ncols, sizeof *t->names);
    t->types = calloc((size_t)ncols, sizeof *t->types);
    t->cells = calloc((size_t)ncols * (size_t)(nm > 0 ? nm : 1), sizeof *t->cells);
    if (!t->names || !t->types || !t->cells) {
        t->ncols = t->nrows = 0; /* nothing to free cell by cell */
        rc = go_error_set(GO_ENOMEM, "report");
        goto done;
    }
    const char *fixed[] = {"number", "name"};
    for (int c = 0; c < 2; c++)
        t->names[c] = strdup(fixed[c]);
    for (int k = 0; k < na; k++)
        t->names[2 + k] = strdup(go_club_cell(acts, k, 1) + 5); /* MM-DD */
    t->names[na + 2] = strdup("attended");
    t->names[na + 3] = strdup("possible");
    t->names[na + 4] = strdup("rate");
    t->types[na + 2] = GO_COL_REAL;
    t->types[na + 3] = GO_COL_INT;
    if ((rc = db_stmt(club, &st, "attendance report",
                      "SELECT (SELECT credit FROM checkins WHERE member_id = ?1 AND"
                      " activity_id = ?2), EXISTS(SELECT 1 FROM leaves WHERE member_id = ?1"
                      " AND from_date <= ?3 AND to_date >= ?3)",
                      NULL)) != 0)
        goto done;
    for (int r = 0; r < nm && rc == 0; r++) {
        int64_t member = strtoll(go_club_cell(mem, r, 0), NULL, 10);
        const char *joined = go_club_cell(mem, r, 3);
        char **row = &t->cells[(size_t)r * (size_t)ncols];
        row[0] = strdup(go_club_cell(mem, r, 1));
        row[1] = strdup(go_club_cell(mem, r, 2));
        int credits = 0, possible = 0;
        for (int k = 0; k < na; k++) {
            const char *day = go_club_cell(acts, k, 1);
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, member);
            sqlite3_bind_int64(st, 2, strtoll(go_club_cell(acts, k, 0), NULL, 10));
            sqlite3_bind_text(st, 3, day, 10, SQLITE_STATIC);
            if (sqlite3_step(st) != SQLITE_ROW) {
                rc = db_error(club, "report");
                break;
            }
            int credit = sqlite3_column_int(st, 0);
            bool leave = sqlite3_column_int(st, 1) != 0, member_then = strcmp(day, joined) >= 0;
            row[2 + k] = strdup(grid_mark(credit, leave, member_then));
            if (member_then && (credit || !leave)) {
                possible++;
                credits += credit;
            }
        }
        char num[32];
        snprintf(num, sizeof num, "%g", credits / 2.0);
        row[na + 2] = strdup(num);
        snprintf(num, sizeof num, "%d", possible);
        row[na + 3] = strdup(num);
        if (possible)
            snprintf(num, sizeof num, "%.0f%%", 100.0 * credits / (2.0 * possible));
        else
            snprintf(num, sizeof num, "-");
        row[na + 4] = strdup(num);
    }
    for (int c = 0; rc == 0 && c < ncols; c++)
        if (!t->names[c])
            rc = go_error_set(GO_ENOMEM, "report");
    for (size_t k = 0; rc == 0 && k < (size_t)ncols * (size_t)nm; k++)
        if (!t->cells[k])
            rc = go_error_set(GO_ENOMEM, "report");
done:
    sqlite3_finalize(st);
    go_club_table_free(acts);
    go_club_table_free(mem);
    if (rc) {
        go_club_table_free(t);
        return rc;
    }
    *out = t;
    return 0;
}
