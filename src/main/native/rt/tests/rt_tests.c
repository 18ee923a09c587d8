/* CTest tests of libgpusched_rt on its host backends, written in C against the public header only.
 * `rt_tests NAME` runs one test; it prints what it checked and exits 1 on the first failed check.
 * The table is paper-fig1's (examples/paper-fig1.json, `gpusched analyze --table`): periods 4, 5, 10,
 * deadlines = periods, hyperperiod 20 ticks; here a tick is 1000 ns. */
#include "gpusched_rt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TICK 1000LL
static const char *FIG1 = RT_TABLES "/paper-fig1.table.json";
static int checks = 0;

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        checks++;                                                           \
        if (!(cond)) {                                                      \
            fprintf(stderr, "FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                   \
            fprintf(stderr, "\n");                                          \
            exit(1);                                                        \
        }                                                                   \
    } while (0)

/* What every callback does: logs the job, and states its work on the simulated clock. */
typedef struct {
    gpusched_rt *rt;
    char log[4096];
    long long work[3];      /* per task: ns of work per job */
    int overrunTask;        /* this task's job overrunJob takes overrunNs instead */
    long long overrunJob, overrunNs;
    cudaStream_t streams[3];
} Ctx;

static void launch(void *user, cudaStream_t stream, const gpusched_job *job) {
    Ctx *c = (Ctx *)user;
    char item[64];
    snprintf(item, sizeof item, "%s%s#%lld", c->log[0] ? " " : "", job->task, job->job);
    strncat(c->log, item, sizeof c->log - strlen(c->log) - 1);
    c->streams[job->task_index] = stream;
    long long ns = c->work[job->task_index];
    if (job->task_index == c->overrunTask && job->job == c->overrunJob) ns = c->overrunNs;
    if (ns > 0) gpusched_rt_host_work(c->rt, stream, ns);
}

/* A runtime on backend b with its callbacks' context cleared: no work, no overrun. */
static gpusched_rt *fresh(enum gpusched_rt_backend b, long long tick, Ctx *c) {
    gpusched_rt *rt = gpusched_rt_create(b, tick);
    memset(c, 0, sizeof *c);
    c->rt = rt;
    c->overrunTask = -1;
    return rt;
}

/* A task whose jobs the test's launch callback runs. */
static void task(gpusched_rt *rt, Ctx *c, const char *name, long long period, long long offset) {
    gpusched_rt_add_task(rt, name, period, period, offset, 0);
    gpusched_rt_set_launch(rt, name, launch, c);
}

static gpusched_rt *fig1(enum gpusched_rt_backend b, Ctx *c, long long p1, long long p2, long long p3) {
    gpusched_rt *rt = fresh(b, TICK, c);
    /* Each task's wcet (1, 3, 3 ticks): a frame of them takes at most C(S). */
    c->work[0] = 1 * TICK;
    c->work[1] = 3 * TICK;
    c->work[2] = 3 * TICK;
    CHECK(gpusched_rt_add_task(rt, "tau1", p1, p1, 0, 0) == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_add_task(rt, "tau2", p2, p2, 0, 0) == 1, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_add_task(rt, "tau3", p3, p3, 0, 0) == 2, "%s", gpusched_rt_error(rt));
    const char *names[] = {"tau1", "tau2", "tau3"};
    for (int t = 0; t < 3; t++) CHECK(gpusched_rt_set_launch(rt, names[t], launch, c) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    return rt;
}

static void parse_and_bind(void) {
    Ctx c;
    gpusched_rt *rt = fig1(GPUSCHED_RT_HOST_SIM, &c, 4, 5, 10);
    CHECK(gpusched_rt_expect_sha256(rt, "b1ecd2fafc6da0ed7aa36bd90ea7b0f757b69781b6fe466e031d4ac29571791b") == 0, "sha");
    CHECK(gpusched_rt_load_table(rt, FIG1) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 1) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_frames(rt) == 8 && gpusched_rt_jobs(rt) == 11, "8 frames, 11 jobs: %lld %lld",
          gpusched_rt_frames(rt), gpusched_rt_jobs(rt));
    gpusched_rt_destroy(rt);
}

/* One refusal: loading FIG1 gives `code` and a message containing `want`. */
static void refused(gpusched_rt *rt, int code, const char *want) {
    int got = gpusched_rt_load_table(rt, FIG1);
    CHECK(got == code, "code %d, message %s", got, gpusched_rt_error(rt));
    CHECK(strstr(gpusched_rt_error(rt), want) != NULL, "message '%s' lacks '%s'", gpusched_rt_error(rt), want);
    printf("refused: %s\n", gpusched_rt_error(rt));
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 1) == GPUSCHED_RT_BAD_USAGE, "no play without a table");
    gpusched_rt_destroy(rt);
}

static void refuse_other_task_set(void) {
    Ctx c;
    /* another period: the hyperperiod differs */
    refused(fig1(GPUSCHED_RT_HOST_SIM, &c, 5, 5, 10), GPUSCHED_RT_BAD_INPUT, "hyperperiod 20 differs from the registered task set's 10");
    /* periods swapped between tasks (same hyperperiod): a job's frame before its release */
    refused(fig1(GPUSCHED_RT_HOST_SIM, &c, 4, 10, 5), GPUSCHED_RT_BAD_INPUT,
            "paper-fig1.table.json:35:17: entries[2].batch[0]: tau2#1 starts at 5 before its release 10");
    /* another name */
    gpusched_rt *rt = gpusched_rt_create(GPUSCHED_RT_HOST_SIM, TICK);
    gpusched_rt_add_task(rt, "tau1", 4, 4, 0, 0);
    gpusched_rt_add_task(rt, "tau2", 5, 5, 0, 0);
    gpusched_rt_add_task(rt, "tau9", 10, 10, 0, 0);
    refused(rt, GPUSCHED_RT_BAD_INPUT, "streams[2]: table names task \"tau3\", the task set registers \"tau9\"");
    /* another count */
    rt = gpusched_rt_create(GPUSCHED_RT_HOST_SIM, TICK);
    gpusched_rt_add_task(rt, "tau1", 4, 4, 0, 0);
    gpusched_rt_add_task(rt, "tau2", 5, 5, 0, 0);
    refused(rt, GPUSCHED_RT_BAD_INPUT, "table of 3 tasks, the task set registers 2");
    /* a shorter deadline: a frame ends after it */
    rt = gpusched_rt_create(GPUSCHED_RT_HOST_SIM, TICK);
    gpusched_rt_add_task(rt, "tau1", 4, 2, 0, 0);
    gpusched_rt_add_task(rt, "tau2", 5, 5, 0, 0);
    gpusched_rt_add_task(rt, "tau3", 10, 10, 0, 0);
    refused(rt, GPUSCHED_RT_BAD_INPUT, "tau1#0 ends at 4 after its deadline 2");
    /* another hash */
    fig1(GPUSCHED_RT_HOST_SIM, &c, 4, 5, 10);
    gpusched_rt_expect_sha256(c.rt, "00");
    refused(c.rt, GPUSCHED_RT_BAD_INPUT, "taskSet.sha256");
    /* abstract ticks without tick_ns */
    rt = gpusched_rt_create(GPUSCHED_RT_HOST_SIM, 0);
    gpusched_rt_add_task(rt, "tau1", 4, 4, 0, 0);
    gpusched_rt_add_task(rt, "tau2", 5, 5, 0, 0);
    gpusched_rt_add_task(rt, "tau3", 10, 10, 0, 0);
    refused(rt, GPUSCHED_RT_BAD_INPUT, "timeUnit \"tick\" is no time");
}

static void bad_text(const char *json, const char *want) {
    Ctx c;
    gpusched_rt *rt = fig1(GPUSCHED_RT_HOST_SIM, &c, 4, 5, 10);
    int got = gpusched_rt_load_table_text(rt, json, strlen(json), "t.json");
    CHECK(got == GPUSCHED_RT_BAD_INPUT, "code %d for %s", got, json);
    CHECK(strstr(gpusched_rt_error(rt), want) != NULL, "message '%s' lacks '%s'", gpusched_rt_error(rt), want);
    printf("refused: %s\n", gpusched_rt_error(rt));
    gpusched_rt_destroy(rt);
}

static void refuse_bad_json(void) {
    bad_text("{\"format\":\"gpusched-table\",\"format\":1}", "t.json:1:28: duplicate key \"format\"");
    bad_text("{} x", "t.json:1:4: content after the JSON value");
    bad_text("{\"format\":\"gpusched-table\",\"formatVersion\":1.0}", "not a fraction");
    bad_text("{\"format\":\"gpusched-table\",\"formatVersion\":1,\"taskSet\":{\"name\":null,\"sha256\":null},"
             "\"timeUnit\":\"tick\",\"hyperperiod\":20,\"method\":null,\"streams\":[\"tau1\",\"tau2\",\"tau3\"],"
             "\"entries\":[],\"x\":1}", "unknown field \"x\"");
    bad_text("{\"format\":\"gpusched-table\",\"formatVersion\":1,\"taskSet\":{\"name\":null,\"sha256\":null},"
             "\"timeUnit\":\"tick\",\"hyperperiod\":20,\"method\":null,\"streams\":[\"tau1\",\"tau2\",\"tau3\"],"
             "\"entries\":[]}", "tau1 runs 0 jobs per hyperperiod, its period gives 5");
}

static void frame_order(void) {
    Ctx c;
    gpusched_rt *rt = fig1(GPUSCHED_RT_HOST_SIM, &c, 4, 5, 10);
    CHECK(gpusched_rt_load_table(rt, FIG1) == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 2) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    const char *want = "tau1#0 tau2#0 tau1#1 tau2#1 tau3#0 tau1#2 tau2#2 tau3#1 tau1#3 tau2#3 tau1#4"
                       " tau1#5 tau2#4 tau1#6 tau2#5 tau3#2 tau1#7 tau2#6 tau3#3 tau1#8 tau2#7 tau1#9";
    CHECK(strcmp(c.log, want) == 0, "order %s", c.log);
    CHECK(c.streams[0] != c.streams[1] && c.streams[1] != c.streams[2] && c.streams[0] != c.streams[2], "one stream per task");
    /* each batch is synchronised before the next: a frame starts after the last one ended */
    long long prevEnd = 0, s, e;
    for (long long f = 0; f < gpusched_rt_frames(rt); f++) {
        gpusched_rt_frame_times(rt, f, &s, &e, NULL, NULL);
        CHECK(s >= prevEnd, "frame %lld starts %lld before the last ended %lld", f, s, prevEnd);
        prevEnd = e;
    }
    printf("order: %s\n", c.log);
    gpusched_rt_destroy(rt);
}

static void time_triggered_waits(void) {
    Ctx c;
    gpusched_rt *rt = fig1(GPUSCHED_RT_HOST_SIM, &c, 4, 5, 10);
    c.work[1] = TICK; /* jobs shorter than planned: each frame still waits for its planned start */
    c.work[2] = TICK;
    CHECK(gpusched_rt_load_table(rt, FIG1) == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 2) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    for (long long f = 0; f < gpusched_rt_frames(rt); f++) {
        long long s, e, target, planned;
        gpusched_rt_frame_times(rt, f, &s, &e, &target, &planned);
        CHECK(target == planned && s == planned, "frame %lld: start %lld, planned %lld", f, s, planned);
        CHECK(e - s == TICK, "frame %lld lasts %lld", f, e - s);
    }
    long long js, jf;
    gpusched_rt_job_times(rt, 3, &js, &jf); /* tau2#1, frame 2 planned at 5 ticks */
    CHECK(js == 5 * TICK && jf == 6 * TICK, "tau2#1 %lld..%lld", js, jf);
    CHECK(gpusched_rt_frame_times(rt, 15, &js, NULL, NULL, NULL) == 0 && js == 38 * TICK, "frame 15 at 38 ticks: %lld", js);
    gpusched_rt_destroy(rt);
}

static void reclaim(void) {
    Ctx c;
    gpusched_rt *rt = fig1(GPUSCHED_RT_HOST_SIM, &c, 4, 5, 10);
    c.work[1] = TICK;
    c.work[2] = TICK;
    CHECK(gpusched_rt_load_table(rt, FIG1) == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_RECLAIM, 1) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    /* a frame starts when the last one ended and its jobs are released: table order, releases of fig1 */
    long long want[] = {0, 4, 5, 8, 10, 12, 15, 16};
    int earlier = 0;
    for (long long f = 0; f < 8; f++) {
        long long s, e, target, planned;
        gpusched_rt_frame_times(rt, f, &s, &e, &target, &planned);
        CHECK(s == want[f] * TICK && target == want[f] * TICK, "frame %lld starts %lld, wanted %lld", f, s, want[f] * TICK);
        earlier += s < planned;
    }
    CHECK(earlier == 3, "3 frames start before their planned start: %d", earlier);
    CHECK(gpusched_rt_misses(rt) == 0, "no miss");
    gpusched_rt_destroy(rt);
}

static void miss_and_overrun(void) {
    Ctx c;
    gpusched_rt *rt = fig1(GPUSCHED_RT_HOST_SIM, &c, 4, 5, 10);
    c.overrunTask = 1; /* tau2#1 takes 10 ticks instead of 3: its frame [5, 9] runs to 15 */
    c.overrunJob = 1;
    c.overrunNs = 10 * TICK;
    CHECK(gpusched_rt_load_table(rt, FIG1) == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 1) == GPUSCHED_RT_MISS, "a miss: %s", gpusched_rt_error(rt));
    long long s, f;
    gpusched_rt_job_times(rt, 3, &s, &f);
    CHECK(s == 5 * TICK && f == 15 * TICK, "tau2#1 %lld..%lld", s, f);
    /* tau2#1 (deadline 10) misses, and the frames after it run back to back from 15 without catching up:
     * tau1#2 ends 16 > 12, tau2#2 19 > 15, tau1#3 20 > 16, tau2#3 23 > 20, tau1#4 24 > 20; tau3#1 (19 <= 20) keeps its */
    CHECK(gpusched_rt_misses(rt) == 6, "misses %lld", gpusched_rt_misses(rt));
    CHECK(gpusched_rt_overrun_frames(rt) == 1, "frames over model %lld", gpusched_rt_overrun_frames(rt));
    const char *j = gpusched_rt_report_json(rt);
    CHECK(strstr(j, "\"misses\":6,") && strstr(j, "\"firstMiss\":\"tau2#1\""), "summary in %s", j);
    CHECK(strstr(j, "\"overrunFrames\":1,\"worstOverrun\":6000,\"worstEntry\":2,\"worstJobs\":[\"tau2#1\",\"tau3#0\"]"),
          "frames in %s", j);
    gpusched_rt_destroy(rt);
}

static void report_json(void) {
    Ctx c;
    gpusched_rt *rt = fig1(GPUSCHED_RT_HOST_SIM, &c, 4, 5, 10);
    CHECK(gpusched_rt_load_table(rt, FIG1) == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_report_json(rt) == NULL, "no report before a play");
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 1) == 0, "%s", gpusched_rt_error(rt));
    const char *j = gpusched_rt_report_json(rt);
    const char *fields[] = {
        "{\"reportVersion\":2,\"file\":", "\"device\":\"host-sim\",\"mode\":\"time-triggered\",\"execTime\":\"callback\",\"seed\":0,"
        "\"hyperperiods\":1,\"timeUnit\":\"ns\",\"summary\":{\"jobs\":11,\"batches\":8,\"misses\":0,\"maxLateness\":-1000,"
        "\"busyFraction\":0.8,\"firstMiss\":null,\"neverRun\":0,\"neverRunJobs\":[]},",
        "\"batches\":[{\"entry\":0,\"hyperperiod\":0,\"plannedStart\":0,\"start\":0,\"plannedEnd\":4000,\"end\":3000,"
        "\"jobs\":[\"tau1#0\",\"tau2#0\"]},",
        "\"jobs\":[{\"task\":\"tau1\",\"job\":0,\"hyperperiod\":0,\"entry\":0,\"release\":0,\"start\":0,\"finish\":1000,"
        "\"responseTime\":1000,\"deadline\":4000,\"slack\":3000,\"miss\":false,\"kernelStart\":0,\"kernelFinish\":1000,"
        "\"kernelModel\":4000,\"kernelTime\":1000,\"h2dModel\":0,\"h2dTime\":0,\"d2hModel\":0,\"d2hTime\":0},",
        "\"ops\":{\"kernels\":11,\"worstKernelOverModel\":0,\"copies\":0,\"worstCopyOverModel\":0},\"deviceNotes\":[",
        "\"frames\":{\"frames\":8,\"overrunFrames\":0,\"worstOverrun\":0,\"worstEntry\":1,\"worstJobs\":[\"tau1#1\"],"
        "\"maxStartSkew\":0,\"deadlineMissed\":false,\"perFrame\":[{\"entry\":0,\"skew\":0,\"model\":4000,\"length\":3000,\"overrun\":-1000},"};
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) CHECK(strstr(j, fields[i]) != NULL, "'%s' not in %s", fields[i], j);
    char path[] = "/tmp/gpusched-rt-report-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "temp file");
    CHECK(gpusched_rt_write_report(rt, path) == 0, "%s", gpusched_rt_error(rt));
    FILE *in = fopen(path, "rb");
    static char back[1 << 16];
    size_t n = fread(back, 1, sizeof back - 1, in);
    fclose(in);
    remove(path);
    back[n] = 0;
    CHECK(strcmp(back, j) == 0, "the file holds the report");
    gpusched_rt_destroy(rt);
}

static void power_on_table(void) {
    Ctx c;
    gpusched_rt *rt = fresh(GPUSCHED_RT_HOST_SIM, 0, &c);
    task(rt, &c, "a", 4, 0);
    task(rt, &c, "b", 4, 2);
    CHECK(gpusched_rt_load_table(rt, RT_TABLES "/power-on.table.json") == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 2) == 0, "%s", gpusched_rt_error(rt));
    CHECK(strcmp(c.log, "a#0 b#0 a#1 b#1 a#2") == 0, "prefix once, then two turns: %s", c.log);
    long long want[] = {0, 2000, 4000, 6000, 8000};
    for (int f = 0; f < 5; f++) {
        long long s;
        gpusched_rt_frame_times(rt, f, &s, NULL, NULL, NULL);
        CHECK(s == want[f], "frame %d at %lld", f, s);
    }
    gpusched_rt_destroy(rt);
}

static void host_real(void) {
    Ctx c;
    gpusched_rt *rt = fig1(GPUSCHED_RT_HOST_REAL, &c, 4, 5, 10);
    c.work[0] = c.work[1] = c.work[2] = 0;
    CHECK(gpusched_rt_load_table(rt, FIG1) == 0, "%s", gpusched_rt_error(rt));
    int r = gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 1);
    CHECK(r == GPUSCHED_RT_OK || r == GPUSCHED_RT_MISS, "%s", gpusched_rt_error(rt));
    for (long long f = 0; f < gpusched_rt_frames(rt); f++) {
        long long s, target;
        gpusched_rt_frame_times(rt, f, &s, NULL, &target, NULL);
        CHECK(s >= target, "frame %lld woke at %lld before its target %lld", f, s, target);
    }
    CHECK(strstr(gpusched_rt_report_json(rt), "\"device\":\"host-real\""), "device named");
    gpusched_rt_destroy(rt);
}

/* A chain of two kernels: each kernel is a unit with its own callback, in a later frame than the one before. */
static void chain(void) {
    Ctx c;
    gpusched_rt *rt = fresh(GPUSCHED_RT_HOST_SIM, 0, &c);
    c.work[0] = 1000;
    gpusched_rt_add_task(rt, "c", 4, 4, 0, 0);
    CHECK(gpusched_rt_add_kernel(rt, "c", "k1") == 0 && gpusched_rt_add_kernel(rt, "c", "k2") == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_set_launch(rt, "c", launch, &c) == GPUSCHED_RT_BAD_USAGE, "a chain's units are its kernels");
    gpusched_rt_set_launch(rt, "c.k1", launch, &c);
    const char *t = "{\"format\":\"gpusched-table\",\"formatVersion\":1,\"taskSet\":{\"name\":null,\"sha256\":null},"
                    "\"timeUnit\":\"us\",\"hyperperiod\":4,\"method\":null,\"streams\":[\"c\"],\"entries\":["
                    "{\"start\":0,\"end\":1,\"batch\":[{\"task\":\"c.k1\",\"job\":0,\"stream\":0}]},"
                    "{\"start\":1,\"end\":2,\"batch\":[{\"task\":\"c.k2\",\"job\":0,\"stream\":0}]}]}";
    CHECK(gpusched_rt_load_table_text(rt, t, strlen(t), "chain.json") == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 1) == GPUSCHED_RT_BAD_USAGE
          && strstr(gpusched_rt_error(rt), "no launch callback for c.k2"), "%s", gpusched_rt_error(rt));
    gpusched_rt_set_launch(rt, "c.k2", launch, &c);
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 2) == 0, "%s", gpusched_rt_error(rt));
    CHECK(strcmp(c.log, "c.k1#0 c.k2#0 c.k1#1 c.k2#1") == 0, "order %s", c.log);
    long long s;
    gpusched_rt_frame_times(rt, 3, &s, NULL, NULL, NULL);
    CHECK(s == 5000, "c.k2#1 at 5 us: %lld", s);
    gpusched_rt_destroy(rt);
}

/* The table examples/runtime follows belongs to the task set its main.cpp registers (workload.json). */
static void example_table(void) {
    Ctx c;
    gpusched_rt *rt = fresh(GPUSCHED_RT_HOST_SIM, 0, &c);
    c.work[0] = 2000000; /* wcet 2000 us, 500 us */
    c.work[1] = 500000;
    task(rt, &c, "gemm", 10000, 0);
    task(rt, &c, "scale", 5000, 0);
    CHECK(gpusched_rt_load_table(rt, RT_EXAMPLE "/table.json") == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_play(rt, GPUSCHED_RT_RECLAIM, 3) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    CHECK(strcmp(c.log, "gemm#0 scale#0 scale#1 gemm#1 scale#2 scale#3 gemm#2 scale#4 scale#5") == 0, "order %s", c.log);
    gpusched_rt_destroy(rt);
}

/* gpusched_rt_play_frames: frames unrolled by the caller (the JNI player's way in). */
typedef struct {
    gpusched_rt *rt;
    long long work[8];   /* per item: ns of work */
    int calls, abortAt;  /* callbacks run; the item whose callback aborts (-1: none) */
    gpusched_job seen[8];
} Frames;

static void frame_launch(void *user, cudaStream_t stream, const gpusched_job *job) {
    Frames *c = (Frames *)user;
    c->seen[c->calls++] = *job;
    if (job->job == c->abortAt) { gpusched_rt_abort(c->rt, "cudaErrorLaunchFailure (719): test [kernel launch]"); return; }
    if (c->work[job->job] > 0) gpusched_rt_host_work(c->rt, stream, c->work[job->job]);
}

static void frame_times(gpusched_rt *rt, long long e, long long start, long long end) {
    long long s = 0, z = 0, t = 0, pl = 0;
    CHECK(gpusched_rt_frame_times(rt, e, &s, &z, &t, &pl) == GPUSCHED_RT_OK, "frame %lld", e);
    CHECK(s == start && z == end && pl == t, "frame %lld: [%lld, %lld] want [%lld, %lld], target %lld", e, s, z, start, end, t);
}

static void job_times(gpusched_rt *rt, long long i, long long start, long long end) {
    long long s = 0, z = 0;
    CHECK(gpusched_rt_job_times(rt, i, &s, &z) == GPUSCHED_RT_OK, "item %lld", i);
    CHECK(s == start && z == end, "item %lld: [%lld, %lld] want [%lld, %lld]", i, s, z, start, end);
}

static void copy_times(gpusched_rt *rt, long long i, int dir, long long start, long long end) {
    long long s = 0, z = 0;
    CHECK(gpusched_rt_copy_times(rt, i, dir, &s, &z) == GPUSCHED_RT_OK, "item %lld", i);
    CHECK(s == start && z == end, "item %lld dir %d: [%lld, %lld] want [%lld, %lld]", i, dir, s, z, start, end);
}

/* Frames of `tasks` streams: `entries` targets, each entry's items first[e] .. first[e+1]-1 on `task`. */
static gpusched_frames frames_of(int tasks, int entries, long long *target, int *first, int *task) {
    gpusched_frames f;
    memset(&f, 0, sizeof f);
    f.tasks = tasks;
    f.entries = entries;
    f.target = target;
    f.first = first;
    f.items = first[entries];
    f.task = task;
    return f;
}

/* A fresh host-simulated runtime for frames, with nothing aborting and `work` ns per item. */
static gpusched_rt *frames_rt(Frames *c, const long long *work, int items) {
    memset(c, 0, sizeof *c);
    c->abortAt = -1;
    c->rt = gpusched_rt_create(GPUSCHED_RT_HOST_SIM, 0);
    if (work) memcpy(c->work, work, sizeof *work * (size_t)items);
    return c->rt;
}

/* Three frames on two streams, time-triggered targets 0, 10 us, 12 us: frame 1 waits for its target,
 * frame 2 for the end of frame 1's batch (14 us), the items of a frame run side by side. */
static void frames_waits(void) {
    Frames c;
    long long target[] = {0, 10000, 12000};
    int first[] = {0, 2, 3, 4}, task[] = {0, 1, 0, 1};
    long long work[] = {3000, 5000, 4000, 1000};
    gpusched_rt *rt = frames_rt(&c, work, 4);
    gpusched_frames f = frames_of(2, 3, target, first, task);
    CHECK(gpusched_rt_play_frames(rt, &f, frame_launch, &c) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    CHECK(c.calls == 4, "%d callbacks", c.calls);
    for (int i = 0; i < 4; i++) {
        gpusched_job j = c.seen[i];
        CHECK(j.job == i && j.task_index == task[i] && strcmp(j.task, "") == 0 && j.release == -1 && j.deadline == -1
                  && j.frame_model == -1, "callback %d: job %lld task %d", i, j.job, j.task_index);
    }
    CHECK(c.seen[1].entry == 0 && c.seen[1].position == 1 && c.seen[3].entry == 2 && c.seen[3].position == 0, "entries");
    frame_times(rt, 0, 0, 5000);
    frame_times(rt, 1, 10000, 14000);
    frame_times(rt, 2, 14000, 15000);
    job_times(rt, 0, 0, 3000);
    job_times(rt, 1, 0, 5000);
    job_times(rt, 2, 10000, 14000);
    job_times(rt, 3, 14000, 15000);
    copy_times(rt, 2, 0, -1, -1);
    long long issued = -2;
    CHECK(gpusched_rt_frame_issued(rt, 1, &issued) == GPUSCHED_RT_OK && issued == 10000, "issued %lld", issued);
    CHECK(gpusched_rt_origin_ns(rt) == 0, "origin %llu", gpusched_rt_origin_ns(rt));
    CHECK(gpusched_rt_misses(rt) == -1 && gpusched_rt_report_json(rt) == NULL, "frames have no deadlines nor report");
    CHECK(gpusched_rt_frame_times(rt, 3, NULL, NULL, NULL, NULL) == GPUSCHED_RT_BAD_USAGE, "no frame 3");
    /* A lead moves time 0: the targets are kept after it. */
    f.lead_ns = 7000;
    c.calls = 0;
    CHECK(gpusched_rt_play_frames(rt, &f, frame_launch, &c) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_origin_ns(rt) == 7000, "origin %llu", gpusched_rt_origin_ns(rt));
    frame_times(rt, 1, 10000, 14000);
    gpusched_rt_destroy(rt);
}

/* Copies in C(S) order: H2D one after the other, the kernels after the last H2D, the D2H after every
 * kernel; a copy of t ns moves t bytes at 1 byte/ns. */
static void frames_copies(void) {
    Frames c;
    long long target[] = {0, 0};
    int first[] = {0, 2, 3}, task[] = {0, 1, 0};
    long long work[] = {4000, 1000, 2000}, h2d[] = {2000, 3000, 0}, d2h[] = {0, 500, 0};
    gpusched_rt *rt = frames_rt(&c, work, 3);
    static char host[2][8192], dev[2][8192];
    gpusched_frames f = frames_of(2, 2, target, first, task);
    f.h2d = h2d;
    f.d2h = d2h;
    for (int d = 0; d < 2; d++) {
        f.copy_host[d] = host[d];
        f.copy_device[d] = dev[d];
        f.copy_capacity[d] = sizeof host[d];
        f.copy_bytes_per_ns[d] = 1.0;
    }
    CHECK(gpusched_rt_play_frames(rt, &f, frame_launch, &c) == GPUSCHED_RT_OK, "%s", gpusched_rt_error(rt));
    copy_times(rt, 0, 0, 0, 2000);
    copy_times(rt, 1, 0, 2000, 5000);
    job_times(rt, 0, 5000, 9000);
    job_times(rt, 1, 5000, 6000);
    copy_times(rt, 0, 1, -1, -1);
    copy_times(rt, 1, 1, 9000, 9500);
    frame_times(rt, 0, 0, 9500);
    frame_times(rt, 1, 9500, 11500);
    job_times(rt, 2, 9500, 11500);
    /* A copy larger than its buffer, or copies where the backend has none, are refused before anything runs. */
    f.copy_capacity[0] = 2500;
    c.calls = 0;
    CHECK(gpusched_rt_play_frames(rt, &f, frame_launch, &c) == GPUSCHED_RT_BAD_USAGE
              && strstr(gpusched_rt_error(rt), "copy of 3000 bytes above the 2500 bytes") && c.calls == 0,
          "%s", gpusched_rt_error(rt));
    printf("refused: %s\n", gpusched_rt_error(rt));
    gpusched_rt_destroy(rt);
    rt = gpusched_rt_create(GPUSCHED_RT_HOST_REAL, 0);
    f.copy_capacity[0] = sizeof host[0];
    CHECK(gpusched_rt_play_frames(rt, &f, frame_launch, &c) == GPUSCHED_RT_BAD_USAGE
              && strstr(gpusched_rt_error(rt), "need the host-sim or the CUDA backend"), "%s", gpusched_rt_error(rt));
    gpusched_rt_destroy(rt);
}

/* A callback that cannot issue its work stops the play: no later callback runs, the error is its own. */
static void frames_abort(void) {
    Frames c;
    gpusched_rt *rt = frames_rt(&c, NULL, 0);
    c.abortAt = 1;
    long long target[] = {0, 0};
    int first[] = {0, 2, 3}, task[] = {0, 1, 0};
    gpusched_frames f = frames_of(2, 2, target, first, task);
    int r = gpusched_rt_play_frames(rt, &f, frame_launch, &c);
    CHECK(r == GPUSCHED_RT_DEVICE_ERROR && c.calls == 2, "%d after %d callbacks", r, c.calls);
    CHECK(strcmp(gpusched_rt_error(rt), "cudaErrorLaunchFailure (719): test [kernel launch]") == 0, "%s", gpusched_rt_error(rt));
    CHECK(gpusched_rt_frame_times(rt, 0, NULL, NULL, NULL, NULL) == GPUSCHED_RT_BAD_USAGE, "nothing played");
    /* The next play starts clean. */
    c.abortAt = -1;
    c.calls = 0;
    CHECK(gpusched_rt_play_frames(rt, &f, frame_launch, &c) == GPUSCHED_RT_OK && c.calls == 3, "%s", gpusched_rt_error(rt));
    int bad[] = {0, 4, 3};
    f.first = bad;
    CHECK(gpusched_rt_play_frames(rt, &f, frame_launch, &c) == GPUSCHED_RT_BAD_USAGE, "first out of order: %s", gpusched_rt_error(rt));
    gpusched_rt_destroy(rt);
}

static void cuda_backend(void) {
    Ctx c;
    /* ticks of 1 ms: on a GPU, frames of empty callbacks end far inside their deadlines */
    gpusched_rt *rt = fresh(GPUSCHED_RT_CUDA, 1000000, &c);
    const char *names[] = {"tau1", "tau2", "tau3"};
    long long periods[] = {4, 5, 10};
    for (int t = 0; t < 3; t++) task(rt, &c, names[t], periods[t], 0);
    int r = gpusched_rt_load_table(rt, FIG1);
#if RT_CUDA
    CHECK(r == 0, "%s", gpusched_rt_error(rt));
    r = gpusched_rt_play(rt, GPUSCHED_RT_TIME_TRIGGERED, 1);
    /* without a GPU: one line naming the CUDA error; with one: played, every deadline kept */
    CHECK(r == GPUSCHED_RT_OK || (r == GPUSCHED_RT_DEVICE_ERROR && strstr(gpusched_rt_error(rt), "cudaError")),
          "%d %s", r, gpusched_rt_error(rt));
    CHECK(r != GPUSCHED_RT_OK || strcmp(c.log, "tau1#0 tau2#0 tau1#1 tau2#1 tau3#0 tau1#2 tau2#2 tau3#1 tau1#3 tau2#3 tau1#4") == 0,
          "order %s", c.log);
#else
    CHECK(r == GPUSCHED_RT_NO_BACKEND, "%d %s", r, gpusched_rt_error(rt));
#endif
    printf("cuda backend: %s\n", r == 0 ? "played" : gpusched_rt_error(rt));
    /* Frames through the CUDA backend: played, or (no GPU) one line naming the CUDA error. */
    Frames fc;
    memset(&fc, 0, sizeof fc);
    fc.rt = rt;
    fc.abortAt = -1;
    long long target[] = {0};
    int first[] = {0, 1}, task[] = {0};
    gpusched_frames f = frames_of(1, 1, target, first, task);
    r = gpusched_rt_play_frames(rt, &f, frame_launch, &fc);
#if RT_CUDA
    CHECK(r == GPUSCHED_RT_OK || (r == GPUSCHED_RT_DEVICE_ERROR && strstr(gpusched_rt_error(rt), "cudaError")),
          "%d %s", r, gpusched_rt_error(rt));
#else
    CHECK(r == GPUSCHED_RT_NO_BACKEND, "%d %s", r, gpusched_rt_error(rt));
#endif
    printf("cuda frames: %s\n", r == 0 ? "played" : gpusched_rt_error(rt));
    gpusched_rt_destroy(rt);
}

int main(int argc, char **argv) {
    struct { const char *name; void (*fn)(void); } tests[] = {
        {"parse_and_bind", parse_and_bind}, {"refuse_other_task_set", refuse_other_task_set},
        {"refuse_bad_json", refuse_bad_json}, {"frame_order", frame_order},
        {"time_triggered_waits", time_triggered_waits}, {"reclaim", reclaim}, {"miss_and_overrun", miss_and_overrun},
        {"report_json", report_json}, {"power_on_table", power_on_table}, {"host_real", host_real}, {"chain", chain}, {"example_table", example_table},
        {"frames_waits", frames_waits}, {"frames_copies", frames_copies}, {"frames_abort", frames_abort},
        {"cuda_backend", cuda_backend}};
    for (size_t i = 0; i < sizeof tests / sizeof *tests; i++) {
        if (argc > 1 && strcmp(argv[1], tests[i].name) != 0) continue;
        tests[i].fn();
        printf("ok %s: %d checks\n", tests[i].name, checks);
        if (argc > 1) return 0;
    }
    if (argc > 1) { fprintf(stderr, "no test %s\n", argv[1]); return 2; }
    return 0;
}
