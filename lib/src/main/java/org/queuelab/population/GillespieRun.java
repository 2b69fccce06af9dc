package org.queuelab.population;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Budget;
import org.queuelab.guard.Cancellation;
import org.queuelab.result.TimeGrid;

/**
 * One Gillespie run of a {@link PopulationModel} at N servers (docs/population.md §4), the state of
 * {@link PopulationSimulator}'s hot loop. After an event only what it changed is touched: the exact sums it moves
 * (classes and their sums kept as integer counts, {@link RateProgram#exact}), the stale nodes of the rate program
 * ({@link RateProgram}, compiled), the rates among them, whose differences keep the total rate up to date
 * (recomputed from the rates every {@link #RESUM} events and whenever it falls by a factor 1024, so rounding can
 * neither accumulate nor cancel), and the time integrals of the classes and non-affine observables that changed
 * (a class's by one multiply-add into its epoch correction; epochs end at each re-summation) — all of it one
 * generated method per transition ({@link RateProgram#step}). The random numbers are drawn {@link #DRAWS} events
 * ahead. Nothing is allocated per event. Once the program's event loop is generated ({@link LoopCompiler}: the draw,
 * the scan and the frequent transitions' events in one method), the run hands its state to that loop and makes
 * here only the events it hands back; the arithmetic is the same, so the run is too.
 *
 * <p>The event is drawn by the sorting direct method: a cumulative scan of the rates in decreasing order of the
 * rates at the last re-summation (re-sorted then, every {@link #RESUM} events), so the few transitions that carry
 * most of the rate are met first (SQ(2) at λ = 0.9: ≈ 4 steps instead of ≈ 7 in model order). The transition a
 * uniform picks therefore depends on that order: the run has the law of the chain, and the same seed gives the
 * same run, but not the events of a scan in model order (docs/population.md §4).
 */
final class GillespieRun {

    /** Events between two exact re-summations of the total and block rates. */
    static final int RESUM = 1024;
    /** Events whose random numbers are drawn ahead, in one tight loop (no generator call inside the event loop). */
    private static final int DRAWS = 256;

    private final PopulationModel model;
    private final RateProgram program;
    private final int n;
    private final double invN;
    private final double[] params;
    private final int dim;
    final int[] counts;
    final double[] x;
    final double[] values;
    private final double[] rates;
    /** sums[0]: the total rate (an array: the compiled updates move it in place). */
    private final double[] sums = new double[1];
    /** The transitions in decreasing order of their rates at the last re-summation: the draw scans them so. */
    private final int[] order;
    /** Below this the total has lost a factor 1024 since it was last summed: cancellation, sum it again. */
    private double resumFloor;
    /** Time integrals over [warm-up, horizon] of the classes, then the observables. */
    final double[] integral;
    /** Per non-affine observable (by series index): when it last changed (integrated lazily from then). */
    private final double[] lastChange;
    /**
     * Per class: −Σ (count change) × (time since the epoch began) over the epoch's jumps, so that the class's
     * integral over the epoch is count(end) × length + this (no per-event look at when the class last changed).
     */
    private final double[] epochCorrection;
    /** The draws of the next events ({@link #drawAhead}): for the k-th, an exponential at 2k, a uniform at 2k + 1. */
    private final double[] draws = new double[2 * DRAWS];
    /** When the current epoch began; epochs end at each re-summation, keeping the sums small. */
    private double epochStart;
    /** Whether the integrals have begun (the first event after the warm-up). */
    private boolean integrating;
    /** The exact sums' server counts ({@link RateProgram#exact}). */
    private final long[] exactCounts;
    private final double burnIn;
    /** Re-summations after which the run asks for the generated event loop (2¹⁶ events). */
    private static final int LOOP_AFTER = 64;
    // the run's progress, shared by its own event path and the generated loop's hand-overs
    private double horizon;
    private TimeGrid grid;
    private double[][] samples;
    private int nextPoint;
    private double nextSample;
    private double t;
    private int sinceResum;
    private int draw;
    private int resums;
    /** The generated loop's scalars in and out ({@link LoopCompiler.EventLoop#run}). */
    private final double[] io = new double[8];
    private final int[] ii = new int[4];

    GillespieRun(PopulationModel model, RateProgram program, int n, int[] start, double burnIn) {
        this.model = model;
        this.program = program;
        this.n = n;
        this.invN = 1.0 / n;
        this.params = model.parameterValuesUnsafe();
        this.dim = model.dimension();
        this.burnIn = burnIn;
        counts = start.clone();
        x = new double[dim];
        for (int i = 0; i < dim; i++) {
            x[i] = counts[i] * invN;
        }
        values = new double[program.tape.size()];
        exactCounts = new long[values.length];
        program.evaluate(counts, invN, x, params, exactCounts, values);
        epochCorrection = new double[dim];
        int transitions = program.rateNodes.length;
        rates = new double[transitions];
        order = new int[transitions];
        integral = new double[dim + program.observableNodes.length];
        lastChange = new double[integral.length];
        for (int l = 0; l < transitions; l++) {
            order[l] = l;
            rates[l] = values[program.rateNodes[l]];
            if (!(rates[l] >= 0) || rates[l] == Double.POSITIVE_INFINITY) {
                throw new RateException(model.transitionNames().get(l), x, model.describe(x), rates[l],
                        "finite, ≥ 0");
            }
        }
        resum();
    }

    /** Σ of the rates at the start (the event budget's estimate). */
    double totalRate() {
        return sums[0];
    }

    /** Sums the rates afresh and re-sorts the draw's order by them (insertion sort: the order is nearly sorted). */
    private void resum() {
        double sum = 0;
        for (double r : rates) {
            sum += r;
        }
        sums[0] = sum;
        resumFloor = sum * 0x1p-10;
        for (int k = 1; k < order.length; k++) {
            int l = order[k];
            double r = rates[l];
            int j = k - 1;
            while (j >= 0 && rates[order[j]] < r) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = l;
        }
    }

    /**
     * Runs to {@code horizon}, sampling the classes and observables on {@code grid} into {@code samples}; at most
     * {@code limit} events are spent on {@code spent} (one more throws).
     *
     * @return the number of events
     */
    long run(double horizon, TimeGrid grid, double[][] samples, RandomGenerator rng, Budget.Counter spent,
             long limit) {
        this.horizon = horizon;
        this.grid = grid;
        this.samples = samples;
        nextPoint = 0;
        nextSample = grid.size() > 0 ? grid.time(0) : Double.POSITIVE_INFINITY;
        t = 0;
        sinceResum = 0;
        draw = DRAWS;
        while (true) {
            if (draw == DRAWS) {
                drawAhead(rng);
                draw = 0;
            }
            LoopCompiler.EventLoop loop = program.eventLoop();
            if (loop != null && limit - spent.spent() > 0 && generatedEvents(loop, spent, limit)) {
                continue;
            }
            if (!event(spent)) {
                break;
            }
        }
        finish(horizon);
        coordinates();
        return spent.spent();
    }

    /** x = counts / N afresh: the generated loop moves only the counts ({@link LoopCompiler}). */
    private void coordinates() {
        for (int i = 0; i < dim; i++) {
            x[i] = counts[i] * invN;
        }
    }

    /**
     * Events by the generated loop ({@link LoopCompiler}) from the current draw, as many as the draws ahead, the
     * budget and the next grid time allow, then what it handed back.
     *
     * @return false if the next event is to be made here ({@link #event}) from its beginning
     */
    private boolean generatedEvents(LoopCompiler.EventLoop loop, Budget.Counter spent, long limit) {
        int start = draw;
        io[0] = t;
        io[1] = sums[0];
        io[2] = epochStart;
        io[3] = invN;
        io[4] = n;
        // the slow path takes over at tNext ≥ horizon, nextSample < tNext, or (warming up) burnIn < tNext
        double soft = integrating ? nextSample : Math.min(nextSample, burnIn);
        io[5] = Math.min(horizon, Math.nextUp(soft));
        io[6] = resumFloor;
        ii[0] = draw;
        ii[1] = draw + (int) Math.min(DRAWS - draw, limit - spent.spent());
        ii[2] = sinceResum;
        int exit = loop.run(counts, x, exactCounts, values, rates, epochCorrection, order, draws, io, ii);
        t = io[0];
        sums[0] = io[1];
        draw = ii[0];
        sinceResum = ii[2];
        boolean drawnOnly = exit == LoopCompiler.PENDING || exit == LoopCompiler.SCAN_PAST;
        spent.spend(draw - start - (drawnOnly ? 1 : 0));   // within the limit: the loop used at most that many
        switch (exit) {
            case LoopCompiler.TIME -> {
                return false;
            }
            case LoopCompiler.PENDING -> complete(ii[3], io[7], spent);
            case LoopCompiler.SCAN_PAST -> {
                int chosen = pastTheEnd();
                complete(chosen, rates[chosen], spent);
            }
            case LoopCompiler.FAILED -> throw failure(ii[3], io[7]);
            case LoopCompiler.RESUM -> resumAt(t);
            default -> {
                // DRAWN_OUT: draw again, or (budget) the next event here
            }
        }
        return true;
    }

    /**
     * One event, from the holding time on (sampling the grid times it passes); false when the horizon comes
     * first.
     */
    private boolean event(Budget.Counter spent) {
        double total = sums[0];
        double tNext = total > 0 ? t + draws[2 * draw] / (n * total) : Double.POSITIVE_INFINITY;
        double end = Math.min(tNext, horizon);
        if (nextSample < end || (end == horizon && nextSample < end + 1e-12)) {
            nextPoint = sample(samples, grid, nextPoint, end, horizon);
            nextSample = nextPoint < grid.size() ? grid.time(nextPoint) : Double.POSITIVE_INFINITY;
        }
        if (tNext >= horizon) {
            return false;
        }
        t = tNext;
        if (!integrating && t > burnIn) {
            beginIntegrals();
        }
        int chosen = choose(draws[2 * draw++ + 1] * total);
        complete(chosen, rates[chosen], spent);
        return true;
    }

    /** The event of {@code chosen} (drawn at time t with rate {@code chosenRate}): observables, step, checks. */
    private void complete(int chosen, double chosenRate, Budget.Counter spent) {
        for (int o : program.staleObservables[chosen]) {   // each held its value until now
            integrate(dim + o, values[program.observableNodes[o]], t);
        }
        int flag = program.step(chosen, counts, x, params, exactCounts, values, rates, sums, epochCorrection,
                t - epochStart, invN);
        if (flag < 0 || !(sums[0] < Double.POSITIVE_INFINITY)) {
            throw failure(chosen, chosenRate);
        }
        if (++sinceResum == RESUM || sums[0] < resumFloor) {
            resumAt(t);
        }
        spent.spend();   // the event count, held to the budget as the run goes (the rates may grow)
    }

    /**
     * Ends the epoch at t and sums the rates again. The first time a run is past its warm-up and
     * {@link #LOOP_AFTER} re-summations with enough events still ahead ({@link RateProgram#LOOP_WORTH}, at the
     * current total rate), the program's event loop is generated from the rates then (which transitions fire most
     * is read from a state the run has settled in, not from its start). An Interrupt stops the run here.
     */
    private void resumAt(double t) {
        endEpoch(t);
        resum();
        sinceResum = 0;
        if (++resums >= LOOP_AFTER && integrating && program.loopPending((horizon - t) * n * sums[0])) {
            program.generateLoop(order, rates, RESUM);
        }
        Cancellation.check("population simulation");   // within RESUM events
    }

    /**
     * The random numbers of the next {@link #DRAWS} events, in the order the events use them (an exponential, then
     * a uniform): the run is the one that draws them one at a time, whose last draws past the horizon are unused.
     */
    private void drawAhead(RandomGenerator rng) {
        for (int k = 0; k < DRAWS; k++) {
            draws[2 * k] = rng.nextExponential();
            draws[2 * k + 1] = rng.nextDouble();
        }
    }

    /**
     * The transition whose cumulative rate, in the draw's order, first exceeds u; if rounding takes u past them
     * all, the last one in that order with a positive rate.
     */
    private int choose(double u) {
        int[] scan = order;
        double[] r = rates;
        for (int k = 0; k < scan.length; k++) {
            int l = scan[k];
            u -= r[l];
            if (u < 0) {
                return l;
            }
        }
        return pastTheEnd();
    }

    /**
     * The last transition in the draw's order with a positive rate: where a scan that rounding took past them all
     * stops.
     */
    private int pastTheEnd() {
        int[] scan = order;
        double[] r = rates;
        for (int k = scan.length - 1; k >= 0; k--) {
            if (r[scan[k]] > 0) {
                return scan[k];
            }
        }
        throw new IllegalStateException("no transition with a positive rate although the total is " + sums[0]);
    }

    /**
     * Why the event of {@code chosen} (whose rate was {@code chosenRate}) failed: a count that fell below 0 (the
     * jump is undone first, so the exception shows the state it left, as a check before the jump would), else a
     * bad rate.
     */
    private RateException failure(int chosen, double chosenRate) {
        coordinates();
        int[] idx = program.jumpIndex[chosen];
        for (int k = 0; k < idx.length; k++) {
            if (counts[idx[k]] < 0) {
                for (int j = 0; j < idx.length; j++) {
                    counts[idx[j]] -= program.jumpDelta[chosen][j];
                    x[idx[j]] = counts[idx[j]] * invN;
                }
                return new RateException(model.transitionNames().get(chosen), x, model.describe(x) + " (N = " + n
                        + ")", chosenRate, "a rate that vanishes when " + model.coordinateNames().get(idx[k])
                        + " holds fewer servers than the jump removes (it would fall below 0)");
            }
        }
        return badRate(chosen);
    }

    /** The integrals start at the warm-up's end: from the state held then (the jumps before it are forgotten). */
    private void beginIntegrals() {
        integrating = true;
        java.util.Arrays.fill(integral, 0, dim, 0.0);
        java.util.Arrays.fill(epochCorrection, 0.0);
        epochStart = burnIn;
    }

    /** Adds the epoch [epochStart, t] to the classes' integrals and begins the next one at t. */
    private void endEpoch(double t) {
        double length = t - epochStart;
        for (int i = 0; i < dim; i++) {
            integral[i] += counts[i] * length + epochCorrection[i];
            epochCorrection[i] = 0;
        }
        epochStart = t;
    }

    /** Adds value × (time spent since the series last changed, inside [warm-up, ·)) to its integral. */
    private void integrate(int series, double value, double t) {
        double from = Math.max(lastChange[series], burnIn);
        if (t > from) {
            integral[series] += value * (t - from);
        }
        lastChange[series] = t;
    }

    /** The first of the rates {@code chosen} changed that is negative, NaN or infinite, as an exception. */
    private RateException badRate(int chosen) {
        for (int l : program.staleRates[chosen]) {
            double r = rates[l];
            if (!(r >= 0) || r == Double.POSITIVE_INFINITY) {
                return new RateException(model.transitionNames().get(l), x, model.describe(x), r, "finite, ≥ 0");
            }
        }
        return new RateException("(all)", x, model.describe(x), sums[0], "a finite total rate");
    }

    /** The state held over [·, end) at every grid time before end; observables from a full evaluation. */
    private int sample(double[][] samples, TimeGrid grid, int nextPoint, double end, double horizon) {
        double[] full = new double[values.length];
        program.evaluate(counts, invN, x, params, new long[values.length], full);
        int points = grid.size();
        while (nextPoint < points && grid.time(nextPoint) < end + (end == horizon ? 1e-12 : 0)) {
            for (int i = 0; i < dim; i++) {
                samples[i][nextPoint] = counts[i] * invN;   // x[i] as a jump stores it
            }
            for (int o = 0; o < program.observableNodes.length; o++) {
                samples[dim + o][nextPoint] = full[program.observableNodes[o]];
            }
            nextPoint++;
        }
        return nextPoint;
    }

    /** Integrates every series to the horizon; affine observables are evaluated at the averaged state. */
    private void finish(double horizon) {
        if (!integrating) {
            beginIntegrals();
        }
        endEpoch(horizon);
        for (int i = 0; i < dim; i++) {
            integral[i] *= invN;   // server-time to fraction-time
        }
        int[] obs = program.observableNodes;
        for (int o = 0; o < obs.length; o++) {
            if (!program.affineObservable[o]) {
                integrate(dim + o, values[obs[o]], horizon);
            }
        }
        double span = horizon - burnIn;
        double[] mean = new double[dim];
        for (int i = 0; i < dim; i++) {
            mean[i] = integral[i] / span;
        }
        double[] atMean = new double[values.length];
        program.tape.evaluate(mean, params, atMean);
        for (int o = 0; o < obs.length; o++) {
            if (program.affineObservable[o]) {
                integral[dim + o] = atMean[obs[o]] * span;
            }
        }
    }
}
