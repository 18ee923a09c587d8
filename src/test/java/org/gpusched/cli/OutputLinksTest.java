package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An output that is a symbolic link is written through it, as a shell's {@code >} does: a link to a file not
 * made yet makes that file and stays a link; a loop of links is one line, exit 2, before any analysis.
 */
class OutputLinksTest {
    private static final String FIG1 = "examples/paper-fig1.json";

    @TempDir
    Path dir;

    @Test
    void aLinkToAFileNotMadeYetMakesThatFileAndStaysALink() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("t.json"), Path.of("tables/t-real.json"));
        CliRunner r = CliRunner.run("analyze", FIG1, "--table", link.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
        assertThat(Files.isSymbolicLink(link)).as("the user's link is kept").isTrue();
        Path target = dir.resolve("tables/t-real.json");
        assertThat(Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)).isTrue();
        assertThat(Files.readString(target)).contains("\"gpusched-table\"");
        // Written by gpusched through the link: the same command again replaces it without --force.
        CliRunner again = CliRunner.run("analyze", FIG1, "--table", link.toString());
        assertThat(again.code()).as(again.err()).isEqualTo(ExitCodes.OK);
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void aLinkToAFileNotMadeYetOfAReviewPageIsWrittenThroughToo() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("page.html"), dir.resolve("real.html"));
        CliRunner r = CliRunner.run("compare", FIG1, "--html", link.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(dir.resolve("real.html"))).startsWithIgnoringCase("<!doctype html>");
    }

    @Test
    void aLoopOfLinksIsOneLineBeforeAnyWork() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Files.createSymbolicLink(a, b.getFileName());
        Files.createSymbolicLink(b, a.getFileName());
        for (String option : new String[] {"--table", "--html", "--graph"}) {
            CliRunner r = CliRunner.run("analyze", FIG1, option, a.toString());
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
            assertThat(r.err().strip()).isEqualTo(a + ": is a loop of symbolic links");
            assertThat(r.out()).as("refused before the analysis").isEmpty();
        }
        assertThat(Files.isSymbolicLink(a) && Files.isSymbolicLink(b)).as("the links are kept").isTrue();
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("a.json", "b.json");
        }
    }
}
