/* Dead-stone suggestion for a finished position: Monte-Carlo ownership from the rules core's
 * light playouts on board copies, overruled by Benson's unconditional life and by a structural
 * seki check. Deterministic for a seed: every playout draws from one go_rng seeded once, on the
 * board turned to its canonical orientation, so the answer does not depend on how the board
 * was turned or mirrored. */
#include <string.h>

#include "score_int.h"

static const int dir4[4] = {-GO_STRIDE, 1, GO_STRIDE, -1};

/* A structural seki whose liberties the group's colour owns in fewer than this share of the
 * playouts is a dead group that happens to look like a seki (per mille). */
#define SEKI_FLOOR 250
/* Groups whose status the playouts gave with at most this confidence (per mille) are checked
 * as close races; a status settled by the shape rather than the playouts (a close race, a
 * stone inside a dead enemy group) gets STRUCTURE_CONFIDENCE. */
#define RACE_UNSURE 650
#define STRUCTURE_CONFIDENCE 800
/* Alive groups below this confidence get a second look once the dead are lifted, and are
 * dead when the opponent then owns their liberties in more than 55% of the playouts (a
 * clear majority: the second look uses half the playouts and must not flip a live group on
 * noise; 500 instead of 450 turned g0004's live corner dead). */
#define SECOND_LOOK_BELOW 650
#define SECOND_LOOK_DEAD 450
/* On a board with open borders, a dead group in a closed enclosure is suggested only when the
 * playouts are at least this sure (per mille); the unsure ones wait for the game's end. */
#define WAIT_UNSURE 650

/* Groups the playouts judged with less confidence than this (per mille) are read locally
 * (score_read_group), within READ_NODES nodes each. */
#define READ_UNSURE 800
/* A group a local reading finds alive or dead depending on who plays first. */
#define CRITICAL_CONFIDENCE 510
#define READ_NODES 2000
/* Nodes for all the readings of one position: bounds the time on a board full of them. */
#define READ_BUDGET 20000

/* Playouts when the caller leaves it to us: sized so a 19x19 stays well inside 100 ms. */
static int auto_playouts(int size)
{
    if (size <= 9)
        return 2000;
    if (size <= 13)
        return 1400;
    return 1000;
}

/* Owner of p at the end of a playout: its stone, or the colour of all its neighbours (the
 * playout stops when only single-point eyes are left), or nobody (seki liberties, dame). */
static go_color final_owner(const go_board *b, go_point p)
{
    go_color c = go_board_at(b, p);
    if (c != GO_EMPTY)
        return c;
    int seen = 0;
    for (int d = 0; d < 4; d++) {
        go_color n = go_board_at(b, p + dir4[d]);
        if (n == GO_BLACK || n == GO_WHITE)
            seen |= n;
    }
    return seen == GO_BLACK ? GO_BLACK : seen == GO_WHITE ? GO_WHITE : GO_EMPTY;
}

/* Distinct liberties of the group at p, written to libs (at most max); returns the count. */
static int group_liberties(const go_board *b, go_point p, go_point *libs, int max, go_point *buf)
{
    int n = go_board_group(b, p, buf, GO_MAX_SIZE * GO_MAX_SIZE), count = 0;
    for (int k = 0; k < n; k++)
        for (int d = 0; d < 4; d++) {
            go_point q = buf[k] + dir4[d];
            if (go_board_at(b, q) != GO_EMPTY)
                continue;
            int dup = 0;
            for (int i = 0; i < count && !dup; i++)
                dup = libs[i] == q;
            if (!dup && count < max)
                libs[count++] = q;
        }
    return count;
}

/* Can c fill q without being left in atari (or by capturing)? Played on a copy: this runs
 * only for the few close races of a position. */
static bool safe_fill(const go_board *b, go_color c, go_point q)
{
    go_board copy = *b;
    int captured = go_board_captures(&copy, c);
    if (go_board_check(&copy, c, q) != 0 || go_board_play(&copy, c, q) != 0)
        return false;
    return go_board_captures(&copy, c) > captured || go_board_liberties(&copy, q) >= 2;
}

#define RACE_MAX_LIBS 8

/* Does c, filling the shared liberty q of its race group (at race), join another string of its
 * colour and come out with more liberties than the race had (nlibs)? Then the race group
 * connects out to a friend and is no group short of liberties: not a close race. */
static bool connects_out(const go_board *b, go_color c, go_point q, go_point race, int nlibs)
{
    bool joins = false;
    for (int d = 0; d < 4 && !joins; d++) {
        go_point r = q + dir4[d];
        joins = go_board_at(b, r) == c && go_board_group_id(b, r) != race;
    }
    if (!joins)
        return false;
    go_board copy = *b;
    if (go_board_check(&copy, c, q) != 0 || go_board_play(&copy, c, q) != 0)
        return false;
    return go_board_liberties(&copy, q) > nlibs;
}

/* A close race between a Black and a White group whose liberties are all shared (neither has
 * an eye or an outside liberty, and neither connects out to a friend through one of them).
 * Light playouts split such races about evenly, but they are settled by the shape: when only
 * one colour can fill a shared liberty safely, it wins the race; when both or neither can and
 * two or more liberties are shared, it is a seki (neither side can approach without being
 * captured first). Returns the winner, GO_EMPTY for a seki, or GO_OFFBOARD when the race is
 * not of this kind. */
static go_color settle_race(const go_board *b, go_point black, go_point white, go_point *buf)
{
    go_point bl[RACE_MAX_LIBS + 1], wl[RACE_MAX_LIBS + 1];
    int nb = group_liberties(b, black, bl, RACE_MAX_LIBS + 1, buf);
    int nw = group_liberties(b, white, wl, RACE_MAX_LIBS + 1, buf);
    if (nb != nw || nb < 2 || nb > RACE_MAX_LIBS)
        return GO_OFFBOARD;
    for (int i = 0; i < nb; i++) {
        int common = 0;
        for (int j = 0; j < nw && !common; j++)
            common = bl[i] == wl[j];
        if (!common)
            return GO_OFFBOARD; /* an exclusive liberty: tempo decides, leave it to MC */
    }
    for (int i = 0; i < nb; i++)
        if (connects_out(b, GO_BLACK, bl[i], black, nb) ||
            connects_out(b, GO_WHITE, bl[i], white, nb))
            return GO_OFFBOARD;
    bool black_can = false, white_can = false;
    for (int i = 0; i < nb; i++) {
        black_can |= safe_fill(b, GO_BLACK, bl[i]);
        white_can |= safe_fill(b, GO_WHITE, bl[i]);
    }
    if (black_can && !white_can)
        return GO_BLACK;
    if (white_can && !black_can)
        return GO_WHITE;
    return GO_EMPTY;
}

/* A structural seki the opponent can still approach: a liberty of the group that no enemy
 * seki stone touches (an outside liberty, not one of the shared points) and that the enemy
 * can fill safely. Filling it leaves the group only the shared liberties, and the race is
 * the enemy's (an outside liberty next to the enemy's wall, while the partner's own outside
 * liberty is an eye). */
static bool seki_approachable(const go_board *b, const bool *seki, go_point id, go_point *buf)
{
    go_color them = go_color_other(go_board_at(b, id));
    go_point libs[GO_MAX_SIZE * GO_MAX_SIZE];
    int n = group_liberties(b, id, libs, GO_MAX_SIZE * GO_MAX_SIZE, buf);
    for (int i = 0; i < n; i++) {
        bool shared = false;
        for (int d = 0; d < 4 && !shared; d++) {
            go_point r = libs[i] + dir4[d];
            shared = go_board_at(b, r) == them && seki[r];
        }
        if (!shared && safe_fill(b, them, libs[i]))
            return true;
    }
    return false;
}

/* Drops from seki[] every group that can be approached (seki_approachable) and every group
 * whose partner across a shared liberty can: a seki needs both sides unable to move. */
static void drop_approachable_seki(bool *seki, const go_board *b, go_point *buf)
{
    static _Thread_local bool broken[GO_POINTS];
    static _Thread_local go_point ids[GO_MAX_GROUPS];
    int nids = 0, size = go_board_size(b);
    memset(broken, 0, sizeof broken);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (seki[p] && go_board_group_id(b, p) == p) {
                ids[nids++] = p;
                broken[p] = seki_approachable(b, seki, p, buf);
            }
        }
    bool drop[GO_MAX_GROUPS];
    for (int i = 0; i < nids; i++) {
        go_color them = go_color_other(go_board_at(b, ids[i]));
        go_point libs[GO_MAX_SIZE * GO_MAX_SIZE];
        int n = group_liberties(b, ids[i], libs, GO_MAX_SIZE * GO_MAX_SIZE, buf);
        drop[i] = broken[ids[i]];
        for (int k = 0; k < n && !drop[i]; k++)
            for (int d = 0; d < 4; d++) {
                go_point r = libs[k] + dir4[d];
                if (go_board_at(b, r) == them && seki[r] && broken[go_board_group_id(b, r)])
                    drop[i] = true;
            }
    }
    for (int i = 0; i < nids; i++) {
        if (!drop[i])
            continue;
        int n = go_board_group(b, ids[i], buf, GO_MAX_SIZE * GO_MAX_SIZE);
        for (int k = 0; k < n; k++)
            seki[buf[k]] = false;
    }
}

/* The symmetries of the square that leave a board as it is (the identity at least). */
typedef struct symmetries {
    int n;
    int t[GO_SYMMETRIES];
} symmetries;

/* On a symmetric board, a point's count becomes the mean over the points the board's
 * symmetries map it to: one run of playouts is not symmetric, and corresponding groups must
 * get the same status. */
static void symmetrize(int *owned, const symmetries *sym, int size, const go_point *points,
                       int npoints)
{
    static _Thread_local int mean[GO_POINTS];
    if (sym->n <= 1)
        return;
    for (int i = 0; i < npoints; i++) {
        int sum = 0;
        for (int k = 0; k < sym->n; k++)
            sum += owned[go_point_transform(points[i], size, sym->t[k])];
        mean[points[i]] = sum / sym->n;
    }
    for (int i = 0; i < npoints; i++)
        owned[points[i]] = mean[points[i]];
}

/* Ownership counts at the end of light playouts from b (see final_owner), made symmetric under
 * sym (symmetrize). */
static void run_playouts(int *black_owned, int *white_owned, const go_board *b, go_color to_move,
                         go_rng *rng, int playouts, const go_point *points, int npoints,
                         const symmetries *sym)
{
    int size = go_board_size(b);
    int max_moves = 3 * size * size + 50;
    memset(black_owned, 0, GO_POINTS * sizeof *black_owned);
    memset(white_owned, 0, GO_POINTS * sizeof *white_owned);
    for (int k = 0; k < playouts; k++) {
        go_board copy = *b;
        go_board_playout(&copy, to_move, rng, max_moves);
        for (int i = 0; i < npoints; i++) {
            go_color o = final_owner(&copy, points[i]);
            if (o == GO_BLACK)
                black_owned[points[i]]++;
            else if (o == GO_WHITE)
                white_owned[points[i]]++;
        }
    }
    symmetrize(black_owned, sym, size, points, npoints);
    symmetrize(white_owned, sym, size, points, npoints);
}

/* Per mille of playouts in which the colour of the group at p owned its liberties. */
static int breath_of(const go_board *b, go_point p, const int *black_owned, const int *white_owned,
                     int playouts, go_point *buf)
{
    go_color c = go_board_at(b, p);
    const int *own = c == GO_BLACK ? black_owned : white_owned;
    go_point libs[GO_MAX_SIZE * GO_MAX_SIZE];
    int n = group_liberties(b, p, libs, GO_MAX_SIZE * GO_MAX_SIZE, buf);
    if (n == 0)
        return 0;
    long long kept = 0;
    for (int i = 0; i < n; i++)
        kept += own[libs[i]];
    return (int)(1000LL * kept / ((long long)n * playouts));
}

/* Open borders: the empty regions of col (the board once the dead are lifted) bordered by
 * both colours with a point that touches only one of them (a dame touches both). Marks
 * open[p] on their points and returns how many there are. */
static int find_open_borders(bool *open, const uint8_t *col, int size)
{
    static _Thread_local uint8_t seen[GO_POINTS];
    static _Thread_local go_point region[GO_MAX_SIZE * GO_MAX_SIZE];
    memset(seen, 0, sizeof seen);
    memset(open, 0, GO_POINTS * sizeof *open);
    int total = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point start = go_point_at(x, y);
            if (col[start] != GO_EMPTY || seen[start])
                continue;
            int n = 0, head = 0, borders = 0;
            bool one_sided = false;
            region[n++] = start;
            seen[start] = 1;
            while (head < n) {
                go_point p = region[head++];
                int touches = 0;
                for (int d = 0; d < 4; d++) {
                    go_point q = p + dir4[d];
                    if (col[q] == GO_BLACK || col[q] == GO_WHITE)
                        touches |= col[q];
                    else if (col[q] == GO_EMPTY && !seen[q]) {
                        seen[q] = 1;
                        region[n++] = q;
                    }
                }
                borders |= touches;
                one_sided |= touches != (GO_BLACK | GO_WHITE);
            }
            if (borders != (GO_BLACK | GO_WHITE) || !one_sided)
                continue;
            for (int i = 0; i < n; i++)
                open[region[i]] = true;
            total += n;
        }
    return total;
}

/* Does the dead group at id reach a living stone of its colour through empty points and stones
 * of its colour alone? */
static bool reaches_living_friend(const go_dead_suggestion *out, const go_board *b,
                                  const int16_t *index_of, go_point id)
{
    static _Thread_local uint8_t seen[GO_POINTS];
    static _Thread_local go_point region[GO_MAX_SIZE * GO_MAX_SIZE];
    memset(seen, 0, sizeof seen);
    go_color c = go_board_at(b, id);
    int n = 0, head = 0;
    region[n++] = id;
    seen[id] = 1;
    while (head < n) {
        go_point p = region[head++];
        if (go_board_at(b, p) == c && out->groups[index_of[p]].status != GO_STATUS_DEAD)
            return true;
        for (int d = 0; d < 4; d++) {
            go_point q = p + dir4[d];
            go_color qc = go_board_at(b, q);
            if (seen[q] || (qc != GO_EMPTY && qc != c))
                continue;
            seen[q] = 1;
            region[n++] = q;
        }
    }
    return false;
}

/* On a board with open borders, a group the playouts call dead is suggested dead only when
 * its enclosure is closed (the points it reaches through empty points, its own colour and
 * the enemy's dead stones hold no open border and no living stone of its colour: the living
 * enemy stones around it hold, whatever happens at the borders) and the playouts are sure
 * (WAIT_UNSURE). Other dead groups wait for the game to end (alive for now, waits set).
 * Returns how many groups wait. */
static int wait_for_open_borders(go_dead_suggestion *out, const go_board *b,
                                 const int16_t *index_of, const bool *open, bool one_only,
                                 bool unsure_wait)
{
    /* The least sure dead group whose enclosure is open (one_only), or -1. */
    int least = -1;
    static _Thread_local uint16_t seen[GO_POINTS];
    static _Thread_local go_point region[GO_MAX_SIZE * GO_MAX_SIZE];
    static _Thread_local uint8_t inside[GO_MAX_GROUPS], handled[GO_MAX_GROUPS];
    memset(seen, 0, sizeof seen);
    memset(handled, 0, sizeof(uint8_t) * (size_t)out->ngroups);
    uint16_t mark = 0;
    int waiting = 0;
    for (int i = 0; i < out->ngroups; i++) {
        const go_group_status *g = &out->groups[i];
        if (g->status != GO_STATUS_DEAD || handled[i])
            continue;
        go_color c = g->color;
        int n = 0, head = 0;
        bool closed = true;
        memset(inside, 0, sizeof(uint8_t) * (size_t)out->ngroups);
        mark++;
        region[n++] = g->id;
        seen[g->id] = mark;
        while (head < n) {
            go_point p = region[head++];
            go_color pc = go_board_at(b, p);
            if (pc == GO_EMPTY)
                closed &= !open[p];
            else if (pc == c) {
                inside[index_of[p]] = 1;
                handled[index_of[p]] = 1;
                closed &= out->groups[index_of[p]].status == GO_STATUS_DEAD;
            }
            for (int d = 0; d < 4; d++) {
                go_point q = p + dir4[d];
                go_color qc = go_board_at(b, q);
                if (qc == GO_OFFBOARD || seen[q] == mark)
                    continue;
                if (qc != GO_EMPTY && qc != c && out->groups[index_of[q]].status != GO_STATUS_DEAD)
                    continue; /* a living enemy stone: the wall */
                seen[q] = mark;
                region[n++] = q;
            }
        }
        for (int k = 0; k < out->ngroups; k++) {
            if (!inside[k] || out->groups[k].status != GO_STATUS_DEAD)
                continue;
            if (one_only) {
                if (!closed &&
                    (least < 0 || out->groups[k].confidence < out->groups[least].confidence))
                    least = k;
            } else if (!closed || (unsure_wait && out->groups[k].confidence < WAIT_UNSURE)) {
                out->groups[k].status = GO_STATUS_ALIVE;
                out->groups[k].waits = true;
                out->groups[k].confidence = 500;
                waiting++;
            }
        }
    }
    /* First the groups that reach a living stone of their colour through empty points and
     * their own stones alone: a dead-looking part of a wall, not a stone behind one. */
    int least_direct = -1;
    if (one_only)
        for (int k = 0; k < out->ngroups; k++) {
            const go_group_status *g = &out->groups[k];
            if (g->status != GO_STATUS_DEAD ||
                (least_direct >= 0 && g->confidence >= out->groups[least_direct].confidence) ||
                !reaches_living_friend(out, b, index_of, g->id))
                continue;
            least_direct = k;
        }
    if (least_direct >= 0)
        least = least_direct;
    if (least >= 0) {
        out->groups[least].status = GO_STATUS_ALIVE;
        out->groups[least].waits = true;
        out->groups[least].confidence = 500;
        waiting++;
    }
    return waiting;
}

go_status go_suggestion_status_at(const go_dead_suggestion *s, const go_board *b, go_point p)
{
    if (!go_board_on(b, p) || go_board_at(b, p) == GO_EMPTY)
        return GO_STATUS_ALIVE;
    go_point id = go_board_group_id(b, p);
    for (int i = 0; i < s->ngroups; i++)
        if (s->groups[i].id == id)
            return s->groups[i].status;
    return GO_STATUS_ALIVE;
}

/* out->dead and out->seki: the stones of the groups out->groups calls dead or seki, on b. */
static void list_dead_and_seki(go_dead_suggestion *out, const go_board *b)
{
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    for (int i = 0; i < out->ngroups; i++) {
        const go_group_status *g = &out->groups[i];
        if (g->status == GO_STATUS_ALIVE)
            continue;
        int n = go_board_group(b, g->id, stones, GO_MAX_SIZE * GO_MAX_SIZE);
        for (int k = 0; k < n; k++) {
            if (g->status == GO_STATUS_DEAD)
                out->dead[out->ndead++] = stones[k];
            else
                out->seki[out->nseki++] = stones[k];
        }
    }
}

/* Does turning b by t give b again (stones and ko)? */
static bool board_keeps_symmetry(const go_board *b, int t)
{
    int size = go_board_size(b);
    go_point ko = go_board_ko(b);
    if (ko != GO_NOPOINT && go_point_transform(ko, size, t) != ko)
        return false;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (go_board_at(b, go_point_transform(p, size, t)) != go_board_at(b, p))
                return false;
        }
    return true;
}

/* Capture races the light playouts misread. They answer no atari, so a string short of
 * liberties (RACE_SHORT_LIBS) that connects out to a living friend in one move is captured in
 * many of them (its colour keeps it in fewer than RACE_LOST_BELOW per mille), and the enemy
 * groups around it look alive on liberties they do not have. Such an unsure string is read
 * tactically (score_race_string, the enemy playing first); when it stands, the playouts and
 * the reading disagree: it is connected out (score_race_connect_out) on a copy of the board,
 * half the playouts are run again there, and the unsure groups in question take the status
 * those playouts give where it is clear (the second look's 45% / 55%): the string, the friends
 * it joins, and the enemy block around it (the unsure enemy groups next to it or to its
 * liberties, and those next to their liberties in turn). The strings the playouts lose most
 * often go first (there they are the most wrong); a string whose friend is already in question
 * is left as it is (both sides of one race cannot be connected out). */
#define RACE_SHORT_LIBS 3
#define RACE_LOST_BELOW 700
#define RACE_NODES 400
#define RACE_BUDGET 8000

static bool is_unsure(const go_group_status *g)
{
    return !g->benson_alive && g->status != GO_STATUS_SEKI && g->confidence < READ_UNSURE;
}

/* Is a group of the string at id's colour that the playouts call alive next to the point p? */
static bool living_friend_at(const go_dead_suggestion *out, const go_board *b,
                             const int16_t *index_of, go_point id, go_point p)
{
    go_color c = go_board_at(b, id);
    for (int d = 0; d < 4; d++) {
        go_point q = p + dir4[d];
        if (go_board_at(b, q) == c && go_board_group_id(b, q) != go_board_group_id(b, id) &&
            out->groups[index_of[q]].status == GO_STATUS_ALIVE)
            return true;
    }
    return false;
}

/* Marks in area[] the stones of the unsure enemy groups next to the string at id or to its
 * liberties, and of those next to their liberties in turn (an enemy block linked through
 * empty points it breathes by); returns whether there is any. */
static bool mark_race_area(uint8_t *area, const go_dead_suggestion *out, const go_board *b,
                           const int16_t *index_of, go_point id, go_point *buf)
{
    static _Thread_local uint8_t seen[GO_POINTS];
    static _Thread_local go_point queue[GO_MAX_SIZE * GO_MAX_SIZE];
    memset(seen, 0, sizeof seen);
    go_color them = go_color_other(go_board_at(b, id));
    int n = go_board_group(b, id, queue, GO_MAX_SIZE * GO_MAX_SIZE);
    bool reached = false;
    for (int k = 0; k < n; k++)
        seen[queue[k]] = 1;
    for (int head = 0; head < n; head++) {
        go_point p = queue[head];
        go_color c = go_board_at(b, p);
        for (int d = 0; d < 4; d++) {
            go_point q = p + dir4[d];
            go_color qc = go_board_at(b, q);
            if ((qc != GO_EMPTY && qc != them) || (qc == GO_EMPTY && c == GO_EMPTY) || seen[q])
                continue;
            if (qc == them) {
                if (!is_unsure(&out->groups[index_of[q]]))
                    continue;
                int ns = go_board_group(b, q, buf, GO_MAX_SIZE * GO_MAX_SIZE);
                for (int k = 0; k < ns; k++) {
                    seen[buf[k]] = 1;
                    area[buf[k]] = 1;
                    queue[n++] = buf[k];
                }
                reached = true;
            } else if (qc == GO_EMPTY) {
                seen[q] = 1;
                queue[n++] = q;
            }
        }
    }
    return reached;
}

typedef struct race_candidate {
    go_point id, connect;
    int kept; /* owned_permille: how often the playouts let its colour keep it */
} race_candidate;

static void reread_races(go_dead_suggestion *out, const go_board *b, go_color to_move, go_rng *rng,
                         int playouts, const go_point *points, int npoints, const symmetries *sym,
                         const int16_t *index_of)
{
    static _Thread_local go_board secured;
    static _Thread_local uint8_t area[GO_POINTS], probe[GO_POINTS];
    static _Thread_local int black2[GO_POINTS], white2[GO_POINTS];
    static _Thread_local race_candidate cand[GO_MAX_GROUPS];
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    int ncand = 0;
    for (int i = 0; i < out->ngroups; i++) {
        const go_group_status *g = &out->groups[i];
        if (!is_unsure(g) || g->owned_permille >= RACE_LOST_BELOW ||
            go_board_liberties(b, g->id) > RACE_SHORT_LIBS)
            continue;
        go_point connect = score_race_connect_out(b, g->id);
        if (connect == GO_NOPOINT || !living_friend_at(out, b, index_of, g->id, connect))
            continue;
        race_candidate *c = &cand[ncand++];
        c->id = g->id;
        c->connect = connect;
        c->kept = g->owned_permille;
        for (int j = ncand - 1; j > 0 && cand[j].kept < cand[j - 1].kept; j--) {
            race_candidate t = cand[j];
            cand[j] = cand[j - 1];
            cand[j - 1] = t;
        }
    }
    if (ncand == 0)
        return;
    int budget = RACE_BUDGET, nsecured = 0;
    secured = *b;
    memset(area, 0, sizeof area);
    for (int k = 0; k < ncand && budget > 0; k++) {
        const race_candidate *c = &cand[k];
        go_group_status *g = &out->groups[index_of[c->id]];
        /* A string whose friend is already in question waits for the stronger side's. */
        bool in_question = area[c->id] != 0;
        for (int d = 0; d < 4 && !in_question; d++)
            in_question = go_board_at(b, c->connect + dir4[d]) == g->color &&
                          area[out->groups[index_of[c->connect + dir4[d]]].id];
        memset(probe, 0, sizeof probe);
        if (in_question || !mark_race_area(probe, out, b, index_of, c->id, stones))
            continue;
        int nodes = 0;
        score_race_result r = score_race_string(b, c->id, go_color_other(g->color),
                                                budget < RACE_NODES ? budget : RACE_NODES, &nodes);
        budget -= nodes;
        if (r != SCORE_RACE_STANDS || go_board_play(&secured, g->color, c->connect) != 0)
            continue;
        for (int p = 0; p < GO_POINTS; p++)
            area[p] |= probe[p];
        /* The string and the friends it joins are judged by the new playouts too. */
        area[c->id] = 1;
        for (int d = 0; d < 4; d++)
            if (go_board_at(b, c->connect + dir4[d]) == g->color)
                area[out->groups[index_of[c->connect + dir4[d]]].id] = 1;
        nsecured++;
    }
    if (nsecured == 0)
        return;
    int second = playouts / 2 > 0 ? playouts / 2 : 1;
    /* Only the symmetries the connecting stones keep: averaging over the others would mix
     * points the copy no longer treats alike. */
    symmetries kept = {0, {0}};
    for (int k = 0; k < sym->n; k++)
        if (board_keeps_symmetry(&secured, sym->t[k]))
            kept.t[kept.n++] = sym->t[k];
    run_playouts(black2, white2, &secured, to_move, rng, second, points, npoints, &kept);
    for (int i = 0; i < out->ngroups; i++) {
        go_group_status *g = &out->groups[i];
        if (!area[g->id] || !is_unsure(g) || go_board_at(&secured, g->id) != g->color)
            continue;
        int breath = breath_of(&secured, g->id, black2, white2, second, stones);
        if (g->status == GO_STATUS_ALIVE && breath < SECOND_LOOK_DEAD) {
            g->status = GO_STATUS_DEAD;
            g->confidence = 1000 - breath;
        } else if (g->status == GO_STATUS_DEAD && breath > 1000 - SECOND_LOOK_DEAD) {
            g->status = GO_STATUS_ALIVE;
            g->confidence = breath;
        }
    }
}

/* Stones in the opponent's eye space or area. An enclosure is the points reached from a group
 * through empty points and stones of its colour; enemy stones are its wall. One of at most
 * SMALL_ENCLOSURE points cannot hold two eyes (the smallest living shape, in a corner, takes
 * eight): the stones inside live only by killing the wall. A larger one (up to LARGE_ENCLOSURE
 * points) is taken up when its stones have at most one eye and the enemy owns its empty points
 * in at least LARGE_THEIRS per mille of the playouts: scattered stones in a settled territory.
 * The light playouts leave such stones near a coin flip when they keep each other going, or
 * when the wall is short of liberties (a lone stone in a corner's eye space), and the wall
 * with them. When the stones inside are dead or unsure (under RACE_UNSURE), the wall is not
 * sure dead nor in seki, and the wall lives clearly once the stones are lifted (the second
 * look's 55%), they are dead and the wall alive. A stone that kills the wall it sits in (on
 * the vital point of an eye space) keeps its liberties in most playouts, is sure, and is not
 * taken up. */
#define SMALL_ENCLOSURE 7
#define LARGE_ENCLOSURE 120
#define LARGE_THEIRS 600
#define ENCLOSURE_WALLS 64

typedef struct enclosure {
    int nwalls;
    int16_t walls[ENCLOSURE_WALLS]; /* group indices */
} enclosure;

/* The enclosures to settle (see above) with something in question (a stone inside not dead, or
 * a dead group in the wall); their stones are marked in lifted[] with the enclosure's number +
 * 1. Returns how many. */
static int find_enclosures(enclosure *found, uint8_t *lifted, const go_dead_suggestion *out,
                           const go_board *b, const int16_t *index_of, const int *black_owned,
                           const int *white_owned, int playouts)
{
    static _Thread_local uint8_t visited[GO_POINTS], seen[GO_POINTS];
    static _Thread_local go_point region[GO_MAX_SIZE * GO_MAX_SIZE];
    int nfound = 0;
    memset(visited, 0, sizeof visited);
    memset(lifted, 0, GO_POINTS * sizeof *lifted);
    for (int i = 0; i < out->ngroups && nfound < 254; i++) {
        const go_group_status *g = &out->groups[i];
        if (visited[g->id])
            continue;
        go_color c = g->color, them = go_color_other(c);
        enclosure *e = &found[nfound];
        memset(seen, 0, sizeof seen);
        int n = 0;
        bool fits = true;
        e->nwalls = 0;
        region[n++] = g->id;
        seen[g->id] = 1;
        for (int head = 0; head < n; head++) {
            go_point p = region[head];
            if (go_board_at(b, p) == c) {
                const go_group_status *h = &out->groups[index_of[p]];
                visited[h->id] = 1;
                fits &= !h->benson_alive && h->status != GO_STATUS_SEKI &&
                        (h->status == GO_STATUS_DEAD || h->confidence < RACE_UNSURE);
            }
            for (int d = 0; d < 4 && fits; d++) {
                go_point q = p + dir4[d];
                go_color qc = go_board_at(b, q);
                if (qc == GO_OFFBOARD || seen[q])
                    continue;
                seen[q] = 1;
                if (qc == them) {
                    int16_t w = index_of[q];
                    const go_group_status *h = &out->groups[w];
                    bool dup = false;
                    for (int k = 0; k < e->nwalls && !dup; k++)
                        dup = e->walls[k] == w;
                    if (dup)
                        continue;
                    fits &= h->status != GO_STATUS_SEKI &&
                            (h->status != GO_STATUS_DEAD || h->confidence < RACE_UNSURE) &&
                            e->nwalls < ENCLOSURE_WALLS;
                    if (fits)
                        e->walls[e->nwalls++] = w;
                } else if (n < LARGE_ENCLOSURE) {
                    region[n++] = q;
                } else {
                    fits = false;
                }
            }
            if (!fits)
                break;
        }
        /* A larger enclosure could hold two eyes: taken up only when its stones have at most
         * one. */
        int eyes = 0, empties = 0;
        long long theirs = 0;
        const int *their_owned = them == GO_BLACK ? black_owned : white_owned;
        for (int k = 0; k < n && n > SMALL_ENCLOSURE; k++) {
            if (go_board_at(b, region[k]) != GO_EMPTY)
                continue;
            empties++;
            theirs += their_owned[region[k]];
            eyes += go_board_is_eye(b, c, region[k]);
        }
        int their_share = empties ? (int)(1000LL * theirs / ((long long)empties * playouts)) : 0;
        fits &= eyes < 2 && (n <= SMALL_ENCLOSURE || their_share >= LARGE_THEIRS);
        /* Nothing to settle when the stones inside are all dead and the wall all alive. */
        bool in_question = false;
        for (int k = 0; k < n && !in_question; k++)
            in_question = go_board_at(b, region[k]) == c &&
                          out->groups[index_of[region[k]]].status != GO_STATUS_DEAD;
        for (int w = 0; w < e->nwalls && !in_question; w++)
            in_question = out->groups[e->walls[w]].status == GO_STATUS_DEAD;
        if (!fits || !in_question || e->nwalls == 0)
            continue;
        nfound++;
        for (int k = 0; k < n; k++)
            if (go_board_at(b, region[k]) == c)
                lifted[region[k]] = (uint8_t)nfound;
    }
    return nfound;
}

/* Lifts the stones of the enclosures (find_enclosures), plays half the playouts
 * again, and where every group of an enclosure's wall then owns its liberties in more than 55%
 * of them (or is Benson-alive), the stones inside are dead and the wall alive. */
static void settle_enclosures(go_dead_suggestion *out, const go_board *b, go_color to_move,
                              const int *black_owned, const int *white_owned, go_rng *rng,
                              int playouts, const go_point *points, int npoints,
                              const symmetries *sym, const int16_t *index_of)
{
    static _Thread_local enclosure found[255];
    static _Thread_local uint8_t lifted[GO_POINTS];
    static _Thread_local go_board cleared;
    static _Thread_local int black3[GO_POINTS], white3[GO_POINTS];
    int nfound =
        find_enclosures(found, lifted, out, b, index_of, black_owned, white_owned, playouts);
    if (nfound == 0)
        return;
    cleared = *b;
    for (int i = 0; i < npoints; i++)
        if (lifted[points[i]])
            go_board_place(&cleared, GO_EMPTY, points[i]);
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    int second = playouts / 2 > 0 ? playouts / 2 : 1;
    run_playouts(black3, white3, &cleared, to_move, rng, second, points, npoints, sym);
    for (int k = 0; k < nfound; k++) {
        const enclosure *e = &found[k];
        int breaths[ENCLOSURE_WALLS];
        bool holds = true;
        for (int w = 0; w < e->nwalls && holds; w++) {
            const go_group_status *h = &out->groups[e->walls[w]];
            breaths[w] = breath_of(&cleared, h->id, black3, white3, second, stones);
            holds = h->benson_alive || breaths[w] > 1000 - SECOND_LOOK_DEAD;
        }
        if (!holds)
            continue;
        for (int i = 0; i < npoints; i++)
            if (lifted[points[i]] == k + 1) {
                go_group_status *g = &out->groups[index_of[points[i]]];
                if (g->status != GO_STATUS_DEAD || g->confidence < STRUCTURE_CONFIDENCE)
                    g->confidence = STRUCTURE_CONFIDENCE;
                g->status = GO_STATUS_DEAD;
            }
        for (int w = 0; w < e->nwalls; w++) {
            go_group_status *h = &out->groups[e->walls[w]];
            if (h->status == GO_STATUS_DEAD) {
                h->status = GO_STATUS_ALIVE;
                h->confidence = breaths[w];
            }
        }
    }
}

/* The suggestion on b as it lies (the board in its canonical orientation, sym its symmetries);
 * opts and to_move are checked by the caller. */
static int suggest_oriented(go_dead_suggestion *out, const go_board *b, go_color to_move,
                            const go_suggest_options *opts, const symmetries *sym)
{
    int size = go_board_size(b);
    int playouts = opts->playouts ? opts->playouts : auto_playouts(size);

    memset(out, 0, sizeof *out);
    out->size = size;
    out->playouts = playouts;

    /* Points of the board, listed once so the playout loop touches only them. */
    go_point points[GO_MAX_SIZE * GO_MAX_SIZE] = {0};
    int npoints = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            points[npoints++] = go_point_at(x, y);

    static _Thread_local int black_owned[GO_POINTS], white_owned[GO_POINTS];
    go_rng rng;
    go_rng_seed(&rng, opts->seed);
    run_playouts(black_owned, white_owned, b, to_move, &rng, playouts, points, npoints, sym);
    for (int i = 0; i < npoints; i++)
        out->black_owned[points[i]] = (int16_t)(1000LL * black_owned[points[i]] / playouts);

    bool benson_black[GO_POINTS], benson_white[GO_POINTS];
    go_score_benson(benson_black, b, GO_BLACK);
    go_score_benson(benson_white, b, GO_WHITE);

    /* Structural seki on the position as it stands (before anything is removed). */
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    uint8_t col[GO_POINTS];
    bool seki_before[GO_POINTS], seki_after[GO_POINTS];
    int rc = score_remove_dead(col, b, NULL, 0);
    if (rc != 0)
        return rc;
    if (score_seki_find(seki_before, col, size) > 0)
        drop_approachable_seki(seki_before, b, stones);

    /* Groups. The decision uses the ownership of the group's liberties: where a group
     * breathes is what the playouts settle most reliably (a dead group inside a large
     * territory keeps its own stones in many light playouts, since both sides play at random
     * around it, but its liberties end up the opponent's). The stones' own share is reported
     * alongside for the confidence. */
    uint8_t done[GO_POINTS];
    uint16_t lib_mark[GO_POINTS];
    memset(done, 0, sizeof done);
    memset(lib_mark, 0, sizeof lib_mark);
    for (int i = 0; i < npoints; i++) {
        go_point p = points[i];
        go_color c = go_board_at(b, p);
        if (c == GO_EMPTY || done[p])
            continue;
        int n = go_board_group(b, p, stones, GO_MAX_SIZE * GO_MAX_SIZE);
        const int *own = c == GO_BLACK ? black_owned : white_owned;
        long long kept = 0, lib_kept = 0;
        int libs = 0;
        uint16_t mark = (uint16_t)(out->ngroups + 1);
        for (int k = 0; k < n; k++) {
            done[stones[k]] = 1;
            kept += own[stones[k]];
            for (int d = 0; d < 4; d++) {
                go_point q = stones[k] + dir4[d];
                if (go_board_at(b, q) == GO_EMPTY && lib_mark[q] != mark) {
                    lib_mark[q] = mark;
                    lib_kept += own[q];
                    libs++;
                }
            }
        }
        go_group_status *g = &out->groups[out->ngroups++];
        g->id = go_board_group_id(b, p);
        g->color = c;
        g->stones = n;
        g->owned_permille = (int)(1000LL * kept / ((long long)n * playouts));
        int breath =
            libs ? (int)(1000LL * lib_kept / ((long long)libs * playouts)) : g->owned_permille;
        g->benson_alive = c == GO_BLACK ? benson_black[p] : benson_white[p];
        if (g->benson_alive) {
            g->status = GO_STATUS_ALIVE;
            g->confidence = 1000;
        } else if (seki_before[p] && breath >= SEKI_FLOOR) {
            /* Random playouts kill seki groups about half of the time (whoever fills a shared
             * liberty first loses), so the structure decides, not the share. */
            g->status = GO_STATUS_SEKI;
            g->confidence = 1000 - (breath > 500 ? breath - 500 : 500 - breath);
        } else if (breath < 500) {
            g->status = GO_STATUS_DEAD;
            g->confidence = 1000 - breath;
        } else {
            g->status = GO_STATUS_ALIVE;
            g->confidence = breath;
        }
    }

    static _Thread_local int16_t index_of[GO_POINTS];
    for (int i = 0; i < out->ngroups; i++) {
        int n = go_board_group(b, out->groups[i].id, stones, GO_MAX_SIZE * GO_MAX_SIZE);
        for (int k = 0; k < n; k++)
            index_of[stones[k]] = (int16_t)i;
    }

    /* Close races the playouts could not split (see settle_race). */
    for (int i = 0; i < out->ngroups; i++) {
        go_group_status *g = &out->groups[i];
        if (g->color != GO_BLACK || g->benson_alive || g->status == GO_STATUS_SEKI ||
            g->confidence > RACE_UNSURE)
            continue;
        go_point libs[RACE_MAX_LIBS + 1];
        int nl = group_liberties(b, g->id, libs, RACE_MAX_LIBS + 1, stones);
        if (nl > RACE_MAX_LIBS)
            continue;
        for (int k = 0; k < nl; k++)
            for (int d = 0; d < 4; d++) {
                go_point r = libs[k] + dir4[d];
                if (go_board_at(b, r) != GO_WHITE)
                    continue;
                go_group_status *h = NULL;
                go_point hid = go_board_group_id(b, r);
                for (int j = 0; j < out->ngroups && !h; j++)
                    if (out->groups[j].id == hid)
                        h = &out->groups[j];
                if (!h || h->benson_alive || h->status == GO_STATUS_SEKI ||
                    h->confidence > RACE_UNSURE)
                    continue;
                go_color winner = settle_race(b, g->id, h->id, stones);
                if (winner == GO_OFFBOARD)
                    continue;
                g->status = winner == GO_EMPTY   ? GO_STATUS_SEKI
                            : winner == GO_BLACK ? GO_STATUS_ALIVE
                                                 : GO_STATUS_DEAD;
                h->status = winner == GO_EMPTY   ? GO_STATUS_SEKI
                            : winner == GO_WHITE ? GO_STATUS_ALIVE
                                                 : GO_STATUS_DEAD;
                /* The shape decides, the playouts were split: say so in the confidence. */
                g->confidence = h->confidence = STRUCTURE_CONFIDENCE;
            }
    }

    reread_races(out, b, to_move, &rng, playouts, points, npoints, sym, index_of);

    /* Second look without the dead. Dead stones near a weak group lend it liberties and
     * connections in the playouts (several dead stones in one territory keep each other
     * going); lifting the groups already judged dead and playing again settles the groups
     * left close to even. Only alive -> dead changes are taken from this pass. */
    int unsure = 0, ndead_first = 0;
    for (int i = 0; i < out->ngroups; i++) {
        const go_group_status *g = &out->groups[i];
        ndead_first += g->status == GO_STATUS_DEAD;
        unsure +=
            g->status == GO_STATUS_ALIVE && !g->benson_alive && g->confidence < SECOND_LOOK_BELOW;
    }
    if (ndead_first > 0 && unsure > 0) {
        static _Thread_local go_board cleared;
        static _Thread_local int black2[GO_POINTS], white2[GO_POINTS];
        cleared = *b;
        for (int i = 0; i < out->ngroups; i++) {
            if (out->groups[i].status != GO_STATUS_DEAD)
                continue;
            int n = go_board_group(b, out->groups[i].id, stones, GO_MAX_SIZE * GO_MAX_SIZE);
            for (int k = 0; k < n; k++)
                go_board_place(&cleared, GO_EMPTY, stones[k]);
        }
        /* Half the playouts: only a few groups are in question now. */
        int second = playouts / 2 > 0 ? playouts / 2 : 1;
        run_playouts(black2, white2, &cleared, to_move, &rng, second, points, npoints, sym);
        for (int i = 0; i < out->ngroups; i++) {
            go_group_status *g = &out->groups[i];
            if (g->status != GO_STATUS_ALIVE || g->benson_alive ||
                g->confidence >= SECOND_LOOK_BELOW)
                continue;
            int breath = breath_of(&cleared, g->id, black2, white2, second, stones);
            if (breath < SECOND_LOOK_DEAD) {
                g->status = GO_STATUS_DEAD;
                g->confidence = 1000 - breath;
            }
        }
    }

    /* Stones in eye spaces too small for two eyes, and scattered stones in a settled territory
     * (settle_enclosures). */
    settle_enclosures(out, b, to_move, black_owned, white_owned, &rng, playouts, points, npoints,
                      sym, index_of);

    /* A dead group needs living captors: a group whose every neighbouring enemy group is
     * itself dead sits in its own colour's area once those are lifted (a stone inside a dead
     * enemy group, GNU Go games g0154 E11 and g0282 G10). The playouts often lose it with
     * its dead neighbours. Groups that would revive each other are left as they are. */
    {
        static _Thread_local uint8_t revive[GO_MAX_GROUPS];
        memset(revive, 0, sizeof revive);
        for (int i = 0; i < out->ngroups; i++) {
            if (out->groups[i].status != GO_STATUS_DEAD)
                continue;
            int n = go_board_group(b, out->groups[i].id, stones, GO_MAX_SIZE * GO_MAX_SIZE);
            go_color them = go_color_other(out->groups[i].color);
            int enemies = 0, living = 0;
            for (int k = 0; k < n; k++)
                for (int d = 0; d < 4; d++) {
                    go_point q = stones[k] + dir4[d];
                    if (go_board_at(b, q) != them)
                        continue;
                    enemies++;
                    living += out->groups[index_of[q]].status != GO_STATUS_DEAD;
                }
            if (enemies > 0 && living == 0)
                revive[i] = 1;
        }
        for (int i = 0; i < out->ngroups; i++) {
            if (!revive[i])
                continue;
            int n = go_board_group(b, out->groups[i].id, stones, GO_MAX_SIZE * GO_MAX_SIZE);
            go_color them = go_color_other(out->groups[i].color);
            bool mutual = false;
            for (int k = 0; k < n && !mutual; k++)
                for (int d = 0; d < 4; d++) {
                    go_point q = stones[k] + dir4[d];
                    if (go_board_at(b, q) == them && revive[index_of[q]])
                        mutual = true;
                }
            if (mutual)
                continue;
            out->groups[i].status = GO_STATUS_ALIVE;
            out->groups[i].confidence = STRUCTURE_CONFIDENCE;
        }
    }

    /* Local reading where the playouts are weakest (score_read_group): both sides filling a
     * closed eye space at random make a group with a big eye die in the playouts about as
     * often as one in a tight enclosure escapes. An unsure group whose life is a local
     * question is settled by reading it with the side to move playing first (a finished board
     * is settled by playing on from it, as GNU Go does); when the other side moving first
     * would change it, the group is critical and its status doubtful. */
    int read_budget = READ_BUDGET;
    for (int i = 0; i < out->ngroups && read_budget > 0; i++) {
        go_group_status *g = &out->groups[i];
        if (g->benson_alive || g->status == GO_STATUS_SEKI || g->confidence >= READ_UNSURE)
            continue;
        int nodes = 0;
        score_read_result now = score_read_group(
            b, g->id, to_move, read_budget < READ_NODES ? read_budget : READ_NODES, &nodes);
        read_budget -= nodes;
        if ((now != SCORE_READ_LIVES && now != SCORE_READ_DIES) || read_budget <= 0)
            continue;
        score_read_result other =
            score_read_group(b, g->id, go_color_other(to_move),
                             read_budget < READ_NODES ? read_budget : READ_NODES, &nodes);
        read_budget -= nodes;
        if (other == SCORE_READ_UNKNOWN)
            continue; /* out of budget: leave it to the playouts */
        g->status = now == SCORE_READ_LIVES ? GO_STATUS_ALIVE : GO_STATUS_DEAD;
        g->confidence = other == now ? STRUCTURE_CONFIDENCE : CRITICAL_CONFIDENCE;
    }

    /* Seki that appear once the dead stones are gone (e.g. a group that shares liberties with
     * a neighbour only after a dead stone between them is lifted). */
    go_point dead_now[GO_MAX_SIZE * GO_MAX_SIZE];
    int ndead_now = 0;
    for (int i = 0; i < out->ngroups; i++)
        if (out->groups[i].status == GO_STATUS_DEAD)
            dead_now[ndead_now++] = out->groups[i].id;
    rc = score_remove_dead(col, b, dead_now, ndead_now);
    if (rc != 0)
        return rc;
    if (score_seki_find(seki_after, col, size) > 0)
        for (int i = 0; i < out->ngroups; i++) {
            go_group_status *g = &out->groups[i];
            if (g->status == GO_STATUS_ALIVE && !g->benson_alive && seki_after[g->id]) {
                g->status = GO_STATUS_SEKI;
                g->confidence = 1000 - (g->confidence - 500);
            }
        }

    /* A board with open borders is not finished: only the groups dead whatever the borders
     * do are suggested (see wait_for_open_borders); open_points is counted on the board the
     * suggestion leaves. */
    static _Thread_local bool open[GO_POINTS];
    /* The dead groups whose enclosure reaches an open border wait, the least sure first, one
     * at a time: a group wrongly dead in a wall opens the area behind it, and once it stands
     * again the area may close, with the dead inside it. When borders stay open, every group
     * whose enclosure is open and every unsure dead group waits (wait_for_open_borders). */
    for (int round = 0; round <= out->ngroups; round++) {
        bool last = round == out->ngroups;
        if (find_open_borders(open, col, size) == 0)
            break;
        if (wait_for_open_borders(out, b, index_of, open, !last, last) == 0) {
            if (last)
                break;
            round = out->ngroups - 1; /* no open enclosure left: the unsure wait too */
            continue;
        }
        ndead_now = 0;
        for (int i = 0; i < out->ngroups; i++)
            if (out->groups[i].status == GO_STATUS_DEAD)
                dead_now[ndead_now++] = out->groups[i].id;
        rc = score_remove_dead(col, b, dead_now, ndead_now);
        if (rc != 0)
            return rc;
    }
    out->open_points = find_open_borders(open, col, size);
    for (int i = 0; i < out->ngroups; i++) {
        /* A group that stood up to close the borders is alive on a finished board, and
         * doubtful (confidence 500), not waiting. */
        out->groups[i].waits &= out->open_points > 0;
        out->nwaiting += out->groups[i].waits;
    }

    list_dead_and_seki(out, b);
    return 0;
}

/* The colours of b turned by t, row by row (the order the orientations are compared in), with
 * the turned ko point last. */
static void turned_key(int *key, const go_board *b, int t)
{
    int size = go_board_size(b);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point q = go_point_transform(go_point_at(x, y), size, t);
            key[go_point_y(q) * size + go_point_x(q)] = go_board_at(b, go_point_at(x, y));
        }
    go_point ko = go_board_ko(b);
    key[size * size] = ko == GO_NOPOINT ? -1 : go_point_transform(ko, size, t);
}

/* The canonical orientation of b: the symmetry whose turned board is the smallest, comparing
 * colours (empty < black < white) row by row from the top left, then the ko point; among
 * symmetries that give the same board, the lowest numbered. The symmetries of the turned board
 * itself go to sym. */
static int canonical_symmetry(symmetries *sym, const go_board *b)
{
    static _Thread_local int keys[GO_SYMMETRIES][GO_MAX_SIZE * GO_MAX_SIZE + 1];
    int size = go_board_size(b), nkey = size * size + 1, best = 0;
    for (int t = 0; t < GO_SYMMETRIES; t++) {
        turned_key(keys[t], b, t);
        int k = 0;
        while (k < nkey && keys[t][k] == keys[best][k])
            k++;
        if (k < nkey && keys[t][k] < keys[best][k])
            best = t;
    }
    sym->n = 0;
    static _Thread_local go_board canon, turned;
    go_board_transform(&canon, b, best);
    for (int s = 0; s < GO_SYMMETRIES; s++) {
        go_board_transform(&turned, &canon, s);
        bool same = go_board_ko(&turned) == go_board_ko(&canon);
        for (int y = 0; y < size && same; y++)
            for (int x = 0; x < size && same; x++)
                same = go_board_at(&turned, go_point_at(x, y)) ==
                       go_board_at(&canon, go_point_at(x, y));
        if (same)
            sym->t[sym->n++] = s;
    }
    return best;
}

int go_score_suggest_dead(go_dead_suggestion *out, const go_board *b, go_color to_move,
                          const go_suggest_options *opts)
{
    static const go_suggest_options defaults = GO_SUGGEST_OPTIONS_INIT;
    if (!opts)
        opts = &defaults;
    if (opts->version != GO_SUGGEST_OPTIONS_VERSION)
        return go_error_set(GO_EINVAL, "go_suggest_options version %d (expected %d)", opts->version,
                            GO_SUGGEST_OPTIONS_VERSION);
    if (opts->playouts < 0 || opts->playouts > 1000000)
        return go_error_set(GO_ERANGE, "playouts %d", opts->playouts);
    if (to_move != GO_BLACK && to_move != GO_WHITE)
        to_move = GO_BLACK;

    /* The playouts run on the canonical orientation, rebuilt from the stones alone; every point
     * of the answer is mapped back to b. */
    symmetries sym;
    int t = canonical_symmetry(&sym, b);
    static _Thread_local go_board canon;
    static _Thread_local go_dead_suggestion inner;
    go_board_transform(&canon, b, t);
    int rc = suggest_oriented(&inner, &canon, to_move, opts, &sym);
    if (rc != 0)
        return rc;

    int size = go_board_size(b);
    static _Thread_local int16_t index_of[GO_POINTS];
    for (int i = 0; i < inner.ngroups; i++)
        index_of[inner.groups[i].id] = (int16_t)i;
    memset(out, 0, sizeof *out);
    out->size = inner.size;
    out->playouts = inner.playouts;
    out->open_points = inner.open_points;
    out->nwaiting = inner.nwaiting;
    /* Groups in b's own order (row by row from the top left, each at its first stone), as the
     * suggestion lists them on a board that is already canonical. */
    uint8_t done[GO_POINTS];
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    memset(done, 0, sizeof done);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y), q = go_point_transform(p, size, t);
            out->black_owned[p] = inner.black_owned[q];
            if (go_board_at(b, p) == GO_EMPTY || done[p])
                continue;
            int n = go_board_group(b, p, stones, GO_MAX_SIZE * GO_MAX_SIZE);
            for (int k = 0; k < n; k++)
                done[stones[k]] = 1;
            go_group_status *g = &out->groups[out->ngroups++];
            *g = inner.groups[index_of[go_board_group_id(&canon, q)]];
            g->id = go_board_group_id(b, p);
        }
    list_dead_and_seki(out, b);
    return 0;
}
