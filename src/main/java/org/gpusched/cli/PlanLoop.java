package org.gpusched.cli;

import org.gpusched.explore.result.EngineKind;
import org.gpusched.input.InputText;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.*;
import org.gpusched.output.Outputs;
import org.gpusched.player.DeviceChoice;
import org.gpusched.profile.TimePartitionLoop.Result;
import org.gpusched.profile.TimePartitionLoop.Settings;
import org.gpusched.profile.TimePartitionLoop;
import org.gpusched.report.TimePartitionLoopReports;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** {@code loop --plan}: the options of {@link LoopCommand} wired to {@link TimePartitionLoop}. */
final class PlanLoop {
    private final LoopCommand cmd;

    PlanLoop(LoopCommand cmd) {
        this.cmd = cmd;
    }

    int run() throws IOException {
        CommandLine line = cmd.spec.commandLine();
        // The plan loop analyses time partitions, not the PBS question: no engine of it would answer.
        Usage.refuse(line, cmd.explore.engine != null && cmd.explore.engine != EngineKind.GRAPH,
                "loop --plan analyses time-partition plans, which no PBS engine decides: --engine does not apply");
        Usage.refuse(line, cmd.profile.device != DeviceChoice.SIM || cmd.profile.sim.timing == null,
                "loop --plan profiles on --device sim --sim-timing TRUTH (a workload with the same tasks); on a GPU,"
                        + " run profile under the plan and optimize --plan");
        String content = InputText.read(cmd.taskset);
        Workload w = new WorkloadReader().read(cmd.taskset.toString(), content);
        Workload truth = new WorkloadReader().read(cmd.profile.sim.timing.toString(),
                InputText.read(cmd.profile.sim.timing));
        Path reportOut = cmd.report != null ? cmd.report : ProfileCommand.beside(cmd.out, ".rounds.json");
        try (Outputs outputs = Outputs.of(List.of(cmd.taskset, cmd.profile.sim.timing), cmd.overwrite.force).staged()) {
            outputs.checkEach(cmd.out, reportOut);
            PrintWriter out = line.getOut();
            Result r = TimePartitionLoop.run(content, w, truth, new Settings(cmd.taskset.toString(),
                    cmd.profile.sim.timing.toString(), cmd.out.toString(), cmd.rounds, cmd.profile.run.seed,
                    cmd.profile.runs, cmd.profile.statistic, cmd.profile.margin), round -> out.println(TimePartitionLoopReports.line(round)));
            if (r.planned() != null) {
                outputs.writeString(cmd.out, r.planned());
            }
            outputs.writeString(reportOut, TimePartitionLoopReports.json(r.rounds()));
            outputs.commit();
            out.println("written " + cmd.out + ", " + reportOut);
            return r.outcome().exitCode();
        }
    }
}
