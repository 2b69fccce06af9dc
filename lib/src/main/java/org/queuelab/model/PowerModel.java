package org.queuelab.model;

/**
 * Power drawn by a server in each state, normalised so that a busy server draws 1 (docs/tabs.md §3):
 * the time-averaged power per server is E = [P_busy·#BUSY + P_setup·#SETUP + P_idle·#IDLE_ON + P_off·#OFF] / N.
 * Shared by the event-driven and the occupancy-count simulators.
 *
 * @param busy  P_busy ≥ 0
 * @param setup P_setup ≥ 0
 * @param idle  P_idle ≥ 0 (idle-on)
 * @param off   P_off ≥ 0
 */
public record PowerModel(double busy, double setup, double idle, double off) {

    /**
     * Validates the parameters.
     *
     * @param busy P_busy ≥ 0
     * @param setup P_setup ≥ 0
     * @param idle P_idle ≥ 0 (idle-on)
     * @param off P_off ≥ 0
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public PowerModel {
        check("busy", busy);
        check("setup", setup);
        check("idle", idle);
        check("off", off);
    }

    /** {@return the default (1, 1, 0.6, 0): idle servers draw 60 % of peak (docs/tabs.md §3)} */
    public static PowerModel standard() {
        return new PowerModel(1, 1, 0.6, 0);
    }

    /** {@return Gandhi et al.'s ratio P_idle/P_on = 150/240 = 0.625: (1, 1, 0.625, 0)} */
    public static PowerModel gandhi() {
        return new PowerModel(1, 1, 0.625, 0);
    }

    /** {@return (1, 1, 1, 0): the energy equals the fraction of servers powered on} */
    public static PowerModel poweredOn() {
        return new PowerModel(1, 1, 1, 0);
    }

    /**
     * {@return the same weights with P_busy = {@code value}: with the named factories, no positional quadruple}
     *
     * @param value P_busy, in [0, ∞)
     */
    public PowerModel withBusy(double value) {
        return new PowerModel(value, setup, idle, off);
    }

    /**
     * {@return the same weights with P_setup = {@code value}}
     *
     * @param value P_setup, in [0, ∞)
     */
    public PowerModel withSetup(double value) {
        return new PowerModel(busy, value, idle, off);
    }

    /**
     * {@return the same weights with P_idle = {@code value}, e.g. {@code PowerModel.standard().withIdle(0.5)}}
     *
     * @param value P_idle, in [0, ∞)
     */
    public PowerModel withIdle(double value) {
        return new PowerModel(busy, setup, value, off);
    }

    /**
     * {@return the same weights with P_off = {@code value}}
     *
     * @param value P_off, in [0, ∞)
     */
    public PowerModel withOff(double value) {
        return new PowerModel(busy, setup, idle, value);
    }

    /**
     * {@return power per server for the given state fractions (or counts divided by N), in units of P_busy}
     *
     * @param busyFraction  fraction of servers busy, in [0, 1]
     * @param setupFraction fraction of servers setting up, in [0, 1]
     * @param idleFraction  fraction of servers idle-on, in [0, 1]
     * @param offFraction   fraction of servers off, in [0, 1]
     */
    public double energy(double busyFraction, double setupFraction, double idleFraction, double offFraction) {
        return busy * busyFraction + setup * setupFraction + idle * idleFraction + off * offFraction;
    }

    private static void check(String name, double value) {
        if (!(value >= 0 && Double.isFinite(value))) {
            throw new IllegalArgumentException("P_" + name + " = " + value + "; allowed: 0 ≤ P_" + name + " < ∞");
        }
    }
}
