package org.queuelab.repro.tabs;

import java.util.Map;
import java.util.function.Function;

import org.queuelab.analysis.ReferenceNoise;
import org.queuelab.report.Checks;
import org.queuelab.result.Estimate;
import org.queuelab.result.TableBuilder;
import org.queuelab.sim.event.TabsSweepResult;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

/**
 * Puts a sweep's estimates beside reference numbers that are themselves simulation estimates (the CSVs of
 * {@code data/tabs}, transcribed from docs/tabs.md §6–§7) and records one check per number, with a tolerance
 * from the noise of both sides ({@link ReferenceNoise}). Unlike {@link org.queuelab.analysis.Comparison}
 * (exact reference numbers aligned row by row with ours), each reference row is looked up in the sweep by curve and
 * abscissa, and the tolerance comes from the replications rather than from the caller.
 */
public final class SimulatedReferenceComparison {

    private SimulatedReferenceComparison() {
    }

    /**
     * For every row of {@code reference} and every (reference column → metric) pair: our estimate at
     * (seriesOf(row), row[xColumn]), the reference value, the tolerance given by {@code noise} and whether it
     * passes; each is also recorded in {@code checks} under {@code figure} — except a number whose tolerance is at
     * least its own size (|ours − reference| ≤ tolerance would then accept ours = 0: a check without power, e.g. a
     * waiting time near 0 at large µ with few replications). Such rows are shown with {@code judged} false and
     * {@code pass} false, and are not evidence.
     *
     * @param ours           the sweep
     * @param reference      reference rows
     * @param seriesOf       the sweep curve a reference row belongs to
     * @param xColumn        the reference column holding the abscissa (e.g. {@code standby_mean})
     * @param columnToMetric reference column → sweep metric, e.g. {@code E06 → energy}
     * @param noise          what is known about the reference's uncertainty
     * @param checks         where the checks are recorded
     * @param figure         figure label for the checks
     * @return one row per compared number
     */
    public static Table compare(TabsSweepResult ours, Table reference, Function<Row, String> seriesOf,
                                String xColumn, Map<String, String> columnToMetric, ReferenceNoise noise,
                                Checks checks, String figure) {
        double ourWindow = ours.plan().horizon() - ours.plan().warmup();
        TableBuilder t = TableBuilder.named(figure + ": ours beside the reference").strings("series").doubles(xColumn)
                .strings("quantity").doubles("reference", "ours", "ours ±95%", "tolerance").booleans("judged", "pass");
        for (Row row : reference) {
            String s = seriesOf.apply(row);
            double at = row.getNumber(xColumn);
            for (Map.Entry<String, String> e : columnToMetric.entrySet()) {
                double r = row.getNumber(e.getKey());
                Estimate est = ours.estimate(s, at, e.getValue());
                double tolerance = noise.tolerance(e.getKey(), r, est, ourWindow);
                boolean hasPower = r == 0 || tolerance < Math.abs(r);
                boolean passes = hasPower && checks.absolute(figure, e.getValue() + " " + s + " @ " + xColumn + " = "
                        + at, r, est.mean(), tolerance).pass();
                t.row(s, at, e.getValue(), r, est.mean(), est.halfWidth(), tolerance, hasPower, passes);
            }
        }
        return t.build();
    }
}
