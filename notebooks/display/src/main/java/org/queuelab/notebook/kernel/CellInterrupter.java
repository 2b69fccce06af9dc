package org.queuelab.notebook.kernel;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.rapaio.jupyter.kernel.channels.AbstractChannel;
import org.rapaio.jupyter.kernel.channels.Channels;
import org.rapaio.jupyter.kernel.channels.MessageHandler;
import org.rapaio.jupyter.kernel.core.java.RapaioExecutionControl;
import org.rapaio.jupyter.kernel.message.Message;
import org.rapaio.jupyter.kernel.message.MessageId;
import org.rapaio.jupyter.kernel.message.MessageType;
import org.rapaio.jupyter.kernel.message.messages.ControlInterruptReply;

/**
 * Interrupt that stops the running cell and leaves the kernel working.
 *
 * <p>Each cell runs on a thread of its own ({@link CellThreads}, put in place of rapaio's executor, which rapaio's
 * interrupt shut down for good). On {@code interrupt_request} the running cell's future is cancelled, which
 * interrupts its thread (a {@code Thread.sleep}, a blocking wait or library code that checks interruption ends at
 * once) and makes the cell answer "Execution interrupted." at once. A thread still running after a grace period —
 * a plain loop such as {@code while (true) { c++; }} — is stopped with {@code Thread.stop()}, which JDK 17–19
 * honour; on a later JDK it is refused, logged, and such a thread keeps running in the background.
 *
 * <p>rapaio 3.0.1 keeps the "current request" in one field shared by the shell and control threads; the control
 * loop overwrites it before calling this handler, so it is put back to the running cell's request at once, and the
 * interrupt reply goes out on the control socket with its own parent. The handler returns only when the cell's
 * request is done, so the cell's outputs precede its idle status.
 */
final class CellInterrupter {

    /** Grace period between interrupting a cell's thread and stopping it. */
    static final long GRACE_MILLIS = 300;
    /** How long the interrupt handler waits for the cell's request to finish. */
    static final long DONE_WAIT_MILLIS = 10_000;

    private static final Set<Thread> REFUSED_STOP_LOGGED = java.util.Collections.newSetFromMap(
            new java.util.WeakHashMap<>());

    private final Channels channels;
    private final RapaioExecutionControl control;
    private final AbstractChannel controlChannel;
    private final CellThreads threads = new CellThreads();
    private final Object lock = new Object();
    /** The request each loop thread (shell, control) is serving. */
    private final Map<Thread, MessageId<?>> serving = new ConcurrentHashMap<>();

    CellInterrupter(Channels channels, RapaioExecutionControl control, AbstractChannel controlChannel)
            throws ReflectiveOperationException {
        this.channels = channels;
        this.control = control;
        this.controlChannel = controlChannel;
        KernelMain.set(RapaioExecutionControl.class, "executor", control, threads);
        weaveStopChecks(control);
    }

    /** Cell classes get {@link CellStop}'s checks (needs {@code --add-opens jdk.jshell/jdk.jshell.execution}). */
    static void weaveStopChecks(RapaioExecutionControl control) {
        try {
            java.lang.reflect.Field f = jdk.jshell.execution.DirectExecutionControl.class
                    .getDeclaredField("loaderDelegate");
            f.setAccessible(true);
            f.set(control, new CellStop.InstrumentingLoader((jdk.jshell.execution.LoaderDelegate) f.get(control)));
        } catch (ReflectiveOperationException | RuntimeException e) {
            System.err.println("queuelab kernel: cell code is not instrumented for Interrupt (" + e
                    + "); kernel.json's java --add-opens jdk.jshell/jdk.jshell.execution=ALL-UNNAMED is missing?");
        }
    }

    /** Replaces the interrupt handler and tracks the request each shell handler is serving. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    void install(Map<MessageType<?>, MessageHandler> handlers) {
        for (Map.Entry<MessageType<?>, MessageHandler> e : handlers.entrySet()) {
            if (e.getKey() == MessageType.CONTROL_INTERRUPT_REQUEST
                    || e.getKey() == MessageType.CONTROL_SHUTDOWN_REQUEST) {
                continue;
            }
            MessageHandler inner = e.getValue();
            e.setValue((MessageHandler) msg -> serving((Message) msg, inner));
        }
        handlers.put(MessageType.CONTROL_INTERRUPT_REQUEST, msg -> interrupt((Message<?>) msg));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private void serving(Message msg, MessageHandler inner) {
        Thread self = Thread.currentThread();
        serving.put(self, msg.getId());
        try {
            inner.handle(msg);
            channels.runAfterActions(); // this request's idle, from this thread, before it counts as done
        } finally {
            synchronized (lock) {
                serving.remove(self);
                // a control request (jupyter_server's kernel_info "nudge" when a page connects) overwrote the
                // shared current request while a cell runs: the cell's outputs keep their own parent
                MessageId<?> other = servedElsewhere();
                if (other != null) {
                    channels.setMsgId(other);
                }
                lock.notifyAll();
            }
        }
    }

    /** The request a thread other than the calling one is serving (the running cell), or null. */
    private MessageId<?> servedElsewhere() {
        Thread self = Thread.currentThread();
        for (Map.Entry<Thread, MessageId<?>> e : serving.entrySet()) {
            if (e.getKey() != self) {
                return e.getValue();
            }
        }
        return null;
    }

    private boolean stillServing(MessageId<?> request) {
        return request != null && serving.containsValue(request);
    }

    private void interrupt(Message<?> msg) {
        MessageId<?> request = servedElsewhere();
        if (request != null) {
            channels.setMsgId(request); // undo the control loop's overwrite of the shared current request
        }
        controlChannel.sendMessage(new Message<>(msg.getId(), MessageType.CONTROL_INTERRUPT_REPLY,
                new ControlInterruptReply()));
        // Until the request is done: the cell may still be compiling, or run several snippets, when this arrives
        long deadline = System.currentTimeMillis() + DONE_WAIT_MILLIS;
        do {
            Set<Thread> running = threads.active();
            // only while this request runs: once it has answered, the next cell may already have started
            BooleanSupplier ours = () -> stillServing(request);
            if (!ours.getAsBoolean()) {
                break;
            }
            control.interrupt(); // cancels the cell's future: interrupts its thread, the cell answers "interrupted"
            stopStragglers(running, control, ours);
            synchronized (lock) {
                if (stillServing(request)) {
                    try {
                        lock.wait(20);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        } while (stillServing(request) && System.currentTimeMillis() < deadline);
    }

    @SuppressWarnings({"deprecation", "removal"})
    static void stopStragglers(Set<Thread> threads, RapaioExecutionControl control, BooleanSupplier stillOurs) {
        CellStop.stop(threads); // a cell's own loop ends at its next turn, on any JDK
        for (Thread t : threads) {
            try {
                t.join(GRACE_MILLIS);
                if (t.isAlive()) { // in library code that ignores interruption
                    if (stillOurs.getAsBoolean()) {
                        control.interrupt(); // the cell's future first, so that the cell reports "interrupted"
                    }
                    t.stop();
                    t.join(GRACE_MILLIS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (UnsupportedOperationException e) {
                if (REFUSED_STOP_LOGGED.add(t)) {
                    System.err.println("queuelab kernel: this JDK cannot stop thread " + t.getName() + " (Thread.stop"
                            + " is unsupported after JDK 19); it runs on in library code until that checks"
                            + " interruption or reports progress");
                }
            }
        }
    }

    /** An executor running each task on a new thread, which it remembers while the task runs; never shuts down. */
    static final class CellThreads extends AbstractExecutorService {
        private final Set<Thread> active = ConcurrentHashMap.newKeySet();
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public void execute(Runnable task) {
            Thread t = new Thread(() -> {
                try {
                    task.run();
                } finally {
                    active.remove(Thread.currentThread());
                    CellStop.forget(Thread.currentThread());
                }
            }, "queuelab-cell-" + count.incrementAndGet());
            t.setDaemon(true);
            active.add(t);
            t.start();
        }

        Set<Thread> active() {
            return Set.copyOf(active);
        }

        @Override
        public void shutdown() {
        }

        @Override
        public List<Runnable> shutdownNow() {
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return false;
        }
    }
}
