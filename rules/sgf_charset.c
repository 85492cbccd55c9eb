/* SGF charsets: find the charset of a record (BOM, CA, UTF-16 without BOM, UTF-8 validity,
 * then a plausibility score over GB18030, Big5, Shift_JIS and Latin-1) and decode the whole
 * record to UTF-8 before it is tokenised, keeping a map back to the original byte offsets.
 * Decoding never fails on content: undecodable bytes become U+FFFD. */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#include "go/error.h"
#include "sgf_int.h"

static const char REPLACEMENT[] = "\xEF\xBF\xBD";

/* Length of the valid UTF-8 sequence at s (n bytes available), 0 when invalid. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    if (c < 0xC2 || c > 0xF4)
        return 0;
    size_t len = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (c == 0xE0 && s[1] < 0xA0)
        return 0; /* overlong */
    if (c == 0xED && s[1] > 0x9F)
        return 0; /* surrogate */
    if (c == 0xF0 && s[1] < 0x90)
        return 0; /* overlong */
    if (c == 0xF4 && s[1] > 0x8F)
        return 0; /* past U+10FFFF */
    return len;
}

bool sgf_utf8_valid(const char *bytes, size_t len, size_t *multibyte_count)
{
    const unsigned char *s = (const unsigned char *)bytes;
    size_t multi = 0;
    for (size_t i = 0; i < len;) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        size_t n = utf8_seq(s + i, len - i);
        if (!n)
            return false;
        multi++;
        i += n;
    }
    if (multibyte_count)
        *multibyte_count = multi;
    return true;
}

/* ---- names ---------------------------------------------------------------------------- */

/* SGF writers spell charsets many ways; map the spellings (upper-cased, without '-', '_',
 * ' ' and '.') to the iconv name of the broadest compatible charset, so that GB2312 text
 * using GBK characters, or Shift_JIS text using Windows extensions, still decodes. */
static const struct {
    const char *key;
    const char *iconv_name;
} ALIASES[] = {
    {"UTF8", "UTF-8"},
    {"UTF16", "UTF-16"},
    {"UTF16LE", "UTF-16LE"},
    {"UTF16BE", "UTF-16BE"},
    {"UNICODE", "UTF-16"},
    {"ASCII", "UTF-8"},
    {"USASCII", "UTF-8"},
    {"GB2312", "GB18030"},
    {"GBK", "GB18030"},
    {"EUCCN", "GB18030"},
    {"CP936", "GB18030"},
    {"GB18030", "GB18030"},
    {"XGBK", "GB18030"},
    {"CHINESE", "GB18030"},
    {"BIG5", "BIG5-HKSCS"},
    {"BIG5HKSCS", "BIG5-HKSCS"},
    {"CP950", "BIG5-HKSCS"},
    {"SHIFTJIS", "CP932"},
    {"SJIS", "CP932"},
    {"MSKANJI", "CP932"},
    {"CP932", "CP932"},
    {"WINDOWS31J", "CP932"},
    {"XSJIS", "CP932"},
    {"EUCJP", "EUC-JP"},
    {"ISO2022JP", "ISO-2022-JP"},
    {"EUCKR", "CP949"},
    {"CP949", "CP949"},
    {"KSC56011987", "CP949"},
    {"UHC", "CP949"},
    {"ISO88591", "CP1252"},
    {"LATIN1", "CP1252"},
    {"L1", "CP1252"},
    {"WINDOWS1252", "CP1252"},
    {"CP1252", "CP1252"},
    {"WINDOWS1251", "CP1251"},
    {"CP1251", "CP1251"},
    {"MACINTOSH", "MACINTOSH"},
    {"MAC", "MACINTOSH"},
    {"MACROMAN", "MACINTOSH"},
};

bool sgf_charset_resolve(char *out, size_t out_size, const char *name)
{
    char key[48];
    size_t k = 0;
    for (const char *p = name; *p; p++) {
        char c = *p;
        if (c == '-' || c == '_' || c == ' ' || c == '.')
            continue;
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        if (k + 1 >= sizeof key)
            return false;
        key[k++] = c;
    }
    key[k] = '\0';
    if (k == 0)
        return false;
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++) {
        if (strcmp(key, ALIASES[i].key) == 0) {
            if (strlen(ALIASES[i].iconv_name) >= out_size)
                return false;
            memcpy(out, ALIASES[i].iconv_name, strlen(ALIASES[i].iconv_name) + 1);
            return true;
        }
    }
    /* Unknown spelling: accept it when iconv knows it as written (ISO-8859-15, KOI8-R...). */
    size_t n = strlen(name);
    if (n >= out_size)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (!(c == '-' || c == '_' || c == '.' || c == ':' || (c >= '0' && c <= '9') ||
              (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
            return false;
    }
    iconv_t cd = iconv_open("UTF-8", name);
    if (cd == (iconv_t)-1)
        return false;
    iconv_close(cd);
    memcpy(out, name, n + 1);
    return true;
}

/* ASCII bytes stand for themselves in the charset (so the SGF punctuation can be copied
 * without asking iconv, and 0x5C stays '\' in Shift_JIS where iconv would say YEN SIGN). */
static bool ascii_compatible(const char *iconv_name)
{
    return strncmp(iconv_name, "UTF-16", 6) != 0 && strncmp(iconv_name, "UTF-32", 6) != 0 &&
           strncmp(iconv_name, "ISO-2022", 8) != 0 && strcmp(iconv_name, "UTF-7") != 0;
}

/* ---- output buffer ------------------------------------------------------------------------ */

typedef struct outbuf {
    char *text;
    uint32_t *map;
    size_t len, cap;
    size_t replacements;
} outbuf;

static int put(outbuf *o, const char *s, size_t n, size_t in_off)
{
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 4096;
        while (cap < o->len + n + 1)
            cap *= 2;
        char *t = realloc(o->text, cap);
        if (!t)
            return go_error_set(GO_ENOMEM, "SGF: out of memory decoding the record");
        o->text = t;
        uint32_t *m = realloc(o->map, cap * sizeof *m);
        if (!m)
            return go_error_set(GO_ENOMEM, "SGF: out of memory decoding the record");
        o->map = m;
        o->cap = cap;
    }
    memcpy(o->text + o->len, s, n);
    for (size_t i = 0; i < n; i++)
        o->map[o->len + i] = (uint32_t)in_off;
    o->len += n;
    return 0;
}

/* UTF-8 with replacement of invalid bytes (a "UTF-8" record cut mid-character by a server). */
static int decode_utf8_lossy(outbuf *o, const unsigned char *in, size_t len, size_t start)
{
    int rc = 0;
    for (size_t i = start; i < len && !rc;) {
        size_t n = utf8_seq(in + i, len - i);
        if (n) {
            rc = put(o, (const char *)in + i, n, i);
            i += n;
        } else {
            rc = put(o, REPLACEMENT, 3, i);
            o->replacements++;
            i++;
        }
    }
    return rc;
}

/* One character at a time through iconv, so that every output byte knows its input offset
 * and a bad sequence costs one U+FFFD and one byte, not the rest of the record. */
static int decode_iconv(outbuf *o, const unsigned char *in, size_t len, size_t start,
                        const char *iconv_name)
{
    iconv_t cd = iconv_open("UTF-8", iconv_name);
    if (cd == (iconv_t)-1)
        return decode_utf8_lossy(o, in, len, start);
    bool fast_ascii = ascii_compatible(iconv_name);
    int rc = 0;
    char tmp[64];
    for (size_t i = start; i < len && !rc;) {
        if (fast_ascii && in[i] < 0x80) {
            size_t j = i;
            while (j < len && in[j] < 0x80)
                j++;
            /* put() maps each byte to its own offset only when called per byte; do that for
             * exact offsets of the SGF punctuation. */
            for (size_t k = i; k < j && !rc; k++)
                rc = put(o, (const char *)in + k, 1, k);
            i = j;
            continue;
        }
        size_t consumed = 0, produced = 0;
        bool ok = false;
        for (size_t n = 1; n <= 8 && i + n <= len; n++) {
            char *ip = (char *)(in + i);
            size_t il = n;
            char *op = tmp;
            size_t ol = sizeof tmp;
            size_t r = iconv(cd, &ip, &il, &op, &ol);
            if (r != (size_t)-1) {
                consumed = n - il;
                produced = (size_t)(op - tmp);
                ok = consumed > 0;
                break;
            }
            if (errno != EINVAL) /* EILSEQ: not a character of this charset */
                break;
        }
        if (ok) {
            if (produced)
                rc = put(o, tmp, produced, i);
            i += consumed;
        } else {
            rc = put(o, REPLACEMENT, 3, i);
            o->replacements++;
            i++;
        }
    }
    iconv_close(cd);
    return rc;
}

/* ---- detection ------------------------------------------------------------------------ */

/* Plausibility scores of the bytes read in one charset. Each character outside ASCII scores
 * by how common its region of the code table is in real text: frequent hanzi/kanji/kana score
 * high, rare extension areas zero, private-use areas and undecodable bytes strongly negative.
 * Reading GBK bytes as Big5 lands half the characters in Big5's rare area and some in holes;
 * Big5 read as GBK lands its commonest characters in GB2312's kana/Greek/private rows; Chinese
 * read as Shift_JIS becomes half-width katakana; CJK read as Latin-1 becomes letters with no
 * Latin letter around them. */
static long score_gb18030(const unsigned char *s, size_t n)
{
    long score = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        unsigned t = i + 1 < n ? s[i + 1] : 0;
        if (c >= 0x81 && c <= 0xFE && ((t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFE))) {
            if (t >= 0xA1 && c >= 0xB0 && c <= 0xD7)
                score += 3;
            else if (t >= 0xA1 && c >= 0xD8 && c <= 0xF7)
                score += 1;
            else if (t >= 0xA1 && c >= 0xA1 && c <= 0xA3)
                score += 1;
            else if (t >= 0xA1 && ((c >= 0xAA && c <= 0xAF) || c >= 0xF8))
                score -= 4;
            i += 2;
        } else if (c >= 0x81 && c <= 0xFE && t >= 0x30 && t <= 0x39 && i + 3 < n &&
                   s[i + 2] >= 0x81 && s[i + 2] <= 0xFE && s[i + 3] >= 0x30 && s[i + 3] <= 0x39) {
            score -= 2;
            i += 4;
        } else {
            score -= 8;
            i++;
        }
    }
    return score;
}

static long score_big5(const unsigned char *s, size_t n)
{
    long score = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        unsigned t = i + 1 < n ? s[i + 1] : 0;
        if (c >= 0x81 && c <= 0xFE && ((t >= 0x40 && t <= 0x7E) || (t >= 0xA1 && t <= 0xFE))) {
            if (c >= 0xA4 && c <= 0xC6)
                score += 3;
            else if (c >= 0xA1 && c <= 0xA3)
                score += 1;
            else if (c >= 0xC9 && c <= 0xF9)
                score += 0;
            else
                score -= 4;
            i += 2;
        } else {
            score -= 8;
            i++;
        }
    }
    return score;
}

static long score_sjis(const unsigned char *s, size_t n)
{
    long score = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xA1 && c <= 0xDF) { /* half-width katakana: rare in modern text */
            score -= 1;
            i++;
            continue;
        }
        unsigned t = i + 1 < n ? s[i + 1] : 0;
        bool lead = (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC);
        if (lead && ((t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFC))) {
            if (c == 0x82 || c == 0x83)
                score += 3;
            else if (c == 0x81)
                score += 1;
            else if (c >= 0x88 && c <= 0x98)
                score += 2;
            else if (c >= 0xF0 && c <= 0xF9)
                score -= 4;
            i += 2;
        } else {
            score -= 8;
            i++;
        }
    }
    return score;
}

static bool ascii_letter(unsigned c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static long score_latin1(const unsigned char *s, size_t n)
{
    long score = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned c = s[i];
        if (c < 0x80)
            continue;
        if (c == 0x81 || c == 0x8D || c == 0x8F || c == 0x90 || c == 0x9D) {
            score -= 8;
        } else if (c >= 0xC0 && c != 0xD7 && c != 0xF7) {
            unsigned prev = i ? s[i - 1] : 0, next = i + 1 < n ? s[i + 1] : 0;
            if (ascii_letter(prev) || ascii_letter(next))
                score += 1;
        }
    }
    return score;
}

static long score_utf8(const unsigned char *s, size_t n)
{
    long score = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        size_t len = utf8_seq(s + i, n - i);
        if (len) {
            score += 3;
            i += len;
        } else {
            score -= 8;
            i++;
        }
    }
    return score;
}

/* Score of bytes read in one of the candidate charsets; false for another charset. */
static bool score_of(const char *iconv_name, const unsigned char *s, size_t n, long *out)
{
    if (strcmp(iconv_name, "UTF-8") == 0)
        *out = score_utf8(s, n);
    else if (strcmp(iconv_name, "GB18030") == 0)
        *out = score_gb18030(s, n);
    else if (strcmp(iconv_name, "BIG5-HKSCS") == 0)
        *out = score_big5(s, n);
    else if (strcmp(iconv_name, "CP932") == 0)
        *out = score_sjis(s, n);
    else if (strcmp(iconv_name, "CP1252") == 0)
        *out = score_latin1(s, n);
    else
        return false;
    return true;
}

const char *sgf_charset_guess(const char *bytes, size_t len)
{
    const unsigned char *s = (const unsigned char *)bytes;
    /* Ties go to Latin-1, the SGF default, then in the order of cand[] below. */
    const char *best = "CP1252";
    long best_score = score_latin1(s, len);
    struct {
        const char *name;
        long score;
    } cand[] = {
        {"GB18030", score_gb18030(s, len)},
        {"BIG5-HKSCS", score_big5(s, len)},
        {"CP932", score_sjis(s, len)},
        {"UTF-8", score_utf8(s, len)},
    };
    for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++) {
        if (cand[i].score > best_score) {
            best = cand[i].name;
            best_score = cand[i].score;
        }
    }
    return best;
}

/* ---- finding CA ---------------------------------------------------------------------------- */

/* The first CA[...] property of the raw bytes, found without tokenising (the charset is not
 * known yet). CA must follow a node or value boundary, which keeps "CA[" inside comments out
 * in practice. Writes the value to out; false when there is none. */
static bool find_ca(char *out, size_t out_size, const unsigned char *s, size_t n)
{
    for (size_t i = 0; i + 3 < n; i++) {
        if (s[i] != 'C' || s[i + 1] != 'A')
            continue;
        if (i > 0) {
            unsigned char p = s[i - 1];
            if (!(p == ';' || p == ']' || p == '(' || p == ' ' || p == '\t' || p == '\n' ||
                  p == '\r'))
                continue;
        }
        size_t j = i + 2;
        while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n'))
            j++;
        if (j >= n || s[j] != '[')
            continue;
        j++;
        size_t k = 0;
        while (j < n && s[j] != ']' && k + 1 < out_size) {
            unsigned char c = s[j];
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
                out[k++] = (char)c;
            j++;
        }
        if (j >= n || s[j] != ']')
            continue;
        out[k] = '\0';
        return k > 0;
    }
    return false;
}

/* UTF-16 without BOM: ASCII SGF punctuation with a NUL on one side. */
static const char *utf16_guess(const unsigned char *s, size_t n)
{
    if (n < 4)
        return NULL;
    size_t even = 0, odd = 0, m = n < 256 ? n & ~(size_t)1 : 256;
    for (size_t i = 0; i < m; i += 2) {
        even += s[i] == 0;
        odd += s[i + 1] == 0;
    }
    if (even * 4 >= m && odd == 0)
        return "UTF-16BE";
    if (odd * 4 >= m && even == 0)
        return "UTF-16LE";
    return NULL;
}

static void set_name(sgf_text *t, const char *name)
{
    size_t n = strlen(name);
    if (n >= sizeof t->charset)
        n = sizeof t->charset - 1;
    memcpy(t->charset, name, n);
    t->charset[n] = '\0';
}

void sgf_text_release(sgf_text *t)
{
    if (!t)
        return;
    free(t->text);
    free(t->map);
    memset(t, 0, sizeof *t);
}

/* Identity decoding: the input is valid UTF-8 after start; copy it and drop the map. */
static int take_utf8(sgf_text *out, const char *bytes, size_t len, size_t start)
{
    out->text = malloc(len - start + 1);
    if (!out->text)
        return go_error_set(GO_ENOMEM, "SGF: out of memory");
    memcpy(out->text, bytes + start, len - start);
    out->text[len - start] = '\0';
    out->len = len - start;
    out->map = NULL;
    out->shift = start;
    out->in_len = len;
    set_name(out, "UTF-8");
    return 0;
}

static int decode_as(sgf_text *out, const char *bytes, size_t len, size_t start,
                     const char *iconv_name)
{
    const unsigned char *s = (const unsigned char *)bytes;
    if (strcmp(iconv_name, "UTF-8") == 0 && sgf_utf8_valid(bytes + start, len - start, NULL))
        return take_utf8(out, bytes, len, start);
    outbuf o = {0};
    int rc = strcmp(iconv_name, "UTF-8") == 0 ? decode_utf8_lossy(&o, s, len, start)
                                              : decode_iconv(&o, s, len, start, iconv_name);
    if (!rc)
        rc = put(&o, "", 1, len); /* room for the NUL */
    if (rc) {
        free(o.text);
        free(o.map);
        return rc;
    }
    out->text = o.text;
    out->len = o.len - 1;
    out->map = o.map;
    out->shift = 0;
    out->in_len = len;
    out->replacements = o.replacements;
    set_name(out, iconv_name);
    return 0;
}

int sgf_decode(sgf_text *out, const char *bytes, size_t len, const char *forced,
               const char *fallback)
{
    memset(out, 0, sizeof *out);
    if (len > UINT32_MAX - 8)
        return go_error_set(GO_ETOOBIG, "SGF: input of %zu bytes is too large", len);
    const unsigned char *s = (const unsigned char *)bytes;
    char name[48];

    if (forced) {
        if (!sgf_charset_resolve(name, sizeof name, forced))
            return go_error_set(GO_EINVAL, "SGF: unknown charset '%s'", forced);
        return decode_as(out, bytes, len, 0, name);
    }
    if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
        return decode_as(out, bytes, len, 3, "UTF-8");
    if (len >= 2 && s[0] == 0xFF && s[1] == 0xFE)
        return decode_as(out, bytes, len, 2, "UTF-16LE");
    if (len >= 2 && s[0] == 0xFE && s[1] == 0xFF)
        return decode_as(out, bytes, len, 2, "UTF-16BE");
    const char *utf16 = utf16_guess(s, len);
    if (utf16)
        return decode_as(out, bytes, len, 0, utf16);

    size_t multibyte = 0;
    bool valid_utf8 = sgf_utf8_valid(bytes, len, &multibyte);
    char ca[48];
    if (find_ca(ca, sizeof ca, s, len) && sgf_charset_resolve(name, sizeof name, ca) &&
        strncmp(name, "UTF-16", 6) != 0 && strncmp(name, "UTF-32", 6) != 0) {
        /* A declared legacy charset over bytes that are valid UTF-8 with non-ASCII text is a
         * lie (japanese_bad.sgf): legacy double-byte text is almost never valid UTF-8. */
        if (valid_utf8 && (multibyte > 0 || strcmp(name, "UTF-8") == 0))
            return take_utf8(out, bytes, len, 0);
        int rc = decode_as(out, bytes, len, 0, name);
        if (rc || out->replacements == 0)
            return rc;
        /* The declared charset does not fit the bytes: keep it only if no guess fits better. */
        const char *guess = fallback ? fallback : sgf_charset_guess(bytes, len);
        char gname[48];
        if (!sgf_charset_resolve(gname, sizeof gname, guess) || strcmp(gname, name) == 0)
            return 0;
        /* A declared charset the scorer knows keeps a head start of a few bad characters:
         * a "UTF-8" Fox record with one name cut mid-character stays UTF-8 rather than
         * becoming GBK mojibake (which would also swallow the ']' after the cut). */
        long declared_score, guess_score;
        if (score_of(name, s, len, &declared_score) && score_of(gname, s, len, &guess_score) &&
            guess_score <= declared_score + 24)
            return 0;
        sgf_text alt;
        memset(&alt, 0, sizeof alt);
        if (decode_as(&alt, bytes, len, 0, gname) != 0)
            return 0;
        if (alt.replacements < out->replacements) {
            sgf_text_release(out);
            *out = alt;
            out->guessed = true;
        } else {
            sgf_text_release(&alt);
        }
        return 0;
    }
    if (valid_utf8)
        return take_utf8(out, bytes, len, 0);
    const char *guess = sgf_charset_guess(bytes, len);
    if (fallback) {
        if (!sgf_charset_resolve(name, sizeof name, fallback))
            return go_error_set(GO_EINVAL, "SGF: unknown fallback charset '%s'", fallback);
        guess = name;
    }
    int rc = decode_as(out, bytes, len, 0, guess);
    if (!rc)
        out->guessed = true;
    return rc;
}
