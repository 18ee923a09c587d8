package org.gpusched.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.copyexec.CopySim;
import org.gpusched.copyexec.CopyWorkload;
import org.gpusched.copyexec.JobRun;
import org.gpusched.copyexec.Op;
import org.gpusched.copyexec.Strategy;
import org.gpusched.gantt.Timelines;
import org.gpusched.model.Escapes;
import org.gpusched.model.InputException;
import org.gpusched.model.Workload;
import org.gpusched.output.Outputs;
import org.gpusched.player.CopyDevice;
import org.gpusched.player.CudaCopyDevice;
import org.gpusched.player.CudaException;
import org.gpusched.player.DeviceChoice;
import org.gpusched.player.ExecTime;
import org.gpusched.player.SimCopyDevice;
import org.gpusched.player.StrategyPlayer;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code play --strategy S --taskset W}: a copy/execute strategy played on the simulated device or
 * the GPU (docs/copy-execute.md, "Player"). Reports every job and operation as measured.
 */
final class StrategyPlay {
    /** What one run asks for; {@code tickNs} null: from the workload's time unit. */
    record Request(Strategy strategy, Path workload, DeviceChoice device, int gpu, Long tickNs, ExecTime exec,
                   long seed, Path gantt, CommonOptions common) { }

    private StrategyPlay() { }

    static int run(Request r, PrintWriter out, PrintWriter err) {
        Workload w = r.common().workloadReader().read(r.workload());
        CopyWorkload.View v = CopyWorkload.of(w);
        String file = Escapes.text(r.workload().toString());
        if (v instanceof CopyWorkload.Unfit u) {
            throw new InputException(r.workload().toString(), "", "--strategy " + r.strategy().id() + ": not applicable: "
                    + u.reason());
        }
        CopyWorkload cw = ((CopyWorkload.Fits) v).workload();
        if (r.strategy().concurrentKernels() && cw.pairs() == null) {
            throw new InputException(r.workload().toString(), "", "--strategy " + r.strategy().id()
                    + ": not applicable: " + cw.pairsNote());
        }
        Outputs outputs = Outputs.of(List.of(r.workload()), false);
        if (r.gantt() != null) {
            outputs.check(r.gantt());
        }
        CopyDevice dev = open(r, w, cw, err);
        if (dev == null) {
            return ExitCodes.INVALID;
        }
        CopySim run;
        try (CopyDevice d = dev) {
            if (!(d instanceof SimCopyDevice)) {
                // Load and link the CPU loop's classes first: on an H100 the first batch boundary of a cold
                // JVM cost 2.5-3.7 ms otherwise (docs/copy-execute.md).
                StrategyPlayer.play(cw, r.strategy(), new SimCopyDevice(cw.engines(), "tick"), r.exec(), r.seed());
            }
            run = StrategyPlayer.play(cw, r.strategy(), d, r.exec(), r.seed());
        } catch (CudaException e) {
            err.println("gpusched: " + dev.name() + " failed while playing: " + e.getMessage());
            return ExitCodes.INTERNAL;
        }
        if (r.gantt() != null) {
            GanttOutput.write(outputs, r.gantt(), Timelines.of(cw, run, cw.name() + ": play --strategy "
                    + r.strategy().id() + " on " + dev.name() + " (measured)", dev.unit()));
        }
        report(out, r, file, dev, run);
        return run.misses().isEmpty() ? ExitCodes.OK : ExitCodes.NOT_SCHEDULABLE;
    }

    private static CopyDevice open(Request r, Workload w, CopyWorkload cw, PrintWriter err) {
        if (r.device() == DeviceChoice.SIM) {
            return new SimCopyDevice(cw.engines(), w.timeUnit().json());
        }
        long nanos = r.tickNs() != null ? r.tickNs() : w.timeUnit().nanos();
        if (nanos <= 0) {
            if (r.device() == DeviceChoice.AUTO) {
                err.println("gpusched: time unit is abstract ticks (no --tick-ns); playing on the simulated device");
                return new SimCopyDevice(cw.engines(), w.timeUnit().json());
            }
            err.println("gpusched: " + Escapes.text(r.workload().toString())
                    + ": time unit is abstract ticks; give --tick-ns to play it on the GPU");
            return null;
        }
        try {
            return CudaCopyDevice.open(w, r.gpu(), nanos);
        } catch (CudaException e) {
            if (r.device() == DeviceChoice.AUTO && e.unavailable()) {
                err.println("gpusched: no usable GPU (" + e.getMessage() + "); playing on the simulated device");
                return new SimCopyDevice(cw.engines(), w.timeUnit().json());
            }
            err.println("gpusched: --device " + Main.spell(r.device()) + ": " + e.getMessage());
            return null;
        }
    }

    private static void report(PrintWriter out, Request r, String file, CopyDevice dev, CopySim run) {
        List<JobRun> misses = run.misses();
        switch (r.common().format) {
            case json -> {
                ObjectNode o = Json.object().put("file", file).put("strategy", r.strategy().id()).put("device", dev.name())
                        .put("timeUnit", dev.unit()).put("execTime", r.exec().toString()).put("seed", r.seed());
                ArrayNode jobs = o.putArray("jobs");
                for (JobRun j : run.jobs()) {
                    jobs.addObject().put("task", j.task()).put("job", j.job()).put("release", j.release())
                            .put("start", j.start()).put("finish", j.finish()).put("responseTime", j.responseTime())
                            .put("deadline", j.deadline()).put("miss", j.miss());
                }
                ArrayNode ops = o.putArray("operations");
                for (Op x : run.ops()) {
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
                    out.println(Csv.row(j.task(), Long.toString(j.job()), Long.toString(j.release()),
                            Long.toString(j.start()), Long.toString(j.finish()), Long.toString(j.responseTime()),
                            Long.toString(j.deadline()), Boolean.toString(j.miss())));
                }
            }
            default -> {
                out.printf(Locale.ROOT, "%s: play --strategy %s on %s: %d jobs in %d batches, %s%n", file,
                        r.strategy().id(), dev.name(), run.jobs().size(), run.batchStarts().size(), misses.isEmpty()
                                ? "no deadline miss" : misses.size() + " deadline misses (first: " + misses.get(0).task()
                                + "#" + misses.get(0).job() + ")");
                if (r.common().quiet) {
                    return;
                }
                out.printf(Locale.ROOT, "  %-16s %5s %12s %12s %12s %12s %12s%n", "task", "job", "release", "start",
                        "finish", "response", "deadline");
                for (JobRun j : run.jobs()) {
                    out.printf(Locale.ROOT, "  %-16s %5d %12d %12d %12d %12d %12d%s%n", j.task(), j.job(), j.release(),
                            j.start(), j.finish(), j.responseTime(), j.deadline(), j.miss() ? "  MISS" : "");
                }
                out.printf(Locale.ROOT, "  times in %s; execution times %s (seed %d)%n", dev.unit(), r.exec(), r.seed());
            }
        }
    }
}
