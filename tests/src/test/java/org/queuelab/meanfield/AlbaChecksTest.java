package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.CapacityBelowDemand;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.policy.Scaling;
import org.queuelab.policy.ScalingRule;

/** docs/alba.md checks §10.1–§10.10, §10.12, §10.15 (defaults λ = 0.7, α = 0.05, β = 0.1, γ = 0.025). */
class AlbaChecksTest {

    static final double LAMBDA = 0.7;
    static final double ALPHA = 0.05;
    static final double BETA = 0.1;
    static final double GAMMA = 0.025;
    static final int INF = Buffers.INFINITE;

    static AlbaModel model(Dispatch dispatch, ScalingRule rule) {
        return new AlbaModel(LAMBDA, dispatch, INF, Scaling.asynchronous(rule, ALPHA), BETA, GAMMA);
    }

    static AlbaModel blind(Dispatch dispatch, double theta) {
        return model(dispatch, new BlindTheta(theta));
    }

    static double[] grid(double horizon, int n) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = horizon * (i + 1) / n;
        }
        return t;
    }

    static double maxAbsDiff(double[] a, double[] b) {
        double m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, Math.abs(a[i] - b[i]));
        }
        return m;
    }

    /** Integrates from the Figure 1 state to t = 3000 and returns the end state (checks docs/alba.md §10.1 on the way). */
    static double[] longRun(AlbaFluid fluid, double[] x0) {
        FluidTrajectory tr = fluid.integrate(x0, grid(3000, 30), FluidOptions.defaults().withMaxStep(100));
        assertTrue(tr.diagnostics().maxMassError() <= 1e-9,
                "docs/alba.md §10.1 conservation: " + tr.diagnostics().maxMassError());
        // non-negative up to the integrator's accuracy (undershoots come from kinks of g crossed inside a step)
        assertTrue(tr.diagnostics().minCoordinate() >= -1e-10,
                "docs/alba.md §10.1 non-negativity: " + tr.diagnostics().minCoordinate());
        return tr.finalState();
    }

    static double[] figureOneStart(AlbaFluid fluid) {
        return fluid.state(0.3, 0, 0.7);
    }

    @Test
    void c2ThetaCritical() {
        assertEquals(0.12, AlbaFixedPoint.thetaCritical(LAMBDA, ALPHA, BETA, GAMMA), 1e-15);
    }

    @Test
    void c3BlindThetaTopBlockAndEnergy() {
        for (Dispatch dispatch : new Dispatch[] {new PowerOfD(2), new JoinBelowThreshold(1), JoinBelowThreshold.jiq()}) {
            AlbaModel m = blind(dispatch, 0.06);
            AlbaFluid fluid = AlbaFluid.of(m);
            double[] x = AlbaFixedPoint.blindTheta(m, 100).state();
            assertEquals(0.15, x[0], 1e-12);
            assertEquals(0.03, x[1], 1e-12);
            assertEquals(0.12, x[2], 1e-12);
            FluidMetrics metrics = fluid.metrics(x);
            assertEquals(0.7, metrics.busy(), 1e-12);
            assertEquals(0.85, metrics.energy(), 1e-12);
            assertEquals(0.15, metrics.wastage(), 1e-12);
            assertEquals(0.2143, metrics.relativeWastage(), 5e-5);
            assertEquals(0.1765, metrics.relativeWastagePowered(), 5e-5);
            assertTrue(maxAbsDiff(fluid.drift(x), new double[x.length]) < 1e-12, "F(x*) = 0 for " + dispatch);
        }
    }

    @Test
    void c4PowerOfDClosedFormsAndFluid() {
        double[] q = {5.833333, 1.906733, 1.514342};
        double[] r = {6.833333, 2.233601, 1.773944};
        for (int d = 1; d <= 3; d++) {
            AlbaModel m = blind(new PowerOfD(d), 0.06);
            AlbaFluid fine = new AlbaFluid(m, 300);
            double[] x = AlbaFixedPoint.blindTheta(m, 300).state();
            assertEquals(q[d - 1], fine.metrics(x).jobsPerWarmServer(), 1e-6, "Q d=" + d);
            assertEquals(r[d - 1], fine.metrics(x).responseTime(), 1e-6, "R d=" + d);
            AlbaFluid fluid = new AlbaFluid(m, d == 1 ? 200 : 100); // "d = 1 needs B ≥ 100"
            double[] end = longRun(fluid, figureOneStart(fluid));
            assertEquals(q[d - 1], fluid.metrics(end).jobsPerWarmServer(), 1e-5, "fluid Q d=" + d);
            double[] x100 = AlbaFixedPoint.blindTheta(m, 300).state();
            for (int i = 0; i < 50; i++) {
                assertEquals(x100[i], end[i], 1e-6, "fluid coordinate " + i + " d=" + d);
            }
        }
    }

    @Test
    void c5JbtFixedPoints() {
        double[][] table = { // d, Q, R, z_d, r
            {0, 0.853659, 1, 0, Double.NaN},
            {1, 1.419545, 1.662896, 0.337104, 1.966441},
            {2, 1.884216, 2.207224, 0.557643, 1.371608},
            {3, 2.288619, 2.680954, 0.693048, 1.156770},
        };
        for (double[] row : table) {
            int d = (int) row[0];
            AlbaModel m = blind(new JoinBelowThreshold(d), 0.06);
            AlbaFluid fluid = AlbaFluid.of(m);
            double[] x = AlbaFixedPoint.blindTheta(m, 100).state();
            FluidMetrics metrics = fluid.metrics(x);
            assertEquals(row[1], metrics.jobsPerWarmServer(), 1e-6, "Q JBT-" + d);
            assertEquals(row[2], metrics.responseTime(), 1e-6, "R JBT-" + d);
            assertEquals(row[3], AlbaFixedPoint.zd(LAMBDA, 0.12, d), 1e-6, "z_d JBT-" + d);
            if (d > 0) {
                assertEquals(row[4], AlbaFixedPoint.jbtRatio(LAMBDA, 0.12, d), 1e-6, "r JBT-" + d);
            }
            double[] end = longRun(fluid, figureOneStart(fluid));
            assertTrue(maxAbsDiff(end, x) < 1e-6, "fluid → Theorem 2, JBT-" + d + ": " + maxAbsDiff(end, x));
        }
        AlbaModel exact = blind(new JoinBelowThreshold(1), 0.04);
        double[] x = AlbaFixedPoint.blindTheta(exact, 100).state();
        assertEquals(0.08, x[2], 1e-15);
        assertEquals(2.5, AlbaFixedPoint.jbtRatio(LAMBDA, 0.08, 1), 1e-12);
        assertEquals(12.0 / 7.0, AlbaFluid.of(exact).metrics(x).responseTime(), 1e-12);
    }

    @Test
    void c6AboveThresholdConvergesToXCircOnTheColdBoundary() {
        Object[][] cases = {{new PowerOfD(2), 1.296757, Double.NaN}, {new JoinBelowThreshold(1), 1.162678, 0.438690},
            {new JoinBelowThreshold(2), 1.482353, 0.671362}};
        for (Object[] c : cases) {
            Dispatch dispatch = (Dispatch) c[0];
            AlbaModel m = blind(dispatch, 0.2);
            AlbaFluid fluid = AlbaFluid.of(m);
            double[] x = AlbaFixedPoint.blindTheta(m, 100).state();
            assertEquals(0.0, x[0]);
            assertEquals(0.06, x[1], 1e-12);
            assertEquals(0.24, x[2], 1e-12);
            assertEquals((double) c[1], fluid.metrics(x).jobsPerWarmServer(), 1e-6, dispatch.label());
            if (dispatch instanceof JoinBelowThreshold j) {
                assertEquals((double) c[2], AlbaFixedPoint.zd(LAMBDA, 0.24, j.d()), 1e-6);
            }
            assertTrue(maxAbsDiff(fluid.drift(x), new double[x.length]) < 1e-12, "F(x°) = 0");
            FluidTrajectory tr = fluid.integrate(figureOneStart(fluid), grid(3000, 30),
                    FluidOptions.defaults().withMaxStep(100));
            assertTrue(tr.diagnostics().modeSwitches() >= 1, "the cold pool empties and sticks");
            assertEquals(0.0, tr.finalState()[0], 0.0, "x00 pinned at exactly 0");
            assertTrue(maxAbsDiff(tr.finalState(), x) < 1e-6, "fluid → x° " + maxAbsDiff(tr.finalState(), x));
        }
    }

    @Test
    void c7NoAutoScalingIsClassicPowerOfD() {
        double[] qbar = {Double.NaN, Double.NaN, 1.130118, 0.949790};
        for (int d = 2; d <= 3; d++) {
            AlbaModel m = AlbaModel.alwaysWarm(LAMBDA, new PowerOfD(d), INF);
            AlbaFluid fluid = new AlbaFluid(m, 40);
            double[] end = longRun(fluid, fluid.state(0, 0, 1));
            assertEquals(qbar[d], fluid.metrics(end).jobsPerServer(), 1e-6);
            for (int i = 1; i < 8; i++) {
                double tail = 0;
                for (int k = i; k <= 40; k++) {
                    tail += end[2 + k];
                }
                assertEquals(PowerOfDFixedPoint.tail(LAMBDA, d, i), tail, 1e-8, "y_" + i);
            }
        }
        AlbaModel jiq = AlbaModel.alwaysWarm(LAMBDA, JoinBelowThreshold.jiq(), INF);
        AlbaFluid fluid = new AlbaFluid(jiq, 40);
        double[] end = longRun(fluid, fluid.state(0, 0, 1));
        assertEquals(1.0, fluid.metrics(end).responseTime(), 1e-9);
    }

    @Test
    void c8SuboptimalSetIsFixedWithRuleNone() {
        for (int d = 0; d <= 1; d++) {
            AlbaModel m = blind(new JoinBelowThreshold(d), 0.0);
            AlbaFluid fluid = AlbaFluid.of(m);
            double[] x = AlbaFixedPoint.suboptimal(LAMBDA, d, 0.35, 100).state();
            assertTrue(maxAbsDiff(fluid.drift(x), new double[x.length]) < 1e-12, "F = 0 on S_subopt, d = " + d);
            FluidMetrics metrics = fluid.metrics(x);
            assertEquals(d == 0 ? 2.0 : 3.0, metrics.responseTime(), 1e-12);
            if (d == 0) {
                assertEquals(1.4, metrics.jobsPerServer(), 1e-12);
            }
        }
    }

    static double distanceToXStar(AlbaFluid fluid, double[] x) {
        FluidMetrics m = fluid.metrics(x);
        return Math.abs(x[0] - (1 - LAMBDA)) + Math.abs(m.busy() - LAMBDA) + Math.abs(m.jobsPerServer() - LAMBDA);
    }

    @Test
    void c9TheoremThreeRateIdleAndTabsReachXStar() {
        ScalingRule[] rules = {RateIdleScaling.inverseAlpha(), RateIdleScaling.withGain(10)};
        AlbaModel[] models = {model(JoinBelowThreshold.jiq(), rules[0]), model(JoinBelowThreshold.jiq(), rules[1]),
            new AlbaModel(LAMBDA, JoinBelowThreshold.jiq(), INF, Scaling.onArrival(), BETA, GAMMA)};
        for (AlbaModel m : models) {
            AlbaFluid fluid = AlbaFluid.of(m);
            double[][] starts = {
                fluid.state(0.3, 0, 0.7),
                fluid.state(1, 0),
                fluid.state(0, 0, 1),
                AlbaFixedPoint.suboptimal(LAMBDA, 0, 0.35, 100).state(),
                fluid.state(0.2, 0.1, 0, 0, 0, 0.7),
            };
            for (double[] start : starts) {
                // From "all cold" the first warm servers are a vanishing mass that receives an O(1) overflow: in
                // the fluid their queues climb to infinity at once, so ≈1% of mass reaches any truncation level.
                FluidOptions options = start[0] == 1 ? FluidOptions.defaults().withTruncationTolerance(0.02)
                        : FluidOptions.defaults();
                FluidTrajectory tr = fluid.integrate(start, grid(600, 600), options);
                double hit = Double.NaN;
                for (int i = 0; i < tr.size(); i++) {
                    if (distanceToXStar(fluid, tr.state(i)) < 1e-3) {
                        hit = tr.times()[i];
                        break;
                    }
                }
                // earlier tabulation (docs/alba.md §9): "within 1e-3 by t ≈ 205–285"; ours 198–299 (all-cold start last)
                assertTrue(hit >= 190 && hit <= 300, m.scaling().label() + " from " + start[0] + "," + start[1] + "," + start[2]
                        + ": within 1e-3 of x* at t = " + hit);
                assertTrue(distanceToXStar(fluid, tr.finalState()) < 1e-4, "at t = 600: "
                        + distanceToXStar(fluid, tr.finalState()));
                assertTrue(tr.diagnostics().maxMassError() <= 1e-9);
                assertTrue(tr.diagnostics().minCoordinate() >= -1e-10,
                        "non-negativity " + tr.diagnostics().minCoordinate());
            }
        }
        AlbaFluid blind = AlbaFluid.of(blind(JoinBelowThreshold.jiq(), 0.06));
        double[] end = longRun(blind, figureOneStart(blind));
        assertEquals(0.15, end[0], 1e-6, "JIQ + Blind-0.06 stops at docs/alba.md §10.3");
    }

    @Test
    void c10ConvergenceFromBelow() {
        AlbaModel slow = model(JoinBelowThreshold.jiq(), new CapacityBelowDemand(0.25));
        AlbaFluid fluid = new AlbaFluid(slow, 300); // K = 200 leaves 1e-7 at level K (the truncation check says so)
        FluidTrajectory tr = fluid.integrate(fluid.state(0.5, 0, 0, 0.5), grid(3000, 3000));
        double maxIdle = 0;
        double maxWarm = 0;
        for (int i = 0; i < tr.size(); i++) {
            maxIdle = Math.max(maxIdle, tr.value("idle", i));
            maxWarm = Math.max(maxWarm, tr.value("warm", i));
        }
        assertEquals(0.0, maxIdle, 1e-9, "x02 stays 0");
        assertTrue(maxWarm <= LAMBDA + 1e-9, "y0 ≤ λ: " + maxWarm);
        assertEquals(16.5, tr.value("meanJobs", tr.size() - 1), 0.05);

        AlbaModel fast = model(JoinBelowThreshold.jiq(), new CapacityBelowDemand(2));
        AlbaFluid fastFluid = new AlbaFluid(fast, 100);
        FluidTrajectory fastTr = fastFluid.integrate(fastFluid.state(0.5, 0, 0, 0.5), grid(400, 4000));
        double peak = 0;
        for (int i = 0; i < fastTr.size(); i++) {
            peak = Math.max(peak, fastTr.value("warm", i));
        }
        assertEquals(0.759, peak, 1e-3);
        // earlier tabulation (docs/alba.md §9): "Q̄ → ≈ 0.704 (close to λ)"; the exact sliding fluid drains every queue to one job: Q̄ → λ
        assertEquals(LAMBDA, fastTr.value("meanJobs", fastTr.size() - 1), 1e-4);
    }

    @Test
    void c12ThetaSweep() {
        double[][] table = { // θ, E, R Power-of-2, R JBT-1
            {0.001, 0.7025, 7.167, 1.948}, {0.01, 0.725, 4.097, 1.845}, {0.02, 0.75, 3.292, 1.788},
            {0.04, 0.80, 2.588, 1.714}, {0.06, 0.85, 2.234, 1.663}, {0.08, 0.90, 2.011, 1.623},
            {0.10, 0.95, 1.856, 1.590}, {0.12, 1.00, 1.741, 1.561},
        };
        double previousE = 0;
        double previousR = Double.POSITIVE_INFINITY;
        for (double[] row : table) {
            AlbaModel p2 = blind(new PowerOfD(2), row[0]);
            AlbaModel j1 = blind(new JoinBelowThreshold(1), row[0]);
            AlbaModel jiq = blind(JoinBelowThreshold.jiq(), row[0]);
            FluidMetrics mp = AlbaFluid.of(p2).metrics(AlbaFixedPoint.blindTheta(p2, 100).state());
            FluidMetrics mj = AlbaFluid.of(j1).metrics(AlbaFixedPoint.blindTheta(j1, 100).state());
            FluidMetrics mi = AlbaFluid.of(jiq).metrics(AlbaFixedPoint.blindTheta(jiq, 100).state());
            assertEquals(row[1], mp.energy(), 1e-12);
            assertEquals(row[2], mp.responseTime(), 5e-4, "R Power-of-2 θ=" + row[0]);
            assertEquals(row[3], mj.responseTime(), 5e-4, "R JBT-1 θ=" + row[0]);
            assertEquals(1.0, mi.responseTime(), 1e-12);
            assertTrue(mp.energy() > previousE && mp.responseTime() < previousR);
            previousE = mp.energy();
            previousR = mp.responseTime();
        }
    }

    @Test
    void c15Limits() {
        AlbaModel tiny = blind(new PowerOfD(2), 1e-7);
        assertTrue(AlbaFluid.of(tiny).metrics(AlbaFixedPoint.blindTheta(tiny, 100).state()).responseTime() > 20);
        AlbaModel tinyJiq = blind(JoinBelowThreshold.jiq(), 1e-7);
        FluidMetrics jiq = AlbaFluid.of(tinyJiq).metrics(AlbaFixedPoint.blindTheta(tinyJiq, 100).state());
        assertEquals(1.0, jiq.responseTime(), 1e-12);
        assertEquals(LAMBDA, jiq.energy(), 1e-6);
        AlbaModel fastExpiry = new AlbaModel(LAMBDA, new PowerOfD(2), INF, Scaling.asynchronous(new BlindTheta(0.06),
                ALPHA), BETA, 1e6);
        assertTrue(AlbaFixedPoint.blindTheta(fastExpiry, 100).idle() < 1e-8);
        AlbaModel fastInit = new AlbaModel(LAMBDA, new PowerOfD(2), INF, Scaling.asynchronous(new BlindTheta(0.06),
                ALPHA), 1e6, GAMMA);
        assertTrue(AlbaFixedPoint.blindTheta(fastInit, 100).setup() < 1e-8);
        // finite B: losses λ f_B > 0
        AlbaModel finite = new AlbaModel(LAMBDA, new PowerOfD(2), 3, Scaling.asynchronous(new BlindTheta(0.06),
                ALPHA), BETA, GAMMA);
        AlbaFluid finiteFluid = AlbaFluid.of(finite);
        double[] x = finiteFluid.state(0.15, 0.03, 0.12, 0.3, 0.2, 0.2);
        double y0 = 0.82;
        double fB = Math.pow(0.2 / y0, 2);
        assertEquals(LAMBDA * fB, finiteFluid.metrics(x).lossRate(), 1e-15);
        assertTrue(finiteFluid.metrics(x).lossRate() > 0);
        // y0 = 0 with βx01 < λ
        for (Dispatch dispatch : new Dispatch[] {new PowerOfD(2), JoinBelowThreshold.jiq()}) {
            AlbaFluid f = AlbaFluid.of(blind(dispatch, 0.06));
            double[] empty = f.state(0.5, 0.5);
            double[] dx = f.drift(empty);
            assertEquals(0.0, dx[2], 0.0);
            assertEquals(BETA * 0.5, dx[3], 1e-15);
            assertEquals(LAMBDA - BETA * 0.5, f.metrics(empty).lossRate(), 1e-15);
        }
    }

    @Test
    void driftConservesMassEverywhere() {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(4L);
        Dispatch[] dispatches = {new PowerOfD(1), new PowerOfD(2), JoinBelowThreshold.jiq(), new JoinBelowThreshold(2)};
        for (Dispatch dispatch : dispatches) {
            AlbaFluid fluid = new AlbaFluid(model(dispatch, RateIdleScaling.standard()), 20);
            for (int trial = 0; trial < 200; trial++) {
                double[] x = new double[fluid.dimension()];
                double sum = 0;
                for (int i = 0; i < x.length; i++) {
                    x[i] = rng.nextDouble() < 0.3 ? 0.0 : rng.nextDouble();
                    sum += x[i];
                }
                for (int i = 0; i < x.length; i++) {
                    x[i] /= sum;
                }
                double total = 0;
                for (double v : fluid.drift(x)) {
                    total += v;
                }
                assertEquals(0.0, total, 1e-14, dispatch.label());
            }
        }
    }

    @Test
    void stiffJbtPoolExitConvergesToTheoremTwo() {
        // Formerly a known failure: a JBT-d pool (d ≥ 1) re-forming from the empty boundary has internal rates λ/s
        // (s its mass) and the explicit solver went negative. The AUTO integrator runs ROS34PW2 there.
        for (int d = 1; d <= 3; d++) {
            AlbaModel m = blind(new JoinBelowThreshold(d), 0.06);
            AlbaFluid fluid = AlbaFluid.of(m);
            FluidTrajectory tr = fluid.integrate(AlbaFixedPoint.suboptimal(LAMBDA, d, 0.35, 100).state(), grid(3000, 30),
                    FluidOptions.defaults().withMaxStep(100));
            double gap = maxAbsDiff(tr.finalState(), AlbaFixedPoint.blindTheta(m, 100).state());
            assertTrue(gap < 1e-6, "JBT-" + d + " Blind-0.06 from S_subopt → Theorem 2: " + gap);
            assertTrue(tr.diagnostics().maxMassError() <= 1e-9, "conservation " + tr.diagnostics().maxMassError());
            assertTrue(tr.diagnostics().minCoordinate() >= -1e-10,
                    "non-negativity " + tr.diagnostics().minCoordinate());
            assertTrue(tr.diagnostics().jacobianEvaluations() > 0, "the implicit integrator ran");
            assertTrue(tr.diagnostics().driftEvaluations() < 300_000,
                    "evaluations " + tr.diagnostics().driftEvaluations());
        }
        // the explicit solver alone fails loudly there within a budget AUTO does not need (since the pool is formed
        // in its quasi-stationary profile it no longer goes negative, but it needs 1.2·10⁶ evaluations to t = 40,
        // AUTO 3·10⁴; measured 2026-12-01, the two agreeing to 4·10⁻¹²)
        AlbaModel m = blind(new JoinBelowThreshold(1), 0.06);
        AlbaFluid fluid = AlbaFluid.of(m);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> fluid.integrate(
                AlbaFixedPoint.suboptimal(LAMBDA, 1, 0.35, 100).state(), grid(40, 40),
                FluidOptions.defaults().withIntegrator(FluidOptions.Integrator.EXPLICIT).withMaxEvaluations(200_000)));
        assertTrue(e.getMessage().contains("stability") || e.getMessage().contains("tolerance"),
                e.getMessage());
    }

    @Test
    void badInput() {
        AlbaFluid fluid = AlbaFluid.of(blind(new PowerOfD(2), 0.06));
        assertThrows(IllegalArgumentException.class, () -> fluid.state(0.3, 0, 0.6));
        assertThrows(IllegalArgumentException.class, () -> fluid.state(0.3, -0.1, 0.8));
        assertThrows(IllegalArgumentException.class, () -> fluid.integrate(new double[3], new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> fluid.integrate(fluid.state(0.3, 0, 0.7),
                new double[] {2, 1}));
        assertThrows(IllegalArgumentException.class, () -> fluid.integrate(fluid.state(0.3, 0, 0.7),
                new double[] {0}));
        assertThrows(IllegalArgumentException.class, () -> new AlbaModel(1.0, new PowerOfD(2), INF,
                Scaling.asynchronous(new BlindTheta(0.06), ALPHA), BETA, GAMMA));
        assertThrows(IllegalArgumentException.class, () -> new AlbaModel(LAMBDA, new PowerOfD(2), INF,
                Scaling.asynchronous(new BlindTheta(0.06), ALPHA), -1, GAMMA));
        assertThrows(IllegalArgumentException.class, () -> AlbaFixedPoint.thetaCritical(1.2, ALPHA, BETA, GAMMA));
        AlbaFluid small = new AlbaFluid(blind(new PowerOfD(1), 0.06), 5);
        TruncationTooSmallException e = assertThrows(TruncationTooSmallException.class,
                () -> small.integrate(small.state(0.3, 0, 0.7), new double[] {100}));
        assertTrue(e.getMessage().contains("truncation K = 5"), e.getMessage());
        IllegalStateException budget = assertThrows(IllegalStateException.class, () -> fluid.integrate(
                fluid.state(0.3, 0, 0.7), new double[] {700}, new FluidOptions(1e-12, 1e-12, 1e-7, 200, 1.0)),
                "an integration that cannot meet its tolerance within budget fails loudly");
        assertTrue(budget.getMessage().contains("could not meet its tolerance"), budget.getMessage());
        AlbaFluid badRule = AlbaFluid.of(model(new PowerOfD(2), x -> 2.0));
        IllegalArgumentException rule = assertThrows(IllegalArgumentException.class,
                () -> badRule.integrate(badRule.state(0.3, 0, 0.7), new double[] {1}), "as the CTMC refuses it");
        assertTrue(rule.getMessage().startsWith("g(x) = 2.0 from scaling rule"), rule.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FluidOptions(1e-10, 1e-9, 1e-7, 10, 1.0));
    }
}
