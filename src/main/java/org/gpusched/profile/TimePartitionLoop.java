package org.gpusched.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.*;
import org.gpusched.timepart.*;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.*;
import java.util.function.Consumer;

/**
 * {@code loop --plan}: the paper's measured loop for plans (Gomez et al., Figure 1). Each round builds
 * a plan for the model so far ({@code optimize --plan}), profiles the kernels as that plan runs them,
 * folds the measured times (statistic, margin) into the model and analyses the plan again; it stops
 * when the model no longer changes and the plan is schedulable, when no plan is schedulable, or at
 * the round limit. On the simulated device a kernel runs for the time the truth workload (the same
 * tasks) gives it: kernels serialised by the plan do not disturb each other, so every sample of a
 * kernel is that time.
 */
public final class TimePartitionLoop {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TimePartitionLoop() { }

    /** Where the documents come from (for messages), and how samples become a model. */
    public record Settings(String source, String truthSource, String out, int rounds, long seed, int runs,
                           Statistic statistic, BigDecimal margin) { }

    /**
     * One round: the plan built (null when none keeps every task schedulable, the last round then),
     * each kernel's measured exec by "task.segments[j]", and the plan's analysis under the measured model.
     */
    public record Round(int round, TimePartitionSearch.Candidate plan, Map<String, Long> measured, HolisticResult analysis,
                        boolean stable) {
        public Round {
            measured = Collections.unmodifiableMap(new LinkedHashMap<>(measured));
        }
    }

    /** The rounds, the last planned workload (null when no round planned one) and how the loop ended. */
    public record Result(List<Round> rounds, String planned, Loop.Outcome outcome) {
        public Result {
            rounds = List.copyOf(rounds);
        }
    }

    /** Runs the loop on {@code content} (the workload {@code w} as read), one line per round to {@code each}. */
    public static Result run(String content, Workload w, Workload truth, Settings s, Consumer<Round> each)
            throws IOException {
        List<Round> rounds = new ArrayList<>();
        String planned = null;
        for (int r = 1; r <= s.rounds(); r++) {
            if (w.platform().timePartitions() != null) {
                throw new InputException(s.source(), "platform.timePartitions", "loop --plan builds the"
                        + " plan: give a workload without one");
            }
            TimePartitionSearch.Candidate plan = new TimePartitionSearch(Flows.of(w), w.platform().cpus(), true,
                    TimePartitionSearch.Objective.SLACK, s.seed(), () -> false, c -> { }).run();
            if (plan == null) {
                Round last = new Round(r, null, Map.of(), null, false);
                rounds.add(last);
                each.accept(last);
                return new Result(rounds, planned, Loop.Outcome.NOT_SCHEDULABLE);
            }
            Map<String, Long> measured = new LinkedHashMap<>();
            String next = measure(content, w, truth, s, measured);
            Workload nextW = new WorkloadReader().read(s.source(), next);
            planned = PlanDocument.withPlan(next, nextW, plan);
            Workload check = new WorkloadReader().read(s.out(), planned);
            HolisticResult analysis = OffsetBased.analyze(Flows.of(check), check.platform().timePartitions());
            Round round = new Round(r, plan, measured, analysis, next.equals(content));
            rounds.add(round);
            each.accept(round);
            if (round.stable() && analysis.schedulable()) {
                return new Result(rounds, planned, Loop.Outcome.STABLE);
            }
            content = next;
            w = nextW;
        }
        return new Result(rounds, planned, Loop.Outcome.ROUND_LIMIT);
    }

    /** The document with every kernel's exec the statistic × margin of its samples on the device. */
    private static String measure(String content, Workload w, Workload truth, Settings s, Map<String, Long> into)
            throws IOException {
        JsonNode tree = MAPPER.readTree(content);
        for (WorkTask t : w.tasks()) {
            WorkTask x = truth.tasks().stream().filter(y -> y.name().equals(t.name())).findFirst().orElseThrow(() ->
                    new InputException(s.truthSource(), "tasks", "no task named " + t.name()));
            for (int j = 0; j < t.segments().size(); j++) {
                if (!(t.segments().get(j) instanceof Segment.Gpu)) {
                    continue;
                }
                if (j >= x.segments().size() || !(x.segments().get(j) instanceof Segment.Gpu g)) {
                    throw new InputException(s.truthSource(), "tasks[" + x.index() + "].segments["
                            + j + "]", "not a gpu segment, as in " + s.source());
                }
                long[] samples = new long[Math.max(1, s.runs())];
                Arrays.fill(samples, g.exec());
                long exec = Model.ticks(s.statistic().of(samples), s.margin(), 1);
                ((ObjectNode) tree.path("tasks").get(t.index()).path("segments").get(j).path("gpu")).put("exec", exec);
                into.put(t.name() + ".segments[" + j + "]", exec);
            }
        }
        return MAPPER.writer(Canonical.PRETTY).writeValueAsString(tree) + "\n";
    }
}
