#!/usr/bin/env python3
"""Independent reference for src/stats/bounded-mean.ts (the score interval for a mean in a known
range) and src/stats/hoeffding.ts (Hoeffding's relative-entropy bound).

Written from the methods' definitions, not from the TypeScript code:
- the score interval maximises the multinomial likelihood on the observed values plus the range's
  two ends (zero counts) under the constraint "mean = mu" with scipy's SLSQP, takes the variance of
  that distribution, and finds the ends of {mu : |mean - mu| <= z * sqrt(var(mu) / n)} with brentq.
  It does not use the Lagrange-multiplier shortcut of the TypeScript code (the weights
  c_j / (n (1 + lambda x_j)) and the clipping of lambda at an unobserved end).
- Hoeffding's bound solves n * kl(ybar || m) = ln(2 / alpha) with brentq.
Cross-checks printed alongside: Wilson's interval (scipy binomtest) for 0/1 values, Tango's interval
(closed-form restricted MLE, Tango 1998 eq. 6) for paired differences in {-1, 0, 1}, and
Clopper-Pearson's end (scipy beta.ppf) for Hoeffding's bound when every value sits at an end.

Usage:
    python3 scripts/reference/bounded_mean.py
prints the cases pinned in test/stats/bounded-mean.test.ts. Needs numpy and scipy.
"""
import numpy as np
from scipy import optimize, stats


def restricted_variance(values, counts, mu, lo, hi):
    support = list(values)
    c = list(counts)
    for end in (lo, hi):
        if end not in support:
            support.append(end)
            c.append(0.0)
    v = np.array(support, float)
    c = np.array(c, float)
    n = c.sum()

    def nll(p):
        p = np.clip(p, 1e-300, 1)
        return -np.sum(c * np.log(p)) / n

    def grad(p):
        return -c / np.clip(p, 1e-300, 1) / n

    # Start from a feasible point: the observed frequencies moved toward the end mu lies beyond.
    p0 = np.where(c > 0, c / n, 0.0)
    m0 = float(p0 @ v)
    end = hi if mu > m0 else lo
    t = 0.0 if mu == m0 else (mu - m0) / (end - m0)
    p0 = (1 - t) * p0
    p0[list(v).index(end)] += t
    cons = [
        {'type': 'eq', 'fun': lambda p: np.sum(p) - 1, 'jac': lambda p: np.ones_like(p)},
        {'type': 'eq', 'fun': lambda p: p @ v - mu, 'jac': lambda p: v},
    ]
    res = optimize.minimize(nll, p0, jac=grad, method='SLSQP', bounds=[(0, 1)] * len(v), constraints=cons,
                            options={'ftol': 1e-16, 'maxiter': 2000})
    p = np.clip(res.x, 0, 1)
    p /= p.sum()
    return float(p @ (v - mu) ** 2)


def score_interval(data, lo, hi, confidence=0.95):
    data = np.asarray(data, float)
    n = len(data)
    values, counts = np.unique(data, return_counts=True)
    mean = data.mean()
    z = stats.norm.isf((1 - confidence) / 2)

    def stat(mu):
        if mu == mean:
            return 0.0
        return (mean - mu) / np.sqrt(restricted_variance(values, counts, mu, lo, hi) / n)

    eps = 1e-9 * (hi - lo)
    lower = lo if mean <= lo else optimize.brentq(lambda m: stat(m) - z, lo + eps, mean, xtol=1e-13)
    upper = hi if mean >= hi else optimize.brentq(lambda m: stat(m) + z, mean, hi - eps, xtol=1e-13)
    return lower, upper


def tango(b, c, n, confidence=0.95):
    z = stats.norm.isf((1 - confidence) / 2)

    def stat(d):
        if b - c - n * d == 0:
            return 0.0
        a2 = 2 * n
        b2 = -b - c + (2 * n - b + c) * d
        c2 = -c * d * (1 - d)
        q = (np.sqrt(b2 * b2 - 4 * a2 * c2) - b2) / (2 * a2)
        return (b - c - n * d) / np.sqrt(n * (2 * q + d * (1 - d)))

    est = (b - c) / n
    return (optimize.brentq(lambda d: stat(d) - z, -1 + 1e-12, est, xtol=1e-15),
            optimize.brentq(lambda d: stat(d) + z, est, 1 - 1e-12, xtol=1e-15))


def kl(p, q):
    a = 0.0 if p == 0 else p * np.log(p / q)
    b = 0.0 if p == 1 else (1 - p) * np.log((1 - p) / (1 - q))
    return a + b


def hoeffding(data, lo, hi, confidence=0.95):
    data = np.asarray(data, float)
    n = len(data)
    y = (data.mean() - lo) / (hi - lo)
    level = np.log(2 / (1 - confidence)) / n
    lower = 0.0 if y == 0 else optimize.brentq(lambda m: kl(y, m) - level, 1e-300, y, xtol=1e-15)
    upper = 1.0 if y == 1 else optimize.brentq(lambda m: kl(y, m) - level, y, 1 - 1e-16, xtol=1e-15)
    return lo + (hi - lo) * lower, lo + (hi - lo) * upper


def paired(b, c, n):
    d = np.zeros(n)
    d[:b] = 1
    d[b:b + c] = -1
    return d


if __name__ == '__main__':
    np.set_printoptions(precision=17)
    print('score interval, 7 of 10 in [0, 1]:', score_interval([1] * 7 + [0] * 3, 0, 1),
          'Wilson:', tuple(stats.binomtest(7, 10).proportion_ci(method='wilson')))
    for b, c, n in [(40, 20, 160), (1, 7, 21), (0, 0, 500), (1, 0, 500), (0, 7, 500)]:
        print(f'score interval, paired b={b} c={c} n={n} in [-1, 1]:', score_interval(paired(b, c, n), -1, 1), 'Tango:', tango(b, c, n))
    rounds = [10] * 7 + [8, 9, 6]
    print('score interval, rounds', rounds, 'in [0, 10]:', score_interval(rounds, 0, 10))
    gold = [0] * 495 + [-2, -2, 1.5, -0.5, 3]
    print('score interval, 5 of 500 changed in [-24, 23]:', score_interval(gold, -24, 23))
    print('score interval, 500 zeros in [-9, 9], 99%:', score_interval(np.zeros(500), -9, 9, 0.99))
    print('Hoeffding, ten 10s in [0, 10]:', hoeffding([10] * 10, 0, 10), 'Clopper-Pearson lower 10 of 10:', 10 * stats.beta.ppf(0.025, 10, 1))
    print('Hoeffding, rounds', rounds, 'in [0, 10], 1 - 0.0016:', hoeffding(rounds, 0, 10, 1 - 0.0016))
    print('Hoeffding, 30 of 100 in [0, 1]:', hoeffding([1] * 30 + [0] * 70, 0, 1))
