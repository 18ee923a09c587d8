package org.gpusched.explore;

import org.gpusched.explore.bound.DemandCheck;
import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.bound.WindowRelaxation;
import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.graph.LayerSplit;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Proof;
import org.gpusched.explore.result.RefutationBug;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.Verdict;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The re-checks of the refutations (docs/explorer.md, "Refutations re-checked"): a deliberately
 * broken window relaxation or demand bound that refutes a schedulable set is caught as a bug, a
 * sound refutation is confirmed, and a re-check out of budget leaves it unconfirmed.
 */
class ProofsTest {
    /** One kernel resident at a time: no two jobs ever share a frame. One task whose job fills its period exactly. */
    static final String TIGHT = set(task("a", 4, 4, 4));
    /** Two tasks that need 6 of every 4 ticks. */
    static final String OVERLOAD = set(task("a", 4, 4, 3) + "," + task("b", 4, 4, 3));
    /** By 4 a needs 2, by 8 all three jobs need 7; schedulable (a, b, a). */
    static final String FITS_BY_EIGHT = set(task("a", 4, 4, 2) + "," + task("b", 8, 8, 3));

    private static String task(String name, long period, long deadline, long wcet) {
        return "{\"name\":\"" + name + "\",\"period\":" + period + ",\"deadline\":" + deadline + ",\"wcet\":" + wcet
                + ",\"kernel\":{\"blocks\":1,\"threadsPerBlock\":32}}";
    }

    private static String set(String tasks) {
        return "{\"formatVersion\":1,\"name\":\"proofs\",\"tasks\":[" + tasks + "],"
                + "\"gpu\":{\"maxResidentKernels\":1}}";
    }

    static TaskSet read(String json) {
        return new TaskSetReader().read("proofs.json", json);
    }

    /** The refutation of a window relaxation run over every window, or null when it does not refute. */
    private static Analysis relaxed(TaskSet ts, WindowRelaxation.Mutation m) {
        WindowRelaxation w = new WindowRelaxation(new Oracle(ts), new JobModel(ts), null, LiveBound.Mutation.NONE,
                1 << 20, m, -1L).everyWindow();
        return w.step(Long.MAX_VALUE) == WindowRelaxation.Step.REFUTED ? w.refutation("gpusched", Stats.EMPTY) : null;
    }

    private static Analysis confirm(TaskSet ts, Options o, Analysis a) {
        return Proofs.confirm(ts, o, o.budget().start(), a);
    }

    @Test
    void a_window_relaxation_that_refutes_a_schedulable_set_is_caught_as_a_bug() {
        TaskSet ts = read(TIGHT);
        assertThat(new GpuSchedExplorer(ts, Options.defaults()).analyze().verdict()).isEqualTo(Verdict.SCHEDULABLE);
        assertThat(relaxed(ts, WindowRelaxation.Mutation.NONE)).isNull();
        // Every frame a tick longer than the model says: the one job misses its deadline in the relaxation.
        Analysis broken = relaxed(ts, WindowRelaxation.Mutation.LONGER_FRAMES);
        assertThat(broken).isNotNull();
        assertThat(broken.proof().kind()).isEqualTo(Proof.Kind.WINDOW_RELAXATION);
        assertThatThrownBy(() -> confirm(ts, Options.defaults(), broken)).isInstanceOf(RefutationBug.class)
                .hasMessageContaining("window relaxation refuted the set, yet the exhaustive search found a schedule");
    }

    @Test
    void a_sound_window_relaxation_refutation_is_confirmed_and_names_its_window() {
        TaskSet ts = read(OVERLOAD);
        Analysis a = relaxed(ts, WindowRelaxation.Mutation.NONE);
        assertThat(a).isNotNull();
        assertThat(a.proof()).isEqualTo(new Proof(Proof.Kind.WINDOW_RELAXATION, 0, 4, null));
        assertThat(confirm(ts, Options.defaults(), a).proof().confirmation()).isEqualTo(Proof.CONFIRMED);
    }

    @Test
    void a_solver_refutation_is_re_decided_alike_and_left_unconfirmed_when_the_budget_runs_out() {
        TaskSet ts = read(OVERLOAD);
        Analysis solver = new Analysis(Verdict.NOT_SCHEDULABLE, "solver", Stats.EMPTY, java.util.List.of(), null, null)
                .withProof(Proof.of(Proof.Kind.SOLVER));
        assertThat(confirm(ts, Options.defaults(), solver).proof().confirmation()).isEqualTo(Proof.CONFIRMED);
        // A set whose search alone is out of reach of a re-check of 1,000 states.
        TaskSet hard = org.gpusched.experiment.Generator.generate(1, org.gpusched.experiment.Scenario.LARGE, 1.6, 16, 8)
                .parse();
        assertThat(confirm(hard, Options.defaults().withBudget(1_000, null), solver).proof().confirmation())
                .isEqualTo(Proof.UNCONFIRMED);
        Analysis schedulable = new GpuSchedExplorer(read(TIGHT), Options.defaults()).analyze();
        Analysis forged = new Analysis(Verdict.NOT_SCHEDULABLE, "solver", Stats.EMPTY, java.util.List.of(), null,
                null).withProof(Proof.of(Proof.Kind.SOLVER));
        assertThat(schedulable.verdict()).isEqualTo(Verdict.SCHEDULABLE);
        assertThatThrownBy(() -> confirm(read(TIGHT), Options.defaults(), forged)).isInstanceOf(RefutationBug.class);
    }

    @Test
    void the_exhaustive_search_and_the_demand_bound_are_not_searched_again() {
        TaskSet ts = read(OVERLOAD);
        Analysis a = new GpuSchedExplorer(ts, Options.defaults()).analyze();
        assertThat(a.proof()).isEqualTo(new Proof(Proof.Kind.DEMAND_BOUND, 0, 4, Proof.CONFIRMED));
        assertThat(confirm(ts, Options.defaults(), a)).isSameAs(a);
        Analysis searched = new GpuSchedExplorer(ts, Options.defaults().withGreedyFirst(false)).analyze();
        assertThat(searched.proof()).isEqualTo(Proof.of(Proof.Kind.EXHAUSTIVE_SEARCH));
        assertThat(confirm(ts, Options.defaults(), searched)).isSameAs(searched);
    }

    @Test
    void a_demand_bound_that_counts_jobs_due_later_is_caught_by_the_recount() {
        TaskSet ts = read(FITS_BY_EIGHT);
        assertThat(new GpuSchedExplorer(ts, Options.defaults()).analyze().verdict()).isEqualTo(Verdict.SCHEDULABLE);
        // The jobs due by the next deadline counted as due by this one: 7 by 4.
        GpuSchedExplorer broken = new GpuSchedExplorer(ts, Options.defaults(), LiveBound.Mutation.DUE_ONE_LATE,
                Engine.LAZY_FROM, GpuSchedExplorer.GREEDY_FROM, LayerSplit.ROUND);
        assertThatThrownBy(broken::analyze).isInstanceOf(RefutationBug.class)
                .hasMessageContaining("task a has 1 jobs due by 4, the demand bound counted 2");
    }

    @Test
    void the_demand_recomputation_checks_the_count_the_interval_and_the_claimed_need() {
        TaskSet ts = read(OVERLOAD);
        assertThat(DemandCheck.failure(ts, 0, 4, new long[] {1, 1}, 6)).isNull();
        assertThat(DemandCheck.failure(ts, 0, 4, new long[] {1, 2}, 6)).contains("task b has 1 jobs due by 4");
        assertThat(DemandCheck.failure(ts, 0, 4, new long[] {1, 1}, 4)).contains("a demand of 4 fits the 4");
        assertThat(DemandCheck.failure(ts, 1, 4, new long[] {1, 1}, 6)).contains("the first release is at 0");
        // More than the two kernels take one after another: no bound on the least frame time can say that.
        assertThat(DemandCheck.failure(ts, 0, 4, new long[] {1, 1}, 7)).contains("exceeds the 6");
    }
}
