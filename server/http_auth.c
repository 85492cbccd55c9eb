/* Accounts of the HTTP service: its own tables in the club's SQLite file (versioned in
 * service_meta, apart from the club's PRAGMA user_version), Argon2id passwords, sessions in
 * HttpOnly SameSite=Strict cookies (stored hashed), a CSRF token per session, a bound on failed
 * sign-ins, and the account endpoints. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "go/error.h"
#include "http_int.h"

#define COOKIE_NAME "goref_session"
#define NAME_MAX_BYTES 64
#define PASSWORD_MIN 10
#define PASSWORD_MAX 256
#define FAIL_SLOTS 512
#define FAIL_WINDOW_S 300
#define FAIL_MAX_PER_NAME 5  /* per client address and account name */
#define FAIL_MAX_PER_ADDR 20 /* per client address, whatever the name */

typedef struct fail_slot {
    char key[160];
    time_t first;
    int failures;
} fail_slot;

struct http_auth {
    sqlite3 *db;
    pthread_mutex_t lock; /* one statement sequence at a time on db */
    unsigned long long ops;
    size_t mem;
    int session_ttl_s;
    bool secure;
    atomic_int hashing; /* Argon2id runs at once (each holds mem bytes) */
    int max_hashing;
    pthread_mutex_t fail_lock;
    fail_slot fails[FAIL_SLOTS];
};

/* Forward-only migrations of the service's tables; the index + 1 is the version. */
static const char *const migrations[] = {
    "CREATE TABLE IF NOT EXISTS service_users ("
    " id INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL UNIQUE,"
    " role TEXT NOT NULL CHECK (role IN ('admin','secretary','teacher','referee')),"
    " pwhash TEXT NOT NULL,"
    " disabled INTEGER NOT NULL DEFAULT 0,"
    " created_at INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS service_sessions ("
    " token_hash TEXT PRIMARY KEY,"
    " user_id INTEGER NOT NULL REFERENCES service_users(id) ON DELETE CASCADE,"
    " csrf TEXT NOT NULL,"
    " created_at INTEGER NOT NULL,"
    " expires_at INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS service_sessions_user ON service_sessions(user_id);",
};

static const char *const role_names[] = {"admin", "secretary", "teacher", "referee"};

const char *http_role_name(int role)
{
    for (int i = 0; i < 4; i++)
        if (role == (1 << i))
            return role_names[i];
    return "nobody";
}

int http_role_parse(const char *name)
{
    for (int i = 0; i < 4; i++)
        if (name && strcmp(name, role_names[i]) == 0)
            return 1 << i;
    return 0;
}

static int db_fail(sqlite3 *db, const char *what)
{
    return go_error_set(GO_EDB, "%s: %s", what, sqlite3_errmsg(db));
}

static int exec(sqlite3 *db, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        int err = go_error_set(GO_EDB, "%s", msg ? msg : "sqlite error");
        sqlite3_free(msg);
        return err;
    }
    return 0;
}

static int migrate(sqlite3 *db)
{
    int err = exec(db, "BEGIN IMMEDIATE");
    if (err)
        return err;
    sqlite3_stmt *st = NULL;
    int version = 0;
    err = exec(db, "CREATE TABLE IF NOT EXISTS service_meta (key TEXT PRIMARY KEY, value TEXT "
                   "NOT NULL)");
    if (err)
        goto done;
    if (sqlite3_prepare_v2(db, "SELECT value FROM service_meta WHERE key='schema_version'", -1, &st,
                           NULL) != SQLITE_OK) {
        err = db_fail(db, "service_meta");
        goto done;
    }
    if (sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    st = NULL;
    int latest = (int)(sizeof migrations / sizeof migrations[0]);
    if (version > latest) {
        err = go_error_set(GO_EUNSUPPORTED,
                           "the database's service tables are version %d; this goref knows %d",
                           version, latest);
        goto done;
    }
    for (int v = version; v < latest; v++) {
        err = exec(db, migrations[v]);
        if (err)
            goto done;
    }
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO service_meta(key, value) VALUES('schema_version', ?) "
                           "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                           -1, &st, NULL) != SQLITE_OK) {
        err = db_fail(db, "service_meta");
        goto done;
    }
    sqlite3_bind_int(st, 1, latest);
    if (sqlite3_step(st) != SQLITE_DONE)
        err = db_fail(db, "service_meta");
    sqlite3_finalize(st);
    st = NULL;
done:
    if (err)
        exec(db, "ROLLBACK");
    else
        err = exec(db, "COMMIT");
    return err;
}

/* The database holds password hashes and session tokens: it is created 0600, and an existing
 * one readable by others is made private. SQLite gives its -wal and -shm files the mode of the
 * database file, so they follow. */
static int make_private(const char *db_path)
{
    if (strcmp(db_path, ":memory:") == 0 || db_path[0] == '\0')
        return 0;
    int fd = open(db_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return go_error_set(GO_EDB, "cannot open %s: %s", db_path, strerror(errno));
    struct stat st;
    int err = 0;
    if (fstat(fd, &st) != 0)
        err = go_error_set(GO_EDB, "cannot read %s: %s", db_path, strerror(errno));
    else if ((st.st_mode & 077) && fchmod(fd, st.st_mode & 0700) != 0)
        err = go_error_set(GO_EDB, "cannot make %s private: %s", db_path, strerror(errno));
    close(fd);
    return err;
}

int http_auth_open(http_auth **out, const char *db_path, const go_http_options *opts)
{
    int err = 0;
    *out = NULL;
    http_auth *a = calloc(1, sizeof *a);
    if (!a)
        return GO_ENOMEM;
    pthread_mutex_init(&a->lock, NULL);
    pthread_mutex_init(&a->fail_lock, NULL);
    a->ops = opts && opts->pwhash_ops ? opts->pwhash_ops : crypto_pwhash_OPSLIMIT_INTERACTIVE;
    a->mem = opts && opts->pwhash_mem ? opts->pwhash_mem : crypto_pwhash_MEMLIMIT_INTERACTIVE;
    a->session_ttl_s = opts && opts->session_ttl_s ? opts->session_ttl_s : 12 * 3600;
    a->secure = opts && opts->secure_cookies;
    a->max_hashing = opts && opts->max_heavy ? (int)opts->max_heavy : 2;
    if ((err = make_private(db_path)) != 0)
        goto done;
    if (sqlite3_open_v2(db_path, &a->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                        NULL) != SQLITE_OK) {
        err = go_error_set(GO_EDB, "cannot open %s: %s", db_path,
                           a->db ? sqlite3_errmsg(a->db) : "out of memory");
        goto done;
    }
    sqlite3_busy_timeout(a->db, 5000);
    err = exec(a->db, "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL");
    if (err)
        goto done;
    err = migrate(a->db);
done:
    if (err)
        http_auth_close(a);
    else
        *out = a;
    return err;
}

void http_auth_close(http_auth *a)
{
    if (!a)
        return;
    sqlite3_close_v2(a->db);
    pthread_mutex_destroy(&a->lock);
    pthread_mutex_destroy(&a->fail_lock);
    free(a);
}

int http_auth_count(http_auth *a)
{
    sqlite3_stmt *st = NULL;
    int n = 0;
    pthread_mutex_lock(&a->lock);
    if (sqlite3_prepare_v2(a->db, "SELECT count(*) FROM service_users", -1, &st, NULL) ==
            SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    pthread_mutex_unlock(&a->lock);
    return n;
}

/* ------------------------------------------------------------------------------ helpers */

static void random_hex(char out[HTTP_TOKEN_HEX + 1])
{
    unsigned char raw[HTTP_TOKEN_HEX / 2];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(out, HTTP_TOKEN_HEX + 1, raw, sizeof raw);
}

/* Sessions are stored by the hash of their token, so the database file alone signs no one in. */
static void token_hash(char out[HTTP_TOKEN_HEX + 1], const char *token)
{
    unsigned char h[HTTP_TOKEN_HEX / 2];
    crypto_generichash(h, sizeof h, (const unsigned char *)token, strlen(token), NULL, 0);
    sodium_bin2hex(out, HTTP_TOKEN_HEX + 1, h, sizeof h);
}

static bool is_hex_token(const char *s)
{
    if (!s || strlen(s) != HTTP_TOKEN_HEX)
        return false;
    for (const char *p = s; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
            return false;
    return true;
}

static bool valid_name(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > NAME_MAX_BYTES)
        return false;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            return false;
    return name[0] != ' ' && name[n - 1] != ' ';
}

/* Common passwords of 10 characters or more (shorter ones are refused for their length), as
 * typed by people here and elsewhere; compared lowercased. Patterns (one repeated character,
 * a run like 1234567890 or abcdefghij, the account's own name) are checked apart. */
static const char *const common_passwords[] = {
    "1234567890",   "0987654321",  "password123",   "password1234", "passw0rd123",  "qwertyuiop",
    "qwerty1234",   "qwerty12345", "qwerty123456",  "1q2w3e4r5t",   "1qaz2wsx3edc", "1qaz2wsx",
    "zaq12wsxcde3", "asdfghjkl1",  "asdfghjkl;",    "zxcvbnm123",   "iloveyou12",   "iloveyou123",
    "princess123",  "football123", "baseball123",   "sunshine12",   "welcome123",   "welcome1234",
    "admin12345",   "admin123456", "administrator", "letmein123",   "abc1234567",   "abcd123456",
    "a123456789",   "123456789a",  "1234567890a",   "qq123456789",  "woaini1314",   "woaini520",
    "5201314520",   "1314520520",  "123123123123",  "1234512345",   "1122334455",   "1234554321",
    "12345qwert",   "qwert12345",  "goref12345",    "weiqi12345",   "changeme123",
};

/* The Chinese text of the last password refusal on this thread, for the reply. */
static _Thread_local const char *password_zh;

static bool is_run(const char *p, size_t n)
{
    bool up = true, down = true, same = true;
    for (size_t i = 1; i < n; i++) {
        up &= p[i] == p[i - 1] + 1;
        down &= p[i] == p[i - 1] - 1;
        same &= p[i] == p[i - 1];
    }
    return up || down || same;
}

static int check_password(const char *password, const char *name)
{
    size_t n = strlen(password);
    password_zh = NULL;
    if (n < PASSWORD_MIN) {
        password_zh = "密码至少要 10 个字符";
        return go_error_set(GO_EINVAL, "the password needs at least %d characters", PASSWORD_MIN);
    }
    if (n > PASSWORD_MAX) {
        password_zh = "密码太长";
        return go_error_set(GO_ETOOBIG, "the password is longer than %d bytes", PASSWORD_MAX);
    }
    char lower[PASSWORD_MAX + 1];
    for (size_t i = 0; i <= n; i++)
        lower[i] =
            (char)(password[i] >= 'A' && password[i] <= 'Z' ? password[i] + 32 : password[i]);
    bool common = is_run(lower, n) || (name && strcasecmp(password, name) == 0);
    for (size_t i = 0; !common && i < sizeof common_passwords / sizeof common_passwords[0]; i++)
        common = strcmp(lower, common_passwords[i]) == 0;
    if (common) {
        password_zh = "这个密码太常见，容易被猜到：请换一个";
        return go_error_set(GO_EINVAL, "this password is too common to be safe; choose another");
    }
    return 0;
}

/* A password refusal, with its Chinese text when check_password gave one. */
static void reply_password_error(http_req *r, int err)
{
    const char *code;
    int status = http_status_of(err, &code);
    if (password_zh)
        http_reply_error_zh(r, status, code, password_zh, "%s", go_error_last());
    else
        http_reply_goerr(r, err);
}

static bool hashing_enter(http_auth *a)
{
    if (atomic_fetch_add(&a->hashing, 1) >= a->max_hashing) {
        atomic_fetch_sub(&a->hashing, 1);
        return false;
    }
    return true;
}

static void hashing_leave(http_auth *a)
{
    atomic_fetch_sub(&a->hashing, 1);
}

static int hash_password(http_auth *a, char out[crypto_pwhash_STRBYTES], const char *password)
{
    if (crypto_pwhash_str(out, password, strlen(password), a->ops, a->mem) != 0)
        return go_error_set(GO_ENOMEM, "not enough memory to hash the password");
    return 0;
}

static int insert_user(http_auth *a, long long *out_id, const char *name, const char *password,
                       int role)
{
    char hash[crypto_pwhash_STRBYTES];
    if (!valid_name(name))
        return go_error_set(GO_EINVAL,
                            "a name has 1 to %d bytes, no control characters and no "
                            "spaces at its ends",
                            NAME_MAX_BYTES);
    int err = check_password(password, name);
    if (err)
        return err;
    if (!role)
        return go_error_set(GO_EINVAL, "role must be admin, secretary, teacher or referee");
    err = hash_password(a, hash, password);
    if (err)
        return err;
    sqlite3_stmt *st = NULL;
    pthread_mutex_lock(&a->lock);
    if (sqlite3_prepare_v2(a->db,
                           "INSERT INTO service_users(name, role, pwhash, created_at) "
                           "VALUES(?, ?, ?, ?)",
                           -1, &st, NULL) != SQLITE_OK) {
        err = db_fail(a->db, "add account");
        goto done;
    }
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, http_role_name(role), -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, hash, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)time(NULL));
    int rc = sqlite3_step(st);
    if (rc == SQLITE_CONSTRAINT)
        err = go_error_set(GO_EEXISTS, "an account named '%s' exists", name);
    else if (rc != SQLITE_DONE)
        err = db_fail(a->db, "add account");
    else if (out_id)
        *out_id = sqlite3_last_insert_rowid(a->db);
done:
    sqlite3_finalize(st);
    pthread_mutex_unlock(&a->lock);
    sodium_memzero(hash, sizeof hash);
    return err;
}

int go_http_user_create(const char *db_path, const char *name, const char *password,
                        const char *role, const go_http_options *opts)
{
    http_auth *a = NULL;
    if (sodium_init() < 0)
        return go_error_set(GO_EINTERNAL, "libsodium did not initialise");
    int err = http_auth_open(&a, db_path, opts);
    if (err)
        return err;
    err = insert_user(a, NULL, name, password, http_role_parse(role));
    http_auth_close(a);
    return err;
}

/* ---------------------------------------------------------------- failed sign-in bound */

static fail_slot *fail_find(http_auth *a, const char *key, bool create, time_t now)
{
    fail_slot *victim = NULL; /* a free slot, else the oldest */
    for (int i = 0; i < FAIL_SLOTS; i++) {
        fail_slot *s = &a->fails[i];
        if (s->key[0] && now - s->first > FAIL_WINDOW_S)
            s->key[0] = '\0'; /* the window passed: forget */
        if (s->key[0] && strcmp(s->key, key) == 0)
            return s;
        if (!s->key[0]) {
            if (!victim || victim->key[0])
                victim = s;
        } else if (!victim || (victim->key[0] && s->first < victim->first)) {
            victim = s;
        }
    }
    if (!create)
        return NULL;
    memset(victim, 0, sizeof *victim);
    snprintf(victim->key, sizeof victim->key, "%s", key);
    victim->first = now;
    return victim;
}

/* Seconds to wait before another try from this address for this name, 0 when allowed. */
static int fail_blocked(http_auth *a, const char *ip, const char *name)
{
    char k1[160], k2[160];
    time_t now = time(NULL);
    int wait = 0;
    snprintf(k1, sizeof k1, "%s\n%s", ip, name);
    snprintf(k2, sizeof k2, "%s", ip);
    pthread_mutex_lock(&a->fail_lock);
    fail_slot *s1 = fail_find(a, k1, false, now), *s2 = fail_find(a, k2, false, now);
    if (s1 && s1->failures >= FAIL_MAX_PER_NAME)
        wait = (int)(s1->first + FAIL_WINDOW_S - now);
    if (s2 && s2->failures >= FAIL_MAX_PER_ADDR) {
        int w2 = (int)(s2->first + FAIL_WINDOW_S - now);
        wait = w2 > wait ? w2 : wait;
    }
    pthread_mutex_unlock(&a->fail_lock);
    return wait > 0 ? wait : 0;
}

static void fail_record(http_auth *a, const char *ip, const char *name, bool failed)
{
    char k1[160], k2[160];
    time_t now = time(NULL);
    snprintf(k1, sizeof k1, "%s\n%s", ip, name);
    snprintf(k2, sizeof k2, "%s", ip);
    pthread_mutex_lock(&a->fail_lock);
    fail_slot *s1 = fail_find(a, k1, failed, now);
    if (s1) {
        if (failed)
            s1->failures++;
        else
            s1->key[0] = '\0';
    }
    if (failed) {
        fail_slot *s2 = fail_find(a, k2, true, now);
        s2->failures++;
    }
    pthread_mutex_unlock(&a->fail_lock);
}

/* ------------------------------------------------------------------------------ sessions */

void http_auth_identify(http_req *r)
{
    http_auth *a = r->srv->auth;
    const char *token = MHD_lookup_connection_value(r->conn, MHD_COOKIE_KIND, COOKIE_NAME);
    if (r->have_user || !is_hex_token(token))
        return;
    char hash[HTTP_TOKEN_HEX + 1];
    token_hash(hash, token);
    sqlite3_stmt *st = NULL;
    pthread_mutex_lock(&a->lock);
    if (sqlite3_prepare_v2(a->db,
                           "SELECT u.id, u.name, u.role, s.csrf FROM service_sessions s "
                           "JOIN service_users u ON u.id = s.user_id "
                           "WHERE s.token_hash = ? AND s.expires_at > ? AND u.disabled = 0",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, hash, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)time(NULL));
        if (sqlite3_step(st) == SQLITE_ROW) {
            r->user.id = sqlite3_column_int64(st, 0);
            snprintf(r->user.name, sizeof r->user.name, "%s",
                     (const char *)sqlite3_column_text(st, 1));
            r->user.role = http_role_parse((const char *)sqlite3_column_text(st, 2));
            snprintf(r->user.csrf, sizeof r->user.csrf, "%s",
                     (const char *)sqlite3_column_text(st, 3));
            snprintf(r->user.session_hash, sizeof r->user.session_hash, "%s", hash);
            r->have_user = r->user.role != 0;
        }
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&a->lock);
}

static void set_cookie(http_req *r, const char *token, int max_age)
{
    char cookie[256];
    snprintf(cookie, sizeof cookie,
             COOKIE_NAME "=%s; Path=/; Max-Age=%d; HttpOnly; SameSite=Strict%s", token, max_age,
             r->srv->auth->secure ? "; Secure" : "");
    http_reply_header(r, MHD_HTTP_HEADER_SET_COOKIE, cookie);
}

static json_t *user_json(long long id, const char *name, int role)
{
    return json_pack("{s:I,s:s,s:s}", "id", (json_int_t)id, "name", name, "role",
                     http_role_name(role));
}

void http_api_login(http_req *r)
{
    http_auth *a = r->srv->auth;
    const char *name = NULL, *password = NULL;
    sqlite3_stmt *st = NULL;
    char stored[crypto_pwhash_STRBYTES] = "";
    long long id = 0;
    int role = 0;
    bool found = false;
    json_t *body = http_body_json(r);
    if (!body)
        return;
    if (http_json_string(r, body, "name", &name, 256) ||
        http_json_string(r, body, "password", &password, 4096))
        goto done;
    if (!name || !password) {
        http_reply_error(r, 400, "invalid", "give 'name' and 'password'");
        goto done;
    }
    int wait = fail_blocked(a, r->client_ip, name);
    if (wait) {
        char secs[16];
        snprintf(secs, sizeof secs, "%d", wait);
        http_reply_header(r, "Retry-After", secs);
        char zh[96];
        snprintf(zh, sizeof zh, "登录失败次数太多，请等 %d 秒再试", wait);
        http_reply_error_zh(r, 429, "rate_limited", zh, "too many failed sign-ins; wait %d s",
                            wait);
        goto done;
    }
    pthread_mutex_lock(&a->lock);
    if (sqlite3_prepare_v2(a->db,
                           "SELECT id, role, pwhash FROM service_users WHERE name = ? AND "
                           "disabled = 0",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st) == SQLITE_ROW) {
            id = sqlite3_column_int64(st, 0);
            role = http_role_parse((const char *)sqlite3_column_text(st, 1));
            snprintf(stored, sizeof stored, "%s", (const char *)sqlite3_column_text(st, 2));
            found = true;
        }
    }
    sqlite3_finalize(st);
    st = NULL;
    pthread_mutex_unlock(&a->lock);

    if (!hashing_enter(a)) {
        http_reply_header(r, "Retry-After", "1");
        http_reply_error(r, 503, "busy", "too many sign-ins at once; try again");
        goto done;
    }
    bool ok;
    if (found) {
        ok = crypto_pwhash_str_verify(stored, password, strlen(password)) == 0;
    } else {
        /* Spend the same time on an unknown name, so timing does not reveal which exist. */
        char dummy[crypto_pwhash_STRBYTES];
        ok = false;
        if (crypto_pwhash_str(dummy, password, strlen(password), a->ops, a->mem) == 0)
            sodium_memzero(dummy, sizeof dummy);
    }
    hashing_leave(a);
    fail_record(a, r->client_ip, name, !ok);
    if (!ok) {
        http_reply_error_zh(r, 401, "auth", "用户名或密码错误", "wrong name or password");
        goto done;
    }

    char token[HTTP_TOKEN_HEX + 1], hash[HTTP_TOKEN_HEX + 1], csrf[HTTP_TOKEN_HEX + 1];
    random_hex(token);
    random_hex(csrf);
    token_hash(hash, token);
    time_t now = time(NULL);
    int err = 0;
    pthread_mutex_lock(&a->lock);
    if (sqlite3_prepare_v2(a->db, "DELETE FROM service_sessions WHERE expires_at <= ?", -1, &st,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, (sqlite3_int64)now);
        sqlite3_step(st);
    }
    sqlite3_finalize(st);
    st = NULL;
    if (sqlite3_prepare_v2(a->db,
                           "INSERT INTO service_sessions(token_hash, user_id, csrf, created_at, "
                           "expires_at) VALUES(?, ?, ?, ?, ?)",
                           -1, &st, NULL) != SQLITE_OK) {
        err = db_fail(a->db, "session");
    } else {
        sqlite3_bind_text(st, 1, hash, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, id);
        sqlite3_bind_text(st, 3, csrf, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)now);
        sqlite3_bind_int64(st, 5, (sqlite3_int64)now + a->session_ttl_s);
        if (sqlite3_step(st) != SQLITE_DONE)
            err = db_fail(a->db, "session");
    }
    sqlite3_finalize(st);
    st = NULL;
    pthread_mutex_unlock(&a->lock);
    if (err) {
        http_reply_goerr(r, err);
        goto done;
    }
    set_cookie(r, token, a->session_ttl_s);
    http_reply_json(r, 200,
                    json_pack("{s:o,s:s,s:i}", "user", user_json(id, name, role), "csrf", csrf,
                              "expires_in", a->session_ttl_s));
done:
    sodium_memzero(stored, sizeof stored);
    json_decref(body);
}

static int delete_sessions(http_auth *a, const char *sql, const char *text, long long id)
{
    sqlite3_stmt *st = NULL;
    int err = 0;
    pthread_mutex_lock(&a->lock);
    if (sqlite3_prepare_v2(a->db, sql, -1, &st, NULL) != SQLITE_OK) {
        err = db_fail(a->db, "sessions");
    } else {
        if (text)
            sqlite3_bind_text(st, 1, text, -1, SQLITE_TRANSIENT);
        else
            sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) != SQLITE_DONE)
            err = db_fail(a->db, "sessions");
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&a->lock);
    return err;
}

void http_api_logout(http_req *r)
{
    int err = delete_sessions(r->srv->auth, "DELETE FROM service_sessions WHERE token_hash = ?",
                              r->user.session_hash, 0);
    if (err) {
        http_reply_goerr(r, err);
        return;
    }
    set_cookie(r, "", 0);
    http_reply_json(r, 200, json_pack("{s:b}", "ok", 1));
}

void http_api_me(http_req *r)
{
    http_reply_json(r, 200,
                    json_pack("{s:o,s:s}", "user",
                              user_json(r->user.id, r->user.name, r->user.role), "csrf",
                              r->user.csrf));
}

/* ------------------------------------------------------------------------ account admin */

void http_api_users_list(http_req *r)
{
    http_auth *a = r->srv->auth;
    sqlite3_stmt *st = NULL;
    json_t *list = json_array();
    int err = 0;
    pthread_mutex_lock(&a->lock);
    if (sqlite3_prepare_v2(a->db,
                           "SELECT id, name, role, disabled, created_at FROM service_users "
                           "ORDER BY id",
                           -1, &st, NULL) != SQLITE_OK) {
        err = db_fail(a->db, "accounts");
    } else {
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            json_t *u =
                user_json(sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1),
                          http_role_parse((const char *)sqlite3_column_text(st, 2)));
            json_object_set_new(u, "disabled", json_boolean(sqlite3_column_int(st, 3)));
            json_object_set_new(u, "created_at", json_integer(sqlite3_column_int64(st, 4)));
            json_array_append_new(list, u);
        }
        if (rc != SQLITE_DONE)
            err = db_fail(a->db, "accounts");
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&a->lock);
    if (err) {
        json_decref(list);
        http_reply_goerr(r, err);
        return;
    }
    http_reply_json(r, 200, json_pack("{s:o}", "users", list));
}

void http_api_users_create(http_req *r)
{
    const char *name = NULL, *password = NULL, *role = NULL;
    json_t *body = http_body_json(r);
    if (!body)
        return;
    if (http_json_string(r, body, "name", &name, 256) ||
        http_json_string(r, body, "password", &password, 4096) ||
        http_json_string(r, body, "role", &role, 32))
        goto done;
    if (!name || !password || !role) {
        http_reply_error(r, 400, "invalid", "give 'name', 'password' and 'role'");
        goto done;
    }
    if (!hashing_enter(r->srv->auth)) {
        http_reply_header(r, "Retry-After", "1");
        http_reply_error(r, 503, "busy", "too many password operations at once");
        goto done;
    }
    long long id = 0;
    password_zh = NULL;
    int err = insert_user(r->srv->auth, &id, name, password, http_role_parse(role));
    hashing_leave(r->srv->auth);
    if (err) {
        reply_password_error(r, err);
        goto done;
    }
    http_reply_json(r, 201, json_pack("{s:o}", "user", user_json(id, name, http_role_parse(role))));
done:
    json_decref(body);
}

static int user_id_from_url(http_req *r, long long *out)
{
    const char *s = r->url + strlen("/api/users/");
    char *end;
    long long id = strtoll(s, &end, 10);
    if (end == s || *end != '\0' || id <= 0) {
        http_reply_error(r, 404, "not_found", "no account %s", s);
        return -1;
    }
    *out = id;
    return 0;
}

/* Count of enabled admins other than id: an admin may not remove the last one. */
static int other_admins(http_auth *a, long long id)
{
    sqlite3_stmt *st = NULL;
    int n = 0;
    if (sqlite3_prepare_v2(a->db,
                           "SELECT count(*) FROM service_users WHERE role='admin' AND disabled=0 "
                           "AND id <> ?",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW)
            n = sqlite3_column_int(st, 0);
    }
    sqlite3_finalize(st);
    return n;
}

static int user_exists(http_auth *a, long long id, int *out_role)
{
    sqlite3_stmt *st = NULL;
    int found = 0;
    if (sqlite3_prepare_v2(a->db, "SELECT role FROM service_users WHERE id = ?", -1, &st, NULL) ==
        SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW) {
            found = 1;
            *out_role = http_role_parse((const char *)sqlite3_column_text(st, 0));
        }
    }
    sqlite3_finalize(st);
    return found;
}

void http_api_users_update(http_req *r)
{
    http_auth *a = r->srv->auth;
    long long id;
    const char *role_text = NULL, *password = NULL;
    bool disabled = false, have_disabled = false;
    char hash[crypto_pwhash_STRBYTES] = "";
    sqlite3_stmt *st = NULL;
    int err = 0;
    bool locked = false;
    json_t *body = NULL;
    if (user_id_from_url(r, &id))
        return;
    body = http_body_json(r);
    if (!body)
        return;
    if (http_json_string(r, body, "role", &role_text, 32) ||
        http_json_string(r, body, "password", &password, 4096) ||
        http_json_bool(r, body, "disabled", &disabled))
        goto done;
    have_disabled = json_object_get(body, "disabled") != NULL;
    int role = role_text ? http_role_parse(role_text) : 0;
    if (role_text && !role) {
        http_reply_error(r, 400, "invalid", "role must be admin, secretary, teacher or referee");
        goto done;
    }
    if (password) {
        if ((err = check_password(password, NULL)) != 0) {
            reply_password_error(r, err);
            goto done;
        }
        if (!hashing_enter(a)) {
            http_reply_header(r, "Retry-After", "1");
            http_reply_error(r, 503, "busy", "too many password operations at once");
            goto done;
        }
        err = hash_password(a, hash, password);
        hashing_leave(a);
        if (err)
            goto done;
    }
    pthread_mutex_lock(&a->lock);
    locked = true;
    if ((err = exec(a->db, "BEGIN IMMEDIATE")) != 0)
        goto done;
    int old_role = 0;
    if (!user_exists(a, id, &old_role)) {
        err = go_error_set(GO_ENOTFOUND, "no account %lld", id);
        goto rollback;
    }
    bool loses_admin =
        old_role == ROLE_ADMIN && ((role && role != ROLE_ADMIN) || (have_disabled && disabled));
    if (loses_admin && other_admins(a, id) == 0) {
        err = go_error_set(GO_ECONFLICT, "this is the last administrator");
        goto rollback;
    }
    if (sqlite3_prepare_v2(a->db,
                           "UPDATE service_users SET role = coalesce(?, role), pwhash = "
                           "coalesce(?, pwhash), disabled = coalesce(?, disabled) WHERE id = ?",
                           -1, &st, NULL) != SQLITE_OK) {
        err = db_fail(a->db, "update account");
        goto rollback;
    }
    if (role)
        sqlite3_bind_text(st, 1, http_role_name(role), -1, SQLITE_STATIC);
    if (password)
        sqlite3_bind_text(st, 2, hash, -1, SQLITE_TRANSIENT);
    if (have_disabled)
        sqlite3_bind_int(st, 3, disabled);
    sqlite3_bind_int64(st, 4, id);
    if (sqlite3_step(st) != SQLITE_DONE) {
        err = db_fail(a->db, "update account");
        goto rollback;
    }
    sqlite3_finalize(st);
    st = NULL;
    /* A changed role, password or status signs the account out everywhere. */
    if (sqlite3_prepare_v2(a->db, "DELETE FROM service_sessions WHERE user_id = ?", -1, &st,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) != SQLITE_DONE)
            err = db_fail(a->db, "sessions");
    }
rollback:
    sqlite3_finalize(st);
    st = NULL;
    exec(a->db, err ? "ROLLBACK" : "COMMIT");
done:
    if (locked)
        pthread_mutex_unlock(&a->lock);
    sodium_memzero(hash, sizeof hash);
    json_decref(body);
    if (!r->resp) {
        if (err)
            http_reply_goerr(r, err);
        else
            http_reply_json(r, 200, json_pack("{s:b}", "ok", 1));
    }
}

void http_api_users_delete(http_req *r)
{
    http_auth *a = r->srv->auth;
    long long id;
    int err = 0, old_role = 0;
    sqlite3_stmt *st = NULL;
    if (user_id_from_url(r, &id))
        return;
    pthread_mutex_lock(&a->lock);
    if ((err = exec(a->db, "BEGIN IMMEDIATE")) != 0)
        goto done;
    if (!user_exists(a, id, &old_role)) {
        err = go_error_set(GO_ENOTFOUND, "no account %lld", id);
    } else if (old_role == ROLE_ADMIN && other_admins(a, id) == 0) {
        err = go_error_set(GO_ECONFLICT, "this is the last administrator");
    } else if (sqlite3_prepare_v2(a->db, "DELETE FROM service_users WHERE id = ?", -1, &st, NULL) !=
               SQLITE_OK) {
        err = db_fail(a->db, "delete account");
    } else {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) != SQLITE_DONE)
            err = db_fail(a->db, "delete account");
    }
    sqlite3_finalize(st);
    exec(a->db, err ? "ROLLBACK" : "COMMIT");
done:
    pthread_mutex_unlock(&a->lock);
    if (err)
        http_reply_goerr(r, err);
    else
        http_reply_json(r, 200, json_pack("{s:b}", "ok", 1));
}

/* Changing one's password needs the old one: guesses at it are bounded like sign-ins (a
 * stolen session must not become a way to try passwords), and a change ends the account's
 * other sessions, so that whoever else held one is signed out. */
void http_api_password(http_req *r)
{
    http_auth *a = r->srv->auth;
    const char *old_pw = NULL, *new_pw = NULL;
    char stored[crypto_pwhash_STRBYTES] = "", hash[crypto_pwhash_STRBYTES] = "";
    sqlite3_stmt *st = NULL;
    int err = 0;
    json_t *body = http_body_json(r);
    if (!body)
        return;
    if (http_json_string(r, body, "old", &old_pw, 4096) ||
        http_json_string(r, body, "new", &new_pw, 4096))
        goto done;
    if (!old_pw || !new_pw) {
        http_reply_error(r, 400, "invalid", "give 'old' and 'new'");
        goto done;
    }
    if ((err = check_password(new_pw, r->user.name)) != 0) {
        reply_password_error(r, err);
        err = 0;
        goto done;
    }
    int wait = fail_blocked(a, r->client_ip, r->user.name);
    if (wait) {
        char secs[16], zh[96];
        snprintf(secs, sizeof secs, "%d", wait);
        snprintf(zh, sizeof zh, "旧密码输错次数太多，请等 %d 秒再试", wait);
        http_reply_header(r, "Retry-After", secs);
        http_reply_error_zh(r, 429, "rate_limited", zh, "too many wrong passwords; wait %d s",
                            wait);
        goto done;
    }
    pthread_mutex_lock(&a->lock);
    if (sqlite3_prepare_v2(a->db, "SELECT pwhash FROM service_users WHERE id = ?", -1, &st, NULL) ==
        SQLITE_OK) {
        sqlite3_bind_int64(st, 1, r->user.id);
        if (sqlite3_step(st) == SQLITE_ROW)
            snprintf(stored, sizeof stored, "%s", (const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    st = NULL;
    pthread_mutex_unlock(&a->lock);
    if (!hashing_enter(a)) {
        http_reply_header(r, "Retry-After", "1");
        http_reply_error(r, 503, "busy", "too many password operations at once");
        goto done;
    }
    bool ok = stored[0] && crypto_pwhash_str_verify(stored, old_pw, strlen(old_pw)) == 0;
    if (ok)
        err = hash_password(a, hash, new_pw);
    hashing_leave(a);
    fail_record(a, r->client_ip, r->user.name, !ok);
    if (!ok) {
        http_reply_error_zh(r, 403, "auth", "旧密码不对", "the old password is wrong");
        goto done;
    }
    if (err)
        goto done;
    pthread_mutex_lock(&a->lock);
    if ((err = exec(a->db, "BEGIN IMMEDIATE")) != 0) {
        pthread_mutex_unlock(&a->lock);
        goto done;
    }
    if (sqlite3_prepare_v2(a->db, "UPDATE service_users SET pwhash = ? WHERE id = ?", -1, &st,
                           NULL) != SQLITE_OK) {
        err = db_fail(a->db, "password");
    } else {
        sqlite3_bind_text(st, 1, hash, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, r->user.id);
        if (sqlite3_step(st) != SQLITE_DONE)
            err = db_fail(a->db, "password");
    }
    sqlite3_finalize(st);
    st = NULL;
    if (!err && sqlite3_prepare_v2(a->db,
                                   "DELETE FROM service_sessions WHERE user_id = ? AND "
                                   "token_hash != ?",
                                   -1, &st, NULL) != SQLITE_OK) {
        err = db_fail(a->db, "sessions");
    } else if (!err) {
        sqlite3_bind_int64(st, 1, r->user.id);
        sqlite3_bind_text(st, 2, r->user.session_hash, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st) != SQLITE_DONE)
            err = db_fail(a->db, "sessions");
    }
    sqlite3_finalize(st);
    exec(a->db, err ? "ROLLBACK" : "COMMIT");
    pthread_mutex_unlock(&a->lock);
done:
    sodium_memzero(stored, sizeof stored);
    sodium_memzero(hash, sizeof hash);
    json_decref(body);
    if (!r->resp) {
        if (err)
            http_reply_goerr(r, err);
        else
            http_reply_json(r, 200, json_pack("{s:b}", "ok", 1));
    }
}
