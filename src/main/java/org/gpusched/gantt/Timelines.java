package org.gpusched.gantt;

import org.gpusched.copyexec.*;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;
import org.gpusched.player.PlayResult;
import org.gpusched.table.SchedulingTable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What each kind of run looks like as a {@link Gantt}. */
public final class Timelines {
    private Timelines() { }

    /**
     * A copy/execute run (simulated, or measured by the player): one lane per copy engine, one per
     * task's kernel; each operation a bar in its task's colour; a miss marked where the job finished
     * (on its D2H engine lane when it ends with a copy, else on its kernel lane).
     */
    public static Gantt of(CopyWorkload w, CopySim sim, String title, String unit) {
        List<String> lanes = Batches.lanes(w);
        Map<String, Integer> lane = new HashMap<>();
        for (int i = 0; i < lanes.size(); i++) {
            lane.put(lanes.get(i), i);
        }
        List<Gantt.Bar> bars = new ArrayList<>();
        for (Operation o : sim.ops()) {
            bars.add(new Gantt.Bar(lane.get(o.lane()), o.task(), o.start(), o.end()));
        }
        List<Gantt.Mark> misses = new ArrayList<>();
        for (JobRun j : sim.misses()) {
            OperationKind last = w.task(j.taskIndex()).d2h() > 0 ? OperationKind.D2H : OperationKind.KERNEL;
            misses.add(new Gantt.Mark(lane.get(Batches.lane(w, j.taskIndex(), last)), j.finish()));
        }
        return new Gantt(title, unit, lanes, w.tasks().stream().map(t -> t.name()).toList(), bars, List.of(), misses);
    }

    /**
     * A scheduling table as the player measured it: one kernel lane per task (a chain's kernels on
     * their task's lane), each kernel from its measured start to finish, and, when the workload has
     * copies, one lane per copy direction with each copy as measured; each batch's actual start to end
     * as a band, misses at the job's finish.
     */
    public static Gantt of(PlayResult r, String title) {
        TaskSet ts = r.plan().taskSet();
        Map<String, Integer> index = new HashMap<>();
        for (Unit u : ts.units()) {
            index.put(u.name(), u.task());
        }
        boolean copies = r.jobs().stream().anyMatch(j -> j.ops().h2dModel() > 0 || j.ops().d2hModel() > 0);
        int h2d = ts.size();
        int d2h = ts.size() + 1;
        List<Gantt.Bar> bars = new ArrayList<>();
        List<Gantt.Mark> misses = new ArrayList<>();
        for (PlayResult.JobRow j : r.jobs()) {
            int t = index.get(j.task());
            PlayResult.Ops o = j.ops();
            bars.add(new Gantt.Bar(t, t, o.kernelStart(), o.kernelFinish()));
            if (o.h2dModel() > 0) {
                bars.add(new Gantt.Bar(h2d, t, j.start(), j.start() + o.h2dTime()));
            }
            if (o.d2hModel() > 0) {
                bars.add(new Gantt.Bar(d2h, t, j.finish() - o.d2hTime(), j.finish()));
            }
            if (j.miss()) {
                misses.add(new Gantt.Mark(o.d2hModel() > 0 ? d2h : t, j.finish()));
            }
        }
        List<String> lanes = new ArrayList<>(ts.tasks().stream().map(t -> "kernel " + t.name()).toList());
        if (copies) {
            lanes.add("H2D copies");
            lanes.add("D2H copies");
        }
        List<Gantt.Band> bands = r.batches().stream().map(b -> new Gantt.Band(b.start(), b.end())).toList();
        return new Gantt(title, r.trace().unit(), lanes, ts.tasks().stream().map(Task::name).toList(), bars, bands,
                misses);
    }

    /**
     * A PBS scheduling table: one kernel lane per task, every job a bar over its frame (PBS keeps
     * the whole batch until its last kernel ends), frames as alternating bands, misses marked at the
     * frame end.
     */
    public static Gantt of(TaskSet ts, SchedulingTable table, String title) {
        List<String> lanes = new ArrayList<>();
        for (Task t : ts.tasks()) {
            lanes.add("kernel " + t.name());
        }
        // Entries name kernels: a task's own name, or task.kernel in a chain.
        Map<String, Unit> units = new HashMap<>();
        for (Unit u : ts.units()) {
            units.put(u.name(), u);
        }
        List<Gantt.Bar> bars = new ArrayList<>();
        List<Gantt.Band> bands = new ArrayList<>();
        List<Gantt.Mark> misses = new ArrayList<>();
        for (SchedulingTable.Entry e : table.entries()) {
            bands.add(new Gantt.Band(e.start(), e.end()));
            for (SchedulingTable.Item it : e.batch()) {
                Unit u = units.get(it.task());
                int t = u.task();
                bars.add(new Gantt.Bar(t, t, e.start(), e.end()));
                if (u.last() && e.end() > ts.task(t).absoluteDeadline(it.job())) {
                    misses.add(new Gantt.Mark(t, e.end()));
                }
            }
        }
        return new Gantt(title, ts.timeUnit().json(), lanes, ts.tasks().stream().map(Task::name).toList(), bars,
                bands, misses);
    }
}
