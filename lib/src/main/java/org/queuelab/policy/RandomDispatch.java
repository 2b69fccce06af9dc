package org.queuelab.policy;

/** Each job joins a server chosen uniformly at random (among the servers that can take jobs). */
public record RandomDispatch() implements Dispatch {

    @Override
    public Kind kind() {
        return Kind.UNIFORM;
    }

    /** Random is Power-of-1. */
    @Override
    public int d() {
        return 1;
    }

    @Override
    public String label() {
        return "Random";
    }
}
