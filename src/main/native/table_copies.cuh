// The table player's copies: the pinned and device buffers and their calibration at open. The frames
// themselves (what is issued in which order: frames.cuh) are played by libgpusched_rt's CUDA backend
// (rt/cuda_backend.cc), which copies between these buffers. Included by gpusched_player.cu only.
#pragma once
#include "player_common.cuh"
#include "kinds.cuh"
#include "frames.cuh"
#include <algorithm>

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
