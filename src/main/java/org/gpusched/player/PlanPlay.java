package org.gpusched.player;

import org.gpusched.model.Hyperperiod;
import org.gpusched.model.InputException;
import org.gpusched.model.Workload;
import org.gpusched.partition.PartitionInput;
import org.gpusched.partition.PlanFile;
import org.gpusched.partition.PlanReader;
import org.gpusched.partition.SmPartitionPlan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * {@code play} given a partition plan (analyze --plan) instead of a scheduling table: each
 * partition's kernels confined to its SMs, on the simulated device ({@link PartitionSim}, also for
 * --device auto) or, asked for explicitly, on CUDA through green contexts ({@link PartitionSim#onGpu}; refused,
 * exit 2, where the driver lacks them; docs/partitioning.md).
 */
public final class PlanPlay {
    private PlanPlay() { }

    /** Whether {@code file} (not stdin) is a partition plan rather than a table: its "format" says so. */
    public static boolean isPlan(String file) {
        if (file.equals("-")) {
            return false;
        }
        try {
            String head = Files.readString(Path.of(file), StandardCharsets.UTF_8);
            return head.contains("\"" + PlanFile.FORMAT + "\"");
        } catch (IOException | RuntimeException e) {
            return false; // the table reader reports the file's problem
        }
    }

    public record Request(String plan, Path workload, DeviceChoice device, int hyperperiods, boolean force, int gpu,
                          Function<Path, Workload> reader) { }

    /** What was played: every job as measured, over {@code hyperperiods} hyperperiods of length {@code hyperperiod}. */
    public record Played(Request request, Workload workload, SmPartitionPlan plan, List<PartitionSim.Job> jobs,
                         long hyperperiod, String device) {
        public boolean missed() {
            return jobs.stream().anyMatch(PartitionSim.Job::missed);
        }
    }

    /**
     * Plays the plan; a GPU that cannot play it is a {@link PlayRefused}: a usage error where the
     * driver lacks green contexts or the plan needs a dispatcher, else a failure of the GPU.
     */
    public static Played play(Request q) {
        Workload w = q.reader().apply(q.workload());
        String why = PartitionInput.check(w);
        if (why != null) {
            throw new InputException(q.workload().toString(), "", "SM partitioning does not apply: " + why);
        }
        PartitionInput in = PartitionInput.of(w);
        String text;
        try {
            text = Files.readString(Path.of(q.plan()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(q.plan(), "", "cannot read: " + e.getMessage());
        }
        SmPartitionPlan plan = PlanReader.read(q.plan(), text, in, w.sha256(), q.force());
        long[] periods = w.tasks().stream().mapToLong(t -> t.period()).toArray();
        OptionalLong h = Hyperperiod.lcm(periods);
        long jobs = h.isEmpty() ? 0 : Arrays.stream(periods).map(p -> h.getAsLong() / p * q.hyperperiods()).sum();
        if (h.isEmpty() || jobs > UnrolledTable.MAX_ITEMS) {
            throw new InputException(q.workload().toString(), "", "too many jobs to play (" + (h.isEmpty() ? "the "
                    + "hyperperiod overflows" : jobs) + "); the player plays at most " + UnrolledTable.MAX_ITEMS);
        }
        long horizon = h.getAsLong() * q.hyperperiods();
        if (q.device() != DeviceChoice.CUDA) {
            return new Played(q, w, plan, PartitionSim.play(plan, horizon), h.getAsLong(), "sim");
        }
        try {
            return new Played(q, w, plan, PartitionSim.onGpu(q.gpu(), w, plan, horizon), h.getAsLong(), "cuda");
        } catch (CudaException e) {
            throw new PlayRefused("--device cuda: " + e.getMessage(), NativePartition.unsupported(e));
        } catch (IllegalArgumentException e) {
            throw new PlayRefused("--device cuda: " + e.getMessage(), true);
        }
    }
}
