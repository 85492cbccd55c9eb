/* A learned model's slot (model_slot.h): which network runs, the built-in one or one read from a
 * file in its place, and the generations that tell each thread's kept network to be read again
 * after a change. */
#include "model_slot.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/file.h"
#include "vision_int.h"

/* A file's network is tried under a generation no run has used yet, and each trial under one of
 * its own, so that the shim never takes a kept network for it: a file read after a refused one may
 * be given the refused file's memory, and the shim knows a network by its bytes' address. */
#define TRIAL_GENERATION 1000003u

static atomic_uint trials;

const char *vz_model_slot_name(const vz_model_slot *slot)
{
    return slot->file ? slot->file_name : slot->builtin_name;
}

static int slot_net_run(const vz_model_slot *slot, float *out, const uint8_t *patches, int count,
                        unsigned generation, const void *model, size_t len)
{
    return go_cv_net_run(model, len, slot->generation_bit | generation, patches, count,
                         VZ_PATCH_SIDE, VZ_PATCH_CROP, out, slot->classes);
}

int vz_model_slot_use_file(vz_model_slot *slot, const char *path)
{
    uint8_t *data = NULL;
    size_t len = 0;
    if (path) {
        char *text = NULL;
        int rc = go_read_file(&text, &len, path, 16u * 1024 * 1024);
        data = (uint8_t *)text;
        if (rc < 0)
            return rc;
        static const uint8_t blank[VZ_PATCH_SIDE * VZ_PATCH_SIDE * 3];
        float prob[8];
        assert(slot->classes <= (int)(sizeof prob / sizeof *prob));
        const unsigned trial = TRIAL_GENERATION + atomic_fetch_add(&trials, 1);
        if (slot_net_run(slot, prob, blank, 1, atomic_load(&slot->generation) + trial, data, len) <
            0) {
            char why[200];
            snprintf(why, sizeof why, "%s", go_error_last());
            free(data);
            return go_error_set(GO_EINVAL, "%s is not %s: %s", path, slot->kind, why);
        }
    }
    free(slot->file);
    slot->file = data;
    slot->file_len = len;
    if (path) {
        const char *base = strrchr(path, '/');
        snprintf(slot->file_name, sizeof slot->file_name, "%s", base ? base + 1 : path);
    }
    atomic_fetch_add(&slot->generation, 1);
    return 0;
}

int vz_model_slot_run(vz_model_slot *slot, float *out, const uint8_t *patches, int count)
{
    const void *model = slot->file ? (const void *)slot->file : (const void *)slot->builtin;
    const size_t len = slot->file ? slot->file_len : *slot->builtin_len;
    return slot_net_run(slot, out, patches, count, atomic_load(&slot->generation), model, len);
}
