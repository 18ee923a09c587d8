package org.gpusched.input;

import org.gpusched.model.InputException;
import org.gpusched.model.Canonical;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Workload;
import org.gpusched.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** kernel.module is found next to the task set, stays inside its folder, and is hashed. */
class KernelModulesTest {
    @TempDir
    Path dir;

    private Path taskSet(String module) throws Exception {
        Path sub = Files.createDirectories(dir.resolve("sets"));
        Path f = sub.resolve("ts.json");
        Files.writeString(f, "{\"formatVersion\":1,\"name\":\"k\",\"tasks\":[{\"name\":\"a\",\"period\":10,\"wcet\":2,"
                + "\"kernel\":{\"blocks\":1,\"threadsPerBlock\":32,\"symbol\":\"spin\",\"module\":\"" + module + "\"}},"
                + "{\"name\":\"b\",\"period\":5,\"wcet\":1}]}");
        return f;
    }

    @Test
    void aModuleIsResolvedNextToTheTaskSetAndHashed() throws Exception {
        Path ts = taskSet("kernels/spin.cubin");
        Path module = Files.createDirectories(ts.resolveSibling("kernels")).resolve("spin.cubin");
        Files.writeString(module, "version 1");
        TaskSet first = new TaskSetReader().read(ts);
        assertThat(KernelModules.resolve(first.source(), first.task(0), false)).isEqualTo(module.toAbsolutePath());

        Files.writeString(module, "version 2");
        TaskSet second = new TaskSetReader().read(ts);
        assertThat(second.sha256()).isNotEqualTo(first.sha256());
        Files.writeString(module, "version 1");
        assertThat(new TaskSetReader().read(ts).sha256()).isEqualTo(first.sha256());
    }

    @Test
    void aVersion2WorkloadHashesItsModulesToo() throws Exception {
        Path sub = Files.createDirectories(dir.resolve("v2"));
        Path ts = sub.resolve("w.json");
        Files.writeString(ts, "{\"formatVersion\":2,\"name\":\"k\",\"tasks\":[{\"name\":\"a\",\"period\":10,"
                + "\"segments\":[{\"gpu\":{\"exec\":2,\"kernel\":{\"blocks\":1,\"threadsPerBlock\":32,"
                + "\"symbol\":\"spin\",\"module\":\"spin.cubin\"}}}]}]}");
        Path module = sub.resolve("spin.cubin");
        Files.writeString(module, "version 1");
        Workload first = new WorkloadReader().read(ts);
        Files.writeString(module, "version 2");
        Workload second = new WorkloadReader().read(ts);
        assertThat(second.sha256()).isNotEqualTo(first.sha256()).isEqualTo(second.pbs().sha256());
        Files.delete(module);
        assertThatThrownBy(() -> new WorkloadReader().read(ts)).isInstanceOf(InputException.class)
                .hasMessageContaining("no such kernel module");
    }

    @Test
    void aTableOfAnOldModuleIsRefusedByPlay() throws Exception {
        Path ts = taskSet("spin.cubin");
        Path module = ts.resolveSibling("spin.cubin");
        Files.writeString(module, "version 1");
        Path table = dir.resolve("table.json");
        assertThat(cli("analyze", ts.toString(), "--table", table.toString())).isZero();
        assertThat(cli("play", table.toString(), "--taskset", ts.toString(), "--device", "sim")).isZero();
        Files.writeString(module, "version 2");
        assertThat(cli("play", table.toString(), "--taskset", ts.toString(), "--device", "sim")).isEqualTo(2);
    }

    @Test
    void modulesOutsideTheFolderNeedTheFlag() throws Exception {
        Path outside = dir.resolve("outside.cubin");
        Files.writeString(outside, "x");
        for (String m : new String[] {"../outside.cubin", outside.toAbsolutePath().toString()}) {
            Path ts = taskSet(m);
            assertThatThrownBy(() -> new TaskSetReader().read(ts)).isInstanceOf(InputException.class)
                    .hasMessageContaining("tasks[0].kernel.module").hasMessageContaining("--allow-external-modules");
            assertThat(new TaskSetReader(true).read(ts).sha256()).hasSize(64);
            assertThat(cli("validate", ts.toString())).isEqualTo(2);
            assertThat(cli("validate", "--allow-external-modules", ts.toString())).isZero();
        }
    }

    @Test
    void aSymbolicLinkOutOfTheFolderNeedsTheFlagToo() throws Exception {
        Path outside = dir.resolve("outside.cubin");
        Files.writeString(outside, "x");
        Path ts = taskSet("link.cubin");
        Files.createSymbolicLink(ts.resolveSibling("link.cubin"), outside);
        assertThatThrownBy(() -> new TaskSetReader().read(ts)).hasMessageContaining("outside the task set's folder");
        assertThat(new TaskSetReader(true).read(ts).size()).isEqualTo(2);
    }

    @Test
    void aMissingModuleOrADeviceFileIsRefused() throws Exception {
        assertThatThrownBy(() -> new TaskSetReader().read(taskSet("none.cubin")))
                .hasMessageContaining("no such kernel module");
        assertThatThrownBy(() -> new TaskSetReader(true).read(taskSet("/dev/zero")))
                .hasMessageContaining("no such kernel module");
    }

    @Test
    void withoutModulesTheHashIsTheCanonicalJsonHash() throws Exception {
        TaskSet ts = new TaskSetReader().read(Path.of("examples/paper-fig1.json"));
        assertThat(ts.sha256()).isEqualTo(Canonical.sha256(TaskSetReader.strictMapper()
                .readTree(Files.readString(Path.of("examples/paper-fig1.json")))));
    }

    private static int cli(String... args) {
        return Main.run(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), args);
    }
}
