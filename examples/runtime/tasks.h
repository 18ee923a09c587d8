// The two tasks of workload.json, each with its own state and arguments; the runtime hands every
// job the stream of its task (docs/player.md, "The runtime library").
#pragma once
#include <cuda_runtime_api.h>
#include "gpusched_rt.h"

// gemm: C = alpha * A * B + beta * C with cuBLAS, n x n single precision (gemm_task.cpp).
struct GemmTask;
GemmTask *gemm_create(int n);
void gemm_launch(void *self, cudaStream_t stream, const gpusched_job *job);
void gemm_destroy(GemmTask *t);

// scale: y = a * x + y with a kernel of this program, its own arguments (scale_task.cu).
struct ScaleTask;
ScaleTask *scale_create(int n, float a);
void scale_launch(void *self, cudaStream_t stream, const gpusched_job *job);
void scale_destroy(ScaleTask *t);
