package org.queuelab.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.queuelab.dist.PaperLaws;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.report.ReferenceData;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

/** Table 1, Table 2, W* and the quoted values against the reference numbers of docs/invariant-states.md §8 and §9.3 (data/invariant). */
class InvariantReferenceTest {

    private static final Map<String, ServiceDistribution> LAWS = PaperLaws.invariantStatesTable1();
    private static final Map<String, InvariantState> HIGH = new HashMap<>();
    private static final Map<String, InvariantState> PAPER = new HashMap<>();

    @BeforeAll
    static void solveAll() {
        for (var e : LAWS.entrySet()) {
            InvariantStateProblem p = new InvariantStateProblem(e.getValue(), 0.5, 2, 9, Accuracy.HIGH);
            HIGH.put(e.getKey(), InvariantStateSolver.solve(p));
            PAPER.put(e.getKey(), InvariantStateSolver.solve(p.withAccuracy(Accuracy.PAPER).withLevels(8)));
        }
    }

    /** Half a unit in the last printed digit of a value given to {@code digits} significant digits. */
    private static double halfUnit(double value, int digits) {
        return 0.5 * Math.pow(10, Math.floor(Math.log10(Math.abs(value))) - digits + 1);
    }

    /** Independent 60/80-digit values for the closed-form laws (data/invariant/table1-independent.csv). */
    private static Map<String, Double> independent() {
        Map<String, Double> m = new HashMap<>();
        for (Row row : ReferenceData.load("invariant/table1-independent.csv")) {
            m.put(row.getString("distribution") + "#" + row.getInt("level"), row.getDouble("s_star"));
        }
        return m;
    }

    @Test
    void tableOneHighAccuracyMatchesEveryPrintedDigit() {
        Table ref = ReferenceData.load("invariant/table1-reference.csv");
        Map<String, Double> independent = independent();
        List<String> failures = new ArrayList<>();
        List<String> misprints = new ArrayList<>();
        int compared = 0;
        for (Row row : ref) {
            String name = row.getString("distribution");
            InvariantState st = HIGH.get(name);
            int l = row.getInt("level");
            if (row.isMissing("s_star")) {
                // "~0": whatever we have must be unresolvable or below 1e-30
                assertTrue(!(st.s(l) > 1e-30), name + " level " + l + ": " + st.s(l));
                continue;
            }
            double expected = row.getDouble("s_star");
            double halfUnit = halfUnit(expected, row.getInt("digits"));
            Double check = independent.get(name + "#" + l);
            if (check != null && Math.abs(check - expected) > halfUnit) {
                // the reference table's printed digit disagrees with the independent high-precision value: compare with that
                misprints.add(name + " s*_" + l);
                expected = check;
                halfUnit = 1e-11 * check;
            }
            if (expected >= 1e-20 && st.status(l) != LevelStatus.OK) {
                // everything at or above 1e-20 must be resolved by the high-accuracy mode
                failures.add(name + " s*_" + l + " not resolved: " + st.reason(l));
                continue;
            }
            if (st.status(l) != LevelStatus.OK) {
                continue; // deep levels may be flagged; they are never compared as numbers
            }
            compared++;
            double tol = halfUnit + st.errorBound(l);
            if (!(Math.abs(st.s(l) - expected) <= tol)) {
                failures.add(name + " s*_" + l + ": ours " + st.s(l) + ", ref " + expected + ", tol " + tol);
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(compared >= 120, "compared " + compared);
        assertEquals(List.of("shifted exp c=0.5 s*_4"), misprints, "known reference-table slips (docs/invariant-states.md §8, data/invariant/README)");
    }

    @Test
    void closedFormLawsMatchIndependentHighPrecisionValues() {
        for (Map.Entry<String, Double> e : independent().entrySet()) {
            String[] key = e.getKey().split("#");
            InvariantState st = HIGH.get(key[0]);
            int l = Integer.parseInt(key[1]);
            double expected = e.getValue();
            if (expected >= 1e-20) {
                assertEquals(LevelStatus.OK, st.status(l), e.getKey());
            }
            if (st.status(l) == LevelStatus.OK) {
                double err = Math.abs(st.s(l) - expected);
                double printed = halfUnit(expected, 12); // the file keeps 12 significant digits
                assertTrue(err <= st.errorBound(l) + printed,
                        e.getKey() + ": error " + err + " beyond bound " + st.errorBound(l));
                if (expected >= 1e-15) {
                    assertTrue(err <= 1e-9 * expected + printed, e.getKey() + ": rel " + err / expected);
                }
            }
        }
    }

    @Test
    void tableTwoMatchesWhereResolved() {
        Table ref = ReferenceData.load("invariant/table2-reference.csv");
        for (Row row : ref) {
            if (row.isMissing("H")) {
                continue;
            }
            String name = row.getString("distribution");
            int l = row.getInt("level");
            double expected = row.getDouble("H");
            boolean below = row.getBoolean("below_resolution");
            InvariantState paper = PAPER.get(name);
            if (below) {
                // the work prints NaN where s*_ℓ ≤ 1e-12; so does the paper-faithful mode
                assertTrue(Double.isNaN(paper.h(l)), name + " H(" + l + ") should be NaN in PAPER mode");
            }
            InvariantState high = HIGH.get(name);
            if (high.status(l) == LevelStatus.OK) {
                assertEquals(expected, high.h(l), 5e-5 + 1e-3 * high.errorBound(l) / high.s(l),
                        name + " H(" + l + ")");
            }
            if (!below && paper.status(l) == LevelStatus.OK) {
                assertEquals(expected, paper.h(l), 5e-5 + paper.errorBound(l) / paper.s(l), name + " paper H(" + l + ")");
            }
        }
    }

    @Test
    void quotedValuesOfThePaper() {
        // docs/invariant-states.md §9.4: Weibull ½ s*_6 ≈ 2.71e-6; Pareto 1.5 s*_6..8 = 0.0231, 0.0182, 0.0150 (±½ in the last digit)
        Table quoted = ReferenceData.load("invariant/quoted.csv");
        for (Row row : quoted) {
            InvariantState paper = PAPER.get(row.getString("distribution"));
            int l = row.getInt("level");
            double value = row.getDouble("paper_value");
            double ours = paper.s(l);
            if (row.getString("status").equals("match")) {
                assertEquals(value, ours, halfUnit(value, row.getInt("paper_digits")),
                        row.getString("distribution") + " s*_" + l);
            } else {
                // Weibull ½ s*_7: the paper's 1.8147e-11 is not reproduced; 3.48e-11 ± 3% (docs/invariant-states.md §9.4, §8)
                assertEquals(3.48e-11, ours, 0.03 * 3.48e-11, "Weibull ½ s*_7 in paper mode");
                assertTrue(Math.abs(ours - value) > 0.5 * value, "differs from the quoted " + value);
                assertEquals(3.48059e-11, HIGH.get(row.getString("distribution")).s(l), 5e-16);
            }
        }
        // the work: "every other distribution is 0 for 6 ≤ ℓ ≤ 8" — in paper mode σ=1 lognormal sits at the threshold
        for (String name : List.of("exponential", "Weibull a=1.5", "Weibull a=2", "Weibull a=3", "gamma k=2",
                "gamma k=3", "shifted exp c=0.25", "shifted exp c=0.5", "lognormal σ=0.5", "lognormal σ=1")) {
            for (int l = 6; l <= 8; l++) {
                assertTrue(PAPER.get(name).status(l) != LevelStatus.OK, name + " s*_" + l + " shown in paper mode");
            }
        }
    }

    @Test
    void singleQueueIsTheMG1Law() {
        Table ref = ReferenceData.load("invariant/mg1-d1-reference.csv");
        Map<String, InvariantState> d1 = new HashMap<>();
        for (Row row : ref) {
            String name = row.getString("distribution");
            InvariantState st = d1.computeIfAbsent(name, n -> InvariantStateSolver.solve(
                    new InvariantStateProblem(LAWS.get(n), 0.5, 1, 6, Accuracy.HIGH)));
            int l = row.getInt("level");
            double expected = row.getDouble("s");
            assertEquals(expected, st.s(l), 1e-9 * expected, name + " d=1 level " + l);
        }
    }

    @Test
    void waitingTimeLittleAndFormulaAgreeForLightTails() {
        for (String name : List.of("exponential", "Weibull a=1.5", "Weibull a=2", "Weibull a=3", "Pareto α=3",
                "lognormal σ=0.5", "lognormal σ=1", "gamma k=0.5", "gamma k=2", "gamma k=3", "shifted exp c=0.25",
                "shifted exp c=0.5", "Weibull a=0.5", "Pareto α=2.5")) {
            InvariantState st = HIGH.get(name);
            assertEquals(VirtualWaitingTime.little(st), VirtualWaitingTime.integral(st), 1e-6, name);
        }
        // exponential closed form Σ λ^{2(2^ℓ−1)}
        double exact = 0;
        for (int l = 1; l <= 8; l++) {
            exact += Math.pow(0.5, 2 * (Math.pow(2, l) - 1));
        }
        assertEquals(0.2656860, exact, 5e-8);
        assertEquals(exact, VirtualWaitingTime.integral(HIGH.get("exponential")), 1e-9);
        assertEquals(exact, VirtualWaitingTime.little(HIGH.get("exponential")), 1e-9);
    }

    @Test
    void waitingTimeAgainstSpecTable() {
        Table ref = ReferenceData.load("invariant/wstar-reference.csv");
        for (Row row : ref) {
            String name = row.getString("distribution");
            if (!HIGH.containsKey(name)) {
                continue;
            }
            InvariantState st = HIGH.get(name);
            if (!row.isMissing("w_exact")) {
                assertEquals(row.getDouble("w_exact"), VirtualWaitingTime.integral(st), 1.5e-6, name + " (4.3)");
            }
            var approx = VirtualWaitingTime.approximation(st);
            // levels above the last resolved one are dropped (exponential: s*_7 = 6e-39; Weibull 3: s*_6 ~ 1e-29)
            assertTrue(approx.levels() >= 4, name + " levels " + approx.levels());
            // the reference (4.4) grid convention is reconstructed (docs/invariant-states.md §6, §8); heavy tails differ from it by up to ~5e-6 (see README)
            assertEquals(row.getDouble("w_left"), approx.leftRiemann(), 1e-5, name + " (4.4) left");
            assertEquals(row.getDouble("w_trapezoid"), approx.trapezoid(), 1e-5, name + " (4.4) trapezoid");
        }
    }

    @Test
    void waitingTimeGrowsWithTailHeavinessWithinFamilies() {
        // FOUND (qualitative): W* increases with the heaviness of the tail within a family
        String[][] families = {{"Weibull a=3", "Weibull a=2", "Weibull a=1.5", "Weibull a=0.5"},
                {"Pareto α=3", "Pareto α=2.5", "Pareto α=2", "Pareto α=1.5"},
                {"lognormal σ=0.5", "lognormal σ=1", "lognormal σ=1.5"}, {"gamma k=3", "gamma k=2", "gamma k=0.5"}};
        for (String[] family : families) {
            double previous = 0;
            for (String name : family) {
                double w = VirtualWaitingTime.approximation(HIGH.get(name)).leftRiemann();
                assertTrue(w > previous, name + ": " + w + " after " + previous);
                previous = w;
            }
        }
    }
}
