package org.queuelab.repro;

import java.util.Locale;
import java.util.Objects;

import org.queuelab.claims.Evidence;

/**
 * What a study found about one prediction of a work, in the form a claims register records: what was compared,
 * the value predicted (the work's number, the other method's value or a bound; NaN when qualitative), our value
 * with its 95% interval (NaN ends when there is none), whether the prediction holds, and how that was decided.
 * A notebook attaches it to a claim id with the register's evidence type; the study never picks the claim's
 * verdict.
 *
 * @param what      what was compared, in one line
 * @param reference the predicted value or bound, NaN if qualitative
 * @param ours      our value, NaN if qualitative
 * @param lower     lower end of our 95% interval (NaN if none)
 * @param upper     upper end of our 95% interval (NaN if none)
 * @param holds     whether the prediction holds on our numbers
 * @param note      how it was decided: the rule, counts, the numbers behind it
 */
public record Finding(String what, double reference, double ours, double lower, double upper, boolean holds,
                      String note) {

    /**
     * Validates the text fields; a null note becomes empty. The numbers are not checked (NaN means "none").
     *
     * @param what      what was compared, in one line; non-blank
     * @param reference the predicted value or bound, NaN if qualitative
     * @param ours      our value, NaN if qualitative
     * @param lower     lower end of our 95% interval (NaN if none)
     * @param upper     upper end of our 95% interval (NaN if none)
     * @param holds     whether the prediction holds on our numbers
     * @param note      how it was decided; null is read as empty
     * @throws IllegalArgumentException if {@code what} is null or blank
     */
    public Finding {
        if (what == null || what.isBlank()) {
            throw new IllegalArgumentException("what must be non-blank");
        }
        note = Objects.requireNonNullElse(note, "");
    }

    /**
     * {@return a table with one row per finding, columns what, reference, ours, lo, hi, holds ("yes"/"NO") and
     * note, in the order given}
     *
     * @param title    the table's name
     * @param findings the findings, possibly none
     */
    public static tech.tablesaw.api.Table table(String title, java.util.List<Finding> findings) {
        tech.tablesaw.api.Table t = tech.tablesaw.api.Table.create(title,
                tech.tablesaw.api.StringColumn.create("what"), tech.tablesaw.api.DoubleColumn.create("reference"),
                tech.tablesaw.api.DoubleColumn.create("ours"), tech.tablesaw.api.DoubleColumn.create("lo"),
                tech.tablesaw.api.DoubleColumn.create("hi"), tech.tablesaw.api.StringColumn.create("holds"),
                tech.tablesaw.api.StringColumn.create("note"));
        for (Finding f : findings) {
            t.stringColumn("what").append(f.what());
            t.doubleColumn("reference").append(f.reference());
            t.doubleColumn("ours").append(f.ours());
            t.doubleColumn("lo").append(f.lower());
            t.doubleColumn("hi").append(f.upper());
            t.stringColumn("holds").append(f.holds() ? "yes" : "NO");
            t.stringColumn("note").append(f.note());
        }
        return t;
    }

    /**
     * This finding as a claims register's evidence of the given grade; the note starts with the 95% interval when
     * there is one.
     *
     * @param grade how strong the evidence is (the register's grade)
     * @return the evidence, with this finding's description, reference, value and verdict
     */
    public Evidence asEvidence(Evidence.Grade grade) {
        String interval = Double.isNaN(lower) ? ""
                : String.format(Locale.ROOT, "95%% interval [%.4g, %.4g]; ", lower, upper);
        return new Evidence(grade, what, reference, ours, holds, interval + note);
    }

    /**
     * {@return the same finding with another description and the note prefixed (e.g. to say what was not run)}
     *
     * @param newWhat    the new description, non-blank
     * @param notePrefix text put before the note, as is
     * @throws IllegalArgumentException if {@code newWhat} is blank
     */
    public Finding describedAs(String newWhat, String notePrefix) {
        return new Finding(newWhat, reference, ours, lower, upper, holds, notePrefix + note);
    }

    /** {@return "holds" or "does NOT hold", from {@link #holds()}, for prose} */
    public String verdictWord() {
        return holds ? "holds" : "does NOT hold";
    }

    @Override
    public String toString() {
        String interval = Double.isNaN(lower) ? "" : String.format(Locale.ROOT, " [%.4g, %.4g]", lower, upper);
        return what + ": ours " + String.format(Locale.ROOT, "%.4g", ours) + interval + " vs "
                + String.format(Locale.ROOT, "%.4g", reference) + " — " + verdictWord()
                + (note.isEmpty() ? "" : " (" + note + ")");
    }
}
