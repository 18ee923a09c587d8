package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** export --to sag: a job per kernel with its copies, the precedence file, and the sag-only options. */
class ExportSagCliTest {
    /** a: a chain of two kernels (H2D 1 before the first, D2H 1 after the second), jitter 2; b: one kernel. */
    static final String CHAIN = """
            {"formatVersion": 2, "name": "sag-chain",
             "tasks": [
              {"name": "a", "period": 10, "deadline": 10, "jitter": 2,
               "segments": [{"copy": {"to": "device", "time": 1}}, {"gpu": {"exec": 2}}, {"gpu": {"exec": 3}},
                            {"copy": {"to": "host", "time": 1}}]},
              {"name": "b", "period": 20, "deadline": 15, "segments": [{"gpu": {"exec": 4}}]}]}
            """;

    @TempDir
    Path dir;

    @Test
    void chainsWriteOneJobPerKernelAndThePrecedenceFile() throws Exception {
        Path w = dir.resolve("w.json");
        Files.writeString(w, CHAIN);
        CliRunner noOut = CliRunner.run("export", "--to", "sag", w.toString());
        assertThat(noOut.code()).isEqualTo(2);
        assertThat(noOut.err()).contains("precedence file").contains("-o OUT");

        Path jobs = dir.resolve("jobs.csv");
        assertThat(CliRunner.run("export", "--to", "sag", w.toString(), "-o", jobs.toString()).code()).isZero();
        // kernel 1 of a: H2D 1 + 2; kernel 2: 3 + D2H 1; arrival window [0, 2]; priority = EDF rank
        assertThat(Files.readAllLines(jobs)).containsExactly(
                "Task ID, Job ID, Arrival min, Arrival max, Cost min, Cost max, Deadline, Priority",
                "1, 1, 0, 2, 3, 3, 10, 1", "1, 2, 0, 2, 4, 4, 10, 1", "2, 1, 0, 0, 4, 4, 15, 2",
                "1, 3, 10, 12, 3, 3, 20, 3", "1, 4, 10, 12, 4, 4, 20, 3");
        assertThat(Files.readAllLines(dir.resolve("jobs.prec.csv"))).containsExactly(
                "Predecessor TID, Predecessor JID, Successor TID, Successor JID", "1, 1, 1, 2", "1, 3, 1, 4");

        Path late = dir.resolve("late.csv");
        assertThat(CliRunner.run("export", "--to", "sag", w.toString(), "--arrival", "release", "--priority",
                "deadline", "-o", late.toString()).code()).isZero();
        assertThat(Files.readAllLines(late).get(1)).isEqualTo("1, 1, 2, 2, 3, 3, 10, 10");
    }

    @Test
    void sagOptionsAreForSagOnly() throws Exception {
        Path w = dir.resolve("w.json");
        Files.writeString(w, CHAIN);
        CliRunner mast = CliRunner.run("export", "--to", "mast", w.toString(), "--arrival", "window");
        assertThat(mast.code()).isEqualTo(2);
        assertThat(mast.err()).contains("--to sag only");
        CliRunner bad = CliRunner.run("export", "--to", "sag", w.toString(), "--priority", "fifo");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("'fifo' is not one of rank, deadline");
    }

    @Test
    void aSetWithNoSteadyStateWindowExportsTheJobsFromPowerOn() throws Exception {
        // A at 0, 2, ...; B at 1, 3, ...: every instant lies in some job's window. EDF from power-on
        // finds the state at hyperperiod 1 equal to that at 0, so two hyperperiods are written.
        CliRunner r = CliRunner.run("export", "--to", "sag", "examples/offsets-alternation.json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("no steady-state window", "over 2 hyperperiods");
        assertThat(r.out().lines().toList()).containsExactly(
                "Task ID, Job ID, Arrival min, Arrival max, Cost min, Cost max, Deadline, Priority",
                "1, 1, 0, 0, 1, 1, 2, 1", "2, 1, 1, 1, 1, 1, 3, 2", "1, 2, 2, 2, 1, 1, 4, 3", "2, 2, 3, 3, 1, 1, 5, 4");
    }

    @Test
    void aSetWhoseWindowStartsLaterExportsFromPowerOnUnlessTheSteadyStateIsAskedFor() {
        // power-on.json: the window starts at 5; from 0, B#0 (deadline 4) runs before A#0 and A misses.
        CliRunner r = CliRunner.run("export", "--to", "sag", "examples/power-on.json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("the steady-state window starts at 5, not 0", "over 2 hyperperiods");
        assertThat(r.out().lines().toList()).hasSize(7).contains("2, 1, 1, 1, 3, 3, 4, 1", "3, 2, 18, 18, 3, 3, 21, 6");
        CliRunner steady = CliRunner.run("export", "--to", "sag", "examples/power-on.json", "--steady-state");
        assertThat(steady.code()).as(steady.err()).isZero();
        assertThat(steady.err()).isEmpty();
        assertThat(steady.out().lines().toList()).containsExactly(
                "Task ID, Job ID, Arrival min, Arrival max, Cost min, Cost max, Deadline, Priority",
                "3, 1, 3, 3, 3, 3, 6, 1", "1, 1, 5, 5, 3, 3, 10, 3", "2, 1, 6, 6, 3, 3, 9, 2");
        CliRunner none = CliRunner.run("export", "--to", "sag", "examples/offsets-alternation.json", "--steady-state");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("offsets leave no steady-state window");
    }
}
