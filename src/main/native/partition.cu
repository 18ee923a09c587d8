// SM partitioning on the GPU: each partition of a plan becomes a CUDA green context holding
// its SM count (CUDA 12.4+ driver API: cuDevSmResourceSplitByCount, cuGreenCtxCreate); every job of a
// task is a spin kernel of its modelled duration launched, at its release, on a stream of its
// partition's green context. Green contexts grant SM *counts* (rounded up to the architecture's
// partition granularity), not the concrete SM ids of the plan's ranges; the probe returns the counts
// granted so the Java side can report them. Written and compiled without a GPU: never run yet.
#include "player_common.cuh"
#include <algorithm>

namespace {

struct Green {
    CUresult (*driverGetVersion)(int *) = nullptr;
    CUresult (*deviceGet)(CUdevice *, int) = nullptr;
    CUresult (*getDevResource)(CUdevice, CUdevResource *, CUdevResourceType) = nullptr;
    CUresult (*splitByCount)(CUdevResource *, unsigned int *, const CUdevResource *, CUdevResource *, unsigned int,
                             unsigned int) = nullptr;
    CUresult (*generateDesc)(CUdevResourceDesc *, CUdevResource *, unsigned int) = nullptr;
    CUresult (*greenCreate)(CUgreenCtx *, CUdevResourceDesc, CUdevice, unsigned int) = nullptr;
    CUresult (*greenDestroy)(CUgreenCtx) = nullptr;
    CUresult (*ctxFromGreen)(CUcontext *, CUgreenCtx) = nullptr;
    CUresult (*greenStream)(CUstream *, CUgreenCtx, unsigned int, int) = nullptr;
    CUresult (*ctxSetCurrent)(CUcontext) = nullptr;
    CUresult (*ctxGetCurrent)(CUcontext *) = nullptr;
    CUresult (*streamDestroy)(CUstream) = nullptr;
    CUresult (*streamSynchronize)(CUstream) = nullptr;
};

const int GREEN_MIN_DRIVER = 12040;  // CUDA 12.4

// Looks the green-context API up in libcuda; a driver older than 12.4 lacks it and is refused with
// a message that starts with the error name Java classifies.
bool load_green(Driver &d, Green &g, std::string &why) {
    if (!load_driver(d, why)) return false;
    g.driverGetVersion = (decltype(g.driverGetVersion))dlsym(d.lib, "cuDriverGetVersion");
    int version = 0;
    if (!g.driverGetVersion || g.driverGetVersion(&version) != CUDA_SUCCESS) {
        why = "CUDA_ERROR_NOT_INITIALIZED: cannot read the driver version";
        return false;
    }
    if (version < GREEN_MIN_DRIVER) {
        why = "CUDA_ERROR_NOT_SUPPORTED: the driver is CUDA " + std::to_string(version / 1000) + "."
              + std::to_string(version % 1000 / 10) + "; SM partitions need green contexts (CUDA 12.4 or newer)";
        return false;
    }
    g.deviceGet = (decltype(g.deviceGet))dlsym(d.lib, "cuDeviceGet");
    g.getDevResource = (decltype(g.getDevResource))dlsym(d.lib, "cuDeviceGetDevResource");
    g.splitByCount = (decltype(g.splitByCount))dlsym(d.lib, "cuDevSmResourceSplitByCount");
    g.generateDesc = (decltype(g.generateDesc))dlsym(d.lib, "cuDevResourceGenerateDesc");
    g.greenCreate = (decltype(g.greenCreate))dlsym(d.lib, "cuGreenCtxCreate");
    g.greenDestroy = (decltype(g.greenDestroy))dlsym(d.lib, "cuGreenCtxDestroy");
    g.ctxFromGreen = (decltype(g.ctxFromGreen))dlsym(d.lib, "cuCtxFromGreenCtx");
    g.greenStream = (decltype(g.greenStream))dlsym(d.lib, "cuGreenCtxStreamCreate");
    g.ctxSetCurrent = (decltype(g.ctxSetCurrent))dlsym(d.lib, "cuCtxSetCurrent");
    g.ctxGetCurrent = (decltype(g.ctxGetCurrent))dlsym(d.lib, "cuCtxGetCurrent");
    g.streamDestroy = (decltype(g.streamDestroy))dlsym(d.lib, "cuStreamDestroy_v2");
    g.streamSynchronize = (decltype(g.streamSynchronize))dlsym(d.lib, "cuStreamSynchronize");
    if (!g.deviceGet || !g.getDevResource || !g.splitByCount || !g.generateDesc || !g.greenCreate || !g.greenDestroy
        || !g.ctxFromGreen || !g.greenStream || !g.ctxSetCurrent || !g.ctxGetCurrent || !g.streamDestroy
        || !g.streamSynchronize) {
        why = "CUDA_ERROR_NOT_SUPPORTED: libcuda.so.1 lacks the green-context API";
        return false;
    }
    return true;
}

bool ok(JNIEnv *env, CUresult r, const char *what) {
    if (r == CUDA_SUCCESS) return true;
    throw_java(env, "CUDA_ERROR (" + std::to_string((int)r) + "): " + what);
    return false;
}

// One green context per partition, carved in plan order from what the earlier ones left.
struct Partitions {
    Green g;
    std::vector<CUgreenCtx> green;
    std::vector<CUcontext> ctx;
    std::vector<CUstream> stream;
    std::vector<unsigned> granted;

    void destroy() {
        for (CUstream s : stream) if (s) g.streamDestroy(s);
        for (CUgreenCtx c : green) if (c) g.greenDestroy(c);
        stream.clear();
        green.clear();
    }
};

bool make(JNIEnv *env, Driver &d, Partitions &p, int device, const std::vector<int> &sms) {
    // The runtime first: without a driver or a device it fails with the error names Java classifies.
    if (!check(env, cudaSetDevice(device), "cudaSetDevice") || !check(env, cudaFree(nullptr), "context")) return false;
    std::string why;
    if (!load_green(d, p.g, why)) { throw_java(env, why); return false; }
    CUdevice dev;
    if (!ok(env, p.g.deviceGet(&dev, device), "cuDeviceGet")) return false;
    CUdevResource all;
    if (!ok(env, p.g.getDevResource(dev, &all, CU_DEV_RESOURCE_TYPE_SM), "cuDeviceGetDevResource")) return false;
    // Split the whole device once into groups of the smallest partition it allows (8 SMs on an H100;
    // splitting what a first split left over was refused there), then give each partition enough
    // consecutive groups for its SM count.
    unsigned unit = std::max(1u, std::max(all.sm.minSmPartitionSize, all.sm.smCoscheduledAlignment));
    unsigned groups = all.sm.smCount / unit;
    std::vector<CUdevResource> group(groups ? groups : 1);
    CUdevResource rest;
    if (!ok(env, p.g.splitByCount(group.data(), &groups, &all, &rest, 0, unit), "cuDevSmResourceSplitByCount")) return false;
    size_t need = 0;
    for (int s : sms) need += (s + unit - 1) / unit;
    if (need > groups) {
        throw_java(env, "CUDA_ERROR_NOT_SUPPORTED: rounded up to the device's " + std::to_string(unit)
                        + "-SM partition granularity the plan needs " + std::to_string(need * unit) + " SMs; the device has "
                        + std::to_string(groups) + " groups of " + std::to_string(unit));
        return false;
    }
    size_t next = 0;
    for (size_t i = 0; i < sms.size(); i++) {
        unsigned k = (sms[i] + unit - 1) / unit;
        CUdevResourceDesc desc;
        CUgreenCtx gc;
        CUcontext c;
        CUstream s;
        if (!ok(env, p.g.generateDesc(&desc, &group[next], k), "cuDevResourceGenerateDesc")) return false;
        unsigned granted = 0;
        for (unsigned x = 0; x < k; x++) granted += group[next + x].sm.smCount;
        next += k;
        if (!ok(env, p.g.greenCreate(&gc, desc, dev, CU_GREEN_CTX_DEFAULT_STREAM), "cuGreenCtxCreate")) return false;
        p.green.push_back(gc);
        if (!ok(env, p.g.ctxFromGreen(&c, gc), "cuCtxFromGreenCtx")) return false;
        p.ctx.push_back(c);
        if (!ok(env, p.g.greenStream(&s, gc, CU_STREAM_NON_BLOCKING, 0), "cuGreenCtxStreamCreate")) return false;
        p.stream.push_back(s);
        p.granted.push_back(granted);
    }
    return true;
}

std::vector<int> ints(JNIEnv *env, jintArray a) {
    std::vector<int> v(env->GetArrayLength(a));
    env->GetIntArrayRegion(a, 0, (jsize)v.size(), v.data());
    return v;
}

std::vector<jlong> longs(JNIEnv *env, jlongArray a) {
    std::vector<jlong> v(env->GetArrayLength(a));
    env->GetLongArrayRegion(a, 0, (jsize)v.size(), v.data());
    return v;
}

}  // namespace

extern "C" {

// The SM count each partition's green context was granted; throws CudaException when it cannot be made.
JNIEXPORT jintArray JNICALL Java_org_gpusched_player_NativePartition_greenSplitNative(JNIEnv *env, jclass, jint device,
                                                                              jintArray jsms) {
    Driver d;
    Partitions p;
    bool made = make(env, d, p, device, ints(env, jsms));
    std::vector<jint> granted(p.granted.begin(), p.granted.end());
    p.destroy();
    if (!made) return nullptr;
    jintArray res = env->NewIntArray((jsize)granted.size());
    env->SetIntArrayRegion(res, 0, (jsize)granted.size(), granted.data());
    return res;
}

// Plays the jobs (sorted by release): job j of partition part[j], blocks x threads, spins dur[j] ns,
// launched at t0 + release[j] ns. Returns start and finish of every job in ns after t0 (GPU clock
// mapped to the host's by a stamp kernel), then the granted SM count of every partition.
JNIEXPORT jlongArray JNICALL Java_org_gpusched_player_NativePartition_playNative(JNIEnv *env, jclass, jint device,
        jintArray jsms, jintArray jpart, jintArray jlane, jintArray jblocks, jintArray jthreads, jlongArray jrelease,
        jlongArray jdur) {
    std::vector<int> sms = ints(env, jsms), part = ints(env, jpart), lane = ints(env, jlane), blocks = ints(env, jblocks),
                     threads = ints(env, jthreads);
    std::vector<jlong> release = longs(env, jrelease), dur = longs(env, jdur);
    size_t n = part.size();
    Driver d;
    Partitions p;
    if (!make(env, d, p, device, sms)) { p.destroy(); return nullptr; }
    // One stream per lane (a task), made in its partition's green context before the timed loop: the
    // tasks of a partition co-run on its SMs, as the per-task test assumes, instead of queueing
    // behind each other on one partition stream.
    std::vector<CUstream> lanes;
    for (size_t j = 0; j < n; j++) {
        if ((size_t)lane[j] < lanes.size()) continue;
        lanes.resize((size_t)lane[j] + 1, nullptr);
        CUstream s;
        if (!ok(env, p.g.greenStream(&s, p.green[part[j]], CU_STREAM_NON_BLOCKING, 0), "cuGreenCtxStreamCreate")) {
            p.destroy();
            return nullptr;
        }
        lanes[lane[j]] = s;
        p.stream.push_back(s);  // destroyed and synchronised with the partitions' own streams
    }
    u64 *slots = nullptr;
    u64 *stamp = nullptr;
    bool good = check(env, cudaMallocHost(&slots, sizeof(u64) * 2 * (n ? n : 1)), "cudaMallocHost")
                && check(env, cudaMallocHost(&stamp, sizeof(u64)), "cudaMallocHost");
    for (size_t j = 0; good && j < n; j++) { slots[2 * j] = ~0ull; slots[2 * j + 1] = 0; }
    long long offset = 0;
    if (good) {
        // GPU global timer minus host monotonic clock, from one stamp between two host reads.
        u64 before = now_ns();
        gpusched_stamp<<<1, 1>>>(stamp);
        good = check(env, cudaDeviceSynchronize(), "clock stamp");
        u64 after = now_ns();
        offset = (long long)*stamp - (long long)((before + after) / 2);
    }
    const u64 t0 = now_ns() + 20000000ull;  // 20 ms lead for the first launch
    CUcontext primary = nullptr;
    p.g.ctxGetCurrent(&primary);
    for (size_t j = 0; good && j < n; j++) {
        sleep_until(t0 + (u64)release[j]);
        int q = part[j];
        good = ok(env, p.g.ctxSetCurrent(p.ctx[q]), "cuCtxSetCurrent");
        if (!good) break;
        gpusched_spin<<<blocks[j], threads[j], 0, (cudaStream_t)lanes[lane[j]]>>>(slots + 2 * j, (long long)dur[j]);
        good = check(env, cudaGetLastError(), "kernel launch in a green context");
    }
    for (size_t q = 0; good && q < p.stream.size(); q++) good = ok(env, p.g.streamSynchronize(p.stream[q]), "sync");
    p.g.ctxSetCurrent(primary);
    std::vector<jlong> out(2 * n + p.granted.size());
    for (size_t j = 0; good && j < n; j++) {
        out[2 * j] = (jlong)((long long)slots[2 * j] - offset - (long long)t0);
        out[2 * j + 1] = (jlong)((long long)slots[2 * j + 1] - offset - (long long)t0);
    }
    for (size_t q = 0; q < p.granted.size(); q++) out[2 * n + q] = p.granted[q];
    if (slots) cudaFreeHost(slots);
    if (stamp) cudaFreeHost(stamp);
    p.destroy();
    if (!good) return nullptr;
    jlongArray res = env->NewLongArray((jsize)out.size());
    env->SetLongArrayRegion(res, 0, (jsize)out.size(), out.data());
    return res;
}

}  // extern "C"
