package org.queuelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class ReferenceDataTest {

    @Test
    void referenceValueLookupFindsExactlyOneRow() {
        Table t = Table.create("c", StringColumn.create("quantity", "a", "b"), DoubleColumn.create("value", 1, 2));
        assertEquals(2.0, ReferenceData.value(t, "quantity", "b", "value"));
        assertThrows(IllegalArgumentException.class, () -> ReferenceData.value(t, "quantity", "c", "value"));
        Table twice = Table.create("c", StringColumn.create("quantity", "a", "a"), DoubleColumn.create("value", 1, 2));
        assertThrows(IllegalArgumentException.class, () -> ReferenceData.value(twice, "quantity", "a", "value"));
    }

    /** The work's own largest queues sit beside the prototype's (data/sqdn/fixed_point_summary.csv). */
    @Test
    void rowFindsTheWorksNumbersBesideThePrototypes() {
        Table summary = ReferenceData.load("sqdn/fixed_point_summary.csv");
        assertEquals(5, ReferenceData.row(summary, Map.of("lambda", 0.995, "d", 2)).getInt("work_max_queue"));
        assertEquals(5, ReferenceData.row(summary, Map.of("lambda", 0.995, "d", 2)).getInt("max_queue"));
        assertEquals(3, ReferenceData.row(summary, Map.of("lambda", 0.995, "d", 3)).getInt("work_max_queue"));
        assertEquals(4, ReferenceData.row(summary, Map.of("lambda", 0.995, "d", 3)).getInt("max_queue"));
        assertTrue(ReferenceData.row(summary, Map.of("lambda", 0.9, "d", 2)).isMissing("work_max_queue"), "no number of the work there");
    }

    /** Numeric and text keys together; the top level of λ = 0.995, d = 2 is the slot sum of fixed_points.csv. */
    @Test
    void rowTakesNumericAndTextKeysTogether() {
        Table marginals = ReferenceData.load("sqdn/queue_marginals.csv");
        double top = ReferenceData.row(marginals, Map.of("lambda", 0.995, "d", 2, "i", 5)).getNumber("x");
        Table entries = ReferenceData.load("sqdn/fixed_points.csv");
        double slotSum = entries.where(entries.numberColumn("lambda").isEqualTo(0.995)
                .and(entries.intColumn("d").isEqualTo(2)).and(entries.intColumn("i").isEqualTo(5)))
                .numberColumn("x").sum();
        assertEquals(slotSum, top, 1e-12);
        Table checkpoints = ReferenceData.load("sqdn/simulation_checkpoints.csv");
        double low = ReferenceData.row(checkpoints, Map.of("scenario", "high-load-44", "quantity", "L_S_min"))
                .getNumber("value");
        double high = ReferenceData.row(checkpoints, Map.of("scenario", "high-load-44", "quantity", "L_S_max"))
                .getNumber("value");
        assertTrue(low < high, low + " < " + high);
    }

    @Test
    void rowRefusesAnythingButOneRow() {
        Table summary = ReferenceData.load("sqdn/fixed_point_summary.csv");
        Table checkpoints = ReferenceData.load("sqdn/simulation_checkpoints.csv");
        assertThrows(IllegalArgumentException.class, () -> ReferenceData.row(summary, Map.of("lambda", 0.5, "d", 2)));          // no row
        assertThrows(IllegalArgumentException.class,
                () -> ReferenceData.row(checkpoints, Map.of("scenario", "high-load-44")));           // three rows
        assertThrows(IllegalArgumentException.class, () -> ReferenceData.row(summary, Map.of("mu", 1))); // no column
        assertThrows(IllegalArgumentException.class,
                () -> ReferenceData.row(checkpoints, Map.of("scenario", 1)));                        // number on text
        assertThrows(IllegalArgumentException.class, () -> ReferenceData.row(summary, Map.of()));
    }
}
