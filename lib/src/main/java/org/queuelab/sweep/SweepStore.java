package org.queuelab.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A sweep's results on disk, so that a rerun computes only what is missing. The directory holds
 * {@code sweep.properties} (what the results were made under: identity, seed, replications, parameter names,
 * variant axis) and {@code observations.csv} (point key, replication, metric, value — one row per metric, values
 * printed by {@link Double#toString}, which reads back to the same double).
 *
 * <p>A point is appended in one write, and flushed to the device, when its last replication finishes; a run that is
 * killed loses at most the points in flight, and a torn last line is cut off when the store is opened again. A
 * store made under another identity, seed, replication count or set of parameters is refused. A point's results
 * depend only on its key (see {@link Sweep#seed}), so a grid that gains points reuses the ones already stored.
 */
final class SweepStore {

    private static final String FORMAT = "queuelab-sweep-1";
    private static final String HEADER = "point,replication,metric,value\n";

    private final Path csv;
    private final Sweep sweep;

    private SweepStore(Path csv, Sweep sweep) {
        this.csv = csv;
        this.sweep = sweep;
    }

    static SweepStore open(Path directory, Sweep sweep) {
        try {
            Files.createDirectories(directory);
            Path props = directory.resolve("sweep.properties");
            Map<String, String> expected = fingerprint(sweep);
            if (Files.exists(props)) {
                Properties found = new Properties();
                try (var in = Files.newBufferedReader(props, StandardCharsets.UTF_8)) {
                    found.load(in);
                }
                for (Map.Entry<String, String> e : expected.entrySet()) {
                    String was = found.getProperty(e.getKey());
                    if (!e.getValue().equals(was)) {
                        throw new MismatchException("sweep store " + directory + " holds results made with "
                                + e.getKey() + " = '" + was + "', this sweep has '" + e.getValue()
                                + "'; use another directory, or delete this one to start afresh");
                    }
                }
            } else {
                Properties p = new Properties();
                p.putAll(expected);
                try (var out = Files.newBufferedWriter(props, StandardCharsets.UTF_8)) {
                    p.store(out, "queuelab sweep: what the observations in observations.csv were computed under");
                }
            }
            Path csv = directory.resolve("observations.csv");
            if (!Files.exists(csv)) {
                Files.writeString(csv, HEADER, StandardCharsets.UTF_8);
            }
            cutTornTail(csv);
            return new SweepStore(csv, sweep);
        } catch (IOException e) {
            throw new UncheckedIOException("sweep store " + directory + ": " + e.getMessage(), e);
        }
    }

    /** A store made under another identity, seed, replication count, parameter set or variant axis. */
    static final class MismatchException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        MismatchException(String message) {
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
        Properties found = new Properties();
        try (var in = Files.newBufferedReader(props, StandardCharsets.UTF_8)) {
            found.load(in);
        } catch (IOException e) {
            return 0;
        }
        for (Map.Entry<String, String> e : fingerprint(sweep).entrySet()) {
            if (!e.getValue().equals(found.getProperty(e.getKey()))) {
                return 0;
            }
        }
        Observation[][] observed = new Observation[sweep.grid().size()][sweep.replications()];
        return new SweepStore(directory.resolve("observations.csv"), sweep).load(observed);
    }

    private static Map<String, String> fingerprint(Sweep sweep) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("format", FORMAT);
        f.put("identity", sweep.identity());
        f.put("seed", Long.toString(sweep.seed()));
        f.put("replications", Integer.toString(sweep.replications()));
        f.put("parameters", String.join(";", sweep.grid().names()));
        f.put("variantAxis", sweep.variantAxis() == null ? "" : sweep.variantAxis());
        return f;
    }

    /** Cuts a last line that a killed run left without its newline. */
    private static void cutTornTail(Path csv) throws IOException {
        byte[] bytes = Files.readAllBytes(csv);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n') {
            end--;
        }
        if (end < bytes.length) {
            try (FileChannel ch = FileChannel.open(csv, StandardOpenOption.WRITE)) {
                ch.truncate(end);
            }
        }
    }

    /** Fills {@code observed} with the complete points found on disk; returns how many points were reused. */
    int load(Observation[][] observed) {
        Map<String, Integer> index = new HashMap<>();
        List<Point> points = sweep.grid().points();
        for (int p = 0; p < points.size(); p++) {
            index.put(points.get(p).key(), p);
        }
        Map<Integer, Map<Integer, Map<String, Double>>> rows = new HashMap<>();
        try {
            List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",", -1);
                Integer p = index.get(f[0]);
                if (f.length != 4 || p == null) {
                    continue;  // a point no longer in the grid: kept on disk, not used
                }
                rows.computeIfAbsent(p, k -> new HashMap<>())
                        .computeIfAbsent(Integer.parseInt(f[1]), k -> new LinkedHashMap<>())
                        .put(f[2], Double.parseDouble(f[3]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("sweep store " + csv + ": " + e.getMessage(), e);
        }
        int reused = 0;
        for (Map.Entry<Integer, Map<Integer, Map<String, Double>>> e : rows.entrySet()) {
            Map<Integer, Map<String, Double>> reps = e.getValue();
            if (reps.size() != sweep.replications()) {
                continue;
            }
            for (Map.Entry<Integer, Map<String, Double>> r : reps.entrySet()) {
                observed[e.getKey()][r.getKey()] = new Observation(e.getKey(), r.getKey(), r.getValue());
            }
            reused++;
        }
        return reused;
    }

    /** Appends one finished point in a single write, forced to the device. */
    synchronized void append(Point point, Observation[] replications) {
        StringBuilder sb = new StringBuilder();
        for (Observation o : replications) {
            o.values().forEach((metric, value) -> {
                if (metric.contains(",") || metric.contains("\n")) {
                    throw new IllegalArgumentException("metric = '" + metric
                            + "'; allowed: a name without ',' or line breaks (resumable sweeps store it in CSV)");
                }
                sb.append(point.key()).append(',').append(o.replication()).append(',').append(metric).append(',')
                        .append(Double.toString(value)).append('\n');
            });
        }
        try (FileChannel ch = FileChannel.open(csv, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(java.nio.ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8)));
            ch.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("sweep store " + csv + ": " + e.getMessage(), e);
        }
    }
}
