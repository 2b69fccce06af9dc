package org.queuelab.plot;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Legend and axis labels as a reader writes them, from the names series carry in code. */
public final class Labels {

    private static final Pattern PAIR = Pattern.compile("\\b([A-Za-z])(\\d+)_(\\d+)\\b");
    private static final Pattern BRACED = Pattern.compile("\\b([A-Za-z])_\\{(\\d+),(\\d+)\\}");
    private static final String SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉";

    private Labels() {
    }

    /**
     * Index pairs written as subscripts: a code name "x0_1" or the raw notation "e_{0,0}" becomes "x₀,₁" and
     * "e₀,₀"; the rest of the text is kept ("x0_1 fluid" → "x₀,₁ fluid").
     *
     * @param name a series or axis name; may be null
     * @return the name with its index pairs as subscripts; null for null
     */
    public static String subscripts(String name) {
        if (name == null) {
            return null;
        }
        String s = replace(PAIR.matcher(name));
        return replace(BRACED.matcher(s));
    }

    /**
     * A number for a label, without floating-point noise or a needless ".0": 20.0 → "20", 0.06000000000000001 →
     * "0.06", 0.025 → "0.025" (ten significant digits at most).
     *
     * @param v any double; NaN and infinities are written as {@link Double#toString(double)} does
     * @return the number in plain notation (no exponent)
     */
    public static String number(double v) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        if (v == 0) {
            return "0";
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(10)).stripTrailingZeros().toPlainString();
    }

    /**
     * A whole number as subscript digits: 12 → "₁₂".
     *
     * @param n the number, ≥ 0
     * @return its decimal digits as Unicode subscripts
     * @throws IllegalArgumentException if {@code n} &lt; 0
     */
    public static String subscript(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n = " + n + "; allowed: n ≥ 0");
        }
        return sub(Integer.toString(n));
    }

    private static String replace(Matcher m) {
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1) + sub(m.group(2)) + "," + sub(m.group(3))));
        }
        return m.appendTail(sb).toString();
    }

    private static String sub(String digits) {
        StringBuilder sb = new StringBuilder(digits.length());
        for (char c : digits.toCharArray()) {
            sb.append(SUBSCRIPTS.charAt(c - '0'));
        }
        return sb.toString();
    }
}
