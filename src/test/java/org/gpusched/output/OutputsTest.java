package org.gpusched.output;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.model.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One test per data-safety rule of the output layer (docs/cli.md, "Output files"). */
class OutputsTest {
    @Test
    void an_input_of_the_run_is_never_overwritten_even_with_force_or_through_a_link(@TempDir Path dir)
            throws IOException {
        Path input = Files.writeString(dir.resolve("ts.json"), "{}");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), input);
        Outputs o = Outputs.of(List.of(input), true);
        assertThatThrownBy(() -> o.writeString(input, "x")).isInstanceOf(InputException.class)
                .hasMessageContaining("is an input of this run");
        assertThatThrownBy(() -> o.writeString(link, "x")).isInstanceOf(InputException.class);
        assertThatThrownBy(() -> o.writeString(dir.resolve("sub/../ts.json"), "x")).isInstanceOf(InputException.class);
        assertThat(Files.readString(input)).isEqualTo("{}");
    }

    @Test
    void a_file_gpusched_did_not_write_is_kept_unless_force(@TempDir Path dir) throws IOException {
        Path mine = Files.writeString(dir.resolve("notes.json"), "my notes");
        assertThatThrownBy(() -> Outputs.of(List.of(), false).writeString(mine, "table"))
                .isInstanceOf(InputException.class).hasMessage(mine + ": exists and was not written by gpusched"
                        + " (or was changed since); add --force to overwrite it");
        assertThat(Files.readString(mine)).isEqualTo("my notes");
        Outputs.of(List.of(), true).writeString(mine, "table");
        assertThat(Files.readString(mine)).isEqualTo("table");
    }

    @Test
    void gpuscheds_own_unchanged_file_is_rewritten_but_not_once_the_user_edited_it(@TempDir Path dir)
            throws IOException {
        Path t = dir.resolve("table.json");
        Outputs o = Outputs.of(List.of(), false);
        o.writeString(t, "one");
        o.writeString(t, "two");
        assertThat(Files.readString(t)).isEqualTo("two");
        Files.writeString(t, "two, edited by hand");
        assertThatThrownBy(() -> o.writeString(t, "three")).isInstanceOf(InputException.class);
        assertThat(Files.readString(t)).isEqualTo("two, edited by hand");
    }

    @Test
    void an_output_named_like_gpuscheds_own_record_lock_or_temporary_is_refused(@TempDir Path dir) {
        Outputs o = Outputs.of(List.of(), true);
        for (String name : List.of(".gpusched-outputs", ".gpusched-run.lock", ".t.json.gpusched-lock",
                ".t.json.gpusched-tmp-1-2")) {
            Path p = dir.resolve(name);
            assertThatThrownBy(() -> o.check(p)).isInstanceOf(InputException.class)
                    .hasMessage(p + ": is the name of a file gpusched keeps beside its outputs; choose another name");
            assertThatThrownBy(() -> o.writeString(p, "table")).isInstanceOf(InputException.class);
            assertThat(p).doesNotExist();
        }
        // Names that only look alike are ordinary outputs.
        o.writeString(dir.resolve("gpusched-outputs"), "table");
        o.writeString(dir.resolve("t.gpusched-lock"), "table");
        assertThat(dir.resolve("t.gpusched-lock")).hasContent("table");
    }

    @Test
    void missing_parent_folders_are_created(@TempDir Path dir) throws IOException {
        Path t = dir.resolve("build/deep/er/table.json");
        Outputs.of(List.of(), false).writeString(t, "x");
        assertThat(Files.readString(t)).isEqualTo("x");
    }

    @Test
    void a_folder_given_as_file_a_file_in_the_way_and_an_unwritable_place_are_one_line_errors(@TempDir Path dir)
            throws IOException {
        Outputs o = Outputs.of(List.of(), false);
        assertThatThrownBy(() -> o.writeString(dir, "x")).isInstanceOf(InputException.class)
                .hasMessage(dir + ": is a folder, not a file");
        Path file = Files.writeString(dir.resolve("f"), "");
        assertThatThrownBy(() -> o.writeString(file.resolve("t.json"), "x")).isInstanceOf(InputException.class)
                .hasMessageContaining("is a file");
        // /proc refuses new files even to root, unlike a chmod-ed folder.
        assertThatThrownBy(() -> o.writeString(Path.of("/proc/gpusched-nowhere/t.json"), "x"))
                .isInstanceOf(InputException.class).hasMessageStartingWith("/proc/gpusched-nowhere/t.json: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void a_full_disk_is_a_one_line_error() {
        assertThatThrownBy(() -> Outputs.of(List.of(), false).writeString(Path.of("/dev/full"), "x"))
                .isInstanceOf(InputException.class).hasMessage("/dev/full: cannot write: No space left on device");
    }

    @Test
    void an_interrupted_write_leaves_the_old_file_and_no_partial_one(@TempDir Path dir) throws IOException {
        Outputs o = Outputs.of(List.of(), false);
        Path t = dir.resolve("table.json");
        o.writeString(t, "complete");
        Path fresh = dir.resolve("new.json");
        for (Path target : List.of(t, fresh)) {
            assertThatThrownBy(() -> o.write(target, out -> {
                out.write("half a ta".getBytes(StandardCharsets.UTF_8));
                throw new IOException("interrupted");
            })).isInstanceOf(InputException.class).hasMessageContaining("interrupted");
        }
        assertThat(Files.readString(t)).isEqualTo("complete");
        assertThat(fresh).doesNotExist();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("table.json", WrittenFiles.NAME);
        }
    }

    @Test
    void a_run_folder_refuses_foreign_content_and_other_kinds_but_reuses_its_own(@TempDir Path dir)
            throws IOException {
        Outputs o = Outputs.of(List.of(), false);
        Path foreign = dir.resolve("foreign");
        Files.createDirectories(foreign);
        Files.writeString(foreign.resolve("thesis.tex"), "");
        assertThatThrownBy(() -> o.folder(foreign, "experiment runtime")).isInstanceOf(InputException.class)
                .hasMessageContaining("is not empty and holds no gpusched run");
        Outputs.of(List.of(), true).folder(foreign, "experiment runtime").close();

        Path runs = dir.resolve("runs");
        try (RunFolder f = o.folder(runs, "experiment runtime")) {
            f.start(Map.of("seed", "1"));
            f.writeString("a.csv", "a\n");
            f.complete();
        }
        o.folder(runs, "experiment runtime").close();
        assertThatThrownBy(() -> o.folder(runs, "experiment graph-size")).isInstanceOf(InputException.class)
                .hasMessageContaining("holds a gpusched 'experiment runtime' run");
        JsonNode m = RunFolder.readMarker(runs);
        assertThat(m.path("status").asText()).isEqualTo("complete");
        assertThat(m.path("files").toString()).isEqualTo("[\"a.csv\"]");
    }

    @Test
    void a_second_run_into_a_locked_folder_is_refused(@TempDir Path dir) {
        Outputs o = Outputs.of(List.of(), false);
        try (RunFolder first = o.folder(dir, "experiment runtime")) {
            assertThatThrownBy(() -> o.folder(dir, "experiment runtime")).isInstanceOf(InputException.class)
                    .hasMessage(dir + ": another gpusched run (pid " + ProcessHandle.current().pid()
                            + ") is writing into this folder; use another --out folder");
        }
        o.folder(dir, "experiment runtime").close();
    }

    @Test
    void a_run_that_stops_between_its_files_leaves_a_marker_that_says_so(@TempDir Path dir) {
        Outputs o = Outputs.of(List.of(), false);
        assertThatThrownBy(() -> {
            try (RunFolder f = o.folder(dir, "experiment runtime")) {
                f.start(Map.of());
                f.writeString("raw.csv", "unit\n");
                throw new IllegalStateException("killed");
            }
        }).hasMessage("killed");
        assertThat(RunFolder.readMarker(dir).path("status").asText()).isEqualTo("failed");
    }
}
