package org.gpusched.timepart;

import org.gpusched.model.Platform;

import java.util.*;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The safety condition of time-partitioning.md, checked rather than assumed: kernels may be
 * modelled as isolated delays only if they are serialised, i.e. all GPU-using tasks share one
 * partition whose windows never overlap on different CPUs (or at most one task uses the GPU).
 * Windows are taken at their nominal length (the switch overhead only shortens them).
 *
 * @param reason why it holds, or why not
 */
public record Serialisation(boolean holds, String reason) {

    public static Serialisation check(List<Flow> flows, Platform.TimePartitions plan, int cpus) {
        if (flows.stream().anyMatch(f -> f.steps().stream().anyMatch(s -> s instanceof Step.Gpu))) {
            return new Serialisation(true, "kernels are queued to the GPU server (platform.gpuAccess: server), which"
                    + " runs one at a time");
        }
        List<Flow> gpu = flows.stream().filter(f -> f.steps().stream()
                .anyMatch(s -> s instanceof Step.Delay d && d.kernel() && d.max() > 0)).toList();
        if (gpu.size() <= 1) {
            return new Serialisation(true, gpu.isEmpty() ? "no task uses the GPU"
                    : "one task uses the GPU (" + gpu.get(0).name() + ")");
        }
        String names = String.join(", ", gpu.stream().map(Flow::name).toList());
        if (plan == null) {
            return new Serialisation(false, "kernels of " + names + " may overlap on the GPU: no time partition"
                    + " serialises them");
        }
        Map<String, List<String>> byPartition = new LinkedHashMap<>();
        for (Flow f : gpu) {
            if (f.partition() == null) {
                return new Serialisation(false, f.name() + " uses the GPU but has no partition");
            }
            byPartition.computeIfAbsent(f.partition(), k -> new ArrayList<>()).add(f.name());
        }
        if (byPartition.size() > 1) {
            List<String> parts = new ArrayList<>();
            byPartition.forEach((p, ts) -> parts.add(p + " (" + String.join(", ", ts) + ")"));
            return new Serialisation(false, "GPU-using tasks are in several partitions: " + String.join(", ", parts));
        }
        String name = byPartition.keySet().iterator().next();
        // A flow without a CPU step has no known core: its launches may come from any core.
        Set<Integer> cores = gpu.stream()
                .flatMap(f -> f.core() < 0 ? IntStream.range(0, cpus).boxed() : Stream.of(f.core()))
                .collect(Collectors.toCollection(TreeSet::new));
        Platform.Partition p = plan.partitions().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
        List<Platform.Window> ws = p.windows();
        for (int a = 0; a < ws.size(); a++) {
            for (int b = a; b < ws.size(); b++) {
                Platform.Window x = ws.get(a);
                Platform.Window y = ws.get(b);
                boolean overlap = x.start() < y.start() + y.length() && y.start() < x.start() + x.length();
                if (overlap && onDifferentCores(x, y, cores)) {
                    String where = a == b ? "windows[" + a + "] is on every core"
                            : "windows[" + a + "] and windows[" + b + "] overlap on different cores";
                    return new Serialisation(false, "partition " + name + ": " + where + " and GPU-using tasks run on"
                            + " cores " + cores + ", so kernels of " + names + " may overlap");
                }
            }
        }
        return new Serialisation(true, "all GPU-using tasks (" + names + ") are in partition " + name
                + ", whose windows never overlap on different cores");
    }

    private static boolean onDifferentCores(Platform.Window x, Platform.Window y, Set<Integer> cores) {
        return cores.stream().anyMatch(a -> on(x, a) && cores.stream().anyMatch(b -> a != b.intValue() && on(y, b)));
    }

    private static boolean on(Platform.Window w, int core) {
        return w.core().isEmpty() || w.core().getAsInt() == core;
    }
}
