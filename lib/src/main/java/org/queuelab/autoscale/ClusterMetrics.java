package org.queuelab.autoscale;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What users of an autoscaled cluster read, over requests arriving in [warmup, T] and time in [warmup, T]
 * ({@code docs/demand.md} §3). Response time = waiting in the buffer (including for a cold start) + service.
 *
 * @param requests          requests that arrived in [warmup, T] and started service by T
 * @param meanResponse      mean response time
 * @param p50               median response time (relative error ≤ 0.05%, see the histogram)
 * @param p95               95th percentile
 * @param p99               99th percentile
 * @param coldStartFraction fraction of requests served by an instance that had just finished its set-up (they
 *                          waited for a cold start)
 * @param waitFraction      fraction of requests that found no idle instance
 * @param meanInstances     time-average number of instances on (busy, idle or setting up)
 * @param instanceSeconds   ∫ instances on dt
 * @param energy            ∫ power dt with the model's power per state (a busy instance draws 1)
 * @param meanPower         energy / ((T − warmup)·N): the time-averaged power per instance slot, in [0, 1] when
 *                          no state draws more than a busy instance
 * @param wastage           fraction of instance-seconds not spent serving (idle or setting up)
 * @param sloViolation      fraction of requests whose response time exceeds the SLO
 * @param sloWindows        fraction of windows in which more than the budgeted fraction of requests violate the SLO
 * @param setups            set-ups started in [warmup, T]
 */
public record ClusterMetrics(long requests, double meanResponse, double p50, double p95, double p99,
                             double coldStartFraction, double waitFraction, double meanInstances,
                             double instanceSeconds, double energy, double meanPower, double wastage, double sloViolation,
                             double sloWindows, long setups) {

    /** The names of the metrics, in order, as {@link #get} takes them. */
    public static final List<String> NAMES = List.of("requests", "meanResponse", "p50", "p95", "p99",
            "coldStartFraction", "waitFraction", "meanInstances", "instanceSeconds", "energy", "meanPower", "wastage",
            "sloViolation", "sloWindows", "setups");

    /**
     * The metric of the given name.
     *
     * @param name one of {@link #NAMES}
     * @return its value
     * @throws IllegalArgumentException naming the metric when it is not one of {@link #NAMES}
     */
    public double get(String name) {
        return switch (name) {
            case "requests" -> requests;
            case "meanResponse" -> meanResponse;
            case "p50" -> p50;
            case "p95" -> p95;
            case "p99" -> p99;
            case "coldStartFraction" -> coldStartFraction;
            case "waitFraction" -> waitFraction;
            case "meanInstances" -> meanInstances;
            case "instanceSeconds" -> instanceSeconds;
            case "energy" -> energy;
            case "meanPower" -> meanPower;
            case "wastage" -> wastage;
            case "sloViolation" -> sloViolation;
            case "sloWindows" -> sloWindows;
            case "setups" -> setups;
            default -> throw new IllegalArgumentException("metric = " + name + "; allowed: one of " + NAMES);
        };
    }

    /** {@return the metrics by name, in the order of {@link #NAMES}} */
    public Map<String, Double> asMap() {
        Map<String, Double> map = new LinkedHashMap<>();
        for (String name : NAMES) {
            map.put(name, get(name));
        }
        return map;
    }
}
