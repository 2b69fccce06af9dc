package org.queuelab.repro.alba;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.queuelab.guard.Require;
import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.meanfield.FluidTrajectory;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.plot.Labels;
import org.queuelab.policy.CapacityBelowDemand;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.Scaling;
import org.queuelab.repro.Finding;
import org.queuelab.result.Metric;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * ALBA's Proposition (convergence from below, docs/alba.md §6) from several initial states: under JIQ with
 * the capacity-below-demand rule g = min{1, κ(λ − y_0)⁺}, B = ∞, a start with every warm server busy
 * (x_{0,2}(0) = 0) and y_0(0) &lt; λ keeps x_{0,2} ≡ 0 when β ≥ 4ακ (overdamped), and the mean number of jobs per
 * server converges to Q̄(∞) = Q̄(0) + (λ − y_0(0) − x_{0,1}(0))/(ακ), which depends on x(0). The fluid is
 * integrated from each start and its Q̄ at the horizon set beside that closed form (an independent method).
 *
 * @param lambda   arrival rate λ
 * @param alpha    scaling-time rate α
 * @param beta     initialization rate β
 * @param gamma    expiration rate γ
 * @param kappa    the rule's gain κ
 * @param levels   fluid truncation K (queues reach Q̄(∞)/λ on average: K of several hundred)
 * @param horizon  integration horizon (the slowest mode decays like e^{−t·β(1 − √(1 − 4ακ/β))/2})
 */
public record PropositionStarts(double lambda, double alpha, double beta, double gamma, double kappa, int levels,
                                double horizon) {

    /**
     * One start: its name, the closed-form limit, the fluid's Q̄ at the horizon and shortly before, and extremes.
     *
     * @param start the start's name
     * @param meanJobsAtStart Q̄(0), jobs per server at the start
     * @param closedForm Q̄(∞) by the closed form
     * @param fluid the fluid's Q̄ at the horizon
     * @param fluidEarlier the fluid's Q̄ at 0.9·horizon (its change to the horizon tells whether the limit is
     *        resolved)
     * @param maxIdle the largest fraction idle-on, max_t x_{0,2}(t)
     * @param maxWarm the largest fraction warm, max_t y_0(t)
     */
    public record Row(String start, double meanJobsAtStart, double closedForm, double fluid, double fluidEarlier,
                      double maxIdle, double maxWarm) {
    }

    /**
     * Validates the horizon and the truncation; the rates are checked by the model.
     *
     * @param lambda  arrival rate λ, checked by the model
     * @param alpha   scaling-time rate α, checked by the model
     * @param beta    initialization rate β, checked by the model
     * @param gamma   expiration rate γ, checked by the model
     * @param kappa   the rule's gain κ, checked by the rule
     * @param levels  fluid truncation K, ≥ 10
     * @param horizon integration horizon, 0 &lt; horizon &lt; ∞
     * @throws IllegalArgumentException if the horizon or the truncation is out of range
     */
    public PropositionStarts {
        if (!(horizon > 0 && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 0 < horizon < ∞");
        }
        Require.atLeast("levels", levels, 10);
    }

    /**
     * {@return the study at Figure 1's rates (λ = 0.7, α = 0.05, β = 0.1, γ = 0.025), κ = 0.25 (overdamped: β ≥ 4ακ)}
     *
     * @param levels fluid truncation K, ≥ 10 (several hundred: queues reach Q̄(∞)/λ)
     * @param horizon the time horizon, in mean service times, &gt; 0
     */
    public static PropositionStarts figure1Rates(int levels, double horizon) {
        return new PropositionStarts(Figure1.LAMBDA, Figure1.ALPHA, Figure1.BETA, Figure1.GAMMA, 0.25, levels,
                horizon);
    }

    /** {@return whether β ≥ 4ακ, where the closed form applies (no overshoot of y_0 above λ)} */
    public boolean overdamped() {
        return beta >= 4 * alpha * kappa;
    }

    /** {@return the model: JIQ, B = ∞, capacity-below-demand scaling} */
    public AlbaModel model() {
        return new AlbaModel(lambda, JoinBelowThreshold.jiq(), Buffers.INFINITE,
                Scaling.asynchronous(new CapacityBelowDemand(kappa), alpha), beta, gamma);
    }

    /**
     * Five starts with every warm server busy and y_0 &lt; λ (for λ = 0.7): fractions cold, initializing, then warm
     * with 0, 1, 2, … jobs (warm with 0 jobs always 0).
     *
     * @return the starts by name, each as fractions cold, initializing, warm with 0, 1, 2, … jobs
     */
    public Map<String, double[]> standardStarts() {
        Map<String, double[]> s = new LinkedHashMap<>();
        s.put("x00=0.5, x12=0.5", new double[] {0.5, 0, 0, 0.5});
        s.put("x00=0.45, x01=0.05, x12=0.5", new double[] {0.45, 0.05, 0, 0.5});
        s.put("x00=0.4, x12=0.6", new double[] {0.4, 0, 0, 0.6});
        s.put("x00=0.35, x12=0.65", new double[] {0.35, 0, 0, 0.65});
        s.put("x00=0.5, x12=0.3, x32=0.2", new double[] {0.5, 0, 0, 0.3, 0, 0.2});
        return s;
    }

    /**
     * {@return Q̄(0) + (λ − y_0(0) − x_{0,1}(0))/(ακ) for a start given as in {@link #standardStarts()}}
     *
     * @param start fractions cold, initializing, warm with 0, 1, 2, … jobs
     */
    public double closedForm(double[] start) {
        double meanJobs = 0;
        double warm = 0;
        for (int i = 2; i < start.length; i++) {
            warm += start[i];
            meanJobs += (i - 2) * start[i];
        }
        return meanJobs + (lambda - warm - start[1]) / (alpha * kappa);
    }

    /**
     * {@return the fluid from each start}
     *
     * @param starts the starts by name, as {@link #standardStarts()} gives them
     */
    public List<Row> run(Map<String, double[]> starts) {
        AlbaFluid fluid = new AlbaFluid(model(), levels);
        List<Row> rows = new ArrayList<>();
        for (var e : starts.entrySet()) {
            double[] s = e.getValue();
            if (s.length > 2 && s[2] != 0) {
                throw new IllegalArgumentException("start " + e.getKey() + ": x02 = " + s[2]
                        + "; allowed: 0 (the Proposition starts with every warm server busy)");
            }
            double[] x0 = fluid.state(s[0], s[1], java.util.Arrays.copyOfRange(s, 2, s.length));
            FluidTrajectory path = fluid.integrate(x0, new double[] {0, 0.25 * horizon, 0.5 * horizon,
                    0.9 * horizon, horizon});
            double[] q = path.series(Metric.MEAN_JOBS);
            double maxIdle = java.util.Arrays.stream(path.series(Metric.IDLE)).max().orElseThrow();
            double maxWarm = java.util.Arrays.stream(path.series(Metric.WARM)).max().orElseThrow();
            rows.add(new Row(e.getKey(), q[0], closedForm(s), q[q.length - 1], q[q.length - 2], maxIdle, maxWarm));
        }
        return rows;
    }

    /**
     * {@return a table with columns start, Q̄(0), Q̄(∞) closed form, Q̄ fluid at the horizon, difference, change over
     * the last 10 %}
     *
     * @param rows the rows from {@link #run}
     */
    public Table table(List<Row> rows) {
        Table t = Table.create(String.format(Locale.ROOT, "Proposition: the limit of Q̄ depends on x(0) (κ = %s, %s)",
                kappa, overdamped() ? "overdamped" : "underdamped"), StringColumn.create("start"),
                DoubleColumn.create("Q̄(0)"), DoubleColumn.create("Q̄(∞) closed form"),
                DoubleColumn.create("Q̄ fluid, t = " + Labels.number(horizon)),
                DoubleColumn.create("fluid − closed form"),
                DoubleColumn.create("change over the last 10 %"), DoubleColumn.create("max x02"),
                DoubleColumn.create("max y0"));
        for (Row r : rows) {
            t.stringColumn("start").append(r.start());
            t.doubleColumn("Q̄(0)").append(r.meanJobsAtStart());
            t.doubleColumn("Q̄(∞) closed form").append(r.closedForm());
            t.doubleColumn("Q̄ fluid, t = " + Labels.number(horizon)).append(r.fluid());
            t.doubleColumn("fluid − closed form").append(r.fluid() - r.closedForm());
            t.doubleColumn("change over the last 10 %").append(r.fluid() - r.fluidEarlier());
            t.doubleColumn("max x02").append(r.maxIdle());
            t.doubleColumn("max y0").append(r.maxWarm());
        }
        return t;
    }

    /**
     * The limit depends on x(0): holds when the smallest distance between two starts' fluid limits is larger than
     * ten times the largest change over the last 10 % of the horizon (the limits are resolved and distinct), and
     * no idle-on server appears (max x_{0,2} ≤ 10⁻⁶). Ours: the smallest distance; reference: 0.
     *
     * @param rows the rows from {@link #run}, at least two starts
     * @return the finding (holds or not by the rule above)
     */
    public Finding limitsDiffer(List<Row> rows) {
        if (rows.size() < 2) {
            throw new IllegalArgumentException("rows: " + rows.size() + "; allowed: at least 2 starts");
        }
        double[] limits = rows.stream().mapToDouble(Row::fluid).sorted().toArray();
        double minGap = Double.POSITIVE_INFINITY;
        for (int i = 1; i < limits.length; i++) {
            minGap = Math.min(minGap, limits[i] - limits[i - 1]);
        }
        double drift = rows.stream().mapToDouble(r -> Math.abs(r.fluid() - r.fluidEarlier())).max().orElseThrow();
        double idle = rows.stream().mapToDouble(Row::maxIdle).max().orElseThrow();
        boolean holds = minGap > 10 * drift && idle <= 1e-6;
        return new Finding("fluid limits of Q̄ from " + rows.size() + " starts are distinct", 0, minGap, Double.NaN,
                Double.NaN, holds, String.format(Locale.ROOT, "limits %.3f … %.3f, closest two %.3f apart; largest"
                        + " change over the last 10%% of t ≤ %s: %.2g; max x02 = %.2g", limits[0],
                        limits[limits.length - 1], minGap, horizon, drift, idle));
    }

    /**
     * The fluid's limit agrees with the closed form at every start: holds when the largest relative difference is
     * at most {@code relativeTolerance} (fixed before the run; the integration tolerance and truncation are far
     * smaller). Ours: the largest relative difference; reference: the tolerance.
     *
     * @param rows the rows from {@link #run}
     * @param relativeTolerance largest allowed |fluid − closed form|/closed form, fixed before the run, &gt; 0
     * @return the finding (holds or not by the rule above)
     */
    public Finding matchesClosedForm(List<Row> rows, double relativeTolerance) {
        if (!(relativeTolerance > 0)) {
            throw new IllegalArgumentException("relativeTolerance = " + relativeTolerance + "; allowed: > 0");
        }
        double worst = 0;
        String where = "";
        for (Row r : rows) {
            double rel = Math.abs(r.fluid() - r.closedForm()) / r.closedForm();
            if (rel >= worst) {
                worst = rel;
                where = String.format(Locale.ROOT, "%s: fluid %.4f vs closed form %.4f", r.start(), r.fluid(),
                        r.closedForm());
            }
        }
        return new Finding("fluid Q̄ limit against Q̄(0) + (λ − y0(0) − x01(0))/(ακ) at " + rows.size() + " starts",
                relativeTolerance, worst, Double.NaN, Double.NaN, overdamped() && worst <= relativeTolerance,
                "largest relative difference at " + where + (overdamped() ? "" : "; underdamped: the closed form"
                        + " does not apply"));
    }
}
