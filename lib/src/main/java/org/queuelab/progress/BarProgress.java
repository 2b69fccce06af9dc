package org.queuelab.progress;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.queuelab.guard.Require;

/**
 * The common part of the progress bars: running tasks, nested ones (a sweep whose points run replications) shown
 * together, outermost first, each as {@code label [#####.....] 5/10}. A subclass decides where and how often the
 * bars are drawn ({@link TerminalProgress}: one terminal line; the notebook kernel: one output updated in place).
 *
 * <p>Steps may come from several threads at once; {@link #changed} is called from the thread that made the change.
 */
public abstract class BarProgress implements Progress {

    private static final int WIDTH = 20;

    private final Map<Long, Bar> active = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    /**
     * One task as it stands: what it does, how many units are done, of how many.
     *
     * @param id    order of starting, 1 for the first task this listener saw (outer tasks have smaller ids)
     * @param label what the task does, e.g. "replications"
     * @param done  units done, 0 ≤ done ≤ total
     * @param total units in all, ≥ 1
     */
    public record State(long id, String label, long done, long total) {

        /**
         * The task as one line of text.
         *
         * @return {@code label [#####...............] 5/20}: a 20-character bar, then done/total
         */
        public String text() {
            int filled = (int) (WIDTH * done / total);
            return String.format(Locale.ROOT, "%s [%s%s] %d/%d", label, "#".repeat(filled),
                    ".".repeat(WIDTH - filled), done, total);
        }

        /**
         * How far the task has got.
         *
         * @return whole per cent done (rounded down), 0–100
         */
        public int percent() {
            return (int) (100 * done / total);
        }

        /**
         * Whether the task has reached its total.
         *
         * @return {@code true} when every unit is done
         */
        public boolean complete() {
            return done >= total;
        }
    }

    /** What just happened to a task. */
    protected enum Change {
        /** The task was just started (no unit done yet). */
        STARTED,
        /** One more unit of the task is done. */
        STEPPED,
        /** The task was closed (finished or abandoned); it is no longer running. */
        CLOSED
    }

    @Override
    public final Task start(String label, long total) {
        Objects.requireNonNull(label, "label");
        Require.atLeast("total", total, 1);
        Bar bar = new Bar(ids.incrementAndGet(), label, total);
        active.put(bar.id, bar);
        changed(bar.state(), Change.STARTED);
        return bar;
    }

    /**
     * The tasks started and not yet closed.
     *
     * @return their states, outermost (earliest started) first; empty when none runs
     */
    protected final List<State> running() {
        List<State> states = new ArrayList<>();
        for (Bar bar : active.values()) {
            states.add(bar.state());
        }
        states.sort(Comparator.comparingLong(State::id));
        return states;
    }

    /**
     * Called after a task started, stepped or closed (a closed task is no longer among {@link #running()}).
     *
     * @param task   the task's state after the change
     * @param change what happened
     */
    protected abstract void changed(State task, Change change);

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

        State state() {
            return new State(id, label, Math.min(done.get(), total), total);
        }

        @Override
        public void step() {
            if (closed) {
                return;
            }
            done.incrementAndGet();
            changed(state(), Change.STEPPED);
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                active.remove(id);
                changed(state(), Change.CLOSED);
            }
        }
    }
}
