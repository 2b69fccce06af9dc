package org.queuelab.meanfield;

/**
 * Performance metrics of an ALBA-type fluid state (docs/alba.md §1).
 *
 * @param cold                  x_{0,0}
 * @param initializing          x_{0,1}
 * @param idleOn                x_{0,2}
 * @param warm                  y_0, the warm mass
 * @param busy                  y_1, the busy mass
 * @param jobsPerWarmServer     Q(x) = Σ i x_{i,2} / y_0 (NaN when no server is warm)
 * @param jobsPerServer         Q̄(x) = Σ i x_{i,2}
 * @param lossRate              rate of lost jobs per server: no warm server, or a full buffer
 * @param responseTime          mean response time by Little's law, Q̄ / (λ − loss) (NaN if nothing is accepted)
 * @param waitingTime           responseTime − 1
 * @param energy                E = 1 − x_{0,0}, the fraction of charged (initializing or warm) servers
 * @param wastage               x_{0,1} + x_{0,2}, initializing plus idle-on mass
 * @param relativeWastage       wastage / λ, relative to the minimum energy λ
 * @param relativeWastagePowered wastage / (1 − x_{0,0}), relative to the energy spent
 */
public record FluidMetrics(double cold, double initializing, double idleOn, double warm, double busy,
                           double jobsPerWarmServer, double jobsPerServer, double lossRate, double responseTime,
                           double waitingTime, double energy, double wastage, double relativeWastage,
                           double relativeWastagePowered) {

    /** Σ_{i ≥ 1} i·p_i, the mean level of a distribution p over the levels 0, 1, …. */
    static double meanLevel(double[] p) {
        double s = 0;
        for (int i = 1; i < p.length; i++) {
            s += i * p[i];
        }
        return s;
    }

    static FluidMetrics of(double[] x, double lambda, double lossRate) {
        double warm = 0;
        double jobs = 0;
        for (int i = 2; i < x.length; i++) {
            warm += x[i];
            jobs += (i - 2) * x[i];
        }
        double busy = warm - x[2];
        double accepted = lambda - lossRate;
        double response = accepted > 0 ? jobs / accepted : Double.NaN;
        double wastage = x[1] + x[2];
        double energy = 1 - x[0];
        return new FluidMetrics(x[0], x[1], x[2], warm, busy, warm > 0 ? jobs / warm : Double.NaN, jobs, lossRate,
                response, response - 1, energy, wastage, wastage / lambda, energy > 0 ? wastage / energy : Double.NaN);
    }
}
