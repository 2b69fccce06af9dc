package org.queuelab.analysis;

import java.util.List;
import java.util.Objects;

import org.queuelab.guard.Require;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancyRun;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.Table;

/**
 * The stationary queue-length tail P(Q ≥ i) of a simulated system, estimated across independent replications:
 * for each run, the tail of its time-averaged queue-length marginal ({@link OccupancyRun#levelFractions()}); then
 * per level the mean and 95% Student-t interval over runs ({@link Estimate}). Also the largest queue length
 * present for a positive time in any run: a level i has positive time-averaged mass exactly when some server held
 * i jobs during the averaging window, so {@link #largestLevelSeen()} is the largest queue over the whole window,
 * not only at sampling times.
 *
 * <p>Used for the SQ(d) vs SQ(d,N) tail comparison and for the "no server holds more than 5 jobs" claim of
 * SQ(d,N) (docs/sqdn.md §7, Figure 2).
 */
public final class QueueLengthTail {

    private final Estimate[] tail;
    private final int largestLevelSeen;
    private final int runs;

    private QueueLengthTail(Estimate[] tail, int largestLevelSeen, int runs) {
        this.tail = tail;
        this.largestLevelSeen = largestLevelSeen;
        this.runs = runs;
    }

    /**
     * The tail estimated from the replications of one simulation.
     *
     * @param result the replicated runs, not null, at least one run
     * @return the tail, from each run's time-averaged marginal
     * @throws IllegalArgumentException as {@link #of(List)}
     */
    public static QueueLengthTail of(ReplicatedResult<OccupancyRun> result) {
        Objects.requireNonNull(result, "result");
        return of(result.runs().stream().map(OccupancyRun::levelFractions).toList());
    }

    /**
     * The tail estimated from per-run queue-length marginals (fraction of servers with i jobs, i = 0, 1, …).
     *
     * @param marginals one marginal per run, at least one; each value in [0, 1], each total ≤ 1 (within 1e−9)
     * @return the tail; runs whose marginals are shorter count 0 at the missing levels
     * @throws IllegalArgumentException if there is no run, a value is outside [0, 1] (or NaN) or a total exceeds 1
     */
    public static QueueLengthTail of(List<double[]> marginals) {
        Objects.requireNonNull(marginals, "marginals");
        if (marginals.isEmpty()) {
            throw new IllegalArgumentException("marginals: none; allowed: at least one run");
        }
        int levels = 0;
        int largest = 0;
        for (int r = 0; r < marginals.size(); r++) {
            double[] m = Objects.requireNonNull(marginals.get(r), "marginals[" + r + "]");
            levels = Math.max(levels, m.length);
            double mass = 0;
            for (double v : m) {
                mass += v;
            }
            if (!(mass <= 1 + 1e-9)) {
                throw new IllegalArgumentException("marginals[" + r + "] sums to " + mass
                        + "; allowed: total mass ≤ 1 (fractions of servers with i jobs)");
            }
            for (int i = 0; i < m.length; i++) {
                if (!(m[i] >= 0) || m[i] > 1 + 1e-12) {
                    throw new IllegalArgumentException("marginal value " + m[i] + " at level " + i
                            + "; allowed: 0 ≤ value ≤ 1");
                }
                if (m[i] > 0) {
                    largest = Math.max(largest, i);
                }
            }
        }
        Estimate[] tail = new Estimate[levels + 1];
        double[] perRun = new double[marginals.size()];
        for (int i = 0; i <= levels; i++) {
            for (int r = 0; r < perRun.length; r++) {
                double[] m = marginals.get(r);
                double sum = 0;
                for (int k = m.length - 1; k >= i; k--) {
                    sum += m[k];
                }
                perRun[r] = sum;
            }
            tail[i] = Estimate.of(perRun);
        }
        return new QueueLengthTail(tail, largest, marginals.size());
    }

    /**
     * The probability that a server holds at least i jobs.
     *
     * @param i the level, ≥ 0 (P(Q ≥ 0) is the total mass, 1 for a full marginal)
     * @return P(Q ≥ i) with its 95% interval over runs; 0 (half-width 0, NaN for one run) beyond the longest marginal
     * @throws IllegalArgumentException if {@code i} &lt; 0
     */
    public Estimate atLeast(int i) {
        Require.atLeast("i", i, 0);
        return i < tail.length ? tail[i] : new Estimate(0, runs > 1 ? 0 : Double.NaN, runs);
    }

    /**
     * The mean number of jobs at a server.
     *
     * @return Σ_{i≥1} P(Q ≥ i), averaged over runs (the mean of each run's mean), in jobs
     */
    public double meanQueueLength() {
        double sum = 0;
        for (int i = 1; i < tail.length; i++) {
            sum += tail[i].mean();
        }
        return sum;
    }

    /**
     * The largest queue length held by some server for a positive time, in any run.
     *
     * @return that length in jobs; 0 when every server was always empty
     */
    public int largestLevelSeen() {
        return largestLevelSeen;
    }

    /**
     * The number of runs behind the estimates.
     *
     * @return the runs, ≥ 1
     */
    public int runs() {
        return runs;
    }

    /**
     * The tail as a table, for i = 0 .. largest level seen + 1 (the last row shows where the tail reaches 0).
     *
     * @param name the table's name
     * @return a new table with columns i, tail (mean P(Q ≥ i)), lo, hi (95% interval; NaN for one run), runs
     */
    public Table table(String name) {
        int rows = largestLevelSeen + 2;
        double[] mean = new double[rows];
        double[] lo = new double[rows];
        double[] hi = new double[rows];
        for (int i = 0; i < rows; i++) {
            Estimate e = atLeast(i);
            mean[i] = e.mean();
            lo[i] = e.lower();
            hi[i] = e.upper();
        }
        double[] runsCol = new double[rows];
        java.util.Arrays.fill(runsCol, runs);
        return Table.create(name, IntColumn.indexColumn("i", rows, 0), DoubleColumn.create("tail", mean),
                DoubleColumn.create("lo", lo), DoubleColumn.create("hi", hi), DoubleColumn.create("runs", runsCol));
    }
}
