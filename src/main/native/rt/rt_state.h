// The runtime's state behind the C handle, shared by rt.cc (registration, tables, gpusched_rt_play) and
// frames_api.cc (gpusched_rt_play_frames and the times of a play).
#pragma once
#include "rt_internal.h"
#include <memory>
#include <string>
#include <vector>

struct gpusched_rt {
    std::unique_ptr<rt::Backend> backend;
    gpusched_rt_backend kind;
    long long tickNs = 0;
    std::vector<rt::TaskDef> tasks;
    std::vector<rt::UnitDef> units;
    std::string sha256, tableFile, error, report;
    rt::Table table;
    bool loaded = false, played = false;
    rt::Plan plan;
    rt::Measured measured;
    rt::Summary summary;
    std::vector<gpusched_job> jobs;  // per item, handed to its callback

    // gpusched_rt_play_frames: its callback, and whether the last play had no table (no misses, no report).
    gpusched_launch_fn framesFn = nullptr;
    void *framesUser = nullptr;
    bool framesOnly = false;
    std::string abortWhy;               // set by gpusched_rt_abort from a callback
    unsigned long long origin = 0;      // the backend's clock at time 0 of the last play

    // After a callback: true to go on; false when it aborted, with the backend's failure set to its reason.
    bool carry_on() {
        if (abortWhy.empty()) return true;
        backend->why = abortWhy;
        return false;
    }
    int fail(int code, const std::string &m) {
        error = m;
        return code;
    }
    // Opens the backend with `streams` streams, plays the unrolled run `lead` ns after now, closes it and
    // keeps each item's start and end after time 0: GPUSCHED_RT_OK, or the device error with its reason.
    int play_unrolled(int streams, unsigned long long lead) {
        rt::Backend &b = *backend;
        const size_t m = plan.unit.size();
        if (!b.open(streams, (int)m, frames::event_pool(frames::max_items(plan.run)))) {
            b.close();
            return fail(GPUSCHED_RT_DEVICE_ERROR, b.why);
        }
        unsigned long long t0 = b.now() + lead;
        origin = t0;
        bool ok = frames::play(b, plan.run, t0, measured.frames);
        b.close();
        if (!ok) return fail(GPUSCHED_RT_DEVICE_ERROR, b.why.empty() ? "the backend failed" : b.why);
        measured.itemStart.assign(m, 0);
        measured.itemEnd.assign(m, 0);
        for (size_t i = 0; i < m; i++) {
            measured.itemStart[i] = b.itemStart[i] - (long long)t0;
            measured.itemEnd[i] = b.itemEnd[i] - (long long)t0;
        }
        return GPUSCHED_RT_OK;
    }
};

