package org.queuelab.repro.invariant;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.invariant.Accuracy;
import org.queuelab.invariant.InvariantState;
import org.queuelab.invariant.InvariantStateProblem;
import org.queuelab.invariant.InvariantStateSolver;
import org.queuelab.invariant.VirtualWaitingTime;
import org.queuelab.plot.Labels;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Independent checks of the invariant-state solver (docs/invariant-states.md §4, §6): d = 1 against the
 * Pollaczek–Khinchine mean wait of the M/G/1 queue, and exponential service at any d against the closed form
 * s*_ℓ = λ^{(d^ℓ−1)/(d−1)}.
 *
 * <p>Comparing the exact W* formula (4.3) with Little's law is not among them: the two are the same sum rearranged
 * (an identity), so that comparison is consistency only.
 */
public final class InvariantStudies {

    private InvariantStudies() {
    }

    /**
     * d = 1: Little's law Σ_{ℓ≤L} s*_ℓ/λ − 1 from the solver against λE[S²]/(2(1 − λ)), for the named laws (choose
     * laws whose s*_L is negligible, i.e. light tails). Columns distribution, second_moment, w_solver, w_pk,
     * relative_error, s_last (s*_L; 0 when it underflowed), levels.
     *
     * @param laws service laws (mean 1) by name
     * @param names the names to compute, each a key of {@code laws}
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param levels the levels L the solver computes, ≥ 1
     * @return one row per name
     */
    public static Table pollaczekKhinchine(Map<String, ServiceDistribution> laws, List<String> names, double lambda,
                                           int levels) {
        Objects.requireNonNull(laws, "laws");
        Table t = Table.create("d = 1: Little's law on the solver's s*_ℓ vs Pollaczek–Khinchine, λ = "
                + Labels.number(lambda),
                StringColumn.create("distribution"), DoubleColumn.create("second_moment"),
                DoubleColumn.create("w_solver"), DoubleColumn.create("w_pk"), DoubleColumn.create("relative_error"),
                DoubleColumn.create("s_last"), IntColumn.create("levels"));
        for (String name : names) {
            ServiceDistribution g = laws.get(name);
            if (g == null) {
                throw new IllegalArgumentException("no law '" + name + "'; known: " + laws.keySet());
            }
            InvariantState st = InvariantStateSolver.solve(new InvariantStateProblem(g, lambda, 1, levels,
                    Accuracy.HIGH));
            double second = g.variance() + g.mean() * g.mean();
            double pk = lambda * second / (2 * (1 - lambda * g.mean()));
            double w = VirtualWaitingTime.little(st);
            double last = st.s(levels);
            t.stringColumn("distribution").append(name);
            t.doubleColumn("second_moment").append(second);
            t.doubleColumn("w_solver").append(w);
            t.doubleColumn("w_pk").append(pk);
            t.doubleColumn("relative_error").append(Math.abs(w - pk) / pk);
            t.doubleColumn("s_last").append(Double.isNaN(last) ? 0 : last);
            t.intColumn("levels").append(levels);
        }
        return t;
    }

    /**
     * Exponential service with d sampled queues: the solver's s*_ℓ against λ^{(d^ℓ−1)/(d−1)} (d ≥ 2). Columns level,
     * solver, closed_form, relative_error.
     *
     * @param exponential the exponential law of mean 1
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d queues sampled per arrival, ≥ 2
     * @param levels the last level compared, ≥ 1
     * @return one row per level 1..levels
     */
    public static Table exponentialClosedForm(ServiceDistribution exponential, double lambda, int d, int levels) {
        if (d < 2) {
            throw new IllegalArgumentException("d = " + d + "; allowed: d ≥ 2 (d = 1 is the M/G/1 queue)");
        }
        InvariantState st = InvariantStateSolver.solve(new InvariantStateProblem(exponential, lambda, d, levels,
                Accuracy.HIGH));
        Table t = Table.create("exponential service, d = " + d + ": solver vs λ^((d^ℓ−1)/(d−1)), λ = "
                + Labels.number(lambda),
                IntColumn.create("level"), DoubleColumn.create("solver"), DoubleColumn.create("closed_form"),
                DoubleColumn.create("relative_error"));
        for (int l = 1; l <= levels; l++) {
            double exact = Math.pow(lambda, (Math.pow(d, l) - 1) / (d - 1));
            t.intColumn("level").append(l);
            t.doubleColumn("solver").append(st.s(l));
            t.doubleColumn("closed_form").append(exact);
            t.doubleColumn("relative_error").append(Math.abs(st.s(l) - exact) / exact);
        }
        return t;
    }

    /**
     * Proposition 4.2 on a grid: for each level ℓ = 2..{@code toLevel} of a (d = 2) state, F_ℓ(s) − s on
     * {@code points} equally spaced s in [0, s*_{ℓ−1}]: whether it is positive at 0, negative at s*_{ℓ−1}, strictly
     * decreasing, and how many sign changes it has. Columns distribution, level, positive_at_0,
     * negative_at_top, decreasing, sign_changes.
     *
     * @param states invariant states (d = 2) by law name
     * @param names the names to check, each a key of {@code states}
     * @param toLevel the last level ℓ checked, ≥ 2
     * @param points the points of the s grid, ≥ 3
     * @return one row per name and level
     * @throws IllegalArgumentException if {@code points} &lt; 3
     */
    public static Table uniqueness(Map<String, InvariantState> states, List<String> names, int toLevel, int points) {
        if (points < 3) {
            throw new IllegalArgumentException("points = " + points + "; allowed: ≥ 3");
        }
        Table t = Table.create("Proposition 4.2: F_ℓ(s) − s on a grid of " + points + " points",
                StringColumn.create("distribution"), IntColumn.create("level"),
                tech.tablesaw.api.BooleanColumn.create("positive_at_0"),
                tech.tablesaw.api.BooleanColumn.create("negative_at_top"),
                tech.tablesaw.api.BooleanColumn.create("decreasing"), IntColumn.create("sign_changes"));
        for (String name : names) {
            InvariantState st = states.get(name);
            if (st == null) {
                throw new IllegalArgumentException("no state '" + name + "'; known: " + states.keySet());
            }
            for (int l = 2; l <= toLevel; l++) {
                double top = st.s(l - 1);
                double previous = Double.NaN;
                boolean decreasing = true;
                int changes = 0;
                double first = Double.NaN;
                double last = Double.NaN;
                for (int k = 0; k < points; k++) {
                    double s = k == points - 1 ? top : top * k / (points - 1);   // no rounding past s*_{ℓ−1}
                    double g = st.fixedPointMap(l, s) - s;
                    if (k == 0) {
                        first = g;
                    } else {
                        decreasing &= g < previous;
                        if (Math.signum(g) != Math.signum(previous)) {
                            changes++;
                        }
                    }
                    previous = g;
                    last = g;
                }
                t.stringColumn("distribution").append(name);
                t.intColumn("level").append(l);
                t.booleanColumn("positive_at_0").append(first > 0);
                t.booleanColumn("negative_at_top").append(last < 0);
                t.booleanColumn("decreasing").append(decreasing);
                t.intColumn("sign_changes").append(changes);
            }
        }
        return t;
    }
}
