package org.queuelab.claims;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.queuelab.claims.Evidence.Grade;
import org.queuelab.report.Checks;

/**
 * What a claim's evidence says, in the words of reports (docs/claims.md): the headline, the numbers behind the
 * verdict, what was tried, the power statements, the runs an undecided piece needs, and the note of a family of
 * checks attached as one piece.
 */
final class EvidenceSummary {

    private EvidenceSummary() {
    }

    /** As {@link ClaimsRegister#headline}: the first failing strong piece, else undecided, else strong, else first. */
    static String headline(List<Evidence> list) {
        return list.stream().filter(e -> e.grade().canReproduce() && e.outcome() == Evidence.Outcome.FAILS)
                .findFirst()
                .or(() -> list.stream().filter(e -> !e.decided()).findFirst())
                .or(() -> list.stream().filter(e -> e.grade().canReproduce()).findFirst())
                .or(() -> list.stream().findFirst())
                .map(Evidence::headline).orElse("");
    }

    /** As {@link ClaimsRegister#power}: the statistical pieces' power statements joined by "; ". */
    static String power(List<Evidence> list) {
        return list.stream().map(Evidence::power).filter(p -> !p.isEmpty()).collect(Collectors.joining("; "));
    }

    /** As {@link ClaimsRegister#runsNeeded}: the most runs an undecided piece needs, 0 when none or unknown. */
    static int runsNeeded(List<Evidence> list) {
        return list.stream().filter(e -> !e.decided()).mapToInt(Evidence::runsNeeded).max().orElse(0);
    }

    /** As {@link ClaimsRegister#numbers}: the failing pieces, else the strong ones, else all, one line each. */
    static String numbers(List<Evidence> list) {
        List<Evidence> shown = list.stream().filter(e -> !e.holds()).toList();   // failing or undecided first
        if (shown.isEmpty()) {
            shown = list.stream().filter(e -> e.grade().canReproduce()).toList();
        }
        if (shown.isEmpty()) {
            shown = list;
        }
        return shown.stream().map(e -> "[" + shortGrade(e.grade()) + "] " + e.numbers())
                .collect(Collectors.joining("; "));
    }

    /** As {@link ClaimsRegister#tried}: the register's {@code judged_by}, then each piece compared. */
    static String tried(Claim c, List<Evidence> list) {
        String how = c.judgedBy();
        if (list.isEmpty()) {
            return how;
        }
        String pieces = list.size() + (list.size() == 1 ? " comparison: " : " comparisons: ") + list.stream()
                .map(e -> "[" + shortGrade(e.grade()) + "] " + e.what() + switch (e.outcome()) {
                    case HOLDS -> "";
                    case FAILS -> " (fails)";
                    case UNDECIDED -> " (undecided)";
                })
                .collect(Collectors.joining("; "));
        return how.isEmpty() ? pieces : how + ". " + pieces;
    }

    /** How many pieces have grade {@code g}. */
    static int count(List<Evidence> list, Grade g) {
        return (int) list.stream().filter(e -> e.grade() == g).count();
    }

    /**
     * The note of a family attached as one piece ({@link ClaimsRegister#addAll}): how many judged checks hold, the
     * first failure, and the reasons of rows whose tolerance covers their value or that are shown without judging.
     */
    static String familyNote(List<Checks.Check> judged, List<Checks.Check> shown) {
        List<Checks.Check> failed = judged.stream().filter(c -> !c.pass()).toList();
        String note = (judged.size() - failed.size()) + " of " + judged.size() + " hold";
        if (!failed.isEmpty()) {
            Checks.Check w = failed.get(0);
            note += "; first failure " + w.quantity() + ": ours " + Evidence.fmt(w.ours()) + " vs "
                    + Evidence.fmt(w.reference());
        }
        note += reasons(judged.stream().filter(Checks.Check::toleranceCoversValue).toList(),
                " with a tolerance covering the value, because ");
        return note + reasons(shown, " shown, not judged, because ");
    }

    /** "; 2 rows <label> <reason>" per distinct reason, or "" for no rows. */
    private static String reasons(List<Checks.Check> rows, String label) {
        Map<String, Long> byReason = rows.stream().collect(Collectors.groupingBy(Checks.Check::coversBecause,
                LinkedHashMap::new, Collectors.counting()));
        StringBuilder sb = new StringBuilder();
        byReason.forEach((reason, n) -> sb.append("; ").append(n).append(n == 1 ? " row" : " rows").append(label)
                .append(reason.isEmpty() ? "(none given)" : reason));
        return sb.toString();
    }

    private static String shortGrade(Grade g) {
        return switch (g) {
            case WORK_NUMBER -> "work";
            case INDEPENDENT_METHOD -> "independent";
            case CONSISTENCY -> "consistency";
        };
    }
}
