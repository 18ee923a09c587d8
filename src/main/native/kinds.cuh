// The built-in kernel kinds besides spin (docs/player.md, "Kernel kinds"): each does a fixed amount
// of work of one kind, so kernels loading the same resource slow each other down. The amount for an
// isolated duration comes from a per-device calibration (units per ns), as the spin kernel's time
// comes from the global timer.
#pragma once
#include "player_common.cuh"

// Kinds as the Java enum KernelKind numbers them (ordinal).
enum GpuschedKind { KIND_SPIN = 0, KIND_COMPUTE = 1, KIND_MEMORY = 2, KIND_CACHE = 3, KIND_SHARED = 4 };

// Device buffers the kinds work on: `big` is a ring four times L2 (memory), `small` a quarter of L2
// (cache), `sink` keeps results alive so the compiler cannot drop the work.
struct KindBuffers {
    float4 *big = nullptr;
    size_t big_n = 0;
    float4 *small = nullptr;
    size_t small_n = 0;
    float *sink = nullptr;
    u64 *slot = nullptr;   // the calibration's block stamps (device memory)
    size_t cursor = 0;     // where the next memory job starts streaming in `big` (a ring)
};


// Allocates the buffers for `device`; false (and `why`) on failure.
bool gpusched_kinds_alloc(KindBuffers &b, int device, std::string &why);
void gpusched_kinds_free(KindBuffers &b);
// Calibrates `kind` alone at the launch shape (blocks, threads, shared memory) for `askedNs`: its
// floor, a first rate from two amounts, then measure / correct / re-measure until the median is
// within 5 % + 5 us of the asked time (calib_loop.h); nothing beyond the floor when askedNs is below it.
bool gpusched_kinds_calibrate(KindBuffers &b, int kind, int blocks, int threads, int smem, long long askedNs,
                              KindCalib &c, std::string &why);
// gpusched_kinds_launch (declared in player_common.cuh) launches `kind` on `stream` with the work of
// `ns` alone at the calibrated rate; the slot gets the first block start and last block end, as the
// spin kernel's does.
