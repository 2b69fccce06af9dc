package org.queuelab.population;

/**
 * A rate of a {@link PopulationModel} that is negative, NaN or infinite at a state the simulation visits, or
 * positive where its jump would take a class below 0 (docs/population.md §4): the run stops, naming the
 * transition, the state and the value. The model's description is at fault, not the run's arguments, hence an
 * {@link IllegalStateException}; the build-time checks at the vertices and the centre of the state space cannot
 * see every state.
 */
public final class RateException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String transition;
    private final double[] state;
    private final double rate;

    RateException(String transition, double[] state, String describedState, double rate, String allowed) {
        super("transition '" + transition + "' at " + describedState + ": rate = " + rate + "; allowed: " + allowed);
        this.transition = transition;
        this.state = state.clone();
        this.rate = rate;
    }

    /**
     * The transition whose rate is bad.
     *
     * @return its name, as given to the builder
     */
    public String transition() {
        return transition;
    }

    /**
     * The state x (fractions of N servers per class) where it is bad.
     *
     * @return a copy, one entry per coordinate
     */
    public double[] state() {
        return state.clone();
    }

    /**
     * The rate β(x) found there (negative, NaN, infinite, or positive where the jump would empty a class below 0).
     *
     * @return the rate per server
     */
    public double rate() {
        return rate;
    }
}
