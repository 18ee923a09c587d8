// gpusched runtime player: JNI library that replays a scheduling table on a CUDA GPU.
// The Java side (org.gpusched.player.NativePlayer) owns the plan; this file owns the timed loop,
// which never calls back into Java: copies, launches, events, cudaDeviceSynchronize and absolute-time
// sleeps (clock_nanosleep TIMER_ABSTIME on CLOCK_MONOTONIC) only. What is issued in which order is
// frames.cuh (plain C++, tested on the host); table_copies.cuh is its CUDA side. Stamps come back in
// primitive arrays.
#include "player_common.cuh"
#include "kinds.cuh"
#include "frames.cuh"
#include "table_copies.cuh"

extern "C" {

JNIEXPORT jobjectArray JNICALL Java_org_gpusched_player_NativePlayer_deviceInfo(JNIEnv *env, jclass, jint dev) {
    int count = 0;
    if (!check(env, cudaGetDeviceCount(&count), "cudaGetDeviceCount")) return nullptr;
    if (count == 0) { check(env, cudaErrorNoDevice, "cudaGetDeviceCount"); return nullptr; }
    if (dev < 0 || dev >= count) { check(env, cudaErrorInvalidDevice, "device index"); return nullptr; }
    cudaDeviceProp pr;
    if (!check(env, cudaGetDeviceProperties(&pr, dev), "cudaGetDeviceProperties")) return nullptr;
    int drv = 0, rt = 0;
    cudaDriverGetVersion(&drv);
    cudaRuntimeGetVersion(&rt);
    std::vector<std::string> kv = {
        "devices=" + std::to_string(count), "device=" + std::to_string(dev), std::string("name=") + pr.name,
        "computeCapability=" + std::to_string(pr.major) + "." + std::to_string(pr.minor),
        "sms=" + std::to_string(pr.multiProcessorCount),
        "maxThreadsPerSm=" + std::to_string(pr.maxThreadsPerMultiProcessor),
        "maxBlocksPerSm=" + std::to_string(pr.maxBlocksPerMultiProcessor),
        "registersPerSm=" + std::to_string(pr.regsPerMultiprocessor),
        "sharedMemoryPerSm=" + std::to_string(pr.sharedMemPerMultiprocessor),
        "globalMemory=" + std::to_string(pr.totalGlobalMem),
        std::string("integrated=") + (pr.integrated ? "true" : "false"),
        "driverVersion=" + std::to_string(drv), "runtimeVersion=" + std::to_string(rt),
    };
    jobjectArray out = env->NewObjectArray((jsize)kv.size(), env->FindClass("java/lang/String"), nullptr);
    for (size_t i = 0; i < kv.size(); i++) env->SetObjectArrayElement(out, (jsize)i, env->NewStringUTF(kv[i].c_str()));
    return out;
}

JNIEXPORT jlong JNICALL Java_org_gpusched_player_NativePlayer_open(JNIEnv *env, jclass, jint dev, jintArray junitTask,
        jintArray jblocks, jintArray jthreads, jintArray jsmem, jobjectArray jmodules, jobjectArray jsymbols, jintArray jkinds,
        jlong maxH2dNs, jlong maxD2hNs, jlongArray jasked) {
    Player *p = new Player();
    p->device = dev;
    p->units = env->GetArrayLength(jblocks);
    p->unitTask.resize(p->units);
    env->GetIntArrayRegion(junitTask, 0, p->units, p->unitTask.data());
    for (int u = 0; u < p->units; u++) p->tasks = std::max(p->tasks, p->unitTask[u] + 1);
    set_connections(p->tasks + 2);  // must precede the first CUDA call of the process to take effect
    p->blocks.resize(p->units);
    p->threads.resize(p->units);
    p->smem.resize(p->units);
    p->user.assign(p->units, nullptr);
    env->GetIntArrayRegion(jblocks, 0, p->units, p->blocks.data());
    env->GetIntArrayRegion(jthreads, 0, p->units, p->threads.data());
    env->GetIntArrayRegion(jsmem, 0, p->units, p->smem.data());
    p->kind.resize(p->units);
    p->units_per_ns.assign(p->units, 0.0);
    p->calib.assign(p->units, KindCalib());
    std::vector<jlong> asked(p->units);
    env->GetLongArrayRegion(jasked, 0, p->units, asked.data());
    env->GetIntArrayRegion(jkinds, 0, p->units, p->kind.data());
    int count = 0;
    bool ok = check(env, cudaGetDeviceCount(&count), "cudaGetDeviceCount")
              && (count > 0 || check(env, cudaErrorNoDevice, "cudaGetDeviceCount"))
              && check(env, cudaSetDevice(dev), "cudaSetDevice") && check(env, cudaFree(0), "context creation")
              && check(env, cudaHostAlloc((void **)&p->dummy, 2 * sizeof(u64), cudaHostAllocMapped), "cudaHostAlloc");
    // One stream per task, then the H2D and the D2H copy stream of the table player's frames.
    for (int t = 0; ok && t < p->tasks + 2; t++) {
        cudaStream_t s;
        ok = check(env, cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
        if (ok) p->streams.push_back(s);
    }
    for (int t = 0; ok && t < p->units; t++) {
        jstring jm = (jstring)env->GetObjectArrayElement(jmodules, t);
        if (jm != nullptr) {
            jstring js = (jstring)env->GetObjectArrayElement(jsymbols, t);
            const char *m = env->GetStringUTFChars(jm, nullptr);
            const char *sy = env->GetStringUTFChars(js, nullptr);
            std::string why;
            CUmodule mod;
            if (!load_driver(p->driver, why)) { throw_java(env, "user kernel: " + why); ok = false; }
            else if (p->driver.moduleLoad(&mod, m) != CUDA_SUCCESS) { throw_java(env, std::string("user kernel: cuModuleLoad failed for ") + m); ok = false; }
            else if (p->driver.moduleGetFunction(&p->user[t], mod, sy) != CUDA_SUCCESS) {
                throw_java(env, std::string("user kernel: no extern \"C\" symbol ") + sy + " in " + m); ok = false;
            } else if (p->smem[t] > 48 * 1024 && p->driver.funcSetAttribute) {
                p->driver.funcSetAttribute(p->user[t], CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, p->smem[t]);
            }
            env->ReleaseStringUTFChars(jm, m);
            env->ReleaseStringUTFChars(js, sy);
        }
    }
    // Kernel kinds: buffers once, then each non-spin unit calibrated closed-loop at its own launch
    // shape for its asked time (kinds.cu); Java refuses a unit whose floor is above it.
    for (int t = 0; ok && t < p->units; t++) {
        if (p->kind[t] == 0 || p->user[t] != nullptr) continue;
        std::string why;
        if (p->kinds == nullptr) {
            p->kinds = new KindBuffers();
            if (!gpusched_kinds_alloc(*p->kinds, dev, why)) { throw_java(env, why); ok = false; break; }
        }
        if (!gpusched_kinds_calibrate(*p->kinds, p->kind[t], p->blocks[t], p->threads[t], p->smem[t],
                                      (long long)asked[t], p->calib[t], why)) {
            throw_java(env, why);
            ok = false;
        }
        p->units_per_ns[t] = p->calib[t].unitsPerNs;
    }
    ok = ok && open_copies(env, p, frames::H2D, maxH2dNs) && open_copies(env, p, frames::D2H, maxD2hNs);
    // Warm-up: the first launch of each kernel loads code and allocates launch resources; none
    // of that may land inside the timed loop.
    u64 *dslot = nullptr;
    if (ok) ok = check(env, cudaHostGetDevicePointer((void **)&dslot, p->dummy, 0), "cudaHostGetDevicePointer");
    for (int rep = 0; ok && rep < 2; rep++) {
        for (int t = 0; ok && t < p->units; t++) ok = launch(env, p, t, dslot, 0);
        if (ok) ok = check(env, cudaDeviceSynchronize(), "warm-up");
    }
    if (!ok) {
        destroy(p);
        return 0;
    }
    return (jlong)(intptr_t)p;
}

// Plays entries 0..n-1 (frames.cuh: every H2D, the kernels, every D2H, then the synchronisation).
// target[e] is the earliest host time (ns after t0) entry e may start: its planned start
// (time-triggered) or its latest release (reclaim); the previous batch's end is implied, since each
// batch is synchronised before the next one is considered. unit[i]: the kernel item i runs; dur[i]
// its time; h2d[i], d2h[i] its copies' stated times (ns, 0: none).
// out (length 4n + 6m): [0,n) host time before the first operation, [n,2n) after the last one was
// issued, [2n,3n) when cudaDeviceSynchronize returned, [3n,4n) the wake-up target, then per item the
// first block start and last block end on the GPU timer, shifted to the host clock, then per item the
// start and end of its H2D copy and of its D2H copy (events; -1 without).
// Returns {alignment uncertainty ns, alignment offset ns, SCHED_FIFO granted (1/0), memory locked (1/0),
// errno of the priority refusal, errno of the lock refusal}.
JNIEXPORT jlongArray JNICALL Java_org_gpusched_player_NativePlayer_run(JNIEnv *env, jclass, jlong handle,
        jlong leadNs, jlongArray jtarget, jintArray jfirst, jintArray junit, jlongArray jdur, jlongArray jh2d,
        jlongArray jd2h, jlongArray jout) {
    Player *p = (Player *)(intptr_t)handle;
    const int n = env->GetArrayLength(jtarget);
    const int m = env->GetArrayLength(junit);
    frames::Run plan;
    plan.tasks = p->tasks;
    plan.target.resize(n);
    plan.first.resize(n + 1);
    plan.task.resize(m);
    plan.h2dNs.resize(m);
    plan.d2hNs.resize(m);
    std::vector<jint> unit(m);
    std::vector<jlong> target(n), dur(m), h2d(m), d2h(m), out(4 * (size_t)n + 6 * (size_t)m);
    env->GetLongArrayRegion(jtarget, 0, n, target.data());
    env->GetIntArrayRegion(jfirst, 0, n + 1, plan.first.data());
    env->GetIntArrayRegion(junit, 0, m, unit.data());
    env->GetLongArrayRegion(jdur, 0, m, dur.data());
    env->GetLongArrayRegion(jh2d, 0, m, h2d.data());
    env->GetLongArrayRegion(jd2h, 0, m, d2h.data());
    for (int e = 0; e < n; e++) plan.target[e] = target[e];
    for (int i = 0; i < m; i++) {
        plan.task[i] = p->unitTask[unit[i]];
        plan.h2dNs[i] = h2d[i];
        plan.d2hNs[i] = d2h[i];
    }
    for (int d = 0; d < 2; d++) {
        plan.fit[d].latencyNs = p->copyLatencyNs[d];
        plan.fit[d].bytesPerNs = p->copyBytesPerNs[d];
    }
    for (int i = 0; i < m; i++) {
        for (int d = 0; d < 2; d++) {
            size_t b = frames::copy_bytes(plan.fit[d], d == 0 ? h2d[i] : d2h[i]);
            if (b > p->bufBytes[d]) {
                throw_java(env, "copy of " + std::to_string(b) + " bytes above the " + std::to_string(p->bufBytes[d])
                           + " bytes opened for");
                return nullptr;
            }
        }
    }
    if (!check(env, cudaSetDevice(p->device), "cudaSetDevice")) return nullptr;
    u64 *dslots = nullptr, *stamp = nullptr, *dstamp = nullptr;
    size_t bytes = 2 * sizeof(u64) * (size_t)(m > 0 ? m : 1);
    // Block stamps go to device memory and are copied back once, after the run: atomics on mapped
    // host memory cross PCIe one at a time, and on an H100 they cost about 2 us per block, which
    // stretched a 256-block kernel by half a millisecond and so distorted what was measured.
    std::vector<u64> slots(2 * (size_t)(m > 0 ? m : 1));
    for (int i = 0; i < m; i++) { slots[2 * i] = ~0ull; slots[2 * i + 1] = 0; }
    if (!check(env, cudaMalloc((void **)&dslots, bytes), "cudaMalloc")) return nullptr;
    bool ok = check(env, cudaMemcpy(dslots, slots.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy")
              && check(env, cudaHostAlloc((void **)&stamp, sizeof(u64), cudaHostAllocMapped), "cudaHostAlloc")
              && check(env, cudaHostGetDevicePointer((void **)&dstamp, stamp, 0), "cudaHostGetDevicePointer");
    // Align the GPU timer to the host clock: the stamp was taken between h0 and h1; keep the
    // tightest of several round trips and take its midpoint.
    u64 bestSpan = ~0ull;
    long long offset = 0;
    for (int r = 0; ok && r < 32; r++) {
        u64 h0 = now_ns();
        gpusched_stamp<<<1, 1, 0, p->streams[0]>>>(dstamp);
        ok = check(env, cudaDeviceSynchronize(), "clock alignment");
        u64 h1 = now_ns();
        if (ok && h1 - h0 < bestSpan) { bestSpan = h1 - h0; offset = (long long)(*stamp - (h0 + (h1 - h0) / 2)); }
    }
    CudaFrames backend(env, p, unit, dur, dslots);
    ok = ok && backend.open(frames::event_pool(frames::max_items(plan)));
    frames::Out fo;
    // Real-time priority and locked memory for the timed loop only, where the host grants them.
    hostrt::Realtime rt = hostrt::acquire();
    u64 t0 = now_ns() + (u64)leadNs;
    ok = ok && frames::play(backend, plan, t0, fo);
    hostrt::release(rt);
    backend.close();
    ok = ok && check(env, cudaMemcpy(slots.data(), dslots, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
    for (int e = 0; ok && e < n; e++) {
        out[e] = fo.start[e];
        out[n + e] = fo.issued[e];
        out[2 * n + e] = fo.end[e];
        out[3 * n + e] = fo.target[e];
    }
    // A user kernel that ignores its slot leaves it untouched: fall back to the host stamps.
    for (int e = 0; ok && e < n; e++) {
        for (int i = plan.first[e]; i < plan.first[e + 1]; i++) {
            bool stamped = slots[2 * i] != ~0ull && slots[2 * i + 1] != 0;
            out[4 * (size_t)n + i] = stamped ? (jlong)((long long)slots[2 * i] - offset - (long long)t0) : out[e];
            out[4 * (size_t)n + m + i] = stamped ? (jlong)((long long)slots[2 * i + 1] - offset - (long long)t0)
                                                 : out[2 * n + e];
            for (int d = 0; d < 2; d++) {
                out[4 * (size_t)n + (2 + 2 * d) * (size_t)m + i] = fo.copyStart[d][i];
                out[4 * (size_t)n + (3 + 2 * d) * (size_t)m + i] = fo.copyEnd[d][i];
            }
        }
    }
    cudaFree(dslots);
    if (stamp) cudaFreeHost(stamp);
    if (!ok) return nullptr;
    env->SetLongArrayRegion(jout, 0, (jsize)out.size(), out.data());
    jlongArray res = env->NewLongArray(6);
    jlong r[6] = {(jlong)(bestSpan / 2), (jlong)offset, rt.fifoError == 0 ? 1 : 0, rt.lockError == 0 ? 1 : 0,
                  rt.fifoError, rt.lockError};
    env->SetLongArrayRegion(res, 0, 6, r);
    return res;
}

// `n` wake-ups `periodNs` apart as the table player wakes (sleep, then spin), with the real-time
// priority and locked memory the player asks for: per wake-up how late it woke (ns), then whether
// SCHED_FIFO and the memory lock were granted (1/0) and their errno.
JNIEXPORT jlongArray JNICALL Java_org_gpusched_player_NativePlayer_wakeSkew(JNIEnv *env, jclass, jint n, jlong periodNs) {
    std::vector<long long> skew;
    hostrt::Realtime rt = hostrt::acquire();
    hostrt::wake_skews(n, (uint64_t)periodNs, skew);
    hostrt::release(rt);
    std::vector<jlong> out(skew.begin(), skew.end());
    out.push_back(rt.fifoError == 0 ? 1 : 0);
    out.push_back(rt.lockError == 0 ? 1 : 0);
    out.push_back(rt.fifoError);
    out.push_back(rt.lockError);
    jlongArray res = env->NewLongArray((jsize)out.size());
    env->SetLongArrayRegion(res, 0, (jsize)out.size(), out.data());
    return res;
}

// Per unit: floor ns, asked ns, last median ns, closed-loop rounds, converged (1/0); -1 five times
// for a unit that is no kernel kind (spin, user kernel).
JNIEXPORT jlongArray JNICALL Java_org_gpusched_player_NativePlayer_kinds(JNIEnv *env, jclass, jlong handle) {
    Player *p = (Player *)(intptr_t)handle;
    std::vector<jlong> out(5 * (size_t)p->units, -1);
    for (int t = 0; t < p->units; t++) {
        if (p->kind[t] == 0 || p->user[t] != nullptr) continue;
        const KindCalib &c = p->calib[t];
        jlong v[5] = {c.floorNs, c.askedNs, c.medianNs, c.rounds, c.converged ? 1 : 0};
        for (int k = 0; k < 5; k++) out[5 * (size_t)t + k] = v[k];
    }
    jlongArray res = env->NewLongArray((jsize)out.size());
    env->SetLongArrayRegion(res, 0, (jsize)out.size(), out.data());
    return res;
}

JNIEXPORT void JNICALL Java_org_gpusched_player_NativePlayer_close(JNIEnv *, jclass, jlong handle) {
    destroy((Player *)(intptr_t)handle);
}

}  // extern "C"
