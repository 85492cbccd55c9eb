/* Storage: opening the club file (WAL, foreign keys, busy timeout), the forward-only schema
 * migrations keyed by PRAGMA user_version, transactions, backup, and the helpers every other
 * club source uses (statements, result tables, text and date validation). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club_int.h"
#include "stmt.h"

/* Migration i takes the schema from version i to i+1. Append only; never edit a shipped one. */
static const char *const migrations[] = {
    /* 0 -> 1 */
    "CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE members(id INTEGER PRIMARY KEY, number TEXT NOT NULL UNIQUE,"
    " name TEXT NOT NULL, grade TEXT, contact TEXT, rank INTEGER NOT NULL DEFAULT 0,"
    " join_date TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'active'"
    " CHECK(status IN ('active','withdrawn','revoked','left')),"
    " status_since TEXT NOT NULL);"
    "CREATE TABLE status_history(id INTEGER PRIMARY KEY,"
    " member_id INTEGER NOT NULL REFERENCES members(id), date TEXT NOT NULL,"
    " from_status TEXT, to_status TEXT NOT NULL, rule TEXT, reason TEXT NOT NULL,"
    " recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M','now')));"
    "CREATE INDEX status_history_member ON status_history(member_id);"
    "CREATE TABLE dues(id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES members(id),"
    " school_year TEXT NOT NULL, amount_fen INTEGER NOT NULL CHECK(amount_fen >= 0), paid_on TEXT,"
    " UNIQUE(member_id, school_year));"
    "CREATE TABLE schedule(id INTEGER PRIMARY KEY, weekday INTEGER NOT NULL"
    " CHECK(weekday BETWEEN 1 AND 7), start_time TEXT NOT NULL, from_date TEXT NOT NULL);"
    "CREATE TABLE activities(id INTEGER PRIMARY KEY, date TEXT NOT NULL UNIQUE,"
    " start_time TEXT NOT NULL, title TEXT, cancelled INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE checkins(id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES "
    "members(id),"
    " activity_id INTEGER NOT NULL REFERENCES activities(id), at TEXT NOT NULL,"
    " credit INTEGER NOT NULL CHECK(credit IN (1,2)), UNIQUE(member_id, activity_id));"
    "CREATE INDEX checkins_activity ON checkins(activity_id);"
    "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,"
    " board_size INTEGER NOT NULL DEFAULT 0, count INTEGER NOT NULL CHECK(count >= 0),"
    " price_fen INTEGER NOT NULL DEFAULT 0 CHECK(price_fen >= 0), location TEXT,"
    " condition TEXT NOT NULL DEFAULT 'good', last_seen TEXT);"
    "CREATE TABLE stocktakes(id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES items(id),"
    " date TEXT NOT NULL, expected INTEGER NOT NULL, counted INTEGER NOT NULL, note TEXT);"
    "CREATE TABLE loans(id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES items(id),"
    " quantity INTEGER NOT NULL CHECK(quantity > 0),"
    " member_id INTEGER NOT NULL REFERENCES members(id), approver TEXT NOT NULL,"
    " out_date TEXT NOT NULL, due_date TEXT NOT NULL, returned_date TEXT, return_condition TEXT,"
    " charge_fen INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX loans_open ON loans(returned_date, due_date);"
    "CREATE TABLE events(id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,"
    " rounds INTEGER NOT NULL, date TEXT, boards INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE teams(id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL REFERENCES events(id),"
    " name TEXT NOT NULL, UNIQUE(event_id, name));"
    "CREATE TABLE entries(event_id INTEGER NOT NULL REFERENCES events(id),"
    " member_id INTEGER NOT NULL REFERENCES members(id), seed INTEGER NOT NULL,"
    " team_id INTEGER REFERENCES teams(id), board INTEGER NOT NULL DEFAULT 0,"
    " withdrawn_after INTEGER, PRIMARY KEY(event_id, member_id));"
    "CREATE TABLE games(id INTEGER PRIMARY KEY, date TEXT NOT NULL,"
    " black_id INTEGER NOT NULL REFERENCES members(id), white_id INTEGER REFERENCES members(id),"
    " handicap INTEGER NOT NULL DEFAULT 0, komi_quarters INTEGER NOT NULL DEFAULT 15,"
    " rules TEXT NOT NULL DEFAULT 'chinese', winner TEXT CHECK(winner IN ('B','W','D','N')),"
    " by TEXT NOT NULL, margin_quarters INTEGER NOT NULL DEFAULT 0, referee TEXT,"
    " warnings_black INTEGER NOT NULL DEFAULT 0, warnings_white INTEGER NOT NULL DEFAULT 0,"
    " position TEXT, dead TEXT, count_json TEXT, photo_sha256 TEXT,"
    " event_id INTEGER REFERENCES events(id), round INTEGER, board INTEGER);"
    "CREATE INDEX games_event ON games(event_id, round);"
    "CREATE INDEX games_black ON games(black_id);"
    "CREATE INDEX games_white ON games(white_id);",
    /* 1 -> 2: a covering index so `rules apply` reads the check-ins (half a million rows in
     * five years of a big club) from a narrow index instead of the wide table. */
    "CREATE INDEX checkins_credit ON checkins(member_id, activity_id, credit);",
    /* 2 -> 3: whether the count of a game was of a finished board (NULL: not known, as for
     * every game stored before). */
    "ALTER TABLE games ADD COLUMN finished INTEGER CHECK(finished IN (0, 1));",
    /* 3 -> 4: double round robins (cycles), the lot for round 1's colours (the higher
     * player's colour on board 1; NULL until drawn), and excused leave (请假). */
    "ALTER TABLE events ADD COLUMN cycles INTEGER NOT NULL DEFAULT 1 CHECK(cycles IN (1, 2));"
    "ALTER TABLE events ADD COLUMN first_colour TEXT CHECK(first_colour IN ('B', 'W'));"
    "CREATE TABLE leaves(id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES"
    " members(id), from_date TEXT NOT NULL, to_date TEXT NOT NULL, reason TEXT NOT NULL,"
    " recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M','now')),"
    " CHECK(to_date >= from_date));"
    "CREATE INDEX leaves_member ON leaves(member_id, from_date);",
    /* 4 -> 5: the corrections log: every change to results, dues and statuses, and every
     * deletion, with who, when, the old and new values and why; the ties broken by a
     * play-off or by lot (Article 28 D), as recorded; when a loan's charge was paid. */
    "CREATE TABLE change_log(id INTEGER PRIMARY KEY,"
    " at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%S','now')), who TEXT NOT NULL,"
    " what TEXT NOT NULL, ref INTEGER, member_id INTEGER, old TEXT, new TEXT, why TEXT);"
    "CREATE INDEX change_log_what ON change_log(what, ref);"
    "CREATE TABLE tiebreaks(event_id INTEGER NOT NULL REFERENCES events(id),"
    " member_id INTEGER NOT NULL REFERENCES members(id), rank INTEGER NOT NULL,"
    " method TEXT NOT NULL CHECK(method IN ('lot', 'playoff')),"
    " recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M','now')),"
    " PRIMARY KEY(event_id, member_id));"
    "ALTER TABLE loans ADD COLUMN charge_paid_on TEXT;",
};

#define MIGRATION_COUNT ((int)(sizeof migrations / sizeof migrations[0]))
_Static_assert(sizeof migrations / sizeof migrations[0] == GO_CLUB_SCHEMA_VERSION,
               "GO_CLUB_SCHEMA_VERSION must count the migrations");

int db_error(go_club *c, const char *what)
{
    return go_error_set(GO_EDB, "%s: %s", what, sqlite3_errmsg(c->db));
}

int db_prepare(go_club *c, sqlite3_stmt **out, const char *sql)
{
    if (sqlite3_prepare_v2(c->db, sql, -1, out, NULL) != SQLITE_OK)
        return db_error(c, "prepare");
    return 0;
}

int db_exec(go_club *c, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(c->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        int rc = go_error_set(GO_EDB, "%s", msg ? msg : sqlite3_errmsg(c->db));
        sqlite3_free(msg);
        return rc;
    }
    return 0;
}

int db_step_done(go_club *c, sqlite3_stmt *st, const char *what)
{
    int r = sqlite3_step(st);
    if (r == SQLITE_DONE || r == SQLITE_ROW)
        return 0;
    if (r == SQLITE_CONSTRAINT)
        return go_error_set(GO_ECONFLICT, "%s: %s", what, sqlite3_errmsg(c->db));
    return db_error(c, what);
}

void bind_text_or_null(sqlite3_stmt *st, int i, const char *s)
{
    if (s && *s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

void col_copy(char *dst, size_t size, sqlite3_stmt *st, int col)
{
    const char *s = (const char *)sqlite3_column_text(st, col);
    size_t n = s ? strlen(s) : 0;
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--; /* do not cut a character in half */
    }
    if (n)
        memcpy(dst, s, n);
    dst[n] = '\0';
}

int tx_begin(go_club *c)
{
    int rc = db_exec(c, c->tx_depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT op");
    if (rc == 0)
        c->tx_depth++;
    return rc;
}

int tx_end(go_club *c, int rc)
{
    c->tx_depth--;
    if (c->tx_depth == 0) {
        if (rc == 0) {
            int r = db_exec(c, "COMMIT");
            if (r != 0) {
                db_exec(c, "ROLLBACK");
                return r;
            }
        } else {
            char keep[512];
            snprintf(keep, sizeof keep, "%s", go_error_last());
            db_exec(c, "ROLLBACK");
            go_error_set(rc, "%s", keep);
        }
        return rc;
    }
    if (rc == 0)
        return db_exec(c, "RELEASE op");
    char keep[512];
    snprintf(keep, sizeof keep, "%s", go_error_last());
    db_exec(c, "ROLLBACK TO op");
    db_exec(c, "RELEASE op");
    return go_error_set(rc, "%s", keep);
}

int go_club_begin(go_club *club)
{
    if (club->outer)
        return go_error_set(GO_EINVAL, "a transaction is already open");
    int rc = tx_begin(club);
    if (rc == 0)
        club->outer = true;
    return rc;
}

int go_club_commit(go_club *club)
{
    if (!club->outer)
        return go_error_set(GO_EINVAL, "no transaction is open");
    club->outer = false;
    return tx_end(club, 0);
}

void go_club_rollback(go_club *club)
{
    if (!club->outer)
        return;
    club->outer = false;
    club->tx_depth = 0;
    sqlite3_exec(club->db, "ROLLBACK", NULL, NULL, NULL);
}

static int migrate(go_club *c)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(c, &st, "PRAGMA user_version");
    if (rc)
        return rc;
    int version = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    if (version > MIGRATION_COUNT)
        return go_error_set(GO_EUNSUPPORTED, "database schema %d is newer than this goref (%d)",
                            version, MIGRATION_COUNT);
    if (version == MIGRATION_COUNT)
        return 0;
    if ((rc = tx_begin(c)) != 0)
        return rc;
    /* Re-read inside the write lock: another process may have migrated meanwhile. */
    if ((rc = db_prepare(c, &st, "PRAGMA user_version")) == 0) {
        version = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
        sqlite3_finalize(st);
    }
    for (int v = version; rc == 0 && v < MIGRATION_COUNT; v++) {
        rc = db_exec(c, migrations[v]);
        if (rc == 0) {
            char pragma[48];
            snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", v + 1);
            rc = db_exec(c, pragma); /* a constant built from our own integer */
        }
    }
    return tx_end(c, rc);
}

int go_club_open(go_club **out, const char *path)
{
    *out = NULL;
    if (!path || !*path)
        return go_error_set(GO_EINVAL, "no database file name");
    go_club *c = calloc(1, sizeof *c);
    if (!c)
        return go_error_set(GO_ENOMEM, "club handle");
    int rc = 0;
    if (sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        rc = go_error_set(GO_EDB, "cannot open %s: %s", path,
                          c->db ? sqlite3_errmsg(c->db) : "out of memory");
        goto done;
    }
    sqlite3_busy_timeout(c->db, 10000);
    sqlite3_extended_result_codes(c->db, 0);
    if ((rc = db_exec(c, "PRAGMA journal_mode=WAL")) != 0)
        goto done;
    /* NORMAL is durable across process crashes in WAL mode; only power loss may lose the
     * last commits, never corrupt the file. */
    if ((rc = db_exec(c, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON")) != 0)
        goto done;
    /* Five years of a big club's check-ins is ~10 MB of index: keep it in the page cache so
     * `rules apply` does not re-read it from the OS each time. */
    if ((rc = db_exec(c, "PRAGMA cache_size=-32768")) != 0)
        goto done;
    rc = migrate(c);
done:
    if (rc) {
        go_club_free(c);
        return rc;
    }
    *out = c;
    return 0;
}

void go_club_free(go_club *club)
{
    if (!club)
        return;
    if (club->tx_depth)
        sqlite3_exec(club->db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close_v2(club->db);
    free(club);
}

int go_club_backup(go_club *club, const char *path)
{
    sqlite3 *dst = NULL;
    int rc = 0;
    if (!path || !*path)
        return go_error_set(GO_EINVAL, "no backup file name");
    if (sqlite3_open_v2(path, &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        rc = go_error_set(GO_EIO, "cannot create %s", path);
        goto done;
    }
    sqlite3_backup *b = sqlite3_backup_init(dst, "main", club->db, "main");
    if (!b) {
        rc = go_error_set(GO_EDB, "backup: %s", sqlite3_errmsg(dst));
        goto done;
    }
    int r;
    while ((r = sqlite3_backup_step(b, 256)) == SQLITE_OK || r == SQLITE_BUSY || r == SQLITE_LOCKED)
        sqlite3_sleep(5);
    sqlite3_backup_finish(b);
    if (r != SQLITE_DONE)
        rc = go_error_set(GO_EDB, "backup to %s failed: %s", path, sqlite3_errstr(r));
done:
    sqlite3_close(dst);
    return rc;
}

int go_club_restore(go_club *club, const char *path)
{
    if (!path || !*path)
        return go_error_set(GO_EINVAL, "no backup file name");
    if (club->tx_depth)
        return go_error_set(GO_EINVAL, "restore runs outside a transaction");
    sqlite3 *src = NULL;
    sqlite3_stmt *st = NULL;
    int rc = 0;
    if (sqlite3_open_v2(path, &src, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        rc = go_error_set(GO_EIO, "cannot open %s", path);
        goto done;
    }
    /* A goref club file: integrity ok, our tables, a schema this goref knows. */
    if (sqlite3_prepare_v2(src, "PRAGMA integrity_check", -1, &st, NULL) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_EDB, "%s is not a database: %s", path, sqlite3_errmsg(src));
        goto done;
    }
    if (strcmp((const char *)sqlite3_column_text(st, 0), "ok") != 0) {
        rc = go_error_set(GO_EDB, "%s fails its integrity check: %s", path,
                          sqlite3_column_text(st, 0));
        goto done;
    }
    sqlite3_finalize(st);
    st = NULL;
    if (sqlite3_prepare_v2(src,
                           "SELECT (SELECT user_version FROM pragma_user_version), (SELECT"
                           " count(*) FROM sqlite_master WHERE type = 'table' AND name IN"
                           " ('members', 'games', 'events', 'activities', 'settings'))",
                           -1, &st, NULL) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_EDB, "%s: %s", path, sqlite3_errmsg(src));
        goto done;
    }
    int version = sqlite3_column_int(st, 0), tables = sqlite3_column_int(st, 1);
    sqlite3_finalize(st);
    st = NULL;
    if (version < 1 || tables != 5) {
        rc = go_error_set(GO_EINVAL, "%s is not a goref club database", path);
        goto done;
    }
    if (version > MIGRATION_COUNT) {
        rc = go_error_set(GO_EUNSUPPORTED, "%s has schema %d, newer than this goref (%d)", path,
                          version, MIGRATION_COUNT);
        goto done;
    }
    sqlite3_backup *b = sqlite3_backup_init(club->db, "main", src, "main");
    if (!b) {
        rc = go_error_set(GO_EDB, "restore: %s", sqlite3_errmsg(club->db));
        goto done;
    }
    int r;
    while ((r = sqlite3_backup_step(b, 256)) == SQLITE_OK || r == SQLITE_BUSY || r == SQLITE_LOCKED)
        sqlite3_sleep(5);
    sqlite3_backup_finish(b);
    if (r != SQLITE_DONE) {
        rc = go_error_set(GO_EDB, "restore from %s failed: %s", path, sqlite3_errstr(r));
        goto done;
    }
    rc = migrate(club);
done:
    sqlite3_finalize(st);
    sqlite3_close(src);
    return rc;
}

int go_club_set_actor(go_club *club, const char *who)
{
    int rc = check_text("who", who, sizeof club->actor - 1, false);
    if (rc)
        return rc;
    snprintf(club->actor, sizeof club->actor, "%s", who ? who : "");
    return 0;
}

int go_club_set_reason(go_club *club, const char *why)
{
    int rc = check_text("reason", why, sizeof club->reason - 1, false);
    if (rc)
        return rc;
    snprintf(club->reason, sizeof club->reason, "%s", why ? why : "");
    return 0;
}

int log_change(go_club *c, const char *what, int64_t ref, int64_t member, const char *old,
               const char *new_value, const char *why)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(c, &st,
                        "INSERT INTO change_log(who, what, ref, member_id, old, new, why)"
                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    if (rc)
        return rc;
    sqlite3_bind_text(st, 1, c->actor[0] ? c->actor : "unknown", -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, what, -1, SQLITE_STATIC);
    if (ref)
        sqlite3_bind_int64(st, 3, ref);
    if (member)
        sqlite3_bind_int64(st, 4, member);
    bind_text_or_null(st, 5, old);
    bind_text_or_null(st, 6, new_value);
    bind_text_or_null(st, 7, why && *why ? why : c->reason);
    rc = db_step_done(c, st, "change log");
    sqlite3_finalize(st);
    return rc;
}

int go_club_log_list(go_club *club, go_club_table **out, const char *what, int64_t member)
{
    return db_list(club, out, "log list",
                   "SELECT l.at, l.who, l.what, l.ref, l.member_id AS member, m.name, l.old,"
                   " l.new, l.why FROM change_log l LEFT JOIN members m ON m.id = l.member_id"
                   " WHERE (?1 IS NULL OR l.what = ?1) AND (?2 <= 0 OR l.member_id = ?2)"
                   " ORDER BY l.id",
                   "tl", what, (int64_t)member);
}

int go_club_check(go_club *club)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(club, &st, "PRAGMA integrity_check");
    if (rc)
        return rc;
    if (sqlite3_step(st) != SQLITE_ROW)
        rc = db_error(club, "integrity_check");
    else if (strcmp((const char *)sqlite3_column_text(st, 0), "ok") != 0)
        rc = go_error_set(GO_EDB, "integrity check: %s", sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return rc;
}

int64_t setting_int(go_club *c, const char *key, int64_t dflt)
{
    sqlite3_stmt *st = NULL;
    int64_t v = dflt;
    if (db_prepare(c, &st, "SELECT value FROM settings WHERE key = ?1") != 0)
        return dflt;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

int member_exists(go_club *c, int64_t id)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(c, &st, "SELECT 1 FROM members WHERE id = ?1");
    if (rc)
        return rc;
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) != SQLITE_ROW)
        rc = go_error_set(GO_ENOTFOUND, "no member with id %lld", (long long)id);
    sqlite3_finalize(st);
    return rc;
}

/* ---- text validation ---- */

/* Length in code points of valid UTF-8 without C0/C1 controls (tab allowed when tabs), or -1
 * with *why set. Overlong forms, surrogates and values past U+10FFFF are invalid. */
static long utf8_check(const char *s, bool tabs, const char **why)
{
    const unsigned char *p = (const unsigned char *)s;
    long n = 0;
    while (*p) {
        unsigned c = *p;
        int len;
        unsigned cp;
        if (c < 0x80) {
            if ((c < 0x20 && !(tabs && (c == '\t' || c == '\n'))) || c == 0x7F) {
                *why = "contains a control character";
                return -1;
            }
            p++;
            n++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            cp = c & 0x07;
        } else {
            *why = "is not valid UTF-8";
            return -1;
        }
        for (int i = 1; i < len; i++) {
            if ((p[i] & 0xC0) != 0x80) {
                *why = "is not valid UTF-8";
                return -1;
            }
            cp = (cp << 6) | (p[i] & 0x3F);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF)) {
            *why = "is not valid UTF-8";
            return -1;
        }
        if (cp >= 0x80 && cp <= 0x9F) {
            *why = "contains a control character";
            return -1;
        }
        p += len;
        n++;
    }
    return n;
}

int check_name(const char *what, const char *s)
{
    const char *why = NULL;
    if (!s || !*s)
        return go_error_set(GO_EINVAL, "%s is empty", what);
    long n = utf8_check(s, false, &why);
    if (n < 0)
        return go_error_set(GO_EINVAL, "%s %s", what, why);
    if (n > GO_CLUB_NAME_MAX)
        return go_error_set(GO_EINVAL, "%s is too long (%ld characters, at most %d)", what, n,
                            GO_CLUB_NAME_MAX);
    size_t i = 0, len = strlen(s);
    while (i < len && s[i] == ' ')
        i++;
    if (i == len)
        return go_error_set(GO_EINVAL, "%s is blank", what);
    return 0;
}

int check_text(const char *what, const char *s, size_t max_bytes, bool required)
{
    const char *why = NULL;
    if (!s || !*s)
        return required ? go_error_set(GO_EINVAL, "%s is empty", what) : 0;
    if (strlen(s) > max_bytes)
        return go_error_set(GO_EINVAL, "%s is too long (%zu bytes, at most %zu)", what, strlen(s),
                            max_bytes);
    if (utf8_check(s, true, &why) < 0)
        return go_error_set(GO_EINVAL, "%s %s", what, why);
    return 0;
}

/* ---- dates ---- */

static int64_t days_from_civil(int y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = (unsigned)(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return (int64_t)era * 146097 + (int64_t)doe - 719468;
}

static int digits(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

static int parse_ymd(int32_t *out, const char *s)
{
    if (!s || strlen(s) < 10 || s[4] != '-' || s[7] != '-')
        return go_error_set(GO_EINVAL, "'%.40s' is not a date (YYYY-MM-DD)", s ? s : "");
    int y = digits(s, 4), m = digits(s + 5, 2), d = digits(s + 8, 2);
    if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1)
        return go_error_set(GO_EINVAL, "'%.10s' is not a possible date", s);
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    int max = mdays[m - 1] + (m == 2 && leap);
    if (d > max)
        return go_error_set(GO_EINVAL, "'%.10s' is not a possible date (%d-%02d has %d days)", s, y,
                            m, max);
    *out = (int32_t)days_from_civil(y, (unsigned)m, (unsigned)d);
    return 0;
}

int go_club_date_parse(int32_t *out_day, const char *text)
{
    int32_t day;
    int rc = parse_ymd(&day, text);
    if (rc)
        return rc;
    if (text[10] != '\0' && text[10] != 'T' && text[10] != ' ')
        return go_error_set(GO_EINVAL, "'%.40s' is not a date (YYYY-MM-DD)", text);
    *out_day = day;
    return 0;
}

int go_club_datetime_parse(int32_t *out_day, int *out_minute, const char *text)
{
    int32_t day;
    int rc = parse_ymd(&day, text);
    if (rc)
        return rc;
    int minute = 0;
    if (text[10] != '\0') {
        const char *t = text + 11;
        if ((text[10] != 'T' && text[10] != ' ') || strlen(t) < 5 || t[2] != ':' ||
            (t[5] != '\0' && t[5] != ':'))
            return go_error_set(GO_EINVAL, "'%.40s' is not a time (YYYY-MM-DDTHH:MM)", text);
        int h = digits(t, 2), mi = digits(t + 3, 2);
        if (h < 0 || h > 23 || mi < 0 || mi > 59)
            return go_error_set(GO_EINVAL, "'%.40s' is not a possible time", text);
        if (t[5] == ':') {
            int sec = digits(t + 6, 2);
            if (sec < 0 || sec > 59 || t[8] != '\0')
                return go_error_set(GO_EINVAL, "'%.40s' is not a possible time", text);
        }
        minute = h * 60 + mi;
    }
    *out_day = day;
    *out_minute = minute;
    return 0;
}

void go_club_date_format(char out[11], int32_t day)
{
    int64_t z = (int64_t)day + 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = (unsigned)(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t y0 = (int64_t)yoe + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    int y = (int)(y0 + (m <= 2));
    char buf[32];
    snprintf(buf, sizeof buf, "%04d-%02d-%02d", y % 10000, (int)(m % 13), (int)(d % 32));
    memcpy(out, buf, 10);
    out[10] = '\0';
}

int go_club_weekday(int32_t day)
{
    /* 1970-01-01 was a Thursday (4). */
    int w = (int)((day % 7 + 7) % 7); /* 0 = Thursday */
    return (w + 3) % 7 + 1;
}

int check_date(const char *what, const char *s)
{
    int32_t d;
    int rc = go_club_date_parse(&d, s);
    if (rc) {
        char keep[256];
        snprintf(keep, sizeof keep, "%s", go_error_last());
        return go_error_set(rc, "%s: %s", what, keep);
    }
    return 0;
}

int check_datetime(const char *what, const char *s)
{
    int32_t d;
    int m;
    int rc = go_club_datetime_parse(&d, &m, s);
    if (rc) {
        char keep[256];
        snprintf(keep, sizeof keep, "%s", go_error_last());
        return go_error_set(rc, "%s: %s", what, keep);
    }
    return 0;
}
