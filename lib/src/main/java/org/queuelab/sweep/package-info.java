/**
 * Parameter sweeps: describe the grid with {@link org.queuelab.sweep.Grid}, one run with an
 * {@link org.queuelab.sweep.Experiment}, run it with {@link org.queuelab.sweep.Sweep} and read the
 * {@link org.queuelab.sweep.SweepResult} (estimates per point and metric, seeds fixed per point and replication).
 */
package org.queuelab.sweep;
