package org.queuelab.notebook;

import java.util.List;

import org.rapaio.jupyter.kernel.display.DisplayData;
import org.rapaio.jupyter.kernel.display.DisplayRenderer;
import org.rapaio.jupyter.kernel.display.DisplayTransformer;
import org.rapaio.jupyter.kernel.display.spi.DisplayProvider;

import com.fasterxml.jackson.databind.node.ObjectNode;

import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * rapaio-jupyter-kernel display SPI (registered in {@code META-INF/services}): a cell ending with a Tablesaw
 * {@link Table} shows an HTML table, one ending with a plotly {@link Figure} (or {@link Notebook#sideBySide}) shows
 * it as Plotly JSON ({@link FigureJson#MIME}, drawn by JupyterLab's plotly extension without any script or trust)
 * with an HTML fallback for exports ({@link FigureHtml}; the session's first figure also carries plotly.js, {@link PlotlyJs},
 * so nbconvert's default HTML export draws offline). Every output also carries text/plain, for logs and diffs.
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
        return mime == null || mime.isEmpty() || mime.contains("html") || mime.contains("text")
                || mime.equals(FigureJson.MIME);
    }

    static DisplayData htmlAndText(String html, String text) {
        DisplayData dd = DisplayData.fromHtml(html);
        dd.putText(text);
        return dd;
    }

    /** A figure output: Plotly JSON, its HTML fallback, and text. */
    static DisplayData figure(ObjectNode json, String text) {
        DisplayData dd = htmlAndText(PlotlyJs.onceInline() + FigureHtml.html(json, FigureHtml.newId()), text);
        dd.putData(FigureJson.MIME, FigureJson.asMap(json));
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

    /** Renders a plotly figure. */
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
            return figure(FigureJson.of(f), "Plotly figure" + titleOf(f));
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
            return figure(FigureJson.row(row.figures()), text.toString());
        }
    }

    private static String titleOf(Figure f) {
        String title = f.getLayout() == null ? null : f.getLayout().getTitle();
        return title == null || title.isEmpty() ? "" : ": " + title;
    }
}
