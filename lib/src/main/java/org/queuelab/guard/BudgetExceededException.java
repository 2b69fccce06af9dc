package org.queuelab.guard;

/** Thrown when work that could not be sized in advance spends more than its {@link Budget}. */
public final class BudgetExceededException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final transient Budget budget;

    BudgetExceededException(Budget budget, long spent) {
        super("spent " + spent + " " + budget.what() + "; allowed: at most " + budget.limit() + ". "
                + budget.howToRaise());
        this.budget = budget;
    }

    /**
     * The budget that ran out.
     *
     * @return the budget, with its limit and the property that raises it (null after deserialization)
     */
    public Budget budget() {
        return budget;
    }
}
