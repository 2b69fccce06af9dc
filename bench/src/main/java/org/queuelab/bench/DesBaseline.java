package org.queuelab.bench;

import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * The baseline for {@link DesBench}: a straightforward per-server discrete-event simulator of SQ(2) with
 * exponential service, written the textbook way — one event object per event in a {@link PriorityQueue}, a service
 * time drawn at service start, a departure event scheduled per job. Not part of the library.
 */
final class DesBaseline {

    private DesBaseline() {
    }

    private record Event(double time, long sequence, boolean arrival, int server) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Double.compare(time, o.time);
            return c != 0 ? c : Long.compare(sequence, o.sequence);
        }
    }

    /** Simulates [0, horizon] and returns the number of events (arrivals + departures) processed. */
    static long run(int n, double lambda, double horizon, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int[] jobs = new int[n];
        PriorityQueue<Event> events = new PriorityQueue<>();
        long sequence = 0;
        long processed = 0;
        events.add(new Event(rng.nextExponential() / (lambda * n), sequence++, true, -1));
        while (!events.isEmpty()) {
            Event e = events.poll();
            if (e.time() > horizon) {
                break;
            }
            processed++;
            if (e.arrival()) {
                int a = rng.nextInt(n);
                int b = rng.nextInt(n);
                int s = jobs[b] < jobs[a] || (jobs[b] == jobs[a] && rng.nextBoolean()) ? b : a;
                if (jobs[s]++ == 0) {
                    events.add(new Event(e.time() + rng.nextExponential(), sequence++, false, s));
                }
                events.add(new Event(e.time() + rng.nextExponential() / (lambda * n), sequence++, true, -1));
            } else {
                int s = e.server();
                if (--jobs[s] > 0) {
                    events.add(new Event(e.time() + rng.nextExponential(), sequence++, false, s));
                }
            }
        }
        return processed;
    }
}
