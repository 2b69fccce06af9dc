package org.queuelab.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.queuelab.sim.Replications;

class ProgressTest {

    @Test
    void terminalBarRewritesOneLineInPlace() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TerminalProgress progress = new TerminalProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
        try (Progress.Task outer = progress.start("sweep", 2)) {
            try (Progress.Task inner = progress.start("replications", 4)) {
                for (int i = 0; i < 4; i++) {
                    inner.step();
                }
            }
            outer.step();
            outer.step();
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(text.contains("\n"), "no new lines: " + text);
        assertTrue(text.contains("\rsweep [....................] 0/2 | replications [##########..........] 2/4"),
                text);
        assertTrue(text.contains("\rsweep [####################] 2/2"), text);
        assertTrue(text.endsWith("\r\u001b[K"), "the line is cleared at the end");
        assertThrows(IllegalArgumentException.class, () -> progress.start("none", 0));
    }

    @Test
    void replicationsStepOncePerRunAndKeepTheirResults() {
        AtomicLong steps = new AtomicLong();
        AtomicLong closed = new AtomicLong();
        Progress counting = (label, total) -> new Progress.Task() {
            @Override
            public void step() {
                steps.incrementAndGet();
            }

            @Override
            public void close() {
                closed.incrementAndGet();
            }
        };
        Progress before = Progress.current();
        List<Double> quiet = Replications.run(7, 12, 2, (r, stream) -> stream.nextDouble());
        Progress.install(counting);
        try {
            List<Double> reported = Replications.run(7, 12, 2, (r, stream) -> stream.nextDouble());
            assertEquals(quiet, reported);
        } finally {
            Progress.install(before);
        }
        assertEquals(12, steps.get());
        assertEquals(1, closed.get());
    }
}
