package org.queuelab.progress;

import java.util.Objects;

/**
 * Where long work (replications, sweeps, long integrations) reports how far it has got. The library calls
 * {@link #current()}{@code .start(label, total)} and steps the returned {@link Task}; what the user sees depends on
 * the installed listener: {@link #quiet()} (the default where no terminal is attached, e.g. in tests and in a
 * notebook kernel until its display module installs a listener), or {@link TerminalProgress} (a bar on stderr
 * that updates in place, the default when a console is attached). A notebook front end implements this
 * interface and installs itself with {@link #install}.
 *
 * <p>Implementations must accept {@link Task#step()} from several threads at once (replications run in parallel).
 * Reporting never changes a result.
 */
public interface Progress {

    /** A piece of long work of a known size. */
    interface Task extends AutoCloseable {

        /** One more unit done (thread-safe). */
        void step();

        /** The work is over (finished or abandoned); later steps are ignored. */
        @Override
        void close();
    }

    /**
     * Starts reporting a piece of work.
     *
     * @param label what is being done, e.g. "replications" or "sweep λ"
     * @param total number of units, ≥ 1
     * @return the task to {@link Task#step() step} once per unit done and to close when the work ends (use it in
     *         try-with-resources)
     * @throws IllegalArgumentException if {@code total} &lt; 1
     */
    Task start(String label, long total);

    /**
     * A listener that shows nothing: its tasks ignore steps and closing.
     *
     * @return the shared quiet listener
     */
    static Progress quiet() {
        return Holder.QUIET;
    }

    /**
     * The listener long work reports to now: the last one {@link #install installed}, else {@link TerminalProgress}
     * when a console is attached (and the system property {@code queuelab.progress} is not {@code quiet}), else
     * {@link #quiet()}.
     *
     * @return the listener in force
     */
    static Progress current() {
        return Holder.current;
    }

    /**
     * Installs a listener for all later work (e.g. {@code Progress.install(new TerminalProgress())}); tasks already
     * started keep reporting to the listener that started them.
     *
     * @param progress the listener, not null
     */
    static void install(Progress progress) {
        Holder.current = Objects.requireNonNull(progress, "progress");
    }

    /** The default listener and the installed one. */
    final class Holder {
        private static final Progress QUIET = (label, total) -> new Task() {
            @Override
            public void step() {
            }

            @Override
            public void close() {
            }
        };
        private static volatile Progress current = System.console() != null
                && !"quiet".equals(System.getProperty("queuelab.progress")) ? new TerminalProgress() : QUIET;

        private Holder() {
        }
    }
}
