/**
 * Dispatch and scaling rules: dispatch by {@link org.queuelab.policy.PowerOfD},
 * {@link org.queuelab.policy.JoinBelowThreshold}, {@link org.queuelab.policy.PowerOfDWithMemory} or
 * {@link org.queuelab.policy.RandomDispatch}; scale by {@link org.queuelab.policy.Scaling} (asynchronous with a
 * {@link org.queuelab.policy.ScalingRule} such as {@link org.queuelab.policy.BlindTheta}, on arrival, or always
 * warm).
 */
package org.queuelab.policy;
