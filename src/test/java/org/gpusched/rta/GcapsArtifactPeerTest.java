package org.gpusched.rta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.Peers;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --variant artifact} against the GCAPS artifact itself (rtenlab/gcaps-super-repo,
 * analysis/, built by src/test/sh/build-peers.sh): random sets from the artifact's own generator
 * (src/test/python/gcaps_artifact_sets.py drives it; several seeds, ε, θ, L, core counts and
 * best-effort ratios), all ten policies of its experiments.py. Verdicts must agree, and so must
 * every WR the artifact leaves (its Audsley search keeps none: there only the verdict is
 * compared). -Dpeers.gcaps.sets=N sets the sets per configuration.
 */
@Tag("peers")
class GcapsArtifactPeerTest {
    static final int PER_CONFIG = Integer.getInteger("peers.gcaps.sets", 150);
    private static final ObjectMapper M = new ObjectMapper();

    /** ε, θ, L in µs, cores, best-effort ratio, seed. */
    record Config(long eps, long theta, long slice, int cpus, double bestEffort, long seed) { }

    static final List<Config> CONFIGS = List.of(
            new Config(1000, 200, 1000, 4, 0.0, 1), new Config(1000, 200, 1000, 4, 0.3, 2),
            new Config(500, 200, 2000, 4, 0.0, 3), new Config(0, 0, 1000, 2, 0.0, 4),
            new Config(2000, 500, 1000, 3, 0.2, 5), new Config(1000, 0, 500, 1, 0.0, 6),
            new Config(1000, 200, 1000, 6, 0.1, 7), new Config(500, 100, 250, 2, 0.5, 8));

    /** The artifact's policy ids (experiments.py) as our method and GPU priority mode. */
    static final Map<Integer, Object[]> POLICIES = Map.of(
            0, new Object[] {RtaMethod.MPCP_SUSPEND, GpuPriorityMode.CPU},
            1, new Object[] {RtaMethod.MPCP_BUSY, GpuPriorityMode.CPU},
            2, new Object[] {RtaMethod.FMLP_PLUS_SUSPEND, GpuPriorityMode.CPU},
            3, new Object[] {RtaMethod.FMLP_PLUS_BUSY, GpuPriorityMode.CPU},
            7, new Object[] {RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.CPU},
            8, new Object[] {RtaMethod.GCAPS_BUSY, GpuPriorityMode.CPU},
            9, new Object[] {RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.AUDSLEY},
            10, new Object[] {RtaMethod.GCAPS_BUSY, GpuPriorityMode.AUDSLEY},
            12, new Object[] {RtaMethod.TSG_RR_SUSPEND, GpuPriorityMode.CPU},
            13, new Object[] {RtaMethod.TSG_RR_BUSY, GpuPriorityMode.CPU});

    static RtaWorkload workload(JsonNode set, Config c) {
        List<RtaTask> tasks = new ArrayList<>();
        int be = 0;
        for (JsonNode t : set.get("tasks")) {
            List<Long> cpu = new ArrayList<>();
            t.get("C").forEach(x -> cpu.add(x.asLong()));
            List<GpuSegment> gpu = new ArrayList<>();
            t.get("G").forEach(g -> gpu.add(new GpuSegment(g.get(0).asLong(), g.get(1).asLong())));
            int prio = t.get("prio").asInt();
            boolean bestEffort = prio < 0;
            // best-effort tasks: below every real-time one, among themselves in the artifact's order
            int p = bestEffort ? -1 - be++ : prio;
            long period = t.get("T").asLong();
            tasks.add(new RtaTask("t" + tasks.size(), period, period, cpu, gpu, t.get("cpu").asInt(), p, p, bestEffort));
        }
        return new RtaWorkload(tasks, new RtaPlatform(c.cpus(), c.slice(), c.theta(), c.eps() - c.theta()));
    }

    @Test
    void variant_artifact_is_the_artifact() throws Exception {
        Path python = Peers.python();
        Path analysis = Peers.gcapsAnalysis();
        Path harness = Path.of("src", "test", "python", "gcaps_artifact_sets.py").toAbsolutePath();
        Map<Integer, int[]> tally = new TreeMap<>(); // policy -> {sets, verdicts equal, WRs equal, schedulable}
        List<String> failures = new ArrayList<>();
        int sets = 0;
        for (Config c : CONFIGS) {
            Peers.Run run = Peers.run(analysis, List.of(python.toString(), harness.toString(), analysis.toString(),
                    Long.toString(c.seed()), Integer.toString(PER_CONFIG), Long.toString(c.eps()),
                    Long.toString(c.theta()), Long.toString(c.slice()), Integer.toString(c.cpus()),
                    Double.toString(c.bestEffort())));
            assertThat(run.exit()).as(run.out()).isZero();
            List<String> lines = run.out().lines().filter(l -> l.startsWith("{")).toList();
            assertThat(lines).as(run.out()).hasSize(PER_CONFIG);
            for (String line : lines) {
                JsonNode set = M.readTree(line);
                RtaWorkload w = workload(set, c);
                sets++;
                for (var e : POLICIES.entrySet()) {
                    JsonNode theirs = set.get("policies").get(Integer.toString(e.getKey()));
                    RtaResult ours = ResponseTimeAnalysis.analyze(w, (RtaMethod) e.getValue()[0],
                            (GpuPriorityMode) e.getValue()[1], Variant.ARTIFACT);
                    int[] t = tally.computeIfAbsent(e.getKey(), k -> new int[4]);
                    t[0]++;
                    boolean verdict = ours.schedulable() == theirs.get("schedulable").asBoolean();
                    t[1] += verdict ? 1 : 0;
                    t[3] += ours.schedulable() ? 1 : 0;
                    boolean wr = theirs.get("audsley").asBoolean() || sameWr(w, ours, theirs.get("WR"));
                    t[2] += wr ? 1 : 0;
                    if ((!verdict || !wr) && failures.size() < 20) {
                        failures.add(c + " policy " + e.getKey() + " ours " + ours.tasks() + "\n theirs " + theirs
                                + "\n set " + set.get("tasks"));
                    }
                }
            }
        }
        StringBuilder sb = new StringBuilder("GCAPS artifact peers: " + sets + " sets, " + CONFIGS.size()
                + " configurations; per policy id: sets / verdicts equal / WRs equal / schedulable\n");
        tally.forEach((p, t) -> sb.append("  ").append(p).append(' ').append(((RtaMethod) POLICIES.get(p)[0]).id())
                .append(' ').append(POLICIES.get(p)[1]).append(": ").append(t[0]).append(" / ").append(t[1])
                .append(" / ").append(t[2]).append(" / ").append(t[3]).append('\n'));
        System.out.println(sb);
        assertThat(failures).as(sb.toString()).isEmpty();
    }

    /** Every real-time task the artifact bounded has our bound; its -1 (failed) and 0 (not reached) are "> D". */
    private static boolean sameWr(RtaWorkload w, RtaResult ours, JsonNode wr) {
        for (int i = 0; i < w.tasks().size(); i++) {
            if (w.tasks().get(i).bestEffort()) {
                continue;
            }
            double v = wr.get(i).asDouble();
            OptionalLong r = ours.tasks().get(i).responseTime();
            if (v > 0 ? r.isEmpty() || r.getAsLong() != Math.round(v) || Math.abs(v - Math.round(v)) > 1e-6
                    : r.isPresent()) {
                return false;
            }
        }
        return true;
    }
}
