package org.queuelab.sweep;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The child process of {@link SweepStoreKillTest}: runs (or resumes) {@link #sweep()} on the store named by its
 * argument until the parent kills it with SIGKILL.
 */
public final class SweepKillTarget {

    static final int POINTS = 240;
    static final int REPLICATIONS = 6;
    static final int METRICS = 8;

    private SweepKillTarget() {
    }

    /** Metrics of a point: means of exponential draws, with enough work (≈ 1 ms) that kills land mid-run. */
    static final Experiment EXPERIMENT = (p, seed) -> {
        SplittableRandom rng = new SplittableRandom(seed);
        Map<String, Double> out = new LinkedHashMap<>();
        for (int m = 0; m < METRICS; m++) {
            double sum = 0;
            for (int i = 0; i < 20_000; i++) {
                sum += -Math.log(1 - rng.nextDouble()) * p.number("x");
            }
            out.put("m" + m, sum / 20_000);
        }
        return out;
    };

    static Sweep sweep() {
        Object[] xs = new Object[POINTS];
        for (int i = 0; i < POINTS; i++) {
            xs[i] = 1.0 + i;
        }
        return Sweep.of(Grid.axis("x", xs).build(), EXPERIMENT).replications(REPLICATIONS).seed(20261204L)
                .identity("kill test");
    }

    public static void main(String[] args) {
        sweep().resumable(Path.of(args[0])).run(new LocalRunner(2));
    }
}
