package org.gpusched.pbs;

import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The time limit binds every engine on every thread count, proven on a clock of the test's: each
 * reading advances it by a millisecond, so a limit of a second is passed after a thousand
 * readings however fast or loaded the machine, and the answer is inconclusive with the limit's
 * note and the run's time (from the meter's start).
 */
class FakeClockBudgetTest {
    /** The paper's workload at 28 tasks and U = 1.63: no engine decides it within a thousand readings. */
    private static final TaskSet BIG = Generator.generate(1, Scenario.MIXED, 1.63, 28, 0).parse();

    @Test
    void a_time_limit_on_a_fake_clock_stops_every_engine() {
        for (EngineKind e : EngineKind.values()) {
            for (int threads : new int[] {1, 2}) {
                AtomicLong now = new AtomicLong();
                Options o = Options.defaults().withEngine(e).withThreads(threads)
                        .withBudget(Budget.DEFAULT_MAX_STATES, Duration.ofSeconds(1));
                Budget.Meter meter = o.budget().start(() -> now.addAndGet(1_000_000));
                Analysis a = PbsQuestion.steadyState(BIG, o, meter);
                String what = e + " on " + threads + " threads";
                assertThat(a.verdict()).as(what).isEqualTo(Verdict.INCONCLUSIVE);
                // The test JVM's small heap may run out first (a solver left behind in its first
                // propagation still holds its model): a spent budget either way, never a verdict.
                assertThat(Budget.spent(a.note())).as(what + ": " + a.note()).isTrue();
                if (a.note().startsWith("time limit")) {
                    assertThat(a.note()).as(what).startsWith("time limit of 1000 ms reached");
                    assertThat(a.stats().elapsedNanos()).as(what).isGreaterThanOrEqualTo(1_000_000_000L);
                }
            }
        }
    }

    @Test
    @Timeout(60)
    void an_engine_stopped_by_the_caller_at_the_limit_reports_the_limit_not_a_rival() {
        // The caller sees the limit pass before the engine's own next reading: the engine then stops
        // on the caller's word, and must say the limit stopped it (no other engine ran).
        // The clock reads past the limit on the caller's thread only: the engine's own readings
        // never see it, as when the caller reads the clock between two of the engine's checks.
        Thread caller = Thread.currentThread();
        AtomicLong now = new AtomicLong();
        Budget.Meter meter = Budget.of(Budget.DEFAULT_MAX_STATES, Duration.ofSeconds(1))
                .start(() -> Thread.currentThread() == caller ? now.get() : 0L);
        CompletableFuture<Analysis> engine = CompletableFuture.supplyAsync(() -> {
            String note;
            while ((note = meter.timeNote()) == null) {
                Thread.onSpinWait();
            }
            return new Analysis(Verdict.INCONCLUSIVE, "solver", Stats.EMPTY, List.of(), null, note);
        });
        now.set(2_000_000_000L);
        Analysis a = Portfolio.withinBudget(engine, meter, "solver", true);
        assertThat(a.note()).isEqualTo("time limit of 1000 ms reached");
        Budget.Meter raced = Budget.of(10, null).start(() -> 0L);
        raced.cancel();
        assertThat(raced.timeNote()).isEqualTo(Budget.CANCELLED);
    }

    @Test
    @Timeout(120)
    void the_caller_gives_the_answer_when_the_limit_passes_unseen_by_the_engines() {
        // The clock reads past the limit on the caller's thread only, as when an engine is in a long
        // step that reads no clock (listing a huge state's batches on a loaded machine): the graph
        // search and the portfolio must still answer at the limit, not when the engines next look.
        for (EngineKind e : new EngineKind[] {EngineKind.GRAPH, EngineKind.PORTFOLIO}) {
            Thread caller = Thread.currentThread();
            AtomicLong now = new AtomicLong();
            Options o = Options.defaults().withEngine(e).withThreads(1)
                    .withBudget(Budget.DEFAULT_MAX_STATES, Duration.ofSeconds(1));
            Budget.Meter meter = o.budget().start(() -> Thread.currentThread() == caller ? now.get() : 0L);
            now.set(2_000_000_000L);
            Analysis a = PbsQuestion.steadyState(BIG, o, meter);
            assertThat(a.verdict()).as(e.toString()).isEqualTo(Verdict.INCONCLUSIVE);
            assertThat(a.note()).as(e.toString()).isEqualTo("time limit of 1000 ms reached");
            assertThat(a.method()).as(e.toString()).startsWith("gpusched(merge=");
        }
    }

    @Test
    @Timeout(60)
    void a_part_that_never_ends_is_left_behind_once_the_limit_passes() {
        AtomicLong now = new AtomicLong();
        Budget.Meter meter = Budget.of(Budget.DEFAULT_MAX_STATES, Duration.ofSeconds(1)).start(now::get);
        List<Budget.Meter> meters = List.of(meter.inner(meter.budget()), meter.inner(meter.budget()));
        // Neither part ever ends: the caller alone reads the clock.
        List<CompletableFuture<Analysis>> racing = List.of(new CompletableFuture<>(), new CompletableFuture<>());
        now.set(2_000_000_000L);
        Analysis a = Portfolio.first(racing, meters, List.of("graph search", "solver"), false, meter,
                "gpusched(merge=domination, search=auto)");
        assertThat(a.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(a.note()).isEqualTo("time limit of 1000 ms reached");
        assertThat(a.method()).isEqualTo("gpusched(merge=domination, search=auto)");
        assertThat(a.engine()).isEqualTo("graph");
        // Each part is told to stop with the limit's note, for when it next looks.
        now.set(0);
        assertThat(meters).allSatisfy(m -> assertThat(m.timeNote()).isEqualTo("time limit of 1000 ms reached"));
    }

    @Test
    void the_meter_reads_the_clock_it_was_given() {
        AtomicLong now = new AtomicLong(5_000);
        Budget.Meter m = Budget.of(10, Duration.ofMillis(2)).start(now::get);
        assertThat(m.timeNote()).isNull();
        now.addAndGet(3_000_000);
        assertThat(m.elapsedNanos()).isEqualTo(3_000_000);
        assertThat(m.timeNote()).isEqualTo("time limit of 2 ms reached");
        assertThat(m.inner(Budget.of(10, null)).timeNote()).isEqualTo("time limit of 2 ms reached");
        assertThat(Budget.spent(m.timeNote())).isTrue();
        assertThat(Budget.spent(m.over(11))).isTrue();
        assertThat(Budget.spent("the relaxation has solutions")).isFalse();
    }
}
