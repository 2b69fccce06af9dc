package org.queuelab.population;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.hipparchus.complex.Complex;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.DecompositionSolver;
import org.hipparchus.linear.EigenDecompositionNonSymmetric;
import org.hipparchus.linear.LUDecomposition;

/**
 * The block-triangular form of a square matrix read off its exact zeros (docs/population.md, "Scale"): row i
 * depends on column j when A_ij ≠ 0; the strongly connected components of that graph, in the order Tarjan's
 * algorithm closes them, are diagonal blocks such that every block depends only on blocks before it. Then
 * A x = b is solved block by block (a dense LU per block, the off-diagonal entries applied from sparse rows),
 * the spectrum is the union of the blocks' spectra, and the smallest A-invariant coordinate set holding a given
 * set ({@link #invariantClosure}) bounds the support of a Lyapunov solution. A matrix with no zero structure is
 * one block, and every operation is then the dense one: the structure is used where it exists, never assumed.
 *
 * <p>Why it pays for population models: a class whose rates vanish exactly at a state (fractions that underflow
 * far in a queue's tail) only feeds its neighbours, so the Jacobian there is triangular outside a small active
 * block and the cost is O(nnz + Σ block³) instead of O(m³).
 */
final class BlockTriangular {

    /** A block's LU is refused below this pivot magnitude, as {@link PopulationFixedPoint} did on the whole matrix. */
    static final double SINGULARITY_THRESHOLD = 1e-14;

    private final int m;
    private final double[][] a;
    /** Column indices and values of the nonzeros of each row. */
    private final int[][] rowColumns;
    private final double[][] rowValues;
    /** Blocks in solve order: each depends only on earlier ones. */
    private final List<int[]> blocks;

    BlockTriangular(double[][] a) {
        this.m = a.length;
        this.a = a;
        this.rowColumns = new int[m][];
        this.rowValues = new double[m][];
        for (int i = 0; i < m; i++) {
            if (a[i].length != m) {
                throw new IllegalArgumentException("row " + i + " has " + a[i].length + " entries; allowed: " + m);
            }
            int count = 0;
            for (double v : a[i]) {
                count += v != 0 ? 1 : 0;
            }
            rowColumns[i] = new int[count];
            rowValues[i] = new double[count];
            for (int j = 0, k = 0; j < m; j++) {
                if (a[i][j] != 0) {
                    rowColumns[i][k] = j;
                    rowValues[i][k++] = a[i][j];
                }
            }
        }
        this.blocks = stronglyConnectedComponents();
    }

    int dimension() {
        return m;
    }

    int blockCount() {
        return blocks.size();
    }

    /** The size of the largest diagonal block (m when the matrix has no triangular structure). */
    int largestBlock() {
        return blocks.stream().mapToInt(b -> b.length).max().orElse(0);
    }

    /** The diagonal blocks in solve order (each depends only on earlier ones); read only. */
    List<int[]> blocks() {
        return java.util.Collections.unmodifiableList(blocks);
    }

    /** Column indices of the nonzeros of row i; read only. */
    int[] rowColumns(int i) {
        return rowColumns[i];
    }

    /** Values of the nonzeros of row i, in {@link #rowColumns} order; read only. */
    double[] rowValues(int i) {
        return rowValues[i];
    }

    /** A_ij. */
    double entry(int i, int j) {
        return a[i][j];
    }

    /** Tarjan's algorithm, iterative (m may be large enough to overflow a recursive one's stack). */
    private List<int[]> stronglyConnectedComponents() {
        int[] index = new int[m];
        int[] low = new int[m];
        int[] edge = new int[m];
        boolean[] onStack = new boolean[m];
        Arrays.fill(index, -1);
        int[] stack = new int[m];
        int top = 0;
        int counter = 0;
        List<int[]> out = new ArrayList<>();
        ArrayDeque<Integer> call = new ArrayDeque<>();
        for (int root = 0; root < m; root++) {
            if (index[root] >= 0) {
                continue;
            }
            call.push(root);
            index[root] = low[root] = counter++;
            stack[top++] = root;
            onStack[root] = true;
            while (!call.isEmpty()) {
                int v = call.peek();
                if (edge[v] < rowColumns[v].length) {
                    int w = rowColumns[v][edge[v]++];
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[top++] = w;
                        onStack[w] = true;
                        call.push(w);
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                call.pop();
                if (!call.isEmpty()) {
                    low[call.peek()] = Math.min(low[call.peek()], low[v]);
                }
                if (low[v] == index[v]) {
                    int start = top;
                    do {
                        start--;
                        onStack[stack[start]] = false;
                    } while (stack[start] != v);
                    int[] block = Arrays.copyOfRange(stack, start, top);
                    Arrays.sort(block);
                    out.add(block);
                    top = start;
                }
            }
        }
        return out;
    }

    /**
     * x with A x = b.
     *
     * @throws IllegalStateException if a diagonal block is singular (then so is A)
     */
    double[] solve(double[] b) {
        if (b.length != m) {
            throw new IllegalArgumentException("right-hand side has " + b.length + " entries; allowed: " + m);
        }
        double[] x = new double[m];
        boolean[] solved = new boolean[m];
        for (int[] block : blocks) {
            double[] rhs = new double[block.length];
            for (int r = 0; r < block.length; r++) {
                int i = block[r];
                double s = b[i];
                for (int k = 0; k < rowColumns[i].length; k++) {
                    int j = rowColumns[i][k];
                    if (solved[j]) {
                        s -= rowValues[i][k] * x[j];
                    }
                }
                rhs[r] = s;
            }
            double[] y = solveBlock(block, rhs);
            for (int r = 0; r < block.length; r++) {
                x[block[r]] = y[r];
                solved[block[r]] = true;
            }
        }
        return x;
    }

    private double[] solveBlock(int[] block, double[] rhs) {
        if (block.length == 1) {
            double pivot = a[block[0]][block[0]];
            if (Math.abs(pivot) <= SINGULARITY_THRESHOLD) {
                throw new IllegalStateException("singular 1×1 diagonal block at coordinate " + block[0]
                        + " (pivot " + pivot + ")");
            }
            return new double[] {rhs[0] / pivot};
        }
        DecompositionSolver lu = new LUDecomposition(sub(block), SINGULARITY_THRESHOLD).getSolver();
        if (!lu.isNonSingular()) {
            throw new IllegalStateException("singular " + block.length + "×" + block.length + " diagonal block");
        }
        return lu.solve(new ArrayRealVector(rhs, false)).toArray();
    }

    /** A restricted to rows and columns {@code index}. */
    Array2DRowRealMatrix sub(int[] index) {
        return restricted(a, index);
    }

    /** A square array restricted to rows and columns {@code index}. */
    static Array2DRowRealMatrix restricted(double[][] x, int[] index) {
        double[][] s = new double[index.length][index.length];
        for (int r = 0; r < index.length; r++) {
            for (int c = 0; c < index.length; c++) {
                s[r][c] = x[index[r]][index[c]];
            }
        }
        return new Array2DRowRealMatrix(s, false);
    }

    /** The spectrum of A: the union of its diagonal blocks' spectra. */
    Complex[] eigenvalues() {
        List<Complex> out = new ArrayList<>(m);
        for (int[] block : blocks) {
            if (block.length == 1) {
                out.add(new Complex(a[block[0]][block[0]]));
            } else {
                out.addAll(Arrays.asList(new EigenDecompositionNonSymmetric(sub(block)).getEigenvalues()));
            }
        }
        return out.toArray(new Complex[0]);
    }

    /**
     * The smallest coordinate set S ⊇ {@code seed} that A maps into itself (A_ij = 0 for j ∈ S, i ∉ S), in
     * increasing order: span{e_i : i ∈ S} is A-invariant, so e^{At} keeps a matrix supported on S × S there.
     */
    int[] invariantClosure(boolean[] seed) {
        boolean[] in = seed.clone();
        // column j reaches row i when A_ij ≠ 0: walk the transposed pattern
        int[][] columnRows = columnPattern();
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int j = 0; j < m; j++) {
            if (in[j]) {
                queue.add(j);
            }
        }
        while (!queue.isEmpty()) {
            int j = queue.poll();
            for (int i : columnRows[j]) {
                if (!in[i]) {
                    in[i] = true;
                    queue.add(i);
                }
            }
        }
        return java.util.stream.IntStream.range(0, m).filter(i -> in[i]).toArray();
    }

    private int[][] columnPattern() {
        int[] count = new int[m];
        for (int[] cols : rowColumns) {
            for (int j : cols) {
                count[j]++;
            }
        }
        int[][] out = new int[m][];
        for (int j = 0; j < m; j++) {
            out[j] = new int[count[j]];
        }
        int[] fill = new int[m];
        for (int i = 0; i < m; i++) {
            for (int j : rowColumns[i]) {
                out[j][fill[j]++] = i;
            }
        }
        return out;
    }
}
