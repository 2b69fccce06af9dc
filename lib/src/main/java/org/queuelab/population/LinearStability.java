package org.queuelab.population;

import java.util.Arrays;

import org.hipparchus.complex.Complex;

/**
 * Local stability of a fixed point π of a {@link PopulationModel}, read off the spectrum of the Jacobian DF(π)
 * restricted to the conserved set (one class per group eliminated; docs/population.md §2, §3). Implemented by
 * {@link PopulationFixedPoint.Result} and by the size expansions taken at π.
 */
public interface LinearStability {

    /**
     * The spectrum of the Jacobian restricted to the conserved set.
     *
     * @return the eigenvalues, per unit time (a copy)
     */
    Complex[] eigenvalues();

    /**
     * The largest real part of the spectrum: minus the decay rate of the slowest mode when negative, so
     * 1/|abscissa| is the relaxation time.
     *
     * @return max Re λ, per unit time; NaN when the conserved set has dimension 0 (stability is then not
     *         established)
     */
    default double spectralAbscissa() {
        return Arrays.stream(eigenvalues()).mapToDouble(Complex::getReal).max().orElse(Double.NaN);
    }

    /**
     * Whether π is locally exponentially stable: every eigenvalue has a negative real part (always true for a
     * size expansion, which exists only there).
     *
     * @return true when {@link #spectralAbscissa()} &lt; 0
     */
    default boolean stable() {
        return spectralAbscissa() < 0;
    }
}
