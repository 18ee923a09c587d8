// The CUDA backend: one non-blocking stream per task, the host clock for the frames' targets (the
// JNI player's sleep-then-spin wake-up, host_rt.h), cudaDeviceSynchronize after each batch, and per
// job two events on its task's stream around its callback's work, mapped to the host clock through
// an origin event (the tightest of 8 record-and-synchronise round trips, as table_copies.cuh does).
// Built only where CMake finds the CUDA toolkit (CMakeLists.txt); plain C++ on the runtime API.
#include "rt_internal.h"
#include "host_rt.h"
#include <cuda_runtime_api.h>
#include <cmath>

namespace rt {
namespace {

struct Cuda : Backend {
    std::vector<cudaStream_t> streams;
    std::vector<cudaEvent_t> before, after;  // per item position in the frame
    std::vector<int> pending;                // items of the frame not yet read back
    cudaEvent_t origin = nullptr;
    std::vector<cudaEvent_t> origins;
    frames::u64 originHost = 0;

    bool check(cudaError_t e, const char *what) {
        if (e == cudaSuccess) return true;
        why = std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e) + " [" + what + "]";
        return false;
    }
    const char *name() const override { return "cuda"; }
    unsigned long long lead_ns() const override { return 2000000ull; }

    bool open(int tasks, int) override {
        int count = 0;
        if (!check(cudaGetDeviceCount(&count), "cudaGetDeviceCount")) return false;
        if (count == 0) return check(cudaErrorNoDevice, "cudaGetDeviceCount");
        for (int t = 0; t < tasks; t++) {
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
        for (cudaEvent_t e : origins)
            if (e) cudaEventDestroy(e);
        for (cudaStream_t s : streams) cudaStreamDestroy(s);
        before.clear();
        after.clear();
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
        issue(ctx, item, streams[s]);
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
    bool sync() override {
        if (!check(cudaDeviceSynchronize(), "cudaDeviceSynchronize")) return false;
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
