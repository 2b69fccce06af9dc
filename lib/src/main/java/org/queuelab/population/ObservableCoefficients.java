package org.queuelab.population;

import org.queuelab.result.Metric;

/**
 * The order-2 expansions E[φ(X^N)] = φ(π) + c₁/N + c₂/N² + o(1/N²) of a model's observables, by name or by
 * built-in {@link Metric} (docs/population.md §6); every accessor reads {@link #observable(String)}.
 */
public interface ObservableCoefficients {

    /**
     * A model observable's expansion.
     *
     * @param observable one of the model's observable names
     * @return φ(π), c₁ and c₂
     * @throws IllegalArgumentException if the model has no such observable
     */
    ObservableExpansion observable(String observable);

    /**
     * A built-in observable's expansion.
     *
     * @param metric a built-in observable the model declares
     * @return φ(π), c₁ and c₂
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
