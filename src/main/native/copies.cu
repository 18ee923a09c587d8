// Copy/execute strategies of Muyan-Ozcelik and Owens (CCPE 2017) on a CUDA GPU: the JNI side of
// org.gpusched.player.CopyNative. Each task has pinned host buffers, device buffers, and three
// non-blocking streams (H2D copies, kernels, D2H copies); operations of one job are chained with
// events (cudaStreamWaitEvent), and every operation is bracketed by a start and a stop event
// (elapsed time against an origin event recorded at open). One batch (at most two jobs) per call;
// the CPU-side loop that picks the batches stays in Java, since it needs the measured batch end.
// Run once on an H100 (docs/copy-execute.md, "On a GPU").
#include "player_common.cuh"

namespace {

struct CopyPlayer {
    int device = 0;
    int tasks = 0;
    std::vector<cudaStream_t> h2d, exec, d2h;
    std::vector<void *> hostIn, hostOut, devIn, devOut;
    std::vector<int> blocks, threads, smem;
    size_t inBytes = 0, outBytes = 0;
    cudaEvent_t origin = nullptr;
    u64 originHost = 0;
    // Per job slot (2) and operation (3): start and stop events.
    cudaEvent_t ev[2][3][2] = {};
};

enum { TRADITIONAL = 0, INTERLEAVE = 1, CONCURRENT = 2, ORDER = 3 };
enum { OP_H2D = 0, OP_KERNEL = 1, OP_D2H = 2 };

void destroy(CopyPlayer *p) {
    if (!p) return;
    cudaDeviceSynchronize();
    for (auto *v : {&p->h2d, &p->exec, &p->d2h})
        for (cudaStream_t s : *v) cudaStreamDestroy(s);
    for (void *b : p->hostIn) cudaFreeHost(b);
    for (void *b : p->hostOut) cudaFreeHost(b);
    for (void *b : p->devIn) cudaFree(b);
    for (void *b : p->devOut) cudaFree(b);
    for (auto &job : p->ev)
        for (auto &op : job)
            for (cudaEvent_t &e : op)
                if (e) cudaEventDestroy(e);
    if (p->origin) cudaEventDestroy(p->origin);
    delete p;
}

// ns from the origin event to e (events resolve to about half a microsecond).
long long since_origin(CopyPlayer *p, cudaEvent_t e) {
    float ms = 0;
    if (cudaEventElapsedTime(&ms, p->origin, e) != cudaSuccess) return -1;
    return (long long)((double)ms * 1e6);
}

// Issues one operation of job slot j on its stream, after `wait` (may be null); returns false after a throw.
bool issue(JNIEnv *env, CopyPlayer *p, int j, int op, int task, long long amount, cudaStream_t s, cudaEvent_t wait,
           cudaEvent_t wait2) {
    if (wait && !check(env, cudaStreamWaitEvent(s, wait, 0), "cudaStreamWaitEvent")) return false;
    if (wait2 && !check(env, cudaStreamWaitEvent(s, wait2, 0), "cudaStreamWaitEvent")) return false;
    if (!check(env, cudaEventRecord(p->ev[j][op][0], s), "cudaEventRecord")) return false;
    if (op == OP_H2D) {
        if (!check(env, cudaMemcpyAsync(p->devIn[task], p->hostIn[task], (size_t)amount, cudaMemcpyHostToDevice, s),
                   "cudaMemcpyAsync H2D")) return false;
    } else if (op == OP_D2H) {
        if (!check(env, cudaMemcpyAsync(p->hostOut[task], p->devOut[task], (size_t)amount, cudaMemcpyDeviceToHost, s),
                   "cudaMemcpyAsync D2H")) return false;
    } else {
        gpusched_spin<<<p->blocks[task], p->threads[task], p->smem[task], s>>>(nullptr, amount);
        if (!check(env, cudaGetLastError(), "kernel launch")) return false;
    }
    return check(env, cudaEventRecord(p->ev[j][op][1], s), "cudaEventRecord");
}

}  // namespace

extern "C" {

// Context, per task three streams and pinned/device buffers of the largest copy, the events, and
// one warm-up launch per kernel shape. 0 after a throw.
JNIEXPORT jlong JNICALL Java_org_gpusched_player_CopyNative_open(JNIEnv *env, jclass, jint dev, jintArray jblocks,
        jintArray jthreads, jintArray jsmem, jlong inBytes, jlong outBytes) {
    CopyPlayer *p = new CopyPlayer();
    p->device = dev;
    p->tasks = env->GetArrayLength(jblocks);
    set_connections(3 * p->tasks);
    p->blocks.resize(p->tasks);
    p->threads.resize(p->tasks);
    p->smem.resize(p->tasks);
    env->GetIntArrayRegion(jblocks, 0, p->tasks, p->blocks.data());
    env->GetIntArrayRegion(jthreads, 0, p->tasks, p->threads.data());
    env->GetIntArrayRegion(jsmem, 0, p->tasks, p->smem.data());
    p->inBytes = (size_t)(inBytes > 0 ? inBytes : 1);
    p->outBytes = (size_t)(outBytes > 0 ? outBytes : 1);
    int count = 0;
    bool ok = check(env, cudaGetDeviceCount(&count), "cudaGetDeviceCount")
              && (count > 0 || check(env, cudaErrorNoDevice, "cudaGetDeviceCount"))
              && check(env, cudaSetDevice(dev), "cudaSetDevice") && check(env, cudaFree(0), "context creation");
    for (int t = 0; ok && t < p->tasks; t++) {
        for (auto *v : {&p->h2d, &p->exec, &p->d2h}) {
            cudaStream_t s = nullptr;
            ok = ok && check(env, cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
            if (ok) v->push_back(s);
        }
        void *hi = nullptr, *ho = nullptr, *di = nullptr, *dout = nullptr;
        ok = ok && check(env, cudaHostAlloc(&hi, p->inBytes, cudaHostAllocDefault), "cudaHostAlloc (pinned input)");
        if (ok) p->hostIn.push_back(hi);
        ok = ok && check(env, cudaHostAlloc(&ho, p->outBytes, cudaHostAllocDefault), "cudaHostAlloc (pinned output)");
        if (ok) p->hostOut.push_back(ho);
        ok = ok && check(env, cudaMalloc(&di, p->inBytes), "cudaMalloc (input)");
        if (ok) p->devIn.push_back(di);
        ok = ok && check(env, cudaMalloc(&dout, p->outBytes), "cudaMalloc (output)");
        if (ok) p->devOut.push_back(dout);
    }
    for (auto &job : p->ev)
        for (auto &op : job)
            for (cudaEvent_t &e : op) ok = ok && check(env, cudaEventCreate(&e), "cudaEventCreate");
    // Every stream runs its kind of command once before anything is timed (the paper's
    // set-event-queue method), and every buffer is copied once whole, so that no first-use cost
    // (channel binding, page mapping) falls into a timed batch.
    for (int t = 0; ok && t < p->tasks; t++) {
        gpusched_spin<<<p->blocks[t], p->threads[t], p->smem[t], p->exec[t]>>>(nullptr, 1000);
        ok = check(env, cudaGetLastError(), "warm-up launch")
             && check(env, cudaMemcpyAsync(p->devIn[t], p->hostIn[t], p->inBytes, cudaMemcpyHostToDevice, p->h2d[t]),
                      "warm-up H2D")
             && check(env, cudaMemcpyAsync(p->hostOut[t], p->devOut[t], p->outBytes, cudaMemcpyDeviceToHost, p->d2h[t]),
                      "warm-up D2H");
        for (auto &job : p->ev)
            for (int op = 0; ok && op < 3; op++) {
                cudaStream_t s = op == OP_H2D ? p->h2d[t] : op == OP_KERNEL ? p->exec[t] : p->d2h[t];
                ok = check(env, cudaEventRecord(job[op][0], s), "warm-up event")
                     && check(env, cudaEventRecord(job[op][1], s), "warm-up event");
            }
    }
    ok = ok && check(env, cudaDeviceSynchronize(), "warm-up") && check(env, cudaEventCreate(&p->origin), "cudaEventCreate")
         && check(env, cudaEventRecord(p->origin, 0), "cudaEventRecord")
         && check(env, cudaEventSynchronize(p->origin), "cudaEventSynchronize");
    p->originHost = now_ns();
    if (!ok) { destroy(p); return 0; }
    return (jlong)(intptr_t)p;
}

// Bytes per microsecond of each direction: the best of five copies of the whole buffer of task 0.
JNIEXPORT jdoubleArray JNICALL Java_org_gpusched_player_CopyNative_bandwidth(JNIEnv *env, jclass, jlong handle) {
    CopyPlayer *p = (CopyPlayer *)(intptr_t)handle;
    double best[2] = {0, 0};
    for (int dir = 0; dir < 2; dir++) {
        size_t bytes = dir == 0 ? p->inBytes : p->outBytes;
        for (int r = 0; r < 5; r++) {
            cudaStream_t s = dir == 0 ? p->h2d[0] : p->d2h[0];
            if (!check(env, cudaEventRecord(p->ev[0][0][0], s), "cudaEventRecord")) return nullptr;
            cudaError_t e = dir == 0 ? cudaMemcpyAsync(p->devIn[0], p->hostIn[0], bytes, cudaMemcpyHostToDevice, s)
                                     : cudaMemcpyAsync(p->hostOut[0], p->devOut[0], bytes, cudaMemcpyDeviceToHost, s);
            if (!check(env, e, "cudaMemcpyAsync (bandwidth)")) return nullptr;
            if (!check(env, cudaEventRecord(p->ev[0][0][1], s), "cudaEventRecord")
                || !check(env, cudaEventSynchronize(p->ev[0][0][1]), "cudaEventSynchronize")) return nullptr;
            float ms = 0;
            cudaEventElapsedTime(&ms, p->ev[0][0][0], p->ev[0][0][1]);
            if (ms > 0) best[dir] = std::max(best[dir], (double)bytes / (ms * 1000.0));
        }
    }
    jdoubleArray out = env->NewDoubleArray(2);
    env->SetDoubleArrayRegion(out, 0, 2, best);
    return out;
}

// One batch: jobs in priority order (1 or 2), per job the H2D bytes, kernel ns and D2H bytes (0:
// not issued). Sleeps until startNs after the origin, issues as the strategy says, waits for the
// device. out[j*6 + op*2 + {0,1}]: start and stop of each operation in ns after the origin, -1 when
// not issued.
JNIEXPORT void JNICALL Java_org_gpusched_player_CopyNative_runBatch(JNIEnv *env, jclass, jlong handle, jint strategy,
        jintArray jtasks, jlongArray jh2d, jlongArray jkernel, jlongArray jd2h, jboolean concurrent, jlong startNs,
        jlongArray jout) {
    CopyPlayer *p = (CopyPlayer *)(intptr_t)handle;
    const int n = env->GetArrayLength(jtasks);
    if (n < 1 || n > 2) { throw_java(env, "a batch holds one or two jobs"); return; }
    jint task[2];
    jlong amount[2][3];
    env->GetIntArrayRegion(jtasks, 0, n, task);
    for (int j = 0; j < n; j++) {
        env->GetLongArrayRegion(jh2d, j, 1, &amount[j][OP_H2D]);
        env->GetLongArrayRegion(jkernel, j, 1, &amount[j][OP_KERNEL]);
        env->GetLongArrayRegion(jd2h, j, 1, &amount[j][OP_D2H]);
    }
    if (!check(env, cudaSetDevice(p->device), "cudaSetDevice")) return;
    u64 wake = p->originHost + (u64)startNs;
    if (now_ns() < wake) sleep_until(wake);
    bool ok = true;
    cudaEvent_t last[2] = {nullptr, nullptr};  // the last stop event of each job's chain
    auto stream = [&](int j, int op) {
        if (strategy == TRADITIONAL) return p->exec[task[j]];
        return op == OP_H2D ? p->h2d[task[j]] : op == OP_KERNEL ? p->exec[task[j]] : p->d2h[task[j]];
    };
    auto run = [&](int j, int op, cudaEvent_t extra) {
        if (!ok || amount[j][op] <= 0) return;
        ok = issue(env, p, j, op, task[j], amount[j][op], stream(j, op), last[j], extra);
        last[j] = p->ev[j][op][1];
        // Traditional issues synchronously: nothing else starts before this operation ended.
        if (ok && strategy == TRADITIONAL) ok = check(env, cudaEventSynchronize(last[j]), "cudaEventSynchronize");
    };
    if (strategy == TRADITIONAL) {
        for (int j = 0; j < n; j++)
            for (int op = 0; op < 3; op++) run(j, op, nullptr);
    } else {
        for (int j = 0; j < n; j++) run(j, OP_H2D, nullptr);
        run(0, OP_KERNEL, nullptr);
        // Interleave (or an ineligible pair): the second kernel waits for the first.
        cudaEvent_t firstKernel = amount[0][OP_KERNEL] > 0 && !concurrent ? p->ev[0][OP_KERNEL][1] : nullptr;
        if (n == 2) run(1, OP_KERNEL, firstKernel);
        int order[2] = {0, 1};
        if (ok && strategy == ORDER && n == 2) {
            // Poll both chains' last events: the first job whose kernel step completes gets its D2H first.
            while (true) {
                bool d0 = last[0] == nullptr || cudaEventQuery(last[0]) == cudaSuccess;
                bool d1 = last[1] == nullptr || cudaEventQuery(last[1]) == cudaSuccess;
                if (d0 || d1) { if (!d0 && d1) { order[0] = 1; order[1] = 0; } break; }
            }
        }
        for (int x = 0; x < n; x++) run(order[x], OP_D2H, nullptr);
    }
    ok = ok && check(env, cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    if (!ok) return;
    jlong out[12];
    for (int j = 0; j < 2; j++)
        for (int op = 0; op < 3; op++) {
            bool issued = j < n && amount[j][op] > 0;
            out[j * 6 + op * 2] = issued ? since_origin(p, p->ev[j][op][0]) : -1;
            out[j * 6 + op * 2 + 1] = issued ? since_origin(p, p->ev[j][op][1]) : -1;
        }
    env->SetLongArrayRegion(jout, 0, 12, out);
}

JNIEXPORT void JNICALL Java_org_gpusched_player_CopyNative_close(JNIEnv *, jclass, jlong handle) {
    destroy((CopyPlayer *)(intptr_t)handle);
}

}  // extern "C"
