package org.gpusched.explore.job;

import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.explore.result.Witness;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Turns trail records and job counts into frames and witnesses a person can read. */
public final class WitnessPaths {
    private WitnessPaths() { }

    public static List<Frame> frames(Trail trail, int record, Oracle oracle, JobModel jm) {
        List<Integer> chain = new ArrayList<>();
        for (int r = record; r > 0; r = trail.parent(r)) {
            chain.add(r);
        }
        int[] counts = new int[jm.n];
        List<Frame> frames = new ArrayList<>();
        for (int k = chain.size() - 1; k >= 0; k--) {
            int r = chain.get(k);
            long mask = trail.mask(r);
            if (trail.canonical != null) {
                // The mask names the slots of the canonical form of the state so far: back to real tasks.
                mask = Symmetry.moveUnits(mask, trail.canonical.realOf(counts), jm);
            }
            int[] order = oracle.batch(mask).order();
            List<JobRef> batch = new ArrayList<>();
            for (int u : order) {
                int task = jm.taskOf[u];
                int c = counts[task]++;
                batch.add(new JobRef(task, jm.job(task, c), u - jm.firstUnit[task]));
            }
            long start = trail.start(r);
            frames.add(new Frame(start, Ticks.add(start, oracle.completion(mask)), batch));
        }
        return frames;
    }

    /**
     * Explains why the state (counts, t) has no way forward: for every ready job, the earliest
     * frame end it can reach (alone), against its deadline.
     */
    public static Witness witness(List<Frame> path, long t, Oracle oracle, JobModel jm) {
        int[] counts = new int[jm.n]; // the state the path ends in: completed kernels per task
        path.forEach(f -> f.batch().forEach(j -> counts[j.task()]++));
        int done = Arrays.stream(counts).sum();
        long ready = jm.readyAt(counts, t);
        List<String> reasons = new ArrayList<>();
        boolean someoneLate = false;
        for (long b = ready; b != 0; b &= b - 1) {
            int u = Long.numberOfTrailingZeros(b);
            int i = jm.taskOf[u];
            int job = jm.job(i, counts[i]);
            // LoneFinish is always eligible and no batch is shorter than its longest job, so running
            // alone (and then the rest of its chain, each kernel alone) is the earliest any job can finish.
            LoneFinish a = LoneFinish.from(t, u, jm.firstUnit[i] + jm.chain[i] - 1, jm.wcet[u], oracle);
            long d = jm.deadline(i, job);
            someoneLate |= a.end() > d;
            reasons.add(a.reason(oracle.unitName(u) + "#" + job, jm.arrival(i, job), d));
        }
        if (!someoneLate && ready != 0) {
            reasons.add("every eligible batch from here makes some job miss its deadline later on");
        }
        return new Witness(path, t, done, jm.totalKernels, reasons);
    }
}
