package org.queuelab.autoscale;

/**
 * Exact window averages of a running integral read at evenly spaced ticks: the average over the last m ticks is
 * (I(now) − I(now − m·tick)) / (m·tick), or over [0, now] while fewer than m ticks have passed.
 */
final class TickWindows {

    private final double tick;
    private final double[] ring;
    private long ticks;

    /** @param longest the longest window, in ticks */
    TickWindows(double tick, int longest) {
        this.tick = tick;
        this.ring = new double[longest + 1];
    }

    /** Ticks in a window of the given length (at least one). */
    static int ticksIn(double window, double tick) {
        return Math.max(1, (int) Math.round(window / tick));
    }

    /** Records I at the current tick. */
    void record(double integral) {
        ring[(int) (++ticks % ring.length)] = integral;
    }

    /** Average of the integrand over the last m ticks (m ≤ longest); the value at tick 0 is taken as 0. */
    double average(int m, double now) {
        double current = ring[(int) (ticks % ring.length)];
        if (ticks <= m) {
            return now > 0 ? current / now : 0.0;
        }
        return (current - ring[(int) ((ticks - m) % ring.length)]) / (m * tick);
    }
}
