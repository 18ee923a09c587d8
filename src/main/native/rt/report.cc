// The play report in the JSON of `gpusched play --format json` (report.PlayReports.json and
// ProfileReports.framesJson): the same fields in the same order, one compact line, times in ns.
// What the runtime cannot know is stated as such: execTime "callback", seed 0, no copies of its own
// (the application's copies are inside its callbacks' work), and a job's kernelModel is its frame's
// modelled length C(S), the bound the analysis gives every job of the frame.
#include "rt_internal.h"
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace rt {
namespace {

struct Out {
    std::string s;
    bool comma = false;
    void raw(const std::string &x) { s += x; }
    void sep() {
        if (comma) s += ',';
        comma = true;
    }
    void key(const char *k) {
        sep();
        str(k);
        s += ':';
        comma = false;
    }
    void str(const std::string &v) {
        s += '"';
        for (unsigned char c : v) {
            if (c == '"' || c == '\\') { s += '\\'; s += (char)c; }
            else if (c < 0x20) {
                char b[8];
                snprintf(b, sizeof b, "\\u%04x", c);
                s += b;
            } else s += (char)c;
        }
        s += '"';
    }
    void open(char c) { s += c; comma = false; }
    void close(char c) { s += c; comma = true; }
    void kv(const char *k, long long v) { key(k); s += std::to_string(v); comma = true; }
    void kv(const char *k, const std::string &v) { key(k); str(v); comma = true; }
    void kvnull(const char *k) { key(k); s += "null"; comma = true; }
    void kvb(const char *k, bool v) { key(k); s += v ? "true" : "false"; comma = true; }
    // A double as Java's Double.toString writes a value in [1e-3, 1e7): shortest round trip, ".0" when whole.
    void kvd(const char *k, double v) {
        key(k);
        char b[32];
        for (int prec = 1; prec <= 17; prec++) {
            snprintf(b, sizeof b, "%.*g", prec, v);
            if (strtod(b, nullptr) == v) break;
        }
        std::string x = b;
        if (x.find_first_of(".en") == std::string::npos) x += ".0";
        s += x;
        comma = true;
    }
    void item(const std::string &v) { sep(); str(v); }
};

}  // namespace

std::string report_json(const std::string &file, const std::string &backend, const char *mode, int hyperperiods,
                        const Plan &p, const Measured &m, const std::vector<UnitDef> &units,
                        const std::vector<std::string> &notes, Summary &sum) {
    const int n = (int)p.planned.size();
    const std::vector<int> &first = p.run.first;
    auto label = [&](int i) { return units[p.unit[i]].name + "#" + std::to_string(p.job[i]); };
    long long misses = 0, maxLate = 0, busy = 0, lastEnd = 0;
    std::string firstMiss;
    bool anyJob = false;
    for (int e = 0; e < n; e++) {
        for (int i = first[e]; i < first[e + 1]; i++) {
            long long late = m.itemEnd[i] - p.deadline[i];
            maxLate = anyJob ? std::max(maxLate, late) : late;
            anyJob = true;
            if (late > 0 && misses++ == 0)
                firstMiss = label(i) + (hyperperiods > 1 ? " (hyperperiod " + std::to_string(p.hp[e]) + ")" : "");
        }
        busy += m.frames.end[e] - m.frames.start[e];
        lastEnd = std::max(lastEnd, m.frames.end[e]);
    }
    long long span = std::max(p.horizon, lastEnd);
    Out o;
    o.open('{');
    o.kv("reportVersion", 2);
    o.kv("file", file);
    o.kvnull("taskSet");
    o.kv("device", backend);
    o.kv("mode", std::string(mode));
    o.kv("execTime", std::string("callback"));
    o.kv("seed", 0);
    o.kv("hyperperiods", hyperperiods);
    o.kv("timeUnit", std::string("ns"));
    o.key("summary");
    o.open('{');
    o.kv("jobs", (long long)p.unit.size());
    o.kv("batches", n);
    o.kv("misses", misses);
    o.kv("maxLateness", maxLate);
    o.kvd("busyFraction", span == 0 ? 0.0 : (double)busy / (double)span);
    if (misses) o.kv("firstMiss", firstMiss); else o.kvnull("firstMiss");
    o.kv("neverRun", 0);
    o.key("neverRunJobs");
    o.open('[');
    o.close(']');
    o.close('}');
    o.key("batches");
    o.open('[');
    for (int e = 0; e < n; e++) {
        o.sep();
        o.open('{');
        o.kv("entry", e);
        o.kv("hyperperiod", p.hp[e]);
        o.kv("plannedStart", p.planned[e]);
        o.kv("start", m.frames.start[e]);
        o.kv("plannedEnd", p.plannedEnd[e]);
        o.kv("end", m.frames.end[e]);
        o.key("jobs");
        o.open('[');
        for (int i = first[e]; i < first[e + 1]; i++) o.item(label(i));
        o.close(']');
        o.close('}');
    }
    o.close(']');
    o.key("jobs");
    o.open('[');
    long long worstKernel = 0;
    for (int e = 0; e < n; e++) {
        long long model = p.plannedEnd[e] - p.planned[e];
        for (int i = first[e]; i < first[e + 1]; i++) {
            long long s = m.itemStart[i], f = m.itemEnd[i];
            worstKernel = i == 0 ? (f - s) - model : std::max(worstKernel, (f - s) - model);
            o.sep();
            o.open('{');
            o.kv("task", units[p.unit[i]].name);
            o.kv("job", p.job[i]);
            o.kv("hyperperiod", p.hp[e]);
            o.kv("entry", e);
            o.kv("release", p.release[i]);
            o.kv("start", s);
            o.kv("finish", f);
            o.kv("responseTime", f - p.release[i]);
            o.kv("deadline", p.deadline[i]);
            o.kv("slack", p.deadline[i] - f);
            o.kvb("miss", f > p.deadline[i]);
            o.kv("kernelStart", s);
            o.kv("kernelFinish", f);
            o.kv("kernelModel", model);
            o.kv("kernelTime", f - s);
            o.kv("h2dModel", 0);
            o.kv("h2dTime", 0);
            o.kv("d2hModel", 0);
            o.kv("d2hTime", 0);
            o.close('}');
        }
    }
    o.close(']');
    o.key("ops");
    o.open('{');
    o.kv("kernels", (long long)p.unit.size());
    o.kv("worstKernelOverModel", worstKernel);
    o.kv("copies", 0);
    o.kv("worstCopyOverModel", 0);
    o.close('}');
    o.key("deviceNotes");
    o.open('[');
    for (const std::string &x : notes) o.item(x);
    o.close(']');
    // frames: each frame's start skew against the table and its length against C(S).
    long long overrun = 0, worstOverrun = 0, maxSkew = 0;
    int worstEntry = -1;
    Out rows;
    rows.open('[');
    for (int e = 0; e < n; e++) {
        long long model = p.plannedEnd[e] - p.planned[e], length = m.frames.end[e] - m.frames.start[e];
        long long skew = m.frames.start[e] - p.planned[e], over = length - model;
        if (over > 0) overrun++;
        if (e == 0 || over > worstOverrun) { worstOverrun = over; worstEntry = e; }
        maxSkew = e == 0 ? skew : std::max(maxSkew, skew);
        rows.sep();
        rows.open('{');
        rows.kv("entry", e);
        rows.kv("skew", skew);
        rows.kv("model", model);
        rows.kv("length", length);
        rows.kv("overrun", over);
        rows.close('}');
    }
    rows.close(']');
    o.key("frames");
    o.open('{');
    o.kv("frames", n);
    o.kv("overrunFrames", overrun);
    o.kv("worstOverrun", worstOverrun);
    o.kv("worstEntry", worstEntry);
    o.key("worstJobs");
    o.open('[');
    for (int i = worstEntry < 0 ? 0 : first[worstEntry]; worstEntry >= 0 && i < first[worstEntry + 1]; i++) o.item(label(i));
    o.close(']');
    o.kv("maxStartSkew", maxSkew);
    o.kvb("deadlineMissed", misses > 0);
    o.key("perFrame");
    o.raw(rows.s);
    o.comma = true;
    o.close('}');
    o.close('}');
    o.s += '\n';
    sum.misses = misses;
    sum.overrunFrames = overrun;
    return o.s;
}

}  // namespace rt
