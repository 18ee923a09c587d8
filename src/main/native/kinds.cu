// Kernel kinds: compute (FMA chains), memory (streaming a buffer larger than L2), cache (L2-resident
// traffic), shared (shared-memory traffic). Declarations and the calibration contract in kinds.cuh.
#include "kinds.cuh"

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

// units: passes over `buf` (n float4), grid-stride, read-modify-write. With a buffer several times
// L2 this is DRAM traffic (memory); with a quarter of L2 it stays in L2 (cache).
static __global__ void kind_stream(u64 *slot, float4 *buf, size_t n, long long units) {
    __shared__ u64 start;
    stamp_start(start);
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (long long p = 0; p < units; p++) {
        for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
            float4 v = buf[i];
            v.x += 1.f; v.w -= 1.f;
            buf[i] = v;
        }
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
        case KIND_CACHE:
            if ((e = allow_smem(kind_stream, limit[KIND_MEMORY], smem)) == cudaSuccess)
                kind_stream<<<blocks, threads, smem, s>>>(slot, kind == KIND_MEMORY ? b.big : b.small,
                                                          kind == KIND_MEMORY ? b.big_n : b.small_n, units);
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
    b.big = b.small = nullptr;
    b.sink = nullptr;
}

bool gpusched_kinds_calibrate(KindBuffers &b, int kind, int blocks, int threads, int smem, double &rate,
                              std::string &why) {
    // Two amounts, so the launch's fixed cost drops out of the rate: (t2 - t1) / (u2 - u1).
    const long long u1 = kind == KIND_COMPUTE ? 1 << 14 : 4, u2 = 4 * u1;
    float ms[2] = {0, 0};
    cudaEvent_t a, z;
    cudaEventCreate(&a);
    cudaEventCreate(&z);
    cudaError_t e = launch_units(b, kind, blocks, threads, smem, 0, nullptr, u1);  // warm-up
    for (int k = 0; e == cudaSuccess && k < 2; k++) {
        cudaEventRecord(a, 0);
        e = launch_units(b, kind, blocks, threads, smem, 0, nullptr, k == 0 ? u1 : u2);
        cudaEventRecord(z, 0);
        if (e == cudaSuccess) e = cudaEventSynchronize(z);
        if (e == cudaSuccess) e = cudaEventElapsedTime(&ms[k], a, z);
    }
    cudaEventDestroy(a);
    cudaEventDestroy(z);
    if (e != cudaSuccess || ms[1] <= ms[0]) {
        why = e != cudaSuccess ? std::string(cudaGetErrorName(e)) + ": kernel-kind calibration"
                               : "kernel-kind calibration: no growth with the amount of work";
        return false;
    }
    rate = (double)(u2 - u1) / ((ms[1] - ms[0]) * 1e6);
    return true;
}

cudaError_t gpusched_kinds_launch(KindBuffers *b, int kind, double units_per_ns, int blocks, int threads, int smem,
                                  cudaStream_t stream, u64 *slot, long long ns) {
    if (b == nullptr) return cudaErrorInvalidValue;
    long long units = (long long)(units_per_ns * (double)ns + 0.5);
    return launch_units(*b, kind, blocks, threads, smem, stream, slot, units < 1 ? 1 : units);
}
