package org.queuelab.repro.sqdn;

import java.util.List;
import java.util.Objects;

import org.queuelab.analysis.QueueLengthTail;
import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.result.Estimate;
import org.queuelab.result.TableBuilder;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialMemory;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.MemoryChainSimulator;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sweep.Parallel;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

/**
 * Theorem 2 and Proposition 2 of SQ(d,N) (docs/sqdn.md §3, §5) checked on the library's fixed point:
 * the memory holds only j* and j*+1, the largest queue is j*+1, x*_{0,·} = 1 − λ, L_M − L_S = 1/d,
 * L_S ∈ [j* − 1/d, j* + 1 − 1/d], and b(x*) = 0; on a grid of (λ, d), against the reference fixed points
 * (data/sqdn/fixed_points.csv), and confirmed
 * by long-time fluid integration and by stationary simulation.
 */
public final class FixedPointSurvey {

    private FixedPointSurvey() {
    }

    /**
     * The Theorem 2 fixed point at (λ, d) and its summaries.
     *
     * @param lambda arrival rate per server λ
     * @param d servers sampled per arrival
     * @param jStar j* = ⌊−log(1−λ)/log(1+λd)⌋ (eq. (1), docs/sqdn.md §5): slots hold j* or j*+1
     * @param x x*[i][j], 0 ≤ i ≤ j ≤ j*+1
     */
    public record FixedPoint(double lambda, int d, int jStar, double[][] x) {

        /**
         * {@return x*_{i,j} (0 outside the support)}
         *
         * @param i queue length, ≥ 0
         * @param j slot value (jobs the dispatcher believes are at the server), ≥ 0
         */
        public double at(int i, int j) {
            return i < x.length && j < x[i].length && i <= j ? x[i][j] : 0;
        }

        /** {@return L_S, mean jobs per server} */
        public double meanQueue() {
            return SqdnFluid.meanQueue(x);
        }

        /** {@return L_M, mean slot value (jobs the dispatcher believes are at a server)} */
        public double meanMemory() {
            return SqdnFluid.meanMemory(x);
        }

        /** {@return the queue marginal x*_{i,·} = Σ_j x*_{i,j}: fraction of servers with i jobs, i = 0, 1, …} */
        public double[] queueMarginal() {
            return SqdnFluid.queueMarginal(x);
        }

        /** {@return the slot marginal x*_{·,j} = Σ_i x*_{i,j}: fraction of servers whose slot holds j, j = 0, 1, …} */
        public double[] slotMarginal() {
            return SqdnFluid.slotMarginal(x);
        }

        /** {@return largest i with x*_{i,·} &gt; 0} */
        public int maxQueue() {
            return SqdnFluid.maxQueue(x);
        }

        /** {@return fraction of jobs that join an idle server, x*_{1,·}/λ (docs/sqdn.md §5)} */
        public double idleJoinFraction() {
            return queueMarginal()[1] / lambda;
        }
    }

    /**
     * {@return the library's fixed point at (λ, d)}
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d servers sampled per arrival d, ≥ 2 (the memory fixed point needs d ≥ 2)
     */
    public static FixedPoint fixedPoint(double lambda, int d) {
        return new FixedPoint(lambda, d, SqdnFluid.jStar(lambda, d), SqdnFluid.fixedPoint(lambda, d));
    }

    /**
     * Reference entries (columns lambda, d, jstar, i, j, x) with ours beside them: columns lambda, d, i, j, x, ours,
     * error, plus jstar and ours_jstar.
     *
     * @param reference the reference entries, columns as listed
     * @return one row per reference entry
     */
    public static Table compareEntries(Table reference) {
        Table t = Table.create("x*_{i,j}: ours vs reference", DoubleColumn.create("lambda"), IntColumn.create("d"),
                IntColumn.create("jstar"), IntColumn.create("ours_jstar"), IntColumn.create("i"), IntColumn.create("j"),
                DoubleColumn.create("x"), DoubleColumn.create("ours"), DoubleColumn.create("error"));
        for (Row r : reference) {
            double lambda = r.getNumber("lambda");
            int d = r.getInt("d");
            FixedPoint fp = fixedPoint(lambda, d);
            double ours = fp.at(r.getInt("i"), r.getInt("j"));
            t.doubleColumn("lambda").append(lambda);
            t.intColumn("d").append(d);
            t.intColumn("jstar").append(r.getInt("jstar"));
            t.intColumn("ours_jstar").append(fp.jStar());
            t.intColumn("i").append(r.getInt("i"));
            t.intColumn("j").append(r.getInt("j"));
            t.doubleColumn("x").append(r.getNumber("x"));
            t.doubleColumn("ours").append(ours);
            t.doubleColumn("error").append(Math.abs(ours - r.getNumber("x")));
        }
        return t;
    }

    /**
     * Reference summaries (columns lambda, d, jstar, L_S, L_M, alpha, max_queue; empty cells allowed) with ours:
     * adds ours_jstar, ours_L_S, ours_L_M, ours_max_queue, ours_idle_join.
     *
     * @param reference the reference summaries, columns as listed
     * @return the reference with our columns added
     */
    public static Table compareSummary(Table reference) {
        TableBuilder ours = TableBuilder.named("fixed-point summaries: ours vs reference").ints("ours_jstar")
                .doubles("ours_L_S", "ours_L_M").ints("ours_max_queue").doubles("ours_idle_join");
        for (Row r : reference) {
            FixedPoint fp = fixedPoint(r.getNumber("lambda"), r.getInt("d"));
            ours.row(fp.jStar(), fp.meanQueue(), fp.meanMemory(), fp.maxQueue(), fp.idleJoinFraction());
        }
        return ours.addTo(reference.copy());
    }

    /**
     * The structural checks on {@code points} equally spaced loads in [from, to] for each d: columns d, lambda, jstar,
     * L_S, L_M, lower (j*−1/d), upper (j*+1−1/d), in_interval, idle_error |x*_{0,·} − (1−λ)|, gap_error
     * |L_M − L_S − 1/d|, drift_norm |b(x*)|_∞ (buffer j*+2), two_slots (slots ⊆ {j*, j*+1}), max_is_bound
     * (largest queue = j*+1). Loads within 1e−9 of a threshold λ_J are skipped (docs/sqdn.md §5: j* is not robust
     * there).
     *
     * @param ds values of d, each ≥ 2
     * @param from the smallest load, &gt; 0
     * @param to the largest load, &lt; 1
     * @param points loads per d, ≥ 2
     * @return one row per (d, λ) kept
     */
    public static Table grid(int[] ds, double from, double to, int points) {
        Objects.requireNonNull(ds, "ds");
        if (!(from > 0 && to < 1 && from < to) || points < 2) {
            throw new IllegalArgumentException("[from, to] = [" + from + ", " + to + "], points = " + points
                    + "; allowed: 0 < from < to < 1 and points ≥ 2");
        }
        Table t = Table.create("Theorem 2 / Proposition 2 on a grid", IntColumn.create("d"),
                DoubleColumn.create("lambda"), IntColumn.create("jstar"), DoubleColumn.create("L_S"),
                DoubleColumn.create("L_M"), DoubleColumn.create("lower"), DoubleColumn.create("upper"),
                BooleanColumn.create("in_interval"), DoubleColumn.create("idle_error"),
                DoubleColumn.create("gap_error"), DoubleColumn.create("drift_norm"), BooleanColumn.create("two_slots"),
                BooleanColumn.create("max_is_bound"));
        for (int d : ds) {
            for (int k = 0; k < points; k++) {
                double lambda = from + (to - from) * k / (points - 1);
                if (nearThreshold(lambda, d)) {
                    continue;
                }
                FixedPoint fp = fixedPoint(lambda, d);
                int js = fp.jStar();
                double lsv = fp.meanQueue();
                double lmv = fp.meanMemory();
                double lower = js - 1.0 / d;
                double upper = js + 1 - 1.0 / d;
                double[] slots = fp.slotMarginal();
                boolean twoSlots = true;
                for (int j = 0; j < slots.length; j++) {
                    if (slots[j] > 0 && j != js && j != js + 1) {
                        twoSlots = false;
                    }
                }
                double[][] b = SqdnFluid.drift(lambda, d, SqdnFluid.withBuffer(fp.x(), js + 2));
                double driftNorm = 0;
                for (int i = 0; i < b.length; i++) {
                    for (int j = i; j < b[i].length; j++) {
                        driftNorm = Math.max(driftNorm, Math.abs(b[i][j]));
                    }
                }
                t.intColumn("d").append(d);
                t.doubleColumn("lambda").append(lambda);
                t.intColumn("jstar").append(js);
                t.doubleColumn("L_S").append(lsv);
                t.doubleColumn("L_M").append(lmv);
                t.doubleColumn("lower").append(lower);
                t.doubleColumn("upper").append(upper);
                t.booleanColumn("in_interval").append(lsv >= lower - 1e-12 && lsv <= upper + 1e-12);
                t.doubleColumn("idle_error").append(Math.abs(fp.queueMarginal()[0] - (1 - lambda)));
                t.doubleColumn("gap_error").append(Math.abs(lmv - lsv - 1.0 / d));
                t.doubleColumn("drift_norm").append(driftNorm);
                t.booleanColumn("two_slots").append(twoSlots);
                t.booleanColumn("max_is_bound").append(fp.maxQueue() == js + 1);
            }
        }
        return t;
    }

    /**
     * The whole {@link #grid} survey in one row per regime (d, j*): the λ range and number of grid points it covers;
     * the range of L_S; the smallest margins L_S − (j* − 1/d) and (j* + 1 − 1/d) − L_S with the λ where each
     * occurs (Proposition 2 holds in the regime when both are ≥ 0); the largest idle, gap and drift errors; and how
     * many points satisfy each structural property. Every grid point enters a row: nothing is cut.
     *
     * @param survey a {@link #grid} table
     * @return one row per (d, j*)
     */
    public static Table summaryByRegime(Table survey) {
        Objects.requireNonNull(survey, "survey");
        Table t = Table.create("Theorem 2 / Proposition 2 on the grid: every point, one row per (d, j*)",
                IntColumn.create("d"), IntColumn.create("jstar"), DoubleColumn.create("lambda_from"),
                DoubleColumn.create("lambda_to"), IntColumn.create("points"), DoubleColumn.create("L_S_min"),
                DoubleColumn.create("L_S_max"), DoubleColumn.create("lower_margin_min"),
                DoubleColumn.create("at_lambda_lower"), DoubleColumn.create("upper_margin_min"),
                DoubleColumn.create("at_lambda_upper"), IntColumn.create("in_interval"),
                DoubleColumn.create("idle_error_max"), DoubleColumn.create("gap_error_max"),
                DoubleColumn.create("drift_norm_max"), IntColumn.create("two_slots"),
                IntColumn.create("max_is_bound"));
        java.util.Map<java.util.List<Integer>, java.util.List<Integer>> regimes = new java.util.LinkedHashMap<>();
        for (int r = 0; r < survey.rowCount(); r++) {
            regimes.computeIfAbsent(java.util.List.of(survey.intColumn("d").getInt(r),
                    survey.intColumn("jstar").getInt(r)), k -> new java.util.ArrayList<>()).add(r);
        }
        DoubleColumn lambda = survey.doubleColumn("lambda");
        for (var e : regimes.entrySet()) {
            double from = Double.POSITIVE_INFINITY, to = Double.NEGATIVE_INFINITY;
            double lsMin = Double.POSITIVE_INFINITY, lsMax = Double.NEGATIVE_INFINITY;
            double lowMargin = Double.POSITIVE_INFINITY, upMargin = Double.POSITIVE_INFINITY, atLow = 0, atUp = 0;
            double idle = 0, gap = 0, drift = 0;
            int inInterval = 0, twoSlots = 0, maxIsBound = 0;
            for (int r : e.getValue()) {
                double l = lambda.getDouble(r), ls = survey.doubleColumn("L_S").getDouble(r);
                from = Math.min(from, l);
                to = Math.max(to, l);
                lsMin = Math.min(lsMin, ls);
                lsMax = Math.max(lsMax, ls);
                double lo = ls - survey.doubleColumn("lower").getDouble(r);
                double up = survey.doubleColumn("upper").getDouble(r) - ls;
                if (lo < lowMargin) {
                    lowMargin = lo;
                    atLow = l;
                }
                if (up < upMargin) {
                    upMargin = up;
                    atUp = l;
                }
                idle = Math.max(idle, survey.doubleColumn("idle_error").getDouble(r));
                gap = Math.max(gap, survey.doubleColumn("gap_error").getDouble(r));
                drift = Math.max(drift, survey.doubleColumn("drift_norm").getDouble(r));
                inInterval += survey.booleanColumn("in_interval").get(r) ? 1 : 0;
                twoSlots += survey.booleanColumn("two_slots").get(r) ? 1 : 0;
                maxIsBound += survey.booleanColumn("max_is_bound").get(r) ? 1 : 0;
            }
            t.intColumn("d").append(e.getKey().get(0));
            t.intColumn("jstar").append(e.getKey().get(1));
            t.doubleColumn("lambda_from").append(from);
            t.doubleColumn("lambda_to").append(to);
            t.intColumn("points").append(e.getValue().size());
            t.doubleColumn("L_S_min").append(lsMin);
            t.doubleColumn("L_S_max").append(lsMax);
            t.doubleColumn("lower_margin_min").append(lowMargin);
            t.doubleColumn("at_lambda_lower").append(atLow);
            t.doubleColumn("upper_margin_min").append(upMargin);
            t.doubleColumn("at_lambda_upper").append(atUp);
            t.intColumn("in_interval").append(inInterval);
            t.doubleColumn("idle_error_max").append(idle);
            t.doubleColumn("gap_error_max").append(gap);
            t.doubleColumn("drift_norm_max").append(drift);
            t.intColumn("two_slots").append(twoSlots);
            t.intColumn("max_is_bound").append(maxIsBound);
        }
        return t;
    }

    static boolean nearThreshold(double lambda, int d) {
        int js = SqdnFluid.jStar(lambda, d);
        return Math.abs(lambda - SqdnFluid.threshold(js + 1, d)) < 1e-9
                || (js >= 1 && Math.abs(lambda - SqdnFluid.threshold(js, d)) < 1e-9);
    }

    /**
     * Confirms the fixed point at each (λ, d) in {@code points} (rows {λ, d}): the fluid from e_{0,0} integrated with
     * step h to {@code fluidHorizon} (its distance to x*), and SQ(d,N) simulated from all idle (N servers,
     * {@code runs} replications, time averages over [burnIn, simHorizon]). Columns lambda, d, jstar, L_S,
     * integration_distance, fluid_L_S_end, sim_L_S, sim_L_S_halfwidth, sim_largest_queue, N, runs, h, seed.
     *
     * @param points rows {λ, d}, 0 &lt; λ &lt; 1 and integer d ≥ 2
     * @param step step h of the fluid integration (water-filling Euler scheme, docs/sqdn.md §4), &gt; 0; its error
     *        is O(h)
     * @param fluidHorizon the fluid's integration time, in mean service times
     * @param n number of servers N of the simulation, ≥ d
     * @param buffer buffer I: the most jobs a server holds (the chain's truncation), ≥ 2, checked by the model
     * @param simHorizon the simulated time, &gt; burnIn
     * @param burnIn time discarded at the start of each run before averaging, ≥ 0
     * @param runs replications, ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     * @return one row per point, columns as listed
     */
    public static Table confirm(double[][] points, double step, double fluidHorizon, int n, int buffer,
                                double simHorizon, double burnIn, int runs, long seed) {
        Objects.requireNonNull(points, "points");
        List<Confirmation> confirmed = Parallel.map(java.util.stream.IntStream.range(0, points.length).boxed()
                .toList(), p -> confirmOne(points[p][0], (int) points[p][1], step, fluidHorizon, n, buffer, simHorizon,
                burnIn, runs, seed + p));   // the points side by side on all cores: fluids overlap simulations
        return confirmTable(points, confirmed, step, n, runs, seed);
    }

    /**
     * The table of {@link #confirm} from its points' confirmations (computed here or read from a study's store,
     * docs/spark.md §5).
     *
     * @param points    rows {λ, d}, as given to {@link #confirm}
     * @param confirmed one confirmation per point, in the same order (point p's runs seeded {@code seed + p})
     * @param step      the fluid's step h
     * @param n         number of servers N of the simulations
     * @param runs      replications per point
     * @param seed      seed of the first point's runs
     * @return one row per point, the columns of {@link #confirm}
     * @throws IllegalArgumentException when the two lists differ in length
     */
    public static Table confirmTable(double[][] points, List<Confirmation> confirmed, double step, int n, int runs,
                                     long seed) {
        if (confirmed.size() != points.length) {
            throw new IllegalArgumentException("confirmed: " + confirmed.size() + " values; allowed: one per point ("
                    + points.length + ")");
        }
        Table t = Table.create("fixed point: long-time fluid and simulation", DoubleColumn.create("lambda"),
                IntColumn.create("d"), IntColumn.create("jstar"), DoubleColumn.create("L_S"),
                DoubleColumn.create("integration_distance"), DoubleColumn.create("fluid_L_S_end"),
                DoubleColumn.create("sim_L_S"), DoubleColumn.create("sim_L_S_halfwidth"),
                IntColumn.create("sim_largest_queue"), DoubleColumn.create("N"), DoubleColumn.create("runs"),
                DoubleColumn.create("h"), LongColumn.create("seed"));
        for (int p = 0; p < points.length; p++) {
            Confirmation c = confirmed.get(p);
            t.doubleColumn("lambda").append(points[p][0]);
            t.intColumn("d").append((int) points[p][1]);
            t.intColumn("jstar").append(c.jStar());
            t.doubleColumn("L_S").append(c.meanQueue());
            t.doubleColumn("integration_distance").append(c.integrationDistance());
            t.doubleColumn("fluid_L_S_end").append(c.fluidMeanQueueEnd());
            t.doubleColumn("sim_L_S").append(c.simulated().mean());
            t.doubleColumn("sim_L_S_halfwidth").append(c.simulated().halfWidth());
            t.intColumn("sim_largest_queue").append(c.largestQueue());
            t.doubleColumn("N").append(n);
            t.doubleColumn("runs").append(runs);
            t.doubleColumn("h").append(step);
            t.longColumn("seed").append(seed + p);
        }
        return t;
    }

    /**
     * One point of {@link #confirm}: the fixed point, the fluid's end and the simulation's L_S and largest queue.
     *
     * @param jStar               j* of the fixed point
     * @param meanQueue           the fixed point's L_S (jobs per server)
     * @param integrationDistance |x(T) − x*|_∞ of the fluid from all idle at its horizon
     * @param fluidMeanQueueEnd   the fluid's L_S at its horizon
     * @param simulated           the simulated time-averaged L_S with its 95 % interval
     * @param largestQueue        the largest queue held by any server in any replication
     */
    public record Confirmation(int jStar, double meanQueue, double integrationDistance, double fluidMeanQueueEnd,
                               Estimate simulated, int largestQueue) {
    }

    /**
     * One point of {@link #confirm}: the fluid from e_{0,0} to {@code fluidHorizon} and the memory chain from all
     * idle, {@code runs} replications seeded by {@code seed}.
     *
     * @param lambda       arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d            servers sampled per arrival, ≥ 2
     * @param step         step h of the fluid integration, &gt; 0
     * @param fluidHorizon the fluid's integration time
     * @param n            number of servers N, ≥ d
     * @param buffer       buffer I, ≥ 2
     * @param simHorizon   the simulated time, &gt; burnIn
     * @param burnIn       time discarded at the start of each run, ≥ 0
     * @param runs         replications, ≥ 2
     * @param seed         seed of this point's runs
     * @return the point's confirmation
     */
    public static Confirmation confirmOne(double lambda, int d, double step, double fluidHorizon, int n, int buffer,
                                          double simHorizon, double burnIn, int runs, long seed) {
        FixedPoint fp = fixedPoint(lambda, d);
        SqdnFluid.Path path = SqdnFluid.integrate(lambda, d, SqdnFluid.unit(buffer, 0, 0),
                new double[] {0, fluidHorizon}, step);
        double[][] end = path.states()[path.states().length - 1];
        LoadBalancingModel model = new LoadBalancingModel(lambda, new PowerOfDWithMemory(d), buffer,
                Exponential.unitMean());
        ReplicatedResult<OccupancyRun> sim = MemoryChainSimulator.of(model, n)
                .replicate(RunWindow.until(simHorizon).withInitial(InitialMemory.allIdle())
                .withGrid(TimeGrid.of(simHorizon, simHorizon)).withWarmup(burnIn), seed, runs);
        return new Confirmation(fp.jStar(), fp.meanQueue(), SqdnFluid.distance(end, fp.x()), SqdnFluid.meanQueue(end),
                sim.estimate("meanJobs"), QueueLengthTail.of(sim).largestLevelSeen());
    }

    /**
     * The finite-N gap of the stationary mean L_S^N − L_S (docs/sqdn.md §10): for each N, {@code runs} replications of
     * the memory chain from all idle, time averages over [burnIn, horizon], and the fluid fixed point's L_S. Columns
     * N, L_S (fluid), sim_L_S, half_width (95 %), gap = sim − fluid, gap_lower, gap_upper, N·gap and √N·gap: the
     * scaled columns show whether the gap shrinks like 1/N (N·gap flat) or 1/√N (√N·gap flat). Replication seeds
     * derive from {@code seed} and N.
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d servers sampled per arrival d, ≥ 2 (the memory fixed point needs d ≥ 2)
     * @param ns N values, each ≥ 1, increasing
     * @param buffer buffer I: the most jobs a server holds (the chain's truncation), ≥ 2, checked by the model
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @param burnIn time discarded at the start of each run before averaging, ≥ 0
     * @param runs replications per N, ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     * @return one row per N, columns as listed
     */
    public static Table stationaryGapOverN(double lambda, int d, int[] ns, int buffer, double horizon, double burnIn,
                                           int runs, long seed) {
        Objects.requireNonNull(ns, "ns");
        if (ns.length == 0) {
            throw new IllegalArgumentException("ns: none; allowed: at least one N");
        }
        List<Estimate> estimates = new java.util.ArrayList<>();
        for (int n : ns) {
            estimates.add(stationaryMeanQueue(lambda, d, n, buffer, horizon, burnIn, runs, seed + n));
        }
        return gapTable(lambda, d, ns, estimates);
    }

    /**
     * One N of {@link #stationaryGapOverN}: the memory chain's time-averaged L_S over [burnIn, horizon] from all idle.
     *
     * @param lambda  arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d       servers sampled per arrival, ≥ 2
     * @param n       number of servers N, ≥ d
     * @param buffer  buffer I, ≥ 2
     * @param horizon the time horizon, &gt; burnIn
     * @param burnIn  time discarded at the start of each run, ≥ 0
     * @param runs    replications, ≥ 2
     * @param seed    seed of these runs ({@link #stationaryGapOverN} uses its seed + N)
     * @return L_S^N with its 95 % interval
     */
    public static Estimate stationaryMeanQueue(double lambda, int d, int n, int buffer, double horizon, double burnIn,
                                               int runs, long seed) {
        LoadBalancingModel model = new LoadBalancingModel(lambda, new PowerOfDWithMemory(d), buffer,
                Exponential.unitMean());
        return MemoryChainSimulator.of(model, n).replicate(RunWindow.until(horizon)
                .withInitial(InitialMemory.allIdle()).withGrid(TimeGrid.of(horizon, horizon))
                .withWarmup(burnIn), seed, runs).estimate("meanJobs");
    }

    /**
     * The table of {@link #stationaryGapOverN} from its per-N estimates (computed here or read from a study's store,
     * docs/spark.md §5).
     *
     * @param lambda    arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d         servers sampled per arrival, ≥ 2
     * @param ns        the N values
     * @param estimates L_S^N per N, in the order of {@code ns}
     * @return one row per N, the columns of {@link #stationaryGapOverN}
     * @throws IllegalArgumentException when the two differ in length
     */
    public static Table gapTable(double lambda, int d, int[] ns, List<Estimate> estimates) {
        if (estimates.size() != ns.length) {
            throw new IllegalArgumentException("estimates: " + estimates.size() + " values; allowed: one per N ("
                    + ns.length + ")");
        }
        FixedPoint fp = fixedPoint(lambda, d);
        Table t = Table.create(String.format("stationary L_S^N − L_S over N, λ = %s, d = %d", lambda, d),
                IntColumn.create("N"), DoubleColumn.create("L_S"), DoubleColumn.create("sim_L_S"),
                DoubleColumn.create("half_width"), DoubleColumn.create("gap"), DoubleColumn.create("gap_lower"),
                DoubleColumn.create("gap_upper"), DoubleColumn.create("N·gap"), DoubleColumn.create("√N·gap"));
        for (int k = 0; k < ns.length; k++) {
            int n = ns[k];
            Estimate ls = estimates.get(k);
            double gap = ls.mean() - fp.meanQueue();
            t.intColumn("N").append(n);
            t.doubleColumn("L_S").append(fp.meanQueue());
            t.doubleColumn("sim_L_S").append(ls.mean());
            t.doubleColumn("half_width").append(ls.halfWidth());
            t.doubleColumn("gap").append(gap);
            t.doubleColumn("gap_lower").append(gap - ls.halfWidth());
            t.doubleColumn("gap_upper").append(gap + ls.halfWidth());
            t.doubleColumn("N·gap").append(n * gap);
            t.doubleColumn("√N·gap").append(Math.sqrt(n) * gap);
        }
        return t;
    }
}
