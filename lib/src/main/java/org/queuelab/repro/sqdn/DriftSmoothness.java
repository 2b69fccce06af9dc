package org.queuelab.repro.sqdn;

import java.util.Objects;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.Table;

/**
 * Whether the SQ(d,N) drift b(x) (docs/sqdn.md §3) is smooth at the Theorem 2 fixed point x* — the condition of
 * the refined mean field E[X^N] = x* + V/N + O(1/N²) (docs/population.md §3), which needs derivatives of b at x*.
 *
 * <p>For j* ≥ 1 the slots below j* carry no mass at x* (§5), so x* lies on the switching surface of the
 * water-filling rule: R_{j*−1} is positive while no slot ≤ j*−1 has mass and 0 as soon as one has. The probe moves
 * mass ε from (0, j*) into the empty slot (0, j*−1) and records |b(x* + εe) − b(x*)|_∞: if it stays of order one
 * as ε → 0 the drift is discontinuous at x* and has no Jacobian. For j* = 0 the probe moves ε from (0,0) to
 * (0,1), inside the regime x_{0,0} > 0 where b is affine (§6), and the change is proportional to ε.
 */
public final class DriftSmoothness {

    private DriftSmoothness() {
    }

    /**
     * One row per (λ, d) point and ε: j*, the mass on slots below j* at x*, the direction, |Δb|_∞ and |Δb|_∞/ε.
     *
     * @param points rows {λ, d} with 0 &lt; λ &lt; 1 and integer d ≥ 2
     * @param eps    perturbation sizes, each in (0, 0.01]
     * @return one row per point and ε, columns as listed
     */
    public static Table probe(double[][] points, double[] eps) {
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(eps, "eps");
        for (double e : eps) {
            if (!(e > 0 && e <= 0.01)) {
                throw new IllegalArgumentException("eps = " + e + "; allowed: (0, 0.01]");
            }
        }
        Table t = Table.create("SQ(d,N) drift at its fixed point: change under a move of mass ε");
        DoubleColumn lambdaCol = DoubleColumn.create("lambda");
        IntColumn dCol = IntColumn.create("d");
        IntColumn jCol = IntColumn.create("j*");
        DoubleColumn belowCol = DoubleColumn.create("mass on slots < j*");
        DoubleColumn epsCol = DoubleColumn.create("eps");
        DoubleColumn jumpCol = DoubleColumn.create("|Δb|_∞");
        DoubleColumn ratioCol = DoubleColumn.create("|Δb|_∞ / ε");
        for (double[] p : points) {
            double lambda = p[0];
            int d = (int) p[1];
            if (!(lambda > 0 && lambda < 1) || d < 2 || d != p[1]) {
                throw new IllegalArgumentException("point (λ = " + lambda + ", d = " + p[1]
                        + "); allowed: 0 < λ < 1 and integer d ≥ 2");
            }
            int jStar = SqdnFluid.jStar(lambda, d);
            double[][] x = SqdnFluid.withBuffer(SqdnFluid.fixedPoint(lambda, d), jStar + 2);  // buffer ≥ 2
            double[] slots = SqdnFluid.slotMarginal(x);
            double below = 0;
            for (int j = 0; j < jStar; j++) {
                below += slots[j];
            }
            double[][] base = SqdnFluid.drift(lambda, d, x);
            int from = jStar;
            int to = jStar >= 1 ? jStar - 1 : 1;
            for (double e : eps) {
                double[][] y = SqdnFluid.drift(lambda, d, moved(x, from, to, e));
                double jump = 0;
                for (int i = 0; i < x.length; i++) {
                    for (int j = i; j < x.length; j++) {
                        jump = Math.max(jump, Math.abs(y[i][j] - base[i][j]));
                    }
                }
                lambdaCol.append(lambda);
                dCol.append(d);
                jCol.append(jStar);
                belowCol.append(below);
                epsCol.append(e);
                jumpCol.append(jump);
                ratioCol.append(jump / e);
            }
        }
        return t.addColumns(lambdaCol, dCol, jCol, belowCol, epsCol, jumpCol, ratioCol);
    }

    /** x with mass ε moved from (0, from) to (0, to). */
    private static double[][] moved(double[][] x, int from, int to, double eps) {
        if (x[0][from] < eps) {
            throw new IllegalArgumentException("eps = " + eps + "; allowed: ≤ x*_{0," + from + "} = " + x[0][from]);
        }
        double[][] y = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i].clone();
        }
        y[0][from] -= eps;
        y[0][to] += eps;
        return y;
    }
}
