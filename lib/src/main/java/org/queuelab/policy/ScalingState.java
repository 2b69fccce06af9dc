package org.queuelab.policy;

/**
 * What a scaling rule g(x) may read: the model's rates and the fractions of servers per state
 * (docs/alba.md §1, §4). Simulators implement it over their counts divided by N, mean-field models over x,
 * so one rule serves both without copying state.
 */
public interface ScalingState {

    /** Arrival rate per server λ. */
    double lambda();

    /** Scaling-time rate per server α. */
    double alpha();

    /** Initialization rate β. */
    double beta();

    /** x_{0,0}: fraction of cold servers. */
    double cold();

    /** x_{0,1}: fraction of initializing servers. */
    double initializing();

    /** x_{0,2}: fraction of warm idle-on servers. */
    double idleOn();

    /** x_{1,2}: fraction of warm servers holding exactly one job. */
    double oneJob();

    /** y_0: fraction of warm servers. */
    double warm();
}
