package org.queuelab.invariant;

import java.util.Locale;
import java.util.Map;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The work's tables built from solved states keyed by row name (docs/invariant-states.md §8): Table 1 (s*_ℓ) in the work's display
 * convention or as numbers, Table 2 (H(ℓ)), W* and long comparisons against a reference table.
 */
public final class InvariantTables {

    private InvariantTables() {
    }

    /**
     * Table 1 as the work prints it: one row per law, columns s1..sL as text; a value with status OK in 6
     * significant digits, "0" below the resolution 1e-12 (the work's convention), "lost" where the error bound
     * exceeds 10% and "no root" where the root search failed.
     *
     * @param title  the table's name
     * @param states solved states keyed by row name (a law's label), rows in the map's order
     * @return a table with column {@code distribution} and s1..sL, L the most levels of any state (blank beyond a
     *         state's own levels)
     */
    public static Table table1Display(String title, Map<String, InvariantState> states) {
        int levels = maxLevels(states);
        Table t = Table.create(title, StringColumn.create("distribution"));
        for (int l = 1; l <= levels; l++) {
            t.addColumns(StringColumn.create("s" + l));
        }
        for (Map.Entry<String, InvariantState> e : states.entrySet()) {
            t.stringColumn("distribution").append(e.getKey());
            InvariantState st = e.getValue();
            for (int l = 1; l <= levels; l++) {
                String cell = l > st.levels() ? "" : switch (st.status(l)) {
                    case OK -> String.format(Locale.ROOT, "%.6g", st.s(l));
                    case BELOW_RESOLUTION -> "0";
                    case PRECISION_LOST -> "lost";
                    case NOT_BRACKETED -> "no root";
                };
                t.stringColumn("s" + l).append(cell);
            }
        }
        return t;
    }

    /**
     * Table 1 as numbers: s*_ℓ where its status is OK, NaN (blank) otherwise.
     *
     * @param title  the table's name
     * @param states solved states keyed by row name (a law's label), rows in the map's order
     * @return a table with column {@code distribution} and double columns s1..sL
     */
    public static Table table1(String title, Map<String, InvariantState> states) {
        return wide(title, states, "s", InvariantState::s);
    }

    /**
     * Table 2: H(ℓ) = log₂(ln(1/s*_ℓ))/ℓ, NaN where s*_ℓ is not resolved (as in the work).
     *
     * @param title  the table's name
     * @param states solved states keyed by row name (a law's label), rows in the map's order
     * @return a table with column {@code distribution} and double columns H1..HL
     */
    public static Table table2(String title, Map<String, InvariantState> states) {
        return wide(title, states, "H", InvariantState::h);
    }

    /**
     * Correct significant digits of each s*_ℓ implied by its error bound (0: not resolved).
     *
     * @param title  the table's name
     * @param states solved states keyed by row name (a law's label), rows in the map's order
     * @return a table with column {@code distribution} and columns s1..sL holding digit counts 0..15
     */
    public static Table digits(String title, Map<String, InvariantState> states) {
        return wide(title, states, "s", (st, l) -> st.status(l) == LevelStatus.OK ? st.digits(l) : 0);
    }

    /**
     * W* per law (docs/invariant-states.md §6): Little's law over the solved levels, the formula (4.3) (R0 = ∞, levels 1..L−1), and the
     * approximation (4.4) with the work's L0 = 6, R0 = 20, δ = 0.003 as left Riemann and trapezoid sums.
     *
     * @param title  the table's name
     * @param states solved states keyed by row name (a law's label), rows in the map's order
     * @return one row per state: levels solved, W_little, W_4.3, W_4.4_left, W_4.4_trapezoid and the last Little
     *         term s*_L/λ (all in the law's time unit)
     * @throws IllegalArgumentException if a state has d &lt; 2 or at most {@value VirtualWaitingTime#PAPER_LEVELS}
     *                                  levels
     */
    public static Table waitingTimes(String title, Map<String, InvariantState> states) {
        Table t = Table.create(title, StringColumn.create("distribution"), IntColumn.create("levels"),
                DoubleColumn.create("W_little"), DoubleColumn.create("W_4.3"), DoubleColumn.create("W_4.4_left"),
                DoubleColumn.create("W_4.4_trapezoid"), DoubleColumn.create("last_term_s_L/λ"));
        for (Map.Entry<String, InvariantState> e : states.entrySet()) {
            InvariantState st = e.getValue();
            VirtualWaitingTime.Approximation a = VirtualWaitingTime.approximation(st);
            t.stringColumn("distribution").append(e.getKey());
            t.intColumn("levels").append(VirtualWaitingTime.lastSolved(st));
            t.doubleColumn("W_little").append(VirtualWaitingTime.little(st));
            t.doubleColumn("W_4.3").append(VirtualWaitingTime.integral(st));
            t.doubleColumn("W_4.4_left").append(a.leftRiemann());
            t.doubleColumn("W_4.4_trapezoid").append(a.trapezoid());
            t.doubleColumn("last_term_s_L/λ").append(VirtualWaitingTime.littleTail(st));
        }
        return t;
    }

    /**
     * A long comparison against a reference table with columns {@code distribution}, {@code level} and
     * {@code valueColumn}: reference, ours ({@code s} or {@code H} per {@code quantity}), relative difference, our
     * status. Reference rows without a value or without a state are skipped.
     *
     * @param title  the table's name
     * @param states solved states keyed by row name (a law's label), rows in the map's order
     * @param reference   the reference table (string {@code distribution}, int {@code level}, double value column)
     * @param valueColumn the reference's value column
     * @param quantity    {@code "H"} to compare H(ℓ); any other value compares s*_ℓ
     * @return one row per compared level: distribution, level, reference, ours, rel_difference, our_error_bound,
     *         status
     */
    public static Table compare(String title, Map<String, InvariantState> states, Table reference, String valueColumn,
                                String quantity) {
        Table t = Table.create(title, StringColumn.create("distribution"), IntColumn.create("level"),
                DoubleColumn.create("reference"), DoubleColumn.create("ours"), DoubleColumn.create("rel_difference"),
                DoubleColumn.create("our_error_bound"), StringColumn.create("status"));
        for (Row row : reference) {
            InvariantState st = states.get(row.getString("distribution"));
            int l = row.getInt("level");
            if (st == null || row.isMissing(valueColumn) || l > st.levels()) {
                continue;
            }
            double ref = row.getDouble(valueColumn);
            double ours = quantity.equals("H") ? st.h(l) : st.s(l);
            t.stringColumn("distribution").append(row.getString("distribution"));
            t.intColumn("level").append(l);
            t.doubleColumn("reference").append(ref);
            t.doubleColumn("ours").append(ours);
            t.doubleColumn("rel_difference").append((ours - ref) / Math.abs(ref));
            t.doubleColumn("our_error_bound").append(st.errorBound(l));
            t.stringColumn("status").append(st.status(l).name());
        }
        return t;
    }

    private interface LevelValue {
        double at(InvariantState state, int level);
    }

    private static Table wide(String title, Map<String, InvariantState> states, String prefix, LevelValue value) {
        int levels = maxLevels(states);
        Table t = Table.create(title, StringColumn.create("distribution"));
        for (int l = 1; l <= levels; l++) {
            t.addColumns(DoubleColumn.create(prefix + l));
        }
        for (Map.Entry<String, InvariantState> e : states.entrySet()) {
            t.stringColumn("distribution").append(e.getKey());
            for (int l = 1; l <= levels; l++) {
                t.doubleColumn(prefix + l).append(l > e.getValue().levels() ? Double.NaN : value.at(e.getValue(), l));
            }
        }
        return t;
    }

    private static int maxLevels(Map<String, InvariantState> states) {
        int levels = 0;
        for (InvariantState st : states.values()) {
            levels = Math.max(levels, st.levels());
        }
        return levels;
    }
}
