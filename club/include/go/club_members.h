/* Members of the club: ranks, statuses with their history, dues per school year, import
 * from CSV. */
#ifndef GO_CLUB_MEMBERS_H
#define GO_CLUB_MEMBERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "go/club.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum go_member_status {
    GO_MEMBER_ACTIVE = 0,
    GO_MEMBER_WITHDRAWN, /* 自动退出: no check-in for N consecutive weeks, or on request */
    GO_MEMBER_REVOKED,   /* 取消会员资格: too many missed activities */
    GO_MEMBER_LEFT       /* left the school or the club */
} go_member_status;
const char *go_member_status_name(go_member_status s);
int go_member_status_parse(go_member_status *out, const char *text);

/* Chinese amateur ranks (《中国围棋业余段位级位制》): -25 = 25 kyu .. -1 = 1 kyu, 1 = 1 dan .. 7 =
 * 7 dan, 0 = unknown. Accepts "5k", "5 kyu", "5级", "1d", "1 dan", "1段", "业余1段". */
int go_rank_parse(int *out, const char *text);
void go_rank_format(char out[16], int rank);
/* The rating a rank stands for in a TRF file (no kyu or dan there): 100 a step, 25k = 100 ..
 * 1k = 2500, 1d = 2600 .. 7d = 3200; 0 for an unknown rank. */
int go_rank_rating(int rank);
/* True for the ranks that have a printed certificate: 1, 2, 5, 10, 15, 20, 25 kyu and dans. */
bool go_rank_has_certificate(int rank);

typedef struct go_member {
    int64_t id;
    char number[33]; /* member number, unique */
    char name[4 * GO_CLUB_NAME_MAX + 1];
    char grade[65]; /* class or grade, e.g. 三年级二班 */
    char contact[GO_CLUB_TEXT_MAX + 1];
    int rank; /* see go_rank_parse */
    char join_date[11];
    go_member_status status;
} go_member;

/* Adds a member; number and name required, join_date "" = error. Sets out->id. */
int go_club_member_add(go_club *club, go_member *member);
int go_club_member_get(go_club *club, go_member *out, int64_t id);
/* Rewrites name/number/grade/contact/rank/join date (not the status: see below). */
int go_club_member_edit(go_club *club, const go_member *member);
/* Changes the status on date with a reason; recorded in the history (rule = NULL: by hand). */
int go_club_member_set_status(go_club *club, int64_t id, go_member_status to, const char *date,
                              const char *rule, const char *reason);
/* status < 0: all. */
int go_club_member_list(go_club *club, go_club_table **out, int status);
int go_club_member_history(go_club *club, go_club_table **out, int64_t id);
/* Dues for a school year ("2026-2027"); amount in fen (1/100 yuan); paid_on may be NULL. */
int go_club_dues_set(go_club *club, int64_t member, const char *school_year, int64_t amount_fen,
                     const char *paid_on);
/* member <= 0: all members; unpaid_only lists dues without paid_on. */
int go_club_dues_list(go_club *club, go_club_table **out, int64_t member, bool unpaid_only);
/* Who owes for a school year: member, number, name, school_year, amount, state ("unpaid": a
 * record without a payment; "no record": an active member who joined before the year ended),
 * class, contact (the reminder list). */
int go_club_dues_unpaid(go_club *club, go_club_table **out, const char *school_year);
/* Per school year: records, paid (count and yuan), unpaid (count and yuan). */
int go_club_dues_totals(go_club *club, go_club_table **out);
/* Deletes a dues record (go_club_set_reason first: it is logged). Changing a recorded amount
 * or payment date with go_club_dues_set also needs the reason. */
int go_club_dues_delete(go_club *club, int64_t member, const char *school_year);
/* Members from CSV text (a BOM allowed): a header row naming the columns number, name,
 * class, contact, rank, joined (or 会员号, 姓名, 班级, 联系方式, 段级位, 入会日期; number, name
 * and a join date are required), then a member a row. Every bad row is named with its line in
 * *out_report (malloc'd, caller frees; NULL when none) and then nothing is imported
 * (GO_EINVAL). dry_run checks every row and writes nothing. *out_added: members added (or
 * that would be). */
int go_club_member_import(go_club *club, int *out_added, char **out_report, const char *csv,
                          size_t len, bool dry_run);
/* The member named by text: a member number or an id ("id:12" or "no:2026001" to say which).
 * GO_ECONFLICT when a bare text is one member's id and another's number. */
int go_club_member_find(go_club *club, int64_t *out_id, const char *text);

#ifdef __cplusplus
}
#endif

#endif
