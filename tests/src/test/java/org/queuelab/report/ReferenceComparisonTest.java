package org.queuelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

class ReferenceComparisonTest {

    private static Table t(String name, double[] key, double[] a) {
        return Table.create(name, DoubleColumn.create("t", key), DoubleColumn.create("a", a));
    }

    @Test
    void besideListsOursReferenceAndTheDifference() {
        Table ours = t("ours", new double[] {0, 5}, new double[] {0.30, 0.41});
        Table ref = t("ref", new double[] {0, 5}, new double[] {0.30, 0.40});
        Table b = ReferenceComparison.beside(ours, ref, "t", List.of("a"));
        assertEquals(List.of("t", "a", "a (ref)", "|Δ| a"), b.columnNames());
        assertEquals(0.01, b.doubleColumn("|Δ| a").get(1), 1e-12);
    }

    @Test
    void worstPicksTheLargestErrorAndSkipsMissingReferences() {
        Table ours = t("ours", new double[] {0, 1, 2}, new double[] {1, 2, 30});
        Table ref = t("ref", new double[] {0, 1, 2}, new double[] {1.5, 2, Double.NaN}); // NaN is missing in Tablesaw
        ReferenceComparison.Worst w = ReferenceComparison.worst(ours, ref, "t", "a");
        assertEquals(0.0, w.key(), 0);
        assertEquals(0.5, w.error(), 1e-12);
        assertEquals(1.5, w.reference(), 0);
        assertEquals(1.0, w.ours(), 0);
    }

    @Test
    void aNaNOfOursIsReportedNotHidden() {
        Table ours = t("ours", new double[] {0, 1}, new double[] {1, Double.NaN});
        Table ref = t("ref", new double[] {0, 1}, new double[] {1, 2});
        assertTrue(Double.isNaN(ReferenceComparison.worst(ours, ref, "t", "a").error()));
    }

    @Test
    void mismatchedKeysAreRejected() {
        Table ours = t("ours", new double[] {0, 1}, new double[] {1, 2});
        Table other = t("ref", new double[] {0, 2}, new double[] {1, 2});
        Table shorter = t("ref", new double[] {0}, new double[] {1});
        assertThrows(IllegalArgumentException.class, () -> ReferenceComparison.beside(ours, other, "t", List.of("a")));
        assertThrows(IllegalArgumentException.class, () -> ReferenceComparison.worst(ours, shorter, "t", "a"));
        assertThrows(IllegalArgumentException.class, () -> ReferenceComparison.beside(ours, ours, "t", List.of("b")));
    }
}
