package org.gpusched.cli;

import org.gpusched.copyexec.Strategy;
import org.gpusched.gantt.Timelines;
import org.gpusched.model.ExitCodes;
import org.gpusched.output.Outputs;
import org.gpusched.pages.PlayPage;
import org.gpusched.player.*;
import org.gpusched.report.*;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

@Command(name = "play", mixinStandardHelpOptions = true)
final class PlayCommand extends CommonCommand {

    @Parameters(index = "0", arity = "0..1", paramLabel = "TABLE")
    String table;

    @Option(names = "--taskset", required = true, paramLabel = "FILE")
    Path taskset;

    @Option(names = "--device", paramLabel = "DEV", defaultValue = "auto")
    DeviceChoice device;

    @Mixin
    ReplayOptions replay;

    @Option(names = "--exec-time", paramLabel = "DIST", defaultValue = "wcet")
    ExecTime execTime;

    @Mixin
    GpuRunOptions run;

    @Option(names = "--strategy", paramLabel = "S")
    String strategy;

    @Option(names = "--gantt", paramLabel = "FILE")
    Path gantt;

    @Mixin
    SharedOptions.HtmlPage html;

    @Mixin
    SimDeviceOptions sim;

    @Override
    public Integer call() throws IOException {
        run.validate(cl());
        Main.refuseGanttFormat(cl(), gantt);
        if (strategy != null) {
            return playStrategy();
        }
        Usage.refuse(cl(), table == null, "Missing required parameter: 'TABLE' (or --strategy)");
        if (PlanPlay.isPlan(table)) { // a partition plan (analyze --plan), not a table: docs/partitioning.md
            refuseUnused("a partition plan", "--exec-time", "--sim-timing", "--sim-contention", "--mode", "--seed", "--gantt", "--tick-ns",
                    "--html");
            return playPlan();
        }
        // The chart and the page belong together: checked before the replay, renamed into place together.
        return Outputs.of(Arrays.asList(taskset, Path.of(table), sim.timing), html.force).printing(out())
                .together(this::playTable, gantt, html.file);
    }

    private int playTable(Outputs outputs) {
        UnrolledTable plan = PlayerInputs.load(new PlayerInputs.Request(table, taskset, replay.hyperperiods, html.force,
                common.format == OutputFormat.json, common.allowExternalModules), System.in, err());
        Device dev;
        try {
            dev = TableDevice.open(device, plan, run.gpu, run.nanos(plan.taskSet()), taskset, err());
        } catch (CudaException e) {
            err().println("gpusched: --device " + Names.spell(device) + ": " + e.getMessage());
            return ExitCodes.INVALID;
        }
        if (dev == null) {
            return ExitCodes.INVALID;
        }
        if (sim.given() && !(dev instanceof SimDevice)) {
            dev.close();
            sim.refuseUnless(cl(), false);
        }
        PlayResult r;
        try {
            r = TableDevice.play(dev, plan, replay.mode, execTime, run.seed, sim.truth(plan.taskSet(), common),
                    sim.contention);
        } catch (PlayRefused e) {
            return refused(e);
        }
        if (gantt != null) {
            GanttOutput.write(outputs, gantt, Timelines.of(r, plan.taskSet().displayName() + ": play "
                    + Names.spell(replay.mode) + " on " + r.trace().device() + " (measured)"));
        }
        PlayPage.Run h = new PlayPage.Run(table, taskset.toString(), execTime.toString(), run.seed);
        if (html.file != null) {
            outputs.writeString(html.file, PlayPage.write(h, r));
        }
        PrintWriter out = report(html.file);
        switch (common.format) {
            case json -> out.println(Json.line(PlayReports.json(h, r)));
            case csv -> PlayReports.csv(out, r);
            default -> PlayReports.text(out, h, r, common.quiet);
        }
        return r.summary().misses() > 0 ? ExitCodes.NOT_SCHEDULABLE : ExitCodes.OK;
    }

    private int playStrategy() {
        Strategy s = Usage.parsed(cl(), "--strategy: ", () -> Strategy.parse(strategy));
        Usage.refuse(cl(), table != null || html.force || replay.mode != Mode.TIME_TRIGGERED
                        || replay.hyperperiods != 1,
                "--strategy plays the workload of --taskset over one hyperperiod: no TABLE, --force, --mode or"
                        + " --hyperperiods");
        refuseUnused("--strategy", "--sim-timing", "--sim-contention", "--html");
        StrategyPlay.Request r = new StrategyPlay.Request(s, taskset, device, run.gpu, run.tickNs, execTime, run.seed,
                common.workloadReader()::read);
        StrategyPlay.Fit fit = StrategyPlay.fit(r);
        Outputs outputs = Outputs.of(List.of(taskset), false);
        if (gantt != null) {
            outputs.check(gantt);
        }
        StrategyPlay.Played p;
        try {
            p = StrategyPlay.play(r, fit, err());
        } catch (PlayRefused e) {
            return refused(e);
        }
        if (gantt != null) {
            GanttOutput.write(outputs, gantt, Timelines.of(p.copy(), p.run(), p.copy().name() + ": play --strategy "
                    + s.id() + " on " + p.device() + " (measured)", p.unit()));
        }
        PlayReports.strategyPlay(out(), p, common.format, common.quiet);
        return p.run().misses().isEmpty() ? ExitCodes.OK : ExitCodes.NOT_SCHEDULABLE;
    }

    private int playPlan() {
        PlanPlay.Played p;
        try {
            p = PlanPlay.play(new PlanPlay.Request(table, taskset, device, replay.hyperperiods, html.force, run.gpu,
                    common.workloadReader()::read));
        } catch (PlayRefused e) {
            return refused(e);
        }
        PlayReports.planPlay(out(), p, common.format, common.quiet);
        return p.missed() ? ExitCodes.NOT_SCHEDULABLE : ExitCodes.OK;
    }

    private int refused(PlayRefused e) {
        err().println("gpusched: " + e.getMessage());
        return e.usage() ? ExitCodes.INVALID : ExitCodes.INTERNAL;
    }

    /** Refuses (exit 2) the options a mode of play does not use, rather than ignoring them silently. */
    private void refuseUnused(String mode, String... names) {
        CommandLine.ParseResult pr = spec.commandLine().getParseResult();
        List<String> given = Arrays.stream(names).filter(pr::hasMatchedOption).toList();
        Usage.refuse(cl(), !given.isEmpty(), "play of " + mode + " does not use " + String.join(", ", given));
    }
}
