package org.queuelab.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Independent deterministic computations (fluid integrations, fixed-point solves, one study per parameter) on all
 * cores, results in input order. Each item's result depends only on the item, never on the thread that computes it
 * or on the thread count, so the list equals {@code items.stream().map(f).toList()}. Random runs belong to
 * {@link org.queuelab.sim.Replications}, which gives each replication its own stream from a seed.
 *
 * <p>An interrupt of the calling thread (a notebook's Interrupt) cancels the items not finished; an item's
 * exception is rethrown as it was thrown (the first failing item in input order).
 * See {@code docs/robustness.md} ("Cancellation").
 */
public final class Parallel {

    private Parallel() {
    }

    /**
     * {@code f} of every item on one thread per available processor; results in input order.
     *
     * @param <T>   the item type
     * @param <R>   the result type
     * @param items the inputs, not null
     * @param f     a deterministic function of one item, not null
     * @return f(item) for each item, in input order
     */
    public static <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> f) {
        return map(items, Runtime.getRuntime().availableProcessors(), f);
    }

    /**
     * {@code f} of every item on at most {@code threads} threads; results in input order.
     *
     * @param <T>     the item type
     * @param <R>     the result type
     * @param items   the inputs, not null
     * @param threads worker threads, 1 ≤ threads ≤ {@link LocalRunner#MAX_THREADS}
     * @param f       a deterministic function of one item, not null
     * @return f(item) for each item, in input order; the same for any thread count
     * @throws IllegalArgumentException naming {@code threads} and its range otherwise
     */
    public static <T, R> List<R> map(List<T> items, int threads, Function<? super T, ? extends R> f) {
        Objects.requireNonNull(items, "items");
        Objects.requireNonNull(f, "f");
        if (threads < 1 || threads > LocalRunner.MAX_THREADS) {
            throw new IllegalArgumentException("threads = " + threads + "; allowed: 1 ≤ threads ≤ "
                    + LocalRunner.MAX_THREADS);
        }
        int workers = Math.min(threads, items.size());
        if (workers <= 1) {
            List<R> out = new ArrayList<>(items.size());
            for (T item : items) {
                out.add(f.apply(item));
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "queuelab-parallel");
            t.setDaemon(true);
            return t;
        });
        List<Future<R>> futures = new ArrayList<>(items.size());
        try {
            for (T item : items) {
                futures.add(pool.submit(() -> f.apply(item)));
            }
            List<R> out = new ArrayList<>(items.size());
            for (Future<R> future : futures) {
                out.add(future.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("parallel computation interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("parallel item failed: " + cause, cause);
        } finally {
            futures.forEach(future -> future.cancel(true));
            pool.shutdownNow();
        }
    }
}
