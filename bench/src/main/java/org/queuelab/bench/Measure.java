package org.queuelab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * How every bench measures: a figure is the median, with min and max, of at least {@link #RUNS} runs after a
 * warm-up; single-thread figures use the thread's CPU time (other processes on a shared machine do not count);
 * parallel figures report wall-clock speed-up together with the machine's load average, and a CPU-normalised
 * efficiency. Each bench prints the command that reproduces it.
 */
final class Measure {

    /** Timed runs per figure (after warm-up). */
    static final int RUNS = 5;

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private Measure() {
    }

    /** Median, min and max of several samples of one figure. */
    record Stats(double median, double min, double max, int runs) {

        static Stats of(double... samples) {
            if (samples.length == 0) {
                throw new IllegalArgumentException("samples: none; allowed: at least one");
            }
            double[] s = samples.clone();
            Arrays.sort(s);
            int n = s.length;
            double median = n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
            return new Stats(median, s[0], s[n - 1], n);
        }

        /** The figure scaled (e.g. 1e-6 for M events/s) as "median (min–max)". */
        String format(String pattern, double scale) {
            return String.format(Locale.ROOT, pattern + " (" + pattern + "–" + pattern + ")", median * scale,
                    min * scale, max * scale);
        }
    }

    /** CPU seconds of the current thread spent in {@code task}. */
    static double cpuSeconds(Runnable task) {
        long t0 = CPU.getCurrentThreadCpuTime();
        task.run();
        return (CPU.getCurrentThreadCpuTime() - t0) / 1e9;
    }

    /** Wall seconds spent in {@code task}. */
    static double wallSeconds(Runnable task) {
        long t0 = System.nanoTime();
        task.run();
        return (System.nanoTime() - t0) / 1e9;
    }

    /** CPU seconds of untimed calls before a figure is timed ({@link #warmUp}). */
    static final double WARM_UP_SECONDS = 1.0;

    /**
     * Untimed calls of {@code task} until they have used {@link #WARM_UP_SECONDS} of this thread's CPU time: a
     * warm-up by time rather than by count, so that a task of a few milliseconds is compiled by the JIT before it is
     * timed (one or two calls were not enough: the peers group's millisecond figures spread 2–3× between runs).
     */
    static void warmUp(Runnable task) {
        double spent = 0;
        do {
            spent += cpuSeconds(task);
        } while (spent < WARM_UP_SECONDS);
    }

    /**
     * Untimed calls of {@code task} until {@link #WARM_UP_SECONDS} of wall time have passed: the warm-up of a task
     * whose work runs on other threads (a parallel runner), which {@link #warmUp}'s CPU time of the calling thread
     * would not see.
     */
    static void warmUpWall(Runnable task) {
        double spent = 0;
        do {
            spent += wallSeconds(task);
        } while (spent < WARM_UP_SECONDS);
    }

    /** {@link #warmUp} through {@code sample} itself, then {@link #RUNS} samples of it. */
    static Stats sampleAfterWarmUp(DoubleSupplier sample) {
        warmUp(sample::getAsDouble);
        return sample(0, sample);
    }

    /** {@code warmups} untimed calls, then {@link #RUNS} samples of {@code sample}. */
    static Stats sample(int warmups, DoubleSupplier sample) {
        for (int i = 0; i < warmups; i++) {
            sample.getAsDouble();
        }
        double[] s = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            s[i] = sample.getAsDouble();
        }
        return Stats.of(s);
    }

    /** CPU seconds of the whole process (all threads) spent in {@code task}; NaN where the JVM cannot tell. */
    static double processCpuSeconds(Runnable task) {
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)) {
            task.run();
            return Double.NaN;
        }
        long t0 = os.getProcessCpuTime();
        task.run();
        return (os.getProcessCpuTime() - t0) / 1e9;
    }

    /**
     * A parallel figure from paired runs of one job on 1 and on {@code threads} threads ({@link #RUNS} pairs after
     * one warm-up pair): the wall-clock speed-up (which other load on the machine lowers), and the CPU-normalised
     * efficiency, process CPU time on 1 thread over process CPU time on {@code threads} (1 = no parallel
     * overhead; insensitive to load), with the load average seen during the runs.
     */
    static String parallel(int threads, java.util.function.IntConsumer job) {
        double[] speedUp = new double[RUNS];
        double[] efficiency = new double[RUNS];
        double load = 0;
        for (int r = -1; r < RUNS; r++) {
            double[] wall = new double[2];
            double[] cpu = new double[2];
            for (int k = 0; k < 2; k++) {
                int t = k == 0 ? 1 : threads;
                long w0 = System.nanoTime();
                cpu[k] = processCpuSeconds(() -> job.accept(t));
                wall[k] = (System.nanoTime() - w0) / 1e9;
            }
            if (r >= 0) {
                speedUp[r] = wall[0] / wall[1];
                efficiency[r] = cpu[0] / cpu[1];
                load += loadAverage() / RUNS;
            }
        }
        return String.format(Locale.ROOT, "wall-clock speed-up on %d threads %s× at load average %.1f;"
                        + " CPU-normalised efficiency %s", threads, Stats.of(speedUp).format("%.2f", 1), load,
                Stats.of(efficiency).format("%.2f", 1));
    }

    /** The one-minute load average (−1 where the platform has none). */
    static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** A header line: date, cores, Java, load, and the command that reproduces the figures below it. */
    static void header(String name, String command) {
        System.out.printf(Locale.ROOT, "== %s, %s UTC, %d cores, Java %s, load average %.2f%n", name,
                ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME).substring(0, 19),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), loadAverage());
        System.out.println("   reproduce: " + command + "   (figures: median (min–max) of " + RUNS
                + " runs after warm-up)");
    }
}
