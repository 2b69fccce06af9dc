package org.queuelab.guard;

import java.util.Locale;

/**
 * Memory a piece of work would allocate, estimated before it starts and compared with the heap still available
 * (the JVM's maximum heap, {@link Runtime#maxMemory()}, minus what is in use now).
 */
public final class Memory {

    /** Bytes of an object header plus a reference, the overhead counted per small object. */
    public static final long OBJECT_OVERHEAD = 16;

    private Memory() {
    }

    /** Bytes of a {@code double[]} (or {@code long[]}) of {@code count} elements, saturating at Long.MAX_VALUE. */
    public static long doubles(long count) {
        return bytes(count, Double.BYTES);
    }

    /** Bytes of an {@code int[]} of {@code count} elements, saturating. */
    public static long ints(long count) {
        return bytes(count, Integer.BYTES);
    }

    /** Bytes of {@code count} objects of {@code eachBytes} bytes (header included), saturating. */
    public static long objects(long count, long eachBytes) {
        return bytes(count, eachBytes);
    }

    /** Saturating sum of byte counts. */
    public static long sum(long... bytes) {
        long total = 0;
        for (long b : bytes) {
            if (b < 0 || total > Long.MAX_VALUE - b) {
                return Long.MAX_VALUE;
            }
            total += b;
        }
        return total;
    }

    /** Heap still available: max heap minus the heap in use now. */
    public static long available() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /**
     * Refuses work that needs more than the available heap.
     *
     * @param what    the work and the sizes that drive it, e.g. "occupancy grid of 1000000001 points"
     * @param bytes   estimated bytes it allocates
     * @param reduce  which parameter to lower, e.g. "a coarser grid step"
     * @throws IllegalArgumentException naming the need, the available and maximum heap, and how to proceed
     */
    public static void require(String what, long bytes, String reduce) {
        long available = available();
        if (bytes > available) {
            throw new IllegalArgumentException(what + " needs about " + mib(bytes) + " of heap; allowed: at most the "
                    + mib(available) + " available (maximum heap " + mib(Runtime.getRuntime().maxMemory())
                    + "). Use " + reduce + ", or raise the maximum heap with -Xmx");
        }
    }

    /**
     * Refuses an array of {@code count} doubles (or {@code copies} of them) beyond the Java array limit or the heap.
     *
     * @return count as an array length
     */
    public static int requireDoubles(String what, long count, int copies, String reduce) {
        int length = Sizes.arrayLength(what, count);
        require(what, Sizes.multiply(what, copies, doubles(length)), reduce);
        return length;
    }

    static String mib(long bytes) {
        if (bytes == Long.MAX_VALUE) {
            return "more than 8 EiB";
        }
        return String.format(Locale.ROOT, "%.0f MiB", bytes / 1048576.0);
    }

    private static long bytes(long count, long each) {
        if (count < 0 || each < 0) {
            throw new IllegalArgumentException("count = " + count + ", bytes each = " + each + "; allowed: ≥ 0");
        }
        if (each > 0 && count > (Long.MAX_VALUE - OBJECT_OVERHEAD) / each) {
            return Long.MAX_VALUE;
        }
        return OBJECT_OVERHEAD + count * each;
    }
}
