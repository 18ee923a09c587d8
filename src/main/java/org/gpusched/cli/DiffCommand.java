package org.gpusched.cli;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.Budget;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.TaskSet;
import org.gpusched.pbs.PbsQuestion;
import org.gpusched.report.DiffReports;
import org.gpusched.report.DiffSide;
import org.gpusched.report.Json;
import org.gpusched.report.OutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;

@Command(name = "diff", mixinStandardHelpOptions = true)
final class DiffCommand extends CommonCommand implements NoCsv {
    @Mixin
    ExploreOptions explore;

    @Parameters(index = "0", paramLabel = "OLD")
    Path oldFile;

    @Parameters(index = "1", paramLabel = "NEW")
    Path newFile;

    @Override
    public Integer call() {
        // One meter for the command: the two sides share its time limit, so diff ends within it.
        Budget.Meter meter = explore.budget().start();
        DiffSide[] sides = DiffSide.inOneUnit(side(oldFile, meter), side(newFile, meter));
        DiffSide a = sides[0];
        DiffSide b = sides[1];
        PrintWriter out = out();
        if (common.format == OutputFormat.json) {
            out.println(Json.line(DiffReports.json(a, b)));
        } else {
            DiffReports.text(out, a, b, common.quiet);
        }
        return switch (b.verdict()) {
            case "schedulable" -> ExitCodes.OK;
            case "not schedulable" -> ExitCodes.NOT_SCHEDULABLE;
            default -> ExitCodes.INCONCLUSIVE;
        };
    }

    /**
     * A report as it is; a task set (v1, or v2 within PBS) analysed by the engine --engine names, on
     * what the command's meter has left (its own --max-states).
     */
    private DiffSide side(Path file, Budget.Meter meter) {
        String text = DiffSide.text(file);
        DiffSide report = DiffSide.ofReport(file, text);
        if (report != null) {
            return report;
        }
        TaskSet ts = new TaskSetReader().read(file);
        return DiffSide.of(file, ts, PbsQuestion.steadyState(ts, explore.toOptions(0), meter.inner(explore.budget())));
    }
}
