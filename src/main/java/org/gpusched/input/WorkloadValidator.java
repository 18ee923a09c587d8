package org.gpusched.input;

import org.gpusched.model.*;

import java.util.*;
import java.util.stream.IntStream;

/**
 * Turns a bound v2 file into a {@link Workload}, rejecting what workload-v2.md forbids with the JSON
 * path. What only some policies need (kernels, cores, hyperperiod limits) is not an error here: the
 * policies report "not applicable" instead.
 */
final class WorkloadValidator {
    /** Tasks of one v2 workload; the PBS view keeps v1's limit of 64. */
    static final int MAX_TASKS = 1024;
    /** Segments of one task. */
    static final int MAX_SEGMENTS = 256;

    private final String file;
    private final String sha256;
    private final TaskSetValidator v1;

    WorkloadValidator(String file, String sha256) {
        this.file = file;
        this.sha256 = sha256;
        this.v1 = new TaskSetValidator(file, sha256);
    }

    private InputException fail(String path, String detail) {
        return new InputException(file, path, detail);
    }

    Workload validate(InputDtoV2.File in) {
        TimeUnitName unit = v1.header(in.timeUnit(), in.name());
        Gpu gpu = in.gpu() == null ? Gpu.NONE : v1.gpu(in.gpu());
        v1.count(in.tasks(), MAX_TASKS, " in formatVersion 2");
        Platform platform = new PlatformValidator(file).validate(in.platform(), unit);
        List<TaskDraft> drafts = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < in.tasks().size(); i++) {
            drafts.add(v1.unique(index, i, task(i, in.tasks().get(i), gpu, platform), TaskDraft::name));
        }
        List<WorkTask> tasks = priorities(drafts);
        // Each task as PBS sees it: its GPU segments of non-zero exec as a chain of kernels.
        List<Task> pseudo = tasks.stream().map(t -> PbsView.chainTask(file, t, in.tasks().get(t.index()))).toList();
        Map<String, String> unitNames = new HashMap<>();
        for (Unit u : TaskSet.unitsOf(pseudo)) {
            String other = unitNames.putIfAbsent(u.name(), pseudo.get(u.task()).name());
            if (other != null) {
                throw fail("tasks[" + u.task() + "]", "kernel name \"" + u.name() + "\" is also a kernel of task "
                        + other + " (interference entries and tables name kernels task.kernel: rename one)");
            }
        }
        // A table model names task sets by a 64-bit mask, so it cannot describe more tasks; a slowdown
        // model is per task. Past 64 tasks PBS is not applicable (PbsView.limits says why) and every
        // other policy still runs.
        if (in.interference() != null && tasks.size() > TaskSet.MAX_TASKS && "table".equals(in.interference().model())) {
            throw fail("interference", "an interference table describes at most " + TaskSet.MAX_TASKS + " tasks");
        }
        Interference inter = v1.interference(in.interference(), pseudo, index).withOverhead(v1.runtime(in.runtime()));
        String note = PbsView.whyNot(tasks, gpu);
        TaskSet pbs = null;
        if (note == null) {
            note = PbsView.limits(pseudo, "");
            if (note == null) {
                pbs = PbsView.taskSet(in.name(), unit, gpu, pseudo, inter, sha256, file);
            }
        }
        return new Workload(2, in.name(), unit, gpu, tasks, inter, platform, sha256, file, pbs, note);
    }

    /**
     * CPU and GPU priorities (larger = higher). Given for every task or for none: defaults mixed with
     * given values could collide silently. Defaults: CPU priorities deadline-monotonic (ties by task
     * index); GPU priorities follow the CPU priority order (GCAPS' default: one priority per task on
     * both), ties by deadline, then index. Values n..1.
     */
    private List<WorkTask> priorities(List<TaskDraft> ts) {
        int n = ts.size();
        int[] cpu = Priorities.deadlineMonotonic(ts.stream().mapToLong(t -> t.deadline()).toArray());
        int[] gpu = new int[n];
        if (countGiven(ts, "cpu.priority", true) == n) {
            Map<String, Integer> seen = new HashMap<>();
            for (TaskDraft t : ts) {
                cpu[t.index()] = t.cpuPriority();
                if (t.core().isPresent()) {
                    String key = t.core().getAsInt() + "/" + t.cpuPriority();
                    Integer other = seen.putIfAbsent(key, t.index());
                    if (other != null) {
                        throw fail("tasks[" + t.index() + "].cpu.priority", "priority " + t.cpuPriority()
                                + " is already used by tasks[" + other + "] on core " + t.core().getAsInt()
                                + " (CPU priorities are unique per core)");
                    }
                }
            }
        }
        if (countGiven(ts, "gpuPriority", false) == n) {
            Map<Integer, Integer> seen = new HashMap<>();
            for (TaskDraft t : ts) {
                gpu[t.index()] = t.gpuPriority();
                Integer other = seen.putIfAbsent(t.gpuPriority(), t.index());
                if (other != null) {
                    throw fail("tasks[" + t.index() + "].gpuPriority", "GPU priority " + t.gpuPriority()
                            + " is already used by tasks[" + other + "] (GPU priorities are unique)");
                }
            }
        } else {
            Priorities.rank(gpu, IntStream.range(0, n).boxed().sorted(Comparator
                    .comparingInt((Integer i) -> -cpu[i]).thenComparingLong(i -> ts.get(i).deadline())
                    .thenComparingInt(i -> i)).toList());
        }
        return ts.stream().map(t -> new WorkTask(t.index(), t.name(), t.period(), t.deadline(), t.segments(), t.core(),
                cpu[t.index()], gpu[t.index()], t.bestEffort(), t.kind(), t.scaling(), t.partition(), t.jitter(),
                t.offset())).toList();
    }

    /** How many tasks give the field; an error when some but not all do. */
    private int countGiven(List<TaskDraft> ts, String field, boolean cpu) {
        int given = 0;
        int firstGiven = -1;
        int firstMissing = -1;
        for (TaskDraft t : ts) {
            boolean has = cpu ? t.cpuPriority() != null : t.gpuPriority() != null;
            if (has) {
                given++;
                firstGiven = firstGiven < 0 ? t.index() : firstGiven;
            } else if (firstMissing < 0) {
                firstMissing = t.index();
            }
        }
        if (given > 0 && given < ts.size()) {
            throw fail("tasks[" + firstMissing + "]", "no " + field + " but tasks[" + firstGiven
                    + "] has one: give " + field + " for every task or for none (then they are derived)");
        }
        return given;
    }

    /** A task before its default priorities are known (they depend on every task). */
    private record TaskDraft(int index, String name, long period, long deadline, List<Segment> segments,
                             OptionalInt core, Integer cpuPriority, Integer gpuPriority, boolean bestEffort,
                             String kind, Scaling scaling, String partition, long jitter, long offset) { }

    private TaskDraft task(int i, InputDtoV2.TaskDto t, Gpu gpu, Platform platform) {
        String p = "tasks[" + i + "]";
        if (t == null) {
            throw fail(p, "expected a task object, got null");
        }
        v1.taskName(p, t.name());
        long period = TaskTiming.period(file, p, t.period());
        long deadline = TaskTiming.deadline(file, p, t.deadline(), period);
        List<Segment> segments = segments(p, t, gpu);
        if (segments.stream().allMatch(s -> s.time() == 0)) {
            throw fail(p + ".segments", "every segment time is 0: a task needs some non-zero time");
        }
        OptionalInt core = OptionalInt.empty();
        Integer cpuPriority = null;
        if (t.cpu() != null) {
            if (t.cpu().core() != null) {
                int c = t.cpu().core();
                if (c < 0 || c >= platform.cpus()) {
                    throw fail(p + ".cpu.core", "must be in 0.." + (platform.cpus() - 1) + " (platform.cpus is "
                            + platform.cpus() + "; got " + c + ")");
                }
                core = OptionalInt.of(c);
            }
            cpuPriority = t.cpu().priority();
        }
        if (core.isEmpty() && platform.cpus() == 1) {
            core = OptionalInt.of(0);
        }
        String kind = t.kind();
        if (kind != null && !kind.equals("compute") && !kind.equals("memory")) {
            throw fail(p + ".kind", "unknown kind \"" + kind + "\" (expected compute or memory)");
        }
        Scaling scaling = t.scaling() == null ? null : scaling(p + ".scaling", t.scaling(), segments);
        if (t.partition() != null) {
            Platform.TimePartitions tp = platform.timePartitions();
            if (tp == null) {
                throw fail(p + ".partition", "partition \"" + t.partition()
                        + "\" but platform.timePartitions is not given");
            }
            Platform.Partition part = tp.partitions().stream().filter(x -> x.name().equals(t.partition()))
                    .findFirst().orElseThrow(() -> fail(p + ".partition", "unknown partition \"" + t.partition()
                            + "\" (known: " + String.join(", ", tp.partitions().stream()
                            .map(Platform.Partition::name).toList()) + ")"));
            int c = core.orElse(-1);
            if (c >= 0 && part.windows().stream().noneMatch(x -> x.core().isEmpty() || x.core().getAsInt() == c)) {
                throw fail(p + ".partition", "partition \"" + t.partition() + "\" has no window on core " + c
                        + " (the task's cpu.core): its CPU work would never run");
            }
        } else if (platform.timePartitions() != null && hasCpuWork(segments)) {
            throw fail(p, "missing field \"partition\": platform.timePartitions is given, so every task with CPU"
                    + " work (a cpu segment or gpu.misc > 0) runs in a partition");
        }
        return new TaskDraft(i, t.name(), period, deadline, segments, core, cpuPriority, t.gpuPriority(),
                Boolean.TRUE.equals(t.bestEffort()), kind, scaling, t.partition(),
                t.jitter() == null ? 0 : t.jitter(), t.offset() == null ? 0 : t.offset());
    }

    private static boolean hasCpuWork(List<Segment> segments) {
        return segments.stream().anyMatch(s -> s instanceof Segment.Cpu && s.time() > 0
                || s instanceof Segment.Gpu g && g.misc() > 0);
    }

    private long time(String path, Long v, long min) {
        if (v < min || v > TaskSet.MAX_HYPERPERIOD) {
            throw fail(path, (min == 1 ? "must be > 0" : "must be >= 0") + " and <= " + TaskSet.MAX_HYPERPERIOD
                    + " (got " + v + ")");
        }
        return v;
    }

    private List<Segment> segments(String p, InputDtoV2.TaskDto t, Gpu gpu) {
        if (t.segments() != null) {
            if (t.wcet() != null || t.kernel() != null) {
                throw fail(p + (t.wcet() != null ? ".wcet" : ".kernel"), "give either \"segments\" or the v1"
                        + " shorthand \"wcet\" (+ \"kernel\"), not both");
            }
            if (t.segments().isEmpty()) {
                throw fail(p + ".segments", "at least one segment is required");
            }
            if (t.segments().size() > MAX_SEGMENTS) {
                throw fail(p + ".segments", t.segments().size() + " segments: at most " + MAX_SEGMENTS);
            }
            List<Segment> out = new ArrayList<>();
            for (int j = 0; j < t.segments().size(); j++) {
                out.add(segment(p + ".segments[" + j + "]", t.segments().get(j), gpu));
            }
            return out;
        }
        if (t.wcet() == null) {
            throw fail(p, "missing required field \"segments\" (or the v1 shorthand \"wcet\")");
        }
        long wcet = time(p + ".wcet", t.wcet(), 1);
        Kernel k = t.kernel() == null ? null : v1.kernel(p + ".kernel", t.kernel(), gpu);
        return List.of(new Segment.Gpu(wcet, 0, k));
    }

    private Segment segment(String p, InputDtoV2.SegmentDto s, Gpu gpu) {
        if (s == null) {
            throw fail(p, "expected a segment object ({\"cpu\": ...}, {\"gpu\": ...} or {\"copy\": ...}), got null");
        }
        int given = (s.cpu() != null ? 1 : 0) + (s.gpu() != null ? 1 : 0) + (s.copy() != null ? 1 : 0);
        if (given != 1) {
            throw fail(p, given == 0 ? "a segment needs one of \"cpu\", \"gpu\" or \"copy\""
                    : "a segment has exactly one of \"cpu\", \"gpu\" or \"copy\" (got " + given + ")");
        }
        if (s.cpu() != null) {
            return new Segment.Cpu(time(p + ".cpu", s.cpu(), 0));
        }
        if (s.gpu() != null) {
            InputDtoV2.GpuSegmentDto g = s.gpu();
            if (g.exec() == null) {
                throw fail(p + ".gpu", "missing required field \"exec\"");
            }
            long exec = time(p + ".gpu.exec", g.exec(), 0);
            long misc = g.misc() == null ? 0 : time(p + ".gpu.misc", g.misc(), 0);
            Kernel k = g.kernel() == null ? null : v1.kernel(p + ".gpu.kernel", g.kernel(), gpu);
            return new Segment.Gpu(exec, misc, k);
        }
        InputDtoV2.CopyDto c = s.copy();
        if (c.to() == null) {
            throw fail(p + ".copy", "missing required field \"to\" (device or host)");
        }
        if (c.time() == null) {
            throw fail(p + ".copy", "missing required field \"time\"");
        }
        Segment.Direction to = v1.named(p + ".copy.to", "direction", c.to(), Segment.Direction.values(),
                Segment.Direction::json);
        return new Segment.Copy(to, time(p + ".copy.time", c.time(), 0));
    }

    private Scaling scaling(String p, InputDtoV2.ScalingDto s, List<Segment> segments) {
        if (s.model() == null) {
            throw fail(p, "missing required field \"model\" (amdahl, table or waves)");
        }
        Scaling.Model model = v1.named(p + ".model", "scaling model", s.model(), Scaling.Model.values(),
                Scaling.Model::json);
        boolean amdahl = model == Scaling.Model.AMDAHL;
        for (String[] f : new String[][] {{"parallel", s.parallel() == null ? null : ""},
                {"serial", s.serial() == null ? null : ""}, {"measuredOnSms", s.measuredOnSms() == null ? null : ""}}) {
            if (amdahl && f[1] == null) {
                throw fail(p, "missing required field \"" + f[0] + "\" for scaling model amdahl");
            }
            if (!amdahl && f[1] != null) {
                throw fail(p + "." + f[0], "\"" + f[0] + "\" is only used by scaling model amdahl");
            }
        }
        if (model != Scaling.Model.TABLE && s.points() != null) {
            throw fail(p + ".points", "\"points\" is only used by scaling model table");
        }
        if (amdahl) {
            long ms = time(p + ".measuredOnSms", s.measuredOnSms(), 1);
            return new Scaling(model, time(p + ".parallel", s.parallel(), 0), time(p + ".serial", s.serial(), 0),
                    ms, List.of());
        }
        if (model == Scaling.Model.WAVES) {
            for (Segment seg : segments) {
                if (seg instanceof Segment.Gpu g && g.kernel() == null) {
                    throw fail(p + ".model", "scaling model waves derives times from the launch shape:"
                            + " every gpu segment needs a \"kernel\"");
                }
            }
            return new Scaling(model, 0, 0, 0, List.of());
        }
        if (s.points() == null || s.points().isEmpty()) {
            throw fail(p + (s.points() == null ? "" : ".points"), s.points() == null
                    ? "missing required field \"points\" for scaling model table" : "at least one point is required");
        }
        List<Scaling.Point> pts = new ArrayList<>();
        for (int k = 0; k < s.points().size(); k++) {
            String pp = p + ".points[" + k + "]";
            InputDtoV2.PointDto pt = s.points().get(k);
            if (pt == null || pt.sms() == null || pt.time() == null) {
                throw fail(pp, "missing required field \"" + (pt == null || pt.sms() == null ? "sms" : "time") + "\"");
            }
            long sms = time(pp + ".sms", pt.sms(), 1);
            if (!pts.isEmpty() && sms <= pts.get(pts.size() - 1).sms()) {
                throw fail(pp + ".sms", "points must be in increasing sms (got " + sms + " after "
                        + pts.get(pts.size() - 1).sms() + ")");
            }
            pts.add(new Scaling.Point(sms, time(pp + ".time", pt.time(), 0)));
        }
        return new Scaling(model, 0, 0, 0, pts);
    }
}
