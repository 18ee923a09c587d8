// Reads a scheduling table (docs/table-format.md) strictly and binds it to the task set the caller
// registered: a table computed for another task set is refused with one line naming the file, the
// place and the first difference.
#include "rt_internal.h"
#include "json.h"
#include <map>
#include <set>

namespace rt {
namespace {

struct Ctx {
    const std::string &file;
    std::string &why;
    bool fail(const rtjson::Value &at, const std::string &path, const std::string &m) {
        why = file + ":" + std::to_string(at.line) + ":" + std::to_string(at.col) + ": " + path + ": " + m;
        return false;
    }
    // Exactly these keys, each present.
    bool keys(const rtjson::Value &o, const std::string &path, std::set<std::string> want) {
        if (o.kind != rtjson::Value::OBJECT) return fail(o, path, "expected an object");
        for (const auto &f : o.fields)
            if (!want.count(f.first)) return fail(f.second, path, "unknown field \"" + f.first + "\"");
        for (const std::string &k : want)
            if (!o.get(k)) return fail(o, path, "missing field \"" + k + "\"");
        return true;
    }
    bool integer(const rtjson::Value &o, const std::string &key, const std::string &path, long long lo, long long hi,
                 long long &v) {
        const rtjson::Value *x = o.get(key);
        if (x->kind != rtjson::Value::INT) return fail(*x, path + "." + key, "expected an integer");
        if (x->i < lo || x->i > hi)
            return fail(*x, path + "." + key, std::to_string(x->i) + " outside " + std::to_string(lo) + ".." + std::to_string(hi));
        v = x->i;
        return true;
    }
    bool string(const rtjson::Value &o, const std::string &key, const std::string &path, bool nullable, std::string &v) {
        const rtjson::Value *x = o.get(key);
        if (nullable && x->kind == rtjson::Value::NUL) return true;
        if (x->kind != rtjson::Value::STRING) return fail(*x, path + "." + key, "expected a string");
        v = x->s;
        return true;
    }
};

long long gcd(long long a, long long b) { return b == 0 ? a : gcd(b, a % b); }

const long long LIMIT = 1000000000000LL;  // table-format.md: times in 0..10^12

}  // namespace

bool read_table(const std::string &text, const std::string &file, const std::vector<TaskDef> &tasks,
                const std::vector<UnitDef> &units, const std::string &sha256, Table &t, std::string &why) {
    rtjson::Value root;
    std::string perr;
    if (!rtjson::parse(text, root, perr)) { why = file + ":" + perr; return false; }
    Ctx c{file, why};
    if (root.kind != rtjson::Value::OBJECT) return c.fail(root, "$", "expected an object");
    const rtjson::Value *ver = root.get("formatVersion");
    bool v2 = ver && ver->kind == rtjson::Value::INT && ver->i == 2;
    std::set<std::string> top = {"format", "formatVersion", "taskSet", "timeUnit", "hyperperiod", "method", "streams", "entries"};
    if (v2) top.insert("repeat");
    if (!c.keys(root, "$", top)) return false;
    std::string format, method;
    long long version = 0;
    if (!c.string(root, "format", "$", false, format)) return false;
    if (format != "gpusched-table") return c.fail(*root.get("format"), "format", "not a gpusched table: \"" + format + "\"");
    if (!c.integer(root, "formatVersion", "$", 1, 2, version)) return false;
    t.version = (int)version;
    const rtjson::Value &ts = *root.get("taskSet");
    if (!c.keys(ts, "taskSet", {"name", "sha256"}) || !c.string(ts, "name", "taskSet", true, t.name)
        || !c.string(ts, "sha256", "taskSet", true, t.sha256) || !c.string(root, "timeUnit", "$", false, t.timeUnit)
        || !c.integer(root, "hyperperiod", "$", 1, LIMIT, t.hyperperiod) || !c.string(root, "method", "$", true, method))
        return false;
    if (!sha256.empty() && t.sha256 != sha256)
        return c.fail(ts, "taskSet.sha256", "table of task set " + (t.sha256.empty() ? "null" : t.sha256)
                      + ", not of the registered " + sha256);
    // The streams are the registered tasks, in registration order.
    const rtjson::Value &streams = *root.get("streams");
    if (streams.kind != rtjson::Value::ARRAY) return c.fail(streams, "streams", "expected an array");
    if (streams.items.size() != tasks.size())
        return c.fail(streams, "streams", "table of " + std::to_string(streams.items.size()) + " tasks, the task set registers "
                      + std::to_string(tasks.size()));
    for (size_t i = 0; i < tasks.size(); i++) {
        const rtjson::Value &s = streams.items[i];
        std::string p = "streams[" + std::to_string(i) + "]";
        if (s.kind != rtjson::Value::STRING) return c.fail(s, p, "expected a string");
        if (s.s != tasks[i].name) return c.fail(s, p, "table names task \"" + s.s + "\", the task set registers \"" + tasks[i].name + "\"");
    }
    long long h = 1;
    for (const TaskDef &d : tasks) {
        long long g = gcd(h, d.period);
        if (h / g > LIMIT / d.period) return c.fail(root, "hyperperiod", "the registered periods' hyperperiod overflows");
        h = h / g * d.period;
    }
    if (h != t.hyperperiod)
        return c.fail(*root.get("hyperperiod"), "hyperperiod", "hyperperiod " + std::to_string(t.hyperperiod)
                      + " differs from the registered task set's " + std::to_string(h) + " (the lcm of its periods)");
    if (v2) {
        const rtjson::Value &r = *root.get("repeat");
        long long from = 0;
        if (!c.keys(r, "repeat", {"fromEntry", "every"}) || !c.integer(r, "fromEntry", "repeat", 0, LIMIT, from)
            || !c.integer(r, "every", "repeat", 1, LIMIT, t.every)) return false;
        if (t.every % h != 0) return c.fail(r, "repeat.every", "not a multiple of the hyperperiod");
        t.fromEntry = (int)from;
    }
    std::map<std::string, int> unitIndex;
    for (size_t u = 0; u < units.size(); u++) unitIndex[units[u].name] = (int)u;
    const rtjson::Value &entries = *root.get("entries");
    if (entries.kind != rtjson::Value::ARRAY) return c.fail(entries, "entries", "expected an array");
    if (v2 && (size_t)t.fromEntry > entries.items.size()) return c.fail(root, "repeat.fromEntry", "beyond the last entry");
    std::vector<std::set<long long>> seen(units.size());
    std::vector<long long> perTurn(units.size(), 0);
    for (size_t e = 0; e < entries.items.size(); e++) {
        const rtjson::Value &ev = entries.items[e];
        std::string p = "entries[" + std::to_string(e) + "]";
        Entry en;
        if (!c.keys(ev, p, {"start", "end", "batch"}) || !c.integer(ev, "start", p, 0, LIMIT, en.start)
            || !c.integer(ev, "end", p, en.start, LIMIT, en.end)) return false;
        const rtjson::Value &batch = *ev.get("batch");
        if (batch.kind != rtjson::Value::ARRAY || batch.items.empty()) return c.fail(batch, p + ".batch", "expected a non-empty array");
        std::set<int> tasksInBatch;
        for (size_t k = 0; k < batch.items.size(); k++) {
            const rtjson::Value &iv = batch.items[k];
            std::string q = p + ".batch[" + std::to_string(k) + "]";
            std::string name;
            long long job = 0, stream = 0;
            if (!c.keys(iv, q, {"task", "job", "stream"}) || !c.string(iv, "task", q, false, name)
                || !c.integer(iv, "job", q, 0, LIMIT, job) || !c.integer(iv, "stream", q, 0, 1 << 30, stream)) return false;
            auto u = unitIndex.find(name);
            if (u == unitIndex.end()) return c.fail(iv, q + ".task", "unknown task \"" + name + "\" (not registered)");
            const UnitDef &ud = units[u->second];
            const TaskDef &td = tasks[ud.task];
            if (stream != ud.task) return c.fail(iv, q + ".stream", "stream " + std::to_string(stream) + ", but " + td.name + " is task " + std::to_string(ud.task));
            if (!tasksInBatch.insert(ud.task).second) return c.fail(iv, q, "two jobs of " + td.name + " in one batch");
            if (!v2 && job >= h / td.period)
                return c.fail(iv, q + ".job", name + "#" + std::to_string(job) + " is not a job of the hyperperiod ("
                              + std::to_string(h / td.period) + " jobs of period " + std::to_string(td.period) + ")");
            if (!seen[u->second].insert(job).second) return c.fail(iv, q, name + "#" + std::to_string(job) + " runs twice");
            if (!v2 || (int)e >= t.fromEntry) perTurn[u->second]++;
            long long release = td.offset + job * td.period + td.jitter, deadline = td.offset + job * td.period + td.deadline;
            if (en.start < release)
                return c.fail(iv, q, name + "#" + std::to_string(job) + " starts at " + std::to_string(en.start)
                              + " before its release " + std::to_string(release));
            if (en.end > deadline)
                return c.fail(iv, q, name + "#" + std::to_string(job) + " ends at " + std::to_string(en.end)
                              + " after its deadline " + std::to_string(deadline));
            en.batch.push_back(Item{u->second, job});
        }
        t.entries.push_back(en);
    }
    // Every kernel of every job of the hyperperiod runs (v1); one turn runs one turn's jobs (v2).
    for (size_t u = 0; u < units.size(); u++) {
        long long want = (v2 ? t.every : h) / tasks[units[u].task].period;
        if (perTurn[u] != want)
            return c.fail(entries, "entries", units[u].name + " runs " + std::to_string(perTurn[u]) + " jobs per "
                          + (v2 ? "turn" : "hyperperiod") + ", its period gives " + std::to_string(want));
    }
    return true;
}

bool unroll(const Table &t, const std::vector<TaskDef> &tasks, const std::vector<UnitDef> &units, int hyperperiods,
            long long tickNs, bool reclaim, Plan &p, std::string &why) {
    if (hyperperiods < 1) { why = "hyperperiods must be at least 1"; return false; }
    p = Plan();
    p.run.tasks = (int)tasks.size();
    const int n = (int)t.entries.size();
    const int prefix = t.version == 2 ? t.fromEntry : 0;
    const long long every = t.version == 2 ? t.every : t.hyperperiod;
    long long end = 0;
    for (int turn = -1; turn < hyperperiods; turn++) {
        // turn -1: a power-on table's prefix, once; then turn k plays the periodic part k * every later.
        int from = turn < 0 ? 0 : prefix, to = turn < 0 ? prefix : n;
        long long shift = turn < 0 ? 0 : turn * every;
        for (int e = from; e < to; e++) {
            const Entry &en = t.entries[e];
            p.run.first.push_back((int)p.unit.size());
            long long latest = 0;
            for (const Item &it : en.batch) {
                const UnitDef &u = units[it.unit];
                const TaskDef &d = tasks[u.task];
                long long job = it.job + (turn < 0 ? 0 : shift / d.period);
                long long arrival = d.offset + job * d.period;
                p.unit.push_back(it.unit);
                p.job.push_back(job);
                p.release.push_back((arrival + d.jitter) * tickNs);
                p.deadline.push_back((arrival + d.deadline) * tickNs);
                p.run.task.push_back(u.task);
                p.run.h2dNs.push_back(0);
                p.run.d2hNs.push_back(0);
                latest = std::max(latest, p.release.back());
            }
            p.planned.push_back((en.start + shift) * tickNs);
            p.plannedEnd.push_back((en.end + shift) * tickNs);
            p.latestRelease.push_back(latest);
            p.run.target.push_back(reclaim ? latest : p.planned.back());
            p.hp.push_back(turn < 0 ? 0 : turn);
            p.tableEntry.push_back(e);
            end = std::max(end, (en.end + shift) * tickNs);
        }
    }
    p.run.first.push_back((int)p.unit.size());
    p.horizon = std::max(end, (long long)hyperperiods * every * tickNs);
    return true;
}

}  // namespace rt
