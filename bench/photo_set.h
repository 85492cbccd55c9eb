/* The real photos of ../shared/data/photos as the benchmarks and the training data read them:
 * the manifest's rows, each photo's label, and the folds that keep a group of photos (one
 * physical board, one lamp series) together when something is fitted on some and measured on the
 * others. */
#ifndef GO_BENCH_PHOTO_SET_H
#define GO_BENCH_PHOTO_SET_H

#include <stdint.h>

#include "go/board.h"

#define PHOTO_SET_MAX 512

typedef struct photo_entry {
    char source[128], image[512], board[512], group[160];
    int size;
    int fold; /* 0 .. folds - 1 (photo_set_folds) */
} photo_entry;

/* Reads root/MANIFEST.tsv into rows (at most max), keeping the photos whose image path holds
 * `only` (NULL: all). Returns how many, or -1 when the manifest cannot be read. */
int photo_set_read(photo_entry *rows, int max, const char *root, const char *only);

/* Deals the groups to `folds` folds of about as many photos each: the largest group first,
 * each to the fold with the fewest photos so far (the lower fold on a tie; groups of one size
 * in the order of their names), so that the same manifest always gives the same folds. */
void photo_set_folds(photo_entry *rows, int n, int folds);

/* The photo's label (its .board file) into truth, its size into *size; -1 when unreadable. */
int photo_set_label(const char *root, const photo_entry *e, uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE],
                    int *size);

/* The folds of the leave-group-out figures. */
#define PHOTO_SET_FOLDS 4

#endif
