package org.queuelab.guard;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.queuelab.dist.Deterministic;
import org.queuelab.dist.Erlang;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.FoldedNormal;
import org.queuelab.dist.Gamma;
import org.queuelab.dist.GeneralizedPareto;
import org.queuelab.dist.HyperExponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.dist.Lomax;
import org.queuelab.dist.PaperLaws;
import org.queuelab.dist.Pareto;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.dist.ShiftedExponential;
import org.queuelab.dist.Weibull;
import org.queuelab.invariant.Accuracy;
import org.queuelab.invariant.InvariantState;
import org.queuelab.invariant.InvariantStateProblem;
import org.queuelab.invariant.InvariantStateSolver;
import org.queuelab.invariant.LevelStatus;
import org.queuelab.invariant.VirtualWaitingTime;
import org.queuelab.meanfield.AlbaFixedPoint;
import org.queuelab.meanfield.AlbaTradeoff;
import org.queuelab.meanfield.MemoryFixedPoint;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.policy.Scaling;

/**
 * Walks every public entry point of the law, fixed-point and invariant-state packages with out-of-range, NaN,
 * infinite, tiny and huge arguments (every combination for up to two arguments, a smaller pool beyond) and
 * requires either a clear {@link IllegalArgumentException} ("name = value; allowed: …") or a valid result —
 * never a hang, an {@link Error}, another exception type, NaN or a probability outside [0, 1].
 */
class EntryPointPropertyTest {

    private static final double[] DOUBLES = {-1, -0.0, 0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 1e-300, 0.5, 0.999999, 1, 1.5, 2.5, 1e300, Double.MAX_VALUE};
    private static final double[] FEW_DOUBLES = {-1, Double.NaN, Double.POSITIVE_INFINITY, 1e-300, 0.5, 1e300};
    private static final int[] INTS = {Integer.MIN_VALUE, -5, 0, 1, 2, 3, 100_000, Integer.MAX_VALUE};
    private static final int[] FEW_INTS = {-5, 0, 2, 100_000, Integer.MAX_VALUE};
    private static final double[][] ARRAYS = {{}, {1}, {0.5, 0.5}, {Double.NaN, 1}, {-1, 2}, {0.5, 0.25},
        {1e300, 1e-300}, {Double.POSITIVE_INFINITY, 1}};
    private static final Dispatch[] DISPATCHES = {new PowerOfD(1), new PowerOfD(2), new JoinBelowThreshold(0),
        new JoinBelowThreshold(2), new RandomDispatch()};
    /** A clear refusal: "name = value; allowed: …" (or a sentence naming the quantity and what is allowed). */
    private static final Pattern CLEAR = Pattern.compile("(?s).*\\S+ = .*allowed.*");
    private static final Duration PER_ENTRY_POINT = Duration.ofSeconds(120);

    private static final Class<?>[] LAWS = {Deterministic.class, Erlang.class, Exponential.class,
        FoldedNormal.class, Gamma.class, GeneralizedPareto.class, HyperExponential.class, LogNormal.class,
        Lomax.class, Pareto.class, ShiftedExponential.class, Weibull.class, PaperLaws.class};
    private static final Class<?>[] FIXED_POINTS = {PowerOfDFixedPoint.class, MemoryFixedPoint.class,
        AlbaFixedPoint.class, AlbaTradeoff.class};

    @TestFactory
    Stream<DynamicTest> lawEntryPoints() {
        return entryPoints(LAWS);
    }

    @TestFactory
    Stream<DynamicTest> fixedPointEntryPoints() {
        return entryPoints(FIXED_POINTS);
    }

    @TestFactory
    Stream<DynamicTest> tradeoffMethods() {
        AlbaTradeoff tradeoff = new AlbaTradeoff(0.5, 0.1, 0.2, 0.05, new PowerOfD(2), 60);
        return Stream.of(
                DynamicTest.dynamicTest("AlbaTradeoff.at", () -> sweep("at", x -> tradeoff.at(x))),
                DynamicTest.dynamicTest("AlbaTradeoff.constrained", () -> sweep("constrained",
                        x -> tradeoff.constrained(x))),
                DynamicTest.dynamicTest("AlbaTradeoff.weighted", () -> sweep("weighted",
                        x -> tradeoff.weighted(x))));
    }

    @TestFactory
    Stream<DynamicTest> invariantStates() {
        List<ServiceDistribution> laws = List.of(Exponential.unitMean(), Deterministic.unitMean(),
                Pareto.unitMean(1.01), Lomax.unitMean(1.001), Pareto.unitMean(1.5), Weibull.unitMean(0.3));
        List<DynamicTest> tests = new ArrayList<>();
        for (ServiceDistribution law : laws) {
            tests.add(DynamicTest.dynamicTest("InvariantStateSolver " + law.label(), () ->
                    assertTimeoutPreemptively(PER_ENTRY_POINT, () -> {
                        for (double lambda : DOUBLES) {
                            for (int d : new int[] {-5, 0, 1, 2, 3, 17, Integer.MAX_VALUE}) {
                                for (int levels : new int[] {-5, 0, 1, 3, 41, Integer.MAX_VALUE}) {
                                    for (Accuracy accuracy : Accuracy.values()) {
                                        String call = law.label() + ", λ = " + lambda + ", d = " + d + ", levels = "
                                                + levels + ", " + accuracy;
                                        check(call, () -> solve(law, lambda, d, levels, accuracy));
                                    }
                                }
                            }
                        }
                    })));
        }
        return tests.stream();
    }

    private static Object solve(ServiceDistribution law, double lambda, int d, int levels, Accuracy accuracy) {
        InvariantState state = InvariantStateSolver.solve(new InvariantStateProblem(law, lambda, d, levels,
                accuracy));
        double previous = 1;
        for (int l = 1; l <= state.levels(); l++) {
            double s = state.s(l);
            if (state.status(l) == LevelStatus.OK) {
                requireProbability("s*_" + l, s);
                assertTrue(s <= previous * (1 + 1e-9), "s*_" + l + " = " + s + " > s*_" + (l - 1));
                previous = s;
            }
        }
        if (d >= 2 && state.levels() >= 2) {
            for (double[] hs : new double[][] {{20, 0.003}, {1e300, 1e-300}, {Double.NaN, 1}, {1, 0}}) {
                check("virtual waiting time " + Arrays.toString(hs), () ->
                        VirtualWaitingTime.approximation(state, 1, hs[0], hs[1]));
            }
        }
        return state;
    }

    // ---------------------------------------------------------------- the sweep

    private interface Call {
        Object call() throws Throwable;
    }

    private interface DoubleCall {
        Object call(double x) throws Throwable;
    }

    private static void sweep(String name, DoubleCall call) {
        assertTimeoutPreemptively(PER_ENTRY_POINT, () -> {
            for (double x : DOUBLES) {
                check(name + "(" + x + ")", () -> call.call(x));
            }
        });
    }

    private static Stream<DynamicTest> entryPoints(Class<?>... classes) {
        List<DynamicTest> tests = new ArrayList<>();
        for (Class<?> c : classes) {
            List<Executable> members = new ArrayList<>();
            for (Method m : c.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers())) {
                    members.add(m);
                }
            }
            for (Constructor<?> k : c.getConstructors()) {
                members.add(k);
            }
            members.sort((a, b) -> a.toString().compareTo(b.toString()));
            for (Executable e : members) {
                tests.add(DynamicTest.dynamicTest(c.getSimpleName() + "." + e.getName()
                        + Arrays.toString(e.getParameterTypes()), () -> walk(e)));
            }
        }
        return tests.stream();
    }

    private static void walk(Executable e) {
        Class<?>[] types = e.getParameterTypes();
        List<Object[]> pools = new ArrayList<>();
        for (Class<?> t : types) {
            pools.add(pool(t, types.length > 2));
        }
        assertTimeoutPreemptively(PER_ENTRY_POINT, () -> {
            Object[] args = new Object[types.length];
            combine(e, pools, args, 0);
        });
    }

    private static void combine(Executable e, List<Object[]> pools, Object[] args, int i) {
        if (i == args.length) {
            Object[] copy = args.clone();
            check(e.getName() + describe(copy), () -> invoke(e, copy));
            return;
        }
        for (Object v : pools.get(i)) {
            args[i] = v;
            combine(e, pools, args, i + 1);
        }
    }

    private static Object invoke(Executable e, Object[] args) throws Throwable {
        try {
            return e instanceof Method m ? m.invoke(null, args) : ((Constructor<?>) e).newInstance(args);
        } catch (InvocationTargetException ex) {
            throw ex.getCause();
        }
    }

    private static Object[] pool(Class<?> t, boolean few) {
        if (t == double.class) {
            return Arrays.stream(few ? FEW_DOUBLES : DOUBLES).boxed().toArray();
        }
        if (t == int.class) {
            return Arrays.stream(few ? FEW_INTS : INTS).boxed().toArray();
        }
        if (t == double[].class) {
            return ARRAYS.clone();
        }
        if (t == Dispatch.class) {
            return DISPATCHES.clone();
        }
        if (t == AlbaModel.class) {
            return albaModels().toArray();
        }
        throw new AssertionError("no argument pool for " + t + ": extend the property test");
    }

    private static List<AlbaModel> albaModels() {
        List<AlbaModel> models = new ArrayList<>();
        for (double lambda : new double[] {1e-300, 0.5, 0.999999}) {
            for (Dispatch dispatch : new Dispatch[] {new PowerOfD(2), new JoinBelowThreshold(1)}) {
                for (double theta : new double[] {1e-300, 0.02, 1.0}) {
                    models.add(new AlbaModel(lambda, dispatch, Buffers.INFINITE,
                            Scaling.asynchronous(new BlindTheta(theta), 0.1), 0.2, 0.05));
                }
            }
        }
        return models;
    }

    // ---------------------------------------------------------------- the verdict on one call

    private static void check(String call, Call body) {
        Object result;
        try {
            result = body.call();
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            if (m == null || !CLEAR.matcher(m).matches()) {
                fail(call + ": unclear refusal " + e);
            }
            return;
        } catch (Throwable t) {
            fail(call + ": threw " + t, t);
            return;
        }
        requireValid(call, result);
    }

    private static void requireValid(String call, Object result) {
        if (result instanceof Double v) {
            assertTrue(!v.isNaN() && v >= 0, call + " returned " + v);
        } else if (result instanceof Integer v) {
            assertTrue(v >= 0, call + " returned " + v);
        } else if (result instanceof double[] x) {
            for (int i = 0; i < x.length; i++) {
                requireProbability(call + "[" + i + "]", x[i]);
            }
        } else if (result instanceof ServiceDistribution law) {
            requireLaw(call, law);
        } else if (result instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                requireValid(call + "." + entry.getKey(), entry.getValue());
            }
        }
    }

    private static void requireProbability(String what, double p) {
        assertTrue(p >= -1e-15 && p <= 1 + 1e-12, what + " = " + p + ", not a probability");
    }

    private static void requireLaw(String call, ServiceDistribution law) {
        String where = call + " → " + law.label();
        double mean = law.mean();
        assertTrue(mean > 0 && mean < Double.POSITIVE_INFINITY, where + ": mean " + mean);
        double variance = law.variance();
        assertTrue(variance >= 0, where + ": variance " + variance);
        for (double x : new double[] {-1, 0, Double.MIN_VALUE, 1e-300, 0.5 * mean, mean, 10 * mean, 1e300,
            Double.POSITIVE_INFINITY}) {
            requireProbability(where + " cdf(" + x + ")", law.cdf(x));
            requireProbability(where + " ccdf(" + x + ")", law.ccdf(x));
            double density = law.density(x);
            assertTrue(density >= 0, where + " density(" + x + ") = " + density);
            double hazard = law.hazard(x);
            assertTrue(hazard >= 0, where + " hazard(" + x + ") = " + hazard);
        }
        SplittableRandom rng = new SplittableRandom(18);
        for (int i = 0; i < 20; i++) {
            double s = law.sample(rng);
            assertTrue(s >= 0 && s < Double.POSITIVE_INFINITY, where + " sample " + s);
        }
    }

    private static String describe(Object[] args) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < args.length; i++) {
            b.append(i == 0 ? "" : ", ").append(args[i] instanceof double[] a ? Arrays.toString(a)
                    : args[i] instanceof Dispatch d ? d.label() : String.valueOf(args[i]));
        }
        return b.append(')').toString();
    }
}
