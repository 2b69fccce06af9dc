/**
 * Population processes: any model of N exchangeable servers whose state is the occupancy of a finite set of
 * classes, described once and analysed by four engines without model-specific code ({@code docs/population.md}).
 *
 * <p>Start from {@link org.queuelab.population.PopulationModel#builder}: declare classes (in conserved groups),
 * named parameters, then transitions whose rates per server are expressions ({@link org.queuelab.population.Rate}
 * lambdas combining {@link org.queuelab.population.Variables} into {@link org.queuelab.population.Value}s), and
 * observables. {@link org.queuelab.population.PopulationModels} holds ready-made SQ(d) and JBT-d descriptions to
 * copy from. Then:
 * <ul>
 *   <li>{@link org.queuelab.population.PopulationFluid#integrate} — the fluid limit ẋ = F(x) (§2);</li>
 *   <li>{@link org.queuelab.population.PopulationFixedPoint#solve} — fixed points by Newton with the exact
 *       Jacobian, and their stability (§2, §5);</li>
 *   <li>{@link org.queuelab.population.RefinedMeanField} and
 *       {@link org.queuelab.population.SecondOrderExpansion} — the 1/N and 1/N² terms of E[φ(X^N)], stationary
 *       and transient (§3, §6), each quantity as an {@link org.queuelab.population.ObservableExpansion};</li>
 *   <li>{@link org.queuelab.population.PopulationSimulator} — exact simulation at finite N, one
 *       {@link org.queuelab.population.PopulationRun} per path (§4).</li>
 * </ul>
 * Section numbers refer to {@code docs/population.md}. An invalid rate (negative, NaN, or moving servers out of an
 * empty class) is refused at {@code build()} with an {@link java.lang.IllegalArgumentException} naming the
 * transition and the state (checked at the vertices and the centre of the state space); one met later by a
 * simulation stops it with a {@link org.queuelab.population.RateException}.
 */
package org.queuelab.population;
