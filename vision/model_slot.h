/* A learned model's slot: the built-in network, or one read from a file in its place, run on
 * patches as vz_point_patches cuts them. The point classifier (points.c) and the lattice model
 * (evidence.c) each keep one. Internal to vision/. */
#ifndef GO_VISION_MODEL_SLOT_H
#define GO_VISION_MODEL_SLOT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* One model. The first fields say which model it is and are set where the slot is defined;
 * the rest starts zeroed (a static slot) and belongs to the functions below. */
typedef struct vz_model_slot {
    const unsigned char *builtin; /* the built-in network's ONNX bytes */
    const size_t *builtin_len;    /* their length (a variable where the bytes are generated) */
    const char *builtin_name;     /* its name (go_vision_model_name) */
    const char *kind;             /* what a file must be, for errors: "a point classifier" */
    int classes;                  /* the network's outputs per patch */
    /* or'd into every generation the slot gives the networks it runs, so that two slots never
     * share a network kept by the shim (go_cv_net_run) */
    unsigned generation_bit;
    /* the model read from a file instead, NULL for the built-in one */
    unsigned char *file;
    size_t file_len;
    char file_name[160];
    /* counts the changes, so that each thread's network is read again after one */
    atomic_uint generation;
} vz_model_slot;

/* The name of the model in use: the file's name, or the built-in one's. Borrowed. */
const char *vz_model_slot_name(const vz_model_slot *slot);

/* Uses the ONNX file at path (at most 16 MiB) instead of the built-in network; NULL goes back
 * to it. The file is first tried on one blank patch: one that is no such network leaves the
 * slot as it was (GO_EINVAL); a file that cannot be read gives go_read_file's error. Not while
 * a scan runs. */
int vz_model_slot_use_file(vz_model_slot *slot, const char *path);

/* Runs the model in use on count patches (VZ_PATCH_SIDE square, HWC, BGR) into
 * out[count * classes]. */
int vz_model_slot_run(vz_model_slot *slot, float *out, const uint8_t *patches, int count);

#endif
