package org.gpusched.player;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.KernelKind;
import org.gpusched.model.TaskSet;

import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Kernels of the built-in kinds timed alone and together on a GPU: the device side of
 * {@code experiment interference --device cuda}. The GPU is opened once with {@code copies}
 * kernels of every kind (each on its own stream, so a set may hold the same kind several times),
 * all of one launch shape ({@link #BLOCKS} blocks of {@link #THREADS} threads: small enough that
 * three kernels are co-resident on any recent GPU, so what slows them down is the resource they
 * share, not a queue for SMs); each kind is calibrated at that shape when the device opens, closed-loop
 * for 100 us (the experiment's shorter size).
 */
public final class KindBench implements AutoCloseable {
    public static final int BLOCKS = 64;
    public static final int THREADS = 256;

    private final CudaDevice cuda;
    private final List<KernelKind> kinds;
    private final int copies;

    private KindBench(CudaDevice cuda, List<KernelKind> kinds, int copies) {
        this.cuda = cuda;
        this.kinds = List.copyOf(kinds);
        this.copies = copies;
    }

    /** Opens GPU {@code gpu}; throws {@link CudaException} when there is no usable one. */
    public static KindBench open(List<KernelKind> kinds, int copies, int gpu) {
        return new KindBench(CudaDevice.open(taskSet(kinds, copies), gpu, 1), kinds, copies);
    }

    /** The task set the GPU is opened with: {@code copies} tasks per kind, times in ns. */
    static TaskSet taskSet(List<KernelKind> kinds, int copies) {
        return probes("interference-kinds", kinds.stream().flatMap(k -> IntStream.range(0, copies)
                .mapToObj(c -> probe(k.json() + "-" + c, 100_000, BLOCKS, THREADS, k))).toList());
    }

    /** One task of a probe set: a synthetic kernel of {@code kind} asked for {@code wcetNs}, alone per second. */
    static String probe(String name, long wcetNs, int blocks, int threads, KernelKind kind) {
        return String.format(Locale.ROOT, "{\"name\": \"%s\", \"period\": 1000000000, \"deadline\": 1000000000,"
                + " \"wcet\": %d, \"kernel\": {\"blocks\": %d, \"threadsPerBlock\": %d, \"kind\": \"%s\"}}", name,
                wcetNs, blocks, threads, kind.json());
    }

    /** The task set {@code name} of probe {@code tasks}, times in ns, without an interference model. */
    static TaskSet probes(String name, List<String> tasks) {
        return new TaskSetReader().read(name, "{\"formatVersion\": 1, \"name\": \"" + name + "\", \"timeUnit\":"
                + " \"ns\", \"tasks\": [\n" + String.join(",\n", tasks) + "\n], \"interference\":"
                + " {\"model\": \"none\"}}");
    }

    /** The task (stream) of each member: the k-th occurrence of a kind in the set is that kind's k-th copy. */
    static int[] order(List<KernelKind> kinds, int copies, List<KernelKind> members) {
        int[] used = new int[kinds.size()];
        int[] order = new int[members.size()];
        for (int i = 0; i < members.size(); i++) {
            int k = kinds.indexOf(members.get(i));
            if (k < 0 || used[k] >= copies) {
                throw new IllegalArgumentException("no kernel left for " + members.get(i) + " in " + members);
            }
            order[i] = k * copies + used[k]++;
        }
        return order;
    }

    /**
     * Runs the members together {@code runs} times (after {@code warmup} untimed runs), member i
     * asked for {@code ns[i]} of its isolated work; per member the median of its finish after the
     * set's first block start, in ns (GPU timer).
     */
    public long[] finishes(List<KernelKind> members, long[] ns, int warmup, int runs) {
        int k = members.size();
        long[] raw = cuda.profileMembers(order(kinds, copies, members), ns.clone(), warmup, runs);
        long[] med = new long[k];
        for (int i = 0; i < k; i++) {
            int member = i;
            long[] v = IntStream.range(0, runs).mapToLong(r -> raw[r * (1 + k) + 1 + member]).sorted().toArray();
            med[i] = v[(runs - 1) / 2];
        }
        return med;
    }

    @Override
    public void close() {
        cuda.close();
    }
}
