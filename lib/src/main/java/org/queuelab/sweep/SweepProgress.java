package org.queuelab.sweep;

/** Receives a sweep's progress: {@code update(done, total)} after each task, {@code finished(total)} at the end. */
public interface SweepProgress {

    /** Reports nothing. */
    SweepProgress NONE = (done, total) -> { };

    void update(int done, int total);

    default void finished(int total) {
    }

    /** A one-line counter on standard error that rewrites itself in place, at most every 200 ms. */
    static SweepProgress terminal() {
        return new SweepProgress() {
            private long last;

            @Override
            public void update(int done, int total) {
                long now = System.nanoTime();
                if (done == total || now - last > 200_000_000L) {
                    last = now;
                    System.err.printf("\rsweep: %d / %d tasks (%.0f %%)", done, total,
                            total == 0 ? 100.0 : 100.0 * done / total);
                    System.err.flush();
                }
            }

            @Override
            public void finished(int total) {
                System.err.println();
            }
        };
    }
}
