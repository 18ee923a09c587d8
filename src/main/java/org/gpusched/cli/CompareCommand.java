package org.gpusched.cli;

import org.gpusched.model.Escapes;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Budget;
import org.gpusched.model.Workload;
import org.gpusched.policy.Detail;
import org.gpusched.policy.Method;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.Outcome;
import org.gpusched.policy.Registry;
import org.gpusched.policy.PbsFamily;
import org.gpusched.baseline.OnlineEdfGraph;
import org.gpusched.policy.RunOptions;
import org.gpusched.policy.TaskRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Run every method that applies side by side on each workload.",
                "The others are shown as n/a with the reason. Per task: the response time each method bounds,",
                "finds or observes."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched compare examples/*.json", "  gpusched compare ts.json --format json",
                "  gpusched compare ts.json --methods gpusched,edf-parallel", "  gpusched compare --list",
                "", "Exit code: 0 when every file was analysed (whatever the verdicts; n/a included), 2 on invalid"
                + " input, 3 when an analysis was inconclusive.",
                "The budgets (--time-limit, --max-states, heap) bind the methods of one file together."})
final class CompareCommand implements Callable<Integer> {
    /** The keys v1's compare used; kept in the JSON for the scripts that read them. */
    private static final Map<String, String> LEGACY = Map.of("gpusched", "gpusched", "edf-serial", "edfSerial",
            "edf-parallel", "edfParallel");

    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;
    @Mixin
    ExploreOptions explore;
    @Mixin
    PolicyOptions policy;

    @Option(names = "--methods", paramLabel = "A,B,...", split = ",",
            description = "The methods to run, in this order (default: every method of 'gpusched methods').")
    List<String> methods;

    @Option(names = "--list", description = "List the methods (as 'gpusched methods') and exit.")
    boolean list;

    @Parameters(arity = "0..*", paramLabel = "FILE", description = "Workload files (format v1 or v2); - reads stdin.")
    List<Path> files;

    @Override
    public Integer call() throws java.io.IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Registry registry = Registry.standard();
        List<Method> chosen = methods == null ? registry.all()
                : PolicyOptions.resolve(spec.commandLine(), registry, methods);
        if (list) {
            PolicyReports.methods(out, common.format, chosen);
            return ExitCodes.OK;
        }
        if (files == null || files.isEmpty()) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "missing FILE (or --list)");
        }
        RunOptions options = policy.toRunOptions(spec.commandLine(), explore, 0);
        if (common.format == OutputFormat.csv) {
            out.println("file,name,method,verdict,schedulable,evidence,note");
        }
        return TaskSetFiles.eachWorkload(files, common.workloadReader(), common, out, err, (f, w) -> {
            List<MethodResult> results = new ArrayList<>();
            int code = ExitCodes.OK;
            // One meter per file: the budgets bind all the methods of one file together.
            Budget.Meter meter = options.explore().budget().start();
            for (Method m : chosen) {
                // The time-triggered EDF rules differ from the online ones only with jitter: shown then.
                if (methods == null && PbsFamily.timeTriggeredEdf(m)
                        && (w.pbs() == null || !OnlineEdfGraph.differs(w.pbs()))) {
                    continue;
                }
                MethodResult r = m.analyze(w, options, meter);
                results.add(r);
                if (r.outcome() == Outcome.INCONCLUSIVE) {
                    code = ExitCodes.INCONCLUSIVE;
                }
            }
            switch (common.format) {
                case json -> out.println(Json.line(json(f.toString(), w, results)));
                case csv -> results.forEach(r -> out.println(Csv.row(f.toString(), w.name(), r.method(),
                        r.outcome().words(), PolicyReports.bool(r), r.evidence().json(), r.reason())));
                default -> text(out, f.toString(), w, results);
            }
            return code;
        });
    }

    private ObjectNode json(String file, Workload w, List<MethodResult> results) {
        ObjectNode o = Json.object().put("file", file).put("name", w.name()).put("formatVersion", w.formatVersion())
                .put("timeUnit", w.timeUnit().json());
        ArrayNode a = o.putArray("methods");
        for (MethodResult r : results) {
            a.add(PolicyReports.result(r, w, false));
            String key = LEGACY.get(r.method());
            if (key != null && r.detail() instanceof Detail.Frames fr) {
                o.set(key, fr.baseline() != null ? Reports.baseline(fr.taskSet(), fr.baseline()) : legacyPbs(r));
            }
        }
        return o;
    }

    private static ObjectNode legacyPbs(MethodResult r) {
        ObjectNode gs = Json.object();
        Boolean b = r.outcome().asBoolean();
        if (b == null) {
            gs.putNull("schedulable");
        } else {
            gs.put("schedulable", b);
        }
        gs.putArray("misses");
        return gs.put("verdict", r.outcome().words()).put("note", r.reason());
    }

    private void text(PrintWriter out, String file, Workload w, List<MethodResult> results) {
        out.println(Escapes.text(file) + (w.name() == null ? "" : " (" + Escapes.text(w.name()) + ")") + ": " + w.size() + " tasks, times in "
                + w.timeUnit().json());
        int width = Math.max(14, results.stream().mapToInt(r -> r.method().length()).max().orElse(0));
        for (MethodResult r : results) {
            out.println(String.format(Locale.ROOT, "  %-" + width + "s %-16s %-11s %s", r.method(),
                    r.outcome().words(), r.evidence().json(), r.reason() == null ? "" : r.reason()).stripTrailing());
        }
        List<MethodResult> withRows = results.stream().filter(r -> !r.tasks().isEmpty()).toList();
        if (common.quiet || withRows.isEmpty()) {
            return;
        }
        out.println("  response times per task (bound, schedule found, or simulated worst; '> D': no bound within"
                + " the deadline; '-': not known):");
        int names = Math.max(16, w.tasks().stream().mapToInt(t -> t.name().length()).max().orElse(0));
        String first = "    %-" + names + "s %10s";
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, first, "task", "deadline"));
        withRows.forEach(r -> head.append(String.format(Locale.ROOT, " %" + Math.max(12, r.method().length()) + "s",
                r.method())));
        out.println(head);
        for (int i = 0; i < w.size(); i++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, first, w.task(i).name(),
                    w.task(i).deadline()));
            for (MethodResult r : withRows) {
                TaskRow row = i < r.tasks().size() ? r.tasks().get(i) : null;
                String cell = row == null ? "-" : PolicyReports.response(row, w)
                        + (Boolean.FALSE.equals(row.schedulable()) ? "!" : "");
                line.append(String.format(Locale.ROOT, " %" + Math.max(12, r.method().length()) + "s", cell));
            }
            out.println(line);
        }
    }
}
