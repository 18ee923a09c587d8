// The table player's frame logic in plain C++ (no CUDA in this file): what is issued on which
// stream, in which order, with which events and waits, and how many bytes a copy of a stated time
// moves. gpusched_player.cu runs it against the CUDA runtime; src/test/native/frames/ runs it
// against a fake backend that records every call, so it is tested on machines without a GPU.
//
// A frame (one table entry) runs as the oracle's C(S) counts it (docs/copy-execute.md, "PBS frames
// with copies"): every H2D copy of its jobs, one after the other on the H2D copy stream; then every
// kernel, each on its task's stream, after the last H2D; then every D2H copy, one after the other
// on the D2H copy stream, after every kernel; then the device is synchronised. A chain needs nothing
// more: kernel k + 1 of a job is an item of a later entry, and entries never overlap.
#pragma once
#include <algorithm>
#include <cmath>
#include <stddef.h>
#include <stdint.h>
#include <vector>

namespace frames {

typedef unsigned long long u64;

// A copy engine's time for `bytes` is latencyNs + bytes / bytesPerNs, fitted from two timed sizes
// so the fixed cost of a transfer drops out of the bandwidth.
struct CopyFit {
    double latencyNs = 0;
    double bytesPerNs = 0;
};

// The line through (smallBytes, smallNs) and (bigBytes, bigNs). A slope that is not positive
// (noise) falls back to the big copy's mean rate and no latency.
inline CopyFit fit_copy(double smallBytes, double smallNs, double bigBytes, double bigNs) {
    CopyFit f;
    double dt = bigNs - smallNs, db = bigBytes - smallBytes;
    if (dt > 0 && db > 0) {
        f.bytesPerNs = db / dt;
        f.latencyNs = std::max(0.0, smallNs - smallBytes / f.bytesPerNs);
    } else if (bigNs > 0) {
        f.bytesPerNs = bigBytes / bigNs;
    }
    return f;
}

// Bytes a copy asked to take `ns` moves: (ns - latency) * rate, at least 1 byte for a copy that is
// there at all (ns > 0; a copy shorter than the engine's latency still costs that latency), 0 for none.
inline size_t copy_bytes(const CopyFit &f, long long ns) {
    if (ns <= 0) return 0;
    double b = std::floor(((double)ns - f.latencyNs) * f.bytesPerNs);
    return b < 1 ? 1 : (size_t)b;
}

// Streams: 0 .. tasks-1 are the tasks' kernel streams; then one H2D and one D2H copy stream.
enum Dir { H2D = 0, D2H = 1 };

// What the timed loop needs of the device. Events are indices into a pool of event_pool(max items).
struct Backend {
    virtual ~Backend() {}
    virtual u64 now() = 0;                                  // host clock, ns
    virtual void sleep_until(u64 t) = 0;
    virtual bool record(int event, int stream) = 0;          // cudaEventRecord
    virtual bool wait(int stream, int event) = 0;            // cudaStreamWaitEvent
    virtual bool copy(int stream, Dir dir, size_t bytes) = 0;  // cudaMemcpyAsync between pinned and device buffers
    virtual bool launch(int stream, int item) = 0;           // the item's kernel for its requested time
    virtual bool sync() = 0;                                 // cudaDeviceSynchronize
    virtual bool event_ns(int event, long long &host) = 0;   // when the event completed, host clock ns
    virtual bool elapsed_ns(int from, int to, long long &ns) = 0;  // between two completed events
    // After the frame's end was stamped: what the backend still has to read of the frame (its events),
    // so that reading it never lands inside the measured frame.
    virtual bool after_frame() { return true; }
};

// One unrolled table: entry e holds items first[e] .. first[e+1]-1; per item its task (stream) and
// the stated H2D and D2H copy times (ns, 0: none); per entry the host time (ns after t0) it may start.
struct Run {
    int tasks = 0;
    std::vector<long long> target;
    std::vector<int> first;
    std::vector<int> task;
    std::vector<long long> h2dNs, d2hNs;
    CopyFit fit[2];
};

// Per entry: host time before its first operation, after the last one was issued, when the
// synchronisation returned, and its target; per item the start and end of its H2D and D2H copy
// (host clock, ns after t0; -1 when the item has no such copy).
struct Out {
    std::vector<long long> start, issued, end, target;
    std::vector<long long> copyStart[2], copyEnd[2];
};

inline int max_items(const Run &r) {
    int m = 0;
    for (size_t e = 0; e + 1 < r.first.size(); e++) m = std::max(m, r.first[e + 1] - r.first[e]);
    return m;
}

// Events of one frame, reused by the next (their times are read before it): per item position l,
// its copies' start and stop (4l .. 4l+3), its kernel's end (4k + l), and the frame's last H2D (5k).
inline int event_pool(int k) { return 5 * k + 1; }
inline int copy_event(int l, Dir d, bool stop) { return 4 * l + 2 * (int)d + (stop ? 1 : 0); }
inline int kernel_done_event(int k, int l) { return 4 * k + l; }
inline int h2d_done_event(int k) { return 5 * k; }
inline int copy_stream(const Run &r, Dir d) { return r.tasks + (int)d; }

// Issues one direction's copies of entry e one after the other, each between two events.
inline bool issue_copies(Backend &b, const Run &r, int e, Dir d) {
    int s = copy_stream(r, d);
    const std::vector<long long> &ns = d == H2D ? r.h2dNs : r.d2hNs;
    for (int i = r.first[e]; i < r.first[e + 1]; i++) {
        if (ns[i] <= 0) continue;
        int l = i - r.first[e];
        if (!b.record(copy_event(l, d, false), s) || !b.copy(s, d, copy_bytes(r.fit[d], ns[i]))
            || !b.record(copy_event(l, d, true), s)) return false;
    }
    return true;
}

inline bool any(const std::vector<long long> &ns, int from, int to) {
    for (int i = from; i < to; i++)
        if (ns[i] > 0) return true;
    return false;
}

// Plays entry e (after waiting for its target): the frame as described at the top of this file.
inline bool play_entry(Backend &b, const Run &r, int e, u64 t0, int k, Out &o) {
    const int from = r.first[e], to = r.first[e + 1];
    u64 wake = t0 + (u64)r.target[e];
    if (b.now() < wake) b.sleep_until(wake);
    o.start[e] = (long long)(b.now() - t0);
    o.target[e] = r.target[e];
    bool in = any(r.h2dNs, from, to), out = any(r.d2hNs, from, to);
    bool ok = issue_copies(b, r, e, H2D);
    if (ok && in) ok = b.record(h2d_done_event(k), copy_stream(r, H2D));
    for (int i = from; ok && i < to; i++) {
        if (in) ok = b.wait(r.task[i], h2d_done_event(k));
        ok = ok && b.launch(r.task[i], i);
        if (ok && out) ok = b.record(kernel_done_event(k, i - from), r.task[i]);
    }
    for (int i = from; ok && out && i < to; i++) ok = b.wait(copy_stream(r, D2H), kernel_done_event(k, i - from));
    ok = ok && issue_copies(b, r, e, D2H);
    o.issued[e] = (long long)(b.now() - t0);
    ok = ok && b.sync();
    o.end[e] = (long long)(b.now() - t0);
    for (int d = 0; ok && d < 2; d++) {
        const std::vector<long long> &ns = d == H2D ? r.h2dNs : r.d2hNs;
        for (int i = from; ok && i < to; i++) {
            if (ns[i] <= 0) continue;
            // A copy's length from its own two events (exact to the events' resolution); its place from
            // the start event's time since the run's origin, which loses precision as the run grows long.
            long long s = 0, len = 0;
            int a = copy_event(i - from, (Dir)d, false), z = copy_event(i - from, (Dir)d, true);
            ok = b.event_ns(a, s) && b.elapsed_ns(a, z, len);
            o.copyStart[d][i] = s - (long long)t0;
            o.copyEnd[d][i] = s + len - (long long)t0;
        }
    }
    return ok && b.after_frame();
}

// Plays every entry in order; t0 is the host time of the table's time 0. False after a failed call.
inline bool play(Backend &b, const Run &r, u64 t0, Out &o) {
    const int n = (int)r.target.size();
    const size_t m = r.task.size();
    o.start.assign(n, 0);
    o.issued.assign(n, 0);
    o.end.assign(n, 0);
    o.target.assign(n, 0);
    for (int d = 0; d < 2; d++) {
        o.copyStart[d].assign(m, -1);
        o.copyEnd[d].assign(m, -1);
    }
    const int k = max_items(r);
    for (int e = 0; e < n; e++)
        if (!play_entry(b, r, e, t0, k, o)) return false;
    return true;
}

}  // namespace frames
