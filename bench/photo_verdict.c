/* The verdict a referee signs from a photo: for each photo, the reading with goref's suggested
 * dead stones counted against the true position (its label) with goref's suggested dead stones
 * counted, komi 7.5 points. Where the true position is finished (no open border), the winner and
 * the exact margin must match; where it is not, the reading's count must say so (finished
 * false). A refusal counts as wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/dead.h"
#include "go/score.h"
#include "photo_verdict.h"

#define VERDICT_MAX PHOTO_SET_MAX

/* The readings kept since the last table: the row they belong to and the board read. */
static struct kept {
    const photo_entry *row;
    photo_reading reading;
} kept[VERDICT_MAX];
static int nkept;

void photo_reading_of(photo_reading *out, const go_vision_result *res)
{
    memset(out, 0, sizeof *out);
    out->refused = res == NULL;
    if (!res)
        return;
    out->size = res->size;
    out->marked = res->uncertain_count;
    memcpy(out->color, res->color, sizeof out->color);
}

void photo_verdict_keep(const photo_entry *e, const photo_reading *reading)
{
    int slot = 0;
    while (slot < nkept && kept[slot].row != e)
        slot++;
    if (slot == VERDICT_MAX)
        return;
    if (slot == nkept)
        nkept++;
    kept[slot].row = e;
    kept[slot].reading = *reading;
}

/* The board of the points in color (size x size); stones of a group left without liberty are
 * left off, as the reader leaves them off its board. */
static void board_of(go_board *b, const uint8_t *color, int size)
{
    go_board_init(b, size);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            uint8_t c = color[y * GO_MAX_SIZE + x]; /* rows of GO_MAX_SIZE points */
            if (c == GO_BLACK || c == GO_WHITE)
                go_board_place(b, (go_color)c, go_point_at(x, y));
        }
}

/* The count with goref's suggested dead stones, as `goref score` gives it. */
static int count_suggested(go_count *c, const go_board *b)
{
    static go_dead_suggestion s;
    int rc = go_score_suggest_dead(&s, b, GO_BLACK, NULL);
    if (rc != 0)
        return rc;
    return go_score_count(c, b, s.dead, s.ndead, NULL);
}

/* One row of the table: photos, with no game on the true board, finished true positions and
 * what the reading gave on them, the unfinished ones and how often the reading said so. */
typedef struct tally {
    int photos, no_game, finished, winner, margin, refused, open, open_said;
    int plain_wrong; /* finished true positions given a wrong margin with no word of doubt */
} tally;

static void print_tally(const char *name, const tally *t)
{
    char w[48], m[48], o[48];
    snprintf(w, sizeof w, "%d/%d", t->winner, t->finished);
    snprintf(m, sizeof m, "%d/%d", t->margin, t->finished);
    snprintf(o, sizeof o, "%d/%d", t->open_said, t->open);
    printf("| %-8s | %3d | %3d | %3d | %-7s %s | %-7s %s | %3d | %3d | %-7s %s |\n", name,
           t->photos, t->no_game, t->finished, w,
           t->finished == 0           ? "    "
           : t->winner == t->finished ? "met "
                                      : "MISS",
           m,
           t->finished == 0                    ? "    "
           : t->margin * 10 >= t->finished * 9 ? "met "
                                               : "MISS",
           t->refused, t->plain_wrong, o,
           t->open == 0              ? "    "
           : t->open_said == t->open ? "met "
                                     : "MISS");
}

void photo_verdict_table(const photo_entry *rows, int nrows, const char *root, const char *title)
{
    static go_board truth_board, read_board;
    static go_count truth_count, read_count;
    tally by_size[GO_MAX_SIZE + 1], all;
    static char misses[16384];
    misses[0] = '\0';
    memset(by_size, 0, sizeof by_size);
    memset(&all, 0, sizeof all);
    for (int i = 0; i < nrows; i++) {
        const photo_reading *k = NULL;
        for (int j = 0; j < nkept && !k; j++)
            if (kept[j].row == &rows[i])
                k = &kept[j].reading;
        static uint8_t truth[GO_MAX_SIZE][GO_MAX_SIZE];
        int size = 0;
        if (!k || photo_set_label(root, &rows[i], truth, &size) < 0 || size < GO_MIN_SIZE ||
            size > GO_MAX_SIZE)
            continue;
        board_of(&truth_board, &truth[0][0], size);
        if (count_suggested(&truth_count, &truth_board) != 0)
            continue;
        tally *t = &by_size[size];
        t->photos++;
        if (truth_count.no_game) {
            t->no_game++;
            continue;
        }
        int read_ok = !k->refused && k->size == size;
        if (read_ok) {
            board_of(&read_board, &k->color[0][0], size);
            read_ok = count_suggested(&read_count, &read_board) == 0;
        }
        if (truth_count.finished) {
            t->finished++;
            t->refused += k->refused;
            /* The count is the same under the board's symmetries: no alignment is needed. */
            bool winner = false, margin = false;
            if (read_ok && !read_count.no_game) {
                winner = read_count.winner == truth_count.winner;
                margin = read_count.margin_quarters == truth_count.margin_quarters;
            }
            t->winner += winner;
            t->margin += margin;
            /* The worst outcome: a wrong margin on a reading that says the game is finished
             * and marks no point for a look, so nothing asks the referee to stop. */
            t->plain_wrong += read_ok && !margin && read_count.finished && k->marked == 0;
            if (!margin) {
                /* Each miss, with both results and the dead stones each count lifted. */
                char truth_result[16], read_result[16] = "refused";
                go_count_gtp_result(truth_result, sizeof truth_result, &truth_count);
                if (read_ok)
                    go_count_gtp_result(read_result, sizeof read_result, &read_count);
                snprintf(misses + strlen(misses), sizeof misses - strlen(misses),
                         "  %s: true %s, read %s%s, %d points marked (dead stones: true %d, "
                         "read %d)\n",
                         rows[i].image, truth_result, read_result,
                         read_ok && !read_count.finished ? " not finished" : "", k->marked,
                         truth_count.black_dead + truth_count.white_dead,
                         read_ok ? read_count.black_dead + read_count.white_dead : 0);
            }
        } else {
            t->open++;
            /* A refusal gives no verdict to sign: it says nothing wrong, but is no "not
             * finished" either, so it counts against the row like a wrong reading. */
            t->open_said += read_ok && !read_count.finished;
        }
    }
    printf("\nreferee's verdict, %s: each photo's reading and its true position, each counted "
           "with goref's suggested dead stones (komi 7.5 points)\n\n",
           title);
    printf(
        "| size | photos | true position no game | true finished | winner right | exact "
        "margin | refused | wrong with no doubt said | true not finished: read not finished |\n");
    printf("|---|---|---|---|---|---|---|---|---|\n");
    for (int size = GO_MIN_SIZE; size <= GO_MAX_SIZE; size++) {
        const tally *t = &by_size[size];
        if (t->photos == 0)
            continue;
        char name[16];
        snprintf(name, sizeof name, "%dx%d", size, size);
        print_tally(name, t);
        all.photos += t->photos;
        all.no_game += t->no_game;
        all.finished += t->finished;
        all.winner += t->winner;
        all.margin += t->margin;
        all.refused += t->refused;
        all.plain_wrong += t->plain_wrong;
        all.open += t->open;
        all.open_said += t->open_said;
    }
    print_tally("overall", &all);
    if (misses[0])
        printf("finished true positions whose margin the reading misses:\n%s", misses);
    printf("bars: where the true position is finished, the winner right on all and the exact "
           "margin on >= 90%%; where it is not, the reading not finished (a refusal counts as "
           "wrong). Wrong with no doubt said: a wrong margin on a reading that says finished "
           "and marks no point for a look\n");
    nkept = 0;
}
