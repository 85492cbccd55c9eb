/* Equipment: items, stock-taking, loans and their returns, charges for damage and loss. */
#ifndef GO_CLUB_EQUIPMENT_H
#define GO_CLUB_EQUIPMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "go/club.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct go_item {
    int64_t id;
    char name[4 * GO_CLUB_NAME_MAX + 1];
    char kind[33];  /* board, stones, clock, book, other */
    int board_size; /* 9, 13, 19 for boards, else 0 */
    int count;
    int64_t price_fen;
    char location[129];
    char condition[33]; /* good, worn, damaged */
} go_item;
int go_club_item_add(go_club *club, go_item *item);
int go_club_item_list(go_club *club, go_club_table **out);
/* Records a count on date: expected = count minus what is on loan. */
int go_club_stocktake(go_club *club, int64_t item, int counted, const char *date, const char *note);
/* The last count of every item, with the difference and when the item was last seen. */
int go_club_stocktake_report(go_club *club, go_club_table **out);
/* due NULL = the next activity after the loan date. */
int go_club_loan_out(go_club *club, int64_t *out_id, int64_t item, int quantity, int64_t member,
                     const char *approver, const char *date, const char *due);
/* condition: "good", "worn", "damaged" or "lost"; damaged/lost are charged at the price. */
int go_club_loan_return(go_club *club, int64_t *out_charge_fen, int64_t loan, const char *condition,
                        const char *date);
int go_club_loan_list(go_club *club, go_club_table **out, bool open_only);
/* Returns quantity of a loan (all or part: the part becomes a loan of its own, returned, whose
 * id is *out_returned; the rest stays out), as go_club_loan_return. */
int go_club_loan_return_part(go_club *club, int64_t *out_charge_fen, int64_t *out_returned,
                             int64_t loan, int quantity, const char *condition, const char *date);
/* The compensation of a loan returned damaged or lost, paid on date (logged). */
int go_club_loan_charge_paid(go_club *club, int64_t loan, const char *date);
/* Compensation owed: loan, member, name, contact, item, quantity, condition, returned,
 * charge (yuan), for every charge not paid. */
int go_club_loan_owed(go_club *club, go_club_table **out);
/* Deletes a loan entered by mistake, not returned (go_club_set_reason first: it is logged). */
int go_club_loan_delete(go_club *club, int64_t loan);
int go_club_loan_overdue(go_club *club, go_club_table **out, const char *as_of);

#ifdef __cplusplus
}
#endif

#endif
