package org.queuelab.progress;

import java.io.PrintStream;
import java.util.List;

/**
 * A progress bar on one terminal line, rewritten in place with a carriage return ({@code \r}) at most every
 * {@code minIntervalMillis} and whenever a task starts, completes or ends; nested tasks (a sweep whose points run
 * replications) share the line, outermost first: {@code sweep λ [#####.....] 5/10 | replications [##........] 2/10}.
 * The line is cleared when the last task ends.
 */
public final class TerminalProgress extends BarProgress {

    private final PrintStream out;
    private final long minIntervalNanos;
    private long lastDraw;

    /** A bar on {@link System#err}, redrawn at most 10 times a second. */
    public TerminalProgress() {
        this(System.err, 100);
    }

    /**
     * A bar drawn on the given stream.
     *
     * @param out               where to draw, not null
     * @param minIntervalMillis least time between two redraws in milliseconds, ≥ 0 (0: redraw on every step)
     * @throws IllegalArgumentException if {@code minIntervalMillis} &lt; 0
     */
    public TerminalProgress(PrintStream out, long minIntervalMillis) {
        this.out = java.util.Objects.requireNonNull(out, "out");
        if (minIntervalMillis < 0) {
            throw new IllegalArgumentException("minIntervalMillis = " + minIntervalMillis + "; allowed: ≥ 0");
        }
        this.minIntervalNanos = minIntervalMillis * 1_000_000;
    }

    @Override
    protected synchronized void changed(State task, Change change) {
        long now = System.nanoTime();
        boolean force = change != Change.STEPPED || task.complete();
        if (!force && now - lastDraw < minIntervalNanos) {
            return;
        }
        lastDraw = now;
        List<State> running = running();
        StringBuilder line = new StringBuilder("\r");
        for (State state : running) {
            if (line.length() > 1) {
                line.append(" | ");
            }
            line.append(state.text());
        }
        line.append("\u001b[K"); // clear the rest of the line
        out.print(line);
        if (running.isEmpty()) {
            out.print("\r\u001b[K");
        }
        out.flush();
    }
}
