package org.gpusched.baseline;

import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.Frame;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The streaming EDF simulation against its materialised twin ({@link MaterialisedEdf}), the
 * streamed summary against the kept run, the streamed table against the whole one, and a set far
 * over the old 100,000-job cap in a heap that cannot hold its frames.
 */
class StreamingEdfTest {
    private static final int SETS = 100;
    private static List<TaskSet> sets;

    /** Random sets, with and without chains, offsets and jitter (those with a steady-state window); made once. */
    private static synchronized List<TaskSet> sets() {
        if (sets != null) {
            return sets;
        }
        List<TaskSet> out = new ArrayList<>();

        for (long seed = 28_400_001; out.size() < SETS; seed++) {
            TaskSet ts = RandomTaskSets.generate(seed, 2, 8);
            if (ts.jobCount() <= 400) {
                out.add(ts);
            }
        }
        for (long seed = 28_500_001; out.size() < 2 * SETS; seed++) {
            TaskSet ts = RandomPipelines.generate(seed, 2, 6);
            if (ts.origin() >= 0 && ts.jobCount() <= 400) {
                out.add(ts);
            }
        }
        sets = out;
        return out;
    }

    @Test
    void streamed_frames_and_misses_equal_the_materialised_twin() {
        int withMisses = 0;
        for (TaskSet ts : sets()) {
            for (EdfBaseline.Kind kind : EdfBaseline.Kind.values()) {
                BaselineResult got = new EdfBaseline(ts, kind).run();
                BaselineResult want = new MaterialisedEdf(ts, kind).run(Budget.defaults().start());
                assertThat(got.frames()).as(ts.source() + " " + kind).isEqualTo(want.frames());
                assertThat(got.misses()).as(ts.source() + " " + kind).isEqualTo(want.misses());
                withMisses += want.misses().size() > 1 ? 1 : 0;
            }
        }
        assertThat(withMisses).as("runs with several misses (their order is compared)").isGreaterThan(SETS / 5);
    }

    @Test
    void a_streamed_summary_reports_what_the_kept_run_reports() {
        for (TaskSet ts : sets()) {
            for (EdfBaseline.Kind kind : EdfBaseline.Kind.values()) {
                String as = ts.source() + " " + kind;
                Baselines.Run kept = Baselines.run(ts, kind, Budget.defaults().start(), false);
                Baselines.Run streamed = Baselines.run(ts, kind, Budget.defaults().start(), true);
                Analysis k = kept.analysis();
                Analysis s = streamed.analysis();
                assertThat(s.verdict()).as(as).isEqualTo(k.verdict());
                assertThat(s.stats().edges()).as(as).isEqualTo(k.stats().edges());
                assertThat(s.stats().maxDepth()).as(as).isEqualTo(k.stats().maxDepth());
                assertThat(s.witness()).as(as).isEqualTo(k.witness());
                assertThat(streamed.all().frameCount()).as(as).isEqualTo(kept.all().frames().size());
                assertThat(streamed.all().misses()).as(as).isEqualTo(kept.all().misses());
                assertThat(streamed.all().streamed()).as(as).isTrue();
                assertThat(kept.all().streamed()).as(as).isFalse();
                for (int i = 0; i < ts.size(); i++) {
                    assertThat(streamed.responses().worst(i)).as(as).isEqualTo(kept.responses().worst(i));
                }
                if (k.witness() != null) {
                    assertThat(s.note()).as(as).isEqualTo(k.note());
                }
            }
        }
    }

    /** With room for 2 frames and 1 miss, the witness is the last 2 frames before the first miss; counts stay exact. */
    @Test
    void a_streamed_witness_keeps_the_last_frames_and_the_first_misses() {
        int checked = 0;
        for (TaskSet ts : sets()) {
            BaselineResult all = new EdfBaseline(ts, EdfBaseline.Kind.SERIAL).run();
            Analysis kept = Baselines.run(ts, EdfBaseline.Kind.SERIAL, Budget.defaults().start(), false).analysis();
            if (all.misses().size() < 2 || kept.witness().path().size() < 3) {
                continue;
            }
            checked++;
            RunSummary s = new RunSummary(ts, 2, 1);
            assertThat(new EdfBaseline(ts, EdfBaseline.Kind.SERIAL).stream(Budget.defaults().start(), s))
                    .isEqualTo(all.frames().size());
            List<Frame> path = kept.witness().path();
            assertThat(s.witness()).isEqualTo(path.subList(path.size() - 2, path.size()));
            assertThat(s.framesDropped()).isEqualTo(path.size() - 2);
            assertThat(s.kernelsToMiss()).isEqualTo(kept.witness().jobsDone());
            assertThat(s.misses()).containsExactly(all.misses().get(0));
            assertThat(s.missCount()).isEqualTo(all.misses().size());
        }
        assertThat(checked).isGreaterThan(10);
    }

    @Test
    void a_streamed_table_has_the_bytes_of_the_whole_table() throws IOException {
        int checked = 0;
        for (TaskSet ts : sets()) {
            for (EdfBaseline.Kind kind : EdfBaseline.Kind.values()) {
                BaselineResult all = new EdfBaseline(ts, kind).run();
                if (!all.schedulable()) {
                    continue;
                }
                checked++;
                for (boolean csv : new boolean[] {false, true}) {
                    StringWriter w = new StringWriter();
                    Baselines.writeTable(ts, kind, "edf-x", csv, Budget.defaults().start(), w);
                    var whole = Tables.of(ts, "edf-x", all.frames());
                    assertThat(w.toString()).isEqualTo(csv ? Tables.toCsv(whole) : Tables.toJson(whole));
                }
            }
        }
        assertThat(checked).isGreaterThan(SETS / 5);
    }

    /**
     * 872,501 jobs (8.7 times the old cap) in a JVM of 40 MiB heap: streamed, EDF-parallel
     * simulates them all; keeping every frame, the same run runs out of memory (so the heap is
     * truly too small for the frames, and the check can fail).
     */
    @Test
    void nearly_a_million_jobs_stream_in_a_heap_too_small_for_their_frames() throws Exception {
        assertThat(fork("stream")).startsWith("SCHEDULABLE frames=400000 jobs=872501 note=streamed:");
        assertThat(fork("keep")).startsWith("INCONCLUSIVE frames=0 jobs=872501 note=")
                .containsAnyOf("out of memory", "heap budget");
    }

    private static String fork(String mode) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx40m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), HugeStream.class.getName(), mode, "1000000")
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the forked simulation ends").isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
