package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.rta.GpuSegment;
import org.gpusched.rta.RtaMethod;
import org.gpusched.rta.RtaPlatform;
import org.gpusched.rta.RtaTask;
import org.gpusched.rta.RtaWorkload;
import org.gpusched.rta.SimResult;
import org.gpusched.rta.Simulator;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded random format-2 files for the GCAPS family, written as a user writes them, with the analyses'
 * own view of each ({@link RtaWorkload}) to simulate: 1–3 cores, 2–5 tasks, periods whose hyperperiod is
 * 120 ticks, 0–2 GPU segments, D ≤ T, rate-monotonic priorities, best-effort tasks, zero-length CPU
 * segments before GPU segments, and tasks that overrun their period (C + G > T) so that lower-priority
 * tasks can be backlogged; optionally a release offset per task.
 */
final class RtaWorkloadFiles {
    static final long[] PERIODS = {20, 24, 30, 40, 60, 120};
    static final long HYPERPERIOD = 120;

    /** One drawn set: the file's text, what the analyses read from it, and each task's offset. */
    record Drawn(String json, RtaWorkload workload, long[] offsets) { }

    /** What {@link #compareToSimulation} found: the bounds below the simulation, how many compared, sets shifted. */
    record Compared(List<String> below, int bounds, int withOffsets) { }

    private static final ObjectMapper M = new ObjectMapper();

    private RtaWorkloadFiles() { }

    static Drawn draw(long seed, boolean offsets) {
        SplittableRandom r = new SplittableRandom(seed);
        int cpus = 1 + r.nextInt(3);
        int n = 2 + r.nextInt(4);
        long[] period = new long[n];
        for (int i = 0; i < n; i++) {
            period[i] = PERIODS[r.nextInt(PERIODS.length)];
        }
        List<RtaTask> tasks = new ArrayList<>();
        long[] offset = new long[n];
        RtaPlatform platform = new RtaPlatform(cpus, 1 + r.nextInt(6), r.nextInt(3), r.nextInt(3));
        StringBuilder json = new StringBuilder("{\"formatVersion\": 2, \"name\": \"rta-" + seed + "\", \"timeUnit\": \"tick\","
                + " \"platform\": {\"cpus\": " + cpus + ", \"gpuDriver\": {\"timeslice\": " + platform.timeslice()
                + ", \"contextSwitch\": " + platform.contextSwitch() + ", \"runlistUpdate\": " + platform.runlistUpdate()
                + "}}, \"tasks\": [");
        boolean zeros = r.nextBoolean();
        for (int i = 0; i < n; i++) {
            long t = period[i];
            // Rate-monotonic, ties by index: unique on the GPU and so on every core.
            int above = 0;
            for (int k = 0; k < n; k++) {
                above += period[k] < t || period[k] == t && k < i ? 1 : 0;
            }
            int prio = n - above;
            int eta = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(2);
            boolean overruns = r.nextInt(4) == 0;
            long budget = overruns ? t / (eta + 1) + r.nextInt((int) t) : Math.max(2, t / (n + 1)) / (eta + 1);
            List<Long> cpu = new ArrayList<>();
            List<GpuSegment> gpu = new ArrayList<>();
            for (int s = 0; s <= eta; s++) {
                cpu.add((long) r.nextInt((int) Math.max(1, budget) + 1));
            }
            for (int s = 0; s < eta; s++) {
                gpu.add(new GpuSegment(r.nextInt(3), 1 + r.nextInt((int) Math.max(1, budget / 2))));
                if (zeros && r.nextBoolean()) {
                    cpu.set(s, 0L);
                }
            }
            if (eta == 0 && cpu.get(0) == 0) {
                cpu.set(0, 1L);
            }
            long d = t - r.nextInt((int) (t / 4) + 1);
            int core = r.nextInt(cpus);
            boolean be = r.nextInt(4) == 0;
            offset[i] = offsets ? r.nextLong(t) : 0;
            tasks.add(new RtaTask("t" + i, t, d, cpu, gpu, core, prio, prio, be));
            json.append(i == 0 ? "" : ", ").append("{\"name\": \"t").append(i).append("\", \"period\": ").append(t)
                    .append(", \"deadline\": ").append(d).append(offsets ? ", \"offset\": " + offset[i] : "")
                    .append(", \"segments\": [{\"cpu\": ").append(cpu.get(0)).append('}');
            for (int s = 0; s < eta; s++) {
                json.append(", {\"gpu\": {\"misc\": ").append(gpu.get(s).misc()).append(", \"exec\": ")
                        .append(gpu.get(s).exec()).append("}}, {\"cpu\": ").append(cpu.get(s + 1)).append('}');
            }
            json.append("], \"cpu\": {\"core\": ").append(core).append(", \"priority\": ").append(prio)
                    .append("}, \"gpuPriority\": ").append(prio).append(be ? ", \"bestEffort\": true" : "").append('}');
        }
        json.append("]}\n");
        return new Drawn(json.toString(), new RtaWorkload(tasks, platform), offset);
    }

    /**
     * Draws {@code sets} files from {@code firstSeed} on, runs `compare --methods METHODS --format json` on them
     * (50 a run, in-process), and compares every printed bound with the simulator of the same policy releasing
     * each task at its file's offset, in the GPU order the report says the analysis used, {@code releases} and
     * {@code end} ticks long.
     */
    static Compared compareToSimulation(Path dir, String methods, long firstSeed, int sets, boolean offsets,
                                        long releases, long end) throws Exception {
        List<String> bad = new ArrayList<>();
        int compared = 0;
        int shifted = 0;
        for (int batch = 0; batch < sets / 50; batch++) {
            List<String> args = new ArrayList<>(List.of("compare", "--methods", methods, "--format", "json"));
            List<Drawn> drawn = new ArrayList<>();
            for (int k = 0; k < 50; k++) {
                long seed = firstSeed + 50L * batch + k;
                Drawn d = draw(seed, offsets);
                Path f = dir.resolve("set-" + seed + ".json");
                Files.writeString(f, d.json());
                args.add(f.toString());
                drawn.add(d);
            }
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            assertThat(r.code()).as(r.err()).isIn(0, 1);
            List<String> lines = r.out().lines().toList();
            assertThat(lines).hasSize(drawn.size());
            for (int k = 0; k < lines.size(); k++) {
                Drawn d = drawn.get(k);
                shifted += Arrays.stream(d.offsets()).anyMatch(o -> o > 0) ? 1 : 0;
                JsonNode report = M.readTree(lines.get(k));
                for (JsonNode method : report.get("methods")) {
                    RtaMethod m = RtaMethod.byId(method.get("method").asText()).orElseThrow();
                    SimResult sim = Simulator.run(d.workload(), m, order(method), d.offsets(), releases, end);
                    for (JsonNode row : method.get("tasks")) {
                        OptionalLong seen = sim.observed(row.get("task").asText());
                        if (row.get("responseTime").isNull() || seen.isEmpty()) {
                            continue;
                        }
                        compared++;
                        if (row.get("responseTime").asLong() < seen.getAsLong()) {
                            bad.add(report.get("file").asText() + " " + m.id() + " " + row.get("task").asText()
                                    + ": bound " + row.get("responseTime").asLong() + " < simulated " + seen.getAsLong());
                        }
                    }
                }
            }
        }
        return new Compared(bad, compared, shifted);
    }

    /** The GPU priority order a GCAPS-family report says its analysis used, or null when it names none. */
    private static List<String> order(JsonNode method) {
        JsonNode o = method.path("detail").path("gpuPriorityOrder");
        if (!o.isArray()) {
            return null;
        }
        List<String> names = new ArrayList<>();
        o.forEach(n -> names.add(n.asText()));
        return names;
    }
}
