package org.gpusched.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Escapes;
import org.gpusched.model.Hyperperiod;
import org.gpusched.model.InputException;
import org.gpusched.model.Workload;
import org.gpusched.partition.PartitionInput;
import org.gpusched.partition.PartitionPlan;
import org.gpusched.partition.PlanFile;
import org.gpusched.partition.PlanReader;
import org.gpusched.player.CudaException;
import org.gpusched.player.DeviceChoice;
import org.gpusched.player.NativePartition;
import org.gpusched.player.PartitionSim;
import org.gpusched.player.Plan;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * {@code play} given a partition plan (analyze --plan) instead of a scheduling table: each
 * partition's kernels confined to its SMs, on the simulated device ({@link PartitionSim}, also for
 * --device auto) or, asked for explicitly, on CUDA through green contexts ({@link PlanOnGpu}; refused,
 * exit 2, where the driver lacks them; docs/partitioning.md).
 */
final class PlanPlay {
    private PlanPlay() { }

    /** Whether {@code file} (not stdin) is a partition plan rather than a table: its "format" says so. */
    static boolean isPlan(String file) {
        if (file.equals("-")) {
            return false;
        }
        try {
            String head = Files.readString(Path.of(file), StandardCharsets.UTF_8);
            return head.contains("\"" + PlanFile.FORMAT + "\"");
        } catch (IOException | RuntimeException e) {
            return false; // the table reader reports the file's problem
        }
    }

    record Request(String plan, Path workload, DeviceChoice device, int hyperperiods, boolean force, int gpu,
                   OutputFormat format, boolean quiet, WorkloadReaderFactory reader) { }

    interface WorkloadReaderFactory {
        Workload read(Path p);
    }

    static int run(Request q, PrintWriter out, PrintWriter err) {
        Workload w = q.reader().read(q.workload());
        String why = PartitionInput.check(w);
        if (why != null) {
            throw new InputException(q.workload().toString(), "", "SM partitioning does not apply: " + why);
        }
        PartitionInput in = PartitionInput.of(w);
        String text;
        try {
            text = Files.readString(Path.of(q.plan()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(q.plan(), "", "cannot read: " + e.getMessage());
        }
        PartitionPlan plan = PlanReader.read(q.plan(), text, in, w.sha256(), q.force());
        long[] periods = w.tasks().stream().mapToLong(t -> t.period()).toArray();
        OptionalLong h = Hyperperiod.lcm(periods);
        long jobs = 0;
        if (h.isPresent()) {
            for (long p : periods) {
                jobs += h.getAsLong() / p * q.hyperperiods();
            }
        }
        if (h.isEmpty() || jobs > Plan.MAX_ITEMS) {
            throw new InputException(q.workload().toString(), "", "too many jobs to play (" + (h.isEmpty() ? "the "
                    + "hyperperiod overflows" : jobs) + "); the player plays at most " + Plan.MAX_ITEMS);
        }
        long horizon = h.getAsLong() * q.hyperperiods();
        List<PartitionSim.Job> played;
        String device = "sim";
        if (q.device() == DeviceChoice.CUDA) {
            try {
                played = PlanOnGpu.play(q.gpu(), w, plan, horizon);
            } catch (CudaException e) {
                err.println("gpusched: --device cuda: " + e.getMessage());
                return NativePartition.unsupported(e) ? ExitCodes.INVALID : ExitCodes.INTERNAL;
            } catch (IllegalArgumentException e) {
                err.println("gpusched: --device cuda: " + e.getMessage());
                return ExitCodes.INVALID;
            }
            device = "cuda";
        } else {
            played = PartitionSim.play(plan, horizon);
        }
        report(q, w, plan, played, h.getAsLong(), device, out);
        return played.stream().anyMatch(PartitionSim.Job::missed) ? ExitCodes.NOT_SCHEDULABLE : ExitCodes.OK;
    }

    private static void report(Request q, Workload w, PartitionPlan plan, List<PartitionSim.Job> jobs, long h,
                               String device, PrintWriter out) {
        long misses = jobs.stream().filter(PartitionSim.Job::missed).count();
        ObjectNode o = Json.object().put("file", q.plan()).put("workload", q.workload().toString()).put("device", device)
                .put("partitionTest", plan.test().id()).put("policy", PartitionSim.policy(plan.test()))
                .put("hyperperiods", q.hyperperiods()).put("hyperperiod", h).put("timeUnit", w.timeUnit().json());
        o.putObject("summary").put("jobs", jobs.size()).put("misses", misses);
        ArrayNode tasks = o.putArray("tasks");
        for (PartitionPlan.Partition p : plan.partitions()) {
            for (PartitionPlan.Slot s : p.tasks()) {
                long worst = 0;
                long n = 0;
                long miss = 0;
                for (PartitionSim.Job j : jobs) {
                    if (j.taskIndex() == s.index()) {
                        worst = Math.max(worst, j.finish() - j.release());
                        n++;
                        miss += j.missed() ? 1 : 0;
                    }
                }
                tasks.addObject().put("task", s.task()).put("partition", p.name()).put("sms", p.sms())
                        .put("firstSm", p.firstSm()).put("lastSm", p.lastSm()).put("jobs", n)
                        .put("worstResponse", worst).put("deadline", s.deadline()).put("misses", miss);
            }
        }
        switch (q.format()) {
            case json -> out.println(Json.line(o));
            case csv -> {
                out.println("task,partition,sms,firstSm,lastSm,jobs,worstResponse,deadline,misses");
                o.path("tasks").forEach(t -> out.println(Csv.row(t.path("task").asText(), t.path("partition").asText(),
                        t.path("sms").asText(), t.path("firstSm").asText(), t.path("lastSm").asText(),
                        t.path("jobs").asText(), t.path("worstResponse").asText(), t.path("deadline").asText(),
                        t.path("misses").asText())));
            }
            default -> {
                out.println(Escapes.text(q.plan()) + ": " + (misses == 0 ? "no deadline miss" : misses + " deadline misses")
                        + String.format(Locale.ROOT, " (%s: %d partitions, %s, %d x hyperperiod %d %s)",
                        device, plan.partitions().size(), PartitionSim.policy(plan.test()), q.hyperperiods(), h,
                        w.timeUnit().json()));
                if (q.quiet()) {
                    return;
                }
                out.printf(Locale.ROOT, "  %-16s %-9s %9s %6s %14s %10s %6s%n", "task", "partition", "SMs", "jobs",
                        "worst response", "deadline", "misses");
                o.path("tasks").forEach(t -> out.printf(Locale.ROOT, "  %-16s %-9s %9s %6d %14d %10d %6d%n",
                        t.path("task").asText(), t.path("partition").asText(), t.path("firstSm").asText() + ".."
                                + t.path("lastSm").asText(), t.path("jobs").asLong(), t.path("worstResponse").asLong(),
                        t.path("deadline").asLong(), t.path("misses").asLong()));
            }
        }
    }
}
