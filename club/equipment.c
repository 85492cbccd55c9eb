/* Equipment (《围棋室管理制度》 and 《棋社管理规定》): the register of items, stock-taking
 * (counted against expected, when each item was last seen), loans approved and recorded, due
 * at the next activity by default, returns with their condition, lost/damaged charged. */
#include <stdlib.h>
#include <string.h>

#include "club_int.h"
#include "stmt.h"

static const char *const kinds[] = {"board", "stones", "clock", "book", "other", NULL};
static const char *const conditions[] = {"good", "worn", "damaged", "lost", NULL};

static int in_list(const char *const *list, const char *s)
{
    for (int i = 0; list[i]; i++)
        if (s && strcmp(s, list[i]) == 0)
            return 1;
    return 0;
}

int go_club_item_add(go_club *club, go_item *item)
{
    int rc;
    if ((rc = check_name("item name", item->name)) != 0)
        return rc;
    if (!in_list(kinds, item->kind))
        return go_error_set(GO_EINVAL, "unknown kind '%.32s' (board, stones, clock, book, other)",
                            item->kind);
    if (strcmp(item->kind, "board") == 0 && item->board_size != 9 && item->board_size != 13 &&
        item->board_size != 19)
        return go_error_set(GO_EINVAL, "a board is 9, 13 or 19 lines, not %d", item->board_size);
    if (item->count < 0 || item->count > 100000)
        return go_error_set(GO_EINVAL, "count %d out of range", item->count);
    if (item->price_fen < 0 || item->price_fen > 100000000)
        return go_error_set(GO_EINVAL, "price out of range");
    if (!item->condition[0])
        snprintf(item->condition, sizeof item->condition, "good");
    if (!in_list(conditions, item->condition) || strcmp(item->condition, "lost") == 0)
        return go_error_set(GO_EINVAL, "unknown condition '%.32s' (good, worn, damaged)",
                            item->condition);
    if ((rc = check_text("location", item->location, 128, false)) != 0)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = db_prepare(club, &st,
                         "INSERT INTO items(name, kind, board_size, count, price_fen, location,"
                         " condition) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")) == 0) {
        sqlite3_bind_text(st, 1, item->name, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, item->kind, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 3, item->board_size);
        sqlite3_bind_int(st, 4, item->count);
        sqlite3_bind_int64(st, 5, item->price_fen);
        bind_text_or_null(st, 6, item->location);
        sqlite3_bind_text(st, 7, item->condition, -1, SQLITE_STATIC);
        if ((rc = db_step_done(club, st, "add item")) == 0)
            item->id = sqlite3_last_insert_rowid(club->db);
    }
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

/* Shared by the listing and stock-taking: how many of an item are out on loan now. */
#define ON_LOAN(item)                                                                              \
    "(SELECT ifnull(sum(l.quantity), 0) FROM loans l WHERE l.item_id = " item                      \
    " AND l.returned_date IS NULL)"

int go_club_item_list(go_club *club, go_club_table **out)
{
    return db_list(
        club, out, "item list",
        "SELECT i.id, i.name, i.kind, i.board_size, i.count, " ON_LOAN(
            "i.id") " AS on_loan, printf('%d.%02d', i.price_fen / 100, i.price_fen % 100)"
                    " AS price, i.location, i.condition, i.last_seen FROM items i ORDER BY i.id",
        NULL);
}

static int item_count(go_club *club, int64_t item, int *count, int *on_loan, int64_t *price)
{
    sqlite3_stmt *st = NULL;
    int rc = db_stmt(
        club, &st, "item count",
        "SELECT i.count, " ON_LOAN("i.id") ", i.price_fen FROM items i WHERE i.id = ?1", "l", item);
    if (rc == 0 && (rc = db_row(club, st, "item count")) == 1) {
        *count = sqlite3_column_int(st, 0);
        *on_loan = sqlite3_column_int(st, 1);
        if (price)
            *price = sqlite3_column_int64(st, 2);
        rc = 0;
    } else if (rc == 0) {
        rc = go_error_set(GO_ENOTFOUND, "no item with id %lld", (long long)item);
    }
    sqlite3_finalize(st);
    return rc;
}

int go_club_stocktake(go_club *club, int64_t item, int counted, const char *date, const char *note)
{
    int rc;
    if ((rc = check_date("date", date)) != 0)
        return rc;
    if (counted < 0 || counted > 100000)
        return go_error_set(GO_EINVAL, "counted %d out of range", counted);
    if ((rc = check_text("note", note, GO_CLUB_TEXT_MAX, false)) != 0)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    int count = 0, on_loan = 0;
    if ((rc = item_count(club, item, &count, &on_loan, NULL)) != 0)
        goto done;
    /* Expected on the stock-take's own date: the register count then (a loss recorded later
     * still belonged to it) minus what was out on that date. */
    if ((rc = db_stmt(club, &st, "stocktake",
                      "SELECT ifnull(sum(CASE WHEN return_condition = 'lost' AND returned_date"
                      " > ?2 THEN quantity ELSE 0 END), 0), ifnull(sum(CASE WHEN out_date <="
                      " ?2 AND (returned_date IS NULL OR returned_date > ?2) THEN quantity ELSE"
                      " 0 END), 0) FROM loans WHERE item_id = ?1",
                      "lD", (int64_t)item, date)) != 0)
        goto done;
    if (sqlite3_step(st) == SQLITE_ROW) {
        count += sqlite3_column_int(st, 0);
        on_loan = sqlite3_column_int(st, 1);
    }
    sqlite3_finalize(st);
    st = NULL;
    if ((rc = db_stmt(club, &st, "stocktake",
                      "INSERT INTO stocktakes(item_id, date, expected, counted, note)"
                      " VALUES (?1, ?2, ?3, ?4, ?5)",
                      "lDiit", (int64_t)item, date, (int)(count - on_loan), (int)counted, note)) !=
        0)
        goto done;
    if ((rc = db_step_done(club, st, "stocktake")) != 0 || counted == 0)
        goto done;
    sqlite3_finalize(st);
    st = NULL;
    rc = db_run(club, "last seen",
                "UPDATE items SET last_seen = max(ifnull(last_seen, ''), ?2) WHERE id = ?1", "lD",
                (int64_t)item, date);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_loan_delete(go_club *club, int64_t loan)
{
    if (!club->reason[0])
        return go_error_set(GO_EINVAL, "give the reason for deleting a loan");
    sqlite3_stmt *st = NULL;
    int rc = tx_begin(club);
    if (rc)
        return rc;
    if ((rc = db_stmt(club, &st, "loan delete",
                      "SELECT member_id, item_id, quantity, out_date, returned_date FROM loans"
                      " WHERE id = ?1",
                      "l", (int64_t)loan)) != 0)
        goto done;
    if (sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_ENOTFOUND, "no loan with id %lld", (long long)loan);
        goto done;
    }
    if (sqlite3_column_type(st, 4) != SQLITE_NULL) {
        rc = go_error_set(GO_ECONFLICT, "loan %lld was returned on %s: a returned loan stays",
                          (long long)loan, (const char *)sqlite3_column_text(st, 4));
        goto done;
    }
    int64_t member = sqlite3_column_int64(st, 0);
    char old[64];
    snprintf(old, sizeof old, "item %lld x%d out %s", (long long)sqlite3_column_int64(st, 1),
             sqlite3_column_int(st, 2), (const char *)sqlite3_column_text(st, 3));
    sqlite3_finalize(st);
    st = NULL;
    if ((rc = db_run(club, "loan", "DELETE FROM loans WHERE id = ?1", "l", (int64_t)loan)) == 0)
        rc = log_change(club, "loan", loan, member, old, NULL, NULL);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_stocktake_report(go_club *club, go_club_table **out)
{
    return db_list(club, out, "stocktake report",
                   "SELECT i.id AS item, i.name, s.date, s.expected, s.counted,"
                   " s.counted - s.expected AS difference, i.last_seen, s.note"
                   " FROM items i LEFT JOIN stocktakes s ON s.id ="
                   " (SELECT id FROM stocktakes WHERE item_id = i.id ORDER BY date DESC, id DESC"
                   " LIMIT 1) ORDER BY (s.counted - s.expected) <> 0 DESC, i.id",
                   NULL);
}

int go_club_loan_out(go_club *club, int64_t *out_id, int64_t item, int quantity, int64_t member,
                     const char *approver, const char *date, const char *due)
{
    int rc;
    if ((rc = check_date("loan date", date)) != 0)
        return rc;
    if (due && *due && (rc = check_date("due date", due)) != 0)
        return rc;
    if (due && *due && strncmp(due, date, 10) < 0)
        return go_error_set(GO_EINVAL, "due date %.10s is before the loan date %.10s", due, date);
    if ((rc = check_name("approver", approver)) != 0)
        return go_error_set(rc, "a loan needs the name of who approved it (管理人员批准)");
    if (quantity < 1)
        return go_error_set(GO_EINVAL, "quantity %d: lend at least one", quantity);
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    go_member m;
    if ((rc = go_club_member_get(club, &m, member)) != 0)
        goto done;
    int count = 0, on_loan = 0;
    if ((rc = item_count(club, item, &count, &on_loan, NULL)) != 0)
        goto done;
    if (count - on_loan < quantity) {
        rc = go_error_set(GO_ECONFLICT, "item %lld: %d available (%d owned, %d on loan), %d asked",
                          (long long)item, count - on_loan, count, on_loan, quantity);
        goto done;
    }
    char due_buf[11] = "";
    if (due && *due) {
        memcpy(due_buf, due, 10);
    } else {
        /* 下次棋社活动时及时归还: due at the next activity. */
        if ((rc = db_stmt(club, &st, "loan out",
                          "SELECT date FROM activities WHERE date > ?1 AND cancelled = 0"
                          " ORDER BY date LIMIT 1",
                          "D", date)) != 0)
            goto done;
        if (sqlite3_step(st) == SQLITE_ROW)
            col_copy(due_buf, sizeof due_buf, st, 0);
        sqlite3_finalize(st);
        st = NULL;
        if (!due_buf[0]) {
            rc = go_error_set(GO_EINVAL, "no activity is planned after %.10s: give a due date",
                              date);
            goto done;
        }
    }
    if ((rc = db_stmt(club, &st, "loan out",
                      "INSERT INTO loans(item_id, quantity, member_id, approver, out_date,"
                      " due_date) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                      "lilsDD", (int64_t)item, (int)quantity, (int64_t)member, approver, date,
                      due_buf)) != 0)
        goto done;
    if ((rc = db_step_done(club, st, "loan")) == 0 && out_id)
        *out_id = sqlite3_last_insert_rowid(club->db);
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_loan_return(go_club *club, int64_t *out_charge_fen, int64_t loan, const char *condition,
                        const char *date)
{
    int rc;
    if ((rc = check_date("return date", date)) != 0)
        return rc;
    if (!in_list(conditions, condition))
        return go_error_set(GO_EINVAL, "unknown condition '%.32s' (good, worn, damaged, lost)",
                            condition ? condition : "");
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    int64_t item = 0, price = 0;
    int quantity = 0, returned = 0;
    char out_date[11] = "";
    if ((rc = db_stmt(club, &st, "loan return",
                      "SELECT l.item_id, l.quantity, l.returned_date IS NOT NULL, l.out_date,"
                      " i.price_fen FROM loans l JOIN items i ON i.id = l.item_id WHERE l.id = ?1",
                      "l", (int64_t)loan)) != 0)
        goto done;
    if (sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_ENOTFOUND, "no loan with id %lld", (long long)loan);
        goto done;
    }
    item = sqlite3_column_int64(st, 0);
    quantity = sqlite3_column_int(st, 1);
    returned = sqlite3_column_int(st, 2);
    col_copy(out_date, sizeof out_date, st, 3);
    price = sqlite3_column_int64(st, 4);
    sqlite3_finalize(st);
    st = NULL;
    if (returned) {
        rc = go_error_set(GO_ECONFLICT, "loan %lld was already returned", (long long)loan);
        goto done;
    }
    if (strncmp(date, out_date, 10) < 0) {
        rc = go_error_set(GO_EINVAL, "return date %.10s is before the loan (%s)", date, out_date);
        goto done;
    }
    /* 遗失、破坏按价赔偿: lost or damaged items are paid for at the item's price. */
    bool lost = strcmp(condition, "lost") == 0;
    int64_t charge = (lost || strcmp(condition, "damaged") == 0) ? price * quantity : 0;
    if ((rc = db_run(club, "return",
                     "UPDATE loans SET returned_date = ?2, return_condition = ?3, charge_fen = ?4"
                     " WHERE id = ?1",
                     "lDsl", (int64_t)loan, date, condition, (int64_t)charge)) != 0)
        goto done;
    if (lost) {
        if ((rc = db_stmt(club, &st, "loan return",
                          "UPDATE items SET count = max(count - ?2, 0) WHERE id = ?1", NULL)) != 0)
            goto done;
    } else {
        if ((rc = db_prepare(
                 club, &st,
                 "UPDATE items SET last_seen = max(ifnull(last_seen, ''), ?3),"
                 " condition = CASE WHEN ?2 = 'damaged' THEN 'damaged' ELSE condition END"
                 " WHERE id = ?1")) != 0)
            goto done;
        sqlite3_bind_text(st, 2, condition, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, date, 10, SQLITE_STATIC);
    }
    sqlite3_bind_int64(st, 1, item);
    if (lost)
        sqlite3_bind_int(st, 2, quantity);
    rc = db_step_done(club, st, "item");
    if (rc == 0 && out_charge_fen)
        *out_charge_fen = charge;
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_loan_list(go_club *club, go_club_table **out, bool open_only)
{
    return db_list(club, out, "loan list",
                   "SELECT l.id, l.item_id AS item, i.name AS item_name, l.quantity,"
                   " l.member_id AS member, m.name AS borrower, l.approver, l.out_date,"
                   " l.due_date, l.returned_date, l.return_condition,"
                   " printf('%d.%02d', l.charge_fen / 100, l.charge_fen % 100) AS charge"
                   " FROM loans l JOIN items i ON i.id = l.item_id"
                   " JOIN members m ON m.id = l.member_id"
                   " WHERE ?1 = 0 OR l.returned_date IS NULL ORDER BY l.id",
                   "i", (int)open_only);
}

int go_club_loan_overdue(go_club *club, go_club_table **out, const char *as_of)
{
    int rc = check_date("as of", as_of);
    if (rc)
        return rc;
    return db_list(club, out, "loan overdue",
                   "SELECT l.id, i.name AS item_name, l.quantity, l.member_id AS member,"
                   " m.name AS borrower, m.contact, l.out_date, l.due_date,"
                   " CAST(julianday(?1) - julianday(l.due_date) AS INTEGER) AS days_late"
                   " FROM loans l JOIN items i ON i.id = l.item_id"
                   " JOIN members m ON m.id = l.member_id"
                   " WHERE l.returned_date IS NULL AND l.due_date < ?1 ORDER BY l.due_date",
                   "D", as_of);
}

int go_club_loan_return_part(go_club *club, int64_t *out_charge_fen, int64_t *out_returned,
                             int64_t loan, int quantity, const char *condition, const char *date)
{
    sqlite3_stmt *st = NULL;
    int rc = tx_begin(club);
    if (rc)
        return rc;
    if ((rc = db_stmt(club, &st, "loan return part",
                      "SELECT quantity, returned_date IS NOT NULL FROM loans WHERE id = ?1", "l",
                      (int64_t)loan)) != 0)
        goto done;
    if (sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_ENOTFOUND, "no loan with id %lld", (long long)loan);
        goto done;
    }
    int out = sqlite3_column_int(st, 0), returned = sqlite3_column_int(st, 1);
    sqlite3_finalize(st);
    st = NULL;
    if (returned) {
        rc = go_error_set(GO_ECONFLICT, "loan %lld was already returned", (long long)loan);
        goto done;
    }
    if (quantity < 1 || quantity > out) {
        rc = go_error_set(GO_EINVAL, "loan %lld has %d out: return 1..%d", (long long)loan, out,
                          out);
        goto done;
    }
    int64_t part = loan;
    if (quantity < out) {
        /* The part that comes back becomes a loan of its own, returned; the rest stays out. */
        if ((rc = db_stmt(club, &st, "loan return part",
                          "INSERT INTO loans(item_id, quantity, member_id, approver, out_date,"
                          " due_date) SELECT item_id, ?2, member_id, approver, out_date,"
                          " due_date FROM loans WHERE id = ?1",
                          "li", (int64_t)loan, (int)quantity)) != 0)
            goto done;
        if ((rc = db_step_done(club, st, "partial return")) != 0)
            goto done;
        part = sqlite3_last_insert_rowid(club->db);
        sqlite3_finalize(st);
        if ((rc = db_stmt(club, &st, "loan return part",
                          "UPDATE loans SET quantity = quantity - ?2 WHERE id = ?1", "li",
                          (int64_t)loan, (int)quantity)) != 0)
            goto done;
        if ((rc = db_step_done(club, st, "partial return")) != 0)
            goto done;
        sqlite3_finalize(st);
        st = NULL;
    }
    rc = go_club_loan_return(club, out_charge_fen, part, condition, date);
    if (rc == 0 && out_returned)
        *out_returned = part;
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_loan_charge_paid(go_club *club, int64_t loan, const char *date)
{
    int rc = check_date("paid on", date);
    if (rc)
        return rc;
    sqlite3_stmt *st = NULL;
    if ((rc = tx_begin(club)) != 0)
        return rc;
    if ((rc = db_stmt(club, &st, "loan charge paid",
                      "SELECT charge_fen, charge_paid_on, member_id, returned_date FROM loans"
                      " WHERE id = ?1",
                      "l", (int64_t)loan)) != 0)
        goto done;
    if (sqlite3_step(st) != SQLITE_ROW) {
        rc = go_error_set(GO_ENOTFOUND, "no loan with id %lld", (long long)loan);
        goto done;
    }
    int64_t charge = sqlite3_column_int64(st, 0), member = sqlite3_column_int64(st, 2);
    if (charge <= 0)
        rc = go_error_set(GO_ECONFLICT, "loan %lld has nothing to pay", (long long)loan);
    else if (sqlite3_column_type(st, 1) != SQLITE_NULL)
        rc = go_error_set(GO_ECONFLICT, "loan %lld was paid on %s", (long long)loan,
                          (const char *)sqlite3_column_text(st, 1));
    else if (strncmp(date, (const char *)sqlite3_column_text(st, 3), 10) < 0)
        rc = go_error_set(GO_EINVAL, "paid on %.10s, before the return (%s)", date,
                          (const char *)sqlite3_column_text(st, 3));
    sqlite3_finalize(st);
    st = NULL;
    if (rc)
        goto done;
    if ((rc = db_stmt(club, &st, "loan charge paid",
                      "UPDATE loans SET charge_paid_on = ?2 WHERE id = ?1", "lD", (int64_t)loan,
                      date)) != 0)
        goto done;
    if ((rc = db_step_done(club, st, "charge paid")) == 0) {
        char paid[48];
        snprintf(paid, sizeof paid, "%lld.%02lld paid %.10s", (long long)(charge / 100),
                 (long long)(charge % 100), date);
        rc = log_change(club, "charge", loan, member, "owed", paid, NULL);
    }
done:
    sqlite3_finalize(st);
    return tx_end(club, rc);
}

int go_club_loan_owed(go_club *club, go_club_table **out)
{
    return db_list(club, out, "loan owed",
                   "SELECT l.id AS loan, l.member_id AS member, m.name, m.contact, i.name AS"
                   " item, l.quantity, l.return_condition, l.returned_date,"
                   " printf('%d.%02d', l.charge_fen / 100, l.charge_fen % 100) AS charge"
                   " FROM loans l JOIN members m ON m.id = l.member_id JOIN items i ON i.id ="
                   " l.item_id WHERE l.charge_fen > 0 AND l.charge_paid_on IS NULL"
                   " ORDER BY l.returned_date, l.id",
                   NULL);
}
