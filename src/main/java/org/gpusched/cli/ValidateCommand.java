package org.gpusched.cli;

import org.gpusched.model.Escapes;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Gpu;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check task-set files and summarise each: tasks, hyperperiod, jobs, utilisation, GPU, interference.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched validate examples/*.json", "  gpusched validate --format json ts.json | jq .hyperperiod"})
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Task-set files (v1 JSON); - reads stdin.")
    List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int code = ExitCodes.OK;
        if (common.format == OutputFormat.csv) {
            out.println("file,valid,name,tasks,hyperperiod,jobs,utilization,gpu,interference");
        }
        for (Path f : files) {
            try {
                TaskSet ts = common.reader().read(f);
                print(out, f, ts);
            } catch (InputException e) {
                err.println(e.getMessage());
                if (common.format == OutputFormat.json) {
                    ObjectNode o = Json.object().put("file", f.toString()).put("valid", false)
                            .put("error", e.getMessage());
                    out.println(Json.line(o));
                }
                code = ExitCodes.worst(code, ExitCodes.INVALID);
            }
        }
        return code;
    }

    private void print(PrintWriter out, Path f, TaskSet ts) {
        String util = String.format(Locale.ROOT, "%.4f", ts.utilization());
        switch (common.format) {
            case json -> out.println(Json.line(Json.object().put("file", f.toString()).put("valid", true)
                    .put("name", ts.name()).put("tasks", ts.size()).put("hyperperiod", ts.hyperperiod())
                    .put("timeUnit", ts.timeUnit().json()).put("jobs", ts.jobCount())
                    .put("utilization", Double.parseDouble(util)).put("gpu", ts.gpu().name())
                    .put("interference", ts.interference().model().json()).put("sha256", ts.sha256())));
            case csv -> out.println(Csv.row(f.toString(), "true", ts.name(), ts.size(), ts.hyperperiod(),
                    ts.jobCount(), util, ts.gpu().name(), ts.interference().model().json()));
            default -> {
                if (common.quiet) {
                    out.println(Escapes.text(f.toString()) + ": ok");
                    return;
                }
                Gpu g = ts.gpu();
                out.println(Escapes.text(f.toString()) + ": ok" + (ts.name() == null ? "" : " (" + Escapes.text(ts.name()) + ")"));
                out.printf(Locale.ROOT, "  tasks %d, hyperperiod %d %s, jobs %d, utilisation %s%n", ts.size(),
                        ts.hyperperiod(), ts.timeUnit().json(), ts.jobCount(), util);
                out.printf(Locale.ROOT, "  gpu %s (%s SMs, policy %s), interference %s%n", g.name(),
                        Gpu.show(g.sms()), g.smPolicy().json(), ts.interference().model().json());
            }
        }
    }
}
