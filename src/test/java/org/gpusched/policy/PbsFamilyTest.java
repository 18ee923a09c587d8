package org.gpusched.policy;

import org.gpusched.baseline.BaselineResult;
import org.gpusched.baseline.Miss;
import org.gpusched.model.Workload;
import org.gpusched.input.WorkloadReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

class PbsFamilyTest {
    private static final Workload FIG1 = new WorkloadReader().read(Path.of("examples/paper-fig1.json"));
    private static final Workload V2 = new WorkloadReader().read(Path.of("examples/workload-v2.json"));

    @Test
    void registryHasStableUniqueIdsWithSources() {
        MethodRegistry r = MethodRegistry.standard();
        assertThat(r.ids()).startsWith("gpusched", "brute-force", "edf-serial", "edf-parallel");
        for (Method m : r.all()) {
            assertThat(m.description()).isNotBlank().doesNotContain("\n");
            assertThat(m.source()).isNotBlank();
            assertThat(r.byId(m.id())).containsSame(m);
        }
        assertThat(r.byId("nope")).isEmpty();
    }

    @Test
    void pbsMethodsAreNotApplicableToCpuWorkWithTheReason() {
        for (Method m : PbsFamily.all()) {
            Applicability a = m.applicability(V2);
            assertThat(a.applies()).isFalse();
            assertThat(a.reason()).contains("tasks[0] has a CPU segment of length 300");
            MethodResult r = m.analyze(V2, RunOptions.defaults());
            assertThat(r.outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
            assertThat(r.outcome().exitCode()).isEqualTo(2);
            assertThat(r.reason()).isEqualTo(a.reason());
            assertThat(r.tasks()).isEmpty();
        }
    }

    @Test
    void gpuschedRowsAreTheWorstResponseInTheScheduleFound() {
        MethodResult r = MethodRegistry.standard().byId("gpusched").orElseThrow().analyze(FIG1, RunOptions.defaults());
        assertThat(r.outcome()).isEqualTo(Outcome.SCHEDULABLE);
        assertThat(r.evidence()).isEqualTo(Evidence.EXACT);
        Detail.Frames f = (Detail.Frames) r.detail();
        assertThat(f.analysis().schedule()).isNotEmpty();
        // independent recomputation from the table: every job's end minus its release
        long[] worst = new long[3];
        f.analysis().schedule().forEach(fr -> fr.batch().forEach(j -> worst[j.task()] = Math.max(worst[j.task()],
                fr.end() - j.job() * FIG1.task(j.task()).period())));
        for (int i = 0; i < 3; i++) {
            TaskRow row = r.tasks().get(i);
            assertThat(row.responseTime()).isEqualTo(OptionalLong.of(worst[i]));
            assertThat(row.responseTime().getAsLong()).isLessThanOrEqualTo(FIG1.task(i).deadline());
            assertThat(row.schedulable()).isTrue();
        }
    }

    @Test
    void edfRowsMarkExactlyTheTasksThatMiss() {
        MethodResult r = MethodRegistry.standard().byId("edf-serial").orElseThrow().analyze(FIG1, RunOptions.defaults());
        assertThat(r.outcome()).isEqualTo(Outcome.NOT_SCHEDULABLE);
        assertThat(r.evidence()).isEqualTo(Evidence.SIMULATION);
        BaselineResult b = ((Detail.Frames) r.detail()).baseline();
        List<String> missing = b.misses().stream().map(Miss::task).distinct().map(t -> FIG1.task(t).name()).toList();
        assertThat(r.tasks().stream().filter(t -> !t.schedulable()).map(TaskRow::task).toList())
                .containsExactlyInAnyOrderElementsOf(missing);
        for (Miss m : b.misses()) {
            assertThat(r.tasks().get(m.task()).responseTime().getAsLong()).isGreaterThanOrEqualTo(m.finish() - m.arrival());
        }
    }
}
