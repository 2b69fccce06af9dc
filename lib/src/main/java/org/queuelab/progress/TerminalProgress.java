package org.queuelab.progress;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A progress bar on one terminal line, rewritten in place with a carriage return ({@code \r}) at most every
 * {@code minIntervalMillis} and when a task ends; nested tasks (a sweep whose points run replications) share the
 * line, outermost first: {@code sweep λ [#####.....] 5/10 | replications [##........] 2/10}.
 */
public final class TerminalProgress implements Progress {

    private static final int WIDTH = 20;

    private final PrintStream out;
    private final long minIntervalNanos;
    private final Map<Long, Bar> active = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private volatile long lastDraw;

    /** A bar on {@link System#err}, redrawn at most 10 times a second. */
    public TerminalProgress() {
        this(System.err, 100);
    }

    /**
     * @param out               where to draw
     * @param minIntervalMillis least time between two redraws, ≥ 0
     */
    public TerminalProgress(PrintStream out, long minIntervalMillis) {
        this.out = java.util.Objects.requireNonNull(out, "out");
        if (minIntervalMillis < 0) {
            throw new IllegalArgumentException("minIntervalMillis = " + minIntervalMillis + "; allowed: ≥ 0");
        }
        this.minIntervalNanos = minIntervalMillis * 1_000_000;
    }

    @Override
    public Task start(String label, long total) {
        if (total < 1) {
            throw new IllegalArgumentException("total = " + total + "; allowed: total ≥ 1");
        }
        Bar bar = new Bar(ids.incrementAndGet(), label, total);
        active.put(bar.id, bar);
        draw(true);
        return bar;
    }

    private synchronized void draw(boolean force) {
        long now = System.nanoTime();
        if (!force && now - lastDraw < minIntervalNanos) {
            return;
        }
        lastDraw = now;
        StringBuilder line = new StringBuilder("\r");
        active.values().stream().sorted((a, b) -> Long.compare(a.id, b.id)).forEach(bar -> {
            if (line.length() > 1) {
                line.append(" | ");
            }
            line.append(bar.render());
        });
        line.append("\u001b[K"); // clear the rest of the line
        out.print(line);
        if (active.isEmpty()) {
            out.print("\r\u001b[K");
        }
        out.flush();
    }

    private final class Bar implements Task {
        private final long id;
        private final String label;
        private final long total;
        private final AtomicLong done = new AtomicLong();
        private volatile boolean closed;

        Bar(long id, String label, long total) {
            this.id = id;
            this.label = label;
            this.total = total;
        }

        @Override
        public void step() {
            if (closed) {
                return;
            }
            long d = done.incrementAndGet();
            draw(d >= total);
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                active.remove(id);
                draw(true);
            }
        }

        String render() {
            long d = Math.min(done.get(), total);
            int filled = (int) (WIDTH * d / total);
            return String.format(Locale.ROOT, "%s [%s%s] %d/%d", label, "#".repeat(filled),
                    ".".repeat(WIDTH - filled), d, total);
        }
    }
}
