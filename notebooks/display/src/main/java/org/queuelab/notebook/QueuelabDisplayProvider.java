package org.queuelab.notebook;

import java.util.List;

import org.rapaio.jupyter.kernel.display.DisplayData;
import org.rapaio.jupyter.kernel.display.DisplayRenderer;
import org.rapaio.jupyter.kernel.display.DisplayTransformer;
import org.rapaio.jupyter.kernel.display.spi.DisplayProvider;

import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * rapaio-jupyter-kernel display SPI (registered in {@code META-INF/services}): a cell ending with a Tablesaw
 * {@link Table} shows an HTML table, one ending with a plotly {@link Figure} draws it offline, one ending with
 * {@link Notebook#sideBySide} draws a row of figures. Every output also carries text/plain, for logs and diffs.
 */
public final class QueuelabDisplayProvider implements DisplayProvider {

    @Override
    public List<DisplayRenderer> getDisplayRenderers() {
        return List.of(new TableRenderer(), new FigureRenderer(), new FigureRowRenderer());
    }

    @Override
    public List<DisplayTransformer> getDisplayTransformers() {
        return List.of();
    }

    /** Whether a requested MIME type is served: none requested (null), HTML, or plain text. */
    static boolean servesMime(String mime) {
        return mime == null || mime.isEmpty() || mime.contains("html") || mime.contains("text");
    }

    static DisplayData htmlAndText(String html, String text) {
        DisplayData dd = DisplayData.fromHtml(html);
        dd.putText(text);
        return dd;
    }

    /** Renders a Tablesaw table. */
    public static final class TableRenderer implements DisplayRenderer {
        @Override
        public Class<?> rendererClass() {
            return Table.class;
        }

        @Override
        public boolean canRender(String mime) {
            return servesMime(mime);
        }

        @Override
        public DisplayData render(String mime, Object o) {
            Table t = (Table) o;
            return htmlAndText(TableHtml.html(t), TableHtml.text(t));
        }
    }

    /** Renders a plotly figure; the first one of a session carries plotly.js. */
    public static final class FigureRenderer implements DisplayRenderer {
        @Override
        public Class<?> rendererClass() {
            return Figure.class;
        }

        @Override
        public boolean canRender(String mime) {
            return servesMime(mime);
        }

        @Override
        public DisplayData render(String mime, Object o) {
            Figure f = (Figure) o;
            return htmlAndText(FigureHtml.html(f, FigureHtml.newId(), FigureHtml.includePlotlyOnce()),
                    "Plotly figure" + titleOf(f));
        }
    }

    /** Renders figures side by side. */
    public static final class FigureRowRenderer implements DisplayRenderer {
        @Override
        public Class<?> rendererClass() {
            return Notebook.FigureRow.class;
        }

        @Override
        public boolean canRender(String mime) {
            return servesMime(mime);
        }

        @Override
        public DisplayData render(String mime, Object o) {
            Notebook.FigureRow row = (Notebook.FigureRow) o;
            StringBuilder text = new StringBuilder(row.toString());
            row.figures().forEach(f -> text.append("\n  Plotly figure").append(titleOf(f)));
            return htmlAndText(FigureHtml.row(row.figures(), FigureHtml.includePlotlyOnce()), text.toString());
        }
    }

    private static String titleOf(Figure f) {
        String title = f.getLayout() == null ? null : f.getLayout().getTitle();
        return title == null || title.isEmpty() ? "" : ": " + title;
    }
}
