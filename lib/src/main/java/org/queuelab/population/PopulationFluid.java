package org.queuelab.population;

import java.util.LinkedHashMap;
import java.util.Objects;

import org.hipparchus.exception.MathIllegalArgumentException;
import org.hipparchus.exception.MathIllegalStateException;
import org.hipparchus.ode.ODEIntegrator;
import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.ODEStateAndDerivative;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.hipparchus.ode.nonstiff.DormandPrince853Integrator;
import org.queuelab.guard.Cancellation;
import org.queuelab.meanfield.FluidOptions;
import org.queuelab.meanfield.FluidTrajectories;
import org.queuelab.meanfield.FluidTrajectory;

/**
 * The fluid limit ẋ = F(x) of a {@link PopulationModel}, integrated by Hipparchus Dormand–Prince 8(5,3) at the
 * tolerances of {@link FluidOptions} and returned as a {@link FluidTrajectory}: one column per class, then one per
 * observable.
 * See {@code docs/population.md} §2.
 */
public final class PopulationFluid {

    private PopulationFluid() {
    }

    /**
     * Integrates from x0 at t = 0 with {@link FluidOptions#defaults()}.
     *
     * @param model the model
     * @param x0    the start, a state of the model
     * @param times the output times: at least one, finite, ≥ 0, non-decreasing
     * @return x(t) and the observables at each output time
     * @throws IllegalArgumentException if x0 is not a state of the model or a rate is invalid there, or the times
     *                                  are out of range
     */
    public static FluidTrajectory integrate(PopulationModel model, double[] x0, double[] times) {
        return integrate(model, x0, times, FluidOptions.defaults());
    }

    /**
     * Integrates from x0 at t = 0 and samples at {@code times} (non-decreasing, ≥ 0).
     *
     * @param model   the model
     * @param x0      the start, a state of the model
     * @param times   the output times: at least one, finite, ≥ 0, non-decreasing
     * @param options integrator tolerances and evaluation budget
     * @return x(t) (one column per class) and the observables (one column each) at each output time
     * @throws IllegalArgumentException if x0 is not a state of the model (length, signs, group sums) or a rate
     *                                  is invalid there, or the times are out of range
     */
    public static FluidTrajectory integrate(PopulationModel model, double[] x0, double[] times, FluidOptions options) {
        requireStart(model, x0, times, options);
        int n = model.dimension();
        long[] evaluations = new long[1];
        OrdinaryDifferentialEquation ode = new OrdinaryDifferentialEquation() {
            @Override
            public int getDimension() {
                return n;
            }

            @Override
            public double[] computeDerivatives(double t, double[] y) {
                evaluations[0]++;
                return model.drift(y);
            }
        };
        return result(model, "fluid", times, solveAt("fluid of " + model.name(), ode, x0, times, options), options,
                evaluations[0]);
    }

    /**
     * Checks a start: model and options given, x0 a state of the model where every rate is valid, and the times a
     * non-decreasing grid of finite times ≥ 0.
     */
    static void requireStart(PopulationModel model, double[] x0, double[] times, FluidOptions options) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(options, "options");
        model.requireState(Objects.requireNonNull(x0, "x0"));
        model.checkRates(x0);
        requireTimes(times);
    }

    /**
     * The solution of {@code ode} from z0 at t = 0 at each of {@code times} (the options' Dormand–Prince), within
     * {@link FluidOptions#maxEvaluations()} drift evaluations for the whole solve. A solve that runs out of them or
     * cannot meet its tolerances fails with an exception naming {@code what}, the time reached and the options to
     * change, not with the integrator's bare message.
     */
    static double[][] solveAt(String what, OrdinaryDifferentialEquation ode, double[] z0, double[] times,
                              FluidOptions options) {
        double[][] states = new double[times.length][];
        ODEIntegrator integrator = integrator(options);
        OrdinaryDifferentialEquation counted = withinBudget(what, ode, options, times[times.length - 1]);
        double t = 0;
        double[] y = z0.clone();
        for (int k = 0; k < times.length; k++) {
            if (times[k] > t) {
                ODEStateAndDerivative end;
                try {
                    end = integrator.integrate(counted, new ODEState(t, y), times[k]);
                } catch (MathIllegalStateException | MathIllegalArgumentException e) {
                    throw new IllegalStateException(what + ": integration from t = " + t + " to " + times[k]
                            + " failed (" + e.getMessage() + ") at tolerances abs " + options.absoluteTolerance()
                            + ", rel " + options.relativeTolerance() + "; allowed: looser FluidOptions.withTolerances"
                            + " or a larger withMaxStep", e);
                }
                y = end.getPrimaryState();
                t = times[k];
            }
            states[k] = y.clone();
        }
        return states;
    }

    static ODEIntegrator integrator(FluidOptions options) {
        // the evaluation budget is the whole solve's (withinBudget), where Hipparchus would count per integrate call
        return new DormandPrince853Integrator(1e-12, options.maxStep(), options.absoluteTolerance(),
                options.relativeTolerance());
    }

    /** {@code ode}, failing once the solve has spent {@link FluidOptions#maxEvaluations()} evaluations. */
    private static OrdinaryDifferentialEquation withinBudget(String what, OrdinaryDifferentialEquation ode,
                                                             FluidOptions options, double horizon) {
        return new OrdinaryDifferentialEquation() {
            private long spent;

            @Override
            public int getDimension() {
                return ode.getDimension();
            }

            @Override
            public double[] computeDerivatives(double t, double[] y) {
                Cancellation.check(what);   // one field read, against a drift evaluation (the refined one is O(n²))
                if (++spent > options.maxEvaluations()) {
                    throw new IllegalStateException(what + ": " + options.maxEvaluations() + " drift evaluations"
                            + " spent by t = " + t + " of " + horizon + "; allowed: raise"
                            + " FluidOptions.withMaxEvaluations (maxEvaluations), or loosen withTolerances");
                }
                return ode.computeDerivatives(t, y);
            }
        };
    }

    static void requireTimes(double[] times) {
        if (Objects.requireNonNull(times, "times").length == 0) {
            throw new IllegalArgumentException("times: none; allowed: at least one time ≥ 0");
        }
        double last = 0;
        for (int k = 0; k < times.length; k++) {
            if (!(times[k] >= last && Double.isFinite(times[k]))) {
                throw new IllegalArgumentException("times[" + k + "] = " + times[k]
                        + "; allowed: finite, ≥ 0 and non-decreasing");
            }
            last = times[k];
        }
    }

    static FluidTrajectory result(PopulationModel model, String what, double[] times, double[][] states,
                                  FluidOptions options, long evaluations) {
        int n = model.dimension();
        LinkedHashMap<String, double[]> columns = new LinkedHashMap<>();
        double minCoordinate = Double.POSITIVE_INFINITY;
        double maxMassError = 0;
        double[] totals = model.groupTotals();
        int[] groupOf = model.groupOf();
        for (int i = 0; i < n; i++) {
            double[] c = new double[times.length];
            for (int k = 0; k < times.length; k++) {
                c[k] = states[k][i];
                minCoordinate = Math.min(minCoordinate, c[k]);
            }
            columns.put(model.coordinateNames().get(i), c);
        }
        for (int k = 0; k < times.length; k++) {
            double[] sums = new double[totals.length];
            for (int i = 0; i < n; i++) {
                sums[groupOf[i]] += states[k][i];
            }
            for (int g = 0; g < totals.length; g++) {
                maxMassError = Math.max(maxMassError, Math.abs(sums[g] - totals[g]));
            }
        }
        for (String o : model.observableNames()) {
            double[] c = new double[times.length];
            for (int k = 0; k < times.length; k++) {
                c[k] = model.observable(o, states[k]);
            }
            columns.put(o, c);
        }
        double[][] reduced = new double[times.length][];
        for (int k = 0; k < times.length; k++) {
            reduced[k] = java.util.Arrays.copyOf(states[k], n);
        }
        LinkedHashMap<String, String> p = new LinkedHashMap<>();
        p.put("model", model.name());
        model.parameters().forEach((key, v) -> p.put(key, Double.toString(v)));
        p.put("solver", "Dormand-Prince 8(5,3) (Hipparchus)");
        p.put("absTol", Double.toString(options.absoluteTolerance()));
        p.put("relTol", Double.toString(options.relativeTolerance()));
        return FluidTrajectories.of(model.name() + " " + what, times, columns, reduced, p, evaluations,
                minCoordinate, maxMassError);
    }
}
