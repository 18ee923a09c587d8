package org.gpusched.interop;

import org.gpusched.model.Workload;
import org.gpusched.timepart.Flow;
import org.gpusched.timepart.Flows;
import org.gpusched.timepart.Step;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * The workload as MAST sees it, shared by the MAST-1 and MAST-2 writers: per task a thread on a
 * core, and its flow's steps with one operation per CPU step; a flow that would end with a delay
 * (or has no CPU step at all) gets a zero-time last step, because MAST forbids a transaction that
 * ends with a delay. A task without CPU work runs that step on core 0 (its own core when given).
 *
 * @param renamed per task whose MAST name differs from its own, "name -> id" (the name map)
 */
record MastModel(String name, List<Task> tasks, List<String> renamed) {
    /** Model_Date of every export: fixed, so that the same input gives the same bytes. */
    static final String DATE = "2000-01-01T00:00:00";
    /** MAST's priority type is 1 .. 2^15 - 1 (larger = more urgent, as ours); the top one is the closers'. */
    static final int MAX_PRIORITY = 32766;
    /** Priority of each core's closing server (see {@link Task#closed()}). */
    static final int CLOSER_PRIORITY = 32767;

    /**
     * @param priority the flow's priority, or its dense rank when some priority is outside 1 .. 32766
     * @param closed   the last step is the added zero-time one: it runs on its core's closing server
     *                 ({@link #closer(int)}), above every task, so that MAST charges it no interference and
     *                 the flow's response is that of its own steps (a step of the task's own priority would
     *                 be charged the preemptions that fall into its input jitter)
     */
    record Task(String id, Flow flow, int core, List<Step> steps, int priority, boolean closed) { }

    /** The closing server of a core: a name no task gets (MastNames reserves "cpuN" and "cpuN_end"). */
    static String closer(int core) {
        return "cpu" + core + "_end";
    }

    static MastModel of(Workload w) {
        List<Flow> flows = Flows.of(w);
        List<Integer> cores = IntStream.range(0, flows.size())
                .mapToObj(i -> flows.get(i).core() >= 0 ? flows.get(i).core() : w.task(i).core().orElse(0)).toList();
        return of(w.name() != null ? w.name() : "workload", flows, cores);
    }

    /** The model of {@code flows}, flow i's CPU steps (and its closing step) on {@code cores.get(i)}. */
    static MastModel of(String modelName, List<Flow> flows, List<Integer> cores) {
        List<String> names = flows.stream().map(Flow::name).toList();
        List<String> ids = MastNames.of(names);
        boolean inRange = flows.stream().allMatch(f -> f.priority() >= 1 && f.priority() <= MAX_PRIORITY);
        List<Integer> levels = new ArrayList<>(new TreeSet<>(flows.stream().map(Flow::priority).toList()));
        if (!inRange && levels.size() > MAX_PRIORITY) {
            throw new IllegalArgumentException("MAST has " + MAX_PRIORITY + " priority levels; the workload uses "
                    + levels.size());
        }
        List<Task> tasks = new ArrayList<>();
        List<String> renamed = new ArrayList<>();
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            List<Step> steps = merged(f.steps());
            boolean closed = steps.isEmpty() || steps.get(steps.size() - 1) instanceof Step.Delay;
            if (closed) {
                steps.add(new Step.Cpu(0, 0, "end"));
            }
            int prio = inRange ? f.priority() : levels.indexOf(f.priority()) + 1;
            tasks.add(new Task(ids.get(i), f, cores.get(i), steps, prio, closed));
            if (!ids.get(i).equals(names.get(i))) {
                renamed.add(names.get(i) + " -> " + ids.get(i));
            }
        }
        String name = MastNames.identifier(modelName, "m_");
        return new MastModel(name, tasks, renamed);
    }

    /**
     * MAST requires an activity after every delay (its restriction "Rate Divisor, Delay, or Offset
     * are not followed by activity"): back-to-back delays (a kernel, then its copy) are one delay of
     * their summed [min, max], which is the same time between the two activities.
     */
    static List<Step> merged(List<Step> steps) {
        List<Step> out = new ArrayList<>();
        for (Step s : steps) {
            if (s instanceof Step.Delay d && !out.isEmpty() && out.get(out.size() - 1) instanceof Step.Delay p) {
                out.set(out.size() - 1, new Step.Delay(Math.addExact(p.min(), d.min()), Math.addExact(p.max(), d.max()),
                        p.kernel() || d.kernel(), p.origin() + "+" + d.origin()));
            } else {
                out.add(s);
            }
        }
        return out;
    }

    /** The GPU server's processing resource and scheduler (platform.gpuAccess: server). */
    static final String GPU = "gpu";

    static boolean usesServer(Task t) {
        return t.steps().stream().anyMatch(s -> s instanceof Step.Gpu);
    }

    /** The thread of a task's kernels on the GPU server. */
    static String gpuServer(Task t) {
        return t.id() + "_gpu";
    }

    /** Operation of step k of a task that runs on a processor (k counts CPU steps and kernels on the server, from 1). */
    static String operation(Task t, int k) {
        return t.id() + "_op" + k;
    }

    /** True when the priorities were replaced by their ranks (some was outside 1 .. 32767). */
    boolean ranked() {
        return tasks.stream().anyMatch(t -> t.priority() != t.flow().priority());
    }
}
