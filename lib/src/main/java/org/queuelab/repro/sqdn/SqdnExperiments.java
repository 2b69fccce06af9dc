package org.queuelab.repro.sqdn;

import static org.queuelab.repro.StudyValues.put;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.RunWindow;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Point;

/**
 * What each point of {@link SqdnStudies}' studies runs (docs/sqdn.md, docs/spark.md §5): one {@link Experiment} per
 * study, a record of the sizes and seed the notebook used, serializable so that a Spark executor runs it.
 */
public final class SqdnExperiments {

    private SqdnExperiments() {
    }

    /**
     * One SQ(d,N) run from the rounded fixed point ({@link LargestQueueBound#simulateLargestQueue}).
     *
     * @param servers N
     * @param buffer  buffer I
     * @param horizon the run's length
     * @param seed    the run's seed (the notebook's)
     */
    public record LargestQueueRun(int servers, int buffer, double horizon, long seed) implements Experiment {
        private static final long serialVersionUID = 1L;

        @Override
        public Map<String, Double> run(Point point, long sweepSeed) {
            LargestQueueBound.LargestQueueRun r = LargestQueueBound.simulateLargestQueue(point.number("lambda"),
                    point.integer("d"), servers, buffer, horizon, seed);
            Map<String, Double> values = new LinkedHashMap<>();
            values.put("largestLevelSeen", (double) r.largestLevelSeen());
            values.put("largestInMarginal", (double) r.largestInMarginal());
            values.put("meanQueue", r.meanQueue());
            values.put("jStarPlusOne", (double) r.jStarPlusOne());
            values.put("levels", (double) r.queueMarginal().length);
            for (int i = 0; i < r.queueMarginal().length; i++) {
                values.put("marginal." + i, r.queueMarginal()[i]);
            }
            return values;
        }
    }

    /**
     * One (λ, d) of Theorem 2's confirmation ({@link FixedPointSurvey#confirmOne}), point p seeded {@code seed + p}.
     *
     * @param step         step h of the fluid
     * @param fluidHorizon the fluid's integration time
     * @param servers      N of the simulations
     * @param buffer       buffer I
     * @param simHorizon   the simulated time
     * @param burnIn       start of the averaging window
     * @param runs         replications per point
     * @param seed         seed of point 0's runs
     * @param points       rows {λ, d}, one sweep point each
     */
    public record ConfirmRun(double step, double fluidHorizon, int servers, int buffer, double simHorizon,
                             double burnIn, int runs, long seed, double[][] points) implements Experiment {
        private static final long serialVersionUID = 1L;

        /**
         * Validates the points and keeps a copy of them.
         *
         * @param step         step h of the fluid
         * @param fluidHorizon the fluid's integration time
         * @param servers      N of the simulations
         * @param buffer       buffer I
         * @param simHorizon   the simulated time
         * @param burnIn       start of the averaging window
         * @param runs         replications per point
         * @param seed         seed of point 0's runs
         * @param points       rows {λ, d}, at least one
         * @throws IllegalArgumentException for no points or a row that is not {λ, d}
         */
        public ConfirmRun {
            if (points.length < 1) {
                throw new IllegalArgumentException("points: 0 rows; allowed: at least 1 row {λ, d}");
            }
            for (double[] row : points) {
                if (row.length != 2) {
                    throw new IllegalArgumentException("points: a row of " + row.length + " values; allowed: {λ, d}");
                }
            }
            points = Arrays.stream(points).map(double[]::clone).toArray(double[][]::new);
        }

        /**
         * The points, a copy.
         *
         * @return rows {λ, d}
         */
        @Override
        public double[][] points() {
            return Arrays.stream(points).map(double[]::clone).toArray(double[][]::new);
        }

        /**
         * {@inheritDoc}
         *
         * @return the sizes, seed and points
         */
        @Override
        public String toString() {
            return "ConfirmRun[h = " + step + ", T_fluid = " + fluidHorizon + ", N = " + servers + ", I = " + buffer
                    + ", T = " + simHorizon + ", burn-in = " + burnIn + ", runs = " + runs + ", seed = " + seed
                    + ", points = " + Arrays.deepToString(points) + "]";
        }

        @Override
        public Map<String, Double> run(Point point, long sweepSeed) {
            int p = point.integer("point");
            FixedPointSurvey.Confirmation c = FixedPointSurvey.confirmOne(points[p][0], (int) points[p][1], step,
                    fluidHorizon, servers, buffer, simHorizon, burnIn, runs, seed + p);
            Map<String, Double> values = new LinkedHashMap<>();
            values.put("jStar", (double) c.jStar());
            values.put("meanQueue", c.meanQueue());
            values.put("integrationDistance", c.integrationDistance());
            values.put("fluidMeanQueueEnd", c.fluidMeanQueueEnd());
            put(values, "simulated", c.simulated());
            values.put("largestQueue", (double) c.largestQueue());
            return values;
        }
    }

    /**
     * One N of the gap over N ({@link FixedPointSurvey#stationaryMeanQueue}, seeded {@code seed + N}).
     *
     * @param lambda  arrival rate per server λ
     * @param d       servers sampled per arrival
     * @param buffer  buffer I
     * @param horizon the simulated time
     * @param burnIn  start of the averaging window
     * @param runs    replications
     * @param seed    the seed that N is added to
     */
    public record GapRun(double lambda, int d, int buffer, double horizon, double burnIn, int runs, long seed)
            implements Experiment {
        private static final long serialVersionUID = 1L;

        @Override
        public Map<String, Double> run(Point point, long sweepSeed) {
            int n = point.integer("n");
            Map<String, Double> values = new LinkedHashMap<>();
            put(values, "L_S", FixedPointSurvey.stationaryMeanQueue(lambda, d, n, buffer, horizon, burnIn, runs,
                    seed + n));
            return values;
        }
    }

    /**
     * One N of SQ(d)'s CTMC: {@code runs} replications from all idle, warm-up 200, each to the horizon
     * events / (N (1 + λ)) / runs (an arrival or a departure per event: about {@code events} events in all).
     *
     * @param lambda arrival rate per server λ
     * @param d      servers sampled per arrival
     * @param buffer buffer B
     * @param events events over all replications
     * @param runs   replications
     * @param seed   the seed that N is added to
     */
    public record RefinedRun(double lambda, int d, int buffer, long events, int runs, long seed)
            implements Experiment {
        private static final long serialVersionUID = 1L;

        /**
         * Validates the sizes.
         *
         * @param lambda arrival rate per server λ (checked by the model)
         * @param d      servers sampled per arrival (checked by the policy)
         * @param buffer buffer B (checked by the model)
         * @param events events over all replications, ≥ 1
         * @param runs   replications, ≥ 2
         * @param seed   the seed that N is added to
         * @throws IllegalArgumentException for events below 1 or runs below 2
         */
        public RefinedRun {
            if (events < 1) {
                throw new IllegalArgumentException("events = " + events + "; allowed: ≥ 1");
            }
            if (runs < 2) {
                throw new IllegalArgumentException("runs = " + runs + "; allowed: ≥ 2");
            }
        }

        /**
         * Each replication's horizon at N servers.
         *
         * @param n servers N
         * @return events / (N (1 + λ)) / runs
         */
        public double horizon(int n) {
            return events / (n * (1 + lambda)) / runs;
        }

        @Override
        public Map<String, Double> run(Point point, long sweepSeed) {
            int n = point.integer("n");
            double horizon = horizon(n);
            LoadBalancingModel model = new LoadBalancingModel(lambda, new PowerOfD(d), buffer, Exponential.unitMean());
            Estimate e = Ctmc.of(model, n).replicate(RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle())
                    .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(200), seed + n, runs).estimates()
                    .get(Metric.MEAN_JOBS);
            Map<String, Double> values = new LinkedHashMap<>();
            put(values, Metric.MEAN_JOBS.name(), e);
            return values;
        }
    }
}
