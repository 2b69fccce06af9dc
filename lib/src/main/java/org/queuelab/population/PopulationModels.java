package org.queuelab.population;

import org.queuelab.result.Metric;

/**
 * Classical load-balancing models written as population processes with the public description API — the
 * templates the notebook {@code 05-your-own-model} starts from, and the cases the generic engines are validated
 * on against the built-in SQ(d) and JBT-d solvers. State: x_i, the fraction of servers holding i jobs,
 * i = 0..B; arrivals at rate λ per server, exponential service of rate 1; a job sent to a full server is lost.
 * Observables: {@link Metric#MEAN_JOBS} (mean jobs per server Σ i x_i) and {@link Metric#LOSS} (jobs lost per
 * server per unit time), the names every engine uses.
 * See {@code docs/population.md} §1.
 */
public final class PopulationModels {

    private PopulationModels() {
    }

    /**
     * SQ(d) (power-of-d with replacement): a job joins the shortest of d servers sampled uniformly, so it joins a
     * server with i jobs at rate λ(s_i^d − s_{i+1}^d), s_i = Σ_{k≥i} x_k.
     *
     * @param lambda arrival rate per server (service rate 1), 0 &lt; λ &lt; ∞
     * @param d      servers sampled per job, ≥ 1
     * @param buffer jobs a server holds at most, 1 ≤ B ≤ {@link #MAX_BUFFER}
     * @return the model, classes x0..xB, parameter "lambda"
     * @throws IllegalArgumentException naming the parameter and its range otherwise
     */
    public static PopulationModel powerOfD(double lambda, int d, int buffer) {
        requireArguments(lambda, d, 1, buffer);
        PopulationModel.Builder b = PopulationModel.builder("SQ(" + d + "), B = " + buffer)
                .classes("x", 0, buffer).parameter("lambda", lambda);
        for (int i = 0; i < buffer; i++) {
            int k = i;
            b.move("arrival at " + k, "x" + k, "x" + (k + 1),
                    v -> v.param("lambda").times(v.tail("x", k).pow(d).minus(v.tail("x", k + 1).pow(d))));
        }
        addDepartures(b, buffer);
        return b.observable(Metric.LOSS, v -> v.param("lambda").times(v.x("x", buffer).pow(d))).build();
    }

    /**
     * JBT-d (join below threshold d; JIQ for d = 0): a job joins a uniform server among those holding ≤ d jobs
     * (the pool, of mass s = Σ_{i≤d} x_i) if there is one, else a uniform server. The rate λ x_i / s is not
     * differentiable where the pool empties (s = 0, the sliding boundary of the fluid limit).
     *
     * @param lambda arrival rate per server (service rate 1), 0 &lt; λ &lt; ∞
     * @param d      the threshold, ≥ 0 (0 is JIQ)
     * @param buffer jobs a server holds at most, d + 2 ≤ B ≤ {@link #MAX_BUFFER}
     * @return the model, classes x0..xB, parameter "lambda"
     * @throws IllegalArgumentException naming the parameter and its range otherwise
     */
    public static PopulationModel joinBelowThreshold(double lambda, int d, int buffer) {
        requireArguments(lambda, d, 0, buffer);
        if (buffer < d + 2) {
            throw new IllegalArgumentException("buffer = " + buffer + "; allowed: ≥ d + 2 = " + (d + 2));
        }
        PopulationModel.Builder b = PopulationModel.builder("JBT-" + d + ", B = " + buffer)
                .classes("x", 0, buffer).parameter("lambda", lambda);
        for (int i = 0; i < buffer; i++) {
            int k = i;
            b.move("arrival at " + k, "x" + k, "x" + (k + 1), v -> {
                Value pool = v.sum("x", 0, d);
                Value lambdaX = v.param("lambda").times(v.x("x", k));
                return k <= d ? Value.ifPositive(pool, lambdaX.div(pool), v.constant(0))
                        : Value.ifPositive(pool, v.constant(0), lambdaX);
            });
        }
        addDepartures(b, buffer);
        return b.observable(Metric.LOSS, v -> Value.ifPositive(v.sum("x", 0, d), v.constant(0),
                v.param("lambda").times(v.x("x", buffer)))).build();
    }

    private static void addDepartures(PopulationModel.Builder b, int buffer) {
        for (int i = 1; i <= buffer; i++) {
            int k = i;
            b.move("departure at " + k, "x" + k, "x" + (k - 1), v -> v.x("x", k));
        }
        b.observable(Metric.MEAN_JOBS, v -> {
            Value q = v.constant(0);
            for (int i = 1; i <= buffer; i++) {
                q = q.plus(v.tail("x", i));
            }
            return q;
        });
    }

    /** Most buffer levels (classes) a model of this kit is built with. */
    public static final int MAX_BUFFER = 100_000;

    private static void requireArguments(double lambda, int d, int minD, int buffer) {
        if (!(lambda > 0 && Double.isFinite(lambda))) {
            throw new IllegalArgumentException("lambda = " + lambda + "; allowed: 0 < lambda < ∞");
        }
        if (d < minD) {
            throw new IllegalArgumentException("d = " + d + "; allowed: d ≥ " + minD);
        }
        if (buffer < 1 || buffer > MAX_BUFFER) {
            throw new IllegalArgumentException("buffer = " + buffer + "; allowed: 1 ≤ buffer ≤ " + MAX_BUFFER
                    + " (one class and one symbolic transition per level: more would build for minutes)");
        }
    }
}
