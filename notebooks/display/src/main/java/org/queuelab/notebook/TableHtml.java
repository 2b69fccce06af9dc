package org.queuelab.notebook;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * HTML for a Tablesaw {@link Table}: caption (the table's name and shape), header, and rows as the columns print
 * them (so a column's own formatter applies), except that doubles left with Tablesaw's default formatter are shown
 * with ten significant digits. A table is shown whole — in a box of its own that scrolls when it has more than
 * {@link #SCROLL_ROWS} rows, so the notebook stays readable — up to {@link #MAX_ROWS} rows; only longer tables show
 * their first and last rows around a row that says how many are left out. (tablesaw-core has no HTML writer of its
 * own.)
 */
public final class TableHtml {

    /** Tables up to this many rows are shown whole (a check table or a survey of a few hundred rows is). */
    public static final int MAX_ROWS = 2000;
    /** Tables with more rows than this are shown in a box that scrolls, about this many rows high. */
    public static final int SCROLL_ROWS = 25;
    /** Rows shown at each end of a table longer than {@link #MAX_ROWS}. */
    public static final int EDGE_ROWS = 100;
    /** Rows of the plain-text form (the HTML form is the one a notebook shows). */
    public static final int TEXT_ROWS = 60;

    private TableHtml() {
    }

    /** The table as an HTML {@code <table>}. */
    public static String html(Table table) {
        boolean scroll = table.rowCount() > SCROLL_ROWS;
        StringBuilder sb = new StringBuilder(scroll
                ? "<div class=\"queuelab-table-scroll\" style=\"max-height:" + (2 * SCROLL_ROWS) + "em;overflow:auto\">\n"
                : "").append("<table class=\"queuelab-table\">\n<caption style=\"text-align:left\">")
                .append(escape(table.name() == null ? "" : table.name()))
                .append(" <span style=\"font-weight:normal\">(").append(table.rowCount()).append(" rows × ")
                .append(table.columnCount()).append(" columns)</span></caption>\n<thead><tr>");
        for (Column<?> c : table.columns()) {
            sb.append("<th>").append(escape(c.name())).append("</th>");
        }
        sb.append("</tr></thead>\n<tbody>\n");
        int n = table.rowCount();
        if (n <= MAX_ROWS) {
            rows(sb, table, 0, n);
        } else {
            rows(sb, table, 0, EDGE_ROWS);
            sb.append("<tr><td colspan=\"").append(table.columnCount()).append("\">… ").append(n - 2 * EDGE_ROWS)
                    .append(" rows not shown (write the table to a file to read them all) …</td></tr>\n");
            rows(sb, table, n - EDGE_ROWS, n);
        }
        return sb.append("</tbody>\n</table>\n").append(scroll ? "</div>\n" : "").toString();
    }

    /** The table as plain text (Tablesaw's own printout, at most {@link #TEXT_ROWS} rows). */
    public static String text(Table table) {
        return table.print(TEXT_ROWS);
    }

    private static void rows(StringBuilder sb, Table table, int from, int to) {
        List<Column<?>> columns = table.columns();
        boolean[] compact = new boolean[columns.size()];
        for (int k = 0; k < compact.length; k++) {
            compact[k] = hasDefaultDoubleFormat(columns.get(k));
        }
        for (int r = from; r < to; r++) {
            sb.append("<tr>");
            for (int k = 0; k < compact.length; k++) {
                Column<?> c = columns.get(k);
                String cell = compact[k] && !c.isMissing(r) ? compact(((DoubleColumn) c).getDouble(r)) : c.getString(r);
                sb.append(compact[k] ? "<td style=\"text-align:right;white-space:nowrap\">" : "<td>").append(escape(cell)).append("</td>");
            }
            sb.append("</tr>\n");
        }
    }

    /**
     * Whether a column is a DoubleColumn still printed by Tablesaw's default formatter, which writes every digit
     * without an exponent (0.7290000000000001, 0.0000000000000000002147…). A formatter the notebook set is kept.
     */
    static boolean hasDefaultDoubleFormat(Column<?> c) {
        if (!(c instanceof DoubleColumn d)) {
            return false;
        }
        for (int r = 0; r < d.size(); r++) {
            if (!d.isMissing(r)) {
                return d.getString(r).equals(DoubleColumn.create("probe", new double[] {d.getDouble(r)}).getString(0));
            }
        }
        return false;
    }

    /** Ten significant digits, trailing zeros dropped; an exponent outside [1e-4, 1e9). */
    static String compact(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v == 0 ? "0" : Double.toString(v);
        }
        double a = Math.abs(v);
        BigDecimal rounded = new BigDecimal(v).round(SIGNIFICANT).stripTrailingZeros();
        if (a >= 1e-4 && a < 1e9) {
            return rounded.toPlainString();
        }
        String mantissa = rounded.unscaledValue().abs().toString();
        int exponent = mantissa.length() - 1 - rounded.scale();
        String m = mantissa.length() == 1 ? mantissa : mantissa.charAt(0) + "." + mantissa.substring(1);
        return (v < 0 ? "-" : "") + m + "e" + exponent;
    }

    private static final MathContext SIGNIFICANT = new MathContext(10, RoundingMode.HALF_EVEN);

    /** Escapes the five HTML special characters. */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }
}
