// The scale task: a kernel of this program with its own arguments (not gpusched's fixed
// (slot, durationNs) signature), launched on the stream the runtime gives the job.
#include "tasks.h"
#include <cuda_runtime.h>
#include <cstdio>

struct ScaleTask {
    int n = 0;
    float a = 0;
    float *x = nullptr, *y = nullptr;
};

static __global__ void axpy(int n, float a, const float *x, float *y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = a * x[i] + y[i];
}

ScaleTask *scale_create(int n, float a) {
    ScaleTask *t = new ScaleTask();
    t->n = n;
    t->a = a;
    size_t bytes = sizeof(float) * (size_t)n;
    if (cudaMalloc(&t->x, bytes) != cudaSuccess || cudaMalloc(&t->y, bytes) != cudaSuccess) {
        fprintf(stderr, "scale: cannot allocate %zu bytes\n", bytes);
        scale_destroy(t);
        return nullptr;
    }
    cudaMemset(t->x, 0, bytes);
    cudaMemset(t->y, 0, bytes);
    return t;
}

void scale_launch(void *self, cudaStream_t stream, const gpusched_job *) {
    ScaleTask *t = (ScaleTask *)self;
    // The launch shape of workload.json's kernel (32 blocks of 256 threads), which the analysis assumed.
    axpy<<<32, 256, 0, stream>>>(t->n, t->a, t->x, t->y);
}

void scale_destroy(ScaleTask *t) {
    if (!t) return;
    cudaFree(t->x);
    cudaFree(t->y);
    delete t;
}
