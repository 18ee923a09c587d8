package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A run whose only input cannot be read (exit 2) writes no review page, whichever command writes it. */
class NoPageOnUnreadInputTest {
    private static final String FIG1 = "examples/paper-fig1.json";

    @TempDir
    Path dir;

    @Test
    void noReviewPageWhenTheOnlyInputCannotBeRead() throws Exception {
        Path missing = dir.resolve("missing.json");
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"version\": 1,");
        for (String command : new String[] {"analyze", "compare", "sensitivity"}) {
            for (Path input : new Path[] {missing, broken}) {
                Path page = dir.resolve(command + ".html");
                CliRunner r = CliRunner.run(command, input.toString(), "--html", page.toString());
                assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
                assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
                assertThat(r.err()).contains(input.toString());
                assertThat(page).as(command + " " + input).doesNotExist();
            }
        }
        // One readable input among them: the page, with what could be read.
        Path page = dir.resolve("two.html");
        CliRunner r = CliRunner.run("compare", missing.toString(), FIG1, "--html", page.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(Files.readString(page)).contains("paper-fig1");
    }
}
