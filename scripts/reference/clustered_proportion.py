#!/usr/bin/env python3
"""Independent reference for src/stats/clustered-proportion.ts: Wilson's interval on the effective
sample size, with the design effect from statsmodels' cluster-robust (CR1) variance.

Written from the method's definition, not from the TypeScript code: the variance comes from
statsmodels' OLS of the per-game outcomes on a constant with cov_type='cluster' (the sandwich
estimator with the G/(G-1) small-sample factor), the interval from statsmodels' Wilson interval
with its normal quantile replaced by Student's t on C - 1 degrees of freedom (alpha chosen so that
norm.isf(alpha/2) = t.ppf((1+conf)/2, C-1)).

Usage:
    python3 scripts/reference/clustered_proportion.py '[([3,0,4,1],[4,4,4,4],0.95)]'
(a Python list of (successes per cluster, trials per cluster, confidence)). Needs numpy, scipy and
statsmodels.
Output: per case, the estimate, design effect, effective n and the interval.
"""
import sys

import numpy as np
import statsmodels.api as sm
from scipy.stats import norm
from scipy.stats import t as student_t
from statsmodels.stats.proportion import proportion_confint


def interval(wins, games, confidence=0.95):
    # One row per game: whole wins as 1, the fractional part of a cluster's wins (shared wins) on one row.
    y, groups = [], []
    for c, (w, m) in enumerate(zip(wins, games)):
        whole = int(w)
        rows = [1.0] * whole + ([w - whole] if w > whole else [])
        rows += [0.0] * (int(m) - len(rows))
        y += rows
        groups += [c] * int(m)
    y = np.array(y)
    fit = sm.OLS(y, np.ones(len(y))).fit(cov_type='cluster', cov_kwds={'groups': np.array(groups)})
    n, p, clusters = len(y), y.mean(), len(wins)
    deff = fit.bse[0] ** 2 / (p * (1 - p) / n) if 0 < p < 1 else 1.0
    neff = n / max(1.0, deff)
    alpha = 2 * norm.sf(student_t.ppf((1 + confidence) / 2, clusters - 1))
    lower, upper = proportion_confint(p * neff, neff, alpha=alpha, method='wilson')
    return {'estimate': float(p), 'designEffect': float(deff), 'effectiveN': float(neff), 'lower': float(lower), 'upper': float(upper)}


if __name__ == '__main__':
    for case in eval(sys.argv[1]):
        print(case, interval(*case))
