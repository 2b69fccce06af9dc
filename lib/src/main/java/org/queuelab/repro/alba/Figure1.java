package org.queuelab.repro.alba;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.queuelab.guard.Require;
import org.queuelab.model.AlbaModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;
import org.queuelab.report.ReferenceData;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The set-up of ALBA's Figure 1 (docs/alba.md §8), FOUND in the source text unless marked: N = 1000,
 * B = 100, λ = 0.7, α = 0.05, β = 0.1, γ = 0.025, Blind-θ with θ = (0.5/α)(1 − λ)/(1/β + 1/γ) = 0.06 (half the
 * threshold θ_c of condition (17)), Power-of-2, and at time 0 (1 − λ)N cold servers and λN idle-on ones; ten
 * simulations of 10^6 events each, averaged. The horizon, about 688 time units for 10^6 events, is INFERRED.
 */
public final class Figure1 {

    /** Arrival rate per server λ. */
    public static final double LAMBDA = 0.7;
    /** Scaling-time rate per server α. */
    public static final double ALPHA = 0.05;
    /** Initialization rate β. */
    public static final double BETA = 0.1;
    /** Expiration rate γ. */
    public static final double GAMMA = 0.025;
    /** Number of servers N. */
    public static final int SERVERS = 1000;
    /** Buffer B per server. */
    public static final int BUFFER = 100;
    /** Events per simulation run. */
    public static final long EVENTS = 1_000_000L;
    /** Simulation runs averaged per curve. */
    public static final int RUNS = 10;
    /** Power-of-d parameter d. */
    public static final int D = 2;
    /** Horizon covered by 10^6 events of the N = 1000 chain (INFERRED, docs/alba.md §8: about 688). */
    public static final double HORIZON = 688.0;
    /** Initial fraction of cold servers, 1 − λ. */
    public static final double INITIAL_COLD = 1 - LAMBDA;
    /** Initial fraction of idle-on servers, λ. */
    public static final double INITIAL_IDLE_ON = LAMBDA;

    private Figure1() {
    }

    /**
     * The Figure 1 choice of θ, half the threshold of (17): θ = (0.5/α)(1 − λ)/(1/β + 1/γ) (FOUND formula).
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param alpha scaling-time rate α &gt; 0
     * @param beta initialization (set-up) rate β &gt; 0
     * @param gamma expiration rate γ &gt; 0
     * @return θ, in the same rate units as α
     */
    public static double theta(double lambda, double alpha, double beta, double gamma) {
        Require.openUnit("lambda", lambda);
        requireRate("alpha", alpha);
        requireRate("beta", beta);
        requireRate("gamma", gamma);
        return 0.5 / alpha * (1 - lambda) / (1 / beta + 1 / gamma);
    }

    /** {@return θ of Figure 1 for the default rates: 0.06} */
    public static double theta() {
        return theta(LAMBDA, ALPHA, BETA, GAMMA);
    }

    /** {@return the Figure 1 model: Power-of-2, Blind-θ, B = 100} */
    public static AlbaModel model() {
        return model(new PowerOfD(D), BUFFER);
    }

    /**
     * {@return the Figure 1 rates and scaling rule with another dispatcher or buffer (e.g. B = ∞ for Theorem 2)}
     *
     * @param dispatch the dispatcher
     * @param buffer buffer B: jobs per server, counting the one in service, or {@link
     *        org.queuelab.model.Buffers#INFINITE}; B &gt; d for JBT-d
     */
    public static AlbaModel model(Dispatch dispatch, int buffer) {
        return new AlbaModel(LAMBDA, dispatch, buffer, Scaling.asynchronous(new BlindTheta(theta()), ALPHA),
                BETA, GAMMA);
    }

    /** Our metric names in the source's notation, which the tables in data/alba use (docs/alba.md). */
    private static final Map<String, String> SPEC_NAMES = Map.of(Metric.OFF.name(), "x00", Metric.SETUP.name(), "x01",
            Metric.IDLE.name(), "x02", Metric.BUSY.name(), "y1", Metric.JOBS_PER_WARM.name(), "Q", Metric.MEAN_JOBS.name(), "Qbar",
            Metric.RESPONSE.name(), "R");

    /**
     * The name the reference tables in {@code data/alba} give metric {@code metric} (x00, x01, x02, y1, Q, Qbar,
     * R); other names are returned unchanged.
     *
     * @param metric a metric's name (as {@link Metric#name()})
     * @return the reference tables' name for it, or {@code metric} unchanged
     */
    public static String specName(String metric) {
        return SPEC_NAMES.getOrDefault(metric, metric);
    }

    /**
     * {@return the name the reference tables in {@code data/alba} give a quantity (x00, x01, x02, y1, Q, Qbar, R)}
     *
     * @param metric the metric
     */
    public static String specName(Metric metric) {
        return specName(metric.name());
    }

    /**
     * {@return {@code text} with each word that is a name of the source's notation replaced by ours ("max x00" → "max
     * off")}
     *
     * @param text text in the source's notation
     */
    public static String fromSpec(String text) {
        return Arrays.stream(text.split(" ", -1))
                .map(w -> SPEC_NAMES.entrySet().stream().filter(e -> e.getValue().equals(w)).map(Map.Entry::getKey)
                        .findFirst().orElse(w))
                .collect(Collectors.joining(" "));
    }

    /**
     * Stationary averages (t &gt; burn-in) of the simulated metrics {@code names} with their 95% half-widths, beside
     * the fluid fixed point and the range of the source's own 3-run check ({@code data/alba/fig1_stochastic.csv},
     * rows "&lt;name&gt; average t&gt;300").
     *
     * @param result the replicated Figure 1 run
     * @param names the metrics to list
     * @param fixedPoint the fluid fixed point's value of each metric, in the order of {@code names}
     * @param sourceRuns the source's 3-run check ({@code data/alba/fig1_stochastic.csv}: quantity, low, high)
     * @return columns quantity, simulation, ± (95%), fluid fixed point, and the source's range low and high
     */
    public static Table stationaryTable(ReplicatedResult<OccupancyRun> result, List<Metric> names, double[] fixedPoint,
                                        Table sourceRuns) {
        Table t = Table.create("Figure 1: stationary averages (t > 300) vs the fluid fixed point",
                StringColumn.create("quantity"), DoubleColumn.create("simulation"), DoubleColumn.create("± (95%)"),
                DoubleColumn.create("fluid fixed point"), DoubleColumn.create("spec's 3-run range low"),
                DoubleColumn.create("spec's 3-run range high"));
        for (int k = 0; k < names.size(); k++) {
            String name = names.get(k).name();
            Estimate e = result.estimate(name);
            t.stringColumn("quantity").append(name);
            t.doubleColumn("simulation").append(e.mean());
            t.doubleColumn("± (95%)").append(e.halfWidth());
            t.doubleColumn("fluid fixed point").append(fixedPoint[k]);
            String key = specName(name) + " average t>300";
            t.doubleColumn("spec's 3-run range low").append(ReferenceData.value(sourceRuns, "quantity", key, "low"));
            t.doubleColumn("spec's 3-run range high").append(ReferenceData.value(sourceRuns, "quantity", key, "high"));
        }
        return t;
    }

    private static void requireRate(String name, double value) {
        if (!(value > 0 && Double.isFinite(value))) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 < " + name + " < ∞");
        }
    }
}
