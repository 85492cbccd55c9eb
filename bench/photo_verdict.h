/* The referee's verdict on photos of boards, for bench_vision: each photo's reading counted
 * with goref's suggested dead stones, against its true position counted the same way. */
#ifndef GO_BENCH_PHOTO_VERDICT_H
#define GO_BENCH_PHOTO_VERDICT_H

#include "go/vision.h"
#include "photo_set.h"

/* What the verdict needs of a reading: the board read and how many points it marks. */
typedef struct {
    int refused;
    int size;
    int marked; /* points the reading marks for a look */
    uint8_t color[GO_MAX_SIZE][GO_MAX_SIZE];
} photo_reading;

/* res's board and marks in *out (res NULL: refused). */
void photo_reading_of(photo_reading *out, const go_vision_result *res);

/* Keeps reading, photo e's, for the next photo_verdict_table. e is the row the table is given;
 * a second reading of one photo replaces the first. */
void photo_verdict_keep(const photo_entry *e, const photo_reading *reading);

/* Prints the verdict table of the readings kept since the last table, by board size and
 * overall, headed by title, then forgets them. root is the photos' folder (for the labels).
 * Komi 7.5 points (3 3/4 stones), no handicap: the labels give neither. */
void photo_verdict_table(const photo_entry *rows, int nrows, const char *root, const char *title);

#endif
