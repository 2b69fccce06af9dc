package org.queuelab.claims;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import org.queuelab.claims.Evidence.Grade;
import org.queuelab.report.Checks;
import org.queuelab.report.ProjectPaths;

import tech.tablesaw.api.Table;

/**
 * A work's claims register with the evidence a notebook attaches and the verdicts computed from it
 * (docs/claims.md).
 *
 * <p>Typical use at the end of a notebook: {@code var register = ClaimsRegister.load("sqdn");}, then
 * {@code register.add("SQDN-T3", Grade.INDEPENDENT_METHOD, check)} for each piece of evidence, then
 * {@code register.write("02-power-of-d-with-memory")} and show {@code register.table()}. Unknown ids are refused;
 * claims left without evidence are reported by {@link #unjudged()} and in the table, never counted as reproduced.
 */
public final class ClaimsRegister {

    /** Register file columns, in order. */
    public static final List<String> COLUMNS = List.of("id", "where", "source", "kind", "rule", "claim",
            "statement", "judged_by", "margin", "margin_reason", "not_testable_because");

    private static final Map<String, String> TITLES = Map.of("alba", "ALBA", "sqdn", "SQ(d,N)", "tabs", "TABS",
            "invariant", "Invariant states", "demand", "Auto-scaling under real demand");

    private final String work;
    private final Map<String, Claim> claims = new LinkedHashMap<>();
    private final Map<String, List<Evidence>> evidence = new LinkedHashMap<>();

    private ClaimsRegister(String work, List<Claim> list) {
        this.work = work;
        for (Claim c : list) {
            if (!c.work().equals(work)) {
                throw new IllegalArgumentException("claim " + c.id() + " belongs to " + c.work() + ", not " + work);
            }
            if (claims.put(c.id(), c) != null) {
                throw new IllegalArgumentException("claim id " + c.id() + " appears twice in the " + work + " register");
            }
            evidence.put(c.id(), new ArrayList<>());
        }
        if (claims.isEmpty()) {
            throw new IllegalArgumentException("the " + work + " register has no claims");
        }
    }

    /**
     * A register of the given claims, with no evidence yet.
     *
     * @param work   the work's register name, e.g. {@code "sqdn"}, not blank
     * @param claims the claims, not null, all of {@code work}, at least one, ids unique
     * @return the register, claims in the order given
     * @throws IllegalArgumentException if {@code work} is blank, {@code claims} is empty, a claim belongs to another
     *                                  work or an id appears twice
     */
    public static ClaimsRegister of(String work, List<Claim> claims) {
        if (work == null || work.isBlank()) {
            throw new IllegalArgumentException("work must be non-blank");
        }
        return new ClaimsRegister(work, List.copyOf(Objects.requireNonNull(claims, "claims")));
    }

    /**
     * Loads {@code data/<work>/claims.csv} (lines starting with {@code #} are comments) as {@link #fromCsv} reads it.
     *
     * @param work the work's register name, the folder under {@code data/}, e.g. {@code "sqdn"}, not null
     * @return the register, with no evidence yet
     * @throws IllegalArgumentException if the file does not exist or a row is invalid (with file, line and column)
     * @throws IllegalStateException    if the data folder cannot be found ({@link ProjectPaths#dataDir()})
     */
    public static ClaimsRegister load(String work) {
        return fromCsv(work, RegisterFile.of(work));
    }

    /**
     * Reads a register file with the columns {@link #COLUMNS} (comma-separated, double-quoted fields may hold commas
     * and doubled quotes; lines starting with {@code #} are comments).
     *
     * @param work the work's register name, e.g. {@code "sqdn"}; every claim read belongs to it
     * @param file the register file (UTF-8), not null
     * @return the register, claims in file order, with no evidence yet
     * @throws UncheckedIOException     if the file cannot be read
     * @throws IllegalArgumentException naming the file, line and column of the first bad field: a wrong header, an
     *                                  unknown source, kind or rule, a duplicate id, a missing judge, a margin that
     *                                  is not a number or has no reason, a NOT TESTABLE row without a reason
     */
    public static ClaimsRegister fromCsv(String work, Path file) {
        return of(work, RegisterFile.read(work, file));
    }

    /**
     * The margin the register fixes for a claim (before looking), for {@link Judge}.
     *
     * @param id the claim's id
     * @return the margin, finite and ≥ 0
     * @throws IllegalArgumentException if the register has no claim {@code id}
     * @throws IllegalStateException if the register gives none
     */
    public double margin(String id) {
        return claim(id).requireMargin();
    }

    /**
     * The work this register belongs to.
     *
     * @return the register name, e.g. {@code "sqdn"}
     */
    public String work() {
        return work;
    }

    /**
     * The work's title for tables and summaries.
     *
     * @return e.g. "SQ(d,N)" for {@code sqdn}; the register name for a work without a known title
     */
    public String title() {
        return TITLES.getOrDefault(work, work);
    }

    /**
     * The claims.
     *
     * @return an unmodifiable list in register order
     */
    public List<Claim> claims() {
        return List.copyOf(claims.values());
    }

    /**
     * The claim with this id.
     *
     * @param id the claim's id, e.g. {@code "SQDN-T3"}
     * @return the claim
     * @throws IllegalArgumentException if the register has no such id (the message lists its ids)
     */
    public Claim claim(String id) {
        Claim c = claims.get(id);
        if (c == null) {
            throw new IllegalArgumentException("no claim '" + id + "' in the " + work + " register; its ids are "
                    + claims.keySet());
        }
        return c;
    }

    /**
     * Attaches evidence to a claim.
     *
     * @param id the claim's id
     * @param e  the evidence, not null
     * @return {@code e}
     * @throws IllegalArgumentException for an unknown id, or for evidence stronger than consistency on a NOT
     *                                  TESTABLE claim
     */
    public Evidence add(String id, Evidence e) {
        Claim c = claim(id);
        Objects.requireNonNull(e, "evidence");
        if (c.notTestable() && e.grade().canReproduce()) {
            throw new IllegalArgumentException(id + " is NOT TESTABLE (" + c.notTestableBecause()
                    + "); only consistency evidence can illustrate it, got " + e.grade() + ": " + e.what());
        }
        evidence.get(id).add(e);
        return e;
    }

    /**
     * Attaches a recorded check as evidence of the given grade ({@link Evidence#of}).
     *
     * @param id    the claim's id
     * @param grade how strong the evidence is
     * @param check the recorded check, not null
     * @return the evidence attached
     * @throws IllegalArgumentException for a row shown without judging ({@link Checks#shown}): it is no evidence
     */
    public Evidence add(String id, Grade grade, Checks.Check check) {
        Objects.requireNonNull(check, "check");
        if (check.shownOnly()) {
            throw new IllegalArgumentException(check.figure() + ": " + check.quantity() + " is shown, not judged ("
                    + check.coversBecause() + "): it is no evidence for " + id);
        }
        return add(id, Evidence.of(grade, check));
    }

    /**
     * Attaches a family of checks as one piece of evidence (e.g. one formula against a table of values): it holds
     * when every check passes, and its note counts them and names the worst. Rows shown without judging
     * ({@link Checks#shown}) are not evidence: they are left out of the count and the note says how many there are
     * and why; rows whose tolerance covers the value they guard keep their reason in the note.
     *
     * @param id     the claim's id
     * @param grade  how strong the evidence is
     * @param what   what the family compares, in one line, not blank
     * @param checks the checks of the family (e.g. from {@link #matching}), not null
     * @return the one piece of evidence attached (reference and ours NaN; the counts are in its note)
     * @throws IllegalArgumentException if no judged check is left, for an unknown id, or for evidence stronger than
     *                                  consistency on a NOT TESTABLE claim
     */
    public Evidence addAll(String id, Grade grade, String what, List<Checks.Check> checks) {
        Objects.requireNonNull(checks, "checks");
        List<Checks.Check> shown = checks.stream().filter(Checks.Check::shownOnly).toList();
        List<Checks.Check> judged = checks.stream().filter(c -> !c.shownOnly()).toList();
        if (judged.isEmpty()) {
            throw new IllegalArgumentException("no judged check for " + id + ": " + what
                    + (shown.isEmpty() ? "" : " (" + shown.size() + " rows are shown without judging)"));
        }
        boolean allPass = judged.stream().allMatch(Checks.Check::pass);
        return add(id, new Evidence(grade, what, Double.NaN, Double.NaN, allPass,
                EvidenceSummary.familyNote(judged, shown)));
    }

    /**
     * The evidence attached to a claim so far.
     *
     * @param id the claim's id
     * @return an unmodifiable view, in the order attached (later additions show through)
     * @throws IllegalArgumentException for an unknown id
     */
    public List<Evidence> evidence(String id) {
        claim(id);
        return Collections.unmodifiableList(evidence.get(id));
    }

    /**
     * The verdict computed from the claim's evidence ({@link Verdict#of}).
     *
     * @param id the claim's id
     * @return the verdict; empty if the claim is testable and has no evidence yet
     * @throws IllegalArgumentException for an unknown id
     */
    public Optional<Verdict> verdict(String id) {
        Claim c = claim(id);
        List<Evidence> list = evidence.get(id);
        if (!c.notTestable() && list.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Verdict.of(c, list));
    }

    /**
     * Testable claims with no evidence: the notebook has not judged them.
     *
     * @return those claims in register order; empty when every claim is judged or not testable
     */
    public List<Claim> unjudged() {
        return claims.values().stream().filter(c -> verdict(c.id()).isEmpty()).toList();
    }

    /**
     * The number of claims of the work's text (not of our reconstruction) per verdict.
     *
     * @return a count for every verdict (0 when none); unjudged claims are not counted
     */
    public Map<Verdict, Integer> counts() {
        return counts(Claim.Source.TEXT);
    }

    /**
     * The number of claims from {@code source} per verdict.
     *
     * @param source which claims to count, not null
     * @return a count for every verdict (0 when none); unjudged claims are not counted
     */
    public Map<Verdict, Integer> counts(Claim.Source source) {
        Objects.requireNonNull(source, "source");
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        for (Verdict v : Verdict.values()) {
            counts.put(v, 0);
        }
        for (Claim c : claims.values()) {
            if (c.source() == source) {
                verdict(c.id()).ifPresent(v -> counts.merge(v, 1, Integer::sum));
            }
        }
        return counts;
    }

    /**
     * "SQ(d,N): 120 claims of the text — 90 reproduced, 4 partly, 1 not reproduced, 5 inconclusive, 20 not testable;
     * 6 of our reconstruction — …", then the claims without evidence, if any.
     *
     * @return the summary in one line
     */
    public String summary() {
        StringBuilder s = new StringBuilder(title()).append(": ");
        s.append(countLine(Claim.Source.TEXT, "claims of the text"));
        long reconstructed = claims.values().stream().filter(c -> !c.inText()).count();
        if (reconstructed > 0) {
            s.append("; ").append(countLine(Claim.Source.RECONSTRUCTION, "of our reconstruction"));
        }
        List<Claim> open = unjudged();
        if (!open.isEmpty()) {
            s.append(" (").append(open.size()).append(" without evidence: ")
                    .append(open.stream().map(Claim::id).collect(Collectors.joining(", "))).append(")");
        }
        return s.toString();
    }

    private String countLine(Claim.Source source, String label) {
        Map<Verdict, Integer> n = counts(source);
        long total = claims.values().stream().filter(c -> c.source() == source).count();
        return total + " " + label + " — " + n.get(Verdict.REPRODUCED) + " reproduced, " + n.get(Verdict.PARTLY)
                + " partly, " + n.get(Verdict.NOT_REPRODUCED) + " not reproduced, " + n.get(Verdict.INCONCLUSIVE)
                + " inconclusive, " + n.get(Verdict.NOT_TESTABLE) + " not testable";
    }

    /**
     * The claim's comparison in at most {@value Evidence#HEADLINE} characters for a report's table: the first
     * failing strong piece, else the first undecided one, else the first strong one, else the first.
     *
     * @param id the claim's id
     * @return that piece's {@link Evidence#headline()}; empty when the claim has no evidence
     * @throws IllegalArgumentException for an unknown id
     */
    public String headline(String id) {
        return EvidenceSummary.headline(evidence(id));
    }

    /**
     * The power statements of the claim's statistical evidence.
     *
     * @param id the claim's id
     * @return the statements joined by "; "; empty if no piece is statistical
     * @throws IllegalArgumentException for an unknown id
     */
    public String power(String id) {
        return EvidenceSummary.power(evidence(id));
    }

    /**
     * How many replications would decide the claim's undecided evidence.
     *
     * @param id the claim's id
     * @return the most runs any undecided piece is estimated to need; 0 if none is undecided or the need is unknown
     * @throws IllegalArgumentException for an unknown id
     */
    public int runsNeeded(String id) {
        return EvidenceSummary.runsNeeded(evidence(id));
    }

    /**
     * The numbers behind a verdict, for reports: the failing evidence when some fails, otherwise the work-number
     * and independent evidence (or, for consistency-only claims, the consistency evidence).
     *
     * @param id the claim's id
     * @return "[grade] {@link Evidence#numbers()}" per piece, joined by "; "; empty without evidence
     * @throws IllegalArgumentException for an unknown id
     */
    public String numbers(String id) {
        return EvidenceSummary.numbers(evidence(id));
    }

    /**
     * What was tried for a claim, for reports: how the register says it is judged, then each piece of evidence
     * compared ("3 comparisons: [work] …; [independent] …").
     *
     * @param id the claim's id
     * @return the text; only the register's {@code judged_by} when there is no evidence yet
     * @throws IllegalArgumentException for an unknown id
     */
    public String tried(String id) {
        return EvidenceSummary.tried(claim(id), evidence(id));
    }

    /**
     * One row per claim: id, where, source, kind, rule, claim, verdict, evidence counts, headline, power, runs
     * needed, numbers, what was tried ({@link #tried}), the full statement, margin and its reason, reason if not
     * testable.
     *
     * @return a new table named "claims: &lt;title&gt;", claims in register order; a claim without evidence has
     *         verdict "NO EVIDENCE"
     */
    public Table table() {
        return RegisterTables.claims(this);
    }

    /**
     * The register grouped by the part of the work it is about (the text of {@code where} before its first comma:
     * "Figure 3", "Theorem 2", "Section IV"), groups in order of first appearance: section, id, claim, verdict,
     * what we find ({@link #headline}). For a notebook's closing cell.
     *
     * @return a new table with columns section, id, the work says, verdict, we find
     */
    public Table bySection() {
        return RegisterTables.bySection(this);
    }

    /**
     * "What the work says / what we find" for one figure, table or theorem: the claims whose {@code where} starts
     * with {@code where} (case-insensitive, e.g. "Figure 3"), with their verdicts. For the cell next to a figure.
     *
     * @param where the start of the claims' {@code where}, e.g. "Figure 3", not blank
     * @return a new table with columns id, the work says, verdict, we find (the reason for a NOT TESTABLE claim)
     * @throws IllegalArgumentException if {@code where} is blank or no claim is about it (the message lists the
     *                                  register's places)
     */
    public Table about(String where) {
        return RegisterTables.about(this, where);
    }

    /**
     * Every piece of evidence attached, one row each.
     *
     * @return a new table with columns id, grade, what, reference, ours, outcome, note, power (numbers as text)
     */
    public Table evidenceTable() {
        return RegisterTables.evidence(this);
    }

    /**
     * Writes {@code <output>/claims/<notebook>.csv} (the claims with their verdicts, plus {@code work} (title) and
     * {@code register} (data folder) columns, read
     * by the main command's report) and {@code <output>/claims/evidence/<notebook>.csv}; each is replaced atomically.
     *
     * @param notebook the notebook's name without extension, e.g. {@code "02-power-of-d-with-memory"}, not blank
     * @return the claims file
     * @throws IllegalArgumentException if {@code notebook} is blank
     * @throws UncheckedIOException     if the folders cannot be created
     */
    public Path write(String notebook) {
        return RegisterTables.write(this, notebook);
    }

    /**
     * Writes the register ({@link #write}) and throws if a testable claim has no evidence: every claim of the work
     * must be judged or carry its reason. Returns the table of claims.
     *
     * @param notebook the notebook's name without extension, not blank
     * @return the table of claims ({@link #table()})
     * @throws IllegalArgumentException if {@code notebook} is blank
     * @throws IllegalStateException    if a testable claim has no evidence (after writing, so the files show it)
     */
    public Table writeAndRequireJudged(String notebook) {
        write(notebook);
        List<Claim> open = unjudged();
        if (!open.isEmpty()) {
            throw new IllegalStateException(open.size() + " claims of the " + work + " register have no evidence: "
                    + open.stream().map(Claim::id).collect(Collectors.joining(", ")));
        }
        return table();
    }

    /**
     * The recorded checks of {@code figure} whose quantity starts with {@code quantityPrefix}, in order: a family
     * to attach with {@link #addAll}.
     *
     * @param checks         the notebook's checks, not null
     * @param figure         the figure the checks were recorded under (exact match)
     * @param quantityPrefix the start of their quantities, not null
     * @return the matching checks, at least one
     * @throws IllegalArgumentException if no check matches
     */
    public static List<Checks.Check> matching(Checks checks, String figure, String quantityPrefix) {
        Objects.requireNonNull(checks, "checks");
        Objects.requireNonNull(quantityPrefix, "quantityPrefix");
        List<Checks.Check> found = checks.all().stream()
                .filter(c -> c.figure().equals(figure) && c.quantity().startsWith(quantityPrefix)).toList();
        if (found.isEmpty()) {
            throw new IllegalArgumentException("no check of figure '" + figure + "' with a quantity starting '"
                    + quantityPrefix + "'");
        }
        return found;
    }
}
