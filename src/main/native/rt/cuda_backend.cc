// The CUDA backend: one non-blocking stream per task, the host clock for the frames' targets (the
// JNI player's sleep-then-spin wake-up, host_rt.h), cudaDeviceSynchronize after each batch, and per
// job two events on its task's stream around its callback's work, mapped to the host clock through
// an origin event (the tightest of 8 record-and-synchronise round trips). Frames with copies
// (gpusched_rt_play_frames) add an H2D and a D2H copy stream, cudaMemcpyAsync between the caller's
// pinned host and device buffers, and a pool of events for the frame's waits and copy times.
// Built where CMake finds the CUDA toolkit (CMakeLists.txt), and into the JNI player's library by nvcc
// (pom.xml); plain C++ on the runtime API.
#include "rt_internal.h"
#include "host_rt.h"
#include <cuda_runtime_api.h>
#include <cmath>

namespace rt {
namespace {

struct Cuda : Backend {
    std::vector<cudaStream_t> streams;
    bool own = true;                         // streams created here (not the caller's)
    std::vector<cudaEvent_t> before, after;  // per item position in the frame
    std::vector<cudaEvent_t> pool;           // the frame's events (frames::event_pool)
    std::vector<int> pending;                // items of the frame not yet read back
    cudaEvent_t origin = nullptr;
    std::vector<cudaEvent_t> origins;
    frames::u64 originHost = 0;

    bool check(cudaError_t e, const char *what) {
        if (e == cudaSuccess) return true;
        cudaGetLastError();
        // The JNI player's message form: Java tells "no device" from a failure by the error's name.
        why = std::string(cudaGetErrorName(e)) + " (" + std::to_string((int)e) + "): " + cudaGetErrorString(e) + " [" + what
              + "]";
        return false;
    }
    const char *name() const override { return "cuda"; }
    unsigned long long lead_ns() const override { return 2000000ull; }

    bool open(int nstreams, int, int events) override {
        int count = 0;
        if (!check(cudaGetDeviceCount(&count), "cudaGetDeviceCount")) return false;
        if (count == 0) return check(cudaErrorNoDevice, "cudaGetDeviceCount");
        pool.assign(events, nullptr);
        for (cudaEvent_t &e : pool)
            if (!check(cudaEventCreate(&e), "cudaEventCreate")) return false;
        if (!callerStreams.empty()) {
            if ((int)callerStreams.size() != nstreams) { why = "frames: streams must hold tasks + 2 streams"; return false; }
            streams = callerStreams;
            own = false;
        }
        for (int t = (int)streams.size(); t < nstreams; t++) {
            cudaStream_t s;
            if (!check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreateWithFlags")) return false;
            streams.push_back(s);
        }
        frames::u64 best = ~0ull;
        origins.assign(8, nullptr);
        for (cudaEvent_t &o : origins) {
            if (!check(cudaEventCreate(&o), "cudaEventCreate")) return false;
            frames::u64 h0 = hostrt::now_ns();
            if (!check(cudaEventRecord(o, streams[0]), "cudaEventRecord") || !check(cudaEventSynchronize(o), "cudaEventSynchronize"))
                return false;
            frames::u64 h1 = hostrt::now_ns();
            if (h1 - h0 < best) { best = h1 - h0; origin = o; originHost = h0 + (h1 - h0) / 2; }
        }
        return true;
    }
    void close() override {
        cudaDeviceSynchronize();
        for (cudaEvent_t e : before) cudaEventDestroy(e);
        for (cudaEvent_t e : after) cudaEventDestroy(e);
        for (cudaEvent_t e : pool)
            if (e) cudaEventDestroy(e);
        for (cudaEvent_t e : origins)
            if (e) cudaEventDestroy(e);
        if (own)
            for (cudaStream_t s : streams) cudaStreamDestroy(s);
        own = true;
        before.clear();
        after.clear();
        pool.clear();
        origins.clear();
        streams.clear();
        pending.clear();
    }
    cudaStream_t stream(int task) override { return streams[task]; }
    frames::u64 now() override { return hostrt::now_ns(); }
    void sleep_until(frames::u64 t) override { hostrt::sleep_until(t); }

    bool launch(int s, int item) override {
        size_t l = pending.size();
        while (before.size() <= l) {
            cudaEvent_t a, z;
            if (!check(cudaEventCreate(&a), "cudaEventCreate") || !check(cudaEventCreate(&z), "cudaEventCreate")) return false;
            before.push_back(a);
            after.push_back(z);
        }
        if (!check(cudaEventRecord(before[l], streams[s]), "cudaEventRecord")) return false;
        if (!issue(ctx, item, streams[s])) return false;
        pending.push_back(item);
        return check(cudaEventRecord(after[l], streams[s]), "cudaEventRecord after the callback")
               && check(cudaGetLastError(), "the callback's launches");
    }
    bool host_ns(cudaEvent_t e, long long &t) {
        float ms = 0;
        if (!check(cudaEventElapsedTime(&ms, origin, e), "cudaEventElapsedTime")) return false;
        t = (long long)originHost + std::llround((double)ms * 1e6);
        return true;
    }
    bool record(int e, int s) override { return check(cudaEventRecord(pool[e], streams[s]), "cudaEventRecord"); }
    bool wait(int s, int e) override { return check(cudaStreamWaitEvent(streams[s], pool[e], 0), "cudaStreamWaitEvent"); }
    bool copies() const override { return true; }
    bool copy(int s, frames::Dir d, size_t bytes) override {
        cudaError_t e = d == frames::H2D
                            ? cudaMemcpyAsync(copyDevice[d], copyHost[d], bytes, cudaMemcpyHostToDevice, streams[s])
                            : cudaMemcpyAsync(copyHost[d], copyDevice[d], bytes, cudaMemcpyDeviceToHost, streams[s]);
        return check(e, d == frames::H2D ? "cudaMemcpyAsync H2D" : "cudaMemcpyAsync D2H");
    }
    // An event's place on the host clock through the origin (cudaEventElapsedTime gives float ms: against
    // an origin minutes back that is microseconds coarse, so a copy's length is taken between its own events).
    bool event_ns(int e, long long &host) override { return host_ns(pool[e], host); }
    bool elapsed_ns(int a, int z, long long &ns) override {
        float ms = 0;
        if (!check(cudaEventElapsedTime(&ms, pool[a], pool[z]), "cudaEventElapsedTime")) return false;
        ns = std::llround((double)ms * 1e6);
        return true;
    }
    bool sync() override { return check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }
    // The jobs' events are read after the frame's end was stamped, not inside the frame.
    bool after_frame() override {
        for (size_t l = 0; l < pending.size(); l++) {
            long long a = 0, z = 0;
            if (!host_ns(before[l], a) || !host_ns(after[l], z)) return false;
            itemStart[pending[l]] = a;
            itemEnd[pending[l]] = z;
        }
        pending.clear();
        return true;
    }
    std::vector<std::string> notes() const override {
        return {"cuda: one stream per task, cudaDeviceSynchronize per batch; job times from events around each callback"};
    }
};

}  // namespace

Backend *cuda_backend() { return new Cuda(); }

}  // namespace rt
