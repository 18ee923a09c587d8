package org.gpusched.cli;

import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.output.Outputs;
import org.gpusched.pages.LoopPage;
import org.gpusched.player.CudaException;
import org.gpusched.player.Mode;
import org.gpusched.player.ProfileDevice;
import org.gpusched.player.ProfileDevices;
import org.gpusched.player.SimTiming;
import org.gpusched.profile.Loop;
import org.gpusched.profile.LoopPlayer;
import org.gpusched.profile.Model;
import org.gpusched.profile.Profiler;
import org.gpusched.report.Json;
import org.gpusched.report.ProfileReports;
import org.gpusched.table.Tables;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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
    public Integer call() throws java.io.IOException {
        if (plan) {
            Usage.refuse(spec.commandLine(), html != null, "--html draws a loop of tables, not of a partition plan (--plan)");
            return new PlanLoop(this).run();
        }
        Budget.Meter whole = explore.budget().start(); // --time-limit binds every round's analysis together
        profile.validate(spec.commandLine());
        Input in = read(taskset);
        TaskSet ts = in.ts();
        String content = in.content();
        Path tableOut = table != null ? table : ProfileCommand.beside(out, ".table.json");
        Path reportOut = report != null ? report : ProfileCommand.beside(out, ".rounds.json");
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
                throw ProfileDevices.cudaFailure(e);
            }
            Loop.Settings settings = new Loop.Settings(out.toString(), rounds, LoopPlayer.hyperperiods(profile.device, replay.hyperperiods),
                    explore.toOptions(0), whole,
                    LoopPlayer.player(ts, timing, profile.device, replay.mode, profile.execTime, profile.run.seed, profile.run.gpu,
                            profile.run.nanos(ts)));
            Loop.Result r;
            try {
                r = Loop.run(ts, content, first, settings);
            } catch (CudaException e) {
                throw ProfileDevices.cudaFailure(e);
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
                outputs.writeString(html, LoopPage.write(new LoopPage.Entry(taskset.toString(), h.start(), device, r)));
            }
            outputs.commit();
            switch (common.format) {
                case json -> spec.commandLine().getOut().println(reportLine);
                default -> ProfileReports.loopText(spec.commandLine().getOut(), h, r, common.quiet);
            }
            return r.outcome().exitCode();
        }
    }
}
