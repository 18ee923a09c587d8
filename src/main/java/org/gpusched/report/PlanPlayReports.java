package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Escapes;
import org.gpusched.model.Workload;
import org.gpusched.partition.SmPartitionPlan;
import org.gpusched.player.PartitionSim;
import org.gpusched.player.PlanPlay;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Renders {@code play} of a partition plan ({@link PlanPlay}) as text, JSON and CSV. */
public final class PlanPlayReports {
    private PlanPlayReports() { }

    /** The per-task report of a played plan: worst response and misses per task, in {@code format}. */
    public static void report(PlanPlay.Played played, OutputFormat format, boolean quiet, PrintWriter out) {
        PlanPlay.Request q = played.request();
        Workload w = played.workload();
        SmPartitionPlan plan = played.plan();
        List<PartitionSim.Job> jobs = played.jobs();
        long h = played.hyperperiod();
        String device = played.device();
        long misses = jobs.stream().filter(PartitionSim.Job::missed).count();
        ObjectNode o = Json.object().put("file", q.plan()).put("workload", q.workload().toString()).put("device", device)
                .put("partitionTest", plan.test().id()).put("policy", PartitionSim.policy(plan.test()))
                .put("hyperperiods", q.hyperperiods()).put("hyperperiod", h).put("timeUnit", w.timeUnit().json());
        o.putObject("summary").put("jobs", jobs.size()).put("misses", misses);
        ArrayNode tasks = o.putArray("tasks");
        for (SmPartitionPlan.Partition p : plan.partitions()) {
            for (SmPartitionPlan.Slot s : p.tasks()) {
                List<PartitionSim.Job> own = jobs.stream().filter(j -> j.taskIndex() == s.index()).toList();
                long worst = own.stream().mapToLong(j -> j.finish() - j.release()).reduce(0, Math::max);
                tasks.addObject().put("task", s.task()).put("partition", p.name()).put("sms", p.sms())
                        .put("firstSm", p.firstSm()).put("lastSm", p.lastSm()).put("jobs", own.size())
                        .put("worstResponseTime", worst).put("deadline", s.deadline())
                        .put("misses", own.stream().filter(PartitionSim.Job::missed).count());
            }
        }
        switch (format) {
            case json -> out.println(Json.line(o));
            case csv -> {
                // The CSV columns are the JSON fields of a task, in their order.
                List<String> columns = List.of("task", "partition", "sms", "firstSm", "lastSm", "jobs",
                        "worstResponseTime", "deadline", "misses");
                out.println(String.join(",", columns));
                o.path("tasks").forEach(t -> out.println(Csv.row(columns.stream().map(c -> t.path(c).asText())
                        .toArray())));
            }
            default -> {
                out.println(Escapes.text(q.plan()) + ": " + (misses == 0 ? "no deadline miss" : misses + " deadline misses")
                        + String.format(Locale.ROOT, " (%s: %d partitions, %s, %d x hyperperiod %d %s)",
                        device, plan.partitions().size(), PartitionSim.policy(plan.test()), q.hyperperiods(), h,
                        w.timeUnit().json()));
                if (quiet) {
                    return;
                }
                out.printf(Locale.ROOT, "  %-16s %-9s %9s %6s %14s %10s %6s%n", "task", "partition", "SMs", "jobs",
                        "worst response", "deadline", "misses");
                o.path("tasks").forEach(t -> out.printf(Locale.ROOT, "  %-16s %-9s %9s %6d %14d %10d %6d%n",
                        Escapes.text(t.path("task").asText()), Escapes.text(t.path("partition").asText()),
                        t.path("firstSm").asText() + ".."
                                + t.path("lastSm").asText(), t.path("jobs").asLong(), t.path("worstResponseTime").asLong(),
                        t.path("deadline").asLong(), t.path("misses").asLong()));
            }
        }
    }
}
