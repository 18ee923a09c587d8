package org.gpusched.baseline;

import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.model.TaskSet;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What the reports need of a simulation, gathered as it streams by (so a run too long to keep needs
 * none of its frames kept): the number of frames, the worst response per task, the frames up to
 * the first miss (the witness) and the misses. The witness keeps at most {@code keepFrames} frames
 * (the last ones before the miss) and the first {@code keepMisses} misses are listed; both counts
 * stay exact. Memory is bounded by those two numbers and the tasks, whatever the number of jobs.
 */
public final class RunSummary implements FrameSink {
    private final TaskSet ts;
    private final int keepFrames;
    private final int keepMisses;
    private final Responses responses;
    private final Deque<Frame> prefix = new ArrayDeque<>();
    private final List<Miss> misses = new ArrayList<>();
    private long frames;
    private long missCount;
    private long kernelsToMiss;
    private long framesDropped;
    private Miss first;

    public RunSummary(TaskSet ts, int keepFrames, int keepMisses) {
        this.ts = ts;
        this.keepFrames = keepFrames;
        this.keepMisses = keepMisses;
        this.responses = new Responses(ts);
    }

    @Override
    public void frame(Frame f) {
        frames++;
        responses.add(f);
        if (first != null) {
            return;
        }
        prefix.addLast(f);
        kernelsToMiss += f.batch().size();
        if (prefix.size() > keepFrames) {
            prefix.removeFirst();
            framesDropped++;
        }
    }

    @Override
    public void miss(Miss m) {
        missCount++;
        if (misses.size() < keepMisses) {
            misses.add(m);
        }
        if (first == null) {
            first = m;
            // Frames after the one that ran the late job's last kernel are not part of the witness.
            JobRef late = new JobRef(m.task(), m.job(), ts.task(m.task()).kernels() - 1);
            while (!prefix.isEmpty() && !prefix.peekLast().batch().contains(late)) {
                kernelsToMiss -= prefix.removeLast().batch().size();
            }
        }
    }

    public long frames() {
        return frames;
    }

    public long missCount() {
        return missCount;
    }

    /** The first misses, at most {@code keepMisses}, in {@link EdfBaseline#MISS_ORDER}. */
    public List<Miss> misses() {
        return List.copyOf(misses);
    }

    /** The frames up to and including the one that ran the first late job (its last ones when too many). */
    public List<Frame> witness() {
        return List.copyOf(prefix);
    }

    /** Frames before {@link #witness()} that were not kept. */
    public long framesDropped() {
        return framesDropped;
    }

    /** Kernels run up to and including the first late job's frame. */
    public long kernelsToMiss() {
        return kernelsToMiss;
    }

    public Responses responses() {
        return responses;
    }
}
