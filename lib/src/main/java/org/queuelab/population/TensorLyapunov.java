package org.queuelab.population;

import java.util.List;


/**
 * The moment equations of the size expansions through the block-triangular form of A ({@link BlockTriangular},
 * docs/population.md §5): the Lyapunov equation A W + W Aᵀ + Q = 0 and its three-way analogue, the third-moment
 * equation
 * <pre>
 *   Σ_k A_ik C_kjl + Σ_k A_jk C_ikl + Σ_k A_lk C_ijk + S_ijl = 0     ((A ⊕ A ⊕ A) vec C = −vec S),
 * </pre>
 * solved block pair by block pair (block triple by block triple) in the blocks' solve order: the couplings to
 * earlier blocks go to the right-hand side, and each pair or triple of diagonal blocks is one small Kronecker-sum
 * system (a scalar division for 1 × 1 blocks). Exact, and indifferent to whether A is diagonalizable: the empty
 * levels of a queue form a Jordan chain at eigenvalue −1, on which an eigenvector method breaks down.
 *
 * <p>Cost: O(m^k · nnz per row) for the couplings plus one dense LU of size b₁b₂(b₃) per block pair (triple).
 * A triple of blocks with more than {@link #MAX_BLOCK_SYSTEM} unknowns is refused (IllegalStateException): its
 * Kronecker system would be dense of that size squared.
 */
final class TensorLyapunov {

    /** Largest Kronecker-sum system of one block pair or triple (a dense LU of this size: ~0.1 s, 18 MB at 1500). */
    static final int MAX_BLOCK_SYSTEM = 1500;

    private TensorLyapunov() {
    }

    /** W with A W + W Aᵀ + Q = 0. */
    static double[][] lyapunov(BlockTriangular a, double[][] q) {
        java.util.Map<String, RowLu> cache = new java.util.HashMap<>();
        int m = a.dimension();
        int[] blockOf = blockIndex(a);
        double[][] w = new double[m][m];
        List<int[]> blocks = a.blocks();
        for (int p = 0; p < blocks.size(); p++) {
            for (int r = 0; r < blocks.size(); r++) {
                int[] rows = blocks.get(p);
                int[] cols = blocks.get(r);
                double[] rhs = new double[rows.length * cols.length];
                for (int x = 0; x < rows.length; x++) {
                    for (int y = 0; y < cols.length; y++) {
                        int i = rows[x];
                        int j = cols[y];
                        double v = q[i][j];
                        v += offBlock(a, blockOf, p, i, k -> w[k][j]);
                        v += offBlock(a, blockOf, r, j, k -> w[i][k]);
                        rhs[x * cols.length + y] = v;
                    }
                }
                double[] sol = solveKronecker(a, new int[][] {rows, cols}, rhs, cache);
                for (int x = 0; x < rows.length; x++) {
                    for (int y = 0; y < cols.length; y++) {
                        w[rows[x]][cols[y]] = sol[x * cols.length + y];
                    }
                }
            }
        }
        return w;
    }

    /**
     * C with Σ_cyc A C + S = 0 block by block when every triple of A's diagonal blocks fits
     * {@link #MAX_BLOCK_SYSTEM}, else {@code otherwise} (a solver for A without zero structure).
     */
    static double[][][] cyclicOrElse(double[][] a, double[][][] s, java.util.function.Supplier<double[][][]> otherwise) {
        BlockTriangular blocks = new BlockTriangular(a);
        long largest = blocks.largestBlock();
        return largest * largest * largest <= MAX_BLOCK_SYSTEM ? cyclic(blocks, s) : otherwise.get();
    }

    /** C with Σ_cyc A C + S = 0 (the three-way sum above). */
    static double[][][] cyclic(BlockTriangular a, double[][][] s) {
        int m = a.dimension();
        int[] blockOf = blockIndex(a);
        double[][][] c = new double[m][m][m];
        List<int[]> blocks = a.blocks();
        int count = blocks.size();
        java.util.Map<String, RowLu> cache = new java.util.HashMap<>();
        for (int p = 0; p < count; p++) {
            for (int q = 0; q < count; q++) {
                for (int r = 0; r < count; r++) {
                    solveTriple(a, blockOf, new int[][] {blocks.get(p), blocks.get(q), blocks.get(r)},
                            new int[] {p, q, r}, s, c, cache);
                }
            }
        }
        return c;
    }

    private static void solveTriple(BlockTriangular a, int[] blockOf, int[][] triple, int[] ids, double[][][] s,
                                    double[][][] c, java.util.Map<String, RowLu> cache) {
        double[] rhs = new double[triple[0].length * triple[1].length * triple[2].length];
        int u = 0;
        for (int i : triple[0]) {
            for (int j : triple[1]) {
                for (int l : triple[2]) {
                    double v = s[i][j][l];
                    v += offBlock(a, blockOf, ids[0], i, k -> c[k][j][l]);
                    v += offBlock(a, blockOf, ids[1], j, k -> c[i][k][l]);
                    v += offBlock(a, blockOf, ids[2], l, k -> c[i][j][k]);
                    rhs[u++] = v;
                }
            }
        }
        double[] sol = solveKronecker(a, triple, rhs, cache);
        u = 0;
        for (int i : triple[0]) {
            for (int j : triple[1]) {
                for (int l : triple[2]) {
                    c[i][j][l] = sol[u++];
                }
            }
        }
    }

    /** Σ over the nonzeros A_ik of row i outside block {@code block} of A_ik·solved(k): all in earlier blocks. */
    private static double offBlock(BlockTriangular a, int[] blockOf, int block, int i,
                                   java.util.function.IntToDoubleFunction solved) {
        int[] cols = a.rowColumns(i);
        double[] vals = a.rowValues(i);
        double sum = 0;
        for (int t = 0; t < cols.length; t++) {
            if (blockOf[cols[t]] != block) {
                sum += vals[t] * solved.applyAsDouble(cols[t]);
            }
        }
        return sum;
    }

    /**
     * x with (A_{B1} ⊕ A_{B2} [⊕ A_{B3}]) x = −rhs, x indexed row-major over the blocks' index tuples.
     *
     * @throws IllegalStateException if the system is singular (eigenvalues summing to 0: A not Hurwitz) or larger
     *                               than {@link #MAX_BLOCK_SYSTEM}
     */
    private static double[] solveKronecker(BlockTriangular a, int[][] blocks, double[] rhs,
                                           java.util.Map<String, RowLu> cache) {
        int size = rhs.length;
        if (size == 1) {
            double diagonal = 0;
            for (int[] b : blocks) {
                diagonal += a.entry(b[0], b[0]);
            }
            if (diagonal == 0) {
                throw new IllegalStateException("moment equation singular: diagonal entries sum to 0 (A not Hurwitz)");
            }
            return new double[] {-rhs[0] / diagonal};
        }
        if (size > MAX_BLOCK_SYSTEM) {
            throw new IllegalStateException("moment equation: a block " + (blocks.length == 2 ? "pair" : "triple")
                    + " of " + size + " unknowns; allowed: ≤ " + MAX_BLOCK_SYSTEM + " (the diagonal blocks of A are"
                    + " too large for a dense Kronecker-sum solve)");
        }
        // the system depends on the blocks, and on a 1 × 1 block only through its entry: one LU serves every
        // pair or triple with the same key (for a queue's empty levels, all −1, a handful of LUs in all)
        StringBuilder key = new StringBuilder();
        for (int[] b : blocks) {
            key.append(b.length == 1 ? "d" + Double.doubleToLongBits(a.entry(b[0], b[0])) : "b" + b[0]).append('/');
        }
        RowLu lu = cache.get(key.toString());
        if (lu == null) {
            lu = kroneckerLu(a, blocks, size);
            cache.put(key.toString(), lu);
        }
        double[] minus = new double[size];
        for (int u = 0; u < size; u++) {
            minus[u] = -rhs[u];
        }
        return lu.solve(minus);
    }

    /**
     * LU with partial pivoting, eliminating row by row (cache-friendly on row arrays: about 4× faster than
     * Hipparchus' column-oriented {@code LUDecomposition} on the 1000-unknown system of a 10 × 10 block triple).
     */
    private static final class RowLu {
        private final double[][] lu;
        private final int[] pivot;
        private final boolean singular;

        RowLu(double[][] k) {
            int n = k.length;
            lu = k;
            pivot = new int[n];
            boolean zero = false;
            for (int i = 0; i < n; i++) {
                pivot[i] = i;
            }
            for (int col = 0; col < n; col++) {
                int best = col;
                for (int r = col + 1; r < n; r++) {
                    if (Math.abs(lu[r][col]) > Math.abs(lu[best][col])) {
                        best = r;
                    }
                }
                double[] swap = lu[col];
                lu[col] = lu[best];
                lu[best] = swap;
                int p = pivot[col];
                pivot[col] = pivot[best];
                pivot[best] = p;
                double diagonal = lu[col][col];
                if (diagonal == 0) {
                    zero = true;
                    continue;
                }
                double[] pivotRow = lu[col];
                for (int r = col + 1; r < n; r++) {
                    double[] row = lu[r];
                    double factor = row[col] / diagonal;
                    row[col] = factor;
                    if (factor != 0) {
                        for (int c = col + 1; c < n; c++) {
                            row[c] -= factor * pivotRow[c];
                        }
                    }
                }
            }
            singular = zero;
        }

        double[] solve(double[] b) {
            int n = lu.length;
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                double v = b[pivot[i]];
                double[] row = lu[i];
                for (int c = 0; c < i; c++) {
                    v -= row[c] * x[c];
                }
                x[i] = v;
            }
            for (int i = n - 1; i >= 0; i--) {
                double v = x[i];
                double[] row = lu[i];
                for (int c = i + 1; c < n; c++) {
                    v -= row[c] * x[c];
                }
                x[i] = v / row[i];
            }
            return x;
        }
    }

    private static RowLu kroneckerLu(BlockTriangular a, int[][] blocks, int size) {
        double[][] k = new double[size][size];
        int[] stride = new int[blocks.length];
        stride[blocks.length - 1] = 1;
        for (int d = blocks.length - 2; d >= 0; d--) {
            stride[d] = stride[d + 1] * blocks[d + 1].length;
        }
        for (int u = 0; u < size; u++) {
            for (int d = 0; d < blocks.length; d++) {
                int[] b = blocks[d];
                int own = (u / stride[d]) % b.length;
                int base = u - own * stride[d];
                for (int t = 0; t < b.length; t++) {
                    k[u][base + t * stride[d]] += a.entry(b[own], b[t]);
                }
            }
        }
        RowLu lu = new RowLu(k);
        if (lu.singular) {
            throw new IllegalStateException("moment equation singular on a block " + (blocks.length == 2 ? "pair"
                    : "triple") + " of " + size + " unknowns (A not Hurwitz)");
        }
        return lu;
    }

    private static int[] blockIndex(BlockTriangular a) {
        int[] blockOf = new int[a.dimension()];
        List<int[]> blocks = a.blocks();
        for (int p = 0; p < blocks.size(); p++) {
            for (int i : blocks.get(p)) {
                blockOf[i] = p;
            }
        }
        return blockOf;
    }
}
