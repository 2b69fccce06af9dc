package org.queuelab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.policy.Scaling;

/** The records' validation says what is allowed, and the policy types answer what engines ask of them. */
class ModelValidationTest {

    @Test
    void albaAcceptsABufferEqualToDAndSaysSo() {
        AlbaModel atD = AlbaModel.alwaysWarm(0.5, new PowerOfD(2), 2);
        assertEquals(2, atD.buffer());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AlbaModel.alwaysWarm(0.5, new PowerOfD(3), 2));
        assertTrue(e.getMessage().contains("allowed: buffer ≥ d = 3"), e.getMessage());
        IllegalArgumentException jbt = assertThrows(IllegalArgumentException.class,
                () -> AlbaModel.alwaysWarm(0.5, new JoinBelowThreshold(2), 2));
        assertTrue(jbt.getMessage().contains("buffer ≥ 3"), jbt.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> AlbaModel.alwaysWarm(0.5, new PowerOfDWithMemory(2), 4));
    }

    @Test
    void infiniteLambdaIsRefusedAsNotFinite() {
        for (Runnable r : new Runnable[] {
            () -> AlbaModel.alwaysWarm(Double.POSITIVE_INFINITY, new PowerOfD(2), 4),
            () -> new LoadBalancingModel(Double.POSITIVE_INFINITY, new PowerOfD(2), 4, Exponential.unitMean()),
            () -> TabsModel.of(Double.POSITIVE_INFINITY, Exponential.unitMean(), 1, 1)}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
            assertTrue(e.getMessage().contains("finite"), e.getMessage());
        }
    }

    @Test
    void loadBalancingBufferMustExceedTheThreshold() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new LoadBalancingModel(0.5, new JoinBelowThreshold(3), 3, Exponential.unitMean()));
        assertTrue(e.getMessage().contains("allowed: buffer ≥ 4"), e.getMessage());
        assertEquals(4, new LoadBalancingModel(0.5, new JoinBelowThreshold(3), 4, Exponential.unitMean()).buffer());
    }

    @Test
    void dispatchRulesAnswerWhatEnginesNeed() {
        assertEquals(Dispatch.Kind.SHORTEST_OF_SAMPLE, new PowerOfD(3).kind());
        assertEquals(3, new PowerOfD(3).d());
        assertEquals(Dispatch.Kind.UNIFORM, new RandomDispatch().kind());
        assertEquals(1, new RandomDispatch().d());
        assertEquals(Dispatch.Kind.BELOW_THRESHOLD, JoinBelowThreshold.jiq().kind());
        assertTrue(JoinBelowThreshold.jiq().isJiq());
        assertFalse(new JoinBelowThreshold(1).isJiq());
        assertFalse(new PowerOfD(1).isJiq());
        assertEquals(2, new JoinBelowThreshold(1).minimumBuffer());
        assertEquals(1, new PowerOfD(5).minimumBuffer());
        assertEquals(Dispatch.Kind.SHORTEST_IN_MEMORY, new PowerOfDWithMemory(2).kind());
        assertEquals(Scaling.alwaysWarm(), AlbaModel.alwaysWarm(0.5, new PowerOfD(2), 4).scaling());
    }
}
