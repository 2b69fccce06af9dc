package org.queuelab.population;

import org.queuelab.result.Metric;

/**
 * The size expansions E[φ(X^N)] = φ(π) + c₁/N + … of a model's observables at a fixed point π, by name or by
 * built-in {@link Metric} (docs/population.md §3, §6); every accessor reads {@link #observable(String)}.
 * Implemented by {@link RefinedMeanField.Steady} (order 1) and, with the 1/N² terms,
 * {@link SecondOrderCoefficients} ({@link SecondOrderExpansion.Steady}).
 */
public interface ObservableCoefficients {

    /**
     * A model observable's expansion.
     *
     * @param observable one of the model's observable names
     * @return φ(π), c₁ and, for an order-2 expansion, c₂
     * @throws IllegalArgumentException if the model has no such observable
     */
    ObservableExpansion observable(String observable);

    /**
     * A built-in observable's expansion.
     *
     * @param metric a built-in observable the model declares
     * @return φ(π), c₁ and, for an order-2 expansion, c₂
     * @throws IllegalArgumentException if the model does not declare it
     */
    default ObservableExpansion observable(Metric metric) {
        return observable(metric.name());
    }

    /**
     * φ(π) of a model observable.
     *
     * @param observable one of the model's observable names
     * @return the mean-field value
     * @throws IllegalArgumentException if the model has no such observable
     */
    default double meanField(String observable) {
        return observable(observable).meanField();
    }

    /**
     * The 1/N coefficient of a model observable.
     *
     * @param observable one of the model's observable names
     * @return c₁
     * @throws IllegalArgumentException if the model has no such observable
     */
    default double correction1(String observable) {
        return observable(observable).correction1();
    }

    /**
     * φ(π) + c₁/N, the order-1 estimate of E[φ(X^N)].
     *
     * @param observable one of the model's observable names
     * @param n the number of servers N, ≥ 1
     * @return the estimate
     * @throws IllegalArgumentException if the observable is unknown or n &lt; 1
     */
    default double refined(String observable, int n) {
        return observable(observable).refined(n);
    }

    /**
     * φ(π) of a built-in observable.
     *
     * @param metric a built-in observable the model declares
     * @return the mean-field value
     * @throws IllegalArgumentException if the model does not declare it
     */
    default double meanField(Metric metric) {
        return meanField(metric.name());
    }

    /**
     * The 1/N coefficient of a built-in observable.
     *
     * @param metric a built-in observable the model declares
     * @return c₁
     * @throws IllegalArgumentException if the model does not declare it
     */
    default double correction1(Metric metric) {
        return correction1(metric.name());
    }

    /**
     * φ(π) + c₁/N of a built-in observable.
     *
     * @param metric a built-in observable the model declares
     * @param n the number of servers N, ≥ 1
     * @return the estimate
     * @throws IllegalArgumentException if the model does not declare it or n &lt; 1
     */
    default double refined(Metric metric, int n) {
        return refined(metric.name(), n);
    }
}
