// gpusched runtime player: JNI library that replays a scheduling table on a CUDA GPU.
// The Java side (org.gpusched.player.NativePlayer) owns the plan. The timed loop is libgpusched_rt's
// (rt/, built into this library by pom.xml): gpusched_rt_play_frames on its CUDA backend waits for each
// frame's target, issues its copies and, through the launch callback below, this library's kernels,
// synchronises the batch and records every job's and copy's times; it never calls back into Java. What is
// issued in which order is frames.cuh (plain C++, tested on the host and by the runtime's CTest tests);
// table_copies.cuh opens the copies' buffers. Stamps come back in primitive arrays.
#include "player_common.cuh"
#include "kinds.cuh"
#include "frames.cuh"
#include "table_copies.cuh"
#include "gpusched_rt.h"

// libgpusched_rt's launch callback: item i's kernel (its unit's kind, spin or user kernel) for its asked
// time, with its block-stamp slot. A failed launch aborts the play with the CUDA message (no Java here).
struct Launches {
    Player *p;
    gpusched_rt *rt;
    const std::vector<jint> *unit;
    const std::vector<jlong> *dur;
    u64 *dslots;
};

static void launch_item(void *user, cudaStream_t stream, const gpusched_job *job) {
    Launches *l = (Launches *)user;
    const int i = (int)job->job;
    std::string why;
    if (!launch_on(l->p, (*l->unit)[i], stream, l->dslots + 2 * i, (*l->dur)[i], why)) gpusched_rt_abort(l->rt, why.c_str());
}

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

// Plays entries 0..n-1 through libgpusched_rt's frame loop (gpusched_rt_play_frames on its CUDA backend:
// frames.cuh's every H2D, the kernels, every D2H, then the synchronisation), with this library's kernels
// as its launch callback. target[e] is the earliest host time (ns after t0) entry e may start: its planned
// start (time-triggered) or its latest release (reclaim); the previous batch's end is implied, since each
// batch is synchronised before the next one is considered. unit[i]: the kernel item i runs; dur[i] its
// time; h2d[i], d2h[i] its copies' stated times (ns, 0: none).
// out (length 4n + 6m): [0,n) host time before the first operation, [n,2n) after the last one was
// issued, [2n,3n) when cudaDeviceSynchronize returned, [3n,4n) the wake-up target, then per item the
// first block start and last block end on the GPU timer, shifted to the host clock (a user kernel that
// leaves its slot untouched: the runtime's events around its launch), then per item the start and end of
// its H2D copy and of its D2H copy (events; -1 without).
// Returns {alignment uncertainty ns, alignment offset ns, SCHED_FIFO granted (1/0), memory locked (1/0),
// errno of the priority refusal, errno of the lock refusal}.
JNIEXPORT jlongArray JNICALL Java_org_gpusched_player_NativePlayer_run(JNIEnv *env, jclass, jlong handle,
        jlong leadNs, jlongArray jtarget, jintArray jfirst, jintArray junit, jlongArray jdur, jlongArray jh2d,
        jlongArray jd2h, jlongArray jout) {
    Player *p = (Player *)(intptr_t)handle;
    const int n = env->GetArrayLength(jtarget);
    const int m = env->GetArrayLength(junit);
    std::vector<jint> unit(m), first(n + 1), task(m);
    std::vector<jlong> jt(n), dur(m), jh(m), jd(m), out(4 * (size_t)n + 6 * (size_t)m);
    env->GetLongArrayRegion(jtarget, 0, n, jt.data());
    env->GetIntArrayRegion(jfirst, 0, n + 1, first.data());
    env->GetIntArrayRegion(junit, 0, m, unit.data());
    env->GetLongArrayRegion(jdur, 0, m, dur.data());
    env->GetLongArrayRegion(jh2d, 0, m, jh.data());
    env->GetLongArrayRegion(jd2h, 0, m, jd.data());
    std::vector<long long> target(jt.begin(), jt.end()), h2d(jh.begin(), jh.end()), d2h(jd.begin(), jd.end());
    for (int i = 0; i < m; i++) task[i] = p->unitTask[unit[i]];
    gpusched_frames f = {};
    f.tasks = p->tasks;
    f.entries = n;
    f.target = target.data();
    f.first = first.data();
    f.items = m;
    f.task = task.data();
    f.h2d = h2d.data();
    f.d2h = d2h.data();
    for (int d = 0; d < 2; d++) {
        f.copy_host[d] = p->hostBuf[d];
        f.copy_device[d] = p->devBuf[d];
        f.copy_capacity[d] = p->bufBytes[d];
        f.copy_latency_ns[d] = p->copyLatencyNs[d];
        f.copy_bytes_per_ns[d] = p->copyBytesPerNs[d];
    }
    f.lead_ns = leadNs;
    f.streams = p->streams.data();  // the streams open() warmed up: the tasks', then H2D and D2H
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
    // Align the GPU timer (the blocks' stamps) to the host clock: the stamp was taken between h0 and h1;
    // keep the tightest of several round trips and take its midpoint.
    u64 bestSpan = ~0ull;
    long long offset = 0;
    for (int r = 0; ok && r < 32; r++) {
        u64 h0 = now_ns();
        gpusched_stamp<<<1, 1, 0, p->streams[0]>>>(dstamp);
        ok = check(env, cudaDeviceSynchronize(), "clock alignment");
        u64 h1 = now_ns();
        if (ok && h1 - h0 < bestSpan) { bestSpan = h1 - h0; offset = (long long)(*stamp - (h0 + (h1 - h0) / 2)); }
    }
    gpusched_rt *rt = gpusched_rt_create(GPUSCHED_RT_CUDA, 1);
    if (ok && !rt) { throw_java(env, "out of memory for the runtime"); ok = false; }
    Launches launches = {p, rt, &unit, &dur, dslots};
    // Real-time priority and locked memory for the timed loop only, where the host grants them.
    hostrt::Realtime grant = hostrt::acquire();
    int played = ok ? gpusched_rt_play_frames(rt, &f, launch_item, &launches) : GPUSCHED_RT_OK;
    hostrt::release(grant);
    if (ok && played != GPUSCHED_RT_OK) { throw_java(env, gpusched_rt_error(rt)); ok = false; }
    ok = ok && check(env, cudaMemcpy(slots.data(), dslots, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
    const long long t0 = ok ? (long long)gpusched_rt_origin_ns(rt) : 0;
    for (int e = 0; ok && e < n; e++) {
        long long start = 0, end = 0, tgt = 0, issued = 0;
        gpusched_rt_frame_times(rt, e, &start, &end, &tgt, nullptr);
        gpusched_rt_frame_issued(rt, e, &issued);
        out[e] = start;
        out[n + e] = issued;
        out[2 * n + e] = end;
        out[3 * n + e] = tgt;
    }
    for (int i = 0; ok && i < m; i++) {
        long long js = 0, je = 0;
        gpusched_rt_job_times(rt, i, &js, &je);
        bool stamped = slots[2 * i] != ~0ull && slots[2 * i + 1] != 0;
        out[4 * (size_t)n + i] = stamped ? (jlong)((long long)slots[2 * i] - offset - t0) : js;
        out[4 * (size_t)n + m + i] = stamped ? (jlong)((long long)slots[2 * i + 1] - offset - t0) : je;
        for (int d = 0; d < 2; d++) {
            long long cs = -1, ce = -1;
            gpusched_rt_copy_times(rt, i, d, &cs, &ce);
            out[4 * (size_t)n + (2 + 2 * d) * (size_t)m + i] = cs;
            out[4 * (size_t)n + (3 + 2 * d) * (size_t)m + i] = ce;
        }
    }
    gpusched_rt_destroy(rt);
    cudaFree(dslots);
    if (stamp) cudaFreeHost(stamp);
    if (!ok) return nullptr;
    env->SetLongArrayRegion(jout, 0, (jsize)out.size(), out.data());
    jlongArray res = env->NewLongArray(6);
    jlong r[6] = {(jlong)(bestSpan / 2), (jlong)offset, grant.fifoError == 0 ? 1 : 0, grant.lockError == 0 ? 1 : 0,
                  grant.fifoError, grant.lockError};
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
