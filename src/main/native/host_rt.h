// The host side of keeping time, in plain C++ (Linux) so that a host test
// (src/test/native/calib/harness.cpp) runs it without a GPU: sleeping until shortly before a
// frame and spinning the rest, asking for real-time priority and locked memory for a timed run and
// saying whether the host granted them, and measuring how late the thread wakes up.
#pragma once
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <vector>

namespace hostrt {

inline uint64_t now_ns() {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

// Sleeps until SPIN_NS before t, then polls the clock: a plain clock_nanosleep woke 65 us late
// (median; 3.6 ms at worst) in a virtual machine without real-time priority (H100, Firecracker),
// while polling the last stretch costs one core for at most SPIN_NS per wake-up. On an H200 host
// without real-time priority (gVisor), 12,000 frames woke at worst 643 and 377 us late polling the
// last 200 us, 109 us late polling the last 1 ms, and 254 us late polling all the time (the host
// then takes the core away), so 1 ms. GPUSCHED_SPIN_US overrides it (docs/player.md, "Wake-up skew").
static const uint64_t SPIN_NS = 1000000ull;

inline uint64_t spin_ns() {
    static const uint64_t ns = [] {
        const char *v = getenv("GPUSCHED_SPIN_US");
        char *end = nullptr;
        unsigned long long us = v == nullptr ? 0 : strtoull(v, &end, 10);
        return v != nullptr && end != v && *end == '\0' && us <= 1000000ull ? us * 1000ull : SPIN_NS;
    }();
    return ns;
}

inline void sleep_until(uint64_t t) {
    const uint64_t spin = spin_ns();
    if (t > spin) {
        uint64_t early = t - spin;
        struct timespec ts;
        ts.tv_sec = (time_t)(early / 1000000000ull);
        ts.tv_nsec = (long)(early % 1000000000ull);
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) { }
    }
    while (now_ns() < t) { }
}

// The priority asked for: high enough to preempt ordinary work, below the kernel's own threads
// (the 80 of docs/player.md's chrt example).
static const int RT_PRIORITY = 80;

// What the host granted for a timed run; release() restores what the thread had before.
struct Realtime {
    bool fifo = false;    // the calling thread runs SCHED_FIFO at RT_PRIORITY
    bool locked = false;  // the pages mapped now are locked in memory (no page fault in the loop)
    int fifoError = 0;    // errno of the refusal (EPERM without CAP_SYS_NICE or an rtprio limit)
    int lockError = 0;    // errno of the refusal (ENOMEM above RLIMIT_MEMLOCK, EPERM)
    int policy = SCHED_OTHER;
    struct sched_param param = {};
};

// Asks for SCHED_FIFO and mlockall(MCL_CURRENT). Only the pages mapped now: MCL_FUTURE would lock
// every later allocation of the JVM too, and make one fail outright once the lock limit is reached.
inline Realtime acquire() {
    Realtime r;
    pthread_getschedparam(pthread_self(), &r.policy, &r.param);
    struct sched_param p = {};
    p.sched_priority = RT_PRIORITY;
    r.fifoError = pthread_setschedparam(pthread_self(), SCHED_FIFO, &p);
    r.fifo = r.fifoError == 0;
    r.locked = mlockall(MCL_CURRENT) == 0;
    r.lockError = r.locked ? 0 : errno;
    return r;
}

inline void release(Realtime &r) {
    if (r.fifo) pthread_setschedparam(pthread_self(), r.policy, &r.param);
    if (r.locked) munlockall();
    r.fifo = r.locked = false;
}

// `n` wake-ups `periodNs` apart with sleep_until: how late each one woke (ns), in `skew`.
inline void wake_skews(int n, uint64_t periodNs, std::vector<long long> &skew) {
    skew.clear();
    uint64_t t = now_ns() + periodNs;
    for (int i = 0; i < n; i++, t += periodNs) {
        sleep_until(t);
        skew.push_back((long long)(now_ns() - t));
    }
}

}  // namespace hostrt
