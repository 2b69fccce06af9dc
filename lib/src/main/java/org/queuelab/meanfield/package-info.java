/**
 * Fluid (mean-field) limits and their fixed points: start from {@link org.queuelab.meanfield.Fluid#of}
 * (one entry point per model, returning its concrete fluid type; {@code Fluid.withMemory} for SQ(d,N)), integrate
 * with {@code integrate(x0, times)} into a {@link org.queuelab.meanfield.FluidTrajectory}, and get closed-form fixed
 * points, typed, from {@link org.queuelab.meanfield.FixedPoint} ({@link org.queuelab.meanfield.FixedPointSolver}
 * where there is none).
 */
package org.queuelab.meanfield;
