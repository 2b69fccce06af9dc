package org.queuelab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class ParallelTest {

    /** A deterministic, uneven amount of work per item, so that items finish out of order on several threads. */
    private static double work(int item) {
        double s = 0;
        for (int k = 0; k < 20_000 * (1 + (7 * item) % 5); k++) {
            s += Math.sin(item + k * 1e-3);
        }
        return s;
    }

    @Test
    void resultsComeInInputOrderAndDoNotDependOnTheThreadCount() {
        List<Integer> items = IntStream.range(0, 23).boxed().toList();
        List<Double> sequential = items.stream().map(ParallelTest::work).toList();
        for (int threads : new int[] {1, 2, 3, 8}) {
            assertEquals(sequential, Parallel.map(items, threads, ParallelTest::work), "threads = " + threads);
        }
        assertEquals(sequential, Parallel.map(items, ParallelTest::work));
    }

    @Test
    void itemsRunOnSeveralThreads() {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        Parallel.map(IntStream.range(0, 8).boxed().toList(), 2, i -> {
            threads.add(Thread.currentThread());
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return i;
        });
        assertEquals(2, threads.size(), threads.toString());
        assertTrue(threads.stream().allMatch(t -> t.getName().equals("queuelab-parallel") && t.isDaemon()),
                threads.toString());
    }

    @Test
    void anItemsExceptionIsRethrownAsThrown() {
        IllegalArgumentException thrown = new IllegalArgumentException("item 3 is bad");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Parallel.map(List.of(1, 2, 3, 4), 2, i -> {
                    if (i == 3) {
                        throw thrown;
                    }
                    return i;
                }));
        assertSame(thrown, e);
    }

    @Test
    void emptyAndBadThreadCounts() {
        assertEquals(List.of(), Parallel.map(List.<Integer>of(), 4, i -> i));
        assertThrows(IllegalArgumentException.class, () -> Parallel.map(List.of(1), 0, i -> i));
        assertThrows(IllegalArgumentException.class, () -> Parallel.map(List.of(1), LocalRunner.MAX_THREADS + 1, i -> i));
    }
}
