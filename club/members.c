/* Members: identity, class, contact, Chinese amateur rank (《中国围棋业余段位级位制》),
 * status with the dated reason of every change, and dues per school year. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "club_int.h"
#include "stmt.h"

static const char *const status_names[] = {"active", "withdrawn", "revoked", "left"};

const char *go_member_status_name(go_member_status s)
{
    return (unsigned)s < 4 ? status_names[s] : "?";
}

int go_member_status_parse(go_member_status *out, const char *text)
{
    for (int i = 0; i < 4; i++)
        if (text && strcmp(text, status_names[i]) == 0) {
            *out = (go_member_status)i;
            return 0;
        }
    return go_error_set(GO_EINVAL, "unknown status '%.40s' (active, withdrawn, revoked, left)",
                        text ? text : "");
}

int go_rank_parse(int *out, const char *text)
{
    if (!text || !*text)
        return go_error_set(GO_EINVAL, "empty rank");
    const char *p = text;
    if (strncmp(p, "业余", strlen("业余")) == 0)
        p += strlen("业余");
    char *end = NULL;
    long n = strtol(p, &end, 10);
    if (end == p)
        goto bad;
    while (*end == ' ')
        end++;
    bool kyu = strcmp(end, "k") == 0 || strcmp(end, "K") == 0 || strcmp(end, "kyu") == 0 ||
               strcmp(end, "级") == 0;
    bool dan = strcmp(end, "d") == 0 || strcmp(end, "D") == 0 || strcmp(end, "dan") == 0 ||
               strcmp(end, "段") == 0;
    if (kyu && n >= 1 && n <= 25) {
        *out = (int)-n;
        return 0;
    }
    if (dan && n >= 1 && n <= 7) {
        *out = (int)n;
        return 0;
    }
bad:
    return go_error_set(GO_EINVAL, "'%.40s' is not an amateur rank (25k..1k, 1d..7d; 5级, 1段)",
                        text);
}

void go_rank_format(char out[16], int rank)
{
    if (rank < 0)
        snprintf(out, 16, "%dk", -rank);
    else if (rank > 0)
        snprintf(out, 16, "%dd", rank);
    else
        snprintf(out, 16, "-");
}

bool go_rank_has_certificate(int rank)
{
    switch (rank) {
    case -1:
    case -2:
    case -5:
    case -10:
    case -15:
    case -20:
    case -25:
        return true;
    default:
        return rank >= 1 && rank <= 7;
    }
}

static int validate(const go_member *m)
{
    int rc;
    if ((rc = check_name("member name", m->name)) != 0)
        return rc;
    if ((rc = check_text("member number", m->number, 32, true)) != 0)
        return rc;
    if ((rc = check_text("class", m->grade, 64, false)) != 0)
        return rc;
    if ((rc = check_text("contact", m->contact, GO_CLUB_TEXT_MAX, false)) != 0)
        return rc;
    if (m->rank < -25 || m->rank > 7)
        return go_error_set(GO_EINVAL, "rank %d out of range", m->rank);
    return check_date("join date", m->join_date);
}

int go_club_member_add(go_club *club, go_member *member)
{
    int rc = validate(member);
    if (rc)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = db_stmt(club, &st, "member add", "SELECT id FROM members WHERE number = ?1", "s",
                      member->number)) != 0)
        goto done;
    if (sqlite3_step(st) == SQLITE_ROW) {
        rc = go_error_set(GO_EEXISTS, "member number %s is already used by member %lld",
                          member->number, (long long)sqlite3_column_int64(st, 0));
        goto done;
    }
    sqlite3_finalize(st);
    st = NULL;
    if ((rc = db_run(club, "add member",
                     "INSERT INTO members(number, name, grade, contact, rank, join_date,"
                     " status, status_since) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'active', ?6)",
                     "ssttiD", member->number, member->name, member->grade, member->contact,
                     (int)member->rank, member->join_date)) != 0)
        goto done;
    member->id = sqlite3_last_insert_rowid(club->db);
    member->status = GO_MEMBER_ACTIVE;
    rc = db_run(club, "status history",
                "INSERT INTO status_history(member_id, date, from_status, to_status, rule,"
                " reason) VALUES (?1, ?2, NULL, 'active', NULL, 'joined')",
                "lD", (int64_t)member->id, member->join_date);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_member_get(go_club *club, go_member *out, int64_t id)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(club, &st,
                        "SELECT id, number, name, grade, contact, rank, join_date, status"
                        " FROM members WHERE id = ?1");
    if (rc)
        return rc;
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_ENOTFOUND, "no member with id %lld", (long long)id);
        goto done;
    }
    memset(out, 0, sizeof *out);
    out->id = sqlite3_column_int64(st, 0);
    col_copy(out->number, sizeof out->number, st, 1);
    col_copy(out->name, sizeof out->name, st, 2);
    col_copy(out->grade, sizeof out->grade, st, 3);
    col_copy(out->contact, sizeof out->contact, st, 4);
    out->rank = sqlite3_column_int(st, 5);
    col_copy(out->join_date, sizeof out->join_date, st, 6);
    go_member_status_parse(&out->status, (const char *)sqlite3_column_text(st, 7));
done:
    sqlite3_finalize(st);
    return rc;
}

int go_club_member_edit(go_club *club, const go_member *member)
{
    int rc = validate(member);
    if (rc)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = member_exists(club, member->id)) != 0)
        goto done;
    if ((rc = db_stmt(club, &st, "member edit",
                      "SELECT id FROM members WHERE number = ?1 AND id <> ?2", "sl", member->number,
                      (int64_t)member->id)) != 0)
        goto done;
    if (sqlite3_step(st) == SQLITE_ROW) {
        rc = go_error_set(GO_EEXISTS, "member number %s is already used by member %lld",
                          member->number, (long long)sqlite3_column_int64(st, 0));
        goto done;
    }
    sqlite3_finalize(st);
    st = NULL;
    /* A new join date moves the joining row of the history and, while no status change came
     * after it, the start of attendance (status_since); it cannot follow a later change. */
    if ((rc = db_stmt(club, &st, "member edit",
                      "SELECT date FROM status_history WHERE member_id = ?1 AND from_status IS"
                      " NOT NULL AND date < ?2 ORDER BY date LIMIT 1",
                      "lD", (int64_t)member->id, member->join_date)) != 0)
        goto done;
    if (sqlite3_step(st) == SQLITE_ROW) {
        rc = go_error_set(GO_ECONFLICT, "joined %.10s: after the status change of %s",
                          member->join_date, (const char *)sqlite3_column_text(st, 0));
        goto done;
    }
    sqlite3_finalize(st);
    st = NULL;
    if ((rc = db_run(club, "edit member",
                     "UPDATE members SET status_since = ?2 WHERE id = ?1 AND NOT EXISTS"
                     " (SELECT 1 FROM status_history h WHERE h.member_id = ?1 AND"
                     " h.from_status IS NOT NULL)",
                     "lD", (int64_t)member->id, member->join_date)) != 0)
        goto done;
    if ((rc = db_run(club, "edit member",
                     "UPDATE status_history SET date = ?2 WHERE member_id = ?1 AND"
                     " from_status IS NULL",
                     "lD", (int64_t)member->id, member->join_date)) != 0)
        goto done;
    rc = db_run(club, "edit member",
                "UPDATE members SET number = ?1, name = ?2, grade = ?3, contact = ?4,"
                " rank = ?5, join_date = ?6 WHERE id = ?7",
                "ssttiDl", member->number, member->name, member->grade, member->contact,
                (int)member->rank, member->join_date, (int64_t)member->id);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_member_set_status(go_club *club, int64_t id, go_member_status to, const char *date,
                              const char *rule, const char *reason)
{
    int rc;
    if ((unsigned)to > GO_MEMBER_LEFT)
        return go_error_set(GO_EINVAL, "unknown status %d", (int)to);
    if ((rc = check_date("date", date)) != 0)
        return rc;
    if ((rc = check_text("reason", reason, GO_CLUB_TEXT_MAX, true)) != 0)
        return rc;
    if ((rc = check_text("rule", rule, 64, false)) != 0)
        return rc;
    go_member m;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = go_club_member_get(club, &m, id)) != 0)
        goto done;
    if (m.status == to) {
        rc = go_error_set(GO_ECONFLICT, "member %lld is already %s", (long long)id,
                          go_member_status_name(to));
        goto done;
    }
    if (strcmp(date, m.join_date) < 0) {
        rc = go_error_set(GO_EINVAL, "date %.10s is before member %lld joined (%s)", date,
                          (long long)id, m.join_date);
        goto done;
    }
    if ((rc = db_run(club, "status",
                     "UPDATE members SET status = ?1, status_since = ?2 WHERE id = ?3", "sDl",
                     go_member_status_name(to), date, (int64_t)id)) != 0)
        goto done;
    if ((rc = db_run(club, "status history",
                     "INSERT INTO status_history(member_id, date, from_status, to_status, rule,"
                     " reason) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                     "lDssts", (int64_t)id, date, go_member_status_name(m.status),
                     go_member_status_name(to), rule, reason)) == 0)
        rc = log_change(club, "status", id, id, go_member_status_name(m.status),
                        go_member_status_name(to), reason);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_member_list(go_club *club, go_club_table **out, int status)
{
    int rc = db_list(club, out, "member list",
                     "SELECT id, number, name, grade, rank, join_date, status, status_since"
                     " FROM members WHERE ?1 IS NULL OR status = ?1 ORDER BY id",
                     "s", status >= 0 ? go_member_status_name((go_member_status)status) : NULL);
    if (rc == 0) {
        /* Ranks are stored as numbers; show them the way teachers write them. */
        for (int r = 0; r < (*out)->nrows; r++) {
            char **cell = &(*out)->cells[(size_t)r * (size_t)(*out)->ncols + 4];
            char buf[16];
            go_rank_format(buf, *cell ? (int)strtol(*cell, NULL, 10) : 0);
            char *s = malloc(strlen(buf) + 1);
            if (!s)
                continue;
            memcpy(s, buf, strlen(buf) + 1);
            free(*cell);
            *cell = s;
        }
        (*out)->types[4] = GO_COL_TEXT;
    }
    return rc;
}

int go_club_member_history(go_club *club, go_club_table **out, int64_t id)
{
    int rc = member_exists(club, id);
    if (rc)
        return rc;
    return db_list(club, out, "member history",
                   "SELECT date, from_status, to_status, rule, reason, recorded_at"
                   " FROM status_history WHERE member_id = ?1 ORDER BY date, id",
                   "l", (int64_t)id);
}

static int check_school_year(const char *s)
{
    /* "2026-2027": the second year follows the first. */
    if (!s || strlen(s) != 9 || s[4] != '-')
        return go_error_set(GO_EINVAL, "'%.40s' is not a school year (e.g. 2026-2027)", s ? s : "");
    char *end;
    long a = strtol(s, &end, 10), b;
    if (end != s + 4 || a < 1900 || a > 2200)
        return go_error_set(GO_EINVAL, "'%.40s' is not a school year (e.g. 2026-2027)", s);
    b = strtol(s + 5, &end, 10);
    if (*end || b != a + 1)
        return go_error_set(GO_EINVAL, "'%.40s' is not a school year (e.g. 2026-2027)", s);
    return 0;
}

int go_club_dues_set(go_club *club, int64_t member, const char *school_year, int64_t amount_fen,
                     const char *paid_on)
{
    int rc;
    if ((rc = check_school_year(school_year)) != 0)
        return rc;
    if (amount_fen < 0 || amount_fen > 100000000)
        return go_error_set(GO_EINVAL, "dues amount out of range");
    if (paid_on && *paid_on && (rc = check_date("paid on", paid_on)) != 0)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = member_exists(club, member)) != 0)
        goto done;
    /* The record before: a change of its amount or of a recorded payment is a correction,
     * kept in the change log with why; recording the payment of an unpaid record is not. */
    char old[64] = "", now[64];
    snprintf(now, sizeof now, "%lld.%02lld paid %s", (long long)(amount_fen / 100),
             (long long)(amount_fen % 100), paid_on && *paid_on ? paid_on : "-");
    if ((rc = db_stmt(club, &st, "dues set",
                      "SELECT amount_fen, ifnull(paid_on, '') FROM dues WHERE member_id = ?1"
                      " AND school_year = ?2",
                      "ls", (int64_t)member, school_year)) != 0)
        goto done;
    if (sqlite3_step(st) == SQLITE_ROW) {
        int64_t was = sqlite3_column_int64(st, 0);
        const char *was_paid = (const char *)sqlite3_column_text(st, 1);
        snprintf(old, sizeof old, "%lld.%02lld paid %s", (long long)(was / 100),
                 (long long)(was % 100), was_paid[0] ? was_paid : "-");
        bool paid_changes = was_paid[0] && strcmp(was_paid, paid_on ? paid_on : "") != 0;
        if ((was != amount_fen || paid_changes) && !club->reason[0]) {
            rc = go_error_set(GO_ECONFLICT,
                              "member %lld's dues for %s are %s: give the reason to change them",
                              (long long)member, school_year, old);
            goto done;
        }
    }
    sqlite3_finalize(st);
    st = NULL;
    if ((rc = log_change(club, "dues", member, member, old[0] ? old : NULL, now, NULL)) != 0)
        goto done;
    rc = db_run(club, "dues",
                "INSERT INTO dues(member_id, school_year, amount_fen, paid_on)"
                " VALUES (?1, ?2, ?3, ?4) ON CONFLICT(member_id, school_year) DO UPDATE"
                " SET amount_fen = excluded.amount_fen, paid_on = excluded.paid_on",
                "lslt", (int64_t)member, school_year, (int64_t)amount_fen, paid_on);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_dues_list(go_club *club, go_club_table **out, int64_t member, bool unpaid_only)
{
    return db_list(club, out, "dues list",
                   "SELECT d.member_id AS member, m.name, d.school_year,"
                   " printf('%d.%02d', d.amount_fen / 100, d.amount_fen % 100) AS amount,"
                   " d.paid_on FROM dues d JOIN members m ON m.id = d.member_id"
                   " WHERE (?1 <= 0 OR d.member_id = ?1) AND (?2 = 0 OR d.paid_on IS NULL)"
                   " ORDER BY d.school_year, d.member_id",
                   "li", (int64_t)member, (int)unpaid_only);
}

int go_club_member_find(go_club *club, int64_t *out_id, const char *text)
{
    *out_id = 0;
    if (!text || !*text)
        return go_error_set(GO_EINVAL, "no member given (an id or a member number)");
    bool by_id = strncmp(text, "id:", 3) == 0, by_number = strncmp(text, "no:", 3) == 0;
    const char *key = by_id || by_number ? text + 3 : text;
    int64_t id_match = 0, number_match = 0;
    sqlite3_stmt *st = NULL;
    int rc;
    if (!by_id) {
        if ((rc = db_stmt(club, &st, "member find", "SELECT id FROM members WHERE number = ?1", "s",
                          key)) != 0)
            return rc;
        if (sqlite3_step(st) == SQLITE_ROW)
            number_match = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        st = NULL;
    }
    if (!by_number) {
        char *end;
        errno = 0;
        long long v = strtoll(key, &end, 10);
        if (*key >= '0' && *key <= '9' && !*end && !errno && v > 0) {
            if ((rc = db_stmt(club, &st, "member find", "SELECT id FROM members WHERE id = ?1", "l",
                              (int64_t)v)) != 0)
                return rc;
            if (sqlite3_step(st) == SQLITE_ROW)
                id_match = v;
            sqlite3_finalize(st);
        } else if (by_id) {
            return go_error_set(GO_EINVAL, "'%.40s' is not a member id", key);
        }
    }
    if (id_match && number_match && id_match != number_match)
        return go_error_set(GO_ECONFLICT,
                            "'%.40s' is member id %lld and the number of member %lld: write"
                            " id:%.40s or no:%.40s",
                            key, (long long)id_match, (long long)number_match, key, key);
    *out_id = number_match ? number_match : id_match;
    if (!*out_id)
        return go_error_set(GO_ENOTFOUND, "no member with id or number '%.40s'", key);
    return 0;
}

int go_club_dues_totals(go_club *club, go_club_table **out)
{
    return db_list(club, out, "dues totals",
                   "SELECT school_year, count(*) AS records,"
                   " sum(paid_on IS NOT NULL) AS paid,"
                   " printf('%.2f', sum(CASE WHEN paid_on IS NOT NULL THEN amount_fen ELSE 0"
                   " END) / 100.0) AS paid_yuan, sum(paid_on IS NULL) AS unpaid,"
                   " printf('%.2f', sum(CASE WHEN paid_on IS NULL THEN amount_fen ELSE 0 END)"
                   " / 100.0) AS unpaid_yuan FROM dues GROUP BY school_year"
                   " ORDER BY school_year",
                   NULL);
}

int go_club_dues_delete(go_club *club, int64_t member, const char *school_year)
{
    int rc = check_school_year(school_year);
    if (rc)
        return rc;
    if (!club->reason[0])
        return go_error_set(GO_EINVAL, "give the reason for deleting a dues record");
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = db_stmt(club, &st, "dues delete",
                      "SELECT amount_fen, ifnull(paid_on, '-') FROM dues WHERE member_id = ?1"
                      " AND school_year = ?2",
                      "ls", (int64_t)member, school_year)) != 0)
        goto done;
    if (sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_ENOTFOUND, "member %lld has no dues record for %s", (long long)member,
                          school_year);
        goto done;
    }
    char old[64];
    int64_t was = sqlite3_column_int64(st, 0);
    snprintf(old, sizeof old, "%s %lld.%02lld paid %s", school_year, (long long)(was / 100),
             (long long)(was % 100), (const char *)sqlite3_column_text(st, 1));
    sqlite3_finalize(st);
    st = NULL;
    if ((rc = db_run(club, "dues", "DELETE FROM dues WHERE member_id = ?1 AND school_year = ?2",
                     "ls", (int64_t)member, school_year)) == 0)
        rc = log_change(club, "dues", member, member, old, NULL, NULL);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_dues_unpaid(go_club *club, go_club_table **out, const char *school_year)
{
    int rc = check_school_year(school_year);
    if (rc)
        return rc;
    /* Who owes for the year: records without a payment, and the active members who joined
     * before the year ended and have no record at all. */
    return db_list(club, out, "dues unpaid",
                   "SELECT m.id AS member, m.number, m.name, ?1 AS school_year,"
                   " CASE WHEN d.id IS NULL THEN NULL ELSE printf('%d.%02d', d.amount_fen"
                   " / 100, d.amount_fen % 100) END AS amount,"
                   " CASE WHEN d.id IS NULL THEN 'no record' ELSE 'unpaid' END AS state,"
                   " m.grade AS class, m.contact"
                   " FROM members m LEFT JOIN dues d ON d.member_id = m.id AND"
                   " d.school_year = ?1 WHERE (d.id IS NOT NULL AND d.paid_on IS NULL) OR"
                   " (d.id IS NULL AND m.status = 'active' AND m.join_date <="
                   " substr(?1, 6, 4) || '-08-31') ORDER BY m.id",
                   "s", school_year);
}
