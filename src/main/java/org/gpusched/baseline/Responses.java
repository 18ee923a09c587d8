package org.gpusched.baseline;

import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.model.TaskSet;

import java.util.List;
import java.util.OptionalLong;

/**
 * The worst response time per task (frame end − arrival of a job whose chain's last kernel the
 * frame runs) over the frames added so far: per-task rows that need no frame kept.
 */
public final class Responses {
    private final TaskSet ts;
    private final long[] worst;
    private final boolean[] seen;

    public Responses(TaskSet ts) {
        this.ts = ts;
        worst = new long[ts.size()];
        seen = new boolean[ts.size()];
    }

    public static Responses of(TaskSet ts, List<Frame> frames) {
        Responses r = new Responses(ts);
        frames.forEach(r::add);
        return r;
    }

    public void add(Frame f) {
        for (JobRef j : f.batch()) {
            if (j.stage() != ts.task(j.task()).kernels() - 1) {
                continue; // a job responds when its chain's last kernel ends
            }
            long response = f.end() - ts.task(j.task()).arrival(j.job());
            worst[j.task()] = Math.max(worst[j.task()], response);
            seen[j.task()] = true;
        }
    }

    /** Task i's worst response, empty when none of its jobs completed in the frames seen. */
    public OptionalLong worst(int task) {
        return seen[task] ? OptionalLong.of(worst[task]) : OptionalLong.empty();
    }
}
