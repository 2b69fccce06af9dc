package org.queuelab.guard;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Writes a file so that a reader (or a run after a crash) sees either the old content or the whole new content,
 * never a part: the bytes go to a temporary file in the same directory, are forced to the device, and the temporary
 * file is renamed over the target (an atomic rename on POSIX file systems); the directory is then forced so the
 * rename itself survives a power loss. See {@code docs/robustness.md}.
 */
public final class AtomicFile {

    /** What writes the content. */
    @FunctionalInterface
    public interface Body {
        /**
         * Writes the whole content; closing {@code out} is allowed and does not end the atomic write.
         *
         * @param out the stream to the temporary file (buffered)
         * @throws IOException if writing fails; the target is then left unchanged
         */
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFile() {
    }

    /**
     * Writes {@code text} (UTF-8) to {@code target} atomically.
     *
     * @param target the file to replace or create; its parent directory is created if missing
     * @param text   the whole new content, not null
     * @throws UncheckedIOException naming the target when the file system refuses
     */
    public static void writeString(Path target, String text) {
        Objects.requireNonNull(text, "text");
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Writes what {@code body} produces to {@code target} atomically; the parent directory is created if missing.
     *
     * @param target the file to replace or create
     * @param body   writes the whole new content
     * @throws UncheckedIOException naming the target when the file system refuses
     */
    public static void write(Path target, Body body) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(body, "body");
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, "." + absolute.getFileName(), ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                OutputStream channel = Channels.newOutputStream(ch);
                OutputStream out = new java.io.BufferedOutputStream(new java.io.FilterOutputStream(channel) {
                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        channel.write(b, off, len);
                    }

                    @Override
                    public void close() throws IOException {
                        flush();   // a body that closes its writer (Tablesaw does) must not close the channel
                    }
                }, 1 << 16);
                body.writeTo(out);
                out.flush();
                ch.force(true);
            }
            try {
                Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
            forceDirectory(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + target + ": " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the temporary file is hidden and named after the target; nothing else refers to it
                }
            }
        }
    }

    /**
     * Forces a directory's entries (the rename) to the device where the platform allows it; silently does nothing
     * where it does not (Windows).
     *
     * @param dir the directory
     */
    public static void forceDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Windows cannot open a directory as a channel; its rename is durable on its own
        }
    }
}
