/* go/module.h: dlopen of a module beside the running program, once. */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "go/module.h"

/* Where m's file is: $env when set, else the running program's folder. */
static int module_path(const go_module *m, char *out, size_t size)
{
    const char *env = m->env ? getenv(m->env) : NULL;
    if (env && *env)
        return snprintf(out, size, "%s", env) < (int)size ? 0 : -1;
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    slash[1] = '\0';
    return snprintf(out, size, "%s%s", exe, m->file) < (int)size ? 0 : -1;
}

static void load(go_module *m)
{
    char path[PATH_MAX + 64];
    if (module_path(m, path, sizeof path) < 0) {
        snprintf(m->why, sizeof m->why, "cannot tell where %s is", m->file);
        return;
    }
    /* Lazy binding, as a program's own libraries get at start: binding OpenCV's hundred
     * libraries now would add 0.15 s to every `goref scan`. A function the program does not
     * export would then fail at its first call, not here: test_startup runs each module. */
    void *h = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(m->why, sizeof m->why, "%.300s could not be loaded: %.250s", path,
                 e ? e : "unknown error");
        return;
    }
    m->handle = h;
}

/* m's handle, loading the module first when load is set; under m's lock. */
static void *handle(go_module *m, int load_it)
{
    pthread_mutex_lock(&m->lock);
    if (load_it && !m->tried) {
        m->tried = 1;
        load(m);
    }
    void *h = m->handle;
    pthread_mutex_unlock(&m->lock);
    return h;
}

void *go_module_symbol(go_module *m, const char *name)
{
    void *h = handle(m, 1);
    if (!h)
        return NULL;
    void *f = dlsym(h, name);
    if (!f) {
        pthread_mutex_lock(&m->lock);
        snprintf(m->why, sizeof m->why, "%.300s has no %.200s", m->file, name);
        pthread_mutex_unlock(&m->lock);
    }
    return f;
}

void *go_module_loaded_symbol(go_module *m, const char *name)
{
    void *h = handle(m, 0);
    return h ? dlsym(h, name) : NULL;
}

/* Written once when loading fails (or a symbol is missing, a build error); read after. */
const char *go_module_why(go_module *m)
{
    return m->why;
}
