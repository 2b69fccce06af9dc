package org.queuelab.population;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.RealMatrix;

/**
 * Coordinates on the affine set where every conserved group has its total: the last class of each group is
 * dropped and recovered as the group's total minus the others, x = c + E y. Matrices of the drift restricted
 * to that set are R M E (R keeps the rows of the kept classes); the conserved directions, along which the full
 * Jacobian is singular, disappear.
 */
final class Reduction {

    final int n;
    final int m;
    final int[] kept;
    /** For each coordinate: its column in y, or −1 − group for a dropped one. */
    private final int[] column;
    private final int[] groupOf;

    Reduction(PopulationModel model) {
        int[] group = model.groupOf();
        this.groupOf = group;
        this.n = group.length;
        int groups = model.groupTotals().length;
        int[] last = new int[groups];
        for (int i = 0; i < n; i++) {
            last[group[i]] = i;
        }
        this.m = n - groups;
        this.kept = new int[m];
        this.column = new int[n];
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (last[group[i]] == i) {
                column[i] = -1 - group[i];
            } else {
                column[i] = c;
                kept[c++] = i;
            }
        }
    }

    /** E (n × m). */
    RealMatrix embedding() {
        RealMatrix e = new Array2DRowRealMatrix(n, m);
        for (int i = 0; i < n; i++) {
            if (column[i] >= 0) {
                e.setEntry(i, column[i], 1);
            } else {
                int g = -1 - column[i];
                for (int j = 0; j < m; j++) {
                    if (groupOf[kept[j]] == g) {
                        e.setEntry(i, j, -1);
                    }
                }
            }
        }
        return e;
    }

    /** R M E for an n × n matrix M. */
    RealMatrix reduce(double[][] full) {
        RealMatrix rows = new Array2DRowRealMatrix(m, n);
        for (int r = 0; r < m; r++) {
            rows.setRow(r, full[kept[r]]);
        }
        return rows.multiply(embedding());
    }

    /** R M Rᵀ. */
    RealMatrix restrict(double[][] full) {
        RealMatrix out = new Array2DRowRealMatrix(m, m);
        for (int r = 0; r < m; r++) {
            for (int s = 0; s < m; s++) {
                out.setEntry(r, s, full[kept[r]][kept[s]]);
            }
        }
        return out;
    }

    /** E v for a reduced vector v. */
    double[] expand(double[] v) {
        return embedding().operate(v);
    }

    /** R v. */
    double[] keep(double[] v) {
        double[] out = new double[m];
        for (int r = 0; r < m; r++) {
            out[r] = v[kept[r]];
        }
        return out;
    }
}
