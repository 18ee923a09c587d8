package org.gpusched.cli;

import org.gpusched.input.InputText;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.*;
import org.gpusched.report.OptimizeReports;
import org.gpusched.report.PlanReports;
import org.gpusched.timepart.Flow;
import org.gpusched.timepart.PlanDocument;
import org.gpusched.timepart.TimePartitionSearch;
import org.gpusched.timepart.WindowTuning;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/** {@code optimize --plan}: build a plan for a workload without one and write it as a workload. */
final class OptimizePlan {
    private final OptimizeCommand cmd;

    OptimizePlan(OptimizeCommand cmd) {
        this.cmd = cmd;
    }

    int run() throws IOException {
        String content = InputText.read(cmd.file);
        Workload w = new WorkloadReader().read(cmd.file.toString(), content);
        if (w.platform().timePartitions() != null) {
            throw new InputException(cmd.file.toString(), "platform.timePartitions", "the workload has a plan already"
                    + " (optimize --windows tunes it)");
        }
        List<Flow> flows = WindowTuning.flows(cmd.file.toString(), w);
        OptimizeCommand.Target t = cmd.target();
        if (cmd.planOptions.trace != null) {
            t.outputs().check(cmd.planOptions.trace);
        }
        long t0 = System.nanoTime();
        long limit = cmd.timeLimit == null ? Long.MAX_VALUE : cmd.timeLimit.toNanos();
        boolean[] spentFlag = {false};
        LongConsumer progress = cmd.progress("plans analysed");
        List<TimePartitionSearch.Candidate> trace = new ArrayList<>();
        TimePartitionSearch search = new TimePartitionSearch(flows, w.platform().cpus(),
                cmd.planOptions.analysis == PlanOptions.Analysis.offset_based,
                cmd.objective == OptimizeCommand.Goal.window ? TimePartitionSearch.Objective.WINDOW
                        : TimePartitionSearch.Objective.SLACK,
                cmd.planOptions.seed, () -> spentFlag[0] |= System.nanoTime() - t0 > limit, c -> {
                    trace.add(c);
                    progress.accept(trace.size());
                });
        TimePartitionSearch.Candidate best = search.run();
        String name = Escapes.text(cmd.file.toString());
        if (cmd.planOptions.trace != null) {
            t.outputs().writeString(cmd.planOptions.trace, PlanReports.trace(flows, trace));
        }
        OptimizeReports.plan(t.report(), name, trace.size(), cmd.planOptions.analysis == PlanOptions.Analysis.offset_based,
                w.platform().gpuAccess().id(), best, spentFlag[0]);
        if (best == null) {
            return spentFlag[0] ? ExitCodes.INCONCLUSIVE : ExitCodes.NOT_SCHEDULABLE;
        }
        return cmd.written(PlanDocument.withPlan(content, w, best), t,
                spentFlag[0] ? ExitCodes.INCONCLUSIVE : ExitCodes.OK);
    }
}
