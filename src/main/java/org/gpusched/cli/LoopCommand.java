package org.gpusched.cli;

import org.gpusched.input.InputText;
import org.gpusched.model.*;
import org.gpusched.output.Outputs;
import org.gpusched.pages.PlayPage;
import org.gpusched.player.*;
import org.gpusched.profile.*;
import org.gpusched.report.Json;
import org.gpusched.report.ProfileReports;
import org.gpusched.table.Tables;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

@Command(name = "loop", mixinStandardHelpOptions = true)
final class LoopCommand extends ProfileRun {
    @Mixin
    ExploreOptions explore;

    @Parameters(index = "0", paramLabel = "TASKSET")
    Path taskset;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    Path out;

    @Option(names = "--table", paramLabel = "FILE")
    Path table;

    @Option(names = "--report", paramLabel = "FILE")
    Path report;

    enum Start { PROFILE, MODEL }

    @Option(names = "--start", paramLabel = "FROM", defaultValue = "profile")
    Start start;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "20", converter = NumericOptions.Count.class)
    int rounds;

    @Mixin
    ReplayOptions replay;

    @Mixin
    SharedOptions.OverwriteOutputs overwrite;

    @Option(names = "--plan")
    boolean plan;

    @Option(names = "--html", paramLabel = "FILE")
    Path html;

    @Override
    public Integer call() throws IOException {
        profile.validate(cl());
        if (plan) {
            refuseTableLoopOptions();
            return planLoop();
        }
        Budget.Meter whole = explore.budget().start(); // --time-limit binds every round's analysis together
        Input in = read(taskset);
        TaskSet ts = in.ts();
        // Measuring changes no period or offset: what no round could analyse is refused now, naming the input.
        Window.require(ts);
        JobLimit.require(ts, "the exact search");
        Path tableOut = table != null ? table : Outputs.beside(out, ".table.json");
        Path reportOut = report != null ? report : Outputs.beside(out, ".rounds.json");
        Path[] written = html == null ? new Path[] {out, tableOut, reportOut} : new Path[] {out, tableOut, reportOut, html};
        try (Outputs outputs = outputs(overwrite.force, taskset, written)) {
            SimTiming timing = profile.simTiming(ts, common);
            List<int[]> sets = Profiler.sets(ts, profile.maxSetSize(ts));
            Model first;
            String device;
            try (ProfileDevice dev = open(in, timing)) {
                device = dev.name();
                first = start == Start.MODEL ? Model.ofTaskSet(ts, sets)
                        : Model.of(Profiler.run(ts, dev, sets, profile.warmup, profile.runs, () -> { }),
                        profile.statistic, profile.margin);
            } catch (CudaException e) {
                throw ProfileDevice.cudaFailure(e);
            }
            Loop.Settings settings = new Loop.Settings(out.toString(), rounds,
                    Loop.hyperperiods(profile.device, replay.hyperperiods), explore.toOptions(0), whole,
                    Loop.player(ts, timing, profile.device, replay.mode, profile.execTime, profile.run.seed,
                            profile.run.gpu, profile.run.nanos(ts)));
            Loop.Result r;
            try {
                r = Loop.run(ts, in.content(), first, settings);
            } catch (CudaException e) {
                throw ProfileDevice.cudaFailure(e);
            }
            ProfileReports.LoopHeader h = new ProfileReports.LoopHeader(taskset.toString(), out.toString(),
                    tableOut.toString(), reportOut.toString(), start == Start.MODEL ? "workload's model" : "profile", device);
            String reportLine = Json.line(ProfileReports.loopJson(h, r));
            outputs.writeString(out, r.workloadJson());
            if (r.table() != null) {
                outputs.writeString(tableOut, Tables.toJson(r.table()));
            }
            outputs.writeString(reportOut, reportLine + "\n");
            if (html != null) {
                outputs.writeString(html, PlayPage.loop(new PlayPage.LoopRun(taskset.toString(), h.start(), device,
                        r)));
            }
            outputs.commit();
            switch (common.format) {
                case json -> out().println(reportLine);
                default -> ProfileReports.loopText(out(), h, r, common.quiet);
            }
            return r.outcome().exitCode();
        }
    }

    /**
     * Refuses (exit 2) each option of the loop of tables given with --plan, rather than ignoring it: a
     * plan loop writes no table or page, replays nothing, times kernels at their own --sim-timing times,
     * analyses time partitions (no PBS search to configure) and prints only text.
     */
    private void refuseTableLoopOptions() {
        List<String> given = List.of("--table", "--html", "--start", "--mode", "--hyperperiods", "--warmup",
                "--max-set-size", "--exec-time", "--sim-contention", "--gpu", "--tick-ns", "--engine", "--merge",
                "--search", "--stop", "--objective", "--max-states", "--time-limit", "--no-greedy", "--threads",
                "--format").stream().filter(cl().getParseResult()::hasMatchedOption).toList();
        Usage.refuse(cl(), !given.isEmpty(), "loop --plan does not use " + String.join(", ", given)
                + " (options of the loop of tables)");
    }

    /** {@code loop --plan}: the options wired to {@link TimePartitionLoop}. */
    private int planLoop() throws IOException {
        Usage.refuse(cl(), profile.device != DeviceChoice.SIM || profile.sim.timing == null,
                "loop --plan profiles on --device sim --sim-timing TRUTH (a workload with the same tasks); on a GPU,"
                        + " run profile under the plan and optimize --plan");
        String content = InputText.read(taskset);
        Workload w = common.workloadReader().read(taskset.toString(), content);
        Workload truth = common.workloadReader().read(profile.sim.timing.toString(),
                InputText.read(profile.sim.timing));
        Path reportOut = report != null ? report : Outputs.beside(out, ".rounds.json");
        try (Outputs outputs = Outputs.of(List.of(taskset, profile.sim.timing), overwrite.force).staged()) {
            outputs.checkEach(out, reportOut);
            PrintWriter stdout = out();
            PrintWriter roundLines = common.quiet ? new PrintWriter(Writer.nullWriter()) : stdout;
            TimePartitionLoop.Result r = TimePartitionLoop.run(content, w, truth, new TimePartitionLoop.Settings(
                    taskset.toString(), profile.sim.timing.toString(), out.toString(), rounds, profile.run.seed,
                    profile.runs, profile.statistic, profile.margin),
                    round -> roundLines.println(ProfileReports.planLoopLine(round)));
            if (r.planned() != null) {
                outputs.writeString(out, r.planned());
            }
            outputs.writeString(reportOut, ProfileReports.planLoopJson(r.rounds()));
            outputs.commit();
            stdout.println(ProfileReports.planLoopEnd(taskset.toString(), r, out.toString(), reportOut.toString()));
            return r.outcome().exitCode();
        }
    }
}
