import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.logging.LogManager;

import org.rapaio.jupyter.kernel.MainApp;
import org.rapaio.jupyter.kernel.channels.Channels;
import org.rapaio.jupyter.kernel.channels.LoopThread;
import org.rapaio.jupyter.kernel.core.ConnectionProperties;
import org.rapaio.jupyter.kernel.core.Transform;

/**
 * Starts rapaio-jupyter-kernel 3.0.1 like its {@code MainApp}, without its two start-up races
 * (shared/specs/toolchain.md, "rapaio 3.0.1 start-up races"). kernel.json runs it with Java's single-file source
 * launcher, so it needs no build step. It reads private fields of rapaio 3.0.1 and is tied to that version.
 *
 * <ol>
 *   <li>{@code Channels.connect} binds the sockets before it creates its handler map, so an early
 *       {@code kernel_info_request} met a null map and killed the shell thread. An empty map is put in place first:
 *       an early request is then dropped ("Unhandled message") and the client's retry is answered.</li>
 *   <li>{@code LoopThread.start()} does {@code super.start(); running = true;}, so a thread that checks the flag
 *       first ends at once and its channel is dead. Telling such a thread apart from a live one after the fact is
 *       itself timing-dependent, so every loop thread is replaced: the original is asked to stop and joined (one
 *       50 ms loop period at most), and a fresh thread with the same body starts with its flag set <em>before</em>
 *       {@code start()}. {@code Thread.start()} also publishes the filled handler map to the new thread.</li>
 * </ol>
 */
public class SafeKernelMain {

    private static final String[] LOOP_CHANNELS = {"shell", "control", "heartbeat"};

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java -cp rapaio-jupyter-kernel-3.0.1.jar SafeKernelMain.java <connection-file>");
            System.exit(2);
        }
        LogManager.getLogManager().readConfiguration(
                MainApp.class.getClassLoader().getResourceAsStream("logging.properties"));
        String contents = Files.readString(Path.of(args[0]));
        ConnectionProperties props = Transform.fromJson(contents, ConnectionProperties.class);
        var kernel = MainApp.kernel; // its static initialiser builds the JShell engine
        Channels channels = new Channels(props);
        field(Channels.class, "handlers").set(channels, new HashMap<>()); // race 1
        channels.connect(kernel);
        for (String name : LOOP_CHANNELS) { // race 2
            Object channel = field(Channels.class, name).get(channels);
            Field loopField = field(channel.getClass(), "loopThread");
            LoopThread original = (LoopThread) loopField.get(channel);
            original.shutdown();
            original.join();
            LoopThread fresh = new LoopThread(original.getName(),
                    (long) field(LoopThread.class, "sleep").get(original),
                    (Runnable) field(LoopThread.class, "loopBody").get(original));
            field(LoopThread.class, "running").setBoolean(fresh, true);
            loopField.set(channel, fresh);
            fresh.start();
        }
        channels.joinUntilClose();
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
