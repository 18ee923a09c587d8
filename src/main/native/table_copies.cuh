// The CUDA side of the table player's frames (frames.cuh says what is issued, in which order): the
// copy buffers and their calibration at open, and the backend that issues frames on the device.
// Included by gpusched_player.cu only.
#pragma once
#include "player_common.cuh"
#include "kinds.cuh"
#include "frames.cuh"
#include <algorithm>
#include <cmath>

static cudaStream_t copy_stream(Player *p, frames::Dir d) { return p->streams[p->tasks + (int)d]; }

static void destroy(Player *p) {
    if (!p) return;
    cudaDeviceSynchronize();
    for (cudaStream_t s : p->streams) cudaStreamDestroy(s);
    if (p->dummy) cudaFreeHost(p->dummy);
    if (p->kinds) { gpusched_kinds_free(*p->kinds); delete p->kinds; }
    for (int d = 0; d < 2; d++) {
        if (p->hostBuf[d]) cudaFreeHost(p->hostBuf[d]);
        if (p->devBuf[d]) cudaFree(p->devBuf[d]);
    }
    delete p;
}

static cudaError_t copy_async(Player *p, frames::Dir d, size_t bytes, cudaStream_t s) {
    return d == frames::H2D ? cudaMemcpyAsync(p->devBuf[d], p->hostBuf[d], bytes, cudaMemcpyHostToDevice, s)
                            : cudaMemcpyAsync(p->hostBuf[d], p->devBuf[d], bytes, cudaMemcpyDeviceToHost, s);
}

static bool alloc_copy_buffers(JNIEnv *env, Player *p, frames::Dir d, size_t bytes) {
    if (p->hostBuf[d]) cudaFreeHost(p->hostBuf[d]);
    if (p->devBuf[d]) cudaFree(p->devBuf[d]);
    p->hostBuf[d] = p->devBuf[d] = nullptr;
    p->bufBytes[d] = 0;
    std::string what = std::string(d == frames::H2D ? "H2D" : "D2H") + " copy buffers of " + std::to_string(bytes) + " bytes";
    bool ok = check(env, cudaHostAlloc(&p->hostBuf[d], bytes, cudaHostAllocDefault), ("pinned " + what).c_str())
              && check(env, cudaMalloc(&p->devBuf[d], bytes), ("device " + what).c_str());
    if (ok) p->bufBytes[d] = bytes;
    return ok;
}

// Best (shortest) of five timed copies of `bytes`, in ns, on the direction's copy stream.
static bool time_copy(JNIEnv *env, Player *p, frames::Dir d, size_t bytes, double &ns) {
    cudaEvent_t a = nullptr, b = nullptr;
    bool ok = check(env, cudaEventCreate(&a), "cudaEventCreate") && check(env, cudaEventCreate(&b), "cudaEventCreate");
    ns = 1e300;
    cudaStream_t s = copy_stream(p, d);
    for (int r = 0; ok && r < 5; r++) {
        float ms = 0;
        ok = check(env, cudaEventRecord(a, s), "cudaEventRecord") && check(env, copy_async(p, d, bytes, s), "copy calibration")
             && check(env, cudaEventRecord(b, s), "cudaEventRecord") && check(env, cudaEventSynchronize(b), "cudaEventSynchronize")
             && check(env, cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
        if (ok) ns = std::min(ns, (double)ms * 1e6);
    }
    if (a) cudaEventDestroy(a);
    if (b) cudaEventDestroy(b);
    return ok;
}

// Pinned host and device buffers for one direction's copies, and its time model (frames::fit_copy
// of a 1 MiB and a 32 MiB copy), sized so the longest stated copy (maxNs) fits. Nothing without copies.
static bool open_copies(JNIEnv *env, Player *p, frames::Dir d, long long maxNs) {
    if (maxNs <= 0) return true;
    const size_t small = 1u << 20, big = 32u << 20;
    double ts = 0, tb = 0;
    bool ok = alloc_copy_buffers(env, p, d, big) && check(env, copy_async(p, d, big, copy_stream(p, d)), "copy warm-up")
              && check(env, cudaStreamSynchronize(copy_stream(p, d)), "copy warm-up")
              && time_copy(env, p, d, small, ts) && time_copy(env, p, d, big, tb);
    if (!ok) return false;
    frames::CopyFit f = frames::fit_copy((double)small, ts, (double)big, tb);
    p->copyLatencyNs[d] = f.latencyNs;
    p->copyBytesPerNs[d] = f.bytesPerNs;
    size_t need = frames::copy_bytes(f, maxNs);
    if (need <= big) return true;
    return alloc_copy_buffers(env, p, d, need) && check(env, copy_async(p, d, need, copy_stream(p, d)), "copy warm-up")
           && check(env, cudaStreamSynchronize(copy_stream(p, d)), "copy warm-up");
}

// frames::Backend on the CUDA runtime. Event times are mapped to the host clock through an origin
// event: the tightest of eight record-and-synchronise round trips, at its midpoint. (cudaEventElapsedTime
// gives float ms: against an origin minutes back that is microseconds coarse, so copy lengths are
// taken between their own two events.)
struct CudaFrames : frames::Backend {
    JNIEnv *env;
    Player *p;
    const std::vector<jint> &unit;
    const std::vector<jlong> &dur;
    u64 *dslots;
    std::vector<cudaEvent_t> ev, origins;
    cudaEvent_t origin = nullptr;
    u64 originHost = 0;

    CudaFrames(JNIEnv *e, Player *pl, const std::vector<jint> &u, const std::vector<jlong> &d, u64 *slots)
        : env(e), p(pl), unit(u), dur(d), dslots(slots) { }

    cudaStream_t stream(int s) { return p->streams[s]; }

    bool open(int pool) {
        ev.assign(pool, nullptr);
        for (cudaEvent_t &e : ev)
            if (!check(env, cudaEventCreate(&e), "cudaEventCreate")) return false;
        origins.assign(8, nullptr);
        u64 best = ~0ull;
        for (cudaEvent_t &o : origins) {
            if (!check(env, cudaEventCreate(&o), "cudaEventCreate")) return false;
            u64 h0 = now_ns();
            if (!check(env, cudaEventRecord(o, copy_stream(p, frames::H2D)), "cudaEventRecord")
                || !check(env, cudaEventSynchronize(o), "cudaEventSynchronize")) return false;
            u64 h1 = now_ns();
            if (h1 - h0 < best) { best = h1 - h0; origin = o; originHost = h0 + (h1 - h0) / 2; }
        }
        return true;
    }

    void close() {
        for (cudaEvent_t e : ev)
            if (e) cudaEventDestroy(e);
        for (cudaEvent_t e : origins)
            if (e) cudaEventDestroy(e);
    }

    u64 now() override { return now_ns(); }
    void sleep_until(u64 t) override { ::sleep_until(t); }
    bool record(int e, int s) override { return check(env, cudaEventRecord(ev[e], stream(s)), "cudaEventRecord"); }
    bool wait(int s, int e) override { return check(env, cudaStreamWaitEvent(stream(s), ev[e], 0), "cudaStreamWaitEvent"); }
    bool copy(int s, frames::Dir d, size_t bytes) override {
        return check(env, copy_async(p, d, bytes, stream(s)), d == frames::H2D ? "cudaMemcpyAsync H2D" : "cudaMemcpyAsync D2H");
    }
    bool launch(int, int item) override { return ::launch(env, p, unit[item], dslots + 2 * item, dur[item]); }
    bool sync() override { return check(env, cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }
    bool event_ns(int e, long long &host) override {
        float ms = 0;
        if (!check(env, cudaEventElapsedTime(&ms, origin, ev[e]), "cudaEventElapsedTime")) return false;
        host = (long long)originHost + std::llround((double)ms * 1e6);
        return true;
    }
    bool elapsed_ns(int a, int z, long long &ns) override {
        float ms = 0;
        if (!check(env, cudaEventElapsedTime(&ms, ev[a], ev[z]), "cudaEventElapsedTime")) return false;
        ns = std::llround((double)ms * 1e6);
        return true;
    }
};
