package org.queuelab.population;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import org.queuelab.population.ClassFileBuilder.Code;

/**
 * Compiles each transition's event into JVM bytecode (docs/population.md §4): straight-line code that makes its
 * jump (counts, coordinates and epoch corrections, the changes as constants), moves the exact sums it changes,
 * recomputes, in tape order, the nodes depending on them, reading unchanged operands from the values array and
 * changed ones from local variables and storing every result back, and moves the stale rates and the total
 * ({@link RateProgram#step}, whose interpreted path does the same arithmetic in the same order). One hidden class
 * holds up to {@link #CHUNK} transitions, each a static method, and a {@code tableswitch} that calls the one that
 * fired; {@link LoopCompiler} writes the same code inline in a generated event loop. The operations are those of
 * {@link Tape#evaluate(int[], double[], double[], double[])} in the same order on the same operands (the same
 * {@link Math} functions, {@link Tape#powInt}, {@link Tape#select}), so the values are bit-for-bit those of the
 * interpreter; only the dispatch on the operation code disappears, which is what the JIT cannot remove.
 *
 * <p>A transition whose stale set holds more than {@link #MAX_NODES} nodes is not compiled (long methods pass the
 * JIT's 8000-byte limit and would run interpreted): the caller evaluates it on the tape.
 */
final class RateCompiler {

    /** Makes one event of a transition: its jump, the exact sums it moves, the stale nodes and rates. */
    interface Updater {
        /**
         * {@link RateProgram#step}'s compiled form: moves the counts by the jump (each class's epoch correction by
         * −change × sinceEpoch, x by the new count / N), the exact sums it changes (count and value), recomputes
         * the nodes it makes stale and, for each stale rate ℓ, adds its change to sums[0] (the total) and stores
         * it in rates[ℓ].
         *
         * @return ≥ 0, or a negative number if a count fell below 0 or a new rate is negative or NaN
         */
        int step(int transition, int[] counts, double[] x, long[] exactCounts, double[] values, double[] rates,
                    double[] sums, double[] epochCorrection, double sinceEpoch, double invN);
    }

    /** Transitions per generated class (one tableswitch). */
    static final int CHUNK = 256;
    /**
     * Most nodes in one compiled method: ≈ 19 bytes each keeps it below the JIT's 8000-byte huge-method limit, and
     * a bound far below that keeps the class small where stale sets grow with the model (SQ(d) with B = 1000:
     * transitions at levels ≥ 30 stay interpreted, those that fire are the low ones).
     */
    static final int MAX_NODES = 128;

    private static final String TAPE = "org/queuelab/population/Tape";
    private static final String MATH = "java/lang/Math";
    private static final String STEP = "(I[I[D[J[D[D[D[DDD)I";
    private static final String BODY = "([I[D[J[D[D[D[DDD)I";
    /** The locals of a transition's static method: its arguments, then scratch, then one double per node. */
    private static final Slots METHOD = new Slots(0, 1, 2, 3, 4, 6, 7, 9, 11, 12, 13, 15, 17);
    private static final int SUMS = 5;

    /**
     * Where an event's code finds its arrays, scalars and scratch in the local variables of the method it is written
     * into (a transition's own method, or the event loop); doubles and longs take two slots.
     */
    record Slots(int counts, int x, int exact, int values, int rates, int epochCorrection, int sinceEpoch,
                 int invN, int negative, int count, int exactCount, int total, int firstNode) {
    }

    private RateCompiler() {
    }

    /** Whether a stale set of this many nodes is compiled. */
    static boolean compiles(int nodes) {
        return nodes <= MAX_NODES;
    }

    /**
     * One updater per chunk of {@link #CHUNK} transitions; {@code stale[t]} lists the nodes to recompute for
     * transition t in increasing order (null or too long: not compiled, the updater does nothing for it).
     */
    static Updater[] compile(RateProgram program) {
        int[][] stale = program.stale;
        int chunks = (stale.length + CHUNK - 1) / CHUNK;
        Updater[] updaters = new Updater[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = c * CHUNK;
            int to = Math.min(stale.length, from + CHUNK);
            try {
                ClassFileBuilder file = new ClassFileBuilder("org/queuelab/population/CompiledRates");
                EventWriter events = new EventWriter(program, file);
                file.method(0x0001, "step", STEP, 11, 13, dispatch(program, file, from, to));
                for (int t = from; t < to; t++) {
                    if (program.compiled[t]) {
                        Code code = new Code();
                        events.event(code, t, METHOD, true, false);
                        code.local(0x15, 0x1a, METHOD.negative()).op(0xac);                // iload, ireturn
                        file.method(0x000a, "t" + t, BODY, 10, events.maxLocals(t, METHOD), code);
                    }
                }
                updaters[c] = file.instantiate(Updater.class, "the rate program of transitions " + from + ".."
                        + (to - 1));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return updaters;
    }

    /**
     * iload_1; tableswitch on the transition; each case: load the seven arrays and two doubles, invokestatic
     * t<k>, ireturn.
     */
    private static Code dispatch(RateProgram program, ClassFileBuilder file, int from, int to) throws IOException {
        Code code = new Code();
        code.op(0x1b);
        int switchAt = code.size();
        code.op(0xaa);
        while (code.size() % 4 != 0) {
            code.op(0);
        }
        int cases = to - from;
        int tableEnd = code.size() + 12 + 4 * cases;
        int caseBytes = 20;
        int defaultAt = tableEnd + cases * caseBytes;
        code.u4(defaultAt - switchAt).u4(from).u4(to - 1);
        for (int k = 0; k < cases; k++) {
            code.u4((program.compiled[from + k] ? tableEnd + k * caseBytes : defaultAt) - switchAt);
        }
        for (int t = from; t < to; t++) {
            if (program.compiled[t]) {
                for (int slot = 2; slot <= 8; slot++) {
                    code.aload(slot);                                           // the arrays: 1 + 1 + 5 × 2
                }
                code.local(0x18, 0x26, 9).local(0x18, 0x26, 11);              // dload 9, dload 11
                code.op(0xb8).u2(file.methodRef(file.self(), "t" + t, BODY)).op(0xac); // invokestatic, ireturn
            } else {   // unreachable: the switch sends it to default
                code.op(0x03);
                for (int k = 0; k < caseBytes - 2; k++) {
                    code.op(0);
                }
                code.op(0xac);
            }
        }
        code.op(0x03).op(0xac);                                                 // iconst_0, ireturn
        return code;
    }

    /** Writes one transition's event into a method of a class file, with the locals where {@link Slots} says. */
    static final class EventWriter {
        private final RateProgram program;
        private final Tape tape;
        private final ClassFileBuilder file;

        EventWriter(RateProgram program, ClassFileBuilder file) {
            this.program = program;
            this.tape = program.tape;
            this.file = file;
        }

        /** The locals transition t's event needs below {@code slots.firstNode()} and above it. */
        int maxLocals(int t, Slots slots) {
            return slots.firstNode() + 2 * (program.stale[t].length + program.staleRates[t].length);
        }

        /**
         * Transition t's event: the jump, the exact sums, the stale nodes, the rates, and a flag in the local
         * {@code slots.negative()}: the bitwise or of the new counts and of dcmpl(rate, 0) per new rate, negative
         * iff a count fell below 0 or a rate is negative or NaN. With {@code ownTotal} the total is read from
         * sums[0] before the rates and written back after them; otherwise it lives in the local
         * {@code slots.total()}. With {@code lean} (the generated loop) the coordinates x are not written (the loop's
         * caller derives them from the counts when it shows them) and nodes nothing reads from the values array are
         * kept in locals only ({@link RateProgram#valueRead}).
         */
        void event(Code code, int t, Slots slots, boolean ownTotal, boolean lean) throws IOException {
            code.op(0x03).local(0x36, 0x3b, slots.negative());                         // iconst_0, istore
            jump(code, slots, program.jumpIndex[t], program.jumpDelta[t], lean);
            exactSums(code, slots, program.exactNodes[t], program.exactDeltas[t]);
            Map<Integer, Integer> slotOf = nodes(code, slots, program.stale[t], lean);
            int nextSlot = slots.firstNode() + 2 * program.stale[t].length;
            if (ownTotal) {
                code.aload(SUMS).op(0x03).op(0x31).local(0x39, 0x47, slots.total());  // total = sums[0]
            }
            for (int l : program.staleRates[t]) {
                int node = program.rateNodes[l];
                Integer slot = slotOf.get(node);
                if (slot == null) {   // a rate the caller keeps up to date itself (an exact sum): read it
                    slot = nextSlot;
                    nextSlot += 2;
                    operand(code, slots, slotOf, node);
                    code.local(0x39, 0x47, slot);
                }
                rate(code, slots, l, slot);
            }
            if (ownTotal) {
                code.aload(SUMS).op(0x03).local(0x18, 0x26, slots.total()).op(0x52);  // sums[0] = total
            }
        }

        /**
         * For each (class i, change δ): epochCorrection[i] −= δ × sinceEpoch; counts[i] += δ (or-ed into the
         * negative flag); x[i] = counts[i] × invN — {@link RateProgram#jump}'s arithmetic, constants inlined.
         */
        private void jump(Code code, Slots s, int[] classes, int[] deltas, boolean lean) throws IOException {
            for (int k = 0; k < classes.length; k++) {
                int i = classes[k];
                code.aload(s.epochCorrection()).pushInt(file, i).op(0x5c).op(0x31);       // dup2, daload
                if (deltas[k] == 1 || deltas[k] == -1) {   // c − 1·s is c − s, c − (−1)·s is c + s, exactly
                    code.local(0x18, 0x26, s.sinceEpoch()).op(deltas[k] == 1 ? 0x67 : 0x63);  // dsub / dadd
                } else {
                    code.op(0x14).u2(file.doubleConstant(deltas[k])).local(0x18, 0x26, s.sinceEpoch()).op(0x6b);
                    code.op(0x67);                                                        // dmul, dsub
                }
                code.op(0x52);                                                            // dastore
                code.aload(s.counts()).pushInt(file, i).op(0x2e).pushInt(file, deltas[k]).op(0x60); // iadd
                code.local(0x36, 0x3b, s.count());
                code.aload(s.counts()).pushInt(file, i).local(0x15, 0x1a, s.count()).op(0x4f);  // iastore
                code.local(0x15, 0x1a, s.negative()).local(0x15, 0x1a, s.count()).op(0x80)
                        .local(0x36, 0x3b, s.negative());
                if (!lean) {
                    code.aload(s.x()).pushInt(file, i).local(0x15, 0x1a, s.count()).op(0x87);  // i2d
                    code.local(0x18, 0x26, s.invN()).op(0x6b).op(0x52);                     // dmul, dastore
                }
            }
        }

        /** For each exact sum and its change: exactCounts[j] += change; values[j] = exactCounts[j] × invN. */
        private void exactSums(Code code, Slots s, int[] nodes, int[] changes) throws IOException {
            for (int k = 0; k < nodes.length; k++) {
                int j = nodes[k];
                code.aload(s.exact()).pushInt(file, j).op(0x2f);                                 // laload
                code.op(0x14).u2(file.longConstant(changes[k])).op(0x61).local(0x37, 0x3f, s.exactCount());
                code.aload(s.exact()).pushInt(file, j).local(0x16, 0x1e, s.exactCount()).op(0x50); // lastore
                code.aload(s.values()).pushInt(file, j).local(0x16, 0x1e, s.exactCount()).op(0x8a); // l2d
                code.local(0x18, 0x26, s.invN()).op(0x6b).op(0x52);                            // dmul, dastore
            }
        }

        /** The stale nodes in tape order, each kept in a local and stored in values; the locals by node. */
        private Map<Integer, Integer> nodes(Code code, Slots s, int[] nodes, boolean lean) throws IOException {
            Map<Integer, Integer> slotOf = new HashMap<>();
            for (int k = 0; k < nodes.length; k++) {
                int i = nodes[k];
                int slot = s.firstNode() + 2 * k;
                node(code, s, slotOf, i, slot);
                slotOf.put(i, slot);
                code.local(0x39, 0x47, slot);                     // dstore
                if (!lean || program.valueRead[i]) {
                    code.aload(s.values()).pushInt(file, i);      // values, index
                    code.local(0x18, 0x26, slot).op(0x52);       // dload, dastore
                }
            }
            return slotOf;
        }

        /** Node i's value on the stack (its own slot may hold a power's base meanwhile). */
        private void node(Code code, Slots s, Map<Integer, Integer> slotOf, int i, int slot) throws IOException {
            int op = tape.op(i);
            int a = tape.left(i);
            int b = tape.right(i);
            switch (op) {
                case Tape.COORD -> code.aload(s.x()).pushInt(file, a).op(0x31);
                case Tape.ADD, Tape.SUB, Tape.MUL, Tape.DIV -> {
                    operand(code, s, slotOf, a);
                    operand(code, s, slotOf, b);
                    code.op(switch (op) {
                        case Tape.ADD -> 0x63;
                        case Tape.SUB -> 0x67;
                        case Tape.MUL -> 0x6b;
                        default -> 0x6f;
                    });
                }
                case Tape.NEG -> {
                    operand(code, s, slotOf, a);
                    code.op(0x77);
                }
                case Tape.POWI -> power(code, s, slotOf, a, b, slot);
                case Tape.POWD -> {
                    operand(code, s, slotOf, a);
                    code.op(0x14).u2(file.doubleConstant(tape.constant(i)));
                    code.op(0xb8).u2(file.methodRef(file.classRef(MATH), "pow", "(DD)D"));
                }
                case Tape.EXP, Tape.LOG, Tape.SQRT -> {
                    operand(code, s, slotOf, a);
                    String name = op == Tape.EXP ? "exp" : op == Tape.LOG ? "log" : "sqrt";
                    code.op(0xb8).u2(file.methodRef(file.classRef(MATH), name, "(D)D"));
                }
                case Tape.MIN, Tape.MAX -> {
                    operand(code, s, slotOf, a);
                    operand(code, s, slotOf, b);
                    code.op(0xb8).u2(file.methodRef(file.classRef(MATH), op == Tape.MIN ? "min" : "max", "(DD)D"));
                }
                case Tape.SELECT -> {
                    operand(code, s, slotOf, a);
                    operand(code, s, slotOf, b);
                    operand(code, s, slotOf, tape.third(i));
                    code.op(0xb8).u2(file.methodRef(file.classRef(TAPE), "select", "(DDD)D"));
                }
                default -> throw new IllegalStateException("node " + i + " (operation " + op
                        + ") does not depend on the state; it cannot be stale");
            }
        }

        /**
         * total += new − rates[ℓ]; rates[ℓ] = new; flag |= dcmpl(new, 0) (−1 for a negative or
         * NaN rate): the bookkeeping of {@link RateProgram#step}'s interpreted path with constant indices (the total
         * in a local, added to in the same order, so the same sum; no store and reload per rate).
         */
        private void rate(Code code, Slots s, int l, int slot) throws IOException {
            code.local(0x18, 0x26, s.total()).local(0x18, 0x26, slot);                    // total, new
            code.aload(s.rates()).pushInt(file, l).op(0x31).op(0x67).op(0x63);            // − rates[ℓ], +
            code.local(0x39, 0x47, s.total());
            code.aload(s.rates()).pushInt(file, l).local(0x18, 0x26, slot).op(0x52);
            code.local(0x18, 0x26, slot).op(0x0e).op(0x97);                               // dconst_0, dcmpl
            code.local(0x15, 0x1a, s.negative()).op(0x80).local(0x36, 0x3b, s.negative()); // iload, ior, istore
        }

        /**
         * base^exponent as {@link Tape#powInt} computes it, unrolled: 1 × base × base × … (the first product is
         * exact, so it starts from base), the base kept in this node's own slot. Large exponents call powInt.
         */
        private void power(Code code, Slots s, Map<Integer, Integer> slotOf, int base, int exponent, int slot)
                throws IOException {
            operand(code, s, slotOf, base);
            if (exponent > 16 || exponent < 0) {
                code.pushInt(file, exponent).op(0xb8).u2(file.methodRef(file.classRef(TAPE), "powInt", "(DI)D"));
                return;
            }
            if (exponent == 0) {
                code.op(0x58).op(0x0f);                           // pop2, dconst_1
                return;
            }
            code.local(0x39, 0x47, slot);
            code.local(0x18, 0x26, slot);
            for (int e = 1; e < exponent; e++) {
                code.local(0x18, 0x26, slot).op(0x6b);           // dload, dmul
            }
        }

        /** A node recomputed earlier in this event is in a local; any other is read from the values array. */
        private void operand(Code code, Slots s, Map<Integer, Integer> slotOf, int node) throws IOException {
            Integer slot = slotOf.get(node);
            if (slot != null) {
                code.local(0x18, 0x26, slot);
            } else {
                code.aload(s.values()).pushInt(file, node).op(0x31);
            }
        }
    }
}
