/* The printed sheet's entry points (sheet.h) for a program that should not load Pango and cairo
 * until it prints a sheet (the goref binary): the first call loads the module goref-sheet.so
 * (sheet.c, built beside the binary; $GOREF_SHEET_MODULE names another file) and each call goes to
 * its function of the same name. The module takes go_rules and the counting from the program. */
#include <stdint.h>

#include "go/module.h"
#include "sheet.h"

static go_module sheet = GO_MODULE_INIT("goref-sheet.so", "GOREF_SHEET_MODULE");

/* The module's function called name, or NULL with the error set. */
static void *symbol(const char *name)
{
    void *f = go_module_symbol(&sheet, name);
    if (!f)
        go_error_set(GO_EINTERNAL, "the printed sheet: %s", go_module_why(&sheet));
    return f;
}

typedef int (*to_memory_fn)(unsigned char **, size_t *, const go_count *, const go_sheet_info *);
typedef int (*to_file_fn)(const char *, const go_count *, const go_sheet_info *);

int go_count_sheet_png(unsigned char **out, size_t *out_len, const go_count *c,
                       const go_sheet_info *info)
{
    to_memory_fn f = (to_memory_fn)(uintptr_t)symbol("go_count_sheet_png");
    return f ? f(out, out_len, c, info) : GO_EINTERNAL;
}

int go_count_sheet_write_png(const char *path, const go_count *c, const go_sheet_info *info)
{
    to_file_fn f = (to_file_fn)(uintptr_t)symbol("go_count_sheet_write_png");
    return f ? f(path, c, info) : GO_EINTERNAL;
}

int go_count_png(unsigned char **out, size_t *out_len, const go_count *c)
{
    return go_count_sheet_png(out, out_len, c, NULL);
}

int go_count_write_png(const char *path, const go_count *c)
{
    return go_count_sheet_write_png(path, c, NULL);
}
