// Host test of src/main/native/calib_loop.h, the closed-loop calibration of the kernel kinds,
// against fake kernels (no GPU): one that keeps a fixed cost, one whose first rate estimate was
// half the truth (the shared kind ended 35-60 % early on an H200), one whose time grows slower
// than its work, and one with a floor above the asked time (the memory kind's one pass).
// Built and run by org.gpusched.player.NativeCalibTest:
//   g++ -std=c++17 -Wall -Werror -I src/main/native -o calib src/test/native/calib/harness.cpp && ./calib
// Prints one line per check and "ok N checks" last; exits 1 on the first failed check.
#include "calib_loop.h"
#include "../check.h"
#include <cstdio>
#include <cstdlib>
#include <string>


int main() {
    // within(): 5 % + 5 us.
    expect(calib::within(105000, 100000), "5 % + 0 of 100 us is within");
    expect(calib::within(110000, 100000), "100 us + 10 us (5 % + 5 us) is within");
    expect(!calib::within(110001, 100000), "1 ns more is not");
    expect(calib::within(25000, 20000) && !calib::within(26001, 20000), "20 us: 26 us is the edge");
    expect(calib::within(15000, 20000) && !calib::within(13999, 20000), "and 14 us below");

    // A linear kernel with a fixed 3 us cost: true rate 2 units/ns beyond it.
    auto linear = [](long long u) { return 3000 + u / 2; };
    calib::Result a = calib::close_loop(2.0, 200000, 8, linear);
    expect(a.converged && a.rounds <= 2, "fixed cost: converged in " + std::to_string(a.rounds) + " rounds");
    expect(calib::within(a.medianNs, 200000), "fixed cost: median " + std::to_string(a.medianNs) + " ns for 200 us");

    // A rate estimated at half the truth: the first launch ends at half the asked time (early).
    int calls = 0;
    auto early = [&](long long u) { calls++; return u; };  // 1 unit per ns
    calib::Result b = calib::close_loop(0.5, 2000000, 8, early);
    expect(calls >= 2, "early: re-measured after the correction");
    expect(b.converged && calib::within(b.medianNs, 2000000), "early: ends within 5 % + 5 us of 2 ms ("
           + std::to_string(b.medianNs) + " ns)");
    expect(b.unitsPerNs > 0.95 && b.unitsPerNs < 1.05, "early: rate corrected to about 1 unit/ns");

    // Time grows as work^0.8: not proportional, converges over a few rounds.
    auto sub = [](long long u) { return (long long)std::pow((double)u, 0.8); };
    calib::Result c = calib::close_loop(1.0, 1000000, 8, sub);
    expect(c.converged && c.rounds > 1, "sublinear: converged after " + std::to_string(c.rounds) + " rounds");

    // A floor of 6.3 ms (one pass over a buffer) against 20 us asked: never converges, amount falls to 1 unit.
    auto floor = [](long long u) { return 6300000 + u; };
    calib::Result d = calib::close_loop(1.0, 20000, 8, floor);
    expect(!d.converged && d.rounds == 8, "floor: not converged after the 8 rounds");
    expect(d.medianNs >= 6300000, "floor: the median stays at the floor");

    // A failing measurement stops the loop.
    calib::Result e = calib::close_loop(1.0, 20000, 8, [](long long) { return -1LL; });
    expect(e.failed && e.rounds == 1, "failure: one round, failed");

    // Noise: a median 8x too long once is damped to a 4x correction, then the loop recovers.
    int n = 0;
    auto noisy = [&](long long u) { return n++ == 0 ? 8 * u : u; };
    calib::Result f = calib::close_loop(1.0, 100000, 8, noisy);
    expect(f.converged && f.rounds <= 4, "noise: recovered in " + std::to_string(f.rounds) + " rounds");

    long long v[] = {50, 10, 40, 20, 30};
    expect(calib::median(v, 5) == 30, "median of 5");
    long long w[] = {4, 1, 3, 2};
    expect(calib::median(w, 4) == 2, "median of 4: the lower middle");
    printf("ok %d checks\n", checks);
    return 0;
}
