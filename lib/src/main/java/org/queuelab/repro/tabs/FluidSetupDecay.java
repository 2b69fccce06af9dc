package org.queuelab.repro.tabs;

import java.util.Objects;

import org.queuelab.meanfield.FluidTrajectory;
import org.queuelab.report.Checks;

/**
 * A closed-form check of the TABS fluid ODE where it has one (docs/tabs.md §4): while some server is idle-on
 * (u &gt; 0) every arrival finds one (p₀ = 1), no set-up starts, and the set-up fraction decays exactly as
 * δ₁(t) = δ₁(t₀)·e^{−(t−t₀)/ν}. Checks the integrated set-up fraction at {@code t} against that closed form,
 * where the reference's printed values are too coarse to judge it (e.g. δ₁(40) ≈ 4·10⁻⁴ printed to 4 decimals with
 * an accuracy of 10⁻³).
 */
public final class FluidSetupDecay {

    /**
     * Relative tolerance of the comparison, from the integrator's error, not from the result: the adaptive
     * Runge–Kutta integrator keeps each step's local error below 10⁻¹² + 10⁻¹⁰·|x| (FluidOptions.defaults(),
     * steps ≤ 1 time unit); over ≤ 200 steps on a value ≥ 4·10⁻⁵ that is ≤ 5·10⁻⁶ relative.
     */
    public static final double TOLERANCE = 1e-5;

    private FluidSetupDecay() {
    }

    /**
     * Records two checks under {@code figure}: that u &gt; 0 at every sampling time of [t₀, t] (the closed form's
     * premise), and δ₁(t) against δ₁(t₀)·e^{−(t−t₀)/ν} to {@link #TOLERANCE} (relative).
     *
     * @param ode       a TABS fluid trajectory with series "idle" and "setup", sampled at least once per time unit
     * @param t0 the start of the interval, t₀ ≥ 0
     * @param t its end, t₀ &lt; t ≤ the trajectory's last time
     * @param setupMean ν, the mean set-up time
     * @param checks where the checks are recorded
     * @param figure the figure label the checks are recorded under
     * @return the decay check (the second of the two)
     */
    public static Checks.Check check(FluidTrajectory ode, double t0, double t, double setupMean, Checks checks,
                                     String figure) {
        Objects.requireNonNull(ode, "ode");
        Objects.requireNonNull(checks, "checks");
        if (!(t0 < t) || !(setupMean > 0)) {
            throw new IllegalArgumentException("t0 = " + t0 + ", t = " + t + ", setupMean = " + setupMean
                    + "; allowed: t0 < t, setupMean > 0");
        }
        double[] times = ode.times();
        double[] idle = ode.series("idle");
        double minIdle = Double.POSITIVE_INFINITY;
        for (int k = ode.indexAtTime(t0); k <= ode.indexAtTime(t); k++) {
            minIdle = Math.min(minIdle, idle[k]);
        }
        double from = times[ode.indexAtTime(t0)], to = times[ode.indexAtTime(t)];
        checks.claim(figure, String.format(java.util.Locale.ROOT, "u > 0 on [%s, %s] (p₀ = 1: no set-up starts)",
                        fmt(from), fmt(to)), minIdle > 0,
                String.format(java.util.Locale.ROOT, "smallest idle-on fraction on the grid %.3g", minIdle));
        double closed = ode.atTime("setup", from) * Math.exp(-(to - from) / setupMean);
        return checks.relative(figure, String.format(java.util.Locale.ROOT,
                        "set-up δ₁(%s) = δ₁(%s)·e^{−(t−t₀)/ν}, ν = %s", fmt(to), fmt(from), fmt(setupMean)),
                closed, ode.atTime("setup", to), TOLERANCE);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
