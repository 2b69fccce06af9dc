package org.queuelab.population;

import org.queuelab.result.Metric;

/**
 * Order-2 expansions E[φ(X^N)] = φ(π) + c₁/N + c₂/N² + o(1/N²) of a model's observables (docs/population.md §6):
 * the order-1 accessors of {@link ObservableCoefficients} and the 1/N² ones, read from {@link #observable(String)}.
 */
public interface SecondOrderCoefficients extends ObservableCoefficients {

    /**
     * The 1/N² coefficient of a model observable.
     *
     * @param observable one of the model's observable names
     * @return c₂
     * @throws IllegalArgumentException if the model has no such observable
     */
    default double correction2(String observable) {
        return observable(observable).correction2();
    }

    /**
     * φ(π) + c₁/N + c₂/N², the order-2 estimate of E[φ(X^N)].
     *
     * @param observable one of the model's observable names
     * @param n the number of servers N, ≥ 1
     * @return the estimate
     * @throws IllegalArgumentException if the observable is unknown or n &lt; 1
     */
    default double refined2(String observable, int n) {
        return observable(observable).refined2(n);
    }

    /**
     * The 1/N² coefficient of a built-in observable.
     *
     * @param metric a built-in observable the model declares
     * @return c₂
     * @throws IllegalArgumentException if the model does not declare it
     */
    default double correction2(Metric metric) {
        return correction2(metric.name());
    }

    /**
     * φ(π) + c₁/N + c₂/N² of a built-in observable.
     *
     * @param metric a built-in observable the model declares
     * @param n the number of servers N, ≥ 1
     * @return the estimate
     * @throws IllegalArgumentException if the model does not declare it or n &lt; 1
     */
    default double refined2(Metric metric, int n) {
        return refined2(metric.name(), n);
    }
}
