// gpusched profile: time one set of kernels the way the paper's section 4.2 does. Each kernel of
// the set is launched on its own task's stream (all streams have the same priority), then
// cudaDeviceSynchronize(); one sample is the host time from the first launch to the return of
// the synchronisation, which is exactly what the PBS runtime observes of a batch.
#include "player_common.cuh"
#include <algorithm>

static jlongArray profile_set(JNIEnv *env, jlong handle, jintArray jorder, jlongArray jdur, jint warmup, jint runs,
                              bool members) {
    Player *p = (Player *)(intptr_t)handle;
    const int k = env->GetArrayLength(jorder);
    std::vector<jint> order(k);
    std::vector<jlong> dur(k);
    env->GetIntArrayRegion(jorder, 0, k, order.data());
    env->GetLongArrayRegion(jdur, 0, k, dur.data());
    if (!check(env, cudaSetDevice(p->device), "cudaSetDevice")) return nullptr;
    int optin = 0;
    if (!check(env, cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, p->device),
               "cudaDeviceGetAttribute")) return nullptr;
    for (int i = 0; i < k; i++) {
        int t = order[i];
        if (t < 0 || t >= p->units) { throw_java(env, "profile: kernel index out of range"); return nullptr; }
        if (p->smem[t] > optin) {
            throw_java(env, std::string("not enough device memory: task ") + std::to_string(t) + " needs "
                       + std::to_string(p->smem[t]) + " bytes of shared memory per block, the device allows "
                       + std::to_string(optin));
            return nullptr;
        }
    }
    size_t freeB = 0, totalB = 0;
    if (!check(env, cudaMemGetInfo(&freeB, &totalB), "cudaMemGetInfo")) return nullptr;
    const size_t bytes = 2 * sizeof(u64) * (size_t)(k > 0 ? k : 1);
    if (bytes > freeB) {
        throw_java(env, std::string("not enough device memory: ") + std::to_string(bytes) + " bytes needed, "
                   + std::to_string(freeB) + " free");
        return nullptr;
    }
    // Stamp slots in device memory: the sample is host time, but a user kernel may still write its
    // slot, and atomics on mapped host memory would cost about 2 us per block (seen on an H100).
    u64 *dslots = nullptr;
    bool ok = check(env, cudaMalloc((void **)&dslots, bytes), "cudaMalloc");
    std::vector<u64> init(2 * (size_t)(k > 0 ? k : 1));
    for (int i = 0; i < k; i++) { init[2 * i] = ~0ull; init[2 * i + 1] = 0; }
    const size_t per = members ? 1 + (size_t)k : 1;
    std::vector<jlong> out((runs > 0 ? runs : 0) * per);
    std::vector<u64> back(init.size());
    for (int r = -warmup; ok && r < runs; r++) {
        ok = ok && check(env, cudaMemcpy(dslots, init.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
        u64 t0 = now_ns();
        for (int i = 0; ok && i < k; i++) ok = launch(env, p, order[i], dslots + 2 * i, dur[i]);
        ok = ok && check(env, cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        u64 t1 = now_ns();
        if (ok && r >= 0) out[r * per] = (jlong)(t1 - t0);
        // Per member, outside the timed span: its last block end after the set's first block start
        // (GPU timer), -1 for a kernel that left its slot untouched.
        if (ok && r >= 0 && members) {
            ok = check(env, cudaMemcpy(back.data(), dslots, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
            u64 first = ~0ull;
            for (int i = 0; i < k; i++) first = std::min(first, back[2 * i]);
            for (int i = 0; ok && i < k; i++) {
                bool stamped = back[2 * i] != ~0ull && back[2 * i + 1] != 0;
                out[r * per + 1 + i] = stamped ? (jlong)(back[2 * i + 1] - first) : -1;
            }
        }
    }
    if (dslots) cudaFree(dslots);
    if (!ok) return nullptr;
    jlongArray res = env->NewLongArray((jsize)out.size());
    env->SetLongArrayRegion(res, 0, (jsize)out.size(), out.data());
    return res;
}

extern "C" {

// order: unit indices (a v1 task set's tasks) in submission order; durNs: per position, the duration
// passed to the kernel. Returns `runs` samples in ns. Refuses, before launching anything, a set whose
// dynamic shared memory exceeds what one block may have on this device, or when the device has not
// the memory for the kernels' timing slots: messages start with "not enough device memory" (Java
// reports them as the user's input problem, exit 2).
JNIEXPORT jlongArray JNICALL Java_org_gpusched_player_NativePlayer_profile(JNIEnv *env, jclass, jlong handle,
        jintArray jorder, jlongArray jdur, jint warmup, jint runs) {
    return profile_set(env, handle, jorder, jdur, warmup, runs, false);
}

// As profile, and per run also each member's finish: runs x (1 + k) values, the host sample then,
// per position, the member's last block end after the set's first block start (ns, GPU timer).
JNIEXPORT jlongArray JNICALL Java_org_gpusched_player_NativePlayer_profileMembers(JNIEnv *env, jclass, jlong handle,
        jintArray jorder, jlongArray jdur, jint warmup, jint runs) {
    return profile_set(env, handle, jorder, jdur, warmup, runs, true);
}

}  // extern "C"
