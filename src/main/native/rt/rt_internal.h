// What the runtime's files share: the registered task set, the table bound to it, the unrolled run,
// what was measured, and the backend interface. The frame loop itself is frames::play
// (src/main/native/frames.cuh), the same loop the JNI player runs.
#pragma once
#include "gpusched_rt.h"
#include "frames.cuh"
#include <string>
#include <vector>

namespace rt {

struct TaskDef {
    std::string name;
    long long period = 0, deadline = 0, offset = 0, jitter = 0;
    std::vector<std::string> kernels;  // a chain's kernel names; empty: one kernel named as the task
};

struct UnitDef {
    std::string name;  // task, or task.kernel
    int task = 0, kernel = 0;
    gpusched_launch_fn fn = nullptr;
    void *user = nullptr;
};

struct Item {
    int unit = 0;
    long long job = 0;
};

struct Entry {
    long long start = 0, end = 0;
    std::vector<Item> batch;
};

// A table as read and bound (times in the table's unit).
struct Table {
    std::string name, sha256, timeUnit;
    long long hyperperiod = 0;
    int version = 1;
    int fromEntry = 0;
    long long every = 0;
    std::vector<Entry> entries;
};

// One played run, unrolled: per entry its plan (ns), per item its job. Items of entry e are
// first[e] .. first[e+1]-1 (frames::Run holds the same in `first`).
struct Plan {
    frames::Run run;
    std::vector<long long> planned, plannedEnd, latestRelease;  // ns, per entry
    std::vector<int> hp, tableEntry;                           // hyperperiod (turn) and table entry
    std::vector<int> unit;                                      // per item
    std::vector<long long> job, release, deadline;              // per item (ns)
    long long horizon = 0;                                      // ns
};

// Measured, ns after the run's time 0.
struct Measured {
    frames::Out frames;
    std::vector<long long> itemStart, itemEnd;
};

// A backend supplies the clock, the launch (which calls back into the runtime), the synchronisation and,
// for frames with copies (gpusched_rt_play_frames), events and copies on the copy streams; the frame
// loop is frames::play. A table's frames (gpusched_rt_play) have no copies of their own (the
// application's callbacks do their copies on their stream).
struct Backend : frames::Backend {
    std::vector<long long> itemStart, itemEnd;  // backend clock, per item
    std::string why;                            // the last failure
    // Called by launch(): runs the callback of `item` on `stream`; false: it aborted (why is set).
    bool (*issue)(void *ctx, int item, cudaStream_t stream) = nullptr;
    void *ctx = nullptr;
    // The copies' buffers per direction (H2D, D2H), set before open.
    void *copyHost[2] = {nullptr, nullptr};
    void *copyDevice[2] = {nullptr, nullptr};
    frames::CopyFit copyFit[2];
    std::vector<cudaStream_t> callerStreams;  // set before open: the CUDA backend plays on these (empty: its own)

    // `streams`: the tasks' streams, then the H2D and the D2H copy stream; `events`: the frame's event pool.
    virtual bool open(int streams, int items, int events) = 0;
    virtual cudaStream_t stream(int task) = 0;
    virtual void close() { }
    virtual const char *name() const = 0;
    virtual unsigned long long lead_ns() const { return 0; }  // time from the call to the run's time 0
    virtual bool host_work(cudaStream_t, long long) { why = "gpusched_rt_host_work is for the host backends"; return false; }
    virtual bool copies() const { return false; }  // whether copy() is supported
    virtual std::vector<std::string> notes() const { return {}; }
};

Backend *host_sim_backend();
Backend *host_real_backend();
Backend *cuda_backend();  // nullptr where the library was built without CUDA

// table.cc: reads `text` into `t` and binds it to the registered task set; false with a message.
bool read_table(const std::string &text, const std::string &file, const std::vector<TaskDef> &tasks,
                const std::vector<UnitDef> &units, const std::string &sha256, Table &t, std::string &why);
// Unrolls `t` over `hyperperiods` (turns) with `tickNs` ns per table unit.
bool unroll(const Table &t, const std::vector<TaskDef> &tasks, const std::vector<UnitDef> &units, int hyperperiods,
            long long tickNs, bool reclaim, Plan &p, std::string &why);

// report.cc: the JSON of `gpusched play --format json`.
struct Summary {
    long long misses = 0, overrunFrames = 0;
};
std::string report_json(const std::string &file, const std::string &backend, const char *mode, int hyperperiods,
                        const Plan &p, const Measured &m, const std::vector<UnitDef> &units,
                        const std::vector<std::string> &notes, Summary &s);

}  // namespace rt
