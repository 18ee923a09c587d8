package org.gpusched.baseline;

import org.gpusched.explore.job.Analysis;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;

/**
 * Run in a JVM of its own with a small heap by {@link StreamingEdfTest}: simulates a set of
 * {@code args[1]} hyperperiod ticks (about 0.88 jobs per tick) with EDF-parallel, streamed
 * ({@code args[0]} = stream) or keeping every frame (keep), and prints the verdict, the frame
 * count and the jobs.
 */
public final class HugeStream {
    private HugeStream() { }

    /** Nine tasks of unit wcet whose periods divide {@code h} (a multiple of 1000), and one of period h. */
    public static TaskSet of(long h) {
        StringBuilder tasks = new StringBuilder();
        long[] periods = {4, 5, 8, 10, 16, 20, 25, 40, 50};
        for (int i = 0; i < periods.length; i++) {
            tasks.append("{\"name\": \"t%d\", \"period\": %d, \"wcet\": 1},".formatted(i, periods[i]));
        }
        tasks.append("{\"name\": \"long\", \"period\": %d, \"wcet\": 3}".formatted(h));
        return new TaskSetReader().read("huge.json", "{\"name\": \"huge\", \"tasks\": [" + tasks + "]}");
    }

    public static void main(String[] args) {
        TaskSet ts = of(Long.parseLong(args[1]));
        Baselines.Run r = Baselines.run(ts, EdfBaseline.Kind.PARALLEL, Budget.defaults().start(),
                args[0].equals("stream"));
        Analysis a = r.analysis();
        System.out.println(a.verdict() + " frames=" + a.stats().edges() + " jobs=" + ts.jobCount() + " note="
                + a.note());
    }
}
