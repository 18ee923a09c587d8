package org.gpusched.player;

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
 * Builds a host harness of the native player's plain C++ logic (src/test/native/...) with the
 * machine's C++ compiler and runs it: it must exit 0, print no FAIL and end with "ok N checks", N
 * at least {@code minChecks}. Skipped, saying so, without a compiler.
 */
final class NativeHarness {
    private NativeHarness() { }

    static void passes(Path harness, Path dir, int minChecks) throws Exception {
        Optional<String> cxx = Stream.of("g++", "c++", "clang++").filter(NativeHarness::onPath).findFirst();
        assumeTrue(cxx.isPresent(), "no C++ compiler (g++, c++, clang++) on the PATH: " + harness + " is not tested");
        Path exe = dir.resolve("harness");
        Result build = exec(dir, List.of(cxx.get(), "-std=c++17", "-Wall", "-Werror", "-I",
                Path.of("src/main/native").toAbsolutePath().toString(), "-o", exe.toString(),
                harness.toAbsolutePath().toString()));
        assertThat(build.code()).as(build.output()).isZero();
        Result run = exec(dir, List.of(exe.toString()));
        assertThat(run.code()).as(run.output()).isZero();
        assertThat(run.output()).doesNotContain("FAIL");
        Matcher m = Pattern.compile("ok (\\d+) checks\\s*$").matcher(run.output());
        assertThat(m.find()).as(run.output()).isTrue();
        assertThat(Integer.parseInt(m.group(1))).isGreaterThanOrEqualTo(minChecks);
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
