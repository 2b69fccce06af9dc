package org.queuelab.repro.invariant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;

import org.queuelab.claims.Evidence;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.claims.Judge;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.invariant.InvariantState;
import org.queuelab.invariant.LevelStatus;
import org.queuelab.sweep.Parallel;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Evidence about the invariant state from methods that do not share the library solver's numerics
 * (docs/invariant-states.md §9): the second integrator ({@link GridInvariantState}) for every law, and the phase-type
 * mean field ({@link PhaseTypeMeanField}) where the law has a phase-type form. The work's Tables 1–2 are not in our
 * copy, so these judge that our values <em>are</em> the invariant state, never that they equal a printed cell.
 */
public final class InvariantEvidence {

    /** Levels below this are not compared: the work prints them as 0 and double precision does not resolve them. */
    public static final double RESOLVED = 1e-10;

    private InvariantEvidence() {
    }

    /**
     * {@return the second integrator's s*_1..s*_levels for each named law (index 0 holds 1; NaN where not resolved)}
     *
     * @param laws service laws (mean 1) by name
     * @param names the names to compute, each a key of {@code laws}
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d queues sampled per arrival, ≥ 2
     * @param levels the number of levels computed, ≥ 1
     */
    public static Map<String, double[]> secondIntegrator(Map<String, ServiceDistribution> laws, List<String> names,
                                                         double lambda, int d, int levels) {
        Objects.requireNonNull(laws, "laws");
        for (String name : names) {
            if (!laws.containsKey(name)) {
                throw new IllegalArgumentException("no law '" + name + "'; known: " + laws.keySet());
            }
        }
        // the laws side by side on all cores; each solve is deterministic, so the result does not depend on threads
        List<double[]> solved = Parallel.map(names, name -> GridInvariantState.solve(laws.get(name), lambda, d, levels));
        Map<String, double[]> out = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            out.put(names.get(i), solved.get(i));
        }
        return out;
    }

    /**
     * {@return H(ℓ) = log₂(ln(1/s))/ℓ (the work's Table 2)}
     *
     * @param s s*_ℓ, in (0, 1)
     * @param level ℓ ≥ 1
     */
    public static double h(double s, int level) {
        return Math.log(Math.log(1 / s)) / Math.log(2) / level;
    }

    /**
     * "For every resolved level": ours (the library solver) against another method's s*_ℓ within a relative margin,
     * over the levels 1..levels where both are resolved and at least {@link #RESOLVED}.
     *
     * @param grade how strong the evidence is
     * @param what what was compared, in one line
     * @param ours the library solver's invariant state
     * @param other the other method's s*_0 .. s*_levels (NaN where not resolved)
     * @param levels the last level compared, ≥ 1
     * @param relativeMargin the largest relative difference allowed, fixed in advance, &gt; 0
     * @return the evidence over every compared level (holds when each does)
     */
    public static Evidence levels(Grade grade, String what, InvariantState ours, double[] other, int levels,
                                  double relativeMargin) {
        return forEveryResolvedLevel(grade, what, ours, other, 1, levels,
                l -> Judge.value(grade, what + ", s*_" + l, ours.s(l), other[l], relativeMargin * other[l]));
    }

    /**
     * As {@link #levels} for H(ℓ), ℓ ≥ 2 (H(1) = log₂ ln 2 for every law), within an absolute margin.
     *
     * @param grade how strong the evidence is
     * @param what what was compared, in one line
     * @param ours the library solver's invariant state
     * @param other the other method's s*_0 .. s*_levels (NaN where not resolved)
     * @param levels the last level compared, ≥ 2
     * @param margin the margin fixed in advance, &gt; 0
     * @return the evidence over every compared level (holds when each does)
     */
    public static Evidence decayRates(Grade grade, String what, InvariantState ours, double[] other, int levels,
                                      double margin) {
        return forEveryResolvedLevel(grade, what, ours, other, 2, levels,
                l -> Judge.value(grade, what + ", H(" + l + ")", ours.h(l), h(other[l], l), margin));
    }

    /** One point per level from {@code first} to {@code levels} that both ours and {@code other} resolve. */
    private static Evidence forEveryResolvedLevel(Grade grade, String what, InvariantState ours, double[] other,
                                                  int first, int levels, IntFunction<Evidence> point) {
        List<Evidence> points = new ArrayList<>();
        int last = 0;
        for (int l = first; l <= levels && l < other.length; l++) {
            if (!resolved(ours, l) || !(other[l] >= RESOLVED)) {
                continue;
            }
            points.add(point.apply(l));
            last = l;
        }
        return Judge.forEvery(grade, what, "ℓ = " + first + ".." + last + " (s*_ℓ ≥ 1e-10)", points);
    }

    /**
     * Faster than any geometric tail at the last resolved pair: ln(1/s_{ℓ+1})/ln(1/s_ℓ) − (ℓ+1)/ℓ, claimed positive
     * (a geometric tail s_ℓ = c·ρ^ℓ gives a ratio that tends to (ℓ+1)/ℓ from below; a doubly exponential one tends
     * to κ &gt; 1). {@code claimedFaster} false judges the opposite claim (a heavy tail: slower than geometric).
     *
     * @param grade how strong the evidence is
     * @param what what was compared, in one line
     * @param s a tail s_0 .. s_L, NaN or below {@link #RESOLVED} where not resolved; at least two resolved levels
     * @param claimedFaster true to claim faster than geometric, false to claim slower
     * @return the evidence, by {@link Judge#larger} on the difference at the last resolved pair
     */
    public static Evidence againstGeometric(Grade grade, String what, double[] s, boolean claimedFaster) {
        int l = lastResolved(s) - 1;
        if (l < 2) {
            throw new IllegalArgumentException(what + ": resolved levels end at " + (l + 1) + "; allowed: ≥ 3");
        }
        double ratio = Math.log(1 / s[l + 1]) / Math.log(1 / s[l]);
        double excess = ratio - (l + 1.0) / l;
        return Judge.larger(grade, what + String.format(" (ratio at ℓ = %d → %d: %.3f vs geometric %.3f)", l, l + 1,
                ratio, (l + 1.0) / l), claimedFaster ? excess : -excess);
    }

    /**
     * {@return the largest ℓ with s_ℓ ≥ {@link #RESOLVED}}
     *
     * @param s a tail s_0 .. s_L
     */
    public static int lastResolved(double[] s) {
        int last = 0;
        for (int l = 1; l < s.length; l++) {
            if (s[l] >= RESOLVED) {
                last = l;
            }
        }
        return last;
    }

    /**
     * Another method's s*_ℓ against the solver for each law: columns law, SCV, level, other, solver,
     * relative_difference (levels 1..levels where both are resolved and ≥ 1e-10).
     *
     * @param title the table's title
     * @param laws service laws (mean 1) by name
     * @param other the other method's tail per law name
     * @param solver the solver's invariant state per law name
     * @param levels the last level compared, ≥ 1
     * @return one row per law and compared level
     */
    public static Table comparison(String title, Map<String, ServiceDistribution> laws, Map<String, double[]> other,
                                   Map<String, InvariantState> solver, int levels) {
        Table t = Table.create(title,
                StringColumn.create("law"), DoubleColumn.create("SCV"), IntColumn.create("level"),
                DoubleColumn.create("other"), DoubleColumn.create("solver"),
                DoubleColumn.create("relative_difference"));
        for (var e : other.entrySet()) {
            double[] s = e.getValue();
            InvariantState st = solver.get(e.getKey());
            for (int l = 1; l <= levels && l < s.length; l++) {
                if (!(s[l] >= RESOLVED) || !resolved(st, l)) {
                    continue;
                }
                t.stringColumn("law").append(e.getKey());
                t.doubleColumn("SCV").append(laws.get(e.getKey()).scv());
                t.intColumn("level").append(l);
                t.doubleColumn("other").append(s[l]);
                t.doubleColumn("solver").append(st.s(l));
                t.doubleColumn("relative_difference").append(st.s(l) / s[l] - 1);
            }
        }
        return t;
    }

    private static boolean resolved(InvariantState st, int l) {
        return l <= st.levels() && st.status(l) == LevelStatus.OK && st.s(l) >= RESOLVED;
    }
}
