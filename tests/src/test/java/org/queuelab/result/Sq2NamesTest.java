package org.queuelab.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.Fluid;
import org.queuelab.meanfield.PowerOfDFluid;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.population.PopulationFluid;
import org.queuelab.population.PopulationModel;
import org.queuelab.population.PopulationModels;
import org.queuelab.population.PopulationRun;
import org.queuelab.population.PopulationSimulator;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialFractions;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.event.EventSimulation;
import org.queuelab.sim.event.LoadBalancingResult;

/**
 * The names every engine and the population kit emit for one model, SQ(2) with λ = 0.7 and B = 4, enumerated in
 * full: any added, dropped or renamed series or metric fails here, so a change of vocabulary is a decision, not an
 * accident. Each list is written with the typed constants of {@link Metric}, so the test also checks that every
 * name is one of them (one name per quantity across engines).
 */
class Sq2NamesTest {

    private static final int B = 4;
    private static final LoadBalancingModel SQ2 = new LoadBalancingModel(0.7, new PowerOfD(2), B,
            Exponential.unitMean());
    private static final double[] TIMES = {0, 1, 2};
    private static final TimeGrid GRID = TimeGrid.of(2, 1);

    @Test
    void fluid() {
        PowerOfDFluid fluid = Fluid.of(SQ2);
        double[] empty = new double[fluid.dimension()];
        empty[0] = 1;
        assertNames(List.of(Metric.MEAN_JOBS, Metric.IDLE, Metric.LOSS, Metric.THROUGHPUT, Metric.RESPONSE,
                        Metric.tail(1), Metric.tail(2), Metric.tail(3), Metric.tail(4), Metric.level(1),
                        Metric.level(2), Metric.level(3), Metric.level(4)),
                fluid.integrate(empty, TIMES).names());
        assertNames(levels(0, B), fluid.coordinateNames());
    }

    @Test
    void ctmc() {
        OccupancyRun run = Ctmc.of(SQ2, 20).run(RunWindow.until(2).withInitial(InitialOccupancy.allIdle())
                .withGrid(GRID), 1);
        assertNames(List.of(Metric.OFF, Metric.SETUP, Metric.IDLE, Metric.BUSY, Metric.WARM, Metric.JOBS_PER_WARM,
                Metric.MEAN_JOBS, Metric.ENERGY, Metric.MAX_QUEUE), run.trajectory().names());
        assertNames(List.of(Metric.OFF, Metric.SETUP, Metric.IDLE, Metric.BUSY, Metric.WARM, Metric.MEAN_JOBS,
                Metric.JOBS_PER_WARM, Metric.LOSS, Metric.THROUGHPUT, Metric.RESPONSE, Metric.WAIT, Metric.ENERGY,
                Metric.WASTAGE, Metric.RELATIVE_WASTAGE, Metric.RELATIVE_WASTAGE_POWERED, Metric.MAX_QUEUE_EVER),
                List.copyOf(run.toMetrics().values().keySet()));
    }

    @Test
    void eventDriven() {
        LoadBalancingResult run = EventSimulation.of(SQ2, 20).withTrackedLevels(B)
                .run(RunWindow.until(2).withSampleInterval(1), 1);
        assertNames(List.of(Metric.tail(1), Metric.tail(2), Metric.tail(3), Metric.tail(4), Metric.MEAN_JOBS),
                run.trajectory().names());
        assertNames(List.of(Metric.MEAN_JOBS, Metric.RESPONSE_PER_JOB, Metric.RESPONSE, Metric.WAIT_PER_JOB,
                Metric.LOSS, Metric.tail(1), Metric.tail(2), Metric.tail(3), Metric.tail(4), Metric.ARRIVALS,
                Metric.LOST, Metric.DEPARTURES, Metric.JOBS_AT_END), List.copyOf(run.toMetrics().values().keySet()));
    }

    @Test
    void populationKit() {
        PopulationModel model = PopulationModels.powerOfD(0.7, 2, B);
        List<Metric> observables = List.of(Metric.MEAN_JOBS, Metric.LOSS);
        assertNames(levels(0, B), model.coordinateNames());
        assertNames(observables, model.observableNames());
        double[] empty = model.state(Map.of(Metric.level(0).name(), 1.0));
        List<Metric> series = concat(levels(0, B), observables);
        assertNames(series, PopulationFluid.integrate(model, empty, TIMES).names());
        PopulationSimulator simulator = PopulationSimulator.of(model, 20);
        assertNames(series, simulator.seriesNames());
        PopulationRun run = simulator.run(RunWindow.until(2).withInitial(InitialFractions.of(empty)).withGrid(GRID), 1);
        assertNames(series, run.trajectory().names());
        assertNames(concat(series, List.of(Metric.EVENTS)), List.copyOf(run.toMetrics().values().keySet()));
    }

    @Test
    void sharedQuantitiesCarryOneName() {
        // the quantities every engine reports for SQ(2): mean jobs per server and the loss probability / rate
        PowerOfDFluid fluid = Fluid.of(SQ2);
        double[] empty = new double[fluid.dimension()];
        empty[0] = 1;
        List<String> fluidNames = fluid.integrate(empty, TIMES).names();
        List<String> population = PopulationModels.powerOfD(0.7, 2, B).observableNames();
        for (Metric m : List.of(Metric.MEAN_JOBS, Metric.LOSS)) {
            assertTrue(fluidNames.contains(m.name()), m + " in " + fluidNames);
            assertTrue(population.contains(m.name()), m + " in " + population);
        }
    }

    private static void assertNames(List<Metric> expected, List<String> actual) {
        List<String> canonical = expected.stream().map(Metric::name).toList();
        assertEquals(canonical, actual);
        for (String name : actual) {
            assertTrue(Metric.isCanonical(name), name);
        }
    }

    private static List<Metric> levels(int from, int to) {
        return java.util.stream.IntStream.rangeClosed(from, to).mapToObj(Metric::level).toList();
    }

    private static List<Metric> concat(List<Metric> a, List<Metric> b) {
        List<Metric> out = new java.util.ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
