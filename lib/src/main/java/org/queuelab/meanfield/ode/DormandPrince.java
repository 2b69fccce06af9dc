package org.queuelab.meanfield.ode;

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
        integrator.addStepHandler((ODEStateInterpolator interpolator) -> handler.step(
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
                }));
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

    /** Stops the integration where g decreases through 0; increasing crossings are passed. */
    private static final class Detector implements ODEEventDetector {
        private final Boundary boundary;
        private final int index;
        private final int[] fired;
        private final BracketedUnivariateSolver<UnivariateFunction> solver =
                new BracketingNthOrderBrentSolver(1e-14, 1e-12, 1e-18, 5);

        Detector(Boundary boundary, int index, int[] fired) {
            this.boundary = boundary;
            this.index = index;
            this.fired = fired;
        }

        @Override
        public AdaptableInterval getMaxCheckInterval() {
            return AdaptableInterval.of(1.0); // step ends are always checked; 1 time unit ≪ every switching time scale
        }

        @Override
        public int getMaxIterationCount() {
            return 200;
        }

        @Override
        public BracketedUnivariateSolver<UnivariateFunction> getSolver() {
            return solver;
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
