package org.queuelab.policy;

import java.util.Objects;

/**
 * When servers are switched on (docs/alba.md §4).
 *
 * <ul>
 *   <li>{@link Asynchronous}: ALBA scaling times, a Poisson process of rate αN, at each of which one cold server
 *       starts initializing with probability g(x).</li>
 *   <li>{@link OnArrival}: TABS-d, the synchronous comparator: every arrival that finds no warm server holding at
 *       most d jobs starts the set-up of one cold server, if any.</li>
 *   <li>{@link AlwaysWarm}: no auto-scaling; all N servers are warm at all times (and never expire).</li>
 * </ul>
 */
public sealed interface Scaling {

    /** {@return a short label for tables and legends} */
    String label();

    /**
     * ALBA's asynchronous scaling: rate α per server, rule g.
     *
     * @param rule  the scale-up probability g(x)
     * @param alpha the scaling rate per server α, in (0, ∞)
     */
    record Asynchronous(ScalingRule rule, double alpha) implements Scaling {
        /**
         * Validates the parameters.
         *
         * @param rule the scale-up probability g(x)
         * @param alpha the scaling rate per server α, in (0, ∞)
         * @throws IllegalArgumentException naming a parameter out of its range
         */
        public Asynchronous {
            Objects.requireNonNull(rule, "rule");
            if (!(alpha > 0 && Double.isFinite(alpha))) {
                throw new IllegalArgumentException("alpha = " + alpha + "; allowed: 0 < alpha < ∞");
            }
        }

        @Override
        public String label() {
            return rule.label();
        }
    }

    /** TABS-d synchronous set-up on arrivals. */
    record OnArrival() implements Scaling {
        @Override
        public String label() {
            return "TABS (set-up on arrival)";
        }
    }

    /** No auto-scaling. */
    record AlwaysWarm() implements Scaling {
        @Override
        public String label() {
            return "no scaling";
        }
    }

    /**
     * {@return asynchronous scaling: rate α per server, rule g}
     *
     * @param rule  the scale-up probability g(x)
     * @param alpha the scaling rate per server α, in (0, ∞)
     */
    static Scaling asynchronous(ScalingRule rule, double alpha) {
        return new Asynchronous(rule, alpha);
    }

    /** {@return TABS-d synchronous set-up on arrivals} */
    static Scaling onArrival() {
        return new OnArrival();
    }

    /** {@return no auto-scaling: every server stays warm} */
    static Scaling alwaysWarm() {
        return new AlwaysWarm();
    }
}
