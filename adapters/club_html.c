/* Club tables as printable HTML pages: an A4 print style, a phone's width on screen, and a
 * large high-contrast view for a projector. */
#include "club_html.h"

#include <string.h>

static void html_text(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '&':
            fputs("&amp;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&#39;", out);
            break;
        default:
            fputc(*s, out);
        }
    }
}

void go_html_club_table(FILE *out, const go_club_table *t, const char *title, bool projector,
                        const char *lang)
{
    const bool en = lang && strcmp(lang, "en") == 0;
    fprintf(out,
            "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
            en ? "en" : "zh");
    html_text(out, title);
    fputs(
        "</title>\n<style>\n"
        "@page { size: A4; margin: 12mm; }\n"
        "body { font-family: \"Noto Sans CJK SC\", \"Microsoft YaHei\", sans-serif; margin: 0; }\n"
        "h1 { font-size: 16pt; margin: 0 0 4mm 0; }\n"
        "table { border-collapse: collapse; width: 100%; font-size: 10pt; }\n"
        "th, td { border: 1px solid #444; padding: 1mm 2mm; }\n"
        "th { background: #eee; } td.n { text-align: right; }\n"
        "tr:nth-child(even) td { background: #f7f7f7; }\n"
        "thead { display: table-header-group; } tr { page-break-inside: avoid; }\n"
        /* on a phone's screen: the page's width, no print margins */
        "@media screen and (max-width: 600px) { body { margin: 2mm; } h1 { font-size: 14pt; }"
        " table { font-size: 11pt; } th, td { padding: 1mm; } }\n",
        out);
    if (projector)
        /* Read from the back of the room: large type, high contrast, no print margins. */
        fputs("body { background: #000; color: #fff; padding: 2vw; }\n"
              "h1 { font-size: 5vw; } table { font-size: 2.6vw; }\n"
              "th { background: #333; color: #fff; } th, td { border-color: #888; }\n"
              "tr:nth-child(even) td { background: #1a1a1a; }\n",
              out);
    fputs("</style>\n</head>\n<body>\n<h1>", out);
    html_text(out, title);
    fputs("</h1>\n<table>\n<thead><tr>", out);
    for (int c = 0; c < t->ncols; c++) {
        fputs("<th>", out);
        html_text(out, t->names[c]);
        fputs("</th>", out);
    }
    fputs("</tr></thead>\n<tbody>\n", out);
    for (int r = 0; r < t->nrows; r++) {
        fputs("<tr>", out);
        for (int c = 0; c < t->ncols; c++) {
            fputs(t->types[c] == GO_COL_TEXT ? "<td>" : "<td class=\"n\">", out);
            html_text(out, go_club_cell(t, r, c));
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody>\n</table>\n</body>\n</html>\n", out);
}
