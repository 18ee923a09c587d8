// The host backends (no CUDA). Streams are opaque handles the callbacks get back.
// - host-sim: a simulated clock. Each task's stream is busy until the end of the work put on it; a
//   callback states its work's length with gpusched_rt_host_work; the synchronisation advances the
//   clock to the end of every stream's work, and a wait jumps the clock to its target. Streams run in
//   parallel without interfering: what the simulated device of `gpusched play --device sim` does for
//   a batch whose kernels take their stated times. Copies (gpusched_rt_play_frames) take the time
//   their bytes need by the copy model (latency + bytes / rate) on their copy stream; an event
//   completes when the work put on its stream before it has ended, and a wait delays the stream to it.
// - host-real: the host's monotonic clock and the player's sleep-then-spin wake-up (host_rt.h); each
//   callback runs on the calling thread, so its items run one after the other; gpusched_rt_host_work
//   spins for the stated time. It has no copies.
#include "rt_internal.h"
#include "host_rt.h"
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace rt {
namespace {

using frames::u64;

struct HostBase : Backend {
    std::vector<int> handles;   // one per stream: a stream handle is the address of its element
    std::vector<u64> eventAt;   // per event of the pool: when it completed
    int current = -1;           // the item whose callback runs

    bool open(int streams, int, int events) override {
        handles.assign(streams, 0);
        eventAt.assign(events, 0);
        return true;
    }
    cudaStream_t stream(int task) override { return reinterpret_cast<cudaStream_t>(&handles[task]); }
    int index(cudaStream_t s) const {
        const int *p = reinterpret_cast<const int *>(s);
        if (handles.empty() || p < &handles[0] || p > &handles.back()) return -1;
        return (int)(p - &handles[0]);
    }
    bool sync() override { return true; }
    bool event_ns(int e, long long &t) override {
        t = (long long)eventAt[e];
        return true;
    }
    bool elapsed_ns(int a, int z, long long &ns) override {
        ns = (long long)eventAt[z] - (long long)eventAt[a];
        return true;
    }
    bool run(int item, int s) {
        current = item;
        bool ok = issue(ctx, item, stream(s));
        current = -1;
        return ok;
    }
};

struct Sim : HostBase {
    u64 now_ = 0;
    std::vector<u64> busy;  // per stream: when its work ends

    const char *name() const override { return "host-sim"; }
    bool open(int streams, int items, int events) override {
        now_ = 0;
        busy.assign(streams, 0);
        return HostBase::open(streams, items, events);
    }
    frames::u64 now() override { return now_; }
    void sleep_until(frames::u64 t) override { now_ = std::max(now_, t); }
    u64 ready(int s) { return busy[s] = std::max(busy[s], now_); }
    bool launch(int s, int item) override {
        itemStart[item] = (long long)ready(s);
        bool ok = run(item, s);
        itemEnd[item] = (long long)busy[s];
        return ok;
    }
    bool host_work(cudaStream_t s, long long ns) override {
        int k = index(s);
        if (k < 0 || current < 0) { why = "gpusched_rt_host_work: not from a callback, or not one of its streams"; return false; }
        busy[k] = ready(k) + (u64)ns;
        return true;
    }
    bool record(int e, int s) override {
        eventAt[e] = ready(s);
        return true;
    }
    bool wait(int s, int e) override {
        busy[s] = std::max(ready(s), eventAt[e]);
        return true;
    }
    bool copies() const override { return true; }
    bool copy(int s, frames::Dir d, size_t bytes) override {
        const frames::CopyFit &f = copyFit[d];
        double ns = f.latencyNs + (f.bytesPerNs > 0 ? (double)bytes / f.bytesPerNs : 0.0);
        busy[s] = ready(s) + (u64)std::llround(ns);
        return true;
    }
    bool sync() override {
        for (u64 b : busy) now_ = std::max(now_, b);
        return true;
    }
    std::vector<std::string> notes() const override {
        return {"host-sim: simulated clock; each callback's work as stated with gpusched_rt_host_work, streams in parallel"};
    }
};

struct Real : HostBase {
    const char *name() const override { return "host-real"; }
    frames::u64 now() override { return hostrt::now_ns(); }
    void sleep_until(frames::u64 t) override { hostrt::sleep_until(t); }
    unsigned long long lead_ns() const override { return 2000000ull; }  // as the JNI player: time 0 is 2 ms after the call
    bool launch(int s, int item) override {
        itemStart[item] = (long long)hostrt::now_ns();
        bool ok = run(item, s);
        itemEnd[item] = (long long)hostrt::now_ns();
        return ok;
    }
    // Everything a callback does has ended when it returns: an event completes when it is recorded.
    bool record(int e, int) override {
        eventAt[e] = hostrt::now_ns();
        return true;
    }
    bool wait(int, int) override { return true; }
    bool copy(int, frames::Dir, size_t) override {
        why = "host-real has no copies";
        return false;
    }
    bool host_work(cudaStream_t s, long long ns) override {
        if (index(s) < 0 || current < 0) { why = "gpusched_rt_host_work: not from a callback, or not one of its streams"; return false; }
        u64 until = hostrt::now_ns() + (u64)ns;
        while (hostrt::now_ns() < until) { }
        return true;
    }
    std::vector<std::string> notes() const override {
        return {"host-real: host monotonic clock; callbacks run one after the other on the calling thread"};
    }
};

}  // namespace

Backend *host_sim_backend() { return new Sim(); }
Backend *host_real_backend() { return new Real(); }

}  // namespace rt
