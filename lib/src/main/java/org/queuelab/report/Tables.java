package org.queuelab.report;

import java.util.Objects;
import java.util.TreeSet;

import tech.tablesaw.api.Table;

/**
 * Readable views of long tables for notebooks: the whole range in a few rows, instead of a cut at one end
 * ({@code first(n)}) that hides the rest.
 */
public final class Tables {

    private Tables() {
    }

    /**
     * {@code rows} rows spread evenly over the table, the first and the last included (all rows when the table has no
     * more than {@code rows}); e.g. a trajectory of 1 001 time points shown at 11 times across its whole horizon. The
     * name says which rows are shown.
     *
     * @param table the table to show, not null
     * @param rows  how many rows to show, ≥ 2 (the first and the last)
     * @return the table itself when it has at most {@code rows} rows, otherwise a new table of the picked rows in
     *         order, named "&lt;name&gt;: k of n rows, evenly spread from the first to the last"
     * @throws IllegalArgumentException if {@code rows} &lt; 2
     */
    public static Table spread(Table table, int rows) {
        Objects.requireNonNull(table, "table");
        if (rows < 2) {
            throw new IllegalArgumentException("rows = " + rows + "; allowed: rows ≥ 2 (the first and the last)");
        }
        int n = table.rowCount();
        if (n <= rows) {
            return table;
        }
        TreeSet<Integer> picked = new TreeSet<>();
        for (int k = 0; k < rows; k++) {
            picked.add((int) Math.round((double) k * (n - 1) / (rows - 1)));
        }
        Table t = table.rows(picked.stream().mapToInt(Integer::intValue).toArray());
        t.setName((table.name() == null || table.name().isBlank() ? "" : table.name() + ": ") + picked.size()
                + " of " + n + " rows, evenly spread from the first to the last");
        return t;
    }
}
