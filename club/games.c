/* Games and results: who played whom with which colour, handicap and komi, how the game ended
 * (margin in quarter stones from the count, resignation, time, forfeit, draw), the referee,
 * warnings (Article 25: two in one game lose it), the position, count and photo hash. */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "club_int.h"
#include "stmt.h"

static const char *const by_names[] = {"pending", "count",    "resign", "time",
                                       "forfeit", "warnings", "draw",   "bye"};

const char *go_result_by_name(go_result_by by)
{
    return (unsigned)by < 8 ? by_names[by] : "?";
}

int go_result_by_parse(go_result_by *out, const char *text)
{
    for (int i = 0; i < 8; i++)
        if (text && strcmp(text, by_names[i]) == 0) {
            *out = (go_result_by)i;
            return 0;
        }
    return go_error_set(GO_EINVAL,
                        "unknown result kind '%.32s' (count, resign, time, forfeit, draw)",
                        text ? text : "");
}

static int validate(go_game_record *r)
{
    int rc;
    if ((rc = check_date("game date", r->date)) != 0)
        return rc;
    if (r->handicap < 0 || r->handicap > 9 || r->handicap == 1)
        return go_error_set(GO_EINVAL, "handicap %d: 0 or 2..9 stones", r->handicap);
    if (r->komi_quarters < -400 || r->komi_quarters > 400)
        return go_error_set(GO_EINVAL, "komi out of range");
    if (r->finished < -1 || r->finished > 1)
        return go_error_set(GO_EINVAL, "finished: 1, 0 or -1 (unknown)");
    if ((rc = check_text("rules", r->rules, 16, false)) != 0)
        return rc;
    if (r->referee[0] && (rc = check_name("referee", r->referee)) != 0)
        return rc;
    if (r->warnings_black < 0 || r->warnings_black > 9 || r->warnings_white < 0 ||
        r->warnings_white > 9)
        return go_error_set(GO_EINVAL, "warnings: 0..9 per player");
    if ((rc = check_text("position", r->position, 4096, false)) != 0 ||
        (rc = check_text("dead stones", r->dead, 4096, false)) != 0 ||
        (rc = check_text("count", r->count_json, 1 << 20, false)) != 0)
        return rc;
    if (r->photo_sha256[0]) {
        if (strlen(r->photo_sha256) != 64)
            return go_error_set(GO_EINVAL, "photo SHA-256: 64 hex digits");
        for (int i = 0; i < 64; i++) {
            char c = r->photo_sha256[i];
            if (c >= 'A' && c <= 'F')
                r->photo_sha256[i] = (char)(c - 'A' + 'a');
            else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
                return go_error_set(GO_EINVAL, "photo SHA-256: 64 hex digits");
        }
    }
    /* Article 25 section 2: two warnings in one game lose it. */
    bool b_out = r->warnings_black >= 2, w_out = r->warnings_white >= 2;
    if (b_out || w_out) {
        r->winner = b_out && w_out ? 'N' : b_out ? 'W' : 'B';
        r->by = GO_BY_WARNINGS;
        r->margin_quarters = 0;
        return 0;
    }
    switch (r->by) {
    case GO_BY_PENDING:
        r->winner = 0;
        break;
    case GO_BY_DRAW:
        r->winner = 'D';
        r->margin_quarters = 0;
        break;
    case GO_BY_BYE:
        r->winner = 'B';
        break;
    case GO_BY_COUNT:
        if (r->winner == 'D') {
            if (r->margin_quarters != 0)
                return go_error_set(GO_EINVAL, "a drawn count has no margin");
            r->by = GO_BY_DRAW;
            break;
        }
        if (r->margin_quarters <= 0 || r->margin_quarters > 4 * 625)
            return go_error_set(GO_EINVAL, "a win on the count needs a margin above 0 stones");
        /* fall through */
    case GO_BY_RESIGN:
    case GO_BY_TIME:
    case GO_BY_FORFEIT:
    case GO_BY_WARNINGS:
        if (r->winner != 'B' && r->winner != 'W' && !(r->by == GO_BY_FORFEIT && r->winner == 'N'))
            return go_error_set(GO_EINVAL, "say who won: B or W");
        if (r->by != GO_BY_COUNT)
            r->margin_quarters = 0;
        break;
    default:
        return go_error_set(GO_EINVAL, "unknown result kind");
    }
    return 0;
}

/* "B count 2.75", "W resign", "D draw", "pending": a result as the change log keeps it. */
static void result_text(char out[48], char winner, const char *by, int margin_quarters)
{
    if (!by || strcmp(by, "pending") == 0)
        snprintf(out, 48, "pending");
    else if (strcmp(by, "count") == 0)
        snprintf(out, 48, "%c count %g", winner ? winner : '?', margin_quarters / 4.0);
    else
        snprintf(out, 48, "%c %s", winner ? winner : '?', by);
}

int go_club_result_add(go_club *club, go_game_record *rec)
{
    sqlite3_stmt *st = NULL;
    char old[48] = "";
    int rc = tx_begin(club);
    if (rc)
        return rc;
    if (rec->id > 0) {
        /* Entering the result of a paired game: players, event and round come from it. */
        if ((rc = db_stmt(club, &st, "result add",
                          "SELECT black_id, ifnull(white_id, 0), by, event_id, round, board,"
                          " date, ifnull(winner, ''), margin_quarters FROM games WHERE id = ?1",
                          "l", (int64_t)rec->id)) != 0)
            goto done;
        if (sqlite3_step(st) != SQLITE_ROW) {
            rc = go_error_set(GO_ENOTFOUND, "no game with id %lld", (long long)rec->id);
            goto done;
        }
        int64_t b = sqlite3_column_int64(st, 0), w = sqlite3_column_int64(st, 1);
        if ((rec->black && rec->black != b) || (rec->white && rec->white != w)) {
            rc = go_error_set(GO_ECONFLICT, "game %lld was paired %lld (black) - %lld (white)",
                              (long long)rec->id, (long long)b, (long long)w);
            goto done;
        }
        if (w == 0) {
            rc = go_error_set(GO_ECONFLICT, "game %lld is a bye", (long long)rec->id);
            goto done;
        }
        const char *by = (const char *)sqlite3_column_text(st, 2);
        result_text(old, ((const char *)sqlite3_column_text(st, 7))[0], by,
                    sqlite3_column_int(st, 8));
        if (strcmp(old, "pending") != 0 && !club->reason[0]) {
            /* A correction: kept in the change log, with why. */
            rc = go_error_set(GO_ECONFLICT,
                              "game %lld already has a result (%s): give the reason to correct"
                              " it",
                              (long long)rec->id, old);
            goto done;
        }
        rec->black = b;
        rec->white = w;
        rec->event = sqlite3_column_int64(st, 3);
        rec->round = sqlite3_column_int(st, 4);
        rec->board = sqlite3_column_int(st, 5);
        if (!rec->date[0])
            col_copy(rec->date, sizeof rec->date, st, 6);
        sqlite3_finalize(st);
        st = NULL;
    }
    if ((rc = validate(rec)) != 0)
        goto done;
    if (rec->black == rec->white) {
        rc = go_error_set(GO_EINVAL, "a member cannot play against themselves");
        goto done;
    }
    if ((rc = member_exists(club, rec->black)) != 0 ||
        (rec->white && (rc = member_exists(club, rec->white)) != 0))
        goto done;
    if (rec->id > 0)
        rc = db_prepare(club, &st,
                        "UPDATE games SET date = ?1, handicap = ?4, komi_quarters = ?5, rules = ?6,"
                        " winner = ?7, by = ?8, margin_quarters = ?9, referee = ?10,"
                        " warnings_black = ?11, warnings_white = ?12, position = ?13, dead = ?14,"
                        " count_json = ?15, photo_sha256 = ?16, finished = ?21 WHERE id = ?20");
    else
        rc =
            db_prepare(club, &st,
                       "INSERT INTO games(date, black_id, white_id, handicap, komi_quarters, rules,"
                       " winner, by, margin_quarters, referee, warnings_black, warnings_white,"
                       " position, dead, count_json, photo_sha256, event_id, round, board,"
                       " finished)"
                       " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,"
                       " ?16, ?17, ?18, ?19, ?21)");
    if (rc)
        goto done;
    char winner[2] = {rec->winner, 0};
    sqlite3_bind_text(st, 1, rec->date, 10, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, rec->black);
    if (rec->white)
        sqlite3_bind_int64(st, 3, rec->white);
    else
        sqlite3_bind_null(st, 3);
    sqlite3_bind_int(st, 4, rec->handicap);
    sqlite3_bind_int(st, 5, rec->komi_quarters);
    sqlite3_bind_text(st, 6, rec->rules[0] ? rec->rules : "chinese", -1, SQLITE_STATIC);
    bind_text_or_null(st, 7, winner);
    sqlite3_bind_text(st, 8, go_result_by_name(rec->by), -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 9, rec->margin_quarters);
    bind_text_or_null(st, 10, rec->referee);
    sqlite3_bind_int(st, 11, rec->warnings_black);
    sqlite3_bind_int(st, 12, rec->warnings_white);
    bind_text_or_null(st, 13, rec->position);
    bind_text_or_null(st, 14, rec->dead);
    bind_text_or_null(st, 15, rec->count_json);
    bind_text_or_null(st, 16, rec->photo_sha256);
    if (rec->finished >= 0)
        sqlite3_bind_int(st, 21, rec->finished);
    if (rec->id > 0) {
        sqlite3_bind_int64(st, 20, rec->id);
    } else {
        if (rec->event)
            sqlite3_bind_int64(st, 17, rec->event);
        if (rec->round)
            sqlite3_bind_int(st, 18, rec->round);
        if (rec->board)
            sqlite3_bind_int(st, 19, rec->board);
    }
    if ((rc = db_step_done(club, st, "game")) == 0 && rec->id <= 0)
        rec->id = sqlite3_last_insert_rowid(club->db);
    if (rc == 0) {
        char now[48];
        result_text(now, rec->winner, go_result_by_name(rec->by), rec->margin_quarters);
        rc = log_change(club, "result", rec->id, rec->black, old[0] ? old : NULL, now, NULL);
    }
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_game_list(go_club *club, go_club_table **out, int64_t member, int64_t event)
{
    return db_list(club, out, "game list",
                   "SELECT g.id, g.date, g.event_id AS event, g.round, g.board,"
                   " g.black_id AS black, b.name AS black_name, g.white_id AS white,"
                   " w.name AS white_name, g.handicap, g.komi_quarters / 4.0 AS komi,"
                   " g.winner, g.by, g.margin_quarters / 4.0 AS margin, g.referee,"
                   " g.warnings_black, g.warnings_white, g.photo_sha256, g.finished"
                   " FROM games g JOIN members b ON b.id = g.black_id"
                   " LEFT JOIN members w ON w.id = g.white_id"
                   " WHERE (?1 <= 0 OR g.black_id = ?1 OR g.white_id = ?1)"
                   " AND (?2 <= 0 OR g.event_id = ?2) ORDER BY g.date, g.id",
                   "ll", (int64_t)member, (int64_t)event);
}

/* ---- SHA-256 of the photo of the final position (libsodium) ---- */

void go_sha256_hex(char out[65], const void *data, size_t len)
{
    unsigned char h[crypto_hash_sha256_BYTES];
    /* sodium_init is idempotent and thread-safe; the hash needs no randomness, so a failure
     * to initialise (no entropy source) leaves it correct all the same */
    if (sodium_init() < 0)
        memset(h, 0, sizeof h);
    crypto_hash_sha256(h, data, len);
    sodium_bin2hex(out, 65, h, sizeof h);
}
