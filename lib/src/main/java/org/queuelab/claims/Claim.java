package org.queuelab.claims;

import java.util.Objects;

/**
 * One claim of a work, as listed in its register {@code data/<work>/claims.csv} (docs/claims.md §1).
 *
 * @param work               the work's register name, e.g. {@code "sqdn"}
 * @param id                 the claim's id, unique within the work, e.g. {@code "SQDN-T3"}
 * @param where              where in the work: section, figure, table, theorem, proposition
 * @param text               the claim in one line
 * @param kind               what kind of claim it is
 * @param judgedBy           how the notebook judges it (empty for NOT TESTABLE claims)
 * @param notTestableBecause why no computation can judge it; empty when the claim is testable
 */
public record Claim(String work, String id, String where, String text, Kind kind, String judgedBy,
                    String notTestableBecause) {

    /** The kind of a claim. */
    public enum Kind {
        /** A number the work prints. */
        PRINTED_NUMBER("printed number"),
        /** A qualitative statement (an ordering, a shape, "agrees"). */
        QUALITATIVE("qualitative"),
        /** A theorem, proposition or formula; judged through its numerical consequences. */
        THEOREM("theorem");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The label used in the register files. */
        public String label() {
            return label;
        }

        /** The kind with this label (case-insensitive). */
        public static Kind fromLabel(String label) {
            for (Kind k : values()) {
                if (k.label.equalsIgnoreCase(label.strip())) {
                    return k;
                }
            }
            throw new IllegalArgumentException("kind must be one of 'printed number', 'qualitative', 'theorem'; got '"
                    + label + "'");
        }
    }

    /** Validates the fields; blank text fields become empty strings. */
    public Claim {
        work = requireText(work, "work");
        id = requireText(id, "id");
        where = requireText(where, "where");
        text = requireText(text, "text");
        Objects.requireNonNull(kind, "kind");
        judgedBy = judgedBy == null ? "" : judgedBy.strip();
        notTestableBecause = notTestableBecause == null ? "" : notTestableBecause.strip();
    }

    /** Whether the register gives a reason why this claim cannot be judged by computation. */
    public boolean notTestable() {
        return !notTestableBecause.isEmpty();
    }

    private static String requireText(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " must be non-blank");
        }
        return value.strip();
    }
}
