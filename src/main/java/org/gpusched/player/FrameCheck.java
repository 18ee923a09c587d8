package org.gpusched.player;

import org.gpusched.model.Ticks;

import java.util.*;

/**
 * A played run compared frame by frame with the table it played (the analysis): how late each
 * frame started against its planned start, how long it really took against the completion time
 * C(S) the interference model gave its set, and whether any job finished after its deadline.
 * A frame that took longer than C(S) shows that the model is optimistic for that set; this is
 * what {@code loop} feeds back into the model. Times are in the trace's unit (ticks on the
 * simulated device, ns on the GPU); {@link #worstTicksBySet} converts back to ticks, rounding up.
 */
public record FrameCheck(List<Frame> frames, Summary summary, Map<Long, Long> worstTicksBySet) {

    public FrameCheck {
        frames = List.copyOf(frames);
        worstTicksBySet = Collections.unmodifiableMap(new TreeMap<>(worstTicksBySet));
    }

    /**
     * @param skew    actual start - planned start
     * @param model   the set's modelled completion time C(S), the table's frame length
     * @param length  actual end - actual start
     * @param overrun length - model (positive: the frame took longer than the analysis assumed)
     */
    public record Frame(int entry, int hyperperiod, int tableEntry, long mask, List<String> jobs, long plannedStart,
                        long start, long skew, long model, long length, long overrun) {
        public Frame {
            jobs = List.copyOf(jobs);
        }
    }

    /**
     * @param overrunFrames frames longer than their model
     * @param worstOverrun  the largest overrun (negative or 0 when every frame kept within its model)
     * @param worstEntry    the played entry with the largest overrun (first one on ties), -1 without frames
     * @param maxSkew       the largest start - planned start
     * @param deadlineMissed whether a job finished after its deadline (or never ran)
     */
    public record Summary(int frames, int overrunFrames, long worstOverrun, int worstEntry, List<String> worstJobs,
                          long maxSkew, boolean deadlineMissed) {
        public Summary {
            worstJobs = List.copyOf(worstJobs);
        }

        public boolean overran() {
            return overrunFrames > 0;
        }
    }

    public static FrameCheck of(PlayResult r) {
        UnrolledTable plan = r.plan();
        long scale = r.trace().scale();
        List<Frame> frames = new ArrayList<>(r.batches().size());
        Map<Long, Long> worst = new TreeMap<>();
        int overrunFrames = 0;
        long worstOverrun = Long.MIN_VALUE;
        int worstEntry = -1;
        List<String> worstJobs = List.of();
        long maxSkew = Long.MIN_VALUE;
        for (PlayResult.BatchRow b : r.batches()) {
            int e = b.entry();
            long mask = plan.mask(e); // by kernel: a chain's kernels are the sets a model times
            long model = Ticks.mul(plan.completion(e), scale);
            long length = Ticks.sub(b.end(), b.start());
            Frame f = new Frame(e, b.hyperperiod(), b.tableEntry(), mask, b.jobs(), b.plannedStart(), b.start(),
                    Ticks.sub(b.start(), b.plannedStart()), model, length, Ticks.sub(length, model));
            frames.add(f);
            if (f.overrun() > 0) {
                overrunFrames++;
            }
            if (f.overrun() > worstOverrun) {
                worstOverrun = f.overrun();
                worstEntry = e;
                worstJobs = b.jobs();
            }
            maxSkew = Math.max(maxSkew, f.skew());
            // ceil(length / scale): a frame that ran 1 ns over its model is one tick over it.
            long ticks = length / scale + (length % scale > 0 ? 1 : 0);
            worst.merge(mask, ticks, Math::max);
        }
        boolean empty = frames.isEmpty();
        Summary s = new Summary(frames.size(), overrunFrames, empty ? 0 : worstOverrun, worstEntry, worstJobs,
                empty ? 0 : maxSkew, r.summary().misses() > 0);
        return new FrameCheck(frames, s, worst);
    }
}
