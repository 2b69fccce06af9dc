package org.queuelab.repro.alba;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.queuelab.meanfield.AlbaFixedPoint;
import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.meanfield.FluidMetrics;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;
import org.queuelab.report.Checks;
import org.queuelab.report.ReferenceData;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.result.TimeGrid;
import org.queuelab.sweep.Parallel;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * ALBA's Theorem 2 (docs/alba.md §5, §10.3–§10.6): the fixed point of Blind-θ under Power-of-d and JBT-d with the
 * Figure 1 rates and B = ∞, three ways — the closed form, the fluid integrated from all idle-on and from the
 * Figure 1 state, and the finite-N chain started at the closed form. Each case is a row of the tables, in the order
 * of the reference table {@code data/alba/theorem2_fixed_points.csv}.
 */
public final class Theorem2 {

    /** Columns of a fixed-point row: fractions, jobs per warm server, response time, and JBT-d's z_d and r. */
    public static final List<String> COLUMNS = List.of("x00", "x01", "x02", "y1", "Q", "R", "z_d", "ratio_r");

    /** Time the fluid is integrated to before it is read as a fixed point. */
    public static final double FLUID_HORIZON = 3000;

    /**
     * One case of the theorem.
     *
     * @param check    the checks of docs/alba.md §10 it covers (e.g. "10.3/10.4")
     * @param dispatch the dispatcher
     * @param theta    Blind-θ's θ
     */
    public record Case(String check, Dispatch dispatch, double theta) {

        /** {@return the label, dispatcher and θ, e.g. "JBT-1, θ = 0.06"} */
        public String label() {
            return dispatch.label() + ", θ = " + theta;
        }

        /** {@return the case's model: Blind-θ with the Figure 1 rates and B = ∞ (Theorem 2's standing assumption)} */
        public AlbaModel model() {
            return new AlbaModel(Figure1.LAMBDA, dispatch, Buffers.INFINITE,
                    Scaling.asynchronous(new BlindTheta(theta), Figure1.ALPHA), Figure1.BETA, Figure1.GAMMA);
        }
    }

    /**
     * A case solved: the closed-form state, the fluid at {@link #FLUID_HORIZON} from all idle-on, and the largest
     * coordinate gap to the closed form of the fluid from the Figure 1 state (NaN, with the reason, if the
     * integration stopped).
     *
     * @param c the case
     * @param levels queue levels of the truncated fluid
     * @param closed the closed-form state
     * @param fromIdle the fluid at {@link #FLUID_HORIZON} from all idle-on
     * @param gapFromFigure1 largest coordinate gap between the closed form and the fluid from the Figure 1 state
     *        (NaN if it stopped)
     * @param stopped why the integration stopped, empty if it did not
     */
    public record Solution(Case c, int levels, double[] closed, double[] fromIdle, double gapFromFigure1,
                           String stopped) {

        /** {@return the check label, reference sections then dispatcher and θ, e.g. "10.3/10.5 JBT-1, θ = 0.06"} */
        public String name() {
            return c.check() + " " + c.label();
        }

        /**
         * {@return the fixed-point row (see {@link #COLUMNS}) of a state of this case}
         *
         * @param x a state of this case's model, truncated at {@code levels}
         */
        public double[] row(double[] x) {
            return Theorem2.row(c, levels, x);
        }
    }

    private Theorem2() {
    }

    /** {@return the eleven cases of the reference table, in its order} */
    public static List<Case> cases() {
        return List.of(
                new Case("10.3/10.4", new PowerOfD(1), 0.06),
                new Case("10.3/10.4", new PowerOfD(2), 0.06),
                new Case("10.3/10.4", new PowerOfD(3), 0.06),
                new Case("10.3/10.5", JoinBelowThreshold.jiq(), 0.06),
                new Case("10.3/10.5", new JoinBelowThreshold(1), 0.06),
                new Case("10.3/10.5", new JoinBelowThreshold(2), 0.06),
                new Case("10.3/10.5", new JoinBelowThreshold(3), 0.06),
                new Case("10.5 exact", new JoinBelowThreshold(1), 0.04),
                new Case("10.6", new PowerOfD(2), 0.2),
                new Case("10.6", new JoinBelowThreshold(1), 0.2),
                new Case("10.6", new JoinBelowThreshold(2), 0.2));
    }

    /**
     * {@return {@link #solve} of every one of {@link #cases()}, in that order, the cases side by side on all cores}
     *
     * @param levels queue levels of the truncated fluid (B = ∞), ≥ 1
     */
    public static List<Solution> solveAll(int levels) {
        return Parallel.map(cases(), c -> solve(c, levels));
    }

    /**
     * Solves a case: closed form, the fluid from all idle-on and from the Figure 1 state (stiff for JBT-d, d ≥ 1:
     * the solver switches to its implicit method while the pool is small).
     *
     * @param c the case
     * @param levels queue levels of the truncated fluid (B = ∞), ≥ 1
     * @return the closed form, the fluid limits and the gap, or the reason the integration stopped
     */
    public static Solution solve(Case c, int levels) {
        AlbaModel m = c.model();
        AlbaFluid fluid = new AlbaFluid(m, levels);
        double[] closed = AlbaFixedPoint.blindTheta(m, levels).state();
        double[] fromIdle = fluid.integrate(fluid.state(0, 0, 1), new double[] {0, FLUID_HORIZON}).finalState();
        double lambda = m.lambda();
        try {
            double[] end = fluid.integrate(fluid.state(1 - lambda, 0, lambda), new double[] {0, FLUID_HORIZON})
                    .finalState();
            double gap = 0;
            for (int i = 0; i < end.length; i++) {
                gap = Math.max(gap, Math.abs(end[i] - closed[i]));
            }
            return new Solution(c, levels, closed, fromIdle, gap, null);
        } catch (IllegalStateException e) {
            return new Solution(c, levels, closed, fromIdle, Double.NaN, e.getMessage());
        }
    }

    /**
     * {@return the values x00, x01, x02, y1, Q (per warm server), R, z_d, r of a state (z_d and r only for JBT-d)}
     *
     * @param c the case
     * @param levels queue levels of the truncated state
     * @param x a state of the case's model
     */
    public static double[] row(Case c, int levels, double[] x) {
        AlbaModel m = c.model();
        FluidMetrics metrics = new AlbaFluid(m, levels).metrics(x);
        double lambda = m.lambda();
        double z = Double.NaN;
        double r = Double.NaN;
        if (c.dispatch() instanceof JoinBelowThreshold jbt) {
            z = jbt.d() == 0 ? 0.0 : AlbaFixedPoint.zd(lambda, metrics.idleOn(), jbt.d());
            r = jbt.d() >= 1 ? AlbaFixedPoint.jbtRatio(lambda, metrics.idleOn(), jbt.d()) : Double.NaN;
        }
        return new double[] {metrics.cold(), metrics.initializing(), metrics.idleOn(), metrics.busy(),
                metrics.jobsPerWarmServer(), metrics.responseTime(), z, r};
    }

    /**
     * One number of the reference table {@code data/alba/theorem2_fixed_points.csv}: the row of a dispatcher family,
     * its d and Blind-θ's θ (the table's columns dispatch, d, theta), e.g. {@code referenceValue(ref, "JBT-d", 0,
     * 0.06, "x00")} for JIQ's cold fraction at Figure 1's θ.
     *
     * @param reference the reference table, loaded with {@code ReferenceData.load("alba/theorem2_fixed_points.csv")}
     * @param dispatch  the family as the table writes it: "Power-of-d" or "JBT-d"
     * @param d         the family's d (Power-of-d: d ≥ 1; JBT-d: d ≥ 0)
     * @param theta     Blind-θ's θ of the row
     * @param column    one of {@link #COLUMNS}
     * @return the number in that row and column
     * @throws IllegalArgumentException if {@code column} is not one of {@link #COLUMNS}, unless exactly one row has
     *                                  that dispatcher, d and θ, or if that row leaves the column empty
     */
    public static double referenceValue(Table reference, String dispatch, int d, double theta, String column) {
        if (!COLUMNS.contains(column)) {
            throw new IllegalArgumentException("column = " + column + "; allowed: one of " + COLUMNS);
        }
        Row row = ReferenceData.row(reference, Map.of("dispatch", dispatch, "d", d, "theta", theta));
        if (row.isMissing(column)) {
            throw new IllegalArgumentException(column + " is empty for dispatch = " + dispatch + ", d = " + d
                    + ", theta = " + theta + " in " + reference.name());
        }
        return row.getNumber(column);
    }

    /**
     * {@return a table with check, dispatch, theta and the {@link #COLUMNS} of the chosen state of each solution}
     *
     * @param name the table's name
     * @param solutions the solved cases
     * @param state picks the state to tabulate from a solution (e.g. {@link Solution#closed()})
     */
    public static Table table(String name, List<Solution> solutions, Function<Solution, double[]> state) {
        Table t = Table.create(name, StringColumn.create("check"), StringColumn.create("dispatch"),
                DoubleColumn.create("theta"));
        for (String c : COLUMNS) {
            t.addColumns(DoubleColumn.create(c));
        }
        for (Solution s : solutions) {
            t.stringColumn("check").append(s.c().check());
            t.stringColumn("dispatch").append(s.c().dispatch().label());
            t.doubleColumn("theta").append(s.c().theta());
            double[] row = s.row(state.apply(s));
            for (int k = 0; k < COLUMNS.size(); k++) {
                t.doubleColumn(COLUMNS.get(k)).append(row[k]);
            }
        }
        return t;
    }

    /** The metrics the finite-N chain estimates, in the columns' order: off, set-up, idle-on, Q, R. */
    public static final List<String> SIMULATED = List.of(Metric.OFF.name(), Metric.SETUP.name(), Metric.IDLE.name(),
            Metric.JOBS_PER_WARM.name(), Metric.RESPONSE.name());

    /**
     * The finite-N chain started at each closed-form point (rounded to counts), time-averaged over
     * [burn-in, horizon], beside the closed form; records one check per case and metric with the tolerance
     * 2·(95% half-width) + the ±0.02 of docs/alba.md §10.14 at N = 1000 scaled by √(1000/N) (relative for Q and R).
     *
     * @param solutions the cases and their closed forms
     * @param servers   N, ≥ 1
     * @param horizon   end of each run
     * @param burnIn    start of the averaging window, below the horizon
     * @param runs      replications per case, ≥ 2
     * @param seed      seed of every case's replications
     * @param checks    where the checks are recorded
     * @return one row per case: dispatch, θ, and per metric of {@link #SIMULATED} its mean, 95% half-width and
     *         closed form
     */
    public static Table simulate(List<Solution> solutions, int servers, double horizon, double burnIn, int runs,
                                 long seed, Checks checks) {
        List<Estimate[]> estimates = solutions.stream()
                .map(s -> simulateCase(s.c().model(), s.closed(), servers, horizon, burnIn, runs, seed)).toList();
        return simulated(solutions, servers, estimates, checks);
    }

    /**
     * One case's finite-N chain started at its closed-form point {@code closed} (rounded to counts), time-averaged
     * over [burn-in, horizon]: the estimates of {@link #SIMULATED}, in that order.
     *
     * @param model   the case's model
     * @param closed  the closed-form fixed point (x00, x01, x02, y1, …)
     * @param servers N, ≥ 1
     * @param horizon end of each run
     * @param burnIn  start of the averaging window, below the horizon
     * @param runs    replications, ≥ 2
     * @param seed    seed of the replications
     * @return the five estimates, in the order of {@link #SIMULATED}
     */
    public static Estimate[] simulateCase(AlbaModel model, double[] closed, int servers, double horizon,
                                          double burnIn, int runs, long seed) {
        RunWindow spec = RunWindow.until(horizon)
                .withInitial(InitialOccupancy.fractions(closed[0], closed[1], Arrays.copyOfRange(closed, 2,
                closed.length))).withGrid(TimeGrid.of(horizon, horizon / 10)).withWarmup(burnIn);
        ReplicatedResult<OccupancyRun> r = OccupancySimulator.alba(model, servers).replicate(spec, seed, runs);
        return SIMULATED.stream().map(r::estimate).toArray(Estimate[]::new);
    }

    /**
     * The table and checks of {@link #simulate} from estimates already made (e.g. read from a study's store, see
     * {@link AlbaStudies#theorem2Simulation}).
     *
     * @param solutions the cases and their closed forms
     * @param servers   N of the simulation (it scales the finite-N allowance)
     * @param estimates per case, in the order of {@code solutions}, the estimates of {@link #SIMULATED}
     * @param checks    where the checks are recorded
     * @return the table of {@link #simulate}
     */
    public static Table simulated(List<Solution> solutions, int servers, List<Estimate[]> estimates,
                                  Checks checks) {
        if (estimates.size() != solutions.size()) {
            throw new IllegalArgumentException("estimates: " + estimates.size() + " cases; allowed: one per solution ("
                    + solutions.size() + ")");
        }
        int[] columnOf = {0, 1, 2, 4, 5};
        Table t = Table.create("Theorem 2: simulation, N = " + servers, StringColumn.create("dispatch"),
                DoubleColumn.create("theta"));
        for (String n : SIMULATED) {
            t.addColumns(DoubleColumn.create(n), DoubleColumn.create(n + " ±"), DoubleColumn.create(n + " closed"));
        }
        double finiteN = 0.02 * Math.sqrt(1000.0 / servers);
        for (int i = 0; i < solutions.size(); i++) {
            Solution s = solutions.get(i);
            double[] closed = s.row(s.closed());
            t.stringColumn("dispatch").append(s.c().dispatch().label());
            t.doubleColumn("theta").append(s.c().theta());
            for (int k = 0; k < SIMULATED.size(); k++) {
                String name = SIMULATED.get(k);
                Estimate e = estimates.get(i)[k];
                double value = closed[columnOf[k]];
                t.doubleColumn(name).append(e.mean());
                t.doubleColumn(name + " ±").append(e.halfWidth());
                t.doubleColumn(name + " closed").append(value);
                double tolerance = 2 * e.halfWidth() + finiteN * (k < 3 ? 1 : Math.abs(value));
                String quantity = s.c().label() + ": " + name;
                if (value == 0) {   // e.g. no server off above θ_c: the row bounds the simulated fraction
                    checks.absolute("Thm 2 simulation N = " + servers, quantity, value, e.mean(), tolerance,
                            "the closed form is exactly 0 (" + name + " vanishes at this fixed point); the row "
                            + "bounds the simulated fraction by 2·(95% half-width) + the finite-N allowance "
                            + "0.02·√(1000/N) of docs/alba.md §10.14, which it fails if the fraction exceeds that");
                } else {
                    checks.absolute("Thm 2 simulation N = " + servers, quantity, value, e.mean(), tolerance);
                }
            }
        }
        return t;
    }

    /**
     * docs/alba.md §10.7, no auto-scaling: Power-of-2, Power-of-3 and JIQ on always-warm servers (λ = 0.7, B = ∞).
     * Columns dispatch,
     * Qbar closed form (y_i = λ^((d^i−1)/(d−1)); λ for JIQ), Qbar fluid at {@link #FLUID_HORIZON} from all
     * idle-on, R fluid.
     *
     * @param levels queue levels of the truncated fluid (B = ∞), ≥ 1
     * @return one row per dispatcher
     */
    public static Table withoutScaling(int levels) {
        Table t = Table.create("No auto-scaling, all warm (docs/alba.md §10.7)", StringColumn.create("dispatch"),
                DoubleColumn.create("Qbar closed form"), DoubleColumn.create("Qbar fluid t = 3000"),
                DoubleColumn.create("R fluid"));
        double lambda = Figure1.LAMBDA;
        for (Dispatch d : new Dispatch[] {new PowerOfD(2), new PowerOfD(3), JoinBelowThreshold.jiq()}) {
            AlbaFluid fluid = new AlbaFluid(AlbaModel.alwaysWarm(lambda, d, Buffers.INFINITE), levels);
            FluidMetrics end = fluid.metrics(fluid.integrate(fluid.state(0, 0, 1), new double[] {0, FLUID_HORIZON})
                    .finalState());
            t.stringColumn("dispatch").append(d.label());
            t.doubleColumn("Qbar closed form").append(d instanceof PowerOfD p
                    ? PowerOfDFixedPoint.meanQueueLength(lambda, p.d()) : lambda);
            t.doubleColumn("Qbar fluid t = 3000").append(end.jobsPerServer());
            t.doubleColumn("R fluid").append(end.responseTime());
        }
        return t;
    }

    /**
     * docs/alba.md §10.8, the sub-optimal set S_subopt with constant c: for JBT-0 and JBT-1 with g ≡ 0 (Blind-0), the
     * point of
     * (20), its largest drift coordinate |F(x)| and its response time (d + λ/c). Columns dispatch, max |F(x)|, R.
     *
     * @param c the set's constant c, 0 &lt; c ≤ λ
     * @param levels queue levels of the truncated state, ≥ 1
     * @return one row per dispatcher
     */
    public static Table suboptimalSet(double c, int levels) {
        Table t = Table.create("Points of S_subopt (docs/alba.md §10.8) (c = " + c + "), g ≡ 0", StringColumn.create("dispatch"),
                DoubleColumn.create("max |F(x)|"), DoubleColumn.create("R"));
        for (int d : new int[] {0, 1}) {
            AlbaModel none = new Case("10.8", new JoinBelowThreshold(d), 0.0).model();
            AlbaFluid fluid = new AlbaFluid(none, levels);
            double[] x = AlbaFixedPoint.suboptimal(none.lambda(), d, c, levels).state();
            t.stringColumn("dispatch").append(none.dispatch().label());
            t.doubleColumn("max |F(x)|").append(Arrays.stream(fluid.drift(x)).map(Math::abs).max().orElseThrow());
            t.doubleColumn("R").append(fluid.metrics(x).responseTime());
        }
        return t;
    }

    /**
     * Records the checks of {@code docs/alba.md} §10.7 and §10.8 against the reference table
     * {@code data/alba/other_fixed_points.csv} ({@code reference}; rows Power-of-2, Power-of-3, JIQ, then the
     * sub-optimal set's JBT-0, JBT-1): Q̄ without scaling by closed form (10⁻⁶) and fluid (10⁻⁵), JIQ's R = 1 (10⁻⁶);
     * on the sub-optimal set with c = 0.35, zero drift (≤ 10⁻¹²) and R = d + λ/c (10⁻⁹). Returns the two tables
     * ({@link #withoutScaling}, {@link #suboptimalSet}).
     *
     * @param checks where the checks are recorded
     * @param reference the reference table, rows as listed
     * @param levels queue levels of the truncated fluid, ≥ 1
     * @return {@link #withoutScaling} then {@link #suboptimalSet} (c = 0.35)
     */
    public static List<Table> checkOtherFixedPoints(Checks checks, Table reference, int levels) {
        Table c7 = withoutScaling(levels);
        for (int row : new int[] {0, 1}) {
            String at = "no auto-scaling, " + c7.stringColumn("dispatch").get(row) + ": Qbar ";
            double ref = reference.numberColumn("Qbar").getDouble(row);
            checks.absolute("§10.7", at + "(closed form)", ref, c7.doubleColumn("Qbar closed form").get(row), 1e-6);
            checks.absolute("§10.7", at + "(fluid)", ref, c7.doubleColumn("Qbar fluid t = 3000").get(row), 1e-5);
        }
        checks.absolute("§10.7", "no auto-scaling, JIQ: R (fluid)", 1.0, c7.doubleColumn("R fluid").get(2), 1e-6);
        Table c8 = suboptimalSet(0.35, levels);
        for (int d : new int[] {0, 1}) {
            String at = "S_subopt, " + c8.stringColumn("dispatch").get(d) + ", c = 0.35: ";
            checks.atMost("§10.8", at + "max |F(x)|", 1e-12, c8.doubleColumn("max |F(x)|").get(d));
            checks.absolute("§10.8", at + "R = d + λ/c", reference.numberColumn("R").getDouble(3 + d),
                    c8.doubleColumn("R").get(d), 1e-9);
        }
        return List.of(c7, c8);
    }

    /**
     * Remark 1 by integration ({@code docs/alba.md} §5): JIQ with g ≡ 0 started at members c = 0.35 and 0.5 of the
     * sub-optimal set stays at each; records R at {@link #FLUID_HORIZON} against λ/c (10⁻⁵) under "Remark 1 (§5)".
     *
     * @param checks where the checks are recorded
     * @param levels queue levels of the truncated fluid, ≥ 1
     */
    public static void checkRemarkOne(Checks checks, int levels) {
        AlbaModel jiqNoScaling = new Case("10.8", JoinBelowThreshold.jiq(), 0.0).model();
        AlbaFluid fluid = new AlbaFluid(jiqNoScaling, levels);
        double lambda = jiqNoScaling.lambda();
        for (double c : new double[] {0.35, 0.5}) {
            double r = fluid.integrate(AlbaFixedPoint.suboptimal(lambda, 0, c, levels).state(), new double[] {0, FLUID_HORIZON})
                    .value(Metric.RESPONSE, 1);
            checks.absolute("Remark 1 (§5)", "JIQ, g ≡ 0, from the member with c = " + c + ": R at t = " + FLUID_HORIZON
                    + " = λ/c", lambda / c, r, 1e-5);
        }
    }
}
