package org.gpusched.margin;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Options;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class MarginsTest {
    @ParameterizedTest
    @ValueSource(strings = {"examples/paper-fig1.json", "examples/paper-example-2-1.json",
            "examples/player-calibration.json", "examples/jetson-orin-perception.json",
            "examples/rtx4090-inference.json"})
    void every_job_of_a_checked_table_finishes_by_its_deadline_and_the_summaries_agree(String file) {
        TaskSet ts = new TaskSetReader().read(Path.of(file));
        Analysis a = new GpuSchedExplorer(ts, Options.defaults()).analyze();
        assertThat(TableChecker.check(ts, Tables.of(ts, a.method(), a.schedule()))).isEmpty();
        Margins m = Margins.of(ts, a.schedule());
        assertThat(m.jobs()).hasSize(ts.jobCount());
        for (Margins.JobMargin j : m.jobs()) {
            assertThat(j.release()).isEqualTo(j.job() * ts.task(j.task()).period());
            assertThat(j.start()).isGreaterThanOrEqualTo(j.release());
            assertThat(j.finish() - j.start()).isGreaterThanOrEqualTo(ts.task(j.task()).wcet());
            assertThat(j.slack()).isGreaterThanOrEqualTo(0).isEqualTo(j.deadline() - j.finish());
            assertThat(j.response()).isEqualTo(j.finish() - j.release());
        }
        for (Margins.TaskMargin t : m.tasks()) {
            var mine = m.jobs().stream().filter(j -> j.task() == t.task()).toList();
            assertThat(t.jobs()).isEqualTo(ts.jobsOf(t.task()));
            assertThat(t.worstResponse()).isEqualTo(mine.stream().mapToLong(Margins.JobMargin::response).max().orElseThrow());
            assertThat(t.minSlack()).isEqualTo(mine.stream().mapToLong(Margins.JobMargin::slack).min().orElseThrow());
        }
        assertThat(m.tightest().slack()).isEqualTo(m.tasks().stream().mapToLong(Margins.TaskMargin::minSlack).min().orElseThrow());
    }

    @Test
    void an_incomplete_schedule_has_no_margins() {
        TaskSet ts = new TaskSetReader().read(Path.of("examples/paper-fig1.json"));
        Analysis a = new GpuSchedExplorer(ts, Options.defaults()).analyze();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Margins.of(ts, a.schedule().subList(1, a.schedule().size())))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
