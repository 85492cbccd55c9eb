/* TRF, FIDE's tournament report format, in and out: the reader fills a cross table (columns
 * count characters, so a name in Hanzi keeps the columns after it), the writer prints one from
 * plain values, and a file's next round is paired the way bbpPairings --dutch -p does. */
#include <stdlib.h>
#include <string.h>

#include "go/swiss.h"

static int field_int(const char *line, size_t len, size_t from, size_t to, int *out)
{
    /* columns are 1-based inclusive */
    char buf[16];
    size_t k = 0;
    for (size_t c = from; c <= to && c <= len && k < sizeof buf - 1; c++)
        if (line[c - 1] != ' ')
            buf[k++] = line[c - 1];
    buf[k] = '\0';
    if (k == 0) {
        *out = 0;
        return 0;
    }
    char *end;
    long v = strtol(buf, &end, 10);
    if (*end)
        return -1;
    *out = (int)v;
    return 0;
}

/* A TRF line counted in characters: *norm holds one byte per character (a non-ASCII
 * character becomes '?'), byte_of[k] the byte offset in line of character k (k = 0..nchars).
 * Both are malloc'd. Returns the number of characters, or -1 when out of memory. */
static long char_columns(char **norm, size_t **byte_of, const char *line, size_t len)
{
    *norm = malloc(len + 1);
    *byte_of = malloc((len + 2) * sizeof **byte_of);
    if (!*norm || !*byte_of) {
        free(*norm);
        free(*byte_of);
        *norm = NULL;
        *byte_of = NULL;
        return -1;
    }
    size_t n = 0, i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)line[i];
        size_t step = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (i + step > len)
            step = len - i;
        (*byte_of)[n] = i;
        (*norm)[n++] = c < 0x80 ? (char)c : '?';
        i += step;
    }
    (*byte_of)[n] = len;
    (*norm)[n] = '\0';
    return (long)n;
}

int go_trf_read(go_xtable *out, char ***names, const char *text, size_t len)
{
    memset(out, 0, sizeof *out);
    if (names)
        *names = NULL;
    /* First pass: the largest start number and the number of rounds. */
    int maxno = 0, rounds = 0, xxr = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *e = p;
        while (e < end && *e != '\n' && *e != '\r')
            e++;
        size_t l = (size_t)(e - p);
        if (l >= 8 && strncmp(p, "001", 3) == 0) {
            int no;
            if (field_int(p, l, 5, 8, &no) != 0 || no <= 0 || no > 100000)
                return go_error_set(GO_EPARSE, "TRF: bad start number in '%.40s'", p);
            if (no > maxno)
                maxno = no;
            size_t chars = 0; /* the line's length in characters: columns count them */
            for (size_t k = 0; k < l; k++)
                chars += ((unsigned char)p[k] & 0xC0) != 0x80;
            if (chars >= 92) {
                int r = (int)((chars - 92) / 10) + 1;
                if (r > rounds)
                    rounds = r;
            }
        } else if (l >= 5 && (strncmp(p, "XXR", 3) == 0 || strncmp(p, "142", 3) == 0)) {
            field_int(p, l, 5, l, &xxr);
        }
        p = e;
        while (p < end && (*p == '\n' || *p == '\r'))
            p++;
    }
    if (maxno == 0)
        return go_error_set(GO_EPARSE, "TRF: no player (001) line");
    if (xxr > rounds)
        rounds = xxr;
    if (rounds < 1)
        rounds = 1;
    out->nplayers = maxno;
    out->nrounds = rounds;
    out->win = 1;
    out->draw = 0.5;
    out->loss = 0;
    out->games = malloc((size_t)maxno * (size_t)rounds * sizeof *out->games);
    if (!out->games)
        return go_error_set(GO_ENOMEM, "TRF");
    /* A round missing from the line is blank (colour ' '): the pairing reader tells it from
     * an entered "0000 - Z", which takes part in counting the rounds played. */
    for (size_t k = 0; k < (size_t)maxno * (size_t)rounds; k++)
        out->games[k] = (go_xt_game){-1, ' ', ' '};
    if (names) {
        *names = calloc((size_t)maxno + 1, sizeof **names);
        if (!*names) {
            go_xtable_clear(out);
            return go_error_set(GO_ENOMEM, "TRF");
        }
    }
    p = text;
    while (p < end) {
        const char *e = p;
        while (e < end && *e != '\n' && *e != '\r')
            e++;
        size_t raw_len = (size_t)(e - p);
        if (raw_len >= 8 && strncmp(p, "001", 3) == 0) {
            /* Columns are characters: a name in UTF-8 takes 33 characters, not bytes. */
            const char *raw = p;
            char *norm = NULL;
            size_t *byte_of = NULL;
            long nchars = char_columns(&norm, &byte_of, raw, raw_len);
            if (nchars < 0) {
                go_xtable_clear(out);
                return go_error_set(GO_ENOMEM, "TRF");
            }
            const char *line_p = norm;
            size_t l = (size_t)nchars;
            int no = 0;
            field_int(line_p, l, 5, 8, &no);
            if (names && l >= 15) {
                size_t a = 14, b = l < 47 ? l : 47;
                while (b > a && line_p[b - 1] == ' ')
                    b--;
                size_t from = byte_of[a], to = byte_of[b];
                char *nm = malloc(to - from + 1);
                if (nm) {
                    memcpy(nm, raw + from, to - from);
                    nm[to - from] = '\0';
                }
                (*names)[no - 1] = nm;
            }
            free(byte_of);
            for (int r = 0; r < rounds; r++) {
                size_t c0 = 92 + 10 * (size_t)r; /* 1-based column of the opponent field */
                if (c0 > l)
                    break;
                int opp;
                if (field_int(line_p, l, c0, c0 + 3, &opp) != 0 || opp < 0 || opp > maxno) {
                    free(norm);
                    go_xtable_clear(out);
                    return go_error_set(GO_EPARSE, "TRF: player %d round %d: bad opponent", no,
                                        r + 1);
                }
                char color = c0 + 5 <= l ? line_p[c0 + 4] : ' ';
                char res = c0 + 7 <= l ? line_p[c0 + 6] : ' ';
                if (!strchr("10=+-WDLHFUZ ", res) || res == 0) {
                    free(norm);
                    go_xtable_clear(out);
                    return go_error_set(GO_EPARSE, "TRF: player %d round %d: result '%c'", no,
                                        r + 1, res);
                }
                out->games[(size_t)(no - 1) * (size_t)rounds + (size_t)r] =
                    (go_xt_game){opp > 0 ? opp - 1 : -1, color, res};
            }
            free(norm);
        }
        p = e;
        while (p < end && (*p == '\n' || *p == '\r'))
            p++;
    }
    return 0;
}

void go_pairing_write(FILE *out, const go_pairing *pairs, size_t n)
{
    fprintf(out, "%zu\n", n);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%d %d\n", pairs[i].first + 1, pairs[i].second >= 0 ? pairs[i].second + 1 : 0);
}

int go_trf_pair(go_pairing **out, size_t *out_count, const char *text, size_t len)
{
    go_xtable t;
    int rc = go_trf_read(&t, NULL, text, len);
    if (rc)
        return rc;
    /* XXR (JaVaFo) or 142 (TRF-25): the rounds the event will have */
    int xxr = 0;
    for (const char *p = text, *end = text + len; p < end;) {
        const char *e = p;
        while (e < end && *e != '\n' && *e != '\r')
            e++;
        if (e - p > 4 && (strncmp(p, "XXR ", 4) == 0 || strncmp(p, "142 ", 4) == 0)) {
            char buf[16];
            size_t l = (size_t)(e - p - 4) < sizeof buf - 1 ? (size_t)(e - p - 4) : sizeof buf - 1;
            memcpy(buf, p + 4, l);
            buf[l] = '\0';
            char *stop;
            long v = strtol(buf, &stop, 10);
            if (v > 0 && v < 1000)
                xxr = (int)v;
        }
        p = e;
        while (p < end && (*p == '\n' || *p == '\r'))
            p++;
    }
    /* Rounds played, as bbpPairings counts them: every round up to a player's last entry
     * that took part in a pairing, and every round before any later entry (a bye entered
     * ahead for the next round does not make that round played). */
    int played = 0;
    bool *absent = calloc((size_t)t.nplayers + 1, sizeof *absent);
    if (!absent) {
        go_xtable_clear(&t);
        return go_error_set(GO_ENOMEM, "pairing");
    }
    for (int i = 0; i < t.nplayers; i++)
        for (int r = 0; r < t.nrounds; r++) {
            const go_xt_game *g = &t.games[(size_t)i * (size_t)t.nrounds + (size_t)r];
            bool entry = g->opponent >= 0 || g->color == 'w' || g->color == 'b' ||
                         g->color == '-' || (g->result != ' ' && g->result != 0);
            if (!entry)
                continue;
            if (r > played)
                played = r;
            bool took_part = g->opponent >= 0 || g->result == 'U' || g->result == '+';
            if (took_part && r + 1 > played)
                played = r + 1;
        }
    for (int i = 0; i < t.nplayers; i++)
        for (int r = played; r < t.nrounds; r++) {
            const go_xt_game *g = &t.games[(size_t)i * (size_t)t.nrounds + (size_t)r];
            if (g->opponent >= 0 || g->color == '-' || (g->result != ' ' && g->result != 0))
                absent[i] = true; /* already has an entry for the round to pair */
        }
    go_dutch_options opt = GO_DUTCH_OPTIONS_INIT;
    opt.rounds_total = xxr ? xxr : t.nrounds;
    opt.first_color = 'w';
    opt.absent = absent;
    rc = go_dutch_pair(out, out_count, &t, played, &opt);
    free(absent);
    go_xtable_clear(&t);
    return rc;
}

/* Copies s into a fixed-width TRF field (bytes; names are UTF-8 and may be wider). */
static void trf_field(char *line, size_t col, size_t width, const char *s)
{
    size_t n = strlen(s);
    if (n > width) {
        n = width;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(line + col - 1, s, n);
}

/* Writes a field of width characters (UTF-8 text cut at a character boundary, then padded
 * with spaces): TRF columns count characters, so a name in Hanzi keeps the columns after it. */
static void trf_text(FILE *out, const char *s, size_t width)
{
    size_t chars = 0, i = 0;
    while (s && s[i] && chars < width) {
        unsigned char c = (unsigned char)s[i];
        size_t step = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        for (size_t k = 0; k < step && s[i]; k++)
            fputc(s[i++], out);
        chars++;
    }
    for (; chars < width; chars++)
        fputc(' ', out);
}

/* One 001 line: start number, rating, points, rank, then a 10-column block per round. */
static void write_player(FILE *out, char *line, const go_trf_event *ev, const int *start, int i)
{
    const go_xtable *xt = ev->xt;
    const go_trf_player *pl = &ev->players[i];
    int R = xt->nrounds;
    size_t width = 91 + 10 * (size_t)R;
    memset(line, ' ', width);
    line[width] = '\0';
    char buf[48];
    memcpy(line, "001", 3);
    snprintf(buf, sizeof buf, "%4d", pl->start);
    trf_field(line, 5, 4, buf);
    if (pl->rating > 0) {
        snprintf(buf, sizeof buf, "%4d", pl->rating);
        trf_field(line, 49, 4, buf);
    }
    snprintf(buf, sizeof buf, "%4.1f", pl->points);
    trf_field(line, 81, 4, buf);
    snprintf(buf, sizeof buf, "%4d", pl->rank ? pl->rank : pl->start);
    trf_field(line, 86, 4, buf);
    for (int r = 0; r < R; r++) {
        const go_xt_game *g = &xt->games[(size_t)i * (size_t)R + (size_t)r];
        size_t c0 = 92 + 10 * (size_t)r;
        if (g->result == ' ' && g->opponent < 0) {
            /* after a withdrawal: absent, no points (a zero-point bye), so a pairing
             * program reading the file does not pair the player again */
            if (pl->withdrawn_after > 0 && r + 1 > pl->withdrawn_after) {
                trf_field(line, c0, 4, "0000");
                line[c0 + 4] = '-';
                line[c0 + 6] = 'Z';
            }
            continue;
        }
        /* no opponent is written 0000: TRF readers refuse a start number of 0 */
        if (g->opponent >= 0)
            snprintf(buf, sizeof buf, "%4d", start[g->opponent]);
        else
            snprintf(buf, sizeof buf, "0000");
        trf_field(line, c0, 4, buf);
        line[c0 + 4] = g->opponent >= 0 ? g->color : '-';
        line[c0 + 6] = g->result;
    }
    size_t end = width;
    while (end > 0 && line[end - 1] == ' ')
        end--;
    line[end] = '\0';
    /* columns 1-14, the name in 33 characters (columns 15-47), then the rest */
    fprintf(out, "%.14s", line);
    trf_text(out, pl->name, 33);
    fprintf(out, "%s\n", end > 47 ? line + 47 : "");
}

int go_trf_write(FILE *out, const go_trf_event *ev)
{
    const go_xtable *xt = ev->xt;
    int n = xt->nplayers, R = xt->nrounds;
    int *start = calloc((size_t)n + 1, sizeof *start),
        *by_start = calloc((size_t)n + 1, sizeof *by_start);
    char *line = malloc(100 + 10 * (size_t)R + 1);
    int rc = 0;
    if (!start || !by_start || !line) {
        rc = go_error_set(GO_ENOMEM, "TRF");
        goto done;
    }
    for (int i = 0; i < n; i++)
        by_start[i] = -1;
    for (int i = 0; i < n; i++) {
        int s = ev->players[i].start;
        if (s < 1 || s > n || by_start[s - 1] >= 0) {
            rc = go_error_set(GO_EINVAL, "TRF: player %d has start number %d (1..%d, once each)",
                              i + 1, s, n);
            goto done;
        }
        by_start[s - 1] = i;
        start[i] = s;
    }
    fprintf(out, "012 %s\n", ev->name ? ev->name : "");
    if (ev->date && ev->date[0])
        fprintf(out, "042 %s\n", ev->date);
    fprintf(out, "062 %d\n", n);
    fprintf(out, "092 %s\n", ev->system ? ev->system : "");
    fprintf(out, "XXR %d\n", R);
    /* the points of a win and a draw, for pairing checkers (XXS) and for bbpPairings, which
     * checks the points column against them (BBW, BBD) */
    fprintf(out, "XXS W=%g D=%g\n", xt->win, xt->draw);
    fprintf(out, "BBW %4.1f\nBBD %4.1f\n", xt->win, xt->draw);
    for (int k = 0; k < n; k++)
        write_player(out, line, ev, start, by_start[k]);
    /* Team records (013): the team's name, then its players' start numbers by board. */
    for (size_t t = 0; t < ev->nteams; t++) {
        const go_trf_team *team = &ev->teams[t];
        fprintf(out, "013 ");
        trf_text(out, team->name, 32);
        for (int k = 0; k < team->nplayers; k++)
            fprintf(out, "%s%4d", team->board[k] > 1 ? " " : "", team->starts[k]);
        fprintf(out, "\n");
    }
    if (ferror(out))
        rc = go_error_set(GO_EIO, "write error");
done:
    free(start);
    free(by_start);
    free(line);
    return rc;
}
