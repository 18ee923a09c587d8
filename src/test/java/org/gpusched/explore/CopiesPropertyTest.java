package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.explore.result.Verdict;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.RandomPipelines;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.input.WorkloadReader;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
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
 * PBS frames with copies: random pipelines (offsets, jitter, chains, every
 * interference model) with copies to the device before kernels and to the host after them. The
 * explorer agrees with brute force and its tables pass the checker; zero-length copies change
 * neither the verdict nor the table. -Dgpusched.copies.sets=N runs more (default 120).
 */
public class CopiesPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.copies.sets", 120);
    private static final ObjectMapper M = new ObjectMapper();

    /** The pipeline with copies inserted around its kernels: times 0..max (all 0 when max is 0). */
    public static String withCopies(String json, long seed, int max) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        ObjectNode root = (ObjectNode) M.readTree(json);
        for (JsonNode t : root.get("tasks")) {
            ArrayNode segs = (ArrayNode) t.get("segments");
            ArrayNode out = M.createArrayNode();
            for (JsonNode s : segs) {
                if (r.nextBoolean() || max == 0) {
                    out.addObject().putObject("copy").put("to", "device").put("time", max == 0 ? 0 : r.nextInt(max + 1));
                }
                out.add(s);
                if (r.nextBoolean() || max == 0) {
                    out.addObject().putObject("copy").put("to", "host").put("time", max == 0 ? 0 : r.nextInt(max + 1));
                }
            }
            ((ObjectNode) t).set("segments", out);
        }
        return root.toString();
    }

    private static TaskSet read(String name, String json) {
        TaskSet ts = new WorkloadReader().read(name, json).pbs();
        return ts.origin() < 0 ? null : ts; // no window: only the power-on analysis answers

    }

    @Test
    void explorerAgreesWithBruteForceOnFramesWithCopies() throws Exception {
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        List<String> failures = new ArrayList<>();
        int compared = 0;
        int withCopies = 0;
        for (long seed = 7_000_001; compared < SETS; seed++) {
            TaskSet ts = read("copies-" + seed + ".json", withCopies(RandomPipelines.json(seed, 2, 4), seed, 2));
            if (ts == null || ts.kernelCount() > 40) {
                continue;
            }
            compared++;
            withCopies += ts.units().stream().anyMatch(u -> u.copies() > 0) ? 1 : 0;
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
                // Every frame lasts its kernels plus every copy of its batch.
                Oracle o = new Oracle(ts);
                for (Frame f : a.schedule()) {
                    long mask = 0;
                    for (JobRef j : f.batch()) {
                        mask |= 1L << (ts.units().stream().filter(u -> u.task() == j.task() && u.stage() == j.stage())
                                .findFirst().orElseThrow().index());
                    }
                    long copies = ts.units().stream().filter(u -> (f.batch().stream().anyMatch(j -> j.task() == u.task()
                            && j.stage() == u.stage()))).mapToLong(org.gpusched.model.Unit::copies).sum();
                    assertThat(o.completion(mask)).isNotEqualTo(CompletionModel.FORBIDDEN);
                    assertThat(f.end() - f.start()).as("seed %d frame %s", seed, f).isGreaterThanOrEqualTo(copies);
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(withCopies).as("sets with non-zero copies").isGreaterThan(SETS / 2);
        assertThat(seen).as("both verdicts met").containsKeys(Verdict.SCHEDULABLE, Verdict.NOT_SCHEDULABLE);
    }

    @Test
    void zeroTimeCopiesGiveTodaysVerdictsAndTables() throws Exception {
        int compared = 0;
        for (long seed = 8_000_001; compared < SETS; seed++) {
            String json = RandomPipelines.json(seed, 2, 4);
            TaskSet plain = read("plain-" + seed + ".json", json);
            if (plain == null || plain.kernelCount() > 40) {
                continue;
            }
            compared++;
            TaskSet zero = read("zero-" + seed + ".json", withCopies(json, seed, 0));
            assertThat(zero.units()).as("seed %d", seed).isEqualTo(plain.units());
            Analysis a = new GpuSchedExplorer(plain, Options.defaults()).analyze();
            Analysis b = new GpuSchedExplorer(zero, Options.defaults()).analyze();
            assertThat(b.verdict()).as("seed %d", seed).isEqualTo(a.verdict());
            assertThat(Tables.toJson(Tables.of(zero, "gpusched", b.schedule())).replace(zero.sha256(), "H"))
                    .as("seed %d", seed).isEqualTo(Tables.toJson(Tables.of(plain, "gpusched", a.schedule()))
                            .replace(plain.sha256(), "H"));
        }
    }
}
