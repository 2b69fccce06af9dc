package org.queuelab.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.report.Checks;

import tech.tablesaw.api.Table;

class ClaimsRegisterTest {

    private static final String CSV = """
            # a comment line
            id,where,source,kind,rule,claim,statement,judged_by,margin,margin_reason,not_testable_because
            A-1,Figure 1,text,figure,equal,"curves agree, closely",,simulation vs fluid,0.02,plot resolution,
            A-2,Table 1,text,table,value,s_6 = 0.0231,,work number,5e-5,printed to 4 digits,
            A-3,Section 4,text,theorem,none,a diffusion limit,,,,,no number to compare
            A-4,Theorem 2,reconstruction,theorem,exact,unique fixed point,,integration,,,
            """;

    private static ClaimsRegister register(Path dir) throws IOException {
        Path file = dir.resolve("claims.csv");
        Files.writeString(file, CSV);
        return ClaimsRegister.fromCsv("alba", file);
    }

    @Test
    void loadsClaimsAndComputesVerdictsFromChecks(@TempDir Path dir) throws IOException {
        ClaimsRegister r = register(dir);
        assertEquals(4, r.claims().size());
        assertEquals("curves agree, closely", r.claim("A-1").text());
        assertTrue(r.claim("A-3").notTestable());

        Checks checks = Checks.forNotebook("t");
        r.add("A-1", Grade.INDEPENDENT_METHOD, checks.absolute("Figure 1", "x(5)", 0.5, 0.51, 0.02));
        r.add("A-2", Grade.WORK_NUMBER, checks.absolute("Table 1", "s_6", 0.0231, 0.0649, 5e-5));
        r.add("A-2", Grade.CONSISTENCY, checks.claim("Table 1", "solver converged", true, ""));

        assertEquals(Verdict.REPRODUCED, r.verdict("A-1").orElseThrow());
        assertEquals(Verdict.NOT_REPRODUCED, r.verdict("A-2").orElseThrow());
        assertEquals(Verdict.NOT_TESTABLE, r.verdict("A-3").orElseThrow());
        assertTrue(r.verdict("A-4").isEmpty());
        assertEquals(List.of("A-4"), r.unjudged().stream().map(Claim::id).toList());
        assertEquals("ALBA: 3 claims of the text — 1 reproduced, 0 partly, 1 not reproduced, 0 inconclusive,"
                + " 1 not testable; 1 of our reconstruction — 0 reproduced, 0 partly, 0 not reproduced,"
                + " 0 inconclusive, 0 not testable (1 without evidence: A-4)", r.summary());
        assertEquals(5e-5, r.margin("A-2"));
        assertThrows(IllegalStateException.class, () -> r.margin("A-4"));
        assertEquals("ours 0.0649 vs 0.0231", r.headline("A-2"));
        assertTrue(r.numbers("A-2").contains("ours 0.0649 vs 0.0231"), r.numbers("A-2"));
        assertEquals("work number. 2 comparisons: [work] Table 1: s_6 (fails); [consistency] Table 1: solver converged",
                r.tried("A-2"));
        assertEquals(r.tried("A-2"), r.table().stringColumn("tried").get(1), "the table carries what was tried");
    }

    @Test
    void refusesUnknownIdsAndStrongEvidenceOnUntestableClaims(@TempDir Path dir) throws IOException {
        ClaimsRegister r = register(dir);
        Evidence e = new Evidence(Grade.WORK_NUMBER, "x", 1, 1, true, "");
        var unknown = assertThrows(IllegalArgumentException.class, () -> r.add("A-9", e));
        assertTrue(unknown.getMessage().contains("A-9") && unknown.getMessage().contains("A-1"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> r.add("A-3", e));
        r.add("A-3", new Evidence(Grade.CONSISTENCY, "illustration", Double.NaN, Double.NaN, true, ""));
        assertEquals(Verdict.NOT_TESTABLE, r.verdict("A-3").orElseThrow());
    }

    @Test
    void familyOfChecksIsOnePieceOfEvidenceThatFailsIfAnyFails(@TempDir Path dir) throws IOException {
        ClaimsRegister r = register(dir);
        Checks checks = Checks.forNotebook("t");
        var a = checks.absolute("T", "a", 1, 1, 0);
        var b = checks.absolute("T", "b", 2, 3, 0);
        Evidence e = r.addAll("A-4", Grade.CONSISTENCY, "formula vs its table", List.of(a, b));
        assertFalse(e.holds());
        assertTrue(e.note().startsWith("1 of 2 hold"), e.note());
        assertEquals(Verdict.NOT_REPRODUCED, r.verdict("A-4").orElseThrow());
    }

    @Test
    void matchingSelectsAFamilyOfChecks() {
        Checks checks = Checks.forNotebook("t");
        checks.absolute("Figure 2", "λ_1, d = 2", 0.5, 0.5, 1e-6);
        checks.absolute("Figure 2", "λ_2, d = 2", 0.866, 0.866, 1e-6);
        checks.absolute("Figure 2", "j*+1 at λ = 0.9", 3, 3, 0);
        assertEquals(2, ClaimsRegister.matching(checks, "Figure 2", "λ_").size());
        assertThrows(IllegalArgumentException.class, () -> ClaimsRegister.matching(checks, "Figure 3", "λ_"));
    }

    @Test
    void tableHasOneRowPerClaim(@TempDir Path dir) throws IOException {
        ClaimsRegister r = register(dir);
        Table t = r.table();
        assertEquals(4, t.rowCount());
        assertEquals("NO EVIDENCE", t.stringColumn("verdict").get(0));
        assertEquals("NOT_TESTABLE", t.stringColumn("verdict").get(2));
    }

    @Test
    void viewsGroupBySectionAndSelectOneFigure(@TempDir Path dir) throws IOException {
        ClaimsRegister r = register(dir);
        Checks checks = Checks.forNotebook("t");
        r.add("A-1", Grade.INDEPENDENT_METHOD, checks.absolute("Figure 1", "x(5)", 0.5, 0.51, 0.02));
        Table sections = r.bySection();
        assertEquals(List.of("Figure 1", "Table 1", "Section 4", "Theorem 2"),
                sections.stringColumn("section").asList());
        Table fig = r.about("figure 1");
        assertEquals(1, fig.rowCount());
        assertEquals("REPRODUCED", fig.stringColumn("verdict").get(0));
        assertEquals("ours 0.51 vs 0.5", fig.stringColumn("we find").get(0));
        var e = assertThrows(IllegalArgumentException.class, () -> r.about("Figure 11"));
        assertTrue(e.getMessage().contains("Figure 1, Table 1"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"alba", "sqdn", "tabs", "invariant"})
    void theProjectRegistersLoad(String work) {
        ClaimsRegister r = ClaimsRegister.load(work);
        assertTrue(r.claims().size() >= 10, work + " has " + r.claims().size() + " claims");
        for (Claim c : r.claims()) {
            assertTrue(c.id().matches("[A-Z0-9-]+"), c.id());
            assertTrue(c.notTestable() || !c.judgedBy().isEmpty(), c.id() + " says neither how it is judged nor why not");
        }
    }

    private static final String HEADER = String.join(",", ClaimsRegister.COLUMNS) + "\n";

    /** A register whose second data field row has {@code row}; the error must name file:line:column and the field. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "X,w,text,opinion,exact,c,,j,,,|4:10|kind 'opinion' is unknown",
        "X,w,text,figure,guess,c,,j,,,|4:17|rule 'guess' is unknown",
        "X,w,book,figure,exact,c,,j,,,|4:5|source 'book' is unknown",
        "A,w,text,figure,exact,c,,j,,,|4:1|appears twice",
        "X,w,text,figure,exact,c,,,,,|4:26|judged_by is empty",
        "X,w,text,figure,none,c,,,,,|4:17|rule is 'none'",
        "X,w,text,figure,value,c,,j,,,|4:28|margin is empty",
        "X,w,text,figure,value,c,,j,0.1,,|4:32|margin_reason is empty",
        "X,w,text,figure,value,c,,j,ten,r,|4:28|margin 'ten' is not a number",
        "X,w,text,figure,exact,c,,j,,|4:29|the row has 10 fields",
    })
    void badRowsNameFileLineAndColumn(String row, String position, String message, @TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("claims.csv");
        Files.writeString(file, "# comment\n" + HEADER + "A,w,text,figure,exact,c,,j,,,\n" + row + "\n");
        var e = assertThrows(IllegalArgumentException.class, () -> ClaimsRegister.fromCsv("alba", file));
        assertTrue(e.getMessage().startsWith(file + ":" + position + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void aTooLongClaimIsRefusedWithItsColumn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("claims.csv");
        Files.writeString(file, HEADER + "X,w,text,figure,exact," + "c".repeat(101) + ",,j,,,\n");
        var e = assertThrows(IllegalArgumentException.class, () -> ClaimsRegister.fromCsv("alba", file));
        assertTrue(e.getMessage().startsWith(file + ":2:23: X: claim has 101 characters"), e.getMessage());
    }

    @Test
    void badRegisterFilesAreRefused(@TempDir Path dir) throws IOException {
        Path wrongColumns = dir.resolve("a.csv");
        Files.writeString(wrongColumns, "id,claim\nX,y\n");
        var e = assertThrows(IllegalArgumentException.class, () -> ClaimsRegister.fromCsv("alba", wrongColumns));
        assertTrue(e.getMessage().startsWith(wrongColumns + ":1:1: the header must be"), e.getMessage());
        Path empty = dir.resolve("b.csv");
        Files.writeString(empty, "# only a comment\n");
        e = assertThrows(IllegalArgumentException.class, () -> ClaimsRegister.fromCsv("alba", empty));
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
        Path headerOnly = dir.resolve("c.csv");
        Files.writeString(headerOnly, HEADER);
        e = assertThrows(IllegalArgumentException.class, () -> ClaimsRegister.fromCsv("alba", headerOnly));
        assertTrue(e.getMessage().contains("no claims"), e.getMessage());
        Path unclosed = dir.resolve("d.csv");
        Files.writeString(unclosed, HEADER + "X,\"w,text\n");
        e = assertThrows(IllegalArgumentException.class, () -> ClaimsRegister.fromCsv("alba", unclosed));
        assertTrue(e.getMessage().startsWith(unclosed + ":2:3: a quoted field is not closed"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ClaimsRegister.load("no-such-work"));
    }
}
