package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.copyexec.CopySim;
import org.gpusched.copyexec.JobRun;
import org.gpusched.copyexec.Operation;
import org.gpusched.model.Escapes;
import org.gpusched.model.Workload;
import org.gpusched.pages.PlayPage;
import org.gpusched.pages.VerifyPage;
import org.gpusched.partition.SmPartitionPlan;
import org.gpusched.player.*;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Text, JSON and CSV reports of {@code play} (of a table, a partition plan or a copy/execute strategy) and
 * {@code verify}; no clock values, so sim output is reproducible.
 */
public final class PlayReports {
    public static final String CSV_HEADER = Csv.row("hyperperiod", "entry", "position", "task", "job", "release",
            "batchPlannedStart", "batchStart", "start", "finish", "responseTime", "deadline", "slack",
            "batchPlannedEnd", "batchEnd", "miss", "kernelStart", "kernelFinish", "kernelModel", "kernelTime",
            "h2dModel", "h2dTime", "d2hModel", "d2hTime");

    private PlayReports() { }

    public static void text(PrintWriter out, PlayPage.Run h, PlayResult r, boolean quiet) {
        if (!quiet) {
            out.printf(Locale.ROOT, "play %s (task set %s) on %s, mode %s, exec-time %s, seed %d, %d hyperperiod%s;"
                            + " times in %s%n", Escapes.text(h.table()), Escapes.text(h.taskSet()), r.trace().device(),
                    r.mode().cli(), h.execTime(), h.seed(), r.plan().played(), r.plan().played() == 1 ? "" : "s",
                    r.trace().unit());
            out.println("batches:");
            out.printf(Locale.ROOT, "  %5s %3s %12s %12s %12s %12s  %s%n", "entry", "hp", "plan-start", "start",
                    "plan-end", "end", "jobs");
            for (PlayResult.BatchRow b : r.batches()) {
                out.printf(Locale.ROOT, "  %5d %3d %12d %12d %12d %12d  %s%n", b.entry(), b.hyperperiod(),
                        b.plannedStart(), b.start(), b.plannedEnd(), b.end(), String.join(" ", b.jobs()));
            }
            out.println("jobs:");
            out.printf(Locale.ROOT, "  %-16s %3s %12s %12s %12s %12s %12s %12s%n", "job", "hp", "release", "start",
                    "finish", "response", "deadline", "slack");
            for (PlayResult.JobRow j : r.jobs()) {
                out.printf(Locale.ROOT, "  %-16s %3d %12d %12d %12d %12d %12d %12d%s%n", j.task() + "#" + j.job(),
                        j.hyperperiod(), j.release(), j.start(), j.finish(), j.response(), j.deadline(), j.slack(),
                        j.miss() ? "  MISS" : "");
            }
            r.trace().notes().forEach(n -> out.println("device: " + n));
            // Each kernel's measured time against the time it was asked for, each copy's against its stated time.
            PlayResult.OpError e = PlayResult.OpError.of(r.jobs());
            out.println("kernels vs model: " + e.kernels() + ", worst measured - model " + e.worstKernel()
                    + (e.copies() == 0 ? "; no copies" : "; copies vs stated time: " + e.copies()
                    + ", worst measured - stated " + e.worstCopy()));
            out.println(ProfileReports.framesText(FrameCheck.of(r)));
            PlayResult.Summary ns = r.summary();
            if (ns.neverRun() > 0) {
                out.println("never run (each a miss): " + ns.neverRun() + " job" + (ns.neverRun() == 1 ? "" : "s")
                        + ": " + String.join(" ", ns.neverRunJobs())
                        + (ns.neverRun() > ns.neverRunJobs().size() ? " ..." : ""));
            }
        }
        PlayResult.Summary s = r.summary();
        out.printf(Locale.ROOT, "%s: %d jobs in %d batches, %s, max lateness %d, GPU busy %.1f%%%n", Escapes.text(h.table()),
                s.jobs(), s.batches(), s.misses() == 0 ? "no deadline miss" : s.misses() + " deadline miss"
                        + (s.misses() == 1 ? "" : "es") + " (first: " + s.firstMiss() + ")",
                s.maxLateness(), 100 * s.busyFraction());
    }

    public static ObjectNode json(PlayPage.Run h, PlayResult r) {
        // "file" is the command's input (the table), as in every report; the task set is named after its option.
        ObjectNode o = Json.object();
        o.put("file", h.table());
        o.put("taskSet", h.taskSet());
        o.put("device", r.trace().device());
        o.put("mode", r.mode().cli());
        o.put("execTime", h.execTime());
        o.put("seed", h.seed());
        o.put("hyperperiods", r.plan().played());
        o.put("timeUnit", r.trace().unit());
        o.set("summary", Json.MAPPER.valueToTree(r.summary())); // the summary's fields are its JSON object's
        ArrayNode batches = o.putArray("batches");
        r.batches().forEach(b -> batches.add(Json.pick(b, "entry", "hyperperiod", "plannedStart", "start",
                "plannedEnd", "end", "jobs")));
        ArrayNode jobs = o.putArray("jobs");
        for (PlayResult.JobRow j : r.jobs()) {
            ObjectNode n = jobs.addObject().setAll(Json.pick(j, "task", "job", "hyperperiod", "entry", "release",
                    "start", "finish"));
            n.put("responseTime", j.response()).put("deadline", j.deadline()).put("slack", j.slack())
                    .put("miss", j.miss());
            PlayResult.Ops ops = j.ops();
            n.setAll(Json.pick(ops, "kernelStart", "kernelFinish", "kernelModel"));
            n.put("kernelTime", ops.kernelTime());
            n.setAll(Json.pick(ops, "h2dModel", "h2dTime", "d2hModel", "d2hTime"));
        }
        PlayResult.OpError err = PlayResult.OpError.of(r.jobs());
        ObjectNode ops = o.putObject("ops");
        ops.put("kernels", err.kernels());
        ops.put("worstKernelOverModel", err.worstKernel());
        ops.put("copies", err.copies());
        ops.put("worstCopyOverModel", err.worstCopy());
        r.trace().notes().forEach(o.putArray("deviceNotes")::add);
        o.set("frames", ProfileReports.framesJson(FrameCheck.of(r)));
        return o;
    }

    /** One row per job, with its batch's planned and actual start and end. */
    public static void csv(PrintWriter out, PlayResult r) {
        out.println(CSV_HEADER);
        for (PlayResult.JobRow j : r.jobs()) {
            PlayResult.BatchRow b = r.batches().get(j.entry());
            out.println(Csv.row(j.hyperperiod(), j.entry(), j.position(), j.task(), j.job(), j.release(),
                    b.plannedStart(), b.start(), j.start(), j.finish(), j.response(), j.deadline(), j.slack(),
                    b.plannedEnd(), b.end(), j.miss(), j.ops().kernelStart(), j.ops().kernelFinish(),
                    j.ops().kernelModel(), j.ops().kernelTime(), j.ops().h2dModel(), j.ops().h2dTime(),
                    j.ops().d2hModel(), j.ops().d2hTime()));
        }
    }

    public static void verifyText(PrintWriter out, VerifyPage.Run h, List<Verifier.ModeResult> results, boolean quiet) {
        if (!quiet) {
            out.printf(Locale.ROOT, "verify %s (task set %s): %d runs per mode, exec-time %s, seeds %d..%d, "
                    + "%d hyperperiod%s per run, simulated device%n", Escapes.text(h.table()), Escapes.text(h.taskSet()),
                    h.runs(), h.execTime(), h.seed(), h.seed() + h.runs() - 1, h.hyperperiods(),
                    h.hyperperiods() == 1 ? "" : "s");
        }
        for (Verifier.ModeResult m : results) {
            if (m.ok()) {
                out.printf(Locale.ROOT, "  %s: no deadline miss in %d runs (max lateness %d %s, seed %d)%n",
                        m.mode().cli(), m.runs(), m.worstLateness(), h.unit(), m.worstSeed());
            } else {
                out.printf(Locale.ROOT, "  %s: MISS in %d of %d runs (%d jobs; first: %s); seeds %s%n", m.mode().cli(),
                        m.failedRuns(), m.runs(), m.missedJobs(), m.firstMiss(),
                        m.failingSeeds().stream().map(String::valueOf).collect(Collectors.joining(", "))
                                + (m.failedRuns() > m.failingSeeds().size() ? ", ..." : ""));
                out.println("    reproduce: " + h.reproduce(m));
            }
        }
    }

    public static ObjectNode verifyJson(VerifyPage.Run h, List<Verifier.ModeResult> results) {
        ObjectNode o = Json.object();
        o.put("file", h.table());
        o.put("taskSet", h.taskSet());
        o.put("timeUnit", h.unit());
        o.setAll(Json.pick(h, "execTime", "seed", "runs", "hyperperiods"));
        o.put("ok", results.stream().allMatch(Verifier.ModeResult::ok));
        ArrayNode modes = o.putArray("modes");
        for (Verifier.ModeResult m : results) {
            ObjectNode n = modes.addObject();
            n.put("mode", m.mode().cli());
            n.setAll(Json.pick(m, "runs", "failedRuns", "missedJobs"));
            n.put("maxLateness", m.worstLateness());
            n.put("maxLatenessSeed", m.worstSeed());
            n.put("firstMiss", m.firstMiss());
            m.failingSeeds().forEach(n.putArray("failingSeeds")::add);
            n.put("reproduce", m.ok() ? null : h.reproduce(m));
        }
        return o;
    }

    public static void verifyCsv(PrintWriter out, VerifyPage.Run h, List<Verifier.ModeResult> results) {
        out.println(Csv.row("file", "mode", "runs", "failedRuns", "missedJobs", "maxLateness", "maxLatenessSeed",
                "firstFailingSeed", "firstMiss"));
        for (Verifier.ModeResult m : results) {
            out.println(Csv.row(h.table(), m.mode().cli(), m.runs(), m.failedRuns(), m.missedJobs(), m.worstLateness(),
                    m.worstSeed(), m.ok() ? null : m.failingSeeds().get(0), m.firstMiss()));
        }
    }

    /** {@code play} of a partition plan ({@link PlanPlay}): worst response and misses per task, in {@code format}. */
    public static void planPlay(PrintWriter out, PlanPlay.Played played, OutputFormat format, boolean quiet) {
        PlanPlay.Request q = played.request();
        Workload w = played.workload();
        SmPartitionPlan plan = played.plan();
        List<PartitionSim.Job> jobs = played.jobs();
        long h = played.hyperperiod();
        String device = played.device();
        long misses = jobs.stream().filter(PartitionSim.Job::missed).count();
        ObjectNode o = Json.object().put("file", q.plan()).put("workload", q.workload().toString())
                .put("device", device).put("partitionTest", plan.test().id())
                .put("policy", PartitionSim.policy(plan.test())).put("hyperperiods", q.hyperperiods())
                .put("hyperperiod", h).put("timeUnit", w.timeUnit().json());
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
                out.println(Escapes.text(q.plan()) + ": "
                        + (misses == 0 ? "no deadline miss" : misses + " deadline misses")
                        + String.format(Locale.ROOT, " (%s: %d partitions, %s, %d x hyperperiod %d %s)", device,
                        plan.partitions().size(), PartitionSim.policy(plan.test()), q.hyperperiods(), h,
                        w.timeUnit().json()));
                if (quiet) {
                    return;
                }
                out.printf(Locale.ROOT, "  %-16s %-9s %9s %6s %14s %10s %6s%n", "task", "partition", "SMs", "jobs",
                        "worst response", "deadline", "misses");
                o.path("tasks").forEach(t -> out.printf(Locale.ROOT, "  %-16s %-9s %9s %6d %14d %10d %6d%n",
                        Escapes.text(t.path("task").asText()), Escapes.text(t.path("partition").asText()),
                        t.path("firstSm").asText() + ".." + t.path("lastSm").asText(), t.path("jobs").asLong(),
                        t.path("worstResponseTime").asLong(), t.path("deadline").asLong(), t.path("misses").asLong()));
            }
        }
    }

    /**
     * {@code play --strategy} ({@link StrategyPlay}): every job (and in JSON every operation) of a played
     * strategy, in {@code format}.
     */
    public static void strategyPlay(PrintWriter out, StrategyPlay.Played p, OutputFormat format, boolean quiet) {
        StrategyPlay.Request r = p.request();
        String file = Escapes.text(r.workload().toString());
        CopySim run = p.run();
        List<JobRun> misses = run.misses();
        switch (format) {
            case json -> {
                ObjectNode o = Json.object().put("file", file).put("strategy", r.strategy().id())
                        .put("device", p.device()).put("timeUnit", p.unit()).put("execTime", r.exec().toString())
                        .put("seed", r.seed());
                ArrayNode jobs = o.putArray("jobs");
                for (JobRun j : run.jobs()) {
                    ObjectNode n = jobs.addObject().setAll(Json.pick(j, "task", "job", "release", "start", "finish"));
                    n.put("responseTime", j.responseTime()).put("deadline", j.deadline()).put("miss", j.miss());
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
                                ? "no deadline miss" : misses.size() + " deadline misses (first: "
                                + misses.get(0).task() + "#" + misses.get(0).job() + ")");
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
