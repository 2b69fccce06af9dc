package org.queuelab.population;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.RealMatrix;

/**
 * The stationary 1/N² terms of {@link SecondOrderExpansion} (docs/population.md §6): on the conserved set, with
 * A = DF(π) and the order-1 terms V, W of {@link RefinedMeanField}, the third moments C solve the cyclic
 * equation Σ_cyc A C + S_C(V, W) = 0 ({@link TensorLyapunov}, else {@link CyclicSolver}), B the Lyapunov equation
 * A B + B Aᵀ + S_B(V, W, C) = 0 ({@link LyapunovSolver}) and V₂ the linear system A V₂ = −S_V₂(W, B, C); each
 * observable gets c₂ = ∇φ·V₂ + its part of S_V₂. The moment equations' sources are {@link ExpansionTerms}'.
 */
final class SecondOrderSteadyState {

    private SecondOrderSteadyState() {
    }

    /** The order-2 expansion at π, extending the order-1 one (π already checked to be expandable). */
    static SecondOrderExpansion.Steady solve(PopulationModel model, PopulationFixedPoint.Result fixedPoint,
                                             RefinedMeanField.Steady first) {
        // the eliminated classes chosen to keep A's zeros (docs/population.md §5), for the block solve below
        Reduction reduction = Reduction.sparsest(model, model.jacobian(fixedPoint.state()));
        int n = model.dimension();
        int observables = model.observableNames().size();
        double[] pi = first.fixedPoint();
        double[] corr1 = new double[observables];
        for (int o = 0; o < observables; o++) {
            corr1[o] = first.correction(model.observableNames().get(o));
        }
        if (reduction.m == 0) {
            return new SecondOrderExpansion.Steady(model, pi, first.v(), new double[n], first.w(), new double[n][n],
                    model.observables(pi), corr1, new double[observables], fixedPoint.eigenvalues());
        }
        RealMatrix embedding = reduction.embedding();
        ExpansionTerms terms = new ExpansionTerms(model.derivatives(), pi, embedding.getData(), reduction.kept);
        double[] v = reduction.keep(first.v());
        double[][] w = reduction.restrict(first.w()).getData();
        RealMatrix a = new Array2DRowRealMatrix(terms.a, false);
        double[][][] sourceC = terms.sourceC(v, w);
        double[][][] c = TensorLyapunov.cyclicOrElse(terms.a, sourceC, () -> CyclicSolver.solve(terms, sourceC));
        RealMatrix b = LyapunovSolver.solve(a, new Array2DRowRealMatrix(terms.sourceB(v, w, c), false));
        double[] source = terms.sourceV2(w, b.getData(), c);
        double[] rhs = new double[reduction.m];
        for (int i = 0; i < rhs.length; i++) {
            rhs[i] = -source[i];
        }
        double[] v2 = new LUDecomposition(a).getSolver().solve(new ArrayRealVector(rhs, false)).toArray();
        double[] corr2 = new double[observables];
        for (int o = 0; o < observables; o++) {
            corr2[o] = ExpansionTerms.dot(terms.observableGradient[o], v2) + source[reduction.m + o];
        }
        RealMatrix bFull = embedding.multiply(b).multiplyTransposed(embedding);
        return new SecondOrderExpansion.Steady(model, pi, first.v(), reduction.expand(v2), first.w(), bFull.getData(),
                model.observables(pi), corr1, corr2, fixedPoint.eigenvalues());
    }
}
