package org.queuelab.autoscale;

import org.queuelab.guard.Cancellation;
import org.queuelab.guard.Memory;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.queuelab.arrival.ArrivalStream;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.PowerModel;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.JobsPerServer;
import org.queuelab.sim.Replications;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.Simulator;
import org.queuelab.sim.event.IndexSet;
import org.queuelab.sim.event.IndexedMinHeap;

/**
 * The mutable state of one run of {@link AutoscaleSimulator}: instances and their states, the request queue, the
 * event heap, running integrals and per-window series; drives the run from its first event to the horizon.
 */
final class ClusterRun implements ClusterView {
    /** Heap per instance: state and fresh flags, event-heap key and slot, three index-set entries. */
    private static final long BYTES_PER_INSTANCE = 42;
    private static final byte OFF = 0;
    private static final byte SETUP = 1;
    private static final byte IDLE = 2;
    private static final byte BUSY = 3;

    private static final double RATE_TIME_CONSTANT = 10.0;

    private final AutoscaleSimulator sim;
    private final long seed;
    private final ArrivalStream arrivals;
    private final RandomGenerator serviceRng;
    private final RandomGenerator setupRng;
    private final RandomGenerator standbyRng;
    private final RandomGenerator dispatchRng;
    private final ScalingController controller;
    private final ServiceDistribution service;
    private final ServiceDistribution setup;
    private final boolean randomPick;
    private final boolean oracleRate;
    private final int n;
    private final double horizon;
    private final double warmup;
    private final double window;
    private final double slo;
    private final int initialIdle;
    private final Provenance parameters;

    private final byte[] state;
    private final IndexedMinHeap heap;
    private final IndexSet idleSet;
    private final IndexSet offSet;
    private final IndexSet setupSet;
    private final boolean[] fresh; // instance finished its set-up and has not served yet

    private double[] qArrival = new double[1024];
    private double[] qSize = new double[1024];
    private int qHead;
    private int queued;

    private int busy;
    private int idle;
    private int settingUp;
    private double now;

    // running integrals from 0, and their values at the warm-up
    private double concurrencyI;
    private double busyI;
    private double readyI;
    private double setupI;
    private double idleI;
    private double[] atWarmup;

    // per-window series
    private final int windows;
    private int k;
    private double windowEnd;
    private final double[] wBusy;
    private final double[] wIdle;
    private final double[] wSetup;
    private final double[] wQueued;
    private final long[] wArrivals;
    private final long[] wStarted;
    private final double[] wResponse;
    private final long[] wViolations;
    private final long[] wCold;

    private final LogHistogram histogram = new LogHistogram();
    private long arrivalCount;
    private long arrivalsAfterWarmup;
    private long events;
    private long started;
    private long waited;
    private long cold;
    private long violations;
    private double responseSum;
    private long setupsAfterWarmup;
    private double rateEstimate;
    private double rateTime;

    ClusterRun(AutoscaleSimulator sim, RunWindow runWindow, int initialIdle, long seed) {
        this.sim = sim;
        this.seed = seed;
        this.initialIdle = initialIdle;
        SplittableRandom root = new SplittableRandom(seed);
        arrivals = sim.model().arrivals().stream(root.split());
        serviceRng = root.split();
        setupRng = root.split();
        standbyRng = root.split();
        dispatchRng = root.split();
        controller = sim.policy().controller(sim.model(), root.split());
        service = sim.model().service();
        setup = sim.model().setup();
        randomPick = sim.settings().pick() == ClusterSettings.Pick.RANDOM;
        oracleRate = !Double.isNaN(sim.model().arrivals().rate(0));
        n = sim.model().maxInstances();
        horizon = runWindow.horizon();
        if (runWindow.maxEvents() == Long.MAX_VALUE) {   // each arrival is an event: refuse before any allocation
            org.queuelab.guard.RunGuards.requireEvents("autoscaling run to t = " + horizon + " with "
                    + sim.model().arrivals().label() + " arrivals", sim.model().arrivals().expectedCount(0, horizon));
        }
        warmup = runWindow.warmup();
        window = runWindow.grid().step();
        slo = sim.settings().slo();
        parameters = sim.provenance(runWindow).withSeed(seed);
        Memory.require("autoscaled cluster of maxInstances = " + n + " (about " + BYTES_PER_INSTANCE
                + " bytes per instance)", Memory.objects(n, BYTES_PER_INSTANCE), "a smaller maxInstances");
        state = new byte[n];
        heap = new IndexedMinHeap(n);
        idleSet = new IndexSet(n);
        offSet = new IndexSet(n);
        setupSet = new IndexSet(n);
        fresh = new boolean[n];
        windows = (int) Math.ceil(horizon / window - 1e-9);
        windowEnd = Math.min(window, horizon);
        wBusy = new double[windows];
        wIdle = new double[windows];
        wSetup = new double[windows];
        wQueued = new double[windows];
        wArrivals = new long[windows];
        wStarted = new long[windows];
        wResponse = new double[windows];
        wViolations = new long[windows];
        wCold = new long[windows];
    }

    ClusterResult execute() {
        for (int i = n - 1; i >= 0; i--) {
            offSet.add(i);
        }
        if (warmup == 0) {
            atWarmup = new double[5];
        }
        for (int c = 0; c < initialIdle; c++) {
            int i = offSet.get(offSet.size() - 1);
            offSet.remove(i);
            becomeIdle(i);
        }
        double nextArrival = arrivals.next();
        double nextEvaluation = controller.nextEvaluation(0);
        if (nextEvaluation > 0 && nextEvaluation < horizon) {   // a tick or sync period drives the work
            org.queuelab.guard.Budget.events().require("autoscaling run to t = " + horizon + " with the controller "
                    + "evaluating every " + nextEvaluation + " (its tick or sync period)", horizon / nextEvaluation);
        }
        long polls = 0;
        while (true) {
            Cancellation.poll(++polls, Cancellation.EVENTS_MASK, () -> "autoscaling simulation");
            double tHeap = heap.minTime();
            double t = Math.min(nextArrival, Math.min(tHeap, nextEvaluation));
            if (t > horizon) {
                break;
            }
            advance(t);
            events++;
            if (nextArrival <= tHeap && nextArrival <= nextEvaluation) {
                arrival();
                double next = arrivals.next();
                if (next < t) {
                    throw new IllegalArgumentException("arrival times: " + next + " after " + t
                            + "; allowed: non-decreasing");
                }
                nextArrival = next;
            } else if (tHeap <= nextEvaluation) {
                instanceEvent(heap.minSlot());
            } else {
                apply(controller.evaluate(this));
                nextEvaluation = controller.nextEvaluation(t);
            }
        }
        advance(horizon);
        return result();
    }

    /** Moves the clock to t, accumulating areas window by window. */
    private void advance(double t) {
        while (t > windowEnd && k < windows - 1) {
            accumulate(windowEnd);
            k++;
            windowEnd = Math.min((k + 1) * window, horizon);
        }
        accumulate(t);
    }

    private void accumulate(double t) {
        if (atWarmup == null && t >= warmup) {
            accumulateTo(warmup);
            atWarmup = new double[] {busyI, readyI, setupI, idleI, concurrencyI};
        }
        accumulateTo(t);
    }

    private void accumulateTo(double t) {
        double dt = t - now;
        if (dt <= 0) {
            return;
        }
        now = t;
        concurrencyI += (busy + queued) * dt;
        busyI += busy * dt;
        readyI += (busy + idle) * dt;
        setupI += settingUp * dt;
        idleI += idle * dt;
        wBusy[k] += busy * dt;
        wIdle[k] += idle * dt;
        wSetup[k] += settingUp * dt;
        wQueued[k] += queued * dt;
    }

    private void arrival() {
        double size = service.sample(serviceRng);
        arrivalCount++;
        wArrivals[k]++;
        if (now >= warmup) {
            arrivalsAfterWarmup++;
        }
        if (!oracleRate) {
            rateEstimate = rateEstimate * Math.exp(-(now - rateTime) / RATE_TIME_CONSTANT)
                    + 1 / RATE_TIME_CONSTANT;
            rateTime = now;
        }
        if (idle > 0) {
            int i = randomPick ? idleSet.uniform(dispatchRng) : idleSet.get(idleSet.size() - 1);
            startService(i, now, size);
            return;
        }
        if (now >= warmup) {
            waited++;
        }
        enqueue(now, size);
        start(controller.onArrivalWithoutIdle(this));
    }

    private void instanceEvent(int i) {
        switch (state[i]) {
            case BUSY -> {
                busy--;
                takeNextOrIdle(i);
            }
            case SETUP -> {
                settingUp--;
                setupSet.remove(i);
                fresh[i] = true;
                takeNextOrIdle(i);
            }
            case IDLE -> {
                idle--;
                idleSet.remove(i);
                switchOff(i);
            }
            default -> throw new IllegalStateException("event for an instance that is off");
        }
    }

    private void takeNextOrIdle(int i) {
        if (queued > 0) {
            double arrival = qArrival[qHead];
            double size = qSize[qHead];
            qHead = (qHead + 1) & (qArrival.length - 1);
            queued--;
            startService(i, arrival, size);
        } else {
            becomeIdle(i);
        }
    }

    private void becomeIdle(int i) {
        state[i] = IDLE;
        idle++;
        idleSet.add(i);
        double timeout = controller.idleTimeout(standbyRng);
        if (timeout < Double.POSITIVE_INFINITY) {
            heap.set(i, now + timeout);
        } else {
            heap.remove(i);
        }
    }

    private void switchOff(int i) {
        state[i] = OFF;
        fresh[i] = false;
        heap.remove(i);
        offSet.add(i);
    }

    /** Instance i (idle or just freed) serves a request that arrived at {@code arrival}. */
    private void startService(int i, double arrival, double size) {
        if (state[i] == IDLE) {
            idle--;
            idleSet.remove(i);
        }
        state[i] = BUSY;
        busy++;
        heap.set(i, now + size);
        boolean wasCold = fresh[i];
        fresh[i] = false;
        if (arrival >= warmup) {
            double response = now - arrival + size;
            int w = Math.min(windows - 1, (int) (arrival / window));
            started++;
            responseSum += response;
            histogram.add(response);
            wStarted[w]++;
            wResponse[w] += response;
            if (response > slo) {
                violations++;
                wViolations[w]++;
            }
            if (wasCold) {
                cold++;
                wCold[w]++;
            }
        }
    }

    private void enqueue(double arrival, double size) {
        if (queued == qArrival.length) {
            // an overloaded cluster grows its queue without bound: stop with the size reached, not an OOM
            String queue = "autoscaled cluster: the request queue at t = " + now;
            String reduce = "a shorter horizon, a larger maxInstances or a lower arrival rate";
            double[] a = Memory.growQueue(queue, queued, reduce);
            double[] s = Memory.growQueue(queue, queued, reduce);
            for (int j = 0; j < queued; j++) {
                a[j] = qArrival[(qHead + j) & (queued - 1)];
                s[j] = qSize[(qHead + j) & (queued - 1)];
            }
            qArrival = a;
            qSize = s;
            qHead = 0;
        }
        int tail = (qHead + queued) & (qArrival.length - 1);
        qArrival[tail] = arrival;
        qSize[tail] = size;
        queued++;
    }

    private void apply(int change) {
        if (change > 0) {
            start(change);
        } else if (change < 0) {
            stop(-change);
        }
    }

    private void start(int count) {
        for (int c = 0; c < count && !offSet.isEmpty(); c++) {
            int i = offSet.get(offSet.size() - 1);
            offSet.remove(i);
            state[i] = SETUP;
            settingUp++;
            setupSet.add(i);
            heap.set(i, now + setup.sample(setupRng));
            if (now >= warmup) {
                setupsAfterWarmup++;
            }
        }
    }

    private void stop(int count) {
        int c = 0;
        for (; c < count && !idleSet.isEmpty(); c++) {
            int i = idleSet.get(idleSet.size() - 1);
            idleSet.remove(i);
            idle--;
            switchOff(i);
        }
        for (; c < count && !setupSet.isEmpty(); c++) {
            int i = setupSet.get(setupSet.size() - 1);
            setupSet.remove(i);
            settingUp--;
            switchOff(i);
        }
    }

    private ClusterResult result() {
        double span = horizon - warmup;
        double busyA = busyI - atWarmup[0];
        double setupA = setupI - atWarmup[2];
        double idleA = idleI - atWarmup[3];
        double onA = busyA + setupA + idleA;
        PowerModel p = sim.model().power();
        double energy = p.busy() * busyA + p.setup() * setupA + p.idle() * idleA + p.off() * (n * span - onA);
        int firstWindow = (int) Math.floor(warmup / window + 1e-9);
        int counted = 0;
        int violated = 0;
        for (int w = firstWindow; w < windows; w++) {
            if (wStarted[w] > 0) {
                counted++;
                if (wViolations[w] > sim.settings().sloBudget() * wStarted[w]) {
                    violated++;
                }
            }
        }
        double jobs = started;
        ClusterMetrics metrics = new ClusterMetrics(started, responseSum / jobs, histogram.quantile(0.50),
                histogram.quantile(0.95), histogram.quantile(0.99), cold / jobs,
                waited / (double) Math.max(1, arrivalsAfterWarmup), onA / span, onA, energy, energy / (span * n),
                onA > 0 ? (setupA + idleA) / onA : 0.0, violations / jobs,
                counted > 0 ? violated / (double) counted : 0.0, setupsAfterWarmup);
        return new ClusterResult(sim.policy().label(), parameters, metrics, arrivalCount, events, series(p));
    }

    private WindowSeries series(PowerModel p) {
        double[][] v = new double[WindowSeries.NAMES.size()][windows];
        for (int w = 0; w < windows; w++) {
            double len = Math.min((w + 1) * window, horizon) - w * window;
            double b = wBusy[w] / len;
            double i = wIdle[w] / len;
            double s = wSetup[w] / len;
            v[0][w] = wArrivals[w] / len;
            v[1][w] = b + i + s;
            v[2][w] = b;
            v[3][w] = i;
            v[4][w] = s;
            v[5][w] = wQueued[w] / len;
            v[6][w] = p.busy() * b + p.setup() * s + p.idle() * i + p.off() * (n - b - i - s);
            v[7][w] = wStarted[w] > 0 ? wResponse[w] / wStarted[w] : Double.NaN;
            v[8][w] = wStarted[w] > 0 ? wViolations[w] / (double) wStarted[w] : Double.NaN;
            v[9][w] = wStarted[w] > 0 ? wCold[w] / (double) wStarted[w] : Double.NaN;
        }
        return new WindowSeries(window, WindowSeries.NAMES, v);
    }

    // ClusterView

    @Override
    public double time() {
        return now;
    }

    @Override
    public int maxInstances() {
        return n;
    }

    @Override
    public int busy() {
        return busy;
    }

    @Override
    public int idle() {
        return idle;
    }

    @Override
    public int settingUp() {
        return settingUp;
    }

    @Override
    public int queued() {
        return queued;
    }

    @Override
    public double concurrencyIntegral() {
        return concurrencyI;
    }

    @Override
    public double busyIntegral() {
        return busyI;
    }

    @Override
    public double readyIntegral() {
        return readyI;
    }

    @Override
    public double arrivalRate() {
        if (oracleRate) {
            return sim.model().arrivals().rate(now);
        }
        return rateEstimate * Math.exp(-(now - rateTime) / RATE_TIME_CONSTANT);
    }

    @Override
    public double setupMean() {
        return setup.mean();
    }

    @Override
    public double serviceMean() {
        return service.mean();
    }
}
