package org.queuelab.notebook;

import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * HTML for a Tablesaw {@link Table}: caption (the table's name and shape), header, and rows as the columns print
 * them (so a column's own formatter applies). Long tables show their first and last rows around an ellipsis row.
 * (tablesaw-core has no HTML writer of its own.)
 */
public final class TableHtml {

    /** Tables up to this many rows are shown whole. */
    public static final int MAX_ROWS = 60;
    /** Rows shown at each end of a longer table. */
    public static final int EDGE_ROWS = 25;

    private TableHtml() {
    }

    /** The table as an HTML {@code <table>}. */
    public static String html(Table table) {
        StringBuilder sb = new StringBuilder("<table class=\"queuelab-table\">\n<caption style=\"text-align:left\">")
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
            sb.append("<tr>");
            for (int c = 0; c < table.columnCount(); c++) {
                sb.append("<td>…</td>");
            }
            sb.append("</tr>\n");
            rows(sb, table, n - EDGE_ROWS, n);
        }
        return sb.append("</tbody>\n</table>\n").toString();
    }

    /** The table as plain text (Tablesaw's own printout, at most {@link #MAX_ROWS} rows). */
    public static String text(Table table) {
        return table.print(MAX_ROWS);
    }

    private static void rows(StringBuilder sb, Table table, int from, int to) {
        for (int r = from; r < to; r++) {
            sb.append("<tr>");
            for (Column<?> c : table.columns()) {
                sb.append("<td>").append(escape(c.getString(r))).append("</td>");
            }
            sb.append("</tr>\n");
        }
    }

    /** Escapes the five HTML special characters. */
    static String escape(String s) {
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
