package org.queuelab.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs a sweep's tasks on this machine's threads (all cores by default). Observations reach the sink on the calling
 * thread, as they finish. An interrupt of the calling thread (a notebook's Interrupt) cancels the tasks not started
 * and stops waiting; a failing experiment stops the sweep with the point and replication in the message.
 */
public final class LocalRunner implements SweepRunner {

    /** More threads than this is a mistake, not a configuration. */
    public static final int MAX_THREADS = 4096;

    private final int threads;

    /** One thread per available processor. */
    public LocalRunner() {
        this(Runtime.getRuntime().availableProcessors());
    }

    /**
     * A runner on a fixed number of threads; results do not depend on it.
     *
     * @param threads worker threads, 1 ≤ threads ≤ {@link #MAX_THREADS} (1 runs on the calling thread)
     * @throws IllegalArgumentException naming the value and the range otherwise
     */
    public LocalRunner(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads = " + threads + "; allowed: 1 ≤ threads ≤ " + MAX_THREADS);
        }
        this.threads = threads;
    }

    /**
     * The number of worker threads.
     *
     * @return 1 ≤ threads ≤ {@link #MAX_THREADS}
     */
    public int threads() {
        return threads;
    }

    @Override
    public void run(Sweep sweep, List<Task> tasks, Consumer<Observation> sink) {
        if (threads == 1) {
            for (Task t : tasks) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new IllegalStateException("sweep interrupted");
                }
                sink.accept(sweep.runTask(t));
            }
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "queuelab-sweep");
            t.setDaemon(true);
            return t;
        });
        CompletionService<Observation> done = new ExecutorCompletionService<>(pool);
        List<Future<Observation>> futures = new ArrayList<>(tasks.size());
        try {
            for (Task t : tasks) {
                futures.add(done.submit(() -> sweep.runTask(t)));
            }
            for (int i = 0; i < tasks.size(); i++) {
                sink.accept(done.take().get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("sweep interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("sweep task failed: " + e.getCause(), e.getCause());
        } finally {
            futures.forEach(f -> f.cancel(true));
            pool.shutdownNow();
        }
    }
}
