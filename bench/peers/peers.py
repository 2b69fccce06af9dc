"""Runs the peers on the bench's models and prints one JSON object (read by org.queuelab.bench.PeersBench).

Models (the same as the Java side):
  * SQ(2), lambda = 0.9, buffer K, exponential service: rmftool's DDPP (state x_i = fraction of servers with >= i
    jobs) -- its simulator at N, its ODE to t = 100, its fixed point and its refined mean field (the 1/N term V).
    The simulator also runs at N_LARGE servers over a short horizon LARGE_TIME.
  * M/G/1 with lognormal service (mean 1, sigma = 1) at lambda = 0.5: Ciw, mean waiting time in queue.
  * SQ(2) with 10 exponential servers, lambda = 0.9 per server: Ciw (a dispatcher node with instantaneous service
    routes each job to the shorter of two servers sampled uniformly with replacement, ties at random), mean
    response time.
Each timing is the median of `runs` repetitions; process CPU time.

usage: peers.py RUNS SIM_TIME K N N_LARGE LARGE_TIME
"""
import json
import os
import random
import statistics
import sys
import time

import numpy as np

import rmftool
sys.path.insert(0, os.path.dirname(rmftool.__file__))   # rmftool imports its own modules without the package
from rmftool.population_processes import DDPP           # noqa: E402
import ciw                                               # noqa: E402


def sq2(lam, k):
    model = DDPP()
    for i in range(k):
        jump = np.zeros(k)
        jump[i] = 1
        # arrival that lands on a server with exactly i jobs: the least loaded of 2 has >= i but not >= i + 1
        model.add_transition(jump, lambda x, i=i: lam * ((x[i - 1] if i > 0 else 1.0) ** 2 - x[i] ** 2))
        model.add_transition(-jump, lambda x, i=i: x[i] - (x[i + 1] if i + 1 < k else 0.0))
    model.set_initial_state(np.zeros(k))
    return model


def simulate(model, runs, n, sim_time):
    """rmftool's simulator at n servers on [0, sim_time] from empty; mean jobs per server over the second half."""
    def one():
        import random
        random.seed(1)
        t, x = model.simulate(n, sim_time)
        return len(t) - 1, t, x
    (events, t, x), timing = timed(runs, one)
    t = np.asarray(t)
    half = int(np.searchsorted(t, sim_time / 2))
    dt = np.diff(np.append(t[half:], sim_time))
    mean_jobs = float(np.sum(dt[:, None] * x[half:], axis=0).sum() / (sim_time - t[half]))
    return {"N": n, "time": sim_time, "events": events, "cpu": timing, "mean_jobs_second_half": mean_jobs}


class PowerOfTwo(ciw.routing.NodeRouting):
    """Routes a job to the server with fewer jobs (in queue or in service) of two uniform samples drawn with
    replacement (queuelab's PowerOfD), ties at random."""

    def __init__(self, destinations):
        self.destinations = destinations

    def next_node(self, ind):
        a, b = random.choice(self.destinations), random.choice(self.destinations)   # seeded by ciw.seed
        na = self.simulation.nodes[a].number_of_individuals
        nb = self.simulation.nodes[b].number_of_individuals
        pick = a if na < nb else b if nb < na else ciw.random_choice([a, b])
        return self.simulation.nodes[pick]


def ciw_sq2(servers, lam, horizon, warmup, seed):
    ciw.seed(seed)
    destinations = list(range(2, servers + 2))
    network = ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(rate=lam * servers)] + [None] * servers,
        service_distributions=[ciw.dists.Deterministic(value=0.0)] + [ciw.dists.Exponential(rate=1.0)] * servers,
        number_of_servers=[float("inf")] + [1] * servers,
        routing=ciw.routing.NetworkRouting(routers=[PowerOfTwo(destinations)] + [ciw.routing.Leave()] * servers))
    sim = ciw.Simulation(network)
    sim.simulate_until_max_time(horizon)
    recs = [r for r in sim.get_all_records() if r.node != 1 and r.arrival_date > warmup]
    return len(recs), float(np.mean([r.waiting_time + r.service_time for r in recs]))


def timed(runs, fn):
    out, times = None, []
    for _ in range(runs):
        t0 = time.process_time()
        out = fn()
        times.append(time.process_time() - t0)
    return out, {"median": statistics.median(times), "min": min(times), "max": max(times), "runs": runs}


def main():
    runs, sim_time, k, n = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    n_large, large_time = int(sys.argv[5]), float(sys.argv[6])
    lam = 0.9
    model = sq2(lam, k)
    result = {"model": "SQ(2) lambda=0.9 K=%d" % k, "rmftool_version": "0.5", "ciw_version": ciw.__version__}

    result["simulate"] = simulate(model, runs, n, sim_time)
    result["simulate_large"] = simulate(model, runs, n_large, large_time)

    _, timing = timed(runs, lambda: model.ode(100, 1000))
    result["ode"] = {"time": 100, "steps": 1000, "cpu": timing}
    fp, timing = timed(runs, model.fixed_point)
    result["fixed_point"] = {"x": [float(v) for v in fp], "cpu": timing}
    (pi, v, _), timing = timed(runs, lambda: model.meanFieldExpansionSteadyState(order=1))
    result["refined"] = {"V": [float(a) for a in v], "mean_jobs_V": float(np.sum(v)), "cpu": timing}

    def mg1():
        ciw.seed(1)
        network = ciw.create_network(
            arrival_distributions=[ciw.dists.Exponential(rate=0.5)],
            service_distributions=[ciw.dists.Lognormal(mean=-0.5, sd=1.0)],   # log-space parameters: mean 1
            number_of_servers=[1])
        sim = ciw.Simulation(network)
        sim.simulate_until_max_time(20000)
        recs = [r for r in sim.get_all_records() if r.arrival_date > 2000]
        return len(sim.get_all_records()), float(np.mean([r.waiting_time for r in recs]))
    (served, wait), timing = timed(max(1, runs // 2 + 1), mg1)
    result["ciw_mg1"] = {"lambda": 0.5, "horizon": 20000, "warmup": 2000, "jobs": served, "mean_wait": wait,
                         "cpu": timing}
    sq2_runs = runs
    replicas, cpu = [], []
    for r in range(sq2_runs):       # independent seeds: a mean with its spread, to compare with queuelab's interval
        (_, response), timing = timed(1, lambda r=r: ciw_sq2(10, lam, 20000, 2000, 1 + r))
        replicas.append(response)
        cpu.append(timing["median"])
    result["ciw_sq2"] = {"servers": 10, "lambda": lam, "horizon": 20000, "warmup": 2000, "runs": sq2_runs,
                         "mean_response": replicas,
                         "cpu": {"median": statistics.median(cpu), "min": min(cpu), "max": max(cpu), "runs": sq2_runs}}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
