"""Runs the peers on the bench's models and prints one JSON object (read by org.queuelab.bench.PeersBench).

Models (the same as the Java side):
  * SQ(2), lambda = 0.9, buffer K, exponential service: rmftool's DDPP (state x_i = fraction of servers with >= i
    jobs) -- its simulator at N, its ODE to t = 100, its fixed point and its refined mean field (the 1/N term V).
  * M/G/1 with lognormal service (mean 1, sigma = 1) at lambda = 0.5: Ciw, mean waiting time in queue.
Each timing is the median of `runs` repetitions; process CPU time.

usage: peers.py RUNS SIM_TIME K N
"""
import json
import os
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


def timed(runs, fn):
    out, times = None, []
    for _ in range(runs):
        t0 = time.process_time()
        out = fn()
        times.append(time.process_time() - t0)
    return out, {"median": statistics.median(times), "min": min(times), "max": max(times), "runs": runs}


def main():
    runs, sim_time, k, n = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    lam = 0.9
    model = sq2(lam, k)
    result = {"model": "SQ(2) lambda=0.9 K=%d" % k, "rmftool_version": "0.5", "ciw_version": ciw.__version__}

    def simulate():
        import random
        random.seed(1)
        t, x = model.simulate(n, sim_time)
        return len(t) - 1, t, x
    (events, t, x), timing = timed(runs, simulate)
    t = np.asarray(t)
    half = len(t) // 2
    dt = np.diff(t[half:])
    mean_jobs = float(np.sum(dt[:, None] * x[half:-1], axis=0).sum() / (t[-1] - t[half]))
    result["simulate"] = {"N": n, "time": sim_time, "events": events, "cpu": timing,
                          "mean_jobs_second_half": mean_jobs}

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
    print(json.dumps(result))


if __name__ == "__main__":
    main()
