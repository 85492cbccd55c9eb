/* bench_club: the club log at the size of a big school club: 2,000 members, five
 * years of weekly activities and check-ins, 50,000 games, a 7-round Swiss of 500 players.
 * Times rules apply, Swiss standings, pairing the next round and one check-in. The generated
 * database is cached in the build folder (bench_club.db); each run works on a fresh copy. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "go/club.h"
#include "go/club_members.h"
#include "go/club_attendance.h"
#include "go/club_games.h"
#include "go/club_events.h"
#include "go/swiss.h"

#define MEMBERS 2000
#define GAMES 50000
#define SWISS_PLAYERS 500
#define SWISS_ROUNDS 7
#define FIRST_DAY "2021-09-01"
#define LAST_DAY "2026-08-31"

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void die(const char *what, int rc)
{
    fprintf(stderr, "bench_club: %s: %s %s\n", what, go_strerror(rc), go_error_last());
    exit(1);
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static int64_t swiss_event = 0;

static void generate(const char *path)
{
    double t0 = now_ms();
    unlink(path);
    go_club *c = NULL;
    int rc, n;
    if ((rc = go_club_open(&c, path)))
        die("open", rc);
    if ((rc = go_club_begin(c)))
        die("begin", rc);
    for (int i = 0; i < MEMBERS; i++) {
        go_member m = {0};
        snprintf(m.number, sizeof m.number, "S%05d", i + 1);
        snprintf(m.name, sizeof m.name, "学生%04d", i + 1);
        snprintf(m.grade, sizeof m.grade, "%d年级%d班", 1 + i % 6, 1 + i % 4);
        snprintf(m.join_date, sizeof m.join_date, "%s", FIRST_DAY);
        m.rank = -25 + (int)(rnd() % 30);
        if (m.rank >= 0)
            m.rank++;
        if ((rc = go_club_member_add(c, &m)))
            die("member", rc);
    }
    if ((rc = go_club_schedule_set(c, 3, "16:30", FIRST_DAY)) ||
        (rc = go_club_schedule_generate(c, &n, FIRST_DAY, LAST_DAY)))
        die("schedule", rc);
    if ((rc = go_club_commit(c)))
        die("commit", rc);
    go_club_free(c);
    double t1 = now_ms();

    /* Check-ins in bulk through SQLite directly: the API path (one prepared lookup per call)
     * is what the check-in timing below measures; here we only need the rows. */
    sqlite3 *db = NULL;
    sqlite3_stmt *acts = NULL, *ins = NULL;
    if (sqlite3_open(path, &db) != SQLITE_OK)
        die("sqlite open", GO_EDB);
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    sqlite3_prepare_v2(db, "SELECT id, date FROM activities ORDER BY date", -1, &acts, NULL);
    sqlite3_prepare_v2(
        db, "INSERT INTO checkins(member_id, activity_id, at, credit) VALUES (?1, ?2, ?3, ?4)", -1,
        &ins, NULL);
    long checkins = 0;
    while (sqlite3_step(acts) == SQLITE_ROW) {
        int64_t a = sqlite3_column_int64(acts, 0);
        char at[17];
        for (int m = 1; m <= MEMBERS; m++) {
            uint32_t r = rnd() % 100;
            if (r < 8) /* absent */
                continue;
            bool late = r < 12;
            snprintf(at, sizeof at, "%.10sT%s", (const char *)sqlite3_column_text(acts, 1),
                     late ? "17:05" : "16:25");
            sqlite3_reset(ins);
            sqlite3_bind_int64(ins, 1, m);
            sqlite3_bind_int64(ins, 2, a);
            sqlite3_bind_text(ins, 3, at, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(ins, 4, late ? 1 : 2);
            if (sqlite3_step(ins) != SQLITE_DONE)
                die("checkin insert", GO_EDB);
            checkins++;
        }
    }
    sqlite3_finalize(acts);
    sqlite3_finalize(ins);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    sqlite3_close(db);
    double t2 = now_ms();

    if ((rc = go_club_open(&c, path)) || (rc = go_club_begin(c)))
        die("reopen", rc);
    for (int g = 0; g < GAMES; g++) {
        go_game_record r = GO_GAME_RECORD_INIT;
        int32_t day;
        go_club_date_parse(&day, FIRST_DAY);
        go_club_date_format(r.date, day + (int32_t)(rnd() % 1800));
        r.black = 1 + rnd() % MEMBERS;
        do
            r.white = 1 + rnd() % MEMBERS;
        while (r.white == r.black);
        uint32_t k = rnd() % 10;
        r.winner = k < 5 ? 'B' : k < 9 ? 'W' : 'D';
        r.by = r.winner == 'D' ? GO_BY_DRAW : k % 2 ? GO_BY_RESIGN : GO_BY_COUNT;
        r.margin_quarters = r.by == GO_BY_COUNT ? 1 + (int)(rnd() % 80) : 0;
        if ((rc = go_club_result_add(c, &r)))
            die("game", rc);
    }
    /* The Swiss: 500 players, 8 rounds planned, 7 played. */
    if ((rc = go_club_event_add(c, &swiss_event, "校际积分编排赛", GO_EVENT_SWISS, SWISS_ROUNDS + 1,
                                "2026-06-01", 0)))
        die("event", rc);
    for (int i = 0; i < SWISS_PLAYERS; i++)
        if ((rc = go_club_event_enter(c, swiss_event, 1 + i * 4, NULL, 0)))
            die("enter", rc);
    if ((rc = go_club_commit(c)))
        die("commit", rc);
    for (int r = 1; r <= SWISS_ROUNDS; r++) {
        int round;
        if ((rc = go_club_begin(c)) || (rc = go_club_event_pair(c, &round, swiss_event)))
            die("pair", rc);
        go_club_table *p = NULL;
        if ((rc = go_club_event_pairings(c, &p, swiss_event, round)))
            die("pairings", rc);
        for (int k = 0; k < p->nrows; k++) {
            if (strcmp(go_club_cell(p, k, 8), "pending") != 0)
                continue;
            go_game_record g = GO_GAME_RECORD_INIT;
            g.id = strtoll(go_club_cell(p, k, 2), NULL, 10);
            uint32_t x = rnd() % 20;
            g.winner = x == 0 ? 'D' : x % 2 ? 'B' : 'W';
            g.by = g.winner == 'D' ? GO_BY_DRAW : GO_BY_RESIGN;
            g.warnings_black = rnd() % 50 == 0;
            if ((rc = go_club_result_add(c, &g)))
                die("swiss result", rc);
        }
        go_club_table_free(p);
        if ((rc = go_club_commit(c)))
            die("commit", rc);
    }
    go_club_free(c);
    printf("generated %s: %d members, %ld check-ins, %d games, Swiss %d x %d rounds"
           " (%.1f s: members %.1f, check-ins %.1f, games and Swiss %.1f)\n",
           path, MEMBERS, checkins, GAMES, SWISS_PLAYERS, SWISS_ROUNDS, (now_ms() - t0) / 1e3,
           (t1 - t0) / 1e3, (t2 - t1) / 1e3, (now_ms() - t2) / 1e3);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

int main(void)
{
    char cache[1024], work[1100];
    snprintf(cache, sizeof cache, "%s/bench_club.db", GOREF_BENCH_DIR);
    snprintf(work, sizeof work, "%s/bench_club_run.db", GOREF_BENCH_DIR);
    go_club *c = NULL;
    int rc;
    if (access(cache, R_OK) != 0) {
        /* generated under another name and renamed when complete: an interrupted run must
         * not leave a partial cache that later runs would time */
        char partial[1100];
        snprintf(partial, sizeof partial, "%s.partial", cache);
        generate(partial);
        if (rename(partial, cache) != 0)
            die("rename cache", GO_EIO);
    } else {
        printf("using cached %s (delete it to regenerate)\n", cache);
    }
    /* a fresh copy per run, so timed writes never change the cache */
    const char *suffixes[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char side[1200];
        snprintf(side, sizeof side, "%s%s", work, suffixes[i]);
        unlink(side);
    }
    if ((rc = go_club_open(&c, cache)) || (rc = go_club_backup(c, work)))
        die("copy", rc);
    go_club_table *ev = NULL;
    if ((rc = go_club_event_list(c, &ev)))
        die("events", rc);
    int64_t event = ev->nrows ? strtoll(go_club_cell(ev, ev->nrows - 1, 0), NULL, 10) : 0;
    go_club_table_free(ev);
    go_club_free(c);
    if ((rc = go_club_open(&c, work)))
        die("open copy", rc);

    enum { REPS = 7 };
    double wall[REPS], cpu[REPS];
    typedef struct row {
        const char *what, *target;
        double limit, wall, cpu;
    } row;
    row rows[8];
    int nrows = 0;
#define TIMED(i, body)                                                                             \
    do {                                                                                           \
        double w0 = now_ms(), c0 = cpu_ms();                                                       \
        body;                                                                                      \
        wall[i] = now_ms() - w0;                                                                   \
        cpu[i] = cpu_ms() - c0;                                                                    \
    } while (0)
#define RECORD(what_, target_, limit_, n_)                                                         \
    rows[nrows++] = (row)                                                                          \
    {                                                                                              \
        what_, target_, limit_, median(wall, n_), median(cpu, n_)                                  \
    }

    /* One check-in, each in its own transaction, at a new activity (before the rules run, so
     * every member is still active). */
    if ((rc = go_club_activity_add(c, NULL, "2026-09-02T16:30", "bench")))
        die("activity", rc);
    for (int i = 0; i < REPS; i++) {
        TIMED(i, rc = go_club_checkin(c, NULL, 1 + i * 97, "2026-09-02T16:40"));
        if (rc)
            die("checkin", rc);
    }
    RECORD("one check-in, own transaction", "< 5", 5, REPS);

    size_t changes = 0;
    for (int i = 0; i < REPS; i++) {
        go_rule_change *chg = NULL;
        TIMED(i, rc = go_club_rules_apply(c, &chg, &changes, "2026-08-31", true));
        if (rc)
            die("rules apply", rc);
        free(chg);
    }
    RECORD("rules apply --dry-run", "< 200", 200, REPS);
    {
        go_rule_change *chg = NULL;
        size_t n2 = 0;
        TIMED(0, rc = go_club_begin(c);
              if (!rc) rc = go_club_rules_apply(c, &chg, &n2, "2026-08-31", false);
              if (!rc) rc = go_club_commit(c));
        if (rc)
            die("rules apply (write)", rc);
        free(chg);
    }
    RECORD("rules apply, writing every change (once)", "< 200", 200, 1);
    size_t nstand = 0;
    for (int i = 0; i < REPS; i++) {
        go_standing *s = NULL;
        TIMED(i, rc = go_club_event_standings(c, &s, &nstand, event));
        if (rc)
            die("standings", rc);
        free(s);
    }
    RECORD("Swiss standings, 500 players x 7 rounds", "< 200", 200, REPS);
    for (int i = 0; i < REPS; i++) {
        /* The Dutch pairing runs a few maximum-weight matchings per score bracket, each on
         * the brackets being paired (about 0.2 s at 500 players, seconds before): every run
         * pairs round 8 afresh and is rolled back. */
        int round = 0;
        TIMED(i, rc = go_club_begin(c); if (!rc) rc = go_club_event_pair(c, &round, event));
        if (rc)
            die("pair", rc);
        go_club_rollback(c);
    }
    RECORD("pair round 8 of that Swiss", "< 200", 200, REPS);
    go_club_free(c);
    /* How the pairing grows with the field: round 8 of simulated Swiss events held in memory
     * (random results, 40% wins each side, 20% draws), without the database. */
    static const int fields[] = {60, 100, 200};
    for (int f = 0; f < 3; f++) {
        int n = fields[f], R = 8;
        go_xtable t = {n, R, calloc((size_t)n * (size_t)R, sizeof(go_xt_game)), 2, 1, 0, NULL};
        if (!t.games)
            die("cross table", GO_ENOMEM);
        for (int k = 0; k < n * R; k++)
            t.games[k] = (go_xt_game){-1, ' ', ' '};
        go_dutch_options opt = GO_DUTCH_OPTIONS_INIT;
        opt.rounds_total = R;
        opt.first_color = 'b';
        for (int r = 0; r < R; r++) {
            go_pairing *p = NULL;
            size_t np = 0;
            int reps = r == R - 1 ? 3 : 1;
            for (int i = 0; i < reps; i++) {
                free(p);
                p = NULL;
                TIMED(i, rc = go_dutch_pair(&p, &np, &t, r, &opt));
                if (rc)
                    die("dutch", rc);
            }
            for (size_t k = 0; k < np; k++) {
                int a = p[k].first, b = p[k].second;
                if (b < 0) {
                    t.games[a * R + r] = (go_xt_game){-1, '-', 'U'};
                    continue;
                }
                uint32_t x = rnd() % 10;
                char ra = x < 4   ? '1'
                          : x < 8 ? '0'
                                  : '=',
                     rb = ra == '1'   ? '0'
                          : ra == '0' ? '1'
                                      : '=';
                t.games[a * R + r] = (go_xt_game){b, 'b', ra};
                t.games[b * R + r] = (go_xt_game){a, 'w', rb};
            }
            free(p);
        }
        static char label[3][64];
        snprintf(label[f], sizeof label[f], "Dutch pairing, %d players, round 8 (memory)", n);
        RECORD(label[f], "-", 1e9, 3);
        free(t.games);
    }

    printf("\n%-46s %9s %9s %8s %5s\n", "operation (median of 7; memory rows of 3)", "wall ms",
           "cpu ms", "target", "");
    for (int i = 0; i < nrows; i++)
        printf("%-46s %9.2f %9.2f %8s %5s\n", rows[i].what, rows[i].wall, rows[i].cpu,
               rows[i].target,
               rows[i].limit >= 1e9           ? ""
               : rows[i].wall < rows[i].limit ? "ok"
               : rows[i].cpu < rows[i].limit  ? "ok*"
                                              : "SLOW");
    printf("\n%zu status changes found by rules apply; %zu players in the standings.\n"
           "ok* = over the target in wall-clock time but not in CPU time: the machine was busy.\n",
           changes, nstand);
    return 0;
}
