// Runs partition.cu's JNI functions on a GPU without a JVM (fake jni.h). 1) green contexts granted
// per requested SM count; 2) one kernel of B = 132 blocks of 1024 threads (r = 2 resident per SM on
// Hopper) alone in a green context of m SMs, for several m: measured time vs the waves model
// exec(M) * ceil(B/(m r)) / ceil(B/(M r)); 3) two partitions co-running. Output of one run:
// docs/results/partition-green-h100.log.
// Build and run on a GPU machine, from this folder (no JVM needed):
//   cp ../../../main/native/partition.cu ../../../main/native/player_common.cuh . &&
//   sed -i 's|#include <jni.h>|#include "fakejni/jni.h"|' player_common.cuh &&
//   nvcc -std=c++17 -O2 -arch=sm_90 -I. -o harness harness.cu -ldl && ./harness
#include "partition.cu"
#include <algorithm>
static IntArr *ia(std::vector<jint> v) { auto *a = new IntArr(); a->v = v; return a; }
static LongArr *la(std::vector<jlong> v) { auto *a = new LongArr(); a->v = v; return a; }
int main(int argc, char **argv) {
    setvbuf(stdout, nullptr, _IONBF, 0);
    JNIEnv env;
    {
        Driver d; Green g; std::string why;
        cudaFree(nullptr);
        if (!load_green(d, g, why)) printf("load_green: %s\n", why.c_str());
        else {
            CUdevice dev; g.deviceGet(&dev, 0); CUdevResource all;
            CUresult rr = g.getDevResource(dev, &all, CU_DEV_RESOURCE_TYPE_SM);
            printf("resource rc %d smCount %u minSmPartitionSize %u smCoscheduledAlignment %u\n", (int)rr, all.sm.smCount,
                   all.sm.minSmPartitionSize, all.sm.smCoscheduledAlignment);
        }
    }
    int M = 0; cudaDeviceGetAttribute(&M, cudaDevAttrMultiProcessorCount, 0);
    printf("device SMs %d\n", M);
    std::vector<int> asks = {1, 2, 4, 8, 16, 34, 66};
    for (int a : asks) {
        jintArray g = Java_org_gpusched_player_NativePartition_greenSplitNative(&env, nullptr, 0, ia({a}));
        printf("greenSplit ask %d -> %s\n", a, g ? std::to_string(g->v[0]).c_str() : env.thrown.c_str());
        env.thrown.clear();
    }
    jintArray g2 = Java_org_gpusched_player_NativePartition_greenSplitNative(&env, nullptr, 0, ia({8, 16, 34, 66}));
    printf("greenSplit 8,16,34,66 -> %s\n", g2 ? (std::to_string(g2->v[0]) + "," + std::to_string(g2->v[1]) + "," + std::to_string(g2->v[2]) + "," + std::to_string(g2->v[3])).c_str() : env.thrown.c_str());
    env.thrown.clear();
    jintArray ex = Java_org_gpusched_player_NativePartition_greenSplitNative(&env, nullptr, 0,
            ia({8, 8, 8, 12, 5, 7, 9, 3, 2, 6}));
    if (!ex) printf("example plan: %s\n", env.thrown.c_str());
    else { printf("example plan (sm-partitioning-68, SMS-INA) granted:"); for (jint v : ex->v) printf(" %d", v); printf("\n"); }
    env.thrown.clear();
    jintArray too = Java_org_gpusched_player_NativePartition_greenSplitNative(&env, nullptr, 0, ia({64, 64, 4}));
    printf("64,64,4 -> %s\n", too ? "granted" : env.thrown.c_str());
    env.thrown.clear();
    const long long spin = 200000;  // 200 us per block
    int B = M;                       // one full wave on all M SMs
    // waves measured with blocks of 1024 threads: r = 2 per SM on Hopper (2048 threads), so use 2 blocks per SM
    for (int threads : {1024}) {
        std::vector<int> ms = {2, 4, 8, 16, 32, 66, M};
        for (int m : ms) {
            if (m > M) continue;
            std::vector<jlong> best;
            double bestUs = 1e30; int granted = 0;
            for (int rep = 0; rep < 3; rep++) {
                jlongArray r = Java_org_gpusched_player_NativePartition_playNative(&env, nullptr, 0, ia({m}), ia({0}),
                        ia({B}), ia({threads}), la({0}), la({spin}));
                if (!r) { printf("m %d: %s\n", m, env.thrown.c_str()); env.thrown.clear(); break; }
                double us = (r->v[1] - r->v[0]) / 1000.0;
                granted = (int)r->v[2];
                bestUs = std::min(bestUs, us);
            }
            if (granted == 0) continue;
            int r = 2;  // resident 1024-thread blocks per SM (2048 threads per SM)
            double model = spin / 1000.0 * ((B + (long)granted * r - 1) / ((long)granted * r)) / ((B + (long)M * r - 1) / ((long)M * r));
            printf("B %d threads %d ask m %d granted %d: measured %.1f us, waves model %.1f us\n", B, threads, m, granted,
                   bestUs, model);
        }
    }
    // Two partitions co-running: 8 and 16 SMs, two jobs each released at 0 and 300 us.
    jlongArray r = Java_org_gpusched_player_NativePartition_playNative(&env, nullptr, 0, ia({8, 16}), ia({0, 1, 0, 1}),
            ia({16, 32, 16, 32}), ia({1024, 1024, 1024, 1024}), la({0, 0, 300000, 300000}), la({100000, 100000, 100000, 100000}));
    if (!r) printf("co-run: %s\n", env.thrown.c_str());
    else for (int j = 0; j < 4; j++) printf("co-run job %d: start %.1f us finish %.1f us\n", j, r->v[2 * j] / 1000.0, r->v[2 * j + 1] / 1000.0);
    return 0;
}
