package org.queuelab.meanfield.ode;

import org.queuelab.guard.Cancellation;

import java.util.List;

import org.hipparchus.analysis.UnivariateFunction;
import org.hipparchus.analysis.solvers.BracketedUnivariateSolver;
import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;
import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.ODEStateAndDerivative;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.hipparchus.ode.events.Action;
import org.hipparchus.ode.events.AdaptableInterval;
import org.hipparchus.ode.events.ODEEventDetector;
import org.hipparchus.ode.events.ODEEventHandler;
import org.hipparchus.ode.nonstiff.DormandPrince853Integrator;
import org.hipparchus.ode.sampling.ODEStateInterpolator;

/**
 * Hipparchus' Dormand–Prince 8(5,3) over one segment: its event detectors locate the watched switching functions
 * and its dense output feeds the step handler. A fresh Hipparchus integrator per segment, so that each segment
 * estimates its own first step.
 */
final class DormandPrince extends AdaptiveIntegrator {

    DormandPrince(double absoluteTolerance, double relativeTolerance, double maxStep) {
        super(absoluteTolerance, relativeTolerance, maxStep);
    }

    @Override
    public String name() {
        return "Dormand–Prince 8(5,3)";
    }

    @Override
    public Segment integrate(Drift drift, double t0, double[] x0, double tEnd, List<Boundary> watched,
                             StepHandler handler) {
        DormandPrince853Integrator integrator = new DormandPrince853Integrator(1e-20, Math.min(maxStep, tEnd),
                absoluteTolerance, relativeTolerance);
        int[] fired = {-1};
        for (int e = 0; e < watched.size(); e++) {
            integrator.addEventDetector(new Detector(watched.get(e), e, fired));
        }
        integrator.addEventDetector(new SubnormalSweep(t0));
        integrator.addStepHandler((ODEStateInterpolator interpolator) -> {
            Cancellation.check("Dormand–Prince integration");   // Hipparchus steps have no other exit
            handler.step(
                interpolator.getPreviousState().getTime(), interpolator.getCurrentState().getTime(),
                new StepHandler.DenseOutput() {
                    @Override
                    public double[] stateAt(double t) {
                        return interpolator.getInterpolatedState(t).getPrimaryState();
                    }

                    @Override
                    public double[] endState() {
                        return interpolator.getCurrentState().getPrimaryState();
                    }
                });
        });
        OrdinaryDifferentialEquation ode = new OrdinaryDifferentialEquation() {
            @Override
            public int getDimension() {
                return drift.dimension();
            }

            @Override
            public double[] computeDerivatives(double time, double[] state) {
                double[] dx = new double[state.length];
                drift.derivatives(state, dx);
                return dx;
            }
        };
        ODEStateAndDerivative end = integrator.integrate(ode, new ODEState(t0, x0), tEnd);
        return new Segment(end.getTime(), end.getPrimaryState(), fired[0]);
    }

    /**
     * Every {@link #INTERVAL} time units, restarts the integration from the current state with its subnormal
     * coordinates flushed to zero ({@link Subnormals}), if it has any. A sweep that finds none passes the step as it
     * is (Action.CONTINUE), so a state that never holds subnormals is integrated exactly as without the sweep.
     */
    private static final class SubnormalSweep extends SegmentDetector {
        /** Time between two sweeps: long against a step (≤ 1), short against the horizons integrated (10²–10⁴). */
        static final double INTERVAL = 50.0;
        private final double t0;

        SubnormalSweep(double t0) {
            // no zero of g is skipped; where a sweep falls does not matter, so its time is located loosely
            super(INTERVAL / 2, new BracketingNthOrderBrentSolver(0, 1e-3, 1e-3, 5));
            this.t0 = t0;
        }

        @Override
        public ODEEventHandler getHandler() {
            return new ODEEventHandler() {
                @Override
                public Action eventOccurred(ODEStateAndDerivative state, ODEEventDetector detector,
                                            boolean increasing) {
                    return Subnormals.any(state.getPrimaryState()) ? Action.RESET_STATE : Action.CONTINUE;
                }

                @Override
                public ODEState resetState(ODEEventDetector detector, ODEStateAndDerivative state) {
                    double[] x = state.getPrimaryState();
                    Subnormals.flush(x);
                    return new ODEState(state.getTime(), x);
                }
            };
        }

        /** Zero at t0 + (k + ½)·INTERVAL, k = 0, 1, … (not at t0, where an event would fire at the start). */
        @Override
        public double g(ODEStateAndDerivative state) {
            return Math.cos(Math.PI * (state.getTime() - t0) / INTERVAL);
        }
    }

    /** A detector's search settings: how far apart g is sampled inside a step, and the root solver. */
    private abstract static class SegmentDetector implements ODEEventDetector {
        private final double checkInterval;
        private final BracketedUnivariateSolver<UnivariateFunction> solver;

        SegmentDetector(double checkInterval, BracketedUnivariateSolver<UnivariateFunction> solver) {
            this.checkInterval = checkInterval;
            this.solver = solver;
        }

        @Override
        public AdaptableInterval getMaxCheckInterval() {
            return AdaptableInterval.of(checkInterval);
        }

        @Override
        public int getMaxIterationCount() {
            return 200;
        }

        @Override
        public BracketedUnivariateSolver<UnivariateFunction> getSolver() {
            return solver;
        }
    }

    /** Stops the integration where g decreases through 0; increasing crossings are passed. */
    private static final class Detector extends SegmentDetector {
        private final Boundary boundary;
        private final int index;
        private final int[] fired;

        Detector(Boundary boundary, int index, int[] fired) {
            // step ends are always checked; 1 time unit ≪ every switching time scale
            super(1.0, new BracketingNthOrderBrentSolver(1e-14, 1e-12, 1e-18, 5));
            this.boundary = boundary;
            this.index = index;
            this.fired = fired;
        }

        @Override
        public ODEEventHandler getHandler() {
            return (state, detector, increasing) -> {
                if (increasing) {
                    return Action.CONTINUE;
                }
                fired[0] = index;
                return Action.STOP;
            };
        }

        @Override
        public double g(ODEStateAndDerivative state) {
            return boundary.g(state.getPrimaryState());
        }
    }
}
