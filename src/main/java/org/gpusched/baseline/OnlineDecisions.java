package org.gpusched.baseline;

import org.gpusched.explore.result.Stats;
import org.gpusched.model.Budget;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.*;

/**
 * The decisions of online EDF from one vertex of a schedule-abstraction graph: the kernels that
 * may run next (one per task, EDF order) and the interval of instants at which the GPU may be
 * free; what {@link OnlineEdfGraph} (one window) and {@link OnlineEdfPowerOn} (from power-on,
 * hyperperiod by hyperperiod) both expand. From a free interval the decision instants are split
 * where a window opens or closes, and in each piece every set of arrived kernels the windows
 * allow is tried (for EDF-serial only the kernel EDF would pick matters). A frame ending after a
 * job's deadline at the latest instant of its piece is a miss some scenario reaches.
 */
final class OnlineDecisions {
    private final EdfBaseline.Kind kind;
    private final Oracle oracle;

    OnlineDecisions(EdfBaseline.Kind kind, Oracle oracle) {
        this.kind = kind;
        this.oracle = oracle;
    }

    /**
     * A kernel that may run next: its task, unit, job, whether it is its chain's last, whether it
     * has surely arrived (a later kernel of a chain), its window of arrival [r, rr], its deadline
     * and its job's arrival (the EDF tie-break).
     */
    record Cand(int task, int unit, long job, boolean last, boolean forced, long r, long rr, long deadline,
                long arrival) { }

    /** A successor: the frame's kernels and the interval of its end. */
    record Succ(List<Cand> batch, long lo, long hi) { }

    /** A frame some scenario runs that ends after the deadline of a job whose last kernel it holds. */
    record MissAt(long start, long end, List<Cand> batch, Cand late) { }

    record Step(List<Succ> next, MissAt miss) { }

    /** A vertex of both graphs: the kernels each task has completed, compared by content. */
    record Vertex(long[] counts) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Vertex v && Arrays.equals(v.counts, counts);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(counts);
        }

        long depth() {
            return Arrays.stream(counts).sum();
        }

        /** The vertex reached when {@code batch} has run from this one. */
        Vertex after(List<Cand> batch) {
            long[] c = counts.clone();
            for (Cand x : batch) {
                c[x.task()]++;
            }
            return new Vertex(c);
        }
    }

    /** Intervals [lo, hi] by start, then end. */
    static final Comparator<long[]> BY_START = Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]);

    /** Sorted intervals, overlapping or adjacent ones as one (copies): every instant of the union is reached. */
    static List<long[]> merged(Iterable<long[]> sorted) {
        List<long[]> out = new ArrayList<>();
        for (long[] iv : sorted) {
            long[] lastIv = out.isEmpty() ? null : out.get(out.size() - 1);
            if (lastIv != null && iv[0] <= lastIv[1] + 1) {
                lastIv[1] = Math.max(lastIv[1], iv[1]);
            } else {
                out.add(iv.clone());
            }
        }
        return out;
    }

    /** The statistics both graphs report: vertices expanded, edges and the depth reached. */
    static Stats stats(long states, long edges, long t0, Budget.Meter meter, int depth) {
        return new Stats(states, states, edges, 0, 0, 0, 0, depth, System.nanoTime() - t0, meter.peakHeap());
    }

    /**
     * The earliest instant a decision can be taken from a vertex whose only candidates are
     * {@code cands}: before the first window opens nothing can have arrived, so every earlier free
     * instant decides exactly as that one does (what lets equal vertices merge after idle time).
     */
    static long firstDecision(List<Cand> cands) {
        return cands.stream().anyMatch(Cand::forced) ? Long.MIN_VALUE
                : cands.stream().mapToLong(Cand::r).min().orElse(Long.MAX_VALUE);
    }

    Step expand(List<Cand> cands, long lo, long hi) {
        boolean ready = cands.stream().anyMatch(Cand::forced);
        long latestFirst = cands.stream().filter(c -> !c.forced()).mapToLong(Cand::rr).min().orElse(Long.MAX_VALUE);
        // Free at t: with a kernel already waiting the decision is at t; otherwise at the first arrival,
        // which may be as late as the earliest end of a window.
        long xhi = ready ? hi : Math.max(hi, latestFirst);
        TreeSet<Long> cuts = new TreeSet<>();
        for (Cand c : cands) {
            if (!c.forced()) {
                cuts.add(c.r());
                cuts.add(c.rr());
            }
        }
        List<Succ> next = new ArrayList<>();
        long p = lo;
        while (p <= xhi) {
            Long b = cuts.higher(p);
            long q = b == null || b > xhi ? xhi : b - 1;
            MissAt m = piece(cands, p, q, next);
            if (m != null) {
                return new Step(next, m);
            }
            p = q + 1;
        }
        return new Step(next, null);
    }

    /** Decisions at instants [p, q], where which kernels may have, and must have, arrived is constant. */
    private MissAt piece(List<Cand> cands, long p, long q, List<Succ> out) {
        List<Cand> optional = new ArrayList<>();
        List<Cand> must = new ArrayList<>();
        for (Cand c : cands) {
            if (c.forced() || c.rr() <= p) {
                must.add(c);
            } else if (c.r() <= p) {
                optional.add(c);
            }
        }
        Set<List<Cand>> batches = new LinkedHashSet<>();
        if (kind == EdfBaseline.Kind.SERIAL) {
            // Only the most urgent arrived kernel runs: any optional one more urgent than every must-arrive one.
            for (Cand c : cands) {
                if (must.contains(c)) {
                    batches.add(List.of(c));
                    break;
                }
                if (optional.contains(c)) {
                    batches.add(List.of(c));
                }
            }
        } else {
            if (optional.size() > OnlineEdfGraph.MAX_OPTIONAL) {
                throw new IllegalStateException("more than " + OnlineEdfGraph.MAX_OPTIONAL + " kernels may or may not"
                        + " have arrived at one decision (online edf-parallel tries every set of them)");
            }
            for (long s = 0; s < 1L << optional.size(); s++) {
                List<Cand> arrived = new ArrayList<>();
                for (Cand c : cands) {
                    int k = optional.indexOf(c);
                    if (must.contains(c) || k >= 0 && (s & (1L << k)) != 0) {
                        arrived.add(c);
                    }
                }
                if (!arrived.isEmpty()) {
                    batches.add(EdfBaseline.parallelBatch(oracle, arrived, Cand::unit));
                }
            }
        }
        for (List<Cand> batch : batches) {
            long mask = 0;
            for (Cand c : batch) {
                mask |= 1L << c.unit();
            }
            long c = oracle.completion(mask);
            if (c == CompletionModel.FORBIDDEN) {
                throw new IllegalStateException("the interference model forbids a batch online EDF runs");
            }
            long endHi = Ticks.add(q, c);
            for (Cand x : batch) {
                if (x.last() && endHi > x.deadline()) {
                    return new MissAt(q, endHi, batch, x);
                }
            }
            out.add(new Succ(batch, Ticks.add(p, c), endHi));
        }
        return null;
    }
}
