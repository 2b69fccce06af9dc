package org.queuelab.notebook.kernel;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.LogManager;
import java.util.logging.Logger;

import org.queuelab.notebook.PlotlyJs;
import org.queuelab.progress.Progress;
import org.rapaio.jupyter.kernel.MainApp;
import org.rapaio.jupyter.kernel.channels.Channels;
import org.rapaio.jupyter.kernel.channels.LoopThread;
import org.rapaio.jupyter.kernel.channels.MessageHandler;
import org.rapaio.jupyter.kernel.core.ConnectionProperties;
import org.rapaio.jupyter.kernel.core.RapaioKernel;
import org.rapaio.jupyter.kernel.core.Transform;
import org.rapaio.jupyter.kernel.core.java.JavaEngine;
import org.rapaio.jupyter.kernel.core.java.RapaioExecutionControl;
import org.rapaio.jupyter.kernel.core.java.RapaioExecutionControlProvider;
import org.rapaio.jupyter.kernel.display.DisplaySystem;
import org.rapaio.jupyter.kernel.message.MessageType;

/**
 * The queuelab Java kernel: rapaio-jupyter-kernel 3.0.1 (JShell, display SPI, magics, completion, inspection),
 * started with the repairs it needs to behave like a notebook kernel. kernel.json runs
 * {@code java -cp {resource_dir}/lib/* org.queuelab.notebook.kernel.KernelMain {connection_file} {resource_dir}}.
 *
 * <ol>
 *   <li>Start-up races of {@code Channels.connect} (a null handler map; loop threads that end at once; a request read
 *       before the handlers exist and dropped) — by an empty map put in place first, by keeping the shell and control
 *       sockets unread until the handlers are installed, and by replacing every loop thread
 *       ({@link #repairLoopThreads}).</li>
 *   <li>Interrupt: rapaio's handler shuts the cell executor down for good and answers on the shell socket from the
 *       control thread. {@link CellInterrupter} replaces it: see there.</li>
 *   <li>{@code history_request} is answered (an empty history), so front ends learn the kernel is idle.</li>
 *   <li>The classpath comes from the kernelspec's own folder ({@code <resource_dir>/lib}), never from the working
 *       directory, so a notebook in any folder imports the library.</li>
 *   <li>The kernel exits when the process that started it dies (no orphaned kernel computing on).</li>
 *   <li>Long work reports its progress as one output per cell updated in place ({@link NotebookProgress}).</li>
 *   <li>Outputs follow the Jupyter conventions: text/plain beside every rich form, a kernel_info language without
 *       the local JDK version, a one-line message for an interrupted cell ({@link OutputConventions}).</li>
 * </ol>
 * It reads private fields of rapaio 3.0.1 and is tied to that version (pinned in the parent pom).
 */
public final class KernelMain {

    private static final Logger LOG = Logger.getLogger(KernelMain.class.getName());
    private static final String[] LOOP_CHANNELS = {"shell", "control", "heartbeat"};

    private KernelMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: java -cp <kernelspec>/lib/* " + KernelMain.class.getName()
                    + " <connection-file> <kernelspec-folder>");
            System.exit(2);
        }
        exitWithParent();
        LogManager.getLogManager().readConfiguration(
                MainApp.class.getClassLoader().getResourceAsStream("logging.properties"));
        ConnectionProperties props = Transform.fromJson(Files.readString(Path.of(args[0])),
                ConnectionProperties.class);
        RapaioKernel kernel = MainApp.kernel; // its static initialiser builds the JShell engine
        addClasspath(kernel.javaEngine(), Path.of(args[1]).resolve("lib"));
        PlotlyJs.useFile(Path.of(args[1]).resolve("lib").resolve(PlotlyJs.FILE_NAME));

        Channels channels = new Channels(props);
        set(Channels.class, "handlers", channels, new HashMap<>());      // start-up race 1
        set(Channels.class, "afterActions", channels, new PerThreadStack());
        // start-up race 3: connect() starts the shell and control loops before it fills the handler map, and a
        // request read in between (jupyter_server's first kernel_info_request) was dropped as "unhandled": the
        // server then waited 60 s for its reply. Holding both sockets' monitors (readMessage is synchronized on the
        // channel) keeps every request unread until the final handlers are in place.
        Object shell = get(Channels.class, "shell", channels);
        Object controlChannel = get(Channels.class, "control", channels);
        synchronized (shell) {
            synchronized (controlChannel) {
                installHandlers(kernel, channels);
            }
        }
        repairLoopThreads(channels);                                       // start-up race 2
        channels.joinUntilClose();
    }

    /** Connects the channels and puts the repaired handlers (interrupt, history) in place of rapaio's. */
    private static void installHandlers(RapaioKernel kernel, Channels channels) throws Exception {
        channels.connect(kernel);
        // connect() filled a fresh map: a wrapped copy replaces it; the fresh loop threads started below see it
        @SuppressWarnings("unchecked")
        Map<MessageType<?>, MessageHandler> wrapped =
                new HashMap<>((Map<MessageType<?>, MessageHandler>) get(Channels.class, "handlers", channels));
        NotebookProgress progress = new NotebookProgress(kernel::display, kernel::updateDisplay);
        @SuppressWarnings({"rawtypes", "unchecked"})
        MessageHandler execute = wrapped.get(MessageType.SHELL_EXECUTE_REQUEST);
        wrapped.put(MessageType.SHELL_EXECUTE_REQUEST, msg -> {
            progress.cellStarted();
            try {
                execute.handle(msg);
            } finally {
                progress.cellEnded(); // the final state, before the cell's reply (an after action)
            }
        });
        Progress.install(progress);
        CellInterrupter interrupter = new CellInterrupter(channels, executionControl(kernel.javaEngine()),
                (org.rapaio.jupyter.kernel.channels.AbstractChannel) get(Channels.class, "control", channels));
        interrupter.install(wrapped);
        wrapped.put(MessageType.SHELL_HISTORY_REQUEST, msg -> {
            channels.busyThenIdle();
            channels.reply(new HistoryReply());
        });
        OutputConventions.install(kernel, wrapped, channels);
        set(Channels.class, "handlers", channels, wrapped);
    }

    /** Exits the JVM when the parent process (the notebook server or runner) ends, however it ended. */
    static void exitWithParent() {
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> {
            System.err.println("queuelab kernel: parent process " + parent.pid() + " ended; exiting");
            Runtime.getRuntime().halt(0);
        }));
    }

    /** Adds every jar of the kernelspec's lib folder to JShell's classpath and reloads display providers. */
    static void addClasspath(JavaEngine engine, Path lib) throws IOException {
        if (!Files.isDirectory(lib)) {
            System.err.println("queuelab kernel: no library folder " + lib
                    + "; run `mvn -B -ntp package -DskipTests` in the queuelab project");
            return;
        }
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(lib, "*.jar")) {
            ds.forEach(jars::add);
        }
        jars.sort(null);
        for (Path jar : jars) {
            engine.getShell().addToClasspath(jar.toAbsolutePath().toString());
        }
        DisplaySystem.inst().refreshSpiDisplayHandlers();
    }

    static RapaioExecutionControl executionControl(JavaEngine engine) throws ReflectiveOperationException {
        RapaioExecutionControlProvider provider =
                (RapaioExecutionControlProvider) get(JavaEngine.class, "controlProvider", engine);
        return provider.getRegisteredControl((String) get(JavaEngine.class, "executionId", engine));
    }

    /**
     * {@code LoopThread.start()} sets its running flag after {@code super.start()}, so a thread may end at once and
     * its channel goes dead. Every loop thread is replaced by one whose flag is set before it starts.
     */
    static void repairLoopThreads(Channels channels) throws Exception {
        for (String name : LOOP_CHANNELS) {
            Object channel = get(Channels.class, name, channels);
            Field loopField = field(channel.getClass(), "loopThread");
            LoopThread original = (LoopThread) loopField.get(channel);
            original.shutdown();
            original.join();
            LoopThread fresh = new LoopThread(original.getName(),
                    (long) get(LoopThread.class, "sleep", original),
                    (Runnable) get(LoopThread.class, "loopBody", original));
            field(LoopThread.class, "running").setBoolean(fresh, true);
            loopField.set(channel, fresh);
            fresh.start();
        }
    }

    static Field field(Class<?> type, String name) throws NoSuchFieldException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    static Object get(Class<?> type, String name, Object target) throws ReflectiveOperationException {
        return field(type, name).get(target);
    }

    static void set(Class<?> type, String name, Object target, Object value) throws ReflectiveOperationException {
        field(type, name).set(target, value);
    }

    /** Content of a {@code history_reply}: no stored history (the kernel keeps none across sessions). */
    static final class HistoryReply implements org.rapaio.jupyter.kernel.message.ContentType<HistoryReply> {
        static final MessageType<HistoryReply> TYPE = new MessageType<>("history_reply", HistoryReply.class);
        @SuppressWarnings("unused") private final String status = "ok";
        @SuppressWarnings("unused") private final List<Object> history = new ArrayList<>();

        @Override
        public MessageType<HistoryReply> type() {
            return TYPE;
        }
    }

    /**
     * rapaio keeps one stack of "after" actions (the idle status that follows a request) for the shell and control
     * threads together, so a control request could pop and publish the shell's "idle" while a cell still runs. Each
     * thread gets its own stack.
     */
    static final class PerThreadStack extends java.util.Stack<Runnable> {
        private final transient ThreadLocal<java.util.ArrayDeque<Runnable>> stacks =
                ThreadLocal.withInitial(java.util.ArrayDeque::new);

        @Override
        public Runnable push(Runnable item) {
            stacks.get().push(item);
            return item;
        }

        @Override
        public synchronized Runnable pop() {
            java.util.ArrayDeque<Runnable> s = stacks.get();
            if (s.isEmpty()) {
                throw new java.util.EmptyStackException();
            }
            return s.pop();
        }

        @Override
        public synchronized Runnable peek() {
            Runnable r = stacks.get().peek();
            if (r == null) {
                throw new java.util.EmptyStackException();
            }
            return r;
        }

        @Override
        public boolean empty() {
            return stacks.get().isEmpty();
        }

        @Override
        public synchronized boolean isEmpty() {
            return stacks.get().isEmpty();
        }

        @Override
        public synchronized int size() {
            return stacks.get().size();
        }
    }
}
