/* What the doubtful readings could change: the count again under each other reading of the
 * points a photo left in doubt and of the groups whose suggested status is unsure, one at a
 * time, keeping the readings that change the result. A count is a few microseconds, so every
 * other reading is counted in full rather than estimated. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "go/error.h"
#include "score_int.h"

int go_suggestion_doubtful_groups(go_point *out, const go_dead_suggestion *s)
{
    int n = 0;
    for (int i = 0; i < s->ngroups; i++) {
        const go_group_status *g = &s->groups[i];
        if (!g->benson_alive && g->confidence < GO_SUGGEST_DOUBTFUL_BELOW)
            out[n++] = g->id;
    }
    return n;
}

/* The colour whose area p is in, by the count c: its alive stones, its territory and the
 * opponent's dead stones it took; GO_EMPTY for shared points. */
static go_color area_of(const go_count *c, go_point p)
{
    switch ((go_owner)c->owner[p]) {
    case GO_OWN_BLACK_STONE:
    case GO_OWN_BLACK_AREA:
    case GO_OWN_WHITE_DEAD:
        return GO_BLACK;
    case GO_OWN_WHITE_STONE:
    case GO_OWN_WHITE_AREA:
    case GO_OWN_BLACK_DEAD:
        return GO_WHITE;
    default:
        return GO_EMPTY;
    }
}

/* Every point of the board whose stone is dead, as a list for go_score_count. */
static int dead_list(go_point *out, const go_board *b, const bool *dead)
{
    int size = go_board_size(b), n = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            if (dead[p] && go_board_at(b, p) != GO_EMPTY)
                out[n++] = p;
        }
    return n;
}

static bool same_result(const go_count *a, const go_count *b)
{
    return a->no_game == b->no_game && (a->no_game || a->winner == b->winner);
}

/* Counts the other reading (board b2, dead stones dead2) and keeps it in out when it changes
 * the result of base. */
static int recount(go_alternatives *out, const go_alternative *what, const go_board *b2,
                   const bool *dead2, const go_count *base, const go_count_options *opts)
{
    go_point list[GO_MAX_SIZE * GO_MAX_SIZE];
    go_count c;
    int rc = go_score_count(&c, b2, list, dead_list(list, b2, dead2), opts);
    if (rc)
        return rc;
    out->recounts++;
    if (same_result(base, &c))
        return 0;
    if (out->ndecisive++ >= GO_MAX_DECISIVE)
        return 0;
    go_alternative *a = &out->decisive[out->ndecisive - 1];
    *a = *what;
    a->no_game = c.no_game;
    a->finished = c.finished;
    a->winner = c.winner;
    a->margin_quarters = c.margin_quarters;
    snprintf(a->verdict_zh, sizeof a->verdict_zh, "%s", c.verdict_zh);
    snprintf(a->verdict_en, sizeof a->verdict_en, "%s", c.verdict_en);
    return 0;
}

/* The dead stones after p is read as other: the rest keep their status (see score.h). */
static void dead_after(bool *dead2, const go_board *b2, const bool *dead, const go_count *base,
                       go_point p, go_color other)
{
    memcpy(dead2, dead, sizeof(bool) * GO_POINTS);
    dead2[p] = false;
    if (other == GO_EMPTY)
        return;
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    int n = go_board_group(b2, p, stones, GO_MAX_SIZE * GO_MAX_SIZE);
    int others = 0, others_dead = 0;
    for (int i = 0; i < n; i++)
        if (stones[i] != p) {
            others++;
            others_dead += dead[stones[i]];
        }
    bool p_dead = others > 0 ? others_dead == others : area_of(base, p) == go_color_other(other);
    /* Joined to alive stones, the dead stones it touches are alive with them. */
    for (int i = 0; i < n; i++)
        dead2[stones[i]] = p_dead;
}

static int check_point(const go_board *b, go_point p)
{
    if (p == GO_PASS || !go_board_on(b, p))
        return go_error_set(GO_EINVAL, "doubtful point %d is not on the %dx%d board", (int)p,
                            go_board_size(b), go_board_size(b));
    return 0;
}

int go_score_alternatives(go_alternatives *out, const go_board *b, const go_point *dead, int ndead,
                          const go_point *points, int npoints, const go_point *groups, int ngroups,
                          const go_count_options *opts)
{
    memset(out, 0, offsetof(go_alternatives, decisive));
    bool is_dead[GO_POINTS] = {false}, dead2[GO_POINTS], seen[GO_POINTS] = {false};
    go_point stones[GO_MAX_SIZE * GO_MAX_SIZE];
    go_count base;
    int rc = go_score_count(&base, b, dead, ndead, opts);
    if (rc)
        return rc;
    for (int i = 0; i < npoints; i++)
        if ((rc = check_point(b, points[i])) != 0)
            return rc;
    for (int i = 0; i < ngroups; i++) {
        if ((rc = check_point(b, groups[i])) != 0)
            return rc;
        if (go_board_at(b, groups[i]) == GO_EMPTY)
            return go_error_set(GO_EINVAL, "doubtful group point %d has no stone", (int)groups[i]);
    }
    for (go_point p = 0; p < GO_POINTS; p++)
        is_dead[p] = base.owner[p] == GO_OWN_BLACK_DEAD || base.owner[p] == GO_OWN_WHITE_DEAD;

    for (int i = 0; i < npoints; i++) {
        go_point p = points[i];
        if (seen[p])
            continue;
        seen[p] = true;
        out->points++;
        go_color read = go_board_at(b, p);
        static const go_color colors[] = {GO_EMPTY, GO_BLACK, GO_WHITE};
        for (int k = 0; k < 3; k++) {
            if (colors[k] == read)
                continue;
            go_board b2 = *b;
            if (go_board_place(&b2, colors[k], p) != 0) {
                out->impossible++;
                continue;
            }
            dead_after(dead2, &b2, is_dead, &base, p, colors[k]);
            go_alternative what = {.kind = GO_ALT_POINT, .at = p, .read = read, .other = colors[k]};
            if ((rc = recount(out, &what, &b2, dead2, &base, opts)) != 0)
                return rc;
        }
    }

    memset(seen, 0, sizeof seen);
    for (int i = 0; i < ngroups; i++) {
        go_point id = go_board_group_id(b, groups[i]);
        if (seen[id])
            continue;
        seen[id] = true;
        out->groups++;
        memcpy(dead2, is_dead, sizeof dead2);
        int n = go_board_group(b, groups[i], stones, GO_MAX_SIZE * GO_MAX_SIZE);
        bool was_dead = is_dead[groups[i]];
        for (int k = 0; k < n; k++)
            dead2[stones[k]] = !was_dead;
        go_alternative what = {.kind = GO_ALT_GROUP,
                               .at = groups[i],
                               .color = go_board_at(b, groups[i]),
                               .stones = n,
                               .dead = was_dead};
        if ((rc = recount(out, &what, b, dead2, &base, opts)) != 0)
            return rc;
    }
    return 0;
}

void go_count_warn_decisive(go_count *c, const go_alternatives *a)
{
    if (a->ndecisive == 0 || c->nwarnings >= GO_COUNT_MAX_WARNINGS)
        return;
    /* The distinct places, in the order of the readings. */
    go_point places[GO_MAX_DECISIVE];
    int nplaces = 0, shown = a->ndecisive < GO_MAX_DECISIVE ? a->ndecisive : GO_MAX_DECISIVE;
    for (int i = 0; i < shown; i++) {
        bool again = false;
        for (int k = 0; k < nplaces && !again; k++)
            again = places[k] == a->decisive[i].at;
        if (!again)
            places[nplaces++] = a->decisive[i].at;
    }
    go_count_warning *w = &c->warnings[c->nwarnings++];
    snprintf(w->code, sizeof w->code, "decisive_points");
    bool more = a->ndecisive > shown;
    int zh = snprintf(w->message_zh, sizeof w->message_zh, "%d%s 处存疑可改变胜负，请先核对：",
                      nplaces, more ? "+" : "");
    int en = snprintf(w->message_en, sizeof w->message_en,
                      "%d%s doubtful place%s could change the winner; check first:", nplaces,
                      more ? "+" : "", nplaces == 1 && !more ? "" : "s");
    /* As many names as fit, with room left for the closing mark. */
    for (int i = 0; i < nplaces; i++) {
        char name[8];
        go_point_to_gtp(name, sizeof name, places[i], c->size);
        size_t len = strlen(name) + 1;
        bool last = i == nplaces - 1;
        size_t tail = last ? 0 : 4; /* " …" in UTF-8 */
        if ((size_t)zh + len + tail >= sizeof w->message_zh ||
            (size_t)en + len + tail >= sizeof w->message_en) {
            snprintf(w->message_zh + zh, sizeof w->message_zh - (size_t)zh, " …");
            snprintf(w->message_en + en, sizeof w->message_en - (size_t)en, " …");
            break;
        }
        zh +=
            snprintf(w->message_zh + zh, sizeof w->message_zh - (size_t)zh, i ? " %s" : "%s", name);
        en += snprintf(w->message_en + en, sizeof w->message_en - (size_t)en, " %s", name);
    }
}
