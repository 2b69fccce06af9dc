package org.queuelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.claims.Claim;
import org.queuelab.claims.ClaimsRegister;
import org.queuelab.claims.Evidence;
import org.queuelab.claims.Evidence.Grade;

import tech.tablesaw.api.Table;

/** A tolerance that covers the value it guards (ours = 0 would pass) is refused unless a reason is given. */
class ChecksToleranceTest {

    @Test
    void aNotebookNameThatIsAPathIsRefused() {
        for (String name : new String[] {"../evil", "a/b", ".hidden", "", "x y"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Checks.forNotebook(name));
            assertTrue(e.getMessage().startsWith("notebook = " + name + ";"), e.getMessage());
        }
        Checks.forNotebook("01-alba_async.v2");
    }

    @Test
    void toleranceCoveringTheValueIsDetected() {
        Checks checks = Checks.forNotebook("test");
        assertTrue(checks.absolute("f", "setup at t = 40", 4e-4, 4.3e-4, 1e-3).toleranceCoversValue());
        assertTrue(checks.absolute("f", "exact zero", 0, 1e-12, 1e-9).toleranceCoversValue(), "a zero reference too");
        assertTrue(checks.relative("f", "100 %", 2.0, 0.1, 1.0).toleranceCoversValue());
        assertFalse(checks.absolute("f", "tight", 0.5, 0.5004, 1e-3).toleranceCoversValue());
        assertFalse(checks.absolute("f", "exact equality", 0, 0, 0).toleranceCoversValue(), "tolerance 0");
        assertFalse(checks.relative("f", "5 %", 2.0, 2.05, 0.05).toleranceCoversValue());
        assertFalse(checks.atMost("f", "bound", 1e-9, 1e-12).toleranceCoversValue(), "bounds have no tolerance");
        assertFalse(checks.claim("f", "claim", true, "note").toleranceCoversValue());
        assertEquals(3, checks.unexplainedWide().size());
        AssertionError e = assertThrows(AssertionError.class, checks::requireExplained);
        assertTrue(e.getMessage().contains("setup at t = 40"), e.getMessage());
        assertTrue(e.getMessage().contains("3 checks in test"), e.getMessage());
    }

    @Test
    void aReasonOrShowingWithoutJudgingSatisfiesTheRule() {
        Checks checks = Checks.forNotebook("test");
        Checks.Check zero = checks.absolute("f", "exact zero", 0, 1e-12, 1e-9, "an exact zero: the row bounds |ours|");
        assertTrue(zero.toleranceCoversValue() && zero.pass());
        Checks.Check shown = checks.shown("f", "setup at t = 40", 4e-4, 4.3e-4, "printed to 4 decimals");
        assertTrue(shown.shownOnly() && shown.pass() && !shown.toleranceCoversValue());
        assertEquals(3e-5, shown.error(), 1e-15);
        checks.requireExplained();
        Table t = checks.table();
        assertEquals("yes", t.stringColumn("tolerance covers value").get(0));
        assertEquals("an exact zero: the row bounds |ours|", t.stringColumn("because").get(0));
        assertEquals("not judged (see because)", t.stringColumn("passes when").get(1));
        assertThrows(IllegalArgumentException.class, () -> checks.shown("f", "q", 1, 1, " "), "a reason is required");
        assertThrows(IllegalArgumentException.class, () -> checks.absolute("f", "q", 1, 1, 2, ""));
    }

    @Test
    void showWhereToleranceCoversTurnsOnlyTheCoveredRowsOfAFigure() {
        Checks checks = Checks.forNotebook("test");
        checks.absolute("ode", "setup t = 30", 0.0032, 0.00322, 1e-3);
        checks.absolute("ode", "setup t = 40", 0.0004, 0.000433, 1e-3);
        checks.absolute("other", "setup t = 40", 0.0004, 0.000433, 1e-3);
        List<Checks.Check> turned = checks.showWhereToleranceCovers("ode", "printed to 4 decimals");
        assertEquals(1, turned.size());
        assertEquals("setup t = 40", turned.get(0).quantity());
        assertEquals(List.of("abs", "shown", "abs"), checks.all().stream().map(Checks.Check::kind).toList());
        assertEquals(1, checks.unexplainedWide().size(), "the other figure's row is untouched");
    }

    @Test
    void shownRowsAreNoEvidence() {
        Checks checks = Checks.forNotebook("test");
        Checks.Check judged = checks.absolute("ode", "setup t = 30", 0.0032, 0.00322, 1e-3);
        Checks.Check shown = checks.shown("ode", "setup t = 40", 0.0004, 0.000433, "printed to 4 decimals");
        ClaimsRegister register = ClaimsRegister.of("tabs", List.of(new Claim("tabs", "T-1", "Section 2",
                Claim.Source.TEXT, Claim.Kind.THEOREM, Claim.Rule.EXACT, "the fluid limit", "", "ODE", Double.NaN, "",
                "")));
        assertThrows(IllegalArgumentException.class, () -> register.add("T-1", Grade.INDEPENDENT_METHOD, shown));
        assertThrows(IllegalArgumentException.class, () -> Evidence.of(Grade.INDEPENDENT_METHOD, shown));
        Evidence e = register.addAll("T-1", Grade.INDEPENDENT_METHOD, "ODE vs reference", List.of(judged, shown));
        assertTrue(e.holds());
        assertTrue(e.note().startsWith("1 of 1 hold"), e.note());
        assertTrue(e.note().contains("1 row shown, not judged, because printed to 4 decimals"), e.note());
        assertThrows(IllegalArgumentException.class,
                () -> register.addAll("T-1", Grade.INDEPENDENT_METHOD, "only shown", List.of(shown)));
    }
}
