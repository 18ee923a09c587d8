// The gemm task: one cuBLAS SGEMM per job, on the stream the runtime gives the job.
#include "tasks.h"
#include <cublas_v2.h>
#include <cstdio>

struct GemmTask {
    int n = 0;
    cublasHandle_t handle = nullptr;
    float *a = nullptr, *b = nullptr, *c = nullptr;
};

GemmTask *gemm_create(int n) {
    GemmTask *t = new GemmTask();
    t->n = n;
    size_t bytes = sizeof(float) * (size_t)n * (size_t)n;
    if (cublasCreate(&t->handle) != CUBLAS_STATUS_SUCCESS || cudaMalloc((void **)&t->a, bytes) != cudaSuccess
        || cudaMalloc((void **)&t->b, bytes) != cudaSuccess || cudaMalloc((void **)&t->c, bytes) != cudaSuccess) {
        fprintf(stderr, "gemm: cannot create the cuBLAS handle or its %zu-byte matrices\n", bytes);
        gemm_destroy(t);
        return nullptr;
    }
    cudaMemset(t->a, 0, bytes);
    cudaMemset(t->b, 0, bytes);
    cudaMemset(t->c, 0, bytes);
    return t;
}

void gemm_launch(void *self, cudaStream_t stream, const gpusched_job *) {
    GemmTask *t = (GemmTask *)self;
    const float alpha = 1.0f, beta = 0.5f;
    // The handle follows the job's stream: the runtime synchronises the batch, cuBLAS only enqueues.
    cublasSetStream(t->handle, stream);
    cublasSgemm(t->handle, CUBLAS_OP_N, CUBLAS_OP_N, t->n, t->n, t->n, &alpha, t->a, t->n, t->b, t->n, &beta, t->c, t->n);
}

void gemm_destroy(GemmTask *t) {
    if (!t) return;
    if (t->handle) cublasDestroy(t->handle);
    cudaFree(t->a);
    cudaFree(t->b);
    cudaFree(t->c);
    delete t;
}
