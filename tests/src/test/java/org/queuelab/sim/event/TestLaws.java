package org.queuelab.sim.event;

import org.queuelab.dist.Deterministic;
import org.queuelab.dist.Erlang;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.HyperExponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.dist.ServiceDistribution;

/** Service laws used by these tests (from the {@code dist} package) and the Pollaczek–Khinchine mean wait. */
final class TestLaws {

    private TestLaws() {
    }

    static ServiceDistribution exponential(double mean) {
        return Exponential.withMean(mean);
    }

    static ServiceDistribution deterministic() {
        return Deterministic.unitMean();
    }

    static ServiceDistribution erlang(int k) {
        return Erlang.unitMean(k);
    }

    /** Two phases: mean m1 with probability p, else mean m2. */
    static ServiceDistribution hyperexponential(double p, double m1, double m2) {
        return HyperExponential.ofMeans(new double[] {p, 1 - p}, new double[] {m1, m2});
    }

    static ServiceDistribution lognormal(double sigma) {
        return LogNormal.unitMean(sigma);
    }

    /** Pollaczek–Khinchine mean wait λE[S²]/(2(1 − λE[S])). */
    static double pollaczekKhinchine(double lambda, ServiceDistribution s) {
        double second = s.variance() + s.mean() * s.mean();
        return lambda * second / (2 * (1 - lambda * s.mean()));
    }
}
