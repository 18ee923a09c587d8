package org.gpusched.input;

import org.gpusched.model.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading an Nsight Systems SQLite export: the rows used, and one clear line for anything else. */
class NsysTraceTest {
    @Test
    void reads_kernels_with_names_copies_and_launch_threads(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.sqlite");
        try (NsysFixture f = new NsysFixture(db, true, true, true)) {
            f.kernel("b", 2, 500, 900, 4, 450).kernel("a", 1, 100, 200, 3, 90).kernel("z", 1, 0, 0)
                    .memcpy(1, 10, 20, 256, 1).range("r", 0, 1000, 3);
        }
        byte[] before = Files.readAllBytes(db);
        NsysTrace.Trace t = NsysTrace.read(db, true);
        assertThat(t.kernels()).containsExactly(new NsysTrace.Kernel(100, 200, 1, "a", "void a(float*)", 3, 90),
                new NsysTrace.Kernel(500, 900, 2, "b", "void b(float*)", 4, 450));
        assertThat(t.copies()).containsExactly(new NsysTrace.Memcpy(10, 20, 1, 256, 1));
        assertThat(t.ranges()).containsExactly(new NsysTrace.Range(0, 1000, 3, "r"));
        assertThat(Files.readAllBytes(db)).as("opened read-only").isEqualTo(before);
        assertThat(NsysTrace.read(db, false).ranges()).isEmpty();
    }

    @Test
    void a_missing_table_or_column_is_one_line_naming_it(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.sqlite");
        try (NsysFixture f = new NsysFixture(db, false, false, false)) {
            f.kernel("a", 1, 100, 200);
        }
        assertThatThrownBy(() -> NsysTrace.read(db, true)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(db.toString()).hasMessageContaining("no table NVTX_EVENTS");
        Path old = dir.resolve("old.sqlite");
        try (NsysFixture f = new NsysFixture(old, false, false, false); Statement s = f.connection().createStatement()) {
            s.execute("ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL RENAME COLUMN shortName TO nameId");
        }
        assertThatThrownBy(() -> NsysTrace.read(old, false)).isInstanceOf(InputException.class)
                .hasMessageContaining("table CUPTI_ACTIVITY_KIND_KERNEL has no column shortName");
    }

    @Test
    void not_a_database_and_no_file_are_input_errors(@TempDir Path dir) throws Exception {
        Path text = dir.resolve("t.sqlite");
        Files.writeString(text, "{\"not\": \"sqlite\"}\n".repeat(100));
        assertThatThrownBy(() -> NsysTrace.read(text, false)).isInstanceOf(InputException.class)
                .hasMessageContaining("cannot be read as an Nsight Systems SQLite export")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        Path empty = dir.resolve("empty.sqlite");
        Files.write(empty, new byte[0]);
        assertThatThrownBy(() -> NsysTrace.read(empty, false)).hasMessageContaining("no table CUPTI_ACTIVITY_KIND_KERNEL");
        assertThat(Files.size(empty)).isZero();
        assertThatThrownBy(() -> NsysTrace.read(dir.resolve("none.sqlite"), false)).hasMessageContaining("no such file");
        assertThat(dir.resolve("none.sqlite")).doesNotExist();
    }

    @Test
    void map_errors_name_path_line_and_column() {
        List<String> tasks = List.of("a", "b");
        assertThatThrownBy(() -> NsysMap.read("m.json", "{\"rules\": [\n {\"task\": \"a\", \"kernel\": \"x\", \"stream\": 1}]}", tasks))
                .hasMessage("m.json:2:2: rules[0]: a rule has exactly one of \"kernel\", \"stream\", \"nvtx\" (got 2)");
        assertThatThrownBy(() -> NsysMap.read("m.json", "{\"rules\": [{\"task\": \"a\", \"kernel\": \"(\"}]}", tasks))
                .hasMessageContaining("rules[0].kernel: not a regular expression");
        assertThatThrownBy(() -> NsysMap.read("m.json", "{\"rules\": [{\"task\": \"q\", \"stream\": 1}]}", tasks))
                .hasMessageContaining("rules[0].task: no task \"q\" in the workload");
        assertThatThrownBy(() -> NsysMap.read("m.json", "{\"rules\": [{\"task\": \"a\", \"stream\": 1}]}", tasks))
                .hasMessageContaining("no rule for task \"b\"");
        assertThatThrownBy(() -> NsysMap.read("m.json", "{\"rules\": [{\"task\": \"a\", \"stream\": -1}]}", tasks))
                .hasMessageContaining("rules[0].stream: expected a stream id");
        assertThatThrownBy(() -> NsysMap.read("m.json", "{\"rules\": [{\"task\": \"a\", \"streams\": 1}]}", tasks))
                .hasMessageContaining("rules[0].streams: unknown field");
        assertThatThrownBy(() -> NsysMap.read("m.json", "{\"rules\": [], \"rules\": []}", tasks))
                .isInstanceOf(InputException.class).hasMessageContaining("m.json:1:");
        assertThat(NsysMap.read("m.json", "{\"rules\": [{\"task\": \"a\", \"stream\": 3}, {\"task\": \"b\", \"nvtx\": \"x\"}]}",
                tasks)).extracting(NsysMap.Rule::by).containsExactly(NsysMap.By.STREAM, NsysMap.By.NVTX);
    }
}
