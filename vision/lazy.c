/* go/vision.h for a program that should not load OpenCV until it reads a photo (the goref
 * binary). The entry points that need the reader load the module goref-vision.so
 * (go_vision_core, built beside the binary; $GOREF_VISION_MODULE names another file) on first
 * use and call its functions of the same name. The plain C parts (go_vision_base: reading
 * files, the image header, the helpers on results) are linked in whole and shared with the
 * module, as are go_rules and its error state. */
#include <stdint.h>
#include <string.h>

#include "go/module.h"
#include "go/vision.h"

extern const char vz_points_model_name[];
extern const char vz_lattice_model_name[];

static go_module reader = GO_MODULE_INIT("goref-vision.so", "GOREF_VISION_MODULE");

/* The module's function called name, or NULL with the error set. */
static void *symbol(const char *name)
{
    void *f = go_module_symbol(&reader, name);
    if (!f)
        go_error_set(GO_EINTERNAL, "the photo reader: %s", go_module_why(&reader));
    return f;
}

/* A function's address from dlsym's void * (POSIX makes the two convertible). */
#define FN(type, name) ((type)(uintptr_t)symbol(name))

int go_vision_ready(void)
{
    return symbol("go_vision_ready") ? 0 : GO_EINTERNAL;
}

int go_vision_scan(go_vision_result *out, const void *data, size_t len,
                   const go_vision_options *opt)
{
    typedef int (*scan_fn)(go_vision_result *, const void *, size_t, const go_vision_options *);
    scan_fn f = FN(scan_fn, "go_vision_scan");
    if (!f) {
        memset(out, 0, sizeof *out);
        return GO_EINTERNAL;
    }
    return f(out, data, len, opt);
}

int go_vision_write_overlay(const char *png_path, const void *data, size_t len,
                            const go_vision_result *r)
{
    typedef int (*overlay_fn)(const char *, const void *, size_t, const go_vision_result *);
    overlay_fn f = FN(overlay_fn, "go_vision_write_overlay");
    return f ? f(png_path, data, len, r) : GO_EINTERNAL;
}

int go_vision_use_model_file(const char *path)
{
    typedef int (*model_fn)(const char *);
    model_fn f = FN(model_fn, "go_vision_use_model_file");
    return f ? f(path) : GO_EINTERNAL;
}

/* Before the module is loaded no other model can have been chosen, so the built-in one's name
 * needs no loading (`goref version`). */
const char *go_vision_model_name(void)
{
    typedef const char *(*name_fn)(void);
    void *f = go_module_loaded_symbol(&reader, "go_vision_model_name");
    return f ? ((name_fn)(uintptr_t)f)() : vz_points_model_name;
}

const char *go_vision_lattice_model_name(void)
{
    typedef const char *(*name_fn)(void);
    void *f = go_module_loaded_symbol(&reader, "go_vision_lattice_model_name");
    return f ? ((name_fn)(uintptr_t)f)() : vz_lattice_model_name;
}
