// Host test of src/main/native/host_rt.h, the time-triggered player's host side (no GPU): a
// wake-up never comes before its time, the real-time priority and memory lock are reported as the
// host really granted them, and releasing them restores the thread's scheduling.
// Built and run by org.gpusched.player.NativeTimingTest:
//   g++ -std=c++17 -Wall -Werror -I src/main/native -o timing src/test/native/timing/harness.cpp -lpthread && ./timing
// Prints one line per check and "ok N checks" last; exits 1 on the first failed check.
#include "host_rt.h"
#include "../check.h"
#include <cstdio>
#include <cstdlib>
#include <string>


int main() {
    int before = sched_getscheduler(0);
    hostrt::Realtime rt = hostrt::acquire();
    int during = sched_getscheduler(0);
    expect(rt.fifo == (during == SCHED_FIFO), "SCHED_FIFO reported as granted exactly when the thread has it");
    expect(rt.fifo || rt.fifoError != 0, "a refused priority says why (errno " + std::to_string(rt.fifoError) + ")");
    expect(rt.locked || rt.lockError != 0, "a refused lock says why (errno " + std::to_string(rt.lockError) + ")");
    printf("info: SCHED_FIFO %s, memory %s on this host\n", rt.fifo ? "granted" : "refused",
           rt.locked ? "locked" : "not locked");
    std::vector<long long> skew;
    hostrt::wake_skews(20, 300000, skew);  // 20 wake-ups 300 us apart: the last 200 us of each spin
    expect(skew.size() == 20, "one skew per wake-up");
    bool early = false;
    for (long long s : skew) early = early || s < 0;
    expect(!early, "no wake-up before its time");
    hostrt::wake_skews(5, 1000000, skew);  // 1 ms apart: a real sleep, then the spin
    early = false;
    for (long long s : skew) early = early || s < 0;
    expect(skew.size() == 5 && !early, "after a sleep neither");
    hostrt::release(rt);
    expect(sched_getscheduler(0) == before, "release restores the thread's policy");
    expect(!rt.fifo && !rt.locked, "and forgets what it held");
    uint64_t t = hostrt::now_ns() + 50000;
    hostrt::sleep_until(t);
    expect(hostrt::now_ns() >= t, "sleep_until a time 50 us ahead (spin only) returns at or after it");
    hostrt::sleep_until(0);
    expect(true, "sleep_until a past time returns at once");
    printf("ok %d checks\n", checks);
    return 0;
}
