package org.queuelab.sweep;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.queuelab.guard.AtomicFile;

/**
 * A sweep's results on disk, so that a rerun computes only what is missing. The directory holds
 * {@code sweep.properties} (what the results were made under: identity, seed, replications, parameter names,
 * variant axis) and {@code observations.csv}: one row {@code point,replication,metric,value} per metric (values
 * printed by {@link Double#toString}, which reads back to the same double), and after the rows of a point a commit
 * row {@code point,end,rows,<row count>}.
 *
 * <p>Crash safety (see {@code docs/robustness.md}): {@code sweep.properties} and the CSV header are written
 * atomically (temporary file, fsync, rename); a point is appended in one write with its commit row and forced to
 * the device when its last replication finishes. Rows after the last commit row (a run killed mid-write) are cut
 * off when the store is opened again, so a killed run loses at most the points in flight and a point is either
 * stored whole or not at all. A point committed twice (two runs on one store) is read once if both copies agree and
 * refused otherwise; a malformed row is refused with file, line, column and the expected form. One process at a
 * time: a second run on the same directory is refused while the first holds it. A store made under another
 * identity, seed, replication count or set of parameters is refused. A point's results depend only on its key (see
 * {@link Sweep#seed}), so a grid that gains points reuses the ones already stored.
 */
final class SweepStore implements AutoCloseable {

    private static final String FORMAT = "queuelab-sweep-2";
    private static final String HEADER = "point,replication,metric,value";
    private static final String COMMIT = "end";
    private static final String EXPECTED_ROW = "expected 'point,replication,metric,value' (replication a whole number"
            + " ≥ 0, value a number) or the commit row 'point,end,rows,<count>'";

    private final Path csv;
    private final Sweep sweep;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private SweepStore(Path csv, Sweep sweep, FileChannel lockChannel, FileLock lock) {
        this.csv = csv;
        this.sweep = sweep;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    static SweepStore open(Path directory, Sweep sweep) {
        for (Point p : sweep.grid().points()) {
            String key = p.key();
            if (key.contains(",") || key.contains("\n") || key.contains("\r")) {
                throw new IllegalArgumentException("point key = '" + key + "'; allowed: parameter values without ','"
                        + " or line breaks (a resumable sweep stores the key in CSV)");
            }
        }
        FileChannel lockChannel = null;
        try {
            Files.createDirectories(directory);
            lockChannel = FileChannel.open(directory.resolve(".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = lockChannel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                throw new IllegalStateException("sweep store " + directory + " is in use by another run (its .lock "
                        + "is held); wait for that run to finish, or use another directory");
            }
            Path props = directory.resolve("sweep.properties");
            Map<String, String> expected = fingerprint(sweep);
            if (Files.exists(props)) {
                String mismatch = mismatch(props, expected);
                if (mismatch != null) {
                    throw new MismatchException("sweep store " + directory + " holds results made with " + mismatch
                            + "; use another directory, or delete this one to start afresh");
                }
            } else {
                Properties p = new Properties();
                p.putAll(expected);
                StringWriter text = new StringWriter();
                p.store(text, "queuelab sweep: what the observations in observations.csv were computed under");
                AtomicFile.writeString(props, text.toString());
            }
            Path csv = directory.resolve("observations.csv");
            if (!Files.exists(csv)) {
                AtomicFile.writeString(csv, HEADER + "\n");
            }
            SweepStore store = new SweepStore(csv, sweep, lockChannel, lock);
            store.cutUncommittedTail();
            return store;
        } catch (IOException e) {
            closeQuietly(lockChannel);
            throw new UncheckedIOException("sweep store " + directory + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(lockChannel);
            throw e;
        }
    }

    /** The first fingerprint entry that differs, as "key = 'stored', this sweep has 'expected'", or null. */
    private static String mismatch(Path props, Map<String, String> expected) throws IOException {
        Properties found = new Properties();
        try (var in = Files.newBufferedReader(props, StandardCharsets.UTF_8)) {
            found.load(in);
        }
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String was = found.getProperty(e.getKey());
            if (!e.getValue().equals(was)) {
                return e.getKey() + " = '" + was + "', this sweep has '" + e.getValue() + "'";
            }
        }
        return null;
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing releases the lock; nothing else to undo
            }
        }
    }

    /** Releases the store's lock. */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // the channel's close below releases it too
        }
        closeQuietly(lockChannel);
    }

    /** A store made under another identity, seed, replication count, parameter set or variant axis. */
    static final class MismatchException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        MismatchException(String message) {
            super(message);
        }
    }

    /** A store whose rows cannot be read back; the message names file, line, column and the expected form. */
    static final class CorruptStoreException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        CorruptStoreException(String message) {
            super(message);
        }
    }

    /**
     * The number of complete points of {@code sweep} stored in {@code directory}, without changing it: 0 when there
     * is no store or it was made under something else.
     */
    static int completePoints(Path directory, Sweep sweep) {
        Path props = directory.resolve("sweep.properties");
        if (!Files.exists(props) || !Files.exists(directory.resolve("observations.csv"))) {
            return 0;
        }
        try {
            if (mismatch(props, fingerprint(sweep)) != null) {
                return 0;
            }
        } catch (IOException e) {
            return 0;
        }
        Observation[][] observed = new Observation[sweep.grid().size()][sweep.replications()];
        return new SweepStore(directory.resolve("observations.csv"), sweep, null, null).load(observed);
    }

    private static Map<String, String> fingerprint(Sweep sweep) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("format", FORMAT);
        f.put("identity", sweep.identity());
        f.put("seed", Long.toString(sweep.seed()));
        f.put("replications", Integer.toString(sweep.replications()));
        f.put("parameters", String.join(";", sweep.grid().names()));
        f.put("variantAxis", sweep.variantAxis() == null ? "" : sweep.variantAxis());
        long[] seeds = sweep.replicationSeeds();
        if (seeds != null) {   // only then: stores of derived-seed sweeps keep their fingerprint
            f.put("replicationSeeds", java.util.Arrays.stream(seeds).mapToObj(Long::toString)
                    .collect(java.util.stream.Collectors.joining(";")));
        }
        return f;
    }

    /** Cuts everything after the last commit row (the rows of a point whose write a killed run left unfinished). */
    private void cutUncommittedTail() throws IOException {
        byte[] bytes = Files.readAllBytes(csv);
        long keep = committedLength(bytes);
        if (keep < bytes.length) {
            try (FileChannel ch = FileChannel.open(csv, StandardOpenOption.WRITE)) {
                ch.truncate(keep);
                ch.force(true);
            }
        }
    }

    /** Bytes up to and including the header line or the last complete commit row. */
    private static long committedLength(byte[] bytes) {
        int lineStart = 0;
        long keep = 0;
        boolean header = true;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != '\n') {
                continue;
            }
            String line = new String(bytes, lineStart, i - lineStart, StandardCharsets.UTF_8);
            String[] f = line.split(",", -1);
            if (header || (f.length == 4 && COMMIT.equals(f[1]))) {
                keep = i + 1;
            }
            header = false;
            lineStart = i + 1;
        }
        return keep;
    }

    /** Fills {@code observed} with the committed points found on disk; returns how many points were reused. */
    int load(Observation[][] observed) {
        Map<String, Integer> index = new HashMap<>();
        List<Point> points = sweep.grid().points();
        for (int p = 0; p < points.size(); p++) {
            index.put(points.get(p).key(), p);
        }
        List<String> lines;
        try {
            byte[] bytes = Files.readAllBytes(csv);
            // rows after the last commit row are a write a killed run left unfinished: not read
            lines = new String(bytes, 0, (int) committedLength(bytes), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("sweep store " + csv + ": " + e.getMessage(), e);
        }
        if (lines.isEmpty()) {
            throw new CorruptStoreException("sweep store " + csv + " is empty; expected the header line '" + HEADER
                    + "'; delete the directory to start afresh");
        }
        if (!HEADER.equals(lines.get(0))) {
            throw new CorruptStoreException(csv + ":1:1: header '" + lines.get(0) + "'; expected '" + HEADER + "'");
        }
        Map<Integer, Map<Integer, Map<String, Double>>> committed = new HashMap<>();
        Map<Integer, Map<String, Double>> block = new LinkedHashMap<>();
        String blockKey = null;
        int blockRows = 0;
        for (int n = 1; n < lines.size(); n++) {
            String line = lines.get(n);
            String[] f = line.split(",", -1);
            if (f.length != 4) {
                throw corrupt(n, 1, line, "a row of " + f.length + " fields");
            }
            if (blockKey != null && !blockKey.equals(f[0])) {
                throw corrupt(n, 1, line, "a row of point '" + f[0] + "' inside the uncommitted rows of point '"
                        + blockKey + "'");
            }
            blockKey = f[0];
            if (COMMIT.equals(f[1])) {
                long count = parseLong(n, f, 3, line);
                if (!"rows".equals(f[2]) || count != blockRows) {
                    throw corrupt(n, f[0].length() + f[1].length() + 3, line, "a commit row for " + blockRows
                            + " rows");
                }
                Integer p = index.get(f[0]);
                if (p != null) {  // a point no longer in the grid: kept on disk, not used
                    commit(p, block, committed, n, line);
                }
                block = new LinkedHashMap<>();
                blockKey = null;
                blockRows = 0;
                continue;
            }
            int replication = (int) parseLong(n, f, 1, line);
            if (replication < 0 || (index.containsKey(f[0]) && replication >= sweep.replications())) {
                throw corrupt(n, f[0].length() + 2, line, "replication " + replication + " (this sweep has "
                        + sweep.replications() + ")");
            }
            double value = parseDouble(n, f, 3, line);
            block.computeIfAbsent(replication, k -> new LinkedHashMap<>()).put(f[2], value);
            blockRows++;
        }
        int reused = 0;
        for (Map.Entry<Integer, Map<Integer, Map<String, Double>>> e : committed.entrySet()) {
            for (Map.Entry<Integer, Map<String, Double>> r : e.getValue().entrySet()) {
                observed[e.getKey()][r.getKey()] = new Observation(e.getKey(), r.getKey(), r.getValue());
            }
            reused++;
        }
        return reused;
    }

    private void commit(int p, Map<Integer, Map<String, Double>> block,
            Map<Integer, Map<Integer, Map<String, Double>>> committed, int n, String line) {
        if (block.size() != sweep.replications()) {
            throw corrupt(n, 1, line, "a point committed with " + block.size() + " of its " + sweep.replications()
                    + " replications");
        }
        Map<Integer, Map<String, Double>> before = committed.putIfAbsent(p, block);
        if (before != null && !before.equals(block)) {
            throw corrupt(n, 1, line, "point '" + sweep.grid().points().get(p).key() + "' committed a second time "
                    + "with other values");
        }
    }

    private long parseLong(int n, String[] f, int field, String line) {
        try {
            return Long.parseLong(f[field]);
        } catch (NumberFormatException e) {
            throw corrupt(n, column(f, field), line, "'" + f[field] + "' where a whole number belongs");
        }
    }

    private double parseDouble(int n, String[] f, int field, String line) {
        try {
            return Double.parseDouble(f[field]);
        } catch (NumberFormatException e) {
            throw corrupt(n, column(f, field), line, "'" + f[field] + "' where a number belongs");
        }
    }

    private static int column(String[] f, int field) {
        int c = 1;
        for (int i = 0; i < field; i++) {
            c += f[i].length() + 1;
        }
        return c;
    }

    private CorruptStoreException corrupt(int lineIndex, int column, String line, String found) {
        return new CorruptStoreException(csv + ":" + (lineIndex + 1) + ":" + column + ": " + found + " in row '"
                + line + "'; " + EXPECTED_ROW + ". The store was not written by this version or was edited; "
                + "delete the directory to start afresh");
    }

    /** Appends one finished point and its commit row in a single write, forced to the device. */
    synchronized void append(Point point, Observation[] replications) {
        StringBuilder sb = new StringBuilder();
        int[] rows = {0};
        for (Observation o : replications) {
            if (o.values().isEmpty()) {
                throw new IllegalArgumentException("experiment result at point " + point + ", replication "
                        + o.replication() + " has no metric; allowed: at least one (a resumable sweep stores rows)");
            }
            o.values().forEach((metric, value) -> {
                if (metric.contains(",") || metric.contains("\n") || metric.contains("\r")) {
                    throw new IllegalArgumentException("metric = '" + metric
                            + "'; allowed: a name without ',' or line breaks (resumable sweeps store it in CSV)");
                }
                sb.append(point.key()).append(',').append(o.replication()).append(',').append(metric).append(',')
                        .append(Double.toString(value)).append('\n');
                rows[0]++;
            });
        }
        sb.append(point.key()).append(',').append(COMMIT).append(",rows,").append(rows[0]).append('\n');
        ByteBuffer buffer = ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8));
        try (FileChannel ch = FileChannel.open(csv, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            while (buffer.hasRemaining()) {
                ch.write(buffer);
            }
            ch.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("sweep store " + csv + ": " + e.getMessage(), e);
        }
    }
}
