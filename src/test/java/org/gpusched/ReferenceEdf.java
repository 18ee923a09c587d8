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

    public static Result run(TaskSet ts, boolean parallel) {
        Oracle oracle = new Oracle(ts);
        List<Job> all = ts.jobs();
        Set<Job> done = new HashSet<>();
        List<List<String>> frames = new ArrayList<>();
        record M(Job j, BigInteger end) { }
        List<M> misses = new ArrayList<>();
        BigInteger t = BigInteger.ZERO;
        while (done.size() < all.size()) {
            List<Job> oldest = new ArrayList<>();
            BigInteger nextArrival = null;
            for (int task = 0; task < ts.size(); task++) {
                Job first = null;
                for (Job j : all) {
                    if (j.task() == task && !done.contains(j) && (first == null || j.index() < first.index())) {
                        first = j;
                    }
                }
                if (first == null) {
                    continue;
                }
                BigInteger a = BigInteger.valueOf(first.arrival());
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
            oldest.sort(EdfBaseline.EDF);
            List<Job> batch = new ArrayList<>();
            batch.add(oldest.get(0));
            if (parallel) {
                for (Job j : oldest.subList(1, oldest.size())) {
                    int[] order = new int[batch.size() + 1];
                    for (int k = 0; k < batch.size(); k++) {
                        order[k] = batch.get(k).task();
                    }
                    order[batch.size()] = j.task();
                    if (oracle.place(order).eligible()) {
                        batch.add(j);
                    }
                }
            }
            long mask = 0;
            List<String> labels = new ArrayList<>();
            for (Job j : batch) {
                mask |= 1L << j.task();
                labels.add(j.label(ts));
            }
            BigInteger end = t.add(BigInteger.valueOf(oracle.completion(mask)));
            for (Job j : batch) {
                if (end.compareTo(BigInteger.valueOf(j.deadline())) > 0) {
                    misses.add(new M(j, end));
                }
                done.add(j);
            }
            frames.add(labels);
            t = end;
        }
        misses.sort(Comparator.comparing(M::end).thenComparingLong(m -> m.j().deadline())
                .thenComparingInt(m -> m.j().task()));
        return new Result(frames, misses.stream().map(m -> m.j().label(ts)).toList());
    }

    /** The production simulation in the same terms. */
    public static Result of(TaskSet ts, BaselineResult r) {
        List<List<String>> frames = r.frames().stream().map(f -> f.batch().stream()
                .map(j -> ts.task(j.task()).name() + "#" + j.job()).toList()).toList();
        return new Result(frames, r.misses().stream().map(m -> ts.task(m.task()).name() + "#" + m.job()).toList());
    }
}
