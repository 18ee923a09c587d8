// Kernel kinds: compute (FMA chains), memory (streaming a buffer larger than L2), cache (L2-resident
// traffic), shared (shared-memory traffic). Declarations and the calibration contract in kinds.cuh.
#include "kinds.cuh"
#include "calib_loop.h"

__device__ __forceinline__ void stamp_start(u64 &start) {
    if (threadIdx.x == 0) start = global_timer();
    __syncthreads();
}

__device__ __forceinline__ void stamp_end(u64 *slot, u64 start) {
    __syncthreads();
    if (threadIdx.x == 0 && slot != nullptr) {
        atomicMin(&slot[0], start);
        atomicMax(&slot[1], global_timer());
    }
}

// units: FMA rounds per thread, four independent chains each (enough to keep the pipes busy).
static __global__ void kind_compute(u64 *slot, long long units, float *sink) {
    __shared__ u64 start;
    stamp_start(start);
    float a = threadIdx.x * 1e-3f, b = a + 1.f, c = a + 2.f, d = a + 3.f;
    for (long long i = 0; i < units; i++) {
        a = fmaf(a, 0.999f, 1e-4f); b = fmaf(b, 0.999f, 1e-4f);
        c = fmaf(c, 0.999f, 1e-4f); d = fmaf(d, 0.999f, 1e-4f);
    }
    if (a + b + c + d == 42.f) sink[0] = a;  // practically never true; keeps the chains alive
    stamp_end(slot, start);
}

// units: float4 elements read, modified and written back, grid-stride, starting at `offset` of a ring
// of `n` elements and wrapping. The memory kind streams the next elements of a ring four times L2
// with evict-first loads and stores, so what a job touches was last touched at least three L2
// volumes of its traffic ago and is DRAM traffic, and a job streams as many bytes as its time needs
// (the buffer is sized to the job, not one pass over a fixed buffer, whose time was the kind's floor).
// The cache kind goes round a ring of a quarter of L2 from its start: it stays in L2.
template <bool STREAMING>
static __global__ void kind_stream(u64 *slot, float4 *buf, size_t n, size_t offset, long long count) {
    __shared__ u64 start;
    stamp_start(start);
    const long long stride = (long long)gridDim.x * blockDim.x;
    const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)stride % n;
    size_t j = (offset + (size_t)tid) % n;
    for (long long i = tid; i < count; i += stride) {
        float4 v = STREAMING ? __ldcs(&buf[j]) : buf[j];
        v.x += 1.f; v.w -= 1.f;
        if (STREAMING) __stcs(&buf[j], v); else buf[j] = v;
        j += step;
        if (j >= n) j -= n;
    }
    stamp_end(slot, start);
}

// units: rounds of read-modify-write over a 16 KiB block of shared memory, with a stride that
// spreads the accesses over all banks.
static __global__ void kind_shared(u64 *slot, long long units, float *sink) {
    __shared__ u64 start;
    __shared__ float tile[4096];
    stamp_start(start);
    for (int i = threadIdx.x; i < 4096; i += blockDim.x) tile[i] = (float)i;
    __syncthreads();
    float acc = 0;
    for (long long r = 0; r < units; r++) {
        for (int i = threadIdx.x; i < 4096; i += blockDim.x) {
            int j = (i * 33 + (int)r) & 4095;
            acc += tile[j];
            tile[i] = acc * 0.5f;
        }
        __syncthreads();
    }
    if (acc == 42.f) sink[0] = acc;
    stamp_end(slot, start);
}

// Raises a kernel's dynamic shared-memory limit the first time a launch asks for more (as the spin
// kernel's launch does), so a block occupies what its task declares.
template <typename K>
static cudaError_t allow_smem(K kernel, int &limit, int smem) {
    if (smem <= limit) return cudaSuccess;
    cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    if (e == cudaSuccess) limit = smem;
    return e;
}

// `smem`: the task's declared shared memory per block, requested as dynamic shared memory (unused by
// the code) so that the kinds occupy SMs as the model places them.
static cudaError_t launch_units(KindBuffers &b, int kind, int blocks, int threads, int smem, cudaStream_t s, u64 *slot,
                                long long units) {
    static int limit[5] = {0, 0, 0, 0, 0};
    cudaError_t e = cudaSuccess;
    switch (kind) {
        case KIND_COMPUTE:
            if ((e = allow_smem(kind_compute, limit[kind], smem)) == cudaSuccess)
                kind_compute<<<blocks, threads, smem, s>>>(slot, units, b.sink);
            break;
        case KIND_MEMORY:
            if ((e = allow_smem(kind_stream<true>, limit[kind], smem)) == cudaSuccess) {
                kind_stream<true><<<blocks, threads, smem, s>>>(slot, b.big, b.big_n, b.cursor, units);
                b.cursor = (b.cursor + (size_t)units % b.big_n) % b.big_n;  // the next job streams the next bytes
            }
            break;
        case KIND_CACHE:
            if ((e = allow_smem(kind_stream<false>, limit[kind], smem)) == cudaSuccess)
                kind_stream<false><<<blocks, threads, smem, s>>>(slot, b.small, b.small_n, 0, units);
            break;
        case KIND_SHARED:
            if ((e = allow_smem(kind_shared, limit[kind], smem)) == cudaSuccess)
                kind_shared<<<blocks, threads, smem, s>>>(slot, units, b.sink);
            break;
        default: return cudaErrorInvalidValue;
    }
    return e != cudaSuccess ? e : cudaGetLastError();
}

bool gpusched_kinds_alloc(KindBuffers &b, int device, std::string &why) {
    int l2 = 0;
    cudaError_t e = cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device);
    if (e == cudaSuccess) {
        size_t l2b = l2 > 0 ? (size_t)l2 : (size_t)4 << 20;
        b.big_n = 4 * l2b / sizeof(float4);
        b.small_n = l2b / 4 / sizeof(float4);
        e = cudaMalloc(&b.big, b.big_n * sizeof(float4));
    }
    if (e == cudaSuccess) e = cudaMalloc(&b.small, b.small_n * sizeof(float4));
    if (e == cudaSuccess) e = cudaMalloc(&b.sink, sizeof(float));
    if (e == cudaSuccess) e = cudaMalloc(&b.slot, 2 * sizeof(u64));
    if (e == cudaSuccess) e = cudaMemset(b.big, 0, b.big_n * sizeof(float4));
    if (e == cudaSuccess) e = cudaMemset(b.small, 0, b.small_n * sizeof(float4));
    if (e != cudaSuccess) {
        why = std::string(cudaGetErrorName(e)) + ": kernel-kind buffers";
        gpusched_kinds_free(b);
        return false;
    }
    return true;
}

void gpusched_kinds_free(KindBuffers &b) {
    cudaFree(b.big);
    cudaFree(b.small);
    cudaFree(b.sink);
    cudaFree(b.slot);
    b.big = b.small = nullptr;
    b.sink = nullptr;
    b.slot = nullptr;
}

// The median kernel time (GPU timer: first block start to last block end) of RUNS launches of
// `units`, in ns; -1 on a CUDA failure (its name in `why`).
static long long measure(KindBuffers &b, int kind, int blocks, int threads, int smem, long long units,
                         std::string &why) {
    const int RUNS = 5;
    long long t[RUNS];
    const u64 reset[2] = {~0ull, 0ull};
    u64 got[2];
    for (int r = 0; r < RUNS; r++) {
        cudaError_t e = cudaMemcpy(b.slot, reset, sizeof reset, cudaMemcpyHostToDevice);
        if (e == cudaSuccess) e = launch_units(b, kind, blocks, threads, smem, 0, b.slot, units < 1 ? 1 : units);
        if (e == cudaSuccess) e = cudaDeviceSynchronize();
        if (e == cudaSuccess) e = cudaMemcpy(got, b.slot, sizeof got, cudaMemcpyDeviceToHost);
        if (e != cudaSuccess) {
            why = std::string(cudaGetErrorName(e)) + ": kernel-kind calibration";
            return -1;
        }
        t[r] = (long long)(got[1] - got[0]);
    }
    return calib::median(t, RUNS);
}

bool gpusched_kinds_calibrate(KindBuffers &b, int kind, int blocks, int threads, int smem, long long askedNs,
                              KindCalib &c, std::string &why) {
    c.askedNs = askedNs;
    // The floor: the least work a launch of this shape does (one element per thread for the
    // stream kinds, one round for the others).
    const long long least = (kind == KIND_MEMORY || kind == KIND_CACHE) ? (long long)blocks * threads : 1;
    if (measure(b, kind, blocks, threads, smem, least, why) < 0) return false;  // warm-up
    c.floorNs = measure(b, kind, blocks, threads, smem, least, why);
    if (c.floorNs < 0) return false;
    // A first rate from two amounts far enough apart that the fixed cost and the timer's
    // resolution drop out: grow the amount 4x until a launch takes at least 200 us.
    long long u0 = least, t0 = c.floorNs, u1 = least, t1 = c.floorNs;
    for (int k = 0; k < 16 && t1 < 200000; k++) {
        u0 = u1;
        t0 = t1;
        u1 = u1 * 4;
        t1 = measure(b, kind, blocks, threads, smem, u1, why);
        if (t1 < 0) return false;
    }
    if (t1 <= t0) {
        why = "kernel-kind calibration: no growth with the amount of work";
        return false;
    }
    double rate = (double)(u1 - u0) / (double)(t1 - t0);
    c.unitsPerNs = rate;
    c.medianNs = c.floorNs;
    c.rounds = 0;
    c.converged = false;
    if (askedNs <= c.floorNs) return true;  // below the floor: the caller refuses the task
    bool failed = false;
    calib::Result r = calib::close_loop(rate, askedNs, 8, [&](long long units) {
        long long m = measure(b, kind, blocks, threads, smem, units, why);
        failed = failed || m < 0;
        return m;
    });
    if (failed || r.failed) return false;
    c.unitsPerNs = r.unitsPerNs;
    c.medianNs = r.medianNs;
    c.rounds = r.rounds;
    c.converged = r.converged;
    return true;
}

cudaError_t gpusched_kinds_launch(KindBuffers *b, int kind, double units_per_ns, int blocks, int threads, int smem,
                                  cudaStream_t stream, u64 *slot, long long ns) {
    if (b == nullptr) return cudaErrorInvalidValue;
    long long units = (long long)(units_per_ns * (double)ns + 0.5);
    return launch_units(*b, kind, blocks, threads, smem, stream, slot, units < 1 ? 1 : units);
}
