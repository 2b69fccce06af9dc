package org.queuelab.badinput;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * The probe of issue 33: every bad-input row of the suite, the inputs whose size follows from a parameter (memory
 * and work budgets) and the valid edge inputs, each called in its own thread under the heap this JVM was started
 * with (2 GB in {@link ApiProbeTest}) and a per-call timeout. Prints one line per call and a summary; the verdicts:
 * <ul>
 *   <li>{@code refused}: the documented exception type; {@code unnamed} if its message lacks the argument's name;</li>
 *   <li>{@code silent}: a bad input answered without a word (or an edge input answered with NaN/∞/a wrong value);</li>
 *   <li>{@code timeout}, {@code oom}, {@code jdk} (a bare JDK exception), {@code failed} (an edge input refused).</li>
 * </ul>
 */
public final class ApiProbe {

    /** Seconds one call may take. */
    static final long TIMEOUT_SECONDS = 20;

    /** One probed call and what it must do. */
    record Call(String label, Class<? extends RuntimeException> refusal, String names, ThrowingSupplier<?> call,
                Predicate<Object> valid) {
    }

    private ApiProbe() {
    }

    /** Every call the probe makes: the suite's rows, then the budget rows, then the edge inputs. */
    static List<Call> calls(Path dir) throws Exception {
        List<Call> calls = new ArrayList<>();
        List<BadInputCases> tables = List.of(DistBadInputTest.table(), LibraryBadInputTest.arrival(),
                LibraryBadInputTest.modelAndPolicy(), LibraryBadInputTest.resultAnalysisSweep(),
                LibraryBadInputTest.meanfieldPlotGuard(), LibraryBadInputTest.undefinedResults(), LibraryBadInputTest.nullArguments(), BudgetCases.table(), ParserBadInputTest.table(dir));
        for (BadInputCases t : tables) {
            for (BadInputCases.Case c : t.cases()) {
                calls.add(new Call(c.label(), c.type(), c.names(), () -> {
                    c.call().execute();
                    return "returned";
                }, r -> false));
            }
        }
        calls.addAll(BudgetCases.edges());
        return calls;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("queuelab-probe");
        List<Call> calls = calls(dir).stream()
                .filter(c -> args.length == 0 ? !c.label().startsWith(BudgetCases.SMALL_HEAP)
                        : c.label().contains(args[0])).toList();
        int refused = 0;
        int unnamed = 0;
        List<String> failures = new ArrayList<>();
        for (Call c : calls) {
            String verdict = run(c);
            System.out.println(verdict + "\t" + c.label());
            if (verdict.startsWith("refused")) {
                refused++;
            } else if (verdict.startsWith("unnamed")) {
                refused++;
                unnamed++;
            } else if (!verdict.startsWith("ok")) {
                failures.add(verdict + " — " + c.label());
            }
        }
        System.out.printf(Locale.ROOT, "SUMMARY calls=%d refused=%d unnamed=%d failures=%d heapMiB=%d%n",
                calls.size(), refused, unnamed, failures.size(), Runtime.getRuntime().maxMemory() >> 20);
        failures.forEach(f -> System.out.println("FAILURE " + f));
        System.exit(0);   // a timed-out call may still run in its thread: do not wait for it
    }

    /** The first frames of a stack, to find a site that allocates or fails. */
    private static String where(Throwable t) {
        StackTraceElement[] s = t.getStackTrace();
        return Arrays.stream(s, 0, Math.min(3, s.length)).map(String::valueOf).collect(Collectors.joining(" < "));
    }

    /** Runs one call in a daemon thread with the timeout and classifies what came back. */
    static String run(Call c) throws InterruptedException {
        AtomicReference<Object> result = new AtomicReference<>();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                result.set(c.call().get());
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "probe");
        worker.setDaemon(true);
        long start = System.nanoTime();
        worker.start();
        worker.join(TIMEOUT_SECONDS * 1000);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (worker.isAlive()) {
            worker.interrupt();
            worker.join(2000);
            return "timeout (" + TIMEOUT_SECONDS + " s" + (worker.isAlive() ? ", still running 2 s after interrupt" : "")
                    + ")";
        }
        String time = String.format(Locale.ROOT, " %.2fs", seconds);
        Throwable t = thrown.get();
        if (t == null) {
            if (c.refusal() != null) {
                return "silent (returned " + result.get() + ")" + time;
            }
            return c.valid().test(result.get()) ? "ok" + time : "silent (edge input answered " + result.get() + ")";
        }
        if (t instanceof OutOfMemoryError) {
            System.gc();
            return "oom " + t.getMessage() + " at " + where(t);
        }
        String message = t.getClass().getSimpleName() + ": " + t.getMessage();
        if (c.refusal() == null) {
            return "failed (edge input refused: " + message + ")";
        }
        if (!c.refusal().isInstance(t) || t instanceof NumberFormatException) {
            return "jdk " + message + " at " + where(t);
        }
        boolean named = String.valueOf(t.getMessage()).contains(c.names());
        return (named ? "refused" : "unnamed '" + c.names() + "'") + time + " — " + message;
    }
}
