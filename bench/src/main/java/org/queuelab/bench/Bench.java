package org.queuelab.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Bench command entry point: {@code ./benchmark <group> [args]} runs one group, {@code --groups} lists them, no
 * argument runs every group in this JVM ({@code ./benchmark} with no argument starts one JVM per group instead, so
 * that no group's code shapes how the JIT compiles another's). Each benchmark prints its figures and ratios to a
 * baseline measured in the same run.
 */
public final class Bench {

    private static final Map<String, Consumer<String[]>> GROUPS = new LinkedHashMap<>();

    static {
        GROUPS.put("ctmc", CtmcBench::main);
        GROUPS.put("demand", DemandBench::main);
        GROUPS.put("des", DesBench::main);
        GROUPS.put("invariant", InvariantBench::main);
        GROUPS.put("meanfield", MeanFieldBench::main);
        GROUPS.put("sweep", SweepBench::main);
        GROUPS.put("native", NativeBench::main);
        GROUPS.put("peers", PeersBench::main);
        GROUPS.put("population", PopulationBench::main);
    }

    private Bench() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            GROUPS.values().forEach(g -> g.accept(new String[0]));
            return;
        }
        if (args[0].equals("--groups")) {
            System.out.println(String.join(" ", GROUPS.keySet()));
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
