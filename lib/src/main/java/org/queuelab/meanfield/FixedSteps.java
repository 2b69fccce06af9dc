package org.queuelab.meanfield;

/**
 * Step counts and budgets of the fixed-step schemes (water-filling, classical RK4): their cost is known before
 * they start, so a run that would exceed its budget is refused before any work.
 */
final class FixedSteps {

    private FixedSteps() {
    }

    /** Equal steps ≤ h that land exactly on a grid span. */
    static long steps(double span, double h) {
        return (long) Math.ceil(span / h - 1e-9);
    }

    /** Total steps over a grid starting at t = 0 (saturating at Long.MAX_VALUE). */
    static long count(double[] times, double h) {
        double total = 0;
        double t = 0;
        for (double time : times) {
            if (time > t) {
                total += Math.ceil((time - t) / h - 1e-9);
                t = time;
            }
        }
        return total >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) total;
    }

    /** Refuses a run whose cost exceeds the budget, naming the size, the limit and how to raise it. */
    static void requireBudget(String what, double cost, long budget, double horizon, double h) {
        if (!(cost <= budget)) {
            throw new IllegalArgumentException(what + ": horizon " + horizon + " with step h = " + h + " needs "
                    + String.format("%.3g", cost) + " drift evaluations (or steps); allowed: ≤ the budget of "
                    + budget + " — raise it with FluidOptions.withMaxEvaluations(…) or use a larger step");
        }
    }
}
