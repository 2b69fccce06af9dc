package org.queuelab.meanfield.ode;

import org.queuelab.guard.Cancellation;

import java.util.Arrays;
import java.util.List;

import org.hipparchus.analysis.solvers.AllowedSolution;
import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;

/**
 * An adaptive, L-stable, linearly implicit integrator for stiff autonomous systems ẋ = f(x): the four-stage
 * Rosenbrock–W method ROS34PW2 of Rang &amp; Angermann (BIT 45, 2005), order 3 with an embedded order-2 solution for
 * step control. Hipparchus has no implicit ODE solver; the iteration matrix is factored by {@link DenseLu}.
 *
 * <p>Step (Hairer's form): with W = I − γhJ, for i = 1..4,
 * W k_i = h f(x + Σ_{j&lt;i} a_{ij} k_j) + hJ Σ_{j&lt;i} γ_{ij} k_j; x₁ = x + Σ b_i k_i, error Σ (b_i − b̂_i) k_i.
 * Why this method: L-stable and stiffly accurate (b = last row of (a + γ)), so a fast mode with rate λ/s ≫ 1/h is
 * damped in one step rather than oscillating (the failure of the explicit solver on JBT-d pools); and being a
 * W-method its order holds for any matrix J, so a finite-difference Jacobian costs no accuracy, and the columns
 * a drift declares slow ({@link Drift#fastColumns}) are refreshed only every {@link #JACOBIAN_MAX_AGE} steps
 * (and after a rejection) while its fast columns are refreshed at every step. Measured on TABS-1 (2026-11-30):
 * reusing the whole Jacobian over 8 steps let the stiff pool undershoot 0 by 4·10⁻⁹ at abs 10⁻¹⁰ (its rates λ/s
 * change by orders of magnitude within a few steps), while refreshing its d + 1 pool columns at every step keeps
 * the undershoot at 10⁻¹¹ and cuts the drift evaluations five-fold. Each stage keeps
 * Σ k_i = 0 when f and every column of J sum to zero (the Jacobian's columns are corrected to exactly that), so a
 * conservative system stays conservative to round-off.
 *
 * <p>Events: a switching function g fires when it decreases through 0 over an accepted step (also sampled on the
 * cubic Hermite interpolant at most {@link #CHECK_INTERVAL} apart inside long steps); the crossing is then located
 * by Brent's method on the step length τ ↦ g(x + step(τ)), using the step's Jacobian, and the integration stops
 * there, on the far side of the root (g ≤ 0), as Hipparchus' detectors with {@code Action.STOP} do.
 *
 * <p>Each segment starts from its own step-size estimate: a step carried over from the previous segment belongs to
 * unrelated dynamics (a JBT-1 pool re-forming from the empty boundary once started with the 2·10⁻⁸ step of another
 * segment and went negative within two steps).
 */
final class RosenbrockW extends AdaptiveIntegrator {

    static final double GAMMA = 0.43586652150845900;
    private static final double[][] A = {
        {},
        {0.87173304301691801},
        {0.84457060015369423, -0.11299064236397981},
        {0.0, 0.0, 1.0},
    };
    private static final double[][] G = {
        {},
        {-0.87173304301691801},
        {-0.90338057013044082, 0.054180672388095326},
        {0.24212380706095346, -1.2232505839045147, 0.54526025533510214},
    };
    private static final double[] B = {0.24212380706095346, -1.2232505839045147, 1.5452602553351023,
        0.43586652150845900};
    private static final double[] BHAT = {0.37810903145819369, -0.096042292212423178, 0.5, 0.21793326075422950};

    /** Accepted steps between two full Jacobians when the problem names its fast columns. */
    static final int JACOBIAN_MAX_AGE = 8;
    /** Largest time between two checks of the switching functions inside one step. */
    static final double CHECK_INTERVAL = 1.0;
    private static final double SAFETY = 0.9;
    private static final double MIN_FACTOR = 0.2;
    private static final double MAX_FACTOR = 5.0;

    private final BracketingNthOrderBrentSolver rootSolver = new BracketingNthOrderBrentSolver(1e-14, 1e-12, 1e-18, 5);

    private long evaluations;
    private long jacobians;
    private long partialJacobians;
    private long steps;
    private long rejections;

    RosenbrockW(double absoluteTolerance, double relativeTolerance, double maxStep) {
        super(absoluteTolerance, relativeTolerance, maxStep);
    }

    @Override
    public String name() {
        return "Rosenbrock–W ROS34PW2";
    }

    /** Drift evaluations so far, those spent on finite-difference Jacobians included. */
    long evaluations() {
        return evaluations;
    }

    /** Jacobians formed so far (each costs {@code dimension} drift evaluations). */
    long jacobians() {
        return jacobians;
    }

    /** Refreshes of the fast columns only (each costs one drift evaluation per fast column). */
    long partialJacobians() {
        return partialJacobians;
    }

    long steps() {
        return steps;
    }

    long rejections() {
        return rejections;
    }

    /**
     * The dense n × n Jacobian and iteration matrix need about 3n² doubles: refused before any work when they would
     * not fit in the heap.
     */
    static void requireMemory(int n) {
        long bytes = 3L * n * n * Double.BYTES;
        long heap = Runtime.getRuntime().maxMemory();
        if (bytes > heap / 2) {
            throw new IllegalArgumentException("dimension = " + n + ": the implicit method's dense Jacobian needs "
                    + (bytes >> 20) + " MiB, more than half the heap (" + (heap >> 20) + " MiB); allowed: 3n²·8 B ≤ "
                    + "heap/2 — use the EXPLICIT integrator, a smaller truncation, or a larger -Xmx");
        }
    }

    /**
     * Integrates from (t0, x0) towards tEnd; step ends land exactly on the handler's landing times inside
     * (t0, tEnd]. Stops early at the first decreasing zero crossing of a watched function.
     *
     * @throws IllegalStateException when the step size underflows
     */
    @Override
    public Segment integrate(Drift drift, double t0, double[] x0, double tEnd, List<Boundary> watched,
                             StepHandler handler) {
        final int n = drift.dimension();
        requireMemory(n);
        Stepper stepper = new Stepper(drift, x0, watched);
        double t = t0;
        double h = initialStep(stepper.x, stepper.fx, tEnd - t0);
        long polls = 0;
        while (t < tEnd) {
            Cancellation.poll(++polls, Cancellation.STEPS_MASK, () -> "Rosenbrock integration");
            double target = Math.min(handler.nextLanding(t), tEnd);
            h = Math.min(Math.min(h, maxStep), target - t);
            boolean landsOnTarget = t + h >= target * (1 - 1e-15) || target - t - h <= 1e-12 * Math.max(1, t);
            if (landsOnTarget) {
                h = target - t;
            }
            stepper.refreshJacobian();
            double error = stepper.stage.step(drift, stepper.x, stepper.fx, h, stepper.jacobian);
            if (!(error <= 1.0)) {
                rejections++;
                stepper.rejected();
                double factor = Double.isFinite(error)
                        ? Math.max(MIN_FACTOR, SAFETY * Math.pow(error, -1.0 / 3)) : MIN_FACTOR;
                h *= Math.min(factor, 0.9);
                requireProgress(t, h);
                continue;
            }
            double[] xNew = stepper.stage.result.clone();
            Subnormals.flush(xNew);
            double[] fNew = new double[n];
            eval(drift, xNew, fNew);
            double firstInterior = stepper.firstInteriorCrossing(xNew, fNew, h);
            if (firstInterior < h) {
                h = firstInterior; // a crossing and recrossing inside the step: shorten it to end past the first
                continue;
            }
            int fired = stepper.firstFiring(xNew, h);
            if (fired >= 0) {
                steps++;
                return new Segment(t + stepper.tauStar, stepper.stage.result.clone(), fired);
            }
            steps++;
            double start = t;
            t = landsOnTarget ? target : t + h;
            stepper.accept(xNew, fNew, h);
            handler.step(start, t, stepper.dense(start, t));
            double factor = error == 0 ? MAX_FACTOR
                    : Math.min(MAX_FACTOR, Math.max(MIN_FACTOR, SAFETY * Math.pow(error, -1.0 / 3)));
            h *= factor;
        }
        return new Segment(t, stepper.x.clone(), -1);
    }

    /** The state of one segment: current point, its Jacobian and its switching values. */
    private final class Stepper {
        final Drift drift;
        final int n;
        final double[] x;
        final double[] fx;
        final double[] previousX;
        final double[] previousF;
        final double[][] jacobian;
        final List<Boundary> watched;
        final double[] gPrevious;
        final Stage stage;
        boolean jacobianCurrent;
        int jacobianAge; // accepted steps since the last full Jacobian
        double lastStep;
        double tauStar;

        Stepper(Drift drift, double[] x0, List<Boundary> watched) {
            this.drift = drift;
            this.n = drift.dimension();
            this.x = x0.clone();
            this.fx = new double[n];
            eval(drift, x, fx);
            this.previousX = new double[n];
            this.previousF = new double[n];
            this.jacobian = new double[n][n];
            this.watched = watched;
            this.gPrevious = new double[watched.size()];
            for (int e = 0; e < gPrevious.length; e++) {
                gPrevious[e] = watched.get(e).g(x);
            }
            this.stage = new Stage(n);
        }

        void refreshJacobian() {
            if (jacobianCurrent) {
                return;
            }
            int[] fast = drift.fastColumns(x);
            if (fast == null || jacobianAge == 0 || jacobianAge >= JACOBIAN_MAX_AGE) {
                jacobian(drift, x, fx, jacobian, null);
                jacobianAge = 0;
            } else {
                jacobian(drift, x, fx, jacobian, fast);
            }
            jacobianCurrent = true;
        }

        void rejected() {
            if (jacobianAge > 0) {
                jacobianAge = 0; // refresh the whole Jacobian before shrinking further
                jacobianCurrent = false;
            }
        }

        /** Watched functions sampled on the Hermite interpolant at most CHECK_INTERVAL apart inside the step. */
        double firstInteriorCrossing(double[] xNew, double[] fNew, double h) {
            double first = h;
            for (int e = 0; e < gPrevious.length; e++) {
                double gEnd = watched.get(e).g(xNew);
                int samples = (int) Math.ceil(h / CHECK_INTERVAL);
                for (int s = 1; s < samples && gEnd > 0; s++) {
                    double tau = h * s / samples;
                    if (gPrevious[e] > 0 && watched.get(e).g(hermite(x, fx, xNew, fNew, h, tau)) <= 0) {
                        first = Math.min(first, tau);
                    }
                }
            }
            return first;
        }

        /** The earliest function crossing 0 downwards over the step, located by Brent (into tauStar), or −1. */
        int firstFiring(double[] xNew, double h) {
            int first = -1;
            tauStar = h;
            for (int e = 0; e < gPrevious.length; e++) {
                if (gPrevious[e] > 0 && watched.get(e).g(xNew) <= 0) {
                    double tau = locate(drift, watched.get(e), x, fx, jacobian, h, stage);
                    if (first < 0 || tau < tauStar) {
                        tauStar = tau;
                        first = e;
                    }
                }
            }
            if (first >= 0) {
                stage.step(drift, x, fx, tauStar, jacobian);
            }
            return first;
        }

        void accept(double[] xNew, double[] fNew, double h) {
            System.arraycopy(x, 0, previousX, 0, n);
            System.arraycopy(fx, 0, previousF, 0, n);
            System.arraycopy(xNew, 0, x, 0, n);
            System.arraycopy(fNew, 0, fx, 0, n);
            for (int e = 0; e < gPrevious.length; e++) {
                gPrevious[e] = watched.get(e).g(x);
            }
            lastStep = h;
            jacobianCurrent = false;
            jacobianAge++;
        }

        /** The cubic Hermite interpolant of the last accepted step (exact at its ends), valid until the next step. */
        StepHandler.DenseOutput dense(double start, double end) {
            double h = lastStep;
            return new StepHandler.DenseOutput() {
                @Override
                public double[] stateAt(double t) {
                    if (t >= end) {
                        return x.clone();
                    }
                    return hermite(previousX, previousF, x, fx, h, (t - start) / (end - start) * h);
                }

                @Override
                public double[] endState() {
                    return x.clone();
                }
            };
        }
    }

    private double locate(Drift drift, Boundary sw, double[] x, double[] fx, double[][] jacobian, double h,
                          Stage stage) {
        stage.step(drift, x, fx, h, jacobian);
        if (sw.g(stage.result) > 0) {
            return h; // the re-computed step end agrees to round-off only; the crossing is at its end
        }
        return rootSolver.solve(200, tau -> {
            if (tau <= 0) {
                return sw.g(x);
            }
            stage.step(drift, x, fx, tau, jacobian);
            return sw.g(stage.result);
        }, 0, h, AllowedSolution.RIGHT_SIDE);
    }

    private static double[] hermite(double[] x0, double[] f0, double[] x1, double[] f1, double h, double tau) {
        double s = tau / h;
        double h00 = (1 + 2 * s) * (1 - s) * (1 - s);
        double h10 = s * (1 - s) * (1 - s);
        double h01 = s * s * (3 - 2 * s);
        double h11 = s * s * (s - 1);
        double[] out = new double[x0.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = h00 * x0[i] + h10 * h * f0[i] + h01 * x1[i] + h11 * h * f1[i];
        }
        return out;
    }

    private void requireProgress(double t, double h) {
        if (!(h > 1e-14 * Math.max(1, Math.abs(t)))) {
            throw new FluidSolver.IntegrationFailure("Rosenbrock step size underflow (h = " + h + ") at t = " + t);
        }
    }

    private double initialStep(double[] x, double[] fx, double span) {
        double d0 = 0;
        double d1 = 0;
        for (int i = 0; i < x.length; i++) {
            double sc = absoluteTolerance + relativeTolerance * Math.abs(x[i]);
            d0 += (x[i] / sc) * (x[i] / sc);
            d1 += (fx[i] / sc) * (fx[i] / sc);
        }
        double h = d0 > 1e-10 && d1 > 0 ? 0.01 * Math.sqrt(d0 / d1) : 1e-6;
        return Math.min(Math.min(h, maxStep), span);
    }

    private void eval(Drift drift, double[] x, double[] dx) {
        evaluations++;
        drift.derivatives(x, dx);
        for (double v : dx) {
            if (!Double.isFinite(v)) {
                throw new FluidSolver.IntegrationFailure("Rosenbrock integrator: non-finite drift " + v);
            }
        }
    }

    /**
     * Forward-difference Jacobian; each column is then corrected on its largest entry so that it sums to exactly
     * the column sum of the true Jacobian of a conservative system, 0, when f sums to 0 at x (see class comment).
     */
    private void jacobian(Drift problem, double[] x, double[] fx, double[][] jac, int[] columns) {
        if (columns == null) {
            jacobians++;
        } else {
            partialJacobians++;
        }
        int n = x.length;
        double[] shifted = x.clone();
        double[] f1 = new double[n];
        double fSum = 0;
        for (double v : fx) {
            fSum += Math.abs(v);
        }
        double total = 0;
        for (double v : fx) {
            total += v;
        }
        boolean conservative = Math.abs(total) <= 1e-13 * Math.max(1, fSum);
        for (int c = 0; c < (columns == null ? n : columns.length); c++) {
            int j = columns == null ? c : columns[c];
            double delta = problem.jacobianIncrement(x, j);
            shifted[j] = x[j] + delta;
            delta = shifted[j] - x[j];
            eval(problem, shifted, f1);
            shifted[j] = x[j];
            double sum = 0;
            int largest = 0;
            for (int i = 0; i < n; i++) {
                jac[i][j] = (f1[i] - fx[i]) / delta;
                sum += jac[i][j];
                if (Math.abs(jac[i][j]) > Math.abs(jac[largest][j])) {
                    largest = i;
                }
            }
            if (conservative) {
                jac[largest][j] -= sum;
            }
        }
    }

    /** Stage vectors and the LU of W for one step; reused. */
    private final class Stage {
        final int n;
        final double[][] k;
        final double[] point;
        final double[] f;
        final double[] coupling;
        final double[] rhs;
        final double[] result;
        final double[] errorVector;
        final DenseLu lu;

        Stage(int n) {
            this.n = n;
            lu = new DenseLu(n);
            k = new double[4][n];
            point = new double[n];
            f = new double[n];
            coupling = new double[n];
            rhs = new double[n];
            result = new double[n];
            errorVector = new double[n];
        }

        /** One ROS34PW2 step of length h from x (f(x) = fx); returns the scaled max-norm error estimate. */
        double step(Drift problem, double[] x, double[] fx, double h, double[][] jac) {
            double[][] w = lu.matrix();
            double scale = GAMMA * h;
            for (int i = 0; i < n; i++) {
                double[] wRow = w[i];
                double[] jRow = jac[i];
                for (int j = 0; j < n; j++) {
                    wRow[j] = -scale * jRow[j];
                }
                wRow[i] += 1.0;
            }
            if (!lu.factor()) {
                return Double.POSITIVE_INFINITY;
            }
            for (int s = 0; s < 4; s++) {
                double[] fs;
                if (s == 0) {
                    fs = fx;
                } else {
                    System.arraycopy(x, 0, point, 0, n);
                    Arrays.fill(coupling, 0.0);
                    for (int j = 0; j < s; j++) {
                        double a = A[s][j];
                        double g = G[s][j];
                        for (int i = 0; i < n; i++) {
                            point[i] += a * k[j][i];
                            coupling[i] += g * k[j][i];
                        }
                    }
                    eval(problem, point, f);
                    fs = f;
                }
                for (int i = 0; i < n; i++) {
                    double jc = 0;
                    if (s > 0) {
                        double[] row = jac[i];
                        for (int j = 0; j < n; j++) {
                            jc += row[j] * coupling[j];
                        }
                    }
                    rhs[i] = h * (fs[i] + jc);
                }
                lu.solve(rhs, k[s]);
            }
            double worst = 0;
            for (int i = 0; i < n; i++) {
                double next = x[i];
                double err = 0;
                for (int s = 0; s < 4; s++) {
                    next += B[s] * k[s][i];
                    err += (B[s] - BHAT[s]) * k[s][i];
                }
                result[i] = next;
                errorVector[i] = err;
                double sc = absoluteTolerance + relativeTolerance * Math.max(Math.abs(x[i]), Math.abs(next));
                worst = Math.max(worst, Math.abs(err) / sc);
            }
            // max norm, not RMS: with ~100 coordinates an RMS test would let one coordinate near 0 (a pool level)
            // carry 10 times the tolerance, and undershoot 0 by that much
            double norm = worst;
            return Double.isFinite(norm) ? norm : Double.POSITIVE_INFINITY;
        }
    }
}
