package org.queuelab.guard;

import java.util.Locale;

/**
 * Memory a piece of work would allocate, estimated before it starts and compared with the heap still available
 * (the JVM's maximum heap, {@link Runtime#maxMemory()}, minus what is in use now).
 * See {@code docs/robustness.md} ("Budgets before work").
 */
public final class Memory {

    /** Bytes of an object header plus a reference, the overhead counted per small object. */
    public static final long OBJECT_OVERHEAD = 16;

    private Memory() {
    }

    /**
     * Bytes of a {@code double[]} (or {@code long[]}) of {@code count} elements, header included.
     *
     * @param count number of elements, ≥ 0
     * @return the bytes, saturating at {@link Long#MAX_VALUE} (so a sum of estimates never wraps)
     * @throws IllegalArgumentException if count &lt; 0
     */
    public static long doubles(long count) {
        return bytes(count, Double.BYTES);
    }

    /**
     * Bytes of an {@code int[]} of {@code count} elements, header included.
     *
     * @param count number of elements, ≥ 0
     * @return the bytes, saturating at {@link Long#MAX_VALUE}
     * @throws IllegalArgumentException if count &lt; 0
     */
    public static long ints(long count) {
        return bytes(count, Integer.BYTES);
    }

    /**
     * Bytes of {@code count} objects of {@code eachBytes} bytes each, plus one {@link #OBJECT_OVERHEAD}.
     *
     * @param count     number of objects, ≥ 0
     * @param eachBytes bytes per object (header included), ≥ 0
     * @return the bytes, saturating at {@link Long#MAX_VALUE}
     * @throws IllegalArgumentException if either argument is negative
     */
    public static long objects(long count, long eachBytes) {
        return bytes(count, eachBytes);
    }

    /**
     * Sum of byte counts, saturating at {@link Long#MAX_VALUE} (a negative count also saturates: it can only come
     * from an overflowed estimate).
     *
     * @param bytes the byte counts to add
     * @return their sum in bytes, or {@link Long#MAX_VALUE}
     */
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

    /**
     * Heap still available for one piece of work: max heap minus the heap in use now, minus a reserve of an eighth
     * of the max heap (a large array needs contiguous regions, and the work allocates more than its main arrays: a
     * queue at 56 of 96 MiB free still ran out of heap without the reserve).
     *
     * @return the bytes available, ≥ 0
     */
    public static long available() {
        Runtime rt = Runtime.getRuntime();
        return Math.max(0, rt.maxMemory() - (rt.totalMemory() - rt.freeMemory()) - rt.maxMemory() / 8);
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
        if (bytes > available && bytes <= Runtime.getRuntime().maxMemory()) {
            System.gc();   // the heap in use counts garbage not yet collected: judge on the live heap only
            available = available();
        }
        if (bytes > available) {
            throw new IllegalArgumentException(what + " needs about " + mib(bytes) + " of heap; allowed: at most the "
                    + mib(available) + " available (maximum heap " + mib(Runtime.getRuntime().maxMemory())
                    + "). Use " + reduce + ", or raise the maximum heap with -Xmx");
        }
    }

    /**
     * Refuses an array of {@code count} doubles (or {@code copies} of them) beyond the Java array limit or the heap.
     *
     * @param what   the array and the sizes that drive it, for the message
     * @param count  elements of one array, 0 ≤ count ≤ {@link Sizes#MAX_ARRAY_LENGTH}
     * @param copies how many such arrays the work allocates, ≥ 1
     * @param reduce which parameter to lower, for the message
     * @return count as an array length
     * @throws IllegalArgumentException if one array exceeds the Java limit or all copies exceed the available heap
     */
    public static int requireDoubles(String what, long count, int copies, String reduce) {
        int length = Sizes.arrayLength(what, count);
        require(what, Sizes.multiply(what, copies, doubles(length)), reduce);
        return length;
    }

    /**
     * A new array of twice {@code held} doubles for a growing queue, refused beyond the heap: an overloaded system
     * grows its queue without bound, and the run stops with the size reached instead of an
     * {@link OutOfMemoryError}. The estimate is checked from 65 536 elements on (smaller queues cost nothing), and
     * an allocation that still fails (a large array needs contiguous heap) is refused with the same message.
     *
     * @param queue  the queue's name, for the message
     * @param held   jobs the queue holds now, ≥ 0
     * @param reduce which parameter to lower, for the message
     * @return a new, empty array of max(2·held, 2) doubles
     * @throws IllegalArgumentException if the doubled array exceeds the Java array limit or the available heap
     */
    public static double[] growQueue(String queue, long held, String reduce) {
        long doubled = Sizes.multiply(queue, 2, Math.max(held, 1));
        String what = queue + " holds " + held + " waiting jobs (the system is overloaded or the horizon long)";
        if (held >= 1 << 16) {
            require(what, doubles(doubled), reduce);
        }
        int length = Sizes.arrayLength(queue + " of " + doubled + " jobs", doubled);
        try {
            return new double[length];
        } catch (OutOfMemoryError e) {
            throw new IllegalArgumentException(what + " and could not grow to " + mib(doubles(doubled))
                    + " (maximum heap " + mib(Runtime.getRuntime().maxMemory()) + "). Use " + reduce
                    + ", or raise the maximum heap with -Xmx", e);
        }
    }

    /**
     * Runs an allocation of about {@code bytes} (checked first against the heap), refusing it as {@link #require}
     * does if the heap still runs out: a growing run stops with a message, its state before the growth intact.
     *
     * @param <T>        the type allocated
     * @param what       the work and its sizes, for the message
     * @param bytes      estimated bytes the allocation needs
     * @param reduce     which parameter to lower, for the message
     * @param allocation the allocation to run
     * @return what {@code allocation} returned
     * @throws IllegalArgumentException if {@code bytes} exceeds the available heap, or the allocation runs out of heap
     */
    public static <T> T allocate(String what, long bytes, String reduce, java.util.function.Supplier<T> allocation) {
        require(what, bytes, reduce);
        try {
            return allocation.get();
        } catch (OutOfMemoryError e) {
            throw new IllegalArgumentException(what + " could not allocate " + mib(bytes) + " (maximum heap "
                    + mib(Runtime.getRuntime().maxMemory()) + "). Use " + reduce
                    + ", or raise the maximum heap with -Xmx", e);
        }
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
