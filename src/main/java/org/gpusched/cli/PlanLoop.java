package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.model.InputException;
import org.gpusched.input.InputText;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Segment;
import org.gpusched.model.WorkTask;
import org.gpusched.model.Workload;
import org.gpusched.output.Outputs;
import org.gpusched.player.DeviceChoice;
import org.gpusched.profile.Model;
import org.gpusched.report.Json;
import org.gpusched.timepart.Flows;
import org.gpusched.timepart.PlanSearch;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code loop --plan}: the paper's measured loop for plans (Gomez et al., Figure 1). Each round builds
 * a plan for the model so far ({@code optimize --plan}), profiles the kernels as that plan runs them,
 * folds the measured times (statistic, margin) into the model and analyses the plan again; it stops
 * when the model no longer changes and the plan is schedulable, when no plan is schedulable, or at
 * {@code --rounds}. On {@code --device sim} a kernel runs for the time {@code --sim-timing} (a
 * workload with the same tasks) gives it: kernels serialised by the plan do not disturb each other.
 */
final class PlanLoop {
    private final LoopCommand cmd;

    PlanLoop(LoopCommand cmd) {
        this.cmd = cmd;
    }

    int run() throws IOException {
        CommandLine line = cmd.spec.commandLine();
        if (cmd.explore.engine != null && cmd.explore.engine != EngineKind.GRAPH) {
            // The plan loop analyses time partitions, not the PBS question: no engine of it would answer.
            throw new CommandLine.ParameterException(line, "loop --plan analyses time-partition plans, which no PBS"
                    + " engine decides: --engine does not apply");
        }
        if (cmd.profile.device != DeviceChoice.SIM || cmd.profile.simTiming == null) {
            throw new CommandLine.ParameterException(line, "loop --plan profiles on --device sim --sim-timing TRUTH"
                    + " (a workload with the same tasks); on a GPU, run profile under the plan and optimize --plan");
        }
        String content = InputText.read(cmd.taskset);
        Workload w = new WorkloadReader().read(cmd.taskset.toString(), content);
        Workload truth = new WorkloadReader().read(cmd.profile.simTiming.toString(),
                InputText.read(cmd.profile.simTiming));
        Path reportOut = cmd.report != null ? cmd.report : ProfileCommand.beside(cmd.out, ".rounds.json");
        Outputs outputs = Outputs.of(List.of(cmd.taskset, cmd.profile.simTiming), cmd.force);
        outputs.check(cmd.out);
        outputs.check(reportOut);
        PrintWriter out = line.getOut();
        ArrayNode rounds = Json.MAPPER.createArrayNode();
        int code = ExitCodes.INCONCLUSIVE;
        String planned = null;
        for (int r = 1; r <= cmd.rounds; r++) {
            if (w.platform().timePartitions() != null) {
                throw new InputException(cmd.taskset.toString(), "platform.timePartitions", "loop --plan builds the"
                        + " plan: give a workload without one");
            }
            PlanSearch.Candidate plan = new PlanSearch(Flows.of(w), w.platform().cpus(), true,
                    PlanSearch.Objective.SLACK, cmd.profile.run.seed, () -> false, c -> { }).run();
            ObjectNode round = rounds.addObject().put("round", r);
            if (plan == null) {
                round.put("verdict", "no schedulable plan");
                out.printf(Locale.ROOT, "round %d: no plan keeps every task schedulable under the model%n", r);
                code = ExitCodes.NOT_SCHEDULABLE;
                break;
            }
            round.put("majorFrame", plan.majorFrame()).put("gpuSharePercent", plan.gpuSharePercent())
                    .put("priorities", plan.priorityRule()).put("minSlackPlanned", plan.minSlack());
            String measured = measure(content, w, truth, round.putObject("measured"));
            Workload next = new WorkloadReader().read(cmd.taskset.toString(), measured);
            planned = OptimizePlan.rewrite(measured, next, plan);
            Workload check = new WorkloadReader().read(cmd.out.toString(), planned);
            var analysis = org.gpusched.timepart.OffsetBased.analyze(Flows.of(check),
                    check.platform().timePartitions());
            boolean stable = measured.equals(content);
            round.put("schedulableMeasured", analysis.schedulable()).put("stable", stable);
            analysis.minSlack().ifPresent(s -> round.put("minSlackMeasured", s));
            out.printf(Locale.ROOT, "round %d: plan frame %d, GPU share %d %%; measured kernels %s; %s%n", r,
                    plan.majorFrame(), plan.gpuSharePercent(), round.get("measured"),
                    analysis.schedulable() ? (stable ? "schedulable, stable" : "schedulable, model changed: re-plan")
                            : "not schedulable: re-plan");
            if (stable && analysis.schedulable()) {
                code = ExitCodes.OK;
                break;
            }
            content = measured;
            w = next;
        }
        if (planned != null) {
            outputs.writeString(cmd.out, planned);
        }
        outputs.writeString(reportOut, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(rounds) + "\n");
        out.println("written " + cmd.out + ", " + reportOut);
        return code;
    }

    /** The document with every kernel's exec the profile's statistic × margin of its samples on the device. */
    private String measure(String content, Workload w, Workload truth, ObjectNode into) throws IOException {
        JsonNode tree = Json.MAPPER.readTree(content);
        for (WorkTask t : w.tasks()) {
            WorkTask x = truth.tasks().stream().filter(y -> y.name().equals(t.name())).findFirst().orElseThrow(() ->
                    new InputException(cmd.profile.simTiming.toString(), "tasks", "no task named " + t.name()));
            for (int j = 0; j < t.segments().size(); j++) {
                if (!(t.segments().get(j) instanceof Segment.Gpu)) {
                    continue;
                }
                if (j >= x.segments().size() || !(x.segments().get(j) instanceof Segment.Gpu g)) {
                    throw new InputException(cmd.profile.simTiming.toString(), "tasks[" + x.index() + "].segments["
                            + j + "]", "not a gpu segment, as in " + cmd.taskset);
                }
                long[] samples = new long[Math.max(1, cmd.profile.runs)];
                Arrays.fill(samples, g.exec());
                long exec = Model.ticks(cmd.profile.statistic.of(samples), cmd.profile.margin, 1);
                ((ObjectNode) tree.path("tasks").get(t.index()).path("segments").get(j).path("gpu")).put("exec", exec);
                into.put(t.name() + ".segments[" + j + "]", exec);
            }
        }
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree) + "\n";
    }
}
