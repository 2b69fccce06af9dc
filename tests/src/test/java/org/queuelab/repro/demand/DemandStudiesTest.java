package org.queuelab.repro.demand;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.autoscale.ClusterModel;
import org.queuelab.autoscale.ClusterResult;
import org.queuelab.autoscale.PolicyComparison;
import org.queuelab.report.RunMode;
import org.queuelab.repro.Studies;
import org.queuelab.repro.demand.DemandExperiments.ComparisonRun;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Study;

import tech.tablesaw.api.Table;

/**
 * A policy comparison computed into its study's store and read back equals {@link PolicyComparison#run}'s, bit for
 * bit: every run's metrics, counts, series and provenance, and the replications' provenance.
 */
class DemandStudiesTest {

    private static final List<DemandPolicy> TWO = List.of(new DemandPolicy(DemandPolicy.Family.TABS, 10),
            new DemandPolicy(DemandPolicy.Family.KPA, 0.7));

    @Test
    void aComparisonStudyGivesTheDirectComparison(@TempDir Path root) {
        DemandDay day = DemandDay.synthetic();
        PolicyComparison expected = PolicyComparison.run(day.cluster(20, 720, 740), day.settings(),
                day.window(720, 740), DemandPolicy.autoscalers(TWO), 11L, 2);
        Study study = DemandStudies.comparisonStudy("demand-test", new ComparisonRun(20, 720, 740, 11L, 2,
                day.trace().counts(), TWO));
        PolicyComparison computed = DemandStudies.comparison(study, new LocalRunner(2), root);
        assertTrue(study.complete(root));
        PolicyComparison read = DemandStudies.comparison(study, new LocalRunner(1), root);
        for (PolicyComparison c : List.of(computed, read)) {
            assertEquals(expected.policies(), c.policies());
            for (String p : expected.policies()) {
                assertSameReplications(expected.get(p), c.get(p));
            }
            assertEquals(expected.summary("p99", "meanPower").print(), c.summary("p99", "meanPower").print());
            assertEquals(expected.meanSeries().print(), c.meanSeries().print());
        }
    }

    private static void assertSameReplications(ReplicatedResult<ClusterResult> a, ReplicatedResult<ClusterResult> b) {
        assertSameProvenance(a.provenance(), b.provenance());
        assertEquals(a.runs().size(), b.runs().size());
        for (int r = 0; r < a.runs().size(); r++) {
            ClusterResult x = a.runs().get(r);
            ClusterResult y = b.runs().get(r);
            assertEquals(x.policy(), y.policy());
            assertSameProvenance(x.provenance(), y.provenance());
            assertEquals(x.metrics(), y.metrics());
            assertEquals(x.arrivals(), y.arrivals());
            assertEquals(x.events(), y.events());
            assertEquals(x.series().window(), y.series().window());
            assertEquals(x.series().columns(), y.series().columns());
            for (int c = 0; c < x.series().values().length; c++) {
                assertArrayEquals(x.series().values()[c], y.series().values()[c], 0.0);
            }
        }
    }

    /**
     * Same engine, parameters, seed and cluster (its description: the arrival rate function is an object equal
     * only to itself, rebuilt for each run).
     */
    private static void assertSameProvenance(Provenance a, Provenance b) {
        assertEquals(a.engine(), b.engine());
        assertEquals(a.values(), b.values());
        assertEquals(a.seed(), b.seed());
        assertEquals(a.version(), b.version());
        assertEquals(a.addColumnsTo(Table.create("a")).print(), b.addColumnsTo(Table.create("b")).print()
                .replace("b", "a"));
        assertEquals(((ClusterModel) a.model()).arrivals().label(), ((ClusterModel) b.model()).arrivals().label());
        assertEquals(((ClusterModel) a.model()).service(), ((ClusterModel) b.model()).service());
        assertEquals(((ClusterModel) a.model()).setup(), ((ClusterModel) b.model()).setup());
        assertEquals(((ClusterModel) a.model()).maxInstances(), ((ClusterModel) b.model()).maxInstances());
    }

    @Test
    void theFrontierIsGroupedByFamilyInTheTuningRangesOrder() {
        Study study = DemandStudies.frontierStudy(RunMode.QUICK);
        ComparisonRun run = (ComparisonRun) study.sweep().experiment();
        assertEquals(DemandPolicy.tuningRanges().values().stream().mapToInt(List::size).sum(), run.policies().size());
        Map<String, List<DemandPolicy>> ranges = DemandPolicy.tuningRanges();
        assertEquals(ranges.values().stream().flatMap(List::stream).toList(), run.policies());
        // a study of other policies is refused by the frontier's reader
        Study other = DemandStudies.comparisonStudy("other", new ComparisonRun(20, 720, 740, 11L, 1,
                DemandDay.synthetic().trace().counts(), TWO));
        assertThrows(IllegalArgumentException.class, () -> DemandStudies.frontier(other, new LocalRunner(1),
                Path.of("unused")));
    }

    @Test
    void theStudiesAreRegisteredUnderTheirModesNames() {
        for (RunMode mode : RunMode.values()) {
            List<String> names = Studies.all(mode).stream().map(Study::name).toList();
            String suffix = "-" + mode.name().toLowerCase(java.util.Locale.ROOT);
            assertTrue(names.containsAll(List.of("demand-small" + suffix, "demand-large" + suffix,
                    "demand-frontier" + suffix)), names.toString());
        }
    }

    @Test
    void theExperimentTravelsToAnotherMachine() throws Exception {
        // a Spark executor receives the point's experiment serialized
        ComparisonRun run = (ComparisonRun) DemandStudies.frontierStudy(RunMode.QUICK).sweep().experiment();
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(run);
        }
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(
                bytes.toByteArray()))) {
            ComparisonRun back = (ComparisonRun) in.readObject();
            assertEquals(run.toString(), back.toString());
            assertEquals(run.policies(), back.policies());
            assertArrayEquals(run.counts(), back.counts());
        }
    }

    @Test
    void noPolicyOrNoReplicationIsRefused() {
        long[] counts = DemandDay.synthetic().trace().counts();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ComparisonRun(20, 720,
                740, 1L, 1, counts, List.of()));
        assertTrue(e.getMessage().contains("policies: 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new ComparisonRun(20, 720, 740, 1L, 0, counts, TWO));
        assertTrue(e.getMessage().contains("replications = 0"), e.getMessage());
    }
}
