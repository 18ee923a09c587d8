package org.gpusched.input;

import org.gpusched.model.InputException;
import org.gpusched.model.JobLimit;
import org.gpusched.model.BlockUsage;
import org.gpusched.model.SmPolicy;
import org.gpusched.model.Gpu;
import org.gpusched.model.Interference;
import org.gpusched.model.Kernel;
import org.gpusched.model.TaskSet;
import org.gpusched.model.TimeUnitName;
import org.gpusched.oracle.CompletionModel;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The accepting side of the reader: what valid input turns into. */
class TaskSetReaderTest {
    private static final String MINIMAL = """
            { "tasks": [ { "name": "a", "period": 10, "wcet": 2 },
                         { "name": "b", "period": 20, "deadline": 15, "wcet": 3 } ] }""";

    private static TaskSet read(String json) {
        return new TaskSetReader().read("test.json", json);
    }

    @Test
    void paperExamplesLoad() {
        TaskSet fig1 = new TaskSetReader().read(Path.of("examples/paper-fig1.json"));
        assertThat(fig1.name()).isEqualTo("paper-fig1");
        assertThat(fig1.size()).isEqualTo(3);
        assertThat(fig1.hyperperiod()).isEqualTo(20);
        assertThat(fig1.jobCount()).isEqualTo(5 + 4 + 2);
        assertThat(fig1.interference().model()).isEqualTo(Interference.Model.TABLE);
        assertThat(fig1.interference().table()).hasSize(4).containsEntry(0b111L, 6L);

        TaskSet ex21 = new TaskSetReader().read(Path.of("examples/paper-example-2-1.json"));
        assertThat(ex21.gpu().sms()).isEqualTo(2);
        assertThat(ex21.gpu().maxThreadsPerSm()).isEqualTo(256);
        assertThat(ex21.task(0).kernel()).isEqualTo(new Kernel(4, 64, 0, 0, null, null));
        assertThat(ex21.task(1).kernel().threadsPerBlock()).isEqualTo(192);
    }

    @Test
    void defaultsApplyWhenFieldsAreLeftOut() {
        TaskSet ts = read(MINIMAL);
        assertThat(ts.timeUnit()).isEqualTo(TimeUnitName.TICK);
        assertThat(ts.name()).isNull();
        assertThat(ts.displayName()).isEqualTo("test.json");
        assertThat(ts.task(0).deadline()).isEqualTo(10);
        assertThat(ts.task(1).deadline()).isEqualTo(15);
        assertThat(ts.task(0).kernel()).isNull();
        assertThat(ts.interference().model()).isEqualTo(Interference.Model.NONE);
        assertThat(ts.interference().factors()).containsExactly(BigDecimal.ONE, BigDecimal.ONE);
        assertThat(ts.gpu()).isSameAs(Gpu.NONE);
        assertThat(ts.gpu().hasAnyLimit()).isFalse();
        // formatVersion 1 is the default: writing it changes nothing but the hash input.
        TaskSet explicit = read(MINIMAL.replaceFirst("\\{", "{ \"formatVersion\": 1,"));
        assertThat(explicit.tasks()).isEqualTo(ts.tasks());
    }

    @Test
    void kernelDefaultsAndTableDefaultMissingPolicy() {
        TaskSet ts = read("""
                { "tasks": [ { "name": "a", "period": 10, "wcet": 2, "kernel": { "blocks": 3, "threadsPerBlock": 96 } },
                             { "name": "b", "period": 10, "wcet": 2, "kernel": { "blocks": 1, "threadsPerBlock": 32 } } ],
                  "interference": { "model": "table", "entries": [ { "tasks": ["a", "b"], "completion": 3 } ] } }""");
        Kernel k = ts.task(0).kernel();
        assertThat(k.registersPerThread()).isZero();
        assertThat(k.sharedMemoryPerBlock()).isZero();
        assertThat(k.symbol()).isNull();
        assertThat(k.warpsPerBlock()).isEqualTo(3);
        assertThat(ts.interference().missing()).isEqualTo(Interference.Missing.FORBID);
        assertThat(ts.interference().table()).containsEntry(0b11L, 3L);
    }

    @Test
    void presetResolvesToItsLimits() {
        TaskSet ts = read("""
                { "timeUnit": "us", "gpu": { "preset": "jetson-agx-orin-64gb" },
                  "tasks": [ { "name": "a", "period": 10, "wcet": 2, "kernel": { "blocks": 4, "threadsPerBlock": 128 } } ] }""");
        Gpu g = ts.gpu();
        assertThat(ts.timeUnit()).isEqualTo(TimeUnitName.US);
        assertThat(g.name()).isEqualTo("jetson-agx-orin-64gb");
        assertThat(g.sms()).isEqualTo(16);
        assertThat(g.computeCapability()).isEqualTo("8.7");
        assertThat(g.maxThreadsPerSm()).isEqualTo(1536);
        assertThat(g.maxWarpsPerSm()).isEqualTo(48);
        assertThat(g.maxBlocksPerSm()).isEqualTo(16);
        assertThat(g.registersPerSm()).isEqualTo(65536);
        assertThat(g.sharedMemoryPerSm()).isEqualTo(164 * 1024);
        assertThat(g.sharedMemoryAllocationUnit()).isEqualTo(128);
        assertThat(g.sharedMemoryReservedPerBlock()).isEqualTo(1024);
        assertThat(g.maxResidentKernels()).isEqualTo(128);
        assertThat(g.smPolicy()).isEqualTo(SmPolicy.MOST_ROOM);
    }

    @Test
    void explicitGpuFieldsOverrideThePreset() {
        TaskSet ts = read("""
                { "gpu": { "preset": "a100", "sms": 7, "maxResidentKernels": 4, "smPolicy": "round-robin" },
                  "tasks": [ { "name": "a", "period": 10, "wcet": 2, "kernel": { "blocks": 4, "threadsPerBlock": 128 } } ] }""");
        Gpu g = ts.gpu();
        assertThat(g.sms()).isEqualTo(7);
        assertThat(g.maxResidentKernels()).isEqualTo(4);
        assertThat(g.smPolicy()).isEqualTo(SmPolicy.ROUND_ROBIN);
        assertThat(g.maxThreadsPerSm()).as("kept from the preset").isEqualTo(2048);
        assertThat(g.computeCapability()).isEqualTo("8.0");
        assertThat(g.name()).isEqualTo("a100 (modified)");
    }

    @Test
    void sharedMemoryReservationCountsOnAmpere() {
        // 163 KiB + 1 KiB reserved = 164 KiB: exactly fits an 8.0 SM; one byte more does not.
        String fits = """
                { "gpu": { "preset": "a100" },
                  "tasks": [ { "name": "a", "period": 10, "wcet": 2,
                    "kernel": { "blocks": 1, "threadsPerBlock": 128, "sharedMemoryPerBlock": %d } } ] }""";
        TaskSet ts = read(fits.formatted(163 * 1024));
        assertThat(BlockUsage.of(ts.task(0).kernel(), ts.gpu()).sharedMemory()).isEqualTo(164 * 1024);
        assertThatThrownBy(() -> read(fits.formatted(163 * 1024 + 1)))
                .isInstanceOf(InputException.class).hasMessageContaining("sharedMemoryPerSm");
    }

    @Test
    void extrasAreAcceptedEverywhereAndLeaveTheHashAlone() {
        String plain = """
                { "name": "n", "gpu": { "preset": "jetson-tx2" },
                  "tasks": [ { "name": "a", "period": 10, "wcet": 2, "kernel": { "blocks": 4, "threadsPerBlock": 128 } },
                             { "name": "b", "period": 20, "wcet": 3, "kernel": { "blocks": 2, "threadsPerBlock": 64 } } ],
                  "interference": { "model": "table", "missing": "slowdown", "factors": { "a": 1.5 },
                                    "entries": [ { "tasks": ["a", "b"], "completion": 4 } ] } }""";
        String extras = """
                { "x": { "comment": "top" }, "name": "n", "gpu": { "preset": "jetson-tx2", "x": { "board": 3 } },
                  "tasks": [ { "name": "a", "period": 10, "wcet": 2, "x": { "source": "nsys" },
                               "kernel": { "blocks": 4, "threadsPerBlock": 128, "x": { "file": "k.cu" } } },
                             { "name": "b", "period": 20, "wcet": 3, "kernel": { "blocks": 2, "threadsPerBlock": 64 } } ],
                  "interference": { "model": "table", "missing": "slowdown", "factors": { "a": 1.5 }, "x": {},
                                    "entries": [ { "tasks": ["a", "b"], "completion": 4, "x": { "runs": [1, 2] } } ] } }""";
        TaskSet a = read(plain);
        TaskSet b = read(extras);
        assertThat(b.sha256()).isEqualTo(a.sha256()).hasSize(64);
        assertThat(b.tasks()).isEqualTo(a.tasks());
    }

    @Test
    void hashIgnoresLayoutButNotContent() {
        String compact = "{\"tasks\":[{\"name\":\"a\",\"period\":10,\"wcet\":2},{\"name\":\"b\",\"wcet\":3,\"period\":20}]}";
        String spread = """
                {
                    "tasks": [
                        { "period": 10,   "name": "a",  "wcet": 2 },
                        { "name": "b", "period": 20, "wcet": 3 }
                    ]
                }
                """;
        assertThat(read(spread).sha256()).isEqualTo(read(compact).sha256());
        assertThat(read(compact.replace("20", "40")).sha256()).isNotEqualTo(read(compact).sha256());
        assertThat(read(compact.replace("\"a\"", "\"a2\"")).sha256()).isNotEqualTo(read(compact).sha256());
    }

    @Test
    void aTaskNamedXIsContentNotExtras() {
        String ts = """
                { "tasks": [ { "name": "x", "period": 10, "wcet": 10 }, { "name": "y", "period": 10, "wcet": 2 } ],
                  "interference": { "model": "slowdown", "factors": { "x": %s } } }""";
        TaskSet a = read(ts.formatted("1.2"));
        assertThat(a.interference().factors().get(0)).isEqualByComparingTo("1.2");
        assertThat(read(ts.formatted("1.5")).sha256()).isNotEqualTo(a.sha256());
    }

    @Test
    void slowdownFactorsKeepTheirExactDecimal() {
        TaskSet ts = read("""
                { "tasks": [ { "name": "a", "period": 100, "wcet": 20 }, { "name": "b", "period": 100, "wcet": 7 } ],
                  "interference": { "model": "slowdown", "factors": { "a": 1.15, "b": 1.000000000000000001 } } }""");
        assertThat(ts.interference().factors().get(0)).isEqualTo(new BigDecimal("1.15"));
        assertThat(ts.interference().factors().get(1)).isEqualTo(new BigDecimal("1.000000000000000001"));
        assertThat(ts.interference().factors().get(0).scale()).isEqualTo(2);
        // In binary floating point 100 * 1.1 = 110.00000000000001, which a ceiling turns into 111.
        TaskSet tenth = read("""
                { "tasks": [ { "name": "a", "period": 200, "wcet": 100 }, { "name": "b", "period": 200, "wcet": 7 } ],
                  "interference": { "model": "slowdown", "factors": { "a": 1.1 } } }""");
        assertThat(tenth.interference().factors().get(0)).isEqualTo(new BigDecimal("1.1"));
        assertThat(new BigDecimal(100).multiply(tenth.interference().factors().get(0))).isEqualByComparingTo("110");
        assertThat(new CompletionModel(tenth).completion(0b11L)).isEqualTo(110);
    }

    @Test
    void hyperperiodAndJobsAtTheLimits() {
        TaskSet ts = read("""
                { "tasks": [ { "name": "a", "period": 1000000000000, "wcet": 1 } ] }""");
        assertThat(ts.hyperperiod()).isEqualTo(TaskSet.MAX_HYPERPERIOD);
        // The reader caps kernels (jobs times chain length), not the 100,000 jobs of the exact search.
        TaskSet jobs = read("""
                { "tasks": [ { "name": "a", "period": 1, "wcet": 1 }, { "name": "b", "period": 999999999, "wcet": 1 } ] }""");
        assertThat(jobs.jobCount()).isEqualTo(1_000_000_000);
        assertThat(jobs.kernelCount()).isEqualTo(TaskSet.MAX_KERNELS);
        assertThatThrownBy(() -> read("""
                { "tasks": [ { "name": "a", "period": 1, "wcet": 1 }, { "name": "b", "period": 999999999, "wcet": 1 },
                             { "name": "c", "period": 999999999, "wcet": 1 } ] }"""))
                .hasMessageContaining("1000000001 kernels (jobs times chain length) per hyperperiod exceed the limit"
                        + " of 1000000000");
        assertThat(JobLimit.reason(jobs, "the exact search")).startsWith("1000000000 jobs per hyperperiod exceed the"
                + " limit of 100000 of the exact search");
        assertThatThrownBy(() -> JobLimit.require(jobs, "brute force")).isInstanceOf(InputException.class)
                .hasMessageContaining("limit of 100000 of brute force");
    }

    @Test
    void wcetAboveDeadlineIsValidInput() {
        TaskSet ts = read("""
                { "tasks": [ { "name": "a", "period": 10, "deadline": 5, "wcet": 8 } ] }""");
        assertThat(ts.task(0).wcet()).isGreaterThan(ts.task(0).deadline());
    }

    @Test
    void sixtyFourTasksAreAccepted() {
        StringBuilder sb = new StringBuilder("{ \"tasks\": [");
        for (int i = 0; i < 64; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"name\":\"t").append(i).append("\",\"period\":64,\"wcet\":1}");
        }
        assertThat(read(sb.append("] }").toString()).size()).isEqualTo(64);
    }
}
