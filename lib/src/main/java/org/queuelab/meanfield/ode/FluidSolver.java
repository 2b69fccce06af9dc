package org.queuelab.meanfield.ode;

import org.queuelab.guard.Cancellation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.hipparchus.exception.MathIllegalArgumentException;
import org.hipparchus.exception.MathIllegalStateException;

/**
 * The one integrator of piecewise-smooth fluid problems ({@link FluidProblem}): it runs segments between boundary
 * crossings, each with Hipparchus' Dormand–Prince 8(5,3) or the L-stable Rosenbrock–W method ROS34PW2
 * ({@link RosenbrockW}), locates the crossings as events, lets the problem project onto the boundary, samples the
 * output grid through a step handler, checks every accepted state, and enforces an evaluation budget.
 *
 * <p>A segment whose switching function is already negative at its start (the state is past the boundary, e.g. a
 * pool of mass below its emptiness threshold) is projected at once instead of integrated: an event detector cannot
 * fire on a function that never crosses 0 downwards.
 */
public final class FluidSolver {

    /** Boundary crossings allowed before the solve is declared chattering. */
    static final int MAX_SEGMENTS = 10_000;

    /**
     * Which method runs a segment. {@link #AUTO}: ROS34PW2 while the problem's {@link FluidProblem.StiffRegion}
     * contains the state, Dormand–Prince elsewhere.
     */
    public enum Method {
        /** ROS34PW2 inside the stiff region, Dormand–Prince elsewhere. */
        AUTO,
        /** Dormand–Prince 8(5,3) everywhere. */
        EXPLICIT,
        /** ROS34PW2 everywhere. */
        IMPLICIT
    }

    /**
     * @param absoluteTolerance local-error tolerance per coordinate
     * @param relativeTolerance relative local-error tolerance
     * @param maxStep           largest step
     * @param maxEvaluations    drift evaluations allowed in one solve (Jacobians included)
     * @param method            the method choice
     */
    public record Settings(double absoluteTolerance, double relativeTolerance, double maxStep, long maxEvaluations,
                           Method method) {
        /**
         * Validates the settings.
         *
         * @param absoluteTolerance local-error tolerance per coordinate, &gt; 0
         * @param relativeTolerance relative local-error tolerance, &gt; 0
         * @param maxStep           largest step, &gt; 0 (units of time)
         * @param maxEvaluations    drift evaluations allowed in one solve (Jacobians included), &gt; 0
         * @param method            the method choice, not null
         * @throws IllegalArgumentException naming the settings when one is out of range
         */
        public Settings {
            if (!(absoluteTolerance > 0 && relativeTolerance > 0 && maxStep > 0 && maxEvaluations > 0)
                    || method == null) {
                throw new IllegalArgumentException("settings " + absoluteTolerance + ", " + relativeTolerance + ", "
                        + maxStep + ", " + maxEvaluations + ", " + method + "; allowed: all > 0, method non-null");
            }
        }
    }

    /**
     * A solve's output: states on the grid and the cost and checks of the run.
     *
     * @param implicitEvaluations the part of {@code evaluations} spent by ROS34PW2
     */
    public record Solution(double[] times, double[][] states, long evaluations, int switches, double maxBoundaryMass,
                           double minCoordinate, double maxMassError, long jacobians, long implicitEvaluations,
                           int implicitSegments) {
    }

    private FluidSolver() {
    }

    /**
     * Integrates {@code problem} from x0 at t = 0 and samples the state at each grid time.
     *
     * @param problem  the fluid problem; one solve per instance
     * @param x0       the initial state
     * @param times    the output times
     * @param settings tolerances, step, budget and method
     * @return the states at the output times and the solve's statistics
     */
    public static Solution solve(FluidProblem problem, double[] x0, double[] times, Settings settings) {
        requireGrid(times);
        return new Run(problem, x0, times, settings).run();
    }

    /**
     * Validates an output grid: finite, strictly increasing, starting at ≥ 0, ending at > 0.
     *
     * @param times the output times, not null
     * @throws NullPointerException if {@code times} is null
     * @throws IllegalArgumentException naming the first time out of order or range, or an empty grid
     */
    public static void requireGrid(double[] times) {
        Objects.requireNonNull(times, "times");
        if (times.length == 0) {
            throw new IllegalArgumentException("times = empty; allowed: a non-empty increasing grid in [0, ∞)");
        }
        for (int i = 0; i < times.length; i++) {
            if (!Double.isFinite(times[i]) || times[i] < 0 || (i > 0 && !(times[i] > times[i - 1]))) {
                throw new IllegalArgumentException("times[" + i + "] = " + times[i]
                        + "; allowed: finite, ≥ 0, strictly increasing");
            }
        }
        if (!(times[times.length - 1] > 0)) {
            throw new IllegalArgumentException("horizon = " + times[times.length - 1] + "; allowed: horizon > 0");
        }
    }

    /** One solve: the segment loop and its state. */
    private static final class Run {
        final FluidProblem problem;
        final Settings settings;
        final double horizon;
        final CountingDrift drift;
        final StateMonitor monitor;
        final GridSampler sampler;
        final DormandPrince explicit;
        final RosenbrockW implicit;
        double t;
        double[] x;
        int switches;
        int segments;
        int implicitSegments;
        long implicitEvaluations;
        /** Set when a hand-over event ended the last segment: the next one runs the other method. */
        Boolean handOverToImplicit;

        Run(FluidProblem problem, double[] x0, double[] times, Settings settings) {
            this.problem = problem;
            this.settings = settings;
            this.horizon = times[times.length - 1];
            this.drift = new CountingDrift(problem, settings.maxEvaluations());
            this.monitor = new StateMonitor(problem);
            this.sampler = new GridSampler(times, monitor);
            double maxStep = Math.min(settings.maxStep(), horizon);
            this.explicit = new DormandPrince(settings.absoluteTolerance(), settings.relativeTolerance(), maxStep);
            this.implicit = new RosenbrockW(settings.absoluteTolerance(), settings.relativeTolerance(), maxStep);
            if (settings.method() == Method.IMPLICIT) {
                RosenbrockW.requireMemory(problem.dimension());
            }
            this.x = x0.clone();
        }

        Solution run() {
            problem.enterSegment(x);
            sampler.sampleAt(0.0, x);
            monitor.observe(0.0, x);
            while (t < horizon) {
                Cancellation.check("fluid integration");
                if (++segments > MAX_SEGMENTS) {
                    throw new IllegalStateException(problem.label() + ": more than " + MAX_SEGMENTS
                            + " boundary switches before t = " + horizon + " (chattering); stopped at t = " + t);
                }
                if (!projectIfPast()) {
                    segment();
                }
            }
            return new Solution(sampler.times(), sampler.states(x), drift.evaluations, switches,
                    monitor.maxBoundaryMass, monitor.minCoordinate, monitor.maxMassError, implicit.jacobians(),
                    implicitEvaluations, implicitSegments);
        }

        /** A boundary whose function is already negative: the state is past it, so project now (no event can). */
        boolean projectIfPast() {
            for (Boundary b : problem.boundaries()) {
                if (b.g(x) < 0) {
                    project(b);
                    return true;
                }
            }
            return false;
        }

        void project(Boundary b) {
            switches++;
            problem.project(b, x);
            monitor.observe(t, x);
        }

        void segment() {
            FluidProblem.StiffRegion stiff = settings.method() == Method.AUTO ? problem.stiffRegion() : null;
            // after a hand-over event the state is on the event's far side only to the root solver's accuracy, where
            // contains() may still say otherwise: the event decides
            boolean useImplicit = settings.method() == Method.IMPLICIT || (stiff != null
                    && (handOverToImplicit != null ? handOverToImplicit : stiff.contains(x)));
            handOverToImplicit = null;
            SegmentIntegrator integrator = useImplicit ? implicit : explicit;
            List<Boundary> sliding = problem.boundaries();
            List<Boundary> watched = new ArrayList<>(sliding);
            if (stiff != null) {
                watched.add(useImplicit ? stiff.exit() : stiff.entry()); // the hand-over: not a mode switch
            }
            monitor.integrator(describe(integrator));
            long before = drift.evaluations;
            SegmentIntegrator.Segment end;
            try {
                end = integrator.integrate(drift, t, x, horizon, watched, sampler);
            } catch (MathIllegalStateException | MathIllegalArgumentException | IntegrationFailure e) {
                throw new IllegalStateException(problem.label() + ": fluid integration could not meet its tolerance"
                        + " (abs " + settings.absoluteTolerance() + ", rel " + settings.relativeTolerance()
                        + ") after t = " + t + " with the " + describe(integrator) + ": "
                        + e.getMessage(), e);
            }
            if (useImplicit) {
                implicitSegments++;
                implicitEvaluations += drift.evaluations - before;
            }
            t = end.t();
            x = end.x();
            if (end.fired() >= 0 && end.fired() < sliding.size()) {
                project(sliding.get(end.fired()));
            } else if (end.fired() >= 0) {
                handOverToImplicit = !useImplicit;
            }
        }

        String describe(SegmentIntegrator integrator) {
            return integrator.name() + (settings.method() == Method.AUTO ? " (chosen by AUTO)" : "") + " integrator";
        }
    }

    /** An integration method could not proceed (e.g. its step size underflowed). */
    static final class IntegrationFailure extends IllegalStateException {
        IntegrationFailure(String message) {
            super(message);
        }
    }

    /** Counts drift evaluations against the budget, refusing the one past it. */
    private static final class CountingDrift implements Drift {
        final FluidProblem problem;
        final long budget;
        long evaluations;

        CountingDrift(FluidProblem problem, long budget) {
            this.problem = problem;
            this.budget = budget;
        }

        @Override
        public int dimension() {
            return problem.dimension();
        }

        @Override
        public void derivatives(double[] x, double[] dx) {
            if (evaluations >= budget) {
                throw new IntegrationFailure("evaluation budget of " + budget + " drift evaluations spent (raise it"
                        + " with FluidOptions.withMaxEvaluations)");
            }
            evaluations++;
            problem.derivatives(x, dx);
            for (double v : dx) {
                if (!Double.isFinite(v)) {
                    throw new IntegrationFailure("non-finite drift " + v);
                }
            }
        }

        @Override
        public double jacobianIncrement(double[] x, int j) {
            return problem.jacobianIncrement(x, j);
        }

        @Override
        public int[] fastColumns(double[] x) {
            return problem.fastColumns(x);
        }
    }
}
