package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpusched.cli.PlayCommandTest.run;

/**
 * A table that is not a valid schedule of its task set is refused by play and verify
 * (exit 2, first problem named); with --force it is played and every job it never runs is a miss.
 */
class ForcedPlayTest {
    /** 2 tasks, hyperperiod 12,000: 6,000 jobs of a and 1 of b. */
    static final String MANY = "{\"formatVersion\":1,\"name\":\"many\",\"tasks\":["
            + "{\"name\":\"a\",\"period\":2,\"wcet\":1},{\"name\":\"b\",\"period\":12000,\"wcet\":1}],"
            + "\"interference\":{\"model\":\"slowdown\",\"factors\":{\"a\":1.5,\"b\":1.5}}}";

    @TempDir
    static Path dir;
    static Path taskSet;
    static Path cut;

    @BeforeAll
    static void tableCutAfterTenJobs() throws Exception {
        taskSet = dir.resolve("many.json");
        Files.writeString(taskSet, MANY);
        Path full = dir.resolve("full.json");
        assertThat(run("analyze", taskSet.toString(), "--table", full.toString(), "-q").code()).isZero();
        ObjectMapper m = new ObjectMapper();
        ObjectNode table = (ObjectNode) m.readTree(full.toFile());
        ArrayNode kept = m.createArrayNode();
        int jobs = 0;
        for (JsonNode e : table.get("entries")) {
            if (jobs >= 10) {
                break;
            }
            kept.add(e);
            jobs += e.get("batch").size();
        }
        assertThat(jobs).isEqualTo(10);
        table.set("entries", kept);
        cut = dir.resolve("cut.json");
        m.writeValue(cut.toFile(), table);
    }

    @Test
    void aCutTableIsRefusedNamingTheFirstJobItNeverRuns() {
        for (String cmd : new String[] {"play", "verify"}) {
            PlayCommandTest.Run r = run(cmd, cut.toString(), "--taskset", taskSet.toString());
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
            assertThat(r.err().lines().toList()).hasSize(1);
            assertThat(r.err()).startsWith(cut + ":").contains("not a valid schedule of many (5991 problems")
                    .contains("never runs").contains("--force");
            assertThat(r.out()).isEmpty();
        }
    }

    @Test
    void forcedPlayReportsEveryJobItNeverRunsAsMissed() {
        PlayCommandTest.Run r = run("play", cut.toString(), "--taskset", taskSet.toString(), "--device", "sim",
                "--force", "-q");
        assertThat(r.code()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        assertThat(r.out()).contains("10 jobs in").contains("5991 deadline misses").doesNotContain("no deadline miss");
        assertThat(r.err()).contains("warning: ").contains("because of --force");

        PlayCommandTest.Run json = run("play", cut.toString(), "--taskset", taskSet.toString(), "--device", "sim",
                "--force", "--format", "json", "--hyperperiods", "2");
        assertThat(json.out()).contains("\"misses\":11982").contains("\"neverRun\":11982");

        PlayCommandTest.Run v = run("verify", cut.toString(), "--taskset", taskSet.toString(), "--runs", "2",
                "--force", "--mode", "reclaim");
        assertThat(v.code()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        assertThat(v.out()).contains("MISS in 2 of 2 runs (11982 jobs").contains("--force");
    }

    @Test
    void aTableOfAnotherTaskSetPlaysOnlyWithForce() throws Exception {
        Path full = dir.resolve("full.json");
        Path edited = dir.resolve("edited.json");
        Files.writeString(edited, MANY.replace("\"many\"", "\"many-renamed\""));
        PlayCommandTest.Run refused = run("play", full.toString(), "--taskset", edited.toString(), "--device", "sim");
        assertThat(refused.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(refused.err()).contains("taskSet.sha256").contains("another task set");
        PlayCommandTest.Run forced = run("play", full.toString(), "--taskset", edited.toString(), "--device", "sim",
                "--force", "-q");
        assertThat(forced.code()).as(forced.err()).isZero();
        assertThat(forced.out()).contains("6001 jobs").contains("no deadline miss");
    }

    @Test
    void aTableThatCannotBeUnrolledIsRefusedInOneLineWithOrWithoutForce() throws Exception {
        ObjectMapper m = new ObjectMapper();
        ObjectNode full = (ObjectNode) m.readTree(dir.resolve("full.json").toFile());
        ObjectNode hyperperiod = full.deepCopy();
        hyperperiod.put("hyperperiod", 24000);
        ObjectNode unknown = full.deepCopy();
        ((ObjectNode) unknown.get("entries").get(0).get("batch").get(0)).put("task", "nosuch");
        ObjectNode empty = full.deepCopy();
        ((ObjectNode) empty.get("entries").get(0)).set("batch", m.createArrayNode());
        String[][] cases = {{"hyperperiod", "hyperperiod", "hyperperiod 24000 differs from the task set's 12000"},
            {"unknown", "entries[0]", "unknown task nosuch"}, {"empty", "entries[0]", "empty batch"}};
        ObjectNode[] tables = {hyperperiod, unknown, empty};
        for (int i = 0; i < cases.length; i++) {
            Path table = dir.resolve(cases[i][0] + ".json");
            m.writerWithDefaultPrettyPrinter().writeValue(table.toFile(), tables[i]);
            for (String cmd : new String[] {"play", "verify"}) {
                for (boolean force : new boolean[] {false, true}) {
                    PlayCommandTest.Run r = force
                            ? run(cmd, table.toString(), "--taskset", taskSet.toString(), "--force", "-q")
                            : run(cmd, table.toString(), "--taskset", taskSet.toString(), "-q");
                    String what = cmd + " " + cases[i][0] + (force ? " --force" : "");
                    assertThat(r.code()).as(what + r.err()).isEqualTo(ExitCodes.INVALID);
                    assertThat(r.err().lines().toList()).as(what).hasSize(1);
                    // Located (FILE:LINE:COL: PATH: why), and no promise that --force would play it.
                    assertThat(r.err()).as(what).matches("\\Q" + table + "\\E:\\d+:\\d+: \\Q" + cases[i][1]
                            + ": not a valid schedule of \\E[^:]+: \\Q" + cases[i][2]
                            + "\\E; --force cannot play such a table\\R");
                    assertThat(r.out()).as(what).isEmpty();
                }
            }
        }
    }
}
