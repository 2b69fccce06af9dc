package org.queuelab.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import org.apache.spark.sql.SparkSession;

/**
 * The Spark session of a queuelab job: the master that {@code spark-submit} set ({@code spark.master}), else
 * {@code local[*]}. A standalone master ({@code spark://HOST:PORT}, or several for high availability) is checked
 * for reachability first, so that a wrong URL fails within seconds naming the URL, instead of after Spark's
 * registration retries (docs/spark.md).
 */
public final class Cluster {

    /** How long a standalone master may take to accept a connection. */
    public static final int CONNECT_TIMEOUT_MILLIS = 5_000;

    private Cluster() {
    }

    /** The session for a job named {@code appName}. */
    public static SparkSession session(String appName) {
        SparkSession.Builder builder = SparkSession.builder().appName(appName);
        String master = System.getProperty("spark.master");
        if (master == null) {
            builder.master("local[*]");
        } else {
            requireReachable(master);
        }
        return builder.getOrCreate();
    }

    /**
     * Refuses a standalone master URL none of whose hosts accepts a connection within
     * {@link #CONNECT_TIMEOUT_MILLIS}; other masters (local, yarn, k8s) are left to Spark.
     *
     * @throws IllegalArgumentException naming the URL and what was tried
     */
    public static void requireReachable(String masterUrl) {
        if (!masterUrl.startsWith("spark://")) {
            return;
        }
        List<String> failures = new ArrayList<>();
        for (String hostPort : masterUrl.substring("spark://".length()).split(",")) {
            URI uri;
            try {
                uri = URI.create("spark://" + hostPort.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Spark master URL " + masterUrl + " is malformed at '" + hostPort
                        + "'; allowed: spark://HOST:PORT[,HOST:PORT…]", e);
            }
            if (uri.getHost() == null || uri.getPort() < 0) {
                throw new IllegalArgumentException("Spark master URL " + masterUrl + " has no host and port in '"
                        + hostPort + "'; allowed: spark://HOST:PORT[,HOST:PORT…]");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), CONNECT_TIMEOUT_MILLIS);
                return;
            } catch (IOException e) {
                failures.add(hostPort + ": " + e.getMessage());
            }
        }
        throw new IllegalArgumentException("Spark master " + masterUrl + " is unreachable (" + String.join("; ",
                failures) + ", " + CONNECT_TIMEOUT_MILLIS / 1000 + " s timeout): check the URL and that the master"
                + " is running (its web UI lists the URL on its first line)");
    }
}
