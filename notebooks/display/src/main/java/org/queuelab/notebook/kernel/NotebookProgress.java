package org.queuelab.notebook.kernel;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.queuelab.notebook.TableHtml;
import org.queuelab.progress.BarProgress;
import org.rapaio.jupyter.kernel.display.DisplayData;

/**
 * Progress of long work (replications, sweeps, long integrations) in the notebook: one output per cell, drawn
 * when the cell's first task starts ({@code display_data} with a {@code transient.display_id}) and updated in place
 * ({@code update_display_data}) at most {@value #MIN_INTERVAL_MILLIS} ms apart, i.e. at most 5 times a second. An
 * update skipped by that limit is sent by a timer when the interval is over, and the state when the cell ends is
 * sent before the cell's reply, so the output keeps the final state (e.g. {@code replications 20/20}, 100 %).
 * Nested tasks share the output, outermost first. Work reported outside a cell (a thread left running) shows
 * nothing. The kernel installs it with {@link org.queuelab.progress.Progress#install}; the terminal keeps
 * {@link org.queuelab.progress.TerminalProgress}.
 */
final class NotebookProgress extends BarProgress {

    /** Least time between two updates of the output. */
    static final long MIN_INTERVAL_MILLIS = 200;
    private static final long MIN_INTERVAL_NANOS = MIN_INTERVAL_MILLIS * 1_000_000;

    private final Consumer<DisplayData> show;
    private final Consumer<DisplayData> update;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "queuelab-progress");
        t.setDaemon(true);
        return t;
    });
    private final Object lock = new Object();
    // the current cell's output; guarded by lock
    private boolean inCell;
    private String displayId;
    private List<State> pending;
    private long lastSent;
    private boolean flushScheduled;

    /**
     * @param show   publishes a new output of the running cell
     * @param update publishes an update of an output of the running cell
     */
    NotebookProgress(Consumer<DisplayData> show, Consumer<DisplayData> update) {
        this.show = show;
        this.update = update;
    }

    /** A cell starts: its first task opens a new output. */
    void cellStarted() {
        synchronized (lock) {
            inCell = true;
            displayId = null;
            pending = null;
        }
    }

    /** The cell ends (before its reply): the last state is sent; later work shows nothing. */
    void cellEnded() {
        synchronized (lock) {
            send();
            inCell = false;
            displayId = null;
        }
    }

    @Override
    protected void changed(State task, Change change) {
        synchronized (lock) {
            if (!inCell) {
                return;
            }
            List<State> running = running();
            pending = running.isEmpty() ? List.of(task) : running; // the last task ended: keep its final state
            long wait = lastSent + MIN_INTERVAL_NANOS - System.nanoTime();
            if (displayId == null || wait <= 0) {
                send();
            } else if (!flushScheduled) {
                flushScheduled = true;
                timer.schedule(this::flush, wait, TimeUnit.NANOSECONDS);
            }
        }
    }

    private void flush() {
        synchronized (lock) {
            flushScheduled = false;
            if (inCell) {
                send();
            }
        }
    }

    /** Sends the pending state, if any (holding the lock). */
    private void send() {
        if (pending == null) {
            return;
        }
        DisplayData dd = DisplayData.fromHtml(html(pending));
        dd.putText(text(pending));
        lastSent = System.nanoTime();
        if (displayId == null) {
            displayId = "queuelab-progress-" + UUID.randomUUID();
            dd.setDisplayId(displayId);
            show.accept(dd);
        } else {
            dd.setDisplayId(displayId);
            update.accept(dd);
        }
        pending = null;
    }

    static String text(List<State> states) {
        StringBuilder sb = new StringBuilder();
        for (State s : states) {
            sb.append(sb.length() == 0 ? "" : " | ").append(s.text());
        }
        return sb.toString();
    }

    static String html(List<State> states) {
        StringBuilder sb = new StringBuilder("<div class=\"queuelab-progress\">");
        for (State s : states) {
            sb.append("<div><progress value=\"").append(s.done()).append("\" max=\"").append(s.total())
                    .append("\" style=\"width: 20em; vertical-align: middle\"></progress> ")
                    .append(TableHtml.escape(s.label())).append(' ').append(s.done()).append('/').append(s.total())
                    .append(" (").append(s.percent()).append(" %)</div>");
        }
        return sb.append("</div>").toString();
    }
}
