package org.gpusched.input;

import org.gpusched.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Regression tests of the reader's limits (sizes, depths, numbers, arrays under x): each input is the
 * smallest one that failed before the bounded reading layer (a hang, exit 70, an impossible kernel
 * accepted, bytes silently replaced, a raw control character on the terminal, an out-of-memory).
 */
class ReaderLimitsTest {
    @TempDir
    Path dir;

    static final String KERNEL_SET = """
            { "gpu": { "preset": "jetson-agx-orin-64gb" },
              "tasks": [ { "name": "a", "period": 10, "wcet": 2, "kernel": { "blocks": 1, "threadsPerBlock": 32, %s } },
                         { "name": "b", "period": 20, "wcet": 3, "kernel": { "blocks": 1, "threadsPerBlock": 32 } } ],
              "interference": { "model": "slowdown", "factors": { "a": %s } } }""";

    record Run(int code, String out, String err) {
        String line() {
            List<String> lines = err.lines().toList();
            assertThat(lines).as("stderr of exit %d: %s", code, err).hasSize(1);
            return lines.get(0);
        }
    }

    private Run run(byte[] content, String... command) throws IOException {
        Path f = dir.resolve("ts.json");
        Files.write(f, content);
        String[] args = new String[command.length + 1];
        System.arraycopy(command, 0, args, 0, command.length);
        args[command.length] = f.toString();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> Main.run(new PrintWriter(out), new PrintWriter(err), args));
        return new Run(code, out.toString(), err.toString());
    }

    private Run validate(String json) throws IOException {
        return run(json.getBytes(StandardCharsets.UTF_8), "validate");
    }

    private static String kernelSet(String kernelExtra, String factor) {
        return KERNEL_SET.formatted(kernelExtra, factor);
    }

    /**
     * Head-of-line placement looks at every SM for every block: 2^24 blocks on 2^16 SMs passed
     * every field bound and then hung analyze for about 2^40 steps, past --time-limit.
     */
    @Test
    void aKernelTooBigToPlaceIsRefusedAndPlacementHonoursTheTimeLimit() throws IOException {
        String big = """
                { "gpu": { "sms": 65536, "maxWarpsPerSm": 32768 },
                  "tasks": [ { "name": "a", "period": 10, "wcet": 2, "kernel": { "blocks": %d, "threadsPerBlock": 32 } },
                             { "name": "b", "period": 20, "wcet": 3, "kernel": { "blocks": %d, "threadsPerBlock": 32 } } ] }""";
        Run r = run(String.format(big, 1 << 24, 1 << 24).getBytes(StandardCharsets.UTF_8), "analyze");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains("tasks[0].kernel.blocks").contains("block-placement limit");
        // At the limit (2^16 blocks on 2^16 SMs, 2^32 steps per kernel) the analysis is bounded by
        // the budget check inside the placement: inconclusive or decided, never a hang.
        Run atLimit = run(String.format(big, 1 << 16, 1 << 16).getBytes(StandardCharsets.UTF_8),
                "analyze", "--time-limit", "1s", "-q");
        assertThat(atLimit.code()).as(atLimit.err()).isIn(0, 1, 3);
    }

    @Test
    void aHugeExponentInASlowdownFactorIsRefusedAtOnceNotExpanded() throws IOException {
        // Before: 1e99999999 hung (the exact decimal was expanded), 1e999999999 exited 70.
        for (String f : List.of("1e99999999", "1e999999999", "1E+2147483647", "1000000000001")) {
            Run r = run(kernelSet("\"registersPerThread\": 32", f).getBytes(StandardCharsets.UTF_8), "analyze");
            assertThat(r.code()).as(f).isEqualTo(2);
            assertThat(r.line()).contains("interference.factors.a").contains("exceed 1000000000000 ticks");
        }
        assertThat(validate(kernelSet("\"registersPerThread\": 32", "1.25")).code()).isZero();
    }

    @Test
    void aHugeExponentInAVersion2ConflictFactorIsShownAsWrittenNotExpanded() throws IOException {
        // Before: the error message expanded 1e999999999 to a billion digits (out of memory or a hang).
        Run r = validate("{ \"formatVersion\": 2, \"platform\": { \"conflictFactors\": { \"memory\": 1e999999999 } },"
                + " \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2 } ] }");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains("platform.conflictFactors.memory").contains("1E+999999999");
    }

    @Test
    void aTinyExponentIsANumberBelowOneNotAHang() throws IOException {
        Run r = validate(kernelSet("\"registersPerThread\": 32", "1e-999999999"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains("slowdown factor must be >= 1");
    }

    @Test
    void aNumberLongerThanTheLimitIsRefusedNamingIt() throws IOException {
        String digits = "1." + "0".repeat(ReadLimits.MAX_NUMBER_CHARS);
        Run r = validate(kernelSet("\"registersPerThread\": 32", digits));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains("number too long").contains(String.valueOf(ReadLimits.MAX_NUMBER_CHARS));
    }

    @Test
    void sharedMemoryThatOverflowsWithTheReservationIsNotAccepted() throws IOException {
        // Before: Long.MAX_VALUE + 1024 reserved bytes wrapped around, the kernel "fit" and the set was schedulable.
        Run r = run(kernelSet("\"sharedMemoryPerBlock\": 9223372036854775807", "1").getBytes(StandardCharsets.UTF_8),
                "analyze");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains("tasks[0].kernel.sharedMemoryPerBlock").contains("must be <= 16777216");
    }

    /** Every kernel and GPU field has an upper bound: the bound itself passes, one more is refused. */
    @ParameterizedTest(name = "{0} <= {1}")
    @CsvSource({
            "tasks[0].kernel.blocks, 16777216",
            "tasks[0].kernel.sharedMemoryPerBlock, 16777216",
            "gpu.sms, 65536",
            "gpu.maxThreadsPerSm, 1048576",
            "gpu.maxWarpsPerSm, 32768",
            "gpu.maxBlocksPerSm, 65536",
            "gpu.registersPerSm, 16777216",
            "gpu.registerAllocationUnit, 65536",
            "gpu.sharedMemoryPerSm, 16777216",
            "gpu.sharedMemoryAllocationUnit, 1048576",
            "gpu.sharedMemoryReservedPerBlock, 1048576",
            "gpu.maxResidentKernels, 65536",
            "tasks[0].period, 1000000000000"})
    void everyNumberHasAnUpperBound(String path, long max) throws IOException {
        assertThat(validate(withValue(path, max)).code()).as("at the bound").isZero();
        Run r = validate(withValue(path, max + 1));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains(path + ": must be <= " + max);
    }

    private static String withValue(String path, long v) {
        String field = path.substring(path.lastIndexOf('.') + 1);
        String kernel = "\"blocks\": 1, \"threadsPerBlock\": 32";
        String gpu = "\"sms\": 1";
        String task = "\"period\": 10, \"wcet\": 2";
        String inter = "";
        if (path.startsWith("tasks[0].kernel.")) {
            kernel = field.equals("blocks") ? "\"blocks\": " + v + ", \"threadsPerBlock\": 32" : kernel + ", \"" + field + "\": " + v;
            gpu = "\"sms\": 1, \"maxResidentKernels\": 1";
        } else if (path.startsWith("gpu.")) {
            gpu = field.equals("sms") ? "\"sms\": " + v : gpu + ", \"" + field + "\": " + v;
        } else if (path.equals("tasks[0].wcet")) {
            task = "\"period\": 10, \"wcet\": " + v;
        } else if (path.equals("tasks[0].period")) {
            task = "\"period\": " + v + ", \"wcet\": 2";
        } else {
            inter = ", \"interference\": { \"model\": \"table\", \"entries\": [ { \"tasks\": [\"a\", \"b\"], \"completion\": "
                    + v + " } ] }";
        }
        return "{ \"gpu\": { " + gpu + " }, \"tasks\": [ { \"name\": \"a\", " + task + ", \"kernel\": { " + kernel
                + " } }, { \"name\": \"b\", \"period\": " + (path.equals("tasks[0].period") ? v : 10)
                + ", \"wcet\": 2, \"kernel\": { \"blocks\": 1, \"threadsPerBlock\": 32 } } ]" + inter + " }";
    }

    @Test
    void invalidUtf8IsRefusedWithItsPositionNotReplaced() throws IOException {
        byte[] head = "{ \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2 } ],\n  \"name\": \"ab".getBytes(
                StandardCharsets.UTF_8);
        byte[] tail = "\" }".getBytes(StandardCharsets.UTF_8);
        byte[] content = new byte[head.length + 2 + tail.length];
        System.arraycopy(head, 0, content, 0, head.length);
        content[head.length] = (byte) 0xC3;
        content[head.length + 1] = (byte) 0x28; // 0xC3 must be followed by a continuation byte
        System.arraycopy(tail, 0, content, head.length + 2, tail.length);
        Run r = run(content, "validate");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).startsWith(dir.resolve("ts.json") + ":2:14: ").contains("invalid UTF-8").contains("0xC3");
    }

    @Test
    void controlCharactersInKeysAndValuesAreEscapedInEveryMessage() throws IOException {
        Run key = validate("{ \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2,"
                + " \"\\u001b[31mred\\nok.json: schedulable\": 1 } ] }");
        assertThat(key.code()).isEqualTo(2);
        assertThat(key.line()).doesNotContain("\u001b").contains("\\u001b[31mred\\nok.json: schedulable");
        Run value = validate("{ \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2 } ],"
                + " \"timeUnit\": \"\\u009b31m\\u202e\" }");
        assertThat(value.code()).isEqualTo(2);
        assertThat(value.line()).doesNotContain("\u009b").doesNotContain("\u202e").contains("\\u009b31m\\u202e");
    }

    @Test
    void usageErrorsEscapeTheArgumentsTheyRepeat() {
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "validate", "x.json", "--\u001b[31m");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).doesNotContain("\u001b").contains("\\u001b[31m");
    }

    @Test
    void namesAndKernelSymbolsMayNotCarryControlCharacters() throws IOException {
        Run r = validate("{ \"name\": \"ok\\u0007\", \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2 } ] }");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains("name: control or format characters").contains("ok\\u0007");
        Run s = validate("{ \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2, \"kernel\":"
                + " { \"blocks\": 1, \"threadsPerBlock\": 32, \"symbol\": \"k\\r\" } } ] }");
        assertThat(s.code()).isEqualTo(2);
        assertThat(s.line()).contains("tasks[0].kernel.symbol");
    }

    @Test
    void nestingDeeperThanTheLimitIsRefusedEvenUnderX() throws IOException {
        String deep = "[".repeat(ReadLimits.MAX_NESTING) + "]".repeat(ReadLimits.MAX_NESTING);
        Run r = validate("{ \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2 } ], \"x\": { \"d\": " + deep + " } }");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains("nested too deeply").contains(String.valueOf(ReadLimits.MAX_NESTING));
    }

    @Test
    void anArrayOutsideXLongerThanTheLimitIsRefusedBeforeItIsHeld() throws IOException {
        String entries = "{\"tasks\": [\"a\", \"b\"], \"completion\": 3}, ".repeat(ReadLimits.MAX_ARRAY_ELEMENTS)
                + "{\"tasks\": [\"a\", \"b\"], \"completion\": 3}";
        Run r = validate("{ \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2 }, { \"name\": \"b\","
                + " \"period\": 10, \"wcet\": 2 } ], \"interference\": { \"model\": \"table\", \"entries\": [" + entries + "] } }");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains("interference.entries").contains("more than 100000 elements");
    }

    @Test
    void aFileOverTheSizeLimitIsRefusedWithoutReadingIt() throws IOException {
        String padding = " ".repeat(ReadLimits.MAX_DOCUMENT_BYTES);
        Run r = validate("{ \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2 } ] }" + padding);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.line()).contains("file too large").contains(String.valueOf(ReadLimits.MAX_DOCUMENT_BYTES));
    }

    @Test
    void aFiveMillionElementArrayUnderXIsSkippedInASmallHeap() throws IOException, InterruptedException {
        // Before: the array was held twice as a tree and once as a map of positions: out of memory at -Xmx512m.
        Path f = dir.resolve("big.json");
        try (var w = Files.newBufferedWriter(f)) {
            w.write("{ \"tasks\": [ { \"name\": \"a\", \"period\": 10, \"wcet\": 2 } ], \"x\": { \"samples\": [0");
            for (int i = 1; i < 5_000_000; i++) {
                w.write(",0");
            }
            w.write("] } }");
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx96m", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "validate", f.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(output).isZero();
        assertThat(output).contains("ok");
    }
}
