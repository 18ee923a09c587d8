package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.output.Outputs;
import org.gpusched.pages.VerifyPage;
import org.gpusched.player.*;
import org.gpusched.report.CiCases;
import org.gpusched.report.CiOutput;
import org.gpusched.report.Json;
import org.gpusched.report.PlayReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

@Command(name = "verify", mixinStandardHelpOptions = true)
final class VerifyCommand extends CommonCommand implements CiFormats {
    static final int MAX_RUNS = 10_000_000;

    @Parameters(index = "0", paramLabel = "TABLE")
    String table;

    @Option(names = "--taskset", required = true, paramLabel = "FILE")
    Path taskset;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "1000")
    int runs;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1")
    long seed;

    @Option(names = "--exec-time", paramLabel = "DIST", defaultValue = "uniform:0.5..1.0")
    ExecTime execTime;

    @Option(names = "--mode", paramLabel = "MODE")
    Mode mode;

    @Option(names = "--hyperperiods", paramLabel = "N", defaultValue = "1", converter = NumericOptions.Count.class)
    int hyperperiods;

    @Mixin
    SharedOptions.HtmlPage html;

    @Override
    public Integer call() throws IOException {
        Usage.refuse(cl(), runs < 1 || runs > MAX_RUNS, "--runs must be in 1.." + MAX_RUNS);
        return Outputs.of(List.of(taskset, Path.of(table)), html.force).printing(out()).together(this::verify,
                html.file);
    }

    private int verify(Outputs outputs) {
        CiOutput ci = CiOutput.of(common.format, "verify");
        PrintWriter out = report(html.file);
        UnrolledTable plan;
        try {
            plan = PlayerInputs.load(new PlayerInputs.Request(table, taskset, hyperperiods, html.force, false,
                    common.allowExternalModules), System.in, err());
        } catch (InputException e) {
            if (ci == null) {
                throw e;
            }
            err().println(e.getMessage());
            ci.invalid(e.file() == null ? table : e.file(), e);
            ci.write(out);
            return ExitCodes.INVALID;
        }
        // Runs are played one after another and only summarised: one run's rows are what the heap must hold.
        List<Verifier.ModeResult> results = new ArrayList<>();
        for (Mode m : mode == null ? Mode.values() : new Mode[] {mode}) {
            results.add(Verifier.verify(plan, m, execTime, seed, runs));
        }
        VerifyPage.Run h = new VerifyPage.Run(table, taskset.toString(), execTime.toString(), seed, runs,
                hyperperiods, plan.taskSet().timeUnit().json(), html.force);
        if (html.file != null) {
            outputs.writeString(html.file, VerifyPage.write(h, results));
        }
        switch (common.format) {
            case junit, sarif -> {
                ci.add(CiCases.verify(table, taskset.toString(), h.unit(), results));
                ci.write(out);
            }
            case json -> out.println(Json.line(PlayReports.verifyJson(h, results)));
            case csv -> PlayReports.verifyCsv(out, h, results);
            default -> PlayReports.verifyText(out, h, results, common.quiet);
        }
        return results.stream().allMatch(Verifier.ModeResult::ok) ? ExitCodes.OK : ExitCodes.NOT_SCHEDULABLE;
    }
}
