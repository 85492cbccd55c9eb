/* The bound on heavy work (http_int.h): slots for scans, suggestions and large pairings, and
 * the memory budget for decoding photos. Apart from http_server.c, which dispatches to the
 * routes, so that the routes' files take their slots without calling back into the dispatcher. */
#include <stdatomic.h>

#include "http_int.h"

bool http_heavy_enter(http_req *r)
{
    int now = atomic_fetch_add(&r->srv->heavy_now, 1);
    if (now >= (int)r->srv->opts.max_heavy) {
        atomic_fetch_sub(&r->srv->heavy_now, 1);
        http_reply_header(r, "Retry-After", "1");
        http_reply_error(r, 503, "busy",
                         "%u heavy jobs (scans, pairings) are running; try again in a second",
                         r->srv->opts.max_heavy);
        return false;
    }
    return true;
}

void http_heavy_leave(http_req *r)
{
    atomic_fetch_sub(&r->srv->heavy_now, 1);
}

bool http_memory_reserve(go_http *srv, size_t bytes)
{
    size_t now = atomic_load(&srv->decoding);
    do {
        if (bytes > srv->opts.heavy_memory || now > srv->opts.heavy_memory - bytes)
            return false;
    } while (!atomic_compare_exchange_weak(&srv->decoding, &now, now + bytes));
    return true;
}

void http_memory_release(go_http *srv, size_t bytes)
{
    if (srv && bytes)
        atomic_fetch_sub(&srv->decoding, bytes);
}

bool http_heavy_job(http_req *r, void (*job)(http_req *r), void *ctx, void (*free_ctx)(void *))
{
    r->job_ctx = ctx;
    r->job_ctx_free = free_ctx;
    if (!http_heavy_enter(r))
        return false;
    r->job = job; /* on_request hands it to a worker */
    r->job_heavy = true;
    return true;
}
