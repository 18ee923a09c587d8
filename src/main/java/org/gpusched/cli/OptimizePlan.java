package org.gpusched.cli;

import org.gpusched.input.Escapes;
import org.gpusched.input.InputException;
import org.gpusched.input.InputText;
import org.gpusched.model.Workload;
import org.gpusched.input.WorkloadReader;
import org.gpusched.output.Outputs;
import org.gpusched.report.OptimizeReports;
import org.gpusched.report.PlanReports;
import org.gpusched.timepart.Flows;
import org.gpusched.timepart.PlanDocument;
import org.gpusched.timepart.PlanSearch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
        String why = Flows.whyNot(w);
        if (why != null) {
            throw new InputException(cmd.file.toString(), "", why);
        }
        Path out = cmd.output != null ? cmd.output : cmd.defaultOutput();
        boolean toStdout = out.toString().equals("-");
        Outputs outputs = Outputs.of(List.of(cmd.file), cmd.overwrite.force);
        if (!toStdout) {
            outputs.check(out);
        }
        if (cmd.planOptions.trace != null) {
            outputs.check(cmd.planOptions.trace);
        }
        PrintWriter report = toStdout ? cmd.spec.commandLine().getErr() : cmd.spec.commandLine().getOut();
        PrintWriter err = cmd.spec.commandLine().getErr();
        long t0 = System.nanoTime();
        long limit = cmd.timeLimit == null ? Long.MAX_VALUE : cmd.timeLimit.toNanos();
        boolean[] spentFlag = {false};
        long[] last = {t0};
        List<PlanSearch.Candidate> trace = new ArrayList<>();
        PlanSearch search = new PlanSearch(Flows.of(w), w.platform().cpus(),
                cmd.planOptions.analysis == PlanOptions.Analysis.offset_based,
                cmd.objective == OptimizeCommand.Goal.window ? PlanSearch.Objective.WINDOW : PlanSearch.Objective.SLACK,
                cmd.planOptions.seed, () -> spentFlag[0] |= System.nanoTime() - t0 > limit, c -> {
                    trace.add(c);
                    if (System.nanoTime() - last[0] > OptimizeCommand.PROGRESS_NANOS) {
                        last[0] = System.nanoTime();
                        err.println("optimize: " + trace.size() + " plans analysed so far");
                        err.flush();
                    }
                });
        PlanSearch.Candidate best = search.run();
        String name = Escapes.text(cmd.file.toString());
        if (cmd.planOptions.trace != null) {
            outputs.writeString(cmd.planOptions.trace, PlanReports.trace(Flows.of(w), trace));
        }
        OptimizeReports.plan(report, name, trace.size(), cmd.planOptions.analysis == PlanOptions.Analysis.offset_based,
                w.platform().gpuAccess().id(), best, spentFlag[0]);
        if (best == null) {
            return spentFlag[0] ? ExitCodes.INCONCLUSIVE : ExitCodes.NOT_SCHEDULABLE;
        }
        return cmd.written(PlanDocument.withPlan(content, w, best), out, outputs, report,
                spentFlag[0] ? ExitCodes.INCONCLUSIVE : ExitCodes.OK);
    }
}
