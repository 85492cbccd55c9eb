/* The web page's files: by default only the fixed list embedded in the binary at build time;
 * with --web-dir, files under that one folder after canonicalising the path (no "..", no
 * symlink out of it, regular files only). Nothing else on disk is ever read for a URL. Every
 * HTML page, these and the printable club pages, carries the same security headers. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "http_int.h"

#define STATIC_MAX_FILE (8u * 1024u * 1024u)

static const char *mime_of(const char *path)
{
    static const struct {
        const char *ext, *mime;
    } types[] = {
        {".html", "text/html; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".json", "application/json"},
        {".ico", "image/x-icon"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i].ext) == 0)
            return types[i].mime;
    return "application/octet-stream";
}

#define PAGE_CSP                                                                                   \
    "default-src 'self'; img-src 'self' data: blob:; script-src 'self'; connect-src 'self'; "      \
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; style-src 'self'"

static void page_headers(http_req *r)
{
    http_reply_header(r, "Content-Security-Policy", PAGE_CSP);
    http_reply_header(r, "Cache-Control", "no-cache");
    http_reply_header(r, "X-Frame-Options", "DENY");
}

void http_reply_html(http_req *r, const char *page, size_t len)
{
    /* The printable pages carry their style inline: the page's policy, with that one style
     * allowed by its hash instead of 'unsafe-inline'. */
    char csp[512];
    snprintf(csp, sizeof csp, "%s", PAGE_CSP);
    const char *open = page ? strstr(page, "<style>") : NULL;
    const char *close = open ? strstr(open, "</style>") : NULL;
    if (open && close && (size_t)(close - page) < len) {
        const unsigned char *style = (const unsigned char *)open + strlen("<style>");
        unsigned char digest[crypto_hash_sha256_BYTES];
        char b64[sodium_base64_ENCODED_LEN(crypto_hash_sha256_BYTES,
                                           sodium_base64_VARIANT_ORIGINAL)];
        crypto_hash_sha256(digest, style,
                           (unsigned long long)((const unsigned char *)close - style));
        sodium_bin2base64(b64, sizeof b64, digest, sizeof digest, sodium_base64_VARIANT_ORIGINAL);
        size_t n = strlen(csp);
        snprintf(csp + n, sizeof csp - n, " 'sha256-%s'", b64);
    }
    http_reply_header(r, "Content-Security-Policy", csp);
    http_reply_header(r, "Cache-Control", "no-cache");
    http_reply_header(r, "X-Frame-Options", "DENY");
    http_reply(r, 200, "text/html; charset=utf-8", page, len);
}

/* Only plain path characters: anything else is not one of our files anyway. */
static bool plain_path(const char *url)
{
    if (url[0] != '/' || strstr(url, "..") || strstr(url, "//"))
        return false;
    for (const char *p = url; *p; p++) {
        char c = *p;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '/' || c == '.' || c == '-' || c == '_'))
            return false;
    }
    return strlen(url) < 256;
}

static void from_dir(http_req *r, const char *url)
{
    char joined[PATH_MAX], *canon = NULL, *data = NULL;
    int fd = -1;
    size_t root_len = strlen(r->srv->web_dir);
    if ((size_t)snprintf(joined, sizeof joined, "%s%s", r->srv->web_dir, url) >= sizeof joined)
        goto missing;
    canon = realpath(joined, NULL);
    if (!canon || strncmp(canon, r->srv->web_dir, root_len) != 0 || canon[root_len] != '/')
        goto missing;
    fd = open(canon, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        (size_t)st.st_size > STATIC_MAX_FILE)
        goto missing;
    data = malloc((size_t)st.st_size + 1);
    if (!data)
        goto missing;
    size_t got = 0;
    while (got < (size_t)st.st_size) {
        ssize_t n = read(fd, data + got, (size_t)st.st_size - got);
        if (n <= 0)
            goto missing;
        got += (size_t)n;
    }
    page_headers(r);
    http_reply(r, 200, mime_of(canon), data, got);
    goto done;
missing:
    http_reply_error(r, 404, "not_found", "no such file");
done:
    if (fd >= 0)
        close(fd);
    free(data);
    free(canon);
}

void http_static_get(http_req *r)
{
    const char *url = strcmp(r->url, "/") == 0 ? "/index.html" : r->url;
    if (!plain_path(url)) {
        http_reply_error(r, 404, "not_found", "no such file");
        return;
    }
    if (r->srv->web_dir[0]) {
        from_dir(r, url);
        return;
    }
    for (size_t i = 0; i < http_assets_count; i++)
        if (strcmp(http_assets[i].path, url) == 0) {
            page_headers(r);
            http_reply(r, 200, http_assets[i].mime, http_assets[i].data, http_assets[i].len);
            return;
        }
    http_reply_error(r, 404, "not_found", "no such file");
}
