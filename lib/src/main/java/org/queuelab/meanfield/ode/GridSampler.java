package org.queuelab.meanfield.ode;

/** The step handler that samples the output grid from each step's dense output and checks each accepted state. */
final class GridSampler implements StepHandler {

    private final double[] times;
    private final double[][] states;
    private final StateMonitor monitor;
    private int next;

    GridSampler(double[] times, StateMonitor monitor) {
        this.times = times;
        this.states = new double[times.length][];
        this.monitor = monitor;
    }

    double[] times() {
        return times.clone();
    }

    /** Grid times at or before t take the state x (the initial state at t = 0). */
    void sampleAt(double t, double[] x) {
        while (next < times.length && times[next] <= t) {
            states[next++] = x.clone();
        }
    }

    @Override
    public void step(double start, double end, DenseOutput dense) {
        while (next < times.length && times[next] <= end) {
            states[next] = dense.stateAt(times[next]);
            next++;
        }
        monitor.observe(end, dense.endState());
    }

    @Override
    public double nextLanding(double t) {
        int k = next;
        while (k < times.length && times[k] <= t) {
            k++;
        }
        return k < times.length ? times[k] : Double.POSITIVE_INFINITY;
    }

    /** The sampled states; grid times never reached (the solve ended on them) take {@code last}. */
    double[][] states(double[] last) {
        for (int i = 0; i < states.length; i++) {
            if (states[i] == null) {
                states[i] = last.clone();
            }
        }
        return states;
    }
}
