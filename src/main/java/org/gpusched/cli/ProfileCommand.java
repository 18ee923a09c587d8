package org.gpusched.cli;

import org.gpusched.experiment.Progress;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.TaskSet;
import org.gpusched.output.Outputs;
import org.gpusched.player.CudaException;
import org.gpusched.player.ProfileDevice;
import org.gpusched.player.SimTiming;
import org.gpusched.profile.*;
import org.gpusched.report.Json;
import org.gpusched.report.Names;
import org.gpusched.report.ProfileReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

@Command(name = "profile", mixinStandardHelpOptions = true)
final class ProfileCommand extends ProfileRun {
    @Parameters(index = "0", paramLabel = "TASKSET")
    Path taskset;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    Path out;

    @Option(names = "--samples", paramLabel = "FILE")
    Path samples;

    @Option(names = "--from-nsys", paramLabel = "REPORT.sqlite")
    Path fromNsys;

    @Option(names = "--map", paramLabel = "MAP.json")
    Path map;

    @Option(names = "--pairs")
    boolean pairs;

    @Mixin
    SharedOptions.OverwriteOutputs overwrite;
    @Mixin
    ProgressOption progress;

    @Override
    public Integer call() {
        profile.validate(cl());
        Usage.refuse(cl(), pairs && (fromNsys != null || map != null),
                "--pairs times singles and pairs on a device; a trace (--from-nsys) has only the sets it ran");
        if (fromNsys != null || map != null) {
            return fromTrace();
        }
        Input in = read(taskset);
        TaskSet ts = in.ts();
        Path csv = samples != null ? samples : Outputs.beside(out, ".samples.csv");
        try (Outputs outputs = outputs(overwrite.force, taskset, out, csv)) {
            SimTiming timing = profile.simTiming(ts, common);
            Profiler.Profile p;
            List<int[]> sets = Profiler.sets(ts, profile.maxSetSize(ts));
            try (ProfileDevice dev = open(in, timing)) {
                p = measure(ts, dev, in.content(), pairs ? Profiler.pairs(sets) : sets);
            }
            Model measured = Model.of(p, profile.statistic, profile.margin);
            Model model = pairs ? measured.withPairsPredicted(ts, sets) : measured;
            ProfileReports.Header h = written(outputs, in, p, model, csv);
            switch (common.format) {
                case json -> out().println(Json.line(ProfileReports.json(h, p, model)));
                default -> ProfileReports.text(out(), h, p, model, common.quiet);
            }
            return ExitCodes.OK;
        }
    }

    /** --from-nsys: the trace's kernels as samples, then the same model, workload and samples as a measured profile. */
    private int fromTrace() {
        Usage.refuse(cl(), fromNsys == null || map == null, "--from-nsys and --map go together");
        for (String o : List.of("--device", "--sim-timing", "--runs", "--warmup", "--max-set-size", "--exec-time", "--gpu")) {
            Usage.refuse(cl(), cl().getParseResult().hasMatchedOption(o),
                    o + " does not apply to --from-nsys (the trace is the measurement)");
        }
        Input in = read(taskset);
        TaskSet ts = in.ts();
        long nanos = profile.run.nanos(ts);
        NsysProfile.check(ts, nanos);
        Path csv = samples != null ? samples : Outputs.beside(out, ".samples.csv");
        try (Outputs outputs = Outputs.of(List.of(taskset, fromNsys, map), overwrite.force).staged()) {
            outputs.checkEach(out, csv);
            NsysProfile.Result r = NsysProfile.read(ts, fromNsys, map, nanos);
            Model model = Model.of(r.profile(), profile.statistic, profile.margin);
            ProfileReports.Header h = written(outputs, in, r.profile(), model, csv);
            switch (common.format) {
                case json -> out().println(Json.line(ProfileReports.nsysJson(h, fromNsys.toString(), map.toString(), r,
                        model)));
                default -> ProfileReports.nsysText(out(), h, fromNsys.toString(), map.toString(), r, model,
                        common.quiet);
            }
            return ExitCodes.OK;
        }
    }

    /** Writes the measured workload and the samples, together, and returns the report's header. */
    private ProfileReports.Header written(Outputs outputs, Input in, Profiler.Profile p, Model model, Path csv) {
        outputs.writeString(out, MeasuredWorkload.json(in.ts(), in.content(), model, out.toString()));
        outputs.write(csv, o -> o.write(ProfileReports.samplesCsv(p).getBytes(StandardCharsets.UTF_8)));
        outputs.commit();
        return new ProfileReports.Header(taskset.toString(), out.toString(), csv.toString(),
                Names.spell(profile.statistic), profile.margin.toPlainString());
    }

    private Profiler.Profile measure(TaskSet ts, ProfileDevice dev, String content, List<int[]> sets) {
        try (Progress bar = Progress.bar(progress.to(err(), common.quiet), "profile", sets.size())) {
            return ProfileDevice.located(() -> Profiler.run(ts, dev, sets, profile.warmup, profile.runs,
                    bar == null ? () -> { } : bar::step), ts.source(), content);
        } catch (CudaException e) {
            throw ProfileDevice.cudaFailure(e);
        }
    }
}
