#!/usr/bin/env python3
"""Independent reference for goldpit sensitivity's estimators (src/sensitivity/morris.ts, sobol.ts).

Reads a small data set of block totals (test/sensitivity/fixtures/reference-data.json, made once by
`python3 scripts/reference/sensitivity.py --make FILE`) and prints, as JSON, what the estimators
must give on it:
- Morris: per knob the elementary effects, mu, mu*, sigma (raw and noise-corrected), the mean noise
  of one effect and the allowance sqrt(2/pi) * noise, computed with numpy from the formulas of
  docs/sensitivity.md;
- Sobol: the raw first-order and total indices from scipy.stats.sobol_indices (Saltelli 2010 and
  Jansen 1999 estimators, fed the point means as f_A, f_B, f_AB), and the noise-corrected indices,
  V, V_noise and the per-game variance computed with numpy.

Usage: python3 scripts/reference/sensitivity.py test/sensitivity/fixtures/reference-data.json
"""
import json
import sys

import numpy as np
from scipy import stats


def cr1_cov(x, z, sizes):
    """CR1 covariance of the means of two block-total vectors over the same deals."""
    x, z, sizes = np.asarray(x, float), np.asarray(z, float), np.asarray(sizes, float)
    g = len(sizes)
    n = sizes.sum()
    mx, mz = x.sum() / n, z.sum() / n
    return g / (g - 1) * np.sum((x - mx * sizes) * (z - mz * sizes)) / n**2


def morris(d):
    sizes = np.array(d["sizes"], float)
    n = sizes.sum()
    data = np.array(d["morris"]["data"], float)  # points x blocks
    steps = d["morris"]["steps"]  # per trajectory: [from, to, knob, scale]
    k = d["morris"]["knobs"]
    r = len(steps)
    blocks = np.zeros((r, k, len(sizes)))
    for t, traj in enumerate(steps):
        for frm, to, j, scale in traj:
            blocks[t, j] = (data[to] - data[frm]) * scale
    out = []
    for j in range(k):
        ee = blocks[:, j].sum(axis=1) / n
        v = np.array([cr1_cov(blocks[t, j], blocks[t, j], sizes) for t in range(r)])
        s = blocks[:, j].sum(axis=0)
        noise_part = (v.sum() - cr1_cov(s, s, sizes) / r) / (r - 1)
        sigma_raw = np.std(ee, ddof=1)
        noise = np.mean(np.sqrt(v))
        out.append(
            {
                "effects": ee.tolist(),
                "mu": float(ee.mean()),
                "muStar": float(np.abs(ee).mean()),
                "sigmaRaw": float(sigma_raw),
                "sigma": float(np.sqrt(max(0.0, sigma_raw**2 - noise_part))),
                "noise": float(noise),
                "allowance": float(np.sqrt(2 / np.pi) * noise),
            }
        )
    return out


def sobol(d):
    sizes = np.array(d["sizes"], float)
    n = sizes.sum()
    s = d["sobol"]
    data = np.array(s["data"], float)
    a, b, ab = np.array(s["a"]), np.array(s["b"]), np.array(s["ab"])
    means = data.sum(axis=1) / n
    N, k = len(a), len(ab)
    f_A, f_B, f_AB = means[a], means[b], means[ab]  # f_AB: k x N
    res = stats.sobol_indices(func={"f_A": f_A[None, :], "f_B": f_B[None, :], "f_AB": f_AB[:, None, :]}, n=N)
    f0 = np.mean(np.r_[f_A, f_B])
    V = np.var(np.r_[f_A, f_B])
    v_noise = np.mean([cr1_cov(data[a[i]] - data[b[i]], data[a[i]] - data[b[i]], sizes) for i in range(N)]) / 2
    first, total = [], []
    for j in range(k):
        num1 = np.mean((f_B - f0) * (f_AB[j] - f_A))
        numT = 0.5 * np.mean((f_A - f_AB[j]) ** 2)
        c1 = np.mean([cr1_cov(data[b[i]], data[ab[j][i]] - data[a[i]], sizes) for i in range(N)])
        cT = 0.5 * np.mean([cr1_cov(data[a[i]] - data[ab[j][i]], data[a[i]] - data[ab[j][i]], sizes) for i in range(N)])
        first.append(float((num1 - c1) / (V - v_noise)))
        total.append(float((numT - cT) / (V - v_noise)))
    per_game = np.mean([n * cr1_cov(data[p], data[p], sizes) for p in np.r_[a, b]])
    return {
        "rawFirst": np.atleast_1d(res.first_order).tolist(),
        "rawTotal": np.atleast_1d(res.total_order).tolist(),
        "first": first,
        "total": total,
        "variance": float(V),
        "noiseVariance": float(v_noise),
        "dealShare": float(per_game / (per_game + V - v_noise)),
    }


def make(path):
    """The data set: block totals of 0/1 outcomes over 4 blocks of 5 deals (a game's win indicators)."""
    rng = np.random.default_rng(20261129)
    sizes = [5, 5, 5, 5]
    k, r = 3, 5
    steps, data = [], []
    for t in range(r):
        base = len(data)
        data.append(rng.integers(0, 6, size=4).tolist())
        order = rng.permutation(k).tolist()
        traj = []
        for s, j in enumerate(order):
            prev = np.array(data[-1])
            nxt = np.clip(prev + rng.integers(-1 - j, 2 + j, size=4), 0, 5)
            data.append(nxt.tolist())
            traj.append([base + s, base + s + 1, j, float(rng.choice([1.5, -1.5, 1.0, -1.0]))])
        steps.append(traj)
    N, ks = 8, 2
    sdata = rng.integers(0, 6, size=(N * (ks + 2), 4)).tolist()
    a = list(range(N))
    b = list(range(N, 2 * N))
    ab = [list(range((2 + j) * N, (3 + j) * N)) for j in range(ks)]
    json.dump({"sizes": sizes, "morris": {"knobs": k, "data": data, "steps": steps}, "sobol": {"knobs": ks, "data": sdata, "a": a, "b": b, "ab": ab}}, open(path, "w"))


if __name__ == "__main__":
    if sys.argv[1] == "--make":
        make(sys.argv[2])
    else:
        d = json.load(open(sys.argv[1]))
        print(json.dumps({"morris": morris(d), "sobol": sobol(d)}, indent=1))
