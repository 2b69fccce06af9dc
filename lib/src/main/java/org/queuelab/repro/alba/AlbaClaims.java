package org.queuelab.repro.alba;

import static org.queuelab.claims.Evidence.Grade.CONSISTENCY;
import static org.queuelab.claims.Evidence.Grade.INDEPENDENT_METHOD;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

import org.queuelab.claims.ClaimsRegister;
import org.queuelab.claims.Evidence;
import org.queuelab.claims.Judge;
import org.queuelab.report.Checks;
import org.queuelab.report.ReferenceData;
import org.queuelab.repro.Finding;
import org.queuelab.result.Estimate;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

/**
 * The ALBA notebook's claims register ({@code data/alba/claims.csv}, {@code docs/claims.md}) assembled from what the
 * notebook computed: its recorded checks, grouped by figure and graded (a formula against its own tabulation is
 * consistency; fluid against simulation, closed form against integration or an independent prototype's values is an
 * independent method), and the studies' findings, judged by {@link org.queuelab.claims.Judge}'s rules so that a run
 * too small to decide is undecided, never a finding. The verdicts are computed by {@link ClaimsRegister}; nothing here
 * picks one.
 *
 * <p>Use: {@code AlbaClaims.of(checks, thm2N)} attaches every check family, then one call per study, then
 * {@link #register()}.
 */
public final class AlbaClaims {

    /** x° (above θ_c) rows of the Theorem 2 checks: θ = 0.2 ({@code docs/alba.md} §10.6). */
    private static final Predicate<Checks.Check> ABOVE_THRESHOLD = c -> c.quantity().contains("θ = 0.2");

    /** The check families that attach as they are (claim, grade, what, figure, quantity prefix), one per row:
     * Figure 1, Theorem 1, Remarks 1–2, Theorem 3, the Proposition, Section V's fluid and Section VI. */
    private static final String FAMILIES_FILE = "alba/evidence_families.csv";

    private final ClaimsRegister register = ClaimsRegister.load("alba");
    private final Checks checks;

    private AlbaClaims(Checks checks) {
        this.checks = Objects.requireNonNull(checks, "checks");
    }

    /**
     * The register with the notebook's recorded checks attached as evidence: Figure 1 and Theorem 1 (§10.11,
     * §10.14), Theorem 2 with condition (17) (§10.2–§10.7, the simulation at N = {@code thm2N}), Remark 1 (§10.8),
     * Remark 2 and Theorem 3's fluid checks (§10.9), the Proposition (§10.10), Section V's fluid and energy matching
     * and Section VI (§10.12–§10.13).
     *
     * @param checks the notebook's recorded checks, matched by figure label and quantity prefix
     * @param thm2N  the number of servers N of the Theorem 2 simulation, as in its checks' figure label
     * @return the claims under construction, with every check family attached
     * @throws NullPointerException     if {@code checks} is null
     * @throws IllegalArgumentException if a family the register expects has no recorded check
     */
    public static AlbaClaims of(Checks checks, int thm2N) {
        AlbaClaims c = new AlbaClaims(checks);
        c.attachFamilies();
        c.attachTheorem2(thm2N);
        return c;
    }

    /** {@return the register (data/alba/claims.csv), with every piece of evidence attached so far; live, not a copy} */
    public ClaimsRegister register() {
        return register;
    }

    private List<Checks.Check> family(String figure, String prefix) {
        return ClaimsRegister.matching(checks, figure, prefix);
    }

    private void attachFamilies() {
        Table families = ReferenceData.load(FAMILIES_FILE);
        for (Row row : families) {
            register.addAll(row.getString("claim"), Evidence.Grade.valueOf(row.getString("grade")),
                    row.getString("what"), family(row.getString("figure"), row.getString("prefix")));
        }
        register.addAll("ALBA-S5-ENERGY", CONSISTENCY, "stationary grid: energies matched (what the gain search "
                + "minimised)",
                checks.all().stream().filter(c -> c.figure().startsWith("Sec. V N = ")).toList());
    }

    private void attachTheorem2(int thm2N) {
        var closedForms = family("Thm 2 closed form (§10.3–§10.6)", "");
        var fluidLimits = new ArrayList<>(family("Thm 2 fluid t = 3000 (§10.4)", ""));
        fluidLimits.addAll(family("Theorem 2 (§10.4)", ""));
        var simulated = family("Thm 2 simulation N = " + thm2N, "");
        register.addAll("ALBA-T2", CONSISTENCY,
                "closed forms against the prototype's closed forms (one formula, re-evaluated)",
                below(closedForms));
        register.addAll("ALBA-T2", INDEPENDENT_METHOD,
                "long fluid integration (from all idle-on and from the Figure 1 state) against the closed form",
                below(fluidLimits));
        register.addAll("ALBA-T2", INDEPENDENT_METHOD, "stationary simulation at N = " + thm2N
                + " against the closed form", below(simulated));
        attachByDispatcher("ALBA-T2-POD", "Power-of", below(fluidLimits), below(simulated));
        attachByDispatcher("ALBA-T2-JBT", "J", below(fluidLimits), below(simulated));
        register.addAll("ALBA-BLIND-ATTR", INDEPENDENT_METHOD, "fluid from all idle-on reaches the closed form",
                family("Thm 2 fluid t = 3000 (§10.4)", ""));
        register.addAll("ALBA-BLIND-IDLE", INDEPENDENT_METHOD, "long fluid limits at the closed forms, whose "
                + "x_{0,2} = (α θ/γ) > 0 by (13d)", below(fluidLimits));
        register.addAll("ALBA-F1-COLD", INDEPENDENT_METHOD, "below θ_c: long fluid limits at closed forms with "
                + "x_{0,0} > 0", below(fluidLimits));
        register.addAll("ALBA-T2-XO", INDEPENDENT_METHOD, "θ = 0.2 > θ_c: long fluid integration reaches x°",
                fluidLimits.stream().filter(ABOVE_THRESHOLD).toList());
        register.addAll("ALBA-T2-XO", INDEPENDENT_METHOD, "θ = 0.2 > θ_c: stationary simulation at x°",
                simulated.stream().filter(ABOVE_THRESHOLD).toList());
        var noScaling = family("§10.7", "no auto-scaling");
        register.addAll("ALBA-T2-NOSCALE", INDEPENDENT_METHOD,
                "no auto-scaling: long fluid integration against the classical profile",
                noScaling.stream().filter(c -> c.quantity().contains("(fluid)")).toList());
        register.addAll("ALBA-T2", INDEPENDENT_METHOD,
                "no auto-scaling: long fluid integration against the classical profile",
                noScaling.stream().filter(c -> c.quantity().contains("(fluid)")).toList());
        register.addAll("ALBA-T2", CONSISTENCY, "no auto-scaling: the classical closed form against its tabulation",
                noScaling.stream().filter(c -> c.quantity().contains("(closed form)")).toList());
        register.addAll("ALBA-T2-COLD", CONSISTENCY, "θ_c from its formula against its tabulation",
                family("§10.2", "θ_c"));
        register.addAll("ALBA-T2-THETAC", CONSISTENCY, "θ_c from its formula against its tabulation",
                family("§10.2", "θ_c"));
        register.addAll("ALBA-T2-COLD", CONSISTENCY, "x° closed forms against the prototype's",
                closedForms.stream().filter(ABOVE_THRESHOLD).toList());
        register.addAll("ALBA-T2-COLD", INDEPENDENT_METHOD, "above θ_c: long fluid integration reaches x°",
                fluidLimits.stream().filter(ABOVE_THRESHOLD).toList());
        register.addAll("ALBA-T2-COLD", INDEPENDENT_METHOD, "above θ_c: stationary simulation at x°",
                simulated.stream().filter(ABOVE_THRESHOLD).toList());
    }

    /** Fluid limits and simulations of the dispatchers whose label (after the §10 prefix) starts with {@code kind}. */
    private void attachByDispatcher(String id, String kind, List<Checks.Check> fluid, List<Checks.Check> simulated) {
        Predicate<Checks.Check> of = c -> c.quantity().replaceFirst("^[\\d./ ]*(exact )?", "").startsWith(kind);
        register.addAll(id, INDEPENDENT_METHOD, "long fluid integration against the closed form",
                fluid.stream().filter(of).toList());
        register.addAll(id, INDEPENDENT_METHOD, "stationary simulation against the closed form",
                simulated.stream().filter(of).toList());
    }

    private static List<Checks.Check> below(List<Checks.Check> checks) {
        return checks.stream().filter(ABOVE_THRESHOLD.negate()).toList();
    }

    /**
     * Section VI's θ sweeps at the Blind-θ fixed point (Power-of-2, JBT-1, JIQ; columns E and R): no fixed point
     * below x⋆'s E = λ and R = 1 (ALBA-OPT), and Power-of-2 never reaching R = 1 (ALBA-R2), as consistency.
     *
     * @param sweeps one table per dispatcher label, with double columns E and R; must hold "Power-of-2"
     * @param lambda the arrival rate per server λ of the sweeps, in (0, 1)
     * @return this, with the evidence added (for chaining)
     */
    public AlbaClaims thetaSweeps(Map<String, Table> sweeps, double lambda) {
        double minE = sweeps.values().stream().flatMapToDouble(t -> Arrays.stream(t.doubleColumn("E").asDoubleArray()))
                .min().orElseThrow();
        double minR = sweeps.values().stream().flatMapToDouble(t -> Arrays.stream(t.doubleColumn("R").asDoubleArray()))
                .min().orElseThrow();
        register.add("ALBA-OPT", new Evidence(CONSISTENCY,
                "no Blind-θ fixed point (Power-of-2, JBT-1, JIQ; θ ∈ (0, θ_c]) has E below λ", lambda, minE,
                minE >= lambda - 1e-12, "smallest E over the sweep"));
        register.add("ALBA-OPT", new Evidence(CONSISTENCY, "no Blind-θ fixed point has R below 1", 1, minR,
                minR >= 1 - 1e-12, "smallest R over the sweep"));
        double podMinR = Arrays.stream(sweeps.get("Power-of-2").doubleColumn("R").asDoubleArray()).min().orElseThrow();
        register.add("ALBA-R2", new Evidence(CONSISTENCY, "Power-of-2 fixed points over θ ∈ (0, θ_c] never reach R = 1",
                1, podMinR, podMinR > 1, "smallest R over the sweep (closed form)"));
        return this;
    }

    /**
     * Rate-Idle over N (simulated, {@link RateIdleOverN}): each gain's approach to x⋆ is evidence for Theorem 1 and
     * Theorem 3; no run with E significantly below λ or R below 1 for the optimality of x⋆.
     *
     * @param rows   the study's rows (every gain and N), non-empty
     * @param gains  the gain labels to judge, each present in {@code rows}
     * @param lambda the arrival rate per server λ of the study, in (0, 1)
     * @return this, with the evidence added (for chaining)
     */
    public AlbaClaims rateIdleOverN(List<RateIdleOverN.Row> rows, List<String> gains, double lambda) {
        for (String gain : gains) {
            Evidence e = energyGapShrinks(RateIdleOverN.ofGain(rows, gain), lambda);
            register.add("ALBA-T1", e);
            register.add("ALBA-T3-N", e);
        }
        int[] ns = rows.stream().mapToInt(RateIdleOverN.Row::n).distinct().toArray();
        register.add("ALBA-OPT", new Evidence(INDEPENDENT_METHOD, "no simulated JIQ + Rate-Idle run (N = "
                + Arrays.toString(ns) + ") has E significantly below λ or R below 1", lambda,
                rows.stream().mapToDouble(r -> r.energy().mean()).min().orElseThrow(),
                rows.stream().noneMatch(r -> r.energy().upper() < lambda || r.response().upper() < 1),
                "smallest simulated E; 95% intervals"));
        return this;
    }

    /**
     * E − λ at the smallest N minus at the largest N (JIQ + one gain), by the paired-interval rule: the finite-N
     * energy approaches the fluid's λ. The two sizes are independent runs: the half-widths add in quadrature.
     */
    private static Evidence energyGapShrinks(List<RateIdleOverN.Row> rowsOfOneGain, double lambda) {
        List<RateIdleOverN.Row> sorted = rowsOfOneGain.stream()
                .sorted(java.util.Comparator.comparingInt(RateIdleOverN.Row::n)).toList();
        RateIdleOverN.Row small = sorted.get(0);
        RateIdleOverN.Row large = sorted.get(sorted.size() - 1);
        Estimate d = new Estimate(small.energy().mean() - large.energy().mean(),
                Math.hypot(small.energy().halfWidth(), large.energy().halfWidth()),
                Math.min(small.energy().n(), large.energy().n()));
        return Judge.larger(INDEPENDENT_METHOD, "JIQ + " + small.gain() + ": E − λ at N = " + small.n()
                + " minus at N = " + large.n() + " (simulated, λ = " + lambda + ")", d, Double.NaN);
    }

    /**
     * Theorem 1 on the mean-field accuracy study: the sup-norm gap between the fluid and the simulated average falls
     * from the smallest to the largest N (a factor 100 in N: about 10 at the central-limit order, far beyond the
     * run-to-run spread of a sup-norm over the horizon). With 3–4 sizes a fitted slope's t interval (1–2 degrees of
     * freedom) cannot decide anything; the fitted slope is shown in the note.
     *
     * @param ns   system sizes in increasing order, at least 2
     * @param gaps the sup-norm gap at each size, positive, as many as {@code ns}
     * @return this, with the evidence added (for chaining)
     */
    public AlbaClaims accuracy(int[] ns, double[] gaps) {
        double[] x = Arrays.stream(ns).mapToDouble(Math::log).toArray();
        double[] y = Arrays.stream(gaps).map(Math::log).toArray();
        org.hipparchus.stat.regression.SimpleRegression fit = new org.hipparchus.stat.regression.SimpleRegression();
        for (int i = 0; i < x.length; i++) {
            fit.addData(x[i], y[i]);
        }
        Evidence e = Judge.larger(INDEPENDENT_METHOD, "log sup-norm gap at N = " + ns[0] + " minus at N = "
                + ns[ns.length - 1] + " (fluid vs simulated average, Figure 1 set-up)", y[0] - y[y.length - 1]);
        register.add("ALBA-T1", new Evidence(e.grade(), e.what(), e.reference(), e.ours(), e.outcome(), e.note()
                + String.format(java.util.Locale.ROOT, "; gaps %s over N = %s, fitted log-log slope %.2f",
                Arrays.toString(Arrays.stream(gaps).map(g -> Math.round(g * 1e4) / 1e4).toArray()),
                Arrays.toString(ns), fit.getSlope()), "", 0));
        return this;
    }

    /**
     * Theorem 3's fluid study ({@link Theorem3TimeBound}): the largest distance to x⋆ at the horizon over the five
     * starts and both gains (within 10⁻³), and the entry times against the printed bound.
     *
     * @param worstFinalDistance largest distance to x⋆ at the horizon over starts and gains (same norm as the
     *                           study's)
     * @param withinPrintedBound the study's finding on entry times against the printed bound
     * @return this, with the evidence added (for chaining)
     */
    public AlbaClaims theorem3(double worstFinalDistance, Finding withinPrintedBound) {
        double threshold = Theorem3TimeBound.figure1Rates().threshold();   // the work's 10⁻³, from data/alba
        register.add("ALBA-T3", new Evidence(INDEPENDENT_METHOD,
                "fluid of JIQ + Rate-Idle (κ = 1/α, 10) from five starts ends within 10⁻³ of x⋆ at t = 600", threshold,
                worstFinalDistance, worstFinalDistance <= threshold, "largest distance at the horizon"));
        register.add("ALBA-T3-TIME", withinPrintedBound.asEvidence(CONSISTENCY));
        return this;
    }

    /**
     * The Proposition from several starts ({@link PropositionStarts}): distinct limits, each at its closed form;
     * attached to ALBA-P and ALBA-P-LIMIT.
     *
     * @param limitsDiffer      the finding that the limits from different starts differ
     * @param matchesClosedForm the finding that each limit is at its closed form
     * @return this, with the evidence added (for chaining)
     */
    public AlbaClaims proposition(Finding limitsDiffer, Finding matchesClosedForm) {
        register.add("ALBA-P", limitsDiffer.asEvidence(INDEPENDENT_METHOD));
        register.add("ALBA-P", matchesClosedForm.asEvidence(INDEPENDENT_METHOD));
        register.add("ALBA-P-LIMIT", limitsDiffer.asEvidence(INDEPENDENT_METHOD));
        register.add("ALBA-P-LIMIT", matchesClosedForm.asEvidence(INDEPENDENT_METHOD));
        return this;
    }

    /**
     * Section V on the stationary (N, λ) grid ({@link SectionFiveGrid}): the claim per TABS-d for ALBA-S5, Power-of-2
     * + Rate-Idle against JIQ + Rate-Idle for ALBA-R2-SIM, each point by {@link AlbaEvidence} at the register's
     * resolution.
     *
     * @param grid the grid the rows come from (for its Power-of-d)
     * @param rows the grid's rows, non-empty
     * @return this, with the evidence added (for chaining)
     */
    public AlbaClaims sectionFiveGrid(SectionFiveGrid grid, List<SectionFiveGrid.Row> rows) {
        double resolution = register.margin("ALBA-S5");
        for (int d : rows.stream().mapToInt(SectionFiveGrid.Row::tabsD).distinct().toArray()) {
            List<Evidence> points = rows.stream().filter(r -> r.tabsD() == d)
                    .map(r -> AlbaEvidence.betterBy(INDEPENDENT_METHOD, "R_TABS-" + d + " − R_Rate-Idle at N = " + r.n()
                            + ", λ = " + r.lambda(), r.advantage().asEstimate(), resolution)).toList();
            register.add("ALBA-S5", Judge.forEvery(INDEPENDENT_METHOD, "JIQ + Rate-Idle better than TABS-" + d
                    + " at matched energy (stationary, Welch)", gridOf(rows), points));
        }
        double podResolution = register.margin("ALBA-R2-SIM");
        List<Evidence> pod = rows.stream().map(r -> AlbaEvidence.betterBy(INDEPENDENT_METHOD, "R_PoD − R_JIQ at N = "
                + r.n() + ", λ = " + r.lambda(), r.powerPenalty().asEstimate(), podResolution)).toList();
        register.add("ALBA-R2-SIM", Judge.forEvery(INDEPENDENT_METHOD, "Power-of-" + grid.powerOfD()
                + " + Rate-Idle worse than JIQ + Rate-Idle at the same energy", gridOf(rows), pod));
        return this;
    }

    private static String gridOf(List<SectionFiveGrid.Row> rows) {
        return "N ∈ " + Arrays.toString(rows.stream().mapToInt(SectionFiveGrid.Row::n).distinct().toArray())
                + " × λ ∈ " + Arrays.toString(rows.stream().mapToDouble(SectionFiveGrid.Row::lambda).distinct().toArray());
    }

    /**
     * Section V under a step and a ramp of λ ({@link DemandChange}, paired): the delay difference for ALBA-S5 and the
     * stated mechanism (fewer requests wait for a set-up) for ALBA-S5-WHY, both by {@link AlbaEvidence} against the
     * register's resolutions, and the energy matching by equivalence (ALBA-S5-ENERGY, the register's margin).
     *
     * @param outcomes the study's outcome per scenario (step, ramp), keyed by scenario name
     * @return this, with the evidence added (for chaining)
     */
    public AlbaClaims sectionFiveUnderChange(Map<String, DemandChange.Outcome> outcomes) {
        for (DemandChange.Outcome o : outcomes.values()) {
            Evidence matched = o.energy(register.margin("ALBA-S5-ENERGY"));
            register.add("ALBA-S5", o.delay(register.margin("ALBA-S5")));
            register.add("ALBA-S5-WHY", o.mechanism(register.margin("ALBA-S5-WHY")));
            register.add("ALBA-S5-ENERGY", matched);
        }
        return this;
    }
}
