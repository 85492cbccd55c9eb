#!/usr/bin/python3
"""Train the intersection classifier (empty / black / white), or the lattice model (no point /
point), and export it to ONNX.

Reads a patches file written by the C side (format below), trains a small CNN on
the CPU with Debian's PyTorch, exports it to ONNX (opset 11) for OpenCV 4.6's dnn
module, and checks the export against OpenCV before returning.

Run with Debian's Python (it is the one that sees Debian's torch, numpy and cv2):

    /usr/bin/python3 vision/model/train.py --data PATCHES.bin --out MODEL.onnx \
        [--exclude-fold K] [--epochs E] [--seed S] [--threads T] [--max-minutes M] \
        [--class-weight none|sqrt] [--task points|lattice]

Patches file (little-endian):
    header, 16 bytes: magic b"GRPTCH01", uint32 count n, uint32 side S (28)
    n records of 4 + S*S*3 bytes:
        uint8 label   0 empty, 1 black, 2 white
        int8  fold    -1 synthetic board (always training data), 0..K-1 real photo's fold
        uint8 size    board size 9, 13 or 19
        uint8 flags   bit 0: the stone sits off its point (with --task lattice: the kind of
                      patch, 0 on a point, 1 half a cell off, 2 beyond the board's edge,
                      3 the table or a cloth, 4 at another cell size)
        S*S*3 uint8   patch, HWC, BGR, rectified at 12 px per cell, centred on the point

Model contract (the C side depends on it):
    input  "patch" float32 [N, 3, 24, 24]: centre 24x24 crop (offset 2,2) of the
           28x28 patch, BGR channel order, CHW, byte / 255.0
    output "prob"  float32 [N, 3]: softmax probabilities, order empty, black, white
                   (--task lattice: [N, 2], order no point, point; labels 0 and 1)

Held-out data: with --exclude-fold K the photo records of fold K are held out
(synthetic records always train) and a full report is printed on them. Without
it a random 5% of all records is held out for the validation print, and the
model trains on the other 95% (so the printed accuracy is an honest one).

Determinism: seeds are fixed (python, numpy, torch), torch runs deterministic
algorithms on a fixed number of threads, and batches are assembled in this
process (no loader workers), so two runs on the same data with the same seed,
threads and epochs write the same ONNX bytes. The time budget (--max-minutes)
is the one exception: when it cuts training short, the result depends on the
machine's speed, and the script says so.
"""

import argparse
import hashlib
import io
import math
import os
import random
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

MAGIC = b"GRPTCH01"
HEADER_BYTES = 16
CROP = 24                  # the model's input side
CLASSES = ("empty", "black", "white")
TASKS = {"points": ("empty", "black", "white"), "lattice": ("no point", "point")}
LATTICE_KINDS = ("on a point", "half a cell off", "beyond the edge", "table or cloth",
                 "another cell size")

# Training recipe defaults. On this project's machine (2 cores, 2 threads) an
# epoch of 200k records takes 18 to 35 s (augmentation included; the machine's
# speed varies over time) and its held-out evaluation 1-2 s, so 10 epochs with
# loading and export take about 3.5 to 4 minutes at the usual pace; the time
# budget (--max-minutes) plans fewer epochs when the machine is slow.
DEFAULT_EPOCHS = 10
BATCH = 256
LR = 3e-3
WEIGHT_DECAY = 1e-4
WARMUP_STEPS = 100
# Real photos are few next to the synthetic boards: an epoch is as many samples
# as there are training records, and the photos are drawn again and again until
# they make this share of them, the synthetic records the rest (when photos
# already make more, the records are taken as they are).
PHOTO_SHARE = 0.35
# Photometric augmentation ranges (on values in 0..1).
CONTRAST = 0.15            # contrast factor in 1 +- CONTRAST, around the patch mean
BRIGHTNESS = 0.05          # offset in +- BRIGHTNESS
CHANNEL_GAIN = 0.12        # per-channel gain in 1 +- CHANNEL_GAIN (lamp colour)
NOISE_MAX = 0.015          # per-patch gaussian noise sigma drawn in 0..NOISE_MAX
# Colour jitter that moves hue and saturation, not only lightness: the patches are scaled to the
# board's mean in each channel, which takes a lamp's colour out of the wood but not out of
# stones of another hue, nor the noise of a channel the lamp leaves nearly dark.
SATURATION = 0.4           # each pixel's distance from its grey scaled by 1 +- SATURATION
HUE_MIX = 0.12             # channels mixed by I + U(-HUE_MIX, HUE_MIX) off the diagonal
COLOUR_SHARE = 0.6         # share of the patches given the hue and saturation jitter
BLUR_SHARE = 0.15          # share of the patches blurred by a 3x3 binomial kernel
HOLDOUT_SHARE = 0.05       # random held-out share when no fold is excluded
EXPORT_RESERVE_S = 20.0    # time kept from the budget for the final report and export


# ----------------------------------------------------------------------------
# Data


class Patches:
    """The records of a patches file.

    The file is read once, sequentially, into one uint8 buffer (about 0.5 GB
    for 200k records) and the records are a view on it (np.frombuffer): no
    float copy of the data is ever made, and batches are gathered from memory
    rather than by random reads of a memory-mapped file, which were slow on a
    cold page cache.
    """

    def __init__(self, path):
        total = os.path.getsize(path)
        with open(path, "rb") as fh:
            head = fh.read(HEADER_BYTES)
            if len(head) != HEADER_BYTES or head[:8] != MAGIC:
                sys.exit(f"{path}: not a GRPTCH01 patches file")
            n, side = struct.unpack("<II", head[8:16])
            if side < CROP:
                sys.exit(f"{path}: patch side {side} is smaller than the crop {CROP}")
            rec_type = np.dtype([("label", "u1"), ("fold", "i1"), ("size", "u1"),
                                 ("flags", "u1"), ("px", "u1", (side, side, 3))])
            expect = HEADER_BYTES + n * rec_type.itemsize
            if total != expect:
                sys.exit(f"{path}: {total} bytes, header says {expect}")
            raw = np.empty(total, dtype=np.uint8)
            raw[:HEADER_BYTES] = np.frombuffer(head, dtype=np.uint8)
            if fh.readinto(memoryview(raw)[HEADER_BYTES:]) != total - HEADER_BYTES:
                sys.exit(f"{path}: short read")
        self.sha256 = hashlib.sha256(raw).hexdigest()
        rec = np.frombuffer(raw, dtype=rec_type, offset=HEADER_BYTES, count=n)
        self.n, self.side = n, side
        self.margin = (side - CROP) // 2          # the centre crop's offset
        self.label = rec["label"].astype(np.int64)
        self.fold = rec["fold"].astype(np.int64)
        self.size = rec["size"].astype(np.int64)
        self.flags = rec["flags"].astype(np.int64)
        self.px = rec["px"]                       # (n, side, side, 3) uint8 view, read-only
        if n and (self.label.max() >= len(CLASSES) or self.fold.min() < -1):
            sys.exit(f"{path}: labels must be 0..{len(CLASSES) - 1} and folds -1 or more")

    def pixels(self, idx):
        """uint8 (len(idx), side, side, 3) copies of the records idx."""
        return self.px[idx]


def centre_crop(px, margin):
    """uint8 (B, S, S, 3) BGR patches -> float32 (B, 3, 24, 24), byte / 255: the model's input."""
    x = px[:, margin:margin + CROP, margin:margin + CROP, :]
    return np.ascontiguousarray(x.transpose(0, 3, 1, 2), dtype=np.float32) / 255.0


def augment(px, rng, margin):
    """Random training views of uint8 (B, S, S, 3) patches -> float32 (B, 3, 24, 24).

    - a 24x24 crop anywhere within the patch (the point moves by up to +-margin px),
    - one of the 8 symmetries of the square (transpose, then flips of either axis),
    - contrast around the patch mean, brightness, per-channel gain, a little noise,
    - for a share of them, saturation scaled and the channels mixed (hue moved), and a blur,
    - rounding back to byte steps and clipping to 0..1, as the C side's input is.
    """
    b = len(px)
    dy = rng.integers(0, 2 * margin + 1, b)
    dx = rng.integers(0, 2 * margin + 1, b)
    rows = dy[:, None] + np.arange(CROP)
    cols = dx[:, None] + np.arange(CROP)
    x = px[np.arange(b)[:, None, None], rows[:, :, None], cols[:, None, :]]   # (B, 24, 24, 3)

    t = rng.random(b) < 0.5
    x[t] = x[t].transpose(0, 2, 1, 3)
    f = rng.random(b) < 0.5
    x[f] = x[f, ::-1]
    f = rng.random(b) < 0.5
    x[f] = x[f, :, ::-1]

    x = x.transpose(0, 3, 1, 2).astype(np.float32) / 255.0                  # (B, 3, 24, 24)
    c = rng.random(b) < COLOUR_SHARE
    if c.any():
        k = int(c.sum())
        grey = x[c].mean(axis=1, keepdims=True)
        sat = rng.uniform(1 - SATURATION, 1 + SATURATION, (k, 1, 1, 1)).astype(np.float32)
        mix = np.eye(3, dtype=np.float32) + rng.uniform(-HUE_MIX, HUE_MIX, (k, 3, 3)).astype(
            np.float32) * (1 - np.eye(3, dtype=np.float32))
        mix /= mix.sum(axis=2, keepdims=True)        # a grey stays grey
        y = grey + sat * (x[c] - grey)
        x[c] = np.einsum("kij,kjhw->kihw", mix, y)
    f = rng.random(b) < BLUR_SHARE
    if f.any():
        y = np.pad(x[f], ((0, 0), (0, 0), (1, 1), (1, 1)), mode="edge")
        y = (y[:, :, :-2] + 2 * y[:, :, 1:-1] + y[:, :, 2:]) / 4
        x[f] = (y[:, :, :, :-2] + 2 * y[:, :, :, 1:-1] + y[:, :, :, 2:]) / 4
    mean = x.mean(axis=(1, 2, 3), keepdims=True)
    contrast = rng.uniform(1 - CONTRAST, 1 + CONTRAST, (b, 1, 1, 1)).astype(np.float32)
    bright = rng.uniform(-BRIGHTNESS, BRIGHTNESS, (b, 1, 1, 1)).astype(np.float32)
    gain = rng.uniform(1 - CHANNEL_GAIN, 1 + CHANNEL_GAIN, (b, 3, 1, 1)).astype(np.float32)
    sigma = rng.uniform(0, NOISE_MAX, (b, 1, 1, 1)).astype(np.float32)
    noise = rng.standard_normal(x.shape, dtype=np.float32)
    x = ((x - mean) * contrast + mean + bright) * gain + sigma * noise
    x = np.clip(np.rint(x * 255.0), 0, 255) / 255.0
    return np.ascontiguousarray(x, dtype=np.float32)


def epoch_order(rng, synth, photo, count):
    """Indices of one epoch's `count` samples, shuffled.

    Photos make PHOTO_SHARE of the samples (more if they already do): each group
    is walked through fresh permutations, repeated as often as its share needs,
    so every record of a group is seen about equally often.
    """
    def draw(group, k):
        if k <= 0 or len(group) == 0:
            return np.empty(0, dtype=np.int64)
        reps = -(-k // len(group))
        return np.concatenate([rng.permutation(group) for _ in range(reps)])[:k]

    if len(photo) == 0 or len(synth) == 0:
        return rng.permutation(np.concatenate([synth, photo]))[:count]
    share = max(PHOTO_SHARE, len(photo) / (len(photo) + len(synth)))
    k_photo = int(round(share * count))
    return rng.permutation(np.concatenate([draw(synth, count - k_photo), draw(photo, k_photo)]))


# ----------------------------------------------------------------------------
# Model


class PatchNet(nn.Module):
    """24x24 BGR patch -> logits for each class (empty, black, white; or no point, point).

    conv3x3 3->8, BN, ReLU, maxpool2    24 -> 12
    conv3x3 8->16, BN, ReLU, maxpool2   12 -> 6
    conv3x3 16->16, BN, ReLU, maxpool2   6 -> 3
    flatten 16*3*3, linear 144->32, ReLU, linear 32->classes
    The BatchNorms fold into the convolutions on export (eval mode).
    """

    def __init__(self, classes=3):
        super().__init__()

        def block(cin, cout):
            return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout),
                    nn.ReLU(inplace=True), nn.MaxPool2d(2)]

        self.features = nn.Sequential(*block(3, 8), *block(8, 16), *block(16, 16))
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(16 * 3 * 3, 32), nn.ReLU(inplace=True),
                                  nn.Linear(32, classes))

    def forward(self, x):
        return self.head(self.features(x))


class LatticeNet(nn.Module):
    """24x24 BGR patch -> logits for no point, point: the patch averaged down to 12x12 (6 px a
    cell: a point's crossing or stone and its neighbours' halves, the detail the point
    classifier needs left out), then

    conv3x3 3->8, BN, ReLU, maxpool2    12 -> 6
    conv3x3 8->16, BN, ReLU, maxpool2    6 -> 3
    flatten 16*3*3, linear 144->32, ReLU, linear 32->2
    """

    def __init__(self, classes=2):
        super().__init__()

        def block(cin, cout):
            return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout),
                    nn.ReLU(inplace=True), nn.MaxPool2d(2)]

        self.features = nn.Sequential(nn.AvgPool2d(2), *block(3, 8), *block(8, 16))
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(16 * 3 * 3, 32), nn.ReLU(inplace=True),
                                  nn.Linear(32, classes))

    def forward(self, x):
        return self.head(self.features(x))


class Exported(nn.Module):
    """The graph written to ONNX: the network with its softmax."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, patch):
        return torch.softmax(self.net(patch), dim=1)


def count_macs(model):
    """Multiply-adds of one patch through the convolutions and linear layers."""
    macs = []

    def hook(mod, inp, out):
        if isinstance(mod, nn.Conv2d):
            k = mod.kernel_size[0] * mod.kernel_size[1] * mod.in_channels // mod.groups
            macs.append(out.numel() * k)
        elif isinstance(mod, nn.Linear):
            macs.append(out.numel() * mod.in_features)

    hooks = [m.register_forward_hook(hook) for m in model.modules()
             if isinstance(m, (nn.Conv2d, nn.Linear))]
    was_training = model.training
    model.eval()
    with torch.no_grad():
        model(torch.zeros(1, 3, CROP, CROP))
    model.train(was_training)
    for h in hooks:
        h.remove()
    return sum(macs)


def predict(model, data, idx, chunk=2048):
    """Softmax probabilities (len(idx), classes) of the records idx, centre crop, eval mode."""
    model.eval()
    out = []
    with torch.no_grad():
        for i in range(0, len(idx), chunk):
            x = centre_crop(data.pixels(idx[i:i + chunk]), data.margin)
            out.append(torch.softmax(model(torch.from_numpy(x)), dim=1).numpy())
    model.train()
    return np.concatenate(out) if out else np.zeros((0, len(CLASSES)), np.float32)


# ----------------------------------------------------------------------------
# Reports


def report(data, idx, prob, title):
    """Accuracy per class, confusion, calibration and groups on the held-out records."""
    y = data.label[idx]
    pred = prob.argmax(1)
    conf = prob.max(1)
    ok = pred == y
    n = len(y)
    wrong = int((~ok).sum())
    print(f"\n== {title}: {n} points, accuracy {ok.mean():.4%} ({wrong} wrong)")
    print("   per class (rows true, columns read):  " + "".join(f"{c:>9s}" for c in CLASSES))
    for c, name in enumerate(CLASSES):
        m = y == c
        if m.any():
            row = " ".join(f"{int(((pred == k) & m).sum()):8d}" for k in range(len(CLASSES)))
            print(f"   {name:8s} {int(m.sum()):7d} points, accuracy {ok[m].mean():8.4%}   {row}")
    for t in (0.9, 0.7):
        low = conf < t
        k = int(low.sum())
        wl = int((low & ~ok).sum())
        print(f"   max prob < {t}: {k} points ({k / max(n, 1):.3%}), {wl} of them wrong "
              f"({wl / max(k, 1):.1%}); {wl} of the {wrong} wrong points are among them")
    if len(CLASSES) == 2:
        for k, name in enumerate(LATTICE_KINDS):
            m = data.flags[idx] == k
            if m.any():
                print(f"   {name}: {int(m.sum())} patches, accuracy {ok[m].mean():.4%}, "
                      f"mean probability of a point {prob[m, 1].mean():.3f}")
    else:
        off = (data.flags[idx] & 1) == 1
        if off.any():
            print(f"   stones off their point: {int(off.sum())}, accuracy {ok[off].mean():.4%}")
    for s in sorted(set(data.size[idx].tolist())):
        m = data.size[idx] == s
        print(f"   {s}x{s}: {int(m.sum())} points, accuracy {ok[m].mean():.4%}")
    photo = data.fold[idx] >= 0
    if photo.any() and (~photo).any():
        print(f"   photos: {int(photo.sum())} points, accuracy {ok[photo].mean():.4%}; "
              f"synthetic: {int((~photo).sum())} points, accuracy {ok[~photo].mean():.4%}")


# ----------------------------------------------------------------------------
# ONNX export


def _varint(v):
    out = bytearray()
    while True:
        byte = v & 0x7F
        v >>= 7
        if v:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _pb_field(number, payload):
    """A length-delimited protobuf field (wire type 2)."""
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def with_metadata(model_bytes, doc, props):
    """Add doc_string and metadata_props to a serialized ONNX ModelProto.

    The onnx package is not on the machine; fields appended to a serialized
    protobuf message are read as part of it (ModelProto field 6 is doc_string,
    field 14 the repeated metadata_props of key 1 / value 2).
    """
    extra = _pb_field(6, doc.encode())
    for key, value in props:
        extra += _pb_field(14, _pb_field(1, key.encode()) + _pb_field(2, value.encode()))
    return model_bytes + extra


def export(model, path, doc, props):
    buf = io.BytesIO()
    torch.onnx.export(Exported(model).eval(), torch.zeros(1, 3, CROP, CROP), buf,
                      input_names=["patch"], output_names=["prob"],
                      dynamic_axes={"patch": {0: "N"}, "prob": {0: "N"}},
                      opset_version=11, do_constant_folding=True,
                      training=torch.onnx.TrainingMode.EVAL)
    blob = with_metadata(buf.getvalue(), doc, props)
    with open(path, "wb") as fh:
        fh.write(blob)
    return len(blob)


def check_with_opencv(model, path, x):
    """Run x through torch (eval) and through OpenCV's reading of the ONNX file; return the max difference."""
    import cv2
    net = cv2.dnn.readNetFromONNX(path)
    net.setInput(x)
    got = net.forward()
    with torch.no_grad():
        want = Exported(model).eval()(torch.from_numpy(x)).numpy()
    layers = [net.getLayer(name).type for name in net.getLayerNames()]
    return float(np.abs(got - want).max()), got.shape, layers


# ----------------------------------------------------------------------------
# Main


def main():
    ap = argparse.ArgumentParser(description="Train the intersection classifier and export it to ONNX.")
    ap.add_argument("--data", required=True, help="patches file (GRPTCH01)")
    ap.add_argument("--out", required=True, help="ONNX model to write")
    ap.add_argument("--exclude-fold", type=int, default=None,
                    help="hold out the photo records of this fold and report on them")
    ap.add_argument("--epochs", type=int, default=DEFAULT_EPOCHS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--max-minutes", type=float, default=5.0,
                    help="stop training early to finish (export included) within this time")
    ap.add_argument("--task", choices=tuple(TASKS), default="points",
                    help="points: empty, black, white; lattice: no point, point")
    ap.add_argument("--class-weight", choices=("none", "sqrt"), default="none",
                    help="loss weights per class: none (plain cross-entropy, probabilities "
                         "calibrated to the training mix) or sqrt (1/sqrt of class frequency)")
    args = ap.parse_args()
    global CLASSES
    CLASSES = TASKS[args.task]

    t_start = time.monotonic()
    budget_s = args.max_minutes * 60.0

    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    rng = np.random.default_rng(args.seed)                  # batches and augmentation
    split_rng = np.random.default_rng([args.seed, 0x5EED])  # the random held-out share

    t_load = time.monotonic()
    data = Patches(args.data)
    all_idx = np.arange(data.n)
    if args.exclude_fold is not None:
        held = all_idx[data.fold == args.exclude_fold]
        if len(held) == 0:
            sys.exit(f"no photo records of fold {args.exclude_fold}")
        train = all_idx[data.fold != args.exclude_fold]
        held_title = f"held-out fold {args.exclude_fold}"
    else:
        perm = split_rng.permutation(data.n)
        k = max(1, int(round(HOLDOUT_SHARE * data.n)))
        held, train = np.sort(perm[:k]), np.sort(perm[k:])
        held_title = f"held-out random {HOLDOUT_SHARE:.0%}"
    synth = train[data.fold[train] < 0]
    photo = train[data.fold[train] >= 0]
    if len(train) < BATCH:
        sys.exit(f"only {len(train)} training records; need at least {BATCH}")

    counts = np.bincount(data.label[train], minlength=len(CLASSES))
    print(f"data {args.data}: {data.n} records of {data.side}x{data.side}; "
          f"training {len(train)} ({len(synth)} synthetic, {len(photo)} photo), "
          f"held out {len(held)}; classes {dict(zip(CLASSES, counts.tolist()))}; "
          f"read in {time.monotonic() - t_load:.1f} s")

    # Class weights. Plain cross-entropy (the default) keeps the probabilities
    # calibrated to the training mix of classes; sqrt weighting raises the
    # stones' classes. On test data where the stones were already read right
    # by both, sqrt weighting only added empty points read as stones and
    # low-confidence points, so it stays an option to measure on real data.
    if args.class_weight == "sqrt":
        freq = counts / counts.sum()
        w = 1.0 / np.sqrt(np.maximum(freq, 1e-6))
        w = w / (w * freq).sum()
        class_w = torch.tensor(w, dtype=torch.float32)
    else:
        class_w = None

    model = LatticeNet() if args.task == "lattice" else PatchNet()
    n_params = sum(p.numel() for p in model.parameters())
    macs = count_macs(model)
    print(f"model: {n_params} parameters, {macs} multiply-adds per patch; "
          f"threads {args.threads}, seed {args.seed}, batch {BATCH}, epochs {args.epochs}")

    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)
    epoch_size = len(train)
    steps_per_epoch = epoch_size // BATCH
    epochs_planned = args.epochs
    step = 0
    stopped = False            # stopped within an epoch, for the time budget
    epochs_done = 0
    t_train = time.monotonic()
    for epoch in range(args.epochs):
        if epoch >= epochs_planned:
            break
        t_epoch = time.monotonic()
        order = epoch_order(rng, synth, photo, epoch_size)
        total_steps = epochs_planned * steps_per_epoch
        loss_sum, seen, right = 0.0, 0, 0
        for b in range(steps_per_epoch):
            if time.monotonic() - t_start > budget_s - EXPORT_RESERVE_S:
                stopped = True
                break
            # Learning rate: linear warm-up, then cosine decay to zero over the planned steps.
            if step < WARMUP_STEPS:
                lr = LR * (step + 1) / WARMUP_STEPS
            else:
                p = min(1.0, (step - WARMUP_STEPS) / max(1, total_steps - WARMUP_STEPS))
                lr = 0.5 * LR * (1 + math.cos(math.pi * p))
            for g in opt.param_groups:
                g["lr"] = lr

            idx = np.sort(order[b * BATCH:(b + 1) * BATCH])
            x = torch.from_numpy(augment(data.pixels(idx), rng, data.margin))
            y = torch.from_numpy(data.label[idx])
            logits = model(x)
            loss = F.cross_entropy(logits, y, weight=class_w)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            step += 1
            loss_sum += float(loss) * len(idx)
            seen += len(idx)
            right += int((logits.argmax(1) == y).sum())
        if seen == 0:
            break
        epochs_done += 1
        t_fit = time.monotonic() - t_epoch
        prob = predict(model, data, held)
        held_acc = float((prob.argmax(1) == data.label[held]).mean())
        t_all = time.monotonic() - t_epoch
        print(f"epoch {epoch + 1}/{epochs_planned}: loss {loss_sum / seen:.4f}, "
              f"train acc {right / seen:.4%}, held-out acc {held_acc:.4%}, "
              f"lr {lr:.2e}, {t_fit:.1f} s training + {t_all - t_fit:.1f} s evaluation, "
              f"{time.monotonic() - t_start:.0f} s in all", flush=True)
        if stopped:
            break
        # The time budget: the epochs planned are those asked that fit in the
        # time left at the last epoch's pace, and the learning rate's decay
        # follows the plan. The plan is made again after every epoch, so a
        # slow epoch (another process on the cores) does not cut the training
        # for good. A plan whose decay has run to its end is not extended.
        if epochs_done >= epochs_planned:
            break
        left_s = budget_s - EXPORT_RESERVE_S - (time.monotonic() - t_start)
        plan = min(args.epochs, epochs_done + max(0, int(left_s // t_all)))
        if plan != epochs_planned:
            epochs_planned = plan
            print(f"time budget: {args.max_minutes} min allow {epochs_planned} epochs in all")
    cut_short = stopped or epochs_done < args.epochs
    if cut_short:
        print(f"training cut short by the time budget after {epochs_done} epochs "
              "(the result then depends on the machine's speed)")
    print(f"training: {time.monotonic() - t_train:.1f} s")

    prob = predict(model, data, held)
    report(data, held, prob, held_title)

    recipe = [
        ("data", os.path.basename(args.data)),
        ("data_sha256", data.sha256),
        ("records", f"{data.n} ({len(train)} training: {len(synth)} synthetic, {len(photo)} photo)"),
        ("held_out", held_title),
        ("seed", str(args.seed)),
        ("epochs", f"{epochs_done} of {args.epochs} asked, {steps_per_epoch} steps of batch {BATCH}"),
        ("optimizer", f"AdamW lr {LR} weight decay {WEIGHT_DECAY}, warm-up {WARMUP_STEPS} steps, cosine"),
        ("task", f"{args.task}: {', '.join(CLASSES)}"),
        ("loss", f"cross-entropy, class weights {args.class_weight}"),
        ("photo_share", f"photos drawn to {PHOTO_SHARE:.0%} of each epoch at least"),
        ("augmentation", f"random {CROP}x{CROP} crop of {data.side}x{data.side}, 8 square symmetries, "
                         f"contrast 1+-{CONTRAST}, brightness +-{BRIGHTNESS}, "
                         f"channel gain 1+-{CHANNEL_GAIN}, noise sigma 0..{NOISE_MAX}; "
                         f"{COLOUR_SHARE:.0%} saturation 1+-{SATURATION} and channels mixed "
                         f"+-{HUE_MIX}, {BLUR_SHARE:.0%} blurred 3x3"),
        ("held_out_accuracy", f"{float((prob.argmax(1) == data.label[held]).mean()):.5f}"),
        ("torch", torch.__version__),
    ]
    if args.task == "lattice":
        doc = ("goref lattice model: patch [N,3,24,24] BGR byte/255 -> prob [N,2] no point, "
               "point. Trained by vision/model/train.py --task lattice.")
    else:
        doc = ("goref intersection classifier: patch [N,3,24,24] BGR byte/255 -> "
               "prob [N,3] empty, black, white. Trained by vision/model/train.py.")
    size = export(model, args.out, doc, recipe)

    check_idx = held[:256]
    x = centre_crop(data.pixels(check_idx), data.margin)
    diff, shape, layers = check_with_opencv(model, args.out, x)
    print(f"\nexported {args.out}: {size} bytes, {n_params} parameters, {macs} multiply-adds per patch")
    print(f"OpenCV layers: {', '.join(layers)}")
    print(f"OpenCV check on {len(check_idx)} held-out patches: output {shape}, "
          f"max abs difference from torch {diff:.2e}")
    assert diff < 1e-4, f"OpenCV and torch differ by {diff}"
    assert size <= 200 * 1024, f"model file is {size} bytes"
    print(f"done in {time.monotonic() - t_start:.0f} s")


if __name__ == "__main__":
    main()
