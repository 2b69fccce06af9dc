package org.queuelab.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The guard functions on their own: each refusal names the quantity, its size, the limit and how to proceed. */
class GuardsTest {

    private static void assertMessage(RuntimeException e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), () -> "message lacks \"" + part + "\": " + e.getMessage());
        }
    }

    @Test
    void arrayLengthsAreRefusedBeyondTheJavaLimit() {
        assertEquals(11, Sizes.arrayLength("x", 10, 1));
        assertEquals(Sizes.MAX_ARRAY_LENGTH, Sizes.arrayLength("x", Sizes.MAX_ARRAY_LENGTH));
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> Sizes.arrayLength("tails", Integer.MAX_VALUE, 1)), "tails", "2147483648", "2147483639");
        assertMessage(assertThrows(IllegalArgumentException.class, () -> Sizes.arrayLength("y", -1)), "y", "-1");
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> Sizes.multiply("grid", Long.MAX_VALUE / 2, 3)), "grid", "overflows");
        assertMessage(assertThrows(IllegalArgumentException.class, () -> Sizes.toInt("dimension", 1L << 40)),
                "dimension", "1099511627776");
    }

    @Test
    void triangularSizesAreExactWhereIntArithmeticWraps() {
        // (70000 + 1)(70000 + 2)/2 wraps in int arithmetic; the exact value is 2 450 105 001
        assertEquals(2_450_105_001L, Sizes.triangular("state", 70_001));
        assertEquals(0, Sizes.triangular("state", 0));
        assertEquals(6, Sizes.triangular("state", 3));
        assertThrows(IllegalArgumentException.class, () -> Sizes.triangular("state", Long.MAX_VALUE));
    }

    @Test
    void memoryBeyondTheHeapIsRefusedWithTheNeedAndTheLimit() {
        long max = Runtime.getRuntime().maxMemory();
        Memory.require("small", 1024, "less");
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> Memory.require("grid of 10^10 points", Memory.doubles(10_000_000_000L), "a coarser grid")),
                "grid of 10^10 points", "MiB", "a coarser grid", "-Xmx");
        assertThrows(IllegalArgumentException.class, () -> Memory.require("all", max + 1, "less"));
        assertEquals(Long.MAX_VALUE, Memory.doubles(Long.MAX_VALUE / 2));
        assertEquals(Long.MAX_VALUE, Memory.sum(Long.MAX_VALUE - 1, 2));
        assertEquals(16 + 80, Memory.doubles(10));
    }

    @Test
    void budgetsRefuseEstimatedWorkAndCountSpentWork() {
        Budget b = new Budget("events", 1000, "queuelab.test.budget");
        b.require("run", 1000);
        assertMessage(assertThrows(IllegalArgumentException.class, () -> b.require("run of λ = 1e300", 1e303)),
                "run of λ = 1e300", "events", "1000", "queuelab.test.budget");
        assertThrows(IllegalArgumentException.class, () -> b.require("run", Double.NaN));
        Budget.Counter c = b.withLimit(3).counter();
        c.spend();
        c.spend(2);
        assertEquals(3, c.spent());
        BudgetExceededException e = assertThrows(BudgetExceededException.class, c::spend);
        assertMessage(e, "spent 4 events", "at most 3");
        assertThrows(IllegalArgumentException.class, () -> new Budget("steps", 0, null));
    }

    @Test
    void budgetDefaultsCanBeRaisedBySystemProperty() {
        String property = "queuelab.test.raise";
        assertEquals(7, Budget.fromProperty("steps", property, 7).limit());
        System.setProperty(property, "1_000");
        try {
            assertEquals(1000, Budget.fromProperty("steps", property, 7).limit());
            System.setProperty(property, "many");
            assertMessage(assertThrows(IllegalArgumentException.class,
                    () -> Budget.fromProperty("steps", property, 7)), property, "many");
        } finally {
            System.clearProperty(property);
        }
        assertEquals(Budget.DEFAULT_EVENTS, Budget.events().limit());
    }

    @Test
    void seriesStopOnARigorousTailBoundOrRefuse() {
        // Σ_{i≥0} 2^−i = 2; Σ_{i≥1} λ^i = λ/(1 − λ) at λ = 0.99999, far beyond a fixed cap of terms' reach in ratio
        Series.Sum geometric = Series.logConcave("geometric", i -> Math.pow(0.5, i), 0, 1e-15, 1000);
        assertEquals(2.0, geometric.value(), 4e-15);
        assertTrue(geometric.tailBound() <= 1e-15 * 2);
        double lambda = 0.99999;
        Series.Sum slow = Series.logConcave("M/M/1", i -> Math.pow(lambda, i), 1, 1e-12, 10_000_000);
        assertEquals(lambda / (1 - lambda), slow.value(), 1e-6 * lambda / (1 - lambda));
        // a divergent (harmonic) series and a too-small term budget are refused, never returned as partial sums
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> Series.logConcave("harmonic", i -> 1.0 / i, 1, 1e-12, 100_000)), "harmonic", "100000",
                "tail bound");
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> Series.logConcave("slow", i -> Math.pow(lambda, i), 1, 1e-12, 100_000)), "slow");
        assertThrows(IllegalArgumentException.class,
                () -> Series.logConcave("nan", i -> Double.NaN, 1, 1e-12, 100));
    }

    @Test
    void stationarityRefusals() {
        Stationarity.requireStationary(true, "m", "x");
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> Stationarity.requireStationary(false, "TABS(λ=1.5)", "the trajectory")), "TABS(λ=1.5)",
                "stationary", "the trajectory");
        Stationarity.requireWarmupBeforeHorizon(0, 1);
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> Stationarity.requireWarmupBeforeHorizon(5, 1)), "warmup = 5.0", "horizon = 1.0");
        assertMessage(assertThrows(IllegalStateException.class, () -> Stationarity.requireWindowReached(2, 10)),
                "t = 2.0", "warmup = 10.0");
        Stationarity.requireGridWithinHorizon(10, 10);
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> Stationarity.requireGridWithinHorizon(20, 10)), "grid horizon = 20.0", "10.0");
        assertEquals(1.0, Stationarity.littleWaitingTime(2, 1, 1, 1_000_000), 0);
        assertMessage(assertThrows(IllegalStateException.class,
                () -> Stationarity.littleWaitingTime(0.5, 1, 1, 1_000_000)), "W", "< 0", "1000000 accepted jobs");
        // JIQ-like: W ≈ 0, the estimate a little below it by chance (2 noise sds of n = 10^6 jobs) is 0, not refused;
        // 7 sds below is refused, and so is −1.1% of E[S] from few jobs, however noisy
        double sd = Math.sqrt(2.0 / 1_000_000);
        assertEquals(0.0, Stationarity.littleWaitingTime(1 - 2 * sd, 1, 1, 1_000_000), 0);
        assertThrows(IllegalStateException.class, () -> Stationarity.littleWaitingTime(1 - 7 * sd, 1, 1, 1_000_000));
        assertEquals(0.0, Stationarity.littleWaitingTime(0.995, 1, 1, 1000), 0);
        assertThrows(IllegalStateException.class, () -> Stationarity.littleWaitingTime(0.989, 1, 1, 1000));
        assertThrows(IllegalStateException.class, () -> Stationarity.littleResponseTime(1, 0));
        assertThrows(IllegalStateException.class, () -> Stationarity.littleResponseTime(Double.NaN, 1));
    }

    @Test
    void runGuardsRefuseHugeTrajectoriesAndEventCounts() {
        RunGuards.requireEvents("run", 1e6);
        RunGuards.requireMemory("run", 10, 1000, 1000, 100, "servers");
        assertMessage(assertThrows(IllegalArgumentException.class, () -> RunGuards.requireEvents("run", 1e300)),
                "events", "queuelab.budget.events");
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> RunGuards.requireMemory("run", 12, 1_000_000_001L, 0, 0, "levels")), "1000000001");
        assertMessage(assertThrows(IllegalArgumentException.class,
                () -> RunGuards.requireMemory("run", 5, 10, 1_000_000_000L, 160, "servers")), "servers", "MiB");
    }
}
