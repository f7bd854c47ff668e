#!/usr/bin/env python3
"""Independent reference for src/stats/plackett-luce.ts: the Plackett-Luce fit by direct maximisation.

Written from the model's definition, not from the TypeScript code, and on a different path: the
TypeScript fits by Hunter's MM algorithm on choice sets aggregated over games, with the 2^m
choice-set expansion of a tie; this script enumerates, for every game, all orders of its tie groups
(each with weight 1/prod(m!)), writes the log-likelihood stage by stage as
sum(weight * (theta[chosen] - logsumexp(theta[remaining]))) and maximises it with scipy's
trust-region Newton method (analytic gradient and Hessian).

Model (the same as the TypeScript module comment):
  * a finishing order i1 > i2 > ... > in has probability prod_s a[i_s] / (a[i_s] + ... + a[i_n]);
    --winner-only keeps the first factor only;
  * a tie of m players counts as each of its m! orders with weight 1/m! (the orders of different
    tie groups of a game are combined independently);
  * --pseudo w adds, for every item i, a win and a loss of weight w each in a pairwise comparison
    against a reference item whose log-worth is fixed at 0 (as npseudo in R's PlackettLuce).
    With w = 0, item 0's log-worth is fixed at 0 instead.
  * an item may hold several places of one game ('0>1>1>1': item 0 against three copies of
    item 1, as the skill ladder's tables seat them); its places count separately in every
    remaining set, and a tie among places is resolved over the places' orders.
The printed log-worths are centred (mean 0 over items); the log-likelihood is of the games only
(pseudo-comparisons excluded).

Usage:
    python3 scripts/reference/plackett_luce.py --items 5 [--pseudo 0.5] [--winner-only] < games.txt

Input: games in the notation '3>0=2>1' (best first, '=' joins tied players), anywhere in the text,
optionally quoted; e.g. the frozen games of test/stats/plackett-luce.test.ts are read with
    sed -n '/BEGIN GAMES/,/END GAMES/p' test/stats/plackett-luce.test.ts | python3 ...
Output: one JSON object {"games", "logWorth", "logLikelihood", "gradientNorm"}.
"""

import argparse
import itertools
import json
import math
import re
import sys

import numpy as np
from scipy.optimize import minimize
from scipy.special import logsumexp

GAME = re.compile(r"\b\d+(?:[>=]\d+)+\b")


def parse_games(text):
    """Each game as a list of tie groups (lists of item ids), best group first."""
    return [[[int(x) for x in group.split("=")] for group in game.split(">")] for game in GAME.findall(text)]


def stages(games, winner_only):
    """(weight, chosen, remaining items) for every choice of every tie-resolved order."""
    out = []
    for groups in games:
        weight = 1.0 / math.prod(math.factorial(len(g)) for g in groups)
        for resolved in itertools.product(*(itertools.permutations(g) for g in groups)):
            order = [item for group in resolved for item in group]
            last = 1 if winner_only else len(order) - 1
            for s in range(last):
                out.append((weight, order[s], order[s:]))
    return out


def log_likelihood(theta, data):
    return sum(w * (theta[c] - logsumexp(theta[r])) for w, c, r in data)


def fit(items, games, pseudo, winner_only):
    data = stages(games, winner_only)
    ref = items  # index of the reference item in the extended parameter vector
    penalty = []
    for i in range(items):
        penalty.append((pseudo, i, [i, ref]))
        penalty.append((pseudo, ref, [i, ref]))
    everything = data + (penalty if pseudo > 0 else [])
    # Free parameters: all items when pseudo > 0 (the reference is fixed at 0); else items 1.. (item 0 fixed at 0).
    free = list(range(items)) if pseudo > 0 else list(range(1, items))

    def expand(x):
        theta = np.zeros(items + 1)
        theta[free] = x
        return theta

    def negative(x):
        theta = expand(x)
        value = 0.0
        grad = np.zeros(items + 1)
        hess = np.zeros((items + 1, items + 1))
        for w, c, r in everything:
            p = np.exp(theta[r] - logsumexp(theta[r]))
            value -= w * (theta[c] - logsumexp(theta[r]))
            grad[c] -= w
            # np.add.at accumulates over repeated indices (an item holding several places).
            np.add.at(grad, r, w * p)
            np.add.at(hess, np.ix_(r, r), w * (np.diag(p) - np.outer(p, p)))
        return value, grad[free], hess[np.ix_(free, free)]

    result = minimize(
        lambda x: negative(x)[0],
        np.zeros(len(free)),
        jac=lambda x: negative(x)[1],
        hess=lambda x: negative(x)[2],
        method="trust-exact",
        options={"gtol": 1e-12, "maxiter": 1000},
    )
    theta = expand(result.x)[:items]
    return {
        "games": len(games),
        "logWorth": (theta - theta.mean()).tolist(),
        "logLikelihood": log_likelihood(np.append(theta, 0.0), data),
        "gradientNorm": float(np.max(np.abs(negative(result.x)[1]))),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, required=True)
    parser.add_argument("--pseudo", type=float, default=0.5)
    parser.add_argument("--winner-only", action="store_true")
    args = parser.parse_args()
    games = parse_games(sys.stdin.read())
    if not games:
        sys.exit("no games found on stdin (notation: 3>0=2>1)")
    print(json.dumps(fit(args.items, games, args.pseudo, args.winner_only)))


if __name__ == "__main__":
    main()
