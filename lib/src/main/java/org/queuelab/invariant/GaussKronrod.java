package org.queuelab.invariant;

import java.util.PriorityQueue;
import java.util.function.DoubleUnaryOperator;

/**
 * Globally adaptive 7–15 point Gauss–Kronrod quadrature on a finite interval (the QUADPACK QAG scheme).
 *
 * <p>Hipparchus offers fixed-order Gauss–Legendre and Romberg/Simpson rules but no adaptive Gauss–Kronrod with an
 * error estimate; the invariant-state recursion needs both relative accuracy near 1e-13 and an honest error
 * estimate (it is propagated into the precision flags of {@link InvariantState}), hence this small class.
 * The interval with the largest error estimate is bisected until the summed estimate meets the tolerance.
 * The error estimate is QUADPACK's rescaled |K15 − G7| with its round-off floor.
 */
final class GaussKronrod {

    /** A quadrature value with its (estimated, absolute) error. */
    record Estimate(double value, double error) {
        Estimate plus(Estimate other) {
            return new Estimate(value + other.value, error + other.error);
        }
    }

    private static final double EPS = Math.ulp(1.0);

    // Kronrod abscissae on [-1, 1] (positive half, descending) and weights; Gauss 7-point weights at odd indices.
    private static final double[] XGK = {
            0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
            0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
            0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
            0.207784955007898467600689403773245, 0.0};
    private static final double[] WGK = {
            0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
            0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
            0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
            0.204432940075298892414161999234649, 0.209482141084727828012999174891714};
    private static final double[] WG = {
            0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
            0.381830050505118944950369775488975, 0.417959183673469387755102040816327};

    private GaussKronrod() {
    }

    private record Piece(double a, double b, double value, double error) {
    }

    /**
     * ∫_a^b f, refined until error ≤ max(absTol, relTol·|value|) or {@code maxPieces} pieces are used
     * (the returned error then says how far it got).
     */
    static Estimate integrate(DoubleUnaryOperator f, double a, double b, double absTol, double relTol, int maxPieces) {
        if (!(b > a)) {
            return new Estimate(0, 0);
        }
        PriorityQueue<Piece> pieces = new PriorityQueue<>((p, q) -> Double.compare(q.error, p.error));
        Piece first = rule(f, a, b);
        pieces.add(first);
        double value = first.value;
        double error = first.error;
        int count = 1;
        while (error > Math.max(absTol, relTol * Math.abs(value)) && count < maxPieces) {
            Piece worst = pieces.poll();
            double mid = 0.5 * (worst.a + worst.b);
            if (!(mid > worst.a && mid < worst.b)) { // interval exhausted at machine resolution
                pieces.add(worst);
                break;
            }
            Piece left = rule(f, worst.a, mid);
            Piece right = rule(f, mid, worst.b);
            pieces.add(left);
            pieces.add(right);
            count++;
            value = 0;
            error = 0;
            for (Piece p : pieces) { // re-summed to avoid drift from repeated subtraction
                value += p.value;
                error += p.error;
            }
        }
        return new Estimate(value, error);
    }

    private static Piece rule(DoubleUnaryOperator f, double a, double b) {
        double center = 0.5 * (a + b);
        double half = 0.5 * (b - a);
        double fc = f.applyAsDouble(center);
        double kronrod = fc * WGK[7];
        double gauss = fc * WG[3];
        double resAbs = Math.abs(kronrod);
        double[] f1 = new double[7];
        double[] f2 = new double[7];
        for (int j = 0; j < 7; j++) {
            double dx = half * XGK[j];
            f1[j] = f.applyAsDouble(center - dx);
            f2[j] = f.applyAsDouble(center + dx);
            kronrod += WGK[j] * (f1[j] + f2[j]);
            resAbs += WGK[j] * (Math.abs(f1[j]) + Math.abs(f2[j]));
            if (j % 2 == 1) {
                gauss += WG[j / 2] * (f1[j] + f2[j]);
            }
        }
        double mean = 0.5 * kronrod;
        double resAsc = WGK[7] * Math.abs(fc - mean);
        for (int j = 0; j < 7; j++) {
            resAsc += WGK[j] * (Math.abs(f1[j] - mean) + Math.abs(f2[j] - mean));
        }
        double value = kronrod * half;
        resAbs *= Math.abs(half);
        resAsc *= Math.abs(half);
        double err = Math.abs((kronrod - gauss) * half);
        if (resAsc != 0 && err != 0) {
            err = resAsc * Math.min(1, Math.pow(200 * err / resAsc, 1.5));
        }
        if (resAbs > Double.MIN_NORMAL / (50 * EPS)) {
            err = Math.max(50 * EPS * resAbs, err);
        }
        if (Double.isNaN(value)) {
            throw new ArithmeticException("integrand is NaN on [" + a + ", " + b + "]");
        }
        return new Piece(a, b, value, err);
    }
}
