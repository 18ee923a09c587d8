package org.gpusched;

import org.gpusched.baseline.BaselineResult;
import org.gpusched.baseline.EdfBaseline;
import org.gpusched.model.Job;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A deliberately naive EDF simulation straight from pbs-semantics.md, for tests: at each frame
 * start it scans every job, keeps the oldest unfinished job of each task that has arrived, sorts
 * them in EDF order and, for parallel, re-places the whole ordered batch from scratch for each
 * candidate. Frame ends are computed exactly (BigInteger) and a miss is an exact end past the
 * deadline. It shares only the oracle's placement and completion model with {@link EdfBaseline}.
 */
public final class ReferenceEdf {
    private ReferenceEdf() { }

    public record Result(List<List<String>> frames, List<String> misses) { }

    /** One kernel (stage) of one job; {@code unit} is the oracle's index of that kernel. */
    private record W(Job j, int stage, int unit) {
        String label(TaskSet ts) {
            return ts.unitName(j.task(), stage) + "#" + j.index();
        }
    }

    public static Result run(TaskSet ts, boolean parallel) {
        Oracle oracle = new Oracle(ts);
        List<W> all = new ArrayList<>();
        for (Job j : ts.jobs()) {
            int first = ts.units().stream().filter(u -> u.task() == j.task()).mapToInt(u -> u.index()).min()
                    .orElseThrow();
            for (int s = 0; s < ts.task(j.task()).kernels(); s++) {
                all.add(new W(j, s, first + s));
            }
        }
        Set<W> done = new HashSet<>();
        List<List<String>> frames = new ArrayList<>();
        record M(W w, BigInteger end) { }
        List<M> misses = new ArrayList<>();
        BigInteger t = BigInteger.ZERO;
        while (done.size() < all.size()) {
            List<W> oldest = new ArrayList<>();
            BigInteger nextArrival = null;
            for (int task = 0; task < ts.size(); task++) {
                W first = null;
                for (W w : all) {
                    if (w.j().task() == task && !done.contains(w) && (first == null || w.j().index() < first.j().index()
                            || w.j().index() == first.j().index() && w.stage() < first.stage())) {
                        first = w;
                    }
                }
                if (first == null) {
                    continue;
                }
                // A job may start only at arrival + jitter; its later kernels are ready once the earlier ended.
                BigInteger a = BigInteger.valueOf(first.j().release());
                if (a.compareTo(t) <= 0) {
                    oldest.add(first);
                } else if (nextArrival == null || a.compareTo(nextArrival) < 0) {
                    nextArrival = a;
                }
            }
            if (oldest.isEmpty()) {
                t = nextArrival;
                continue;
            }
            oldest.sort(Comparator.comparing(W::j, EdfBaseline.EDF));
            List<W> batch = new ArrayList<>();
            batch.add(oldest.get(0));
            if (parallel) {
                for (W j : oldest.subList(1, oldest.size())) {
                    int[] order = new int[batch.size() + 1];
                    for (int k = 0; k < batch.size(); k++) {
                        order[k] = batch.get(k).unit();
                    }
                    order[batch.size()] = j.unit();
                    if (oracle.place(order).eligible()) {
                        batch.add(j);
                    }
                }
            }
            long mask = 0;
            List<String> labels = new ArrayList<>();
            for (W j : batch) {
                mask |= 1L << j.unit();
                labels.add(j.label(ts));
            }
            BigInteger end = t.add(BigInteger.valueOf(oracle.completion(mask)));
            for (W j : batch) {
                boolean last = j.stage() == ts.task(j.j().task()).kernels() - 1;
                if (last && end.compareTo(BigInteger.valueOf(j.j().deadline())) > 0) {
                    misses.add(new M(j, end));
                }
                done.add(j);
            }
            frames.add(labels);
            t = end;
        }
        misses.sort(Comparator.comparing(M::end).thenComparingLong(m -> m.w().j().deadline())
                .thenComparingInt(m -> m.w().j().task()));
        return new Result(frames, misses.stream().map(m -> m.w().j().label(ts)).toList());
    }

    /** The production simulation in the same terms. */
    public static Result of(TaskSet ts, BaselineResult r) {
        List<List<String>> frames = r.frames().stream().map(f -> f.batch().stream()
                .map(j -> ts.unitName(j.task(), j.stage()) + "#" + j.job()).toList()).toList();
        return new Result(frames, r.misses().stream().map(m -> ts.task(m.task()).name() + "#" + m.job()).toList());
    }
}
