package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpusched.cli.PlayCommandTest.run;

/** Nothing in a file name or a task-set name can add a line, a formula or a shell word. */
class ForgedOutputTest {
    static final String FAKE = "x.json: schedulable";

    @TempDir
    Path dir;

    private Path taskSet(String fileName, String setName) throws Exception {
        Path f = dir.resolve(fileName);
        String json = Files.readString(Path.of(PlayCommandTest.PAPER));
        Files.writeString(f, json.replace("\"name\": \"paper-fig1\"", "\"name\": \"" + setName + "\""),
                StandardCharsets.UTF_8);
        return f;
    }

    private static void noForgedLine(String output) {
        assertThat(output.lines().toList()).noneMatch(l -> l.startsWith(FAKE) || l.startsWith("  " + FAKE));
        assertThat(output).doesNotContain("\u001b");
    }

    @Test
    void aNewlineInAFileNameCannotPrintAFakeVerdict() throws Exception {
        Path evil = taskSet("evil\n" + FAKE + "\n.json", "plain");
        for (String cmd : List.of("analyze", "validate", "compare")) {
            PlayCommandTest.Run r = run(cmd, evil.toString());
            noForgedLine(r.out());
            noForgedLine(r.err());
            assertThat(r.out()).contains("evil\\n" + FAKE);
        }
        PlayCommandTest.Run missing = run("validate", dir.resolve("gone\n" + FAKE + "\u001b[31m").toString());
        assertThat(missing.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(missing.err().lines().toList()).hasSize(1);
        noForgedLine(missing.err());
    }

    @Test
    void aNewlineInATaskSetNameCannotPrintAFakeVerdict() throws Exception {
        Path f = taskSet("named.json", "ok\\n" + FAKE + "\\u001b[2J");
        for (String cmd : List.of("analyze", "validate")) {
            PlayCommandTest.Run r = run(cmd, f.toString());
            noForgedLine(r.out());
            noForgedLine(r.err());
            // The reader may refuse control characters in a name (exit 2, one escaped line) or accept
            // them; either way the name is printed escaped, on the line it belongs to.
            assertThat(r.code()).as(r.err()).isIn(ExitCodes.OK, ExitCodes.INVALID);
            assertThat(r.code() == ExitCodes.OK ? r.out() : r.err()).contains("ok\\n" + FAKE);
        }
    }

    @Test
    void csvCellsFromInputAreNeverFormulas() throws Exception {
        Path f = taskSet("=cmd.json", "=HYPERLINK(\\\"http://evil\\\")");
        for (String cmd : List.of("analyze", "validate", "compare")) {
            PlayCommandTest.Run r = run(cmd, f.toString(), "--format", "csv");
            assertThat(r.code()).as(cmd + r.err()).isZero();
            List<String> rows = r.out().lines().skip(1).toList();
            assertThat(rows).isNotEmpty();
            for (String row : rows) {
                for (String cell : row.split(",")) {
                    String c = cell.startsWith("\"") ? cell.substring(1) : cell;
                    assertThat(c).as(cmd + ": " + row).doesNotStartWith("=").doesNotStartWith("+")
                            .doesNotStartWith("@");
                }
                assertThat(row).contains("'=");
            }
        }
    }

    @Test
    void verifyReproduceLineQuotesFileNamesForTheShell() throws Exception {
        Path table = dir.resolve("it's a table;rm -rf x.json");
        assertThat(run("analyze", PlayCommandTest.PAPER, "--table", table.toString()).code()).isZero();
        PlayCommandTest.Run r = run("verify", table.toString(), "--taskset", PlayCommandTest.PAPER, "--runs", "5",
                "--exec-time", "uniform:1.0..1.5", "--mode", "time-triggered");
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        String repro = r.out().lines().filter(l -> l.contains("reproduce: ")).findFirst().orElseThrow();
        String command = repro.substring(repro.indexOf("gpusched play "));
        // The shell must see the file name as one word, exactly as given.
        Process p = new ProcessBuilder("sh", "-c", "f() { printf '%s\\n' \"$2\"; }; f " + command.substring(
                "gpusched ".length())).start();
        String second = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        p.waitFor();
        assertThat(second).isEqualTo(table.toString());
    }

    @Test
    void taskNamesMayNotStartWithADash() throws Exception {
        Path f = dir.resolve("dash.json");
        Files.writeString(f, Files.readString(Path.of(PlayCommandTest.PAPER)).replace("\"tau1\"", "\"-tau1\""));
        PlayCommandTest.Run r = run("validate", f.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err()).contains("tasks[0].name").contains("not starting with -");
    }
}
