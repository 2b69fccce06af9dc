package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.model.AlbaModel;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.Scaling;
import org.queuelab.repro.Finding;

import tech.tablesaw.api.Table;

class SectionFiveGridTest {

    private static SectionFiveGrid quick() {
        return SectionFiveGrid.figure1Rates(400, 100, 4, 3L, 3);
    }

    @Test
    void tabsDIsJoinBelowThresholdWithScaleUpOnArrival() {
        AlbaModel m = quick().tabs(0.5, 1);
        assertEquals(new JoinBelowThreshold(1), m.dispatch());
        assertInstanceOf(Scaling.OnArrival.class, m.scaling());
    }

    @Test
    void tabsOneAndPowerOfTwoLoseToJiqRateIdleAtMatchedEnergy() {
        SectionFiveGrid s = quick();
        List<SectionFiveGrid.Row> rows = s.run(new int[] {60}, new double[] {0.5}, new int[] {0, 1});
        assertEquals(2, rows.size());
        SectionFiveGrid.Row d1 = rows.get(1);
        // JBT-1 sends jobs to servers holding one job: R ≥ 1.5 or so, JIQ + Rate-Idle stays near 1
        assertEquals(1, d1.advantage().sign(), d1.advantage().toString());
        Finding one = s.claim(rows, 1);
        assertTrue(one.holds(), one.toString());
        assertEquals(1.0, one.reference());
        Finding pod = s.powerOfDNotOptimal(rows);
        assertTrue(pod.holds(), pod.toString());
        Finding all = s.claim(rows, -1);
        assertEquals(2.0, all.reference());
        assertEquals(rows.stream().filter(r -> r.advantage().sign() > 0).count(), (long) all.ours());
        Table t = s.table(rows);
        assertEquals(2, t.rowCount());
        assertEquals(d1.advantage().lower(), t.doubleColumn("lo").getDouble(1));
        assertEquals("Rate-Idle better", t.stringColumn("verdict").get(1));
    }

    @Test
    void theGridReusesRateIdleRunsAcrossTabsDWithoutChangingAnyNumber() {
        SectionFiveGrid s = quick();
        List<SectionFiveGrid.Row> together = s.run(new int[] {60}, new double[] {0.5}, new int[] {0, 1});
        for (int d : new int[] {0, 1}) {
            SectionFiveGrid.Row alone = s.compare(60, 0.5, d);
            assertEquals(alone, together.get(d), "TABS-" + d);
        }
    }

    @Test
    void refusesBadInput() {
        assertThrows(IllegalArgumentException.class, () -> SectionFiveGrid.figure1Rates(400, 100, 1, 3L, 3));
        assertThrows(IllegalArgumentException.class, () -> new SectionFiveGrid(60, 0.1, 0.025, 0.05, 400, 100, 4,
                3L, 0.1, 100, 3, 1));
        SectionFiveGrid s = quick();
        assertThrows(IllegalArgumentException.class, () -> s.claim(List.of(), 0));
    }
}
