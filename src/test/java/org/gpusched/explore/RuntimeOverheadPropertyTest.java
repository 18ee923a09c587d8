package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.explore.result.Verdict;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.RandomPipelines;
import org.gpusched.baseline.BaselineResult;
import org.gpusched.baseline.EdfBaseline;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Budget;
import org.gpusched.model.RuntimeOverhead;
import org.gpusched.model.Stage;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runtime's per-frame overhead in the model: random pipelines (offsets, jitter, chains,
 * copies, every interference model) with a random {@code runtime} object. The explorer agrees with
 * the brute force (which counts the overhead from its own batch), its tables pass the checker, and
 * every frame the explorer and the EDF baselines build lasts its kernels and copies plus exactly the
 * stated overhead. A {@code runtime} of zeros gives today's verdicts and tables.
 * -Dgpusched.runtime.sets=N runs more (default 120).
 */
public class RuntimeOverheadPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.runtime.sets", 120);
    private static final ObjectMapper M = new ObjectMapper();

    /** The pipeline with copies and a runtime object of costs 0..max each (all 0 when max is 0). */
    static String withRuntime(String json, long seed, int max) throws Exception {
        SplittableRandom r = new SplittableRandom(seed * 31 + 7);
        ObjectNode root = (ObjectNode) M.readTree(CopiesPropertyTest.withCopies(json, seed, 1));
        ObjectNode rt = root.putObject("runtime");
        for (String f : new String[] {"launch", "submit", "sync", "copy"}) {
            if (max == 0 || r.nextInt(4) > 0) {
                rt.put(f, max == 0 ? 0 : r.nextInt(max + 1));
            }
        }
        return root.toString();
    }

    private static TaskSet read(String name, String json) {
        TaskSet ts = new WorkloadReader().read(name, json).pbs();
        return ts.origin() < 0 ? null : ts;
    }

    /** What the frame running {@code batch} must last, counted here from the stages themselves. */
    private static long expected(TaskSet ts, Frame f) {
        RuntimeOverhead o = ts.interference().overhead();
        long mask = 0;
        long cost = o.submit() + o.sync();
        for (JobRef j : f.batch()) {
            Unit u = ts.units().stream().filter(x -> x.task() == j.task() && x.stage() == j.stage()).findFirst()
                    .orElseThrow();
            mask |= 1L << u.index();
            Stage st = ts.task(j.task()).chain().get(j.stage());
            cost += o.launch() + o.copy() * ((st.h2d() > 0 ? 1 : 0) + (st.d2h() > 0 ? 1 : 0));
        }
        return new CompletionModel(ts).onDevice(mask) + cost;
    }

    @Test
    void explorerAgreesWithBruteForceWhenFramesCarryTheRuntime() throws Exception {
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        List<String> failures = new ArrayList<>();
        int compared = 0;
        int withOverhead = 0;
        int framesChecked = 0;
        for (long seed = 9_100_001; compared < SETS; seed++) {
            TaskSet ts = read("runtime-" + seed + ".json", withRuntime(RandomPipelines.json(seed, 2, 4), seed, 2));
            if (ts == null || ts.kernelCount() > 40) {
                continue;
            }
            compared++;
            withOverhead += ts.interference().overhead().isZero() ? 0 : 1;
            Verdict reference = new BruteForceExplorer(ts, Budget.of(2_000_000, null)).analyze().verdict();
            assertThat(reference).as("brute force budget on seed %d", seed).isNotEqualTo(Verdict.INCONCLUSIVE);
            seen.merge(reference, 1, Integer::sum);
            Analysis a = new GpuSchedExplorer(ts, Options.defaults()).analyze();
            if (a.verdict() != reference) {
                failures.add("seed " + seed + ": gpusched " + a.verdict() + ", brute force " + reference);
            }
            if (a.verdict() == Verdict.SCHEDULABLE) {
                List<String> errors = TableChecker.check(ts, Tables.of(ts, "gpusched", a.schedule()));
                if (!errors.isEmpty()) {
                    failures.add("seed " + seed + ": table rejected: " + errors);
                }
                for (Frame f : a.schedule()) {
                    assertThat(f.end() - f.start()).as("seed %d frame %s", seed, f).isEqualTo(expected(ts, f));
                    framesChecked++;
                }
            }
            for (EdfBaseline.Kind kind : EdfBaseline.Kind.values()) {
                BaselineResult edf = new EdfBaseline(ts, kind).run();
                for (Frame f : edf.frames()) {
                    assertThat(f.end() - f.start()).as("seed %d %s frame %s", seed, kind, f)
                            .isEqualTo(expected(ts, f));
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(withOverhead).as("sets with a non-zero overhead").isGreaterThan(SETS / 2);
        assertThat(framesChecked).isPositive();
        assertThat(seen).as("both verdicts met").containsKeys(Verdict.SCHEDULABLE, Verdict.NOT_SCHEDULABLE);
    }

    @Test
    void aZeroRuntimeGivesTodaysVerdictsAndTables() throws Exception {
        int compared = 0;
        for (long seed = 9_200_001; compared < SETS / 2; seed++) {
            String json = CopiesPropertyTest.withCopies(RandomPipelines.json(seed, 2, 4), seed, 1);
            TaskSet plain = read("plain-" + seed + ".json", json);
            if (plain == null || plain.kernelCount() > 40) {
                continue;
            }
            compared++;
            TaskSet zero = read("zero-" + seed + ".json", withRuntime(RandomPipelines.json(seed, 2, 4), seed, 0));
            assertThat(zero.interference().overhead()).isEqualTo(RuntimeOverhead.NONE);
            Analysis a = new GpuSchedExplorer(plain, Options.defaults()).analyze();
            Analysis b = new GpuSchedExplorer(zero, Options.defaults()).analyze();
            assertThat(b.verdict()).as("seed %d", seed).isEqualTo(a.verdict());
            assertThat(Tables.toJson(Tables.of(zero, "gpusched", b.schedule())).replace(zero.sha256(), "H"))
                    .as("seed %d", seed).isEqualTo(Tables.toJson(Tables.of(plain, "gpusched", a.schedule()))
                            .replace(plain.sha256(), "H"));
        }
    }
}
