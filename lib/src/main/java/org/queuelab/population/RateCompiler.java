package org.queuelab.population;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles each transition's event into JVM bytecode (docs/population.md §4): a static method of straight-line
 * code that makes its jump (counts, coordinates and epoch corrections, the changes as constants), moves the exact
 * sums it changes, recomputes, in tape order, the nodes depending on them, reading unchanged operands from the
 * values array and changed ones from local variables and storing every result back, and moves the stale rates and
 * the total ({@link RateProgram#step}, whose interpreted path does the same arithmetic in the same order). One
 * hidden class ({@link MethodHandles.Lookup#defineHiddenClass}) holds up to {@link #CHUNK} transitions and a {@code tableswitch} that calls the one that fired. The operations
 * are those of {@link Tape#evaluate(int[], double[], double[], double[])} in the same order on the same operands
 * (the same {@link Math} functions, {@link Tape#powInt}, {@link Tape#select}), so the values are bit-for-bit those
 * of the interpreter; only the dispatch on the operation code disappears, which is what the JIT cannot remove.
 *
 * <p>The class file is written by hand (version 49: no stack-map frames, so the old verifier checks the one
 * branch, the {@code tableswitch}) with the JDK alone. A transition whose stale set holds more than
 * {@link #MAX_NODES} nodes is not compiled (long methods pass the JIT's 8000-byte limit and would run interpreted):
 * the caller evaluates it on the tape.
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
    // the locals of a transition's method: its arguments, then scratch, then one double per recomputed node
    private static final int COUNTS = 0;
    private static final int X = 1;
    private static final int EXACT = 2;
    private static final int VALUES = 3;
    private static final int RATES = 4;
    private static final int SUMS = 5;
    private static final int EPOCH_CORRECTION = 6;
    private static final int SINCE_EPOCH = 7;
    private static final int INV_N = 9;
    private static final int NEGATIVE = 11;
    private static final int COUNT = 12;
    private static final int EXACT_COUNT = 13;
    private static final int TOTAL = 15;
    private static final int FIRST_NODE_SLOT = 17;

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
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        for (int c = 0; c < chunks; c++) {
            int from = c * CHUNK;
            int to = Math.min(stale.length, from + CHUNK);
            byte[] bytes = new ClassWriter(program, from, to).write();
            try {
                MethodHandles.Lookup hidden = lookup.defineHiddenClass(bytes, true);
                updaters[c] = (Updater) hidden.findConstructor(hidden.lookupClass(),
                        MethodType.methodType(void.class)).invoke();
            } catch (Throwable e) {
                throw new IllegalStateException("compiling the rate program of transitions " + from + ".." + (to - 1)
                        + " failed", e);
            }
        }
        return updaters;
    }

    /** The class file of one chunk: constant pool, constructor, dispatch method, one static method per transition. */
    private static final class ClassWriter {
        private final RateProgram program;
        private final Tape tape;
        private final int[][] stale;
        private final int[][] staleRates;
        private final int[] rateNodes;
        private final int from;
        private final int to;
        private final ByteArrayOutputStream poolBytes = new ByteArrayOutputStream();
        private final DataOutputStream pool = new DataOutputStream(poolBytes);
        private final Map<String, Integer> constants = new HashMap<>();
        private int poolCount = 1;

        ClassWriter(RateProgram program, int from, int to) {
            this.program = program;
            this.tape = program.tape;
            this.stale = program.stale;
            this.staleRates = program.staleRates;
            this.rateNodes = program.rateNodes;
            this.from = from;
            this.to = to;
        }

        byte[] write() {
            try {
                List<byte[]> methods = new ArrayList<>();
                int self = classRef("org/queuelab/population/CompiledRates");
                int object = classRef("java/lang/Object");
                int updater = classRef("org/queuelab/population/RateCompiler$Updater");
                methods.add(method(0x0001, "<init>", "()V", 1, 1, constructor(object)));
                methods.add(method(0x0001, "step", STEP, 11, 13, dispatch(self)));
                for (int t = from; t < to; t++) {
                    if (stale[t] != null && compiles(stale[t].length)) {
                        methods.add(method(0x000a, "t" + t, BODY, 10,
                                FIRST_NODE_SLOT + 2 * (stale[t].length + staleRates[t].length), body(t)));
                    }
                }
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                DataOutputStream out = new DataOutputStream(bytes);
                int codeName = utf8("Code");
                assert codeName > 0;
                out.writeInt(0xCAFEBABE);
                out.writeShort(0);
                out.writeShort(49);
                out.writeShort(poolCount);
                pool.flush();
                out.write(poolBytes.toByteArray());
                out.writeShort(0x0031);   // public final super
                out.writeShort(self);
                out.writeShort(object);
                out.writeShort(1);
                out.writeShort(updater);
                out.writeShort(0);        // fields
                out.writeShort(methods.size());
                for (byte[] m : methods) {
                    out.write(m);
                }
                out.writeShort(0);        // attributes
                return bytes.toByteArray();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        private byte[] constructor(int object) throws IOException {
            Code code = new Code();
            code.op(0x2a);                                        // aload_0
            code.op(0xb7).u2(methodRef(object, "<init>", "()V")); // invokespecial
            code.op(0xb1);
            return code.bytes();
        }

        /**
         * iload_1; tableswitch on the transition; each case: load the seven arrays and two doubles, invokestatic
         * t<k>, ireturn.
         */
        private byte[] dispatch(int self) throws IOException {
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
                int t = from + k;
                boolean compiled = stale[t] != null && compiles(stale[t].length);
                code.u4((compiled ? tableEnd + k * caseBytes : defaultAt) - switchAt);
            }
            for (int t = from; t < to; t++) {
                if (stale[t] != null && compiles(stale[t].length)) {
                    for (int slot = 2; slot <= 8; slot++) {
                        code.aload(slot);                                           // the arrays: 1 + 1 + 5 × 2
                    }
                    code.local(0x18, 0x26, 9).local(0x18, 0x26, 11);              // dload 9, dload 11
                    code.op(0xb8).u2(methodRef(self, "t" + t, BODY)).op(0xac);      // invokestatic, ireturn
                } else {   // unreachable: the switch sends it to default
                    code.op(0x03);
                    for (int k = 0; k < caseBytes - 2; k++) {
                        code.op(0);
                    }
                    code.op(0xac);
                }
            }
            code.op(0x03).op(0xac);                                                 // iconst_0, ireturn
            return code.bytes();
        }

        /**
         * Transition t's event: the jump, the exact sums, the stale nodes, the rates, and a flag: the bitwise or of
         * the new counts and of dcmpl(rate, 0) per new rate, negative iff a count fell below 0 or a rate is negative
         * or NaN. Locals: see {@link #COUNTS} and the slots after it.
         */
        private byte[] body(int t) throws IOException {
            Code code = new Code();
            code.op(0x03).local(0x36, 0x3b, NEGATIVE);                                   // iconst_0, istore
            jump(code, program.jumpIndex[t], program.jumpDelta[t]);
            exactSums(code, program.exactNodes[t], program.exactDeltas[t]);
            Map<Integer, Integer> slotOf = nodes(code, stale[t]);
            int nextSlot = FIRST_NODE_SLOT + 2 * stale[t].length;
            code.aload(SUMS).op(0x03).op(0x31).local(0x39, 0x47, TOTAL);              // total = sums[0]
            for (int l : staleRates[t]) {
                Integer slot = slotOf.get(rateNodes[l]);
                if (slot == null) {   // a rate the caller keeps up to date itself (an exact sum): read it
                    slot = nextSlot;
                    nextSlot += 2;
                    operand(code, slotOf, rateNodes[l]);
                    code.local(0x39, 0x47, slot);
                }
                rate(code, l, slot);
            }
            code.aload(SUMS).op(0x03).local(0x18, 0x26, TOTAL).op(0x52);              // sums[0] = total
            code.local(0x15, 0x1a, NEGATIVE).op(0xac);                                 // iload, ireturn
            return code.bytes();
        }

        /**
         * For each (class i, change δ): epochCorrection[i] −= δ × sinceEpoch; counts[i] += δ (or-ed into the
         * negative flag); x[i] = counts[i] × invN — {@link RateProgram#jump}'s arithmetic, constants inlined.
         */
        private void jump(Code code, int[] classes, int[] deltas) throws IOException {
            for (int k = 0; k < classes.length; k++) {
                int i = classes[k];
                code.aload(EPOCH_CORRECTION).pushInt(this, i).op(0x5c).op(0x31);         // dup2, daload
                code.op(0x14).u2(doubleConstant(deltas[k])).local(0x18, 0x26, SINCE_EPOCH).op(0x6b);
                code.op(0x67).op(0x52);                                                    // dsub, dastore
                code.aload(COUNTS).pushInt(this, i).op(0x2e).pushInt(this, deltas[k]).op(0x60); // iaload, iadd
                code.local(0x36, 0x3b, COUNT);
                code.aload(COUNTS).pushInt(this, i).local(0x15, 0x1a, COUNT).op(0x4f);     // iastore
                code.local(0x15, 0x1a, NEGATIVE).local(0x15, 0x1a, COUNT).op(0x80).local(0x36, 0x3b, NEGATIVE);
                code.aload(X).pushInt(this, i).local(0x15, 0x1a, COUNT).op(0x87);         // i2d
                code.local(0x18, 0x26, INV_N).op(0x6b).op(0x52);                          // dmul, dastore
            }
        }

        /** For each exact sum and its change: exactCounts[j] += change; values[j] = exactCounts[j] × invN. */
        private void exactSums(Code code, int[] nodes, int[] changes) throws IOException {
            for (int k = 0; k < nodes.length; k++) {
                int j = nodes[k];
                code.aload(EXACT).pushInt(this, j).op(0x2f);                               // laload
                code.op(0x14).u2(longConstant(changes[k])).op(0x61).local(0x37, 0x3f, EXACT_COUNT); // ladd, lstore
                code.aload(EXACT).pushInt(this, j).local(0x16, 0x1e, EXACT_COUNT).op(0x50); // lastore
                code.aload(VALUES).pushInt(this, j).local(0x16, 0x1e, EXACT_COUNT).op(0x8a); // l2d
                code.local(0x18, 0x26, INV_N).op(0x6b).op(0x52);                          // dmul, dastore
            }
        }

        /** The stale nodes in tape order, each kept in a local and stored in values; the locals by node. */
        private Map<Integer, Integer> nodes(Code code, int[] nodes) throws IOException {
            Map<Integer, Integer> slotOf = new HashMap<>();
            for (int k = 0; k < nodes.length; k++) {
                int i = nodes[k];
                int op = tape.op(i);
                int a = tape.left(i);
                int b = tape.right(i);
                switch (op) {
                    case Tape.COORD -> code.aload(X).pushInt(this, a).op(0x31);
                    case Tape.ADD, Tape.SUB, Tape.MUL, Tape.DIV -> {
                        operand(code, slotOf, a);
                        operand(code, slotOf, b);
                        code.op(switch (op) {
                            case Tape.ADD -> 0x63;
                            case Tape.SUB -> 0x67;
                            case Tape.MUL -> 0x6b;
                            default -> 0x6f;
                        });
                    }
                    case Tape.NEG -> {
                        operand(code, slotOf, a);
                        code.op(0x77);
                    }
                    case Tape.POWI -> power(code, slotOf, a, b, FIRST_NODE_SLOT + 2 * k);
                    case Tape.POWD -> {
                        operand(code, slotOf, a);
                        code.op(0x14).u2(doubleConstant(tape.constant(i)));
                        code.op(0xb8).u2(methodRef(classRef(MATH), "pow", "(DD)D"));
                    }
                    case Tape.EXP, Tape.LOG, Tape.SQRT -> {
                        operand(code, slotOf, a);
                        String name = op == Tape.EXP ? "exp" : op == Tape.LOG ? "log" : "sqrt";
                        code.op(0xb8).u2(methodRef(classRef(MATH), name, "(D)D"));
                    }
                    case Tape.MIN, Tape.MAX -> {
                        operand(code, slotOf, a);
                        operand(code, slotOf, b);
                        code.op(0xb8).u2(methodRef(classRef(MATH), op == Tape.MIN ? "min" : "max", "(DD)D"));
                    }
                    case Tape.SELECT -> {
                        operand(code, slotOf, a);
                        operand(code, slotOf, b);
                        operand(code, slotOf, tape.third(i));
                        code.op(0xb8).u2(methodRef(classRef(TAPE), "select", "(DDD)D"));
                    }
                    default -> throw new IllegalStateException("node " + i + " (operation " + op
                            + ") does not depend on the state; it cannot be stale");
                }
                int slot = FIRST_NODE_SLOT + 2 * k;
                slotOf.put(i, slot);
                code.local(0x39, 0x47, slot);                     // dstore
                code.aload(VALUES).pushInt(this, i);              // values, index
                code.local(0x18, 0x26, slot).op(0x52);           // dload, dastore
            }
            return slotOf;
        }

        /**
         * total += new − rates[ℓ]; rates[ℓ] = new; flag |= dcmpl(new, 0) (−1 for a negative or
         * NaN rate): the bookkeeping of {@link RateProgram#step}'s interpreted path with constant indices (the total
         * in a local, added to in the same order, so the same sum; no store and reload per rate).
         */
        private void rate(Code code, int l, int slot) throws IOException {
            code.local(0x18, 0x26, TOTAL).local(0x18, 0x26, slot);                   // total, new
            code.aload(RATES).pushInt(this, l).op(0x31).op(0x67).op(0x63);           // − rates[ℓ], +
            code.local(0x39, 0x47, TOTAL);
            code.aload(RATES).pushInt(this, l).local(0x18, 0x26, slot).op(0x52);
            code.local(0x18, 0x26, slot).op(0x0e).op(0x97);                          // dload, dconst_0, dcmpl
            code.local(0x15, 0x1a, NEGATIVE).op(0x80).local(0x36, 0x3b, NEGATIVE);   // iload, ior, istore
        }

        /**
         * base^exponent as {@link Tape#powInt} computes it, unrolled: 1 × base × base × … (the first product is
         * exact, so it starts from base), the base kept in this node's own slot. Large exponents call powInt.
         */
        private void power(Code code, Map<Integer, Integer> slotOf, int base, int exponent, int slot)
                throws IOException {
            operand(code, slotOf, base);
            if (exponent > 16 || exponent < 0) {
                code.pushInt(this, exponent).op(0xb8).u2(methodRef(classRef(TAPE), "powInt", "(DI)D"));
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

        /** A node recomputed earlier in this method is in a local; any other is read from the values array. */
        private void operand(Code code, Map<Integer, Integer> slotOf, int node) throws IOException {
            Integer slot = slotOf.get(node);
            if (slot != null) {
                code.local(0x18, 0x26, slot);
            } else {
                code.aload(VALUES).pushInt(this, node).op(0x31);
            }
        }

        private byte[] method(int access, String name, String descriptor, int maxStack, int maxLocals, byte[] code)
                throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeShort(access);
            out.writeShort(utf8(name));
            out.writeShort(utf8(descriptor));
            out.writeShort(1);
            out.writeShort(utf8("Code"));
            out.writeInt(12 + code.length);
            out.writeShort(maxStack);
            out.writeShort(maxLocals);
            out.writeInt(code.length);
            out.write(code);
            out.writeShort(0);   // exception table
            out.writeShort(0);   // attributes
            return bytes.toByteArray();
        }

        private int utf8(String s) throws IOException {
            Integer known = constants.get("U" + s);
            if (known != null) {
                return known;
            }
            pool.writeByte(1);
            pool.writeUTF(s);
            constants.put("U" + s, poolCount);
            return poolCount++;
        }

        private int classRef(String internalName) throws IOException {
            Integer known = constants.get("C" + internalName);
            if (known != null) {
                return known;
            }
            int name = utf8(internalName);
            pool.writeByte(7);
            pool.writeShort(name);
            constants.put("C" + internalName, poolCount);
            return poolCount++;
        }

        private int methodRef(int owner, String name, String descriptor) throws IOException {
            String key = "M" + owner + "." + name + descriptor;
            Integer known = constants.get(key);
            if (known != null) {
                return known;
            }
            int n = utf8(name);
            int d = utf8(descriptor);
            pool.writeByte(12);
            pool.writeShort(n);
            pool.writeShort(d);
            int nameAndType = poolCount++;
            pool.writeByte(10);
            pool.writeShort(owner);
            pool.writeShort(nameAndType);
            constants.put(key, poolCount);
            return poolCount++;
        }

        int intConstant(int value) throws IOException {
            String key = "I" + value;
            Integer known = constants.get(key);
            if (known != null) {
                return known;
            }
            pool.writeByte(3);
            pool.writeInt(value);
            constants.put(key, poolCount);
            return poolCount++;
        }

        private int longConstant(long value) throws IOException {
            return wideConstant(5, value);
        }

        private int doubleConstant(double value) throws IOException {
            return wideConstant(6, Double.doubleToLongBits(value));
        }

        /** A CONSTANT_Long (tag 5) or CONSTANT_Double (tag 6) entry holding these 64 bits; it takes two entries. */
        private int wideConstant(int tag, long bits) throws IOException {
            String key = tag + ":" + bits;
            Integer known = constants.get(key);
            if (known != null) {
                return known;
            }
            pool.writeByte(tag);
            pool.writeLong(bits);
            constants.put(key, poolCount);
            int index = poolCount;
            poolCount += 2;
            return index;
        }
    }

    /** A method's code being written. */
    private static final class Code {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Code op(int opcode) {
            bytes.write(opcode);
            return this;
        }

        Code u2(int v) {
            bytes.write(v >>> 8);
            bytes.write(v);
            return this;
        }

        Code u4(int v) {
            u2(v >>> 16);
            return u2(v & 0xffff);
        }

        int size() {
            return bytes.size();
        }

        /** The shortest push of an int constant (iconst, bipush, sipush, ldc/ldc_w). */
        Code pushInt(ClassWriter writer, int v) throws IOException {
            if (v >= -1 && v <= 5) {
                return op(0x03 + v);
            }
            if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                return op(0x10).op(v & 0xff);
            }
            if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                return op(0x11).u2(v & 0xffff);
            }
            int index = writer.intConstant(v);
            return index < 256 ? op(0x12).op(index) : op(0x13).u2(index);
        }

        /** aload of a slot: aload_n for slots 0..3, else aload n. */
        Code aload(int slot) {
            return local(0x19, 0x2a, slot);
        }

        /** A load or store of a slot: the one-byte form for slots 0..3, the two-byte form, or wide. */
        Code local(int opcode, int shortForm, int slot) {
            if (slot <= 3) {
                return op(shortForm + slot);
            }
            if (slot <= 255) {
                return op(opcode).op(slot);
            }
            return op(0xc4).op(opcode).u2(slot);
        }

        byte[] bytes() {
            return bytes.toByteArray();
        }
    }
}
