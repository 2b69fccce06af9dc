package org.queuelab.repro.alba;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.nio.file.Path;

import org.queuelab.report.RunMode;
import org.queuelab.repro.DifferenceInterval;
import org.queuelab.result.Estimate;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Point;
import org.queuelab.sweep.Study;
import org.queuelab.sweep.Sweep;
import org.queuelab.sweep.SweepResult;
import org.queuelab.sweep.SweepRunner;

/**
 * ALBA Section V's (N, λ) grid (notebook 01 §4c, docs/alba.md §4) as a named {@link Study}: one sweep point per
 * (N, λ), which runs {@link SectionFiveGrid#run} there for every TABS-d (the gain searches share their runs within
 * the point, as in a direct run). The grid's own seed drives every run, so the rows equal a direct
 * {@code SectionFiveGrid.run} bit for bit; the sweep's one replication only carries them to the store.
 */
public final class SectionFiveStudy {

    /** Notebook 01's seed. */
    public static final long SEED = 20240401L;

    private static final String[] ESTIMATES = {"tabsEnergy", "tabsResponse", "rateIdleEnergy", "rateIdleResponse",
        "powerEnergy", "powerResponse"};

    private SectionFiveStudy() {
    }

    /** {@return the servers N of the grid: 100 and 1000} */
    public static int[] servers() {
        return new int[] {100, 1_000};
    }

    /**
     * {@return the λ of the grid: 0.5, 0.9 in quick mode; 0.3, 0.5, 0.7, 0.9 in full}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static double[] lambdas(RunMode mode) {
        return mode.pick(new double[] {0.5, 0.9}, new double[] {0.3, 0.5, 0.7, 0.9});
    }

    /**
     * {@return the TABS-d compared: 0, 1 in quick mode; 0, 1, 2 in full}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static int[] tabsDs(RunMode mode) {
        return mode.pick(new int[] {0, 1}, new int[] {0, 1, 2});
    }

    /**
     * The grid's sizes: T = 400 (burn-in 100), 6 runs and 3 gain-search steps in quick mode; T = 2000 (burn-in
     * 400), 8 runs and 6 steps in full; ALBA's Figure 1 rates.
     *
     * @param mode quick or full run mode: picks the sizes
     * @return the grid's protocol at those sizes
     */
    public static SectionFiveGrid grid(RunMode mode) {
        return SectionFiveGrid.figure1Rates(mode.pick(400.0, 2000.0), mode.pick(100.0, 400.0), mode.pick(6, 8), SEED,
                mode.pick(3, 6));
    }

    /**
     * {@return the study at the sizes of {@code mode}}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static Study study(RunMode mode) {
        return study("alba-section5-grid-" + mode.name().toLowerCase(Locale.ROOT), grid(mode), servers(),
                lambdas(mode), tabsDs(mode));
    }

    /**
     * {@return the study named {@code name} of {@code grid} over N × λ, each TABS-d of {@code tabsDs} at every point}
     *
     * @param name the study's name (its store's folder)
     * @param grid the protocol of each point
     * @param servers number of servers N, ≥ 1
     * @param lambdas arrival rates per server, each in (0, 1)
     * @param tabsDs TABS thresholds d, each ≥ 0
     */
    public static Study study(String name, SectionFiveGrid grid, int[] servers, double[] lambdas, int[] tabsDs) {
        Grid points = Grid.axis("n", Arrays.stream(servers).boxed().toArray()).axisOf("lambda", lambdas).build();
        Sweep sweep = Sweep.of(points, new PointRun(grid, tabsDs.clone())).replications(1).seed(SEED)
                .identity("ALBA Section V grid " + grid + ", TABS-d " + Arrays.toString(tabsDs));
        return new Study(name, sweep);
    }

    /**
     * {@return the rows, N × λ × d in that nesting order: read from the study's store when complete, computed
     * otherwise}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static List<SectionFiveGrid.Row> rows(RunMode mode) {
        return rows(mode, new LocalRunner(), Study.defaultRoot());
    }

    /**
     * As {@link #rows(RunMode)}, the store under {@code root}, missing points run by {@code runner}.
     *
     * @param mode quick or full run mode: picks the sizes
     * @param runner runs the points missing from the store (locally or on Spark)
     * @param root the folder of the study stores
     * @return the rows, N × λ × d in that nesting order
     */
    public static List<SectionFiveGrid.Row> rows(RunMode mode, SweepRunner runner, Path root) {
        return rows(study(mode), runner, root);
    }

    /**
     * {@return the rows of a study made by {@link #study(String, SectionFiveGrid, int[], double[], int[])}}
     *
     * @param study a study made by {@link #study(String, SectionFiveGrid, int[], double[], int[])}
     * @param runner runs the points missing from the store (locally or on Spark)
     * @param root the folder of the study stores
     */
    public static List<SectionFiveGrid.Row> rows(Study study, SweepRunner runner, Path root) {
        if (!(study.sweep().experiment() instanceof PointRun run)) {
            throw new IllegalArgumentException("study = " + study.name() + "; allowed: a Section V grid study");
        }
        SweepResult r = study.result(runner, root);
        List<SectionFiveGrid.Row> rows = new ArrayList<>();
        List<Point> points = study.sweep().grid().points();
        for (int p = 0; p < points.size(); p++) {
            for (int d : run.tabsDs()) {
                int point = p;
                rows.add(row(points.get(p), d, name -> r.value(point, 0, name)));
            }
        }
        return rows;
    }

    /**
     * The point's rows as named values ({@code d1.kappa}, {@code d1.tabsEnergy.mean}, …).
     *
     * @param grid   the grid's sizes and seed
     * @param tabsDs the TABS-d compared at every point
     */
    public record PointRun(SectionFiveGrid grid, int[] tabsDs) implements Experiment {
        private static final long serialVersionUID = 1L;

        @Override
        public Map<String, Double> run(Point point, long seed) {
            Map<String, Double> values = new LinkedHashMap<>();
            for (SectionFiveGrid.Row row : grid.run(new int[] {point.integer("n")},
                    new double[] {point.number("lambda")}, tabsDs)) {
                String d = "d" + row.tabsD() + ".";
                Estimate[] estimates = {row.tabsEnergy(), row.tabsResponse(), row.rateIdleEnergy(),
                    row.rateIdleResponse(), row.powerEnergy(), row.powerResponse()};
                for (int i = 0; i < estimates.length; i++) {
                    values.put(d + ESTIMATES[i] + ".mean", estimates[i].mean());
                    values.put(d + ESTIMATES[i] + ".halfWidth", estimates[i].halfWidth());
                    values.put(d + ESTIMATES[i] + ".n", (double) estimates[i].n());
                }
                put(values, d + "advantage", row.advantage());
                put(values, d + "powerPenalty", row.powerPenalty());
                values.put(d + "kappa", row.kappa());
                values.put(d + "powerKappa", row.powerKappa());
                values.put(d + "sameSeedCorrelation", row.sameSeedCorrelation());
                values.put(d + "rateIdleBracketed", row.rateIdleBracketed() ? 1.0 : 0.0);
                values.put(d + "powerBracketed", row.powerBracketed() ? 1.0 : 0.0);
            }
            return values;
        }

        private static void put(Map<String, Double> values, String name, DifferenceInterval i) {
            values.put(name + ".mean", i.mean());
            values.put(name + ".halfWidth", i.halfWidth());
            values.put(name + ".df", i.df());
            values.put(name + ".paired", i.paired() ? 1.0 : 0.0);
        }
    }

    private static SectionFiveGrid.Row row(Point p, int tabsD, java.util.function.ToDoubleFunction<String> value) {
        String d = "d" + tabsD + ".";
        Estimate[] e = new Estimate[ESTIMATES.length];
        for (int i = 0; i < e.length; i++) {
            e[i] = new Estimate(value.applyAsDouble(d + ESTIMATES[i] + ".mean"),
                    value.applyAsDouble(d + ESTIMATES[i] + ".halfWidth"),
                    (int) value.applyAsDouble(d + ESTIMATES[i] + ".n"));
        }
        return new SectionFiveGrid.Row(p.integer("n"), p.number("lambda"), tabsD, e[0], e[1],
                value.applyAsDouble(d + "kappa"), e[2], e[3], interval(d + "advantage", value),
                value.applyAsDouble(d + "sameSeedCorrelation"), value.applyAsDouble(d + "powerKappa"), e[4], e[5],
                interval(d + "powerPenalty", value), value.applyAsDouble(d + "rateIdleBracketed") == 1.0,
                value.applyAsDouble(d + "powerBracketed") == 1.0);
    }

    private static DifferenceInterval interval(String name, java.util.function.ToDoubleFunction<String> value) {
        return new DifferenceInterval(value.applyAsDouble(name + ".mean"), value.applyAsDouble(name + ".halfWidth"),
                value.applyAsDouble(name + ".df"), value.applyAsDouble(name + ".paired") == 1.0);
    }
}
