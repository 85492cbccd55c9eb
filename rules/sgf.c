/* SGF FF[4]: the collection tree (arena-allocated nodes and strings), the tokeniser/parser
 * over the decoded UTF-8 text (no recursion: nesting is an explicit stack), the writer, game
 * information (with the Fox and Nihon Ki-in komi quirks), main-line replay into a go_game,
 * and building a record from a game. Charset decoding lives in sgf_charset.c. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/file.h"
#include "go/sgf.h"
#include "sgf_int.h"

#define DEFAULT_MAX_NODES 4000000u
#define MAX_FILE_BYTES (64u << 20)
#define MAX_ID_LEN 32

/* ---- arena ---------------------------------------------------------------------------- */

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    max_align_t data[];
} chunk;

typedef struct prop {
    char *id;
    char **values;
    size_t nvalues, cap;
} prop;

struct go_sgf_node {
    go_sgf_node *parent, *first_child, *last_child, *next_sibling;
    size_t nchildren;
    prop *props;
    size_t nprops, cap;
    size_t offset;
    /* Roots only: the bytes of the whole game tree in the input, and the charset the tree was
     * decoded from when it differs from the collection's (NULL otherwise). */
    size_t tree_start, tree_end;
    const char *charset;
};

struct go_sgf {
    chunk *chunks;
    go_sgf_node **games;
    size_t ngames, games_cap;
    size_t nodes;
    char charset[40];
    bool guessed;
    size_t replacements;
};

static void *arena_alloc(go_sgf *sgf, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    chunk *c = sgf->chunks;
    if (!c || c->cap - c->used < n) {
        size_t cap = n > 60000 ? n : 60000;
        c = malloc(sizeof *c + cap);
        if (!c)
            return NULL;
        c->cap = cap;
        c->used = 0;
        c->next = sgf->chunks;
        sgf->chunks = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += n;
    return p;
}

static char *arena_strndup(go_sgf *sgf, const char *s, size_t n)
{
    char *p = arena_alloc(sgf, n + 1);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

int go_sgf_new(go_sgf **out)
{
    go_sgf *sgf = calloc(1, sizeof *sgf);
    if (!sgf)
        return go_error_set(GO_ENOMEM, "SGF: out of memory");
    memcpy(sgf->charset, "UTF-8", 6);
    *out = sgf;
    return 0;
}

void go_sgf_free(go_sgf *sgf)
{
    if (!sgf)
        return;
    for (chunk *c = sgf->chunks, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(sgf->games);
    free(sgf);
}

static int add_game(go_sgf *sgf, go_sgf_node *root)
{
    if (sgf->ngames == sgf->games_cap) {
        size_t cap = sgf->games_cap ? sgf->games_cap * 2 : 4;
        go_sgf_node **g = realloc(sgf->games, cap * sizeof *g);
        if (!g)
            return go_error_set(GO_ENOMEM, "SGF: out of memory");
        sgf->games = g;
        sgf->games_cap = cap;
    }
    sgf->games[sgf->ngames++] = root;
    return 0;
}

static go_sgf_node *new_node(go_sgf *sgf, go_sgf_node *parent, size_t offset)
{
    go_sgf_node *n = arena_alloc(sgf, sizeof *n);
    if (!n)
        return NULL;
    memset(n, 0, sizeof *n);
    n->offset = offset;
    n->parent = parent;
    if (parent) {
        if (parent->last_child)
            parent->last_child->next_sibling = n;
        else
            parent->first_child = n;
        parent->last_child = n;
        parent->nchildren++;
    }
    sgf->nodes++;
    return n;
}

int go_sgf_node_add(go_sgf_node **out, go_sgf *sgf, go_sgf_node *parent)
{
    go_sgf_node *n = new_node(sgf, parent, 0);
    if (!n)
        return go_error_set(GO_ENOMEM, "SGF: out of memory");
    if (!parent) {
        int rc = add_game(sgf, n);
        if (rc)
            return rc;
    }
    *out = n;
    return 0;
}

static prop *find_prop(const go_sgf_node *node, const char *id)
{
    for (size_t i = 0; i < node->nprops; i++)
        if (strcmp(node->props[i].id, id) == 0)
            return &node->props[i];
    return NULL;
}

static prop *get_or_add_prop(go_sgf *sgf, go_sgf_node *node, const char *id, size_t id_len)
{
    for (size_t i = 0; i < node->nprops; i++)
        if (strlen(node->props[i].id) == id_len && memcmp(node->props[i].id, id, id_len) == 0)
            return &node->props[i];
    if (node->nprops == node->cap) {
        size_t cap = node->cap ? node->cap * 2 : 4;
        prop *p = arena_alloc(sgf, cap * sizeof *p);
        if (!p)
            return NULL;
        if (node->nprops)
            memcpy(p, node->props, node->nprops * sizeof *p);
        node->props = p;
        node->cap = cap;
    }
    prop *p = &node->props[node->nprops];
    memset(p, 0, sizeof *p);
    p->id = arena_strndup(sgf, id, id_len);
    if (!p->id)
        return NULL;
    node->nprops++;
    return p;
}

static int prop_append(go_sgf *sgf, prop *p, char *value)
{
    if (p->nvalues == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 2;
        char **v = arena_alloc(sgf, cap * sizeof *v);
        if (!v)
            return go_error_set(GO_ENOMEM, "SGF: out of memory");
        if (p->nvalues)
            memcpy(v, p->values, p->nvalues * sizeof *v);
        p->values = v;
        p->cap = cap;
    }
    p->values[p->nvalues++] = value;
    return 0;
}

int go_sgf_node_add_value(go_sgf *sgf, go_sgf_node *node, const char *id, const char *value)
{
    prop *p = get_or_add_prop(sgf, node, id, strlen(id));
    char *v = p ? arena_strndup(sgf, value, strlen(value)) : NULL;
    if (!v)
        return go_error_set(GO_ENOMEM, "SGF: out of memory");
    return prop_append(sgf, p, v);
}

int go_sgf_node_set(go_sgf *sgf, go_sgf_node *node, const char *id, const char *value)
{
    if (!value) {
        for (size_t i = 0; i < node->nprops; i++) {
            if (strcmp(node->props[i].id, id) == 0) {
                memmove(&node->props[i], &node->props[i + 1],
                        (node->nprops - i - 1) * sizeof node->props[0]);
                node->nprops--;
                break;
            }
        }
        return 0;
    }
    prop *p = get_or_add_prop(sgf, node, id, strlen(id));
    if (!p)
        return go_error_set(GO_ENOMEM, "SGF: out of memory");
    p->nvalues = 0;
    char *v = arena_strndup(sgf, value, strlen(value));
    if (!v)
        return go_error_set(GO_ENOMEM, "SGF: out of memory");
    return prop_append(sgf, p, v);
}

/* ---- accessors -------------------------------------------------------------------------- */

const char *go_sgf_charset(const go_sgf *sgf)
{
    return sgf->charset;
}
bool go_sgf_charset_guessed(const go_sgf *sgf)
{
    return sgf->guessed;
}
size_t go_sgf_replacements(const go_sgf *sgf)
{
    return sgf->replacements;
}
size_t go_sgf_game_count(const go_sgf *sgf)
{
    return sgf->ngames;
}
const go_sgf_node *go_sgf_game(const go_sgf *sgf, size_t i)
{
    return i < sgf->ngames ? sgf->games[i] : NULL;
}
const go_sgf_node *go_sgf_node_parent(const go_sgf_node *node)
{
    return node->parent;
}
size_t go_sgf_node_child_count(const go_sgf_node *node)
{
    return node->nchildren;
}
const go_sgf_node *go_sgf_node_child(const go_sgf_node *node, size_t i)
{
    const go_sgf_node *c = node->first_child;
    while (c && i--)
        c = c->next_sibling;
    return c;
}
size_t go_sgf_node_offset(const go_sgf_node *node)
{
    return node->offset;
}
size_t go_sgf_node_prop_count(const go_sgf_node *node)
{
    return node->nprops;
}
const char *go_sgf_node_prop_id(const go_sgf_node *node, size_t i)
{
    return i < node->nprops ? node->props[i].id : NULL;
}
size_t go_sgf_node_value_count(const go_sgf_node *node, size_t i)
{
    return i < node->nprops ? node->props[i].nvalues : 0;
}
const char *go_sgf_node_value(const go_sgf_node *node, size_t i, size_t v)
{
    if (i >= node->nprops || v >= node->props[i].nvalues)
        return NULL;
    return node->props[i].values[v];
}
const char *go_sgf_node_get(const go_sgf_node *node, const char *id)
{
    const prop *p = find_prop(node, id);
    return p && p->nvalues ? p->values[0] : NULL;
}

/* ---- parser --------------------------------------------------------------------------- */

typedef struct parser {
    go_sgf *sgf;
    const sgf_text *t;
    const char *s;
    size_t n, pos;
    size_t max_nodes;
    size_t base; /* offset of this text's bytes in the caller's input (per-tree re-parse) */
    char *buf;   /* scratch for unescaped values */
    size_t buf_cap;
} parser;

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
static bool is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}
static bool is_alpha(char c)
{
    return is_upper(c) || (c >= 'a' && c <= 'z');
}

static size_t at(const parser *p, size_t i)
{
    return p->base + sgf_text_offset(p->t, i);
}

static void skip_space(parser *p)
{
    while (p->pos < p->n && is_space(p->s[p->pos]))
        p->pos++;
}

/* A game tree starts with "(" then optional white space then ";" or a property identifier
 * followed by "[" (the Nihon Ki-in files omit the first ";"). Text before it is ignored. */
static bool tree_start(const parser *p, size_t i)
{
    if (p->s[i] != '(')
        return false;
    i++;
    while (i < p->n && is_space(p->s[i]))
        i++;
    if (i < p->n && p->s[i] == ';')
        return true;
    size_t letters = 0;
    while (i < p->n && is_alpha(p->s[i]) && letters <= MAX_ID_LEN) {
        i++;
        letters++;
    }
    while (i < p->n && is_space(p->s[i]))
        i++;
    return letters > 0 && i < p->n && p->s[i] == '[';
}

static int scratch(parser *p, size_t need)
{
    if (need <= p->buf_cap)
        return 0;
    size_t cap = p->buf_cap ? p->buf_cap : 256;
    while (cap < need)
        cap *= 2;
    char *b = realloc(p->buf, cap);
    if (!b)
        return go_error_set(GO_ENOMEM, "SGF: out of memory");
    p->buf = b;
    p->buf_cap = cap;
    return 0;
}

/* One value "[...]" at p->pos (which is '['), unescaped into the arena. */
static int parse_value(parser *p, char **out, const char *id)
{
    size_t open = p->pos++;
    size_t len = 0;
    for (;;) {
        if (p->pos >= p->n)
            return go_error_set(GO_EPARSE,
                                "SGF byte %zu: the value of %s opened here is not closed "
                                "(expected ']' before the end of the input)",
                                at(p, open), id);
        char c = p->s[p->pos];
        if (c == ']')
            break;
        int rc = scratch(p, len + 2);
        if (rc)
            return rc;
        if (c == '\\') {
            p->pos++;
            if (p->pos >= p->n)
                continue; /* reported above on the next turn */
            char e = p->s[p->pos];
            if (e == '\n' || e == '\r') { /* soft line break: removed */
                p->pos++;
                if (p->pos < p->n && (p->s[p->pos] == '\n' || p->s[p->pos] == '\r') &&
                    p->s[p->pos] != e)
                    p->pos++;
                continue;
            }
            p->buf[len++] = e;
            p->pos++;
            continue;
        }
        p->buf[len++] = c;
        p->pos++;
    }
    p->pos++; /* ']' */
    *out = arena_strndup(p->sgf, p->buf ? p->buf : "", len);
    return *out ? 0 : go_error_set(GO_ENOMEM, "SGF: out of memory");
}

/* A property at p->pos (a letter): identifier then one or more values. */
static int parse_property(parser *p, go_sgf_node *node)
{
    size_t start = p->pos;
    char id[MAX_ID_LEN + 1];
    size_t id_len = 0;
    while (p->pos < p->n && is_alpha(p->s[p->pos])) {
        char c = p->s[p->pos++];
        if (is_upper(c)) { /* FF[1]-3 lower-case letters are dropped: CoPyright -> CP */
            if (id_len == MAX_ID_LEN)
                return go_error_set(GO_EPARSE,
                                    "SGF byte %zu: property identifier longer than %d letters",
                                    at(p, start), MAX_ID_LEN);
            id[id_len++] = c;
        }
    }
    id[id_len] = '\0';
    if (id_len == 0)
        return go_error_set(GO_EPARSE,
                            "SGF byte %zu: property identifier without an upper-case letter",
                            at(p, start));
    skip_space(p);
    if (p->pos >= p->n || p->s[p->pos] != '[')
        return go_error_set(GO_EPARSE, "SGF byte %zu: expected '[' after property %s",
                            at(p, p->pos), id);
    prop *pr = get_or_add_prop(p->sgf, node, id, id_len);
    if (!pr)
        return go_error_set(GO_ENOMEM, "SGF: out of memory");
    while (p->pos < p->n && p->s[p->pos] == '[') {
        char *v;
        int rc = parse_value(p, &v, id);
        if (rc)
            return rc;
        if ((rc = prop_append(p->sgf, pr, v)))
            return rc;
        skip_space(p);
    }
    return 0;
}

/* True when a property (identifier then '[') starts at i, after optional white space. */
static bool node_follows(const parser *p, size_t i)
{
    while (i < p->n && is_space(p->s[i]))
        i++;
    size_t letters = 0;
    while (i < p->n && is_upper(p->s[i]) && letters <= 2) {
        i++;
        letters++;
    }
    return letters > 0 && letters <= 2 && i < p->n && p->s[i] == '[';
}

/* The collection. Nesting is a stack of branch points: "(" pushes the node the variation
 * hangs from, ")" pops it, so depth costs memory, never C stack. */
static int parse_collection(parser *p)
{
    go_sgf_node **stack = NULL;
    size_t depth = 0, cap = 0;
    go_sgf_node *cur = NULL; /* last node of the current sequence; NULL before a root */
    size_t tree_open = 0;    /* offset of the '(' of the current game tree */
    int rc = 0;

    while (p->pos < p->n) {
        if (depth == 0) {
            /* Outside game trees: skip text until a tree starts. */
            if (!tree_start(p, p->pos)) {
                /* Nodes after a tree mean a ')' (or an unescaped ']' before it) closed the
                 * tree early: refuse rather than silently drop the rest of the game. */
                if (p->sgf->ngames > 0 && p->s[p->pos] == ';' && node_follows(p, p->pos + 1)) {
                    rc = go_error_set(GO_EPARSE,
                                      "SGF byte %zu: node outside any game tree (an unescaped "
                                      "']' or an extra ')' closed the tree early?)",
                                      at(p, p->pos));
                    goto done;
                }
                p->pos++;
                continue;
            }
            tree_open = p->pos;
        }
        char c = p->s[p->pos];
        if (is_space(c)) {
            p->pos++;
        } else if (c == '(') {
            if (depth == cap) {
                size_t ncap = cap ? cap * 2 : 64;
                go_sgf_node **s = realloc(stack, ncap * sizeof *s);
                if (!s) {
                    rc = go_error_set(GO_ENOMEM, "SGF: out of memory");
                    goto done;
                }
                stack = s;
                cap = ncap;
            }
            stack[depth++] = cur;
            p->pos++;
        } else if (c == ')') {
            cur = stack[--depth];
            p->pos++;
            if (depth == 0 && p->sgf->ngames > 0) {
                go_sgf_node *root = p->sgf->games[p->sgf->ngames - 1];
                if (root->offset >= at(p, tree_open)) {
                    root->tree_start = at(p, tree_open);
                    root->tree_end = at(p, p->pos - 1) + 1;
                }
            }
        } else if (c == ';' || is_alpha(c)) {
            bool explicit_node = c == ';';
            if (explicit_node || !cur || cur->first_child ||
                (depth > 0 && stack[depth - 1] == cur)) {
                /* A new node: after ';', or properties right after '(' (implicit ';'). */
                if (p->sgf->nodes >= p->max_nodes) {
                    rc = go_error_set(GO_ETOOBIG, "SGF byte %zu: more than %zu nodes",
                                      at(p, p->pos), p->max_nodes);
                    goto done;
                }
                go_sgf_node *node = new_node(p->sgf, cur, at(p, p->pos));
                if (!node) {
                    rc = go_error_set(GO_ENOMEM, "SGF: out of memory");
                    goto done;
                }
                if (!cur && (rc = add_game(p->sgf, node)))
                    goto done;
                cur = node;
                if (explicit_node)
                    p->pos++;
                continue;
            }
            if ((rc = parse_property(p, cur)))
                goto done;
        } else {
            rc = go_error_set(GO_EPARSE,
                              "SGF byte %zu: unexpected '%c' (expected a property, "
                              "';', '(' or ')')",
                              at(p, p->pos),
                              (unsigned char)c >= 0x20 && (unsigned char)c < 0x7F ? c : '?');
            goto done;
        }
    }
    if (depth > 0) {
        rc = go_error_set(GO_EPARSE,
                          "SGF byte %zu: end of input inside the game tree opened at byte %zu "
                          "(expected ')')",
                          at(p, p->n), at(p, tree_open));
        goto done;
    }
    if (p->sgf->ngames == 0)
        rc = go_error_set(GO_EPARSE, "SGF byte %zu: no game tree (expected '(;')", at(p, p->n));
done:
    free(stack);
    return rc;
}

static int parse_bytes(go_sgf **out, const char *bytes, size_t len, const go_sgf_options *opts,
                       size_t base);

/* Resolved charset of a root's CA, "" when absent or unknown. */
static void root_charset(char *out, size_t out_size, const go_sgf_node *root)
{
    const char *ca = go_sgf_node_get(root, "CA");
    if (!ca || !sgf_charset_resolve(out, out_size, ca))
        out[0] = '\0';
}

/* A collection whose trees declare different charsets (files concatenated by a tool, SGFC's
 * mixed-encoding.sgf): decode each tree's own bytes by itself (its CA or detection) and graft
 * the result in place of the tree read with the collection's charset. A tree that does not
 * re-parse into exactly one game keeps the first reading. */
static void decode_trees_separately(go_sgf *sgf, const char *bytes, const go_sgf_options *opts)
{
    char first[48], other[48];
    root_charset(first, sizeof first, sgf->games[0]);
    bool differ = false;
    for (size_t i = 1; i < sgf->ngames && !differ; i++) {
        root_charset(other, sizeof other, sgf->games[i]);
        differ = strcmp(first, other) != 0;
    }
    if (!differ)
        return;
    for (size_t i = 0; i < sgf->ngames; i++) {
        go_sgf_node *root = sgf->games[i];
        if (root->tree_end <= root->tree_start)
            continue;
        go_sgf *one = NULL;
        if (parse_bytes(&one, bytes + root->tree_start, root->tree_end - root->tree_start, opts,
                        root->tree_start) != 0 ||
            one->ngames != 1) {
            go_error_clear();
            go_sgf_free(one);
            continue;
        }
        go_sgf_node *graft = one->games[0];
        graft->tree_start = root->tree_start;
        graft->tree_end = root->tree_end;
        graft->charset = arena_strndup(one, one->charset, strlen(one->charset));
        /* Move the arena of the one-tree parse into the collection's. */
        chunk *tail = one->chunks;
        while (tail && tail->next)
            tail = tail->next;
        if (tail) {
            tail->next = sgf->chunks;
            sgf->chunks = one->chunks;
            one->chunks = NULL;
        }
        sgf->games[i] = graft;
        go_sgf_free(one);
    }
}

int go_sgf_parse(go_sgf **out, const char *bytes, size_t len, const go_sgf_options *opts)
{
    go_sgf_options defaults = GO_SGF_OPTIONS_INIT;
    if (!opts)
        opts = &defaults;
    if (opts->version != GO_SGF_OPTIONS_VERSION)
        return go_error_set(GO_EINVAL, "SGF: options version %u (expected %u)", opts->version,
                            GO_SGF_OPTIONS_VERSION);
    go_sgf *sgf = NULL;
    int rc = parse_bytes(&sgf, bytes, len, opts, 0);
    if (rc == GO_EPARSE && !opts->charset && bytes && !sgf_utf8_valid(bytes, len, NULL)) {
        /* A multi-byte reading (guessed or declared) can swallow a ']' as the second byte of
         * a character. Latin-1 maps every byte to one character, so its reading is the plain
         * byte-level structure: take it if it parses, and keep the first error otherwise. */
        char first_error[512];
        snprintf(first_error, sizeof first_error, "%s", go_error_last());
        go_sgf_options latin = *opts;
        latin.charset = "CP1252";
        if (parse_bytes(&sgf, bytes, len, &latin, 0) == 0) {
            sgf->guessed = true;
            rc = 0;
        } else {
            sgf = NULL;
            go_error_set(rc, "%s", first_error);
        }
    }
    if (rc)
        return rc;
    if (!opts->charset && sgf->ngames > 1)
        decode_trees_separately(sgf, bytes, opts);
    *out = sgf;
    return 0;
}

static int parse_bytes(go_sgf **out, const char *bytes, size_t len, const go_sgf_options *opts,
                       size_t base)
{
    *out = NULL;
    sgf_text text;
    int rc = sgf_decode(&text, bytes ? bytes : "", bytes ? len : 0, opts->charset,
                        opts->fallback_charset);
    if (rc)
        return rc;
    go_sgf *sgf = NULL;
    parser p = {0};
    if ((rc = go_sgf_new(&sgf)))
        goto done;
    memcpy(sgf->charset, text.charset, sizeof sgf->charset);
    sgf->guessed = text.guessed;
    sgf->replacements = text.replacements;
    p.sgf = sgf;
    p.t = &text;
    p.s = text.text;
    p.n = text.len;
    p.max_nodes = opts->max_nodes ? opts->max_nodes : DEFAULT_MAX_NODES;
    p.base = base;
    rc = parse_collection(&p);
done:
    free(p.buf);
    sgf_text_release(&text);
    if (rc) {
        go_sgf_free(sgf);
        return rc;
    }
    *out = sgf;
    return 0;
}

int go_sgf_load(go_sgf **out, const char *path, const go_sgf_options *opts)
{
    *out = NULL;
    char *buf;
    size_t len;
    int rc = go_read_file(&buf, &len, path, MAX_FILE_BYTES);
    if (rc) {
        char why[512];
        snprintf(why, sizeof why, "%s", go_error_last());
        return go_error_set(rc, "SGF: %s", why);
    }
    rc = go_sgf_parse(out, buf, len, opts);
    free(buf);
    return rc;
}

/* ---- points --------------------------------------------------------------------------- */

static int sgf_coord(int *out, char c)
{
    if (c >= 'a' && c <= 'z')
        *out = c - 'a';
    else if (c >= 'A' && c <= 'Z')
        *out = c - 'A' + 26;
    else
        return -1;
    return 0;
}

/* "dd" -> point; "" and "tt" (size <= 19) -> GO_PASS. */
static int parse_point(go_point *out, const char *v, int size)
{
    size_t n = strlen(v);
    if (n == 0 || (size <= 19 && n == 2 && v[0] == 't' && v[1] == 't')) {
        *out = GO_PASS;
        return 0;
    }
    int x, y;
    if (n != 2 || sgf_coord(&x, v[0]) || sgf_coord(&y, v[1]) || x >= size || y >= size)
        return -1;
    *out = go_point_at(x, y);
    return 0;
}

int go_sgf_node_points(go_point *out, size_t max, const go_sgf_node *node, const char *id, int size)
{
    const prop *pr = find_prop(node, id);
    if (!pr)
        return 0;
    size_t count = 0;
    for (size_t i = 0; i < pr->nvalues; i++) {
        const char *v = pr->values[i];
        const char *colon = strchr(v, ':');
        go_point a, b;
        if (colon) {
            char first[8], second[8];
            size_t l1 = (size_t)(colon - v), l2 = strlen(colon + 1);
            if (l1 >= sizeof first || l2 >= sizeof second)
                goto bad;
            memcpy(first, v, l1);
            first[l1] = '\0';
            memcpy(second, colon + 1, l2 + 1);
            if (parse_point(&a, first, size) || parse_point(&b, second, size) || a == GO_PASS ||
                b == GO_PASS)
                goto bad;
        } else {
            if (parse_point(&a, v, size))
                goto bad;
            if (a == GO_PASS)
                continue;
            b = a;
        }
        int x0 = go_point_x(a), x1 = go_point_x(b), y0 = go_point_y(a), y1 = go_point_y(b);
        if (x0 > x1) {
            int t = x0;
            x0 = x1;
            x1 = t;
        }
        if (y0 > y1) {
            int t = y0;
            y0 = y1;
            y1 = t;
        }
        if (count > (size_t)INT32_MAX / 2)
            return go_error_set(GO_ETOOBIG, "SGF byte %zu: %s lists too many points", node->offset,
                                id);
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                if (count < max)
                    out[count] = go_point_at(x, y);
                count++;
            }
        continue;
    bad:
        return go_error_set(GO_EPARSE, "SGF byte %zu: %s[%.20s] is not a point of a %dx%d board",
                            node->offset, id, v, size, size);
    }
    return (int)count;
}

/* ---- writer --------------------------------------------------------------------------- */

typedef struct wbuf {
    char *s;
    size_t len, cap;
    bool failed;
} wbuf;

static void wput(wbuf *w, const char *s, size_t n)
{
    if (w->failed)
        return;
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 4096;
        while (cap < w->len + n + 1)
            cap *= 2;
        char *t = realloc(w->s, cap);
        if (!t) {
            w->failed = true;
            return;
        }
        w->s = t;
        w->cap = cap;
    }
    memcpy(w->s + w->len, s, n);
    w->len += n;
    w->s[w->len] = '\0';
}

static void wstr(wbuf *w, const char *s)
{
    wput(w, s, strlen(s));
}

static void write_node(wbuf *w, const go_sgf_node *node, bool root)
{
    wput(w, ";", 1);
    for (size_t i = 0; i < node->nprops; i++) {
        const prop *pr = &node->props[i];
        if (pr->nvalues == 0)
            continue;
        wstr(w, pr->id);
        bool ca = root && strcmp(pr->id, "CA") == 0;
        for (size_t v = 0; v < pr->nvalues; v++) {
            wput(w, "[", 1);
            const char *s = ca ? "UTF-8" : pr->values[v];
            for (const char *q = s; *q; q++) {
                if (*q == ']' || *q == '\\')
                    wput(w, "\\", 1);
                wput(w, q, 1);
            }
            wput(w, "]", 1);
            if (ca)
                break;
        }
    }
}

/* Depth-first without recursion: a stack of the next sibling to open at each branch. */
static int write_tree(wbuf *w, const go_sgf_node *root)
{
    const go_sgf_node **stack = NULL;
    size_t depth = 0, cap = 0;
    const go_sgf_node *n = root;
    wput(w, "(", 1);
    for (;;) {
        write_node(w, n, n == root);
        if (n->nchildren == 1) {
            n = n->first_child;
            continue;
        }
        if (n->nchildren > 1) {
            if (depth == cap) {
                size_t ncap = cap ? cap * 2 : 32;
                const go_sgf_node **s = realloc(stack, ncap * sizeof *s);
                if (!s) {
                    free(stack);
                    return go_error_set(GO_ENOMEM, "SGF: out of memory writing");
                }
                stack = s;
                cap = ncap;
            }
            stack[depth++] = n->first_child->next_sibling;
            wput(w, "\n(", 2);
            n = n->first_child;
            continue;
        }
        /* A leaf: close variations until one has a sibling left to open. */
        wput(w, ")", 1);
        while (depth > 0 && stack[depth - 1] == NULL) {
            depth--;
            wput(w, ")", 1);
        }
        if (depth == 0)
            break;
        n = stack[depth - 1];
        stack[depth - 1] = n->next_sibling;
        wput(w, "\n(", 2);
    }
    free(stack);
    wput(w, "\n", 1);
    return 0;
}

int go_sgf_write(char **out, size_t *out_len, const go_sgf *sgf)
{
    wbuf w = {0};
    for (size_t i = 0; i < sgf->ngames; i++) {
        int rc = write_tree(&w, sgf->games[i]);
        if (rc) {
            free(w.s);
            return rc;
        }
    }
    wput(&w, "", 0);
    if (w.failed || !w.s) {
        free(w.s);
        return go_error_set(GO_ENOMEM, "SGF: out of memory writing");
    }
    *out = w.s;
    if (out_len)
        *out_len = w.len;
    return 0;
}

/* ---- game information ------------------------------------------------------------------ */

static bool parse_long(long *out, const char *s)
{
    while (is_space(*s))
        s++;
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s)
        return false;
    while (is_space(*end))
        end++;
    if (*end)
        return false;
    *out = v;
    return true;
}

static bool parse_double(double *out, const char *s)
{
    while (is_space(*s))
        s++;
    char *end;
    double v = strtod(s, &end);
    if (end == s)
        return false;
    while (is_space(*end))
        end++;
    if (*end || v != v || v > 1e9 || v < -1e9)
        return false;
    *out = v;
    return true;
}

static bool contains_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && (hay[i] | 0x20) == (needle[i] | 0x20))
            i++;
        if (i == n)
            return true;
    }
    return false;
}

/* KO[7.5] or Japanese text "黒6目半" (6 moku and a half). */
static bool parse_ko(double *out, const char *s)
{
    if (parse_double(out, s))
        return true;
    const char *d = s;
    while (*d && !(*d >= '0' && *d <= '9'))
        d++;
    if (!*d)
        return false;
    char *end;
    double v = strtod(d, &end);
    if (strncmp(end, "目半", strlen("目半")) == 0)
        v += 0.5;
    *out = v;
    return true;
}

int go_sgf_info(go_sgf_game_info *out, const go_sgf *sgf, size_t game)
{
    go_sgf_game_info info = GO_SGF_GAME_INFO_INIT;
    const go_sgf_node *root = go_sgf_game(sgf, game);
    if (!root)
        return go_error_set(GO_EINVAL, "SGF: no game %zu (the record has %zu)", game + 1,
                            sgf->ngames);
    const char *gm = go_sgf_node_get(root, "GM");
    long v;
    if (gm && *gm && (!parse_long(&v, gm) || v != 1)) /* GM[] (empty) reads as absent */
        return go_error_set(GO_EUNSUPPORTED, "SGF: GM[%.20s] is not a game of Go (GM[1])", gm);
    const char *sz = go_sgf_node_get(root, "SZ");
    if (sz && *sz) { /* SZ[] (empty) reads as absent */
        const char *colon = strchr(sz, ':');
        long cols, rows;
        if (colon) {
            char a[24];
            size_t l = (size_t)(colon - sz);
            if (l >= sizeof a)
                return go_error_set(GO_EPARSE, "SGF: SZ[%.20s] is not a board size", sz);
            memcpy(a, sz, l);
            a[l] = '\0';
            if (!parse_long(&cols, a) || !parse_long(&rows, colon + 1))
                return go_error_set(GO_EPARSE, "SGF: SZ[%.20s] is not a board size", sz);
            if (cols != rows)
                return go_error_set(GO_EUNSUPPORTED,
                                    "SGF: rectangular board SZ[%ld:%ld] is not supported (square "
                                    "boards only)",
                                    cols, rows);
        } else if (!parse_long(&cols, sz)) {
            return go_error_set(GO_EPARSE, "SGF: SZ[%.20s] is not a board size", sz);
        }
        if (cols < GO_MIN_SIZE || cols > GO_MAX_SIZE)
            return go_error_set(GO_ERANGE,
                                "SGF: board size SZ[%.20s] is outside %d..%d, the sizes goref "
                                "supports",
                                sz, GO_MIN_SIZE, GO_MAX_SIZE);
        info.size = (int)cols;
    }
    info.rules = go_sgf_node_get(root, "RU");
    const char *km = go_sgf_node_get(root, "KM");
    double komi;
    if (km && parse_double(&komi, km)) {
        info.komi = komi;
        info.komi_source = GO_SGF_KOMI_KM;
        long ikm;
        /* Fox stores hundredths (of a stone under Chinese rules): see the header. */
        if (parse_long(&ikm, km) && (ikm >= 50 || ikm <= -50) && ikm % 25 == 0) {
            info.komi = (double)ikm / 100.0;
            if (info.rules &&
                (contains_ci(info.rules, "chinese") || contains_ci(info.rules, "cn")) &&
                info.komi < 5.0 && info.komi > -5.0)
                info.komi *= 2.0;
            info.komi_source = GO_SGF_KOMI_FOX;
        }
    } else {
        const char *ko = go_sgf_node_get(root, "KO");
        if (ko && parse_ko(&komi, ko)) {
            info.komi = komi;
            info.komi_source = GO_SGF_KOMI_KO;
        }
    }
    const char *ha = go_sgf_node_get(root, "HA");
    long handicap;
    if (ha && parse_long(&handicap, ha) && handicap >= 2 && handicap <= 361)
        info.handicap = (int)handicap;
    info.result = go_sgf_node_get(root, "RE");
    info.black = go_sgf_node_get(root, "PB");
    info.white = go_sgf_node_get(root, "PW");
    info.black_rank = go_sgf_node_get(root, "BR");
    info.white_rank = go_sgf_node_get(root, "WR");
    info.date = go_sgf_node_get(root, "DT");
    info.event = go_sgf_node_get(root, "EV");
    info.round = go_sgf_node_get(root, "RO");
    info.place = go_sgf_node_get(root, "PC");
    info.game_name = go_sgf_node_get(root, "GN");
    info.comment = go_sgf_node_get(root, "GC");
    info.charset = root->charset ? root->charset : sgf->charset;
    *out = info;
    return 0;
}

/* ---- replay --------------------------------------------------------------------------- */

static const char *color_name(go_color c)
{
    return c == GO_BLACK ? "B" : "W";
}

/* Setup of one node: AB, AW, AE (and the root's handicap). */
static int replay_setup(go_game *g, const go_sgf_node *node, int size, int handicap, bool root)
{
    static const struct {
        const char *id;
        go_color color;
    } kinds[] = {{"AE", GO_EMPTY}, {"AB", GO_BLACK}, {"AW", GO_WHITE}};
    go_point pts[GO_MAX_SIZE * GO_MAX_SIZE];
    if (root && handicap >= 2 && !find_prop(node, "AW") && !find_prop(node, "AE")) {
        int n = go_sgf_node_points(pts, sizeof pts / sizeof pts[0], node, "AB", size);
        if (n < 0)
            return n;
        if (n == handicap && go_board_stone_count(go_game_board(g), GO_BLACK) == 0 &&
            go_board_stone_count(go_game_board(g), GO_WHITE) == 0) {
            int rc = go_game_handicap_free(g, pts, n);
            if (rc == 0)
                return 0;
            go_error_clear(); /* repeated points and the like: fall back to plain setup */
        }
    }
    int rc = 0;
    go_point *many = NULL; /* lists longer than the board (repeated points) */
    for (size_t k = 0; k < 3 && !rc; k++) {
        go_point *list = pts;
        int n = go_sgf_node_points(pts, sizeof pts / sizeof pts[0], node, kinds[k].id, size);
        if (n < 0)
            return n;
        if ((size_t)n > sizeof pts / sizeof pts[0]) {
            free(many);
            many = malloc((size_t)n * sizeof *many);
            if (!many)
                return go_error_set(GO_ENOMEM, "SGF: out of memory");
            n = go_sgf_node_points(many, (size_t)n, node, kinds[k].id, size);
            list = many;
        }
        for (int i = 0; i < n; i++) {
            if (kinds[k].color != GO_EMPTY &&
                go_board_at(go_game_board(g), list[i]) == kinds[k].color)
                continue;
            if (kinds[k].color == GO_EMPTY && go_board_at(go_game_board(g), list[i]) == GO_EMPTY)
                continue;
            rc = go_game_setup(g, kinds[k].color, list[i]);
            if (rc) {
                char detail[160];
                snprintf(detail, sizeof detail, "%s", go_error_last());
                char name[4];
                go_point_to_sgf(name, sizeof name, list[i]);
                rc = go_error_set(rc, "SGF byte %zu: setup %s[%s]: %s", node->offset, kinds[k].id,
                                  name, detail);
                break;
            }
        }
    }
    free(many);
    return rc;
}

int go_sgf_replay(go_game **out, size_t *moves_out, const go_sgf *sgf, size_t game,
                  const go_sgf_replay_options *opts)
{
    go_sgf_replay_options defaults = GO_SGF_REPLAY_OPTIONS_INIT;
    if (!opts)
        opts = &defaults;
    *out = NULL;
    if (moves_out)
        *moves_out = 0;
    if (opts->version != GO_SGF_REPLAY_OPTIONS_VERSION)
        return go_error_set(GO_EINVAL, "SGF: replay options version %u (expected %u)",
                            opts->version, GO_SGF_REPLAY_OPTIONS_VERSION);
    go_sgf_game_info info;
    int rc = go_sgf_info(&info, sgf, game);
    if (rc)
        return rc;
    go_game *g = NULL;
    if ((rc = go_game_new(&g, info.size, opts->superko)))
        return rc;
    size_t moves = 0;
    for (const go_sgf_node *node = sgf->games[game]; node; node = node->first_child) {
        if ((rc = replay_setup(g, node, info.size, info.handicap, node == sgf->games[game])))
            goto done;
        const char *pl = go_sgf_node_get(node, "PL");
        if (pl && (pl[0] == 'B' || pl[0] == 'b'))
            go_game_set_to_move(g, GO_BLACK);
        else if (pl && (pl[0] == 'W' || pl[0] == 'w'))
            go_game_set_to_move(g, GO_WHITE);
        for (int k = 0; k < 2; k++) {
            go_color color = k == 0 ? GO_BLACK : GO_WHITE;
            const char *v = go_sgf_node_get(node, color_name(color));
            if (!v)
                continue;
            if (opts->max_moves && moves >= opts->max_moves)
                goto done;
            go_point pt;
            if (parse_point(&pt, v, info.size)) {
                rc = go_error_set(GO_EPARSE,
                                  "move %zu %s[%.20s] (SGF byte %zu): not a point of a %dx%d "
                                  "board",
                                  moves + 1, color_name(color), v, node->offset, info.size,
                                  info.size);
                goto done;
            }
            /* Play may resume after two passes (a dispute, or players who go on). */
            if (go_game_over(g) && go_game_resigned(g) == GO_EMPTY)
                go_game_resume(g);
            rc = go_game_play(g, color, pt);
            if (rc) {
                char detail[200];
                snprintf(detail, sizeof detail, "%s", go_error_last());
                rc = go_error_set(rc, "move %zu %s[%s] (SGF byte %zu): %s", moves + 1,
                                  color_name(color), v, node->offset, detail);
                goto done;
            }
            moves++;
        }
    }
done:
    if (moves_out)
        *moves_out = moves;
    if (rc && !(opts->keep_partial && rc != GO_ENOMEM)) {
        go_game_free(g);
        return rc;
    }
    *out = g;
    return rc;
}

/* ---- from a game ------------------------------------------------------------------------ */

static int add_fmt(go_sgf *sgf, go_sgf_node *node, const char *id, const char *fmt, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, fmt, v);
    return go_sgf_node_add_value(sgf, node, id, buf);
}

int go_sgf_from_game(go_sgf **out, const go_game *game, const go_sgf_game_info *info)
{
    go_sgf_game_info defaults = GO_SGF_GAME_INFO_INIT;
    if (!info)
        info = &defaults;
    *out = NULL;
    go_sgf *sgf = NULL;
    go_game *start = NULL;
    int rc;
    if ((rc = go_sgf_new(&sgf)) || (rc = go_game_clone(&start, game)))
        goto done;
    /* The position before the first move: undo moves (and whatever followed them). */
    while (go_game_move_count(start) > 0)
        if ((rc = go_game_undo(start)))
            goto done;
    go_sgf_node *root;
    if ((rc = go_sgf_node_add(&root, sgf, NULL)))
        goto done;
    int size = go_game_size(game);
    struct {
        const char *id;
        const char *value;
    } text[] = {{"FF", "4"},
                {"GM", "1"},
                {"CA", "UTF-8"},
                {"AP", "goref"},
                {"RU", info->rules},
                {"PB", info->black},
                {"PW", info->white},
                {"BR", info->black_rank},
                {"WR", info->white_rank},
                {"DT", info->date},
                {"EV", info->event},
                {"RO", info->round},
                {"PC", info->place},
                {"GN", info->game_name},
                {"GC", info->comment}};
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        if (text[i].value && (rc = go_sgf_node_add_value(sgf, root, text[i].id, text[i].value)))
            goto done;
    if ((rc = add_fmt(sgf, root, "SZ", "%.0f", size)) ||
        (rc = add_fmt(sgf, root, "KM", "%g", info->komi)))
        goto done;
    int handicap = go_game_handicap(start);
    if (handicap >= 2 && (rc = add_fmt(sgf, root, "HA", "%.0f", handicap)))
        goto done;
    const char *result = info->result;
    go_color resigned = go_game_resigned(game);
    if (!result && resigned != GO_EMPTY)
        result = resigned == GO_BLACK ? "W+R" : "B+R";
    if (result && (rc = go_sgf_node_add_value(sgf, root, "RE", result)))
        goto done;
    const go_board *b = go_game_board(start);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            go_point p = go_point_at(x, y);
            go_color c = go_board_at(b, p);
            if (c != GO_BLACK && c != GO_WHITE)
                continue;
            char name[4];
            go_point_to_sgf(name, sizeof name, p);
            if ((rc = go_sgf_node_add_value(sgf, root, c == GO_BLACK ? "AB" : "AW", name)))
                goto done;
        }
    if (go_game_to_move(start) == GO_WHITE && handicap < 2 &&
        (rc = go_sgf_node_add_value(sgf, root, "PL", "W")))
        goto done;
    go_sgf_node *node = root;
    for (size_t i = 0; i < go_game_move_count(game); i++) {
        go_move m = go_game_move(game, i);
        char name[4];
        go_point_to_sgf(name, sizeof name, m.point);
        if ((rc = go_sgf_node_add(&node, sgf, node)) ||
            (rc = go_sgf_node_add_value(sgf, node, m.color == GO_BLACK ? "B" : "W", name)))
            goto done;
    }
done:
    go_game_free(start);
    if (rc) {
        go_sgf_free(sgf);
        return rc;
    }
    *out = sgf;
    return 0;
}
