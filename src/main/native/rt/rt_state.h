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
};

