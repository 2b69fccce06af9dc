package org.queuelab.guard;

/**
 * How long-running loops (simulators, integrators, solvers, sweeps, replications) honour an interrupt — a notebook's
 * Interrupt or a cancelled sweep interrupts the threads running them: each loop polls the interrupt flag at a
 * bounded interval and stops with a {@link CancelledException}, so no thread stays busy after the caller gave up
 * (see {@code docs/robustness.md}). Polling reads one field; every {@value #EVENTS_MASK} + 1 events it costs nothing
 * measurable. The flag is left set, so the caller still sees the interrupt.
 */
public final class Cancellation {

    /** Event loops poll when {@code (count & EVENTS_MASK) == 0}: every 4096 events (well under a millisecond). */
    public static final long EVENTS_MASK = 4095;
    /** Integrator and solver loops, whose steps cost more, poll every 16 steps. */
    public static final long STEPS_MASK = 15;

    private Cancellation() {
    }

    /**
     * Throws if the current thread was interrupted.
     *
     * @param what the work that stops, e.g. "simulation at t = 12.5", for the message
     * @throws CancelledException if the current thread's interrupt flag is set (the flag stays set)
     */
    public static void check(String what) {
        if (Thread.currentThread().isInterrupted()) {
            throw new CancelledException(what);
        }
    }

    /**
     * Polls the interrupt flag when {@code (count & mask) == 0}; {@code what} is only built when it throws.
     *
     * @param count the loop's counter (events or steps so far)
     * @param mask  {@link #EVENTS_MASK} or {@link #STEPS_MASK} (2^k − 1: poll every 2^k iterations)
     * @param what  the work that stops and where, for the message
     * @throws CancelledException if polled and the current thread is interrupted
     */
    public static void poll(long count, long mask, java.util.function.Supplier<String> what) {
        if ((count & mask) == 0 && Thread.currentThread().isInterrupted()) {
            throw new CancelledException(what.get());
        }
    }

    /** Work stopped because its thread was interrupted. */
    public static final class CancelledException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        CancelledException(String what) {
            super(what + " interrupted (the thread's interrupt flag was set: a notebook Interrupt or a cancelled "
                    + "sweep); stopped");
        }
    }
}
