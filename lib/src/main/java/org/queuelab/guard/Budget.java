package org.queuelab.guard;

import java.util.Objects;

/**
 * A limit on countable work (events, integration steps, drift evaluations, terms of a sum) with a default a user
 * can raise: per call through the engine's own parameter, or for a whole session through the system property
 * named here ({@code -Dqueuelab.budget.events=...} or {@code System.setProperty(...)} in a notebook cell).
 *
 * <p>Work whose size can be estimated is refused before it starts ({@link #require}); work that cannot be
 * estimated counts as it goes ({@link #counter()}) and stops with a {@link BudgetExceededException}. See
 * {@code docs/robustness.md} ("Budgets before work").
 *
 * @param what     what is counted, e.g. "events"
 * @param limit    the most that may be spent, ≥ 1
 * @param property the system property that raises the default, or null if there is none
 */
public record Budget(String what, long limit, String property) {

    /** Default event budget of one simulation run: 2·10⁹ events, minutes of work. */
    public static final long DEFAULT_EVENTS = 2_000_000_000L;
    /** Default step (or drift evaluation) budget of one integration: 10⁸. */
    public static final long DEFAULT_STEPS = 100_000_000L;

    /**
     * Validates the budget.
     *
     * @param what     what is counted, e.g. "events"; not null
     * @param limit    the most that may be spent, ≥ 1
     * @param property the system property that raises the default, or null if there is none
     * @throws IllegalArgumentException if limit &lt; 1
     * @throws NullPointerException if {@code what} is null
     */
    public Budget {
        Objects.requireNonNull(what, "what");
        if (limit < 1) {
            throw new IllegalArgumentException(what + " budget = " + limit + "; allowed: budget ≥ 1");
        }
    }

    /**
     * The budget named {@code what} whose limit is system property {@code property} if set (underscores allowed
     * as digit separators, e.g. {@code 5_000_000_000}), else {@code defaultLimit}.
     *
     * @param what         what is counted, for messages
     * @param property     the system property read now
     * @param defaultLimit the limit when the property is unset or blank, ≥ 1
     * @return the budget
     * @throws IllegalArgumentException if the property is not a whole number ≥ 1, or defaultLimit &lt; 1
     */
    public static Budget fromProperty(String what, String property, long defaultLimit) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            return new Budget(what, defaultLimit, property);
        }
        long limit;
        try {
            limit = Long.parseLong(value.strip().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("system property " + property + " = \"" + value
                    + "\"; allowed: a whole number ≥ 1", e);
        }
        return new Budget(what, limit, property);
    }

    /**
     * Events of one simulation run: {@link #DEFAULT_EVENTS} or system property {@code queuelab.budget.events}.
     *
     * @return the event budget, read from the property at each call
     */
    public static Budget events() {
        return fromProperty("events", "queuelab.budget.events", DEFAULT_EVENTS);
    }

    /**
     * Steps of one integration: {@link #DEFAULT_STEPS} or system property {@code queuelab.budget.steps}.
     *
     * @return the step budget, read from the property at each call
     */
    public static Budget steps() {
        return fromProperty("steps", "queuelab.budget.steps", DEFAULT_STEPS);
    }

    /**
     * Default work budget of one solver call, in coordinate updates (steps × state dimension): 2·10¹⁰, about a
     * minute of arithmetic.
     */
    public static final long DEFAULT_WORK = 20_000_000_000L;

    /**
     * Coordinate updates of one solver call: {@link #DEFAULT_WORK} or system property {@code queuelab.budget.work}.
     *
     * @return the work budget, read from the property at each call
     */
    public static Budget work() {
        return fromProperty("coordinate updates", "queuelab.budget.work", DEFAULT_WORK);
    }

    /**
     * The same budget (what, property) with another limit.
     *
     * @param other the new limit, ≥ 1
     * @return a new budget
     * @throws IllegalArgumentException if other &lt; 1
     */
    public Budget withLimit(long other) {
        return new Budget(what, other, property);
    }

    /**
     * Refuses work expected to need {@code needed} units (a NaN or infinite estimate is refused too).
     *
     * @param context what the work is and which parameters drive its size, e.g. "simulation of λN·T = ..."
     * @param needed  the units the work is expected to spend
     * @throws IllegalArgumentException if needed &gt; {@link #limit()} or is NaN; the message says how to raise
     *                                  the budget
     */
    public void require(String context, double needed) {
        if (!(needed <= limit)) {
            throw new IllegalArgumentException(context + " needs about " + format(needed) + " " + what
                    + "; allowed: at most " + limit + " " + what + ". " + howToRaise());
        }
    }

    /**
     * How to raise this budget, for messages.
     *
     * @return a sentence naming the system property, if there is one
     */
    public String howToRaise() {
        return "Shorten the work, or raise the " + what + " budget"
                + (property == null ? "" : " (system property " + property + ")");
    }

    /**
     * A fresh counter against this budget, for work that cannot be sized in advance.
     *
     * @return a counter with nothing spent
     */
    public Counter counter() {
        return new Counter(this);
    }

    private static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.valueOf(v);
    }

    /** Spends units of a {@link Budget}; not thread-safe (one per run). */
    public static final class Counter {
        private final Budget budget;
        private long spent;

        private Counter(Budget budget) {
            this.budget = budget;
        }

        /** Spends one unit. */
        public void spend() {
            spend(1);
        }

        /**
         * Spends {@code units}.
         *
         * @param units the units spent, ≥ 0
         * @throws BudgetExceededException once more than the limit has been spent
         */
        public void spend(long units) {
            spent += units;
            if (spent > budget.limit || spent < 0) {
                throw new BudgetExceededException(budget, spent);
            }
        }

        /**
         * Units spent so far.
         *
         * @return the total spent, including the units of a call that exceeded the limit and threw
         */
        public long spent() {
            return spent;
        }
    }
}
