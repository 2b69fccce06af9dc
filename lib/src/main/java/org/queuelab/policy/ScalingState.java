package org.queuelab.policy;

/**
 * What a scaling rule g(x) may read: the model's rates and the fractions of servers per state
 * (docs/alba.md §1, §4). Simulators implement it over their counts divided by N, mean-field models over x,
 * so one rule serves both without copying state.
 */
public interface ScalingState {

    /** {@return arrival rate per server λ} */
    double lambda();

    /** {@return scaling-time rate per server α} */
    double alpha();

    /** {@return initialization rate β} */
    double beta();

    /** {@return x_{0,0}: fraction of cold servers} */
    double cold();

    /** {@return x_{0,1}: fraction of initializing servers} */
    double initializing();

    /** {@return x_{0,2}: fraction of warm idle-on servers} */
    double idleOn();

    /** {@return x_{1,2}: fraction of warm servers holding exactly one job} */
    double oneJob();

    /** {@return y_0: fraction of warm servers} */
    double warm();
}
