package org.queuelab.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.report.Checks;

/** A null argument is refused with the parameter's name, never a bare NullPointerException from deeper down. */
class NullArgumentsTest {

    private static final Claim CLAIM = new Claim("w", "W-1", "Figure 1", Claim.Source.TEXT, Claim.Kind.FIGURE,
            Claim.Rule.EXACT, "holds", null, "a check", Double.NaN, null, null);

    /** The refusal names the parameter: an NPE whose message is the name, or an IAE whose message starts with it. */
    private static void refusedNaming(String name, Executable call) {
        RuntimeException e = assertThrows(RuntimeException.class, call);
        assertTrue(e instanceof NullPointerException && name.equals(e.getMessage())
                || e instanceof IllegalArgumentException && e.getMessage().startsWith(name),
                () -> "expected the parameter '" + name + "' named, got " + e);
    }

    @Test
    void registerRefusesNullsByName() {
        Checks checks = Checks.forNotebook("null-arguments-test");
        Checks.Check check = checks.absolute("Figure 1", "x", 1, 1, 0.1);
        ClaimsRegister r = ClaimsRegister.of("w", List.of(CLAIM));
        refusedNaming("claims", () -> ClaimsRegister.of("w", null));
        refusedNaming("file", () -> ClaimsRegister.fromCsv("w", null));
        refusedNaming("work", () -> ClaimsRegister.load(null));
        refusedNaming("check", () -> r.add("W-1", Grade.CONSISTENCY, (Checks.Check) null));
        refusedNaming("evidence", () -> r.add("W-1", (Evidence) null));
        refusedNaming("checks", () -> r.addAll("W-1", Grade.CONSISTENCY, "family", null));
        refusedNaming("checks", () -> ClaimsRegister.matching(null, "Figure 1", "x"));
        refusedNaming("quantityPrefix", () -> ClaimsRegister.matching(checks, "Figure 1", null));
        refusedNaming("source", () -> r.counts(null));
        assertEquals(1, ClaimsRegister.matching(checks, "Figure 1", "x").size());
        r.add("W-1", Grade.CONSISTENCY, check);                                // the same calls accept a value
        assertEquals(1, r.evidence("W-1").size());
    }

    @Test
    void claimAndEvidenceRefuseNullsByName() {
        Checks.Check check = Checks.forNotebook("null-arguments-test").absolute("Figure 1", "x", 1, 1, 0.1);
        refusedNaming("work", () -> new Claim(null, "W-1", "Figure 1", Claim.Source.TEXT, Claim.Kind.FIGURE,
                Claim.Rule.EXACT, "holds", null, "a check", Double.NaN, null, null));
        refusedNaming("source", () -> new Claim("w", "W-1", "Figure 1", null, Claim.Kind.FIGURE,
                Claim.Rule.EXACT, "holds", null, "a check", Double.NaN, null, null));
        refusedNaming("kind", () -> new Claim("w", "W-1", "Figure 1", Claim.Source.TEXT, null,
                Claim.Rule.EXACT, "holds", null, "a check", Double.NaN, null, null));
        refusedNaming("rule", () -> new Claim("w", "W-1", "Figure 1", Claim.Source.TEXT, Claim.Kind.FIGURE,
                null, "holds", null, "a check", Double.NaN, null, null));
        refusedNaming("grade", () -> new Evidence(null, "what", 1, 1, true, ""));
        refusedNaming("what", () -> new Evidence(Grade.CONSISTENCY, null, 1, 1, true, ""));
        refusedNaming("outcome", () -> new Evidence(Grade.CONSISTENCY, "what", 1, 1, null, "", "", 0));
        refusedNaming("grade", () -> Evidence.of(null, check));
        refusedNaming("check", () -> Evidence.of(Grade.CONSISTENCY, null));
        refusedNaming("check", () -> Evidence.workNumber(null));
        refusedNaming("claim", () -> Verdict.of(null, List.of()));
        refusedNaming("evidence", () -> Verdict.of(CLAIM, null));
    }
}
