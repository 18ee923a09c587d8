package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** profile, loop and play on a simulated device fitted to a GPU's measurements (--sim-contention). */
class SimContentionCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String KINDS = "examples/contending-kinds.json";

    /** The H200's raw interference file as a file of the user's: its contention only (no floors, no runtime). */
    static Path h200Sets(Path dir) throws Exception {
        return Files.writeString(dir.resolve("interference-sets.csv"),
                org.gpusched.player.DevicePresets.text("h200-interference-sets.csv"));
    }

    @Test
    void theH200FitTimesTheSetsAsTheH200Did(@TempDir Path dir) throws Exception {
        Path fit = h200Sets(dir);
        CliRunner builtIn = CliRunner.run("profile", KINDS, "--device", "sim", "--runs", "1", "--out",
                dir.resolve("a.json").toString(), "--format", "json");
        CliRunner h200 = CliRunner.run("profile", KINDS, "--device", "sim", "--sim-contention", fit.toString(), "--runs",
                "1", "--out", dir.resolve("b.json").toString(), "--format", "json");
        assertThat(h200.code()).as(h200.err()).isZero();
        JsonNode a = M.readTree(builtIn.out());
        JsonNode b = M.readTree(h200.out());
        assertThat(b.path("device").asText()).isEqualTo("sim (fitted to interference-sets.csv)");
        // Two memory kernels (60 and 50 us): the built-in model slows them to 100 us; the H200 ran the
        // pair in 72 (its memory kind's fitted factor is 1.90).
        assertThat(a.path("entries").get(0).path("completion").asLong()).isEqualTo(100);
        assertThat(b.path("entries").get(0).path("completion").asLong()).isEqualTo(72);
        CliRunner loop = CliRunner.run("loop", KINDS, "--device", "sim", "--sim-contention", fit.toString(), "--start",
                "model", "--out", dir.resolve("c.json").toString());
        assertThat(loop.code()).as(loop.err()).isZero();
        assertThat(loop.out()).contains("stable");
    }

    /**
     * The preset also carries the H200's kind floors: every kind kept 20 us there, but a memory kernel
     * asked for 1 us at 132 blocks is below the 1.3 us the H200 showed at that shape, so profile, loop
     * and play refuse before timing anything, in one line naming the task, the floor and the way out.
     */
    @Test
    void theH200PresetRefusesAKindBelowItsFloor(@TempDir Path dir) throws Exception {
        Path blip = Files.writeString(dir.resolve("blip.json"), "{\"formatVersion\": 1, \"name\": \"blip\", \"timeUnit\":"
                + " \"us\", \"tasks\": [{\"name\": \"blip\", \"period\": 1000, \"deadline\": 1000, \"wcet\": 1,"
                + " \"kernel\": {\"blocks\": 132, \"threadsPerBlock\": 256, \"kind\": \"memory\"}}],"
                + " \"interference\": {\"model\": \"none\"}}");
        String in = blip.toString();
        CliRunner table = CliRunner.run("analyze", in, "--table", dir.resolve("t.json").toString());
        assertThat(table.code()).as(table.err()).isZero();
        for (CliRunner r : new CliRunner[] {
                CliRunner.run("profile", in, "--device", "sim", "--sim-contention", "h200", "--out", dir.resolve("p.json").toString()),
                CliRunner.run("loop", in, "--device", "sim", "--sim-contention", "h200", "--out", dir.resolve("l.json").toString()),
                CliRunner.run("play", dir.resolve("t.json").toString(), "--taskset", in, "--device", "sim",
                        "--sim-contention", "h200")}) {
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).singleElement().asString()
                    .startsWith(in + ": tasks[0].kernel: blip (memory, 132 blocks of 256 threads) is asked for 1 us")
                    .contains("floor of 1.3 us", "another kind");
        }
        assertThat(dir.resolve("p.json")).doesNotExist();
        assertThat(dir.resolve("l.json")).doesNotExist();
        // contending-kinds' memory kernels (60 and 50 us at 4 blocks), refused by the first kinds'
        // 6.3 ms floor, keep their time now.
        CliRunner kinds = CliRunner.run("profile", KINDS, "--device", "sim", "--sim-contention", "h200", "--runs", "1",
                "--out", dir.resolve("k.json").toString());
        assertThat(kinds.code()).as(kinds.err()).isZero();
    }

    /**
     * Kinds above their floors play on the H200 preset, and every frame then costs the H200's runtime
     * (launch 6.2 us per kernel, submission 2.6 us, synchronise 2.6 us, each rounded up to whole us),
     * which a table built without a runtime object does not hold: every frame is over its model.
     */
    @Test
    void playOnTheH200PresetChargesItsRuntimeCost(@TempDir Path dir) throws Exception {
        Path w = Files.writeString(dir.resolve("wide.json"), "{\"formatVersion\": 1, \"name\": \"wide\", \"timeUnit\":"
                + " \"us\", \"tasks\": [{\"name\": \"stream\", \"period\": 2000, \"deadline\": 2000, \"wcet\": 300,"
                + " \"kernel\": {\"blocks\": 132, \"threadsPerBlock\": 256, \"kind\": \"memory\"}}, {\"name\": \"math\","
                + " \"period\": 1000, \"deadline\": 1000, \"wcet\": 200, \"kernel\": {\"blocks\": 4, \"threadsPerBlock\":"
                + " 256, \"kind\": \"compute\"}}], \"interference\": {\"model\": \"none\"}}");
        Path t = dir.resolve("t.json");
        assertThat(CliRunner.run("analyze", w.toString(), "--table", t.toString()).code()).isZero();
        CliRunner plain = CliRunner.run("play", t.toString(), "--taskset", w.toString(), "--device", "sim");
        assertThat(plain.out()).contains("frames vs table: 0 of 2 over their model");
        CliRunner h200 = CliRunner.run("play", t.toString(), "--taskset", w.toString(), "--device", "sim",
                "--sim-contention", "h200", "--format", "json");
        assertThat(h200.code()).as(h200.err()).isZero();
        JsonNode r = M.readTree(h200.out());
        assertThat(r.toString()).contains("sim (fitted to h200)");
        assertThat(r.path("frames").path("overrunFrames").asInt()).isEqualTo(2);
        // math#1 alone: 200 us and one kernel's runtime, 7 + 3 + 3 us.
        assertThat(r.path("frames").path("perFrame").get(1).path("length").asLong()).isEqualTo(213);
    }

    @Test
    void aFitFileOfTheExperimentIsReadAndABadOneIsOneLine(@TempDir Path dir) throws Exception {
        Path fit = Files.writeString(dir.resolve("fit.csv"), "unit,set,measured,slowdowns,isolated\n"
                + "0,memory:100+memory:100,200,2.0 2.0,60 50\n");
        CliRunner ok = CliRunner.run("profile", KINDS, "--device", "sim", "--sim-contention", fit.toString(), "--runs",
                "1", "--max-set-size", "2", "--out", dir.resolve("m.json").toString(), "--format", "json");
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(M.readTree(ok.out()).path("entries").get(0).path("completion").asLong()).isEqualTo(120);
        Path bad = Files.writeString(dir.resolve("bad.csv"), "kind,factor\nmemory,2\n");
        CliRunner no = CliRunner.run("profile", KINDS, "--device", "sim", "--sim-contention", bad.toString(),
                "--out", dir.resolve("n.json").toString());
        assertThat(no.code()).isEqualTo(2);
        assertThat(no.err().strip().lines()).singleElement().asString().contains("not a raw file of experiment interference");
        CliRunner gpu = CliRunner.run("profile", KINDS, "--sim-contention", "h200", "--out", dir.resolve("g.json").toString());
        assertThat(gpu.code()).isEqualTo(2);
        assertThat(gpu.err()).contains("add --device sim");
    }

    private static final String HEADER = "unit,set,measured,slowdowns,isolated";

    private static CliRunner profileWith(Path dir, Path fit) {
        return CliRunner.run("profile", KINDS, "--device", "sim", "--sim-contention", fit.toString(), "--runs", "1",
                "--max-set-size", "2", "--out", dir.resolve("m-" + fit.getFileName() + ".json").toString(), "--format",
                "json");
    }

    /** A byte-order mark, CRLF and quoted fields are CSV as spreadsheets write it: the same fit as the plain file. */
    @Test
    void aByteOrderMarkCrlfAndQuotedFieldsReadAsThePlainFile(@TempDir Path dir) throws Exception {
        Path bom = Files.writeString(dir.resolve("bom.csv"), "\uFEFF" + HEADER + "\r\n"
                + "0,\"memory:100+memory:100\",\"200\",\"2.0 2.0\",\"60 50\"\r\n\r\n");
        Path quoted = Files.writeString(dir.resolve("quoted.csv"), HEADER + "\n0,memory:100+memory:100,200,\"2.0\",\"60\"\n");
        CliRunner ok = profileWith(dir, bom);
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(M.readTree(ok.out()).path("entries").get(0).path("completion").asLong()).isEqualTo(120);
        // One member's worth of slowdowns in a quoted field: refused by count, not as a Java number error.
        CliRunner one = profileWith(dir, quoted);
        assertThat(one.code()).isEqualTo(2);
        assertThat(one.err().strip().lines()).singleElement().asString()
                .startsWith(quoted + ":2:").contains("2 members but 1 slowdowns").doesNotContain("NumberFormat");
    }

    /** Every malformed value is one line naming the file, line and column, exit 2; nothing is guessed. */
    @Test
    void aMalformedFitIsRefusedInOneLineNamingFileLineAndField(@TempDir Path dir) throws Exception {
        String good = "0,memory:100+memory:100,200,2.0 2.0,60 50";
        String[][] cases = {
                {"0,memory:100+memory:100,200,0x1p0 2.0,60 50", ":2:29: slowdowns: \"0x1p0\" is not a plain decimal"},
                {"0,memory:100+memory:100,200,NaN 2.0,60 50", ":2:29: slowdowns: \"NaN\" is not a plain decimal"},
                {"0,memory:100+memory:100,200,2.0 2.0,Infinity 50", ":2:37: isolated: \"Infinity\" is not a plain"},
                {"0,memory:100+memory:100,200,1e1 2.0,60 50", ":2:29: slowdowns: \"1e1\" is not a plain decimal"},
                {"0,memory:+memory:100,200,2.0 2.0,60 50", ":2:3: set: member \"memory:\" is not KIND:TIME"},
                {"0,compute+memory:100,200,2.0 2.0,60 50", ":2:3: set: member \"compute\" is not KIND:TIME"},
                {"0,memory:100+memory:100,200,0.5 2.0,60 50", ":2:29: slowdowns: 0.5 is out of range: at least 0.95"},
                {"0,memory:100+memory:100,200,2.0 2.0,0 50", ":2:37: isolated: 0 is out of range: above 0"},
                {good + "\n1,memory:100+memory:250,260,2.0 2.0,60 50\n2,memory:100+memory:100,200,1.5 1.5,60 50",
                        ":4:3: set: set memory:100+memory:100 appears twice, on lines 2 and 4"},
                {"0,memory:100+memory:100,200,\"2.0 2.0,60 50", ":3:1: Missing closing quote"},
                {"0,memory:100+memory:100,200,2.0 2.0", ":2:1: expected 5 fields"},
        };
        for (int i = 0; i < cases.length; i++) {
            Path bad = Files.writeString(dir.resolve("bad" + i + ".csv"), HEADER + "\n" + cases[i][0] + "\n");
            CliRunner no = profileWith(dir, bad);
            assertThat(no.code()).as(cases[i][0] + ": " + no.err()).isEqualTo(2);
            assertThat(no.err().strip().lines()).as(cases[i][0]).singleElement().asString()
                    .startsWith(bad + cases[i][1]).doesNotContain("Exception");
        }
    }

    /**
     * The preset's floors and runtime cost are times in ns: a workload in abstract ticks cannot be
     * held to them, so it is refused rather than played as if the preset had none.
     */
    @Test
    void aWorkloadInTicksIsRefusedOnThePresetButPlaysOnARawFile(@TempDir Path dir) throws Exception {
        String ticks = "examples/paper-fig1.json";
        Path t = dir.resolve("t.json");
        assertThat(CliRunner.run("analyze", ticks, "--table", t.toString()).code()).isZero();
        for (CliRunner r : new CliRunner[] {
                CliRunner.run("profile", ticks, "--device", "sim", "--sim-contention", "h200", "--out",
                        dir.resolve("p.json").toString()),
                CliRunner.run("play", t.toString(), "--taskset", ticks, "--device", "sim", "--sim-contention", "h200")}) {
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).singleElement().asString()
                    .startsWith(ticks + ": timeUnit: times in abstract ticks cannot be held to the h200 preset");
        }
        assertThat(dir.resolve("p.json")).doesNotExist();
        CliRunner raw = CliRunner.run("play", t.toString(), "--taskset", ticks, "--device", "sim", "--sim-contention",
                h200Sets(dir).toString());
        assertThat(raw.code()).as(raw.err()).isZero();
    }

    /** A time just under a floor reads with the digits that tell the two apart, not "1.3 us, below 1.3 us". */
    @Test
    void aFloorRefusalShowsTheDigitsThatTellTheTimesApart(@TempDir Path dir) throws Exception {
        Path near = Files.writeString(dir.resolve("near.json"), "{\"formatVersion\": 1, \"name\": \"near\", \"timeUnit\":"
                + " \"ns\", \"tasks\": [{\"name\": \"near\", \"period\": 100000, \"deadline\": 100000, \"wcet\": 1299,"
                + " \"kernel\": {\"blocks\": 132, \"threadsPerBlock\": 256, \"kind\": \"memory\"}}],"
                + " \"interference\": {\"model\": \"none\"}}");
        CliRunner r = CliRunner.run("profile", near.toString(), "--device", "sim", "--sim-contention", "h200", "--out",
                dir.resolve("p.json").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip().lines()).singleElement().asString()
                .contains("is asked for 1.299 us, below the memory kind's floor of 1.300 us");
    }
}
