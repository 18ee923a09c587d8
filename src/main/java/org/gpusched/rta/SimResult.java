package org.gpusched.rta;

import java.util.List;
import java.util.OptionalLong;

/** The jobs (release order per task, tasks in input order) and the timeline of one simulation. */
public record SimResult(RtaMethod method, long releasesUntil, long end, List<SimJob> jobs, List<SimSlice> timeline) {
    public SimResult {
        jobs = List.copyOf(jobs);
        timeline = List.copyOf(timeline);
    }

    /**
     * The largest response time observed for {@code task}; for a job still running at {@code end}
     * that is at least end − release, so such a job counts with that value (a lower bound).
     */
    public OptionalLong observed(String task) {
        return jobs.stream().filter(j -> j.task().equals(task))
                .mapToLong(j -> j.finished() ? j.responseTime() : end - j.release()).max();
    }
}
