package org.gpusched.profile;

import org.gpusched.input.InputText;
import org.gpusched.input.NsysMap;
import org.gpusched.input.NsysTrace;
import org.gpusched.model.InputException;
import org.gpusched.model.RuntimeOverhead;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

import java.nio.file.Path;
import java.util.*;
import java.util.stream.Collectors;

/**
 * {@code profile --from-nsys}: a profile taken from an Nsight Systems trace instead of from runs
 * gpusched launched. Each kernel the map assigns to a task is one execution of that task. Kernels
 * are grouped into busy periods: maximal runs of mapped kernels whose intervals overlap (a kernel
 * starting exactly when another ends does not overlap it). A period of one kernel is an isolated
 * sample of its task (its duration); a period whose kernels belong to two or more different tasks,
 * each once, is a co-run sample of that set: its span, first start to last end. A period in which
 * one task has two kernels is no sample of anything (the table model times one job per task) and is
 * counted as {@code ambiguous}. Unmapped kernels are ignored (and counted): the map decides what
 * the workload is.
 */
public final class NsysProfile {
    private NsysProfile() { }

    /** Copies on one task's streams in one direction (CUPTI copy kind), with their count and maxima. */
    public record Copies(String task, int kind, int count, long maxNs, long maxBytes) { }

    /** The profile (samples in ns) and what the trace held besides. */
    public record Result(Profiler.Profile profile, int kernels, int mapped, int periods, int ambiguous,
                         List<Copies> copies) {
        public Result {
            copies = List.copyOf(copies);
        }
    }

    /**
     * Refuses, before any output is checked, a task set the trace cannot stand for: chains (the map's
     * rules name tasks, and a chain's kernels would need a rule each) and abstract ticks
     * ({@code nanosPerTick} not positive: no --tick-ns to convert the trace's nanoseconds).
     */
    public static void check(TaskSet ts, long nanosPerTick) {
        if (ts.unitCount() != ts.size()) {
            throw new InputException(ts.source(), "tasks", "--from-nsys maps a trace's kernels to tasks, and a task"
                    + " here is a chain of several kernels: profile it on a device (--device sim or cuda)");
        }
        if (nanosPerTick <= 0) {
            throw new InputException(ts.source(), "timeUnit", "time unit is abstract ticks; give --tick-ns to convert"
                    + " the trace's nanoseconds");
        }
    }

    /** The kernels of the trace file {@code trace} mapped to the tasks of {@code ts} by the rules of {@code map}. */
    public static Result read(TaskSet ts, Path trace, Path map, long nanosPerTick) {
        List<NsysMap.Rule> rules = NsysMap.read(map.toString(), InputText.read(map),
                ts.tasks().stream().map(Task::name).toList());
        NsysTrace.Trace t = NsysTrace.read(trace, NsysMap.usesNvtx(rules));
        return of(ts, t, rules, nanosPerTick, "nsys:" + trace.getFileName());
    }

    /**
     * The profile of {@code ts} in {@code trace} under {@code rules}; {@code nanosPerTick} converts
     * the trace's nanoseconds to the workload's ticks. A task never seen alone is an input error.
     */
    public static Result of(TaskSet ts, NsysTrace.Trace trace, List<NsysMap.Rule> rules, long nanosPerTick, String device) {
        Map<String, Integer> index = ts.tasks().stream()
                .collect(Collectors.toMap(Task::name, Task::index, (a, b) -> b));
        List<Run> runs = new ArrayList<>();
        NvtxIndex nvtx = new NvtxIndex(rules, trace.ranges());
        for (NsysTrace.Kernel k : trace.kernels()) {
            NsysMap.Rule r = match(k, rules, nvtx);
            if (r != null) {
                runs.add(new Run(index.get(r.task()), k));
            }
        }
        Map<Long, List<Long>> samples = new TreeMap<>();
        int periods = 0;
        int ambiguous = 0;
        for (int a = 0; a < runs.size(); ) {
            int b = a + 1;
            long end = runs.get(a).k().end();
            while (b < runs.size() && runs.get(b).k().start() < end) {
                end = Math.max(end, runs.get(b).k().end());
                b++;
            }
            periods++;
            long mask = 0;
            boolean twice = false;
            for (int j = a; j < b; j++) {
                long bit = 1L << runs.get(j).task();
                twice |= (mask & bit) != 0;
                mask |= bit;
            }
            if (twice) {
                ambiguous++;
            } else {
                samples.computeIfAbsent(mask, m -> new ArrayList<>()).add(end - runs.get(a).k().start());
            }
            a = b;
        }
        for (int i = 0; i < ts.size(); i++) {
            if (!samples.containsKey(1L << i)) {
                throw new InputException(trace.file(), "", "task \"" + ts.task(i).name() + "\" never ran alone in the"
                        + " trace (" + count(runs, i) + " kernels mapped to it, none without another task's kernel"
                        + " overlapping): no isolated time to measure");
            }
        }
        List<Profiler.SetSamples> sets = new ArrayList<>();
        samples.forEach((mask, s) -> sets.add(new Profiler.SetSamples(mask, Oracle.tasksOf(mask),
                s.stream().mapToLong(Long::longValue).toArray())));
        sets.sort(Comparator.comparing(Profiler.SetSamples::mask, Profiler.SET_ORDER));
        // A trace does not measure the runtime's cost: it stays inside the samples.
        Profiler.Profile p = new Profiler.Profile(ts, device, nanosPerTick, "ns", 0, 0, sets, RuntimeOverhead.NONE, 0);
        return new Result(p, trace.kernels().size(), runs.size(), periods, ambiguous,
                copies(ts, index, trace, rules, runs));
    }

    private record Run(int task, NsysTrace.Kernel k) { }

    private record CopyKey(int task, int kind) { }

    private static long count(List<Run> runs, int task) {
        return runs.stream().filter(r -> r.task() == task).count();
    }

    /** The first rule that recognises {@code k}, or null. */
    static NsysMap.Rule match(NsysTrace.Kernel k, List<NsysMap.Rule> rules, NvtxIndex nvtx) {
        for (NsysMap.Rule r : rules) {
            boolean hit = switch (r.by()) {
                case KERNEL -> r.finds(k.shortName()) || r.finds(k.demangledName());
                case STREAM -> k.stream() == r.stream();
                case NVTX -> k.launchStart() >= 0 && nvtx.encloses(r, k.launchTid(), k.launchStart());
            };
            if (hit) {
                return r;
            }
        }
        return null;
    }

    /**
     * A copy belongs to the task whose stream it ran on: a stream named by a rule, else a stream on
     * which that task's kernels, and no other task's, ran. Copies on other streams are not reported.
     */
    private static List<Copies> copies(TaskSet ts, Map<String, Integer> index, NsysTrace.Trace trace,
                                       List<NsysMap.Rule> rules, List<Run> runs) {
        Map<Long, Integer> owner = new HashMap<>();
        Map<Long, Boolean> shared = new HashMap<>();
        for (Run r : runs) {
            Integer o = owner.putIfAbsent(r.k().stream(), r.task());
            if (o != null && o != r.task()) {
                shared.put(r.k().stream(), true);
            }
        }
        shared.keySet().forEach(owner::remove);
        for (NsysMap.Rule r : rules) {
            if (r.by() == NsysMap.By.STREAM) {
                owner.putIfAbsent(r.stream(), index.get(r.task()));
            }
        }
        Map<CopyKey, long[]> acc = new LinkedHashMap<>();
        for (NsysTrace.Memcpy c : trace.copies()) {
            Integer t = owner.get(c.stream());
            if (t != null) {
                long[] a = acc.computeIfAbsent(new CopyKey(t, c.kind()), x -> new long[3]);
                a[0]++;
                a[1] = Math.max(a[1], c.end() - c.start());
                a[2] = Math.max(a[2], c.bytes());
            }
        }
        List<Copies> out = new ArrayList<>();
        acc.forEach((k, a) -> out.add(new Copies(ts.task(k.task()).name(), k.kind(), (int) a[0], a[1], a[2])));
        out.sort(Comparator.comparing((Copies c) -> index.get(c.task())).thenComparingInt(Copies::kind));
        return out;
    }
}
