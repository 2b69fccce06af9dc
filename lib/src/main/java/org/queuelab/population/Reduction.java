package org.queuelab.population;

import java.util.Arrays;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.RealMatrix;

/**
 * Coordinates on the affine set where every conserved group has its total: one class of each group (the last,
 * unless chosen by {@link #sparsest}) is dropped and recovered as the group's total minus the others, x = c + E y. Matrices of the drift restricted
 * to that set are R M E (R keeps the rows of the kept classes); the conserved directions, along which the full
 * Jacobian is singular, disappear.
 */
final class Reduction {

    final int n;
    final int m;
    final int[] kept;
    /** The dropped coordinate of each group. */
    private final int[] dropped;
    /** For each coordinate: its column in y, or −1 − group for a dropped one. */
    private final int[] column;
    private final int[] groupOf;

    /** Drops the last class of each group. */
    Reduction(PopulationModel model) {
        this(model.groupOf(), lastOfEachGroup(model.groupOf(), model.groupTotals().length));
    }

    /**
     * Drops {@code dropped[g]} from group g: any member gives the same restricted spectrum and the same W and V
     * (the coordinates are related by an invertible change of basis); the choice only changes which zeros the
     * reduced matrices keep ({@link #sparsest}).
     */
    Reduction(int[] group, int[] dropped) {
        this.groupOf = group;
        this.n = group.length;
        this.dropped = dropped.clone();
        this.m = n - dropped.length;
        this.kept = new int[m];
        this.column = new int[n];
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (dropped[group[i]] == i) {
                column[i] = -1 - group[i];
            } else {
                column[i] = c;
                kept[c++] = i;
            }
        }
    }

    private static int[] lastOfEachGroup(int[] group, int groups) {
        int[] last = new int[groups];
        for (int i = 0; i < group.length; i++) {
            last[group[i]] = i;
        }
        return last;
    }

    /**
     * Drops from each group the member whose column of {@code jacobian} has the fewest nonzeros (the first on
     * ties). Reducing subtracts the dropped column from every other column of its group, so its rows become
     * dependent on the whole group; a sparse dropped column keeps the reduced matrix block-triangular
     * ({@link BlockTriangular}) where the full one is — dropping the last level of a queue would instead tie
     * every level to the one below it.
     */
    static Reduction sparsest(PopulationModel model, double[][] jacobian) {
        int[] group = model.groupOf();
        int[] best = new int[model.groupTotals().length];
        int[] bestCount = new int[best.length];
        Arrays.fill(bestCount, Integer.MAX_VALUE);
        int[] count = new int[group.length];
        for (double[] row : jacobian) {
            for (int j = 0; j < row.length; j++) {
                count[j] += row[j] != 0 ? 1 : 0;
            }
        }
        for (int i = 0; i < group.length; i++) {
            if (count[i] < bestCount[group[i]]) {
                bestCount[group[i]] = count[i];
                best[group[i]] = i;
            }
        }
        return new Reduction(group, best);
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

    /** R M E for an n × n matrix M, as an array: (M E)_{·c} = M_{·kept(c)} − M_{·dropped(group of kept(c))}. */
    double[][] reduceToArray(double[][] full) {
        double[][] out = new double[m][m];
        for (int r = 0; r < m; r++) {
            double[] row = full[kept[r]];
            for (int c = 0; c < m; c++) {
                out[r][c] = row[kept[c]] - row[dropped[groupOf[kept[c]]]];
            }
        }
        return out;
    }

    /** R M E for an n × n matrix M. */
    RealMatrix reduce(double[][] full) {
        return new Array2DRowRealMatrix(reduceToArray(full), false);
    }

    /** E W Eᵀ for a symmetric m × m W, in O(n²): the covariance of the full coordinates. */
    double[][] expandSymmetric(double[][] w) {
        double[][] half = new double[n][];
        for (int i = 0; i < n; i++) {
            half[i] = column[i] >= 0 ? w[column[i]] : negatedGroupSum(w, -1 - column[i]);
        }
        double[][] out = new double[n][n];
        for (int i = 0; i < n; i++) {
            out[i] = expand(half[i]);
        }
        return out;
    }

    private double[] negatedGroupSum(double[][] rows, int group) {
        double[] s = new double[m];
        for (int r = 0; r < m; r++) {
            if (groupOf[kept[r]] == group) {
                for (int c = 0; c < m; c++) {
                    s[c] -= rows[r][c];
                }
            }
        }
        return s;
    }

    /** R M Rᵀ. */
    RealMatrix restrict(double[][] full) {
        return new Array2DRowRealMatrix(restrictToArray(full), false);
    }

    /** R M Rᵀ, as an array. */
    double[][] restrictToArray(double[][] full) {
        double[][] out = new double[m][m];
        for (int r = 0; r < m; r++) {
            for (int s = 0; s < m; s++) {
                out[r][s] = full[kept[r]][kept[s]];
            }
        }
        return out;
    }

    /** E v for a reduced vector v: the kept coordinates, and minus their group's sum for the dropped ones. */
    double[] expand(double[] v) {
        double[] out = new double[n];
        double[] groupSum = new double[dropped.length];
        for (int c = 0; c < m; c++) {
            out[kept[c]] = v[c];
            groupSum[groupOf[kept[c]]] += v[c];
        }
        for (int g = 0; g < dropped.length; g++) {
            out[dropped[g]] = -groupSum[g];
        }
        return out;
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
