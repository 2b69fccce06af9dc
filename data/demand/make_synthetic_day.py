#!/usr/bin/env python3
"""Writes synthetic-day.csv: a made-up day of per-minute invocation counts in the layout of the public Azure
Functions invocation-count traces (HashOwner,HashApp,HashFunction,Trigger,1,...,1440). Standard library only;
seeded, so re-running it rewrites the same file."""
import math
import random

MINUTES = 1440
rng = random.Random(20261201)


def poisson(mean):
    """A Poisson draw by counting unit-rate exponential gaps (exact; means here stay below a few thousand)."""
    count, total = 0, rng.expovariate(1.0)
    while total < mean:
        count += 1
        total += rng.expovariate(1.0)
    return count


def day_cycle(minute, mean, amplitude, peak_minute):
    return mean * (1 + amplitude * math.cos(2 * math.pi * (minute - peak_minute) / MINUTES))


# an HTTP API: a day cycle peaking at 14:00, from 0.4x to 1.6x its mean of 300 per minute
http = [poisson(day_cycle(m, 300, 0.6, 840)) for m in range(MINUTES)]

# a queue worker: a milder day cycle, plus bursts (x5) that start at rate 1/200 per minute and last ~8 minutes
queue, burst = [], False
for m in range(MINUTES):
    if burst and rng.random() < 1 / 8:
        burst = False
    elif not burst and rng.random() < 1 / 200:
        burst = True
    base = day_cycle(m, 100, 0.3, 780)
    queue.append(poisson(base * (5 if burst else 1)))

# a timer: a batch of ~400 invocations every 15 minutes, a trickle in between
timer = [poisson(400 if m % 15 == 0 else 2) for m in range(MINUTES)]

with open("synthetic-day.csv", "w") as f:
    f.write("HashOwner,HashApp,HashFunction,Trigger," + ",".join(str(m + 1) for m in range(MINUTES)) + "\n")
    for owner, app, fn, trigger, counts in [
        ("owner-a", "app-web", "fn-http-api", "http", http),
        ("owner-a", "app-jobs", "fn-queue-worker", "queue", queue),
        ("owner-b", "app-cron", "fn-timer-batch", "timer", timer),
    ]:
        f.write(",".join([owner, app, fn, trigger] + [str(c) for c in counts]) + "\n")
