/* A bounded multipart/form-data parser over a body already held in memory (the server caps the
 * body first): finds the boundary in the Content-Type, splits the parts, reads each part's
 * name, filename and type. A truncated body or a part without headers is an error, never a
 * guess; part data is not copied. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "go/error.h"
#include "http_int.h"

static const char *find(const char *hay, size_t hay_len, const char *needle, size_t n)
{
    if (n == 0 || hay_len < n)
        return NULL;
    const char *end = hay + hay_len - n;
    for (const char *p = hay; p <= end; p++) {
        p = memchr(p, needle[0], (size_t)(end - p) + 1);
        if (!p)
            return NULL;
        if (memcmp(p, needle, n) == 0)
            return p;
    }
    return NULL;
}

/* The value of param (e.g. boundary, name) in a header value, quoted or not. */
static int header_param(char *out, size_t out_size, const char *value, size_t len,
                        const char *param)
{
    size_t plen = strlen(param);
    const char *end = value + len;
    for (const char *p = value; p + plen < end; p++) {
        if ((p == value || p[-1] == ';' || p[-1] == ' ') && strncasecmp(p, param, plen) == 0 &&
            p[plen] == '=') {
            const char *v = p + plen + 1, *stop;
            if (v < end && *v == '"') {
                v++;
                stop = memchr(v, '"', (size_t)(end - v));
                if (!stop)
                    return -1;
            } else {
                stop = v;
                while (stop < end && *stop != ';' && *stop != ' ')
                    stop++;
            }
            size_t n = (size_t)(stop - v);
            if (n >= out_size)
                return -1;
            memcpy(out, v, n);
            out[n] = '\0';
            return 0;
        }
    }
    return -1;
}

int http_multipart_parse(http_part *out, int *out_n, int max, const char *content_type,
                         const char *body, size_t len)
{
    char boundary[80], delim[84];
    *out_n = 0;
    if (!http_content_type_is(content_type, "multipart/form-data"))
        return go_error_set(GO_EINVAL, "expected Content-Type: multipart/form-data");
    if (header_param(boundary, sizeof boundary, content_type, strlen(content_type), "boundary") !=
            0 ||
        boundary[0] == '\0')
        return go_error_set(GO_EPARSE, "multipart: no usable boundary in the Content-Type");
    int dlen = snprintf(delim, sizeof delim, "--%s", boundary);
    const char *end = body + len;
    const char *p = find(body, len, delim, (size_t)dlen);
    if (!p)
        return go_error_set(GO_EPARSE, "multipart: the boundary never appears");
    for (;;) {
        p += dlen;
        if (end - p >= 2 && p[0] == '-' && p[1] == '-')
            return 0; /* closing delimiter: done */
        if (end - p < 2 || p[0] != '\r' || p[1] != '\n')
            return go_error_set(GO_EPARSE, "multipart: truncated after a boundary");
        p += 2;
        const char *headers_end = find(p, (size_t)(end - p), "\r\n\r\n", 4);
        if (!headers_end)
            return go_error_set(GO_EPARSE, "multipart: truncated part headers");
        if (*out_n >= max)
            return go_error_set(GO_ETOOBIG, "multipart: more than %d parts", max);
        http_part *part = &out[*out_n];
        memset(part, 0, sizeof *part);
        for (const char *line = p; line < headers_end;) {
            const char *eol = find(line, (size_t)(headers_end + 2 - line), "\r\n", 2);
            size_t n = (size_t)(eol - line);
            if (n > 20 && strncasecmp(line, "Content-Disposition:", 20) == 0) {
                if (header_param(part->name, sizeof part->name, line + 20, n - 20, "name") != 0)
                    return go_error_set(GO_EPARSE, "multipart: a part without a usable name");
                header_param(part->filename, sizeof part->filename, line + 20, n - 20, "filename");
            } else if (n > 13 && strncasecmp(line, "Content-Type:", 13) == 0) {
                const char *v = line + 13;
                while (v < eol && *v == ' ')
                    v++;
                size_t vn = (size_t)(eol - v);
                if (vn >= sizeof part->content_type)
                    vn = sizeof part->content_type - 1;
                memcpy(part->content_type, v, vn);
                part->content_type[vn] = '\0';
            }
            line = eol + 2;
        }
        if (!part->name[0])
            return go_error_set(GO_EPARSE, "multipart: a part without Content-Disposition name");
        const char *data = headers_end + 4;
        /* The part ends at CRLF + delimiter. */
        char next[88];
        int nlen = snprintf(next, sizeof next, "\r\n%s", delim);
        const char *stop = find(data, (size_t)(end - data), next, (size_t)nlen);
        if (!stop)
            return go_error_set(GO_EPARSE, "multipart: truncated in part '%s'", part->name);
        part->data = data;
        part->len = (size_t)(stop - data);
        (*out_n)++;
        p = stop + 2;
    }
}
