package org.queuelab.meanfield;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

import org.queuelab.meanfield.ode.FluidSolver;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.Scaling;
import org.queuelab.policy.ScalingState;
import org.queuelab.result.Metric;

/**
 * The ALBA fluid model ẋ = F(x) (docs/alba.md §3, Definition 1, eqs. (4a), (4b), (5)) for Power-of-d or
 * JBT-d/JIQ dispatching and any asynchronous scaling rule g (Blind-θ, Rate-Idle, custom), the TABS-d fluid image
 * ({@link Scaling.OnArrival}, docs/alba.md §4) or no scaling ({@link Scaling.AlwaysWarm}).
 *
 * <p>State: x = (x_{0,0}, x_{0,1}, x_{0,2}, x_{1,2}, …, x_{K,2}) with K = B, or the truncation level when
 * B = ∞ (then the mass reaching level K is reported, and the integration throws
 * {@link TruncationTooSmallException} when it exceeds {@link FluidOptions#truncationTolerance()}).
 *
 * <p>Integration: the one {@link FluidSolver} (Hipparchus Dormand–Prince 8(5,3)) on the exact drift of docs/alba.md §3 with
 * event-located switches to the sliding dynamics on the cold-pool and JBT-pool boundaries (see {@code AlbaDrift}). Chosen over the
 * regularization of docs/alba.md §3 because that one is stiff (rates 1/τ, λ/ε ~ 10⁵) everywhere, not only on small JBT
 * pools, and carries an O(ε) bias at the fixed points; the sliding
 * formulation has neither, and away from the boundaries the drift is smooth, so a high-order method is efficient.
 *
 * <p>Stiffness: a JBT-d pool with d ≥ 1 that re-forms from the empty boundary, or lingers at a small mass s, has
 * internal rates λ/s (TABS-d from the Figure 1 state, JBT-d Blind-θ from S_subopt). {@link FluidOptions#integrator()}
 * AUTO (the default) integrates those segments with the L-stable Rosenbrock–W method ROS34PW2 (see
 * {@code AlbaDrift}, {@code RosenbrockW}); {@link FluidTrajectory.Diagnostics#jacobianEvaluations()} reports its
 * Jacobians.
 */
public final class AlbaFluid extends AlbaDriftFluid<AlbaModel> {

    /** Truncation level used by {@link #of(AlbaModel)} for an infinite buffer. */
    public static final int DEFAULT_TRUNCATION = 100;

    /**
     * @param model      the ALBA model
     * @param truncation the number of levels K kept when B = ∞; must equal B when the buffer is finite
     */
    public AlbaFluid(AlbaModel model, int truncation) {
        super(Objects.requireNonNull(model, "model"), AlbaDrift.of(model, truncation));
    }

    /**
     * {@return the fluid model with K = B, or K = {@link #DEFAULT_TRUNCATION} when B = ∞}
     *
     * @param model the model (validated by its constructor)
     */
    public static AlbaFluid of(AlbaModel model) {
        return new AlbaFluid(model, model.infiniteBuffer() ? DEFAULT_TRUNCATION : model.buffer());
    }

    /** {@return whether K truncates an infinite buffer} */
    public boolean truncated() {
        return drift.truncated;
    }

    @Override
    public List<String> coordinateNames() {
        return drift.coordinateNames();
    }

    /**
     * {@return the mass at the truncation level K (0 for a finite buffer, where level B is part of the model)}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public double boundaryMass(double[] x) {
        drift.requireState(x);
        return drift.truncated ? x[2 + drift.levels] : 0.0;
    }

    /**
     * A state vector: cold and initializing fractions, then the warm fractions x_{0,2}, x_{1,2}, … (missing levels
     * are 0). Checked: non-negative, summing to 1.
     *
     * @param cold         x_{0,0}, the fraction of cold servers, in [0, 1]
     * @param initializing x_{0,1}, the fraction of initializing servers, in [0, 1]
     * @param warmLevels   x_{0,2}, x_{1,2}, …: warm fractions by number of jobs, each in [0, 1]
     * @return the state vector
     */
    public double[] state(double cold, double initializing, double... warmLevels) {
        if (warmLevels.length > drift.levels + 1) {
            throw new IllegalArgumentException("warm levels = " + warmLevels.length + "; allowed: ≤ K + 1 = "
                    + (drift.levels + 1));
        }
        double[] x = new double[dimension()];
        x[0] = cold;
        x[1] = initializing;
        System.arraycopy(warmLevels, 0, x, 2, warmLevels.length);
        drift.requireState(x);
        return x;
    }

    /**
     * {@return what a scaling rule sees at x}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public ScalingState scalingState(double[] x) {
        drift.requireState(x);
        AlbaDriftProblem.View view = new AlbaDriftProblem.View(drift);
        double warm = 0;
        for (int i = 2; i < x.length; i++) {
            warm += x[i];
        }
        view.set(x.clone(), warm);
        return view;
    }

    /**
     * {@return Q, Q̄, response time, energy, wastage and loss rate at x}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public FluidMetrics metrics(double[] x) {
        drift.requireState(x);
        double[] loss = new double[1];
        drift.driftAt(x, loss);
        return FluidMetrics.of(x, model().lambda(), loss[0]);
    }

    /**
     * Integrates from x0 at t = 0 and samples on the grid {@code times}. Series ({@link Metric} names): off,
     * setup, idle, warm, busy, jobsPerWarm (Q), meanJobs (Q̄), response (R), wait, loss (probability), throughput,
     * energy, wastage, relativeWastage (÷λ), relativeWastagePowered (÷(1 − x_{0,0})), then the levels x1 … xK.
     *
     * @throws TruncationTooSmallException if the mass at level K exceeds the options' truncation tolerance
     * @throws IllegalStateException       if the integrator cannot meet its tolerance within the options' evaluation
     *                                     budget ({@link FluidOptions#withMaxEvaluations} raises it); the message
     *                                     names the method that was running
     */
    public FluidTrajectory integrate(double[] x0, double[] times, FluidOptions options) {
        Objects.requireNonNull(options, "options");
        FluidSolver.Solution run = drift.integrate(x0, times, options);
        String[] names = {Metric.OFF.name(), Metric.SETUP.name(), Metric.IDLE.name(), Metric.WARM.name(), Metric.BUSY.name(), Metric.JOBS_PER_WARM.name(),
            Metric.MEAN_JOBS.name(), Metric.RESPONSE.name(), Metric.WAIT.name(), Metric.LOSS.name(), Metric.THROUGHPUT.name(), Metric.ENERGY.name(),
            Metric.WASTAGE.name(), Metric.RELATIVE_WASTAGE.name(), Metric.RELATIVE_WASTAGE_POWERED.name()};
        int n = run.times().length;
        LinkedHashMap<String, double[]> columns = new LinkedHashMap<>();
        for (String name : names) {
            columns.put(name, new double[n]);
        }
        for (int i = 1; i <= drift.levels; i++) {
            columns.put(Metric.level(i).name(), new double[n]);
        }
        double[] loss = new double[1];
        for (int r = 0; r < n; r++) {
            double[] x = run.states()[r];
            drift.driftAt(x, loss);
            FluidMetrics m = FluidMetrics.of(x, model().lambda(), loss[0]);
            double lambda = model().lambda();
            double[] row = {m.cold(), m.initializing(), m.idleOn(), m.warm(), m.busy(), m.jobsPerWarmServer(),
                m.jobsPerServer(), m.responseTime(), m.waitingTime(), m.lossRate() / lambda, lambda - m.lossRate(),
                m.energy(), m.wastage(), m.relativeWastage(), m.relativeWastagePowered()};
            for (int c = 0; c < names.length; c++) {
                columns.get(names[c])[r] = row[c];
            }
            for (int i = 1; i <= drift.levels; i++) {
                columns.get(Metric.level(i).name())[r] = x[2 + i];
            }
        }
        return trajectory(run, columns, run.states(), options);
    }

    /**
     * Classical fixed-step RK4 on the same drift, with the boundary modes of x0 frozen and no event handling: a
     * baseline for benchmarks and a cross-check, valid only for trajectories that hit no sliding boundary (e.g.
     * Figure 1). Returns the states on the grid (layout of {@link #state}) and the drift evaluations spent.
     *
     * @param x0    the initial state in the model's layout, fractions summing to 1
     * @param times the output times: finite, strictly increasing, from ≥ 0 to &gt; 0
     * @param step  the integration step, in (0, ∞) (units of time)
     * @return the states on the grid and the drift evaluations spent
     */
    public FixedStepRun integrateClassicalRk4(double[] x0, double[] times, double step) {
        return drift.integrateClassicalRk4(x0, times, step, FluidOptions.defaults().maxEvaluations());
    }

    /**
     * States on a grid and the drift evaluations spent, from {@link #integrateClassicalRk4} (refused before any work
     * when they would exceed {@link FluidOptions#defaults()}' evaluation budget).
     */
    public record FixedStepRun(double[][] states, long driftEvaluations) {
    }

    AlbaDrift engine() {
        return drift;
    }
}
