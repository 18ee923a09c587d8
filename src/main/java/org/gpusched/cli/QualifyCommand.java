package org.gpusched.cli;

import org.gpusched.input.WorkloadReader;
import org.gpusched.output.Outputs;
import org.gpusched.output.RunFolder;
import org.gpusched.qualify.KnownIssues;
import org.gpusched.qualify.Mutation;
import org.gpusched.qualify.Qualification;
import org.gpusched.qualify.Qualify;
import org.gpusched.report.Json;
import org.gpusched.report.QualifyReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code gpusched qualify}: the tool-qualification run of docs/safety-manual.md; the engine is {@code qualify.Qualify}. */
@Command(name = "qualify", mixinStandardHelpOptions = true,
        description = {"Qualify gpusched in this environment, on workloads like yours: reruns the shipped validation"
                + " cases against their expected results, draws --sets random workloads shaped like each --like file"
                + " (same tasks, periods, features, interference model and GPU) and checks every method that applies"
                + " against its independent twin (exact search vs brute force, tables vs the checker, bounds vs the"
                + " simulator), and runs nptest or mast_analysis when found. Writes qualify.json, qualify.html,"
                + " qualify.junit.xml, known-issues.md and every disagreeing case (cases/) to --out.",
                "Exit 0: qualified (every exact check compared sets of every --like file, every peer named by"
                        + " option ran, nothing disagreed); 1: some check disagreed (cases kept), or partial (a"
                        + " comparison was not made: the report's gaps); 2: invalid input; 3: --time-limit reached"
                        + " before every set was checked."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched qualify --like examples/jetson-orin-perception.json --sets 200 --out q/",
                "  gpusched qualify --like ts.json --sets 20 --seed 7 --time-limit 10m --out qualification/"})
final class QualifyCommand implements Callable<Integer>, NoCsv {
    @Spec
    CommandSpec spec;

    @Option(names = "--like", paramLabel = "FILE", arity = "1..*",
            description = "Your workload file(s); the random sets are drawn like each. None: only the shipped cases.")
    List<Path> likes = new ArrayList<>();

    @Option(names = "--sets", paramLabel = "N", defaultValue = "200",
            description = "Random sets per --like file (default: ${DEFAULT-VALUE}).")
    int sets;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Base seed; set i of file k has seed S * 1000003 + k * 100003 + i (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--time-limit", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Stop drawing sets after this long and exit 3 (the report says how far it got). Default: none.")
    Duration timeLimit;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "The report folder (created).")
    Path out;

    @Option(names = "--nptest", paramLabel = "FILE", description = "The nptest binary (default: nptest on PATH);"
            + " named here, it must run or the run is partial.")
    Path nptest;

    @Option(names = "--mast", paramLabel = "FILE", description = "mast_analysis (default: mast_analysis on PATH);"
            + " named here, it must run or the run is partial.")
    Path mast;

    @Option(names = "--no-timing", description = "Leave the elapsed time out of the reports: same seed, same bytes.")
    boolean noTiming;

    @Mixin
    SharedOptions.ForeignFolder folder;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr.")
    boolean quiet;

    @Option(names = "--allow-external-modules", description = "Let a file's kernel.module be an absolute path"
            + " or point outside the file's folder.")
    boolean allowExternalModules;

    /** Set by tests only (no option): a method broken on purpose, which the run must catch. */
    Mutation mutation = Mutation.NONE;

    @Override
    public Integer call() throws IOException {
        Usage.refuse(spec.commandLine(), sets < 1 || sets > Qualify.MAX_SETS,
                "--sets must be in 1.." + Qualify.MAX_SETS);
        List<Qualify.Like> inputs = new ArrayList<>();
        for (Path p : likes) {
            new WorkloadReader(allowExternalModules).read(p); // one-line error, exit 2
            inputs.add(new Qualify.Like(p.toString(), Files.readAllBytes(p)));
        }
        String[] v = new VersionProvider().getVersion();
        Qualification.Tool tool = new Qualification.Tool(v[0].substring("gpusched ".length()),
                v[1].substring("commit ".length(), v[1].indexOf(',')), v[1].substring(v[1].indexOf(", ") + 2));
        var err = spec.commandLine().getErr();
        try (RunFolder dir = Outputs.of(likes, folder.force).folder(out, "qualify")) {
            Qualify.Config config = new Qualify.Config(inputs, sets, seed, timeLimit,
                    timeLimit == null ? null : spec.findOption("--time-limit").originalStringValues().get(0), nptest, mast,
                    dir.dir().resolve("peers"), System.getenv(), mutation, tool, true);
            Qualification q = Qualify.run(config, line -> {
                if (!quiet) {
                    err.println(line);
                    err.flush();
                }
            });
            Map<String, String> params = new LinkedHashMap<>();
            params.put("sets", Integer.toString(sets));
            params.put("seed", Long.toString(seed));
            dir.start(params);
            for (Qualification.Kept k : q.kept()) {
                dir.writeString(k.path(), k.text());
            }
            dir.writeString("qualify.json", Json.line(QualifyReports.json(q, !noTiming)) + "\n");
            dir.writeString("qualify.html", QualifyReports.html(q, !noTiming));
            dir.writeString("qualify.junit.xml", QualifyReports.junit(q));
            dir.writeString("known-issues.md", KnownIssues.text());
            dir.complete();
            spec.commandLine().getOut().print(QualifyReports.text(q));
            spec.commandLine().getOut().println("report: " + dir.dir());
            return q.exitCode();
        }
    }
}
