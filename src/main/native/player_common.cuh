// Shared by every translation unit of the native player library (pom.xml compiles every *.cu in this
// folder into one libgpusched_player.so). Everything here is static or inline: each .cu gets its own copy.
#pragma once
#include <jni.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <string>
#include <vector>
#include "host_rt.h"

typedef unsigned long long u64;

__device__ __forceinline__ u64 global_timer() {
    u64 t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// One job: every block stays resident for `ns` of the GPU's global timer, so the job occupies
// exactly its launch shape for its time. Thread 0 publishes the block's first and last stamp
// into the job's slot (min start, max end), read by the host after the batch synchronised.
static __global__ void gpusched_spin(u64 *slot, long long ns) {
    __shared__ u64 start;
    if (threadIdx.x == 0) start = global_timer();
    __syncthreads();
    const u64 until = start + (u64)ns;
    while (global_timer() < until) { }
    __syncthreads();
    if (threadIdx.x == 0 && slot != nullptr) {
        u64 end = global_timer();
        atomicMin(&slot[0], start);
        atomicMax(&slot[1], end);
    }
}

static __global__ void gpusched_stamp(u64 *out) { *out = global_timer(); }

static u64 now_ns() {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (u64)ts.tv_sec * 1000000000ull + (u64)ts.tv_nsec;
}

static inline void sleep_until(u64 t) {
    hostrt::sleep_until(t);  // host_rt.h: sleep, then spin the last stretch (1 ms)
}

// The driver API is only needed for user kernels (cuModuleLoad); it is looked up at run time so
// the library still loads, and reports the real cause, on a machine without libcuda.
struct Driver {
    void *lib = nullptr;
    CUresult (*moduleLoad)(CUmodule *, const char *) = nullptr;
    CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *) = nullptr;
    CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             CUstream, void **, void **) = nullptr;
    CUresult (*funcSetAttribute)(CUfunction, CUfunction_attribute, int) = nullptr;
};

static bool load_driver(Driver &d, std::string &why) {
    if (d.lib) return true;
    d.lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!d.lib) { why = std::string("cannot load libcuda.so.1: ") + dlerror(); return false; }
    d.moduleLoad = (decltype(d.moduleLoad))dlsym(d.lib, "cuModuleLoad");
    d.moduleGetFunction = (decltype(d.moduleGetFunction))dlsym(d.lib, "cuModuleGetFunction");
    d.launchKernel = (decltype(d.launchKernel))dlsym(d.lib, "cuLaunchKernel");
    d.funcSetAttribute = (decltype(d.funcSetAttribute))dlsym(d.lib, "cuFuncSetAttribute");
    if (!d.moduleLoad || !d.moduleGetFunction || !d.launchKernel) { why = "libcuda.so.1 lacks cuModuleLoad"; return false; }
    return true;
}

// Kernel kinds besides spin (kinds.cu): their buffers, and one launch of `ns` of isolated work.
struct KindBuffers;
// One unit's calibration at its launch shape (docs/player.md, "Kinds that keep their time").
struct KindCalib {
    double unitsPerNs = 0;   // the rate its jobs are launched at
    long long askedNs = 0;   // the time it was calibrated for (its wcet)
    long long floorNs = 0;   // the least work's median time at this shape
    long long medianNs = 0;  // the last median at the asked time (the floor when below it)
    int rounds = 0;          // closed-loop measurements
    bool converged = false;  // medianNs within 5 % + 5 us of askedNs
};
cudaError_t gpusched_kinds_launch(KindBuffers *b, int kind, double units_per_ns, int blocks, int threads, int smem,
                                  cudaStream_t stream, u64 *slot, long long ns);

// Kernels are per unit (a task's kernel, or one kernel of a task's chain); streams are per task, so
// the kernels of a chain share their task's stream. A v1 task set's units are its tasks.
struct Player {
    int device = 0;
    int tasks = 0;
    int units = 0;
    std::vector<cudaStream_t> streams;  // per task, then the H2D and the D2H copy stream (table player)
    std::vector<int> unitTask;          // the task (stream) of each unit
    std::vector<int> blocks, threads, smem;
    std::vector<CUfunction> user;  // null: synthetic kernel
    std::vector<int> kind;         // KernelKind ordinal of each synthetic kernel (0: spin)
    std::vector<double> units_per_ns;  // each non-spin unit's calibrated rate at its launch shape
    std::vector<KindCalib> calib;      // and how its calibration went (kinds.cuh)
    KindBuffers *kinds = nullptr;
    Driver driver;
    u64 *dummy = nullptr;
    // Copies of PBS frames: pinned host and device buffers per direction (H2D, D2H), sized for the
    // longest stated copy at the bandwidth measured at open.
    void *hostBuf[2] = {nullptr, nullptr};
    void *devBuf[2] = {nullptr, nullptr};
    size_t bufBytes[2] = {0, 0};
    double copyLatencyNs[2] = {0, 0};
    double copyBytesPerNs[2] = {0, 0};
};

static void throw_java(JNIEnv *env, const std::string &msg) {
    jclass c = env->FindClass("org/gpusched/player/CudaException");
    if (c) env->ThrowNew(c, msg.c_str());
}

// Messages start with the CUDA error name so Java can tell "no device" from a real failure.
static bool cuda_ok(cudaError_t e, const char *what, std::string &why) {
    if (e == cudaSuccess) return true;
    cudaGetLastError();
    why = std::string(cudaGetErrorName(e)) + " (" + std::to_string((int)e) + "): " + cudaGetErrorString(e) + " [" + what + "]";
    return false;
}

static bool check(JNIEnv *env, cudaError_t e, const char *what) {
    std::string why;
    if (cuda_ok(e, what, why)) return true;
    throw_java(env, why);
    return false;
}

static void set_connections(int n) {
    if (n < 1) n = 1;
    if (n > 32) n = 32;
    char buf[16];
    snprintf(buf, sizeof buf, "%d", n);
    setenv("CUDA_DEVICE_MAX_CONNECTIONS", buf, 1);
}

// Launches unit t's kernel on `stream`, asked for `ns`; false with the reason in `why`. Called from
// libgpusched_rt's frame loop (a launch callback, which must not throw into Java) and by open's warm-up.
static bool launch_on(Player *p, int t, cudaStream_t stream, u64 *slot, long long ns, std::string &why) {
    if (p->user[t] != nullptr) {
        void *args[] = {&slot, &ns};
        CUresult r = p->driver.launchKernel(p->user[t], p->blocks[t], 1, 1, p->threads[t], 1, 1, p->smem[t],
                                            (CUstream)stream, args, nullptr);
        if (r != CUDA_SUCCESS) { why = "CUDA_ERROR (" + std::to_string((int)r) + "): user kernel launch failed"; return false; }
        return true;
    }
    if (!p->kind.empty() && p->kind[t] != 0) {
        return cuda_ok(gpusched_kinds_launch(p->kinds, p->kind[t], p->units_per_ns[t], p->blocks[t], p->threads[t],
                                             p->smem[t], stream, slot, ns), "kernel-kind launch", why);
    }
    // gpusched_spin is static, so every .cu has its own copy and the attribute is per copy: each
    // translation unit raises its copy's dynamic shared-memory limit the first time a launch needs it.
    // From the first byte, not from 48 KiB: the kernel's own static shared memory counts towards the
    // default 48 KiB too, so a 48 KiB request fails without the attribute (seen on an H100).
    static int spin_smem_limit = 0;
    // One shared-memory carveout for every launch of the spin kernel (the largest): kernels that
    // ask for different L1/shared splits cannot share an SM until it drains, which serialised
    // batches the oracle lets run together (seen on an H100: {detector_conv, seg_head} of the
    // RTX example took the sum of their times instead of the longer one).
    static bool spin_carveout_set = false;
    if (!spin_carveout_set) {
        if (!cuda_ok(cudaFuncSetAttribute(gpusched_spin, cudaFuncAttributePreferredSharedMemoryCarveout,
                                          cudaSharedmemCarveoutMaxShared), "shared-memory carveout", why)) return false;
        spin_carveout_set = true;
    }
    if (p->smem[t] > spin_smem_limit) {
        if (!cuda_ok(cudaFuncSetAttribute(gpusched_spin, cudaFuncAttributeMaxDynamicSharedMemorySize, p->smem[t]),
                     "dynamic shared memory above 48 KiB", why)) return false;
        spin_smem_limit = p->smem[t];
    }
    gpusched_spin<<<p->blocks[t], p->threads[t], p->smem[t], stream>>>(slot, ns);
    return cuda_ok(cudaGetLastError(), "kernel launch", why);
}

// Launches unit t's kernel on its task's stream, asked for `ns`; a failure is thrown into Java.
static bool launch(JNIEnv *env, Player *p, int t, u64 *slot, long long ns) {
    std::string why;
    if (launch_on(p, t, p->streams[p->unitTask[t]], slot, ns, why)) return true;
    throw_java(env, why);
    return false;
}
