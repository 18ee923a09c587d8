package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.report.PlayReports;
import org.gpusched.player.NativePlayer;
import org.gpusched.player.PlayerFixtures;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class PlayCommandTest {
    static final String PAPER = "examples/paper-fig1.json";

    @TempDir
    Path dir;

    record Run(int code, String out, String err) { }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        ReportSchemas.check(args, out.toString()); // every JSON play/verify report matches its schema
        return new Run(code, out.toString(), err.toString());
    }

    static Run runWithStdin(String stdin, String... args) {
        InputStream saved = System.in;
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        try {
            return run(args);
        } finally {
            System.setIn(saved);
        }
    }

    private Path paperTable() throws Exception {
        Path t = dir.resolve("table.json");
        // --no-greedy: the search's table of 8 batches, which these tests take apart.
        assertThat(run("analyze", PAPER, "--table", t.toString(), "--no-greedy").code()).isZero();
        return t;
    }

    @Test
    void analyzePipesIntoPlayInProcess() {
        Run analyze = run("analyze", PAPER, "--table", "-", "--no-greedy");
        assertThat(analyze.code()).isZero();
        assertThat(analyze.out()).startsWith("{");
        Run play = runWithStdin(analyze.out(), "play", "-", "--taskset", PAPER, "--device", "sim");
        assertThat(play.code()).as(play.err()).isZero();
        assertThat(play.out()).contains("11 jobs in 8 batches, no deadline miss");
    }

    @Test
    void analyzePipesIntoPlayThroughAShell() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String g = "'" + java + "' -cp '" + cp + "' org.gpusched.cli.Main";
        String cmd = g + " analyze " + PAPER + " --table - 2>/dev/null | " + g + " play - --taskset " + PAPER
                + " --device sim --format json";
        Process p = new ProcessBuilder("sh", "-c", cmd).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(out).contains("\"misses\":0").contains("\"mode\":\"time-triggered\"");
    }

    @Test
    void tableOfAnotherTaskSetIsRefused() throws Exception {
        Path table = paperTable();
        Path other = dir.resolve("other.json");
        Files.writeString(other, Files.readString(Path.of(PAPER)).replace("\"wcet\": 1", "\"wcet\": 2"));
        Run r = run("play", table.toString(), "--taskset", other.toString(), "--device", "sim");
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err().strip()).startsWith(table.toString()).contains("another task set").doesNotContain("\n");
        assertThat(run("verify", table.toString(), "--taskset", other.toString()).code()).isEqualTo(ExitCodes.INVALID);
    }

    @Test
    void unknownTableVersionIsRefused() throws Exception {
        Path table = paperTable();
        Path v2 = dir.resolve("v3.json");
        Files.writeString(v2, Files.readString(table).replace("\"formatVersion\" : 1", "\"formatVersion\" : 3"));
        assertThat(Files.readString(v2)).contains("\"formatVersion\" : 3");
        Run r = run("play", v2.toString(), "--taskset", PAPER, "--device", "sim");
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err()).startsWith(v2.toString()).contains("formatVersion");
    }

    @Test
    void emptyStdinAndGarbageAreRefused() {
        assertThat(runWithStdin("", "play", "-", "--taskset", PAPER).code()).isEqualTo(ExitCodes.INVALID);
        assertThat(runWithStdin("start,end\n", "play", "-", "--taskset", PAPER).code()).isEqualTo(ExitCodes.INVALID);
        assertThat(run("play", "nope.json", "--taskset", PAPER).err()).startsWith("nope.json: no such file");
        assertThat(run("play", "x", "--taskset", PAPER, "--exec-time", "uniform:2..1").code()).isEqualTo(ExitCodes.INVALID);
    }

    @Test
    void sameSeedGivesByteIdenticalOutputInEveryFormat() throws Exception {
        Path table = paperTable();
        for (String format : List.of("text", "json", "csv")) {
            String[] args = {"play", table.toString(), "--taskset", PAPER, "--device", "sim", "--mode", "reclaim",
                    "--exec-time", "uniform:0.5..1.0", "--seed", "9", "--hyperperiods", "3", "--format", format};
            Run a = run(args);
            assertThat(a.code()).isZero();
            assertThat(run(args).out()).isEqualTo(a.out());
        }
        Run csv = run("play", table.toString(), "--taskset", PAPER, "--device", "sim", "--format", "csv");
        List<String> lines = csv.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo(PlayReports.CSV_HEADER);
        assertThat(lines).hasSize(12);
    }

    @Test
    void playAndVerifyReportsUseTheReportVocabulary() throws Exception {
        // docs/report-format.md: "file" for the input, timeUnit, release, booleans as booleans, camelCase CSV columns.
        Path table = paperTable();
        var m = new com.fasterxml.jackson.databind.ObjectMapper();
        var play = m.readTree(run("play", table.toString(), "--taskset", PAPER, "--device", "sim", "--format", "json").out());
        assertThat(play.get("file").asText()).isEqualTo(table.toString());
        assertThat(play.get("taskSet").asText()).isEqualTo(PAPER);
        assertThat(play.has("table")).isFalse();
        assertThat(play.get("timeUnit").isTextual()).isTrue();
        assertThat(play.get("jobs").get(0).has("release")).isTrue();
        assertThat(play.get("jobs").get(0).get("miss").isBoolean()).isTrue();
        var verify = m.readTree(run("verify", table.toString(), "--taskset", PAPER, "--runs", "3", "--format", "json").out());
        assertThat(verify.get("file").asText()).isEqualTo(table.toString());
        assertThat(verify.get("timeUnit").asText()).isEqualTo(play.get("timeUnit").asText());
        assertThat(verify.get("ok").isBoolean()).isTrue();
        for (String[] args : List.of(new String[] {"play", table.toString(), "--taskset", PAPER, "--device", "sim"},
                new String[] {"verify", table.toString(), "--taskset", PAPER, "--runs", "3"})) {
            String[] csv = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of("--format", "csv"))
                    .toArray(String[]::new);
            String header = run(csv).out().lines().findFirst().orElseThrow();
            assertThat(header).as(args[0]).matches("[a-z][A-Za-z0-9]*(,[a-z][A-Za-z0-9]*)*");
        }
    }

    @Test
    void cudaDeviceWithoutGpuFailsCleanlyAndAutoFallsBack() throws Exception {
        Path table = paperTable();
        Run cuda = run("play", table.toString(), "--taskset", PAPER, "--device", "cuda", "--tick-ns", "1000");
        Run auto = run("play", table.toString(), "--taskset", PAPER, "-q");
        // A task set in abstract ticks is refused before any GPU is opened, with or without one.
        Run ticks = run("play", table.toString(), "--taskset", PAPER, "--device", "cuda");
        assertThat(ticks.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(ticks.err()).isEqualTo("gpusched: " + PAPER
                + ": time unit is abstract ticks; give --tick-ns to play it on the GPU" + System.lineSeparator());
        if (NativePlayer.bundled() && run("device-info", "--format", "json").out().contains("\"available\":true")) {
            return; // a real GPU: covered by docs/player.md's measurement commands
        }
        assertThat(cuda.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(cuda.err().lines().count()).isEqualTo(1);
        assertThat(cuda.err()).startsWith("gpusched: --device cuda: ");
        assertThat(auto.code()).isZero();
        assertThat(auto.err().lines().filter(l -> l.contains("simulated device")).count()).isEqualTo(1);
        assertThat(auto.out()).contains("no deadline miss");
    }

    @Test
    void deviceInfoExplainsWhyThereIsNoGpu() {
        Run r = run("device-info");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("native library: ").contains(NativePlayer.platform());
        if (!NativePlayer.bundled()) {
            assertThat(r.out()).contains("native library not built");
        }
    }

    @Test
    void verifyPassesGoodTablesAndNamesTheSeedOfAMiss() throws Exception {
        Path table = paperTable();
        Run ok = run("verify", table.toString(), "--taskset", PAPER, "--runs", "10000");
        assertThat(ok.code()).as(ok.out() + ok.err()).isZero();
        assertThat(ok.out()).contains("time-triggered: no deadline miss in 10000 runs")
                .contains("reclaim: no deadline miss in 10000 runs");

        Path broken = dir.resolve("late.json");
        Files.writeString(broken, Tables.toJson(PlayerFixtures.shifted(Tables.read("t", Files.readString(table)), 1)));
        Run refused = run("verify", broken.toString(), "--taskset", PAPER, "--runs", "200");
        assertThat(refused.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(refused.err()).contains("not a valid schedule").contains("--force");
        Run bad = run("verify", broken.toString(), "--taskset", PAPER, "--runs", "200", "--force");
        assertThat(bad.code()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        assertThat(bad.err()).contains("not a valid schedule").contains("because of --force");
        String repro = bad.out().lines().filter(l -> l.contains("reproduce: ")).findFirst().orElseThrow();
        String[] args = repro.substring(repro.indexOf("gpusched play ") + "gpusched ".length()).split(" ");
        Run again = run(args);
        assertThat(again.code()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        assertThat(again.out()).contains("MISS");
        Run json = run("verify", broken.toString(), "--taskset", PAPER, "--runs", "50", "--format", "json", "--force");
        assertThat(json.out()).contains("\"ok\":false").contains("\"failingSeeds\":[");
    }
}
