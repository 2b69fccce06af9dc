package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.report.Checks;

class AlbaClaimsTest {

    /** The claims are assembled from the recorded checks alone: no run mode is asked for (none was ever used). */
    @Test
    void assemblesFromTheChecksAndRefusesAMissingFamily() {
        Checks none = Checks.forNotebook("alba-claims-test");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> AlbaClaims.of(none, 100));
        assertTrue(missing.getMessage().startsWith("no check of figure '"), missing.getMessage());
        NullPointerException noChecks = assertThrows(NullPointerException.class, () -> AlbaClaims.of(null, 100));
        assertEquals("checks", noChecks.getMessage());
    }
}
