package org.queuelab.repro.sqdn;

import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.FluidTrajectory;
import org.queuelab.meanfield.MemoryFixedPoint;
import org.queuelab.meanfield.MemoryFluid;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfDWithMemory;

/**
 * The one place where the reproduction helpers call the SQ(d,N) mean-field code of {@code org.queuelab.meanfield}
 * (j*, the thresholds λ_J, the Theorem 2 fixed point, the drift and its water-filling integration, docs/sqdn.md §3–§5),
 * exchanging states as triangular arrays x[i][j] (0 ≤ i ≤ j ≤ I) so that the helpers do not depend on the
 * library's flat coordinate layout.
 */
final class SqdnFluid {

    private SqdnFluid() {
    }

    /** A fluid path: output times and the state x[i][j] at each. */
    record Path(double[] times, double[][][] states) {
    }

    static int jStar(double lambda, int d) {
        return MemoryFixedPoint.jStar(lambda, d);
    }

    static double threshold(int level, int d) {
        return MemoryFixedPoint.threshold(level, d);
    }

    /** The Theorem 2 fixed point as x[i][j], 0 ≤ i ≤ j ≤ j*+1. */
    static double[][] fixedPoint(double lambda, int d) {
        int buffer = jStar(lambda, d) + 1;
        return fromFlat(MemoryFixedPoint.fixedPoint(lambda, d, buffer).state(), buffer);
    }

    /** The drift b(x) of docs/sqdn.md §3 with buffer I = x.length − 1. */
    static double[][] drift(double lambda, int d, double[][] x) {
        int buffer = x.length - 1;
        return fromFlat(fluid(lambda, d, buffer).drift(toFlat(x)), buffer);
    }

    /** The water-filling integration (docs/sqdn.md §4, Euler fractions) with step h, buffer I = x0.length − 1. */
    static Path integrate(double lambda, int d, double[][] x0, double[] times, double step) {
        int buffer = x0.length - 1;
        FluidTrajectory tr = fluid(lambda, d, buffer).integrate(toFlat(x0), times, step);
        double[][][] states = new double[tr.size()][][];
        for (int k = 0; k < states.length; k++) {
            states[k] = fromFlat(tr.state(k), buffer);
        }
        return new Path(tr.times(), states);
    }

    private static MemoryFluid fluid(double lambda, int d, int buffer) {
        return MemoryFluid.of(new LoadBalancingModel(lambda, new PowerOfDWithMemory(d), buffer, Exponential.unitMean()));
    }

    /** The library's flat layout (MemoryFluid.index). */
    static double[] toFlat(double[][] x) {
        int buffer = x.length - 1;
        double[] flat = new double[(buffer + 1) * (buffer + 2) / 2];
        for (int i = 0; i <= buffer; i++) {
            for (int j = i; j <= buffer; j++) {
                flat[MemoryFluid.index(i, j)] = x[i][j];
            }
        }
        return flat;
    }

    static double[][] fromFlat(double[] flat, int buffer) {
        double[][] x = zeros(buffer);
        for (int i = 0; i <= buffer; i++) {
            for (int j = i; j <= buffer; j++) {
                x[i][j] = flat[MemoryFluid.index(i, j)];
            }
        }
        return x;
    }

    // ---- triangular-array utilities

    /** An all-zero state with buffer I. */
    static double[][] zeros(int buffer) {
        double[][] x = new double[buffer + 1][];
        for (int i = 0; i <= buffer; i++) {
            x[i] = new double[buffer + 1];
        }
        return x;
    }

    /** Every server at (i, j): the unit vector e_{i,j} with buffer I. */
    static double[][] unit(int buffer, int i, int j) {
        double[][] x = zeros(buffer);
        x[i][j] = 1;
        return x;
    }

    /** The state padded (with zeros) or checked to buffer I. */
    static double[][] withBuffer(double[][] x, int buffer) {
        double[][] out = zeros(buffer);
        for (int i = 0; i < x.length; i++) {
            for (int j = i; j < x[i].length; j++) {
                if (x[i][j] != 0 && j > buffer) {
                    throw new IllegalArgumentException("x[" + i + "][" + j + "] = " + x[i][j]
                            + " beyond buffer I = " + buffer + "; allowed: mass only at j ≤ I");
                }
                if (j <= buffer) {
                    out[i][j] = x[i][j];
                }
            }
        }
        return out;
    }

    /** Σ i·x_{i,j}, jobs per server. */
    static double meanQueue(double[][] x) {
        return weightedSum(x, (i, j) -> i);
    }

    /** Σ j·x_{i,j}, the jobs per server the dispatcher believes are in the system. */
    static double meanMemory(double[][] x) {
        return weightedSum(x, (i, j) -> j);
    }

    /** Σ_{i ≤ j} w(i, j)·x_{i,j}, summed row by row. */
    private static double weightedSum(double[][] x, java.util.function.IntBinaryOperator weight) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = i; j < x[i].length; j++) {
                s += weight.applyAsInt(i, j) * x[i][j];
            }
        }
        return s;
    }

    /** x_{i,·}, the fraction of servers with i jobs. */
    static double[] queueMarginal(double[][] x) {
        double[] m = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            for (int j = i; j < x[i].length; j++) {
                m[i] += x[i][j];
            }
        }
        return m;
    }

    /** x_{·,j}, the fraction of memory slots equal to j. */
    static double[] slotMarginal(double[][] x) {
        int top = 0;
        for (double[] row : x) {
            top = Math.max(top, row.length - 1);
        }
        double[] m = new double[top + 1];
        for (int i = 0; i < x.length; i++) {
            for (int j = i; j < x[i].length; j++) {
                m[j] += x[i][j];
            }
        }
        return m;
    }

    /** max over i ≤ j of |a[i][j] − b[i][j]| (missing entries count as 0). */
    static double distance(double[][] a, double[][] b) {
        int rows = Math.max(a.length, b.length);
        double max = 0;
        for (int i = 0; i < rows; i++) {
            int cols = Math.max(i < a.length ? a[i].length : 0, i < b.length ? b[i].length : 0);
            for (int j = i; j < cols; j++) {
                double va = i < a.length && j < a[i].length ? a[i][j] : 0;
                double vb = i < b.length && j < b[i].length ? b[i][j] : 0;
                max = Math.max(max, Math.abs(va - vb));
            }
        }
        return max;
    }

    /** Largest i with x_{i,·} &gt; 0. */
    static int maxQueue(double[][] x) {
        double[] m = queueMarginal(x);
        for (int i = m.length - 1; i >= 0; i--) {
            if (m[i] > 0) {
                return i;
            }
        }
        return 0;
    }
}
