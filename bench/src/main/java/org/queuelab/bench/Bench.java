package org.queuelab.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Bench command entry point: {@code ./bench <group> [args]} runs one group, no argument runs every group.
 * Each benchmark prints its figures and ratios to a baseline measured in the same run.
 */
public final class Bench {

    private static final Map<String, Consumer<String[]>> GROUPS = new LinkedHashMap<>();

    static {
        GROUPS.put("ctmc", CtmcBench::main);
        GROUPS.put("des", DesBench::main);
        GROUPS.put("invariant", InvariantBench::main);
        GROUPS.put("meanfield", MeanFieldBench::main);
        GROUPS.put("native", NativeBench::main);
        GROUPS.put("peers", PeersBench::main);
    }

    private Bench() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            GROUPS.values().forEach(g -> g.accept(new String[0]));
            return;
        }
        Consumer<String[]> group = GROUPS.get(args[0]);
        if (group == null) {
            System.err.println("unknown bench group " + args[0] + "; allowed: " + GROUPS.keySet());
            System.exit(2);
        }
        group.accept(Arrays.copyOfRange(args, 1, args.length));
    }
}
