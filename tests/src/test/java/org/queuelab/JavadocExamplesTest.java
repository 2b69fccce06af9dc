package org.queuelab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.queuelab.report.ProjectPaths;

/**
 * Every example in the library's javadoc ({@code <pre>{@code ...}</pre>}, as JDK 17's javadoc has no
 * {@code @snippet}) compiles against the library: each is wrapped in a method of a class that imports the public
 * packages, and compiled with the system compiler on the test class path. An example that stops compiling after an
 * API change fails here, naming its file. An example that shows a fragment says so on its first line
 * ({@code // given: the names it uses}) and is only counted.
 */
class JavadocExamplesTest {

    private static final Pattern EXAMPLE = Pattern.compile("<pre>\\{@code\\s*\\n(.*?)\\n\\s*\\*\\s*}</pre>",
            Pattern.DOTALL);
    private static final String IMPORTS = String.join("\n",
            "import java.util.*;",
            "import org.queuelab.analysis.*;", "import org.queuelab.arrival.*;", "import org.queuelab.autoscale.*;",
            "import org.queuelab.dist.*;", "import org.queuelab.meanfield.*;",
            "import org.queuelab.model.*;", "import org.queuelab.plot.*;", "import org.queuelab.policy.*;",
            "import org.queuelab.population.*;", "import org.queuelab.result.*;", "import org.queuelab.sim.*;",
            "import org.queuelab.sweep.*;", "import org.queuelab.result.Metric;");

    @Test
    void everyJavadocExampleCompiles() throws IOException {
        Path sources = ProjectPaths.dataDir().getParent().resolve("lib/src/main/java");
        List<JavaFileObject> units = new ArrayList<>();
        List<String> origins = new ArrayList<>();
        List<String> fragments = new ArrayList<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                Matcher m = EXAMPLE.matcher(Files.readString(file));
                int k = 0;
                while (m.find()) {
                    String body = m.group(1).lines().map(l -> l.replaceFirst("^\\s*\\* ?", ""))
                            .reduce("", (a, b) -> a + b + "\n");
                    if (body.startsWith("// given:")) {
                        fragments.add(sources.relativize(file).toString());
                        continue;
                    }
                    String name = "Example" + units.size();
                    String code = IMPORTS + "\nclass " + name + " {\n void example() throws Exception {\n" + body
                            + "\n }\n}\n";
                    units.add(source(name, code));
                    origins.add(sources.relativize(file) + " example " + k++);
                }
            }
        }
        assertTrue(units.size() >= 4, "examples found: " + origins);
        assertTrue(fragments.size() <= 5, "fragments: " + fragments);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        List<String> failures = new ArrayList<>();
        Path classes = Files.createTempDirectory("javadoc-examples");
        for (int i = 0; i < units.size(); i++) {
            StringWriter out = new StringWriter();
            boolean ok = compiler.getTask(out, null, null, List.of("-classpath", System.getProperty("java.class.path"),
                    "-d", classes.toString(), "-proc:none"), null, List.of(units.get(i))).call();
            if (!ok) {
                failures.add(origins.get(i) + " does not compile:\n" + out);
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    private static JavaFileObject source(String name, String code) {
        return new SimpleJavaFileObject(URI.create("string:///" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return code;
            }
        };
    }
}
