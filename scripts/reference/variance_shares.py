#!/usr/bin/env python3
"""Independent reference for src/stats/variance-shares.ts: the variance shares of a crossed design.

Written from the model, not from the TypeScript code, and on a different path: the TypeScript sums
squares per cluster; this script gets the sums of squares of the two-way analysis of variance from
least-squares fits of nested linear models (numpy.linalg.lstsq on dummy-coded design matrices):
  SS_int = RSS(rows + columns),  SS_row = RSS(columns) - SS_int,  SS_col = RSS(rows) - SS_int,
then applies the expected mean squares of the mixed model (rows fixed, columns random):
  sigma2_int = MS_int, sigma2_col = (MS_col - MS_int)/R, sigma2_row = (R-1)/(R*U) * (MS_row - MS_int),
each floored at 0; the shares are the components over their sum.

Usage:
    python3 scripts/reference/variance_shares.py --rows R --clusters C --per-cluster K < values.txt
Input: R*C*K numbers (values[(r*C + cluster)*K + unit]) separated by commas or white space.
Output: one JSON object {"components", "shares", "meanSquares"} with keys rows, columns, interaction.
"""

import argparse
import json
import re
import sys

import numpy as np


def rss(X, y):
    beta, *_ = np.linalg.lstsq(X, y, rcond=None)
    r = y - X @ beta
    return float(r @ r)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--clusters", type=int, required=True)
    parser.add_argument("--per-cluster", type=int, required=True)
    args = parser.parse_args()
    R, C, K = args.rows, args.clusters, args.per_cluster
    U = C * K
    y = np.array([float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", sys.stdin.read())])
    if y.size != R * U:
        sys.exit(f"expected {R * U} values, got {y.size}")
    row = np.repeat(np.arange(R), U)
    col = np.tile(np.arange(U), R)
    one = np.ones((R * U, 1))
    rows = np.eye(R)[row][:, 1:]
    cols = np.eye(U)[col][:, 1:]
    ss_int = rss(np.hstack([one, rows, cols]), y)
    ss_row = rss(np.hstack([one, cols]), y) - ss_int
    ss_col = rss(np.hstack([one, rows]), y) - ss_int
    ms = {"rows": ss_row / (R - 1), "columns": ss_col / (U - 1), "interaction": ss_int / ((R - 1) * (U - 1))}
    comp = {
        "rows": max(0.0, (R - 1) / (R * U) * (ms["rows"] - ms["interaction"])),
        "columns": max(0.0, (ms["columns"] - ms["interaction"]) / R),
        "interaction": ms["interaction"],
    }
    total = sum(comp.values())
    shares = {k: (v / total if total > 0 else 0.0) for k, v in comp.items()}
    print(json.dumps({"components": comp, "shares": shares, "meanSquares": ms}))


if __name__ == "__main__":
    main()
