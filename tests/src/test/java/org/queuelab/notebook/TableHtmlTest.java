package org.queuelab.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class TableHtmlTest {

    @Test
    void smallTableIsShownWholeWithCaptionHeaderAndEscapedCells() {
        Table t = Table.create("a < b & 'c'", IntColumn.create("n", new int[] {1, 2}),
                StringColumn.create("s<tag>", "<script>alert(1)</script>", "x\"y"));
        String html = TableHtml.html(t);
        assertTrue(html.contains("<caption style=\"text-align:left\">a &lt; b &amp; &#39;c&#39; "), html);
        assertTrue(html.contains("(2 rows × 2 columns)"), html);
        assertTrue(html.contains("<th>n</th><th>s&lt;tag&gt;</th>"), html);
        assertTrue(html.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"), html);
        assertTrue(html.contains("<td>x&quot;y</td>"), html);
        assertEquals(2 + 1, count(html, "<tr>"), html); // header + 2 rows
    }

    @Test
    void tableOfSomeHundredRowsIsShownWholeInAScrollingBox() {
        String html = TableHtml.html(Table.create("checks", DoubleColumn.create("v", values(338))));
        assertEquals(1 + 338, count(html, "<tr>"), "header and every row");
        assertTrue(html.contains(">169</td>"), "the middle rows too");
        assertTrue(html.startsWith("<div class=\"queuelab-table-scroll\""), html.substring(0, 80));
        assertFalse(TableHtml.html(Table.create("short", DoubleColumn.create("v", values(10)))).contains("<div"),
                "a short table needs no box");
    }

    @Test
    void veryLongTableShowsBothEndsAroundARowThatCountsTheRest() {
        int n = 5000;
        String html = TableHtml.html(Table.create("long", DoubleColumn.create("v", values(n))));
        assertEquals(1 + 2 * TableHtml.EDGE_ROWS + 1, count(html, "<tr>"), "header, both ends, the count row");
        assertTrue(html.contains("… " + (n - 2 * TableHtml.EDGE_ROWS) + " rows not shown"), html);
        assertTrue(html.contains(">0</td>"), html);
        assertTrue(html.contains(">4999</td>"), html);
        assertFalse(html.contains(">2500</td>"), "middle rows are elided");
        assertTrue(html.contains("(5000 rows × 1 columns)"));
    }

    private static double[] values(int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = i;
        }
        return v;
    }

    @Test
    void plainTextIsTablesawsPrintout() {
        Table t = Table.create("tiny", IntColumn.create("n", new int[] {7}));
        assertEquals(t.print(TableHtml.TEXT_ROWS), TableHtml.text(t));
        assertTrue(TableHtml.text(t).contains("7"));
    }

    @Test
    void defaultFormattedDoublesAreShownWithTenSignificantDigits() {
        assertEquals("0.729", TableHtml.compact(0.7290000000000001));
        assertEquals("9", TableHtml.compact(8.999999999999993));
        assertEquals("0.4782969", TableHtml.compact(0.47829690000000014));
        assertEquals("2.14703887e-19", TableHtml.compact(2.1470388702543375E-19));
        assertEquals("-1.5e-7", TableHtml.compact(-1.5e-7));
        assertEquals("1.234567891e12", TableHtml.compact(1234567891234.0));
        assertEquals("0", TableHtml.compact(0.0));
        assertEquals("0.0001", TableHtml.compact(1e-4));
        String html = TableHtml.html(Table.create("t", DoubleColumn.create("y", new double[] {0.7290000000000001, Double.NaN})));
        assertTrue(html.contains(">0.729</td>"), html);
    }

    @Test
    void aFormatterSetByTheNotebookIsKept() {
        DoubleColumn y = DoubleColumn.create("y", new double[] {0.7290000000000001});
        y.setPrintFormatter(new java.text.DecimalFormat("0.0"), "missing");
        assertFalse(TableHtml.hasDefaultDoubleFormat(y));
        assertTrue(TableHtml.html(Table.create("t", y)).contains(">0.7</td>"));
    }

    private static int count(String s, String part) {
        int k = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            k++;
        }
        return k;
    }
}
