/* Internals of the SGF reader shared between sgf.c (tree, parser, writer, replay) and
 * sgf_charset.c (finding the charset of a record and decoding it to UTF-8 before tokenising). */
#ifndef GO_SGF_INT_H
#define GO_SGF_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A record decoded to UTF-8. map[i] is the offset in the original bytes of the character
 * that output byte i belongs to; when map is NULL the offset is i + shift (UTF-8 input, shift
 * being the length of a BOM). The text is NUL-terminated (len excludes the NUL). */
typedef struct sgf_text {
    char *text;
    size_t len;
    uint32_t *map;
    size_t shift;
    size_t in_len;       /* length of the original bytes */
    char charset[40];    /* iconv name of the charset decoded from */
    bool guessed;        /* no usable CA: picked by detection */
    size_t replacements; /* input sequences that became U+FFFD */
} sgf_text;

/* Decode bytes to UTF-8. forced: a charset name that overrides everything (NULL: automatic);
 * fallback: the charset to use instead of detection (NULL: detect). Never fails on content,
 * only GO_ENOMEM / GO_ETOOBIG (input over 2^32 bytes). */
int sgf_decode(sgf_text *out, const char *bytes, size_t len, const char *forced,
               const char *fallback);
void sgf_text_release(sgf_text *t);

/* Offset in the original input of decoded byte i. */
static inline size_t sgf_text_offset(const sgf_text *t, size_t i)
{
    if (!t->map)
        return i + t->shift;
    if (i >= t->len)
        return t->in_len;
    return t->map[i];
}

/* Charset detection, exposed for tests: the likeliest charset of bytes that are not valid
 * UTF-8 among UTF-8 (with replacements), GB18030, BIG5-HKSCS, CP932 (Shift_JIS) and CP1252
 * (Latin-1). Returns the iconv name (static). */
const char *sgf_charset_guess(const char *bytes, size_t len);
/* The iconv name for an SGF CA spelling ("gb2312" -> "GB18030", "Shift-JIS" -> "CP932"),
 * written to out; false when iconv does not know it. */
bool sgf_charset_resolve(char *out, size_t out_size, const char *name);
/* True when bytes are valid UTF-8 (no overlongs, surrogates or code points past U+10FFFF). */
bool sgf_utf8_valid(const char *bytes, size_t len, size_t *multibyte_count);

#endif
