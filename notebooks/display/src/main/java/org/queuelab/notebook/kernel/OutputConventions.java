package org.queuelab.notebook.kernel;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;

import org.rapaio.jupyter.kernel.channels.Channels;
import org.rapaio.jupyter.kernel.channels.MessageHandler;
import org.rapaio.jupyter.kernel.core.LanguageInfo;
import org.rapaio.jupyter.kernel.core.RapaioKernel;
import org.rapaio.jupyter.kernel.core.format.ErrorFormatter;
import org.rapaio.jupyter.kernel.core.format.ErrorFormatters;
import org.rapaio.jupyter.kernel.core.java.EvaluationInterruptedException;
import org.rapaio.jupyter.kernel.display.DefaultDisplayRenderer;
import org.rapaio.jupyter.kernel.display.DisplayData;
import org.rapaio.jupyter.kernel.display.DisplayRenderer;
import org.rapaio.jupyter.kernel.display.DisplaySystem;
import org.rapaio.jupyter.kernel.message.MessageType;
import org.rapaio.jupyter.kernel.message.messages.ShellKernelInfoReply;

/**
 * The Jupyter conventions rapaio 3.0.1 does not follow, put in place when the kernel starts.
 * <ul>
 *   <li>Every result carries {@code text/plain} beside its rich forms: rapaio's own renderers (its default one
 *       answers {@code 4 + 4} with {@code text/html} only; collections, images) get the value's {@code toString()}
 *       as text. {@code jupyter console}, text exports and notebook diffs show that text.</li>
 *   <li>{@code kernel_info_reply} names the language without the machine's JDK version ({@link #LANGUAGE_INFO}):
 *       JupyterLab copies it into the notebook's metadata, so opening and saving a committed notebook changes
 *       nothing in the file.</li>
 *   <li>An interrupted cell says "Evaluator was interrupted" in one line, not an exception header and code.</li>
 * </ul>
 */
public final class OutputConventions {

    /**
     * The language a notebook declares: Java at the release the library is compiled for (the build's
     * {@code maven.compiler.release}), not the JDK that runs the kernel. Committed notebooks hold exactly this.
     */
    public static final LanguageInfo LANGUAGE_INFO = new LanguageInfo("java", "17", "text/x-java-source", ".jshell",
            "java", "java", "script");

    /** What an interrupted cell shows (the error's traceback). */
    static final String INTERRUPTED = "Evaluator was interrupted: the cell stopped; the kernel keeps its variables.";

    private OutputConventions() {
    }

    /** Puts the three conventions in place; call once, before the handlers are installed. */
    static void install(RapaioKernel kernel, Map<MessageType<?>, MessageHandler> handlers, Channels channels)
            throws ReflectiveOperationException {
        withPlainText(DisplaySystem.inst());
        cleanInterruptMessage();
        Method kernelInfo = RapaioKernel.class.getDeclaredMethod("kernelInfo");
        kernelInfo.setAccessible(true);
        handlers.put(MessageType.SHELL_KERNEL_INFO_REQUEST, msg -> {
            channels.busyThenIdle();
            channels.reply(stableKernelInfo(kernelInfo, kernel));
        });
    }

    private static ShellKernelInfoReply stableKernelInfo(Method kernelInfo, RapaioKernel kernel) {
        try {
            ShellKernelInfoReply r = (ShellKernelInfoReply) kernelInfo.invoke(kernel);
            return new ShellKernelInfoReply(r.protocolVersion(), r.implementationName(), r.implementationVersion(),
                    LANGUAGE_INFO, r.banner(), r.helpLinks());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("rapaio's kernelInfo() could not be called", e);
        }
    }

    /** Wraps rapaio's system renderers and its default renderer so that each answer also carries text/plain. */
    @SuppressWarnings("unchecked")
    static void withPlainText(DisplaySystem display) throws ReflectiveOperationException {
        List<DisplayRenderer> system = (List<DisplayRenderer>) KernelMain.get(DisplaySystem.class,
                "systemDisplayRenderers", display);
        system.replaceAll(r -> r instanceof PlainTextRenderer ? r : new PlainTextRenderer(r));
        Object current = KernelMain.get(DisplaySystem.class, "defaultDisplayRenderer", display);
        if (!(current instanceof PlainTextDefault)) {
            KernelMain.set(DisplaySystem.class, "defaultDisplayRenderer", display, new PlainTextDefault());
        }
    }

    static DisplayData addPlainText(DisplayData data, Object value) {
        if (data != null && !data.data().containsKey("text/plain")) {
            data.putText(value != null && value.getClass().isArray() ? arrayText(value) : String.valueOf(value));
        }
        return data;
    }

    /** An array as its elements ({@code [1, 2]}), not its identity ({@code [I@1b6d3586}). */
    static String arrayText(Object array) {
        return java.util.Arrays.deepToString(new Object[] {array}).replaceAll("^\\[|\\]$", "");
    }

    @SuppressWarnings("unchecked")
    private static void cleanInterruptMessage() throws ReflectiveOperationException {
        Map<Class<?>, ErrorFormatter<?>> formatters = (Map<Class<?>, ErrorFormatter<?>>) KernelMain.get(
                ErrorFormatters.class, "map", null);
        ErrorFormatter<EvaluationInterruptedException> clean = (kernel, e) ->
                List.of("\u001b[1;31m" + INTERRUPTED + "\u001b[0m");
        formatters.put(EvaluationInterruptedException.class, clean);
    }

    /** One of rapaio's renderers, its answers completed with text/plain. */
    static final class PlainTextRenderer implements DisplayRenderer {
        private final DisplayRenderer inner;

        PlainTextRenderer(DisplayRenderer inner) {
            this.inner = inner;
        }

        @Override
        public Class<?> rendererClass() {
            return inner.rendererClass();
        }

        @Override
        public boolean canRender(String mime) {
            return inner.canRender(mime);
        }

        @Override
        public DisplayData render(String mime, Object o) {
            return addPlainText(inner.render(mime, o), o);
        }
    }

    /** rapaio's default renderer (the value's toString() as the default MIME type), plus text/plain. */
    static final class PlainTextDefault extends DefaultDisplayRenderer {
        @Override
        public DisplayData render(String mime, Object o) {
            return addPlainText(super.render(mime, o), o);
        }
    }
}
