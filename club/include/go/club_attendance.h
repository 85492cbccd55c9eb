/* Attendance: the weekly schedule, activities, check-ins, excused leave, the charter rules
 * (withdraw, revoke, reward) and the attendance report. */
#ifndef GO_CLUB_ATTENDANCE_H
#define GO_CLUB_ATTENDANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "go/club.h"
#include "go/club_members.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The weekly default: weekday (1 Monday .. 7 Sunday) and start "HH:MM" from a date on. */
int go_club_schedule_set(go_club *club, int weekday, const char *start_hhmm, const char *from);
/* Creates the scheduled activities between from and to (inclusive); *out_count new ones. */
int go_club_schedule_generate(go_club *club, int *out_count, const char *from, const char *to);
/* One activity at "YYYY-MM-DDTHH:MM"; *out_id its id (the existing one when the day has one at
 * that time). GO_EEXISTS when the day has one at another time or a cancelled one (see move and
 * restore). */
int go_club_activity_add(go_club *club, int64_t *out_id, const char *start, const char *title);
int go_club_activity_cancel(go_club *club, const char *date);
/* Moves the activity of date to start "YYYY-MM-DDTHH:MM" (another time, or another day that has
 * none). GO_ENOTFOUND without one, GO_EEXISTS when the new day has one. */
int go_club_activity_move(go_club *club, const char *date, const char *start);
/* Un-cancels the activity of date. GO_ECONFLICT when it is not cancelled. */
int go_club_activity_restore(go_club *club, const char *date);
int go_club_activity_list(go_club *club, go_club_table **out, const char *from, const char *to);

/* Check-in of a member at "YYYY-MM-DDTHH:MM" to the activity of that day (created from the
 * schedule when the day is a scheduled weekday). *out_half = true when 30+ minutes late. */
int go_club_checkin(go_club *club, bool *out_half, int64_t member, const char *at);
int go_club_checkin_list(go_club *club, go_club_table **out, int64_t member, const char *from,
                         const char *to);
/* Deletes a member's check-in of a day (go_club_set_reason first: it is logged). */
int go_club_checkin_delete(go_club *club, int64_t member, const char *date);

/* Excused leave (请假) from..to inclusive: its activities are neither misses nor weeks without
 * a check-in for the charter rules. */
int go_club_leave_add(go_club *club, int64_t *out_id, int64_t member, const char *from,
                      const char *to, const char *reason);
/* member <= 0: every leave. */
int go_club_leave_list(go_club *club, go_club_table **out, int64_t member);

/* The charter rules, stored per club (table settings) with these defaults. */
typedef struct go_club_rules {
    bool withdraw_enabled; /* 连续三周没有登记 -> withdrawn */
    int withdraw_weeks;    /* 3 */
    bool revoke_enabled;   /* 累计三次不参与 -> revoked */
    int revoke_missed;     /* 3 (a half attendance misses half an activity) */
    int late_minutes;      /* 30: arriving this late or later is half an attendance */
    bool reward_enabled;   /* full attendance, never late -> listed for the reward */
} go_club_rules;
int go_club_rules_get(go_club *club, go_club_rules *out);
int go_club_rules_set(go_club *club, const go_club_rules *rules);

typedef struct go_rule_change {
    int64_t member;
    char name[4 * GO_CLUB_NAME_MAX + 1];
    go_member_status from, to;
    char rule[24]; /* "withdraw_weeks" or "revoke_missed" */
    char date[11]; /* when the rule was broken */
    char reason[256];
} go_rule_change;
/* Applies the charter to every active member as of a date, or a date and time
 * ("YYYY-MM-DDTHH:MM": an activity of that day not started by then is not missed yet). Without
 * dry_run each change is
 * written with its reason into the status history. *out (malloc'd, caller frees) may be NULL
 * when there are no changes. */
int go_club_rules_apply(go_club *club, go_rule_change **out, size_t *out_count, const char *as_of,
                        bool dry_run);
/* The attendance grid of a period (a month, a term; at most 400 activities): one row per
 * member (number, name), one column per activity ("MM-DD": ✓ present, 迟 late, 假 on leave,
 * ✗ missed, empty before joining), then attended (late = half), possible (activities as a
 * member, not on leave) and the rate. */
int go_club_attendance_report(go_club *club, go_club_table **out, const char *from, const char *to);
/* Members with full attendance and no late arrival between from and to (reward list). */
int go_club_rules_reward(go_club *club, go_club_table **out, const char *from, const char *to);

#ifdef __cplusplus
}
#endif

#endif
