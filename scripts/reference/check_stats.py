#!/usr/bin/env python3
"""Independent reference values for the statistics of `goldpit check` (test/stats/tolerance.test.ts).

Computed with scipy/numpy only, never with goldpit's code:
- TOST and shift-beyond p-values: scipy.stats.ttest_1samp of the differences against -delta / +delta
  with alternative='greater' / 'less';
- t quantiles: scipy.stats.t.ppf;
- Holm's adjusted p-values: the step-down definition written out below;
- the Gaussian SPRT log-likelihood ratio: the sum of scipy.stats.norm.logpdf differences with the
  maximum-likelihood sd (numpy std, ddof=0); Wald's bounds: log((1-beta)/alpha), log(beta/(1-alpha));
- games to decide: ((norm.ppf(1-a) + norm.ppf(1-beta))*sd/gap)**2, rounded up.

Usage: python3 scripts/reference/check_stats.py  (prints JSON; the test freezes these values)
"""
import json
import math

import numpy as np
from scipy import stats

print_versions = {"scipy": __import__("scipy").__version__, "numpy": np.__version__}


def generated(n, mult, mod, shift, scale):
    """Deterministic data the test rebuilds the same way: ((i*mult) % mod - shift) / scale."""
    return [((i * mult) % mod - shift) / scale for i in range(n)]


DATA = {
    "small": ([0.5, -0.25, 1, 0, 0.75, -0.5, 0.25, 1.25, 0, 0.5], 1.0),
    "shares": ([0, 1, 0, -1, 0.5, 0, 0, 1, -0.5, 0, 1, 0, 0, -1, 1, 0.5], 0.1),
    "generated": (generated(200, 37, 11, 5, 10), 0.05),
    "shifted": (generated(500, 13, 7, 2, 4), 0.25),
}

out = {"versions": print_versions, "tolerance": {}, "llr": {}}
for name, (d, delta) in DATA.items():
    d = np.array(d, dtype=float)
    greater = lambda mu: float(stats.ttest_1samp(d, mu, alternative="greater").pvalue)
    less = lambda mu: float(stats.ttest_1samp(d, mu, alternative="less").pvalue)
    p_above_lower = greater(-delta)  # H0 mu <= -delta
    p_below_upper = less(delta)  # H0 mu >= +delta
    p_up = greater(delta)  # H0 mu <= +delta
    p_down = less(-delta)  # H0 mu >= -delta
    out["tolerance"][name] = {
        "delta": delta,
        "pAboveLower": p_above_lower,
        "pBelowUpper": p_below_upper,
        "pEquivalent": max(p_above_lower, p_below_upper),
        "pShiftUp": p_up,
        "pShiftDown": p_down,
        "pBeyond": min(1.0, 2 * min(p_up, p_down)),
    }
    sd = float(np.std(d, ddof=0))
    for theta1 in (2 * delta, -2 * delta):
        llr = float(np.sum(stats.norm.logpdf(d, theta1, sd) - stats.norm.logpdf(d, 0.0, sd)))
        out["llr"][f"{name} {theta1:+g}"] = llr

out["tQuantiles"] = {f"{p} {df}": float(stats.t.ppf(p, df)) for p in (0.95, 0.975, 0.99643) for df in (9, 199, 19999)}


def holm(p):
    m = len(p)
    order = sorted(range(m), key=lambda i: (p[i], i))
    adj = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order, start=1):
        running = max(running, min(1.0, (m - rank + 1) * p[i]))
        adj[i] = running
    return adj


HOLM_IN = [0.001, 0.2, 0.012, 0.04, 0.0049, 0.5, 0.03]
out["holm"] = {"in": HOLM_IN, "out": holm(HOLM_IN)}

out["bounds"] = {}
for alpha, beta in ((0.05, 0.05), (0.05 / 14, 0.05), (0.05 / 20, 0.1)):
    out["bounds"][f"{alpha} {beta}"] = [math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)]

# Planning for power 1 - beta: n = ((z_{1-a} + z_{1-beta}) * sd / gap)^2, with a = alpha for
# equivalence (|mean| < delta, gap = delta - |mean|) and a = alpha/(2m) for a shift beyond delta.
def games(a, beta, sd, gap):
    return math.ceil(((stats.norm.ppf(1 - a) + stats.norm.ppf(1 - beta)) * sd / gap) ** 2)


out["gamesToDecide"] = {
    "equivalence 0.002 0.6 0.01 beta0.1": games(0.05, 0.1, 0.6, 0.008),
    "shift 0.02 0.6 0.01 m7 beta0.1": games(0.05 / 14, 0.1, 0.6, 0.01),
    "shift -0.013 0.45 0.01 m3 beta0.2": games(0.05 / 6, 0.2, 0.45, 0.003),
    "equivalence -0.1 1.3 0.25 beta0.2": games(0.05, 0.2, 1.3, 0.15),
}
print(json.dumps(out, indent=1))
