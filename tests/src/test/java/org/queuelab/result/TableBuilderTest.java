package org.queuelab.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.guard.Require;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/** Row-by-row tables and the shared lookups of guard.Require. */
class TableBuilderTest {

    @Test
    void rowsFillTypedColumnsInOrder() {
        Table t = TableBuilder.named("t").ints("N").doubles("gap", "runs").strings("label").booleans("ok").longs("seed")
                .row(10, 0.5, 3, "a", true, 7L)
                .row(20, 0.25, 4, "b", false, 8)
                .build();
        assertEquals("t", t.name());
        assertEquals(List.of("N", "gap", "runs", "label", "ok", "seed"), t.columnNames());
        assertEquals(List.of(ColumnType.INTEGER, ColumnType.DOUBLE, ColumnType.DOUBLE, ColumnType.STRING,
                ColumnType.BOOLEAN, ColumnType.LONG), t.columns().stream().map(c -> c.type()).toList());
        assertEquals(2, t.rowCount());
        assertEquals(20, t.intColumn("N").get(1));
        assertEquals(0.25, t.doubleColumn("gap").get(1), 0);
        assertEquals(4.0, t.doubleColumn("runs").get(1), 0);
        assertEquals("b", t.stringColumn("label").get(1));
        assertEquals(false, t.booleanColumn("ok").get(1));
        assertEquals(8L, t.longColumn("seed").get(1));
    }

    @Test
    void refusesRowsThatDoNotFit() {
        TableBuilder b = TableBuilder.named("t").ints("N").doubles("x");
        IllegalArgumentException length = assertThrows(IllegalArgumentException.class, () -> b.row(1));
        assertTrue(length.getMessage().contains("one per column (2)"), length.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.row(1.5, 2.0)); // a double in an int column
        assertThrows(IllegalArgumentException.class, () -> b.row(1, null));
        assertThrows(IllegalArgumentException.class, () -> b.row(1, "x"));
        b.row(1, 2.0);
        assertThrows(IllegalStateException.class, () -> b.doubles("late"));
        assertEquals(1, b.rowCount());
    }

    @Test
    void addToAppendsBesideExistingColumnsAndNamesTheTable() {
        Table reference = Table.create("ref", DoubleColumn.create("lambda", 0.5, 0.9));
        Table t = TableBuilder.named("ours beside ref").doubles("ours").row(1.0).row(2.0).addTo(reference);
        assertEquals("ours beside ref", t.name());
        assertEquals(List.of("lambda", "ours"), t.columnNames());
        assertThrows(IllegalArgumentException.class,
                () -> TableBuilder.named("x").doubles("ours").row(1.0).addTo(Table.create("ref",
                        DoubleColumn.create("lambda", 0.5, 0.9))));
        assertEquals(1, TableBuilder.named("empty").doubles("a").row(1.0).addTo(Table.create("e")).rowCount());
    }

    @Test
    void requireLookupsNameWhatIsAllowed() {
        assertEquals(2, Require.oneOf("metric", Map.of("a", 2), "a"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Require.oneOf("metric", Map.of("a", 2), "b"));
        assertEquals("metric = b; allowed: one of [a]", e.getMessage());
        assertEquals(1, Require.indexIn("series", List.of("a", "b"), "b"));
        e = assertThrows(IllegalArgumentException.class, () -> Require.indexIn("series", List.of("a"), "c"));
        assertEquals("series = c; allowed: one of [a]", e.getMessage());
        assertEquals(3, Require.atLeast("d", 3, 1));
        e = assertThrows(IllegalArgumentException.class, () -> Require.atLeast("d", 0, 1));
        assertEquals("d = 0; allowed: d ≥ 1", e.getMessage());
    }
}
