package org.queuelab.population;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.hipparchus.analysis.differentiation.DerivativeStructure;
import org.hipparchus.analysis.differentiation.UnivariateDerivative2;
import org.queuelab.guard.Require;
import org.queuelab.meanfield.FluidModel;
import org.queuelab.result.Metric;

/**
 * A density-dependent population process of N servers (docs/population.md): the state x lists the fractions of
 * servers in each class, grouped into conserved groups whose sums are fixed (by default one group of total 1);
 * each transition ℓ moves servers between classes by an integer jump vector (in units of 1/N) at rate N·β_ℓ(x).
 * The drift is F(x) = Σ_ℓ ℓ β_ℓ(x) and the local covariance Q(x) = Σ_ℓ ℓ ℓᵀ β_ℓ(x).
 *
 * <p>One description serves every engine: {@link PopulationFluid} (drift, fluid trajectory),
 * {@link PopulationFixedPoint} (Newton with the exact Jacobian, spectrum), {@link RefinedMeanField} (the 1/N term)
 * and {@link PopulationSimulator} (exact Gillespie simulation at finite N). The rates are recorded as expressions
 * ({@link Rate}, {@link Value}), so the exact Jacobian (reverse sweeps on doubles) and the second derivatives
 * (Hipparchus automatic differentiation, {@link UnivariateDerivative2}, {@link DerivativeStructure}) come from the
 * same definition.
 *
 * <p>Immutable; {@link #with(String, double)} changes a parameter without rebuilding. Built and validated by
 * {@link #builder(String)}: every rate is checked at each vertex of the state space and at its centre (finite,
 * non-negative, and zero wherever its jump would take a class below 0), with messages naming the transition and
 * the state.
 */
public final class PopulationModel implements FluidModel {


    private final ModelStructure structure;
    private final double[] parameterValues;

    private PopulationModel(ModelStructure structure, double[] parameterValues) {
        this.structure = structure;
        this.parameterValues = parameterValues;
    }

    /**
     * Starts a description named {@code name}.
     *
     * @param name the model's name, non-blank (used in messages and {@link #toString()})
     * @return an empty builder
     * @throws IllegalArgumentException if the name is null or blank
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * The model's name, as given to {@link #builder(String)}.
     *
     * @return the name
     */
    public String name() {
        return structure.name();
    }

    @Override
    public int dimension() {
        return structure.dimension();
    }

    @Override
    public List<String> coordinateNames() {
        return structure.coordinates();
    }

    /**
     * Index of a coordinate (a class).
     *
     * @param coordinate a class name of this model
     * @return its index in the state vector
     * @throws IllegalArgumentException naming the class and the allowed ones if it is unknown
     */
    public int indexOf(String coordinate) {
        return Require.indexIn("coordinate", structure.coordinates(), Objects.requireNonNull(coordinate, "coordinate"));
    }

    /**
     * The named parameters, in declaration order.
     *
     * @return an unmodifiable list (empty when the model has none)
     */
    public List<String> parameterNames() {
        return structure.parameterNames();
    }

    /**
     * The value of a named parameter.
     *
     * @param parameter one of {@link #parameterNames()}
     * @return its value (finite)
     * @throws IllegalArgumentException naming the parameter and the allowed ones if it is unknown
     */
    public double parameter(String parameter) {
        return parameterValues[parameterIndex(parameter)];
    }

    /**
     * All parameters, by name.
     *
     * @return a new map in declaration order
     */
    public Map<String, Double> parameters() {
        LinkedHashMap<String, Double> p = new LinkedHashMap<>();
        for (int i = 0; i < structure.parameterNames().size(); i++) {
            p.put(structure.parameterNames().get(i), parameterValues[i]);
        }
        return p;
    }

    private int parameterIndex(String parameter) {
        return Require.indexIn("parameter", structure.parameterNames(), Objects.requireNonNull(parameter, "parameter"));
    }

    /**
     * The same model with one parameter changed (validated again at the vertices and the centre).
     *
     * @param parameter one of {@link #parameterNames()}
     * @param value     its new value, finite
     * @return a new model sharing the recorded expressions
     * @throws IllegalArgumentException if the parameter is unknown, the value not finite, or a rate becomes
     *                                  negative, NaN or leaves an empty class at a checked state
     */
    public PopulationModel with(String parameter, double value) {
        Require.finite(parameter, value);
        double[] p = parameterValues.clone();
        p[parameterIndex(parameter)] = value;
        PopulationModel m = new PopulationModel(structure, p);
        RateCheck.atSamples(m);
        return m;
    }

    /**
     * The transitions ℓ, in declaration order; transition t is {@code transitionNames().get(t)}.
     *
     * @return an unmodifiable list of at least one name
     */
    public List<String> transitionNames() {
        return structure.transitionNames();
    }

    /**
     * The jump vector ℓ of transition t: how many servers each class gains (&gt; 0) or loses (&lt; 0) when it fires,
     * i.e. the change of x in units of 1/N.
     *
     * @param t the transition's index, 0 ≤ t &lt; {@code transitionNames().size()}
     * @return a new array, one entry per coordinate
     * @throws ArrayIndexOutOfBoundsException if t is out of range
     */
    public int[] jump(int t) {
        return structure.jumps()[t].clone();
    }

    /**
     * The observables the engines report, in declaration order (built-in ones under {@link Metric#name()}).
     *
     * @return an unmodifiable list
     */
    public List<String> observableNames() {
        return structure.observableNames();
    }

    /**
     * Names of the conserved groups, in order ("servers" when no group was declared).
     *
     * @return an unmodifiable list of at least one name
     */
    public List<String> groupNames() {
        return structure.groupNames();
    }

    /**
     * The fixed sum of each conserved group (fractions of N servers; 1 for the default single group).
     *
     * @return a new array, one total &gt; 0 per group
     */
    public double[] groupTotals() {
        return structure.groupTotals().clone();
    }

    /** The conserved group of each coordinate. */
    int[] groupOf() {
        return structure.groupOf();
    }

    int[][] jumpsUnsafe() {
        return structure.jumps();
    }

    Tape tape() {
        return structure.tape();
    }

    double[] parameterValuesUnsafe() {
        return parameterValues;
    }

    int[] rateNodes() {
        return structure.rateNodes();
    }

    int[] observableNodes() {
        return structure.observableNodes();
    }

    /**
     * A state from coordinate values by name, the others 0; checked against the group sums.
     * E.g. {@code state(Map.of("x0", 1.0))}: every server idle.
     *
     * @param values class name → fraction of servers in it, ≥ 0; classes not named are 0
     * @return the state vector
     * @throws NullPointerException if {@code values} or one of its values is null (naming it)
     * @throws IllegalArgumentException if a class is unknown, a value negative or not finite, or a group does not
     *                                  sum to its total (to 10⁻⁹)
     */
    public double[] state(Map<String, Double> values) {
        double[] x = new double[dimension()];
        Objects.requireNonNull(values, "values").forEach((k, v) -> x[indexOf(k)] = Objects.requireNonNull(v, k));
        requireState(x);
        return x;
    }

    /**
     * Checks that x has the model's dimension, finite non-negative entries (−10⁻¹² tolerated for round-off) and
     * the groups' sums (to 10⁻⁹).
     *
     * @param x the state to check
     * @throws IllegalArgumentException naming the coordinate or group that fails
     */
    public void requireState(double[] x) {
        structure.requireState(x);
    }

    /**
     * β_ℓ(x) for every transition ℓ: the rate per server; in the N-server system transition ℓ fires at rate
     * N·β_ℓ(x).
     *
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @return one rate per transition, in {@link #transitionNames()} order
     * @throws IllegalArgumentException if x has another length or a non-finite entry
     */
    public double[] rates(double[] x) {
        return nodeValues(x, rateNodes());
    }

    /**
     * A built-in observable at x.
     *
     * @param metric a metric declared with {@link Builder#observable(Metric, Rate)}
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @return its value at x
     * @throws IllegalArgumentException if the model has no such observable, or x is not a valid length or finite
     */
    public double observable(Metric metric, double[] x) {
        return observable(Objects.requireNonNull(metric, "metric").name(), x);
    }

    /**
     * The named observable at x.
     *
     * @param observable one of {@link #observableNames()}
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @return its value at x
     * @throws IllegalArgumentException if the observable is unknown, or x is not a valid length or finite
     */
    public double observable(String observable, double[] x) {
        return observables(x)[observableIndex(observable)];
    }

    /** Every observable at x, in {@link #observableNames()} order, from one evaluation of the expressions. */
    double[] observables(double[] x) {
        return nodeValues(x, observableNodes());
    }

    /** The recorded expressions at x (a point of finite entries), read at the given tape nodes. */
    private double[] nodeValues(double[] x, int[] nodes) {
        requireLength(x);
        double[] values = new double[tape().size()];
        tape().evaluate(x, parameterValues, values);
        double[] out = new double[nodes.length];
        for (int k = 0; k < out.length; k++) {
            out[k] = values[nodes[k]];
        }
        return out;
    }

    int observableIndex(String observable) {
        return Require.indexIn("observable", structure.observableNames(), Objects.requireNonNull(observable,
                "observable"));
    }

    /**
     * The fluid drift F(x) = Σ_ℓ ℓ β_ℓ(x) (docs/population.md §2).
     *
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @return F(x), one entry per coordinate; it sums to 0 over each group
     * @throws IllegalArgumentException if x has another length or a non-finite entry
     */
    @Override
    public double[] drift(double[] x) {
        double[] r = rates(x);
        double[] f = new double[dimension()];
        for (int t = 0; t < r.length; t++) {
            int[] l = jumpsUnsafe()[t];
            for (int i = 0; i < l.length; i++) {
                if (l[i] != 0) {
                    f[i] += l[i] * r[t];
                }
            }
        }
        return f;
    }

    /**
     * Q(x) = Σ_ℓ ℓ ℓᵀ β_ℓ(x), the local covariance of the jumps (the diffusion term of the 1/N expansion).
     *
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @return Q(x), n × n, symmetric positive semi-definite
     * @throws IllegalArgumentException if x has another length or a non-finite entry
     */
    public double[][] diffusion(double[] x) {
        return PopulationDerivatives.diffusion(dimension(), jumpsUnsafe(), rates(x));
    }

    /**
     * The exact Jacobian DF(x) (reverse-mode automatic differentiation on the recorded rate expressions).
     *
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @return J[i][j] = ∂F_i/∂x_j, n × n
     * @throws IllegalArgumentException if x has another length or a non-finite entry
     */
    public double[][] jacobian(double[] x) {
        requireLength(x);
        return derivatives().jacobian(x);
    }

    /**
     * The exact gradient of an observable at x.
     *
     * @param observable one of {@link #observableNames()}
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @return ∂φ/∂x_j, one entry per coordinate
     * @throws IllegalArgumentException if the observable is unknown, or x is not a valid length or finite
     */
    public double[] observableGradient(String observable, double[] x) {
        requireLength(x);
        return derivatives().observableGradient(observableIndex(observable), x);
    }

    /**
     * Second directional derivatives along u: the drift's D²F(x)[u, u] followed by each observable's D²φ(x)[u, u],
     * by one sweep on Hipparchus {@link UnivariateDerivative2} (exact, cost of one drift evaluation).
     */
    double[] secondDirectional(double[] x, double[] u) {
        return derivatives().secondDirectional(x, u);
    }

    /**
     * The exact Hessian of the drift, H[i][j][k] = ∂²F_i/∂x_j∂x_k, by Hipparchus {@link DerivativeStructure} of
     * order 2 in all coordinates. Its cost grows as n⁴ (fine to n ≈ 30); {@link RefinedMeanField} never forms it
     * and contracts second derivatives along directions instead.
     *
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @return H, n × n × n
     * @throws IllegalArgumentException if x has another length or a non-finite entry
     */
    public double[][][] hessian(double[] x) {
        requireLength(x);
        return derivatives().hessian(x);
    }

    PopulationDerivatives derivatives() {
        return new PopulationDerivatives(tape(), parameterValues, rateNodes(), observableNodes(), jumpsUnsafe());
    }

    /**
     * Where a rate is not differentiable at x: the first transition whose expression has a min, max or
     * ifPositive on its switching surface, described with the transition's name; null if every rate is smooth.
     *
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @return a description naming the transition, or null
     * @throws IllegalArgumentException if x has another length or a non-finite entry
     */
    public String nonSmoothnessAt(double[] x) {
        requireLength(x);
        return SwitchingSurfaces.kinkAt(this, x);
    }

    /** The branch every min/max/ifPositive of the rates takes at x (see {@link #branchChangeAt}). */
    boolean[] branchesAt(double[] x) {
        return tape().branches(SwitchingSurfaces.values(this, x));
    }

    /**
     * The first transition whose rate takes another min/max/ifPositive branch at x than in {@code branches}
     * (from {@link #branchesAt}): a path from there to x crossed a switching surface. Null if none did.
     */
    String branchChangeAt(boolean[] branches, double[] x) {
        return SwitchingSurfaces.branchChangeAt(this, branches, x);
    }

    boolean[] transitionMask(int t) {
        return structure.transitionMasks()[t];
    }

    /**
     * Checks the rates at x: finite, non-negative, and 0 where the jump would take a class below 0.
     *
     * @param x a state, one finite entry per coordinate (in {@link #coordinateNames()} order)
     * @throws IllegalArgumentException naming the transition and the state otherwise
     */
    public void checkRates(double[] x) {
        RateCheck.atState(this, x);
    }

    /** "{x0 = 1, x1 = 0, …}" with the non-zero coordinates only when the state is long. */
    String describe(double[] x) {
        return RateCheck.describe(structure.coordinates(), x);
    }

    private void requireLength(double[] x) {
        structure.requirePoint(x);
    }

    @Override
    public String toString() {
        return name() + " (" + dimension() + " classes, " + structure.transitionNames().size() + " transitions, parameters "
                + parameters() + ")";
    }

    /**
     * Describes a model: classes (in conserved groups), named parameters, then transitions and observables whose
     * expressions may use them. Each {@link Rate} lambda is run once, when it is added. The declarations are
     * checked as they are added ({@link ModelDraft}); the rates at the vertices and the centre on {@link #build()}.
     */
    public static final class Builder {

        private final ModelDraft draft;

        private Builder(String name) {
            draft = new ModelDraft(name);
        }

        /**
         * Starts a conserved group: the classes added next sum to {@code total} (default: one group "servers",
         * total 1, started by the first class if no group was declared).
         *
         * @param groupName a new group name
         * @param total     the group's fixed sum (fraction of N servers), 0 &lt; total &lt; ∞
         * @return this builder
         * @throws IllegalArgumentException if the total is out of range or the name is taken
         * @throws IllegalStateException if the builder has been built
         */
        public Builder group(String groupName, double total) {
            draft.group(groupName, total);
            return this;
        }

        /**
         * Classes family+from … family+to (e.g. classes("x", 0, 20) adds x0..x20), in the current group; rates read
         * them by level with {@link Variables#x(String, int)} and sum them with {@link Variables#sum}.
         *
         * @param family a new family name
         * @param from   first level, ≥ 0
         * @param to     last level, ≥ from
         * @return this builder
         * @throws IllegalArgumentException if the levels are out of range, the family or a class name is taken, or a
         *                                  transition was already added
         */
        public Builder classes(String family, int from, int to) {
            draft.classes(family, from, to);
            return this;
        }

        /**
         * Single named classes in the current group (e.g. classes("off", "setup")).
         *
         * @param names new, non-blank class names
         * @return this builder
         * @throws IllegalArgumentException if a name is blank or taken, or a transition was already added
         */
        public Builder classes(String... names) {
            draft.classes(names);
            return this;
        }

        /**
         * A named parameter and its value; rates read it with {@code v.param(name)}, and
         * {@link PopulationModel#with(String, double)} changes it later without rebuilding.
         *
         * @param parameter a new name
         * @param value     its value, finite
         * @return this builder
         * @throws IllegalArgumentException if the value is not finite, the name is taken, or a transition was
         *                                  already added
         */
        public Builder parameter(String parameter, double value) {
            draft.parameter(parameter, value);
            return this;
        }

        /**
         * One server moves from class {@code from} to class {@code to} at rate N·rate(x).
         *
         * @param transition a new, non-blank name
         * @param from       the class losing a server
         * @param to         the class gaining it (in the same group)
         * @param rate       β(x) per server, built from the builder's {@link Variables}
         * @return this builder
         * @throws IllegalArgumentException as {@link #transition(String, Map, Rate)}
         */
        public Builder move(String transition, String from, String to, Rate rate) {
            Map<String, Integer> jump = new LinkedHashMap<>();
            jump.put(from, -1);
            jump.merge(to, 1, Integer::sum);
            return transition(transition, jump, rate);
        }

        /**
         * A transition with a general jump: class → change in its number of servers (summed when a class repeats).
         *
         * @param transition a new, non-blank name
         * @param jump       class → change; non-zero overall and conserving every group
         * @param rate       β(x) per server; the lambda runs once, now, recording the expression
         * @return this builder
         * @throws IllegalArgumentException naming the transition if the name is taken, a class unknown, the jump
         *                                  zero or not conserving a group, or the expression invalid
         */
        public Builder transition(String transition, Map<String, Integer> jump, Rate rate) {
            draft.transition(transition, jump, rate);
            return this;
        }

        /**
         * A built-in quantity as a function of the state, under its one name (e.g. {@link Metric#MEAN_JOBS},
         * {@link Metric#LOSS}), so that population results line up with the engines' results.
         *
         * @param metric     the quantity
         * @param expression its value as a function of the state
         * @return this builder
         */
        public Builder observable(Metric metric, Rate expression) {
            return observable(metric.name(), expression);
        }

        /**
         * A user-defined function of the state to report, under a new non-blank name (checked here). For the
         * built-in quantities use {@link #observable(Metric, Rate)}.
         *
         * @param observable the name
         * @param expression its value as a function of the state
         * @return this builder
         */
        public Builder observable(String observable, Rate expression) {
            draft.observable(observable, expression);
            return this;
        }

        /**
         * The validated model.
         *
         * @return the model
         * @throws IllegalArgumentException if there is no transition, or a rate is negative, NaN or moves servers
         *                                  out of an empty class at a vertex or the centre of the state space
         */
        public PopulationModel build() {
            PopulationModel model = new PopulationModel(draft.finish(), draft.parameterValues());
            RateCheck.atSamples(model);
            return model;
        }
    }
}
