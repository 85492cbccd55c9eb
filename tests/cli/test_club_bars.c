/* goref club as a new secretary meets it, on a fresh database: a mistyped option or command
 * is refused (and creates no file), every command answers --help, the unpaid list names a
 * member with no dues record, the CSV opens in Excel (BOM, names, 5k), a leave keeps a member
 * from being withdrawn, a double round robin pairs every pair twice, and typing a withdrawn
 * player's forfeit leaves the standings as they were. */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "testutil.h"

static char db[512], goref[600], csv[600];

static int setup(void **state)
{
    (void)state;
    snprintf(db, sizeof db, "%s/club_bars_%ld.db", GOREF_BINARY_DIR, (long)getpid());
    snprintf(csv, sizeof csv, "%s/club_bars_%ld.csv", GOREF_BINARY_DIR, (long)getpid());
    snprintf(goref, sizeof goref, "%s/goref", GOREF_BINARY_DIR);
    unlink(db);
    return access(goref, X_OK) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char side[1200];
    unlink(db);
    snprintf(side, sizeof side, "%s-wal", db);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", db);
    unlink(side);
    unlink(csv);
    snprintf(side, sizeof side, "%s-wal", csv);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", csv);
    unlink(side);
    /* the database as it was before a restore, kept beside it */
    char dir[600], prefix[600];
    snprintf(dir, sizeof dir, "%s", GOREF_BINARY_DIR);
    snprintf(prefix, sizeof prefix, "club_bars_%ld.db.before-restore-", (long)getpid());
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
            snprintf(side, sizeof side, "%s/%s", dir, e->d_name);
            unlink(side);
        }
    if (d)
        closedir(d);
    return 0;
}

/* Runs goref ARGS... (no --db added); stdout into out, stderr into err; the exit status. */
static int run_goref(char *out, size_t out_size, char *err, size_t err_size,
                     const char *const *args)
{
    tu_run r = tu_goref(args);
    snprintf(out, out_size, "%s", r.out);
    snprintf(err, err_size, "%s", r.err);
    int status = r.status;
    tu_run_free(&r);
    return status;
}

static char out[1 << 17], err[1 << 14];

/* goref club --db DB ARGS... */
static int club(const char *const *args)
{
    const char *argv[48] = {"club", "--db", db};
    int n = 3;
    for (int i = 0; args[i] && n < 46; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    return run_goref(out, sizeof out, err, sizeof err, argv);
}

#define CLUB(...)                                                                                  \
    do {                                                                                           \
        const char *args_[] = {__VA_ARGS__, NULL};                                                 \
        int rc_ = club(args_);                                                                     \
        if (rc_ != 0)                                                                              \
            fail_msg("goref club %s ... exit %d: %s%s", args_[0], rc_, out, err);                  \
    } while (0)

static void add_members(int n)
{
    for (int i = 1; i <= n; i++) {
        char num[16], name[32];
        snprintf(num, sizeof num, "2026%03d", i);
        snprintf(name, sizeof name, "棋手%d", i);
        CLUB("member", "add", "--name", name, "--number", num, "--rank", i == 1 ? "5k" : "10k",
             "--joined", "2026-09-01");
    }
}

static void test_club_bars__mistakes_refused_and_help_everywhere(void **state)
{
    (void)state;
    struct stat sb;
    const char *typo[] = {"membr", "add", "--name", "甲", NULL};
    assert_int_equal(club(typo), 2);
    assert_non_null(strstr(err, "did you mean member"));
    assert_int_not_equal(stat(db, &sb), 0); /* no database file for a mistyped command */
    const char *option[] = {"member", "add", "--name", "甲", "--number", "1", "--rnak", "5k", NULL};
    assert_int_equal(club(option), 2);
    assert_non_null(strstr(err, "--rnak"));
    assert_non_null(strstr(err, "--rank"));
    assert_int_not_equal(stat(db, &sb), 0);
    const char *checkin[] = {"checkin", "1", "--date", "2026-09-02", NULL};
    assert_int_equal(club(checkin), 2);
    assert_non_null(strstr(err, "--date"));
    const char *json[] = {"loan", "out", "1", "1", "--qty", "5", "--json", NULL};
    assert_int_equal(club(json), 2);
    json_t *j = json_loads(out, 0, NULL);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "error")), "invalid");
    assert_non_null(strstr(json_string_value(json_object_get(j, "message")), "--qty"));
    json_decref(j);
    /* --help: usage, options, an example; exit 0 */
    const char *commands[][4] = {
        {"--help"},
        {"help"},
        {"version", "--help"},
        {"count", "--help"},
        {"score", "--help"},
        {"scan", "--help"},
        {"sgf", "--help"},
        {"gtp", "--help"},
        {"serve", "--help"},
        {"club", "--help"},
        {"club", "member", "--help"},
        {"club", "member", "add", "--help"},
        {"club", "event", "add", "--help"},
        {"club", "dues", "list", "--help"},
        {"club", "leave", "--help"},
        {"club", "checkin", "--help"},
    };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        const char *args[5] = {commands[i][0], commands[i][1], commands[i][2], commands[i][3],
                               NULL};
        int rc = run_goref(out, sizeof out, err, sizeof err, args);
        if (rc != 0 || !strstr(out, "usage: goref") || !strstr(out, "example:"))
            fail_msg("goref %s %s %s: exit %d, %s", args[0], args[1] ? args[1] : "",
                     args[2] ? args[2] : "", rc, out);
    }
    const char *add[] = {"club", "event", "add", "--help", NULL};
    run_goref(out, sizeof out, err, sizeof err, add);
    assert_non_null(strstr(out, "--cycles N"));
}

static void test_club_bars__a_secretary_s_season(void **state)
{
    (void)state;
    add_members(6);
    /* dues: one paid, the others have no record: all five are listed */
    CLUB("dues", "set", "2026001", "2026-2027", "50", "--paid", "2026-09-10");
    const char *hex[] = {"dues", "set", "2026002", "2026-2027", "0x20", NULL};
    assert_int_equal(club(hex), 2);
    const char *future[] = {"dues", "set",    "2026002",    "2026-2027",
                            "50",   "--paid", "2099-01-01", NULL};
    assert_int_equal(club(future), 2);
    assert_non_null(strstr(err, "--future"));
    CLUB("dues", "list", "--unpaid", "--year", "2026-2027", "--json");
    json_t *j = json_loads(out, 0, NULL);
    assert_non_null(j);
    assert_int_equal(json_array_size(j), 5);
    assert_string_equal(json_string_value(json_object_get(json_array_get(j, 0), "state")),
                        "no record");
    json_decref(j);
    /* the CSV: BOM, names, ranks as 5k */
    CLUB("export", "members", "--out", csv);
    FILE *f = fopen(csv, "rb");
    assert_non_null(f);
    size_t n = fread(out, 1, sizeof out - 1, f);
    out[n] = '\0';
    fclose(f);
    assert_memory_equal(out, "\xEF\xBB\xBF", 3);
    assert_non_null(strstr(out, "棋手1"));
    assert_non_null(strstr(out, ",5k,"));
    assert_non_null(strstr(out, "姓名"));
    /* a leave keeps 棋手1 from being withdrawn; 棋手2, away as long without one, is */
    CLUB("schedule", "set", "wed", "16:30", "--from", "2026-09-01");
    CLUB("schedule", "generate", "2026-09-01", "2026-10-31");
    CLUB("checkin", "2026001", "--at", "2026-09-02T16:30");
    CLUB("checkin", "2026002", "--at", "2026-09-02T16:30");
    CLUB("leave", "2026001", "--from", "2026-09-07", "--to", "2026-09-27", "--reason", "生病");
    CLUB("rules", "apply", "--as-of", "2026-09-27", "--dry-run", "--json");
    j = json_loads(out, 0, NULL);
    assert_non_null(j);
    bool first = false, second = false;
    size_t k;
    json_t *c;
    json_array_foreach(j, k, c)
    {
        const char *name = json_string_value(json_object_get(c, "name"));
        first = first || strcmp(name, "棋手1") == 0;
        second = second || strcmp(name, "棋手2") == 0;
    }
    json_decref(j);
    assert_false(first);
    assert_true(second);
}

/* The pairs of an event's pairings (JSON rows): met[a][b] counts a with Black against b. */
static void pairs_of(int met[8][8], const char *json)
{
    json_t *j = json_loads(json, 0, NULL);
    assert_non_null(j);
    size_t k;
    json_t *row;
    json_array_foreach(j, k, row)
    {
        int b = (int)json_integer_value(json_object_get(row, "black")),
            w = (int)json_integer_value(json_object_get(row, "white"));
        assert_true(b >= 1 && b <= 7 && w >= 1 && w <= 7);
        met[b][w]++;
    }
    json_decref(j);
}

static void test_club_bars__events(void **state)
{
    (void)state;
    add_members(6);
    CLUB("event", "add", "双循环", "--kind", "roundrobin", "--cycles", "2", "--date", "2026-10-01");
    CLUB("event", "enter", "1", "2026001", "2026002", "2026003", "2026004");
    CLUB("event", "pair", "1");
    CLUB("event", "pairings", "1", "--json");
    int met[8][8] = {{0}};
    pairs_of(met, out);
    for (int a = 1; a <= 4; a++)
        for (int b = 1; b <= 4; b++)
            if (a != b && met[a][b] + met[b][a] != 2)
                fail_msg("players %d and %d meet %d times", a, b, met[a][b] + met[b][a]);
    /* --rounds 6 with 4 players and no --cycles: refused at pairing, not one cycle */
    CLUB("event", "add", "含糊", "--kind", "roundrobin", "--rounds", "6", "--date", "2026-10-01");
    CLUB("event", "enter", "2", "2026001", "2026002", "2026003", "2026004");
    const char *pair2[] = {"event", "pair", "2", NULL};
    assert_int_equal(club(pair2), 2);
    assert_non_null(strstr(err, "--cycles 2"));
    /* six players; #6 leaves after two of five rounds: his forfeits change nothing */
    CLUB("event", "add", "单循环", "--kind", "roundrobin", "--date", "2026-10-01");
    CLUB("event", "enter", "3", "2026001", "2026002", "2026003", "2026004", "2026005", "2026006");
    CLUB("event", "pair", "3");
    CLUB("event", "pairings", "3", "--json");
    json_t *games = json_loads(out, 0, NULL);
    assert_non_null(games);
    size_t k;
    json_t *g;
    json_array_foreach(games, k, g)
    {
        int round = (int)json_integer_value(json_object_get(g, "round"));
        int b = (int)json_integer_value(json_object_get(g, "black")),
            w = (int)json_integer_value(json_object_get(g, "white"));
        char id[24];
        snprintf(id, sizeof id, "%lld", (long long)json_integer_value(json_object_get(g, "game")));
        if (round <= 2 || (b != 6 && w != 6))
            CLUB("result", "add", "--game", id, "--winner", b < w ? "B" : "W", "--by", "resign");
    }
    CLUB("event", "withdraw", "3", "2026006", "--after", "2");
    CLUB("event", "standings", "3", "--json");
    static char before[sizeof out];
    memcpy(before, out, sizeof out);
    json_array_foreach(games, k, g)
    {
        int round = (int)json_integer_value(json_object_get(g, "round"));
        int b = (int)json_integer_value(json_object_get(g, "black")),
            w = (int)json_integer_value(json_object_get(g, "white"));
        char id[24];
        snprintf(id, sizeof id, "%lld", (long long)json_integer_value(json_object_get(g, "game")));
        if (round > 2 && (b == 6 || w == 6))
            CLUB("result", "add", "--game", id, "--winner", b == 6 ? "W" : "B", "--by", "forfeit");
    }
    json_decref(games);
    CLUB("event", "standings", "3", "--json");
    assert_string_equal(out, before);
    /* a withdrawn member does not borrow without --force */
    CLUB("member", "status", "2026005", "withdrawn", "--reason", "三周未签到", "--date",
         "2026-10-20");
    CLUB("item", "add", "--name", "19路棋盘", "--kind", "board", "--size", "19", "--count", "3");
    const char *lend[] = {"loan",   "out",   "1",          "2026005", "--approver",
                          "李老师", "--due", "2099-12-31", NULL};
    assert_int_equal(club(lend), 2);
    assert_non_null(strstr(err, "--force"));
    CLUB("loan", "out", "1", "2026005", "--approver", "李老师", "--due", "2099-12-31", "--force");
    assert_non_null(strstr(err, "warning"));
}

/* Mending mistakes: a result changes only with a reason, the log says who, when, what and
 * why, a backup is not overwritten silently, a restore brings the backup back. */
static void test_club_bars__corrections_leave_a_trail(void **state)
{
    (void)state;
    add_members(4);
    CLUB("event", "add", "积分赛", "--kind", "swiss", "--rounds", "3", "--date", "2026-10-01");
    CLUB("event", "enter", "1", "2026001", "2026002", "2026003", "2026004");
    CLUB("event", "pair", "1");
    CLUB("result", "add", "--game", "1", "--winner", "B", "--by", "resign");
    CLUB("result", "add", "--game", "2", "--winner", "B", "--by", "resign");
    CLUB("event", "pair", "1");
    const char *fix[] = {"result", "add", "--game", "1", "--winner", "W", "--by", "resign", NULL};
    assert_int_equal(club(fix), 2);
    assert_non_null(strstr(err, "reason"));
    CLUB("--who", "王老师", "result", "add", "--game", "1", "--winner", "W", "--by", "resign",
         "--reason", "记错黑白");
    assert_non_null(strstr(err, "round 2"));
    CLUB("log", "--what", "result", "--json");
    json_t *j = json_loads(out, 0, NULL);
    assert_non_null(j);
    json_t *last = json_array_get(j, json_array_size(j) - 1);
    assert_string_equal(json_string_value(json_object_get(last, "who")), "王老师");
    assert_string_equal(json_string_value(json_object_get(last, "old")), "B resign");
    assert_string_equal(json_string_value(json_object_get(last, "new")), "W resign");
    assert_string_equal(json_string_value(json_object_get(last, "why")), "记错黑白");
    json_decref(j);
    CLUB("backup", csv);
    const char *again[] = {"backup", csv, NULL};
    assert_int_equal(club(again), 2);
    assert_non_null(strstr(err, "--force"));
    CLUB("member", "add", "--name", "后来者", "--number", "2026099");
    CLUB("restore", csv);
    CLUB("member", "list", "--json");
    j = json_loads(out, 0, NULL);
    assert_int_equal(json_array_size(j), 4);
    json_decref(j);
    const char *bad[] = {"restore", "/nonexistent/backup.db", NULL};
    assert_int_equal(club(bad), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_club_bars__mistakes_refused_and_help_everywhere, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_club_bars__a_secretary_s_season, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_bars__events, setup, teardown),
        cmocka_unit_test_setup_teardown(test_club_bars__corrections_leave_a_trail, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
