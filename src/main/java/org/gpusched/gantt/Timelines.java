package org.gpusched.gantt;

import org.gpusched.copyexec.*;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;
import org.gpusched.player.PlayResult;
import org.gpusched.table.SchedulingTable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What each kind of run looks like as a {@link Gantt}: one lane group per task, with a sub-lane per
 * kernel of a chain and per copy direction, so that each task reads on its own rows.
 */
public final class Timelines {
    private Timelines() { }

    /**
     * A copy/execute run (simulated, or measured by the player): per task an H2D, a kernel and a D2H
     * sub-lane (copy lanes only where the task copies); each operation a bar in its task's colour; a
     * miss marked where the job finished.
     */
    public static Gantt of(CopyWorkload w, CopySim sim, String title, String unit) {
        Gantt.Builder b = new Gantt.Builder();
        Map<String, Integer> lane = new HashMap<>();
        for (CopyTask t : w.tasks()) {
            String n = t.name();
            if (t.h2d() > 0) {
                lane.put(t.index() + " " + OperationKind.H2D, b.lane(n + " H2D", t.index()));
            }
            lane.put(t.index() + " " + OperationKind.KERNEL, b.lane(n, t.index()));
            if (t.d2h() > 0) {
                lane.put(t.index() + " " + OperationKind.D2H, b.lane(n + " D2H", t.index()));
            }
        }
        Map<String, Integer> jobs = new HashMap<>();
        for (JobRun j : sim.jobs()) {
            jobs.put(j.taskIndex() + "/" + j.job(), b.job(new Gantt.Job(j.taskIndex(), j.job(), j.release(), j.start(),
                    j.finish(), j.deadline(), -1)));
            if (j.miss()) {
                OperationKind last = w.task(j.taskIndex()).d2h() > 0 ? OperationKind.D2H : OperationKind.KERNEL;
                b.misses.add(new Gantt.Mark(lane.get(j.taskIndex() + " " + last), j.finish()));
            }
        }
        for (Operation o : sim.ops()) {
            b.bars.add(new Gantt.Bar(lane.get(o.task() + " " + o.kind()), o.task(), o.start(), o.end(),
                    jobs.getOrDefault(o.task() + "/" + o.job(), -1)));
        }
        return b.build(title, unit, w.tasks().stream().map(CopyTask::name).toList());
    }

    /**
     * A scheduling table as the player measured it: per task a sub-lane per kernel of its chain, each
     * kernel from its measured start to finish, and, where the task copies, an H2D and a D2H sub-lane
     * with each copy as measured; each batch's actual start to end as a band, misses at the job's finish.
     */
    public static Gantt of(PlayResult r, String title) {
        TaskSet ts = r.plan().taskSet();
        Map<String, Unit> units = ts.units().stream().collect(Collectors.toMap(Unit::name, u -> u));
        boolean[] h2d = new boolean[ts.size()];
        boolean[] d2h = new boolean[ts.size()];
        for (PlayResult.JobRow j : r.jobs()) {
            int t = units.get(j.task()).task();
            h2d[t] |= j.ops().h2dModel() > 0;
            d2h[t] |= j.ops().d2hModel() > 0;
        }
        Gantt.Builder b = new Gantt.Builder();
        Map<String, Integer> lane = new HashMap<>();
        for (Task t : ts.tasks()) {
            if (h2d[t.index()]) {
                lane.put(t.index() + " H2D", b.lane(t.name() + " H2D", t.index()));
            }
            kernelLanes(b, ts, t, lane);
            if (d2h[t.index()]) {
                lane.put(t.index() + " D2H", b.lane(t.name() + " D2H", t.index()));
            }
        }
        Map<Integer, Integer> band = new HashMap<>();
        for (PlayResult.BatchRow x : r.batches()) {
            band.put(x.entry(), b.bands.size());
            b.bands.add(new Gantt.Band(x.start(), x.end()));
        }
        // A job is its chain's kernels: from the first one's start to the last one's finish.
        Map<String, List<PlayResult.JobRow>> byJob = new LinkedHashMap<>();
        for (PlayResult.JobRow j : r.jobs()) {
            byJob.computeIfAbsent(units.get(j.task()).task() + "/" + j.hyperperiod() + "/" + j.job(),
                    k -> new ArrayList<>()).add(j);
        }
        for (List<PlayResult.JobRow> rows : byJob.values()) {
            PlayResult.JobRow first = rows.get(0);
            PlayResult.JobRow last = rows.get(rows.size() - 1);
            int t = units.get(first.task()).task();
            long start = rows.stream().mapToLong(PlayResult.JobRow::start).min().orElseThrow();
            long end = rows.stream().mapToLong(PlayResult.JobRow::finish).max().orElseThrow();
            int job = b.job(new Gantt.Job(t, first.job(), first.release(), start, end, last.deadline(),
                    band.getOrDefault(last.entry(), -1)));
            for (PlayResult.JobRow j : rows) {
                PlayResult.Ops o = j.ops();
                b.bars.add(new Gantt.Bar(lane.get(j.task()), t, o.kernelStart(), o.kernelFinish(), job));
                if (o.h2dModel() > 0) {
                    b.bars.add(new Gantt.Bar(lane.get(t + " H2D"), t, j.start(), j.start() + o.h2dTime(), job));
                }
                if (o.d2hModel() > 0) {
                    b.bars.add(new Gantt.Bar(lane.get(t + " D2H"), t, j.finish() - o.d2hTime(), j.finish(), job));
                }
                if (j.miss()) {
                    b.misses.add(new Gantt.Mark(o.d2hModel() > 0 ? lane.get(t + " D2H") : lane.get(j.task()),
                            j.finish()));
                }
            }
        }
        return b.build(title, r.trace().unit(), ts.tasks().stream().map(Task::name).toList());
    }

    /**
     * A PBS scheduling table: per task a sub-lane per kernel of its chain, every kernel a bar over its
     * frame (PBS keeps the whole batch until its last kernel ends), frames as alternating bands, misses
     * marked at the frame end.
     */
    public static Gantt of(TaskSet ts, SchedulingTable table, String title) {
        Gantt.Builder b = new Gantt.Builder();
        // Entries name kernels: a task's own name, or task.kernel in a chain.
        Map<String, Unit> units = ts.units().stream().collect(Collectors.toMap(Unit::name, u -> u));
        Map<String, Integer> lane = new HashMap<>();
        ts.tasks().forEach(t -> kernelLanes(b, ts, t, lane));
        // First pass: each job's first start and last end over the frames its kernels run in.
        Map<String, long[]> span = new LinkedHashMap<>();
        List<SchedulingTable.Entry> entries = table.entries();
        for (int e = 0; e < entries.size(); e++) {
            SchedulingTable.Entry en = entries.get(e);
            int frame = e;
            b.bands.add(new Gantt.Band(en.start(), en.end()));
            for (SchedulingTable.Item it : en.batch()) {
                Unit u = units.get(it.task());
                long[] s = span.computeIfAbsent(u.task() + "/" + it.job(),
                        k -> new long[] {u.task(), it.job(), en.start(), en.end(), frame});
                s[2] = Math.min(s[2], en.start());
                if (u.last()) {
                    s[3] = en.end();
                    s[4] = e;
                }
            }
        }
        Map<String, Integer> jobs = new HashMap<>();
        for (Map.Entry<String, long[]> s : span.entrySet()) {
            long[] v = s.getValue();
            Task t = ts.task((int) v[0]);
            jobs.put(s.getKey(), b.job(new Gantt.Job(t.index(), v[1], t.release(v[1]), v[2], v[3],
                    t.absoluteDeadline(v[1]), (int) v[4])));
        }
        for (SchedulingTable.Entry en : entries) {
            for (SchedulingTable.Item it : en.batch()) {
                Unit u = units.get(it.task());
                int t = u.task();
                b.bars.add(new Gantt.Bar(lane.get(it.task()), t, en.start(), en.end(), jobs.get(t + "/" + it.job())));
                if (u.last() && en.end() > ts.task(t).absoluteDeadline(it.job())) {
                    b.misses.add(new Gantt.Mark(lane.get(it.task()), en.end()));
                }
            }
        }
        return b.build(title, ts.timeUnit().json(), ts.tasks().stream().map(Task::name).toList());
    }

    /** A lane per kernel of {@code t} (one, or a chain's in order), each under its kernel's name in {@code lane}. */
    private static void kernelLanes(Gantt.Builder b, TaskSet ts, Task t, Map<String, Integer> lane) {
        ts.units().stream().filter(u -> u.task() == t.index())
                .forEach(u -> lane.put(u.name(), b.lane(u.name(), t.index())));
    }
}
