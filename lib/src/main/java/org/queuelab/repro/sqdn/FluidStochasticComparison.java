package org.queuelab.repro.sqdn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedTrajectory;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * A fluid trajectory beside the average of independent stochastic runs on the same time grid, quantity by
 * quantity: the comparison of Figure 3 of SQ(d,N) ({@code sqdn.md} §4: fluid dashed, stochastic solid, average of
 * 10 runs), and of any "does the fluid limit describe finite N?" check.
 *
 * <p>Each quantity pairs a fluid series with a stochastic series (e.g. fluid {@code "off"} with simulated
 * {@code "off"}, or fluid {@code "L_S"} with simulated {@code "meanJobs"}). The fluid series must be sampled at the
 * simulation's grid times; the table has one row per (time, quantity) with the fluid value, the stochastic mean,
 * its 95% band across runs, and the gap stochastic − fluid.
 */
public final class FluidStochasticComparison {

    /** Matching tolerance between fluid output times and simulation grid times. */
    static final double TIME_TOLERANCE = 1e-9;

    private final double[] times;
    private final Map<String, double[]> fluid;
    private final Map<String, String> stochasticName;
    private final ReplicatedTrajectory stochastic;
    private final String title;

    private FluidStochasticComparison(String title, double[] times, Map<String, double[]> fluid,
                                      Map<String, String> stochasticName, ReplicatedTrajectory stochastic) {
        this.title = title;
        this.times = times;
        this.fluid = fluid;
        this.stochasticName = stochasticName;
        this.stochastic = stochastic;
    }

    /** Starts a comparison against the given stochastic average; add quantities with {@link Builder#quantity}. */
    public static Builder of(String title, ReplicatedTrajectory stochastic) {
        return new Builder(title, stochastic);
    }

    /** Collects the quantities to compare. */
    public static final class Builder {
        private final String title;
        private final ReplicatedTrajectory stochastic;
        private final Map<String, double[]> fluid = new LinkedHashMap<>();
        private final Map<String, String> names = new LinkedHashMap<>();

        private Builder(String title, ReplicatedTrajectory stochastic) {
            this.title = Objects.requireNonNull(title, "title");
            this.stochastic = Objects.requireNonNull(stochastic, "stochastic");
        }

        /**
         * Adds a quantity: the fluid values at {@code fluidTimes} and the name of the matching stochastic series.
         * Every simulation grid time must appear among {@code fluidTimes} (to 1e−9); other fluid times are ignored.
         */
        public Builder quantity(String quantity, double[] fluidTimes, double[] fluidValues, String stochasticSeries) {
            Objects.requireNonNull(quantity, "quantity");
            Objects.requireNonNull(fluidTimes, "fluidTimes");
            Objects.requireNonNull(fluidValues, "fluidValues");
            if (fluidTimes.length != fluidValues.length) {
                throw new IllegalArgumentException("fluid '" + quantity + "': " + fluidTimes.length + " times, "
                        + fluidValues.length + " values; allowed: the same length");
            }
            if (!stochastic.names().contains(stochasticSeries)) {
                throw new IllegalArgumentException("stochasticSeries = " + stochasticSeries + "; allowed: one of "
                        + stochastic.names());
            }
            if (fluid.containsKey(quantity)) {
                throw new IllegalArgumentException("quantity = " + quantity + " added twice; allowed: distinct names");
            }
            double[] grid = stochastic.grid().times();
            double[] onGrid = new double[grid.length];
            int j = 0;
            for (int k = 0; k < grid.length; k++) {
                while (j < fluidTimes.length && fluidTimes[j] < grid[k] - TIME_TOLERANCE) {
                    j++;
                }
                if (j == fluidTimes.length || Math.abs(fluidTimes[j] - grid[k]) > TIME_TOLERANCE) {
                    throw new IllegalArgumentException("fluid '" + quantity + "' has no value at grid time "
                            + grid[k] + "; allowed: fluid times covering the simulation grid "
                            + "(increasing, to within " + TIME_TOLERANCE + ")");
                }
                onGrid[k] = fluidValues[j];
            }
            fluid.put(quantity, onGrid);
            names.put(quantity, stochasticSeries);
            return this;
        }

        public FluidStochasticComparison build() {
            if (fluid.isEmpty()) {
                throw new IllegalStateException("comparison '" + title + "' has no quantity; add one with quantity(...)");
            }
            return new FluidStochasticComparison(title, stochastic.grid().times(), new LinkedHashMap<>(fluid),
                    new LinkedHashMap<>(names), stochastic);
        }
    }

    /** The compared quantities, in insertion order. */
    public List<String> quantities() {
        return List.copyOf(fluid.keySet());
    }

    /** The common time grid. */
    public double[] times() {
        return times.clone();
    }

    /** Number of stochastic runs averaged. */
    public int runs() {
        return stochastic.runs();
    }

    /** The fluid values of a quantity on the grid. */
    public double[] fluid(String quantity) {
        return requireFluid(quantity).clone();
    }

    /** The stochastic mean of a quantity on the grid. */
    public double[] stochasticMean(String quantity) {
        requireFluid(quantity);
        return stochastic.series(stochasticName.get(quantity));
    }

    /** The fluid value at the grid time nearest to {@code t}. */
    public double fluidAt(String quantity, double t) {
        return requireFluid(quantity)[index(t)];
    }

    /** The stochastic mean and 95% band (across runs) at the grid time nearest to {@code t}. */
    public Estimate stochasticAt(String quantity, double t) {
        requireFluid(quantity);
        return stochastic.estimateAt(stochasticName.get(quantity), index(t));
    }

    /** max over grid times ≥ {@code from} of |stochastic mean − fluid|. */
    public double maxGap(String quantity, double from) {
        double[] f = requireFluid(quantity);
        double[] s = stochastic.series(stochasticName.get(quantity));
        double max = 0;
        for (int k = 0; k < times.length; k++) {
            if (times[k] >= from - TIME_TOLERANCE) {
                max = Math.max(max, Math.abs(s[k] - f[k]));
            }
        }
        return max;
    }

    /** Long table: t, quantity, fluid, stochastic, lo, hi (95% band of the mean), gap = stochastic − fluid, runs. */
    public Table table() {
        int rows = times.length * fluid.size();
        double[] t = new double[rows];
        String[] q = new String[rows];
        double[] f = new double[rows];
        double[] s = new double[rows];
        double[] lo = new double[rows];
        double[] hi = new double[rows];
        double[] gap = new double[rows];
        int r = 0;
        for (int k = 0; k < times.length; k++) {
            for (Map.Entry<String, double[]> e : fluid.entrySet()) {
                Estimate est = stochastic.estimateAt(stochasticName.get(e.getKey()), k);
                t[r] = times[k];
                q[r] = e.getKey();
                f[r] = e.getValue()[k];
                s[r] = est.mean();
                lo[r] = est.lower();
                hi[r] = est.upper();
                gap[r] = est.mean() - f[r];
                r++;
            }
        }
        double[] runs = new double[rows];
        java.util.Arrays.fill(runs, stochastic.runs());
        return Table.create(title, DoubleColumn.create("t", t), StringColumn.create("quantity", q),
                DoubleColumn.create("fluid", f), DoubleColumn.create("stochastic", s), DoubleColumn.create("lo", lo),
                DoubleColumn.create("hi", hi), DoubleColumn.create("gap", gap), DoubleColumn.create("runs", runs));
    }

    /**
     * The table restricted to the given times (each matched to the nearest grid time), e.g. the reference
     * checkpoints of a figure.
     */
    public Table tableAt(double... checkpoints) {
        Table all = table();
        List<Integer> keep = new ArrayList<>();
        for (double c : checkpoints) {
            double gridTime = times[index(c)];
            for (int row = 0; row < all.rowCount(); row++) {
                if (Math.abs(all.doubleColumn("t").getDouble(row) - gridTime) <= TIME_TOLERANCE) {
                    keep.add(row);
                }
            }
        }
        return all.rows(keep.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * The figure: per quantity, the fluid dashed, the stochastic mean solid and its 95% band (the project's
     * convention, and the paper's for Figure 3), one colour per quantity.
     */
    public Figure figure(String yLabel) {
        LineChart chart = LineChart.titled(title).xLabel("t").yLabel(yLabel);
        int c = 0;
        for (String quantity : fluid.keySet()) {
            String color = Palette.color(c++);
            String series = stochasticName.get(quantity);
            if (stochastic.runs() > 1) {
                chart.band(quantity + " stochastic 95% band", times, stochastic.lower(series), stochastic.upper(series),
                        color);
            }
            chart.line(quantity + " stochastic (" + stochastic.runs() + "-run mean)", times, stochastic.series(series),
                    Style.solid(color));
            chart.line(quantity + " fluid", times, fluid.get(quantity), Style.dashed(color));
        }
        return chart.build();
    }

    private double[] requireFluid(String quantity) {
        double[] f = fluid.get(quantity);
        if (f == null) {
            throw new IllegalArgumentException("quantity = " + quantity + "; allowed: one of " + fluid.keySet());
        }
        return f;
    }

    private int index(double t) {
        double step = stochastic.grid().step();
        int k = (int) Math.round(t / step);
        if (!(t >= 0) || k >= times.length) {
            throw new IllegalArgumentException("t = " + t + "; allowed: 0 ≤ t ≤ " + times[times.length - 1]);
        }
        return k;
    }
}
