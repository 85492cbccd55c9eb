/* Checked parsing of numbers from text, and today's date: what the front ends and the libraries
 * read from users, one way. */
#ifndef GO_PARSE_H
#define GO_PARSE_H

#ifdef __cplusplus
extern "C" {
#endif

/* A whole decimal integer in lo..hi: optional sign, digits, nothing before or after (no spaces,
 * no other base, no exponent). 0, or GO_EINVAL (not an integer) or GO_ERANGE (outside lo..hi)
 * with no detail set, so the caller words the message for its user. *out is set only on 0. */
int go_parse_long(long *out, const char *text, long lo, long hi);

/* The same for unsigned values up to max: digits only. */
int go_parse_ulong(unsigned long long *out, const char *text, unsigned long long max);

/* Today's date (YYYY-MM-DD) and the current minute (YYYY-MM-DDTHH:MM), local time. */
void go_today(char out[11]);
void go_now_minute(char out[17]);

#ifdef __cplusplus
}
#endif

#endif
