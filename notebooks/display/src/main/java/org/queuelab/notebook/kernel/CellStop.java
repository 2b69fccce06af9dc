package org.queuelab.notebook.kernel;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jdk.jshell.execution.LoaderDelegate;
import jdk.jshell.spi.ExecutionControl.ClassBytecodes;
import jdk.jshell.spi.ExecutionControl.ClassInstallException;
import jdk.jshell.spi.ExecutionControl.EngineTerminationException;
import jdk.jshell.spi.ExecutionControl.InternalException;
import jdk.jshell.spi.ExecutionControl.NotImplementedException;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Stops a cell's own code on Interrupt on any JDK, the way JShell's local execution engine does it since JDK 22:
 * every class a cell defines is loaded with a call to {@link #check()} at the start of each method and before each
 * backward branch (each turn of a loop), and {@link #check()} throws {@link Stopped} in a cell thread marked by
 * {@link #stop}. {@code Thread.stop}, refused from JDK 20 on, is not needed for a plain loop such as
 * {@code while (true) { c++; }}. Library code called by a cell is not instrumented: it ends when it checks
 * interruption, reports progress (a replication or sweep step), or — on JDK 17–19 only — by {@code Thread.stop}.
 */
public final class CellStop {

    private static final String OWNER = CellStop.class.getName().replace('.', '/');
    private static final Set<Thread> STOPPING = ConcurrentHashMap.newKeySet();
    private static volatile boolean requested;

    private CellStop() {
    }

    /** Thrown in a stopped cell thread; an {@link Error}, so a cell's {@code catch (Exception e)} lets it pass. */
    public static final class Stopped extends Error {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super("Execution interrupted (the cell was stopped).", null, false, false);
        }
    }

    /** Called by instrumented cell code: throws {@link Stopped} in a thread marked by {@link #stop}. */
    public static void check() {
        if (requested && STOPPING.contains(Thread.currentThread())) {
            throw new Stopped();
        }
    }

    /** Marks threads to stop at their next check. */
    static void stop(Set<Thread> threads) {
        STOPPING.addAll(threads);
        requested = !STOPPING.isEmpty();
    }

    /** A thread has ended: no mark is kept for it. */
    static void forget(Thread thread) {
        STOPPING.remove(thread);
        requested = !STOPPING.isEmpty();
    }

    /** A class file with the stop checks woven in. */
    static byte[] instrument(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(0); // a static call with no arguments: stack and frames unchanged
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new StopCheckWeaver(super.visitMethod(access, name, descriptor, signature, exceptions));
            }
        }, 0);
        return writer.toByteArray();
    }

    /** Inserts a check at the method's start and before every jump to a label already seen (a loop's back edge). */
    private static final class StopCheckWeaver extends MethodVisitor {
        private final Set<Label> seen = new HashSet<>();

        StopCheckWeaver(MethodVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public void visitCode() {
            super.visitCode();
            check();
        }

        @Override
        public void visitLabel(Label label) {
            seen.add(label);
            super.visitLabel(label);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            if (seen.contains(label)) {
                check();
            }
            super.visitJumpInsn(opcode, label);
        }

        private void check() {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, OWNER, "check", "()V", false);
        }
    }

    /** JShell's class loading for cell classes, with the stop checks woven into every class a cell defines. */
    static final class InstrumentingLoader implements LoaderDelegate {
        private final LoaderDelegate inner;

        InstrumentingLoader(LoaderDelegate inner) {
            this.inner = inner;
        }

        @Override
        public void load(ClassBytecodes[] cbcs)
                throws ClassInstallException, NotImplementedException, EngineTerminationException {
            ClassBytecodes[] woven = new ClassBytecodes[cbcs.length];
            for (int i = 0; i < cbcs.length; i++) {
                woven[i] = new ClassBytecodes(cbcs[i].name(), instrument(cbcs[i].bytecodes()));
            }
            inner.load(woven);
        }

        @Override
        public void classesRedefined(ClassBytecodes[] cbcs) {
            inner.classesRedefined(cbcs);
        }

        @Override
        public void addToClasspath(String path) throws EngineTerminationException, InternalException {
            inner.addToClasspath(path);
        }

        @Override
        public Class<?> findClass(String name) throws ClassNotFoundException {
            return inner.findClass(name);
        }
    }
}
