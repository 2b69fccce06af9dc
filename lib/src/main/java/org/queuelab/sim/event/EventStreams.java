package org.queuelab.sim.event;

import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The independent random streams of one simulation run, one per source of randomness, split in a fixed order from
 * the run's stream (for replications, the stream {@link org.queuelab.sim.Replications} hands to replication r).
 *
 * <p><b>Common random numbers.</b> Each source draws only from its own stream, so two runs with the same seed
 * share every stream whatever the model: the arrival epochs are identical across policies, service laws and
 * standby/setup means; job sizes are drawn once per arrival (the k-th arriving job always receives the k-th draw of
 * the service stream, lost or not), so runs that differ only in dispatching or scaling policy see the same job
 * sizes for the same jobs. Runs with different service laws see the same uniforms transformed by different laws
 * only to the extent that the laws consume the stream alike; their arrivals are common in any case.
 *
 * @param arrivals inter-arrival times
 * @param service  job sizes
 * @param standby  standby (idle-on → off) timers
 * @param setup    set-up durations
 * @param dispatch every dispatching and server-selection choice
 */
public record EventStreams(RandomGenerator arrivals, RandomGenerator service, RandomGenerator standby,
                           RandomGenerator setup, RandomGenerator dispatch) {

    /**
     * Validates the parameters.
     *
     * @param arrivals inter-arrival times
     * @param service job sizes
     * @param standby standby (idle-on → off) timers
     * @param setup set-up durations
     * @param dispatch every dispatching and server-selection choice
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public EventStreams {
        EventRuns.requireNonNull("arrivals, service, standby, setup, dispatch", arrivals, service, standby, setup,
                dispatch);
    }

    /**
     * {@return splits the five streams from one seed}
     *
     * @param seed the seed, any long
     */
    public static EventStreams of(long seed) {
        SplittableRandom root = new SplittableRandom(seed);
        return new EventStreams(root.split(), root.split(), root.split(), root.split(), root.split());
    }

    /**
     * {@return splits the five streams from a run's stream (one {@code nextLong()} is consumed from it)}
     *
     * @param stream a run's stream, advanced by one {@code nextLong()}
     */
    public static EventStreams of(RandomGenerator stream) {
        Objects.requireNonNull(stream, "stream");
        return of(stream.nextLong());
    }
}
