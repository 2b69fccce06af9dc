package org.queuelab.sim.event;

import org.queuelab.guard.Cancellation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.result.Metric;
import org.queuelab.result.Provenance;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Trajectory;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.JobsPerServer;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.TabsInitialCondition;
import org.queuelab.sim.TimeWeightedAccumulator;

/**
 * Event-driven simulator of TABS (token-based auto-scaling) with general service times, exactly as
 * docs/tabs.md §2: Poisson arrivals of rate λN; an arrival joins a uniformly chosen idle-on server if any;
 * otherwise it joins a uniformly chosen busy server with room ({@link TabsModel.Overflow#NONFULL_UNIFORM}) or a
 * uniformly chosen busy server, lost if full ({@link TabsModel.Overflow#ANY_BUSY_UNIFORM_LOSE_IF_FULL}), and is lost
 * when there is none; independently of acceptance, every arrival that finds no idle-on server starts the set-up of
 * one uniformly chosen off server, if any. A server that empties becomes idle-on with a fresh Exp(mean µ) standby
 * timer; on expiry it switches off. Set-up lasts Exp(mean ν), is never aborted, and ends idle-on with a fresh
 * standby timer (no stealing of queued jobs).
 *
 * <p>Engine: per-server FCFS queues (ring buffers of job sizes), an {@link IndexedMinHeap} with one slot per server
 * for its next departure, and {@link IndexSet}s for the idle-on, setting-up and off servers and for the busy servers
 * an overflowing job may be sent to (all busy ones under {@link TabsModel.Overflow#ANY_BUSY_UNIFORM_LOSE_IF_FULL},
 * those with room otherwise); nothing is allocated per event. The standby timers and set-ups are exponential and
 * held by servers without jobs, so which idle-on (setting-up) server's clock rings first is uniform among them: the
 * engine keeps one clock for all of them, of rate I/µ + S/ν with I idle-on and S setting-up servers, and on a ring
 * picks the kind and the server with one uniform. Its residual hazard is Exp(1) whatever happened before (memoryless),
 * so when I or S changes the ring time is rescaled by the ratio of the rates instead of drawn again. This is the same
 * model as one timer per server, with two heap operations fewer per standby period and set-up. The clock's ring
 * times (Exp(1) hazards) come from the set-up stream of {@link EventStreams}, its picks of kind and server from the
 * standby stream.
 * Job sizes are drawn at arrival (see {@link EventStreams} for the common random numbers this gives); by FCFS a
 * job's waiting time is then known at arrival as the work ahead of it.
 *
 * <p>Time averages cover [warmup, T] and estimate stationary quantities only when the model is
 * {@link TabsModel#stable() stable}; for an overloaded model ({@link TabsModel#transientOverload}) the run gives
 * trajectories and counts, and {@link TabsResult#metrics()} throws.
 */
public final class TabsSimulator extends EventSimulator<TabsModel, TabsResult> {

    static final byte BUSY = 0;
    static final byte IDLE = 1;
    static final byte SETUP = 2;
    static final byte OFF = 3;

    private static final int A_BUSY = 0;
    private static final int A_IDLE = 1;
    private static final int A_SETUP = 2;
    private static final int A_OFF = 3;
    private static final int A_JOBS = 4;
    private static final int A_Q2 = 5;

    private final PowerModel power;
    private final boolean recordQueueLengths;

    /** Use {@link EventSimulation#of(TabsModel, int)}. */
    TabsSimulator(TabsModel model, int n, PowerModel power, boolean recordQueueLengths) {
        super(model, n);
        this.power = Objects.requireNonNull(power, "power");
        this.recordQueueLengths = recordQueueLengths;
    }

    /** {@return the power weights of the {@code energy} metric ({@link PowerModel#standard()} unless set)} */
    public PowerModel power() {
        return power;
    }

    /**
     * {@return whether every server's queue length is recorded on the grid (series {@code queue0}, {@code queue1}, …,
     * {@code Metric.queue(s)}; small N only)}
     */
    public boolean recordsQueueLengths() {
        return recordQueueLengths;
    }

    /**
     * {@return the same simulator weighting the {@code energy} metric with {@code weights}}
     *
     * @param weights the power drawn in each server state
     */
    public TabsSimulator withPower(PowerModel weights) {
        return new TabsSimulator(model, n, weights, recordQueueLengths);
    }

    /**
     * {@return the same simulator recording (or not) every server's queue length on the grid (the thesis' Figures 1–3)}
     *
     * @param record whether to record every server's queue length (N series)
     */
    public TabsSimulator withQueueLengths(boolean record) {
        return new TabsSimulator(model, n, power, record);
    }

    /** The parameters of a run in {@code window}: engine, model, N, the window, then the power weights. */
    @Override
    public Provenance provenance(RunWindow window) {
        return super.provenance(window)
                .with("P_busy", power.busy())
                .with("P_setup", power.setup())
                .with("P_idle", power.idle())
                .with("P_off", power.off());
    }

    /**
     * One run in {@code window} (finite horizon, no event budget; initial state a {@link TabsInitialCondition} or
     * {@link JobsPerServer}) with the streams split from {@code seed}.
     */
    @Override
    public TabsResult run(RunWindow window, long seed) {
        return new Run(window, start(window), EventStreams.of(seed)).execute(seed);
    }

    @Override
    void checkWindow(RunWindow window) {
        start(window);
    }

    /** Checks the window and returns its start as a TABS initial condition (validated against N and B). */
    private TabsInitialCondition start(RunWindow window) {
        Objects.requireNonNull(window, "window");
        EventRuns.requireWindow(window, "TABS", model.lambda(), n, 5 + (recordQueueLengths ? n : 0L), 160,
                "raise the grid step or do not record queue lengths");
        TabsInitialCondition initial;
        if (window.initial() instanceof TabsInitialCondition tabs) {
            initial = tabs;
        } else if (window.initial() instanceof JobsPerServer each) {
            initial = each.jobs() == 0 ? TabsInitialCondition.allIdleOn()
                    : TabsInitialCondition.explicit(filled(n, each.jobs()), 0, 0, 0);
        } else {
            throw InitialState.unsupported(window.initial(), "the event-driven TABS simulator",
                    "TabsInitialCondition or JobsPerServer");
        }
        initial.queueLengths(n, model.buffer()); // validates the initial condition now
        return initial;
    }

    private static int[] filled(int length, int value) {
        int[] a = new int[length];
        Arrays.fill(a, value);
        return a;
    }

    /** The mutable state of one run. */
    private final class Run {
        private final EventStreams rng;
        private final int n;
        private final int buffer;
        private final double arrivalRate;
        private final double standbyMean;
        private final double setupMean;
        private final ServiceDistribution service;
        private final boolean anyBusyOverflow;
        private final RunWindow window;
        private final TabsInitialCondition initial;
        private final double horizon;
        private final double warmup;

        private final byte[] state;
        private final int[] jobs;            // jobs held, including the one in service
        private final double[] workEnd;      // time at which the server's current work ends (busy servers)
        private final WaitingJobs waiting;   // sizes of the jobs behind the one in service
        private final IndexedMinHeap heap;   // slot s: server s's next departure
        private final IndexSet idleSet;
        private final IndexSet setupSet;
        private final IndexSet offSet;
        // the clock of every standby timer and set-up: rate I/µ + S/ν, next ring at clockTime (+∞ when the rate is 0)
        private final double standbyRate;    // 1/µ per idle-on server (0 when µ = ∞)
        private final double setupRate;      // 1/ν per setting-up server
        private double clockRate;
        private double clockTime = Double.POSITIVE_INFINITY;
        // where an overflowing job may go: the busy servers (anyBusyOverflow), else those with fewer than B jobs;
        // the other set would never be drawn from, so it is not kept
        private final IndexSet overflowSet;

        private final int[] count = new int[6]; // current busy, idle, setup, off, jobs, servers with ≥ 2 jobs

        // time-weighted counts over [warmup, T]: busy, idle, setup, off, jobs, servers with ≥ 2 jobs
        private final TimeWeightedAccumulator areas;

        private long initialJobs;
        private long arrivals;
        private long accepted;
        private long lost;
        private long departures;
        private long setupsStarted;
        private long setupsCompleted;
        private long expiries;
        private long windowArrivals;
        private long windowLost;
        private double waitSum;
        private long waitCount;

        // trajectory
        private final TimeGrid grid;
        private final int points;
        private int nextSample;
        private double nextSampleTime;   // grid.time(nextSample), +∞ once every point is recorded
        private final double[][] series; // busy, idle, setup, off, lost, then queue lengths of servers 0..n−1

        Run(RunWindow window, TabsInitialCondition initial, EventStreams rng) {
            this.rng = rng;
            this.window = window;
            this.initial = initial;
            n = TabsSimulator.this.n;
            buffer = model.buffer();
            arrivalRate = model.lambda() * n;
            standbyMean = model.standbyMean();
            setupMean = model.setupMean();
            service = model.service();
            anyBusyOverflow = model.overflow() == TabsModel.Overflow.ANY_BUSY_UNIFORM_LOSE_IF_FULL;
            horizon = window.horizon();
            warmup = window.warmup();
            state = new byte[n];
            jobs = new int[n];
            workEnd = new double[n];
            waiting = new WaitingJobs(n, 8);
            heap = new IndexedMinHeap(n);
            idleSet = new IndexSet(n);
            setupSet = new IndexSet(n);
            offSet = new IndexSet(n);
            standbyRate = Double.isFinite(standbyMean) ? 1 / standbyMean : 0.0;
            setupRate = 1 / setupMean;
            overflowSet = new IndexSet(n);
            areas = new TimeWeightedAccumulator(6, warmup);
            grid = window.grid();
            points = grid.size();
            series = new double[5 + (recordQueueLengths ? n : 0)][points];
        }

        TabsResult execute(long seed) {
            initialize();
            retimeClock(0.0);
            nextSampleTime = points > 0 ? grid.time(0) : Double.POSITIVE_INFINITY;
            double nextArrival = rng.arrivals().nextExponential() / arrivalRate;
            long polls = 0;
            while (true) {
                Cancellation.poll(++polls, Cancellation.EVENTS_MASK, () -> "TABS simulation");
                double tHeap = heap.minTime();
                double t = Math.min(Math.min(nextArrival, tHeap), clockTime);
                if (t > horizon) {
                    break;
                }
                advance(t);
                if (nextArrival == t) {
                    arrival(t);
                    nextArrival = t + rng.arrivals().nextExponential() / arrivalRate;
                } else if (tHeap == t) {
                    departure(heap.minSlot(), t);
                } else {
                    ring(t);
                }
                retimeClock(t);
            }
            advance(horizon);
            while (nextSample < points) {
                sample(nextSample++);
            }
            TabsCounts counts = new TabsCounts(initialJobs, arrivals, accepted, lost, departures, count[A_JOBS],
                    setupsStarted, setupsCompleted, expiries, windowArrivals, windowLost);
            double busy = areas.mean(A_BUSY, horizon) / n;
            double idle = areas.mean(A_IDLE, horizon) / n;
            double setup = areas.mean(A_SETUP, horizon) / n;
            double off = areas.mean(A_OFF, horizon) / n;
            double meanJobs = areas.mean(A_JOBS, horizon) / n;
            double meanWaiting = meanJobs - busy;
            double meanQ2 = areas.mean(A_Q2, horizon) / n;
            // undefined values are NaN here and refused by TabsMetrics' accessors and TabsResult's metrics
            double loss = windowArrivals == 0 ? Double.NaN : (double) windowLost / windowArrivals;
            double lambda = model.lambda();
            double waitLittle = meanWaiting / (lambda * (1 - loss));
            double waitPerJob = waitCount == 0 ? Double.NaN : waitSum / waitCount;
            TabsMetrics metrics = new TabsMetrics(busy, idle, setup, off, meanJobs, meanWaiting, meanQ2, loss,
                    waitPerJob, waitLittle, meanQ2 / lambda, power.energy(busy, setup, idle, off),
                    waitCount);
            List<String> names = new ArrayList<>(List.of(Metric.names(Metric.BUSY, Metric.IDLE, Metric.SETUP, Metric.OFF, Metric.LOST_SO_FAR)));
            for (int s = 5; s < series.length; s++) {
                names.add(TabsResult.queueSeries(s - 5));
            }
            Trajectory trajectory = new Trajectory(grid, names, series, provenance(window).withSeed(seed));
            return new TabsResult(model, n, window, seed, counts, metrics, trajectory);
        }

        private void bump(int which, double t, int delta) {
            count[which] += delta;
            areas.add(which, t, delta);
        }

        private void initialize() {
            double t = 0.0;
            int[] q0 = initial.queueLengths(n, buffer);
            for (int s = 0; s < n; s++) {
                byte st = initial.state(s, n);
                switch (st) {
                    case BUSY -> {
                        state[s] = BUSY;
                        bump(A_BUSY, t, 1);
                        double size = service.sample(rng.service());
                        workEnd[s] = size;
                        heap.set(s, size);
                        jobs[s] = 1;
                        bump(A_JOBS, t, 1);
                        for (int j = 1; j < q0[s]; j++) {
                            double sz = service.sample(rng.service());
                            waiting.enqueue(s, jobs[s] - 1, sz);
                            workEnd[s] += sz;
                            jobs[s]++;
                            bump(A_JOBS, t, 1);
                        }
                        if (jobs[s] >= 2) {
                            bump(A_Q2, t, 1);
                        }
                        if (anyBusyOverflow || jobs[s] < buffer) {
                            overflowSet.add(s);
                        }
                        initialJobs += jobs[s];
                    }
                    case IDLE -> becomeIdle(s, 0.0);
                    case SETUP -> {
                        startSetup(s, 0.0);
                        setupsStarted--; // present at t = 0, not started in [0, T]
                    }
                    default -> {
                        state[s] = OFF;
                        bump(A_OFF, t, 1);
                        offSet.add(s);
                    }
                }
            }
        }

        /** Records the grid points strictly before t: the state is constant on [last event, t). */
        private void advance(double t) {
            while (nextSampleTime < t) {
                sample(nextSample++);
                nextSampleTime = nextSample < points ? grid.time(nextSample) : Double.POSITIVE_INFINITY;
            }
        }

        private void sample(int k) {
            series[0][k] = (double) count[A_BUSY] / n;
            series[1][k] = (double) count[A_IDLE] / n;
            series[2][k] = (double) count[A_SETUP] / n;
            series[3][k] = (double) count[A_OFF] / n;
            series[4][k] = lost;
            for (int s = 5; s < series.length; s++) {
                series[s][k] = jobs[s - 5];
            }
        }

        private void arrival(double t) {
            arrivals++;
            boolean inWindow = t >= warmup;
            if (inWindow) {
                windowArrivals++;
            }
            double size = service.sample(rng.service()); // drawn for every arrival: common random numbers
            RandomGenerator choice = rng.dispatch();
            if (!idleSet.isEmpty()) {
                int s = idleSet.uniform(choice);
                idleSet.remove(s);
                bump(A_IDLE, t, -1);
                state[s] = BUSY;
                bump(A_BUSY, t, 1);
                jobs[s] = 1;
                bump(A_JOBS, t, 1);
                if (anyBusyOverflow || buffer > 1) {
                    overflowSet.add(s);
                }
                workEnd[s] = t + size;
                heap.set(s, t + size);
                accepted++;
                if (inWindow) {
                    waitCount++;
                }
                return;
            }
            int s = -1;
            if (anyBusyOverflow) {
                if (!overflowSet.isEmpty()) {
                    int c = overflowSet.uniform(choice);
                    if (jobs[c] < buffer) {
                        s = c;
                    }
                }
            } else if (!overflowSet.isEmpty()) {
                s = overflowSet.uniform(choice);
            }
            if (s >= 0) {
                accepted++;
                if (inWindow) {
                    waitSum += workEnd[s] - t;
                    waitCount++;
                }
                workEnd[s] += size;
                waiting.enqueue(s, jobs[s] - 1, size);
                jobs[s]++;
                bump(A_JOBS, t, 1);
                if (jobs[s] == 2) {
                    bump(A_Q2, t, 1);
                }
                if (jobs[s] >= buffer && !anyBusyOverflow) {
                    overflowSet.remove(s);
                }
            } else {
                lost++;
                if (inWindow) {
                    windowLost++;
                }
            }
            if (!offSet.isEmpty()) {
                startSetup(offSet.uniform(choice), t);
            }
        }

        private void departure(int s, double t) {
            departures++;
            jobs[s]--;
            bump(A_JOBS, t, -1);
            if (jobs[s] == 1) {
                bump(A_Q2, t, -1);
            }
            if (jobs[s] > 0) {
                heap.set(s, t + waiting.dequeue(s));
                if (jobs[s] == buffer - 1 && !anyBusyOverflow) {
                    overflowSet.add(s); // it was full
                }
                return;
            }
            heap.remove(s);
            overflowSet.remove(s);
            bump(A_BUSY, t, -1);
            becomeIdle(s, t);
        }

        /**
         * The clock of the standby timers and set-ups rings at t: one uniform on [0, I/µ + S/ν) picks an idle-on
         * server's expiry (below I/µ) or a set-up's completion, and which server, each uniformly.
         */
        private void ring(double t) {
            int idle = idleSet.size();
            double u = rng.standby().nextDouble() * clockRate;
            double idleHazard = idle * standbyRate;
            if (u < idleHazard || setupSet.isEmpty()) { // (u may round up to the rate itself)
                int s = idleSet.get(Math.min(idle - 1, (int) (u / standbyRate)));
                idleSet.remove(s);
                bump(A_IDLE, t, -1);
                state[s] = OFF;
                bump(A_OFF, t, 1);
                offSet.add(s);
                expiries++;
            } else {
                int setups = setupSet.size();
                int s = setupSet.get(Math.min(setups - 1, (int) ((u - idleHazard) / setupRate)));
                setupSet.remove(s);
                bump(A_SETUP, t, -1);
                setupsCompleted++;
                becomeIdle(s, t);
            }
            clockRate = 0.0; // rung: retimeClock draws the next ring afresh
            clockTime = Double.POSITIVE_INFINITY;
        }

        /**
         * After an event at t: the clock's rate for the current I and S, its ring time rescaled by the ratio of the
         * old rate to the new (the residual hazard is Exp(1), memoryless), or drawn afresh when it had none.
         */
        private void retimeClock(double t) {
            double rate = idleSet.size() * standbyRate + setupSet.size() * setupRate;
            if (rate == clockRate) {
                return;
            }
            if (rate == 0.0) {
                clockTime = Double.POSITIVE_INFINITY;
            } else if (clockRate == 0.0) {
                clockTime = t + rng.setup().nextExponential() / rate;
            } else {
                clockTime = t + (clockTime - t) * (clockRate / rate);
            }
            clockRate = rate;
        }

        private void becomeIdle(int s, double t) {
            state[s] = IDLE;
            bump(A_IDLE, t, 1);
            idleSet.add(s);
        }

        private void startSetup(int s, double t) {
            if (state[s] == OFF) {
                offSet.remove(s);
                bump(A_OFF, t, -1);
            }
            state[s] = SETUP;
            bump(A_SETUP, t, 1);
            setupsStarted++;
            setupSet.add(s);
        }


    }
}
