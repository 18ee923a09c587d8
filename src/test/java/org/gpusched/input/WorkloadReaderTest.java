package org.gpusched.input;

import org.gpusched.model.InputException;
import org.gpusched.model.Platform;
import org.gpusched.model.Scaling;
import org.gpusched.model.Unit;
import org.gpusched.model.Segment;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.WorkTask;
import org.gpusched.model.Workload;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Format v2 (workload-v2.md) and the v2 view of v1 files (docs/format.md). */
class WorkloadReaderTest {
    private static Workload read(String json) {
        return new WorkloadReader().read("w.json", json);
    }

    private static String v2(String platform, String tasks) {
        return "{\"formatVersion\": 2, \"timeUnit\": \"us\"" + (platform == null ? "" : ", \"platform\": " + platform)
                + ", \"tasks\": [" + tasks + "]}";
    }

    @Test
    void v1FileIsOneGpuSegmentPerTaskOnItsOwnCoreWithDeadlineMonotonicPriorities() {
        TaskSet ts = new TaskSetReader().read(Path.of("examples/paper-fig1.json"));
        Workload w = new WorkloadReader().read(Path.of("examples/paper-fig1.json"));
        assertThat(w.formatVersion()).isEqualTo(1);
        assertThat(w.pbs()).isEqualTo(ts);
        assertThat(w.pbsNote()).isNull();
        assertThat(w.platform().cpus()).isEqualTo(3);
        for (WorkTask t : w.tasks()) {
            Task v1 = ts.task(t.index());
            assertThat(t.segments()).containsExactly(new Segment.Gpu(v1.wcet(), 0, v1.kernel()));
            assertThat(t.core()).isEqualTo(OptionalInt.of(t.index()));
            assertThat(t.bestEffort()).isFalse();
            WorkTask.CpuGpuChain chain = t.cpuGpuChain().orElseThrow();
            assertThat(chain.cpu()).containsExactly(0L, 0L);
        }
        // deadlines 4, 5, 10: shortest deadline highest, CPU and GPU alike
        assertThat(w.tasks().stream().map(WorkTask::cpuPriority).toList()).containsExactly(3, 2, 1);
        assertThat(w.tasks().stream().map(WorkTask::gpuPriority).toList()).containsExactly(3, 2, 1);
    }

    @Test
    void defaultDriverOverheadsFollowTheUnit() {
        String task = "\"tasks\": [{\"name\": \"a\", \"period\": 100, \"wcet\": 2}]";
        assertThat(read("{\"timeUnit\": \"us\", " + task + "}").platform().driver())
                .isEqualTo(new Platform.GpuDriver(1024, 200, 800));
        assertThat(read("{\"timeUnit\": \"ns\", " + task + "}").platform().driver())
                .isEqualTo(new Platform.GpuDriver(1_024_000, 200_000, 800_000));
        assertThat(read("{" + task + "}").platform().driver()).isEqualTo(new Platform.GpuDriver(1, 0, 0));
        Platform ms = read("{\"timeUnit\": \"ms\", " + task + "}").platform();
        assertThat(ms.driver()).isNull();
        assertThat(ms.driverNote()).contains("timeUnit ms cannot hold θ = 200 µs; use us");
        // v2 in ms: an explicit driver is fine, a missing one is an error naming the default
        Workload ok = read("{\"formatVersion\": 2, \"timeUnit\": \"ms\", \"platform\": {\"gpuDriver\": {\"timeslice\": 1,"
                + " \"contextSwitch\": 0, \"runlistUpdate\": 1}}, " + task + "}");
        assertThat(ok.platform().driver().epsilon()).isEqualTo(1);
        assertThatThrownBy(() -> read("{\"formatVersion\": 2, \"timeUnit\": \"ms\", \"platform\": {\"gpuDriver\":"
                + " {\"contextSwitch\": 0, \"runlistUpdate\": 1}}, " + task + "}"))
                .hasMessageContaining("cannot hold L = 1024 µs").hasMessageContaining("platform.gpuDriver.timeslice");
    }

    @Test
    void completeExampleKeepsEveryField() {
        Workload w = new WorkloadReader().read(Path.of("examples/workload-v2.json"));
        assertThat(w.formatVersion()).isEqualTo(2);
        assertThat(w.platform().cpus()).isEqualTo(2);
        assertThat(w.platform().copyEngines()).isEqualTo(2);
        assertThat(w.platform().timePartitions().partitions()).extracting(Platform.Partition::name)
                .containsExactly("P1", "P2");
        WorkTask det = w.task(0);
        assertThat(det.segments()).hasSize(5);
        assertThat(det.segments().get(1)).isEqualTo(new Segment.Copy(Segment.Direction.DEVICE, 400));
        assertThat(det.core()).isEqualTo(OptionalInt.of(0));
        assertThat(det.cpuPriority()).isEqualTo(10);
        assertThat(det.scaling().model()).isEqualTo(Scaling.Model.AMDAHL);
        assertThat(det.partition()).isEqualTo("P1");
        assertThat(det.cpuGpuChain()).as("copies of non-zero length are no GCAPS concept").isEmpty();
        WorkTask legacy = w.task(2);
        assertThat(legacy.segments()).hasSize(1);
        assertThat(((Segment.Gpu) legacy.segments().get(0)).exec()).isEqualTo(2500);
        assertThat(w.task(3).bestEffort()).isTrue();
        assertThat(w.task(3).cpuGpuChain().orElseThrow().cpu()).containsExactly(4000L);
        assertThat(w.pbs()).isNull();
        assertThat(w.pbsNote()).isEqualTo("tasks[0] has a CPU segment of length 300 (PBS releases kernels at period"
                + " boundaries)");
    }

    @Test
    void chainsAlternateWithZeroCpuWhereMissingAndAdjacentCpuSummed() {
        Workload w = read(v2(null, "{\"name\": \"a\", \"period\": 100, \"segments\": [{\"cpu\": 1}, {\"cpu\": 2},"
                + " {\"gpu\": {\"exec\": 5, \"misc\": 1}}, {\"gpu\": {\"exec\": 6}}, {\"copy\": {\"to\": \"host\", \"time\": 0}},"
                + " {\"cpu\": 3}]}"));
        WorkTask.CpuGpuChain c = w.task(0).cpuGpuChain().orElseThrow();
        assertThat(c.cpu()).containsExactly(3L, 0L, 3L);
        assertThat(c.gpu()).containsExactly(new Segment.Gpu(5, 1, null), new Segment.Gpu(6, 0, null));
    }

    @Test
    void prioritiesDefaultDeadlineMonotonicAndGpuFollowsGivenCpuPriorities() {
        Workload dm = read(v2(null, "{\"name\": \"a\", \"period\": 30, \"wcet\": 1}, {\"name\": \"b\", \"period\": 10,"
                + " \"wcet\": 1}, {\"name\": \"c\", \"period\": 30, \"deadline\": 10, \"wcet\": 1}"));
        assertThat(dm.tasks().stream().map(WorkTask::cpuPriority).toList()).containsExactly(1, 3, 2);
        assertThat(dm.tasks().stream().map(WorkTask::gpuPriority).toList()).containsExactly(1, 3, 2);
        Workload given = read(v2("{\"cpus\": 2}", "{\"name\": \"a\", \"period\": 30, \"wcet\": 1, \"cpu\": {\"core\": 0,"
                + " \"priority\": 7}}, {\"name\": \"b\", \"period\": 10, \"wcet\": 1, \"cpu\": {\"core\": 1, \"priority\": 7}},"
                + " {\"name\": \"c\", \"period\": 20, \"wcet\": 1, \"cpu\": {\"core\": 1, \"priority\": 9}}"));
        assertThat(given.tasks().stream().map(WorkTask::cpuPriority).toList()).containsExactly(7, 7, 9);
        // GPU order: c (9), then the tie at 7 by deadline: b, then a
        assertThat(given.tasks().stream().map(WorkTask::gpuPriority).toList()).containsExactly(1, 2, 3);
    }

    @Test
    void coreIsUnknownOnSeveralCpusWhenNotGiven() {
        Workload w = read(v2("{\"cpus\": 4}", "{\"name\": \"a\", \"period\": 10, \"wcet\": 1}"));
        assertThat(w.task(0).core()).isEmpty();
        assertThat(read(v2(null, "{\"name\": \"a\", \"period\": 10, \"wcet\": 1}")).task(0).core())
                .isEqualTo(OptionalInt.of(0));
    }

    @Test
    void pbsIsNotApplicableWithTheReasonInsteadOfAnError() {
        assertThat(read(v2(null, "{\"name\": \"a\", \"period\": 10, \"segments\": [{\"gpu\": {\"exec\": 2,"
                + " \"misc\": 1}}]}")).pbsNote()).isEqualTo("tasks[0] has gpu.misc 1 (PBS has no CPU model; fold it into exec)");
        assertThat(read(v2(null, "{\"name\": \"a\", \"period\": 10, \"wcet\": 1}, {\"name\": \"b\", \"period\": 10,"
                + " \"wcet\": 2, \"bestEffort\": true}")).pbsNote()).isEqualTo("tasks[1] is bestEffort: PBS has no"
                + " best-effort tasks");
        assertThat(read("{\"formatVersion\": 2, \"gpu\": {\"preset\": \"paper-8sm\"}, \"tasks\": [{\"name\": \"a\","
                + " \"period\": 10, \"wcet\": 1}]}").pbsNote()).contains("tasks[0] has no kernel and the gpu has"
                + " resource limits");
        assertThat(read(v2(null, "{\"name\": \"a\", \"period\": 999999999989, \"wcet\": 1}, {\"name\": \"b\","
                + " \"period\": 999999999961, \"wcet\": 1}")).pbsNote()).startsWith("hyperperiod ");
        // Several GPU segments are a chain of kernels, named by position unless named
        TaskSet chain = read(v2(null, "{\"name\": \"a\", \"period\": 10, \"segments\": [{\"gpu\": {\"exec\": 2}},"
                + " {\"gpu\": {\"exec\": 3}}]}")).pbs();
        assertThat(chain.task(0).wcet()).isEqualTo(5);
        assertThat(chain.units()).extracting(Unit::name).containsExactly("a.0", "a.1");
        assertThat(chain.units()).extracting(Unit::wcet).containsExactly(2L, 3L);
        // zero-length CPU segments and copies keep the structure and still fit PBS
        Workload zeros = read(v2(null, "{\"name\": \"a\", \"period\": 10, \"segments\": [{\"cpu\": 0},"
                + " {\"copy\": {\"to\": \"device\", \"time\": 0}}, {\"gpu\": {\"exec\": 2}}, {\"cpu\": 0}]}"));
        assertThat(zeros.pbs().task(0).wcet()).isEqualTo(2);
    }

    @Test
    void theTaskSetReaderGivesThePbsViewOfAV2FileOrTheReason() {
        String pbs = v2(null, "{\"name\": \"a\", \"period\": 10, \"segments\": [{\"gpu\": {\"exec\": 2}}]}");
        TaskSet ts = new TaskSetReader().read("w.json", pbs);
        assertThat(ts.task(0).wcet()).isEqualTo(2);
        assertThat(ts.hyperperiod()).isEqualTo(10);
        String cpu = v2(null, "{\"name\": \"a\", \"period\": 10, \"segments\": [{\"cpu\": 1}, {\"gpu\": {\"exec\": 2}}]}");
        assertThatThrownBy(() -> new TaskSetReader().read("w.json", cpu)).isInstanceOf(InputException.class)
                .hasMessage("w.json: this command needs a PBS task set, and PBS does not apply: tasks[0] has a CPU"
                        + " segment of length 1 (PBS releases kernels at period boundaries)");
    }

    @Test
    void aV2OnlyFieldInAV1FileIsNamed() {
        for (String field : List.of("\"cpu\": {\"core\": 0}", "\"gpuPriority\": 1", "\"kind\": \"memory\"",
                "\"scaling\": {\"model\": \"waves\"}", "\"partition\": \"P\"")) {
            String json = "{\"formatVersion\": 1, \"tasks\": [{\"name\": \"a\", \"period\": 10, \"wcet\": 1, " + field + "}]}";
            assertThatThrownBy(() -> read(json)).isInstanceOf(InputException.class)
                    .hasMessageContaining("tasks[0]." + field.substring(1, field.indexOf('"', 1)))
                    .hasMessageContaining("needs formatVersion 2");
        }
    }

    @Test
    void sameTextSameWorkload() {
        String text = v2("{\"cpus\": 2}", "{\"name\": \"a\", \"period\": 10, \"wcet\": 1, \"cpu\": {\"core\": 1}}");
        assertThat(read(text)).isEqualTo(read(text));
        assertThat(read(text).sha256()).isEqualTo(read(text.replace("\"cpus\": 2", "\"cpus\": 2, \"x\": {}")).sha256());
    }
}
