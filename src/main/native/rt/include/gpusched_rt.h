/* gpusched_rt: runs an application's own GPU work (its kernels, cuBLAS, cuDNN, TensorRT calls) under a
 * gpusched scheduling table (the JSON `gpusched analyze --table` writes). The caller registers its task
 * set and one launch callback per task (or per kernel of a chain); the runtime plays the table's frames
 * time-triggered or reclaiming, one stream per task, synchronises each batch before the next (PBS), and
 * reports every job's start and finish, the frames over their model and the misses in the JSON of
 * `gpusched play --format json`. C ABI; docs/player.md, "The runtime library". */
#ifndef GPUSCHED_RT_H
#define GPUSCHED_RT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CUDA's own definition (driver_types.h); the host backend hands out opaque handles of this type. */
typedef struct CUstream_st *cudaStream_t;

/* The library exports these names only (it is built with hidden visibility). */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

typedef struct gpusched_rt gpusched_rt;

enum gpusched_rt_status {
    GPUSCHED_RT_OK = 0,
    GPUSCHED_RT_MISS = 1,          /* played, and some job finished after its deadline */
    GPUSCHED_RT_BAD_INPUT = 2,     /* table unreadable, or not a table of the registered task set */
    GPUSCHED_RT_BAD_USAGE = 3,     /* an argument or a call out of order */
    GPUSCHED_RT_NO_BACKEND = 4,    /* the backend asked for is not built into this library */
    GPUSCHED_RT_DEVICE_ERROR = 5,  /* a CUDA call failed */
    GPUSCHED_RT_IO_ERROR = 6       /* a file could not be read or written */
};

enum gpusched_rt_backend {
    GPUSCHED_RT_HOST_SIM = 0,   /* no CUDA: a simulated clock; callbacks state their work with gpusched_rt_host_work */
    GPUSCHED_RT_HOST_REAL = 1,  /* no CUDA: the host's monotonic clock; callbacks run on the calling thread */
    GPUSCHED_RT_CUDA = 2        /* CUDA streams and events (only where the library was built with the toolkit) */
};

enum gpusched_rt_mode {
    GPUSCHED_RT_TIME_TRIGGERED = 0,  /* a frame starts at its planned start (never before the last batch ended) */
    GPUSCHED_RT_RECLAIM = 1          /* a frame starts when the last batch ended and its jobs are released */
};

/* One job handed to a callback: times in ns on the run's time line (0: the table's time 0). */
typedef struct gpusched_job {
    const char *task;   /* the unit's name: the task, or task.kernel for a kernel of a chain */
    int task_index;     /* the task's index in registration order (= its stream) */
    int kernel;         /* the kernel of its chain (0 for a task of one kernel) */
    long long job;      /* the job's index from the start of the run (gpusched_rt_play_frames: the item's) */
    int entry;          /* the frame (played entry) it belongs to */
    int position;       /* its place in the frame's submission order */
    long long release;  /* the earliest start of the job (arrival + jitter) */
    long long deadline; /* its absolute deadline */
    long long frame_model; /* the frame's modelled length C(S) */
} gpusched_job;

typedef void (*gpusched_launch_fn)(void *user, cudaStream_t stream, const gpusched_job *job);

/* A new runtime on `backend`; NULL only when out of memory. A backend not built in is refused by
 * gpusched_rt_load_table with GPUSCHED_RT_NO_BACKEND. `tick_ns`: ns per table time unit for a task set in
 * abstract ticks (0: take it from the table's timeUnit). */
gpusched_rt *gpusched_rt_create(enum gpusched_rt_backend backend, long long tick_ns);
void gpusched_rt_destroy(gpusched_rt *rt);

/* Registers task `name` (in the task set's order: the first call is task 0) with its period, relative
 * deadline, offset and release jitter, in the table's time unit. Returns its index, or -1 (see error). */
int gpusched_rt_add_task(gpusched_rt *rt, const char *name, long long period, long long deadline, long long offset,
                         long long jitter);

/* Sets the callback of a unit: a task's name, or task.kernel for a kernel of a chain (declared with
 * gpusched_rt_add_kernel; then every kernel of the chain needs its own callback). */
int gpusched_rt_set_launch(gpusched_rt *rt, const char *unit, gpusched_launch_fn fn, void *user);

/* Adds kernel `kernel` to task `task`'s chain (call once per kernel, in the chain's order, as in the
 * task set): the task's units are then task.kernel, each a job of its own in the table's frames. */
int gpusched_rt_add_kernel(gpusched_rt *rt, const char *task, const char *kernel);

/* Optional: the task set's SHA-256 as the table states it (gpusched prints it); a table stating another is refused. */
int gpusched_rt_expect_sha256(gpusched_rt *rt, const char *hex);

/* Reads a table (JSON, format versions 1 and 2) from a file or from memory and checks that it belongs to
 * the registered task set: the streams are the registered tasks in order, the hyperperiod is the lcm of
 * the periods, every item names a registered unit and a job of its task, every job of the hyperperiod
 * runs exactly once, no frame starts before a job's release or ends after its deadline. */
int gpusched_rt_load_table(gpusched_rt *rt, const char *path);
int gpusched_rt_load_table_text(gpusched_rt *rt, const char *json, size_t length, const char *name);

/* Plays the table `hyperperiods` times (a power-on table: its prefix, then that many turns). Every unit
 * needs a callback. Returns GPUSCHED_RT_OK, GPUSCHED_RT_MISS, or an error. */
int gpusched_rt_play(gpusched_rt *rt, enum gpusched_rt_mode mode, int hyperperiods);

/* The host-sim backend only: from a callback, states that the work it just put on `stream` takes `ns`
 * of simulated time (it starts when the stream's earlier work ended, or at the launch). */
int gpusched_rt_host_work(gpusched_rt *rt, cudaStream_t stream, long long ns);

/* The last play's report, in the JSON of `gpusched play --format json` (times in ns); NULL before a play.
 * The string belongs to the runtime and lives until the next play or destroy. */
const char *gpusched_rt_report_json(gpusched_rt *rt);
int gpusched_rt_write_report(gpusched_rt *rt, const char *path);

/* After a play: how many jobs missed their deadline, and how many frames ran over their model. */
long long gpusched_rt_misses(const gpusched_rt *rt);
long long gpusched_rt_overrun_frames(const gpusched_rt *rt);
/* Per played job in play order (entry by entry, position by position): its start and finish in ns. */
long long gpusched_rt_jobs(const gpusched_rt *rt);
int gpusched_rt_job_times(const gpusched_rt *rt, long long i, long long *start, long long *finish);
/* Per played entry: its start and end (ns after the run's time 0), its target and its planned start. */
long long gpusched_rt_frames(const gpusched_rt *rt);
int gpusched_rt_frame_times(const gpusched_rt *rt, long long e, long long *start, long long *end, long long *target,
                            long long *planned);

/* Frames the caller unrolled itself (the JNI player of `gpusched play --device cuda` does: its Java side
 * draws the jobs' times and reads the table). The same frame loop as gpusched_rt_play: frame e waits until
 * target[e] (ns after the run's time 0) and until the previous batch ended, issues its H2D copies one after
 * the other on an H2D copy stream, then calls `fn` once per item in order, each with its task's stream and
 * after the last H2D, then its D2H copies after every kernel, then synchronises. No table and no task set
 * are registered: the job handed to `fn` has task "", task_index = the item's task, job = the item's
 * index, entry and position; release, deadline and frame_model are -1. */
typedef struct gpusched_frames {
    int tasks;                   /* streams 0 .. tasks-1 (plus one H2D and one D2H copy stream) */
    int entries;                 /* frames */
    const long long *target;     /* per frame: the earliest start, ns after time 0 */
    const int *first;            /* entries + 1 values: frame e holds items first[e] .. first[e+1]-1 */
    int items;
    const int *task;             /* per item: its task (stream) */
    const long long *h2d, *d2h;  /* per item: its copies' stated times in ns (0: none); NULL: no copies */
    /* Per direction (0: H2D, 1: D2H), where copies exist: pinned host and device buffers of `copy_capacity`
     * bytes, and the copy engine's time model (a copy of t ns moves (t - latency) * rate bytes, at least 1). */
    void *copy_host[2];
    void *copy_device[2];
    size_t copy_capacity[2];
    double copy_latency_ns[2];
    double copy_bytes_per_ns[2];
    long long lead_ns;           /* time 0 is this long after the backend opened */
    /* The CUDA backend: tasks + 2 streams of the caller's to play on (the tasks', then the H2D and the D2H
     * copy stream; they stay the caller's); NULL: it creates its own. The host backends ignore it. */
    cudaStream_t *streams;
} gpusched_frames;

/* Plays `frames` (host-sim or CUDA; host-real refuses copies). Returns GPUSCHED_RT_OK or an error; the
 * times are then read with gpusched_rt_frame_times (planned = target), gpusched_rt_frame_issued,
 * gpusched_rt_job_times (per item) and gpusched_rt_copy_times; there are no misses nor report to read. */
int gpusched_rt_play_frames(gpusched_rt *rt, const gpusched_frames *frames, gpusched_launch_fn fn, void *user);

/* From a launch callback: its work could not be issued. The play stops after this callback and returns
 * GPUSCHED_RT_DEVICE_ERROR with `why` as its error. */
int gpusched_rt_abort(gpusched_rt *rt, const char *why);

/* After a play: the backend's clock at the run's time 0 (on CUDA and host-real the host's CLOCK_MONOTONIC, ns). */
unsigned long long gpusched_rt_origin_ns(const gpusched_rt *rt);
/* Per played entry: when its last operation had been issued (ns after time 0). */
int gpusched_rt_frame_issued(const gpusched_rt *rt, long long e, long long *issued);
/* Per played item: start and end of its copy in direction `dir` (0: H2D, 1: D2H), ns after time 0; -1 without. */
int gpusched_rt_copy_times(const gpusched_rt *rt, long long item, int dir, long long *start, long long *end);

/* The last error's one-line message ("" when none); the runtime keeps it until the next failing call. */
const char *gpusched_rt_error(const gpusched_rt *rt);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif
