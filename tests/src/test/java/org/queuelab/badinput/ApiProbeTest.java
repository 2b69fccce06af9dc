package org.queuelab.badinput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * Issue 33's probe as a test: {@link ApiProbe} in a child JVM with a 2 GB heap (every bad-input row, the budget
 * rows and the valid edge inputs, 20 s per call), and its queue rows in a child JVM with a 128 MB heap. It fails on
 * a silent number, a timeout, an out-of-memory error, a bare JDK exception or a refused edge input, and when more
 * than 2 % of the refusals lack the argument's name.
 */
class ApiProbeTest {

    private static final Pattern SUMMARY = Pattern.compile(
            "SUMMARY calls=(\\d+) refused=(\\d+) unnamed=(\\d+) failures=(\\d+) heapMiB=(\\d+)");

    /** Runs the probe in a child JVM and returns its output. */
    private static List<String> probe(String heap, String... filter) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(java, "-Xmx" + heap, "-cp", classpath,
                ApiProbe.class.getName()));
        command.addAll(List.of(filter));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (var reader = child.inputReader(StandardCharsets.UTF_8)) {
            reader.lines().forEach(lines::add);
        }
        assertTrue(child.waitFor(15, TimeUnit.MINUTES), "probe finished");
        assertEquals(0, child.exitValue(), () -> String.join("\n", lines));
        return lines;
    }

    private static Matcher summary(List<String> lines) {
        for (String line : lines) {
            Matcher m = SUMMARY.matcher(line);
            if (m.matches()) {
                return m;
            }
        }
        throw new AssertionError("no summary in the probe's output:\n" + String.join("\n", lines));
    }

    private static String failures(List<String> lines) {
        return String.join("\n", lines.stream().filter(l -> l.startsWith("FAILURE") || l.startsWith("unnamed"))
                .toList());
    }

    @Test
    void everyBadInputRefusedWithItsNameAndEveryEdgeInputAnsweredUnderTwoGigabytes() throws Exception {
        List<String> lines = probe("2g");
        Matcher m = summary(lines);
        int calls = Integer.parseInt(m.group(1));
        int refused = Integer.parseInt(m.group(2));
        int unnamed = Integer.parseInt(m.group(3));
        assertEquals("2048", m.group(5), "the probe ran with a 2 GB heap");
        assertTrue(calls >= 450, "calls probed: " + calls);
        assertEquals(0, Integer.parseInt(m.group(4)), () -> failures(lines));
        assertTrue(unnamed <= 0.02 * refused, () -> unnamed + " of " + refused + " refusals lack the argument's "
                + "name:\n" + failures(lines));
    }

    @Test
    void overloadedQueuesStopWithTheSizeReachedUnderASmallHeap() throws Exception {
        List<String> lines = probe("128m", BudgetCases.SMALL_HEAP);
        Matcher m = summary(lines);
        assertEquals(3, Integer.parseInt(m.group(1)), () -> String.join("\n", lines));
        assertEquals(0, Integer.parseInt(m.group(4)), () -> failures(lines));
        assertEquals(0, Integer.parseInt(m.group(3)), () -> failures(lines));
    }
}
