package org.queuelab.sim.event;

import java.util.Objects;

import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.sim.Estimate;
import org.queuelab.sim.Parameters;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * Metric-versus-standby-mean curves ({@code tabs.md} §7.1–§7.2, Figures 5, 6b, 8–13): for each µ, independent
 * replications of the model with that standby mean, summarised by the mean and 95% interval of each metric.
 * Every µ uses the same root seed, hence the same streams: arrivals and job sizes are common random numbers across
 * the curve (see {@link EventStreams}), which makes differences between neighbouring points less noisy.
 */
public final class TabsSweep {

    /** Metrics reported per point; {@code energyPoweredOn} uses {@link PowerModel#poweredOn()} (P_idle = 1). */
    private static final String[] METRICS = {"energy", "energyPoweredOn", "waitLittle", "waitPerJob", "waitQ2Proxy",
        "busy", "idle", "setup", "off", "lossProbability"};

    private TabsSweep() {
    }

    /**
     * One row per standby mean: {@code standbyMean}, then for each metric {@code <m>, <m>_lo, <m>_hi} (95% interval
     * over {@code replications} runs), then the parameters of the base model and settings, and the seed.
     *
     * @param base         the model; its standby mean is replaced by each value of {@code standbyMeans}
     * @param standbyMeans the µ values, each in (0, ∞]
     * @param settings     run settings (use a warm-up: these are stationary metrics)
     * @param seed         root seed, shared by every µ
     * @param replications replications per µ, ≥ 2 for an interval
     */
    public static Table overStandbyMean(TabsModel base, double[] standbyMeans, TabsSettings settings, long seed,
                                        int replications) {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(settings, "settings");
        if (standbyMeans.length == 0) {
            throw new IllegalArgumentException("standbyMeans: none; allowed: at least one value");
        }
        if (!base.stable()) {
            throw new IllegalArgumentException("lambda·E[S] = " + base.lambda() * base.service().mean()
                    + " with an infinite buffer; allowed: < 1 (stationary metrics need a stable model)");
        }
        int rows = standbyMeans.length;
        double[][] mean = new double[METRICS.length][rows];
        double[][] lo = new double[METRICS.length][rows];
        double[][] hi = new double[METRICS.length][rows];
        for (int i = 0; i < rows; i++) {
            TabsModel model = new TabsModel(base.lambda(), base.service(), standbyMeans[i], base.setupMean(),
                    base.buffer(), base.overflow(), base.allowOverload());
            TabsReplications reps = new TabsSimulator(model, settings).replicate(seed, replications);
            for (int m = 0; m < METRICS.length; m++) {
                double[] values = new double[reps.runs().size()];
                for (int r = 0; r < values.length; r++) {
                    TabsMetrics x = reps.runs().get(r).metrics();
                    values[r] = switch (METRICS[m]) {
                        case "energy" -> x.energy();
                        case "energyPoweredOn" -> x.energy(PowerModel.poweredOn());
                        case "waitLittle" -> x.waitLittle();
                        case "waitPerJob" -> x.waitPerJob();
                        case "waitQ2Proxy" -> x.waitQ2Proxy();
                        case "busy" -> x.busy();
                        case "idle" -> x.idle();
                        case "setup" -> x.setup();
                        case "off" -> x.off();
                        default -> x.lossProbability();
                    };
                }
                Estimate e = Estimate.of(values);
                mean[m][i] = e.mean();
                lo[m][i] = e.lower();
                hi[m][i] = e.upper();
            }
        }
        Table table = Table.create("TABS metrics vs standby mean");
        table.addColumns(DoubleColumn.create("standbyMean", standbyMeans.clone()));
        for (int m = 0; m < METRICS.length; m++) {
            table.addColumns(DoubleColumn.create(METRICS[m], mean[m]), DoubleColumn.create(METRICS[m] + "_lo", lo[m]),
                    DoubleColumn.create(METRICS[m] + "_hi", hi[m]));
        }
        Parameters p = Parameters.seed(seed)
                .with("N", settings.servers())
                .with("lambda", base.lambda())
                .with("service", base.service().label())
                .with("setupMean", base.setupMean())
                .with("buffer", org.queuelab.model.Buffers.label(base.buffer()))
                .with("overflow", base.overflow().name())
                .with("initial", settings.initial().label())
                .with("horizon", settings.horizon())
                .with("warmup", settings.warmup())
                .with("P_idle", settings.power().idle())
                .with("replications", replications);
        return p.addColumnsTo(table);
    }
}
