package org.queuelab.population;

/**
 * What the simulator needs from a {@link PopulationModel}'s rate program after each event (docs/population.md §4),
 * worked out once per model: for each transition, the nodes it makes stale among those the run reads (the rates
 * and the observables that are not affine in the state), compiled to bytecode by {@link RateCompiler} when short
 * enough; the rates and the non-affine observables those nodes include; its jump as (class, change) pairs.
 * Affine observables (e.g. the mean number of jobs, Σ_i i x_i) are never evaluated per event: their time average
 * is their value at the time-averaged state.
 */
final class RateProgram {

    final Tape tape;
    final int[] rateNodes;
    final int[] observableNodes;
    /** Per observable: affine in the state (averaged through the averaged state). */
    final boolean[] affineObservable;
    /** Per transition: the stale nodes to recompute, in tape order. */
    final int[][] stale;
    /** Per transition: whether {@link #stale} runs as compiled code. */
    final boolean[] compiled;
    /** Per transition: the transitions whose rate node is stale. */
    final int[][] staleRates;
    /** Per transition: the non-affine observables whose node is stale. */
    final int[][] staleObservables;
    final int[][] jumpIndex;
    final int[][] jumpDelta;
    /**
     * Per node: an exact sum — a coordinate or a sum/difference/negation of exact sums, not itself a rate or an
     * observable — whose value the run keeps as an integer count of servers (its value is that count / N).
     */
    final boolean[] exact;
    /** Per transition: the exact sums that other nodes read and that its jump changes… */
    final int[][] exactNodes;
    /** … and by how many servers. */
    final int[][] exactDeltas;
    /**
     * Per node: whether anything reads it from the values array — an operand of a node the run reads, or an
     * observable; the generated loop stores only these (a rate that no node reads lives in the rates array).
     */
    final boolean[] valueRead;
    /** The nodes that are not exact sums, in tape order (a full evaluation computes them from the sums). */
    private final int[] inexact;
    private final RateCompiler.Updater[] updaters;
    /**
     * Events a run must still have ahead for the event loop to be generated ({@link LoopCompiler}): generating it
     * and the JIT's compiling it cost ≈ 0.05–0.1 CPU-s, and it saves ≈ 12 ns per event on SQ(2) (a simulator made
     * for a few runs of 10⁵ events, as in a sweep over models, would otherwise run twice as slow); infinite: never.
     */
    static final double LOOP_WORTH = 2e7;
    private final double loopWorth;
    /** The generated event loop, or null (not yet generated, or not worth it: {@link #loopTried}). */
    private volatile LoopCompiler.EventLoop eventLoop;
    private volatile boolean loopTried;

    RateProgram(PopulationModel model, boolean compile) {
        this(model, compile, LOOP_WORTH);
    }

    /**
     * The program of {@code model}; {@code compile}: the events of short stale sets as bytecode; {@code loopWorth}:
     * the events a run must still have ahead to generate the event loop (see {@link #LOOP_WORTH}; needs
     * {@code compile}, infinite: never).
     */
    RateProgram(PopulationModel model, boolean compile, double loopWorth) {
        this.loopWorth = compile ? loopWorth : Double.POSITIVE_INFINITY;
        tape = model.tape();
        rateNodes = model.rateNodes();
        observableNodes = model.observableNodes();
        int transitions = rateNodes.length;
        int[] kind = tape.dependenceOnState();
        affineObservable = new boolean[observableNodes.length];
        int nonAffine = 0;
        for (int o = 0; o < observableNodes.length; o++) {
            affineObservable[o] = kind[observableNodes[o]] != Tape.NONLINEAR_IN_X;
            nonAffine += affineObservable[o] ? 0 : 1;
        }
        int[] roots = new int[transitions + nonAffine];
        System.arraycopy(rateNodes, 0, roots, 0, transitions);
        for (int o = 0, r = transitions; o < observableNodes.length; o++) {
            if (!affineObservable[o]) {
                roots[r++] = observableNodes[o];
            }
        }
        boolean[] read = tape.reachable(roots);
        int[][] jumps = model.jumpsUnsafe();
        jumpIndex = new int[transitions][];
        jumpDelta = new int[transitions][];
        stale = new int[transitions][];
        compiled = new boolean[transitions];
        staleRates = new int[transitions][];
        staleObservables = new int[transitions][];
        boolean[] root = new boolean[tape.size()];
        for (int node : roots) {
            root[node] = true;
        }
        exact = exactSums(tape);
        inexact = java.util.stream.IntStream.range(0, tape.size()).filter(node -> !exact[node]).toArray();
        boolean[] operandOfRead = operandsOfRead(tape, exact, read);
        boolean[] readExact = new boolean[tape.size()];   // the exact sums the run reads: roots and operands
        valueRead = operandOfRead.clone();                 // and what it reads from the values array
        for (int i = 0; i < tape.size(); i++) {
            readExact[i] = exact[i] && (root[i] || operandOfRead[i]);
        }
        for (int node : observableNodes) {
            valueRead[node] = true;
        }
        exactNodes = new int[transitions][];
        exactDeltas = new int[transitions][];
        for (int t = 0; t < transitions; t++) {
            splitJump(t, jumps[t]);
            boolean[] isStale = staleAfter(t, readExact, read);
            stale[t] = java.util.stream.IntStream.range(0, tape.size()).filter(node -> isStale[node] && !exact[node])
                    .toArray();
            compiled[t] = compile && RateCompiler.compiles(stale[t].length);
            staleRates[t] = staleOf(rateNodes, isStale, null);
            staleObservables[t] = staleOf(observableNodes, isStale, affineObservable);
        }
        updaters = compile ? RateCompiler.compile(this) : null;
    }

    /** The generated event loop, or null while there is none. */
    LoopCompiler.EventLoop eventLoop() {
        return eventLoop;
    }

    /**
     * Generates the event loop once, its hot set taken from a run's rates ({@code byRate}: the transitions in
     * decreasing order of {@code rates}); runs on other threads go on without it until it is there. A seed's run
     * is the same with or without it.
     */
    synchronized void generateLoop(int[] byRate, double[] rates, int resumEvery) {
        if (!loopTried) {
            loopTried = true;
            eventLoop = LoopCompiler.compile(this, byRate.clone(), rates, resumEvery);
        }
    }

    /** Whether {@link #generateLoop} is to be called by a run with this many events still ahead. */
    boolean loopPending(double eventsAhead) {
        return !loopTried && eventsAhead >= loopWorth;
    }

    private void splitJump(int t, int[] jump) {
        int nonZero = 0;
        for (int v : jump) {
            nonZero += v != 0 ? 1 : 0;
        }
        jumpIndex[t] = new int[nonZero];
        jumpDelta[t] = new int[nonZero];
        for (int i = 0, k = 0; i < jump.length; i++) {
            if (jump[i] != 0) {
                jumpIndex[t][k] = i;
                jumpDelta[t][k++] = jump[i];
            }
        }
    }

    /**
     * Exact sums (see {@link #exact}): kept as integer counts, a sum that a jump leaves unchanged (the tail
     * Σ_{j ≥ k} x_j when a server moves between two classes above k) is not recomputed, and two sums that are
     * ordered in the counts stay ordered in their values (a rate λ(s_k² − s_{k+1}²) never rounds below 0).
     */
    private static boolean[] exactSums(Tape tape) {
        boolean[] exact = new boolean[tape.size()];
        for (int i = 0; i < tape.size(); i++) {
            exact[i] = switch (tape.op(i)) {
                case Tape.COORD -> true;
                case Tape.ADD, Tape.SUB -> exact[tape.left(i)] && exact[tape.right(i)];
                case Tape.NEG -> exact[tape.left(i)];
                default -> false;
            };
        }
        return exact;
    }

    /** The operands of the read nodes that are not exact sums: the nodes the run reads from the values array. */
    private static boolean[] operandsOfRead(Tape tape, boolean[] exact, boolean[] read) {
        boolean[] operand = new boolean[tape.size()];
        for (int i = 0; i < tape.size(); i++) {
            if (read[i] && !exact[i]) {
                for (int o : operands(tape, i)) {
                    operand[o] = true;
                }
            }
        }
        return operand;
    }

    /** The node operands of node i (none for constants, coordinates, parameters; a power's exponent is no node). */
    private static int[] operands(Tape tape, int i) {
        return switch (tape.op(i)) {
            case Tape.CONST, Tape.COORD, Tape.PARAM -> new int[0];
            case Tape.NEG, Tape.POWI, Tape.POWD, Tape.EXP, Tape.LOG, Tape.SQRT -> new int[] {tape.left(i)};
            case Tape.SELECT -> new int[] {tape.left(i), tape.right(i), tape.third(i)};
            default -> new int[] {tape.left(i), tape.right(i)};
        };
    }

    /**
     * Transition t's change of every exact sum, in servers (recorded in {@link #exactNodes}/{@link #exactDeltas}
     * for those in {@code readExact}), and the mask of the read nodes that change with it: exact sums whose count
     * moves, other nodes with a changed operand.
     */
    private boolean[] staleAfter(int t, boolean[] readExact, boolean[] read) {
        int size = tape.size();
        long[] delta = new long[size];
        boolean[] changed = new boolean[size];
        java.util.Map<Integer, Integer> coordinateDelta = new java.util.HashMap<>();
        for (int k = 0; k < jumpIndex[t].length; k++) {
            coordinateDelta.put(jumpIndex[t][k], jumpDelta[t][k]);
        }
        java.util.List<int[]> kept = new java.util.ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (exact[i]) {
                delta[i] = exactSum(i, delta, tape.op(i) == Tape.COORD ? coordinateDelta.getOrDefault(tape.left(i), 0)
                        : 0);
                changed[i] = delta[i] != 0;
                if (changed[i] && readExact[i]) {
                    kept.add(new int[] {i, Math.toIntExact(delta[i])});
                }
            } else {
                for (int operand : operands(tape, i)) {
                    changed[i] |= changed[operand];
                }
            }
        }
        exactNodes[t] = kept.stream().mapToInt(e -> e[0]).toArray();
        exactDeltas[t] = kept.stream().mapToInt(e -> e[1]).toArray();
        boolean[] isStale = new boolean[size];
        for (int i = 0; i < size; i++) {
            isStale[i] = changed[i] && read[i];
        }
        return isStale;
    }

    /**
     * Every node's value at the state {@code counts} (fractions {@code x} = counts / N): exact sums from their
     * integer counts, written to {@code exactCounts}, the other nodes evaluated on the tape from them.
     */
    void evaluate(int[] counts, double invN, double[] x, double[] params, long[] exactCounts, double[] values) {
        for (int i = 0; i < exact.length; i++) {
            if (exact[i]) {
                exactCounts[i] = exactSum(i, exactCounts, tape.op(i) == Tape.COORD ? counts[tape.left(i)] : 0);
                values[i] = exactCounts[i] * invN;
            }
        }
        tape.evaluate(inexact, x, params, values);
    }

    /**
     * Exact sum i from its operands' entries of {@code of} (counts, or changes of counts); {@code coordinate} is the
     * entry of the class a coordinate node reads.
     */
    private long exactSum(int i, long[] of, long coordinate) {
        return switch (tape.op(i)) {
            case Tape.COORD -> coordinate;
            case Tape.ADD -> of[tape.left(i)] + of[tape.right(i)];
            case Tape.SUB -> of[tape.left(i)] - of[tape.right(i)];
            default -> -of[tape.left(i)];
        };
    }

    /**
     * Moves the exact sums that transition t changes by its jump, in {@code exactCounts} and as values (count / N);
     * call after the jump, before {@link #update}.
     */
    void moveExactSums(int t, long[] exactCounts, double invN, double[] values) {
        int[] nodes = exactNodes[t];
        int[] change = exactDeltas[t];
        for (int k = 0; k < nodes.length; k++) {
            values[nodes[k]] = (exactCounts[nodes[k]] += change[k]) * invN;
        }
    }

    /** Indices j with nodes[j] stale (skipping those marked in {@code skip}). */
    private static int[] staleOf(int[] nodes, boolean[] isStale, boolean[] skip) {
        return java.util.stream.IntStream.range(0, nodes.length)
                .filter(j -> isStale[nodes[j]] && (skip == null || !skip[j])).toArray();
    }

    /**
     * One event of transition t: moves the counts by its jump (x and the classes' epoch corrections with them, see
     * {@link #jump}), the exact sums it changes ({@link #moveExactSums}), then recomputes the nodes it makes stale
     * and moves the rates among them: rates[ℓ] takes the new value, sums[0] (the total) its change. Compiled
     * transitions make all of it in one generated method ({@link RateCompiler}), bit for bit the same.
     *
     * @param sinceEpoch the event's time since the classes' integration epoch began
     * @return a flag, ≥ 0 when all is well: negative if a count fell below 0 (the counts are then left moved) or a
     *         new rate is negative or NaN (an infinite rate shows in the total)
     */
    int step(int t, int[] counts, double[] x, double[] params, long[] exactCounts, double[] values,
                double[] rates, double[] sums, double[] epochCorrection, double sinceEpoch, double invN) {
        if (compiled[t]) {
            return updaters[t / RateCompiler.CHUNK].step(t, counts, x, exactCounts, values, rates, sums,
                    epochCorrection, sinceEpoch, invN);
        }
        int flag = jump(t, counts, x, epochCorrection, sinceEpoch, invN);
        moveExactSums(t, exactCounts, invN, values);
        return flag | update(t, x, params, values, rates, sums);
    }

    /**
     * Moves the counts by transition t's jump: each changed class's epoch correction by −change × sinceEpoch (its
     * time integral is then count(epoch end) × length + correction), its count, and x = count / N.
     *
     * @return the bitwise or of the new counts: negative iff one fell below 0
     */
    int jump(int t, int[] counts, double[] x, double[] epochCorrection, double sinceEpoch, double invN) {
        int[] idx = jumpIndex[t];
        int[] delta = jumpDelta[t];
        int negative = 0;
        for (int k = 0; k < idx.length; k++) {
            int i = idx[k];
            epochCorrection[i] -= delta[k] * sinceEpoch;
            int c = counts[i] + delta[k];
            counts[i] = c;
            negative |= c;
            x[i] = c * invN;
        }
        return negative;
    }

    /**
     * The interpreted update: recomputes the nodes that transition t made stale ({@code x} holds the coordinates
     * after its jump) and moves the rates among them.
     *
     * @return the or of dcmpl(rate, 0) over the new rates (1, 0, or −1 for a negative or NaN rate): negative iff
     *         one is bad
     */
    private int update(int t, double[] x, double[] params, double[] values, double[] rates, double[] sums) {
        tape.evaluate(stale[t], x, params, values);
        int flag = 0;
        for (int l : staleRates[t]) {
            double r = values[rateNodes[l]];
            double change = r - rates[l];
            rates[l] = r;
            sums[0] += change;
            flag |= r > 0 ? 1 : r == 0 ? 0 : -1;
        }
        return flag;
    }
}
