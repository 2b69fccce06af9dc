package org.queuelab.sim;

import java.util.Arrays;

/**
 * Where a TABS run starts (docs/tabs.md §2): every server idle-on (the thesis' §3.1 start), every server off, or
 * explicit counts. Busy servers' jobs all start fresh at t = 0 (the job in service has age 0); idle-on servers start
 * a fresh standby timer and servers in set-up a fresh set-up timer at t = 0.
 */
public final class TabsInitialCondition implements InitialState {

    private enum Kind { ALL_IDLE_ON, ALL_OFF, EXPLICIT }

    private final Kind kind;
    private final int[] busyQueueLengths;
    private final int idleOn;
    private final int setup;
    private final int off;

    private TabsInitialCondition(Kind kind, int[] busyQueueLengths, int idleOn, int setup, int off) {
        this.kind = kind;
        this.busyQueueLengths = busyQueueLengths;
        this.idleOn = idleOn;
        this.setup = setup;
        this.off = off;
    }

    /** {@return every server idle-on with a fresh standby timer} */
    public static TabsInitialCondition allIdleOn() {
        return new TabsInitialCondition(Kind.ALL_IDLE_ON, new int[0], 0, 0, 0);
    }

    /** {@return every server off} */
    public static TabsInitialCondition allOff() {
        return new TabsInitialCondition(Kind.ALL_OFF, new int[0], 0, 0, 0);
    }

    /**
     * Explicit start: one busy server per entry of {@code busyQueueLengths} holding that many jobs (≥ 1), then
     * {@code idleOn} idle-on, {@code setup} set-up and {@code off} off servers, numbered in that order. The total
     * must equal the simulator's N.
     *
     * @param busyQueueLengths jobs at each busy server, each in [1, buffer]
     * @param idleOn           the idle-on servers, ≥ 0
     * @param setup            the servers in set-up, ≥ 0
     * @param off              the off servers, ≥ 0
     * @return the initial condition
     */
    public static TabsInitialCondition explicit(int[] busyQueueLengths, int idleOn, int setup, int off) {
        int[] queues = busyQueueLengths.clone();
        for (int i = 0; i < queues.length; i++) {
            if (queues[i] < 1) {
                throw new IllegalArgumentException("busyQueueLengths[" + i + "] = " + queues[i]
                        + "; allowed: ≥ 1 (a busy server holds at least its job in service)");
            }
        }
        if (idleOn < 0 || setup < 0 || off < 0) {
            throw new IllegalArgumentException("idleOn = " + idleOn + ", setup = " + setup + ", off = " + off
                    + "; allowed: counts ≥ 0");
        }
        return new TabsInitialCondition(Kind.EXPLICIT, queues, idleOn, setup, off);
    }

    /**
     * {@return initial jobs of server 0..n−1 (0 for non-busy servers), checked against n servers and the buffer}
     *
     * @param servers N, the number of servers, ≥ 1
     * @param buffer  jobs per server, ≥ 1, or Buffers.INFINITE
     */
    public int[] queueLengths(int servers, int buffer) {
        int[] q = new int[servers];
        if (kind != Kind.EXPLICIT) {
            return q;
        }
        int total = busyQueueLengths.length + idleOn + setup + off;
        if (total != servers) {
            throw new IllegalArgumentException("initial condition counts " + total + " servers; allowed: exactly N = "
                    + servers);
        }
        for (int i = 0; i < busyQueueLengths.length; i++) {
            if (busyQueueLengths[i] > buffer) {
                throw new IllegalArgumentException("busyQueueLengths[" + i + "] = " + busyQueueLengths[i]
                        + "; allowed: ≤ buffer = " + buffer);
            }
            q[i] = busyQueueLengths[i];
        }
        return q;
    }

    /**
     * {@return state of server i among n: 0 busy, 1 idle-on, 2 set-up, 3 off}
     *
     * @param i       a server index, in [0, servers)
     * @param servers N, the number of servers, ≥ 1
     */
    public byte state(int i, int servers) {
        return switch (kind) {
            case ALL_IDLE_ON -> 1;
            case ALL_OFF -> 3;
            case EXPLICIT -> {
                int b = busyQueueLengths.length;
                yield i < b ? (byte) 0 : i < b + idleOn ? (byte) 1 : i < b + idleOn + setup ? (byte) 2 : (byte) 3;
            }
        };
    }

    /** A short label for tables. */
    @Override
    public String label() {
        return switch (kind) {
            case ALL_IDLE_ON -> "ALL_IDLE_ON";
            case ALL_OFF -> "ALL_OFF";
            case EXPLICIT -> "EXPLICIT(busy=" + Arrays.toString(busyQueueLengths) + ", idleOn=" + idleOn
                    + ", setup=" + setup + ", off=" + off + ")";
        };
    }

    @Override
    public String toString() {
        return label();
    }
}
