package org.gpusched.player;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The native table player's frame logic (src/main/native/frames.cuh, plain C++) compiled for the
 * host and run against the fake backend of src/test/native/frames/harness.cpp: the order of copies,
 * kernels, events and waits, the copy sizes, chains across frames, the calibration of copy bytes.
 * Needs a C++ compiler (g++, c++ or clang++ on the PATH), not a GPU; skipped, saying so, without one.
 */
class NativeFramesTest {
    private static final Path HARNESS = Path.of("src/test/native/frames/harness.cpp");

    @Test
    void frameLogicPassesItsHostHarness(@TempDir Path dir) throws Exception {
        Optional<String> cxx = Stream.of("g++", "c++", "clang++").filter(NativeFramesTest::onPath).findFirst();
        assumeTrue(cxx.isPresent(), "no C++ compiler (g++, c++, clang++) on the PATH: the native frame logic is not tested");
        Path exe = dir.resolve("frames");
        Result build = exec(dir, List.of(cxx.get(), "-std=c++17", "-Wall", "-Werror", "-I",
                Path.of("src/main/native").toAbsolutePath().toString(), "-o", exe.toString(),
                HARNESS.toAbsolutePath().toString()));
        assertThat(build.code()).as(build.output()).isZero();
        Result run = exec(dir, List.of(exe.toString()));
        assertThat(run.code()).as(run.output()).isZero();
        assertThat(run.output()).doesNotContain("FAIL");
        Matcher m = Pattern.compile("ok (\\d+) checks\\s*$").matcher(run.output());
        assertThat(m.find()).as(run.output()).isTrue();
        assertThat(Integer.parseInt(m.group(1))).isGreaterThanOrEqualTo(25);
    }

    private record Result(int code, String output) { }

    private static Result exec(Path dir, List<String> cmd) throws IOException, InterruptedException {
        Path log = dir.resolve("log.txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    private static boolean onPath(String exe) {
        String path = System.getenv("PATH");
        return path != null && Stream.of(path.split(java.io.File.pathSeparator))
                .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, exe)));
    }
}
