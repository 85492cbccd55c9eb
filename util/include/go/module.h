/* Parts of the program loaded on demand. The goref binary keeps OpenCV (the photo reader) and
 * Pango/cairo (the printed sheet) out of its start-up: each lives in a shared module beside the
 * binary, loaded by the first call that needs it, so `goref version`, `count` and `club` start
 * in milliseconds. A module takes the functions it calls from the program (which is linked with
 * its symbols exported), so both share one error state.
 *
 *   static go_module sheet = GO_MODULE_INIT("goref-sheet.so", "GOREF_SHEET_MODULE");
 *   int (*f)(int) = (int (*)(int))(uintptr_t)go_module_symbol(&sheet, "name");
 *   if (!f) ... go_module_why(&sheet) says why ...
 */
#ifndef GO_MODULE_H
#define GO_MODULE_H

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct go_module {
    const char *file;     /* the module's file name, looked for beside the running program */
    const char *env;      /* an environment variable that names the file instead, or NULL */
    pthread_mutex_t lock; /* guards the fields below */
    int tried;            /* 1 once loading was tried */
    void *handle;         /* the dlopen handle once loaded */
    char why[600];        /* why it could not be loaded */
} go_module;

#define GO_MODULE_INIT(file, env)                                                                  \
    {                                                                                              \
        (file), (env), PTHREAD_MUTEX_INITIALIZER, 0, NULL, ""                                      \
    }

/* The module's symbol called name, loading the module on the first call (thread-safe). NULL
 * when the module cannot be loaded or lacks the symbol: go_module_why(m) says which. */
void *go_module_symbol(go_module *m, const char *name);

/* The same without loading: NULL unless the module is loaded already. */
void *go_module_loaded_symbol(go_module *m, const char *name);

/* Why the last go_module_symbol on m returned NULL ("" if it did not). */
const char *go_module_why(go_module *m);

#ifdef __cplusplus
}
#endif

#endif
