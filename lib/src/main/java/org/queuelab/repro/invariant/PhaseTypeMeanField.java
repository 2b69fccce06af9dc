package org.queuelab.repro.invariant;

import java.util.Arrays;
import java.util.Objects;

import org.queuelab.dist.Erlang;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.HyperExponential;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.guard.Require;

/**
 * The invariant state of SQ(d) with phase-type service computed from the classical mean-field ODE of the Markov chain
 * (queue length and service phase per server), a method that shares nothing with the measure-valued recursion of
 * {@code org.queuelab.invariant}: no ages, no quadrature, no fixed-point maps (docs/invariant-states.md §4, "an
 * independent method"). For Erlang-k and hyperexponential service of mean 1 its equilibrium must equal the invariant
 * state s*_ℓ of Theorem 3.3.
 *
 * <p>State: y[n][p], the fraction of servers with n ≥ 1 jobs whose job in service is in phase p; s_n = Σ_{m≥n,p}
 * y[m][p]. A job joins a queue of length exactly n at rate λ(s_n^d − s_{n+1}^d) (SQ(d), ties uniform), spread over the
 * phases of those queues in proportion to y[n][p]; a job joining an idle server starts in phase p with probability
 * α_p; phases move by the sub-generator T and a completion (exit rate t0_p) starts the next job in phase q with
 * probability α_q. Queues are truncated at {@code maxQueue} (arrivals there are lost; choose it so that s at the top
 * is negligible). The equilibrium is reached by classical Runge–Kutta steps until the largest derivative is below
 * 1e-13 (the fixed points of the RK4 map are exactly the ODE's equilibria).
 */
public final class PhaseTypeMeanField {

    private static final double STEP = 0.01;
    private static final double STATIONARY = 1e-13;
    private static final double MAX_TIME = 20_000;

    private final double[] alpha;
    private final double[][] generator;
    private final double[] exit;

    private PhaseTypeMeanField(double[] alpha, double[][] generator) {
        this.alpha = alpha;
        this.generator = generator;
        this.exit = new double[alpha.length];
        for (int p = 0; p < alpha.length; p++) {
            double row = 0;
            for (double v : generator[p]) {
                row += v;
            }
            exit[p] = -row;
        }
    }

    /**
     * The phase-type representation of an exponential, Erlang or hyperexponential law.
     *
     * @param law an exponential, Erlang or hyperexponential service law
     * @return the law's phase-type mean field
     * @throws IllegalArgumentException for any other law (it has no finite phase-type form here)
     */
    public static PhaseTypeMeanField of(ServiceDistribution law) {
        Objects.requireNonNull(law, "law");
        if (law instanceof Exponential e) {
            return new PhaseTypeMeanField(new double[] {1}, new double[][] {{-1 / e.mean()}});
        }
        if (law instanceof Erlang e) {
            int k = e.phases();
            double[][] t = new double[k][k];
            for (int p = 0; p < k; p++) {
                t[p][p] = -e.rate();
                if (p + 1 < k) {
                    t[p][p + 1] = e.rate();
                }
            }
            double[] a = new double[k];
            a[0] = 1;
            return new PhaseTypeMeanField(a, t);
        }
        if (law instanceof HyperExponential h) {
            double[] r = h.rates();
            double[][] t = new double[r.length][r.length];
            for (int p = 0; p < r.length; p++) {
                t[p][p] = -r[p];
            }
            return new PhaseTypeMeanField(h.probabilities(), t);
        }
        throw new IllegalArgumentException("law is " + law.label()
                + "; allowed: an exponential, Erlang or hyperexponential law (a finite phase-type form)");
    }

    /**
     * The equilibrium tail s_1 .. s_maxQueue (index 0 holds s_0 = 1) of the mean-field ODE, started empty.
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d queues sampled per arrival, ≥ 1
     * @param maxQueue the truncation of the queue, ≥ 2
     * @return s_0 .. s_maxQueue, s_ℓ the fraction of servers with at least ℓ jobs
     * @throws IllegalArgumentException on λ ∉ (0, 1), d &lt; 1 or maxQueue &lt; 2
     * @throws IllegalStateException    if the derivative is not below 1e-13 by t = 20 000
     */
    public double[] equilibriumTail(double lambda, int d, int maxQueue) {
        Require.openUnit("lambda", lambda);
        Require.atLeast("d", d, 1);
        Require.atLeast("maxQueue", maxQueue, 2);
        int k = alpha.length;
        double[] y = new double[(maxQueue + 1) * k];   // y[n*k + p], n = 0 unused
        double[] k1 = new double[y.length], k2 = new double[y.length], k3 = new double[y.length],
                k4 = new double[y.length], tmp = new double[y.length];
        for (double t = 0; t < MAX_TIME; t += STEP) {
            drift(y, lambda, d, maxQueue, k1);
            if (t > 10 && maxAbs(k1) < STATIONARY) {
                return tail(y, maxQueue);
            }
            axpy(y, k1, STEP / 2, tmp);
            drift(tmp, lambda, d, maxQueue, k2);
            axpy(y, k2, STEP / 2, tmp);
            drift(tmp, lambda, d, maxQueue, k3);
            axpy(y, k3, STEP, tmp);
            drift(tmp, lambda, d, maxQueue, k4);
            for (int i = 0; i < y.length; i++) {
                y[i] += STEP / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            }
        }
        throw new IllegalStateException("the mean-field ODE did not settle by t = " + MAX_TIME
                + " (largest derivative above " + STATIONARY + ")");
    }

    private double[] tail(double[] y, int maxQueue) {
        int k = alpha.length;
        double[] s = new double[maxQueue + 2];
        for (int n = maxQueue; n >= 1; n--) {
            double level = 0;
            for (int p = 0; p < k; p++) {
                level += y[n * k + p];
            }
            s[n] = s[n + 1] + level;
        }
        s[0] = 1;
        return Arrays.copyOf(s, maxQueue + 1);
    }

    /** dy/dt of the mean-field ODE (class comment). */
    private void drift(double[] y, double lambda, int d, int maxQueue, double[] out) {
        int k = alpha.length;
        double[] s = tail(y, maxQueue);
        Arrays.fill(out, 0);
        for (int n = 0; n < maxQueue; n++) {   // arrivals to queues of length exactly n (none beyond the top)
            double rate = lambda * (Math.pow(s[n], d) - Math.pow(s[n + 1], d));
            if (n == 0) {
                for (int p = 0; p < k; p++) {
                    out[k + p] += rate * alpha[p];
                }
                continue;
            }
            double exactly = s[n] - s[n + 1];
            if (exactly <= 0) {
                continue;
            }
            for (int p = 0; p < k; p++) {
                double flow = rate * y[n * k + p] / exactly;
                out[n * k + p] -= flow;
                out[(n + 1) * k + p] += flow;
            }
        }
        for (int n = 1; n <= maxQueue; n++) {   // phase moves and completions
            for (int p = 0; p < k; p++) {
                double mass = y[n * k + p];
                for (int q = 0; q < k; q++) {
                    out[n * k + q] += mass * generator[p][q];
                }
                if (n >= 2) {
                    for (int q = 0; q < k; q++) {
                        out[(n - 1) * k + q] += mass * exit[p] * alpha[q];
                    }
                }
            }
        }
    }

    private static void axpy(double[] y, double[] dy, double h, double[] out) {
        for (int i = 0; i < y.length; i++) {
            out[i] = y[i] + h * dy[i];
        }
    }

    private static double maxAbs(double[] v) {
        double m = 0;
        for (double x : v) {
            m = Math.max(m, Math.abs(x));
        }
        return m;
    }
}
