// An application that runs its own GPU work under a gpusched table:
//   gpusched analyze workload.json --table table.json
//   runtime_example table.json [hyperperiods] [time-triggered|reclaim] [report.json]
// Exit: 0 every deadline kept, 1 a deadline missed, 2 the table does not fit this program's task set,
// 3 another failure (no GPU, a CUDA error).
#include "gpusched_rt.h"
#include "tasks.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s TABLE.json [hyperperiods] [time-triggered|reclaim] [report.json]\n", argv[0]);
        return 2;
    }
    int hyperperiods = argc > 2 ? atoi(argv[2]) : 100;
    gpusched_rt_mode mode = argc > 3 && strcmp(argv[3], "reclaim") == 0 ? GPUSCHED_RT_RECLAIM : GPUSCHED_RT_TIME_TRIGGERED;
    const char *report = argc > 4 ? argv[4] : "runtime-report.json";

    // The task set of workload.json, in its order and its time unit (us).
    gpusched_rt *rt = gpusched_rt_create(GPUSCHED_RT_CUDA, 0);
    gpusched_rt_add_task(rt, "gemm", 10000, 10000, 0, 0);
    gpusched_rt_add_task(rt, "scale", 5000, 5000, 0, 0);
    GemmTask *gemm = gemm_create(1024);
    ScaleTask *scale = scale_create(1 << 20, 2.0f);
    if (!gemm || !scale) return 3;
    gpusched_rt_set_launch(rt, "gemm", gemm_launch, gemm);
    gpusched_rt_set_launch(rt, "scale", scale_launch, scale);

    int rc = gpusched_rt_load_table(rt, argv[1]);
    if (rc != GPUSCHED_RT_OK) {
        fprintf(stderr, "%s\n", gpusched_rt_error(rt));
        return rc == GPUSCHED_RT_BAD_INPUT ? 2 : 3;
    }
    // The first launches load code and allocate; none of that may land inside the timed frames.
    gemm_launch(gemm, nullptr, nullptr);
    scale_launch(scale, nullptr, nullptr);
    cudaDeviceSynchronize();

    rc = gpusched_rt_play(rt, mode, hyperperiods);
    if (rc != GPUSCHED_RT_OK && rc != GPUSCHED_RT_MISS) {
        fprintf(stderr, "%s\n", gpusched_rt_error(rt));
        return 3;
    }
    gpusched_rt_write_report(rt, report);
    printf("%lld jobs in %lld frames: %lld deadline misses, %lld frames over their model; report %s\n",
           gpusched_rt_jobs(rt), gpusched_rt_frames(rt), gpusched_rt_misses(rt), gpusched_rt_overrun_frames(rt), report);
    gemm_destroy(gemm);
    scale_destroy(scale);
    gpusched_rt_destroy(rt);
    return rc == GPUSCHED_RT_MISS ? 1 : 0;
}
