package org.queuelab.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.repro.Studies;
import org.queuelab.report.RunMode;

class StudyTest {

    private static final Experiment DRAWS = (p, seed) -> {
        SplittableRandom rng = new SplittableRandom(seed);
        return Map.of("x", rng.nextDouble() * p.number("a"));
    };

    private static Study study(long seed) {
        return new Study("draws", Sweep.of(Grid.axis("a", 1.0, 2.0, 3.0).build(), DRAWS).replications(4).seed(seed)
                .identity("draws"));
    }

    @Test
    void aCompleteStoreIsReadInsteadOfComputed(@TempDir Path root) {
        SweepResult first = study(5).result(new LocalRunner(2), root);
        assertEquals(0, first.reusedPoints());
        assertTrue(study(5).complete(root));
        SweepResult second = study(5).result(new LocalRunner(2), root);
        assertEquals(3, second.reusedPoints());
        for (int p = 0; p < 3; p++) {
            assertArrayEquals(first.values(p, "x"), second.values(p, "x"));
        }
    }

    @Test
    void aStoreMadeUnderAnotherSeedIsSetAsideAndRecomputed(@TempDir Path root) {
        study(5).result(new LocalRunner(1), root);
        assertFalse(study(6).complete(root), "another seed's store is not this study's");
        SweepResult again = study(6).result(new LocalRunner(1), root);
        assertEquals(0, again.reusedPoints());
        assertTrue(Files.isDirectory(root.resolve("draws.stale-1")), "the old store is kept aside, not deleted");
        SweepResult fresh = study(6).sweep().run(new LocalRunner(1));
        for (int p = 0; p < 3; p++) {
            assertArrayEquals(fresh.values(p, "x"), again.values(p, "x"));
        }
    }

    @Test
    void theStoredIdentityNamesTheLibraryCode() {
        String identity = study(5).storedSweep().identity();
        assertTrue(identity.matches("draws \\[queuelab .+, code [0-9a-f]{16}\\]"), identity);
    }

    @Test
    void namesAreFolderNames() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Study("../up", study(1).sweep()));
        assertTrue(e.getMessage().contains("name = '../up'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Studies.named("no-such-study", RunMode.QUICK));
        assertEquals("sweeps-blind-theta-quick", Studies.named("sweeps-blind-theta-quick", RunMode.QUICK).name());
    }
}
