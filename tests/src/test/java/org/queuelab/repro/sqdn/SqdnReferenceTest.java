package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.report.ReferenceData;

import tech.tablesaw.api.Table;

class SqdnReferenceTest {

    /** The work's own largest queues sit beside the prototype's (data/sqdn/fixed_point_summary.csv). */
    @Test
    void workNumbersBesideThePrototypes() {
        Table summary = ReferenceData.load("sqdn/fixed_point_summary.csv");
        assertEquals(5, SqdnReference.at(summary, 0.995, 2).getInt("work_max_queue"));
        assertEquals(5, SqdnReference.at(summary, 0.995, 2).getInt("max_queue"));
        assertEquals(3, SqdnReference.at(summary, 0.995, 3).getInt("work_max_queue"));
        assertEquals(4, SqdnReference.at(summary, 0.995, 3).getInt("max_queue"));
        assertTrue(SqdnReference.at(summary, 0.9, 2).isMissing("work_max_queue"), "no number of the work there");
    }

    /** Numeric and text keys together; the top level of λ = 0.995, d = 2 is the slot sum of fixed_points.csv. */
    @Test
    void mixedKeys() {
        Table marginals = ReferenceData.load("sqdn/queue_marginals.csv");
        double top = SqdnReference.row(marginals, Map.of("lambda", 0.995, "d", 2, "i", 5)).getNumber("x");
        Table entries = ReferenceData.load("sqdn/fixed_points.csv");
        double slotSum = entries.where(entries.numberColumn("lambda").isEqualTo(0.995)
                .and(entries.intColumn("d").isEqualTo(2)).and(entries.intColumn("i").isEqualTo(5)))
                .numberColumn("x").sum();
        assertEquals(slotSum, top, 1e-12);
        Table checkpoints = ReferenceData.load("sqdn/simulation_checkpoints.csv");
        double low = SqdnReference.row(checkpoints, Map.of("scenario", "high-load-44", "quantity", "L_S_min"))
                .getNumber("value");
        double high = SqdnReference.row(checkpoints, Map.of("scenario", "high-load-44", "quantity", "L_S_max"))
                .getNumber("value");
        assertTrue(low < high, low + " < " + high);
    }

    @Test
    void refusesAnythingButOneRow() {
        Table summary = ReferenceData.load("sqdn/fixed_point_summary.csv");
        Table checkpoints = ReferenceData.load("sqdn/simulation_checkpoints.csv");
        assertThrows(IllegalArgumentException.class, () -> SqdnReference.at(summary, 0.5, 2));          // no row
        assertThrows(IllegalArgumentException.class,
                () -> SqdnReference.row(checkpoints, Map.of("scenario", "high-load-44")));           // three rows
        assertThrows(IllegalArgumentException.class, () -> SqdnReference.row(summary, Map.of("mu", 1))); // no column
        assertThrows(IllegalArgumentException.class,
                () -> SqdnReference.row(checkpoints, Map.of("scenario", 1)));                        // number on text
        assertThrows(IllegalArgumentException.class, () -> SqdnReference.row(summary, Map.of()));
    }
}
