package org.queuelab.repro.demand;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.arrival.ArrivalProcess;
import org.queuelab.autoscale.Autoscaler;
import org.queuelab.autoscale.ClusterModel;
import org.queuelab.sim.RunWindow;

class DemandDayTest {

    private final DemandDay day = DemandDay.synthetic();

    @Test
    void wholeDayArrivalsAverageLoadTimesN() {
        int servers = 100;
        double seconds = day.horizon(0, day.trace().counts().length);
        double expected = day.arrivals(servers, 0, day.trace().counts().length).expectedCount(0, seconds);
        assertEquals(day.load() * servers * seconds, expected, 1e-9 * expected);
    }

    @Test
    void sliceFollowsTheTraceShape() {
        long[] counts = day.trace().counts();
        ArrivalProcess slice = day.arrivals(10, 720, 780);
        double perCount = slice.expectedCount(0, 60) / counts[720];
        double sliceTotal = Arrays.stream(counts, 720, 780).sum();
        assertEquals(perCount * sliceTotal, slice.expectedCount(0, 3_600), 1e-9 * perCount * sliceTotal);
    }

    @Test
    void windowWarmsUpASixthOfTheSliceAtMostAnHour() {
        RunWindow hour = day.window(720, 780);
        assertEquals(3_600, hour.horizon());
        assertEquals(600, hour.warmup());
        RunWindow whole = day.window(0, 1440);
        assertEquals(DemandDay.MAX_WARMUP, whole.warmup());
        ClusterModel m = day.cluster(1000, 0, 60);
        assertEquals(1000, m.maxInstances());
    }

    @Test
    void refusesSlicesOutsideTheTrace() {
        int length = day.trace().counts().length;
        for (int[] bad : new int[][] {{-1, 10}, {10, 10}, {20, 10}, {0, length + 1}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> day.arrivals(10, bad[0], bad[1]));
            assertTrue(e.getMessage().contains("minutes"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> day.arrivals(0, 0, 60));
        assertThrows(IllegalArgumentException.class, () -> new DemandDay(day.trace(), -0.3, 1, 5, day.settings(), 600));
    }

    @Test
    void policiesRebuildFromFamilyAndParameter() {
        List<Autoscaler> compared = DemandPolicy.autoscalers(DemandPolicy.compared());
        assertEquals(DemandPolicy.Family.values().length, compared.size());
        assertEquals(compared.size(), new HashSet<>(compared.stream().map(Autoscaler::label).toList()).size());
        for (DemandPolicy p : DemandPolicy.compared()) {
            assertEquals(p.autoscaler(), new DemandPolicy(p.family(), p.parameter()).autoscaler());
        }
        Map<String, List<DemandPolicy>> ranges = DemandPolicy.tuningRanges();
        assertEquals(DemandPolicy.Family.values().length, ranges.size());
        for (List<DemandPolicy> range : ranges.values()) {
            assertEquals(1, range.stream().map(DemandPolicy::family).distinct().count());
            assertEquals(range.size(), new HashSet<>(DemandPolicy.autoscalers(range).stream()
                    .map(Autoscaler::label).toList()).size());
        }
        assertThrows(IllegalArgumentException.class, () -> new DemandPolicy(DemandPolicy.Family.TABS, -1));
    }
}
