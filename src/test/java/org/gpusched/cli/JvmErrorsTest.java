package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JVM error is exit 70 with one line, never the JVM's exit 1 ("not schedulable"), running out of
 * heap is exit 3 (a budget),
 * and inputs that would need unbounded memory are refused up front (exit 2). The memory cases run
 * in a child JVM under a small -Xmx, as a user's would.
 */
class JvmErrorsTest {
    @TempDir
    Path dir;

    record Child(int code, String out, String err) { }

    /** Runs {@code mainClass} with {@code args} in a fresh JVM with the given heap. */
    static Child child(String heap, String mainClass, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-cp", System.getProperty("java.class.path"), mainClass));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Child(p.exitValue(), "", err);
    }

    @Test
    void aRealOutOfMemoryErrorIsExit3NamingTheHeapBudget() throws Exception {
        Child c = child("32m", OutOfMemoryProbe.class.getName());
        assertThat(c.code()).as(c.err()).isEqualTo(ExitCodes.INCONCLUSIVE);
        assertThat(c.err().lines().toList()).hasSize(1);
        assertThat(c.err()).startsWith("gpusched: inconclusive: out of memory").contains("heap budget of 32 MiB")
                .doesNotContain("\tat ");
    }

    @Test
    void aClassWhoseInitialiserRanOutOfHeapIsTheHeapBudgetNotABug() {
        // What a later use of java.util.Formatter threw in a 64 MiB heap after its initialiser had hit
        // the limit: the first failure survives only as the message of the cause.
        Throwable later = new NoClassDefFoundError("Could not initialize class java.util.Formatter")
                .initCause(new ExceptionInInitializerError(
                        "Exception java.lang.OutOfMemoryError: Java heap space [in thread \"main\"]"));
        StringWriter err = new StringWriter();
        assertThat(JvmErrors.report(new PrintWriter(err), later, false)).isEqualTo(ExitCodes.INCONCLUSIVE);
        assertThat(err.toString()).startsWith("gpusched: inconclusive: out of memory (Java heap space): the heap budget of ");
        // Any other class that failed to initialise is still a bug.
        Throwable bug = new NoClassDefFoundError("Could not initialize class X")
                .initCause(new ExceptionInInitializerError("Exception java.lang.IllegalStateException: x"));
        assertThat(JvmErrors.report(new PrintWriter(new StringWriter()), bug, false)).isEqualTo(ExitCodes.INTERNAL);
    }

    @Test
    void playOfTooManyLaunchesIsRefusedUpFront() throws Exception {
        Path table = dir.resolve("t.json");
        assertThat(PlayCommandTest.run("analyze", PlayCommandTest.PAPER, "--table", table.toString()).code()).isZero();
        // 909,090 hyperperiods of 11 launches: 10 million launches, ten times the limit.
        Child c = child("64m", Main.class.getName(), "play", table.toString(), "--taskset", PlayCommandTest.PAPER,
                "--device", "sim", "--hyperperiods", "909090");
        assertThat(c.code()).as(c.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(c.err().lines().toList()).hasSize(1);
        assertThat(c.err()).contains("9999990 launches").contains("at most 1000000");
        // Within the launch limit but beyond what a 64 MiB heap holds: refused with what it needs.
        Child heap = child("64m", Main.class.getName(), "play", table.toString(), "--taskset", PlayCommandTest.PAPER,
                "--device", "sim", "--hyperperiods", "50000", "--format", "json");
        assertThat(heap.code()).as(heap.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(heap.err().lines().toList()).hasSize(1);
        assertThat(heap.err()).contains("550000 launches need about").contains("-Xmx");
    }

    @Test
    void experimentRangesAreBoundedBeforeTheyAreExpanded() throws Exception {
        Child c = child("64m", Main.class.getName(), "experiment", "runtime", "--tasks-range", "1..2147483647",
                "--out", dir.resolve("x").toString());
        assertThat(c.code()).as(c.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(c.err()).startsWith("gpusched: task counts must be in 1..64");
        PlayCommandTest.Run sets = PlayCommandTest.run("experiment", "schedulability", "--sets", "2147483647",
                "--out", dir.resolve("y").toString());
        assertThat(sets.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(sets.err()).contains("at most 1000000 task sets");
    }

    @Test
    void everyJvmErrorInACommandIsOneLineAndOutOfMemoryIsABudget() {
        for (Throwable t : List.<Throwable>of(new StackOverflowError(), new OutOfMemoryError("Java heap space"),
                new AssertionError("broken invariant"), new IllegalStateException("bug"))) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cl = Main.commandLine(new PrintWriter(out), new PrintWriter(err));
            cl.addSubcommand("boom", new CommandLine(new Boom(t)));
            cl.setErr(new PrintWriter(err)); // reaches the new subcommand too
            cl.setOut(new PrintWriter(out));
            int code = Main.execute(cl, "boom");
            boolean heap = t instanceof OutOfMemoryError;
            assertThat(code).as(t.toString()).isEqualTo(heap ? ExitCodes.INCONCLUSIVE : ExitCodes.INTERNAL);
            assertThat(err.toString().lines().toList()).as(err.toString()).hasSize(1);
            assertThat(err.toString()).startsWith(heap ? "gpusched: inconclusive: out of memory"
                    : "gpusched: internal error: ").doesNotContain("\tat ");
        }
    }

    @CommandLine.Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        private final Throwable t;

        Boom(Throwable t) {
            this.t = t;
        }

        @Override
        public Integer call() {
            throw JvmErrorsTest.<RuntimeException>sneaky(t);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
        throw (T) t;
    }
}
