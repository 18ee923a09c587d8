package org.gpusched.cli;

import org.gpusched.experiment.Progress;
import org.gpusched.output.Outputs;
import org.gpusched.output.RunFolder;
import org.gpusched.qualify.Mutation;
import org.gpusched.qualify.Qualification;
import org.gpusched.qualify.Qualify;
import org.gpusched.report.Json;
import org.gpusched.report.OutputFormat;
import org.gpusched.report.QualifyReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** {@code gpusched qualify}: the tool-qualification run of docs/safety-manual.md; the engine is {@code qualify.Qualify}. */
@Command(name = "qualify", mixinStandardHelpOptions = true)
final class QualifyCommand extends CommonCommand implements NoCsv {
    @Option(names = "--like", paramLabel = "FILE", arity = "1..*")
    List<Path> likes = new ArrayList<>();

    @Mixin
    SharedOptions.Sets sets = new SharedOptions.Sets(200);

    @Mixin
    SharedOptions.Seed seed;

    @Option(names = "--time-limit", paramLabel = "DURATION", converter = DurationConverter.class)
    Duration timeLimit;

    @Option(names = "--out", paramLabel = "DIR", required = true)
    Path out;

    @Option(names = "--nptest", paramLabel = "FILE")
    Path nptest;

    @Option(names = "--mast", paramLabel = "FILE")
    Path mast;

    @Option(names = "--no-timing")
    boolean noTiming;

    @Mixin
    SharedOptions.ForeignFolder folder;

    @Mixin
    ProgressOption progress;

    /** Set by tests only (no option): a method broken on purpose, which the run must catch. */
    Mutation mutation = Mutation.NONE;

    @Override
    public Integer call() throws IOException {
        Usage.refuse(cl(), sets.value < 1 || sets.value > Qualify.MAX_SETS,
                "--sets must be in 1.." + Qualify.MAX_SETS);
        List<Qualify.Like> inputs = new ArrayList<>();
        for (Path p : likes) {
            common.workloadReader().read(p); // one-line error, exit 2
            inputs.add(new Qualify.Like(p.toString(), Files.readAllBytes(p)));
        }
        String[] v = new VersionProvider().getVersion();
        Qualification.Tool tool = new Qualification.Tool(v[0].substring("gpusched ".length()),
                v[1].substring("commit ".length(), v[1].indexOf(',')), v[1].substring(v[1].indexOf(", ") + 2));
        var err = err();
        try (RunFolder dir = Outputs.of(likes, folder.force).folder(out, "qualify")) {
            dir.refuseInputs(QualifyReports.FILES);
            dir.stale().ifPresent(err::println);
            Qualify.Config config = new Qualify.Config(inputs, sets.value, seed.value, timeLimit,
                    timeLimit == null ? null : spec.findOption("--time-limit").originalStringValues().get(0), nptest, mast,
                    dir.dir().resolve("peers"), System.getenv(), mutation, tool, true);
            // With the status line, the phase lines show in it instead of scrolling past.
            AtomicReference<String> phase = new AtomicReference<>("qualify: starting");
            Qualification q;
            try (Progress status = Progress.ticker(progress.to(err, common.quiet),
                    nanos -> phase.get() + ", " + Progress.seconds(nanos))) {
                q = Qualify.run(config, line -> {
                    if (status != null) {
                        phase.set(line);
                    } else if (!common.quiet) {
                        err.println(line);
                        err.flush();
                    }
                });
            }
            QualifyReports.write(dir, q, sets.value, seed.value, !noTiming);
            if (common.format == OutputFormat.json) {
                out().println(Json.line(QualifyReports.json(q, !noTiming))); // the line qualify.json holds
            } else {
                out().print(QualifyReports.text(q));
                out().println("report: " + dir.dir());
            }
            return q.exitCode();
        }
    }
}
