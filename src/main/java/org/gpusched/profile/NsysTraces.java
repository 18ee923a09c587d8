package org.gpusched.profile;

import org.gpusched.input.InputText;
import org.gpusched.input.NsysMap;
import org.gpusched.input.NsysTrace;
import org.gpusched.model.InputException;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.nio.file.Path;
import java.util.List;

/** {@code profile --from-nsys}: an Nsight Systems trace and its map read as the samples of a task set. */
public final class NsysTraces {
    private NsysTraces() {
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

    /** The trace's kernels mapped to the tasks of {@code ts} by the rules of {@code map}. */
    public static NsysProfile.Result read(TaskSet ts, Path trace, Path map, long nanosPerTick) {
        List<NsysMap.Rule> rules = NsysMap.read(map.toString(), InputText.read(map),
                ts.tasks().stream().map(Task::name).toList());
        NsysTrace.Trace t = NsysTrace.read(trace, NsysMap.usesNvtx(rules));
        return NsysProfile.of(ts, t, rules, nanosPerTick, "nsys:" + trace.getFileName());
    }
}
