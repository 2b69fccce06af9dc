package org.queuelab.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * A Tablesaw table filled row by row: declare the typed columns once, in order, then append one value per column
 * for each row. It replaces the pattern "create one column per quantity, append to each in a loop, assemble".
 *
 * <pre>{@code
 * // given: points, reference(n)
 * TableBuilder t = TableBuilder.named("gaps").ints("N").doubles("gap", "c/sqrt(N)");
 * for (Point p : points) {
 *     t.row(p.n(), p.gap(), reference(p.n()));
 * }
 * return t.build();
 * }</pre>
 *
 * A double column takes any {@link Number} (as Java widens it); an int column an {@link Integer}; a long column an
 * {@link Integer} or {@link Long}; a string column a {@link String}; a boolean column a {@link Boolean}. A row of
 * the wrong length, a {@code null} or a value of another type is refused.
 */
public final class TableBuilder {

    private final String name;
    private final List<Column<?>> columns = new ArrayList<>();
    private int rows;

    private TableBuilder(String name) {
        this.name = name;
    }

    /**
     * {@return an empty builder for a table called {@code name}}
     *
     * @param name the column name, distinct within the table
     */
    public static TableBuilder named(String name) {
        return new TableBuilder(Objects.requireNonNull(name, "name"));
    }

    /**
     * {@return appends double columns}
     *
     * @param names column names, distinct within the table
     */
    public TableBuilder doubles(String... names) {
        return add(names, DoubleColumn::create);
    }

    /**
     * {@return appends int columns}
     *
     * @param names column names, distinct within the table
     */
    public TableBuilder ints(String... names) {
        return add(names, IntColumn::create);
    }

    /**
     * {@return appends long columns}
     *
     * @param names column names, distinct within the table
     */
    public TableBuilder longs(String... names) {
        return add(names, LongColumn::create);
    }

    /**
     * {@return appends string columns}
     *
     * @param names column names, distinct within the table
     */
    public TableBuilder strings(String... names) {
        return add(names, StringColumn::create);
    }

    /**
     * {@return appends boolean columns}
     *
     * @param names column names, distinct within the table
     */
    public TableBuilder booleans(String... names) {
        return add(names, BooleanColumn::create);
    }

    private TableBuilder add(String[] names, java.util.function.Function<String, Column<?>> create) {
        if (rows > 0) {
            throw new IllegalStateException("columns must be declared before the first row");
        }
        for (String n : names) {
            columns.add(create.apply(Objects.requireNonNull(n, "column name")));
        }
        return this;
    }

    /**
     * Appends one row: one value per declared column, in declaration order.
     *
     * @param values one value per declared column, in declaration order
     * @return this builder
     * @throws IllegalArgumentException if the number of values differs from the number of columns, or a value is
     *                                  null or of a type its column does not take
     */
    public TableBuilder row(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("values = " + values.length + "; allowed: one per column ("
                    + columns.size() + ")");
        }
        for (int c = 0; c < values.length; c++) {
            append(columns.get(c), values[c]);
        }
        rows++;
        return this;
    }

    private static void append(Column<?> column, Object value) {
        if (column instanceof DoubleColumn d && value instanceof Number v) {
            d.append(v.doubleValue());
        } else if (column instanceof IntColumn i && value instanceof Integer v) {
            i.append(v);
        } else if (column instanceof LongColumn l && (value instanceof Long || value instanceof Integer)) {
            l.append(((Number) value).longValue());
        } else if (column instanceof StringColumn s && value instanceof String v) {
            s.append(v);
        } else if (column instanceof BooleanColumn b && value instanceof Boolean v) {
            b.append(v);
        } else {
            throw new IllegalArgumentException("column " + column.name() + " (" + column.type().name() + ") = "
                    + value + "; allowed: a non-null value of the column's type");
        }
    }

    /** {@return the number of rows appended so far} */
    public int rowCount() {
        return rows;
    }

    /** {@return the table of the declared columns and appended rows} */
    public Table build() {
        return Table.create(name, columns.toArray(new Column<?>[0]));
    }

    /**
     * Adds the declared columns (rows appended so far) to the right of {@code table}, which must have as many rows
     * or no column yet, and gives it this builder's name.
     *
     * @param table a table whose rows the columns are added to
     * @return {@code table}, with the columns added and renamed
     */
    public Table addTo(Table table) {
        Objects.requireNonNull(table, "table");
        if (table.columnCount() > 0 && table.rowCount() != rows) {
            throw new IllegalArgumentException("table rows = " + table.rowCount() + "; allowed: " + rows
                    + " (the rows appended here)");
        }
        table.setName(name);
        return table.addColumns(columns.toArray(new Column<?>[0]));
    }
}
