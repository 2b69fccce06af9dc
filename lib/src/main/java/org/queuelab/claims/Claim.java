package org.queuelab.claims;

import java.util.Locale;
import java.util.Objects;

/**
 * One checkable statement of a work, as listed in its register {@code data/<work>/claims.csv} (docs/claims.md §1).
 *
 * @param work               the work's register name, e.g. {@code "sqdn"}
 * @param id                 the claim's id, unique within the work, e.g. {@code "SQDN-T3"}
 * @param where              where in the work: section, figure (panel), table (cell), theorem, page of the text
 * @param source             whether the statement is in the work's text we hold or only in our reconstruction
 * @param kind               what kind of statement it is
 * @param rule               the statistical or numerical rule that judges it ({@link Rule#NONE} when not testable)
 * @param text               the statement in at most {@value #SHORT_TEXT} characters (the report's table cell)
 * @param statement          the full statement or quotation (defaults to {@code text})
 * @param judgedBy           how the notebook judges it: method, sizes, grid (empty for NOT TESTABLE claims)
 * @param margin             the margin fixed before looking (equivalence margin, resolution, tolerance); NaN if
 *                           the rule needs none
 * @param marginReason       why the margin is what it is (the work's printed precision, a plot's resolution, a
 *                           modelling argument); required when {@code margin} is given
 * @param notTestableBecause why no computation can judge it; empty when the claim is testable
 */
public record Claim(String work, String id, String where, Source source, Kind kind, Rule rule, String text,
                    String statement, String judgedBy, double margin, String marginReason,
                    String notTestableBecause) {

    /** The longest {@link #text} a register row may have: it is a table cell of the report. */
    public static final int SHORT_TEXT = 100;

    /** Where the statement comes from. */
    public enum Source {
        /** Stated in the text of the work that the project holds. */
        TEXT,
        /** Not in the text we hold: our reconstruction or an earlier version; counted apart from the work's. */
        RECONSTRUCTION;

        /**
         * The source as written in register files.
         *
         * @return "text" or "reconstruction"
         */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The kind of a statement. */
    public enum Kind {
        /** A statement about a figure (per panel or curve family). */
        FIGURE,
        /** A table cell or row group. */
        TABLE,
        /** A theorem (with its hypotheses). */
        THEOREM,
        /** A proposition. */
        PROPOSITION,
        /** A lemma. */
        LEMMA,
        /** A corollary. */
        COROLLARY,
        /** A remark. */
        REMARK,
        /** A number quoted in the text. */
        NUMBER,
        /** A qualitative statement in the text that an experiment can test. */
        STATEMENT,
        /** A statement of the experimental set-up our runs rely on (laws, parameters, horizons). */
        SETUP;

        /**
         * The kind as written in register files.
         *
         * @return the lower-case name, e.g. "figure", "number"
         */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The rule that judges a claim (docs/claims.md §3), one per kind of statement. */
    public enum Rule {
        /** A number against the work's number within the margin (an interval inside it, or a deterministic one). */
        VALUE,
        /** "Equal / unchanged / vanishes / agrees": equivalence (two one-sided tests) within ± the margin. */
        EQUAL,
        /** "Larger / better / above": a paired interval on the difference; the margin is the resolution. */
        ORDER,
        /** "Levels out / converges / of order N^a": a fitted trend and its interval against the claimed slope. */
        TREND,
        /** "For every x": the per-point rule over a stated grid covering the work's range. */
        FOR_EVERY,
        /** An exact or deterministic check (a formula, an identity, a count): holds or fails. */
        EXACT,
        /** Not testable: the register gives the reason. */
        NONE;

        /**
         * The rule as written in register files.
         *
         * @return the lower-case name with spaces, e.g. "value", "for every"
         */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }

        /**
         * Whether a register row with this rule must give a margin.
         *
         * @return {@code true} for {@link #VALUE} and {@link #EQUAL}
         */
        public boolean needsMargin() {
            return this == VALUE || this == EQUAL;
        }
    }

    /**
     * Validates the fields; text fields are stripped, blank optional ones become empty strings (a blank
     * {@code statement} becomes {@code text}).
     *
     * @param work               the work's register name, not blank
     * @param id                 the claim's id, not blank
     * @param where              where in the work, not blank
     * @param source             where the statement comes from, not null
     * @param kind               the kind of statement, not null
     * @param rule               the rule that judges it, not null; {@link Rule#NONE} exactly when
     *                           {@code notTestableBecause} is given
     * @param text               the short statement, not blank, at most {@value #SHORT_TEXT} characters
     * @param statement          the full statement; null or blank means {@code text}
     * @param judgedBy           how the notebook judges it; required (not blank) unless the claim is not testable
     * @param margin             the margin, finite and ≥ 0, or NaN for none; required by rules VALUE and EQUAL
     * @param marginReason       why the margin is what it is; required when {@code margin} is given
     * @param notTestableBecause why no computation can judge it; null or blank when testable
     * @throws IllegalArgumentException if any of these conditions fails; the message names the field (and the claim,
     *                                  once its id is known)
     * @throws NullPointerException     if {@code source}, {@code kind} or {@code rule} is null
     */
    public Claim {
        work = requireText(work, "work");
        id = requireText(id, "id");
        where = requireText(where, "where");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(rule, "rule");
        text = requireText(text, "claim");
        if (text.length() > SHORT_TEXT) {
            throw new IllegalArgumentException(id + ": claim has " + text.length() + " characters; allowed: at most "
                    + SHORT_TEXT + " (put the full statement in 'statement')");
        }
        statement = statement == null || statement.isBlank() ? text : statement.strip();
        judgedBy = judgedBy == null ? "" : judgedBy.strip();
        marginReason = marginReason == null ? "" : marginReason.strip();
        notTestableBecause = notTestableBecause == null ? "" : notTestableBecause.strip();
        boolean notTestable = !notTestableBecause.isEmpty();
        if (notTestable != (rule == Rule.NONE)) {
            throw new IllegalArgumentException(id + ": rule is '" + rule.label() + "' and not_testable_because is "
                    + (notTestable ? "'" + notTestableBecause + "'" : "empty")
                    + "; allowed: rule 'none' exactly when a reason why it is not testable is given");
        }
        if (!notTestable && judgedBy.isEmpty()) {
            throw new IllegalArgumentException(id + ": judged_by is empty; allowed: how the notebook judges it");
        }
        if (Double.isInfinite(margin) || margin < 0) {
            throw new IllegalArgumentException(id + ": margin is " + margin + "; allowed: a finite number ≥ 0 or empty");
        }
        if (rule.needsMargin() && Double.isNaN(margin)) {
            throw new IllegalArgumentException(id + ": margin is empty; rule '" + rule.label() + "' needs one");
        }
        if (!Double.isNaN(margin) && marginReason.isEmpty()) {
            throw new IllegalArgumentException(id + ": margin_reason is empty for margin " + margin + "; allowed: a margin"
                    + " fixed before looking, with its reason (printed precision, plot resolution, a modelling"
                    + " argument)");
        }
    }

    /**
     * Whether the register gives a reason why this claim cannot be judged by computation.
     *
     * @return {@code true} when {@code notTestableBecause} is not empty (then the rule is {@link Rule#NONE})
     */
    public boolean notTestable() {
        return !notTestableBecause.isEmpty();
    }

    /**
     * Whether the statement is in the work's text (not only in our reconstruction).
     *
     * @return {@code true} for source {@link Source#TEXT}
     */
    public boolean inText() {
        return source == Source.TEXT;
    }

    /**
     * The margin fixed in the register, for a judging method that needs one.
     *
     * @return the margin, finite and ≥ 0, in the units of the claim's quantity (or relative, as its
     *         {@code judgedBy} says)
     * @throws IllegalStateException if the register gives none for this claim
     */
    public double requireMargin() {
        if (Double.isNaN(margin)) {
            throw new IllegalStateException(id + " has no margin in the " + work + " register; fix one there, with"
                    + " its reason, before judging against it");
        }
        return margin;
    }

    private static String requireText(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " must be non-blank");
        }
        return value.strip();
    }
}
