// Host test of src/main/native/frames.cuh, the table player's frame logic, against a fake backend
// that records every call (no GPU, no CUDA): which operations are issued on which stream, in which
// order, with which events and waits, how many bytes each copy moves, and what the player reports.
// Built and run by org.gpusched.player.NativeFramesTest (g++ or nvcc as a host compiler):
//   g++ -std=c++17 -Wall -Werror -I src/main/native -o frames src/test/native/frames/harness.cpp && ./frames
// Prints one line per check and "ok N checks" last; exits 1 on the first failed check.
#include "frames.cuh"
#include "../check.h"
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

using namespace frames;


static std::string join(const std::vector<std::string> &v) {
    std::string s;
    for (const std::string &x : v) s += (s.empty() ? "" : "; ") + x;
    return s;
}

// A device that takes no time: the clock advances 10 ns per call; an event completes when it is recorded.
struct Fake : Backend {
    std::vector<std::string> log;
    std::map<int, long long> when;
    u64 clock = 1000;
    int failLaunch = -1;
    u64 now() override { return clock += 10; }
    void sleep_until(u64 t) override { log.push_back("sleep " + std::to_string(t)); clock = t; }
    bool record(int ev, int s) override {
        when[ev] = (long long)(clock += 10);
        log.push_back("record e" + std::to_string(ev) + " s" + std::to_string(s));
        return true;
    }
    bool wait(int s, int ev) override { log.push_back("wait s" + std::to_string(s) + " e" + std::to_string(ev)); return true; }
    bool copy(int s, Dir d, size_t bytes) override {
        clock += 100;
        log.push_back(std::string(d == H2D ? "h2d" : "d2h") + " s" + std::to_string(s) + " " + std::to_string(bytes));
        return true;
    }
    bool launch(int s, int item) override {
        log.push_back("launch s" + std::to_string(s) + " i" + std::to_string(item));
        return item != failLaunch;
    }
    bool sync() override { log.push_back("sync"); return true; }
    bool event_ns(int ev, long long &t) override {
        if (!when.count(ev)) return false;
        t = when[ev];
        return true;
    }
    bool elapsed_ns(int a, int z, long long &ns) override {
        if (!when.count(a) || !when.count(z)) return false;
        ns = when[z] - when[a];
        return true;
    }
};

static Run run(int tasks, std::vector<long long> target, std::vector<int> first, std::vector<int> task,
               std::vector<long long> h2d, std::vector<long long> d2h) {
    Run r;
    r.tasks = tasks;
    r.target = target;
    r.first = first;
    r.task = task;
    r.h2dNs = h2d;
    r.d2hNs = d2h;
    r.fit[H2D].bytesPerNs = 2;  // 2 bytes per ns, no latency
    r.fit[D2H].bytesPerNs = 1;
    r.fit[D2H].latencyNs = 100;
    return r;
}

int main() {
    {  // Calibration: the line through two timed sizes, and bytes for a stated time.
        CopyFit f = fit_copy(1 << 20, 10000 + (1 << 20) / 25.0, 32 << 20, 10000 + (32 << 20) / 25.0);
        expect(std::fabs(f.bytesPerNs - 25) < 1e-9 && std::fabs(f.latencyNs - 10000) < 1e-6,
               "fit_copy recovers 25 B/ns and 10 us latency: " + std::to_string(f.bytesPerNs) + " " + std::to_string(f.latencyNs));
        expect(copy_bytes(f, 50000) == 1000000, "50 us at 25 B/ns after 10 us latency moves 1,000,000 bytes");
        expect(copy_bytes(f, 5000) == 1, "a copy shorter than the latency moves 1 byte");
        expect(copy_bytes(f, 0) == 0 && copy_bytes(f, -5) == 0, "no copy: 0 bytes");
        CopyFit noisy = fit_copy(1 << 20, 50000, 32 << 20, 40000);
        expect(noisy.latencyNs == 0 && std::fabs(noisy.bytesPerNs - (32 << 20) / 40000.0) < 1e-9,
               "a falling line falls back to the big copy's rate");
    }
    {  // A frame without copies: the kernels on their tasks' streams, no event, no wait, one sync.
        Fake b;
        Run r = run(2, {0}, {0, 2}, {0, 1}, {0, 0}, {0, 0});
        Out o;
        expect(play(b, r, 5000, o), "a frame of two kernels plays");
        expect(join(b.log) == "sleep 5000; launch s0 i0; launch s1 i1; sync", "no copies: " + join(b.log));
        expect(o.copyStart[H2D][0] == -1 && o.copyEnd[D2H][1] == -1, "no copy times without copies");
        expect(o.start[0] == 10 && o.end[0] > o.issued[0] && o.issued[0] >= o.start[0], "frame stamps in order");
    }
    {  // A frame with copies: every H2D, then the kernels after the last H2D, then every D2H after every kernel.
        Fake b;
        Run r = run(2, {0}, {0, 2}, {0, 1}, {1000, 0}, {0, 600});
        Out o;
        expect(play(b, r, 0, o), "a frame with copies plays");
        int k = 2;
        std::string want = "record e" + std::to_string(copy_event(0, H2D, false)) + " s2; h2d s2 2000; record e"
                + std::to_string(copy_event(0, H2D, true)) + " s2; record e" + std::to_string(h2d_done_event(k))
                + " s2; wait s0 e10; launch s0 i0; record e8 s0; wait s1 e10; launch s1 i1; record e9 s1;"
                + " wait s3 e8; wait s3 e9; record e" + std::to_string(copy_event(1, D2H, false)) + " s3; d2h s3 500;"
                + " record e" + std::to_string(copy_event(1, D2H, true)) + " s3; sync";
        expect(join(b.log) == want, "copies in C(S) order: " + join(b.log));
        expect(o.copyStart[H2D][0] >= o.start[0] && o.copyEnd[H2D][0] > o.copyStart[H2D][0],
               "the H2D copy's time comes from its events");
        expect(o.copyEnd[H2D][0] - o.copyStart[H2D][0] == b.when[copy_event(0, H2D, true)] - b.when[copy_event(0, H2D, false)],
               "a copy's length is the time between its own two events");
        expect(o.copyStart[D2H][1] > o.copyEnd[H2D][0] && o.copyEnd[D2H][1] <= o.end[0],
               "the D2H copy lies after the H2D and inside the frame");
        expect(o.copyStart[H2D][1] == -1 && o.copyStart[D2H][0] == -1, "items without a copy report none");
    }
    {  // Two H2D copies share the one H2D stream, in item order; events are per item position.
        Fake b;
        Run r = run(3, {0}, {0, 3}, {2, 0, 1}, {10, 0, 20}, {0, 0, 0});
        Out o;
        expect(play(b, r, 0, o), "three kernels, two copies");
        expect(join(b.log).rfind("record e0 s3; h2d s3 20; record e1 s3; record e8 s3; h2d s3 40; record e9 s3; record e15 s3;", 0) == 0,
               "H2D copies one after the other on stream 3: " + join(b.log));
        expect(o.copyEnd[H2D][0] <= o.copyStart[H2D][2], "the second copy starts after the first ended");
    }
    {  // A chain: kernel 2 of task 0's job is an item of a later entry, launched after the first entry synchronised.
        Fake b;
        Run r = run(1, {0, 50000}, {0, 1, 2}, {0, 0}, {300, 0}, {0, 200});
        Out o;
        expect(play(b, r, 10000, o), "a chain of two kernels in two frames");
        std::string log = join(b.log);
        size_t sync1 = log.find("sync"), launch2 = log.find("launch s0 i1");
        expect(sync1 != std::string::npos && launch2 != std::string::npos && sync1 < launch2,
               "kernel 2 is launched after frame 1 synchronised: " + log);
        expect(log.find("sleep 60000") != std::string::npos && log.find("sleep 60000") < launch2,
               "frame 2 waits for its target (t0 + 50 us)");
        expect(o.start[1] == 50000 + 10 && o.target[1] == 50000, "frame 2 starts at its target");
        expect(o.copyStart[H2D][0] >= 0 && o.copyStart[H2D][1] == -1 && o.copyStart[D2H][1] >= o.start[1],
               "the chain's H2D belongs to kernel 1, its D2H to kernel 2");
    }
    {  // A late frame does not sleep; a failed launch stops the run before synchronising.
        Fake b;
        b.failLaunch = 1;
        Run r = run(2, {0}, {0, 2}, {0, 1}, {0, 0}, {0, 0});
        Out o;
        expect(!play(b, r, 0, o), "a failed launch fails the run");
        expect(join(b.log) == "launch s0 i0; launch s1 i1", "nothing after the failed launch: " + join(b.log));
    }
    {  // The event pool holds every event one frame needs.
        Run r = run(4, {0, 0}, {0, 1, 4}, {0, 1, 2, 3}, {1, 1, 1, 1}, {1, 1, 1, 1});
        int k = max_items(r);
        int top = std::max(copy_event(k - 1, D2H, true), std::max(kernel_done_event(k, k - 1), h2d_done_event(k)));
        expect(k == 3 && top < event_pool(k), "event pool of " + std::to_string(event_pool(k)) + " covers index " + std::to_string(top));
    }
    printf("ok %d checks\n", checks);
    return 0;
}
