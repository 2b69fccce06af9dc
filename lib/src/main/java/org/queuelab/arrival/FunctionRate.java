package org.queuelab.arrival;

import java.util.Objects;
import java.util.function.DoubleUnaryOperator;

import org.queuelab.guard.Require;

import org.hipparchus.analysis.integration.IterativeLegendreGaussIntegrator;

/**
 * A user-supplied λ(t) with a known bound, 0 ≤ λ(t) ≤ bound ({@code docs/demand.md} §1). Thinning uses the one
 * global bound; every evaluation is checked, so a negative, NaN or out-of-bound value fails with the time at
 * which it occurred. The integral is computed by adaptive Gauss–Legendre quadrature (Hipparchus) on panels of length 100.
 *
 *
 * @param lambda the rate
 * @param bound  an upper bound of λ, &gt; 0
 * @param name   a label for tables
 */
public record FunctionRate(DoubleUnaryOperator lambda, double bound, String name) implements RateFunction {

    /**
     * Validates the components.
     *
     * @param lambda the rate
     * @param bound  an upper bound of λ, &gt; 0
     * @param name   a label for tables
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public FunctionRate {
        Objects.requireNonNull(lambda, "lambda");
        Require.positive("bound", bound);
        name = name == null ? "λ(t)" : name;
    }

    @Override
    public double rate(double t) {
        double v = lambda.applyAsDouble(t);
        if (!(v >= 0 && v <= bound)) {
            throw new IllegalArgumentException("lambda(t) = " + v + " at t = " + t + "; allowed: 0 ≤ lambda(t) ≤ bound = "
                    + bound);
        }
        return v;
    }

    @Override
    public double maxOn(double from, double to) {
        return bound;
    }

    @Override
    public double blockEnd(double t) {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public double integral(double from, double to) {
        RateSupport.interval(from, to);
        if (to == from) {
            return 0;
        }
        IterativeLegendreGaussIntegrator integrator = new IterativeLegendreGaussIntegrator(8, 1e-10, 1e-12);
        int panels = (int) Math.min(10_000, Math.max(1, Math.ceil((to - from) / 100)));
        double h = (to - from) / panels;
        double sum = 0;
        for (int p = 0; p < panels; p++) {
            double a = from + p * h;
            sum += integrator.integrate(1_000_000, this::rate, a, p == panels - 1 ? to : a + h);
        }
        return sum;
    }

    @Override
    public String label() {
        return name;
    }
}
