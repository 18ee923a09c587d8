package org.gpusched.interop;

import org.gpusched.model.Workload;
import org.gpusched.timepart.Flow;
import org.gpusched.timepart.Flows;
import org.gpusched.timepart.Step;

import java.util.ArrayList;
import java.util.List;

/**
 * The workload as MAST sees it, shared by the MAST-1 and MAST-2 writers: per task a thread on a
 * core, and its flow's steps with one operation per CPU step; a flow that would end with a delay
 * (or has no CPU step at all) gets a zero-time last step, because MAST forbids a transaction that
 * ends with a delay. A task without CPU work runs that step on core 0 (its own core when given).
 */
record MastModel(String name, int cpus, List<Task> tasks) {
    /** Model_Date of every export: fixed, so that the same input gives the same bytes. */
    static final String DATE = "2000-01-01T00:00:00";

    record Task(String id, Flow flow, int core, List<Step> steps) { }

    static MastModel of(Workload w) {
        List<String> ids = MastNames.of(w);
        List<Flow> flows = Flows.of(w);
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            List<Step> steps = new ArrayList<>(f.steps());
            if (steps.isEmpty() || steps.get(steps.size() - 1) instanceof Step.Delay) {
                steps.add(new Step.Cpu(0, 0, "end"));
            }
            int core = f.core() >= 0 ? f.core() : w.task(i).core().orElse(0);
            tasks.add(new Task(ids.get(i), f, core, steps));
        }
        String name = (w.name() != null ? w.name() : "workload").replaceAll("[^A-Za-z0-9_]", "_");
        return new MastModel(Character.isLetter(name.charAt(0)) ? name : "m_" + name, w.platform().cpus(), tasks);
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
}
