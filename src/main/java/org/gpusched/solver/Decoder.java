package org.gpusched.solver;

import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.BatchInfo;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns a solution of the relaxation into PBS frames by playing PBS itself: frames back to back,
 * the next one at the next release when nothing is ready, the oldest kernel of each task, an
 * eligible set, the interference model's completion. The solution only decides *which* ready
 * kernels go together: at each frame start the ready kernel the solution starts first leads, and
 * the ready kernels the solution put in its frame join it while the batch stays eligible and in
 * time. The relaxation may idle and may make a frame shorter than the model does; PBS does
 * neither, so the play can fail (null) where the solution did not. What it returns is checked
 * once more, independently, by the table checker before anyone calls it a schedule.
 */
final class Decoder {
    private Decoder() { }

    /** The frames of the played schedule, or null when some kernel misses its (tightened) deadline. */
    static List<Frame> play(TaskSet ts, Oracle oracle, List<FrameModel.Item> items, long[] s, long[] e) {
        int n = ts.size();
        int[] first = new int[n + 1];
        for (int j = 0, task = 0; task < n; task++) {
            first[task] = j;
            while (j < items.size() && items.get(j).task() == task) {
                j++;
            }
            first[task + 1] = j;
        }
        int[] next = first.clone();
        int remaining = items.size();
        long t = 0;
        List<Frame> frames = new ArrayList<>();
        Comparator<Integer> bySolution = Comparator.<Integer>comparingLong(j -> s[j]).thenComparingLong(j -> e[j])
                .thenComparingLong(j -> items.get(j).deadline()).thenComparingInt(j -> items.get(j).task());
        while (remaining > 0) {
            List<Integer> ready = new ArrayList<>();
            long nextRelease = Long.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                if (next[i] == first[i + 1]) {
                    continue;
                }
                FrameModel.Item it = items.get(next[i]);
                long r = it.stage() == 0 ? ts.task(i).release(it.job()) : t;
                if (r <= t) {
                    ready.add(next[i]);
                } else {
                    nextRelease = Math.min(nextRelease, r);
                }
            }
            if (ready.isEmpty()) {
                t = nextRelease;
                continue;
            }
            ready.sort(bySolution);
            int lead = ready.get(0);
            long mask = 1L << items.get(lead).unit();
            if (Ticks.add(t, oracle.completion(mask)) > items.get(lead).deadline()) {
                return null;
            }
            for (int k = 1; k < ready.size(); k++) {
                int j = ready.get(k);
                if (s[j] != s[lead] || e[j] != e[lead]) {
                    continue;
                }
                long with = mask | 1L << items.get(j).unit();
                if (inTime(oracle, with, t, ready, items)) {
                    mask = with;
                }
            }
            BatchInfo info = oracle.batch(mask);
            long end = Ticks.add(t, info.completion());
            List<JobRef> batch = new ArrayList<>();
            for (int u : info.order()) {
                for (int j : ready) {
                    FrameModel.Item it = items.get(j);
                    if (it.unit() == u) {
                        batch.add(new JobRef(it.task(), it.job(), it.stage()));
                        next[it.task()]++;
                        remaining--;
                    }
                }
            }
            frames.add(new Frame(t, end, batch));
            t = end;
        }
        return frames;
    }

    /** Whether the set is eligible and its frame from t ends by the deadline of each of its ready kernels. */
    private static boolean inTime(Oracle oracle, long mask, long t, List<Integer> ready, List<FrameModel.Item> items) {
        BatchInfo info = oracle.batch(mask);
        if (!info.eligible() || info.completion() == CompletionModel.FORBIDDEN) {
            return false;
        }
        long end = Ticks.add(t, info.completion());
        for (int j : ready) {
            FrameModel.Item it = items.get(j);
            if ((mask & 1L << it.unit()) != 0 && end > it.deadline()) {
                return false;
            }
        }
        return true;
    }
}
