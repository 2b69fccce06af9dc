package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

class ExtremumTest {

    private static final Table PATH = Table.create("p", DoubleColumn.create("t", 0, 1, 2, 3, 4),
            DoubleColumn.create("q", 0, 3, 1, 3, Double.NaN));

    @Test
    void maxAndMinWithTheEarliestTimeOnTies() {
        assertEquals(new Extremum("q", 1, 3), Extremum.max(PATH, "t", "q", 0, 4));
        assertEquals(new Extremum("q", 0, 0), Extremum.min(PATH, "t", "q", 0, 4));
        assertEquals(new Extremum("q", 2, 1), Extremum.min(PATH, "t", "q", 1, 4));   // NaN skipped
    }

    @Test
    void tableOfNamedExtremes() {
        Table t = Extremum.table(PATH, "t", java.util.List.of("max q", "min q"), 1, 4);
        assertEquals(3.0, t.doubleColumn("value").get(0), 0);
        assertEquals(1.0, t.doubleColumn("t").get(0), 0);
        assertEquals(1.0, t.doubleColumn("value").get(1), 0);
        assertEquals("min q", t.stringColumn("quantity").get(1));
        assertThrows(IllegalArgumentException.class, () -> Extremum.table(PATH, "t", java.util.List.of("peak q"), 0, 4));
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Extremum.max(PATH, "t", "zz", 0, 4));
        assertThrows(IllegalArgumentException.class, () -> Extremum.max(PATH, "t", "q", 3.5, 4));
        assertThrows(IllegalArgumentException.class, () -> Extremum.max(PATH, "t", "q", 2, 1));
    }
}
