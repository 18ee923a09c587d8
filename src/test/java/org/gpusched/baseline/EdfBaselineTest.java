package org.gpusched.baseline;

import org.gpusched.RandomTaskSets;
import org.gpusched.ReferenceEdf;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class EdfBaselineTest {
    private static final int SETS = Integer.getInteger("gpusched.edfSets", 300);

    /**
     * A job turned away stays ready. At t = 5 task a has three ready jobs. The walk takes x, turns a#0 away ({x, a}
     * is forbidden), takes y; a#1 would fit ({x, y, a} is listed), but a#0 has not run, and jobs of
     * a task run in release order, so a#1 must not be taken.
     */
    @Test
    void a_later_job_never_overtakes_an_older_rejected_one() {
        TaskSet ts = new TaskSetReader().read(Path.of("src/test/resources/cases/edf-job-order.json"));
        BaselineResult r = new EdfBaseline(ts, EdfBaseline.Kind.PARALLEL).run();
        ReferenceEdf.Result got = ReferenceEdf.of(ts, r);
        assertThat(got.frames().get(0)).containsExactly("z#0");
        assertThat(got.frames().get(1)).containsExactly("x#0", "y#0");
        assertThat(got.frames().get(2)).containsExactly("a#0");
        assertThat(got.misses()).containsExactly("z#0", "x#0", "y#0", "a#0", "a#1", "a#2", "a#3", "a#4");
        assertInReleaseOrder(got);
        assertThat(got).isEqualTo(ReferenceEdf.run(ts, true));
    }

    /**
     * Frames and miss lists (not only verdicts) equal the naive reference on random sets of up to
     * six tasks, both kinds (ExplorerPropertyTest does the same on its own sets).
     */
    @Test
    void frames_and_misses_match_the_reference_simulation() {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        int withMisses = 0;
        for (long seed = 7_000_001; compared < SETS && failures.size() < 10; seed++) {
            TaskSet ts = RandomTaskSets.generate(seed, 2, 6);
            if (ts.jobCount() > 60) {
                continue;
            }
            compared++;
            for (EdfBaseline.Kind kind : EdfBaseline.Kind.values()) {
                ReferenceEdf.Result got = ReferenceEdf.of(ts, new EdfBaseline(ts, kind).run());
                ReferenceEdf.Result want = ReferenceEdf.run(ts, kind == EdfBaseline.Kind.PARALLEL);
                if (!got.equals(want)) {
                    failures.add("seed " + seed + " " + kind + ": " + got + " vs reference " + want);
                }
                withMisses += got.misses().isEmpty() ? 0 : 1;
            }
        }
        assertThat(failures).isEmpty();
        assertThat(withMisses).isGreaterThan(SETS / 10);
    }

    private static void assertInReleaseOrder(ReferenceEdf.Result r) {
        java.util.Map<String, Integer> next = new java.util.HashMap<>();
        for (List<String> f : r.frames()) {
            for (String label : f) {
                String task = label.substring(0, label.indexOf('#'));
                int job = Integer.parseInt(label.substring(label.indexOf('#') + 1));
                assertThat(job).as(label).isEqualTo(next.getOrDefault(task, 0));
                next.put(task, job + 1);
            }
        }
    }

    /**
     * A long walk: about 72,000 jobs in 36,001 frames under EDF-parallel. The old simulation
     * rescanned every pending job per frame (quadratic: 26 s of CPU, over a minute on a loaded
     * machine); this one takes well under a second. The 20 s bound only guards against that
     * hang, with a wide margin; it is not a performance target.
     */
    @Test
    void seventy_thousand_jobs_simulate_without_a_quadratic_hang() {
        TaskSet ts = manyJobs();
        assertThat(ts.jobCount()).isGreaterThan(70_000);
        BaselineResult r = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> new EdfBaseline(ts, EdfBaseline.Kind.PARALLEL).run());
        assertThat(r.frames().stream().mapToInt(f -> f.batch().size()).sum()).isEqualTo(ts.jobCount());
    }

    @Test
    void the_simulation_stops_at_its_state_and_time_budgets() {
        TaskSet ts = manyJobs();
        assertThatThrownBy(() -> new EdfBaseline(ts, EdfBaseline.Kind.PARALLEL)
                .run(Budget.of(1000, null).start())).isInstanceOf(Budget.Exhausted.class)
                .hasMessageContaining("state budget of 1000");
        var a = Baselines.run(ts, EdfBaseline.Kind.SERIAL, Budget.of(10, null).start()).analysis();
        assertThat(a.verdict()).isEqualTo(org.gpusched.explore.result.Verdict.INCONCLUSIVE);
        var heap = Baselines.run(ts, EdfBaseline.Kind.PARALLEL,
                new Budget(Budget.DEFAULT_MAX_STATES, null, 1e-9).start()).analysis();
        assertThat(heap.verdict()).isEqualTo(org.gpusched.explore.result.Verdict.INCONCLUSIVE);
        assertThat(heap.note()).contains("heap budget");
    }

    /** 8 tasks of period 200 and 8 of period 250 under a task of period 10^6: 72,001 jobs, at most 2 per frame. */
    static TaskSet manyJobs() {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            tasks.append("""
                    {"name": "t%d", "period": %d, "wcet": %d,
                     "kernel": {"blocks": %d, "threadsPerBlock": 256}},""".formatted(i, i < 8 ? 200 : 250,
                    1 + i % 5, 1 + i % 4));
        }
        tasks.append("""
                {"name": "long", "period": 1000000, "wcet": 50, "kernel": {"blocks": 2, "threadsPerBlock": 512}}""");
        String json = """
                {"name": "many-jobs", "gpu": {"sms": 4, "maxThreadsPerSm": 2048, "maxResidentKernels": 2},
                 "interference": {"model": "slowdown", "factors": {"t0": 1.5, "t9": 1.2}},
                 "tasks": [%s]}""".formatted(tasks);
        return new TaskSetReader().read("many-jobs.json", json);
    }
}
