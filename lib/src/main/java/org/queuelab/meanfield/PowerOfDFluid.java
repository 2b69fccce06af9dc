package org.queuelab.meanfield;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.meanfield.ode.FluidSolver;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.result.Metric;

/**
 * Fluid models of N always-on exponential servers without scaling (docs/sqdn.md §9.1,
 * docs/alba.md §10.7): SQ(d) (Power-of-d with replacement), Random (= SQ(1)) and JBT-d/JIQ.
 * State: x_i, the fraction of servers holding i jobs, i = 0..K (K = B, or a truncation level when B = ∞). For
 * SQ(d) this is the classical ODE ds_i/dt = λ(s_{i−1}^d − s_i^d) − (s_i − s_{i+1}) on the tails s_i = Σ_{k≥i} x_k.
 *
 * <p>It is the ALBA drift with every server warm (no cold or initializing mass), so it shares ALBA's integrator:
 * the one {@link FluidSolver}, Dormand–Prince 8(5,3) with event-located sliding on the JBT-d pool boundary (JIQ with λ ≥ 1 − x_0 keeps the idle
 * mass at 0); SQ(d)'s drift is smooth and needs no event.
 */
public final class PowerOfDFluid extends AlbaDriftFluid<LoadBalancingModel> {

    /** Truncation level used by {@link #of(LoadBalancingModel)} for an infinite buffer. */
    public static final int DEFAULT_TRUNCATION = 60;

    /**
     * @param model      λ, dispatch (PowerOfD, RandomDispatch or JoinBelowThreshold), exponential service of mean 1
     * @param truncation K when the buffer is infinite; must equal the buffer otherwise
     */
    public PowerOfDFluid(LoadBalancingModel model, int truncation) {
        super(Objects.requireNonNull(model, "model"), AlbaDrift.alwaysWarm(requireExponentialUnitMean(model).lambda(),
                model.dispatch(), model.buffer(), truncation));
    }

    /**
     * {@return K = B, or {@link #DEFAULT_TRUNCATION} when B = ∞}
     *
     * @param model the model (validated by its constructor)
     */
    public static PowerOfDFluid of(LoadBalancingModel model) {
        return new PowerOfDFluid(model, Buffers.isInfinite(model.buffer()) ? DEFAULT_TRUNCATION : model.buffer());
    }

    static LoadBalancingModel requireExponentialUnitMean(LoadBalancingModel model) {
        requireExponentialUnitMean(model.service());
        return model;
    }

    /** The fluid ODEs assume Exp(1) service: mean 1, SCV 1 and the exponential cdf at the mean. */
    static void requireExponentialUnitMean(ServiceDistribution s) {
        boolean exponential = Math.abs(s.mean() - 1) < 1e-12 && Math.abs(s.scv() - 1) < 1e-9
                && Math.abs(s.cdf(1.0) - (1 - Math.exp(-1))) < 1e-12;
        if (!exponential) {
            throw new IllegalArgumentException("service = " + s.label()
                    + "; allowed: exponential with mean 1 (the fluid ODE assumes memoryless unit-rate service)");
        }
    }

    @Override
    public int dimension() {
        return drift.levels + 1;
    }

    @Override
    public List<String> coordinateNames() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i <= drift.levels; i++) {
            names.add("x" + i);
        }
        return names;
    }

    @Override
    public double[] drift(double[] x) {
        FixedPointSolver.requireFinite(x, dimension());
        double[] full = drift.driftAt(embed(x), null);
        double[] out = new double[dimension()];
        System.arraycopy(full, 2, out, 0, out.length);
        return out;
    }

    /** {@return the fixed point: SQ(d) tails y_i = λ^{(d^i − 1)/(d − 1)} (B = ∞), JBT-d from (15) with x_0 = 1 − λ} */
    public FixedPoint.Occupancy fixedPoint() {
        if (!Buffers.isInfinite(model().buffer())) {
            throw new IllegalArgumentException("buffer = " + model().buffer()
                    + "; allowed: Buffers.INFINITE for the closed form (finite B: FixedPointSolver)");
        }
        double lambda = model().lambda();
        if (drift.dispatcher == AlbaDrift.Dispatcher.JBT) {
            return new FixedPoint.Occupancy(AlbaFixedPoint.busyProfile(model().dispatch(), lambda, 1 - lambda,
                    drift.levels));
        }
        double[] tails = PowerOfDFixedPoint.of(lambda, drift.d, drift.levels + 1).tails();
        double[] x = new double[drift.levels + 1];
        for (int i = 0; i < drift.levels; i++) {
            x[i] = tails[i] - tails[i + 1];
        }
        x[drift.levels] = tails[drift.levels];
        if (x[drift.levels] > 1e-12) {
            throw new TruncationTooSmallException("SQ(d) fixed point", drift.levels, x[drift.levels], 1e-12,
                    Double.NaN);
        }
        return new FixedPoint.Occupancy(x);
    }

    /**
     * {@return mean number of jobs per server Σ i x_i}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public double meanQueueLength(double[] x) {
        FixedPointSolver.requireFinite(x, dimension());
        return FluidMetrics.meanLevel(x);
    }

    /**
     * {@return rate of lost jobs per server (full buffer)}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public double lossRate(double[] x) {
        double[] loss = new double[1];
        drift.driftAt(embed(x), loss);
        return loss[0];
    }

    /** Integrates from x0 at t = 0 on the grid {@code times}. Series: meanJobs, idle, loss, throughput, response, s1…sK, x1…xK. */
    public FluidTrajectory integrate(double[] x0, double[] times, FluidOptions options) {
        Objects.requireNonNull(options, "options");
        FixedPointSolver.requireFinite(Objects.requireNonNull(x0, "x0"), dimension());
        FluidSolver.Solution run = drift.integrate(embed(x0), times, options);
        int n = run.times().length;
        int k = drift.levels;
        LinkedHashMap<String, double[]> columns = new LinkedHashMap<>();
        double[] q = new double[n];
        double[] loss = new double[n];
        double[][] tails = new double[k + 1][n];
        double[][] levels = new double[k + 1][n];
        double[][] states = new double[n][];
        double[] lossOut = new double[1];
        for (int r = 0; r < n; r++) {
            double[] full = run.states()[r];
            double[] x = new double[k + 1];
            System.arraycopy(full, 2, x, 0, k + 1);
            states[r] = x;
            drift.driftAt(full, lossOut);
            loss[r] = lossOut[0];
            double tail = 0;
            for (int i = k; i >= 0; i--) {
                tail += x[i];
                tails[i][r] = tail;
                levels[i][r] = x[i];
                q[r] += i * x[i];
            }
        }
        double lambda = model().lambda();
        double[] lossProbability = new double[n];
        double[] response = new double[n];
        double[] throughput = new double[n];
        for (int r = 0; r < n; r++) {
            lossProbability[r] = loss[r] / lambda;
            throughput[r] = lambda - loss[r];
            response[r] = q[r] / throughput[r];
        }
        columns.put(Metric.MEAN_JOBS.name(), q);
        columns.put(Metric.IDLE.name(), levels[0]);
        columns.put(Metric.LOSS.name(), lossProbability);
        columns.put(Metric.THROUGHPUT.name(), throughput);
        columns.put(Metric.RESPONSE.name(), response);
        for (int i = 1; i <= k; i++) {
            columns.put(Metric.tail(i).name(), tails[i]);
        }
        for (int i = 1; i <= k; i++) {
            columns.put(Metric.level(i).name(), levels[i]);
        }
        return trajectory(run, columns, states, options);
    }

    private double[] embed(double[] x) {
        double[] full = new double[x.length + 2];
        System.arraycopy(x, 0, full, 2, x.length);
        return full;
    }
}
