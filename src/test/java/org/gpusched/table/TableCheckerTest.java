package org.gpusched.table;

import org.gpusched.TestFiles;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Options;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TableCheckerTest {
    private final TaskSet fig1 = TestFiles.load("paper-fig1.json");
    private final SchedulingTable good = Tables.of(fig1, "gpusched",
            new GpuSchedExplorer(fig1, Options.defaults().withGreedyFirst(false)).analyze().schedule());

    private SchedulingTable mutate(UnaryOperator<List<SchedulingTable.Entry>> f) {
        List<SchedulingTable.Entry> entries = f.apply(new ArrayList<>(good.entries()));
        return new SchedulingTable(good.format(), good.formatVersion(), good.taskSet(), good.timeUnit(),
                good.hyperperiod(), good.method(), good.streams(), entries);
    }

    @Test
    void the_explorers_table_is_valid() {
        assertThat(TableChecker.check(fig1, good)).isEmpty();
    }

    @Test
    void a_missing_job_is_reported() {
        SchedulingTable t = mutate(e -> e.subList(0, e.size() - 1));
        assertThat(TableChecker.check(fig1, t)).anySatisfy(m -> assertThat(m).contains("never runs"));
    }

    @Test
    void a_duplicated_frame_is_reported() {
        SchedulingTable t = mutate(e -> {
            e.add(1, e.get(0));
            return e;
        });
        assertThat(TableChecker.check(fig1, t)).anySatisfy(m -> assertThat(m).contains("runs twice"));
    }

    @Test
    void a_shortened_frame_is_reported() {
        SchedulingTable t = mutate(e -> {
            SchedulingTable.Entry x = e.get(0);
            e.set(0, new SchedulingTable.Entry(x.start(), x.end() - 1, x.batch()));
            return e;
        });
        assertThat(TableChecker.check(fig1, t)).anySatisfy(m -> assertThat(m).contains("should end at"));
    }

    @Test
    void idling_while_a_job_is_ready_is_reported() {
        SchedulingTable t = mutate(e -> {
            List<SchedulingTable.Entry> shifted = new ArrayList<>();
            for (SchedulingTable.Entry x : e) {
                shifted.add(new SchedulingTable.Entry(x.start() + 1, x.end() + 1, x.batch()));
            }
            return shifted;
        });
        List<String> errors = TableChecker.check(fig1, t);
        assertThat(errors).anySatisfy(m -> assertThat(m).contains("should start at 0"));
        assertThat(errors).anySatisfy(m -> assertThat(m).contains("misses its deadline"));
    }

    @Test
    void an_ineligible_order_is_reported() {
        TaskSet ex = TestFiles.load("paper-example-2-1.json");
        SchedulingTable t = new SchedulingTable(SchedulingTable.FORMAT, 1,
                new SchedulingTable.TaskSetRef(ex.name(), ex.sha256()), "tick", 100, "hand", List.of("J1", "J2"),
                List.of(new SchedulingTable.Entry(0, 10, List.of(new SchedulingTable.Item("J1", 0, 0),
                        new SchedulingTable.Item("J2", 0, 1)))));
        assertThat(TableChecker.check(ex, t)).anySatisfy(m -> assertThat(m).contains("not eligible in this order"));
    }

    @Test
    void another_task_sets_table_is_reported() {
        TaskSet ex = TestFiles.load("paper-example-2-1.json");
        assertThat(TableChecker.check(ex, good)).anySatisfy(m -> assertThat(m).contains("another task set"));
    }

    @Test
    void json_round_trip_and_version_check() {
        String json = Tables.toJson(good);
        assertThat(Tables.read("t.json", json)).isEqualTo(good);
        assertThatThrownBy(() -> Tables.read("t.json", json.replace("\"formatVersion\" : 1", "\"formatVersion\" : 7")))
                .isInstanceOf(InputException.class).hasMessageContaining("formatVersion");
        assertThatThrownBy(() -> Tables.read("t.json", "{\"format\": \"other\"}"))
                .isInstanceOf(InputException.class).hasMessageContaining("not a gpusched scheduling table");
    }
}
