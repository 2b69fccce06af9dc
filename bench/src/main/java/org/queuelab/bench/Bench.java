package org.queuelab.bench;

/** Bench command entry point; each benchmark prints its figures and ratios to a baseline measured in the same run. */
public final class Bench {
    private Bench() {
    }

    public static void main(String[] args) {
        DesBench.main(args);
    }
}
