package org.gpusched.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.RandomPipelines;
import org.gpusched.explore.job.Options;
import org.gpusched.model.Budget;
import org.gpusched.model.InputException;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.player.DeviceChoice;
import org.gpusched.player.ExecTime;
import org.gpusched.player.Mode;
import org.gpusched.player.SimProfileDevice;
import org.gpusched.player.SimTiming;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * profile and loop on random small format-2 pipelines ({@link RandomPipelines}: chains of one to
 * three kernels, offsets, jitter, every interference model; here with copies added) timed on a
 * simulated device slower than the workload says (some kernels and every table entry a tick longer):
 * <ul>
 *   <li>the measured workload reads back, and no set it models is shorter than the device ran it;</li>
 *   <li>a loop from that profile is stable in its first round when it finds a table (the model is the device);</li>
 *   <li>a loop from the workload's own, optimistic model ends within (sets + 1) rounds, as Loop's
 *       termination argument says for a deterministic device.</li>
 * </ul>
 */
class PipelineProfilePropertyTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final int SETS = 40;

    @Test
    void measuredPipelinesAreNeverBelowTheDeviceAndLoopsEnd() throws Exception {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        int stable = 0;
        int raised = 0;
        for (long seed = 35_000_001; checked < SETS; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            ObjectNode root = (ObjectNode) M.readTree(RandomPipelines.json(seed, 2, 3));
            addCopies(root, r);
            String content = root.toString();
            String truthText = slower(root, r).toString();
            TaskSet ts;
            TaskSet truth;
            try {
                ts = new TaskSetReader().read("p.json", content);
                truth = new TaskSetReader().read("truth.json", truthText);
            } catch (InputException e) {
                continue; // outside PBS: not a workload profile takes
            }
            if (ts.origin() < 0) {
                continue; // no steady state to analyse: loop refuses it as analyze --steady-state does
            }
            checked++;
            SimTiming timing = SimTiming.of(ts, truth);
            List<int[]> sets = Profiler.sets(ts, ts.unitCount());
            Profiler.Profile p = Profiler.run(ts, new SimProfileDevice(timing, ExecTime.WCET, seed, "us"), sets, 0, 2,
                    () -> { });
            Model model = Model.of(p, Statistic.MAX, BigDecimal.ONE);
            TaskSet measured = new TaskSetReader(true).read("m.json", MeasuredWorkload.json(ts, content, model, "m.json"));
            CompletionModel cm = new CompletionModel(measured);
            for (int[] order : sets) {
                long mask = org.gpusched.oracle.Oracle.maskOf(order);
                if (cm.completion(mask) < timing.completion(mask)) {
                    failures.add(seed + ": set " + mask + " modelled " + cm.completion(mask) + " < device "
                            + timing.completion(mask));
                }
            }
            for (int u = 0; u < ts.unitCount(); u++) {
                if (measured.units().get(u).wcet() < truth.units().get(u).wcet()) {
                    failures.add(seed + ": " + ts.units().get(u).name() + " measured below the device");
                }
            }
            Loop.Settings s = new Loop.Settings("m.json", sets.size() + 1, 1, Options.defaults(), Budget.defaults().start(),
                    Loop.player(ts, timing, DeviceChoice.SIM, Mode.TIME_TRIGGERED, ExecTime.WCET, seed, 0, 0));
            Loop.Result fromProfile = Loop.run(ts, content, model, s);
            if (fromProfile.table() != null && (fromProfile.outcome() != Loop.Outcome.STABLE
                    || fromProfile.rounds().size() != 1)) {
                failures.add(seed + ": from the profile " + fromProfile.outcome() + " after "
                        + fromProfile.rounds().size() + " rounds");
            }
            stable += fromProfile.outcome() == Loop.Outcome.STABLE ? 1 : 0;
            Loop.Result fromModel = Loop.run(ts, content, Model.ofTaskSet(ts, sets), s);
            if (fromModel.outcome() == Loop.Outcome.ROUND_LIMIT) {
                failures.add(seed + ": from the model, no end within " + (sets.size() + 1) + " rounds");
            }
            raised += fromModel.rounds().size() > 1 ? 1 : 0;
        }
        assertThat(failures).isEmpty();
        // Both kinds of run occur: tables found and kept, and models the device made the loop raise.
        assertThat(stable).isGreaterThan(SETS / 5);
        assertThat(raised).isGreaterThan(SETS / 10);
    }

    /**
     * Periods and deadlines three times longer (most random pipelines are not schedulable as they
     * come, and a loop ends at once on those), and copies to the device before the first kernel and
     * to the host after the last, in some tasks.
     */
    private static void addCopies(ObjectNode root, SplittableRandom r) {
        for (JsonNode t : root.path("tasks")) {
            ((ObjectNode) t).put("period", 3 * t.path("period").asLong());
            ((ObjectNode) t).put("deadline", 3 * t.path("deadline").asLong());
            ArrayNode segs = (ArrayNode) t.path("segments");
            if (r.nextInt(3) == 0) {
                segs.insertObject(0).putObject("copy").put("to", "device").put("time", 1 + r.nextInt(2));
            }
            if (r.nextInt(3) == 0) {
                segs.addObject().putObject("copy").put("to", "host").put("time", 1);
            }
        }
    }

    /**
     * The workload with some kernels one tick longer and every table entry one tick longer (so an
     * entry stays at least its kernels' longest exec); copies as they are.
     */
    private static ObjectNode slower(ObjectNode root, SplittableRandom r) {
        ObjectNode t = root.deepCopy();
        for (JsonNode task : t.path("tasks")) {
            for (JsonNode seg : task.path("segments")) {
                if (seg.has("gpu")) {
                    ((ObjectNode) seg.get("gpu")).put("exec", seg.get("gpu").get("exec").asLong() + r.nextInt(2));
                }
            }
        }
        for (JsonNode e : t.path("interference").path("entries")) {
            ((ObjectNode) e).put("completion", e.get("completion").asLong() + 1);
        }
        return t;
    }
}
