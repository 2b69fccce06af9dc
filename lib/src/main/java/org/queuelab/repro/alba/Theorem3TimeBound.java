package org.queuelab.repro.alba;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.model.AlbaModel;
import org.queuelab.plot.Labels;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.policy.Scaling;
import org.queuelab.report.ReferenceData;
import org.queuelab.repro.Finding;
import org.queuelab.result.TimeGrid;
import org.queuelab.sweep.Parallel;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Theorem 3's convergence times (docs/alba.md §6): the fluid of JIQ + Rate-Idle from several initial states
 * ({@link OptimalityConvergence#initialStates}) and the time from which |x_{0,0} − (1 − λ)| + |y_1 − λ| + |Q̄ − λ|
 * stays within a threshold, against the printed bound ("within 10⁻³ by t ≈ 205–285"). The bound is compared as
 * printed; a start that needs longer is reported, not absorbed by widening the bound.
 *
 * @param lambda    arrival rate λ
 * @param alpha     scaling-time rate α
 * @param beta      initialization rate β
 * @param gamma     expiration rate γ
 * @param buffer    B of the fluid
 * @param horizon   integration horizon
 * @param step      sampling step of the distance
 * @param threshold distance threshold (10⁻³)
 * @param bound     the printed time bound (285)
 */
public record Theorem3TimeBound(double lambda, double alpha, double beta, double gamma, int buffer, double horizon,
                                double step, double threshold, double bound) {

    /**
     * One (start, gain): the entry time and the distance at the horizon.
     *
     * @param start the start's name
     * @param gain the gain's label
     * @param entryTime the time from which the distance to x⋆ stays at or below the threshold (+∞ if not by the
     *        horizon)
     * @param finalDistance the distance to x⋆ at the horizon
     */
    public record Row(String start, String gain, double entryTime, double finalDistance) {
    }

    /**
     * Validates the sampling; the rates and buffer are checked by the model.
     *
     * @param lambda    arrival rate λ
     * @param alpha     scaling-time rate α
     * @param beta      initialization rate β
     * @param gamma     expiration rate γ
     * @param buffer    B of the fluid
     * @param horizon   integration horizon, in mean service times
     * @param step      sampling step of the distance, 0 &lt; step &lt; horizon
     * @param threshold distance threshold, &gt; 0
     * @param bound     the printed time bound, &gt; 0
     * @throws IllegalArgumentException if the threshold, bound or step is out of range
     */
    public Theorem3TimeBound {
        if (!(threshold > 0) || !(bound > 0) || !(step > 0 && step < horizon)) {
            throw new IllegalArgumentException("threshold = " + threshold + ", bound = " + bound + ", step = " + step
                    + "; allowed: threshold > 0, bound > 0, 0 < step < horizon = " + horizon);
        }
    }

    /** The reference table whose distance threshold and printed bound {@link #figure1Rates} reads. */
    public static final String REFERENCE_FILE = "alba/theorem3_reference.csv";

    /**
     * {@return the study at Figure 1's rates, B = 100, horizon 600 sampled every 0.5, with the distance threshold
     * (10⁻³) and the printed bound (the latest time of the printed range, 285) of {@code data/}{@value #REFERENCE_FILE}}
     */
    public static Theorem3TimeBound figure1Rates() {
        Table reference = ReferenceData.load(REFERENCE_FILE);
        return new Theorem3TimeBound(Figure1.LAMBDA, Figure1.ALPHA, Figure1.BETA, Figure1.GAMMA, Figure1.BUFFER, 600,
                0.5, ReferenceData.value(reference, "quantity", "distance threshold", "value"),
                ReferenceData.value(reference, "quantity", "latest time within threshold (any of the five states)",
                        "value"));
    }

    /** {@return the gains the printed numbers were given for: κ = 1/α and κ = 10} */
    public List<RateIdleScaling> standardGains() {
        return List.of(RateIdleScaling.inverseAlpha(), RateIdleScaling.withGain(10));
    }

    /**
     * {@return entry times from every start of {@link OptimalityConvergence#initialStates} for every gain}
     *
     * @param gains the Rate-Idle rules
     */
    public List<Row> run(List<RateIdleScaling> gains) {
        double[] times = TimeGrid.of(horizon, step).times();
        List<Map.Entry<RateIdleScaling, String>> paths = new ArrayList<>();
        for (RateIdleScaling rule : gains) {
            for (String start : OptimalityConvergence.initialStates(lambda, fluid(rule)::state).keySet()) {
                paths.add(Map.entry(rule, start));
            }
        }
        return Parallel.map(paths, p -> {   // one fluid per path: the paths side by side on all cores
            AlbaFluid fluid = fluid(p.getKey());
            Table path = fluid.integrate(OptimalityConvergence.initialStates(lambda, fluid::state).get(p.getValue()),
                    times).toTable();
            double[] dist = OptimalityConvergence.distanceToOptimum(path, lambda);
            return new Row(p.getValue(), p.getKey().label(),
                    OptimalityConvergence.entryTime(path, "t", lambda, threshold), dist[dist.length - 1]);
        });
    }

    private AlbaFluid fluid(RateIdleScaling rule) {
        return AlbaFluid.of(new AlbaModel(lambda, JoinBelowThreshold.jiq(), buffer, Scaling.asynchronous(rule, alpha),
                beta, gamma));
    }

    /**
     * {@return a table with columns start, gain, entry time, printed bound, within the bound, distance at the horizon}
     *
     * @param rows the rows from {@link #run}
     */
    public Table table(List<Row> rows) {
        Table t = Table.create(String.format(Locale.ROOT, "Theorem 3: time to come within %s of x⋆ against the"
                + " printed %s", threshold, bound), StringColumn.create("start"), StringColumn.create("gain"),
                DoubleColumn.create("entry time"), DoubleColumn.create("printed bound"),
                StringColumn.create("within"), DoubleColumn.create("distance at t = " + Labels.number(horizon)));
        for (Row r : rows) {
            t.stringColumn("start").append(r.start());
            t.stringColumn("gain").append(r.gain());
            t.doubleColumn("entry time").append(r.entryTime());
            t.doubleColumn("printed bound").append(bound);
            t.stringColumn("within").append(r.entryTime() <= bound ? "yes" : "NO");
            t.doubleColumn("distance at t = " + Labels.number(horizon)).append(r.finalDistance());
        }
        return t;
    }

    /**
     * Every start enters within the printed time: holds when the largest entry time is at most the bound. Ours: the
     * largest entry time; reference: the bound; the note names the starts beyond it.
     *
     * @param rows the rows from {@link #run}
     * @return the finding (holds or not by the rule above)
     */
    public Finding withinPrintedBound(List<Row> rows) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("rows: none; allowed: at least one start");
        }
        Row worst = rows.stream().max(java.util.Comparator.comparingDouble(Row::entryTime)).orElseThrow();
        List<String> beyond = rows.stream().filter(r -> !(r.entryTime() <= bound))
                .map(r -> String.format(Locale.ROOT, "%s, %s: %.1f", r.start(), r.gain(), r.entryTime())).toList();
        double fastest = rows.stream().mapToDouble(Row::entryTime).min().orElseThrow();
        return new Finding(String.format(Locale.ROOT, "fluid JIQ + Rate-Idle within %s of x⋆ by the printed t = %s"
                + " from %d (start, gain) pairs", threshold, bound, rows.size()), bound, worst.entryTime(),
                Double.NaN, Double.NaN, beyond.isEmpty(), String.format(Locale.ROOT, "entry times %.1f … %.1f;"
                        + " beyond the bound: %s", fastest, worst.entryTime(),
                        beyond.isEmpty() ? "none" : String.join("; ", beyond)));
    }
}
