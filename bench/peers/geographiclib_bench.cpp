// The peer for `bench/run geo`: GeographicLib (C++) on the same input lines.
// Prints JSON with ns/op for Geodesic::Inverse, Geohash::Forward (length 7, ~150 m cells)
// and MGRS::Forward at 100 m precision (a UTM-based 100 m grid).
#include <GeographicLib/Geodesic.hpp>
#include <GeographicLib/Geohash.hpp>
#include <GeographicLib/MGRS.hpp>
#include <GeographicLib/UTMUPS.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace GeographicLib;

static double best_ns(int repeats, size_t count, const std::function<void()>& body) {
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    body();
    double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, ns / count);
  }
  return best;
}

static std::vector<double> read_lines(const char* path) {
  std::ifstream in(path);
  std::vector<double> v;
  double a, b, c, d;
  while (in >> a >> b >> c >> d) { v.push_back(a); v.push_back(b); v.push_back(c); v.push_back(d); }
  return v;
}

struct Timings { double inverse, geohash, mgrs; };

static Timings measure(const std::vector<double>& v, int repeats, double& sink);

int main(int argc, char** argv) {
  if (argc < 2) { std::fprintf(stderr, "usage: %s LINES [REPEATS [WARMUP_LINES]]\n", argv[0]); return 64; }
  int repeats = argc > 2 ? std::stoi(argv[2]) : 5;
  std::vector<double> v = read_lines(argv[1]);
  size_t n = v.size() / 4;
  if (n == 0) { std::fprintf(stderr, "no lines in %s\n", argv[1]); return 1; }
  double sink = 0;
  // Every operation once on other problems first, untimed, as the WorldLayer side does.
  if (argc > 3) measure(read_lines(argv[3]), 1, sink);
  Timings t = measure(v, repeats, sink);
  std::fprintf(stderr, "checksum %g\n", sink);
  std::printf("{\"inverse_ns\": %.1f, \"geohash7_ns\": %.1f, \"mgrs100m_ns\": %.1f, \"lines\": %zu}\n", t.inverse, t.geohash, t.mgrs, n);
  return 0;
}

static Timings measure(const std::vector<double>& v, int repeats, double& sink) {
  size_t n = v.size() / 4;
  const Geodesic& g = Geodesic::WGS84();
  double inverse = best_ns(repeats, n, [&] {
    for (size_t i = 0; i < n; ++i) { double s12, azi1, azi2; g.Inverse(v[4*i], v[4*i+1], v[4*i+2], v[4*i+3], s12, azi1, azi2); sink += s12 + azi1 + azi2; }
  });
  double geohash = best_ns(repeats, n, [&] {
    std::string h;
    for (size_t i = 0; i < n; ++i) { Geohash::Forward(v[4*i], v[4*i+1], 7, h); sink += h[6]; }
  });
  size_t m = n < 200000 ? n : 200000;
  double mgrs = best_ns(repeats, m, [&] {
    std::string s;
    for (size_t i = 0; i < m; ++i) {
      int zone; bool northp; double x, y;
      UTMUPS::Forward(v[4*i], v[4*i+1], zone, northp, x, y);
      MGRS::Forward(zone, northp, x, y, v[4*i], 3, s);
      sink += s.size();
    }
  });
  return {inverse, geohash, mgrs};
}
