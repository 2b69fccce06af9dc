package org.queuelab.repro.tabs;

import java.util.List;
import java.util.Objects;

import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.SimulationRun;
import org.queuelab.result.Trajectory;

/**
 * Per-replication distances of simulated paths from a reference path (the fluid ODE), so that "the simulation
 * approaches the fluid as N grows" is decided by an interval on replication-wise values (e.g. Welch's, between two
 * N) instead of by comparing two point estimates.
 */
public final class RunDeviation {

    private RunDeviation() {
    }

    /**
     * For each run, max over the reference's sampling times and the named series of |run − reference|; the runs
     * must be sampled at the reference's times.
     *
     * @param result the replicated runs, sampled at the reference's times
     * @param reference the reference trajectory (e.g. the fluid)
     * @param series the series compared, present in both
     * @return one sup-norm per run
     */
    public static double[] supNorms(ReplicatedResult<? extends SimulationRun> result, Trajectory reference,
                                    List<String> series) {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(reference, "reference");
        if (series.isEmpty()) {
            throw new IllegalArgumentException("series is empty; allowed: at least one series");
        }
        double[] times = reference.times();
        double[] out = new double[result.runs().size()];
        for (int r = 0; r < out.length; r++) {
            Trajectory run = result.runs().get(r).trajectory();
            if (run.times().length != times.length) {
                throw new IllegalArgumentException("run " + r + " has " + run.times().length + " sampling times, the "
                        + "reference " + times.length + "; allowed: the same grid");
            }
            double worst = 0;
            for (String s : series) {
                double[] a = run.series(s);
                double[] b = reference.series(s);
                for (int k = 0; k < times.length; k++) {
                    worst = Math.max(worst, Math.abs(a[k] - b[k]));
                }
            }
            out[r] = worst;
        }
        return out;
    }
}
