package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.copyexec.CopySim;
import org.gpusched.copyexec.JobRun;
import org.gpusched.copyexec.Operation;
import org.gpusched.model.Escapes;
import org.gpusched.player.StrategyPlay;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Renders {@code play --strategy} ({@link StrategyPlay}) as text, JSON and CSV. */
public final class StrategyPlayReports {
    private StrategyPlayReports() { }

    /** Every job (and in JSON every operation) of a played strategy, in {@code format}. */
    public static void report(PrintWriter out, StrategyPlay.Played p, OutputFormat format, boolean quiet) {
        StrategyPlay.Request r = p.request();
        String file = Escapes.text(r.workload().toString());
        CopySim run = p.run();
        List<JobRun> misses = run.misses();
        switch (format) {
            case json -> {
                ObjectNode o = Json.object().put("file", file).put("strategy", r.strategy().id()).put("device", p.device())
                        .put("timeUnit", p.unit()).put("execTime", r.exec().toString()).put("seed", r.seed());
                ArrayNode jobs = o.putArray("jobs");
                for (JobRun j : run.jobs()) {
                    jobs.addObject().put("task", j.task()).put("job", j.job()).put("release", j.release())
                            .put("start", j.start()).put("finish", j.finish()).put("responseTime", j.responseTime())
                            .put("deadline", j.deadline()).put("miss", j.miss());
                }
                ArrayNode ops = o.putArray("operations");
                for (Operation x : run.ops()) {
                    ops.addObject().put("task", run.jobs().stream().filter(j -> j.taskIndex() == x.task()).findFirst()
                            .map(JobRun::task).orElse("?")).put("job", x.job()).put("op", x.kind().json())
                            .put("lane", x.lane()).put("start", x.start()).put("end", x.end());
                }
                o.putObject("summary").put("jobs", run.jobs().size()).put("batches", run.batchStarts().size())
                        .put("misses", misses.size()).put("slack", run.slack());
                out.println(Json.line(o));
            }
            case csv -> {
                out.println("task,job,release,start,finish,responseTime,deadline,miss");
                for (JobRun j : run.jobs()) {
                    out.println(Csv.row(j.task(), j.job(), j.release(), j.start(), j.finish(), j.responseTime(),
                            j.deadline(), j.miss()));
                }
            }
            default -> {
                out.printf(Locale.ROOT, "%s: play --strategy %s on %s: %d jobs in %d batches, %s%n", file,
                        r.strategy().id(), p.device(), run.jobs().size(), run.batchStarts().size(), misses.isEmpty()
                                ? "no deadline miss" : misses.size() + " deadline misses (first: " + misses.get(0).task()
                                + "#" + misses.get(0).job() + ")");
                if (quiet) {
                    return;
                }
                out.printf(Locale.ROOT, "  %-16s %5s %12s %12s %12s %12s %12s%n", "task", "job", "release", "start",
                        "finish", "response", "deadline");
                for (JobRun j : run.jobs()) {
                    out.printf(Locale.ROOT, "  %-16s %5d %12d %12d %12d %12d %12d%s%n", j.task(), j.job(), j.release(),
                            j.start(), j.finish(), j.responseTime(), j.deadline(), j.miss() ? "  MISS" : "");
                }
                out.printf(Locale.ROOT, "  times in %s; execution times %s (seed %d)%n", p.unit(), r.exec(), r.seed());
            }
        }
    }
}
