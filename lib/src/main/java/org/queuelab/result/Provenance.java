package org.queuelab.result;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

import org.queuelab.guard.Require;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.Scaling;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Where a result comes from: the engine that computed it, the model record it was given (intact), the model's
 * parameters and the engine's options as named values (in insertion order), the seed of a random run, and the
 * library version. Every engine builds its provenance here, with {@link #of(String, Object)}, so that the same
 * model gives the same parameter names in every result table: numbers become double columns, everything else
 * string columns (labels), and the seed a long column.
 */
public final class Provenance {

    /** The version of the library that computed the result ({@code unknown} outside a Maven build). */
    public static final String LIBRARY_VERSION = readVersion();

    private final String engine;
    private final Object model;
    private final Map<String, Object> values;
    private final Long seed;

    private Provenance(String engine, Object model, Map<String, Object> values, Long seed) {
        this.engine = engine;
        this.model = model;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.seed = seed;
    }

    /**
     * The provenance of a result of {@code engine} on {@code model}: the model's parameters ({@code lambda},
     * {@code dispatch}, {@code buffer}, {@code service}, …, see {@link #describe}) come first; add the engine's
     * options with {@link #with} and the seed with {@link #withSeed}.
     *
     * @param engine a short label of the engine, e.g. {@code "CTMC"} or {@code "fluid"}
     * @param model  the model record, or null when the result has none (a hand-built series)
     * @return the provenance
     */
    public static Provenance of(String engine, Object model) {
        Objects.requireNonNull(engine, "engine");
        return new Provenance(engine, model, model == null ? Map.of() : describe(model), null);
    }

    /**
     * {@return a provenance with no model and no seed (hand-built results, tests)}
     *
     * @param engine a short label of the engine, e.g. {@code "CTMC"}
     */
    public static Provenance of(String engine) {
        return of(engine, null);
    }

    /**
     * The named parameters of a model record, with the same names for every engine: {@code lambda}, then
     * {@code dispatch}, {@code buffer} ("∞" or the number), then the model's laws and rates.
     *
     * @param model a model record (AlbaModel, TabsModel or LoadBalancingModel)
     * @return the parameters by name, in that order
     */
    public static Map<String, Object> describe(Object model) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (model instanceof AlbaModel a) {
            m.put("lambda", a.lambda());
            m.put("dispatch", a.dispatch().label());
            m.put("buffer", Buffers.label(a.buffer()));
            m.put("scaling", a.scaling().label());
            if (a.scaling() instanceof Scaling.Asynchronous async) {
                m.put("alpha", async.alpha());
            }
            m.put("beta", a.beta());
            m.put("gamma", a.gamma());
        } else if (model instanceof LoadBalancingModel lb) {
            m.put("lambda", lb.lambda());
            m.put("dispatch", lb.dispatch().label());
            m.put("buffer", Buffers.label(lb.buffer()));
            m.put("service", lb.service().label());
        } else if (model instanceof TabsModel t) {
            m.put("lambda", t.lambda());
            m.put("buffer", Buffers.label(t.buffer()));
            m.put("service", t.service().label());
            m.put("standbyMean", t.standbyMean());
            m.put("setupMean", t.setupMean());
            m.put("overflow", t.overflow().name());
        } else {
            m.put("model", model.toString());
        }
        return m;
    }

    /**
     * {@return these values plus {@code name = value} (a Number or anything with a meaningful toString)}
     *
     * @param name  the parameter name, distinct within the provenance
     * @param value its value, shown in tables as text
     */
    public Provenance with(String name, Object value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value of " + name);
        Map<String, Object> copy = new LinkedHashMap<>(values);
        copy.put(name, value);
        return new Provenance(engine, model, copy, seed);
    }

    /**
     * {@return the same provenance with the seed of a random run}
     *
     * @param newSeed the seed of the run, any long
     */
    public Provenance withSeed(long newSeed) {
        return new Provenance(engine, model, values, newSeed);
    }

    /** {@return the engine that computed the result} */
    public String engine() {
        return engine;
    }

    /** {@return the model record the engine was given (null for hand-built results)} */
    public Object model() {
        return model;
    }

    /** {@return the named parameters and options, in insertion order} */
    public Map<String, Object> values() {
        return values;
    }

    /**
     * {@return the named value, or an exception naming the available ones}
     *
     * @param name the parameter name, distinct within the provenance
     */
    public Object get(String name) {
        return Require.oneOf("parameter", values, name);
    }

    /** {@return whether the result comes from a random run (and has a seed)} */
    public boolean seeded() {
        return seed != null;
    }

    /** {@return the seed of the run (of replication 0's root stream for replicated runs)} */
    public long seed() {
        if (seed == null) {
            throw new IllegalStateException(engine + " result has no seed (it is deterministic)");
        }
        return seed;
    }

    /** {@return the library version that computed the result} */
    public String version() {
        return LIBRARY_VERSION;
    }

    /**
     * Appends one constant column per value and, for a random run, a {@code seed} column, to a table (its row
     * count is taken as is).
     *
     * @param table a table whose rows the columns are added to
     * @return {@code table}, with the columns added
     */
    public Table addColumnsTo(Table table) {
        int rows = table.rowCount();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            if (e.getValue() instanceof Number number) {
                double[] col = new double[rows];
                Arrays.fill(col, number.doubleValue());
                table.addColumns(DoubleColumn.create(e.getKey(), col));
            } else {
                String[] col = new String[rows];
                Arrays.fill(col, e.getValue().toString());
                table.addColumns(StringColumn.create(e.getKey(), col));
            }
        }
        if (seed != null) {
            long[] seeds = new long[rows];
            Arrays.fill(seeds, seed);
            table.addColumns(LongColumn.create("seed", seeds));
        }
        return table;
    }

    @Override
    public String toString() {
        return engine + " " + values + (seed != null ? ", seed=" + seed : "") + ", queuelab " + LIBRARY_VERSION;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Provenance p && engine.equals(p.engine) && Objects.equals(model, p.model)
                && values.equals(p.values) && Objects.equals(seed, p.seed);
    }

    @Override
    public int hashCode() {
        return Objects.hash(engine, model, values, seed);
    }

    private static String readVersion() {
        try (InputStream in = Provenance.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
