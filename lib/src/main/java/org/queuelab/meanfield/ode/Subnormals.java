package org.queuelab.meanfield.ode;

/**
 * Flushes subnormal coordinates (|x| &lt; 2⁻¹⁰²² ≈ 2.2·10⁻³⁰⁸) to zero. Why: a fluid state whose tail levels have
 * drained keeps round-off at the very bottom of the double range (±1–4 ulps of zero, 10⁻³²³) that no step can
 * remove — the decay of a value of a few ulps rounds back to itself — and arithmetic on subnormal operands is done
 * in microcode, tens of times slower: ALBA's JIQ fluid from the Figure 1 state carried about 140 such coordinates
 * of its 203 from t ≈ 900 to 3000 and took 1.45 s where the same integration from all idle-on took 0.15 s. The
 * values flushed are ≤ 10⁻³⁰⁷ below every tolerance; the state's mass changes by less than 10⁻³⁰⁵.
 */
final class Subnormals {

    private Subnormals() {
    }

    /** Whether any coordinate is subnormal. */
    static boolean any(double[] x) {
        for (double v : x) {
            if (v != 0 && Math.abs(v) < Double.MIN_NORMAL) {
                return true;
            }
        }
        return false;
    }

    /** Sets every subnormal coordinate of {@code x} to 0, in place. */
    static void flush(double[] x) {
        for (int i = 0; i < x.length; i++) {
            if (Math.abs(x[i]) < Double.MIN_NORMAL) {
                x[i] = 0.0;
            }
        }
    }
}
