// The C API of gpusched_rt.h: registration, the table, and the play through frames::play
// (src/main/native/frames.cuh: wait for the frame's target, launch its items in table order, each on
// its task's stream, synchronise), with the backend supplying clock, launch and synchronisation.
#include "rt_state.h"
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>

namespace {

// Units follow the registered tasks: a task without kernels is one unit named as the task.
void rebuild_units(gpusched_rt *r) {
    std::vector<rt::UnitDef> old = r->units, out;
    for (size_t t = 0; t < r->tasks.size(); t++) {
        const rt::TaskDef &d = r->tasks[t];
        size_t k = d.kernels.empty() ? 1 : d.kernels.size();
        for (size_t s = 0; s < k; s++) {
            rt::UnitDef u;
            u.name = d.kernels.empty() ? d.name : d.name + "." + d.kernels[s];
            u.task = (int)t;
            u.kernel = (int)s;
            for (const rt::UnitDef &o : old)
                if (o.name == u.name) { u.fn = o.fn; u.user = o.user; }
            out.push_back(u);
        }
    }
    r->units = out;
}

bool issue(void *ctx, int item, cudaStream_t stream) {
    gpusched_rt *r = (gpusched_rt *)ctx;
    const rt::UnitDef &u = r->units[r->plan.unit[item]];
    u.fn(u.user, stream, &r->jobs[item]);
    return r->carry_on();
}

long long unit_ns(const std::string &unit) {
    if (unit == "ns") return 1;
    if (unit == "us") return 1000;
    if (unit == "ms") return 1000000;
    if (unit == "s") return 1000000000;
    return 0;
}

}  // namespace

extern "C" {

gpusched_rt *gpusched_rt_create(gpusched_rt_backend backend, long long tick_ns) {
    gpusched_rt *r = new (std::nothrow) gpusched_rt();
    if (!r) return nullptr;
    r->kind = backend;
    r->tickNs = tick_ns;
    switch (backend) {
        case GPUSCHED_RT_HOST_SIM: r->backend.reset(rt::host_sim_backend()); break;
        case GPUSCHED_RT_HOST_REAL: r->backend.reset(rt::host_real_backend()); break;
        case GPUSCHED_RT_CUDA: r->backend.reset(rt::cuda_backend()); break;
    }
    return r;
}

void gpusched_rt_destroy(gpusched_rt *r) { delete r; }

int gpusched_rt_add_task(gpusched_rt *r, const char *name, long long period, long long deadline, long long offset,
                         long long jitter) {
    if (!r || !name || !*name) return -1;
    if (r->loaded) { r->fail(GPUSCHED_RT_BAD_USAGE, "tasks are registered before the table is loaded"); return -1; }
    if (period < 1 || deadline < 1 || offset < 0 || jitter < 0 || jitter > deadline) {
        r->fail(GPUSCHED_RT_BAD_USAGE, std::string("task ") + name + ": needs period >= 1, deadline >= 1, offset >= 0, 0 <= jitter <= deadline");
        return -1;
    }
    for (const rt::TaskDef &d : r->tasks)
        if (d.name == name) { r->fail(GPUSCHED_RT_BAD_USAGE, std::string("task ") + name + " registered twice"); return -1; }
    rt::TaskDef d;
    d.name = name;
    d.period = period;
    d.deadline = deadline;
    d.offset = offset;
    d.jitter = jitter;
    r->tasks.push_back(d);
    rebuild_units(r);
    return (int)r->tasks.size() - 1;
}

int gpusched_rt_add_kernel(gpusched_rt *r, const char *task, const char *kernel) {
    if (!r || !task || !kernel || !*kernel) return GPUSCHED_RT_BAD_USAGE;
    if (r->loaded) return r->fail(GPUSCHED_RT_BAD_USAGE, "kernels are registered before the table is loaded");
    for (rt::TaskDef &d : r->tasks) {
        if (d.name != task) continue;
        d.kernels.push_back(kernel);
        rebuild_units(r);
        return GPUSCHED_RT_OK;
    }
    return r->fail(GPUSCHED_RT_BAD_USAGE, std::string("no task ") + task + " registered");
}

int gpusched_rt_set_launch(gpusched_rt *r, const char *unit, gpusched_launch_fn fn, void *user) {
    if (!r || !unit || !fn) return GPUSCHED_RT_BAD_USAGE;
    for (rt::UnitDef &u : r->units) {
        if (u.name != unit) continue;
        u.fn = fn;
        u.user = user;
        return GPUSCHED_RT_OK;
    }
    return r->fail(GPUSCHED_RT_BAD_USAGE, std::string("no task or kernel ") + unit + " registered");
}

int gpusched_rt_expect_sha256(gpusched_rt *r, const char *hex) {
    if (!r || !hex) return GPUSCHED_RT_BAD_USAGE;
    r->sha256 = hex;
    return GPUSCHED_RT_OK;
}

int gpusched_rt_load_table_text(gpusched_rt *r, const char *json, size_t length, const char *name) {
    if (!r || !json) return GPUSCHED_RT_BAD_USAGE;
    if (r->tasks.empty()) return r->fail(GPUSCHED_RT_BAD_USAGE, "register the task set before loading its table");
    if (!r->backend) return r->fail(GPUSCHED_RT_NO_BACKEND, "the CUDA backend is not built into this library (no CUDA toolkit at build time)");
    rt::Table t;
    std::string why, file = name ? name : "<table>";
    if (!rt::read_table(std::string(json, length), file, r->tasks, r->units, r->sha256, t, why))
        return r->fail(GPUSCHED_RT_BAD_INPUT, why);
    long long tick = unit_ns(t.timeUnit);
    if (tick == 0 && r->tickNs <= 0)
        return r->fail(GPUSCHED_RT_BAD_INPUT, file + ": timeUnit \"" + t.timeUnit + "\" is no time: create the runtime with tick_ns");
    if (tick == 0) tick = r->tickNs;
    r->tickNs = tick;
    r->table = t;
    r->tableFile = file;
    r->loaded = true;
    r->error.clear();
    return GPUSCHED_RT_OK;
}

int gpusched_rt_load_table(gpusched_rt *r, const char *path) {
    if (!r || !path) return GPUSCHED_RT_BAD_USAGE;
    std::ifstream in(path, std::ios::binary);
    if (!in) return r->fail(GPUSCHED_RT_IO_ERROR, std::string(path) + ": cannot read");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string s = ss.str();
    return gpusched_rt_load_table_text(r, s.data(), s.size(), path);
}

int gpusched_rt_play(gpusched_rt *r, gpusched_rt_mode mode, int hyperperiods) {
    if (!r) return GPUSCHED_RT_BAD_USAGE;
    if (!r->loaded) return r->fail(GPUSCHED_RT_BAD_USAGE, "no table loaded");
    for (const rt::UnitDef &u : r->units)
        if (!u.fn) return r->fail(GPUSCHED_RT_BAD_USAGE, "no launch callback for " + u.name);
    std::string why;
    bool reclaim = mode == GPUSCHED_RT_RECLAIM;
    long long every = r->table.version == 2 ? r->table.every : r->table.hyperperiod;
    if (hyperperiods < 1 || (double)every * r->tickNs * (hyperperiods + 1) > 4e18)
        return r->fail(GPUSCHED_RT_BAD_USAGE, "hyperperiods must be at least 1 and the run shorter than 4e18 ns");
    if (!rt::unroll(r->table, r->tasks, r->units, hyperperiods, r->tickNs, reclaim, r->plan, why))
        return r->fail(GPUSCHED_RT_BAD_USAGE, why);
    const rt::Plan &p = r->plan;
    const size_t m = p.unit.size();
    r->jobs.assign(m, gpusched_job());
    for (size_t e = 0; e + 1 < p.run.first.size(); e++) {
        for (int i = p.run.first[e]; i < p.run.first[e + 1]; i++) {
            const rt::UnitDef &u = r->units[p.unit[i]];
            gpusched_job &j = r->jobs[i];
            j.task = u.name.c_str();
            j.task_index = u.task;
            j.kernel = u.kernel;
            j.job = p.job[i];
            j.entry = (int)e;
            j.position = i - p.run.first[e];
            j.release = p.release[i];
            j.deadline = p.deadline[i];
            j.frame_model = p.plannedEnd[e] - p.planned[e];
        }
    }
    rt::Backend &b = *r->backend;
    b.issue = issue;
    b.ctx = r;
    b.itemStart.assign(m, 0);
    b.itemEnd.assign(m, 0);
    r->played = r->framesOnly = false;
    r->abortWhy.clear();
    b.callerStreams.clear();
    int played = r->play_unrolled((int)r->tasks.size() + 2, b.lead_ns());
    if (played != GPUSCHED_RT_OK) return played;
    r->report = rt::report_json(r->tableFile, b.name(), reclaim ? "reclaim" : "time-triggered", hyperperiods, p, r->measured,
                                r->units, b.notes(), r->summary);
    r->played = true;
    r->error.clear();
    return r->summary.misses > 0 ? GPUSCHED_RT_MISS : GPUSCHED_RT_OK;
}

int gpusched_rt_host_work(gpusched_rt *r, cudaStream_t stream, long long ns) {
    if (!r || !r->backend || ns < 0) return GPUSCHED_RT_BAD_USAGE;
    return r->backend->host_work(stream, ns) ? GPUSCHED_RT_OK : r->fail(GPUSCHED_RT_BAD_USAGE, r->backend->why);
}

const char *gpusched_rt_report_json(gpusched_rt *r) { return r && r->played && !r->framesOnly ? r->report.c_str() : nullptr; }

int gpusched_rt_write_report(gpusched_rt *r, const char *path) {
    if (!r || !path) return GPUSCHED_RT_BAD_USAGE;
    if (!r->played || r->framesOnly) return r->fail(GPUSCHED_RT_BAD_USAGE, "no report: nothing played yet, or only frames");
    FILE *f = fopen(path, "wb");
    if (!f) return r->fail(GPUSCHED_RT_IO_ERROR, std::string(path) + ": cannot write: " + strerror(errno));
    bool ok = fwrite(r->report.data(), 1, r->report.size(), f) == r->report.size();
    ok = fclose(f) == 0 && ok;
    return ok ? GPUSCHED_RT_OK : r->fail(GPUSCHED_RT_IO_ERROR, std::string(path) + ": write failed");
}

long long gpusched_rt_misses(const gpusched_rt *r) { return r && r->played && !r->framesOnly ? r->summary.misses : -1; }
long long gpusched_rt_overrun_frames(const gpusched_rt *r) {
    return r && r->played && !r->framesOnly ? r->summary.overrunFrames : -1;
}
long long gpusched_rt_jobs(const gpusched_rt *r) { return r && r->played ? (long long)r->plan.unit.size() : -1; }
long long gpusched_rt_frames(const gpusched_rt *r) { return r && r->played ? (long long)r->plan.planned.size() : -1; }

int gpusched_rt_job_times(const gpusched_rt *r, long long i, long long *start, long long *finish) {
    if (!r || !r->played || i < 0 || i >= (long long)r->plan.unit.size()) return GPUSCHED_RT_BAD_USAGE;
    if (start) *start = r->measured.itemStart[i];
    if (finish) *finish = r->measured.itemEnd[i];
    return GPUSCHED_RT_OK;
}

int gpusched_rt_frame_times(const gpusched_rt *r, long long e, long long *start, long long *end, long long *target,
                            long long *planned) {
    if (!r || !r->played || e < 0 || e >= (long long)r->plan.planned.size()) return GPUSCHED_RT_BAD_USAGE;
    if (start) *start = r->measured.frames.start[e];
    if (end) *end = r->measured.frames.end[e];
    if (target) *target = r->measured.frames.target[e];
    if (planned) *planned = r->plan.planned[e];
    return GPUSCHED_RT_OK;
}

const char *gpusched_rt_error(const gpusched_rt *r) { return r ? r->error.c_str() : "no runtime"; }

}  // extern "C"
