package org.queuelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
