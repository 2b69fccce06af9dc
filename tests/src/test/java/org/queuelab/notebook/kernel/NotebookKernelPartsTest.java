package org.queuelab.notebook.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.queuelab.progress.Progress;
import org.rapaio.jupyter.kernel.display.DisplayData;

/** The kernel's stop checks woven into cell classes, and its notebook progress output. */
class NotebookKernelPartsTest {

    /** Stands for a cell's class: a loop that never checks interruption. */
    public static final class Spin {
        public static volatile long turns;

        public static void run() {
            while (true) {
                turns++;
            }
        }
    }

    @Test
    void wovenLoopEndsWhenItsThreadIsStopped() throws Exception {
        byte[] original;
        try (InputStream in = Spin.class.getResourceAsStream("NotebookKernelPartsTest$Spin.class")) {
            original = in.readAllBytes();
        }
        // the woven copy, defined under another name in a fresh class loader
        byte[] woven = CellStop.instrument(original);
        Class<?> spin = new ClassLoader(getClass().getClassLoader()) {
            Class<?> define() {
                return defineClass(null, woven, 0, woven.length);
            }
        }.define();
        assertTrue(spin != Spin.class);
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                spin.getMethod("run").invoke(null);
            } catch (ReflectiveOperationException e) {
                ended.set(e.getCause());
            }
        });
        t.setDaemon(true);
        t.start();
        Thread.sleep(200);
        assertTrue(t.isAlive(), "spins until stopped");
        CellStop.stop(Set.of(t));
        t.join(5_000);
        CellStop.forget(t);
        assertTrue(!t.isAlive(), "the woven loop ended at its next turn");
        assertInstanceOf(CellStop.Stopped.class, ended.get());
        CellStop.check(); // this thread is not marked: nothing happens
    }

    @Test
    void progressIsOneOutputUpdatedAtABoundedRateEndingAtItsFinalState() throws Exception {
        List<DisplayData> shown = new ArrayList<>();
        List<DisplayData> updated = new ArrayList<>();
        NotebookProgress progress = new NotebookProgress(shown::add, updated::add);
        try (Progress.Task ignored = progress.start("outside a cell", 3)) {
            ignored.step();
        }
        assertEquals(0, shown.size(), "work outside a cell shows nothing");
        progress.cellStarted();
        long start = System.nanoTime();
        try (Progress.Task task = progress.start("replications", 1000)) {
            for (int i = 0; i < 1000; i++) {
                task.step();
                if (i % 100 == 0) {
                    Thread.sleep(30);
                }
            }
        }
        progress.cellEnded();
        double seconds = (System.nanoTime() - start) / 1e9;
        synchronized (updated) {
            assertEquals(1, shown.size());
            String id = shown.get(0).getDisplayId();
            assertTrue(updated.stream().allMatch(d -> id.equals(d.getDisplayId())));
            assertTrue(updated.size() <= 2 + 5 * seconds, updated.size() + " updates in " + seconds + " s");
            DisplayData last = updated.get(updated.size() - 1);
            assertTrue(String.valueOf(last.data().get("text/plain")).endsWith("1000/1000"), last.data().toString());
            assertTrue(String.valueOf(last.data().get("text/html")).contains("(100 %)"));
        }
    }
}
