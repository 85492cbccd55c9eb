/* Internal to rules/: whole-board recomputation used by setup, board text and game replay. */
#ifndef GO_BOARD_INT_H
#define GO_BOARD_INT_H

#include "go/board.h"

/* Recompute groups, liberties, empty list and hash from b->color alone, then refuse
 * (GO_EILLEGAL, detail names the point) a position where a group has no liberty. */
int board_rebuild(go_board *b);

#endif
