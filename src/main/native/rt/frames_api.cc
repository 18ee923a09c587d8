// gpusched_rt_play_frames: frames the caller unrolled itself, played by the same loop as a table
// (frames::play on the backend), and the times any play leaves behind.
#include "rt_state.h"
#include <cmath>

namespace {

bool issue_frame_item(void *ctx, int item, cudaStream_t stream) {
    gpusched_rt *r = (gpusched_rt *)ctx;
    r->framesFn(r->framesUser, stream, &r->jobs[item]);
    return r->carry_on();
}

// Checks `f` and copies it into the frame loop's run; false with the reason.
bool build_run(const gpusched_frames &f, bool copies, frames::Run &run, std::string &why) {
    if (f.tasks < 1 || f.entries < 0 || f.items < 0 || (f.entries > 0 && (!f.target || !f.first))
        || (f.items > 0 && !f.task) || f.lead_ns < 0) {
        why = "frames: needs tasks >= 1, entries and items >= 0 with their arrays, lead_ns >= 0";
        return false;
    }
    run.tasks = f.tasks;
    run.target.assign(f.target, f.target + f.entries);
    run.first.assign(f.entries + 1, 0);
    if (f.entries > 0) run.first.assign(f.first, f.first + f.entries + 1);
    if (run.first[0] != 0 || run.first[f.entries] != f.items) {
        why = "frames: first[0] must be 0 and first[entries] the number of items";
        return false;
    }
    for (int e = 0; e < f.entries; e++) {
        if (run.first[e + 1] < run.first[e] || run.target[e] < 0) {
            why = "frames: entry " + std::to_string(e) + " has a negative target or its items out of order";
            return false;
        }
    }
    run.task.assign(f.task, f.task + f.items);
    for (int t : run.task)
        if (t < 0 || t >= f.tasks) { why = "frames: an item's task is not one of the tasks"; return false; }
    run.h2dNs.assign(f.items, 0);
    run.d2hNs.assign(f.items, 0);
    if (f.h2d) run.h2dNs.assign(f.h2d, f.h2d + f.items);
    if (f.d2h) run.d2hNs.assign(f.d2h, f.d2h + f.items);
    for (int d = 0; d < 2; d++) {
        run.fit[d].latencyNs = f.copy_latency_ns[d];
        run.fit[d].bytesPerNs = f.copy_bytes_per_ns[d];
        const std::vector<long long> &ns = d == 0 ? run.h2dNs : run.d2hNs;
        for (long long t : ns) {
            if (t <= 0) continue;
            size_t b = frames::copy_bytes(run.fit[d], t);
            if (!copies) { why = "frames with copies need the host-sim or the CUDA backend"; return false; }
            if (!f.copy_host[d] || !f.copy_device[d] || !(f.copy_bytes_per_ns[d] > 0)) {
                why = std::string("frames: ") + (d == 0 ? "H2D" : "D2H") + " copies need buffers and copy_bytes_per_ns > 0";
                return false;
            }
            if (b > f.copy_capacity[d]) {
                why = "copy of " + std::to_string(b) + " bytes above the " + std::to_string(f.copy_capacity[d])
                      + " bytes opened for";
                return false;
            }
        }
    }
    return true;
}

}  // namespace

extern "C" {

int gpusched_rt_play_frames(gpusched_rt *r, const gpusched_frames *f, gpusched_launch_fn fn, void *user) {
    if (!r || !f || !fn) return GPUSCHED_RT_BAD_USAGE;
    if (!r->backend) return r->fail(GPUSCHED_RT_NO_BACKEND, "the CUDA backend is not built into this library (no CUDA toolkit at build time)");
    rt::Backend &b = *r->backend;
    rt::Plan &p = r->plan;
    std::string why;
    p = rt::Plan();
    if (!build_run(*f, b.copies(), p.run, why)) return r->fail(GPUSCHED_RT_BAD_USAGE, why);
    const size_t m = (size_t)f->items;
    p.planned = p.run.target;
    p.unit.assign(m, 0);
    r->jobs.assign(m, gpusched_job());
    for (int e = 0; e < f->entries; e++) {
        for (int i = p.run.first[e]; i < p.run.first[e + 1]; i++) {
            gpusched_job &j = r->jobs[i];
            j.task = "";
            j.task_index = p.run.task[i];
            j.job = i;
            j.entry = e;
            j.position = i - p.run.first[e];
            j.release = j.deadline = j.frame_model = -1;
        }
    }
    r->framesFn = fn;
    r->framesUser = user;
    r->played = false;
    r->framesOnly = true;
    r->abortWhy.clear();
    b.issue = issue_frame_item;
    b.ctx = r;
    b.itemStart.assign(m, 0);
    b.itemEnd.assign(m, 0);
    for (int d = 0; d < 2; d++) {
        b.copyHost[d] = f->copy_host[d];
        b.copyDevice[d] = f->copy_device[d];
        b.copyFit[d] = p.run.fit[d];
    }
    b.callerStreams.clear();
    if (f->streams) b.callerStreams.assign(f->streams, f->streams + f->tasks + 2);
    int played = r->play_unrolled(f->tasks + 2, (unsigned long long)f->lead_ns);
    if (played != GPUSCHED_RT_OK) return played;
    r->played = true;
    r->error.clear();
    return GPUSCHED_RT_OK;
}

int gpusched_rt_abort(gpusched_rt *r, const char *why) {
    if (!r) return GPUSCHED_RT_BAD_USAGE;
    r->abortWhy = why && *why ? why : "aborted by a launch callback";
    return GPUSCHED_RT_OK;
}

unsigned long long gpusched_rt_origin_ns(const gpusched_rt *r) { return r && r->played ? r->origin : 0; }

int gpusched_rt_frame_issued(const gpusched_rt *r, long long e, long long *issued) {
    if (!r || !r->played || e < 0 || e >= (long long)r->plan.planned.size()) return GPUSCHED_RT_BAD_USAGE;
    if (issued) *issued = r->measured.frames.issued[e];
    return GPUSCHED_RT_OK;
}

int gpusched_rt_copy_times(const gpusched_rt *r, long long i, int dir, long long *start, long long *end) {
    if (!r || !r->played || i < 0 || i >= (long long)r->plan.unit.size() || dir < 0 || dir > 1) return GPUSCHED_RT_BAD_USAGE;
    if (start) *start = r->measured.frames.copyStart[dir][i];
    if (end) *end = r->measured.frames.copyEnd[dir][i];
    return GPUSCHED_RT_OK;
}

}  // extern "C"
