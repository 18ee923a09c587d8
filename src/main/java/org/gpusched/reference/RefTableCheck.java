package org.gpusched.reference;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Checks a scheduling table (docs/table-format.md, versions 1 and 2) against the workload with
 * the PBS rules, using only this package. A version 1 table is one hyperperiod of the steady state:
 * it starts at the first instant that no job's window contains (its own computation of the cut)
 * with the offsets taken relative to it. A version 2 table is checked on the file's time line: the
 * prefix and two turns of the periodic part, unrolled, every job whose deadline falls in that span
 * run, and one turn running exactly the kernels released in one turn.
 */
final class RefTableCheck {
    private final RefFrames frames;
    private final RefWorkload w;
    private final List<String> errors = new ArrayList<>();

    private RefTableCheck(RefFrames frames) {
        this.frames = frames;
        this.w = frames.workload();
    }

    /** A frame as read: start, end, and its items as {unit, job}. */
    private record Frame(long start, long end, List<long[]> items) { }

    static List<String> check(RefWorkload w, JsonNode table) {
        RefTableCheck c = new RefTableCheck(new RefFrames(w));
        c.run(table);
        return List.copyOf(c.errors);
    }

    private void run(JsonNode table) {
        long h = w.hyperperiod();
        if (!"gpusched-table".equals(table.path("format").asText())) {
            errors.add("not a gpusched table");
            return;
        }
        if (table.path("hyperperiod").asLong() != h) {
            errors.add("hyperperiod " + table.path("hyperperiod").asLong() + ", the workload's is " + h);
        }
        List<String> streams = new ArrayList<>();
        table.path("streams").forEach(s -> streams.add(s.asText()));
        if (!streams.equals(w.streams())) {
            errors.add("streams " + streams + " are not the tasks " + w.streams());
        }
        List<Frame> listed = new ArrayList<>();
        for (JsonNode e : table.path("entries")) {
            List<long[]> items = new ArrayList<>();
            for (JsonNode it : e.path("batch")) {
                RefWorkload.RefUnit u = w.unit(it.path("task").asText());
                if (u == null) {
                    errors.add("unknown kernel " + it.path("task").asText());
                    return;
                }
                if (it.path("stream").asInt() != u.task()) {
                    errors.add(u.name() + " on stream " + it.path("stream").asInt() + ", not " + u.task());
                }
                items.add(new long[] {u.index(), it.path("job").asLong()});
            }
            listed.add(new Frame(e.path("start").asLong(), e.path("end").asLong(), items));
        }
        JsonNode repeat = table.get("repeat");
        if (repeat == null) {
            long origin = origin(h);
            if (origin < 0) {
                errors.add("one hyperperiod cannot schedule a set whose every instant lies in some job's window");
                return;
            }
            long[] jobs = new long[w.tasks().size()];
            for (RefWorkload.RefTask t : w.tasks()) {
                jobs[t.index()] = h / t.period();
            }
            long[] done = frames(listed, rotated(origin), jobs);
            requireAll(rotated(origin), done, jobs, Long.MAX_VALUE);
        } else {
            periodic(listed, repeat.path("fromEntry").asInt(), repeat.path("every").asLong(), h);
        }
    }

    private void periodic(List<Frame> listed, int from, long every, long h) {
        if (every <= 0 || every % h != 0 || from < 0 || from >= listed.size()) {
            errors.add("repeat " + from + "/" + every + " is not a periodic part of a multiple of " + h);
            return;
        }
        long first = listed.get(from).start();
        List<Frame> unrolled = new ArrayList<>(listed.subList(0, from));
        long[] perTurn = new long[w.tasks().size()];
        for (int m = 0; m < 2; m++) {
            for (Frame f : listed.subList(from, listed.size())) {
                if (f.start() >= first + every) {
                    errors.add("a frame at " + f.start() + " lies outside the turn from " + first);
                    return;
                }
                List<long[]> items = new ArrayList<>();
                for (long[] it : f.items()) {
                    int task = w.units().get((int) it[0]).task();
                    items.add(new long[] {it[0], it[1] + m * every / w.tasks().get(task).period()});
                    perTurn[task] += m == 0 ? 1 : 0;
                }
                unrolled.add(new Frame(f.start() + m * every, f.end() + m * every, items));
            }
        }
        long horizon = first + 2 * every;
        long[] jobs = new long[w.tasks().size()];
        for (RefWorkload.RefTask t : w.tasks()) {
            jobs[t.index()] = t.offset() >= horizon ? 0 : (horizon - t.offset() + t.period() - 1) / t.period();
            long released = every / t.period() * t.kernels();
            if (perTurn[t.index()] != released) {
                errors.add(t.name() + " runs " + perTurn[t.index()] + " kernels per turn, " + released + " are released");
            }
        }
        long[] done = frames(unrolled, w.tasks(), jobs);
        requireAll(w.tasks(), done, jobs, horizon);
    }

    /**
     * Applies the frame rules to the frames in order; returns per task how many kernels ran in
     * release and chain order. Jobs 0 .. jobs[i] − 1 of task i exist.
     */
    private long[] frames(List<Frame> list, List<RefWorkload.RefTask> tasks, long[] jobs) {
        long[] next = new long[tasks.size()];
        long prevEnd = -1;
        for (int e = 0; e < list.size(); e++) {
            Frame f = list.get(e);
            String at = "frame " + e + " at " + f.start() + ": ";
            long firstRelease = Long.MAX_VALUE;
            for (RefWorkload.RefTask t : tasks) {
                if (next[t.index()] < jobs[t.index()] * t.kernels()) {
                    firstRelease = Math.min(firstRelease, t.release(next[t.index()] / t.kernels()));
                }
            }
            long expected = prevEnd >= 0 && (firstRelease <= prevEnd || firstRelease == Long.MAX_VALUE) ? prevEnd
                    : firstRelease == Long.MAX_VALUE ? 0 : firstRelease;
            if (f.start() != expected) {
                errors.add(at + "should start at " + expected);
            }
            if (f.items().isEmpty()) {
                errors.add(at + "empty batch");
            }
            List<Integer> order = new ArrayList<>();
            boolean[] seen = new boolean[tasks.size()];
            for (long[] it : f.items()) {
                RefWorkload.RefUnit u = w.units().get((int) it[0]);
                RefWorkload.RefTask t = tasks.get(u.task());
                long seq = it[1] * t.kernels() + u.stage();
                if (seen[u.task()]) {
                    errors.add(at + "two kernels of " + t.name());
                }
                seen[u.task()] = true;
                if (it[1] < 0 || it[1] >= jobs[u.task()]) {
                    errors.add(at + u.name() + "#" + it[1] + " is not a job of the table's span");
                } else if (seq != next[u.task()]) {
                    errors.add(at + u.name() + "#" + it[1] + " out of release or chain order");
                }
                next[u.task()] = Math.max(next[u.task()], seq + 1);
                if (t.release(it[1]) > f.start()) {
                    errors.add(at + u.name() + "#" + it[1] + " is released only at " + t.release(it[1]));
                }
                if (u.last() && f.end() > t.deadlineOf(it[1])) {
                    errors.add(at + u.name() + "#" + it[1] + " misses its deadline " + t.deadlineOf(it[1]));
                }
                order.add(u.index());
            }
            if (!order.isEmpty()) {
                String why = frames.ineligible(order);
                if (why != null) {
                    errors.add(at + "batch not eligible in its order: " + why);
                }
                long c = frames.length(order);
                if (c != RefFrames.FORBIDDEN && f.end() != f.start() + c) {
                    errors.add(at + "should end at " + (f.start() + c) + ", not " + f.end());
                }
            }
            prevEnd = f.end();
        }
        return next;
    }

    /** Every kernel of every job whose deadline is at most {@code horizon} must have run. */
    private void requireAll(List<RefWorkload.RefTask> tasks, long[] done, long[] jobs, long horizon) {
        for (RefWorkload.RefTask t : tasks) {
            for (long j = done[t.index()] / t.kernels(); j < jobs[t.index()]; j++) {
                if (t.deadlineOf(j) <= horizon) {
                    errors.add("job " + t.name() + "#" + j + " never completes");
                    break;
                }
            }
        }
    }

    /** The tasks with offsets taken relative to {@code origin}. */
    private List<RefWorkload.RefTask> rotated(long origin) {
        List<RefWorkload.RefTask> out = new ArrayList<>();
        for (RefWorkload.RefTask t : w.tasks()) {
            out.add(new RefWorkload.RefTask(t.index(), t.name(), t.period(), t.deadline(),
                    Math.floorMod(t.offset() - origin, t.period()), t.jitter(), t.units()));
        }
        return out;
    }

    /** The first instant of [0, H) that no job's window (arrival, deadline) contains, or -1. */
    private long origin(long h) {
        TreeSet<Long> candidates = new TreeSet<>(List.of(0L));
        for (RefWorkload.RefTask t : w.tasks()) {
            for (long a = t.offset(); a < h; a += t.period()) {
                candidates.add(a);
                candidates.add((a + t.deadline()) % h);
            }
        }
        for (long s : candidates) {
            boolean cut = true;
            for (RefWorkload.RefTask t : w.tasks()) {
                long r = Math.floorMod(s - t.offset(), t.period());
                cut &= r == 0 || r >= t.deadline();
            }
            if (cut) {
                return s;
            }
        }
        return -1;
    }
}
