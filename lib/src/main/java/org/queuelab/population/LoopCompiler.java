package org.queuelab.population;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.queuelab.population.ClassFileBuilder.Code;

/**
 * Generates a model's Gillespie event loop as one method (docs/population.md §4): the holding time, the draw's scan
 * in decreasing order of the rates, and the event of every transition in its hot set written inline (the same code
 * as {@link RateCompiler}'s per-transition methods, the total kept in a local), so the loop's state stays in
 * registers and no call is made per event. It runs events until something needs the caller: the random numbers
 * drawn ahead or the event budget are used up ({@link #DRAWN_OUT}), the next event lies past the horizon, a grid time
 * or the warm-up's end ({@link #TIME}, the event not begun), the transition drawn is not in the hot set
 * ({@link #PENDING}: the caller makes it), the scan ran past every rate by rounding ({@link #SCAN_PAST}), a count
 * or a rate went bad ({@link #FAILED}), or the total is due to be summed again ({@link #RESUM}). Each event is the
 * arithmetic of {@link GillespieRun}'s own path in the same order, so a seed gives the same run whichever path made
 * its events.
 *
 * <p>The hot set is chosen once per simulator, from the rates of a run past its warm-up and its first 2¹⁶ events with
 * {@link RateProgram#LOOP_WORTH} events still ahead: the transitions in decreasing order of rate, as many as fit
 * below the JIT's 8000-byte limit on a compiled method (a longer method would run interpreted); transitions whose
 * events change a non-affine observable stay with the caller. SQ(2) with B = 20, λ = 0.9: 21 of its 40 transitions
 * (arrivals up to level 13, departures from levels 1 to 7), ≈ 7.5 kB. When those that fit carry less than 90 % of
 * the total rate, no loop is generated (the model's events go through the per-transition code, as before). The loop
 * writes no coordinates x (the caller derives them from the counts when it shows them) and keeps in locals only the
 * nodes nothing reads from the values array.
 */
final class LoopCompiler {

    /** The generated loop: runs events from the state in these arrays, see the class comment. */
    interface EventLoop {
        /**
         * Runs events until one of the exits of {@link LoopCompiler}.
         *
         * @param io in: time, total rate, epoch start, 1/N, N, horizon, the soft bound (next grid time, and the
         *           warm-up's end before it), the total below which it is summed again; out: time, total, and at 8
         *           the rate of the transition last drawn
         * @param ii in: the next draw, the draws it may use (up to, exclusive), events since the last sum; out: the
         *           next draw, events since the last sum, and at 3 the transition last drawn
         * @return the exit: {@link #DRAWN_OUT}, {@link #TIME}, {@link #PENDING}, {@link #SCAN_PAST},
         *         {@link #FAILED} or {@link #RESUM}
         */
        int run(int[] counts, double[] x, long[] exactCounts, double[] values, double[] rates,
                double[] epochCorrection, int[] order, double[] draws, double[] io, int[] ii);
    }

    static final int DRAWN_OUT = 0;
    static final int TIME = 1;
    static final int PENDING = 2;
    static final int SCAN_PAST = 3;
    static final int FAILED = 4;
    static final int RESUM = 5;

    /** Bytes the generated method may take: below HotSpot's HugeMethodLimit (8000), with room for rounding. */
    private static final int MAX_BYTES = 7900;
    private static final String RUN = "([I[D[J[D[D[D[I[D[D[I)I";
    // locals: this, the ten arguments, then the loop's scalars, then an event's scratch
    private static final int COUNTS = 1;
    private static final int X = 2;
    private static final int EXACT = 3;
    private static final int VALUES = 4;
    private static final int RATES = 5;
    private static final int EPOCH_CORRECTION = 6;
    private static final int ORDER = 7;
    private static final int DRAWS = 8;
    private static final int IO = 9;
    private static final int II = 10;
    private static final int T = 12;
    private static final int TOTAL = 14;
    private static final int EPOCH_START = 16;
    private static final int INV_N = 18;
    private static final int N = 20;
    private static final int BOUND = 22;
    private static final int FLOOR = 24;
    private static final int DRAW = 28;
    private static final int LIMIT = 29;
    private static final int SINCE_RESUM = 30;
    private static final int CHOSEN = 31;
    private static final int U = 32;
    private static final int RATE = 34;
    private static final int SCAN = 36;
    private static final int T_NEXT = 37;
    private static final int EXIT = 39;
    private static final RateCompiler.Slots EVENT = new RateCompiler.Slots(COUNTS, X, EXACT, VALUES, RATES,
            EPOCH_CORRECTION, 40, INV_N, 42, 43, 44, TOTAL, 46);

    private LoopCompiler() {
    }

    /**
     * The event loop of this program with the transitions of {@code byRate} (in decreasing order of rate) inline as
     * far as they fit; null when those that fit carry less than 90 % of {@code rates}' total (the loop would hand
     * most events back).
     */
    static EventLoop compile(RateProgram program, int[] byRate, double[] rates, int resumEvery) {
        try {
            ClassFileBuilder file = new ClassFileBuilder("org/queuelab/population/CompiledLoop");
            RateCompiler.EventWriter events = new RateCompiler.EventWriter(program, file);
            List<Integer> hot = new ArrayList<>();
            List<Code> bodies = new ArrayList<>();
            int bytes = 400;   // the loop around the events, with margin
            int maxLocals = EVENT.firstNode();
            double total = 0;
            double covered = 0;
            for (double r : rates) {
                total += r;
            }
            for (int l : byRate) {
                if (!program.compiled[l] || program.staleObservables[l].length > 0) {
                    continue;
                }
                Code body = new Code();
                events.event(body, l, EVENT, false, true);
                if (bytes + body.size() + 3 + 8 > MAX_BYTES) {
                    break;
                }
                bytes += body.size() + 3 + 8;
                hot.add(l);
                bodies.add(body);
                covered += rates[l];
                maxLocals = Math.max(maxLocals, events.maxLocals(l, EVENT));
            }
            Code code = hot.isEmpty() ? null : loop(file, hot, bodies, resumEvery);
            while (code != null && code.size() >= 8000) {   // a sparse tableswitch took more than the estimate
                int last = hot.size() - 1;
                covered -= rates[hot.remove(last)];
                bodies.remove(last);
                code = hot.isEmpty() ? null : loop(file, hot, bodies, resumEvery);
            }
            if (code == null || !(covered >= 0.9 * total)) {
                return null;
            }
            file.method(0x0001, "run", RUN, 12, maxLocals, code);
            return file.instantiate(EventLoop.class, "the event loop");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The method's code: prologue, the loop with the hot events inline in a switch ({@link #events}), the exits. */
    private static Code loop(ClassFileBuilder file, List<Integer> hot, List<Code> bodies, int resumEvery)
            throws IOException {
        Code c = new Code();
        int infinity = file.doubleConstant(Double.POSITIVE_INFINITY);
        int[] scalars = {T, TOTAL, EPOCH_START, INV_N, N, BOUND, FLOOR};
        for (int k = 0; k < scalars.length; k++) {
            c.aload(IO).pushInt(file, k).op(0x31);                                  // daload
            dstore(c, scalars[k]);
        }
        int[] counters = {DRAW, LIMIT, SINCE_RESUM};
        for (int k = 0; k < counters.length; k++) {
            c.aload(II).pushInt(file, k).op(0x2e);                                  // iaload
            istore(c, counters[k]);
        }
        c.op(0x0e);
        dstore(c, RATE);                                                           // rate = 0
        c.op(0x02);
        istore(c, CHOSEN);                                                         // chosen = −1
        Label top = new Label();
        Label infinite = new Label();
        Label check = new Label();
        Label scan = new Label();
        Label found = new Label();
        Label after = new Label();
        Label epilogue = new Label();
        Label[] exits = new Label[6];
        for (int k = 0; k < exits.length; k++) {
            exits[k] = new Label();
        }
        // tNext = total > 0 ? t + e / (N × total) : ∞, the event only if tNext < horizon and tNext ≤ soft bound
        top.place(c);
        iload(c, DRAW);
        iload(c, LIMIT);
        branch(c, 0xa2, exits[DRAWN_OUT]);                                          // if_icmpge
        dload(c, TOTAL);
        c.op(0x0e).op(0x97);                                                       // dconst_0, dcmpl
        branch(c, 0x9e, infinite);                                                 // ifle
        dload(c, T);
        c.aload(DRAWS);
        iload(c, DRAW);
        c.op(0x04).op(0x78).op(0x31);                                              // iconst_1, ishl: 2 × draw
        dload(c, N);
        dload(c, TOTAL);
        c.op(0x6b).op(0x6f).op(0x63);                                              // dmul, ddiv, dadd
        dstore(c, T_NEXT);
        branch(c, 0xa7, check);                                                    // goto
        infinite.place(c);
        c.op(0x14).u2(infinity);
        dstore(c, T_NEXT);
        check.place(c);
        dload(c, T_NEXT);
        dload(c, BOUND);
        c.op(0x98);                                                                // dcmpg
        branch(c, 0x9c, exits[TIME]);                                              // ifge
        dload(c, T_NEXT);
        dstore(c, T);
        // u = uniform × total; scan the rates in the draw's order until u < 0
        c.aload(DRAWS);
        iload(c, DRAW);
        c.op(0x04).op(0x78).op(0x04).op(0x60).op(0x31);                            // 2 × draw + 1
        dload(c, TOTAL);
        c.op(0x6b);
        dstore(c, U);
        c.op(0x84).op(DRAW).op(1);                                                 // iinc draw 1
        c.op(0x03);
        istore(c, SCAN);
        scan.place(c);
        iload(c, SCAN);
        c.aload(ORDER).op(0xbe);                                                   // arraylength
        branch(c, 0xa2, exits[SCAN_PAST]);
        c.aload(ORDER);
        iload(c, SCAN);
        c.op(0x2e);
        istore(c, CHOSEN);
        c.aload(RATES);
        iload(c, CHOSEN);
        c.op(0x31);
        dstore(c, RATE);
        dload(c, U);
        dload(c, RATE);
        c.op(0x67);                                                                // dsub
        dstore(c, U);
        dload(c, U);
        c.op(0x0e).op(0x98);
        branch(c, 0x9b, found);                                                    // iflt
        c.op(0x84).op(SCAN).op(1);
        branch(c, 0xa7, scan);
        found.place(c);
        dload(c, T);
        dload(c, EPOCH_START);
        c.op(0x67);
        dstore(c, EVENT.sinceEpoch());
        iload(c, CHOSEN);
        events(c, hot, bodies, exits[PENDING], after);
        after.place(c);
        iload(c, EVENT.negative());
        branch(c, 0x9b, exits[FAILED]);
        dload(c, TOTAL);
        c.op(0x14).u2(infinity).op(0x98);
        branch(c, 0x9c, exits[FAILED]);
        c.op(0x84).op(SINCE_RESUM).op(1);
        iload(c, SINCE_RESUM);
        c.pushInt(file, resumEvery);
        branch(c, 0x9f, exits[RESUM]);                                             // if_icmpeq
        dload(c, TOTAL);
        dload(c, FLOOR);
        c.op(0x98);
        branch(c, 0x9b, exits[RESUM]);
        branch(c, 0xa7, top);
        for (int k = 0; k < exits.length; k++) {
            exits[k].place(c);
            c.pushInt(file, k);
            istore(c, EXIT);
            branch(c, 0xa7, epilogue);
        }
        epilogue.place(c);
        int[] out = {T, TOTAL};
        for (int k = 0; k < out.length; k++) {
            c.aload(IO).pushInt(file, k);
            dload(c, out[k]);
            c.op(0x52);                                                            // dastore
        }
        c.aload(IO).pushInt(file, 7);
        dload(c, RATE);
        c.op(0x52);
        int[][] ints = {{0, DRAW}, {2, SINCE_RESUM}, {3, CHOSEN}};
        for (int[] e : ints) {
            c.aload(II).pushInt(file, e[0]);
            iload(c, e[1]);
            c.op(0x4f);                                                            // iastore
        }
        iload(c, EXIT);
        c.op(0xac);
        return c;
    }

    /**
     * A switch on the transition (on the stack): each hot one's event, then to {@code after}; any other to
     * {@code pending}. A tableswitch over the hot transitions' range (a jump table), a lookupswitch where that range
     * is more than four times their number.
     */
    private static void events(Code c, List<Integer> hot, List<Code> bodies, Label pending, Label after) {
        int low = hot.stream().mapToInt(Integer::intValue).min().orElseThrow();
        int high = hot.stream().mapToInt(Integer::intValue).max().orElseThrow();
        boolean table = high - low + 1 <= 4 * hot.size();
        int switchAt = c.size();
        c.op(table ? 0xaa : 0xab);
        while (c.size() % 4 != 0) {
            c.op(0);
        }
        int defaultAt = c.size();
        Map<Integer, Integer> offsetAt = new HashMap<>();
        if (table) {
            c.u4(0).u4(low).u4(high);
            for (int key = low; key <= high; key++) {
                if (hot.contains(key)) {
                    offsetAt.put(key, c.size());
                } else {
                    pending.uses.add(new int[] {switchAt, c.size(), 4});
                }
                c.u4(0);
            }
        } else {
            c.u4(0).u4(hot.size());
            for (int key : hot.stream().sorted().toList()) {
                c.u4(key);
                offsetAt.put(key, c.size());
                c.u4(0);
            }
        }
        pending.uses.add(new int[] {switchAt, defaultAt, 4});
        for (int k = 0; k < hot.size(); k++) {
            c.patch4(offsetAt.get(hot.get(k)), c.size() - switchAt);
            c.append(bodies.get(k));
            branch(c, 0xa7, after);
        }
    }

    /** A branch target: its offset once placed, and the branches to patch then. */
    private static final class Label {
        private int at = -1;
        /** Per use: the branch instruction's offset, where its operand is, and the operand's width. */
        private final List<int[]> uses = new ArrayList<>();

        void place(Code c) {
            at = c.size();
            for (int[] use : uses) {
                if (use[2] == 4) {
                    c.patch4(use[1], at - use[0]);
                } else {
                    c.patch2(use[1], at - use[0]);
                }
            }
        }
    }

    /** A branch (opcode with a 2-byte offset) to {@code target}, patched later if it lies ahead. */
    private static void branch(Code c, int opcode, Label target) {
        int from = c.size();
        c.op(opcode);
        if (target.at >= 0) {
            c.u2(target.at - from);
        } else {
            target.uses.add(new int[] {from, c.size(), 2});
            c.u2(0);
        }
    }

    private static void dload(Code c, int slot) {
        c.local(0x18, 0x26, slot);
    }

    private static void dstore(Code c, int slot) {
        c.local(0x39, 0x47, slot);
    }

    private static void iload(Code c, int slot) {
        c.local(0x15, 0x1a, slot);
    }

    private static void istore(Code c, int slot) {
        c.local(0x36, 0x3b, slot);
    }
}
