#!/usr/bin/python3
"""Train the corner model (vision/corners.c) and export it to ONNX.

A small fully convolutional network maps a photo, scaled to fit 256x192 at its top-left (the
rest black, vz_corner_input), to a heat map at a quarter of that (64x48): "a corner of the
board's lattice is here", the outermost lines' crossings. Trained on the CPU with Debian's
PyTorch, one thread, deterministic (fixed seeds, deterministic algorithms, batches made in this
process); exported as ONNX opset 11 for OpenCV 4.6's dnn and checked against OpenCV.

    /usr/bin/python3 vision/model/train_corners.py --data CORNERS.bin --out corners.onnx \
        [--epochs E] [--seed S] [--threads T] [--max-minutes M]

Data file (vision_patches --corners, little-endian):
    header, 20 bytes: magic b"GRCRNR01", uint32 count n, uint32 width W, uint32 height H
    n records of 4 + 32 + W*H*3 bytes:
        int8 fold (-1 synthetic), uint8 board size, 2 zero bytes,
        8 float32: the lattice's corners (0,0), (n-1,0), (n-1,n-1), (0,n-1) as x, y in the
                   input's pixels (pixel centres at integers)
        W*H*3 uint8 the input, HWC, BGR

Model contract (corners.c depends on it):
    input  "image" float32 [1, 3, H, W]: BGR, CHW, byte / 255.0
    output "map"   float32 [1, 1, H/4, W/4]: logits; map pixel (i, j) stands for the input's
                   point (4 i + 1.5, 4 j + 1.5)

Targets: a Gaussian (sigma 1 map pixel) about each corner's place in the map, 1 at the pixel
nearest it; penalty-reduced focal loss (as CenterNet's). With --holdout a random 5% of the
synthetic boards is held out of training for the report; the photos always train.
"""

import argparse
import io
import math
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

MAGIC = b"GRCRNR01"
STRIDE = 4
SIGMA = 1.0
BATCH = 16
LR = 2e-3
WEIGHT_DECAY = 1e-4
DEFAULT_EPOCHS = 8
PHOTO_SHARE = 0.1      # the photos (few) drawn again until they make this share of an epoch
PEAK_MIN = 0.2         # a peak's least probability, as corners.c takes it (CORNER_PEAK_MIN)
PEAK_APART = 3         # least distance of two peaks in map pixels (CORNER_PEAK_APART)


class Corners:
    def __init__(self, path):
        with open(path, "rb") as fh:
            head = fh.read(20)
        if head[:8] != MAGIC:
            sys.exit(f"{path}: not a corner data file")
        self.n, self.w, self.h = np.frombuffer(head[8:20], "<u4")
        rec = np.dtype([("fold", "i1"), ("size", "u1"), ("pad", "u1", 2), ("c", "<f4", 8),
                        ("img", "u1", (int(self.h), int(self.w), 3))])
        self.r = np.memmap(path, dtype=rec, mode="r", offset=20, shape=(int(self.n),))
        self.fold = np.array(self.r["fold"])
        self.size = np.array(self.r["size"])
        self.c = np.array(self.r["c"]).reshape(-1, 4, 2)


def cbr(i, o, stride=1, dil=1):
    return [nn.Conv2d(i, o, 3, stride, padding=dil, dilation=dil, bias=False), nn.BatchNorm2d(o),
            nn.ReLU(inplace=True)]


class Net(nn.Module):
    """Two strided convolutions to a quarter of the input, then dilated ones whose reach covers
    the whole photo (a corner is told from a cloth's crossing by the board around it)."""

    def __init__(self):
        super().__init__()
        layers = cbr(3, 16, 2) + cbr(16, 24, 2) + cbr(24, 28)
        for d in (2, 4, 8, 16):
            layers += cbr(28, 28, 1, d)
        layers += cbr(28, 28)
        self.body = nn.Sequential(*layers)
        self.head = nn.Conv2d(28, 1, 1)
        nn.init.constant_(self.head.bias, -4.0)

    def forward(self, x):
        return self.head(self.body(x))


def targets(corners, mh, mw):
    """Heat maps [B, 1, mh, mw] for corners [B, 4, 2] in input pixels."""
    b = corners.shape[0]
    ys = (np.arange(mh) * STRIDE + 1.5)[:, None]
    xs = (np.arange(mw) * STRIDE + 1.5)[None, :]
    t = np.zeros((b, 1, mh, mw), np.float32)
    for i in range(b):
        for x, y in corners[i]:
            d2 = ((xs - x) ** 2 + (ys - y) ** 2) / (STRIDE * STRIDE)
            g = np.exp(-d2 / (2 * SIGMA * SIGMA))
            jx, jy = int(round((x - 1.5) / STRIDE)), int(round((y - 1.5) / STRIDE))
            if 0 <= jx < mw and 0 <= jy < mh:
                g[jy, jx] = 1.0
            else:
                g = np.minimum(g, 0.99)
            np.maximum(t[i, 0], g, out=t[i, 0])
    return t


def focal(logits, t):
    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    pos = (t >= 1.0).float()
    neg = 1 - pos
    lp = -torch.log(p) * (1 - p) ** 2 * pos
    ln = -torch.log(1 - p) * p ** 2 * (1 - t) ** 4 * neg
    npos = pos.sum().clamp(min=1)
    return (lp.sum() + ln.sum()) / npos


def augment(img, rng):
    """Light and colour: each channel's gain, the level, contrast, noise. img uint8 [B,H,W,3]."""
    x = img.astype(np.float32) / 255.0
    b = x.shape[0]
    gain = rng.uniform(0.7, 1.3, (b, 1, 1, 3)).astype(np.float32)
    level = rng.uniform(0.5, 1.3, (b, 1, 1, 1)).astype(np.float32)
    x = x * gain * level
    mean = x.mean(axis=(1, 2, 3), keepdims=True)
    contrast = rng.uniform(0.7, 1.3, (b, 1, 1, 1)).astype(np.float32)
    x = (x - mean) * contrast + mean
    x += rng.normal(0, 1, x.shape).astype(np.float32) * rng.uniform(0, 0.03, (b, 1, 1, 1)).astype(
        np.float32)
    return np.clip(x, 0, 1)


def to_tensor(x):
    return torch.from_numpy(np.ascontiguousarray(x.transpose(0, 3, 1, 2)))


def peaks(m):
    """The four strongest separated peaks of a logit map [mh, mw] over PEAK_MIN, sub-pixel by a
    parabola through each peak's neighbours, in input pixels (as corners.c finds them)."""
    mh, mw = m.shape
    p = 1 / (1 + np.exp(-m))
    order = np.argsort(-m, axis=None, kind="stable")
    got = []
    for k in order:
        y, x = divmod(int(k), mw)
        if p[y, x] < PEAK_MIN or len(got) == 4:
            break
        if any(max(abs(x - gx), abs(y - gy)) < PEAK_APART for gx, gy, _ in got):
            continue
        got.append((x, y, m[y, x]))
    out = []
    for x, y, _ in got:
        dx = dy = 0.0
        if 0 < x < mw - 1:
            a, c, b = m[y, x - 1], m[y, x], m[y, x + 1]
            den = a - 2 * c + b
            dx = 0.5 * (a - b) / den if den < 0 else 0.0
        if 0 < y < mh - 1:
            a, c, b = m[y - 1, x], m[y, x], m[y + 1, x]
            den = a - 2 * c + b
            dy = 0.5 * (a - b) / den if den < 0 else 0.0
        out.append(((x + max(-0.5, min(0.5, dx))) * STRIDE + 1.5,
                    (y + max(-0.5, min(0.5, dy))) * STRIDE + 1.5))
    return out


def report(model, data, idx, label):
    """Share of images whose four peaks each lie within a quarter and within half a cell of a
    true corner, and the median error in cells."""
    if len(idx) == 0:
        return
    model.eval()
    quarter = half = 0
    errs = []
    with torch.no_grad():
        for s in range(0, len(idx), 32):
            ids = idx[s:s + 32]
            x = to_tensor(np.asarray(data.r["img"][ids], np.float32) / 255.0)
            m = model(x).numpy()[:, 0]
            for k, i in enumerate(ids):
                truth = data.c[i]
                cell = np.linalg.norm(truth[1] - truth[0]) / (data.size[i] - 1)
                got = peaks(m[k])
                if len(got) < 4:
                    continue
                e = [min(np.hypot(gx - tx, gy - ty) for tx, ty in truth) / cell for gx, gy in got]
                errs.extend(e)
                quarter += max(e) < 0.25
                half += max(e) < 0.5
    model.train()
    med = float(np.median(errs)) if errs else float("nan")
    print(f"  {label}: {len(idx)} images, four corners within 1/4 cell {quarter / len(idx):.1%}, "
          f"1/2 cell {half / len(idx):.1%}, median error {med:.3f} cell", flush=True)


class Exported(nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        return self.model(x)


def main():
    ap = argparse.ArgumentParser(description="Train the corner model and export it to ONNX.")
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--epochs", type=int, default=DEFAULT_EPOCHS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--max-minutes", type=float, default=25.0)
    ap.add_argument("--holdout", action="store_true",
                    help="hold out 5%% of the synthetic boards, for the report")
    ap.add_argument("--limit", type=int, default=0, help="train on the first N images only")
    args = ap.parse_args()
    t0 = time.monotonic()
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    rng = np.random.default_rng(args.seed)

    data = Corners(args.data)
    idx = np.arange(int(data.n))
    if args.limit:
        idx = idx[:args.limit]
    synth = idx[data.fold[idx] < 0]
    photos = idx[data.fold[idx] >= 0]
    held = np.array([], np.int64)
    if args.holdout:
        pick = np.random.default_rng([args.seed, 7]).random(len(synth)) < 0.05
        held = synth[pick]
        synth = synth[~pick]
    print(f"data: {len(synth)} synthetic boards and {len(photos)} photo images to train on, "
          f"{len(held)} held out", flush=True)

    model = Net()
    n_params = sum(p.numel() for p in model.parameters())
    print(f"model: {n_params} parameters", flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)
    n_photo = int(round(PHOTO_SHARE * len(synth) / (1 - PHOTO_SHARE))) if len(photos) else 0
    per_epoch = len(synth) + n_photo
    steps = args.epochs * (per_epoch // BATCH)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=LR, total_steps=max(steps, 1),
                                                pct_start=0.1)
    mh, mw = int(data.h) // STRIDE, int(data.w) // STRIDE
    step = 0
    cut = False
    for epoch in range(args.epochs):
        order = np.concatenate([synth, rng.choice(photos, n_photo) if n_photo else []]).astype(
            np.int64)
        rng.shuffle(order)
        total = 0.0
        te = time.monotonic()
        for s in range(0, len(order) - BATCH + 1, BATCH):
            ids = np.sort(order[s:s + BATCH])
            img = np.asarray(data.r["img"][ids])
            x = to_tensor(augment(img, rng))
            t = torch.from_numpy(targets(data.c[ids], mh, mw))
            loss = focal(model(x), t)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step < steps:
                sched.step()
            step += 1
            total += float(loss)
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / max(1, len(order) // BATCH):.4f} "
              f"({time.monotonic() - te:.0f} s)", flush=True)
        if args.holdout:
            report(model, data, held, "held-out synthetic")
        if time.monotonic() - t0 > args.max_minutes * 60 and epoch + 1 < args.epochs:
            print(f"time budget spent after {epoch + 1} epochs: the weights depend on the "
                  f"machine's speed", flush=True)
            cut = True
            break
    report(model, data, photos, "photos (folds 0-2, trained on)")
    model.eval()
    buf = io.BytesIO()
    torch.onnx.export(Exported(model).eval(), torch.zeros(1, 3, int(data.h), int(data.w)), buf,
                      input_names=["image"], output_names=["map"], opset_version=11,
                      do_constant_folding=True, training=torch.onnx.TrainingMode.EVAL)
    with open(args.out, "wb") as fh:
        fh.write(buf.getvalue())
    import cv2
    x = np.asarray(data.r["img"][idx[:1]], np.float32) / 255.0
    x = np.ascontiguousarray(x.transpose(0, 3, 1, 2))
    net = cv2.dnn.readNetFromONNX(args.out)
    net.setInput(x)
    got = net.forward()
    with torch.no_grad():
        want = model(torch.from_numpy(x)).numpy()
    diff = float(np.abs(got - want).max())
    print(f"exported {args.out}: {len(buf.getvalue())} bytes, {n_params} parameters; OpenCV "
          f"{got.shape} agrees within {diff:.2e}{' (cut short)' if cut else ''}; "
          f"{(time.monotonic() - t0) / 60:.1f} min", flush=True)
    if diff > 1e-3:
        sys.exit("OpenCV's reading of the export differs from torch's")


if __name__ == "__main__":
    main()
