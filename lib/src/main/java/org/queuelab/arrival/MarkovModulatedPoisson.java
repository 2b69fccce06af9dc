package org.queuelab.arrival;

import org.queuelab.guard.Cancellation;

import java.util.Arrays;
import java.util.Locale;
import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.RealMatrix;

/**
 * A Markov-modulated Poisson process ({@code docs/demand.md} §1): a phase J(t) runs as a continuous-time Markov
 * chain with generator Q, and arrivals come at rate rates[J(t)]. With a calm phase and a burst phase it makes bursts
 * of random length at random times. Each sample path starts its phase from the stationary law π (πQ = 0), so
 * counts are stationary: E N(0, t) = (Σ π_i·rates_i)·t.
 *
 * <p>Sampling is exact: in phase i the next event is at rate rates_i + q_i (q_i = −Q_ii); it is an arrival with
 * probability rates_i/(rates_i + q_i), else a phase change to j with probability Q_ij/q_i.
 *
 * @param rates     arrival rate in each phase, ≥ 0
 * @param generator Q: off-diagonal entries ≥ 0, rows summing to 0, irreducible
 */
public record MarkovModulatedPoisson(double[] rates, double[][] generator) implements ArrivalProcess {

    /**
     * Validates the components and copies the arrays.
     *
     * @param rates     arrival rate in each phase, ≥ 0
     * @param generator Q: off-diagonal entries ≥ 0, rows summing to 0, irreducible
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public MarkovModulatedPoisson {
        int m = rates == null ? 0 : rates.length;
        if (m < 1 || generator == null || generator.length != m) {
            throw new IllegalArgumentException("rates, generator: sizes " + m + " and "
                    + (generator == null ? "null" : generator.length) + "; allowed: m ≥ 1 phases and an m×m generator");
        }
        rates = rates.clone();
        double[][] q = new double[m][];
        for (int i = 0; i < m; i++) {
            if (!(rates[i] >= 0 && Double.isFinite(rates[i]))) {
                throw new IllegalArgumentException("lambda(t) = rates[" + i + "] = " + rates[i]
                        + "; allowed: 0 ≤ rate < ∞");
            }
            if (generator[i] == null || generator[i].length != m) {
                throw new IllegalArgumentException("generator[" + i + "]: allowed: " + m + " entries");
            }
            q[i] = generator[i].clone();
            double sum = 0;
            for (int j = 0; j < m; j++) {
                if (j != i && !(q[i][j] >= 0 && Double.isFinite(q[i][j]))) {
                    throw new IllegalArgumentException("generator[" + i + "][" + j + "] = " + q[i][j]
                            + "; allowed: 0 ≤ off-diagonal entry < ∞");
                }
                sum += q[i][j];
            }
            if (Math.abs(sum) > 1e-9 * (1 + Math.abs(q[i][i]))) {
                throw new IllegalArgumentException("generator row " + i + " sums to " + sum + "; allowed: 0");
            }
        }
        generator = q;
    }

    /**
     * Two phases: calm (rate {@code calm}) and burst (rate {@code burst}); bursts start at rate {@code burstStarts}
     * and last Exp(mean {@code burstLength}).
     *
     * @param calm        the arrival rate between bursts, ≥ 0
     * @param burst       the arrival rate during a burst, ≥ 0
     * @param burstStarts the rate at which bursts start, &gt; 0 (per unit of time)
     * @param burstLength the mean burst length, &gt; 0 (units of time)
     * @return the two-phase process
     */
    public static MarkovModulatedPoisson bursts(double calm, double burst, double burstStarts, double burstLength) {
        Require.positive("burstStarts", burstStarts);
        Require.positive("burstLength", burstLength);
        double end = 1 / burstLength;
        return new MarkovModulatedPoisson(new double[] {calm, burst},
                new double[][] {{-burstStarts, burstStarts}, {end, -end}});
    }

    /** {@return the arrival rate in each phase (a copy)} */
    @Override
    public double[] rates() {
        return rates.clone();
    }

    /** {@return the generator Q (a copy)} */
    @Override
    public double[][] generator() {
        double[][] copy = new double[generator.length][];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = generator[i].clone();
        }
        return copy;
    }

    /** {@return the stationary law π of the phase: πQ = 0, Σπ = 1} */
    public double[] stationary() {
        int m = rates.length;
        RealMatrix a = new Array2DRowRealMatrix(m, m);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                a.setEntry(j, i, j == m - 1 ? 1.0 : generator[i][j]); // Qᵀ with the last equation replaced by Σπ = 1
            }
        }
        double[] b = new double[m];
        b[m - 1] = 1;
        double[] pi = new LUDecomposition(a).getSolver().solve(new ArrayRealVector(b)).toArray();
        for (double p : pi) {
            if (!(p >= -1e-12)) {
                throw new IllegalArgumentException("generator: not irreducible (stationary law " + Arrays.toString(pi)
                        + ")");
            }
        }
        return pi;
    }

    /** {@return the long-run mean rate Σ π_i·rates_i} */
    public double meanRate() {
        double[] pi = stationary();
        double r = 0;
        for (int i = 0; i < pi.length; i++) {
            r += pi[i] * rates[i];
        }
        return r;
    }

    @Override
    public double expectedCount(double from, double to) {
        RateSupport.interval(from, to);
        return meanRate() * (to - from);
    }

    @Override
    public ArrivalStream stream(RandomGenerator rng) {
        double[] pi = stationary();
        double u = rng.nextDouble();
        int phase = 0;
        for (double c = pi[0]; u >= c && phase < pi.length - 1; c += pi[++phase]) {
            // walk the cumulative law
        }
        final int start = phase;
        final boolean silent = Arrays.stream(rates).allMatch(r -> r == 0);
        return new ArrivalStream() {
            private int j = start;
            private double t;
            private long polls;

            @Override
            public double next() {
                if (silent) {
                    return Double.POSITIVE_INFINITY;   // every phase has rate 0: no arrival, ever (not a phase walk)
                }
                while (true) {
                    Cancellation.poll(++polls, Cancellation.EVENTS_MASK, () -> "Markov-modulated arrivals");
                    double out = -generator[j][j];
                    double total = rates[j] + out;
                    if (total == 0) {
                        return Double.POSITIVE_INFINITY;
                    }
                    t += rng.nextExponential() / total;
                    double v = rng.nextDouble() * total;
                    if (v < rates[j]) {
                        return t;
                    }
                    v -= rates[j];
                    int next = j;
                    for (int k = 0; k < rates.length; k++) {
                        if (k != j && generator[j][k] > 0) {
                            next = k; // the last positive entry absorbs rounding
                            v -= generator[j][k];
                            if (v < 0) {
                                break;
                            }
                        }
                    }
                    j = next;
                }
            }
        };
    }

    @Override
    public String label() {
        return "MMPP" + Arrays.stream(rates).mapToObj(r -> String.format(Locale.ROOT, "%.3g", r)).toList();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MarkovModulatedPoisson p && Arrays.equals(rates, p.rates)
                && Arrays.deepEquals(generator, p.generator);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(rates) + Arrays.deepHashCode(generator);
    }

    @Override
    public String toString() {
        return label();
    }
}
