package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.Table;

class QueueLengthTailTest {

    @Test
    void tailOfTwoMarginals() {
        // run 1: half idle, half with 2 jobs; run 2: all with 1 job
        QueueLengthTail tail = QueueLengthTail.of(List.of(new double[] {0.5, 0, 0.5}, new double[] {0, 1}));
        assertEquals(1.0, tail.atLeast(0).mean(), 1e-15);
        assertEquals(0.75, tail.atLeast(1).mean(), 1e-15);
        assertEquals(0.25, tail.atLeast(2).mean(), 1e-15);
        assertEquals(0.0, tail.atLeast(3).mean(), 0);
        assertEquals(0.0, tail.atLeast(7).mean(), 0);
        assertEquals(1.0, tail.meanQueueLength(), 1e-15);
        assertEquals(2, tail.largestLevelSeen());
        assertEquals(2, tail.runs());
        Table t = tail.table("t");
        assertEquals(4, t.rowCount());
        assertTrue(t.doubleColumn("lo").getDouble(1) < 0.75 && t.doubleColumn("hi").getDouble(1) > 0.75);
    }

    @Test
    void badMarginalsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> QueueLengthTail.of(List.of()));
        assertThrows(IllegalArgumentException.class, () -> QueueLengthTail.of(List.of(new double[] {1.5})));
        assertThrows(IllegalArgumentException.class, () -> QueueLengthTail.of(List.of(new double[] {Double.NaN})));
        QueueLengthTail ok = QueueLengthTail.of(List.<double[]>of(new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> ok.atLeast(-1));
    }

    /** On a simulated SQ(2) system, the tail's mean queue equals the simulator's own time-averaged jobs per server. */
    @Test
    void meanOfTheTailEqualsTheSimulatedMeanQueue() {
        LoadBalancingModel model = new LoadBalancingModel(0.7, new PowerOfD(2), 30, Exponential.unitMean());
        OccupancySimulator sim = OccupancySimulator.loadBalancing(model, 200);
        RunWindow spec = RunWindow.until(60).withInitial(InitialOccupancy.allIdle()).withGrid(TimeGrid.of(60, 10))
                .withWarmup(10);
        ReplicatedResult<OccupancyRun> result = sim.replicate(spec, 42L, 4, 1);
        QueueLengthTail tail = QueueLengthTail.of(result);
        assertEquals(result.estimate("meanJobs").mean(), tail.meanQueueLength(), 1e-9);
        assertEquals(1.0, tail.atLeast(0).mean(), 1e-12);
        assertEquals(0.7, tail.atLeast(1).mean(), 0.05);   // busy fraction ≈ λ (loose: 4 short runs at N = 200)
    }
}
