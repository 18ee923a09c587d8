package org.gpusched.input;

import org.gpusched.model.*;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.*;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Turns the bound input into a {@link TaskSet}, rejecting everything the spec lists with its JSON path. */
final class TaskSetValidator {
    /** No leading '-': a task name is never mistaken for an option, nor for a formula in a CSV cell. */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.][A-Za-z0-9_.-]*");

    private final String file;
    private final String sha256;

    TaskSetValidator(String file, String sha256) {
        this.file = file;
        this.sha256 = sha256;
    }

    private InputException fail(String path, String detail) {
        return new InputException(file, path, detail);
    }

    TaskSet validate(InputDto.File in) {
        if (in.formatVersion() != null && in.formatVersion() != 1) {
            throw fail("formatVersion", "unsupported formatVersion " + in.formatVersion()
                    + " (this gpusched reads versions 1 and 2)");
        }
        TimeUnitName unit = header(in.timeUnit(), in.name());
        Gpu gpu = in.gpu() == null ? Gpu.NONE : gpu(in.gpu());
        count(in.tasks(), TaskSet.MAX_TASKS, "");
        List<Task> tasks = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < in.tasks().size(); i++) {
            tasks.add(unique(index, i, task(i, in.tasks().get(i), gpu), Task::name));
        }
        String tooLarge = PbsView.limits(tasks, " (choose harmonic periods)");
        if (tooLarge != null) {
            throw fail("tasks", tooLarge);
        }
        Interference inter = interference(in.interference(), tasks, index).withOverhead(runtime(in.runtime()));
        return PbsView.taskSet(in.name(), unit, gpu, tasks, inter, sha256, file);
    }

    /**
     * The {@code runtime} object of either format version: the runtime's per-frame cost (launch per
     * kernel, submission and synchronise per frame, a call per copy), each an integer time in the
     * file's unit, 0 when left out (docs/format.md, "runtime"); {@link RuntimeOverhead#NONE} without it.
     */
    RuntimeOverhead runtime(InputDto.RuntimeDto in) {
        if (in == null) {
            return RuntimeOverhead.NONE;
        }
        return new RuntimeOverhead(cost("launch", in.launch()), cost("submit", in.submit()),
                cost("sync", in.sync()), cost("copy", in.copy()));
    }

    private long cost(String field, Long v) {
        if (v == null) {
            return 0;
        }
        if (v < 0) {
            throw fail("runtime." + field, "must be >= 0 (got " + v + ")");
        }
        return ReadLimits.atMost(file, "runtime." + field, v, ReadLimits.MAX_TIME);
    }

    /** The tasks array: present, not empty and at most {@code max} long ({@code version}: the limit's scope). */
    void count(List<?> tasks, int max, String version) {
        if (tasks == null) {
            throw fail("", "missing required field \"tasks\"");
        }
        if (tasks.isEmpty()) {
            throw fail("tasks", "at least one task is required");
        }
        if (tasks.size() > max) {
            throw fail("tasks", tasks.size() + " tasks: at most " + max + " are supported" + version);
        }
    }

    /** Task {@code i}, after recording its name in {@code index} and refusing a name taken before. */
    <T> T unique(Map<String, Integer> index, int i, T task, Function<T, String> name) {
        if (index.putIfAbsent(name.apply(task), i) != null) {
            throw fail("tasks[" + i + "].name", "duplicate task name \"" + name.apply(task) + "\" (also tasks["
                    + index.get(name.apply(task)) + "])");
        }
        return task;
    }

    Gpu gpu(InputDto.GpuDto g) {
        SmPolicy policy = g.smPolicy() == null ? SmPolicy.MOST_ROOM
                : named("gpu.smPolicy", "smPolicy", g.smPolicy(), SmPolicy.values(), SmPolicy::json);
        // Without a preset, a limit left out stays unlimited (only the base's limits are used below).
        Gpu base = g.preset() == null ? Gpu.NONE : GpuPresets.find(g.preset()).map(pr -> pr.toGpu(policy))
                .orElseThrow(() -> fail("gpu.preset", "unknown preset \"" + g.preset()
                        + "\" (run 'gpusched presets' for the list)"));
        boolean custom = g.preset() == null || g.sms() != null || g.maxThreadsPerSm() != null
                || g.maxWarpsPerSm() != null || g.maxBlocksPerSm() != null || g.registersPerSm() != null
                || g.sharedMemoryPerSm() != null || g.maxResidentKernels() != null;
        String name = g.preset() == null ? "custom" : custom ? g.preset() + " (modified)" : g.preset();
        return new Gpu(name, base.computeCapability(),
                limit("gpu.sms", g.sms(), base.sms(), 1, ReadLimits.MAX_SMS),
                limit("gpu.maxThreadsPerSm", g.maxThreadsPerSm(), base.maxThreadsPerSm(), 1,
                        ReadLimits.MAX_THREADS_PER_SM),
                limit("gpu.maxWarpsPerSm", g.maxWarpsPerSm(), base.maxWarpsPerSm(), 1, ReadLimits.MAX_WARPS_PER_SM),
                limit("gpu.maxBlocksPerSm", g.maxBlocksPerSm(), base.maxBlocksPerSm(), 1, ReadLimits.MAX_BLOCKS_PER_SM),
                limit("gpu.registersPerSm", g.registersPerSm(), base.registersPerSm(), 1,
                        ReadLimits.MAX_REGISTERS_PER_SM),
                limit("gpu.registerAllocationUnit", g.registerAllocationUnit(), base.registerAllocationUnit(), 1,
                        ReadLimits.MAX_REGISTER_UNIT),
                limit("gpu.sharedMemoryPerSm", g.sharedMemoryPerSm(), base.sharedMemoryPerSm(), 1,
                        ReadLimits.MAX_SHARED_MEMORY_PER_SM),
                limit("gpu.sharedMemoryAllocationUnit", g.sharedMemoryAllocationUnit(),
                        base.sharedMemoryAllocationUnit(), 1, ReadLimits.MAX_SHARED_MEMORY_UNIT),
                limit("gpu.sharedMemoryReservedPerBlock", g.sharedMemoryReservedPerBlock(),
                        base.sharedMemoryReservedPerBlock(), 0, ReadLimits.MAX_SHARED_MEMORY_RESERVED),
                limit("gpu.maxResidentKernels", g.maxResidentKernels(), base.maxResidentKernels(), 1,
                        ReadLimits.MAX_RESIDENT_KERNELS),
                policy);
    }

    /** A GPU limit: absent means the base's (possibly unlimited) value, given means min..max. */
    private long limit(String path, Long v, long dflt, long min, long max) {
        if (v == null) {
            return dflt;
        }
        if (v < min) {
            throw fail(path, "must be >= " + min + " (got " + v + ")");
        }
        return ReadLimits.atMost(file, path, v, max);
    }

    /** The file's time unit (tick when absent) after checking it and the file's name, in every format version. */
    TimeUnitName header(String timeUnit, String name) {
        TimeUnitName unit = timeUnit == null ? TimeUnitName.TICK
                : named("timeUnit", "timeUnit", timeUnit, TimeUnitName.values(), TimeUnitName::json);
        if (name != null && name.isBlank()) {
            throw fail("name", "name must not be empty");
        }
        printable("name", name);
        return unit;
    }

    /**
     * The constant of {@code values} spelled {@code v} in the file, or the error naming {@code what}
     * and every spelling, in declaration order: the list in the message cannot drift from the enum.
     */
    <E extends Enum<E>> E named(String path, String what, String v, E[] values, Function<E, String> json) {
        List<String> names = Arrays.stream(values).map(json).toList();
        int i = names.indexOf(v);
        if (i < 0) {
            String last = names.get(names.size() - 1);
            throw fail(path, "unknown " + what + " \"" + v + "\" (expected "
                    + String.join(", ", names.subList(0, names.size() - 1)) + " or " + last + ")");
        }
        return values[i];
    }

    /** Text the reports print must not carry control characters (escaped in errors, refused here). */
    private String printable(String path, String v) {
        if (!Escapes.hasUnsafe(v)) {
            return v;
        }
        throw fail(path, "control or format characters are not allowed (got \"" + v + "\")");
    }

    /**
     * A task name, the same rule in every format version: letters, digits, _ . - and not starting
     * with - (a name must never read as an option where it is printed; docs/format.md).
     */
    void taskName(String p, String name) {
        if (name == null) {
            throw fail(p, "missing required field \"name\"");
        }
        if (!NAME.matcher(name).matches()) {
            throw fail(p + ".name", "invalid task name \"" + name + "\""
                    + " (allowed: letters, digits, _ . -, not starting with -)");
        }
    }

    private Task task(int i, InputDto.TaskDto t, Gpu gpu) {
        String p = "tasks[" + i + "]";
        if (t == null) {
            throw fail(p, "expected a task object, got null");
        }
        taskName(p, t.name());
        long period = TaskTiming.period(file, p, t.period());
        // wcet has no bound below 2^63 - 1: time arithmetic saturates (Ticks), a huge wcet is a miss.
        long wcet = required(p, "wcet", t.wcet());
        long deadline = TaskTiming.deadline(file, p, t.deadline(), period);
        if (t.kernel() == null && gpu.hasAnyLimit()) {
            throw fail(p, "missing required field \"kernel\" (the gpu has resource limits)");
        }
        Kernel k = t.kernel() == null ? null : kernel(p + ".kernel", t.kernel(), gpu);
        return Window.release(file, p, new Task(i, t.name(), period, deadline, wcet, k), t.offset(), t.jitter());
    }

    private long required(String p, String field, Long v) {
        if (v == null) {
            throw fail(p, "missing required field \"" + field + "\"");
        }
        if (v <= 0) {
            throw fail(p + "." + field, "must be > 0 (got " + v + ")");
        }
        return v;
    }

    Kernel kernel(String p, InputDto.KernelDto k, Gpu gpu) {
        if (k.blocks() == null) {
            throw fail(p, "missing required field \"blocks\"");
        }
        if (k.threadsPerBlock() == null) {
            throw fail(p, "missing required field \"threadsPerBlock\"");
        }
        if (k.blocks() < 1) {
            throw fail(p + ".blocks", "must be >= 1 (got " + k.blocks() + ")");
        }
        ReadLimits.atMost(file, p + ".blocks", k.blocks(), ReadLimits.MAX_BLOCKS);
        if (k.threadsPerBlock() < 1 || k.threadsPerBlock() > ReadLimits.MAX_THREADS_PER_BLOCK) {
            throw fail(p + ".threadsPerBlock", "must be in 1.." + ReadLimits.MAX_THREADS_PER_BLOCK + " (got "
                    + k.threadsPerBlock() + ")");
        }
        int regs = k.registersPerThread() == null ? 0 : k.registersPerThread();
        if (regs < 0 || regs > ReadLimits.MAX_REGISTERS_PER_THREAD) {
            throw fail(p + ".registersPerThread", "must be in 0.." + ReadLimits.MAX_REGISTERS_PER_THREAD + " (got "
                    + regs + ")");
        }
        long smem = k.sharedMemoryPerBlock() == null ? 0 : k.sharedMemoryPerBlock();
        if (smem < 0) {
            throw fail(p + ".sharedMemoryPerBlock", "must be >= 0 (got " + smem + ")");
        }
        ReadLimits.atMost(file, p + ".sharedMemoryPerBlock", smem, ReadLimits.MAX_SHARED_MEMORY);
        KernelKind kind = KernelKind.of(k.kind());
        if (kind == null || kind != KernelKind.SPIN && k.module() != null) {
            throw fail(p + ".kind", kind == null ? "must be one of " + KernelKind.names() + " (got \"" + k.kind() + "\")"
                    : "names a built-in kernel; a user kernel (module) is its own code");
        }
        Kernel kernel = new Kernel(k.blocks(), k.threadsPerBlock(), regs, smem, printable(p + ".symbol", k.symbol()),
                printable(p + ".module", k.module()), kind);
        if (gpu.sms() != Gpu.UNLIMITED && k.blocks() * gpu.sms() > ReadLimits.MAX_PLACEMENT_STEPS) {
            // blocks <= 2^24 and sms <= 2^16: the product fits in a long.
            throw fail(p + ".blocks", k.blocks() + " blocks on " + gpu.sms() + " SMs exceed the block-placement limit"
                    + " of " + ReadLimits.MAX_PLACEMENT_STEPS + " (blocks x SMs, docs/format.md)");
        }
        String violated = BlockUsage.of(kernel, gpu).violatedOnEmptySm(gpu);
        if (violated != null) {
            throw fail(p, "kernel cannot launch on " + gpu.name() + ": one block exceeds " + violated);
        }
        return kernel;
    }

    /**
     * The interference model over the tasks' units (kernels): a factor or table entry names a
     * unit (the task itself when it has one kernel, {@code task.kernel} in a chain); a factor
     * naming a chain's task applies to each of its kernels.
     */
    Interference interference(InputDto.InterferenceDto in, List<Task> taskList, Map<String, Integer> taskIndex) {
        List<Unit> tasks = TaskSet.unitsOf(taskList);
        Map<String, Integer> index = new HashMap<>();
        Map<String, List<Integer>> ofTask = new HashMap<>();
        for (Unit u : tasks) {
            index.put(u.name(), u.index());
            ofTask.computeIfAbsent(taskList.get(u.task()).name(), k -> new ArrayList<>()).add(u.index());
        }
        List<BigDecimal> factors = new ArrayList<>(Collections.nCopies(tasks.size(), BigDecimal.ONE));
        if (in == null) {
            return new Interference(Interference.Model.NONE, factors, Map.of(), Interference.Missing.FORBID,
                    RuntimeOverhead.NONE);
        }
        if (in.model() == null) {
            throw fail("interference", "missing required field \"model\" (none, slowdown or table)");
        }
        Interference.Model model = named("interference.model", "interference model", in.model(),
                Interference.Model.values(), Interference.Model::json);
        if (model == Interference.Model.NONE && in.factors() != null) {
            throw fail("interference.factors", "\"factors\" is not used by model none");
        }
        if (model != Interference.Model.TABLE && in.entries() != null) {
            throw fail("interference.entries", "\"entries\" is only used by model table");
        }
        if (model != Interference.Model.TABLE && in.missing() != null) {
            throw fail("interference.missing", "\"missing\" is only used by model table");
        }
        if (in.factors() != null) {
            for (Map.Entry<String, BigDecimal> e : in.factors().entrySet()) {
                String p = "interference.factors." + e.getKey();
                List<Integer> named = index.containsKey(e.getKey()) ? List.of(index.get(e.getKey()))
                        : ofTask.get(e.getKey());
                if (named == null) {
                    throw fail(p, "unknown task \"" + e.getKey() + "\"");
                }
                for (int i : named) {
                    factor(p, e.getValue(), tasks.get(i).wcet());
                    factors.set(i, e.getValue());
                }
            }
        }
        Interference.Missing missing = in.missing() == null ? Interference.Missing.FORBID
                : named("interference.missing", "value", in.missing(), Interference.Missing.values(),
                        Interference.Missing::json);
        Map<Long, Long> table = model == Interference.Model.TABLE ? table(in.entries(), tasks, index, ofTask)
                : Map.of();
        return new Interference(model, factors, table, missing, RuntimeOverhead.NONE,
                model == Interference.Model.TABLE ? predicted(in.entries(), table) : null);
    }

    /**
     * The sets whose entry is marked {@code "origin": "predicted"} ({@code profile --pairs}); null when
     * no entry has an origin (an unmarked table, as every table before marks). {@code table} holds the
     * entries' sets in entry order (the reader refuses a set given twice), so entry e is its e-th key.
     */
    private Set<Long> predicted(List<InputDto.EntryDto> entries, Map<Long, Long> table) {
        Set<Long> out = new HashSet<>();
        boolean marked = false;
        List<Long> masks = new ArrayList<>(table.keySet());
        for (int e = 0; e < entries.size(); e++) {
            String origin = entries.get(e).origin();
            if (origin == null) {
                continue;
            }
            marked = true;
            switch (origin) {
                case "measured" -> { }
                case "predicted" -> out.add(masks.get(e));
                default -> throw fail("interference.entries[" + e + "].origin", "unknown value \"" + origin
                        + "\" (expected measured or predicted)");
            }
        }
        return marked ? out : null;
    }

    private void factor(String p, BigDecimal f, long wcet) {
        if (f == null || f.compareTo(BigDecimal.ONE) < 0) {
            throw fail(p, "slowdown factor must be >= 1 (got " + f + ")");
        }
        // Compared before multiplying: comparing 1e999999999 is cheap, expanding it is not.
        if (f.compareTo(BigDecimal.valueOf(ReadLimits.MAX_FACTOR)) > 0 || BigDecimal.valueOf(wcet).multiply(f)
                .setScale(0, RoundingMode.CEILING).compareTo(BigDecimal.valueOf(ReadLimits.MAX_TIME)) > 0) {
            throw fail(p, "slowdown factor " + f + " makes the wcet " + wcet
                    + " exceed " + ReadLimits.MAX_TIME + " ticks (a reader limit)");
        }
    }

    private Map<Long, Long> table(List<InputDto.EntryDto> entries, List<Unit> tasks, Map<String, Integer> index,
                                  Map<String, List<Integer>> ofTask) {
        if (entries == null) {
            throw fail("interference", "missing required field \"entries\" for model table");
        }
        Map<Long, Long> table = new LinkedHashMap<>();
        Map<Long, Integer> firstAt = new HashMap<>();
        for (int e = 0; e < entries.size(); e++) {
            String p = "interference.entries[" + e + "]";
            InputDto.EntryDto entry = entries.get(e);
            if (entry == null || entry.tasks() == null) {
                throw fail(p, "missing required field \"tasks\"");
            }
            if (entry.completion() == null) {
                throw fail(p, "missing required field \"completion\"");
            }
            long mask = 0;
            long maxC = 0;
            Set<String> seen = new HashSet<>();
            for (int j = 0; j < entry.tasks().size(); j++) {
                String name = entry.tasks().get(j);
                Integer i = index.get(name);
                if (i == null) {
                    throw fail(p + ".tasks[" + j + "]", ofTask.containsKey(name) ? "task \"" + name + "\" is a"
                            + " chain of kernels: an entry names each kernel as " + name + ".KERNEL"
                            : "unknown task \"" + name + "\"");
                }
                if (!seen.add(name)) {
                    throw fail(p + ".tasks[" + j + "]", "task \"" + name + "\" named twice in one entry");
                }
                mask |= 1L << i;
                maxC = Math.max(maxC, tasks.get(i).wcet());
            }
            if (seen.size() < 2) {
                throw fail(p + ".tasks", "an entry needs at least two distinct tasks (a single task takes its wcet)");
            }
            if (firstAt.putIfAbsent(mask, e) != null) {
                throw fail(p + ".tasks", "this set is already given by interference.entries[" + firstAt.get(mask) + "]");
            }
            if (entry.completion() < maxC) {
                throw fail(p + ".completion", "completion " + entry.completion()
                        + " is below the largest wcet of the set (" + maxC + ")");
            }
            table.put(mask, entry.completion());
        }
        return table;
    }
}
