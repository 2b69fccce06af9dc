package org.queuelab.notebook;

import java.util.List;
import java.util.Objects;

import tech.tablesaw.plotly.components.Figure;

/**
 * Notebook helpers for the queuelab kernel. Tables and figures need none of these: a cell that ends with a
 * Tablesaw {@code Table} or a plotly {@code Figure} renders it (see {@link QueuelabDisplayProvider}).
 */
public final class Notebook {

    private Notebook() {
    }

    /** Figures side by side in one output (one Plotly figure with an axis pair each); end a cell with it. */
    public static FigureRow sideBySide(Figure... figures) {
        Objects.requireNonNull(figures, "figures");
        if (figures.length == 0) {
            throw new IllegalArgumentException("figures is empty; allowed: at least one figure");
        }
        return new FigureRow(List.of(figures));
    }

    /** Figures shown in one row (rendered by the display provider). */
    public record FigureRow(List<Figure> figures) {
        public FigureRow {
            figures = List.copyOf(figures);
        }

        @Override
        public String toString() {
            return figures.size() + " figures side by side";
        }
    }
}
