package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.queuelab.report.ReferenceData;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

class MemoryComparisonTest {

    /**
     * λ = 0.9, d = 2, N = 500: the fluid equilibria are 2.352652 (SQ(d)) and 1.721408 (SQ(d,N)) (data/sqdn/mean_queue_sqd_vs_sqdn.csv),
     * 0.63 apart. Short runs: the tolerance 0.1 only asks that each system is the right one, and the intervals
     * must separate the two.
     */
    @Test
    void memoryShortensQueuesAtTheSameCommunication() {
        MemoryComparison.Simulated s = MemoryComparison.simulate(0.9, 2, 500, 20, 80, 30, 4, 7L);
        assertEquals(2.352652, s.sqdMean().mean(), 0.1);
        assertEquals(1.721408, s.sqdnMean().mean(), 0.1);
        assertTrue(s.sqdnMean().upper() < s.sqdMean().lower(), s.sqdnMean() + " vs " + s.sqdMean());
        assertEquals(s.sqdMean().mean(), s.sqdTail().meanQueueLength(), 1e-9);
        assertEquals(s.sqdnMean().mean(), s.sqdnTail().meanQueueLength(), 1e-9);
        assertEquals(0.9, s.sqdnTail().atLeast(1).mean(), 0.03);
        Table tails = s.tailTable();
        assertTrue(tails.rowCount() >= 5);
        assertEquals(1.0, tails.doubleColumn("SQ(d,N)").getDouble(0), 1e-12);
        assertEquals(1, s.summary().rowCount());
        assertEquals(7L, s.summary().longColumn("seed").get(0));
        // same seed, same result
        MemoryComparison.Simulated again = MemoryComparison.simulate(0.9, 2, 500, 20, 80, 30, 4, 7L);
        assertEquals(s.sqdnMean(), again.sqdnMean());
        assertEquals(s.sqdMean(), again.sqdMean());
    }

    /** data/sqdn/mean_queue_sqd_vs_sqdn.csv, both columns to 1e−6, and SQ(d,N) below SQ(d) everywhere (docs/sqdn.md §9.4). */
    @Test
    void fluidEquilibriaMatchTableD() {
        Table t = MemoryComparison.fluidTable(ReferenceData.load("sqdn/mean_queue_sqd_vs_sqdn.csv"));
        assertEquals(14, t.rowCount());
        for (Row r : t) {
            String at = "λ = " + r.getDouble("lambda") + ", d = " + r.getInt("d");
            assertEquals(r.getDouble("sqd_mean_queue"), r.getDouble("SQ(d)"), 1e-6, at);
            assertEquals(r.getDouble("sqdn_mean_queue"), r.getDouble("SQ(d,N)"), 1e-6, at);
            assertTrue(r.getDouble("SQ(d,N)") < r.getDouble("SQ(d)"), at);
        }
        Table tails = MemoryComparison.fluidTails(new double[] {0.9}, 2, 6);
        assertEquals(0.478297, tails.doubleColumn("SQ(d)").getDouble(3), 1e-6);
        assertEquals(0.0, tails.doubleColumn("SQ(d,N)").getDouble(4), 0);      // nothing above j*+1 = 3
        assertTrue(tails.doubleColumn("SQ(d,N)").getDouble(3) > 0);
        assertEquals(2, MemoryComparison.tailFigure(tails).getTraces().length);   // one λ: two lines
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> MemoryComparison.simulate(1.0, 2, 100, 20, 10, 1, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> MemoryComparison.simulate(0.5, 0, 100, 20, 10, 1, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> MemoryComparison.simulate(0.5, 200, 100, 20, 10, 1, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> MemoryComparison.simulate(0.5, 2, 100, 20, 10, 10, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> MemoryComparison.simulate(0.5, 2, 100, 20, 10, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> MemoryComparison.simulate(0.5, 2, 100, 1, 10, 1, 2, 1));
    }
}
