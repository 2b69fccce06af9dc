// Native peer of queuelab's occupancy-count CTMC for SQ(d) (OccupancySimulator, load-balancing flavour):
// N exponential servers with buffer B, Poisson(λN) arrivals, each dispatched to the least loaded of d servers
// drawn uniformly with replacement. The state is the tail vector T[i] = #servers holding ≥ i jobs; one event
// costs O(1) whatever N. Same algorithm as the Java chain (event choice by one uniform, level of a uniform
// descending rank from the tail vector), with a ziggurat exponential for the holding times instead of a log.
//
//   g++ -O3 -march=native -o sqd_ctmc sqd_ctmc.cpp
//   ./sqd_ctmc N LAMBDA B D EVENTS SEED      → one JSON line: events, cpu_seconds, mean_jobs_per_server
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

namespace {

// xoshiro256** (Blackman & Vigna), seeded through splitmix64
struct Rng {
  uint64_t s[4];
  explicit Rng(uint64_t seed) {
    for (auto& w : s) {
      seed += 0x9e3779b97f4a7c15ULL;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      w = z ^ (z >> 31);
    }
  }
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t next() {
    uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
    return r;
  }
  double uniform() { return (next() >> 11) * 0x1.0p-53; }
  // uniform integer in [0, n) by Lemire's multiply-shift (bias < n / 2^64, negligible here)
  uint32_t below(uint32_t n) { return (uint32_t)(((unsigned __int128)next() * n) >> 64); }
};

// Ziggurat for the unit exponential (Marsaglia & Tsang 2000), 256 layers
struct ZigguratExp {
  static constexpr int L = 256;
  static constexpr double R = 7.69711747013104972;   // start of the tail
  static constexpr double V = 3.949659822581572e-3;  // area of each layer
  double x[L + 1], f[L + 1];
  ZigguratExp() {
    x[0] = V / std::exp(-R);
    x[1] = R;
    for (int i = 2; i < L; i++) x[i] = -std::log(V / x[i - 1] + std::exp(-x[i - 1]));
    x[L] = 0;
    for (int i = 0; i <= L; i++) f[i] = std::exp(-x[i]);
  }
  double operator()(Rng& rng) {
    for (;;) {
      uint64_t bits = rng.next();
      int i = bits & 0xff;
      double u = (bits >> 11) * 0x1.0p-53;
      double z = u * x[i];
      if (z < x[i + 1]) return z;                       // inside the layer's rectangle: the common case
      if (i == 0) return R - std::log(rng.uniform());   // the tail beyond R is again exponential
      if (f[i + 1] + rng.uniform() * (f[i] - f[i + 1]) < std::exp(-z)) return z;
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: %s N LAMBDA B D EVENTS SEED\n", argv[0]);
    return 2;
  }
  const int n = std::atoi(argv[1]);
  const double lambda = std::atof(argv[2]);
  const int buffer = std::atoi(argv[3]);
  const int d = std::atoi(argv[4]);
  const long long maxEvents = std::atoll(argv[5]);
  Rng rng(std::strtoull(argv[6], nullptr, 10));
  ZigguratExp exponential;
  std::vector<int> tail(buffer + 2, 0);   // tail[i] = servers with ≥ i jobs; tail[0] = N
  tail[0] = n;
  std::vector<double> area(buffer + 2, 0.0), since(buffer + 2, 0.0);
  double t = 0;
  long long jobs = 0;
  const double lamN = lambda * n;
  std::clock_t c0 = std::clock();
  for (long long e = 0; e < maxEvents; e++) {
    const int busy = tail[1];
    const double rate = lamN + busy;
    t += exponential(rng) / rate;
    if (rng.uniform() * rate < lamN) {
      int s = rng.below(n);   // descending rank of the least loaded of d: the max of d uniform ranks
      for (int j = 1; j < d; j++) { int r = rng.below(n); s = r > s ? r : s; }
      int level = 0;
      while (level < buffer && s < tail[level + 1]) level++;
      if (level < buffer) {
        int to = level + 1;
        area[to] += tail[to] * (t - since[to]); since[to] = t; tail[to]++;
        jobs++;
      }
    } else {
      int s = rng.below(busy);
      int level = 1;
      while (s < tail[level + 1]) level++;
      area[level] += tail[level] * (t - since[level]); since[level] = t; tail[level]--;
      jobs--;
    }
  }
  double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
  double meanJobs = 0;   // time-average jobs per server = Σ_{i≥1} time-average of T[i]/N
  for (int i = 1; i <= buffer; i++) meanJobs += (area[i] + tail[i] * (t - since[i])) / t / n;
  std::printf("{\"events\": %lld, \"cpu_seconds\": %.6f, \"mean_jobs_per_server\": %.6f, \"end_time\": %.6f}\n",
              maxEvents, cpu, meanJobs, t);
  return 0;
}
