package org.queuelab.sim.event;

import java.util.Objects;

import org.queuelab.model.TabsModel;

/**
 * One point of a {@link TabsSweep}: the curve it belongs to (e.g. a service law's name), its abscissa (e.g. the
 * mean standby time µ) and the model simulated there.
 *
 * @param series curve name, non-blank
 * @param x      abscissa, finite
 * @param model  the TABS model (stable: the sweep estimates stationary averages)
 */
public record TabsSweepPoint(String series, double x, TabsModel model) {

    /**
     * Validates the parameters.
     *
     * @param series curve name, non-blank
     * @param x abscissa, finite
     * @param model the TABS model (stable: the sweep estimates stationary averages)
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public TabsSweepPoint {
        Objects.requireNonNull(model, "model");
        if (series == null || series.isBlank()) {
            throw new IllegalArgumentException("series = '" + series + "'; allowed: a non-blank name");
        }
        if (!Double.isFinite(x)) {
            throw new IllegalArgumentException("x = " + x + "; allowed: finite");
        }
        if (!model.stable()) {
            throw new IllegalArgumentException("model lambda·E[S] = " + model.lambda() * model.service().mean()
                    + " with an infinite buffer; allowed: < 1 (a stable model: a sweep estimates stationary averages)");
        }
    }
}
