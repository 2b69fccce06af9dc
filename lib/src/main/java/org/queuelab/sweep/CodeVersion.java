package org.queuelab.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * A digest of the library's compiled classes ({@code org/queuelab/**.class}, without the Spark module's), the same
 * whether they are read from the library's jar, the Spark job jar that shades it, or a classes folder: stores of
 * {@link Study} results record it, so results made by other code are recomputed, never reused.
 */
final class CodeVersion {

    private static final String PREFIX = "org/queuelab/";
    private static final String EXCLUDED = "org/queuelab/spark/";
    private static volatile String digest;

    private CodeVersion() {
    }

    /** The first 16 hex digits of the SHA-256 over the classes' names and bytes, in name order. */
    static String digest() {
        String d = digest;
        if (d == null) {
            d = compute();
            digest = d;
        }
        return d;
    }

    private static String compute() {
        try {
            Path source = Path.of(CodeVersion.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Map<String, byte[]> classes = Files.isDirectory(source) ? fromDirectory(source) : fromJar(source);
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            classes.forEach((name, bytes) -> {
                sha.update(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sha.update(bytes);
            });
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the library's classes to fingerprint a study store", e);
        } catch (URISyntaxException | NoSuchAlgorithmException | SecurityException e) {
            throw new IllegalStateException("cannot fingerprint the library's classes: " + e.getMessage(), e);
        }
    }

    private static Map<String, byte[]> fromJar(Path jar) throws IOException {
        Map<String, byte[]> classes = new TreeMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry e : java.util.Collections.list(file.entries())) {
                if (counts(e.getName())) {
                    try (InputStream in = file.getInputStream(e)) {
                        classes.put(e.getName(), in.readAllBytes());
                    }
                }
            }
        }
        return classes;
    }

    private static Map<String, byte[]> fromDirectory(Path root) throws IOException {
        Map<String, byte[]> classes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                String name = root.relativize(p).toString().replace(java.io.File.separatorChar, '/');
                if (counts(name)) {
                    classes.put(name, Files.readAllBytes(p));
                }
            }
        }
        return classes;
    }

    private static boolean counts(String name) {
        return name.startsWith(PREFIX) && !name.startsWith(EXCLUDED) && name.endsWith(".class");
    }
}
