package org.queuelab.meanfield;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

import org.queuelab.meanfield.ode.FluidSolver;
import org.queuelab.model.Buffers;
import org.queuelab.model.TabsModel;
import org.queuelab.result.Metric;

/**
 * The TABS fluid limit with exponential service (docs/tabs.md §4): fractions δ₀ (off), δ₁ (set-up), u
 * (idle-on) and x_i (busy with i jobs), q_i = Σ_{k≥i} x_k. An arrival takes an idle-on server if u > 0; on the
 * face u = 0 the share p₀ = min{(q₁ − q₂ + ν_r δ₁)/λ, 1} is served by servers freed or set up at that instant, the
 * overflow λ(1 − p₀) goes to busy servers (NONFULL: uniformly among the non-full ones; ANY_BUSY: uniformly, lost
 * when full) and starts set-ups while δ₀ > 0; idle-on servers switch off at rate µ_r = 1/standbyMean.
 *
 * <p>State layout, shared with {@link AlbaFluid}: (δ₀, δ₁, u, x_1, …, x_K). TABS is the TABS-0 image of ALBA
 * (docs/alba.md §4) with β = ν_r, γ = µ_r, so it uses the same drift and the same integrator: Dormand–Prince
 * 8(5,3) with event-located sliding on the faces u = 0 and δ₀ = 0 (the "event-detecting RK45 that switches p₀ on
 * u = 0" of docs/tabs.md §4, without the chattering and clipping of explicit Euler).
 */
public final class TabsFluid extends AlbaDriftFluid<TabsModel> {

    /** Truncation level used by {@link #of(TabsModel)} for an infinite buffer. */
    public static final int DEFAULT_TRUNCATION = 60;

    /**
     * @param model      the TABS model (exponential service of mean 1)
     * @param truncation K when the buffer is infinite; must equal B otherwise
     */
    public TabsFluid(TabsModel model, int truncation) {
        super(Objects.requireNonNull(model, "model"), AlbaDrift.tabs(withExponentialService(model), truncation));
    }

    /** No ODE of this form without Exp(1) service (docs/tabs.md §4). */
    private static TabsModel withExponentialService(TabsModel model) {
        PowerOfDFluid.requireExponentialUnitMean(model.service());
        return model;
    }

    /**
     * {@return K = B, or {@link #DEFAULT_TRUNCATION} when B = ∞}
     *
     * @param model the model (validated by its constructor)
     */
    public static TabsFluid of(TabsModel model) {
        return new TabsFluid(model, Buffers.isInfinite(model.buffer()) ? DEFAULT_TRUNCATION : model.buffer());
    }

    @Override
    public List<String> coordinateNames() {
        return List.copyOf(columnsOrder());
    }

    private List<String> columnsOrder() {
        java.util.ArrayList<String> names = new java.util.ArrayList<>();
        names.add("off");
        names.add("setup");
        names.add("idle");
        for (int i = 1; i <= drift.levels; i++) {
            names.add("x" + i);
        }
        return names;
    }

    /**
     * {@return a state (δ₀, δ₁, u, x_1, x_2, …); checked non-negative and summing to 1}
     *
     * @param off        δ₀, the fraction of servers off, in [0, 1]
     * @param setup      δ₁, the fraction of servers in set-up, in [0, 1]
     * @param idle       u, the fraction of idle-on servers, in [0, 1]
     * @param busyLevels q_1, q_2, …: fractions of servers with 1, 2, … jobs, each in [0, 1]
     */
    public double[] state(double off, double setup, double idle, double... busyLevels) {
        if (busyLevels.length > drift.levels) {
            throw new IllegalArgumentException("busy levels = " + busyLevels.length + "; allowed: ≤ K = "
                    + drift.levels);
        }
        double[] x = new double[dimension()];
        x[0] = off;
        x[1] = setup;
        x[2] = idle;
        System.arraycopy(busyLevels, 0, x, 3, busyLevels.length);
        drift.requireState(x);
        return x;
    }

    /** {@return every server off} */
    public double[] allOff() {
        return state(1, 0, 0);
    }

    /** {@return every server idle-on} */
    public double[] allIdleOn() {
        return state(0, 0, 1);
    }

    /**
     * The fixed point (docs/tabs.md §4): q₁ = λ, q_i = 0 for i ≥ 2, δ₀ = 1 − λ, δ₁ = u = 0; with µ = ∞ (never off)
     * it is u = 1 − λ instead, the JIQ fixed point.
     *
     * @return the fixed point
     */
    public FixedPoint.Tabs fixedPoint() {
        double lambda = model().lambda();
        if (!(lambda < 1)) {
            throw new IllegalArgumentException("lambda = " + lambda + "; allowed: 0 < lambda < 1 (stability)");
        }
        double[] x = new double[dimension()];
        if (model().standbyRate() == 0) {
            x[2] = 1 - lambda;
        } else {
            x[0] = 1 - lambda;
        }
        x[3] = lambda;
        return FixedPoint.Tabs.fromState(x);
    }

    /**
     * {@return W = (1/λ) Σ_{i≥2} q_i, the mean waiting time per arriving job (Little, docs/tabs.md §3)}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public double waitingTime(double[] x) {
        drift.requireState(x);
        double waiting = 0;
        for (int i = 2; i <= drift.levels; i++) {
            waiting += (i - 1) * x[2 + i];
        }
        return waiting / model().lambda();
    }

    /**
     * {@return power per server P_busy·busy + P_setup·setup + P_idle·idle (P_busy = P_setup = 1, P_off = 0;
     * docs/tabs.md §3)}
     *
     * @param x         a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     * @param idlePower P_idle, in [0, ∞)
     */
    public double energy(double[] x, double idlePower) {
        drift.requireState(x);
        if (!(idlePower >= 0 && idlePower <= 1)) {
            throw new IllegalArgumentException("idlePower = " + idlePower + "; allowed: 0 ≤ P_idle ≤ 1");
        }
        double busy = 1 - x[0] - x[1] - x[2];
        return busy + x[1] + idlePower * x[2];
    }

    /**
     * Integrates from x0 at t = 0 on the grid {@code times}. Series ({@link Metric} names): busy (q₁), idle
     * (u), setup (δ₁), off (δ₀), meanJobs, wait, loss (probability), energy (P_idle = 0.6), energyOn (P_idle = 1),
     * then the tails s2 … sK (q_i) and the levels x1 … xK.
     */
    public FluidTrajectory integrate(double[] x0, double[] times, FluidOptions options) {
        Objects.requireNonNull(options, "options");
        FluidSolver.Solution run = drift.integrate(x0, times, options);
        int n = run.times().length;
        int k = drift.levels;
        String[] names = {Metric.BUSY.name(), Metric.IDLE.name(), Metric.SETUP.name(), Metric.OFF.name(), Metric.MEAN_JOBS.name(), Metric.WAIT.name(),
            Metric.LOSS.name(), Metric.ENERGY.name(), Metric.ENERGY_ON.name()};
        LinkedHashMap<String, double[]> columns = new LinkedHashMap<>();
        for (String name : names) {
            columns.put(name, new double[n]);
        }
        for (int i = 2; i <= k; i++) {
            columns.put(Metric.tail(i).name(), new double[n]);
        }
        for (int i = 1; i <= k; i++) {
            columns.put(Metric.level(i).name(), new double[n]);
        }
        double[] loss = new double[1];
        for (int r = 0; r < n; r++) {
            double[] x = run.states()[r];
            drift.driftAt(x, loss);
            double busy = 0;
            double jobs = 0;
            for (int i = 1; i <= k; i++) {
                busy += x[2 + i];
                jobs += i * x[2 + i];
            }
            double[] row = {busy, x[2], x[1], x[0], jobs, waitingTime(x), loss[0] / model().lambda(), energy(x, 0.6),
                energy(x, 1.0)};
            for (int c = 0; c < names.length; c++) {
                columns.get(names[c])[r] = row[c];
            }
            double tail = 0;
            for (int i = k; i >= 1; i--) {
                tail += x[2 + i];
                if (i >= 2) {
                    columns.get(Metric.tail(i).name())[r] = tail;
                }
                columns.get(Metric.level(i).name())[r] = x[2 + i];
            }
        }
        return trajectory(run, columns, run.states(), options);
    }
}
