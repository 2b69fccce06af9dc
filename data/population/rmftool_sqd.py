"""Reference values of the refined mean field for SQ(d) with buffer B, computed with rmftool (PyPI).

Writes sqd_rmftool.csv: one row per (model, coordinate) with the fixed point pi_i, the 1/N term V_i and the
diagonal of the covariance term W_ii, plus rmftool's wall time per model. Run from a venv holding rmftool and
its numerical dependencies:  python rmftool_sqd.py > sqd_rmftool.csv
"""
import sys
import time
import importlib.metadata as md

import numpy as np
import rmftool


def sqd(lam, d, B):
    """SQ(d) on B + 1 coordinates x_0..x_B (fraction of servers holding i jobs), exponential service of rate 1."""
    model = rmftool.DDPP()
    n = B + 1
    for i in range(B):
        l = np.zeros(n)
        l[i] = -1
        l[i + 1] = 1
        model.add_transition(l, lambda x, i=i: lam * (sum(x[i:]) ** d - sum(x[i + 1:]) ** d))
    for i in range(1, B + 1):
        l = np.zeros(n)
        l[i] = -1
        l[i - 1] = 1
        model.add_transition(l, lambda x, i=i: x[i])
    x0 = np.zeros(n)
    x0[0] = 1
    model.set_initial_state(x0)
    return model


def main():
    cases = [(0.9, 2, 20), (0.7, 2, 10), (0.9, 3, 20), (0.9, 2, 19), (0.9, 2, 49)]
    if len(sys.argv) > 1 and sys.argv[1] == "--with-100":
        cases.append((0.9, 2, 99))
    print("# rmftool " + md.version("rmftool") + ", numpy " + np.__version__ + ", sympy "
          + md.version("sympy") + "; DDPP.meanFieldExpansionSteadyState(order=1)")
    print("lambda,d,B,dimension,i,pi,V,W_ii,seconds")
    for lam, d, B in cases:
        start = time.perf_counter()
        pi, V, (V2, W) = sqd(lam, d, B).meanFieldExpansionSteadyState(order=1)
        seconds = time.perf_counter() - start
        for i in range(B + 1):
            print(f"{lam},{d},{B},{B + 1},{i},{pi[i]:.17g},{V[i]:.17g},{W[i][i]:.17g},{seconds:.3f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
